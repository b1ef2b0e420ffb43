"""The BookSim model's Dragonfly VC classes against BookSim's own Dragonfly, on two balanced Dragonflies.

The reference is the PolarStar authors' BookSim fork (IntelLabs/PolarFly, ``$AUTHORS_BOOKSIM``), whose Dragonfly the
paper's Fig. 9/10 ran: BookSim2 itself defines ``DRAGON_LATENCY`` in ``src/networks/dragonfly.cpp`` (local links 10
cycles, global links 100), the fork comments it out and sets every link to 1 cycle, the paper's normalised link (Sec.
9.4), which is also the only link latency our model has. Its routing functions and port numbering of ``dragonflynew``
are BookSim2's (``min_dragonflynew`` identical; ``dragonfly_port`` differs by an unused variable). It runs the built-
in ``dragonflynew`` topology (``k`` = p endpoints per router, a = 2p routers per group, h = p global links per router,
g = ap + 1 groups) with ``routing_function = min`` (``min_dragonflynew``: the one minimal route, VC 0 until its global
link and VC 1 from that link on) and 2 VCs, the Dragonfly MIN setting of the PolarStar paper (Sec. 9.4: "Dragonfly and
Megafly respectively use 2 and 1 VCs for MIN routing"). Ours runs ``dragonfly(2p, p, p)`` (the "absolute" global
arrangement, isomorphic to BookSim's), ``df-min`` (the same unique minimal routes) with
``router_options={"vc_selection": "dragonfly"}`` and 2 VCs. Everything else is ``crossval_booksim.CFG`` (4-flit
packets, 32 flits per VC, separable input-first allocators, BookSim2's uniform traffic with the source among the
destinations, seed 1) under BookSim's run control with ``max_samples = 10`` on both sides, at internal speedup 1.0 and
2.0, on the 0.05 grid from 0.05 until one step past BookSim's first unstable load. (``make booksim`` builds BookSim2;
the fork is built the same way from ``fetch github:IntelLabs/PolarFly``, ``polarfly/booksim/src``.)

``--routings ugal`` (both by default) runs the same sweep with BookSim's ``routing_function = ugal``
(``ugal_dragonflynew``, 3 VCs: VC 0 to the intermediate, 1 after it, 2 from the global link of the second phase on;
its own decision: one random intermediate, the minimal route kept while q_min <= 2 q_val - 30: the fork's threshold
is -30 where BookSim2's is +30, so an idle network misroutes) against ours: ``df-ugal`` with
``routing_options={"cost": "booksim-dragonfly", "samples": 1, "threshold": -30}`` (the same decision,
``lowdiam.sim.routings.ugal``) and ``vc_selection="dragonfly"`` at 3 VCs: the VC classes of the Dragonfly's UGAL-L
runs at the paper's VCs (``lowdiam.studies.polarstar.PAPER_UGAL_VCS``), whose decision is the paper text's.

Rows go to ``figures/crossval/booksim_dragonfly.csv`` as they finish (rows already there are skipped, so a stopped run
resumes); ``--decisions`` prints and writes ``booksim_dragonfly_decisions.csv``: per routing, network and speedup, both
simulators' decisions, the loads where they differ and the largest latency deviation at loads both call stable.

Usage::

    AUTHORS_BOOKSIM=/work/authors-booksim/polarfly/booksim/src/booksim PYTHONPATH=lib \
        python benchmarks/crossval_booksim_dragonfly.py
    PYTHONPATH=lib python benchmarks/crossval_booksim_dragonfly.py --decisions
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchio import write_rows  # noqa: E402
from crossval_booksim import OUT, _append, _read, config_with, run_binary, run_model  # noqa: E402

CSV = OUT / "booksim_dragonfly.csv"
DECISIONS = OUT / "booksim_dragonfly_decisions.csv"
FIELDS = ["sim", "graph", "routing", "routers", "endpoints_per_router", "internal_speedup", "load", "unstable",
          "latency", "accepted", "hops", "cycles", "seconds"]
#: BookSim's ``k`` (= p) of the two Dragonflies: 36 and 114 routers
KS = (2, 3)
SPEEDUPS = (1.0, 2.0)
LOADS = tuple(round(0.05 * i, 2) for i in range(1, 21))
RC_OPTIONS = {"sample_period": 1000, "warmup_periods": 3, "max_samples": 10}
#: routing -> (BookSim's routing_function, its VCs, ours: routing and routing_options).  BookSim's
#: ``ugal_dragonflynew`` asserts 3 VCs; ours runs it as ``df-ugal`` with BookSim's cost form
#: (``lowdiam.sim.routings.ugal``)
ROUTINGS = {
    "min": ("min", 2, "df-min", None),
    "ugal": ("ugal", 3, "df-ugal", {"cost": "booksim-dragonfly", "samples": 1, "threshold": -30}),
}


def graph(k: int):
    from lowdiam.topologies import dragonfly

    return dragonfly(2 * k, k, k)


def booksim_config(k: int, load: float, speedup: float, routing: str = "min", **keys):
    """BookSim's configuration of ``dragonflynew`` with this ``k`` under ``routing`` (:data:`ROUTINGS`): the
    ``crossval_booksim.CFG`` keys with the routing's function and VCs, and ``keys`` over them (``config_with``)."""
    function, vcs, _, _ = ROUTINGS[routing]

    def config(net: Path) -> str:
        text = config_with(net, load, speedup, **{"num_vcs": vcs, "routing_function": function, **keys})
        text = re.sub(r"^topology = anynet;\nnetwork_file = [^\n]*\n", f"topology = dragonflynew;\nk = {k};\nn = 1;\n",
                      text, flags=re.M)
        if "dragonflynew" not in text:
            raise RuntimeError("crossval_booksim.CFG no longer starts with the anynet topology lines")
        return text

    return config


