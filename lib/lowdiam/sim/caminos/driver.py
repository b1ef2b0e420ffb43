"""Python side of :func:`run_caminos`: validate, build tables and state, run the kernel, report."""

from __future__ import annotations

import dataclasses
import time
import weakref
from typing import Any

import numpy as np

from lowdiam.sim.kernel_cache import writable
from lowdiam.sim.request import check_buffer_slots, direct_request
from lowdiam.sim.results import (
    SATURATION_TOLERANCE,
    SimResult,
    jain_fairness,
    percentile_from_histogram,
    saturation_verdict,
)
from lowdiam.sim.rng import new_state
from lowdiam.sim.traffic import TABLE, Endpoints, make_traffic, refuse_include_source
from lowdiam.validate import check_choice, check_float, check_int, check_options

from . import kernel as K
from .routing import ROUTING_CODES, polarized_longest_route

ROUTINGS = tuple(ROUTING_CODES)
ROUTING_OPTIONS = {"min-adaptive": (), "valiant": ("inner",), "polarized": ("label_weights",),
                   "omni": ("deroutes", "deroute_label")}
VALIANT_INNER = ("min-adaptive",)
ROUTER_OPTIONS = ("input_buffer_packets", "output_buffer_packets", "server_queue_messages")
ROUTER_DEFAULTS = {"input_buffer_packets": 4, "output_buffer_packets": 2, "server_queue_messages": 20}
LATENCY_BINS = 1 << 16

_DIST: weakref.WeakKeyDictionary[Any, np.ndarray] = weakref.WeakKeyDictionary()
_POLAR: weakref.WeakKeyDictionary[Any, int] = weakref.WeakKeyDictionary()


def _distances(topology) -> np.ndarray:
    D = _DIST.get(topology)
    if D is None:
        from lowdiam.metrics.distances import distance_matrix

        D = np.ascontiguousarray(distance_matrix(topology), dtype=np.uint8)
        _DIST[topology] = D
    return D


def required_vcs(topology, routing: str, D: np.ndarray | None = None, routing_options: dict | None = None) -> int:
    """VCs the routing needs under CAMINOS's ``Hops`` policy (VC = hop index): its longest route.

    ``"min-adaptive"``: the largest distance between endpoint routers;
    ``"valiant"``: the largest ``D(s, m) + D(m, t)`` over endpoint routers
    ``s != t`` and any router ``m``; ``"polarized"``: the longest route
    Algorithm 1 can produce (:func:`lowdiam.sim.caminos.polarized_longest_route`);
    ``"omni"``: the largest distance plus the deroutes of ``routing_options``
    (default: that distance, the number of dimensions of a Hamming graph).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> [required_vcs(hyperx(3, 3, endpoints_per_router=1), r) for r in ROUTINGS]
    [2, 4, 4, 4]
    >>> required_vcs(hyperx(3, 3, endpoints_per_router=1), "omni", routing_options={"deroutes": 1})
    3
    """
    routing = check_choice("routing", routing, ROUTINGS)
    if D is None:
        D = _distances(topology)
    carriers = np.flatnonzero(np.asarray(topology.endpoints) > 0)
    if carriers.size < 2:
        return 1
    Dc = D[carriers].astype(np.int64)  # (carriers, all routers)
    if routing == "min-adaptive":
        return max(1, int(Dc[:, carriers].max()))
    if routing == "omni":
        return max(1, int(Dc[:, carriers].max()) + _omni_options(topology, routing_options, D)[0])
    if routing == "valiant":
        top2 = np.sort(Dc, axis=0)[-2:]  # two largest distances to each m from distinct carriers
        return max(1, int(top2.sum(axis=0).max()))
    if topology not in _POLAR:
        _POLAR[topology] = polarized_longest_route(topology, D, carriers)
    return max(1, _POLAR[topology])


