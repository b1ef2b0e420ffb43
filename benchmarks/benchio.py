"""Small helpers shared by the benchmark and cross-validation scripts (run as ``python benchmarks/<script>.py``)."""

from __future__ import annotations

import csv
from pathlib import Path


def write_rows(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` (dicts with the same keys, in order) to the CSV file ``path``, creating its folder."""
    if not rows:
        raise ValueError(f"no rows to write to {path}")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)


def append_jsonl(path: Path, record: dict) -> None:
    """Append ``record`` as one JSON line to ``path``, creating its folder."""
    import json

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a") as fh:
        fh.write(json.dumps(record) + "\n")


def environment() -> dict:
    """Where and when a measurement ran: host, CPU count, UTC time, and the 1/5/15-minute load averages (the
    machine may be shared, so a rate is only comparable with rates measured at the same time)."""
    import os
    import platform
    import time

    return {"machine": platform.node(), "cpus": os.cpu_count(),
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "loadavg": [round(x, 2) for x in os.getloadavg()]}


def format_table(rows: list[dict], columns: list[str]) -> str:
    """``rows`` as a plain-text table of ``columns`` (right-aligned; floats as given, pre-round them)."""
    cells = [[str(r.get(c, "")) for c in columns] for r in rows]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths))]
    lines += ["  ".join(v.rjust(w) for v, w in zip(row, widths)) for row in cells]
    return "\n".join(lines)


def valgrind_env(**extra: str) -> dict:
    """``os.environ`` for a process to run under valgrind: ``lib/`` on ``PYTHONPATH`` and this host's CPU named to
    numba (``NUMBA_CPU_NAME``, ``NUMBA_CPU_FEATURES``), plus ``extra``.  numba keys its cache on the CPU and valgrind
    emulates another one, so without the names a process under valgrind would compile the kernels again (hours)
    instead of loading those a run outside valgrind, with the same environment, compiled or cached."""
    import os

    import llvmlite.binding as ll

    lib = str(Path(__file__).resolve().parents[1] / "lib")
    return dict(os.environ, NUMBA_CPU_NAME=ll.get_host_cpu_name(),
                NUMBA_CPU_FEATURES=ll.get_host_cpu_features().flatten(),
                PYTHONPATH=lib + os.pathsep + os.environ.get("PYTHONPATH", ""), **extra)
