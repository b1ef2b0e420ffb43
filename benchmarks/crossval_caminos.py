"""Cross-validate ``lowdiam.sim.caminos`` against runs of CAMINOS itself.

Usage::

    python benchmarks/crossval_caminos.py ours [--graphs sf5,hx444] [--seeds 1,2,3]
    python benchmarks/crossval_caminos.py reference --caminos PATH/caminos-run --graphs ps,lps
    python benchmarks/crossval_caminos.py summary

``ours``       runs the model at every reference point (same graph, routing,
               traffic, VCs, load, 2,000 + 3,000 cycles) and appends one row per
               run to ``figures/crossval/caminos_ours.csv``.  Uniform traffic
               runs seed 1 only; random permutations run every ``--seeds``
               (CAMINOS draws its own permutation, so they are compared as a
               spread).  Points already in the CSV are skipped (resumable).
``reference``  runs the CAMINOS binary (built with the project's offline CAMINOS build script, kept
               outside this repository)
               on graphs of ``EXTRA_GRAPHS`` with the configuration of
               ``tests/data/caminos/template.cfg`` and appends to
               ``figures/crossval/caminos_reference_extra.csv`` (same columns
               as ``tests/data/caminos/caminos_runs.csv``).  Resumable too.
``reference-seeds``  CAMINOS itself with other seeds (other permutations) at a few
               permutation points, to see its own spread
               (``figures/crossval/caminos_reference_seeds.csv``).
``speed``      CPU seconds per run of both simulators on a few points
               (``figures/crossval/caminos_speed.csv``).
``neighbor``   the Polarized paper's third pattern (router permutation to a neighbour, Fig. 6) on the
               notebook-05 quick RRG: the *same* server map in both simulators (ours written to a file
               and read by CAMINOS's ``FileMap`` pattern), min and polarized, both simulators, appended to
               ``figures/crossval/caminos_neighbor.csv`` (resumable).
``paper-rrg``  CAMINOS itself on the Polarized paper's own network size, notebook 05's paper-profile RRG
               (``jellyfish(720, 17, 1)``, 7 servers per router, exported unchanged), ``--traffics`` (default
               uniform; ``neighbor``: the router permutation to a neighbour of Fig. 6, our server map read by
               ``FileMap``), with the paper profile's windows (3,000 + 5,000 cycles), at ``--loads`` (default:
               past minimal routing's saturation, where Fig. 4's latency statement is read); appended to
               ``figures/crossval/caminos_paper_rrg.csv`` (resumable).  lowdiam's side of the same points is the
               recorded paper-profile curves (``results/paper/05_simulation/05_polarized_fig4_6.csv``).
``omni``       Omni-dimensional routing (CAMINOS ``OmniDimensionalDeroute{allowed_deroutes: 3, include_labels:
               true}``, the Polarized paper's reference on the Hamming graph, its Fig. 8) on HyperX 4x4x4 with 4
               servers per router, in both simulators at ``EXTRA_LOADS``, uniform and random server permutation
               (seed 1), 2,000 + 3,000 cycles.  CAMINOS's Omni needs its own Cartesian topology
               (``Hamming{sides: [4, 4, 4]}``: the same graph, its own numbering), so this runs there instead of
               our ``File`` export; appended to ``figures/crossval/caminos_omni.csv`` (resumable).
``summary``    writes ``figures/crossval/caminos_summary.csv`` (per graph,
               routing and traffic: saturation load of both simulators,
               accepted load and latency side by side, the targets' verdicts)
               and the figure ``figures/crossval/caminos_crossval.{png,pdf}``.

Saturation load of a sweep: the largest offered load of the grid whose
accepted load is at least 95 % of it (lowdiam's saturation tolerance, applied
to both simulators' numbers alike).
"""

from __future__ import annotations

import argparse
import csv
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
REF = ROOT / "tests" / "data" / "caminos" / "caminos_runs.csv"
TEMPLATE = ROOT / "tests" / "data" / "caminos" / "template.cfg"
OUT = ROOT / "figures" / "crossval"
OURS = OUT / "caminos_ours.csv"
EXTRA = OUT / "caminos_reference_extra.csv"
SUMMARY = OUT / "caminos_summary.csv"
SPEED = OUT / "caminos_speed.csv"
SEEDS = OUT / "caminos_reference_seeds.csv"
SPREAD = OUT / "caminos_permutation_spread.csv"
NEIGHBOR = OUT / "caminos_neighbor.csv"
PAPER_RRG = OUT / "caminos_paper_rrg.csv"
PAPER_RRG_COLUMNS = ["graph", "p", "routing", "traffic", "vcs", "load", "seed", "simulator", "accepted", "latency",
                     "network_latency", "hops", "jain", "cycles", "warmup_cycles", "measure_cycles", "cpu_seconds"]
PAPER_WINDOWS = (3000, 5000)  # notebook 05's paper profile (SIM_POL)
OMNI = OUT / "caminos_omni.csv"
OMNI_COLUMNS = ["graph", "p", "routing", "traffic", "deroutes", "vcs", "load", "seed", "simulator", "accepted",
                "latency", "network_latency", "hops", "jain", "cycles"]
