"""Where a router model's kernel spends its time: a source-line profile of its cycle loop by sampling.

Issue 53 asks for kernels whose work follows the flits; this script shows where the cycles of the current kernel go,
per source line of the kernel's module (``lowdiam/sim/booksim/kernel.py``'s ``run_kernel`` for ``--model booksim``,
``lowdiam/sim/caminos/kernel.py``'s ``run`` for ``--model caminos``; with the functions numba inlines into it) and
per phase of the cycle loop.  It is a developer's tool, not a benchmark (``make bench`` does not run it): it needs
Linux ``perf`` (``perf_event_paranoid`` <= 2 for a process of one's own) and ``readelf`` (binutils).

How.  A child process compiles the kernels afresh with line tables (``NUMBA_DEBUGINFO=1`` in a temporary
``NUMBA_CACHE_DIR``: minutes of compilation, the project's kernel cache is left alone), runs one warm-up
simulation and then the profiled one, and prints the address at which the kernel function was loaded and its symbol,
and saves its object code.  ``perf record`` samples the child; every sample inside the function is mapped through the
object's DWARF line table (``readelf --debug-dump=decodedline``, first compilation unit: the kernel and what is
inlined into it) to a file and line.  Lines are grouped into phases by the kernel's own section comments
(``# ---- evaluate``, ``# ======== routers`` ...).  A line table maps an instruction to the statement it was generated
for; the optimiser moves and merges code, so a line's share is an estimate (a few per cent of samples are attributed
to line 0: no statement).

Configuration and run.  BookSim model: ``benchmarks/bench_booksim.py``'s (``CONFIGS``, ``ours_run``): ``--config
jellyfish`` (default; ``jellyfish(1064, 15, seed=1)``, 5 endpoints per router, speedup 1.0) or ``ps-iq`` (PS-IQ(11,3),
speedup 2.0), uniform ``min-single`` over BookSim's anynet table, 4 VCs x 32 flits, 4-flit packets.  CAMINOS model:
``benchmarks/bench_caminos.py``'s (``graph``, ``ours_run``): RRG(200, 10) with 4 servers per router, uniform
``min-adaptive``, 16-phit messages, 4 VCs.  Both at ``--load``, ``--cycles`` cycles (half warm-up).

Counting instructions instead (``--counter callgrind``; needs ``valgrind`` and ``objdump``).  Samples of a clock vary
with the machine and whatever else runs on it; the instructions a run executes do not.  The kernels are compiled
with line tables as above (natively, for the host's CPU, which is named to numba explicitly so that the same cache
serves the runs under valgrind; without the extensions valgrind cannot decode, such as AVX-512:
``benchio.valgrind_env``), then the configuration runs twice under ``valgrind --tool=callgrind
--dump-instr=yes``, for ``--cycles`` and for twice as many cycles.  The difference of the two runs' instruction
counts at each address of the kernel is the work of the extra cycles, without the set-up, warm-up and compilation
the two share.  It is mapped to phases and lines as above and printed per simulated cycle, with the mix of the
instructions executed (``objdump``): operands on the stack (values the register allocator spilled, such as arrays'
data pointers and sizes), sign shifts ``sar $63`` (mostly numba's wraparound of negative indices) and conditional
branches, and the whole process's instructions per cycle beside the kernel's.  Under valgrind a run takes tens of
times its CPU time: ``--counter callgrind --cycles 500`` on the default configuration took 13 minutes on the 2-core
machine, 5 of them compiling.

Counting cache misses (``--counter cachesim``).  The same two runs under callgrind's cache simulation
(``--cache-sim=yes``), counting per address the misses of a simulated data cache of ``--d1-kib`` KiB and ``--d1-ways``
ways (64-byte lines; loads and stores alike): at 32 KiB the first-level misses, at 2048 KiB those of a cache the size
of the benchmark hosts' second level (per core), that is the lines that come from the third level or memory.  The
simulated cache is not the host's (no prefetcher, least-recently-used replacement, and valgrind ignores software
prefetches), so it shows which statements bring in new lines, not what they cost.

Usage: ``python benchmarks/profile_kernel.py [--model booksim|caminos] [--config jellyfish|ps-iq] [--load 0.3]
[--cycles 3000] [--top 40] [--routing min-single] [--counter perf|callgrind|cachesim] [--d1-kib 32]
[--d1-ways 8]``.
"""

from __future__ import annotations

