"""Supernodes G' of the star product, each with its bijection f.

PolarStar (Lakhotia et al., 2024) Sec. 5.1.2 and 6.2, Table 2:

====================  ===========  ====================================  ==========  ===  ===
supernode             order        permitted degree d'                   symmetric   R*   R1
====================  ===========  ====================================  ==========  ===  ===
Inductive-Quad (IQ)   2d' + 2      d' ≡ 0 or 3 (mod 4)                   no          yes  no
Paley                 2d' + 1      d' even, 2d' + 1 a prime power        yes         no   yes
BDF                   2d'          all                                   no          yes  no
complete K_{d'+1}     d' + 1       all                                   yes         yes  yes
====================  ===========  ====================================  ==========  ===  ===

Vertices are ``0 .. num_vertices-1``; ``f[v]`` is the image of vertex ``v``.
For the R* supernodes f is the fixed-point-free involution ``v -> v XOR 1``,
so ``A = {even vertices}`` and ``f(A) = {odd vertices}`` is the partition of
the IQ construction.  Properties are checked by brute force in
:mod:`.starproduct` (``has_property_R_star``, ``has_property_R1``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from ..validate import check_choice, check_int
from .fields import field, is_prime_power, tables

__all__ = [
    "IQ3_AUTHORS_EDGES",
    "IQ3_EDGES",
    "IQ_CONVENTIONS",
    "Supernode",
    "bdf",
    "complete",
    "inductive_quad",
    "paley",
]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("Supernode", "inductive_quad", "paley", "bdf", "complete")


@dataclasses.dataclass(frozen=True, eq=False)
class Supernode:
    """A small factor graph G' plus the bijection f used on every arc of the structure graph.

    ``edges`` is an (m, 2) int array with ``u < v``; ``f`` an int array that
    is a permutation of ``range(num_vertices)``; ``degree`` the maximum
    degree d'; ``params`` the construction parameters.
    """

    num_vertices: int
    edges: np.ndarray
    f: np.ndarray
    name: str
    degree: int
    params: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        f = np.asarray(self.f)
        if sorted(f.tolist()) != list(range(self.num_vertices)):
            raise ValueError(f"{self.name}: f must be a bijection of range({self.num_vertices})")

    @property
    def degrees(self) -> np.ndarray:
        return np.bincount(self.edges.ravel(), minlength=self.num_vertices)

    def adjacency(self) -> np.ndarray:
        """Dense boolean adjacency matrix (supernodes are small)."""
        a = np.zeros((self.num_vertices, self.num_vertices), dtype=bool)
        a[self.edges[:, 0], self.edges[:, 1]] = True
        a[self.edges[:, 1], self.edges[:, 0]] = True
        return a

    def to_networkx(self):
        import networkx as nx

        g = nx.Graph(name=self.name)
        g.add_nodes_from(range(self.num_vertices))
        g.add_edges_from(map(tuple, self.edges.tolist()))
        return g


def _make(n: int, edges, f, name: str, params: dict[str, Any]) -> Supernode:
    e = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
    e = np.unique(np.sort(e, axis=1), axis=0)
    deg = int(np.bincount(e.ravel(), minlength=n).max()) if e.size else 0
    return Supernode(n, e, np.asarray(f, dtype=np.int64), name, deg, params)


def _nearby(valid, d: int, count: int = 4) -> str:
    """The ``count`` valid values closest to d, ascending."""
    near = sorted(sorted(valid, key=lambda x: (abs(x - d), x))[:count])
    return ", ".join(map(str, near))


def _require_int(d, what: str, minimum: int) -> int:
    if not isinstance(d, (int, np.integer)) or isinstance(d, bool) or d < minimum:
        raise ValueError(f"{what} must be an integer >= {minimum}, got {d!r}")
    return int(d)


# The unique (up to relabelling) cubic graph on 8 vertices with property R*
# for f = (0 1)(2 3)(4 5)(6 7): R* at the bound 2d'+2 forces exactly one edge
# in each orbit {uv, f(u)f(v)} of non-f pairs; a search over the 2^12 choices
# finds 64 cubic solutions, all isomorphic (tests/test_supernodes.py redoes it).
IQ3_EDGES = np.array(
    [[0, 2], [0, 3], [0, 4], [1, 4], [1, 6], [1, 7], [2, 4], [2, 5], [3, 6], [3, 7], [5, 6], [5, 7]]
)

# The same cubic graph as the authors label it (PolarStar Fig. 6, as built by
# ``iq.py`` in IntelLabs/PolarFly: A = {0,1,2,3}, f(i) = i + 4), written here in
# this module's convention f(v) = v XOR 1 by the relabelling
# 0,4,1,5,2,6,3,7 -> 0,1,2,3,4,5,6,7.  Its A = even vertices induces the path
# 2-0-4-6, while in IQ3_EDGES the even vertices induce the triangle 0-2-4 plus
# the isolated vertex 6: as (graph, f, A) triples the two are not isomorphic.
IQ3_AUTHORS_EDGES = np.array(
    [[0, 2], [0, 4], [0, 7], [1, 2], [1, 4], [1, 7], [2, 5], [3, 5], [3, 6], [3, 7], [4, 6], [5, 6]]
)

IQ_CONVENTIONS = ("authors", "alternate")

# convention -> (labelled IQ_3, the two f-pairs of a new block joined to A; the other two go to f(A))
_IQ_STEP = {
    "authors": (IQ3_AUTHORS_EDGES, [0, 1, 2, 3]),
    "alternate": (IQ3_EDGES, [0, 1, 4, 5]),
}


def inductive_quad(d: int, convention: str = "authors") -> Supernode:
    """Inductive-Quad supernode IQ_d': d'-regular, 2d' + 2 vertices, property R*.

    Construction (PolarStar Sec. 6.2.1, Fig. 6): IQ_0 is two isolated
    vertices swapped by f; IQ_3 is a cubic graph on 8 vertices with an
    involution f satisfying R*.  IQ_{d'+4} is IQ_d' plus a copy of IQ_3 on
    new vertices {x, fx, y, fy, z, fz, w, fw}, with {x, fx, z, fz} joined to
    every vertex of A and {y, fy, w, fw} to every vertex of f(A), where
    V(IQ_d') = A ⊔ f(A) and the new block's own A-half joins A.  Every
    old/new pair then meets R* via (c) or (d), so R* holds by induction, for
    any choice of the labels below.

    The text fixes neither which half of IQ_3 is A nor which two f-pairs are
    {x, fx}, {z, fz}: those live only in Fig. 6.  They change the network for
    d' >= 7 (from the second inductive step on), so ``convention`` picks them:

    * ``"authors"`` (default) -- the labelled IQ_3 and roles of the authors'
      generator (``iq.py`` in IntelLabs/PolarFly): A induces a path on IQ_3,
      and the two f-pairs of A-vertices adjacent in IQ_3 and ending that path
      join A.  PolarStar built on it is isomorphic to the authors' networks
      (tested for d' in {3, 4, 7, 8, 11, 12} against their generator's
      output, ``tests/test_peers.py``).
    * ``"alternate"`` -- this workbook's earlier rebuild from the properties
      alone (``IQ3_EDGES``; A induces a triangle plus a vertex).  Also R*,
      also d'-regular of order 2d' + 2, but a different graph for d' >= 7
      (same distance histogram and top eigenvalues; lower spectrum differs).

    Vertices are numbered so that f(v) = v XOR 1 and A = the even vertices
    throughout.  The order 2d' + 2 meets the upper bound for R* graphs
    (Proposition 1), so the R* cases (a)-(d) are disjoint for every pair.

    Parameters
    ----------
    d : int
        Degree d' >= 0 with d' ≡ 0 or 3 (mod 4).
    convention : {"authors", "alternate"}
        Labelling of IQ_3 and roles in the inductive step (see above).

    Returns
    -------
    Supernode
        ``f`` is the involution v -> v XOR 1; ``params`` has ``d_prime`` and
        ``convention``.

    Raises
    ------
    TypeError
        If d is not an integer (bools refused).
    ValueError
        If d < 0, d ≡ 1 or 2 (mod 4) (nearby valid values named), or the
        convention is unknown.

    Examples
    --------
    >>> g = inductive_quad(7)
    >>> g.num_vertices, g.degree, len(g.edges)
    (16, 7, 56)
    >>> from lowdiam.topologies.starproduct import has_property_R_star
    >>> has_property_R_star(inductive_quad(11, "alternate"))
    True
    """
    d = check_int("IQ degree d'", d, low=0)
    convention = check_choice("IQ convention", convention, IQ_CONVENTIONS)
    if d % 4 not in (0, 3):
        valid = [x for x in range(d + 9) if x % 4 in (0, 3)]
        raise ValueError(
            f"Inductive-Quad needs d' ≡ 0 or 3 (mod 4): d must be 0 or 3 mod 4, got d={d}; "
            f"nearby valid values: {_nearby(valid, d)}"
        )
    block, to_a_idx = _IQ_STEP[convention]
    to_fa_idx = [i for i in range(8) if i not in to_a_idx]
    if d % 4 == 0:
        n, edges = 2, np.zeros((0, 2), dtype=np.int64)
    else:
        n, edges = 8, block.copy()
    blocks = [edges]
    while n < 2 * d + 2:
        old = np.arange(n)
        new = n + np.arange(8)
        blocks.append(block + n)
        to_a, to_fa = new[to_a_idx], new[to_fa_idx]
        a, fa = old[old % 2 == 0], old[old % 2 == 1]
        blocks.append(np.stack(np.meshgrid(to_a, a, indexing="ij"), -1).reshape(-1, 2))
        blocks.append(np.stack(np.meshgrid(to_fa, fa, indexing="ij"), -1).reshape(-1, 2))
        n += 8
    return _make(n, np.concatenate(blocks), np.arange(n) ^ 1, f"IQ_{d}", {"d_prime": d, "convention": convention})


def resolve_primitive_element(q: int, value, what: str = "primitive_element") -> int:
    """The primitive element of GF(q) to use, as galois' integer representation.

    ``None`` gives galois' default ``GF(q).primitive_element`` (the smallest
    primitive element in galois' integer order: 2 for GF(5), GF(13); 3 for
    GF(7)); an integer must be a primitive element of GF(q) in that
    representation (for prime q simply the residue).  ValueError names the
    valid ones otherwise.
    """
    gf = field(int(q))
    if value is None:
        return int(gf.primitive_element)
    v = check_int(what, value, low=0)
    prims = tables(int(q)).primitive_elements().tolist()
    if v not in prims:
        shown = ", ".join(map(str, prims[:12])) + (", ..." if len(prims) > 12 else "")
        raise ValueError(f"{what}={v} is not a primitive element of GF({q}); the primitive elements are {shown}")
    return v


def paley(p: int, primitive_element: int | None = None) -> Supernode:
    """Paley graph P(p): vertices GF(p), x ~ y iff x - y is a nonzero square.

    p must be a prime power ≡ 1 (mod 4) so that -1 is a square and the graph
    is undirected.  Degree d' = (p-1)/2, order 2d' + 1.  The bijection
    f(x) = ξ x (ξ a primitive element of GF(p), hence a non-square) maps
    edges to non-edges, so E ∪ f(E) is the complete graph, and f^2
    (multiplication by the square ξ^2) is an automorphism: property R1
    (PolarStar Sec. 5.1.2; Bermond et al. 1982).  Vertex v is the GF(p)
    element with galois' integer representation v.

    The graph does not depend on ξ, but the pair (graph, f) does: a star
    product over it can change with the class of ξ (BF(13, 3) does), so ξ is
    a parameter.  The authors' generators (IntelLabs/PolarFly, EvalNet) draw
    ξ at random.

    Parameters
    ----------
    p : int
        Prime power ≡ 1 (mod 4).
    primitive_element : int, optional
        ξ as galois' integer representation of a primitive element of GF(p)
        (the residue itself for prime p); default galois'
        ``GF(p).primitive_element``, the smallest one (2 for p = 5, 13).

    Returns
    -------
    Supernode
        ``f`` is x -> ξ x; ``params`` has ``p`` and ``primitive_element``.

    Raises
    ------
    ValueError
        If p is not a prime power ≡ 1 (mod 4) (nearby valid values named) or
        ``primitive_element`` is not primitive in GF(p) (the valid ones named).

    Examples
    --------
    >>> g = paley(13)
    >>> g.num_vertices, g.degree, len(g.edges)
    (13, 6, 39)
    >>> paley(13, primitive_element=6).f[:4].tolist()
    [0, 6, 12, 5]
    """
    ok = isinstance(p, (int, np.integer)) and not isinstance(p, bool) and is_prime_power(int(p)) and int(p) % 4 == 1
    if not ok:
        valid = [x for x in range(5, int(p) + 40 if isinstance(p, (int, np.integer)) else 40)
                 if is_prime_power(x) and x % 4 == 1]
        where = int(p) if isinstance(p, (int, np.integer)) else 5
        raise ValueError(
            f"Paley graph needs a prime power p ≡ 1 (mod 4), got p={p!r}; "
            f"nearby valid values: {_nearby(valid, where)}"
        )
    p = int(p)
    xi = resolve_primitive_element(p, primitive_element)
    F = tables(p)  # GF(p) arithmetic on integers (galois' representation), nothing compiled
    x = np.arange(p, dtype=np.int64)
    diff = F.sub(x[:, None], x[None, :])
    adj = F.is_square(diff) & (diff != 0)
    u, v = np.nonzero(np.triu(adj, 1))
    f = F.mul(xi, x)
    return _make(p, np.stack([u, v], 1), f, f"Paley({p})", {"p": p, "primitive_element": xi})


def bdf(d: int) -> Supernode:
    """A BDF-type supernode: 2d' vertices, maximum degree d', property R*, any d' >= 1.

    PolarStar Table 2 lists the Bermond–Delorme–Farhi (1982) supernode by its
    properties only (order 2d', every d', not symmetric, R* yes, R1 no); the
    text does not give the graph.  This rebuild has exactly those properties,
    using that R* survives on any f-invariant vertex subset (the witnesses
    of (c)/(d) stay inside it) and the one-pair extension of the IQ step:

    * d' ≡ 0, 3 (mod 4): IQ_d' minus one f-pair {u, f(u)};
    * d' ≡ 1 (mod 4): IQ_{d'-1} (already 2d' vertices) plus the matching
      {v, f(v)}, which makes it d'-regular (adding edges never breaks R*);
    * d' ≡ 2 (mod 4): IQ_{d'-2} plus an f-pair {u, f(u)} joined to all of A.

    It is *not* claimed to be BDF's original graph; its maximum degree is
    d' but it need not be regular.

    Example
    -------
    >>> g = bdf(6)
    >>> g.num_vertices, g.degree
    (12, 6)
    """
    d = _require_int(d, "BDF degree d'", 1)
    r = d % 4
    if r in (0, 3):
        base = inductive_quad(d)
        keep = base.edges.max(axis=1) < base.num_vertices - 2  # drop the last f-pair
        n, edges = base.num_vertices - 2, base.edges[keep]
    elif r == 1:
        base = inductive_quad(d - 1)
        v = np.arange(0, base.num_vertices, 2)
        n, edges = base.num_vertices, np.concatenate([base.edges, np.stack([v, v + 1], 1)])
    else:
        base = inductive_quad(d - 2)
        a = np.arange(0, base.num_vertices, 2)
        u, fu = base.num_vertices, base.num_vertices + 1
        extra = np.concatenate([np.stack([np.full_like(a, u), a], 1), np.stack([np.full_like(a, fu), a], 1)])
        n, edges = base.num_vertices + 2, np.concatenate([base.edges, extra])
    return _make(n, edges, np.arange(n) ^ 1, f"BDF_{d}", {"d_prime": d})


def complete(n: int) -> Supernode:
    """Complete graph K_n (degree d' = n - 1) with f the identity.

    Every pair is adjacent, so R* (with the involution f = id) and R1
    (E ∪ f(E) = E is complete, f^2 = id an automorphism) both hold; the
    star product with f = id is the Cartesian product G × K_n.

    Example
    -------
    >>> complete(4).degree
    3
    """
    n = _require_int(n, "complete graph order n", 1)
    u, v = np.triu_indices(n, 1)
    return _make(n, np.stack([u, v], 1), np.arange(n), f"K_{n}", {"n": n})
