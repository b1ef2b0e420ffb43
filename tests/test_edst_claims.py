"""Tests of lowdiam.edst.theory and the Table IV helpers of lowdiam.studies.edst (EDST paper claims).

References: networkx degrees / connectivity / isomorphism, exact packing of the
product itself, brute-force floor division, all graphs of the networkx atlas.
"""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest

from lowdiam import edst as E
from lowdiam import topologies as T
from lowdiam.studies.edst import PAPER_TABLE_IV, bundlefly_two_level, table_iv_class, table_iv_configs


def _nx(view):
    g = nx.Graph()
    g.add_nodes_from(range(view.num_routers))
    g.add_edges_from(view.router_edges.tolist())
    return g


@pytest.mark.parametrize("seed", range(8))
def test_product_facts_against_networkx(seed):
    rng = np.random.default_rng(seed)
    v = E.random_star_product(seed, int(rng.integers(2, 7)), int(rng.integers(2, 7)), 0.6, 0.6)
    f = E.product_facts(v)
    g = _nx(v)
    deg = np.array([d for _, d in sorted(g.degree())])
    assert (f["order"], f["size"]) == (g.number_of_nodes(), g.number_of_edges())
    assert (f["order"], f["size"]) == (f["order_formula"], f["size_formula"])
    assert f["degrees_add"] and f["max_degree"] == deg.max() == f["max_degree_formula"]
    assert f["regular"] == (deg.min() == deg.max()) == f["regular_formula"]
    assert f["connected"] == nx.is_connected(g)
    assert E.star_product_bound(v.n1, len(v.struct_edges), v.n2, len(v.super_edges)) == E.combinatorial_bound(g)


def test_product_facts_regular_iff_and_bad_input():
    # regular x irregular: irregular product (Proposition B-A.2, "only if")
    v = E.view_from_factors(nx.complete_graph(3), nx.path_graph(3), [2, 0, 1])
    f = E.product_facts(v)
    assert not f["regular"] and not f["regular_formula"]
    pol = E.star_product_view(T.polarstar(3, "paley", 2))
    with pytest.raises(ValueError, match="pure star product"):
        E.product_facts(pol)
    pure = E.pure_product(pol)
    assert pure.num_edges == pol.num_edges - pol.extra_local
    assert E.product_facts(pure)["size"] == E.star_product_counts(13, 24, 5, 5)[1]
    with pytest.raises(ValueError, match="simple graph"):
        E.star_product_counts(3, 4, 2, 1)


