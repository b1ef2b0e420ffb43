"""Recorded PolarStar searches rerun end to end from an empty store, beside their recorded searches.

Most of notebook 05's searches under BookSim2's run control were started from a known bracket (the fixed-rule
search's, or the hop-indexed-VC search's: ``lowdiam.studies.polarstar.hint_records``), so their recorded runs
lie next to the knee.  This script reruns chosen searches the way an empty store would: the library's search
from its coarse grid (step 0.1 from 0.1, resolution 0.01, seed 0), at the settings the recorded search ran at,
with an empty result cache, nothing reused.  For each it reports

- the bracket from scratch beside the recorded bracket (the same, unless a decision below the recorded bracket
  differs from what a monotone curve implies);
- the CPU seconds of the runs, beside what ``bench_scaleout.py replay-rule`` charges the recorded search when
  it replays it from scratch (``cost_below`` "nearest" and "proportional"): a check of that replay's cost model.

Every run (load, decision, BookSim rule's reason, cycles, CPU seconds) goes to
``results/from_scratch_searches.csv`` (committed) as soon as its search ends; a search already there is not rerun
(``--again`` reruns it).  Usage (from the checkout): ``PYTHONPATH=lib python benchmarks/bench_from_scratch.py
[--searches ps-iq-min-uniform,ps-iq-ugal-uniform-paper-vcs] [--table]``.

The whole section (issue 53, item 3): ``--section`` runs ``python -m lowdiam.studies.polarstar`` (every group of
searches under BookSim2's rule, in its order, as the paper-profile job does) on an empty store of its own,
``results/from_scratch/`` (``LOWDIAM_RESULTS``; committed, so the rerun resumes from it in a later session or on
another machine, the way the paper-profile job resumes from ``results/``), with an empty result cache of its own
(``.cache/from_scratch``, not committed).  Wall time is measured, not derived from the runs: each invocation is a
segment of ``results/from_scratch/segments.csv``, whose end is rewritten every ``--beat`` seconds while the job runs
(so a segment cut off by the end of a session loses at most that much), with the runs the store held at its start and
its last beat.  ``--section-summary`` adds the segments up (the section's wall time so far) and compares every search
of the new store with the same search (log, network, routing, traffic, settings) of the committed store; where two
brackets differ it lists every run of either store between them.  ``--section-replay CORES`` replays the rerun's
finished searches on CORES cores from their runs' seconds, in rounds (what ``--processes`` runs) and asynchronously
(what ``--dask`` runs), call by call as the job makes them.  ``--section-left CORES`` estimates what the rerun has
left to run from the committed store's runs, calibrated per result log on the searches it has finished (with
``--dask``: the Dask rerun's, from the local rerun's runs, which ran every search from scratch as it does).
``PYTHONPATH=lib python benchmarks/bench_from_scratch.py --section [--processes 2] [--groups g1,g2]
[--beat 30]``, ``... --section-summary``, ``... --section-replay 2``, ``... --section-left 2``.

Notebook 07's PolarStar Fig. 11 section the same way: ``--section 07`` runs ``python -m
lowdiam.studies.motifs_study --sections fig11`` (its 16 motif runs: Allreduce and Sweep3D on PS-IQ, DF, HX and FT
under MIN and UGAL-L) on ``results/from_scratch_07/`` with the result cache ``.cache/from_scratch_07`` (where a run's
checkpoints go, so a run cut off by a session's end resumes from its last checkpoint on the same machine), segments
in ``results/from_scratch_07/segments.csv``; ``--section-summary 07`` sets every run's completion time beside the
committed run's.

``--dask`` (with ``--section`` or ``--section-summary``): the same rerun on a ``distributed.LocalCluster`` of
``--processes`` single-threaded workers that the script starts (the job's ``--scheduler``), on a store and a result
cache of its own (``results/from_scratch_dask/``, ``results/from_scratch_07_dask/``), for the issue's second wall
time: both cores through Dask.  ``--section-summary 05 --dask`` also sets the Dask rerun's runs beside the local
rerun's (:func:`cpu_beside`: how much of their wall time they spent on a core, and their CPU seconds per run against
the same runs' there), since the two may have run on different hosts and beside different work.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchio import environment, write_rows  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "from_scratch_searches.csv"  # committed data: the bracket a rerun finds is a result
SECTION_LOGS = ("05_polarstar_booksim_rule", "05_polarstar_ugal_4vcs", "05_polarstar_authors_code")


@dataclass(frozen=True)
class Section:
    """A section rerun end to end on a store of its own (committed; resumable from it)."""

    store: Path  # its own results store (``LOWDIAM_RESULTS`` of the job)
    notebook: str  # the notebook folder of its logs in a store
    logs: tuple  # the logs it records
    job: tuple  # the job's ``python`` arguments; ``--groups`` is appended as ``group_flag``
    group_flag: str
    cache: str  # its result cache, ``.cache/<cache>`` (not committed)

    @property
    def segments(self) -> Path:
        """One row per invocation: wall time measured by heartbeat."""
        return self.store / "segments.csv"


#: ``--section 05``: notebook 05's PolarStar Fig. 9/10 section under BookSim2's rule (every group of
#: ``python -m lowdiam.studies.polarstar``); ``--section 07``: notebook 07's PolarStar Fig. 11 runs
#: (``python -m lowdiam.studies.motifs_study --sections fig11``)
SECTIONS = {
    "05": Section(ROOT / "results" / "from_scratch", "05_simulation", SECTION_LOGS,
                  ("-m", "lowdiam.studies.polarstar"), "--groups", "from_scratch"),
    "07": Section(ROOT / "results" / "from_scratch_07", "07_motifs", ("07_polarstar_fig11",),
                  ("-m", "lowdiam.studies.motifs_study", "--sections", "fig11"), "--sections", "from_scratch_07"),
}


def searches() -> dict[str, tuple]:
    """name -> (result log, label, routing, traffic, settings): the recorded searches this script can rerun."""
    from lowdiam.studies import polarstar as PS

    rule = PS.sim_settings(run_control="booksim")
    return {
        "ps-iq-min-uniform": (PS.RULE_LOG, "PS-IQ", "polarstar-min", "uniform", rule),
        "ps-iq-ugal-uniform-paper-vcs": (PS.PAPER_VCS_LOG, "PS-IQ", "ugal", "uniform", PS.paper_vcs_sim("PS-IQ")),
        "sf-ugal-shuffle-paper-vcs": (PS.PAPER_VCS_LOG, "SF", "ugal", "shuffle", PS.paper_vcs_sim("SF")),
        "ps-pal-min-uniform": (PS.RULE_LOG, "PS-Pal", "polarstar-min", "uniform", rule),
        "ps-pal-ugal-uniform-paper-vcs": (PS.PAPER_VCS_LOG, "PS-Pal", "ugal", "uniform", PS.paper_vcs_sim("PS-Pal")),
        "bf-ugal-uniform-paper-vcs": (PS.PAPER_VCS_LOG, "BF", "ugal", "uniform", PS.paper_vcs_sim("BF")),
    }


def _same_settings(rec: dict, sim: dict) -> bool:
    return all(rec.get(f"sim_{k}") == v for k, v in sim.items())


@functools.cache
def _complete() -> dict:
    """``bench_scaleout.rule_searches``' complete searches, read once (this script records nothing in the logs)."""
    from bench_scaleout import rule_searches

    return rule_searches()[0]