NEIGHBOR_COLUMNS = ["graph", "p", "routing", "vcs", "load", "seed", "simulator", "accepted", "latency", "hops",
                    "cycles"]
SPEED_COLUMNS = ["graph", "routing", "traffic", "load", "simulator", "cycles", "cpu_seconds", "cycles_per_cpu_second"]
REF_COLUMNS = ["graph", "p", "routing", "traffic", "vcs", "load", "accepted", "latency", "network_latency", "hops",
               "jain", "cycles"]
OUR_COLUMNS = ["graph", "routing", "traffic", "vcs", "load", "seed", "accepted", "offered", "latency",
               "network_latency", "hops", "jain", "dropped_fraction", "saturated", "cycles", "wall_seconds",
               "cycles_per_second"]
ROUTING = {"min": "min-adaptive", "valiant": "valiant", "polarized": "polarized"}
TRAFFIC = {"uniform": "uniform", "permutation": "server_perm"}
CAMINOS_TRAFFIC = {"uniform": "Uniform", "permutation": "RandomPermutation"}
WARMUP, MEASURED = 2000, 3000
EXTRA_LOADS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0]
TOL = 0.05


def graph(name: str):
    from lowdiam import topologies as T

    return {
        "sf5": lambda: T.slimfly(5).with_endpoints(4),
        "hx444": lambda: T.hyperx(4, 4, 4).with_endpoints(4),
        "ps": lambda: T.polarstar(2, "iq", 3).with_endpoints(3),
        "lps": lambda: T.lps(3, 5, require_ramanujan=False).with_endpoints(2),
    }[name]()


EXTRA_GRAPHS = ("ps", "lps")


