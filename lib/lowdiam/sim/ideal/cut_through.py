"""Virtual cut-through kernel of the ideal router (model: :mod:`lowdiam.sim.ideal`)."""

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


@njit(cache=True, _nrt=False, nogil=True)  # no reference counting: see ideal.state; nogil: see sim.driver
def run_cut_through(cfg, net, traffic, tables, ports, vcs, pk, sq, stats, scratch, pkr, hop_fn, setup_fn):
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
    vc_ready = vcs.ready
    wheel = vcs.wheel
    wheel_cnt = vcs.wheel_cnt
    in_busy = vcs.in_busy
    out_busy = vcs.out_busy
    ej_busy = vcs.ej_busy
    inj_busy = vcs.inj_busy
    act = vcs.act
    in_act = vcs.in_act
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
            generate_packets(now, cfg, traffic, sq, ctr, rs)

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
            if out == UNSET or out == WAIT or redecide:
                if out >= 0:
                    pend[out] -= P  # an adaptive routing re-decides every cycle
                out = next_hop(p, c, dst_r, vc_next, P, tables, net, pkr, ports, scratch, hop_fn)
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
                    if not redecide:
                        p_ready[p] = out_busy[out]
                        vc_ready[chv] = out_busy[out]
                    continue
                dchv = pick_vc(out, vc_next, V, NC, credits, f_cnt, S, P, f_cnt, False)
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
                record_delivery(p, done, cfg, pk, stats)
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
            admit_packet(e, now, p, cfg, net, tables, pk, sq, rs, setup_fn)
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
