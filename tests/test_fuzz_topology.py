"""Property-based fuzzing of the graph boundary: Topology construction, the coercer, networkx and file readers.

Every property has the same shape: an input is either refused with a clean ``ValueError`` / ``TypeError``
or accepted, and then the result is exactly the graph an independent, obvious reading of the input gives
(no reshaping, rounding, de-duplication or symmetrisation behind the caller's back).  Examples are
derandomised (the suite is deterministic) and bounded (small graphs, few examples, a wall-clock alarm).
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from conftest import bounded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lowdiam.topologies import Topology, as_topology
from lowdiam.topologies.io import FORMATS, parse

FUZZ = settings(max_examples=60, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
CLEAN = (ValueError, TypeError)




# ------------------------------------------------------------------ an independent reading of an edge list
def _honest_edges(n, edges):
    """The graph an (n, edges) input *means*, or None if it is malformed (the library must then refuse it)."""
    if isinstance(n, bool) or not isinstance(n, (int, float, np.integer, np.floating)):
        return None
    if not math.isfinite(n) or n != int(n) or n < 1:
        return None
    n = int(n)
    rows = edges.tolist() if isinstance(edges, np.ndarray) else edges
    if isinstance(edges, np.ndarray) and (edges.dtype == bool or edges.dtype.kind not in "iuf"):
        return None
    if isinstance(edges, np.ndarray) and edges.size == 0:
        return (n, set()) if edges.ndim == 1 or (edges.ndim == 2 and edges.shape[1] in (0, 2)) else None
    if not isinstance(rows, list):
        return None
    if rows == []:
        return n, set()
    pairs = set()
    for row in rows:
        if not isinstance(row, list) or len(row) != 2:
            return None
        for v in row:
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v) or v != int(v):
                return None
            if not 0 <= v < n:
                return None
        u, v = int(row[0]), int(row[1])
        if u == v or (min(u, v), max(u, v)) in pairs:
            return None
        pairs.add((min(u, v), max(u, v)))
    return n, pairs


ids = st.one_of(st.integers(-2, 7), st.floats(-1.5, 7.5), st.sampled_from([math.nan, math.inf]),
                st.booleans(), st.sampled_from(["1", None]))
rows = st.lists(ids, min_size=0, max_size=3)
edge_lists = st.lists(rows, max_size=8)


@st.composite
def edge_arrays(draw):
    dtype = draw(st.sampled_from([np.int32, np.int64, np.uint8, np.float64, bool]))
    shape = draw(st.sampled_from([(0,), (0, 2), (3,), (2, 3), (4, 2), (3, 2), (1, 2, 2), (5, 2)]))
    values = draw(st.lists(st.integers(0, 6), min_size=int(np.prod(shape)), max_size=int(np.prod(shape))))
    arr = np.array(values, dtype=np.int64).reshape(shape).astype(dtype)
    if dtype is np.float64 and arr.size and draw(st.booleans()):
        arr.flat[0] += 0.5
    return arr


@FUZZ
@given(n=st.one_of(st.integers(-1, 8), st.floats(0, 8.5), st.booleans(), st.just("5")),
       edges=st.one_of(edge_lists, edge_arrays()))
def test_from_edges_is_exact_or_refuses(n, edges):
    expected = _honest_edges(n, edges)
    with bounded():
        try:
            t = Topology.from_edges("fuzz", "fuzz", n, edges)
        except CLEAN:
            assert expected is None, f"valid input refused: n={n!r}, edges={edges!r}"
            return
    assert expected is not None, f"malformed input accepted: n={n!r}, edges={edges!r} -> {t.edges.tolist()}"
    assert t.num_routers == expected[0] and set(map(tuple, t.edges.tolist())) == expected[1]
    assert int(t.indptr[-1]) == 2 * len(expected[1])


@FUZZ
@given(field=st.sampled_from(["edges", "indptr", "indices", "endpoints", "link_class", "num_routers"]),
       how=st.sampled_from(["value", "drop", "float", "swap", "negative", "huge"]), where=st.integers(0, 10**6))
def test_direct_construction_is_consistent_or_refused(field, how, where):
    base = Topology.from_edges("c4+", "fuzz", 5, [[0, 1], [1, 2], [2, 3], [3, 0], [0, 2]],
                               link_class=[0, 1, 0, 1, 0])
    kwargs = {f: getattr(base, f) for f in ("name", "family", "num_routers", "edges", "indptr", "indices",
                                             "endpoints", "labels", "params", "link_class")}
    if field == "num_routers":
        kwargs[field] = {"value": 4, "drop": 6, "float": 5.5, "swap": "5", "negative": -5, "huge": 10**12}[how]
    else:
        arr = np.array(kwargs[field], copy=True)
        i = where % arr.size
        if how == "value":
            arr.flat[i] = (arr.flat[i] + 1) % 6
        elif how == "drop":
            arr = arr[:-1]
        elif how == "float":
            arr = arr.astype(float)
        elif how == "swap":
            arr.flat[i], arr.flat[0] = arr.flat[0], arr.flat[i]
        elif how == "negative":
            arr.flat[i] = -1
        else:
            arr.flat[i] = 2**31 - 1 if arr.dtype != np.int8 else 127
        kwargs[field] = arr
    try:
        t = Topology(**kwargs)
    except CLEAN:
        return
    # accepted: it must be one consistent simple graph (what from_edges would build from its edges)
    ref = Topology.from_edges("ref", "fuzz", t.num_routers, t.edges)
    assert np.array_equal(ref.indptr, t.indptr) and np.array_equal(ref.indices, t.indices)
    assert t.endpoints.shape == (t.num_routers,) and t.endpoints.min() >= 0
    assert t.link_class is None or t.link_class.shape == (t.num_edges,)


@FUZZ
@given(n=st.integers(1, 6), entries=st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5),
                                                       st.sampled_from([0, 1, 1, 1, 2, -1, 0.5, True])), max_size=14),
       symmetrise=st.booleans())
def test_sparse_adjacency_is_exact_or_refused(n, entries, symmetrise):
    a = np.zeros((n, n), dtype=float)
    for i, j, v in entries:
        if i < n and j < n:
            a[i, j] = float(v)
            if symmetrise:
                a[j, i] = float(v)
    valid = np.array_equal(a, a.T) and np.all(np.isin(a, (0, 1))) and not np.any(np.diag(a))
    try:
        t = as_topology(sp.csr_matrix(a))
    except CLEAN:
        assert not valid, a
        return
    assert valid, f"accepted an adjacency that is not symmetric 0/1 without loops:\n{a}"
    want = {(i, j) for i in range(n) for j in range(i + 1, n) if a[i, j]}
    assert set(map(tuple, t.edges.tolist())) == want and t.num_routers == n


@FUZZ
@given(indptr=st.lists(st.integers(-1, 6), min_size=1, max_size=6), indices=st.lists(st.integers(-1, 5), max_size=8))
def test_csr_pairs_are_exact_or_refused(indptr, indices):
    ip, ix = np.array(indptr), np.array(indices, dtype=np.int64)
    n = len(ip) - 1
    structural = (n >= 1 and ip[0] == 0 and np.all(np.diff(ip) >= 0) and ip[-1] == len(ix)
                  and (len(ix) == 0 or (ix.min() >= 0 and ix.max() < n)))
    arcs = None
    if structural:
        arcs = [(r, int(c)) for r in range(n) for c in ix[ip[r]:ip[r + 1]]]
        simple = len(set(arcs)) == len(arcs) and all(r != c for r, c in arcs)
        symmetric = {(c, r) for r, c in arcs} == set(arcs)
    valid = structural and simple and symmetric
    try:
        t = as_topology((ip, ix))
    except CLEAN:
        assert not valid
        return
    assert valid, (indptr, indices)
    assert set(map(tuple, t.edges.tolist())) == {(r, c) for r, c in arcs if r < c}


node_labels = st.one_of(st.integers(-3, 20), st.text("abc", min_size=1, max_size=3),
                        st.tuples(st.integers(0, 3), st.text("xy", max_size=2)), st.frozensets(st.integers(0, 2)))


@FUZZ
@given(edges=st.lists(st.tuples(node_labels, node_labels), max_size=10), lonely=st.lists(node_labels, max_size=3))
def test_from_networkx_maps_labels_exactly(edges, lonely):
    g = nx.Graph()
    g.add_nodes_from(lonely)
    g.add_edges_from(edges)
    try:
        t = Topology.from_networkx(g)
    except CLEAN:
        assert g.number_of_nodes() == 0 or nx.number_of_selfloops(g) > 0
        return
    assert nx.number_of_selfloops(g) == 0 and t.num_routers == g.number_of_nodes()
    label = t.labels["node"].tolist()
    back = {frozenset((label[u], label[v])) for u, v in t.edges.tolist()}
    assert back == {frozenset(e) for e in g.edges()} and set(label) == set(g.nodes)


TOKENS = ["router", "node", "N", "NODOS", "GRADO", "0", "1", "2", "3", "-1", "2.5", "x", "#", "\n", "\n", " "]


@FUZZ
@given(fmt=st.sampled_from(FORMATS), tokens=st.lists(st.sampled_from(TOKENS), max_size=30))
def test_parsers_never_crash_on_arbitrary_text(fmt, tokens):
    text = " ".join(tokens)
    with bounded():
        try:
            t = parse(text, fmt)
        except CLEAN:
            return
    assert isinstance(t, Topology)
    ref = Topology.from_edges("ref", "fuzz", t.num_routers, t.edges)  # accepted text is a valid graph
    assert np.array_equal(ref.indices, t.indices)


@FUZZ
@given(n=st.integers(1, 9), p=st.floats(0, 1), seed=st.integers(0, 2**16), ep=st.integers(0, 3),
       fmt=st.sampled_from(FORMATS))
def test_every_format_round_trips(n, p, seed, ep, fmt, tmp_path_factory):
    g = nx.gnp_random_graph(n, p, seed=seed)
    t = Topology.from_networkx(g, endpoints_per_router=ep)
    path = t.write(tmp_path_factory.mktemp("rt") / f"g.{fmt}", fmt)
    kwargs = {"num_routers": n} if fmt == "edgelist" else {}
    back = parse(path.read_text(), fmt, endpoints_per_router=ep, **kwargs)
    assert np.array_equal(back.edges, t.edges) and back.num_routers == n
    assert np.array_equal(back.endpoints, t.endpoints)


@pytest.mark.parametrize("bad", [object(), 3, "graph", b"0 1", [[0, 1]], {"n": 3}, np.eye(3), nx.DiGraph([(0, 1)])])
def test_coercer_refuses_other_kinds_with_a_type_error(bad):
    with pytest.raises(TypeError):
        as_topology(bad)


# ------------------------------------------------------------------ issue 56: immutable topologies, no wraparound
@FUZZ
@given(n=st.integers(2, 8), seed=st.integers(0, 10**6), p=st.one_of(st.integers(0, 4), st.integers(2**28, 2**40)))
def test_topologies_are_immutable_and_their_hash_cannot_go_stale(n, seed, p):
    import copy
    import pickle

    rng = np.random.default_rng(seed)
    pairs = sorted({tuple(sorted(rng.choice(n, 2, replace=False).tolist())) for _ in range(n)})
    try:
        t = Topology.from_edges("t", "x", n, pairs, endpoints_per_router=p, labels={"g": np.arange(n)},
                                params={"k": [1]})
    except ValueError as exc:
        assert p * n > 2**31 - 1 and "MAX_ENDPOINTS" in str(exc)
        return
    assert t.num_endpoints == p * n and t.endpoints.tolist() == [p] * n  # exact: nothing wrapped
    h = t.content_hash()
    for arr in (t.edges, t.indptr, t.indices, t.endpoints, *t.labels.values()):
        assert not arr.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            arr[0] = arr[0]
    with pytest.raises(TypeError):
        t.labels["h"] = np.zeros(n)
    with pytest.raises(TypeError):
        t.params.update(k=2)
    for back in (pickle.loads(pickle.dumps(t)), copy.deepcopy(t)):
        assert back.content_hash() == h and not back.edges.flags.writeable and not back.labels["g"].flags.writeable
    mine = t.endpoints.copy()
    u = Topology("u", "x", n, t.edges, t.indptr, t.indices, mine)
    hu = u.content_hash()
    mine[:] = 0  # the caller's array, changed after construction, is not the topology's
    assert u.content_hash() == hu and u.endpoints.tolist() == t.endpoints.tolist()
