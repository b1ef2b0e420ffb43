"""The PolarStar authors' ``ugall4_pf`` in their BookSim fork against our ``"ugal-pf"`` under permutation traffic.

Notebook 05's authors'-code column runs ``ugal-pf`` on PS-IQ(11,3) and PS-Pal at the fork's VC settings (4 VCs, any
VC at every hop: ``lowdiam.studies.polarstar.authors_sim``).  Under uniform traffic it agrees with the fork
(``crossval_booksim_ugal_pf.py``); under the permutations its searches end far lower (bit shuffle and adversarial
0.22-0.26 on both PolarStars, against 0.48-0.58 for the paper-text UGAL).  Those are the patterns where UGAL's
choice between the minimal and the Valiant route matters most, and none had been run on the fork.  This script runs
both simulators on the same small graphs under BookSim's bit permutations, every 0.05 step.

Configuration: the fork's ``polarstarconfig`` (:data:`crossval_booksim_ugal_pf.CFG`: ``ugall4_pf``, 4 VCs x 32
flits, 4-flit packets, internal speedup 2.0, credit delay 2, BookSim's run control with ``max_samples = 8``,
``seed = 1``) with ``traffic`` set to ``shuffle``, ``bitrev`` or ``transpose``, which need a power-of-two number of
endpoints: the graphs are those of ``crossval_booksim_permutation.py`` with 64 endpoints (``jf_32_6``, ``hx_4_4``,
``sf4``), exported with ``Topology.to_anynet`` (endpoints numbered alike in both simulators).  Ours: ``ugal-pf``
with 4 VCs and any VC at every hop under BookSim's run control with the same values
(:func:`crossval_booksim.model_result`); a deadlock (possible with any VC at any hop) is ``unstable`` 2.

Outputs (``figures/crossval/``): ``booksim_ugal_pf_permutation.csv``, every run of both simulators, appended as it
ends (a stopped sweep resumes); ``booksim_ugal_pf_permutation_decisions.csv``, per graph and pattern: each
simulator's highest stable and lowest unstable grid load and the loads where their decisions differ.

Usage::

    AUTHORS_BOOKSIM=/work/authors-booksim/polarfly/booksim/src/booksim \\
        PYTHONPATH=lib python benchmarks/crossval_booksim_ugal_pf_permutation.py [--graphs jf_32_6,sf4]
    PYTHONPATH=lib python benchmarks/crossval_booksim_ugal_pf_permutation.py --summary   # the decisions table only

Building the fork: see ``crossval_booksim_ugal_pf.py``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crossval_booksim import OUT, model_result, run_binary  # noqa: E402
from crossval_booksim_permutation import curves, sweep_grid, write_decisions  # noqa: E402
from crossval_booksim_permutation import graphs as permutation_graphs  # noqa: E402
from crossval_booksim_ugal_pf import CFG, RC_OPTIONS  # noqa: E402

CSV = OUT / "booksim_ugal_pf_permutation.csv"
DECISIONS = OUT / "booksim_ugal_pf_permutation_decisions.csv"
FIELDS = ["sim", "graph", "routers", "endpoints", "traffic", "load", "unstable", "latency", "accepted", "hops",
          "cycles", "seconds"]
GRID = [round(0.05 * i, 2) for i in range(1, 21)]
SIMS = ("authors", "ours_any")
GRAPHS = ("jf_32_6", "hx_4_4", "sf4")
assert "traffic = uniform;" in CFG and "routing_function = {routing};" in CFG  # what run_authors replaces


def graphs() -> dict:
    """name -> (Topology, patterns): the 64-endpoint graphs of ``crossval_booksim_permutation.py``."""
    every = permutation_graphs()
    return {name: every[name] for name in GRAPHS}


def run_authors(binary: str, top, traffic: str, load: float) -> dict:
    """One run of the authors' fork: ``polarstarconfig`` with ``ugall4_pf`` and ``traffic``."""
    def config(net: Path) -> str:
        text = CFG.format(load=f"{load:.5f}", routing="ugall4_pf", net=net, p=top.endpoints_per_router, seed=1)
        return re.sub(r"^traffic = uniform;$", f"traffic = {traffic};", text, flags=re.M)

    return run_binary(binary, top, config, summary="overall")


