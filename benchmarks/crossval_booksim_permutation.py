"""BookSim2's stable/unstable decision under permutation traffic, against ours and against the channel-load bound.

Under BookSim2's run control (``run_control="booksim"``, ``docs/run_control.md``) notebook 05's SpectralFly MIN
searches call loads "stable" that lie far above minimal routing's channel-load bound (LPS(23, 13), bit shuffle:
stable at 0.21875 against a bound of 0.1106).  Above the bound the flows that share the busiest channel cannot be
served, so their source queues grow for as long as the run lasts; BookSim's rule still calls the run stable when
the mean latency of the measured packets (and, at each check, of every flit in flight) stays under
``latency_thres`` until the measured packets drain, which a few starved flows among many need not push it over.
This script asks BookSim2 itself: the same graphs, traffic and run control in both simulators, every 0.05 step.

Configuration: :data:`crossval_booksim.CFG` (anynet ``min``: one Dijkstra path per router pair; ours
``min-single`` over BookSim's own table, 4 VCs of 32 flits, any VC at every hop, 4-flit packets, separable
input-first allocators, ``seed = 1``) with the SpectralFly / PolarStar sections' ``internal_speedup = 2.0`` and
``max_samples = 8`` (the PolarStar authors' ``polarstarconfig``), and BookSim2's bit permutations ``shuffle``
(rotate left by one bit), ``bitrev`` and ``transpose`` (swap the halves of the bits; even bit counts only), which
need a power-of-two number of nodes: every graph below has 32 or 64 endpoints, numbered alike in both simulators
(``Topology.to_anynet``: contiguous per router).  Each graph's bound is
:func:`lowdiam.sim.bounds.channel_load_bound` of ``min-single`` on the same anynet paths, computed in this run.

Outputs (``figures/crossval/``): ``booksim_permutation.csv``, every run of both simulators, appended as it ends
(a stopped run resumes); ``booksim_permutation_decisions.csv``, per graph and pattern: the bound, each simulator's
highest stable and lowest unstable grid load, the grid loads where the decisions differ, and at BookSim's highest
stable load its packet latency (mean and maximum) and its lowest per-node accepted rate.

Usage::

    BOOKSIM=.cache/booksim2/src/booksim PYTHONPATH=lib python benchmarks/crossval_booksim_permutation.py
    PYTHONPATH=lib python benchmarks/crossval_booksim_permutation.py --summary   # the decisions table only

BookSim runs one process at a time; ours runs in-process.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchio import write_rows  # noqa: E402
from crossval_booksim import CFG, OUT, _append, _read, config_with, model_result, run_binary  # noqa: E402
from tqdm import tqdm  # noqa: E402

CSV = OUT / "booksim_permutation.csv"
DECISIONS = OUT / "booksim_permutation_decisions.csv"
FIELDS = ["sim", "graph", "routers", "endpoints", "traffic", "load", "unstable", "decision", "latency",
          "latency_max", "accepted", "accepted_min", "cycles", "seconds"]
SPEEDUP = 2.0
MAX_SAMPLES = 8
#: ``run_control_options`` of ours: :data:`crossval_booksim.CFG`'s sample period and warm-up with ``max_samples = 8``
RC_OPTIONS = {"sample_period": 1000, "warmup_periods": 3, "max_samples": MAX_SAMPLES}
GRID = [round(0.05 * i, 2) for i in range(1, 21)]
assert "routing_function = min;" in CFG and "packet_size = 4;" in CFG  # what model_result mirrors


def graphs() -> dict:
    """name -> (Topology, patterns): 16-32 routers, 32 or 64 endpoints (a power of two, as the bit patterns need)."""
    from lowdiam import topologies as T

    return {
        "jf_16_4": (T.jellyfish(16, 4, seed=2, endpoints_per_router=2), ("shuffle", "bitrev")),
        "hx_4_4": (T.hyperx(4, 4, endpoints_per_router=4), ("shuffle", "bitrev", "transpose")),
        "jf_32_6": (T.jellyfish(32, 6, seed=1, endpoints_per_router=2), ("shuffle", "bitrev", "transpose")),
        "sf4": (T.slimfly(4, endpoints_per_router=2), ("shuffle", "bitrev", "transpose")),
    }


def run_booksim(binary: str, top, traffic: str, load: float) -> dict:
    """One BookSim2 run; its overall summary's averages and extremes when it ends stable (blank when it gave up)."""
    res = run_binary(binary, top, lambda net: config_with(net, load, SPEEDUP, traffic=traffic, max_samples=MAX_SAMPLES),
                     summary="extremes")
    return {"decision": "", **res}


def run_ours(top, traffic: str, load: float) -> dict:
    """Our BookSim model on the same configuration under BookSim's run control (:data:`RC_OPTIONS`)."""
    t0 = time.perf_counter()
    r = model_result(top, "min-single", load, speedup=SPEEDUP, routing_options={"paths": "booksim-anynet"},
                     run_control="booksim", rc_options=RC_OPTIONS, traffic=traffic)
    wall = time.perf_counter() - t0
    blank = r.saturated
    return {"unstable": int(r.saturated), "decision": r.decision,
            "latency": "" if blank else round(r.latency_mean, 4), "latency_max": "" if blank else r.latency_max,
            "accepted": "" if blank else round(r.accepted_load, 6),
            "accepted_min": "" if blank else round(r.min_source_throughput, 6),
            "cycles": r.cycles, "seconds": round(wall, 2)}


