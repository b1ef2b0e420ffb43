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



# ----------------------------------------------------------------------------------------------- round three
# Issue 56: one probe per (class, call, rule).  Besides ``E`` and expressions, a rule ``E~<regex>`` means the
# call must raise ValueError/TypeError whose message matches ``<regex>`` (an unhelpful message is unclean).
SETUP3 = SETUP + r"""
import json, re, warnings
from lowdiam import claims
from lowdiam.results import ResultLog
from lowdiam.sim.traffic import Endpoints, make_traffic
from lowdiam.sim.routings import resolve_routing
from lowdiam.sim.motifs import compile_motif
from lowdiam.studies.motifs import checkpoint_progress
warnings.simplefilter("ignore")
_n = iter(range(10**6))
def fresh():
    d = TMP / f"d{next(_n)}"; d.mkdir(); return d
def hot(io=None, **kw):
    ep = Endpoints.of(G.endpoints)
    return make_traffic("hotspot", G, ep, None, 0, **({"io_endpoints": io} if io is not None else {}), **kw)
def poke(build, where):
    # edit a topology in place after it keyed a cache entry: refused, or the cache sees a new graph
    t = build(); ns = f"s{next(_n)}"; first = cache.cached(ns, {"t": t}, lambda: 1)
    try:
        where(t)
    except (ValueError, TypeError, AttributeError):
        return "refused"
    return cache.cached(ns, {"t": t}, lambda: 2)
def aliased():
    e = G.endpoints.copy(); t = Topology("b", "x", 9, G.edges, G.indptr, G.indices, e); h = t.content_hash()
    e[0] = 7
    return t.content_hash() == h and int(t.endpoints[0]) == int(G.endpoints[0])
def log_with(n, cut=None, tail=b""):
    d = fresh(); log = ResultLog("nb", "log", key=("i",), root=d)
    log.run([{"i": i} for i in range(n)], lambda it: {"v": it["i"] * 0.5, "s": "é"}, progress=False)
    raw = log.path.read_bytes()
    if cut is not None:
        log.path.write_bytes(raw[:len(raw) - cut] + tail)
    return log
def resume(log, n):
    calls = []
    rows = log.run([{"i": i} for i in range(n)], lambda it: calls.append(it["i"]) or {"v": it["i"] * 0.5, "s": "é"},
                   progress=False)
    again = ResultLog("nb", "log", key=("i",), root=log.path.parents[2]).rows()
    return [r["i"] for r in rows], calls, [r["i"] for r in again]
def sweep_torn():
    # a sweep log whose last row was cut by a kill: the complete row is read, the torn one is not a record
    d = fresh(); log = S.result_log("nb", "sw", root=d)
    row = {"run": "k1", "label": "HX", "constructor": "hyperx", "recipe": {"args": [3, 3]}, "routing": "min",
           "traffic": "uniform", "load": 0.2, "seed": 0, "sim": {"vcs": 2}, "result": {"accepted_load": 0.2}}
    log.append(row); log.append({**row, "run": "k2"})
    raw = log.path.read_bytes(); log.path.write_bytes(raw[:-7])
    return [r["accepted_load"] for r in S.recorded_records(log)]
def claims_dir(*files):
    d = fresh()
    for i, rows in enumerate(files):
        (d / f"nb{i}.json").write_text(json.dumps(rows))
    return d
def row(**kw):
    base = {"claim_id": "a", "paper": "P", "what": "w", "paper_value": 1, "our_value": 1, "tolerance": 0,
            "status": "match", "scale": "exact"}
    return {**base, **kw}
def rendered(d):
    out = claims.render(d, fresh() / "claims.md"); return out.read_text()
def cache_dir_entry():
    ns = f"dir{next(_n)}"; p = cache.cache_dir() / ns / f"{cache.cache_key(ns, {'n': 1})}.json"
    p.mkdir(parents=True); return cache.cached(ns, {"n": 1}, lambda: 5)
"""

