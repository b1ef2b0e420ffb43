"""Python side of :func:`run_booksim`: checks, tables, state, the kernel call, the result."""

from __future__ import annotations

import math
import time
from pathlib import Path

import numpy as np

from lowdiam.sim.kernel_cache import writable
from lowdiam.sim.request import SimRequest, direct_request
from lowdiam.sim.results import (
    SATURATION_TOLERANCE,
    SimResult,
    jain_fairness,
    percentile_from_histogram,
    saturation_verdict,
)
from lowdiam.sim.rng import new_state
from lowdiam.sim.routings import build_route_tables, resolve_routing
from lowdiam.sim.routings.base import BuildContext, Network, PortState, Scratch, route_tables
from lowdiam.sim.tables import memo
from lowdiam.sim.traffic import Endpoints, TrafficSpec, make_traffic
from lowdiam.validate import check_choice, check_float, check_int, check_options

from . import kernel as K
from .checkpoint import fingerprint, restore, save, state_arrays
from .deadlock import _live_packets as _live
from .deadlock import measured_held
from .options import ALLOCATORS, PHASE_SELECTIONS, ROUTINGS, SHARED_ROUTINGS, buffer_layout, check_router_options
from .paths import booksim_anynet_table, random_shortest_table
from .run_control import DRAIN_CHECK_CYCLES, BookSimRunControl, check_run_control_options

PATHS = ("booksim-anynet", "random")
#: how the model decides when a run ends and whether it was stable (see :func:`run_booksim`)
RUN_CONTROLS = ("fixed", "booksim")
FAR = 1 << 62  # a window end no run reaches (the kernel compares cycles in 64 bits)
LATENCY_BINS = 1 << 16
DEFAULT_VCS = 4  # the reference runs' num_vcs
INITIAL_QUEUE = 64
#: the kernel prefetches the next routers' state on networks of at least this many input VCs (router ports x VCs):
#: a smaller network's state stays in the caches and the prefetches only cost (measured on 2-core AMD EPYC machines,
#: 2 MB L2, 32 MB L3: docs/benchmarks.md, "Prefetching only where the state leaves the caches")
PREFETCH_MIN_INPUT_VCS = 20_000
#: A run whose measurement window fails the throughput rule ends with the window (no drain).  False runs every
#: run through its drain in one kernel leg, as before this rule; tests use it to check the two legs change nothing.
END_SATURATED_RUNS_AT_WINDOW = True


def _records(rows: int, width: int, dtype) -> np.ndarray:
    """A zeroed C-contiguous (rows, width) array whose rows start on 64-byte boundaries when they fill one.

    A record of the kernel's state (:class:`~lowdiam.sim.booksim.kernel.Router`) is then read in one cache line.
    """
    item = np.dtype(dtype).itemsize
    raw = np.zeros(rows * width * item + 64, np.uint8)
    off = (-raw.ctypes.data) % 64
    return raw[off:off + rows * width * item].view(dtype).reshape(rows, width)


def _distances(topology) -> np.ndarray:
    from lowdiam.metrics.distances import distance_matrix

    return np.ascontiguousarray(distance_matrix(topology), dtype=np.uint8)


def run_booksim(request=None, routing: str | None = None, traffic: str | None = None, load: float | None = None,
                **arguments) -> SimResult:
    """Simulate ``topology`` with the flit-level BookSim2 ``iq_router`` model (see :mod:`lowdiam.sim.booksim`).

    ``run_booksim(request)`` runs a :class:`~lowdiam.sim.request.SimRequest` (what
    ``simulate(..., router="booksim")`` hands the model; its fields below); ``run_booksim(topology, routing,
    traffic, load, **keywords)`` takes the parameters below directly (``warmup_cycles`` and ``measure_cycles``
    required, the others defaulting as listed).

    Parameters
    ----------
    request : SimRequest or Topology
        The run, or the router graph (sorted neighbour lists) with its endpoints.
    routing : str
        The model's own routings (cross-validated against BookSim2): ``"min-single"``, one shortest path per
        router pair from a next-hop table chosen by ``routing_options["paths"]`` (``"booksim-anynet"``, the
        default: BookSim's own Dijkstra table; ``"random"``: a seeded random shortest path per pair), and
        ``"min"``, at every hop a uniformly random neighbour one step closer to the destination (drawn at the
        routing stage).  Or a shared routing of :mod:`lowdiam.sim.routings` (``SHARED_ROUTINGS``: Valiant,
        UGAL-L, NAG, PolarStar / Dragonfly minimal, source-minimal, KSP; ``routing_options`` as there), run
        through the routings' dispatch at the routing stage; UGAL / NAG read the router's used credits of
        each output port (all VCs: BookSim's ``GetUsedCredit``).  ``"polarized"`` is refused (CAMINOS).
    traffic : str
        A pattern of ``lowdiam.sim.traffic.PATTERNS``.
    load : float
        Offered load in flits / endpoint / cycle, in (0, 1].
    endpoints_per_router : int, optional
        Concentration; ``None`` keeps the topology's endpoints.
    packet_flits, vcs, buffer_flits : int
        Flits per packet, VCs per port (``None``: 4, the reference runs' ``num_vcs``, or the shared routing's
        longest route when that is more), flits per VC buffer (any size >= 1: flit-level flow control).
    warmup_cycles, measure_cycles : int
        ``run_control="fixed"``: warm-up and measurement window; afterwards the run drains until every packet
        created in the window is delivered (at most ``max(1000, measure_cycles)`` more cycles), unless the
        window alone already fails the throughput rule: then the run is saturated and ends with the window, its
        latency fields covering the measured packets delivered by then.  Not used by ``run_control="booksim"``
        (pass 0 and 1; :func:`lowdiam.sim.simulate` refuses other values there).
    seed : int
        Fixes every random choice (traffic, injection, random paths, ``"min"`` draws).
    traffic_options : dict, optional
        Keyword arguments of the traffic pattern.
    routing_options : dict, optional
        ``{"paths": "booksim-anynet" | "random"}`` for ``"min-single"``; ``"min"`` takes none.
    router_options : dict, optional
        BookSim key names (see ``lowdiam.sim.booksim.ROUTER_DEFAULTS``) plus ``"vc_selection"``
        (``"auto"``, the default: ``"any"`` for the own routings, ``"hop"`` for the shared ones)
        (``"any"``: every hop may take any VC, BookSim anynet ``min``; ``"hop"``: VC = hops taken so
        far, deadlock-free, needs ``vcs`` > longest route; ``"phase"`` / ``"dragonfly"``: VC by routing phase as
        BookSim2's Dragonfly assigns them, for minimal and two-phase routings, 1 / 2 VCs and 2 / 3 VCs,
        ``lowdiam.sim.booksim.options.PHASE_SELECTIONS``) and ``"deadlock_cycles"``.
    run_control : {"fixed", "booksim"}
        How the run ends and what decides that it was stable.  ``"fixed"``: the windows above and the
        throughput rule of :mod:`lowdiam.sim.results` (accepted >= 95 % of offered, measured packets drained).
        ``"booksim"``: BookSim2's own run control (``_SingleSim``; :mod:`lowdiam.sim.booksim.run_control`):
        sample periods, warm-up, measurement until latency and accepted rate converge or ``max_samples``, an
        abort as soon as the mean latency of retired and in-flight flits exceeds ``latency_thres`` (unstable, no
        drain), then the drain of the measured packets (stable when it completes under the threshold).
    run_control_options : dict, optional
        With ``run_control="booksim"``: BookSim's keys ``sample_period``, ``warmup_periods``, ``max_samples``,
        ``latency_thres``, ``warmup_thres``, ``acc_warmup_thres``, ``stopping_thres``, ``acc_stopping_thres``
        (defaults ``lowdiam.sim.booksim.run_control.RUN_CONTROL_DEFAULTS``: BookSim's, with the PolarStar
        authors' ``max_samples = 8``).

    Returns
    -------
    SimResult
        Same fields and saturation rule as :func:`lowdiam.sim.simulate`; ``hops_mean`` counts links
        (BookSim's "Hops average" counts routers, one more).

    Raises
    ------
    ValueError
        Bad parameter or option (named with its valid values), or, under ``run_control="fixed"``, a deadlock
        (``vc_selection="any"``): no flit moved for ``deadlock_cycles`` cycles with packets in flight.  Under
        ``run_control="booksim"`` a deadlock ends the run unstable (decision ``"deadlock"``).
    TypeError
        A parameter of the wrong kind.

    Examples
    --------
    >>> from lowdiam.topologies import slimfly
    >>> r = run_booksim(slimfly(5), "min-single", "uniform", 0.2, warmup_cycles=200, measure_cycles=300, seed=1)
    >>> r.saturated, 15 < r.latency_mean < 30
    (False, True)
    """
    return run_request(direct_request("run_booksim", request, routing, traffic, load, arguments,
                                      required=("warmup_cycles", "measure_cycles"), accepted=DIRECT_ARGUMENTS))[0]


