"""One recorded run in a plain process and in a Dask worker, side by side: does a Dask worker cost CPU time?

Issue 53, item 3 reruns notebook 05's PolarStar section both on local processes (``bench_from_scratch.py --section
05``) and on a local Dask cluster (``--dask``). Their stores can be compared run by run, but the two reruns ran on
different hosts and beside different work, so a difference in their CPU seconds per run does not say whether Dask
costs anything. This benchmark answers that on one machine at one time: it takes one run of the committed store
(``results/paper/05_simulation``; by default PS-IQ, UGAL-L (``ugal``), uniform at 0.1 at the section's settings,
about 6,000 cycles) and simulates it ``--rounds`` times in each of two fresh processes per round, alternating which goes
first (ABBA):

- ``plain``: a Python process that builds the network and calls ``simulate()``;
- ``dask``: a ``distributed.LocalCluster`` of one single-threaded worker process, set up as ``--dask`` sets up its
  cluster (``bench_from_scratch.local_cluster``), to which the same function is submitted.

Per run it records the simulator's own CPU seconds (``SimResult.cpu_seconds``: the simulating thread's CPU time),
its wall seconds, and the worker process's user and system CPU seconds and minor page faults over the
``simulate()`` call. It prints the per-round ratios dask / plain and their median, checks that both give the
recorded run's accepted load, mean latency and cycles, and appends one JSON line to
``benchmarks/results/dask_worker.jsonl``.

Usage: ``python benchmarks/bench_dask_worker.py [--rounds 3] [--log 05_polarstar_ugal_4vcs --label PS-IQ
--routing ugal --traffic uniform --load 0.1]``
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from benchio import append_jsonl, environment, format_table

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results"
#: the fields both sides must give as recorded
SAME = ("accepted_load", "latency_mean", "cycles")


def recorded_row(log: str, label: str, routing: str, traffic: str, load: float) -> dict:
    """The committed store's last row of that run (``results/paper/05_simulation/<log>.csv``); ``ValueError``
    naming the runs the log holds for that network and routing if there is none."""
    from lowdiam import sweep

    path = ROOT / "results" / "paper" / "05_simulation" / f"{log}.csv"
    if not path.is_file():
        raise ValueError(f"no result log {path}")
    found, loads = None, set()
    for r in sweep.result_log("05_simulation", log).rows():
        if (r["label"], r["routing"], r["traffic"]) == (label, routing, traffic):
            loads.add(r["load"])
            if r["load"] == load:
                found = r
    if found is None:
        raise ValueError(f"{log} has no run of {label} {routing} {traffic} at load {load}; "
                         f"its loads for that network, routing and traffic: {sorted(loads) or 'none'}")
    return found


def simulate_row(row: dict) -> dict:
    """Simulate ``row`` (a result-log row) afresh: the network is built first, then ``simulate()`` is timed."""
    import resource
    import time

    from recheck_recorded import run_of

    from lowdiam.sim import simulate

    run = run_of(row)
    top = run.topology()
    r0, t0 = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
    res = simulate(top, run.routing, run.traffic, run.load, seed=run.seed, **run.sim)
    wall, r1 = time.perf_counter() - t0, resource.getrusage(resource.RUSAGE_SELF)
    out = res.to_dict()
    return {"cpu_seconds": res.cpu_seconds, "wall_seconds": wall, "utime": r1.ru_utime - r0.ru_utime,
            "stime": r1.ru_stime - r0.ru_stime, "minflt": r1.ru_minflt - r0.ru_minflt,
            **{f: out.get(f) for f in SAME}}


def in_plain_process(row: dict) -> dict:
    """:func:`simulate_row` in a fresh Python process."""
    code = ("import json, sys; sys.path.insert(0, sys.argv[1]); import bench_dask_worker as b; "
            "print(json.dumps(b.simulate_row(json.loads(sys.stdin.read()))))")
    p = subprocess.run([sys.executable, "-c", code, str(ROOT / "benchmarks")], input=json.dumps(row),
                       capture_output=True, text=True, check=True)
    return json.loads(p.stdout.strip().splitlines()[-1])


def in_dask_worker(row: dict) -> dict:
    """:func:`simulate_row` on a fresh ``LocalCluster`` of one single-threaded worker process."""
    import distributed
    from bench_from_scratch import local_cluster

    with local_cluster(1) as c:
        with distributed.Client(c) as client:
            client.run(sys.path.insert, 0, str(ROOT / "benchmarks"))
            return client.submit(_remote, row, pure=False).result()


def _remote(row: dict) -> dict:
    import bench_dask_worker

    return bench_dask_worker.simulate_row(row)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--log", default="05_polarstar_ugal_4vcs")
    ap.add_argument("--label", default="PS-IQ")
    ap.add_argument("--routing", default="ugal")
    ap.add_argument("--traffic", default="uniform")
    ap.add_argument("--load", type=float, default=0.1)
    args = ap.parse_args()
    if args.rounds < 1:
        ap.error(f"--rounds must be at least 1, got {args.rounds}")
    row = recorded_row(args.log, args.label, args.routing, args.traffic, args.load)
    want = {f: row["result"].get(f) for f in SAME}
    env0, rows, ratios = environment(), [], {"cpu_seconds": [], "wall_seconds": []}
    for rnd in range(args.rounds):
        got = {}
        for side in ("plain", "dask") if rnd % 2 == 0 else ("dask", "plain"):
            print(f"round {rnd + 1} of {args.rounds}: {side}", file=sys.stderr, flush=True)
            got[side] = (in_plain_process if side == "plain" else in_dask_worker)(row)
            same = all(got[side][f] == want[f] for f in SAME)
            rows.append({"round": rnd + 1, "side": side, **{k: round(v, 2) if isinstance(v, float) else v
                                                             for k, v in got[side].items() if k not in SAME},
                         "as_recorded": same})
            if not same:
                raise SystemExit(f"round {rnd + 1}, {side}: {[(f, got[side][f], want[f]) for f in SAME]} "
                                 f"(got, recorded) differ")
        for k in ratios:
            ratios[k].append(got["dask"][k] / got["plain"][k])
    print(format_table(rows, list(rows[0])))
    summary = {k: {"median": round(statistics.median(v), 3), "min": round(min(v), 3), "max": round(max(v), 3)}
               for k, v in ratios.items()}
    print(f"{row['label']} {row['routing']} {row['traffic']} at {row['load']} ({want['cycles']} cycles): dask / plain "
          f"CPU seconds {summary['cpu_seconds']['median']:.3f} (range {summary['cpu_seconds']['min']:.3f}-"
          f"{summary['cpu_seconds']['max']:.3f}), wall seconds {summary['wall_seconds']['median']:.3f} (range "
          f"{summary['wall_seconds']['min']:.3f}-{summary['wall_seconds']['max']:.3f}), median of {args.rounds} "
          f"alternating rounds; every run as recorded")
    append_jsonl(OUT / "dask_worker.jsonl", {"env_start": env0, "env_end": environment(), "run": {
        "log": args.log, "label": row["label"], "routing": row["routing"], "traffic": row["traffic"],
        "load": row["load"], **want}, "rounds": rows, "ratios": ratios, "summary": summary})


if __name__ == "__main__":
    main()
