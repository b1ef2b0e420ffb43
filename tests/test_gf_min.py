"""``gf-min``, the Galaxyfly paper's supernode-by-supernode MIN: its channel loads against a brute force over all
simple paths, its tables against their definition, and the simulator's draws against ``min`` and ``df-min`` where
the routings coincide."""

from __future__ import annotations

import functools

import networkx as nx
import numpy as np
import pytest

from lowdiam.sim import channel_load_bound, simulate
from lowdiam.sim.routings.gf_min import fewest_global_costs, gf_min_fields
from lowdiam.topologies import dragonfly_canonical, galaxyfly, hyperx, megafly


def fewest_global_channel_load(top, traffic="uniform"):
    return channel_load_bound(top, "gf-min", traffic)


def _brute_force_loads(top, cutoff):
    """Arc loads under uniform traffic from every simple path of at most ``cutoff`` links: best (global links,
    links) routes, next hop uniform among the first hops of the best routes (independent of the library's Dijkstra
    costs and level sweep; a cutoff below a true best route's length makes the loads differ, never agree)."""
    n = top.num_routers
    glob = {frozenset(map(int, e)) for e, c in zip(top.edges, top.link_class) if c == 1}
    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(map(tuple, top.edges.tolist()))

    @functools.cache
    def first_hops(c, t):
        best, hops = None, set()
        for path in nx.all_simple_paths(g, c, t, cutoff=cutoff):
            key = (sum(frozenset(e) in glob for e in zip(path, path[1:])), len(path) - 1)
            if best is None or key < best:
                best, hops = key, {path[1]}
            elif key == best:
                hops.add(path[1])
        return tuple(sorted(hops))

    p = top.endpoints.astype(float)
    total = p.sum()
    arc = {(int(u), int(v)): a for u in range(n) for a, v in
           zip(range(top.indptr[u], top.indptr[u + 1]), top.indices[top.indptr[u]:top.indptr[u + 1]])}
    loads = np.zeros(top.indices.size)
    for s in range(n):
        for t in range(n):
            if s == t or p[s] == 0 or p[t] == 0:
                continue
            flow = {s: p[s] * p[t] / (total - 1)}  # endpoints of s send uniformly to the other endpoints
            while flow:
                nxt = {}
                for c, f in flow.items():
                    if c == t:
                        continue
                    hs = first_hops(c, t)
                    for v in hs:
                        loads[arc[(c, v)]] += f / len(hs)
                        nxt[v] = nxt.get(v, 0.0) + f / len(hs)
                flow = {c: f for c, f in nxt.items() if c != t}
    return loads


@pytest.mark.parametrize("args", [(3, 5, 2, 1), (4, 5, 2, 1)])
def test_loads_match_brute_force(args):
    top = galaxyfly(*args)
    assert top.link_class is not None and 0 < int(np.sum(top.link_class == 0)) < top.link_class.size
    ours = fewest_global_channel_load(top)
    C, _ = fewest_global_costs(top)
    assert np.allclose(ours.arc_loads, _brute_force_loads(top, int((C % (top.num_routers + 1)).max()) + 1))
    assert ours.bound == pytest.approx(min(1.0, 1.0 / ours.arc_loads.max()))
    assert ours.arc_loads.sum() == pytest.approx(ours.hops_mean * top.num_endpoints)  # flit-hops conserved


def test_costs_are_lexicographic():
    top = galaxyfly(3, 5, 2, 1)
    C, weight = fewest_global_costs(top)
    W = top.num_routers + 1
    assert set(np.unique(weight)) == {1, W + 1}
    globals_, links = C // W, C % W
    assert (links >= globals_).all() and (np.diag(C) == 0).all()
    # a route with fewer global links wins even when it is longer: some pair takes more links than its distance
    from lowdiam.sim.tables import distances

    assert (links >= distances(top)).all() and (links > distances(top)).any()


def test_all_global_links_is_min():
    top = galaxyfly(3, 5, 1, 2)  # a = 1: every link joins two supernodes
    assert (np.asarray(top.link_class) == 1).all()
    for tr in ("uniform", "worst_case"):
        a, b = fewest_global_channel_load(top, tr), channel_load_bound(top, "min", tr)
        assert np.allclose(a.arc_loads, b.arc_loads) and a.hops_mean == pytest.approx(b.hops_mean)


def test_needs_link_classes():
    top = hyperx(3, 3)
    if top.link_class is not None:
        pytest.skip("hyperx carries link classes")
    with pytest.raises(ValueError, match="link classes"):
        fewest_global_channel_load(top)
    with pytest.raises(ValueError, match="link classes"):
        simulate(top, "gf-min", "uniform", 0.1, warmup_cycles=10, measure_cycles=10)


