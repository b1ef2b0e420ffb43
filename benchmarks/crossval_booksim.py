"""Cross-validation of ``lowdiam.sim.booksim`` (our model of BookSim2's ``iq_router``) against BookSim2.

Both simulators run the same lowdiam graphs, exported with ``Topology.to_anynet()``, under the
configuration of ``tests/data/booksim/booksim.cfg`` (anynet ``min`` routing, uniform traffic -- BookSim2's, whose
destinations include the source, so ours runs ``traffic_options={"include_source": True}`` since 2026-11-30 -- 4-flit
packets, 4 VCs x 32 flits, separable input-first allocators, every pipeline delay 1, ``credit_delay = 2``,
``seed = 1``) at ``internal_speedup`` 1.0 and 2.0, over a load sweep on a 0.05 grid.  A graph's sweep
stops one grid step after BookSim reports "Simulation unstable".  Column ``unstable``: 0 stable, 1 unstable
(BookSim's "Simulation unstable", or our saturation rule), 2 our model detected a deadlock (no flit moved
for 2,000 cycles with packets in the network; possible because every hop may take any VC).

Every run is appended to ``figures/crossval/booksim_crossval.csv`` as soon as it finishes, and rows
already there are skipped, so a stopped run resumes where it stopped.  ``--plot`` draws latency vs
offered load (both simulators, one panel per graph and speedup) into ``figures/crossval/``.

Two of our columns: ``ours`` is the model under its fixed windows (3,000 + 10,000 cycles) and the project's
throughput rule; ``ours_rc`` is the model under BookSim's own run control (``run_control="booksim"`` with this
configuration's ``max_samples = 10``), whose stable/unstable decision must equal BookSim's.  ``--grid full``
runs BookSim at every 0.05 step up to 1.0 (not only one step past its first unstable load), so the decisions
are compared on the whole grid; ``--decisions`` writes ``booksim_decisions.csv``: per graph and speedup, both
simulators' decisions, where they differ, and the latency deviation at the loads both call stable.

``--shared`` does the same for BookSim2's shared input buffers (``buffer_policy = shared``; :data:`SHARED_BUFFERS`)
on three small graphs with 1- and 4-flit packets, BookSim's run control on both sides, into its own tables
``booksim_shared_crossval.csv`` and ``booksim_shared_decisions.csv`` (``docs/booksim_shared_buffers.md``).

Usage::

    BOOKSIM=/work/booksim2/src/booksim python benchmarks/crossval_booksim.py --sim booksim [--grid full]
    python benchmarks/crossval_booksim.py --sim ours
    python benchmarks/crossval_booksim.py --sim ours_rc
    python benchmarks/crossval_booksim.py --plot --decisions
    BOOKSIM=... python benchmarks/crossval_booksim.py --shared --sim booksim   # shared input buffers
    python benchmarks/crossval_booksim.py --shared --sim ours_rc --decisions

BookSim runs one process at a time (the machine is shared); ours runs in-process.
"""

from __future__ import annotations

import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchio import write_rows
from tqdm import tqdm

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "figures" / "crossval"
CSV = OUT / "booksim_crossval.csv"
BOOKSIM_COMMIT = "28f43299f1706a3160ffac721ca461d74eb6e618"
FIELDS = [
    "sim",
    "graph",
    "routers",
    "endpoints_per_router",
    "internal_speedup",
    "load",
    "unstable",
    "latency",
    "net_latency",
    "accepted",
    "hops",
    "cycles",
    "seconds",
]
SPEEDUPS = (1.0, 2.0)
# coarse points first, then the 0.05 steps up to saturation, then the fill-in points
COARSE = (0.1, 0.3, 0.5)
FILL = (0.05, 0.15, 0.2, 0.25, 0.35, 0.4, 0.45)

CFG = """topology = anynet;
network_file = {net};
routing_function = min;
traffic = uniform;
injection_rate = {load};
injection_rate_uses_flits = 1;
num_vcs = 4;
vc_buf_size = 32;
packet_size = 4;
warmup_periods = 3;
sample_period = 1000;
max_samples = 10;
sim_count = 1;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
alloc_iters = 1;
wait_for_tail_credit = 0;
credit_delay = 2;
routing_delay = 1;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
input_speedup = 1;
output_speedup = 1;
internal_speedup = {speedup};
priority = none;
seed = 1;
"""


