"""Bit-parallel BFS distances checked against scipy / networkx and closed forms."""

from __future__ import annotations

import doctest
import math

import networkx as nx
import numpy as np
import pytest
from conftest import reference_distance_histogram
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import shortest_path

from lowdiam.metrics import distances as dist
from lowdiam.metrics.distances import (
    diameter,
    distance_histogram,
    distance_matrix,
    distance_stats,
    distances_from,
    eccentricities,
    mean_distance,
)
from lowdiam.topologies import Topology


def topo(g: nx.Graph, name: str = "g") -> Topology:
    g = nx.convert_node_labels_to_integers(g)
    return Topology.from_edges(name, "test", g.number_of_nodes(), list(g.edges()))


def scipy_matrix(t: Topology) -> np.ndarray:
    n = t.num_routers
    a = csr_matrix((np.ones(len(t.indices)), t.indices, t.indptr), shape=(n, n))
    return shortest_path(a, unweighted=True, directed=False)


def finite_histogram(d: np.ndarray) -> np.ndarray:
    return np.bincount(d[np.isfinite(d)].astype(np.int64).ravel())


def random_connected(n: int, p: float, seed: int) -> nx.Graph:
    """G(n, p) plus a random spanning path, so it is connected for any p."""
    rng = np.random.default_rng(seed)
    g = nx.gnp_random_graph(n, p, seed=seed)
    order = rng.permutation(n)
    g.add_edges_from(zip(order[:-1].tolist(), order[1:].tolist()))
    return g


@pytest.fixture(params=["auto", 1, 3])
def block_words(request, monkeypatch):
    """Also force 64- and 192-source blocks, so several blocks, partial last
    words and multi-word rows are all exercised on small graphs."""
    if request.param != "auto":
        monkeypatch.setattr(dist, "_block_words", lambda n, k: request.param)
    return request.param


# ------------------------------------------------------- against the reference
@pytest.mark.parametrize("n,p,seed", [(2, 0.5, 0), (5, 0.3, 1), (63, 0.05, 2), (64, 0.05, 3),
                                      (65, 0.1, 4), (130, 0.02, 5), (200, 0.01, 6), (700, 0.004, 7)])
def test_connected_random_against_reference(n, p, seed, block_words):
    t = topo(random_connected(n, p, seed))
    ref = reference_distance_histogram(t)
    s = distance_stats(t)
    np.testing.assert_array_equal(s.histogram, ref)
    assert s.histogram.sum() == n * n and s.histogram[1] == 2 * t.num_edges
    assert s.connected and not s.sampled and s.unreachable_pairs == 0 and s.num_sources == n
    assert s.diameter == len(ref) - 1 and isinstance(s.diameter, int)
    d = scipy_matrix(t)
    np.testing.assert_array_equal(s.eccentricities, d.max(axis=1))
    assert s.mean_distance == pytest.approx(d.sum() / (n * (n - 1)))
    np.testing.assert_array_equal(distance_matrix(t), d.astype(np.uint8))


def test_networkx_cross_check():
    g = random_connected(150, 0.03, 11)
    t = topo(g)
    assert diameter(t) == nx.diameter(g)
    assert mean_distance(t) == pytest.approx(nx.average_shortest_path_length(g))
    ecc = nx.eccentricity(g)
    np.testing.assert_array_equal(eccentricities(t), [ecc[v] for v in range(150)])


@pytest.mark.parametrize("n,p,seed", [(10, 0.1, 0), (90, 0.015, 1), (300, 0.003, 2)])
def test_disconnected_random(n, p, seed, block_words):
    g = nx.gnp_random_graph(n, p, seed=seed)
    assert not nx.is_connected(g)
    t = topo(g)
    d = scipy_matrix(t)
    s = distance_stats(t)
    np.testing.assert_array_equal(s.histogram, finite_histogram(d))
    assert not s.connected
    assert s.unreachable_pairs == int(np.isinf(d).sum())
    assert s.histogram.sum() + s.unreachable_pairs == n * n
    assert s.diameter == math.inf and s.mean_distance == math.inf
    assert s.max_finite_distance == int(d[np.isfinite(d)].max())
    # eccentricities are within each source's component
    np.testing.assert_array_equal(s.eccentricities, np.where(np.isfinite(d), d, -1).max(axis=1))
    m = distance_matrix(t)
    np.testing.assert_array_equal(m, np.where(np.isinf(d), 255, d).astype(np.uint8))
    assert diameter(t) == math.inf and mean_distance(t) == math.inf
    with pytest.raises(ValueError, match="disconnected"):
        eccentricities(t)


