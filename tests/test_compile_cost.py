"""What a cold compile of the simulator's kernels costs (issue 53, item 4): the guards that keep it down.

* The composite routings (Valiant, UGAL, NAG, NAR, NAL) reach the minimal routings' chain through
  ``inner_hop``, one separately compiled copy, not by inlining the chain (two or three times each): that was most
  of the BookSim model's cold compile (``docs/benchmarks.md``, "Compile time").
* A fresh clone's first process (the generated dispatch files do not exist when ``lowdiam.sim`` is imported)
  caches its kernels in the folder every later process uses.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import shutil
from pathlib import Path

import pytest

from lowdiam import sim
from lowdiam.sim import kernel_cache
from lowdiam.sim.routings import REGISTRY, codegen

ROOT = Path(__file__).resolve().parents[1]
ROUTINGS_DIR = Path(sim.__file__).resolve().parent / "routings"


def _calls(path: Path) -> set[str]:
    """Names of the functions ``path`` calls by a bare name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def test_no_routing_module_inlines_the_minimal_chain():
    """Only the generated dispatch calls the inlined ``minimal_hop``; composite routings call ``inner_hop``."""
    offenders = [p.name for p in sorted(ROUTINGS_DIR.glob("*.py"))
                 if p.name not in codegen.GENERATED and "minimal_hop" in _calls(p)]
    assert offenders == []
    composite = {"valiant.py", "ugal.py", "nag.py", "nar.py", "nal.py", "threshold.py"}
    assert all("inner_hop" in _calls(ROUTINGS_DIR / name) for name in composite)


def test_inner_hop_is_one_separately_compiled_function():
    text = codegen.render()["_hop_chain.py"]
    assert '@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state\ndef _inner_hop(' in text
    assert '@njit(cache=True, inline="always")\ndef inner_hop(' in text
    assert '@njit(cache=True, inline="always")\ndef minimal_hop(' in text
    # the composites' default inner routing is inlined (no call on their common path), the others are called
    assert codegen.INLINED_INNER == "min" and "inner" in REGISTRY["ugal"].defaults
    assert REGISTRY["ugal"].defaults["inner"] == codegen.INLINED_INNER
    body = text[text.index("def inner_hop("):]
    assert "    if code == 0:  # min, inlined\n        return _min.hop(c, t, tabs, net, rs)\n" in body
    assert "    return _inner_hop(np.int64(code), np.int64(c)" in body
    # a minimal routing's entry inlines its own hop (one call per hop: the kernel's, through the entry)
    entries = codegen.render()["_entries.py"]
    assert "    return np.int64(checked(_min.hop(c, dst_r, tabs, net, rs), vc_next, tabs.hop_classes))" in entries
    assert "minimal_hop" not in entries and "if code ==" not in entries  # no chain on the routing code


def test_the_inlined_inner_routing_must_be_a_minimal_one(monkeypatch):
    monkeypatch.setattr(codegen, "INLINED_INNER", "valiant")
    with pytest.raises(ValueError, match=r"INLINED_INNER = 'valiant' must name a minimal routing, one of \[.*'min'"):
        codegen.render()


def test_inner_hop_has_one_specialisation_whatever_the_caller():
    """The composite routings pass router numbers of several integer types: ``inner_hop`` casts them, so
    the chain compiles once.  (Runs composite routings on the BookSim model, their inner routing inlined and
    called; compiles on an empty cache.)"""
    from lowdiam.sim.booksim import run_booksim
    from lowdiam.sim.routings import _hop_chain
    from lowdiam.topologies import slimfly

    top = slimfly(5).with_endpoints(2)
    runs = {}
    for routing, options in (("valiant", None), ("ugal", None), ("nag", None), ("ugal", {"inner": "min-single"}),
                             ("valiant", {"inner": "source-min"})):
        r = run_booksim(top, routing, "uniform", 0.2, warmup_cycles=50, measure_cycles=100, seed=1,
                        routing_options=options)
        runs[routing, str(options)] = r.accepted_load
    assert all(a > 0 for a in runs.values())
    # every specialisation takes int64 router numbers and hop index, whatever the caller passed; the tables'
    # array types may add specialisations of their own (another test in this process may have run a network
    # whose distance table is wider: a fresh-clone `make test` under xdist saw two), never the integer types
    sigs = _hop_chain._inner_hop.signatures  # empty when loaded with the kernel from the cache
    from numba import types

    assert all(all(t == types.int64 for t in sig[:4]) for sig in sigs), sigs
    assert len({sig[4:] for sig in sigs}) == len(sigs), "two specialisations differ only in integer types"