R3: list[tuple[str, str, str]] = [
    # --- cache-key collisions: keys of different types, tags spelled by hand
    ("cache key", 'cache.cached("c", {"x": {1: "a"}}, lambda: 1) + cache.cached("c", {"x": {"1": "a"}}, lambda: 5)',
     "r == 6"),
    ("cache key", 'cache.cache_key("c", {"x": {1: "a", "1": "b"}}) != cache.cache_key("c", {"x": {"1": "b"}})', "r"),
    ("cache key", 'cache.cache_key("c", {"x": {True: 1}}) != cache.cache_key("c", {"x": {1: 1}})', "r"),
    ("cache key", 'cache.cache_key("c", {"x": {(1, 2): 1}}) != cache.cache_key("c", {"x": {"(1, 2)": 1}})', "r"),
    ("cache key", 'cache.cache_key("c", {"x": {"__content__": "Topology", "sha256": G.content_hash()}}) '
     '!= cache.cache_key("c", {"x": G})', "r"),
    ("cache key", 'cache.cache_key("c", {"x": {None: 1}}) != cache.cache_key("c", {"x": {"None": 1}})', "r"),
    ("cache key", 'cache.cache_key("c", {"a": 1, "b": {"c": [1, 2.5]}}) '
     '== cache.cache_key("c", {"b": {"c": (1, 2.5)}, "a": 1})', "r"),
    # --- stale cache: topologies edited in place after keying an entry
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.edges.__setitem__((0, 1), 5))', 'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.endpoints.__setitem__(0, 4))', 'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.indices.__setitem__(0, 5))', 'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.labels["coords"].__setitem__((0, 0), 2))',
     'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.labels.__setitem__("extra", np.zeros(9)))',
     'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.params.__setitem__("k", 2))', 'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.dragonfly(2, 2, 1), lambda t: t.link_class.__setitem__(0, 1 - t.link_class[0]))',
     'r in ("refused", 2)'),
    ("stale cache", 'poke(lambda: T.hyperx(3, 3), lambda t: t.endpoints.setflags(write=True))', 'r in ("refused", 1)'),
    ("stale cache", "aliased()", "r"),
    # --- silent truncation / wraparound
    ("truncation", "hot([0.7, 3.2])", E),
    ("truncation", "hot([2**32 + 1])", E),
    ("truncation", "hot([1, 2**40])", E),
    ("truncation", "hot([True, False])", E),
    ("truncation", "hot(np.array([1.0, 2.0])).hot.tolist()", "r == [1, 2]"),
    ("truncation", "hot([0, 3], hot_fraction=0.25).hot.tolist()", "r == [0, 3]"),
    ("truncation", 'hot([0, 3], hot_fraction="0.5")', E),
    ("truncation", "hot([0, 3], hot_fraction=True)", E),
    ("truncation", 'resolve_routing("polarized", {"weights": (0, 8.9, 12.7)})', E),
    ("truncation", 'resolve_routing("polarized", {"weights": (0, "8", 12)})', E),
    ("truncation", 'resolve_routing("polarized", {"weights": "012"})', E),
    ("truncation", 'resolve_routing("polarized", {"weights": (0, True, 2)})', E),
    ("truncation", 'resolve_routing("polarized", {"weights": (0, 2**70, 2**71)})', E),
    ("truncation", 'resolve_routing("polarized", {"weights": (0, 8.0, 12)})[1]["weights"]', "r == (0, 8, 12)"),
    ("truncation", 'Topology.from_edges("t", "x", 3, [[0, 1]], endpoints_per_router=2**32)', E),
    ("truncation", "T.hyperx(3, 3).with_endpoints(2**31)", E),
    ("truncation", 'Topology("b", "x", 9, G.edges, G.indptr, G.indices, np.full(9, 2**32, np.int64))', E),
    ("truncation", 'Topology.from_edges("t", "x", 3, [[0, 1]], endpoints_per_router=3).num_endpoints', "r == 9"),
    ("truncation", 'compile_motif(G, "allreduce", message_bytes=1e30)', E),
    ("truncation", 'compile_motif(G, "allreduce", message_bytes=float("inf"))', E),
    ("truncation", 'compile_motif(G, "allreduce", message_bytes=10**30)', E),
    ("truncation", 'compile_motif(G, "allreduce", message_bytes="256")', E),
    ("truncation", 'compile_motif(G, "allreduce", message_bytes=np.float32(256)).total_packets',
     'r == compile_motif(G, "allreduce", message_bytes=256).total_packets'),
    ("truncation", "bisection(P, trials=2, seed=2**32)", E),
    ("truncation", "bisection(P, trials=4, seed=2**31 - 2)", E),
    ("truncation", "bisection(P, trials=2, seed=2**31 - 2).cut_edges", "r == 5"),
    # --- data loss: torn result logs keep every complete row and resume
    ("data loss", "resume(log_with(3, cut=4), 4)", "r[0] == [0, 1, 2, 3] and r[1] == [2, 3] and r[2] == r[0]"),
    ("data loss", "resume(log_with(3, cut=1), 3)", "r[0] == [0, 1, 2] and r[1] == [2]"),
    ("data loss", "[x['i'] for x in log_with(3, cut=2).rows()]", "r == [0, 1]"),
    ("data loss", "resume(log_with(2, cut=0, tail=b'2,\"unterminated\\n'), 3)", "r[0] == [0, 1, 2] and r[1] == [2]"),
    ("data loss", "resume(log_with(2, cut=0, tail=b'2,1.5,\\xc3'), 3)", "r[0] == [0, 1, 2] and r[1] == [2]"),
    ("data loss", "sweep_torn()", "r == [0.2]"),
    ("data loss", "[x['i'] for x in log_with(3).rows()]", "r == [0, 1, 2]"),
    # --- claims
    ("claims", "claims.compare([1.0, 2.0], [1.05, 2.0], 0.1)", "r is True"),
    ("claims", "claims.compare([1.0, 2.0], [1.5, 2.0], 0.1)", "r is False"),
    ("claims", 'claims.compare([100, 200], [104, 209], "5%")', "r is True"),
    ("claims", "claims.compare(1, True, 0)", "r is False"),
    ("claims", "claims.compare(True, 1, 0)", "r is False"),
    ("claims", "claims.compare(0, False, None)", "r is False"),
    ("claims", "claims.compare(True, True, None)", "r is True"),
    ("claims", 'claims.compare((0.6, 0.5), 0.55, "range")', E),
    ("claims", 'claims.compare((0.5,), 0.55, "range")', E),
    ("claims", 'claims.compare(0.5, 0.55, "range")', E),
    ("claims", 'claims.compare((0.5, 0.6), 0.55, "range")', "r is True"),
    ("claims", 'claims.load_checked(claims_dir([row(claim_id="Ab-c")], [row(claim_id="ab-c")]))',
     'len(r[0]) == 1 and any("duplicate" in p for p in r[1])'),
    ("claims", 'claims.load_checked(claims_dir([row(claim_id="x-1"), row(claim_id="X_1")]))',
     'len(r[0]) == 1 and any("duplicate" in p for p in r[1])'),
    ("claims", 'claims.render(TMP / "no-such-folder", TMP / "card.md")', E),
    ("claims", 'claims.load_checked(TMP / "no-such-folder")', E),
    ("claims", 'claims.load_checked(claims_dir([row(paper=5)]))', 'len(r[0]) == 0 and len(r[1]) == 1'),
    ("claims", 'claims.load_checked(claims_dir([row(claim_id=["a"])]))', 'len(r[0]) == 0 and len(r[1]) == 1'),
    ("claims", 'claims.load_checked(claims_dir([row(note=5), row(claim_id="b", explanation=[1])]))',
     'len(r[0]) == 0 and len(r[1]) == 2'),
    ("claims", 'claims.load_checked(claims_dir([row(details="x")]))', 'len(r[1]) == 1'),
    ("claims", 'rendered(claims_dir([row(paper=5), row(claim_id="b", figure=3), row(claim_id="c")]))',
     '"Problems" in r'),
    ("claims", 'claims.load_checked(claims_dir([row(tolerance="range", paper_value=[2, 1])]))',
     'len(r[0]) == 0 and len(r[1]) == 1'),
    # --- wrong exception types / unhelpful messages
    ("exception type", 'check_float("x", 10**400)', E),
    ("exception type", 'check_float("x", 10**400, low=0)', E),
    ("exception type", 'check_int("x", 10**400, high=5)', E),
    ("exception type", 'check_float("x", -(10**400))', E),
    ("exception type", "cache_dir_entry()", r"E~directory"),
    ("exception type", 'checkpoint_progress(writes("junk"))', r"E~(?i)^(?!.*pickle).*checkpoint"),
    ("exception type", 'checkpoint_progress(writes(""))', r"E~(?i)^(?!.*pickle).*checkpoint"),
    ("exception type", 'ResultLog("nb", "bad", key=("i",), root=(lambda d: ((d / "paper" / "nb").mkdir(parents=True),'
     ' (d / "paper" / "nb" / "bad.csv").write_bytes(b"i,v\\n1,\\xff\\xfe\\n"), d)[-1])(fresh())).rows()',
     r"E~bad\.csv"),
    ("exception type", "bisection(P, trials=2, seed=2**64)", r"E~seed"),
    ("exception type", "bisection(P, trials=2, seed=2**63)", r"E~seed"),
    # --- hangs: sizes that would run for hours or exhaust memory fail fast
    ("hang", 'compile_motif(G, "allreduce", message_bytes=256, iterations=10**9)', E),
    ("hang", 'compile_motif(G, "halo3d", message_bytes=256, iterations=10**8)', E),
    ("hang", "bisection(P, trials=10**9)", E),
]

