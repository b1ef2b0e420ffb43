"""lowdiam.metrics.spectral_bounds: SpectralFly's closed forms against brute force and computed spectra."""

from __future__ import annotations

import inspect
import math

import networkx as nx
import numpy as np
import pytest

from lowdiam import topologies as T
from lowdiam.metrics import spectral
from lowdiam.metrics import spectral_bounds as SB
from lowdiam.topologies import Topology


def _top(g: nx.Graph) -> Topology:
    g = nx.convert_node_labels_to_integers(g)
    return Topology.from_edges("g", "test", g.number_of_nodes(), list(g.edges()))


# ------------------------------------------------------------------------------------------ closed forms


def test_ramanujan_bounds_brute_force_threshold():
    ks = range(2, 400)
    above = [k for k in ks if (k - 2 * math.sqrt(k - 1)) / k > 2 / 3]
    assert above == list(range(above[0], 400)) and above[0] == 35  # monotone: once above, always above
    assert SB.radix_threshold(SB.ramanujan_mu1_bound, 2 / 3) == 35
    assert SB.radix_threshold(SB.ramanujan_bisection_bound, 1 / 3) == 35
    # the threshold solves (1 - t)^2 k^2 - 4 k + 4 > 0: k > 2 (1 + sqrt(t (2 - t))) / (1 - t)^2
    for t in (0.1, 0.5, 2 / 3, 0.75, 0.9):
        root = 2 * (1 + math.sqrt(t * (2 - t))) / (1 - t) ** 2
        assert SB.radix_threshold(SB.ramanujan_mu1_bound, t) == math.floor(root) + 1


def test_bounds_increase_and_halve():
    vals = [SB.ramanujan_mu1_bound(k) for k in range(2, 300)]
    assert np.all(np.diff(vals) > 0) and vals[0] == 0.0
    assert SB.ramanujan_bisection_bound(50) == SB.ramanujan_mu1_bound(50) / 2


@pytest.mark.parametrize("bad", [1, 0, -3, 2.5, True, "7"])
def test_bad_radix_raises(bad):
    with pytest.raises(ValueError, match="radix k must be an integer >= 2"):
        SB.ramanujan_mu1_bound(bad)


def test_threshold_out_of_range_raises():
    with pytest.raises(ValueError, match="does not exceed"):
        SB.radix_threshold(SB.ramanujan_mu1_bound, 0.999, k_max=100)
    with pytest.raises(ValueError, match="finite"):
        SB.radix_threshold(SB.ramanujan_mu1_bound, float("nan"))


def test_slimfly_delta_rules():
    assert [SB.slimfly_delta(q) for q in (3, 4, 5, 7, 8, 9, 11, 13)] == [-1, 0, 1, -1, 0, 1, -1, 1]
    with pytest.raises(ValueError, match="2 mod 4"):
        SB.slimfly_delta(6)
    with pytest.raises(ValueError, match="q >= 3"):
        SB.slimfly_delta(2)


@pytest.mark.parametrize("q", [3, 4, 5, 7, 8, 9, 11])
def test_slimfly_mu1_matches_computed_spectrum(q):
    t = T.slimfly(q)
    sp = spectral(t, method="dense")
    assert t.radix == (3 * q - SB.slimfly_delta(q)) // 2
    assert sp.mu1 == pytest.approx(SB.slimfly_mu1(q), abs=1e-9)
    # SpectralFly's printed 2/(3 + delta/q) differs whenever delta != 0
    printed = 2 / (3 + SB.slimfly_delta(q) / q)
    assert (abs(printed - sp.mu1) < 1e-9) == (SB.slimfly_delta(q) == 0)


@pytest.mark.parametrize(("p", "q"), [(3, 5), (11, 7)])
def test_lps_fiedler_fraction_above_ramanujan_bisection_bound(p, q):
    t = T.lps(p, q)
    sp = spectral(t)
    assert sp.is_ramanujan
    assert sp.normalized_fiedler_bound >= SB.ramanujan_bisection_bound(t.radix) - 1e-12


# ------------------------------------------------------------------------------------- edge connectivity

GRAPHS = {
    "petersen": nx.petersen_graph(),
    "cycle9": nx.cycle_graph(9),
    "cube4": nx.hypercube_graph(4),
    "rr40_5": nx.random_regular_graph(5, 40, seed=1),
    "k5_bridge_k5": nx.barbell_graph(5, 0),  # min degree 4, one bridge
    "two_k6_two_links": nx.union(nx.complete_graph(6), nx.complete_graph(range(6, 12))),
    "gnp30": nx.gnp_random_graph(30, 0.25, seed=4),
}
GRAPHS["two_k6_two_links"].add_edges_from([(0, 6), (1, 7)])


@pytest.mark.parametrize("name", list(GRAPHS))
def test_edge_connectivity_matches_networkx(name):
    g = GRAPHS[name]
    assert SB.edge_connectivity(_top(g)) == nx.edge_connectivity(g)


def test_edge_connectivity_below_min_degree_and_disconnected():
    assert SB.edge_connectivity(_top(nx.barbell_graph(5, 0))) == 1  # not the min degree 4
    assert SB.edge_connectivity((4, [(0, 1), (2, 3)])) == 0
    with pytest.raises(ValueError, match="at least 2 routers"):
        SB.edge_connectivity((1, []))


def test_lps_edge_connectivity_is_its_degree():
    t = T.lps(3, 5)
    assert SB.edge_connectivity(t) == t.radix == 4


def test_numpydoc_sections():
    for name in SB.__all__:
        doc = inspect.getdoc(getattr(SB, name)) or ""
        assert "Examples\n--------" in doc and ">>> " in doc, name
        assert "Parameters\n----------" in doc and "Returns\n-------" in doc, name