def test_every_composite_routing_is_one_that_reads_an_inner_routing():
    """The composites named above are the routings with an ``inner`` option (a new one copies their pattern)."""
    with_inner = {r.name for r in REGISTRY.values() if "inner" in r.defaults}
    assert with_inner == {"valiant", "ugal", "nag", "nar", "nal"}


def test_a_fresh_clones_first_process_fingerprints_as_the_next_ones(tmp_path):
    """Without the generated dispatch files (a fresh clone), the fingerprint read before ``codegen.write`` and
    the one read after it in the same process: the second is what a fresh reading (a later process) gives.

    A memo of each file's imports that remembered only the files that existed left the generated ones out for
    the rest of the first process, so its BookSim kernels compiled into a folder no later process used."""
    pkg = Path(sim.__file__).resolve().parent
    copy = tmp_path / "sim"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__", *codegen.GENERATED))
    for group in ("booksim", "ideal", "common"):
        kernel_cache.source_fingerprint(copy, group)  # read while the generated files are missing
    codegen.write(copy / "routings")
    in_process = {g: kernel_cache.source_fingerprint(copy, g) for g in kernel_cache.GROUPS}
    kernel_cache._IMPORTS.clear()
    kernel_cache._FINGERPRINTS.clear()
    fresh = {g: kernel_cache.source_fingerprint(copy, g) for g in kernel_cache.GROUPS}
    assert in_process == fresh
    assert fresh == {g: kernel_cache.source_fingerprint(pkg, g) for g in kernel_cache.GROUPS}
    dispatch = {p.name for p in kernel_cache.kernel_sources(copy, group="common")}  # the routings' entries' group
    assert set(codegen.GENERATED) <= dispatch