def graphs() -> dict:
    """The cross-validated graphs: name -> Topology with its endpoints (50-120 routers each)."""
    from lowdiam import topologies as T

    return {
        "ps_iq_3_3": T.polarstar(3, "iq", 3),
        "ps_paley_3_4": T.polarstar(3, "paley", 4),
        "sf5": T.slimfly(5),
        "lps_3_5": T.lps(3, 5).with_endpoints(2),
        "df_4_2_2": T.dragonfly(4, 2, 2),
        "jf_80_6": T.jellyfish(80, 6, seed=1, endpoints_per_router=3),
    }


#: two tiny graphs whose BookSim decisions at every 0.05 step are test data (``--pin``;
#: ``tests/test_run_control.py`` checks our decisions against them)
PIN_CSV = ROOT / "tests" / "data" / "booksim" / "decisions_tiny.csv"


def pin_graphs() -> dict:
    from lowdiam import topologies as T

    return {
        "pf3": T.polarfly(3).with_endpoints(3),
        "jf_16_4": T.jellyfish(16, 4, seed=2, endpoints_per_router=2),
    }


#: shared input buffers (``--shared``): BookSim2's ``buffer_policy = shared`` (``src/buffer_state.cpp``), each input
#: port ``buf_size`` flits of which ``private_buf_size`` per VC and the rest a pool for the port's 4 VCs; otherwise
#: :data:`CFG`'s configuration, 1- and 4-flit packets, speedup 1.0, every 0.05 step to 1.0 for both simulators
#: (ours under BookSim's run control).  Rows go to their own table, :data:`SHARED_CSV`.
SHARED_CSV = OUT / "booksim_shared_crossval.csv"
SHARED_DECISIONS = OUT / "booksim_shared_decisions.csv"
SHARED_BUFFERS = {
    "b32p2": {"buffer_policy": "shared", "buf_size": 32, "private_buf_size": 2},
}
SHARED_PACKETS = (1, 4)
SHARED_FIELDS = ["sim", "graph", "routers", "endpoints_per_router", "buffers", "packet_flits", "load", "unstable",
                 "latency", "net_latency", "accepted", "hops", "cycles", "seconds"]
#: the shared-buffer case whose BookSim2 results are test data (``--pin-shared``;
#: ``tests/test_booksim_shared_buffers.py`` checks our model against them)
PIN_SHARED_CSV = ROOT / "tests" / "data" / "booksim" / "shared_pf3.csv"


def shared_graphs() -> dict:
    """The shared-buffer cross-validation's graphs (:func:`pin_graphs`' two tiny ones and the 50-router Slim Fly)."""
    from lowdiam import topologies as T

    return {**pin_graphs(), "sf5": T.slimfly(5)}


def shared_config(load: float, packet_flits: int, buffers: dict, seed: int = 1):
    """``config(net_path)`` for :func:`run_binary`: :data:`CFG` at speedup 1.0 with ``packet_flits`` and the
    BookSim keys of ``buffers``."""
    def config(net: Path) -> str:
        text = CFG.format(net=net, load=f"{load:.2f}", speedup="1.0").replace("seed = 1;", f"seed = {seed};")
        text = text.replace("packet_size = 4;", f"packet_size = {packet_flits};")
        return text + "".join(f"{k} = {v};\n" for k, v in buffers.items())

    return config


def sweep_shared(sim: str, binary: str | None, only: list[str] | None) -> None:
    """Every 0.05 step to 1.0 on :func:`shared_graphs` x :data:`SHARED_BUFFERS` x :data:`SHARED_PACKETS`, for
    ``sim`` "booksim" or "ours_rc"; resumable (rows already in :data:`SHARED_CSV` are skipped)."""
    rows = _read(SHARED_CSV)
    done = {(r["sim"], r["graph"], r["buffers"], int(r["packet_flits"]), float(r["load"])) for r in rows}
    tops = shared_graphs()
    todo = [(g, b, pf, lo) for g in tops if not only or g in only for b in SHARED_BUFFERS for pf in SHARED_PACKETS
            for lo in GRID if (sim, g, b, pf, lo) not in done]
    bar = tqdm(total=len(todo), file=sys.stderr, desc=f"shared-buffer crossval {sim}")
    for g, b, pf, load in todo:
        top, buffers = tops[g], SHARED_BUFFERS[b]
        if sim == "booksim":
            res = run_binary(binary, top, shared_config(load, pf, buffers))
        else:
            res = run_model(top, "min-single", load, speedup=1.0, routing_options={"paths": "booksim-anynet"},
                            run_control="booksim", packet_flits=pf, buffers=buffers, blank_unstable=True)
        row = dict(sim=sim, graph=g, routers=top.num_routers, endpoints_per_router=top.endpoints_per_router,
                   buffers=b, packet_flits=pf, load=load, **res)
        _append(SHARED_CSV, SHARED_FIELDS, row)
        bar.set_postfix(graph=g, P=pf, load=load, unstable=res["unstable"])
        bar.update(1)
    bar.close()


