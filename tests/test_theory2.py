"""lowdiam.theory / design additions of issue 18 (scale2): brute-force references on small cases."""

import itertools

import networkx as nx
import numpy as np
import pytest

from lowdiam import design as D
from lowdiam import theory as th
from lowdiam.published import cayley
from lowdiam.topologies import Topology, galaxyfly_size, hyperx, polarstar


def test_galaxy_generator_checks_small_fields():
    for q in (3, 4, 5, 7, 9):
        assert all(th.galaxy_generator_checks(q).values()), q
    with pytest.raises(ValueError):
        th.galaxy_generator_checks(6)


def test_galaxy_lemma22_fails_for_a_wrong_map():
    # the check can fail: H(x) = x does not carry X onto X' (reference by hand for q = 5)
    X, Xp = {1, 4}, {2, 3}
    assert not all(((x - y) % 5 in X) == ((x - y) % 5 in Xp) for x in range(5) for y in range(5))


def test_vertex_transitive_reference():
    assert th.is_vertex_transitive(nx.cycle_graph(7))
    assert th.is_vertex_transitive(nx.complete_bipartite_graph(3, 3))
    assert not th.is_vertex_transitive(nx.complete_bipartite_graph(2, 3))
    # a regular but not vertex-transitive graph: the Frucht graph (trivial automorphism group)
    assert not th.is_vertex_transitive(nx.frucht_graph())


def _naive_coverage(top, allowed):
    g = nx.Graph(top.edges.tolist())
    dist = dict(nx.all_pairs_shortest_path_length(g))
    ok = lambda s, t, c, d: allowed(dist[s][c], dist[c][t], dist[s][d], dist[d][t])  # noqa: E731
    minimal = all(ok(s, t, p[i], p[i + 1]) for s, t in itertools.permutations(g, 2)
                  for p in nx.all_shortest_paths(g, s, t) for i in range(len(p) - 1))
    n_all = n_some = n_tri = 0
    tot = good = 0
    for s, t in itertools.permutations(g, 2):
        for m in g:
            if m in (s, t):
                continue
            flags = [all(ok(s, t, p[i], p[i + 1]) for i in range(len(p) - 1))
                     for p1 in nx.all_shortest_paths(g, s, m) for p2 in nx.all_shortest_paths(g, m, t)
                     for p in [p1 + p2[1:]]]
            n_tri += 1
            n_all += all(flags)
            n_some += any(flags)
            tot += len(flags)
            good += sum(flags)
    return minimal, n_all / n_tri, n_some / n_tri, good / tot


PETERSEN = Topology.from_edges("P", "petersen", 10, list(nx.petersen_graph().edges()))


@pytest.mark.parametrize("top", [hyperx(3, 3), PETERSEN], ids=["HX(3x3)", "Petersen"])
def test_polarized_route_coverage_matches_enumeration(top):
    rule = lambda a, b, na, nb: (nb - na) < (b - a) or ((nb - na) == (b - a) and (a < na if a < b else nb < b))  # noqa: E731
    got = th.polarized_route_coverage(top, rule)
    want = _naive_coverage(top, rule)
    assert got["minimal_all"] == want[0]
    assert got["valiant_all"] == pytest.approx(want[1])
    assert got["valiant_some"] == pytest.approx(want[2])
    assert got["valiant_paths"] == pytest.approx(want[3])
    assert th.polarized_route_coverage(top, lambda *x: False)["valiant_some"] == 0.0


def test_shuffle_fanout_by_hand():
    top = polarstar(3, "iq", 0)  # 13 supernodes of 2 routers
    f = th.shuffle_supernode_fanout(top)
    lab = np.asarray(top.labels["supernode"])
    ep = np.repeat(np.arange(top.num_routers), np.asarray(top.endpoints))
    b = int(np.floor(np.log2(ep.size)))
    src = np.arange(1 << b)
    dst = ((src << 1) | (src >> (b - 1))) & ((1 << b) - 1)
    for g in np.unique(lab[ep[src]]):
        sel = lab[ep[src]] == g
        assert f["fanout"][int(g)] == len(set(lab[ep[dst[sel]]].tolist()) - {int(g)})


def test_shuffle_wrap_offset_against_enumeration():
    # aligned <=> every supernode lying wholly in the upper half of the 2^b sources sends to at most two
    # supernodes (counting its own), enumerated on plain endpoint numbers
    for n in (40, 100, 257, 1000, 5320):
        for m in range(1, 80):
            r = th.shuffle_wrap_offset(n, m)
            b = r["bits"]
            src = np.arange(1 << b)
            dst = ((src << 1) | (src >> (b - 1))) & ((1 << b) - 1)
            upper = [k for k in range((1 << b) // m) if k * m >= 1 << (b - 1)]
            worst = max((len(set((dst[k * m:(k + 1) * m] // m).tolist())) for k in upper), default=None)
            if worst is not None:
                assert (worst <= 2) == r["aligned"], (n, m, r, worst)
    with pytest.raises(ValueError, match="supernode_endpoints"):
        th.shuffle_wrap_offset(100, 0)


def test_hyperx_balanced_brute_force():
    for r, dims, c in [(48, 3, 1), (48, 5, 1), (48, 5, 2), (20, 2, 1)]:
        best = max((s**dims * c * s, s) for s in range(2, r) if dims * (s - 1) + c * s <= r)
        assert D.hyperx_balanced_max_endpoints(r, dims, c)[0] == best[0]


def test_galaxyfly_square_search_brute_force():
    r = 10
    best = 0
    for q in (3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 32):
        for a, h in itertools.product(range(1, r), repeat=2):
            routers, k, _ = galaxyfly_size(q, q, a)
            p = r - (a - 1) - h
            if p >= 1 and a * h >= q - 1 + (q - {1: 1, 3: -1, 0: 0}[q % 4]) // 2:
                best = max(best, routers * p)
    assert D.galaxyfly_square_search(r)[0] == best
    assert D.galaxyfly_square_search(r, lambda c: False) == (0, None)


def test_galaxyfly_dragonfly_ratio_consistent():
    for a in (4, 6, 8):
        ratio, cfg, df = D.galaxyfly_dragonfly_ratio(a, a // 2)
        assert df == galaxyfly_size(a * a // 2 + 1, 1, a)[0]
        assert ratio * df == galaxyfly_size(cfg["n"], cfg["q"], a, a // 2)[0]


def test_cayley_source():
    assert cayley.abas_general_order(10) == 50.0
    assert cayley.RECORD_VT_DEGREES >= {16, 35}
    with pytest.raises(ValueError, match="degree >= 8"):
        cayley.abas_general_order(7)
