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

import numpy as np

from .assembly import (
    EDSTSet,
    _Arcs,
    _centre_orders,
    _check_factors,
    _copies,
    _forest_reps,
    _pick_distinct,
    _rooted,
    _spanning_tree,
)
from .packing import EDSTPacking
from .view import StarProductView, factor_packings

__all__ = ["maximum_edsts", "universal_edsts"]


def universal_edsts(
    view: StarProductView, P1: EDSTPacking | None = None, P2: EDSTPacking | None = None, low_depth: bool = False
) -> EDSTSet:
    """Universal construction (Theorem V-B.1): t1 + t2 - 2 EDSTs of any star product.

    Parameters
    ----------
    view : StarProductView
    P1, P2 : EDSTPacking, optional
        Factor packings; default :func:`~lowdiam.edst.factor_packings`.
    low_depth : bool, optional
        Use the Theorem V-B.5(2) choice of T_0 links (whole twisted copies of
        T_0 through the root supernode) for the V-B.3 trees.

    Returns
    -------
    EDSTSet
        Not verified here; :func:`~lowdiam.edst.construct_edsts` verifies.

    Raises
    ------
    ValueError
        If a factor graph is disconnected.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.edst import view_from_factors
    >>> v = view_from_factors(nx.complete_graph(4), nx.complete_graph(4), range(4))   # K4 x K4
    >>> universal_edsts(v).count, universal_edsts(v, low_depth=True).kinds
    (2, ['V-B.2', 'V-B.5(2)'])
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

    Parameters
    ----------
    view : StarProductView
    P1, P2 : EDSTPacking, optional
        Factor packings; default :func:`~lowdiam.edst.factor_packings`.

    Returns
    -------
    EDSTSet

    Raises
    ------
    ValueError
        If a factor graph is disconnected.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.edst import view_from_factors
    >>> v = view_from_factors(nx.petersen_graph(), nx.petersen_graph(), range(10))  # r_i = 6 >= t_i = 1
    >>> res = maximum_edsts(v)
    >>> res.count, res.kinds
    (2, ['V-C.6', 'V-C.7'])
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
            [
                R[par[:, None], poc[:, S2]].reshape(-1),
                R[ch[:, None], np.broadcast_to(S2, (len(ch), len(S2)))].reshape(-1),
            ],
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
    return EDSTSet.from_packings(trees, kinds, method, P1, P2, x0)
