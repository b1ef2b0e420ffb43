"""Cross-validation of ``"ugal-pf"`` (BookSim model) against the PolarStar authors' ``ugall4_pf`` in their BookSim fork.

The authors' fork (IntelLabs/PolarFly, ``polarfly/booksim``) is built from the local mirror::

    mkdir -p /work/authors-booksim && cd /work/authors-booksim
    git --git-dir=/work/.mirror/IntelLabs+PolarFly/repo --work-tree=. checkout -f HEAD -- .
    cd polarfly/booksim/src && make -j1

Both simulators run the same small graphs (exported with ``Topology.to_anynet()``) under the authors'
``src/examples/polarstarconfig`` (``routing_function = ugall4_pf``, 4 VCs x 32 flits, 4-flit packets,
``internal_speedup = 2.0``, ``credit_delay = 2``, every other delay 1, BookSim's run control with
``sample_period = 1000``, ``warmup_periods = 3``, ``max_samples = 8``), uniform traffic, ``seed = 1``, at a
few loads.  Ours runs under BookSim's run control too (``run_control="booksim"`` with the same three
values), twice: ``ours_hop`` with the project's hop-indexed VCs (as many VCs as the routing's longest route
needs: 5 on these diameter-3 graphs) and ``ours_any`` with 4 VCs and any VC at every hop (the authors' VC
count; their code picks the emptiest VC at the first hop and any VC later).  ``authors_min`` / ``ours_min``
run the anynet ``min`` routing (``"min-single"`` with the anynet table, any VC) of the same fork as a
control of the router model alone.

Columns: ``unstable`` 1 when the simulator gave up (BookSim's "Simulation unstable"; ours: the same rule),
2 ours detected a deadlock; ``latency`` (packet latency average, cycles), ``accepted`` (flits / endpoint /
cycle), ``hops`` (BookSim's "Hops average", routers: links + 1); ``cycles`` simulated.  Rows go to
``figures/crossval/booksim_ugal_pf.csv``; rows already there are skipped.

Usage::

    AUTHORS_BOOKSIM=/work/authors-booksim/polarfly/booksim/src/booksim \\
        python benchmarks/crossval_booksim_ugal_pf.py [--sims authors ours_hop ...] [--loads 0.3 0.6]
"""

from __future__ import annotations

import argparse
import csv
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crossval_booksim import run_binary, run_model  # noqa: E402  (one home for running both simulators)

ROOT = Path(__file__).resolve().parents[1]
CSV = ROOT / "figures" / "crossval" / "booksim_ugal_pf.csv"
FIELDS = ["sim", "graph", "routers", "endpoints_per_router", "load", "unstable", "latency", "accepted", "hops",
          "cycles"]
SIMS = ("authors", "ours_hop", "ours_any", "authors_min", "ours_min")
LOADS = (0.3, 0.4, 0.5, 0.6, 0.8, 0.9)
RC_OPTIONS = {"sample_period": 1000, "warmup_periods": 3, "max_samples": 8}

# polarstarconfig, with the graph, concentration, load, seed and routing filled in
CFG = """injection_rate = {load};
traffic = uniform;
routing_function = {routing};
use_size_power_of_two = no;
adaptive_threshold = 4;
rr_permute = no;
network_file = {net};
load_routing_file = no;
routing_table_file = anynet.route;
topology = anynet;
k = {p};
num_vcs = 4;
vc_buf_size = 32;
warmup_periods = 3;
sim_count = 1;
hold_switch_for_packet = 0;
packet_size = 4;
vc_allocator = separable_input_first;
sw_allocator = separable_input_first;
alloc_iters = 1;
sample_period = 1000;
max_samples = 8;
wait_for_tail_credit = 0;
use_read_write = 0;
credit_delay = 2;
routing_delay = 1;
vc_alloc_delay = 1;
sw_alloc_delay = 1;
st_final_delay = 1;
input_speedup = 1;
output_speedup = 1;
internal_speedup = 2.0;
priority = none;
injection_rate_uses_flits = 1;
seed = {seed};
"""