def recorded(name: str) -> dict:
    """The recorded search ``name`` in its log: its runs ``{load: (saturated, cost)}`` (cost as
    ``bench_scaleout.rule_searches`` has it) and its bracket."""
    from lowdiam import sweep

    log, label, routing, traffic, sim = searches()[name]
    have = {float(r["load"]) for r in sweep.recorded_records(sweep.result_log("05_simulation", log))
            if (r["label"], r["routing"], r["traffic"]) == (label, routing, traffic) and _same_settings(r, sim)}
    for key, s in _complete().items():
        if key[:4] == (log, label, routing, traffic) and set(s["runs"]) == have:
            return {"key": key, **s}
    raise ValueError(f"no complete recorded search {name!r} ({label}, {routing}, {traffic}) in {log}")


def rerun(name: str) -> list[dict]:
    """Search ``name`` from an empty cache, sequentially in this process: one row per run."""
    from lowdiam import sweep
    from lowdiam.studies import polarstar as PS

    log, label, routing, traffic, sim = searches()[name]
    rec = {r.label: r for r in PS.table3("paper")}[label]
    os.environ["LOWDIAM_CACHE"] = tempfile.mkdtemp(prefix="lowdiam-from-scratch-")  # nothing cached
    env = environment()
    t0 = time.perf_counter()
    res, = sweep.saturation_searches([(rec, routing, traffic)], coarse_step=PS.PAPER_COARSE, tol=PS.PAPER_TOL,
                                     seed=0, sim=sim, processes=1, progress=True)
    wall = time.perf_counter() - t0
    if any(r.get("cached") for r in res.records):
        raise RuntimeError("a run came from a cache: the rerun must simulate every load")
    return [{"search": name, "log": log, "label": label, "routing": routing, "traffic": traffic,
             "load": r["load"], "saturated": r["saturated"], "decision": r.get("decision"),
             "reason": r.get("saturation_reason"), "cycles": r.get("cycles"),
             "cpu_seconds": round(r["cpu_seconds"], 2), "search_wall_seconds": round(wall, 1),
             "last_stable": res.last_stable, "first_unstable": res.first_unstable,
             "machine_load_average": env["loadavg"][0], "time": env["time"]} for r in res.records]


def _read(path: Path = OUT) -> list[dict]:
    """The rows of the CSV file ``path`` (none when it does not exist)."""
    if not path.exists():
        return []
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def table() -> list[dict]:
    """One row per rerun search: brackets and costs beside the recorded search's and the replay's charge."""
    from lowdiam import scaleout

    rows = _read()
    out = []
    for name in dict.fromkeys(r["search"] for r in rows):
        runs = [r for r in rows if r["search"] == name]
        rec = recorded(name)
        one = {rec["key"]: {"size": rec["size"], "runs": rec["runs"]}}
        charge = {b: scaleout.replay_schedule(one, 1, coarse_step=0.1, tol=0.01, cost_below=b)["core_seconds"]
                  for b in scaleout.COST_BELOW}
        out.append({"search": name, "runs": len(runs),
                    "from_scratch": f"({runs[0]['last_stable']}, {runs[0]['first_unstable']})",
                    "recorded": f"({rec['bracket'][0]}, {rec['bracket'][1]})",
                    "same_bracket": (float(runs[0]["last_stable"]), float(runs[0]["first_unstable"]))
                    == rec["bracket"],
                    "cpu_s": round(sum(float(r["cpu_seconds"]) for r in runs)),
                    "replay_nearest_s": round(charge["nearest"]),
                    "replay_proportional_s": round(charge["proportional"]),
                    "unstable_below_recorded": ", ".join(
                        f"{r['load']} ({r['decision']})" for r in runs
                        if r["saturated"] == "True" and float(r["load"]) <= rec["bracket"][0])})
    print("| search | runs | bracket from scratch | recorded bracket | CPU s | replay charges (nearest / proportional) "
          "| unstable at or below the recorded last stable load |")
    print("|---|---:|---|---|---:|---|---|")
    for r in out:
        print(f"| {r['search']} | {r['runs']} | {r['from_scratch']} | {r['recorded']} | {r['cpu_s']} | "
              f"{r['replay_nearest_s']} / {r['replay_proportional_s']} | {r['unstable_below_recorded'] or '-'} |")
    return out


def _store_runs(sec: Section, root: Path | None = None) -> int:
    """Runs recorded as done in the section's logs under ``root`` (default: its own store)."""
    from lowdiam import sweep
    from lowdiam.results import ResultLog

    root = sec.store if root is None else root
    if sec.notebook == "05_simulation":
        return sum(len(sweep.recorded_records(log)) for name in sec.logs
                   if (log := sweep.result_log(sec.notebook, name, root=root)).path.exists())
    from lowdiam.studies.motifs_study import KEY

    return sum(len(ResultLog(sec.notebook, name, key=KEY, root=root).rows()) for name in sec.logs)


def _write_segments(sec: Section, rows: list[dict]) -> None:
    """Rewrite the segments file through a temporary file, so a crash leaves the old or the new file whole."""
    tmp = sec.segments.with_suffix(".tmp")
    write_rows(tmp, rows)
    os.replace(tmp, sec.segments)


def local_cluster(workers: int):
    """The ``distributed.LocalCluster`` the Dask reruns run on: ``workers`` single-threaded worker processes, no
    dashboard (the scheduler's HTTP routes on a free port: 8787 may be another cluster's), and no worker profiler
    (it samples every thread's stack every 10 ms: measured with ``bench_dask_worker.py``, it took about 0.45 s of
    CPU per 15 s run from the other core). The workers inherit this process's environment."""
    import dask
    import distributed

    with dask.config.set({"distributed.worker.profile.enabled": False}):  # the nannies pass it to their workers
        return distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                        dashboard_address=None, scheduler_kwargs={"dashboard_address": ":0"})


