"""lowdiam.theory: brute-force references for the checked statements of notebooks 00 and 01."""

import itertools
import math

import networkx as nx
import numpy as np
import pytest

from lowdiam import theory as th
from lowdiam.topologies import dragonfly, has_property_R_star, hyperx, inductive_quad, polarstar


def _naive_r_star(n, d):
    """Reference: every graph (all edge subsets) x every permutation that is an involution."""
    pairs = list(itertools.combinations(range(n), 2))
    invs = [p for p in itertools.permutations(range(n)) if all(p[p[i]] == i for i in range(n))]
    for mask in range(1 << len(pairs)):
        g = nx.empty_graph(n)
        g.add_edges_from(pr for i, pr in enumerate(pairs) if mask >> i & 1)
        if max((deg for _, deg in g.degree()), default=0) > d:
            continue
        for f in invs:
            if has_property_R_star(g, list(f)):
                return True
    return False


@pytest.mark.parametrize("n,d", [(2, 0), (3, 0), (3, 1), (4, 1), (5, 1), (5, 2)])
def test_r_star_search_matches_naive(n, d):
    assert (th.find_r_star_graph(n, d) is not None) == _naive_r_star(n, d)


def test_r_star_witness_is_valid_and_bad_input():
    adj, f = th.find_r_star_graph(5, 2)
    assert adj.sum(axis=1).max() <= 2 and has_property_R_star(nx.from_numpy_array(adj.astype(int)), f)
    with pytest.raises(ValueError, match="<= 8"):
        th.find_r_star_graph(9, 3)
    with pytest.raises(ValueError):
        th.find_r_star_graph(4, -1)


def _naive_profile(top):
    g = nx.Graph(top.edges.tolist())
    lab = top.labels["supernode"] if "supernode" in top.labels else top.labels["group"]
    out = {"longest": 0, "max_global": 0, "max_local": 0, "fewest_global": 0}
    for s, t in itertools.permutations(range(top.num_routers), 2):
        paths = list(nx.all_shortest_paths(g, s, t))
        glob = [sum(lab[a] != lab[b] for a, b in zip(p, p[1:])) for p in paths]
        out["longest"] = max(out["longest"], len(paths[0]) - 1)
        out["max_global"] = max(out["max_global"], max(glob))
        out["max_local"] = max(out["max_local"], max(len(p) - 1 - c for p, c in zip(paths, glob)))
        out["fewest_global"] = max(out["fewest_global"], min(glob))
    return out


@pytest.mark.parametrize("top", [dragonfly(3, 1, 1), polarstar(3, "iq", 0)], ids=["DF(3,1,1)", "PS(3,iq,0)"])
def test_minpath_profile_matches_all_shortest_paths(top):
    assert th.minpath_hop_profile(top) == _naive_profile(top)


def test_supernode_distance_profile_small():
    top = polarstar(2, "iq", 0)  # ER_2 (7 supernodes) x IQ_0
    g = nx.Graph(top.edges.tolist())
    lab = np.asarray(top.labels["supernode"])
    prof = th.supernode_distance_profile(top)
    dist = dict(nx.all_pairs_shortest_path_length(g))
    same = max(dist[a][b] for a in g for b in g if lab[a] == lab[b])
    assert prof["same"] == same and prof["other"] <= 3
    with pytest.raises(ValueError, match="label"):
        th.supernode_distance_profile(hyperx(3, 3))


def test_common_neighbours_is_paley_mu():
    for q in (5, 9, 13, 17):
        assert th.intra_cluster_common_neighbours(q) == {(q - 1) // 4}


def test_polarized_table2_rule_and_errors():
    table = th.polarized_table2(lambda a, b, na, nb: (na - a) - (nb - b) > 0)
    assert all(v[0] == k[0] - k[1] for k, v in table.items())
    with pytest.raises(ValueError, match="regime"):
        th.polarized_table2(lambda a, b, na, nb: a == b)


def test_bounds_and_grids():
    assert th.rrg_degree_for_diameter(720, 3) ** 3 == pytest.approx(2 * 720 * math.log(720))
    assert th.polarized_sufficient_degree(2) == pytest.approx(2.0)
    t = th.grid_topology((3, 4), wrap=True)
    assert t.num_routers == 12 and t.num_edges == 24
    with pytest.raises(ValueError):
        th.grid_topology((2,), wrap=True)
    q, n = th.star_continuous_optimum(15, "iq")
    assert n >= (q * q + q + 1) * (2 * (14 - q) + 2) - 1e-6
    assert n >= max((qq * qq + qq + 1) * (2 * (14 - qq) + 2) for qq in range(1, 14))
    with pytest.raises(ValueError):
        th.star_continuous_optimum(15, "bdf")


def test_galaxyfly_square_bound_dominates_integer_search():
    from lowdiam.design import galaxyfly_max_endpoints_square
    for a in (1, 2, 3, 4):
        assert galaxyfly_max_endpoints_square(48, (a,))[0] <= th.galaxyfly_square_bound(48, a)[1]


def test_iq_meets_prop1_bound():
    for d in (0, 3, 4, 7, 8):
        sn = inductive_quad(d)
        assert sn.num_vertices == 2 * d + 2 and has_property_R_star(sn)


def test_rrg_diameter_census_against_networkx_diameters():
    import networkx as nx

    from lowdiam.topologies import jellyfish

    c = th.rrg_diameter_census(30, 3, range(6))
    ref = {}
    for s in range(6):
        g = nx.Graph([tuple(e) for e in jellyfish(30, 3, s).edges.tolist()])
        d = nx.diameter(g)
        ref[d] = ref.get(d, 0) + 1
        far = sum(1 for u, lengths in nx.all_pairs_shortest_path_length(g)
                  for v, x in lengths.items() if u < v and x == d)
        assert c["far_pairs"][s] == far
    assert c["counts"] == dict(sorted(ref.items())) and c["draws"] == 6
    assert 3 ** c["k"] == pytest.approx(2 * 30 * math.log(30))
    with pytest.raises(ValueError, match="at least one seed"):
        th.rrg_diameter_census(30, 3, [])
