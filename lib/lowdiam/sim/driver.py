"""Python side of a run: validate, build tables and state, call the kernel, report.

:func:`simulate` is the public entry point (see :mod:`lowdiam.sim.engine` for
the model).  :func:`load_sweep` and :func:`saturation_load` are thin loops
over it.
"""

from __future__ import annotations

import math
import time
import weakref
from typing import Any

import numpy as np

from . import engine as E
from . import wormhole as WH
from .rng import new_state
from .results import SATURATION_TOLERANCE, SimResult, jain_fairness, percentile_from_histogram, saturation_verdict
from .routing import (
    SOURCE_MIN,
    shortest_path_counts_table,
    KSP,
    KSP_PATHS,
    NAG,
    ksp_tables,
    nag_groups,
    DF_MIN,
    DF_UGAL,
    MIN_SINGLE,
    PS_MIN,
    POLARIZED,
    POLARIZED_EXACT_CHECK,
    max_route_length,
    RouteTables,
    dragonfly_tables,
    polarized_dead_end,
    polarstar_tables,
    routing_spec,
    single_path_table,
)
from .traffic import Endpoints, make_traffic

DRAIN_MODES = ("measured", "all", "none")
FLOW_CONTROLS = ("vct", "wormhole")
ARBITRATIONS = ("random", "round_robin")
LATENCY_BINS = 1 << 16
INITIAL_QUEUE = 64

# per-topology caches of the O(n^2) tables (topologies are immutable)
_DIST: "weakref.WeakKeyDictionary[Any, np.ndarray]" = weakref.WeakKeyDictionary()
_SINGLE: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()
_TABLES: "weakref.WeakKeyDictionary[Any, dict]" = weakref.WeakKeyDictionary()
_CORNERS: "weakref.WeakKeyDictionary[Any, tuple]" = weakref.WeakKeyDictionary()


def _distances(topology) -> np.ndarray:
    D = _DIST.get(topology)
    if D is None:
        from lowdiam.metrics.distances import distance_matrix

        D = np.ascontiguousarray(distance_matrix(topology), dtype=np.uint8)
        _DIST[topology] = D
    return D


def _ksp(topology, D, k: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    per = _TABLES.setdefault(topology, {})
    key = ("ksp", k, seed)
    if key not in per:
        per[key] = ksp_tables(topology, D, k, seed)
    return per[key]


def _route_tables(topology, code: int) -> RouteTables:
    """Structured-routing tables (built once per topology and routing family)."""
    if code == NAG:
        grp = nag_groups(topology)
        e = RouteTables.empty()
        return RouteTables(e.T1, e.T2, np.vstack([grp, np.zeros_like(grp)]), e.arc_cls, e.fvec, e.quad)
    if code not in (PS_MIN, DF_MIN, DF_UGAL):
        return RouteTables.empty()
    kind = "ps" if code == PS_MIN else "df"
    per = _TABLES.setdefault(topology, {})
    if kind not in per:
        per[kind] = polarstar_tables(topology) if kind == "ps" else dragonfly_tables(topology)
    return per[kind]


def _single_table(topology, D, seed) -> np.ndarray:
    tables = _SINGLE.setdefault(topology, {})
    if seed not in tables:
        tables[seed] = single_path_table(D, topology.indptr, topology.indices, seed)
    return tables[seed]


def _arc_latencies(topology, local: int, global_: int) -> np.ndarray:
    """Per-arc link latency from ``topology.link_class`` (0 local, 1 global)."""
    A = topology.indices.size
    if topology.link_class is None or local == global_:
        return np.full(A, local, dtype=np.int32)
    n = topology.num_routers
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(topology.indptr))
    dst = topology.indices.astype(np.int64)
    key = np.minimum(src, dst) * n + np.maximum(src, dst)
    ekey = topology.edges[:, 0].astype(np.int64) * n + topology.edges[:, 1]
    cls = np.asarray(topology.link_class)[np.searchsorted(ekey, key)]
    return np.where(cls == 1, global_, local).astype(np.int32)


