"""Jellyfish / random regular graphs: regularity, connectivity, determinism, published values."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import reference_diameter, reference_distance_histogram

from lowdiam.topologies import jellyfish


def _mean_distance(hist):
    n = hist[0]
    return float((np.arange(len(hist)) * hist).sum() / (n * (n - 1)))


@pytest.mark.parametrize("n, degree", [(27, 4), (50, 3), (100, 7), (64, 12), (10, 6), (11, 8),
                                       (10, 9), (3, 2), (2, 1), (200, 101), (720, 17)])
def test_order_degree_links_connected(n, degree):
    t = jellyfish(n, degree, seed=7)
    assert t.num_routers == n
    assert np.all(t.degrees == degree)
    assert t.num_edges == n * degree // 2
    diam = reference_diameter(t)  # raises if disconnected
    assert 1 <= diam <= n - 1
    if degree == n - 1:
        assert diam == 1  # only the complete graph is (n-1)-regular


def test_deterministic_per_seed():
    a = jellyfish(100, 7, seed=3)
    b = jellyfish(100, 7, seed=3)
    c = jellyfish(100, 7, seed=4)
    assert np.array_equal(a.edges, b.edges)
    assert not np.array_equal(a.edges, c.edges)
    # dense (complement) path is seeded too
    assert np.array_equal(jellyfish(40, 30, seed=1).edges, jellyfish(40, 30, seed=1).edges)
    assert not np.array_equal(jellyfish(40, 30, seed=1).edges, jellyfish(40, 30, seed=2).edges)


def test_not_a_fixed_structure():
    """Different seeds give different degree-3 graphs on 50 routers in most draws."""
    keys = {jellyfish(50, 3, seed=s).edges.tobytes() for s in range(10)}
    assert len(keys) == 10


def test_polarized_routing_rrg_720_17():
    """Polarized routing Table 4 / Sec. 4: RRG with 720 routers, delta = 17, delta_0 = 7
    servers per router (5,040 servers), average distance 2.640.

    The paper also says the instance shown has diameter D = 3.  Random 17-regular graphs
    on 720 routers have about 300 router pairs at distance 4 (roughly n^2/2 * exp(-d (d-1)^2 / n)),
    so D = 3 is practically unreachable for a near-uniform sample: our seed 1 (and every one
    of the 30 seeds tried, as well as networkx's random_regular_graph) gives D = 4.  Only the
    mean distance is asserted against the paper."""
    t = jellyfish(720, 17, seed=1, endpoints_per_router=7)
    assert (t.num_routers, t.radix, t.num_endpoints, t.total_radix) == (720, 17, 5040, 24)
    hist = reference_distance_histogram(t)
    assert abs(_mean_distance(hist) - 2.640) < 0.005
    assert len(hist) - 1 == 4  # paper: 3, see docstring
    assert int(np.ceil(17 / 2.640)) == 7  # delta_0 = ceil(delta / mean distance)


def test_polarized_routing_figure_1():
    """Fig. 1: an RRG with N = 27 routers, degree 4, 2 servers each (54 servers), said to have
    D = 3.  Near-uniform samples of 4-regular graphs on 27 vertices have D = 4 (182 of 200
    seeds of ours, the rest 5-6; networkx's sampler: 270 of 300 D = 4, 30 D = 5), so the
    figure's instance is an unusual draw; we assert the sizes and record our diameter."""
    t = jellyfish(27, 4, seed=0, endpoints_per_router=2)
    assert (t.num_routers, t.total_radix, t.num_endpoints) == (27, 6, 54)
    assert reference_diameter(t) == 4  # paper's drawn instance: 3


def test_default_concentration():
    assert jellyfish(60, 12, seed=0).endpoints_per_router == 4


def test_larger_build():
    # speed is benchmarked, not asserted here (no timing assertions in tests)
    t = jellyfish(10_000, 32, seed=5)
    assert np.all(t.degrees == 32) and t.num_edges == 160_000


@pytest.mark.parametrize(
    "n, degree, match",
    [
        (27, 5, r"n \* degree must be even.*n=26 or n=28.*degree=4 or degree=6"),
        (10, 10, r"degree < n"),
        (10, 12, r"degree < n"),
        (10, 2, r"degree >= 3"),
        (10, 1, r"degree >= 3"),
        (10, 0, r"degree >= 1"),
        (1, 0, r"n >= 2"),
    ],
)
def test_bad_input(n, degree, match):
    with pytest.raises(ValueError, match=match):
        jellyfish(n, degree, seed=0)
