"""The pure-Python EDST packing that :mod:`lowdiam.edst.packing` ran until 2026-12-06: the slow reference its
compiled version is checked against, owner array for owner array (``tests/test_edst.py``)."""

from __future__ import annotations

from collections import deque

import numpy as np

from lowdiam.edst.packing import as_graph


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


def reference_packing(graph, max_trees=None) -> tuple[np.ndarray, int]:
    """Owner array (forest per edge, -1 in none) and tree count of the reference's EDST packing."""
    n, e = as_graph(graph)
    m = e.shape[0]
    limit = m // max(n - 1, 1) if n > 1 else 0
    if max_trees is not None:
        limit = min(limit, int(max_trees))
    fo = _Forests(n, e)
    t = 0
    while True:
        fo.add_forest()
        fo.fill_greedy(t)
        if fo.size[t] < n - 1:
            for ed in range(m):
                if fo.owner[ed] < 0 and fo.insert(ed) and fo.size[t] == n - 1:
                    break
        if fo.size[t] == n - 1 and t < limit:
            t += 1
            continue
        break
    return np.array(fo.owner, dtype=np.int64), t


def reference_forest_union(graph, k: int) -> np.ndarray:
    """Owner array of the reference's maximum union of k forests."""
    n, e = as_graph(graph)
    fo = _Forests(n, e)
    for i in range(k):
        fo.add_forest()
        fo.fill_greedy(i)
    for ed in range(len(fo.owner)):
        if fo.owner[ed] < 0:
            fo.insert(ed)
    return np.array(fo.owner, dtype=np.int64)