def _check_int(name: str, value, low: int) -> int:
    if int(value) != value or value < low:
        raise ValueError(f"{name} must be an integer >= {low}, got {value!r}")
    return int(value)


def simulate(
    topology,
    routing: str = "min",
    traffic: str = "uniform",
    load: float = 0.3,
    endpoints_per_router: int | None = None,
    packet_flits: int = 4,
    vcs: int | None = None,
    buffer_flits: int = 32,
    warmup_cycles: int = 1000,
    measure_cycles: int = 2000,
    seed: int = 0,
    *,
    drain: str = "measured",
    max_drain_cycles: int | None = None,
    link_latency: int = 1,
    global_link_latency: int | None = None,
    router_delay: int = 1,
    injection_latency: int = 1,
    ejection_latency: int = 1,
    flow_control: str = "vct",
    arbitration: str = "random",
    traffic_options: dict | None = None,
    saturation_tolerance: float = SATURATION_TOLERANCE,
    polarized_weights: tuple[int, int, int] | None = None,
    ksp_paths: int = KSP_PATHS,
    min_vcs: int = 1,
) -> SimResult:
    """Simulate ``topology`` under ``routing`` and ``traffic`` at offered ``load``.

    Parameters
    ----------
    topology : Topology
    routing : one of ``lowdiam.sim.ROUTINGS`` ("min", "min-single", "valiant", "ugal", "polarized",
        "polarstar-min", "df-min", "df-ugal").
    traffic : one of ``lowdiam.sim.PATTERNS`` ("uniform", "randperm", "bitrev", "shuffle",
        "transpose", "adversarial", "worst_case", "neighbor", "hotspot", "server_perm").
    load : offered load in flits / endpoint / cycle, in (0, 1].
    endpoints_per_router : concentration p; ``None`` keeps the topology's own endpoints.
    packet_flits : P, flits per packet.
    vcs : virtual channels per port; ``None`` = the routing's longest route (hop-indexed VCs).
    buffer_flits : flits per VC buffer (>= P for virtual cut-through).
    warmup_cycles, measure_cycles : phase lengths (cycles).
    seed : fixes every random choice of the run (traffic pattern, injection, routing, arbitration).
    drain : "measured" (run on until the measured packets arrive, at most ``max_drain_cycles``,
        default max(1000, measure_cycles)), "all" (stop injecting, empty the network), "none".
    link_latency, global_link_latency : cycles per hop on local / global links
        (``topology.link_class``); global defaults to local.
    router_delay : cycles from a head's arrival to its earliest switch traversal.
    injection_latency, ejection_latency : endpoint channel latencies.
    flow_control : "vct" (virtual cut-through, :mod:`lowdiam.sim.engine`) or "wormhole" (flit-level,
        buffers may be smaller than a packet, :mod:`lowdiam.sim.wormhole`).
    arbitration : "random" or "round_robin".
    traffic_options : extra keyword arguments of the pattern (e.g. hotspot ``io_endpoints``).
    saturation_tolerance : the 5 % of the saturation rule (:mod:`lowdiam.sim.results`).
    polarized_weights : (w2, w1, w0) of Algorithm 1 in flits; default (0, 4P, 5P): the paper's
        (0, 64, 80) phits were 4 and 5 of its 16-phit packets.
    ksp_paths : k of ``"ksp"`` routing (paths per router pair, default 8).
    min_vcs : with ``vcs=None``, at least this many VCs (a paper's VC count): the routing still
        gets one VC per hop of its longest route, and VCs beyond that are shared by the hop classes.

    Returns
    -------
    SimResult with ``accepted_load``, ``latency_mean``, ``latency_p99``, ``hops_mean``,
    ``saturated`` and the rest (see :class:`lowdiam.sim.results.SimResult`).
    """
    t_start = time.perf_counter()
    spec = routing_spec(routing)
    load = float(load)
    if not (0.0 < load <= 1.0) or math.isnan(load):
        raise ValueError(f"load must be in (0, 1] flits/endpoint/cycle, got {load}")
    if flow_control not in FLOW_CONTROLS:
        raise ValueError(
            f"unknown flow_control {flow_control!r}; choose one of {list(FLOW_CONTROLS)}"
        )
    if arbitration not in ARBITRATIONS:
        raise ValueError(f"unknown arbitration {arbitration!r}; choose one of {list(ARBITRATIONS)}")
    if drain not in DRAIN_MODES:
        raise ValueError(f"unknown drain mode {drain!r}; choose one of {list(DRAIN_MODES)}")
    P = _check_int("packet_flits", packet_flits, 1)
    cap = _check_int("buffer_flits", buffer_flits, 1)
    wormhole = flow_control == "wormhole"
    if cap < P and not wormhole:
        raise ValueError(
            f"buffer_flits={cap} cannot hold a whole packet of {P} flits (virtual cut-through); "
            f"use buffer_flits >= {P}, or flow_control='wormhole'"
        )
    warm = _check_int("warmup_cycles", warmup_cycles, 0)
    meas = _check_int("measure_cycles", measure_cycles, 1)
    L = _check_int("link_latency", link_latency, 1)
    LG = L if global_link_latency is None else _check_int("global_link_latency", global_link_latency, 1)
    R = _check_int("router_delay", router_delay, 0)
    LI = _check_int("injection_latency", injection_latency, 1)
    LE = _check_int("ejection_latency", ejection_latency, 1)
    seed = _check_int("seed", seed, 0)
    if endpoints_per_router is not None:
        topology = topology.with_endpoints(_check_int("endpoints_per_router", endpoints_per_router, 1))

    n = topology.num_routers
    ep = Endpoints.of(topology.endpoints)
    NE = ep.count
    if NE < 2:
        raise ValueError(f"{topology.name} has {NE} endpoints; a simulation needs at least 2")
    D = _distances(topology)
    carriers = np.flatnonzero(topology.endpoints > 0)
    if D[np.ix_(carriers, carriers)].max() == 255 or (spec.code >= 2 and D.max() == 255):
        raise ValueError(f"{topology.name} is disconnected; routing needs a connected router graph")

    tables = _route_tables(topology, spec.code)
    Droute = tables.T1 if spec.code in (DF_MIN, DF_UGAL) else D
    need = max_route_length(routing, Droute, topology.endpoints > 0)
    need = max(need, 1)
    floor = _check_int("min_vcs", min_vcs, 1)
    if vcs is not None and floor != 1:
        raise ValueError(f"give vcs={vcs!r} or min_vcs={min_vcs!r}, not both: min_vcs only applies when vcs is None")
    V = max(need, floor) if vcs is None else _check_int("vcs", vcs, 1)
    if V < need:
        raise ValueError(
            f"vcs={V} is too few for routing {routing!r} on {topology.name}: hop-indexed VCs need one "
            f"VC per hop of the longest route, {need}; use vcs >= {need}"
        )
    if spec.code == POLARIZED and n <= POLARIZED_EXACT_CHECK:
        dead = _CORNERS.get(topology)
        if dead is None:
            dead = tuple(int(x) for x in polarized_dead_end(D, topology.indptr, topology.indices))
            _CORNERS[topology] = dead
        if dead[0] >= 0:
            s_, t_, c_ = dead
            raise ValueError(
                f"polarized routing does not apply to {topology.name}: Algorithm 1 can strand a packet "
                f"from router {s_} to {t_} at router {c_}, which has no neighbour satisfying C1-C3 "
                "(a corner, Polarized Sec. 5); use 'min', 'valiant' or 'ugal'"
            )
    if spec.code == MIN_SINGLE:
        nh = _single_table(topology, D, seed)
    elif spec.code == SOURCE_MIN:  # the kernel's nh table carries the shortest-path counts
        per = _TABLES.setdefault(topology, {})
        if "spcount" not in per:
            per["spcount"] = shortest_path_counts_table(D, topology.indptr, topology.indices)
        nh = per["spcount"]
    else:
        nh = np.zeros((1, 1), np.int32)
    if spec.code == KSP:
        k = _check_int("ksp_paths", ksp_paths, 1)
        ptab, pcnt = _ksp(topology, D, k, seed)
    else:
        k, ptab, pcnt = 1, np.full(1, -1, np.int16), np.zeros(1, np.uint8)

    tspec = make_traffic(traffic, topology, ep, D, seed, **(traffic_options or {}))
    active = np.asarray(tspec.active, dtype=bool)
    n_active = int(active.sum())
    if n_active == 0:
        raise ValueError(f"traffic {traffic!r} leaves no endpoint injecting on {topology.name}")
    p_pkt = load / P
    logq = np.where(active, -np.inf if p_pkt >= 1.0 else math.log1p(-p_pkt), 0.0)

    # ---------------------------------------------------------------- state
    indptr = topology.indptr.astype(np.int32)
    indices = topology.indices.astype(np.int32)
    A = int(indices.size)
    arc_lat = _arc_latencies(topology, L, LG)
    S = cap + 1 if wormhole else cap // P  # packet slots per VC FIFO (wormhole: cap flits + the owner)
    n_ch = A + NE
    n_chv = n_ch * V
    max_lat = int(max(arc_lat.max(initial=L), LI))
    W = max_lat + 2 if wormhole else P + max_lat + 2
    pool = n_chv * cap + 2 * NE if wormhole else n_chv * S  # every VC (injection ones too) full
    QCAP = INITIAL_QUEUE
    LH = LATENCY_BINS
    wend = warm + meas
    if drain == "none":
        stop, gen_until, t_end = E.STOP_NONE, 1 << 62, wend
    else:
        cap_drain = max(1000, meas) if max_drain_cycles is None else _check_int("max_drain_cycles", max_drain_cycles, 0)
        t_end = wend + cap_drain
        stop = E.STOP_MEASURED if drain == "measured" else E.STOP_EMPTY
        gen_until = 1 << 62 if drain == "measured" else wend
    cfg = np.zeros(E.N_CFG, dtype=np.int64)
    cfg[[E.C_P, E.C_V, E.C_S, E.C_CAP, E.C_R, E.C_LI, E.C_LE]] = [P, V, S, cap, R, LI, LE]
    cfg[[E.C_WARM, E.C_WEND, E.C_ALGO, E.C_TMODE, E.C_STOP, E.C_GEN_UNTIL]] = [
        warm, wend, spec.code, tspec.mode, stop, gen_until,
    ]
    cfg[[E.C_N, E.C_A, E.C_NE, E.C_W, E.C_QCAP, E.C_LH, E.C_ARB, E.C_HOT_PPM]] = [
        n, A, NE, W, QCAP, LH, ARBITRATIONS.index(arbitration), round(tspec.hot_fraction * 1_000_000),
    ]
    w = (0, 4 * P, 5 * P) if polarized_weights is None else tuple(int(x) for x in polarized_weights)
    if len(w) != 3 or w[0] != 0 or not 0 <= w[1] <= w[2]:
        raise ValueError(f"polarized_weights must be (0, w1, w0) with 0 <= w1 <= w0, got {polarized_weights!r}")
    cfg[E.C_PW1], cfg[E.C_PW2] = w[1], w[2]
    cfg[E.C_KSP_K], cfg[E.C_KSP_L] = k, int(D.max()) + 1
    cfg[E.C_NC] = need
    if wormhole:
        st = dict(
            fifo=np.zeros(n_chv * S, np.int32),
            f_head=np.zeros(n_chv, np.int32),
            f_cnt=np.zeros(n_chv, np.int32),
            fl_cnt=np.zeros(n_chv, np.int32),
            head_sent=np.zeros(n_chv, np.int32),
            credits=np.full(n_chv, cap, np.int32),
            owner=np.full(n_chv, -1, np.int32),
            cur_out=np.full(n_chv, WH.NONE, np.int32),
            cur_dchv=np.full(n_chv, -1, np.int32),
            used=np.zeros(n_ch, np.int32),
            pend=np.zeros(A, np.int32),
            in_used=np.full(n_ch, -1, np.int64),
            out_used=np.full(A, -1, np.int64),
            ej_used=np.full(NE, -1, np.int64),
            ej_owner=np.full(NE, -1, np.int32),
            wcr=np.zeros(W * n_ch, np.int32),
            wcr_cnt=np.zeros(W, np.int32),
            wfl=np.zeros(W * n_ch, np.int32),
            wfl_cnt=np.zeros(W, np.int32),
            act=np.zeros(n_chv, np.int32),
            in_act=np.zeros(n_chv, np.uint8),
            inj_pkt=np.full(NE, -1, np.int32),
            inj_sent=np.zeros(NE, np.int32),
            inj_chv=np.zeros(NE, np.int32),
        )
    else:
        st = dict(
            fifo=np.zeros(n_chv * S, np.int32),
            f_head=np.zeros(n_chv, np.int32),
            f_cnt=np.zeros(n_chv, np.int32),
            vc_ready=np.zeros(n_chv, np.int64),
            credits=np.full(n_chv, cap, np.int32),
            used=np.zeros(n_ch, np.int32),
            pend=np.zeros(A, np.int32),
            wheel=np.zeros(W * n_ch, np.int32),
            wheel_cnt=np.zeros(W, np.int32),
            in_busy=np.zeros(n_ch, np.int64),
            out_busy=np.zeros(A, np.int64),
            ej_busy=np.zeros(NE, np.int64),
            inj_busy=np.zeros(NE, np.int64),
            act=np.zeros(n_chv, np.int32),
            in_act=np.zeros(n_chv, np.uint8),
        )
    pk = dict(
        p_src=np.zeros(pool, np.int32),
        p_dst=np.zeros(pool, np.int32),
        p_mid=np.zeros(pool, np.int32),
        p_hops=np.zeros(pool, np.int32),
        p_out=np.zeros(pool, np.int32),
        p_meas=np.zeros(pool, np.uint8),
        p_ctime=np.zeros(pool, np.int64),
        p_itime=np.zeros(pool, np.int64),
        p_ready=np.zeros(pool, np.int64),
        free_stack=np.arange(pool - 1, -1, -1, dtype=np.int32),
    )
    sq = dict(
        sq_time=np.zeros(NE * QCAP, np.int64),
        sq_dst=np.zeros(NE * QCAP, np.int32),
        sq_head=np.zeros(NE, np.int32),
        sq_cnt=np.zeros(NE, np.int32),
        next_gen=np.zeros(NE, np.int64),
    )
    stats = dict(
        ctr=np.zeros(E.N_CTR, np.int64),
        src_acc=np.zeros(NE, np.int64),
        arc_flits=np.zeros(A, np.int64),
        hop_hist=np.zeros(V + 2, np.int64),
        lat_hist=np.zeros(LH, np.int64),
    )
    stats["ctr"][E.K_NFREE] = pool
    deg_max = int(np.diff(indptr).max(initial=0))
    scratch = (np.zeros(max(deg_max, 1), np.int32), np.zeros(max(deg_max, 1), np.int64))

    # first arrivals: a Bernoulli process's first success at trial index gap - 1
    rs = new_state(seed)
    req = np.zeros(n_chv, np.int32)
    first = _first_arrivals(logq, seed)
    sq["next_gen"][:] = first

    while True:
        common = (
            t_end, cfg, logq,
            indptr, indices, arc_lat, D, nh, ep.router,
            tables.T1, tables.T2, tables.lab, tables.arc_cls, tables.fvec, tables.quad, ptab, pcnt,
            tspec.ptr.astype(np.int32), tspec.dst.astype(np.int32), tspec.hot.astype(np.int32),
        )
        packets = (
            pk["p_src"], pk["p_dst"], pk["p_mid"], pk["p_hops"], pk["p_out"], pk["p_meas"],
            pk["p_ctime"], pk["p_itime"], pk["p_ready"], pk["free_stack"],
        )
        tail = (
            sq["sq_time"], sq["sq_dst"], sq["sq_head"], sq["sq_cnt"], sq["next_gen"],
            stats["ctr"], stats["src_acc"], stats["arc_flits"], stats["hop_hist"], stats["lat_hist"],
            req, scratch[0], scratch[1], rs,
        )
        if wormhole:
            status = WH.run_wormhole(
                *common,
                st["fifo"], st["f_head"], st["f_cnt"], st["fl_cnt"], st["head_sent"], st["credits"], st["owner"],
                st["cur_out"], st["cur_dchv"], st["used"], st["pend"], st["in_used"], st["out_used"], st["ej_used"],
                st["ej_owner"], st["wcr"], st["wcr_cnt"], st["wfl"], st["wfl_cnt"], st["act"], st["in_act"],
                *packets, st["inj_pkt"], st["inj_sent"], st["inj_chv"], *tail,
            )
        else:
            status = E.run_kernel(
                *common,
                st["fifo"], st["f_head"], st["f_cnt"], st["vc_ready"], st["credits"], st["used"], st["pend"],
                st["wheel"], st["wheel_cnt"], st["in_busy"], st["out_busy"], st["ej_busy"], st["inj_busy"],
                st["act"], st["in_act"], *packets, *tail,
            )
        if status == E.RUN_GROW:
            QCAP = _grow_queues(sq, NE, int(cfg[E.C_QCAP]))
            cfg[E.C_QCAP] = QCAP
            stats["ctr"][E.K_SAFE] = 0
            continue
        if status < 0:
            _raise_kernel_error(stats["ctr"], pk, ep, topology, routing)
        break

    ctr = stats["ctr"]
    if wormhole:
        cons = _conservation_wormhole(ctr, st, sq, P, cap, V, W, n_ch, pool)
    else:
        cons = _conservation(ctr, st, pk, sq, P, cap, V, S, W, n_ch, pool)
    wall = time.perf_counter() - t_start

    window = meas * n_active
    offered_actual = ctr[E.K_GEN_WIN_FLITS] / window
    accepted = ctr[E.K_ACC_WIN_FLITS] / window
    measured, delivered = int(ctr[E.K_MEAS]), int(ctr[E.K_MEAS_DONE])
    saturated, reason = saturation_verdict(
        offered_actual, accepted, measured, delivered, drain != "none", saturation_tolerance
    )
    per_src = stats["src_acc"][active] / meas
    hist = stats["lat_hist"]
    nan = float("nan")
    hop_hist = stats["hop_hist"]
    last = np.flatnonzero(hop_hist)
    return SimResult(
        topology=topology.name,
        routing=routing,
        traffic=traffic,
        offered_load=load,
        offered_load_actual=float(offered_actual),
        accepted_load=float(accepted),
        latency_mean=ctr[E.K_LAT_SUM] / delivered if delivered else nan,
        latency_p50=percentile_from_histogram(hist, 50),
        latency_p99=percentile_from_histogram(hist, 99),
        latency_max=float(ctr[E.K_LAT_MAX]) if delivered else nan,
        network_latency_mean=ctr[E.K_NETLAT_SUM] / delivered if delivered else nan,
        hops_mean=ctr[E.K_HOP_SUM] / delivered if delivered else nan,
        hop_histogram=hop_hist[: last[-1] + 1].copy() if last.size else np.zeros(1, np.int64),
        min_source_throughput=float(per_src.min()),
        jain_fairness=jain_fairness(per_src),
        link_utilization=stats["arc_flits"] / meas,
        saturated=bool(saturated),
        saturation_reason=reason,
        packets_measured=measured,
        packets_delivered=delivered,
        active_sources=n_active,
        cycles=int(ctr[E.K_NOW]),
        conservation=cons,
        wall_seconds=wall,
        params=dict(
            endpoints_per_router=topology.endpoints_per_router, packet_flits=P, vcs=V, buffer_flits=cap,
            warmup_cycles=warm, measure_cycles=meas, seed=seed, drain=drain, link_latency=L,
            global_link_latency=LG, router_delay=R, injection_latency=LI, ejection_latency=LE,
            flow_control=flow_control, arbitration=arbitration, source_queue_capacity=int(cfg[E.C_QCAP]),
            polarized_weights=w, ksp_paths=k,
        ),
    )


