"""numba kernel of the BookSim2 ``iq_router`` model (see the package docstring for the semantics).

Ports are numbered by *slot*: router r's local port j is slot ``rptr[r] + j`` (its endpoints first,
then its neighbours in ascending id), for inputs and outputs alike, so a router's state is contiguous.
Channel rings are indexed by the receiving slot (``ISL + e`` for endpoint e).  A flit or credit written
into a channel at cycle t is read at cycle t + 2 (BookSim's 1-cycle channel read in the next cycle's
``ReadInputs``).  Input VCs ``iv = slot * V + v``; output VCs ``ov = slot * V + v``.
Flits are ``packet << SH | index``.

State read together lives together (:class:`Router`): one 64-byte record per input VC (``ivr``), records per
output VC (``ovr``) and per port (``prt``), queue and channel entries side by side.  The work of a router step
follows what moves: ``lmask[slot]`` has bit v set while input VC v of the port is in a pipeline list, so
evaluation and update visit only those VCs; a port's received credits are read only once the oldest falls due
(``PT_PCDUE``).  Per router, bit masks of its ports (``Router.pm_*``: a flit or credit arriving, a VC listed,
credits received, a queue to send) make every pass over a router's ports, the prefetches included, visit only the
ports with work, in ascending order as before (:func:`lowdiam.sim.bits.lowest_bit`).  A ring that empties restarts
at its first entry, so a quiet queue keeps using one cache line.
On a large network a router's state has left the caches by the time it is visited again (once a cycle), so the
router loop prefetches (:func:`lowdiam.sim.prefetch.prefetch`) the state of the next three routers in stages.
Every number is the same as the kernel's before this layout (``tests/test_booksim_golden.py``).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np
from numba import njit

from lowdiam.sim.bits import lowest_bit
from lowdiam.sim.prefetch import prefetch
from lowdiam.sim.rng import below, uniform01
from lowdiam.sim.routings.base import EJECT, PacketRoutes, set_up_route
from lowdiam.sim.routings.dispatch import kernel_entry

# cfg indices
(
    C_N,
    C_A,
    C_NE,
    C_V,
    C_CAP,
    C_P,
    C_RD,
    C_VD,
    C_SD,
    C_XD,
    C_CD,
    C_SPEED_PPM,
    C_WARM,
    C_WEND,
    C_TEND,
    C_ANY,
    C_ROUTE,
    C_TMODE,
    C_HOT_PPM,
    C_QCAP,
    C_DEADLOCK,
    C_LH,
    C_XQ,
    C_PCN,
    C_BCAP,
    C_SH,
    C_OQ,
    C_ISL,
    C_VALLOC,
    C_SALLOC,
    C_ITERS,
    C_ADAPTIVE,
    C_SHBUF,
    C_PB,
    C_SB,
    C_USELF,
    C_VCS,
    C_TWOPHASE,
    C_PW,
    C_PREFETCH,
    N_CFG,
) = range(41)
# C_SHBUF: 1 for BookSim's "shared" buffer policy (C_PB private flits per VC, a pool of C_SB flits per input port;
# see _sh_full and below), 0 for "private" (C_CAP flits per VC)
# C_USELF: 1 when uniform traffic draws among all endpoints, the source included (BookSim2's uniform), 0 among the
# others
# C_PW: 64-bit words per router in each port mask (Router.pm_*): ceil(largest radix / 64)
# C_PREFETCH: 1 to prefetch the state of the next three routers in the router loop (changes no value; see the
# driver's PREFETCH_MIN_INPUT_VCS)
# C_VCS: the VC classes of options.PHASE_SELECTIONS (0: "any" / "hop" by C_ANY, 1: "phase", 2: "dragonfly"); with
# C_TWOPHASE 1 for a shared routing whose route state holds an intermediate router until it is reached (Valiant,
# UGAL): a packet's class is set where its head is routed (p_vcl) and read at VC allocation
# counters
(
    K_NOW,
    K_GEN,
    K_INJ,
    K_EJ,
    K_GEN_WIN_FLITS,
    K_ACC_WIN_FLITS,
    K_MEAS,
    K_MEAS_DONE,
    K_LAT_SUM,
    K_NETLAT_SUM,
    K_HOP_SUM,
    K_LAT_MAX,
    K_LIVE,
    K_LAST_MOVE,
    K_STEP,
    K_PARTIAL_PPM,
    K_ERR,
    K_ERR_A,
    K_ERR_B,
    K_MSG_DONE,
    K_ACC_ALL,
    K_RET_ALL,
    K_RET_LAT_ALL,
    N_CTR,
) = range(24)
# K_ACC_ALL, K_RET_ALL, K_RET_LAT_ALL: flits ejected, packets retired and their latency sum over the whole run
# (measured or not): what BookSim's run control reads between sample periods (:mod:`.run_control`)

ROUTE_TABLE, ROUTE_MIN, ROUTE_SHARED = 0, 1, 2
TMODE_MESSAGES = 3  # cfg[C_TMODE] beyond lowdiam.sim.traffic's UNIFORM / TABLE / HOTSPOT: a message program
RUN_DONE, RUN_GROW, RUN_DEADLOCK, RUN_ROUTE_ERROR = 0, 1, -1, -2
W = 3  # channel ring slots: latency 1 + the read in the next cycle


class Net(NamedTuple):
    """Static wiring: per-router local port lists and the routing data."""

    rptr: np.ndarray  # (n+1,) start of each router's local port list
    o2i: np.ndarray  # output slot -> input slot at the far end (ISL + e: endpoint e)
    i2o: np.ndarray  # input slot -> output slot at the far end (ISL + e: endpoint e)
    slot_sink: np.ndarray  # (ISL + NE,) who reads a slot's channel: its router r, or n + e for endpoint e's ISL + e
    eslot: np.ndarray  # endpoint -> its router's slot (injection input = ejection output)
    out_arc: np.ndarray  # output slot -> arc id (CSR order), -1 for ejection
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
    arc_glob: np.ndarray  # (A,) int8 1 for a global link ("dragonfly" VC classes), else (1,) unused
    rgroup: np.ndarray  # (n,) group of each router ("dragonfly" VC classes), else (1,) unused


#: most ports (network links plus endpoints) of one router: the switch requests' stamps count local ports in
#: 12 bits (the driver refuses larger routers)
MAX_PORTS = 4096

# fields of the per-input-VC records ``ivr`` (one row of 16 int32 per input VC: one cache line)
IV_BH, IV_BN, IV_VST, IV_LST, IV_LES, IV_LDU, IV_LRES, IV_ROUTE, IV_OUTV = range(9)
IV_WIDTH = 16
# fields of the per-output-VC records ``ovr``
OV_OWN, OV_OCC = range(2)
OV_WIDTH = 2
# fields of the per-port records ``prt`` (a port's slot indexes its input and its output side alike)
PT_OQH, PT_OQN, PT_CQH, PT_CQN, PT_PCH, PT_PCN, PT_PCDUE, PT_SWOFF = range(8)
PT_WIDTH = 8


class Router(NamedTuple):
    """Input-VC, output-VC, port, queue and channel state.

    State read together lives together (one record per input VC, per output VC, per port; the fields of a
    queue entry side by side), so a flit's step touches a few cache lines rather than one per array.
    """

    buf: np.ndarray  # (NIV * CAP) input VC rings of flits
    ivr: np.ndarray  # (NIV, IV_WIDTH) input VCs: ring head, count; state 0 idle, 1 routing, 2 vc_alloc,
    #   3 active; pipeline list 0 none, 1 route, 2 VC alloc, 3 switch alloc; first internal step at which the
    #   entry may be evaluated; cycle of its update (-1: not evaluated yet); evaluation result; local output
    #   port of the packet at the head; output VC held
    ovr: np.ndarray  # (NCH * V, OV_WIDTH) output VCs: owner (input VC) or -1; downstream flits not yet credited
    prt: np.ndarray  # (NCH, PT_WIDTH) ports: output queue head / count, credit queue head / count, received
    #   credits head / count / the head's due cycle, VC round-robin offset of the switch requests
    lmask: np.ndarray  # (NCH,) int64 per input port: bit v set while VC v is in a pipeline list
    oq: np.ndarray  # (NCH * OQ, 2) output queue rings: flit, VC
    xb: np.ndarray  # (n * XQ, 8) crossbar pipeline rings: flit, VC, output slot, first step, due cycle
    lbusy: np.ndarray  # (n * 4) per router and list (route, VC alloc, switch alloc): due cycle of pending entries
    xh: np.ndarray
    xn: np.ndarray
    cqv: np.ndarray  # (NCH * OQ) credits waiting to be sent upstream
    pc: np.ndarray  # (NCH * PCN, 2) int64 credits received (VC, due cycle), processed after credit_delay
    ch: np.ndarray  # (NW, 4) channels in flight: flit (-1 none), its VC, credit VC towards the source (-1 none)
    va_in_ptr: np.ndarray  # round-robin pointers of the VC allocator (per input VC / output VC)
    va_out_ptr: np.ndarray
    sw_in_ptr: np.ndarray  # per input / output port of the switch allocator
    sw_out_ptr: np.ndarray
    rcount: np.ndarray  # per router: work items (flits buffered, queued, credits pending)
    inbound: np.ndarray  # (n + NE,) flits and credits in flight towards router r / endpoint e (index n + e)
    # scratch
    o_vc: np.ndarray  # (max radix) per local output port: the VC the current input port requests it with, its
    o_key: np.ndarray  # round-robin key, and the stamp of the (step, router, input port) that wrote them
    o_stamp: np.ndarray
    va_in: np.ndarray  # VC allocation requests of one router step (local input VC, local output VC)
    va_out: np.ndarray
    sw_in: np.ndarray  # switch requests (local input port, local output port, VC)
    sw_out: np.ndarray
    sw_vc: np.ndarray
    a_bo: np.ndarray  # allocator scratch (see separable_input_first), all -1 between calls
    a_ko: np.ndarray
    a_bi: np.ndarray
    a_ki: np.ndarray
    a_match: np.ndarray
    a_om: np.ndarray
    # shared buffers only (C_SHBUF): the upstream view of the downstream input buffer (BookSim's BufferState with
    # its SharedBufferPolicy), kept by the sending side of every channel
    ores: np.ndarray  # (NCH * V) int32 per output VC: slots reserved for the packet being sent (_reserved_slots)
    oshr: np.ndarray  # (NCH,) int32 per output port: pool flits in use downstream (_shared_buf_occupancy)
    # port masks (C_PW int64 words per router; bit j = local port j): the ports with work, so that a router step
    # visits those only.  Derived from the state above at every kernel entry (:func:`_port_masks`), so they are
    # never saved or restored on their own.
    pm_in: np.ndarray  # (n * W * C_PW) per router and channel ring slot: a flit or credit arrives on the port
    pm_list: np.ndarray  # (n * C_PW) lmask[slot] != 0: an input VC of the port is in a pipeline list
    pm_pc: np.ndarray  # (n * C_PW) the port's ring of received credits (PT_PCN) is not empty
    pm_out: np.ndarray  # (n * C_PW) the port's output queue (PT_OQN) or credit queue (PT_CQN) is not empty


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
    res_n: np.ndarray  # (NE * V) shared buffers: the injection port's reserved slots per VC (as Router.ores)
    shr_n: np.ndarray  # (NE,) shared buffers: the injection port's pool flits in use (as Router.oshr)
    p_vcl: np.ndarray  # (pool,) phase VC selections (C_VCS > 0): the VC class of the packet's next hop


class Shared(NamedTuple):
    """The shared routings' records (``ROUTE_SHARED``): tables, graph, port occupancy, packets, scratch.

    ``ports.used[a]`` is refreshed for the arcs of a router just before an adaptive routing decides
    there: the flits sent on the port whose credits have not returned, all VCs (BookSim's
    ``GetUsedCredit``: taken at switch allocation, so it counts the output queue too); ``ports.pend``
    stays 0 (BookSim's UGAL reads credits only).
    """

    tabs: tuple  # RouteTables
    rnet: tuple  # routings.base.Network
    ports: tuple  # routings.base.PortState
    pkr: PacketRoutes
    scratch: tuple  # routings.base.Scratch (its rs is the kernel's generator state)


class Messages(NamedTuple):
    """A message program (:mod:`lowdiam.sim.motifs`) being run: ``TMODE_MESSAGES`` replaces random generation.

    Message m goes from endpoint ``src[m]`` to ``dst[m]`` as ``pkts[m]`` packets once the ``wait[m]`` messages
    it depends on are delivered, plus ``delay[m]`` cycles (computation).  Delivering m (its last packet ejected)
    releases its dependents ``didx[dptr[m]:dptr[m + 1]]``.  Each endpoint keeps a ring of its ready messages
    (``rq[rq_ptr[e]:rq_ptr[e] + rq_cap[e]]``) and injects them a packet at a time, round robin.
    """

    src: np.ndarray  # (M,) endpoint
    dst: np.ndarray  # (M,) endpoint
    pkts: np.ndarray  # (M,) packets
    delay: np.ndarray  # (M,) cycles from release to the first packet's creation
    wait: np.ndarray  # (M,) undelivered messages it still depends on (mutable)
    unsent: np.ndarray  # (M,) packets not yet injected (mutable)
    left: np.ndarray  # (M,) packets not yet delivered (mutable)
    ready: np.ndarray  # (M,) cycle it may start (mutable; valid once wait == 0)
    done: np.ndarray  # (M,) cycle its last packet was delivered, -1 before (mutable)
    dptr: np.ndarray  # (M+1,) CSR of dependents
    didx: np.ndarray
    rq: np.ndarray  # ready rings, one per endpoint
    rq_ptr: np.ndarray  # (NE,) start of endpoint e's ring
    rq_cap: np.ndarray  # (NE,) its size: messages sent by e
    rq_head: np.ndarray  # (NE,)
    rq_cnt: np.ndarray  # (NE,)
    p_msg: np.ndarray  # (pool,) message of each live packet


@njit(cache=True, inline="always")
def _rq_push(mo, e, m):
    cap = mo.rq_cap[e]
    mo.rq[mo.rq_ptr[e] + (mo.rq_head[e] + mo.rq_cnt[e]) % cap] = m
    mo.rq_cnt[e] += 1


@njit(cache=True, inline="always")
def _rq_ready(mo, e, t):
    """The ready message at the head of endpoint e's ring (rotating past those still computing), or -1."""
    base = mo.rq_ptr[e]
    cap = mo.rq_cap[e]
    for _ in range(mo.rq_cnt[e]):
        m = mo.rq[base + mo.rq_head[e]]
        if mo.ready[m] <= t:
            return m
        mo.rq_head[e] = (mo.rq_head[e] + 1) % cap
        mo.rq[base + (mo.rq_head[e] + mo.rq_cnt[e] - 1) % cap] = m
    return -1


@njit(cache=True, inline="always")
def _rq_sent(mo, e):
    """One packet of the head message was injected: pop it, and requeue it at the tail if it has more."""
    base = mo.rq_ptr[e]
    m = mo.rq[base + mo.rq_head[e]]
    mo.unsent[m] -= 1
    mo.rq_head[e] = (mo.rq_head[e] + 1) % mo.rq_cap[e]
    mo.rq_cnt[e] -= 1
    if mo.unsent[m] > 0:
        _rq_push(mo, e, m)


@njit(cache=True, inline="always")
def _message_delivered(mo, m, t, ctr):
    """Message m's last packet arrived at cycle t: release the messages that waited for it."""
    mo.done[m] = t
    ctr[K_MSG_DONE] += 1
    for k in range(mo.dptr[m], mo.dptr[m + 1]):
        d = mo.didx[k]
        mo.wait[d] -= 1
        if mo.wait[d] == 0:
            mo.ready[d] = t + mo.delay[d]
            _rq_push(mo, mo.src[d], d)


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
def _pick_dst(e, tmode, NE, tptr, tdst, hot, hot_ppm, uself, rs):
    if tmode == 1:
        lo = tptr[e]
        return tdst[lo + below(rs, tptr[e + 1] - lo)]
    if tmode == 2 and below(rs, 1000000) < hot_ppm:
        return hot[below(rs, hot.shape[0])]
    if uself:
        return below(rs, NE)
    d = below(rs, NE - 1)
    if d >= e:
        d += 1
    return d


@njit(cache=True, inline="always")
def _rr(x, ptr, size):
    """Round-robin distance of position x from the pointer (smaller wins); 0 <= x, ptr < size."""
    d = x - ptr
    if d < 0:
        d += size
    return d


@njit(cache=True, inline="always")
def _after(x, size):
    """(x + 1) % size for 0 <= x < size, without a division."""
    return x + 1 if x + 1 < size else 0


@njit(cache=True, inline="always")
def separable_input_first(nreq, rin, rout, nin, nout, in_ptr, out_ptr, base, s_bo, s_ko, s_bi, s_ki, match):
    """One pass of BookSim's separable input-first allocator with round-robin arbiters.

    Requests ``(rin[k], rout[k])`` for k < nreq (distinct pairs, local indices < nin / nout).  Every
    requesting input's arbiter picks the requested output first at or after its pointer
    ``in_ptr[base + i]``; every output's arbiter then picks, among the inputs that picked it, the first
    at or after ``out_ptr[base + o]``.  A grant sets ``match[i] = o`` and moves both pointers one past
    the grant (``RoundRobinArbiter::UpdateState``); inputs without a grant get ``match[i] = -1``.
    ``s_bo`` and ``s_bi`` must be all -1 on entry and are left so.
    """
    for k in range(nreq):
        i = rin[k]
        o = rout[k]
        kk = _rr(o, in_ptr[base + i], nout)
        if s_bo[i] < 0 or kk < s_ko[i]:
            s_bo[i] = o
            s_ko[i] = kk
    for k in range(nreq):
        i = rin[k]
        o = rout[k]
        match[i] = -1
        if s_bo[i] == o:
            kk = _rr(i, out_ptr[base + o], nin)
            if s_bi[o] < 0 or kk < s_ki[o]:
                s_bi[o] = i
                s_ki[o] = kk
    for k in range(nreq):
        i = rin[k]
        o = rout[k]
        if s_bo[i] == o and s_bi[o] == i:
            match[i] = o
            in_ptr[base + i] = _after(o, nout)
            out_ptr[base + o] = _after(i, nin)
    for k in range(nreq):
        s_bo[rin[k]] = -1
        s_bi[rout[k]] = -1


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def islip(nreq, rin, rout, nin, nout, in_ptr, out_ptr, base, iters, g, gk, acc, ak, om, match):
    """BookSim's ``iSLIP_Sparse`` allocator: ``iters`` rounds of grant (outputs) and accept (inputs).

    Each unmatched output grants the first unmatched requesting input at or after its grant pointer
    ``out_ptr[base + o]``; each input accepts the first granting output at or after its accept pointer
    ``in_ptr[base + i]``.  Pointers move one past an accepted grant in the first round only.  Requests and
    ``match`` as in :func:`separable_input_first`; scratch ``g``, ``acc``, ``om`` are -1 on entry and exit.
    """
    for k in range(nreq):
        match[rin[k]] = -1
    for it in range(iters):
        for k in range(nreq):
            i = rin[k]
            o = rout[k]
            if om[o] >= 0 or match[i] >= 0:
                continue
            kk = _rr(i, out_ptr[base + o], nin)
            if g[o] < 0 or kk < gk[o]:
                g[o] = i
                gk[o] = kk
        for k in range(nreq):
            i = rin[k]
            o = rout[k]
            if g[o] != i:
                continue
            kk = _rr(o, in_ptr[base + i], nout)
            if acc[i] < 0 or kk < ak[i]:
                acc[i] = o
                ak[i] = kk
        for k in range(nreq):
            i = rin[k]
            o = rout[k]
            if acc[i] == o and g[o] == i:
                match[i] = o
                om[o] = i
                if it == 0:
                    out_ptr[base + o] = _after(i, nin)
                    in_ptr[base + i] = _after(o, nout)
        for k in range(nreq):
            g[rout[k]] = -1
            acc[rin[k]] = -1
    for k in range(nreq):
        om[rout[k]] = -1


# Shared input buffers (BookSim2's SharedBufferPolicy, src/buffer_state.cpp, one private buffer per VC): the sender
# of a channel keeps, per downstream VC, its occupancy ``occ`` (flits sent, credits not yet back: the model's OV_OCC
# / occ_n) and its reserved slots ``res``, and per port the pool occupancy ``shr``.  A VC's private-buffer count is
# ``occ + res`` (BookSim's _private_buf_occupancy); its flits beyond ``pb`` are the pool's, so ``shr`` is the sum
# over the port's VCs of max(occ + res - pb, 0).  A credit that empties a VC still held by a packet (its tail not
# yet sent) keeps the slot reserved for that packet instead of freeing it (FreeSlotFor); the tail frees them.


@njit(cache=True, inline="always")
def _sh_full(occ, res, shr, pb, sb):
    """BookSim's ``SharedBufferPolicy::IsFullFor``: no reserved slot, private slots used, pool full."""
    return res == 0 and occ >= pb and shr >= sb


@njit(cache=True, inline="always")
def _sh_send(occ, ores, oshr, i, port, pb, tail):
    """``SharedBufferPolicy::SendingFlit`` for VC record ``i`` of ``port``; ``occ`` is the occupancy after the flit
    was counted.  A reserved slot takes the flit if there is one, else the private count grows and spills into the
    pool past ``pb``; a tail frees the packet's remaining reserved slots."""
    if ores[i] > 0:
        ores[i] -= 1
    elif occ > pb:
        oshr[port] += 1
    if tail:
        while ores[i] > 0:
            ores[i] -= 1
            if occ + ores[i] >= pb:
                oshr[port] -= 1


@njit(cache=True, inline="always")
def _sh_credit(occ, held, ores, oshr, i, port, pb):
    """``SharedBufferPolicy::FreeSlotFor`` for VC record ``i`` of ``port``; ``occ`` is the occupancy after the
    credit was counted, ``held`` whether a packet holds the VC (BookSim's ``!IsAvailableFor``)."""
    if held and occ == 0:
        ores[i] += 1
    elif occ + ores[i] >= pb:
        oshr[port] -= 1


@njit(cache=True, inline="always")
def _mark_arrival(pm_in, slot_sink, rptr, d, s, PW):
    """Set the bit of router slot ``d`` (``d < ISL``) in its router's arrival mask of ring slot ``s``."""
    r = slot_sink[d]
    _set_bit(pm_in, (r * W + s) * PW, d - rptr[r], True)


@njit(cache=True, inline="always")
def _sent(d, s, PW, ISL, track, pm_in, inbound, slot_sink, rptr):
    """A flit or credit was written into the channel of slot ``d`` for ring slot ``s``: mark it for the router that
    reads it (an endpoint's slot ``>= ISL`` is read without a mask) and, under ``track``, count it in flight."""
    if d < ISL:
        _mark_arrival(pm_in, slot_sink, rptr, d, s, PW)
    if track:
        inbound[slot_sink[d]] += 1


@njit(cache=True, inline="always")
def _ring_pop(prt, x, head, count, mask):
    """Drop the head of the ring of port ``x`` whose head and count are the fields ``head`` and ``count`` of
    ``prt``; an emptied ring restarts at its first entry (it stays in cache)."""
    prt[x, head] = (prt[x, head] + 1) & mask
    prt[x, count] -= 1
    if prt[x, count] == 0:
        prt[x, head] = 0


@njit(cache=True, inline="always")
def _set_bit(mask, k, j, on):
    """Set (``on``) or clear bit ``j`` of the port mask whose first word is ``mask[k]``."""
    b = np.int64(1) << (j & 63)
    if on:
        mask[k + (j >> 6)] |= b
    else:
        mask[k + (j >> 6)] &= ~b


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def _port_masks(n, PW, rptr, lmask, prt, ch, pm_in, pm_list, pm_pc, pm_out):
    """Derive the port masks (:class:`Router` ``pm_*``) from the state they summarise."""
    for k in range(pm_in.shape[0]):
        pm_in[k] = 0
    for k in range(pm_list.shape[0]):
        pm_list[k] = 0
        pm_pc[k] = 0
        pm_out[k] = 0
    for r in range(n):
        lo = rptr[r]
        for j in range(rptr[r + 1] - lo):
            c = lo + j
            _set_bit(pm_list, r * PW, j, lmask[c] != 0)
            _set_bit(pm_pc, r * PW, j, prt[c, PT_PCN] > 0)
            _set_bit(pm_out, r * PW, j, prt[c, PT_OQN] > 0 or prt[c, PT_CQN] > 0)
            for s in range(W):
                _set_bit(pm_in, (r * W + s) * PW, j, ch[c * W + s, 0] >= 0 or ch[c * W + s, 2] >= 0)


@njit(cache=True, inline="always")
def _route(r, dst_router, dst_ep, p, ep_local, indptr, indices, dist, nh, route_mode, rs):
    """Local output port at router r for a packet to endpoint dst_ep."""
    if dst_router == r:
        return ep_local[dst_ep]
    lo = indptr[r]
    if route_mode == ROUTE_TABLE:
        return p + nh[r, dst_router]
    # router distances are symmetric (the router graph is undirected): read the destination's row, one
    # contiguous row, rather than a column entry per neighbour
    row = dist[dst_router]
    d = row[r]
    cnt = 0
    pick = -1
    for k in range(indptr[r + 1] - lo):
        w = indices[lo + k]
        if row[w] + 1 == d:
            cnt += 1
            if below(rs, cnt) == 0:
                pick = k
    return p + pick


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def _route_shared(r, pk, hops, dep, p, ep_router, ep_local, indptr, sh, hop_fn):
    """Local output port at router r from a shared routing, or its negative error code.

    ``hops``: links the packet has crossed, its hop class for the next VC (``vc_next``).  An adaptive routing
    reads ``sh.ports.used``, which :func:`run_kernel` keeps equal to the sum of ``OV_OCC`` over each arc's
    output VCs at every moment (set at its start, then moved with every flit sent and credit received)."""
    lo = indptr[r]
    a = hop_fn(np.int64(pk), np.int64(r), np.int64(ep_router[dep]), np.int64(hops), np.int64(1), sh.tabs, sh.rnet,
               sh.pkr, sh.ports, sh.scratch)
    if a == EJECT:
        return ep_local[dep]
    if a < 0:
        return a
    return p + (a - lo)


@njit(cache=True, inline="always")
def _phase_class(mode, two_phase, prev, hops, route_state, arc, arc_glob, rgroup, r, dst_r):
    """The VC class of a head's next hop under a phase VC selection (``options.PHASE_SELECTIONS``), set where
    the head is routed at router ``r`` (``route_state``: the routing's state after that decision; ``arc``: the
    output's arc, -1 for ejection; ``prev``: the class of the packet's previous hop, 0 at its source).

    ``mode`` 1 (``"phase"``): 0 on the way to the intermediate router, ``two_phase`` after it.  ``mode`` 2
    (``"dragonfly"``, BookSim2's ``min_dragonflynew`` / ``ugal_dragonflynew``, ``f->ph``): the same, plus one from
    the second phase's global link on (the "optical dateline"), and for a two-phase routing whose source and
    destination share a group, that class (2) from the source on."""
    if two_phase != 0 and route_state >= 0:
        return 0
    top = two_phase + 1  # the class after the dateline
    if mode == 1:
        return two_phase
    if prev == top:
        return top
    if arc >= 0 and arc_glob[arc] != 0:
        return top
    if two_phase != 0 and hops == 0 and rgroup[r] == rgroup[dst_r]:
        return top
    return two_phase


@njit(cache=True, _nrt=False, nogil=True)  # no reference counting: see ideal.state; nogil: see sim.driver
def _run_kernel(cfg, net, st, nd, stats, rs, sh, mo, hop_fn, setup_fn):
    """Simulate from ``ctr[K_NOW]`` to the end of the run; returns a RUN_* status.  ``hop_fn`` / ``setup_fn``:
    the shared routing's entries (:func:`run_kernel`)."""
    n = cfg[C_N]
    NE = cfg[C_NE]
    V = cfg[C_V]
    CAP = cfg[C_CAP]
    P = cfg[C_P]
    RD, VD, SD, XD, CD = cfg[C_RD], cfg[C_VD], cfg[C_SD], cfg[C_XD], cfg[C_CD]
    warm, wend, tend = cfg[C_WARM], cfg[C_WEND], cfg[C_TEND]
    any_mode = cfg[C_ANY]
    vcs_mode = cfg[C_VCS]
    two_phase = cfg[C_TWOPHASE]
    route_mode = cfg[C_ROUTE]
    QCAP = cfg[C_QCAP]
    XQ = cfg[C_XQ]
    PCN = cfg[C_PCN]
    LH = cfg[C_LH]
    OQ = cfg[C_OQ]  # ring sizes are powers of two (masks, no divisions)
    OM = OQ - 1
    BCAP = cfg[C_BCAP]
    BM = BCAP - 1
    XM = XQ - 1
    PM = PCN - 1
    SH = cfg[C_SH]  # flit = packet << SH | index
    FM = (1 << SH) - 1
    ctr = stats.ctr
    messages = cfg[C_TMODE] == TMODE_MESSAGES
    # count what is in flight towards each router and endpoint, so one with nothing arriving (and, an endpoint,
    # nothing to send) is skipped.  Only message programs gain from it (mostly idle cycles between few busy
    # routers); under steady random traffic everything receives every cycle and the bookkeeping alone costs a
    # few per cent.
    track = messages
    n_msgs = mo.src.shape[0]
    (
        rptr,
        o2i,
        i2o,
        slot_sink,
        eslot,
        out_arc,
        ep_router,
        ep_local,
        indptr,
        indices,
        dist,
        nh,
        tptr,
        tdst,
        hot,
        logq,
        arc_glob,
        rgroup,
    ) = (
        net.rptr,
        net.o2i,
        net.i2o,
        net.slot_sink,
        net.eslot,
        net.out_arc,
        net.ep_router,
        net.ep_local,
        net.indptr,
        net.indices,
        net.dist,
        net.nh,
        net.tptr,
        net.tdst,
        net.hot,
        net.logq,
        net.arc_glob,
        net.rgroup,
    )
    (
        buf,
        ivr,
        ovr,
        prt,
        lmask,
        oq,
        xb,
        pc,
        ch,
        lbusy,
        xh,
        xn,
        cqv,
        va_in_ptr,
        va_out_ptr,
        sw_in_ptr,
        sw_out_ptr,
        rcount,
        inbound,
        o_vc,
        o_key,
        o_stamp,
        va_in,
        va_out,
        sw_in,
        sw_out,
        sw_vc,
        a_bo,
        a_ko,
        a_bi,
        a_ki,
        a_match,
        a_om,
        ores,
        oshr,
        pm_in,
        pm_list,
        pm_pc,
        pm_out,
    ) = (
        st.buf,
        st.ivr,
        st.ovr,
        st.prt,
        st.lmask,
        st.oq,
        st.xb,
        st.pc,
        st.ch,
        st.lbusy,
        st.xh,
        st.xn,
        st.cqv,
        st.va_in_ptr,
        st.va_out_ptr,
        st.sw_in_ptr,
        st.sw_out_ptr,
        st.rcount,
        st.inbound,
        st.o_vc,
        st.o_key,
        st.o_stamp,
        st.va_in,
        st.va_out,
        st.sw_in,
        st.sw_out,
        st.sw_vc,
        st.a_bo,
        st.a_ko,
        st.a_bi,
        st.a_ki,
        st.a_match,
        st.a_om,
        st.ores,
        st.oshr,
        st.pm_in,
        st.pm_list,
        st.pm_pc,
        st.pm_out,
    )
    (
        own_n,
        occ_n,
        last_vc,
        cur_pkt,
        cur_k,
        cur_v,
        sq_time,
        sq_dst,
        sq_head,
        sq_cnt,
        next_gen,
        p_src,
        p_dst,
        p_ctime,
        p_itime,
        p_meas,
        p_hops,
        free_stack,
        nfree,
        res_n,
        shr_n,
        p_vcl,
    ) = (
        nd.own_n,
        nd.occ_n,
        nd.last_vc,
        nd.cur_pkt,
        nd.cur_k,
        nd.cur_v,
        nd.sq_time,
        nd.sq_dst,
        nd.sq_head,
        nd.sq_cnt,
        nd.next_gen,
        nd.p_src,
        nd.p_dst,
        nd.p_ctime,
        nd.p_itime,
        nd.p_meas,
        nd.p_hops,
        nd.free_stack,
        nd.nfree,
        nd.res_n,
        nd.shr_n,
        nd.p_vcl,
    )
    (
        src_acc,
        arc_flits,
        hop_hist,
        lat_hist,
    ) = (
        stats.src_acc,
        stats.arc_flits,
        stats.hop_hist,
        stats.lat_hist,
    )
    ISL = cfg[C_ISL]
    shbuf = cfg[C_SHBUF] != 0
    PB = cfg[C_PB]
    SB = cfg[C_SB]
    # an adaptive shared routing reads each arc's flits sent and not yet credited (``used``, all VCs): kept up to
    # date with every change of an output VC's OV_OCC below rather than summed over the router's VCs at every
    # decision (work per flit, not per VC); set here from the state, so a resumed or restored run starts right
    keep_used = route_mode == ROUTE_SHARED and cfg[C_ADAPTIVE] != 0
    used = sh.ports.used
    if keep_used:
        for oc in range(ISL):
            a = out_arc[oc]
            if a >= 0:
                u = 0
                for v in range(V):
                    u += ovr[oc * V + v, OV_OCC]
                used[a] = u
    PW = cfg[C_PW]
    prefetching = cfg[C_PREFETCH] != 0
    _port_masks(n, PW, rptr, lmask, prt, ch, pm_in, pm_list, pm_pc, pm_out)
    t = ctr[K_NOW]
    while True:
        if messages:
            if ctr[K_MSG_DONE] == n_msgs:
                break
        elif t >= wend and ctr[K_MEAS_DONE] == ctr[K_MEAS]:
            break
        if t >= tend:
            break
        s0 = t % W
        s2 = (t + 2) % W
        # grow the source queues between cycles (one packet per endpoint per cycle at most; a message program
        # never generates, so its source queues stay empty)
        for e in range(0 if messages else NE):
            if sq_cnt[e] >= QCAP - 1:
                ctr[K_NOW] = t
                return RUN_GROW
        # ------------------------------------------------------------ endpoints
        for e in range(NE):
            # a message program's endpoint never generates: it works only to receive or to send
            if track and inbound[n + e] == 0 and cur_pkt[e] < 0 and mo.rq_cnt[e] == 0:
                continue
            c = ISL + e
            f = ch[c * W + s0, 0]
            if f >= 0:
                ch[c * W + s0, 0] = -1
                if track:
                    inbound[n + e] -= 1
                v = ch[c * W + s0, 1]
                ch[eslot[e] * W + s2, 2] = v  # credit straight back
                _mark_arrival(pm_in, slot_sink, rptr, eslot[e], s2, PW)
                if track:
                    inbound[ep_router[e]] += 1
                ctr[K_LAST_MOVE] = t
                pk = f >> SH
                ctr[K_ACC_ALL] += 1
                if warm <= t < wend:
                    ctr[K_ACC_WIN_FLITS] += 1
                    src_acc[p_src[pk]] += 1
                if (f & FM) == P - 1:
                    ctr[K_EJ] += 1
                    ctr[K_LIVE] -= 1
                    ctr[K_RET_ALL] += 1
                    ctr[K_RET_LAT_ALL] += t - p_ctime[pk]
                    if p_meas[pk]:
                        lat = t - p_ctime[pk]
                        ctr[K_MEAS_DONE] += 1
                        ctr[K_LAT_SUM] += lat
                        ctr[K_NETLAT_SUM] += t - p_itime[pk]
                        ctr[K_HOP_SUM] += p_hops[pk]
                        ctr[K_LAT_MAX] = max(ctr[K_LAT_MAX], lat)
                        lat_hist[min(lat, LH - 1)] += 1
                        hop_hist[min(p_hops[pk], hop_hist.shape[0] - 1)] += 1
                    if messages:
                        m = mo.p_msg[pk]
                        mo.left[m] -= 1
                        if mo.left[m] == 0:
                            _message_delivered(mo, m, t, ctr)
                    free_stack[nfree[0]] = pk
                    nfree[0] += 1
            c = ISL + e
            v = ch[c * W + s0, 2]
            if v >= 0:
                ch[c * W + s0, 2] = -1
                if track:
                    inbound[n + e] -= 1
                occ_n[e * V + v] -= 1
                if shbuf:
                    _sh_credit(occ_n[e * V + v], own_n[e * V + v] != 0, res_n, shr_n, e * V + v, e, PB)
            # generation into the unbounded source queue
            if next_gen[e] <= t:
                next_gen[e] = t + _gap(logq[e], rs)
                d = _pick_dst(e, cfg[C_TMODE], NE, tptr, tdst, hot, cfg[C_HOT_PPM], cfg[C_USELF], rs)
                q = e * QCAP + (sq_head[e] + sq_cnt[e]) % QCAP
                sq_time[q] = t
                sq_dst[q] = d
                sq_cnt[e] += 1
                ctr[K_GEN] += 1
                if warm <= t < wend:
                    ctr[K_GEN_WIN_FLITS] += P
                    ctr[K_MEAS] += 1
            # injection: one flit per cycle
            mm = -1
            if messages and cur_pkt[e] < 0 and mo.rq_cnt[e] > 0:
                mm = _rq_ready(mo, e, t)
            if cur_pkt[e] < 0 and (sq_cnt[e] > 0 or mm >= 0):
                sel = -1
                if any_mode or vcs_mode != 0:  # phase VC classes: any free injection VC (BookSim draws one)
                    lv = last_vc[e]
                    for i in range(1, V + 1):
                        v = (lv + i) % V
                        if own_n[e * V + v] == 0 and (
                                not _sh_full(occ_n[e * V + v], res_n[e * V + v], shr_n[e], PB, SB) if shbuf
                                else occ_n[e * V + v] < CAP):
                            sel = v
                            break
                elif own_n[e * V] == 0 and (not _sh_full(occ_n[e * V], res_n[e * V], shr_n[e], PB, SB) if shbuf
                                            else occ_n[e * V] < CAP):
                    sel = 0
                if sel >= 0:
                    if mm >= 0:  # a packet of a ready message: created now, measured from the message's release
                        dq = mo.dst[mm]
                        tq = mo.ready[mm]
                    else:
                        q = e * QCAP + sq_head[e]
                        dq = sq_dst[q]
                        tq = sq_time[q]
                    nfree[0] -= 1
                    pk = free_stack[nfree[0]]
                    p_src[pk] = e
                    p_dst[pk] = dq
                    p_ctime[pk] = tq
                    p_itime[pk] = t
                    p_hops[pk] = 0
                    p_vcl[pk] = 0
                    if route_mode == ROUTE_SHARED:
                        set_up_route(setup_fn, pk, ep_router[e], ep_router[dq], sh.tabs, sh.pkr.route_state, rs)
                    if mm >= 0:
                        mo.p_msg[pk] = mm
                        _rq_sent(mo, e)
                        p_meas[pk] = 1
                        ctr[K_GEN] += 1
                        ctr[K_MEAS] += 1
                        ctr[K_GEN_WIN_FLITS] += P
                    else:
                        p_meas[pk] = 1 if warm <= tq < wend else 0
                        sq_head[e] = (sq_head[e] + 1) % QCAP
                        sq_cnt[e] -= 1
                    cur_pkt[e] = pk
                    cur_k[e] = 0
                    cur_v[e] = sel
                    own_n[e * V + sel] = 1
                    last_vc[e] = sel
                    ctr[K_INJ] += 1
                    ctr[K_LIVE] += 1
            if cur_pkt[e] >= 0:
                v = cur_v[e]
                if (not _sh_full(occ_n[e * V + v], res_n[e * V + v], shr_n[e], PB, SB) if shbuf
                        else occ_n[e * V + v] < CAP):
                    k = cur_k[e]
                    c = eslot[e]
                    ch[c * W + s2, 0] = (cur_pkt[e] << SH) + k
                    _mark_arrival(pm_in, slot_sink, rptr, c, s2, PW)
                    if track:
                        inbound[ep_router[e]] += 1
                    ch[c * W + s2, 1] = v
                    occ_n[e * V + v] += 1
                    if shbuf:
                        _sh_send(occ_n[e * V + v], res_n, shr_n, e * V + v, e, PB, k == P - 1)
                    ctr[K_LAST_MOVE] = t
                    if k == P - 1:
                        own_n[e * V + v] = 0
                        cur_pkt[e] = -1
                    else:
                        cur_k[e] = k + 1
        # ------------------------------------------------------------ routers
        part = ctr[K_PARTIAL_PPM] + cfg[C_SPEED_PPM]
        nsteps = part // 1000000
        ctr[K_PARTIAL_PPM] = part - nsteps * 1000000
        step0 = ctr[K_STEP]
        ctr[K_STEP] = step0 + nsteps
        for r in range(n):
            lo = rptr[r]
            R = rptr[r + 1] - lo
            p = R - (indptr[r + 1] - indptr[r])
            # the state of the next routers is brought into cache while this one works (no value changes), in
            # stages so that each load a prefetch needs was itself prefetched a router earlier: router r + 3's
            # channel entries, port records, listed-VC masks and output-queue heads; router r + 2's records of
            # the input VCs that receive a flit or are listed, and its received credits; router r + 1's buffer
            # lines of those VCs (the flit that arrives, the flit at the head)
            if prefetching and r + 3 < n:
                r3 = r + 3
                for w in range(PW):
                    am = pm_in[(r3 * W + s0) * PW + w] | pm_pc[r3 * PW + w] | pm_list[r3 * PW + w] | pm_out[r3 * PW + w]
                    while am != 0:
                        c = rptr[r3] + w * 64 + lowest_bit(am)
                        am &= am - 1
                        prefetch(ch, c * W + s0)
                        prefetch(prt, c)
                        prefetch(oq, c * OQ)
                        prefetch(cqv, c * OQ)
                        prefetch(lmask, c)
                        prefetch(va_in_ptr, c * V)
                        prefetch(va_out_ptr, c * V)
                        prefetch(sw_in_ptr, c)
                        prefetch(sw_out_ptr, c)
            if prefetching and r + 2 < n:
                r2 = r + 2
                for w in range(PW):
                    am = pm_in[(r2 * W + s0) * PW + w] | pm_pc[r2 * PW + w] | pm_list[r2 * PW + w] | pm_out[r2 * PW + w]
                    while am != 0:
                        c = rptr[r2] + w * 64 + lowest_bit(am)
                        am &= am - 1
                        if ch[c * W + s0, 0] >= 0:
                            prefetch(ivr, c * V + ch[c * W + s0, 1])
                        m = lmask[c]
                        while m != 0:
                            prefetch(ivr, c * V + lowest_bit(m))
                            m &= m - 1
                        if prt[c, PT_PCN] > 0 or ch[c * W + s0, 2] >= 0:
                            prefetch(pc, c * PCN + prt[c, PT_PCH])
                            prefetch(ovr, c * V)
            if prefetching and r + 1 < n:
                r1 = r + 1
                for w in range(PW):
                    am = pm_in[(r1 * W + s0) * PW + w] | pm_list[r1 * PW + w]
                    while am != 0:
                        c = rptr[r1] + w * 64 + lowest_bit(am)
                        am &= am - 1
                        if ch[c * W + s0, 0] >= 0:
                            iv = c * V + ch[c * W + s0, 1]
                            prefetch(buf, iv * BCAP + ((ivr[iv, IV_BH] + ivr[iv, IV_BN]) & BM))
                        m = lmask[c]
                        while m != 0:
                            iv = c * V + lowest_bit(m)
                            m &= m - 1
                            prefetch(buf, iv * BCAP + ivr[iv, IV_BH])
            # ReadInputs, input queuing and the credits due, fused into one pass over the ports (nothing arrives
            # while nothing is tracked in flight towards r; a router with no work item left is skipped).  The
            # input queuing of an arrived flit belongs to the cycle's first internal step (``step0``: speedup
            # >= 1 makes every cycle have one); credits arrive only here and fall due by the cycle, not the step.
            if track and inbound[r] == 0 and rcount[r] == 0:
                continue
            # only the ports a flit or credit arrives on, or with received credits waiting, in ascending order
            kin = (r * W + s0) * PW
            kr = r * PW
            for w in range(PW):
                m = pm_in[kin + w] | pm_pc[kr + w]
                pm_in[kin + w] = 0
                while m != 0:
                    j = w * 64 + lowest_bit(m)
                    m &= m - 1
                    c = lo + j
                    f = ch[c * W + s0, 0]
                    if f >= 0:
                        ch[c * W + s0, 0] = -1
                        if track:
                            inbound[r] -= 1
                        v = ch[c * W + s0, 1]
                        iv = c * V + v
                        buf[iv * BCAP + ((ivr[iv, IV_BH] + ivr[iv, IV_BN]) & BM)] = f
                        ivr[iv, IV_BN] += 1
                        rcount[r] += 1
                        if ivr[iv, IV_VST] == 0:
                            ivr[iv, IV_VST] = 1
                            lmask[c] |= np.int64(1) << v
                            _set_bit(pm_list, kr, j, True)
                            ivr[iv, IV_LST] = 1
                            ivr[iv, IV_LES] = step0
                            ivr[iv, IV_LDU] = -1
                        elif ivr[iv, IV_VST] == 3 and ivr[iv, IV_BN] == 1:
                            lmask[c] |= np.int64(1) << v
                            _set_bit(pm_list, kr, j, True)
                            ivr[iv, IV_LST] = 3
                            ivr[iv, IV_LES] = step0
                            ivr[iv, IV_LDU] = -1
                    v = ch[c * W + s0, 2]
                    if v >= 0:
                        ch[c * W + s0, 2] = -1
                        if track:
                            inbound[r] -= 1
                        k = (prt[c, PT_PCH] + prt[c, PT_PCN]) & PM
                        pc[c * PCN + k, 0] = v
                        pc[c * PCN + k, 1] = t + CD
                        if prt[c, PT_PCN] == 0:
                            prt[c, PT_PCDUE] = t + CD
                        prt[c, PT_PCN] += 1
                        rcount[r] += 1
                    while prt[c, PT_PCN] > 0 and prt[c, PT_PCDUE] <= t:
                        h = prt[c, PT_PCH]
                        i = c * V + pc[c * PCN + h, 0]
                        ovr[i, OV_OCC] -= 1
                        if keep_used and out_arc[c] >= 0:
                            used[out_arc[c]] -= 1
                        if shbuf:
                            _sh_credit(ovr[i, OV_OCC], ovr[i, OV_OWN] >= 0, ores, oshr, i, c, PB)
                        h = (h + 1) & PM
                        prt[c, PT_PCH] = h
                        prt[c, PT_PCN] -= 1
                        if prt[c, PT_PCN] > 0:
                            prt[c, PT_PCDUE] = pc[c * PCN + h, 1]
                        else:
                            prt[c, PT_PCH] = 0  # an empty ring restarts at its first entry (stays in cache)
                        rcount[r] -= 1
                    _set_bit(pm_pc, kr, j, prt[c, PT_PCN] > 0)
            if rcount[r] == 0:
                continue
            for s in range(nsteps):
                cur = step0 + s
                # ---- evaluate: route, VC allocation requests, switch allocation requests
                nva = 0
                nsw = 0
                RV = R * V
                # BookSim evaluates a stage's router-wide list only when none of its entries is pending
                # (evaluated, waiting out a delay > 1); with delay 1 nothing is ever pending here
                busy_rt = lbusy[r * 4] >= 0
                busy_va = lbusy[r * 4 + 1] >= 0
                busy_sa = lbusy[r * 4 + 2] >= 0
                for w in range(PW):  # the ports with a VC in a pipeline list, in ascending order
                    pmw = pm_list[kr + w]
                    while pmw != 0:
                        j = w * 64 + lowest_bit(pmw)
                        pmw &= pmw - 1
                        cin = lo + j
                        m = lmask[cin]
                        k0 = nsw
                        # the requests of this (step, router, input port) are told apart from older ones by a
                        # stamp no earlier evaluation used (``cur`` only grows; j < MAX_PORTS), so the scratch o_* is
                        # indexed by the local output port and stays in the first cache lines
                        stamp = (cur * n + r) * MAX_PORTS + j
                        for v in range(V):
                            if (m >> v) & 1 == 0:
                                continue
                            iv = cin * V + v
                            ls = ivr[iv, IV_LST]
                            if ls == 0 or ivr[iv, IV_LDU] >= 0 or ivr[iv, IV_LES] > cur:
                                continue
                            if ls == 1:
                                if busy_rt:
                                    continue
                                ivr[iv, IV_LDU] = t + RD - 1
                                lbusy[r * 4] = t + RD - 1
                            elif ls == 2:
                                if busy_va:
                                    continue
                                ivr[iv, IV_LDU] = t + VD - 1
                                lbusy[r * 4 + 1] = t + VD - 1
                                ivr[iv, IV_LRES] = -1
                                o = ivr[iv, IV_ROUTE]
                                if any_mode:
                                    v0, v1 = 0, V
                                else:
                                    pk = buf[iv * BCAP + ivr[iv, IV_BH]] >> SH
                                    hv = p_hops[pk] if vcs_mode == 0 else p_vcl[pk]
                                    if o < p:
                                        hv = min(hv, V - 1)
                                    v0, v1 = hv, hv + 1
                                for ovv in range(v0, v1):
                                    if ovr[(lo + o) * V + ovv, OV_OWN] < 0:  # request every free output VC
                                        va_in[nva] = j * V + v
                                        va_out[nva] = o * V + ovv
                                        nva += 1
                            else:
                                if busy_sa:
                                    continue
                                ivr[iv, IV_LDU] = t + SD - 1
                                lbusy[r * 4 + 2] = t + SD - 1
                                ivr[iv, IV_LRES] = -1
                                ov = ivr[iv, IV_OUTV]
                                if shbuf:
                                    if _sh_full(ovr[ov, OV_OCC], ores[ov], oshr[ov // V], PB, SB):
                                        continue
                                elif ovr[ov, OV_OCC] >= CAP:
                                    continue  # no credit: no switch request
                                # one request per (input port, output port): the VC first after sw_off
                                o = ivr[iv, IV_ROUTE]
                                kk = _rr(v, prt[cin, PT_SWOFF], V)
                                if o_stamp[o] != stamp:
                                    o_stamp[o] = stamp
                                    o_vc[o] = v
                                    o_key[o] = kk
                                    sw_in[nsw] = j
                                    sw_out[nsw] = o
                                    nsw += 1
                                elif kk < o_key[o]:
                                    o_vc[o] = v
                                    o_key[o] = kk
                        for k in range(k0, nsw):
                            sw_vc[k] = o_vc[sw_out[k]]
                # ---- VC allocator: (input port x VC) -> (output port x VC)
                if nva > 0:
                    if cfg[C_VALLOC] == 0:
                        separable_input_first(
                            nva, va_in, va_out, RV, RV, va_in_ptr, va_out_ptr, lo * V, a_bo, a_ko, a_bi, a_ki, a_match
                        )
                    else:
                        islip(
                            nva,
                            va_in,
                            va_out,
                            RV,
                            RV,
                            va_in_ptr,
                            va_out_ptr,
                            lo * V,
                            cfg[C_ITERS],
                            a_bo,
                            a_ko,
                            a_bi,
                            a_ki,
                            a_om,
                            a_match,
                        )
                    for k in range(nva):
                        if a_match[va_in[k]] == va_out[k]:
                            ivr[lo * V + va_in[k], IV_LRES] = lo * V + va_out[k]
                # ---- switch allocator: input port -> output port
                if nsw > 0:
                    if cfg[C_SALLOC] == 0:
                        separable_input_first(
                            nsw, sw_in, sw_out, R, R, sw_in_ptr, sw_out_ptr, lo, a_bo, a_ko, a_bi, a_ki, a_match
                        )
                    else:
                        islip(
                            nsw,
                            sw_in,
                            sw_out,
                            R,
                            R,
                            sw_in_ptr,
                            sw_out_ptr,
                            lo,
                            cfg[C_ITERS],
                            a_bo,
                            a_ko,
                            a_bi,
                            a_ki,
                            a_om,
                            a_match,
                        )
                    for k in range(nsw):
                        j = sw_in[k]
                        if a_match[j] == sw_out[k]:
                            v = sw_vc[k]
                            ivr[(lo + j) * V + v, IV_LRES] = 1
                            prt[lo + j, PT_SWOFF] = _after(v, V)
                # ---- updates
                for w in range(PW):
                    pmw = pm_list[kr + w]
                    while pmw != 0:
                        j = w * 64 + lowest_bit(pmw)
                        pmw &= pmw - 1
                        cin = lo + j
                        m = lmask[cin]
                        for v in range(V):
                            if (m >> v) & 1 == 0:
                                continue
                            iv = cin * V + v
                            ls = ivr[iv, IV_LST]
                            if ls == 0 or ivr[iv, IV_LDU] < 0 or ivr[iv, IV_LDU] > t:
                                continue
                            if ls == 1:
                                f = buf[iv * BCAP + ivr[iv, IV_BH]]
                                pk = f >> SH
                                dep = p_dst[pk]
                                if route_mode == ROUTE_SHARED:
                                    port = _route_shared(r, pk, p_hops[pk], dep, p, ep_router, ep_local, indptr, sh,
                                                         hop_fn)
                                    if port < 0:
                                        ctr[K_NOW] = t
                                        ctr[K_ERR] = port
                                        ctr[K_ERR_A] = r
                                        ctr[K_ERR_B] = dep
                                        return RUN_ROUTE_ERROR
                                    ivr[iv, IV_ROUTE] = port
                                else:
                                    ivr[iv, IV_ROUTE] = _route(
                                        r, ep_router[dep], dep, p, ep_local, indptr, indices, dist, nh, route_mode, rs
                                    )
                                if vcs_mode != 0:
                                    p_vcl[pk] = _phase_class(vcs_mode, two_phase, p_vcl[pk], p_hops[pk],
                                                             sh.pkr.route_state[pk], out_arc[lo + ivr[iv, IV_ROUTE]],
                                                             arc_glob, rgroup, r, ep_router[dep])
                                ivr[iv, IV_VST] = 2
                                ivr[iv, IV_LST] = 2
                                ivr[iv, IV_LES] = cur + 1
                                ivr[iv, IV_LDU] = -1
                            elif ls == 2:
                                ov = ivr[iv, IV_LRES]
                                if ov >= 0 and (VD <= 1 or ovr[ov, OV_OWN] < 0):
                                    ovr[ov, OV_OWN] = iv
                                    ivr[iv, IV_OUTV] = ov
                                    ivr[iv, IV_VST] = 3
                                    ivr[iv, IV_LST] = 3
                                ivr[iv, IV_LES] = cur + 1
                                ivr[iv, IV_LDU] = -1
                            else:
                                ov = ivr[iv, IV_OUTV]
                                if ivr[iv, IV_LRES] == 1 and (SD <= 1 or (
                                        not _sh_full(ovr[ov, OV_OCC], ores[ov], oshr[ov // V], PB, SB) if shbuf
                                        else ovr[ov, OV_OCC] < CAP)):
                                    f = buf[iv * BCAP + ivr[iv, IV_BH]]
                                    ivr[iv, IV_BH] = (ivr[iv, IV_BH] + 1) & BM
                                    ivr[iv, IV_BN] -= 1
                                    ovr[ov, OV_OCC] += 1
                                    oc = ov // V
                                    if keep_used and out_arc[oc] >= 0:
                                        used[out_arc[oc]] += 1
                                    tail = (f & FM) == P - 1
                                    if shbuf:
                                        _sh_send(ovr[ov, OV_OCC], ores, oshr, ov, ov // V, PB, tail)
                                    if tail:
                                        ovr[ov, OV_OWN] = -1
                                    k = r * XQ + ((xh[r] + xn[r]) & XM)  # router-wide crossbar FIFO
                                    xb[k, 0] = f
                                    xb[k, 1] = ov % V
                                    xb[k, 2] = oc
                                    xb[k, 3] = cur + 1
                                    xb[k, 4] = -1
                                    xn[r] += 1
                                    # credit for the freed input slot (one per input port per step)
                                    k = (prt[cin, PT_CQH] + prt[cin, PT_CQN]) & OM
                                    cqv[cin * OQ + k] = v
                                    prt[cin, PT_CQN] += 1
                                    _set_bit(pm_out, kr, j, True)
                                    ctr[K_LAST_MOVE] = t
                                    rcount[r] += 1
                                    if ivr[iv, IV_BN] == 0:
                                        ivr[iv, IV_BH] = 0  # an empty ring restarts at its first entry
                                        lmask[cin] &= ~(np.int64(1) << v)
                                        ivr[iv, IV_LST] = 0
                                        if tail:
                                            ivr[iv, IV_VST] = 0
                                    elif tail:
                                        ivr[iv, IV_VST] = 1
                                        ivr[iv, IV_LST] = 1
                                    else:
                                        ivr[iv, IV_LST] = 3
                                ivr[iv, IV_LES] = cur + 1
                                ivr[iv, IV_LDU] = -1
                        if lmask[cin] == 0:
                            _set_bit(pm_list, kr, j, False)
                for l in range(3):
                    if 0 <= lbusy[r * 4 + l] <= t:
                        lbusy[r * 4 + l] = -1
                # ---- crossbar (st_prepare_delay + st_final_delay): one router-wide FIFO, as BookSim's
                # _crossbar_flits; new entries are evaluated only when no evaluated one is left
                if xn[r] > 0 and xb[r * XQ + xh[r], 4] < 0:
                    for i in range(xn[r]):
                        k = r * XQ + ((xh[r] + i) & XM)
                        if xb[k, 3] > cur:
                            break
                        xb[k, 4] = t + XD - 1
                while xn[r] > 0:
                    k = r * XQ + xh[r]
                    if xb[k, 4] < 0 or xb[k, 4] > t:
                        break
                    oc = xb[k, 2]
                    q = (prt[oc, PT_OQH] + prt[oc, PT_OQN]) & OM
                    oq[oc * OQ + q, 0] = xb[k, 0]
                    oq[oc * OQ + q, 1] = xb[k, 1]
                    prt[oc, PT_OQN] += 1
                    _set_bit(pm_out, kr, oc - lo, True)
                    xh[r] = (xh[r] + 1) & XM
                    xn[r] -= 1
                    if xn[r] == 0:
                        xh[r] = 0
            # ---- WriteOutputs: one flit per output, one credit per input (the ports with a queue, ascending)
            for w in range(PW):
                pmw = pm_out[kr + w]
                while pmw != 0:
                    j = w * 64 + lowest_bit(pmw)
                    pmw &= pmw - 1
                    oc = lo + j
                    if prt[oc, PT_OQN] > 0:
                        q = oc * OQ + prt[oc, PT_OQH]
                        f = oq[q, 0]
                        d = o2i[oc]
                        ch[d * W + s2, 0] = f
                        ch[d * W + s2, 1] = oq[q, 1]
                        _sent(d, s2, PW, ISL, track, pm_in, inbound, slot_sink, rptr)
                        _ring_pop(prt, oc, PT_OQH, PT_OQN, OM)
                        rcount[r] -= 1
                        if out_arc[oc] >= 0:
                            if (f & FM) == 0:
                                p_hops[(f >> SH)] += 1
                            if warm <= t < wend:
                                arc_flits[out_arc[oc]] += 1
                    cin = oc
                    if prt[cin, PT_CQN] > 0:
                        d = i2o[cin]
                        ch[d * W + s2, 2] = cqv[cin * OQ + prt[cin, PT_CQH]]
                        _sent(d, s2, PW, ISL, track, pm_in, inbound, slot_sink, rptr)
                        _ring_pop(prt, cin, PT_CQH, PT_CQN, OM)
                        rcount[r] -= 1
                    if prt[oc, PT_OQN] == 0 and prt[oc, PT_CQN] == 0:
                        _set_bit(pm_out, kr, j, False)
        t += 1
        ctr[K_NOW] = t
        if ctr[K_LIVE] > 0 and t - ctr[K_LAST_MOVE] > cfg[C_DEADLOCK]:
            ctr[K_ERR] = 1
            return RUN_DEADLOCK
    ctr[K_NOW] = t
    return RUN_DONE


def run_kernel(cfg, net, st, nd, stats, rs, sh, mo):
    """Simulate from ``ctr[K_NOW]`` to the end of the run; returns a RUN_* status.

    A shared routing (``cfg[C_ROUTE] == ROUTE_SHARED``) reaches the kernel as two first-class functions, its own
    next hop and per-packet set-up (:func:`lowdiam.sim.routings.dispatch.kernel_entry`), so :func:`_run_kernel`
    is compiled once for every routing and a run compiles only its own routing's two functions; each is cached on
    disk by numba like the kernel.
    """
    code = int(sh.tabs.code) if cfg[C_ROUTE] == ROUTE_SHARED else None
    args = (cfg, net, st, nd, stats, rs, sh, mo)
    entry, hop, setup = kernel_entry(_run_kernel, args, code, sh.tabs, sh.rnet, sh.pkr, sh.ports, sh.scratch)
    return entry(*args, hop, setup)
