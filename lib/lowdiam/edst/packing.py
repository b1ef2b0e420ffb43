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
from collections import deque
from typing import Any

import numpy as np

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


class _Forests:
    """k edge-disjoint forests over a fixed edge list, with exchange augmentation."""

    def __init__(self, n: int, edges: np.ndarray) -> None:
        self.n = n
        self.u = edges[:, 0].tolist()
        self.v = edges[:, 1].tolist()
        self.owner = [-1] * len(self.u)
        self.adj: list[list[dict[int, int]]] = []  # adj[i][x] = {neighbour: edge id}
        self.comp: list[list[int]] = []
        self.par: list[list[int]] = []
        self.pe: list[list[int]] = []
        self.dep: list[list[int]] = []
        self.size: list[int] = []

    def add_forest(self) -> None:
        self.adj.append([{} for _ in range(self.n)])
        self.comp.append(list(range(self.n)))
        self.par.append([-1] * self.n)
        self.pe.append([-1] * self.n)
        self.dep.append([0] * self.n)
        self.size.append(0)

    def _relabel(self, i: int) -> None:
        # component labels, parent edges and depths of forest i (rooted at each tree's smallest vertex);
        # recomputed only for forests an augmentation touched, so path queries walk up in O(path length)
        adj, n = self.adj[i], self.n
        comp, par, pe, dep = [-1] * n, [-1] * n, [-1] * n, [0] * n
        for s in range(n):
            if comp[s] < 0:
                comp[s] = s
                stack = [s]
                while stack:
                    x = stack.pop()
                    for y, e in adj[x].items():
                        if comp[y] < 0:
                            comp[y] = s
                            par[y], pe[y], dep[y] = x, e, dep[x] + 1
                            stack.append(y)
        self.comp[i], self.par[i], self.pe[i], self.dep[i] = comp, par, pe, dep

    def _path(self, i: int, a: int, b: int) -> list[int]:
        """Edge ids on the F_i-path between a and b (same tree), by walking up to their meeting point."""
        par, pe, dep = self.par[i], self.pe[i], self.dep[i]
        out = []
        while a != b:
            if dep[a] >= dep[b]:
                out.append(pe[a])
                a = par[a]
            else:
                out.append(pe[b])
                b = par[b]
        return out

    def insert(self, e0: int) -> bool:
        """Try to add edge e0 to the union of the forests; True if it was added."""
        k = len(self.adj)
        parent = {e0: -1}
        q = deque([e0])
        while q:
            y = q.popleft()
            uy, vy, oy = self.u[y], self.v[y], self.owner[y]
            for i in range(k):  # a sink first: shortest paths keep the exchange valid
                if i != oy and self.comp[i][uy] != self.comp[i][vy]:
                    self._augment(y, i, parent)
                    return True
            for i in range(k):
                if i == oy:
                    continue
                for z in self._path(i, uy, vy):
                    if z not in parent:
                        parent[z] = y
                        q.append(z)
        return False

    def _augment(self, y: int, i: int, parent: dict[int, int]) -> None:
        touched = set()
        dest = i
        while y != -1:
            src = self.owner[y]
            if src >= 0:
                self._detach(y, src)
                touched.add(src)
            self._attach(y, dest)
            touched.add(dest)
            dest = src
            y = parent[y]
        for t in touched:
            self._relabel(t)

    def _attach(self, e: int, i: int) -> None:
        a, b = self.u[e], self.v[e]
        self.adj[i][a][b] = e
        self.adj[i][b][a] = e
        self.owner[e] = i
        self.size[i] += 1

    def _detach(self, e: int, i: int) -> None:
        a, b = self.u[e], self.v[e]
        del self.adj[i][a][b]
        del self.adj[i][b][a]
        self.owner[e] = -1
        self.size[i] -= 1

    def fill_greedy(self, i: int) -> None:
        """Put every free edge that closes no cycle into forest i (union-find), then relabel."""
        par = list(range(self.n))

        def find(x: int) -> int:
            while par[x] != x:
                par[x] = par[par[x]]
                x = par[x]
            return x

        for x in range(self.n):  # start from the forest's current trees
            for y in self.adj[i][x]:
                par[find(x)] = find(y)
        for e, o in enumerate(self.owner):
            if o < 0:
                ra, rb = find(self.u[e]), find(self.v[e])
                if ra != rb:
                    par[ra] = rb
                    self._attach(e, i)
        self._relabel(i)


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
    fo = _Forests(n, e)
    for i in range(k):
        fo.add_forest()
        fo.fill_greedy(i)
    for ed in range(len(fo.owner)):
        if fo.owner[ed] < 0:
            fo.insert(ed)
    return np.array(fo.owner, dtype=np.int64)


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
    fo = _Forests(n, e)
    if n == 1:
        return EDSTPacking(n, e, [], e, e[:0])
    t = 0
    while True:
        fo.add_forest()
        fo.fill_greedy(t)
        if fo.size[t] < n - 1:  # grow forest t by exchanges; earlier forests stay spanning
            for ed in range(m):
                if fo.owner[ed] < 0 and fo.insert(ed) and fo.size[t] == n - 1:
                    break
        if fo.size[t] == n - 1 and t < limit:
            t += 1
            continue
        break  # forest t is a largest forest of the non-tree edges (or max_trees was reached)
    owner = np.array(fo.owner, dtype=np.int64)
    trees = [e[owner == i] for i in range(t)]
    nontree = e[(owner < 0) | (owner >= t)]
    return EDSTPacking(n, e, trees, nontree, e[owner == t])