def _first_arrivals(logq: np.ndarray, seed: int) -> np.ndarray:
    """Cycle of each endpoint's first packet (never for silent endpoints)."""
    rng = np.random.default_rng([seed, 0x51A])
    u = rng.random(logq.size)
    with np.errstate(divide="ignore", invalid="ignore"):
        gap = np.where(logq == -np.inf, 0.0, np.floor(np.log1p(-u) / np.where(logq == 0, -1.0, logq)))
    return np.where(logq == 0.0, 1 << 62, gap).astype(np.int64)


def _grow_queues(sq: dict, NE: int, qcap: int) -> int:
    """Double the per-endpoint source-queue rings (unbounded source queues)."""
    new = qcap * 2
    idx = (sq["sq_head"][:, None].astype(np.int64) + np.arange(qcap)[None, :]) % qcap
    rows = np.arange(NE)[:, None] * qcap
    for key in ("sq_time", "sq_dst"):
        old = sq[key]
        grown = np.zeros(NE * new, dtype=old.dtype)
        grown.reshape(NE, new)[:, :qcap] = old[rows + idx]
        sq[key] = grown
    sq["sq_head"][:] = 0
    return new


def _conservation(ctr, st, pk, sq, P, cap, V, S, W, n_ch, pool) -> dict[str, int]:
    """Flit accounting at the end of a run; raises ``RuntimeError`` on any imbalance."""
    gen, inj, ej = int(ctr[E.K_GEN]), int(ctr[E.K_INJ]), int(ctr[E.K_EJ])
    queued = int(st_sum(sq["sq_cnt"]))
    buffered = int(st_sum(st["f_cnt"]))
    live = pool - int(ctr[E.K_NFREE])
    pending = np.zeros(n_ch * V, np.int64)
    for slot in range(W):
        k = st["wheel_cnt"][slot]
        np.add.at(pending, st["wheel"][slot * n_ch : slot * n_ch + k], 1)
    problems = []
    if gen != inj + queued:
        problems.append(f"generated {gen * P} flits != injected {inj * P} + source-queued {queued * P}")
    if inj != ej + buffered:
        problems.append(f"injected {inj * P} flits != ejected {ej * P} + in network {buffered * P}")
    if live != buffered:
        problems.append(f"{live} packet slots in use but {buffered} packets buffered")
    bal = st["credits"].astype(np.int64) + P * pending + P * st["f_cnt"].astype(np.int64)
    problems += _port_problems(st, bal, cap, V, n_ch)
    if problems:
        raise RuntimeError("conservation check failed: " + "; ".join(problems))
    return dict(
        generated_flits=gen * P, injected_flits=inj * P, ejected_flits=ej * P,
        in_network_flits=buffered * P, source_queued_flits=queued * P,
    )


