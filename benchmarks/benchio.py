"""Small helpers shared by the benchmark and cross-validation scripts (run as ``python benchmarks/<script>.py``)."""

from __future__ import annotations

import csv
import subprocess
import tempfile
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


# instruction-set extensions valgrind (3.19-3.22) cannot decode: their instructions raise SIGILL under it
VALGRIND_UNDECODED = ("avx512", "avx10", "amx", "vaes", "vpclmulqdq", "gfni")


def valgrind_env(**extra: str) -> dict:
    """``os.environ`` for a process to run under valgrind: ``lib/`` on ``PYTHONPATH`` and this host's CPU named to
    numba (``NUMBA_CPU_NAME``, ``NUMBA_CPU_FEATURES``), plus ``extra``.  numba keys its cache on the CPU and valgrind
    emulates another one, so without the names a process under valgrind would compile the kernels again (hours)
    instead of loading those a run outside valgrind, with the same environment, compiled or cached.  The features
    valgrind cannot decode (``VALGRIND_UNDECODED``: AVX-512 and its kin) are turned off, so on a host that has them
    the kernels counted are compiled without them (the names say which: record them with the counts)."""
    import os

    import llvmlite.binding as ll

    features = ll.get_host_cpu_features()
    for name in list(features):
        if name.startswith(VALGRIND_UNDECODED):
            features[name] = False
    lib = str(Path(__file__).resolve().parents[1] / "lib")
    return dict(os.environ, NUMBA_CPU_NAME=ll.get_host_cpu_name(), NUMBA_CPU_FEATURES=features.flatten(),
                PYTHONPATH=lib + os.pathsep + os.environ.get("PYTHONPATH", ""), **extra)


def counted(cmd: list[str], cwd: str, env: dict | None = None, ok: tuple[int, ...] = (0,)) -> tuple[int, str]:
    """Instructions the whole process of ``cmd`` executes (``valgrind --tool=cachegrind --cache-sim=no``), and its
    standard output; an exit status not in ``ok`` raises."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        proc = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
                               *cmd], capture_output=True, text=True, cwd=cwd, env=env, check=False)
        summary = [line for line in out.read_text().splitlines() if line.startswith("summary:")] \
            if out.exists() else []
    if proc.returncode not in ok or not summary:
        raise RuntimeError(f"{cmd[0]} under valgrind failed (exit {proc.returncode}):\n"
                           + proc.stdout[-2000:] + proc.stderr[-2000:])
    return int(summary[0].split()[1]), proc.stdout


def per_cycle(short: dict, long: dict) -> float:
    """Instructions per simulated cycle from a short and a long run (start-up cancels); nan unless both grow."""
    dc, dn = long["cycles"] - short["cycles"], long["instructions"] - short["instructions"]
    return dn / dc if dc > 0 and dn > 0 else float("nan")


def counted_child(script: str, args: list[str], env: dict) -> dict:
    """A ``python -c script args...`` child that prints ``CYCLES <n>``, counted (:func:`counted`, run in a temporary
    folder): {"cycles", "instructions"}."""
    import sys

    with tempfile.TemporaryDirectory() as tmp:
        n, out = counted([sys.executable, "-c", script, *args], tmp, env)
    return {"cycles": int(out.split("CYCLES")[1].split()[0]), "instructions": n}
