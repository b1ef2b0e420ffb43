"""Exact maximum packing of edge-disjoint spanning trees (EDSTs) in any graph.

A set of k EDSTs exists iff the union of k forests can cover k (n - 1) edges
(Nash-Williams 1961 / Tutte 1961): the k-fold union of the graphic matroid is
a matroid, so its rank is found greedily by inserting each edge once with an
augmenting path (Edmonds' matroid partition; Roskind & Tarjan 1985 give the
same exchange argument for graphs).  Augmentations never shrink a forest,
so the packing is grown forest by forest: once k trees are spanning, forest
k + 1 is added and augmented; if it cannot become spanning the graph has
exactly k EDSTs, and forest k + 1 is then a *largest* forest of non-tree
edges (maximum rank of the non-tree subgraph H, which the star-product
Maximum constructions need: EDST paper Lemma V-C.1).

Exchange rule (shortest augmenting path, which keeps every forest acyclic):
edge y may enter forest i if its ends lie in different trees of F_i (a sink),
otherwise y may replace any edge z on the F_i-path between its ends; a BFS
from the new edge over this exchange graph finds a shortest path to a sink.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
from numba import njit

__all__ = ["EDSTPacking", "as_graph", "edst_packing", "forest_union"]


def as_graph(graph: Any) -> tuple[int, np.ndarray]:
    """``(n, edges)`` of a Topology, FactorGraph, Supernode, networkx graph, scipy sparse matrix or ``(n, edges)``.

    Every input goes through :func:`lowdiam.topologies.base.as_topology`, the
    library's one graph reader: an (E, 2) integer edge array (nothing is
    reshaped or rounded), ids in range, no self-loops or repeated edges (a
    repeated edge would change the number of EDSTs, so it is an error rather
    than silently merged).  A FactorGraph's self-loops live in its ``loops``
    field and are not edges here.  Edges come back as an (m, 2) int64 array,
    u < v, sorted.

    Examples
    --------
    >>> n, e = as_graph((3, [[2, 1], [0, 1]]))
    >>> n, e.tolist()
    (3, [[0, 1], [1, 2]])
    """
    from lowdiam.topologies.base import as_topology

    t = as_topology(graph)
    return t.num_routers, t.edges.astype(np.int64)


# ------------------------------------------------------------------------------------------------------------------
# k forests over a fixed edge list, with exchange augmentation, compiled (numba).  tests/edst_reference.py keeps the
# pure-Python implementation this replaced (2026-12-06), the slow reference the tests compare it with owner array for
# owner array.  Every step is the reference's in the same order, so the forests are the same, not just as many: a
# forest's adjacency lists keep insertion order (an entry removed, the later ones shift down, as in a dict), its
# labels come from the same depth-first search (each tree rooted at its smallest vertex), and the augmenting-path
# search (BFS from the new edge, a sink first) visits the same edges in the same order.
@njit(cache=True)
def _nb_attach(e, i, u, v, off, adjn, adje, cnt, owner, size):
    for side in range(2):
        x, y = (u[e], v[e]) if side == 0 else (v[e], u[e])
        k = off[x] + cnt[i, x]
        adjn[i, k] = y
        adje[i, k] = e
        cnt[i, x] += 1
    owner[e] = i
    size[i] += 1


@njit(cache=True)
def _nb_detach(e, i, u, v, off, adjn, adje, cnt, owner, size):
    for side in range(2):
        x = u[e] if side == 0 else v[e]
        a, b = off[x], off[x] + cnt[i, x]
        k = a
        while adje[i, k] != e:
            k += 1
        while k + 1 < b:
            adjn[i, k] = adjn[i, k + 1]
            adje[i, k] = adje[i, k + 1]
            k += 1
        cnt[i, x] -= 1
    owner[e] = -1
    size[i] -= 1


@njit(cache=True)
def _nb_relabel(i, n, off, adjn, adje, cnt, comp, par, pe, dep, stack):
    for x in range(n):
        comp[i, x] = -1
        par[i, x] = -1
        pe[i, x] = -1
        dep[i, x] = 0
    for s in range(n):
        if comp[i, s] >= 0:
            continue
        comp[i, s] = s
        stack[0] = s
        top = 1
        while top > 0:
            top -= 1
            x = stack[top]
            for k in range(off[x], off[x] + cnt[i, x]):
                y = adjn[i, k]
                if comp[i, y] < 0:
                    comp[i, y] = s
                    par[i, y] = x
                    pe[i, y] = adje[i, k]
                    dep[i, y] = dep[i, x] + 1
                    stack[top] = y
                    top += 1


@njit(cache=True)
def _nb_fill_greedy(i, n, m, u, v, off, adjn, adje, cnt, owner, size, comp, par, pe, dep, stack, uf):
    """Every free edge that closes no cycle into forest i, then its labels.  Forest i is still empty here: both
    callers fill a forest before any augmentation may touch it."""
    for x in range(n):
        uf[x] = x
    for e in range(m):
        if owner[e] < 0:
            ra, rb = _nb_find(uf, u[e]), _nb_find(uf, v[e])
            if ra != rb:
                uf[ra] = rb
                _nb_attach(e, i, u, v, off, adjn, adje, cnt, owner, size)
    _nb_relabel(i, n, off, adjn, adje, cnt, comp, par, pe, dep, stack)


@njit(cache=True)
def _nb_find(uf, x):
    while uf[x] != x:
        uf[x] = uf[uf[x]]
        x = uf[x]
    return x


@njit(cache=True)
def _nb_insert(e0, k, n, u, v, off, adjn, adje, cnt, owner, size, comp, par, pe, dep, stack, parent, seen, stamp,
               queue, touched):
    """The reference's ``_Forests.insert`` (tests/edst_reference.py) over forests 0..k-1 (``seen[z] == stamp``: z is
    in its ``parent``)."""
    seen[e0] = stamp
    parent[e0] = -1
    qh, qt = 0, 1
    queue[0] = e0
    while qh < qt:
        y = queue[qh]
        qh += 1
        uy, vy, oy = u[y], v[y], owner[y]
        for i in range(k):  # a sink first: shortest paths keep the exchange valid
            if i != oy and comp[i, uy] != comp[i, vy]:
                for j in range(k):
                    touched[j] = False
                dest = i
                while y != -1:  # augment along the path
                    src = owner[y]
                    if src >= 0:
                        _nb_detach(y, src, u, v, off, adjn, adje, cnt, owner, size)
                        touched[src] = True
                    _nb_attach(y, dest, u, v, off, adjn, adje, cnt, owner, size)
                    touched[dest] = True
                    dest = src
                    y = parent[y]
                for j in range(k):
                    if touched[j]:
                        _nb_relabel(j, n, off, adjn, adje, cnt, comp, par, pe, dep, stack)
                return True
        for i in range(k):
            if i == oy:
                continue
            a, b = uy, vy  # the F_i-path between the ends, walked up to the meeting point (the reference's _path)
            while a != b:
                if dep[i, a] >= dep[i, b]:
                    z = pe[i, a]
                    a = par[i, a]
                else:
                    z = pe[i, b]
                    b = par[i, b]
                if seen[z] != stamp:
                    seen[z] = stamp
                    parent[z] = y
                    queue[qt] = z
                    qt += 1
    return False


def _pack(n: int, e: np.ndarray, forests: int, limit: int) -> tuple[np.ndarray, int]:
    """:func:`_nb_pack` on edges ``e`` with its arrays allocated here (numba then compiles no allocation)."""
    m = e.shape[0]
    K = max(limit + 1 if forests < 0 else forests, 1)
    off = np.zeros(n + 1, np.int64)
    off[1:] = np.cumsum(np.bincount(e.ravel(), minlength=n))
    KM, KN = np.empty((K, 2 * m), np.int64), np.empty((K, n), np.int64)
    owner, t = _nb_pack(n, np.ascontiguousarray(e[:, 0]), np.ascontiguousarray(e[:, 1]), forests, limit, off, KM,
                        KM.copy(), np.zeros((K, n), np.int64), KN, KN.copy(), KN.copy(), KN.copy(),
                        np.zeros(K, np.int64), np.full(m, -1, np.int64), np.empty(n, np.int64), np.empty(n, np.int64),
                        np.empty(m, np.int64), np.zeros(m, np.int64), np.empty(m, np.int64), np.zeros(K, np.bool_))
    return owner, int(t)


@njit(cache=True)
def _nb_pack(n, u, v, forests, limit, off, adjn, adje, cnt, comp, par, pe, dep, size, owner, stack, uf, parent, seen,
             queue, touched):
    """Owner array and tree count: ``forests < 0``, :func:`edst_packing`'s loop up to ``limit`` trees; else
    :func:`forest_union`'s with ``forests`` forests (the count returned is then -1).  The arrays are the forests'
    (:func:`_pack` allocates them)."""
    m = u.shape[0]
    stamp = 0
    if forests >= 0:
        for i in range(forests):
            _nb_fill_greedy(i, n, m, u, v, off, adjn, adje, cnt, owner, size, comp, par, pe, dep, stack, uf)
        for ed in range(m):
            if owner[ed] < 0:
                stamp += 1
                _nb_insert(ed, forests, n, u, v, off, adjn, adje, cnt, owner, size, comp, par, pe, dep, stack,
                           parent, seen, stamp, queue, touched)
        return owner, -1
    t = 0
    while True:
        _nb_fill_greedy(t, n, m, u, v, off, adjn, adje, cnt, owner, size, comp, par, pe, dep, stack, uf)
        if size[t] < n - 1:  # grow forest t by exchanges; earlier forests stay spanning
            for ed in range(m):
                if owner[ed] < 0:
                    stamp += 1
                    if _nb_insert(ed, t + 1, n, u, v, off, adjn, adje, cnt, owner, size, comp, par, pe, dep, stack,
                                  parent, seen, stamp, queue, touched) and size[t] == n - 1:
                        break
        if size[t] == n - 1 and t < limit:
            t += 1
            continue
        break  # forest t is a largest forest of the non-tree edges (or max_trees was reached)
    return owner, t


@dataclasses.dataclass(frozen=True, repr=False)
class EDSTPacking:
    """A maximum set of EDSTs of a graph and its non-tree edges.

    ``count`` is the number of trees, as on every EDST result (:class:`lowdiam.edst.EDSTSet`); ``t`` is
    the same number under the EDST paper's name.  The repr is one line: sizes, not edges.

    Attributes
    ----------
    num_vertices : int
    edges : ndarray
        (m, 2) edges of the graph, u < v, sorted.
    trees : list of ndarray
        ``trees[i]`` is an (n - 1, 2) int64 edge array.
    nontree : ndarray
        The edges in no tree (the paper's H; ``r = len(nontree)``).
    extra_forest : ndarray
        A largest forest inside H (its size is the rank of H).

    Examples
    --------
    >>> import networkx as nx
    >>> p = edst_packing(nx.petersen_graph())
    >>> p.count, p.t, p.r, p.nontree_components()
    (1, 1, 6, 4)
    >>> p
    EDSTPacking(count=1, num_vertices=10, edges=15, nontree=6)
    """

    num_vertices: int
    edges: np.ndarray
    trees: list[np.ndarray]
    nontree: np.ndarray
    extra_forest: np.ndarray

    @property
    def count(self) -> int:
        """Number of edge-disjoint spanning trees."""
        return len(self.trees)

    @property
    def t(self) -> int:
        """Number of trees (the EDST paper's t; the same as :attr:`count`)."""
        return len(self.trees)

    def __repr__(self) -> str:
        return (f"EDSTPacking(count={self.count}, num_vertices={self.num_vertices}, edges={len(self.edges)}, "
                f"nontree={self.r})")

    @property
    def r(self) -> int:
        return int(self.nontree.shape[0])

    def nontree_components(self) -> int:
        """Number of connected components of the spanning subgraph H = (V, non-tree edges)."""
        return self.num_vertices - int(self.extra_forest.shape[0])


def forest_union(graph: Any, k: int) -> np.ndarray:
    """Owner array (forest index or -1 per edge of ``as_graph(graph)``) of a maximum union of k forests.

    Its size is the rank of the k-fold graphic matroid union,
    min over edge subsets A of |E \\ A| + k r(A) (Nash-Williams).

    Parameters
    ----------
    graph : Topology, FactorGraph, Supernode, networkx graph or (n, edges)
    k : int
        Number of forests, >= 0.

    Returns
    -------
    ndarray
        (m,) int64, -1 for edges in no forest.

    Raises
    ------
    ValueError
        If ``k`` is not an integer >= 0.

    Examples
    --------
    >>> import networkx as nx
    >>> owner = forest_union(nx.complete_graph(4), 2)
    >>> sorted(owner.tolist())              # K4's six edges: two spanning trees
    [0, 0, 0, 1, 1, 1]
    """
    n, e = as_graph(graph)
    if not isinstance(k, (int, np.integer)) or k < 0:
        raise ValueError(f"k (number of forests) must be an integer >= 0, got {k!r}")
    # forests after the m-th stay empty (each forest's greedy fill takes a free edge while one is left), so they
    # are not allocated
    owner, _ = _pack(n, e, min(int(k), e.shape[0]), 0)
    return owner


def edst_packing(graph: Any, max_trees: int | None = None) -> EDSTPacking:
    """A maximum-cardinality set of EDSTs of ``graph`` (exact; Nash-Williams–Tutte).

    A graph on one vertex has no edges and is reported with zero trees.

    Parameters
    ----------
    graph : Topology, FactorGraph, Supernode, networkx graph or (n, edges)
    max_trees : int, optional
        Stop once that many trees are found (the remaining edges become
        non-tree edges).

    Returns
    -------
    EDSTPacking

    Raises
    ------
    TypeError, ValueError
        If ``graph`` cannot be read as a graph.

    Examples
    --------
    >>> import networkx as nx
    >>> edst_packing(nx.complete_graph(6)).t, edst_packing(nx.complete_graph(6), max_trees=2).t
    (3, 2)
    """
    n, e = as_graph(graph)
    m = e.shape[0]
    limit = m // max(n - 1, 1) if n > 1 else 0
    if max_trees is not None:
        limit = min(limit, int(max_trees))
    if n == 1:
        return EDSTPacking(n, e, [], e, e[:0])
    owner, t = _pack(n, e, -1, int(limit))
    trees = [e[owner == i] for i in range(t)]
    nontree = e[(owner < 0) | (owner >= t)]
    return EDSTPacking(n, e, trees, nontree, e[owner == t])