def run_ours(top, traffic: str, load: float) -> dict:
    """Our ``ugal-pf`` at the fork's VC settings under BookSim's run control (:data:`RC_OPTIONS`); a deadlock
    (possible with any VC at any hop; BookSim's rule calls it unstable) is ``unstable`` 2."""
    t0 = time.perf_counter()
    r = model_result(top, "ugal-pf", load, speedup=2.0, vcs=4, vc_selection="any", run_control="booksim",
                     rc_options=RC_OPTIONS, credit_delay=2, seed=1, traffic=traffic)
    blank = r.saturated
    return {"unstable": 2 if r.decision == "deadlock" else int(r.saturated),
            "latency": "" if blank else round(r.latency_mean, 4),
            "accepted": "" if blank else round(r.accepted_load, 6),
            "hops": "" if blank else round(r.hops_mean + 1, 4),  # routers, as BookSim's "Hops average"
            "cycles": r.cycles, "seconds": round(time.perf_counter() - t0, 2)}


def sweep(binary: str, only: list[str] | None) -> None:
    """Every grid load of every (graph, pattern) in both simulators, the fork first."""
    def run(sim, top, tr, load):
        res = run_authors(binary, top, tr, load) if sim == "authors" else run_ours(top, tr, load)
        return {k: res.get(k, "") for k in FIELDS[6:]}

    sweep_grid(CSV, FIELDS, graphs(), SIMS, run, "crossval ugal-pf permutations (authors' fork and ours)", only)


def summary() -> list[dict]:
    """Per (graph, pattern): both simulators' decisions on the grid and where they differ."""
    out = []
    for name, top, tr, runs in curves(CSV, graphs()):
        dec = {sim: {lo: runs[(sim, lo)]["unstable"] != "0" for (s, lo) in runs if s == sim} for sim in SIMS}
        both = sorted(set(dec["authors"]) & set(dec["ours_any"]))
        if not both:
            continue
        row = {"graph": name, "routers": top.num_routers, "endpoints": top.num_endpoints, "traffic": tr,
               "loads_compared": len(both)}
        for sim in SIMS:
            row[f"{sim}_highest_stable"] = max((lo for lo in both if not dec[sim][lo]), default="")
            row[f"{sim}_lowest_unstable"] = min((lo for lo in both if dec[sim][lo]), default="")
        row["ours_deadlocks"] = sum(runs[("ours_any", lo)]["unstable"] == "2" for lo in both)
        row["differ_at"] = " ".join(f"{lo:g}" for lo in both if dec["authors"][lo] != dec["ours_any"][lo])
        lat = [(float(runs[("authors", lo)]["latency"]), float(runs[("ours_any", lo)]["latency"])) for lo in both
               if runs[("authors", lo)]["latency"] not in ("", None)
               and runs[("ours_any", lo)]["latency"] not in ("", None)]
        row["latency_max_rel_diff"] = round(max((abs(o / a - 1) for a, o in lat), default=0.0), 4) if lat else ""
        out.append(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--summary", action="store_true", help="only write the decisions table from the recorded runs")
    ap.add_argument("--graphs", help=f"comma-separated subset of {', '.join(GRAPHS)}")
    args = ap.parse_args()
    only = args.graphs.split(",") if args.graphs else None
    if only and set(only) - set(GRAPHS):
        raise SystemExit(f"--graphs: unknown {sorted(set(only) - set(GRAPHS))}; choose from {', '.join(GRAPHS)}")
    if not args.summary:
        binary = os.environ.get("AUTHORS_BOOKSIM", "/work/authors-booksim/polarfly/booksim/src/booksim")
        if not Path(binary).exists():
            raise SystemExit(f"no authors' BookSim fork at {binary}: set AUTHORS_BOOKSIM "
                             "(building it: crossval_booksim_ugal_pf.py)")
        sweep(binary, only)
    write_decisions(DECISIONS, summary())


if __name__ == "__main__":
    main()