def on_dask(sec: Section) -> Section:
    """The same section rerun on a local Dask cluster: a store and a result cache of its own (``<store>_dask``)."""
    return replace(sec, store=sec.store.with_name(sec.store.name + "_dask"), cache=sec.cache + "_dask")


def section(sec: Section, processes: int, groups: str | None, beat: float, dask: bool = False) -> int:
    """Run (or resume) the whole section on its own store, one measured segment; returns the job's exit status.

    With ``dask`` the job runs its runs on a ``distributed.LocalCluster`` of ``processes`` single-threaded worker
    processes started here (``--scheduler`` of the job), whose environment names the section's store, its empty
    result cache and this checkout's ``lib/``, so no worker reads another cache."""
    import subprocess

    from lowdiam.results import code_commit

    sec.store.mkdir(parents=True, exist_ok=True)
    cache = ROOT / ".cache" / sec.cache
    cache.mkdir(parents=True, exist_ok=True)
    rows = _read(sec.segments)
    env0 = environment()
    seg = {"segment": len(rows) + 1, "started": env0["time"], "last_beat": env0["time"], "wall_seconds": 0.0,
           "finished": False, "exit_status": "", "runs_at_start": _store_runs(sec), "runs_at_last_beat": 0,
           "processes": processes, "groups": groups or "all", "code_commit": code_commit(),
           "loadavg_at_start": env0["loadavg"][0], "loadavg_at_last_beat": env0["loadavg"][0]}
    seg["runs_at_last_beat"] = seg["runs_at_start"]
    rows.append(seg)
    _write_segments(sec, rows)
    env = dict(os.environ, LOWDIAM_RESULTS=str(sec.store), LOWDIAM_CACHE=str(cache),
               PYTHONPATH=str(ROOT / "lib") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.perf_counter()
    cluster = None
    if dask:
        # the workers inherit this process's environment when the cluster starts them: set it for that, then
        # give this process its own back
        keys = ("LOWDIAM_RESULTS", "LOWDIAM_CACHE", "PYTHONPATH")
        saved = {k: os.environ.get(k) for k in keys}
        os.environ.update({k: env[k] for k in keys})
        try:
            cluster = local_cluster(processes)
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
        cmd = [sys.executable, *sec.job, "--scheduler", cluster.scheduler_address]
    else:
        cmd = [sys.executable, *sec.job, "--processes", str(processes)]
    if groups:
        cmd += [sec.group_flag, groups]
    child = subprocess.Popen(cmd, env=env, start_new_session=True)  # its own group: stopped with its workers

    def stop(signum, frame):  # a session's end or kill: stop the job too, after one last beat (below)
        raise SystemExit(128 + signum)

    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, stop)
    def heartbeat(**end) -> None:  # the segment's row as of now, rewritten whole
        now = environment()
        seg.update(last_beat=now["time"], wall_seconds=round(time.perf_counter() - t0, 1),
                   runs_at_last_beat=_store_runs(sec), loadavg_at_last_beat=now["loadavg"][0], **end)
        _write_segments(sec, rows)

    status = None
    try:
        while status is None:
            try:
                status = child.wait(timeout=beat)
            except subprocess.TimeoutExpired:
                pass
            heartbeat(**({} if status is None else {"finished": status == 0, "exit_status": status}))
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGTERM)
            child.wait()
            heartbeat(exit_status="stopped")
        if cluster is not None:
            cluster.close()
    return status


def _records_in(root: Path):
    """``(search key, record)`` for every run of the section's logs under ``root``; the search key is (log, label,
    routing, traffic, recipe, settings) (recipe: the network's construction key; settings: the runs' ``sim_*``
    fields, sorted)."""
    from lowdiam import sweep

    for name in SECTION_LOGS:
        log = sweep.result_log("05_simulation", name, root=root)
        if not log.path.exists():
            continue
        for r in sweep.recorded_records(log):
            sim = tuple(sorted((k, str(v)) for k, v in r.items() if k.startswith("sim_")))
            yield (name, r["label"], r["routing"], r["traffic"], json.dumps(r["recipe"], sort_keys=True), sim), r


def _searches_with_runs(root: Path) -> dict[tuple, tuple[float | None, float | None, list[dict]]]:
    """search key (:func:`_records_in`) -> (last stable, first unstable, its records) of the section's logs under
    ``root``."""
    from lowdiam.studies import simulation as studies

    groups: dict[tuple, list[dict]] = {}
    for key, r in _records_in(root):
        groups.setdefault(key, []).append(r)
    out = {}
    for key, recs in groups.items():
        (lo, hi), = studies.brackets_from_records(recs).values()
        out[key] = (lo, hi, recs)
    return out


def _searches_in(root: Path) -> dict[tuple, tuple]:
    """search key (:func:`_records_in`) -> (last stable, first unstable, runs) of the section's logs under ``root``."""
    return {key: (lo, hi, len(recs)) for key, (lo, hi, recs) in _searches_with_runs(root).items()}


#: what a run of the new store must share with the committed store's run of the same specification
RUN_FIELDS = ("saturated", "saturation_reason", "accepted_load", "latency_mean")


def _runs_in(root: Path) -> dict[tuple, dict]:
    """Every run of the section's logs under ``root``, by its specification: search key, load, seed."""
    return {key + (repr(r["load"]), repr(r.get("seed"))): r for key, r in _records_in(root)}


def _same(a, b) -> bool:
    """Equal, NaN equal to NaN (a run with nothing delivered has no mean latency)."""
    if isinstance(a, float) and isinstance(b, float) and a != a and b != b:
        return True
    return a == b


def same_runs(new_root: Path, old_root: Path) -> tuple[int, int, list[tuple]]:
    """Runs of ``new_root``'s store that ``old_root``'s holds too (same specification): how many, how many equal in
    every :data:`RUN_FIELDS`, and the specifications of those that are not."""
    new, old = _runs_in(new_root), _runs_in(old_root)
    shared = [k for k in new if k in old]
    differ = [k for k in shared if not all(_same(new[k].get(f), old[k].get(f)) for f in RUN_FIELDS)]
    return len(shared), len(shared) - len(differ), differ


def _segments_line(sec: Section) -> tuple[list[dict], float]:
    segs = _read(sec.segments)
    wall = sum(float(s["wall_seconds"]) for s in segs)
    print(f"segments: {len(segs)}, wall {wall / 3600:.2f} h; runs in the new store: "
          f"{segs[-1]['runs_at_last_beat'] if segs else 0}", end="")
    return segs, wall


