"""Property-based fuzzing of the analyses and constructors this branch owns.

Valid graphs (seeded random ones) must give the reference answer (networkx / numpy); arguments of any
kind must give a clean ``ValueError`` / ``TypeError`` or a valid result -- never another exception, a
crash or a hang.  Deterministic (derandomised) and bounded (small graphs, few examples, an alarm).
"""

from __future__ import annotations

import math

import networkx as nx
import numpy as np
from conftest import bounded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lowdiam import faults as F
from lowdiam import topologies as T
from lowdiam.edst import edst_packing, tree_depth, tree_depths, verify_edsts
from lowdiam.metrics import bisection, cut_size, distance_stats, girth, spectral
from lowdiam.topologies import Topology

FUZZ = settings(max_examples=30, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
CLEAN = (ValueError, TypeError)
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.floats(-2, 40), st.just(math.nan),
                     st.just(math.inf), st.text("ab1", max_size=2), st.lists(st.integers(0, 3), max_size=3))




def clean_or(call):
    """Run ``call``; a clean error is fine (returns None); anything else propagates and fails the test."""
    with bounded(30):
        try:
            return call()
        except CLEAN:
            return None


graphs = st.builds(lambda n, p, s: nx.gnp_random_graph(n, p, seed=s),
                   st.integers(2, 14), st.floats(0.15, 1.0), st.integers(0, 10**6))


# ------------------------------------------------------------------ metrics against networkx / numpy
@FUZZ
@given(g=graphs)
def test_distances_match_networkx(g):
    st_ = distance_stats(g)
    n = g.number_of_nodes()
    lengths = dict(nx.all_pairs_shortest_path_length(g))
    hist = np.bincount([d for s in lengths for d in lengths[s].values()])
    assert st_.histogram.tolist() == hist.tolist()
    assert st_.connected == nx.is_connected(g)
    assert st_.diameter == (nx.diameter(g) if nx.is_connected(g) else math.inf)
    assert st_.unreachable_pairs == n * n - sum(len(v) for v in lengths.values())


@FUZZ
@given(g=graphs, trials=ANYTHING, seed=ANYTHING)
def test_bisection_is_a_real_cut_or_refused(g, trials, seed):
    b = clean_or(lambda: bisection(g, trials=trials, seed=seed))
    if b is not None:
        assert isinstance(trials, int) and not isinstance(trials, bool) and trials >= 1
        assert cut_size(g, b.part) == b.cut_edges and abs(int(b.part.sum()) * 2 - g.number_of_nodes()) <= 1


@FUZZ
@given(g=graphs)
def test_spectrum_and_girth_match_references(g):
    if g.number_of_edges() == 0:
        return
    sp = spectral(g, method="dense")
    eig = np.sort(np.linalg.eigvalsh(nx.to_numpy_array(g)))[::-1]
    assert math.isclose(sp.lambda_max, eig[0], abs_tol=1e-8)
    assert math.isclose(sp.lambda_min, eig[-1], abs_tol=1e-8)
    assert np.allclose(sp.eigenvalues, eig, atol=1e-8)
    want = min((len(c) for c in nx.minimum_cycle_basis(g)), default=math.inf)
    assert girth(g) == want


# ------------------------------------------------------------------ faults
@FUZZ
@given(g=graphs, trials=ANYTHING, seed=ANYTHING, batch=ANYTHING)
def test_disconnection_ratio_is_valid_or_refused(g, trials, seed, batch):
    r = clean_or(lambda: F.disconnection_ratio(g, trials=trials, seed=seed, batch=batch))
    if r is None:
        return
    assert nx.is_connected(g) and g.number_of_edges() > 0
    assert r.shape == (int(trials),) and np.all((r > 0) & (r <= 1))
    # independent check of trial 0: remove links in order until networkx sees a split
    t = Topology.from_networkx(g)
    order = F.failure_sequences(t, 1, int(seed))[0]
    h = t.to_networkx()
    for k, e in enumerate(order, 1):
        h.remove_edge(*t.edges[e])
        if not nx.is_connected(h):
            assert r[0] == k / t.num_edges
            break


@FUZZ
@given(g=graphs, ratios=st.one_of(ANYTHING, st.lists(st.floats(-0.5, 1.5), min_size=1, max_size=3)),
       metrics=st.sampled_from([("diameter",), ("mean_distance", "diameter"), "diameter", ("girth",), ()]),
       sources=ANYTHING)
