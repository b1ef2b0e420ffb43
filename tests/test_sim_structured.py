"""Structured routings: PolarStar analytic minimal routing (Sec. 9.2), Dragonfly hierarchical MIN / UGAL.

Each is checked against an independent reference: routes walked hop by hop for every router pair
and compared with BFS distances (networkx), adjacency decided from factor-graph tables compared
with the real graph, hierarchical distances compared with a BFS over (router, globals used) states.
"""

from __future__ import annotations

import functools
import itertools

import networkx as nx
import numpy as np
import pytest

from lowdiam import topologies as T
from lowdiam.metrics.distances import distance_matrix
from lowdiam.sim import simulate as _simulate
from lowdiam.sim.rng import new_state
from lowdiam.sim.routing import (
    NO_ROUTE,
    dragonfly_fields,
    hier_min_arc,
    hierarchical_distances,
    polarstar_arc,
    polarstar_fields,
    ps_adjacent,
)

# These tests pin the ideal router model (simulate's default is the BookSim model since issue 15);
# the BookSim and CAMINOS models have their own test modules.
simulate = functools.partial(_simulate, router="ideal")

SMALL_POLARSTARS = [("iq", 3, 3), ("iq", 4, 4), ("paley", 5, 2), ("paley", 4, 2), ("bdf", 3, 2), ("complete", 4, 3)]


@pytest.fixture(scope="module", params=SMALL_POLARSTARS, ids=[f"{s}-q{q}-d{d}" for s, q, d in SMALL_POLARSTARS])
def ps(request):
    sn, q, d = request.param
    return T.polarstar(q, sn, d)


def test_polarstar_adjacency_from_factor_tables_is_exact(ps):
    tb = polarstar_fields(ps)
    n = ps.num_routers
    A = np.zeros((n, n), bool)
    A[ps.edges[:, 0], ps.edges[:, 1]] = True
    A |= A.T
    B = np.array(
        [
            [
                ps_adjacent(
                    u, t, tb["ps_structure"], tb["ps_supernode"], tb["ps_f"], tb["ps_quadric"], tb["ps_sv"], tb["ps_sn"]
                )
                for t in range(n)
            ]
            for u in range(n)
        ]
    )
    assert np.array_equal(A, B)
    # factor tables only: far smaller than the N x N distance table they replace
    assert tb["ps_structure"].size + tb["ps_supernode"].size < n * n / 4


def test_polarstar_min_routes_are_shortest_paths_for_every_pair(ps):
    tb = polarstar_fields(ps)
    D = nx.floyd_warshall_numpy(ps.to_networkx())  # independent reference
    ip, ix = ps.indptr.astype(np.int32), ps.indices.astype(np.int32)
    rs = new_state(7)
    n = ps.num_routers
    left_source_supernode = 0
    for s in range(n):
        for t in range(n):
            if s == t:
                continue
            c, hops = s, 0
            while c != t:
                a = polarstar_arc(
                    c,
                    t,
                    ip,
                    ix,
                    tb["ps_structure"],
                    tb["ps_supernode"],
                    tb["ps_f"],
                    tb["ps_quadric"],
                    tb["ps_sv"],
                    tb["ps_sn"],
                    rs,
                )
                assert a != NO_ROUTE and ip[c] <= a < ip[c + 1]
                c = ix[a]
                hops += 1
                assert hops <= 3
            assert hops == D[s, t], (s, t)
            if D[s, t] == 3:
                first = polarstar_arc(
                    s,
                    t,
                    ip,
                    ix,
                    tb["ps_structure"],
                    tb["ps_supernode"],
                    tb["ps_f"],
                    tb["ps_quadric"],
                    tb["ps_sv"],
                    tb["ps_sn"],
                    rs,
                )
                left_source_supernode += tb["ps_sv"][ix[first]] != tb["ps_sv"][s]
    assert left_source_supernode > 0  # 3-hop routes start with the hop to (a1, f(x'))


def test_polarstar_min_simulates_like_min():
    top = T.polarstar(3, "iq", 3, endpoints_per_router=2)
    a = simulate(top, "polarstar-min", "uniform", 0.3, warmup_cycles=300, measure_cycles=1500, seed=4)
    b = simulate(top, "min", "uniform", 0.3, warmup_cycles=300, measure_cycles=1500, seed=4)
    assert a.params["vcs"] == 3
    assert a.hops_mean == pytest.approx(b.hops_mean, rel=0.03)
    assert a.accepted_load == pytest.approx(b.accepted_load, rel=0.05)
    assert not a.saturated


