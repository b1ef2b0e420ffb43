"""``"ugal"``: UGAL-L, adaptive choice at the source router (PolarStar Sec. 9.3).

At the source router the minimal route and ``samples`` (default 4) Valiant
routes through random intermediates are compared by ``occupancy(first-hop
port) x route length``; ties prefer the minimal route.  Occupancy is local
information only: the flits this router has sent on the port whose credits
have not returned (all VCs) plus the flits of packets at its input heads
already routed to that port and waiting for it -- the input-queued stand-in
for "output buffer occupancy + used credits".  Options: ``inner`` (the
minimal routing of both phases, default ``"min"``; ``"df-ugal"`` is
``inner="df-min"``: hierarchical routes and lengths, intermediates in other
groups; hop-indexed VCs then need 2 x the largest hierarchical distance, 6 on
a canonical Dragonfly, where BookSim's dragonfly scheme uses 3), ``samples``,
``threshold`` (default 0, flits): a bias towards the minimal route added to
every Valiant cost, BookSim's ``adaptive_threshold`` (its Dragonfly UGAL keeps
the minimal route while ``q_min <= 2 q_nonmin + 30``).  With 0 an empty
Valiant port beats a minimal port holding a single flit, so the rule leaves
minimal routes even at low load.
Route state: ``UNDECIDED`` until the source router decides, then the chosen
intermediate or ``DIRECT``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lowdiam.validate import check_int

from .base import DIRECT, EJECT, UNDECIDED, Routing, checked, pick_intermediate, port_occupancy
from .inner import build_inner
from .minimal import minimal_hop
from .valiant import phased_hop, two_phase_route_length

CODE = 3
UGAL_SAMPLES = 4


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
    inner = tabs.inner
    dist = tabs.dist
    out = minimal_hop(inner, c, dst_r, tabs, net, rs)
    best = port_occupancy(out, ports) * np.int64(dist[dst_r, c])
    for _k in range(tabs.ugal_samples):
        m = pick_intermediate(tabs, c, dst_r, rs)
        if m < 0:
            break
        a = minimal_hop(inner, c, m, tabs, net, rs)
        cost = port_occupancy(a, ports) * (np.int64(dist[m, c]) + np.int64(dist[m, dst_r])) + tabs.ugal_threshold
        if cost < best:
            best = cost
            out = a
            route_state[p] = m
    return checked(out, vc_next, tabs.hop_classes)


def _check(name, options):
    return {**options, "samples": check_int(f"{name} routing_options['samples']", options["samples"], low=0),
            "threshold": check_int(f"{name} routing_options['threshold']", options["threshold"], low=0)}


def _build(ctx, options):
    return {**build_inner(ctx, options, "ugal"), "ugal_samples": options["samples"],
            "ugal_threshold": options["threshold"]}


ROUTING = Routing(
    name="ugal", code=CODE, description="UGAL-L: minimal vs 4 sampled Valiant paths at the source",
    build=_build, route_length=two_phase_route_length,
    defaults={"inner": "min", "samples": UGAL_SAMPLES, "threshold": 0}, check=_check,
)
