"""Sweeps recorded to committed CSV logs: reuse across sessions, NaN round trip, bad input."""

from __future__ import annotations

import math

import pytest

from lowdiam import sweep as S
from lowdiam.results import ResultLog

SIM = {"warmup_cycles": 50, "measure_cycles": 100, "router": "ideal"}


def _run(load, **sim):
    return S.Run(S.Recipe("hyperx", args=(3, 3)), "min", "uniform", load, sim={**SIM, **sim})


def test_recorded_runs_are_reused_without_the_cache(tmp_path, monkeypatch):
    log = S.result_log("05_simulation", "t", root=tmp_path)
    first = S.run_sweep([_run(0.2), _run(0.4)], processes=1, progress=False, record=log)
    monkeypatch.setattr(S, "_lookup", lambda run: None)  # a fresh machine: no cache
    monkeypatch.setattr(S, "_run_local", lambda *a, **k: pytest.fail("a recorded run was recomputed"))
    again = S.run_sweep([_run(0.2), _run(0.4)], processes=1, progress=False, record=log)
    assert [r["recorded"] for r in again] == [True, True]
    for a, b in zip(first, again):
        assert a["accepted_load"] == b["accepted_load"] and a["hop_histogram"] == b["hop_histogram"]
    rows = S.recorded_records(log)
    assert [r["load"] for r in rows] == [0.2, 0.4] and all(r["code_commit"] for r in rows)


def test_nan_results_round_trip(tmp_path):
    log = S.result_log("05_simulation", "nan", root=tmp_path)
    run = _run(0.2)
    log.append(S._record_row(run, run.key(), {"latency_mean": float("nan"), "accepted_load": 0.1}))
    rec = S.recorded_records(log)[0]
    assert math.isnan(rec["latency_mean"]) and rec["accepted_load"] == 0.1


def test_records_read_again_are_fresh_copies_and_follow_the_file(tmp_path, monkeypatch):
    """recorded_records keeps what it decoded, by the file's content: a second read gives equal records of its own
    (changing them changes nothing the next read sees) without decoding the file again; a row appended, or the
    file rewritten with other content of the same length, is read."""
    log = S.result_log("05_simulation", "memo", root=tmp_path)
    run = _run(0.2)
    log.append(S._record_row(run, run.key(), {"accepted_load": 0.1, "hop_histogram": [1, 2]}))
    first = S.recorded_records(log)
    first[0]["accepted_load"] = -1.0
    first[0]["hop_histogram"].append(99)
    monkeypatch.setattr(S, "_records_of", lambda log: pytest.fail("the unchanged log was decoded again"))
    again = S.recorded_records(log)
    assert again[0]["accepted_load"] == 0.1 and again[0]["hop_histogram"] == [1, 2] and again[0] is not first[0]
    monkeypatch.undo()
    other = _run(0.4)
    log.append(S._record_row(other, other.key(), {"accepted_load": 0.3}))
    assert [r["load"] for r in S.recorded_records(log)] == [0.2, 0.4]
    text = log.path.read_text()
    assert text.count('""accepted_load"":0.3}') == 1
    log.path.write_text(text.replace('""accepted_load"":0.3}', '""accepted_load"":0.7}'))  # same length
    assert [r["accepted_load"] for r in S.recorded_records(log)] == [0.1, 0.7]


