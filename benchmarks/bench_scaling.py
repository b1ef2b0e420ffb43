"""Cost of the BookSim model (``lowdiam.sim.booksim.run_booksim``) against network size, 100 to 20,000 routers.

Network: ``jellyfish(n, 15, seed=1)`` (a random 15-regular graph) with 5 endpoints per router, so radix and
concentration stay fixed while the size grows; uniform traffic at offered load 0.3, ``min-single`` routing (BookSim's
anynet next-hop table), 4-flit packets, 4 VCs x 32 flits, internal speedup 1.0, seed 1.

Each size runs in its own Python process (so its peak memory is its own): the process first loads the compiled
kernel on a 20-router network, then builds the topology (``build_s``), then runs a short and a long simulation: a
warm-up of ``short`` or ``long`` cycles, then the same 20-cycle measured window and its drain in both, meant to make
the two runs differ by warm-up cycles of a loaded network only.  Caveat (measured): from 3,000 routers up the short
run's window still fails the throughput rule (the network has not filled after 50-82 cycles), so that run ends
undrained while the long one drains for 400-850 cycles; the difference then also counts drain cycles (``saturated``
and both cycle counts are in the JSON line).  Reported per size:

``cycles_per_s``       simulated cycles per CPU second, ``(cycles(long) - cycles(short)) / (cpu(long) - cpu(short))``,
                       so the per-run start-up cancels (as in ``bench_booksim.py``); CPU seconds of this process
                       (``time.process_time``; the kernel is single-threaded), which other jobs on a shared machine
                       disturb less than wall-clock seconds (the JSON line also has ``wall_cycles_per_s``);
``router_cycles_per_s`` ``n x cycles_per_s``;
``flit_hops_per_s``    flits crossing router-to-router links per second: the long run's link flits per measured
                       cycle of the 20-cycle window (``SimResult.link_utilization`` summed over the arcs) times
                       ``cycles_per_s``;
``setup_s``            the size-dependent start-up of a run in CPU seconds (``setup_wall_s`` in the JSON line): the
                       all-pairs distance matrix (n x n uint8) and BookSim's anynet next-hop table (n x n int16),
                       timed on their own once (the run's other set-up, traffic tables and state arrays, is linear
                       in n).  The two timed runs reuse these tables (the process hands the driver the ones it
                       timed), so a size costs one set-up, not three; the difference of the runs cancels it anyway;
``peak_rss_mb``        the process's peak resident memory (``getrusage(RUSAGE_SELF).ru_maxrss``), and
                       ``base_rss_mb`` the same before the topology is built (interpreter, numba, kernel).

``--cycles auto`` (the default) gives the long run ``clamp(1,000,000 / n, 150, 1,000)`` warm-up cycles, rounded to tens
(the same simulated router-cycles per size from 1,000 to 6,670 routers: 1,000 cycles up to 1,000 routers, 330 at
3,000, 150 from 6,670 on), and the short run a quarter of that, at least 50 (the network fills in fewer); an integer
sets the long run of every size.  At 20,000 routers the cost is mostly the set-up (BookSim's next-hop table,
O(n^2 log n)), not the cycles.

Usage: ``python benchmarks/bench_scaling.py [--sizes 100,300,1000,3000,10000,20000] [--cycles auto|N]``; prints a
table and appends a JSON line to ``benchmarks/results/scaling.jsonl``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchio import append_jsonl, environment, format_table  # noqa: E402 - sibling module

SIZES = (100, 300, 1000, 3000, 10000, 20000)
DEGREE, ENDPOINTS, LOAD = 15, 5, 0.3
MARK = "SCALING-RESULT "
MEASURE = 20  # measured cycles of every run (module docstring)
MIN_SHORT = 50  # the short run's warm-up: at least the time the network takes to fill at load 0.3


def auto_cycles(n: int) -> int:
    return int(min(1000, max(150, round(1_000_000 / n, -1))))


def _rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def _run(top, warmup: int):
    """``warmup`` cycles, then a fixed ``MEASURE``-cycle window and its drain: two runs differ by warm-up cycles only,
    cycles of a loaded network (the window and the drain, alike in both, cancel in the difference)."""
    from lowdiam.sim.booksim import run_booksim

    c0, t0 = time.process_time(), time.perf_counter()
    r = run_booksim(top, "min-single", "uniform", LOAD, packet_flits=4, vcs=4, buffer_flits=32,
                    warmup_cycles=warmup, measure_cycles=MEASURE, seed=1)
    return r, time.process_time() - c0, time.perf_counter() - t0


def one(n: int, short: int, long: int) -> dict:
    """One size, in this process: the measurements of the module docstring."""
    import lowdiam.sim.booksim.driver as drv
    from lowdiam.topologies import jellyfish

    _run(jellyfish(20, 4, endpoints_per_router=2, seed=1), 10)  # kernel compile / cache load outside the timings
    base = _rss_mb()
    t0 = time.perf_counter()
    top = jellyfish(n, DEGREE, endpoints_per_router=ENDPOINTS, seed=1)
    build = time.perf_counter() - t0
    # The O(n^2) start-up every run repeats, timed on its own with the driver's own functions; the two runs below
    # then reuse its tables (at 20,000 routers the next-hop table alone takes minutes), which changes no result.
    c0, t0 = time.process_time(), time.perf_counter()
    D = drv._distances(top)
    nh = drv.booksim_anynet_table(top, D)
    setup, setup_wall = time.process_time() - c0, time.perf_counter() - t0
    reused = []
    dist_fn, table_fn = drv._distances, drv.booksim_anynet_table
    drv._distances = lambda t: (reused.append(1), D)[1] if t is top else dist_fn(t)
    drv.booksim_anynet_table = lambda t, d: nh if t is top and d is D else table_fn(t, d)
    rs, cs, ws = _run(top, short)
    rl, cl, wl = _run(top, long)  # the link counters cover the window: the long run's is the loaded network
    dc = rl.cycles - rs.cycles
    cps = dc / (cl - cs) if dc > 0 and cl > cs else float("nan")
    wall_cps = dc / (wl - ws) if dc > 0 and wl > ws else float("nan")
    hops_per_cycle = float(rl.link_utilization.sum())
    return {
        "routers": n, "endpoints": int(top.endpoints.sum()), "short": short, "long": long,
        "short_cycles": rs.cycles, "short_cpu": round(cs, 3), "short_wall": round(ws, 3),
        "long_cycles": rl.cycles, "long_cpu": round(cl, 3), "long_wall": round(wl, 3),
        "cycles_per_s": round(cps, 2), "wall_cycles_per_s": round(wall_cps, 2), "router_cycles_per_s": round(n * cps),
        "flit_hops_per_cycle": round(hops_per_cycle, 1), "flit_hops_per_s": round(hops_per_cycle * cps),
        "accepted": round(rl.accepted_load, 4), "saturated": [bool(rs.saturated), bool(rl.saturated)],
        "build_s": round(build, 2), "setup_s": round(setup, 2), "setup_wall_s": round(setup_wall, 2),
        "setup_reused": len(reused) == 2,
        "base_rss_mb": round(base), "peak_rss_mb": round(_rss_mb()),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default=",".join(map(str, SIZES)), help="comma-separated router counts")
    ap.add_argument("--cycles", default="auto", help="long-run cycles of every size, or 'auto' (module docstring)")
    ap.add_argument("--one", type=int, help=argparse.SUPPRESS)  # internal: measure one size in this process
    ap.add_argument("--short", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one is not None:
        print(MARK + json.dumps(one(args.one, args.short, int(args.cycles))), flush=True)
        return
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    if any(n * DEGREE % 2 or n <= DEGREE for n in sizes):
        sys.exit(f"every size needs n > {DEGREE} and n x {DEGREE} even (a {DEGREE}-regular graph)")
    if args.cycles != "auto" and int(args.cycles) <= MIN_SHORT:
        sys.exit(f"--cycles: 'auto' or an integer > {MIN_SHORT}")
    env_start = environment()
    rows = []
    for n in sizes:
        long = auto_cycles(n) if args.cycles == "auto" else int(args.cycles)
        short = max(long // 4, MIN_SHORT)
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, __file__, "--one", str(n), "--short", str(short), "--cycles", str(long)],
                              stdout=subprocess.PIPE, text=True, check=False)
        lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(MARK)]
        if proc.returncode or not lines:
            sys.exit(f"size {n}: the measuring process failed (exit {proc.returncode})")
        row = json.loads(lines[-1][len(MARK):])
        row["process_s"] = round(time.perf_counter() - t0, 1)
        rows.append(row)
        print(f"{n} routers: {row['cycles_per_s']} cycles/s, {row['router_cycles_per_s']:,} router-cycles/s, "
              f"setup {row['setup_s']} s, peak {row['peak_rss_mb']} MB ({row['process_s']} s in all)", file=sys.stderr)
    record = {"benchmark": "bench_scaling", "network": f"jellyfish(n, {DEGREE}, seed=1), {ENDPOINTS} endpoints/router",
              "traffic": "uniform", "load": LOAD, "routing": "min-single", "start": env_start, "end": environment(),
              "rows": rows}
    append_jsonl(RESULTS / "scaling.jsonl", record)
    print(f"\nBookSim model cost vs size: {record['network']}, uniform load {LOAD}, min-single; load average "
          f"{env_start['loadavg']} at start, {record['end']['loadavg']} at end")
    print(format_table(rows, ["routers", "short", "long", "cycles_per_s", "router_cycles_per_s", "flit_hops_per_s",
                              "build_s", "setup_s", "base_rss_mb", "peak_rss_mb", "process_s"]))


if __name__ == "__main__":
    main()
