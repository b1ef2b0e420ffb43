"""Levi graph of PG(2, q): order, regularity, bipartition, girth 6, diameter 3, Heawood at q = 2."""

import networkx as nx
import numpy as np
import pytest

from lowdiam.metrics.distances import diameter, distance_histogram
from lowdiam.metrics.paths import girth
from lowdiam.topologies.levi import levi_graph


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9])
def test_invariants(q):
    t = levi_graph(q)
    n = q * q + q + 1
    assert t.num_routers == 2 * n
    assert (t.degrees == q + 1).all()
    assert t.num_edges == n * (q + 1)
    side = t.labels["side"]
    assert (side[t.edges[:, 0]] != side[t.edges[:, 1]]).all()  # bipartite: points to lines only
    assert girth(t) == 6
    assert diameter(t) == 3


def test_heawood():
    assert nx.is_isomorphic(levi_graph(2).to_networkx(), nx.heawood_graph())


def test_distance_histogram_q3():
    # from a point: q+1 lines at 1, q(q+1) other points at 2, the q^2 lines not through it at 3
    q = 3
    h = distance_histogram(levi_graph(q))
    n2 = 2 * (q * q + q + 1)
    assert list(h) == [n2, n2 * (q + 1), n2 * q * (q + 1), n2 * q * q]


def test_two_points_share_one_line():
    q = 5
    t = levi_graph(q)
    n = q * q + q + 1
    adj = np.zeros((2 * n, 2 * n), dtype=np.int64)
    adj[t.edges[:, 0], t.edges[:, 1]] = 1
    inc = adj[:n, n:]  # point x line incidence
    common = inc @ inc.T
    assert (common[~np.eye(n, dtype=bool)] == 1).all()
    assert (np.diag(common) == q + 1).all()


def test_polarized_table4_row():
    t = levi_graph(17, endpoints_per_router=8)
    assert (t.num_routers, t.radix, t.total_radix, t.num_endpoints) == (614, 18, 26, 4912)


@pytest.mark.parametrize("bad", [1, 6, 10, 0, -3])
def test_rejects_non_prime_power(bad):
    with pytest.raises(ValueError, match="prime power"):
        levi_graph(bad)
