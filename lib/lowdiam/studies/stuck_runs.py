"""What held the PolarStar section's "stuck" and "deadlock" runs: the wait-for analysis of each, recorded.

Under BookSim2's run control a run ends ``"stuck"`` when a measured packet has been in the network longer than
``stuck_cycles`` while the drain goes on, which the rule reads as a partial deadlock (``docs/run_control.md``, item
7).  This module reruns every such run of the section's logs (runs are deterministic) and reads its final state
with :func:`lowdiam.sim.booksim.deadlock.analyze`: how many input VCs form a closed set of waits (none of them can
ever move), how many packets they hold, and whether the measured packets still in the network are among them.  A
run with no such set was slow, not deadlocked.

Each analysed run is appended to :data:`CSV` as it finishes, so the job stops and resumes anywhere::

    python -m lowdiam.studies.stuck_runs

Examples
--------
>>> [c for c in COLUMNS][:6]
['log', 'label', 'routing', 'traffic', 'load', 'seed']
"""

from __future__ import annotations

import argparse
import csv
import json
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .. import sweep as S
from ..paths import results_dir
from . import polarstar as PS

__all__ = ["CSV", "COLUMNS", "LOGS", "stuck_records", "recorded", "analyse", "by_run", "what_held", "cycle_turns",
           "main"]

#: where the analyses are kept (under the results folder)
CSV = Path("paper") / "05_simulation" / "05_polarstar_stuck_wait_for.csv"
#: the section's logs whose stuck / deadlocked runs are analysed, with the reading of each (its runs at their
#: settings)
LOGS = {PS.PAPER_VCS_LOG: PS.paper_vcs_runs, PS.AUTHORS_LOG: PS.authors_runs}
KEY = ("log", "label", "routing", "traffic", "load", "seed")
COLUMNS = (*KEY, "decision", "cycles", "deadlocked_vcs", "deadlocked_routers", "deadlocked_packets", "in_network",
           "in_network_measured", "measured_in_deadlock", "oldest_age", "cycle", "code_commit")


def stuck_records(records: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The runs of ``records`` that ended ``"stuck"`` or ``"deadlock"``, ordered by (label, routing, traffic, load).

    >>> stuck_records([{"label": "A", "routing": "ugal", "traffic": "uniform", "load": 0.5, "decision": "stuck"},
    ...                {"label": "A", "routing": "ugal", "traffic": "uniform", "load": 0.4, "decision": "converged"}])
    [{'label': 'A', 'routing': 'ugal', 'traffic': 'uniform', 'load': 0.5, 'decision': 'stuck'}]
    """
    out = [r for r in records if r.get("decision") in ("stuck", "deadlock")]
    return sorted(out, key=lambda r: (r["label"], r["routing"], r["traffic"], float(r["load"])))


def _key(log: str, r: dict[str, Any]) -> tuple:
    return (log, str(r["label"]), str(r["routing"]), str(r["traffic"]), f"{float(r['load']):g}", str(r["seed"]))


def recorded(root: str | Path | None = None) -> dict[tuple, dict[str, str]]:
    """The analyses kept in :data:`CSV`, by (log, label, routing, traffic, load, seed) as strings."""
    path = (Path(root) if root is not None else results_dir()) / CSV
    if not path.exists():
        return {}
    with path.open(newline="") as fh:
        return {tuple(row[k] for k in KEY): row for row in csv.DictReader(fh)}


def by_run(log: str, root: str | Path | None = None) -> dict[tuple[str, str, str, float, int], dict[str, str]]:
    """The analyses of ``log``'s runs kept in :data:`CSV`, by (label, routing, traffic, load, seed)."""
    return {(k[1], k[2], k[3], float(k[4]), int(k[5])): row for k, row in recorded(root).items() if k[0] == log}


def what_held(row: dict[str, Any]) -> str:
    """A note's words for one analysis (a row of :data:`CSV`).

    >>> what_held({"deadlocked_vcs": "2", "deadlocked_routers": "2", "deadlocked_packets": "16",
    ...            "in_network_measured": "16", "measured_in_deadlock": "16"})
    ... # doctest: +NORMALIZE_WHITESPACE
    'a deadlock: 2 input VCs at 2 routers each waiting only on the others, holding 16 packets, all 16 measured
     ones left'
    >>> what_held({"deadlocked_vcs": "0", "deadlocked_routers": "0", "deadlocked_packets": "0",
    ...            "in_network_measured": "1", "measured_in_deadlock": "0"})
    'no deadlock in its final state (its measured packets were slow, not held)'
    """
    vcs, held = int(row["deadlocked_vcs"]), int(row["measured_in_deadlock"])
    if vcs == 0:
        return "no deadlock in its final state (its measured packets were slow, not held)"
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
    """The wait-for analysis of recorded run ``r`` of ``log`` (a row of :data:`COLUMNS`): the run rebuilt from its
    recipe, routing, traffic, load, seed and ``sim_*`` settings and rerun to its end."""
    from ..code_identity import commit
    from ..sim.booksim.deadlock import analyze

    rec = r["recipe"]
    top = S.Recipe(rec["constructor"], rec.get("kwargs", {}), r["label"], tuple(rec.get("args", ()))).build()
    sim = {k[4:]: v for k, v in r.items() if k.startswith("sim_")}
    if sim.get("router") != "booksim":
        raise ValueError(f"the wait-for analysis reads the BookSim model's state; run {_key(log, r)} used router "
                         f"{sim.get('router')!r}")
    sim.pop("router")
    got = analyze(top, r["routing"], r["traffic"], float(r["load"]), seed=int(r["seed"]), **sim)
    if got["decision"] != r["decision"] or got["cycles"] != int(r["cycles"]):
        raise RuntimeError(f"run {_key(log, r)} reran to {got['decision']!r} at cycle {got['cycles']}, recorded "
                           f"{r['decision']!r} at {r['cycles']}: not the same run (changed code or settings)")
    row = dict(zip(KEY, _key(log, r)))
    row.update({k: got[k] for k in COLUMNS if k in got and k != "cycle"})
    row["cycle"] = json.dumps(got["cycle"])
    row["code_commit"] = commit()
    return row


def _append(path: Path, row: dict[str, Any]) -> None:
    """Append one row (header first on a new file), flushed to disk before returning."""
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists() or path.stat().st_size == 0
    with path.open("a", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=COLUMNS)
        if new:
            w.writeheader()
        w.writerow(row)
        fh.flush()
        os.fsync(fh.fileno())


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.stuck_runs",
                                 description="the wait-for analysis of every stuck or deadlocked run of the PolarStar "
                                             f"section's logs {', '.join(LOGS)}, appended to results/{CSV}")
    ap.parse_args(argv)
    from tqdm.auto import tqdm

    have = recorded()
    todo = [(log, r) for log, runs in LOGS.items() for r in stuck_records(runs()) if _key(log, r) not in have]
    path = results_dir() / CSV
    with tqdm(total=len(todo), desc="wait-for analysis of stuck runs", unit="run") as bar:
        for log, r in todo:
            bar.set_postfix_str(f"{r['label']} {r['routing']} {r['traffic']} {float(r['load']):g}")
            _append(path, analyse(log, r))
            bar.update()


if __name__ == "__main__":
    main()
