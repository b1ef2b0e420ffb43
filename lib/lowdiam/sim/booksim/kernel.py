"""numba kernel of the BookSim2 ``iq_router`` model (see the package docstring for the semantics).

Channels: ``c < A`` router-to-router arcs (CSR order), ``A <= c < A + NE`` injection of endpoint
``c - A``, ``A + NE <= c < A + 2 NE`` ejection to endpoint ``c - A - NE``.  A flit or credit written
into a channel at cycle t is read at cycle t + 2 (BookSim's 1-cycle channel read in the next cycle's
``ReadInputs``).  Input VCs ``iv = c * V + v`` for ``c < A + NE``; output VCs ``ov = c * V + v`` for
arcs and ejection channels.  Flits are ``packet * P + index``.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from lowdiam.sim.rng import below, uniform01

# cfg indices
(C_N, C_A, C_NE, C_V, C_CAP, C_P, C_RD, C_VD, C_SD, C_XD, C_CD, C_SPEED_PPM, C_WARM, C_WEND, C_TEND,
 C_ANY, C_ROUTE, C_TMODE, C_HOT_PPM, C_QCAP, C_DEADLOCK, C_LH, C_XQ, C_PCN, N_CFG) = range(25)
# counters
(K_NOW, K_GEN, K_INJ, K_EJ, K_GEN_WIN_FLITS, K_ACC_WIN_FLITS, K_MEAS, K_MEAS_DONE, K_LAT_SUM, K_NETLAT_SUM,
 K_HOP_SUM, K_LAT_MAX, K_LIVE, K_LAST_MOVE, K_STEP, K_PARTIAL_PPM, K_ERR, K_ERR_A, K_ERR_B, N_CTR) = range(20)

ROUTE_TABLE, ROUTE_MIN = 0, 1
RUN_DONE, RUN_GROW, RUN_DEADLOCK = 0, 1, -1
W = 3  # channel ring slots: latency 1 + the read in the next cycle


class Net(NamedTuple):
    """Static wiring: per-router local port lists and the routing data."""

    rptr: np.ndarray  # (n+1,) start of each router's local port list
    in_ch: np.ndarray  # local input index -> channel
    out_ch: np.ndarray  # local output index -> channel
    in_loc: np.ndarray  # channel -> local input index at its sink router
    out_loc: np.ndarray  # channel -> local output index at its source router
    ep_router: np.ndarray  # endpoint -> router
    ep_local: np.ndarray  # endpoint -> local port index at its router
    indptr: np.ndarray
    indices: np.ndarray
    dist: np.ndarray  # (n, n) uint8 router distances
    nh: np.ndarray  # (n, n) int16 neighbour position of the next hop (table routing)
    tptr: np.ndarray
    tdst: np.ndarray
    hot: np.ndarray
    logq: np.ndarray


class Router(NamedTuple):
    """Input-VC, output-VC, queue and channel state."""

    buf: np.ndarray  # (NIV * CAP) input VC rings of flits
    bh: np.ndarray
    bn: np.ndarray
    vst: np.ndarray  # 0 idle, 1 routing, 2 vc_alloc, 3 active
    lst: np.ndarray  # pipeline list: 0 none, 1 route, 2 VC alloc, 3 switch alloc
    les: np.ndarray  # first internal step at which the entry may be evaluated
    ldu: np.ndarray  # cycle of its update (-1: not evaluated yet)
    lres: np.ndarray  # evaluation result
    vroute: np.ndarray  # local output port of the packet at the head
    voutv: np.ndarray  # output VC held
    own: np.ndarray  # (NCH * V) output VC owner (input VC) or -1
    occ: np.ndarray  # (NCH * V) downstream flits not yet credited
    oqf: np.ndarray  # (NCH * V * CAP) output queue rings
    oqv: np.ndarray
    oqh: np.ndarray
    oqn: np.ndarray
    xf: np.ndarray  # (NCH * XQ) crossbar pipeline rings
    xv: np.ndarray
    xes: np.ndarray
    xdu: np.ndarray
    xh: np.ndarray
    xn: np.ndarray
    cqv: np.ndarray  # (NCH * V * CAP) credits waiting to be sent upstream
    cqh: np.ndarray
    cqn: np.ndarray
    pcv: np.ndarray  # (NCH * PCN) credits received, processed after credit_delay
    pcd: np.ndarray
    pch: np.ndarray
    pcn: np.ndarray
    chf: np.ndarray  # (NCH * W) flits in flight
    chv: np.ndarray
    crv: np.ndarray  # (NCH * W) credits in flight (VC) towards the channel's source
    va_in_ptr: np.ndarray  # round-robin pointers of the VC allocator (per input VC / output VC)
    va_out_ptr: np.ndarray
    sw_in_ptr: np.ndarray  # per input / output port of the switch allocator
    sw_out_ptr: np.ndarray
    sw_off: np.ndarray  # per input port: VC round-robin offset of the switch requests
    rcount: np.ndarray  # per router: work items (flits buffered, queued, credits pending)
    arrived: np.ndarray  # (NCH,) flit read this cycle on an input channel (-1 none)
    arrived_v: np.ndarray
    # scratch
    s_best: np.ndarray  # per output VC: best input VC of this step
    s_key: np.ndarray
    s_stamp: np.ndarray
    s_touch: np.ndarray
    p_best: np.ndarray  # per output port (channel): best input port of this step
    p_key: np.ndarray
    p_stamp: np.ndarray
    p_touch: np.ndarray
    o_vc: np.ndarray  # per output port: the VC this input port requests it with
    o_key: np.ndarray
    o_stamp: np.ndarray
    in_out: np.ndarray  # per input port: output port chosen by its input arbiter
    in_vc: np.ndarray
    in_grant: np.ndarray


class Nodes(NamedTuple):
    """Endpoints: source queues, injection buffer state, packets."""

    own_n: np.ndarray  # (NE * V) injection VC owned by the packet being sent
    occ_n: np.ndarray
    last_vc: np.ndarray
    cur_pkt: np.ndarray
    cur_k: np.ndarray
    cur_v: np.ndarray
    sq_time: np.ndarray
    sq_dst: np.ndarray
    sq_head: np.ndarray
    sq_cnt: np.ndarray
    next_gen: np.ndarray
    p_src: np.ndarray
    p_dst: np.ndarray
    p_ctime: np.ndarray
    p_itime: np.ndarray
    p_meas: np.ndarray
    p_hops: np.ndarray
    free_stack: np.ndarray
    nfree: np.ndarray  # (1,)


class Stats(NamedTuple):
    ctr: np.ndarray
    src_acc: np.ndarray
    arc_flits: np.ndarray
    hop_hist: np.ndarray
    lat_hist: np.ndarray


@njit(cache=True, inline="always")
def _gap(logq, rs):
    if logq == 0.0:
        return np.int64(1) << 62
    if logq == -np.inf:
        return np.int64(1)
    u = uniform01(rs)
    return 1 + np.int64(math.floor(math.log1p(-u) / logq))


@njit(cache=True, inline="always")
def _pick_dst(e, tmode, NE, tptr, tdst, hot, hot_ppm, rs):
    if tmode == 1:
        lo = tptr[e]
        return tdst[lo + below(rs, tptr[e + 1] - lo)]
    if tmode == 2:
        if below(rs, 1000000) < hot_ppm:
            return hot[below(rs, hot.shape[0])]
    d = below(rs, NE - 1)
    if d >= e:
        d += 1
    return d


@njit(cache=True, inline="always")
def _rr(x, ptr, size):
    """Round-robin distance of position x from the pointer (smaller wins)."""
    return (x - ptr + size) % size


@njit(cache=True)
def _route(r, dst_router, dst_ep, p, net, any_mode, route_mode, rs):
    """Local output port at router r for a packet to endpoint dst_ep."""
    if dst_router == r:
        return net.ep_local[dst_ep]
    lo = net.indptr[r]
    if route_mode == ROUTE_TABLE:
        return p + net.nh[r, dst_router]
    d = net.dist[r, dst_router]
    cnt = 0
    pick = -1
    for k in range(net.indptr[r + 1] - lo):
        w = net.indices[lo + k]
        if net.dist[w, dst_router] + 1 == d:
            cnt += 1
            if below(rs, cnt) == 0:
                pick = k
    return p + pick


@njit(cache=True)
def run_kernel(cfg, net, st, nd, stats, rs):
    """Simulate from ``ctr[K_NOW]`` to the end of the run; returns a RUN_* status."""
    n = cfg[C_N]
    A = cfg[C_A]
    NE = cfg[C_NE]
    V = cfg[C_V]
    CAP = cfg[C_CAP]
    P = cfg[C_P]
    RD, VD, SD, XD, CD = cfg[C_RD], cfg[C_VD], cfg[C_SD], cfg[C_XD], cfg[C_CD]
    warm, wend, tend = cfg[C_WARM], cfg[C_WEND], cfg[C_TEND]
    any_mode = cfg[C_ANY]
    route_mode = cfg[C_ROUTE]
    QCAP = cfg[C_QCAP]
    XQ = cfg[C_XQ]
    PCN = cfg[C_PCN]
    LH = cfg[C_LH]
    OQ = V * CAP
    ctr = stats.ctr
    INJ0 = A
    EJ0 = A + NE
    t = ctr[K_NOW]
    while True:
        if t >= wend and ctr[K_MEAS_DONE] == ctr[K_MEAS]:
            break
        if t >= tend:
            break
        # ------------------------------------------------------------ endpoints
        for e in range(NE):
            c = EJ0 + e
            f = st.chf[c * W + t % W]
            if f >= 0:
                st.chf[c * W + t % W] = -1
                v = st.chv[c * W + t % W]
                st.crv[c * W + (t + 2) % W] = v  # credit straight back
                ctr[K_LAST_MOVE] = t
                pk = f // P
                if warm <= t < wend:
                    ctr[K_ACC_WIN_FLITS] += 1
                    stats.src_acc[nd.p_src[pk]] += 1
                if f % P == P - 1:
                    ctr[K_EJ] += 1
                    ctr[K_LIVE] -= 1
                    if nd.p_meas[pk]:
                        lat = t - nd.p_ctime[pk]
                        ctr[K_MEAS_DONE] += 1
                        ctr[K_LAT_SUM] += lat
                        ctr[K_NETLAT_SUM] += t - nd.p_itime[pk]
                        ctr[K_HOP_SUM] += nd.p_hops[pk]
                        if lat > ctr[K_LAT_MAX]:
                            ctr[K_LAT_MAX] = lat
                        stats.lat_hist[min(lat, LH - 1)] += 1
                        stats.hop_hist[min(nd.p_hops[pk], stats.hop_hist.shape[0] - 1)] += 1
                    nd.free_stack[nd.nfree[0]] = pk
                    nd.nfree[0] += 1
            c = INJ0 + e
            v = st.crv[c * W + t % W]
            if v >= 0:
                st.crv[c * W + t % W] = -1
                nd.occ_n[e * V + v] -= 1
            # generation into the unbounded source queue
            if nd.next_gen[e] <= t:
                if nd.sq_cnt[e] >= QCAP:
                    ctr[K_NOW] = t
                    return RUN_GROW
                nd.next_gen[e] = t + _gap(net.logq[e], rs)
                d = _pick_dst(e, cfg[C_TMODE], NE, net.tptr, net.tdst, net.hot, cfg[C_HOT_PPM], rs)
                q = e * QCAP + (nd.sq_head[e] + nd.sq_cnt[e]) % QCAP
                nd.sq_time[q] = t
                nd.sq_dst[q] = d
                nd.sq_cnt[e] += 1
                ctr[K_GEN] += 1
                if warm <= t < wend:
                    ctr[K_GEN_WIN_FLITS] += P
                    ctr[K_MEAS] += 1
            # injection: one flit per cycle
            if nd.cur_pkt[e] < 0 and nd.sq_cnt[e] > 0:
                sel = -1
                if any_mode:
                    lv = nd.last_vc[e]
                    for i in range(1, V + 1):
                        v = (lv + i) % V
                        if nd.own_n[e * V + v] == 0 and nd.occ_n[e * V + v] < CAP:
                            sel = v
                            break
                elif nd.own_n[e * V] == 0 and nd.occ_n[e * V] < CAP:
                    sel = 0
                if sel >= 0:
                    q = e * QCAP + nd.sq_head[e]
                    nd.nfree[0] -= 1
                    pk = nd.free_stack[nd.nfree[0]]
                    nd.p_src[pk] = e
                    nd.p_dst[pk] = nd.sq_dst[q]
                    nd.p_ctime[pk] = nd.sq_time[q]
                    nd.p_itime[pk] = t
                    nd.p_hops[pk] = 0
                    nd.p_meas[pk] = 1 if warm <= nd.sq_time[q] < wend else 0
                    nd.sq_head[e] = (nd.sq_head[e] + 1) % QCAP
                    nd.sq_cnt[e] -= 1
                    nd.cur_pkt[e] = pk
                    nd.cur_k[e] = 0
                    nd.cur_v[e] = sel
                    nd.own_n[e * V + sel] = 1
                    nd.last_vc[e] = sel
                    ctr[K_INJ] += 1
                    ctr[K_LIVE] += 1
            if nd.cur_pkt[e] >= 0:
                v = nd.cur_v[e]
                if nd.occ_n[e * V + v] < CAP:
                    k = nd.cur_k[e]
                    c = INJ0 + e
                    st.chf[c * W + (t + 2) % W] = nd.cur_pkt[e] * P + k
                    st.chv[c * W + (t + 2) % W] = v
                    nd.occ_n[e * V + v] += 1
                    ctr[K_LAST_MOVE] = t
                    if k == P - 1:
                        nd.own_n[e * V + v] = 0
                        nd.cur_pkt[e] = -1
                    else:
                        nd.cur_k[e] = k + 1
        # ------------------------------------------------------------ routers
        part = ctr[K_PARTIAL_PPM] + cfg[C_SPEED_PPM]
        nsteps = part // 1000000
        ctr[K_PARTIAL_PPM] = part - nsteps * 1000000
        step0 = ctr[K_STEP]
        ctr[K_STEP] = step0 + nsteps
        for r in range(n):
            lo = net.rptr[r]
            R = net.rptr[r + 1] - lo
            p = R - (net.indptr[r + 1] - net.indptr[r])
            # ReadInputs: flits and credits arriving this cycle
            got = False
            for j in range(R):
                c = net.in_ch[lo + j]
                f = st.chf[c * W + t % W]
                if f >= 0:
                    st.chf[c * W + t % W] = -1
                    st.arrived[c] = f
                    st.arrived_v[c] = st.chv[c * W + t % W]
                    got = True
                c = net.out_ch[lo + j]
                v = st.crv[c * W + t % W]
                if v >= 0:
                    st.crv[c * W + t % W] = -1
                    k = (st.pch[c] + st.pcn[c]) % PCN
                    st.pcv[c * PCN + k] = v
                    st.pcd[c * PCN + k] = t + CD
                    st.pcn[c] += 1
                    st.rcount[r] += 1
            if not got and st.rcount[r] == 0:
                continue
            for s in range(nsteps):
                cur = step0 + s
                # ---- input queuing (first internal step of the cycle only)
                if s == 0 and got:
                    for j in range(R):
                        c = net.in_ch[lo + j]
                        f = st.arrived[c]
                        if f < 0:
                            continue
                        st.arrived[c] = -1
                        v = st.arrived_v[c]
                        iv = c * V + v
                        st.buf[iv * CAP + (st.bh[iv] + st.bn[iv]) % CAP] = f
                        st.bn[iv] += 1
                        st.rcount[r] += 1
                        if st.vst[iv] == 0:
                            st.vst[iv] = 1
                            st.lst[iv] = 1
                            st.les[iv] = cur
                            st.ldu[iv] = -1
                        elif st.vst[iv] == 3 and st.bn[iv] == 1:
                            st.lst[iv] = 3
                            st.les[iv] = cur
                            st.ldu[iv] = -1
                # ---- credits due
                for j in range(R):
                    c = net.out_ch[lo + j]
                    while st.pcn[c] > 0 and st.pcd[c * PCN + st.pch[c]] <= t:
                        st.occ[c * V + st.pcv[c * PCN + st.pch[c]]] -= 1
                        st.pch[c] = (st.pch[c] + 1) % PCN
                        st.pcn[c] -= 1
                        st.rcount[r] -= 1
                # ---- evaluate: route, VC allocation requests, switch allocation requests
                ntouch = 0
                nptouch = 0
                RV = R * V
                for j in range(R):
                    cin = net.in_ch[lo + j]
                    best_o = -1
                    best_ok = 1 << 30
                    for v in range(V):
                        iv = cin * V + v
                        ls = st.lst[iv]
                        if ls == 0 or st.ldu[iv] >= 0 or st.les[iv] > cur:
                            continue
                        if ls == 1:
                            st.ldu[iv] = t + RD - 1
                        elif ls == 2:
                            st.ldu[iv] = t + VD - 1
                            st.lres[iv] = -1
                            oc = net.out_ch[lo + st.vroute[iv]]
                            ivl = j * V + v
                            if any_mode:
                                v0, v1 = 0, V
                            else:
                                pk = st.buf[iv * CAP + st.bh[iv]] // P
                                hv = nd.p_hops[pk]
                                if st.vroute[iv] < p:
                                    hv = V - 1 if hv > V - 1 else hv
                                v0, v1 = hv, hv + 1
                            # input arbiter of this input VC: round robin over the output VCs
                            pick = -1
                            pkey = 1 << 30
                            for ovv in range(v0, v1):
                                ov = oc * V + ovv
                                if st.own[ov] >= 0:
                                    continue
                                kk = _rr(st.vroute[iv] * V + ovv, st.va_in_ptr[iv], RV)
                                if kk < pkey:
                                    pkey = kk
                                    pick = ov
                            if pick >= 0:
                                kk = _rr(ivl, st.va_out_ptr[pick], RV)
                                if st.s_stamp[pick] != cur:
                                    st.s_stamp[pick] = cur
                                    st.s_best[pick] = iv
                                    st.s_key[pick] = kk
                                    st.s_touch[ntouch] = pick
                                    ntouch += 1
                                elif kk < st.s_key[pick]:
                                    st.s_best[pick] = iv
                                    st.s_key[pick] = kk
                        else:
                            st.ldu[iv] = t + SD - 1
                            st.lres[iv] = -1
                            ov = st.voutv[iv]
                            if st.occ[ov] >= CAP:
                                continue
                            o = st.vroute[iv]
                            kk = _rr(v, st.sw_off[cin], V)
                            oc = net.out_ch[lo + o]
                            if st.o_stamp[oc] != cur * 4096 + j or st.o_key[oc] > kk:
                                st.o_stamp[oc] = cur * 4096 + j
                                st.o_vc[oc] = v
                                st.o_key[oc] = kk
                                ko = _rr(o, st.sw_in_ptr[cin], R)
                                if ko < best_ok:
                                    best_ok = ko
                                    best_o = o
                    st.in_out[cin] = -1
                    if best_o >= 0:
                        # input arbiter of this port chose output best_o (with its VC)
                        oc = net.out_ch[lo + best_o]
                        st.in_out[cin] = best_o
                        st.in_vc[cin] = st.o_vc[oc]
                        st.in_grant[cin] = 0
                        kk = _rr(j, st.sw_out_ptr[oc], R)
                        if st.p_stamp[oc] != cur:
                            st.p_stamp[oc] = cur
                            st.p_best[oc] = j
                            st.p_key[oc] = kk
                            st.p_touch[nptouch] = oc
                            nptouch += 1
                        elif kk < st.p_key[oc]:
                            st.p_best[oc] = j
                            st.p_key[oc] = kk
                # ---- VC allocator grants (output arbiters)
                for i in range(ntouch):
                    ov = st.s_touch[i]
                    iv = st.s_best[ov]
                    st.lres[iv] = ov
                    oc = ov // V
                    st.va_in_ptr[iv] = (net.out_loc[oc] * V + ov % V + 1) % RV
                    st.va_out_ptr[ov] = (net.in_loc[iv // V] * V + iv % V + 1) % RV
                # ---- switch allocator grants
                for i in range(nptouch):
                    oc = st.p_touch[i]
                    j = st.p_best[oc]
                    cin = net.in_ch[lo + j]
                    st.in_grant[cin] = 1
                    st.sw_in_ptr[cin] = (net.out_loc[oc] + 1) % R
                    st.sw_out_ptr[oc] = (j + 1) % R
                    v = st.in_vc[cin]
                    st.lres[cin * V + v] = 1
                    st.sw_off[cin] = (v + 1) % V
                # ---- updates
                for j in range(R):
                    cin = net.in_ch[lo + j]
                    for v in range(V):
                        iv = cin * V + v
                        ls = st.lst[iv]
                        if ls == 0 or st.ldu[iv] < 0 or st.ldu[iv] > t:
                            continue
                        if ls == 1:
                            f = st.buf[iv * CAP + st.bh[iv]]
                            pk = f // P
                            dep = nd.p_dst[pk]
                            st.vroute[iv] = _route(r, net.ep_router[dep], dep, p, net, any_mode, route_mode, rs)
                            st.vst[iv] = 2
                            st.lst[iv] = 2
                            st.les[iv] = cur + 1
                            st.ldu[iv] = -1
                        elif ls == 2:
                            ov = st.lres[iv]
                            if ov >= 0 and (VD <= 1 or st.own[ov] < 0):
                                st.own[ov] = iv
                                st.voutv[iv] = ov
                                st.vst[iv] = 3
                                st.lst[iv] = 3
                            st.les[iv] = cur + 1
                            st.ldu[iv] = -1
                        else:
                            ov = st.voutv[iv]
                            if st.lres[iv] == 1 and (SD <= 1 or st.occ[ov] < CAP):
                                f = st.buf[iv * CAP + st.bh[iv]]
                                st.bh[iv] = (st.bh[iv] + 1) % CAP
                                st.bn[iv] -= 1
                                st.occ[ov] += 1
                                tail = f % P == P - 1
                                if tail:
                                    st.own[ov] = -1
                                oc = ov // V
                                k = (st.xh[oc] + st.xn[oc]) % XQ
                                st.xf[oc * XQ + k] = f
                                st.xv[oc * XQ + k] = ov % V
                                st.xes[oc * XQ + k] = cur + 1
                                st.xdu[oc * XQ + k] = -1
                                st.xn[oc] += 1
                                # credit for the freed input slot (one per input port per step)
                                k = (st.cqh[cin] + st.cqn[cin]) % OQ
                                st.cqv[cin * OQ + k] = v
                                st.cqn[cin] += 1
                                ctr[K_LAST_MOVE] = t
                                if st.bn[iv] == 0:
                                    st.lst[iv] = 0
                                    if tail:
                                        st.vst[iv] = 0
                                elif tail:
                                    st.vst[iv] = 1
                                    st.lst[iv] = 1
                                else:
                                    st.lst[iv] = 3
                            st.les[iv] = cur + 1
                            st.ldu[iv] = -1
                # ---- crossbar (st_final_delay) into the output queues
                for j in range(R):
                    oc = net.out_ch[lo + j]
                    while st.xn[oc] > 0:
                        k = oc * XQ + st.xh[oc]
                        if st.xdu[k] < 0:
                            if st.xes[k] > cur:
                                break
                            st.xdu[k] = t + XD - 1
                        if st.xdu[k] > t:
                            break
                        q = (st.oqh[oc] + st.oqn[oc]) % OQ
                        st.oqf[oc * OQ + q] = st.xf[k]
                        st.oqv[oc * OQ + q] = st.xv[k]
                        st.oqn[oc] += 1
                        st.xh[oc] = (st.xh[oc] + 1) % XQ
                        st.xn[oc] -= 1
            # ---- WriteOutputs: one flit per output, one credit per input
            for j in range(R):
                oc = net.out_ch[lo + j]
                if st.oqn[oc] > 0:
                    q = oc * OQ + st.oqh[oc]
                    f = st.oqf[q]
                    st.chf[oc * W + (t + 2) % W] = f
                    st.chv[oc * W + (t + 2) % W] = st.oqv[q]
                    st.oqh[oc] = (st.oqh[oc] + 1) % OQ
                    st.oqn[oc] -= 1
                    if oc < A:
                        if f % P == 0:
                            nd.p_hops[f // P] += 1
                        if warm <= t < wend:
                            stats.arc_flits[oc] += 1
                cin = net.in_ch[lo + j]
                if st.cqn[cin] > 0:
                    st.crv[cin * W + (t + 2) % W] = st.cqv[cin * OQ + st.cqh[cin]]
                    st.cqh[cin] = (st.cqh[cin] + 1) % OQ
                    st.cqn[cin] -= 1
            # rcount: flits in input buffers + crossbar + output queues + credits to send / process
            tot = 0
            for j in range(R):
                cin = net.in_ch[lo + j]
                oc = net.out_ch[lo + j]
                tot += st.xn[oc] + st.oqn[oc] + st.cqn[cin] + st.pcn[oc]
                for v in range(V):
                    tot += st.bn[cin * V + v]
            st.rcount[r] = tot
        t += 1
        ctr[K_NOW] = t
        if ctr[K_LIVE] > 0 and t - ctr[K_LAST_MOVE] > cfg[C_DEADLOCK]:
            ctr[K_ERR] = 1
            return RUN_DEADLOCK
    ctr[K_NOW] = t
    return RUN_DONE
