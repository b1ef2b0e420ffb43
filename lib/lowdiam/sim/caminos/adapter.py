"""``simulate(..., router="caminos")``: hands a :class:`~lowdiam.sim.request.SimRequest` to :func:`run_caminos`.

The CAMINOS model has its own buffers (``router_options``: input / output buffer packets, server queue),
no drain phase and CAMINOS's fixed one-cycle links, and it routes with its own routings
(``"min-adaptive"``, ``"valiant"``, ``"polarized"``, ``"omni"``).  ``simulate`` arguments it does not model are refused
when they differ from ``simulate``'s defaults, never silently ignored.

Examples
--------
>>> from lowdiam.sim import simulate
>>> from lowdiam.topologies import slimfly
>>> r = simulate(slimfly(5), "min-adaptive", "uniform", 0.2, endpoints_per_router=2, packet_flits=16,
...              warmup_cycles=200, measure_cycles=400, router="caminos")
>>> r.params["router"], round(r.accepted_load, 1)
('caminos', 0.2)
>>> simulate(slimfly(5), "min-adaptive", "uniform", 0.2, router="caminos", link_latency=2)
Traceback (most recent call last):
    ...
ValueError: router 'caminos' does not model link_latency (CAMINOS's fixed one-cycle links); leave it at its default 1
"""

from __future__ import annotations

from ..request import refuse_unmodelled
from .driver import run_caminos

__all__ = ["run", "UNMODELLED"]

#: simulate() arguments the CAMINOS model does not have, with what it does instead.
UNMODELLED = {
    "buffer_flits": "buffers are router_options input_buffer_packets / output_buffer_packets",
    "min_vcs": "VCs follow the routing's longest route, or vcs=",
    "drain": "CAMINOS measures messages consumed in the window, without a drain",
    "max_drain_cycles": "CAMINOS measures messages consumed in the window, without a drain",
    "link_latency": "CAMINOS's fixed one-cycle links",
    "global_link_latency": "CAMINOS's fixed one-cycle links",
    "router_delay": "a one-stage router",
    "injection_latency": "CAMINOS's server links",
    "ejection_latency": "CAMINOS's server links",
    "arbitration": "requests are served in random order (CAMINOS's Random allocator)",
    "saturation_tolerance": "a run is saturated when it accepts < 95 % of offered load or drops messages",
}


def run(req):
    """Run ``req`` (a validated ``SimRequest`` with ``router="caminos"``) on the CAMINOS model."""
    refuse_unmodelled(req, UNMODELLED)
    return run_caminos(req)
