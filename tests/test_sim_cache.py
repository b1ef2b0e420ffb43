"""numba cache of the simulator kernels: one folder per version of the sim/ sources, nothing deleted."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from lowdiam import sim
from lowdiam.sim.kernel_cache import kernel_cache_dir, kernel_sources, source_fingerprint


def test_editing_a_helper_selects_another_cache_folder(tmp_path):
    pkg = Path(sim.__file__).resolve().parent
    copy = tmp_path / "sim"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert source_fingerprint(copy) == source_fingerprint(pkg)
    before = kernel_cache_dir(copy, base=tmp_path / "cache")
    rng = copy / "rng.py"  # inlined into every kernel from another module
    rng.write_text(rng.read_text().replace("Lemire's multiply-shift", "Lemire's multiply-shift (edited)"))
    after = kernel_cache_dir(copy, base=tmp_path / "cache")
    assert after != before and after.parent == before.parent
    sub = copy / "routings" / "polarstar_min.py"  # a module in a subpackage counts too
    sub.write_text(sub.read_text() + "\n")
    assert kernel_cache_dir(copy, base=tmp_path / "cache") not in (before, after)



def test_editing_a_module_no_kernel_reads_keeps_the_cache_folder(tmp_path):
    pkg = Path(sim.__file__).resolve().parent
    copy = tmp_path / "sim"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = kernel_cache_dir(copy, base=tmp_path / "cache")
    for name in ("driver.py", "results.py", "booksim/run_control.py", "request.py"):
        f = copy / name
        f.write_text(f.read_text() + "\n# edited\n")
        assert kernel_cache_dir(copy, base=tmp_path / "cache") == before, name
    # a constant module a kernel imports (numba freezes its globals) does count
    traffic = copy / "traffic.py"
    traffic.write_text(traffic.read_text() + "\n# edited\n")
    assert kernel_cache_dir(copy, base=tmp_path / "cache") != before
    # a new module that defines a numba function counts, and so does what it imports
    (copy / "extra_consts.py").write_text("K = 3\n")
    (copy / "extra.py").write_text("from numba import njit\nfrom .extra_consts import K\n\n\n"
                                   "@njit\ndef f():\n    return K\n")
    middle = kernel_cache_dir(copy, base=tmp_path / "cache")
    (copy / "extra_consts.py").write_text("K = 4\n")
    assert kernel_cache_dir(copy, base=tmp_path / "cache") != middle
    assert {"extra.py", "extra_consts.py"} <= {p.name for p in kernel_sources(copy)}

def test_every_kernel_caches_in_the_versioned_folder_and_numba_config_is_restored():
    from numba.core import config

    from lowdiam.sim.ideal.cut_through import run_cut_through
    from lowdiam.sim.ideal.wormhole import run_wormhole
    from lowdiam.sim.routings.polarstar_min import polarstar_arc

    folder = str(sim.KERNEL_CACHE_DIR)
    for f in (run_cut_through, run_wormhole, polarstar_arc):
        assert f._cache._cache_path.startswith(folder)
    assert config.CACHE_DIR != folder  # other packages' functions keep numba's own choice


def test_cache_folder_follows_numba_cache_dir(tmp_path):
    code = "import lowdiam.sim as s; print(s.KERNEL_CACHE_DIR)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"NUMBA_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
                              "PYTHONPATH": str(Path(sim.__file__).resolve().parents[2])})
    assert Path(out.stdout.strip()).parent == tmp_path
    assert list(tmp_path.iterdir()) in ([], [Path(out.stdout.strip())])  # nothing else written or deleted


def test_one_compiled_kernel_serves_every_routing_and_topology():
    """A read-only array (a frozen topology's, e.g. NAG's supernode labels) is another numba type than a
    writeable one: it used to compile a second specialisation of the whole kernel (minutes).  The drivers pass
    their arrays through ``kernel_cache.writable``, so each model keeps one signature."""
    from lowdiam.sim import simulate
    from lowdiam.sim.booksim import kernel as bk
    from lowdiam.sim.caminos import kernel as ck
    from lowdiam.sim.ideal.cut_through import run_cut_through
    from lowdiam.topologies import dragonfly, slimfly

    sf, df = slimfly(5).with_endpoints(2), dragonfly(4, 2, 2)
    kw = dict(traffic="uniform", load=0.1, seed=3, warmup_cycles=100, measure_cycles=200)
    for top, routing in [(sf, "min"), (sf, "nag"), (sf, "valiant"), (df, "df-min"), (df, "ugal")]:
        simulate(top, routing, **kw)
        simulate(top, routing if routing != "df-min" else "min", router="ideal", **kw)
    for top in (sf, df):
        simulate(top, "min-adaptive", router="caminos", **kw)
    assert len(bk.run_kernel.signatures) == 1, bk.run_kernel.signatures
    assert len(run_cut_through.signatures) == 1, run_cut_through.signatures
    assert len(ck.run.signatures) == 1, ck.run.signatures


def test_cache_folder_is_thread_safe():
    """Threads of an in-process Dask worker load router models at once; ast.parse is not thread-safe on
    CPython 3.11 (a 'recursion depth mismatch' SystemError in a fresh clone's test run)."""
    import threading

    from lowdiam.sim import kernel_cache

    kernel_cache._IMPORTS.clear()
    out, errors = [], []

    def work():
        try:
            out.append(kernel_cache.kernel_cache_dir())
        except Exception as exc:  # noqa: BLE001 - collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(set(out)) == 1 and out[0] == kernel_cache.kernel_cache_dir()
