"""Wormhole flow control: a flit-level kernel beside the virtual cut-through one.

Differences from :mod:`lowdiam.sim.engine` (everything else -- routing,
hop-indexed VCs, traffic, phases, statistics -- is shared):

* **Flits move one at a time.**  A flit advances when the downstream VC has one
  free slot (credit); a packet may be spread over several routers, and a
  blocked packet holds the buffers its flits occupy.  Buffers may be smaller
  than a packet (``buffer_flits >= 1``).
* **VC ownership.**  A head flit first acquires its output VC (VC allocation):
  the downstream VC must not be held by another packet.  The packet holds it
  until its tail flit has been sent into it; flits of consecutive packets
  never interleave inside one VC.
* **Flit-level switch allocation.**  Each cycle every input port sends at most
  one flit and every output port (link or ejection) carries at most one flit;
  flits of packets in *different* VCs interleave on a link, so a stalled
  packet does not block the link for others (BookSim's router).  Requests are
  served in random or rotating order, as in the cut-through kernel.
* Credits return one per flit, ``link_latency`` cycles after the flit left the
  buffer.  Injection: an endpoint streams its packet's flits into a free
  injection VC (any of the V), one per cycle while credits last.

Zero-load latency is the same as cut-through's:
``inj_latency + H link_latency + (H+1) router_delay + (P-1) + ej_latency``.

Conservation (checked by the driver): generated = injected + source-queued
packets; per (port, VC) credits + credit returns in flight + flits buffered +
flits in flight on the link = buffer size; flits of live packets are all
accounted for (at the source, in buffers, on links, or partly ejected).
"""

from __future__ import annotations

from numba import njit

from .engine import (
    C_A, C_ALGO, C_ARB, C_GEN_UNTIL, C_KSP_K, C_LE, C_LI, C_N, C_NC, C_NE, C_P, C_QCAP, C_R, C_S, C_V, C_W, C_WARM,
    C_WEND,
    ERR_NO_ROUTE, ERR_NO_SLOT, ERR_VC_OVERFLOW,
    K_ERR, K_ERR_A, K_ERR_B, K_INJ, K_NACT, K_NFREE, K_NOW, K_SAFE,
    RUN_DONE, RUN_GROW, RUN_STOPPED,
    decide_route, generate_packets, order_requests, pick_path, queue_headroom, record_delivery, run_finished,
)
from .routing import (
    DF_UGAL, EJECT, KSP, NAG, NO_ROUTE, POLARIZED, UGAL, UNSET, VALIANT, VC_OVERFLOW, WAIT, pick_vc,
    random_intermediate,
)

NONE = -9  # input VC's head packet has no output VC yet
NEVER = 1 << 62