def pin_shared(binary: str) -> None:
    """BookSim2's results for pf3, 4-flit packets, buffers ``b32p2`` at every 0.05 step: ``PIN_SHARED_CSV``."""
    top = pin_graphs()["pf3"]
    rows = []
    for load in tqdm(GRID, file=sys.stderr, desc="BookSim shared buffers (test data)"):
        res = run_binary(binary, top, shared_config(load, 4, SHARED_BUFFERS["b32p2"]))
        rows.append({"graph": "pf3", "routers": top.num_routers, "endpoints_per_router": top.endpoints_per_router,
                     "buffers": "b32p2", "packet_flits": 4, "load": load, **res})
    write_rows(PIN_SHARED_CSV, rows)


def shared_decisions() -> list[dict]:
    """Per graph, buffers and packet size: both simulators' decisions on the 0.05 grid and the latency deviation at
    the loads both call stable (the agreement rule of :func:`decisions`), written to :data:`SHARED_DECISIONS`."""
    curves: dict = {}
    for r in _read(SHARED_CSV):
        curves.setdefault((r["graph"], r["buffers"], int(r["packet_flits"])), {}).setdefault(
            r["sim"], {})[float(r["load"])] = r
    out = []
    for (graph, buffers, pf), sims in sorted(curves.items()):
        bs, us = sims.get("booksim", {}), sims.get("ours_rc", {})
        both = sorted(set(bs) & set(us))
        if not both:
            continue
        first = min((lo for lo in bs if bs[lo]["unstable"] != "0"), default=None)
        diff = [lo for lo in both if (bs[lo]["unstable"] != "0") != (us[lo]["unstable"] != "0")]
        near = [lo for lo in diff if first is not None and -0.05 - 1e-9 <= lo - first <= 1e-9]
        dev = {lo: abs(float(us[lo]["latency"]) / float(bs[lo]["latency"]) - 1) for lo in both
               if bs[lo]["unstable"] == "0" and us[lo]["unstable"] == "0" and us[lo]["latency"] not in ("", "nan")}
        out.append({
            "graph": graph, "routers": bs[both[0]]["routers"], "buffers": buffers,
            **{k: v for k, v in SHARED_BUFFERS.get(buffers, {}).items() if k != "buffer_policy"},
            "packet_flits": pf, "loads": len(both),
            "booksim": "".join("U" if bs[lo]["unstable"] != "0" else "s" for lo in both),
            "ours_rc": "".join("U" if us[lo]["unstable"] != "0" else "s" for lo in both),
            "first_unstable_booksim": first,
            "first_unstable_ours": min((lo for lo in us if us[lo]["unstable"] != "0"), default=None),
            "disagree_at": " ".join(f"{lo:g}" for lo in diff),
            "agree": len(diff) == 0 or (len(diff) == 1 and len(near) == 1),
            "stable_loads_both": len(dev),
            "max_latency_dev_pct": round(100 * max(dev.values()), 2) if dev else "",
            "at_load": max(dev, key=dev.get) if dev else "",
            "latency_within_10pct": bool(dev) and max(dev.values()) <= 0.10,
        })
    if out:
        write_rows(SHARED_DECISIONS, out)
        for row in out:
            print(row)
    return out


def _read(path: Path) -> list[dict]:
    if not path.exists():
        return []
    with path.open() as fh:
        return list(csv.DictReader(fh))


def _append(path: Path, fields: list[str], row: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=fields)
        if new:
            w.writeheader()
        w.writerow(row)


def pin(binary: str) -> None:
    """BookSim's decisions on :func:`pin_graphs` at every 0.05 step (speedup 1.0), written to ``PIN_CSV``."""
    rows = []
    todo = [(name, top, load) for name, top in pin_graphs().items() for load in GRID]
    for name, top, load in tqdm(todo, file=sys.stderr, desc="BookSim decisions (test data)"):
        res = run_booksim(binary, top, load, 1.0)
        rows.append({"graph": name, "routers": top.num_routers, "endpoints_per_router": top.endpoints_per_router,
                     "internal_speedup": 1.0, "load": load, **res})
    write_rows(PIN_CSV, rows)