def section_summary(sec: Section) -> dict:
    """The section's wall time so far (the segments added up) and every search (section 05) or run (section 07)
    of the new store beside the committed store's."""
    if sec.notebook == "07_motifs":
        return _fig11_summary(sec)
    segs, wall = _segments_line(sec)
    new, old = _searches_in(sec.store), _searches_in(ROOT / "results")
    same = sum(1 for k, v in new.items() if k in old and v[:2] == old[k][:2])
    print(f"; searches: {len(new)} ({same} with the committed store's bracket, "
          f"{sum(1 for k in new if k not in old)} not in it)")
    shared, equal, differ = same_runs(sec.store, ROOT / "results")
    print(f"runs the committed store holds too (same specification and load): {shared}, of which {equal} give the "
          f"same {', '.join(RUN_FIELDS)}" + "".join(f"\n  differs: {k[:4]} load {k[6]}" for k in differ))
    again = resume_asks(sec.store)
    print(f"finished searches a resumed job would run again (resume_asks): {len(again)}"
          + "".join(f"\n  {g} {lab} {rt} {tr}: load {ld} not recorded" for g, lab, rt, tr, ld in again))
    print("A search's bracket is its lowest unstable load and the highest stable load below it, so two searches "
          "that probed different loads can bracket differently with every shared run equal.")
    print("| log | network | routing | traffic | settings | from scratch | committed | runs (new / committed) |")
    print("|---|---|---|---|---|---|---|---:|")
    for k, (lo, hi, n) in sorted(new.items(), key=lambda kv: (kv[0][:4], kv[0][5])):
        o = old.get(k)
        print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {_settings(k[5])} | ({lo}, {hi}) | "
              f"{f'({o[0]}, {o[1]})' if o else '-'} | {n} / {o[2] if o else 0} |")
    gaps = bracket_gaps(sec.store, ROOT / "results")
    if gaps:
        print("\nWhere a bracket differs, every run of either store from the lower bracket's last stable load to the "
              "higher bracket's first unstable load (S stable, U unstable, with the run control's decision; - not "
              "run):")
        print("| log | network | routing | traffic | settings | load | from scratch | committed |")
        print("|---|---|---|---|---|---:|---|---|")
        for k, rows in gaps.items():
            settings = _settings(k[5])
            for load, a, b in rows:
                print(f"| {k[0]} | {k[1]} | {k[2]} | {k[3]} | {settings} | {load} | {a} | {b} |")
    by = time_by_decision(sec.store)
    total = sum(d["cpu_seconds"] for d in by.values())
    print("\nThe new store's runs by the run control's decision (CPU seconds of the runs themselves):")
    print("| decision | runs | CPU s | share | cycles per run |")
    print("|---|---:|---:|---:|---:|")
    for k, d in by.items():
        print(f"| {k} | {d['runs']} | {d['cpu_seconds']:.0f} | {d['cpu_seconds'] / total:.3f} | "
              f"{d['cycles'] / d['runs']:.0f} |")
    roles = time_by_role(sec.store)
    cpu = sum(roles[k]["cpu_seconds"] for k in ("coarse", "bracket", "bisection"))
    print("\nThe new store's runs by their place in their search (CPU seconds of the runs; `bench_from_scratch."
          "time_by_role`):")
    print("| runs at | runs | CPU s | share |")
    print("|---|---:|---:|---:|")
    for k, what in (("coarse", "the coarse grid (0.1, 0.2, ...)"), ("bracket", "the bracket's two loads, off that "
                    "grid"), ("bisection", "other loads of the bisection")):
        print(f"| {what} | {roles[k]['runs']} | {roles[k]['cpu_seconds']:.0f} | {roles[k]['cpu_seconds'] / cpu:.3f} |")
    print(f"Had every one of the {roles['searches']} searches known its bracket beforehand, running just its two loads "
          f"would have cost {roles['bracket_only']:.0f} CPU s ({roles['bracket_only'] / 7200:.2f} h on 2 cores with "
          f"no core idle), and the coarse grid as well {roles['coarse_and_bracket']:.0f} CPU s "
          f"({roles['coarse_and_bracket'] / 7200:.2f} h).")
    base = SECTIONS["05"].store
    beside = None
    if sec.store != base and base.is_dir():  # the Dask rerun: its runs' time beside the local rerun's
        beside, local = cpu_beside(sec.store, base), cpu_beside(base, base)
        lo, med, hi = beside["cpu_ratio"] or (None,) * 3

        def share(x):
            return "-" if x is None else f"{x:.2f}"
        print(f"\nThe new store's runs: {beside['cpu_seconds']:.0f} CPU s in {beside['wall_seconds']:.0f} s of their "
              f"own wall time ({share(beside['on_cpu'])} on a core; below 1, a run waited for one; the local rerun's "
              f"runs: {share(local['on_cpu'])}). Against the local "
              f"rerun's store ({_shown(base)}), over the {beside['shared']} runs both hold, CPU seconds per "
              f"run new / local: median {med}, quartiles {lo}-{hi}, sums {share(beside['cpu_ratio_sum'])} "
              f"(the two reruns ran on different hosts and beside different work; benchmarks/bench_dask_worker.py "
              f"compares one run in a plain process and in a Dask worker on one machine)")
    return {"segments": len(segs), "wall_seconds": wall, "searches": len(new), "same_bracket": same,
            "bracket_gaps": len(gaps), "by_decision": by, "by_role": roles, "resume_asks": again,
            "beside_local": beside}


def cpu_beside(new_root: Path, base_root: Path) -> dict:
    """How the runs of ``new_root``'s store used their time, and their CPU seconds against ``base_root``'s runs of
    the same specification (another rerun of the section, on another host or beside other work).

    Returns ``runs``, ``cpu_seconds`` and ``wall_seconds`` (the new store's runs, added up; ``on_cpu`` their ratio:
    below 1, a run waited for a core), ``shared`` (runs of both stores with CPU seconds on both sides) and, over
    those, ``cpu_ratio`` (quartiles 25 / 50 / 75 % of new / base CPU seconds per run) and ``cpu_ratio_sum`` (their
    sums' ratio); the ratios are None without shared runs."""
    import statistics

    new, base = _runs_in(new_root), _runs_in(base_root)

    def cpu(r):
        x = r.get("cpu_seconds")
        return None if x is None or x != x else float(x)

    timed = [r for r in new.values() if cpu(r) is not None and r.get("wall_seconds") is not None]
    c, w = sum(cpu(r) for r in timed), sum(float(r["wall_seconds"]) for r in timed)
    pairs = [(cpu(new[k]), cpu(base[k])) for k in new if k in base and cpu(new[k]) and cpu(base[k])]
    q = None
    if len(pairs) >= 2:
        q = tuple(round(x, 3) for x in statistics.quantiles([a / b for a, b in pairs], n=4, method="inclusive"))
    elif pairs:
        q = (round(pairs[0][0] / pairs[0][1], 3),) * 3
    return {"runs": len(new), "cpu_seconds": c, "wall_seconds": w, "on_cpu": c / w if w else None,
            "shared": len(pairs), "cpu_ratio": q,
            "cpu_ratio_sum": sum(a for a, _ in pairs) / sum(b for _, b in pairs) if pairs else None}


