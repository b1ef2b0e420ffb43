"""``benchmarks/bench_from_scratch.py``'s section runner: one measured segment per invocation, the job run with its
own store and empty result cache, on local processes or on a local Dask cluster whose workers see that store and
cache.  The job here is a few lines of Python standing in for a section (the real sections take hours)."""

from __future__ import annotations

import csv
import importlib.util
import json
import os
import signal
import sys
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# the job: report its arguments and environment, and (given --scheduler) what the cluster's workers see
JOB = """
import json, os, sys, time
time.sleep(0.5)  # a few heartbeats
out = {"argv": sys.argv[1:], "results": os.environ["LOWDIAM_RESULTS"], "cache": os.environ["LOWDIAM_CACHE"]}
if "--scheduler" in sys.argv:
    import distributed
    with distributed.Client(sys.argv[sys.argv.index("--scheduler") + 1]) as c:
        out["workers"] = sorted(c.run(lambda: (os.environ["LOWDIAM_RESULTS"], os.environ["LOWDIAM_CACHE"])).values())
        import dask
        out["profiling"] = sorted(c.run(lambda: dask.config.get("distributed.worker.profile.enabled")).values())
os.makedirs(out["results"], exist_ok=True)
with open(os.path.join(out["results"], "job.json"), "w") as fh:
    json.dump(out, fh)
"""


@pytest.fixture
def bench(monkeypatch):
    sys.path.insert(0, str(ROOT / "benchmarks"))
    monkeypatch.setattr(sys, "path", list(sys.path))
    spec = importlib.util.spec_from_file_location("bench_from_scratch", ROOT / "benchmarks" / "bench_from_scratch.py")
    mod = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_from_scratch", mod)  # a dataclass module must be importable
    spec.loader.exec_module(mod)
    for k in ("LOWDIAM_RESULTS", "LOWDIAM_CACHE", "PYTHONPATH"):  # restored after the test, set or not
        old = os.environ.get(k)
        monkeypatch.setenv(k, "")  # records the value before (or its absence) for the teardown
        if old is None:
            monkeypatch.delenv(k)
        else:
            monkeypatch.setenv(k, old)
    handlers = {s: signal.getsignal(s) for s in (signal.SIGTERM, signal.SIGHUP)}
    yield mod
    for s, h in handlers.items():
        signal.signal(s, h)


def _section(mod, tmp_path):
    return mod.Section(tmp_path / "store", "07_motifs", ("07_polarstar_fig11",), ("-c", JOB), "--sections", "t")


def _segments(path):
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def test_a_section_runs_its_job_on_its_own_store_and_cache(bench, tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "ROOT", tmp_path)  # the result cache goes under <ROOT>/.cache
    sec = _section(bench, tmp_path)
    assert bench.section(sec, 2, "fig11", beat=0.2) == 0
    job = json.loads((sec.store / "job.json").read_text())
    assert job == {"argv": ["--processes", "2", "--sections", "fig11"], "results": str(sec.store),
                   "cache": str(tmp_path / ".cache" / "t")}
    assert bench.section(sec, 1, None, beat=0.2) == 0  # a second invocation: a second segment
    segs = _segments(sec.segments)
    assert [(s["segment"], s["finished"], s["exit_status"], s["processes"], s["groups"]) for s in segs] == [
        ("1", "True", "0", "2", "fig11"), ("2", "True", "0", "1", "all")]
    assert all(float(s["wall_seconds"]) >= 0.5 and s["runs_at_start"] == s["runs_at_last_beat"] == "0" for s in segs)


def test_the_dask_rerun_has_its_own_store_and_its_workers_see_it(bench, tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "ROOT", tmp_path)
    sec = bench.on_dask(_section(bench, tmp_path))
    assert (sec.store.name, sec.cache) == ("store_dask", "t_dask")
    assert bench.on_dask(bench.SECTIONS["07"]).store.name == "from_scratch_07_dask"
    before = [os.environ.get(k) for k in ("LOWDIAM_RESULTS", "LOWDIAM_CACHE", "PYTHONPATH")]
    assert bench.section(sec, 2, None, beat=0.2, dask=True) == 0
    job = json.loads((sec.store / "job.json").read_text())
    assert job["argv"][0] == "--scheduler" and len(job["argv"]) == 2
    where = [str(sec.store), str(tmp_path / ".cache" / "t_dask")]
    assert (job["results"], job["cache"]) == tuple(where) and job["workers"] == [where, where]
    assert job["profiling"] == [False, False]  # local_cluster turns the workers' profiler off
    assert _segments(sec.segments)[0]["finished"] == "True"
    # this process's environment is its own again (it leaked into the next tests, which read the job's store)
    assert [os.environ.get(k) for k in ("LOWDIAM_RESULTS", "LOWDIAM_CACHE", "PYTHONPATH")] == before


