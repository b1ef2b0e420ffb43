"""What a cold compile of the simulator's kernels costs (issue 53, item 4): the guards that keep it down.

* A fresh clone's first process (the generated dispatch files do not exist when ``lowdiam.sim`` is imported)
  caches its kernels in the folder every later process uses.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

from lowdiam import sim
from lowdiam.sim import kernel_cache
from lowdiam.sim.routings import codegen

ROOT = Path(__file__).resolve().parents[1]


def test_a_fresh_clones_first_process_fingerprints_as_the_next_ones(tmp_path):
    """Without the generated dispatch files (a fresh clone), the fingerprint read before ``codegen.write`` and
    the one read after it in the same process: the second is what a fresh reading (a later process) gives.

    A memo of each file's imports that remembered only the files that existed left the generated ones out for
    the rest of the first process, so its BookSim kernels compiled into a folder no later process used."""
    pkg = Path(sim.__file__).resolve().parent
    copy = tmp_path / "sim"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__", *codegen.GENERATED))
    for group in ("booksim", "ideal"):
        kernel_cache.source_fingerprint(copy, group)  # read while the generated files are missing
    codegen.write(copy / "routings")
    in_process = {g: kernel_cache.source_fingerprint(copy, g) for g in kernel_cache.GROUPS}
    kernel_cache._IMPORTS.clear()
    kernel_cache._FINGERPRINTS.clear()
    fresh = {g: kernel_cache.source_fingerprint(copy, g) for g in kernel_cache.GROUPS}
    assert in_process == fresh
    assert fresh == {g: kernel_cache.source_fingerprint(pkg, g) for g in kernel_cache.GROUPS}
    dispatch = {p.name for p in kernel_cache.kernel_sources(copy, group="booksim")}
    assert set(codegen.GENERATED) <= dispatch


def test_bench_compile_copies_lib_without_the_generated_files():
    spec = importlib.util.spec_from_file_location("bench_compile", ROOT / "benchmarks" / "bench_compile.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert tuple(bench.GENERATED) == tuple(codegen.GENERATED)
