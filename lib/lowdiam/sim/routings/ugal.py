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
a canonical Dragonfly, where BookSim's dragonfly scheme uses 3), ``samples``
and ``threshold``.

**Bias towards the minimal route** (``routing_options={"threshold": t}``, flits,
an integer >= 0): ``t`` is added to every Valiant cost, so the minimal route is
kept while ``occupancy_min x hops_min <= occupancy_val x hops_val + t``.  The
default is ``threshold=0`` (:data:`DEFAULT_THRESHOLD`), which follows the
PolarStar authors' BookSim fork (IntelLabs/PolarFly, ``ugallnew_anynet`` in
``polarfly/booksim/src/networks/anynet.cpp``: the same hops x queue costs with
``adaptiveThreshold = 0``, the UGAL of their Slim Fly configuration).  BookSim2
itself biases more: its UGAL on a general network (``ugal_flatfly_onchip``,
``networks/flatfly_onchip.cpp``) uses the same cost form with a threshold of 2
flits (:data:`BOOKSIM_THRESHOLD`: ``routing_options={"threshold": 2}``), and its
Dragonfly UGAL (``ugal_dragonflynew``) keeps the minimal route while
``q_min <= 2 q_nonmin + 30`` (no hop weighting).  With ``threshold=0`` an empty
Valiant port beats a minimal port holding a single flit, so the rule leaves
minimal routes even at low load: on a random regular graph under uniform
traffic UGAL can saturate well below MIN.  Pass a larger threshold for a
stronger bias.

Why the default stays 0: every recorded paper-scale UGAL run
(``results/paper/05_simulation``, ``results/paper/07_motifs``) and the cache
keys of notebooks 05 and 07 name ``"ugal"`` / ``"df-ugal"`` without a
threshold, so a new default would silently change what those rows mean;
``tests/test_ugal_bias.py`` pins it.
**BookSim2's Dragonfly UGAL** (``routing_options={"cost": "booksim-dragonfly"}``,
with ``inner="df-min"``; ``ugal_dragonflynew`` in ``src/networks/dragonfly.cpp``,
the same in the PolarStar authors' fork): a destination in the source's group is
routed minimally; otherwise one intermediate router is drawn uniformly among all
routers (BookSim draws an endpoint; a balanced Dragonfly has the same number at
every router), one in the source's group means the minimal route, and the
minimal route is kept while ``q_min <= 2 q_val + threshold`` -- fixed weights 1
and 2 in place of the route lengths.  BookSim2's threshold is 30
(:data:`BOOKSIM_DRAGONFLY_THRESHOLD`); the PolarStar authors' fork sets -30
(:data:`AUTHORS_DRAGONFLY_THRESHOLD`: ``adaptive_threshold = -30`` in its
``ugal_dragonflynew``, a bias *away from* the minimal route, so that an idle
network routes every packet whose intermediate lies outside its group through
it), so pass ``samples=1`` and one of them (a negative threshold is accepted with
this cost only).  The cross-validation against the authors' fork runs theirs
(``benchmarks/crossval_booksim_dragonfly.py``); the paper's text, and ``df-ugal``,
is the cost form above.
Route state: ``UNDECIDED`` until the source router decides, then the chosen
intermediate or ``DIRECT``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lowdiam.validate import check_choice, check_int

from ..rng import below
from .base import DIRECT, EJECT, UNDECIDED, Routing, checked, pick_intermediate, port_occupancy
from .inner import build_inner
from .minimal import inner_hop
from .valiant import phased_hop, two_phase_route_length

