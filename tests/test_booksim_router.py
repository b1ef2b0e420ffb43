"""Tests of lowdiam.sim.booksim, the flit-level model of BookSim2's iq_router (no BookSim needed)."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from lowdiam.metrics.distances import distance_matrix
from lowdiam.sim.booksim import booksim_anynet_table, read_booksim_config, run_booksim
from lowdiam.sim.booksim.kernel import islip, separable_input_first
from lowdiam.topologies import Topology, slimfly

DATA = Path(__file__).resolve().parent / "data" / "booksim"
FAST = {"warmup_cycles": 200, "measure_cycles": 400}


def _pair(p=1):
    return Topology.from_edges("k2", "complete", 2, [(0, 1)], endpoints_per_router=p)


def _ring(n, p=1):
    return Topology.from_edges(f"c{n}", "ring", n, [(i, (i + 1) % n) for i in range(n)], endpoints_per_router=p)


# ---------------------------------------------------------------- allocator


def _reference_allocator(reqs, nin, nout, in_ptr, out_ptr):
    """Slow, literal separable input-first allocation with round-robin arbiters (BookSim's semantics)."""
    match = {}
    chosen = {}
    for i in sorted({i for i, _ in reqs}):
        outs = [o for ii, o in reqs if ii == i]
        chosen[i] = min(outs, key=lambda o: (o - in_ptr[i]) % nout)
    for o in sorted(set(chosen.values())):
        ins = [i for i, oo in chosen.items() if oo == o]
        win = min(ins, key=lambda i: (i - out_ptr[o]) % nin)
        match[win] = o
        in_ptr[win] = (o + 1) % nout
        out_ptr[o] = (win + 1) % nin
    return match


@pytest.mark.parametrize("seed", range(5))
def test_allocator_matches_reference(seed):
    rng = np.random.default_rng(seed)
    nin, nout = int(rng.integers(2, 9)), int(rng.integers(2, 9))
    in_ptr = np.zeros(nin, np.int64)
    out_ptr = np.zeros(nout, np.int64)
    ref_in, ref_out = in_ptr.copy(), out_ptr.copy()
    size = max(nin, nout)
    bo, ko, bi, ki, match = (np.full(size, -1, np.int64) for _ in range(5))
    for _ in range(30):  # successive rounds exercise the pointer updates
        m = rng.random((nin, nout)) < 0.4
        reqs = [(int(i), int(o)) for i, o in zip(*np.nonzero(m))]
        rin = np.array([i for i, _ in reqs] or [0], np.int64)
        rout = np.array([o for _, o in reqs] or [0], np.int64)
        separable_input_first(len(reqs), rin, rout, nin, nout, in_ptr, out_ptr, 0, bo, ko, bi, ki, match)
        got = {i: int(match[i]) for i in {i for i, _ in reqs} if match[i] >= 0}
        assert got == _reference_allocator(reqs, nin, nout, ref_in, ref_out)
        assert np.array_equal(in_ptr, ref_in) and np.array_equal(out_ptr, ref_out)
        assert (bo == -1).all() and (bi == -1).all()


def _reference_islip(reqs, nin, nout, aptr, gptr, iters):
    """Literal iSLIP (BookSim's iSLIP_Sparse): grant, accept, pointers moved in the first round only."""
    inmatch, outmatch = {}, {}
    for it in range(iters):
        grants = {}
        for o in range(nout):
            if o in outmatch:
                continue
            cands = [i for i, oo in reqs if oo == o and i not in inmatch]
            if cands:
                grants[o] = min(cands, key=lambda i: (i - gptr[o]) % nin)
        for i in range(nin):
            offers = [o for o, ii in grants.items() if ii == i]
            if offers:
                o = min(offers, key=lambda o: (o - aptr[i]) % nout)
                inmatch[i], outmatch[o] = o, i
                if it == 0:
                    gptr[o], aptr[i] = (i + 1) % nin, (o + 1) % nout
    return inmatch


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("iters", [1, 2, 3])
def test_islip_matches_reference(seed, iters):
    rng = np.random.default_rng(100 + seed)
    nin, nout = int(rng.integers(2, 9)), int(rng.integers(2, 9))
    aptr, gptr = np.zeros(nin, np.int64), np.zeros(nout, np.int64)
    ref_a, ref_g = aptr.copy(), gptr.copy()
    size = max(nin, nout)
    g, gk, acc, ak, om, match = (np.full(size, -1, np.int64) for _ in range(6))
    for _ in range(30):
        m = rng.random((nin, nout)) < 0.5
        reqs = [(int(i), int(o)) for i, o in zip(*np.nonzero(m))]
        rin = np.array([i for i, _ in reqs] or [0], np.int64)
        rout = np.array([o for _, o in reqs] or [0], np.int64)
        islip(len(reqs), rin, rout, nin, nout, aptr, gptr, 0, iters, g, gk, acc, ak, om, match)
        got = {i: int(match[i]) for i in {i for i, _ in reqs} if match[i] >= 0}
        assert got == _reference_islip(reqs, nin, nout, ref_a, ref_g, iters)
        assert np.array_equal(aptr, ref_a) and np.array_equal(gptr, ref_g)
        assert (g == -1).all() and (acc == -1).all() and (om == -1).all()


def test_islip_router_runs():
    r = run_booksim(slimfly(5), "min-single", "uniform", 0.5, seed=1, **FAST,
                    router_options={"vc_allocator": "islip", "sw_allocator": "islip", "alloc_iters": 2})
    assert not r.saturated and r.packets_delivered == r.packets_measured


# ---------------------------------------------------------------- timing


@pytest.mark.parametrize(
    "opts, per_router",
    [
        ({}, 5),  # route + VC alloc + switch alloc + crossbar + channel (1 + 1 read cycle)... = 5
        ({"internal_speedup": 2.0}, 3),  # two stages per cycle
        ({"routing_delay": 2, "vc_alloc_delay": 2}, 7),
    ],
)
def test_zero_load_latency_formula(opts, per_router):
    # 2 routers, 1 endpoint each: every packet crosses both routers; injection channel 2 cycles,
    # then per router the pipeline, then P - 1 cycles of serialisation for the tail
    P = 4
    r = run_booksim(_pair(), "min-single", "uniform", 0.004, packet_flits=P, warmup_cycles=100,
                    measure_cycles=20000, seed=3, router_options=opts)
    expect = 2 + 2 * per_router + (P - 1)
    assert r.latency_p50 == expect
    assert r.hops_mean == 1.0
    assert abs(r.latency_mean - expect) < 0.05 * expect


def test_serialization_and_buffers_smaller_than_a_packet():
    # flit-level flow control: 2-flit buffers, 8-flit packets still flow and the accounting balances
    r = run_booksim(_ring(5, 2), "min-single", "uniform", 0.2, packet_flits=8, vcs=2, buffer_flits=2,
                    seed=1, **FAST)
    c = r.conservation
    assert r.packets_delivered == r.packets_measured > 0
    assert c["generated_flits"] == c["injected_flits"] + c["source_queued_flits"]
    assert c["injected_flits"] >= c["ejected_flits"]


def test_credit_round_trip_limits_one_vc_with_one_flit_buffer():
    # one VC of one flit: a flit follows only when the previous one's credit is back (channel 2 cycles,
    # switch allocation downstream, credit channel 2 cycles, credit_delay 2), so a flow gets well under
    # a third of a flit per cycle; with one VC of 32 flits the limit is the per-packet route + VC
    # allocation bubble (2 cycles per 4-flit packet: 4 / 6); with 4 VCs the offered 0.9 goes through
    slow = run_booksim(_pair(), "min-single", "uniform", 0.9, vcs=1, buffer_flits=1, seed=1, **FAST)
    one = run_booksim(_pair(), "min-single", "uniform", 0.9, vcs=1, buffer_flits=32, seed=1, **FAST)
    fast = run_booksim(_pair(), "min-single", "uniform", 0.9, vcs=4, buffer_flits=32, seed=1, **FAST)
    assert slow.accepted_load < 0.3
    assert abs(one.accepted_load - 4 / 6) < 0.02
    assert fast.accepted_load > 0.85


# ---------------------------------------------------------------- determinism, routing tables


def test_deterministic():
    g = slimfly(5)
    a = run_booksim(g, "min", "uniform", 0.4, seed=7, **FAST)
    b = run_booksim(g, "min", "uniform", 0.4, seed=7, **FAST)
    c = run_booksim(g, "min", "uniform", 0.4, seed=8, **FAST)
    assert a.latency_mean == b.latency_mean and a.cycles == b.cycles
    assert np.array_equal(a.link_utilization, b.link_utilization)
    assert a.latency_mean != c.latency_mean


def _booksim_dijkstra_reference(topology):
    """AnyNet::route literally: ordered-set Dijkstra, ties to the lowest id, strict relaxations."""
    n = topology.num_routers
    nbrs = [sorted(int(x) for x in topology.neighbors(r)) for r in range(n)]
    table = np.full((n, n), -1, np.int64)
    for s in range(n):
        dist = [1 << 40] * n
        prev = [-1] * n
        dist[s] = 0
        left = set(range(n))
        while left:
            u = min(sorted(left), key=lambda x: dist[x])
            left.remove(u)
            for w in nbrs[u]:
                if dist[u] + 1 < dist[w]:
                    dist[w] = dist[u] + 1
                    prev[w] = u
        for t in range(n):
            if t == s:
                continue
            x = t
            while prev[x] != s:
                x = prev[x]
            table[s, t] = nbrs[s].index(x)
    return table


def test_anynet_table_matches_booksim_procedure():
    g = slimfly(5)
    assert np.array_equal(booksim_anynet_table(g, distance_matrix(g)), _booksim_dijkstra_reference(g))


# ---------------------------------------------------------------- deadlock and bad input


def test_any_vc_deadlock_is_detected_not_hung():
    with pytest.raises(ValueError, match=r"deadlock .* at cycle \d+: .* with \d+ packets"):
        run_booksim(_ring(6, 2), "min-single", "uniform", 1.0, vcs=1, buffer_flits=4, warmup_cycles=2000,
                    measure_cycles=2000, seed=1, router_options={"vc_selection": "any", "deadlock_cycles": 200})


@pytest.mark.parametrize(
    "kwargs, err, match",
    [
        ({"router_options": {"speedup": 2}}, ValueError, "unknown router_options key 'speedup'"),
        ({"router_options": {"internal_speedup": 0.5}}, ValueError, "internal_speedup"),
        ({"router_options": {"internal_speedup": "2"}}, TypeError, "internal_speedup"),
        ({"router_options": {"credit_delay": -1}}, ValueError, "credit_delay"),
        ({"router_options": {"routing_delay": 0}}, ValueError, "routing_delay"),
        ({"router_options": {"vc_selection": "all"}}, ValueError, "'any', 'hop'"),
        ({"router_options": {"sw_allocator": "wavefront"}}, ValueError, "separable_input_first"),
        ({"router_options": {"wait_for_tail_credit": 1}}, ValueError, "wait_for_tail_credit"),
        ({"routing_options": {"paths": "dijkstra"}}, ValueError, "booksim-anynet"),
        ({"routing_options": {"k": 2}}, ValueError, "unknown routing_options key"),
        ({"vcs": 1, "router_options": {"vc_selection": "hop"}}, ValueError, "vcs >= 3"),
        ({"load": 1.5}, ValueError, "load"),
        ({"routing": "polarized"}, ValueError, "caminos"),
        ({"routing": "ugal", "routing_options": {"samples": -1}}, ValueError, "samples"),
    ],
)
def test_bad_input(kwargs, err, match):
    args = dict(topology=slimfly(5), routing="min-single", traffic="uniform", load=0.2, **FAST)
    args.update(kwargs)
    with pytest.raises(err, match=match):
        run_booksim(**args)


def test_read_booksim_config(tmp_path):
    cfg = tmp_path / "run.cfg"
    cfg.write_text(
        "topology = anynet;\nnetwork_file = net.anynet;\nrouting_function = min; // BookSim anynet\n"
        "traffic = uniform;\ninjection_rate = 0.3;\ninjection_rate_uses_flits = 1;\nnum_vcs = 4;\n"
        "vc_buf_size = 32;\npacket_size = 4;\nwarmup_periods = 3;\nsample_period = 1000;\nmax_samples = 10;\n"
        "vc_allocator = separable_input_first;\nsw_allocator = separable_input_first;\nalloc_iters = 1;\n"
        "credit_delay = 2;\ninternal_speedup = 2.0;\nseed = 1;\n"
    )
    kw = read_booksim_config(cfg)
    assert kw["load"] == 0.3 and kw["vcs"] == 4 and kw["buffer_flits"] == 32 and kw["packet_flits"] == 4
    assert kw["warmup_cycles"] == 3000 and kw["measure_cycles"] == 10000 and kw["seed"] == 1
    assert kw["routing_options"] == {"paths": "booksim-anynet"}
    assert kw["router_options"]["internal_speedup"] == 2.0 and kw["router_options"]["vc_selection"] == "any"
    cfg.write_text("topology = anynet; foo = 1; bar = 2;")
    with pytest.raises(ValueError, match="bar, foo"):
        read_booksim_config(cfg)


# ---------------------------------------------------------------- against BookSim's own numbers


#: routers per packet, ours + 1 against BookSim's: measured within 0.005 on every reference row with the source among
#: the destinations (BookSim2's uniform); without it ours ran 0.03 more on df_4_2_2 (1 / 72 of the packets stay home)
HOPS_TOL = 0.01


def _reference_rows():
    with (DATA / "reference.csv").open() as fh:
        return list(csv.DictReader(fh))


@pytest.mark.parametrize("row", _reference_rows(), ids=lambda r: f"{r['graph']}-s{r['internal_speedup']}-{r['load']}")
def test_against_booksim_reference(row):
    from lowdiam import topologies as T

    graphs = {"sf5": lambda: T.slimfly(5), "df_4_2_2": lambda: T.dragonfly(4, 2, 2)}
    r = run_booksim(
        graphs[row["graph"]](), "min-single", "uniform", float(row["load"]), warmup_cycles=1000,
        measure_cycles=3000, seed=1, router_options={"internal_speedup": float(row["internal_speedup"])},
        traffic_options={"include_source": True},  # BookSim2's uniform: 1 / endpoints of the packets to the source
    )
    assert not r.saturated
    assert abs(r.latency_mean - float(row["latency"])) <= 0.10 * float(row["latency"])
    # BookSim counts routers (links + 1)
    assert abs(r.hops_mean + 1 - float(row["hops"])) < HOPS_TOL


def test_overload_grows_source_queues_and_balances():
    # past saturation the source queues grow beyond their first allocation; the flit and credit
    # accounting (checked inside every run) must still balance, and the run is reported saturated
    r = run_booksim(_ring(4, 3), "min-single", "uniform", 0.9, seed=2, warmup_cycles=300, measure_cycles=600,
                    router_options={"vc_selection": "hop"})
    assert r.saturated and r.params["source_queue_capacity"] > 64


def test_simulate_router_booksim_is_run_booksim():
    """The registry adapter passes the request through unchanged: same numbers as the direct entry point."""
    from lowdiam.sim import simulate
    from lowdiam.sim.booksim import run_booksim
    from lowdiam.topologies import slimfly

    top = slimfly(5).with_endpoints(2)
    kw = dict(warmup_cycles=200, measure_cycles=400, seed=3, router_options={"internal_speedup": 2.0})
    a = simulate(top, "min-single", "uniform", 0.3, router="booksim", flow_control="wormhole", vcs=4, **kw)
    b = run_booksim(top, "min-single", "uniform", 0.3, vcs=4, **kw)
    assert a.accepted_load == b.accepted_load and a.latency_mean == b.latency_mean


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"routing": "polarized"},
         "routing 'polarized' does not run on router 'booksim'; it runs on router 'ideal' or 'caminos'"),
        ({"router_delay": 2}, "does not model router_delay"),
        ({"router_options": {"speedup": 2.0}}, "unknown router 'booksim' router_options key"),
        ({"flow_control": "vct"}, "models flow_control"),
    ],
)
def test_simulate_router_booksim_refuses_what_it_does_not_model(kwargs, match):
    from lowdiam.sim import simulate
    from lowdiam.topologies import slimfly

    args = {"routing": "min-single", "flow_control": "wormhole", **kwargs}
    with pytest.raises(ValueError, match=match):
        simulate(slimfly(5), args.pop("routing"), "uniform", 0.2, router="booksim", **args)


