"""The star product G * G' of Bermond, Delorme and Farhi, and the factor-graph properties.

PolarStar (Lakhotia et al., 2024) Sec. 4.2, Definition 1: orient every edge
of the structure graph G = (X, E) to get arcs U, and give each arc (x, y) a
bijection f_(x,y) of the supernode G' = (X', E').  Then G * G' has vertex
set X × X' and (x, x') ~ (y, y') iff

  (a) x = y and x'y' ∈ E', or
  (b) (x, y) ∈ U and y' = f_(x,y)(x').

Conventions here: vertex (x, x') is numbered ``x * |X'| + x'``; the edge
{x, y} of G is oriented from the lower to the higher vertex id (arc (x, y)
with x < y).  A self-loop of G at x (ER_q's quadric points, Sec. 6.1.2) is
the arc (x, x): it joins (x, x') to (x, f(x')) inside supernode x; the
resulting self-loops (x' = f(x')) and repeated links are dropped because
router graphs are simple.

Properties (Sec. 5.1), all checked by brute force on the small factor graphs:

* R  (structure graph, diameter D): every pair x, y is joined by a walk of
  length exactly D, self-loops allowed as steps;
* R* (supernode): an involution f such that for all x', y' one of
  y' = x', y' = f(x'), x'y' ∈ E', f(x')f(y') ∈ E';
* R1 (supernode): a bijection f with f^2 an automorphism of G' and
  E' ∪ f(E') the complete graph.

Theorem 4: R + R* with one f on every arc gives diameter <= D + 1.
Theorem 5: R1 with one f on every arc of any orientation gives <= D + 1.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..validate import check_int
from .base import Topology, edge_array
from .supernodes import Supernode

__all__ = [
    "FactorGraph",
    "as_factor_graph",
    "has_property_R",
    "has_property_R1",
    "has_property_R_star",
    "star_product",
]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("FactorGraph", "star_product", "has_property_R", "has_property_R_star", "has_property_R1",
           "as_factor_graph")


@dataclasses.dataclass(frozen=True, eq=False)
class FactorGraph:
    """A small graph used as a star-product factor: ``n`` vertices, edges, optional self-loops."""

    num_vertices: int
    edges: np.ndarray
    loops: np.ndarray = dataclasses.field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    name: str = "G"

    def adjacency(self, with_loops: bool = False) -> np.ndarray:
        a = np.zeros((self.num_vertices, self.num_vertices), dtype=bool)
        a[self.edges[:, 0], self.edges[:, 1]] = True
        a[self.edges[:, 1], self.edges[:, 0]] = True
        if with_loops:
            a[self.loops, self.loops] = True
        return a


def as_factor_graph(graph: Any) -> FactorGraph:
    """Accept a FactorGraph, Supernode, Topology, networkx graph or ``(n, edges)``.

    A Topology's ``labels["quadric"]`` (set by :func:`erdos_renyi_polarity`)
    marks the self-loops of the polarity graph; a networkx graph's self-loops
    are loops.  Networkx nodes must be ``0 .. n-1``.
    """
    if isinstance(graph, FactorGraph):
        return graph
    if isinstance(graph, Supernode):
        return FactorGraph(graph.num_vertices, np.asarray(graph.edges, dtype=np.int64), name=graph.name)
    if isinstance(graph, Topology):
        quad = graph.labels.get("quadric")
        loops = np.nonzero(np.asarray(quad, dtype=bool))[0] if quad is not None else np.zeros(0, np.int64)
        return FactorGraph(graph.num_routers, graph.edges.astype(np.int64), loops.astype(np.int64), graph.name)
    if hasattr(graph, "nodes") and hasattr(graph, "edges"):  # networkx
        n = graph.number_of_nodes()
        if sorted(graph.nodes) != list(range(n)):
            raise ValueError("networkx factor graphs must have nodes 0 .. n-1")
        pairs = [(u, v) for u, v in graph.edges() if u != v]
        loops = sorted({u for u, v in graph.edges() if u == v})
        edges = np.array(pairs, dtype=np.int64).reshape(-1, 2)
        return FactorGraph(n, edges, np.array(loops, dtype=np.int64), str(graph.name or "G"))
    if isinstance(graph, tuple) and len(graph) == 2:
        n, edges = graph
        n = check_int("number of vertices", n, low=1)
        return FactorGraph(n, edge_array(edges, n))
    raise TypeError(f"cannot use {type(graph).__name__} as a factor graph")


def _check_perm(f: Any, n: int, what: str) -> np.ndarray:
    arr = np.asarray(f, dtype=np.int64).reshape(-1)
    if arr.shape[0] != n or not np.array_equal(np.sort(arr), np.arange(n)):
        raise ValueError(f"{what} must be a bijection of range({n}) given as an int array")
    return arr


def _arc_bijections(f: Any, arcs: np.ndarray, n2: int) -> np.ndarray:
    """(len(arcs), n2) array: the bijection used on each arc (x, y)."""
    if isinstance(f, Mapping) or callable(f):
        out = np.empty((arcs.shape[0], n2), dtype=np.int64)
        for i, (x, y) in enumerate(arcs.tolist()):
            if isinstance(f, Mapping):
                if (x, y) in f:
                    out[i] = _check_perm(f[(x, y)], n2, f"f[{(x, y)}]")
                elif (y, x) in f:  # the opposite arc: (y, y') ~ (x, g(y')) is (x, x') ~ (y, g^-1(x'))
                    out[i] = np.argsort(_check_perm(f[(y, x)], n2, f"f[{(y, x)}]"))
                else:
                    raise ValueError(f"no bijection given for arc {(x, y)}")
            else:
                out[i] = _check_perm(f(x, y), n2, f"f({x}, {y})")
        return out
    single = _check_perm(f, n2, "f")
    return np.broadcast_to(single, (arcs.shape[0], n2))


def star_product(
    G: Any,
    G_prime: Any,
    f: Any = None,
    *,
    loops: Any = None,
    arc_order: Any = None,
    loop_links: str = "all",
    name: str | None = None,
    family: str = "star_product",
    endpoints_per_router: int = 1,
    params: Mapping[str, Any] | None = None,
    labels: Mapping[str, Any] | None = None,
) -> Topology:
    """The star product G * G' (Bermond–Delorme–Farhi; PolarStar Definition 1).

    Parameters
    ----------
    G : structure graph (FactorGraph, Topology, Supernode, networkx graph or ``(n, edges)``).
    G_prime : supernode (same kinds).
    f : one bijection of V(G') as an int array (used on every arc), or a
        dict ``{(x, y): array}`` / callable ``f(x, y) -> array`` giving one per
        arc; defaults to ``G_prime.f`` for a :class:`Supernode`.  Arcs are
        (x, y) with x < y; a dict entry under (y, x) is used inverted.  A
        self-loop at x uses the arc (x, x).
    loops : vertices of G carrying a self-loop; ``None`` takes G's own loops
        (ER_q's quadric vertices), ``()`` ignores them.
    arc_order : optional per-vertex ranks of G (a permutation of its ids or any
        distinct numbers); each edge {x, y} is then the arc from the lower to
        the higher *rank* instead of the lower id.  Only the orientation
        changes: with one bijection f, the arc y -> x is (x, x') ~ (y, f^-1(x')).
        Needs a single f (not a dict or callable).
    loop_links : ``"all"`` (default, Definition 1 applied to the arc (x, x):
        every pair {(x, x'), (x, f(x'))}) or ``"greedy"`` (a matching: for x'
        in increasing id, the pair {x', f(x')} is added unless x' = f(x') or
        either end is already matched; the rule of the authors' PolarStar
        generator).  The same for an involution f; fewer links otherwise.
    labels : extra per-router labels merged into the result's.

    Order |G| |G'|; degree of (x, x') = deg_G(x) + deg_G'(x') plus at most 2
    per loop; ``labels["supernode"] = x``, ``labels["supernode_vertex"] = x'``;
    ``link_class`` 0 inside a supernode, 1 between supernodes.

    Example
    -------
    >>> import networkx as nx
    >>> t = star_product(nx.path_graph(3), nx.cycle_graph(4), [1, 0, 2, 3])
    >>> t.num_routers, t.num_edges
    (12, 20)
    """
    g = as_factor_graph(G)
    h = as_factor_graph(G_prime)
    if f is None:
        if not isinstance(G_prime, Supernode):
            raise ValueError("f is required unless G_prime is a Supernode carrying its own f")
        f = G_prime.f
    n1, n2 = g.num_vertices, h.num_vertices
    loop_vertices = g.loops if loops is None else np.asarray(list(loops), dtype=np.int64).reshape(-1)

    arcs = np.sort(g.edges, axis=1) if g.edges.size else np.zeros((0, 2), np.int64)
    xp = np.arange(n2, dtype=np.int64)
    # (b) inter-supernode links along arcs x -> y
    fa = _arc_bijections(f, arcs, n2)
    if arc_order is not None:
        if isinstance(f, Mapping) or callable(f):
            raise ValueError("arc_order needs a single bijection f, not a dict or callable")
        rank = np.asarray(arc_order).reshape(-1)
        if rank.shape[0] != n1 or len(np.unique(rank)) != n1:
            raise ValueError(f"arc_order must give {n1} distinct ranks, one per vertex of G")
        flip = rank[arcs[:, 0]] > rank[arcs[:, 1]]
        fa = np.array(fa)
        fa[flip] = np.argsort(fa[flip], axis=1)  # arc y -> x seen from x: x' -> f^-1(x')
    inter = np.stack(
        [(arcs[:, 0, None] * n2 + xp[None, :]).ravel(), (arcs[:, 1, None] * n2 + fa).ravel()], axis=1
    )
    # (a) one copy of G' per vertex of G
    off = np.arange(n1, dtype=np.int64)[:, None, None] * n2
    intra = (off + h.edges[None, :, :]).reshape(-1, 2)
    # self-loop arcs (x, x): (x, x') ~ (x, f(x')) inside supernode x
    if loop_links not in ("all", "greedy"):
        raise ValueError(f"loop_links must be one of 'all', 'greedy'; got {loop_links!r}")
    loop_arcs = np.stack([loop_vertices, loop_vertices], 1)
    fl = _arc_bijections(f, loop_arcs, n2)
    if loop_links == "greedy":
        fl = np.array(fl)
        for row in fl:
            matched = np.zeros(n2, dtype=bool)
            for v in range(n2):
                w = row[v]
                if w == v or matched[v] or matched[w]:
                    row[v] = v  # dropped below as a self-loop
                else:
                    matched[v] = matched[w] = True
    extra = np.stack(
        [(loop_vertices[:, None] * n2 + xp[None, :]).ravel(), (loop_vertices[:, None] * n2 + fl).ravel()], 1
    )
    extra = extra[extra[:, 0] != extra[:, 1]]
    local = np.unique(np.sort(np.concatenate([intra, extra]), axis=1), axis=0)
    edges = np.concatenate([local, inter])
    link_class = np.concatenate([np.zeros(len(local), np.int8), np.ones(len(inter), np.int8)])
    n = n1 * n2
    vid = np.arange(n)
    return Topology.from_edges(
        name or f"{g.name}*{h.name}",
        family,
        n,
        edges,
        endpoints_per_router=endpoints_per_router,
        labels={"supernode": vid // n2, "supernode_vertex": vid % n2, **(labels or {})},
        params=dict(params or {}),
        link_class=link_class,
    )


# --------------------------------------------------------------- properties
def _diameter(adj: np.ndarray) -> int:
    """Diameter of a 0/1 adjacency matrix (loops ignored) by the bit-parallel all-pairs BFS of lowdiam.metrics."""
    from scipy.sparse import csr_matrix

    from ..metrics.distances import distance_stats

    a = csr_matrix(adj.astype(bool))
    a.setdiag(False)
    a.eliminate_zeros()
    a.sort_indices()
    st = distance_stats((a.indptr.astype(np.int64), a.indices.astype(np.int64)))
    if not np.isfinite(st.diameter):
        raise ValueError("graph is disconnected: diameter undefined")
    return int(st.diameter)


def has_property_R(G: Any, loops: Any = None) -> bool:
    """Property R: with D the diameter of G, every pair x, y (x = y included)
    is joined by a walk of length exactly D, where self-loops may be used as steps.

    ``loops=None`` uses G's own loops (ER_q's quadric vertices).
    """
    g = as_factor_graph(G)
    if loops is not None:
        g = FactorGraph(g.num_vertices, g.edges, np.asarray(list(loops), dtype=np.int64), g.name)
    if g.num_vertices >= 2**24:
        raise ValueError(f"has_property_R counts walks in float32 (exact below 2**24 vertices), got {g.num_vertices}")
    D = _diameter(g.adjacency())
    # 0/1 reachability times a 0/1 step matrix: entries count walks, at most n, exact in float32 below 2**24;
    # float32 products run in BLAS (int64 ones do not: ER_49 took minutes that way)
    step = g.adjacency(with_loops=True).astype(np.float32)
    reach = np.eye(g.num_vertices, dtype=np.float32)
    for _ in range(D):
        reach = ((reach @ step) > 0).astype(np.float32)
    return bool(reach.all())


def _supernode_and_f(G_prime: Any, f: Any) -> tuple[np.ndarray, np.ndarray]:
    if f is None:
        if not isinstance(G_prime, Supernode):
            raise ValueError("f is required unless G_prime is a Supernode")
        f = G_prime.f
    h = as_factor_graph(G_prime)
    return h.adjacency(), _check_perm(f, h.num_vertices, "f")


def has_property_R_star(G_prime: Any, f: Any = None) -> bool:
    """Property R*: f is an involution and every pair x', y' has y' = x',
    y' = f(x'), x'y' ∈ E or f(x')f(y') ∈ E (PolarStar Sec. 5.1.2)."""
    a, f = _supernode_and_f(G_prime, f)
    n = a.shape[0]
    if not np.array_equal(f[f], np.arange(n)):
        return False
    ok = np.eye(n, dtype=bool) | a | a[np.ix_(f, f)]
    ok[np.arange(n), f] = True
    return bool(ok.all())


def has_property_R1(G_prime: Any, f: Any = None) -> bool:
    """Property R1: f^2 is an automorphism of G' and E ∪ f(E) is complete."""
    a, f = _supernode_and_f(G_prime, f)
    n = a.shape[0]
    f2 = f[f]
    if not np.array_equal(a[np.ix_(f2, f2)], a):
        return False
    finv = np.argsort(f)
    image = a[np.ix_(finv, finv)]  # image[f(u), f(v)] = a[u, v]
    return bool((a | image | np.eye(n, dtype=bool)).all())
