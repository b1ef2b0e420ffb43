"""Speed of the message layer (``lowdiam.sim.motifs``): an Allreduce on a ~1,000-router network.

Configuration (issue 20's target: a 1,000-router Allreduce of 64 KB on every endpoint in under a minute on
2 cores): PS-IQ(11,3) (1,064 routers) with one endpoint per router, recursive doubling over 1,024 ranks and the
ring algorithm over all 1,064, 64 KB, 16-byte flits, 4-flit packets, BookSim model defaults, routing
polarstar-min.  ``--quick`` runs 4 KB instead.  Reports wall seconds, simulated cycles and cycles per second,
and appends a JSON line to ``benchmarks/results/motifs.jsonl``.

Usage: ``python benchmarks/bench_motifs.py [--quick] [--bytes N]``
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="4 KB instead of 64 KB")
    ap.add_argument("--bytes", type=int, default=None, help="message size in bytes")
    a = ap.parse_args(argv)
    from lowdiam.sim.motifs import run_motif
    from lowdiam.topologies import polarstar

    size = a.bytes or (4096 if a.quick else 65536)
    top = polarstar(11, "iq", 3).with_endpoints(1)
    run_motif(top, "allreduce", message_bytes=64, algorithm="ring", routing="polarstar-min")  # compile, tables
    rows = []
    for algo, kw in (("recursive-doubling", {"ranks": 1024}), ("ring", {})):
        t0 = time.perf_counter()
        r = run_motif(top, "allreduce", message_bytes=size, algorithm=algo, routing="polarstar-min", **kw)
        wall = time.perf_counter() - t0
        row = {"topology": top.name, "routers": top.num_routers, "ranks": int(r.program.ranks.size),
               "algorithm": algo, "message_bytes": size, "messages": r.messages_delivered,
               "packets": r.packets_delivered, "completion_cycles": r.completion_cycles,
               "wall_seconds": round(wall, 2), "cycles_per_second": round(r.completion_cycles / wall, 1),
               "target_seconds": 60, "machine": platform.node(), "time": time.strftime("%Y-%m-%dT%H:%M:%S")}
        rows.append(row)
        print(f"{algo:19s} {size} B on {row['ranks']} ranks of {top.name}: {r.completion_cycles} cycles, "
              f"{wall:.1f} s ({row['cycles_per_second']} cycles/s; target < 60 s)", flush=True)
    RESULTS.mkdir(exist_ok=True)
    with open(RESULTS / "motifs.jsonl", "a") as f:
        for row in rows:
            f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
