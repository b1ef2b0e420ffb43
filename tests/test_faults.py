"""Fault tolerance (lowdiam.faults) against brute-force networkx references."""

from __future__ import annotations

import itertools
import math

import networkx as nx
import numpy as np
import pytest

from lowdiam import faults as F
from lowdiam import topologies as T
from lowdiam.topologies import Topology


# ------------------------------------------------------------ references
def brute_disconnection_count(top: Topology, order: np.ndarray) -> int:
    """Remove links one at a time; first k at which the endpoint routers split (networkx)."""
    g = top.to_networkx()
    ep = np.flatnonzero(top.endpoint_routers).tolist()
    for k, e in enumerate(order, start=1):
        u, v = top.edges[e]
        g.remove_edge(int(u), int(v))
        comp = nx.node_connected_component(g, ep[0])
        if not all(x in comp for x in ep):
            return k
    raise AssertionError("never disconnected")


def brute_metrics(top: Topology, kept: np.ndarray) -> tuple[float, float]:
    """(diameter, mean distance) among endpoint routers of the damaged graph, networkx BFS."""
    g = nx.Graph()
    g.add_nodes_from(range(top.num_routers))
    g.add_edges_from(map(tuple, kept.tolist()))
    ep = np.flatnonzero(top.endpoint_routers).tolist()
    dists = []
    for s in ep:
        lengths = nx.single_source_shortest_path_length(g, s)
        for t in ep:
            if t == s:
                continue
            if t not in lengths:
                return math.inf, math.inf
            dists.append(lengths[t])
    return float(max(dists)), float(np.mean(dists))


def path_graph(n: int) -> Topology:
    return Topology.from_edges("path", "test", n, [(i, i + 1) for i in range(n - 1)])


SMALL = {
    "slimfly5": lambda: T.slimfly(5),
    "petersen-like polarfly3": lambda: T.erdos_renyi_polarity(3),
    "hyperx3x3": lambda: T.hyperx(3, 3),
    "dragonfly": lambda: T.dragonfly(4, 2, 2),
    "fat_tree4": lambda: T.fat_tree(4, 3),
    "fat_tree2": lambda: T.fat_tree(2, 3),
    "megafly4x4": lambda: T.megafly(4, 4),
    "megafly2x2": lambda: T.megafly(2, 2),
}


# ------------------------------------------------------- disconnection ratio
@pytest.mark.parametrize("name", list(SMALL))
def test_disconnection_matches_bruteforce(name):
    top = SMALL[name]()
    orders = F.failure_sequences(top, 6, seed=3)
    counts = F.disconnection_counts(top, orders)
    for order, k in zip(orders, counts):
        assert k == brute_disconnection_count(top, order)
    ratios = F.disconnection_ratio(top, 6, seed=3)
    np.testing.assert_allclose(ratios, counts / top.num_edges)


def test_indirect_networks_use_endpoint_routers_only():
    # cutting off a core switch of a fat-tree does not disconnect it; the brute force
    # on the whole graph would give an earlier (smaller) count on some order
    top = T.fat_tree(4, 3)
    assert not top.is_direct
    orders = F.failure_sequences(top, 20, seed=0)
    ours = F.disconnection_counts(top, orders)
    whole = []
    for order in orders:
        g = top.to_networkx()
        for k, e in enumerate(order, start=1):
            g.remove_edge(*map(int, top.edges[e]))
            if not nx.is_connected(g):
                whole.append(k)
                break
    assert np.all(ours >= np.array(whole))
    assert np.any(ours > np.array(whole))


def test_tree_disconnects_at_first_failure():
    top = path_graph(7)
    np.testing.assert_array_equal(F.disconnection_ratio(top, 5, seed=0), np.full(5, 1 / 6))
    single = Topology.from_edges("edge", "test", 2, [(0, 1)])
    assert F.disconnection_ratio(single, 1).tolist() == [1.0]


def test_complete_graph_exhaustive_orders():
    # K4: every one of the 720 orders checked against the brute force
    top = Topology.from_edges("K4", "test", 4, list(itertools.combinations(range(4), 2)))
    orders = np.array(list(itertools.permutations(range(6))), dtype=np.int32)
    ours = F.disconnection_counts(top, orders)
    ref = [brute_disconnection_count(top, o) for o in orders]
    np.testing.assert_array_equal(ours, ref)
    assert set(ours.tolist()) == {3, 4}  # a vertex isolated after 3 removals, or a 4th needed


