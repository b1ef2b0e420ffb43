"""``python -m lowdiam.sim compile [MODEL ...] [--processes N]``: compile the simulator kernels ahead of a run.

On a cold numba cache (a fresh clone) the first run of each router model compiles its kernels for a minute or
more; :func:`lowdiam.sim.kernel_cache.compile_models` compiles all of them at once on every core, so that the
processes started afterwards (``make test``'s workers, a sweep's) load them instead of compiling or waiting.
"""

from __future__ import annotations

import argparse
import sys

from .kernel_cache import WARM_UP, compile_models


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lowdiam.sim", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    comp = sub.add_parser("compile", help="compile the kernels of router models not cached yet")
    comp.add_argument("models", nargs="*", metavar="MODEL", help=f"router models (default: all of {sorted(WARM_UP)})")
    comp.add_argument("--processes", type=int, default=None, help="worker processes (default: every core)")
    args = parser.parse_args(argv)
    try:
        done = compile_models(args.models or None, processes=args.processes)
    except ValueError as exc:
        parser.error(str(exc))
    for name, flow_control, cold, seconds in done:
        print(f"{name} ({flow_control}): {'compiled' if cold else 'cached already'}, {seconds:.1f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