def seed_check(binary: str, graph: str, speedup: float, loads: list[float], seeds=range(1, 7)) -> list[dict]:
    """Both simulators' decisions and latencies at ``loads`` over ``seeds`` (BookSim's ``seed`` key; our ``seed``), to
    tell a seed's outlier from a model difference.  Rows go to ``booksim_seed_check.csv``, replacing earlier rows of
    the same (graph, speedup, load) and keeping the others, so checks of several curves accumulate; prints each
    load's decisions and both simulators' mean latency over the seeds."""
    top = graphs()[graph]
    rows = []
    for load in loads:
        for seed in seeds:
            for sim in ("booksim", "ours_rc"):
                if sim == "booksim":
                    res = run_booksim(binary, top, load, speedup, seed=seed)
                else:
                    res = run_ours(top, load, speedup, "booksim", seed=seed)
                rows.append({"sim": sim, "graph": graph, "internal_speedup": speedup, "load": load, "seed": seed,
                             "unstable": res["unstable"], "latency": res["latency"]})
    path = OUT / "booksim_seed_check.csv"
    kept = []
    if path.exists():
        with path.open() as fh:
            done = {(graph, float(speedup), float(x)) for x in loads}
            kept = [r for r in csv.DictReader(fh)
                    if (r["graph"], float(r["internal_speedup"]), float(r["load"])) not in done]
    write_rows(path, kept + rows)
    for load in loads:
        for sim in ("booksim", "ours_rc"):
            mine = [r for r in rows if r["load"] == load and r["sim"] == sim]
            lat = [float(r["latency"]) for r in mine if not r["unstable"] and r["latency"] not in (None, "")]
            print(graph, speedup, load, sim, "".join("U" if r["unstable"] else "s" for r in mine),
                  f"mean latency of the stable seeds {sum(lat) / len(lat):.2f} ({len(lat)})" if lat else "")
    return rows


def by_curve() -> dict:
    """The recorded rows as {(graph, internal speedup): {sim: {load: row}}}."""
    by: dict = {}
    for r in read_rows():
        by.setdefault((r["graph"], float(r["internal_speedup"])), {}).setdefault(r["sim"], {})[float(r["load"])] = r
    return by


def read_rows() -> list[dict]:
    if not CSV.exists():
        return []
    with CSV.open() as fh:
        return list(csv.DictReader(fh))


def append_row(row: dict) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    new = not CSV.exists()
    with CSV.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=FIELDS)
        if new:
            w.writeheader()
        w.writerow(row)


def _num(pattern: str, text: str) -> float | None:
    m = re.findall(pattern, text)
    return float(m[-1]) if m else None


#: the summary lines of a BookSim run: as BookSim2 prints them ("sample": the last sample's averages) and as
#: the PolarStar authors' fork prints them ("overall": "Overall average ... = x")
SUMMARY = {
    "sample": {"latency": r"Packet latency average = ([\d.eE+-]+)",
               "net_latency": r"Network latency average = ([\d.eE+-]+)",
               "accepted": r"Accepted flit rate average = ([\d.eE+-]+)", "hops": r"Hops average = ([\d.eE+-]+)"},
    "overall": {"latency": r"Overall average packet latency = ([\d.eE+-]+)",
                "accepted": r"Overall average accepted flit rate = ([\d.eE+-]+)",
                "hops": r"Overall average hops = ([\d.eE+-]+)"},
    # BookSim2's overall summary with its extremes: the largest packet latency, the lowest per-node accepted rate
    "extremes": {"latency": r"Packet latency average = ([\d.eE+-]+)",
                 "latency_max": r"Packet latency average = [^\n]*\n\s*minimum = [^\n]*\n\s*maximum = ([\d.eE+-]+)",
                 "accepted": r"Accepted flit rate average = ([\d.eE+-]+)",
                 "accepted_min": r"Accepted flit rate average = [^\n]*\n\s*minimum = ([\d.eE+-]+)"},
}