def test_a_failing_job_closes_its_segment_unfinished(bench, tmp_path, monkeypatch):
    monkeypatch.setattr(bench, "ROOT", tmp_path)
    sec = replace(_section(bench, tmp_path), job=("-c", "import sys; sys.exit(3)"))
    assert bench.section(sec, 1, None, beat=0.2) == 3
    seg, = _segments(sec.segments)
    assert (seg["finished"], seg["exit_status"]) == ("False", "3")


def test_run_comparison_pairs_runs_by_specification_and_takes_nan_latencies_as_equal(bench):
    """The committed store set beside itself: every run paired with itself and equal, including the runs that
    delivered nothing (NaN mean latency), which a plain == would call different."""
    results = ROOT / "results"
    shared, equal, differ = bench.same_runs(results, results)
    runs = bench._runs_in(results)
    assert shared == len(runs) > 100 and equal == shared and differ == []
    assert any(r["latency_mean"] != r["latency_mean"] for r in runs.values())  # NaNs are there
    assert bench._same(float("nan"), float("nan")) and not bench._same(0.5, 0.51) and bench._same("a", "a")


def test_bracket_gaps_name_the_runs_between_two_brackets(bench, monkeypatch):
    """Two stores whose searches of one specification bracket differently: the table lists every load either ran
    between the lower last stable and the higher first unstable load, with each store's verdict or ``-``; a search
    with the same bracket in both is left out."""
    def rec(load, sat, decision):
        return {"label": "PS", "routing": "ugal", "traffic": "uniform", "load": load, "saturated": sat,
                "decision": decision, "saturation_reason": decision}
    k1 = ("log", "PS", "ugal", "uniform", "{}", (("sim_vcs", "4"),))
    k2 = ("log", "PS", "ugal", "uniform", "{}", (("sim_vcs", "2"),))
    stores = {
        "new": [(k1, rec(0.5, False, "converged")), (k1, rec(0.65, False, "converged")),
                (k1, rec(0.7, True, "latency-threshold")), (k2, rec(0.3, False, "converged")),
                (k2, rec(0.4, True, "stuck"))],
        "old": [(k1, rec(0.5, False, "converged")), (k1, rec(0.6, True, "stuck")),
                (k1, rec(0.65, False, "converged")), (k1, rec(0.7, True, "latency-threshold")),
                (k2, rec(0.3, False, "converged")), (k2, rec(0.4, True, "stuck"))],
    }
    monkeypatch.setattr(bench, "_records_in", lambda root: iter(stores[str(root)]))
    gaps = bench.bracket_gaps(Path("new"), Path("old"))
    assert list(gaps) == [k1]  # k2 brackets alike in both
    assert gaps[k1] == [(0.5, "S (converged)", "S (converged)"), (0.6, "-", "U (stuck)"),
                        (0.65, "S (converged)", "S (converged)"), (0.7, "U (latency-threshold)",
                                                                   "U (latency-threshold)")]


def test_a_resumed_section_runs_nothing_more_for_a_finished_search(bench, monkeypatch):
    """The committed from-scratch store: every finished search replays from its recorded runs alone, from the hint
    its group gives it, so a resumed job runs nothing more for it.  With the hints of every recorded hop-indexed
    search, the later groups' too (the job until 2026-12-05), the Dragonfly's random-permutation search of
    fig9-ugal-paper-vcs (finished in segment 12) asks a load the store does not hold: the hint comes from group
    rest, which runs after it."""
    from lowdiam.studies import polarstar as P

    store = bench.SECTIONS["05"].store
    assert bench.resume_asks(store) == []
    t = {r.label: r for r in P.table3("paper")}
    every = P.rule_configs_before("rest") | {(rec.label, P.routing_of(rec, role), tr)
                                             for rec, role, tr in P.GROUPS["rest"](t)}
    monkeypatch.setattr(P, "rule_configs_before", lambda group: every)
    again = bench.resume_asks(store)
    assert ("fig9-ugal-paper-vcs", "DF", "df-ugal", "randperm") in {a[:4] for a in again}


def test_a_resumed_paper_job_runs_no_finished_search_of_the_committed_store_again(bench):
    """The committed store (docs/run_control.md): four of its 4-VC searches were started from the hop-indexed
    brackets of groups that run after theirs (shuffle-ugal, rest); the job, resumed on their groups, finished them
    from their fixed-rule brackets, so every finished search now replays without a run."""
    assert bench.resume_asks(bench.ROOT / "results") == []


