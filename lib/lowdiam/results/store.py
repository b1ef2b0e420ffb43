"""The results store: one row schema in two places, and progress read from it.

Places
------
*committed*
    ``<root>/paper/<notebook>/<name>.csv`` (:class:`~lowdiam.results.log.ResultLog`): the rows a paper profile
    recorded, kept in git, read on every machine.  Key = the run specification.
*local*
    the disk cache (``$LOWDIAM_CACHE`` or ``<repo>/.cache``, :mod:`lowdiam.cache`): every computed value on
    this machine, keyed by the SHA-256 of the same specification (for a simulation, the run hash that is also
    the committed row's ``run`` column), and the checkpoints of computations under way
    (``<cache>/checkpoints/``).

A computation looks in the committed place first, then the local one, and writes to both
(:func:`lowdiam.sweep.run_sweep` for simulations, :meth:`ResultLog.run` for the rest).  A checkpoint that should
outlive the machine becomes a *partial* row of the committed place (``python -m lowdiam.results checkpoints
--record``).

Progress is a question to the store: :meth:`Store.status` takes a *plan* (the items a profile will compute, per
log) and counts the done, partial and missing ones, with the core-seconds spent and an estimate of what is left
from the rows' own ``seconds`` (wall clock, which on a shared machine also counts other jobs' turns) and
``cpu_seconds`` (the CPU the rows took, where measured).  Nothing is typed by hand.

Examples
--------
>>> import tempfile
>>> store = Store(tempfile.mkdtemp(), cache="off")
>>> log = store.log("05_simulation", "demo", key=("graph", "load"))
>>> log.append({"graph": "SF(5)", "load": 0.1, "accepted": 0.1}, seconds=2.0, cpu_seconds=1.5)
>>> log.append({"graph": "SF(5)", "load": 0.2, "accepted": None}, status="partial", cycle_reached=500)
>>> plan = {log: [{"graph": "SF(5)", "load": x} for x in (0.1, 0.2, 0.3)]}
>>> s = store.status(plan)
>>> (s.planned, s.done, s.partial, s.missing, s.seconds, s.eta_seconds, s.cpu_seconds, s.eta_cpu_seconds)
(3, 1, 1, 1, 2.0, 4.0, 1.5, 3.0)
>>> print(s)
1 of 3 done, 1 partial, 1 not started; 0 h 00 min 02 s computed (1 row timed); about 0 h 00 min 04 s left; \
CPU: 0 h 00 min 02 s (1 row measured), about 0 h 00 min 03 s left
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..paths import results_dir
from .log import ResultLog, _decode, read_complete_rows

__all__ = ["Store", "PlanStatus", "LogFile", "TIMES_FILE"]

#: Per-section wall times of whole notebook runs (:mod:`lowdiam.timing`): a log of its own schema, not of rows.
TIMES_FILE = "section_times.csv"


@dataclasses.dataclass(frozen=True)
class PlanStatus:
    """How far a plan has come (:meth:`Store.status`).

    ``planned`` items, of which ``done`` have a done row, ``partial`` only partial rows (a checkpoint), and
    ``missing`` none.  ``seconds``: the summed ``seconds`` of the planned items' done rows (``None`` if none is
    timed); ``timed``: how many of them carry a time; ``eta_seconds``: the mean of those times times the items
    not done (``None`` without a timed row, 0 when nothing is left).  ``cpu_seconds``, ``cpu_timed`` and
    ``eta_cpu_seconds``: the same from the rows' ``cpu_seconds`` (the CPU they took, which other jobs on the
    machine do not inflate; measured since 2026-11-30).  ``per_log``: the counts per log, as
    ``(log, planned, done, partial, missing)``.
    """

    planned: int
    done: int
    partial: int
    missing: int
    seconds: float | None
    timed: int
    eta_seconds: float | None
    per_log: tuple[tuple[ResultLog, int, int, int, int], ...] = ()
    cpu_seconds: float | None = None
    cpu_timed: int = 0
    eta_cpu_seconds: float | None = None

    def __str__(self) -> str:
        text = f"{self.done} of {self.planned} done, {self.partial} partial, {self.missing} not started"
        if self.seconds is not None:
            text += f"; {_hms(self.seconds)} computed ({self.timed} row{'s' if self.timed != 1 else ''} timed)"
        if self.eta_seconds is not None and self.done < self.planned:
            text += f"; about {_hms(self.eta_seconds)} left"
        if self.cpu_seconds is not None:
            text += f"; CPU: {_hms(self.cpu_seconds)} ({self.cpu_timed} row{'s' if self.cpu_timed != 1 else ''} " \
                    "measured)"
            if self.eta_cpu_seconds is not None and self.done < self.planned:
                text += f", about {_hms(self.eta_cpu_seconds)} left"
        return text


@dataclasses.dataclass(frozen=True)
class LogFile:
    """One committed log as found on disk (:meth:`Store.logs`): its path, notebook, name, columns and rows per
    status (``legacy``: written before the row schema, every row counted done, or before its ``cpu_seconds``
    column: to migrate before appending); ``seconds`` and ``cpu_seconds``: the rows' sums (``None`` if none has
    one)."""

    path: Path
    notebook: str
    name: str
    columns: tuple[str, ...]
    done: int
    partial: int
    legacy: bool
    seconds: float | None
    cpu_seconds: float | None = None


def _total(header: list[str], rows: list[list[str]], column: str) -> float | None:
    """The sum of a time column over the rows that carry one (``None`` if none does or there is no column)."""
    at = header.index(column) if column in header else None
    times = [_decode(r[at]) for r in rows] if at is not None else []
    timed = [t for t in times if isinstance(t, (int, float)) and not isinstance(t, bool)]
    return sum(timed) if timed else None


def _hms(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h} h {m:02d} min {s:02d} s"


class Store:
    """The results store of one checkout (or of any results folder and cache).

    Parameters
    ----------
    root : path, optional
        The committed place: a results folder holding ``paper/<notebook>/<name>.csv``; default
        :func:`lowdiam.paths.results_dir`.
    cache : path or "off", optional
        The local place: a cache folder; default :func:`lowdiam.cache.cache_dir` (``$LOWDIAM_CACHE`` or the
        checkout's ``.cache``); ``"off"`` for none.
    """

    def __init__(self, root: str | Path | None = None, *, cache: str | Path | None = None) -> None:
        self.root = Path(root if root is not None else results_dir())
        if cache is None:
            from ..cache import cache_dir

            self.cache = cache_dir()
        elif isinstance(cache, str) and cache == "off":
            self.cache = None
        elif isinstance(cache, (str, Path)):
            self.cache = Path(cache)
        else:
            raise TypeError(f"cache must be a folder path, 'off' or None (the default cache), got {cache!r}")

    def __repr__(self) -> str:
        return f"Store(root={str(self.root)!r}, cache={str(self.cache) if self.cache else 'off'!r})"

    # ------------------------------------------------------------------ committed place
    def log(self, notebook: str, name: str, *, key: Iterable[str]) -> ResultLog:
        """The committed log ``<root>/paper/<notebook>/<name>.csv`` with this key (:class:`ResultLog`)."""
        return ResultLog(notebook, name, key=tuple(key), root=self.root)

    def log_paths(self) -> list[Path]:
        """Every committed log file, sorted (the section-time files aside)."""
        base = self.root / "paper"
        if not base.is_dir():
            return []
        return sorted(p for p in base.glob("*/*.csv") if p.name != TIMES_FILE)

    def logs(self) -> list[LogFile]:
        """Every committed log with its rows counted by status and its summed ``seconds``."""
        out = []
        for path in self.log_paths():
            header, rows, _, _ = read_complete_rows(path)
            header = header or []
            st = header.index("status") if "status" in header else None
            statuses = [r[st] if st is not None else "done" for r in rows]
            out.append(LogFile(path=path, notebook=path.parent.name, name=path.stem, columns=tuple(header),
                               done=statuses.count("done"), partial=statuses.count("partial"),
                               legacy=bool(header) and (st is None or "cpu_seconds" not in header),
                               seconds=_total(header, rows, "seconds"),
                               cpu_seconds=_total(header, rows, "cpu_seconds")))
        return out

    # ------------------------------------------------------------------ progress
    def status(self, plan: Mapping[ResultLog, Iterable[Mapping[str, Any]]]
               | Iterable[tuple[ResultLog, Iterable[Mapping[str, Any]]]]) -> PlanStatus:
        """How far ``plan`` has come, read from the committed rows.

        Parameters
        ----------
        plan : mapping or iterable of pairs
            ``{log: items}`` (or ``(log, items)`` pairs): the items (each with the log's key columns) that a
            profile computes into each log.  An item planned twice counts once.

        Returns
        -------
        PlanStatus
        """
        pairs = list(plan.items()) if isinstance(plan, Mapping) else list(plan)
        planned = done = partial = missing = timed = cpu_timed = 0
        seconds = cpu = 0.0
        per_log = []
        for pair in pairs:
            if not (isinstance(pair, tuple) and len(pair) == 2 and isinstance(pair[0], ResultLog)):
                raise TypeError(f"a plan maps result logs to their items ({{log: items}} or (log, items) pairs), "
                                f"got {pair!r}")
            log, items = pair
            keys = list(dict.fromkeys(log.item_key(it) for it in items))
            rows = {log.item_key(r): r for r in log.rows("done")}
            parts = log.partial()
            d = [k for k in keys if k in rows]
            p = [k for k in keys if k not in rows and k in parts]
            m = len(keys) - len(d) - len(p)
            for k in d:
                t = rows[k].get("seconds")
                if isinstance(t, (int, float)) and not isinstance(t, bool):
                    seconds += t
                    timed += 1
                c = rows[k].get("cpu_seconds")
                if isinstance(c, (int, float)) and not isinstance(c, bool):
                    cpu += c
                    cpu_timed += 1
            planned, done, partial, missing = planned + len(keys), done + len(d), partial + len(p), missing + m
            per_log.append((log, len(keys), len(d), len(p), m))
        left = planned - done
        eta = (seconds / timed * left if timed else None) if left else 0.0
        eta_cpu = (cpu / cpu_timed * left if cpu_timed else None) if left else 0.0
        return PlanStatus(planned=planned, done=done, partial=partial, missing=missing,
                          seconds=seconds if timed else None, timed=timed, eta_seconds=eta, per_log=tuple(per_log),
                          cpu_seconds=cpu if cpu_timed else None, cpu_timed=cpu_timed, eta_cpu_seconds=eta_cpu)

    # ------------------------------------------------------------------ partial rows and local checkpoints
    def partial_rows(self) -> list[dict[str, Any]]:
        """Every partial row (checkpoint) of every committed log, in file order, each with ``log``
        (``<notebook>/<name>``).  Which of them a done row has since superseded is the log's to say
        (:meth:`ResultLog.partial`, which knows the key); a file does not name its key."""
        out = []
        for path in self.log_paths():
            header, rows, _, _ = read_complete_rows(path)
            if not header or "status" not in header:
                continue
            st = header.index("status")
            out += [{"log": f"{path.parent.name}/{path.stem}", **{k: _decode(v) for k, v in zip(header, r)}}
                    for r in rows if r[st] == "partial"]
        return out

    def local_checkpoints(self) -> list[Path]:
        """The checkpoint files of the local place (``<cache>/checkpoints/*.npz``), newest first."""
        if self.cache is None or not (self.cache / "checkpoints").is_dir():
            return []
        files = [p for p in (self.cache / "checkpoints").glob("*.npz") if not p.name.startswith(".")]
        return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)
