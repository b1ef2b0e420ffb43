"""Checked statements of the EDST paper beyond the constructions themselves (formulas rebuilt).

The paper's text lost its inline formulas; each function states the rebuilt
form and where it comes from.  Everything here is small and exact: the
notebook records the results as claims and ``tests/test_edst_claims.py``
checks them against brute force.

* Star-product counting (Property II-B.3, Property B-A.1, Proposition B-A.2):
  :func:`star_product_counts`, :func:`product_facts`, :func:`pure_product`.
* Bounds: :func:`star_product_bound` (Eq. (1) on G1 * G2 from the factors'
  orders and sizes), :func:`regular_bound_closed_form` (Corollary IV.2),
  :func:`prop_iv3_grid_check` (Proposition IV.3 against Eq. (1) on every
  factor size up to a limit), :func:`lemma_vc2_violations` (Lemma V-C.2).
* Table I / Table IV: :func:`table_i_theorem` (which theorem applies, and
  how many trees it builds); Table V: :func:`table_v_counts` (closed forms of
  t and r of the common factor graphs) and :func:`table_v_graph` (the graphs
  themselves, for the exact packing).
* Depth (Theorems V-B.4, V-B.5, V-C.12, V-D.7(2)): :func:`depth_bounds`.
* Examples: :func:`slimfly_factor_check` (Example II-D.2),
  :func:`diameters_over_bijections` (factor order and diameter),
  :func:`chimera` and :func:`chimera_c2_view` (Appendix C).
"""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components, shortest_path

from .assembly import EDSTSet
from .bounds import prop_iv3_bound
from .packing import EDSTPacking, as_graph, edst_packing
from .verify import tree_depths
from .view import StarProductView, _view_from_labels, view_from_factors

__all__ = [
    "TABLE_V_KINDS",
    "chimera",
    "chimera_c2_view",
    "depth_bounds",
    "diameters_over_bijections",
    "lemma_vc2_violations",
    "product_facts",
    "prop_iv3_grid_check",
    "pure_product",
    "random_star_product",
    "regular_bound_closed_form",
    "slimfly_factor_check",
    "star_product_bound",
    "star_product_counts",
    "table_i_theorem",
    "table_v_counts",
    "table_v_graph",
]


# ------------------------------------------------------------------ counting


def star_product_counts(n1: int, m1: int, n2: int, m2: int) -> tuple[int, int]:
    """Property II-B.3: G1 * G2 has n1 n2 vertices and n1 |E2| + n2 |E1| edges.

    Parameters
    ----------
    n1, m1 : int
        Order and size of the structure graph G1 (no self-loops).
    n2, m2 : int
        Order and size of the supernode G2.

    Returns
    -------
    tuple of int
        (|V|, |E|).

    Raises
    ------
    ValueError
        If an order is < 1 or a size is negative or exceeds n (n - 1) / 2.

    Examples
    --------
    >>> star_product_counts(2, 1, 5, 5)     # K_2 * C_5: the Petersen graph
    (10, 15)
    """
    for what, n, m in (("G1", n1, m1), ("G2", n2, m2)):
        if n < 1 or m < 0 or m > n * (n - 1) // 2:
            raise ValueError(f"{what}: a simple graph needs n >= 1 and 0 <= m <= n(n-1)/2, got n={n}, m={m}")
    return n1 * n2, n1 * m2 + n2 * m1


def star_product_bound(n1: int, m1: int, n2: int, m2: int) -> int:
    """Eq. (1) on G1 * G2 from the factors alone: floor((n1 m2 + n2 m1) / (n1 n2 - 1)).

    This is the bound of the *pure* star product (no links beyond Property
    II-B.3's), the graph of the paper's Table IV; PolarStar's router graph
    also has the quadric self-loop links, which raise Eq. (1) by up to one.

    Parameters
    ----------
    n1, m1, n2, m2 : int
        Orders and sizes of the structure graph and the supernode.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        As :func:`star_product_counts`, or if the product has one vertex.

    Examples
    --------
    >>> star_product_bound(13, 24, 5, 5)    # ER_3 (no loops) * Paley(5): 185 edges on 65 vertices
    2
    """
    n, m = star_product_counts(n1, m1, n2, m2)
    if n < 2:
        raise ValueError("the product needs at least 2 vertices")
    return m // (n - 1)


