"""Channel-load bounds: closed forms, a brute-force path enumeration, and the simulator staying below them."""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from lowdiam.sim import simulate as _simulate
from lowdiam.sim.bounds import BOUND_ROUTINGS, channel_load_bound, endpoint_demand
from lowdiam.topologies import Topology

# These tests pin the ideal router model (simulate's default is the BookSim model since issue 15);
# the BookSim and CAMINOS models have their own test modules.
simulate = functools.partial(_simulate, router="ideal")

SHORT = {"warmup_cycles": 300, "measure_cycles": 800}


def from_nx(g, name, p):
    g = nx.convert_node_labels_to_integers(g, ordering="sorted")
    return Topology.from_edges(name, "test", g.number_of_nodes(), list(g.edges()), endpoints_per_router=p)


def arc_index(top):
    src = np.repeat(np.arange(top.num_routers), np.diff(top.indptr))
    return {(int(a), int(b)): i for i, (a, b) in enumerate(zip(src, top.indices))}


def reference_loads(g, top, demand, rule):
    """Slow reference: per pair, exact fractions of flow on every arc (hop-by-hop split or all shortest paths)."""
    idx = arc_index(top)
    loads = np.zeros(top.indices.size)
    dist = dict(nx.all_pairs_shortest_path_length(g))
    for s in g:
        for t in g:
            if s == t or demand[s, t] == 0:
                continue
            if rule == "path":
                paths = list(nx.all_shortest_paths(g, s, t))
                for path in paths:
                    for a, b in itertools.pairwise(path):
                        loads[idx[(a, b)]] += demand[s, t] / len(paths)
            else:
                mass = {s: Fraction(1)}
                for d in range(dist[s][t], 0, -1):
                    for c in [v for v in mass if dist[v][t] == d]:
                        nxt = [v for v in g[c] if dist[v][t] == d - 1]
                        for v in nxt:
                            share = mass[c] / len(nxt)
                            loads[idx[(c, v)]] += float(share) * demand[s, t]
                            mass[v] = mass.get(v, 0) + share
                        del mass[c]
    return loads


@pytest.mark.parametrize("n,p", [(5, 1), (6, 3), (9, 2)])
def test_complete_graph_closed_form(n, p):
    top = from_nx(nx.complete_graph(n), f"K{n}", p)
    ne = n * p
    b = channel_load_bound(top, "min", "uniform")
    # every arc carries exactly the p*p / (NE - 1) flits/cycle of its router pair
    assert np.allclose(b.arc_loads, p * p / (ne - 1))
    assert b.bound == pytest.approx(min(1.0, (ne - 1) / p**2))
    v = channel_load_bound(top, "valiant", "uniform")
    assert v.bound == pytest.approx(min(1.0, (ne - 1) / (2 * p**2)))


@pytest.mark.parametrize("seed", [1, 2])
def test_valiant_loads_are_twice_min_under_uniform(seed):
    top = from_nx(nx.random_regular_graph(4, 20, seed=seed), "rrg20", 2)
    m = channel_load_bound(top, "min", "uniform")
    v = channel_load_bound(top, "valiant", "uniform")
    assert np.allclose(v.arc_loads, 2 * m.arc_loads)
    assert v.hops_mean == pytest.approx(2 * m.hops_mean, rel=1e-12)


@pytest.mark.parametrize("routing,rule", [("min", "hop"), ("source-min", "path")])
@pytest.mark.parametrize("traffic", ["uniform", "randperm", "server_perm"])
def test_against_path_enumeration(routing, rule, traffic):
    g = nx.random_regular_graph(3, 16, seed=5)
    top = from_nx(g, "rrg16", 2)
    b = channel_load_bound(top, routing, traffic, seed=4)
    dem, _ = endpoint_demand(top, traffic, seed=4)
    np.fill_diagonal(dem, 0)
    assert np.allclose(b.arc_loads, reference_loads(g, top, dem, rule))


def test_valiant_against_enumeration():
    g = nx.petersen_graph()
    top = from_nx(g, "petersen", 1)
    dem, _ = endpoint_demand(top, "randperm", seed=2)
    np.fill_diagonal(dem, 0)
    n = top.num_routers
    two_phase = np.zeros((n, n))
    for s in range(n):
        for t in range(n):
            if dem[s, t]:
                for m in set(range(n)) - {s, t}:
                    two_phase[s, m] += dem[s, t] / (n - 2)
                    two_phase[m, t] += dem[s, t] / (n - 2)
    b = channel_load_bound(top, "valiant", "randperm", seed=2)
    assert np.allclose(b.arc_loads, reference_loads(g, top, two_phase, "hop"))


def test_min_single_follows_one_path_and_conserves_flit_hops():
    top = from_nx(nx.random_regular_graph(4, 30, seed=7), "rrg30", 3)
    for rt in BOUND_ROUTINGS:
        if rt == "gf-min":
            continue  # needs link classes: tests/test_gf_min.py
        b = channel_load_bound(top, rt, "uniform", seed=1)
        assert b.arc_loads.sum() == pytest.approx(b.hops_mean * top.num_endpoints)
    single = channel_load_bound(top, "min-single", "uniform", seed=1)
    spread = channel_load_bound(top, "min", "uniform", seed=1)
    assert single.max_arc_load >= spread.max_arc_load - 1e-12  # one path per pair cannot balance better


