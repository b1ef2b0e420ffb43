"""What held the PolarStar section's "stuck" and "deadlock" runs: the wait-for analysis of each, recorded; the runs
an earlier rule called stuck that were only slow, and the runs recorded before there was any such rule that ended
unstable while draining, rerun under today's rule.

Under BookSim2's run control a run ends ``"stuck"`` when, while the drain goes on, a measured packet has been in
the network longer than ``stuck_cycles`` and a measured packet is held by a deadlock (``docs/run_control.md``,
item 7).  Before 2026-12-02 the age alone decided (``run_control_options={"stuck_check": "age"}``).  This module
reruns every stuck or deadlocked run of the section's logs (runs are deterministic; one recorded under the age rule
with that rule) and reads its final state with :func:`lowdiam.sim.booksim.deadlock.analyze`: how many input VCs
form a closed set of waits (none of them can ever move), how many packets they hold, and whether the measured
packets still in the network are among them.  A run with no such set was slow, not deadlocked.

Each analysed run is appended to the result log :data:`LOG` (``results/paper/05_simulation/stuck_wait_for.csv``,
:class:`lowdiam.results.ResultLog`) as it finishes.  Then every run the age rule called stuck whose analysis
found no measured packet held is simulated again under today's rule (:func:`redecide`) and its new row appended
to its own log, where it supersedes the old one (:func:`lowdiam.sweep.rerun_recorded`); the searches read the
new decision, and the job that owns the log runs whatever loads the changed bracket still needs.  Before both,
every run recorded before the first stuck rule existed (at a commit that is not :data:`FIRST_STUCK_RULE` or a
descendant of it; git history decides, :func:`lowdiam.code_identity.recorded_before`) that ended unstable while
draining (``"drain-latency-threshold"``) is simulated again the same way (:func:`redecide_drained`): today's rule
may end its drain earlier, ``"stuck"``, if a measured packet is held by a deadlock (unstable either way; the
decision and its reason change).  Every step stops and resumes anywhere::

    python -m lowdiam.studies.stuck_runs

Examples
--------
>>> KEY
('log', 'label', 'routing', 'traffic', 'load', 'seed')
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .. import sweep as S
from ..results import ResultLog
from . import polarstar as PS

__all__ = ["LOG", "KEY", "COLUMNS", "LOGS", "FIRST_STUCK_RULE", "result_log", "stuck_records", "recorded", "analyse",
           "by_run", "what_held", "cycle_turns", "run_key", "age_rule", "slow_under_age_rule", "redecide",
           "drained_before_held_rule", "redecide_drained", "main"]

#: the commit that brought the first stuck rule, the age rule (a drain with a measured packet in the network longer
#: than stuck_cycles ends "stuck"); the drains of rows computed before it were never checked
FIRST_STUCK_RULE = "45793c6"
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


def run_key(log: str, r: dict[str, Any]) -> tuple:
    """(log, label, routing, traffic, load, seed) of recorded run ``r`` of ``log``, or of an analysis row of it
    (``r["log"]``): the :data:`KEY` values, typed."""
    return tuple(_item(log, r).values())


def recorded(root: str | Path | None = None) -> list[dict[str, Any]]:
    """The analyses kept in the result log (:data:`LOG`), in the order written."""
    return result_log(root).rows()


def by_run(log: str, root: str | Path | None = None) -> dict[tuple[str, str, str, float, int], dict[str, Any]]:
    """The analyses of ``log``'s runs kept in the result log, by (label, routing, traffic, load, seed)."""
    return {run_key(log, row)[1:]: row for row in recorded(root) if row["log"] == log}


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


def age_rule(r: dict[str, Any]) -> bool:
    """Whether recorded run ``r`` was called ``"stuck"`` by the age alone: the rule before 2026-12-02, whose reason
    does not say whether a measured packet was held (today's says "held by a deadlock" or "not checked").

    >>> age_rule({"decision": "stuck", "saturation_reason": "... (5 measured packets undelivered at cycle 18000; "
    ...           "a partial deadlock: BookSim's drain would not end)"})
    True
    >>> age_rule({"decision": "stuck", "saturation_reason": "... (3 measured packets undelivered at cycle 9000; "
    ...           "3 of them held by a deadlock of 2 input VCs: a partial deadlock, BookSim's drain would not end)"})
    False
    """
    why = str(r.get("saturation_reason", ""))
    return r.get("decision") == "stuck" and "held by a deadlock" not in why and "not checked" not in why


def _recipe_sim(log: str, r: dict[str, Any]) -> tuple[S.Recipe, dict[str, Any]]:
    rec = r["recipe"]
    recipe = S.Recipe(rec["constructor"], rec.get("kwargs", {}), r["label"], tuple(rec.get("args", ())))
    sim = {k[4:]: v for k, v in r.items() if k.startswith("sim_")}
    if sim.get("router") != "booksim":
        raise ValueError(f"the wait-for analysis reads the BookSim model's state; run {_item(log, r)} used router "
                         f"{sim.get('router')!r}")
    return recipe, sim