import argparse
import bisect
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KERNELS = {"booksim": ROOT / "lib" / "lowdiam" / "sim" / "booksim" / "kernel.py",
           "caminos": ROOT / "lib" / "lowdiam" / "sim" / "caminos" / "kernel.py"}

CHILD = r"""
import sys
sys.path.insert(0, sys.argv[6])  # benchmarks/: the configurations and the runs of bench_booksim.py / bench_caminos.py
import time
model, config, load, cycles, obj_path = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
routing = sys.argv[7]
if model == "booksim":
    from bench_booksim import CONFIGS, ours_run
    from lowdiam.sim.booksim import kernel as K
    from lowdiam.sim.booksim import run_booksim
    _, build, speedup, _ = CONFIGS[config]
    top = build()
    entry = K._run_kernel  # the compiled kernel (K.run_kernel, a Python function, picks its entry point)
    def go(c):
        if routing == "min-single":  # bench_booksim.py's run
            r = ours_run(top, load, speedup, c)
            return r["cycles"], round(r["cpu"], 3)
        c0 = time.process_time()
        r = run_booksim(top, routing, "uniform", load, packet_flits=4, vcs=4, buffer_flits=32,
                        warmup_cycles=max(c // 2, 1), measure_cycles=max(c // 2, 1), seed=1,
                        router_options={"internal_speedup": speedup, "vc_selection": "any"})
        return r.cycles, round(time.process_time() - c0, 3)
else:
    from bench_caminos import graph, ours_run
    from lowdiam.sim.caminos import kernel as K
    top = graph()
    entry = K.run
    def go(c):
        t0 = time.process_time()
        done, _ = ours_run(top, 4, load, c)
        return done, round(time.process_time() - t0, 3)
go(100)  # compiles (or loads) the kernels outside the profiled run
print("PROFILE_START", time.clock_gettime(time.CLOCK_MONOTONIC), flush=True)
done, cpu = go(cycles)
print("PROFILE_END", done, cpu, time.clock_gettime(time.CLOCK_MONOTONIC), flush=True)
(sig, ov), = entry.overloads.items()
print("ENTRY", hex(ov.library.get_pointer_to_function(ov.fndesc.llvm_func_name)), flush=True)
print("SYMBOL", ov.fndesc.llvm_func_name, flush=True)
if obj_path != "-":  # a kernel loaded from the cache has no object code to give: the compiling run saves it
    open(obj_path, "wb").write(ov.library._get_compiled_object())
"""


def line_table(obj: Path, symbol: str) -> tuple[list[int], list[tuple[str, int]], int]:
    """The first compilation unit's (address, (file, line)) rows, sorted, and the size of the kernel's function
    (``symbol``, its mangled name)."""
    text = subprocess.run(["readelf", "--debug-dump=decodedline", str(obj)], capture_output=True, text=True,
                          check=True).stdout
    rows, cu = [], 0
    for line in text.splitlines():
        if line.startswith("CU:"):
            cu += 1
            continue
        m = re.match(r"(\S+\.py)\s+(\d+)\s+(0x[0-9a-f]+|\d+)\s", line)
        if m and cu == 1:
            rows.append((int(m.group(3), 0), (m.group(1), int(m.group(2)))))
    syms = subprocess.run(["readelf", "-sW", str(obj)], capture_output=True, text=True, check=True).stdout
    size = next(int(s.split()[2], 0) for s in syms.splitlines() if " FUNC " in s and s.split()[-1] == symbol)
    rows.sort()
    return [a for a, _ in rows], [w for _, w in rows], size


def callgrind_costs(path: Path, lo: int, hi: int, events: tuple[str, ...] = ("Ir",)) -> tuple[collections.Counter, int]:
    """The sum of ``events`` (callgrind's names: ``Ir`` instructions; with ``--cache-sim=yes`` also ``D1mr`` and
    ``D1mw``, first-level data read and write misses) at each address in ``[lo, hi)`` of a callgrind profile
    (``--dump-instr=yes --compress-pos=no``), keyed by the offset from ``lo``; and the whole process's sum."""
    costs, after_call, total, cols = collections.Counter(), False, None, None
    with open(path) as f:
        for line in f:
            if after_call:  # the line after ``calls=`` is the call's inclusive cost, not an instruction's own
                after_call = False
            elif line.startswith("calls="):
                after_call = True
            elif line.startswith("0x"):
                fields = line.split()  # address, source line, then one count per event (trailing zeros left out)
                a = int(fields[0], 16)
                if lo <= a < hi:
                    costs[a - lo] += sum(int(fields[2 + i]) for i in cols if 2 + i < len(fields))
            elif line.startswith("events:"):
                names = line.split()[1:]
                missing = [e for e in events if e not in names]
                if missing:
                    raise ValueError(f"{path}: no event {missing} (events recorded: {names})")
                cols = [names.index(e) for e in events]
            elif line.startswith("summary:"):
                counts = line.split()[1:]
                total = sum(int(counts[i]) for i in cols if i < len(counts))
    if total is None:
        raise ValueError(f"{path}: no 'summary:' line (an incomplete callgrind profile)")
    return costs, total


