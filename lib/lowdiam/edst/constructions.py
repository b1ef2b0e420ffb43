"""EDSTs of star products built from EDSTs of the factor graphs (EDST paper Sec. V).

Star product G1 * G2 (Bermond–Delorme–Farhi; PolarStar Definition 1):
router (x, v) for x in V1 (supernode) and v in V2; (x, v) ~ (x, w) for
vw in E2, and for each structure edge {a, b} (a < b) a bijection f_ab of V2
with (a, v) ~ (b, f_ab(v)).

Notation (paper Table II): T_0..T_{t1-1} EDSTs of G1, T'_0..T'_{t2-1} EDSTs
of G2; H_i the non-tree edges of G_i; T_0 and T'_0 are *reserved*.  T_0 is
rooted at x_0, so every supernode c != x_0 has one parent arc p -> c.

Universal (Theorem V-B.1), t1 + t2 - 2 trees, any connected factors:

* V-B.2, i = 1..t1-1: T'_0 inside one root supernode x_i (distinct) plus
  all n2 twisted copies of T_i;
* V-B.3, j = 1..t2-1: T'_j inside every supernode plus, on every arc p -> c
  of T_0, the single link whose end in the child supernode c is vertex
  y_j (distinct y_j keep the trees disjoint).
* Low-depth variant (Theorem V-B.5(2)): tree j instead uses the whole
  twisted copy of T_0 through (x_0, r_j), r_j distinct, so every supernode is
  reached in depth(T_0) inter-supernode hops.

Maximum (Constructions V-C.4 to V-C.7, Corollaries V-C.10/11), rebuilt:
let F_i be a largest forest of the non-tree edges H_i (from the packing),
S2 one vertex per component of (V2, F2), S1 one vertex per component of
(V1, F1).

* V-C.6 (extra tree from H2): T'_0 in x_0, F2 in every other supernode and
  every T_0 link whose child end is in S2.  Needs y_1..y_{t2-1} outside S2.
* V-C.7 (extra tree from H1): T'_0 in every supernode of S1, all copies of
  F1 (every supernode then reaches an S1 supernode through a fixed forest
  path, so each supernode lies in one component) and the T_0 links with
  child end y_0 (y_0 not in S2, not a y_j).  Needs S1 disjoint from the
  roots x_i (and from x_0 when V-C.6 is built).  Pruned to a spanning tree
  (paper Remark V-C.8).

Counting the vertices these rules consume gives the conditions, with
c_i = |S_i| = n_i - rank(H_i) the number of components of (V_i, H_i):

* both extras (t1 + t2 trees):  c2 <= n2 - t2  and  c1 <= n1 - t1;
  for H_i a forest (c_i = n_i - r_i) this is r1 >= t1 and r2 >= t2 (V-C.10);
* V-C.6 alone (t1 + t2 - 1):     c2 <= n2 - t2 + 1, i.e. rank(H2) >= t2 - 1;
* V-C.7 alone (t1 + t2 - 1):     c1 <= n1 - t1 + 1, i.e. rank(H1) >= t1 - 1.

The paper states the single-extra case as r1 >= t1 or r2 >= t2 (Corollary
V-C.11); the rank conditions above are what the constructions actually
consume (weaker when H_i is a forest), and every produced set is verified.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import breadth_first_order, connected_components

from .packing import EDSTPacking, as_graph, edst_packing
from .verify import verify_edsts

__all__ = [
    "StarProductView",
    "star_product_view",
    "view_from_factors",
    "EDSTSet",
    "universal_edsts",
    "maximum_edsts",
    "factor_packings",
    "construct_edsts",
    "star_product_edsts",
    "METHODS",
]

METHODS = ("universal", "universal_lowdepth", "maximum", "property_vd1")


@dataclasses.dataclass(frozen=True, eq=False)
class StarProductView:
    """A router graph read as a star product G1 * G2.

    ``struct_edges`` (m1, 2) with a < b; ``arc_maps[k, v]`` = f_ab(v) for the
    k-th structure edge; ``router[x, v]`` the router id of (x, v);
    ``extra_local`` counts router links inside supernodes that are not
    copies of E2 (PolarStar's quadric self-loop links).
    """

    n1: int
    struct_edges: np.ndarray
    n2: int
    super_edges: np.ndarray
    arc_maps: np.ndarray
    router: np.ndarray
    num_routers: int
    router_edges: np.ndarray
    extra_local: int = 0
    name: str = "G1*G2"

    @property
    def num_edges(self) -> int:
        return int(self.router_edges.shape[0])


def view_from_factors(G1: Any, G2: Any, arc_maps: Any, name: str = "G1*G2") -> StarProductView:
    """The star product of (n1, E1) and (n2, E2) with per-edge bijections, as a view.

    ``arc_maps``: an (m1, n2) array (row k for the k-th edge of
    ``as_graph(G1)``, which sorts the edges), or one length-n2 bijection
    used on every edge.  Router (x, v) gets id x n2 + v.
    """
    n1, e1 = as_graph(G1)
    n2, e2 = as_graph(G2)
    f = np.asarray(arc_maps, dtype=np.int64)
    if f.ndim == 1:
        f = np.broadcast_to(f, (e1.shape[0], n2))
    if f.shape != (e1.shape[0], n2):
        raise ValueError(f"arc_maps must be ({e1.shape[0]}, {n2}) (one bijection per structure edge), got {f.shape}")
    if not (np.sort(f, axis=1) == np.arange(n2)).all():
        raise ValueError("every row of arc_maps must be a bijection of range(n2)")
    router = np.arange(n1 * n2, dtype=np.int64).reshape(n1, n2)
    intra = (router[:, e2[:, 0]].reshape(-1, 1), router[:, e2[:, 1]].reshape(-1, 1))
    inter_a = router[e1[:, 0]][:, :].reshape(-1)
    inter_b = np.take_along_axis(router[e1[:, 1]], f, axis=1).reshape(-1)
    edges = np.concatenate([np.hstack(intra), np.stack([inter_a, inter_b], 1)])
    return StarProductView(n1, e1, n2, e2, np.ascontiguousarray(f), router, n1 * n2, np.sort(edges, axis=1), 0, name)


def _view_from_labels(topology: Any, sn: np.ndarray, sv: np.ndarray) -> StarProductView:
    """Read the factor graphs and bijections off a router graph given (supernode, vertex) labels.

    E2 is the set of local vertex pairs present in *every* supernode; other
    local links are extra (kept in the router graph, unused by the trees).
    """
    sn = np.asarray(sn, dtype=np.int64)
    sv = np.asarray(sv, dtype=np.int64)
    n1, n2 = int(sn.max()) + 1, int(sv.max()) + 1
    N = int(topology.num_routers)
    if n1 * n2 != N:
        raise ValueError(f"labels give {n1} supernodes x {n2} vertices != {N} routers: not a star-product labelling")
    router = np.full((n1, n2), -1, np.int64)
    router[sn, sv] = np.arange(N)
    if (router < 0).any():
        raise ValueError("(supernode, supernode_vertex) labels are not a bijection onto the routers")
    e = np.asarray(topology.edges, dtype=np.int64)
    a, b, va, vb = sn[e[:, 0]], sn[e[:, 1]], sv[e[:, 0]], sv[e[:, 1]]
    local = a == b
    # E2: vertex pairs present in every supernode
    pk = np.minimum(va, vb)[local] * n2 + np.maximum(va, vb)[local]
    keys, counts = np.unique(pk, return_counts=True)
    common = keys[counts == n1]
    e2 = np.stack([common // n2, common % n2], 1)
    extra_local = int(local.sum() - common.size * n1)
    # structure edges: orient a < b; each must carry a perfect matching of V2
    ia, ib, ua, ub = a[~local], b[~local], va[~local], vb[~local]
    swap = ia > ib
    ia, ib = np.where(swap, ib, ia), np.where(swap, ia, ib)
    ua, ub = np.where(swap, ub, ua), np.where(swap, ua, ub)
    ak = ia * n1 + ib
    arcs, inv, cnt = np.unique(ak, return_inverse=True, return_counts=True)
    if (cnt != n2).any():
        raise ValueError(f"some pair of supernodes is joined by {int(cnt[cnt != n2][0])} links, not {n2}: not a star product")
    maps = np.full((arcs.size, n2), -1, np.int64)
    maps[inv, ua] = ub
    if not (np.sort(maps, axis=1) == np.arange(n2)).all():
        raise ValueError("links between two supernodes do not form a bijection: not a star product")
    e1 = np.stack([arcs // n1, arcs % n1], 1)
    return StarProductView(
        n1, e1, n2, e2, maps, router, N, np.sort(e, axis=1), extra_local, str(getattr(topology, "name", "G1*G2"))
    )


def star_product_view(topology: Any) -> StarProductView:
    """The star-product structure of a ``lowdiam.topologies`` router graph.

    * PolarStar, Bundlefly and :func:`star_product` results: labels
      ``supernode`` / ``supernode_vertex``.  PolarStar's structure graph is
      ER_q *without* its quadric self-loops; the links those loops add inside
      quadric supernodes are counted in ``extra_local`` and stay unused.
    * Slim Fly MMS(q) = K_{q,q} * Cay(GF(q), X) (EDST paper Example II-D.2):
      supernode s q + x is group x of subgraph s; subgraph 1 uses X' = ξX,
      so vertex c of a subgraph-1 group is relabelled ξ^{-1} c, which makes
      every supernode the same Cayley graph Cay(GF(q), X) and the link
      (0, x, y) ~ (1, m, c) (y = m x + c) the bijection v -> ξ^{-1}(v - m x).
      The slimfly labels carry no such relabelling, so it is rebuilt here
      from ``params["q"]``.
    """
    fam = getattr(topology, "family", None)
    labels = getattr(topology, "labels", {})
    if fam == "slimfly" or ("subgraph" in labels and "position" in labels and "supernode_vertex" not in labels):
        from lowdiam.topologies.fields import field

        q = int(topology.params["q"])
        gf = field(q)
        xi = gf.primitive_element
        sub = np.asarray(labels["subgraph"], dtype=np.int64)
        pos = np.asarray(labels["position"], dtype=np.int64)
        relabel = np.asarray(gf(np.arange(q)) / xi, dtype=np.int64)  # c -> ξ^{-1} c
        sv = np.where(sub == 1, relabel[pos], pos)
        return _view_from_labels(topology, np.asarray(labels["supernode"]), sv)
    if "supernode" in labels and "supernode_vertex" in labels:
        return _view_from_labels(topology, labels["supernode"], labels["supernode_vertex"])
    raise ValueError(
        f"topology {getattr(topology, 'name', '?')!r} (family {fam!r}) exposes no star-product structure: "
        "use polarstar, bundlefly, slimfly or star_product (labels supernode/supernode_vertex)"
    )


# ------------------------------------------------------------------ helpers
_PACK_CACHE: dict[str, EDSTPacking] = {}


def _packing(n: int, edges: np.ndarray) -> EDSTPacking:
    key = hashlib.sha1(np.int64(n).tobytes() + np.ascontiguousarray(edges, dtype=np.int64).tobytes()).hexdigest()
    if key not in _PACK_CACHE:
        _PACK_CACHE[key] = edst_packing((n, edges))
    return _PACK_CACHE[key]


def factor_packings(view: StarProductView) -> tuple[EDSTPacking, EDSTPacking]:
    """Maximum EDST packings of the structure graph and the supernode (exact, memoised per process)."""
    return _packing(view.n1, view.struct_edges), _packing(view.n2, view.super_edges)


def _adj_lists(n: int, edges: np.ndarray) -> list[list[int]]:
    adj: list[list[int]] = [[] for _ in range(n)]
    for a, b in edges.tolist():
        adj[a].append(b)
        adj[b].append(a)
    return adj


def _eccentricities(n: int, edges: np.ndarray) -> np.ndarray:
    """Eccentricity of every vertex of a small tree/forest (BFS from each; factor graphs only)."""
    g = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n)).tocsr()
    from scipy.sparse.csgraph import shortest_path

    d = shortest_path(g, unweighted=True, directed=False)
    d[np.isinf(d)] = n
    return d.max(axis=1).astype(np.int64)


def _rooted(n: int, edges: np.ndarray, root: int) -> tuple[np.ndarray, np.ndarray]:
    """(parents, children) arrays of the arcs of a spanning tree rooted at ``root``, parents first."""
    g = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n)).tocsr()
    order, pred = breadth_first_order(g, root, directed=False, return_predecessors=True)
    ch = order[1:]
    return pred[ch].astype(np.int64), ch.astype(np.int64)


def _forest_reps(n: int, forest: np.ndarray) -> np.ndarray:
    """Component label of each vertex of the spanning subgraph (V, forest)."""
    g = coo_matrix((np.ones(len(forest)), (forest[:, 0], forest[:, 1])), shape=(n, n)).tocsr()
    return connected_components(g, directed=False)[1]


class _Arcs:
    """Link lookups along structure edges: child/parent ends of the twisted copies."""

    def __init__(self, view: StarProductView) -> None:
        self.view = view
        e = view.struct_edges
        self.index = {(int(a), int(b)): k for k, (a, b) in enumerate(e.tolist())}
        self.inv = np.argsort(view.arc_maps, axis=1)

    def child_of_parent(self, p: np.ndarray, c: np.ndarray) -> np.ndarray:
        """(len(p), n2): the child-supernode end of the link leaving (p, v), per v."""
        k = np.array([self.index[(min(a, b), max(a, b))] for a, b in zip(p.tolist(), c.tolist())], np.int64)
        fwd = (p < c)[:, None]
        return np.where(fwd, self.view.arc_maps[k], self.inv[k])

    def parent_of_child(self, p: np.ndarray, c: np.ndarray) -> np.ndarray:
        """(len(p), n2): the parent-supernode end of the link arriving at (c, w), per w."""
        k = np.array([self.index[(min(a, b), max(a, b))] for a, b in zip(p.tolist(), c.tolist())], np.int64)
        fwd = (p < c)[:, None]
        return np.where(fwd, self.inv[k], self.view.arc_maps[k])

    def all_links(self, sedges: np.ndarray) -> np.ndarray:
        """Every router link (all n2 of them) over each structure edge in ``sedges``."""
        if sedges.shape[0] == 0:
            return np.zeros((0, 2), np.int64)
        a, b = sedges[:, 0], sedges[:, 1]
        lo, hi = np.minimum(a, b), np.maximum(a, b)
        k = np.array([self.index[(x, y)] for x, y in zip(lo.tolist(), hi.tolist())], np.int64)
        r = self.view.router
        left = r[lo].reshape(-1)
        right = np.take_along_axis(r[hi], self.view.arc_maps[k], axis=1).reshape(-1)
        return np.stack([left, right], 1)


def _copies(view: StarProductView, supernodes: np.ndarray, edges2: np.ndarray) -> np.ndarray:
    """Copies of the supernode edge set ``edges2`` inside each supernode of ``supernodes``."""
    r = view.router[np.asarray(supernodes, dtype=np.int64)]
    if r.shape[0] == 0 or edges2.shape[0] == 0:
        return np.zeros((0, 2), np.int64)
    return np.stack([r[:, edges2[:, 0]].reshape(-1), r[:, edges2[:, 1]].reshape(-1)], 1)


def _spanning_tree(n: int, edges: np.ndarray, root: int) -> np.ndarray:
    """A BFS spanning tree of the subgraph (ValueError if it does not span)."""
    if edges.shape[0] == n - 1:
        return edges
    g = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n)).tocsr()
    order, pred = breadth_first_order(g, root, directed=False, return_predecessors=True)
    if order.size != n:
        raise ValueError("construction did not span the product graph (internal error: condition check failed)")
    ch = order[1:]
    return np.stack([pred[ch], ch], 1).astype(np.int64)


@dataclasses.dataclass(frozen=True)
class EDSTSet:
    """EDSTs of a star product: router-id edge arrays and the construction each came from."""

    trees: list[np.ndarray]
    kinds: list[str]
    method: str
    t1: int
    t2: int
    r1: int
    r2: int
    rank1: int
    rank2: int

    @property
    def count(self) -> int:
        return len(self.trees)

    @classmethod
    def from_packings(cls, trees: list[np.ndarray], kinds: list[str], method: str, P1: EDSTPacking, P2: EDSTPacking) -> "EDSTSet":
        """The set ``trees`` built by ``method`` from the factor packings P1 (structure) and P2 (supernode)."""
        return cls(
            [np.ascontiguousarray(t, dtype=np.int64) for t in trees],
            kinds,
            method,
            P1.t,
            P2.t,
            P1.r,
            P2.r,
            int(P1.extra_forest.shape[0]),
            int(P2.extra_forest.shape[0]),
        )


def _pick_distinct(pref: list[np.ndarray], forbidden: set[int], n: int) -> list[int]:
    """One distinct vertex per preference list (best first), avoiding ``forbidden``."""
    used = set(forbidden)
    out = []
    for order in pref:
        for v in order.tolist():
            if v not in used:
                out.append(v)
                used.add(v)
                break
        else:
            raise ValueError(f"not enough vertices ({n}) for distinct choices")
    return out


def _centre_orders(n: int, trees: list[np.ndarray]) -> list[np.ndarray]:
    """For each tree: its vertices sorted by eccentricity (centre first)."""
    return [np.argsort(_eccentricities(n, t), kind="stable") for t in trees]


def _check_factors(P1: EDSTPacking, P2: EDSTPacking) -> None:
    if P1.t < 1 or P2.t < 1:
        raise ValueError(
            f"both factor graphs must be connected (have >= 1 spanning tree); got t1={P1.t}, t2={P2.t}"
        )


def universal_edsts(
    view: StarProductView, P1: EDSTPacking | None = None, P2: EDSTPacking | None = None, low_depth: bool = False
) -> EDSTSet:
    """Universal construction (Theorem V-B.1): t1 + t2 - 2 EDSTs of any star product.

    ``low_depth`` uses the Theorem V-B.5(2) choice of T_0 links (whole
    twisted copies of T_0 through the root supernode) for the V-B.3 trees.
    """
    if P1 is None or P2 is None:
        P1, P2 = factor_packings(view)
    _check_factors(P1, P2)
    return _build(view, P1, P2, extra6=False, extra7=False, low_depth=low_depth)


def maximum_edsts(view: StarProductView, P1: EDSTPacking | None = None, P2: EDSTPacking | None = None) -> EDSTSet:
    """Maximum constructions (V-C.4 to V-C.7): Universal plus up to two extra trees.

    Builds both extras when the non-tree forests allow it (Corollary V-C.10,
    t1 + t2 trees), otherwise one (Corollary V-C.11, t1 + t2 - 1), otherwise
    the Universal set; see the module docstring for the rebuilt conditions.
    """
    if P1 is None or P2 is None:
        P1, P2 = factor_packings(view)
    _check_factors(P1, P2)
    c1 = P1.nontree_components()
    c2 = P2.nontree_components()
    t1, t2 = P1.t, P2.t
    ok6_alone = c2 <= view.n2 - t2 + 1
    ok7_alone = c1 <= view.n1 - t1 + 1
    if c2 <= view.n2 - t2 and c1 <= view.n1 - t1:
        return _build(view, P1, P2, extra6=True, extra7=True, low_depth=False)
    if ok6_alone:
        return _build(view, P1, P2, extra6=True, extra7=False, low_depth=False)
    if ok7_alone:
        return _build(view, P1, P2, extra6=False, extra7=True, low_depth=False)
    return _build(view, P1, P2, extra6=False, extra7=False, low_depth=False)


def _build(
    view: StarProductView, P1: EDSTPacking, P2: EDSTPacking, extra6: bool, extra7: bool, low_depth: bool
) -> EDSTSet:
    n1, n2, R = view.n1, view.n2, view.router
    t1, t2 = P1.t, P2.t
    T, Tp = P1.trees, P2.trees
    arcs = _Arcs(view)
    # supernode side: S2 = one representative per component of the non-tree forest F2
    comp2 = _forest_reps(n2, P2.extra_forest)
    S2 = np.unique(comp2, return_index=True)[1] if extra6 else np.zeros(0, np.int64)
    ords2 = _centre_orders(n2, Tp)
    need_y = t2 - 1 + (1 if extra7 else 0)
    pref_y = [ords2[j] for j in range(1, t2)] + ([ords2[0]] if extra7 else [])
    ys = _pick_distinct(pref_y, set(S2.tolist()), n2) if need_y else []
    y_j, y0 = ys[: t2 - 1], (ys[t2 - 1] if extra7 else None)
    # structure side: roots x_0 (of T_0) and x_i (V-B.2), keeping a free vertex in every F1 component for S1
    ords1 = _centre_orders(n1, T)
    comp1 = _forest_reps(n1, P1.extra_forest)
    free = np.bincount(comp1, minlength=n1) if extra7 else None
    roots: list[int] = []
    for i in range(t1):
        for v in ords1[i].tolist():
            if v in roots:
                continue
            if extra7 and (i > 0 or extra6):
                if free[comp1[v]] <= 1:
                    continue  # last free vertex of its component is kept for S1
                free[comp1[v]] -= 1
            roots.append(v)
            break
        else:
            raise ValueError("not enough structure vertices for distinct roots (internal condition failed)")
    x0 = roots[0]
    par, ch = _rooted(n1, T[0], x0)
    trees: list[np.ndarray] = []
    kinds: list[str] = []
    # V-B.2 / V-C.4: T'_0 in supernode x_i plus all copies of T_i
    for i in range(1, t1):
        trees.append(np.concatenate([_copies(view, np.array([roots[i]]), Tp[0]), arcs.all_links(T[i])]))
        kinds.append("V-B.2")
    # V-B.3 / V-C.5: T'_j in all supernodes plus T_0 links
    allsn = np.arange(n1)
    if t2 > 1:
        if low_depth:
            # Theorem V-B.5(2): follow the twisted copy of T_0 through (x_0, r_j), r_j distinct
            r_j = np.array(_pick_distinct([ords2[j] for j in range(1, t2)], set(), n2), np.int64)
            vert = np.zeros((n1, t2 - 1), np.int64)
            vert[x0] = r_j
            cop = arcs.child_of_parent(par, ch)
            for k in range(len(ch)):  # parents come first in BFS order
                vert[ch[k]] = cop[k][vert[par[k]]]
            links = np.stack([R[par[:, None], vert[par]], R[ch[:, None], vert[ch]]], -1)  # (arcs, J, 2)
        else:
            poc = arcs.parent_of_child(par, ch)
            yy = np.asarray(y_j, np.int64)
            links = np.stack([R[par[:, None], poc[:, yy]], R[ch[:, None], np.broadcast_to(yy, (len(ch), len(yy)))]], -1)
        for j in range(1, t2):
            trees.append(np.concatenate([_copies(view, allsn, Tp[j]), links[:, j - 1, :]]))
            kinds.append("V-B.5(2)" if low_depth else "V-B.3")
    # V-C.6: T'_0 in x_0, F2 elsewhere, T_0 links with child ends in S2
    if extra6:
        others = allsn[allsn != x0]
        poc = arcs.parent_of_child(par, ch)
        links = np.stack(
            [R[par[:, None], poc[:, S2]].reshape(-1), R[ch[:, None], np.broadcast_to(S2, (len(ch), len(S2)))].reshape(-1)],
            1,
        )
        sub = np.concatenate([_copies(view, np.array([x0]), Tp[0]), _copies(view, others, P2.extra_forest), links])
        trees.append(_spanning_tree(view.num_routers, sub, int(R[x0, ords2[0][0]])))
        kinds.append("V-C.6")
    # V-C.7: T'_0 in the S1 supernodes, all copies of F1, T_0 links with child end y0
    if extra7:
        taken = set(roots if extra6 else roots[1:])
        S1 = []
        for c in np.unique(comp1).tolist():
            members = np.nonzero(comp1 == c)[0]
            S1.append(int(next(v for v in members.tolist() if v not in taken)))
        poc = arcs.parent_of_child(par, ch)
        links = np.stack([R[par, poc[:, y0]], R[ch, y0]], 1)
        sub = np.concatenate([_copies(view, np.array(S1), Tp[0]), arcs.all_links(P1.extra_forest), links])
        trees.append(_spanning_tree(view.num_routers, sub, int(R[S1[0], ords2[0][0]])))
        kinds.append("V-C.7")
    method = "universal_lowdepth" if low_depth else ("maximum" if (extra6 or extra7) else "universal")
    return EDSTSet.from_packings(trees, kinds, method, P1, P2)


def construct_edsts(view: StarProductView, method: str = "maximum", verify: bool = True) -> EDSTSet:
    """Run one construction (one of :data:`METHODS`) and verify it.

    ``"property_vd1"`` (Theorem V-D.2) raises ``ValueError`` when the
    supernode has no Property V-D.1 split (see :mod:`.property_vd1`).
    """
    if method not in METHODS:
        raise ValueError(f"unknown EDST construction {method!r}; choose one of {METHODS}")
    P1, P2 = factor_packings(view)
    if method == "maximum":
        res = maximum_edsts(view, P1, P2)
    elif method == "property_vd1":
        from .property_vd1 import property_vd1_edsts

        res = property_vd1_edsts(view, P1, P2)
    else:
        res = universal_edsts(view, P1, P2, low_depth=method == "universal_lowdepth")
    if verify:
        verify_edsts((view.num_routers, view.router_edges), res.trees)
    return res


def star_product_edsts(topology: Any) -> list[np.ndarray]:
    """The largest verified EDST set our constructions give for a star-product topology.

    ``topology``: a PolarStar, Bundlefly, Slim Fly or :func:`star_product`
    router graph from ``lowdiam.topologies``.  Returns a list of (n-1, 2)
    int arrays of router ids, pairwise edge-disjoint spanning trees of the
    router graph (checked by :func:`verify_edsts` before returning).
    """
    from .property_vd1 import NoPropertyVD1Split

    view = star_product_view(topology)
    P1, P2 = factor_packings(view)
    best = max((construct_edsts(view, m, verify=False) for m in ("maximum", "universal")), key=lambda r: r.count)
    if best.count < P1.t + P2.t - 1:  # V-D.2 gives t1 + t2 - 1: only worth its search when V-C did not
        try:
            vd1 = construct_edsts(view, "property_vd1", verify=False)
            if vd1.count > best.count:
                best = vd1
        except NoPropertyVD1Split:
            pass  # the V-B/V-C set stands
    verify_edsts(topology, best.trees)
    return best.trees