def analyse(log: str, r: dict[str, Any]) -> dict[str, Any]:
    """The wait-for analysis of recorded run ``r`` of ``log`` (the :data:`COLUMNS`): the run rebuilt from its
    recipe, routing, traffic, load, seed and ``sim_*`` settings and rerun to its end (under the age rule when it was
    decided so, :func:`age_rule`, so that it ends where the recorded run ended)."""
    from ..sim.booksim.deadlock import analyze

    recipe, sim = _recipe_sim(log, r)
    top = recipe.build()
    sim.pop("router")
    if age_rule(r):
        sim["run_control_options"] = {**(sim.get("run_control_options") or {}), "stuck_check": "age"}
    got = analyze(top, r["routing"], r["traffic"], float(r["load"]), seed=int(r["seed"]), **sim)
    if got["decision"] != r["decision"] or got["cycles"] != int(r["cycles"]):
        raise RuntimeError(f"run {_item(log, r)} reran to {got['decision']!r} at cycle {got['cycles']}, recorded "
                           f"{r['decision']!r} at {r['cycles']}: not the same run (changed code or settings)")
    return {k: got[k] for k in COLUMNS}


def slow_under_age_rule(root: str | Path | None = None) -> list[tuple[str, dict[str, Any]]]:
    """``(log, run)`` of every run of :data:`LOGS` that the age rule called stuck (:func:`age_rule`) and whose
    analysis (in :data:`LOG`) found no measured packet held: today's rule would have drained on."""
    out = []
    for log, read in LOGS.items():
        done = by_run(log, root)
        for r in stuck_records(read(root=root)):
            a = done.get(run_key(log, r)[1:])
            if age_rule(r) and a is not None and int(a["measured_in_deadlock"]) == 0:
                out.append((log, r))
    return out


def drained_before_held_rule(root: str | Path | None = None) -> list[tuple[str, dict[str, Any]]]:
    """``(log, run)`` of every run of :data:`LOGS` computed before :data:`FIRST_STUCK_RULE` (its row's ``code_commit``,
    :func:`lowdiam.code_identity.recorded_before`) that ended unstable while draining
    (``"drain-latency-threshold"``): no stuck rule checked its drain, and today's may end it earlier as ``"stuck"``.
    A run that drained to its end is not among them: a measured packet held by a deadlock never arrives."""
    from ..code_identity import recorded_before

    out = []
    for log, read in LOGS.items():
        for r in sorted(read(root=root), key=lambda r: (r["label"], r["routing"], r["traffic"], float(r["load"]))):
            drained = r.get("decision") == "drain-latency-threshold"
            if drained and recorded_before(str(r["code_commit"]), FIRST_STUCK_RULE):
                out.append((log, r))
    return out


def _rerun(todo: list[tuple[str, dict[str, Any]]], root, progress: bool, desc: str) -> list[dict[str, Any]]:
    from tqdm import tqdm

    out = []
    for log, r in tqdm(todo, desc=desc, unit="sim", disable=not progress, file=sys.stderr):
        recipe, sim = _recipe_sim(log, r)
        run = S.Run(recipe, r["routing"], r["traffic"], float(r["load"]), seed=int(r["seed"]), sim=sim)
        out.append(S.rerun_recorded(S.result_log("05_simulation", log, root=root), run))
    return out


def redecide(root: str | Path | None = None, *, progress: bool = True) -> list[dict[str, Any]]:
    """Simulate every run of :func:`slow_under_age_rule` again under today's rule and append its row to its log
    (:func:`lowdiam.sweep.rerun_recorded`), where it supersedes the age rule's; returns the new records.  A run
    already redecided reads as such (its last row is today's), so a call resumes where the last stopped."""
    return _rerun(slow_under_age_rule(root), root, progress, "stuck runs rerun under the held rule")


def redecide_drained(root: str | Path | None = None, *, progress: bool = True) -> list[dict[str, Any]]:
    """Simulate every run of :func:`drained_before_held_rule` again under today's rule and append its row to its log,
    where it supersedes the old one (:func:`lowdiam.sweep.rerun_recorded`); returns the new records.  A run done
    so names today's commit, so a call resumes where the last stopped."""
    return _rerun(drained_before_held_rule(root), root, progress, "drained runs from before the stuck rule, rerun")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.stuck_runs",
                                 description="the wait-for analysis of every stuck or deadlocked run of the PolarStar "
                                             f"section's logs {', '.join(LOGS)}, appended to results/paper/"
                                             f"{LOG[0]}/{LOG[1]}.csv")
    ap.parse_args(argv)
    for rec in redecide_drained():
        print(f"{rec['label']} {rec['routing']} {rec['traffic']} {rec['load']}: recorded before the stuck rule, "
              f"rerun: {rec['decision']} at cycle {rec['cycles']} ({rec['saturation_reason']})")
    runs = {}
    for log, read in LOGS.items():
        for r in stuck_records(read()):
            runs[run_key(log, r)] = (log, r)
    result_log().run([_item(log, r) for log, r in runs.values()],
                     lambda item: analyse(*runs[tuple(item.values())]),
                     desc="wait-for analysis of stuck runs")
    for rec in redecide():
        print(f"{rec['label']} {rec['routing']} {rec['traffic']} {rec['load']}: rerun under the held rule, "
              f"{rec['decision']} at cycle {rec['cycles']} ({rec['saturation_reason']})")


if __name__ == "__main__":
    main()
