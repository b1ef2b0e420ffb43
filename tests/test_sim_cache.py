"""numba cache of the simulator kernels: one folder per version of the sim/ sources, nothing deleted."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from lowdiam import sim
from lowdiam.sim import kernel_cache
from lowdiam.sim.kernel_cache import GROUPS, kernel_cache_dir, kernel_sources, source_fingerprint, source_stamp


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
    for name in ("driver.py", "results.py", "booksim/run_control.py", "request.py", "kernel_cache.py"):
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

def test_every_kernel_caches_in_its_groups_versioned_folder_and_numba_config_is_restored():
    from numba.core import config

    from lowdiam.sim import kernel_cache
    from lowdiam.sim.booksim.kernel import _run_kernel as run_kernel  # the compiled kernel (run_kernel picks its entry)
    from lowdiam.sim.caminos.kernel import run as caminos_run
    from lowdiam.sim.ideal.cut_through import run_cut_through
    from lowdiam.sim.ideal.wormhole import run_wormhole
    from lowdiam.sim.routings.polarstar_min import polarstar_arc

    assert kernel_cache.LOCATOR_INSTALLED
    for f, group in [(run_cut_through, "ideal"), (run_wormhole, "ideal"), (polarstar_arc, "common"),
                     (run_kernel, "booksim"), (caminos_run, "caminos")]:
        assert f._cache._cache_path.startswith(str(kernel_cache.kernel_cache_dir(group=group)) + "/"), f
        assert isinstance(f._cache._impl.locator, kernel_cache.KernelCacheLocator)
    assert config.CACHE_DIR != str(sim.KERNEL_CACHE_DIR)  # other packages' functions keep numba's own choice


def test_the_cache_path_follows_the_sources_content_not_where_they_live(tmp_path):
    # the compiled markers sit in the group folder, named by content; the kernels' subfolder must not depend on the
    # tree's absolute path, or a second clone sharing NUMBA_CACHE_DIR finds the markers and compiles silently
    from lowdiam.sim import kernel_cache
    from lowdiam.sim.booksim.kernel import _run_kernel as run_kernel  # the compiled kernel (run_kernel picks its entry)
    from lowdiam.sim.routings.polarstar_min import polarstar_arc

    trees = [tmp_path / "a" / "lowdiam" / "sim", tmp_path / "clone elsewhere" / "lowdiam" / "sim"]
    got = {kernel_cache.cache_subfolder(t / "routings" / "ugal.py", package_dir=t) for t in trees}
    assert got == {"sim-routings"}
    assert run_kernel._cache._cache_path == str(kernel_cache.kernel_cache_dir(group="booksim") / "sim-booksim")
    assert polarstar_arc._cache._cache_path == str(kernel_cache.kernel_cache_dir(group="common") / "sim-routings")


def test_the_locator_declines_functions_of_other_packages(tmp_path, monkeypatch):
    import importlib

    from lowdiam.sim import kernel_cache

    (tmp_path / "elsewhere_mod.py").write_text("from numba import njit\n\n\n@njit(cache=True)\ndef f(x):\n"
                                               "    return x + 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    f = importlib.import_module("elsewhere_mod").f
    assert not isinstance(f._cache._impl.locator, kernel_cache.KernelCacheLocator)
    assert "lowdiam-sim" not in f._cache._cache_path


def _copy_package(tmp_path):
    pkg = Path(sim.__file__).resolve().parent
    copy = tmp_path / "sim"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__"))
    return copy


def _folders(copy, base):
    return {g: kernel_cache_dir(copy, base=base, group=g) for g in GROUPS}


def test_each_router_model_has_its_own_folder_and_an_edit_to_one_model_keeps_the_others(tmp_path):
    copy, base = _copy_package(tmp_path), tmp_path / "cache"
    before = _folders(copy, base)
    assert len(set(before.values())) == len(GROUPS)
    assert {f.name.rsplit("-", 1)[0] for f in before.values()} == {f"lowdiam-sim-{g}" for g in GROUPS}
    kernel = copy / "caminos" / "kernel.py"
    kernel.write_text(kernel.read_text() + "\n# edited\n")
    after = _folders(copy, base)
    assert {g for g in GROUPS if after[g] != before[g]} == {"caminos"}
    kernel = copy / "booksim" / "kernel.py"
    kernel.write_text(kernel.read_text() + "\n# edited\n")
    again = _folders(copy, base)
    assert {g for g in GROUPS if again[g] != after[g]} == {"booksim"}
    ugal = copy / "routings" / "ugal.py"  # a shared routing: its entries (common), not the kernels that call them
    ugal.write_text(ugal.read_text() + "\n# edited\n")
    last = _folders(copy, base)
    assert {g for g in GROUPS if last[g] != again[g]} == {"common"}
    # the kernels reach the routings through routings/dispatch.py, which the fingerprints skip: it must define
    # nothing a kernel could inline
    assert not kernel_cache._NUMBA_DEF.search((copy / "routings" / "dispatch.py").read_text())
    rng = copy / "rng.py"  # inlined by every model
    rng.write_text(rng.read_text() + "\n# edited\n")
    assert all(v != last[g] for g, v in _folders(copy, base).items())


def test_a_touch_keeps_every_folder_and_stamp_and_a_content_edit_changes_them(tmp_path):
    import os

    copy, base = _copy_package(tmp_path), tmp_path / "cache"
    files = sorted(copy.rglob("*.py"))
    before, stamps = _folders(copy, base), {f: source_stamp(f) for f in files}
    for f in files:  # what a checkout that leaves the content alone does
        os.utime(f, ns=(f.stat().st_atime_ns, f.stat().st_mtime_ns + 10**9))
    assert _folders(copy, base) == before
    assert {f: source_stamp(f) for f in files} == stamps
    rng = copy / "rng.py"
    size = rng.stat().st_size
    rng.write_text(rng.read_text().replace("Lemire's", "Lemira's", 1))  # same size, other content
    assert rng.stat().st_size == size
    assert source_stamp(rng) != stamps[rng]
    assert all(v != before[g] for g, v in _folders(copy, base).items())  # every model reads rng.py


_CACHED_RUN = r"""
import json
import numpy as np
import lowdiam.sim
from lowdiam.sim.booksim import paths
D = np.array([[0, 1, 2], [1, 0, 1], [2, 1, 0]], np.uint8)
nh = paths._anynet(D, np.array([0, 1, 3, 4]), np.array([1, 0, 2, 1]))
st = paths._anynet.stats
print(json.dumps({"file": lowdiam.sim.__file__, "hits": sum(st.cache_hits.values()),
                  "misses": sum(st.cache_misses.values()), "path": paths._anynet._cache._cache_path,
                  "nh": nh.tolist()}))
