"""Sweeps recorded to committed CSV logs: reuse across sessions, NaN round trip, bad input."""

from __future__ import annotations

import math

import pytest

from lowdiam import sweep as S
from lowdiam.recorded import ResultLog

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


def test_bad_record_is_refused(tmp_path):
    with pytest.raises(ValueError, match="result_log"):
        S.run_sweep([_run(0.2)], processes=1, progress=False, record=ResultLog("x", "y", key=("a",), root=tmp_path))
