"""Bundlefly BF(p, s) = MMS(s) * Paley(p): PolarStar Table 3, SpectralFly Table I, Theorem 5, bad input."""

from __future__ import annotations

import numpy as np
import pytest
import scipy.sparse as sp
from conftest import reference_diameter, reference_distance_histogram
from scipy.sparse.linalg import eigsh

from lowdiam.topologies import bundlefly, has_property_R1, paley, slimfly, star_product


def mean_distance(t, h) -> float:
    n = t.num_routers
    return float((h * np.arange(len(h))).sum() / (n * (n - 1)))  # distinct ordered pairs


def spectral_gap(t) -> float:
    """Normalised Laplacian gap mu_1 = (k - lambda_2) / k of a k-regular graph (SpectralFly Sec. IV)."""
    n = t.num_routers
    a = sp.csr_matrix((np.ones(len(t.indices)), t.indices, t.indptr), shape=(n, n))
    lam = np.sort(eigsh(a, k=2, which="LA", return_eigenvectors=False))
    return float((t.radix - lam[0]) / t.radix)


def has_triangle(t) -> bool:
    n = t.num_routers
    a = sp.csr_matrix((np.ones(len(t.indices), np.int64), t.indices, t.indptr), shape=(n, n))
    return bool((a @ a).multiply(a).sum() > 0)


def test_polarstar_table3_bundlefly():
    """PolarStar Table 3: BF d=11, d'=4, p=5 -> 882 routers, radix 15, 4,410 endpoints.

    d = 11 is MMS(7) ((3*7+1)/2 = 11, 98 routers), d' = 4 is Paley(9): 98 * 9 = 882."""
    t = bundlefly(9, 7)
    assert t.num_routers == 882 and t.radix == 15 and np.all(t.degrees == 15)
    assert t.endpoints_per_router == 5 and t.num_endpoints == 4410
    assert reference_diameter(t) == 3


# SpectralFly Table I: (p, s) -> routers, radix, diameter, mean distance, girth, mu_1
TABLE_I = {
    (13, 3): (234, 11, 3, 2.56, 3, 0.27),
    (37, 3): (666, 23, 3, 2.61, 3, 0.13),
    (97, 4): (3104, 54, 3, 2.76, 3, 0.07),
    (137, 4): (4384, 74, 3, 2.76, 3, 0.05),
    (157, 5): (7850, 85, 3, 2.82, 3, 0.06),
}


@pytest.mark.parametrize("p, s", list(TABLE_I))
def test_spectralfly_table1_order_radix(p, s):
    routers, radix, *_ = TABLE_I[(p, s)]
    t = bundlefly(p, s, endpoints_per_router=0)
    assert t.num_routers == routers == 2 * p * s * s
    assert t.radix == radix and np.all(t.degrees == radix)
    assert t.num_edges == routers * radix // 2


@pytest.mark.parametrize("p, s", [(13, 3), (37, 3), (97, 4)])
def test_spectralfly_table1_distances_girth_gap(p, s):
    """Diameter, mean distance (2 decimals), girth and mu_1 where a full BFS is cheap.

    Mean distance and mu_1 depend on the bijection f and the arc orientation,
    which SpectralFly does not state; with f = ξx and lower->higher arcs all
    three rows match (measured 2.5638, 2.6124, 2.7554; mu_1 0.2727, 0.1304, 0.0741).
    """
    _, _, diam, dist, girth, gap = TABLE_I[(p, s)]
    t = bundlefly(p, s)
    h = reference_distance_histogram(t)
    assert len(h) - 1 == diam
    assert round(mean_distance(t, h), 2) == dist
    assert girth == 3 and has_triangle(t)
    assert round(spectral_gap(t), 2) == gap


@pytest.mark.parametrize("p, s", [(5, 3), (5, 4), (5, 5), (13, 4)])
def test_small_bundleflies_have_diameter_3(p, s):
    t = bundlefly(p, s)
    assert t.num_routers == 2 * p * s * s
    assert reference_diameter(t) == 3
    sn = np.asarray(t.labels["supernode"])
    np.testing.assert_array_equal(sn * p + np.asarray(t.labels["supernode_vertex"]), np.arange(t.num_routers))
    assert t.params["p"] == p and t.params["s"] == s
    t2 = t.with_endpoints(2)  # the concentration has its own key; the paper's p survives
    assert t2.params["p"] == p and t2.params["endpoints_per_router"] == 2


def test_theorem5_reversed_orientation_still_diameter_3():
    """R1 needs no particular orientation: flipping every arc of MMS(4) keeps diameter 3."""
    mms, sn = slimfly(4, endpoints_per_router=0), paley(9)
    assert has_property_R1(sn)
    flipped = {(int(y), int(x)): sn.f for x, y in mms.edges.tolist()}
    t = star_product(mms, sn, flipped)
    assert reference_diameter(t) == 3
    assert reference_diameter(star_product(mms, sn)) == 3


@pytest.mark.parametrize(
    "p, s, match",
    [
        (7, 5, r"p ≡ 1 \(mod 4\)"),
        (15, 5, r"p ≡ 1 \(mod 4\)"),
        (13, 6, "not a prime power"),
        (13, 2, "≡ 2"),
    ],
)
def test_bad_input(p, s, match):
    with pytest.raises(ValueError, match=match):
        bundlefly(p, s)
