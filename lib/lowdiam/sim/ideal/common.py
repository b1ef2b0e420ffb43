"""Kernel pieces shared by the cut-through and wormhole kernels of the ideal router.

Packet generation, the one packet set-up both flow controls use (source queue
-> packet table -> routing set-up), allocation order, VC choice, delivery
statistics and the stop rules.
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

from ..rng import below, uniform01
from ..routings.base import EJECT, UNSET, checked, set_up_route
from ..routings.minimal import minimal_hop
from ..traffic import HOTSPOT, TABLE
from .state import (
    K_ACC_WIN_FLITS,
    K_EJ,
    K_GEN,
    K_GEN_WIN_FLITS,
    K_HOP_SUM,
    K_LAT_MAX,
    K_LAT_SUM,
    K_MEAS,
    K_MEAS_DONE,
    K_NETLAT_SUM,
    STOP_EMPTY,
    STOP_MEASURED,
)


@njit(cache=True, inline="always")
def _gap(logq, rs):
    """Geometric inter-arrival gap (>= 1) of a Bernoulli process with log(1-p) = logq."""
    if logq == 0.0:
        return 1 << 62
    if logq == -np.inf:
        return 1
    u = uniform01(rs)
    return 1 + np.int64(math.floor(math.log1p(-u) / logq))


@njit(cache=True, inline="always")
def _pick_dst(e, cfg, traffic, rs):
    NE = cfg.endpoints
    mode = cfg.traffic_mode
    if mode == TABLE:
        lo = traffic.ptr[e]
        k = traffic.ptr[e + 1] - lo
        return traffic.dst[lo + below(rs, k)]
    if mode == HOTSPOT and below(rs, 1000000) < cfg.hot_ppm:
        return traffic.hot[below(rs, traffic.hot.shape[0])]
    d = below(rs, NE - 1)
    if d >= e:
        d += 1
    return d


@njit(cache=True, inline="always")
def queue_headroom(now, safe, NE, QCAP, sq_cnt):
    """Next cycle the source-queue rings must be checked again, or -1 when they must grow.

    At most one packet per endpoint joins a queue per cycle, so a ring with m
    packets is safe for QCAP - m - 1 cycles.
    """
    if now < safe:
        return safe
    m = 0
    for e in range(NE):
        m = max(m, sq_cnt[e])
    if QCAP - m < 2:
        return -1
    return now + (QCAP - m - 1)


@njit(cache=True, inline="always")
def generate_packets(now, cfg, traffic, sq, ctr, rs):
    """Bernoulli packet generation (geometric gaps) into the unbounded source queues."""
    NE = cfg.endpoints
    QCAP = cfg.queue_capacity
    logq = traffic.logq
    next_gen = sq.next_gen
    sq_cnt = sq.count
    for e in range(NE):
        if next_gen[e] <= now:
            next_gen[e] = now + _gap(logq[e], rs)
            d = _pick_dst(e, cfg, traffic, rs)
            q = e * QCAP + (sq.head[e] + sq_cnt[e]) % QCAP
            sq.time[q] = now
            sq.dst[q] = d
            sq_cnt[e] += 1
            ctr[K_GEN] += 1
            if now >= cfg.warmup and now < cfg.window_end:
                ctr[K_GEN_WIN_FLITS] += cfg.packet_flits
                ctr[K_MEAS] += 1


@njit(cache=True, inline="always")
def next_hop(p, c, dst_r, vc_next, need, tables, net, pkr, ports, scratch, hop_fn):
    """Output arc of packet ``p`` whose head is at router ``c`` by the run's routing (``EJECT`` at ``dst_r``).

    A minimal routing's hop is inlined (the chain of :func:`lowdiam.sim.routings.minimal.minimal_hop`); any other
    routing is reached through its entry ``hop_fn`` (:func:`lowdiam.sim.routings.dispatch.kernel_entry`), as it
    was before through a separately compiled ``next_hop``.  A call passes the routing's records (tables, network,
    packets, ports, scratch: a few hundred machine words) and cost the ideal model's hot loop up to 0.6 x its speed
    where the hop had been inlined (``docs/benchmarks.md``, "Compile time")."""
    if tables.minimal:
        if c == dst_r:
            return np.int64(EJECT)
        return np.int64(checked(minimal_hop(tables.code, c, dst_r, vc_next, tables, net, scratch.rs), vc_next,
                                tables.hop_classes))
    return hop_fn(np.int64(p), np.int64(c), np.int64(dst_r), np.int64(vc_next), np.int64(need), tables, net, pkr,
                  ports, scratch)


@njit(cache=True, inline="always")
def admit_packet(e, now, p, cfg, net, tables, pk, sq, rs, setup_fn):
    """Move the head of endpoint ``e``'s source queue into packet slot ``p`` and set up its route.

    The one packet set-up of both flow controls (the caller sets ``pk.ready``); ``setup_fn``: the routing's
    per-packet set-up (:func:`lowdiam.sim.routings.dispatch.entries`).
    """
    QCAP = cfg.queue_capacity
    q = e * QCAP + sq.head[e]
    sq.head[e] = (sq.head[e] + 1) % QCAP
    sq.count[e] -= 1
    t = sq.time[q]
    pk.src[p] = e
    pk.dst[p] = sq.dst[q]
    pk.ctime[p] = t
    pk.itime[p] = now
    pk.measured[p] = 1 if (t >= cfg.warmup and t < cfg.window_end) else 0
    pk.hops[p] = 0
    pk.out[p] = UNSET
    set_up_route(setup_fn, p, net.ep_router[e], net.ep_router[pk.dst[p]], tables, pk.route_state, rs)


@njit(cache=True, inline="always")
def order_requests(req, nreq, now, arb_random, rs):
    """Service order of this cycle's requests: a fresh shuffle, or a rotating start (round robin)."""
    if arb_random:
        for i in range(nreq - 1, 0, -1):
            j = below(rs, i + 1)
            tmp = req[i]
            req[i] = req[j]
            req[j] = tmp
        return 0
    return now % nreq if nreq > 0 else 0


