"""Channel loads of the Galaxyfly paper's minimal routing, supernode by supernode (its Sec. 4.1).

The Galaxyfly paper's MIN first picks a shortest route between *supernodes* (directly, or through a common
neighbour supernode), then moves inside each supernode over local links to the router holding the next global
link.  We read that as: among all routes, take those with the fewest global links, and among them the fewest
links; at every router the next hop is drawn uniformly among the arcs that start such a route (the same hop-by-hop
rule as lowdiam's ``"min"``, which takes the fewest links outright).  On a Galaxyfly with one router per
supernode (a = 1) every link is global and the two routings coincide.

The routing is oblivious, so its arc loads follow from the traffic matrix alone, as in
:func:`lowdiam.sim.channel_load_bound` (same demand, same units, same bound).  It is not a simulator routing
(yet): this module gives its channel-load bound only.

Examples
--------
>>> from lowdiam.topologies import galaxyfly
>>> b = fewest_global_channel_load(galaxyfly(3, 5, 2, 1))
>>> b.routing, round(b.bound, 3) <= 1.0
('fewest-global-min', True)
"""

from __future__ import annotations

import numpy as np

__all__ = ["fewest_global_channel_load", "fewest_global_costs"]


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
        ``C`` (n, n) int64; ``weight`` (A,) int64, the cost of every CSR arc (1 local, W + 1 global).

    Raises
    ------
    ValueError
        The topology has no local/global link classes, or is disconnected.
    """
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import dijkstra

    from lowdiam.sim.routings.df_min import arc_classes

    if topology.link_class is None:
        raise ValueError(f"{topology.name} has no local/global link classes; the supernode-by-supernode routing "
                         "needs them (Galaxyfly, Dragonfly, PolarStar, Bundlefly, ...)")
    n = topology.num_routers
    W = n + 1
    weight = np.where(arc_classes(topology) == 1, W + 1, 1).astype(np.int64)
    G = csr_matrix((weight.astype(np.float64), topology.indices, topology.indptr), shape=(n, n))
    C = dijkstra(G, directed=True)
    if np.isinf(C).any():
        raise ValueError(f"{topology.name} is disconnected")
    return np.rint(C).astype(np.int64), weight


def fewest_global_channel_load(topology, traffic: str = "uniform", *, seed: int = 0, traffic_options=None):
    """Channel-load bound of the fewest-global-links minimal routing (the Galaxyfly paper's MIN).

    Parameters
    ----------
    topology : Topology
        With ``link_class``.
    traffic : str
        A pattern of :mod:`lowdiam.sim.traffic` (the simulator's seeding).
    seed : int
        Seed of the pattern.
    traffic_options : dict, optional
        Options of the pattern.

    Returns
    -------
    lowdiam.sim.bounds.ChannelLoadBound
        ``routing`` is ``"fewest-global-min"``; ``hops_mean`` counts the links of its routes.

    Raises
    ------
    ValueError
        As :func:`fewest_global_costs`, or a bad traffic pattern / option.

    Examples
    --------
    >>> from lowdiam.sim import channel_load_bound
    >>> from lowdiam.topologies import galaxyfly
    >>> top = galaxyfly(3, 5, 1, 2)  # one router per supernode: every link global, so this is "min"
    >>> a, b = fewest_global_channel_load(top), channel_load_bound(top, "min")
    >>> bool(np.allclose(a.arc_loads, b.arc_loads))
    True
    """
    from lowdiam.sim.bounds import bound_from_loads, endpoint_demand

    C, weight = fewest_global_costs(topology)
    n = topology.num_routers
    Dem, ejection = endpoint_demand(topology, traffic, seed, **(traffic_options or {}))
    net = Dem.copy()
    np.fill_diagonal(net, 0.0)
    indptr = np.asarray(topology.indptr, dtype=np.int64)
    indices = np.asarray(topology.indices, dtype=np.int64)
    src = np.repeat(np.arange(n), np.diff(indptr))
    loads = np.zeros(indices.size)
    for t in range(n):
        flow = net[:, t].copy()
        if not flow.any():
            continue
        cost = C[:, t]
        qual = cost[indices] + weight == cost[src]  # arcs that start a best route to t
        n_qual = np.bincount(src[qual], minlength=n)
        # push the flow from the costliest routers inwards: every best route strictly lowers the cost
        for level in np.unique(cost[cost > 0])[::-1]:
            arcs = np.flatnonzero(qual & (cost[src] == level))
            share = flow[src[arcs]] / n_qual[src[arcs]]
            loads[arcs] += share
            np.add.at(flow, indices[arcs], share)
    return bound_from_loads(topology.name, "fewest-global-min", traffic, loads, net, C % (n + 1), ejection,
                            Dem.sum())
