"""Lossless migration of committed logs written before the store's row schema.

A log written before :data:`~lowdiam.results.log.STORE_COLUMNS` ended its rows with ``code_commit`` and
``lowdiam_version`` only.  Migrating it inserts ``status``, ``cycle_reached``, ``seconds`` and ``cpu_seconds``
before them and keeps every other cell byte for byte (:func:`check_lossless` proves it against the file before
the rewrite):

``status``
    ``"done"``: such a log recorded finished computations only -- except the logs named in :data:`PARTIAL_LOGS`,
    whose rows were checkpoints of unfinished runs (``"partial"``).
``cycle_reached``
    a partial row's own ``cycle_reached`` column (moved, its cell unchanged); ``null`` for a done row.
``seconds``
    the row's own measured time where it carried one: a ``wall_seconds`` column, or the ``wall_seconds`` of a
    simulation row's ``result``; ``null`` otherwise (never estimated).
``cpu_seconds``
    ``null``: no row before the column measured its CPU time.

A log of the store's first schema (``status``, ``cycle_reached``, ``seconds``; before 2026-11-30) gets the
``cpu_seconds`` column, ``null`` in every row, after ``seconds``; nothing else changes.

The rewrite is atomic (a temporary file renamed over the log), so a crash leaves the old or the new file.
``python -m lowdiam.results migrate`` migrates every committed log (``--check`` only lists them).

Examples
--------
>>> import tempfile, pathlib
>>> root = pathlib.Path(tempfile.mkdtemp())
>>> f = root / "paper" / "03_bisection" / "demo.csv"
>>> f.parent.mkdir(parents=True)
>>> _ = f.write_text("graph,width,wall_seconds,code_commit,lowdiam_version\\nSF(5),12,0.5,abc,0.1.0\\n")
>>> [p.name for p in migrate_all(root)]
['demo.csv']
>>> print(f.read_text(), end="")
graph,width,wall_seconds,status,cycle_reached,seconds,cpu_seconds,code_commit,lowdiam_version
SF(5),12,0.5,done,null,0.5,null,abc,0.1.0
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..paths import results_dir, write_atomic
from .log import PROVENANCE, _decode, _encode, own_seconds, read_complete_rows
from .store import TIMES_FILE

__all__ = ["PARTIAL_LOGS", "migrated_text", "legacy_text", "check_lossless", "migrate_file", "migrate_all",
           "legacy_logs"]

#: Logs (``<notebook>/<name>``) whose rows were checkpoints of unfinished computations: their rows migrate as
#: partial rows.  ``07_motifs/unfinished_runs``: progress of paper-scale motif runs read from their checkpoints
#: (``tools/checkpoints.py --record`` before the store; ``python -m lowdiam.results checkpoints --record`` now).
PARTIAL_LOGS = frozenset({"07_motifs/unfinished_runs"})

_NEW = ("status", "cycle_reached", "seconds", "cpu_seconds")


def _seconds(row: dict[str, str]) -> str:
    """The ``seconds`` cell of an old row: :func:`lowdiam.results.log.own_seconds` of its decoded cells."""
    got = own_seconds({k: _decode(v) for k, v in row.items() if k in ("wall_seconds", "result")})
    return "null" if got is None else _encode("seconds", got)


def migrated_text(path: str | Path) -> str | None:
    """The migrated text of a legacy log, or ``None`` if it needs none (already migrated, empty, or no log).

    Raises
    ------
    ValueError
        If the file has a torn last line (finish or cut it first: a migration never drops text), or its rows do
        not end with the provenance columns.
    """
    path = Path(path)
    header, rows, good, torn = read_complete_rows(path)
    if header is None or ("status" in header and "cpu_seconds" in header):
        return None
    if torn:
        raise ValueError(f"{path}: ends in a torn line {torn[:80]!r}; resume or cut it "
                         "(lowdiam.results.log.cut_torn_tail) before migrating, so that nothing is dropped")
    if tuple(header[-len(PROVENANCE):]) != PROVENANCE:
        raise ValueError(f"{path}: its columns do not end with {list(PROVENANCE)} ({header}); not a result log")
    if "status" in header:  # the first schema: add cpu_seconds after seconds
        at = header.index("seconds") + 1
        out = io.StringIO(newline="")
        w = csv.writer(out, lineterminator="\n")
        w.writerow(header[:at] + ["cpu_seconds"] + header[at:])
        for cells in rows:
            w.writerow(cells[:at] + ["null"] + cells[at:])
        return out.getvalue()
    name = f"{path.parent.name}/{path.stem}"
    partial = name in PARTIAL_LOGS
    if partial and "cycle_reached" not in header:
        raise ValueError(f"{path}: a log of partial rows needs a cycle_reached column; its columns are {header}")
    body = [c for c in header[: -len(PROVENANCE)] if not (partial and c == "cycle_reached")]
    new_header = body + list(_NEW) + list(PROVENANCE)
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(new_header)
    for cells in rows:
        row = dict(zip(header, cells))
        extra = {"status": "partial" if partial else "done",
                 "cycle_reached": row["cycle_reached"] if partial else "null",
                 "seconds": _seconds(row), "cpu_seconds": "null"}
        w.writerow([extra[c] if c in extra else row[c] for c in new_header])
    return out.getvalue()


def legacy_text(path: str | Path, rows: int | None = None) -> str:
    """The inverse of the migration: a migrated log's text as the old schema wrote it (its first ``rows`` rows,
    default all), byte for byte -- the store's columns dropped, a partial log's ``cycle_reached`` put back in its
    place.  ``tests/test_results_store.py`` compares its digest with the files' digests before the migration."""
    path = Path(path)
    header, body, _, _ = read_complete_rows(path)
    if header is None or "status" not in header:
        raise ValueError(f"{path}: not a log of the store's schema")
    partial = f"{path.parent.name}/{path.stem}" in PARTIAL_LOGS
    old_body = [c for c in header[: -len(PROVENANCE)] if c not in _NEW]
    if partial:
        # the old column order: cycle_reached right after the settings (SETTINGS of lowdiam.studies.unfinished)
        at = old_body.index("seed") + 1
        old_body = old_body[:at] + ["cycle_reached"] + old_body[at:]
    old_header = old_body + list(PROVENANCE)
    out = io.StringIO(newline="")
    w = csv.writer(out, lineterminator="\n")
    w.writerow(old_header)
    for cells in body[: len(body) if rows is None else rows]:
        row = dict(zip(header, cells))
        w.writerow([row[c] for c in old_header])
    return out.getvalue()