@njit(cache=True, inline="always")
def record_delivery(p, done, cfg, pk, stats):
    """Statistics of a packet whose tail reaches its endpoint at cycle ``done``."""
    P = cfg.packet_flits
    ctr = stats.ctr
    ctr[K_EJ] += 1
    if done >= cfg.warmup and done < cfg.window_end:
        ctr[K_ACC_WIN_FLITS] += P
        stats.src_acc[pk.src[p]] += P
    if pk.measured[p]:
        lat = done - pk.ctime[p]
        ctr[K_MEAS_DONE] += 1
        ctr[K_LAT_SUM] += lat
        ctr[K_NETLAT_SUM] += done - pk.itime[p]
        ctr[K_HOP_SUM] += pk.hops[p]
        stats.hop_hist[pk.hops[p]] += 1
        ctr[K_LAT_MAX] = max(ctr[K_LAT_MAX], lat)
        stats.lat_hist[lat] += 1  # sized past the longest possible latency (run.allocate)


@njit(cache=True, inline="always")
def run_finished(now, cfg, ctr, nfree, pool, NE, sq_cnt):
    """Stop rules: measured packets all delivered (drain="measured"), or network and queues empty ("all")."""
    stop = cfg.stop
    if stop == STOP_MEASURED and now >= cfg.window_end and ctr[K_MEAS_DONE] == ctr[K_MEAS]:
        return True
    if stop == STOP_EMPTY and now >= cfg.gen_until and nfree == pool:
        for e in range(NE):
            if sq_cnt[e] > 0:
                return False
        return True
    return False


@njit(cache=True, inline="always")
def pick_vc(a, cls, V, NC, credits, f_cnt, S, need, owner, check_owner):
    """Downstream VC (``a * V + v``) of hop class ``cls`` for a packet on arc ``a``, or -1.

    Class ``cls`` owns the VCs ``v = cls, cls + NC, cls + 2 NC, ... < V``: with
    more VCs than the longest route, every hop class gets several and a packet
    takes the one with the most free space (``>= need`` flits, a free FIFO slot,
    and -- wormhole -- no owner), which relieves head-of-line blocking.  Classes
    still only ever increase along a route, so the scheme stays deadlock-free.
    """
    best = -1
    most = -1
    v = cls
    while v < V:
        chv = a * V + v
        if credits[chv] >= need and f_cnt[chv] < S and credits[chv] > most and (not check_owner or owner[chv] < 0):
            best = chv
            most = credits[chv]
        v += NC
    return best
