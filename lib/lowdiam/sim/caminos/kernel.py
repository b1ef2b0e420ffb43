"""Phit-level numba kernel of the CAMINOS ``InputOutput`` router.

State lives in NamedTuples of arrays (:class:`Net`, :class:`Buffers`
twice, :class:`Switch`, :class:`Packets`, :class:`Servers`, :class:`Stats`);
:func:`run` advances it cycle by cycle.  The driver makes the per-VC buffer
counters, crossbar selections and credits, and the link contents, strided
views of small per-VC / per-channel records, so a phit's move touches few
cache lines.  The model and where each rule comes
from in CAMINOS are described in :mod:`lowdiam.sim.caminos`.

Channel numbering: ``ch`` in ``[0, A)`` is arc ``a`` (CSR position, from
``src`` to ``indices[a]``): an output port of ``src`` and an input port of
``indices[a]``; ``ch = A + e`` is, as an *input*, the injection link of
endpoint ``e`` and, as an *output*, its ejection link.  Per-VC state is
indexed ``ch * V + vc`` on both sides: the input buffer ``ib`` at the
downstream router, the output buffer ``ob`` at the upstream router, and the
credit counter ``cred`` (free phits of the downstream input buffer as the
sender sees them; for injection channels the server is the sender; ejection
channels need no credits).

A buffer is a FIFO of phits stored as a ring of packet ids plus counters:
``phits`` (phits present), ``fout`` (phits of the front packet already gone)
and ``bin`` (phits of the back packet already in).  Phits of one packet enter
a buffer in order and packets do not interleave on a VC, so the front phit is
phit ``fout`` of the front packet, and it is present iff ``phits > 0``.

The cycle loop does work in proportion to what holds phits, not to the VC
slots that exist: per router, bitmasks of the input VCs whose front is an
unassigned head (``wait_m``), of the connected output VCs (``conn_m``) and of
the output channels with a non-empty output buffer (``och_m``, with a VC mask
per channel in ``obm``) are kept up to date where phits move, and rebuilt from
the buffers at every entry to :func:`run`.  A head that found every candidate
output VC blocked (no random draw) is not routed again until one of them is
allowed (``blk_m``).  Routers run in index order and draw random numbers in
the same order as a full scan would, so results do not depend on this
bookkeeping (``tests/test_caminos_golden.py``).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from lowdiam.sim.rng import below, uniform01
from lowdiam.sim.traffic import HOTSPOT, TABLE

from .routing import MIN_ADAPTIVE, OMNI, POLARIZED, VALIANT, polarized_allowed

# ---------------------------------------------------------------- cfg slots (int64 array)
C_N, C_A, C_NE, C_V, C_P, C_IBC, C_OBC, C_RI, C_RO = 0, 1, 2, 3, 4, 5, 6, 7, 8
C_QS, C_ALGO, C_TMODE, C_HOT_PPM, C_WARM, C_WEND, C_LH, C_END = 9, 10, 11, 12, 13, 14, 15, 16
C_DEROUTES, C_DEROUTE_LABEL = 17, 18  # omni: deroutes per packet, label of a deroute (phits)
N_CFG = 19

# ---------------------------------------------------------------- counters (int64 array)
K_NOW, K_GEN, K_DROP, K_INJ, K_DONE, K_NFREE, K_CONS = 0, 1, 2, 3, 4, 5, 6
K_ATT_WIN, K_GEN_WIN, K_DROP_WIN, K_ACC_WIN, K_MSG_WIN = 7, 8, 9, 10, 11
K_LAT_SUM, K_NET_SUM, K_HOP_SUM, K_LAT_MAX = 12, 13, 14, 15
K_FL_N, K_EJ_N, K_ACK_N, K_ERR, K_ERR_A, K_ERR_B = 16, 17, 18, 19, 20, 21
K_GRANTS, K_REQS = 22, 23
K_MEAS_DONE = 24  # messages generated in the window (K_GEN_WIN counts them) and consumed
N_CTR = 25

ERR_NO_VC, ERR_NO_SLOT, ERR_NO_ROUTE = 1, 2, 3


class Net(NamedTuple):
    """Static tables: topology, endpoints, traffic, label weights."""

    indptr: np.ndarray  # int64 (n+1) CSR of the router graph
    indices: np.ndarray  # int64 (A)
    D: np.ndarray  # uint8 (n, n) hop distances
    ep_router: np.ndarray  # int64 (NE) router of each endpoint
    ep_first: np.ndarray  # int64 (n+1) first endpoint of each router
    in_ptr: np.ndarray  # int64 (n+1) CSR of the input channels of each router
    in_ch: np.ndarray  # int64 channels entering each router (arcs, then injection channels)
    active: np.ndarray  # uint8 (NE) endpoint generates traffic
    tptr: np.ndarray  # int64 (NE+1) traffic table rows (TABLE mode)
    tdst: np.ndarray  # int64 destination endpoints (TABLE mode)
    hot: np.ndarray  # int64 hotspot endpoints (HOTSPOT mode)
    weights: np.ndarray  # int64 (3,) polarized label weights for label 0, 1, 2
    pgen: np.ndarray  # float64 (1,) Bernoulli probability per endpoint per cycle
    in_loc: np.ndarray  # int64 (A+NE) position of input channel ch among its router's inputs (in_ch order)
    iw_ptr: np.ndarray  # int64 (n+1) first word of each router's input-VC bitmask (bit = local input * V + vc)
    ow_ptr: np.ndarray  # int64 (n+1) first word of each router's output-VC bitmask (bit = local output * V + vc)
    cw_ptr: np.ndarray  # int64 (n+1) first word of each router's output-channel bitmask (bit = local output)


class Buffers(NamedTuple):
    """Phit FIFOs, one per (channel, VC): a ring of packet ids plus counters."""

    ring: np.ndarray  # int32 (nb * R)
    head: np.ndarray  # int32 (nb) ring position of the front entry
    cnt: np.ndarray  # int32 (nb) entries (packets with a phit here or on the way in)
    phits: np.ndarray  # int32 (nb) phits present
    fout: np.ndarray  # int32 (nb) phits of the front packet already extracted
    bin: np.ndarray  # int32 (nb) phits of the back packet already inserted


class Switch(NamedTuple):
    """Crossbar selections, credits, link arbitration and everything on the wires."""

    sel_out: np.ndarray  # int32 (nb) output VC an input VC is connected to, -1 none (in the input-side records)
    sel_in: np.ndarray  # int32 (nb) input VC an output VC is connected to, -1 none (in the output-side records)
    cred: np.ndarray  # int32 (nb) credits (arcs, injection); unused for ejection (in the output-side records)
    token: np.ndarray  # int64 (A+NE) round-robin token of each output link
    fl_pkt: np.ndarray  # int32 (A+NE) phit on the link into input channel ch (arriving next cycle)
    fl_idx: np.ndarray  # int32 (A+NE) its index in the packet
    fl_vc: np.ndarray  # int32 (A+NE) its VC
    fl_list: np.ndarray  # int64 channels with a phit on the wire
    ej_pkt: np.ndarray  # int32 (NE) phit on the ejection link of endpoint e
    ej_idx: np.ndarray  # int32 (NE)
    ej_list: np.ndarray  # int64 endpoints with a phit on the ejection wire
    ack_list: np.ndarray  # int64 input VCs that freed a phit this cycle (credit upstream next cycle)
    req_ib: np.ndarray  # int64 scratch: this cycle's requests of one router
    req_ob: np.ndarray  # int64 scratch
    # bitmasks (derived state, rebuilt from the buffers and selections at every entry to run): the cycle loop
    # visits what holds phits, not every VC.  A router's local outputs are its arcs (CSR order), then the
    # ejection links of its endpoints.
    wait_m: np.ndarray  # uint64 input VCs with a phit and no output VC (their front is a head that requests)
    conn_m: np.ndarray  # uint64 output VCs connected to an input VC (the crossbar moves a phit if one is there)
    och_m: np.ndarray  # uint64 output channels with a non-empty output buffer on some VC
    obm: np.ndarray  # uint64 (A+NE) per output channel: VCs whose output buffer holds phits
    blk_m: np.ndarray  # uint64 (nb) input VC whose head found no candidate allowed: its candidate local outputs
    blk_vc: np.ndarray  # int32 (nb) and their VC (-1: any, the ejection port); 0 mask = route it


class Packets(NamedTuple):
    """Packet table (slot pool with a free stack)."""

    src: np.ndarray  # int32 source endpoint
    dst: np.ndarray  # int32 destination endpoint
    sr: np.ndarray  # int32 source router (Polarized's s)
    mid: np.ndarray  # int32 Valiant intermediate router in phase 1, else -1
    left: np.ndarray  # int32 omni: deroutes the packet has left
    hops: np.ndarray  # int32 router-to-router hops done
    ctime: np.ndarray  # int64 creation cycle (generation into the server queue)
    itime: np.ndarray  # int64 cycle the head entered the first router
    free: np.ndarray  # int32 free slot stack


class Servers(NamedTuple):
    """Server side: message queue, the staged packet and the one being sent."""

    q_time: np.ndarray  # int64 (NE * QS) ring of creation cycles
    q_dst: np.ndarray  # int32 (NE * QS) ring of destinations
    q_head: np.ndarray  # int32 (NE)
    q_cnt: np.ndarray  # int32 (NE) messages in the queue (what the capacity limits)
    st_on: np.ndarray  # uint8 (NE) a message is staged (CAMINOS stored_packets)
    st_time: np.ndarray  # int64 (NE)
    st_dst: np.ndarray  # int32 (NE)
    tx_pkt: np.ndarray  # int32 (NE) packet being sent (CAMINOS stored_phits), -1 none
    tx_idx: np.ndarray  # int32 (NE) next phit to send
    tx_vc: np.ndarray  # int32 (NE) its injection VC, -1 not chosen yet


class Stats(NamedTuple):
    ctr: np.ndarray  # int64 (N_CTR)
    src_acc: np.ndarray  # int64 (NE) phits consumed in the window, by source
    dst_acc: np.ndarray  # int64 (NE) phits consumed in the window, by destination
    arc_phits: np.ndarray  # int64 (A) phits sent on each arc in the window
    hop_hist: np.ndarray  # int64 packets consumed in the window by hops
    lat_hist: np.ndarray  # int64 messages consumed in the window by latency


# ---------------------------------------------------------------- buffer primitives


@njit(cache=True, inline="always")
def buf_front(b, bid, R):
    return b.ring[bid * R + b.head[bid]]


@njit(cache=True, inline="always")
def buf_push(b, bid, R, p, idx):
    """Insert phit ``idx`` of packet ``p`` at the back."""
    if idx == 0:
        pos = b.head[bid] + b.cnt[bid]
        if pos >= R:
            pos -= R
        b.ring[bid * R + pos] = p
        b.cnt[bid] += 1
        b.bin[bid] = 1
    else:
        b.bin[bid] += 1
    b.phits[bid] += 1


@njit(cache=True, inline="always")
def buf_pop(b, bid, R, P):
    """Remove the front phit; returns (packet, phit index)."""
    p = b.ring[bid * R + b.head[bid]]
    idx = b.fout[bid]
    b.phits[bid] -= 1
    b.fout[bid] = idx + 1
    if idx + 1 == P:
        b.fout[bid] = 0
        h = b.head[bid] + 1
        if h == R:
            h = 0
        b.head[bid] = h
        b.cnt[bid] -= 1
    return p, idx


@njit(cache=True, inline="always")
def occupancy(ob, outb, cred, IBC):
    """OccupancyFunction's q: phits in this router's output buffer of the VC plus the phits the
    neighbour's input buffer of that VC holds as our credits see them."""
    return np.int64(outb.phits[ob]) + np.int64(IBC - cred[ob])