def test_a_rerun_row_supersedes_the_recorded_one(tmp_path, monkeypatch):
    """rerun_recorded simulates a recorded run again and appends its row; every reader then takes the last row:
    recorded_records (one record per run, at the place of the last row) and run_sweep's reuse, from its own record
    and from another log.  A run the log does not hold is refused."""
    log = S.result_log("05_simulation", "t", root=tmp_path)
    S.run_sweep([_run(0.2), _run(0.4)], processes=1, progress=False, record=log)
    run = _run(0.2)
    # stand in for a changed simulator: the rerun computes another result
    monkeypatch.setattr(S, "_execute", lambda r: ({"accepted_load": 0.125, "saturated": True}, []))
    monkeypatch.setattr(S, "_store", lambda *a, **k: None)  # not into the shared cache
    new = S.rerun_recorded(log, run)
    assert new["accepted_load"] == 0.125 and len(log.rows()) == 3
    recs = S.recorded_records(log)
    assert [r["load"] for r in recs] == [0.4, 0.2] and recs[1]["accepted_load"] == 0.125
    monkeypatch.setattr(S, "_lookup", lambda r: None)
    monkeypatch.setattr(S, "_run_local", lambda *a, **k: pytest.fail("a recorded run was recomputed"))
    (got,) = S.run_sweep([run], processes=1, progress=False, record=log)
    assert got["recorded"] and got["accepted_load"] == 0.125
    (got,) = S.run_sweep([run], processes=1, progress=False, reuse=[log])
    assert got["recorded"] and got["accepted_load"] == 0.125
    with pytest.raises(ValueError, match="holds no run .* only supersedes recorded runs"):
        S.rerun_recorded(log, _run(0.3))


def test_bad_record_is_refused(tmp_path):
    with pytest.raises(ValueError, match="result_log"):
        S.run_sweep([_run(0.2)], processes=1, progress=False, record=ResultLog("x", "y", key=("a",), root=tmp_path))


def _other_label(load):
    return S.Run(S.Recipe("hyperx", {}, "other name", (3, 3)), "min", "uniform", load, sim=SIM)


def test_runs_recorded_by_another_log_are_copied_not_recomputed(tmp_path, monkeypatch):
    first_log = S.result_log("05_simulation", "first", root=tmp_path)
    first = S.run_sweep([_run(0.2)], processes=1, progress=False, record=first_log)[0]
    (src,) = first_log.rows()
    # the same run under another label, in another section's log: taken from the first log, never simulated
    monkeypatch.setattr(S, "_lookup", lambda run: None)
    computed = []
    real = S._run_local
    monkeypatch.setattr(S, "_run_local", lambda runs, *a, **k: (computed.extend(runs), real(runs, *a, **k)))
    log = S.result_log("05_simulation", "second", root=tmp_path)
    got = S.run_sweep([_other_label(0.2), _other_label(0.4)], processes=1, progress=False, record=log,
                      reuse=[first_log])
    assert [r["recorded"] for r in got] == [True, False]
    assert [r.load for r in computed] == [0.4]
    assert got[0]["accepted_load"] == first["accepted_load"] and got[0]["label"] == "other name"
    copied, new = log.rows()
    assert copied["run"] == src["run"] and copied["label"] == "other name" and copied["result"] == src["result"]
    assert copied["code_commit"] == src["code_commit"] and new["load"] == 0.4
    # the copy is now this log's own: a rerun without reuse recomputes nothing
    monkeypatch.setattr(S, "_run_local", lambda *a, **k: pytest.fail("a recorded run was recomputed"))
    again = S.run_sweep([_other_label(0.2), _other_label(0.4)], processes=1, progress=False, record=log)
    assert [r["recorded"] for r in again] == [True, True] and len(log.rows()) == 2


def test_reuse_without_a_record_returns_the_rows(tmp_path, monkeypatch):
    first_log = S.result_log("05_simulation", "first", root=tmp_path)
    first = S.run_sweep([_run(0.2)], processes=1, progress=False, record=first_log)[0]
    monkeypatch.setattr(S, "_lookup", lambda run: None)
    monkeypatch.setattr(S, "_run_local", lambda *a, **k: pytest.fail("a reused run was recomputed"))
    (got,) = S.run_sweep([_other_label(0.2)], processes=1, progress=False, reuse=[first_log])
    assert got["recorded"] and got["accepted_load"] == first["accepted_load"]


@pytest.mark.parametrize("reuse, err, match", [("first", TypeError, "sequence of sweep result logs"),
                                               ([None], ValueError, "reuse takes sweep result logs"),
                                               ([object()], ValueError, "result_log")])
def test_bad_reuse_is_refused(reuse, err, match):
    with pytest.raises(err, match=match):
        S.run_sweep([_run(0.2)], processes=1, progress=False, reuse=reuse)
