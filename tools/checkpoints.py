"""How far the interrupted (or running) motif runs have come, from their checkpoints in the disk cache.

A paper-scale motif run of notebook 07 takes hours and saves its state every 10 minutes to
``<cache>/checkpoints/<key>.npz`` (:func:`lowdiam.studies.motifs.motif_row`); the next run of the same
configuration resumes from it.  Its progress bar counts whole messages, which in an all-to-all complete only
near the end, so this reads the packets delivered instead (:func:`lowdiam.studies.motifs.checkpoint_progress`).

Usage: ``python tools/checkpoints.py [--record] [CACHE_DIR]`` (default: the cache ``LOWDIAM_CACHE`` or the
project's ``.cache``); prints a markdown table, newest first.  With ``--record`` it also appends each named run's
progress to the committed log ``results/paper/07_motifs/unfinished_runs.csv``
(:func:`lowdiam.studies.unfinished.record_unfinished`): a lower bound on the run's completion that notebook 07's
claims may use on another machine, where the checkpoint is not.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lowdiam.cache import cache_dir
from lowdiam.studies.motifs import checkpoint_files, checkpoint_progress
from lowdiam.studies.unfinished import UNFINISHED_LOG, record_unfinished, unfinished_row


def main(argv: list[str]) -> int:
    record = "--record" in argv
    argv = [a for a in argv if a != "--record"]
    if len(argv) > 1 or any(a.startswith("-") for a in argv):
        print("usage: python tools/checkpoints.py [--record] [CACHE_DIR]", file=sys.stderr)
        return 2
    root = Path(argv[0]) if argv else cache_dir()
    if root is None:
        print("the disk cache is off (LOWDIAM_CACHE=off): no checkpoints", file=sys.stderr)
        return 1
    files = sorted(checkpoint_files(root / "checkpoints"), key=lambda p: p.stat().st_mtime, reverse=True)
    if not files:
        print(f"no checkpoints in {root / 'checkpoints'}")
        return 0
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
    if record:
        new = record_unfinished(rows)
        print(f"\nrecorded {len(new)} new row(s) of {len(rows)} named run(s) in "
              f"results/paper/07_motifs/{UNFINISHED_LOG}.csv")
        for path in unnamed:
            print(f"not recorded (its settings are not all beside it): {path.name}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
