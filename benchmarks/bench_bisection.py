"""Bisection, spectrum and path-structure metrics: time and quality.

Usage::

    python benchmarks/bench_bisection.py [--quick]

For PolarStar, SpectralFly (LPS) and Slim Fly at ~1K, ~10K and ~33K routers
(``--quick``: ~1K and ~10K only) it times

* ``bisection``  -- METIS through pymetis plus exact rebalancing, 1 and 8
  trials; reported with the cut fraction and the spread over trials;
* networkx ``kernighan_lin_bisection`` (seeded, balanced by construction) on
  the ~1K graphs only, as a quality and speed baseline for METIS;
* ``spectral``   -- dense (all eigenvalues) on ~1K, sparse Lanczos everywhere;
* ``girth`` and ``path_multiplicity`` (all-pairs shortest-path counts).

The first call of every numba kernel happens on a tiny graph before timing
(compile / cache load is not counted).  Results go to
``benchmarks/results/bisection.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import numpy as np

from lowdiam import topologies as T
from lowdiam.metrics import bisection, girth, path_multiplicity, spectral

SIZES = {  # label -> constructor call (routers)
    "~1K": [("PolarStar", lambda: T.polarstar(11, "iq", 3)),      # 1064
            ("LPS", lambda: T.lps(23, 13)),                         # 1092
            ("SlimFly", lambda: T.slimfly(23))],                    # 1058
    "~10K": [("PolarStar", lambda: T.polarstar(23, "iq", 8)),      # 9954
             ("LPS", lambda: T.lps(13, 29)),                        # 12180
             ("SlimFly", lambda: T.slimfly(71))],                   # 10082
    "~33K": [("PolarStar", lambda: T.polarstar(32, "iq", 15)),     # 33824
             ("LPS", lambda: T.lps(17, 43)),                        # 39732
             ("SlimFly", lambda: T.slimfly(128))],                  # 32768
}


def _timed(fn, repeat: int = 1):
    best, out = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t0)
    return best, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="~1K and ~10K routers only")
    args = ap.parse_args()

    # warm numba kernels (cache load / compile) outside the timings
    tiny = T.slimfly(5)
    bisection(tiny, trials=1)
    girth(tiny)
    path_multiplicity(tiny)
    spectral(tiny)

    rows = []
    for size, items in SIZES.items():
        if args.quick and size == "~33K":
            continue
        for fam, build in items:
            t_build, t = _timed(build)
            row = {"size": size, "family": fam, "name": t.name, "routers": t.num_routers,
                   "links": t.num_edges, "build_s": round(t_build, 3)}
            s1, b1 = _timed(lambda t=t: bisection(t, trials=1, seed=0), repeat=3)
            s8, b8 = _timed(lambda t=t: bisection(t, trials=8, seed=0))
            row.update(metis_1trial_s=round(s1, 4), metis_8trials_s=round(s8, 4),
                       cut_1trial=b1.cut_edges, cut_8trials=b8.cut_edges,
                       fraction_8trials=round(b8.fraction, 5),
                       trial_spread=[int(b8.trial_cuts.min()), int(b8.trial_cuts.max())])
            if size == "~1K":
                import networkx as nx
                from networkx.algorithms.community import kernighan_lin_bisection

                g = t.to_networkx()
                skl, parts = _timed(lambda g=g: kernighan_lin_bisection(g, seed=0))
                a = np.zeros(t.num_routers, dtype=np.int8)
                a[list(parts[1])] = 1
                row.update(kl_s=round(skl, 3), kl_cut=int(nx.cut_size(g, parts[0], parts[1])))
                sd, spd = _timed(lambda t=t: spectral(t, method="dense"))
                row.update(spectral_dense_s=round(sd, 3))
            ss, sps = _timed(lambda t=t: spectral(t, method="sparse"))
            sg, g_ = _timed(lambda t=t: girth(t))
            row.update(spectral_sparse_s=round(ss, 3), mu1=round(sps.mu1, 5), girth_s=round(sg, 4), girth=g_)
            if t.num_routers <= 12000:
                sp, pm = _timed(lambda t=t: path_multiplicity(t))
                row.update(path_multiplicity_s=round(sp, 3), sp_ratio=round(pm.sp_ratio, 5))
            rows.append(row)
            print(json.dumps(row), flush=True)

    out = {"machine": {"python": platform.python_version(), "processor": platform.processor(),
                       "cpus": __import__("os").cpu_count()},
           "quick": args.quick, "rows": rows}
    path = Path(__file__).resolve().parent / "results" / "bisection.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=1))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