@njit(cache=True, inline="always")
def allowed(ob, outb, sw, OBC, P):
    """EnforceFlowControl: the output VC is free and its buffer has room for a whole packet."""
    return sw.sel_in[ob] < 0 and OBC - outb.phits[ob] >= P


_ONE = np.uint64(1)


@njit(cache=True, inline="always")
def _bit(i):
    return _ONE << np.uint64(i & 63)


@njit(cache=True, inline="always")
def _channel(k, a0, deg, A, e0):
    """The channel of a router's local output port k: its k-th link (k < deg), else its (k - deg)-th ejection."""
    return a0 + k if k < deg else A + e0 + (k - deg)


@njit(cache=True, inline="always")
def _local_input(in_loc, ib, V):
    """Input VC ib's index among its router's input VCs (its bit in the router's wait mask)."""
    ich = ib // V
    return in_loc[ich] * V + (ib - ich * V)


# ---------------------------------------------------------------- routing (one request)


@njit(cache=True, _nrt=False, inline="always")  # inlined into run: a call would pass every table by value
def choose_output(p, r, cfg, net, outb, sw, pk, rs):
    """The (output channel, VC) packet ``p`` at router ``r`` requests this cycle, as ``ch * V + vc``;
    -1 when every lowest-label candidate is blocked; -2 - code on an error."""
    return route(p, r, cfg, net, outb, sw, pk, rs)[0]