def _omni_options(topology, options: dict | None, D: np.ndarray) -> tuple[int, int]:
    """``(deroutes, deroute_label)`` of the omni routing, the deroutes by default the largest distance between
    endpoint routers (the number of dimensions of a Hamming graph); ``ValueError`` off a HyperX / Hamming graph."""
    if topology.family != "hyperx":
        raise ValueError(
            f"omni routing (OmniDimensionalDeroute, McDonald et al. SC'19) needs a HyperX / Hamming graph: "
            f"{topology.name} is a {topology.family!r} topology (use 'min-adaptive', 'valiant' or 'polarized' there)"
        )
    opts = check_options("routing_options of 'omni'", options, ROUTING_OPTIONS["omni"])
    deroutes = opts.get("deroutes")
    if deroutes is None:
        carriers = np.flatnonzero(np.asarray(topology.endpoints) > 0)
        deroutes = int(D[carriers][:, carriers].max()) if carriers.size else 0
    else:
        deroutes = check_int("routing_options['deroutes'] (deroutes per packet)", deroutes, low=0)
    label = check_int("routing_options['deroute_label'] (phits)", opts.get("deroute_label", 1), low=0)
    return deroutes, label


def _routing_options(routing: str, options: dict | None, P: int) -> np.ndarray:
    opts = check_options(f"routing_options of {routing!r}", options, ROUTING_OPTIONS[routing])
    if routing == "valiant":
        check_choice("routing_options['inner']", opts.get("inner", "min-adaptive"), VALIANT_INNER)
    weights = (0, 4 * P, 5 * P)
    if routing == "polarized" and "label_weights" in opts:
        w = opts["label_weights"]
        if not isinstance(w, (tuple, list)) or len(w) != 3:
            raise ValueError(f"routing_options['label_weights'] must be 3 integers (w0, w1, w2) in phits, got {w!r}")
        weights = tuple(check_int(f"label_weights[{i}]", x, low=0, high=2**31 - 1) for i, x in enumerate(w))
    return np.asarray(weights, dtype=np.int64)


def _router_options(options: dict | None) -> dict[str, int]:
    opts = check_options("router_options", options, ROUTER_OPTIONS)
    out = dict(ROUTER_DEFAULTS)
    for key, value in opts.items():
        out[key] = check_int(f"router_options[{key!r}]", value, low=1)
    return out


def _in_channels(indptr: np.ndarray, indices: np.ndarray, ep: Endpoints, n: int) -> tuple[np.ndarray, np.ndarray]:
    """CSR of the channels entering each router: its incoming arcs, then its endpoints' injection links."""
    A = indices.size
    arcs_by_dst = np.argsort(indices, kind="stable")
    n_in_arcs = np.bincount(indices, minlength=n)
    counts = n_in_arcs + np.diff(ep.first)
    ptr = np.zeros(n + 1, np.int64)
    np.cumsum(counts, out=ptr[1:])
    ch = np.empty(int(ptr[-1]), np.int64)
    arc_ptr = np.zeros(n + 1, np.int64)
    np.cumsum(n_in_arcs, out=arc_ptr[1:])
    for r in range(n):
        k = n_in_arcs[r]
        ch[ptr[r] : ptr[r] + k] = arcs_by_dst[arc_ptr[r] : arc_ptr[r + 1]]
        ch[ptr[r] + k : ptr[r + 1]] = A + np.arange(ep.first[r], ep.first[r + 1])
    return ptr, ch


@dataclasses.dataclass
class Model:
    """Everything the kernel runs on, built by :func:`build_model` (tests poke at it directly)."""

    topology: Any
    routing: str
    traffic: str
    load: float
    endpoints: Endpoints
    active: np.ndarray
    cfg: np.ndarray
    net: K.Net
    inb: K.Buffers
    outb: K.Buffers
    sw: K.Switch
    pk: K.Packets
    srv: K.Servers
    st: K.Stats
    rs: np.ndarray
    pool: int
    seed: int

    def run(self, cycles: int | None = None) -> int:
        """Advance ``cycles`` cycles (default: to the end of the measurement window).

        Returns the kernel status: 0, or -1 after an error recorded in ``st.ctr[K_ERR]``.
        """
        if cycles is not None:
            self.cfg[K.C_END] = self.st.ctr[K.K_NOW] + check_int("cycles", cycles, low=0)
        return K.run(self.cfg, self.net, self.inb, self.outb, self.sw, self.pk, self.srv, self.st, self.rs)


#: keywords of a direct :func:`run_caminos` / :func:`build_model` call (besides topology, routing, traffic, load)
DIRECT_ARGUMENTS = ("endpoints_per_router", "packet_flits", "vcs", "warmup_cycles", "measure_cycles", "seed",
                    "traffic_options", "routing_options", "router_options")
#: a direct call's defaults where they differ from SimRequest's (simulate's): CAMINOS's 16-phit messages
DIRECT_DEFAULTS = {"packet_flits": 16}


