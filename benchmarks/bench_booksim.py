"""Speed of ``lowdiam.sim.booksim`` against BookSim2 itself, side by side in one run.

Configurations (``--configs``, comma-separated names):

``jellyfish``  the issue's original benchmark: ``jellyfish(1064, 15, seed=1)`` with 5 endpoints per router,
               uniform traffic at offered load 0.3, internal speedup 1.0.
``ps-iq``      the papers' setting: PolarStar PS-IQ(11,3) (``polarstar(11, "iq", 3)``, 1,064 routers of network
               radix 15) with 5 endpoints per router (PolarStar Table 3, notebook 05's paper profile), internal
               speedup 2.0 (the PolarStar authors' BookSim configuration), uniform traffic at loads 0.1, 0.3, 0.5.

Both run BookSim's anynet ``min`` routing (our ``min-single`` over BookSim's own Dijkstra next-hop table, every hop
on any VC), 4-flit packets, 4 VCs x 32 flits and the pipeline of ``benchmarks/crossval_booksim.py``'s ``CFG``
(``tests/data/booksim/booksim.cfg``), seed 1: the cross-validated configuration, so both simulators do the same work.

Measure. Simulated cycles per second are a difference of two run lengths, ``(cycles(long) - cycles(short)) /
(time(long) - time(short))``, so start-up work (BookSim's anynet table and file parsing, our distance matrix and
next-hop table) cancels. The time is CPU seconds (user + system: BookSim's process via ``RUSAGE_CHILDREN``, ours via
``time.process_time``; both simulators are single-threaded), which the other jobs of a shared machine disturb far less
than wall-clock seconds; the wall-clock ratio is reported too (``wall_ratio``). A run of ``N`` cycles is ``N/2``
warm-up plus ``N/2`` measured cycles (BookSim: one warm-up period and one sample of ``N/2``), and the reported cycles
include the drain (BookSim may also end its warm-up early, so its cycle counts differ from ours; each simulator's rate
uses its own counts). Our runs are ``--ours-scale`` times longer (default 5: 1,000 and 3,000 cycles against BookSim's
200 and 600): at 5-40x BookSim's speed a 400-cycle difference is a second or less of our CPU time, the size of the
run-to-run noise of our start-up, and single rounds gave rates from 150 to 470 cycles/s and differences of no sign
(measured 2026-12-01 with ``--ours-scale 1``); both rates are those of the same loaded network in its steady state.
One *round* is: our short and long run, then BookSim's short and long run (every second round BookSim's first); its
ratio is our cycles/s over BookSim's. ``--rounds`` rounds alternate so that a change in the machine's load hits both
simulators; the table gives per configuration and load the median ratio over the rounds, its minimum and maximum, and
the median cycles/s of each simulator. On a shared machine the ratio, not the rates, is the result. The defaults (3
rounds of 200- and 600-cycle runs, both configurations) spend most of their time in BookSim: at its ~1.5-5 cycles per
second on a loaded 2-core machine, about an hour.

Instructions (``--instructions``; needs ``valgrind``). The same runs, counted instead of timed: each simulator's
short and long run (ours ``--ours-scale`` times longer, as above) runs once under ``valgrind --tool=cachegrind
--cache-sim=no``, and a simulator's instructions per simulated cycle are ``(instructions(long) - instructions(short)) /
(cycles(long) - cycles(short))``, the whole process's. Unlike time, the count does not depend on what else the
machine runs, so one round suffices; the ratio BookSim2 / ours says how much of the speed ratio is work not done and
how much is work done faster (time ratio / instruction ratio: instructions per second, ours over BookSim2's). Our runs
use the kernels numba has cached for this CPU (the CPU is named to numba explicitly, so that valgrind's emulated one
loads the same cache; a first run outside valgrind fills it; extensions valgrind cannot decode, such as AVX-512, are
left out: ``benchio.valgrind_env``). Appends to
``benchmarks/results/booksim_instructions.jsonl``.

BookSim binary: ``$BOOKSIM``, else ``.cache/booksim2/src/booksim`` as ``make booksim`` builds it (``make bench`` does
so when ``$BOOKSIM`` is unset).

Usage: ``python benchmarks/bench_booksim.py [--rounds 3] [--short 200] [--long 600] [--ours-scale 5]
[--configs jellyfish,ps-iq] [--instructions]``;
appends a JSON line to ``benchmarks/results/booksim.jsonl``.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
CACHED_BOOKSIM = ROOT / ".cache" / "booksim2" / "src" / "booksim"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchio import append_jsonl, counted, counted_child, environment, format_table, per_cycle, valgrind_env  # noqa: E402
from crossval_booksim import CFG  # noqa: E402


def _jellyfish():
    from lowdiam.topologies import jellyfish

    return jellyfish(1064, 15, endpoints_per_router=5, seed=1)


def _ps_iq():
    from lowdiam.topologies import polarstar

    return polarstar(11, "iq", 3, endpoints_per_router=5)


#: name -> (description, builder, internal speedup, loads)
CONFIGS = {
    "jellyfish": ("jellyfish(1064, 15, seed=1), 5 endpoints/router", _jellyfish, 1.0, (0.3,)),
    "ps-iq": ("PS-IQ(11,3), 5 endpoints/router", _ps_iq, 2.0, (0.1, 0.3, 0.5)),
}


def find_booksim() -> str:
    """The BookSim2 binary: ``$BOOKSIM`` if set, else the one ``make booksim`` builds under ``.cache/``."""
    binary = os.environ.get("BOOKSIM")
    if binary:
        if not (Path(binary).is_file() and os.access(binary, os.X_OK)):
            sys.exit(f"$BOOKSIM={binary} is not an executable file")
        return binary
    if CACHED_BOOKSIM.is_file():
        return str(CACHED_BOOKSIM)
    sys.exit("no BookSim2 binary: set $BOOKSIM to one, or run `make booksim` (clones "
             "https://github.com/booksim/booksim2 into .cache/booksim2 and builds src/booksim; needs git, flex, "
             "bison and g++)")


def _children_cpu() -> float:
    """CPU seconds (user + system) of this process's finished child processes."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def booksim_config(folder: str, anynet: str, load: float, speedup: float, cycles: int) -> Path:
    """Write the network and the configuration of a BookSim run of about ``cycles`` cycles into ``folder`` (1 warm-up
    period + 1 sample of ``cycles / 2``, then the drain); the configuration's path."""
    cfg = CFG.format(net="{net}", load=f"{load:.2f}", speedup=f"{speedup:.1f}")
    cfg = re.sub(r"warmup_periods = \d+;", "warmup_periods = 1;", cfg)
    cfg = re.sub(r"sample_period = \d+;", f"sample_period = {max(cycles // 2, 1)};", cfg)
    cfg = re.sub(r"max_samples = \d+;", "max_samples = 1;", cfg)
    net = Path(folder) / "net.anynet"
    net.write_text(anynet)
    path = Path(folder) / "run.cfg"
    path.write_text(cfg.replace("{net}", str(net)))
    return path


