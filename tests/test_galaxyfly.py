"""Galaxy graph and Galaxyfly (Galaxyfly paper Sec. 2, Tables 2 and 5)."""

import numpy as np
import pytest

from conftest import reference_diameter, reference_distance_histogram
from lowdiam.topologies import galaxy_graph, galaxyfly
from lowdiam.topologies.galaxyfly import galaxyfly_size


@pytest.mark.parametrize("n,q", [(1, 5), (2, 3), (3, 5), (4, 4), (3, 7), (5, 8), (4, 9), (2, 13), (6, 1)])
def test_galaxy_graph_invariants(n, q):
    g = galaxy_graph(n, q)
    delta = {0: 0, 1: 1, 3: -1}[q % 4]
    deg = n - 1 + (q - delta) // 2
    assert g.num_routers == n * q
    assert set(g.degrees.tolist()) == {deg}
    assert reference_diameter(g) <= 2  # Theorem 2.1


def test_galaxy_graph_fig1_example():
    # n = 3, q = 5: X = {1, 4}, H(x) = 2x: H(1)=2, H(2)=4, H(3)=1, H(4)=3
    g = galaxy_graph(3, 5)
    e = {tuple(x) for x in g.edges.tolist()}
    intra0 = {(u, v) for u, v in e if u < 5 and v < 5}
    assert intra0 == {(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)}
    between_01 = {(u, v - 5) for u, v in e if u < 5 <= v < 10}
    assert between_01 == {(0, 0), (2, 1), (4, 2), (1, 3), (3, 4)}


# Galaxyfly Table 5: GF(n,q,a,p) -> total radix r, diameter, N_r
TABLE5 = [
    ((11, 29, 1, 10), 34, 2, 319),
    ((15, 29, 1, 7), 35, 2, 435),
    ((56, 1, 11, 5), 20, 3, 616),
    ((81, 1, 10, 4), 21, 3, 810),
    ((11, 29, 2, 5), 18, 4, 638),
    ((15, 37, 2, 3), 20, 4, 1110),
    ((11, 37, 4, 2), 12, 5, 1628),
    ((15, 29, 4, 2), 12, 5, 1740),
]


@pytest.mark.parametrize("cfg,r,diam,nr", TABLE5)
def test_table5(cfg, r, diam, nr):
    t = galaxyfly(*cfg)
    assert t.num_routers == nr
    assert t.radix + t.endpoints_per_router == r
    assert reference_diameter(t) == diam
    assert galaxyfly_size(*cfg[:3])[:2] == (nr, t.radix)


@pytest.mark.parametrize("cfg,diam", [
    ((1, 1, 5, 2), 1),   # fully connected K_a
    ((6, 1, 1, 2), 1),   # fully connected K_n
    ((3, 5, 1, 2), 2),   # Galaxy graph
    ((7, 1, 3, 2), 3),   # Dragonfly
    ((3, 5, 2, 2), 5),   # general: diameter <= 5
])
def test_table2_shapes(cfg, diam):
    t = galaxyfly(*cfg)
    d = reference_diameter(t)
    assert d <= diam and (d == diam or cfg == (3, 5, 2, 2))


def test_structure_supernodes_and_global_links():
    t = galaxyfly(5, 7, 3, 2)
    sn = t.labels["supernode"]
    loc = t.edges[t.link_class == 0]
    assert np.all(sn[loc[:, 0]] == sn[loc[:, 1]])
    glob = t.edges[t.link_class == 1]
    g = galaxy_graph(5, 7)
    pairs = {tuple(sorted((sn[u], sn[v]))) for u, v in glob}
    assert pairs == {tuple(e) for e in g.edges.tolist()}  # exactly the Galaxy graph's links
    gdeg = np.bincount(glob.ravel(), minlength=t.num_routers)
    assert gdeg.max() <= t.params["h"]
    h = reference_distance_histogram(t)
    assert h.sum() == t.num_routers**2


def test_bad_input():
    with pytest.raises(ValueError, match="≡ 2"):
        galaxyfly(3, 2, 2, 2)
    with pytest.raises(ValueError, match="not a prime power"):
        galaxyfly(3, 15, 2, 2)
    with pytest.raises(ValueError, match="smallest valid h is 7"):
        galaxyfly(15, 29, 4, 2, h=6)
    with pytest.raises(ValueError, match="a >= 1"):
        galaxyfly(3, 5, 0, 2)
    with pytest.raises(ValueError, match="p >= 0"):
        galaxyfly(3, 5, 1, -1)
    with pytest.raises(ValueError, match="n >= 1"):
        galaxy_graph(0, 5)
