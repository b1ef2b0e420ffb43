"""Which input VCs of a BookSim-model run can never move again: the wait-for analysis of its final state.

A run under BookSim2's run control ends ``"stuck"`` when a measured packet has been in the network longer than
``stuck_cycles`` while the drain goes on (``docs/run_control.md``, item 7), and ``"deadlock"`` when no flit moved for
``deadlock_cycles``.  Both name a symptom.  This module shows the cause, if it is a deadlock: it reruns the same run
(every run is deterministic) and reads the router state where the run ended.

A nonempty input VC is *blocked by* others when its head flit can only move once they move:

* its packet holds an output VC (state active) and that VC has no credit (``occupancy == buffer_flits``) while the
  downstream input VC it feeds is full (``buffer_flits`` flits there: no flit and no credit in transit): blocked by
  that downstream VC;
* its packet waits for an output VC (state VC allocation) and every VC it may take (any VC of its output port under
  ``vc_selection="any"``, else its one class) is held by another packet: blocked by the input VCs holding them
  (a VC is released when its holder sends its tail);
* an empty input VC whose packet holds an output VC downstream and whose remaining flits are upstream (none in
  transit) is blocked by the upstream input VC holding them.

A head at its ejection port, a head being routed, and anything with a flit or credit in transit are not blocked.
The *deadlocked* set is the largest set of input VCs each blocked by members of the set only (the greatest fixed
point, computed by removing VCs until none can be removed): none of them can ever move, whatever the allocators do.
Every member waits on another member, so following the waits from any member closes a cycle, which the report
gives as an example.

Examples
--------
>>> from lowdiam.topologies import Topology
>>> ring = Topology.from_edges("c6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)], endpoints_per_router=2)
>>> w = analyze(ring, "min-single", "uniform", 1.0, packet_flits=4, vcs=1, buffer_flits=4, seed=1,
...             run_control="booksim", router_options={"vc_selection": "any", "deadlock_cycles": 200})
>>> w["decision"], w["deadlocked_vcs"] > 0, len(w["cycle"]) >= 3
('deadlock', True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import kernel as K

__all__ = ["blocked_input_vcs", "measured_held", "wait_for_cycle", "analyze"]


def _waits(net, st, nd, cfg) -> tuple[np.ndarray, list[list[int]]]:
    """(candidates, waits): the input VCs that may be blocked and, for each input VC, the input VCs it waits on
    (an empty list: it waits on nothing that could hold it forever)."""
    V, CAP = int(cfg[K.C_V]), int(cfg[K.C_CAP])
    if int(cfg[K.C_SHBUF]):
        raise ValueError("the wait-for analysis reads private VC buffers; this run uses shared buffers")
    ISL = int(cfg[K.C_ISL])
    SH = int(cfg[K.C_SH])
    BCAP = st.buf.size // (ISL * V)
    any_vc = bool(cfg[K.C_ANY])
    vcs_mode = int(cfg[K.C_VCS])
    rptr, o2i, i2o, sink = net.rptr, net.o2i, net.i2o, net.slot_sink
    ivr, ovr = st.ivr, st.ovr
    p_of = rptr[1:] - rptr[:-1] - (net.indptr[1:] - net.indptr[:-1])  # endpoint ports per router
    waits: list[list[int]] = [[] for _ in range(ISL * V)]
    cand = np.zeros(ISL * V, bool)
    for iv in range(ISL * V):
        state, count = int(ivr[iv, K.IV_VST]), int(ivr[iv, K.IV_BN])
        slot = iv // V
        r = int(sink[slot])
        lo = int(rptr[r])
        if state == 3:
            ov = int(ivr[iv, K.IV_OUTV])
            oc = ov // V
            if count > 0:
                down = int(o2i[oc])
                if down >= ISL:  # the ejection port: endpoints always take flits
                    continue
                dv = down * V + ov % V
                if int(ovr[ov, K.OV_OCC]) >= CAP and int(ivr[dv, K.IV_BN]) >= CAP:
                    cand[iv] = True
                    waits[iv] = [dv]
            else:  # the packet's other flits are upstream
                up = int(i2o[slot])
                if up >= ISL:  # at its source endpoint, which sends while the VC has credits
                    continue
                uv = up * V + iv % V
                holder = int(ovr[uv, K.OV_OWN])
                if holder >= 0 and int(ovr[uv, K.OV_OCC]) == 0:
                    cand[iv] = True
                    waits[iv] = [holder]
        elif state == 2 and count > 0:
            o = int(ivr[iv, K.IV_ROUTE])
            oc = lo + o
            if int(o2i[oc]) >= ISL:
                continue
            if any_vc:
                vs = range(V)
            else:
                pk = int(st.buf[iv * BCAP + int(ivr[iv, K.IV_BH])]) >> SH
                hv = int(nd.p_hops[pk]) if vcs_mode == 0 else int(nd.p_vcl[pk])
                if o < int(p_of[r]):
                    hv = min(hv, V - 1)
                vs = (hv,)
            holders = [int(ovr[oc * V + v, K.OV_OWN]) for v in vs]
            if all(h >= 0 for h in holders):
                cand[iv] = True
                waits[iv] = holders
    return cand, waits


def blocked_input_vcs(net, st, nd, cfg) -> np.ndarray:
    """Boolean mask over the model's input VCs (``slot * V + v``): the deadlocked set of the state ``st`` / ``nd``
    (the module docstring's rules): every member waits only on members."""
    return _blocked(*_waits(net, st, nd, cfg))


def _blocked(cand: np.ndarray, waits: list[list[int]]) -> np.ndarray:
    """The greatest fixed point: ``cand`` less every VC that waits on a non-member, until none does."""
    inset = cand.copy()
    changed = True
    while changed:
        changed = False
        for iv in np.flatnonzero(inset):
            # an active VC waits on its one downstream VC; a VC waiting for allocation on all the holders
            if not all(inset[w] for w in waits[iv]):
                inset[iv] = False
                changed = True
    return inset


def _held_packets(st, cfg, blocked: np.ndarray) -> set[int]:
    """Packet ids with a flit in one of the ``blocked`` input VCs."""
    V, ISL, SH = int(cfg[K.C_V]), int(cfg[K.C_ISL]), int(cfg[K.C_SH])
    BCAP = st.buf.size // (ISL * V)
    held: set[int] = set()
    for iv in np.flatnonzero(blocked):
        h, c = int(st.ivr[iv, K.IV_BH]), int(st.ivr[iv, K.IV_BN])
        for k in range(c):
            held.add(int(st.buf[iv * BCAP + ((h + k) & (BCAP - 1))]) >> SH)
    return held


def measured_held(net, st, nd, cfg) -> tuple[int, int]:
    """``(measured packets held, deadlocked input VCs)`` of the state ``st`` / ``nd``: how many injected,
    undelivered measured packets have a flit in the deadlocked set (:func:`blocked_input_vcs`), which can never
    deliver them, and the size of that set.  The BookSim model's ``"stuck"`` decision rests on the first number
    (:mod:`.run_control`, item 6)."""
    blocked = blocked_input_vcs(net, st, nd, cfg)
    if not blocked.any():
        return 0, 0
    held = _held_packets(st, cfg, blocked)
    live = _live_packets(nd)
    return int(sum(1 for p in held if live[p] and nd.p_meas[p] != 0)), int(blocked.sum())


def _live_packets(nd) -> np.ndarray:
    """Mask of the pool's live packets (injected, not delivered): every slot not on the free stack."""
    live = np.ones(nd.p_ctime.size, bool)
    live[nd.free_stack[: int(nd.nfree[0])]] = False
    return live


def wait_for_cycle(net, st, nd, cfg, blocked: np.ndarray) -> list[int]:
    """A cycle of waits among the ``blocked`` input VCs (:func:`blocked_input_vcs`), as input VC ids in wait order,
    or ``[]`` when none is blocked."""
    return _cycle(_waits(net, st, nd, cfg)[1], blocked)


def _cycle(waits: list[list[int]], blocked: np.ndarray) -> list[int]:
    start = np.flatnonzero(blocked)
    if start.size == 0:
        return []
    seen: dict[int, int] = {}
    path: list[int] = []
    iv = int(start[0])
    while iv not in seen:
        seen[iv] = len(path)
        path.append(iv)
        iv = next(w for w in waits[iv] if blocked[w])
    return path[seen[iv]:]


def analyze(topology, routing: str, traffic: str, load: float, **simulate_kwargs: Any) -> dict[str, Any]:
    """Rerun ``simulate(topology, routing, traffic, load, router="booksim", **simulate_kwargs)`` and read its final
    state: the deadlocked input VCs (:func:`blocked_input_vcs`), the packets they hold, how many of the measured
    packets still in the network are among them, and one cycle of waits.

    Returns
    -------
    dict
        ``decision``, ``reason`` and ``cycles`` of the run; ``deadlocked_vcs``, ``deadlocked_routers``,
        ``deadlocked_packets`` (packets with a flit in a deadlocked VC); ``in_network`` (injected, undelivered
        packets) and ``in_network_measured``; ``measured_in_deadlock`` (of those, the ones with a flit in a
        deadlocked VC) and ``oldest_age`` (cycles the longest-travelling measured packet has been in the network);
        ``cycle``: ``[(router, input port, VC), ...]``, each waiting on the next, the last on the first.
    """
    from ..request import make_request
    from .driver import _oldest_measured_in_network, run_request

    req = make_request(topology, routing, traffic, load, router="booksim", **simulate_kwargs)
    seen: dict[str, Any] = {}

    def keep(**state):
        seen.update(state)

    res = run_request(req, inspect=keep)
    res = res[0] if isinstance(res, tuple) else res
    net, st, nd, cfg = seen["net"], seen["st"], seen["nd"], seen["cfg"]
    now = int(seen["ctr"][K.K_NOW])
    V = int(cfg[K.C_V])
    cand, waits = _waits(net, st, nd, cfg)
    blocked = _blocked(cand, waits)
    held = _held_packets(st, cfg, blocked)
    live = _live_packets(nd)
    meas = live & (nd.p_meas != 0)
    ids = np.flatnonzero(meas)
    rptr = net.rptr
    cyc = []
    for iv in _cycle(waits, blocked):
        slot = iv // V
        r = int(net.slot_sink[slot])
        cyc.append((r, slot - int(rptr[r]), iv % V))
    return {
        "decision": res.decision, "reason": res.saturation_reason, "cycles": res.cycles,
        "deadlocked_vcs": int(blocked.sum()),
        "deadlocked_routers": len({int(net.slot_sink[iv // V]) for iv in np.flatnonzero(blocked)}),
        "deadlocked_packets": len(held),
        "in_network": int(live.sum()), "in_network_measured": int(meas.sum()),
        "measured_in_deadlock": int(sum(int(p) in held for p in ids)),
        "oldest_age": _oldest_measured_in_network(nd, now)[0],
        "cycle": cyc,
    }