def sweep(binary: str, routings: list[str]) -> None:
    done = {(r["sim"], r["graph"], r["routing"], float(r["internal_speedup"]), float(r["load"])) for r in _read(CSV)}
    for routing in routings:
        _, vcs, ours, options = ROUTINGS[routing]
        for k in KS:
            top = graph(k)
            name = f"df_k{k}"
            for speedup in SPEEDUPS:
                for load in LOADS:
                    for sim in ("authors_booksim", "ours_rc"):
                        if (sim, name, routing, speedup, load) in done:
                            continue
                        if sim == "authors_booksim":
                            r = run_binary(binary, top, booksim_config(k, load, speedup, routing), summary="overall")
                        else:
                            r = run_model(top, ours, load, speedup=speedup, vcs=vcs, vc_selection="dragonfly",
                                          routing_options=options, run_control="booksim", rc_options=RC_OPTIONS,
                                          blank_unstable=True)
                        row = {"sim": sim, "graph": name, "routing": routing, "routers": top.num_routers,
                               "endpoints_per_router": top.endpoints_per_router, "internal_speedup": speedup,
                               "load": load, **{f: r.get(f, "") for f in FIELDS[7:]}}
                        _append(CSV, FIELDS, row)
                        print(name, routing, speedup, load, sim, r["unstable"], r["accepted"], r["latency"],
                              file=sys.stderr, flush=True)
                    rows = [r for r in _read(CSV) if (r["graph"], r["routing"]) == (name, routing)
                            and float(r["internal_speedup"]) == speedup and r["sim"] == "authors_booksim"
                            and r["unstable"] == "1"]
                    if any(float(r["load"]) < load for r in rows):
                        break  # one step past BookSim's first unstable load


def decisions() -> list[dict]:
    """Per network and speedup: both simulators' first unstable load, the loads where the decisions differ, and
    the largest relative latency deviation at the loads both call stable."""
    rows = _read(CSV)
    out = []
    for key in sorted({(r["routing"], r["graph"], r["internal_speedup"]) for r in rows}):
        cur = {(r["sim"], float(r["load"])): r for r in rows
               if (r["routing"], r["graph"], r["internal_speedup"]) == key}
        loads = sorted({ld for s, ld in cur if s == "authors_booksim"} & {ld for s, ld in cur if s == "ours_rc"})
        b = {ld: cur[("authors_booksim", ld)]["unstable"] != "0" for ld in loads}
        o = {ld: cur[("ours_rc", ld)]["unstable"] != "0" for ld in loads}
        both = [ld for ld in loads if not b[ld] and not o[ld]]
        dev = [abs(float(cur[("ours_rc", ld)]["latency"]) / float(cur[("authors_booksim", ld)]["latency"]) - 1)
               for ld in both]
        out.append({"routing": key[0], "graph": key[1], "internal_speedup": key[2], "loads": len(loads),
                    "booksim_first_unstable": min([ld for ld in loads if b[ld]], default=""),
                    "ours_first_unstable": min([ld for ld in loads if o[ld]], default=""),
                    "differ_at": " ".join(f"{ld:.2f}" for ld in loads if b[ld] != o[ld]),
                    "max_latency_deviation": round(max(dev), 4) if dev else "",
                    # below the last load both call stable: away from the knee, where seed 1's latency is noisy
                    "max_latency_deviation_below_knee": round(max(dev[:-1]), 4) if len(dev) > 1 else ""})
    return out


def fork_cli(doc: str, flag: str, summarise, out: Path, run) -> None:
    """The command line of a script comparing ours with the PolarStar authors' fork by routing (:data:`ROUTINGS`):
    ``--<flag>`` writes ``summarise()``'s rows to ``out`` and prints them (no simulation); otherwise
    ``run(binary, routings)`` with the fork's binary from ``$AUTHORS_BOOKSIM`` and ``--routings``."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument(f"--{flag}", action="store_true", help="summarise the recorded rows (no simulation)")
    ap.add_argument("--routings", default=",".join(ROUTINGS), help=f"comma-separated, of {', '.join(ROUTINGS)}")
    args = ap.parse_args()
    routings = [x for x in args.routings.split(",") if x]
    if any(x not in ROUTINGS for x in routings):
        sys.exit(f"--routings must be drawn from {list(ROUTINGS)}, got {routings}")
    if getattr(args, flag):
        rows = summarise()
        if not rows:
            sys.exit(f"no recorded runs to summarise for {out.name} yet")
        write_rows(out, rows)
        for r in rows:
            print(r)
        return
    binary = os.environ.get("AUTHORS_BOOKSIM")
    if not binary or not Path(binary).is_file():
        sys.exit("set $AUTHORS_BOOKSIM to the PolarStar authors' BookSim binary, an absolute path (see the docstring)")
    run(binary, routings)


def main() -> None:
    fork_cli(__doc__, "decisions", decisions, DECISIONS, sweep)


if __name__ == "__main__":
    main()