def test_metrics_along_sequence_valid_or_refused(g, ratios, metrics, sources):
    def call():
        t = Topology.from_networkx(g)
        order = F.failure_sequences(t, 1, 0)[0]
        return F.metrics_along_sequence(t, order, ratios, metrics=metrics, sources=sources)

    out = clean_or(call)
    if out is not None:
        r = np.asarray(ratios, dtype=float).reshape(-1)
        assert np.all((r >= 0) & (r < 1)) and all(out[m].shape == r.shape for m in metrics)


# ------------------------------------------------------------------ EDSTs
@FUZZ
@given(g=graphs)
def test_edst_packing_verifies_and_meets_the_bound(g):
    p = edst_packing(g)
    n, m = g.number_of_nodes(), g.number_of_edges()
    assert verify_edsts(g, p.trees)
    assert len(p.trees) <= m // (n - 1)
    if nx.is_connected(g):
        assert len(p.trees) >= 1
    depths = tree_depths(g, p.trees)
    assert all(0 < d < n for d in depths)


@FUZZ
@given(n=st.integers(1, 9), seed=st.integers(0, 10**6), root=ANYTHING, nv=ANYTHING)
def test_tree_depth_is_the_bfs_depth_or_refused(n, seed, root, nv):
    tree = nx.random_labeled_tree(n, seed=seed) if hasattr(nx, "random_labeled_tree") else nx.random_tree(n, seed=seed)
    edges = np.array(list(tree.edges()), dtype=np.int64).reshape(-1, 2)
    nv = n if isinstance(nv, list) else nv
    got = clean_or(lambda: tree_depth(nv, edges, root=root))
    if got is None:
        return
    assert nv == n and not isinstance(nv, bool)
    if root is None:
        assert got == min(nx.eccentricity(tree).values()) if n > 1 else got == 0
    else:
        assert not isinstance(root, bool) and root == int(root) and 0 <= root < n
        assert got == (nx.eccentricity(tree, v=int(root)) if n > 1 else 0)


# ------------------------------------------------------------------ constructors owned here
@FUZZ
@given(n=ANYTHING, degree=ANYTHING, seed=st.one_of(st.none(), st.integers(0, 5), st.just(-1), st.just(1.5)),
       ep=st.one_of(st.none(), ANYTHING))
def test_jellyfish_is_a_connected_regular_graph_or_refused(n, degree, seed, ep):
    t = clean_or(lambda: T.jellyfish(n, degree, seed, endpoints_per_router=ep))
    if t is None:
        return
    assert t.num_routers == n and np.all(t.degrees == degree)
    assert nx.is_connected(t.to_networkx())
    if ep is not None:
        assert np.all(t.endpoints == ep) and not isinstance(ep, bool)
    again = T.jellyfish(n, degree, t.params["seed"], endpoints_per_router=ep)
    assert np.array_equal(again.edges, t.edges)  # reproducible from its recorded seed


@FUZZ
@given(sides=st.lists(ANYTHING, min_size=0, max_size=3), ep=st.one_of(st.none(), ANYTHING))
def test_hyperx_is_the_hamming_graph_or_refused(sides, ep):
    t = clean_or(lambda: T.hyperx(*sides, endpoints_per_router=ep))
    if t is None:
        return
    sides = [int(s) for s in sides]
    ref = nx.cartesian_product(nx.complete_graph(sides[0]), nx.complete_graph(sides[1])) if len(sides) == 2 else None
    assert t.num_routers == math.prod(sides) and t.radix == sum(s - 1 for s in sides)
    if ref is not None:
        assert nx.is_isomorphic(ref, t.to_networkx())


@FUZZ
@given(rho=ANYTHING, a=ANYTHING, p=st.one_of(st.none(), ANYTHING))
def test_megafly_or_refused(rho, a, p):
    t = clean_or(lambda: T.megafly(rho, a, p))
    if t is None:
        return
    g = int(a) // 2 * int(rho) + 1
    assert t.num_routers == int(a) * g and t.num_edges == g * (int(a) // 2) ** 2 + g * (g - 1) // 2


@FUZZ
@given(k=ANYTHING, levels=ANYTHING)
def test_fat_tree_or_refused(k, levels):
    t = clean_or(lambda: T.fat_tree(k, levels))
    if t is None:
        return
    k, levels = int(k), int(levels)
    assert t.num_routers == levels * k ** (levels - 1) and t.num_endpoints == k**levels
