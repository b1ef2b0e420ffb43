"""``"source-min"``: a uniformly random shortest path per packet (Polarized paper, Sec. 4).

Drawn hop by hop with weights ``N(w, t) / N(c, t)``, ``N`` the number of
shortest paths (:func:`shortest_path_counts_table`), which gives exactly the
uniform distribution over whole paths without storing them.  (``"min"``'s
uniform next hop favours paths through low-degree branchings.)  Route state: unused.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import below
from .base import NO_ROUTE, Routing
from .min import minimal_route_length

CODE = 10


def shortest_path_counts_table(D: np.ndarray, indptr: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """``N[c, t]``: number of shortest paths from router c to t (int32; N[t, t] = 1).

    Level by level: N[v, t] = sum of N[w, t] over neighbours w with D[w, t] = D[v, t] - 1,
    one sparse x dense product per distance level.

    Examples
    --------
    >>> import numpy as np
    >>> D = np.array([[0, 1, 2, 1], [1, 0, 1, 2], [2, 1, 0, 1], [1, 2, 1, 0]], np.uint8)  # 4-cycle
    >>> int(shortest_path_counts_table(D, np.array([0, 2, 4, 6, 8]), np.array([1, 3, 0, 2, 1, 3, 0, 2]))[0, 2])
    2
    """
    from scipy.sparse import csr_matrix

    n = D.shape[0]
    A = csr_matrix((np.ones(indices.size), indices, indptr), shape=(n, n))
    N = np.eye(n)
    for level in range(1, int(D[D < 255].max(initial=0)) + 1):
        prev = np.where(D == level - 1, N, 0.0)
        N = np.where(D == level, A @ prev, N)
    if N.max() >= 2**31:
        raise ValueError("source-min: more than 2^31 shortest paths between a router pair (use 'min')")
    return N.astype(np.int32)


@njit(cache=True, inline="always")
def weighted_min_arc(c, t, indptr, indices, D, N, rs):
    """Minimal next hop drawn with probability N(w, t) / N(c, t) (uniform whole shortest paths)."""
    row = D[t]
    want = np.int32(row[c]) - 1
    r = below(rs, N[c, t])
    for a in range(indptr[c], indptr[c + 1]):
        w = indices[a]
        if row[w] == want:
            r -= N[w, t]
            if r < 0:
                return a
    return NO_ROUTE


@njit(cache=True, inline="always")
def hop(c, t, tabs, net, rs):
    return weighted_min_arc(c, t, net.indptr, net.indices, tabs.D, tabs.path_counts, rs)


def _build(ctx, options):
    top = ctx.topology
    return {"path_counts": ctx.cache("spcount", lambda: shortest_path_counts_table(ctx.D, top.indptr, top.indices))}


ROUTING = Routing(
    name="source-min", code=CODE, description="a uniformly random shortest path per packet",
    build=_build, route_length=minimal_route_length, minimal=True, oblivious=True, channel_load="path",
)
