"""lowdiam.cost.scaling: Dragonfly and Dragonfly+ sizes against built networks."""

from __future__ import annotations

import networkx as nx
import pytest

from lowdiam import topologies as T
from lowdiam.cost import scaling as S


@pytest.mark.parametrize("r", [7, 8, 11, 15, 19])
def test_dragonfly_size_matches_the_constructor(r):
    d = S.dragonfly_size(r)
    t = T.dragonfly(d["a"], d["h"], d["p"])
    assert (t.num_routers, t.num_endpoints) == (d["routers"], d["terminals"])
    assert int((t.degrees + t.endpoints).max()) == d["radix"] <= r
    # balanced and maximal: one more global port per router would exceed the radix
    assert d["a"] == 2 * d["p"] == 2 * d["h"] and 2 * (d["h"] + 1) - 1 + 2 * (d["h"] + 1) > r


def _dragonfly_plus_graph(r: int, groups: int) -> tuple[nx.Graph, dict[int, int]]:
    """Brute-force reference: leaves / spines per group, spine global ports paired group x -> x + j + 1."""
    half = r // 2
    g = nx.Graph()
    hosts = {}
    node = lambda x, kind, i: (x, kind, i)  # noqa: E731
    for x in range(groups):
        for i in range(half):
            hosts[node(x, "leaf", i)] = half
            for j in range(half):
                g.add_edge(node(x, "leaf", i), node(x, "spine", j))
    for x in range(groups):
        for port in range(groups - 1):  # one global link to every other group
            y = (x + port + 1) % groups
            if x < y:
                back = (x - y - 1) % groups  # the port of group y that reaches x
                g.add_edge(node(x, "spine", port // half), node(y, "spine", back // half))
    return g, hosts


@pytest.mark.parametrize(("r", "groups"), [(4, 5), (6, 10), (8, 17), (8, 9)])
def test_dragonfly_plus_size_matches_a_built_network(r, groups):
    g, hosts = _dragonfly_plus_graph(r, groups)
    d = S.dragonfly_plus_size(r, groups)
    assert g.number_of_nodes() == d["routers"] and sum(hosts.values()) == d["terminals"]
    ports = [g.degree(v) + hosts.get(v, 0) for v in g]
    assert max(ports) <= r
    if groups == (r // 2) ** 2 + 1:
        assert min(ports) == r  # the maximum uses every port
    quotient = nx.quotient_graph(g, lambda u, v: u[0] == v[0])
    assert nx.density(quotient) == 1.0  # every pair of groups is joined


def test_same_size_is_smallest_radix_and_fewest_groups():
    for n in (10, 272, 1056, 26406):
        d = S.same_size_dragonfly_plus(n)
        assert d["terminals"] >= n
        assert S.dragonfly_plus_size(d["radix"] - 2)["terminals"] < n if d["radix"] > 2 else True
        if d["groups"] > 1:
            assert S.dragonfly_plus_size(d["radix"], d["groups"] - 1)["terminals"] < n


@pytest.mark.parametrize(("fn", "arg", "msg"), [
    (S.dragonfly_size, 2, "integer >= 3"), (S.dragonfly_plus_size, 7, "must be even"),
    (S.dragonfly_plus_size, 1.5, "integer >= 2"), (S.same_size_dragonfly_plus, 0, "positive integer")])
def test_bad_input_raises(fn, arg, msg):
    with pytest.raises(ValueError, match=msg):
        fn(arg)
    with pytest.raises(ValueError, match="groups must be"):
        S.dragonfly_plus_size(8, 18)
