"""lowdiam.studies.stuck_runs end to end on a small run: a run the age rule called stuck is analysed under that
rule (no measured packet held), then rerun under today's held rule, whose row supersedes the old one; a run that
ended unstable while draining before there was a stuck rule (git history on a repository of the test's own) is
rerun once under today's."""

from __future__ import annotations

import pytest

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


def _git_repo(path):
    """A repository of three commits; returns their ids, oldest first."""
    import subprocess

    def git(*args):
        return subprocess.run(["git", "-C", str(path), *args], capture_output=True, text=True, check=True).stdout

    git("init", "-q")
    ids = []
    for i in range(3):
        (path / "f").write_text(str(i))
        git("add", "f")
        git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", f"c{i}")
        ids.append(git("rev-parse", "HEAD").strip())
    return ids


@pytest.fixture
def history(tmp_path, monkeypatch):
    from lowdiam import code_identity, paths

    repo = tmp_path / "repo"
    repo.mkdir()
    ids = _git_repo(repo)
    monkeypatch.setattr(paths, "repo_root", lambda: repo)
    code_identity.recorded_before.cache_clear()
    yield ids
    code_identity.recorded_before.cache_clear()


def test_recorded_before_reads_git_history(history):
    from lowdiam.code_identity import recorded_before

    old, rule, new = history
    assert recorded_before(old, rule) and recorded_before(old + "+dirty", rule)
    assert not recorded_before(rule, rule) and not recorded_before(new, rule) and not recorded_before(new[:8], rule)
    for bad in ("unknown", "0" * 40):
        with pytest.raises(ValueError, match="not in this checkout's history"):
            recorded_before(bad, rule)
    with pytest.raises(TypeError, match="commit id"):
        recorded_before(None, rule)


def test_a_drained_run_from_before_the_stuck_rule_is_rerun_once(tmp_path, monkeypatch, history):
    from lowdiam.results import log as results_log

    old, rule, new = history
    log = S.result_log("05_simulation", "t", root=tmp_path)
    run = _run()
    result, _ = S._execute(run)
    # rows as older code could have recorded them: the run unstable while draining, once before the rule and once
    # after it (only the decision is made up; the run is HX MIN at 0.8 above)
    drained = {**result, "decision": "drain-latency-threshold", "saturated": True}
    log.append(S._record_row(run, run.key(), drained), provenance={"code_commit": old, "lowdiam_version": "0"})
    later = S.Run(run.recipe, run.routing, run.traffic, 0.85, seed=run.seed, sim=SIM)
    log.append(S._record_row(later, later.key(), drained), provenance={"code_commit": new, "lowdiam_version": "0"})
    monkeypatch.setattr(SR, "LOGS", {"t": lambda root=None: S.recorded_records(S.result_log("05_simulation", "t",
                                                                                             root=root))})
    monkeypatch.setattr(SR, "FIRST_STUCK_RULE", rule)
    assert [(r["load"], r["code_commit"]) for _, r in SR.drained_before_held_rule(tmp_path)] == [(0.8, old)]
    monkeypatch.setattr(S, "_store", lambda *a, **k: None)  # not into the shared cache
    monkeypatch.setattr(results_log, "code_commit", lambda: new)  # the rerun's row names today's commit
    (rec,) = SR.redecide_drained(tmp_path, progress=False)
    assert (rec["decision"], rec["cycles"]) == (result["decision"], result["cycles"])
    now = {r["load"]: r for r in S.recorded_records(log)}
    assert now[0.8]["code_commit"] == new and now[0.8]["decision"] == result["decision"] and len(log.rows()) == 3
    assert SR.drained_before_held_rule(tmp_path) == [] and SR.redecide_drained(tmp_path, progress=False) == []
