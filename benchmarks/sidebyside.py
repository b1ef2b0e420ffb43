"""Two commits of lowdiam timed side by side in one run (the machinery of the ``bench_*`` scripts that compare code
versions, not a benchmark itself: ``make bench`` runs ``bench_*.py`` only).

Each side is a temporary ``git worktree`` of its commit, imported through ``PYTHONPATH`` in a subprocess with its
own numba cache, so edits made while a benchmark runs do not leak in.  Rounds alternate which side goes first, so
that load from other processes on the machine hits both alike; the per-round ratio (the two runs closest in time)
and its median are robust to load drifts.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().parent / "results"


def resolve(ref: str) -> str:
    """Short hash of ``ref`` (resolve both sides first: HEAD may move while a benchmark runs)."""
    return subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", ref], capture_output=True, text=True, check=True
    ).stdout.strip()


@contextlib.contextmanager
def worktrees(commits: dict[str, str]) -> Iterator[dict[str, tuple[Path, Path]]]:
    """``{side: (lib folder, numba cache folder)}`` of temporary worktrees of ``{side: commit}``, removed on exit."""
    with tempfile.TemporaryDirectory(prefix="lowdiam-bench-") as tmp:
        trees = {side: Path(tmp) / side for side in commits}
        for side, tree in trees.items():
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commits[side]],
                           check=True, capture_output=True)
        try:
            yield {side: (tree / "lib", Path(tmp) / f"numba-{side}") for side, tree in trees.items()}
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                               check=False, capture_output=True)


def run_side(lib: Path, cache: Path, snippet: str, argv: list[str]) -> dict:
    """Run ``snippet`` (which prints one JSON object with key ``"lowdiam"`` = ``lowdiam.__file__`` on its last line)
    against the code under ``lib``; its parsed output."""
    env = dict(os.environ, PYTHONPATH=str(lib), NUMBA_CACHE_DIR=str(cache))
    res = subprocess.run([sys.executable, "-c", snippet, *argv], env=env, capture_output=True, text=True, check=True)
    out = json.loads(res.stdout.strip().splitlines()[-1])
    if not out["lowdiam"].startswith(str(lib)):
        raise RuntimeError(f"subprocess imported {out['lowdiam']}, not the code under {lib}")
    return out


def alternate(sides: dict[str, tuple[Path, Path]], snippet: str, argv: list[str], reps: int,
              report: Callable[[int, str, dict], None]) -> dict[str, list[dict]]:
    """``reps`` rounds of both sides, alternating which goes first; ``{side: [output of each round]}``."""
    names = list(sides)
    outs: dict[str, list[dict]] = {side: [] for side in names}
    for rnd in range(reps):
        for side in names if rnd % 2 == 0 else names[::-1]:
            out = run_side(*sides[side], snippet, argv)
            outs[side].append(out)
            report(rnd, side, out)
    return outs


def paired_ratio(current: list[float], base: list[float]) -> float:
    """Median over rounds of current / base."""
    return statistics.median(c / b for c, b in zip(current, base))


def cli(argv, description: str, base: str, base_help: str, reps: int, cycles: tuple[int, int],
        quick_cycles: tuple[int, int]):
    """The options every side-by-side benchmark takes (--reps, --quick, --base, --current): the parsed arguments,
    the warm-up and measured cycles, and both commits resolved (``{"base": hash, "current": hash}``)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--reps", type=int, default=reps, help=f"alternating rounds (default {reps})")
    ap.add_argument("--quick", action="store_true",
                    help=f"{quick_cycles[0]} + {quick_cycles[1]} cycles instead of {cycles[0]} + {cycles[1]}")
    ap.add_argument("--base", default=base, help=f"{base_help} (default {base})")
    ap.add_argument("--current", default="HEAD", help="commit to compare (default HEAD)")
    args = ap.parse_args(argv)
    warm, meas = quick_cycles if args.quick else cycles
    RESULTS.mkdir(parents=True, exist_ok=True)
    return args, warm, meas, {"base": resolve(args.base), "current": resolve(args.current)}


def timed(commits: dict[str, str], snippet: str, warm: int, meas: int, reps: int,
          report: Callable[[int, str, dict], None]) -> dict[str, list[dict]]:
    """:func:`alternate` over temporary worktrees of ``commits``, the snippet given the cycles as arguments."""
    with worktrees(commits) as sides:
        return alternate(sides, snippet, [str(warm), str(meas)], reps, report)
