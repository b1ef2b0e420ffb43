"""``python -m lowdiam.results status|index|checkpoints|migrate``: the results store from the command line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .store import Store, _hms


def _status(store: Store) -> int:
    logs = store.logs()
    if not logs:
        print(f"no committed logs under {store.root / 'paper'}")
        return 0
    print("| log | done | partial | compute time (rows' seconds, wall clock) | CPU time (rows' cpu_seconds) | schema |")
    print("|---|---:|---:|---:|---:|---|")
    for f in logs:
        print(f"| {f.notebook}/{f.name} | {f.done} | {f.partial} | "
              f"{_hms(f.seconds) if f.seconds is not None else '—'} | "
              f"{_hms(f.cpu_seconds) if f.cpu_seconds is not None else '—'} | "
              f"{'legacy: migrate' if f.legacy else 'store'} |")
    timed = [f.seconds for f in logs if f.seconds is not None]
    cpu = [f.cpu_seconds for f in logs if f.cpu_seconds is not None]
    print(f"\n{len(logs)} logs, {sum(f.done for f in logs)} done rows, {sum(f.partial for f in logs)} partial rows, "
          f"{_hms(sum(timed)) if timed else 'no'} compute time recorded (wall clock), "
          f"{_hms(sum(cpu)) if cpu else 'no'} CPU time measured")
    legacy = [f for f in logs if f.legacy]
    if legacy:
        print(f"{len(legacy)} log(s) predate the row schema: python -m lowdiam.results migrate", file=sys.stderr)
    return 0


def _checkpoints(store: Store, record: bool) -> int:
    """The local checkpoints (motif runs of notebook 07: :mod:`lowdiam.studies.motifs`) and the committed partial
    rows; ``record`` appends each named local checkpoint's progress as a partial row."""
    from ..studies.motifs import checkpoint_progress
    from ..studies.unfinished import UNFINISHED_LOG, record_unfinished, unfinished_row

    files = store.local_checkpoints()
    if store.cache is None:
        print("the local place is off (LOWDIAM_CACHE=off): no local checkpoints", file=sys.stderr)
    elif not files:
        print(f"no local checkpoints in {store.cache / 'checkpoints'}")
    else:
        print("## local checkpoints (newest first)\n")
        print("| checkpoint | run | saved (UTC) | cycle | packets delivered | share |")
        print("|---|---|---|---:|---:|---:|")
    rows, unnamed = [], []
    for path in files:
        p = checkpoint_progress(path)
        row = unfinished_row(p)
        rows += [row] if row else []
        unnamed += [path] if row is False else []
        print(f"| {path.stem[:12]} | {p['run'] or '(not named: saved before runs were named)'} | {p['saved_at']} | "
              f"{p['cycle']:,} | {p['packets_delivered']:,} of {p['packets_delivered'] + p['packets_left']:,} | "
              f"{p['share_delivered']:.1%} |")
    if record and files:
        new = record_unfinished(rows, root=store.root)
        print(f"\nrecorded {len(new)} new partial row(s) of {len(rows)} named run(s) in "
              f"{store.root / 'paper' / '07_motifs' / (UNFINISHED_LOG + '.csv')}")
        for path in unnamed:
            print(f"not recorded (its settings are not all beside it): {path.name}", file=sys.stderr)
    partial = store.partial_rows()
    print(f"\n## committed partial rows: {len(partial)}\n")
    if partial:
        print("| log | row | cycle reached |")
        print("|---|---|---:|")
        for r in partial:
            what = ", ".join(f"{k}={r[k]}" for k in ("key", "case", "network", "routing", "label", "load")
                             if r.get(k) not in (None, ""))
            print(f"| {r['log']} | {what} | {r['cycle_reached']:,} |")
    return 0


def _migrate(root: Path, check: bool) -> int:
    from .migrate import legacy_logs, migrate_all

    if check:
        legacy = legacy_logs(root)
        for p in legacy:
            print(f"to migrate: {p}")
        print(f"{len(legacy)} log(s) predate the row schema")
        return 1 if legacy else 0
    done = migrate_all(root)
    for p in done:
        print(f"migrated: {p}")
    print(f"{len(done)} log(s) migrated")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.results",
                                 description="The results store: committed logs (results/paper) and the local "
                                             "cache, read and kept in order.")
    ap.add_argument("--root", default=None, help="results folder (default: lowdiam.paths.results_dir())")
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("status", help="every committed log: rows done / partial, compute time, schema")
    sub.add_parser("index", help="rewrite <root>/paper/README.md, the index of recorded data")
    c = sub.add_parser("checkpoints", help="local checkpoints and committed partial rows")
    c.add_argument("--record", action="store_true", help="append each named local checkpoint as a partial row")
    c.add_argument("cache", nargs="?", default=None, help="cache folder (default: LOWDIAM_CACHE or .cache)")
    m = sub.add_parser("migrate", help="rewrite logs of the old schema (lossless, checked)")
    m.add_argument("--check", action="store_true", help="only list them (exit 1 if any)")
    args = ap.parse_args(argv)
    store = Store(args.root, cache=getattr(args, "cache", None))
    if args.command == "status":
        return _status(store)
    if args.command == "index":
        from .index import write_status

        print("wrote", write_status(store.root))
        return 0
    if args.command == "checkpoints":
        return _checkpoints(store, args.record)
    return _migrate(store.root, args.check)


if __name__ == "__main__":  # pragma: no cover - command line
    raise SystemExit(main(sys.argv[1:]))
