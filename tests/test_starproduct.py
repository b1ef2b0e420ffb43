"""Star product (PolarStar Definition 1) against a naive reference; properties R / R* / R1; Theorems 4, 5."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from conftest import reference_diameter

from lowdiam.topologies import (
    FactorGraph,
    complete,
    has_property_R,
    has_property_R1,
    has_property_R_star,
    inductive_quad,
    paley,
    polarfly,
    star_product,
)


def naive_star_product(G: nx.Graph, H: nx.Graph, arc_f: dict) -> set:
    """Definition 1 verbatim: arc_f[(x, y)] is the bijection (list) on arc x -> y; loops are arcs (x, x)."""
    n2 = H.number_of_nodes()
    edges = set()
    for x in G.nodes:
        for u, v in H.edges:
            edges.add(frozenset((x * n2 + u, x * n2 + v)))
    for (x, y), fxy in arc_f.items():
        for xp in range(n2):
            a, b = x * n2 + xp, y * n2 + fxy[xp]
            if a != b:
                edges.add(frozenset((a, b)))
    return edges


def edge_set(t) -> set:
    return {frozenset(e) for e in t.edges.tolist()}


def test_figure2_path_times_cycle():
    """Fig. 2(b): L3 * C4 with f = (01)(2)(3) on both arcs."""
    f = np.array([1, 0, 2, 3])
    t = star_product(nx.path_graph(3), nx.cycle_graph(4), f)
    assert t.num_routers == 12 and t.num_edges == 3 * 4 + 2 * 4
    ref = naive_star_product(nx.path_graph(3), nx.cycle_graph(4), {(0, 1): f, (1, 2): f})
    assert edge_set(t) == ref
    np.testing.assert_array_equal(t.labels["supernode"], np.repeat(np.arange(3), 4))
    np.testing.assert_array_equal(t.labels["supernode_vertex"], np.tile(np.arange(4), 3))


@pytest.mark.parametrize("seed", range(6))
def test_random_per_arc_bijections_match_naive(seed):
    rng = np.random.default_rng(seed)
    G = nx.gnp_random_graph(7, 0.5, seed=seed)
    H = nx.gnp_random_graph(5, 0.5, seed=seed + 100)
    loops = [v for v in G.nodes if rng.random() < 0.3]
    arc_f = {(x, y): rng.permutation(5) for x, y in (sorted(e) for e in G.edges)}
    loop_f = {(x, x): rng.permutation(5) for x in loops}
    t = star_product(G, H, {**arc_f, **loop_f}, loops=loops)
    assert edge_set(t) == naive_star_product(G, H, {**arc_f, **loop_f})
    # the same product from a callable
    t2 = star_product(G, H, lambda x, y: {**arc_f, **loop_f}[(x, y)], loops=loops)
    assert edge_set(t2) == edge_set(t)
    # link classes: supernode-internal links are local (0), the others global (1)
    sn = np.asarray(t.labels["supernode"])
    np.testing.assert_array_equal(t.link_class, (sn[t.edges[:, 0]] != sn[t.edges[:, 1]]).astype(np.int8))


def test_reversed_arc_key_means_inverse_bijection():
    """A dict entry on the arc (y, x) is that arc's bijection: (y, y') ~ (x, g(y'))."""
    rng = np.random.default_rng(7)
    G, H = nx.cycle_graph(5), nx.path_graph(4)
    arcs = {(y, x): rng.permutation(4) for x, y in (sorted(e) for e in G.edges)}
    t = star_product(G, H, arcs)
    assert edge_set(t) == naive_star_product(G, H, arcs)


def test_identity_bijection_is_cartesian_product():
    G, H = nx.petersen_graph(), nx.cycle_graph(5)
    t = star_product(G, H, np.arange(5))
    cart = nx.cartesian_product(G, H)
    ref = {frozenset((a * 5 + b, c * 5 + d)) for (a, b), (c, d) in cart.edges}
    assert edge_set(t) == ref


def test_order_degree_diameter_bounds_sec_4_3():
    rng = np.random.default_rng(1)
    G, H = nx.petersen_graph(), nx.cycle_graph(6)
    t = star_product(G, H, {(x, y): rng.permutation(6) for x, y in (sorted(e) for e in G.edges)})
    assert t.num_routers == 10 * 6
    assert t.radix <= 3 + 2
    assert reference_diameter(t) <= nx.diameter(G) + nx.diameter(H)


def test_bad_bijections():
    G, H = nx.path_graph(3), nx.cycle_graph(4)
    with pytest.raises(ValueError, match="bijection"):
        star_product(G, H, [0, 0, 1, 2])
    with pytest.raises(ValueError, match="bijection"):
        star_product(G, H, [0, 1, 2])
    with pytest.raises(ValueError, match="no bijection given for arc"):
        star_product(G, H, {(0, 1): np.arange(4)})
    with pytest.raises(ValueError, match="f is required"):
        star_product(G, H)


# ----------------------------------------------------------------- properties
def test_property_R_examples():
    assert has_property_R(nx.Graph(paley(9).edges.tolist()))  # srg(9,4,1,2): every pair has a common neighbour
    assert not has_property_R(nx.petersen_graph())  # adjacent vertices share no neighbour
    assert not has_property_R(nx.cycle_graph(5))
    k4 = nx.complete_graph(4)
    assert not has_property_R(k4)  # D = 1: x to itself needs a loop
    assert has_property_R(k4, loops=range(4))


def test_property_R_matters_K4_with_IQ0():
    """Without Property R (K4 has no closed walks of length D = 1) Theorem 4's bound
    D + 1 = 2 fails for K4 * IQ_0: (x, 0) reaches (x, 1) only by an odd closed walk."""
    t = star_product(nx.complete_graph(4), inductive_quad(0))
    assert reference_diameter(t) == 3
    k4_loops = FactorGraph(4, np.array(list(nx.complete_graph(4).edges)), np.arange(4))
    assert has_property_R(k4_loops)
    assert reference_diameter(star_product(k4_loops, inductive_quad(0))) == 2


def test_property_R_star_and_R1_counterexamples():
    c5 = nx.cycle_graph(5)
    assert has_property_R1(c5, [0, 2, 4, 1, 3])  # C5 is Paley(5); x -> 2x
    assert not has_property_R1(c5, np.arange(5))
    assert not has_property_R_star(c5, [1, 0, 2, 3, 4])
    g = inductive_quad(3)
    assert not has_property_R_star(g, np.roll(np.arange(8), 1))  # not an involution


@pytest.mark.parametrize("q", [2, 3, 4, 5])
@pytest.mark.parametrize("supernode", [inductive_quad(0), inductive_quad(3), inductive_quad(4), complete(3)])
def test_theorem4_R_and_R_star(q, supernode):
    t = star_product(polarfly(q), supernode)
    assert reference_diameter(t) <= 3


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("p", [5, 9, 13])
def test_theorem5_R1_any_orientation(seed, p):
    """R1 with one f on an arbitrary orientation of a diameter-D graph (D >= 2): diameter <= D + 1."""
    rng = np.random.default_rng(seed)
    G = nx.petersen_graph() if seed == 0 else nx.random_regular_graph(4, 12, seed=seed)
    D = nx.diameter(G)
    assert D >= 2
    sn = paley(p)
    arcs = {}
    for x, y in G.edges:
        key = (x, y) if rng.random() < 0.5 else (y, x)
        arcs[key] = sn.f
    t = star_product(G, sn, arcs)
    assert reference_diameter(t) <= D + 1


@pytest.mark.parametrize("module", ["_polarfly", "supernodes", "starproduct", "_polarstar", "_bundlefly"])
def test_docstring_examples(module):
    import doctest
    import importlib

    mod = importlib.import_module(f"lowdiam.topologies.{module}")
    result = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0
