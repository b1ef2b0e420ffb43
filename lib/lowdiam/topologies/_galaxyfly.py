"""Galaxy graph and Galaxyfly GF(n, q, a, p, h) (Lei, Dong, Liao, TPDS 2021, Sec. 2).

The Galaxy graph has n clusters of q vertices labelled by GF(q): every
cluster is the generator (Cayley) graph of the McKay–Miller–Širáň set X,
and every pair of clusters is joined by the perfect matching x -> H(x), where
H is an isomorphism from the generator graph of X to that of X' = ξX.
Galaxyfly replaces each Galaxy vertex by a supernode (group) of ``a`` fully
connected routers that share the vertex's Galaxy links.
"""

from __future__ import annotations

import numpy as np

from ..validate import check_choice, check_int
from ._design_keys import design_keywords
from .base import Topology
from .fields import require_prime_power

__all__ = [
    "galaxy_delta",
    "galaxy_generator_sets",
    "galaxy_graph",
    "galaxyfly",
    "galaxyfly_diameter_bound",
    "galaxyfly_size",
]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("galaxy_graph", "galaxyfly", "galaxyfly_size")

_Q_RULE = "the Galaxy graph needs q = 1 or a prime power q = 4l + δ with δ in {-1, 0, 1} (Sec. 2.1)"


def _require_int(name: str, value, lo: int) -> int:
    return check_int(name, value, low=lo)


def galaxy_delta(q: int) -> int:
    """δ of q = 4l + δ (δ in {-1, 0, 1}); q = 1 counts as 4·0 + 1.

    Raises ``ValueError`` for q that is not 1 or a prime power, and for q = 2
    (the only prime power ≡ 2 mod 4), naming nearby valid q.
    """
    q = _require_int("q", q, 1)
    if q == 1:
        return 1
    require_prime_power(q, "q", _Q_RULE)
    if q % 4 == 2:
        raise ValueError(f"q={q} is ≡ 2 (mod 4): {_Q_RULE}; nearby valid values: 1, 3, 4, 5")
    return {0: 0, 1: 1, 3: -1}[q % 4]


def galaxy_generator_sets(q: int, primitive_element: int | None = None):
    """Generator sets (X, X') of Equations (1), (2) as galois arrays, with ξ primitive.

    * q = 4l + 1: X = {ξ^0, ξ^2, ..., ξ^(q-3)};
    * q = 4l - 1: X = {ξ^0, ξ^2, ..., ξ^(2l-2)} ∪ {ξ^(2l-1), ξ^(2l+1), ..., ξ^(4l-3)};
    * q = 4l:     X = {ξ^0, ξ^2, ..., ξ^(4l-2)};

    and X' = ξX in every case (the listed X' of Eq. (2)).  These are the MMS
    sets Slim Fly uses; |X| = |X'| = (q - δ)/2, X ∪ X' = GF(q)*, and
    X = -X, so the generator graphs are undirected.  For q ≡ 1 (mod 4) X is
    the set of squares whatever ξ; otherwise it depends on ξ.

    Parameters
    ----------
    q : int
        Prime power q ≢ 2 (mod 4), q > 1.
    primitive_element : int, optional
        ξ in galois' integer representation; default galois' smallest
        primitive element of GF(q).

    Returns
    -------
    (X, X') : tuple of galois arrays

    Raises
    ------
    ValueError
        For q outside the family, q = 1, or a non-primitive ξ.

    Examples
    --------
    >>> X, Xp = galaxy_generator_sets(5)
    >>> sorted(int(v) for v in X), sorted(int(v) for v in Xp)
    ([1, 4], [2, 3])
    """
    delta = galaxy_delta(q)  # validates q with the Galaxy graph's own rule and message
    if q == 1:
        raise ValueError("q=1 has no generator sets: the Galaxy graph is then K_n")
    from .fields import field, tables
    from .supernodes import resolve_primitive_element

    q = int(q)
    gf, F = field(q), tables(q)  # galois' elements out, its arithmetic on integers (nothing compiled)
    xi = resolve_primitive_element(q, primitive_element)
    if delta == 1:
        exponents = np.arange(0, q - 2, 2)
    elif delta == 0:
        exponents = np.arange(0, q - 1, 2)
    else:
        l = (q + 1) // 4
        exponents = np.concatenate([np.arange(0, 2 * l - 1, 2), np.arange(2 * l - 1, 4 * l - 2, 2)])
    x_set = F.pow(xi, exponents)
    return gf(x_set), gf(F.mul(xi, x_set))