def instruction_mix(obj: Path, counts: collections.Counter) -> dict[str, int]:
    """Instructions executed (``counts``, by offset into the object's code) that have an operand on the stack, that
    shift a sign (``sar $0x3f``), and that branch conditionally."""
    text = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(obj)], capture_output=True, text=True,
                          check=True).stdout
    mix = collections.Counter()
    for line in text.splitlines():
        m = re.match(r"\s*([0-9a-f]+):\s+(\S+)\s*(.*)", line)
        if not m or int(m.group(1), 16) not in counts:
            continue
        k, op, args = counts[int(m.group(1), 16)], m.group(2), m.group(3)
        mix["operand on the stack"] += k * ("(%rsp)" in args)
        mix["sign shift (sar $63)"] += k * (op == "sar" and args.startswith("$0x3f,"))
        mix["conditional branch"] += k * (op.startswith("j") and op != "jmp")
    return dict(mix)


def phases(src: list[str]) -> list[tuple[int, str]]:
    """(first line, name) of the kernel's phases, from its section comments."""
    marks = []
    for i, s in enumerate(src, 1):
        t = s.strip()
        if t.startswith(("# ----", "# ====")):
            marks.append((i, t.strip("# -=").split(":")[0].strip()))
        elif t.startswith("# the state of the next routers is brought into cache"):
            marks.append((i, "routers: prefetch of the next routers"))
        elif t.startswith("# ReadInputs, input queuing and the credits due"):
            marks.append((i, "routers: read inputs and credits"))
        elif t.startswith("def "):
            marks.append((i, "function " + t[4:].split("(")[0]))
    return marks


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", choices=tuple(KERNELS), default="booksim")
    ap.add_argument("--config", choices=("jellyfish", "ps-iq"), default="jellyfish",
                    help="the BookSim model's configuration (the CAMINOS model has one: bench_caminos.py's)")
    ap.add_argument("--load", type=float, default=0.3)
    ap.add_argument("--cycles", type=int, default=3000)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--routing", default="min-single",
                    help="BookSim model: the routing (default min-single over BookSim's anynet table, the benchmark's; "
                    "another runs over the library's own tables). A routing's entries are functions of their own: "
                    "their samples are counted apart (compiled code outside the kernel)")
    ap.add_argument("--counter", choices=("perf", "callgrind", "cachesim"), default="perf",
                    help="perf: sample a clock (time); callgrind: count the instructions of --cycles more cycles; "
                    "cachesim: count their misses in a simulated first-level data cache (--d1-kib, --d1-ways)")
    ap.add_argument("--d1-kib", type=int, default=32,
                    help="cachesim: the simulated data cache's size in KiB (32: a first level; 2048: the size of the "
                    "benchmark hosts' second level, per core)")
    ap.add_argument("--d1-ways", type=int, default=8, help="cachesim: its associativity")
    a = ap.parse_args()
    for name in ("d1_kib", "d1_ways"):
        v = getattr(a, name)
        if v < 1 or v & (v - 1):
            ap.error(f"--{name.replace('_', '-')} must be a power of two >= 1 (valgrind's rule), not {v}")
    tools = ("perf", "readelf") if a.counter == "perf" else ("valgrind", "readelf", "objdump")
    missing = [t for t in tools if shutil.which(t) is None]
    if missing:
        print(f"profile_kernel: needs {' and '.join(missing)} on PATH", file=sys.stderr)
        return 2
    if a.counter in ("callgrind", "cachesim"):
        return count_instructions(a)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "child.py").write_text(CHILD)
        env = dict(os.environ, NUMBA_DEBUGINFO="1", NUMBA_CACHE_DIR=str(tmp / "numba"),
                   PYTHONPATH=str(ROOT / "lib") + os.pathsep + os.environ.get("PYTHONPATH", ""))
        print("compiling the kernels with line tables (several minutes), then profiling ...", file=sys.stderr)
        out = subprocess.run(["perf", "record", "-k", "mono", "-F", "999", "-o", str(tmp / "perf.data"),
                              sys.executable, str(tmp / "child.py"), a.model, a.config, str(a.load), str(a.cycles),
                              str(tmp / "kernel.o"), str(Path(__file__).resolve().parent), a.routing],
                             env=env, capture_output=True, text=True)
        if out.returncode != 0 or "ENTRY" not in out.stdout:
            print(out.stdout[-2000:], out.stderr[-2000:], file=sys.stderr)
            return 1
        entry = int(out.stdout.split("ENTRY")[1].split()[0], 16)
        end = out.stdout.split("PROFILE_END")[1].split()
        t0, t1 = float(out.stdout.split("PROFILE_START")[1].split()[0]), float(end[2])
        samples = subprocess.run(["perf", "script", "-i", str(tmp / "perf.data"), "-F", "time,ip,sym,dso"],
                                 capture_output=True, text=True, check=True).stdout.splitlines()
        # code numba compiled lies in the perf map numba writes (/tmp/perf-<pid>.map)
        ips, where_dso = [], collections.Counter()
        for line in samples:  # "  1234.567890:  7f12abcd symbol (/tmp/perf-1.map)" -- the profiled run's only
            m = re.match(r"\s*([0-9.]+):\s+([0-9a-f]+)\s+(.*?)\s*\((.*)\)\s*$", line)
            if m and t0 <= float(m.group(1)) <= t1:
                ips.append(m.group(2))
                jit = re.fullmatch(r"/tmp/perf-\d+\.map", m.group(4)) is not None
                where_dso["compiled by numba" if jit else m.group(4)] += 1
        symbol = out.stdout.split("SYMBOL")[1].split()[0]
        addrs, where, size = line_table(tmp / "kernel.o", symbol)
    inside = [int(x, 16) - entry for x in ips]
    inside = [o for o in inside if 0 <= o < size]
    jit = where_dso["compiled by numba"]
    KERNEL = KERNELS[a.model]
    per_line, per_phase = attribute(collections.Counter(inside), addrs, where, KERNEL)
    n = len(inside)
    what = a.config if a.model == "booksim" else "caminos model, RRG(200, 10)"
    print(f"{what}, {a.routing if a.model == 'booksim' else 'min-adaptive'}, load {a.load}: {end[0]} cycles in "
          f"{end[1]} CPU s; of the run's {len(ips)} samples {n} in the kernel, {jit - n} in other compiled code "
          f"(a routing's entries, helpers numba did not inline), {len(ips) - jit} elsewhere: "
          + ", ".join(f"{d} {k}" for d, k in where_dso.most_common(4) if d != "compiled by numba"))
    report(per_phase, per_line, KERNEL, a.top, "share of the kernel's samples", lambda k: f"{100 * k / n:5.1f} %")
    return 0