# The simulator's boundary: each probe runs (or refuses) a tiny simulation; the kernels compile on first use.
SETUP_SIM = SETUP3 + r"""
from lowdiam import sim
from lowdiam.sim.motifs import run_motif
TINY = dict(warmup_cycles=50, measure_cycles=150)
def motif_ckpt(where, **kw):
    return run_motif(T.hyperx(2, 3), "allreduce", message_bytes=4096, algorithm="ring", checkpoint=where, **kw)
def caminos(seed, load=0.6, **kw):
    return sim.simulate(T.hyperx(3, 3), "min-adaptive", "uniform", load, router="caminos", seed=seed, **TINY, **kw)
"""

SIM: list[tuple[str, str, str]] = [
    ("crash", 'sim.simulate(G, "min", "hotspot", 0.2, traffic_options={"io_endpoints": [[0, 1], [2, 3]]}, **TINY)', E),
    ("crash", 'sim.simulate(G, "min", "hotspot", 0.2, traffic_options={"io_endpoints": "3"}, **TINY)', E),
    ("crash", 'sim.simulate(G, "min", "hotspot", 0.2, traffic_options={"io_endpoints": 3}, **TINY)', E),
    ("truncation", 'sim.simulate(G, "min", "hotspot", 0.2, traffic_options={"io_endpoints": [0.7, 3.2]}, **TINY)', E),
    ("truncation", 'sim.simulate(G, "polarized", "uniform", 0.2, routing_options={"weights": (0, 8.9, 12.7)}, **TINY)',
     E),
    ("truncation", 'sim.simulate(G, "polarized", "uniform", 0.2, router="caminos", '
     'routing_options={"label_weights": (0, 2**70, 2**71)}, **TINY)', E),
    ("crash", 'sim.simulate(G, "min", "hotspot", 0.2, traffic_options={"io_endpoints": [0, 3]}, **TINY).accepted_load',
     "r > 0"),
    ("exception type", 'sim.simulate(G, "min", "uniform", 0.2, vcs=10**7, **TINY)', E),
    ("exception type", 'sim.simulate(G, "min", "uniform", 0.2, min_vcs=10**7, **TINY)', E),
    ("exception type", 'sim.simulate(G, "min", "uniform", 0.2, buffer_flits=10**10, **TINY)', E),
    ("exception type", 'sim.simulate(G, "min-adaptive", "uniform", 0.2, router="caminos", vcs=10**7, **TINY)', E),
    ("exception type", 'sim.simulate(G, "min", "uniform", 0.2, router="ideal", vcs=10**7, **TINY)', E),
    ("exception type", 'sim.simulate(G, "min-adaptive", "uniform", 0.2, router="caminos", '
     'router_options={"input_buffer_packets": 10**9}, **TINY)', E),
    ("counter invariants", "[caminos(s) for s in range(3)]",
     "all(x.packets_delivered <= x.packets_measured for x in r)"),
    ("counter invariants", "[caminos(s, load=1.0) for s in range(2)]",
     "all(x.packets_delivered <= x.packets_measured for x in r)"),
    ("data loss", "motif_ckpt(fresh())", E),
    ("data loss", 'motif_ckpt(writes("x").parent / "f.txt" / "c.npz")', E),
    ("data loss", 'motif_ckpt(fresh() / "sub" / "c.npz").messages_delivered',
     "r == motif_ckpt(None).messages_delivered"),
]

