"""The wait-for analysis of a BookSim-model state (lowdiam.sim.booksim.deadlock): its rules on hand-built states,
a whole-network deadlock found on a ring, and a slow (not deadlocked) packet told apart."""

from types import SimpleNamespace

import numpy as np
import pytest

from lowdiam.sim.booksim import kernel as K
from lowdiam.sim.booksim.deadlock import analyze, blocked_input_vcs, measured_held, wait_for_cycle
from lowdiam.sim.booksim.driver import run_request
from lowdiam.sim.request import make_request


def _triangle(*, full=(True, True, True), alloc_wait=True):
    """Three routers in a ring, one endpoint each (local port 0), port 1 towards router r + 1, port 2 from r - 1;
    one VC of 2 flits.  Input VC (r, port 2) holds a packet going on to r + 1 through output VC (r, port 1), whose
    downstream VC (r + 1, port 2) is full when ``full[r]``; router 0's injection VC waits to allocate that same
    output VC (held by the packet above) when ``alloc_wait``; router 1's injection VC heads for its ejection port."""
    n, V, CAP, ISL = 3, 1, 2, 9
    rptr = np.array([0, 3, 6, 9])
    slot = lambda r, j: 3 * r + j  # noqa: E731
    o2i, i2o = np.zeros(ISL, np.int64), np.zeros(ISL, np.int64)
    for r in range(n):
        o2i[slot(r, 0)] = i2o[slot(r, 0)] = ISL + r
        o2i[slot(r, 1)] = slot((r + 1) % n, 2)
        i2o[slot((r + 1) % n, 2)] = slot(r, 1)
        o2i[slot(r, 2)] = slot((r - 1) % n, 1)
        i2o[slot((r - 1) % n, 1)] = slot(r, 2)
    net = SimpleNamespace(rptr=rptr, o2i=o2i, i2o=i2o, slot_sink=np.repeat(np.arange(n), 3),
                          indptr=np.array([0, 2, 4, 6]))
    ivr = np.zeros((ISL * V, K.IV_WIDTH), np.int32)
    ovr = np.zeros((ISL * V, K.OV_WIDTH), np.int32)
    ovr[:, K.OV_OWN] = -1
    for r in range(n):
        iv = slot(r, 2)
        ivr[iv, K.IV_VST], ivr[iv, K.IV_BN], ivr[iv, K.IV_ROUTE], ivr[iv, K.IV_OUTV] = 3, 2, 1, slot(r, 1)
        ovr[slot(r, 1), K.OV_OWN] = iv
        ovr[slot(r, 1), K.OV_OCC] = 2 if full[r] else 1
    for r in range(n):
        if not full[r]:
            ivr[slot((r + 1) % n, 2), K.IV_BN] = 1  # a flit in transit to it (or a credit back)
    if alloc_wait:
        ivr[slot(0, 0), K.IV_VST], ivr[slot(0, 0), K.IV_BN], ivr[slot(0, 0), K.IV_ROUTE] = 2, 1, 1
    ivr[slot(1, 0), K.IV_VST], ivr[slot(1, 0), K.IV_BN], ivr[slot(1, 0), K.IV_ROUTE] = 3, 1, 0
    ivr[slot(1, 0), K.IV_OUTV] = slot(1, 0)
    st = SimpleNamespace(ivr=ivr, ovr=ovr, buf=np.zeros(ISL * V * 2, np.int32))
    nd = SimpleNamespace(p_hops=np.zeros(1, np.int32), p_vcl=np.zeros(1, np.int32))
    cfg = np.zeros(K.N_CFG, np.int64)
    cfg[K.C_V], cfg[K.C_CAP], cfg[K.C_ISL], cfg[K.C_SH], cfg[K.C_ANY] = V, CAP, ISL, 2, 1
    return net, st, nd, cfg


def test_a_cycle_of_full_buffers_is_deadlocked_with_what_waits_on_it():
    net, st, nd, cfg = _triangle()
    got = blocked_input_vcs(net, st, nd, cfg)
    assert sorted(np.flatnonzero(got)) == [0, 2, 5, 8]  # the three port-2 VCs and router 0's injection VC
    cyc = wait_for_cycle(net, st, nd, cfg, got)
    assert sorted(cyc) == [2, 5, 8]  # the injection VC waits on the cycle, it is not part of it
    assert all(net.o2i[st.ivr[a, K.IV_OUTV]] == b for a, b in zip(cyc, cyc[1:] + cyc[:1]))


@pytest.mark.parametrize("full", [(False, True, True), (True, False, True), (True, True, False)])
def test_one_buffer_with_room_frees_the_whole_cycle(full):
    net, st, nd, cfg = _triangle(full=full)
    got = blocked_input_vcs(net, st, nd, cfg)
    assert not got.any() and wait_for_cycle(net, st, nd, cfg, got) == []


def test_a_free_output_vc_unblocks_the_allocation_wait():
    net, st, nd, cfg = _triangle()
    st.ovr[0 * 3 + 1, K.OV_OWN] = -1  # router 0's output VC towards router 1 released
    got = blocked_input_vcs(net, st, nd, cfg)
    assert not got[0] and got[[2, 5, 8]].all()


def test_a_ring_deadlock_holds_every_packet_and_a_slow_packet_is_no_deadlock():
    from lowdiam import topologies as T
    from lowdiam.topologies import Topology

    ring = Topology.from_edges("c6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)], endpoints_per_router=2)
    w = analyze(ring, "min-single", "uniform", 1.0, packet_flits=4, vcs=1, buffer_flits=4, seed=1,
                run_control="booksim", router_options={"vc_selection": "any", "deadlock_cycles": 200})
    assert w["decision"] == "deadlock" and w["deadlocked_packets"] == w["in_network"] > 0
    assert w["deadlocked_routers"] == 6 and len(w["cycle"]) >= 3
    # at 0.1 the ring deadlocks while measuring (cycle 4,683): the check of its final state finds all 18 measured
    # packets in the network held, as the analysis does
    at = dict(packet_flits=4, vcs=1, buffer_flits=4, seed=1, run_control="booksim",
              router_options={"vc_selection": "any", "deadlock_cycles": 200})
    w = analyze(ring, "min-single", "uniform", 0.1, **at)
    assert (w["decision"], w["cycles"], w["in_network_measured"], w["measured_in_deadlock"]) == ("deadlock", 4683,
                                                                                                  18, 18)
    seen = {}
    run_request(make_request(ring, "min-single", "uniform", 0.1, router="booksim", **at),
                inspect=lambda **state: seen.update(state))
    held, vcs = measured_held(seen["net"], seen["st"], seen["nd"], seen["cfg"])
    assert (held, vcs) == (18, w["deadlocked_vcs"]) == (18, 18)
    # HX(4,4) MIN at 0.8: a measured packet 511 cycles in the network at the drain check of cycle 9,000
    # (tests/test_run_control.py); with stuck_cycles 0 the check finds nothing deadlocked, so the drain goes on
    w = analyze(T.hyperx(4, 4), "min", "uniform", 0.8, seed=1, run_control="booksim",
                run_control_options={"stuck_cycles": 0})
    assert (w["decision"], w["cycles"], w["oldest_age"]) == ("max-samples", 9007, 0)
    assert w["deadlocked_vcs"] == 0 and w["measured_in_deadlock"] == 0 and w["cycle"] == []


def test_shared_buffers_are_refused():
    net, st, nd, cfg = _triangle()
    cfg[K.C_SHBUF] = 1
    with pytest.raises(ValueError, match="shared buffers"):
        blocked_input_vcs(net, st, nd, cfg)