def run_binary(binary: str, topology, config, *, summary: str = "sample") -> dict:
    """One run of a BookSim binary on ``topology`` (exported as an anynet file); ``config(net_path)`` returns the
    configuration text.  Returns the parsed averages (blank when BookSim gave up: ``unstable`` 1), the cycles and
    the wall seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        net = Path(tmp) / "net.anynet"
        net.write_text(topology.to_anynet())
        cfg = Path(tmp) / "run.cfg"
        cfg.write_text(config(net))
        t0 = time.perf_counter()
        proc = subprocess.run([binary, str(cfg)], capture_output=True, text=True, cwd=tmp, check=False)
        wall = time.perf_counter() - t0
    out = proc.stdout
    if "Total run time" not in out and "unstable" not in out:
        raise RuntimeError(f"BookSim failed ({proc.returncode}): {proc.stderr[-2000:]}{out[-2000:]}")
    unstable = "Simulation unstable" in out
    row = {"unstable": int(unstable)}
    row.update({k: "" if unstable else _num(pattern, out) for k, pattern in SUMMARY[summary].items()})
    return {**row, "cycles": _num(r"Time taken is (\d+) cycles", out) or "", "seconds": round(wall, 2)}


def config_with(net: Path, load: float, speedup: float, **keys) -> str:
    """:data:`CFG` for ``net`` at ``load`` (five decimals) and ``speedup`` with the BookSim ``keys`` it sets replaced
    (e.g. ``max_samples=8``); a key :data:`CFG` does not set is refused, so a changed :data:`CFG` cannot be
    silently half-applied."""
    text = CFG.format(net=net, load=f"{load:.5f}", speedup=f"{speedup:.1f}")
    for key, value in keys.items():
        new, n = re.subn(rf"^{key} = [^;]*;$", f"{key} = {value};", text, flags=re.M)
        if n != 1:
            raise ValueError(f"CFG sets {key!r} {n} times; config_with replaces keys CFG sets once")
        text = new
    return text


def run_booksim(binary: str, topology, load: float, speedup: float, seed: int = 1) -> dict:
    """One BookSim2 run on ``topology`` under :data:`CFG`: the parsed averages (``unstable`` 1 when it gave up)."""
    def config(net: Path) -> str:
        return CFG.format(net=net, load=f"{load:.2f}", speedup=f"{speedup:.1f}").replace("seed = 1;", f"seed = {seed};")

    return run_binary(binary, topology, config)


#: ``ours_rc``: BookSim's run control with this configuration's values (``max_samples = 10``)
RC_OPTIONS = {"sample_period": 1000, "warmup_periods": 3, "max_samples": 10}


def model_result(topology, routing: str, load: float, *, speedup: float, vcs: int | None = 4,
                 vc_selection: str = "any", routing_options: dict | None = None, run_control: str = "fixed",
                 rc_options: dict | None = None, credit_delay: int | None = None, seed: int = 1,
                 packet_flits: int = 4, buffers: dict | None = None, traffic: str = "uniform"):
    """Our BookSim model's :class:`~lowdiam.sim.SimResult` on a BookSim configuration (``packet_flits`` flits per
    packet, 4 by default; 32 flits per VC unless ``buffers`` gives the BookSim keys of shared input buffers;
    ``traffic`` as BookSim2 draws it: its uniform has the source among the destinations, ``include_source=True``):
    fixed windows (3,000 warm-up + 10,000 measured cycles) or, with ``run_control="booksim"``, BookSim's run control
    with ``rc_options`` (default :data:`RC_OPTIONS`).  A deadlock under fixed windows raises ``ValueError``."""
    from lowdiam.sim.booksim import run_booksim as ours

    windows = (dict(warmup_cycles=3000, measure_cycles=10000) if run_control == "fixed"
               else dict(warmup_cycles=0, measure_cycles=1, run_control="booksim",
                         run_control_options=RC_OPTIONS if rc_options is None else rc_options))
    router = {"internal_speedup": speedup, **({"credit_delay": credit_delay} if credit_delay is not None else {}),
              "vc_selection": vc_selection, **(buffers or {})}
    return ours(topology, routing, traffic, load, packet_flits=packet_flits, vcs=vcs, buffer_flits=32, seed=seed,
                **windows, routing_options=routing_options, router_options=router,
                traffic_options={"include_source": True} if traffic == "uniform" else None)


def run_model(topology, routing: str, load: float, *, speedup: float, vcs: int | None = 4, vc_selection: str = "any",
              routing_options: dict | None = None, run_control: str = "fixed", rc_options: dict | None = None,
              credit_delay: int | None = None, seed: int = 1, blank_unstable: bool = False, packet_flits: int = 4,
              buffers: dict | None = None) -> dict:
    """:func:`model_result` under BookSim2's uniform traffic as a cross-validation row.  A deadlock (possible with
    any VC at any hop) is ``unstable`` 2; ``blank_unstable`` leaves the averages of an unstable run blank, as BookSim
    prints none."""
    t0 = time.perf_counter()
    try:
        r = model_result(topology, routing, load, speedup=speedup, vcs=vcs, vc_selection=vc_selection,
                         routing_options=routing_options, run_control=run_control, rc_options=rc_options,
                         credit_delay=credit_delay, seed=seed, packet_flits=packet_flits, buffers=buffers)
    except ValueError as err:  # deadlock (any VC at any hop): reported as unstable = 2
        if "deadlock" not in str(err):
            raise
        cyc = int(re.search(r"at cycle (\d+)", str(err)).group(1))
        return {"unstable": 2, "latency": "", "net_latency": "", "accepted": "", "hops": "", "cycles": cyc,
                "seconds": round(time.perf_counter() - t0, 2)}
    wall = time.perf_counter() - t0
    blank = blank_unstable and r.saturated
    return {
        "unstable": int(r.saturated),
        "latency": "" if blank else round(r.latency_mean, 4),
        "net_latency": "" if blank else round(r.network_latency_mean, 4),
        "accepted": "" if blank else round(r.accepted_load, 6),
        "hops": "" if blank else round(r.hops_mean + 1, 5),
        "cycles": r.cycles,
        "seconds": round(wall, 2),
    }


def run_ours(topology, load: float, speedup: float, run_control: str = "fixed", seed: int = 1) -> dict:
    """Our model on :data:`CFG`'s configuration (``min-single`` on BookSim's anynet table, 4 VCs, any VC at every
    hop): fixed windows, or with ``run_control="booksim"`` BookSim's run control."""
    return run_model(topology, "min-single", load, speedup=speedup, routing_options={"paths": "booksim-anynet"},
                     run_control=run_control, seed=seed)


