"""Cycle-level network simulator: flat numpy state and one numba kernel.

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
    :mod:`lowdiam.sim.wormhole` instead: buffers smaller than a packet, VC
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
    (``routing.max_route_length``); fewer is a ``ValueError`` before anything
    runs.  Extra VCs are shared out (VC v is in class v mod L) and a packet
    takes the VC of its class with the most free space (``routing.pick_vc``).
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
    ``max_drain_cycles``); ``drain="all"``: stop generating and run until the
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

Determinism: the kernel draws from its own SplitMix64 state (:mod:`.rng`)
seeded from the run seed, so a seed fixes every number of a run.
"""

from __future__ import annotations

import hashlib
import math
import os
from pathlib import Path

import numpy as np
from numba import njit


def _drop_stale_kernel_cache() -> None:
    """Delete numba's cached kernel when a module it inlines has changed.

    numba keys a cached function on its own source file only, so an edit to
    routing.py, rng.py or traffic.py (or, for the wormhole kernel, engine.py)
    would silently keep running the old inlined code.  A stamp of those sources next to the cache catches that.
    """
    here = Path(__file__).resolve().parent
    cache = Path(os.environ["NUMBA_CACHE_DIR"]) if os.environ.get("NUMBA_CACHE_DIR") else here / "__pycache__"
    digest = hashlib.sha256(
        b"".join((here / f).read_bytes() for f in ("routing.py", "rng.py", "traffic.py", "engine.py"))
    )
    stamp = cache / "engine.deps.sha256"
    try:
        if stamp.exists() and stamp.read_text() == digest.hexdigest():
            return
        for pattern in ("engine.*.nb[ic]", "wormhole.*.nb[ic]"):  # wormhole inlines engine's helpers
            for f in cache.rglob(pattern):
                f.unlink(missing_ok=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest.hexdigest())
    except OSError:  # read-only install: numba then recompiles or uses what it has
        pass


_drop_stale_kernel_cache()

from .routing import (
    SOURCE_MIN,
    weighted_min_arc,
    KSP,
    NAG,
    NAG_MAX_HOPS,
    NAG_TH_MIN,
    NAG_TH_NONMIN,
    DF_MIN,
    DF_UGAL,
    EJECT,
    PS_MIN,
    MIN_SINGLE,
    NO_ROUTE,
    POLARIZED,
    UGAL,
    UGAL_SAMPLES,
    UNSET,
    VALIANT,
    VC_OVERFLOW,
    WAIT,
    arc_to,
    hier_min_arc,
    pick_vc,
    polarized_arc,
    polarstar_arc,
    random_intermediate,
    random_other_group_router,
    random_min_arc,
)
from .rng import below, uniform01
from .traffic import HOTSPOT, TABLE

# ---------------------------------------------------------------- cfg slots
C_P, C_V, C_S, C_CAP, C_R, C_LI, C_LE = 0, 1, 2, 3, 4, 5, 6
C_WARM, C_WEND, C_ALGO, C_TMODE, C_STOP, C_GEN_UNTIL = 7, 8, 9, 10, 11, 12
C_N, C_A, C_NE, C_W, C_QCAP, C_LH, C_ARB, C_HOT_PPM = 13, 14, 15, 16, 17, 18, 19, 20
C_PW1, C_PW2 = 21, 22
C_KSP_K, C_KSP_L = 23, 24
C_NC = 25  # hop classes = the routing's longest route; VC v is in class v % C_NC
N_CFG = 26

# ---------------------------------------------------------------- counters
K_GEN, K_INJ, K_EJ, K_GEN_WIN_FLITS, K_ACC_WIN_FLITS = 0, 1, 2, 3, 4
K_MEAS, K_MEAS_DONE, K_LAT_SUM, K_NETLAT_SUM, K_HOP_SUM = 5, 6, 7, 8, 9
K_ERR, K_ERR_A, K_ERR_B, K_NACT, K_NFREE, K_NOW, K_SAFE, K_LAT_MAX = 10, 11, 12, 13, 14, 15, 16, 17
N_CTR = 20

# kernel return codes
RUN_DONE, RUN_GROW, RUN_STOPPED = 0, 1, 2
ERR_NO_ROUTE, ERR_VC_OVERFLOW, ERR_NO_SLOT = 1, 2, 3

