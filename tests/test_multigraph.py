"""Topologies with parallel links (multigraphs): the SpectralFly paper's 69-group circulant Dragonfly and what the
simulators make of a doubled link."""

import networkx as nx
import numpy as np
import pytest
from conftest import reference_diameter

import lowdiam.topologies as T  # noqa: F401 - used by eval() of constructor strings
from lowdiam import labels
from lowdiam.sim import simulate
from lowdiam.topologies import dragonfly, sstmacro_circulant_links
from lowdiam.topologies.base import Topology


def test_parallel_links_are_kept_only_when_asked_for():
    with pytest.raises(ValueError, match="parallel_links=True"):
        Topology.from_edges("two", "custom", 2, [[0, 1], [1, 0]])
    t = Topology.from_edges("two", "custom", 3, [[0, 1], [1, 0], [1, 2]], parallel_links=True)
    assert t.parallel_links and t.num_edges == 3 and t.degrees.tolist() == [2, 3, 1]
    assert t.indices.tolist() == [1, 1, 0, 0, 2, 1]
    g = t.to_networkx()
    assert isinstance(g, nx.MultiGraph) and g.number_of_edges(0, 1) == 2
    assert t.with_endpoints(3).parallel_links
    simple = Topology.from_edges("one", "custom", 3, [[0, 1], [1, 2]], parallel_links=True)
    assert not simple.parallel_links and type(simple.to_networkx()) is nx.Graph  # nothing repeated: a simple graph
    assert simple.content_hash() != t.content_hash()
    assert t.edge_list() == "0 1\n0 1\n1 2\n"
    for fmt in ("anynet", "caminos"):  # BookSim's anynet reader would merge the two links into one channel
        with pytest.raises(ValueError, match="parallel links"):
            t.write("unused", fmt)
    # direct construction: the flag must say what the arrays are
    with pytest.raises(ValueError, match="parallel_links is False"):
        Topology("x", "custom", 3, t.edges, t.indptr, t.indices, t.endpoints)
    with pytest.raises(ValueError, match="no link is repeated"):
        Topology("x", "custom", 3, simple.edges, simple.indptr, simple.indices, simple.endpoints,
                 parallel_links=True)


def test_dragonfly_with_fewer_groups_is_sstmacro_circulant_wiring():
    t = dragonfly(16, 8, 8, "circulant", groups=69)  # the SpectralFly paper's DF (Sec. VI-B)
    glob = t.edges[np.asarray(t.link_class) == 1]
    assert np.array_equal(glob, sstmacro_circulant_links(16, 69, 8))
    assert (t.num_routers, t.num_endpoints, t.num_edges) == (1104, 8832, 69 * 120 + 4416)
    assert set(t.degrees.tolist()) == {15 + 8} and t.parallel_links
    grp = np.asarray(t.labels["group"])
    joined = {tuple(sorted(x)) for x in grp[glob].tolist()}
    assert len(joined) == 69 * 68 // 2
    assert labels.label(t) == "DF(16,8,8,circulant,g=69)"
    rebuilt = eval("T." + labels.constructor(t))
    assert rebuilt.content_hash() == t.content_hash()
    # the maximum group count is the simple graph of arrangement="circulant", unchanged
    assert dragonfly(4, 2, 1, "circulant", groups=9).content_hash() == dragonfly(4, 2, 1, "circulant").content_hash()


def test_small_multigraph_dragonfly_distances_agree_with_networkx():
    t = dragonfly(4, 2, 1, "circulant", groups=6)  # router 2 of every group: offsets +3 and -3 reach one group
    pairs, count = np.unique(t.edges, axis=0, return_counts=True)
    assert t.parallel_links and int((count == 2).sum()) == 3
    assert reference_diameter(t) == nx.diameter(t.to_networkx()) == 3
    from lowdiam.metrics.distances import diameter

    assert diameter(t) == 3


def test_dragonfly_groups_bad_input():
    with pytest.raises(ValueError, match="circulant arrangement only"):
        dragonfly(16, 8, 8, "absolute", groups=69)
    with pytest.raises(ValueError, match="even h"):
        dragonfly(4, 3, 1, "circulant", groups=7)
    with pytest.raises(ValueError, match=r"\[2, a\*h \+ 1 = 9\]"):
        dragonfly(4, 2, 1, "circulant", groups=10)
    with pytest.raises(ValueError, match="returns to the router's own group"):
        dragonfly(4, 2, 1, "circulant", groups=4)


@pytest.mark.parametrize("router,routing", [("booksim", "min"), ("ideal", "min"), ("caminos", "min-adaptive")])
def test_a_doubled_link_carries_twice_the_traffic(router, routing):
    """Two routers, 8 endpoints each, uniform traffic: about half of it crosses, so one link saturates near load
    2/8 * 16/15 and two parallel links near twice that.  Each parallel link is a channel of its own."""
    one = Topology.from_edges("one", "custom", 2, [[0, 1]], endpoints_per_router=8)
    two = Topology.from_edges("two", "custom", 2, [[0, 1], [0, 1]], endpoints_per_router=8, parallel_links=True)
    kw = dict(router=router, warmup_cycles=300, measure_cycles=600)
    r1, r2 = (simulate(t, routing, "uniform", 0.4, **kw) for t in (one, two))
    assert r1.saturated and r1.accepted_load < 0.25
    assert not r2.saturated and r2.accepted_load > 0.35
    assert r2.link_utilization_max < 0.95  # the load is split over both links, not put on one


def test_multigraph_dragonfly_runs_hierarchical_and_adaptive_routings():
    t = dragonfly(4, 2, 2, "circulant", groups=6)
    for routing in ("df-min", "df-ugal", "min", "valiant"):
        r = simulate(t, routing, "uniform", 0.1, warmup_cycles=200, measure_cycles=400)
        assert not r.saturated and r.packets_delivered == r.packets_measured, routing
