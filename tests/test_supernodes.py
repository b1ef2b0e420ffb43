"""Supernodes (PolarStar Table 2): orders, degrees, properties R* / R1 by brute force, bad input."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest

from lowdiam.topologies import bdf, complete, has_property_R1, has_property_R_star, inductive_quad, paley
from lowdiam.topologies.supernodes import IQ3_EDGES


def test_iq3_is_the_unique_cubic_R_star_graph_on_8_vertices():
    """Rebuild of Fig. 6(a): with f = (01)(23)(45)(67), R* at the order bound
    2d'+2 = 8 needs exactly one edge per orbit {uv, f(u)f(v)}; enumerate all 2^12."""
    f = np.arange(8) ^ 1
    orbits, seen = [], set()
    for u, v in itertools.combinations(range(8), 2):
        if v == f[u] or (u, v) in seen:
            continue
        img = tuple(sorted((int(f[u]), int(f[v]))))
        seen |= {(u, v), img}
        orbits.append(((u, v), img))
    assert len(orbits) == 12
    cubic = []
    for choice in itertools.product((0, 1), repeat=12):
        e = [o[c] for o, c in zip(orbits, choice)]
        if np.all(np.bincount(np.ravel(e), minlength=8) == 3):
            cubic.append(nx.Graph(e))
    assert len(cubic) == 64
    assert all(has_property_R_star((8, np.array(g.edges())), f) for g in cubic)
    ref = nx.Graph(IQ3_EDGES.tolist())
    assert all(nx.is_isomorphic(ref, g) for g in cubic)
    assert any(set(map(frozenset, g.edges())) == set(map(frozenset, ref.edges())) for g in cubic)


@pytest.mark.parametrize("d", [0, 3, 4, 7, 8, 11, 12, 15, 16, 19, 20])
def test_inductive_quad(d):
    g = inductive_quad(d)
    n = 2 * d + 2
    assert g.num_vertices == n and g.degree == d
    assert np.all(g.degrees == d)
    assert len(g.edges) == d * (d + 1)
    f = g.f
    assert np.array_equal(f[f], np.arange(n)) and not np.any(f == np.arange(n))
    assert has_property_R_star(g)
    assert not has_property_R1(g)  # Table 2: IQ has R* but not R1
    # at the bound the R* cases are disjoint: exactly one of uv, f(u)f(v) is an edge
    a = g.adjacency()
    off = ~np.eye(n, dtype=bool)
    off[np.arange(n), f] = False
    assert np.all((a ^ a[np.ix_(f, f)])[off])
    assert not np.any(a[np.arange(n), f])  # x' is never adjacent to f(x')


@pytest.mark.parametrize("p", [5, 9, 13, 17, 25, 29, 37, 49])
def test_paley(p):
    g = paley(p)
    d = (p - 1) // 2
    assert g.num_vertices == p == 2 * d + 1
    assert np.all(g.degrees == d) and len(g.edges) == p * d // 2
    assert has_property_R1(g)
    assert not has_property_R_star(g)  # f = ξ x is not an involution
    # f maps edges onto non-edges: the Paley graph is self-complementary via f
    a = g.adjacency()
    finv = np.argsort(g.f)
    np.testing.assert_array_equal(a[np.ix_(finv, finv)], ~a & ~np.eye(p, dtype=bool))


@pytest.mark.parametrize("p", [5, 13, 17, 29, 37])
def test_paley_prime_matches_quadratic_residues(p):
    squares = {(x * x) % p for x in range(1, p)}
    ref = {(u, v) for u in range(p) for v in range(u + 1, p) if (v - u) % p in squares}
    assert set(map(tuple, paley(p).edges.tolist())) == ref


@pytest.mark.parametrize("d", range(1, 15))
def test_bdf_rebuild(d):
    g = bdf(d)
    assert g.num_vertices == 2 * d  # Table 2: order 2d', every d'
    assert g.degree == d
    assert has_property_R_star(g)


@pytest.mark.parametrize("n", [1, 2, 3, 6])
def test_complete(n):
    g = complete(n)
    assert g.num_vertices == n and g.degree == n - 1 and len(g.edges) == n * (n - 1) // 2
    assert has_property_R_star(g) and has_property_R1(g)


def test_table2_orders_versus_degree():
    assert [inductive_quad(d).num_vertices for d in (3, 4, 7, 8)] == [8, 10, 16, 18]
    assert [paley(2 * d + 1).num_vertices for d in (2, 4, 6, 8)] == [5, 9, 13, 17]
    assert [bdf(d).num_vertices for d in (3, 4, 5, 6)] == [6, 8, 10, 12]
    assert [complete(d + 1).num_vertices for d in (3, 4)] == [4, 5]


