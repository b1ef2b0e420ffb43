"""Compile time of the simulator: a fresh process's first ``simulate()`` with a cold, warm, touched or model-edited
numba cache, per router model.

Issue 53, item 4.  Each measurement is a fresh Python process that imports ``lowdiam.sim`` and runs
``simulate(slimfly(5) with 2 endpoints per router, <routing>, "uniform", 0.3, warmup_cycles=200,
measure_cycles=300, seed=1, router=<model>)`` (``min`` on ``booksim`` and ``ideal``, ``min-adaptive`` on
``caminos``), then the same run with seed 2, whose kernels are loaded by then: ``first - second`` is the compile
(or cache load) time of the first run, ``second`` the simulation alone.  Three cache states, in this order, per
router model and round:

``cold``
    an empty ``NUMBA_CACHE_DIR`` (a fresh clone's first run);
``second``
    the cache the previous state left, a run of another routing (:data:`SECOND_ROUTING`: ``ugal`` on ``booksim``
    and ``ideal``, ``valiant`` on ``caminos``): what a notebook's second routing costs after its first;
``warm``
    the cache the cold run left;
``touched``
    the same cache after every ``.py`` file of ``lowdiam/sim`` had its modification time set to now, content
    unchanged (what a ``git checkout`` or a rebase that does not change the sim sources does);
``edited``
    the same cache after a comment line was appended to the model's own kernel file (``booksim/kernel.py``,
    ``caminos/kernel.py``, ``ideal/cut_through.py``): an edit to one model, which must recompile that model's
    kernels and no more.

The code measured is a copy of ``lib/`` (this checkout's, or ``--base COMMIT``'s by ``git archive``) in a temporary
folder, so touching it leaves the checkout alone; ``LOWDIAM_CACHE`` points at an empty folder so nothing is served
from the results cache.  Seconds are wall time and CPU time (user + system of the process, ``getrusage``): on a
shared machine CPU seconds are the steadier measure.  With ``--base`` both sides run in every round, alternating which
goes first.  Prints a table (median over rounds) and appends one JSON line per run to
``benchmarks/results/compile.jsonl``.

Usage: ``python benchmarks/bench_compile.py [--routers booksim,caminos,ideal] [--reps 1]
[--states cold,second,warm,touched,edited] [--base COMMIT [--base-only]]``.  A cold BookSim-model compile takes
minutes, so the defaults (current code only, one round) take several minutes on 2 cores.  Each JSON line also holds
``compile_cpu``: CPU seconds of each function's own numba compilation in the two ``simulate()`` calls (nested
compilations subtracted; functions under 0.05 s left out).
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

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchio import append_jsonl, environment, format_table  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"
ROUTING = {"booksim": "min", "caminos": "min-adaptive", "ideal": "min"}
#: the routing of the ``second`` state, run on the cache the previous state left
SECOND_ROUTING = {"booksim": "ugal", "caminos": "valiant", "ideal": "ugal"}
STATES = ("cold", "second", "warm", "touched", "edited")
#: the routings' generated dispatch modules (``lowdiam.sim.routings.codegen.GENERATED``; not kept in git)
GENERATED = ("_hop_chain.py", "_dispatch_chain.py")
#: the file of each router model that the ``edited`` state appends a comment to
MODEL_KERNEL = {"booksim": "booksim/kernel.py", "caminos": "caminos/kernel.py", "ideal": "ideal/cut_through.py"}

_SNIPPET = r"""
import json, resource, sys, time

def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime

w0, c0 = time.perf_counter(), cpu()
import lowdiam
import lowdiam.sim as sim
from lowdiam.topologies import slimfly
w1, c1 = time.perf_counter(), cpu()
router, routing = sys.argv[1], sys.argv[2]
top = slimfly(5).with_endpoints(2)
kw = dict(traffic="uniform", load=0.3, warmup_cycles=200, measure_cycles=300, router=router)
from numba.core import event

