"""Time and peak memory of compiling a paper-size motif program, before and after the flat dependency lists,
side by side in one run.

``compile_motif`` collects each message's dependencies while the motif is unrolled and turns them into the CSR
arrays the kernel walks.  It kept one Python list per message and built a list of (dependency, message) tuples
before the arrays; on SpectralFly Fig. 9's unbalanced FFT at the paper's 8,192 ranks (4-column grid: 16.8 M
messages, 50 M dependencies) that peaked near 10 GB, too much to compile two such runs at once on a 24 GB
machine.  Now the dependencies go into one flat list and straight into arrays.  The program must not change:
every round checks that both sides compile identical arrays (a SHA-256 over them).

Configuration: ``compile_motif(lps(23, 13, endpoints_per_router=8), "fft", message_bytes=1024, ranks=R,
mapping="random-nodes", motif_options={"balanced": False, "grid": (R // 4, 4)})``, R = 8192 (``--quick``: 2048).
Each side runs in its own subprocess, so its peak resident memory (``ru_maxrss``) is its own.

Writes ``benchmarks/results/motif_compile.json``.

Usage: ``python benchmarks/bench_motif_compile.py [--reps 1] [--quick] [--base COMMIT] [--current COMMIT]``.
"""

from __future__ import annotations

import argparse
import json
import statistics

from sidebyside import RESULTS, alternate, paired_ratio, resolve, worktrees

BASE_COMMIT = "59881cb"  # the last commit whose motif builder kept a dependency list per message

_SNIPPET = r"""
import hashlib, json, resource, sys, time
import lowdiam
from lowdiam.sim.motifs import compile_motif
from lowdiam.topologies import lps

ranks = int(sys.argv[1])
top = lps(23, 13, endpoints_per_router=8)
t0 = time.perf_counter()
p = compile_motif(top, "fft", message_bytes=1024, ranks=ranks, mapping="random-nodes",
                  motif_options={"balanced": False, "grid": (ranks // 4, 4)})
seconds = time.perf_counter() - t0
h = hashlib.sha256()
for name in ("src", "dst", "packets", "delay", "num_deps", "dependents_ptr", "dependents", "ranks"):
    h.update(getattr(p, name).tobytes())
print(json.dumps({"lowdiam": lowdiam.__file__, "seconds": seconds, "messages": p.num_messages,
                  "peak_gb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6, "sha256": h.hexdigest()}))
"""


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=1, help="alternating rounds (default 1)")
    ap.add_argument("--quick", action="store_true", help="2,048 ranks instead of the paper's 8,192")
    ap.add_argument("--base", default=BASE_COMMIT, help=f"commit before the change (default {BASE_COMMIT})")
    ap.add_argument("--current", default="HEAD", help="commit to compare (default HEAD)")
    args = ap.parse_args(argv)
    ranks = 2048 if args.quick else 8192
    commits = {"base": resolve(args.base), "current": resolve(args.current)}
    RESULTS.mkdir(parents=True, exist_ok=True)

    def show(rnd, side, out):
        print(f"round {rnd + 1} {side:>7}: {out['seconds']:6.1f} s, peak {out['peak_gb']:.2f} GB, "
              f"{out['messages']:,} messages", flush=True)

    with worktrees(commits) as sides:
        outs = alternate(sides, _SNIPPET, [str(ranks)], args.reps, show)
    same = len({o["sha256"] for side in outs for o in outs[side]}) == 1
    report = {"base_commit": commits["base"], "current_commit": commits["current"], "ranks": ranks,
              "reps": args.reps, "same_program": same}
    for what in ("seconds", "peak_gb"):
        vals = {side: [o[what] for o in outs[side]] for side in outs}
        report[what] = {"samples": vals, "base_median": statistics.median(vals["base"]),
                        "current_median": statistics.median(vals["current"]),
                        "paired_ratio_median": paired_ratio(vals["current"], vals["base"])}
        print(f"{what:>8}: base median {report[what]['base_median']:.2f}, current median "
              f"{report[what]['current_median']:.2f}, ratio current/base {report[what]['paired_ratio_median']:.2f}")
    print(f"identical programs: {same}")
    (RESULTS / "motif_compile.json").write_text(json.dumps(report, indent=2) + "\n")
    return report


if __name__ == "__main__":
    main()