def report(per_phase: collections.Counter, per_line: collections.Counter, kernel: Path, top: int, what: str,
           column) -> None:
    """Print the counts per phase and the ``top`` source lines, each after ``column(count)``."""
    src = kernel.read_text().splitlines()
    print(f"\nper phase ({what}):")
    for name, k in per_phase.most_common():
        print(f"  {column(k)}  {name}")
    print(f"\nper source line, top {top}:")
    for (f, ln), k in per_line.most_common(top):
        text = src[ln - 1].strip()[:90] if f == kernel.name and 0 < ln <= len(src) else ""
        print(f"  {column(k)}  {f}:{ln}  {text}")


def attribute(counts: collections.Counter, addrs: list[int], where: list[tuple[str, int]],
              kernel: Path) -> tuple[collections.Counter, collections.Counter]:
    """Counts by offset into the kernel's code -> counts per (file, line) and per phase of the kernel."""
    per_line = collections.Counter()
    for o, k in counts.items():
        per_line[where[bisect.bisect_right(addrs, o) - 1]] += k
    marks = phases(kernel.read_text().splitlines())
    per_phase = collections.Counter()
    for (f, ln), k in per_line.items():
        if f != kernel.name or ln == 0:
            per_phase[f"{f} (inlined)" if f != kernel.name else "no statement (line 0)"] += k
        else:
            i = bisect.bisect_right([m for m, _ in marks], ln) - 1
            per_phase[marks[i][1] if i >= 0 else "module"] += k
    return per_line, per_phase


