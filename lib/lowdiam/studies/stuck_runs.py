"""What held the PolarStar section's "stuck" and "deadlock" runs: the wait-for analysis of each, recorded.

Under BookSim2's run control a run ends ``"stuck"`` when a measured packet has been in the network longer than
``stuck_cycles`` while the drain goes on, which the rule reads as a partial deadlock (``docs/run_control.md``, item
7).  This module reruns every such run of the section's logs (runs are deterministic) and reads its final state
with :func:`lowdiam.sim.booksim.deadlock.analyze`: how many input VCs form a closed set of waits (none of them can
ever move), how many packets they hold, and whether the measured packets still in the network are among them.  A
run with no such set was slow, not deadlocked.

Each analysed run is appended to the result log :data:`LOG` (``results/paper/05_simulation/stuck_wait_for.csv``,
:class:`lowdiam.results.ResultLog`) as it finishes, so the job stops and resumes anywhere::

    python -m lowdiam.studies.stuck_runs

Examples
--------
>>> KEY
('log', 'label', 'routing', 'traffic', 'load', 'seed')
"""

from __future__ import annotations

import argparse
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .. import sweep as S
from ..results import ResultLog
from . import polarstar as PS

__all__ = ["LOG", "KEY", "COLUMNS", "LOGS", "result_log", "stuck_records", "recorded", "analyse", "by_run",
           "what_held", "cycle_turns", "main"]

#: the result log the analyses are kept in: (notebook, name) under results/paper/
LOG = ("05_simulation", "stuck_wait_for")
#: the section's logs whose stuck / deadlocked runs are analysed, with the reading of each (its runs at their
#: settings)
LOGS = {PS.PAPER_VCS_LOG: PS.paper_vcs_runs, PS.AUTHORS_LOG: PS.authors_runs}
#: the key of an analysis: the analysed run's log, configuration, load and seed
KEY = ("log", "label", "routing", "traffic", "load", "seed")
#: its result columns
COLUMNS = ("decision", "cycles", "deadlocked_vcs", "deadlocked_routers", "deadlocked_packets", "in_network",
           "in_network_measured", "measured_in_deadlock", "oldest_age", "cycle")


def result_log(root: str | Path | None = None) -> ResultLog:
    """The result log of the analyses (:data:`LOG`, keyed by :data:`KEY`)."""
    return ResultLog(*LOG, key=KEY, root=root)


