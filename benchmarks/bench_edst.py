"""EDSTs of star products: construction + verification vs generic baselines.

Usage::

    python benchmarks/bench_edst.py [--quick]

For PolarStar(16, paley, 18) (10,101 routers, radix 35) and, with the full
run, also a Bundlefly and a Slim Fly of similar size, it times

* factor   -- exact matroid-partition packing of the two factor graphs
  (ER_q and the supernode; done once per factor pair, cold);
* build    -- each star-product construction (universal, low-depth, maximum)
  from the factor EDSTs (linear in the number of links);
* verify   -- ``verify_edsts`` (numba union-find + sorted edge keys);
* nx-verify -- the same check with networkx (``nx.is_tree`` on each tree
  and a Python set for disjointness), the obvious baseline.

The generic exact packing of the *whole* router graph is timed side by side
on a small product (PolarStar(5, iq, 3), 248 routers) where it finishes.
Results go to ``benchmarks/results/edst.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

import networkx as nx

from lowdiam import edst as E
from lowdiam import topologies as T


def _nx_verify(topology, trees) -> bool:
    g = nx.Graph(topology.edges.tolist())
    seen: set[tuple[int, int]] = set()
    for t in trees:
        tg = nx.Graph()
        tg.add_nodes_from(range(topology.num_routers))
        tg.add_edges_from(t.tolist())
        if not nx.is_tree(tg) or not all(g.has_edge(a, b) for a, b in t.tolist()):
            return False
        for a, b in t.tolist():
            k = (min(a, b), max(a, b))
            if k in seen:
                return False
            seen.add(k)
    return True


def _bench(topology) -> dict:
    out = {"name": topology.name, "routers": topology.num_routers, "links": topology.num_edges, "radix": topology.radix}
    t0 = time.perf_counter()
    view = E.star_product_view(topology)
    out["view_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    P1, P2 = E.factor_packings(view)
    out["factor_s"] = time.perf_counter() - t0
    out["t1"], out["t2"] = P1.t, P2.t
    best = None
    for m in E.METHODS:
        t0 = time.perf_counter()
        try:
            res = E.construct_edsts(view, m, verify=False)
        except E.NoPropertyVD1Split as err:
            out[m] = {"count": None, "why": str(err)}
            continue
        tb = time.perf_counter() - t0
        E.verify_edsts(topology, res.trees)  # warm numba
        t0 = time.perf_counter()
        E.verify_edsts(topology, res.trees)
        tv = time.perf_counter() - t0
        out[m] = {"count": res.count, "build_s": tb, "verify_s": tv}
        if best is None or res.count > best.count:
            best = res
    t0 = time.perf_counter()
    ok = _nx_verify(topology, best.trees)
    out["nx_verify_s"] = time.perf_counter() - t0
    assert ok
    out["upper_bound"] = E.combinatorial_bound(topology)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="only the 10K PolarStar and the small generic comparison")
    args = ap.parse_args()
    tops = [T.polarstar(16, "paley", 18)]
    if not args.quick:
        # the 2D HyperX K_64 x K_64 reaches its bound only through Property V-D.1
        tops += [T.bundlefly(17, 16), T.slimfly(64), T.star_product(T.complete(64), T.complete(64))]
    results = {"machine": platform.platform(), "processor": platform.processor(), "large": [], "small": {}}
    E.verify_edsts(nx.complete_graph(4), E.edst_packing(nx.complete_graph(4)).trees)  # numba cache load
    print(f"{'network':30s} {'N':>6s} {'links':>7s} {'t1':>3s} {'t2':>3s} {'factor s':>9s} "
          f"{'method':>19s} {'#':>3s} {'UB':>3s} {'build s':>8s} {'verify s':>9s} {'nx-verify s':>11s}")
    for topo in tops:
        r = _bench(topo)
        results["large"].append(r)
        for m in E.METHODS:
            if r[m]["count"] is None:
                print(f"{r['name']:30s} {m:>19s}: {r[m]['why'][:90]}")
                continue
            print(f"{r['name']:30s} {r['routers']:6d} {r['links']:7d} {r['t1']:3d} {r['t2']:3d} {r['factor_s']:9.2f} "
                  f"{m:>19s} {r[m]['count']:3d} {r['upper_bound']:3d} {r[m]['build_s']:8.3f} {r[m]['verify_s']:9.4f} "
                  f"{r['nx_verify_s']:11.2f}")
    small = T.polarstar(5, "iq", 3)
    t0 = time.perf_counter()
    trees = E.star_product_edsts(small)
    t_star = time.perf_counter() - t0
    t0 = time.perf_counter()
    gen = E.edst_packing(small)
    t_gen = time.perf_counter() - t0
    results["small"] = {"name": small.name, "routers": small.num_routers, "star_count": len(trees), "star_s": t_star,
                        "generic_count": gen.t, "generic_s": t_gen, "upper_bound": E.combinatorial_bound(small)}
    print(f"\n{small.name} ({small.num_routers} routers): star_product_edsts {len(trees)} trees in {t_star:.3f} s "
          f"(factor packing included) | generic exact packing {gen.t} trees in {t_gen:.2f} s | bound "
          f"{results['small']['upper_bound']}")
    path = Path(__file__).resolve().parent / "results" / "edst.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(results, indent=1))
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
