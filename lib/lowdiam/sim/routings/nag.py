"""``"nag"``: Galaxyfly's non-minimal adaptive global routing (Lei et al., Sec. 4.2).

At the source router the minimal next hop (of the ``inner`` routing, default
``"min"``) is abandoned for a Valiant route through a random router of another
supernode (``labels["group"]`` or ``labels["supernode"]``; at most
``NAG_MAX_HOPS`` = 7 links in all, and no more than the VC count) when
``Q_min > Th_min`` and ``Q_nonmin < Th_nonmin`` with ``Th_min`` = 0.8 x the VC
buffer size (``buffer_flits``) and ``Th_nonmin`` = 0.5 x ``Q_min``; ``Q`` is
the first-hop port occupancy, as for UGAL.  Options: ``inner``.  Route
state: ``UNDECIDED`` until the source decides, then the intermediate or ``DIRECT``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .base import (
    DIRECT,
    EJECT,
    UNDECIDED,
    Routing,
    checked,
    eccentricities,
    endpoint_routers,
    random_other_group_router,
)
from .inner import build_inner
from .minimal import inner_hop
from .threshold import misroute_wanted, threshold_choice, within_bound
from .valiant import phased_hop

CODE = 9
NAG_MAX_HOPS = 7  # Galaxyfly Sec. 4.2: NAG routes are at most seven hops
NAG_TRIES = 16  # draws for an intermediate within the hop bound


def nag_groups(topology) -> np.ndarray:
    """Supernode (group) of every router, for ``"nag"``; ``ValueError`` without group labels."""
    for key in ("group", "supernode"):
        if key in topology.labels:
            grp = np.asarray(topology.labels[key], dtype=np.int32)
            if np.unique(grp).size < 3:
                raise ValueError(f"nag routing needs at least 3 supernodes, {topology.name} has {np.unique(grp).size}")
            return grp
    raise ValueError(
        f"nag routing misroutes via another supernode: {topology.name} has no 'group' / 'supernode' labels "
        "(use it on galaxyfly, dragonfly, slimfly or polarstar topologies, or 'ugal' elsewhere)"
    )


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
        grp = tabs.misroute_group
        for _try in range(NAG_TRIES):  # a random router of another supernode within the hop bound
            m = random_other_group_router(tabs.n, grp, grp[c], grp[dst_r], rs)
            if within_bound(m, c, dst_r, NAG_MAX_HOPS, tabs, ports):
                out = threshold_choice(p, c, dst_r, vc_next, m, out, NAG_MAX_HOPS, tabs, net, route_state, ports,
                                       rs)
                break
    return checked(out, vc_next, tabs.hop_classes)


def _build(ctx, options):
    grp = ctx.cache("nag", lambda: nag_groups(ctx.topology))
    return {**build_inner(ctx, options, "nag"), "misroute_group": grp}


def _route_length(ctx, options, fields) -> int:
    er = endpoint_routers(ctx.topology)
    if er.size == 0:
        return 0
    dist = fields.get("dist", ctx.D)
    return max(int(dist[er][:, er].max()), min(NAG_MAX_HOPS, int(2 * eccentricities(dist, er).max())))


ROUTING = Routing(
    name="nag", code=CODE, setup=True,
    description="Galaxyfly NAG: threshold-adaptive misrouting via another supernode",
    build=_build, route_length=_route_length, defaults={"inner": "min"},
)
