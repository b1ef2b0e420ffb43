"""What unfinished motif runs already decide: recorded lower bounds on their completion, and orderings they settle.

A paper-scale motif run of notebook 07 can take many hours (:func:`lowdiam.studies.motifs.motif_row` checkpoints it
every 10 minutes).  A run saved at cycle ``C`` without having delivered every packet completes after ``C``; and no run
finishes before its busiest endpoint has moved its flits (the serialization bound), nor, under an oblivious routing,
before its busiest link has (:func:`lowdiam.studies.motifs.link_bound_row`).  Such lower bounds often settle an
ordering claim ("Dragonfly is the fastest", "SpectralFly beats Slim Fly") before every run it compares is over.
This module records the bounds the checkpoints give (:func:`record_unfinished`, into a committed
:class:`lowdiam.results.ResultLog`, so they survive the machine the checkpoints are on) and decides, for a claim,
only what every possible completion of the unfinished runs agrees on (:func:`decide_fastest`,
:func:`decide_faster`); anything else stays undecided (``None``).

Examples
--------
>>> d = decide_fastest({"LPS": 366_605, "SF": 303_755}, {"DF": 458_752, "BF": 131_200}, claimed=["DF"])
>>> d.verdict, d.surely_out, d.open
(False, ['DF', 'LPS'], ['BF', 'SF'])
>>> decide_faster({"LPS": 366_605, "SF": 303_755}, {"BF": 131_200}, "LPS", ["SF", "BF"])
False
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..results import ResultLog
from .motifs import checkpoint_files, checkpoint_progress

__all__ = ["UNFINISHED_LOG", "SETTINGS", "unfinished_runs", "unfinished_row", "record_unfinished", "latest_progress",
           "Decision", "decide_fastest", "decide_faster"]

UNFINISHED_LOG = "unfinished_runs"
"""Stem of notebook 07's log of unfinished runs: ``results/paper/07_motifs/unfinished_runs.csv``."""

SETTINGS = ("key", "case", "network", "motif", "algorithm", "trees", "routing", "message_bytes", "iterations",
            "ranks", "mapping", "seed")
"""The columns naming an unfinished run (as notebook 07's run logs name a finished one, plus its seed)."""


def unfinished_runs(checkpoint_dir) -> tuple[list[dict], list[Path]]:
    """The checkpoints in a folder as rows: a run's settings and how far it came.

    Parameters
    ----------
    checkpoint_dir : str or Path
        A folder of checkpoints ``<key>.npz`` of :func:`lowdiam.studies.motifs.motif_row`, each with its settings
        beside it (``<key>.json``, written by :func:`lowdiam.studies.motifs.item_row`).

    Returns
    -------
    rows : list of dict
        One per named checkpoint of a run with packets left, sorted by run: the :data:`SETTINGS` columns,
        ``cycle_reached`` (the cycle it was saved at: the run completes after it), ``packets_delivered``,
        ``packets`` (all the program's), ``share_delivered``, ``hops_mean_so_far`` (of the packets delivered) and
        ``checkpoint_fingerprint`` (of the run and the simulator code that saved it; the log's ``code_commit`` is
        the recording checkout's).
    unnamed : list of Path
        Checkpoints whose settings are not all known (saved by an older version, or by :func:`motif_row` called
        without the notebook's ``key`` and ``case``); they cannot be recorded.
    """
    rows, unnamed = [], []
    for path in checkpoint_files(checkpoint_dir):
        row = unfinished_row(checkpoint_progress(path))
        if row is False:
            unnamed.append(path)
        elif row is not None:
            rows.append(row)
    rows.sort(key=lambda r: tuple(str(r[k]) for k in SETTINGS))
    return rows, unnamed


def unfinished_row(progress: Mapping) -> dict | None | bool:
    """One checkpoint's row of :func:`unfinished_runs`, from its :func:`lowdiam.studies.motifs.checkpoint_progress`
    (read once by a caller that also shows it): None for a run with no packets left, False when its settings are
    not all known."""
    if progress["packets_left"] == 0:  # saved at the very end (motif_row deletes such a file): not unfinished
        return None
    if not all(k in progress["settings"] for k in SETTINGS):
        return False
    return {**{k: progress["settings"][k] for k in SETTINGS}, "cycle_reached": progress["cycle"],
            "packets_delivered": progress["packets_delivered"],
            "packets": progress["packets_delivered"] + progress["packets_left"],
            "share_delivered": progress["share_delivered"], "hops_mean_so_far": progress["hops_mean"],
            "checkpoint_fingerprint": progress["fingerprint"]}


def _log(root=None) -> ResultLog:
    return ResultLog("07_motifs", UNFINISHED_LOG, key=SETTINGS, root=root)


def record_unfinished(rows: Iterable[Mapping], *, root=None) -> list[dict]:
    """Append the rows of :func:`unfinished_runs` not yet in notebook 07's log of unfinished runs, as partial rows
    of the results store (:mod:`lowdiam.results`: ``status`` partial, the run's ``cycle_reached``).

    The log (``<results>/paper/07_motifs/unfinished_runs.csv``) is append-only: a run recorded again at a later
    cycle gets a second row, and :func:`latest_progress` takes the latest.  ``root`` is the results folder
    (default :func:`lowdiam.paths.results_dir`).  Returns the rows appended.
    """
    log = _log(root)
    seen = {(log.item_key(r), r["cycle_reached"]) for r in log.rows("partial")}
    new = [dict(r) for r in rows if (log.item_key(r), r["cycle_reached"]) not in seen]
    for r in new:
        log.append({k: v for k, v in r.items() if k != "cycle_reached"}, status="partial",
                   cycle_reached=r["cycle_reached"])
    return new