CATALOGUES = {
    "base": (SETUP, [("base", code, rule) for code, rule in PROBES], PER_PROBE_SECONDS),
    "round3": (SETUP3, R3, PER_PROBE_SECONDS),
    "sim": (SETUP_SIM, SIM, 600),
}


def _show(value) -> str:
    try:
        return f"{value!r:.80}"
    except Exception as exc:  # noqa: BLE001 - an object whose repr fails is itself a finding
        return f"<{type(value).__name__} whose repr raises {type(exc).__name__}>"


def _outcome(code: str, rule: str, namespace: dict) -> str:
    import re

    want_error = rule == E or rule.startswith("E~")
    try:
        r = eval(code, namespace)
    except (ValueError, TypeError) as exc:
        if not want_error:
            return f"wrong: refused valid input ({type(exc).__name__}: {exc})"
        if rule.startswith("E~") and not re.search(rule[2:], str(exc)):
            return f"unclean: unhelpful message ({type(exc).__name__}: {str(exc)[:200]})"
        return "clean error"
    except OSError as exc:
        return "clean error" if rule == "OSError" else f"unclean: {type(exc).__name__}: {exc}"
    except Exception as exc:  # noqa: BLE001 - classifying is the point
        return f"unclean: {type(exc).__name__}: {str(exc)[:300]}"
    if want_error or rule == "OSError":
        return f"silent wrong: returned {_show(r)}"
    namespace["r"] = r
    try:
        ok = bool(eval(rule, namespace))
    except Exception as exc:  # noqa: BLE001
        ok, rule = False, f"{rule} ({exc})"
    return "valid" if ok else f"silent wrong: {_show(r)} fails {rule}"


