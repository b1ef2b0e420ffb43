"""Tests of lowdiam.edst: exact packing, bounds, verification and star-product constructions.

Independent references: brute-force enumeration of spanning trees (tiny
graphs), the Nash-Williams–Tutte partition formula and Nash-Williams'
matroid-union rank formula (small graphs), networkx tree radius, and the
exact packing of the product itself.
"""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest
from conftest import connected_gnp, sorted_edges

from lowdiam import edst as E
from lowdiam import topologies as T


# ----------------------------------------------------------------- references
def _brute_max_edsts(n: int, edges: np.ndarray) -> int:
    """Largest k with k pairwise disjoint spanning trees, by enumerating all spanning trees."""
    m = len(edges)
    trees = []
    for comb in itertools.combinations(range(m), n - 1):
        g = nx.Graph()
        g.add_nodes_from(range(n))
        g.add_edges_from(edges[list(comb)].tolist())
        if nx.is_tree(g):
            trees.append(frozenset(comb))
    best = 0

    def rec(start: int, used: frozenset, k: int) -> None:
        nonlocal best
        best = max(best, k)
        for i in range(start, len(trees)):
            if not (trees[i] & used):
                rec(i + 1, used | trees[i], k + 1)

    rec(0, frozenset(), 0)
    return best


def _set_partitions(items: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in _set_partitions(rest):
        for i in range(len(part)):
            yield part[:i] + [[first] + part[i]] + part[i + 1 :]
        yield [[first]] + part


def _nash_williams_tutte(n: int, edges: np.ndarray) -> int:
    """min over partitions P (|P| >= 2) of floor(cross edges / (|P| - 1))."""
    best = None
    for part in _set_partitions(list(range(n))):
        if len(part) < 2:
            continue
        block = np.empty(n, np.int64)
        for b, members in enumerate(part):
            block[members] = b
        cross = int((block[edges[:, 0]] != block[edges[:, 1]]).sum())
        val = cross // (len(part) - 1)
        best = val if best is None else min(best, val)
    return best


def _forest_rank(n: int, edges: np.ndarray) -> int:
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges.tolist())
    return n - nx.number_connected_components(g)


def _union_rank(n: int, edges: np.ndarray, k: int) -> int:
    """Nash-Williams: rank of the k-fold union of the graphic matroid = min_A |E - A| + k r(A)."""
    m = len(edges)
    best = m
    for mask in range(1 << m):
        sel = np.array([(mask >> i) & 1 for i in range(m)], bool)
        best = min(best, int((~sel).sum()) + k * _forest_rank(n, edges[sel]))
    return best


def _random_star_product(seed: int, n1: int, n2: int, p1: float, p2: float) -> E.StarProductView:
    rng = np.random.default_rng(seed)
    g1 = connected_gnp(n1, p1, seed)
    g2 = connected_gnp(n2, p2, seed + 1000)
    e1 = sorted_edges(g1)
    maps = np.stack([rng.permutation(n2) for _ in range(len(e1))])
    return E.view_from_factors((n1, e1), (n2, sorted_edges(g2)), maps, name=f"rand{seed}")


# ----------------------------------------------------------------- packing
@pytest.mark.parametrize("seed", range(12))
def test_packing_matches_brute_force_on_tiny_graphs(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(3, 6))
    g = connected_gnp(n, float(rng.uniform(0.5, 1.0)), seed)
    e = sorted_edges(g)
    p = E.edst_packing(g)
    assert p.t == _brute_max_edsts(n, e)
    assert E.verify_edsts(g, p.trees)


@pytest.mark.parametrize("seed", range(15))
def test_packing_matches_nash_williams_tutte(seed):
    rng = np.random.default_rng(100 + seed)
    n = int(rng.integers(4, 8))
    g = connected_gnp(n, float(rng.uniform(0.4, 1.0)), seed)
    e = sorted_edges(g)
    p = E.edst_packing(g)
    assert p.t == _nash_williams_tutte(n, e)
    assert E.verify_edsts(g, p.trees)
    assert p.r == len(e) - p.t * (n - 1)