def booksim_run(binary: str, anynet: str, load: float, speedup: float, cycles: int) -> dict:
    """One BookSim run of about ``cycles`` cycles (1 warm-up period + 1 sample of ``cycles / 2``, then the drain)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = booksim_config(tmp, anynet, load, speedup, cycles)
        c0, t0 = _children_cpu(), time.perf_counter()
        proc = subprocess.run([binary, str(path)], capture_output=True, text=True, cwd=tmp, check=False)
        wall, cpu = time.perf_counter() - t0, _children_cpu() - c0
    m = re.findall(r"Time taken is (\d+) cycles", proc.stdout)
    if not m:
        raise RuntimeError(f"BookSim produced no cycle count (exit {proc.returncode}):\n"
                           + proc.stdout[-2000:] + proc.stderr[-2000:])
    return {"cycles": int(m[-1]), "wall": wall, "cpu": cpu, "unstable": "Simulation unstable" in proc.stdout}


def ours_run(top, load: float, speedup: float, cycles: int) -> dict:
    from lowdiam.sim.booksim import run_booksim

    half = max(cycles // 2, 1)
    c0, t0 = time.process_time(), time.perf_counter()
    r = run_booksim(top, "min-single", "uniform", load, packet_flits=4, vcs=4, buffer_flits=32,
                    warmup_cycles=half, measure_cycles=half, seed=1,
                    routing_options={"paths": "booksim-anynet"},
                    router_options={"internal_speedup": speedup, "vc_selection": "any"})
    return {"cycles": r.cycles, "wall": time.perf_counter() - t0, "cpu": time.process_time() - c0,
            "unstable": bool(r.saturated)}


OURS_CHILD = r"""
import sys
sys.path.insert(0, sys.argv[1])
from bench_booksim import CONFIGS, ours_run
_, build, speedup, _ = CONFIGS[sys.argv[2]]
print("CYCLES", ours_run(build(), float(sys.argv[3]), speedup, int(sys.argv[4]))["cycles"])
"""


def booksim_counted(binary: str, anynet: str, load: float, speedup: float, cycles: int) -> dict:
    """``booksim_run``'s run, counted: {"cycles", "instructions"}."""
    with tempfile.TemporaryDirectory() as tmp:
        # BookSim2's main returns -1 (status 255) when the run ended normally and 0 when it ended as unstable
        # (``return result ? -1 : 0``, src/main.cpp, with TrafficManager::Run's result); either way it ran
        n, out = counted([binary, str(booksim_config(tmp, anynet, load, speedup, cycles))], tmp, ok=(0, 255))
    m = re.findall(r"Time taken is (\d+) cycles", out)
    if not m:
        raise RuntimeError("BookSim produced no cycle count under valgrind:\n" + out[-2000:])
    return {"cycles": int(m[-1]), "instructions": n}


