"""Cycle-level simulator: analytic checks, bounds, conservation, determinism, errors."""

from __future__ import annotations

import functools

import networkx as nx
import numpy as np
import pytest

from lowdiam.sim import PATTERNS, ROUTINGS
from lowdiam.sim import simulate as _simulate
from lowdiam.topologies import Topology

# These tests pin the ideal router model (simulate's default is the BookSim model since issue 15);
# the BookSim and CAMINOS models have their own test modules.
simulate = functools.partial(_simulate, router="ideal")

SHORT = {"warmup_cycles": 300, "measure_cycles": 1000}


def from_nx(g, name, p, family="test", **kw):
    g = nx.convert_node_labels_to_integers(g, ordering="sorted")
    return Topology.from_edges(name, family, g.number_of_nodes(), list(g.edges()), endpoints_per_router=p, **kw)


def ring(n, p=1):
    return from_nx(nx.cycle_graph(n), f"ring{n}", p, "ring")


def complete(n, p):
    return from_nx(nx.complete_graph(n), f"K{n}", p, "complete")


def rrg(n, d, p, seed=3):
    return from_nx(nx.random_regular_graph(d, n, seed=seed), f"rrg{n}d{d}", p, "jellyfish")


def hamming(k, dims, p):
    g = nx.complete_graph(k)
    h = g
    for _ in range(dims - 1):
        h = nx.cartesian_product(h, g)
    return from_nx(h, f"hyperx{k}^{dims}", p, "hyperx")


def hypercube(d, p):
    return from_nx(nx.hypercube_graph(d), f"Q{d}", p, "hypercube")


def zero_load(hops, P, L=1, R=1, LI=1, LE=1):
    """Analytic zero-load latency of the model (engine docstring)."""
    return LI + LE + hops * L + (hops + 1) * R + P - 1


# --------------------------------------------------------------- analytic values
@pytest.mark.parametrize(
    "P,L,R", [(4, 1, 1), (8, 3, 2), (1, 2, 0)], ids=["P4L1R1", "P8L3R2", "P1L2R0"]
)
def test_zero_load_latency_matches_formula(P, L, R):
    top = ring(12, p=2)
    res = simulate(top, "min", "uniform", 0.002, packet_flits=P, buffer_flits=max(P, 16),
                   link_latency=L, router_delay=R, warmup_cycles=200, measure_cycles=20000, seed=5)
    assert res.packets_delivered == res.packets_measured > 50
    h = res.hop_histogram
    expected = sum(c * zero_load(k, P, L, R) for k, c in enumerate(h)) / h.sum()
    # at 0.2 % load contention is rare: the mean sits on the analytic value
    assert res.latency_mean == pytest.approx(expected, rel=0.01)
    assert res.latency_p50 >= zero_load(0, P, L, R)
    assert res.network_latency_mean <= res.latency_mean


def test_zero_load_global_links():
    # two routers joined by one "global" link: every packet crosses it once
    top = Topology.from_edges("pair", "test", 2, [(0, 1)], endpoints_per_router=1, link_class=[1])
    res = simulate(top, "min", "uniform", 0.002, global_link_latency=7, link_latency=2,
                   warmup_cycles=100, measure_cycles=20000, seed=1)
    assert res.hops_mean == 1.0
    assert res.latency_mean == pytest.approx(zero_load(1, 4, L=7), rel=1e-3)


def test_single_router_saturates_at_hol_limit():
    # one router, 16 endpoints, FIFO injection queues: head-of-line blocking limits
    # uniform throughput to about 0.60 (Karol, Hluchyj & Morgan 1987: 0.600 for N = 16,
    # 2 - sqrt(2) = 0.586 as N grows)
    top = Topology.from_edges("single", "star", 1, [], endpoints_per_router=16)
    res = simulate(top, "min", "uniform", 1.0, warmup_cycles=500, measure_cycles=3000, seed=2)
    assert res.saturated
    assert 0.56 <= res.accepted_load <= 0.65
    low = simulate(top, "min", "uniform", 0.4, warmup_cycles=500, measure_cycles=3000, seed=2)
    assert not low.saturated and low.accepted_load == pytest.approx(0.4, rel=0.05)


