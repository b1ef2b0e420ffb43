"""Tests of the Property V-D.1 construction (EDST paper Theorem V-D.2).

References: the exact packing of the product itself (matroid partition,
tested in test_edst.py against brute force), networkx for tree
connectivity, and the property's three rules checked directly.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from conftest import connected_gnp, sorted_edges

from lowdiam import edst as E
from lowdiam import topologies as T


def _check_split(view: E.StarProductView, split: E.VD1Split) -> None:
    """The three rules of Property V-D.1, checked independently of the search."""
    A = set(split.A.tolist())
    t2 = split.packing.t
    assert t2 <= len(A) <= view.n2 - t2 + 1
    for f in view.arc_maps:  # rule 2: every bijection fixes A
        assert {int(f[a]) for a in A} == A
    tree = nx.Graph(split.packing.trees[split.tree].tolist())
    assert nx.is_connected(tree.subgraph(A)) if len(A) > 1 else True
    EA, EB = split.edge_sets()
    assert len(EA) + len(EB) == view.n2 - 1


def _partition_preserving_maps(rng: np.random.Generator, n2: int, A: np.ndarray, m: int) -> np.ndarray:
    B = np.setdiff1d(np.arange(n2), A)
    maps = np.empty((m, n2), np.int64)
    for k in range(m):
        maps[k, A] = rng.permutation(A)
        maps[k, B] = rng.permutation(B)
    return maps


@pytest.mark.parametrize("a,b", [(4, 4), (4, 6), (6, 6), (2, 4), (6, 8)])
def test_cartesian_complete_products_reach_the_bound(a, b):
    # K_a x K_b with a, b even: r1 = r2 = 0 < t, so V-C adds nothing; V-D.2 gives t1 + t2 - 1 = the maximum
    G1, G2 = (a, sorted_edges(nx.complete_graph(a))), (b, sorted_edges(nx.complete_graph(b)))
    v = E.view_from_factors(G1, G2, np.arange(b))
    P1, P2 = E.factor_packings(v)
    assert (P1.r, P2.r) == (0, 0)
    if min(P1.t, P2.t) >= 2:  # with t_i = 1 the empty H_i already meets V-C's rank condition
        assert E.maximum_edsts(v).count == P1.t + P2.t - 2
    res = E.construct_edsts(v, "property_vd1")
    assert res.count == P1.t + P2.t - 1 == a // 2 + b // 2 - 1
    assert E.verify_edsts((v.num_routers, v.router_edges), res.trees)
    expected = {"V-D.3", "V-D.4", "V-D.5"} - ({"V-D.3"} if P1.t == 1 else set()) - ({"V-D.4"} if P2.t == 1 else set())
    assert sorted(set(res.kinds)) == sorted(expected)
    if a * b <= 36:  # independent reference: exact packing of the product
        assert res.count == E.edst_packing((v.num_routers, v.router_edges)).t
    assert res.count == E.prop_iv3_bound(P1.t, P1.r, P2.t, P2.r)


@pytest.mark.parametrize("seed", range(40))
def test_random_star_products_with_invariant_set(seed):
    rng = np.random.default_rng(seed)
    n1, n2 = int(rng.integers(3, 9)), int(rng.integers(4, 10))
    g1, g2 = connected_gnp(n1, rng.uniform(0.4, 1), seed), connected_gnp(n2, rng.uniform(0.4, 1), seed + 500)
    e1, e2 = sorted_edges(g1), sorted_edges(g2)
    P2 = E.edst_packing((n2, e2))
    # A = the first t2 .. n2 - t2 + 1 vertices of a BFS of T'_0 (connected in it), fixed by every bijection
    size = int(rng.integers(P2.t, n2 - P2.t + 2))
    tree = nx.Graph(P2.trees[0].tolist())
    A = np.array(list(nx.bfs_tree(tree, 0).nodes())[:size], np.int64)
    v = E.view_from_factors((n1, e1), (n2, e2), _partition_preserving_maps(rng, n2, A, len(e1)), name=f"r{seed}")
    split = E.find_property_vd1(v)
    assert split is not None
    _check_split(v, split)
    res = E.property_vd1_edsts(v, split=split)
    P1 = E.factor_packings(v)[0]
    assert res.count == P1.t + P2.t - 1
    assert E.verify_edsts((v.num_routers, v.router_edges), res.trees)
    assert res.count <= E.combinatorial_bound((v.num_routers, v.router_edges))
    if v.num_routers <= 30:
        assert res.count <= E.edst_packing((v.num_routers, v.router_edges)).t


@pytest.mark.parametrize("seed", range(20))
def test_random_bijections_split_is_valid_when_found(seed):
    rng = np.random.default_rng(100 + seed)
    n1, n2 = int(rng.integers(3, 8)), int(rng.integers(3, 9))
    g1, g2 = connected_gnp(n1, 0.7, seed), connected_gnp(n2, 0.8, seed + 7)
    e1 = sorted_edges(g1)
    v = E.view_from_factors((n1, e1), (n2, sorted_edges(g2)), np.stack([rng.permutation(n2) for _ in e1]))
    split = E.find_property_vd1(v)
    if split is None:
        with pytest.raises(ValueError, match="Property V-D.1"):
            E.property_vd1_edsts(v)
        return
    _check_split(v, split)
    res = E.property_vd1_edsts(v, split=split)
    assert E.verify_edsts((v.num_routers, v.router_edges), res.trees)


def test_cyclic_bijection_breaks_the_property():
    # the paper's counterexample: f cyclic on all supernode vertices leaves no invariant A (t2 >= 2)
    n2 = 6
    g2 = nx.complete_graph(n2)
    cyc = np.roll(np.arange(n2), 1)
    v = E.view_from_factors((4, sorted_edges(nx.complete_graph(4))), (n2, sorted_edges(g2)), cyc)
    assert E.bijection_orbits(v).max() == 0
    assert E.find_property_vd1(v) is None
    with pytest.raises(ValueError, match=r"no Property V-D.1 split.*3 <= \|A\| <= 4"):
        E.construct_edsts(v, "property_vd1")


def test_star_product_edsts_uses_vd1_on_hyperx_like_products():
    topo = T.star_product(T.complete(4), T.complete(6))  # Cartesian K4 x K6 = HyperX(4, 6)
    trees = E.star_product_edsts(topo)
    assert len(trees) == 4 == E.combinatorial_bound(topo)
    assert E.verify_edsts(topo, trees)


def test_polarstar_splits_follow_the_bijection_orbits():
    for topo in (T.polarstar(5, "iq", 4), T.polarstar(7, "paley", 4), T.bundlefly(5, 4)):
        v = E.star_product_view(topo)
        split = E.find_property_vd1(v)
        assert split is not None
        _check_split(v, split)
        res = E.construct_edsts(v, "property_vd1")
        P1, P2 = E.factor_packings(v)
        assert res.count == P1.t + P2.t - 1
    # Slim Fly's bijections act transitively on the supernode: no split (t2 >= 2)
    v = E.star_product_view(T.slimfly(7))
    assert E.bijection_orbits(v).max() == 0 and E.find_property_vd1(v) is None


def test_report_row_records_inapplicable_vd1():
    row = E.edst_row(T.slimfly(7))
    assert row["property_vd1_count"] is None and "Property V-D.1" in row["property_vd1_why"]
    assert row["count"] == row["maximum_count"]
    row = E.edst_row(T.star_product(T.complete(4), T.complete(4)))
    assert row["property_vd1_count"] == 3 == row["count"] == row["upper_bound"]