def stuck_records(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The runs of ``records`` that ended ``"stuck"`` or ``"deadlock"``, ordered by (label, routing, traffic, load).

    >>> stuck_records([{"label": "A", "routing": "ugal", "traffic": "uniform", "load": 0.5, "decision": "stuck"},
    ...                {"label": "A", "routing": "ugal", "traffic": "uniform", "load": 0.4, "decision": "converged"}])
    [{'label': 'A', 'routing': 'ugal', 'traffic': 'uniform', 'load': 0.5, 'decision': 'stuck'}]
    """
    out = [r for r in records if r.get("decision") in ("stuck", "deadlock")]
    return sorted(out, key=lambda r: (r["label"], r["routing"], r["traffic"], float(r["load"])))


def _item(log: str, r: dict[str, Any]) -> dict[str, Any]:
    """The key of the analysis of recorded run ``r`` of ``log``."""
    return {"log": log, "label": str(r["label"]), "routing": str(r["routing"]), "traffic": str(r["traffic"]),
            "load": float(r["load"]), "seed": int(r["seed"])}


def recorded(root: str | Path | None = None) -> list[dict[str, Any]]:
    """The analyses kept in the result log (:data:`LOG`), in the order written."""
    return result_log(root).rows()


def by_run(log: str, root: str | Path | None = None) -> dict[tuple[str, str, str, float, int], dict[str, Any]]:
    """The analyses of ``log``'s runs kept in the result log, by (label, routing, traffic, load, seed)."""
    return {(row["label"], row["routing"], row["traffic"], float(row["load"]), int(row["seed"])): row
            for row in recorded(root) if row["log"] == log}


def what_held(row: dict[str, Any]) -> str:
    """A note's words for one analysis (a row of :data:`CSV`).

    >>> what_held({"deadlocked_vcs": "2", "deadlocked_routers": "2", "deadlocked_packets": "16",
    ...            "in_network_measured": "16", "measured_in_deadlock": "16"})
    ... # doctest: +NORMALIZE_WHITESPACE
    'a deadlock: 2 input VCs at 2 routers each waiting only on the others, holding 16 packets, all 16 measured
     ones left'
    >>> what_held({"deadlocked_vcs": "0", "deadlocked_routers": "0", "deadlocked_packets": "0",
    ...            "in_network_measured": "1", "measured_in_deadlock": "0"})
    'no deadlock in its final state: its measured packets were slow, not held'
    """
    vcs, held = int(row["deadlocked_vcs"]), int(row["measured_in_deadlock"])
    if vcs == 0:
        return "no deadlock in its final state: its measured packets were slow, not held"
    left = int(row["in_network_measured"])
    return (f"a deadlock: {vcs} input VCs at {int(row['deadlocked_routers'])} routers each waiting only on the "
            f"others, holding {int(row['deadlocked_packets'])} packets, "
            + (f"all {left} measured ones left" if held == left else f"{held} of the {left} measured ones left"))


def cycle_turns(topology, cycle: Sequence[Sequence[int]]) -> int:
    """How many waits of a wait-for cycle (``[(router, input port, VC), ...]``, each waiting on the next, the last on
    the first: :func:`lowdiam.sim.booksim.deadlock.analyze`) are U-turns: the VC's packets came in from the router
    they wait to go back to (the next entry's).  Local ports below the router's endpoint count are endpoints.

    >>> from lowdiam.topologies import Topology
    >>> path = Topology.from_edges("p2", "path", 2, [(0, 1)], endpoints_per_router=1)
    >>> cycle_turns(path, [(0, 1, 0), (1, 1, 0)])  # port 1 of each router is the link to the other
    2
    """
    p = np.asarray(topology.endpoints)
    routers = [int(c[0]) for c in cycle]
    turns = 0
    for i, (r, j, _) in enumerate(cycle):
        j = int(j) - int(p[r])
        if j >= 0 and int(topology.indices[topology.indptr[r] + j]) == routers[(i + 1) % len(cycle)]:
            turns += 1
    return turns


def analyse(log: str, r: dict[str, Any]) -> dict[str, Any]:
    """The wait-for analysis of recorded run ``r`` of ``log`` (the :data:`COLUMNS`): the run rebuilt from its
    recipe, routing, traffic, load, seed and ``sim_*`` settings and rerun to its end."""
    from ..sim.booksim.deadlock import analyze

    rec = r["recipe"]
    top = S.Recipe(rec["constructor"], rec.get("kwargs", {}), r["label"], tuple(rec.get("args", ()))).build()
    sim = {k[4:]: v for k, v in r.items() if k.startswith("sim_")}
    if sim.get("router") != "booksim":
        raise ValueError(f"the wait-for analysis reads the BookSim model's state; run {_item(log, r)} used router "
                         f"{sim.get('router')!r}")
    sim.pop("router")
    got = analyze(top, r["routing"], r["traffic"], float(r["load"]), seed=int(r["seed"]), **sim)
    if got["decision"] != r["decision"] or got["cycles"] != int(r["cycles"]):
        raise RuntimeError(f"run {_item(log, r)} reran to {got['decision']!r} at cycle {got['cycles']}, recorded "
                           f"{r['decision']!r} at {r['cycles']}: not the same run (changed code or settings)")
    return {k: got[k] for k in COLUMNS}


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.stuck_runs",
                                 description="the wait-for analysis of every stuck or deadlocked run of the PolarStar "
                                             f"section's logs {', '.join(LOGS)}, appended to results/paper/"
                                             f"{LOG[0]}/{LOG[1]}.csv")
    ap.parse_args(argv)
    runs = {}
    for log, read in LOGS.items():
        for r in stuck_records(read()):
            runs[tuple(_item(log, r).values())] = (log, r)
    result_log().run([_item(log, r) for log, r in runs.values()],
                     lambda item: analyse(*runs[tuple(item.values())]),
                     desc="wait-for analysis of stuck runs")


if __name__ == "__main__":
    main()