def read_csv(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with open(path) as f:
        return list(csv.DictReader(f))


def append_row(path: Path, columns: list[str], row: dict) -> None:
    new = not path.exists()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", newline="") as f:
        w = csv.DictWriter(f, fieldnames=columns)
        if new:
            w.writeheader()
        w.writerow({k: row[k] for k in columns})


def reference_rows() -> list[dict]:
    return read_csv(REF) + read_csv(EXTRA)


# ---------------------------------------------------------------- ours


def cmd_ours(graphs: list[str], seeds: list[int]) -> None:
    from lowdiam.sim.caminos import run_caminos

    done = {(r["graph"], r["routing"], r["traffic"], float(r["load"]), int(r["seed"])) for r in read_csv(OURS)}
    todo = []
    for r in reference_rows():
        if r["graph"] not in graphs:
            continue
        for seed in (seeds if r["traffic"] == "permutation" else [1]):
            key = (r["graph"], r["routing"], r["traffic"], float(r["load"]), seed)
            if key not in done:
                todo.append((key, int(r["vcs"])))
                done.add(key)
    topo = {}
    for i, ((g, routing, traffic, load, seed), vcs) in enumerate(todo):
        if g not in topo:
            topo[g] = graph(g)
        res = run_caminos(topo[g], ROUTING[routing], TRAFFIC[traffic], load, vcs=vcs, packet_flits=16,
                          warmup_cycles=WARMUP, measure_cycles=MEASURED, seed=seed)
        row = {"graph": g, "routing": routing, "traffic": traffic, "vcs": vcs, "load": load, "seed": seed,
                   **lowdiam_measures(res), "offered": round(res.offered_load_actual, 4),
                   "dropped_fraction": round(res.params["dropped_fraction"], 4), "saturated": int(res.saturated),
                   "wall_seconds": round(res.wall_seconds, 3),
                   "cycles_per_second": round(res.cycles / res.wall_seconds)}
        append_row(OURS, OUR_COLUMNS, row)
        print(f"[{i + 1}/{len(todo)}] {g} {routing} {traffic} load {load} seed {seed}: accepted {row['accepted']}, "
              f"latency {row['latency']}, {row['cycles_per_second']} cycles/s", flush=True)


# ---------------------------------------------------------------- CAMINOS itself


def caminos_config(graph_path: Path | None, p: int, servers: int, routing: str, traffic: str, vcs: int, load: float,
                   seed: int, windows: tuple[int, int] = (WARMUP, MEASURED), *, hamming: tuple[int, ...] = (),
                   deroutes: int = 0) -> str:
    """CAMINOS configuration of one run (the template's Table 3 router); ``hamming`` = sides: CAMINOS's own
    ``Hamming`` topology instead of the ``File`` export at ``graph_path`` (its Omni routing needs one)."""
    occupancy = ("OccupancyFunction{label_coefficient: 1, occupancy_coefficient: 1, product_coefficient: 0, "
                 "constant_coefficient: 0, use_internal_space: true, use_neighbour_space: true, aggregate: false}")
    tail = f"{occupancy}, LowestLabel, EnforceFlowControl, Random"
    if routing == "polarized":
        policies = f"Hops, VecLabel{{label_vector: [0, 64, 80]}}, {tail}"
        cv_routing = "Polarized{include_labels: true}"
    elif routing == "omni":
        policies = f"Hops, {tail}"
        cv_routing = f"OmniDimensionalDeroute{{allowed_deroutes: {deroutes}, include_labels: true}}"
    else:
        policies = f"Hops, {tail}"
        cv_routing = "Shortest" if routing == "min" else "Valiant{first: Shortest, second: Shortest}"
    text = TEMPLATE.read_text()
    if hamming:
        start = text.index("topology: File")
        end = text.index("\n\t},", start) + 4  # the File object's closing brace
        text = (text[:start] + f"topology: Hamming {{ sides: [{', '.join(map(str, hamming))}], "
                f"servers_per_router: {p} }}," + text[end:])
        # Hamming gives dimension i link class i and the server links the next: one class more than File's
        two = "link_classes: [ LinkClass { delay: 1 }, LinkClass { delay: 1 } ]"
        text = text.replace(two, f"link_classes: [ {', '.join(['LinkClass { delay: 1 }'] * (len(hamming) + 1))} ]")
    for key, value in {"seed": seed, "warmup": windows[0], "measured": windows[1], "graph_path": graph_path, "p": p,
                           "pattern": CAMINOS_TRAFFIC[traffic], "servers": servers, "load": load, "vcs": vcs,
                           "policies": policies, "routing": cv_routing}.items():
        text = text.replace("{" + key + "}", str(value))
    return text


def cmd_reference(caminos: str, graphs: list[str], traffics: list[str]) -> None:
    from lowdiam.sim.caminos import required_vcs

    done = {(r["graph"], r["routing"], r["traffic"], float(r["load"])) for r in read_csv(EXTRA)}
    tmp = Path(tempfile.mkdtemp(prefix="caminos_xval_"))
    for traffic in traffics:
        for g in graphs:
            topo = graph(g)
            path = tmp / f"{g}.txt"
            path.write_text(topo.to_caminos())
            p = topo.endpoints_per_router
            for routing, ours in ROUTING.items():
                try:
                    vcs = required_vcs(topo, ours)
                except ValueError as exc:  # Polarized corners: CAMINOS panics there too
                    print(f"skip {g} {routing}: {exc}", flush=True)
                    continue
                for load in EXTRA_LOADS:
                    if (g, routing, traffic, load) in done:
                        continue
                    cfg = tmp / "run.cfg"
                    cfg.write_text(caminos_config(path, p, topo.num_endpoints, routing, traffic, vcs, load, 1))
                    t0 = time.perf_counter()
                    out = subprocess.run([caminos, str(cfg)], capture_output=True, text=True, check=True).stdout
                    wall = time.perf_counter() - t0
                    res = json.loads(out[out.index("RESULT_JSON") + len("RESULT_JSON"):].strip().splitlines()[0])
                    row = {"graph": g, "p": p, "routing": routing, "traffic": traffic, "vcs": vcs, "load": load,
                           **caminos_measures(res)}
                    append_row(EXTRA, REF_COLUMNS, row)
                    print(f"CAMINOS {g} {routing} {traffic} load {load}: accepted {row['accepted']}, latency "
                          f"{row['latency']} ({wall:.1f} s, {res['cycle'] / wall:.0f} cycles/s)", flush=True)


def lowdiam_measures(res) -> dict:
    """The same measured columns from one of our ``SimResult``, rounded alike (``caminos_measures``' counterpart)."""
    return {"accepted": round(res.accepted_load, 4), "latency": round(res.latency_mean, 2),
            "network_latency": round(res.network_latency_mean, 2), "hops": round(res.hops_mean, 3),
            "jain": round(res.params["jain_consumed"], 4), "cycles": res.cycles}


def caminos_measures(res: dict) -> dict:
    """The measured columns of a reference row (``REF_COLUMNS``) from CAMINOS's result JSON, rounded as stored."""
    return {"accepted": round(res["accepted_load"], 4), "latency": round(res["average_message_delay"], 2),
            "network_latency": round(res["average_packet_network_delay"], 2),
            "hops": round(res["average_packet_hops"], 3), "jain": round(res["server_consumption_jain_index"], 4),
            "cycles": int(res["cycle"])}


def run_caminos_binary(caminos: str, cfg_text: str, tmp: Path) -> dict:
    cfg = tmp / "run.cfg"
    cfg.write_text(cfg_text)
    out = subprocess.run([caminos, str(cfg)], capture_output=True, text=True, check=True).stdout
    return json.loads(out[out.index("RESULT_JSON") + len("RESULT_JSON"):].strip().splitlines()[0])


def cmd_reference_seeds(caminos: str, graphs: list[str], routings: list[str], loads: list[float],
                        seeds: list[int]) -> None:
    """CAMINOS's own spread over random permutations: the reference permutation points with other seeds."""
    from lowdiam.sim.caminos import required_vcs

    done = {(r["graph"], r["routing"], float(r["load"]), int(r["seed"])) for r in read_csv(SEEDS)}
    tmp = Path(tempfile.mkdtemp(prefix="caminos_seeds_"))
    for g in graphs:
        topo = graph(g)
        path = tmp / f"{g}.txt"
        path.write_text(topo.to_caminos())
        for routing in routings:
            vcs = required_vcs(topo, ROUTING[routing])
            for load in loads:
                for seed in seeds:
                    if (g, routing, load, seed) in done:
                        continue
                    res = run_caminos_binary(caminos, caminos_config(path, topo.endpoints_per_router,
                                                                     topo.num_endpoints, routing, "permutation",
                                                                     vcs, load, seed), tmp)
                    row = {"graph": g, "p": topo.endpoints_per_router, "routing": routing, "traffic": "permutation",
                           "vcs": vcs, "load": load, **caminos_measures(res), "seed": seed}
                    append_row(SEEDS, [*REF_COLUMNS, "seed"], row)
                    print(f"CAMINOS {g} {routing} permutation load {load} seed {seed}: accepted {row['accepted']}, "
                          f"latency {row['latency']}", flush=True)


def cmd_speed(caminos: str, graphs: list[str]) -> None:
    """CPU time per simulated cycle of both simulators on the same points (CAMINOS's own ``user_time``;
    ours ``time.process_time`` around the run, numba compilation excluded by a warm-up run)."""
    from lowdiam.sim.caminos import required_vcs, run_caminos

    done = {(r["graph"], r["routing"], float(r["load"]), r["simulator"]) for r in read_csv(SPEED)}
    tmp = Path(tempfile.mkdtemp(prefix="caminos_speed_"))
    for g in graphs:
        topo = graph(g)
        path = tmp / f"{g}.txt"
        path.write_text(topo.to_caminos())
        for routing in ("min", "polarized"):
            vcs = required_vcs(topo, ROUTING[routing])
            run_caminos(topo, ROUTING[routing], "uniform", 0.1, vcs=vcs, warmup_cycles=10, measure_cycles=10)
            for load in (0.1, 0.5, 1.0):
                if (g, routing, load, "lowdiam") not in done:
                    t0 = time.process_time()
                    res = run_caminos(topo, ROUTING[routing], "uniform", load, vcs=vcs, warmup_cycles=WARMUP,
                                      measure_cycles=MEASURED, seed=1)
                    cpu = time.process_time() - t0
                    append_row(SPEED, SPEED_COLUMNS, {"graph": g, "routing": routing, "traffic": "uniform",
                                                      "load": load, "simulator": "lowdiam", "cycles": res.cycles,
                                                      "cpu_seconds": round(cpu, 3),
                                                      "cycles_per_cpu_second": round(res.cycles / cpu)})
                if (g, routing, load, "caminos") not in done:
                    cfg = tmp / "run.cfg"
                    cfg.write_text(caminos_config(path, topo.endpoints_per_router, topo.num_endpoints, routing,
                                                  "uniform", vcs, load, 1))
                    out = subprocess.run([caminos, str(cfg)], capture_output=True, text=True, check=True).stdout
                    res = json.loads(out[out.index("RESULT_JSON") + len("RESULT_JSON"):].strip().splitlines()[0])
                    cpu = float(res["user_time"]) + float(res["system_time"])
                    append_row(SPEED, SPEED_COLUMNS, {"graph": g, "routing": routing, "traffic": "uniform",
                                                      "load": load, "simulator": "caminos", "cycles": res["cycle"],
                                                      "cpu_seconds": round(cpu, 3),
                                                      "cycles_per_cpu_second": round(res["cycle"] / cpu)})
                print(f"speed {g} {routing} load {load} done", flush=True)


# ---------------------------------------------------------------- summary and figure


def saturation(loads: np.ndarray, accepted: np.ndarray) -> float:
    """Largest grid load with accepted >= (1 - TOL) x load (0 when even the first fails)."""
    ok = accepted >= (1 - TOL) * loads
    good = loads[ok]
    return float(good.max()) if good.size else 0.0


def curves() -> dict:
    ref, ours = reference_rows(), read_csv(OURS)
    out = {}
    for r in ref:
        key = (r["graph"], r["routing"], r["traffic"])
        out.setdefault(key, {"ref": {}, "ours": {}})["ref"][float(r["load"])] = r
    for r in ours:
        key = (r["graph"], r["routing"], r["traffic"])
        if key in out:
            out[key]["ours"].setdefault(float(r["load"]), []).append(r)
    return out


def cmd_summary() -> None:
    """Per graph / routing / traffic: saturation, accepted load and latency of both simulators and the verdicts.

    Uniform traffic (one seed): saturation within one grid step of CAMINOS's; accepted load at every grid load
    between the CAMINOS values of that load's neighbours (+-0.01); mean latency within 10 % at loads up to 80 %
    of CAMINOS's saturation.  Random permutations (CAMINOS draws its own permutation): the same tests applied
    to the spread of our seeds -- CAMINOS's saturation within one grid step of some seed's, its accepted load
    within [min, max] of ours +-0.015 and its latency within [min, max] of ours +-10 %.
    """
    rows = []
    data = curves()
    for (g, routing, traffic), d in sorted(data.items()):
        loads = np.array(sorted(d["ref"]))
        if not d["ours"] or not all(x in d["ours"] for x in loads):
            continue
        seeds = sorted(set.intersection(*[{int(o["seed"]) for o in d["ours"][x]} for x in loads]))
        by = {x: {int(o["seed"]): o for o in d["ours"][x]} for x in loads}
        acc = np.array([[float(by[x][k]["accepted"]) for k in seeds] for x in loads])  # (loads, seeds)
        lat = np.array([[float(by[x][k]["latency"]) for k in seeds] for x in loads])
        ref_acc = np.array([float(d["ref"][x]["accepted"]) for x in loads])
        ref_lat = np.array([float(d["ref"][x]["latency"]) for x in loads])
        our_acc, our_lat = acc.mean(axis=1), lat.mean(axis=1)
        idx = {x: i for i, x in enumerate(loads)}
        ref_sat = saturation(loads, ref_acc)
        per_seed = [saturation(loads, acc[:, k]) for k in range(len(seeds))]
        steps = [abs(idx.get(sv, 0) - idx.get(ref_sat, 0)) for sv in per_seed]
        below = loads <= 0.8 * ref_sat + 1e-9
        lat_err = np.abs(our_lat[below] / ref_lat[below] - 1)
        if traffic == "uniform":
            sat_ok = max(steps) <= 1
            acc_ok = all(
                min(ref_acc[max(i - 1, 0)], ref_acc[i], ref_acc[min(i + 1, len(loads) - 1)]) - 0.01 <= our_acc[i]
                <= max(ref_acc[max(i - 1, 0)], ref_acc[i], ref_acc[min(i + 1, len(loads) - 1)]) + 0.01
                for i in range(len(loads))
            )
            lat_ok = bool(lat_err.size) and float(lat_err.max()) <= 0.10
        else:
            sat_ok = min(steps) <= 1
            acc_ok = bool(np.all((acc.min(axis=1) - 0.015 <= ref_acc) & (ref_acc <= acc.max(axis=1) + 0.015)))
            inside = (0.9 * lat.min(axis=1) <= ref_lat) & (ref_lat <= 1.1 * lat.max(axis=1))
            lat_ok = bool(below.any() and inside[below].all())
        three = sorted({float(loads[below][0]), float(loads[below][below.sum() // 2]), float(loads[below][-1])}) \
            if below.any() else []
        cps = [float(by[x][k]["cycles_per_second"]) for x in loads for k in seeds]
        rows.append({
            "graph": g, "routing": routing, "traffic": traffic, "seeds": " ".join(map(str, seeds)),
            "caminos_saturation": ref_sat, "ours_saturation_mean_curve": saturation(loads, our_acc),
            "ours_saturation_per_seed": " ".join(f"{v:g}" for v in per_seed),
            "saturation_ok": int(sat_ok), "accepted_ok": int(acc_ok), "latency_ok": int(lat_ok),
            "latency_max_rel_err_below_80pct": round(float(lat_err.max()), 3) if lat_err.size else float("nan"),
            "loads": " ".join(f"{v:g}" for v in loads),
            "accepted_caminos": " ".join(f"{v:.3f}" for v in ref_acc),
            "accepted_ours_mean": " ".join(f"{v:.3f}" for v in our_acc),
            "accepted_ours_min": " ".join(f"{v:.3f}" for v in acc.min(axis=1)),
            "accepted_ours_max": " ".join(f"{v:.3f}" for v in acc.max(axis=1)),
            "latency_loads": " ".join(f"{v:g}" for v in three),
            "latency_caminos": " ".join(f"{ref_lat[idx[x]]:.1f}" for x in three),
            "latency_ours_mean": " ".join(f"{our_lat[idx[x]]:.1f}" for x in three),
            "latency_ours_range": " ".join(f"{lat[idx[x]].min():.1f}-{lat[idx[x]].max():.1f}" for x in three),
            "ours_cycles_per_second_median": round(float(np.median(cps))),
        })
    if not rows:
        print("nothing to summarise yet")
        return
    with open(SUMMARY, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    spread()
    for r in rows:
        print(f"{r['graph']:6s} {r['routing']:9s} {r['traffic']:11s} sat CAMINOS {r['caminos_saturation']:.2f} "
              f"ours [{r['ours_saturation_per_seed']}] ok {r['saturation_ok']}{r['accepted_ok']}{r['latency_ok']}  "
              f"lat err {r['latency_max_rel_err_below_80pct']}  lat@{r['latency_loads']}: "
              f"{r['latency_caminos']} vs {r['latency_ours_mean']} ({r['latency_ours_range']})")
    figure(data)


def spread() -> None:
    """Random permutations: CAMINOS's spread over its own seeds (permutations) next to ours, per point."""
    extra = read_csv(SEEDS)
    if not extra:
        return
    ref = {(r["graph"], r["routing"], float(r["load"])): [r] for r in reference_rows() if r["traffic"] == "permutation"}
    for r in extra:
        ref.setdefault((r["graph"], r["routing"], float(r["load"])), []).append(r)
    ours: dict = {}
    for r in read_csv(OURS):
        if r["traffic"] == "permutation":
            ours.setdefault((r["graph"], r["routing"], float(r["load"])), []).append(r)
    rows = []
    for key in sorted({(r["graph"], r["routing"], float(r["load"])) for r in extra}):
        c, o = ref[key], ours.get(key, [])
        if not o:
            continue

        def rng(xs, field):
            v = [float(x[field]) for x in xs]
            return f"{min(v):.3f}-{max(v):.3f}" if field == "accepted" else f"{min(v):.1f}-{max(v):.1f}"

        rows.append({"graph": key[0], "routing": key[1], "load": key[2], "caminos_seeds": len(c), "ours_seeds": len(o),
                     "accepted_caminos": rng(c, "accepted"), "accepted_ours": rng(o, "accepted"),
                     "latency_caminos": rng(c, "latency"), "latency_ours": rng(o, "latency"),
                     "hops_caminos": rng(c, "hops"), "hops_ours": rng(o, "hops")})
    with open(SPREAD, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    for r in rows:
        print(f"spread {r['graph']} {r['routing']} permutation load {r['load']}: latency CAMINOS {r['latency_caminos']}"
              f" ({r['caminos_seeds']} permutations) vs ours {r['latency_ours']} ({r['ours_seeds']}); accepted "
              f"{r['accepted_caminos']} vs {r['accepted_ours']}")


def figure(data: dict) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    graphs = sorted({g for g, _, _ in data})
    routings = list(ROUTING)
    fig, axes = plt.subplots(2 * len(graphs), len(routings), figsize=(3.2 * len(routings), 2.3 * 2 * len(graphs)),
                             squeeze=False)
    colors = {"uniform": "C0", "permutation": "C3"}
    for i, g in enumerate(graphs):
        for j, routing in enumerate(routings):
            ax_a, ax_l = axes[2 * i, j], axes[2 * i + 1, j]
            ax_a.set_title(f"{g}, {routing}", fontsize=9)
            for traffic in TRAFFIC:
                d = data.get((g, routing, traffic))
                if not d:
                    continue
                loads = np.array(sorted(d["ref"]))
                ax_a.plot(loads, [float(d["ref"][x]["accepted"]) for x in loads], "o-", color=colors[traffic], ms=3,
                          lw=1, label=f"CAMINOS, {traffic}")
                ax_l.plot(loads, [float(d["ref"][x]["latency"]) for x in loads], "o-", color=colors[traffic], ms=3,
                          lw=1)
                ol = np.array([x for x in loads if x in d["ours"]])
                if ol.size:
                    acc = [[float(o["accepted"]) for o in d["ours"][x]] for x in ol]
                    lat = [[float(o["latency"]) for o in d["ours"][x]] for x in ol]
                    ax_a.errorbar(ol, [np.mean(a) for a in acc], yerr=[np.std(a) for a in acc], fmt="x--",
                                  color=colors[traffic], ms=4, lw=1, label=f"lowdiam caminos, {traffic}")
                    ax_l.errorbar(ol, [np.mean(a) for a in lat], yerr=[np.std(a) for a in lat], fmt="x--",
                                  color=colors[traffic], ms=4, lw=1)
            if not ax_a.lines:
                for ax in (ax_a, ax_l):
                    ax.text(0.5, 0.5, "not run\n(Polarized has corners)" if routing == "polarized" else "not run",
                            ha="center", va="center", fontsize=8, transform=ax.transAxes)
            ax_a.plot([0, 1], [0, 1], ":", color="0.6", lw=0.8)
            ax_a.set_ylim(0, 1)
            ax_l.set_yscale("log")
            if j == 0:
                ax_a.set_ylabel("accepted load", fontsize=8)
                ax_l.set_ylabel("latency (cycles)", fontsize=8)
            if i == len(graphs) - 1:
                ax_l.set_xlabel("offered load (phits/cycle/server)", fontsize=8)
            for ax in (ax_a, ax_l):
                ax.tick_params(labelsize=7)
    axes[0, 0].legend(fontsize=6, loc="upper left")
    fig.suptitle("CAMINOS (o, solid) vs lowdiam router='caminos' (x, dashed; permutations: mean +- sd over seeds)",
                 fontsize=9)
    fig.tight_layout(rect=(0, 0, 1, 0.985))
    for ext in ("png", "pdf"):
        fig.savefig(OUT / f"caminos_crossval.{ext}", dpi=110)
    print(f"wrote {OUT / 'caminos_crossval.png'}")


def neighbor_graph():
    """The RRG of notebook 05's quick profile (jellyfish(200, 10, 1), 4 servers per router)."""
    from lowdiam.topologies import jellyfish

    return jellyfish(200, 10, 1, endpoints_per_router=4)


def cmd_neighbor(caminos: str | None, routings: list[str], loads: list[float], seed: int = 1) -> None:
    """Router permutation to a neighbour, same server map in both simulators (CAMINOS: ``FileMap``)."""
    from lowdiam.sim import simulate
    from lowdiam.sim.caminos import required_vcs

    top = neighbor_graph()
    g = "rrg200"
    tmp = Path(tempfile.mkdtemp(prefix="caminos_neighbor_"))
    (tmp / "g.txt").write_text(top.to_caminos())
    use_neighbor_map(top, seed, tmp)
    done = {(r["routing"], float(r["load"]), int(r["seed"]), r["simulator"]) for r in read_csv(NEIGHBOR)}
    sims = ["lowdiam"] + (["caminos"] if caminos else [])
    for routing in routings:
        ours = ROUTING[routing]
        vcs = required_vcs(top, ours)
        for load in loads:
            for sim in sims:
                if (routing, load, seed, sim) in done:
                    continue
                if sim == "caminos":
                    cfg = tmp / "run.cfg"
                    cfg.write_text(caminos_config(tmp / "g.txt", top.endpoints_per_router, top.num_endpoints,
                                                  routing, "neighbor", vcs, load, seed))
                    out = subprocess.run([caminos, str(cfg)], capture_output=True, text=True, check=True).stdout
                    res = json.loads(out[out.index("RESULT_JSON") + len("RESULT_JSON"):].strip().splitlines()[0])
                    acc, lat, hops, cyc = (res["accepted_load"], res["average_message_delay"],
                                           res["average_packet_hops"], int(res["cycle"]))
                else:
                    r = simulate(top, ours, "neighbor", load, router="caminos", packet_flits=16, vcs=vcs,
                                 warmup_cycles=WARMUP, measure_cycles=MEASURED, seed=seed)
                    acc, lat, hops, cyc = r.accepted_load, r.latency_mean, r.hops_mean, r.cycles
                row = {"graph": g, "p": top.endpoints_per_router, "routing": routing, "vcs": vcs, "load": load,
                       "seed": seed, "simulator": sim, "accepted": round(acc, 4), "latency": round(lat, 2),
                       "hops": round(hops, 3), "cycles": cyc}
                append_row(NEIGHBOR, NEIGHBOR_COLUMNS, row)
                print(f"{sim} {g} {routing} neighbor load {load}: accepted {row['accepted']}, latency "
                      f"{row['latency']}, hops {row['hops']}", flush=True)


def use_neighbor_map(top, seed: int, tmp: Path) -> None:
    """Write our ``neighbor`` pattern's server map of ``top`` (seed ``seed``) to ``tmp/map.txt`` and point CAMINOS's
    ``neighbor`` traffic at it (``FileMap``), so both simulators send every server to the same destination."""
    from lowdiam.metrics.distances import distance_matrix
    from lowdiam.sim.traffic import Endpoints, make_traffic

    ep = Endpoints.of(top.endpoints)
    spec = make_traffic("neighbor", top, ep, distance_matrix(top), seed)
    dst = np.full(ep.count, -1)
    dst[spec.active] = spec.dst  # one destination per active server
    (tmp / "map.txt").write_text("".join(f"{i} {d}\n" for i, d in enumerate(dst)))
    CAMINOS_TRAFFIC["neighbor"] = f'FileMap{{filename: "{tmp / "map.txt"}"}}'


def paper_rrg_graph():
    """Notebook 05's paper-profile RRG: jellyfish(720, 17, 1) with 7 servers per router (the Polarized paper's size)."""
    from lowdiam.topologies import jellyfish

    return jellyfish(720, 17, 1, endpoints_per_router=7)


def cmd_paper_rrg(caminos: str, routings: list[str], loads: list[float], traffics=("uniform",), seed: int = 1) -> None:
    """CAMINOS itself on the paper-size RRG, paper-profile windows (one run per traffic, routing and load)."""
    import resource

    from lowdiam.sim.caminos import required_vcs

    top = paper_rrg_graph()
    g = "rrg720"
    tmp = Path(tempfile.mkdtemp(prefix="caminos_paper_rrg_"))
    (tmp / "g.txt").write_text(top.to_caminos())
    bad = sorted(set(traffics) - {"uniform", "neighbor"})
    if bad:
        raise ValueError(f"paper-rrg runs traffics 'uniform' and 'neighbor', got {bad}")
    if "neighbor" in traffics:
        use_neighbor_map(top, seed, tmp)
    done = {(r["traffic"], r["routing"], float(r["load"]), int(r["seed"])) for r in read_csv(PAPER_RRG)}
    for traffic, load, routing in itertools.product(traffics, loads, routings):
        if (traffic, routing, load, seed) in done:
            continue
        vcs = required_vcs(top, ROUTING[routing])
        cfg = caminos_config(tmp / "g.txt", top.endpoints_per_router, top.num_endpoints, routing, traffic, vcs,
                             load, seed, PAPER_WINDOWS)
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
        res = run_caminos_binary(caminos, cfg, tmp)
        cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - cpu0
        row = {"graph": g, "p": top.endpoints_per_router, "routing": routing, "traffic": traffic, "vcs": vcs,
               "load": load, "seed": seed, "simulator": "caminos", **caminos_measures(res),
               "warmup_cycles": PAPER_WINDOWS[0], "measure_cycles": PAPER_WINDOWS[1], "cpu_seconds": round(cpu, 1)}
        append_row(PAPER_RRG, PAPER_RRG_COLUMNS, row)
        print(f"CAMINOS {g} {routing} {traffic} load {load}: accepted {row['accepted']}, latency {row['latency']}, "
              f"hops {row['hops']}, jain {row['jain']} ({cpu:.0f} s)", flush=True)


def cmd_omni(caminos: str | None, traffics: list[str], seed: int = 1) -> None:
    """Omni on HX 4x4x4 in both simulators (CAMINOS on its own Hamming topology), every ``EXTRA_LOADS`` point."""
    from lowdiam.sim.caminos import run_caminos

    top = graph("hx444")
    sides, p, deroutes = (4, 4, 4), top.endpoints_per_router, 3
    vcs = 3 + deroutes  # Hops: the diameter plus the deroutes
    done = {(r["simulator"], r["traffic"], float(r["load"]), int(r["seed"])) for r in read_csv(OMNI)}
    tmp = Path(tempfile.mkdtemp(prefix="caminos_omni_"))
    for traffic, load in itertools.product(traffics, EXTRA_LOADS):
        base = {"graph": "hx444", "p": p, "routing": "omni", "traffic": traffic, "deroutes": deroutes, "vcs": vcs,
                "load": load, "seed": seed}
        if ("lowdiam", traffic, load, seed) not in done:
            res = run_caminos(top, "omni", TRAFFIC[traffic], load, vcs=vcs, packet_flits=16, warmup_cycles=WARMUP,
                              measure_cycles=MEASURED, seed=seed, routing_options={"deroutes": deroutes})
            row = {**base, "simulator": "lowdiam", **lowdiam_measures(res)}
            append_row(OMNI, OMNI_COLUMNS, row)
            print(f"lowdiam omni {traffic} load {load}: accepted {row['accepted']}, latency {row['latency']}, "
                  f"hops {row['hops']}", flush=True)
        if caminos and ("caminos", traffic, load, seed) not in done:
            cfg = caminos_config(None, p, top.num_endpoints, "omni", traffic, vcs, load, seed, hamming=sides,
                                 deroutes=deroutes)
            row = {**base, "simulator": "caminos", **caminos_measures(run_caminos_binary(caminos, cfg, tmp))}
            append_row(OMNI, OMNI_COLUMNS, row)
            print(f"CAMINOS omni {traffic} load {load}: accepted {row['accepted']}, latency {row['latency']}, "
                  f"hops {row['hops']}", flush=True)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=["ours", "reference", "reference-seeds", "speed", "neighbor", "paper-rrg",
                                        "omni", "summary"])
    ap.add_argument("--routings", default="min,polarized", help="routings (reference-seeds)")
    ap.add_argument("--loads", default=None,
                    help="loads (reference-seeds: default 0.2,0.3; paper-rrg: 1.0,0.9,0.95,0.85; neighbor)")
    ap.add_argument("--graphs", default=None, help="comma-separated graph names")
    ap.add_argument("--seeds", default="1,2,3", help="seeds of the permutation runs (ours)")
    ap.add_argument("--caminos", default=None, help="path of the caminos-run binary (reference)")
    ap.add_argument("--traffics", default=None,
                    help="traffics (reference: default uniform,permutation; paper-rrg: uniform and/or neighbor, "
                         "default uniform)")
    a = ap.parse_args(argv)
    if a.command == "ours":
        graphs = a.graphs.split(",") if a.graphs else sorted({r["graph"] for r in reference_rows()})
        cmd_ours(graphs, [int(s) for s in a.seeds.split(",")])
    elif a.command == "reference":
        if not a.caminos:
            sys.exit("reference needs --caminos PATH to the caminos-run binary")
        cmd_reference(a.caminos, a.graphs.split(",") if a.graphs else list(EXTRA_GRAPHS),
                      (a.traffics or "uniform,permutation").split(","))
    elif a.command == "reference-seeds":
        if not a.caminos:
            sys.exit("reference-seeds needs --caminos PATH to the caminos-run binary")
        cmd_reference_seeds(a.caminos, a.graphs.split(",") if a.graphs else ["sf5"], a.routings.split(","),
                            [float(x) for x in (a.loads or "0.2,0.3").split(",")], [int(x) for x in a.seeds.split(",")])
    elif a.command == "speed":
        if not a.caminos:
            sys.exit("speed needs --caminos PATH to the caminos-run binary")
        cmd_speed(a.caminos, a.graphs.split(",") if a.graphs else ["sf5", "hx444"])
    elif a.command == "neighbor":
        cmd_neighbor(a.caminos, a.routings.split(","), [float(x) for x in (a.loads or "0.2,0.3").split(",")])
    elif a.command == "paper-rrg":
        if not a.caminos:
            sys.exit("paper-rrg needs --caminos PATH to the caminos-run binary")
        cmd_paper_rrg(a.caminos, a.routings.split(","), [float(x) for x in (a.loads or "1.0,0.9,0.95,0.85").split(",")],
                      (a.traffics or "uniform").split(","))
    elif a.command == "omni":
        cmd_omni(a.caminos, (a.traffics or "uniform,permutation").split(","))
    else:
        cmd_summary()


if __name__ == "__main__":
    main()