def _conservation_wormhole(ctr, st, sq, P, cap, V, W, n_ch, pool) -> dict[str, int]:
    """Flit accounting of the wormhole kernel; raises ``RuntimeError`` on any imbalance."""
    gen, inj, ej = int(ctr[E.K_GEN]), int(ctr[E.K_INJ]), int(ctr[E.K_EJ])
    queued = int(st_sum(sq["sq_cnt"]))
    live = pool - int(ctr[E.K_NFREE])

    def pending(wheel, counts):
        out = np.zeros(n_ch * V, np.int64)
        for slot in range(W):
            np.add.at(out, wheel[slot * n_ch : slot * n_ch + counts[slot]], 1)
        return out

    cr, fl = pending(st["wcr"], st["wcr_cnt"]), pending(st["wfl"], st["wfl_cnt"])
    buffered = st["fl_cnt"].astype(np.int64)
    at_source = int(st_sum(np.where(st["inj_pkt"] >= 0, P - st["inj_sent"], 0)))
    ejecting = int(st_sum(np.where(st["cur_out"] == -1, st["head_sent"], 0)))  # EJECT == -1
    problems = []
    if gen != inj + queued:
        problems.append(f"generated {gen} packets != injected {inj} + source-queued {queued}")
    if live != inj - ej:
        problems.append(f"{live} packet slots in use but {inj - ej} packets live")
    in_net = int(buffered.sum() + fl.sum())
    if (inj - ej) * P != at_source + in_net + ejecting:
        problems.append(
            f"live packets hold {(inj - ej) * P} flits != {at_source} at sources + {in_net} in the network "
            f"+ {ejecting} already ejected"
        )
    bal = st["credits"].astype(np.int64) + cr + buffered + fl
    problems += _port_problems(st, bal, cap, V, n_ch)
    if problems:
        raise RuntimeError("conservation check failed (wormhole): " + "; ".join(problems))
    return dict(
        generated_flits=gen * P, injected_flits=inj * P, ejected_flits=ej * P,
        in_network_flits=in_net + ejecting, source_queued_flits=queued * P + at_source,
    )


