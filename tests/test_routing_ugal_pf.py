"""``"ugal-pf"``: the PolarStar authors' ``ugall4_pf_anynet`` (see :mod:`lowdiam.sim.routings.ugal_pf`).

The decision is checked hop by hop against the authors' rule (a walker drives the kernel function from
Python with chosen port occupancies), then inside the BookSim model: minimal at low load (bit-identical to
``"min-single"`` on the anynet table), non-minimal under adversarial load, reproducible per seed, within its
declared route length and free of deadlock with hop-indexed VCs.  Small graphs and short runs only.
"""

from __future__ import annotations

import numpy as np
import pytest

from lowdiam import topologies as T
from lowdiam.sim import simulate
from lowdiam.sim.booksim import booksim_anynet_table, run_booksim
from lowdiam.sim.booksim.options import SHARED_ROUTINGS
from lowdiam.sim.rng import new_state
from lowdiam.sim.routings import REGISTRY, ROUTINGS, build_route_tables, max_route_length, resolve_routing, ugal_pf
from lowdiam.sim.routings.base import DIRECT, EJECT, BuildContext, Network, PortState
from lowdiam.sim.tables import distances

PS = T.polarstar(2, "iq", 3, endpoints_per_router=2)  # 56 routers, degree 6, diameter 3
JF = T.jellyfish(24, 4, seed=2, endpoints_per_router=2)  # a random regular graph
BUF = 32  # the authors' vc_buf_size: the minimal route is kept while 3 q < 64, i.e. q <= 21
FAST = {"warmup_cycles": 200, "measure_cycles": 600}


# --------------------------------------------------------------- registry and options
def test_registered_as_a_shared_adaptive_routing():
    assert "ugal-pf" in ROUTINGS and REGISTRY["ugal-pf"] is ugal_pf.ROUTING
    assert "ugal-pf" in SHARED_ROUTINGS  # the BookSim model runs it through the dispatch
    r = REGISTRY["ugal-pf"]
    assert not r.oblivious and not r.minimal and not r.redecide
    assert [x.code for x in REGISTRY.values()].count(ugal_pf.CODE) == 1


def test_default_options_are_the_authors():
    _, opts = resolve_routing("ugal-pf", None)
    assert opts == {"threshold": None, "paths": "booksim-anynet"}
    assert resolve_routing("ugal-pf", {"threshold": 4.0, "paths": "random"})[1] == {"threshold": 4,
                                                                                    "paths": "random"}


