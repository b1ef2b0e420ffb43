"""Speed of the BookSim and CAMINOS router models before and after compiling their kernels without reference
counting, side by side in one run.

numba increments and decrements the reference count of every array of a record each time the record is bound
to a function argument; the two papers' router models called their allocators and shared routings dozens of
times per router-cycle that way (``NRT_incref`` / ``NRT_decref`` were 12 % of a BookSim-model MIN profile and
21 % of a UGAL one).  Their kernels never allocate, so they are now compiled with ``_nrt=False``, as the ideal
model's always were (:mod:`lowdiam.sim.ideal.state`); the BookSim model also skips the credit scan of the
later internal steps of a cycle, which can find nothing due.  Neither change may alter a number: every round
checks that both sides give identical results.

Configurations (uniform traffic, load 0.5, seed 0):

* ``booksim-min`` / ``booksim-ugal``: Jellyfish(200, 24) with 8 endpoints per router, PolarStar's Table 3
  router (4-flit packets, 32-flit buffers, internal speedup 2, hop-indexed VCs);
* ``caminos-min-adaptive`` / ``caminos-polarized``: Jellyfish(200, 17) with 7 endpoints per router, the
  Polarized paper's CAMINOS router (16-flit packets).

Writes ``benchmarks/results/kernel_refcount.json``.

Usage: ``python benchmarks/bench_kernel_refcount.py [--reps 3] [--quick] [--base COMMIT] [--current COMMIT]``.
"""

from __future__ import annotations

import json
import statistics

from sidebyside import RESULTS, cli, paired_ratio, timed

BASE_COMMIT = "ffac467"  # the last commit whose router-model kernels counted references
CONFIGS = ("booksim-min", "booksim-ugal", "caminos-min-adaptive", "caminos-polarized")

_SNIPPET = r"""
import json, sys
import lowdiam
from lowdiam.sim import simulate
from lowdiam.topologies import jellyfish

warm, meas = int(sys.argv[1]), int(sys.argv[2])
booksim = dict(router="booksim", packet_flits=4, buffer_flits=32,
               router_options={"internal_speedup": 2.0, "vc_selection": "hop"})
caminos = dict(router="caminos", packet_flits=16)
runs = {
    "booksim-min": (jellyfish(200, 24, seed=0, endpoints_per_router=8), "min", booksim),
    "booksim-ugal": (jellyfish(200, 24, seed=0, endpoints_per_router=8), "ugal", booksim),
    "caminos-min-adaptive": (jellyfish(200, 17, seed=0, endpoints_per_router=7), "min-adaptive", caminos),
    "caminos-polarized": (jellyfish(200, 17, seed=0, endpoints_per_router=7), "polarized", caminos),
}
out = {"lowdiam": lowdiam.__file__}
for name, (top, routing, config) in runs.items():
    simulate(top, routing, "uniform", 0.5, warmup_cycles=5, measure_cycles=5, **config)  # compile
    r = simulate(top, routing, "uniform", 0.5, warmup_cycles=warm, measure_cycles=meas, seed=0, **config)
    out[name] = {"cycles_per_second": r.cycles_per_second, "accepted": r.accepted_load,
                 "latency_mean": r.latency_mean, "cycles": r.cycles}
print(json.dumps(out))
"""


def main(argv=None) -> dict:
    args, warm, meas, commits = cli(argv, __doc__.splitlines()[0], BASE_COMMIT, "commit before the change", 3,
                                    (300, 1500), (200, 600))

    def show(rnd, side, out):
        rates = ", ".join(f"{c} {out[c]['cycles_per_second']:7.0f}" for c in CONFIGS)
        print(f"round {rnd + 1} {side:>7} (cycles/s): {rates}", flush=True)

    outs = timed(commits, _SNIPPET, warm, meas, args.reps, show)
    report = {"base_commit": commits["base"], "current_commit": commits["current"], "cycles": warm + meas,
              "reps": args.reps}
    for c in CONFIGS:
        rate = {side: [o[c]["cycles_per_second"] for o in outs[side]] for side in outs}
        same = all(o[c][k] == outs["base"][0][c][k] for side in outs for o in outs[side]
                   for k in ("accepted", "latency_mean", "cycles"))
        b, cur = statistics.median(rate["base"]), statistics.median(rate["current"])
        paired = paired_ratio(rate["current"], rate["base"])
        report[c] = {"samples": rate, "base_median": b, "current_median": cur, "ratio": cur / b,
                     "paired_ratio_median": paired, "same_numbers": same}
        print(f"{c:>21}: base median {b:,.0f} cycles/s, current median {cur:,.0f} cycles/s, ratio current/base "
              f"{cur / b:.2f} (median of per-round ratios {paired:.2f}); identical results: {same}")
    (RESULTS / "kernel_refcount.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


if __name__ == "__main__":
    main()
