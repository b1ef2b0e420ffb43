"""Parallel METIS trials (``bisection(workers=...)``) give exactly the serial result: same seeds, same cuts."""

from __future__ import annotations

import numpy as np
import pytest

from lowdiam import topologies as T
from lowdiam.metrics import _bisection, bisection


@pytest.mark.parametrize("build", [lambda: T.slimfly(7), lambda: T.fat_tree(4, 3), lambda: T.jellyfish(300, 7, seed=2)],
                         ids=["slimfly7", "fat_tree_indirect", "jellyfish"])
def test_parallel_trials_equal_serial(build):
    t = build()
    serial = bisection(t, trials=6, seed=3, workers=1)
    parallel = bisection(t, trials=6, seed=3, workers=2)
    assert serial.trial_cuts.tolist() == parallel.trial_cuts.tolist()
    assert serial.cut_edges == parallel.cut_edges
    assert np.array_equal(serial.part, parallel.part)
    assert serial.metis_imbalance == parallel.metis_imbalance
    # trials really differ by seed (otherwise the check above would be vacuous for ordering)
    assert len({tuple(bisection(t, trials=1, seed=s, workers=1).part) for s in range(3, 9)}) > 1


def test_auto_workers_threshold(monkeypatch):
    """workers=None switches to processes from PARALLEL_MIN_WORK links x trials on; the result does not change."""
    t = T.slimfly(5)
    small = bisection(t, trials=4, seed=0)
    calls = []
    real = _bisection._parallel_trials
    monkeypatch.setattr(_bisection, "_parallel_trials", lambda *a: calls.append(a[-1]) or real(*a))
    monkeypatch.setattr(_bisection, "PARALLEL_MIN_WORK", 1)
    big = bisection(t, trials=4, seed=0)
    if (_bisection.os.cpu_count() or 1) > 1:
        assert calls == [min(_bisection.os.cpu_count(), 4)]
    assert big.trial_cuts.tolist() == small.trial_cuts.tolist()


def test_workers_rejects_bad_value():
    with pytest.raises(ValueError, match="workers"):
        bisection(T.slimfly(5), trials=2, workers=0)
