"""The BookSim model against BookSim2 under the Galaxyfly paper's Sec. 5 router settings, on small graphs.

Two checks of settings the Galaxyfly paper-settings searches (``lowdiam.studies.galaxyfly_paper_settings``) depend on,
each on both simulators: 1-flit packets, 256-flit shared input-port buffers with 5 private flits per VC
(``buffer_policy = shared``), internal speedup 2.0, BookSim's run control with ``max_samples = 8``, anynet ``min``
(our ``min-single`` on BookSim's table), BookSim2's uniform traffic (the source among the destinations), seed 1;
otherwise ``crossval_booksim.CFG``.

- ``vcs``: one VC against four (any VC) on a complete graph K10 with 2 endpoints per router, whose links are no
  bottleneck: with one VC an input port is a single FIFO and head-of-line blocking caps the accepted load, the
  situation of the paper's one-VC-per-hop-class deadlock avoidance (Sec. 4.3).
- ``routing_delay``: the paper's two-cycle routing computation (Sec. 5) with four VCs on K10, PolarFly(3) with 3
  endpoints per router and ``jellyfish(16, 4, seed=2)`` with 2.
- ``vcs_routing_delay``: both together, one VC and the two-cycle routing computation, on K10: the combination the
  paper-settings searches run (one VC per hop class, routing delay 2).

Rows go to ``figures/crossval/booksim_gf_settings.csv`` (one per check, graph, VCs, routing delay, load and simulator).

Usage::

    BOOKSIM=$PWD/.cache/booksim2/src/booksim PYTHONPATH=lib python benchmarks/crossval_booksim_gf_settings.py \
        [--checks vcs,routing_delay,vcs_routing_delay]

With ``--checks`` only those checks run; the rows of the others already in the CSV are kept.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from benchio import write_rows  # noqa: E402
from crossval_booksim import OUT, _read, config_with, pin_graphs, run_binary, run_model  # noqa: E402

CSV = OUT / "booksim_gf_settings.csv"
BUFFERS = {"buffer_policy": "shared", "buf_size": 256, "private_buf_size": 5}
RC_OPTIONS = {"sample_period": 1000, "warmup_periods": 3, "max_samples": 8}
#: (check, graph, VCs, routing delay, loads)
CASES = [
    ("vcs", "k10", 1, 1, (0.6, 0.65, 0.7, 0.8)),
    ("vcs", "k10", 4, 1, (0.6, 0.65, 0.7, 0.8)),
    ("routing_delay", "k10", 4, 2, (0.3, 0.5, 0.7)),
    ("routing_delay", "pf3", 4, 2, (0.3, 0.5, 0.7)),
    ("routing_delay", "jf_16_4", 4, 2, (0.3, 0.5, 0.7)),
    ("vcs_routing_delay", "k10", 1, 2, (0.4, 0.45, 0.5, 0.55, 0.6)),
]
CHECKS = tuple(dict.fromkeys(c[0] for c in CASES))


def graphs() -> dict:
    from lowdiam.topologies import Topology

    k10 = Topology.from_edges("k10", "complete", 10, list(itertools.combinations(range(10), 2)),
                              endpoints_per_router=2)
    return {"k10": k10, **pin_graphs()}


def booksim_config(load: float, vcs: int, routing_delay: int):
    def config(net: Path) -> str:
        text = config_with(net, load, 2.0, packet_size=1, num_vcs=vcs, max_samples=8, routing_delay=routing_delay)
        return text + "".join(f"{k} = {v};\n" for k, v in BUFFERS.items())

    return config


def main() -> None:
    binary = os.environ.get("BOOKSIM")
    if not binary or not Path(binary).is_file():
        sys.exit("set $BOOKSIM to the BookSim2 binary, an absolute path (make booksim builds one in .cache/booksim2)")
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checks", default=",".join(CHECKS), help=f"comma-separated, of {', '.join(CHECKS)}")
    checks = [c.strip() for c in ap.parse_args().checks.split(",") if c.strip()]
    bad = [c for c in checks if c not in CHECKS]
    if bad:
        sys.exit(f"--checks must be drawn from {CHECKS}, got {bad}")
    tops = graphs()
    rows = [r for r in _read(CSV) if r["check"] not in checks]  # the rows of the checks not run now
    for check, g, vcs, rd, loads in CASES:
        if check not in checks:
            continue
        top = tops[g]
        for load in loads:
            b = run_binary(binary, top, booksim_config(load, vcs, rd))
            o = run_model(top, "min-single", load, speedup=2.0, vcs=vcs, routing_options={"paths": "booksim-anynet"},
                          run_control="booksim", rc_options=RC_OPTIONS, packet_flits=1,
                          buffers={**BUFFERS, "routing_delay": rd}, blank_unstable=True)
            for sim, r in (("booksim", b), ("ours_rc", o)):
                rows.append({"check": check, "graph": g, "routers": top.num_routers,
                             "endpoints_per_router": top.endpoints_per_router, "vcs": vcs, "routing_delay": rd,
                             "load": load, "sim": sim, **{k: r[k] for k in ("unstable", "latency", "accepted",
                                                                            "hops", "cycles")}})
            print(check, g, vcs, rd, load, "booksim", b["unstable"], b["accepted"], b["latency"], "| ours",
                  o["unstable"], o["accepted"], o["latency"], file=sys.stderr, flush=True)
    write_rows(CSV, rows)


if __name__ == "__main__":
    main()
