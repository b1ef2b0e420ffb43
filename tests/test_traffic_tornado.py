"""The ``tornado`` traffic pattern (``lowdiam.sim.traffic``), added in that one module."""

from __future__ import annotations

import pytest

from lowdiam.sim import PATTERNS, simulate
from lowdiam.topologies import hyperx, slimfly

FAST = {"warmup_cycles": 200, "measure_cycles": 400}


def test_tornado_moves_every_packet_ceil_k_half_minus_one_steps_per_dimension():
    """HyperX 5 x 3: shifts ceil(5/2) - 1 = 2 and ceil(3/2) - 1 = 1 change both coordinates: 2 minimal hops."""
    assert "tornado" in PATTERNS
    top = hyperx(5, 3).with_endpoints(1)
    r = simulate(top, "min", "tornado", 0.1, seed=1, router="ideal", **FAST)
    assert not r.saturated and r.packets_delivered == r.packets_measured > 0 and r.hops_mean == 2.0


def test_tornado_needs_coordinates():
    with pytest.raises(ValueError, match="labels\\['coords'\\]"):
        simulate(slimfly(5).with_endpoints(2), "min", "tornado", 0.1, **FAST)
