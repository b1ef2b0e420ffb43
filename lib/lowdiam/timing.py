"""Per-section wall-clock times of a notebook run, for the paper-profile time report.

A paper profile runs for hours; to know where they go (and what to cut), every
notebook wraps each of its sections in :meth:`SectionTimer.section` and prints
:meth:`SectionTimer.report` at the end.  With ``record=True`` (the paper
profile) each finished section is also appended to the committed file
``results/<profile>/<notebook>/section_times.csv`` through a
:class:`lowdiam.results.ResultLog`-style append, so the times of a run that
spans several sessions survive with it.  A resumed run records the time it
spent, which is small for sections whose results were already recorded: the
file keeps one row per (section, run start), so both the first and the resumed
runs are visible.

Examples
--------
>>> import tempfile
>>> from lowdiam.timing import SectionTimer
>>> timer = SectionTimer("05_simulation", profile="quick", record=False)
>>> with timer.section("Fig. 9"):
...     total = sum(range(1000))
>>> timer.begin("Fig. 10")   # a section spanning several notebook cells
>>> timer.end()
>>> [name for name, _ in timer.times()]
['Fig. 9', 'Fig. 10']
>>> print(timer.report().splitlines()[0])
| section | wall time (s) |
"""

from __future__ import annotations

import csv
import datetime as _dt
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .code_identity import commit as code_commit
from .paths import results_dir
from .validate import check_bool, check_choice

__all__ = ["SectionTimer"]

_PROFILES = ("quick", "paper")
_COLUMNS = ("notebook", "profile", "section", "seconds", "run_started_utc", "cpus", "code_commit")


class SectionTimer:
    """Collects wall-clock seconds per named section of one notebook run.

    Parameters
    ----------
    notebook : str
        Notebook stem, e.g. ``"03_bisection"``.
    profile : {"quick", "paper"}
        The run's profile; names the results folder when recording.
    record : bool
        Append each finished section to ``results/<profile>/<notebook>/section_times.csv``.
    root : path, optional
        Results folder; default :func:`lowdiam.paths.results_dir`.

    Raises
    ------
    ValueError
        If ``profile`` is not one of "quick", "paper" or ``record`` is not a bool.
    """

    def __init__(self, notebook: str, *, profile: str, record: bool = False, root: str | Path | None = None):
        check_choice("profile", profile, _PROFILES)
        check_bool("record", record)
        self.notebook = notebook
        self.profile = profile
        self.record = record
        self.path = Path(root if root is not None else results_dir()) / profile / notebook / "section_times.csv"
        self._started = _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        self._times: list[tuple[str, float]] = []
        self._open: tuple[str, float] | None = None

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        """Time the body of a ``with`` block as section ``name`` (recorded even if the body raises)."""
        start = time.perf_counter()
        try:
            yield
        finally:
            seconds = time.perf_counter() - start
            self._times.append((name, seconds))
            if self.record:
                self._append(name, seconds)

    def begin(self, name: str) -> None:
        """Start section ``name`` (ending the open one): for notebooks, where a section spans several cells."""
        self.end()
        self._open = (name, time.perf_counter())

    def end(self) -> None:
        """End the section opened by :meth:`begin`, if any."""
        if getattr(self, "_open", None) is None:
            return
        name, start = self._open
        self._open = None
        seconds = time.perf_counter() - start
        self._times.append((name, seconds))
        if self.record:
            self._append(name, seconds)

    def times(self) -> list[tuple[str, float]]:
        """``(section, seconds)`` pairs in the order the sections finished."""
        return list(self._times)

    def report(self) -> str:
        """A markdown table of this run's section times and their total, and what they depend on.

        The times depend on the machine and on whether the on-disk and numba caches were cold or warm, so
        ``tools/strip_notebook.py`` replaces them by ``–`` in committed notebooks (a rerun then leaves git
        clean); measured cold and warm times are in ``docs/notebooks.md``.
        """
        lines = ["| section | wall time (s) |", "|---|---|"]
        lines += [f"| {name} | {seconds:.1f} |" for name, seconds in self._times]
        lines.append(f"| **total** | {sum(s for _, s in self._times):.1f} |")
        lines.append("(wall times of this run: they depend on the machine and on warm or cold caches, so committed "
                     "notebooks show – instead; measured times: docs/notebooks.md)")
        return "\n".join(lines)

    def _append(self, name: str, seconds: float) -> None:
        from .results import cut_torn_tail

        self.path.parent.mkdir(parents=True, exist_ok=True)
        cut_torn_tail(self.path)  # a row cut by a kill is dropped, so this one starts on a line of its own
        new = not self.path.exists() or self.path.stat().st_size == 0
        with self.path.open("a", newline="") as fh:
            writer = csv.writer(fh)
            if new:
                writer.writerow(_COLUMNS)
            writer.writerow([self.notebook, self.profile, name, f"{seconds:.1f}", self._started,
                             os.cpu_count(), code_commit()])
