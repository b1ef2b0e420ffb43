"""Kernel state of the ideal router model: a few NamedTuples of flat arrays.

The kernels take ``(cfg, net, traffic, tables, ports, vcs, packets, sources,
stats, scratch)``: ten named records instead of dozens of positional arrays,
so a misplaced array is a typing error, not a silent wrong number.
:mod:`.run` builds them all for one run.

The kernels and the routing functions they call are compiled with
``_nrt=False`` (no reference counting): they never allocate, and numba would
otherwise increment and decrement the reference count of every array of a
record each time a record is bound to a function argument -- dozens of atomic
operations per routed hop, which made the record-based kernels 1.4-1.6x
slower than the positional ones before (benchmarks/bench_sim_refactor.py).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ..routings.base import PortState, Scratch

# ---------------------------------------------------------------- counters (Stats.ctr slots)
K_GEN, K_INJ, K_EJ, K_GEN_WIN_FLITS, K_ACC_WIN_FLITS = 0, 1, 2, 3, 4
K_MEAS, K_MEAS_DONE, K_LAT_SUM, K_NETLAT_SUM, K_HOP_SUM = 5, 6, 7, 8, 9
K_ERR, K_ERR_A, K_ERR_B, K_NACT, K_NFREE, K_NOW, K_SAFE, K_LAT_MAX = 10, 11, 12, 13, 14, 15, 16, 17
N_CTR = 20

# kernel return codes
RUN_DONE, RUN_GROW, RUN_STOPPED = 0, 1, 2
ERR_NO_ROUTE, ERR_VC_OVERFLOW, ERR_NO_SLOT = 1, 2, 3

STOP_NONE, STOP_MEASURED, STOP_EMPTY = 0, 1, 2
INITIAL_QUEUE = 64
MAX_LATENCY_BINS = 1 << 27  # latency histogram: one int64 bin per possible latency (1 GiB at most)


class Config(NamedTuple):
    """Scalars of a run (cycles, sizes, modes)."""

    packet_flits: int  # P
    vcs: int  # V
    slots: int  # packet slots per VC FIFO
    buffer_flits: int  # flits per VC buffer
    router_delay: int
    inj_latency: int
    ej_latency: int
    warmup: int  # first measured cycle
    window_end: int  # warmup + measure
    traffic_mode: int  # traffic.UNIFORM / TABLE / HOTSPOT
    stop: int  # STOP_*
    gen_until: int  # no packets are generated from this cycle on
    t_end: int  # hard end of the run (drain cap)
    arcs: int  # A
    endpoints: int  # NE
    wheel: int  # W, slots of the time wheels
    queue_capacity: int  # QCAP, ring size of each source queue
    latency_bins: int  # > the largest possible latency: no latency is clipped
    arb_random: int  # 1 random, 0 round robin
    hot_ppm: int  # hotspot probability in parts per million


class Traffic(NamedTuple):
    logq: np.ndarray  # (NE,) float64 log(1 - packet probability); 0 = silent
    ptr: np.ndarray  # (NE+1,) int32 TABLE rows
    dst: np.ndarray  # int32 TABLE destinations
    hot: np.ndarray  # int32 hotspot endpoints


class Packets(NamedTuple):
    """Packet table: a slot pool with a free stack."""

    src: np.ndarray  # int32 source endpoint
    dst: np.ndarray  # int32 destination endpoint
    route_state: np.ndarray  # int32 the routing's per-packet word (see the routing's docstring)
    hops: np.ndarray  # int32 links crossed
    out: np.ndarray  # int32 output chosen for the current hop (or UNSET / WAIT)
    measured: np.ndarray  # uint8 created in the measurement window
    ctime: np.ndarray  # int64 creation cycle
    itime: np.ndarray  # int64 injection cycle
    ready: np.ndarray  # int64 cycle the head becomes eligible
    free_stack: np.ndarray  # int32 free slots


class SourceQueues(NamedTuple):
    """Unbounded per-endpoint source queues (rings grown on demand)."""

    time: np.ndarray  # (NE * QCAP,) int64 creation cycle
    dst: np.ndarray  # (NE * QCAP,) int32 destination endpoint
    head: np.ndarray  # (NE,) int32
    count: np.ndarray  # (NE,) int32
    next_gen: np.ndarray  # (NE,) int64 next packet's creation cycle


class Stats(NamedTuple):
    ctr: np.ndarray  # (N_CTR,) int64 counters K_*
    src_acc: np.ndarray  # (NE,) int64 flits delivered per source in the window
    arc_flits: np.ndarray  # (A,) int64 flits sent per arc in the window
    hop_hist: np.ndarray  # (V+2,) int64 measured packets by hops
    lat_hist: np.ndarray  # (latency_bins,) int64 measured packets by latency


class CutThroughVCs(NamedTuple):
    """Per input VC / port state of the virtual cut-through kernel."""

    fifo: np.ndarray  # (n_chv * S,) int32 packet ids
    head: np.ndarray  # (n_chv,) int32
    count: np.ndarray  # (n_chv,) int32 packets in the FIFO
    ready: np.ndarray  # (n_chv,) int64 cycle the head packet may request
    wheel: np.ndarray  # (W * n_ch,) int32 credit returns (port/VC) per cycle slot
    wheel_cnt: np.ndarray  # (W,) int32
    in_busy: np.ndarray  # (n_ch,) int64 input port busy until
    out_busy: np.ndarray  # (A,) int64 output link busy until
    ej_busy: np.ndarray  # (NE,) int64 ejection port busy until
    inj_busy: np.ndarray  # (NE,) int64 injection channel busy until
    act: np.ndarray  # (n_chv,) int32 active list of non-empty input VCs
    in_act: np.ndarray  # (n_chv,) uint8 membership of the active list


class WormholeVCs(NamedTuple):
    """Per input VC / port state of the flit-level wormhole kernel."""

    fifo: np.ndarray  # (n_chv * S,) int32 packet ids (packets with a flit in or bound for the VC)
    head: np.ndarray  # (n_chv,) int32
    count: np.ndarray  # (n_chv,) int32 packets in the FIFO
    flits: np.ndarray  # (n_chv,) int32 flits buffered
    head_sent: np.ndarray  # (n_chv,) int32 flits of the head packet already sent on
    owner: np.ndarray  # (n_chv,) int32 packet holding the VC (-1 free)
    cur_out: np.ndarray  # (n_chv,) int32 output of the head packet (NONE: not allocated)
    cur_dchv: np.ndarray  # (n_chv,) int32 downstream VC of the head packet
    in_used: np.ndarray  # (n_ch,) int64 last cycle the input port sent a flit
    out_used: np.ndarray  # (A,) int64 last cycle the link carried a flit
    ej_used: np.ndarray  # (NE,) int64 last cycle the ejection port took a flit
    ej_owner: np.ndarray  # (NE,) int32 packet being ejected
    wcr: np.ndarray  # (W * n_ch,) int32 credit returns per cycle slot
    wcr_cnt: np.ndarray  # (W,) int32
    wfl: np.ndarray  # (W * n_ch,) int32 flit arrivals per cycle slot
    wfl_cnt: np.ndarray  # (W,) int32
    act: np.ndarray  # (n_chv,) int32
    in_act: np.ndarray  # (n_chv,) uint8
    inj_pkt: np.ndarray  # (NE,) int32 packet being injected (-1 none)
    inj_sent: np.ndarray  # (NE,) int32 its flits sent
    inj_chv: np.ndarray  # (NE,) int32 its injection VC


class KernelState(NamedTuple):
    """Everything one kernel call reads and writes, in the kernels' argument order."""

    cfg: Config
    net: object
    traffic: Traffic
    tables: object
    ports: PortState
    vcs: object  # CutThroughVCs or WormholeVCs
    packets: Packets
    sources: SourceQueues
    stats: Stats
    scratch: Scratch


