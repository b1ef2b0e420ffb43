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
"""

from __future__ import annotations

import argparse
import csv
import functools
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchio import environment, write_rows  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "from_scratch_searches.csv"  # committed data: the bracket a rerun finds is a result


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


def _read() -> list[dict]:
    if not OUT.exists():
        return []
    with OUT.open(newline="") as fh:
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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--searches", default="ps-iq-min-uniform,ps-iq-ugal-uniform-paper-vcs",
                    help=f"comma-separated, of {', '.join(searches())}")
    ap.add_argument("--again", action="store_true", help="rerun searches already in the CSV")
    ap.add_argument("--table", action="store_true", help="summarise the CSV (no simulation)")
    args = ap.parse_args()
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