#: keywords of a direct :func:`run_booksim` call (besides topology, routing, traffic, load): SimRequest fields
DIRECT_ARGUMENTS = ("endpoints_per_router", "packet_flits", "vcs", "buffer_flits", "warmup_cycles", "measure_cycles",
                    "seed", "traffic_options", "routing_options", "router_options", "run_control",
                    "run_control_options")


def run_request(req: SimRequest, **extra):
    """:func:`_run` on the fields of ``req`` the model reads (``extra``: ``_run``'s program keywords)."""
    return _run(req.topology, req.routing, req.traffic, req.load, packet_flits=req.packet_flits, vcs=req.vcs,
                buffer_flits=req.buffer_flits, warmup_cycles=req.warmup_cycles, measure_cycles=req.measure_cycles,
                seed=req.seed, traffic_options=req.traffic_options, routing_options=req.routing_options,
                router_options=req.router_options, run_control=req.run_control,
                run_control_options=req.run_control_options, **extra)


PROGRAM_CHUNK_CYCLES = 1 << 16  # cycles a message program runs between progress reports
# the fields of kernel.Messages a run changes (the others are the program itself): what a checkpoint saves of it
MUTABLE_MESSAGE_FIELDS = ("wait", "unsent", "left", "ready", "done", "rq", "rq_head", "rq_cnt", "p_msg")


