"""lowdiam.metrics._bisection against brute-force minimum bisections of tiny graphs."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from lowdiam.metrics import bisection, cut_size
from lowdiam.topologies import Topology


def brute_min_bisection(n: int, edges, weight=None) -> int:
    """Exhaustive minimum over all splits whose weights differ by the total's parity.

    Independent of METIS and of the library's rebalancing: every 0/1 assignment
    of the n <= 14 routers is scored with numpy.
    """
    e = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    w = np.ones(n, dtype=np.int64) if weight is None else np.asarray(weight, dtype=np.int64)
    masks = np.arange(1 << n, dtype=np.int64)
    bits = (masks[:, None] >> np.arange(n)) & 1                      # (2^n, n)
    w1 = bits @ w
    ok = np.abs(w.sum() - 2 * w1) == w.sum() % 2
    if len(e) == 0:
        return 0
    cut = (bits[:, e[:, 0]] != bits[:, e[:, 1]]).sum(axis=1)
    return int(cut[ok].min())


def _graphs():
    rng = np.random.default_rng(7)
    gs = {
        "petersen": nx.petersen_graph(),
        "cycle10": nx.cycle_graph(10),
        "path11": nx.path_graph(11),
        "k8": nx.complete_graph(8),
        "cube3": nx.convert_node_labels_to_integers(nx.hypercube_graph(3)),
        "star9": nx.star_graph(8),
        "two_k5_k3": nx.disjoint_union(
            nx.complete_graph(5), nx.disjoint_union(nx.complete_graph(5), nx.complete_graph(3))
        ),
        "barbell": nx.barbell_graph(6, 0),
        "heawood": nx.heawood_graph(),
        "grid3x4": nx.convert_node_labels_to_integers(nx.grid_2d_graph(3, 4)),
    }
    for n, d in [(12, 3), (14, 4), (10, 5), (12, 6)]:
        gs[f"rr{n}_{d}"] = nx.random_regular_graph(d, n, seed=int(rng.integers(1 << 30)))
    for n in [11, 13, 14]:
        gs[f"gnp{n}"] = nx.gnp_random_graph(n, 0.35, seed=int(rng.integers(1 << 30)))
    return gs


GRAPHS = _graphs()


@pytest.mark.parametrize("name", sorted(GRAPHS))
def test_metis_matches_brute_force(name):
    g = GRAPHS[name]
    n, edges = g.number_of_nodes(), list(g.edges())
    b = bisection((n, edges), trials=8, seed=0)
    exact = brute_min_bisection(n, edges)
    assert b.cut_edges == exact
    # the reported split is a real, exactly balanced bisection with that cut
    assert cut_size((n, edges), b.part) == b.cut_edges
    assert b.imbalance == n % 2 and abs(b.part_sizes[0] - b.part_sizes[1]) == n % 2
    assert b.num_links_counted == len(edges)
    assert b.fraction == pytest.approx(exact / len(edges))
    assert b.trial_cuts.min() == b.cut_edges and len(b.trial_cuts) == 8


def test_never_below_the_exact_minimum_on_random_graphs():
    rng = np.random.default_rng(3)
    for _ in range(20):
        n = int(rng.integers(6, 13))
        g = nx.gnp_random_graph(n, float(rng.uniform(0.2, 0.7)), seed=int(rng.integers(1 << 30)))
        b = bisection((n, list(g.edges())), trials=2, seed=1)
        assert b.cut_edges >= brute_min_bisection(n, list(g.edges()))
        assert cut_size((n, list(g.edges())), b.part) == b.cut_edges


def test_input_forms_agree_and_are_deterministic():
    g = nx.random_regular_graph(5, 40, seed=11)
    edges = np.array(g.edges())
    top = Topology.from_edges("rr", "random", 40, edges)
    a = bisection(top, trials=4, seed=5)
    b = bisection((40, edges), trials=4, seed=5)
    c = bisection((top.indptr, top.indices), trials=4, seed=5)
    assert a.cut_edges == b.cut_edges == c.cut_edges
    assert np.array_equal(a.part, b.part) and np.array_equal(a.trial_cuts, c.trial_cuts)
    again = bisection(top, trials=4, seed=5)
    assert np.array_equal(again.part, a.part)


def test_disconnected_and_edgeless_graphs():
    # two disjoint K4: a perfect split along the components cuts nothing
    g = nx.disjoint_union(nx.complete_graph(4), nx.complete_graph(4))
    b = bisection((8, list(g.edges())), seed=0)
    assert b.cut_edges == 0 and b.fraction == 0.0
    e = bisection((5, np.zeros((0, 2), dtype=int)))
    assert e.cut_edges == 0 and math.isnan(e.fraction) and e.part_sizes in ((2, 3), (3, 2))


def test_indirect_network_balances_endpoints_and_normalises_by_their_links():
    # a 2-level tree: 8 leaves (endpoint routers) under 4 switches joined in a 4-cycle
    leaves = range(8)  # switches are routers 8..11
    edges = [(l, 8 + l // 2) for l in leaves] + [(8, 9), (9, 10), (10, 11), (8, 11)]
    mask = np.array([True] * 8 + [False] * 4)
    top = Topology.from_edges("tree", "test", 12, edges, endpoint_mask=mask)
    b = bisection(top, trials=8, seed=0)
    assert b.balance == "endpoints"
    assert b.part_weights == (4, 4)
    assert b.cut_edges == brute_min_bisection(12, edges, weight=mask.astype(int)) == 2
    assert b.num_links_counted == 8 and b.fraction == pytest.approx(2 / 8)
    # forcing router balance uses every router and all links
    r = bisection(top, trials=8, seed=0, balance="routers")
    assert r.num_links_counted == 8  # normalisation still follows the endpoint mask
    assert r.part_sizes == (6, 6) and r.cut_edges == brute_min_bisection(12, edges)
    # the endpoint mask can be given for raw inputs too
    raw = bisection((12, edges), trials=8, seed=0, endpoint_mask=mask)
    assert raw.cut_edges == b.cut_edges and raw.num_links_counted == 8


def test_weighted_rebalancing_matches_brute_force_on_random_indirect_graphs():
    rng = np.random.default_rng(5)
    for _ in range(10):
        n = 12
        g = nx.gnp_random_graph(n, 0.4, seed=int(rng.integers(1 << 30)))
        mask = rng.random(n) < 0.6
        if mask.sum() < 2:
            continue
        b = bisection((n, list(g.edges())), trials=8, seed=0, endpoint_mask=mask)
        exact = brute_min_bisection(n, list(g.edges()), weight=mask.astype(int))
        assert b.cut_edges >= exact
        assert b.imbalance == mask.sum() % 2
        assert cut_size((n, list(g.edges())), b.part) == b.cut_edges


def test_metis_on_a_real_topology_is_exactly_balanced():
    from lowdiam.topologies import slimfly

    t = slimfly(5)
    b = bisection(t, trials=4, seed=0)
    assert b.part_sizes == (25, 25) and cut_size(t, b.part) == b.cut_edges
    assert 0 < b.fraction < 0.5


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"trials": 0}, "trials must be >= 1"),
        ({"trials": 2.5}, "trials must be an integer"),
        ({"seed": -1}, "seed must be >= 0"),
        ({"balance": "nodes"}, "balance must be one of 'auto'"),
        ({"ufactor": 0}, "ufactor"),
        ({"endpoint_mask": [True, False]}, "endpoint_mask needs one entry per router"),
        ({"endpoint_mask": [True] + [False] * 5, "balance": "endpoints"}, "at least 2 routers of positive"),
    ],
)
def test_bad_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        bisection((6, [(0, 1), (1, 2), (3, 4)]), **kwargs)


@pytest.mark.parametrize(
    "graph, match",
    [
        ((4, [(0, 0)]), "self-loop"),
        ((4, [(0, 1), (1, 0)]), "repeated link"),
        ((3, [(0, 5)]), "out of range"),
        ((1, []), "at least 2 routers"),
        ((np.array([0, 1, 1]), np.array([1])), "symmetric"),
        ((np.array([0, 1, 2]), np.array([0, 1])), "self-loop"),
        ((np.array([0, 2, 4]), np.array([1, 1, 0, 0])), "repeats a link"),
    ],
)
def test_bad_graphs(graph, match):
    with pytest.raises(ValueError, match=match):
        bisection(graph)


def test_bad_graph_kind_is_a_type_error_naming_the_accepted_inputs():
    with pytest.raises(TypeError, match="networkx.Graph"):
        bisection("petersen")


def test_cut_size_checks_length():
    with pytest.raises(ValueError, match="one side per router"):
        cut_size((3, [(0, 1)]), [0, 1])


def test_rebalancing_a_very_unbalanced_split_is_exact_and_fast():
    """Drive the rebalancer directly from the worst start (everything on one side)."""
    import time

    from lowdiam.metrics._bisection import _rebalance

    g = nx.random_regular_graph(6, 20000, seed=1)
    top = Topology.from_edges("rr", "random", 20000, list(g.edges()))
    side = np.zeros(20000, dtype=np.int64)
    t0 = time.perf_counter()
    _rebalance(top.indptr, top.indices, side, np.ones(20000, dtype=np.int64), 0)
    assert time.perf_counter() - t0 < 5.0
    assert np.bincount(side).tolist() == [10000, 10000]
    # weighted: only weight-1 vertices count towards balance
    w = (np.arange(20000) % 3 == 0).astype(np.int64)
    side = np.zeros(20000, dtype=np.int64)
    _rebalance(top.indptr, top.indices, side, w, int(w.sum() % 2))
    assert abs(int(w[side == 0].sum()) - int(w[side == 1].sum())) == w.sum() % 2
