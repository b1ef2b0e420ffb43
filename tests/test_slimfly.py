"""Slim Fly / MMS(q): order, degree, links, diameter 2, girth, spectra, published values."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
from conftest import reference_diameter, reference_distance_histogram
from scipy.sparse import csr_matrix, identity

from lowdiam.topologies import mms_graph, slimfly
from lowdiam.topologies._slimfly import mms_delta, mms_generator_sets, mms_size
from lowdiam.topologies.fields import prime_powers

SMALL_Q = [q for q in prime_powers(3, 32) if q % 4 != 2]


def _adjacency(t):
    n = t.num_routers
    return csr_matrix((np.ones(len(t.indices), dtype=np.int32), t.indices, t.indptr), shape=(n, n))


def _diameter_at_most_2(t, block=512):
    """Exact check that A^2 + A + I has no zero entry, by row blocks (for graphs too big for
    the dense reference BFS)."""
    a = _adjacency(t)
    reach1 = a + identity(t.num_routers, dtype=np.int32, format="csr")
    for lo in range(0, t.num_routers, block):
        rows = reach1[lo : lo + block]
        if (rows @ reach1).toarray().min() == 0:
            return False
    return True


def _has_triangle(t):
    a = _adjacency(t)
    return bool((a @ a).multiply(a).sum() > 0)


def _mean_distance(hist):
    """Mean over ordered pairs of distinct routers (SpectralFly Table I convention)."""
    n = hist[0]
    return float((np.arange(len(hist)) * hist).sum() / (n * (n - 1)))


@pytest.mark.parametrize("q", SMALL_Q)
def test_order_degree_links_diameter(q):
    t = slimfly(q)
    delta = mms_delta(q)
    k = (3 * q - delta) // 2
    assert t.num_routers == 2 * q * q
    assert np.all(t.degrees == k)
    assert t.num_edges == q * q * k
    assert reference_diameter(t) == 2
    # q^3 global links between the subgraphs, the rest inside groups
    assert int((t.link_class == 1).sum()) == q**3
    sub = t.labels["subgraph"]
    glob = t.edges[t.link_class == 1]
    assert np.all(sub[glob[:, 0]] != sub[glob[:, 1]])
    loc = t.edges[t.link_class == 0]
    assert np.all(t.labels["supernode"][loc[:, 0]] == t.labels["supernode"][loc[:, 1]])
    assert t.endpoints_per_router == -(-k // 2)


@pytest.mark.parametrize("q", SMALL_Q)
def test_generator_sets_symmetric_and_sized(q):
    x_set, x_prime = mms_generator_sets(q)
    size = (q - mms_delta(q)) // 2
    for s in (x_set, x_prime):
        vals = set(np.asarray(s).tolist())
        assert len(vals) == size and 0 not in vals
        assert vals == set(np.asarray(-s).tolist())  # closed under negation


def test_star_product_structure():
    """Each supernode is a (q - δ)/2-regular Cayley graph, and two supernodes in different
    subgraphs are joined by a perfect matching (structure graph K_{q,q}; EDST paper Sec. II)."""
    q = 9
    t = slimfly(q)
    sn = t.labels["supernode"].astype(np.int64)
    counts = np.zeros((2 * q, 2 * q), dtype=np.int64)
    np.add.at(counts, (sn[t.edges[:, 0]], sn[t.edges[:, 1]]), 1)
    counts = counts + counts.T
    blocks = counts[:q, q:]
    assert np.all(blocks == q)  # a perfect matching between every (x, m) pair
    assert np.all(counts[:q, :q][~np.eye(q, dtype=bool)] == 0)
    assert np.all(np.diag(counts) == q * (q - mms_delta(q)) // 2)  # q (q-δ)/4 links, counted twice


def test_hoffman_singleton_is_mms5():
    """MMS(5) is the Hoffman–Singleton graph: the (7, 5)-Moore graph, girth 5."""
    t = slimfly(5)
    g = t.to_networkx()
    assert nx.girth(g) == 5
    assert t.num_routers == 7 * 7 + 1


@pytest.mark.parametrize("q, girth", [(3, 3), (4, 4), (5, 5), (7, 3), (8, 3), (9, 3)])
def test_girth_small(q, girth):
    assert nx.girth(slimfly(q).to_networkx()) == girth


# SpectralFly Table I: routers, radix, diameter, mean distance, girth, mu_1.
TABLE_I = [(7, 98, 11, 2, 1.89, 3, 0.62), (17, 578, 25, 2, 1.96, 3, 0.64),
           (37, 2738, 55, 2, 1.98, 3, 0.65), (47, 4418, 71, 2, 1.98, 3, 0.66),
           (59, 6962, 89, 2, 1.99, 3, 0.66)]


@pytest.mark.parametrize("q, routers, radix, diam, dist, girth, mu1", TABLE_I)
def test_spectralfly_table_i(q, routers, radix, diam, dist, girth, mu1):
    t = slimfly(q, endpoints_per_router=0)
    assert (t.num_routers, t.radix) == (routers, radix)
    assert bool(_has_triangle(t)) == (girth == 3)
    if routers <= 1000:
        hist = reference_distance_histogram(t)
        assert len(hist) - 1 == diam
        assert round(_mean_distance(hist), 2) == dist
    else:
        # dense all-pairs BFS is too big here; an exact blockwise A^2 check instead
        assert _diameter_at_most_2(t)
        n, k = routers, radix
        assert round((k + 2 * (n - 1 - k)) / (n - 1), 2) == dist
    if routers < 600:
        # mu_1 = (k - lambda)/k with lambda the largest |eigenvalue| other than k
        n = t.num_routers
        a = np.zeros((n, n))
        a[t.edges[:, 0], t.edges[:, 1]] = 1
        ev = np.sort(np.abs(np.linalg.eigvalsh(a + a.T)))[::-1]
        assert round((radix - ev[1]) / radix, 2) == mu1


@pytest.mark.parametrize("q, routers, radix, links", [(9, 162, 13, 1053), (13, 338, 19, 3211),
                                                      (17, 578, 25, 7225), (23, 1058, 35, 18515)])
def test_spectralfly_table_ii_link_counts(q, routers, radix, links):
    """Table II: electrical + optical links of SF(q) equal the router-to-router links."""
    t = slimfly(q)
    assert (t.num_routers, t.radix, t.num_edges) == (routers, radix, links)


def test_polarized_routing_table_4():
    """Polarized routing Table 4: Slimfly MMS, radix 19 + 9 = 28, 3,042 servers, 338 routers."""
    t = slimfly(13, endpoints_per_router=9)
    assert (t.num_routers, t.radix, t.total_radix, t.num_endpoints) == (338, 19, 28, 3042)


def test_mms_graph_alias():
    a, b = mms_graph(7), slimfly(7)
    assert np.array_equal(a.edges, b.edges)
    assert a.family == "mms" and b.family == "slimfly"


def test_labels():
    q = 4
    t = slimfly(q, endpoints_per_router=3)
    ids = np.arange(2 * q * q)
    assert np.array_equal(t.labels["subgraph"], ids // (q * q))
    assert np.array_equal(t.labels["group"], (ids // q) % q)
    assert np.array_equal(t.labels["position"], ids % q)
    assert t.num_endpoints == 3 * 2 * q * q
    assert t.params["delta"] == 0


@pytest.mark.parametrize("q, match", [(6, "not a prime power"), (12, "not a prime power"),
                                      (2, "≡ 2"), (1, "not a prime power"), (0, "not a prime power")])
def test_bad_q(q, match):
    with pytest.raises(ValueError, match=match):
        slimfly(q)


def test_bad_q_names_valid_values():
    with pytest.raises(ValueError, match="nearby valid values: .*5.*7"):
        slimfly(6)
    with pytest.raises(ValueError, match="nearby valid values: 3, 4, 5"):
        slimfly(2)


@pytest.mark.parametrize("q, exc, match", [(2.5, ValueError, r"q must be an integer, got 2.5"),
                                           (True, TypeError, "q must be an integer, got bool"),
                                           ("5", TypeError, "q must be an integer")])
def test_bad_kinds_are_refused(q, exc, match):
    with pytest.raises(exc, match=match):
        slimfly(q)
    with pytest.raises(exc, match=match):
        mms_delta(q)


def test_integral_float_q_and_bad_endpoints():
    assert slimfly(5.0).name == "SF(5)"
    with pytest.raises(ValueError, match="endpoints_per_router must be >= 0"):
        slimfly(5, endpoints_per_router=-1)
    with pytest.raises(TypeError, match="endpoints_per_router must be an integer"):
        slimfly(5, endpoints_per_router=True)


@pytest.mark.parametrize("q", SMALL_Q)
def test_mms_size_matches_construction(q):
    t = slimfly(q, endpoints_per_router=0)
    assert mms_size(q) == (t.num_routers, t.radix) == (2 * q * q, (3 * q - mms_delta(q)) // 2)
