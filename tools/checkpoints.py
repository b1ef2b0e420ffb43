"""How far the interrupted (or running) motif runs have come, from their checkpoints in the disk cache.

A paper-scale motif run of notebook 07 takes hours and saves its state every 10 minutes to
``<cache>/checkpoints/<key>.npz`` (:func:`lowdiam.studies.motifs.motif_row`); the next run of the same
configuration resumes from it.  Its progress bar counts whole messages, which in an all-to-all complete only
near the end, so this reads the packets delivered instead (:func:`lowdiam.studies.motifs.checkpoint_progress`).

Usage: ``python tools/checkpoints.py [CACHE_DIR]`` (default: the cache ``LOWDIAM_CACHE`` or the project's
``.cache``); prints a markdown table, newest first.
"""

from __future__ import annotations

import sys
from pathlib import Path

from lowdiam.cache import cache_dir
from lowdiam.studies.motifs import checkpoint_progress


def main(argv: list[str]) -> int:
    root = Path(argv[0]) if argv else cache_dir()
    if root is None:
        print("the disk cache is off (LOWDIAM_CACHE=off): no checkpoints", file=sys.stderr)
        return 1
    files = sorted((root / "checkpoints").glob("*.npz"), key=lambda p: p.stat().st_mtime, reverse=True)
    if not files:
        print(f"no checkpoints in {root / 'checkpoints'}")
        return 0
    print("| checkpoint | run | saved (UTC) | cycle | packets delivered | share |")
    print("|---|---|---|---:|---:|---:|")
    for path in files:
        p = checkpoint_progress(path)
        print(f"| {path.stem[:12]} | {p['run'] or '(not named: saved before runs were named)'} | {p['saved_at']} | "
              f"{p['cycle']:,} | {p['packets_delivered']:,} of {p['packets_delivered'] + p['packets_left']:,} | "
              f"{p['share_delivered']:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