def time_by_decision(root: Path) -> dict[str, dict]:
    """Where a store's section runs spent their time: per run-control decision (``converged``, ``max-samples``,
    ``latency-threshold``, ...), the runs, their CPU seconds (runs that record none are counted in ``no_cpu``) and
    their simulated cycles, most CPU first."""
    out: dict[str, dict] = {}
    for _, r in _records_in(root):
        d = out.setdefault(str(r.get("decision") or "-"), {"runs": 0, "cpu_seconds": 0.0, "cycles": 0, "no_cpu": 0})
        d["runs"] += 1
        x = r.get("cpu_seconds")
        if x is None or x != x:
            d["no_cpu"] += 1
        else:
            d["cpu_seconds"] += float(x)
        d["cycles"] += int(r.get("cycles") or 0)
    return dict(sorted(out.items(), key=lambda kv: -kv[1]["cpu_seconds"]))


def time_by_role(root: Path, coarse_step: float | None = None) -> dict:
    """Where a store's section runs spent their time by their place in their search (section 05), and what a search
    that knew its bracket beforehand would have cost.

    A search (:func:`_records_in`'s key) first runs the coarse loads ``coarse_step, 2 coarse_step, ...`` (default the
    paper profile's, ``lowdiam.studies.polarstar.PAPER_COARSE``) up to the first unstable one, then bisects towards
    its bracket (:func:`lowdiam.sweep.bracket_saturation`).  Each run is
    ``coarse`` (its load on that grid), ``bracket`` (off the grid, one of the two loads of its search's bracket:
    the highest stable load below the lowest unstable one, and that one) or ``bisection`` (any other load).  Returns
    per role ``{"runs", "cpu_seconds"}`` and two floors in CPU seconds: ``bracket_only`` (every search running just
    its bracket's two loads) and ``coarse_and_bracket`` (the coarse grid too, as every search that starts from it
    must); ``searches``."""
    from lowdiam.studies.polarstar import PAPER_COARSE

    step = PAPER_COARSE if coarse_step is None else coarse_step
    searches = _searches_with_runs(root)
    out = {role: {"runs": 0, "cpu_seconds": 0.0} for role in ("coarse", "bracket", "bisection")}
    floor = 0.0
    for lo, hi, recs in searches.values():
        for r in recs:
            load, cpu = float(r["load"]), float(r.get("cpu_seconds") or 0.0)
            k = load / step
            role = ("coarse" if abs(k - round(k)) < 1e-9 else
                    "bracket" if load in (lo, hi) else "bisection")
            out[role]["runs"] += 1
            out[role]["cpu_seconds"] += cpu
            if load in (lo, hi):
                floor += cpu
    return {**out, "bracket_only": floor,
            "coarse_and_bracket": out["coarse"]["cpu_seconds"] + out["bracket"]["cpu_seconds"],
            "searches": len(searches)}


def _settings(sim: tuple) -> str:
    """A search's ``sim_*`` fields (:func:`_records_in`) in short: VCs, buffer, VC assignment, internal speedup."""
    import ast

    d = dict(sim)
    opts = ast.literal_eval(d.get("sim_router_options", "{}") or "{}")
    vcs = f"{d['sim_vcs']} VCs" if "sim_vcs" in d else "VCs one per hop of the longest route"  # vcs=None
    return (f"{vcs} x {d.get('sim_buffer_flits', '?')} flits, {opts.get('vc_selection', '?')} VCs, "
            f"speedup {opts.get('internal_speedup', '?')}")


def _verdict(r: dict | None) -> str:
    return "-" if r is None else f"{'U' if r['saturated'] else 'S'} ({r.get('decision') or r['saturation_reason']})"


def bracket_gaps(new_root: Path, old_root: Path) -> dict[tuple, list[tuple[float, str, str]]]:
    """For every search both stores hold whose brackets differ: ``(load, verdict in new_root, verdict in old_root)``
    of every load either store ran from the lower of the two last stable loads to the higher of the two first
    unstable loads (a bracket's open end counts as the other's), ascending -- the runs that make the brackets
    differ (:func:`_verdict`: ``S``/``U`` and the run control's decision, ``-`` where a store has no run)."""
    new, old = _searches_in(new_root), _searches_in(old_root)
    runs_new, runs_old = {}, {}
    for runs, root in ((runs_new, new_root), (runs_old, old_root)):
        for key, r in _records_in(root):
            runs.setdefault(key, {})[float(r["load"])] = r
    out = {}
    for k in sorted(new, key=lambda k: (k[:4], k[5])):
        if k not in old or new[k][:2] == old[k][:2]:
            continue
        los = [x for x in (new[k][0], old[k][0]) if x is not None]
        his = [x for x in (new[k][1], old[k][1]) if x is not None]
        a = min(los) if los else 0.0
        b = max(his) if his else float("inf")
        loads = sorted({ld for ld in (*runs_new.get(k, {}), *runs_old.get(k, {})) if a <= ld <= b})
        out[k] = [(ld, _verdict(runs_new.get(k, {}).get(ld)), _verdict(runs_old.get(k, {}).get(ld))) for ld in loads]
    return out


def _job_calls(runs_by_spec: dict[tuple, Any]):
    """The job's ``saturation_searches`` calls in its order (:func:`lowdiam.studies.polarstar.group_configs`; a
    group's searches at one settings make one call): ``(group, log, [(spec, search key or None), ...])``, where a
    spec is ``((log, network, routing, traffic), settings)`` and the key is the search key of ``runs_by_spec`` (keyed
    by :func:`_records_in`'s search keys) with that spec, ``None`` if it has none."""
    from lowdiam.studies import polarstar as P

    by_spec = {(k[:4], k[5]): k for k in runs_by_spec}
    for group, configs in P.group_configs(P.table3("paper")):
        log = P.group_log(group)
        parts: dict[str, list[tuple]] = {}
        for rec, routing, traffic in configs:
            sim = P.group_sim(group, label=rec.label, routing=routing)
            spec = ((log, rec.label, routing, traffic), tuple(sorted((f"sim_{k}", str(v)) for k, v in sim.items())))
            parts.setdefault(json.dumps(sim, sort_keys=True, default=str), []).append((spec, by_spec.get(spec)))
        for specs in parts.values():
            yield group, log, specs


