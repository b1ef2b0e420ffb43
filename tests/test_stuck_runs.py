"""lowdiam.studies.stuck_runs end to end on a small run: a run the age rule called stuck is analysed under that
rule (no measured packet held), then rerun under today's held rule, whose row supersedes the old one."""

from __future__ import annotations

from lowdiam import sweep as S
from lowdiam.studies import stuck_runs as SR

# HX(4,4) MIN at 0.8 under BookSim's rule: at the drain check of cycle 9,000 a measured packet has been in the
# network 511 cycles, held by no deadlock (tests/test_run_control.py); with stuck_cycles 0 the age rule stops there
SIM = {"router": "booksim", "run_control": "booksim", "run_control_options": {"stuck_cycles": 0}}


def _run() -> S.Run:
    return S.Run(S.Recipe("hyperx", {}, "HX", (4, 4)), "min", "uniform", 0.8, seed=1, sim=SIM)


def test_a_slow_run_the_age_rule_called_stuck_is_analysed_then_rerun_under_the_held_rule(tmp_path, monkeypatch):
    log = S.result_log("05_simulation", "t", root=tmp_path)
    run = _run()
    # the row as the age rule recorded it: the same run specification, its result under stuck_check "age"
    aged = S.Run(run.recipe, run.routing, run.traffic, run.load, seed=run.seed,
                 sim={**SIM, "run_control_options": {"stuck_cycles": 0, "stuck_check": "age"}})
    result, _ = S._execute(aged)
    result["saturation_reason"] = result["saturation_reason"].replace(
        "not checked for a deadlock: stuck_check 'age'", "a partial deadlock: BookSim's drain would not end")
    log.append(S._record_row(run, run.key(), result))
    monkeypatch.setattr(SR, "LOGS", {"t": lambda root=None: S.recorded_records(S.result_log("05_simulation", "t",
                                                                                             root=root))})
    (old,) = S.recorded_records(log)
    assert (old["decision"], old["cycles"]) == ("stuck", 9000) and SR.age_rule(old)
    got = SR.analyse("t", old)  # reruns under the age rule, so it ends where the recorded run ended
    assert (got["decision"], got["cycles"], got["deadlocked_vcs"], got["measured_in_deadlock"]) == ("stuck", 9000,
                                                                                                    0, 0)
    SR.result_log(tmp_path).append({**SR._item("t", old), **got})
    assert [r["label"] for _, r in SR.slow_under_age_rule(tmp_path)] == ["HX"]
    monkeypatch.setattr(S, "_store", lambda *a, **k: None)  # not into the shared cache
    (new,) = SR.redecide(tmp_path, progress=False)
    assert (new["decision"], new["cycles"], new["saturated"]) == ("max-samples", 9007, False)
    assert "none held by a deadlock, so the drain went on" in new["saturation_reason"]
    (now,) = S.recorded_records(log)  # the rerun's row supersedes the old one; both stay in the file
    assert (now["decision"], now["cycles"]) == ("max-samples", 9007) and len(log.rows()) == 2
    assert SR.slow_under_age_rule(tmp_path) == [] and SR.redecide(tmp_path, progress=False) == []
