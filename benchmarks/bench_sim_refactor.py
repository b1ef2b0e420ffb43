"""Simulator speed before and after the ``sim-arch`` refactor, side by side in one run.

Runs the reference configuration of ``benchmarks/bench_sim.py`` (1064-router
degree-15 random regular graph, 5 endpoints per router, 4-flit packets, 4 VCs
of 32 flits, MIN routing, uniform traffic, load 0.3, 1,000 warm-up + 5,000
measured cycles, no drain) with both flow controls on

* the *base* code: a temporary ``git worktree`` of the commit the refactor
  started from (default 4196e7a), imported through ``PYTHONPATH`` in a
  subprocess, and
* the *current* code: a temporary worktree of ``--current`` (default ``HEAD``,
  the committed code, so edits during the run do not leak in), likewise,

alternating base / current (and which goes first) for ``--reps`` rounds, so
that load from other processes on the machine hits both alike.  Each
subprocess compiles (or loads from its own numba cache) once, then times one
run per flow control.  Reports the median cycles/s of both and their ratio;
writes ``benchmarks/results/sim_refactor.json``.

Usage: ``python benchmarks/bench_sim_refactor.py [--reps 5] [--quick] [--base COMMIT] [--current COMMIT]``.
"""

from __future__ import annotations

import json
import statistics

from sidebyside import RESULTS, cli, paired_ratio, timed

BASE_COMMIT = "4196e7a"

_SNIPPET = r"""
import json, sys
import lowdiam
from lowdiam.sim import simulate
from lowdiam.topologies import jellyfish

warm, meas = int(sys.argv[1]), int(sys.argv[2])
top = jellyfish(1064, 15, endpoints_per_router=5, seed=1)
config = dict(endpoints_per_router=5, packet_flits=4, vcs=4, buffer_flits=32, drain="none", router="ideal")
out = {"lowdiam": lowdiam.__file__}
for fc in ("vct", "wormhole"):
    simulate(top, "min", "uniform", 0.3, warmup_cycles=10, measure_cycles=10, flow_control=fc, **config)  # compile
    r = simulate(top, "min", "uniform", 0.3, warmup_cycles=warm, measure_cycles=meas, seed=0, flow_control=fc,
                 **config)
    out[fc] = {"cycles_per_second": r.cycles_per_second, "accepted": r.accepted_load,
               "latency_mean": r.latency_mean}
print(json.dumps(out))
"""


def main(argv=None) -> dict:
    args, warm, meas, commits = cli(argv, __doc__.splitlines()[0], BASE_COMMIT, "commit before the refactor", 5,
                                    (1000, 5000), (500, 1500))

    def show(rnd, side, out):
        print(f"round {rnd + 1} {side:>7}: vct {out['vct']['cycles_per_second']:8.0f} cycles/s, "
              f"wormhole {out['wormhole']['cycles_per_second']:8.0f} cycles/s", flush=True)

    outs = timed(commits, _SNIPPET, warm, meas, args.reps, show)
    samples = {side: {fc: [o[fc]["cycles_per_second"] for o in outs[side]] for fc in ("vct", "wormhole")}
               for side in outs}
    check = {side: outs[side][-1] for side in outs}
    report = {
        "base_commit": commits["base"],
        "current_commit": commits["current"],
        "cycles": warm + meas,
        "reps": args.reps,
        "samples": samples,
    }
    for fc in ("vct", "wormhole"):
        b, c = statistics.median(samples["base"][fc]), statistics.median(samples["current"][fc])
        same = all(check["base"][fc][k] == check["current"][fc][k] for k in ("accepted", "latency_mean"))
        paired = paired_ratio(samples["current"][fc], samples["base"][fc])
        report[fc] = {
            "base_median": b,
            "current_median": c,
            "ratio": c / b,
            "paired_ratio_median": paired,
            "same_numbers": same,
        }
        print(
            f"{fc:>8}: base median {b:,.0f} cycles/s, current median {c:,.0f} cycles/s, "
            f"ratio current/base {c / b:.3f} (median of per-round ratios {paired:.3f}); identical results: {same}"
        )
    (RESULTS / "sim_refactor.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


if __name__ == "__main__":
    main()