def load_orders() -> list[list[float]]:
    """Phase 1: coarse points, then 0.05 steps up to saturation; phase 2: the remaining low loads."""
    ramp = [round(0.55 + 0.05 * i, 2) for i in range(10)]
    return [list(COARSE) + ramp, list(FILL)]


def sweep(sim: str, binary: str | None, only: list[str] | None, grid: str = "knee") -> None:
    if sim == "ours_rc" or grid == "full":
        return sweep_grid(sim, binary, only)
    done = {(r["sim"], r["graph"], float(r["internal_speedup"]), float(r["load"])): r for r in read_rows()}
    tops = graphs()
    # smallest graphs first, so every graph gets its saturation point early
    names = sorted((g for g in tops if not only or g in only), key=lambda g: tops[g].num_routers * tops[g].radix)
    todo = [(g, s) for g in names for s in SPEEDUPS]
    phases = load_orders()
    bar = tqdm(total=len(todo) * sum(map(len, phases)), file=sys.stderr, desc=f"crossval {sim}")
    for loads in phases:
        for name, speedup in todo:
            top = tops[name]
            for load in loads:
                bar.update(1)
                unstable = [
                    lo
                    for (si, g, sp, lo), r in done.items()
                    if si == sim and g == name and sp == speedup and r["unstable"] != "0"
                ]
                bs_unstable = [
                    lo
                    for (si, g, sp, lo), r in done.items()
                    if si == "booksim" and g == name and sp == speedup and r["unstable"] != "0"
                ]
                if sim == "booksim" and unstable and load > min(unstable) + 0.05 + 1e-9:
                    continue  # one grid step past BookSim's first unstable load
                if sim == "ours":
                    if not bs_unstable and load > max(
                        [lo for (si, g, sp, lo) in done if si == "booksim" and g == name and sp == speedup],
                        default=-1.0,
                    ):
                        continue  # no BookSim reference this far yet
                    if bs_unstable and load > min(bs_unstable) + 0.05 + 1e-9:
                        continue
                key = (sim, name, speedup, load)
                if key in done:
                    continue
                res = run_booksim(binary, top, load, speedup) if sim == "booksim" else run_ours(top, load, speedup)
                row = dict(
                    sim=sim,
                    graph=name,
                    routers=top.num_routers,
                    endpoints_per_router=top.endpoints_per_router,
                    internal_speedup=speedup,
                    load=load,
                    **res,
                )
                append_row(row)
                done[key] = {k: str(v) for k, v in row.items()}
                bar.set_postfix(graph=name, s=speedup, load=load, lat=res["latency"])
    bar.close()


GRID = [round(0.05 * i, 2) for i in range(1, 21)]


def sweep_grid(sim: str, binary: str | None, only: list[str] | None) -> None:
    """BookSim at every 0.05 step up to 1.0 (``--grid full``), or ``ours_rc`` at every load BookSim ran."""
    done = {(r["sim"], r["graph"], float(r["internal_speedup"]), float(r["load"])) for r in read_rows()}
    tops = graphs()
    names = sorted((g for g in tops if not only or g in only), key=lambda g: tops[g].num_routers * tops[g].radix)
    todo = []
    for name in names:
        for sp in SPEEDUPS:
            loads = GRID if sim == "booksim" else sorted(
                lo for (si, g, s, lo) in done if si == "booksim" and g == name and s == sp)
            todo += [(name, sp, lo) for lo in loads if (sim, name, sp, lo) not in done]
    bar = tqdm(total=len(todo), file=sys.stderr, desc=f"crossval {sim} (grid)")
    for name, sp, load in todo:
        top = tops[name]
        res = run_booksim(binary, top, load, sp) if sim == "booksim" else run_ours(top, load, sp, "booksim")
        append_row(dict(sim=sim, graph=name, routers=top.num_routers, endpoints_per_router=top.endpoints_per_router,
                        internal_speedup=sp, load=load, **res))
        bar.set_postfix(graph=name, s=sp, load=load, unstable=res["unstable"])
        bar.update(1)
    bar.close()