def _finished(bracket: tuple) -> bool:
    """A search's bracket (last stable, first unstable, runs) is final: at most ``PAPER_TOL`` wide, or stable up to
    the searches' highest load, 1.0, with nothing unstable."""
    from lowdiam.studies import polarstar as P

    good, bad = bracket[:2]
    if bad is None:
        return good is not None and good >= 1.0 - 1e-9
    return good is not None and bad - good <= P.PAPER_TOL + 1e-9


def _done(bracket: tuple, runs: dict[float, bool]) -> bool:
    """A search of the rerun is done: its bracket is final (:func:`_finished`), or the sequential search from the
    coarse grid, replayed from its runs ({load: saturated}), asks no load they do not hold
    (:func:`lowdiam.studies.polarstar.search_recorded`).  The second catches a search whose bracket over every run
    is wider than the tolerance only because the asynchronous job ran a load the search never asked, below its
    knee, that came out unstable (notebook 05's Dask rerun: PS-Pal UGAL-L at 4 VCs, adversarial, 0.4125)."""
    from lowdiam.studies import polarstar as P

    return _finished(bracket) or (bool(runs) and P.search_recorded(runs) is None)


def resume_asks(root: Path) -> list[tuple]:
    """The finished searches of the section's store under ``root`` that a resumed job would run again:
    ``(group, network, routing, traffic, load)`` for every search of the job (:func:`lowdiam.studies.polarstar.
    group_configs` order) whose recorded bracket is final (:func:`_finished`) and whose sequential search, started
    from the hint the job gives it (``hint_records`` of its group and ``search_hints``, read from this store),
    asks a load the store does not hold (``search_recorded``: the first such load).  Empty when a resume replays
    every finished search without a run: the job's searches then do not depend on where it was resumed."""
    from lowdiam.studies import polarstar as P
    from lowdiam.studies import simulation as studies

    out = []
    for group, configs in P.group_configs(P.table3("paper")):
        old = P.hint_records(group, root=root)
        for rec, routing, traffic in configs:
            sim = P.group_sim(group, label=rec.label, routing=routing)
            runs = [r for r in studies.recorded_runs("05_simulation", [P.group_log(group)], root=root, sim=sim)
                    if (r["label"], r["routing"], r["traffic"]) == (rec.label, routing, traffic)]
            if not runs or not _finished(next(iter(studies.brackets_from_records(runs).values()))):
                continue
            hints = P.search_hints([(rec, routing, traffic)], old, sim)
            miss = P.search_recorded({float(r["load"]): bool(r["saturated"]) for r in runs},
                                     hint=None if hints is None else hints[0])
            if miss is not None:
                out.append((group, rec.label, routing, traffic, miss))
    return out


def section_replay(cores: int = 2, root: Path | None = None) -> dict:
    """Notebook 05's section rerun (``root``, default its from-scratch store) replayed on ``cores`` cores from its
    runs' wall seconds (:func:`lowdiam.scaleout.replay_schedule`), in rounds (the sequential search, what the job's
    ``--processes`` runs) and asynchronously (no rounds, spare cores speculate: what ``--dask`` runs), one
    ``saturation_searches`` call at a time as the job makes them (a group's searches at one settings, in the
    group's order; :func:`_job_calls`).  Only finished searches (:func:`_done`) take part;
    the replay starts each from the coarse grid (the job starts some from hints), so its wall times compare the two
    schedules, not the job's.  Prints a line per call and returns the totals."""
    from lowdiam import scaleout
    from lowdiam.studies import polarstar as P

    root = SECTIONS["05"].store if root is None else root
    runs: dict[tuple, dict[float, tuple[bool, float]]] = {}
    for key, r in _records_in(root):
        runs.setdefault(key, {})[float(r["load"])] = (bool(r["saturated"]), float(r["wall_seconds"]))
    brackets = _searches_in(root)
    tot = {"calls": 0, "searches": 0, "rounds_wall": 0.0, "async_wall": 0.0, "rounds_runs": 0, "async_runs": 0,
           "same_brackets": True}
    print("| group | searches | rounds: wall s (runs) | asynchronous: wall s (runs) | asynchronous / rounds |")
    print("|---|---:|---|---|---:|")
    for group, _, specs in _job_calls(runs):
        searches = {key: {"size": 1, "runs": runs[key]} for _, key in specs
                    if key is not None and _done(brackets[key], {ld: v[0] for ld, v in runs[key].items()})}
        if not searches:
            continue
        rule = {"coarse_step": P.PAPER_COARSE, "tol": P.PAPER_TOL}
        a = scaleout.replay_schedule(searches, cores, **rule)
        b = scaleout.replay_schedule(searches, cores, asynchronous=True, **rule)
        print(f"| {group} | {len(searches)} | {a['wall_seconds']:.0f} ({a['runs']}) | {b['wall_seconds']:.0f} "
              f"({b['runs']}) | {b['wall_seconds'] / a['wall_seconds']:.3f} |")
        tot["calls"] += 1
        tot["searches"] += len(searches)
        tot["rounds_wall"] += a["wall_seconds"]
        tot["async_wall"] += b["wall_seconds"]
        tot["rounds_runs"] += a["runs"]
        tot["async_runs"] += b["runs"]
        tot["same_brackets"] &= a["brackets"] == b["brackets"]
    if tot["calls"]:
        print(f"{tot['searches']} finished searches in {tot['calls']} calls on {cores} cores: rounds "
              f"{tot['rounds_wall']:.0f} s, asynchronous {tot['async_wall']:.0f} s "
              f"({tot['async_wall'] / tot['rounds_wall']:.3f}), {tot['rounds_runs']} and {tot['async_runs']} runs; "
              f"the same brackets: {tot['same_brackets']}")
    return tot