def test_min_on_ring_below_channel_bound():
    # uniform traffic (no self traffic) on an n-ring loads every channel by
    # lambda * n^2 / (8 (n-1)): throughput <= 8 (n-1) / n^2
    n = 16
    bound = 8 * (n - 1) / n**2
    res = simulate(ring(n), "min", "uniform", 1.0, **SHORT, seed=1)
    assert res.saturated
    assert 0.8 * bound <= res.accepted_load <= bound * 1.02


def test_min_on_complete_graph_below_link_bound():
    # K_n with p endpoints per router: each link carries p * lambda * p / (N - 1)
    n, p = 5, 16
    bound = (n * p - 1) / p**2
    res = simulate(complete(n, p), "min", "uniform", 1.0, **SHORT, seed=1)
    assert res.saturated
    assert 0.7 * bound <= res.accepted_load <= bound * 1.02
    ok = simulate(complete(n, p), "min", "uniform", 0.5 * bound, **SHORT, seed=1)
    assert not ok.saturated


def test_valiant_at_most_half_of_min_on_complete_graph():
    top = complete(5, 16)
    mn = simulate(top, "min", "uniform", 1.0, **SHORT, seed=4)
    val = simulate(top, "valiant", "uniform", 1.0, **SHORT, seed=4)
    assert val.saturated and mn.saturated
    assert val.accepted_load <= 0.5 * mn.accepted_load * 1.03
    assert val.hops_mean > mn.hops_mean


# --------------------------------------------------------------- bookkeeping
def test_conservation_counters_and_results():
    top = rrg(24, 4, 2)
    res = simulate(top, "ugal", "uniform", 0.3, **SHORT, seed=7, drain="none")
    c = res.conservation
    assert c["generated_flits"] == c["injected_flits"] + c["source_queued_flits"]
    assert c["injected_flits"] == c["ejected_flits"] + c["in_network_flits"]
    assert res.link_utilization.shape == (top.indices.size,)
    assert 0 < res.link_utilization.max() <= 1.0
    assert 0 < res.jain_fairness <= 1.0
    assert res.min_source_throughput <= res.accepted_load
    assert res.latency_p50 <= res.latency_p99 <= res.latency_max
    assert res.hop_histogram.sum() == res.packets_delivered
    # drain='all' empties the network
    res = simulate(top, "min", "uniform", 0.3, **SHORT, seed=7, drain="all")
    assert res.conservation["in_network_flits"] == 0 and res.conservation["source_queued_flits"] == 0
    assert res.conservation["generated_flits"] == res.conservation["ejected_flits"]


@pytest.mark.parametrize("router", ["booksim", "caminos", "ideal"])
def test_a_run_reports_its_cpu_seconds(router):
    top = rrg(24, 6, 2)
    res = simulate(top, "min-adaptive" if router == "caminos" else "min", "uniform", 0.3, **SHORT, seed=1,
                   router=router)
    assert isinstance(res.cpu_seconds, float) and 0 < res.cpu_seconds <= res.wall_seconds + 0.05
    assert res.to_dict()["cpu_seconds"] == res.cpu_seconds and "CPU s" in str(res)


def test_determinism():
    top = rrg(24, 6, 2)
    a = simulate(top, "polarized", "randperm", 0.4, **SHORT, seed=11).to_dict()
    b = simulate(top, "polarized", "randperm", 0.4, **SHORT, seed=11).to_dict()
    c = simulate(top, "polarized", "randperm", 0.4, **SHORT, seed=12).to_dict()
    for d in (a, b, c):
        d.pop("wall_seconds")
        d.pop("cpu_seconds")
    assert a == b
    assert a != c


def test_round_robin_arbitration_runs():
    res = simulate(rrg(24, 4, 2), "min", "uniform", 0.3, **SHORT, arbitration="round_robin")
    assert not res.saturated


def test_source_queue_grows_without_bound_when_saturated():
    top = complete(4, 8)
    res = simulate(top, "min", "uniform", 1.0, warmup_cycles=200, measure_cycles=3000, drain="none")
    assert res.saturated
    assert res.params["source_queue_capacity"] > 64  # the ring was grown, nothing was dropped
    assert res.conservation["source_queued_flits"] > 0


