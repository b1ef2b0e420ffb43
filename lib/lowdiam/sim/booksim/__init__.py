"""Flit-level model of BookSim2's input-queued router (``iq_router``), cross-validated against BookSim2.

Entry point (the lead registers it as ``simulate(..., router="booksim", router_options={...})``)::

    run_booksim(request) -> SimResult   # a lowdiam.sim.request.SimRequest, as simulate(..., router="booksim")
    run_booksim(topology, routing, traffic, load, *, endpoints_per_router=None, packet_flits=4, vcs=None,
                buffer_flits=32, warmup_cycles, measure_cycles, seed=0, traffic_options=None,
                routing_options=None, router_options=None, run_control="fixed",
                run_control_options=None) -> SimResult

Routing: ``"min-single"`` with ``routing_options={"paths": "booksim-anynet"}`` (default; BookSim's anynet
Dijkstra table, :mod:`lowdiam.sim.booksim.paths`) or ``{"paths": "random"}`` (seeded random shortest path
per router pair); ``"min"`` (uniform among minimal next hops, drawn at each routing stage).  Both were
cross-validated against BookSim2.  The shared routings of :mod:`lowdiam.sim.routings` except Polarized
(``SHARED_ROUTINGS``: Valiant, UGAL-L, NAG, PolarStar / Dragonfly minimal, source-minimal, KSP) run through
the routings' dispatch at the routing stage, with hop-indexed VCs by default (``vc_selection="auto"``), as
the PolarStar and Galaxyfly authors' BookSim forks add their routings; UGAL-L / NAG read each output port's
used credits (all VCs, BookSim's ``GetUsedCredit``).  These have no BookSim2 reference run (BookSim2's
anynet has only ``min``).

What is modelled (read from BookSim2 commit 28f43299, ``src/routers/iq_router.cpp``, ``router.cpp``,
``trafficmanager.cpp``, ``channel.hpp``, ``allocators/separable_input_first.cpp``,
``arbiters/roundrobin_arb.cpp``, ``buffer_state.cpp``):

* Timing.  Every cycle: endpoints read ejected flits and returned credits, generate packets (Bernoulli,
  unbounded source queues, latency from creation) and inject one flit; then each router reads its
  inputs, runs ``internal_speedup`` internal steps (BookSim's accumulator: 1.5 gives 1, 2, 1, 2, ...
  steps), and writes one flit per output and one credit per input.  A flit or credit written at cycle t
  is read at t + 2 (BookSim's channel of latency 1 is read in the next cycle's ``ReadInputs``).
* Internal step, in BookSim's order: input queuing (first step of a cycle), credits whose
  ``credit_delay`` has elapsed, then the evaluate phases of routing (``routing_delay``), VC allocation
  (``vc_alloc_delay``), switch allocation (``sw_alloc_delay``) and the crossbar (``st_prepare_delay +
  st_final_delay``), then the update phases.  A stage entered during an update phase is evaluated in
  the next internal step; a stage with delay d evaluated in cycle t completes in cycle t + d - 1 (d = 1:
  the same step).  With all delays 1 and speedup 1 a head spends 5 cycles per router (route, VC alloc,
  switch alloc, crossbar, channel), so zero-load latency = 2 (injection channel) + 5 x routers + (P - 1).
  With speedup 2 two stages share a cycle: 3 cycles per router.
* Output buffering: the crossbar writes into an unbounded per-output FIFO (``output_buffer_size = -1``)
  drained at one flit per cycle; it is bounded by the downstream credits taken at switch allocation.
  Credits freed in one internal step form one credit object per input, sent one per cycle.
* VC allocation: separable input-first with round-robin arbiters over (input port x VC) and
  (output port x VC), pointers advanced only on a grant (``alloc_iters`` is accepted and, as in BookSim,
  unused by this allocator).  ``vc_allocator`` / ``sw_allocator = "islip"``: BookSim's ``iSLIP_Sparse``
  with ``alloc_iters`` grant / accept rounds, pointers moved in the first round only.  A VC is free again
  when the upstream router *sends* the tail
  (``wait_for_tail_credit = 0``), so a VC buffer may hold flits of two packets.
* Switch allocation: per input port one request per output port, the VC chosen round-robin from the
  port's ``sw_rr_offset`` (set to granted VC + 1); then separable input-first over ports.  A VC asks only
  if its output VC has a credit.
* Injection: the endpoint picks the next free, non-full VC round-robin after its last one, then sends
  one flit per cycle while the VC has credits; ejection returns credits at once.
* ``vc_selection``: ``"any"`` (BookSim anynet ``min``: any VC at every hop; cyclic dependencies can
  deadlock: detected as no flit moving for ``deadlock_cycles`` cycles with packets in the network,
  raised as ``ValueError`` with the cycle and the count under fixed windows; under BookSim's run control the
  run ends unstable, decision ``"deadlock"``) or ``"hop"`` (VC = links taken so far).

Not modelled (raise ``ValueError`` if asked for): lookahead routing (``routing_delay = 0``),
speculative allocation, ``hold_switch_for_packet``, input / output speedup > 1,
``wait_for_tail_credit = 1``, allocators other than ``separable_input_first`` and ``islip``, priorities.  Known
differences: BookSim's uniform traffic may pick the source itself as destination (lowdiam's ``uniform``
excludes it unless ``traffic_options={"include_source": True}``, which the cross-validation uses; the default
stays, so that recorded runs reproduce: on a network of NE endpoints a share 1 / NE of BookSim's packets stays
at its source); with ``run_control="fixed"`` (the default) this model measures over fixed warm-up / measurement
/ drain windows (a run whose window already fails the throughput rule is saturated and ends there, undrained),
with ``run_control="booksim"`` by BookSim's own sampling protocol; with delays > 1
BookSim evaluates a router's pipeline list only when its older entries are done, this model times every
VC independently (the cross-validation uses delays of 1, where both agree).

Examples
--------
>>> from lowdiam.sim.booksim import run_booksim
>>> from lowdiam.topologies import slimfly
>>> r = run_booksim(slimfly(5), "min-single", "uniform", 0.3, warmup_cycles=200, measure_cycles=300, seed=1,
...                 router_options={"internal_speedup": 2.0})
>>> r.saturated
False
"""

from .driver import run_booksim
from .options import ROUTER_DEFAULTS, ROUTINGS, SHARED_ROUTINGS, check_router_options, read_booksim_config
from .paths import booksim_anynet_table, random_shortest_table

__all__ = [
    "ROUTER_DEFAULTS",
    "ROUTINGS",
    "SHARED_ROUTINGS",
    "booksim_anynet_table",
    "check_router_options",
    "random_shortest_table",
    "read_booksim_config",
    "run_booksim",
]
