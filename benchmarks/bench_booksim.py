"""Speed of ``lowdiam.sim.booksim`` against BookSim2 itself, side by side in one run.

Configuration (the issue's benchmark): ``jellyfish(1064, 15, seed=1)`` with 5 endpoints per router (as
``benchmarks/bench_sim.py`` builds it), uniform traffic at offered load 0.3, anynet ``min`` routing,
4-flit packets, 4 VCs x 32 flits, the pipeline of ``tests/data/booksim/booksim.cfg``, speedup 1.0.

Simulated cycles per second are measured as a difference of two run lengths for each simulator
(``cycles(long) - cycles(short)`` over ``wall(long) - wall(short)``), so start-up work (BookSim's O(n^3)
anynet table, our distance matrix, numba's cache load) cancels.  Both simulators run one after the other
in the same process tree on the same (shared) machine.

Usage: ``BOOKSIM=/path/to/booksim python benchmarks/bench_booksim.py [--short 300 --long 900]``; appends
a JSON line to ``benchmarks/results/booksim.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from crossval_booksim import CFG  # noqa: E402 - a sibling script, importable once its folder is on sys.path


def graph():
    from lowdiam.topologies import jellyfish

    return jellyfish(1064, 15, endpoints_per_router=5, seed=1)


def booksim_run(binary: str, top, cycles: int) -> tuple[int, float]:
    """One BookSim run of about ``cycles`` cycles (1 warm-up period + 1 sample of cycles / 2)."""
    half = max(cycles // 2, 1)
    cfg = CFG.format(net="{net}", load="0.30", speedup="1.0")
    cfg = re.sub(r"warmup_periods = \d+;", "warmup_periods = 1;", cfg)
    cfg = re.sub(r"sample_period = \d+;", f"sample_period = {half};", cfg)
    cfg = re.sub(r"max_samples = \d+;", "max_samples = 1;", cfg)
    with tempfile.TemporaryDirectory() as tmp:
        net = Path(tmp) / "net.anynet"
        net.write_text(top.to_anynet())
        path = Path(tmp) / "run.cfg"
        path.write_text(cfg.replace("{net}", str(net)))
        t0 = time.perf_counter()
        out = subprocess.run([binary, str(path)], capture_output=True, text=True, cwd=tmp, check=False).stdout
        wall = time.perf_counter() - t0
    m = re.findall(r"Time taken is (\d+) cycles", out)
    if not m:
        raise RuntimeError("BookSim produced no cycle count:\n" + out[-2000:])
    return int(m[-1]), wall


def ours_run(top, cycles: int) -> tuple[int, float]:
    from lowdiam.sim.booksim import run_booksim

    half = max(cycles // 2, 1)
    t0 = time.perf_counter()
    r = run_booksim(top, "min-single", "uniform", 0.3, warmup_cycles=half, measure_cycles=half, seed=1)
    return r.cycles, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--short", type=int, default=300)
    ap.add_argument("--long", type=int, default=900)
    args = ap.parse_args()
    binary = os.environ.get("BOOKSIM")
    if not binary or not Path(binary).is_file():
        sys.exit("set $BOOKSIM to the BookSim2 binary")
    top = graph()
    ours_run(top, 20)  # numba compile / cache load outside the timing
    res = {}
    for name, fn in (("ours", lambda c: ours_run(top, c)), ("booksim", lambda c: booksim_run(binary, top, c))):
        c1, w1 = fn(args.short)
        c2, w2 = fn(args.long)
        res[name] = {"short_cycles": c1, "short_wall": round(w1, 2), "long_cycles": c2, "long_wall": round(w2, 2),
                         "cycles_per_second": round((c2 - c1) / (w2 - w1), 2)}
        print(name, res[name], file=sys.stderr)
    res["ratio"] = round(res["ours"]["cycles_per_second"] / res["booksim"]["cycles_per_second"], 2)
    res.update(graph="jellyfish(1064, 15, seed=1), 5 endpoints/router", load=0.3, machine=platform.node(),
               time=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
    RESULTS.mkdir(exist_ok=True)
    with (RESULTS / "booksim.jsonl").open("a") as fh:
        fh.write(json.dumps(res) + "\n")
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