def test_regular_bound_closed_form_and_prop_iv3_grid():
    for n in range(2, 41):
        for d in range(0, n):
            if d * n % 2 == 0:
                assert E.regular_bound_closed_form(d, n) == E.regular_bound(d, n) == (d * n // 2) // (n - 1)
    with pytest.raises(ValueError, match="regular"):
        E.regular_bound_closed_form(3, 5)
    out = E.prop_iv3_grid_check(12)
    assert out["violations"] == 0 and out["max_slack"] == 1 and 0 < out["tight"] < out["cases"]
    # scalar reference on a smaller grid
    sizes = [(n, m) for n in range(2, 8) for m in range(n - 1, n * (n - 1) // 2 + 1)]
    slack = [E.prop_iv3_bound(m1 // (n1 - 1), m1 % (n1 - 1), m2 // (n2 - 1), m2 % (n2 - 1))
             - E.star_product_bound(n1, m1, n2, m2) for n1, m1 in sizes for n2, m2 in sizes]
    ref = E.prop_iv3_grid_check(7)
    assert (ref["cases"], ref["tight"], ref["max_slack"]) == (len(slack), slack.count(0), max(slack))


@pytest.mark.parametrize("seed", range(6))
def test_prop_iv3_bounds_exact_packing(seed):
    rng = np.random.default_rng(seed)
    v = E.random_star_product(seed + 50, int(rng.integers(3, 6)), int(rng.integers(3, 6)), 0.8, 0.8)
    t1, r1 = E.factor_counts((v.n1, v.struct_edges))
    t2, r2 = E.factor_counts((v.n2, v.super_edges))
    assert E.edst_packing((v.num_routers, v.router_edges)).t <= E.prop_iv3_bound(t1, r1, t2, r2)


def test_lemma_vc2_on_all_small_graphs():
    from networkx.generators.atlas import graph_atlas_g

    out = E.lemma_vc2_violations(g for g in graph_atlas_g() if 2 <= g.number_of_nodes() <= 6)
    assert out["violations"] == [] and out["cases"] > 50
    # only k = T = 3 meets r_k <= k on K_6 (r = 15 - 5k); a path meets it at k = T = 1 (r = 0)
    assert E.lemma_vc2_violations([nx.complete_graph(6)])["cases"] == 1
    assert E.lemma_vc2_violations([nx.path_graph(4)]) == {"graphs": 1, "cases": 1, "violations": []}


def test_table_i_theorem():
    assert E.table_i_theorem(3, 3, 2, 2) == ("V-C.3", 5)
    assert E.table_i_theorem(3, 9, 2, 2) == ("V-C.10", 5)
    assert E.table_i_theorem(3, 0, 2, 2) == ("V-C.11", 4)
    assert E.table_i_theorem(3, 0, 2, 1, property_vd1=True) == ("V-D.2", 4)
    assert E.table_i_theorem(3, 0, 2, 1) == ("V-B.1", 3)
    with pytest.raises(ValueError, match="connected"):
        E.table_i_theorem(0, 0, 1, 1)


@pytest.mark.parametrize(
    "kind, xs",
    [("paley", [5, 9, 13, 17]), ("mms_supernode", [3, 4, 5, 7, 8, 9, 11]), ("complete_bipartite", [2, 3, 4, 5, 8]),
     ("mms", [3, 4, 5]), ("complete", [2, 3, 4, 7, 8]), ("iq", [3, 4, 7, 8]), ("er", [2, 3, 4, 5, 7])],
)
def test_table_v_closed_forms_match_exact_packing(kind, xs):
    for x in xs:
        c = E.table_v_counts(kind, x)
        n, e = E.table_v_graph(kind, x)
        assert (c["n"], c["m"]) == (n, len(e))
        assert (c["t"], c["r"]) == (c["m"] // (c["n"] - 1), c["m"] - c["m"] // (c["n"] - 1) * (c["n"] - 1))
        p = E.edst_packing((n, e))
        assert (p.t, p.r) == (c["t"], c["r"])


def test_table_v_bad_input():
    with pytest.raises(ValueError, match="unknown"):
        E.table_v_counts("bdf", 4)
    with pytest.raises(ValueError, match="1 mod 4"):
        E.table_v_counts("paley", 7)


@pytest.mark.parametrize("seed", range(10))
def test_depth_bounds_hold_and_x0_recorded(seed):
    rng = np.random.default_rng(seed)
    v = E.random_star_product(seed + 7, int(rng.integers(4, 9)), int(rng.integers(4, 9)), 0.7, 0.7)
    P1, P2 = E.factor_packings(v)
    for m in ("universal", "universal_lowdepth", "maximum"):
        res = E.construct_edsts(v, m)
        assert 0 <= res.x0 < v.n1
        out = E.depth_bounds(v, res, P1, P2)
        assert out["ok"], (m, out)
        # the bounds are depths from one root: the tree's depth from that root is no smaller than its radius
        for d, b in zip(out["depths"], out["bounds"]):
            assert b is not None and d <= b


def test_depth_bounds_detects_a_deep_tree():
    v = E.view_from_factors(nx.complete_graph(6), nx.complete_graph(6), range(6))
    P1, P2 = E.factor_packings(v)
    res = E.universal_edsts(v, P1, P2, low_depth=True)
    # replace the low-depth tree by a Hamiltonian path of the 6 x 6 rook graph: depth 18 > e0 + 2 h'_j
    path = [(x, y if x % 2 == 0 else 5 - y) for x in range(6) for y in range(6)]
    ham = np.array([[v.router[a], v.router[b]] for a, b in zip(path, path[1:])])
    deep = E.EDSTSet(res.trees[:-1] + [ham], res.kinds, res.method, res.t1, res.t2, res.r1, res.r2,
                     res.rank1, res.rank2, res.x0)
    assert not E.depth_bounds(v, deep, P1, P2)["ok"]
    with pytest.raises(ValueError, match="x_0"):
        E.depth_bounds(v, E.EDSTSet(res.trees, res.kinds, res.method, 0, 0, 0, 0, 0, 0), P1, P2)


@pytest.mark.parametrize("q", [3, 4, 5, 7])
def test_slimfly_is_kqq_star_cayley(q):
    assert all(E.slimfly_factor_check(q).values())


def test_petersen_and_factor_order():
    assert nx.is_isomorphic(T.star_product(T.complete(2), T.paley(5)).to_networkx(), nx.petersen_graph())
    assert min(E.diameters_over_bijections(nx.complete_graph(2), nx.cycle_graph(5))) == 2
    assert min(E.diameters_over_bijections(nx.cycle_graph(5), nx.complete_graph(2))) == 3
    with pytest.raises(ValueError, match="too many"):
        E.diameters_over_bijections(nx.cycle_graph(5), nx.cycle_graph(5))


def test_chimera():
    n, e = E.chimera(2)
    g = nx.Graph(e.tolist())
    assert (n, len(e)) == (32, 80) and nx.is_connected(g)
    assert E.combinatorial_bound((n, e)) == E.edst_packing((n, e)).t == 2
    v = E.chimera_c2_view()
    f = E.product_facts(v)
    assert f["connected"] and not f["supernode_connected"] and f["size"] == 80
    for m in (3, 4):
        n, e = E.chimera(m, toric=True)
        d = np.bincount(e.ravel())
        assert d.min() == d.max() == 6 and E.combinatorial_bound((n, e)) == 3
        assert E.combinatorial_bound(E.chimera(m)) == 2
    with pytest.raises(ValueError, match="m >= 3"):
        E.chimera(2, toric=True)


def test_table_iv_classes_and_bundlefly_two_level():
    for fam, spec in table_iv_configs(20, 19):
        assert (fam, table_iv_class(fam, spec)) in PAPER_TABLE_IV
    with pytest.raises(ValueError, match="Table IV"):
        table_iv_class("HyperX", ("hyperx", 4))
    for p in (5, 9, 13):
        for s in (3, 4, 5, 7, 8):
            d = bundlefly_two_level(p, s)
            assert d["single_maximum"] - d["single_universal"] == 2
            if d["universal"] > 0:
                assert d["maximum"] - d["universal"] == 4


def test_new_public_functions_are_documented():
    import importlib
    import inspect

    for mod, names in (("lowdiam.edst.theory", None),
                       ("lowdiam.studies.edst", ["table_iv_class", "bundlefly_two_level"])):
        module = importlib.import_module(mod)
        for name in names or module.__all__:
            obj = getattr(module, name)
            if not inspect.isfunction(obj):
                continue
            doc = inspect.getdoc(obj) or ""
            assert "Examples\n--------" in doc and ">>> " in doc, name
            assert "Returns\n-------" in doc, name
            assert not inspect.signature(obj).parameters or "Parameters\n----------" in doc, name


def test_verify_constructions_counts_a_set_that_fails(monkeypatch):
    """edst_all_verified's value: every set is checked afresh, and a bad set is counted, not raised."""
    from lowdiam import edst as E
    from lowdiam.studies import edst as SE

    good = SE.verify_constructions([("slimfly", 7)], methods=("universal", "maximum"))
    assert good == {"sets": 2, "verified": 2, "failed": [], "empty": 0, "no_split": 0, "networks": 1}
    real = E.construct_edsts

    def broken(view, method="maximum", verify=True):
        res = real(view, method, verify=False)
        res.trees[1] = res.trees[0]  # two equal trees share every edge
        return res

    monkeypatch.setattr(E, "construct_edsts", broken)
    bad = SE.verify_constructions([("slimfly", 7)], methods=("universal",))
    assert bad["sets"] == 1 and bad["verified"] == 0 and bad["failed"] == ["SF(7) universal"]
    with pytest.raises(ValueError, match="unknown EDST methods"):
        SE.verify_constructions([("slimfly", 3)], methods=("nope",))
