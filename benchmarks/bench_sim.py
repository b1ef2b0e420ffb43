"""Simulator benchmark: cycles per second on the issue's reference configuration.

Reference: a 1064-router random regular graph of degree 15 (the size and
radix of PolarStar PS-IQ), 5 endpoints per router, 4-flit packets, 4 VCs of
32 flits, uniform traffic, MIN routing, offered load 0.3, 6,000 cycles
(1,000 warm-up + 5,000 measured, no drain).  BookSim2 (-O3) runs this at
about 21 cycles/s on the machine class of this project.

Also reported: numba compile time (cold, empty cache, in a subprocess) and
cache-load time, latency at loads 0.1 / 0.3 / 0.5, the saturation load
(bisection on the saturation rule of :mod:`lowdiam.sim.results`), and the
other routing algorithms at load 0.3.  The graph is exported as a BookSim
``anynet`` file so the numbers can be compared with BookSim on the same graph.

Usage: ``python benchmarks/bench_sim.py [--quick]``; writes
``benchmarks/results/sim.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from lowdiam.sim import channel_load_bound, saturation_load, simulate
from lowdiam.sim.routings import max_route_length
from lowdiam.topologies import Topology

BOOKSIM_CYCLES_PER_SECOND = 21.0
RESULTS = Path(__file__).resolve().parent / "results"
CONFIG = {"endpoints_per_router": 5, "packet_flits": 4, "vcs": 4, "buffer_flits": 32, "router": "ideal"}

_COMPILE_SNIPPET = """
import time
t0 = time.perf_counter()
from lowdiam.sim import simulate
from lowdiam.topologies import Topology
t1 = time.perf_counter()
top = Topology.from_edges("k3", "complete", 3, [(0, 1), (0, 2), (1, 2)], endpoints_per_router=2)
simulate(top, "min", "uniform", 0.1, warmup_cycles=10, measure_cycles=10, router="ideal")
t2 = time.perf_counter()
print(t1 - t0, t2 - t1)
"""


def reference_graph(seed: int = 1) -> Topology:
    """The 1064-router degree-15 random regular graph (Jellyfish constructor when present)."""
    try:
        from lowdiam.topologies import jellyfish

        return jellyfish(1064, 15, endpoints_per_router=5, seed=seed)
    except (ImportError, AttributeError, TypeError):
        import networkx as nx

        g = nx.random_regular_graph(15, 1064, seed=seed)
        return Topology.from_edges("rrg1064_d15", "jellyfish", 1064, list(g.edges()), endpoints_per_router=5)


def compile_times() -> dict[str, float]:
    """(import, first simulate) seconds in fresh interpreters: empty numba cache, then warm cache."""
    out = {}
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, NUMBA_CACHE_DIR=cache)
        for label in ("cold", "cached"):
            res = subprocess.run(
                [sys.executable, "-c", _COMPILE_SNIPPET], env=env, capture_output=True, text=True, check=True
            )
            imp, first = map(float, res.stdout.split())
            out[f"{label}_import_s"] = imp
            out[f"{label}_first_run_s"] = first
    return out


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="shorter runs, coarse saturation search")
    args = ap.parse_args(argv)
    RESULTS.mkdir(parents=True, exist_ok=True)

    print("numba compile (fresh processes) ...", flush=True)
    comp = compile_times()

    top = reference_graph()
    anynet = RESULTS / "rrg1064_d15.anynet"
    top.write(anynet, "anynet")
    from lowdiam.metrics.distances import distance_matrix

    D = distance_matrix(top)
    diameter = int(D.max())

    # warm the in-process caches (distance matrix, jit) so the timed run is the kernel
    simulate(top, "min", "uniform", 0.3, warmup_cycles=10, measure_cycles=10, drain="none", **CONFIG)
    warm, meas = (500, 1500) if args.quick else (1000, 5000)
    reps = 1 if args.quick else 3
    runs = []
    for rep in range(reps):
        r = simulate(
            top, "min", "uniform", 0.3, warmup_cycles=warm, measure_cycles=meas, drain="none", seed=rep, **CONFIG
        )
        runs.append(r)
    cps = [r.cycles_per_second for r in runs]
    best = max(cps)
    ref = runs[int(np.argmax(cps))]
    # the flit-level wormhole kernel on the same configuration, side by side
    simulate(
        top, "min", "uniform", 0.3, warmup_cycles=10, measure_cycles=10, drain="none", flow_control="wormhole", **CONFIG
    )
    wh = simulate(
        top,
        "min",
        "uniform",
        0.3,
        warmup_cycles=warm,
        measure_cycles=meas,
        drain="none",
        seed=0,
        flow_control="wormhole",
        **CONFIG,
    )

    rows = []
    lw, lm = (500, 1500) if args.quick else (1000, 5000)
    for load in (0.1, 0.3, 0.5):
        r = simulate(top, "min", "uniform", load, warmup_cycles=lw, measure_cycles=lm, seed=7, **CONFIG)
        rows.append(
            {
                "load": load,
                "accepted": r.accepted_load,
                "latency_mean": r.latency_mean,
                "latency_p50": r.latency_p50,
                "latency_p99": r.latency_p99,
                "network_latency": r.network_latency_mean,
                "hops": r.hops_mean,
                "saturated": r.saturated,
                "cycles_per_second": r.cycles_per_second,
            }
        )
    sw, sm = (300, 1000) if args.quick else (1000, 3000)
    t0 = time.perf_counter()
    sat = saturation_load(
        top,
        lo=0.3,
        hi=1.0,
        tol=0.05 if args.quick else 0.02,
        routing="min",
        traffic="uniform",
        warmup_cycles=sw,
        measure_cycles=sm,
        seed=3,
        **CONFIG,
    )
    sat_seconds = time.perf_counter() - t0
    # the oblivious MIN's channel-load bound: how close the input-queued simulator gets to the graph's limit
    t0 = time.perf_counter()
    bound = channel_load_bound(top, "min", "uniform", seed=3)
    bound_seconds = time.perf_counter() - t0

    # PolarStar's analytic routing (factor-graph tables) against MIN on the full distance table
    from lowdiam.sim.routings.polarstar_min import polarstar_fields
    from lowdiam.topologies import polarstar

    ps = polarstar(11, "iq", 3, endpoints_per_router=5)
    tb = polarstar_fields(ps)
    ps_rows = []
    for routing in ("min", "polarstar-min"):
        simulate(ps, routing, "uniform", 0.3, warmup_cycles=10, measure_cycles=10, drain="none", **CONFIG)
        r = simulate(
            ps, routing, "uniform", 0.3, warmup_cycles=warm, measure_cycles=meas, drain="none", seed=0, **CONFIG
        )
        ps_rows.append(
            {
                "routing": routing,
                "accepted": r.accepted_load,
                "latency_mean": r.latency_mean,
                "hops": r.hops_mean,
                "cycles_per_second": r.cycles_per_second,
            }
        )
    ps_table_bytes = {
        "full_distance_table": ps.num_routers**2,
        "factor_tables": int(sum(a.nbytes for a in tb.values())),
    }

    others = []
    if not args.quick:
        for routing in ("min-single", "valiant", "ugal", "polarized"):
            vcs = max(max_route_length(routing, D, top.endpoints > 0), 1)
            cfg = dict(CONFIG, vcs=vcs)
            try:
                r = simulate(top, routing, "uniform", 0.3, warmup_cycles=1000, measure_cycles=3000, seed=5, **cfg)
                others.append(
                    {
                        "routing": routing,
                        "vcs": vcs,
                        "accepted": r.accepted_load,
                        "latency_mean": r.latency_mean,
                        "latency_p99": r.latency_p99,
                        "hops": r.hops_mean,
                        "saturated": r.saturated,
                        "cycles_per_second": r.cycles_per_second,
                    }
                )
            except (ValueError, RuntimeError) as exc:
                others.append({"routing": routing, "vcs": vcs, "error": str(exc)})

    report = {
        "config": dict(
            topology=top.name,
            routers=top.num_routers,
            degree=top.radix,
            diameter=diameter,
            endpoints=top.num_endpoints,
            routing="min",
            traffic="uniform",
            load=0.3,
            cycles=warm + meas,
            **CONFIG,
        ),
        "cycles_per_second": best,
        "cycles_per_second_all": cps,
        "speedup_vs_booksim": best / BOOKSIM_CYCLES_PER_SECOND,
        "booksim_cycles_per_second": BOOKSIM_CYCLES_PER_SECOND,
        "reference_run": {
            "accepted": ref.accepted_load,
            "latency_mean": ref.latency_mean,
            "latency_p99": ref.latency_p99,
            "hops": ref.hops_mean,
            "wall_seconds": ref.wall_seconds,
        },
        "wormhole": {
            "cycles_per_second": wh.cycles_per_second,
            "accepted": wh.accepted_load,
            "latency_mean": wh.latency_mean,
            "ratio_to_vct": wh.cycles_per_second / best,
        },
        "polarstar_routing": {"topology": ps.name, "runs": ps_rows, "table_bytes": ps_table_bytes},
        "compile": comp,
        "latency_vs_load": rows,
        "saturation_load": sat,
        "saturation_search_seconds": sat_seconds,
        "min_channel_load_bound": bound.bound,
        "min_channel_load_bound_seconds": bound_seconds,
        "routings_at_0_3": others,
        "anynet_file": str(anynet.relative_to(RESULTS.parent.parent))
        if anynet.is_relative_to(RESULTS.parent.parent)
        else str(anynet),
        "quick": args.quick,
        "machine": {"python": platform.python_version(), "cpu_count": os.cpu_count(), "platform": platform.platform()},
    }
    (RESULTS / "sim.json").write_text(json.dumps(report, indent=2, default=float) + "\n")

    print(
        f"\n{top.name}: {top.num_routers} routers, degree {top.radix}, diameter {diameter}, "
        f"{top.num_endpoints} endpoints"
    )
    print(
        f"MIN / uniform / load 0.3, {warm + meas} cycles: {best:,.0f} cycles/s "
        f"(runs: {', '.join(f'{c:,.0f}' for c in cps)}), {best / BOOKSIM_CYCLES_PER_SECOND:.0f}x BookSim2's ~21"
    )
    print(
        f"wormhole (flit-level) on the same run: {wh.cycles_per_second:,.0f} cycles/s "
        f"({wh.cycles_per_second / best:.2f}x cut-through), accepted {wh.accepted_load:.3f}, "
        f"latency {wh.latency_mean:.1f}"
    )
    for r in ps_rows:
        print(
            f"{ps.name} {r['routing']:>13}: {r['cycles_per_second']:,.0f} cycles/s, accepted {r['accepted']:.3f}, "
            f"latency {r['latency_mean']:.2f}, hops {r['hops']:.3f}"
        )
    print(
        f"  routing tables: N^2 distance table {ps_table_bytes['full_distance_table']:,} B vs factor-graph tables "
        f"{ps_table_bytes['factor_tables']:,} B"
    )
    print(f"numba compile: cold {comp['cold_first_run_s']:.1f} s, from cache {comp['cached_first_run_s']:.1f} s")
    print(
        f"\n{'load':>5} {'accepted':>9} {'lat mean':>9} {'p50':>6} {'p99':>6} {'net lat':>8} "
        f"{'hops':>5} {'sat':>4} {'cyc/s':>7}"
    )
    for r in rows:
        print(
            f"{r['load']:5.2f} {r['accepted']:9.4f} {r['latency_mean']:9.2f} {r['latency_p50']:6.0f} "
            f"{r['latency_p99']:6.0f} {r['network_latency']:8.2f} {r['hops']:5.2f} {str(r['saturated'])[0]:>4} "
            f"{r['cycles_per_second']:7.0f}"
        )
    print(
        f"saturation load (MIN, uniform): {sat:.3f}  [{sat_seconds:.0f} s search]; channel-load bound "
        f"{bound.bound:.3f} [{bound_seconds:.2f} s]: saturation at {sat / bound.bound:.0%} of it"
    )
    for o in others:
        if "error" in o:
            print(f"  {o['routing']:>10} (vcs {o['vcs']}): {o['error']}")
        else:
            print(
                f"  {o['routing']:>10} (vcs {o['vcs']}): accepted {o['accepted']:.3f}, latency {o['latency_mean']:.1f} "
                f"(p99 {o['latency_p99']:.0f}), hops {o['hops']:.2f}, {o['cycles_per_second']:.0f} cycles/s"
            )
    print(f"\nwrote {RESULTS / 'sim.json'} and {anynet}")
    return report


if __name__ == "__main__":
    main()