def test_bench_compile_copies_lib_without_the_generated_files():
    spec = importlib.util.spec_from_file_location("bench_compile", ROOT / "benchmarks" / "bench_compile.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    assert tuple(bench.GENERATED) == tuple(codegen.GENERATED)


def test_one_process_compiles_a_cold_cache_the_others_wait_and_load_it(tmp_path, monkeypatch):
    """compile_once: the warm-up runs under an exclusive lock, once; a process that finds the lock taken waits and,
    once the holder has marked the kernels compiled, runs no warm-up of its own."""
    import subprocess
    import sys
    import time

    from lowdiam.sim import kernel_cache as KC

    monkeypatch.setattr(KC, "model_cache_dir", lambda name: tmp_path)
    warmed = []
    monkeypatch.setattr(KC, "_warm_up", lambda name, fc: (warmed.append((name, fc)), KC.mark_compiled(name, tmp_path,
                                                                                                       fc)))
    monkeypatch.setattr(KC, "_WARMED", set())
    # another process holds the lock for a while, then marks the kernels compiled
    lock = tmp_path / ".compile-booksim-wormhole.lock"
    holder = subprocess.Popen([sys.executable, "-c", (
        "import fcntl, pathlib, sys, time\n"
        f"fh = open({str(lock)!r}, 'a'); fcntl.flock(fh, fcntl.LOCK_EX); print('locked', flush=True)\n"
        f"time.sleep(1.0); pathlib.Path({str(tmp_path / '.compiled-booksim-wormhole')!r}).touch()\n")],
        stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline().strip() == "locked"
    t0 = time.perf_counter()
    KC.compile_once("booksim", "wormhole")
    assert time.perf_counter() - t0 >= 0.5 and warmed == []  # waited, then found them compiled
    holder.wait(timeout=30)
    # a cold cache nobody holds: this process warms up, once
    KC.compile_once("ideal", "vct")
    KC.compile_once("ideal", "vct")
    assert warmed == [("ideal", "vct")] and KC.compile_note("ideal", tmp_path, "vct") is None
    # a model without a warm-up: nothing
    KC.compile_once("nosuchmodel", None)
    assert warmed == [("ideal", "vct")]


def test_compile_ahead_leaves_the_models_compiled_and_refuses_unknown_ones():
    """``python -m lowdiam.sim compile`` (``make test`` runs it before pytest): afterwards a model's kernels are
    marked compiled, so the next process's first run neither compiles nor waits on the lock."""
    import subprocess
    import sys

    from lowdiam.sim import kernel_cache as KC

    done = subprocess.run([sys.executable, "-m", "lowdiam.sim", "compile", "caminos", "--processes", "1"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"^caminos \(vct\): (compiled|cached already), [0-9.]+ s$", done.stderr, re.M), done.stderr
    assert KC.compile_note("caminos", flow_control="vct") is None
    bad = subprocess.run([sys.executable, "-m", "lowdiam.sim", "compile", "bookism"], capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and "unknown router model 'bookism'; choose from ['booksim', 'caminos', 'ideal']" in \
        bad.stderr


_ENTRIES_PROBE = r"""
import json
from lowdiam.sim import simulate
from lowdiam.sim.booksim import kernel as K
from lowdiam.sim.ideal import cut_through as CT
from lowdiam.sim.routings import _entries as D
from lowdiam.topologies import slimfly

def loaded():
    return sorted(n for n, f in vars(D).items() if n.startswith(("hop_", "setup_")) and f.overloads)

def specialisations():
    return sorted({len(f.overloads) for n, f in vars(D).items() if n.startswith(("hop_", "setup_")) and f.overloads})

top = slimfly(5).with_endpoints(2)
out = {}
for routing in ("min", "ugal", "valiant"):
    simulate(top, routing, "uniform", 0.1, warmup_cycles=30, measure_cycles=30, seed=1)
    out[routing] = loaded()
out["kernels"] = len(K._run_kernel.signatures)
for routing in ("ugal", "nag"):
    simulate(top, routing, "uniform", 0.1, warmup_cycles=30, measure_cycles=30, seed=1, router="ideal")
    out["ideal " + routing] = loaded()
out["ideal kernels"] = len(CT.run_cut_through.signatures)
out["specialisations"] = specialisations()
print(json.dumps(out))
"""


def test_a_run_loads_its_own_routings_functions_only_shared_by_both_models():
    """The kernels take the run's routing as first-class functions (routings.dispatch.kernel_entry): one kernel
    specialisation serves every routing, and a process that ran ``min``, then ``ugal``, then ``valiant`` on the
    BookSim model compiled (or loaded) the entries of those routings only.  The ideal model's runs then reuse them
    (same records' types, one specialisation of each entry) and add only the routings it had not run (``nag``)."""
    import json
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-c", _ENTRIES_PROBE], capture_output=True, text=True, timeout=900,
                         cwd=ROOT)
    assert res.returncode == 0, res.stderr[-3000:]
    got = json.loads(res.stdout.strip().splitlines()[-1])
    assert got["min"] == ["hop_none", "setup_none"]  # min routes inside the BookSim kernel
    assert got["ugal"] == ["hop_none", "hop_ugal", "setup_none", "setup_ugal"]
    assert got["valiant"] == ["hop_none", "hop_ugal", "hop_valiant", "setup_none", "setup_ugal", "setup_valiant"]
    assert got["kernels"] == 1
    assert got["ideal ugal"] == got["valiant"]
    assert got["ideal nag"] == sorted(got["valiant"] + ["hop_nag", "setup_nag"])
    assert got["ideal kernels"] == 1
    assert got["specialisations"] == [1]  # both models' runs share each entry's one compiled copy


def test_compile_ahead_compiles_every_shared_routing_once():
    """``python -m lowdiam.sim compile booksim ideal --processes 2``: the kernels, and every shared routing's own
    functions (a run compiles its routing's on first use, so processes started after the compile-ahead would compile
    them each), all marked. The ideal model's wormhole kernel gives the routings' signatures (it compiles sooner than
    BookSim's), and one job per worker compiles a part of them ("routings 1/2", "routings 2/2")."""
    import subprocess
    import sys

    from lowdiam.sim import kernel_cache as KC
    from lowdiam.sim.routings.dispatch import ENTRIES, routing_name

    models, processes, parts = ["booksim", "ideal"], 2, ["ideal (routings 1/2)", "ideal (routings 2/2)"]
    done = subprocess.run([sys.executable, "-m", "lowdiam.sim", "compile", *models, "--processes", str(processes)],
                          capture_output=True, text=True, check=False, timeout=1200)
    assert done.returncode == 0, done.stderr[-2000:]
    assert re.search(r"^booksim \(wormhole\): (compiled|cached already), [0-9.]+ s$", done.stderr, re.M)
    for part in parts:
        assert re.search(rf"^{re.escape(part)}: (compiled|cached already), [0-9.]+ s$", done.stderr, re.M), part
    assert len(re.findall(r"\(routings ", done.stderr)) == len(parts)
    names = {routing_name(hop) for hop, _ in ENTRIES.values()}
    assert len(names) == len(ENTRIES) and all(KC.routing_marked(n) for n in names), names


def test_compile_routings_names_the_models_that_run_the_shared_routings():
    from lowdiam.sim.routings._entries import hop_min_single
    from lowdiam.sim.routings.dispatch import compile_routings, routing_name

    with pytest.raises(ValueError, match=r"model must be 'booksim' or 'ideal' .* got 'caminos'"):
        compile_routings("caminos")
    assert routing_name(hop_min_single) == "min-single"