def _galaxy_edges(n: int, q: int, primitive_element: int | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Edges (on vertices c q + x) and link class (0 intra-, 1 inter-cluster) of Galaxy(n, q)."""
    s, t = np.triu_indices(n, 1)
    if q == 1:
        return np.stack([s, t], axis=1), np.ones(len(s), np.int8)
    from .fields import tables
    from .supernodes import resolve_primitive_element

    F = tables(q)
    xi = resolve_primitive_element(q, primitive_element)
    X = np.asarray(galaxy_generator_sets(q, xi)[0], dtype=np.int64)
    labels = np.arange(q, dtype=np.int64)
    # intra-cluster: x ~ y iff x - y in X; X = -X so each link is found from both ends
    y = F.add(labels[:, None], X[None, :])
    x = np.broadcast_to(np.arange(q)[:, None], y.shape)
    keep = x < y
    intra = np.stack([x[keep], y[keep]], axis=1)
    intra = (intra[None, :, :] + (np.arange(n) * q)[:, None, None]).reshape(-1, 2)
    # inter-cluster, s < t: vertex x of V_t -- vertex H(x) of V_s with H(x) = ξx
    # (x - y in X  <=>  ξx - ξy in ξX = X', so H satisfies Lemma 2.2)
    hx = F.mul(xi, labels)
    inter = np.stack([(s[:, None] * q + hx[None, :]).ravel(),
                      (t[:, None] * q + np.arange(q)[None, :]).ravel()], axis=1)
    edges = np.concatenate([intra, inter])
    return edges, np.r_[np.zeros(len(intra), np.int8), np.ones(len(inter), np.int8)]


def galaxy_graph(n: int, q: int, primitive_element: int | None = None) -> Topology:
    """The Galaxy graph Galaxy(n, q): n clusters of q vertices, diameter <= 2.

    Vertices of cluster V_c are labelled by GF(q); with ξ primitive and the
    generator sets X, X' = ξX of :func:`galaxy_generator_sets`:

    * inside every cluster, x ~ y iff x - y in X (Definition 2.1);
    * for clusters V_s, V_t with s < t, vertex x of V_t ~ vertex H(x) of V_s,
      where H(x) = ξx is an isomorphism from the generator graph of X to
      that of X' (Definition 2.2, Lemma 2.2).

    The graph is defined up to the choice of ξ, which the paper leaves open:
    Galaxy(3, 13) differs between classes of ξ (equal spectra).  The public
    implementation YuaCC/galaxyFly takes the last primitive element in its
    element order (3 for GF(5), 11 for GF(13)); ours defaults to galois'
    smallest (2 for both).  With the same ξ the two are isomorphic (tested in
    ``tests/test_peers.py``).

    q = 1 gives K_n.  Order nq, (n - 1 + (q - δ)/2)-regular, diameter <= 2
    (Theorem 2.1).  Vertex c q + x is label x of cluster c.  ``link_class``
    is 0 for intra-cluster and 1 for inter-cluster links.

    Parameters
    ----------
    n : int
        Number of clusters, >= 1.
    q : int
        1 or a prime power q ≢ 2 (mod 4).
    primitive_element : int, optional
        ξ in galois' integer representation of GF(q); default galois'
        smallest primitive element.  Ignored for q = 1.

    Returns
    -------
    Topology

    Raises
    ------
    ValueError
        For n < 1, q outside the family, or a non-primitive ξ.

    Examples
    --------
    >>> g = galaxy_graph(3, 5)     # Fig. 1: X = {1, 4}, H(x) = 2x
    >>> g.num_routers, g.radix
    (15, 4)
    >>> galaxy_graph(3, 13, primitive_element=11).params["primitive_element"]
    11
    """
    n = _require_int("n", n, 1)
    galaxy_delta(q)
    q = int(q)
    xi = None
    if q > 1:
        from .supernodes import resolve_primitive_element

        xi = resolve_primitive_element(q, primitive_element)
    edges, link_class = _galaxy_edges(n, q, xi)
    return Topology.from_edges(
        f"Galaxy({n},{q})", "galaxy", n * q, edges,
        labels={"cluster": np.repeat(np.arange(n), q).astype(np.int32),
                "label": np.tile(np.arange(q), n).astype(np.int32)},
        params={"n": n, "q": q, "delta": galaxy_delta(q), "endpoints_per_router": 1, "primitive_element": xi},
        link_class=link_class,
    )


def galaxyfly_size(n: int, q: int, a: int, h: int | None = None) -> tuple[int, int, int]:
    """(routers N_r, network radix (a - 1) + h, h) of GF(n, q, a, ., h), without building it.

    A supernode has a h global ports for its n - 1 + (q - δ)/2 Galaxy links,
    so a h >= n - 1 + (q - δ)/2 (Sec. 2.2).  ``h=None`` takes the paper's
    "h = (n - 1 + (q - δ)/2) / a", rounded up to the smallest feasible h.

    >>> galaxyfly_size(15, 29, 4)   # Table 5's GF(15,29,4,2): r = 2 + 10
    (1740, 10, 7)
    """
    n = _require_int("n", n, 1)
    delta = galaxy_delta(q)
    a = _require_int("a", a, 1)
    need = n - 1 + (int(q) - delta) // 2
    h_min = -(-need // a)
    if h is None:
        h = h_min
    else:
        h = _require_int("h", h, 0)
        if h < h_min:
            a_min = -(-need // h) if h else None
            alt = f" or a >= {a_min}" if a_min else ""
            raise ValueError(
                f"GF({n},{q},{a},p,h={h}) violates a*h >= n-1+(q-δ)/2 = {need} (Sec. 2.2): each "
                f"supernode needs {need} global links; smallest valid h is {h_min}{alt}"
            )
    return n * int(q) * a, a - 1 + h, h


def galaxyfly_diameter_bound(n: int, q: int, a: int) -> int:
    """Diameter of GF(n, q, a, .) as listed in Table 2 (an upper bound for the general row).

    1 for K_a (n = q = 1) or K_n (q = a = 1); 2 for the Galaxy graph (a = 1);
    3 for the Dragonfly (q = 1, a > 1); 5 otherwise (local, global, local,
    global, local).  n = 1, q > 1, a > 1 is not in Table 2 and falls in the
    last case.
    """
    n, a = _require_int("n", n, 1), _require_int("a", a, 1)
    galaxy_delta(q)
    if n * int(q) == 1 or (q == 1 and a == 1):
        return 0 if a == 1 and n * int(q) == 1 else 1
    if a == 1:
        return 2
    return 3 if q == 1 else 5


GLOBAL_ASSIGNMENTS = ("round_robin", "block")


@design_keywords("diameter_bound")
def galaxyfly(
    n: int,
    q: int,
    a: int,
    p: int,
    h: int | None = None,
    assignment: str = "round_robin",
    *,
    primitive_element: int | None = None,
) -> Topology:
    """Galaxyfly GF(n, q, a, p, h): the Galaxy graph with supernodes of ``a`` routers.

    Each vertex of :func:`galaxy_graph` (n, q) becomes a supernode (group): a
    complete graph on ``a`` routers, each router with ``p`` terminals, a - 1
    local ports and ``h`` global ports, subject to a h >= n - 1 + (q - δ)/2
    (Sec. 2.2); ``h=None`` takes the smallest such h.  Spare ports stay
    unused.

    **The paper leaves open which router of a supernode takes which Galaxy
    link** (Sec. 2.2 only counts ports), and the choice changes the network
    for a > 1 (bisection, mean distance; see notebook 03).  ``assignment``
    picks one; the D = n - 1 + (q - δ)/2 Galaxy links of a supernode are
    taken in increasing order of the neighbour supernode:

    * ``"round_robin"`` (default): the k-th link goes to router k mod a, so
      router i carries ceil((D - i)/a) links.  With q = 1 this is the
      Dragonfly with the "relative" global arrangement.  It is also the
      "least-loaded" rule (each link, taken in increasing (u, v) order, goes
      to the router with the fewest global links so far, lowest position on
      ties): every supernode then meets its links in increasing neighbour
      order and the least-loaded router cycles 0, 1, ..., a - 1.
    * ``"block"``: the k-th link goes to router k // h, filling routers in
      turn.  With q = 1 the "absolute" arrangement.

    The public implementation YuaCC/galaxyFly uses the least-loaded rule but
    visits the links in its own (Python set-iteration) order.  For q = 1 the
    orders agree and its networks equal our round-robin ones (tested in
    ``tests/test_peers.py``); for q > 1, a > 1 they differ: GF(15,29,4,2)
    has mean distance 3.713 there, 3.739 with round-robin, 4.078 with block.

    Table 2: n = q = 1 is K_a; q = a = 1 is K_n; a = 1 is the Galaxy graph
    (diameter 2); q = 1 < a is a Dragonfly (diameter 3); n, q, a > 1 has
    diameter <= 5.  Order N_r = n q a; network radix (a - 1) + h, router
    radix p + (a - 1) + h; n q a (a - 1)/2 + n q D/2 links.

    Parameters
    ----------
    n, q, a : int
        Clusters, cluster order (1 or a prime power ≢ 2 mod 4), routers per
        supernode.
    p : int
        Terminals per router.
    h : int, optional
        Global ports per router, >= ceil(D / a); default the smallest.
    assignment : {"round_robin", "block"}
        Link-to-router rule (see above).
    primitive_element : int, optional
        ξ of the Galaxy graph (:func:`galaxy_graph`).

    Returns
    -------
    Topology
        Labels: ``group`` (= ``supernode``, the Galaxy vertex), ``cluster``,
        ``position`` (router index in its group).  ``link_class`` 0 = local
        (intra-group), 1 = global.

    Raises
    ------
    TypeError
        For non-integer parameters.
    ValueError
        For parameters outside the family, a h too small, an unknown
        assignment or a non-primitive ξ.

    Examples
    --------
    >>> t = galaxyfly(15, 29, 4, 2)   # Table 5's GF(15,29,4,2): h = 7, radix 2 + 3 + 7
    >>> t.num_routers, t.params["h"], t.params["radix"]
    (1740, 7, 10)
    >>> galaxyfly(3, 5, 2, 1, assignment="block").num_edges
    45
    """
    routers, radix, h = galaxyfly_size(n, q, a, h)
    p = _require_int("p", p, 0)
    assignment = check_choice("Galaxyfly global-link assignment", assignment, GLOBAL_ASSIGNMENTS)
    n, q, a = int(n), int(q), int(a)
    g = galaxy_graph(n, q, primitive_element)
    N = n * q
    # arc (src -> dst) of the Galaxy graph leaves from router (rank of dst among src's
    # neighbours) mod a of supernode src; CSR rows are sorted, so rank = position in row
    src = np.repeat(np.arange(N), np.diff(g.indptr))
    rank = np.arange(len(g.indices)) - g.indptr[src]
    router_of = src * a + (rank % a if assignment == "round_robin" else rank // h)
    # the reverse arc (dst -> src) gives the router at the other end
    key = src.astype(np.int64) * N + g.indices
    rev = np.searchsorted(key, g.indices.astype(np.int64) * N + src)  # key is sorted already
    keep = src < g.indices
    glob = np.stack([router_of[keep], router_of[rev][keep]], axis=1)
    iu, ju = np.triu_indices(a, 1)
    base = (np.arange(N) * a)[:, None]
    local = np.stack([(base + iu).ravel(), (base + ju).ravel()], axis=1)
    group = np.repeat(np.arange(N), a).astype(np.int32)
    return Topology.from_edges(
        f"GF({n},{q},{a},{p},{h})" + ("" if assignment == "round_robin" else "-block"), "galaxyfly", routers,
        np.concatenate([local, glob]),
        endpoints_per_router=p,
        labels={"group": group, "supernode": group,
                "cluster": (group // q).astype(np.int32),
                "position": np.tile(np.arange(a), N).astype(np.int32)},
        params={"n": n, "q": q, "a": a, "p": p, "h": h, "delta": galaxy_delta(q), "radix": radix,
                "diameter_bound": galaxyfly_diameter_bound(n, q, a), "endpoints_per_router": p,
                "assignment": assignment, "primitive_element": g.params["primitive_element"]},
        link_class=np.r_[np.zeros(len(local), np.int8), np.ones(len(glob), np.int8)],
    )