def decisions(ours: str = "ours_rc") -> list[dict]:
    """Per graph and speedup: BookSim's and our stable (0) / unstable (1) decisions on the 0.05 grid.

    Agreement as the saturation-rule issue asks: the decisions are equal at every load both ran, except at most
    one load next to BookSim's boundary (its first unstable load, or the step below it); latency within 10 % at
    every load both call stable (reported over all of them, and up to 80 % of BookSim's last stable load, the
    earlier cross-validation's protocol).  Our deadlocks (2) count as unstable (BookSim's run shows them as latency
    growing past ``latency_thres``)."""
    out = []
    for (graph, sp), sims in sorted(by_curve().items()):
        bs, us = sims.get("booksim", {}), sims.get(ours, {})
        both = sorted(set(bs) & set(us))
        if not both:
            continue
        first = min((lo for lo in bs if bs[lo]["unstable"] != "0"), default=None)
        diff = [lo for lo in both if (bs[lo]["unstable"] != "0") != (us[lo]["unstable"] != "0")]
        near = [lo for lo in diff if first is not None and -0.05 - 1e-9 <= lo - first <= 1e-9]
        dev = {lo: abs(float(us[lo]["latency"]) / float(bs[lo]["latency"]) - 1) for lo in both
               if bs[lo]["unstable"] == "0" and us[lo]["unstable"] == "0" and us[lo]["latency"] not in ("", "nan")}
        last = max((lo for lo in both if bs[lo]["unstable"] == "0" and (first is None or lo < first)), default=0.0)
        low = [d for lo, d in dev.items() if lo <= 0.8 * last + 1e-9]
        out.append({
            "graph": graph, "routers": bs[both[0]]["routers"], "internal_speedup": sp, "loads": len(both),
            "booksim": "".join("U" if bs[lo]["unstable"] != "0" else "s" for lo in both),
            ours: "".join("U" if us[lo]["unstable"] != "0" else "s" for lo in both),
            "first_unstable_booksim": first,
            "first_unstable_ours": min((lo for lo in us if us[lo]["unstable"] != "0"), default=None),
            "disagree_at": " ".join(f"{lo:g}" for lo in diff),
            "agree": len(diff) == 0 or (len(diff) == 1 and len(near) == 1),
            "max_latency_dev_pct": round(100 * max(dev.values()), 2) if dev else "",
            "at_load": max(dev, key=dev.get) if dev else "",
            "latency_within_10pct": bool(dev) and max(dev.values()) <= 0.10,
            "max_latency_dev_le_80pct_pct": round(100 * max(low), 2) if low else "",
        })
    if out:
        write_rows(OUT / "booksim_decisions.csv", out)
        for row in out:
            print(row)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sim", choices=["booksim", "ours", "ours_rc"])
    ap.add_argument("--grid", choices=["knee", "full"], default="knee",
                    help="booksim: stop one step past the first unstable load (knee) or run every 0.05 step")
    ap.add_argument("--decisions", action="store_true", help="write and print the decision comparison")
    ap.add_argument("--pin", action="store_true", help="record BookSim's decisions on two tiny graphs (test data)")
    ap.add_argument("--shared", action="store_true",
                    help="with --sim booksim / ours_rc: the shared-input-buffer sweep (SHARED_CSV); alone with "
                         "--decisions: its decision table")
    ap.add_argument("--pin-shared", action="store_true",
                    help="record BookSim's shared-buffer results on pf3 (test data)")
    ap.add_argument("--seed-check", nargs="+", metavar="GRAPH SPEEDUP LOAD",
                    help="both simulators' decisions over seeds 1-6, e.g. --seed-check df_4_2_2 2.0 0.6 0.65")
    ap.add_argument("--graphs", nargs="*", help="subset of graph names")
    ap.add_argument("--plot", action="store_true")
    ap.add_argument("--table", action="store_true", help="write and print the per-graph summary")
    args = ap.parse_args()
    binary = os.environ.get("BOOKSIM")
    if (args.sim == "booksim" or args.pin or args.pin_shared or args.seed_check) and (
            not binary or not Path(binary).is_file()):
        sys.exit("set $BOOKSIM to the BookSim2 binary (commit " + BOOKSIM_COMMIT + ")")
    if args.pin:
        pin(binary)
    if args.pin_shared:
        pin_shared(binary)
    if args.shared:
        if args.sim in ("booksim", "ours_rc"):
            sweep_shared(args.sim, binary, args.graphs)
        if args.decisions:
            shared_decisions()
        return
    if args.seed_check:
        graph, speedup, *loads = args.seed_check
        seed_check(binary, graph, float(speedup), [float(x) for x in loads])
    if args.sim == "booksim":
        sweep("booksim", binary, args.graphs, args.grid)
    elif args.sim in ("ours", "ours_rc"):
        sweep(args.sim, None, args.graphs)
    if args.plot:
        plot()
    if args.table:
        table()
    if args.decisions:
        decisions()