def first_arrivals(logq: np.ndarray, seed: int) -> np.ndarray:
    """Cycle of each endpoint's first packet (never for silent endpoints).

    A Bernoulli process's first success is at trial index gap - 1.
    """
    rng = np.random.default_rng([seed, 0x51A])
    u = rng.random(logq.size)
    with np.errstate(divide="ignore", invalid="ignore"):
        gap = np.where(logq == -np.inf, 0.0, np.floor(np.log1p(-u) / np.where(logq == 0, -1.0, logq)))
    return np.where(logq == 0.0, 1 << 62, gap).astype(np.int64)


def injection_log_probabilities(active: np.ndarray, load: float, packet_flits: int) -> np.ndarray:
    """log(1 - p) of each endpoint's per-cycle packet probability p = load / P (0 = silent)."""
    p_pkt = load / packet_flits
    return np.where(active, -np.inf if p_pkt >= 1.0 else math.log1p(-p_pkt), 0.0)


def grow_queues(sq: SourceQueues, NE: int, qcap: int) -> tuple[SourceQueues, int]:
    """Double the per-endpoint source-queue rings (unbounded source queues)."""
    new = qcap * 2
    idx = (sq.head[:, None].astype(np.int64) + np.arange(qcap)[None, :]) % qcap
    rows = np.arange(NE)[:, None] * qcap
    grown = {}
    for key in ("time", "dst"):
        old = getattr(sq, key)
        arr = np.zeros(NE * new, dtype=old.dtype)
        arr.reshape(NE, new)[:, :qcap] = old[rows + idx]
        grown[key] = arr
    sq.head[:] = 0
    return sq._replace(**grown), new