def _run(
    topology,
    routing: str,
    traffic: str | None,
    load: float | None,
    *,
    endpoints_per_router: int | None = None,
    packet_flits: int = 4,
    vcs: int | None = None,
    buffer_flits: int = 32,
    warmup_cycles: int,
    measure_cycles: int,
    seed: int = 0,
    traffic_options: dict | None = None,
    routing_options: dict | None = None,
    router_options: dict | None = None,
    program=None,
    progress: bool = False,
    checkpoint=None,
    checkpoint_seconds: float = 600.0,
    run_control: str = "fixed",
    run_control_options: dict | None = None,
    inspect=None,
):
    """:func:`run_booksim`, or with ``program`` (a :class:`lowdiam.sim.motifs.MessageProgram`; then
    ``traffic`` and ``load`` are None and ``measure_cycles`` caps the run; ``progress`` shows the messages
    delivered on a tqdm bar on stderr; ``checkpoint``, a file path, saves the run's state there every
    ``checkpoint_seconds`` and resumes from it: :mod:`.checkpoint`): returns the result and the kernel's
    :class:`~.kernel.Messages` (None without a program).  ``inspect``, if given, is called once the run has
    ended with its state as keywords ``net``, ``st``, ``nd``, ``cfg``, ``ctr`` (:mod:`.deadlock` reads them)."""
    t_start, c_start = time.perf_counter(), time.thread_time()
    if routing == "polarized":
        raise ValueError(
            "router 'booksim' does not run routing 'polarized' (its heads re-decide every cycle they wait, a "
            "CAMINOS notion); use router='caminos' or router='ideal', or one of the booksim routings "
            f"{list(ROUTINGS)}"
        )
    routing = check_choice("routing", routing, ROUTINGS)
    run_control = check_choice("run_control", run_control, RUN_CONTROLS)
    if run_control == "booksim":
        if program is not None:
            raise ValueError("run_control='booksim' decides the stability of a load sweep point; a message program "
                             "runs to completion: use run_control='fixed'")
        rc_opts = check_run_control_options(run_control_options)
    elif run_control_options:
        raise ValueError("run_control_options are BookSim's run-control keys and need run_control='booksim'")
    if program is None:
        load = check_float("load", load, low=0.0, high=1.0, low_open=True)
    P = check_int("packet_flits", packet_flits, low=1)
    V = None if vcs is None else check_int("vcs", vcs, low=1, high=64)
    CAP = check_int("buffer_flits", buffer_flits, low=1)
    warm = check_int("warmup_cycles", warmup_cycles, low=0)
    meas = check_int("measure_cycles", measure_cycles, low=1)
    seed = check_int("seed", seed, low=0)
    shared = routing in SHARED_ROUTINGS
    if routing == "min-single":
        ropts = check_options("routing_options", routing_options, ["paths"])
        paths = check_choice("routing_options['paths']", ropts.get("paths", "booksim-anynet"), PATHS)
    elif routing == "min":
        check_options("routing_options", routing_options, [])
        paths = None
    else:
        paths = None
        shared_routing, shared_opts = resolve_routing(routing, routing_options)
    opts = check_router_options(router_options)
    if checkpoint is not None:
        if program is None:
            raise ValueError("checkpoint: only a message program run can be checkpointed (pass program=)")
        checkpoint_seconds = check_float("checkpoint_seconds", checkpoint_seconds, low=0.0)
    if opts["vc_selection"] == "auto":  # BookSim anynet's any-VC for its own min; hop classes for the others
        opts["vc_selection"] = "hop" if shared else "any"
    if endpoints_per_router is not None:
        topology = topology.with_endpoints(check_int("endpoints_per_router", endpoints_per_router, low=1))

    n = topology.num_routers
    ep = Endpoints.of(topology.endpoints)
    NE = ep.count
    if NE < 2:
        raise ValueError(f"{topology.name} has {NE} endpoints; a simulation needs at least 2")
    D = _distances(topology)
    carriers = np.flatnonzero(topology.endpoints > 0)
    longest = int(D[np.ix_(carriers, carriers)].max())
    if longest == 255:
        raise ValueError(f"{topology.name} is disconnected; routing needs a connected router graph")
    if shared:
        ctx = BuildContext(topology, D, seed, P, memo(topology))
        tabs, need = build_route_tables(shared_routing, shared_opts, ctx)
        if V is None:
            V = DEFAULT_VCS if opts["vc_selection"] in PHASE_SELECTIONS else max(need, DEFAULT_VCS)
        if opts["vc_selection"] == "hop" and V < need:
            raise ValueError(
                f"vcs={V} is too few for routing {routing!r} with vc_selection='hop' on {topology.name}: "
                f"hop-indexed VCs need one VC per link of the longest route, {need} (the ejection hop reuses "
                f"the last class); use vcs >= {need} or router_options={{'vc_selection': 'any'}}"
            )
    elif V is None:  # hop classes need one VC per link of the longest route plus the ejection hop
        V = max(DEFAULT_VCS, longest + 1) if opts["vc_selection"] == "hop" else DEFAULT_VCS
    if not shared and opts["vc_selection"] == "hop" and V < longest + 1:
        raise ValueError(
            f"vcs={V} is too few for vc_selection='hop' on {topology.name}: hop-indexed VCs need one VC per "
            f"link of the longest route plus the ejection hop, {longest + 1}; use vcs >= {longest + 1} or "
            "router_options={'vc_selection': 'any'}"
        )
    phase_mode, two_phase, arc_glob, rgroup = _phase_vcs(opts["vc_selection"], routing, shared_routing if shared
                                                         else None, topology, V)
    if paths == "booksim-anynet":
        nh = booksim_anynet_table(topology, D)
    elif paths == "random":
        nh = random_shortest_table(topology, D, seed)
    else:
        nh = np.zeros((1, 1), np.int16)

    if program is None:
        tspec = make_traffic(traffic, topology, ep, D, seed, **(traffic_options or {}))
        active = np.asarray(tspec.active, dtype=bool)
        n_active = int(active.sum())
        if n_active == 0:
            raise ValueError(f"traffic {traffic!r} leaves no endpoint injecting on {topology.name}")
        p_pkt = load / P
        logq = np.where(active, -np.inf if p_pkt >= 1.0 else math.log1p(-p_pkt), 0.0)
    else:  # the program's messages replace random generation (logq 0: an endpoint never generates)
        if program.num_endpoints != NE:
            raise ValueError(f"the message program was compiled for {program.num_endpoints} endpoints; "
                             f"{topology.name} has {NE}")
        tspec = TrafficSpec(K.TMODE_MESSAGES, np.ones(NE, bool), np.zeros(1, np.int32), np.zeros(1, np.int32),
                            np.zeros(0, np.int32))
        active = np.zeros(NE, bool)
        active[program.src] = True
        n_active = int(active.sum())
        logq = np.zeros(NE)

    # ------------------------------------------------------------ wiring
    indptr = topology.indptr.astype(np.int64)
    indices = topology.indices.astype(np.int64)
    A = int(indices.size)
    deg = np.diff(indptr)
    p_r = np.asarray(topology.endpoints, dtype=np.int64)
    radix = p_r + deg
    rptr = np.zeros(n + 1, np.int64)
    np.cumsum(radix, out=rptr[1:])
    ISL = int(rptr[-1])  # port slots: router r's local port j is slot rptr[r] + j
    src = np.repeat(np.arange(n), deg)
    key = indices * n + src
    fwd = src * n + indices
    # reverse arc of each arc; the k-th of parallel arcs u -> v pairs with the k-th of v -> u (a multigraph's
    # parallel links are separate channels)
    rev = np.searchsorted(fwd, key) + (np.arange(A) - np.searchsorted(fwd, fwd))
    if not np.array_equal(fwd[rev], key):
        raise ValueError(f"{topology.name}: adjacency is not symmetric")
    arcs = np.arange(A)
    oslot = rptr[src] + p_r[src] + (arcs - indptr[src])  # arc a = (u -> v) leaves u at this slot
    dst_r = indices
    islot = rptr[dst_r] + p_r[dst_r] + (rev - indptr[dst_r])  # ... and enters v at this one
    eslot = rptr[ep.router] + ep.local
    o2i = np.zeros(ISL, np.int64)
    i2o = np.zeros(ISL, np.int64)
    out_arc = np.full(ISL, -1, np.int64)
    o2i[oslot] = islot
    i2o[islot] = oslot
    out_arc[oslot] = arcs
    o2i[eslot] = ISL + np.arange(NE)
    i2o[eslot] = ISL + np.arange(NE)
    net = K.Net(
        rptr=rptr,
        o2i=o2i,
        i2o=i2o,
        slot_sink=np.concatenate([np.repeat(np.arange(n, dtype=np.int64), radix), n + np.arange(NE, dtype=np.int64)]),
        eslot=eslot.astype(np.int64),
        out_arc=out_arc,
        ep_router=ep.router.astype(np.int64),
        ep_local=ep.local.astype(np.int64),
        indptr=indptr,
        indices=indices,
        dist=D,
        nh=nh,
        tptr=tspec.ptr.astype(np.int64),
        tdst=tspec.dst.astype(np.int64),
        hot=tspec.hot.astype(np.int64) if tspec.hot.size else np.zeros(1, np.int64),
        logq=logq,
        arc_glob=arc_glob,
        rgroup=rgroup,
    )
    net = writable(net)  # one kernel signature whatever the arrays' origin (a frozen topology's are read-only)

    # ------------------------------------------------------------ state
    # input buffers: "private" keeps CAP flits per VC; "shared" gives a VC at most lay.vc_limit (its private flits
    # and the whole pool) and a port lay.port in all, which size the rings below
    lay = buffer_layout(opts, V, CAP)
    VCAP = lay.vc_limit  # most flits one VC can hold (CAP under "private")
    PORT = lay.port  # most flits one input port can hold (V x CAP under "private")
    NIV = ISL * V
    NOV = ISL * V
    NCH = ISL
    NW = (ISL + NE) * K.W
    maxR = int(radix.max())
    maxRV = maxR * V
    if maxR > K.MAX_PORTS:
        raise ValueError(f"the BookSim model supports routers of at most {K.MAX_PORTS} ports (network links plus "
                         f"endpoints); router {int(radix.argmax())} has {maxR}")

    def pow2(x):
        return 1 << max(int(x) - 1, 0).bit_length()

    OQ = pow2(PORT)
    BCAP = pow2(VCAP)
    SH = max(P - 1, 0).bit_length()
    speed_ppm = round(opts["internal_speedup"] * 1_000_000)
    steps = -(-speed_ppm // 1_000_000)
    XD = opts["st_prepare_delay"] + opts["st_final_delay"]
    maxR_ = int(radix.max())
    # router-wide crossbar FIFO: with delay 1 it holds at most one step's grants; with a longer delay it
    # can back up, bounded by the credits of all outputs
    XQ = pow2(2 * maxR_ * steps + 4) if XD == 1 else pow2(maxR_ * PORT + 4)
    PCN = pow2(opts["credit_delay"] + 4)
    PW = -(-maxR_ // 64)  # 64-bit words of a router's port masks (Router.pm_*)
    i32 = np.int32
    ivr = _records(NIV, K.IV_WIDTH, i32)
    ivr[:, K.IV_LDU] = -1
    ovr = _records(NOV, K.OV_WIDTH, i32)
    ovr[:, K.OV_OWN] = -1
    ch = _records(NW, 4, i32)
    ch[:, 0] = -1
    ch[:, 2] = -1
    st = K.Router(
        buf=np.zeros(NIV * BCAP, i32),
        ivr=ivr,
        ovr=ovr,
        prt=_records(NCH, K.PT_WIDTH, i32),
        lmask=np.zeros(NCH, np.int64),
        oq=_records(NCH * OQ, 2, i32),
        xb=_records(n * XQ, 8, i32),
        lbusy=np.full(n * 4, -1, np.int64),
        xh=np.zeros(n, i32),
        xn=np.zeros(n, i32),
        cqv=np.zeros(NCH * OQ, i32),
        pc=_records(NCH * PCN, 2, np.int64),
        ch=ch,
        va_in_ptr=np.zeros(NIV, i32),
        va_out_ptr=np.zeros(NOV, i32),
        sw_in_ptr=np.zeros(NCH, i32),
        sw_out_ptr=np.zeros(NCH, i32),
        rcount=np.zeros(n, np.int64),
        inbound=np.zeros(n + NE, np.int64),
        o_vc=np.zeros(maxR, np.int64),
        o_key=np.zeros(maxR, np.int64),
        o_stamp=np.full(maxR, -1, np.int64),
        va_in=np.zeros(maxRV * V, np.int64),
        va_out=np.zeros(maxRV * V, np.int64),
        sw_in=np.zeros(maxR * maxR, np.int64),
        sw_out=np.zeros(maxR * maxR, np.int64),
        sw_vc=np.zeros(maxR * maxR, np.int64),
        a_bo=np.full(maxRV, -1, np.int64),
        a_ko=np.zeros(maxRV, np.int64),
        a_bi=np.full(maxRV, -1, np.int64),
        a_ki=np.zeros(maxRV, np.int64),
        a_match=np.full(maxRV, -1, np.int64),
        a_om=np.full(maxRV, -1, np.int64),
        ores=np.zeros(NOV if lay.shared else 1, i32),
        oshr=np.zeros(NCH if lay.shared else 1, i32),
        pm_in=np.zeros(n * K.W * PW, np.int64),
        pm_list=np.zeros(n * PW, np.int64),
        pm_pc=np.zeros(n * PW, np.int64),
        pm_out=np.zeros(n * PW, np.int64),
    )
    # live packets: each holds >= 1 flit in an input buffer, or in flight towards one (bounded by the
    # credits of its channel), or at its source: at most one packet per flit slot plus one per endpoint
    pool = ISL * PORT + 2 * NE
    if pool << SH >= 2**31:
        raise ValueError(f"{topology.name}: network too large for 32-bit flit ids ({pool} packets x {P} flits)")
    QCAP = INITIAL_QUEUE
    nd = K.Nodes(
        own_n=np.zeros(NE * V, i32),
        occ_n=np.zeros(NE * V, i32),
        last_vc=np.full(NE, V - 1, np.int64),
        cur_pkt=np.full(NE, -1, np.int64),
        cur_k=np.zeros(NE, np.int64),
        cur_v=np.zeros(NE, np.int64),
        sq_time=np.zeros(NE * QCAP, np.int64),
        sq_dst=np.zeros(NE * QCAP, np.int64),
        sq_head=np.zeros(NE, np.int64),
        sq_cnt=np.zeros(NE, np.int64),
        next_gen=_first_arrivals(logq, seed),
        p_src=np.zeros(pool, i32),
        p_dst=np.zeros(pool, i32),
        p_ctime=np.zeros(pool, np.int64),
        p_itime=np.zeros(pool, np.int64),
        p_meas=np.zeros(pool, np.uint8),
        p_hops=np.zeros(pool, i32),
        p_vcl=np.zeros(pool, i32),
        free_stack=np.arange(pool - 1, -1, -1, dtype=np.int64),
        nfree=np.array([pool], np.int64),
        res_n=np.zeros(NE * V if lay.shared else 1, i32),
        shr_n=np.zeros(NE if lay.shared else 1, i32),
    )
    stats = K.Stats(
        ctr=np.zeros(K.N_CTR, np.int64),
        src_acc=np.zeros(NE, np.int64),
        arc_flits=np.zeros(A, np.int64),
        hop_hist=np.zeros(max(longest, need if shared else 1, 1) + 2, np.int64),
        lat_hist=np.zeros(LATENCY_BINS, np.int64),
    )
    wend = warm + meas
    if program is not None:  # no windows: everything is measured, measure_cycles caps the run
        warm, wend = 0, meas
    if (wend + max(1000, meas)) * steps >= 2**31 - 8:
        raise ValueError(
            f"warmup_cycles + measure_cycles = {wend} is too long: the model keeps cycles in 32 bits; "
            f"use fewer than {(2**31 - 8) // steps // 2} cycles"
        )
    cfg = np.zeros(K.N_CFG, np.int64)
    cfg[K.C_N], cfg[K.C_A], cfg[K.C_NE], cfg[K.C_V], cfg[K.C_CAP], cfg[K.C_P] = n, A, NE, V, CAP, P
    cfg[K.C_RD], cfg[K.C_VD], cfg[K.C_SD] = opts["routing_delay"], opts["vc_alloc_delay"], opts["sw_alloc_delay"]
    cfg[K.C_XD], cfg[K.C_CD], cfg[K.C_SPEED_PPM] = XD, opts["credit_delay"], speed_ppm
    cfg[K.C_WARM], cfg[K.C_WEND], cfg[K.C_TEND] = warm, wend, wend + (0 if program is not None else max(1000, meas))
    cfg[K.C_ANY] = 1 if opts["vc_selection"] == "any" else 0
    cfg[K.C_VCS], cfg[K.C_TWOPHASE] = phase_mode, two_phase
    cfg[K.C_ROUTE] = K.ROUTE_MIN if routing == "min" else K.ROUTE_TABLE
    cfg[K.C_TMODE], cfg[K.C_HOT_PPM] = tspec.mode, round(tspec.hot_fraction * 1_000_000)
    cfg[K.C_USELF] = 1 if tspec.include_source else 0
    cfg[K.C_PW] = PW
    cfg[K.C_PREFETCH] = int(NIV >= PREFETCH_MIN_INPUT_VCS)  # changes no value, only the speed
    cfg[K.C_QCAP], cfg[K.C_DEADLOCK], cfg[K.C_LH] = QCAP, opts["deadlock_cycles"], LATENCY_BINS
    cfg[K.C_XQ], cfg[K.C_PCN], cfg[K.C_BCAP], cfg[K.C_SH], cfg[K.C_OQ] = XQ, PCN, BCAP, SH, OQ
    cfg[K.C_ISL] = ISL
    if lay.shared:
        cfg[K.C_CAP] = VCAP
        cfg[K.C_SHBUF], cfg[K.C_PB], cfg[K.C_SB] = 1, lay.private, lay.pool
    cfg[K.C_VALLOC] = ALLOCATORS.index(opts["vc_allocator"])
    cfg[K.C_SALLOC] = ALLOCATORS.index(opts["sw_allocator"])
    cfg[K.C_ITERS] = opts["alloc_iters"]
    rs = new_state(seed)
    if shared:
        cfg[K.C_ROUTE] = K.ROUTE_SHARED
        cfg[K.C_ADAPTIVE] = 0 if shared_routing.oblivious else 1
    else:  # placeholders of the right types: one compiled kernel serves every routing
        tabs = route_tables(0, 0, n, 1, False, D, {})
    deg_max = max(int(deg.max(initial=0)), 1)
    mo = _messages(program, NE, pool)
    sh = K.Shared(
        tabs=tabs,
        rnet=Network(indptr.astype(np.int32), indices.astype(np.int32), np.ones(A, np.int32),
                     ep.router.astype(np.int32)),
        # the adaptive routings' "buffer size" (Galaxyfly's Th_min, UGAL-PF's rule): the VC buffer, or under
        # shared buffers the port's (Galaxyfly Sec. 5: "the buffer of each port has 256 flits")
        ports=PortState(np.zeros(A + NE, np.int32), np.zeros(A, np.int32), np.zeros(1, np.int32), V,
                        PORT if lay.shared else CAP),
        pkr=K.PacketRoutes(src=nd.p_src, route_state=np.full(pool, -1, np.int32)),
        scratch=Scratch(np.zeros(1, np.int32), np.zeros(deg_max, np.int32), np.zeros(deg_max, np.int64), rs),
    )
    sh = writable(sh)
    ctr = stats.ctr
    # Two legs: the windows, then the drain.  A run whose measurement window alone fails the throughput rule is
    # saturated whatever the drain delivers, so it ends at the window's end (BookSim too ends a run it finds
    # unstable without draining); the drain runs only when the verdict still depends on it.  The kernel stops and
    # resumes at a cycle boundary, so a drained run is the same cycle by cycle as one uninterrupted run.
    drained = True
    split = program is None and END_SATURATED_RUNS_AT_WINDOW
    # A message program runs in chunks of PROGRAM_CHUNK_CYCLES (the same resumption), to report its progress.
    bar = None
    if program is not None and progress:
        from tqdm.auto import tqdm

        from ...parallel import worker_slot

        # a local worker's bar on a row of its own (lowdiam.parallel.worker_slot), below its caller's; in the
        # calling process tqdm places it below the bars it already shows (position None)
        bar = tqdm(total=mo.src.size, unit="msg", desc=f"{topology.name} {routing}: {program.label}", leave=False,
                   position=worker_slot() or None)
    legs = (wend, int(cfg[K.C_TEND])) if split else (int(cfg[K.C_TEND]),)
    rc = None
    if run_control == "booksim":  # sample periods decide; the fixed legs below do not run
        legs = ()
        status, nd, rc = _booksim_control(cfg, net, st, nd, stats, rs, sh, mo, rc_opts, NE, P, steps)
    ckpt = None
    if checkpoint is not None:
        ckpt = Path(checkpoint)
        fp = fingerprint(topology, program, {
            "routing": routing, "routing_options": routing_options, "packet_flits": P, "vcs": V, "buffer_flits": CAP,
            "seed": seed, "router_options": opts, "endpoints_per_router": endpoints_per_router})
        # max_cycles is not part of a run's identity: a run that reached it resumes under a larger one
        earlier = np.zeros(1)  # wall seconds of the legs before this one (a resumed run's wall_seconds counts them)
        saved_state = state_arrays(cfg=cfg, st=st, nd=nd, stats=stats, rs=rs, earlier=earlier,
                                   mo={f: getattr(mo, f) for f in MUTABLE_MESSAGE_FIELDS},
                                   ports=sh.ports, route_state=sh.pkr.route_state, scratch=sh.scratch)
        resumed = restore(ckpt, saved_state, fp)
        cfg[K.C_WEND] = wend  # this call's cap (the saved one may be smaller); cycles before it counted the same
        if resumed and bar is not None:
            bar.update(int(ctr[K.K_MSG_DONE]))
        t_start -= float(earlier[0])
        if resumed:  # the CPU time of the legs before this one is not kept
            c_start = None
        last_save = time.perf_counter()
    for leg_end in legs:
        while True:
            chunk = program is not None and int(ctr[K.K_NOW]) + PROGRAM_CHUNK_CYCLES < leg_end
            cfg[K.C_TEND] = int(ctr[K.K_NOW]) + PROGRAM_CHUNK_CYCLES if chunk else leg_end
            status = K.run_kernel(cfg, net, st, nd, stats, rs, sh, mo)
            if status == K.RUN_GROW:
                nd = _grow(nd, NE, int(cfg[K.C_QCAP]))
                cfg[K.C_QCAP] *= 2
                continue
            if bar is not None:
                bar.update(int(ctr[K.K_MSG_DONE]) - bar.n)
            if chunk and status == K.RUN_DONE and int(ctr[K.K_MSG_DONE]) < mo.src.size:
                if ckpt is not None and time.perf_counter() - last_save >= checkpoint_seconds:
                    earlier[0] = time.perf_counter() - t_start
                    save(ckpt, saved_state, fp)
                    last_save = time.perf_counter()
                continue
            break
        if status != K.RUN_DONE:
            break
        if split and leg_end == wend and _window_fails(ctr, meas * n_active):
            drained = False
            break
    if bar is not None:
        bar.close()
    if inspect is not None:
        inspect(net=net, st=st, nd=nd, cfg=cfg, ctr=ctr)
    unfinished = program is not None and int(ctr[K.K_MSG_DONE]) < mo.src.size
    if ckpt is not None and status == K.RUN_DONE:
        if unfinished:  # max_cycles reached: keep the state, so that a call with a larger max_cycles resumes
            earlier[0] = time.perf_counter() - t_start
            save(ckpt, saved_state, fp)
        else:
            ckpt.unlink(missing_ok=True)  # the run is over: its result is the caller's to keep
    if status == K.RUN_ROUTE_ERROR:
        why = {-4: "found no route", -5: "needs more hop classes than it declared (a route longer than its "
               "longest-route bound)", -3: "waited (an adaptive routing this model cannot run)"}
        raise RuntimeError(
            f"routing {routing!r} on {topology.name} at cycle {int(ctr[K.K_NOW])}: router {int(ctr[K.K_ERR_A])} "
            f"{why.get(int(ctr[K.K_ERR]), 'failed')} for endpoint {int(ctr[K.K_ERR_B])}"
        )
    if status == K.RUN_DEADLOCK and rc is not None:  # BookSim's rule: a deadlocked run is unstable
        rc.deadlocked(cycle=int(ctr[K.K_NOW]), idle_cycles=opts["deadlock_cycles"], packets=int(ctr[K.K_LIVE]))
        status = K.RUN_DONE
    if status == K.RUN_DEADLOCK:
        raise ValueError(
            f"deadlock on {topology.name} at cycle {int(ctr[K.K_NOW])}: no flit moved for "
            f"{opts['deadlock_cycles']} cycles with {int(ctr[K.K_LIVE])} packets in the network "
            f"(router_options vc_selection={opts['vc_selection']!r} lets cyclic channel dependencies form here; "
            "'hop' cannot, nor 'dragonfly' on a Dragonfly)"
        )
    if unfinished:
        kept = f" (its checkpoint {ckpt} is kept: the same call with a larger max_cycles resumes from it)" \
            if ckpt is not None else ""
        raise RuntimeError(
            f"the message program did not complete within {meas} cycles on {topology.name}: "
            f"{int(ctr[K.K_MSG_DONE])} of {mo.src.size} messages delivered; raise max_cycles{kept}"
        )
    cons = _conservation(ctr, st, nd, P, VCAP, V, NCH, A, NE, pool, lay)
    wall = time.perf_counter() - t_start
    cpu = None if c_start is None else time.thread_time() - c_start
    measured, delivered = int(ctr[K.K_MEAS]), int(ctr[K.K_MEAS_DONE])
    extra = {}
    if rc is None:
        window = meas * n_active
        offered_actual = ctr[K.K_GEN_WIN_FLITS] / window
        accepted = ctr[K.K_ACC_WIN_FLITS] / window
        saturated, reason = saturation_verdict(offered_actual, accepted, measured, delivered, drained,
                                               SATURATION_TOLERANCE)
        decision = "stable" if not saturated else (
            "drain-incomplete" if drained and delivered < measured else "throughput")
    else:  # the measurement window is BookSim's: from the end of warm-up to the start of the drain
        now = int(ctr[K.K_NOW])
        warm = int(cfg[K.C_WARM]) if cfg[K.C_WARM] != FAR else now
        meas = (int(cfg[K.C_WEND]) if cfg[K.C_WEND] != FAR else now) - warm
        if meas > 0:
            offered_actual = ctr[K.K_GEN_WIN_FLITS] / (meas * n_active)
            accepted = ctr[K.K_ACC_WIN_FLITS] / (meas * n_active)
        else:  # ended unstable during warm-up: rates over the whole run
            offered_actual = ctr[K.K_GEN] * P / (now * n_active)
            accepted = ctr[K.K_ACC_ALL] / (now * n_active)
        saturated, reason, decision = not rc.stable, rc.reason, rc.decision
        extra = {"run_control_options": rc_opts, **rc.summary()}
    per_src = stats.src_acc[active] / meas if meas > 0 else np.full(n_active, np.nan)
    nan = float("nan")
    hh = stats.hop_hist
    last = np.flatnonzero(hh)
    return (SimResult(
        topology=topology.name,
        routing=routing,
        traffic=traffic,
        offered_load=load,
        offered_load_actual=float(offered_actual),
        accepted_load=float(accepted),
        latency_mean=float(ctr[K.K_LAT_SUM] / delivered) if delivered else nan,
        latency_p50=percentile_from_histogram(stats.lat_hist, 50),
        latency_p99=percentile_from_histogram(stats.lat_hist, 99),
        latency_max=float(ctr[K.K_LAT_MAX]) if delivered else nan,
        network_latency_mean=float(ctr[K.K_NETLAT_SUM] / delivered) if delivered else nan,
        hops_mean=float(ctr[K.K_HOP_SUM] / delivered) if delivered else nan,
        hop_histogram=hh[: last[-1] + 1].copy() if last.size else np.zeros(1, np.int64),
        min_source_throughput=float(per_src.min()),
        jain_fairness=jain_fairness(per_src),
        link_utilization=stats.arc_flits / meas if meas > 0 else np.full(A, np.nan),
        saturated=bool(saturated),
        saturation_reason=reason,
        packets_measured=measured,
        packets_delivered=delivered,
        active_sources=n_active,
        cycles=int(ctr[K.K_NOW]),
        conservation=cons,
        wall_seconds=wall,
        cpu_seconds=cpu,
        params={
            "router": "booksim",
            "endpoints_per_router": topology.endpoints_per_router,
            "packet_flits": P,
            "vcs": V,
            "buffer_flits": CAP,
            "warmup_cycles": warm,
            "measure_cycles": meas,
            "seed": seed,
            "paths": paths,
            "router_options": opts,
            "source_queue_capacity": int(cfg[K.C_QCAP]),
            **extra,
        },
        run_control=run_control,
        decision=decision,
    ), mo if program is not None else None)


def _booksim_control(cfg, net, st, nd, stats, rs, sh, mo, rc_opts: dict, NE: int, P: int, steps: int):
    """Run the kernel sample period by sample period under BookSim's run control (:mod:`.run_control`);
    returns the kernel status, the (possibly regrown) endpoint state and the decision."""
    ctr = stats.ctr
    rc = BookSimRunControl(rc_opts, NE)
    limit = (2**31 - 8) // steps - 1  # the model keeps cycles in 32 bits
    cfg[K.C_WARM] = cfg[K.C_WEND] = FAR  # nothing is measured until the warm-up ends

    def advance(nd, to: int):
        if to > limit:
            raise ValueError(f"the run reached cycle {int(ctr[K.K_NOW])} without a decision; the model keeps "
                             f"cycles in 32 bits (at most {limit}): lower max_samples or set latency_thres >= 0")
        cfg[K.C_TEND] = to
        while True:
            status = K.run_kernel(cfg, net, st, nd, stats, rs, sh, mo)
            if status != K.RUN_GROW:
                return status, nd
            nd = _grow(nd, NE, int(cfg[K.C_QCAP]))
            cfg[K.C_QCAP] *= 2

    base = (0, 0, 0, 0)  # retired packets, their latency sum, flits ejected, cycle: at the last clear
    while rc.more_samples():
        if rc.clear_now():
            base = (int(ctr[K.K_RET_ALL]), int(ctr[K.K_RET_LAT_ALL]), int(ctr[K.K_ACC_ALL]), int(ctr[K.K_NOW]))
        status, nd = advance(nd, int(ctr[K.K_NOW]) + rc_opts["sample_period"])
        if status != K.RUN_DONE:
            return status, nd, rc
        now = int(ctr[K.K_NOW])
        if rc.phase == "warm-up":  # every retired packet counts while warming up
            lat_sum, lat_n = int(ctr[K.K_RET_LAT_ALL]) - base[1], int(ctr[K.K_RET_ALL]) - base[0]
        else:  # then only the measured ones
            lat_sum, lat_n = int(ctr[K.K_LAT_SUM]), int(ctr[K.K_MEAS_DONE])
        ages, flits = _in_flight(nd, now, P, NE)
        verdict = rc.after_sample(end_cycle=now, lat_sum=lat_sum, lat_count=lat_n,
                                  accepted_flits=int(ctr[K.K_ACC_ALL]) - base[2], cycles=now - base[3],
                                  in_flight_age_sum=ages, in_flight_flits=flits)
        if verdict == "unstable":
            return status, nd, rc
        if verdict == "measure":
            cfg[K.C_WARM] = now  # packets created from the next sample on are measured
    if not rc.end_sampling():
        return status, nd, rc
    cfg[K.C_WEND] = int(ctr[K.K_NOW])  # BookSim's drain time: later packets are not measured
    while True:
        status, nd = advance(nd, int(ctr[K.K_NOW]) + DRAIN_CHECK_CYCLES)
        now = int(ctr[K.K_NOW])
        if status != K.RUN_DONE:
            return status, nd, rc
        if ctr[K.K_MEAS_DONE] == ctr[K.K_MEAS]:
            rc.drained(now)
            return status, nd, rc
        if rc_opts["stuck_cycles"] >= 0:
            age, left = _oldest_measured_in_network(nd, now)
            if age > rc_opts["stuck_cycles"]:
                if int(cfg[K.C_SHBUF]) or rc_opts["stuck_check"] == "age":  # the analysis reads private buffers
                    rc.stuck(cycle=now, age=age, packets=left, held=None, deadlocked_vcs=None)
                    return status, nd, rc
                held, vcs = measured_held(net, st, nd, cfg)
                if held or 0 <= rc_opts["stuck_limit"] < age:
                    rc.stuck(cycle=now, age=age, packets=left, held=held, deadlocked_vcs=vcs)
                    return status, nd, rc
                rc.slow(cycle=now, age=age, packets=left)  # slow, not held: BookSim's drain goes on
        ages, flits = _in_flight(nd, now, P, NE)
        if not rc.drain_check(end_cycle=now, lat_sum=int(ctr[K.K_LAT_SUM]), lat_count=int(ctr[K.K_MEAS_DONE]),
                              in_flight_age_sum=ages, in_flight_flits=flits):
            return status, nd, rc


def _oldest_measured_in_network(nd, now: int) -> tuple[int, int]:
    """(cycles the longest-travelling measured packet has been in the network, measured packets in the network) at
    cycle ``now``: the live packets of the pool are the injected, undelivered ones."""
    live = _live(nd) & (nd.p_meas != 0)
    if not live.any():
        return 0, 0
    return int(now - nd.p_itime[live].min()), int(live.sum())


def _in_flight(nd, now: int, P: int, NE: int) -> tuple[float, int]:
    """Sum of the ages and count of the flits BookSim counts in flight at cycle ``now``: every live packet's
    (in the network or being injected), and each idle source's next queued packet (BookSim has generated it)."""
    live = _live(nd)
    ages = float((now - nd.p_ctime[live]).sum())
    count = int(live.sum())
    qcap = nd.sq_time.size // NE
    heads = np.flatnonzero((nd.cur_pkt < 0) & (nd.sq_cnt > 0))
    ages += float((now - nd.sq_time[heads * qcap + nd.sq_head[heads]]).sum())
    count += heads.size
    return P * ages, P * count


def _messages(program, NE: int, pool: int) -> K.Messages:
    """The kernel's record of ``program`` (fresh mutable state), or an empty one."""
    i64 = np.int64
    if program is None:
        z = np.zeros(0, i64)
        return K.Messages(z, z, z, z, z.copy(), z.copy(), z.copy(), z.copy(), z.copy(), np.zeros(1, i64), z,
                          np.zeros(1, i64), np.zeros(NE, i64), np.ones(NE, i64), np.zeros(NE, i64),
                          np.zeros(NE, i64), np.zeros(1, i64))
    src = np.asarray(program.src, i64)
    cap = np.bincount(src, minlength=NE).astype(i64)
    rq_ptr = np.zeros(NE, i64)
    np.cumsum(cap[:-1], out=rq_ptr[1:])
    mo = K.Messages(src=src, dst=np.asarray(program.dst, i64), pkts=np.asarray(program.packets, i64),
                    delay=np.asarray(program.delay, i64), wait=np.asarray(program.num_deps, i64).copy(),
                    unsent=np.asarray(program.packets, i64).copy(), left=np.asarray(program.packets, i64).copy(),
                    ready=np.zeros(src.size, i64), done=np.full(src.size, -1, i64),
                    dptr=np.asarray(program.dependents_ptr, i64), didx=np.asarray(program.dependents, i64),
                    rq=np.zeros(max(src.size, 1), i64), rq_ptr=rq_ptr, rq_cap=np.maximum(cap, 1),
                    rq_head=np.zeros(NE, i64), rq_cnt=np.zeros(NE, i64), p_msg=np.zeros(pool, i64))
    for m in np.flatnonzero(mo.wait == 0):  # released at the start, after their computation
        mo.ready[m] = mo.delay[m]
        e = src[m]
        mo.rq[rq_ptr[e] + mo.rq_cnt[e]] = m
        mo.rq_cnt[e] += 1
    return mo


def _first_arrivals(logq: np.ndarray, seed: int) -> np.ndarray:
    """Cycle of each endpoint's first packet (never for silent endpoints)."""
    rng = np.random.default_rng([seed, 0xB00C])
    u = rng.random(logq.size)
    with np.errstate(divide="ignore", invalid="ignore"):
        gap = np.where(logq == -np.inf, 0.0, np.floor(np.log1p(-u) / np.where(logq == 0, -1.0, logq)))
    return np.where(logq == 0.0, 1 << 62, gap).astype(np.int64)


def _window_fails(ctr, window: int) -> bool:
    """True when the measurement window's counts alone make the run saturated (the throughput rule of
    :func:`~lowdiam.sim.results.saturation_verdict`, which no drain can undo)."""
    offered, accepted = ctr[K.K_GEN_WIN_FLITS] / window, ctr[K.K_ACC_WIN_FLITS] / window
    return saturation_verdict(offered, accepted, int(ctr[K.K_MEAS]), int(ctr[K.K_MEAS_DONE]), False,
                              SATURATION_TOLERANCE)[0]


def _grow(nd, NE: int, qcap: int):
    new = qcap * 2
    idx = (nd.sq_head[:, None] + np.arange(qcap)[None, :]) % qcap
    rows = np.arange(NE)[:, None] * qcap
    grown = {}
    for key in ("sq_time", "sq_dst"):
        old = getattr(nd, key)
        g = np.zeros(NE * new, dtype=old.dtype)
        g.reshape(NE, new)[:, :qcap] = old[rows + idx]
        grown[key] = g
    nd.sq_head[:] = 0
    return nd._replace(**grown)


def _conservation(ctr, st, nd, P, CAP, V, NCH, A, NE, pool, lay=None) -> dict:
    """Flit and credit accounting at the end of a run; ``RuntimeError`` on any imbalance.

    The flit counts it returns satisfy ``generated = injected + source_queued`` and
    ``injected = ejected + in_network`` exactly (a packet being injected counts its sent flits as injected and
    the rest as source-queued; a packet being ejected, its ejected flits as ejected)."""
    gen, inj, ej = int(ctr[K.K_GEN]), int(ctr[K.K_INJ]), int(ctr[K.K_EJ])
    queued = int(nd.sq_cnt.sum())
    sending = nd.cur_pkt >= 0
    unsent = int((P - nd.cur_k[sending]).sum())  # flits of the packets being injected still at their source
    injected_flits = inj * P - unsent
    ejected_flits = int(ctr[K.K_ACC_ALL])
    live = pool - int(nd.nfree[0])
    problems = []
    if gen != inj + queued:
        problems.append(f"generated {gen} packets != injected {inj} + source-queued {queued}")
    if live != inj - ej or int(ctr[K.K_LIVE]) != live:
        problems.append(f"{live} packet slots in use but {inj - ej} packets live")
    # every output VC: occupancy = flits in its output queue / crossbar / channel / downstream buffer
    # + credits on their way back; checked as a total against the input buffers
    buffered = int(st.ivr[:, K.IV_BN].sum())
    in_flight = int((st.ch[:, 0] >= 0).sum())
    credits_back = int((st.ch[:, 2] >= 0).sum()) + int(st.prt[:, K.PT_CQN].sum()) + int(st.prt[:, K.PT_PCN].sum())
    occ = st.ovr[:, K.OV_OCC]
    owed = int(occ.sum()) + int(nd.occ_n.sum())
    held = buffered + in_flight + int(st.prt[:, K.PT_OQN].sum()) + int(st.xn.sum())
    if injected_flits != ejected_flits + held:
        problems.append(f"injected {injected_flits} flits != ejected {ejected_flits} + {held} in the network")
    if owed != held + credits_back:
        problems.append(
            f"credit imbalance: {owed} credits out != {held} flits in routers and channels + "
            f"{credits_back} credits returning"
        )
    if np.any(occ < 0) or np.any(occ > CAP) or np.any(nd.occ_n < 0) or np.any(nd.occ_n > CAP):
        problems.append(f"a VC's credit count left [0, {CAP}]")
    if lay is not None and lay.shared:  # the pool count is the sum of the VCs' private overflow, within the pool
        for name, o, res, shr in (("router", occ, st.ores, st.oshr), ("injection", nd.occ_n, nd.res_n, nd.shr_n)):
            priv = (o.astype(np.int64) + res).reshape(-1, V)
            want = np.maximum(priv - lay.private, 0).sum(axis=1)
            if np.any(res < 0) or np.any(want != shr) or np.any(shr > lay.pool):
                problems.append(f"{name} ports' shared-pool count is not the VCs' overflow past private_buf_size "
                                f"within [0, {lay.pool}]")
    if problems:
        raise RuntimeError("conservation check failed: " + "; ".join(problems))
    return {
        "generated_flits": gen * P,
        "injected_flits": injected_flits,
        "ejected_flits": ejected_flits,
        "in_network_flits": held,
        "source_queued_flits": queued * P + unsent,
    }


def _phase_vcs(selection: str, routing: str, spec, topology, V: int) -> tuple[int, int, np.ndarray, np.ndarray]:
    """The kernel's phase-VC settings (``cfg[C_VCS]``, ``cfg[C_TWOPHASE]``, ``Net.arc_glob``, ``Net.rgroup``) of
    ``router_options["vc_selection"]`` (:data:`lowdiam.sim.booksim.options.PHASE_SELECTIONS`); placeholders for
    ``"any"`` and ``"hop"``.  ``spec``: the shared routing (its :class:`~lowdiam.sim.routings.base.Routing`), ``None``
    for the model's own (minimal) routings."""
    none = np.zeros(1, np.int8), np.zeros(1, np.int64)
    if selection not in PHASE_SELECTIONS:
        return 0, 0, *none
    if spec is not None and not (spec.minimal or spec.phases):
        raise ValueError(f"router_options vc_selection={selection!r} assigns VCs by routing phase: it takes a minimal "
                         f"routing or a two-phase one (Valiant, UGAL), not {routing!r}")
    two_phase = int(spec is not None and spec.phases)
    need = PHASE_SELECTIONS[selection][two_phase]
    if V < need:
        raise ValueError(f"vcs={V} is too few for vc_selection={selection!r} with routing {routing!r}: it needs "
                         f"{need} VCs (PHASE_SELECTIONS: minimal, two-phase {PHASE_SELECTIONS[selection]})")
    if selection == "phase":
        return 1, two_phase, *none
    if topology.family not in ("dragonfly", "megafly"):
        raise ValueError(f"vc_selection='dragonfly' is BookSim's Dragonfly VC assignment: it takes a Dragonfly or "
                         f"Megafly (groups joined by global links), not {topology.name} (family {topology.family!r})")
    from lowdiam.sim.routings.df_min import arc_classes

    return 2, two_phase, arc_classes(topology), np.asarray(topology.labels["group"], np.int64)
