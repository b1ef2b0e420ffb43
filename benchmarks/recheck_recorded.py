"""Rerun a sample of recorded paper-scale runs with the code as it is and compare their results with the rows.

Issue 53 asks that a kernel rewrite leave recorded results unchanged: the golden tests
(``tests/test_booksim_golden.py``) pin small cases, and this script checks the paper-scale rows themselves. From each
named result log of ``results/paper/05_simulation/`` it takes the first ``--per-log`` runs of distinct (network,
routing) whose recorded CPU time (wall time in logs older than that column) is below ``--max-cpu`` seconds (cheap
ones, so a check costs minutes), rebuilds each from its row (recipe, routing, traffic, load, seed, ``sim``
settings), simulates it afresh (no cache) and compares the result fields below. It prints one JSON line per run
(``same``, and the fields that differ: recorded, now) and exits 1 if any differs. A developer's tool, not a
benchmark: ``make bench`` does not run it. With ``--runs`` it reruns the named runs instead (their run keys, or
prefixes of at least 8 characters, each naming one run of the named logs), whatever they cost: to ask whether a
recorded decision is the code's now.

Usage::

    PYTHONPATH=lib .venv/bin/python benchmarks/recheck_recorded.py \\
        --logs 05_polarstar_booksim_rule,05_galaxyfly_paper_settings [--per-log 2] [--max-cpu 40]
    PYTHONPATH=lib .venv/bin/python benchmarks/recheck_recorded.py --logs 05_polarstar_authors_code \\
        --runs 582f61bd,0eee1928
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: the result fields compared (those a claim or a search reads)
FIELDS = ("accepted_load", "latency_mean", "latency_p99", "hops_mean", "saturated", "decision", "cycles",
          "packets_delivered", "saturation_reason")


def _same(a, b) -> bool:
    """Equal, with a recorded ``null`` (how the logs write a non-finite number) equal to NaN."""
    def nan(x):
        return x is None or (isinstance(x, float) and math.isnan(x))
    return (nan(a) and nan(b)) or a == b


def _cost(r: dict) -> float | None:
    """A row's recorded CPU seconds, or its wall seconds where the log predates the CPU column; None if neither."""
    for col in ("cpu_seconds", "seconds"):
        if r.get(col) is not None:
            return float(r[col])
    return None


def last_rows(name: str) -> dict[str, dict]:
    """Result log ``name``'s rows by run key, each run's last row (as the store reads it), in the order of those
    last rows."""
    from lowdiam import sweep as S

    rows = {}
    for r in S.result_log("05_simulation", name).rows():
        rows.pop(r["run"], None)
        rows[r["run"]] = r
    return rows


def pick(name: str, per_log: int, max_cpu: float, saturated: bool = False) -> list[dict]:
    """The first ``per_log`` BookSim-model rows of result log ``name`` of distinct (label, routing) that cost less
    than ``max_cpu`` seconds (:func:`_cost`; a run's last row, as the store reads it); with ``saturated``, only
    rows whose recorded result is saturated (the runs whose routers hold blocked heads)."""
    rows = last_rows(name)
    seen, out = set(), []
    for r in rows.values():
        cost = _cost(r)
        if cost is None or cost >= max_cpu or r["sim"].get("router") != "booksim" or (r["label"], r["routing"]) in seen:
            continue
        if saturated and not r["result"].get("saturated"):
            continue
        seen.add((r["label"], r["routing"]))
        out.append(r)
        if len(out) == per_log:
            break
    return out


def named(names: list[str], runs: list[str]) -> list[dict]:
    """The rows (a run's last row, as the store reads it) of result logs ``names`` whose run keys ``runs`` name, in
    that order: each a key or a prefix of at least 8 characters that matches exactly one run."""
    rows = {key: dict(r, log=name) for name in names for key, r in last_rows(name).items()}
    out = []
    for want in runs:
        if len(want) < 8 or any(c not in "0123456789abcdef" for c in want):
            raise ValueError(f"run {want!r}: give a run key or a prefix of at least 8 lower-case hex digits")
        hits = [r for key, r in rows.items() if key.startswith(want)]
        if len(hits) != 1:
            raise ValueError(f"run {want!r} matches {len(hits)} runs of {', '.join(names)}; it must match exactly one")
        out.append(hits[0])
    return out


def run_of(r: dict):
    """The ``sweep.Run`` of result-log row ``r``: its recipe, routing, traffic, load, seed and ``sim`` settings."""
    from lowdiam import sweep as S

    rec = r["recipe"]
    return S.Run(S.Recipe(rec["constructor"], rec.get("kwargs", {}), r["label"], tuple(rec.get("args", ()))),
                 r["routing"], r["traffic"], r["load"], seed=r["seed"], sim=r["sim"])


def recheck(r: dict) -> dict:
    """Simulate row ``r`` again; the comparison of its result fields."""
    from lowdiam.sim import simulate

    run, want = run_of(r), r["result"]
    got = simulate(run.topology(), run.routing, run.traffic, run.load, seed=run.seed, **run.sim).to_dict()
    diff = {f: [want.get(f), got.get(f)] for f in FIELDS if f in want and not _same(want.get(f), got.get(f))}
    return {"label": r["label"], "routing": r["routing"], "traffic": r["traffic"], "load": r["load"],
            "recorded_at": r["code_commit"][:8], "recorded_seconds": round(_cost(r), 1),
            "same": not diff, "diff": diff}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--logs", required=True, help="comma-separated result logs of results/paper/05_simulation/")
    ap.add_argument("--per-log", type=int, default=2, help="runs per log (distinct network and routing)")
    ap.add_argument("--max-cpu", type=float, default=40.0, help="only runs recorded below this many CPU seconds")
    ap.add_argument("--saturated", action="store_true", help="only runs recorded as saturated")
    ap.add_argument("--runs", help="comma-separated run keys (or 8+ character prefixes) to rerun instead of a sample")
    args = ap.parse_args()
    names = args.logs.split(",")
    for name in names:
        if not (ROOT / "results" / "paper" / "05_simulation" / f"{name}.csv").is_file():
            raise SystemExit(f"no result log results/paper/05_simulation/{name}.csv")
    if args.runs:
        try:
            rows = named(names, args.runs.split(","))
        except ValueError as e:
            raise SystemExit(str(e)) from None
    else:
        rows = [dict(r, log=name) for name in names for r in pick(name, args.per_log, args.max_cpu, args.saturated)]
    differ = 0
    for r in rows:
        out = {"log": r["log"], "run": r["run"][:8], **recheck(r)}
        differ += not out["same"]
        print(json.dumps(out), flush=True)
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
