"""Counting instructions instead of time: ``benchmarks/bench_booksim.py --instructions``, ``benchmarks/bench_caminos.py
--instructions``, ``benchmarks/profile_kernel.py --counter callgrind`` (and ``cachesim``) and
``benchmarks/memory_bound.py``.  Their parts that read valgrind's output
and turn counts into instructions per cycle are checked here on known inputs; the runs themselves take minutes under
valgrind and are developer tools (``make bench`` does not run them)."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest
from scripts import load_benchmark

ROOT = Path(__file__).resolve().parents[1]


_load = load_benchmark


@pytest.fixture
def bench(monkeypatch):
    return _load("bench_booksim", monkeypatch)


@pytest.fixture
def profile(monkeypatch):
    return _load("profile_kernel", monkeypatch)


def test_per_cycle_is_the_difference_of_two_runs(bench):
    short, long = {"cycles": 300, "instructions": 1_000_000}, {"cycles": 700, "instructions": 5_000_000}
    assert bench.per_cycle(short, long) == 10_000.0  # 4,000,000 more instructions for 400 more cycles
    assert math.isnan(bench.per_cycle(long, short))  # a long run no longer than the short one gives no rate
    assert math.isnan(bench.per_cycle(short, {"cycles": 700, "instructions": 1_000_000}))


def test_booksim_config_sets_the_run_length(bench, tmp_path):
    path = bench.booksim_config(str(tmp_path), "router 0 router 1\n", 0.3, 2.0, 600)
    text = path.read_text()
    assert "warmup_periods = 1;" in text and "sample_period = 300;" in text and "max_samples = 1;" in text
    assert "injection_rate = 0.30;" in text and str(tmp_path / "net.anynet") in text
    assert (tmp_path / "net.anynet").read_text() == "router 0 router 1\n"


CALLGRIND = """\
version: 1
creator: callgrind-3.22.0
positions: instr line
events: Ir
summary: 9000

ob=???
fn=0x0000000000001000
0x1000 0 5
0x1004 0 7
cfn=helper
calls=3 0x2000
0x1008 0 800
0x1008 0 2
0x3000 0 11
0x0fff 0 13
totals: 9000
"""


def test_callgrind_costs_counts_own_instructions_in_range(profile, tmp_path):
    out = tmp_path / "cg.out"
    out.write_text(CALLGRIND)
    costs, total = profile.callgrind_costs(out, 0x1000, 0x2000)
    # the line after calls= is the callee's inclusive cost (800), not an instruction of the range
    assert costs == {0: 5, 4: 7, 8: 2} and total == 9000
    out.write_text(CALLGRIND.replace("summary: 9000\n", ""))
    with pytest.raises(ValueError, match="summary"):
        profile.callgrind_costs(out, 0x1000, 0x2000)


CACHESIM = """\
version: 1
creator: callgrind-3.22.0
positions: instr line
events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw
summary: 9000 3000 1000 10 40 20 5 6 7

