"""Seed sensitivity of BookSim's stable/unstable decision near a saturation knee, at the papers' scale.

A saturation search runs one seed per load, so its answer near the knee is only as firm as one run's decision there.
This script reruns loads of a recorded search with other seeds, for one of two cases (``--case``):

``ps-iq`` (default)
    PS-IQ(11,3) (``lowdiam.studies.polarstar``'s ``PS-IQ``, 1,064 routers, 5 endpoints per router) under
    ``min-single`` (the authors' anynet ``min``) and uniform traffic at the authors'-code column's settings
    (``polarstar.authors_sim``: 4-flit packets, 32 flits per VC, 4 VCs, any VC, speedup 2.0, BookSim's run control),
    the configuration of the recorded search in ``results/paper/05_simulation/05_polarstar_authors_code.csv``.
``gf-d3``
    Galaxyfly Fig. 7's diameter-3 pair, GF(81,1,10,4) and GF(56,1,11,5), under the paper's MIN (``gf-min``) at the
    paper's Sec. 5 settings (``lowdiam.studies.galaxyfly_paper_settings.SIM``: 1-flit packets, 256-flit shared port
    buffers with 5 private flits per VC, 2-cycle routing, BookSim's run control), the configuration of the recorded
    searches in ``results/paper/05_simulation/05_galaxyfly_paper_settings.csv`` (seed 0), whose last stable loads,
    0.5 and 0.4875, decide notebook 05's claims ``gf-fig7-d3-gf81-1-10-4-beats-gf56-1-11-5-*-gf-min``.
``df-authors``
    DF(12,6,6) (``lowdiam.studies.polarstar``'s ``DF``) under ``df-ugal`` at the authors'-code column's Dragonfly
    settings (``polarstar.authors_df_sim``: the fork's 3 VCs of 43 flits, VC = phase, its UGAL decision, speedup
    2.0, BookSim's run control), the configuration of the recorded searches in
    ``results/paper/05_simulation/05_polarstar_authors_code.csv``, where seed 0 is unstable at uniform 0.58375 and
    stable at 0.6 (``docs/scale_out.md``).

Rows (network, load, seed, decision, latency, accepted) go to ``figures/crossval/knee_seeds.csv`` as each run
finishes; rows already there are skipped.

Usage::

    PYTHONPATH=lib python benchmarks/knee_seeds.py [--case ps-iq] [--loads 0.54875 0.55] [--seeds 0 1 2]
    PYTHONPATH=lib python benchmarks/knee_seeds.py --case gf-d3 --traffic uniform --loads 0.475 0.5 --seeds 1 2 3
    PYTHONPATH=lib python benchmarks/knee_seeds.py --case df-authors --loads 0.58375 0.6 --seeds 0 1 2
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
CASES = ("ps-iq", "gf-d3", "df-authors")


def _table3(label: str):
    """The recipe of PolarStar Table 3's network ``label`` at the paper's scale."""
    from lowdiam.studies import polarstar as P

    return {r.label: r for r in P.table3("paper")}[label]


def case_runs(case: str, traffic: str) -> list[tuple]:
    """``[(label, topology builder, routing, traffic, settings), ...]`` of a case."""
    if case == "ps-iq":
        from lowdiam.studies import polarstar as P

        rec = _table3("PS-IQ")
        return [(rec.label, rec.build, "min-single", "uniform", P.authors_sim())]
    if case == "gf-d3":
        from lowdiam.studies import galaxyfly_paper_settings as GPS

        return [(lab, GPS.NETWORKS[lab].build, "gf-min", traffic, GPS.SIM)
                for lab in ("GF(81,1,10,4)", "GF(56,1,11,5)")]
    if case == "df-authors":
        from lowdiam.studies import polarstar as P

        rec = _table3("DF")
        return [(rec.label, rec.build, "df-ugal", traffic, P.authors_df_sim("df-ugal"))]
    raise ValueError(f"case must be one of {CASES}, got {case!r}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--case", default="ps-iq", choices=CASES)
    ap.add_argument("--traffic", default="uniform", help="gf-d3: uniform or worst_case; df-authors: a pattern")
    ap.add_argument("--loads", nargs="*", type=float, default=[0.54875, 0.55])
    ap.add_argument("--seeds", nargs="*", type=int, default=[0, 1, 2])
    args = ap.parse_args()
    from lowdiam.sim import simulate

    done = {(r["network"], r["routing"], r["traffic"], float(r["load"]), int(r["seed"])) for r in _read(CSV)}
    for label, build, routing, traffic, sim in case_runs(args.case, args.traffic):
        top = None
        for load in args.loads:
            for seed in args.seeds:
                if (label, routing, traffic, load, seed) in done:
                    continue
                top = top if top is not None else build()
                r = simulate(top, routing, traffic, load, seed=seed, **sim)
                row = {"network": label, "routing": routing, "traffic": traffic, "load": load, "seed": seed,
                       "unstable": int(r.saturated), "decision": r.decision, "latency": round(r.latency_mean, 4),
                       "accepted": round(r.accepted_load, 6), "cycles": r.cycles, "reason": r.saturation_reason}
                _append(CSV, FIELDS, row)
                print(label, load, seed, row["decision"], row["latency"], row["accepted"], file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
