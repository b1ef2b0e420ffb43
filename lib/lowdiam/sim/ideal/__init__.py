"""The "ideal" router model: an idealised input-queued router, cycle by cycle (numba kernels).

Idealised: VC and switch allocation are one greedy maximal matching per cycle
(at least as good as one iteration of a separable allocator), with no
separate pipeline stages beyond ``router_delay``.  Other router models plug
in through :mod:`lowdiam.sim.routers`.

Model (BookSim2 / CAMINOS semantics, simplified where noted)
-------------------------------------------------------------
Routers and channels
    Input-queued routers.  Every directed link ``c -> v`` is an *arc*
    ``a`` (its CSR position; ``indices[a] == v``); the arc is the output port
    of ``c`` and, at its downstream end, an input port of ``v``.  Each
    endpoint has an injection channel into its router (input port) and an
    ejection port out of it.  Every input port has ``vcs`` virtual channels,
    each a FIFO buffer of ``buffer_flits`` flits (an injection port's VCs are
    all open to new packets: the emptiest one that can take the packet).
Packets, flow control
    Packets of ``packet_flits`` (P) flits.  Credit-based flow control with
    **virtual cut-through**: a packet is forwarded only when the downstream VC
    has credits for all P flits; it then occupies the output link for P
    consecutive cycles (one flit per cycle, no interleaving of packets on a
    link) and its head reaches the next router ``link_latency`` cycles later.
    The input port it leaves is busy for the same P cycles (one flit per cycle
    out of each input port, crossbar input speedup 1); the P credits travel
    back once the tail has left, ``link_latency`` cycles later (credit
    latency = link latency).  Cut-through timing is exact because flits arrive
    and leave at one per cycle: a head may leave before its tail has arrived.
    (``flow_control="wormhole"`` runs the flit-level kernel of
    :mod:`lowdiam.sim.ideal.wormhole` instead: buffers smaller than a packet, VC
    ownership, flits of different VCs interleaved on a link.)
Router pipeline
    A head that arrives at cycle t may win allocation at cycle
    t + ``router_delay`` (routing + VC/switch allocation stages).  Zero-load
    latency of an H-hop packet, creation to tail delivery::

        inj_latency + H * link_latency + (H + 1) * router_delay + (P - 1) + ej_latency

    (link latencies summed per hop when local and global links differ).
Allocation
    Each cycle every input VC whose head packet is ready requests one output
    (VC class fixed by the hop count).  Requests are served one by one in
    random order (``arbitration="random"``: a fresh shuffle each cycle) or in a
    rotating order (``"round_robin"``); a request wins when its input port and
    output port are idle and the downstream VC has room for the packet.  This
    greedy sequential matching is a maximal matching, i.e. an idealised
    separable allocator (at least as good as one iteration of BookSim's
    separable input-first allocator).
Deadlock freedom
    Hop-indexed VC classes: a packet that has crossed h links is held in a VC
    of class h-1 of its input port, so channel dependencies only go to higher
    classes and the last class drains into ejection.  ``vcs`` must be at
    least the longest route L of the routing algorithm
    (``Routing.route_length``); fewer is a ``ValueError`` before anything
    runs.  Extra VCs are shared out (VC v is in class v mod L) and a packet
    takes the VC of its class with the most free space (``common.pick_vc``).
Endpoints, traffic
    Each endpoint generates packets by a Bernoulli process of rate
    load / P packets per cycle (geometric inter-arrival gaps, equivalent and
    cheaper) into an *unbounded* source queue (the ring grows on demand), and
    injects the head of its queue whenever its injection channel is idle and
    one of the router's injection VCs has room: latency therefore includes source
    queueing.  Ejection takes one flit per cycle per endpoint and never blocks.
Phases
    Cycles [0, warmup) warm up; packets *created* in [warmup, warmup+measure)
    are measured (latency, hops); accepted load counts flits delivered in the
    window.  Drain (``drain="measured"``, default): keep simulating, with
    injection on, until every measured packet is delivered (at most
    ``max_drain_cycles``, default max(1000, measure, 4 x the zero-load time
    of the longest route)); ``drain="all"``: stop generating and run until the
    network and the source queues are empty; ``drain="none"``: stop at the end
    of the window.
Conservation
    At the end of every run: generated = injected + source-queued packets,
    injected = ejected + buffered (packet slots in use = packets in FIFOs),
    and for every (port, VC): credits + P x (pending credit returns) +
    P x (packets in the FIFO) = buffer size.  Any violation raises
    ``RuntimeError``.

State layout (all flat arrays, no per-flit objects)
    channel ``ch`` in ``[0, A)`` = arc, ``[A, A+NE)`` = injection channel of
    endpoint ``ch - A``; ``chv = ch * V + vc`` indexes per-VC state: FIFO of
    packet ids (``S = buffer_flits // P`` slots), credit counter (free flits
    downstream as seen upstream).  Pending credit returns sit in a time wheel.
    A packet table (slot pool with a free stack) holds source / destination
    endpoint, Valiant intermediate, hop count, creation and injection time,
    the cycle its head becomes eligible and its chosen output.  Input VCs
    holding packets form an *active list*; idle ports cost nothing.  A head
    with a fixed route that finds its output link busy sleeps until the link
    frees (it could not win earlier), so blocked packets cost little.
    ``used[a]`` (un-returned credits) plus ``pend[a]`` (routed heads waiting
    for the port) is the local occupancy UGAL and Polarized read.
Not modelled
    Output buffers and internal speedup; separate routing / VC-allocation
    pipeline stages (folded into ``router_delay``).

Determinism: the kernel draws from its own SplitMix64 state (:mod:`lowdiam.sim.rng`)
seeded from the run seed, so a seed fixes every number of a run.

Code layout: :mod:`.state` (the kernels' records and their allocation),
:mod:`.common` (packet generation and set-up, allocation order, VC choice,
delivery statistics shared by both flow controls), :mod:`.cut_through` and
:mod:`.wormhole` (the two kernels), :mod:`.conservation` (end-of-run checks),
:mod:`.run` (the router-model entry point ``run(request) -> SimResult``).
"""