class Own(event.Listener):
    # CPU seconds of each function's own compilation (nested compilations subtracted), by qualified name
    def __init__(self):
        self.stack, self.own = [], {}

    def on_start(self, ev):
        self.stack.append([cpu(), 0.0])

    def on_end(self, ev):
        t0, inner = self.stack.pop()
        d = cpu() - t0
        if self.stack:
            self.stack[-1][1] += d
        name = getattr(ev.data["dispatcher"], "py_func", None)
        name = f"{name.__module__}.{name.__qualname__}" if name is not None else str(ev.data["dispatcher"])
        self.own[name] = self.own.get(name, 0.0) + d - inner

own = Own()
runs = []
for seed in (1, 2):
    a, b = time.perf_counter(), cpu()
    with event.install_listener("numba:compile", own):
        r = sim.simulate(top, routing, seed=seed, **kw)
    runs.append((time.perf_counter() - a, cpu() - b, r.accepted_load, r.latency_mean))

from numba.core.registry import CPUDispatcher
compiled = {}
for name, mod in list(sys.modules.items()):
    if name.startswith("lowdiam.sim") and mod is not None:
        for attr, obj in vars(mod).items():
            if isinstance(obj, CPUDispatcher) and obj.signatures and obj.__module__ == name:
                compiled[f"{name}.{attr}"] = len(obj.signatures)
print(json.dumps({"lowdiam": lowdiam.__file__, "import_wall": w1 - w0, "import_cpu": c1 - c0,
                  "first_wall": runs[0][0], "first_cpu": runs[0][1], "second_wall": runs[1][0],
                  "second_cpu": runs[1][1], "result": [runs[0][2], runs[0][3], runs[1][2], runs[1][3]],
                  "compiled": compiled, "compile_cpu": {k: round(v, 2) for k, v in
                                                        sorted(own.own.items(), key=lambda kv: -kv[1]) if v >= 0.05}}))
"""


def copy_lib(tmp: Path, side: str, commit: str | None) -> Path:
    """A copy of ``lib/`` (the working tree's, or ``commit``'s) under ``tmp``; its path.

    Without the routings' generated dispatch files (:data:`GENERATED`), which git does not keep: both sides start
    as a fresh clone does, and the first process writes them.
    """
    dest = tmp / side
    if commit is None:
        shutil.copytree(ROOT / "lib", dest / "lib", ignore=shutil.ignore_patterns("__pycache__", *GENERATED))
    else:
        dest.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "lib"], capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)
    return dest / "lib"


def touch_sim(lib: Path) -> None:
    """Set every ``lowdiam/sim`` source's modification time to now (content unchanged)."""
    now = time.time()
    for f in (lib / "lowdiam" / "sim").rglob("*.py"):
        os.utime(f, (now, now))


def edit_model(lib: Path, router: str) -> None:
    """Append a comment line to ``router``'s kernel file (:data:`MODEL_KERNEL`) in the copy ``lib``."""
    f = lib / "lowdiam" / "sim" / MODEL_KERNEL[router]
    f.write_text(f.read_text() + "\n# edited by bench_compile\n")


