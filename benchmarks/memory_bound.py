"""How much of the BookSim model's time on a large network is memory: the most any layout change could give there.

The BookSim model visits every router once a simulated cycle, so on a large network a router's state has left the
second-level cache by the time it is visited again, while on a small one it stays.  This script runs the same
configuration at two sizes and compares the time each executed instruction takes:

* ``jellyfish(n, 15, seed=1)``, 5 endpoints per router, uniform ``min-single`` over BookSim's anynet table at offered
  load ``--load`` (0.3), 4 VCs x 32 flits, 4-flit packets, internal speedup ``--speedup`` (1.0): by default
  ``bench_booksim.py``'s jellyfish configuration and ``bench_scaling.py``'s family; with ``--speedup 2.0``, the
  speedup of its PS-IQ(11,3) configuration (1,064 routers of radix 15, as jellyfish(1064, 15)); at ``--sizes``
  (default 100 and 1,064 routers);
* **timed**: per size, a short and a long run in a fresh process, ``--rounds`` times alternating between the sizes;
  the rate is the difference of the two runs' simulated cycles over the difference of their CPU seconds (start-up
  cancels);
* **counted**: the same two runs once per size (after the timed rounds, two processes at a time) under ``valgrind
  --tool=cachegrind --cache-sim=no`` (whole process; ``benchio.counted_child``); instructions per simulated cycle the
  same way;
* both compiled for the same CPU, the host's without the extensions valgrind cannot decode (``benchio.valgrind_env``),
  so the timed and the counted runs execute the same machine code.

``ns per instruction = 1e9 / (cycles per CPU s x instructions per cycle)``.  At the smallest size the state fits the
second-level cache, so the largest size's excess over it, ``1 - ns(small) / ns(large)``, is the share of the large
network's time spent waiting for what the caches do not hold (and for whatever else differs between the sizes, such
as branch patterns: an upper bound on the memory share, an estimate, not a hardware count).  ``ns(large) / ns(small)``
is then the most a change of the state's layout could speed the large network up by, with the same instructions.

Appends to ``benchmarks/results/memory_bound.jsonl``.  A developer's measurement (needs ``valgrind``), not run by
``make bench``.  Usage: ``python benchmarks/memory_bound.py [--sizes 100,1064] [--load 0.3] [--speedup 1.0]
[--rounds 3] [--short 300] [--long 1300]`` (cycles asked of the short and long runs at the largest size; smaller
sizes run proportionally more, so that every run takes about as long).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent)
sys.path.insert(0, HERE)
from benchio import append_jsonl, counted_child, environment, format_table, per_cycle, valgrind_env  # noqa: E402

RESULTS = Path(HERE) / "results"

CHILD = r"""
import sys
sys.path.insert(0, sys.argv[1])  # benchmarks/: bench_booksim.py's run
from bench_booksim import ours_run
from lowdiam.topologies import jellyfish
n, load, speedup, cycles = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), [int(c) for c in sys.argv[5:]]
top = jellyfish(n, 15, endpoints_per_router=5, seed=1)
def run(c):
    r = ours_run(top, load, speedup, c)
    return r["cycles"], r["cpu"]
if len(cycles) == 1:  # counted: one run, its cycles
    print("CYCLES", run(cycles[0])[0])
else:  # timed: a short warm-up (kernels loaded), then the short and the long run
    run(20)
    (a, ta), (b, tb) = run(cycles[0]), run(cycles[1])
    print("TIMED", a, ta, b, tb)