@njit(cache=True)
def run_wormhole(
    t_end, cfg, logq,
    indptr, indices, arc_lat, D, nh_single, ep_router,
    T1, T2, lab, arc_cls, fvec, quad, ptab, pcnt,
    tptr, tdst, hot,
    # per input VC
    fifo, f_head, f_cnt, fl_cnt, head_sent, credits, owner, cur_out, cur_dchv,
    # per channel / port
    used, pend, in_used, out_used, ej_used, ej_owner,
    # time wheels: credit returns and flit arrivals (one event per flit)
    wcr, wcr_cnt, wfl, wfl_cnt,
    act, in_act,
    # packets
    p_src, p_dst, p_mid, p_hops, p_out, p_meas, p_ctime, p_itime, p_ready, free_stack,
    # endpoints: packet being injected, its flits sent, its injection VC
    inj_pkt, inj_sent, inj_chv,
    # source queues
    sq_time, sq_dst, sq_head, sq_cnt, next_gen,
    # statistics
    ctr, src_acc, arc_flits, hop_hist, lat_hist,
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

        # ---- credit returns and flit arrivals due this cycle
        slot = now % W
        base = slot * Cw
        for k in range(wcr_cnt[slot]):
            chv = wcr[base + k]
            credits[chv] += 1
            used[chv // V] -= 1
        wcr_cnt[slot] = 0
        for k in range(wfl_cnt[slot]):
            fl_cnt[wfl[base + k]] += 1
        wfl_cnt[slot] = 0

        # ---- packet generation (as in the cut-through kernel)
        if now < gen_until:
            generate_packets(now, cfg, logq, tptr, tdst, hot, next_gen, sq_time, sq_dst, sq_head, sq_cnt, ctr, rs)

        # ---- requests: input VCs holding a flit of their head packet, head eligible
        nreq = 0
        k = 0
        for i in range(nact):
            chv = act[i]
            if f_cnt[chv] == 0:
                in_act[chv] = 0
                continue
            act[k] = chv
            k += 1
            if fl_cnt[chv] == 0:
                continue
            p = fifo[chv * S + f_head[chv]]
            if cur_out[chv] == NONE and p_ready[p] > now:
                continue
            req[nreq] = chv
            nreq += 1
        nact = k
        start = order_requests(req, nreq, now, arb_random, rs)
        for ii in range(nreq):
            i = ii + start
            if i >= nreq:
                i -= nreq
            chv = req[i]
            ch = chv // V
            if in_used[ch] == now:  # this input port already sent a flit this cycle
                continue
            p = fifo[chv * S + f_head[chv]]
            if cur_out[chv] == NONE:
                # ---- routing and VC allocation for a head flit
                c = indices[ch] if ch < A else ep_router[ch - A]
                dst_r = ep_router[p_dst[p]]
                out = p_out[p]
                vc_next = p_hops[p]
                if out == UNSET or out == WAIT or algo == POLARIZED:
                    if out >= 0:
                        pend[out] -= P
                    out = decide_route(
                        p, c, dst_r, vc_next, 1, cfg, p_src, p_mid, ep_router,
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
                        pend[out] += P
                if out == WAIT:
                    continue
                if out == EJECT:
                    e = p_dst[p]
                    if ej_owner[e] >= 0:
                        continue
                    ej_owner[e] = p
                    cur_dchv[chv] = -1
                else:
                    dchv = pick_vc(out, vc_next, V, cfg[C_NC], credits, f_cnt, S, 0, owner, True)
                    if dchv < 0:
                        continue
                    owner[dchv] = p
                    pend[out] -= P
                    fifo[dchv * S + (f_head[dchv] + f_cnt[dchv]) % S] = p
                    f_cnt[dchv] += 1
                    if in_act[dchv] == 0:
                        in_act[dchv] = 1
                        act[nact] = dchv
                        nact += 1
                    cur_dchv[chv] = dchv
                    p_hops[p] = vc_next + 1
                cur_out[chv] = out
                p_out[p] = UNSET
            # ---- switch allocation: one flit of the head packet
            out = cur_out[chv]
            if out == EJECT:
                e = p_dst[p]
                if ej_used[e] == now:
                    continue
                ej_used[e] = now
            else:
                if out_used[out] == now:
                    continue
                dchv = cur_dchv[chv]
                if credits[dchv] < 1:
                    continue
                out_used[out] = now
                credits[dchv] -= 1
                used[out] += 1
                ws = (now + arc_lat[out]) % W
                wfl[ws * Cw + wfl_cnt[ws]] = dchv
                wfl_cnt[ws] += 1
                if head_sent[chv] == 0:
                    p_ready[p] = now + arc_lat[out] + R
                if now >= warm and now < wend:
                    arc_flits[out] += 1
            in_used[ch] = now
            fl_cnt[chv] -= 1
            head_sent[chv] += 1
            back = arc_lat[ch] if ch < A else LI
            ws = (now + back) % W
            wcr[ws * Cw + wcr_cnt[ws]] = chv
            wcr_cnt[ws] += 1
            if head_sent[chv] == P:
                # ---- tail left this VC
                head_sent[chv] = 0
                cur_out[chv] = NONE
                f_head[chv] += 1
                if f_head[chv] == S:
                    f_head[chv] = 0
                f_cnt[chv] -= 1
                if out == EJECT:
                    e = p_dst[p]
                    ej_owner[e] = -1
                    done = now + LE
                    record_delivery(p, done, cfg, p_src, p_meas, p_ctime, p_itime, p_hops, ctr, src_acc, hop_hist, lat_hist)
                    free_stack[nfree] = p
                    nfree += 1
                else:
                    owner[cur_dchv[chv]] = -1
        if status < 0:
            break

        # ---- injection: endpoints stream their packet into the injection VC
        for e in range(NE):
            ch = A + e
            if inj_pkt[e] < 0:
                if sq_cnt[e] == 0:
                    continue
                chv = pick_vc(ch, 0, V, 1, credits, f_cnt, S, 0, owner, True)  # any free injection VC
                if chv < 0:
                    continue
                inj_chv[e] = chv
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
                p_ready[p] = NEVER
                s_r = ep_router[e]
                d_r = ep_router[p_dst[p]]
                if algo == VALIANT and s_r != d_r and n >= 3:
                    p_mid[p] = random_intermediate(n, s_r, d_r, rs)
                elif algo == UGAL or algo == DF_UGAL or algo == NAG:
                    p_mid[p] = -2
                elif algo == KSP:
                    p_mid[p] = pick_path(s_r, d_r, n, cfg[C_KSP_K], pcnt, rs)
                fifo[chv * S + (f_head[chv] + f_cnt[chv]) % S] = p
                f_cnt[chv] += 1
                if in_act[chv] == 0:
                    in_act[chv] = 1
                    act[nact] = chv
                    nact += 1
                owner[chv] = p
                inj_pkt[e] = p
                inj_sent[e] = 0
                ctr[K_INJ] += 1
            chv = inj_chv[e]
            if credits[chv] < 1:
                continue
            p = inj_pkt[e]
            credits[chv] -= 1
            used[ch] += 1
            ws = (now + LI) % W
            wfl[ws * Cw + wfl_cnt[ws]] = chv
            wfl_cnt[ws] += 1
            if inj_sent[e] == 0:
                p_ready[p] = now + LI + R
            inj_sent[e] += 1
            if inj_sent[e] == P:
                inj_pkt[e] = -1
                owner[chv] = -1
        if status < 0:
            break

        now += 1

        if run_finished(now, cfg, ctr, nfree, free_stack.shape[0], NE, sq_cnt):
            status = RUN_STOPPED
            break

    ctr[K_NOW] = now
    ctr[K_NACT] = nact
    ctr[K_NFREE] = nfree
    ctr[K_SAFE] = safe
    return status