@pytest.mark.parametrize(
    "d, near", [(5, "3, 4, 7, 8"), (1, "0, 3, 4"), (2, "0, 3, 4"), (6, "4, 7, 8"), (10, "8, 11, 12")]
)
def test_iq_bad_degree(d, near):
    with pytest.raises(ValueError, match="0 or 3 mod 4") as err:
        inductive_quad(d)
    assert near in str(err.value)


@pytest.mark.parametrize("bad, exc, msg", [(-1, ValueError, ">= 0"), (2.5, ValueError, "integer"),
                                           ("3", TypeError, "integer"), (True, TypeError, "integer")])
def test_iq_not_an_integer(bad, exc, msg):
    with pytest.raises(exc, match=msg):
        inductive_quad(bad)


def test_iq_integral_float_accepted_and_bad_convention():
    assert inductive_quad(7.0).num_vertices == 16
    with pytest.raises(ValueError, match="'authors', 'alternate'"):
        inductive_quad(7, "paper")


@pytest.mark.parametrize("d", [0, 3, 4, 7, 8, 11, 12, 15, 16])
@pytest.mark.parametrize("convention", ["authors", "alternate"])
def test_iq_both_conventions_have_the_stated_properties(d, convention):
    g = inductive_quad(d, convention)
    assert g.num_vertices == 2 * d + 2 and len(g.edges) == d * (d + 1)
    assert (g.degrees == d).all()
    assert has_property_R_star(g)
    assert np.array_equal(g.f, np.arange(g.num_vertices) ^ 1)


@pytest.mark.parametrize("d, same", [(3, True), (4, True), (7, False), (8, False), (11, False)])
def test_iq_conventions_differ_from_the_second_step_on(d, same):
    """As graphs with f they coincide for d' <= 4 (one step) and differ from d' = 7 on."""
    import networkx as nx

    def coloured(g):
        h = g.to_networkx()
        h.add_edges_from((v, v ^ 1, {"f": 1}) for v in range(0, g.num_vertices, 2))
        return h

    a, b = coloured(inductive_quad(d, "authors")), coloured(inductive_quad(d, "alternate"))
    em = nx.algorithms.isomorphism.categorical_edge_match("f", 0)
    assert nx.is_isomorphic(a, b, edge_match=em) is same


def test_iq3_authors_edges_is_the_same_cubic_graph():
    import networkx as nx

    from lowdiam.topologies.supernodes import IQ3_AUTHORS_EDGES

    assert nx.is_isomorphic(nx.Graph(IQ3_AUTHORS_EDGES.tolist()), nx.Graph(IQ3_EDGES.tolist()))
    even = nx.Graph(IQ3_AUTHORS_EDGES.tolist()).subgraph([0, 2, 4, 6])
    assert sorted(d for _, d in even.degree()) == [1, 1, 2, 2]  # a path
    even_alt = nx.Graph(IQ3_EDGES.tolist()).subgraph([0, 2, 4, 6])
    assert sorted(d for _, d in even_alt.degree()) == [0, 2, 2, 2]  # triangle + isolated vertex


@pytest.mark.parametrize("xi", [2, 6, 7, 11])
def test_paley_primitive_element(xi):
    g = paley(13, primitive_element=xi)
    assert g.params["primitive_element"] == xi
    assert g.f.tolist() == [(xi * v) % 13 for v in range(13)]
    assert has_property_R1(g)


@pytest.mark.parametrize("bad, exc", [(4, ValueError), (0, ValueError), (2.5, ValueError), (True, TypeError)])
def test_paley_primitive_element_refused(bad, exc):
    with pytest.raises(exc, match="primitive|integer"):
        paley(13, primitive_element=bad)


@pytest.mark.parametrize("p, near", [(7, "5, 9"), (11, "9, 13"), (15, "13, 17"), (3, "5"), (21, "17, 25")])
def test_paley_bad_order(p, near):
    with pytest.raises(ValueError, match=r"prime power p ≡ 1 \(mod 4\)") as err:
        paley(p)
    assert near in str(err.value)


def test_bdf_and_complete_bad_input():
    with pytest.raises(ValueError, match=">= 1"):
        bdf(0)
    with pytest.raises(ValueError, match=">= 1"):
        complete(0)
