"""Galaxy graph and Galaxyfly GF(n, q, a, p, h) (Lei, Dong, Liao, TPDS 2021, Sec. 2)."""

from __future__ import annotations

import numpy as np

from .base import Topology
from .slimfly import mms_delta, mms_generator_sets

__all__ = ["galaxy_graph", "galaxyfly", "galaxyfly_size"]


def _check_nq(n: int, q: int) -> int:
    for name, v in (("n", n), ("q", q)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 1:
            raise ValueError(f"Galaxyfly needs integer {name} >= 1, got {name}={v!r}")
    return 1 if q == 1 else mms_delta(int(q))  # raises naming valid q


def _galaxy_edges(n: int, q: int) -> np.ndarray:
    """Edges of the Galaxy graph on vertices c*q + x (cluster c, label x in GF(q))."""
    if q == 1:
        iu, ju = np.triu_indices(n, 1)
        return np.stack([iu, ju], axis=1)
    from .fields import field

    gf = field(q)
    X, _ = mms_generator_sets(q)
    xi = gf.primitive_element
    labels = gf(np.arange(q))
    # intra-cluster: the generator graph of X (x ~ y iff x - y in X)
    x = np.repeat(np.arange(q), len(X))
    y = np.asarray(labels[x] - np.tile(X, q)).astype(np.int64)
    keep = x < y
    intra = np.stack([x[keep], y[keep]], axis=1)
    # inter-cluster: node x of V_t -- node H(x) = xi * x of V_s, s < t (Lemma 2.2 holds since X' = xi X)
    hx = np.asarray(xi * labels).astype(np.int64)
    out = [intra + c * q for c in range(n)]
    for s in range(n):
        for t in range(s + 1, n):
            out.append(np.stack([s * q + hx, t * q + np.arange(q)], axis=1))
    return np.concatenate(out) if out else np.zeros((0, 2), np.int64)


def galaxy_graph(n: int, q: int) -> Topology:
    """The diameter-2 Galaxy graph: n clusters of q vertices labelled by GF(q).

    With ξ primitive in GF(q), q = 4l + δ, and the MMS generator sets X and
    X' = ξX (|X| = (q - δ)/2, both closed under negation):

    * inside every cluster, x ~ y iff x - y in X (the generator graph of X);
    * between clusters V_s and V_t (s < t), node x of V_t is linked to node
      H(x) of V_s, where H(x) = ξx is the isomorphism from the generator graph
      of X to that of X' (Definition 2.2, Lemma 2.2).

    q = 1 gives the complete graph K_n.  Order nq; degree n - 1 + (q - δ)/2;
    diameter <= 2 (Theorem 2.1).

    Example: ``galaxy_graph(3, 5)`` is Fig. 1 of the paper: 15 vertices of degree 4.
    """
    _check_nq(n, q)
    n, q = int(n), int(q)
    return Topology.from_edges(
        f"Galaxy({n},{q})", "galaxy", n * q, _galaxy_edges(n, q),
        labels={"cluster": np.repeat(np.arange(n), q).astype(np.int32),
                "label": np.tile(np.arange(q), n).astype(np.int32)},
        params={"n": n, "q": q, "endpoints_per_router": 1},
    )


def galaxyfly_size(n: int, q: int, a: int, h: int | None = None) -> tuple[int, int, int]:
    """(routers, network radix, h) of GF(n, q, a, ., h) without building it.

    ``h=None`` takes the smallest h with a h >= n - 1 + (q - δ)/2 (the paper's
    "h = (n - 1 + (q - δ)/2) / a").
    """
    delta = _check_nq(n, q)
    if isinstance(a, bool) or not isinstance(a, (int, np.integer)) or a < 1:
        raise ValueError(f"Galaxyfly needs integer a >= 1 routers per supernode, got a={a!r}")
    need = int(n) - 1 + (int(q) - delta) // 2
    h_min = -(-need // int(a))
    if h is None:
        h = h_min
    elif h < h_min:
        raise ValueError(
            f"GF({n},{q},{a},p,h={h}) violates a*h >= n-1+(q-δ)/2 = {need}: "
            f"each supernode needs {need} global links; smallest valid h is {h_min}"
        )
    return int(n) * int(q) * int(a), int(a) - 1 + int(h), int(h)


def galaxyfly(n: int, q: int, a: int, p: int, h: int | None = None) -> Topology:
    """Galaxyfly GF(n, q, a, p, h): a Galaxy graph of supernodes of ``a`` routers.

    Each vertex of ``galaxy_graph(n, q)`` becomes a supernode: a complete
    graph on ``a`` routers, each with ``p`` terminals and ``h`` global ports,
    subject to a h >= n - 1 + (q - δ)/2 (Sec. 2.2).  The Galaxy-graph links of a
    supernode, taken in increasing order of the neighbour supernode, are dealt
    round-robin to its routers (neighbour i -> router i mod a), so no router
    uses more than h global ports; spare ports stay unused.  The paper does not
    say how links are assigned to routers; round-robin is our choice.

    Table 2's five shapes: n=1,q=1 (complete K_a); q=1,a=1 (K_n); a=1 (the
    Galaxy graph, diameter 2); q=1, a>1 (a Dragonfly, diameter 3); general
    (diameter <= 5).  Order nqa, network radix (a - 1) + h.

    Example: ``galaxyfly(15, 29, 4, 2)`` is Table 5's GF(15,29,4,2): 1,740
    routers, total radix 12 = p + (a-1) + h = 2 + 3 + 7.
    """
    routers, radix, h = galaxyfly_size(n, q, a, h)
    if isinstance(p, bool) or not isinstance(p, (int, np.integer)) or p < 0:
        raise ValueError(f"Galaxyfly needs integer p >= 0 terminals per router, got p={p!r}")
    n, q, a, p = int(n), int(q), int(a), int(p)
    g = galaxy_graph(n, q)
    N = n * q
    # rank of each neighbour in its supernode's sorted neighbour list (CSR rows are sorted)
    src = np.repeat(np.arange(N), np.diff(g.indptr))
    rank = np.arange(len(g.indices)) - g.indptr[src]
    router_of = src * a + rank % a  # arc (src -> dst) leaves from this router of src
    # match each arc with its reverse to find the router at the other end
    key = src.astype(np.int64) * N + g.indices
    rkey = g.indices.astype(np.int64) * N + src
    order = np.argsort(key)
    rev = order[np.searchsorted(key[order], rkey)]
    keep = src < g.indices
    glob = np.stack([router_of[keep], router_of[rev][keep]], axis=1)
    iu, ju = np.triu_indices(a, 1)
    base = (np.arange(N) * a)[:, None]
    local = np.stack([(base + iu).ravel(), (base + ju).ravel()], axis=1)
    return Topology.from_edges(
        f"GF({n},{q},{a},{p},{h})", "galaxyfly", routers, np.concatenate([local, glob]),
        endpoints_per_router=p,
        labels={"supernode": np.repeat(np.arange(N), a).astype(np.int32),
                "group": np.repeat(np.arange(N), a).astype(np.int32),
                "cluster": np.repeat(np.arange(N) // q, a).astype(np.int32)},
        params={"n": n, "q": q, "a": a, "p": p, "h": h, "radix": radix, "endpoints_per_router": p},
        link_class=np.r_[np.zeros(len(local), np.int8), np.ones(len(glob), np.int8)],
    )