def _saturation(points: dict) -> float | None:
    """Last stable load on the grid before the first unstable one (None: no stable point)."""
    last = None
    for load in sorted(points):
        if points[load]["unstable"] != "0":
            break
        last = load
    return last


def table(loads=(0.1, 0.3, 0.5)) -> list[dict]:
    """Per graph and speedup: saturation, latency at ``loads``, worst deviation up to 80 % of saturation."""
    out = []
    for (graph, sp), sims in sorted(by_curve().items()):
        bs, us = sims.get("booksim", {}), sims.get("ours", {})
        sat_b, sat_o = _saturation(bs), _saturation(us)
        row = {"graph": graph, "internal_speedup": sp, "sat_booksim": sat_b, "sat_ours": sat_o}
        for lo in loads:
            for name, pts in (("booksim", bs), ("ours", us)):
                r = pts.get(lo)
                row[f"lat{lo:g}_{name}"] = r["latency"] if r and r["unstable"] == "0" else ""
        worst, n = 0.0, 0
        for lo, r in bs.items():
            o = us.get(lo)
            if sat_b and lo <= 0.8 * sat_b + 1e-9 and r["unstable"] == "0" and o and o["latency"] not in ("", "nan"):
                worst = max(worst, abs(float(o["latency"]) / float(r["latency"]) - 1))
                n += 1
        row["points_le_80pct"] = n
        row["max_dev_le_80pct"] = round(100 * worst, 2)
        for name, pts in (("booksim", bs), ("ours", us)):
            cyc = sum(float(r["cycles"]) for r in pts.values() if r["cycles"] not in ("", "nan"))
            sec = sum(float(r["seconds"]) for r in pts.values() if r["cycles"] not in ("", "nan"))
            row[f"cycles_per_s_{name}"] = round(cyc / sec, 1) if sec else ""
        out.append(row)
    if out:
        write_rows(OUT / "booksim_crossval_summary.csv", out)
        for row in out:
            print(row)
    return out


def plot() -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = read_rows()
    names = list(dict.fromkeys(r["graph"] for r in rows))
    fig, axes = plt.subplots(
        len(SPEEDUPS), max(len(names), 1), figsize=(3.2 * max(len(names), 1), 6.0), squeeze=False, sharey="row"
    )
    for j, name in enumerate(names):
        for i, sp in enumerate(SPEEDUPS):
            ax = axes[i][j]
            for sim, style in (("booksim", "o-"), ("ours", "x--")):
                pts = sorted(
                    (float(r["load"]), float(r["latency"]))
                    for r in rows
                    if r["sim"] == sim
                    and r["graph"] == name
                    and float(r["internal_speedup"]) == sp
                    and r["unstable"] == "0"
                    and r["latency"] not in ("", "nan")
                )
                if pts:
                    ax.plot(*zip(*pts), style, ms=3, label="BookSim2" if sim == "booksim" else "lowdiam booksim")
            ax.set_title(f"{name}, speedup {sp:g}", fontsize=8)
            ax.set_ylim(0, 150)
            ax.grid(alpha=0.3)
            if i == len(SPEEDUPS) - 1:
                ax.set_xlabel("offered load (flits/endpoint/cycle)")
            if j == 0:
                ax.set_ylabel("mean packet latency (cycles)")
            ax.legend(fontsize=6)
    fig.tight_layout()
    OUT.mkdir(parents=True, exist_ok=True)
    for ext in ("png", "pdf"):
        fig.savefig(OUT / f"booksim_crossval.{ext}", dpi=150)


if __name__ == "__main__":
    main()
