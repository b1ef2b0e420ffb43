"""Notebook 00 (the topology zoo): the per-radix and per-q rows its paper profile records.

:func:`polarstar_best_row` builds the largest PolarStar of one network radix and measures it exactly (all-pairs
bit-parallel BFS); :func:`property_r_row` checks PolarStar Thm 1 (ER_q has property R) for one q with
:func:`has_property_r_blas`, the same walk-count test as :func:`lowdiam.topologies.has_property_R` but with
float32 BLAS products instead of int64 ones (int64 matrix products do not use BLAS: ER_49 takes minutes there, under a
second here).  The products count walks, at most ``n`` per entry, so float32 (exact to 2**24) is exact for graphs of
fewer than 16,777,216 vertices.

Examples
--------
>>> row = polarstar_best_row(8)
>>> row["constructor"], row["routers"], row["diameter"]
('polarstar(q=4, supernode="iq", d=3, endpoints_per_router=3)', 168, 3)
>>> property_r_row(3)["property_r"]
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import topologies as T
from ..labels import constructor
from ..metrics.distances import distance_stats
from ..topologies.starproduct import FactorGraph, as_factor_graph
from ..validate import check_int

__all__ = ["has_property_r_blas", "polarstar_best_row", "property_r_row"]

_EXACT_F32 = 2**24


def _graph_diameter(g: FactorGraph) -> int:
    """Diameter of a factor graph (loops ignored) by the bit-parallel all-pairs BFS; ValueError if disconnected."""
    from scipy.sparse import csr_matrix

    a = csr_matrix(g.adjacency())
    a.setdiag(False)
    a.eliminate_zeros()
    a.sort_indices()
    st = distance_stats((a.indptr.astype(np.int64), a.indices.astype(np.int64)))
    if not np.isfinite(st.diameter):
        raise ValueError("graph is disconnected: diameter undefined")
    return int(st.diameter)


def has_property_r_blas(G: Any, loops: Any = None) -> bool:
    """Property R (PolarStar Sec. 5.1.1) by float32 walk counting: every pair x, y (x = y included) is joined by a
    walk of length exactly D, the diameter of G, where self-loops may be used as steps.

    Same definition and inputs as :func:`lowdiam.topologies.has_property_R` (``loops=None`` uses G's own loops,
    e.g. ER_q's quadric vertices); faster on graphs of thousands of vertices.

    Parameters
    ----------
    G : FactorGraph, Supernode, Topology, networkx graph or (n, edges)
        The graph (see :func:`lowdiam.topologies.starproduct.as_factor_graph`).
    loops : iterable of int, optional
        Vertices carrying a self-loop, replacing G's own.

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        If G is disconnected (no diameter) or has 2**24 or more vertices (float32 counts would not be exact).

    Examples
    --------
    >>> from lowdiam.topologies import erdos_renyi_polarity
    >>> has_property_r_blas(erdos_renyi_polarity(5))
    True
    >>> has_property_r_blas((4, [(0, 1), (1, 2), (2, 3), (3, 0)]))  # C4 is bipartite: no 2-walk between neighbours
    False
    """
    g = as_factor_graph(G)
    if loops is not None:
        g = FactorGraph(g.num_vertices, g.edges, np.asarray(list(loops), dtype=np.int64), g.name)
    if g.num_vertices >= _EXACT_F32:
        raise ValueError(f"has_property_r_blas needs fewer than 2**24 vertices (float32 exact), got {g.num_vertices}")
    D = _graph_diameter(g)
    step = g.adjacency(with_loops=True).astype(np.float32)
    reach = step  # walks of length 1 (D >= 1 for a connected graph of 2 or more vertices)
    for _ in range(D - 1):
        reach = ((reach @ step) > 0).astype(np.float32)
    if D == 0:  # a single vertex: the empty walk joins it to itself
        return True
    return bool(reach.all())


def polarstar_best_row(radix: int) -> dict:
    """The largest PolarStar of network radix ``radix`` (:func:`lowdiam.topologies.polarstar_best`), built and
    measured exactly: constructor call, routers, links, (q, supernode, d'), diameter and mean distance over all
    ordered router pairs.

    Parameters
    ----------
    radix : int
        Network radix, at least 3.

    Returns
    -------
    dict
        Keys constructor, routers, links, q, supernode, d_prime, diameter, mean_distance.

    Raises
    ------
    ValueError
        If ``radix`` is not an int >= 3 or no PolarStar has that radix.

    Examples
    --------
    >>> polarstar_best_row(10)["routers"]
    310
    """
    radix = check_int("radix", radix, low=3)
    top = T.polarstar_best(radix)
    st = distance_stats(top)
    return dict(constructor=constructor(top), routers=int(top.num_routers), links=int(top.num_edges),
                q=int(top.params["q"]), supernode=str(top.params["supernode"]), d_prime=int(top.params["d_prime"]),
                diameter=int(st.diameter), mean_distance=round(float(st.mean_distance), 6))


def property_r_row(q: int) -> dict:
    """PolarStar Thm 1 for one q: does ER_q (quadric self-loops included) have property R?

    Parameters
    ----------
    q : int
        A prime power.

    Returns
    -------
    dict
        Keys vertices (q^2 + q + 1), quadrics (loops), diameter and property_r.

    Raises
    ------
    ValueError
        If ``q`` is not a prime power (raised by :func:`lowdiam.topologies.erdos_renyi_polarity`).

    Examples
    --------
    >>> property_r_row(4)
    {'vertices': 21, 'quadrics': 5, 'diameter': 2, 'property_r': True}
    """
    g = T.erdos_renyi_polarity(q)
    fg = as_factor_graph(g)
    return dict(vertices=int(g.num_routers), quadrics=int(len(fg.loops)), diameter=_graph_diameter(fg),
                property_r=has_property_r_blas(fg))
