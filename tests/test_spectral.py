"""lowdiam.metrics._spectral against dense numpy eigenvalues and networkx."""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest

from lowdiam.metrics import spectral, spectral_gap
from lowdiam.topologies import Topology


def _top(g: nx.Graph) -> Topology:
    g = nx.convert_node_labels_to_integers(g)
    return Topology.from_edges("g", "test", g.number_of_nodes(), list(g.edges()))


def _reference(g: nx.Graph):
    """Adjacency spectrum, normalized-Laplacian and Laplacian eigenvalues by numpy (dense)."""
    a = nx.to_numpy_array(nx.convert_node_labels_to_integers(g), nodelist=range(g.number_of_nodes()))
    ev = np.sort(np.linalg.eigvalsh(a))[::-1]
    nl = np.sort(nx.normalized_laplacian_spectrum(g))
    lap = np.sort(np.linalg.eigvalsh(np.diag(a.sum(1)) - a))
    return ev, nl, lap


GRAPHS = {
    "petersen": nx.petersen_graph(),
    "k7": nx.complete_graph(7),
    "cycle9": nx.cycle_graph(9),
    "cube4": nx.hypercube_graph(4),
    "heawood": nx.heawood_graph(),
    "rr60_5": nx.random_regular_graph(5, 60, seed=1),
    "rr80_6": nx.random_regular_graph(6, 80, seed=2),
    "gnp40": nx.gnp_random_graph(40, 0.2, seed=3),
    "barbell": nx.barbell_graph(5, 2),
}


@pytest.mark.parametrize("name", sorted(GRAPHS))
@pytest.mark.parametrize("method", ["dense", "sparse"])
def test_against_dense_numpy(name, method):
    g = GRAPHS[name]
    assert nx.is_connected(g)
    ev, nl, lap = _reference(g)
    s = spectral(_top(g), method=method)
    assert s.lambda_max == pytest.approx(ev[0], abs=1e-7)
    assert s.lambda_2 == pytest.approx(ev[1], abs=1e-7)
    assert s.lambda_min == pytest.approx(ev[-1], abs=1e-7)
    assert s.mu1 == pytest.approx(nl[1], abs=1e-7)
    assert s.algebraic_connectivity == pytest.approx(lap[1], abs=1e-7)
    n = g.number_of_nodes()
    assert s.fiedler_bisection_bound == pytest.approx(lap[1] * (n // 2) * (n - n // 2) / n, abs=1e-6)
    assert s.bipartite == nx.is_bipartite(g)
    degs = {d for _, d in g.degree()}
    assert s.regular == (len(degs) == 1)
    if s.regular:
        k = degs.pop()
        nontriv = ev[np.abs(np.abs(ev) - k) > 1e-8]
        assert s.lam == pytest.approx(np.abs(nontriv).max(), abs=1e-7)
        assert s.is_ramanujan == (np.abs(nontriv).max() <= 2 * math.sqrt(k - 1) + 1e-8)
        assert s.mu1 == pytest.approx((k - ev[1]) / k, abs=1e-7)
        assert s.expansion_gap == pytest.approx((k - np.abs(nontriv).max()) / k, abs=1e-7)
    else:
        assert s.lam is None and s.is_ramanujan is None and s.expansion_gap is None
    if s.method == "dense":
        assert np.allclose(s.eigenvalues, ev)
    else:
        assert s.eigenvalues is None
    assert s.method == ("dense" if method == "dense" or n <= 8 else "sparse")


def test_known_values():
    # Petersen: spectrum 3, 1^5, (-2)^4 -> lam = 2 <= 2 sqrt 2, mu1 = 2/3
    s = spectral(_top(nx.petersen_graph()))
    assert s.lam == pytest.approx(2) and s.is_ramanujan and s.mu1 == pytest.approx(2 / 3)
    # hypercube Q4 is bipartite: -4 is trivial, lam = 2 = second eigenvalue
    q = spectral(_top(nx.hypercube_graph(4)))
    assert q.bipartite and q.lam == pytest.approx(2) and q.mu1 == pytest.approx(0.5)
    # K_n: mu1 = n / (n - 1)
    assert spectral_gap(_top(nx.complete_graph(6))) == pytest.approx(6 / 5)
    # the long cycle is far from Ramanujan?  no: a 2-regular graph always meets 2 sqrt(1)
    assert spectral(_top(nx.cycle_graph(12))).is_ramanujan


def test_expansion_gap_differs_from_mu1_when_the_smallest_eigenvalue_dominates():
    from lowdiam.topologies import slimfly

    s = spectral(slimfly(7))  # 11-regular, lambda_2 = 4, lambda_min = -4.18
    assert s.lambda_2 == pytest.approx(4) and -s.lambda_min > s.lambda_2
    assert s.mu1 == pytest.approx(7 / 11) and s.expansion_gap == pytest.approx(1 + s.lambda_min / 11)
    assert s.expansion_gap < s.mu1


def test_fiedler_bound_is_below_the_exact_bisection():
    from tests.test_bisection import brute_min_bisection  # the independent exhaustive reference

    for seed in range(6):
        g = nx.random_regular_graph(3 + seed % 3, 12, seed=seed)
        s = spectral(_top(g))
        assert s.fiedler_bisection_bound <= brute_min_bisection(12, list(g.edges())) + 1e-9


def test_disconnected_graph_has_zero_gap():
    g = nx.disjoint_union(nx.petersen_graph(), nx.petersen_graph())
    for method in ("dense", "sparse"):
        s = spectral(_top(g), method=method)
        assert not s.connected and s.mu1 == 0.0 and s.fiedler_bisection_bound == 0.0
    # isolated router
    t = Topology.from_edges("iso", "test", 4, [(0, 1), (1, 2), (0, 2)])
    assert spectral_gap(t) == 0.0


def test_spectral_gap_is_a_float_and_accepts_raw_inputs():
    g = nx.random_regular_graph(4, 30, seed=9)
    v = spectral_gap((30, list(g.edges())))
    assert isinstance(v, float) and v == pytest.approx(_reference(g)[1][1], abs=1e-8)


def test_lps_is_ramanujan_sparse_and_dense_agree():
    from lowdiam.topologies import lps

    t = lps(23, 11)  # 660 routers, 24-regular
    d, s = spectral(t, method="dense"), spectral(t, method="sparse")
    assert d.is_ramanujan and s.is_ramanujan
    assert d.mu1 == pytest.approx(s.mu1, abs=1e-8) and d.lam == pytest.approx(s.lam, abs=1e-8)


def test_bad_input():
    with pytest.raises(ValueError, match="unknown method 'eig'"):
        spectral((3, [(0, 1), (1, 2)]), method="eig")
    with pytest.raises(ValueError, match="at least 2 routers"):
        spectral((1, []))
    with pytest.raises(TypeError, match="cannot read a graph"):
        spectral_gap("petersen")


def test_networkx_graphs_are_accepted_through_the_coercer():
    from lowdiam.topologies import Topology

    g = nx.petersen_graph()
    assert spectral_gap(g) == pytest.approx(spectral_gap(Topology.from_networkx(g)))


def test_tiny_graphs_fall_back_to_dense():
    s = spectral((3, [(0, 1), (1, 2), (0, 2)]), method="sparse")
    assert s.method == "dense" and s.mu1 == pytest.approx(1.5) and s.lam == pytest.approx(1.0)
