"""``"polarstar-min"``: PolarStar's analytic minimal routing (PolarStar Sec. 9.2).

Applies to any ``polarstar()`` topology (IQ, Paley, BDF, complete supernodes).
Only factor-graph tables are read: structure-graph adjacency ((q^2+q+1)^2
bytes), supernode adjacency and f -- never the N x N distance table.
Adjacency of two routers is decided analytically (same supernode and x'y' in
E'; or xy in E(ER_q) with the star-product bijection; or the quadric
self-loop link).  At router (x, x') towards (y, y'): the link itself when
adjacent; else a random neighbour adjacent to the target (the 2-hop cases
(a)-(d) of Property R, Fig. 3); else -- supernodes not adjacent, or the same
supernode without a 2-hop path -- a hop into a supernode a1 with a1 - y in
ER_q (the middle of a 2-walk x-a1-y, the paper's hop to (a1, f(x'))) that
lands within 2 hops of the target, after which the 2-hop rule applies
(Theorem 4).  Every route is a shortest path (tested exhaustively on small
PolarStars); the path set is a subset of ``"min"``'s.  Route state: unused.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import below
from .base import NO_ROUTE, Routing
from .min import minimal_route_length

CODE = 5


def polarstar_fields(topology) -> dict:
    """Factor-graph tables (``RouteTables`` ``ps_*`` fields); ``ValueError`` on other topologies."""
    if topology.family != "polarstar":
        raise ValueError(
            f"polarstar-min routing applies to PolarStar topologies only, not {topology.name} "
            "(use 'min' or 'min-single')"
        )
    from lowdiam.topologies._polarfly import erdos_renyi_polarity
    from lowdiam.topologies._polarstar import supernode_for

    pr = topology.params
    # The tables rebuild the factor graphs from the topology's own parameters: the routing is analytic
    # (Sec. 9.2) only for the paper's arc convention (a < b in our ER_q numbering, loops as quadric links).
    conventions = {"orientation": pr.get("orientation", "lowdiam"), "quadric_links": pr.get("quadric_links", "paper")}
    if conventions != {"orientation": "lowdiam", "quadric_links": "paper"}:
        raise ValueError(
            f"polarstar-min routing needs orientation='lowdiam' and quadric_links='paper' (the paper's star-product "
            f"convention); {topology.name} has {conventions}: use 'min' or 'min-single'"
        )
    sn = supernode_for(pr["supernode"], pr["d_prime"], iq=pr.get("iq", "authors"),
                       primitive_element=pr.get("primitive_element"))
    er = erdos_renyi_polarity(pr["q"], endpoints_per_router=0)
    m = er.num_routers
    As = np.zeros((m, m), np.uint8)
    As[er.edges[:, 0], er.edges[:, 1]] = 1
    As[er.edges[:, 1], er.edges[:, 0]] = 1
    return {
        "ps_structure": As, "ps_supernode": sn.adjacency().astype(np.uint8), "ps_f": np.asarray(sn.f, dtype=np.int32),
        "ps_quadric": np.asarray(er.labels["quadric"], dtype=np.uint8),
        "ps_sv": np.asarray(topology.labels["structure_vertex"], dtype=np.int32),
        "ps_sn": np.asarray(topology.labels["supernode_vertex"], dtype=np.int32),
    }


@njit(cache=True, inline="always")
def ps_adjacent(u, t, As, A2, f, quad, sv, sn):
    """Are routers ``u`` and ``t`` of a PolarStar linked?  From factor-graph tables only.

    Star-product convention (:mod:`lowdiam.topologies.starproduct`): the arc
    (a, b), a < b, joins (a, x') to (b, f(x')); a quadric loop joins (a, x') to (a, f(x')).
    """
    a = sv[u]
    b = sv[t]
    x = sn[u]
    y = sn[t]
    if a == b:
        if x == y:
            return False
        return A2[x, y] != 0 or (quad[a] != 0 and (f[x] == y or f[y] == x))
    if As[a, b] == 0:
        return False
    if a < b:
        return f[x] == y
    return f[y] == x


@njit(cache=True, inline="always")
def ps_within_two(v, t, indptr, indices, As, A2, f, quad, sv, sn):
    """Is router ``v`` at distance <= 2 from ``t`` (tested on factor-graph tables)?"""
    if v == t or ps_adjacent(v, t, As, A2, f, quad, sv, sn):
        return True
    for a in range(indptr[v], indptr[v + 1]):
        if ps_adjacent(indices[a], t, As, A2, f, quad, sv, sn):
            return True
    return False


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def polarstar_arc(c, t, indptr, indices, As, A2, f, quad, sv, sn, rs):
    """PolarStar Sec. 9.2 next hop from ``c`` towards ``t`` (``c != t``); ``NO_ROUTE`` if none."""
    lo = indptr[c]
    hi = indptr[c + 1]
    if ps_adjacent(c, t, As, A2, f, quad, sv, sn):
        for a in range(lo, hi):
            if indices[a] == t:
                return a
    # 2 hops: a neighbour adjacent to t (Property R cases (a)-(d), Fig. 3)
    chosen = NO_ROUTE
    k = 0
    for a in range(lo, hi):
        if ps_adjacent(indices[a], t, As, A2, f, quad, sv, sn):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    if chosen != NO_ROUTE:
        return chosen
    # 3 hops: cross into a supernode a1 with a1 - y an edge of ER_q (the middle of a
    # 2-walk x-a1-y, Theorem 4), landing within 2 hops of t
    x = sv[c]
    y = sv[t]
    for a in range(lo, hi):
        v = indices[a]
        w = sv[v]
        if w != x and As[w, y] != 0 and ps_within_two(v, t, indptr, indices, As, A2, f, quad, sv, sn):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    return chosen


@njit(cache=True, inline="always")
def hop(c, t, tabs, net, rs):
    return polarstar_arc(c, t, net.indptr, net.indices, tabs.ps_structure, tabs.ps_supernode, tabs.ps_f,
                         tabs.ps_quadric, tabs.ps_sv, tabs.ps_sn, rs)


ROUTING = Routing(
    name="polarstar-min", code=CODE, description="PolarStar analytic minimal routing (Sec. 9.2)",
    build=lambda ctx, options: ctx.cache("ps", lambda: polarstar_fields(ctx.topology)),
    route_length=minimal_route_length, minimal=True, oblivious=True,
)