"""


def lengths(n: int, largest: int, short: int, long: int) -> tuple[int, int]:
    """Cycles asked of the short and long runs at size ``n``: more at smaller sizes, about equal CPU time."""
    k = max(largest // n, 1)
    return short * k, long * k


def timed(n: int, load: float, speedup: float, short: int, long: int, env: dict) -> dict:
    proc = subprocess.run([sys.executable, "-c", CHILD, HERE, str(n), str(load), str(speedup), str(short), str(long)],
                          capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0 or "TIMED" not in proc.stdout:
        raise RuntimeError(f"the timed run of {n} routers failed (exit {proc.returncode}):\n{proc.stderr[-2000:]}")
    a, ta, b, tb = proc.stdout.split("TIMED")[1].split()
    return {"short_cycles": int(a), "long_cycles": int(b), "rate": (int(b) - int(a)) / (float(tb) - float(ta))}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="100,1064", help="routers, comma-separated, smallest first")
    ap.add_argument("--load", type=float, default=0.3, help="offered load (default 0.3, bench_booksim.py's)")
    ap.add_argument("--speedup", type=float, default=1.0,
                    help="the routers' internal speedup (default 1.0, bench_booksim.py's jellyfish; the papers' 2.0)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--short", type=int, default=300)
    ap.add_argument("--long", type=int, default=1300)
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    if len(sizes) < 2 or sizes != sorted(set(sizes)) or sizes[0] < 16:
        ap.error(f"--sizes must be at least two distinct router counts >= 16, smallest first, not {a.sizes!r}")
    if not 0 < a.load <= 1 or a.speedup < 1:
        ap.error(f"--load must be in (0, 1] and --speedup >= 1, not {a.load} and {a.speedup}")
    if a.rounds < 1 or not 0 < a.short < a.long:
        ap.error("--rounds must be >= 1 and 0 < --short < --long")
    if shutil.which("valgrind") is None:
        print("memory_bound: needs valgrind on PATH", file=sys.stderr)
        return 2
    env = valgrind_env()
    start = environment()
    rates = {n: [] for n in sizes}
    t0 = time.time()
    for i in range(a.rounds):
        for n in sizes:
            s, lg = lengths(n, sizes[-1], a.short, a.long)
            rates[n].append(round(timed(n, a.load, a.speedup, s, lg, env)["rate"], 2))
            print(f"round {i + 1}/{a.rounds}: {n} routers, {rates[n][-1]} cycles per CPU s "
                  f"({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
    print("counting instructions under valgrind (minutes; two runs at a time) ...", file=sys.stderr, flush=True)
    jobs = [(n, c) for n in sizes for c in lengths(n, sizes[-1], a.short, a.long)]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:  # each job is a child process
        def count(job):
            return counted_child(CHILD, [HERE, str(job[0]), str(a.load), str(a.speedup), str(job[1])], env)

        counted = dict(zip(jobs, pool.map(count, jobs)))
    rows = []
    for n in sizes:
        runs = [counted[(n, c)] for c in lengths(n, sizes[-1], a.short, a.long)]
        ipc = per_cycle(*runs)
        med = statistics.median(rates[n])
        rows.append({"routers": n, "cycles_per_cpu_s": rates[n], "median": med, "instructions_per_cycle": round(ipc),
                     "ns_per_instruction": round(1e9 / (med * ipc), 4),
                     "ns_per_instruction_range": [round(1e9 / (r * ipc), 4) for r in (max(rates[n]), min(rates[n]))],
                     "counted_cycles": [r["cycles"] for r in runs]})
    small, large = rows[0]["ns_per_instruction"], rows[-1]["ns_per_instruction"]
    summary = {"memory_share": round(1 - small / large, 3), "layout_bound": round(large / small, 3)}
    append_jsonl(RESULTS / "memory_bound.jsonl",
                 {"benchmark": "memory_bound", "env": start, "end_loadavg": environment()["loadavg"],
                  "cpu": env["NUMBA_CPU_NAME"], "load": a.load, "speedup": a.speedup, "rounds": a.rounds,
                  "short": a.short, "long": a.long, "rows": rows, **summary})
    print(format_table([{**r, "cycles_per_cpu_s": "/".join(str(x) for x in r["cycles_per_cpu_s"])} for r in rows],
                       ["routers", "cycles_per_cpu_s", "median", "instructions_per_cycle", "ns_per_instruction"]))
    print(f"\nat {sizes[-1]} routers, {100 * summary['memory_share']:.0f} % of the time is beyond what the same "
          f"instructions cost at {sizes[0]} routers (medians); a layout change could speed it up by at most "
          f"{summary['layout_bound']:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