# ---------------------------------------------------------------- end of a run


def _fields(r):
    return (r.saturated, r.saturation_reason, r.accepted_load, r.offered_load_actual, r.latency_mean, r.latency_p99,
            r.hops_mean, r.packets_measured, r.packets_delivered, r.cycles, r.min_source_throughput,
            r.link_utilization.tolist())


@pytest.mark.parametrize("load, saturates", [(0.3, False), (0.95, True)])
def test_saturated_run_ends_with_its_window_and_a_drained_run_is_unchanged(monkeypatch, load, saturates):
    from lowdiam.sim.booksim import driver

    top = slimfly(5)
    r = run_booksim(top, "min", "uniform", load, seed=4, **FAST)
    monkeypatch.setattr(driver, "END_SATURATED_RUNS_AT_WINDOW", False)
    whole = run_booksim(top, "min", "uniform", load, seed=4, **FAST)
    assert r.saturated == whole.saturated == saturates
    if not saturates:  # the window leg and the drain leg give the uninterrupted run, cycle by cycle
        assert _fields(r) == _fields(whole)
        assert r.cycles > FAST["warmup_cycles"] + FAST["measure_cycles"]
    else:  # the window already fails the throughput rule: no drain, same window counts
        assert r.cycles == FAST["warmup_cycles"] + FAST["measure_cycles"] < whole.cycles
        assert r.saturation_reason.startswith("accepted") and r.packets_delivered < r.packets_measured
        assert (r.accepted_load, r.offered_load_actual, r.packets_measured) == (
            whole.accepted_load, whole.offered_load_actual, whole.packets_measured)


def test_router_with_more_ports_than_the_stamps_count_is_refused():
    # the switch requests' stamps count a router's ports in 12 bits (kernel.MAX_PORTS): a larger router is refused
    # by name, not simulated with stamps that collide
    from lowdiam.sim.booksim.kernel import MAX_PORTS

    big = Topology.from_edges("pair", "custom", 2, [(0, 1)], endpoints_per_router=MAX_PORTS)
    with pytest.raises(ValueError, match=rf"at most {MAX_PORTS} ports .* router 0 has {MAX_PORTS + 1}"):
        run_booksim(big, "min-single", "uniform", 0.1, warmup_cycles=10, measure_cycles=10, seed=1)
