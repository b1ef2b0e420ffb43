"""``benchmarks/bench_dask_worker.py``: the recorded run it simulates on both sides is looked up in the committed
store, and a run the store does not hold is refused with the loads it does hold.  (The benchmark itself simulates
for minutes; ``make bench`` runs it.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def bench(monkeypatch):
    return load_benchmark("bench_dask_worker", monkeypatch)


def test_the_default_run_is_in_the_committed_store(bench):
    row = bench.recorded_row("05_polarstar_ugal_4vcs", "PS-IQ", "ugal", "uniform", 0.1)
    assert (row["label"], row["routing"], row["traffic"], row["load"]) == ("PS-IQ", "ugal", "uniform", 0.1)
    assert row["sim"]["router"] == "booksim" and all(row["result"].get(f) is not None for f in bench.SAME)


def test_a_run_the_store_does_not_hold_is_refused_with_the_loads_it_does(bench):
    with pytest.raises(ValueError, match=r"no run of PS-IQ ugal uniform at load 0.123; its loads .*0\.1,"):
        bench.recorded_row("05_polarstar_ugal_4vcs", "PS-IQ", "ugal", "uniform", 0.123)
    with pytest.raises(ValueError, match="no result log"):
        bench.recorded_row("no_such_log", "PS-IQ", "ugal", "uniform", 0.1)
