"""``benchmarks/recheck_recorded.py --runs``: naming recorded runs to simulate again.  Only the choice of rows is
checked here (simulating a paper-scale run takes a minute); the rows are the committed result log's."""

from __future__ import annotations

import pytest
from scripts import load_benchmark

LOG = "05_polarstar_authors_code"


@pytest.fixture
def recheck(monkeypatch):
    return load_benchmark("recheck_recorded", monkeypatch)


def _keys():
    from lowdiam import sweep as S

    return [r["run"] for r in S.result_log("05_simulation", LOG).rows()]


def test_named_runs_are_the_last_rows_of_their_keys_in_order(recheck):
    keys = list(dict.fromkeys(_keys()))
    want = [keys[5], keys[0][:8]]
    rows = recheck.named([LOG], want)
    assert [r["run"] for r in rows] == [keys[5], keys[0]]
    assert all(r["log"] == LOG for r in rows)
    run = recheck.run_of(rows[0])
    assert run.key() == keys[5]          # the row rebuilds the run it records


@pytest.mark.parametrize("bad, rule", [("582f61b", "at least 8"), ("582F61BD", "lower-case hex"),
                                       ("00000000", "matches 0 runs")])
def test_a_run_name_must_name_exactly_one_run(recheck, bad, rule):
    if bad == "00000000":
        assert not any(k.startswith(bad) for k in _keys())
    with pytest.raises(ValueError, match=rule):
        recheck.named([LOG], [bad])
