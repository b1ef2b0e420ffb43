"""A router graph read as a star product G1 * G2, and the EDST packings of its factors.

Star product G1 * G2 (Bermond–Delorme–Farhi; PolarStar Definition 1):
router (x, v) for x in V1 (supernode) and v in V2; (x, v) ~ (x, w) for
vw in E2, and for each structure edge {a, b} (a < b) a bijection f_ab of V2
with (a, v) ~ (b, f_ab(v)).  :class:`StarProductView` holds exactly that;
:func:`star_product_view` reads it off a ``lowdiam.topologies`` router graph,
:func:`view_from_factors` builds it from two factor graphs, and
:func:`factor_packings` gives the maximum EDST packings of both factors that
every construction starts from.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import numpy as np

from .packing import EDSTPacking, as_graph, edst_packing

__all__ = ["StarProductView", "factor_packings", "star_product_view", "view_from_factors"]


@dataclasses.dataclass(frozen=True, eq=False)
class StarProductView:
    """A router graph read as a star product G1 * G2.

    Attributes
    ----------
    n1, n2 : int
        Orders of the structure graph G1 and the supernode G2.
    struct_edges : ndarray
        (m1, 2) structure edges (a, b) with a < b.
    super_edges : ndarray
        (m2, 2) supernode edges.
    arc_maps : ndarray
        (m1, n2); ``arc_maps[k, v]`` = f_ab(v) for the k-th structure edge.
    router : ndarray
        (n1, n2); ``router[x, v]`` is the router id of (x, v).
    num_routers : int
    router_edges : ndarray
        Every link of the router graph, (u, v) with u < v.
    extra_local : int
        Router links inside supernodes that are not copies of E2 (PolarStar's
        quadric self-loop links); kept in the router graph, unused by the trees.
    name : str

    Examples
    --------
    >>> v = view_from_factors((2, [(0, 1)]), (3, [(0, 1), (1, 2)]), [2, 1, 0])
    >>> v.num_routers, v.num_edges, v.router[1].tolist()
    (6, 7, [3, 4, 5])
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

    Router (x, v) gets id x n2 + v.

    Parameters
    ----------
    G1, G2 : Topology, FactorGraph, Supernode, networkx graph or (n, edges)
        Structure graph and supernode.
    arc_maps : array_like
        An (m1, n2) array (row k for the k-th edge of ``as_graph(G1)``, which
        sorts the edges), or one length-n2 bijection used on every edge.
    name : str, optional

    Returns
    -------
    StarProductView

    Raises
    ------
    ValueError
        If ``arc_maps`` has the wrong shape or a row is not a bijection of
        range(n2).

    Examples
    --------
    >>> import networkx as nx
    >>> v = view_from_factors(nx.complete_graph(4), nx.complete_graph(4), range(4))  # K4 x K4
    >>> v.num_routers, v.num_edges
    (16, 48)
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
        raise ValueError(
            f"some pair of supernodes is joined by {int(cnt[cnt != n2][0])} links, not {n2}: not a star product"
        )
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

    * PolarStar, Bundlefly and :func:`~lowdiam.topologies.star_product`
      results: labels ``supernode`` / ``supernode_vertex``.  PolarStar's
      structure graph is ER_q *without* its quadric self-loops; the links those
      loops add inside quadric supernodes are counted in ``extra_local`` and
      stay unused.
    * Slim Fly MMS(q) = K_{q,q} * Cay(GF(q), X) (EDST paper Example II-D.2):
      supernode s q + x is group x of subgraph s; subgraph 1 uses X' = ξX,
      so vertex c of a subgraph-1 group is relabelled ξ^{-1} c, which makes
      every supernode the same Cayley graph Cay(GF(q), X) and the link
      (0, x, y) ~ (1, m, c) (y = m x + c) the bijection v -> ξ^{-1}(v - m x).
      The slimfly labels carry no such relabelling, so it is rebuilt here
      from ``params["q"]``.

    Parameters
    ----------
    topology : Topology
        A PolarStar, Bundlefly, Slim Fly or star-product router graph.

    Returns
    -------
    StarProductView

    Raises
    ------
    ValueError
        If the topology has no star-product labels, or its links do not form
        a star product under them.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.topologies import star_product
    >>> v = star_product_view(star_product(nx.complete_graph(4), nx.complete_graph(4), [0, 1, 2, 3]))
    >>> v.n1, v.n2, len(v.struct_edges), len(v.super_edges)
    (4, 4, 6, 6)
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
        "use polarstar, bundlefly, slimfly or star_product (labels supernode/supernode_vertex); for any other "
        "graph, lowdiam.edst.edst_packing(graph) gives the exact maximum EDST packing"
    )


# ------------------------------------------------------------------ factor packings
_PACK_CACHE: dict[str, EDSTPacking] = {}


def _packing(n: int, edges: np.ndarray) -> EDSTPacking:
    key = hashlib.sha1(np.int64(n).tobytes() + np.ascontiguousarray(edges, dtype=np.int64).tobytes()).hexdigest()
    if key not in _PACK_CACHE:
        _PACK_CACHE[key] = edst_packing((n, edges))
    return _PACK_CACHE[key]


def factor_packings(view: StarProductView) -> tuple[EDSTPacking, EDSTPacking]:
    """Maximum EDST packings of the structure graph and the supernode (exact, memoised per process).

    Parameters
    ----------
    view : StarProductView

    Returns
    -------
    tuple of EDSTPacking
        ``(P1, P2)`` for G1 and G2.

    Examples
    --------
    >>> import networkx as nx
    >>> P1, P2 = factor_packings(view_from_factors(nx.complete_graph(4), nx.petersen_graph(), range(10)))
    >>> (P1.t, P1.r), (P2.t, P2.r)
    ((2, 0), (1, 6))
    """
    return _packing(view.n1, view.struct_edges), _packing(view.n2, view.super_edges)