def ours_counted(name: str, load: float, cycles: int, env: dict) -> dict:
    """``ours_run``'s run of configuration ``name`` in a child process, counted: {"cycles", "instructions"}."""
    return counted_child(OURS_CHILD, [str(Path(__file__).resolve().parent), name, str(load), str(cycles)], env)


def count_instructions(names: list[str], binary: str, args: argparse.Namespace) -> None:
    """``--instructions``: instructions per simulated cycle of both simulators (module docstring)."""
    from concurrent.futures import ThreadPoolExecutor

    env = valgrind_env()
    rows = []
    for name in names:
        desc, build, speedup, loads = CONFIGS[name]
        top = build()
        anynet = top.to_anynet()
        # fills numba's cache for the named CPU outside valgrind (compiling under valgrind takes hours)
        subprocess.run([sys.executable, "-c", OURS_CHILD, str(Path(__file__).resolve().parent), name, str(loads[0]),
                        "20"], env=env, check=True, capture_output=True)
        for load in loads:
            with ThreadPoolExecutor(2) as pool:  # one valgrind process per core
                lengths = (args.short, args.long)
                jobs = [pool.submit(ours_counted, name, load, c * args.ours_scale, env) for c in lengths]
                jobs += [pool.submit(booksim_counted, binary, anynet, load, speedup, c) for c in lengths]
                o, b = [j.result() for j in jobs[:2]], [j.result() for j in jobs[2:]]
            row = {"config": name, "network": desc, "routers": top.num_routers, "speedup": speedup, "load": load,
                   "ours_per_cycle": round(per_cycle(*o), 1), "booksim_per_cycle": round(per_cycle(*b), 1),
                   "ours": o, "booksim": b}
            row["ratio"] = round(row["booksim_per_cycle"] / row["ours_per_cycle"], 3)
            rows.append(row)
            print(f"{name} load {load}: ours {row['ours_per_cycle']:,} instructions per cycle, BookSim2 "
                  f"{row['booksim_per_cycle']:,}, ratio {row['ratio']:.2f}", file=sys.stderr)
    append_jsonl(RESULTS / "booksim_instructions.jsonl",
                 {"benchmark": "bench_booksim --instructions", "booksim": binary, "short": args.short,
                  "long": args.long, "ours_scale": args.ours_scale, "environment": environment(), "rows": rows,
                  "numba_cpu": env["NUMBA_CPU_NAME"], "numba_cpu_features": env["NUMBA_CPU_FEATURES"]})
    print(f"\nBookSim model vs BookSim2 ({binary}): instructions per simulated cycle (whole process, valgrind), from "
          f"{args.short}- and {args.long}-cycle runs (ours x{args.ours_scale}); ratio = BookSim2 / ours")
    print(format_table(rows, ["config", "speedup", "load", "ours_per_cycle", "booksim_per_cycle", "ratio"]))