def _worker(catalogue: str) -> None:
    """Read probe indices on stdin, answer one JSON line each on stdout."""
    setup, probes, _ = CATALOGUES[catalogue]
    namespace: dict = {}
    exec(setup, namespace)  # noqa: S102 - the probe catalogue is this file's own code
    for line in sys.stdin:
        i = int(line)
        _, code, rule = probes[i]
        print(json.dumps({"i": i, "outcome": _outcome(code, rule, namespace)}), flush=True)


def run_probes(catalogue: str = "base", timeout: float | None = None) -> list[tuple[str, str, str]]:
    """Every probe's (class, code, outcome), each in a watched worker process (a crash or hang restarts it)."""
    import select

    _, probes, limit = CATALOGUES[catalogue]
    timeout = limit if timeout is None else timeout
    env = dict(os.environ, LOWDIAM_CACHE=tempfile.mkdtemp())
    results: list[tuple[str, str, str]] = []
    i = 0
    while i < len(probes):
        worker = subprocess.Popen([sys.executable, __file__, "--worker", catalogue], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, env=env)
        first = True
        while i < len(probes):
            kind, code, _ = probes[i]
            worker.stdin.write(f"{i}\n")
            worker.stdin.flush()
            ready, _, _ = select.select([worker.stdout], [], [], timeout + (120 if first else 0))
            first = False
            line = worker.stdout.readline() if ready else ""
            if not line:
                if ready or worker.poll() is not None:
                    worker.wait()
                    results.append((kind, code, f"crash (exit {worker.returncode})"))
                else:
                    worker.kill()
                    worker.wait()
                    results.append((kind, code, f"hang (> {timeout:.0f} s)"))
                i += 1
                break
            results.append((kind, code, json.loads(line)["outcome"]))
            i += 1
        else:
            worker.stdin.close()
            worker.wait()
    return results


def summarise(results) -> Counter:
    kinds = Counter()
    for *_, outcome in results:
        kinds[outcome.split(":")[0].split(" (")[0]] += 1
    return kinds


def by_class(results) -> dict[str, Counter]:
    """Outcome counts per probe class."""
    out: dict[str, Counter] = {}
    for kind, _, outcome in results:
        out.setdefault(kind, Counter())[outcome.split(":")[0].split(" (")[0]] += 1
    return out


def _assert_clean(catalogue: str) -> None:
    results = run_probes(catalogue)
    bad = [(code, outcome) for _, code, outcome in results if outcome not in ("clean error", "valid")]
    assert not bad, "\n".join(f"{o}: {c}" for c, o in bad)
    assert len(results) == len(CATALOGUES[catalogue][1])


def test_probe_catalogue_has_no_crash_hang_silent_wrong_or_unclean_error():
    _assert_clean("base")


def test_round_three_probes_have_no_crash_hang_silent_wrong_or_unclean_error():
    _assert_clean("round3")


def test_simulator_probes_have_no_crash_hang_silent_wrong_or_unclean_error():
    _assert_clean("sim")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        _worker(sys.argv[2])
    else:
        for name in sys.argv[1:] or list(CATALOGUES):
            res = run_probes(name)
            for kind, code, outcome in res:
                if outcome not in ("clean error", "valid"):
                    print(f"[{kind}] {outcome}: {code}")
            print(f"{name}: {len(res)} probes:", dict(summarise(res)))
            for kind, counts in by_class(res).items():
                print(f"  {kind}: {dict(counts)}")