@pytest.mark.parametrize(("options", "error", "words"), [
    ({"threshold": -1}, ValueError, "must be >= 0"),
    ({"threshold": 2.5}, ValueError, "nearest valid: 2 or 3"),
    ({"threshold": "4"}, TypeError, "must be an integer"),
    ({"threshold": True}, TypeError, "must be an integer"),
    ({"paths": "dijkstra"}, ValueError, "'booksim-anynet', 'random'"),
    ({"adaptive_threshold": 4}, ValueError, "valid keys: paths, threshold"),  # unused by ugall4_pf_anynet
    ({"inner": "min"}, ValueError, "valid keys: paths, threshold"),
])
def test_bad_options_are_refused_with_the_rule(options, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        resolve_routing("ugal-pf", options)


def test_threshold_message_names_the_authors_rule():
    with pytest.raises(ValueError, match="None for the authors' rule 3 q < 2 buffer_flits"):
        resolve_routing("ugal-pf", {"threshold": -3})


# --------------------------------------------------------------- the decision, hop by hop
class Walker:
    """The routing's tables and kernel function, driven from Python with chosen used credits."""

    def __init__(self, top, options=None, seed=1, buffer_flits=BUF):
        routing, opts = resolve_routing("ugal-pf", options)
        self.D = distances(top)
        memo = {}
        ctx = BuildContext(top, self.D, 0, 1, lambda key, build: memo.setdefault(key, build()))
        self.tabs, self.need = build_route_tables(routing, opts, ctx)
        self.ip, self.ix = top.indptr.astype(np.int32), top.indices.astype(np.int32)
        A = self.ix.size
        ep_router = np.repeat(np.arange(top.num_routers), top.endpoints).astype(np.int32)
        self.net = Network(self.ip, self.ix, np.ones(A, np.int32), ep_router)
        self.used = np.zeros(A + ep_router.size, np.int32)
        self.ports = PortState(self.used, np.zeros(A, np.int32), np.zeros(1, np.int32), self.need, buffer_flits)
        self.rs = new_state(seed)
        self.state = np.zeros(1, np.int64)

    def arc(self, c, v):
        return self.ip[c] + int(np.flatnonzero(self.ix[self.ip[c]:self.ip[c + 1]] == v)[0])

    def walk(self, s, t, used_at_source=None):
        """Routers visited from s to t; ``used_at_source`` ({neighbour: flits}) loads s's ports first."""
        ugal_pf.setup(0, s, t, self.tabs, self.state, self.rs)
        path, c = [s], s
        for hop in range(self.need + 1):
            self.used[:] = 0
            if hop == 0 and used_at_source:
                for v, q in used_at_source.items():
                    self.used[self.arc(s, v)] = q
            a = ugal_pf.next_hop(0, c, t, hop, self.tabs, self.net, self.state, self.ports, self.rs)
            if hop == 0:
                self.decided = int(self.state[0])
            if a == EJECT:
                assert c == t
                return path
            assert self.ip[c] <= a < self.ip[c + 1], (s, t, c, a)
            c = int(self.ix[a])
            path.append(c)
        raise AssertionError(f"route {s}->{t} longer than the declared {self.need} links: {path}")


def anynet_path(top, D, s, t):
    """The authors' fixed route: BookSim's anynet next-hop table, router by router."""
    nh = booksim_anynet_table(top, D)
    path = [s]
    while path[-1] != t:
        c = path[-1]
        path.append(int(top.indices[top.indptr[c] + nh[c, t]]))
    return path


def far_pair(w, top):
    s = 0
    t = int(np.flatnonzero(w.D[s] == 3)[0])
    return s, t


def test_idle_ports_keep_the_anynet_route():
    w = Walker(PS)
    for s in range(0, 56, 5):
        for t in range(0, 56, 3):
            assert w.walk(s, t) == anynet_path(PS, w.D, s, t)
            assert w.decided == DIRECT


def test_authors_threshold_is_two_thirds_of_a_vc_buffer():
    w = Walker(PS)
    s, t = far_pair(w, PS)
    route = anynet_path(PS, w.D, s, t)
    assert w.walk(s, t, {route[1]: 21}) == route  # 3 x 21 = 63 < 64: minimal
    misrouted = w.walk(s, t, {route[1]: 22})  # 66 >= 64: the least-loaded neighbour, lowest id among equals
    x = min(int(v) for v in PS.neighbors(s) if v != route[1])
    assert misrouted[:2] == [s, x] and w.decided == x
    assert misrouted[1:] == anynet_path(PS, w.D, x, t)  # then the anynet table from the intermediate
    assert len(misrouted) - 1 == 1 + w.D[x, t]


def test_least_loaded_neighbour_and_the_minimal_port_among_them():
    w = Walker(PS)
    s, t = far_pair(w, PS)
    route = anynet_path(PS, w.D, s, t)
    nbrs = [int(v) for v in PS.neighbors(s)]
    others = [v for v in nbrs if v != route[1]]
    load = {v: 30 for v in nbrs}
    load[route[1]] = 25
    load[others[-1]] = 3
    assert w.walk(s, t, load)[1] == others[-1]
    load[others[-1]] = 30  # every other port fuller than the minimal one: the minimal port is the choice
    assert w.walk(s, t, load) == route and w.decided == DIRECT


def test_adjacent_destination_goes_via_a_neighbour_of_the_chosen_neighbour():
    w = Walker(PS)
    s = 0
    t = int(PS.neighbors(s)[0])
    x = min(int(v) for v in PS.neighbors(s) if v != t)  # all other ports idle: the lowest id is chosen
    candidates = {int(f) for f in PS.neighbors(x)} - {s, t}
    seen = set()
    for _ in range(200):
        path = w.walk(s, t, {t: 40})
        f = w.decided
        assert f in candidates
        assert path[:path.index(f) + 1] == anynet_path(PS, w.D, s, f)  # the table's route to f, not via x
        assert path[path.index(f):] == anynet_path(PS, w.D, f, t)
        seen.add(f)
    assert seen == candidates  # uniform draw: every candidate turns up


def test_threshold_option_in_flits():
    w = Walker(PS, {"threshold": 5})
    s, t = far_pair(w, PS)
    route = anynet_path(PS, w.D, s, t)
    assert w.walk(s, t, {route[1]: 4}) == route
    assert w.walk(s, t, {route[1]: 5}) != route
    w0 = Walker(PS, {"threshold": 0})  # always compare: all ports idle, the lowest-id neighbour wins
    lowest = int(min(PS.neighbors(s)))
    assert w0.walk(s, t)[1] == lowest


def test_declared_route_length():
    D = distances(PS)
    assert max_route_length("ugal-pf", D, PS.endpoints > 0) == 5  # 2 + min(3, diameter 3)
    ring = T.Topology.from_edges("c6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)])
    w = Walker(ring, {"threshold": 0})
    assert w.need == 5
    assert w.walk(0, 1) == [0, 1]  # idle ports: the lowest-id neighbour is the destination, the minimal port
    # via 5 to its other neighbour 4, then the anynet table's 4 -> 1 (ties to the lower id: back through 5, 0)
    assert w.walk(0, 1, {1: 1}) == [0, 5, 4, 5, 0, 1]


# --------------------------------------------------------------- in the BookSim model
def test_minimal_at_low_load_bit_identical_to_min_single():
    kw = dict(seed=4, warmup_cycles=200, measure_cycles=1500, vcs=5, router_options={"vc_selection": "hop"})
    u = run_booksim(PS, "ugal-pf", "uniform", 0.05, **kw)
    m = run_booksim(PS, "min-single", "uniform", 0.05, routing_options={"paths": "booksim-anynet"}, **kw)
    assert u.packets_delivered == u.packets_measured > 0
    assert (u.latency_mean, u.hops_mean) == (m.latency_mean, m.hops_mean)
    assert np.array_equal(u.hop_histogram, m.hop_histogram)


def test_tiny_threshold_misroutes_under_adversarial_traffic():
    kw = dict(seed=2, **FAST)
    m = run_booksim(PS, "min-single", "neighbor", 0.6, vcs=5, router_options={"vc_selection": "hop"}, **kw)
    low = run_booksim(PS, "ugal-pf", "neighbor", 0.6, routing_options={"threshold": 1}, **kw)
    assert m.hops_mean == pytest.approx(1.0)  # every router sends to one neighbour
    assert low.hops_mean > 1.3 and np.sum(low.hop_histogram[2:]) > 0
    assert low.accepted_load > m.accepted_load


def test_deterministic_under_a_seed():
    kw = dict(routing_options={"threshold": 2}, **FAST)
    a = run_booksim(JF, "ugal-pf", "uniform", 0.5, seed=5, **kw)
    b = run_booksim(JF, "ugal-pf", "uniform", 0.5, seed=5, **kw)
    c = run_booksim(JF, "ugal-pf", "uniform", 0.5, seed=6, **kw)
    assert (a.latency_mean, a.accepted_load, a.hops_mean) == (b.latency_mean, b.accepted_load, b.hops_mean)
    assert np.array_equal(a.hop_histogram, b.hop_histogram)
    assert a.latency_mean != c.latency_mean


@pytest.mark.parametrize("top", [PS, JF], ids=["polarstar", "jellyfish"])
@pytest.mark.parametrize("traffic", ["uniform", "neighbor"])
def test_no_deadlock_and_routes_within_the_declared_length(top, traffic):
    # beyond saturation with a tiny threshold (most packets misrouted): a deadlock would raise ValueError,
    # a route longer than declared RuntimeError
    r = run_booksim(top, "ugal-pf", traffic, 1.0, seed=1, routing_options={"threshold": 1},
                    router_options={"deadlock_cycles": 500}, **FAST)
    bound = max_route_length("ugal-pf", distances(top), top.endpoints > 0)
    assert r.params["vcs"] == max(bound, 4) and r.params["router_options"]["vc_selection"] == "hop"
    assert len(r.hop_histogram) - 1 <= bound and r.packets_delivered > 0
    # below saturation every measured packet arrives
    r = run_booksim(top, "ugal-pf", traffic, 0.2, seed=1, routing_options={"threshold": 1}, **FAST)
    assert not r.saturated and r.packets_delivered == r.packets_measured > 0


def test_vc_counts():
    with pytest.raises(ValueError, match="too few"):  # hop classes need 5 VCs on a PolarStar
        run_booksim(PS, "ugal-pf", "uniform", 0.1, vcs=4, **FAST)
    # the authors' 4 VCs with any VC at every hop (their later hops): runs, may deadlock in general
    r = run_booksim(PS, "ugal-pf", "uniform", 0.3, vcs=4, seed=1, router_options={"vc_selection": "any"}, **FAST)
    assert not r.saturated and r.params["vcs"] == 4


def test_other_router_models():
    r = simulate(JF, "ugal-pf", "uniform", 0.2, router="ideal", seed=1, **FAST)
    assert not r.saturated and r.packets_delivered > 0
    with pytest.raises(ValueError, match="ugal-pf"):
        simulate(JF, "ugal-pf", "uniform", 0.2, router="caminos", seed=1, **FAST)
