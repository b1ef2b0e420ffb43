"""Early stop under BookSim's run control: an unstable run ends when BookSim would give up on it.

Target (saturation-rule issue): on a 1,000-router network, a run at twice its saturation load costs at most half
the wall time of a stable run at half its saturation load, measured side by side in one run.

The network is ``jellyfish(1000, 8, seed=1, endpoints_per_router=8)`` under uniform traffic and ``min`` routing
on the BookSim model (``run_control="booksim"``, BookSim's defaults with ``max_samples = 8``).  Its saturation
load is found first (coarse 0.05 steps, then bisection to 0.0125, uncached); then the runs at 0.5 x and 2 x that
load alternate for ``--rounds`` rounds, and the median of the per-round wall-time ratios is printed with its
spread.  For scale, the same 2 x run under the old fixed windows (``run_control="fixed"``, 1,000 + 2,000
cycles and the drain) is timed once.

Usage: ``python benchmarks/bench_early_stop.py [--rounds 3] [--routers 1000]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from benchio import write_rows

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--routers", type=int, default=1000)
    args = ap.parse_args()
    from lowdiam.sim import saturation_load, simulate
    from lowdiam.topologies import jellyfish

    top = jellyfish(args.routers, 8, seed=1, endpoints_per_router=8)
    kw = dict(routing="min", traffic="uniform", seed=1, router="booksim", run_control="booksim")
    simulate(top, load=0.05, **kw)  # compile and warm the caches outside the timings
    t0 = time.perf_counter()
    sat = saturation_load(top, lo=0.05, coarse_step=0.05, tol=0.0125, **kw)
    search = time.perf_counter() - t0
    print(f"{top.name}: saturation load {sat:.4f} under BookSim's run control (search {search:.0f} s)", file=sys.stderr)
    low, high = 0.5 * sat, min(1.0, 2.0 * sat)
    rows, ratios = [], []
    for rnd in range(args.rounds):
        times = {}
        for load in (low, high) if rnd % 2 == 0 else (high, low):
            r = simulate(top, load=load, **kw)
            times[load] = r.wall_seconds
            rows.append({"round": rnd, "load": round(load, 5), "run_control": "booksim", "saturated": r.saturated,
                         "decision": r.decision, "cycles": r.cycles, "wall_seconds": round(r.wall_seconds, 3)})
        ratios.append(times[high] / times[low])
    fixed = simulate(top, load=high, **{**kw, "run_control": "fixed"})
    rows.append({"round": "-", "load": round(high, 5), "run_control": "fixed", "saturated": fixed.saturated,
                 "decision": fixed.decision, "cycles": fixed.cycles, "wall_seconds": round(fixed.wall_seconds, 3)})
    write_rows(OUT / "early_stop.csv", rows)
    for row in rows:
        print(row)
    med = statistics.median(ratios)
    print(f"early stop: a run at 2 x saturation ({high:.4f}) costs {med:.2f} x a stable run at 0.5 x ({low:.4f}) "
          f"(median of {len(ratios)} rounds, range {min(ratios):.2f}-{max(ratios):.2f}; target <= 0.50: "
          f"{'met' if med <= 0.5 else 'NOT met'}); the same 2 x run under fixed windows: {fixed.wall_seconds:.1f} s, "
          f"{fixed.cycles} cycles")


if __name__ == "__main__":
    main()
