"""CAMINOS router model (``router="caminos"``): the simulator of the Polarized-routing paper.

The Polarized-routing paper (Sec. 4.1, Table 3) simulated its networks with
CAMINOS (nakacristo/caminos-lib; facts below are from commit
172016e296027fb8d41bb4603c41087df4696b6f, caminos-lib 0.6.3).  This package
is a phit-level, cycle-driven model of that configuration -- the
``InputOutput`` router, its VC policy chains and its servers -- written from
reading the CAMINOS source, not translated from it, and cross-validated
against runs of CAMINOS itself (``benchmarks/crossval_caminos.py``,
``figures/crossval/caminos_*``).

Entry point
-----------
``run_caminos(request) -> SimResult`` (a :class:`~lowdiam.sim.request.SimRequest`,
as ``simulate(..., router="caminos")`` hands it over) or
``run_caminos(topology, routing, traffic, load, *, endpoints_per_router=None,
packet_flits=16, vcs=None, warmup_cycles, measure_cycles, seed=0,
traffic_options=None, routing_options=None, router_options=None) -> SimResult``

topology : Topology
    Any connected lowdiam topology.
routing : ``"min-adaptive"``, ``"valiant"``, ``"polarized"`` or ``"omni"``
    CAMINOS ``Shortest``, ``Valiant{first: Shortest, second: Shortest}``,
    ``Polarized{include_labels: true}`` and, on HyperX / Hamming graphs only,
    ``OmniDimensionalDeroute{include_labels: true}`` (the Polarized paper's
    reference routing there), each with the paper's VC policy chain
    (:mod:`lowdiam.sim.caminos.routing` describes them).
traffic : a pattern name of :data:`lowdiam.sim.traffic.PATTERNS`
    ``"uniform"`` is CAMINOS ``Uniform`` (no self-traffic); ``"server_perm"``
    is its ``RandomPermutation`` of servers (drawn from ``seed``, so not
    CAMINOS's own permutation).  As in CAMINOS a message to its own source is
    discarded: an endpoint whose only destination is itself stays silent and
    is not counted as a source.
load : float in (0, 1]
    Offered load in phits per cycle per server, CAMINOS's ``load``; one phit
    is one lowdiam flit.  Every active server generates a message with
    probability ``load / packet_flits`` per cycle (Bernoulli).
endpoints_per_router : int, optional
    Servers per router; ``None`` keeps the topology's own.
packet_flits : int
    Phits per message = per packet (CAMINOS ``message_size``,
    ``maximum_packet_size`` and ``flit_size``: virtual cut-through).
vcs : int, optional
    Virtual channels per port; ``None`` = the routing's longest route
    (:func:`required_vcs`): CAMINOS's ``Hops`` policy puts hop i on VC i, so
    fewer VCs are a ``ValueError``.
warmup_cycles, measure_cycles : int
    Statistics cover cycles ``[warmup, warmup + measure)``; no drain.
seed : int
    Fixes every random choice (traffic pattern, generation, routing ties,
    allocation, Valiant intermediates).
traffic_options : dict
    Keyword arguments of the pattern.
routing_options : dict
    ``"valiant"``: ``{"inner": "min-adaptive"}`` (the only choice: both phases
    use it); ``"polarized"``: ``{"label_weights": (w0, w1, w2)}``, the
    ``VecLabel`` in phits, default ``(0, 4 P, 5 P)`` = ``[0, 64, 80]`` for
    16-phit packets; ``"omni"``: ``{"deroutes": k, "deroute_label": phits}``,
    default ``k`` = the largest distance between endpoint routers (the
    number of dimensions of a Hamming graph; the paper states none) and
    label 1.  ``"min-adaptive"`` takes none.
router_options : dict
    ``input_buffer_packets`` (4), ``output_buffer_packets`` (2) per port and
    VC, ``server_queue_messages`` (20).

Returns a :class:`lowdiam.sim.results.SimResult` following CAMINOS's
statistics: ``accepted_load`` counts every phit consumed in the window
(per active source and cycle); ``latency_*`` are over the messages whose last
phit was consumed in the window (creation -> consumption, server queueing
included), ``network_latency_mean`` from the head entering the first router,
``hops_mean`` router-to-router links; ``packets_measured`` = messages
generated in the window, ``packets_delivered`` = messages consumed in it.
``offered_load_actual`` counts generation attempts (queued or dropped).
``saturated`` applies rule 2 of :mod:`lowdiam.sim.results` (accepted < 95 %
of offered) and also flags any drop in the window.  ``conservation`` holds
message, drop and phit counters (``dropped_messages`` = generations that found
the server queue full), checked at the end of every run (``RuntimeError`` on
any imbalance); ``params`` adds ``dropped_in_window``, ``dropped_fraction``
and ``jain_consumed`` (Jain index of consumed phits over destinations, what
CAMINOS reports).

Model (what CAMINOS does, and where)
------------------------------------
Router (``src/router/input_output.rs``)
    Per input port and VC a FIFO of ``input_buffer_packets x P`` phits; per
    output port and VC an output buffer of ``output_buffer_packets x P``
    phits.  Every cycle, each input VC whose front phit is an unassigned head
    asks the routing for candidates, filtered by the VC policy chain (one
    request at most), with occupancies read before this cycle's moves.  The
    ``Random`` allocator (``src/allocator/random.rs``) shuffles the requests
    and grants each whose output VC and input VC are still free: every
    (output port, VC) accepts at most one input.  A granted input VC then
    moves one phit per cycle into that output buffer (``crossbar delay 0``:
    one stage) until the packet's tail has moved; VCs of one input port move
    in parallel.  Each output link sends one phit per cycle from its output
    buffers: a packet already on the link goes first, otherwise a head whose
    VC downstream has room for a whole packet (credits >= P), chosen
    round-robin from a token.  Credits are per phit and come back one cycle
    after the phit leaves the downstream input buffer; the link delay is 1
    cycle, so an uncontended hop costs one cycle.
Occupancy (what Algorithm 1 reads)
    ``q`` = phits in this router's output buffer of the candidate VC + the
    phits its credits say the neighbour's input buffer of that VC holds.
Servers (``src/lib.rs``)
    A generation finding ``server_queue_messages`` messages queued is dropped
    (CAMINOS's ``missed_generations``); besides the queue, one message may be
    staged and one being sent (CAMINOS's ``stored_packets`` /
    ``stored_phits``).  A head takes the lowest injection VC with room for a
    whole packet and the server sends one phit per cycle; ejection consumes
    one phit per cycle.
Deliberate simplifications
    All routers act, in one cycle, before their output links (CAMINOS's event
    order does so almost always; when an idle router is woken after its link
    already ran, CAMINOS adds a cycle).  The random number streams differ from
    CAMINOS's, so runs agree statistically, not phit for phit.

Validation
----------
``benchmarks/crossval_caminos.py`` reruns every point of CAMINOS's own runs
(``tests/data/caminos/``: SF(5) and HyperX 4x4x4, min / Valiant / Polarized,
uniform and random permutation, 2,000 + 3,000 cycles) plus a PolarStar and an
LPS graph run through CAMINOS here: saturation loads agree to the grid step
everywhere, accepted loads within about 0.02, mean latency within 6 % below
80 % of saturation under uniform traffic; permutations agree within the
spread over permutations (``figures/crossval/caminos_summary.csv``,
``caminos_permutation_spread.csv``, ``caminos_crossval.png``).  Its speed against
CAMINOS is measured side by side by ``benchmarks/bench_caminos.py`` (RRG(200,10),
loads 0.1 / 0.5 / 0.9; ``docs/benchmarks.md``); ``caminos_speed.csv`` holds an
older measurement of the kernel before its flit-proportional rewrite.

Examples
--------
>>> from lowdiam.topologies import hyperx
>>> from lowdiam.sim.caminos import run_caminos
>>> res = run_caminos(hyperx(3, 3), "polarized", "uniform", 0.3, endpoints_per_router=2,
...                   warmup_cycles=200, measure_cycles=300, seed=1)
>>> res.params["vcs"], res.saturated
(4, False)
"""

from .driver import (
    ROUTER_OPTIONS,
    ROUTINGS,
    Model,
    build_model,
    conservation,
    required_vcs,
    run_caminos,
)
from .routing import polarized_longest_route

__all__ = [
    "ROUTER_OPTIONS",
    "ROUTINGS",
    "Model",
    "build_model",
    "conservation",
    "polarized_longest_route",
    "required_vcs",
    "run_caminos",
]