def _shown(path: Path) -> str:
    """``path`` relative to the checkout when it lies in it, else as given."""
    try:
        return str(Path(path).resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def section_left(cores: int = 2, new_root: Path | None = None, old_root: Path | None = None) -> dict:
    """What notebook 05's section rerun (``new_root``, default its from-scratch store) has left to run, estimated
    from the committed store (``old_root``, default ``results/``) and calibrated on what the rerun has run; nothing
    is simulated.

    Every search of the job (:func:`_job_calls`, call by call, each search once) is replayed in rounds on ``cores``
    cores (:func:`lowdiam.scaleout.replay_schedule`, from the coarse grid) on the committed search's runs: the
    committed verdict at every load, and as seconds the committed run's CPU seconds (where it records none, its
    wall seconds times the median CPU / wall ratio of the committed runs that record both); loads the committed
    search never ran cost as ``cost_below="nearest"`` says.  Most committed searches started next to their knee
    (from hints), so this charges their coarse loads the knee's seconds: an overestimate.  Hence the calibration:
    the searches the rerun has finished are estimated the same way and set beside the replay of their own runs (the
    rerun's wall seconds, as :func:`section_replay`), per result log; each log's ratio (own / estimate) scales the
    estimate of its searches left.  In a search the rerun has started but not finished, a load it already ran takes
    its verdict and costs nothing.  A job's search that the committed store does not hold is counted apart.  The
    holdout column says how far off such a calibration can be: each log's finished searches in the job's order, each
    on 1 core, the first half calibrating the estimate of the second, predicted / own.
    Prints a table per log and returns the totals."""
    from lowdiam import scaleout
    from lowdiam.studies import polarstar as P

    new_root = SECTIONS["05"].store if new_root is None else new_root
    old_root = ROOT / "results" if old_root is None else old_root
    new: dict[tuple, dict[float, dict]] = {}
    old: dict[tuple, dict[float, dict]] = {}
    for runs, root in ((new, new_root), (old, old_root)):
        for key, r in _records_in(root):
            runs.setdefault(key, {})[float(r["load"])] = r

    def cpu(r: dict) -> float | None:
        x = r.get("cpu_seconds")
        return float(x) if x is not None and x == x else None

    cpu_per_wall = statistics.median([cpu(r) / float(r["wall_seconds"]) for rs in old.values() for r in rs.values()
                            if cpu(r) and r.get("wall_seconds")])
    brackets = _searches_in(new_root)
    by_spec_old = {(k[:4], k[5]): k for k in old}
    by_spec_new = {(k[:4], k[5]): k for k in new}
    rule = {"coarse_step": P.PAPER_COARSE, "tol": P.PAPER_TOL}
    per_log: dict[str, dict] = {}
    counted: set = set()
    unknown = 0
    singles: dict[str, list[tuple[float, float]]] = {}  # per log, each finished search on 1 core: (estimate, own)
    for _, log, specs in _job_calls({**old, **new}):
        left, done, done_own = {}, {}, {}
        for spec, _ in specs:
            if spec in counted:
                continue
            counted.add(spec)
            k_old, k_new = by_spec_old.get(spec), by_spec_new.get(spec)
            finished = k_new is not None and _done(brackets[k_new], {ld: bool(r["saturated"])
                                                                      for ld, r in new[k_new].items()})
            if k_old is None:
                unknown += int(not finished)
                continue
            runs = {ld: (bool(r["saturated"]), cpu(r) if cpu(r) else cpu_per_wall * float(r["wall_seconds"]))
                    for ld, r in old[k_old].items()}
            if finished:
                done[k_old] = {"size": 1, "runs": runs}
                done_own[k_new] = {"size": 1, "runs": {ld: (bool(r["saturated"]), float(r["wall_seconds"]))
                                                       for ld, r in new[k_new].items()}}
                singles.setdefault(log, []).append(tuple(
                    scaleout.replay_schedule({k: src[k]}, 1, **rule)["wall_seconds"]
                    for k, src in ((k_old, done), (k_new, done_own))))
                continue
            for ld, r in new.get(k_new, {}).items():  # what the rerun already ran: its verdict, at no cost
                runs[ld] = (bool(r["saturated"]), 0.0)
            left[k_old] = {"size": 1, "runs": runs}
        t = per_log.setdefault(log, {"done": 0, "done_est": 0.0, "done_own": 0.0, "left": 0, "left_est": 0.0,
                                     "left_runs": 0})
        if done:
            t["done"] += len(done)
            t["done_est"] += scaleout.replay_schedule(done, cores, **rule)["wall_seconds"]
            t["done_own"] += scaleout.replay_schedule(done_own, cores, **rule)["wall_seconds"]
        if left:
            a = scaleout.replay_schedule(left, cores, **rule)
            t["left"] += len(left)
            t["left_est"] += a["wall_seconds"]
            t["left_runs"] += a["runs"]
    print("| log | finished: searches | estimate, s | replayed from their own runs, s | own / estimate | left: "
          "searches | estimate, s (runs) | calibrated, s | holdout: predicted / own |")
    print("|---|---:|---:|---:|---:|---:|---|---:|---:|")
    tot = {"cores": cores, "cpu_per_wall": cpu_per_wall, "unknown": unknown, "done": 0, "left": 0, "left_runs": 0,
           "left_est": 0.0, "left_calibrated": 0.0, "calibrated": True, "holdout": {}}
    for log, t in per_log.items():
        if not t["done"] and not t["left"]:
            continue
        factor = t["done_own"] / t["done_est"] if t["done_est"] > 0 else None
        cal = t["left_est"] * factor if factor is not None else None
        tot["done"] += t["done"]
        tot["left"] += t["left"]
        tot["left_runs"] += t["left_runs"]
        tot["left_est"] += t["left_est"]
        if cal is None:
            tot["calibrated"] = tot["calibrated"] and t["left"] == 0
        else:
            tot["left_calibrated"] += cal
        xs = singles.get(log, [])
        h = len(xs) // 2  # the first half (in the job's order) calibrates, the second is predicted
        hold = None
        if h and sum(e for e, _ in xs[:h]) > 0 and sum(o for _, o in xs[h:]) > 0:
            hold = (sum(e for e, _ in xs[h:]) * sum(o for _, o in xs[:h]) / sum(e for e, _ in xs[:h])
                    / sum(o for _, o in xs[h:]))
            tot["holdout"][log] = hold
        print(f"| {log} | {t['done']} | {t['done_est']:.0f} | {t['done_own']:.0f} | "
              f"{'-' if factor is None else f'{factor:.3f}'} | {t['left']} | {t['left_est']:.0f} ({t['left_runs']}) | "
              f"{'-' if cal is None else f'{cal:.0f}'} | {'-' if hold is None else f'{hold:.2f}'} |")
    base = "the committed" if old_root == ROOT / "results" else f"{_shown(old_root)}'s"
    print(f"{tot['left']} searches left ({unknown} more not in {base} store): estimated {tot['left_est']:.0f} s "
          f"on {cores} cores in rounds from {base} runs, {tot['left_calibrated']:.0f} s "
          f"({tot['left_calibrated'] / 3600:.2f} h) calibrated" + ("" if tot["calibrated"] else
                                                                   " (a log with searches left has no finished one)")
          + f"; {base} runs' CPU / wall {cpu_per_wall:.3f} (median, for the runs without CPU time). Holdout: "
          "each log's first half of finished searches (job order, 1 core) calibrating the second half's estimate, "
          "predicted / own; how far off the calibrated estimate can be.")
    return tot


def _fig11_summary(sec: Section) -> dict:
    """Section 07: every Fig. 11 run of the new store (completion cycles; wall seconds, every leg of a run resumed
    from checkpoints) beside the committed store's (``lowdiam.studies.motifs_study.recorded_fig11``: the paper's
    networks and sizes)."""
    from lowdiam.results import ResultLog
    from lowdiam.studies import motifs_study as MS

    segs, wall = _segments_line(sec)
    new, old = MS.recorded_fig11(sec.store), MS.recorded_fig11(ROOT / "results")
    def seconds(root: Path) -> dict:  # each run's wall seconds, every leg of a run resumed from checkpoints
        return {(r["key"], r["case"], MS.routing_class(r["routing"])): r.get("wall_seconds")
                for r in ResultLog(sec.notebook, sec.logs[0], key=MS.KEY, root=root).rows()}

    secs, old_secs = seconds(sec.store), seconds(ROOT / "results")
    same = sum(1 for k, v in new.items() if old.get(k) == v)
    print(f"; runs: {len(new)} of Fig. 11's {len(old)} ({same} with the committed completion time)")
    print("| network | motif | routing | completion cycles from scratch | committed | run's seconds (all legs) | "
          "committed run's seconds |")
    print("|---|---|---|---:|---:|---:|---:|")
    for k in sorted(new):
        s_new, s_old = secs.get(k), old_secs.get(k)
        print(f"| {k[0]} | {k[1]} | {k[2]} | {new[k]} | {old.get(k, '-')} | "
              f"{'-' if s_new is None else round(s_new)} | {'-' if s_old is None else round(s_old)} |")
    return {"segments": len(segs), "wall_seconds": wall, "runs": len(new), "same_completion": same}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--searches", default="ps-iq-min-uniform,ps-iq-ugal-uniform-paper-vcs",
                    help=f"comma-separated, of {', '.join(searches())}")
    ap.add_argument("--again", action="store_true", help="rerun searches already in the CSV")
    ap.add_argument("--table", action="store_true", help="summarise the CSV (no simulation)")
    ap.add_argument("--section", nargs="?", const="05", choices=tuple(SECTIONS),
                    help="run (or resume) a whole section on its own store: 05 (the default; notebook 05's PolarStar "
                    "Fig. 9/10 searches, results/from_scratch/) or 07 (notebook 07's PolarStar Fig. 11 runs, "
                    "results/from_scratch_07/)")
    ap.add_argument("--section-summary", nargs="?", const="05", choices=tuple(SECTIONS),
                    help="a section rerun's wall time and results beside the committed ones (default 05)")
    ap.add_argument("--section-replay", type=int, metavar="CORES", default=None,
                    help="notebook 05's section rerun replayed on CORES cores from its runs' seconds, in rounds (the "
                    "job's --processes) and asynchronously (--dask): the schedules' wall times")
    ap.add_argument("--section-left", type=int, metavar="CORES", default=None,
                    help="what notebook 05's section rerun has left to run, estimated on CORES cores from the "
                    "committed store's runs (and the same estimate of what it has run, beside its own replay)")
    ap.add_argument("--processes", type=int, default=2, help="--section: worker processes (default 2)")
    ap.add_argument("--groups", default=None, help="--section: groups of lowdiam.studies.polarstar (section 05, "
                    "default all) or sections of lowdiam.studies.motifs_study (section 07, default fig11)")
    ap.add_argument("--beat", type=float, default=30.0, help="--section: seconds between heartbeats (default 30)")
    ap.add_argument("--dask", action="store_true", help="--section, --section-summary: the rerun on a local Dask "
                    "cluster of --processes workers, on a store of its own (results/from_scratch[_07]_dask/); "
                    "--section-left: what that rerun of notebook 05 has left, estimated from the local rerun's runs")
    args = ap.parse_args()
    if args.dask and args.section is None and args.section_summary is None and args.section_left is None:
        ap.error("--dask goes with --section, --section-summary or --section-left")
    if args.section is not None:
        if args.processes < 1 or args.beat <= 0:
            raise ValueError(f"--processes must be >= 1 and --beat > 0 (got {args.processes}, {args.beat})")
        sec = SECTIONS[args.section]
        sys.exit(section(on_dask(sec) if args.dask else sec, args.processes, args.groups, args.beat, args.dask))
    if args.section_left is not None:
        if args.section_left < 1:
            raise ValueError(f"--section-left takes a number of cores >= 1, got {args.section_left}")
        if args.dask:  # the Dask rerun's left, estimated from the local rerun's runs (from scratch, no hints)
            section_left(args.section_left, new_root=on_dask(SECTIONS["05"]).store, old_root=SECTIONS["05"].store)
        else:
            section_left(args.section_left)
        return
    if args.section_replay is not None:
        if args.section_replay < 1:
            raise ValueError(f"--section-replay takes a number of cores >= 1, got {args.section_replay}")
        section_replay(args.section_replay)
        return
    if args.section_summary:
        sec = SECTIONS[args.section_summary]
        section_summary(on_dask(sec) if args.dask else sec)
        return
    if not args.table:
        names = [s for s in args.searches.split(",") if s]
        unknown = [s for s in names if s not in searches()]
        if unknown:
            raise ValueError(f"unknown searches {unknown}; choose from {list(searches())}")
        for name in names:
            recorded(name)  # fail before simulating when there is nothing to compare with
            rows = _read()
            if any(r["search"] == name for r in rows) and not args.again:
                print(f"{name}: already in {OUT.name} (--again reruns it)", flush=True)
                continue
            new = rerun(name)
            write_rows(OUT, [r for r in rows if r["search"] != name] + new)
            print(f"{name}: from scratch ({new[0]['last_stable']}, {new[0]['first_unstable']}), {len(new)} runs, "
                  f"{sum(r['cpu_seconds'] for r in new):.0f} CPU s", flush=True)
    table()


if __name__ == "__main__":
    main()
