"""``"nal"``: Galaxyfly's non-minimal adaptive local-link routing (Lei et al., TPDS 2021, Sec. 4.2).

Sec. 4.2: "NAL allows misrouting of one hop in a supernode" and "the
selection between the non-minimal and minimal paths in NAL and NAR takes place
on the source router".  Read here as: the non-minimal path starts with one
local hop to a router ``R_m`` of the source supernode, drawn uniformly among
its routers other than the source and destination routers, and continues by
the ``inner`` minimal routing (default ``"min"``) from ``R_m``; so it is at most
``1 + D(R_m, R_d) <= NAL_MAX_HOPS`` = 6 links, the paper's bound (4 local + 2
global on the supernode path).  The choice is the threshold rule of NAR / NAG
(:func:`.threshold.threshold_choice`: misroute when ``Q_min`` > 0.8 x buffer and
``Q_nonmin`` < 0.5 x ``Q_min``), made once at the source router.  Supernodes of
one router (Galaxy graphs, ``a = 1``) leave nothing to misroute through: NAL is
then the minimal routing.

Under hop-indexed VCs the routing needs ``min(6, 1 + longest minimal route)``
VC classes.  Options: ``inner``.  Route state: ``UNDECIDED`` until the source
decides, then ``R_m`` or ``DIRECT``.  Needs a Galaxyfly topology (``group`` and
``cluster`` labels); ``ValueError`` elsewhere.
"""

from __future__ import annotations

from numba import njit

from ..rng import below
from .base import DIRECT, EJECT, UNDECIDED, Routing, checked, endpoint_routers
from .inner import build_inner
from .minimal import inner_hop
from .nar import galaxyfly_supernodes
from .threshold import misroute_wanted, threshold_choice
from .valiant import phased_hop

CODE = 11
NAL_MAX_HOPS = 6  # Galaxyfly Sec. 4.2: NAL routes are at most six hops


@njit(cache=True, inline="always")
def nal_intermediate(c, t, tabs, rs):
    """Uniform router of ``c``'s supernode other than ``c`` and ``t``, or -1 when there is none."""
    row = tabs.sn_routers[tabs.misroute_group[c]]
    chosen = -1
    k = 0
    for i in range(row.shape[0]):
        m = row[i]
        if m != c and m != t:
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = m
    return chosen


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
        m = nal_intermediate(c, dst_r, tabs, rs)
        out = threshold_choice(p, c, dst_r, vc_next, m, out, NAL_MAX_HOPS, tabs, net, route_state, ports, rs)
    return checked(out, vc_next, tabs.hop_classes)


def _build(ctx, options):
    sn = ctx.cache("galaxyfly-supernodes", lambda: galaxyfly_supernodes(ctx.topology, "nal"))
    return {**build_inner(ctx, options, "nal"), **sn}


def _route_length(ctx, options, fields) -> int:
    er = endpoint_routers(ctx.topology)
    if er.size == 0:
        return 0
    dist = fields.get("dist", ctx.D)
    longest = int(dist[er][:, er].max())
    if "sn_routers" in fields and fields["sn_routers"].shape[1] == 1:
        return longest  # one router per supernode: no misroute
    return max(longest, min(NAL_MAX_HOPS, longest + 1))


ROUTING = Routing(
    name="nal", code=CODE, setup=True,
    description="Galaxyfly NAL: threshold misrouting by one local hop in the source supernode",
    build=_build, route_length=_route_length, defaults={"inner": "min"},
)
