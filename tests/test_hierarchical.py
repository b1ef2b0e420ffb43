"""Dragonfly, HyperX, Megafly and fat-tree: invariants, published values, bad input."""

import itertools

import networkx as nx
import numpy as np
import pytest
from conftest import reference_diameter, reference_distance_histogram

from lowdiam.topologies import dragonfly, dragonfly_canonical, fat_tree, hyperx, megafly, sstmacro_circulant_links


# ---------------------------------------------------------------- Dragonfly
@pytest.mark.parametrize("arrangement", ["absolute", "relative", "circulant"])
@pytest.mark.parametrize("a,h", [(2, 1), (4, 2), (3, 2), (6, 3)])
def test_dragonfly_invariants(a, h, arrangement):
    if arrangement == "circulant" and (a * h) % 2:
        pytest.skip("circulant needs a*h even (tested as bad input below)")
    t = dragonfly(a, h, 2, arrangement)
    g = a * h + 1
    assert t.num_routers == a * g
    assert set(t.degrees.tolist()) == {a - 1 + h}
    assert t.num_edges == g * a * (a - 1) // 2 + g * (g - 1) // 2
    assert reference_diameter(t) == 3
    grp = t.labels["group"]
    glob = t.edges[t.link_class == 1]
    pairs = {tuple(sorted((grp[u], grp[v]))) for u, v in glob}
    assert len(pairs) == len(glob) == g * (g - 1) // 2  # exactly one link per group pair
    local = t.edges[t.link_class == 0]
    assert np.all(grp[local[:, 0]] == grp[local[:, 1]])
    # every router has exactly h global links
    gdeg = np.bincount(glob.ravel(), minlength=t.num_routers)
    assert set(gdeg.tolist()) == {h}


def test_dragonfly_arrangements_differ():
    e = {
        arr: {tuple(x) for x in dragonfly(4, 2, 1, arr).edges.tolist()} for arr in ("absolute", "relative", "circulant")
    }
    assert e["absolute"] != e["relative"] != e["circulant"] != e["absolute"]