def test_polarstar_min_refuses_other_families():
    with pytest.raises(ValueError, match="PolarStar topologies only"):
        simulate(T.slimfly(5), "polarstar-min", "uniform", 0.1)


def _hier_reference(top) -> np.ndarray:
    """BFS over states (router, globals used <= 1): shortest routes with at most one global link."""
    n = top.num_routers
    cls = {tuple(sorted(e)): int(c) for e, c in zip(top.edges.tolist(), top.link_class)}
    g = nx.DiGraph()
    for (u, v), c in cls.items():
        for a, b in ((u, v), (v, u)):
            if c == 0:
                g.add_edge((a, 0), (b, 0))
                g.add_edge((a, 1), (b, 1))
            else:
                g.add_edge((a, 0), (b, 1))
    out = np.full((n, n), 255, dtype=np.int64)
    for s in range(n):
        lengths = nx.single_source_shortest_path_length(g, (s, 0))
        for (v, _), d in lengths.items():
            out[s, v] = min(out[s, v], d)
    return out


@pytest.mark.parametrize(
    "make",
    [
        lambda: T.dragonfly_canonical(3),
        lambda: T.dragonfly(4, 2, 1),
        lambda: T.dragonfly(4, 2, 1, arrangement="circulant"),
        lambda: T.megafly(3, 4),
    ],
    ids=["df-canonical3", "df-a4h2", "df-a4h2-circulant", "megafly-3-4"],
)
def test_hierarchical_distances_and_df_min_routes(make):
    top = make()
    Dh = hierarchical_distances(top)
    assert np.array_equal(Dh.astype(np.int64), _hier_reference(top))
    assert (Dh >= distance_matrix(top)).all()
    tb = dragonfly_fields(top)
    ip, ix = top.indptr.astype(np.int32), top.indices.astype(np.int32)
    grp = np.asarray(top.labels["group"])
    rs = new_state(3)
    for s in range(top.num_routers):
        for t in range(top.num_routers):
            c, hops, globals_ = s, 0, 0
            while c != t:
                a = hier_min_arc(c, t, ip, ix, tb["dist"], tb["group"], tb["arc_cls"], rs)
                assert a != NO_ROUTE
                globals_ += int(tb["arc_cls"][a])
                c = ix[a]
                hops += 1
            assert hops == Dh[s, t] and globals_ == int(grp[s] != grp[t])


def test_df_routings_refuse_graphs_without_all_group_pairs_linked():
    with pytest.raises(ValueError, match="global link between every pair of groups"):
        simulate(T.slimfly(5), "df-min", "uniform", 0.1)
    with pytest.raises(ValueError, match="group labels"):
        simulate(T.polarstar(3, "iq", 3), "df-ugal", "uniform", 0.1)


def test_df_ugal_beats_df_min_under_group_adversarial_traffic():
    """Classic Dragonfly result: all of a group's traffic to one other group saturates the single
    global link under MIN; UGAL spreads it over Valiant routes."""
    top = T.dragonfly_canonical(4)
    kw = {"warmup_cycles": 500, "measure_cycles": 1500, "seed": 2}
    mn = simulate(top, "df-min", "adversarial", 0.5, **kw)
    ug = simulate(top, "df-ugal", "adversarial", 0.5, **kw)
    assert mn.saturated and mn.accepted_load < 0.25
    assert ug.accepted_load > 1.5 * mn.accepted_load
    low = simulate(top, "df-ugal", "uniform", 0.05, **kw)
    assert low.hops_mean < 1.1 * simulate(top, "df-min", "uniform", 0.05, **kw).hops_mean


# --------------------------------------------------------------- k-shortest paths, Galaxyfly NAG
def test_ksp_pools_match_yen_on_small_graphs():
    from itertools import islice

    from lowdiam.sim.routing import ksp_tables

    g = nx.random_regular_graph(4, 14, seed=5)
    top = T.Topology.from_edges("rrg14", "jellyfish", 14, list(g.edges()), endpoints_per_router=1)
    D = distance_matrix(top)
    k = 5
    paths, counts = ksp_tables(top, D, k=k, seed=1)
    L = int(D.max()) + 1
    paths = paths.reshape(14, 14, k, L + 1)
    counts = counts.reshape(14, 14)
    for s in range(14):
        for t in range(14):
            if s == t:
                continue
            ours = [[int(v) for v in paths[s, t, j] if v >= 0] for j in range(counts[s, t])]
            for path in ours:
                assert path[0] == s and path[-1] == t and len(set(path)) == len(path)
                assert all(g.has_edge(u, v) for u, v in itertools.pairwise(path))
            assert len({tuple(p) for p in ours}) == len(ours)
            # Yen's algorithm (networkx): the k shortest simple paths have the same lengths,
            # truncated to the D + 1 links we enumerate
            yen = [len(p) - 1 for p in islice(nx.shortest_simple_paths(g, s, t), k)]
            yen = [x for x in yen if x <= L]
            assert sorted(len(p) - 1 for p in ours) == yen