def latest_progress(*, root=None) -> dict[tuple, dict]:
    """``{settings: the row recorded at the latest cycle}`` of notebook 07's unfinished runs (settings: the
    :data:`SETTINGS` values, in that order; the row: :func:`unfinished_runs`' columns).  A run that has since
    finished keeps its rows here; its finished row is the result."""
    out: dict[tuple, dict] = {}
    for r in _log(root).rows("partial"):
        k = tuple(r[c] for c in SETTINGS)
        if k not in out or r["cycle_reached"] > out[k]["cycle_reached"]:
            out[k] = r
    return out


@dataclass(frozen=True)
class Decision:
    """Which networks are within the tolerance of the fastest, as far as finished runs and lower bounds tell.

    ``verdict``: True / False when the claimed set equals / differs from the fastest set for every completion the
    unfinished runs may still have; None when these rules do not settle it (they are sound, not complete: None
    is returned while any network is open, unless the networks already placed contradict the claim).
    ``surely_in`` / ``surely_out``: networks within / outside the tolerance of the fastest whatever the
    unfinished runs give; ``open``: the rest.
    """

    verdict: bool | None
    surely_in: list[str]
    surely_out: list[str]
    open: list[str]


def _check_times(done: Mapping[str, int], lower: Mapping[str, int]) -> None:
    both = sorted(set(done) & set(lower))
    if both:
        raise ValueError(f"networks {both} are both finished and unfinished; give each once (done or lower)")
    bad = {k: v for k, v in {**done, **lower}.items() if not v > 0}
    if bad:
        raise ValueError(f"completion times and lower bounds must be positive cycle counts, got {bad}")


def decide_fastest(done: Mapping[str, int], lower: Mapping[str, int], claimed: Sequence[str], *,
                   within: float = 0.01) -> Decision:
    """Decide "the networks within ``within`` of the fastest are exactly ``claimed``" from partial results.

    A network is within the tolerance of the fastest when its completion time ``T`` has
    ``(1 - within) T <= T_min`` (its speed, ``1 / T``, at least ``1 - within`` of the top speed).

    Parameters
    ----------
    done : mapping
        ``{network: completion cycles}`` of the finished runs.
    lower : mapping
        ``{network: cycles}`` of the unfinished runs: each completes strictly after its value (the cycle it
        was saved at; for a run not started, a bound no run can beat, such as its busiest endpoint's flits).
    claimed : sequence of str
        The claimed set of fastest networks.
    within : float
        The tolerance, in [0, 1).

    Returns
    -------
    Decision

    Raises
    ------
    ValueError
        A network both finished and unfinished, a claimed network in neither, a non-positive time, or
        ``within`` outside [0, 1).

    Examples
    --------
    >>> decide_fastest({"A": 100, "B": 150}, {}, ["A"]).verdict
    True
    >>> decide_fastest({"A": 100}, {"B": 90}, ["A"])  # B may still beat A
    Decision(verdict=None, surely_in=[], surely_out=[], open=['A', 'B'])
    """
    _check_times(done, lower)
    if not 0 <= within < 1:
        raise ValueError(f"within must be in [0, 1), got {within}")
    unknown = sorted(set(claimed) - set(done) - set(lower))
    if unknown:
        raise ValueError(f"claimed networks {unknown} have neither a time nor a bound; "
                         f"known: {sorted({**done, **lower})}")
    if not done and not lower:
        raise ValueError("no networks to compare")
    # T_min lies in (lo, hi]: at most the fastest finished time, above the smallest bound
    hi = min(done.values()) if done else None
    lo = min([*done.values(), *lower.values()])
    surely_in, surely_out, undecided = [], [], []
    for k in sorted({**done, **lower}):
        if k in done:
            t = done[k]
            if (1 - within) * t <= lo:
                surely_in.append(k)  # within the tolerance of every possible T_min
            elif hi is not None and (1 - within) * t > hi:
                surely_out.append(k)
            else:
                undecided.append(k)
        elif hi is not None and (1 - within) * lower[k] >= hi:
            surely_out.append(k)  # (1 - within) T > (1 - within) lower >= hi >= T_min
        else:
            undecided.append(k)
    claimed = set(claimed)
    if claimed & set(surely_out) or set(surely_in) - claimed:
        verdict = False
    elif not undecided and claimed == set(surely_in):
        verdict = True
    else:
        verdict = None
    return Decision(verdict, surely_in, surely_out, undecided)


def decide_faster(done: Mapping[str, int], lower: Mapping[str, int], a: str, others: Sequence[str]) -> bool | None:
    """Decide "``a`` completes strictly sooner than each of ``others``" from partial results.

    ``done`` and ``lower`` as in :func:`decide_fastest`.  True / False when every completion the unfinished runs
    may still have agrees, None otherwise.

    Examples
    --------
    >>> decide_faster({"A": 100}, {"B": 120}, "A", ["B"]), decide_faster({"B": 120}, {"A": 100}, "A", ["B"])
    (True, None)
    """
    _check_times(done, lower)
    missing = sorted({a, *others} - set(done) - set(lower))
    if missing:
        raise ValueError(f"networks {missing} have neither a time nor a bound; known: {sorted({**done, **lower})}")
    if a in done:
        ta = done[a]
        if any(done.get(o, ta + 1) <= ta for o in others):
            return False
        return True if all(o in done or lower[o] >= ta for o in others) else None
    # a unfinished: T_a > lower[a]
    if any(o in done and done[o] <= lower[a] for o in others):
        return False
    return None
