"""The authors'-code column's Dragonfly searches at paper scale, beside the PolarStar authors' fork itself.

PolarStar Fig. 9/10's authors'-code column runs the Dragonfly of Table 3, ``dragonfly(12, 6, 6)`` (876 routers, 6
endpoints each), as the authors' public BookSim fork (IntelLabs/PolarFly) runs its built-in ``dragonflynew`` with
k = 6, the same network (our "absolute" arrangement is BookSim's): ``min_dragonflynew`` (our ``df-min``) and
``ugal_dragonflynew`` (our ``df-ugal`` with one random intermediate and the fork's threshold of -30), 3 VCs of 43
flits with BookSim's Dragonfly VC classes, 4-flit packets, internal speedup 2.0, BookSim's run control with the
authors' ``max_samples = 8`` (``lowdiam.studies.polarstar.authors_df_sim``; group ``authors-df`` of the paper-profile
job, ``results/paper/05_simulation/05_polarstar_authors_code.csv``).  ``benchmarks/crossval_booksim_dragonfly.py``
compares the two simulators' decisions on k = 2 and 3 over the 0.05 grid; this script runs the fork on k = 6 at the
loads that decided a recorded search of ours under uniform traffic -- its last stable and first unstable load -- and
reports whether the fork decides the same there.  Only uniform traffic is compared: the fork's bit patterns are
defined on node counts that are powers of two and it has no adversarial pattern.  (Its uniform counts the source
among the destinations, ours does not: 1 of 5,256.)

Rows go to ``figures/crossval/booksim_authors_dragonfly.csv`` as each run finishes (a (routing, load) already there is
skipped, so a stopped run resumes); ``--table`` prints and writes ``booksim_authors_dragonfly_decisions.csv``: per
routing and load, ours (from the recorded search) and the fork's decision.

Usage::

    AUTHORS_BOOKSIM=/work/authors-booksim/polarfly/booksim/src/booksim PYTHONPATH=lib \\
        python benchmarks/crossval_authors_dragonfly.py --routings min,ugal
    PYTHONPATH=lib python benchmarks/crossval_authors_dragonfly.py --table
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from crossval_booksim import OUT, _append, _read, run_binary  # noqa: E402
from crossval_booksim_dragonfly import ROUTINGS, booksim_config, fork_cli  # noqa: E402

CSV = OUT / "booksim_authors_dragonfly.csv"
DECISIONS = OUT / "booksim_authors_dragonfly_decisions.csv"
FIELDS = ["sim", "routing", "traffic", "load", "unstable", "latency", "accepted", "hops", "cycles", "seconds"]
#: BookSim's k of Table 3's Dragonfly: p = 6 endpoints per router, a = 12 routers per group, h = 6 global links
K = 6
SPEEDUP = 2.0


def fork_config(load: float, routing: str):
    """The fork's configuration: ``crossval_booksim_dragonfly``'s at k = :data:`K` with the section's authors'
    Dragonfly settings (``lowdiam.studies.polarstar.AUTHORS_DF_VCS``, ``max_samples = 8``)."""
    from lowdiam.studies import polarstar as PS

    vcs, flits, _ = PS.AUTHORS_DF_VCS
    return booksim_config(K, load, SPEEDUP, routing, num_vcs=vcs, vc_buf_size=flits, max_samples=8, seed=0)


def ours(routing: str, traffic: str = "uniform") -> dict[float, dict]:
    """Our recorded runs of the authors'-code search of ``routing`` (``min`` / ``ugal``) on the Dragonfly: load ->
    record."""
    from lowdiam.studies import polarstar as PS

    name = ROUTINGS[routing][2]
    return {float(r["load"]): r for r in PS.authors_runs()
            if (r["label"], r["routing"], r["traffic"]) == ("DF", name, traffic)}


def bracket(routing: str) -> tuple[float | None, float | None]:
    """Our search's last stable and first unstable load (``None`` where it has none yet)."""
    runs = ours(routing)
    stable = [ld for ld, r in runs.items() if not r["saturated"]]
    unstable = [ld for ld, r in runs.items() if r["saturated"]]
    return (max(stable) if stable else None), (min(unstable) if unstable else None)


def sweep(binary: str, routings: list[str]) -> None:
    from lowdiam.topologies import dragonfly

    top = dragonfly(2 * K, K, K)  # exported, unused: the fork builds its own dragonflynew
    done = {(r["routing"], float(r["load"])) for r in _read(CSV)}
    for routing in routings:
        for load in bracket(routing):
            if load is None or (routing, load) in done:
                continue
            r = run_binary(binary, top, fork_config(load, routing), summary="overall")
            row = {"sim": "authors_booksim", "routing": routing, "traffic": "uniform", "load": load,
                   **{f: r.get(f, "") for f in FIELDS[4:]}}
            _append(CSV, FIELDS, row)
            print(routing, load, r["unstable"], r.get("accepted"), r.get("latency"), r["cycles"], r["seconds"],
                  file=sys.stderr, flush=True)


def table() -> list[dict]:
    """Per routing and load the fork ran: our decision (recorded search), the fork's, and both latencies."""
    out = []
    for r in _read(CSV):
        mine = ours(r["routing"]).get(float(r["load"]))
        out.append({"routing": r["routing"], "traffic": r["traffic"], "load": float(r["load"]),
                    "ours_unstable": "" if mine is None else int(bool(mine["saturated"])),
                    "ours_decision": "" if mine is None else mine.get("decision", ""),
                    "authors_booksim_unstable": int(r["unstable"]),
                    "ours_latency": "" if mine is None or mine["saturated"] else round(mine["latency_mean"], 2),
                    "authors_booksim_latency": r["latency"],
                    "same": "" if mine is None else int(bool(mine["saturated"]) == (r["unstable"] == "1"))})
    return out


def main() -> None:
    fork_cli(__doc__, "table", table, DECISIONS, sweep)


if __name__ == "__main__":
    main()