STOP_NONE, STOP_MEASURED, STOP_EMPTY = 0, 1, 2


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
def _pick_dst(e, tmode, NE, tptr, tdst, hot, hot_ppm, rs):
    if tmode == TABLE:
        lo = tptr[e]
        k = tptr[e + 1] - lo
        return tdst[lo + below(rs, k)]
    if tmode == HOTSPOT:
        if below(rs, 1000000) < hot_ppm:
            return hot[below(rs, hot.shape[0])]
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
        if sq_cnt[e] > m:
            m = sq_cnt[e]
    if QCAP - m < 2:
        return -1
    return now + (QCAP - m - 1)


@njit(cache=True, inline="always")
def generate_packets(now, cfg, logq, tptr, tdst, hot, next_gen, sq_time, sq_dst, sq_head, sq_cnt, ctr, rs):
    """Bernoulli packet generation (geometric gaps) into the unbounded source queues."""
    NE = cfg[C_NE]
    QCAP = cfg[C_QCAP]
    for e in range(NE):
        if next_gen[e] <= now:
            next_gen[e] = now + _gap(logq[e], rs)
            d = _pick_dst(e, cfg[C_TMODE], NE, tptr, tdst, hot, cfg[C_HOT_PPM], rs)
            q = e * QCAP + (sq_head[e] + sq_cnt[e]) % QCAP
            sq_time[q] = now
            sq_dst[q] = d
            sq_cnt[e] += 1
            ctr[K_GEN] += 1
            if now >= cfg[C_WARM] and now < cfg[C_WEND]:
                ctr[K_GEN_WIN_FLITS] += cfg[C_P]
                ctr[K_MEAS] += 1


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
def record_delivery(p, done, cfg, p_src, p_meas, p_ctime, p_itime, p_hops, ctr, src_acc, hop_hist, lat_hist):
    """Statistics of a packet whose tail reaches its endpoint at cycle ``done``."""
    P = cfg[C_P]
    ctr[K_EJ] += 1
    if done >= cfg[C_WARM] and done < cfg[C_WEND]:
        ctr[K_ACC_WIN_FLITS] += P
        src_acc[p_src[p]] += P
    if p_meas[p]:
        lat = done - p_ctime[p]
        ctr[K_MEAS_DONE] += 1
        ctr[K_LAT_SUM] += lat
        ctr[K_NETLAT_SUM] += done - p_itime[p]
        ctr[K_HOP_SUM] += p_hops[p]
        hop_hist[p_hops[p]] += 1
        if lat > ctr[K_LAT_MAX]:
            ctr[K_LAT_MAX] = lat
        lat_hist[min(lat, cfg[C_LH] - 1)] += 1


@njit(cache=True, inline="always")
def run_finished(now, cfg, ctr, nfree, pool, NE, sq_cnt):
    """Stop rules: measured packets all delivered (drain="measured"), or network and queues empty ("all")."""
    stop = cfg[C_STOP]
    if stop == 1 and now >= cfg[C_WEND] and ctr[K_MEAS_DONE] == ctr[K_MEAS]:
        return True
    if stop == 2 and now >= cfg[C_GEN_UNTIL] and nfree == pool:
        for e in range(NE):
            if sq_cnt[e] > 0:
                return False
        return True
    return False


@njit(cache=True, inline="always")
def pick_path(s_r, d_r, n, k, pcnt, rs):
    """KSP: id of a uniformly random path of the (s_r, d_r) pool."""
    pair = s_r * n + d_r
    return pair * k + below(rs, pcnt[pair])


