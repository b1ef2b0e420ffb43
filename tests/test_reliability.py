"""One test per finding of the reliability audit (stale caches, silent reinterpretation, crashes, hangs,
ignored options, unsafe cache files, writes outside the cache, wrong exception types).

Each test fails on the code before the fix and passes after it.
"""

from __future__ import annotations

import json
import math
import os
import pickle
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from lowdiam import cache, paths
from lowdiam import sweep as S
from lowdiam import topologies as T
from lowdiam.edst import edst_packing, tree_depth
from lowdiam.faults import disconnection_ratio, spectralfly_trials
from lowdiam.metrics import diameter, distance_histogram
from lowdiam.topologies import Topology

FAST = {"warmup_cycles": 50, "measure_cycles": 100, "packet_flits": 4}
HX = S.Recipe("hyperx", args=(3, 3), label="HX33")


@pytest.fixture(autouse=True)
def tmp_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(S.SCHEDULER_ENV, raising=False)


def _entry(namespace, params):
    return cache.cache_dir() / namespace / f"{cache.cache_key(namespace, params)}.json"


def _pretend_changed(monkeypatch, module):
    """Make ``module``'s source look edited: its hash no longer matches what entries recorded."""
    from lowdiam import code_identity

    real = code_identity.module_digest
    monkeypatch.setattr(code_identity, "module_digest", lambda name: "edited" if name == module else real(name))


# ------------------------------------------------------------------ 1. stale results after code changes
def test_sweep_entries_depend_on_every_module_the_simulation_loaded(monkeypatch):
    run = S.Run(HX, "min", "uniform", 0.2, 0, dict(FAST))
    assert not S.run_sweep([run], processes=1, progress=False)[0]["cached"]
    doc = json.loads(_entry("sim", run.params()).read_bytes().split(b"\n", 1)[1])
    assert "lowdiam.metrics.distances" in doc["code"] and "lowdiam.sim.driver" in doc["code"]
    assert S.run_sweep([run], processes=1, progress=False)[0]["cached"]
    _pretend_changed(monkeypatch, "lowdiam.metrics.distances")  # simulate() depends on it (routing tables)
    assert not S.run_sweep([run], processes=1, progress=False)[0]["cached"]


def test_notebook_style_cache_is_recomputed_when_the_code_behind_it_changes(monkeypatch):
    from lowdiam.metrics import bisection

    calls = []

    def compute():
        calls.append(1)
        return bisection(T.hyperx(3, 3), trials=2, seed=0).summary()

    key = {"fig": 12, "family": "HyperX", "radix": 4, "trials": 2, "seed": 0}  # the 03_metis key shape
    first = cache.cached("03_metis", key, compute)
    assert cache.cached("03_metis", key, compute) == first and len(calls) == 1
    _pretend_changed(monkeypatch, "lowdiam.metrics._bisection")
    assert cache.cached("03_metis", key, compute) == first and len(calls) == 2


def test_seedless_random_recipes_are_refused_and_seedless_graphs_record_their_seed():
    with pytest.raises(ValueError, match="needs an integer seed"):
        S.Recipe("jellyfish", {"n": 20, "degree": 4, "seed": None})
    a = T.jellyfish(20, 4, seed=None)
    again = T.jellyfish(20, 4, seed=a.params["seed"])
    assert np.array_equal(a.edges, again.edges) and isinstance(a.params["seed"], int)


def test_topologies_are_keyed_by_content_not_by_name():
    a = Topology.from_edges("net", "custom", 4, [[0, 1], [1, 2], [2, 3]])
    b = Topology.from_edges("net", "custom", 4, [[0, 1], [1, 2], [0, 3]])
    renamed = Topology.from_edges("other name", "custom", 4, [[0, 1], [1, 2], [2, 3]])
    assert cache.cache_key("x", {"t": a}) != cache.cache_key("x", {"t": b})
    assert cache.cache_key("x", {"t": a}) == cache.cache_key("x", {"t": renamed})


