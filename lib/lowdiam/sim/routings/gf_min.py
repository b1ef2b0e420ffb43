"""``"gf-min"``: the Galaxyfly paper's minimal routing, supernode by supernode (its Sec. 4.1).

The Galaxyfly paper's MIN first picks a shortest route between *supernodes* (directly, or through a common
neighbour supernode), then moves inside each supernode over local links to the router holding the next global
link.  We read that as: among all routes, the ones with the fewest global links, and among those the fewest
links.  At every router the next hop is drawn uniformly among the arcs that start such a route (the hop-by-hop,
oblivious rule of ``"min"``, which takes the fewest links outright).  So a route may be longer than the
distance: GF(15,37,2,3) sends traffic over the one local link of a two-router supernode rather than around it
through other supernodes.

Applies to any topology with local / global link classes (Galaxyfly, Dragonfly, Megafly, PolarStar,
Bundlefly, ...).  On a Galaxyfly with one router per supernode (a = 1) every link is global and it is ``"min"``
draw for draw; on a Dragonfly it is ``"df-min"`` draw for draw (one global link, fewest local hops).  Its
channel loads are :func:`lowdiam.sim.channel_load_bound` with ``routing="gf-min"``.  Route state: unused.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import below
from .base import NO_ROUTE, Routing
from .min import minimal_route_length

CODE = 7


def fewest_global_costs(topology) -> tuple[np.ndarray, np.ndarray]:
    """Route cost ``C[x, t] = g * W + l`` of the best route from router x to t, and the arc weights.

    ``g`` is the fewest global links of any route, ``l`` the fewest links among routes with ``g`` global links,
    ``W = n + 1`` (larger than any ``l``), so comparing costs compares (g, l) lexicographically.

    Parameters
    ----------
    topology : Topology
        With ``link_class`` (0 local, 1 global), e.g. a Galaxyfly, Dragonfly or PolarStar.

    Returns
    -------
    (C, weight)
        ``C`` (n, n) int64, symmetric; ``weight`` (A,) int64, the cost of every CSR arc (1 local, W + 1 global).

    Raises
    ------
    ValueError
        The topology has no local/global link classes, or is disconnected.

    Examples
    --------
    >>> from lowdiam.topologies import galaxyfly
    >>> top = galaxyfly(3, 5, 2, 1)
    >>> C, weight = fewest_global_costs(top)
    >>> W = top.num_routers + 1
    >>> int((C // W).max()), int((C % W).max())  # at most 2 global links, at most 5 links
    (2, 5)
    >>> from lowdiam.sim.tables import distances
    >>> int(((C % W) > distances(top)).sum())  # ordered router pairs whose best route is longer than their distance
    98
    """
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    from .df_min import arc_classes

    if topology.link_class is None:
        raise ValueError(f"{topology.name} has no local/global link classes; gf-min (the supernode-by-supernode "
                         "routing) needs them (Galaxyfly, Dragonfly, PolarStar, Bundlefly, ...; use 'min' elsewhere)")
    n = topology.num_routers
    W = n + 1
    weight = np.where(arc_classes(topology) == 1, W + 1, 1).astype(np.int64)
    G = csr_matrix((weight.astype(np.float64), topology.indices, topology.indptr), shape=(n, n))
    C = dijkstra(G, directed=True)
    if np.isinf(C).any():
        raise ValueError(f"{topology.name} is disconnected")
    return np.rint(C).astype(np.int64), weight


def memo_fewest_global_costs(topology) -> tuple[np.ndarray, np.ndarray]:
    """:func:`fewest_global_costs`, computed once per topology (the route tables and the load model of
    :mod:`lowdiam.sim.bounds` both read it)."""
    from ..tables import memo

    return memo(topology)("gf-min costs", lambda: fewest_global_costs(topology))


def gf_min_fields(topology) -> dict:
    """``dist`` (links of the best routes), ``glob_dist`` (their global links) and ``arc_cls``, all uint8/int8."""
    from .df_min import arc_classes

    C, _ = memo_fewest_global_costs(topology)
    W = topology.num_routers + 1
    links, glob = C % W, C // W
    if links.max() > 254:
        raise ValueError(f"gf-min routes of {topology.name} are {int(links.max())} links long; the tables hold <= 254")
    return {"dist": links.astype(np.uint8), "glob_dist": glob.astype(np.uint8), "arc_cls": arc_classes(topology)}


@njit(cache=True, inline="always")
def best_route_arc(c, t, indptr, indices, links, glob, arc_cls, rs):
    """A uniformly random arc out of ``c`` that starts a best (fewest global, then fewest links) route to ``t``.

    Arc ``c -> v`` qualifies when it lowers the route's links by one and its global links by its own class
    (rows ``t`` of the symmetric tables, as :func:`.base.random_min_arc`; the same reservoir draw, so where the
    qualifying arcs are the minimal ones the draws are ``"min"``'s).  ``NO_ROUTE`` when nothing qualifies.
    """
    lrow = links[t]
    grow = glob[t]
    want = np.int32(lrow[c]) - 1
    gc = np.int32(grow[c])
    chosen = NO_ROUTE
    k = 0
    for a in range(indptr[c], indptr[c + 1]):
        v = indices[a]
        if lrow[v] == want and np.int32(grow[v]) + arc_cls[a] == gc:
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    return chosen


@njit(cache=True, inline="always")
def hop(c, t, tabs, net, rs):
    return best_route_arc(c, t, net.indptr, net.indices, tabs.dist, tabs.glob_dist, tabs.arc_cls, rs)


ROUTING = Routing(
    name="gf-min", code=CODE,
    description="Galaxyfly MIN: fewest global links, then fewest links (supernode by supernode)",
    build=lambda ctx, options: ctx.cache("gf-min", lambda: gf_min_fields(ctx.topology)),
    route_length=minimal_route_length, minimal=True, oblivious=True, channel_load="fewest-global",
)
