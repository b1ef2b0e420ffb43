"""PolarStar: published configurations (Table 3), theorems (diameter 3, order), design space (Sec. 7)."""

from __future__ import annotations

import math

import numpy as np
import pytest
import scipy.sparse as sp
from conftest import reference_diameter

from lowdiam.topologies import polarfly, polarstar, polarstar_best, polarstar_configs, star_product
from lowdiam.topologies._polarstar import ORIENTATIONS
from lowdiam.topologies.supernodes import inductive_quad


def within_three_hops(t) -> bool:
    """Diameter <= 3 by sparse boolean powers ((I + A)^3 is full) -- faster than BFS for many graphs."""
    n = t.num_routers
    b = sp.csr_matrix((np.ones(len(t.indices), np.int32), t.indices, t.indptr), shape=(n, n))
    b = b + sp.identity(n, dtype=np.int32, format="csr")
    b2 = b @ b
    b2.data[:] = 1
    return (b2 @ b).nnz == n * n


# ----------------------------------------------------------- published values
def test_table3_ps_iq():
    """PolarStar Table 3: PS-IQ d=12, d'=3, p=5 -> 1,064 routers, radix 15, 5,320 endpoints."""
    t = polarstar(11, "iq", 3)
    assert t.num_routers == 1064
    assert t.radix == 15 and np.all(t.degrees == 15)
    assert t.endpoints_per_router == 5 == t.params["endpoints_per_router"] and t.num_endpoints == 5320
    assert t.num_edges == 1064 * 15 // 2
    assert reference_diameter(t) == 3


def test_table3_ps_paley_router_count_is_a_typo():
    """Table 3: PS-Pal d=9, d'=6, p=5 lists 993 routers / 4,965 endpoints.

    d = q + 1 = 9 gives ER_8 (73 vertices) and d' = 6 gives Paley(13):
    73 * 13 = 949 routers, 4,745 endpoints.  993 = 3 * 331 is not the order
    of any radix-15 PolarStar with any Table 2 supernode, so 993 is a typo
    (4,965 = 993 * 5 follows from it); the radix 15 and p = 5 agree.
    """
    paper_routers, paper_endpoints = 993, 4965
    t = polarstar(8, "paley", 6)
    assert t.num_routers == 949 != paper_routers
    assert paper_routers % 13 != 0
    assert paper_routers not in {c.order for c in polarstar_configs(15, ("iq", "paley", "bdf", "complete"))}
    assert t.num_endpoints == 4745 != paper_endpoints
    assert t.radix == 15 and t.endpoints_per_router == 5
    assert reference_diameter(t) == 3


def test_table3_best_radix15_is_ps_iq():
    best = polarstar_configs(15)[0]
    assert (best.q, best.supernode, best.d_prime, best.order) == (11, "iq", 3, 1064)
    assert polarstar_best(15).num_routers == 1064


# ------------------------------------------------------------------ structure
@pytest.mark.parametrize("q, d", [(2, 0), (3, 3), (4, 4), (5, 7), (7, 3)])
def test_iq_regular_order_edges_labels(q, d):
    t = polarstar(q, "iq", d)
    n_er, n_sn = q * q + q + 1, 2 * d + 2
    assert t.num_routers == n_er * n_sn
    assert np.all(t.degrees == q + 1 + d)  # quadric supernodes get the f-matching
    assert t.num_edges == t.num_routers * (q + 1 + d) // 2
    assert t.params["d_star"] == q + 1 + d and t.params["d"] == q + 1 and t.params["d_prime"] == d
    sn, sv = np.asarray(t.labels["supernode"]), np.asarray(t.labels["supernode_vertex"])
    np.testing.assert_array_equal(sn * n_sn + sv, np.arange(t.num_routers))
    np.testing.assert_array_equal(t.labels["structure_vertex"], sn)
    quad = np.asarray(polarfly(q).labels["quadric"])
    np.testing.assert_array_equal(t.labels["quadric"], quad[sn])
    # the loop links (x, x') ~ (x, f(x')) exist exactly in quadric supernodes
    f = inductive_quad(d).f
    e = {tuple(r) for r in t.edges.tolist()}
    for x in range(n_er):
        has = [(x * n_sn + v, x * n_sn + f[v]) in e for v in range(0, n_sn, 2)]
        assert all(has) if quad[x] else not any(has)


@pytest.mark.parametrize("q, d", [(3, 2), (4, 4), (5, 6), (8, 6)])
def test_paley_degrees(q, d):
    """Paley's f fixes 0, so vertex 0 of each quadric supernode lacks the loop link."""
    t = polarstar(q, "paley", d)
    assert t.num_routers == (q * q + q + 1) * (2 * d + 1)
    deg = t.degrees
    low = np.nonzero(deg == q + d)[0]
    assert np.all((deg == q + d) | (deg == q + 1 + d))
    assert len(low) == q + 1
    assert np.all(np.asarray(t.labels["supernode_vertex"])[low] == 0)
    assert np.all(np.asarray(t.labels["quadric"])[low])