# ------------------------------------------------------------------ 2. silently wrong graphs
@pytest.mark.parametrize("edges", [[[0, 1, 2], [1, 2, 0]], [0, 1, 1, 2], [[[0, 1]], [[1, 2]]]])
def test_edges_that_are_not_pairs_are_refused_not_reshaped(edges):
    with pytest.raises(ValueError, match=r"shape \(E, 2\)"):
        Topology.from_edges("t", "x", 3, edges)
    with pytest.raises(ValueError, match=r"shape \(E, 2\)"):
        edst_packing((3, edges))


def test_float_ids_and_counts_are_refused_not_truncated():
    with pytest.raises(ValueError, match="integer ids"):
        Topology.from_edges("t", "x", 3, [[0.7, 1.2]])
    with pytest.raises(ValueError, match="num_routers must be an integer"):
        Topology.from_edges("t", "x", 2.7, [[0, 1]])
    with pytest.raises(TypeError, match="bool"):
        Topology.from_edges("t", "x", True, [])
    assert Topology.from_edges("t", "x", 3.0, [[0.0, 2.0]]).edges.tolist() == [[0, 2]]  # integral floats are exact


@pytest.mark.parametrize("build", [
    lambda p: T.slimfly(5, endpoints_per_router=p), lambda p: T.polarfly(3, endpoints_per_router=p),
    lambda p: T.hyperx(3, 3, endpoints_per_router=p), lambda p: T.jellyfish(10, 3, 0, endpoints_per_router=p),
    lambda p: T.bundlefly(5, 3, endpoints_per_router=p), lambda p: T.dragonfly(2, 1, p),
    lambda p: T.megafly(1, 4, p), lambda p: T.polarstar(3, "iq", 3, endpoints_per_router=p),
    lambda p: T.slimfly(5).with_endpoints(p),
])
def test_fractional_concentration_is_refused_by_every_constructor(build):
    with pytest.raises(ValueError, match="must be an integer|needs integer"):
        build(2.5)


def test_asymmetric_or_weighted_sparse_matrices_are_refused():
    with pytest.raises(ValueError, match="not symmetric"):
        diameter(sp.csr_matrix(np.array([[0, 1, 0], [0, 0, 1], [0, 0, 0]])))
    with pytest.raises(ValueError, match="0 or 1"):
        diameter(sp.csr_matrix(np.array([[0, 2], [2, 0]])))
    assert diameter(sp.csr_matrix(nx.to_numpy_array(nx.path_graph(4)))) == 3


# ------------------------------------------------------------------ 3. segfaults on unchecked indices
@pytest.mark.parametrize("root", [10**9, -5, 7, 4])
def test_tree_depth_root_must_be_a_vertex(root):
    with pytest.raises(ValueError, match="root must be"):
        tree_depth(4, [[0, 1], [1, 2], [2, 3]], root=root)


def test_tree_depth_refuses_non_trees():
    with pytest.raises(ValueError, match="spanning tree"):
        tree_depth(4, [[0, 1], [1, 0], [2, 3]])


def test_inconsistent_topology_arrays_cannot_be_constructed():
    good = T.hyperx(3, 3)
    bad_indices = good.indices.copy()
    bad_indices[3] = 10**6
    with pytest.raises(ValueError, match="indices"):
        Topology("bad", "x", good.num_routers, good.edges, good.indptr, bad_indices, good.endpoints)
    with pytest.raises(ValueError, match="endpoints"):
        Topology("bad", "x", good.num_routers, good.edges, good.indptr, good.indices, good.endpoints[:-1])
    swapped = good.indices.copy()
    swapped[[0, 1]] = swapped[[1, 0]]
    with pytest.raises(ValueError, match="sorted"):
        Topology("bad", "x", good.num_routers, good.edges, good.indptr, swapped, good.endpoints)
    with pytest.raises(TypeError, match="integer array"):
        Topology("bad", "x", good.num_routers, good.edges.astype(float), good.indptr, good.indices, good.endpoints)


