"""Tests of the CAMINOS router model (lowdiam.sim.caminos): unit rules, invariants, and CAMINOS reference points."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from lowdiam.sim.caminos import ROUTINGS, build_model, conservation, polarized_longest_route, required_vcs, run_caminos
from lowdiam.sim.caminos import kernel as K
from lowdiam.sim.caminos.routing import polarized_allowed
from lowdiam.sim.rng import new_state
from lowdiam.topologies import Topology, hyperx, slimfly

DATA = Path(__file__).parent / "data" / "caminos"
SHORT = {"warmup_cycles": 200, "measure_cycles": 400}


@pytest.fixture(scope="module")
def hx33():
    return hyperx(3, 3, endpoints_per_router=2)


def ring(n: int, p: int = 1) -> Topology:
    return Topology.from_edges(f"C{n}", "ring", n, [(i, (i + 1) % n) for i in range(n)], endpoints_per_router=p)


def place_head(m, r: int, dst_endpoint: int, hops: int = 0, src_router: int | None = None):
    """Put the head of a fresh packet at the front of an injection VC of router ``r``; returns (packet, ib)."""
    e = int(m.endpoints.first[r])
    A = int(m.cfg[K.C_A])
    V = int(m.cfg[K.C_V])
    ib = (A + e) * V
    ctr = m.st.ctr
    ctr[K.K_NFREE] -= 1
    p = int(m.pk.free[ctr[K.K_NFREE]])
    m.pk.src[p], m.pk.dst[p], m.pk.hops[p], m.pk.mid[p] = e, dst_endpoint, hops, -1
    m.pk.sr[p] = r if src_router is None else src_router
    K.buf_push(m.inb, ib, int(m.cfg[K.C_RI]), p, 0)
    return p, ib


# ---------------------------------------------------------------- occupancy and flow control


def test_occupancy_is_output_buffer_plus_neighbour_credits_used(hx33):
    m = build_model(hx33, "min-adaptive", "uniform", 0.1, **SHORT)
    IBC, P = int(m.cfg[K.C_IBC]), int(m.cfg[K.C_P])
    ob = 5
    assert K.occupancy(ob, m.outb, m.sw.cred, IBC) == 0
    for i in range(3):  # three phits of one packet in our output buffer
        K.buf_push(m.outb, ob, int(m.cfg[K.C_RO]), 7, i)
    m.sw.cred[ob] -= 20  # 20 phits sent downstream, credits not yet back
    assert K.occupancy(ob, m.outb, m.sw.cred, IBC) == 3 + 20
    assert K.allowed(ob, m.outb, m.sw, int(m.cfg[K.C_OBC]), P)  # 32 - 3 >= 16
    for i in range(3, 17):
        K.buf_push(m.outb, ob, int(m.cfg[K.C_RO]), 7, i)
    assert not K.allowed(ob, m.outb, m.sw, int(m.cfg[K.C_OBC]), P)  # 32 - 17 < 16: no room for a whole packet
    m2 = build_model(hx33, "min-adaptive", "uniform", 0.1, **SHORT)
    m2.sw.sel_in[ob] = 3  # output VC held by another input
    assert not K.allowed(ob, m2.outb, m2.sw, int(m2.cfg[K.C_OBC]), P)


# ---------------------------------------------------------------- allocator


def test_random_allocator_one_input_per_output_vc_and_fair(hx33):
    m = build_model(hx33, "min-adaptive", "uniform", 0.1, **SHORT)
    rs = new_state(3)
    wins = np.zeros(6, np.int64)
    for _ in range(3000):
        m.sw.sel_in[:] = -1
        m.sw.sel_out[:] = -1
        # inputs 0..5 all want output VC 40; inputs 6, 7 want output VC 41; input 8 wants 42
        reqs = [(i, 40) for i in range(6)] + [(6, 41), (7, 41), (8, 42)]
        for k, (ib, ob) in enumerate(reqs):
            m.sw.req_ib[k], m.sw.req_ob[k] = ib, ob
        grants = K.allocate(len(reqs), m.sw, rs)
        assert grants == 3
        held = np.flatnonzero(m.sw.sel_in >= 0)
        assert sorted(held.tolist()) == [40, 41, 42]
        assert np.all(m.sw.sel_out[m.sw.sel_in[held]] == held)  # one-to-one
        wins[m.sw.sel_in[40]] += 1
    assert wins.min() > 3000 / 6 * 0.8  # random order: every requester wins about equally often


# ---------------------------------------------------------------- min-adaptive


def test_min_adaptive_only_minimal_hops_and_prefers_emptier():
    topo = hyperx(3, 3, endpoints_per_router=1)  # router (x, y) = 3 x + y; 0 -> 4 has two minimal next hops
    m = build_model(topo, "min-adaptive", "uniform", 0.1, **SHORT)
    V = int(m.cfg[K.C_V])
    p, _ = place_head(m, 0, dst_endpoint=4)
    arcs = {int(topo.indices[a]): a for a in range(topo.indptr[0], topo.indptr[1])}
    minimal = {arcs[1] * V, arcs[3] * V}  # via router 1 or router 3, VC 0 (hop 0)
    rs = new_state(1)
    seen = {K.choose_output(p, 0, m.cfg, m.net, m.outb, m.sw, m.pk, rs) for _ in range(200)}
    assert seen == minimal  # both minimal next hops, nothing else, when equally empty
    m.sw.cred[arcs[1] * V] -= 5  # the way through router 1 looks fuller
    seen = {K.choose_output(p, 0, m.cfg, m.net, m.outb, m.sw, m.pk, rs) for _ in range(200)}
    assert seen == {arcs[3] * V}
    m.sw.sel_in[arcs[3] * V] = 0  # the emptier one is held: CAMINOS's chain waits (LowestLabel before
    assert K.choose_output(p, 0, m.cfg, m.net, m.outb, m.sw, m.pk, rs) == -1  # EnforceFlowControl)


def test_min_adaptive_ejection_any_vc(hx33):
    m = build_model(hx33, "min-adaptive", "uniform", 0.1, **SHORT)
    V, A = int(m.cfg[K.C_V]), int(m.cfg[K.C_A])
    p, _ = place_head(m, 2, dst_endpoint=int(m.endpoints.first[2]) + 1)
    rs = new_state(2)
    e = int(m.endpoints.first[2]) + 1
    seen = {K.choose_output(p, 2, m.cfg, m.net, m.outb, m.sw, m.pk, rs) for _ in range(200)}
    assert seen == {(A + e) * V + vc for vc in range(V)}


# ---------------------------------------------------------------- polarized


def _polarized_walks(topo, trials, seed):
    D = np.asarray(__import__("lowdiam.metrics.distances", fromlist=["x"]).distance_matrix(topo), dtype=np.int64)
    m = build_model(topo, "polarized", "uniform", 0.1, **SHORT)
    V = int(m.cfg[K.C_V])
    rng = np.random.default_rng(seed)
    rs = new_state(seed)
    n = topo.num_routers
    longest = 0
    for _ in range(trials):
        s, t = rng.choice(n, 2, replace=False)
        p, _ = place_head(m, int(s), dst_endpoint=int(m.endpoints.first[t]))
        c, hops = int(s), 0
        while c != t:
            m.sw.cred[: int(m.cfg[K.C_A]) * V] = rng.integers(16, 65, int(m.cfg[K.C_A]) * V)  # random occupancy
            m.pk.hops[p] = hops
            ob = K.choose_output(p, c, m.cfg, m.net, m.outb, m.sw, m.pk, rs)
            assert ob >= 0
            a, vc = divmod(ob, V)
            assert vc == hops  # Hops policy: VC = hop index
            v = int(topo.indices[a])
            assert topo.indptr[c] <= a < topo.indptr[c + 1]
            assert polarized_allowed(D[s, c], D[c, t], D[s, v], D[v, t])  # Algorithm 1's rule
            c, hops = v, hops + 1
            assert hops <= V
        longest = max(longest, hops)
        m.st.ctr[K.K_NFREE] += 1
    return longest, V, int(D.max())


def test_polarized_routes_obey_algorithm1_and_length_bound():
    longest, V, diam = _polarized_walks(slimfly(5).with_endpoints(1), 120, 5)
    assert longest <= V == polarized_longest_route(slimfly(5).with_endpoints(1)) <= 4 * diam - 3


def _brute_longest(topo):
    from lowdiam.metrics.distances import distance_matrix

    D = distance_matrix(topo).astype(int)
    n = topo.num_routers

    def longest(s, c, t):
        if c == t:
            return 0
        nxt = [v for v in topo.neighbors(c) if polarized_allowed(D[s, c], D[c, t], D[s, v], D[v, t])]
        assert nxt, "corner"
        return 1 + max(longest(s, int(v), t) for v in nxt)

    return max(longest(s, s, t) for s in range(n) for t in range(n) if s != t)


@pytest.mark.parametrize("topo", [hyperx(3, 3), hyperx(2, 3, 2), ring(7)], ids=lambda t: t.name)
def test_polarized_longest_route_matches_brute_force(topo):
    assert polarized_longest_route(topo) == _brute_longest(topo)


def test_required_vcs_match_caminos_runs():
    sf5, hx = slimfly(5).with_endpoints(4), hyperx(4, 4, 4).with_endpoints(4)
    # runs.csv: min 2, valiant 4, polarized 4 (omni needs a Hamming graph)
    assert [required_vcs(sf5, r) for r in ROUTINGS if r != "omni"] == [2, 4, 4]
    assert [required_vcs(hx, r) for r in ROUTINGS] == [3, 6, 6, 6]  # omni: diameter 3 + 3 deroutes


# ---------------------------------------------------------------- omni (OmniDimensionalDeroute)


def test_omni_candidates_unaligned_dimensions_deroutes_labelled():
    topo = hyperx(3, 3, endpoints_per_router=1)  # router (x, y) = 3 x + y
    m = build_model(topo, "omni", "uniform", 0.1, **SHORT)
    V = int(m.cfg[K.C_V])
    arcs = {int(topo.indices[a]): a for a in range(topo.indptr[0], topo.indptr[1])}
    rs = new_state(1)

    def seen(p):
        return {int(topo.indices[K.choose_output(p, 0, m.cfg, m.net, m.outb, m.sw, m.pk, rs) // V]) for _ in range(300)}

    p, _ = place_head(m, 0, dst_endpoint=4)  # target (1, 1): both dimensions unaligned
    m.pk.left[p] = 2
    assert seen(p) == {1, 3}  # equally empty: the label-1 deroutes (2, 6) lose to the minimal hops
    for v in (1, 3):
        m.sw.cred[arcs[v] * V] -= 5  # minimal ways 5 phits fuller: a deroute (label 1) wins
    assert seen(p) == {2, 6}
    m.pk.left[p] = 0  # no deroutes left: minimal hops only, however full
    assert seen(p) == {1, 3}
    q, _ = place_head(m, 0, dst_endpoint=1)  # target (0, 1): x aligned, so 3 and 6 are never candidates
    m.pk.left[q] = 2
    m.sw.cred[arcs[1] * V] -= 5
    assert seen(q) == {2}


def test_omni_without_deroutes_is_min_adaptive(hx33):
    a = run_caminos(hx33, "min-adaptive", "server_perm", 0.6, seed=3, **SHORT)
    b = run_caminos(hx33, "omni", "server_perm", 0.6, seed=3, routing_options={"deroutes": 0}, **SHORT)
    assert b.params["vcs"] == a.params["vcs"] == 2
    assert (a.accepted_load, a.latency_mean, a.hops_mean) == (b.accepted_load, b.latency_mean, b.hops_mean)
    assert np.array_equal(a.link_utilization, b.link_utilization)


def test_omni_spends_deroutes():
    # more VCs than the routing needs: only the deroute count keeps routes at distance + 1
    res = run_caminos(hyperx(3, 3, 3), "omni", "uniform", 1.0, endpoints_per_router=2, vcs=8, seed=2,
                      routing_options={"deroutes": 1}, **SHORT)
    assert res.params["deroutes"] == 1 and res.params["deroute_label"] == 1
    hist = np.asarray(res.hop_histogram)
    assert hist[5:].sum() == 0 and hist[4] > 0  # diameter 3 + 1 deroute, and some packets take it
    assert res.hops_mean > run_caminos(hyperx(3, 3, 3), "min-adaptive", "uniform", 1.0, endpoints_per_router=2,
                                       seed=2, **SHORT).hops_mean  # and deroutes are taken


def test_omni_against_caminos_itself_hx444():
    """CAMINOS's own OmniDimensionalDeroute runs (``benchmarks/crossval_caminos.py omni``, its Hamming topology)
    against ours with another seed: accepted load within 0.02 below saturation, 0.03 past it; hops within 0.1."""
    path = Path(__file__).parents[1] / "figures" / "crossval" / "caminos_omni.csv"
    with open(path) as f:
        ref = {(r["traffic"], float(r["load"])): r for r in csv.DictReader(f) if r["simulator"] == "caminos"}
    for load in (0.5, 1.0):
        r = ref[("uniform", load)]
        res = run_caminos(hyperx(4, 4, 4).with_endpoints(4), "omni", "uniform", load, vcs=int(r["vcs"]),
                          routing_options={"deroutes": int(r["deroutes"])}, warmup_cycles=2000, measure_cycles=3000,
                          seed=11)
        acc = float(r["accepted"])
        assert res.accepted_load == pytest.approx(acc, abs=0.02 if acc >= 0.95 * load else 0.03)
        assert res.hops_mean == pytest.approx(float(r["hops"]), abs=0.1)


# ---------------------------------------------------------------- whole runs: determinism, conservation


@pytest.mark.parametrize("routing", ROUTINGS)
def test_deterministic_per_seed(hx33, routing):
    a = run_caminos(hx33, routing, "uniform", 0.4, seed=5, **SHORT)
    b = run_caminos(hx33, routing, "uniform", 0.4, seed=5, **SHORT)
    c = run_caminos(hx33, routing, "uniform", 0.4, seed=6, **SHORT)
    assert (a.accepted_load, a.latency_mean, a.hops_mean) == (b.accepted_load, b.latency_mean, b.hops_mean)
    assert np.array_equal(a.link_utilization, b.link_utilization)
    assert (a.accepted_load, a.latency_mean) != (c.accepted_load, c.latency_mean)


@pytest.mark.parametrize("routing", ROUTINGS)
def test_conservation_with_drops(hx33, routing):
    res = run_caminos(hx33, routing, "uniform", 1.0, seed=1, router_options={"server_queue_messages": 2}, **SHORT)
    c = res.conservation
    assert c["dropped_messages"] > 0 and res.saturated
    assert c["generated_messages"] == c["injected_packets"] + c["queued_messages"]
    assert c["injected_packets"] * 16 == c["consumed_phits"] + c["in_network_phits"] + (
        c["injected_packets"] * 16 - c["consumed_phits"] - c["in_network_phits"]
    )
    assert c["delivered_packets"] <= c["injected_packets"]
    assert res.hop_histogram.size <= res.params["vcs"] + 1  # no route longer than the VCs


def test_conservation_checked_midway(hx33):
    m = build_model(hx33, "valiant", "server_perm", 0.7, seed=2, **SHORT)
    for _ in range(6):
        assert m.run(37) == 0
        c = conservation(m)  # raises on any imbalance
        assert c["generated_messages"] >= c["injected_packets"] >= c["delivered_packets"]


def test_zero_load_network_latency_is_hops_plus_packet():
    res = run_caminos(hyperx(3, 3), "min-adaptive", "uniform", 0.005, endpoints_per_router=1, seed=3,
                      warmup_cycles=100, measure_cycles=3000)
    # one cycle per hop (link delay 1, one-stage router) plus the ejection link and the P - 1 trailing phits
    assert res.network_latency_mean == pytest.approx(res.hops_mean + 16, abs=0.3)


def test_permutation_fixed_points_are_silent():
    from lowdiam.sim.traffic import Endpoints, make_traffic

    topo = hyperx(3, 3, endpoints_per_router=1)
    fixed_seen = 0
    for seed in range(6):
        spec = make_traffic("server_perm", topo, Endpoints.of(topo.endpoints), None, seed)
        fixed = int(np.sum(spec.dst == np.arange(9)))
        fixed_seen += fixed
        res = run_caminos(topo, "min-adaptive", "server_perm", 0.2, seed=seed, **SHORT)
        assert res.active_sources == 9 - fixed  # CAMINOS discards self-messages: fixed points never send
        assert res.accepted_load == pytest.approx(0.2, abs=0.05)
    assert fixed_seen > 0


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("kwargs", "exc", "words"),
    [
        ({"routing": "min"}, ValueError, "min-adaptive"),
        ({"traffic": "nope"}, ValueError, "uniform"),
        ({"load": 1.5}, ValueError, "load"),
        ({"load": "0.3"}, TypeError, "load"),
        ({"vcs": 1}, ValueError, "vcs >= 2"),
        ({"router_options": {"buffer": 4}}, ValueError, "input_buffer_packets"),
        ({"router_options": {"server_queue_messages": 0}}, ValueError, ">= 1"),
        ({"routing_options": {"inner": "min-adaptive"}}, ValueError, "valid keys"),
        ({"routing": "valiant", "routing_options": {"inner": "ugal"}}, ValueError, "min-adaptive"),
        ({"routing": "polarized", "routing_options": {"label_weights": (0, 1)}}, ValueError, "3 integers"),
        ({"packet_flits": 2.5}, ValueError, "packet_flits"),
        ({"routing": "omni", "routing_options": {"deroute": 1}}, ValueError, "deroute_label"),
        ({"routing": "omni", "routing_options": {"deroutes": -1}}, ValueError, ">= 0"),
    ],
)
def test_bad_input(hx33, kwargs, exc, words):
    args = {"routing": "min-adaptive", "traffic": "uniform", "load": 0.3, **SHORT, **kwargs}
    with pytest.raises(exc, match=words):
        run_caminos(hx33, args.pop("routing"), args.pop("traffic"), args.pop("load"), **args)


def test_omni_needs_a_hamming_graph():
    with pytest.raises(ValueError, match="HyperX / Hamming graph.*'polarized'"):
        run_caminos(slimfly(5).with_endpoints(2), "omni", "uniform", 0.1, **SHORT)


def test_polarized_corner_rejected():
    path = Topology.from_edges("P4", "path", 4, [(0, 1), (1, 2), (2, 3)])
    # from 1 to 0 a packet may move away (1 -> 2 -> 3, equal weight) and then has no admissible move at 3
    with pytest.raises(ValueError, match="corner"):
        required_vcs(path, "polarized")
    with pytest.raises(ValueError, match="corner"):
        run_caminos(path, "polarized", "uniform", 0.1, **SHORT)


# ---------------------------------------------------------------- CAMINOS reference points


def _reference():
    with open(DATA / "caminos_runs.csv") as f:
        return {(r["graph"], r["routing"], r["traffic"], float(r["load"])): r for r in csv.DictReader(f)}


ROUTING = {"min": "min-adaptive", "valiant": "valiant", "polarized": "polarized"}


@pytest.mark.parametrize(
    ("routing", "load"),
    [("min", 0.3), ("min", 0.6), ("valiant", 0.3), ("polarized", 0.5), ("min", 1.0)],
)
def test_against_caminos_reference_sf5_uniform(routing, load):
    """Same graph, configuration and cycles as CAMINOS's run (seed differs): accepted load within 0.02,
    latency within 10 % below saturation; saturated runs within 0.03 of CAMINOS's plateau."""
    ref = _reference()[("sf5", routing, "uniform", load)]
    res = run_caminos(slimfly(5).with_endpoints(4), ROUTING[routing], "uniform", load, vcs=int(ref["vcs"]),
                      warmup_cycles=2000, measure_cycles=3000, seed=11)
    acc, lat = float(ref["accepted"]), float(ref["latency"])
    if acc >= 0.95 * load:
        assert res.accepted_load == pytest.approx(acc, abs=0.02)
        assert res.latency_mean == pytest.approx(lat, rel=0.10)
        assert not res.saturated
    else:
        assert res.accepted_load == pytest.approx(acc, abs=0.03)
        assert res.saturated