def sweep_grid(path: Path, fields: list[str], tops: dict, sims: tuple[str, ...], run, desc: str,
               only: list[str] | None = None) -> None:
    """Every :data:`GRID` load of every (graph, pattern) of ``tops`` (name -> (Topology, patterns)) for each of
    ``sims`` in that order, ``run(sim, top, traffic, load)`` giving a row's measured fields; each row is appended to
    ``path`` as it ends and rows already there are skipped (a stopped sweep resumes)."""
    done = {(r["sim"], r["graph"], r["traffic"], float(r["load"])) for r in _read(path)}
    todo = [(sim, name, tr, lo) for name, (top, pats) in tops.items() if not only or name in only
            for tr in pats for lo in GRID for sim in sims if (sim, name, tr, lo) not in done]
    bar = tqdm(total=len(todo), file=sys.stderr, desc=desc)
    for sim, name, tr, load in todo:
        top = tops[name][0]
        res = run(sim, top, tr, load)
        _append(path, fields, {"sim": sim, "graph": name, "routers": top.num_routers, "endpoints": top.num_endpoints,
                               "traffic": tr, "load": load, **res})
        bar.set_postfix(graph=name, traffic=tr, load=load, sim=sim, unstable=res["unstable"])
        bar.update(1)
    bar.close()


def curves(path: Path, tops: dict):
    """(name, topology, pattern, runs) per recorded (graph, pattern) of ``tops``, ``runs`` = {(sim, load): row} of
    ``path``; pairs with no row are left out."""
    rows = _read(path)
    for name, (top, pats) in tops.items():
        for tr in pats:
            runs = {(r["sim"], float(r["load"])): r for r in rows if r["graph"] == name and r["traffic"] == tr}
            if runs:
                yield name, top, tr, runs


def write_decisions(path: Path, rows: list[dict]) -> None:
    """Write a decisions table and print its rows."""
    write_rows(path, rows)
    for r in rows:
        print(r)


def sweep(binary: str, only: list[str] | None) -> None:
    """Every grid load of every (graph, pattern) in both simulators, BookSim first."""
    sweep_grid(CSV, FIELDS, graphs(), ("booksim", "ours_rc"),
               lambda sim, top, tr, load: run_booksim(binary, top, tr, load) if sim == "booksim"
               else run_ours(top, tr, load), "crossval permutations (BookSim2 and ours)", only)


def summary() -> list[dict]:
    """Per (graph, pattern): the bound and both simulators' decisions on the grid (see the module docstring)."""
    from lowdiam.sim.bounds import channel_load_bound

    out = []
    for name, top, tr, runs in curves(CSV, graphs()):
        loads = sorted({lo for (_, lo) in runs})
        bound = channel_load_bound(top, "min-single", tr, seed=1, paths="booksim-anynet").bound
        dec = {sim: {lo: runs[(sim, lo)]["unstable"] != "0" for lo in loads if (sim, lo) in runs}
               for sim in ("booksim", "ours_rc")}
        both = [lo for lo in loads if lo in dec["booksim"] and lo in dec["ours_rc"]]
        row = {"graph": name, "routers": top.num_routers, "endpoints": top.num_endpoints, "traffic": tr,
               "bound": round(bound, 4), "loads_compared": len(both)}
        for sim, tag in (("booksim", "booksim"), ("ours_rc", "ours")):
            stable = [lo for lo, u in dec[sim].items() if not u]
            unstable = [lo for lo, u in dec[sim].items() if u]
            row[f"{tag}_highest_stable"] = max(stable, default="")
            row[f"{tag}_lowest_unstable"] = min(unstable, default="")
            row[f"{tag}_stable_above_bound"] = sum(lo > bound + 1e-9 for lo in stable)
        row["differ_at"] = " ".join(f"{lo:g}" for lo in both if dec["booksim"][lo] != dec["ours_rc"][lo])
        top_stable = row["booksim_highest_stable"]
        ref = runs.get(("booksim", top_stable)) if top_stable != "" else None
        row["booksim_latency_at_highest_stable"] = ref["latency"] if ref else ""
        row["booksim_latency_max_at_highest_stable"] = ref["latency_max"] if ref else ""
        row["booksim_accepted_min_at_highest_stable"] = ref["accepted_min"] if ref else ""
        out.append(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--summary", action="store_true", help="only write the decisions table from the recorded runs")
    ap.add_argument("--graphs", help="comma-separated subset of the graphs")
    args = ap.parse_args()
    if not args.summary:
        binary = os.environ.get("BOOKSIM") or str(Path(__file__).resolve().parents[1] / ".cache/booksim2/src/booksim")
        if not Path(binary).exists():
            raise SystemExit(f"no BookSim2 binary at {binary}: set BOOKSIM or run `make booksim`")
        sweep(binary, args.graphs.split(",") if args.graphs else None)
    write_decisions(DECISIONS, summary())


if __name__ == "__main__":
    main()