def test_sequences_are_permutations_and_deterministic():
    top = T.slimfly(5)
    a = F.failure_sequences(top, 5, seed=7)
    assert a.shape == (5, top.num_edges) and a.dtype == np.int32
    assert all(np.array_equal(np.sort(r), np.arange(top.num_edges)) for r in a)
    np.testing.assert_array_equal(a, F.failure_sequences(top, 5, seed=7))
    # more trials extend, never change, the earlier ones
    np.testing.assert_array_equal(a, F.failure_sequences(top, 9, seed=7)[:5])
    assert not np.array_equal(a, F.failure_sequences(top, 5, seed=8))
    r1 = F.disconnection_ratio(top, 10, seed=7)
    np.testing.assert_array_equal(r1, F.disconnection_ratio(top, 10, seed=7, batch=3))
    np.testing.assert_array_equal(r1, F.disconnection_counts(top, F.failure_sequences(top, 10, 7)) / top.num_edges)


def test_median_trial():
    assert F.median_trial([0.5, 0.2, 0.9]) == 0
    assert F.median_trial([0.4, 0.1, 0.3, 0.3, 0.9]) == 2  # ties: smallest index
    assert F.median_trial([0.2, 0.4]) == 0  # lower median


# ------------------------------------------------------ metrics of damage
@pytest.mark.parametrize("name", ["slimfly5", "hyperx3x3", "fat_tree4", "megafly4x4"])
def test_metrics_along_sequence_match_networkx(name):
    top = SMALL[name]()
    order = F.failure_sequences(top, 1, seed=2)[0]
    ratios = [0.0, 0.1, 0.25, 0.4, 0.7]
    got = F.metrics_along_sequence(top, order, ratios)
    for i, r in enumerate(ratios):
        k = int(np.rint(r * top.num_edges))
        assert got["failed"][i] == k
        kept = F.damaged_edges(top, order, k)
        assert kept.shape[0] == top.num_edges - k
        d, m = brute_metrics(top, kept)
        assert got["diameter"][i] == d
        if math.isinf(m):
            assert math.isinf(got["mean_distance"][i])
        else:
            assert got["mean_distance"][i] == pytest.approx(m, rel=1e-12)


def test_metrics_under_failures_match_networkx_and_are_nested():
    top = T.slimfly(5)
    res = F.metrics_under_failures(top, [0.0, 0.2, 0.35], trials=4, seed=5)
    orders = F.failure_sequences(top, 4, seed=5)
    assert res.trials.tolist() == [4, 4, 4] and res.num_links == top.num_edges
    for i, r in enumerate(res.ratios):
        for t in range(4):
            kept = F.damaged_edges(top, orders[t], int(np.rint(r * top.num_edges)))
            d, m = brute_metrics(top, kept)
            assert res.values["diameter"][i][t] == d
            if math.isfinite(m):
                assert res.values["mean_distance"][i][t] == pytest.approx(m, rel=1e-12)
    assert res.mean("diameter")[0] == 2  # SF(5) intact: diameter 2
    assert np.all(np.diff(res.mean("mean_distance")) >= 0)  # nested damage: distances only grow
    assert res.connected_fraction()[0] == 1.0


def test_sampled_sources_give_lower_bounds():
    top = T.slimfly(7)
    exact = F.metrics_under_failures(top, [0.3], trials=3, seed=1)
    samp = F.metrics_under_failures(top, [0.3], trials=3, seed=1, sources=10)
    assert samp.sampled_sources == 10
    assert np.all(samp.values["diameter"][0] <= exact.values["diameter"][0])
    ind = T.fat_tree(4, 3)
    e = F.metrics_under_failures(ind, [0.1], trials=2, seed=1)
    s = F.metrics_under_failures(ind, [0.1], trials=2, seed=1, sources=16)  # all 16 endpoint routers
    np.testing.assert_array_equal(e.values["mean_distance"][0], s.values["mean_distance"][0])


