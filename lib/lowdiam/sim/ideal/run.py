"""Entry point of the "ideal" router model: ``run(request) -> SimResult``.

Short steps: :func:`route_tables_for` (routing tables and the VC count),
:func:`allocate` (the kernels' records), :func:`execute` (the kernel, growing
source queues on demand), :func:`result` (statistics and the saturation verdict).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from ..kernel_cache import writable
from ..results import SimResult, jain_fairness, percentile_from_histogram, saturation_verdict
from ..rng import new_state
from ..routings import build_route_tables, resolve_routing
from ..routings.base import BuildContext, Network, PacketRoutes, PortState, RouteTables, Scratch
from ..routings.dispatch import kernel_entry
from ..routings.polarized import weights as polarized_weights
from ..tables import distances, memo
from ..traffic import Endpoints, make_traffic, refuse_include_source
from . import conservation
from .cut_through import run_cut_through
from .state import (
    ERR_NO_ROUTE,
    ERR_VC_OVERFLOW,
    INITIAL_QUEUE,
    K_ACC_WIN_FLITS,
    K_ERR,
    K_ERR_A,
    K_ERR_B,
    K_GEN_WIN_FLITS,
    K_HOP_SUM,
    K_LAT_MAX,
    K_LAT_SUM,
    K_MEAS,
    K_MEAS_DONE,
    K_NETLAT_SUM,
    K_NFREE,
    K_NOW,
    K_SAFE,
    MAX_LATENCY_BINS,
    N_CTR,
    RUN_GROW,
    STOP_EMPTY,
    STOP_MEASURED,
    STOP_NONE,
    Config,
    CutThroughVCs,
    KernelState,
    Packets,
    SourceQueues,
    Stats,
    Traffic,
    WormholeVCs,
    first_arrivals,
    grow_queues,
    injection_log_probabilities,
)
from .wormhole import NONE, run_wormhole


def arc_latencies(topology, local: int, global_: int) -> np.ndarray:
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


def route_tables_for(req) -> tuple[RouteTables, int]:
    """Routing tables of the run and its VC count (``ValueError`` when ``vcs`` is below the longest route)."""
    topology = req.topology
    routing, options = resolve_routing(req.routing, req.routing_options)
    ctx = BuildContext(topology, distances(topology), req.seed, req.packet_flits, memo(topology))
    tables, need = build_route_tables(routing, options, ctx)
    V = max(need, req.min_vcs) if req.vcs is None else req.vcs
    if V < need:
        raise ValueError(
            f"vcs={V} is too few for routing {req.routing!r} on {topology.name}: hop-indexed VCs need one "
            f"VC per hop of the longest route, {need}; use vcs >= {need}"
        )
    return tables, V


def default_drain_cap(req, tables: RouteTables, arc_lat: np.ndarray) -> int:
    """Drain cycles allowed when ``max_drain_cycles`` is not given.

    ``max(1000, measure_cycles)``, or four times the zero-load time of the
    longest route when that is longer (long links: a packet created at the end
    of the window must be able to arrive).
    """
    hops = int(tables.hop_classes)
    longest = int(arc_lat.max(initial=req.link_latency))
    route_time = (req.injection_latency + req.ejection_latency + req.packet_flits
                  + hops * longest + (hops + 1) * req.router_delay)
    return max(1000, req.measure_cycles, 4 * route_time)


def allocate(req, tables: RouteTables, V: int) -> tuple[KernelState, np.ndarray]:
    """Every record the kernel reads and writes, initialised for cycle 0; also the active-source mask."""
    topology = req.topology
    wormhole = req.flow_control == "wormhole"
    P, cap = req.packet_flits, req.buffer_flits
    ep = Endpoints.of(topology.endpoints)
    NE = ep.count
    tspec = make_traffic(req.traffic, topology, ep, distances(topology), req.seed, **req.traffic_options)
    refuse_include_source(tspec, "ideal", "its uniform traffic draws among the other endpoints")
    active = np.asarray(tspec.active, dtype=bool)
    if not active.any():
        raise ValueError(f"traffic {req.traffic!r} leaves no endpoint injecting on {topology.name}")
    logq = injection_log_probabilities(active, req.load, P)

    indptr = topology.indptr.astype(np.int32)
    indices = topology.indices.astype(np.int32)
    A = int(indices.size)
    arc_lat = arc_latencies(topology, req.link_latency, req.global_link_latency)
    S = cap + 1 if wormhole else cap // P  # packet slots per VC FIFO (wormhole: cap flits + the owner)
    n_ch = A + NE
    n_chv = n_ch * V
    max_lat = int(max(arc_lat.max(initial=req.link_latency), req.injection_latency))
    W = max_lat + 2 if wormhole else P + max_lat + 2
    pool = n_chv * cap + 2 * NE if wormhole else n_chv * S  # every VC (injection ones too) full
    warm, meas = req.warmup_cycles, req.measure_cycles
    wend = warm + meas
    if req.drain == "none":
        stop, gen_until, t_end = STOP_NONE, 1 << 62, wend
    else:
        cap_drain = default_drain_cap(req, tables, arc_lat) if req.max_drain_cycles is None else req.max_drain_cycles
        t_end = wend + cap_drain
        stop = STOP_MEASURED if req.drain == "measured" else STOP_EMPTY
        gen_until = 1 << 62 if req.drain == "measured" else wend
    # every latency fits: a packet is delivered at most P + ejection latency cycles after the last cycle
    bins = t_end + P + req.ejection_latency + 1
    if bins > MAX_LATENCY_BINS:
        raise ValueError(f"a run of {t_end:,} cycles needs a latency histogram of {bins:,} bins (8 bytes each); "
                         f"keep warmup + measure + drain below {MAX_LATENCY_BINS:,} cycles (max_drain_cycles=)")
    cfg = Config(
        packet_flits=P, vcs=V, slots=S, buffer_flits=cap, router_delay=req.router_delay,
        inj_latency=req.injection_latency, ej_latency=req.ejection_latency, warmup=warm, window_end=wend,
        traffic_mode=int(tspec.mode), stop=stop, gen_until=gen_until, t_end=t_end, arcs=A, endpoints=NE, wheel=W,
        queue_capacity=INITIAL_QUEUE, latency_bins=bins, arb_random=int(req.arbitration == "random"),
        hot_ppm=round(tspec.hot_fraction * 1_000_000),
    )
    net = Network(indptr, indices, arc_lat, ep.router.astype(np.int32))
    traffic = Traffic(logq, tspec.ptr.astype(np.int32), tspec.dst.astype(np.int32), tspec.hot.astype(np.int32))
    ports = PortState(np.zeros(n_ch, np.int32), np.zeros(A, np.int32), np.full(n_chv, cap, np.int32), V, cap)
    if wormhole:
        vcs = WormholeVCs(
            fifo=np.zeros(n_chv * S, np.int32), head=np.zeros(n_chv, np.int32), count=np.zeros(n_chv, np.int32),
            flits=np.zeros(n_chv, np.int32), head_sent=np.zeros(n_chv, np.int32), owner=np.full(n_chv, -1, np.int32),
            cur_out=np.full(n_chv, NONE, np.int32), cur_dchv=np.full(n_chv, -1, np.int32),
            in_used=np.full(n_ch, -1, np.int64), out_used=np.full(A, -1, np.int64), ej_used=np.full(NE, -1, np.int64),
            ej_owner=np.full(NE, -1, np.int32), wcr=np.zeros(W * n_ch, np.int32), wcr_cnt=np.zeros(W, np.int32),
            wfl=np.zeros(W * n_ch, np.int32), wfl_cnt=np.zeros(W, np.int32), act=np.zeros(n_chv, np.int32),
            in_act=np.zeros(n_chv, np.uint8), inj_pkt=np.full(NE, -1, np.int32), inj_sent=np.zeros(NE, np.int32),
            inj_chv=np.zeros(NE, np.int32),
        )
    else:
        vcs = CutThroughVCs(
            fifo=np.zeros(n_chv * S, np.int32), head=np.zeros(n_chv, np.int32), count=np.zeros(n_chv, np.int32),
            ready=np.zeros(n_chv, np.int64), wheel=np.zeros(W * n_ch, np.int32), wheel_cnt=np.zeros(W, np.int32),
            in_busy=np.zeros(n_ch, np.int64), out_busy=np.zeros(A, np.int64), ej_busy=np.zeros(NE, np.int64),
            inj_busy=np.zeros(NE, np.int64), act=np.zeros(n_chv, np.int32), in_act=np.zeros(n_chv, np.uint8),
        )
    packets = Packets(
        src=np.zeros(pool, np.int32), dst=np.zeros(pool, np.int32), route_state=np.zeros(pool, np.int32),
        hops=np.zeros(pool, np.int32), out=np.zeros(pool, np.int32), measured=np.zeros(pool, np.uint8),
        ctime=np.zeros(pool, np.int64), itime=np.zeros(pool, np.int64), ready=np.zeros(pool, np.int64),
        free_stack=np.arange(pool - 1, -1, -1, dtype=np.int32),
    )
    QCAP = INITIAL_QUEUE
    sources = SourceQueues(np.zeros(NE * QCAP, np.int64), np.zeros(NE * QCAP, np.int32), np.zeros(NE, np.int32),
                           np.zeros(NE, np.int32), first_arrivals(logq, req.seed))
    stats = Stats(np.zeros(N_CTR, np.int64), np.zeros(NE, np.int64), np.zeros(A, np.int64),
                  np.zeros(V + 2, np.int64), np.zeros(bins, np.int64))
    stats.ctr[K_NFREE] = pool
    deg_max = max(int(np.diff(indptr).max(initial=0)), 1)
    scratch = Scratch(np.zeros(n_chv, np.int32), np.zeros(deg_max, np.int32), np.zeros(deg_max, np.int64),
                      new_state(req.seed))
    return KernelState(cfg, net, traffic, tables, ports, vcs, packets, sources, stats, scratch), active


_announced = False


def _announce_compiling(kernel) -> None:
    """One line on stderr before the first kernel call of the process that will compile (not load) it."""
    global _announced
    if _announced or kernel.signatures:
        return
    try:
        cached = Path(kernel._cache._cache_file._index_path).exists()  # numba internals: best effort
        where = kernel._cache._cache_path
    except AttributeError:
        cached, where = False, "numba's cache"
    if not cached:
        _announced = True
        print(f"lowdiam.sim: compiling the simulator kernels (tens of seconds, once per version of the sources; "
              f"cached in .../{Path(where).name})", file=sys.stderr, flush=True)  # no absolute path in outputs


def execute(req, st: KernelState) -> KernelState:
    """Run the kernel to the end, doubling the source-queue rings whenever they fill."""
    kernel = run_wormhole if req.flow_control == "wormhole" else run_cut_through
    _announce_compiling(kernel)
    st = writable(st)  # one kernel signature whatever the arrays' origin (frozen topologies' are read-only)
    while True:
        # the run's routing as two first-class functions: one compiled kernel serves every routing, and a run
        # compiles its own routing's functions only (shared with the BookSim model's runs: same records' types)
        pkr = PacketRoutes(st.packets.src, st.packets.route_state)
        entry, hop, setup = kernel_entry(kernel, (*st, pkr), int(st.tables.code), st.tables, st.net, pkr, st.ports,
                                         st.scratch)
        status = entry(*st, pkr, hop, setup)
        if status == RUN_GROW:
            sources, qcap = grow_queues(st.sources, st.cfg.endpoints, st.cfg.queue_capacity)
            st = st._replace(sources=sources, cfg=st.cfg._replace(queue_capacity=qcap))
            st.stats.ctr[K_SAFE] = 0
            continue
        if status < 0:
            _raise_kernel_error(req, st)
        return st


def _raise_kernel_error(req, st: KernelState):
    ctr, pk, ep_router = st.stats.ctr, st.packets, st.net.ep_router
    code, p, c = int(ctr[K_ERR]), int(ctr[K_ERR_A]), int(ctr[K_ERR_B])
    s, t = int(ep_router[pk.src[p]]), int(ep_router[pk.dst[p]])
    name = req.topology.name
    if code == ERR_NO_ROUTE:
        raise RuntimeError(
            f"{req.routing} routing found no admissible next hop at router {c} for a packet from router {s} "
            f"to {t} on {name}"
        )
    if code == ERR_VC_OVERFLOW:
        raise RuntimeError(
            f"a {req.routing} packet from router {s} to {t} exceeded the VC count at router {c} "
            f"after {int(pk.hops[p])} hops on {name}"
        )
    raise RuntimeError(f"simulator kernel error code {code}")


def result(req, st: KernelState, active: np.ndarray, cons: dict, wall: float, cpu: float | None = None) -> SimResult:
    """The :class:`SimResult` of a finished run."""
    ctr, stats, cfg = st.stats.ctr, st.stats, st.cfg
    meas = req.measure_cycles
    window = meas * int(active.sum())
    offered_actual = ctr[K_GEN_WIN_FLITS] / window
    accepted = ctr[K_ACC_WIN_FLITS] / window
    measured, delivered = int(ctr[K_MEAS]), int(ctr[K_MEAS_DONE])
    saturated, reason = saturation_verdict(
        offered_actual, accepted, measured, delivered, req.drain != "none", req.saturation_tolerance
    )
    per_src = stats.src_acc[active] / meas
    hist = stats.lat_hist
    nan = float("nan")
    hop_hist = stats.hop_hist
    last = np.flatnonzero(hop_hist)
    topology = req.topology
    return SimResult(
        topology=topology.name,
        routing=req.routing,
        traffic=req.traffic,
        offered_load=req.load,
        offered_load_actual=float(offered_actual),
        accepted_load=float(accepted),
        latency_mean=ctr[K_LAT_SUM] / delivered if delivered else nan,
        latency_p50=percentile_from_histogram(hist, 50),
        latency_p99=percentile_from_histogram(hist, 99),
        latency_max=float(ctr[K_LAT_MAX]) if delivered else nan,
        network_latency_mean=ctr[K_NETLAT_SUM] / delivered if delivered else nan,
        hops_mean=ctr[K_HOP_SUM] / delivered if delivered else nan,
        hop_histogram=hop_hist[: last[-1] + 1].copy() if last.size else np.zeros(1, np.int64),
        min_source_throughput=float(per_src.min()),
        jain_fairness=jain_fairness(per_src),
        link_utilization=stats.arc_flits / meas,
        saturated=bool(saturated),
        saturation_reason=reason,
        packets_measured=measured,
        packets_delivered=delivered,
        active_sources=int(active.sum()),
        cycles=int(ctr[K_NOW]),
        conservation=cons,
        wall_seconds=wall,
        cpu_seconds=cpu,
        params={
            "endpoints_per_router": topology.endpoints_per_router, "packet_flits": req.packet_flits, "vcs": cfg.vcs,
            "buffer_flits": req.buffer_flits, "warmup_cycles": req.warmup_cycles, "measure_cycles": meas,
            "seed": req.seed,
            "drain": req.drain, "link_latency": req.link_latency, "global_link_latency": req.global_link_latency,
            "router_delay": req.router_delay, "injection_latency": req.injection_latency,
            "ejection_latency": req.ejection_latency, "flow_control": req.flow_control, "arbitration": req.arbitration,
            "source_queue_capacity": cfg.queue_capacity,
            # kept for older readers: Polarized weights and KSP's k in use (k = 1 for other routings)
            "polarized_weights": polarized_weights(req.routing_options, req.packet_flits),
            "ksp_paths": int(st.tables.ksp_k),
            "routing_options": dict(req.routing_options), "router": req.router,
            "router_options": dict(req.router_options),
            "hop_classes": int(st.tables.hop_classes),
        },
    )


def run(req) -> SimResult:
    """Simulate one validated request on the ideal router (the ``router="ideal"`` entry point)."""
    t_start, c_start = time.perf_counter(), time.thread_time()
    tables, V = route_tables_for(req)
    st, active = allocate(req, tables, V)
    st = execute(req, st)
    cons = conservation.wormhole(st) if req.flow_control == "wormhole" else conservation.cut_through(st)
    return result(req, st, active, cons, time.perf_counter() - t_start, time.thread_time() - c_start)
