"""Building blocks of the star-product EDST constructions, and the set they return.

:class:`EDSTSet` is the result of every construction.  The underscore
helpers are shared by the two construction modules (:mod:`.constructions`
for Sec. V-B/V-C, :mod:`.property_vd1` for Sec. V-D) and are not part of
the package's API: rooting a structure tree, copying a supernode edge set
into supernodes, following the links along structure edges, picking
distinct centre-first vertices, pruning a connected subgraph to a spanning
tree.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import breadth_first_order, connected_components, shortest_path

from .packing import EDSTPacking
from .view import StarProductView

__all__ = ["EDSTSet"]


@dataclasses.dataclass(frozen=True, repr=False)
class EDSTSet:
    """EDSTs of a star product: router-id edge arrays and the construction each came from.

    Attributes
    ----------
    trees : list of ndarray
        (num_routers - 1, 2) edge arrays, pairwise edge-disjoint spanning trees.
    kinds : list of str
        The paper's rule that built each tree ("V-B.2", "V-C.6", "V-D.5", ...).
    method : str
        One of :data:`lowdiam.edst.METHODS`.
    t1, t2, r1, r2 : int
        Trees and non-tree edges of the factor packings.
    rank1, rank2 : int
        Ranks of the factors' non-tree edge sets H1, H2.
    x0 : int
        Root x_0 of the reserved structure tree T_0 (the supernode the V-B.3 /
        V-C.6 trees grow from); -1 when not recorded.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.edst import maximum_edsts, view_from_factors
    >>> res = maximum_edsts(view_from_factors(nx.complete_graph(4), nx.complete_graph(4), range(4)))
    >>> res.count, res.kinds, res.method
    (2, ['V-B.2', 'V-B.3'], 'universal')
    >>> res
    EDSTSet(count=2, method='universal', kinds=['V-B.2', 'V-B.3'], t1=2, t2=2)
    """

    trees: list[np.ndarray]
    kinds: list[str]
    method: str
    t1: int
    t2: int
    r1: int
    r2: int
    rank1: int
    rank2: int
    x0: int = -1

    @property
    def count(self) -> int:
        """Number of edge-disjoint spanning trees (as :attr:`lowdiam.edst.EDSTPacking.count`)."""
        return len(self.trees)

    def __repr__(self) -> str:
        return (f"EDSTSet(count={self.count}, method={self.method!r}, kinds={self.kinds!r}, "
                f"t1={self.t1}, t2={self.t2})")

    @classmethod
    def from_packings(
        cls, trees: list[np.ndarray], kinds: list[str], method: str, P1: EDSTPacking, P2: EDSTPacking, x0: int = -1
    ) -> EDSTSet:
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
            int(x0),
        )


# ------------------------------------------------------------------ helpers


def _eccentricities(n: int, edges: np.ndarray) -> np.ndarray:
    """Eccentricity of every vertex of a small tree/forest (BFS from each; factor graphs only)."""
    g = coo_matrix((np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(n, n)).tocsr()
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
