"""Disconnection ratio: union-find over the reverse order vs a scipy baseline.

Usage::

    python benchmarks/bench_faults.py [--trials 100] [--save]

For ~10K-router graphs (PolarStar q=23 IQ d'=8, 9,954 routers; Slim Fly q=71,
10,082 routers; SpectralFly LPS(23,29), 12,180 routers) it times

* ours -- ``lowdiam.faults.disconnection_ratio(topology, trials, seed)``:
  NumPy permutations + numba union-find per trial (trials in parallel);
  the first (compile / cache-load) call is made on a tiny graph beforehand;
* baseline -- per trial, a binary search over the number of failed links with
  ``scipy.sparse.csgraph.connected_components`` (O(E log E) per trial; a
  BFS after every single removal would be O(E^2) and is not run).  The
  baseline runs on a few trials and is extrapolated linearly; its counts must
  equal ours on those trials (a correctness check).

Target (issue 7): 100 trials on a 10K-router graph in under 10 s.
``--save`` writes ``benchmarks/results/faults.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from lowdiam import faults
from lowdiam import topologies as T

RESULTS = Path(__file__).resolve().parent / "results" / "faults.json"

CASES = [
    ("PolarStar IQ q=23 d'=8", lambda: T.polarstar(23, "iq", 8)),
    ("Slim Fly q=71", lambda: T.slimfly(71)),
    ("SpectralFly LPS(23,29)", lambda: T.lps(23, 29)),
]


def baseline_count(n: int, edges: np.ndarray, order: np.ndarray) -> int:
    """First k with the graph missing order[:k] disconnected, by binary search (scipy)."""

    def connected(k: int) -> bool:
        keep = np.ones(edges.shape[0], dtype=bool)
        keep[order[:k]] = False
        e = edges[keep]
        a = csr_matrix((np.ones(e.shape[0], dtype=np.int8), (e[:, 0], e[:, 1])), shape=(n, n))
        return connected_components(a, directed=False)[0] == 1

    lo, hi = 0, edges.shape[0]  # connected(lo) is True, connected(hi) is False
    while hi - lo > 1:
        mid = (lo + hi) // 2
        lo, hi = (mid, hi) if connected(mid) else (lo, mid)
    return hi


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--baseline-trials", type=int, default=3)
    ap.add_argument("--save", action="store_true")
    args = ap.parse_args()

    faults.disconnection_ratio(T.slimfly(5), 2, 0)  # numba cache load outside the timings
    rows = []
    print(f"{'graph':26s}{'routers':>8s}{'links':>9s}{'ours s':>9s}{'base s/100':>11s}{'median':>8s}")
    for label, build in CASES:
        top = build()
        t0 = time.perf_counter()
        ratios = faults.disconnection_ratio(top, args.trials, seed=0)
        t_ours = time.perf_counter() - t0
        orders = faults.failure_sequences(top, args.baseline_trials, seed=0)
        t0 = time.perf_counter()
        base = [baseline_count(top.num_routers, top.edges, o) for o in orders]
        t_base = (time.perf_counter() - t0) / args.baseline_trials * args.trials
        assert np.array_equal(np.array(base), np.rint(ratios[: args.baseline_trials] * top.num_edges)), label
        rows.append(dict(graph=label, routers=top.num_routers, links=top.num_edges, trials=args.trials,
                         seconds=t_ours, baseline_seconds_extrapolated=t_base,
                         median_ratio=float(np.median(ratios))))
        print(f"{label:26s}{top.num_routers:8d}{top.num_edges:9d}{t_ours:9.2f}{t_base:11.1f}"
              f"{np.median(ratios):8.3f}")
    if args.save:
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps({"machine": platform.processor() or platform.machine(),
                                       "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