def rate(short: dict, long: dict, clock: str = "cpu") -> float:
    """Cycles per second (of ``clock``: "cpu" or "wall") from a short and a long run (start-up cancels); nan when
    the difference is not positive."""
    dc, dw = long["cycles"] - short["cycles"], long[clock] - short[clock]
    return dc / dw if dc > 0 and dw > 0 else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per configuration and load (>= 3 "
                    "for the issue's median and spread)")
    ap.add_argument("--short", type=int, default=200, help="cycles of the short run")
    ap.add_argument("--long", type=int, default=600, help="cycles of the long run")
    ap.add_argument("--ours-scale", type=int, default=5, help="our runs are this many times longer than BookSim's "
                    "(--short / --long cycles): our start-up's noise must be small against the difference")
    ap.add_argument("--configs", default=",".join(CONFIGS), help=f"comma-separated subset of {', '.join(CONFIGS)}")
    ap.add_argument("--instructions", action="store_true", help="count both simulators' instructions per simulated "
                    "cycle under valgrind instead of timing them (one round: the count does not vary with the load)")
    args = ap.parse_args()
    names = [c.strip() for c in args.configs.split(",") if c.strip()]
    unknown = [c for c in names if c not in CONFIGS]
    if unknown or not names:
        sys.exit(f"unknown --configs {unknown}; choose from {', '.join(CONFIGS)}")
    if not 0 < args.short < args.long:
        sys.exit("need 0 < --short < --long")
    if args.ours_scale < 1:
        sys.exit("--ours-scale must be an integer >= 1")
    if args.rounds < 1:
        sys.exit("--rounds must be >= 1 (3 or more for a median and a spread)")
    binary = find_booksim()
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("--instructions needs valgrind on PATH")
        count_instructions(names, binary, args)
        return
    env_start = environment()
    rows = []
    for name in names:
        desc, build, speedup, loads = CONFIGS[name]
        top = build()
        anynet = top.to_anynet()
        ours_run(top, loads[0], speedup, 20)  # numba compile / cache load outside the timings
        for load in loads:
            rounds = []
            for rnd in range(args.rounds):
                # which side runs first alternates by round (ABBA): on this VM the order within a pair of processes
                # moved an A/B ratio by up to ~20 % (docs/benchmarks.md, "Prefetching only where ...")
                if rnd % 2 == 0:
                    o = [ours_run(top, load, speedup, c * args.ours_scale) for c in (args.short, args.long)]
                    b = [booksim_run(binary, anynet, load, speedup, c) for c in (args.short, args.long)]
                else:
                    b = [booksim_run(binary, anynet, load, speedup, c) for c in (args.short, args.long)]
                    o = [ours_run(top, load, speedup, c * args.ours_scale) for c in (args.short, args.long)]
                rec = {"ours_cps": rate(*o), "booksim_cps": rate(*b),
                       "ours_wall_cps": rate(*o, "wall"), "booksim_wall_cps": rate(*b, "wall"),
                       "ours": [{k: round(v, 3) if isinstance(v, float) else v for k, v in x.items()} for x in o],
                       "booksim": [{k: round(v, 3) if isinstance(v, float) else v for k, v in x.items()} for x in b]}
                rec["ratio"] = rec["ours_cps"] / rec["booksim_cps"]
                rec["wall_ratio"] = rec["ours_wall_cps"] / rec["booksim_wall_cps"]
                rounds.append(rec)
                print(f"{name} load {load} round {rnd + 1}/{args.rounds}: ours {rec['ours_cps']:.1f} cycles/CPU s, "
                      f"BookSim {rec['booksim_cps']:.2f}, ratio {rec['ratio']:.2f} (wall {rec['wall_ratio']:.2f})",
                      file=sys.stderr)
            ratios = [r["ratio"] for r in rounds if r["ratio"] == r["ratio"]]
            rows.append({
                "config": name, "network": desc, "routers": top.num_routers, "speedup": speedup, "load": load,
                "rounds": len(rounds),
                "median_ratio": round(statistics.median(ratios), 3) if ratios else float("nan"),
                "min_ratio": round(min(ratios), 3) if ratios else float("nan"),
                "max_ratio": round(max(ratios), 3) if ratios else float("nan"),
                "ours_cps": round(statistics.median(r["ours_cps"] for r in rounds), 1),
                "booksim_cps": round(statistics.median(r["booksim_cps"] for r in rounds), 2),
                "wall_ratio": round(statistics.median(r["wall_ratio"] for r in rounds), 3),
                "unstable_ours": any(x["unstable"] for r in rounds for x in r["ours"]),
                "unstable_booksim": any(x["unstable"] for r in rounds for x in r["booksim"]),
                "per_round": [{k: (round(v, 3) if isinstance(v, float) else v) for k, v in r.items()}
                              for r in rounds],
            })
    record = {"benchmark": "bench_booksim", "booksim": binary, "short": args.short, "long": args.long,
              "ours_scale": args.ours_scale,
              "start": env_start, "end": environment(), "rows": rows}
    append_jsonl(RESULTS / "booksim.jsonl", record)
    print(f"\nBookSim model vs BookSim2 ({binary}): simulated cycles per CPU second from {args.short}- and "
          f"{args.long}-cycle runs (ours x{args.ours_scale}), ratio = ours / BookSim per round (wall_ratio: the "
          f"same on wall-clock seconds, median); load average {env_start['loadavg']} at start, "
          f"{record['end']['loadavg']} at end")
    print(format_table(rows, ["config", "speedup", "load", "rounds", "median_ratio", "min_ratio", "max_ratio",
                              "ours_cps", "booksim_cps", "wall_ratio"]))
    if any(r["unstable_ours"] or r["unstable_booksim"] for r in rows):
        print("unstable runs (their cycles may end early): "
              + ", ".join(f"{r['config']} load {r['load']}" for r in rows
                          if r["unstable_ours"] or r["unstable_booksim"]))


if __name__ == "__main__":
    main()
