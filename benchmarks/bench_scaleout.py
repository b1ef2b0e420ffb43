"""Saturation searches on a cluster: the sequential search against the speculative one (issue 58).

``replay``: PolarStar Fig. 9's 48 recorded paper-profile searches (``results/paper/05_simulation/
05_polarstar_fig9.csv``, 513 runs with their seconds on one core) replayed on P cores by
:func:`lowdiam.scaleout.replay_schedule` (coarse step 0.1, resolution 0.01, the paper profile's rule): the
search before this issue (coarse phases of all searches in lockstep, then the bisections), the sequential
search now (each search bisects as soon as its coarse phase ends), the speculative search in rounds with P
loads a round, and the asynchronous search (no rounds: each idle core takes the most valuable pending load;
``saturation_searches(scheduler=...)``'s default).  Nothing is simulated.

``cluster``: a reduced set of two searches run for real on a ``distributed.LocalCluster`` of 1, 2 and 4 worker
processes (one thread each) on this machine: sequential in rounds, speculative in rounds and asynchronous, each
mode on its own fresh cluster with every worker warmed up (the set's networks built and briefly simulated)
before the timing and a fresh, empty result cache; wall time, core time (the kept runs' own seconds), rounds,
runs, and a check that all give the same brackets.

``replay-rule``: the PolarStar Fig. 9/10 section as it stands, under BookSim2's run control: every complete recorded
search of its three result logs (``05_polarstar_booksim_rule``, ``05_polarstar_ugal_4vcs``,
``05_polarstar_authors_code``; one search per log, network, routing, traffic and settings) replayed from scratch
(coarse step 0.1, resolution 0.01) on P cores, each run costing its recorded CPU seconds (``cpu_seconds``; from
its cycles where the store has no CPU time, :func:`rule_searches`), a load below a search's lowest recorded one
``cost_below`` either way (:func:`lowdiam.scaleout.replay_schedule`).  What a rerun of the section from an empty store
would take, as far as the recorded runs can tell; nothing is simulated.

Usage: ``python benchmarks/bench_scaleout.py replay`` / ``python benchmarks/bench_scaleout.py replay-rule`` /
``python benchmarks/bench_scaleout.py cluster [--workers 1 2 4]``.  CSVs go to ``benchmarks/results/``; the tables
are printed as markdown.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from benchio import write_rows

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results"
CORES = (2, 16, 48, 64, 128, 256, 512)


def replay(cores=CORES) -> list[dict]:
    from lowdiam import scaleout, sweep

    recs = sweep.recorded_records(sweep.result_log("05_simulation", "05_polarstar_fig9"))
    searches = scaleout.recorded_searches(recs)
    rows = []
    for p in cores:
        runs = {"before (lockstep phases)": scaleout.replay_schedule(searches, p, lockstep=True),
                "sequential": scaleout.replay_schedule(searches, p),
                "speculative": scaleout.replay_schedule(searches, p, workers=p),
                "asynchronous": scaleout.replay_schedule(searches, p, asynchronous=True)}
        same = len({tuple(sorted(r["brackets"].items())) for r in runs.values()}) == 1
        for name, r in runs.items():
            rows.append({"cores": p, "search": name, "wall_hours": round(r["wall_seconds"] / 3600, 3),
                         "core_hours": round(r["core_seconds"] / 3600, 2), "rounds": r["rounds"], "runs": r["runs"],
                         "runs_not_recorded": r["extra_runs"], "same_brackets": same})
            if name == "asynchronous":
                last = max(r["finish"], key=r["finish"].get)
                rows[-1].update(last_search="/".join(last), last_search_end_s=round(r["finish"][last]),
                                last_search_chain_s=round(r["chain_seconds"][last]),
                                last_search_longest_run_s=round(r["longest_run"][last]))
    print(f"{len(searches)} searches, {len(recs)} recorded runs, "
          f"{sum(r['wall_seconds'] for r in recs) / 3600:.2f} core-hours recorded")
    print("| cores | before: wall h (rounds) | sequential: wall h (rounds) | speculative rounds: wall h (rounds) | "
          "asynchronous: wall h | runs, core-h (spec. rounds / async) | async: last search to end (s), its chain / "
          "longest run (s) |")
    print("|---:|---:|---:|---:|---:|---:|---|")
    by = {(r["cores"], r["search"]): r for r in rows}
    for p in cores:
        b, s, x, a = (by[p, n] for n in ("before (lockstep phases)", "sequential", "speculative", "asynchronous"))
        print(f"| {p} | {b['wall_hours']:.2f} ({b['rounds']}) | {s['wall_hours']:.2f} ({s['rounds']}) | "
              f"{x['wall_hours']:.2f} ({x['rounds']}) | {a['wall_hours']:.2f} | {x['runs']}, {x['core_hours']:.1f} / "
              f"{a['runs']}, {a['core_hours']:.1f} | {a['last_search']} ({a['last_search_end_s']}), "
              f"{a['last_search_chain_s']} / {a['last_search_longest_run_s']} |")
    print("same brackets in every replay:", all(r["same_brackets"] for r in rows))
    if 16 in cores and 256 in cores:
        for name in ("before (lockstep phases)", "sequential", "speculative", "asynchronous"):
            print(f"{name}: wall time on 16 cores / on 256 cores = "
                  f"{by[16, name]['wall_hours'] / by[256, name]['wall_hours']:.2f}")
    ref = scaleout.replay_schedule(searches, 1)
    for what in ("chain_seconds", "longest_run"):
        k = max(ref[what], key=ref[what].get)
        print(f"largest {what}: {'/'.join(k)} {ref[what][k]:.0f} s")
    for r in rows:  # one set of columns
        for k in ("last_search", "last_search_end_s", "last_search_chain_s", "last_search_longest_run_s"):
            r.setdefault(k, "")
    write_rows(OUT / "scaleout_replay.csv", rows)
    return rows


RULE_LOGS = ("05_polarstar_booksim_rule", "05_polarstar_ugal_4vcs", "05_polarstar_authors_code")
#: the settings that tell two searches of one network, routing and traffic apart within a log
SETTINGS = ("sim_router", "sim_router_options", "sim_run_control", "sim_vcs", "sim_buffer_flits", "sim_packet_flits")


def rule_searches(tol: float = 0.01) -> tuple[dict, dict]:
    """The complete recorded searches of :data:`RULE_LOGS`: ``({key: {"size", "runs", "bracket"}}, counts)``.

    A run costs its ``cpu_seconds``.  A run recorded before the store kept CPU time (its wall time then was up to
    four times its CPU time on the shared machine, so wall seconds are no estimate) costs its simulated ``cycles``
    times the median CPU seconds per cycle of the runs with CPU time of the same log, network and routing (any
    traffic), else of the same log and network (``counts["cost_from_cycles"]``: how many runs, by which).  A
    search is complete when a stable and a saturated load recorded lie within ``tol`` of each other (no stable
    load: the first saturated within ``tol`` of 0); the later record of a load wins (a rerun at the same
    settings)."""
    import statistics

    from lowdiam import sweep
    from lowdiam.studies.simulation import brackets_from_records

    counts: dict = {"runs": 0, "cpu_known": 0, "searches_incomplete": 0,
                    "cost_from_cycles": {"network and routing": 0, "network": 0}}
    by_log = {log: sweep.recorded_records(sweep.result_log("05_simulation", log)) for log in RULE_LOGS}
    out: dict = {}
    for log, recs in by_log.items():
        per: dict = {}
        for r in recs:
            if r.get("cpu_seconds") is not None and r.get("cycles"):
                per.setdefault((r["label"], r["routing"]), []).append(r["cpu_seconds"] / r["cycles"])
                per.setdefault((r["label"],), []).append(r["cpu_seconds"] / r["cycles"])
        for r in recs:
            key = (log, r["label"], r["routing"], r["traffic"], repr([r.get(k) for k in SETTINGS]))
            s = out.setdefault(key, {"size": int(r["num_routers"]) * int(r["num_endpoints"]), "runs": {}})
            cpu, how = r.get("cpu_seconds"), None
            if cpu is None:
                ref, how = ((r["label"], r["routing"]), "network and routing") \
                    if (r["label"], r["routing"]) in per else ((r["label"],), "network")
                if ref not in per:
                    raise ValueError(f"{log}: no run of {r['label']} records its CPU time; cannot cost {key}")
                cpu = r["cycles"] * statistics.median(per[ref])
            s["runs"][float(r["load"])] = (bool(r["saturated"]), float(cpu), how)
    # one search per key: its bracket as the store's other readers take it (brackets_from_records)
    brackets = brackets_from_records({"label": key, "routing": "", "traffic": "", "load": x, "saturated": v[0]}
                                     for key, s in out.items() for x, v in s["runs"].items())
    done = {}
    for key, s in out.items():
        last_ok, first_bad = brackets[(key, "", "")]
        if first_bad is not None and first_bad - last_ok <= tol + 1e-9:
            done[key] = {"size": s["size"], "runs": {x: v[:2] for x, v in s["runs"].items()},
                         "bracket": (last_ok, first_bad)}
            counts["runs"] += len(s["runs"])
            for _, _, how in s["runs"].values():
                if how is None:
                    counts["cpu_known"] += 1
                else:
                    counts["cost_from_cycles"][how] += 1
        else:
            counts["searches_incomplete"] += 1
    return done, counts


def replay_rule(cores=(2, 16, 64)) -> list[dict]:
    from lowdiam import scaleout

    searches, counts = rule_searches()
    recorded = sum(c for s in searches.values() for _, c in s["runs"].values())
    print(f"{len(searches)} complete searches ({counts['searches_incomplete']} incomplete left out), "
          f"{counts['runs']} recorded runs ({counts['cpu_known']} with CPU seconds; costed from their cycles: "
          f"{counts['cost_from_cycles']}), {recorded / 3600:.2f} core-hours recorded")
    rows = []
    for below in scaleout.COST_BELOW:
        for p in cores:
            for name, kw in (("sequential", {}), ("speculative", {"workers": p}),
                             ("asynchronous", {"asynchronous": True})):
                r = scaleout.replay_schedule(searches, p, coarse_step=0.1, tol=0.01, cost_below=below, **kw)
                rows.append({"cost_below": below, "cores": p, "search": name,
                             "wall_hours": round(r["wall_seconds"] / 3600, 2),
                             "core_hours": round(r["core_seconds"] / 3600, 2), "rounds": r["rounds"] or "",
                             "runs": r["runs"], "runs_not_recorded": r["extra_runs"]})
    print("| cost below the lowest recorded load | cores | search | wall h | core h | rounds | runs (not recorded) |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['cost_below']} | {r['cores']} | {r['search']} | {r['wall_hours']:.2f} | {r['core_hours']:.2f} | "
              f"{r['rounds']} | {r['runs']} ({r['runs_not_recorded']}) |")
    write_rows(OUT / "scaleout_replay_rule.csv", rows)
    return rows


# the reduced set: two searches on small networks, short fixed windows (seconds a run), so workers can exceed
# the open searches and the speculation shows
def reduced_configs():
    from lowdiam.sweep import Recipe

    return [(Recipe("slimfly", {"q": 5, "endpoints_per_router": 4}, label="SF5"), "ugal", "uniform"),
            (Recipe("hyperx", args=(4, 4), kwargs={"endpoints_per_router": 4}, label="HX4x4"), "min", "uniform")]


SIM = {"warmup_cycles": 1000, "measure_cycles": 2000}
RULE = {"coarse_step": 0.1, "tol": 0.025}
#: mode -> saturation_searches arguments: the sequential search in rounds, the speculative one in rounds
#: (the cluster's threads as its budget), and the asynchronous one (no rounds; the default with scheduler=)
MODES = {"sequential": {"asynchronous": False, "workers": 1},
         "speculative rounds": {"asynchronous": False},
         "asynchronous": {}}


def cluster(n_workers=(1, 2, 4)) -> list[dict]:
    import distributed

    from lowdiam import sweep

    configs = reduced_configs()
    rows = []
    # this process's own first-use costs (imports, the code fingerprint) outside every timing
    os.environ["LOWDIAM_CACHE"] = tempfile.mkdtemp(prefix="lowdiam-scaleout-warm-")
    sweep.saturation_searches(configs[:1], sim={"warmup_cycles": 20, "measure_cycles": 40}, processes=1,
                              progress=False, coarse_step=0.5, tol=0.25)
    for n in n_workers:
        for mode, kw in MODES.items():
            # each mode on its own fresh cluster, every worker warmed up outside the timing, an empty cache
            with distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                          dashboard_address=None) as lc, distributed.Client(lc) as client:
                client.run(_warm, configs)
                os.environ["LOWDIAM_CACHE"] = tempfile.mkdtemp(prefix="lowdiam-scaleout-")  # nothing cached
                t0 = time.perf_counter()
                res = sweep.saturation_searches(configs, sim=SIM, scheduler=client, progress=False, **kw, **RULE)
                wall = time.perf_counter() - t0
            got = [(x.last_stable, x.first_unstable) for x in res]
            runs = [r for x in res for r in x.records]
            assert not any(r["cached"] for r in runs)
            rows.append({"workers": n, "search": mode, "wall_seconds": round(wall, 1),
                         "core_seconds": round(sum(r["wall_seconds"] for r in runs), 1),
                         "rounds": "" if res[0].rounds is None else res[0].rounds, "runs": len(runs),
                         "brackets": got})
            print(rows[-1], flush=True)
    same = all(r["brackets"] == rows[0]["brackets"] for r in rows)
    print(f"{len(configs)} searches; same brackets in every measurement: {same}")
    print("| workers | sequential: wall s (rounds, runs) | speculative rounds: wall s (rounds, runs) | "
          "asynchronous: wall s (runs) | core s (seq / spec / async) |")
    print("|---:|---:|---:|---:|---:|")
    by = {(r["workers"], r["search"]): r for r in rows}
    for n in n_workers:
        s, x, a = (by[n, m] for m in MODES)
        print(f"| {n} | {s['wall_seconds']:.1f} ({s['rounds']}, {s['runs']}) | {x['wall_seconds']:.1f} "
              f"({x['rounds']}, {x['runs']}) | {a['wall_seconds']:.1f} ({a['runs']}) | "
              f"{s['core_seconds']:.0f} / {x['core_seconds']:.0f} / {a['core_seconds']:.0f} |")
    for r in rows:
        r["brackets"] = repr(r["brackets"])
        r["same_brackets"] = same
    write_rows(OUT / "scaleout_cluster.csv", rows)
    return rows


def _warm(configs):
    """On a worker: import the simulator and build and briefly simulate every network of the set."""
    from lowdiam.sweep import Run, _execute

    for rec, routing, traffic in configs:
        _execute(Run(rec, routing, traffic, 0.1, 0, {"warmup_cycles": 20, "measure_cycles": 40}))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=("replay", "replay-rule", "cluster"))
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    args = ap.parse_args()
    if args.what == "replay":
        replay()
    elif args.what == "replay-rule":
        replay_rule()
    else:
        cluster(tuple(args.workers))


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    main()