def run_once(lib: Path, numba_cache: Path, results_cache: Path, router: str, routing: str) -> dict:
    """One fresh process's measurement of ``routing`` (see the module docstring), with its wall time and CPU
    seconds."""
    env = dict(os.environ, PYTHONPATH=str(lib), NUMBA_CACHE_DIR=str(numba_cache), LOWDIAM_CACHE=str(results_cache))
    before = os.times()
    t0 = time.perf_counter()
    res = subprocess.run([sys.executable, "-c", _SNIPPET, router, routing], env=env, capture_output=True,
                         text=True)
    wall = time.perf_counter() - t0
    after = os.times()
    if res.returncode:
        raise RuntimeError(f"{router} run failed:\n{res.stderr}")
    out = json.loads(res.stdout.strip().splitlines()[-1])
    if not out["lowdiam"].startswith(str(lib)):
        raise RuntimeError(f"subprocess imported {out['lowdiam']}, not the code under {lib}")
    out["process_wall"] = wall
    out["process_cpu"] = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    out["notes"] = [ln for ln in res.stderr.splitlines() if ln.startswith("lowdiam:")]
    return out


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--routers", default="booksim,caminos,ideal", help="router models (default all three)")
    ap.add_argument("--states", default=",".join(STATES), help=f"cache states, in order (default {','.join(STATES)})")
    ap.add_argument("--reps", type=int, default=1, help="rounds (default 1)")
    ap.add_argument("--base", default=None, help="also measure this commit's lib/, alternating with the current one")
    ap.add_argument("--base-only", action="store_true", help="with --base: measure that commit only")
    args = ap.parse_args(argv)
    routers = args.routers.split(",")
    states = args.states.split(",")
    for r in routers:
        if r not in ROUTING:
            ap.error(f"unknown router {r!r}; choose from {', '.join(ROUTING)}")
    if states[0] != "cold" or not set(states) <= set(STATES):
        ap.error(f"--states must start with cold and name only {', '.join(STATES)}")
    sides = {"current": None}
    if args.base:
        sides = {"base": subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", args.base],
                                        capture_output=True, text=True, check=True).stdout.strip(), **sides}
        if args.base_only:
            del sides["current"]
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                          check=True).stdout.strip()
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="lowdiam-bench-compile-") as tmp:
        tmp = Path(tmp)
        libs = {side: copy_lib(tmp, side, commit) for side, commit in sides.items()}
        for rnd in range(args.reps):
            order = list(sides) if rnd % 2 == 0 else list(sides)[::-1]
            for router in routers:
                for side in order:
                    lib = libs[side]
                    numba_cache = tmp / f"numba-{side}-{router}-{rnd}"
                    for state in states:
                        if state == "touched":
                            touch_sim(lib)
                        elif state == "edited":
                            edit_model(lib, router)
                        env0 = environment()
                        routing = SECOND_ROUTING[router] if state == "second" else ROUTING[router]
                        out = run_once(lib, numba_cache, tmp / f"results-{side}-{router}-{rnd}-{state}", router,
                                       routing)
                        row = {"side": side, "commit": sides[side] or f"{head}+worktree", "router": router,
                               "routing": routing, "state": state, "round": rnd + 1, **out, "env_start": env0,
                               "loadavg_end": environment()["loadavg"]}
                        rows.append(row)
                        append_jsonl(RESULTS / "compile.jsonl", row)
                        print(f"round {rnd + 1} {side:>7} {router:>7} {routing:>12} {state:>7}: process "
                              f"{out['process_wall']:6.1f} s wall, {out['process_cpu']:6.1f} s CPU; first simulate "
                              f"{out['first_wall']:6.1f} s wall ({out['first_cpu']:.1f} CPU), "
                              f"second {out['second_wall']:.2f} s; "
                              f"{len(out['compiled'])} compiled functions, "
                              f"{sum(out['compiled'].values())} signatures; load {env0['loadavg'][0]}", flush=True)
    table = []
    for side in sides:
        for router in routers:
            for state in states:
                rs = [r for r in rows if (r["side"], r["router"], r["state"]) == (side, router, state)]
                if not rs:
                    continue
                med = {k: statistics.median(r[k] for r in rs) for k in
                       ("process_wall", "process_cpu", "import_cpu", "first_wall", "first_cpu", "second_cpu")}
                table.append({"side": side, "router": router, "state": state, "runs": len(rs),
                              "process wall s": f"{med['process_wall']:.1f}",
                              "process CPU s": f"{med['process_cpu']:.1f}", "import CPU s": f"{med['import_cpu']:.1f}",
                              "1st simulate wall s": f"{med['first_wall']:.1f}",
                              "1st simulate CPU s": f"{med['first_cpu']:.1f}",
                              "2nd simulate CPU s": f"{med['second_cpu']:.2f}"})
    print(format_table(table, list(table[0])))
    results = {(r["side"], r["router"], r["routing"]): set() for r in rows}
    for r in rows:
        results[(r["side"], r["router"], r["routing"])].add(tuple(r["result"]))
    for (side, router, routing), found in results.items():
        if len(found) != 1:
            print(f"WARNING: {side} {router} {routing}: results differ between cache states: {found}",
                  file=sys.stderr)
    if args.base:
        for router, routing in sorted({(r["router"], r["routing"]) for r in rows}):
            found = {tuple(r["result"]) for r in rows if (r["router"], r["routing"]) == (router, routing)}
            print(f"{router} {routing}: identical results on both sides: {len(found) == 1}")
    return rows


if __name__ == "__main__":
    main()
