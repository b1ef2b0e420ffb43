"""How far a long paper profile has come: its planned computations against the recorded ones.

Notebooks 05 and 07 run for tens of core-hours at the papers' scale, so their paper profiles are recorded
piece by piece over many sessions (:mod:`lowdiam.results`).  Their quick profiles already read the recorded
data to take paper-scale claims from it; :class:`PaperProgress` lets them also say, section by section, how
many of the paper profile's planned computations (saturation searches, latency curves, motif runs) are
recorded complete, recorded in part, or not started.  The notebook writes the table to
``figures/<notebook>_paper_progress.csv``; ``make scorecard`` copies every such table into the index of recorded
data, ``results/paper/README.md`` (:mod:`lowdiam.results.index`), so the state of the paper profiles is read
from data, never typed.

Examples
--------
>>> p = PaperProgress("05_simulation")
>>> r = p.add("1. Fig. 9", "saturation searches", [("PS", "min"), ("PS", "ugal"), ("DF", "min")],
...           {("PS", "min"): True, ("PS", "ugal"): False, ("HX", "min"): True})
>>> r["planned"], r["complete"], r["partial"], r["not_started"]
(3, 1, 1, 1)
>>> print(p.report().splitlines()[2])
| 1. Fig. 9 | saturation searches | 3 | 1 | 1 | 1 |
"""

from __future__ import annotations

import csv
import re
from collections.abc import Hashable, Iterable, Mapping
from pathlib import Path

from .paths import figures_dir

__all__ = ["PaperProgress", "COLUMNS", "progress_file", "progress_table", "read_progress"]

COLUMNS = ("section", "what", "planned", "complete", "partial", "not_started")
_SUFFIX = "_paper_progress"


def progress_file(notebook: str, directory: str | Path | None = None) -> Path:
    """Where a notebook's progress table lives: ``<directory or figures>/<notebook>_paper_progress.csv``."""
    return Path(directory if directory is not None else figures_dir()) / f"{notebook}{_SUFFIX}.csv"


class PaperProgress:
    """Per section of one notebook: planned paper-profile computations and how many are recorded.

    Parameters
    ----------
    notebook : str
        Notebook stem, e.g. ``"05_simulation"``.

    Raises
    ------
    ValueError
        If ``notebook`` is not a plain stem (letters, digits, ``_``, ``-``).
    """

    def __init__(self, notebook: str):
        if not isinstance(notebook, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_\-]*", notebook):
            raise ValueError(f"notebook must be a plain notebook stem like '05_simulation', got {notebook!r}")
        self.notebook = notebook
        self._rows: list[dict] = []

    def add(self, section: str, what: str, planned: Iterable[Hashable], done: Mapping[Hashable, bool]) -> dict:
        """Count one kind of computation of one section.

        Parameters
        ----------
        section : str
            The notebook section (its timer name, e.g. ``"3. SpectralFly Fig. 6/7"``).
        what : str
            What is counted, plural (``"saturation searches"``, ``"motif runs"``).
        planned : iterable of hashable
            The keys of every computation the paper profile runs for it.
        done : mapping
            Key -> whether it is recorded complete, for every key the recorded data holds (a key absent from
            ``done`` is not started; keys the plan does not hold, such as runs of a network the paper profile
            no longer runs, are not counted).

        Returns
        -------
        dict
            The row added: ``section``, ``what``, ``planned``, ``complete``, ``partial``, ``not_started``.

        Raises
        ------
        ValueError
            A key planned twice, an empty plan, or a ``done`` value that is not a bool.
        """
        keys = list(planned)
        if not keys:
            raise ValueError(f"{section}: nothing planned for {what!r}; leave the row out instead")
        if len(set(keys)) != len(keys):
            twice = sorted({repr(k) for k in keys if keys.count(k) > 1})
            raise ValueError(f"{section}: keys planned twice for {what!r}: {', '.join(twice[:3])}")
        bad = [k for k in keys if k in done and not isinstance(done[k], bool)]
        if bad:
            raise ValueError(f"done must map keys to bools (complete or not); {bad[0]!r} -> {done[bad[0]]!r}")
        complete = sum(1 for k in keys if done.get(k) is True)
        partial = sum(1 for k in keys if done.get(k) is False)
        row = {"section": section, "what": what, "planned": len(keys), "complete": complete, "partial": partial,
               "not_started": len(keys) - complete - partial}
        self._rows.append(row)
        return row

    def rows(self) -> list[dict]:
        """The rows added so far, in order."""
        return [dict(r) for r in self._rows]

    def report(self) -> str:
        """The rows as a markdown table (:func:`progress_table`)."""
        return "\n".join(progress_table(self._rows))

    def write(self, directory: str | Path | None = None) -> Path:
        """Write the rows to :func:`progress_file` (replacing it); returns the path.

        Raises
        ------
        ValueError
            If no row was added.
        """
        if not self._rows:
            raise ValueError(f"no progress rows to write for {self.notebook}")
        path = progress_file(self.notebook, directory)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=list(COLUMNS))
            w.writeheader()
            w.writerows(self._rows)
        return path


def progress_table(rows: Iterable[Mapping]) -> list[str]:
    """Markdown table lines of progress rows (as :meth:`PaperProgress.rows` or :func:`read_progress` give them)."""
    lines = ["| section | counted | planned | complete | partial | not started |", "|---|---|---:|---:|---:|---:|"]
    return lines + [f"| {r['section']} | {r['what']} | {r['planned']} | {r['complete']} | {r['partial']} | "
                    f"{r['not_started']} |" for r in rows]


def read_progress(directory: str | Path | None = None) -> dict[str, list[dict]]:
    """Every ``*_paper_progress.csv`` of ``directory`` (default the figures folder): notebook -> its rows
    (counts as ints), sorted by notebook."""
    base = Path(directory if directory is not None else figures_dir())
    out = {}
    for path in sorted(base.glob(f"*{_SUFFIX}.csv")):
        with path.open(newline="") as fh:
            rows = list(csv.DictReader(fh))
        out[path.name[: -len(_SUFFIX) - 4]] = [
            {k: (int(v) if k in COLUMNS[2:] else v) for k, v in r.items()} for r in rows]
    return out