def test_the_section_replay_schedules_the_finished_searches_both_ways_with_the_same_brackets(bench, capsys):
    """The committed from-scratch store replayed on 2 cores: every call of the job with a finished search takes part,
    both schedules end at the same brackets, and the asynchronous one makes at least the runs of the rounds."""
    tot = bench.section_replay(2)
    assert tot["calls"] >= 1 and tot["searches"] >= tot["calls"] and tot["same_brackets"] is True
    assert tot["async_runs"] >= tot["rounds_runs"] > 0 and tot["rounds_wall"] > 0 and tot["async_wall"] > 0
    assert f"{tot['searches']} finished searches in {tot['calls']} calls on 2 cores" in capsys.readouterr().out


def test_what_is_left_is_estimated_from_the_committed_runs_and_calibrated_on_the_finished_searches(bench, monkeypatch,
                                                                                                capsys):
    """One log, four searches of the job with the same knee (0.56) in the committed store, one more in neither
    store; on 1 core a schedule's wall time is the sum of its runs' seconds.  The sequential search from the coarse
    grid runs 0.1 ... 0.6, then 0.55, 0.575, 0.5625, 0.55625: 10 runs.  Committed runs cost 10 s, the rerun's 5 s.
    The two searches the rerun finished calibrate: 100 s own against 200 s estimated, factor 0.5; in the holdout
    the first (A) predicts the second (E) exactly, 1.00.  Left: the search the rerun started (0.1-0.3 run, free)
    70 s and the one it has not 100 s: 170 s estimated, 85 s calibrated."""
    knee = 0.56
    loads = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.55, 0.575, 0.5625, 0.55625]

    def rec(label, load, secs):
        return {"label": label, "routing": "ugal", "traffic": "uniform", "load": load, "saturated": load >= knee,
                "cpu_seconds": secs, "wall_seconds": secs}

    def key(label):
        return ("log", label, "ugal", "uniform", "{}", (("sim_vcs", "4"),))

    stores = {
        "old": [(key(x), rec(x, ld, 10.0)) for x in ("A", "B", "C", "E") for ld in loads],
        "new": [(key(x), rec(x, ld, 5.0)) for x in ("A", "E") for ld in loads]
        + [(key("B"), rec("B", ld, 5.0)) for ld in loads[:3]],
    }
    monkeypatch.setattr(bench, "_records_in", lambda root: iter(stores[str(root)]))
    specs = [((k[:4], k[5]), None) for k in map(key, "ABCDE")]
    monkeypatch.setattr(bench, "_job_calls", lambda runs: iter([("g1", "log", specs[:2]), ("g2", "log", specs[2:]),
                                                                 ("g3", "log", specs[:1])]))  # A again: once
    tot = bench.section_left(1, Path("new"), Path("old"))
    assert (tot["done"], tot["left"], tot["unknown"]) == (2, 2, 1)
    assert tot["left_est"] == pytest.approx(170.0) and tot["left_calibrated"] == pytest.approx(85.0)
    assert tot["left_runs"] == 20 and tot["calibrated"] is True
    assert tot["holdout"] == {"log": pytest.approx(1.0)}
    assert "| log | 2 | 200 | 100 | 0.500 | 2 | 170 (20) | 85 | 1.00 |" in capsys.readouterr().out


def test_a_search_is_finished_at_the_resolution_or_stable_up_to_the_highest_load(bench):
    assert bench._finished((0.55, 0.56, 9)) and bench._finished((1.0, None, 10))
    assert not bench._finished((0.5, 0.6, 6)) and not bench._finished((0.8, None, 8))
    assert not bench._finished((None, None, 0))


def test_a_search_is_done_when_its_sequential_path_asks_nothing_more_though_its_bracket_is_wide(bench):
    """The coarse grid 0.1 ... 0.5 (unstable at 0.5), then 0.45, 0.425, 0.4375, 0.43125: the search's bracket is
    (0.43125, 0.4375).  A speculative run at 0.4125 that came out unstable makes the bracket over every run
    (0.4, 0.4125), wider than the tolerance, yet the search asks nothing more: done.  Without 0.43125 it is not."""
    runs = {0.1: False, 0.2: False, 0.3: False, 0.4: False, 0.5: True, 0.45: True, 0.425: False, 0.4375: True,
            0.43125: False, 0.4125: True}
    assert not bench._finished((0.4, 0.4125, 10)) and bench._done((0.4, 0.4125, 10), runs)
    del runs[0.43125]
    assert not bench._done((0.4, 0.4125, 9), runs)
    assert not bench._done((None, None, 0), {}) and bench._done((0.55, 0.56, 9), {})