def graphs() -> dict:
    """A small PolarStar and a random regular graph, both of diameter 3."""
    from lowdiam import topologies as T

    return {
        "ps_iq_2_3": T.polarstar(2, "iq", 3, endpoints_per_router=3),
        "jf_50_7": T.jellyfish(50, 7, seed=1, endpoints_per_router=3),
    }


#: the papers' scale, run only when named (``--graphs ps_iq_11_3``): PS-IQ(11,3) with 5 endpoints per router, the
#: recipe of ``lowdiam.studies.polarstar``'s ``PS-IQ`` (1,064 routers)
PAPER_GRAPHS = ("ps_iq_11_3",)


def paper_graphs() -> dict:
    from lowdiam import topologies as T

    return {"ps_iq_11_3": T.polarstar(11, "iq", 3, endpoints_per_router=5)}


def run_authors(binary: str, top, load: float, routing: str, seed: int = 1) -> dict:
    """One run of the authors' fork under :data:`CFG` (their ``polarstarconfig``) with ``routing``; the load as given
    (five decimals, so loads on the paper-profile searches' 1/160 grid run exactly)."""
    return run_binary(binary, top, lambda net: CFG.format(load=f"{load:.5f}", routing=routing, net=net,
                                                          p=top.endpoints_per_router, seed=seed), summary="overall")


def run_ours(top, load: float, sim: str, seed: int = 1) -> dict:
    """Our model under the same configuration and BookSim's run control: ``ours_min`` (the anynet ``min`` table),
    ``ours_any`` (``ugal-pf``, 4 VCs, any VC) or ``ours_hop`` (``ugal-pf``, hop-indexed VCs)."""
    if sim == "ours_min":
        routing, ropts, vcs, sel = "min-single", {"paths": "booksim-anynet"}, 4, "any"
    elif sim == "ours_any":
        routing, ropts, vcs, sel = "ugal-pf", None, 4, "any"
    else:
        routing, ropts, vcs, sel = "ugal-pf", None, None, "hop"
    return run_model(top, routing, load, speedup=2.0, vcs=vcs, vc_selection=sel, routing_options=ropts,
                     run_control="booksim", rc_options=RC_OPTIONS, credit_delay=2, seed=seed, blank_unstable=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sims", nargs="*", default=list(SIMS), choices=SIMS)
    ap.add_argument("--loads", nargs="*", type=float, default=list(LOADS))
    ap.add_argument("--graphs", nargs="*", help=f"subset of the small graphs, or {', '.join(PAPER_GRAPHS)} (only when "
                                                "named: the papers' scale)")
    args = ap.parse_args()
    binary = os.environ.get("AUTHORS_BOOKSIM", "/work/authors-booksim/polarfly/booksim/src/booksim")
    done = set()
    if CSV.exists():
        with CSV.open() as fh:
            done = {(r["sim"], r["graph"], float(r["load"])) for r in csv.DictReader(fh)}
    CSV.parent.mkdir(parents=True, exist_ok=True)
    tops = graphs()
    if args.graphs and set(args.graphs) & set(PAPER_GRAPHS):
        tops.update(paper_graphs())
    for name, top in tops.items():
        if args.graphs and name not in args.graphs or not args.graphs and name in PAPER_GRAPHS:
            continue
        for load in args.loads:
            for sim in args.sims:
                if (sim, name, load) in done:
                    continue
                if sim.startswith("authors"):
                    res = run_authors(binary, top, load, "ugall4_pf" if sim == "authors" else "min")
                else:
                    res = run_ours(top, load, sim)
                row = {"sim": sim, "graph": name, "routers": top.num_routers,
                       "endpoints_per_router": top.endpoints_per_router, "load": load, **res}
                new = not CSV.exists()
                with CSV.open("a", newline="") as fh:
                    w = csv.DictWriter(fh, fieldnames=FIELDS, extrasaction="ignore")
                    if new:
                        w.writeheader()
                    w.writerow(row)
                print(row, file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