def count_instructions(a: argparse.Namespace) -> int:
    """``--counter callgrind``: the instructions of ``a.cycles`` more cycles, per phase and line (module docstring)."""
    from benchio import valgrind_env

    kernel = KERNELS[a.model]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "child.py").write_text(CHILD)
        env = valgrind_env(NUMBA_DEBUGINFO="1", NUMBA_CACHE_DIR=str(tmp / "numba"))

        def child(cycles: int, obj: str, valgrind: list[str]) -> subprocess.Popen:
            return subprocess.Popen([*valgrind, sys.executable, str(tmp / "child.py"), a.model, a.config,
                                     str(a.load), str(cycles), obj, str(Path(__file__).resolve().parent), a.routing],
                                    env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

        print("compiling the kernels with line tables (several minutes) ...", file=sys.stderr)
        first = child(100, str(tmp / "kernel.o"), [])
        out, err = first.communicate()
        if first.returncode != 0 or "SYMBOL" not in out:
            print(out[-2000:], err[-2000:], file=sys.stderr)
            return 1
        symbol = out.split("SYMBOL")[1].split()[0]
        addrs, where, size = line_table(tmp / "kernel.o", symbol)
        print(f"counting the instructions of runs of {a.cycles} and {2 * a.cycles} cycles under valgrind "
              "(tens of times their CPU time) ...", file=sys.stderr)
        cache = [] if a.counter == "callgrind" else ["--cache-sim=yes", f"--D1={a.d1_kib * 1024},{a.d1_ways},64"]
        events = ("Ir",) if a.counter == "callgrind" else ("D1mr", "D1mw")
        runs = {c: child(c, "-", ["valgrind", "--tool=callgrind", "--dump-instr=yes", "--compress-pos=no",
                                  "--compress-strings=no", *cache, f"--callgrind-out-file={tmp / f'cg_{c}.out'}"])
                for c in (a.cycles, 2 * a.cycles)}
        counts, done, process = {}, {}, {}
        for c, proc in runs.items():
            out, err = proc.communicate()
            if proc.returncode != 0 or "ENTRY" not in out:
                print(out[-2000:], err[-2000:], file=sys.stderr)
                return 1
            entry = int(out.split("ENTRY")[1].split()[0], 16)
            done[c] = int(out.split("PROFILE_END")[1].split()[0])
            counts[c], process[c] = callgrind_costs(tmp / f"cg_{c}.out", entry, entry + size, events)
        extra = collections.Counter({o: k - counts[a.cycles].get(o, 0) for o, k in counts[2 * a.cycles].items()})
        mix = instruction_mix(tmp / "kernel.o", extra) if a.counter == "callgrind" else {}
    cycles = done[2 * a.cycles] - done[a.cycles]
    per_line, per_phase = attribute(extra, addrs, where, kernel)
    n = sum(extra.values())
    what = a.config if a.model == "booksim" else "caminos model, RRG(200, 10)"
    counted = ("instructions" if a.counter == "callgrind" else
               f"first-level data misses (read and write; a simulated {a.d1_kib} KiB {a.d1_ways}-way cache of 64-byte "
               "lines)")
    print(f"{what}, {a.routing if a.model == 'booksim' else 'min-adaptive'}, load {a.load}: runs of {done[a.cycles]} "
          f"and {done[2 * a.cycles]} cycles; the kernel's {counted}: {n:,} more in the longer, "
          f"{n / cycles:,.0f} per simulated cycle (the whole process: "
          f"{(process[2 * a.cycles] - process[a.cycles]) / cycles:,.0f})")
    if a.counter == "callgrind":
        print("\nmix of those instructions:")
        for name in ("operand on the stack", "sign shift (sar $63)", "conditional branch"):
            print(f"  {100 * mix[name] / n:5.1f} %  {name}")
    report(per_phase, per_line, kernel, a.top,
           ("instructions" if a.counter == "callgrind" else "misses") + " per simulated cycle, share",
           lambda k: f"{k / cycles:10,.0f}  {100 * k / n:5.1f} %")
    return 0


if __name__ == "__main__":
    sys.exit(main())