def test_demand_rows_and_ejection():
    top = from_nx(nx.random_regular_graph(4, 24, seed=1), "rrg24", 3)
    for tr in ("uniform", "server_perm", "shuffle", "hotspot"):
        dem, ej = endpoint_demand(top, tr, seed=0)
        active_per_router = dem.sum(1)
        assert np.all(active_per_router <= 3 + 1e-12)
        assert ej.sum() == pytest.approx(dem.sum())
    dem, ej = endpoint_demand(top, "server_perm", seed=0)
    assert np.allclose(ej, 1.0)  # a permutation: every endpoint receives exactly one stream


@pytest.mark.parametrize("routing,traffic", [("min", "uniform"), ("valiant", "uniform"), ("min", "randperm"),
                                             ("min-single", "uniform")])
def test_simulator_saturates_above_the_bound(routing, traffic):
    """Serving every source at an offered load above the bound would push > 1 flit/cycle through some link.

    (Accepted load *beyond* saturation may exceed the bound: sources off the
    bottleneck keep injecting, so it is the offered rate that is tested.)
    """
    top = from_nx(nx.random_regular_graph(4, 24, seed=3), "rrg24", 4)
    b = channel_load_bound(top, routing, traffic, seed=2)
    sim = dict(packet_flits=4, vcs=None, buffer_flits=32, seed=2, **SHORT)
    over = simulate(top, routing, traffic, min(1.0, 1.15 * b.bound), **sim)
    assert over.saturated or over.accepted_load < 0.97 * over.offered_load_actual
    under = simulate(top, routing, traffic, 0.5 * b.bound, **sim)  # and the bound is not vacuous
    assert not under.saturated
    assert under.accepted_load == pytest.approx(under.offered_load_actual, rel=0.05)


def test_bad_input():
    top = from_nx(nx.cycle_graph(6), "ring6", 1)
    with pytest.raises(ValueError, match="oblivious.*'min'.*'df-min'"):
        channel_load_bound(top, "ugal")
    with pytest.raises(ValueError, match="unknown traffic pattern"):
        channel_load_bound(top, "min", "no-such-pattern")
    with pytest.raises(ValueError, match="endpoints_per_router"):
        channel_load_bound(top, "min", endpoints_per_router=0)
    two = from_nx(nx.path_graph(2), "p2", 2)
    with pytest.raises(ValueError, match="at least 3 routers"):
        channel_load_bound(two, "valiant")
    split = from_nx(nx.disjoint_union(nx.cycle_graph(3), nx.cycle_graph(3)), "split", 1)
    with pytest.raises(ValueError, match="disconnected"):
        channel_load_bound(split, "min")


def test_docstring_examples():
    import doctest

    from lowdiam.sim import bounds

    assert doctest.testmod(bounds).failed == 0


def test_min_single_bound_with_booksim_anynet_paths_matches_that_table():
    # BookSim's Dijkstra table (ties to the lowest router id) funnels a fat-tree's single paths through one core
    # router: its bound must follow the table the booksim model routes with, not the seeded random one
    import numpy as np

    from lowdiam.sim import channel_load_bound
    from lowdiam.sim.booksim import booksim_anynet_table
    from lowdiam.sim.tables import distances
    from lowdiam.topologies import fat_tree

    top = fat_tree(4, 3)
    anynet = channel_load_bound(top, "min-single", paths="booksim-anynet")
    seeded = channel_load_bound(top, "min-single")
    assert anynet.bound < seeded.bound
    # slow reference: walk every router pair's path through the table, count arc traversals per unit demand
    D = distances(top)
    pos = booksim_anynet_table(top, D)
    ep = np.asarray(top.endpoints, dtype=float)
    n = top.num_routers
    loads = np.zeros(top.indices.size)
    total = ep.sum()
    for s in range(n):
        for t in range(n):
            if s == t or ep[s] == 0 or ep[t] == 0:
                continue
            demand = ep[s] * ep[t] / (total - 1)  # uniform over the other endpoints, one flit per endpoint
            c = s
            while c != t:
                a = top.indptr[c] + pos[c, t]
                loads[a] += demand
                c = top.indices[a]
    assert np.allclose(anynet.arc_loads, loads)


def test_paths_option_applies_to_min_single_only():
    import pytest

    from lowdiam.sim import channel_load_bound
    from lowdiam.topologies import slimfly

    with pytest.raises(ValueError, match="min-single"):
        channel_load_bound(slimfly(5), "min", paths="booksim-anynet")
    with pytest.raises(ValueError, match="seeded"):
        channel_load_bound(slimfly(5), "min-single", paths="dijkstra")


@pytest.mark.parametrize("traffic", ["uniform", "bitrev", "transpose"])
def test_df_min_has_gf_min_loads_on_a_dragonfly_and_is_refused_elsewhere(traffic):
    from lowdiam.topologies import dragonfly

    top = dragonfly(4, 2, 2)
    a, b = channel_load_bound(top, "df-min", traffic), channel_load_bound(top, "gf-min", traffic)
    assert np.array_equal(a.arc_loads, b.arc_loads) and a.bound == b.bound and a.routing == "df-min"
    ring = from_nx(nx.cycle_graph(6), "ring6", 1)
    with pytest.raises(ValueError, match="group labels"):
        channel_load_bound(ring, "df-min", traffic)
    with pytest.raises(ValueError, match="'min-single' only, not 'df-min'"):
        channel_load_bound(top, "df-min", traffic, paths="booksim-anynet")