CODE = 3
UGAL_SAMPLES = 4
#: bias (flits) added to every Valiant cost by default: the PolarStar authors' ``ugallnew_anynet`` (see above)
DEFAULT_THRESHOLD = 0
#: BookSim2's ``ugal_flatfly_onchip`` threshold (flits), the same hops x queue cost form as this routing
BOOKSIM_THRESHOLD = 2
#: UGAL's cost forms (``routing_options["cost"]``): occupancy x route length, or BookSim2's ``ugal_dragonflynew``
COSTS = ("hops", "booksim-dragonfly")
#: BookSim2's ``ugal_dragonflynew`` threshold (``adaptive_threshold = 30``, flits)
BOOKSIM_DRAGONFLY_THRESHOLD = 30
#: the PolarStar authors' fork's ``ugal_dragonflynew`` threshold (``adaptive_threshold = -30``)
AUTHORS_DRAGONFLY_THRESHOLD = -30


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
    if tabs.ugal_cost == 1:
        return _booksim_dragonfly(p, c, dst_r, vc_next, tabs, net, route_state, ports, rs)
    dist = tabs.dist
    out = inner_hop(inner, c, dst_r, vc_next, tabs, net, rs)
    best = port_occupancy(out, ports) * np.int64(dist[dst_r, c])
    for _k in range(tabs.ugal_samples):
        m = pick_intermediate(tabs, c, dst_r, rs)
        if m < 0:
            break
        a = inner_hop(inner, c, m, vc_next, tabs, net, rs)
        cost = port_occupancy(a, ports) * (np.int64(dist[m, c]) + np.int64(dist[m, dst_r])) + tabs.ugal_threshold
        if cost < best:
            best = cost
            out = a
            route_state[p] = m
    return checked(out, vc_next, tabs.hop_classes)


@njit(cache=True, inline="always")
def _booksim_dragonfly(p, c, dst_r, vc_next, tabs, net, route_state, ports, rs):
    """BookSim2's ``ugal_dragonflynew`` decision at the source router (see the module docstring)."""
    g = tabs.group
    inner = tabs.inner
    if g[c] == g[dst_r]:
        return checked(inner_hop(inner, c, dst_r, vc_next, tabs, net, rs), vc_next, tabs.hop_classes)
    m = below(rs, tabs.n)
    if g[m] == g[c]:
        return checked(inner_hop(inner, c, dst_r, vc_next, tabs, net, rs), vc_next, tabs.hop_classes)
    a_min = inner_hop(inner, c, dst_r, vc_next, tabs, net, rs)
    a_val = inner_hop(inner, c, m, vc_next, tabs, net, rs)
    if port_occupancy(a_min, ports) <= 2 * port_occupancy(a_val, ports) + tabs.ugal_threshold:
        return checked(a_min, vc_next, tabs.hop_classes)
    route_state[p] = m
    return checked(a_val, vc_next, tabs.hop_classes)


def _check(name, options):
    cost = check_choice(f"{name} routing_options['cost']", options["cost"], COSTS)
    # BookSim's Dragonfly rule takes a negative threshold too (a bias away from the minimal route: the authors' fork)
    out = {**options, "samples": check_int(f"{name} routing_options['samples']", options["samples"], low=0),
           "threshold": check_int(f"{name} routing_options['threshold']", options["threshold"],
                                  low=0 if cost == "hops" else None),
           "cost": cost}
    if out["cost"] == "hops":  # the default is left out, so a run reports the options it reported before "cost"
        del out["cost"]
    return out


def _build(ctx, options):
    fields = build_inner(ctx, options, "ugal")
    cost = COSTS.index(options.get("cost", "hops"))
    if cost == 1 and (not fields.get("grouped") or options["samples"] != 1):
        raise ValueError("ugal routing_options cost='booksim-dragonfly' is BookSim2's Dragonfly UGAL: it takes "
                         f"inner='df-min' and samples=1 (one intermediate), got inner={options['inner']!r}, "
                         f"samples={options['samples']}")
    return {**fields, "ugal_samples": options["samples"], "ugal_threshold": options["threshold"], "ugal_cost": cost}


ROUTING = Routing(
    name="ugal", code=CODE, setup=True,
    description="UGAL-L: minimal vs 4 sampled Valiant paths at the source (threshold: bias to the minimal route)",
    build=_build, route_length=two_phase_route_length,
    defaults={"inner": "min", "samples": UGAL_SAMPLES, "threshold": DEFAULT_THRESHOLD, "cost": "hops"}, check=_check,
    aliases={"df-ugal": ("UGAL-L over Dragonfly hierarchical routes", {"inner": "df-min"})}, phases=True,
)
