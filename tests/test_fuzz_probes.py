"""Bad-input probe catalogue, run in a watched subprocess: clean error / valid result / silent wrong / hang / crash.

Each probe is one call with a verdict rule: ``E`` means the call must raise ``ValueError`` or ``TypeError``;
any other rule is an expression over the result ``r`` that must hold.  The probes run one by one in a
worker process; a worker that dies (segfault) is a *crash*, one that does not answer within the per-probe
limit is a *hang*; both restart the worker at the next probe.  Run as a script for the table:

    .venv/bin/python tests/test_fuzz_probes.py

The test asserts zero silent-wrong results, hangs, crashes and unclean exception types.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

PER_PROBE_SECONDS = 60

SETUP = """
import math, os, pickle, tempfile, pathlib
import numpy as np, networkx as nx, scipy.sparse as sp
from lowdiam import cache, sweep as S, topologies as T
from lowdiam.topologies import Topology, as_topology, read
from lowdiam.topologies.io import parse
from lowdiam.metrics import (diameter, distance_histogram, distance_stats, distances_from, distance_matrix,
    eccentricities, mean_distance, bisection, cut_size, spectral, spectral_gap, adjacency_matrix, girth,
    path_multiplicity, shortest_path_counts)
from lowdiam import faults as F
from lowdiam.edst import edst_packing, forest_union, verify_edsts, tree_depth, tree_depths
from lowdiam.validate import check_int, check_float, check_bool, check_choice, check_options
os.environ["LOWDIAM_CACHE"] = tempfile.mkdtemp()
P = Topology.from_networkx(nx.petersen_graph())
G = T.hyperx(3, 3)
HX = S.Recipe("hyperx", args=(3, 3))
FAST = {"warmup_cycles": 50, "measure_cycles": 100}
TMP = pathlib.Path(tempfile.mkdtemp())
def good(t):
    ref = Topology.from_edges("ref", "x", t.num_routers, t.edges)
    return np.array_equal(ref.indices, t.indices) and np.array_equal(ref.indptr, t.indptr)
def writes(text):
    p = TMP / "f.txt"; p.write_text(text); return p