# ------------------------------------------------------------------ 4. every search terminates
@pytest.mark.parametrize("kwargs, match", [
    ({"tol": 0}, "tol"), ({"tol": float("nan")}, "tol"), ({"tol": 1e-9}, "tol"),
    ({"lo": 0.8, "hi": 0.1}, "lo < hi"), ({"lo": 0.5, "hi": 0.5}, "lo < hi"), ({"coarse_step": 0}, "coarse_step"),
])
def test_bracket_saturation_refuses_parameters_that_would_not_terminate(kwargs, match):
    with pytest.raises(ValueError, match=match):
        S.bracket_saturation(lambda loads: [[ld > 0.5 for ld in ls] for ls in loads], 1, **kwargs)


def test_bracket_saturation_ends_on_an_erratic_oracle():
    flips = iter(range(10**6))

    def erratic(loads):
        return [[next(flips) % 3 == 0 for _ in ls] for ls in loads]

    (a, s), = S.bracket_saturation(erratic, 1, coarse_step=0.1, tol=S.MIN_TOL)
    assert s is None or s - a <= S.MIN_TOL + 1e-12


def test_bracket_saturation_refuses_malformed_answers():
    with pytest.raises(ValueError, match="one list of booleans"):
        S.bracket_saturation(lambda loads: [[True, False]], 1)
    with pytest.raises(TypeError, match="True or False"):
        S.bracket_saturation(lambda loads: [["yes"]], 1)


# ------------------------------------------------------------------ 5. ignored options
def test_misspelled_sim_option_and_tags_are_refused():
    with pytest.raises(ValueError, match="unknown Run.sim key 'buffer_flit'; valid keys: .*buffer_flits"):
        S.Run(HX, "min", "uniform", 0.2, sim={"buffer_flit": 8})
    with pytest.raises(TypeError, match="Run.sim must be a dict"):
        S.Run(HX, "min", "uniform", 0.2, sim=[("vcs", 2)])