def check_lossless(before: str, after: str, *, partial: bool) -> None:
    """Raise ``ValueError`` unless ``after`` holds every row of ``before`` with every cell unchanged, in the same
    order, plus the store's columns with the values the migration derives."""
    rb, ra = list(csv.reader(io.StringIO(before, newline=""))), list(csv.reader(io.StringIO(after, newline="")))
    hb, ha = rb[0], ra[0]
    if "status" in hb:  # first schema -> cpu_seconds added
        if [c for c in ha if c != "cpu_seconds"] != hb or len(ra) != len(rb) or "cpu_seconds" in hb:
            raise ValueError(f"migration changed more than the cpu_seconds column: {hb} -> {ha}")
        for i, (b, a) in enumerate(zip(rb[1:], ra[1:]), start=2):
            new = dict(zip(ha, a))
            if [new[c] for c in hb] != b or new["cpu_seconds"] != "null":
                raise ValueError(f"line {i}: changed by the migration ({b} -> {a})")
        return
    if set(hb) | set(_NEW) != set(ha) or len(ra) != len(rb):
        raise ValueError(f"migration changed the columns or the row count: {hb} ({len(rb) - 1} rows) -> "
                         f"{ha} ({len(ra) - 1} rows)")
    for i, (b, a) in enumerate(zip(rb[1:], ra[1:]), start=2):
        old, new = dict(zip(hb, b)), dict(zip(ha, a))
        for c in hb:
            if old[c] != new[c]:
                raise ValueError(f"line {i}: column {c!r} changed from {old[c]!r} to {new[c]!r}")
        if new["status"] != ("partial" if partial else "done") or new["seconds"] != _seconds(old) \
                or new["cpu_seconds"] != "null":
            raise ValueError(f"line {i}: derived columns {new['status']!r}, {new['seconds']!r} are not the rule's")


def migrate_file(path: str | Path) -> bool:
    """Migrate one log in place (atomically, checked by :func:`check_lossless`); ``True`` if it was rewritten."""
    path = Path(path)
    text = migrated_text(path)
    if text is None:
        return False
    header, _, good, _ = read_complete_rows(path)
    before = path.read_bytes()[:good].decode("utf-8")
    check_lossless(before, text, partial=f"{path.parent.name}/{path.stem}" in PARTIAL_LOGS)
    write_atomic(path, text.encode("utf-8"))
    return True


def legacy_logs(root: str | Path | None = None) -> list[Path]:
    """The committed logs under ``<root>/paper`` that predate the row schema (or its ``cpu_seconds`` column)."""
    base = Path(root if root is not None else results_dir()) / "paper"
    if not base.is_dir():
        return []
    return [p for p in sorted(base.glob("*/*.csv")) if p.name != TIMES_FILE and migrated_text(p) is not None]


def migrate_all(root: str | Path | None = None) -> list[Path]:
    """Migrate every legacy log under ``<root>/paper``; returns the rewritten files."""
    return [p for p in legacy_logs(root) if migrate_file(p)]
