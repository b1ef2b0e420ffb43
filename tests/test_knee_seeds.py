"""``benchmarks/knee_seeds.py``: each case's configuration is the one its recorded search ran, so its seed-0 run is
the recorded run (the run key the committed log holds).  The runs themselves take minutes each."""

from __future__ import annotations

import pytest
from scripts import load_benchmark

from lowdiam import sweep as S

# (case, traffic, load, a recorded run key of the case's log)
RECORDED = [("df-authors", "uniform", 0.58375, "582f61bd"), ("ps-iq", "uniform", 0.54875, None)]


@pytest.fixture
def knee(monkeypatch):
    return load_benchmark("knee_seeds", monkeypatch)


@pytest.mark.parametrize("case, traffic, load, key", RECORDED)
def test_a_case_is_its_recorded_configuration(knee, case, traffic, load, key):
    from lowdiam.studies import polarstar as P

    (label, build, routing, pattern, sim), = knee.case_runs(case, traffic)
    recipe = {r.label: r for r in P.table3("paper")}[label]
    assert build.__self__ == recipe and pattern == traffic  # the recipe the log names
    got = S.Run(recipe, routing, pattern, load, seed=0, sim=sim).key()
    rows = {r["run"]: r for r in S.result_log("05_simulation", P.AUTHORS_LOG).rows()}
    assert got in rows and (key is None or got.startswith(key))
    assert (rows[got]["label"], rows[got]["routing"], rows[got]["load"]) == (label, routing, load)


def test_an_unknown_case_is_refused(knee):
    with pytest.raises(ValueError, match="case must be one of"):
        knee.case_runs("df", "uniform")