@pytest.mark.parametrize("seed", range(10))
def test_extra_forest_is_a_largest_forest_of_nontreesorted_edges(seed):
    # t spanning trees + extra forest = a maximum union of t + 1 forests (Nash-Williams rank formula)
    rng = np.random.default_rng(200 + seed)
    n = int(rng.integers(4, 7))
    g = connected_gnp(n, float(rng.uniform(0.5, 0.9)), seed)
    e = sorted_edges(g)
    if len(e) > 13:
        e = e[:13]
        if _forest_rank(n, e) < n - 1:
            pytest.skip("truncated graph disconnected")
    p = E.edst_packing((n, e))
    assert p.t * (n - 1) + len(p.extra_forest) == _union_rank(n, e, p.t + 1)
    assert _forest_rank(n, p.extra_forest) == len(p.extra_forest)  # acyclic
    nt = {tuple(x) for x in p.nontree.tolist()}
    assert all(tuple(x) in nt for x in p.extra_forest.tolist())


def _reference_graphs():
    graphs = [nx.petersen_graph(), nx.complete_graph(7), nx.path_graph(5), nx.Graph([(0, 1), (2, 3), (3, 4)]),
              T.bundlefly(5, 3), T.polarfly(7), T.slimfly(5)]
    for s in range(6):
        graphs.append(nx.random_regular_graph(4 + s % 3, 30 + 4 * s, seed=s))
        graphs.append(nx.gnm_random_graph(25, 60 + 10 * s, seed=s))  # some disconnected: forests, not trees
    return graphs


@pytest.mark.parametrize("index", range(19))
def test_compiled_packing_gives_the_reference_forests(index):
    # not only as many trees: the same forests, edge for edge (the notebooks' EDST Allreduce programs are built on
    # them and recorded), against the pure-Python implementation the compiled one replaced
    from edst_reference import reference_forest_union, reference_packing

    g = _reference_graphs()[index]
    n, e = E.as_graph(g)
    for max_trees in (None, 0, 1, 2):
        owner, t = reference_packing(g, max_trees)
        p = E.edst_packing(g, max_trees=max_trees)
        assert p.t == t
        for i in range(t):
            assert np.array_equal(p.trees[i], e[owner == i])
        assert np.array_equal(p.extra_forest, e[owner == t])
        assert np.array_equal(p.nontree, e[(owner < 0) | (owner >= t)])
    for k in (0, 1, 2, 3, 40):
        assert np.array_equal(E.forest_union(g, k), reference_forest_union(g, k))


def test_packing_known_graphs():
    assert E.edst_packing(nx.complete_graph(8)).t == 4
    assert E.edst_packing(nx.petersen_graph()).t == 1
    assert E.edst_packing(nx.convert_node_labels_to_integers(nx.hypercube_graph(4))).t == 2
    assert E.edst_packing(nx.path_graph(5)).t == 1
    disc = nx.Graph([(0, 1), (2, 3)])
    assert E.edst_packing(disc).t == 0
    er = T.erdos_renyi_polarity(5, endpoints_per_router=0)
    assert E.edst_packing(er).t == 3  # (q+1)/2, ER_q decomposes exactly for odd q


def test_forest_union_rank():
    g = connected_gnp(6, 0.7, 3)
    e = sorted_edges(g)
    for k in (1, 2, 3):
        owner = E.forest_union(g, k)
        assert int((owner >= 0).sum()) == _union_rank(6, e, k)


def test_packing_bad_input():
    with pytest.raises(ValueError, match="0 .. 2"):
        E.edst_packing((3, [(0, 5)]))
    with pytest.raises(TypeError, match="Topology"):
        E.edst_packing("not a graph")
    with pytest.raises(ValueError, match="k"):
        E.forest_union(nx.path_graph(3), -1)


# ----------------------------------------------------------------- verify / depth
def test_verify_rejects_each_rule():
    g = nx.complete_graph(5)
    p = E.edst_packing(g)
    assert E.verify_edsts(g, p.trees)
    with pytest.raises(ValueError, match="share edge"):
        E.verify_edsts(g, [p.trees[0], p.trees[0]])
    cyc = np.array([[0, 1], [1, 2], [0, 2], [3, 4]])
    with pytest.raises(ValueError, match="cycle"):
        E.verify_edsts(g, [cyc])
    with pytest.raises(ValueError, match="not an edge"):
        E.verify_edsts(nx.path_graph(5), [np.array([[0, 1], [1, 2], [2, 3], [0, 4]])])
    with pytest.raises(ValueError, match=r"\(4, 2\)"):
        E.verify_edsts(g, [np.array([[0, 1]])])
    assert not E.verify_edsts(g, [cyc], strict=False)


