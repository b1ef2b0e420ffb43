"""Speed of ``lowdiam.sim.caminos`` (the CAMINOS router model) against CAMINOS itself, side by side in one run.

Configuration (issue 53): notebook 05's quick RRG, ``jellyfish(200, 10, 1)`` with 4 servers per router, uniform
traffic, CAMINOS ``Shortest`` routing = our ``"min-adaptive"`` with the Polarized paper's router (the template of
``tests/data/caminos/template.cfg`` via ``benchmarks/crossval_caminos.py``: 16-phit messages, 4 VCs = the routing's
longest route, input buffers of 64 and output buffers of 32 phits, Random allocator), offered loads 0.1, 0.5, 0.9.

Method.  Each round runs, per load, our model then CAMINOS (the next round CAMINOS first, and so on alternately),
each twice: ``--short`` and ``--long`` simulated cycles (half warm-up, half measurement; the same cycle counts for
both simulators).  A simulator's seconds per cycle are ``(wall(long) - wall(short)) / (cycles(long) -
cycles(short))``, so start-up (CAMINOS parsing and building, our model build, distance matrix, numba cache load)
cancels.  The round's ratio is CAMINOS's seconds per cycle over ours (how many times faster we simulate the same
cycles); the median of the rounds' ratios and their min / max are printed and appended to
``benchmarks/results/caminos.jsonl`` with the machine's load average.  Wall time, not CPU time: both simulators
are single-threaded and run alternately on the same (possibly shared) machine.

CAMINOS binary: ``$CAMINOS`` (the ``caminos-run`` of the reference build), else the build in ``$CAMINOS_BUILD_DIR``
(default ``~/.cache/lowdiam/caminos-bin``) if present, else built there once with
``CAMINOS_LIB_GIT=<caminos-lib clone or mirror> bash $CAMINOS_BUILD_SCRIPT <dir>`` (a build script of the
reference CAMINOS, such as the one the cross-validation's reference runs were built with; about 80 s).  No path of a
particular machine is assumed.  The script exits non-zero with a message only when no binary can be found or built.

Instructions (``--instructions``; needs ``valgrind``). The same runs, counted instead of timed, as
``bench_booksim.py --instructions`` counts the BookSim model's: each simulator's short and long run (ours
``--ours-scale`` times longer) runs once under ``valgrind --tool=cachegrind --cache-sim=no``, and a simulator's
instructions per simulated cycle are the difference of the two runs' instructions (whole process) over the difference
of their cycles, so start-up cancels.  The ratio CAMINOS / ours says how much of the speed ratio is work left out and
how much is work done faster.  Appends to ``benchmarks/results/caminos_instructions.jsonl``.

Usage: ``python benchmarks/bench_caminos.py [--rounds 3] [--short 500] [--long 2000] [--loads 0.1,0.5,0.9]
[--instructions [--ours-scale 5]]``.

Notes (measurements on the 2-core shared development machine, load average given with each):

* Measured 2026-11-29 with the defaults (3 rounds, 500 / 2000 cycles), CAMINOS ratio = CAMINOS seconds per cycle
  over ours, median (min-max) of the rounds.  Before (kernel of d2dcc7e), load average 1.6-2.3: 0.1: 8.7
  (8.1-9.5), 0.5: 26.3 (25.2-26.5), 0.9: 23.9 (19.5-25.6).  After (b49dfef's kernel), run right after it, load
  average 1.9-2.2: 0.1: 22.8 (20.9-29.6), 0.5: 31.3 (29.0-43.7), 0.9: 40.8 (31.6-45.6).  CAMINOS's own speed moves
  with the machine's load much more than ours (at 0.1 it ran 135-1,100 cycles/s in different runs), so ratios
  measured at different load averages do not compare; the 50x goal of issue 53 is not reached.

* Before issue 53 (kernel of d2dcc7e) the kernel visited every input and output VC slot of every router every
  cycle; its cost at load 0.1 was mostly that scan.  Issue 53 keeps per-router bitmasks of the input VCs holding an
  unassigned head, of the connected output VCs and of the output channels with phits (per channel a VC mask), so
  the cycle loop visits only what holds phits, and inlines ``choose_output`` / ``allocate`` into the cycle loop
  (as calls they received every NamedTuple of tables by value).  Random draws keep their order, so results are
  bit-identical (``tests/test_caminos_golden.py``).
* Near saturation (0.9) most of our time goes to input VCs whose head waits for a blocked output: CAMINOS's model
  re-routes every waiting head every cycle (and draws random numbers in doing so), so this work is part of the
  model, not of the scan.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchio import append_jsonl, counted, counted_child, environment, format_table, per_cycle, valgrind_env  # noqa: E402
from crossval_caminos import caminos_config  # noqa: E402 - a sibling script, importable once its folder is on sys.path

DEFAULT_BUILD_DIR = Path.home() / ".cache" / "lowdiam" / "caminos-bin"
ROUTING = ("min", "min-adaptive")  # CAMINOS's Shortest, our name


def graph():
    from lowdiam.topologies import jellyfish

    return jellyfish(200, 10, 1, endpoints_per_router=4)


def caminos_binary() -> str:
    """``$CAMINOS``, else a previous build in the build folder, else a fresh build there; exits with a message."""
    env = os.environ.get("CAMINOS")
    if env:
        if Path(env).is_file() and os.access(env, os.X_OK):
            return env
        sys.exit(f"$CAMINOS={env} is not an executable file (the caminos-run binary of the reference build)")
    build = Path(os.environ.get("CAMINOS_BUILD_DIR", DEFAULT_BUILD_DIR))
    binary = build / "runner" / "target" / "release" / "caminos-run"
    if binary.is_file():
        return str(binary)
    script = os.environ.get("CAMINOS_BUILD_SCRIPT", "")
    lib_git = os.environ.get("CAMINOS_LIB_GIT", "")
    if not (script and Path(script).is_file()) or not (lib_git and Path(lib_git).exists()) or not shutil.which("cargo"):
        sys.exit(f"no CAMINOS binary in {build}: set $CAMINOS to a built caminos-run, or set $CAMINOS_BUILD_SCRIPT "
                 f"(a CAMINOS build script; now {script or 'unset'}) and $CAMINOS_LIB_GIT (a caminos-lib clone or "
                 f"mirror; now {lib_git or 'unset'}) and have cargo, to build it there")
    print(f"building CAMINOS in {build} (about 80 s) ...", file=sys.stderr, flush=True)
    build.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["bash", script, str(build)], env=dict(os.environ, CAMINOS_LIB_GIT=lib_git),
                          capture_output=True, text=True)
    if done.returncode != 0 or not binary.is_file():
        sys.exit(f"building CAMINOS failed (exit {done.returncode}):\n{(done.stdout + done.stderr)[-3000:]}")
    return str(binary)


def run_config(folder: Path, top, vcs: int, load: float, cycles: int) -> Path:
    """Write a CAMINOS run of ``cycles`` cycles (half warm-up, half measured) of ``folder / "g.txt"`` into
    ``folder``; the configuration's path."""
    cfg = folder / "run.cfg"
    cfg.write_text(caminos_config(folder / "g.txt", top.endpoints_per_router, top.num_endpoints, ROUTING[0],
                                  "uniform", vcs, load, 1, (cycles // 2, cycles - cycles // 2)))
    return cfg


def cycles_simulated(out: str) -> int:
    """The cycles a CAMINOS run simulated, from its standard output (the ``RESULT_JSON`` line)."""
    return int(json.loads(out[out.index("RESULT_JSON") + len("RESULT_JSON"):].strip().splitlines()[0])["cycle"])


def caminos_run(binary: str, folder: Path, top, vcs: int, load: float, cycles: int) -> tuple[int, float]:
    """One CAMINOS run of ``cycles`` cycles (half warm-up, half measured): (cycles simulated, wall seconds)."""
    cfg = run_config(folder, top, vcs, load, cycles)
    t0 = time.perf_counter()
    out = subprocess.run([binary, str(cfg)], capture_output=True, text=True, check=True).stdout
    return cycles_simulated(out), time.perf_counter() - t0


def ours_run(top, vcs: int, load: float, cycles: int) -> tuple[int, float]:
    from lowdiam.sim.caminos import run_caminos

    t0 = time.perf_counter()
    r = run_caminos(top, ROUTING[1], "uniform", load, vcs=vcs, packet_flits=16, warmup_cycles=cycles // 2,
                    measure_cycles=cycles - cycles // 2, seed=1)
    return r.cycles, time.perf_counter() - t0


OURS_CHILD = r"""
import sys
sys.path.insert(0, sys.argv[1])
from bench_caminos import graph, ours_run
from lowdiam.sim.caminos import required_vcs
top = graph()
print("CYCLES", ours_run(top, required_vcs(top, "min-adaptive"), float(sys.argv[2]), int(sys.argv[3]))[0])
"""


def ours_counted(load: float, cycles: int, env: dict) -> dict:
    """``ours_run``'s run in a child process, counted: {"cycles", "instructions"}."""
    return counted_child(OURS_CHILD, [str(Path(__file__).resolve().parent), str(load), str(cycles)], env)


def caminos_counted(binary: str, top, vcs: int, load: float, cycles: int) -> dict:
    """``caminos_run``'s run, counted: {"cycles", "instructions"}."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "g.txt").write_text(top.to_caminos())
        n, out = counted([binary, str(run_config(folder, top, vcs, load, cycles))], tmp)
    return {"cycles": cycles_simulated(out), "instructions": n}


def count_instructions(binary: str, loads: list[float], args: argparse.Namespace) -> None:
    """``--instructions``: instructions per simulated cycle of both simulators (module docstring)."""
    from concurrent.futures import ThreadPoolExecutor

    from lowdiam.sim.caminos import required_vcs

    env = valgrind_env()
    top = graph()
    vcs = required_vcs(top, ROUTING[1])
    # fills numba's cache for the named CPU outside valgrind (compiling under valgrind takes hours)
    subprocess.run([sys.executable, "-c", OURS_CHILD, str(Path(__file__).resolve().parent), str(loads[0]), "20"],
                   env=env, check=True, capture_output=True)
    rows = []
    for load in loads:
        with ThreadPoolExecutor(2) as pool:  # one valgrind process per core
            lengths = (args.short, args.long)
            jobs = [pool.submit(ours_counted, load, c * args.ours_scale, env) for c in lengths]
            jobs += [pool.submit(caminos_counted, binary, top, vcs, load, c) for c in lengths]
            o, c = [j.result() for j in jobs[:2]], [j.result() for j in jobs[2:]]
        row = {"load": load, "ours_per_cycle": round(per_cycle(*o), 1), "caminos_per_cycle": round(per_cycle(*c), 1),
               "ours": o, "caminos": c}
        row["ratio"] = round(row["caminos_per_cycle"] / row["ours_per_cycle"], 3)
        rows.append(row)
        print(f"load {load}: ours {row['ours_per_cycle']:,} instructions per cycle, CAMINOS "
              f"{row['caminos_per_cycle']:,}, ratio {row['ratio']:.2f}", file=sys.stderr, flush=True)
    append_jsonl(RESULTS / "caminos_instructions.jsonl",
                 {"benchmark": "bench_caminos --instructions", "graph": "jellyfish(200, 10, 1), 4 servers/router",
                  "routing": "min-adaptive (CAMINOS Shortest)", "vcs": vcs, "caminos": binary, "short": args.short,
                  "long": args.long, "ours_scale": args.ours_scale, "environment": environment(), "rows": rows,
                  "numba_cpu": env["NUMBA_CPU_NAME"], "numba_cpu_features": env["NUMBA_CPU_FEATURES"]})
    print(f"\nCAMINOS model vs CAMINOS ({binary}): instructions per simulated cycle (whole process, valgrind), from "
          f"{args.short}- and {args.long}-cycle runs (ours x{args.ours_scale}); ratio = CAMINOS / ours")
    print(format_table(rows, ["load", "ours_per_cycle", "caminos_per_cycle", "ratio"]))


def seconds_per_cycle(fn, short: int, long: int) -> dict:
    c1, w1 = fn(short)
    c2, w2 = fn(long)
    return {"short_cycles": c1, "short_wall": round(w1, 4), "long_cycles": c2, "long_wall": round(w2, 4),
            "seconds_per_cycle": (w2 - w1) / (c2 - c1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--short", type=int, default=500)
    ap.add_argument("--long", type=int, default=2000)
    ap.add_argument("--loads", default="0.1,0.5,0.9")
    ap.add_argument("--note", default="", help="free text stored with the result (e.g. the commit measured)")
    ap.add_argument("--instructions", action="store_true", help="count both simulators' instructions per simulated "
                    "cycle under valgrind instead of timing them (one round: the count does not vary with the load)")
    ap.add_argument("--ours-scale", type=int, default=5, help="with --instructions: our runs are this many times "
                    "longer than CAMINOS's (our start-up's instructions must be small against the difference)")
    args = ap.parse_args()
    if not 0 < args.short < args.long or args.rounds < 1:
        sys.exit("need 0 < --short < --long and --rounds >= 1")
    if args.ours_scale < 1:
        sys.exit("--ours-scale must be an integer >= 1")
    loads = [float(x) for x in args.loads.split(",")]
    binary = caminos_binary()
    if args.instructions:
        if shutil.which("valgrind") is None:
            sys.exit("--instructions needs valgrind on PATH")
        count_instructions(binary, loads, args)
        return

    import lowdiam
    from lowdiam.sim.caminos import required_vcs

    top = graph()
    vcs = required_vcs(top, ROUTING[1])
    ours_run(top, vcs, 0.1, 20)  # numba compile / cache load and the distance matrix outside the timing
    load_avg = [os.getloadavg()]
    rounds: dict[float, list[dict]] = {load: [] for load in loads}
    with tempfile.TemporaryDirectory(prefix="bench_caminos_") as tmp:
        folder = Path(tmp)
        (folder / "g.txt").write_text(top.to_caminos())
        sides = {"ours": lambda load: (lambda c: ours_run(top, vcs, load, c)),
                 "caminos": lambda load: (lambda c: caminos_run(binary, folder, top, vcs, load, c))}
        for i in range(args.rounds):
            order = ("ours", "caminos") if i % 2 == 0 else ("caminos", "ours")
            for load in loads:
                res = {side: seconds_per_cycle(sides[side](load), args.short, args.long) for side in order}
                res["ratio"] = res["caminos"]["seconds_per_cycle"] / res["ours"]["seconds_per_cycle"]
                rounds[load].append(res)
                print(f"round {i + 1} load {load}: ours {1 / res['ours']['seconds_per_cycle']:,.0f} cycles/s, "
                      f"CAMINOS {1 / res['caminos']['seconds_per_cycle']:,.1f} cycles/s, ratio {res['ratio']:.1f}"
                      f" (load average {os.getloadavg()[0]:.2f})", file=sys.stderr, flush=True)
            load_avg.append(os.getloadavg())
    summary = {}
    for load in loads:
        per = rounds[load]
        ratios = [r["ratio"] for r in per]
        summary[str(load)] = {
            "ratio_median": round(statistics.median(ratios), 2), "ratio_min": round(min(ratios), 2),
            "ratio_max": round(max(ratios), 2), "ratios": [round(x, 2) for x in ratios],
            "ours_cycles_per_second": round(statistics.median(1 / r["ours"]["seconds_per_cycle"] for r in per)),
            "caminos_cycles_per_second": round(statistics.median(1 / r["caminos"]["seconds_per_cycle"] for r in per),
                                               1),
        }
    out = {
        "graph": "jellyfish(200, 10, 1), 4 servers/router", "routing": "min-adaptive (CAMINOS Shortest)",
        "traffic": "uniform", "vcs": vcs, "short_cycles": args.short, "long_cycles": args.long, "rounds": args.rounds,
        "per_load": summary, "load_average": [round(x[0], 2) for x in load_avg], "lowdiam": lowdiam.__file__,
        "caminos": binary, "note": args.note, **environment(),
    }
    append_jsonl(RESULTS / "caminos.jsonl", out)
    print(format_table([{"load": load, **{k: v for k, v in row.items() if k != "ratios"}}
                        for load, row in summary.items()],
                       ["load", "ratio_median", "ratio_min", "ratio_max", "ours_cycles_per_second",
                        "caminos_cycles_per_second"]))


if __name__ == "__main__":
    main()