def test_tables_are_the_costs():
    top = galaxyfly(3, 5, 2, 1)
    f = gf_min_fields(top)
    C, _ = fewest_global_costs(top)
    W = top.num_routers + 1
    assert (f["dist"] == C % W).all() and (f["glob_dist"] == C // W).all()
    assert (f["dist"] == f["dist"].T).all() and (f["glob_dist"] == f["glob_dist"].T).all()


SIM = dict(warmup_cycles=100, measure_cycles=400, seed=5)


def test_is_min_draw_for_draw_when_every_link_is_global():
    # the ideal router's "min" (the BookSim model runs its own "min" at another pipeline stage, with other VC
    # rules, so only route lengths are compared there: test_simulated_routes_are_the_best_routes)
    top = galaxyfly(3, 5, 1, 2)
    a = simulate(top, "gf-min", "uniform", 0.4, router="ideal", **SIM).to_dict()
    b = simulate(top, "min", "uniform", 0.4, router="ideal", **SIM).to_dict()
    for k in ("routing", "wall_seconds", "cpu_seconds", "params"):
        a.pop(k, None), b.pop(k, None)
    assert a == b


@pytest.mark.parametrize("make", [lambda: dragonfly_canonical(3), lambda: megafly(3, 4)])
def test_is_df_min_draw_for_draw_on_dragonflies(make):
    # fewest global links between groups is one, and the fewest local hops around it are df-min's routes
    top = make()
    a = simulate(top, "gf-min", "uniform", 0.4, **SIM).to_dict()
    b = simulate(top, "df-min", "uniform", 0.4, **SIM).to_dict()
    for k in ("routing", "wall_seconds", "cpu_seconds", "params"):
        a.pop(k, None), b.pop(k, None)
    assert a == b


@pytest.mark.parametrize("router", ["ideal", "booksim"])
def test_simulated_routes_are_the_best_routes(router):
    """At low load the simulator's mean route length is the bound model's, and longer than min's (GF(3,5,2,2)
    has pairs whose fewest-global route is longer than their distance)."""
    top = galaxyfly(3, 5, 2, 2)
    kw = dict(warmup_cycles=200, measure_cycles=3000, seed=1, router=router)
    sim = simulate(top, "gf-min", "uniform", 0.05, **kw)
    assert sim.hops_mean == pytest.approx(fewest_global_channel_load(top).hops_mean, rel=0.03)
    assert sim.hops_mean > 1.02 * simulate(top, "min", "uniform", 0.05, **kw).hops_mean
    assert sim.packets_delivered == sim.packets_measured


def _level_sweep_loads(top, net):
    """gf-min's arc loads in the vectorised level-by-level form the compiled sweep replaced: per target, all arcs of
    one cost level at once (costliest first), each source's flow split over its qualifying arcs."""
    C, weight = fewest_global_costs(top)
    n = top.num_routers
    indptr, indices = np.asarray(top.indptr, dtype=np.int64), np.asarray(top.indices, dtype=np.int64)
    src = np.repeat(np.arange(n), np.diff(indptr))
    loads = np.zeros(indices.size)
    for t in range(n):
        flow = net[:, t].copy()
        if not flow.any():
            continue
        cost = C[:, t]
        qual = cost[indices] + weight == cost[src]
        n_qual = np.bincount(src[qual], minlength=n)
        for level in np.unique(cost[cost > 0])[::-1]:
            arcs = np.flatnonzero(qual & (cost[src] == level))
            share = flow[src[arcs]] / n_qual[src[arcs]]
            loads[arcs] += share
            np.add.at(flow, indices[arcs], share)
    return loads


@pytest.mark.parametrize("args", [(3, 5, 2, 2), (5, 9, 3, 2), (11, 29, 2, 5)])
@pytest.mark.parametrize("traffic", ["uniform", "worst_case", "randperm"])
def test_compiled_sweep_gives_the_level_sweeps_floats(args, traffic):
    """The compiled per-router sweep adds every term in the level sweep's order: the same floats, so recorded
    bounds do not move."""
    from lowdiam.sim.bounds import _fewest_global_loads, endpoint_demand

    top = galaxyfly(*args)
    net, _ = endpoint_demand(top, traffic, 3)
    np.fill_diagonal(net, 0.0)
    loads, lengths = _fewest_global_loads(top, net)
    assert np.array_equal(loads, _level_sweep_loads(top, net))
    assert np.array_equal(lengths, fewest_global_costs(top)[0] % (top.num_routers + 1))
