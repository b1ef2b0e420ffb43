"""The BookSim model's stable/unstable decision against BookSim2's own at the papers' scale.

``crossval_booksim.py`` compares the two simulators on 50-120-router graphs; the saturation claims of notebook 05
are made on PolarStar's Table 3 networks (about 1,000 routers, 5,000 endpoints).  This script runs both simulators
on one of them, PS-IQ(11,3) with 5 endpoints per router (the recipe of ``lowdiam.studies.polarstar``'s ``PS-IQ``),
at the papers' internal speedup 2.0, under ``crossval_booksim.CFG``'s configuration (anynet ``min``: one
Dijkstra path per router pair, our ``min-single`` with ``paths="booksim-anynet"``; 4 VCs x 32 flits, any VC at
every hop; 4-flit packets; BookSim2's uniform traffic, the source among the destinations) with BookSim's run control
at the PolarStar authors' ``max_samples = 8`` (``polarstarconfig``; :data:`RC_OPTIONS`), seed 1, at the loads given.
BookSim2 takes the load as written (``injection_rate`` with five decimals), so loads on the 1/160 grid of the
paper-profile searches are run exactly.

The configuration is not the paper profile's (hop-indexed VCs there, 3 on PS-IQ for a single path): the question
here is whether the two simulators decide the same at this scale, near this network's knee.

Rows go to ``figures/crossval/booksim_paper_scale.csv`` as each run finishes (``sim`` booksim / ours_rc, the
columns of ``booksim_crossval.csv``); a (sim, load) already there is skipped, so a stopped run resumes.

Usage::

    PYTHONPATH=lib python benchmarks/crossval_booksim_paper_scale.py --sim ours_rc --loads 0.5 0.55 0.6
    BOOKSIM=.cache/booksim2/src/booksim PYTHONPATH=lib python benchmarks/crossval_booksim_paper_scale.py \\
        --sim booksim --loads 0.5875 0.59375
    PYTHONPATH=lib python benchmarks/crossval_booksim_paper_scale.py --table
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crossval_booksim import FIELDS, OUT, _append, _read, config_with, run_binary, run_model  # noqa: E402

CSV = OUT / "booksim_paper_scale.csv"
GRAPH = "ps_iq_11_3"
SPEEDUP = 2.0
#: BookSim's run control as the PolarStar authors' polarstarconfig sets it (max_samples 8, BookSim's 10 otherwise)
RC_OPTIONS = {"sample_period": 1000, "warmup_periods": 3, "max_samples": 8}


def graph():
    """PS-IQ(11,3) with 5 endpoints per router, as ``lowdiam.studies.polarstar`` builds its ``PS-IQ``."""
    from lowdiam.topologies import polarstar

    return polarstar(11, "iq", 3, endpoints_per_router=5)


def booksim_config(net: Path, load: float, seed: int = 1) -> str:
    """``crossval_booksim.CFG`` at :data:`SPEEDUP`, ``max_samples`` from :data:`RC_OPTIONS`, the load as given."""
    return config_with(net, load, SPEEDUP, max_samples=RC_OPTIONS["max_samples"], seed=seed)


def run(sim: str, loads: list[float], binary: str | None) -> None:
    done = {(r["sim"], round(float(r["load"]), 6)) for r in _read(CSV)}
    top = graph()
    for load in loads:
        if (sim, round(load, 6)) in done:
            print(f"{sim} {load}: recorded", file=sys.stderr)
            continue
        if sim == "booksim":
            res = run_binary(binary, top, lambda net, x=load: booksim_config(net, x))
        else:
            res = run_model(top, "min-single", load, speedup=SPEEDUP, routing_options={"paths": "booksim-anynet"},
                            run_control="booksim", rc_options=RC_OPTIONS, blank_unstable=True)
        row = dict(sim=sim, graph=GRAPH, routers=top.num_routers, endpoints_per_router=top.endpoints_per_router,
                   internal_speedup=SPEEDUP, load=load, **{k: res.get(k, "") for k in FIELDS[6:]})
        _append(CSV, FIELDS, row)
        print(f"{sim} {load}: unstable={res['unstable']} latency={res['latency']} accepted={res['accepted']} "
              f"cycles={res['cycles']} seconds={res['seconds']}", file=sys.stderr)


def table() -> list[dict]:
    """Per load: both simulators' decisions and latencies, and whether the decisions agree."""
    by: dict = {}
    for r in _read(CSV):
        by.setdefault(float(r["load"]), {})[r["sim"]] = r
    out = []
    for load in sorted(by):
        b, o = by[load].get("booksim"), by[load].get("ours_rc")
        row = {"load": load}
        for name, r in (("booksim", b), ("ours", o)):
            row[f"{name}_decision"] = "" if r is None else ("unstable" if r["unstable"] != "0" else "stable")
            row[f"{name}_latency"] = "" if r is None else r["latency"]
            row[f"{name}_cycles"] = "" if r is None else r["cycles"]
        row["agree"] = "" if b is None or o is None else row["booksim_decision"] == row["ours_decision"]
        if b is not None and o is not None and b["latency"] and o["latency"]:
            row["latency_dev_pct"] = round(100 * (float(o["latency"]) / float(b["latency"]) - 1), 2)
        else:
            row["latency_dev_pct"] = ""
        out.append(row)
        print(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sim", choices=["booksim", "ours_rc"])
    ap.add_argument("--loads", nargs="+", type=float, default=[])
    ap.add_argument("--table", action="store_true", help="print both simulators' decisions per load")
    args = ap.parse_args()
    if args.sim:
        binary = os.environ.get("BOOKSIM")
        if args.sim == "booksim" and (not binary or not Path(binary).is_file()):
            sys.exit("set $BOOKSIM to the BookSim2 binary (make booksim builds one under .cache/booksim2)")
        bad = [x for x in args.loads if not 0 < x <= 1]
        if bad or not args.loads:
            sys.exit(f"--loads: one or more loads in (0, 1] (flits per endpoint per cycle), got {args.loads}")
        run(args.sim, args.loads, binary)
    if args.table:
        table()


if __name__ == "__main__":
    main()