@njit(cache=True, _nrt=False, inline="always")
def route(p, r, cfg, net, outb, sw, pk, rs):
    """:func:`choose_output` plus what :func:`run` needs to skip the head until something changes:
    ``(request, mask, vc)``; when no candidate output VC is allowed (no random draw, request -1), ``mask`` has bit
    ``k`` for each candidate local output ``k`` of router ``r`` and ``vc`` is the candidates' VC (-1: any VC, the
    ejection port); else ``mask`` is 0 (also when the router has more than 64 outputs)."""
    V = cfg[C_V]
    P = cfg[C_P]
    A = cfg[C_A]
    OBC = cfg[C_OBC]
    IBC = cfg[C_IBC]
    algo = cfg[C_ALGO]
    a_lo = net.indptr[r]
    deg = net.indptr[r + 1] - a_lo
    e0 = net.ep_first[r]
    cacheable = deg + (net.ep_first[r + 1] - e0) <= 64
    none = np.uint64(0)
    d = pk.dst[p]
    t = net.ep_router[d]
    if r == t:
        # ejection: any VC of the endpoint's port (Hops), labels all 0, random among the allowed
        ch = A + d
        k = 0
        chosen = -1
        for vc in range(V):
            ob = ch * V + vc
            if allowed(ob, outb, sw, OBC, P):
                k += 1
                if below(rs, k) == 0:
                    chosen = ob
        if k == 0 and cacheable:
            return chosen, _bit(deg + (d - e0)), -1
        return chosen, none, -1
    h = pk.hops[p]
    if h >= V:
        return -2 - ERR_NO_VC, none, -1
    # the candidate rule of this hop: Valiant's phases and Omni without deroutes left route as Shortest
    rule = algo
    tgt = t
    if algo == VALIANT:
        rule = MIN_ADAPTIVE
        if pk.mid[p] >= 0:
            tgt = pk.mid[p]
    elif algo == OMNI and pk.left[p] == 0:
        rule = MIN_ADAPTIVE
    D = net.D
    dt = np.int64(D[r, tgt])
    s = pk.sr[p]
    a0 = np.int64(D[s, r])
    w0 = dt - a0  # Polarized's weight b - a here (tgt = t)
    dmin = 3  # Polarized: the best weight change among the admissible moves, the label's zero
    if rule == POLARIZED:
        for a in range(a_lo, a_lo + deg):
            v = net.indices[a]
            na = np.int64(D[s, v])
            nb = np.int64(D[v, t])
            if polarized_allowed(a0, dt, na, nb):
                dmin = min(dmin, (nb - na) - w0)
    best = np.int64(1) << 62
    k = 0
    chosen = -1
    ncand = 0
    nfree = 0
    mask = np.uint64(0)
    for a in range(a_lo, a_lo + deg):
        v = net.indices[a]
        dv = np.int64(D[v, tgt])
        if rule == POLARIZED:
            na = np.int64(D[s, v])
            if not polarized_allowed(a0, dt, na, dv):
                continue
            label = net.weights[(dv - na) - w0 - dmin]
        elif rule == OMNI:  # any neighbour in an unaligned dimension: closer, or as far (a deroute)
            if dv > dt:
                continue
            label = cfg[C_DEROUTE_LABEL] if dv == dt else 0
        else:  # Shortest: one hop closer
            if dv != dt - 1:
                continue
            label = 0
        ncand += 1
        mask |= _bit(a - a_lo)
        ob = a * V + h
        label += occupancy(ob, outb, sw.cred, IBC)
        if label < best:
            best = label
            k = 0
            chosen = -1
        ok = allowed(ob, outb, sw, OBC, P)
        if ok:
            nfree += 1
        if label == best and ok:
            k += 1
            if below(rs, k) == 0:
                chosen = ob
    if ncand == 0:
        return -2 - ERR_NO_ROUTE, none, -1
    if nfree == 0 and cacheable:
        return chosen, mask, h
    return chosen, none, -1