@njit(cache=True)
def decide_route(
    p, c, dst_r, vc_next, P_need, cfg, p_src, p_mid, ep_router,
    indptr, indices, D, nh_single, T1, T2, lab, arc_cls, fvec, quad, ptab, pcnt, used, pend, credits,
    cand_a, cand_r, rs,
):
    """Output arc for packet ``p`` whose head is at router ``c`` (``EJECT`` at its router).

    Shared by the virtual cut-through and the wormhole kernels.  Returns ``WAIT``
    (Polarized: no candidate can take the packet now), ``NO_ROUTE`` or
    ``VC_OVERFLOW`` on errors.  ``P_need``: free flits a Polarized candidate
    must show (the packet for cut-through, one flit for wormhole).
    Updates ``p_mid`` (Valiant / UGAL phase; KSP: the packet's path id).
    """
    V = cfg[C_V]
    NC = cfg[C_NC]
    algo = cfg[C_ALGO]
    n = cfg[C_N]
    if algo == KSP:
        if c == dst_r:
            return EJECT
        if vc_next >= NC:
            return VC_OVERFLOW
        v = ptab[p_mid[p] * (cfg[C_KSP_L] + 1) + vc_next + 1]
        return arc_to(c, v, indptr, indices) if v >= 0 else NO_ROUTE
    if algo == POLARIZED:
        if c == dst_r:
            return EJECT
        if vc_next >= NC:
            return VC_OVERFLOW
        return polarized_arc(
            c, ep_router[p_src[p]], dst_r, vc_next, indptr, indices, D, used, pend, credits, V, NC, P_need,
            cand_a, cand_r, rs, cfg[C_PW1], cfg[C_PW2],
        )
    tgt = dst_r
    if p_mid[p] >= 0:
        if p_mid[p] == c:
            p_mid[p] = -1
        else:
            tgt = p_mid[p]
    if algo == NAG and p_mid[p] == -2:
        # Galaxyfly NAG: misroute via another supernode when the minimal port is congested
        p_mid[p] = -1
        if c == dst_r:
            return EJECT
        out = random_min_arc(c, dst_r, indptr, indices, D, rs)
        q_min = used[out] + pend[out]
        if q_min > NAG_TH_MIN * cfg[C_CAP]:
            grp = lab[0]
            for _try in range(16):  # a random router of another supernode within the hop bound
                m = random_other_group_router(n, grp, grp[c], grp[dst_r], rs)
                if np.int64(D[m, c]) + np.int64(D[m, dst_r]) <= min(NAG_MAX_HOPS, V):
                    a = random_min_arc(c, m, indptr, indices, D, rs)
                    if used[a] + pend[a] < NAG_TH_NONMIN * q_min:
                        out = a
                        p_mid[p] = m
                    break
    elif (algo == UGAL or algo == DF_UGAL) and p_mid[p] == -2:
        # UGAL-L decision at the source router
        p_mid[p] = -1
        if c == dst_r:
            return EJECT
        if algo == UGAL:
            out = random_min_arc(c, dst_r, indptr, indices, D, rs)
            best = (used[out] + pend[out]) * np.int64(D[dst_r, c])
            if n >= 3:
                for _k in range(UGAL_SAMPLES):
                    m = random_intermediate(n, c, dst_r, rs)
                    a = random_min_arc(c, m, indptr, indices, D, rs)
                    cost = (used[a] + pend[a]) * (np.int64(D[m, c]) + np.int64(D[m, dst_r]))
                    if cost < best:
                        best = cost
                        out = a
                        p_mid[p] = m
        else:
            grp = lab[0]
            out = hier_min_arc(c, dst_r, indptr, indices, T1, grp, arc_cls, rs)
            best = (used[out] + pend[out]) * np.int64(T1[dst_r, c])
            if grp[c] != grp[dst_r]:
                for _k in range(UGAL_SAMPLES):
                    m = random_other_group_router(n, grp, grp[c], grp[dst_r], rs)
                    a = hier_min_arc(c, m, indptr, indices, T1, grp, arc_cls, rs)
                    cost = (used[a] + pend[a]) * (np.int64(T1[m, c]) + np.int64(T1[m, dst_r]))
                    if cost < best:
                        best = cost
                        out = a
                        p_mid[p] = m
    elif c == tgt:
        return EJECT
    elif algo == MIN_SINGLE:
        out = nh_single[c, tgt]
    elif algo == SOURCE_MIN:
        out = weighted_min_arc(c, tgt, indptr, indices, D, nh_single, rs)  # nh_single holds N here
    elif algo == PS_MIN:
        out = polarstar_arc(c, tgt, indptr, indices, T1, T2, fvec, quad, lab[0], lab[1], rs)
    elif algo == DF_MIN or algo == DF_UGAL:
        out = hier_min_arc(c, tgt, indptr, indices, T1, lab[0], arc_cls, rs)
    else:
        out = random_min_arc(c, tgt, indptr, indices, D, rs)
    if out < 0:
        return NO_ROUTE
    if vc_next >= NC:
        return VC_OVERFLOW
    return out