def test_ksp_spreads_neighbour_traffic_and_nag_adapts():
    g = nx.random_regular_graph(8, 60, seed=1)
    top = T.Topology.from_edges("rrg60", "jellyfish", 60, list(g.edges()), endpoints_per_router=3)
    kw = {"warmup_cycles": 300, "measure_cycles": 1500, "seed": 1}
    mn = simulate(top, "min", "neighbor", 0.6, **kw)
    ksp = simulate(top, "ksp", "neighbor", 0.6, **kw)
    assert mn.accepted_load <= 1 / 3 * 1.02  # one link carries the three endpoints' traffic
    assert ksp.accepted_load > 1.1 * mn.accepted_load and ksp.hops_mean > 1.5
    assert ksp.params["vcs"] == int(distance_matrix(top).max()) + 1
    # NAG: minimal at low load, misroutes via other groups when the minimal port is congested
    df = T.dragonfly_canonical(4)
    low = simulate(df, "nag", "uniform", 0.05, **kw)
    assert low.hops_mean == pytest.approx(simulate(df, "min", "uniform", 0.05, **kw).hops_mean, rel=0.02)
    adv_min = simulate(df, "min", "adversarial", 0.5, **kw)
    adv_nag = simulate(df, "nag", "adversarial", 0.5, **kw)
    assert adv_nag.accepted_load > 1.3 * adv_min.accepted_load
    assert adv_nag.hop_histogram.size - 1 <= 7


def test_ksp_and_nag_bad_input():
    with pytest.raises(ValueError, match="ksp_paths"):
        simulate(T.dragonfly_canonical(3), "ksp", "uniform", 0.1, routing_options={"paths": 0})
    with pytest.raises(ValueError, match="supernode"):
        simulate(T.hyperx(3, 3), "nag", "uniform", 0.1)


def test_source_min_draws_uniform_shortest_paths():
    from lowdiam.sim.routing import shortest_path_counts_table, weighted_min_arc

    g = nx.random_regular_graph(4, 20, seed=2)
    top = T.Topology.from_edges("rrg20", "jellyfish", 20, list(g.edges()), endpoints_per_router=1)
    D = distance_matrix(top)
    N = shortest_path_counts_table(D, top.indptr, top.indices)
    ref = {(s, t): len(list(nx.all_shortest_paths(g, s, t))) for s in range(20) for t in range(20) if s != t}
    assert all(N[s, t] == c for (s, t), c in ref.items())
    # empirical path frequencies of the hop-by-hop weighted draw are uniform over the shortest paths
    s, t = max(ref, key=ref.get)
    ip, ix = top.indptr.astype(np.int32), top.indices.astype(np.int32)
    rs = new_state(1)
    counts = {}
    draws = 400 * ref[(s, t)]
    for _ in range(draws):
        c, path = s, [s]
        while c != t:
            c = ix[weighted_min_arc(c, t, ip, ix, D, N, rs)]
            path.append(int(c))
        counts[tuple(path)] = counts.get(tuple(path), 0) + 1
    assert len(counts) == ref[(s, t)]
    assert max(counts.values()) < 1.3 * min(counts.values())
    res = simulate(top, "source-min", "uniform", 0.3, warmup_cycles=200, measure_cycles=800, drain="all", seed=1)
    assert res.packets_delivered == res.packets_measured and res.hops_mean == pytest.approx(
        simulate(top, "min", "uniform", 0.3, warmup_cycles=200, measure_cycles=800, seed=1).hops_mean, rel=0.05
    )


@pytest.mark.parametrize("iq", ["authors", "alternate"])
def test_polarstar_min_reads_the_topologys_own_supernode_convention(iq):
    """polarstar-min rebuilds its factor tables with the topology's iq= convention (both deliver everything)."""
    from lowdiam.topologies import polarstar

    top = polarstar(2, "iq", 7, endpoints_per_router=1, iq=iq)
    r = simulate(top, "polarstar-min", "uniform", 0.1, warmup_cycles=100, measure_cycles=200, seed=1)
    assert r.hops_mean <= 3 and not r.saturated


def test_polarstar_min_refuses_conventions_it_cannot_route():
    from lowdiam.topologies import polarstar

    with pytest.raises(ValueError, match="orientation='lowdiam'"):
        simulate(polarstar(3, "paley", 2, orientation="authors"), "polarstar-min", "uniform", 0.1)
