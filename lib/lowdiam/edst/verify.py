"""Checking EDST sets and measuring tree depths.

A set of EDSTs of G = (V, E): every tree has |V| - 1 edges of E, is acyclic
(hence spanning and connected), and no edge lies in two trees.  Acyclicity
is checked with union-find (numba), disjointness by sorting edge keys, so a
10K-router network with hundreds of thousands of tree edges verifies in
well under a second.  Depth: the paper roots each tree at its centre
(EDST paper Sec. V-B1), i.e. the depth is the tree's radius
ceil(diameter / 2), found by two BFS sweeps.
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit

from .packing import as_graph

__all__ = ["tree_depth", "tree_depths", "verify_edsts"]


@njit(cache=True)
def _is_spanning_tree(n: int, edges: np.ndarray) -> bool:
    if edges.shape[0] != n - 1:
        return False
    par = np.arange(n)
    for k in range(edges.shape[0]):
        a = edges[k, 0]
        while par[a] != a:
            par[a] = par[par[a]]
            a = par[a]
        b = edges[k, 1]
        while par[b] != b:
            par[b] = par[par[b]]
            b = par[b]
        if a == b:
            return False
        par[a] = b
    return True


def _keys(n: int, edges: np.ndarray) -> np.ndarray:
    e = np.sort(np.asarray(edges, dtype=np.int64).reshape(-1, 2), axis=1)
    return e[:, 0] * n + e[:, 1]


def verify_edsts(graph: Any, trees: Sequence[Any], strict: bool = True) -> bool:
    """True iff ``trees`` are pairwise edge-disjoint spanning trees of ``graph``.

    Parameters
    ----------
    graph : Topology, FactorGraph, networkx graph or (n, edges)
    trees : sequence of array_like
        (n - 1, 2) int arrays of vertex ids.
    strict : bool, optional
        Raise on the first failure (default) instead of returning ``False``.

    Returns
    -------
    bool

    Raises
    ------
    ValueError
        With ``strict``, naming the rule and the tree that breaks it.

    Examples
    --------
    >>> import networkx as nx
    >>> path, zigzag = [(0, 1), (1, 2), (2, 3)], [(0, 2), (0, 3), (1, 3)]
    >>> verify_edsts(nx.complete_graph(4), [path, zigzag])
    True
    >>> verify_edsts(nx.complete_graph(4), [path, path], strict=False)
    False
    """
    n, e = as_graph(graph)
    gkeys = np.sort(_keys(n, e))

    def fail(msg: str) -> bool:
        if strict:
            raise ValueError(msg)
        return False

    all_keys = []
    for i, t in enumerate(trees):
        t = np.asarray(t, dtype=np.int64)
        if t.ndim != 2 or t.shape[1] != 2 or t.shape[0] != n - 1:
            return fail(f"tree {i}: a spanning tree of {n} vertices needs an ({n - 1}, 2) edge array, got {t.shape}")
        if t.size and (t.min() < 0 or t.max() >= n):
            return fail(f"tree {i}: vertex ids must lie in 0 .. {n - 1}")
        k = _keys(n, t)
        pos = np.searchsorted(gkeys, k)
        if gkeys.size:
            ok = (pos < gkeys.size) & (gkeys[np.minimum(pos, gkeys.size - 1)] == k)
        else:
            ok = np.zeros(k.size, bool)
        if not ok.all():
            bad = t[np.argmin(ok)]
            return fail(f"tree {i}: edge ({bad[0]}, {bad[1]}) is not an edge of the graph")
        if not _is_spanning_tree(n, np.ascontiguousarray(t)):
            return fail(f"tree {i}: its {n - 1} edges contain a cycle, so it does not span all {n} vertices")
        all_keys.append(k)
    if all_keys:
        cat = np.sort(np.concatenate(all_keys))
        dup = np.nonzero(cat[1:] == cat[:-1])[0]
        if dup.size:
            key = int(cat[dup[0]])
            owners = [i for i, k in enumerate(all_keys) if np.any(k == key)]
            return fail(f"trees {owners} share edge ({key // n}, {key % n}): the set is not edge-disjoint")
    return True


@njit(cache=True)
def _bfs_far(indptr: np.ndarray, indices: np.ndarray, src: int) -> tuple[int, int]:
    n = indptr.shape[0] - 1
    dist = np.full(n, -1, np.int64)
    q = np.empty(n, np.int64)
    q[0] = src
    dist[src] = 0
    head, tail = 0, 1
    far = src
    while head < tail:
        x = q[head]
        head += 1
        if dist[x] > dist[far]:
            far = x
        for p in range(indptr[x], indptr[x + 1]):
            y = indices[p]
            if dist[y] < 0:
                dist[y] = dist[x] + 1
                q[tail] = y
                tail += 1
    return far, dist[far]


def _csr(n: int, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    src = np.concatenate([t[:, 0], t[:, 1]])
    dst = np.concatenate([t[:, 1], t[:, 0]])
    order = np.argsort(src, kind="stable")
    indptr = np.zeros(n + 1, np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    return indptr, dst[order].astype(np.int64)


def _checked_tree(n: int, tree: Any, what: str) -> np.ndarray:
    from lowdiam.topologies.base import edge_array

    t = edge_array(tree, n, name=what)
    if t.shape[0] != n - 1 or not _is_spanning_tree(n, np.ascontiguousarray(t)):
        raise ValueError(f"{what} must be a spanning tree of {n} vertices: {n - 1} edges and no cycle, "
                         f"got {t.shape[0]} edges" + ("" if t.shape[0] != n - 1 else " with a cycle"))
    return t


def tree_depth(num_vertices: int, tree: Any, root: int | None = None) -> int:
    """Depth of a spanning tree rooted at ``root``; ``None`` roots it at its centre (= radius).

    Parameters
    ----------
    num_vertices : int
        Vertex count n >= 1.
    tree : array-like, shape (n - 1, 2)
        The tree's edges (integer vertex ids in ``[0, n)``).
    root : int, optional
        A vertex id in ``[0, n)``; ``None`` for the centre.

    Returns
    -------
    int

    Raises
    ------
    TypeError
        Non-integer ``num_vertices`` / ``root`` (bools included).
    ValueError
        ``root`` out of range, ``tree`` not an (n - 1, 2) spanning tree.

    Examples
    --------
    >>> tree_depth(4, [[0, 1], [1, 2], [2, 3]]), tree_depth(4, [[0, 1], [1, 2], [2, 3]], root=0)
    (2, 3)
    """
    from lowdiam.validate import check_int

    n = check_int("num_vertices", num_vertices, low=1)
    t = _checked_tree(n, tree, "tree")
    if root is not None:
        root = check_int("root", root, low=0, high=n - 1)
    if n == 1:
        return 0
    indptr, indices = _csr(n, t)
    if root is not None:
        return int(_bfs_far(indptr, indices, root)[1])
    a, _ = _bfs_far(indptr, indices, int(t[0, 0]))
    _, diam = _bfs_far(indptr, indices, a)
    return int((diam + 1) // 2)  # a tree's radius, attained at its centre


def tree_depths(graph_or_n: Any, trees: Sequence[Any], roots: Sequence[int] | None = None) -> np.ndarray:
    """Depth of every tree, each rooted at its centre (or at ``roots[i]``).

    ``graph_or_n`` is the vertex count or any graph :func:`as_graph` reads;
    ``roots`` needs one root per tree.

    Examples
    --------
    >>> tree_depths(3, [[[0, 1], [1, 2]], [[0, 2], [2, 1]]]).tolist()
    [1, 1]
    """
    from lowdiam.validate import check_int

    if isinstance(graph_or_n, (numbers.Integral, float)) and not isinstance(graph_or_n, bool):
        n = check_int("number of vertices", graph_or_n, low=1)
    else:
        n = as_graph(graph_or_n)[0]
    trees = list(trees)
    if roots is not None:
        roots = list(roots)
        if len(roots) != len(trees):
            raise ValueError(f"roots needs one root per tree ({len(trees)}), got {len(roots)}")
    return np.array(
        [tree_depth(n, t, None if roots is None else roots[i]) for i, t in enumerate(trees)], dtype=np.int64
    )