# --------------------------------------------------------------- every routing delivers
def families():
    fams = [rrg(24, 6, 2), complete(6, 3), ring(9, 2), hypercube(4, 2), hamming(3, 3, 2)]
    try:
        from lowdiam.topologies import slimfly

        fams.append(slimfly(5, endpoints_per_router=2))
    except (ImportError, AttributeError):
        pass
    try:
        from lowdiam.topologies import polarstar

        fams.append(polarstar(2, "iq", 3, endpoints_per_router=2))
    except (ImportError, AttributeError):
        pass
    return fams


def _grouped(top):
    return "group" in top.labels or "supernode" in top.labels


# routings that need a topology's structure: routing -> (applies?, word the refusal must contain)
STRUCTURED = {
    "polarstar-min": (lambda t: t.family == "polarstar", "polarstar"),
    "df-min": (lambda t: t.family in ("dragonfly", "megafly"), "df"),
    "df-ugal": (lambda t: t.family in ("dragonfly", "megafly"), "df"),
    "gf-min": (lambda t: t.link_class is not None, "link classes"),
    "nag": (_grouped, "nag"),
    "nar": (lambda t: t.family == "galaxyfly", "nar"),
    "nal": (lambda t: t.family == "galaxyfly", "nal"),
    "omni": (lambda t: t.family == "hyperx", "omni"),
}


def applies(routing, top) -> bool:
    return routing not in STRUCTURED or STRUCTURED[routing][0](top)


def structured_families():
    from lowdiam.topologies import dragonfly_canonical, galaxyfly, megafly

    return [dragonfly_canonical(3), megafly(3, 4), galaxyfly(2, 5, 2, 1)]


@pytest.mark.parametrize("routing", sorted(ROUTINGS))
def test_every_routing_delivers_everything(routing):
    """Every routing delivers every packet where it applies, and refuses clearly elsewhere."""
    ran = 0
    for top in families() + structured_families():
        if not applies(routing, top):
            with pytest.raises(ValueError, match=STRUCTURED[routing][1]):
                simulate(top, routing, "uniform", 0.3, warmup_cycles=10, measure_cycles=10)
            continue
        if routing == "polarized" and top.family in ("dragonfly", "megafly", "galaxyfly"):
            continue  # covered by test_polarized_refuses_topologies_with_corners where it applies
        res = simulate(top, routing, "uniform", 0.3, warmup_cycles=100, measure_cycles=400, drain="all", seed=3)
        c = res.conservation
        assert res.packets_delivered == res.packets_measured > 0, top.name
        assert c["generated_flits"] == c["ejected_flits"] > 0, top.name
        assert res.hop_histogram.size - 1 <= res.params["vcs"], top.name
        ran += 1
    assert ran >= 1


def test_ugal_is_minimal_at_low_load_and_adaptive_under_adversarial_load():
    top = complete(8, 4)
    low = simulate(top, "ugal", "uniform", 0.05, **SHORT, seed=1)
    assert low.hops_mean < 1.05 * simulate(top, "min", "uniform", 0.05, **SHORT, seed=1).hops_mean
    # every router sends all its traffic to one neighbour: MIN has one link (throughput 1/p),
    # UGAL and Polarized spread over the two-hop detours
    mn = simulate(top, "min", "neighbor", 0.8, **SHORT, seed=1)
    ug = simulate(top, "ugal", "neighbor", 0.8, **SHORT, seed=1)
    val = simulate(top, "valiant", "neighbor", 0.8, **SHORT, seed=1)
    assert mn.accepted_load <= 0.25 * 1.02
    assert ug.accepted_load > 1.5 * mn.accepted_load
    assert val.accepted_load > 1.5 * mn.accepted_load
    pol = simulate(top, "polarized", "neighbor", 0.8, **SHORT, seed=1)
    assert pol.accepted_load > 1.5 * mn.accepted_load
    # weights far above any queue this network can hold (0, 640, 800) make Polarized minimal
    pol = simulate(top, "polarized", "neighbor", 0.8, **SHORT, seed=1, routing_options={"weights": (0, 640, 800)})
    assert pol.accepted_load <= 0.25 * 1.02


def test_minimal_routings_take_shortest_paths():
    from lowdiam.metrics.distances import distance_matrix

    top = rrg(32, 5, 2)
    D = distance_matrix(top).astype(float)
    res = simulate(top, "min-single", "server_perm", 0.05, warmup_cycles=100, measure_cycles=2000, seed=2)
    res2 = simulate(top, "min", "server_perm", 0.05, warmup_cycles=100, measure_cycles=2000, seed=2)
    assert res.hops_mean == pytest.approx(res2.hops_mean, rel=0.05)
    assert res.hop_histogram.size - 1 <= D.max()


