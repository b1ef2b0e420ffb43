"""``"valiant"``: Valiant load balancing through a random intermediate router.

An intermediate router ``m`` is drawn at the source (uniform among the routers
other than the source and destination routers; with ``inner="df-min"`` among
the routers of other groups), then the ``inner`` minimal routing (default
``"min"``) carries the packet to ``m`` and from ``m`` to the destination.
Packets whose source and destination share a router (or group) are not
misrouted.  Options: ``inner``.  Route state: the intermediate router, or
``DIRECT`` once it is reached.
"""

from __future__ import annotations

from numba import njit

from .base import EJECT, Routing, checked, eccentricities, endpoint_routers, phase_target, pick_intermediate
from .inner import build_inner
from .minimal import inner_hop

CODE = 2


@njit(cache=True, inline="always")
def setup(p, s_r, d_r, tabs, route_state, rs):
    route_state[p] = pick_intermediate(tabs, s_r, d_r, rs)


@njit(cache=True, inline="always")
def phased_hop(p, c, dst_r, vc_next, tabs, net, route_state, rs):
    """Next hop towards the intermediate (until reached), then towards the destination."""
    tgt = phase_target(p, c, dst_r, route_state)
    if c == tgt:
        return EJECT
    return checked(inner_hop(tabs.inner, c, tgt, vc_next, tabs, net, rs), vc_next, tabs.hop_classes)


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def next_hop(p, c, dst_r, vc_next, tabs, net, route_state, rs):
    return phased_hop(p, c, dst_r, vc_next, tabs, net, route_state, rs)


def two_phase_route_length(ctx, options, fields) -> int:
    """``D(s, m) + D(m, t) <= ecc(s) + ecc(t)``: twice the largest eccentricity of an endpoint router."""
    er = endpoint_routers(ctx.topology)
    dist = fields.get("dist", ctx.D)
    return int(2 * eccentricities(dist, er).max()) if er.size else 0


ROUTING = Routing(
    name="valiant", code=CODE, setup=True, description="random intermediate router, minimal both phases",
    build=lambda ctx, options: build_inner(ctx, options, "valiant"), route_length=two_phase_route_length,
    defaults={"inner": "min"}, oblivious=True, channel_load="valiant", phases=True,
)