@pytest.mark.parametrize("seed", range(8))
def test_tree_depths_match_networkx_radius(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 40))
    tree = nx.random_labeled_tree(n, seed=seed) if hasattr(nx, "random_labeled_tree") else nx.random_tree(n, seed=seed)
    e = sorted_edges(tree)
    assert E.tree_depth(n, e) == nx.radius(tree)
    r = int(rng.integers(n))
    assert E.tree_depth(n, e, root=r) == nx.eccentricity(tree, r)
    assert list(E.tree_depths(n, [e, e])) == [nx.radius(tree)] * 2


# ----------------------------------------------------------------- bounds
def test_bounds():
    rng = np.random.default_rng(0)
    for _ in range(200):
        n = int(rng.integers(2, 200))
        m = int(rng.integers(0, n * (n - 1) // 2 + 1))
        assert E.prop_iv1_bound(m, n) == m // (n - 1)
    assert E.regular_bound(7, 50) == 3  # Hoffman-Singleton
    assert E.regular_bound(4, 5) == 2  # K5
    with pytest.raises(ValueError, match="regular"):
        E.regular_bound(3, 5)
    with pytest.raises(ValueError, match=">= 0"):
        E.prop_iv3_bound(-1, 0, 1, 1)
    assert E.factor_counts(nx.petersen_graph()) == (1, 6)


@pytest.mark.parametrize("seed", range(20))
def test_prop_iv3_bounds_product_combinatorial_bound(seed):
    rng = np.random.default_rng(seed)
    n1, n2 = int(rng.integers(3, 9)), int(rng.integers(2, 9))
    v = _random_star_product(seed, n1, n2, rng.uniform(0.3, 1), rng.uniform(0.3, 1))
    t1, r1 = E.factor_counts((v.n1, v.struct_edges))
    t2, r2 = E.factor_counts((v.n2, v.super_edges))
    assert E.combinatorial_bound((v.num_routers, v.router_edges)) <= E.prop_iv3_bound(t1, r1, t2, r2)


# ----------------------------------------------------------------- constructions
@pytest.mark.parametrize("seed", range(60))
def test_constructions_verify_on_random_star_products(seed):
    rng = np.random.default_rng(1000 + seed)
    n1, n2 = int(rng.integers(2, 10)), int(rng.integers(2, 10))
    v = _random_star_product(seed, n1, n2, rng.uniform(0.3, 1), rng.uniform(0.3, 1))
    P1, P2 = E.factor_packings(v)
    graph = (v.num_routers, v.router_edges)
    uni = E.universal_edsts(v)
    assert uni.count == P1.t + P2.t - 2
    assert E.verify_edsts(graph, uni.trees)
    low = E.universal_edsts(v, low_depth=True)
    assert low.count == P1.t + P2.t - 2
    assert E.verify_edsts(graph, low.trees)
    mx = E.maximum_edsts(v)
    assert E.verify_edsts(graph, mx.trees)
    c1, c2 = P1.nontree_components(), P2.nontree_components()
    both = c2 <= v.n2 - P2.t and c1 <= v.n1 - P1.t
    one = c2 <= v.n2 - P2.t + 1 or c1 <= v.n1 - P1.t + 1
    assert mx.count == P1.t + P2.t - 2 + (2 if both else 1 if one else 0)
    # Corollary V-C.10 in the paper's terms: r_i >= t_i with forest H_i gives t1 + t2
    if mx.rank1 == P1.r and mx.rank2 == P2.r and P1.r >= P1.t and P2.r >= P2.t:
        assert mx.count == P1.t + P2.t
    assert mx.count <= E.combinatorial_bound(graph)


@pytest.mark.parametrize("seed", range(6))
def test_constructions_against_exact_packing_of_product(seed):
    rng = np.random.default_rng(seed)
    v = _random_star_product(seed, int(rng.integers(3, 6)), int(rng.integers(3, 6)), 0.7, 0.7)
    exact = E.edst_packing((v.num_routers, v.router_edges)).t
    assert E.maximum_edsts(v).count <= exact
    assert E.universal_edsts(v).count <= exact


def test_cartesian_products_reach_ku_wang_hung():
    # Cartesian = identity bijections; Ku-Wang-Hung guarantee t1 + t2 - 1 EDSTs
    for a, b in [(nx.complete_graph(5), nx.complete_graph(4)), (nx.petersen_graph(), nx.complete_graph(6))]:
        e1, e2 = sorted_edges(a), sorted_edges(b)
        v = E.view_from_factors((a.number_of_nodes(), e1), (b.number_of_nodes(), e2), np.arange(b.number_of_nodes()))
        cart = nx.cartesian_product(a, b)
        assert nx.is_isomorphic(cart, nx.Graph(v.router_edges.tolist()))
        P1, P2 = E.factor_packings(v)
        assert E.maximum_edsts(v).count >= P1.t + P2.t - 1


def test_low_depth_variant_is_not_deeper():
    topo = T.slimfly(9)
    v = E.star_product_view(topo)
    uni = E.construct_edsts(v, "universal")
    low = E.construct_edsts(v, "universal_lowdepth")
    du = E.tree_depths(topo, [t for t, k in zip(uni.trees, uni.kinds) if k == "V-B.3"])
    dl = E.tree_depths(topo, [t for t, k in zip(low.trees, low.kinds) if k == "V-B.5(2)"])
    assert dl.max() <= du.max()


# ----------------------------------------------------------------- topologies
@pytest.mark.parametrize(
    "make",
    [
        lambda: T.polarstar(5, "iq", 3),
        lambda: T.polarstar(4, "paley", 2),
        lambda: T.polarstar(7, "iq", 4),
        lambda: T.bundlefly(5, 5),
        lambda: T.slimfly(5),
        lambda: T.slimfly(8),
        lambda: T.slimfly(7),
    ],
)
def test_star_product_view_and_edsts_on_topologies(make):
    topo = make()
    v = E.star_product_view(topo)
    # the view rebuilds the router graph: every E2 copy and every bijection link is a router link
    def keys(n, e):
        return set((np.sort(e, axis=1) @ np.array([n, 1])).tolist())
    rebuilt = E.view_from_factors((v.n1, v.struct_edges), (v.n2, v.super_edges), v.arc_maps)
    perm = v.router.reshape(-1)  # view id x n2 + v -> router id
    mapped = perm[rebuilt.router_edges]
    topo_keys = keys(topo.num_routers, topo.edges)
    assert keys(topo.num_routers, mapped) <= topo_keys
    assert len(topo_keys) - len(rebuilt.router_edges) == v.extra_local
    trees = E.star_product_edsts(topo)
    assert E.verify_edsts(topo, trees)
    assert all(t.shape == (topo.num_routers - 1, 2) for t in trees)
    P1, P2 = E.factor_packings(v)
    assert len(trees) >= P1.t + P2.t - 2
    assert len(trees) <= E.combinatorial_bound(topo)


def test_slimfly_reaches_upper_bound():
    for q in (5, 7, 8, 9):
        topo = T.slimfly(q)
        assert len(E.star_product_edsts(topo)) == E.combinatorial_bound(topo)


def test_star_product_view_rejects_non_star_products():
    with pytest.raises(ValueError, match="star-product structure"):
        E.star_product_view(T.jellyfish(20, 4, seed=1))
    with pytest.raises(ValueError, match="bijection"):
        E.view_from_factors((3, [(0, 1), (1, 2)]), (2, [(0, 1)]), [[0, 0], [0, 1]])
    with pytest.raises(ValueError, match="unknown EDST construction"):
        E.construct_edsts(E.star_product_view(T.slimfly(5)), "greedy")


def test_disconnected_factor_rejected():
    v = E.view_from_factors((3, [(0, 1), (1, 2)]), (4, [(0, 1), (2, 3)]), np.arange(4))
    with pytest.raises(ValueError, match="connected"):
        E.universal_edsts(v)


def test_report_rows_are_consistent():
    topo = T.slimfly(5)
    row = E.edst_row(topo)
    assert row["count"] == row["maximum_count"] == 3 == row["upper_bound"]
    assert row["maximum"] and row["gap"] == 0
    assert row["universal_count"] == row["t1"] + row["t2"] - 2
    assert row["maximum_max_depth"] == max(row["maximum_depths"])
    g = E.generic_row(topo)
    assert g["generic_count"] == 3


def test_packing_scales_to_factor_graphs():
    # ER_q for odd q decomposes into exactly (q+1)/2 spanning trees; MMS(q) meets Eq. (1)
    er = T.erdos_renyi_polarity(13, endpoints_per_router=0)
    p = E.edst_packing(er)
    assert p.t == 7 and p.r == 0 and E.verify_edsts(er, p.trees)
    mms = T.slimfly(9, endpoints_per_router=0)
    assert E.edst_packing(mms).t == E.combinatorial_bound(mms)