def test_isolated_router_and_single_router():
    s = distance_stats(Topology.from_edges("one", "test", 1, []))
    assert s.histogram.tolist() == [1] and s.diameter == 0 and s.connected
    assert math.isnan(s.mean_distance) and s.eccentricities.tolist() == [0]
    assert distance_matrix(Topology.from_edges("one", "test", 1, [])).tolist() == [[0]]
    s = distance_stats(Topology.from_edges("two", "test", 2, []))
    assert s.histogram.tolist() == [2] and not s.connected and s.unreachable_pairs == 2


# ------------------------------------------------------------- closed forms
@pytest.mark.parametrize("n", [2, 7, 64, 65, 300])
def test_path(n):
    s = distance_stats(topo(nx.path_graph(n)))
    expected = [n] + [2 * (n - i) for i in range(1, n)]
    assert s.histogram.tolist() == expected
    assert s.diameter == n - 1
    assert s.mean_distance == pytest.approx((n + 1) / 3)
    ends = np.maximum(np.arange(n), n - 1 - np.arange(n))
    np.testing.assert_array_equal(s.eccentricities, ends)


@pytest.mark.parametrize("n", [3, 8, 9, 100, 129])
def test_ring(n):
    s = distance_stats(topo(nx.cycle_graph(n)))
    expected = [n] + [2 * n] * ((n - 1) // 2) + ([n] if n % 2 == 0 else [])
    assert s.histogram.tolist() == expected
    assert s.diameter == n // 2
    assert (s.eccentricities == n // 2).all()


@pytest.mark.parametrize("n", [2, 5, 70])
def test_complete(n):
    s = distance_stats(topo(nx.complete_graph(n)))
    assert s.histogram.tolist() == [n, n * (n - 1)]
    assert s.diameter == 1 and s.mean_distance == 1.0


@pytest.mark.parametrize("m", [1, 4, 100])
def test_star(m):
    s = distance_stats(topo(nx.star_graph(m)))  # centre 0, leaves 1..m
    n = m + 1
    assert s.histogram.tolist() == ([n, 2 * m, m * (m - 1)] if m > 1 else [n, 2 * m])
    assert s.eccentricities[0] == 1 and (s.eccentricities[1:] == min(2, m)).all()
    assert s.mean_distance == pytest.approx((2 * m + 2 * m * (m - 1)) / (n * m))


def test_petersen_is_moore_graph():
    s = distance_stats(topo(nx.petersen_graph()))
    assert s.histogram.tolist() == [10, 30, 60] and s.diameter == 2


# ----------------------------------------------------------- sampled sources
def test_sampled_is_labelled_and_deterministic():
    t = topo(random_connected(400, 0.01, 3))
    a = distance_stats(t, sources=50, seed=7)
    b = distance_stats(t, sources=50, seed=7)
    c = distance_stats(t, sources=50, seed=8)
    assert a.sampled and a.num_sources == 50 and a.connected
    np.testing.assert_array_equal(a.sources, b.sources)
    np.testing.assert_array_equal(a.histogram, b.histogram)
    assert not np.array_equal(a.sources, c.sources)
    assert len(np.unique(a.sources)) == 50
    # exactly the rows of the full matrix that belong to the sampled sources
    d = scipy_matrix(t)[a.sources]
    np.testing.assert_array_equal(a.histogram, finite_histogram(d))
    assert a.histogram.sum() == 50 * 400
    np.testing.assert_array_equal(a.eccentricities, d.max(axis=1))
    assert a.diameter == d.max() <= diameter(t)  # a lower bound
    assert a.mean_distance == pytest.approx(d.sum() / (50 * 399))
    np.testing.assert_array_equal(distance_histogram(t, sources=50, seed=7), a.histogram)


def test_explicit_sources_and_full_sample():
    t = topo(random_connected(100, 0.05, 4))
    s = distance_stats(t, sources=np.array([42, 3, 99]))
    assert s.sampled and s.sources.tolist() == [42, 3, 99]
    d = scipy_matrix(t)
    np.testing.assert_array_equal(s.eccentricities, d[[42, 3, 99]].max(axis=1))
    full = distance_stats(t, sources=100)
    assert not full.sampled
    np.testing.assert_array_equal(full.histogram, distance_histogram(t))
    assert not distance_stats(t, sources=np.arange(100)[::-1]).sampled


def test_sampled_detects_disconnection():
    t = topo(nx.disjoint_union(nx.cycle_graph(30), nx.path_graph(5)))
    s = distance_stats(t, sources=4, seed=0)
    assert not s.connected and s.unreachable_pairs > 0 and s.diameter == math.inf


# ---------------------------------------------------------------- row output
def test_distances_from_rows_follow_sources():
    g = nx.disjoint_union(random_connected(80, 0.05, 5), nx.path_graph(3))
    t = topo(g)
    d = np.where(np.isinf(scipy_matrix(t)), 255, scipy_matrix(t)).astype(np.uint8)
    rows = distances_from(t, np.array([81, 0, 17]))
    assert rows.shape == (3, 83) and rows.dtype == np.uint8
    np.testing.assert_array_equal(rows, d[[81, 0, 17]])
    np.testing.assert_array_equal(distances_from(t, 5), d[:5])


def test_uint8_overflow_is_refused():
    t = topo(nx.path_graph(300))
    with pytest.raises(ValueError, match="uint8"):
        distance_matrix(t)
    assert distance_matrix(topo(nx.path_graph(255)))[0, 254] == 254
    assert diameter(t) == 299  # the histogram path has no such limit


def test_raw_csr_pair():
    t = topo(nx.petersen_graph())
    s = distance_stats((t.indptr, t.indices))
    assert s.histogram.tolist() == [10, 30, 60]
    np.testing.assert_array_equal(distance_matrix((t.indptr.astype(np.int64), t.indices)),
                                  distance_matrix(t))


# ------------------------------------------------------------------ bad input
def test_bad_sources():
    t = topo(nx.cycle_graph(10))
    for bad in (0, 11, -1):
        with pytest.raises(ValueError, match=r"\[1, 10\]"):
            distance_stats(t, sources=bad)
    with pytest.raises(ValueError, match="distinct"):
        distance_stats(t, sources=[1, 2, 1])
    with pytest.raises(ValueError, match=r"\[0, 10\)"):
        distance_stats(t, sources=[3, 10])
    with pytest.raises(ValueError, match="1-D array"):
        distance_stats(t, sources=[0.5, 1.5])
    with pytest.raises(ValueError, match="1-D array"):
        distance_stats(t, sources=[[0, 1]])
    with pytest.raises(ValueError, match="1-D array"):
        distance_stats(t, sources=[])
    with pytest.raises(ValueError, match=r"\[1, 10\]"):
        distances_from(t, 0)


def test_bad_graph_input():
    with pytest.raises(TypeError, match="cannot read a graph"):
        distance_stats("not a graph")
    with pytest.raises(ValueError, match="symmetric"):
        distance_stats((np.array([0, 1, 1]), np.array([1])))  # arc 0->1 without 1->0
    with pytest.raises(ValueError, match="non-decreasing"):
        distance_stats((np.array([0, 2, 1, 2]), np.array([1, 0])))
    with pytest.raises(ValueError, match=r"\[0, 2\)"):
        distance_stats((np.array([0, 1, 2]), np.array([1, 2])))
    with pytest.raises(ValueError, match="n \\+ 1 >= 2"):
        distance_stats((np.array([0]), np.array([], dtype=np.int32)))


def test_docstring_examples():
    failures, _ = doctest.testmod(dist, verbose=False)
    assert failures == 0