def _sstmacro_circulant_slow(a, g, h):
    """SST/macro's circulant wiring port by port from both ends: every router's "+k" and "-k" ports, each link
    seen twice (once from each end); returns the links once each, with their multiplicity."""
    from collections import Counter

    half, seen = h // 2, Counter()
    for G in range(g):
        for A in range(a):
            for k in range(1, half + 1):
                for sign in (1, -1):
                    to = (G + sign * (A * half + k)) % g
                    if to != G:
                        seen[(min(G * a + A, to * a + A), max(G * a + A, to * a + A))] += 1
    assert all(c % 2 == 0 for c in seen.values())  # every link is reached from both of its ends
    return sorted(e for e, c in seen.items() for _ in range(c // 2))


@pytest.mark.parametrize("a,g,h", [(2, 5, 2), (4, 9, 2), (3, 5, 2), (6, 25, 4), (16, 69, 8), (5, 7, 4), (4, 3, 2)])
def test_sstmacro_circulant_links_against_port_by_port_reference(a, g, h):
    links = sstmacro_circulant_links(a, g, h)
    assert links.tolist() == [list(e) for e in _sstmacro_circulant_slow(a, g, h)]


@pytest.mark.parametrize("a,h", [(2, 2), (4, 2), (3, 2), (6, 4), (16, 8)])
def test_dragonfly_circulant_is_sstmacro_circulant_at_full_size(a, h):
    """Our circulant arrangement has the same global links, router for router, as SST/macro's circulant wiring
    at g = a*h + 1 (no parallel links there)."""
    t = dragonfly(a, h, 1, "circulant")
    glob = t.edges[np.asarray(t.link_class) == 1]
    glob = glob[np.lexsort((glob[:, 1], glob[:, 0]))]
    ref = sstmacro_circulant_links(a, a * h + 1, h)
    assert len(np.unique(ref, axis=0)) == len(ref)
    assert np.array_equal(glob, ref)


def test_sstmacro_circulant_spectralfly_dragonfly_is_a_multigraph():
    """The SpectralFly paper's DF (a = 16, h = 8, p = 8, 69 groups, circulant): every pair of groups joined,
    but router 8 of every group reaches 4 routers by 2 parallel links each."""
    links = sstmacro_circulant_links(16, 69, 8)
    pairs, count = np.unique(links, axis=0, return_counts=True)
    assert len(links) == 69 * 16 * 8 // 2 and int((count == 2).sum()) == 138 and count.max() == 2
    doubled = pairs[count == 2]
    assert set((doubled % 16).ravel().tolist()) == {8}
    groups = {tuple(sorted(x)) for x in (pairs // 16).tolist()}
    assert len(groups) == 69 * 68 // 2
    with pytest.raises(ValueError, match="even h"):
        sstmacro_circulant_links(16, 69, 7)
    with pytest.raises(ValueError, match="g >= 2"):
        sstmacro_circulant_links(16, 1, 8)


def test_dragonfly_table3():
    t = dragonfly(12, 6, 6)  # PolarStar Table 3: 876 routers, radix 17, 5,256 endpoints
    assert (t.num_routers, t.radix, t.num_endpoints) == (876, 17, 5256)
    assert reference_diameter(t) == 3


@pytest.mark.parametrize("a,n,mean", [(12, 156, 2.70), (24, 600, 2.84)])
def test_dragonfly_canonical_spectralfly_table1(a, n, mean):
    t = dragonfly_canonical(a)
    h = reference_distance_histogram(t)
    assert (t.num_routers, t.radix, len(h) - 1) == (n, a, 3)
    assert round((np.arange(len(h)) * h).sum() / (h[1:].sum()), 2) == mean
    assert nx.girth(t.to_networkx()) == 3


def test_dragonfly_bad_input():
    with pytest.raises(ValueError, match="arrangement"):
        dragonfly(4, 2, 2, "palmtree")
    with pytest.raises(ValueError, match="a\\*h even"):
        dragonfly(3, 1, 1, "circulant")
    with pytest.raises(ValueError, match="h >= 1"):
        dragonfly(4, 0, 2)
    with pytest.raises(ValueError, match="p >= 0"):
        dragonfly(4, 1, -1)
    with pytest.raises(ValueError):
        dragonfly_canonical(1)


# ------------------------------------------------------------------- HyperX
@pytest.mark.parametrize("sides", [(2, 2, 2), (3, 4, 5), (9, 9, 8), (5,), (3, 3)])
def test_hyperx_is_hamming_graph(sides):
    t = hyperx(*sides)
    ref = nx.complete_graph(sides[0])
    for s in sides[1:]:
        ref = nx.cartesian_product(ref, nx.complete_graph(s))
    assert t.num_routers == ref.number_of_nodes() and t.num_edges == ref.number_of_edges()
    assert set(t.degrees.tolist()) == {sum(s - 1 for s in sides)}
    assert reference_diameter(t) == len(sides)
    coords = t.labels["coords"]
    for u, v in t.edges[:200]:
        assert (coords[u] != coords[v]).sum() == 1


def test_hyperx_table3_and_bad_input():
    t = hyperx(9, 9, 8, endpoints_per_router=8)
    assert (t.num_routers, t.radix, t.num_endpoints) == (648, 23, 5184)
    assert hyperx(9, 9, 8).endpoints_per_router == 8  # default: a third of the radix
    with pytest.raises(ValueError, match=">= 2"):
        hyperx(9, 1, 8)
    with pytest.raises(ValueError):
        hyperx()


# ------------------------------------------------------------------ Megafly
def test_megafly_table3():
    t = megafly(8, 16, 8)  # PolarStar Table 3: 1,040 routers, radix 16, 4,160 endpoints
    assert (t.num_routers, t.radix, t.num_endpoints) == (1040, 16, 4160)
    assert t.endpoint_routers.sum() == t.num_routers // 2  # "half the routers have endpoints"
    assert t.total_radix == 16  # leaves: 8 up + 8 endpoints; spines: 8 down + 8 global


@pytest.mark.parametrize("rho,a", [(1, 2), (2, 4), (3, 6), (4, 4)])
def test_megafly_invariants(rho, a):
    t = megafly(rho, a)
    half, g = a // 2, (a // 2) * rho + 1
    assert t.num_routers == a * g
    role, grp = t.labels["role"], t.labels["group"]
    deg = t.degrees
    assert set(deg[role == 0].tolist()) == {half} and set(deg[role == 1].tolist()) == {half + rho}
    glob = t.edges[t.link_class == 1]
    assert len({tuple(sorted((grp[u], grp[v]))) for u, v in glob}) == len(glob) == g * (g - 1) // 2
    assert np.all(role[glob] == 1)  # global links only between spines
    d = reference_distance_histogram(t)
    # leaf-to-leaf distance <= 3 (exact BFS among endpoint routers)
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import shortest_path

    A = csr_matrix((np.ones(len(t.indices)), t.indices, t.indptr))
    D = shortest_path(A, unweighted=True)
    leaves = np.flatnonzero(role == 0)
    assert D[np.ix_(leaves, leaves)].max() <= 3
    assert len(d) - 1 <= 5  # spine-to-spine: spine, leaf, spine, global, spine


def test_megafly_bad_input():
    with pytest.raises(ValueError, match="even"):
        megafly(4, 7)
    with pytest.raises(ValueError, match="rho >= 1"):
        megafly(0, 8)


# ----------------------------------------------------------------- Fat-tree
def _naive_kary_ntree(k, n):
    g = nx.Graph()
    words = list(itertools.product(range(k), repeat=n - 1))
    for l in range(n - 1):
        for w in words:
            for w2 in words:
                if all(w[i] == w2[i] for i in range(n - 1) if i != (n - 2 - l)):
                    g.add_edge((l, w), (l + 1, w2))
    return g


@pytest.mark.parametrize("k,n", [(2, 2), (2, 3), (3, 3), (4, 3), (2, 4)])
def test_fat_tree_invariants(k, n):
    t = fat_tree(k, n)
    per = k ** (n - 1)
    assert t.num_routers == n * per and t.num_edges == (n - 1) * k**n
    lev = t.labels["level"]
    assert set(t.degrees[lev == 0].tolist()) == {k}
    assert set(t.degrees[lev == n - 1].tolist()) == {k}
    if n > 2:
        assert set(t.degrees[(lev > 0) & (lev < n - 1)].tolist()) == {2 * k}
    assert t.num_endpoints == k**n and np.all(t.endpoint_routers == (lev == n - 1))
    assert reference_diameter(t) == 2 * (n - 1)
    assert nx.is_isomorphic(t.to_networkx(), _naive_kary_ntree(k, n))


def test_fat_tree_table3_and_bad_input():
    t = fat_tree(18, 3)  # PolarStar Table 3: 972 routers, radix 36 (= 2p), 5,832 endpoints
    assert (t.num_routers, t.radix, t.num_endpoints) == (972, 36, 5832)
    assert t.endpoint_routers.sum() == 324  # one-third of the routers carry endpoints
    with pytest.raises(ValueError, match="k >= 2"):
        fat_tree(1)
    with pytest.raises(ValueError, match="n >= 2"):
        fat_tree(4, 1)


def _dragonfly_edges_dense_reference(a, h, arrangement):
    """Global links as the constructor built them before the port lookup: the back port by a dense comparison."""
    from lowdiam.topologies._dragonfly import _global_targets

    G, ports = a * h + 1, a * h
    tgt = _global_targets(G, ports, arrangement)
    x, j, t = np.repeat(np.arange(G), ports), np.tile(np.arange(ports), G), tgt.ravel()
    back = np.argmax(tgt[t] == x[:, None], axis=1)
    keep = x < t
    return np.stack([x[keep] * a + j[keep] // h, t[keep] * a + back[keep] // h], axis=1)


@pytest.mark.parametrize("a, h", [(2, 1), (4, 2), (6, 3), (5, 4)])
@pytest.mark.parametrize("arrangement", ["absolute", "relative", "circulant"])
def test_dragonfly_global_links_match_dense_reference(a, h, arrangement):
    from lowdiam.topologies import dragonfly

    if arrangement == "circulant" and (a * h) % 2:
        pytest.skip("circulant needs a*h even")
    top = dragonfly(a, h, 1, arrangement)
    ref = _dragonfly_edges_dense_reference(a, h, arrangement)
    glob = top.edges[np.asarray(top.link_class) == 1]
    assert len(glob) == len(ref) == (a * h + 1) * a * h // 2
    assert np.array_equal(np.unique(np.sort(glob, axis=1), axis=0), np.unique(np.sort(ref, axis=1), axis=0))