def brute_min_bisection(n: int, edges: np.ndarray) -> int:
    best = None
    for half in itertools.combinations(range(n), n // 2):
        side = np.zeros(n, dtype=bool)
        side[list(half)] = True
        cut = int(np.count_nonzero(side[edges[:, 0]] != side[edges[:, 1]]))
        best = cut if best is None else min(best, cut)
    return best


def test_bisection_under_failures_is_a_valid_upper_bound():
    pytest.importorskip("pymetis")
    top = T.hyperx(3, 4)  # 12 routers: brute force over 924 balanced splits
    res = F.metrics_under_failures(top, [0.0, 0.3], trials=3, seed=4, metrics=("bisection",))
    orders = F.failure_sequences(top, 3, seed=4)
    for i, r in enumerate(res.ratios):
        for t in range(3):
            kept = F.damaged_edges(top, orders[t], int(np.rint(r * top.num_edges)))
            assert res.values["bisection"][i][t] >= brute_min_bisection(top.num_routers, kept)
    assert res.values["bisection"][0][0] == brute_min_bisection(top.num_routers, top.edges)


# --------------------------------------------------- SpectralFly trial rule
def test_spectralfly_cv():
    assert F.spectralfly_trials(np.full(10, 3.0)) == 0.0
    v = np.arange(20, dtype=float)  # batch means 0.5, 2.5, ..., 18.5
    means = v.reshape(10, 2).mean(axis=1)
    assert F.spectralfly_trials(v) == pytest.approx(means.std(ddof=1) / means.mean())
    assert F.spectralfly_trials([1.0] * 9 + [math.inf]) == math.inf
    with pytest.raises(ValueError, match="multiple of 10"):
        F.spectralfly_trials(np.ones(15))


def test_adaptive_trials_follow_the_rule():
    top = T.slimfly(5)
    res = F.metrics_under_failures(top, [0.0, 0.3], trials="spectralfly", seed=0, max_trials=100)
    assert res.trials[0] == 10  # intact: identical values, CV 0 after 10 x 1 trials
    assert res.trials[1] in (10, 100)
    for m in ("diameter", "mean_distance"):
        assert res.cv[m][0] == 0.0
        if res.trials[1] == 10:
            assert res.cv[m][1] < 0.10
    # deterministic and consistent with a fixed count of the same size
    again = F.metrics_under_failures(top, [0.3], trials=int(res.trials[1]), seed=0)
    np.testing.assert_array_equal(again.values["mean_distance"][0], res.values["mean_distance"][1])


# --------------------------------------------------------------- bad input
def test_bad_input():
    top = T.slimfly(5)
    with pytest.raises(ValueError, match="trials must be >= 1"):
        F.disconnection_ratio(top, 0)
    with pytest.raises(ValueError, match="seed must be"):
        F.disconnection_ratio(top, 3, seed=-1)
    with pytest.raises(TypeError, match="cannot read a graph"):
        F.disconnection_ratio("petersen", 3)
    with pytest.raises(ValueError, match="permutation"):
        F.disconnection_counts(top, np.zeros((1, top.num_edges), dtype=np.int32))
    with pytest.raises(ValueError, match=r"shape \(trials"):
        F.disconnection_counts(top, np.arange(5))
    two = Topology.from_edges("2K2", "test", 4, [(0, 1), (2, 3)])
    with pytest.raises(ValueError, match="already disconnected"):
        F.disconnection_ratio(two, 2)
    with pytest.raises(ValueError, match="no links"):
        F.disconnection_ratio(Topology.from_edges("lone", "test", 3, np.zeros((0, 2))), 2)
    with pytest.raises(ValueError, match=r"in \[0, 1\)"):
        F.metrics_under_failures(top, [0.5, 1.0], trials=2)
    with pytest.raises(ValueError, match="choose from"):
        F.metrics_under_failures(top, [0.1], trials=2, metrics=("girth",))
    with pytest.raises(ValueError, match="'spectralfly'"):
        F.metrics_under_failures(top, [0.1], trials="auto")
    with pytest.raises(ValueError, match="sources must be"):
        F.metrics_under_failures(top, [0.1], trials=1, sources=top.num_routers + 1)
    with pytest.raises(ValueError, match="failed must be at most"):
        F.damaged_edges(top, F.failure_sequences(top, 1)[0], top.num_edges + 1)
    with pytest.raises(ValueError, match="non-empty"):
        F.median_trial([])
    with pytest.raises(ValueError, match="was not computed"):
        F.metrics_under_failures(top, [0.1], trials=1).mean("bisection")