# ------------------------------------------------------------------ 8. cache files
def test_every_single_bit_flip_is_detected_never_returned_or_raised(tmp_path):
    value = {"accepted": 0.4321, "hist": np.arange(5, dtype=np.int64), "ok": True, "name": "x"}
    cache.store("flip", {"n": 1}, value)
    path = _entry("flip", {"n": 1})
    good = path.read_bytes()
    step = max(1, len(good) * 8 // 300)
    for bit in range(0, len(good) * 8, step):
        bad = bytearray(good)
        bad[bit // 8] ^= 1 << (bit % 8)
        path.write_bytes(bytes(bad))
        got = cache.lookup("flip", {"n": 1})
        assert got is None, f"bit {bit}: a corrupted entry was returned"
    path.write_bytes(good)
    got = cache.lookup("flip", {"n": 1})
    assert got["accepted"] == 0.4321 and np.array_equal(got["hist"], np.arange(5))


@pytest.mark.parametrize("garbage", [b"", b"LOWDIAM-CACHE 2 ", b"\x80\x04K\x07.", b"{}", b"\xff" * 100,
                                     b"LOWDIAM-CACHE 2 " + b"0" * 64 + b"\n{"])
def test_corrupt_entries_are_recomputed_and_replaced(garbage):
    path = _entry("t", {"n": 1})
    path.parent.mkdir(parents=True)
    path.write_bytes(garbage)
    assert cache.cached("t", {"n": 1}, lambda: 7) == 7
    assert cache.lookup("t", {"n": 1}) == 7  # replaced by a good entry: later calls no longer fail


def test_unstorable_values_leave_no_temp_file():
    with pytest.raises(TypeError, match="cannot be stored"):
        cache.cached("t", {"n": 1}, lambda: object())
    assert not list((cache.cache_dir() / "t").glob("*")) if (cache.cache_dir() / "t").exists() else True


def test_pickles_in_the_cache_folder_are_never_loaded(tmp_path):
    marker = tmp_path / "executed"

    class Exploit:
        def __reduce__(self):
            return (Path.touch, (marker,))

    key = cache.cache_key("t", {"n": 1})
    folder = cache.cache_dir() / "t"
    folder.mkdir(parents=True)
    for name in (f"{key}.pkl", f"{key}.json"):
        (folder / name).write_bytes(pickle.dumps(Exploit()))
    assert cache.lookup("t", {"n": 1}) is None
    assert cache.cached("t", {"n": 1}, lambda: 3) == 3
    assert not marker.exists()


# ------------------------------------------------------------------ 9. writes outside the cache's folders
@pytest.mark.parametrize("namespace", ["..", "/abs/dir", "../escaped", "a/b", "", ".hidden", "a\\b"])
def test_namespaces_cannot_escape_the_cache(namespace, tmp_path):
    outside = tmp_path / "keep.pkl"
    outside.write_bytes(b"user data")
    with pytest.raises(ValueError, match="plain folder name"):
        cache.clear(namespace)
    with pytest.raises(ValueError, match="plain folder name"):
        cache.cached(namespace, {"n": 1}, lambda: 1)
    assert outside.exists()


def test_clear_only_deletes_cache_entries():
    cache.cached("t", {"n": 1}, lambda: 1)
    folder = cache.cache_dir() / "t"
    (folder / "notes.pkl").write_text("mine")
    (folder / "data.json").write_text("{}")
    assert cache.clear() == 1
    assert sorted(p.name for p in folder.iterdir()) == ["data.json", "notes.pkl"]


def test_outside_a_checkout_nothing_is_written_next_to_the_package(monkeypatch):
    monkeypatch.setattr(paths, "repo_root", lambda: None)
    monkeypatch.delenv("LOWDIAM_CACHE")
    monkeypatch.delenv("LOWDIAM_FIGURES", raising=False)
    monkeypatch.setattr(cache, "_warned_no_root", False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert cache.cache_dir() is None and cache.cached("t", {"n": 1}, lambda: 5) == 5
    assert any("cache disabled" in str(w.message) for w in caught)
    with pytest.raises(RuntimeError, match="LOWDIAM_FIGURES"):
        S.write_csv([{"a": 1}], "x")


def test_the_environment_never_sends_work_to_a_cluster(monkeypatch):
    monkeypatch.setenv(S.SCHEDULER_ENV, "tcp://192.0.2.1:8786")  # unroutable: would hang or fail if used
    rec = S.run_sweep([S.Run(HX, "min", "uniform", 0.2, 0, dict(FAST))], processes=1, progress=False)
    assert rec[0]["num_routers"] == 9


# ------------------------------------------------------------------ 10. tags, sizes, exception types, pools
@pytest.mark.parametrize("tag", ["load", "seed", "accepted_load", "label", "cached", "sim_vcs"])
def test_tags_cannot_shadow_record_fields(tag):
    with pytest.raises(ValueError, match="would overwrite"):
        S.Run(HX, "min", "uniform", 0.2, tags={tag: 1})


def test_size_limits_fail_fast_with_a_message():
    with pytest.raises(ValueError, match="MAX_ROUTERS"):
        Topology.from_edges("huge", "x", 10**9, [])
    with pytest.raises(ValueError, match="MAX_ROUTERS"):
        T.hyperx(1000, 1000, 1000)
    with pytest.raises(ValueError, match="MAX_ROUTERS"):
        T.fat_tree(10**6, 3)
    with pytest.raises(ValueError, match="MAX_ROUTERS"):
        T.megafly(10**4, 10**4)


@pytest.mark.parametrize("call, exc", [
    (lambda: spectralfly_trials(np.ones(10), batches=0), ValueError),  # was ZeroDivisionError
    (lambda: T.fat_tree(2, 10**4), ValueError),  # was OverflowError / MemoryError
    (lambda: distance_histogram("petersen"), TypeError),
    (lambda: disconnection_ratio(T.hyperx(3, 3), trials="10"), TypeError),
    (lambda: tree_depth(3, [[0, 1], [1, 2]], root="0"), TypeError),
    (lambda: T.hyperx(3, 3).neighbors(9), ValueError),  # was IndexError
    (lambda: S.run_sweep("runs"), TypeError),
    (lambda: S.Run(HX, "min", "uniform", "0.3"), TypeError),
    (lambda: S.Run(HX, "min", "uniform", float("nan")), ValueError),
    (lambda: S.Run(HX, "min", "uniform", 0.3, seed=1.5), ValueError),
    (lambda: S.Run(HX, ["min"], "uniform", 0.3), TypeError),
])
def test_bad_input_raises_value_or_type_error(call, exc):
    with pytest.raises(exc):
        call()


def test_unguarded_script_gets_a_message_not_a_broken_pool(tmp_path):
    script = tmp_path / "unguarded.py"
    script.write_text(textwrap.dedent("""
        from lowdiam import sweep as S
        HX = S.Recipe("hyperx", args=(3, 3))
        FAST = {"warmup_cycles": 50, "measure_cycles": 100, "packet_flits": 4}
        S.run_sweep([S.Run(HX, "min", "uniform", ld, 0, FAST) for ld in (0.1, 0.2)], processes=2, progress=False)
    """))
    env = dict(os.environ, LOWDIAM_CACHE=str(tmp_path / "c"))
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env,
                         check=False)
    assert out.returncode != 0
    assert "if __name__" in out.stderr and "BrokenProcessPool" not in out.stderr.splitlines()[-1]


# ------------------------------------------------------------------ users' own networks
def test_analyses_accept_networkx_graphs_with_any_node_labels():
    g = nx.relabel_nodes(nx.petersen_graph(), {i: f"r{i}" for i in range(10)})
    assert diameter(g) == 2
    assert distance_histogram(g).tolist() == [10, 30, 60]
    r = disconnection_ratio(g, trials=3, seed=0)
    assert r.shape == (3,) and np.all((r > 0) & (r <= 1))
    assert len(edst_packing(g).trees) == 1  # Petersen: 15 edges, 9 per tree


def test_sweeps_and_saturation_searches_accept_any_topology():
    g = nx.random_regular_graph(3, 10, seed=1)
    mine = Topology.from_networkx(g, name="my rrg", endpoints_per_router=1)
    run = S.Run(mine, "min", "uniform", 0.2, 0, dict(FAST))
    first = S.run_sweep([run], processes=1, progress=False)[0]
    assert first["label"] == "my rrg" and first["constructor"] == "custom" and not first["cached"]
    renamed = Topology.from_networkx(g, name="renamed", endpoints_per_router=1)
    again = S.run_sweep([S.Run(renamed, "min", "uniform", 0.2, 0, dict(FAST))], processes=1, progress=False)[0]
    assert again["cached"] and again["topology_name"] == "renamed"
    res = S.saturation_search(g, "min", "uniform", coarse_step=0.5, tol=0.25, sim=FAST, processes=1, progress=False)
    assert res.records and math.isfinite(res.saturation_load)


# ================================================================== round three (issue 56)
# ------------------------------------------------------------------ cache keys and stale entries
def test_cache_keys_tell_key_types_apart():
    assert cache.cached("c", {"x": {1: "a"}}, lambda: 1) == 1
    assert cache.cached("c", {"x": {"1": "a"}}, lambda: 2) == 2  # was 1: the int key was spelled "1"
    assert cache.cache_key("c", {"x": {True: 1}}) != cache.cache_key("c", {"x": {"True": 1}})
    fake = {"__content__": "Topology", "sha256": T.hyperx(3, 3).content_hash()}
    assert cache.cache_key("c", {"t": fake}) != cache.cache_key("c", {"t": T.hyperx(3, 3)})
    # string-keyed dicts keep their keys: entries written before stay valid
    assert cache._canonical({"a": {"b": (1, 2)}, "c": None}) == {"a": {"b": [1, 2]}, "c": None}


@pytest.mark.parametrize("edit", [
    lambda t: t.edges.__setitem__((0, 1), 5), lambda t: t.endpoints.__setitem__(0, 7),
    lambda t: t.labels["coords"].__setitem__((0, 0), 2), lambda t: t.labels.__setitem__("x", np.zeros(9)),
    lambda t: t.params.__setitem__("k", 1),
])
def test_a_topology_cannot_be_edited_under_its_cache_entries(edit):
    t = T.hyperx(3, 3)
    assert cache.cached("s", {"t": t}, lambda: 1) == 1
    with pytest.raises((ValueError, TypeError)):
        edit(t)
    assert cache.cached("s", {"t": t}, lambda: 2) == 1 and t.content_hash() == T.hyperx(3, 3).content_hash()


def test_a_directory_at_a_cache_entry_path_is_refused_before_computing():
    path = _entry("d", {"n": 1})
    path.mkdir(parents=True)
    calls = []
    with pytest.raises(ValueError, match="directory"):
        cache.cached("d", {"n": 1}, lambda: calls.append(1) or 5)
    assert not calls


# ------------------------------------------------------------------ silent truncation and wraparound
def test_issue_examples_of_rounding_and_wrapping_are_refused():
    from lowdiam.sim.motifs import compile_motif
    from lowdiam.sim.routings import resolve_routing
    from lowdiam.sim.traffic import Endpoints, make_traffic

    g = T.hyperx(3, 3)
    ep = Endpoints.of(g.endpoints)
    with pytest.raises(ValueError, match="integer ids"):
        make_traffic("hotspot", g, ep, None, 0, io_endpoints=[0.7, 3.2])
    for bad in ([[0, 1], [2, 3]], "3", 3):
        with pytest.raises((ValueError, TypeError), match="io_endpoints"):
            make_traffic("hotspot", g, ep, None, 0, io_endpoints=bad)
    with pytest.raises(ValueError, match="must be an integer"):
        resolve_routing("polarized", {"weights": (0, 8.9, 12.7)})
    with pytest.raises(ValueError, match="MAX_ENDPOINTS"):
        Topology.from_edges("t", "x", 3, [[0, 1]], endpoints_per_router=2**32)
    with pytest.raises(ValueError, match="MAX_MESSAGE_PACKETS"):
        compile_motif(g, "allreduce", message_bytes=1e30)
    with pytest.raises(ValueError, match="seed"):
        from lowdiam.metrics import bisection

        bisection(g, trials=2, seed=2**64)


# ------------------------------------------------------------------ counters
def test_caminos_packets_delivered_are_of_the_measured_ones():
    from lowdiam import sim

    for seed in range(3):
        r = sim.simulate(T.hyperx(3, 3), "min-adaptive", "uniform", 0.6, router="caminos", seed=seed,
                         warmup_cycles=50, measure_cycles=150)
        assert r.packets_delivered <= r.packets_measured


# ------------------------------------------------------------------ data loss
def test_a_torn_last_line_does_not_block_resumes_and_every_complete_row_is_kept(tmp_path):
    from lowdiam.results import ResultLog

    log = ResultLog("nb", "x", key=("i",), root=tmp_path)
    log.run([{"i": i} for i in range(3)], lambda it: {"v": it["i"] / 2}, progress=False)
    log.path.write_bytes(log.path.read_bytes()[:-3])  # a kill cut the last row
    assert [r["i"] for r in log.rows()] == [0, 1]
    with pytest.warns(RuntimeWarning, match="torn"):
        rows = log.run([{"i": i} for i in range(4)], lambda it: {"v": it["i"] / 2}, progress=False)
    assert [(r["i"], r["v"]) for r in rows] == [(0, 0.0), (1, 0.5), (2, 1.0), (3, 1.5)]
    (tmp_path / "paper" / "nb" / "y.csv").write_bytes(b"i,v\n1,\xff\n")
    with pytest.raises(ValueError, match=r"y\.csv: line 2"):
        ResultLog("nb", "y", key=("i",), root=tmp_path)


def test_a_checkpoint_path_that_cannot_be_written_fails_before_the_run(tmp_path):
    from lowdiam.sim.motifs import run_motif

    (tmp_path / "file").write_text("x")
    for bad in (tmp_path, tmp_path / "file" / "c.npz"):
        with pytest.raises(ValueError, match="checkpoint"):
            run_motif(T.hyperx(2, 3), "allreduce", message_bytes=4096, algorithm="ring", checkpoint=bad,
                      routing="no-such-routing-so-nothing-runs")


def test_checkpoint_progress_names_a_junk_file_without_numpy_advice(tmp_path):
    from lowdiam.studies.motifs import checkpoint_progress

    for junk in (b"junk", b"", b"PK\x03\x04broken"):
        (tmp_path / "c.npz").write_bytes(junk)
        with pytest.raises(ValueError, match="not a message program's checkpoint") as info:
            checkpoint_progress(tmp_path / "c.npz")
        assert "pickle" not in str(info.value)


# ------------------------------------------------------------------ claims
def test_claims_compare_and_load_as_the_issue_says(tmp_path):
    from lowdiam import claims

    assert claims.compare([1.0, 2.0], [1.05, 2.0], 0.1) and not claims.compare([1.0], [1.5], 0.1)
    assert not claims.compare(1, True, 0) and not claims.compare(True, 1, None)
    with pytest.raises(ValueError, match="reversed"):
        claims.compare((0.6, 0.5), 0.55, "range")
    row = {"claim_id": "Ab-c", "paper": "P", "what": "w", "paper_value": 1, "our_value": 1, "tolerance": 0,
           "scale": "exact", "status": "match"}
    (tmp_path / "a.json").write_text(json.dumps([row]))
    (tmp_path / "b.json").write_text(json.dumps([{**row, "claim_id": "ab-c"}, {**row, "claim_id": "z", "paper": 5}]))
    loaded, problems = claims.load_checked(tmp_path)
    assert len(loaded) == 1 and len(problems) == 2 and any("duplicate" in p for p in problems)
    assert "Problems" in claims.render(tmp_path, tmp_path / "out.md").read_text()
    with pytest.raises(ValueError, match="does not exist"):
        claims.render(tmp_path / "missing", tmp_path / "out.md")


# ------------------------------------------------------------------ exception types
def test_round_three_exception_types():
    from lowdiam.sim import simulate
    from lowdiam.validate import check_float

    with pytest.raises(ValueError, match="finite"):
        check_float("x", 10**400)  # was OverflowError
    with pytest.raises(ValueError, match="MAX_BUFFER_SLOTS"):
        simulate(T.hyperx(3, 3), vcs=10**7, warmup_cycles=10, measure_cycles=10)  # was MemoryError


def test_section_times_survive_a_torn_last_line(tmp_path):
    from lowdiam.results.index import status
    from lowdiam.timing import SectionTimer

    timer = SectionTimer("nb", profile="paper", record=True, root=tmp_path)
    with timer.section("a"):
        pass
    path = timer.path
    path.write_bytes(path.read_bytes() + b"nb,paper,b,1")  # a kill cut the next row
    assert [s["section"] for s in status(tmp_path)[0]["sections"]] == ["a"]
    with pytest.warns(RuntimeWarning, match="torn"), timer.section("c"):
        pass
    assert [s["section"] for s in status(tmp_path)[0]["sections"]] == ["a", "c"]