# ---------------------------------------------------------------- allocation


@njit(cache=True, _nrt=False, inline="always")  # inlined into run: a call would pass every table by value
def allocate(nreq, sw, rs):
    """CAMINOS ``Random`` allocator: shuffle the requests ``(req_ib[i], req_ob[i])``, grant each in turn
    when its output VC and its input VC are both still free; returns the number of grants.

    Each input VC requests at most one output VC per cycle and each output VC ends with at most one input.
    """
    for i in range(nreq - 1, 0, -1):
        jj = below(rs, i + 1)
        tmp = sw.req_ib[i]
        sw.req_ib[i] = sw.req_ib[jj]
        sw.req_ib[jj] = tmp
        tmp = sw.req_ob[i]
        sw.req_ob[i] = sw.req_ob[jj]
        sw.req_ob[jj] = tmp
    grants = 0
    for i in range(nreq):
        ob = sw.req_ob[i]
        ib = sw.req_ib[i]
        if sw.sel_in[ob] < 0 and sw.sel_out[ib] < 0:
            sw.sel_in[ob] = ib
            sw.sel_out[ib] = ob
            grants += 1
    return grants


# ---------------------------------------------------------------- traffic


@njit(cache=True, inline="always")
def pick_destination(e, cfg, net, rs):
    NE = cfg[C_NE]
    tmode = cfg[C_TMODE]
    if tmode == TABLE:
        lo = net.tptr[e]
        return net.tdst[lo + below(rs, net.tptr[e + 1] - lo)]
    if tmode == HOTSPOT and below(rs, 1000000) < cfg[C_HOT_PPM]:
        return net.hot[below(rs, net.hot.shape[0])]
    dd = below(rs, NE - 1)
    if dd >= e:
        dd += 1
    return dd