"""

E = "E"
PROBES: list[tuple[str, str]] = [
    # --- Topology.from_edges (finding 2, 10)
    ('Topology.from_edges("t","x",3,[[0,1,2],[1,2,0]])', E),
    ('Topology.from_edges("t","x",3,[0,1,1,2])', E),
    ('Topology.from_edges("t","x",3,[[[0,1]],[[1,2]]])', E),
    ('Topology.from_edges("t","x",3,[[0.7,1.2]])', E),
    ('Topology.from_edges("t","x",3,[[0.0,1.0]])', "r.edges.tolist() == [[0, 1]]"),
    ('Topology.from_edges("t","x",2.7,[[0,1]])', E),
    ('Topology.from_edges("t","x",3.0,[[0,1]])', "r.num_routers == 3"),
    ('Topology.from_edges("t","x",True,[])', E),
    ('Topology.from_edges("t","x","3",[[0,1]])', E),
    ('Topology.from_edges("t","x",0,[])', E),
    ('Topology.from_edges("t","x",-1,[])', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoints_per_router=2.5)', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoints_per_router=-1)', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoints_per_router=True)', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoints_per_router="2")', E),
    ('Topology.from_edges("t","x",3,[[0,3]])', E),
    ('Topology.from_edges("t","x",3,[[0,-1]])', E),
    ('Topology.from_edges("t","x",3,[[0,0]])', E),
    ('Topology.from_edges("t","x",3,[[0,1],[1,0]])', E),
    ('Topology.from_edges("t","x",3,[[True,False]])', E),
    ('Topology.from_edges("t","x",3,[["0","1"]])', E),
    ('Topology.from_edges("t","x",3,[[0,1],[1]])', E),
    ('Topology.from_edges("t","x",3,np.array([[0,1]],dtype=np.uint64))', "r.num_edges == 1"),
    ('Topology.from_edges("t","x",3,[[0,float("nan")]])', E),
    ('Topology.from_edges("t","x",3,[[0,float("inf")]])', E),
    ('Topology.from_edges("t","x",3,[[0,2**70]])', E),
    ('Topology.from_edges("t","x",10**9,[])', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoint_mask=[1,0,2])', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoint_mask=[True,False])', E),
    ('Topology.from_edges("t","x",3,[[0,1]],endpoint_mask=[1,0,1])', "r.endpoints.tolist() == [1, 0, 1]"),
    ('Topology.from_edges("t","x",3,[[0,1]],link_class=[0.5])', E),
    ('Topology.from_edges("t","x",3,[[0,1]],link_class=[0,1])', E),
    ('Topology.from_edges("t","x",3,[[0,1]],labels={"g":[0,1]})', E),
    ('Topology.from_edges("t","x",3,[[0,1]],labels=[1,2,3])', E),
    ('Topology.from_edges(3,"x",3,[[0,1]])', E),
    # --- direct construction (finding 3)
    ('Topology("b","x",9,G.edges,G.indptr,np.where(G.indices==4,10**6,G.indices).astype(np.int32),G.endpoints)', E),
    ('Topology("b","x",9,G.edges,G.indptr[::-1].copy(),G.indices,G.endpoints)', E),
    ('Topology("b","x",9,G.edges,G.indptr,G.indices,-G.endpoints)', E),
    ('Topology("b","x",9,G.edges[::-1].copy(),G.indptr,G.indices,G.endpoints)', E),
    ('Topology("b","x",8,G.edges,G.indptr,G.indices,G.endpoints)', E),
    ('Topology("b","x",9,G.edges,G.indptr,G.indices,G.endpoints,link_class=np.zeros(3,np.int8))', E),
    ('Topology("b","x",9,G.edges,G.indptr,G.indices,G.endpoints,labels={"carries_endpoints": np.zeros(9,bool)})', E),
    ('Topology("b","x",9,G.edges,G.indptr,G.indices,G.endpoints)', "good(r)"),
    ('Topology("b","x",9,G.edges.tolist(),G.indptr,G.indices,G.endpoints)', E),
    # --- the coercer, networkx, sparse (findings 2, users' networks)
    ('as_topology(sp.csr_matrix(np.array([[0,1,0],[0,0,1],[0,0,0]])))', E),
    ('as_topology(sp.csr_matrix(np.array([[0,2],[2,0]])))', E),
    ('as_topology(sp.csr_matrix(np.eye(3)))', E),
    ('as_topology(sp.csr_matrix((2,3)))', E),
    ('as_topology(nx.to_scipy_sparse_array(nx.petersen_graph()))', "r.num_edges == 15"),
    ('as_topology((np.array([0,1,1]),np.array([1])))', E),
    ('as_topology((np.array([0,2,1,2]),np.array([1,0])))', E),
    ('as_topology((np.array([0]),np.array([],dtype=np.int32)))', E),
    ('as_topology((3,[[0,1],[1,2]]))', "r.num_edges == 2"),
    ('as_topology((2.5,[[0,1]]))', E),
    ('as_topology("petersen")', E),
    ('as_topology(None)', E),
    ('as_topology(np.eye(3))', E),
    ('as_topology(nx.DiGraph([(0,1)]))', E),
    ('as_topology(nx.MultiGraph([(0,1),(0,1)]))', E),
    ('Topology.from_networkx(nx.Graph([("a","b"),("b",("c",1))])).labels["node"].tolist()',
     'r == ["a", "b", ("c", 1)]'),
    ('Topology.from_networkx(nx.Graph())', E),
    ('Topology.from_networkx(nx.Graph([(0,0)]))', E),
    ('Topology.from_networkx(nx.petersen_graph(), endpoints_per_router=1.5)', E),
    ('Topology.from_networkx([(0,1)])', E),
    # --- readers
    ('parse("0 1\\n1 2 3\\n","edgelist")', E),
    ('parse("0 1\\n1 2.0\\n","edgelist")', E),
    ('parse("","edgelist")', E),
    ('parse("0 1\\n","edgelist",num_routers=5).num_routers', "r == 5"),
    ('parse("router 0 router 1\\nrouter 1 router 0\\n","anynet").num_edges', "r == 1"),
    ('parse("router 0 router 0\\n","anynet")', E),
    ('parse("router 0 node 5\\n","anynet")', E),
    ('parse("router x\\n","anynet")', E),
    ('parse("NODOS 2\\nGRADO 1\\nN 0\\n1\\nN 1\\n0\\n","caminos").num_edges', "r == 1"),
    ('parse("NODOS 2\\nGRADO 1\\nN 0\\n1\\nN 1\\n\\n","caminos")', E),
    ('parse("NODOS 999999999\\nGRADO 1\\n","caminos")', E),
    ('parse("NODOS -1\\nGRADO 1\\n","caminos")', E),
    ('parse("0 1\\n","dot")', E),
    ('parse(b"0 1\\n","edgelist")', E),
    ('read(writes("0 1\\n1 2\\n"),"edgelist").num_edges', "r == 2"),
    ('read(writes("\\xff\\xfe garbage"),"anynet")', E),
    ('read(TMP / "missing.txt","edgelist")', "OSError"),
    # --- metrics (finding 3: no crash on bad input)
    ('distance_histogram(P).tolist()', "r == [10, 30, 60]"),
    ('distance_histogram(nx.petersen_graph()).tolist()', "r == [10, 30, 60]"),
    ('distance_histogram(P, sources=0)', E),
    ('distance_histogram(P, sources=11)', E),
    ('distance_histogram(P, sources=True)', E),
    ('distance_histogram(P, sources=np.array([0, 10]))', E),
    ('distance_histogram(P, sources=np.array([0, 0]))', E),
    ('distance_histogram(P, sources=3, seed=-1)', E),
    ('distance_histogram(P, sources=3, seed=1.5)', E),
    ('distances_from(P, 11)', E),
    ('distances_from(P, np.array([0.5]))', E),
    ('eccentricities(Topology.from_edges("t","x",3,[[0,1]]))', E),
    ('diameter(Topology.from_edges("t","x",3,[[0,1]]))', "r == math.inf"),
    ('mean_distance(Topology.from_edges("t","x",1,[]))', "math.isnan(r)"),
    ('distance_matrix((3,[[0,1],[1,2]])).tolist()', "r == [[0,1,2],[1,0,1],[2,1,0]]"),
    ('bisection(P, trials=0)', E),
    ('bisection(P, trials=2.5)', E),
    ('bisection(P, trials=True)', E),
    ('bisection(P, seed=-1)', E),
    ('bisection(P, balance="nodes")', E),
    ('bisection(P, ufactor=0)', E),
    ('bisection(P, endpoint_mask=[2]*10)', E),
    ('bisection(P, endpoint_mask=[True]*9)', E),
    ('cut_size(P, [0, 1])', E),
    ('cut_size(P, np.zeros((2, 5)))', E),
    ('spectral(P, method="eig")', E),
    ('spectral((1, []))', E),
    ('spectral_gap(nx.petersen_graph())', "abs(r - spectral_gap(P)) < 1e-12"),
    ('girth(nx.petersen_graph())', "r == 5"),
    ('adjacency_matrix(P).nnz', "r == 30"),
    ('shortest_path_counts(P, sources=np.array([99]))', E),
    ('path_multiplicity(P, groups="nolabel")', E),
    # --- faults
    ('F.disconnection_ratio(T.dragonfly(2,2,1), trials=0)', E),
    ('F.disconnection_ratio(T.dragonfly(2,2,1), trials="10")', E),
    ('F.disconnection_ratio(T.dragonfly(2,2,1), trials=2, seed=-1)', E),
    ('F.disconnection_ratio(T.dragonfly(2,2,1), trials=2, batch=0)', E),
    ('F.disconnection_ratio(nx.petersen_graph(), trials=2).shape', "r == (2,)"),
    ('F.disconnection_ratio(Topology.from_edges("t","x",3,[[0,1]]), trials=2)', E),
    ('F.disconnection_counts(G, np.zeros((1, G.num_edges), dtype=np.int32))', E),
    ('F.disconnection_counts(G, np.arange(G.num_edges).astype(float))', E),
    ('F.damaged_edges(G, np.arange(G.num_edges).astype(float), 1)', E),
    ('F.damaged_edges(G, np.arange(G.num_edges), G.num_edges + 1)', E),
    ('F.damaged_edges(G, np.arange(G.num_edges), 1.5)', E),
    ('F.metrics_along_sequence(G, np.arange(G.num_edges), ["0.1"])', E),
    ('F.metrics_along_sequence(G, np.arange(G.num_edges), [True])', E),
    ('F.metrics_along_sequence(G, np.arange(G.num_edges), [0.1], metrics="diameter")', E),
    ('F.metrics_along_sequence(G, np.arange(G.num_edges), [0.1], sources="3")', E),
    ('F.metrics_under_failures(G, [0.1], trials="auto")', E),
    ('F.metrics_under_failures(G, [0.1], trials="spectralfly", cv_target=float("nan"))', E),
    ('F.metrics_under_failures(G, [1.0], trials=2)', E),
    ('F.spectralfly_trials(np.ones(10), batches=0)', E),
    ('F.spectralfly_trials(["1"] * 10)', E),
    ('F.median_trial([])', E),
    ('F.median_trial(["0.5"])', E),
    # --- EDSTs (finding 2, 3)
    ('edst_packing((3,[[0,1,2],[1,2,0]]))', E),
    ('edst_packing((3,[[0.5,1]]))', E),
    ('edst_packing((3,[[0,1],[0,1]]))', E),
    ('len(edst_packing(nx.complete_graph(6)).trees)', "r == 3"),
    ('forest_union(P, -1)', E),
    ('tree_depth(4, [[0,1],[1,2],[2,3]], root=10**9)', E),
    ('tree_depth(4, [[0,1],[1,2],[2,3]], root=-5)', E),
    ('tree_depth(4, [[0,1],[1,2],[2,3]], root=7)', E),
    ('tree_depth(4, [[0,1],[1,2],[2,3]], root=True)', E),
    ('tree_depth(4, [[0,1],[1,2],[2,3]], root=0)', "r == 3"),
    ('tree_depth(4, [[0,1],[1,2],[2,3]])', "r == 2"),
    ('tree_depth(4, [[0,1],[1,2]])', E),
    ('tree_depth(4.5, [[0,1],[1,2],[2,3]])', E),
    ('tree_depth(4, [[0,1],[1,2],[2,9]])', E),
    ('tree_depths(4, [[[0,1],[1,2],[2,3]]], roots=[0, 1])', E),
    ('verify_edsts(P, [np.zeros((9, 2), int)])', E),
    # --- constructors owned here (findings 2, 10)
    ('T.jellyfish(20, 4, seed=None).params["seed"] >= 0', "r"),
    ('T.jellyfish(20, 4, seed=1.5)', E),
    ('T.jellyfish(20.5, 4, seed=1)', E),
    ('T.jellyfish(20, True, seed=1)', E),
    ('T.jellyfish(20, 4, seed=1, endpoints_per_router=2.5)', E),
    ('T.jellyfish(10**7, 3, seed=1)', E),
    ('T.jellyfish(30000, 20000, seed=1)', E),
    ('T.hyperx(3, 2.5)', E),
    ('T.hyperx(3, True)', E),
    ('T.hyperx()', E),
    ('T.hyperx(1000, 1000, 1000)', E),
    ('T.hyperx(3, 3, endpoints_per_router=-1)', E),
    ('T.megafly(2, 7)', E),
    ('T.megafly(2.0, 4).num_routers', "r == 20"),
    ('T.megafly(10**4, 10**4)', E),
    ('T.megafly(2, 4, 1.5)', E),
    ('T.fat_tree(10**6, 3)', E),
    ('T.fat_tree(2, 10**4)', E),
    ('T.fat_tree(4.5)', E),
    ('T.polarstar(3, "iq", 3, endpoints_per_router=2.5)', E),
    ('T.slimfly(5, endpoints_per_router=2.5)', E),
    ('T.slimfly(5).with_endpoints(2.5)', E),
    ('G.neighbors(9)', E),
    ('G.neighbors(-1)', E),
    ('G.write(TMP / "g", "dot")', E),
    # --- sweep (findings 1, 4, 5, 9, 10)
    ('S.Recipe("jellyfish", {"n": 20, "degree": 4, "seed": None})', E),
    ('S.Recipe("jellyfish", {"n": 20, "degree": 4})', E),
    ('S.Recipe("jellyfsh", {})', E),
    ('S.Recipe(3, {})', E),
    ('S.Recipe("hyperx", [3, 3])', E),
    ('S.Run(HX, "min", "uniform", 0.3, sim={"buffer_flit": 8})', E),
    ('S.Run(HX, "min", "uniform", 0.3, sim=[("vcs", 2)])', E),
    ('S.Run(HX, "min", "uniform", 0.3, tags={"load": 1})', E),
    ('S.Run(HX, "min", "uniform", 0.3, tags={"seed": 1})', E),
    ('S.Run(HX, "min", "uniform", 0.3, tags={"accepted_load": 1})', E),
    ('S.Run(HX, "min", "uniform", 0.3, tags={"fig": 1}).tags', 'r == {"fig": 1}'),
    ('S.Run(HX, "min", "uniform", "0.3")', E),
    ('S.Run(HX, "min", "uniform", float("nan"))', E),
    ('S.Run(HX, "min", "uniform", 0.1234567)', E),
    ('S.Run(HX, "min", "uniform", 0.1 + 0.2).load', "r == 0.3"),
    ('S.Run(HX, "min", "uniform", 0.3, seed=True)', E),
    ('S.Run(HX, "min", "uniform", 0.3, seed=1.5)', E),
    ('S.Run(HX, None, "uniform", 0.3)', E),
    ('S.Run("hyperx", "min", "uniform", 0.3)', E),
    ('S.Run(nx.petersen_graph(), "min", "uniform", 0.3).label', 'r == "Petersen Graph"'),
    ('S.bracket_saturation(lambda l: [[x > 0.5 for x in ls] for ls in l], 1, tol=0)', E),
    ('S.bracket_saturation(lambda l: [[x > 0.5 for x in ls] for ls in l], 1, tol=float("nan"))', E),
    ('S.bracket_saturation(lambda l: [[x > 0.5 for x in ls] for ls in l], 1, tol=1e-9)', E),
    ('S.bracket_saturation(lambda l: [[x > 0.5 for x in ls] for ls in l], 1, lo=0.8, hi=0.1)', E),
    ('S.bracket_saturation(lambda l: [[x > 0.5 for x in ls] for ls in l], 1, tol=S.MIN_TOL)[0]',
     "r[0] <= 0.5 < r[1] and r[1] - r[0] <= S.MIN_TOL"),
    ('S.bracket_saturation(lambda l: [[True, True] for ls in l], 1)', E),
    ('S.bracket_saturation(lambda l: [["no"] for ls in l], 1)', E),
    ('S.bracket_saturation(None, 1)', E),
    ('S.bracket_saturation(lambda l: l, 0)', E),
    ('S.saturation_search(HX, "min", "uniform", tol=0, sim=FAST, processes=1, progress=False)', E),
    ('S.saturation_search(HX, "min", "uniform", lo=0.8, hi=0.1, sim=FAST, processes=1, progress=False)', E),
    ('S.run_sweep("runs")', E),
    ('S.run_sweep([1])', E),
    ('S.run_sweep([], processes=0)', E),
    ('S.run_sweep([], processes=1.5)', E),
    ('S.run_sweep([], progress="yes")', E),
    ('S.write_csv([{"a": 1}], "../escape", directory=TMP)', E),
    ('S.write_csv([{"a": 1}], "/abs", directory=TMP)', E),
    ('S.write_csv([{"a": 1}], "ok_name", directory=TMP).name', 'r == "ok_name.csv"'),
    ('S.load_curve(HX, "min", "uniform", [])', E),
    # --- cache (findings 8, 9)
    ('cache.clear("..")', E),
    ('cache.clear("/abs/dir")', E),
    ('cache.cached("../escaped", {}, lambda: 1)', E),
    ('cache.cached("a/b", {}, lambda: 1)', E),
    ('cache.cached(3, {}, lambda: 1)', E),
    ('cache.cached("t", {"f": object()}, lambda: 1)', E),
    ('cache.cached("t", {"n": 1}, lambda: object())', E),
    ('cache.cached("t", {"n": 2}, lambda: {"a": (1, 2.5, None)})', 'r == {"a": (1, 2.5, None)}'),
    ('cache.cached("t", {"t": G}, lambda: 1) + cache.cached("t", {"t": T.hyperx(3, 3)}, lambda: 5)', "r == 2"),
    ('cache.lookup("t", {"never": True})', "r is None"),
    # --- validators
    ('check_int("x", 2.5)', E),
    ('check_int("x", True)', E),
    ('check_int("x", "3")', E),
    ('check_int("x", float("inf"))', E),
    ('check_int("x", np.int64(3))', "r == 3 and type(r) is int"),
    ('check_float("x", "0.5")', E),
    ('check_float("x", float("nan"))', E),
    ('check_bool("x", "no")', E),
    ('check_bool("x", np.True_)', "r is True"),
    ('check_choice("x", "c", ["a", "b"])', E),
    ('check_options("o", {"z": 1}, ["a"])', E),
    ('check_options("o", [("a", 1)], ["a"])', E),
]


def _show(value) -> str:
    try:
        return f"{value!r:.80}"
    except Exception as exc:  # noqa: BLE001 - an object whose repr fails is itself a finding
        return f"<{type(value).__name__} whose repr raises {type(exc).__name__}>"


def _worker() -> None:
    """Read probe indices on stdin, answer one JSON line each on stdout."""
    namespace: dict = {}
    exec(SETUP, namespace)  # noqa: S102 - the probe catalogue is this file's own code
    for line in sys.stdin:
        i = int(line)
        code, rule = PROBES[i]
        try:
            r = eval(code, namespace)
        except (ValueError, TypeError) as exc:
            outcome = "clean error" if rule == E else f"wrong: refused valid input ({type(exc).__name__}: {exc})"
        except OSError as exc:
            outcome = "clean error" if rule == "OSError" else f"unclean: {type(exc).__name__}: {exc}"
        except Exception as exc:  # noqa: BLE001 - classifying is the point
            outcome = f"unclean: {type(exc).__name__}: {exc}"
        else:
            if rule in (E, "OSError"):
                outcome = f"silent wrong: returned {_show(r)}"
            else:
                namespace["r"] = r
                try:
                    ok = bool(eval(rule, namespace))
                except Exception as exc:  # noqa: BLE001
                    ok, rule = False, f"{rule} ({exc})"
                outcome = "valid" if ok else f"silent wrong: {_show(r)} fails {rule}"
        print(json.dumps({"i": i, "outcome": outcome}), flush=True)


def run_probes(timeout: float = PER_PROBE_SECONDS) -> list[tuple[str, str]]:
    """Every probe's (code, outcome), each in a watched worker process."""
    import select

    env = dict(os.environ, LOWDIAM_CACHE=tempfile.mkdtemp())
    results: list[tuple[str, str]] = []
    i = 0
    while i < len(PROBES):
        worker = subprocess.Popen([sys.executable, __file__, "--worker"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env)
        while i < len(PROBES):
            worker.stdin.write(f"{i}\n")
            worker.stdin.flush()
            ready, _, _ = select.select([worker.stdout], [], [], timeout + (120 if i == 0 else 0))
            line = worker.stdout.readline() if ready else ""
            if not line:
                if ready or worker.poll() is not None:
                    worker.wait()
                    results.append((PROBES[i][0], f"crash (exit {worker.returncode})"))
                else:
                    worker.kill()
                    worker.wait()
                    results.append((PROBES[i][0], f"hang (> {timeout:.0f} s)"))
                i += 1
                break
            results.append((PROBES[i][0], json.loads(line)["outcome"]))
            i += 1
        else:
            worker.stdin.close()
            worker.wait()
    return results


def summarise(results: list[tuple[str, str]]) -> Counter:
    kinds = Counter()
    for _, outcome in results:
        kinds[outcome.split(":")[0].split(" (")[0]] += 1
    return kinds


def test_probe_catalogue_has_no_crash_hang_silent_wrong_or_unclean_error():
    results = run_probes()
    bad = [(code, outcome) for code, outcome in results if outcome not in ("clean error", "valid")]
    assert not bad, "\n".join(f"{o}: {c}" for c, o in bad)
    assert len(results) == len(PROBES)


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        _worker()
    else:
        res = run_probes()
        for code, outcome in res:
            if outcome not in ("clean error", "valid"):
                print(f"{outcome}: {code}")
        print(f"{len(res)} probes:", dict(summarise(res)))
