"""The committed place of the results store: append-only, resumable CSV logs of rows of one schema.

A paper profile can run for hours, longer than one session on one machine, and
the local place of the store (the disk cache, ``.cache/``) stays behind on that
machine.  So every paper-scale computation writes its rows, one by one as each
finishes, to a CSV file that is committed with the repository::

    results/paper/<notebook>/<name>.csv

A :class:`ResultLog` knows which of its items are done (by the values of its
*key* columns: the run specification -- settings and seed, or a sweep run's
parameter hash), so rerunning the same loop skips them and a run stopped
anywhere resumes where it stopped, on any machine that has the committed file.

**The row schema.**  A row is the caller's key and result columns followed by
the store's own columns (:data:`STORE_COLUMNS`), written by the log, never by
the caller:

``status``
    ``"done"`` (a finished computation: its result is final) or ``"partial"``
    (a checkpoint: how far an unfinished computation came; a key may have
    several partial rows, one per save, and keeps them after it is done).
``cycle_reached``
    For a partial row, the simulated cycle it was saved at (the run completes
    after it); ``null`` for a done row.
``seconds``
    Wall-clock seconds of one core the row took to compute, as measured by
    :meth:`ResultLog.run` or given by the caller; ``null`` when it was not
    measured.  On a shared machine it also counts the time other jobs had the
    core (and a paused job's pause).
``cpu_seconds``
    CPU seconds (user + system) of the thread that computed the row, as
    measured by :meth:`ResultLog.run` or reported by the row itself (a
    simulation's ``cpu_seconds``, :class:`lowdiam.sim.SimResult`): the cost of
    the row whatever else ran beside it.  ``null`` when not measured (every
    row written before 2026-11-30, and runs resumed from a checkpoint).
``code_commit``, ``lowdiam_version``
    The code it was computed with (:func:`lowdiam.code_identity.commit`).

Logs written before this schema (without ``status``) are read as logs of done
rows; :mod:`lowdiam.results.migrate` rewrites them losslessly.  Appending to
such a log is a ``ValueError`` that names the migration.

Cells are written as text for strings and as JSON for everything else, so
numbers, booleans, ``None`` and small lists come back with their types; a
string that would read back as something else (``"1.5"``, ``"true"``) is
refused when written, so a round trip is exact.

A crash loses at most the row being written: every row is one write of one
line, flushed.  A last line cut short by a kill (no final newline, or an open
quoted field) is not a row: reading skips it, so the item is simply not done
yet, and the next :meth:`ResultLog.append` cuts it off (with a warning naming
the fragment) before writing, so every complete row is kept and the resumed
run records the item again.  A complete line that does not fit the header, or
text that is not UTF-8, is a ``ValueError`` naming the file and the line.

Examples
--------
>>> import tempfile
>>> from lowdiam.results import ResultLog
>>> log = ResultLog("05_simulation", "rrg_saturation", key=("graph", "routing", "seed"),
...                 root=tempfile.mkdtemp())
>>> items = [{"graph": "RRG(720,17)", "routing": r, "seed": 1} for r in ("min", "valiant")]
>>> rows = log.run(items, lambda item: {"saturation": 0.5 if item["routing"] == "min" else 0.25},
...                progress=False)
>>> [(row["routing"], row["saturation"], row["status"]) for row in log.rows()]
[('min', 0.5, 'done'), ('valiant', 0.25, 'done')]
>>> calls = []
>>> _ = log.run(items, lambda item: calls.append(item) or {"saturation": 0.0}, progress=False)
>>> calls  # both items were already recorded: nothing recomputed
[]

A checkpoint is a partial row of the same key; the item stays to do until a done row arrives:

>>> item = {"graph": "RRG(720,17)", "routing": "ugal", "seed": 1}
>>> log.append({**item, "saturation": None}, status="partial", cycle_reached=20_000)
>>> log.item_key(item) in log.done(), log.partial()[log.item_key(item)]["cycle_reached"]
(False, 20000)
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import __version__
from ..code_identity import commit
from ..paths import results_dir
from ..validate import check_bool, check_int

__all__ = ["ResultLog", "own_seconds", "own_cpu_seconds", "code_commit", "cut_torn_tail", "read_complete_rows",
           "PROVENANCE", "STORE_COLUMNS", "STATUSES"]

#: The code a row was computed with: the last columns of every row.
PROVENANCE = ("code_commit", "lowdiam_version")
#: Columns every row gets from the log itself, after the caller's columns (see the module docstring).
STORE_COLUMNS = ("status", "cycle_reached", "seconds", "cpu_seconds") + PROVENANCE
#: The store's columns a caller passes as keywords of :meth:`ResultLog.append`.
_KEYWORD_COLUMNS = tuple(c for c in STORE_COLUMNS if c not in PROVENANCE)
#: The values of ``status``.
STATUSES = ("done", "partial")

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


#: the git commit (``+dirty``) every row names: :func:`lowdiam.code_identity.commit`
code_commit = commit


def _encode(column: str, value: Any) -> str:
    if isinstance(value, str):
        try:
            json.loads(value)
        except ValueError:
            return value
        raise ValueError(
            f"column {column!r}: the string {value!r} would read back as a non-string; "
            "store it as the number/bool it is, or give it a non-numeric spelling"
        )
    if hasattr(value, "item") and not isinstance(value, (list, tuple, dict)):
        value = value.item()  # numpy scalar -> Python scalar
    try:
        text = json.dumps(value, allow_nan=False, separators=(",", ":"))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"column {column!r}: value {value!r} is not a finite JSON value ({exc})") from None
    return text


#: decoded cells by their text, immutable values only (a list or dict is decoded afresh each time, as callers may
#: change it): the same logs are read again and again (a section's recorded searches, one log per search), and
#: ``json.loads`` took most of that time; bounded so that a long session cannot grow it without limit
_DECODED: dict[str, Any] = {}
_DECODED_MAX = 1 << 19
_MISSING = object()


def _decode(text: str) -> Any:
    value = _DECODED.get(text, _MISSING)
    if value is not _MISSING:
        return value
    try:
        value = json.loads(text)
    except ValueError:
        value = text
    if not isinstance(value, (list, dict)) and len(_DECODED) < _DECODED_MAX:
        _DECODED[text] = value
    return value


def read_complete_rows(path: str | Path) -> tuple[list[str] | None, list[list[str]], int, bytes]:
    """``(header, complete rows as cell lists, byte length of the complete part, torn tail)`` of a CSV file that is
    only ever appended to (a result log, a section-time log); a missing file is ``(None, [], 0, b"")``.

    A row is complete when its line ended (a newline outside any quoted field); only the last one can be
    torn (rows are appended one whole line at a time), and it is left out, never guessed at.
    """
    path = Path(path)
    if not path.is_file():
        return None, [], 0, b""
    raw = path.read_bytes()
    body = raw[: raw.rfind(b"\n") + 1]  # a newline byte never occurs inside a multi-byte UTF-8 character
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body[: exc.start].count(b"\n") + 1
        raise ValueError(f"{path}: line {line} is not UTF-8 text ({exc.reason} at byte {exc.start}); "
                         "a result log is written as UTF-8, so the file was changed by something else") from None
    lines = io.StringIO(text, newline="")
    starts, ends, records = [], [], []
    pos = [0]

    def feed():
        for line in lines:
            pos[0] += len(line)
            yield line

    reader = csv.reader(feed())
    while True:
        start = pos[0]
        try:
            rec = next(reader)
        except StopIteration:
            break
        starts.append(start)
        ends.append(pos[0])
        records.append(rec)
    if records and text[starts[-1]:].count('"') % 2:  # the last row ends inside a quoted field: torn
        del records[-1]
        ends.pop()
    good = ends[-1] if ends else 0
    good_bytes = len(text[:good].encode("utf-8"))
    nonblank = [(i, r) for i, r in enumerate(records) if r]
    if not nonblank:
        return None, [], good_bytes, raw[good_bytes:]
    (_, header), rows = nonblank[0], nonblank[1:]
    for i, r in rows:
        if len(r) != len(header):
            raise ValueError(f"{path}: row {i + 1} has {len(r)} cells, the header {len(header)}; "
                             "a complete line that does not fit the header is not a torn write: "
                             "fix or remove it by hand")
    return header, [r for _, r in rows], good_bytes, raw[good_bytes:]


def cut_torn_tail(path: str | Path) -> None:
    """Cut a torn last line off an append-only CSV file (with a warning), so the next row starts on a line of its
    own; a file without one is left untouched."""
    path = Path(path)
    if not path.is_file():
        return
    _, _, good, torn = read_complete_rows(path)
    if torn:
        warnings.warn(f"{path}: dropped a torn last line (a write cut short, e.g. by a kill): "
                      f"{torn[:200]!r}; its item is recomputed", RuntimeWarning, stacklevel=3)
        with path.open("r+b") as fh:
            fh.truncate(good)
            fh.flush()
            os.fsync(fh.fileno())


def _reported(row: Mapping[str, Any], column: str) -> float | None:
    value = row.get(column)
    if value is None and isinstance(row.get("result"), Mapping):
        value = row["result"].get(column)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < float("inf"):
        return float(value)
    return None


def own_seconds(row: Mapping[str, Any]) -> float | None:
    """The compute time a row reports itself: its ``wall_seconds`` column, or the ``wall_seconds`` of its
    ``result`` (a simulation run's, :func:`lowdiam.sweep.run_sweep`); ``None`` when it reports none."""
    return _reported(row, "wall_seconds")


def own_cpu_seconds(row: Mapping[str, Any]) -> float | None:
    """The CPU time a row reports itself: its ``cpu_seconds`` column, or the ``cpu_seconds`` of its ``result``
    (:class:`lowdiam.sim.SimResult`); ``None`` when it reports none."""
    return _reported(row, "cpu_seconds")


def _check_seconds(name: str, seconds: Any) -> float | None:
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0 \
            or seconds == float("inf"):
        raise ValueError(f"{name} must be a finite number >= 0 or None, got {seconds!r}")
    return float(seconds)


class ResultLog:
    """An append-only CSV of one notebook section's results: the committed place of the store.

    Parameters
    ----------
    notebook : str
        Notebook stem, e.g. ``"05_simulation"``; the log lives in ``<root>/paper/<notebook>/``.
    name : str
        File stem of the log (letters, digits, ``_ . -``).
    key : sequence of str
        Columns that identify one item (its run specification: settings and seed); an item with a done row
        is done and is not recomputed.
    root : path, optional
        Results folder; default :func:`lowdiam.paths.results_dir` (``<repo>/results`` or
        ``$LOWDIAM_RESULTS``).

    Raises
    ------
    ValueError
        If a name is not a plain file name, ``key`` is empty or names a column the log writes itself
        (:data:`STORE_COLUMNS`), or the existing file's header lacks a key column.
    """

    def __init__(self, notebook: str, name: str, *, key: Sequence[str], root: str | Path | None = None) -> None:
        self.notebook, self.name, self.key = notebook, name, key
        for what, value in (("notebook", notebook), ("name", name)):
            if not isinstance(value, str) or not _SAFE_NAME.match(value):
                raise ValueError(f"{what} must be a plain file name (letters, digits, _ . -), got {value!r}")
        key = tuple(key)
        if not key or not all(isinstance(k, str) and k for k in key):
            raise ValueError(f"key must be a non-empty sequence of column names, got {key!r}")
        for k in key:
            if k in STORE_COLUMNS:
                raise ValueError(f"key column {k!r} is written by the log itself (its columns: "
                                 f"{list(STORE_COLUMNS)}); choose another name")
        self.key = key  # the checked tuple
        self.path = Path(root if root is not None else results_dir()) / "paper" / notebook / f"{name}.csv"
        header = self._header()
        if header is not None:
            missing = [k for k in key if k not in header]
            if missing:
                raise ValueError(f"{self.path} has no column(s) {missing}; its columns are {header}")

    def __repr__(self) -> str:
        return f"ResultLog({self.notebook!r}, {self.name!r}, key={self.key!r})"

    # ----------------------------------------------------------------- reading
    def _parse(self) -> tuple[list[str] | None, list[list[str]], int, bytes]:
        return read_complete_rows(self.path)

    def _header(self) -> list[str] | None:
        return self._parse()[0]

    def legacy(self) -> bool:
        """Whether the file predates the store's row schema (no ``status`` column: read as done rows) or its
        ``cpu_seconds`` column: appended to only after :mod:`lowdiam.results.migrate`."""
        header = self._header()
        return header is not None and ("status" not in header or "cpu_seconds" not in header)

    def rows(self, status: str | None = "done") -> list[dict[str, Any]]:
        """The complete recorded rows, in the order written, with typed values (a torn last line is skipped).

        Parameters
        ----------
        status : {"done", "partial", None}
            Which rows: the done ones (default), the partial ones (checkpoints), or all (``None``).  Rows of a
            log written before the schema are done rows.
        """
        if status is not None and status not in STATUSES:
            raise ValueError(f"status must be one of {list(STATUSES)} or None (all rows), got {status!r}")
        header, rows, _, _ = self._parse()
        if header is None:
            return []
        out = [{k: _decode(v) for k, v in zip(header, r)} for r in rows]
        if status is None:
            return out
        return [r for r in out if r.get("status", "done") == status]

    def item_key(self, item: Mapping[str, Any]) -> tuple[str, ...]:
        """The identity of ``item``: its key columns, encoded as they are stored."""
        missing = [k for k in self.key if k not in item]
        if missing:
            raise ValueError(f"item {dict(item)!r} lacks key column(s) {missing} of {self.path.name}")
        return tuple(_encode(k, item[k]) for k in self.key)

    def _keyed(self) -> list[tuple[tuple[str, ...], str, list[str], list[str]]]:
        """``(key, status, header, cells)`` of every complete row, from one read of the file."""
        header, rows, _, _ = self._parse()
        if header is None:
            return []
        at = [header.index(k) for k in self.key]
        st = header.index("status") if "status" in header else None
        return [(tuple(r[i] for i in at), r[st] if st is not None else "done", header, r) for r in rows]

    def done(self) -> set[tuple[str, ...]]:
        """Keys of the items with a done row."""
        return {k for k, status, _, _ in self._keyed() if status == "done"}

    def partial(self) -> dict[tuple[str, ...], dict[str, Any]]:
        """``{key: its latest partial row}`` (the one of the highest ``cycle_reached``) of the items without a
        done row: the checkpoints of unfinished computations."""
        keyed = self._keyed()
        done = {k for k, status, _, _ in keyed if status == "done"}
        out: dict[tuple[str, ...], dict[str, Any]] = {}
        for k, status, header, r in keyed:
            if status != "partial" or k in done:
                continue
            row = {c: _decode(v) for c, v in zip(header, r)}
            if k not in out or (row.get("cycle_reached") or 0) >= (out[k].get("cycle_reached") or 0):
                out[k] = row
        return out

    # ----------------------------------------------------------------- writing
    def append(self, row: Mapping[str, Any], *, status: str = "done", cycle_reached: int | None = None,
               seconds: float | None = None, cpu_seconds: float | None = None,
               provenance: Mapping[str, str] | None = None) -> None:
        """Write one row now (flushed), adding the store's columns.

        Parameters
        ----------
        row : mapping
            The key and result columns.  The first row fixes the columns; a later row must have exactly the
            same ones.
        status : {"done", "partial"}
            ``"partial"`` records a checkpoint of an unfinished computation (``cycle_reached`` required).
        cycle_reached : int, optional
            The simulated cycle a partial row was saved at; ``None`` for a done row.
        seconds : float, optional
            Wall-clock seconds of one core the row took; by default the time the row itself reports
            (:func:`own_seconds`, the rule :mod:`lowdiam.results.migrate` applies to old rows), else ``None``
            (not measured).
        cpu_seconds : float, optional
            CPU seconds of the thread that computed the row; by default the time the row itself reports
            (:func:`own_cpu_seconds`), else ``None`` (not measured).
        provenance : mapping, optional
            The ``code_commit`` and ``lowdiam_version`` of a row copied from another log (so it keeps naming
            the code it was computed with); by default they are this checkout's.
        """
        for p in STORE_COLUMNS:
            if p in row:
                raise ValueError(f"column {p!r} is written by the log itself; pass it as a keyword of append()"
                                 if p in _KEYWORD_COLUMNS else
                                 f"column {p!r} is written by the log itself")
        if status not in STATUSES:
            raise ValueError(f"status must be one of {list(STATUSES)}, got {status!r}")
        if status == "partial":
            cycle_reached = check_int("cycle_reached", cycle_reached, low=0)
        elif cycle_reached is not None:
            raise ValueError(f"cycle_reached is for partial rows (checkpoints); a done row has none, got "
                             f"{cycle_reached!r}")
        seconds = _check_seconds("seconds", own_seconds(row) if seconds is None else seconds)
        cpu_seconds = _check_seconds("cpu_seconds", own_cpu_seconds(row) if cpu_seconds is None else cpu_seconds)
        if provenance is not None:
            if not isinstance(provenance, Mapping) or set(provenance) != set(PROVENANCE) or not all(
                    isinstance(v, str) and v for v in provenance.values()):
                raise ValueError(f"provenance must map exactly {list(PROVENANCE)} to non-empty strings, "
                                 f"got {provenance!r}")
        self.item_key(row)
        cells = {k: _encode(k, v) for k, v in row.items()}
        cells["status"] = status
        cells["cycle_reached"] = _encode("cycle_reached", cycle_reached)
        cells["seconds"] = _encode("seconds", seconds)
        cells["cpu_seconds"] = _encode("cpu_seconds", cpu_seconds)
        cells["code_commit"] = code_commit() if provenance is None else provenance["code_commit"]
        cells["lowdiam_version"] = __version__ if provenance is None else provenance["lowdiam_version"]
        cut_torn_tail(self.path)
        header = self._header()
        if header is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            header = list(cells)
            with self.path.open("w", newline="") as fh:
                csv.writer(fh, lineterminator="\n").writerow(header)
        elif "status" not in header:
            raise ValueError(f"{self.path} predates the results store's row schema (no 'status' column); "
                             "migrate it first: python -m lowdiam.results migrate")
        elif "cpu_seconds" not in header:
            raise ValueError(f"{self.path} predates the store's cpu_seconds column; migrate it first: "
                             "python -m lowdiam.results migrate")
        elif set(header) != set(cells):
            extra, missing = sorted(set(cells) - set(header)), sorted(set(header) - set(cells))
            raise ValueError(f"row columns differ from {self.path.name}'s: extra {extra}, missing {missing}")
        with self.path.open("a", newline="") as fh:
            csv.writer(fh, lineterminator="\n").writerow([cells[k] for k in header])
            fh.flush()

    def run(
        self,
        items: Iterable[Mapping[str, Any]],
        compute: Callable[[Mapping[str, Any]], Mapping[str, Any]],
        *,
        progress: bool = True,
        desc: str | None = None,
        processes: int = 1,
        scheduler: Any = None,
    ) -> list[dict[str, Any]]:
        """Compute every item without a done row, appending each result as it finishes, with its ``seconds`` and
        ``cpu_seconds`` (measured in the worker).

        Parameters
        ----------
        items : iterable of mappings
            Each holds at least the key columns (its settings and seed).
        compute : callable
            ``compute(item) -> mapping`` of result columns (they must not repeat item columns).  With
            ``processes > 1`` it must be picklable by reference (a module-level function, or a
            ``functools.partial`` of one).
        progress : bool
            Show a tqdm bar on stderr.
        desc : str, optional
            Label of the progress bar (default: the log's file name).
        processes : int
            Local worker processes computing items at once (default 1: one after another, in this process).
        scheduler : str or distributed.Client, optional
            A Dask scheduler address or client to compute the items on instead (:func:`lowdiam.parallel.run_each`).
            Rows are appended here, in the order the items finish.

        Returns
        -------
        list of dict
            All done rows of the log after the run (earlier ones included).
        """
        from ..parallel import inside_spawned_import, run_each

        check_bool("progress", progress)
        processes = check_int("processes", processes, low=1)
        if processes > 1 and scheduler is None and inside_spawned_import():
            raise RuntimeError("ResultLog.run(processes > 1) was called while a worker process was importing your "
                               "script: put the call under `if __name__ == \"__main__\":`, or use processes=1")
        items = list(items)
        done = self.done()
        todo = [it for it in items if self.item_key(it) not in done]
        bar = None
        if progress and todo:
            from tqdm.auto import tqdm

            bar = tqdm(total=len(items), initial=len(items) - len(todo), desc=desc or self.path.stem,
                       file=sys.stderr)

        def record(i: int, timed: tuple[Mapping[str, Any], float, float]) -> None:
            result, seconds, cpu_seconds = timed
            result = dict(result)
            clash = sorted(set(result) & set(todo[i]))
            if clash:
                raise ValueError(f"compute() returned column(s) {clash} that the item already sets")
            self.append({**todo[i], **result}, seconds=seconds, cpu_seconds=cpu_seconds)
            if bar is not None:
                bar.update(1)

        try:
            run_each(_Timed(compute), todo, record, processes=processes, scheduler=scheduler,
                     describe=lambda it: f"while computing {self.path.name} item {self.item_key(it)}")
        finally:
            if bar is not None:
                bar.close()
        return self.rows()


class _Timed:
    """``compute`` returning ``(result, wall seconds, CPU seconds of this thread)``; picklable when ``compute``
    is (workers time their own work)."""

    def __init__(self, compute: Callable[[Mapping[str, Any]], Mapping[str, Any]]) -> None:
        self.compute = compute

    def __call__(self, item: Mapping[str, Any]) -> tuple[Mapping[str, Any], float, float]:
        import time

        t0, c0 = time.perf_counter(), time.thread_time()
        result = self.compute(item)
        return result, time.perf_counter() - t0, time.thread_time() - c0
