"""``"df-min"``: Dragonfly hierarchical minimal routing (BookSim's ``min`` for dragonfly).

At most one global link per route -- local hops to a router of the source
group with a global link to the destination group, that link, local hops to
the destination.  Next hops are drawn among the neighbours one step closer in
the *hierarchical* distance (shortest route with <= 1 global link), taking a
global link only into the destination group.  Needs ``labels["group"]`` and
``link_class`` and a global link between every pair of groups (Dragonfly,
Megafly; not Slim Fly or Galaxyfly, whose groups are not all directly
joined).  As the ``inner`` routing of Valiant / UGAL / NAG its intermediates
are routers of other groups and its route lengths are hierarchical
(``routing_options={"inner": "df-min"}``; ``"df-ugal"`` is UGAL with it).
Route state: unused.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import below
from .base import NO_ROUTE, Routing
from .min import minimal_route_length

CODE = 6


def arc_classes(topology) -> np.ndarray:
    """``link_class`` of every CSR arc (0 local, 1 global)."""
    n = topology.num_routers
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(topology.indptr))
    dst = topology.indices.astype(np.int64)
    key = np.minimum(src, dst) * n + np.maximum(src, dst)
    ekey = topology.edges[:, 0].astype(np.int64) * n + topology.edges[:, 1]
    return np.asarray(topology.link_class)[np.searchsorted(ekey, key)].astype(np.int8)


def hierarchical_distances(topology) -> np.ndarray:
    """Shortest route lengths using at most one global link (uint8, 255 = no such route).

    ``Dh[x, y] = min(DL[x, y], min over global arcs (u, v) of DL[x, u] + 1 + DL[v, y])``
    with ``DL`` the distances over local links only (inside a group).
    """
    from lowdiam.metrics.distances import distance_matrix
    from lowdiam.topologies.base import Topology

    n = topology.num_routers
    cls = np.asarray(topology.link_class)
    local = topology.edges[cls == 0]
    glob = topology.edges[cls == 1]
    DL = distance_matrix(Topology.from_edges("local links", "aux", n, local, endpoints_per_router=0)).astype(np.int32)
    DL[DL == 255] = 1 << 20
    grp = np.asarray(topology.labels["group"])
    members = {int(g): np.flatnonzero(grp == g) for g in np.unique(grp)}
    Dh = DL.copy()
    for u, v in np.concatenate([glob, glob[:, ::-1]]):
        gu, gv = members[int(grp[u])], members[int(grp[v])]
        cand = DL[gu, u][:, None] + 1 + DL[v, gv][None, :]
        block = Dh[np.ix_(gu, gv)]
        Dh[np.ix_(gu, gv)] = np.minimum(block, cand)
    return np.where(Dh >= 255, 255, Dh).astype(np.uint8)


def dragonfly_fields(topology) -> dict:
    """``dist`` (hierarchical distances), ``group``, ``arc_cls``; ``ValueError`` where df-min does not apply."""
    if "group" not in topology.labels or topology.link_class is None:
        raise ValueError(
            f"df-* routing needs group labels and local/global link classes; {topology.name} has none "
            "(use it on dragonfly / megafly topologies, or 'min' / 'ugal' elsewhere)"
        )
    Dh = hierarchical_distances(topology)
    carriers = np.flatnonzero(topology.endpoints > 0)
    if Dh[np.ix_(carriers, carriers)].max() == 255:
        raise ValueError(
            f"df-* routing needs a global link between every pair of groups; {topology.name} has groups "
            "joined only through other groups (use 'min' or 'ugal')"
        )
    grp = np.asarray(topology.labels["group"], dtype=np.int32)
    if np.unique(grp).size < 3:
        raise ValueError(f"df-* routing needs at least 3 groups, {topology.name} has {np.unique(grp).size}")
    return {"dist": Dh, "group": grp, "arc_cls": arc_classes(topology), "grouped": 1}


@njit(cache=True, inline="always")
def hier_min_arc(c, t, indptr, indices, Dh, grp, arc_cls, rs):
    """Random arc out of ``c`` one step closer to ``t`` in hierarchical distance.

    A global arc qualifies only when it enters ``t``'s group, so a route never
    takes a second global link.  ``NO_ROUTE`` when nothing qualifies.
    """
    row = Dh[t]
    want = np.int32(row[c]) - 1
    gt = grp[t]
    chosen = NO_ROUTE
    k = 0
    for a in range(indptr[c], indptr[c + 1]):
        v = indices[a]
        if row[v] == want and (arc_cls[a] == 0 or grp[v] == gt):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    return chosen


@njit(cache=True, inline="always")
def hop(c, t, tabs, net, rs):
    return hier_min_arc(c, t, net.indptr, net.indices, tabs.dist, tabs.group, tabs.arc_cls, rs)


ROUTING = Routing(
    name="df-min", code=CODE, description="Dragonfly hierarchical minimal routing (<= 1 global link)",
    build=lambda ctx, options: ctx.cache("df", lambda: dragonfly_fields(ctx.topology)),
    route_length=minimal_route_length, minimal=True, oblivious=True,
)
