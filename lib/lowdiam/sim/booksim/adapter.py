"""``simulate(..., router="booksim")``: hands a :class:`~lowdiam.sim.request.SimRequest` to :func:`run_booksim`.

BookSim's router has its own pipeline (``router_options``: ``routing_delay``, ``vc_alloc_delay``, ...),
one-cycle channels and no drain mode choice, and it routes with single-path minimal routing (BookSim's
anynet table or a seeded random shortest path) or random minimal next hops.  ``simulate`` arguments it does
not model are refused when they differ from ``simulate``'s defaults, never silently ignored.

Examples
--------
>>> from lowdiam.sim import simulate
>>> from lowdiam.topologies import slimfly
>>> r = simulate(slimfly(5), "min-single", "uniform", 0.2, endpoints_per_router=2, warmup_cycles=300,
...              measure_cycles=600, router="booksim", flow_control="wormhole",
...              router_options={"internal_speedup": 2.0})
>>> r.params["router"], round(r.accepted_load, 1)
('booksim', 0.2)
"""

from __future__ import annotations

from ..request import refuse_unmodelled
from .driver import run_booksim

__all__ = ["run", "UNMODELLED"]

#: simulate() arguments the BookSim model does not have, with what it does instead.
UNMODELLED = {
    "min_vcs": "give vcs= (BookSim's num_vcs)",
    "drain": "the run drains until every measured packet is delivered, as BookSim (not when its window "
             "already shows saturation)",
    "max_drain_cycles": "the run drains until every measured packet is delivered, as BookSim (not when its "
                        "window already shows saturation)",
    "link_latency": "BookSim's anynet channels take one cycle",
    "global_link_latency": "BookSim's anynet channels take one cycle",
    "router_delay": "the pipeline delays are router_options routing_delay / vc_alloc_delay / sw_alloc_delay / "
                    "st_final_delay",
    "injection_latency": "BookSim's injection channel",
    "ejection_latency": "BookSim's ejection channel",
    "arbitration": "the allocators are router_options vc_allocator / sw_allocator",
    "saturation_tolerance": "the model applies the default saturation rule",
}
#: simulate() arguments that run_control="booksim" replaces by its own (run_control_options)
UNUSED_BY_BOOKSIM_CONTROL = {
    "warmup_cycles": "BookSim's run control warms up for run_control_options warmup_periods x sample_period",
    "measure_cycles": "BookSim's run control measures until convergence or max_samples",
}


def run(req):
    """Run ``req`` (a validated ``SimRequest`` with ``router="booksim"``) on the BookSim model.

    ``vcs=None`` means 4 VCs (the reference runs' ``num_vcs``), or a shared routing's longest route if more."""
    refuse_unmodelled(req, UNMODELLED)
    if req.run_control == "booksim":
        refuse_unmodelled(req, UNUSED_BY_BOOKSIM_CONTROL)
    return run_booksim(req)