# ---------------------------------------------------------------- bitmasks of what holds phits

@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def rebuild_masks(cfg, net, inb, outb, sw):
    """Derive the bitmasks of :class:`Switch` from the buffers and crossbar selections (once per :func:`run`
    call, so state set up or changed outside the kernel is seen)."""
    n = cfg[C_N]
    A = cfg[C_A]
    V = cfg[C_V]
    for w in range(sw.wait_m.shape[0]):
        sw.wait_m[w] = 0
    for w in range(sw.conn_m.shape[0]):
        sw.conn_m[w] = 0
    for w in range(sw.och_m.shape[0]):
        sw.och_m[w] = 0
    for i in range(sw.blk_m.shape[0]):
        sw.blk_m[i] = 0
    for r in range(n):
        iw0 = net.iw_ptr[r]
        for j in range(net.in_ptr[r], net.in_ptr[r + 1]):
            ch = net.in_ch[j]
            for vc in range(V):
                ib = ch * V + vc
                if inb.phits[ib] > 0 and sw.sel_out[ib] < 0:
                    li = (j - net.in_ptr[r]) * V + vc
                    sw.wait_m[iw0 + (li >> 6)] |= _bit(li)
        a0 = net.indptr[r]
        deg = net.indptr[r + 1] - a0
        e0 = net.ep_first[r]
        nout = deg + net.ep_first[r + 1] - e0
        for k in range(nout):
            ch = _channel(k, a0, deg, A, e0)
            m = np.uint64(0)
            for vc in range(V):
                ob = ch * V + vc
                if sw.sel_in[ob] >= 0:
                    lo = k * V + vc
                    sw.conn_m[net.ow_ptr[r] + (lo >> 6)] |= _bit(lo)
                if outb.phits[ob] > 0:
                    m |= _bit(vc)
            sw.obm[ch] = m
            if m != 0:
                sw.och_m[net.cw_ptr[r] + (k >> 6)] |= _bit(k)


# ---------------------------------------------------------------- the cycle loop