"""


def test_numba_keeps_the_compiled_code_across_a_touch_and_recompiles_after_an_edit(tmp_path):
    """End to end through numba's cache, on a small kernel of a copy of the package (seconds, not minutes)."""
    import json
    import os

    lib = tmp_path / "lib"
    shutil.copytree(Path(sim.__file__).resolve().parents[1], lib / "lowdiam",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {"NUMBA_CACHE_DIR": str(tmp_path / "numba"), "PATH": "/usr/bin:/bin", "PYTHONPATH": str(lib)}

    def run():
        out = subprocess.run([sys.executable, "-c", _CACHED_RUN], capture_output=True, text=True, check=True,
                             env=env)
        res = json.loads(out.stdout.strip().splitlines()[-1])
        assert res["file"].startswith(str(lib)) and res["nh"] == [[-1, 0, 0], [0, -1, 1], [0, 0, -1]]
        return res

    first = run()
    assert (first["hits"], first["misses"]) == (0, 1)
    second = run()
    assert (second["hits"], second["misses"]) == (1, 0)
    for f in (lib / "lowdiam" / "sim").rglob("*.py"):
        os.utime(f, ns=(f.stat().st_atime_ns, f.stat().st_mtime_ns + 10**9))
    touched = run()
    assert (touched["hits"], touched["misses"], touched["path"]) == (1, 0, first["path"])
    kernel = lib / "lowdiam" / "sim" / "caminos" / "kernel.py"  # another model's kernel: not this one's
    kernel.write_text(kernel.read_text() + "\n# edited\n")
    other = run()
    assert (other["hits"], other["misses"], other["path"]) == (1, 0, first["path"])
    paths = lib / "lowdiam" / "sim" / "booksim" / "paths.py"
    paths.write_text(paths.read_text() + "\n# edited\n")
    edited = run()
    assert (edited["hits"], edited["misses"]) == (0, 1) and edited["path"] != first["path"]


def test_cache_folder_follows_numba_cache_dir(tmp_path):
    code = "import lowdiam.sim as s; print(s.KERNEL_CACHE_DIR)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"NUMBA_CACHE_DIR": str(tmp_path), "PATH": "/usr/bin:/bin",
                              "PYTHONPATH": str(Path(sim.__file__).resolve().parents[2])})
    assert Path(out.stdout.strip()).parent == tmp_path
    # the group folders of the modules imported (decorating a function makes its folder); nothing else
    assert all(f.name.startswith("lowdiam-sim-") for f in tmp_path.iterdir())


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
    assert len(bk._run_kernel.signatures) == 1, bk._run_kernel.signatures
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


def test_the_compile_note_is_one_line_that_ends_with_the_time(tmp_path, monkeypatch, capsys):
    import re

    from lowdiam.sim import kernel_cache

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    with kernel_cache.noting_compilation("ideal", "unit-test"):
        pass
    err = capsys.readouterr().err
    assert re.fullmatch(r"lowdiam: compiling the 'ideal' simulator kernels \(the unit-test kernel of "
                        r"lowdiam\.sim\.ideal[^\n]*cached in [^\n]*lowdiam-sim-ideal-[0-9a-f]{16}\) \.\.\. "
                        r"done: 0 numba function specialisations compiled, run finished in [0-9.]+ s\n", err), err
    assert (kernel_cache.model_cache_dir("ideal") / ".compiled-ideal-unit-test").exists()
    kernel_cache._NOTED.discard("ideal-unit-test")
    with kernel_cache.noting_compilation("ideal", "unit-test"):  # compiled: no note
        pass
    assert capsys.readouterr().err == ""