# ---------------------------------------------------------------- docstring examples


def test_doctests():
    import doctest

    import lowdiam.sim.caminos as pkg
    from lowdiam.sim.caminos import driver, routing

    for mod in (pkg, driver, routing):
        assert doctest.testmod(mod, verbose=False).failed == 0, mod.__name__


def test_simulate_router_caminos_is_run_caminos():
    """The registry adapter passes the request through unchanged: same numbers as the direct entry point."""
    from lowdiam.sim import simulate
    from lowdiam.sim.caminos import run_caminos
    from lowdiam.topologies import slimfly

    top = slimfly(5).with_endpoints(2)
    kw = dict(packet_flits=16, warmup_cycles=200, measure_cycles=400, seed=3)
    a = simulate(top, "valiant", "uniform", 0.3, router="caminos", **kw)
    b = run_caminos(top, "valiant", "uniform", 0.3, **kw)
    assert a.accepted_load == b.accepted_load and a.latency_mean == b.latency_mean


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"routing": "ugal"},
         "routing 'ugal' does not run on router 'caminos'; it runs on router 'ideal' or 'booksim'"),
        ({"buffer_flits": 64}, "does not model buffer_flits"),
        ({"router_options": {"input_buffer": 4}}, "unknown router 'caminos' router_options key"),
        ({"polarized_weights": (0, 1, 2)}, "not an option of router 'caminos'"),
    ],
)
def test_simulate_router_caminos_refuses_what_it_does_not_model(kwargs, match):
    from lowdiam.sim import simulate
    from lowdiam.topologies import slimfly

    args = {"routing": "min-adaptive", **kwargs}
    with pytest.raises(ValueError, match=match):
        simulate(slimfly(5), args.pop("routing"), "uniform", 0.2, router="caminos", **args)


def test_throughput_shortfall_is_saturation_even_without_drops():
    # neighbour traffic funnels each router's servers over one link: accepted stays near 1/p = 0.25 while 0.4 is
    # offered; the short window ends before the server queues overflow, so only the throughput rule can see it
    from lowdiam.sim import simulate
    from lowdiam.topologies import jellyfish

    top = jellyfish(200, 10, 1, endpoints_per_router=4)
    r = simulate(top, "min-adaptive", "neighbor", 0.4, packet_flits=16, warmup_cycles=250, measure_cycles=500,
                 router="caminos")
    assert r.accepted_load < 0.3 and r.params["dropped_fraction"] == 0.0
    assert r.saturated and "accepted" in r.saturation_reason
