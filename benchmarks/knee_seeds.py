"""Seed sensitivity of BookSim's stable/unstable decision near a saturation knee, at the papers' scale.

A saturation search runs one seed per load, so its answer near the knee is only as firm as one run's decision there.
This script reruns loads of a recorded search with other seeds: PS-IQ(11,3) (``lowdiam.studies.polarstar``'s
``PS-IQ``, 1,064 routers, 5 endpoints per router) under ``min-single`` (the authors' anynet ``min``) and uniform
traffic at the authors'-code column's settings (``polarstar.authors_sim``: 4-flit packets, 32 flits per VC, 4 VCs,
any VC, speedup 2.0, BookSim's run control), the configuration of the recorded search in
``results/paper/05_simulation/05_polarstar_authors_code.csv``.  Rows (load, seed, decision, latency, accepted) go to
``figures/crossval/knee_seeds.csv`` as each run finishes; rows already there are skipped.

Usage::

    PYTHONPATH=lib python benchmarks/knee_seeds.py [--loads 0.54875 0.55] [--seeds 0 1 2]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crossval_booksim import OUT, _append, _read  # noqa: E402

CSV = OUT / "knee_seeds.csv"
FIELDS = ["network", "routing", "traffic", "load", "seed", "unstable", "decision", "latency", "accepted", "cycles",
          "reason"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", nargs="*", type=float, default=[0.54875, 0.55])
    ap.add_argument("--seeds", nargs="*", type=int, default=[0, 1, 2])
    args = ap.parse_args()
    from lowdiam.sim import simulate
    from lowdiam.studies import polarstar as P

    rec = {r.label: r for r in P.table3("paper")}["PS-IQ"]
    top = rec.build()
    done = {(float(r["load"]), int(r["seed"])) for r in _read(CSV)}
    for load in args.loads:
        for seed in args.seeds:
            if (load, seed) in done:
                continue
            r = simulate(top, "min-single", "uniform", load, seed=seed, **P.authors_sim())
            row = {"network": rec.label, "routing": "min-single", "traffic": "uniform", "load": load, "seed": seed,
                   "unstable": int(r.saturated), "decision": r.decision, "latency": round(r.latency_mean, 4),
                   "accepted": round(r.accepted_load, 6), "cycles": r.cycles, "reason": r.saturation_reason}
            _append(CSV, FIELDS, row)
            print(load, seed, row["decision"], row["latency"], row["accepted"], file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
