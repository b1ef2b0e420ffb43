"""ER_q / PolarFly: order, degrees, quadrics, diameter 2, Property R, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import reference_diameter

from lowdiam.topologies import erdos_renyi_polarity, field, polarfly
from lowdiam.topologies._polarfly import point_index, projective_points
from lowdiam.topologies.starproduct import has_property_R


def _check_counts(t, q):
    n = q * q + q + 1
    quad = np.asarray(t.labels["quadric"], dtype=bool)
    assert t.num_routers == n
    assert quad.sum() == q + 1
    assert np.all(t.degrees[quad] == q) and np.all(t.degrees[~quad] == q + 1)
    assert t.num_edges == q * (q + 1) ** 2 // 2  # (N (q+1) - (q+1)) / 2
    assert t.radix == q + 1


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 11, 16, 25, 27])
def test_small_orders_degrees_diameter(q):
    t = erdos_renyi_polarity(q)
    _check_counts(t, q)
    assert reference_diameter(t) == 2


@pytest.mark.parametrize("q", [49, 81, 121, 125, 128])
def test_large_even_and_odd_prime_powers(q):
    _check_counts(erdos_renyi_polarity(q, endpoints_per_router=0), q)


@pytest.mark.parametrize("q", [2, 3, 4, 8, 9])
def test_adjacency_is_orthogonality(q):
    """Brute force: all dot products of the normalised vectors with galois.

    Written elementwise: a galois matmul costs a fresh numba compile per field.
    """
    gf = field(q)
    t = erdos_renyi_polarity(q)
    v = gf(np.asarray(t.labels["vector"]))
    dots = v[:, None, 0] * v[None, :, 0] + v[:, None, 1] * v[None, :, 1] + v[:, None, 2] * v[None, :, 2]
    ortho = np.asarray(dots) == 0
    adj = np.zeros_like(ortho)
    adj[t.edges[:, 0], t.edges[:, 1]] = adj[t.edges[:, 1], t.edges[:, 0]] = True
    np.testing.assert_array_equal(ortho & ~np.eye(len(ortho), dtype=bool), adj)
    np.testing.assert_array_equal(np.diag(ortho), t.labels["quadric"])


@pytest.mark.parametrize("q", [3, 4, 9])
def test_points_are_left_normalised_and_indexed(q):
    pts = projective_points(q)
    lead = pts[np.arange(len(pts)), np.argmax(pts != 0, axis=1)]
    assert np.all(lead == 1)
    assert len({tuple(p) for p in pts.tolist()}) == q * q + q + 1
    np.testing.assert_array_equal(point_index(pts, q), np.arange(len(pts)))
    gf = field(q)
    scaled = gf(pts) * gf(q - 1)  # a nonzero multiple names the same point
    np.testing.assert_array_equal(point_index(scaled, q), np.arange(len(pts)))


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7])
def test_property_R_needs_the_quadric_loops(q):
    """PolarStar Theorem 1: ER_q has Property R with its self-loops, not without."""
    t = polarfly(q)
    assert has_property_R(t)
    assert not has_property_R(t, loops=())


def test_alias_params_and_endpoints():
    assert polarfly is erdos_renyi_polarity
    t = polarfly(7)
    assert t.params["q"] == 7 and t.params["d"] == 8
    assert t.endpoints_per_router == 4 == t.params["endpoints_per_router"]  # ceil((q+1)/2)
    assert polarfly(7, endpoints_per_router=3).num_endpoints == 57 * 3


@pytest.mark.parametrize("q, near", [(6, "5, 7"), (10, "9, 11"), (12, "11, 13"), (1, "2")])
def test_bad_q(q, near):
    with pytest.raises(ValueError, match="not a prime power") as err:
        erdos_renyi_polarity(q)
    assert near in str(err.value)
