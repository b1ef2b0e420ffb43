"""What paper-scale data is recorded, and what it cost: the index ``results/paper/README.md``.

Each notebook's paper profile appends its rows to ``results/paper/<notebook>/*.csv``
(:mod:`lowdiam.results`) and its per-section wall times to ``section_times.csv``
(:mod:`lowdiam.timing`).  This module summarises both for a reader who wants to
know, without opening the files, which notebooks have paper-scale data, how many
rows, from which commits, and how long the recorded runs took.

Times are summed over every recorded paper run of a section: a run that stopped
and a later run that resumed it both count, and a resumed run re-reads the rows
already recorded, so the sum is what the recorded data cost to compute (on the
machine named by ``cpus``; shared machines make it an upper bound).

Run ``python -m lowdiam.results index`` (``make scorecard`` does) to rewrite
``results/paper/README.md``.

Examples
--------
>>> import tempfile
>>> from lowdiam.results import ResultLog
>>> root = tempfile.mkdtemp()
>>> log = ResultLog("04_fault_tolerance", "demo", key=("graph",), root=root)
>>> log.append({"graph": "SF(5)", "diameter": 2})
>>> [(s["notebook"], s["files"][0]["name"], s["files"][0]["rows"]) for s in status(root)]
[('04_fault_tolerance', 'demo', 1)]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..paper_progress import progress_table, read_progress
from ..paths import results_dir
from .store import TIMES_FILE

__all__ = ["status", "render_status", "write_status"]

_TIMES = TIMES_FILE


def _read(path: Path) -> list[dict[str, str]]:
    """The complete rows of a log (a last line torn by a kill is not one: see
    :func:`lowdiam.results.read_complete_rows`)."""
    from .log import read_complete_rows

    header, rows, _, _ = read_complete_rows(path)
    return [dict(zip(header, r)) for r in rows] if header else []


def status(root: str | Path | None = None) -> list[dict]:
    """One entry per notebook folder under ``<root>/paper``, sorted by name.

    Parameters
    ----------
    root : path, optional
        Results folder; default :func:`lowdiam.paths.results_dir`.

    Returns
    -------
    list of dict
        ``notebook``; ``files``: per data file its ``name``, ``rows``, ``partial`` (rows that are checkpoints of
        unfinished computations, :mod:`lowdiam.results.log`), ``commits`` (distinct
        ``code_commit`` values) and ``row_seconds`` (summed per-row compute time, ``None`` if untimed; a
        simulation run an earlier file of the notebook already holds -- the same ``run`` hash, copied by
        :func:`lowdiam.sweep.run_sweep`'s ``reuse`` -- is not counted again), ``row_cpu_seconds`` (the same sum of
        the rows' measured CPU time, ``cpu_seconds``, ``None`` if no row carries one);
        ``sections``: per section (in first-run order) its summed ``seconds`` and ``runs``; ``runs``: distinct
        recorded run starts; ``cpus``: the cpu counts the runs reported.
    """
    base = Path(root if root is not None else results_dir()) / "paper"
    out = []
    if not base.is_dir():
        return out
    for folder in sorted(p for p in base.iterdir() if p.is_dir()):
        files = []
        counted: set[str] = set()  # run hashes whose time is already summed (a run copied into another file)
        for f in sorted(folder.glob("*.csv")):
            if f.name == _TIMES:
                continue
            rows = _read(f)
            fresh = [r for r in rows if not r.get("run") or r["run"] not in counted]
            counted |= {r["run"] for r in rows if r.get("run")}
            files.append({"name": f.stem, "rows": len(rows),
                          "partial": sum(r.get("status") == "partial" for r in rows),
                          "commits": len({r.get("code_commit", "") for r in rows} - {""}),
                          "row_seconds": _row_seconds(fresh), "row_cpu_seconds": _row_cpu_seconds(fresh)})
        sections: dict[str, dict] = {}
        starts, cpus = set(), set()
        if (folder / _TIMES).is_file():
            for r in _read(folder / _TIMES):
                if r.get("profile") != "paper":
                    continue
                s = sections.setdefault(r["section"], {"seconds": 0.0, "runs": 0})
                s["seconds"] += float(r["seconds"])
                s["runs"] += 1
                starts.add(r["run_started_utc"])
                cpus.add(r.get("cpus", ""))
        out.append({"notebook": folder.name, "files": files,
                    "sections": [{"section": k, **v} for k, v in sections.items()],
                    "runs": len(starts), "cpus": sorted(c for c in cpus if c)})
    return out


def _row_seconds(rows: list[dict[str, str]]) -> float | None:
    """Summed per-row compute time of a data file: the store's ``seconds`` column (:mod:`lowdiam.results.log`);
    in a log of the old schema, a ``wall_seconds`` column or the ``wall_seconds`` of a simulation row's
    ``result`` JSON; ``None`` when its rows carry no time."""
    total, found = 0.0, False
    for r in rows:
        if "status" in r:
            value = r.get("seconds")
            value = None if value in (None, "", "null") else value
        else:
            value = r.get("wall_seconds")
            if value in (None, "") and r.get("result", "").startswith("{"):
                value = json.loads(r["result"]).get("wall_seconds")
        if value not in (None, ""):
            total += float(value)
            found = True
    return total if found else None


def _row_cpu_seconds(rows: list[dict[str, str]]) -> float | None:
    """Summed ``cpu_seconds`` (the store's column, measured since 2026-11-30) of a data file's rows; ``None`` when
    none carries one."""
    times = [float(r["cpu_seconds"]) for r in rows if r.get("cpu_seconds") not in (None, "", "null")]
    return sum(times) if times else None


def _hms(seconds: float) -> str:
    m, s = divmod(round(seconds), 60)
    h, m = divmod(m, 60)
    return f"{h} h {m:02d} min" if h else f"{m} min {s:02d} s"


def render_status(root: str | Path | None = None, figures: str | Path | None = None) -> str:
    """Markdown index of the recorded paper-scale data (see :func:`status`), with the progress tables the
    notebooks wrote to ``figures`` (default the figures folder; :mod:`lowdiam.paper_progress`)."""
    lines = ["# Paper-scale results (recorded data)", "",
             "Written by `python -m lowdiam.results index` (`make scorecard`) from the files below; do not edit.",
             "Each notebook's paper profile appends one row per finished computation (settings, seed, result, code",
             "commit) and resumes from these files; its quick profile reads them and records the paper-scale claims",
             "from them. Times are wall-clock seconds summed over every recorded paper run of a section (stopped and",
             "resumed runs both count; shared machines make them upper bounds). Row compute time sums the time",
             "each row reports it took (simulation runs' `wall_seconds`, one core each), so it also counts rows",
             "recorded by runs that kept no section times; a run copied from another file of the notebook counts",
             "once. Every row ends with the store's columns (`lowdiam.results`): `status` (`done`, or `partial` for a",
             "checkpoint of an unfinished run, with the `cycle_reached`), `seconds` (its measured compute time, `null`",
             "when not measured), `cpu_seconds` (the CPU time it took, which other jobs on a shared machine do not",
             "inflate; measured since 2026-11-30, `null` before) and the code commit; `python -m lowdiam.results",
             "status` lists them per file.", ""]
    entries = status(root)
    if not entries:
        return "\n".join(lines + ["No paper-scale data recorded yet.", ""])
    lines += ["| notebook | data files (rows) | rows | commits | recorded runs | recorded time | row compute time |",
              "|---|---|---:|---:|---:|---:|---:|"]
    for e in entries:
        files = ", ".join(f"`{f['name']}` ({f['rows']}" + (f", {f['partial']} partial)" if f["partial"] else ")")
                          for f in e["files"]) or "—"
        total = sum(s["seconds"] for s in e["sections"])
        commits = max((f["commits"] for f in e["files"]), default=0)
        timed = [f["row_seconds"] for f in e["files"] if f["row_seconds"] is not None]
        lines.append(f"| {e['notebook']} | {files} | {sum(f['rows'] for f in e['files'])} | {commits} | "
                     f"{e['runs']} | {_hms(total) if e['sections'] else '—'} | "
                     f"{_hms(sum(timed)) if timed else '—'} |")
    for e in entries:
        timed = [f for f in e["files"] if f["row_seconds"] is not None]
        if e["sections"] or not timed:
            continue
        # no whole-notebook paper run was timed (it ran piece by piece): the time its rows report, per data file
        lines += ["", f"## {e['notebook']}: row compute time per data file (one core per row)", "",
                  "| data file | rows | row compute time | row CPU time |", "|---|---:|---:|---:|"]
        for f in timed:
            cpu = f["row_cpu_seconds"]
            lines.append(f"| `{f['name']}` | {f['rows']} | {_hms(f['row_seconds'])} | "
                         f"{'—' if cpu is None else _hms(cpu)} |")
    progress = read_progress(figures)
    if progress:
        lines += ["", "## Progress of the paper profiles recorded piece by piece", "",
                  "Planned computations of each section against the recorded ones, as each notebook's quick profile "
                  "counts them", "from the data above (`figures/<notebook>_paper_progress.csv`).", ""]
        for nb, rows in progress.items():
            lines += [f"### {nb}", "", *progress_table(rows), ""]
        lines.pop()  # the blank line after the last table: the next heading adds its own
    for e in entries:
        if not e["sections"]:
            continue
        cpus = ", ".join(e["cpus"]) or "?"
        runs = f"{e['runs']} recorded paper run" + ("s" if e["runs"] != 1 else "")
        lines += ["", f"## {e['notebook']}: time per section ({runs}, {cpus} cpus)", "",
                  "| section | runs | seconds | time |", "|---|---:|---:|---:|"]
        for s in e["sections"]:
            lines.append(f"| {s['section']} | {s['runs']} | {s['seconds']:.1f} | {_hms(s['seconds'])} |")
    return "\n".join(lines) + "\n"


def write_status(root: str | Path | None = None, figures: str | Path | None = None) -> Path:
    """Write :func:`render_status` to ``<root>/paper/README.md``; returns the path."""
    path = Path(root if root is not None else results_dir()) / "paper" / "README.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_status(root, figures))
    return path


def _main(argv: list[str] | None = None) -> int:
    # argparse, so that an option such as --help is answered (or a typo rejected) and never taken for a folder
    import argparse

    ap = argparse.ArgumentParser(prog="python -m lowdiam.results.index",
                                 description="Rewrite <root>/paper/README.md, the index of recorded paper-scale data "
                                             "(the same as python -m lowdiam.results [--root ROOT] index)")
    ap.add_argument("root", nargs="?", default=None, help="results folder (default: lowdiam.paths.results_dir())")
    args = ap.parse_args(argv)
    print("wrote", write_status(args.root))
    return 0


if __name__ == "__main__":  # pragma: no cover - command line
    raise SystemExit(_main(sys.argv[1:]))
