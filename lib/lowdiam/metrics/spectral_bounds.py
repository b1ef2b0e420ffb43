"""Closed-form spectral bounds of SpectralFly Sec. IV, and edge connectivity.

SpectralFly (Young et al.) compares LPS (Ramanujan) graphs with Slim Fly through
three formulas; each is a function here so that a notebook can check the
paper's thresholds instead of restating them:

* a k-regular Ramanujan graph has ``lambda(G) <= 2 sqrt(k - 1)``, so its
  normalized-Laplacian gap is ``mu1 >= (k - 2 sqrt(k - 1)) / k``
  (:func:`ramanujan_mu1_bound`);
* Fiedler's bound (bisection >= ``mu1 k n / 4`` links of ``n k / 2``) turns that
  into a normalized bisection of at least ``(k - 2 sqrt(k - 1)) / (2 k)``
  (:func:`ramanujan_bisection_bound`);
* Slim Fly SF(q), ``q = 4 w + delta`` with ``delta`` in {-1, 0, 1} and network
  radix ``k = (3 q - delta) / 2`` (Besta & Hoefler), has second adjacency
  eigenvalue ``k - q``, so ``mu1 = q / k = 2 / (3 - delta / q)``
  (:func:`slimfly_mu1`; checked against computed spectra in the tests).
  SpectralFly prints ``2 / (3 + delta / q)``: the same value only under the
  opposite sign convention ``q = 4 w - delta``.

:func:`radix_threshold` is the smallest integer radix from which a bound stays
above a threshold (both bounds increase with k for k >= 2).
:func:`edge_connectivity` is the exact edge connectivity (fewest links whose
removal disconnects the graph) by maximum flows.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

__all__ = [
    "edge_connectivity",
    "radix_threshold",
    "ramanujan_bisection_bound",
    "ramanujan_mu1_bound",
    "slimfly_delta",
    "slimfly_mu1",
]


def _check_radix(k: Any) -> int:
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 2:
        raise ValueError(f"radix k must be an integer >= 2, got {k!r}")
    return int(k)


def ramanujan_mu1_bound(k: int) -> float:
    """Lower bound ``(k - 2 sqrt(k - 1)) / k`` on mu1 of a k-regular Ramanujan graph.

    Parameters
    ----------
    k : int
        The radix (degree), at least 2.

    Returns
    -------
    float
        The bound; increasing in k for k >= 2, tending to 1.

    Examples
    --------
    >>> round(ramanujan_mu1_bound(35), 5), round(ramanujan_mu1_bound(34), 5)
    (0.6668, 0.66208)
    """
    k = _check_radix(k)
    return (k - 2.0 * math.sqrt(k - 1)) / k


def ramanujan_bisection_bound(k: int) -> float:
    """Lower bound ``(k - 2 sqrt(k - 1)) / (2 k)`` on the normalized bisection of a Ramanujan graph.

    Fiedler: a balanced split cuts at least ``mu1 k n / 4`` of the ``n k / 2`` links, i.e. a fraction
    ``mu1 / 2``; with :func:`ramanujan_mu1_bound` this is the bound.

    Parameters
    ----------
    k : int
        The radix (degree), at least 2.

    Returns
    -------
    float
        Half of :func:`ramanujan_mu1_bound`.

    Examples
    --------
    >>> round(ramanujan_bisection_bound(35), 5) > 1 / 3 > ramanujan_bisection_bound(34)
    True
    """
    return ramanujan_mu1_bound(k) / 2.0


def slimfly_delta(q: int) -> int:
    """``delta`` in {-1, 0, 1} with ``q = 4 w + delta`` (Slim Fly's convention); q must not be 2 mod 4.

    Parameters
    ----------
    q : int
        The Slim Fly field order, at least 3 (primality is not checked here).

    Returns
    -------
    int
        -1, 0 or 1.

    Examples
    --------
    >>> slimfly_delta(5), slimfly_delta(7), slimfly_delta(8)
    (1, -1, 0)
    """
    if isinstance(q, bool) or not isinstance(q, (int, np.integer)) or q < 3:
        raise ValueError(f"Slim Fly needs an integer q >= 3, got {q!r}")
    r = int(q) % 4
    if r == 2:
        raise ValueError(f"Slim Fly needs q = 4w + delta with delta in {{-1, 0, 1}}; q = {q} is 2 mod 4")
    return {0: 0, 1: 1, 3: -1}[r]


def slimfly_mu1(q: int) -> float:
    """Normalized-Laplacian gap of SF(q): ``q / k = 2 / (3 - delta / q)`` with ``k = (3 q - delta) / 2``.

    Parameters
    ----------
    q : int
        The Slim Fly field order (see :func:`slimfly_delta`).

    Returns
    -------
    float
        mu1 of SF(q); 2/3 when delta = 0, above 2/3 when delta = 1, below when delta = -1.

    Examples
    --------
    >>> slimfly_mu1(5), slimfly_mu1(8), round(slimfly_mu1(7), 4)
    (0.7142857142857143, 0.6666666666666666, 0.6364)
    """
    d = slimfly_delta(q)
    return 2.0 / (3.0 - d / q)


def radix_threshold(bound: Callable[[int], float], threshold: float, k_max: int = 10_000) -> int:
    """Smallest integer k >= 2 with ``bound(j) > threshold`` for every j in [k, k_max].

    Parameters
    ----------
    bound : callable
        A function of the radix, e.g. :func:`ramanujan_mu1_bound`.
    threshold : float
        The value to exceed.
    k_max : int
        Upper end of the scan; a ValueError if the bound does not exceed ``threshold`` at ``k_max``.

    Returns
    -------
    int
        The threshold radix.

    Examples
    --------
    >>> radix_threshold(ramanujan_mu1_bound, 2 / 3), radix_threshold(ramanujan_bisection_bound, 1 / 3)
    (35, 35)
    """
    k_max = _check_radix(k_max)
    if not math.isfinite(threshold):
        raise ValueError(f"threshold must be finite, got {threshold!r}")
    if not bound(k_max) > threshold:
        raise ValueError(f"the bound does not exceed {threshold} by k_max = {k_max}")
    k = k_max
    while k > 2 and bound(k - 1) > threshold:
        k -= 1
    return k


def edge_connectivity(topology: Any) -> int:
    """Exact edge connectivity: the fewest links whose removal disconnects the router graph.

    For any fixed router s every minimum edge cut separates s from some t, so the answer is
    ``min_t maxflow(s, t)`` over the n - 1 other routers (unit capacities, scipy's maximum flow).
    A disconnected graph gives 0.  At most the minimum degree.

    Parameters
    ----------
    topology
        Any input of :func:`lowdiam.metrics._bisection.as_graph` (a Topology, ``(n, edges)``, ...).

    Returns
    -------
    int
        The edge connectivity (0 when disconnected).

    Examples
    --------
    >>> edge_connectivity((4, [(0, 1), (1, 2), (2, 3), (3, 0)])), edge_connectivity((3, [(0, 1), (1, 2)]))
    (2, 1)
    """
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components, maximum_flow

    from ._bisection import as_graph

    n, indptr, indices, _ = as_graph(topology)
    if n < 2:
        raise ValueError(f"edge connectivity needs at least 2 routers, got {n}")
    # writable copies: maximum_flow's buffers must be writable, a topology's arrays are read-only
    cap = csr_matrix((np.ones(indices.shape[0], dtype=np.int32), indices.astype(np.int32), indptr.copy()),
                     shape=(n, n))
    if connected_components(cap, directed=False)[0] > 1:
        return 0
    best = int(np.diff(indptr).min())
    for t in range(1, n):
        if best == 0:
            break
        best = min(best, int(maximum_flow(cap, 0, t).flow_value))
    return best