ob=???
fn=0x0000000000001000
0x1000 0 5 2 1 0 1 1
0x1004 0 7 3
0x1008 0 4 1 1 0 0 2 0 0 0
0x3000 0 9 9 9 9 9 9
"""


def test_callgrind_costs_sums_the_named_events(profile, tmp_path):
    """``--counter cachesim`` reads the first-level data misses (D1mr + D1mw) of each address; columns left out at the
    end of a cost line (callgrind's trailing zeros) count 0."""
    out = tmp_path / "cg.out"
    out.write_text(CACHESIM)
    costs, total = profile.callgrind_costs(out, 0x1000, 0x2000, ("D1mr", "D1mw"))
    assert costs == {0: 2, 4: 0, 8: 2} and total == 60
    costs, total = profile.callgrind_costs(out, 0x1000, 0x2000)  # Ir, the first column, as before
    assert costs == {0: 5, 4: 7, 8: 4} and total == 9000
    with pytest.raises(ValueError, match="D2mr"):
        profile.callgrind_costs(out, 0x1000, 0x2000, ("D2mr",))


def test_memory_bound_runs_smaller_networks_longer(monkeypatch):
    mb = _load("memory_bound", monkeypatch)
    assert mb.lengths(1064, 1064, 300, 1300) == (300, 1300)
    assert mb.lengths(100, 1064, 300, 1300) == (3000, 13000)  # 10 times the cycles on a tenth of the routers


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_counted_reads_valgrinds_summary(bench, tmp_path):
    """The count of a process is valgrind's own, deterministic for a deterministic program."""
    script = tmp_path / "loop.sh"
    script.write_text("i=0; while [ $i -lt 200 ]; do i=$((i+1)); done; echo done\n")
    small, out = bench.counted(["/bin/sh", str(script)], str(tmp_path))
    script.write_text("i=0; while [ $i -lt 2000 ]; do i=$((i+1)); done; echo done\n")
    large, _ = bench.counted(["/bin/sh", str(script)], str(tmp_path))
    assert out.strip() == "done" and 0 < small < large
    with pytest.raises(RuntimeError, match="under valgrind failed"):
        bench.counted(["/bin/sh", "-c", "exit 3"], str(tmp_path))


def test_attribute_and_report_by_line_and_phase(profile, capsys):
    kernel = profile.KERNELS["booksim"]
    src = kernel.read_text().splitlines()
    updates = next(i for i, t in enumerate(src, 1) if t.strip().startswith("# ---- updates")) + 2
    addrs, where = [0, 10, 20], [("kernel.py", updates), ("kernel.py", 0), ("other.py", 7)]
    per_line, per_phase = profile.attribute({0: 5, 4: 1, 12: 3, 25: 2}, addrs, where, kernel)
    assert per_line == {("kernel.py", updates): 6, ("kernel.py", 0): 3, ("other.py", 7): 2}
    assert per_phase == {"updates": 6, "no statement (line 0)": 3, "other.py (inlined)": 2}
    profile.report(per_phase, per_line, kernel, 2, "count", lambda k: f"{k:3d}")
    out = capsys.readouterr().out.splitlines()
    assert out[1:5] == ["per phase (count):", "    6  updates", "    3  no statement (line 0)",
                        "    2  other.py (inlined)"]
    assert out[6] == "per source line, top 2:" and out[7].startswith(f"    6  kernel.py:{updates}  ") and len(out) == 9


def test_valgrind_env_names_the_cpu_to_numba(bench):
    import llvmlite.binding as ll
    from benchio import valgrind_env

    env = valgrind_env(NUMBA_DEBUGINFO="1")
    assert env["NUMBA_CPU_NAME"] == ll.get_host_cpu_name()
    host = ll.get_host_cpu_features()
    named = {f[1:]: f[0] == "+" for f in env["NUMBA_CPU_FEATURES"].split(",")}
    assert set(named) == set(host)  # every feature named, as the host has it, except the ones valgrind cannot decode
    assert all(named[k] == (v and not k.startswith(("avx512", "avx10", "amx", "vaes", "vpclmulqdq", "gfni")))
               for k, v in host.items())
    assert not any(v for k, v in named.items() if k.startswith("avx512"))
    assert env["PYTHONPATH"].split(":")[0] == str(ROOT / "lib") and env["NUMBA_DEBUGINFO"] == "1"


def test_caminos_run_config_and_cycles_simulated(monkeypatch, tmp_path):
    """``bench_caminos.py``'s runs, timed and counted alike: the configuration splits the cycles asked into warm-up
    and measured halves, and the cycles simulated are read from CAMINOS's ``RESULT_JSON`` line."""
    cam = _load("bench_caminos", monkeypatch)
    top = cam.graph()
    text = cam.run_config(tmp_path, top, 3, 0.5, 1001).read_text()
    assert "warmup: 500," in text and "measured: 501," in text and "load: 0.5," in text
    assert str(tmp_path / "g.txt") in text and "Shortest" in text
    out = 'progress ...\nRESULT_JSON {"cycle": 1001, "accepted_load": 0.49}\nafter\n'
    assert cam.cycles_simulated(out) == 1001
    with pytest.raises(ValueError):  # no result line: the run did not finish
        cam.cycles_simulated("progress ...\n")