@njit(cache=True)
def run_kernel(
    t_end, cfg, logq,
    # topology / routing tables
    indptr, indices, arc_lat, D, nh_single, ep_router,
    # structured routings (routing.RouteTables), k-shortest-paths pools
    T1, T2, lab, arc_cls, fvec, quad, ptab, pcnt,
    # traffic
    tptr, tdst, hot,
    # per-VC / per-channel state
    fifo, f_head, f_cnt, vc_ready, credits, used, pend, wheel, wheel_cnt, in_busy, out_busy, ej_busy, inj_busy,
    act, in_act,
    # packets
    p_src, p_dst, p_mid, p_hops, p_out, p_meas, p_ctime, p_itime, p_ready, free_stack,
    # source queues
    sq_time, sq_dst, sq_head, sq_cnt, next_gen,
    # statistics
    ctr, src_acc, arc_flits, hop_hist, lat_hist,
    # scratch, generator state
    req, cand_a, cand_r, rs,
):
    P = cfg[C_P]
    V = cfg[C_V]
    S = cfg[C_S]
    R = cfg[C_R]
    LI = cfg[C_LI]
    LE = cfg[C_LE]
    warm = cfg[C_WARM]
    wend = cfg[C_WEND]
    algo = cfg[C_ALGO]
    gen_until = cfg[C_GEN_UNTIL]
    n = cfg[C_N]
    A = cfg[C_A]
    NE = cfg[C_NE]
    W = cfg[C_W]
    QCAP = cfg[C_QCAP]
    arb_random = cfg[C_ARB] == 0
    Cw = A + NE

    now = ctr[K_NOW]
    nact = ctr[K_NACT]
    nfree = ctr[K_NFREE]
    safe = ctr[K_SAFE]

    status = RUN_DONE
    while now < t_end:
        safe = queue_headroom(now, safe, NE, QCAP, sq_cnt)
        if safe < 0:
            status = RUN_GROW
            break

        # ---- credits that arrive upstream this cycle
        slot = now % W
        base = slot * Cw
        for k in range(wheel_cnt[slot]):
            chv = wheel[base + k]
            credits[chv] += P
            used[chv // V] -= P
        wheel_cnt[slot] = 0

        # ---- packet generation (Bernoulli, geometric gaps)
        if now < gen_until:
            generate_packets(now, cfg, logq, tptr, tdst, hot, next_gen, sq_time, sq_dst, sq_head, sq_cnt, ctr, rs)

        # ---- requests: active input VCs whose head packet is ready and whose input port is idle;
        #      emptied VCs leave the active list on the way
        nreq = 0
        k = 0
        for i in range(nact):
            chv = act[i]
            if f_cnt[chv] == 0:
                in_act[chv] = 0
                continue
            act[k] = chv
            k += 1
            if in_busy[chv // V] > now:
                continue
            if vc_ready[chv] > now:
                continue
            req[nreq] = chv
            nreq += 1
        nact = k
        # ---- allocation: serve the requests in random (or rotating) order
        start = order_requests(req, nreq, now, arb_random, rs)
        for ii in range(nreq):
            i = ii + start
            if i >= nreq:
                i -= nreq
            chv = req[i]
            ch = chv // V
            if in_busy[ch] > now:  # another VC of this input port won this cycle
                continue
            p = fifo[chv * S + f_head[chv]]
            # router holding the head: downstream end of the arc, or the endpoint's router
            if ch < A:
                c = indices[ch]
            else:
                c = ep_router[ch - A]
            dst_r = ep_router[p_dst[p]]
            out = p_out[p]
            vc_next = p_hops[p]
            if out == UNSET or out == WAIT or algo == POLARIZED:
                if out >= 0:
                    pend[out] -= P  # Polarized re-decides every cycle
                out = decide_route(
                    p, c, dst_r, vc_next, P, cfg, p_src, p_mid, ep_router,
                    indptr, indices, D, nh_single, T1, T2, lab, arc_cls, fvec, quad, ptab, pcnt, used, pend,
                    credits, cand_a, cand_r, rs,
                )
                if out == NO_ROUTE or out == VC_OVERFLOW:
                    ctr[K_ERR] = ERR_NO_ROUTE if out == NO_ROUTE else ERR_VC_OVERFLOW
                    ctr[K_ERR_A] = p
                    ctr[K_ERR_B] = c
                    status = -1
                    break
                p_out[p] = out
                if out >= 0:
                    pend[out] += P  # waiting demand on the port, seen by adaptive routing
            if out == WAIT:
                continue
            if out == EJECT:
                e = p_dst[p]
                if ej_busy[e] > now:
                    # the route is fixed: sleep until the port frees (it cannot win before)
                    p_ready[p] = ej_busy[e]
                    vc_ready[chv] = ej_busy[e]
                    continue
                ej_busy[e] = now + P
            else:
                if out_busy[out] > now:
                    if algo != POLARIZED:
                        p_ready[p] = out_busy[out]
                        vc_ready[chv] = out_busy[out]
                    continue
                dchv = pick_vc(out, vc_next, V, cfg[C_NC], credits, f_cnt, S, P, f_cnt, False)
                if dchv < 0:
                    continue
                out_busy[out] = now + P
            # ---- grant: the packet leaves input VC chv
            in_busy[ch] = now + P
            f_head[chv] += 1
            if f_head[chv] == S:
                f_head[chv] = 0
            f_cnt[chv] -= 1
            if f_cnt[chv] > 0:
                vc_ready[chv] = p_ready[fifo[chv * S + f_head[chv]]]
            if ch < A:
                back = arc_lat[ch]
            else:
                back = LI
            ws = (now + P - 1 + back) % W
            wheel[ws * Cw + wheel_cnt[ws]] = chv
            wheel_cnt[ws] += 1
            if out == EJECT:
                done = now + P - 1 + LE
                record_delivery(p, done, cfg, p_src, p_meas, p_ctime, p_itime, p_hops, ctr, src_acc, hop_hist, lat_hist)
                free_stack[nfree] = p
                nfree += 1
            else:
                credits[dchv] -= P
                used[out] += P
                pend[out] -= P
                if now >= warm and now < wend:
                    arc_flits[out] += P
                f_tail = dchv * S + (f_head[dchv] + f_cnt[dchv]) % S
                fifo[f_tail] = p
                f_cnt[dchv] += 1
                p_hops[p] = vc_next + 1
                p_ready[p] = now + arc_lat[out] + R
                p_out[p] = UNSET
                if f_cnt[dchv] == 1:
                    vc_ready[dchv] = p_ready[p]
                if in_act[dchv] == 0:
                    in_act[dchv] = 1
                    act[nact] = dchv
                    nact += 1
        if status < 0:
            break

        # ---- injection from source queues
        for e in range(NE):
            if sq_cnt[e] == 0 or inj_busy[e] > now:
                continue
            ch = A + e
            # any VC of the injection channel (BookSim-style): up to V packets of one endpoint
            # compete for outputs at once, so one blocked head does not stall the endpoint
            chv = pick_vc(ch, 0, V, 1, credits, f_cnt, S, P, f_cnt, False)
            if chv < 0:
                continue
            if nfree == 0:
                ctr[K_ERR] = ERR_NO_SLOT
                status = -1
                break
            nfree -= 1
            p = free_stack[nfree]
            q = e * QCAP + sq_head[e]
            sq_head[e] = (sq_head[e] + 1) % QCAP
            sq_cnt[e] -= 1
            p_src[p] = e
            p_dst[p] = sq_dst[q]
            p_ctime[p] = sq_time[q]
            p_itime[p] = now
            p_meas[p] = 1 if (sq_time[q] >= warm and sq_time[q] < wend) else 0
            p_hops[p] = 0
            p_out[p] = UNSET
            p_mid[p] = -1
            s_r = ep_router[e]
            d_r = ep_router[p_dst[p]]
            if algo == VALIANT and s_r != d_r and n >= 3:
                p_mid[p] = random_intermediate(n, s_r, d_r, rs)
            elif algo == UGAL or algo == DF_UGAL or algo == NAG:
                p_mid[p] = -2
            elif algo == KSP:
                p_mid[p] = pick_path(s_r, d_r, n, cfg[C_KSP_K], pcnt, rs)  # decided when the head reaches allocation
            p_ready[p] = now + LI + R
            inj_busy[e] = now + P
            credits[chv] -= P
            used[ch] += P
            fifo[chv * S + (f_head[chv] + f_cnt[chv]) % S] = p
            f_cnt[chv] += 1
            if f_cnt[chv] == 1:
                vc_ready[chv] = p_ready[p]
            ctr[K_INJ] += 1
            if in_act[chv] == 0:
                in_act[chv] = 1
                act[nact] = chv
                nact += 1
        if status < 0:
            break

        now += 1

        # ---- stop conditions
        if run_finished(now, cfg, ctr, nfree, free_stack.shape[0], NE, sq_cnt):
            status = RUN_STOPPED
            break

    ctr[K_NOW] = now
    ctr[K_NACT] = nact
    ctr[K_NFREE] = nfree
    ctr[K_SAFE] = safe
    return status
