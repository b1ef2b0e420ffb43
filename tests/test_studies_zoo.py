"""lowdiam.studies.zoo (notebook 00's recorded rows): the float32 property-R test against the library's int64 one
and a brute-force walk enumeration, and the per-radix best-PolarStar row against a direct construction."""

from __future__ import annotations

import itertools

import networkx as nx
import numpy as np
import pytest

from lowdiam import topologies as T
from lowdiam.metrics.distances import distance_stats
from lowdiam.studies import zoo
from lowdiam.topologies import has_property_R
from lowdiam.topologies.starproduct import as_factor_graph


def _brute_property_r(n, edges, loops):
    """Every pair joined by a walk of length exactly D (loops usable as steps), by enumerating all walks."""
    nbr = {v: set() for v in range(n)}
    for u, v in edges:
        nbr[u].add(v)
        nbr[v].add(u)
    D = max(nx.eccentricity(nx.Graph(list(edges)) if edges else nx.empty_graph(n)).values())
    step = {v: nbr[v] | ({v} if v in loops else set()) for v in range(n)}
    for x in range(n):
        ends = {x}
        for _ in range(D):
            ends = set(itertools.chain.from_iterable(step[v] for v in ends))
        if len(ends) != n:
            return False
    return True


SMALL = {
    "C4": (4, [(0, 1), (1, 2), (2, 3), (3, 0)], []),
    "C5": (5, [(i, (i + 1) % 5) for i in range(5)], []),
    "C5 one loop": (5, [(i, (i + 1) % 5) for i in range(5)], [0]),
    "C4 loops everywhere": (4, [(0, 1), (1, 2), (2, 3), (3, 0)], [0, 1, 2, 3]),
    "Petersen": (10, [tuple(e) for e in nx.petersen_graph().edges()], []),
    "K4": (4, [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)], []),
    "path P3": (3, [(0, 1), (1, 2)], []),
}


@pytest.mark.parametrize("name", list(SMALL))
def test_property_r_matches_brute_force(name):
    n, edges, loops = SMALL[name]
    g = as_factor_graph((n, edges))
    assert has_property_R(g, loops=loops) == _brute_property_r(n, edges, set(loops))


def test_small_cases_are_not_all_true():
    # the reference must tell the two answers apart on these graphs, or the comparison above proves nothing
    # (K4: D = 1 and no loops, so no walk of length exactly 1 from a vertex to itself)
    got = {name: _brute_property_r(n, e, set(lp)) for name, (n, e, lp) in SMALL.items()}
    assert not got["C4"] and not got["Petersen"] and got["C4 loops everywhere"] and not got["K4"]


@pytest.mark.parametrize("q", [2, 4, 5])
def test_er_property_r_row(q):
    g = T.erdos_renyi_polarity(q)
    row = zoo.property_r_row(q)
    assert row == {"vertices": q * q + q + 1, "quadrics": q + 1, "diameter": 2, "property_r": has_property_R(g)}
    assert row["property_r"]


def test_er_without_its_loops_loses_property_r():
    # Thm 1 needs the quadric self-loops: the quadric's neighbours have no 2-walk to it otherwise (q odd)
    g = T.erdos_renyi_polarity(5)
    assert not has_property_R(g, loops=[])


def test_disconnected_and_bad_input_raise():
    with pytest.raises(ValueError, match="disconnected"):
        has_property_R((4, [(0, 1), (2, 3)]))
    with pytest.raises(ValueError, match="radix"):
        zoo.polarstar_best_row(2)
    with pytest.raises(ValueError):
        zoo.property_r_row(6)  # not a prime power


def test_polarstar_best_row_matches_direct_build():
    row = zoo.polarstar_best_row(9)
    top = T.polarstar_best(9)
    st = distance_stats(top)
    assert (row["routers"], row["links"], row["diameter"]) == (top.num_routers, top.num_edges, int(st.diameter))
    assert row["mean_distance"] == round(float(st.mean_distance), 6)
    assert (row["q"], row["supernode"], row["d_prime"]) == (5, "iq", 3)
    assert np.isclose(row["links"], row["routers"] * 9 / 2)