def pure_product(view: StarProductView) -> StarProductView:
    """The star product of a view's factors and bijections only (drops ``extra_local`` links).

    Parameters
    ----------
    view : StarProductView

    Returns
    -------
    StarProductView
        Router (x, v) has id x n2 + v (not the topology's router id).

    Examples
    --------
    >>> from lowdiam import topologies as T
    >>> from lowdiam.edst import star_product_view
    >>> v = star_product_view(T.polarstar(3, "paley", 2))
    >>> v.num_edges, v.extra_local, pure_product(v).num_edges
    (193, 8, 185)
    """
    return view_from_factors((view.n1, view.struct_edges), (view.n2, view.super_edges), view.arc_maps, view.name)


def random_star_product(seed: int, n1: int, n2: int, p1: float = 0.5, p2: float = 0.5) -> StarProductView:
    """A seeded random star product: connected G(n1, p1) * connected G(n2, p2), a random bijection per edge.

    The factors are the first connected draws of a seeded G(n, p) sequence,
    so they are usually not regular (Proposition B-A.2's "only if" side).

    Parameters
    ----------
    seed : int
    n1, n2 : int
        Factor orders, >= 2.
    p1, p2 : float, optional
        Edge probabilities.

    Returns
    -------
    StarProductView

    Raises
    ------
    ValueError
        If an order is < 2 or a probability is not in (0, 1].

    Examples
    --------
    >>> v = random_star_product(0, 5, 4, 0.6, 0.8)
    >>> v.num_routers
    20
    """
    import networkx as nx

    if n1 < 2 or n2 < 2 or not (0 < p1 <= 1 and 0 < p2 <= 1):
        raise ValueError(f"need n_i >= 2 and 0 < p_i <= 1, got n=({n1}, {n2}), p=({p1}, {p2})")
    rng = np.random.default_rng(seed)

    def gnp(n: int, p: float) -> np.ndarray:
        while True:
            g = nx.gnp_random_graph(n, p, seed=int(rng.integers(1 << 30)))
            if nx.is_connected(g):
                return as_graph(g)[1]

    e1, e2 = gnp(n1, p1), gnp(n2, p2)
    maps = np.stack([rng.permutation(n2) for _ in range(len(e1))])
    return view_from_factors((n1, e1), (n2, e2), maps, name=f"random{seed}")


def product_facts(view: StarProductView) -> dict[str, Any]:
    """Property II-B.3, Property B-A.1 and Proposition B-A.2 checked on one (pure) star product.

    Parameters
    ----------
    view : StarProductView
        Its ``router_edges`` must be exactly the star product (``extra_local`` = 0;
        use :func:`pure_product` first otherwise).

    Returns
    -------
    dict
        ``order``/``order_formula`` (n1 n2), ``size``/``size_formula``
        (n1 |E2| + n2 |E1|), ``degrees_add`` (deg(x, v) = deg1(x) + deg2(v) for
        every router), ``max_degree``/``max_degree_formula`` (Delta1 + Delta2),
        ``regular``/``regular_formula`` (both factors regular), ``connected``
        and ``supernode_connected``.

    Raises
    ------
    ValueError
        If the view carries extra local links.

    Examples
    --------
    >>> import networkx as nx
    >>> f = product_facts(view_from_factors(nx.complete_graph(2), nx.cycle_graph(5), [0, 2, 4, 1, 3]))
    >>> f["size"], f["size_formula"], f["regular"], f["regular_formula"]
    (15, 15, True, True)
    """
    if view.extra_local:
        raise ValueError("product_facts needs the pure star product (extra_local = 0): pass pure_product(view)")
    n, e = view.num_routers, view.router_edges
    d = np.bincount(e.ravel(), minlength=n)
    d1 = np.bincount(view.struct_edges.ravel(), minlength=view.n1)
    d2 = np.bincount(view.super_edges.ravel(), minlength=view.n2)
    pred = d1[:, None] + d2[None, :]
    g = coo_matrix((np.ones(len(e)), (e[:, 0], e[:, 1])), shape=(n, n))
    g2 = coo_matrix((np.ones(len(view.super_edges)), tuple(view.super_edges.T)), shape=(view.n2, view.n2))
    order_f, size_f = star_product_counts(view.n1, len(view.struct_edges), view.n2, len(view.super_edges))
    return {
        "order": int(n),
        "order_formula": order_f,
        "size": int(len(e)),
        "size_formula": size_f,
        "degrees_add": bool((d[view.router] == pred).all()),
        "max_degree": int(d.max()),
        "max_degree_formula": int(d1.max() + d2.max()),
        "regular": bool(d.min() == d.max()),
        "regular_formula": bool(d1.min() == d1.max() and d2.min() == d2.max()),
        "connected": connected_components(g, directed=False)[0] == 1,
        "supernode_connected": connected_components(g2, directed=False)[0] == 1,
    }


