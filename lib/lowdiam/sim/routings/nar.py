"""``"nar"``: Galaxyfly's non-minimal adaptive random-link routing (Lei et al., TPDS 2021, Sec. 4.2).

Sec. 4.2: "NAR may select non-minimal paths only if two terminals are in two
connected supernodes in the same cluster. There may be some common neighbours
depending on the size of q between the two connected supernodes."  Read here as:

* the misroute applies when the source and destination supernodes ``G_s !=
  G_d`` are joined by a link and lie in the same Galaxy cluster; otherwise NAR
  is the minimal routing;
* the non-minimal path goes through a *common neighbour supernode* ``G_i`` of
  ``G_s`` and ``G_d``, drawn uniformly (the "random link"): an intermediate
  router ``x`` = the router of ``G_i`` holding the ``G_i``--``G_d`` link, reached
  and left by the ``inner`` minimal routing (default ``"min"``).  Then
  ``D(R_s, x) <= 3`` (local, the ``G_s``--``G_i`` link, local) and ``D(x, R_d)
  <= 2`` (the ``G_i``--``G_d`` link, local): at most ``NAR_MAX_HOPS`` = 5
  links, the paper's bound for NAR (3 local + 2 global on the supernode path);
* the choice is made once, at the source router, by the rule NAR, NAL and NAG
  share: misroute when ``Q_min > Th_min`` and ``Q_nonmin < Th_nonmin`` with
  ``Th_min`` = 0.8 x the VC buffer size (``buffer_flits``), ``Th_nonmin`` =
  0.5 x ``Q_min``, ``Q`` the first-hop port occupancy (as :mod:`.nag` reads it).

Under hop-indexed VCs the routing needs as many VC classes as its longest
route (at most 5; the paper's 3 local + 2 global VCs are a link-class split of
the same bound).  With a router-level shortest-path ``inner`` routing a leg
may, on ties, cross two global links where the supernode path has one and a
local one; the hop bound holds regardless.

Options: ``inner``.  Route state: ``UNDECIDED`` until the source decides,
then the intermediate ``x`` or ``DIRECT``.  Needs a Galaxyfly topology
(``group`` and ``cluster`` labels); ``ValueError`` elsewhere.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import below
from .base import DIRECT, EJECT, UNDECIDED, Routing, checked, eccentricities, endpoint_routers
from .inner import build_inner
from .minimal import inner_hop
from .threshold import misroute_wanted, threshold_choice
from .valiant import phased_hop

CODE = 13
NAR_MAX_HOPS = 5  # Galaxyfly Sec. 4.2: NAR routes are at most five hops


def galaxyfly_supernodes(topology, name: str) -> dict:
    """Supernode tables of a Galaxyfly for ``nar`` / ``nal`` (``ValueError`` on other topologies).

    Returns ``misroute_group`` (supernode of every router), ``sn_exit``
    (router of supernode g holding the link to supernode h, -1 when g and h
    are not linked), ``sn_cluster`` and ``sn_routers`` (the routers of every
    supernode, one row each).
    """
    if topology.family != "galaxyfly" or "group" not in topology.labels or "cluster" not in topology.labels:
        raise ValueError(
            f"{name} routing is Galaxyfly's (Lei et al. Sec. 4.2) and needs its supernodes and clusters: "
            f"{topology.name} is a {topology.family!r} topology "
            "(use it on galaxyfly topologies, 'nag' or 'ugal' elsewhere)"
        )
    grp = np.asarray(topology.labels["group"], dtype=np.int32)
    S = int(grp.max()) + 1
    sizes = np.bincount(grp, minlength=S)
    if sizes.min() != sizes.max():
        raise ValueError(
            f"{name} routing needs supernodes of equal size; {topology.name} has sizes {sorted(set(sizes))}"
        )
    sn_routers = np.argsort(grp, kind="stable").astype(np.int32).reshape(S, sizes[0])
    cluster = np.asarray(topology.labels["cluster"], dtype=np.int32)[sn_routers[:, 0]]
    e = topology.edges
    gu, gv = grp[e[:, 0]], grp[e[:, 1]]
    glob = gu != gv
    sn_exit = np.full((S, S), -1, np.int32)
    for u, v in ((e[glob, 0], e[glob, 1]), (e[glob, 1], e[glob, 0])):
        pair = grp[u].astype(np.int64) * S + grp[v]
        if np.unique(pair).size != pair.size:
            raise ValueError(f"{name} routing needs at most one link between two supernodes (a Galaxy graph)")
        sn_exit[grp[u], grp[v]] = u
    return {"misroute_group": grp, "sn_exit": sn_exit, "sn_cluster": cluster, "sn_routers": sn_routers}


@njit(cache=True, inline="always")
def nar_intermediate(c, t, tabs, rs):
    """Router of a uniformly drawn common neighbour supernode holding its link to ``t``'s supernode, or -1.

    -1 unless ``c`` and ``t`` lie in distinct, linked supernodes of one cluster
    with a common neighbour supernode.
    """
    grp = tabs.misroute_group
    ex = tabs.sn_exit
    gs = grp[c]
    gd = grp[t]
    if gs == gd or ex[gs, gd] < 0 or tabs.sn_cluster[gs] != tabs.sn_cluster[gd]:
        return -1
    chosen = -1
    k = 0
    for gi in range(ex.shape[0]):
        if ex[gs, gi] >= 0 and ex[gi, gd] >= 0:
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = gi
    if chosen < 0:
        return -1
    return ex[chosen, gd]


@njit(cache=True, inline="always")
def setup(p, s_r, d_r, tabs, route_state, rs):
    route_state[p] = UNDECIDED


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def next_hop(p, c, dst_r, vc_next, tabs, net, route_state, ports, rs):
    if route_state[p] != UNDECIDED:
        return phased_hop(p, c, dst_r, vc_next, tabs, net, route_state, rs)
    route_state[p] = DIRECT
    if c == dst_r:
        return EJECT
    out = inner_hop(tabs.inner, c, dst_r, vc_next, tabs, net, rs)
    if misroute_wanted(out, ports):
        m = nar_intermediate(c, dst_r, tabs, rs)
        out = threshold_choice(p, c, dst_r, vc_next, m, out, NAR_MAX_HOPS, tabs, net, route_state, ports, rs)
    return checked(out, vc_next, tabs.hop_classes)


def _build(ctx, options):
    sn = ctx.cache("galaxyfly-supernodes", lambda: galaxyfly_supernodes(ctx.topology, "nar"))
    return {**build_inner(ctx, options, "nar"), **sn}


def nar_detour_lengths(fields, D) -> np.ndarray:
    """Longest NAR detour ``D(s, x) + D(x, d)`` over the supernode triples it may use (empty if none)."""
    ex, cl, members = fields["sn_exit"], fields["sn_cluster"], fields["sn_routers"]
    # M[g, r]: farthest router of supernode g from router r
    M = np.asarray(D, dtype=np.int64)[members].max(axis=1)
    lengths = []
    for gs, gd in zip(*np.nonzero(ex >= 0)):
        if cl[gs] != cl[gd]:
            continue
        gi = np.flatnonzero((ex[gs] >= 0) & (ex[:, gd] >= 0))
        if gi.size:
            x = ex[gi, gd]
            lengths.append(int((M[gs, x] + M[gd, x]).max()))
    return np.asarray(lengths, dtype=np.int64)


def _route_length(ctx, options, fields) -> int:
    er = endpoint_routers(ctx.topology)
    if er.size == 0:
        return 0
    dist = fields.get("dist", ctx.D)
    longest = int(dist[er][:, er].max())
    if "sn_exit" in fields:
        detours = nar_detour_lengths(fields, dist)
        if detours.size:
            longest = max(longest, min(NAR_MAX_HOPS, int(detours.max())))
        return longest
    # distances only (max_route_length): the Valiant bound, capped at NAR's five hops
    return max(longest, min(NAR_MAX_HOPS, int(2 * eccentricities(dist, er).max())))


ROUTING = Routing(
    name="nar", code=CODE, setup=True,
    description="Galaxyfly NAR: threshold misrouting via a common neighbour supernode (same cluster)",
    build=_build, route_length=_route_length, defaults={"inner": "min"},
)