def test_time_by_decision_adds_every_run_once(bench):
    """The committed from-scratch store by run-control decision: every run in exactly one row, the CPU seconds
    adding up to the store's, sorted by CPU seconds."""
    root = ROOT / "results" / "from_scratch"
    by = bench.time_by_decision(root)
    runs = [r for _, r in bench._records_in(root)]
    assert sum(d["runs"] for d in by.values()) == len(runs) > 0
    assert sum(d["cpu_seconds"] for d in by.values()) == pytest.approx(sum(float(r["cpu_seconds"]) for r in runs))
    cpu = [d["cpu_seconds"] for d in by.values()]
    assert cpu == sorted(cpu, reverse=True) and "converged" in by


def test_time_by_role_puts_every_run_in_one_place_of_its_search(bench):
    """The committed from-scratch store by place in the search: every run once, the CPU seconds adding up; the
    bracket-only floor is every search's two bracket loads, wherever they lie, and no more than the coarse-and-bracket
    floor plus what the bracket loads on the coarse grid cost."""
    from lowdiam.studies import simulation as studies

    root = ROOT / "results" / "from_scratch"
    roles = bench.time_by_role(root)
    runs = [r for _, r in bench._records_in(root)]
    parts = ("coarse", "bracket", "bisection")
    assert sum(roles[k]["runs"] for k in parts) == len(runs) > 0
    assert sum(roles[k]["cpu_seconds"] for k in parts) == pytest.approx(sum(float(r["cpu_seconds"]) for r in runs))
    groups: dict = {}
    for key, r in bench._records_in(root):
        groups.setdefault(key, []).append(r)
    floor = 0.0
    for recs in groups.values():
        (lo, hi), = studies.brackets_from_records(recs).values()
        floor += sum(float(r["cpu_seconds"]) for r in recs if float(r["load"]) in (lo, hi))
    assert roles["bracket_only"] == pytest.approx(floor) and roles["searches"] == len(groups) == 124
    assert roles["bracket_only"] < roles["coarse_and_bracket"] < sum(roles[k]["cpu_seconds"] for k in parts)


def test_cpu_beside_adds_up_a_stores_runs_and_compares_cpu_per_shared_run(bench, monkeypatch):
    """Two stores: the new one's CPU and wall seconds added up (a run without CPU seconds left out), and the CPU
    ratio per run over the runs both hold with CPU seconds on both sides, as quartiles and as the sums' ratio."""
    def rec(load, cpu, wall):
        return {"label": "PS", "routing": "ugal", "traffic": "uniform", "load": load, "seed": 0,
                "cpu_seconds": cpu, "wall_seconds": wall}
    k = ("log", "PS", "ugal", "uniform", "{}", ())
    stores = {"new": [(k, rec(0.1, 20.0, 40.0)), (k, rec(0.2, 30.0, 30.0)), (k, rec(0.3, 40.0, 50.0)),
                      (k, rec(0.4, None, 9.0)), (k, rec(0.5, 10.0, 20.0))],
              "base": [(k, rec(0.1, 10.0, 11.0)), (k, rec(0.2, 10.0, 10.0)), (k, rec(0.3, 10.0, 10.0)),
                       (k, rec(0.4, 5.0, 5.0))]}
    monkeypatch.setattr(bench, "_records_in", lambda root: iter(stores[str(root)]))
    got = bench.cpu_beside(Path("new"), Path("base"))
    assert (got["runs"], got["shared"]) == (5, 3)
    assert (got["cpu_seconds"], got["wall_seconds"]) == (100.0, 140.0) and got["on_cpu"] == pytest.approx(100 / 140)
    assert got["cpu_ratio"] == (2.5, 3.0, 3.5) and got["cpu_ratio_sum"] == pytest.approx(90 / 30)
    stores["base"] = []
    got = bench.cpu_beside(Path("new"), Path("base"))
    assert got["shared"] == 0 and got["cpu_ratio"] is None and got["cpu_ratio_sum"] is None


def test_section_left_with_dask_estimates_the_dask_rerun_from_the_local_reruns_runs(bench, monkeypatch):
    """``--section-left 2 --dask``: the Dask rerun's store against the local rerun's (both from scratch); without
    ``--dask`` the local rerun's store against the committed one (the function's defaults)."""
    calls = []
    monkeypatch.setattr(bench, "section_left", lambda cores, **kw: calls.append((cores, kw)))
    for argv in (["--section-left", "2", "--dask"], ["--section-left", "3"]):
        monkeypatch.setattr(sys, "argv", ["bench_from_scratch.py", *argv])
        bench.main()
    local = bench.SECTIONS["05"].store
    assert calls == [(2, {"new_root": local.with_name(local.name + "_dask"), "old_root": local}), (3, {})]
    monkeypatch.setattr(sys, "argv", ["bench_from_scratch.py", "--dask", "--table"])
    with pytest.raises(SystemExit):
        bench.main()
