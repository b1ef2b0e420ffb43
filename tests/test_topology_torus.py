"""The torus (``lowdiam.topologies.torus``), added as one module: the package discovers it (its ``EXPORTS``)."""

from __future__ import annotations

import numpy as np
import pytest

from lowdiam.metrics.distances import distance_matrix
from lowdiam.topologies import torus


def test_the_package_and_recipes_find_it():
    import lowdiam.topologies as T
    from lowdiam.sweep import Recipe

    assert T._EXPORTS["torus"] == "_torus" and "torus" in T.__all__
    assert Recipe("torus", args=(4, 4)).build().num_routers == 16


@pytest.mark.parametrize("sides", [(3,), (4, 4), (5, 6), (3, 4, 5)])
def test_structure(sides):
    t = torus(*sides)
    n = int(np.prod(sides))
    assert t.num_routers == n and t.indices.size == 2 * len(sides) * n  # 2L neighbours each
    assert np.all(np.diff(t.indptr) == 2 * len(sides)) and t.family == "torus"
    assert int(distance_matrix(t).max()) == sum(k // 2 for k in sides)


def test_bad_sides():
    with pytest.raises(ValueError, match="at least one side"):
        torus()
    with pytest.raises(ValueError, match=">= 3"):
        torus(4, 2)


def test_tornado_on_a_2d_torus():
    """Tornado on a 5 x 5 torus moves every packet 2 steps in both dimensions: 4 hops on minimal routes."""
    from lowdiam.sim import simulate

    r = simulate(torus(5, 5), "min", "tornado", 0.1, seed=1, router="ideal", warmup_cycles=200, measure_cycles=400)
    assert not r.saturated and r.packets_delivered == r.packets_measured > 0 and r.hops_mean == 4.0