def _port_problems(st, bal, cap, V, n_ch) -> list[str]:
    """Per port/VC checks shared by both kernels: credits + flits owed (``bal``) equal the buffer size."""
    problems = []
    if np.any(bal != cap):
        bad = int(np.flatnonzero(bal != cap)[0])
        problems.append(f"credit imbalance at port/VC {bad}: {bal[bad]} != buffer {cap}")
    used = (cap - st["credits"].astype(np.int64)).reshape(n_ch, V).sum(axis=1)
    if np.any(used != st["used"]):
        problems.append("per-port occupancy counters disagree with credits")
    if np.any(st["pend"] < 0):
        problems.append("negative waiting demand on a port")
    return problems


def st_sum(a: np.ndarray) -> int:
    return int(a.sum(dtype=np.int64))


def _raise_kernel_error(ctr, pk, ep, topology, routing):
    code, p, c = int(ctr[E.K_ERR]), int(ctr[E.K_ERR_A]), int(ctr[E.K_ERR_B])
    s, t = int(ep.router[pk["p_src"][p]]), int(ep.router[pk["p_dst"][p]])
    if code == E.ERR_NO_ROUTE:
        raise RuntimeError(
            f"{routing} routing found no admissible next hop at router {c} for a packet from router {s} "
            f"to {t} on {topology.name}"
        )
    if code == E.ERR_VC_OVERFLOW:
        raise RuntimeError(
            f"a {routing} packet from router {s} to {t} exceeded the VC count at router {c} "
            f"after {int(pk['p_hops'][p])} hops on {topology.name}"
        )
    raise RuntimeError(f"simulator kernel error code {code}")


def load_sweep(topology, loads, **kwargs) -> list[SimResult]:
    """:func:`simulate` at each offered load (same seed and parameters)."""
    return [simulate(topology, load=float(x), **kwargs) for x in loads]


def saturation_load(topology, *, lo: float = 0.05, hi: float = 1.0, tol: float = 0.02, **kwargs) -> float:
    """Largest offered load (to ``tol``) the run reports as not saturated, by bisection.

    Returns ``hi`` when even ``hi`` is stable and ``0.0`` when ``lo`` already saturates.
    """
    if simulate(topology, load=hi, **kwargs).saturated is False:
        return hi
    if simulate(topology, load=lo, **kwargs).saturated:
        return 0.0
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        if simulate(topology, load=mid, **kwargs).saturated:
            hi = mid
        else:
            lo = mid
    return lo