def test_quadric_links_are_needed_for_IQ0():
    """ER_q * IQ_0 is the point-line incidence graph (diameter 3) only with the loop links:
    Property R of ER_q uses the loop; without it the product (the bipartite double cover of
    loopless ER_q) has diameter > 3 (measured: 5 for q = 3)."""
    for q in (3, 4, 5):
        er = polarfly(q)
        assert reference_diameter(star_product(er, inductive_quad(0))) == 3
        assert reference_diameter(star_product(er, inductive_quad(0), loops=())) > 3


# ------------------------------------------------------------------- theorems
@pytest.mark.parametrize("radix", range(3, 21))
def test_every_iq_paley_config_up_to_radix_20_has_diameter_3(radix):
    for c in polarstar_configs(radix):
        t = polarstar(c.q, c.supernode, c.d_prime)
        assert t.num_routers == c.order == (c.q**2 + c.q + 1) * t.params["supernode_order"]
        assert t.radix == radix
        assert within_three_hops(t), c


@pytest.mark.parametrize("radix", range(3, 13))
def test_bdf_and_complete_configs_have_diameter_at_most_3(radix):
    for c in polarstar_configs(radix, ("bdf", "complete")):
        t = polarstar(c.q, c.supernode, c.d_prime)
        assert t.num_routers == c.order and t.radix == radix
        assert within_three_hops(t), c


def test_within_three_hops_agrees_with_reference():
    t = polarstar(3, "iq", 4)
    assert within_three_hops(t) and reference_diameter(t) == 3
    assert not within_three_hops(star_product(polarfly(3), inductive_quad(0), loops=()))


# -------------------------------------------------------------- design space
def test_paley_beats_iq_exactly_at_23_50_56_80():
    """Sec. 7.2: in [8, 128] the largest PolarStar uses IQ except k = 23, 50, 56, 80 (Paley)."""
    paley_wins = []
    for k in range(8, 129):
        iq = polarstar_configs(k, ("iq",))
        pal = polarstar_configs(k, ("paley",))
        assert iq, k  # an IQ PolarStar exists for every radix in [8, 128]
        if pal and pal[0].order > iq[0].order:
            paley_wins.append(k)
    assert paley_wins == [23, 50, 56, 80]


def test_order_is_at_most_the_continuous_optimum_eq1_eq2():
    """Sec. 7.1: the IQ order (q^2+q+1)(2d*-2q) over real q.

    Setting the derivative to zero gives 3q^2 - 2(d*-1)q - (d*-1) = 0, i.e.
    q* = ((d*-1) + sqrt((d*-1)(d*+2)))/3.  The paper's Eq. (1) prints
    sqrt((d*-1)(d*-2)) -- a sign typo: that q is not the maximiser (it gives
    a smaller value, e.g. 180.1 vs 186.2 at d* = 8), while Eq. (2) matches the
    true optimum to < 0.5 %.  No feasible IQ or Paley PolarStar exceeds it.
    """
    for d in range(8, 129):
        def order(q, d=d):
            return (q * q + q + 1) * (2 * d - 2 * q)

        q_true = ((d - 1) + math.sqrt((d - 1) * (d + 2))) / 3
        q_paper = ((d - 1) + math.sqrt((d - 1) * (d - 2))) / 3
        grid = np.linspace(0, d, 20001)
        assert abs(grid[np.argmax(order(grid))] - q_true) < 2 * d / 20000
        assert order(q_paper) < order(q_true)
        cap = order(q_true)
        eq2 = (8 * d**3 + 12 * d**2 + 18 * d) / 27
        assert abs(cap - eq2) / cap < 5e-3
        best = polarstar_configs(d)[0]
        assert best.order <= cap
        assert best.order <= d**3 - d**2 + d + 1  # diameter-3 Moore bound
        assert best.order >= 0.5 * eq2  # a prime power q near 2d/3 keeps IQ close to the optimum


def test_configs_listing():
    cfgs = polarstar_configs(15)
    assert [(c.q, c.supernode, c.d_prime, c.order) for c in cfgs] == [
        (11, "iq", 3, 1064),
        (8, "paley", 6, 949),
        (7, "iq", 7, 912),
        (3, "iq", 11, 312),
        (2, "iq", 12, 182),
        (2, "paley", 12, 175),
    ]
    assert all(c.d_star == 15 for c in cfgs)


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize(
    "args, match",
    [
        ((6, "iq", 3), "not a prime power"),
        ((7, "iq", 5), "0 or 3 mod 4"),
        ((7, "iq", 2), "0 or 3 mod 4"),
        ((7, "paley", 3), r"p ≡ 1 \(mod 4\)"),  # Paley(7): 7 ≡ 3 mod 4
        ((7, "paley", 5), r"p ≡ 1 \(mod 4\)"),  # Paley(11)
        ((7, "paley", 7), r"p ≡ 1 \(mod 4\)"),  # 15 is not a prime power
        ((7, "paley", 1), ">= 2"),
        ((7, "star", 3), "supernode must be one of 'iq', 'paley'"),
    ],
)
def test_bad_input(args, match):
    with pytest.raises(ValueError, match=match):
        polarstar(*args)


