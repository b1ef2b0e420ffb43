"""Girth and shortest-path multiplicity against networkx."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from lowdiam.metrics import girth, path_multiplicity, shortest_path_counts
from lowdiam.topologies import Topology


def _top(g: nx.Graph, labels=None) -> Topology:
    g = nx.convert_node_labels_to_integers(g)
    return Topology.from_edges("g", "test", g.number_of_nodes(), list(g.edges()), labels=labels)


def brute_girth(g: nx.Graph) -> float:
    """Shortest cycle by deleting each edge and measuring the detour (independent of BFS trees)."""
    best = math.inf
    for u, v in list(g.edges()):
        h = g.copy()
        h.remove_edge(u, v)
        try:
            best = min(best, nx.shortest_path_length(h, u, v) + 1)
        except nx.NetworkXNoPath:
            pass
    return best


GIRTH_GRAPHS = {
    "petersen": nx.petersen_graph(),          # 5
    "heawood": nx.heawood_graph(),            # 6
    "mcgee": nx.LCF_graph(24, [12, 7, -7], 8),  # 7
    "tutte_coxeter": nx.LCF_graph(30, [-13, -9, 7, -7, 9, 13], 5),  # 8
    "cube4": nx.hypercube_graph(4),           # 4
    "cycle7": nx.cycle_graph(7),
    "k4": nx.complete_graph(4),
    "tree": nx.balanced_tree(2, 4),
    "forest_plus_c5": nx.disjoint_union(nx.path_graph(5), nx.cycle_graph(5)),
    "gnp": nx.gnp_random_graph(30, 0.08, seed=4),
    "rr": nx.random_regular_graph(3, 40, seed=5),
}


@pytest.mark.parametrize("name", sorted(GIRTH_GRAPHS))
def test_girth_matches_brute_force_and_networkx(name):
    g = GIRTH_GRAPHS[name]
    ours = girth(_top(g))
    assert ours == brute_girth(g) == nx.girth(g)


def test_girth_of_edgeless_and_real_topologies():
    assert girth((3, np.zeros((0, 2), dtype=int))) == math.inf
    from lowdiam.topologies import lps, slimfly

    assert girth(slimfly(5)) == nx.girth(slimfly(5).to_networkx())
    t = lps(3, 5)  # bipartite LPS, 120 routers
    assert girth(t) == nx.girth(t.to_networkx())


def _nx_counts(g: nx.Graph):
    n = g.number_of_nodes()
    sigma = np.zeros((n, n))
    dist = np.full((n, n), -1)
    for s in range(n):
        for t, d in nx.single_source_shortest_path_length(g, s).items():
            dist[s, t] = d
            sigma[s, t] = sum(1 for _ in nx.all_shortest_paths(g, s, t))
    return dist, sigma


PATH_GRAPHS = {
    "petersen": nx.petersen_graph(),
    "grid4x4": nx.grid_2d_graph(4, 4),
    "cube4": nx.hypercube_graph(4),
    "gnp": nx.gnp_random_graph(25, 0.15, seed=8),
    "two_parts": nx.disjoint_union(nx.cycle_graph(6), nx.complete_graph(4)),
}


@pytest.mark.parametrize("name", sorted(PATH_GRAPHS))
def test_counts_match_all_shortest_paths(name):
    g = nx.convert_node_labels_to_integers(PATH_GRAPHS[name])
    dist, sigma = shortest_path_counts(_top(g))
    rd, rs = _nx_counts(g)
    assert np.array_equal(dist, rd) and np.array_equal(sigma, rs)
    sub_d, sub_s = shortest_path_counts(_top(g), sources=[3, 1])
    assert np.array_equal(sub_s, rs[[3, 1]]) and np.array_equal(sub_d, rd[[3, 1]])


@pytest.mark.parametrize("name", sorted(PATH_GRAPHS))
def test_multiplicity_statistics(name):
    g = nx.convert_node_labels_to_integers(PATH_GRAPHS[name])
    n = g.number_of_nodes()
    grp = np.arange(n) % 3
    rd, rs = _nx_counts(g)
    off = ~np.eye(n, dtype=bool) & (rd > 0)
    multi = off & (rs > 1)
    same = grp[:, None] == grp[None, :]
    pm = path_multiplicity(_top(g, labels={"cluster": grp}), "cluster")
    assert pm.pairs == off.sum() and pm.multi_pairs == multi.sum()
    assert pm.sp_ratio == pytest.approx(multi.sum() / (n * (n - 1)))
    assert pm.intra_ratio == pytest.approx((multi & same).sum() / (n * (n - 1)))
    assert pm.inter_ratio == pytest.approx((multi & ~same).sum() / (n * (n - 1)))
    assert pm.intra_pairs == (off & same).sum()
    assert pm.mean_paths == pytest.approx(rs[off].mean()) and pm.max_paths == rs[off].max()
    assert pm.unreachable_pairs == n * (n - 1) - off.sum()
    for d in range(1, len(pm.pairs_by_distance)):
        assert pm.pairs_by_distance[d] == (rd[off] == d).sum()
        assert pm.multi_by_distance[d] == (rd[multi] == d).sum()
    # explicit group arrays and no groups
    assert path_multiplicity(_top(g), grp).intra_ratio == pm.intra_ratio
    assert path_multiplicity(_top(g)).inter_ratio == 0.0


def test_grid_counts_are_binomial():
    # in an a x b grid, corner to corner has C(a + b - 2, a - 1) shortest paths
    g = nx.convert_node_labels_to_integers(nx.grid_2d_graph(4, 6), ordering="sorted")
    _, s = shortest_path_counts(_top(g), sources=[0])
    assert s[0, 23] == math.comb(8, 3)


def test_bad_input():
    t = _top(nx.petersen_graph())
    with pytest.raises(ValueError, match="no label 'cluster'"):
        path_multiplicity(t, "cluster")
    with pytest.raises(ValueError, match="10 integer ids"):
        path_multiplicity(t, [0, 1])
    with pytest.raises(ValueError, match=r"router ids in \[0, 10\)"):
        shortest_path_counts(t, sources=[10])
    with pytest.raises(TypeError, match="cannot read a graph"):
        girth("petersen")
    assert girth(nx.petersen_graph()) == 5  # networkx graphs are read through the coercer
