"""Flit-level wormhole kernel of the ideal router, beside the virtual cut-through one.

Differences from :mod:`lowdiam.sim.ideal.cut_through` (everything else -- routing,
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

from ..routings.base import EJECT, NO_ROUTE, UNSET, VC_OVERFLOW, WAIT
from .common import (
    admit_packet,
    generate_packets,
    next_hop,
    order_requests,
    pick_vc,
    queue_headroom,
    record_delivery,
    run_finished,
)
from .state import (
    ERR_NO_ROUTE,
    ERR_NO_SLOT,
    ERR_VC_OVERFLOW,
    K_ERR,
    K_ERR_A,
    K_ERR_B,
    K_INJ,
    K_NACT,
    K_NFREE,
    K_NOW,
    K_SAFE,
    RUN_DONE,
    RUN_GROW,
    RUN_STOPPED,
)

NONE = -9  # input VC's head packet has no output VC yet
NEVER = 1 << 62


@njit(cache=True, _nrt=False, nogil=True)  # no reference counting: see ideal.state; nogil: see sim.driver
def run_wormhole(cfg, net, traffic, tables, ports, vcs, pk, sq, stats, scratch, pkr, hop_fn, setup_fn):
    """Advance the run until ``cfg.t_end``, a stop rule, a full source queue (RUN_GROW) or an error (< 0).

    ``pkr`` (the routing's view of ``pk``), ``hop_fn``, ``setup_fn``: the run's routing (:func:`.run.execute`)."""
    P = cfg.packet_flits
    V = cfg.vcs
    S = cfg.slots
    R = cfg.router_delay
    LI = cfg.inj_latency
    LE = cfg.ej_latency
    warm = cfg.warmup
    wend = cfg.window_end
    gen_until = cfg.gen_until
    A = cfg.arcs
    NE = cfg.endpoints
    W = cfg.wheel
    QCAP = cfg.queue_capacity
    arb_random = cfg.arb_random == 1
    t_end = cfg.t_end
    NC = tables.hop_classes
    redecide = tables.redecide == 1
    Cw = A + NE
    indices = net.indices
    ep_router = net.ep_router
    arc_lat = net.arc_lat
    used = ports.used
    pend = ports.pend
    credits = ports.credits
    fifo = vcs.fifo
    f_head = vcs.head
    f_cnt = vcs.count
    fl_cnt = vcs.flits
    head_sent = vcs.head_sent
    owner = vcs.owner
    cur_out = vcs.cur_out
    cur_dchv = vcs.cur_dchv
    in_used = vcs.in_used
    out_used = vcs.out_used
    ej_used = vcs.ej_used
    ej_owner = vcs.ej_owner
    wcr = vcs.wcr
    wcr_cnt = vcs.wcr_cnt
    wfl = vcs.wfl
    wfl_cnt = vcs.wfl_cnt
    act = vcs.act
    in_act = vcs.in_act
    inj_pkt = vcs.inj_pkt
    inj_sent = vcs.inj_sent
    inj_chv = vcs.inj_chv
    p_dst = pk.dst
    p_hops = pk.hops
    p_out = pk.out
    p_ready = pk.ready
    free_stack = pk.free_stack
    sq_cnt = sq.count
    ctr = stats.ctr
    arc_flits = stats.arc_flits
    req = scratch.req
    rs = scratch.rs

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
            generate_packets(now, cfg, traffic, sq, ctr, rs)

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
                if out == UNSET or out == WAIT or redecide:
                    if out >= 0:
                        pend[out] -= P
                    out = next_hop(p, c, dst_r, vc_next, 1, tables, net, pkr, ports, scratch, hop_fn)
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
                    dchv = pick_vc(out, vc_next, V, NC, credits, f_cnt, S, 0, owner, True)
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
                    record_delivery(p, done, cfg, pk, stats)
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
                p_ready[p] = NEVER
                admit_packet(e, now, p, cfg, net, tables, pk, sq, rs, setup_fn)
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