@pytest.mark.parametrize(
    "kwargs, exc, match",
    [
        ({"iq": "paper"}, ValueError, "iq must be one of 'authors', 'alternate'"),
        ({"orientation": "right"}, ValueError, "orientation must be one of 'lowdiam', 'authors'"),
        ({"quadric_links": "none"}, ValueError, "quadric_links must be one of 'paper', 'authors'"),
        ({"primitive_element": 2}, ValueError, "Paley supernode only"),
        ({"endpoints_per_router": 2.5}, ValueError, "integer"),
        ({"endpoints_per_router": True}, TypeError, "integer"),
    ],
)
def test_bad_keywords(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        polarstar(3, "iq", 3, **kwargs)


def test_bad_paley_keywords():
    with pytest.raises(ValueError, match="not a primitive element of GF\\(5\\)"):
        polarstar(3, "paley", 2, primitive_element=4)
    with pytest.raises(ValueError, match="q < 125"):
        polarstar(127, "paley", 2, orientation="authors")


def _adj(t):
    a = np.zeros((t.num_routers, t.num_routers))
    a[t.edges[:, 0], t.edges[:, 1]] = a[t.edges[:, 1], t.edges[:, 0]] = 1
    return a


@pytest.mark.parametrize("q, d", [(2, 7), (3, 7), (2, 8), (3, 11)])
def test_iq_conventions_both_diameter_3_regular(q, d):
    for iq in ("authors", "alternate"):
        t = polarstar(q, "iq", d, iq=iq)
        assert t.params["iq"] == iq
        assert (t.degrees == q + 1 + d).all()
        assert reference_diameter(t) == 3


def test_iq_conventions_differ_for_d7():
    """PS(2, 7): the smallest case where the two IQ conventions give different networks."""
    a, b = (polarstar(2, "iq", 7, iq=c) for c in ("authors", "alternate"))
    ea, eb = (np.linalg.eigvalsh(_adj(t)) for t in (a, b))
    assert np.allclose(ea[-2:], eb[-2:])  # same top of the spectrum
    assert not np.allclose(ea, eb)  # not isomorphic


@pytest.mark.parametrize("orientation", ["lowdiam", "authors"])
@pytest.mark.parametrize("q, d, xi", [(3, 2, 2), (3, 2, 3), (4, 6, 2), (5, 6, 11)])
def test_paley_orientation_and_loops_keep_diameter_3(orientation, q, d, xi):
    """Theorem 5: any orientation and any primitive element give diameter 3 with the paper's loop links."""
    t = polarstar(q, "paley", d, orientation=orientation, primitive_element=xi)
    assert reference_diameter(t) == 3
    deg = t.degrees
    quad_zero = np.asarray(t.labels["quadric"]) & (np.asarray(t.labels["supernode_vertex"]) == 0)
    assert (deg[~quad_zero] == q + 1 + d).all() and (deg[quad_zero] == q + d).all()


def test_orientation_changes_the_paley_network():
    """q = 3, d' = 2 (65 routers): our numbering and the authors' give different spectra."""
    a, b = (polarstar(3, "paley", 2, orientation=o) for o in ORIENTATIONS)
    ea, eb = (np.linalg.eigvalsh(_adj(t)) for t in (a, b))
    assert not np.allclose(ea, eb)


def test_authors_quadric_links_drop_some_degrees():
    t = polarstar(5, "paley", 6, quadric_links="authors", primitive_element=2)
    short = int((t.degrees < 5 + 1 + 6).sum())
    assert short > 6  # the paper's rule leaves only the 6 quadric vertices 0 short
    assert int((polarstar(5, "paley", 6, primitive_element=2).degrees < 12).sum()) == 6


def test_bad_radix():
    with pytest.raises(ValueError, match=">= 3"):
        polarstar_configs(2)
    with pytest.raises(ValueError, match="unknown supernode"):
        polarstar_configs(10, ("iq", "petersen"))


def test_too_large_is_refused_before_building():
    """Reliability finding 10: polarstar(2, 'iq', 10**6) ran 26 s before a MemoryError; now a prompt ValueError."""
    with pytest.raises(ValueError, match="above the limit"):
        polarstar(2, "iq", 10**6)
