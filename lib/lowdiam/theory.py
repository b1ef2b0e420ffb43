"""Checked statements: the papers' propositions, theorems and path facts as computations.

Each function turns one published statement into something that can fail:

=====================================  ===============================================================
function                               statement
=====================================  ===============================================================
:func:`find_r_star_graph`              PolarStar Prop. 1 and the remark after Cor. 3 (brute force)
:func:`supernode_distance_profile`     PolarStar Sec. 9.2: <= 2 hops between adjacent supernodes
:func:`minpath_hop_profile`            PolarStar Sec. 9.6: longest minpath, most global hops on one;
                                       Galaxyfly Sec. 4.1: local / global hops of minimal routes
:func:`intra_cluster_common_neighbours` Galaxyfly Sec. 4.1: common neighbours inside a cluster
:func:`polarized_table2`               Polarized Table 2 from an implementation of C1-C3
:func:`rrg_degree_for_diameter`        Polarized Sec. 2.1: delta^D ~ 2 N ln N
:func:`polarized_sufficient_degree`    Polarized Sec. 5: delta > (2 / ln 2) ln N
:func:`grid_topology`                  paths, meshes, cycles and tori (Polarized Sec. 3.2, 5)
:func:`star_continuous_optimum`        PolarStar Sec. 7.1: real-q maximum of |ER_q| |G'|
:func:`galaxyfly_square_bound`         Galaxyfly Sec. 3.1: real-q bound of GF(q, q, a, p)
=====================================  ===============================================================

Nothing here knows a paper's answer: the notebooks compare.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .validate import check_int

__all__ = [
    "POLARIZED_TABLE2",
    "galaxy_generator_checks",
    "is_vertex_transitive",
    "polarized_route_coverage",
    "shuffle_supernode_fanout",
    "shuffle_wrap_offset",
    "find_r_star_graph",
    "galaxyfly_square_bound",
    "galaxyfly_table2_census",
    "galaxyfly_table2_row",
    "grid_topology",
    "intra_cluster_common_neighbours",
    "minpath_hop_profile",
    "polarized_sufficient_degree",
    "polarized_table2",
    "rrg_degree_for_diameter",
    "rrg_diameter_census",
    "star_continuous_optimum",
    "supernode_distance_profile",
]

R_STAR_MAX_ORDER = 8  # brute force limit of find_r_star_graph


# ------------------------------------------------------------------ PolarStar Prop. 1 / Cor. 3
def _graphs_max_degree(n: int, max_degree: int):
    """Every labelled simple graph on n vertices with all degrees <= max_degree (adjacency, bool)."""
    pairs = list(itertools.combinations(range(n), 2))
    deg = [0] * n
    adj = np.zeros((n, n), dtype=bool)

    def rec(i: int):
        if i == len(pairs):
            yield adj
            return
        yield from rec(i + 1)  # without pair i
        u, v = pairs[i]
        if deg[u] < max_degree and deg[v] < max_degree:
            deg[u] += 1
            deg[v] += 1
            adj[u, v] = adj[v, u] = True
            yield from rec(i + 1)
            adj[u, v] = adj[v, u] = False
            deg[u] -= 1
            deg[v] -= 1

    yield from rec(0)


def find_r_star_graph(n: int, max_degree: int) -> tuple[np.ndarray, np.ndarray] | None:
    """A graph on ``n`` vertices, degrees <= ``max_degree``, with Property R*, or None (exhaustive).

    Property R* (PolarStar Sec. 5.1.2): an involution f such that every pair
    x', y' has y' = x', y' = f(x'), x'y' an edge or f(x')f(y') an edge.  Every
    labelled graph with the degree cap is tried against one involution per
    conjugacy class (k transpositions (0 1)(2 3)..., k = 0 .. n // 2), which
    loses nothing: relabelling carries any involution to one of these.

    Parameters
    ----------
    n : int
        Number of vertices, 1 .. 8 (the search is exponential).
    max_degree : int
        Degree cap d' >= 0.

    Returns
    -------
    tuple or None
        ``(adjacency (n, n) bool, f)`` of the first witness, or None if none exists.

    Raises
    ------
    ValueError
        If ``n`` is outside 1 .. 8 or ``max_degree`` < 0.

    Examples
    --------
    >>> find_r_star_graph(2, 0)[1].tolist()       # IQ_0: two vertices swapped by f
    [1, 0]
    >>> find_r_star_graph(4, 1) is None           # no order-4 R* graph of degree 1 (d' = 1 = 1 mod 4)
    True
    """
    n = check_int("n", n, low=1)
    d = check_int("max_degree", max_degree, low=0)
    if n > R_STAR_MAX_ORDER:
        raise ValueError(f"find_r_star_graph is exhaustive: n must be <= {R_STAR_MAX_ORDER}, got {n}")
    invs = []
    for k in range(n // 2 + 1):
        f = np.arange(n)
        for j in range(k):
            f[2 * j], f[2 * j + 1] = 2 * j + 1, 2 * j
        base = np.eye(n, dtype=bool)
        base[np.arange(n), f] = True
        invs.append((f, base))
    for adj in _graphs_max_degree(n, d):
        for f, base in invs:
            if (base | adj | adj[np.ix_(f, f)]).all():
                return adj.copy(), f.copy()
    return None


# ------------------------------------------------------------------ path structure
def _group_labels(topology: Any, label: str | None) -> np.ndarray:
    labels = topology.labels
    if label is None:
        for name in ("supernode", "group"):
            if name in labels:
                label = name
                break
        else:
            raise ValueError(f"{topology.name} has no 'supernode' or 'group' label; pass label=")
    if label not in labels:
        raise ValueError(f"{topology.name} has no label {label!r} (has {sorted(labels)})")
    return np.asarray(labels[label])


def supernode_distance_profile(topology: Any, label: str | None = None) -> dict[str, int]:
    """Largest router distance by supernode relation: same, adjacent (some link) or neither.

    PolarStar Sec. 9.2: minimal paths have at most 3 hops, and at most 2 when
    the two routers sit in adjacent supernodes.

    Parameters
    ----------
    topology : Topology
        With a supernode label (``"supernode"`` or ``"group"`` by default).
    label : str, optional
        The label naming each router's supernode.

    Returns
    -------
    dict
        ``{"same", "adjacent", "other"}`` -> largest distance (0 when a class is empty).

    Raises
    ------
    ValueError
        If the label is missing.

    Examples
    --------
    >>> from lowdiam.topologies import polarstar
    >>> supernode_distance_profile(polarstar(3, "iq", 3))
    {'same': 2, 'adjacent': 2, 'other': 3}
    """
    from .metrics.distances import distance_matrix

    g = _group_labels(topology, label)
    D = distance_matrix(topology).astype(np.int64)
    groups = np.unique(g)
    idx = np.searchsorted(groups, g)
    m = groups.size
    gadj = np.zeros((m, m), dtype=bool)
    e = np.asarray(topology.edges)
    gadj[idx[e[:, 0]], idx[e[:, 1]]] = True
    gadj[idx[e[:, 1]], idx[e[:, 0]]] = True
    same = idx[:, None] == idx[None, :]
    adjacent = gadj[np.ix_(idx, idx)] & ~same
    other = ~same & ~adjacent
    return {k: int(D[mask].max()) if mask.any() else 0 for k, mask in
            (("same", same), ("adjacent", adjacent), ("other", other))}


def minpath_hop_profile(topology: Any, label: str | None = None, routers: Any = None) -> dict[str, int]:
    """Longest minimal path, the most global / local links on one, and the global links a pair cannot avoid.

    A link is *global* when its two routers carry different supernode (group)
    labels.  Over all ordered pairs of ``routers`` (default: those carrying
    endpoints) and every minimal path between them, the largest number of
    global links and of local links on one path (dynamic programming over
    the BFS layers of each source); ``fewest_global`` is the largest, over
    pairs, of the fewest global links on a minimal path between them (what a
    routing that prefers local links still needs).

    Parameters
    ----------
    topology : Topology
    label : str, optional
        Supernode label (``"supernode"``/``"group"`` by default); with no such
        label every link counts as local.
    routers : array of int, optional
        Routers between which paths are measured.

    Returns
    -------
    dict
        ``{"longest", "max_global", "max_local", "fewest_global"}``.

    Examples
    --------
    >>> from lowdiam.topologies import dragonfly
    >>> minpath_hop_profile(dragonfly(4, 2, 2))
    {'longest': 3, 'max_global': 2, 'max_local': 2, 'fewest_global': 2}
    """
    from .metrics.distances import distances_from

    n = topology.num_routers
    try:
        g = _group_labels(topology, label)
    except ValueError:
        if label is not None:
            raise
        g = np.zeros(n, dtype=np.int64)
    if routers is None:
        routers = np.flatnonzero(np.asarray(topology.endpoints) > 0)
    routers = np.asarray(routers, dtype=np.int64)
    e = np.asarray(topology.edges, dtype=np.int64)
    u = np.concatenate([e[:, 0], e[:, 1]])
    v = np.concatenate([e[:, 1], e[:, 0]])
    glob = (g[u] != g[v]).astype(np.int64)
    best = {"longest": 0, "max_global": 0, "max_local": 0, "fewest_global": 0}
    # the sources of a block of 64 at once: state (source, router) flattened to source * n + router, each BFS
    # layer's links relaxed for every source in one ufunc.at per quantity
    for start in range(0, routers.size, 64):
        block = routers[start:start + 64]
        D = distances_from(topology, block).astype(np.int64)  # (k, n)
        k = block.size
        layer_u, layer_v = D[:, u], D[:, v]  # (k, 2m)
        src, link = np.nonzero(layer_v == layer_u + 1)  # the links on a minimal path from each source
        a, b = src * n + u[link], src * n + v[link]
        c, lev = glob[link], layer_v[src, link]
        order = np.argsort(lev, kind="stable")
        a, b, c, lev = a[order], b[order], c[order], lev[order]
        cut = np.searchsorted(lev, np.arange(1, int(D.max()) + 2))  # links of layer L: cut[L-1]:cut[L]
        mg = np.full(k * n, -1, dtype=np.int64)
        ml = np.full(k * n, -1, dtype=np.int64)
        fg = np.full(k * n, n, dtype=np.int64)
        own = np.arange(k) * n + block
        mg[own] = ml[own] = fg[own] = 0
        for lo, hi in zip(cut[:-1], cut[1:]):
            aa, bb, cc = a[lo:hi], b[lo:hi], c[lo:hi]
            np.maximum.at(mg, bb, mg[aa] + cc)
            np.maximum.at(ml, bb, ml[aa] + 1 - cc)
            np.minimum.at(fg, bb, fg[aa] + cc)
        at = (np.arange(k)[:, None] * n + routers[None, :]).ravel()  # every (source, target router)
        best["longest"] = max(best["longest"], int(D[:, routers].max()))
        best["max_global"] = max(best["max_global"], int(mg[at].max()))
        best["max_local"] = max(best["max_local"], int(ml[at].max()))
        best["fewest_global"] = max(best["fewest_global"], int(fg[at].max()))
    return best


def intra_cluster_common_neighbours(q: int) -> set[int]:
    """Common-neighbour counts of non-adjacent supernodes of one Galaxy cluster (Galaxyfly Sec. 4.1).

    The cluster is the generator graph of F_q (:func:`lowdiam.topologies.galaxy_graph`
    with one cluster); for q = 1 mod 4 it is the Paley graph, strongly regular
    with mu = (q - 1)/4.

    Parameters
    ----------
    q : int
        Prime power (as :func:`lowdiam.topologies.galaxy_graph`).

    Returns
    -------
    set of int
        The distinct numbers of common neighbours over non-adjacent pairs.

    Examples
    --------
    >>> sorted(intra_cluster_common_neighbours(5)), sorted(intra_cluster_common_neighbours(13))
    ([1], [3])
    """
    from .topologies import galaxy_graph

    top = galaxy_graph(1, q)
    a = np.zeros((q, q), dtype=np.int64)
    e = np.asarray(top.edges)
    a[e[:, 0], e[:, 1]] = a[e[:, 1], e[:, 0]] = 1
    common = a @ a
    non_adj = (a == 0) & ~np.eye(q, dtype=bool)
    return {int(x) for x in common[non_adj]}


# ------------------------------------------------------------------ Polarized routing
#: Polarized Table 2 as printed: (ds, dt) -> (dmu, allowed when D(c,s) < D(c,t), allowed otherwise);
#: the cell printed "(0, ±1)^-1" can only be (0, +1) (dmu = ds - dt = -1).
POLARIZED_TABLE2 = {
    (+1, -1): (2, True, True), (+1, 0): (1, True, True), (+1, +1): (0, True, False),
    (0, -1): (1, True, True), (0, 0): (0, False, False), (0, +1): (-1, False, False),
    (-1, -1): (0, False, True), (-1, 0): (-1, False, False), (-1, +1): (-2, False, False),
}


def polarized_table2(allowed: Callable[[int, int, int, int], bool]) -> dict[tuple[int, int], tuple[int, bool, bool]]:
    """Polarized Table 2 as produced by an implementation of conditions C1-C3.

    Parameters
    ----------
    allowed : callable
        ``allowed(D(c,s), D(c,t), D(c_p,s), D(c_p,t)) -> bool`` (the routing rule under test).

    Returns
    -------
    dict
        ``(ds, dt) -> (dmu, allowed when D(c,s) < D(c,t), allowed when D(c,s) >= D(c,t))``,
        evaluated at (D(c,s), D(c,t)) = (2, 3) and (3, 2) and (3, 3).

    Examples
    --------
    >>> rule = lambda a, b, na, nb: (na - a) - (nb - b) > 0    # C1 alone
    >>> polarized_table2(rule)[(1, 1)]
    (0, False, False)
    """
    out = {}
    for ds, dt in itertools.product((1, 0, -1), repeat=2):
        closer_s = bool(allowed(2, 3, 2 + ds, 3 + dt))
        others = {bool(allowed(a, b, a + ds, b + dt)) for a, b in ((3, 2), (3, 3))}
        if len(others) != 1:
            raise ValueError(f"rule is not a function of the Table 2 regime at (ds, dt) = {(ds, dt)}")
        out[(ds, dt)] = (ds - dt, closer_s, others.pop())
    return out


def rrg_degree_for_diameter(n: int, diameter: int) -> float:
    """Degree delta with delta^D = 2 N ln N (Polarized Sec. 2.1, after Bollobas).

    Examples
    --------
    >>> round(rrg_degree_for_diameter(720, 3), 1)
    21.2
    """
    n = check_int("n", n, low=2)
    diameter = check_int("diameter", diameter, low=1)
    return (2 * n * math.log(n)) ** (1 / diameter)


def rrg_diameter_census(n: int, degree: int, seeds) -> dict[str, Any]:
    """Diameters of random ``degree``-regular graphs on ``n`` routers over many seeds (``jellyfish``).

    What a paper's "the RRG has diameter D" can be compared with: the distribution of D over independent
    draws of the same random graph, and how many router pairs sit at the largest distance.

    Parameters
    ----------
    n, degree : int
        Routers and their degree (as :func:`lowdiam.topologies.jellyfish`).
    seeds : iterable of int
        The draws.

    Returns
    -------
    dict
        ``counts``: {diameter: number of seeds}; ``draws``; ``far_pairs``: per seed, the router pairs at the
        graph's diameter; ``k``: the exponent with ``degree**k = 2 n ln n`` (Polarized Sec. 2.1).

    Raises
    ------
    ValueError
        Bad ``n`` / ``degree`` (see ``jellyfish``) or no seeds.

    Examples
    --------
    >>> c = rrg_diameter_census(27, 4, range(20))
    >>> sorted(c["counts"]), c["draws"], round(c["k"], 2)   # never 3, though 4-regular 27-vertex graphs of D = 3 exist
    ([4, 5], 20, 3.74)
    """
    from .metrics.distances import distance_matrix
    from .topologies import jellyfish

    seeds = [check_int("seed", s, low=0) for s in seeds]
    if not seeds:
        raise ValueError("rrg_diameter_census needs at least one seed")
    counts: dict[int, int] = {}
    far = []
    for s in seeds:
        dist = distance_matrix(jellyfish(n, degree, s))
        d = int(dist.max())
        counts[d] = counts.get(d, 0) + 1
        far.append(int((dist == d).sum()) // 2)
    k = math.log(2 * n * math.log(n)) / math.log(degree)
    return {"counts": dict(sorted(counts.items())), "draws": len(seeds), "far_pairs": far, "k": k}


def polarized_sufficient_degree(n: int) -> float:
    """(2 / ln 2) ln N: RRG degrees above this make Algorithm 1 always succeed (Polarized Sec. 5).

    Examples
    --------
    >>> round(polarized_sufficient_degree(720), 2)
    18.98
    """
    n = check_int("n", n, low=2)
    return 2 / math.log(2) * math.log(n)


def grid_topology(dims: tuple[int, ...], wrap: bool = False):
    """Path / mesh (``wrap=False``) or cycle / torus (``wrap=True``) with side lengths ``dims``.

    Parameters
    ----------
    dims : tuple of int
        Side lengths, each >= 2 (>= 3 with ``wrap``).
    wrap : bool
        Add the wrap-around links.

    Returns
    -------
    Topology
        One endpoint per router.

    Raises
    ------
    ValueError
        On a side below the minimum.

    Examples
    --------
    >>> grid_topology((4,)).num_edges, grid_topology((4,), wrap=True).num_edges, grid_topology((3, 3)).num_edges
    (3, 4, 12)
    """
    from .topologies import Topology

    dims = tuple(check_int("side", s, low=3 if wrap else 2) for s in dims)
    if not dims:
        raise ValueError("dims must name at least one side")
    n = math.prod(dims)
    coords = np.array(list(itertools.product(*[range(s) for s in dims])))
    index = {tuple(c): i for i, c in enumerate(coords.tolist())}
    edges = set()
    for i, c in enumerate(coords.tolist()):
        for axis, side in enumerate(dims):
            nxt = c[axis] + 1
            if nxt == side:
                if not wrap:
                    continue
                nxt = 0
            d = list(c)
            d[axis] = nxt
            j = index[tuple(d)]
            edges.add((min(i, j), max(i, j)))
    kind = ("torus" if len(dims) > 1 else "cycle") if wrap else ("mesh" if len(dims) > 1 else "path")
    return Topology.from_edges(f"{kind}{dims}", kind, n, np.array(sorted(edges)), params={"dims": dims, "wrap": wrap})


# ------------------------------------------------------------------ scale bounds
def star_continuous_optimum(radix: int, supernode: str = "iq", samples: int = 200_001) -> tuple[float, float]:
    """Real q maximising |ER_q| |G'| = (q^2 + q + 1) |G'| at degree q + 1 + d' = ``radix``.

    |G'| = 2d' + 2 (Inductive-Quad) or 2d' + 1 (Paley); PolarStar Sec. 7.1
    approximates the maxima by (8k^3 + 12k^2 + 18k)/27 and 8k^3/27.

    Parameters
    ----------
    radix : int
        Network radix k >= 3.
    supernode : {"iq", "paley"}
    samples : int
        Grid points on q in [1, k - 1].

    Returns
    -------
    tuple of float
        ``(q*, order)``.

    Raises
    ------
    ValueError
        On an unknown supernode or radix < 3.

    Examples
    --------
    >>> q, n = star_continuous_optimum(2000, "paley")
    >>> round(n / (8 * 2000**3 / 27), 3)
    1.0
    """
    k = check_int("radix", radix, low=3)
    if supernode not in ("iq", "paley"):
        raise ValueError(f"supernode must be 'iq' or 'paley', got {supernode!r}")
    q = np.linspace(1.0, k - 1.0, samples)
    dp = k - 1 - q
    order = (q * q + q + 1) * (2 * dp + (2 if supernode == "iq" else 1))
    i = int(np.argmax(order))
    return float(q[i]), float(order[i])


def galaxyfly_square_bound(total_radix: int, a: int) -> tuple[float, float]:
    """Upper bound on the endpoints of GF(q, q, a, p) with ``total_radix``-port routers, over real q.

    The port budget a h >= n - 1 + (q - δ)/2 with n = q and δ <= 1 needs
    h >= (3q - 3) / (2a); the endpoints are a q^2 p with p = r - (a - 1) - h,
    so N <= max over real q >= 1 of a q^2 (r - a + 1 - (3q - 3)/(2a)).

    Parameters
    ----------
    total_radix : int
        Router ports r, endpoints included.
    a : int
        Routers per supernode.

    Returns
    -------
    tuple of float
        ``(q*, N bound)``.

    Examples
    --------
    >>> q, n = galaxyfly_square_bound(48, 3)
    >>> round(q, 1), round(n)
    (62.0, 178746)
    """
    r = check_int("total_radix", total_radix, low=2)
    a = check_int("a", a, low=1)
    c = r - a + 1 + 3 / (2 * a)  # p <= c - 3q/(2a)
    slope = 3 / (2 * a)
    q = 2 * c / (3 * slope)  # maximiser of q^2 (c - slope q)
    return q, a * q * q * (c - slope * q)


# ------------------------------------------------------------------ Galaxyfly Eq. 1-2, Lemmas 2.1-2.2
def galaxy_generator_checks(q: int) -> dict[str, bool]:
    """Galaxyfly Eq. (1)-(2) and Lemmas 2.1-2.2, brute force over every primitive element of GF(q).

    For each primitive ξ, with (X, X') from
    :func:`lowdiam.topologies.galaxy_generator_sets` and H(x) = ξx:

    * ``sizes``: |X| = |X'| = (q - δ)/2;
    * ``union``: X ∪ X' = GF(q)* (disjoint only for q = 1 mod 4, where
      |X| + |X'| = q - 1);
    * ``symmetric``: X = -X (the generator graph is undirected);
    * ``lemma21``: the generator graphs of X and X' are isomorphic (networkx VF2);
    * ``lemma22``: x - y ∈ X iff H(x) - H(y) ∈ X', over all pairs x, y.

    Parameters
    ----------
    q : int
        Prime power q > 2, q ≢ 2 (mod 4).

    Returns
    -------
    dict
        The five names above -> True when they hold for every primitive ξ.

    Raises
    ------
    ValueError
        For q outside the Galaxy family.

    Examples
    --------
    >>> galaxy_generator_checks(5)
    {'sizes': True, 'union': True, 'symmetric': True, 'lemma21': True, 'lemma22': True}
    """
    import networkx as nx

    from .topologies._galaxyfly import galaxy_delta, galaxy_generator_sets
    from .topologies.fields import field

    delta = galaxy_delta(q)
    if q == 1:
        raise ValueError("q=1 has no generator sets: the Galaxy graph is then K_n")
    gf = field(q)
    elems = gf(np.arange(q))
    diff = np.asarray(elems[:, None] - elems[None, :], dtype=np.int64)  # x - y
    iu = np.triu_indices(q, 1)
    out = dict.fromkeys(("sizes", "union", "symmetric", "lemma21", "lemma22"), True)
    for xi in gf.primitive_elements:
        X, Xp = galaxy_generator_sets(q, int(xi))
        sx, sxp = {int(v) for v in X}, {int(v) for v in Xp}
        out["sizes"] &= len(sx) == len(sxp) == (q - delta) // 2 == len(X) == len(Xp)
        out["union"] &= (sx | sxp) == set(range(1, q))
        out["symmetric"] &= {int(-gf(v)) for v in sx} == sx
        in_x, in_xp = np.isin(diff, sorted(sx)), np.isin(diff, sorted(sxp))
        graphs = []
        for mask in (in_x, in_xp):
            g = nx.Graph()
            g.add_nodes_from(range(q))
            g.add_edges_from(zip(iu[0][mask[iu]].tolist(), iu[1][mask[iu]].tolist()))
            graphs.append(g)
        out["lemma21"] &= nx.is_isomorphic(*graphs)
        h = np.asarray(xi * elems, dtype=np.int64)  # H(x) = xi x
        out["lemma22"] &= bool((in_x == in_xp[np.ix_(h, h)]).all())
    return {k: bool(v) for k, v in out.items()}


# ------------------------------------------------------------------ symmetry (PolarStar Table 2)
def is_vertex_transitive(adjacency: Any) -> bool:
    """Whether a graph is vertex-transitive (some automorphism maps vertex 0 to every vertex).

    Brute force with networkx VF2: for each vertex v, an isomorphism of the
    graph onto itself with 0 and v marked.  Small graphs only.

    Parameters
    ----------
    adjacency : array-like (n, n) or networkx.Graph

    Returns
    -------
    bool

    Examples
    --------
    >>> import networkx as nx
    >>> is_vertex_transitive(nx.petersen_graph()), is_vertex_transitive(nx.path_graph(3))
    (True, False)
    """
    import networkx as nx
    from networkx.algorithms.isomorphism import GraphMatcher

    g = adjacency if isinstance(adjacency, nx.Graph) else nx.from_numpy_array(np.asarray(adjacency).astype(int))
    g = nx.convert_node_labels_to_integers(g)
    if g.number_of_nodes() <= 1:
        return True
    degrees = {d for _, d in g.degree()}
    if len(degrees) > 1:
        return False
    g0 = g.copy()
    nx.set_node_attributes(g0, {v: v == 0 for v in g0}, "mark")
    for v in range(1, g.number_of_nodes()):
        gv = g.copy()
        nx.set_node_attributes(gv, {u: u == v for u in gv}, "mark")
        if not GraphMatcher(g0, gv, node_match=lambda a, b: a["mark"] == b["mark"]).is_isomorphic():
            return False
    return True


# ------------------------------------------------------------------ PolarStar Sec. 9.4: bit shuffle
def shuffle_supernode_fanout(topology: Any, pattern: str = "shuffle", label: str | None = None) -> dict[str, Any]:
    """How many *other* supernodes each supernode's endpoints send to under a bit pattern.

    Endpoints are numbered contiguously per router in router order (as
    :mod:`lowdiam.sim.traffic`), and the destinations are those of the
    simulator's own pattern (default ``"shuffle"``, d = rotate-left(s) on the
    largest power-of-two subset 2^b <= #endpoints; the rest stay silent).

    Parameters
    ----------
    topology : Topology
        With a supernode / group label.
    pattern : str
        A deterministic pattern of :data:`lowdiam.sim.traffic.PATTERNS`.
    label : str, optional
        Supernode label (``"supernode"`` / ``"group"`` by default).

    Returns
    -------
    dict
        ``fanout`` (supernode -> number of other destination supernodes, active
        supernodes only), ``endpoint_fraction_at_most_2`` (share of active
        endpoints whose supernode sends to <= 2 other supernodes) and
        ``histogram`` (fan-out -> active endpoints).

    Examples
    --------
    >>> from lowdiam.topologies import polarstar
    >>> f = shuffle_supernode_fanout(polarstar(3, "iq", 3))
    >>> f["endpoint_fraction_at_most_2"] > 0.5
    True
    """
    from .sim.traffic import Endpoints, make_traffic

    g = _group_labels(topology, label)
    ep = Endpoints.of(np.asarray(topology.endpoints))
    spec = make_traffic(pattern, topology, ep, None, seed=0)
    src = np.repeat(np.arange(ep.count), np.diff(spec.ptr))
    dst = spec.dst.astype(np.int64)
    gs, gd = g[ep.router[src]], g[ep.router[dst]]
    fan = {}
    for s_group in np.unique(gs):
        others = set(np.unique(gd[gs == s_group]).tolist()) - {int(s_group)}
        fan[int(s_group)] = len(others)
    per_ep = np.array([fan[int(x)] for x in gs])
    hist = {int(k): int(v) for k, v in zip(*np.unique(per_ep, return_counts=True))}
    return {"fanout": fan, "endpoint_fraction_at_most_2": float(np.mean(per_ep <= 2)) if per_ep.size else 0.0,
            "histogram": hist}


def shuffle_wrap_offset(num_endpoints: int, supernode_endpoints: int) -> dict[str, int | bool]:
    """Where bit shuffle's wrapped half lands inside a supernode: when two destination supernodes suffice.

    Bit shuffle on the 2^b endpoints (2^b the largest power of two <= ``num_endpoints``) sends source
    s to rotate-left(s): 2s for s < 2^(b-1) and 2s + 1 - 2^b above. With endpoints numbered contiguously,
    ``supernode_endpoints`` = m per supernode, the lower half's m sources of a supernode reach the 2m
    endpoints [2km, 2km + 2m): exactly two supernodes. The upper half's reach the odd endpoints from
    2km + 1 - 2^b, which start at offset o = (1 - 2^b) mod m inside a supernode and span 2m - 1 numbers:
    two supernodes when o is 0 or 1 (m divides 2^b - 1 or 2^b), three otherwise. So PolarStar Sec. 9.4's
    "almost all endpoints in a supernode communicate with only two other supernodes" holds for every
    supernode only when ``aligned``; otherwise for about half of them.

    Parameters
    ----------
    num_endpoints : int
        Endpoints of the network (>= 2).
    supernode_endpoints : int
        Endpoints per supernode or group (>= 1), the same in every one.

    Returns
    -------
    dict
        ``bits`` (b), ``wrap_offset`` (o) and ``aligned`` (o in {0, 1}).

    Raises
    ------
    ValueError
        If a count is not an integer or below its minimum.

    Examples
    --------
    >>> shuffle_wrap_offset(5320, 40)  # PS-IQ(11, 3), 5 endpoints x 8 routers per supernode
    {'bits': 12, 'wrap_offset': 25, 'aligned': False}
    >>> shuffle_wrap_offset(4745, 65)["aligned"]  # PS-Pal(8, 6): 13 routers x 5 endpoints, 65 divides 4095
    True
    """
    n = check_int("num_endpoints", num_endpoints, low=2)
    m = check_int("supernode_endpoints", supernode_endpoints, low=1)
    bits = n.bit_length() - 1
    offset = (1 - (1 << bits)) % m
    return {"bits": bits, "wrap_offset": offset, "aligned": offset in (0, 1)}


# ------------------------------------------------------------------ Polarized: minimal and Valiant routes
def _rule_table(allowed: Callable[[int, int, int, int], bool], dmax: int) -> np.ndarray:
    r = np.arange(dmax + 2)
    t = np.zeros((dmax + 2,) * 4, dtype=bool)
    for a, b, na, nb in itertools.product(r, repeat=4):
        t[a, b, na, nb] = bool(allowed(int(a), int(b), int(na), int(nb)))
    return t


def polarized_route_coverage(topology: Any, allowed: Callable[[int, int, int, int], bool]) -> dict[str, Any]:
    """Which minimal and Valiant routes a hop rule admits (Polarized Sec. 3: "all minimal, most Valiant").

    A route from s to t is admitted when every hop c -> c' passes
    ``allowed(D(s,c), D(c,t), D(s,c'), D(c',t))``.  Minimal routes: every hop
    of every shortest s-t path.  Valiant routes: for each intermediate router
    m not in {s, t}, the paths made of a shortest s-m path followed by a
    shortest m-t path; a triple (s, m, t) counts as *all* when every such path
    is admitted, *some* when at least one is.

    Parameters
    ----------
    topology : Topology
        Connected; O(n^3 E) work, small graphs only.
    allowed : callable
        The hop rule, e.g. :func:`lowdiam.sim.caminos.routing.polarized_allowed`.

    Returns
    -------
    dict
        ``minimal_all`` (bool), ``valiant_all`` and ``valiant_some`` (fractions of
        the (s, m, t) triples), ``valiant_paths`` (admitted Valiant paths over all
        Valiant paths, every triple and path counted once), ``triples``.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.topologies import Topology
    >>> t = Topology.from_edges("C5", "cycle", 5, list(nx.cycle_graph(5).edges()))
    >>> polarized_route_coverage(t, lambda a, b, na, nb: True)["valiant_all"]
    1.0
    """
    from .metrics.distances import distance_matrix

    D = distance_matrix(topology).astype(np.int64)
    n = D.shape[0]
    if (D < 0).any() or D.max() > 10 * n:
        raise ValueError("polarized_route_coverage needs a connected topology")
    T = _rule_table(allowed, int(D.max()))
    e = np.asarray(topology.edges, dtype=np.int64)
    u = np.concatenate([e[:, 0], e[:, 1]])
    v = np.concatenate([e[:, 1], e[:, 0]])
    minimal_ok = True
    n_all = n_some = n_tri = 0
    paths_total = paths_ok = 0.0
    for s in range(n):
        for t in range(n):
            if s == t:
                continue
            ok = T[D[s, u], D[u, t], D[s, v], D[v, t]]  # admissible directed edges for (s, t)
            on_min = (D[s, u] + 1 + D[v, t]) == D[s, t]
            minimal_ok &= bool(ok[on_min].all())
            # forward along shortest s-c paths: number of paths, number with every hop admitted
            n_sc = np.zeros(n)
            a_sc = np.zeros(n)
            n_sc[s] = a_sc[s] = 1.0
            layer = D[s, v] == D[s, u] + 1
            for level in range(1, int(D[s].max()) + 1):
                sel = layer & (D[s, v] == level)
                np.add.at(n_sc, v[sel], n_sc[u[sel]])
                np.add.at(a_sc, v[sel & ok], a_sc[u[sel & ok]])
            # backward along shortest c-t paths
            n_ct = np.zeros(n)
            a_ct = np.zeros(n)
            n_ct[t] = a_ct[t] = 1.0
            toward = D[u, t] == D[v, t] + 1
            for level in range(1, int(D[:, t].max()) + 1):
                sel = toward & (D[u, t] == level)
                np.add.at(n_ct, u[sel], n_ct[v[sel]])
                np.add.at(a_ct, u[sel & ok], a_ct[v[sel & ok]])
            m = np.ones(n, dtype=bool)
            m[[s, t]] = False
            n_tri += int(m.sum())
            n_some += int((m & (a_sc > 0) & (a_ct > 0)).sum())
            n_all += int((m & (a_sc == n_sc) & (a_ct == n_ct)).sum())
            paths_total += float((n_sc * n_ct)[m].sum())
            paths_ok += float((a_sc * a_ct)[m].sum())
    return {"minimal_all": bool(minimal_ok), "valiant_all": n_all / n_tri if n_tri else 1.0,
            "valiant_some": n_some / n_tri if n_tri else 1.0,
            "valiant_paths": paths_ok / paths_total if paths_total else 1.0, "triples": n_tri}


# ------------------------------------------------------------------ Galaxyfly Table 2
def galaxyfly_table2_row(n: int, q: int, a: int) -> int:
    """Index of the row of Galaxyfly Table 2 whose configuration class contains GF(n, q, a, ., .).

    The rows (``lowdiam.published.galaxyfly.TABLE2``, in the paper's order): 0 = (n = 1, q = 1, a > 1),
    1 = (n > 1, q = 1, a = 1), 2 = (n > 1, q > 1, a = 1), 3 = (n > 1, q = 1, a > 1),
    4 = (n > 1, q > 1, a > 1).

    Parameters
    ----------
    n, q, a : int
        Galaxyfly parameters (q = 1 or a prime power not 2 mod 4, as :func:`lowdiam.topologies.galaxyfly`).

    Returns
    -------
    int
        The row index.

    Raises
    ------
    ValueError
        n or a below 1, q invalid for Galaxyfly, or (n, q, a) in no row of Table 2: a single router
        (n = q = a = 1) or n = 1 with q > 1 (Table 2 lists no configuration with one cluster of several
        supernodes).

    Examples
    --------
    >>> [galaxyfly_table2_row(*c) for c in [(1, 1, 4), (6, 1, 1), (3, 5, 1), (7, 1, 3), (3, 5, 2)]]
    [0, 1, 2, 3, 4]
    """
    from .topologies._galaxyfly import galaxy_delta

    n, a = check_int("n", n, low=1), check_int("a", a, low=1)
    galaxy_delta(q)
    if n == 1 and q == 1 and a == 1:
        raise ValueError("GF(1, 1, 1) is a single router: Table 2 has no row for it (its rows need n > 1 or a > 1)")
    if n == 1 and q > 1:
        raise ValueError(f"GF(1, {q}, {a}) has n = 1 and q > 1: no row of Table 2 has n = 1 with q > 1")
    if n == 1:
        return 0
    if a == 1:
        return 1 if q == 1 else 2
    return 3 if q == 1 else 4


def galaxyfly_table2_census(configs) -> dict[int, dict[str, Any]]:
    """Measured diameters of built Galaxyflies, grouped by their Galaxyfly Table 2 row.

    Each (n, q, a) is built as ``galaxyfly(n, q, a, 1)`` (terminals do not change the router graph) and
    its exact diameter taken from the all-pairs distance matrix.

    Parameters
    ----------
    configs : iterable of (n, q, a)
        The instances; each must lie in a Table 2 row (:func:`galaxyfly_table2_row`).

    Returns
    -------
    dict
        {row index: {"configs": [(n, q, a), ...], "diameters": [int, ...], "largest": int}}, rows in
        increasing order.

    Raises
    ------
    ValueError
        No configurations, or one that is not a valid Galaxyfly in a Table 2 row.

    Examples
    --------
    >>> c = galaxyfly_table2_census([(1, 1, 5), (3, 5, 1), (2, 3, 2), (3, 5, 2)])
    >>> {r: (v["diameters"], v["largest"]) for r, v in c.items()}
    {0: ([1], 1), 2: ([2], 2), 4: ([4, 5], 5)}
    """
    from .metrics.distances import distance_matrix
    from .topologies import galaxyfly

    configs = [tuple(c) for c in configs]
    if not configs:
        raise ValueError("galaxyfly_table2_census needs at least one (n, q, a)")
    out: dict[int, dict[str, Any]] = {}
    for cfg in configs:
        if len(cfg) != 3:
            raise ValueError(f"each configuration is (n, q, a); got {cfg!r}")
        row = galaxyfly_table2_row(*cfg)
        d = int(distance_matrix(galaxyfly(*cfg, 1)).max())
        e = out.setdefault(row, {"configs": [], "diameters": []})
        e["configs"].append(cfg)
        e["diameters"].append(d)
    for e in out.values():
        e["largest"] = max(e["diameters"])
    return dict(sorted(out.items()))