@njit(cache=True, _nrt=False, nogil=True)  # no reference counting: see ideal.state; nogil: see sim.driver
def run(cfg, net, inb, outb, sw, pk, srv, st, rs):
    """Advance from cycle ``ctr[K_NOW]`` to ``cfg[C_END]``; returns 0, or -1 on an error (``ctr[K_ERR]``)."""
    n = cfg[C_N]
    A = cfg[C_A]
    NE = cfg[C_NE]
    V = cfg[C_V]
    P = cfg[C_P]
    RI = cfg[C_RI]
    RO = cfg[C_RO]
    QS = cfg[C_QS]
    algo = cfg[C_ALGO]
    warm = cfg[C_WARM]
    wend = cfg[C_WEND]
    LH = cfg[C_LH]
    OBC = cfg[C_OBC]
    pgen = net.pgen[0]
    ctr = st.ctr
    now = ctr[K_NOW]
    rebuild_masks(cfg, net, inb, outb, sw)
    # lengths of the wire / credit lists in locals (ctr may alias any int64 array: kept in registers here)
    n_ack = ctr[K_ACK_N]
    n_fl = ctr[K_FL_N]
    n_ej = ctr[K_EJ_N]
    while now < cfg[C_END]:
        in_win = now >= warm and now < wend
        # ======== beginning of the cycle: what the links carried last cycle arrives
        for i in range(n_ack):
            sw.cred[sw.ack_list[i]] += 1
        n_ack = 0
        for i in range(n_fl):
            ch = sw.fl_list[i]
            p = sw.fl_pkt[ch]
            idx = sw.fl_idx[ch]
            ib = ch * V + sw.fl_vc[ch]
            buf_push(inb, ib, RI, p, idx)
            if sw.sel_out[ib] < 0:  # an unassigned head at the front (or already was): it requests
                r = net.indices[ch] if ch < A else net.ep_router[ch - A]
                li = net.in_loc[ch] * V + sw.fl_vc[ch]
                sw.wait_m[net.iw_ptr[r] + (li >> 6)] |= _bit(li)
            if idx == 0:
                if ch < A:
                    pk.hops[p] += 1
                    if pk.mid[p] >= 0 and net.indices[ch] == pk.mid[p]:
                        pk.mid[p] = -1  # Valiant: reached the intermediate router
                else:
                    pk.itime[p] = now
                    if algo == VALIANT:
                        s_r = net.ep_router[ch - A]
                        m = below(rs, n)
                        t_r = net.ep_router[pk.dst[p]]
                        pk.mid[p] = -1 if (m == s_r or m == t_r) else m
        n_fl = 0
        for i in range(n_ej):
            e = sw.ej_list[i]
            p = sw.ej_pkt[e]
            ctr[K_CONS] += 1
            if in_win:
                ctr[K_ACC_WIN] += 1
                st.src_acc[pk.src[p]] += 1
                st.dst_acc[e] += 1
            if sw.ej_idx[e] == P - 1:  # tail: the message is consumed
                ctr[K_DONE] += 1
                if pk.ctime[p] >= warm and pk.ctime[p] < wend:
                    ctr[K_MEAS_DONE] += 1
                if in_win:
                    lat = now - pk.ctime[p]
                    ctr[K_MSG_WIN] += 1
                    ctr[K_LAT_SUM] += lat
                    ctr[K_NET_SUM] += now - pk.itime[p]
                    ctr[K_HOP_SUM] += pk.hops[p]
                    ctr[K_LAT_MAX] = max(ctr[K_LAT_MAX], lat)
                    st.lat_hist[min(lat, LH - 1)] += 1
                    st.hop_hist[min(pk.hops[p], st.hop_hist.shape[0] - 1)] += 1
                pk.free[ctr[K_NFREE]] = p
                ctr[K_NFREE] += 1
        n_ej = 0

        # ======== routers: requests, random allocation, crossbar, output links
        # Routers only touch their own buffers and selections; they share the random stream, drawn in router
        # order (requests in input order, then the shuffle), so each router's phases run back to back.
        for r in range(n):
            iw0 = net.iw_ptr[r]
            ow0 = net.ow_ptr[r]
            cw0 = net.cw_ptr[r]
            a0 = net.indptr[r]
            deg = net.indptr[r + 1] - a0
            e0 = net.ep_first[r]
            j0 = net.in_ptr[r]
            # ---- requests of the input VCs whose front phit is an unassigned head (bit order = input order)
            nreq = 0
            for w in range(iw0, net.iw_ptr[r + 1]):
                x = sw.wait_m[w]
                while x != 0:
                    li = (w - iw0) * 64 + np.int64(trailing_zeros(x))
                    x &= x - _ONE
                    jl = li // V
                    ib = net.in_ch[j0 + jl] * V + (li - jl * V)
                    cm = sw.blk_m[ib]
                    if cm != 0:
                        # this head found every candidate blocked (no random draw): until one of them is allowed
                        # again, routing it would find the same
                        cv = sw.blk_vc[ib]
                        blocked = True
                        while cm != 0 and blocked:
                            k = np.int64(trailing_zeros(cm))
                            cm &= cm - _ONE
                            ch = _channel(k, a0, deg, A, e0)
                            if cv >= 0:
                                blocked = not allowed(ch * V + cv, outb, sw, OBC, P)
                            else:
                                for vc in range(V):
                                    if allowed(ch * V + vc, outb, sw, OBC, P):
                                        blocked = False
                                        break
                        if blocked:
                            continue
                        sw.blk_m[ib] = 0
                    p = buf_front(inb, ib, RI)
                    ob, cm, cv = route(p, r, cfg, net, outb, sw, pk, rs)
                    if cm != 0:
                        sw.blk_m[ib] = cm
                        sw.blk_vc[ib] = cv
                    if ob >= 0:
                        sw.req_ib[nreq] = ib
                        sw.req_ob[nreq] = ob
                        nreq += 1
                    elif ob < -1:
                        ctr[K_ERR] = -2 - ob
                        ctr[K_ERR_A] = p
                        ctr[K_ERR_B] = r
                        ctr[K_NOW] = now
                        ctr[K_ACK_N] = n_ack
                        ctr[K_FL_N] = n_fl
                        ctr[K_EJ_N] = n_ej
                        return -1
            if nreq > 0:
                ctr[K_REQS] += nreq
                # ---- allocation: requests in random order, each output VC to its first requester
                ctr[K_GRANTS] += allocate(nreq, sw, rs)
                for i in range(nreq):
                    ib = sw.req_ib[i]
                    ob = sw.req_ob[i]
                    if sw.sel_out[ib] == ob:  # granted: the input stops requesting, the crossbar starts
                        li = _local_input(net.in_loc, ib, V)
                        sw.wait_m[iw0 + (li >> 6)] &= ~_bit(li)
                        och = ob // V
                        k = och - a0 if och < A else deg + (och - A - e0)
                        lo = k * V + (ob - och * V)
                        sw.conn_m[ow0 + (lo >> 6)] |= _bit(lo)
            # ---- crossbar: every connected output VC takes one phit from its input VC
            for w in range(ow0, net.ow_ptr[r + 1]):
                x = sw.conn_m[w]
                while x != 0:
                    b = np.int64(trailing_zeros(x))
                    x &= x - _ONE
                    lo = (w - ow0) * 64 + b
                    k = lo // V
                    vc = lo - k * V
                    ch = _channel(k, a0, deg, A, e0)
                    ob = ch * V + vc
                    ib = sw.sel_in[ob]
                    if inb.phits[ib] == 0:
                        continue
                    p, idx = buf_pop(inb, ib, RI, P)
                    buf_push(outb, ob, RO, p, idx)
                    sw.obm[ch] |= _bit(vc)
                    sw.och_m[cw0 + (k >> 6)] |= _bit(k)
                    if algo == OMNI and idx == 0 and ch < A:  # the head is committed to this hop
                        t_r = net.ep_router[pk.dst[p]]
                        if net.D[net.indices[ch], t_r] >= net.D[r, t_r]:
                            pk.left[p] -= 1
                    sw.ack_list[n_ack] = ib
                    n_ack += 1
                    if idx == P - 1:
                        sw.sel_in[ob] = -1
                        sw.sel_out[ib] = -1
                        sw.conn_m[w] &= ~_bit(b)
                        if inb.phits[ib] > 0:  # the next packet's head is there: it requests from next cycle
                            li = _local_input(net.in_loc, ib, V)
                            sw.wait_m[iw0 + (li >> 6)] |= _bit(li)
            # ---- output links: one phit, in-transit packets first, round-robin token among VCs
            for w in range(cw0, net.cw_ptr[r + 1]):
                x = sw.och_m[w]
                while x != 0:
                    b = np.int64(trailing_zeros(x))
                    x &= x - _ONE
                    k = (w - cw0) * 64 + b
                    ch = _channel(k, a0, deg, A, e0)
                    eject = ch >= A
                    tok = sw.token[ch]
                    best_vc = -1
                    best_d = V + 1
                    best_transit = False
                    y = sw.obm[ch]
                    while y != 0:
                        vc = np.int64(trailing_zeros(y))
                        y &= y - _ONE
                        ob = ch * V + vc
                        idx = outb.fout[ob]
                        if not eject:
                            if idx == 0:
                                if sw.cred[ob] < P:
                                    continue
                            elif sw.cred[ob] < 1:
                                continue
                        transit = idx > 0
                        dd = vc - tok
                        if dd < 0:
                            dd += V
                        if (transit and not best_transit) or (transit == best_transit and dd < best_d):
                            best_vc = vc
                            best_d = dd
                            best_transit = transit
                    if best_vc < 0:
                        continue
                    sw.token[ch] = best_vc
                    ob = ch * V + best_vc
                    p, idx = buf_pop(outb, ob, RO, P)
                    if outb.phits[ob] == 0:
                        om = sw.obm[ch] & ~_bit(best_vc)
                        sw.obm[ch] = om
                        if om == 0:
                            sw.och_m[w] &= ~_bit(b)
                    if idx == P - 1:
                        sw.token[ch] = (best_vc + 1) % V
                    if eject:
                        e = ch - A
                        sw.ej_pkt[e] = p
                        sw.ej_idx[e] = idx
                        sw.ej_list[n_ej] = e
                        n_ej += 1
                    else:
                        sw.cred[ob] -= 1
                        sw.fl_pkt[ch] = p
                        sw.fl_idx[ch] = idx
                        sw.fl_vc[ch] = best_vc
                        sw.fl_list[n_fl] = ch
                        n_fl += 1
                        if in_win:
                            st.arc_phits[ch] += 1

        # ======== servers: generation, staging, sending one phit
        for e in range(NE):
            if net.active[e] and uniform01(rs) < pgen:
                if in_win:
                    ctr[K_ATT_WIN] += 1
                if srv.q_cnt[e] < QS:
                    d = pick_destination(e, cfg, net, rs)
                    if d != e:  # CAMINOS discards self-messages
                        q = e * QS + (srv.q_head[e] + srv.q_cnt[e]) % QS
                        srv.q_time[q] = now
                        srv.q_dst[q] = d
                        srv.q_cnt[e] += 1
                        ctr[K_GEN] += 1
                        if in_win:
                            ctr[K_GEN_WIN] += 1
                else:
                    ctr[K_DROP] += 1
                    if in_win:
                        ctr[K_DROP_WIN] += 1
            if srv.st_on[e] == 0 and srv.q_cnt[e] > 0:
                q = e * QS + srv.q_head[e]
                srv.st_on[e] = 1
                srv.st_time[e] = srv.q_time[q]
                srv.st_dst[e] = srv.q_dst[q]
                srv.q_head[e] = (srv.q_head[e] + 1) % QS
                srv.q_cnt[e] -= 1
            if srv.tx_pkt[e] < 0 and srv.st_on[e] == 1:
                if ctr[K_NFREE] == 0:
                    ctr[K_ERR] = ERR_NO_SLOT
                    ctr[K_NOW] = now
                    ctr[K_ACK_N] = n_ack
                    ctr[K_FL_N] = n_fl
                    ctr[K_EJ_N] = n_ej
                    return -1
                ctr[K_NFREE] -= 1
                p = pk.free[ctr[K_NFREE]]
                srv.st_on[e] = 0
                pk.src[p] = e
                pk.dst[p] = srv.st_dst[e]
                pk.sr[p] = net.ep_router[e]
                pk.mid[p] = -1
                pk.left[p] = cfg[C_DEROUTES]
                pk.hops[p] = 0
                pk.ctime[p] = srv.st_time[e]
                pk.itime[p] = -1
                srv.tx_pkt[e] = p
                srv.tx_idx[e] = 0
                srv.tx_vc[e] = -1
                ctr[K_INJ] += 1
            p = srv.tx_pkt[e]
            if p >= 0:
                ch = A + e
                if srv.tx_vc[e] < 0:  # the head takes the lowest VC with room for a whole packet
                    for vc in range(V):
                        if sw.cred[ch * V + vc] >= P:
                            srv.tx_vc[e] = vc
                            break
                vc = srv.tx_vc[e]
                if vc >= 0:
                    sw.cred[ch * V + vc] -= 1
                    sw.fl_pkt[ch] = p
                    sw.fl_idx[ch] = srv.tx_idx[e]
                    sw.fl_vc[ch] = vc
                    sw.fl_list[n_fl] = ch
                    n_fl += 1
                    srv.tx_idx[e] += 1
                    if srv.tx_idx[e] == P:
                        srv.tx_pkt[e] = -1
                        srv.tx_vc[e] = -1
        now += 1
    ctr[K_NOW] = now
    ctr[K_ACK_N] = n_ack
    ctr[K_FL_N] = n_fl
    ctr[K_EJ_N] = n_ej
    return 0
