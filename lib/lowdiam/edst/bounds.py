"""Upper bounds on the number of EDSTs (EDST paper Sec. IV; formulas rebuilt).

* Eq. (1), combinatorial bound: a spanning tree has |V| - 1 edges, so a
  graph has at most floor(|E| / (|V| - 1)) EDSTs.
* Proposition IV.1 (same value, easier by hand): write |E| = a |V| + b with
  0 <= b < |V|; then |E| = a (|V| - 1) + (a + b), so the bound is
  a + floor((a + b) / (|V| - 1)).  Corollary IV.2: a d-regular graph has
  |E| = d |V| / 2, giving floor(d / 2) unless the graph is nearly complete.
* Proposition IV.3 (star products G1 * G2, simple G1, no self-loops): with
  t_i = floor(|E_i| / (n_i - 1)) and r_i = |E_i| - t_i (n_i - 1) the unused
  edges, |E| = n1 |E2| + n2 |E1| (Property II-B.3) gives
  |E| = (t1 + t2)(n1 n2 - 1) + R,  R = n1 (r2 - t2) + n2 (r1 - t1) + t1 + t2,
  and since 0 <= r_i < n_i - 1 and t_i <= n_i / 2 the bound is
  t1 + t2 + 1 if r1 >= t1 and r2 >= t2, t1 + t2 - 1 if r1 < t1 and r2 < t2,
  and t1 + t2 otherwise.
"""

from __future__ import annotations

from typing import Any

from .packing import as_graph

__all__ = ["combinatorial_bound", "prop_iv1_bound", "regular_bound", "prop_iv3_bound", "factor_counts"]


def combinatorial_bound(graph: Any) -> int:
    """floor(|E| / (|V| - 1)) (EDST paper Eq. (1)); 0 for a single vertex.

    Parameters
    ----------
    graph : Topology, FactorGraph, Supernode, networkx graph or (n, edges)
        Self-loops and repeated edges are dropped first.

    Returns
    -------
    int

    Raises
    ------
    TypeError, ValueError
        If ``graph`` cannot be read as a graph.

    Examples
    --------
    >>> import networkx as nx
    >>> combinatorial_bound(nx.complete_graph(6)), combinatorial_bound(nx.petersen_graph())
    (3, 1)
    """
    n, e = as_graph(graph)
    return e.shape[0] // (n - 1) if n > 1 else 0


def prop_iv1_bound(num_edges: int, num_vertices: int) -> int:
    """Proposition IV.1: |E| = a |V| + b (0 <= b < |V|) gives a + floor((a + b) / (|V| - 1)).

    The same value as Eq. (1), in the form the paper uses by hand.

    Parameters
    ----------
    num_edges : int
        |E| >= 0.
    num_vertices : int
        |V| >= 2.

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If |V| < 2 or |E| < 0.

    Examples
    --------
    >>> prop_iv1_bound(15, 10), prop_iv1_bound(15, 6)     # Petersen graph; K6
    (1, 3)
    """
    if num_vertices < 2 or num_edges < 0:
        raise ValueError(f"need |V| >= 2 and |E| >= 0, got |V|={num_vertices}, |E|={num_edges}")
    a, b = divmod(int(num_edges), int(num_vertices))
    return a + (a + b) // (num_vertices - 1)


def regular_bound(degree: int, num_vertices: int) -> int:
    """Corollary IV.2: the EDST bound of a d-regular graph on |V| vertices (d |V| even).

    Parameters
    ----------
    degree : int
        d, with 0 <= d < |V|.
    num_vertices : int
        |V|.

    Returns
    -------
    int
        floor(d / 2) unless the graph is nearly complete.

    Raises
    ------
    ValueError
        If no d-regular simple graph on |V| vertices exists.

    Examples
    --------
    >>> regular_bound(3, 10), regular_bound(4, 5)
    (1, 2)
    """
    if (degree * num_vertices) % 2 or degree >= num_vertices or degree < 0:
        raise ValueError(
            f"no {degree}-regular simple graph on {num_vertices} vertices (need 0 <= d < |V| and d |V| even)"
        )
    return prop_iv1_bound(degree * num_vertices // 2, num_vertices)


def factor_counts(graph: Any) -> tuple[int, int]:
    """(t, r): the combinatorial bound t and the r = |E| - t (|V| - 1) edges a t-packing leaves unused.

    Parameters
    ----------
    graph : Topology, FactorGraph, Supernode, networkx graph or (n, edges)

    Returns
    -------
    tuple of int

    Raises
    ------
    TypeError, ValueError
        If ``graph`` cannot be read as a graph.

    Examples
    --------
    >>> import networkx as nx
    >>> factor_counts(nx.petersen_graph())
    (1, 6)
    """
    n, e = as_graph(graph)
    t = combinatorial_bound((n, e))
    return t, int(e.shape[0] - t * (n - 1))


def prop_iv3_bound(t1: int, r1: int, t2: int, r2: int) -> int:
    """Proposition IV.3: upper bound on the EDSTs of a star product from its factors' (t_i, r_i).

    Valid when t_i, r_i are the factors' combinatorial bounds and leftovers
    (see :func:`factor_counts`); r_i >= t_i means the non-tree edges could
    carry one more tree's worth of edges in that factor.

    Parameters
    ----------
    t1, r1 : int
        Structure graph: bound and leftover edges.
    t2, r2 : int
        Supernode: bound and leftover edges.

    Returns
    -------
    int
        t1 + t2 + 1, t1 + t2 or t1 + t2 - 1.

    Raises
    ------
    ValueError
        If any argument is negative.

    Examples
    --------
    >>> prop_iv3_bound(2, 0, 2, 0)    # K4 * K4: both factors use every edge
    3
    """
    for name, val in (("t1", t1), ("r1", r1), ("t2", t2), ("r2", r2)):
        if val < 0:
            raise ValueError(f"{name} must be >= 0, got {val}")
    base = t1 + t2
    if r1 >= t1 and r2 >= t2:
        return base + 1
    if r1 < t1 and r2 < t2:
        return base - 1
    return base