def build_model(request=None, routing: str | None = None, traffic: str | None = None, load: float | None = None,
                **arguments) -> Model:
    """Validate the arguments of :func:`run_caminos` and build the initial state (nothing simulated yet).

    Parameters are those of :func:`run_caminos` (a :class:`~lowdiam.sim.request.SimRequest`, or the topology,
    routing, traffic, load and keywords).  The returned :class:`Model` can be advanced piecewise with
    :meth:`Model.run` and checked with :func:`conservation` at any point.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> m = build_model(hyperx(3, 3), "valiant", "uniform", 0.3, warmup_cycles=50, measure_cycles=50)
    >>> m.run(60), conservation(m)["generated_messages"] > 0
    (0, True)
    """
    req = direct_request("build_model", request, routing, traffic, load, arguments, defaults=DIRECT_DEFAULTS,
                         required=("warmup_cycles", "measure_cycles"), accepted=DIRECT_ARGUMENTS)
    topology, traffic, packet_flits, vcs, seed = req.topology, req.traffic, req.packet_flits, req.vcs, req.seed
    warmup_cycles, measure_cycles, traffic_options = req.warmup_cycles, req.measure_cycles, req.traffic_options
    routing_options, router_options = req.routing_options, req.router_options
    routing = check_choice("routing", req.routing, ROUTINGS)
    load = req.load
    if not isinstance(traffic, str):
        raise TypeError(f"traffic must be a pattern name (str), got {type(traffic).__name__} {traffic!r}")
    load = check_float("load", load, low=0.0, high=1.0, low_open=True)
    P = check_int("packet_flits", packet_flits, low=1)
    warm = check_int("warmup_cycles", warmup_cycles, low=0)
    meas = check_int("measure_cycles", measure_cycles, low=1)
    seed = check_int("seed", seed, low=0)
    weights = _routing_options(routing, routing_options, P)
    ropts = _router_options(router_options)
    n = topology.num_routers
    ep = Endpoints.of(topology.endpoints)
    NE = ep.count
    if NE < 2:
        raise ValueError(f"{topology.name} has {NE} endpoints; a simulation needs at least 2")
    D = _distances(topology)
    if D.max() == 255:
        raise ValueError(f"{topology.name} is disconnected; CAMINOS routing needs a connected router graph")
    need = required_vcs(topology, routing, D, routing_options)
    deroutes, deroute_label = _omni_options(topology, routing_options, D) if routing == "omni" else (0, 0)
    V = need if vcs is None else check_int("vcs", vcs, low=1)
    check_buffer_slots(topology, V, (ropts["input_buffer_packets"] + ropts["output_buffer_packets"]) * P)
    if V < need:
        raise ValueError(
            f"vcs={V} is too few for {routing!r} on {topology.name}: CAMINOS's Hops policy puts hop i on VC i, "
            f"and the longest route has {need} hops; use vcs >= {need} (or vcs=None)"
        )

    tspec = make_traffic(traffic, topology, ep, D, seed, **(traffic_options or {}))
    refuse_include_source(tspec, "caminos", "CAMINOS discards a message to its own server (SelfMessage)")
    active = np.asarray(tspec.active, dtype=bool).copy()
    tptr = np.asarray(tspec.ptr, dtype=np.int64)
    tdst = np.asarray(tspec.dst, dtype=np.int64)
    if tspec.mode == TABLE:  # rows that only hold the source itself never produce a message (CAMINOS SelfMessage)
        for e in np.flatnonzero(active):
            row = tdst[tptr[e] : tptr[e + 1]]
            if np.all(row == e):
                active[e] = False
    if not active.any():
        raise ValueError(f"traffic {traffic!r} leaves no endpoint sending to another on {topology.name}")

    indptr = topology.indptr.astype(np.int64)
    indices = topology.indices.astype(np.int64)
    A = int(indices.size)
    IBC = ropts["input_buffer_packets"] * P
    OBC = ropts["output_buffer_packets"] * P
    QS = ropts["server_queue_messages"]
    RI, RO = IBC // P + 2, OBC // P + 2
    nch = A + NE
    nb = nch * V
    pool = nb * (RI + RO) + 2 * NE + A + 16
    in_ptr, in_ch = _in_channels(indptr, indices, ep, n)
    if V > 64:
        raise ValueError(f"vcs={V}: the CAMINOS model handles at most 64 VCs per port")
    in_loc = np.zeros(nch, np.int64)  # position of each input channel among its router's inputs
    in_loc[in_ch] = np.arange(in_ch.size) - np.repeat(in_ptr[:-1], np.diff(in_ptr))
    n_out = np.diff(indptr) + np.diff(ep.first)

    def words(bits):
        ptr = np.zeros(n + 1, np.int64)
        np.cumsum((bits + 63) // 64, out=ptr[1:])
        return ptr

    iw_ptr, ow_ptr, cw_ptr = words(np.diff(in_ptr) * V), words(n_out * V), words(n_out)

    cfg = np.zeros(K.N_CFG, np.int64)
    cfg[[K.C_N, K.C_A, K.C_NE, K.C_V, K.C_P, K.C_IBC, K.C_OBC, K.C_RI, K.C_RO]] = [n, A, NE, V, P, IBC, OBC, RI, RO]
    cfg[[K.C_QS, K.C_ALGO, K.C_TMODE, K.C_HOT_PPM]] = [QS, ROUTING_CODES[routing], tspec.mode,
                                                       round(tspec.hot_fraction * 1_000_000)]
    cfg[[K.C_WARM, K.C_WEND, K.C_LH, K.C_END]] = [warm, warm + meas, LATENCY_BINS, warm + meas]
    cfg[[K.C_DEROUTES, K.C_DEROUTE_LABEL]] = [deroutes, deroute_label]
    net = K.Net(
        indptr=indptr, indices=indices, D=D, ep_router=ep.router.astype(np.int64), ep_first=ep.first.astype(np.int64),
        in_ptr=in_ptr, in_ch=in_ch, active=active.astype(np.uint8), tptr=tptr, tdst=tdst,
        hot=np.asarray(tspec.hot, dtype=np.int64), weights=weights, pgen=np.array([load / P]),
        in_loc=in_loc, iw_ptr=iw_ptr, ow_ptr=ow_ptr, cw_ptr=cw_ptr,
    )
    net = writable(net)  # one kernel signature whatever the arrays' origin (frozen topologies' are read-only)

    # per-VC state in 32-byte records (the fields are strided views): a phit's move touches one record per side.
    # Input side: the buffer's counters and sel_out; output side: the buffer's counters, sel_in and the credits.
    irec = np.zeros((nb, 8), np.int32)
    orec = np.zeros((nb, 8), np.int32)
    irec[:, 5] = -1
    orec[:, 5] = -1
    orec[:, 6] = IBC

    def buffers(R, rec):
        return K.Buffers(
            ring=np.zeros(nb * R, np.int32), head=rec[:, 0], cnt=rec[:, 1], phits=rec[:, 2], fout=rec[:, 3],
            bin=rec[:, 4],
        )

    max_req = int(np.diff(in_ptr).max()) * V
    # what a link carries, one 16-byte record per channel (phit's packet, index, VC), and per ejection link
    frec = np.zeros((nch, 4), np.int32)
    frec[:, 0] = -1
    erec = np.zeros((NE, 2), np.int32)
    erec[:, 0] = -1
    sw = K.Switch(
        sel_out=irec[:, 5], sel_in=orec[:, 5], cred=orec[:, 6],
        token=np.zeros(nch, np.int64), fl_pkt=frec[:, 0], fl_idx=frec[:, 1],
        fl_vc=frec[:, 2], fl_list=np.zeros(nch, np.int64), ej_pkt=erec[:, 0],
        ej_idx=erec[:, 1], ej_list=np.zeros(NE, np.int64), ack_list=np.zeros(nb, np.int64),
        req_ib=np.zeros(max_req, np.int64), req_ob=np.zeros(max_req, np.int64),
        wait_m=np.zeros(int(iw_ptr[-1]), np.uint64), conn_m=np.zeros(int(ow_ptr[-1]), np.uint64),
        och_m=np.zeros(int(cw_ptr[-1]), np.uint64), obm=np.zeros(nch, np.uint64),
        blk_m=np.zeros(nb, np.uint64), blk_vc=np.zeros(nb, np.int32),
    )
    pk = K.Packets(
        src=np.zeros(pool, np.int32), dst=np.zeros(pool, np.int32), sr=np.zeros(pool, np.int32),
        mid=np.full(pool, -1, np.int32), left=np.zeros(pool, np.int32), hops=np.zeros(pool, np.int32),
        ctime=np.zeros(pool, np.int64), itime=np.zeros(pool, np.int64),
        free=np.arange(pool - 1, -1, -1, dtype=np.int32),
    )
    srv = K.Servers(
        q_time=np.zeros(NE * QS, np.int64), q_dst=np.zeros(NE * QS, np.int32), q_head=np.zeros(NE, np.int32),
        q_cnt=np.zeros(NE, np.int32), st_on=np.zeros(NE, np.uint8), st_time=np.zeros(NE, np.int64),
        st_dst=np.zeros(NE, np.int32), tx_pkt=np.full(NE, -1, np.int32), tx_idx=np.zeros(NE, np.int32),
        tx_vc=np.full(NE, -1, np.int32),
    )
    st = K.Stats(
        ctr=np.zeros(K.N_CTR, np.int64), src_acc=np.zeros(NE, np.int64), dst_acc=np.zeros(NE, np.int64),
        arc_phits=np.zeros(A, np.int64), hop_hist=np.zeros(V + 2, np.int64), lat_hist=np.zeros(LATENCY_BINS, np.int64),
    )
    st.ctr[K.K_NFREE] = pool
    return Model(
        topology=topology, routing=routing, traffic=traffic, load=load, endpoints=ep, active=active, cfg=cfg, net=net,
        inb=buffers(RI, irec), outb=buffers(RO, orec), sw=sw, pk=pk, srv=srv, st=st, rs=new_state(seed), pool=pool,
        seed=seed,
    )


def run_caminos(request=None, routing: str | None = None, traffic: str | None = None, load: float | None = None,
                **arguments) -> SimResult:
    """Simulate ``topology`` with the CAMINOS router model (see :mod:`lowdiam.sim.caminos` for the model).

    ``run_caminos(request)`` runs a :class:`~lowdiam.sim.request.SimRequest` (what
    ``simulate(..., router="caminos")`` hands the model; its fields below); ``run_caminos(topology, routing,
    traffic, load, **keywords)`` takes the parameters below directly (``warmup_cycles`` and ``measure_cycles``
    required, the others defaulting as listed).

    Parameters
    ----------
    request : SimRequest or Topology
        The run, or a connected lowdiam topology.
    routing : {"min-adaptive", "valiant", "polarized", "omni"}
        CAMINOS ``Shortest``, ``Valiant{Shortest, Shortest}``, ``Polarized{include_labels: true}`` and (HyperX
        only) ``OmniDimensionalDeroute{include_labels: true}``, with the Polarized paper's VC policy chain.
    traffic : str
        A pattern of :data:`lowdiam.sim.traffic.PATTERNS` (``"uniform"``, ``"server_perm"``, ...).
    load : float
        Offered load in (0, 1], phits (= flits) per cycle per server; each active server generates a message
        with probability ``load / packet_flits`` per cycle.
    endpoints_per_router : int, optional
        Servers per router (default: the topology's own).
    packet_flits : int, default 16
        Phits per message = packet (virtual cut-through: a head needs room for all of them downstream).
    vcs : int, optional
        VCs per port; default and minimum :func:`required_vcs` (hop i uses VC i).
    warmup_cycles, measure_cycles : int
        Statistics cover ``[warmup, warmup + measure)``; no drain.
    seed : int, default 0
        Fixes every random choice of the run.
    traffic_options : dict, optional
        Keyword arguments of the pattern.
    routing_options : dict, optional
        ``"valiant"``: ``{"inner": "min-adaptive"}``; ``"polarized"``: ``{"label_weights": (w0, w1, w2)}``
        in phits, default ``(0, 4 P, 5 P)``; ``"omni"``: ``{"deroutes": k, "deroute_label": phits}``,
        default ``k`` = the largest distance between endpoint routers (the number of dimensions) and a
        deroute's label 1 (CAMINOS's label 1 read by ``OccupancyFunction{label 1, ...}`` unscaled).
    router_options : dict, optional
        ``input_buffer_packets`` (4), ``output_buffer_packets`` (2), ``server_queue_messages`` (20).

    Returns
    -------
    SimResult
        CAMINOS's statistics (messages consumed in the window); drops in ``conservation`` and ``params``.

    Raises
    ------
    ValueError
        Unknown routing / pattern / option key, out-of-range value, too few VCs, a Polarized corner.
    TypeError
        A value of the wrong kind (``lowdiam.validate``'s convention).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> res = run_caminos(hyperx(3, 3), "min-adaptive", "uniform", 0.2, endpoints_per_router=2,
    ...                   warmup_cycles=200, measure_cycles=300, seed=1)
    >>> res.saturated, res.conservation["dropped_messages"]
    (False, 0)
    """
    t_start, c_start = time.perf_counter(), time.thread_time()
    m = build_model(direct_request("run_caminos", request, routing, traffic, load, arguments,
                                   defaults=DIRECT_DEFAULTS, required=("warmup_cycles", "measure_cycles"),
                                   accepted=DIRECT_ARGUMENTS))
    status = m.run()
    ctr = m.st.ctr
    if status < 0:
        _raise_kernel_error(ctr, m.pk, m.endpoints, m.topology, m.routing)
    cons = conservation(m)
    wall = time.perf_counter() - t_start
    return _result(m, cons, wall, time.thread_time() - c_start)


def _result(m: Model, cons: dict, wall: float, cpu: float | None = None) -> SimResult:
    cfg, ctr, st = m.cfg, m.st.ctr, m.st
    P, V = int(cfg[K.C_P]), int(cfg[K.C_V])
    warm, meas = int(cfg[K.C_WARM]), int(cfg[K.C_WEND] - cfg[K.C_WARM])
    n_active = int(m.active.sum())
    window = meas * n_active
    offered_actual = (ctr[K.K_GEN_WIN] + ctr[K.K_DROP_WIN]) * P / window
    accepted = ctr[K.K_ACC_WIN] / window
    msgs = int(ctr[K.K_MSG_WIN])
    # the throughput rule needs the window's message count for its noise allowance (0 would disable it: a short
    # window whose server queues have not overflowed yet would pass as stable however little it accepts)
    attempted = int(ctr[K.K_GEN_WIN] + ctr[K.K_DROP_WIN])
    saturated, reason = saturation_verdict(offered_actual, accepted, attempted, attempted, False, SATURATION_TOLERANCE)
    if ctr[K.K_DROP_WIN] and not saturated:
        saturated, reason = True, f"{int(ctr[K.K_DROP_WIN])} generations dropped (server queue full) in the window"
    per_src = st.src_acc[m.active] / meas
    hop_hist = st.hop_hist
    last = np.flatnonzero(hop_hist)
    nan = float("nan")
    return SimResult(
        topology=m.topology.name,
        routing=m.routing,
        traffic=m.traffic,
        offered_load=m.load,
        offered_load_actual=float(offered_actual),
        accepted_load=float(accepted),
        latency_mean=ctr[K.K_LAT_SUM] / msgs if msgs else nan,
        latency_p50=percentile_from_histogram(st.lat_hist, 50),
        latency_p99=percentile_from_histogram(st.lat_hist, 99),
        latency_max=float(ctr[K.K_LAT_MAX]) if msgs else nan,
        network_latency_mean=ctr[K.K_NET_SUM] / msgs if msgs else nan,
        hops_mean=ctr[K.K_HOP_SUM] / msgs if msgs else nan,
        hop_histogram=hop_hist[: last[-1] + 1].copy() if last.size else np.zeros(1, np.int64),
        min_source_throughput=float(per_src.min()),
        jain_fairness=jain_fairness(per_src),
        link_utilization=st.arc_phits / meas,
        saturated=bool(saturated),
        saturation_reason=reason,
        packets_measured=int(ctr[K.K_GEN_WIN]),
        # of the measured ones (SimResult's definition): messages generated in the window and consumed; the
        # latency statistics above follow CAMINOS and cover the messages consumed in the window
        packets_delivered=int(ctr[K.K_MEAS_DONE]),
        active_sources=n_active,
        cycles=int(ctr[K.K_NOW]),
        conservation=cons,
        wall_seconds=wall,
        cpu_seconds=cpu,
        params={
            "router": "caminos", "endpoints_per_router": m.topology.endpoints_per_router, "packet_flits": P,
            "vcs": V, "warmup_cycles": warm, "measure_cycles": meas, "seed": m.seed, "drain": "none",
            "input_buffer_flits": int(cfg[K.C_IBC]), "output_buffer_flits": int(cfg[K.C_OBC]),
            "server_queue_messages": int(cfg[K.C_QS]),
            "label_weights": tuple(int(x) for x in m.net.weights) if m.routing == "polarized" else None,
            **({"deroutes": int(cfg[K.C_DEROUTES]), "deroute_label": int(cfg[K.C_DEROUTE_LABEL])}
               if m.routing == "omni" else {}),
            "dropped_in_window": int(ctr[K.K_DROP_WIN]),
            "dropped_fraction": float(ctr[K.K_DROP_WIN] / max(1, ctr[K.K_GEN_WIN] + ctr[K.K_DROP_WIN])),
            "jain_consumed": jain_fairness(st.dst_acc / meas),
            "grants": int(ctr[K.K_GRANTS]), "requests": int(ctr[K.K_REQS]),
        },
    )


def conservation(m: Model) -> dict[str, int]:
    """Message / phit / credit accounting of a model's current state; raises ``RuntimeError`` on any imbalance.

    Checks: generated messages = injected packets + queued messages; packet slots in use = injected -
    delivered; every injected phit is consumed, buffered, on a wire or still at its server; for every
    input channel and VC, credits + credits on their way back + buffered phits + phits on the wire = the
    buffer size; crossbar connections are one-to-one.
    """
    ctr, inb, outb, sw, srv, pool = m.st.ctr, m.inb, m.outb, m.sw, m.srv, m.pool
    P, IBC, V, A, NE = (int(m.cfg[k]) for k in (K.C_P, K.C_IBC, K.C_V, K.C_A, K.C_NE))
    gen, inj, done = int(ctr[K.K_GEN]), int(ctr[K.K_INJ]), int(ctr[K.K_DONE])
    queued = int(srv.q_cnt.sum()) + int(srv.st_on.sum())
    live = pool - int(ctr[K.K_NFREE])
    fl_n, ej_n, ack_n = int(ctr[K.K_FL_N]), int(ctr[K.K_EJ_N]), int(ctr[K.K_ACK_N])
    sending = srv.tx_pkt >= 0
    at_servers = int((P - srv.tx_idx[sending]).sum())
    buffered = int(inb.phits.sum()) + int(outb.phits.sum())
    problems = []
    if gen != inj + queued:
        problems.append(f"generated {gen} messages != injected {inj} + queued {queued}")
    if live != inj - done:
        problems.append(f"{live} packet slots in use but {inj - done} packets live")
    if inj * P != int(ctr[K.K_CONS]) + buffered + fl_n + ej_n + at_servers:
        problems.append(
            f"injected {inj * P} phits != consumed {int(ctr[K.K_CONS])} + buffered {buffered} + on wires "
            f"{fl_n + ej_n} + still at the servers {at_servers}"
        )
    nin = (A + NE) * V
    bal = sw.cred[:nin].astype(np.int64) + inb.phits[:nin]
    np.add.at(bal, sw.ack_list[:ack_n], 1)
    chs = sw.fl_list[:fl_n]
    np.add.at(bal, chs * V + sw.fl_vc[chs], 1)
    bad = np.flatnonzero(bal != IBC)
    if bad.size:
        problems.append(f"credit imbalance at channel/VC {int(bad[0])}: {int(bal[bad[0]])} != buffer {IBC}")
    sel_in, sel_out = sw.sel_in, sw.sel_out
    held = np.flatnonzero(sel_in >= 0)
    if np.any(sel_out[sel_in[held]] != held) or int((sel_out >= 0).sum()) != held.size:
        problems.append("crossbar selections are inconsistent")
    if problems:
        raise RuntimeError("conservation check failed: " + "; ".join(problems))
    return {
        "generated_messages": gen, "dropped_messages": int(ctr[K.K_DROP]),
        "injected_packets": inj, "delivered_packets": done,
        "in_network_phits": buffered + fl_n + ej_n, "queued_messages": queued, "consumed_phits": int(ctr[K.K_CONS]),
    }


def _raise_kernel_error(ctr, pk, ep, topology, routing):
    code, p, c = int(ctr[K.K_ERR]), int(ctr[K.K_ERR_A]), int(ctr[K.K_ERR_B])
    if code == K.ERR_NO_SLOT:
        raise RuntimeError("CAMINOS model ran out of packet slots (a bug: the pool covers every buffer)")
    s, t = int(ep.router[pk.src[p]]), int(ep.router[pk.dst[p]])
    if code == K.ERR_NO_VC:
        raise RuntimeError(
            f"a {routing} packet from router {s} to {t} needed more VCs than configured at router {c} "
            f"on {topology.name}"
        )
    raise RuntimeError(f"{routing} routing found no candidate at router {c} for a packet from router {s} to {t}")