# ------------------------------------------------------------------ bounds


def regular_bound_closed_form(degree: int, num_vertices: int) -> int:
    """Corollary IV.2 as rebuilt: floor(d / 2) for a d-regular graph, n / 2 for K_n with n even.

    d |V| / 2 edges over |V| - 1 per tree is d/2 + d / (2(|V| - 1)): the
    fraction lifts the floor only when d is odd and d = |V| - 1.

    Parameters
    ----------
    degree : int
        d, with 0 <= d < |V| and d |V| even.
    num_vertices : int
        |V|.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If no d-regular simple graph on |V| vertices exists.

    Examples
    --------
    >>> regular_bound_closed_form(3, 10), regular_bound_closed_form(5, 6)
    (1, 3)
    """
    if degree < 0 or degree >= num_vertices or (degree * num_vertices) % 2:
        raise ValueError(f"no {degree}-regular simple graph on {num_vertices} vertices (need 0 <= d < |V|, d |V| even)")
    return num_vertices // 2 if degree == num_vertices - 1 else degree // 2


def prop_iv3_grid_check(n_max: int) -> dict[str, int]:
    """Proposition IV.3 against Eq. (1) of G1 * G2 for every factor order n_i <= n_max and size.

    Eq. (1) on the product depends only on (n1, m1, n2, m2) (Property II-B.3),
    so this covers every pair of connected simple factor graphs of those
    orders.

    Parameters
    ----------
    n_max : int
        Largest factor order, >= 2.

    Returns
    -------
    dict
        ``cases``; ``violations`` (Eq. (1) above Prop. IV.3, must be 0);
        ``max_slack`` (largest Prop. IV.3 minus Eq. (1)); ``tight`` (cases with
        equality).

    Examples
    --------
    >>> prop_iv3_grid_check(6)["violations"]
    0
    """
    if n_max < 2:
        raise ValueError(f"n_max must be >= 2, got {n_max}")
    rows = [(n, m) for n in range(2, n_max + 1) for m in range(n - 1, n * (n - 1) // 2 + 1)]
    a = np.array(rows, np.int64)
    n, m = a[:, 0], a[:, 1]
    t = m // (n - 1)
    r = m - t * (n - 1)
    # broadcasting: axis 0 = structure graph (n1, m1), axis 1 = supernode (n2, m2)
    eq1 = (n[:, None] * m[None, :] + n[None, :] * m[:, None]) // (n[:, None] * n[None, :] - 1)
    ok1, ok2 = (r >= t), (r >= t)
    both = ok1[:, None] & ok2[None, :]
    none = ~ok1[:, None] & ~ok2[None, :]
    slack = (t[:, None] + t[None, :]) + both.astype(np.int64) - none.astype(np.int64) - eq1
    del eq1, both, none
    k = len(rows) // 3
    assert int(slack[k, 2 * k] + ((n[k] * m[2 * k] + n[2 * k] * m[k]) // (n[k] * n[2 * k] - 1))) == prop_iv3_bound(
        int(t[k]), int(r[k]), int(t[2 * k]), int(r[2 * k]))
    return {
        "cases": int(slack.size),
        "violations": int((slack < 0).sum()),
        "max_slack": int(slack.max()),
        "tight": int((slack == 0).sum()),
    }


def lemma_vc2_violations(graphs: Any) -> dict[str, Any]:
    """Lemma V-C.2 as rebuilt (a set of t EDSTs leaving r <= t non-tree edges is maximum), by exact packing.

    For each graph with n >= 2 vertices and every k up to its maximum number
    T of EDSTs (any k <= T is realised by a subset of a maximum set), the
    lemma's hypothesis r_k = |E| - k (n - 1) <= k must force k = T.

    Parameters
    ----------
    graphs : iterable
        Graphs :func:`~lowdiam.edst.as_graph` reads.

    Returns
    -------
    dict
        ``graphs`` checked, ``cases`` (pairs (graph, k) meeting the hypothesis)
        and ``violations``, a list of (graph index, k, T) counterexamples.

    Examples
    --------
    >>> import networkx as nx
    >>> lemma_vc2_violations([nx.complete_graph(5), nx.petersen_graph()])
    {'graphs': 2, 'cases': 1, 'violations': []}
    """
    bad, cases, count = [], 0, 0
    for gi, g in enumerate(graphs):
        n, e = as_graph(g)
        if n < 2:
            continue
        count += 1
        T = edst_packing((n, e)).t
        for k in range(T + 1):
            if e.shape[0] - k * (n - 1) <= k:
                cases += 1
                if k != T:
                    bad.append((gi, k, T))
    return {"graphs": count, "cases": cases, "violations": bad}


# ------------------------------------------------------------------ Table I / IV / V


def table_i_theorem(t1: int, r1: int, t2: int, r2: int, property_vd1: bool = False) -> tuple[str, int]:
    """The paper's Table I: which result applies to factors with (t_i, r_i), and how many EDSTs it builds.

    * r1 = t1 and r2 = t2: Theorem V-C.3, t1 + t2 (maximum);
    * r1 >= t1 and r2 >= t2: Corollary V-C.10, t1 + t2;
    * r1 >= t1 or r2 >= t2: Corollary V-C.11, t1 + t2 - 1;
    * otherwise, with Property V-D.1: Theorem V-D.2, t1 + t2 - 1;
    * otherwise: Theorem V-B.1 (Universal), t1 + t2 - 2.

    Parameters
    ----------
    t1, r1, t2, r2 : int
        EDSTs and non-tree edges of the structure graph and the supernode.
    property_vd1 : bool, optional
        Whether the product has Property V-D.1.

    Returns
    -------
    tuple of (str, int)
        The result's label and the number of EDSTs it constructs.

    Raises
    ------
    ValueError
        If a factor is disconnected (t_i < 1) or r_i < 0.

    Examples
    --------
    >>> table_i_theorem(2, 2, 1, 1), table_i_theorem(2, 0, 1, 1), table_i_theorem(2, 0, 2, 0)
    (('V-C.3', 3), ('V-C.11', 2), ('V-B.1', 2))
    """
    if t1 < 1 or t2 < 1 or r1 < 0 or r2 < 0:
        raise ValueError(f"need connected factors (t_i >= 1) and r_i >= 0, got t=({t1}, {t2}), r=({r1}, {r2})")
    if r1 == t1 and r2 == t2:
        return "V-C.3", t1 + t2
    if r1 >= t1 and r2 >= t2:
        return "V-C.10", t1 + t2
    if r1 >= t1 or r2 >= t2:
        return "V-C.11", t1 + t2 - 1
    if property_vd1:
        return "V-D.2", t1 + t2 - 1
    return "V-B.1", t1 + t2 - 2


TABLE_V_KINDS = ("paley", "mms_supernode", "complete_bipartite", "mms", "complete", "iq", "er")


def _delta(q: int) -> int:
    from lowdiam.topologies._slimfly import mms_delta

    return int(mms_delta(q))


def table_v_counts(kind: str, x: int) -> dict[str, int]:
    """Closed forms of Table V: order n, size m, t = floor(m / (n - 1)) and r = m - t (n - 1) of a factor graph.

    Rebuilt (the table's formulas were lost), delta = q mod 4 mapped to {-1, 0, 1}:

    ========================  ==========  ================  ==================  =====================================
    kind (parameter)          n           m                 t                   r
    ========================  ==========  ================  ==================  =====================================
    ``paley`` (p)             p           p (p - 1) / 4     (p - 1) / 4         (p - 1) / 4
    ``mms_supernode`` (q)     q           q (q - delta) / 4 (q - delta) / 4     (q - delta) / 4
    ``complete_bipartite`` q  2 q         q^2               floor(q / 2)        q / 2 (q even), (3q - 1) / 2 (q odd)
    ``mms`` (q)               2 q^2       q^2 (3q-delta)/2  floor((3q-delta)/4) m - t (n - 1)
    ``complete`` (n)          n           n (n - 1) / 2     floor(n / 2)        0 (n even), (n - 1) / 2 (n odd)
    ``iq`` (d')               2 d' + 2    d' (d' + 1)       floor(d' / 2)       d' / 2 (d' even), (3d' + 1) / 2 (odd)
    ``er`` (q, no loops)      q^2 + q + 1 q (q + 1)^2 / 2   floor((q + 1) / 2)  0 (q odd), q (q + 1) / 2 (q even)
    ========================  ==========  ================  ==================  =====================================

    Parameters
    ----------
    kind : str
        One of :data:`TABLE_V_KINDS`.
    x : int
        The family's parameter (p, q, n or d').

    Returns
    -------
    dict
        ``n``, ``m``, ``t``, ``r``.

    Raises
    ------
    ValueError
        For an unknown kind or a parameter outside the family.

    Examples
    --------
    >>> table_v_counts("er", 7), table_v_counts("iq", 3)
    ({'n': 57, 'm': 224, 't': 4, 'r': 0}, {'n': 8, 'm': 12, 't': 1, 'r': 5})
    """
    if kind == "paley":
        if x % 4 != 1:
            raise ValueError(f"Paley(p) needs p = 1 mod 4, got {x}")
        n, m, t, r = x, x * (x - 1) // 4, (x - 1) // 4, (x - 1) // 4
    elif kind == "mms_supernode":
        d = _delta(x)
        n, m, t = x, x * (x - d) // 4, (x - d) // 4
        r = t
    elif kind == "complete_bipartite":
        n, m, t = 2 * x, x * x, x // 2
        r = x // 2 if x % 2 == 0 else (3 * x - 1) // 2
    elif kind == "mms":
        d = _delta(x)
        n, m, t = 2 * x * x, x * x * (3 * x - d) // 2, (3 * x - d) // 4
        r = m - t * (n - 1)
    elif kind == "complete":
        if x < 2:
            raise ValueError(f"K_n needs n >= 2, got {x}")
        n, m, t = x, x * (x - 1) // 2, x // 2
        r = 0 if x % 2 == 0 else (x - 1) // 2
    elif kind == "iq":
        if x < 1:
            raise ValueError(f"IQ(d') needs d' >= 1, got {x}")
        n, m, t = 2 * x + 2, x * (x + 1), x // 2
        r = x // 2 if x % 2 == 0 else (3 * x + 1) // 2
    elif kind == "er":
        if x < 2:
            raise ValueError(f"ER_q needs a prime power q >= 2, got {x}")
        n, m, t = x * x + x + 1, x * (x + 1) ** 2 // 2, (x + 1) // 2
        r = 0 if x % 2 else x * (x + 1) // 2
    else:
        raise ValueError(f"unknown Table V factor graph {kind!r}; choose one of {TABLE_V_KINDS}")
    return {"n": int(n), "m": int(m), "t": int(t), "r": int(r)}


def table_v_graph(kind: str, x: int) -> tuple[int, np.ndarray]:
    """The factor graph of :func:`table_v_counts` as ``(n, edges)``, built by ``lowdiam.topologies``.

    ``mms_supernode`` is Cay(GF(q), X) with the Slim Fly generator set X
    (:func:`lowdiam.topologies._slimfly.mms_generator_sets`); ``er`` is ER_q
    without its quadric self-loops.

    Parameters
    ----------
    kind : str
        One of :data:`TABLE_V_KINDS`.
    x : int
        The family's parameter.

    Returns
    -------
    tuple
        ``(n, edges)``, edges an (m, 2) int64 array.

    Raises
    ------
    ValueError
        For an unknown kind or a parameter outside the family.

    Examples
    --------
    >>> n, e = table_v_graph("complete_bipartite", 3)
    >>> n, len(e)
    (6, 9)
    """
    from lowdiam import topologies as T

    if kind == "paley":
        return as_graph(T.paley(x))
    if kind == "mms_supernode":
        from lowdiam.topologies._slimfly import mms_generator_sets
        from lowdiam.topologies.fields import field

        gf = field(x)
        X = set(np.asarray(mms_generator_sets(x)[0], dtype=np.int64).tolist())
        a, b = np.triu_indices(x, 1)
        diff = np.asarray(gf(a) - gf(b), dtype=np.int64)
        keep = np.array([int(v) in X for v in diff])
        return x, np.stack([a[keep], b[keep]], 1).astype(np.int64)
    if kind == "complete_bipartite":
        a, b = np.meshgrid(np.arange(x), np.arange(x, 2 * x), indexing="ij")
        return 2 * x, np.stack([a.ravel(), b.ravel()], 1).astype(np.int64)
    if kind == "mms":
        return as_graph(T.slimfly(x))
    if kind == "complete":
        return as_graph(T.complete(x))
    if kind == "iq":
        return as_graph(T.inductive_quad(x))
    if kind == "er":
        return as_graph(T.erdos_renyi_polarity(x))
    raise ValueError(f"unknown Table V factor graph {kind!r}; choose one of {TABLE_V_KINDS}")


# ------------------------------------------------------------------ depth


def _tree_dist(n: int, edges: np.ndarray) -> np.ndarray:
    g = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n)).tocsr()
    return shortest_path(g, unweighted=True, directed=False)


def _forest_component_diameter(n: int, forest: np.ndarray) -> int:
    """Largest diameter of a component of the forest (V, forest); 0 for no edges."""
    if forest.shape[0] == 0:
        return 0
    d = _tree_dist(n, forest)
    d[np.isinf(d)] = -1
    return int(d.max())


def depth_bounds(view: StarProductView, res: EDSTSet, P1: EDSTPacking, P2: EDSTPacking) -> dict[str, Any]:
    """Per-tree depth (centre-rooted) of a construction's trees and the paper's depth bound for its kind.

    Notation: h_i, h'_j the radii (centre-rooted depths) of the factor trees
    T_i, T'_j; e_0 the eccentricity of the construction's root x_0 in T_0
    (= h_0 when x_0 is T_0's centre, as the theorems assume); D_0 the diameter
    of T_0; L_1, L_2 the largest component diameters of the non-tree forests
    F_1, F_2 the extra trees use.  Bounds rebuilt from the proofs (the
    statements' formulas were lost):

    * V-B.2 (Theorem V-B.4): h'_0 + 2 h_i;
    * V-B.3 (Theorem V-B.5(1)): h'_j + e_0 (1 + 2 h'_j) -- about the product of the depths;
    * V-B.5(2) (low-depth, Theorem V-B.5(2)): e_0 + 2 h'_j -- about the sum;
    * V-C.6 (Theorem V-C.12): h'_0 + e_0 (1 + L_2);
    * V-C.7 (Theorem V-C.12): h'_0 + D_0 (1 + 2 L_1 + 2 h'_0) -- quadratic in the factor depths;
    * V-D.4 (Theorem V-D.7(2), "as V-B.5(1)"): h' + e_0 (1 + 2 h') with h' the largest supernode-tree radius
      (the construction reorders the supernode trees);
    * V-D.3, V-D.5: no bound (the statement's formula is not recoverable); ``None``.

    Each bound is a depth from one particular root, so it also bounds the
    centre-rooted depth (a tree's radius is at most its depth from any root).

    Parameters
    ----------
    view : StarProductView
    res : EDSTSet
        Built from ``P1``, ``P2`` with ``res.x0`` recorded.
    P1, P2 : EDSTPacking
        The factor packings the construction used.

    Returns
    -------
    dict
        ``kinds``, ``depths``, ``bounds`` (lists, one per tree), ``h1``,
        ``h2`` (factor tree radii), ``e0``, ``x0_is_centre``, ``D0``, ``L1``,
        ``L2``, ``ok`` (every bounded tree within its bound).

    Raises
    ------
    ValueError
        If ``res.x0`` was not recorded.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.edst import factor_packings, universal_edsts
    >>> v = view_from_factors(nx.complete_graph(6), nx.complete_graph(5), [1, 2, 3, 4, 0])
    >>> P1, P2 = factor_packings(v)
    >>> out = depth_bounds(v, universal_edsts(v, P1, P2, low_depth=True), P1, P2)
    >>> out["kinds"], out["ok"]
    (['V-B.2', 'V-B.2', 'V-B.5(2)'], True)
    """
    if res.x0 < 0:
        raise ValueError("the EDST set does not record its root x_0 (res.x0 = -1)")
    n1, n2 = view.n1, view.n2
    h1 = tree_depths(n1, P1.trees).tolist()
    h2 = tree_depths(n2, P2.trees).tolist()
    d0 = _tree_dist(n1, P1.trees[0])
    e0 = int(d0[res.x0].max())
    D0 = int(d0.max())
    L1 = _forest_component_diameter(n1, P1.extra_forest)
    L2 = _forest_component_diameter(n2, P2.extra_forest)
    depths = tree_depths(view.num_routers, res.trees).tolist()
    bounds: list[int | None] = []
    i = j = jd = jl = 0
    for k in res.kinds:
        if k == "V-B.2":
            i += 1
            bounds.append(h2[0] + 2 * h1[i])
        elif k == "V-B.3":
            j += 1
            bounds.append(h2[j] + e0 * (1 + 2 * h2[j]))
        elif k == "V-B.5(2)":
            jl += 1
            bounds.append(e0 + 2 * h2[jl])
        elif k == "V-C.6":
            bounds.append(h2[0] + e0 * (1 + L2))
        elif k == "V-C.7":
            bounds.append(h2[0] + D0 * (1 + 2 * L1 + 2 * h2[0]))
        elif k == "V-D.4":
            jd += 1
            hm = max(h2)
            bounds.append(hm + e0 * (1 + 2 * hm))
        else:
            bounds.append(None)
    ok = all(b is None or d <= b for d, b in zip(depths, bounds))
    return {
        "kinds": list(res.kinds),
        "depths": [int(d) for d in depths],
        "bounds": bounds,
        "h1": [int(h) for h in h1],
        "h2": [int(h) for h in h2],
        "e0": e0,
        "x0_is_centre": e0 == h1[0],
        "D0": D0,
        "L1": L1,
        "L2": L2,
        "ok": bool(ok),
    }


# ------------------------------------------------------------------ examples


def slimfly_factor_check(q: int) -> dict[str, bool]:
    """Example II-D.2: MMS(q) (Slim Fly) is K_{q,q} * Cay(GF(q), X), checked edge for edge.

    Reads SF(q) as a star product (:func:`~lowdiam.edst.star_product_view`,
    which already fails unless every pair of adjacent supernodes is joined by
    a bijection), then checks that the structure graph is K_{q,q} (supernodes
    0..q-1 against q..2q-1), that the supernode is the Cayley graph of GF(q)
    with generator set X, and that the star product rebuilt from these
    factors and bijections has exactly SF(q)'s links (so the router labelling
    is an isomorphism).

    Parameters
    ----------
    q : int
        A prime power (Slim Fly SF(q)).

    Returns
    -------
    dict
        ``structure_is_Kqq``, ``supernode_is_cayley``, ``product_equals_slimfly`` (bools).

    Examples
    --------
    >>> slimfly_factor_check(5)
    {'structure_is_Kqq': True, 'supernode_is_cayley': True, 'product_equals_slimfly': True}
    """
    from lowdiam import topologies as T
    from lowdiam.edst.view import star_product_view

    top = T.slimfly(q)
    v = star_product_view(top)
    kqq = np.sort(table_v_graph("complete_bipartite", q)[1], axis=1)
    cay = table_v_graph("mms_supernode", q)[1]
    rebuilt = view_from_factors((v.n1, v.struct_edges), (v.n2, v.super_edges), v.arc_maps)
    mapped = np.sort(v.router.ravel()[rebuilt.router_edges], axis=1)  # (x, v) -> SF(q) router id
    same = mapped.shape == v.router_edges.shape and bool(
        (np.unique(mapped, axis=0) == np.unique(v.router_edges, axis=0)).all()
    )
    return {
        "structure_is_Kqq": v.n1 == 2 * q and np.array_equal(np.unique(kqq, axis=0), np.unique(v.struct_edges, axis=0)),
        "supernode_is_cayley": v.n2 == q and np.array_equal(np.unique(cay, axis=0), np.unique(v.super_edges, axis=0)),
        "product_equals_slimfly": same and int(top.num_edges) == v.num_edges,
    }


def _diameter(n: int, edges: np.ndarray) -> float:
    d = _tree_dist(n, edges)
    return float(d.max())


def diameters_over_bijections(G1: Any, G2: Any, bijections: Any = None) -> list[float]:
    """Diameter of G1 * G2 for every assignment of a bijection to each edge of G1 (brute force, tiny graphs).

    Parameters
    ----------
    G1, G2 : graphs :func:`~lowdiam.edst.as_graph` reads
        Structure graph and supernode.
    bijections : sequence of permutations of range(n2), optional
        The candidates per edge; default all n2! permutations.

    Returns
    -------
    list of float
        One diameter per assignment (inf when the product is disconnected).

    Raises
    ------
    ValueError
        If there are more than 10**5 assignments.

    Examples
    --------
    >>> import networkx as nx
    >>> min(diameters_over_bijections(nx.complete_graph(2), nx.cycle_graph(5)))   # the Petersen graph
    2.0
    """
    n1, e1 = as_graph(G1)
    n2, e2 = as_graph(G2)
    cands = [np.asarray(b, np.int64) for b in (bijections if bijections is not None
                                                 else itertools.permutations(range(n2)))]
    total = len(cands) ** len(e1)
    if total > 10**5:
        raise ValueError(f"{total} bijection assignments is too many for brute force (limit 10**5)")
    out = []
    for combo in itertools.product(range(len(cands)), repeat=len(e1)):
        v = view_from_factors((n1, e1), (n2, e2), np.stack([cands[c] for c in combo]) if len(e1) else
                              np.zeros((0, n2), np.int64))
        out.append(_diameter(v.num_routers, v.router_edges))
    return out


def chimera(m: int, toric: bool = False) -> tuple[int, np.ndarray]:
    """The D-Wave Chimera graph C_m (m x m grid of K_{4,4} cells), or its toric variant (Appendix C).

    Vertex ((i m + j) 2 + s) 4 + k: cell (i, j), shore s (0 couples vertically,
    1 horizontally), index k.  Each cell is K_{4,4} between its shores; shore-0
    vertex k of cell (i, j) is joined to the same vertex of (i + 1, j), shore 1
    to (i, j + 1).  ``toric`` wraps both directions around (needs m >= 3, so
    no link repeats), making every vertex degree 6.

    Parameters
    ----------
    m : int
        Grid side.
    toric : bool, optional
        Wrap the couplers around (Appendix C's toric Chimera).

    Returns
    -------
    tuple
        ``(8 m^2, edges)``.

    Raises
    ------
    ValueError
        If m < 1, or m < 3 with ``toric``.

    Examples
    --------
    >>> n, e = chimera(2)
    >>> n, len(e)
    (32, 80)
    """
    if m < 1 or (toric and m < 3):
        raise ValueError(f"Chimera needs m >= 1 (m >= 3 for the toric variant), got m={m}, toric={toric}")

    def vid(i, j, s, k):
        return ((i * m + j) * 2 + s) * 4 + k

    edges = []
    for i in range(m):
        for j in range(m):
            edges += [(vid(i, j, 0, a), vid(i, j, 1, b)) for a in range(4) for b in range(4)]
            for k in range(4):
                if i + 1 < m or toric:
                    edges.append((vid(i, j, 0, k), vid((i + 1) % m, j, 0, k)))
                if j + 1 < m or toric:
                    edges.append((vid(i, j, 1, k), vid(i, (j + 1) % m, 1, k)))
    return as_graph((8 * m * m, np.array(edges, np.int64)))


def chimera_c2_view() -> StarProductView:
    """C_2 read as K_2 * G', G' = two disjoint K_{4,4} (Appendix C): a connected product of a disconnected supernode.

    Supernode 0 holds the diagonal cells (0, 0), (1, 1), supernode 1 the
    cells (0, 1), (1, 0); the 16 couplers are the bijection between them.

    Returns
    -------
    StarProductView
        Built through the same reader as the topologies' views, which fails
        unless the couplers form a bijection and both supernodes carry the
        same graph.

    Examples
    --------
    >>> v = chimera_c2_view()
    >>> v.n1, v.n2, len(v.super_edges), v.num_edges
    (2, 16, 32, 80)
    """
    n, e = chimera(2)
    cell = np.arange(n) // 8
    i, j = cell // 2, cell % 2
    sn = (i + j) % 2
    sv = (i * 8) + (np.arange(n) % 8)  # cell rank within its supernode is i
    return _view_from_labels(SimpleNamespace(num_routers=n, edges=e, name="Chimera C_2"), sn, sv)