def test_polarized_refuses_topologies_with_corners():
    path = from_nx(nx.path_graph(5), "path5", 1)
    with pytest.raises(ValueError, match="corner"):
        simulate(path, "polarized", "uniform", 0.1)
    simulate(path, "min", "uniform", 0.1, **SHORT)  # MIN is fine on a path
    # a sparse random regular graph (degree 5 < 2.885 ln 32) has dead ends too
    with pytest.raises(ValueError, match="strand a packet"):
        simulate(rrg(32, 5, 2), "polarized", "uniform", 0.1)


# --------------------------------------------------------------- traffic patterns
@pytest.mark.parametrize("pattern", sorted(PATTERNS))
def test_every_pattern_runs(pattern):
    top = from_nx(nx.complete_graph(8), "K8", 4, labels={"group": np.arange(8) // 2})
    if pattern == "worst_case":  # defined per family (Galaxyfly Sec. 5)
        from lowdiam.topologies import dragonfly

        top = dragonfly(4, 2, 2)  # one global link per group pair: MIN saturates at 1/8
    if pattern == "tornado":  # needs labels["coords"] (HyperX, torus)
        from lowdiam.topologies import hyperx

        top = hyperx(4, 4).with_endpoints(1)
    res = simulate(top, "min", pattern, 0.05 if pattern == "worst_case" else 0.2, **SHORT, seed=1)
    assert res.packets_delivered == res.packets_measured > 0
    assert not res.saturated


def test_bit_patterns_and_permutations():
    from lowdiam.sim.traffic import Endpoints, make_traffic

    top = ring(10, p=2)  # 20 endpoints -> bit patterns on 16
    ep = Endpoints.of(top.endpoints)
    D = np.zeros((10, 10), np.uint8)
    sh = make_traffic("shuffle", top, ep, D, 0)
    assert sh.active.sum() == 16
    assert sh.dst[0b0011] == 0b0110 and sh.dst[0b1001] == 0b0011
    br = make_traffic("bitrev", top, ep, D, 0)
    assert br.dst[0b0001] == 0b1000 and br.dst[0b0110] == 0b0110
    tr = make_traffic("transpose", top, ep, D, 0)
    assert tr.dst[0b0001] == 0b0100 and tr.dst[0b1100] == 0b0011
    rp = make_traffic("randperm", top, ep, D, 5)
    dst = rp.dst.reshape(10, 2)
    assert sorted(dst[:, 0] // 2) == list(range(10)) and np.all(dst[:, 1] == dst[:, 0] + 1)
    nb = make_traffic("neighbor", top, ep, D, 5)
    tau = nb.dst.reshape(10, 2)[:, 0] // 2
    assert sorted(tau) == list(range(10))
    assert all((int(t) - r) % 10 in (1, 9) for r, t in enumerate(tau))  # tau(r) is a ring neighbour


def test_adversarial_targets_one_group_at_max_distance():
    from lowdiam.metrics.distances import distance_matrix
    from lowdiam.sim.traffic import Endpoints, make_traffic

    top = hamming(3, 2, 1)
    top = Topology.from_edges("h", "hyperx", 9, top.edges, endpoints_per_router=1,
                              labels={"group": np.arange(9) // 3})
    D = distance_matrix(top)
    spec = make_traffic("adversarial", top, Endpoints.of(top.endpoints), D, 0)
    g = np.arange(9) // 3
    for s in range(9):
        targets = spec.dst[spec.ptr[s]:spec.ptr[s + 1]]
        assert len(set(g[targets])) == 1 and g[targets[0]] != g[s]
        assert np.all(D[s, targets] == D[s, g == g[targets[0]]].max())
    with pytest.raises(ValueError, match="supernode"):
        make_traffic("adversarial", ring(6), Endpoints.of(ring(6).endpoints), D, 0)


def test_worst_case_follows_the_galaxyfly_rule_per_family():
    from lowdiam.metrics.distances import distance_matrix
    from lowdiam.sim.traffic import Endpoints, make_traffic
    from lowdiam.topologies import dragonfly, galaxyfly, slimfly

    # Slim Fly: only other groups of the same subgraph, all of them, each at distance 2
    sf = slimfly(5, endpoints_per_router=2)
    ep = Endpoints.of(sf.endpoints)
    D = distance_matrix(sf)
    spec = make_traffic("worst_case", sf, ep, D, 0)
    sub, grp = sf.labels["subgraph"], sf.labels["group"]
    for e in range(ep.count):
        r = ep.router[e]
        got = set(ep.router[spec.dst[spec.ptr[e]:spec.ptr[e + 1]]].tolist())
        want = {t for t in range(sf.num_routers) if sub[t] == sub[r] and grp[t] != grp[r]}
        assert got == want and all(D[r, t] == 2 for t in got)
    # Galaxyfly, default: every terminal of every other cluster
    gf = galaxyfly(3, 5, 1, 1)
    ep = Endpoints.of(gf.endpoints)
    D = distance_matrix(gf)
    cl = gf.labels["cluster"]
    spec = make_traffic("worst_case", gf, ep, D, 3)
    for e in range(ep.count):
        got = set(spec.dst[spec.ptr[e]:spec.ptr[e + 1]].tolist())
        assert got == {f for f in range(ep.count) if cl[ep.router[f]] != cl[ep.router[e]]}
    # Galaxyfly, cluster_permutation: each cluster to one other cluster (a derangement), farthest routers of it
    spec = make_traffic("worst_case", gf, ep, D, 3, galaxyfly_rule="cluster_permutation")
    with pytest.raises(ValueError, match="unknown galaxyfly_rule 'tornado'.*inter_cluster"):
        make_traffic("worst_case", gf, ep, D, 3, galaxyfly_rule="tornado")
    target = {}
    for e in range(ep.count):
        r = ep.router[e]
        ts = ep.router[spec.dst[spec.ptr[e]:spec.ptr[e + 1]]]
        assert len(set(cl[ts].tolist())) == 1 and cl[ts[0]] != cl[r]
        target.setdefault(int(cl[r]), int(cl[ts[0]]))
        assert target[int(cl[r])] == int(cl[ts[0]])
        assert np.all(D[r, ts] == D[r, cl == cl[ts[0]]].max())
    assert sorted(target.values()) == sorted(target)  # a permutation of the clusters
    # Dragonfly: the group adversarial pattern itself
    df = dragonfly(4, 2, 2)
    D = distance_matrix(df)
    a = make_traffic("worst_case", df, Endpoints.of(df.endpoints), D, 1)
    b = make_traffic("adversarial", df, Endpoints.of(df.endpoints), D, 1)
    assert np.array_equal(a.ptr, b.ptr) and np.array_equal(a.dst, b.dst)
    top = hamming(3, 2, 1)  # a HyperX without its coordinates: no tornado
    with pytest.raises(ValueError, match=r"tornado traffic needs labels\['coords'\]"):
        make_traffic("worst_case", top, Endpoints.of(top.endpoints), distance_matrix(top), 0)
    with pytest.raises(ValueError, match="no Galaxyfly worst-case rule for family 'ring'"):
        make_traffic("worst_case", ring(6), Endpoints.of(ring(6).endpoints), distance_matrix(ring(6)), 0)


def test_worst_case_flattened_butterfly_is_tornado_and_fat_tree_crosses_the_top():
    from lowdiam.metrics.distances import distance_matrix
    from lowdiam.sim import channel_load_bound
    from lowdiam.sim.traffic import Endpoints, make_traffic
    from lowdiam.topologies import fat_tree, hyperx

    fb = hyperx(8, 3, 4, endpoints_per_router=2)  # offsets ceil(k/2) - 1 = 3, 1, 1
    ep = Endpoints.of(fb.endpoints)
    spec = make_traffic("worst_case", fb, ep, distance_matrix(fb), 0)
    coords = fb.labels["coords"]
    assert np.array_equal(spec.ptr, np.arange(ep.count + 1))  # one destination per source: a permutation
    assert sorted(spec.dst.tolist()) == list(range(ep.count))
    for e in range(ep.count):
        d = int(spec.dst[e])
        assert ep.local[d] == ep.local[e]  # endpoint j to endpoint j
        assert np.array_equal(coords[ep.router[d]], (coords[ep.router[e]] + [3, 1, 1]) % [8, 3, 4])
    # every packet crosses one offset link per dimension and each such link carries one router's p endpoints:
    # MIN saturates at 1 / p
    assert channel_load_bound(hyperx(4, 4, 4, endpoints_per_router=2), "min", "worst_case").bound == pytest.approx(0.5)
    ft = fat_tree(4, 3)  # 16 leaves in 4 pods of 4: a leaf's farthest leaves are the 12 outside its pod
    ep = Endpoints.of(ft.endpoints)
    D = distance_matrix(ft)
    spec = make_traffic("worst_case", ft, ep, D, 0)
    leaves = np.flatnonzero(np.diff(ep.first) > 0)
    for e in range(ep.count):
        r = ep.router[e]
        got = set(ep.router[spec.dst[spec.ptr[e]:spec.ptr[e + 1]]].tolist())
        assert len(got) == 12 and all(D[r, t] == D[r, leaves].max() == 4 for t in got)
        assert len(spec.dst[spec.ptr[e]:spec.ptr[e + 1]]) == 12 * 4  # all their terminals


def test_worst_case_simulates_on_galaxyfly():
    from lowdiam.topologies import galaxyfly

    res = simulate(galaxyfly(3, 5, 1, 2), "min", "worst_case", 0.2, warmup_cycles=100, measure_cycles=200, seed=0)
    assert res.packets_delivered > 0 and res.hops_mean >= 1


# --------------------------------------------------------------- bad parameters
def test_bad_parameters_raise_value_error():
    top = ring(8)
    for load in (0.0, -0.1, 1.01, float("nan")):
        with pytest.raises(ValueError, match=r"\(0, 1\]"):
            simulate(top, "min", "uniform", load)
    with pytest.raises(ValueError, match="valiant"):
        simulate(top, "minimal", "uniform", 0.1)
    with pytest.raises(ValueError, match="uniform"):
        simulate(top, "min", "no-such-pattern", 0.1)
    with pytest.raises(ValueError, match="vcs >= 4"):
        simulate(top, "min", "uniform", 0.1, vcs=3)
    with pytest.raises(ValueError, match="vcs >= 8"):
        simulate(top, "valiant", "uniform", 0.1, vcs=4)
    with pytest.raises(ValueError, match="buffer_flits"):
        simulate(top, "min", "uniform", 0.1, packet_flits=8, buffer_flits=4)
    with pytest.raises(ValueError, match="flow_control"):
        simulate(top, "min", "uniform", 0.1, flow_control="store-and-forward")
    with pytest.raises(ValueError, match="round_robin"):
        simulate(top, "min", "uniform", 0.1, arbitration="islip")
    with pytest.raises(ValueError, match="disconnected"):
        two = Topology.from_edges("two", "x", 4, [(0, 1), (2, 3)], endpoints_per_router=1)
        simulate(two, "min", "uniform", 0.1)


def test_default_arguments():
    res = simulate(rrg(16, 3, 2), "min", "uniform", 0.3)
    assert res.accepted_load == pytest.approx(0.3, rel=0.1)
    assert res.params["packet_flits"] == 4 and res.params["buffer_flits"] == 32


def test_extra_vcs_relieve_head_of_line_blocking():
    # one router: with one VC per injection port, FIFO head-of-line blocking caps uniform throughput
    # near 0.6 (Karol et al.); with 4 VCs up to 4 heads per endpoint compete and the cap lifts
    top = Topology.from_edges("single", "star", 1, [], endpoints_per_router=16)
    one = simulate(top, "min", "uniform", 1.0, warmup_cycles=500, measure_cycles=3000, seed=2)
    four = simulate(top, "min", "uniform", 1.0, vcs=4, warmup_cycles=500, measure_cycles=3000, seed=2)
    assert four.accepted_load > 1.2 * one.accepted_load
    # in a network, VCs beyond the longest route are shared out among the hop classes
    ring_top = rrg(32, 4, 3)
    few = simulate(ring_top, "min", "uniform", 1.0, **SHORT, seed=2)
    many = simulate(ring_top, "min", "uniform", 1.0, vcs=3 * few.params["vcs"], **SHORT, seed=2)
    assert many.accepted_load > 1.05 * few.accepted_load


def test_min_vcs_is_a_floor_on_the_hop_classes():
    top = rrg(32, 4, 3)
    need = simulate(top, "min", "uniform", 0.2, **SHORT, seed=1).params["vcs"]
    floored = simulate(top, "min", "uniform", 0.2, min_vcs=need + 2, **SHORT, seed=1)
    same = simulate(top, "min", "uniform", 0.2, vcs=need + 2, **SHORT, seed=1)
    assert floored.params["vcs"] == need + 2 and floored.accepted_load == same.accepted_load
    low = simulate(top, "min", "uniform", 0.2, min_vcs=1, **SHORT, seed=1)
    assert low.params["vcs"] == need  # a floor below the longest route changes nothing
    with pytest.raises(ValueError, match="not both"):
        simulate(top, "min", "uniform", 0.2, vcs=need, min_vcs=need)
    with pytest.raises(ValueError, match="min_vcs must be >= 1"):
        simulate(top, "min", "uniform", 0.2, min_vcs=0)


# --------------------------------------------------------------- long links, long latencies
def test_long_links_are_not_reported_as_saturation():
    # 1,500-cycle links: the default drain cap scales with the longest zero-load route (buffers
    # deep enough for the credit round trip, else the links really do saturate)
    kw = {"link_latency": 1500, "buffer_flits": 3200, "warmup_cycles": 8000, "measure_cycles": 2000, "seed": 3}
    res = simulate(ring(8, p=1), "min", "uniform", 0.05, **kw)
    assert res.packets_delivered == res.packets_measured > 0
    assert not res.saturated, res.saturation_reason
    old_cap = simulate(ring(8, p=1), "min", "uniform", 0.05, max_drain_cycles=2000, **kw)  # the former default
    assert old_cap.saturated and old_cap.packets_delivered < old_cap.packets_measured


def test_latency_percentiles_are_not_capped():
    # one 70,000-cycle link: every latency is above the old 65,535-bin histogram's last bin
    top = Topology.from_edges("pair", "test", 2, [(0, 1)], endpoints_per_router=1)
    res = simulate(top, "min", "uniform", 0.02, link_latency=70000, warmup_cycles=0, measure_cycles=400, seed=1)
    expected = zero_load(1, 4, L=70000)
    assert res.packets_delivered == res.packets_measured > 0
    assert res.latency_p50 >= expected > 65535
    assert res.latency_p99 <= res.latency_max


# --------------------------------------------------------------- saturation rule on short windows
def test_short_windows_at_low_load_are_not_flagged_saturated():
    # 200 + 200 cycles at load 0.05: ~120 packets per run, so 5 % is counting noise (3 sqrt(120) = 33 packets)
    top = rrg(24, 4, 2)
    runs = [simulate(top, "min", "uniform", 0.05, warmup_cycles=200, measure_cycles=200, seed=s) for s in range(30)]
    assert not any(r.saturated for r in runs), [r.saturation_reason for r in runs if r.saturated]
    # a saturated run is still caught on the same short windows
    hot = simulate(complete(5, 16), "min", "uniform", 1.0, warmup_cycles=200, measure_cycles=200, seed=1)
    assert hot.saturated


# --------------------------------------------------------------- options and boundary checks
def test_saturation_tolerance_is_validated():
    top = ring(8)
    for bad in (-1, 1.0, float("nan")):
        with pytest.raises(ValueError, match="saturation_tolerance"):
            simulate(top, "min", "uniform", 0.1, saturation_tolerance=bad)
    with pytest.raises(TypeError, match="saturation_tolerance"):
        simulate(top, "min", "uniform", 0.1, saturation_tolerance="5%")


def test_inconsistent_csr_arrays_are_refused():
    import dataclasses as dc

    top = ring(8)
    broken = [
        {"indptr": top.indptr[:-1]},  # wrong length
        {"indptr": top.indptr[::-1].copy()},  # decreasing
        {"indices": np.where(np.arange(top.indices.size) == 3, 99, top.indices)},  # out of range
    ]
    for change in broken:
        bad = object.__new__(type(top))
        for f in dc.fields(top) if dc.is_dataclass(top) else ():
            object.__setattr__(bad, f.name, getattr(top, f.name))
        if not dc.is_dataclass(top):
            bad.__dict__.update(top.__dict__)
        for k, v in change.items():
            object.__setattr__(bad, k, v)
        with pytest.raises(ValueError, match="indptr|indices"):
            simulate(bad, "min", "uniform", 0.1, warmup_cycles=10, measure_cycles=10)


def test_unknown_option_keys_are_refused():
    top = rrg(24, 4, 2)
    with pytest.raises(ValueError, match="unknown ugal routing_options key 'sample'; valid keys: cost, inner, samples"):
        simulate(top, "ugal", "uniform", 0.1, routing_options={"sample": 2})
    with pytest.raises(ValueError, match="unknown hotspot traffic_options key 'hotspot_fraction'.*hot_fraction"):
        simulate(top, "min", "hotspot", 0.1, traffic_options={"hotspot_fraction": 0.2})
    with pytest.raises(ValueError, match="valid keys: \\(none"):
        simulate(top, "min", "shuffle", 0.1, traffic_options={"io_endpoints": [0]})
    with pytest.raises(ValueError, match="unknown uniform traffic_options key 'io_endpoints'; valid keys: "
                                         "include_source"):
        simulate(top, "min", "uniform", 0.1, traffic_options={"io_endpoints": [0]})
    with pytest.raises(ValueError, match="router_options"):
        simulate(top, "min", "uniform", 0.1, router_options={"speedup": 2})
    with pytest.raises(ValueError, match="router must be one of 'ideal'"):
        simulate(top, "min", "uniform", 0.1, router="booksim2")
    with pytest.raises(ValueError, match="inner.*minimal routing"):
        simulate(top, "valiant", "uniform", 0.1, routing_options={"inner": "ugal"})


def test_deprecated_keywords_map_into_routing_options():
    top = rrg(24, 6, 2)
    kw = {"warmup_cycles": 100, "measure_cycles": 300, "seed": 4}
    new = simulate(top, "polarized", "uniform", 0.3, routing_options={"weights": (0, 8, 12)}, **kw).to_dict()
    with pytest.warns(DeprecationWarning, match="routing_options"):
        old = simulate(top, "polarized", "uniform", 0.3, polarized_weights=(0, 8, 12), **kw).to_dict()
    for d in (new, old):
        d.pop("wall_seconds")
        d.pop("cpu_seconds")
    assert new == old
    with pytest.warns(DeprecationWarning):
        k3 = simulate(top, "ksp", "uniform", 0.3, ksp_paths=3, **kw)
    assert k3.params["routing_options"] == {"paths": 3}


def test_inner_routing_composes():
    # df-ugal is ugal with inner df-min: identical numbers by either name
    from lowdiam.topologies import dragonfly_canonical

    top = dragonfly_canonical(3)
    kw = {"warmup_cycles": 100, "measure_cycles": 300, "seed": 2}
    a = simulate(top, "df-ugal", "adversarial", 0.4, **kw).to_dict()
    b = simulate(top, "ugal", "adversarial", 0.4, routing_options={"inner": "df-min"}, **kw).to_dict()
    for d in (a, b):
        d.pop("wall_seconds")
        d.pop("cpu_seconds")
        d.pop("routing")
    assert a == b
    # Valiant over the single-path tables delivers everything, with two phases' hops
    v = simulate(rrg(24, 4, 2), "valiant", "uniform", 0.1, routing_options={"inner": "min-single"}, **kw)
    m = simulate(rrg(24, 4, 2), "min-single", "uniform", 0.1, **kw)
    assert v.packets_delivered == v.packets_measured and v.hops_mean > m.hops_mean


# --------------------------------------------------------------- reporting
def test_result_prints_one_screen():
    res = simulate(rrg(24, 4, 2), "min", "uniform", 0.2, warmup_cycles=100, measure_cycles=300, seed=1)
    text, rep = str(res), repr(res)
    assert len(text.splitlines()) <= 12 and "accepted" in text and "stable" in text
    assert len(rep) < 1500 and "link_utilization=<float64 array (96,)>" in rep


def test_first_compile_is_announced_once(capsys):
    import lowdiam.sim.ideal.run as run_module

    class FreshKernel:  # no compiled signatures, no cache index: a compile is coming
        signatures = ()

    run_module._announced = False
    run_module._announce_compiling(FreshKernel())
    run_module._announce_compiling(FreshKernel())
    err = capsys.readouterr().err
    assert err.count("compiling the simulator kernels") == 1 and len(err.splitlines()) == 1
