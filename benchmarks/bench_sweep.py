"""Sweep runner overheads and scaling: serial vs local processes vs Dask, cold vs cached.

Usage::

    python benchmarks/bench_sweep.py [--quick] [--out PATH]

One grid of runs (PolarStar q=5 IQ, 248 routers; min / ugal x uniform / randperm
x loads 0.2..0.6; short windows; ``--quick``: 8 runs instead of 24) is executed

* serially in this process (``processes=1``, numba kernels warmed first);
* on a fresh local pool (``processes=os.cpu_count()``: includes starting the
  workers and loading the numba cache in each);
* on the same, now warm, pool with a new seed (the steady-state cost per run);
* again with everything cached (must be ~instant: no simulation at all);
* on a ``dask.distributed.LocalCluster`` with one single-threaded worker per core.

Each phase uses its own temporary cache directory so nothing is shared by
accident.  Results (seconds, runs per second) are printed and written to
``--out`` (default ``benchmarks/results/sweep.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from pathlib import Path

from lowdiam import sweep as S

RECIPE = S.Recipe("polarstar", {"q": 5, "supernode": "iq", "d": 3}, "PS-IQ(q=5)")
SIM = {"warmup_cycles": 300, "measure_cycles": 600, "packet_flits": 4, "buffer_flits": 32, "router": "ideal"}


def grid(seed: int, quick: bool) -> list[S.Run]:
    routings = ("min", "ugal")
    traffics = ("uniform",) if quick else ("uniform", "randperm")
    loads = (0.2, 0.5) if quick else (0.2, 0.4, 0.6)
    return [S.Run(RECIPE, r, t, ld, s, SIM) for s in (seed, seed + 100) for r in routings for t in traffics
            for ld in loads]


def timed(label: str, fn, n: int, out: dict) -> list[dict]:
    t0 = time.perf_counter()
    recs = fn()
    dt = time.perf_counter() - t0
    out[label] = {"seconds": round(dt, 3), "runs": n, "runs_per_second": round(n / dt, 2) if dt > 0 else None}
    print(f"{label:28s} {dt:7.2f} s  {n / dt:7.1f} runs/s")
    return recs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "sweep.json"))
    args = ap.parse_args()
    cores = os.cpu_count() or 1
    out: dict = {"python": platform.python_version(), "cores": cores, "recipe": RECIPE.label, "sim": SIM}
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LOWDIAM_CACHE"] = str(Path(tmp) / "warm")
        S.run_sweep([S.Run(RECIPE, "min", "uniform", 0.1, 999, SIM)], processes=1, progress=False)  # compile
        g0 = grid(0, args.quick)
        os.environ["LOWDIAM_CACHE"] = str(Path(tmp) / "serial")
        serial = timed("serial (processes=1)", lambda: S.run_sweep(g0, processes=1, progress=False), len(g0), out)
        os.environ["LOWDIAM_CACHE"] = str(Path(tmp) / "pool")
        S.shutdown_pool()
        pooled = timed(f"local pool cold ({cores} procs)", lambda: S.run_sweep(g0, processes=cores, progress=False),
                       len(g0), out)
        g1 = grid(1, args.quick)
        timed(f"local pool warm ({cores} procs)", lambda: S.run_sweep(g1, processes=cores, progress=False),
              len(g1), out)
        S.shutdown_pool()
        cachedr = timed("all cached", lambda: S.run_sweep(g0, processes=cores, progress=False), len(g0), out)
        assert all(r["cached"] for r in cachedr)
        keys = ("accepted_load", "latency_mean", "hops_mean", "saturated")
        assert [[r[k] for k in keys] for r in serial] == [[r[k] for k in keys] for r in pooled], "not deterministic"
        try:
            from distributed import LocalCluster
        except ImportError:
            LocalCluster = None
        if LocalCluster is not None:
            os.environ["LOWDIAM_CACHE"] = str(Path(tmp) / "dask")
            with LocalCluster(n_workers=cores, threads_per_worker=1, processes=True, dashboard_address=None) as c:
                dask = timed(f"dask LocalCluster ({cores} workers)",
                             lambda: S.run_sweep(g0, scheduler=c.scheduler_address, progress=False), len(g0), out)
            assert [[r[k] for k in keys] for r in dask] == [[r[k] for k in keys] for r in serial]
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1))
    print("wrote", args.out)


if __name__ == "__main__":
    main()
