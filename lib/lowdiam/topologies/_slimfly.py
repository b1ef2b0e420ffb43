"""Slim Fly: the McKay–Miller–Širáň (MMS) graph of diameter 2.

Reference: M. Besta and T. Hoefler, "Slim Fly: a cost effective low-diameter
network topology", SC'14, Sec. 3 (after McKay, Miller and Širáň, 1998, and
Hafner's geometric description, 2004); SpectralFly (Young et al.) Sec. IV
and Table I compare SF(q) against LPS graphs.
"""

from __future__ import annotations

import numpy as np

from ..validate import check_int
from ._design_keys import design_keywords
from .base import Topology, default_concentration
from .fields import field, prime_powers, require_prime_power, tables

__all__ = ["mms_delta", "mms_generator_sets", "mms_graph", "mms_size", "slimfly"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("mms_graph", "slimfly")

_RULE = "MMS(q) needs a prime power q = 4l + δ with δ in {-1, 0, 1}"


def mms_delta(q: int) -> int:
    """δ of q = 4l + δ, δ in {-1, 0, 1}: the residue class that selects the MMS generator sets.

    The single source of the rule "MMS(q) exists for prime powers q ≢ 2
    (mod 4)": prime powers q ≡ 2 (mod 4) are only q = 2, which has no
    l >= 1 with 2 = 4l + δ.  Even q = 4, 8, 16, ... have δ = 0.

    Parameters
    ----------
    q : int
        A prime power other than 2.

    Returns
    -------
    int
        -1, 0 or 1.

    Raises
    ------
    TypeError
        If ``q`` is not an integer (a bool, a string).
    ValueError
        If ``q`` is not integral, not a prime power, or q = 2; the message
        names nearby valid q.

    Examples
    --------
    >>> mms_delta(5), mms_delta(4), mms_delta(7)
    (1, 0, -1)
    >>> mms_delta(2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: q=2 is ≡ 2 (mod 4): MMS(q) needs a prime power ...; nearby valid values: 3, 4, 5, 7
    """
    q = check_int("q", q)
    require_prime_power(q, "q", _RULE)
    delta = {0: 0, 1: 1, 3: -1}.get(q % 4)
    if delta is None:
        valid = [x for x in prime_powers(3, q + 10) if x % 4 != 2][:4]
        raise ValueError(
            f"q={q} is ≡ 2 (mod 4): {_RULE}; nearby valid values: {', '.join(map(str, valid))}"
        )
    return delta


def mms_size(q: int) -> tuple[int, int]:
    """Routers and degree of MMS(q) (Slim Fly SF(q)) without building it: (2 q^2, (3q - δ)/2).

    Parameters
    ----------
    q : int
        A prime power q = 4l + δ, δ in {-1, 0, 1}.

    Returns
    -------
    tuple of int
        ``(num_routers, network_radix)``.

    Raises
    ------
    TypeError, ValueError
        As :func:`mms_delta`.

    Examples
    --------
    >>> mms_size(5)      # the Hoffman-Singleton graph
    (50, 7)
    >>> mms_size(13)     # Slim Fly SF(13): 338 routers of radix 19
    (338, 19)
    """
    delta = mms_delta(q)
    q = int(q)
    return 2 * q * q, (3 * q - delta) // 2


def mms_generator_sets(q: int) -> tuple[np.ndarray, np.ndarray]:
    """The generator sets X, X' of GF(q) (as galois arrays) of MMS(q).

    With ξ the primitive element of GF(q) and q = 4l + δ (Slim Fly Sec. 3.1):

    * δ = +1: X = {ξ^0, ξ^2, ..., ξ^(q-3)} (the non-zero squares);
    * δ =  0: X = {ξ^0, ξ^2, ..., ξ^(q-2)};
    * δ = -1: X = {ξ^0, ξ^2, ..., ξ^(2l-2)} ∪ {ξ^(2l-1), ξ^(2l+1), ..., ξ^(4l-3)};

    and X' = ξ·X in all three cases.  |X| = |X'| = (q - δ)/2 and both are
    closed under negation (for δ = -1 because -1 = ξ^(2l-1) swaps the two
    halves), so the Cayley graphs they generate are undirected.

    Parameters
    ----------
    q : int
        A prime power q = 4l + δ, δ in {-1, 0, 1}.

    Returns
    -------
    X, X_prime : galois.FieldArray
        Each of length (q - δ)/2.

    Raises
    ------
    TypeError, ValueError
        As :func:`mms_delta`.

    Examples
    --------
    >>> X, Xp = mms_generator_sets(5)
    >>> sorted(int(x) for x in X), sorted(int(x) for x in Xp)
    ([1, 4], [2, 3])
    """
    delta = mms_delta(q)
    q = int(q)
    gf, F = field(q), tables(q)  # galois' elements out, its arithmetic on integers (nothing compiled)
    xi = int(gf.primitive_element)
    if delta == 1:
        exponents = np.arange(0, q - 2, 2)
    elif delta == 0:
        exponents = np.arange(0, q - 1, 2)
    else:
        half = (q + 1) // 4  # the paper's l
        exponents = np.concatenate([np.arange(0, 2 * half - 1, 2), np.arange(2 * half - 1, 4 * half - 2, 2)])
    x_set = F.pow(xi, exponents)
    return gf(x_set), gf(F.mul(xi, x_set))


def _mms_edges(q: int) -> tuple[np.ndarray, np.ndarray]:
    """Edges and link classes of MMS(q); router (s, x, y) has id s q^2 + x q + y."""
    F = tables(q)
    x_set, x_prime = (np.asarray(x, dtype=np.int64) for x in mms_generator_sets(q))
    elems = np.arange(q, dtype=np.int64)
    base = np.arange(q, dtype=np.int64)
    blocks, classes = [], []
    # intra-group Cayley edges: (s, x, y) ~ (s, x, y + d) for d in X (s = 0) or X' (s = 1)
    for s, gens in ((0, x_set), (1, x_prime)):
        y2 = F.add(elems[:, None], gens[None, :])  # (q, |X|)
        y1 = np.broadcast_to(base[:, None], y2.shape)
        keep = y1 < y2  # each link is generated from both ends (X = -X)
        pairs = np.stack([y1[keep], y2[keep]], axis=1)  # (q |X| / 2, 2) within one group
        offsets = s * q * q + base * q  # every group x of subgraph s
        blocks.append((offsets[:, None, None] + pairs[None, :, :]).reshape(-1, 2))
        classes.append(np.zeros(blocks[-1].shape[0], dtype=np.int8))
    # bipartite edges: (0, x, y) ~ (1, m, c) iff y = m x + c
    y = F.add(F.mul(elems[None, :, None], elems[:, None, None]), elems[None, None, :])  # y[x, m, c]
    xx, mm, cc = np.meshgrid(base, base, base, indexing="ij")
    cross = np.stack([(xx * q + y).ravel(), (q * q + mm * q + cc).ravel()], axis=1)
    blocks.append(cross)
    classes.append(np.ones(cross.shape[0], dtype=np.int8))
    return np.concatenate(blocks), np.concatenate(classes)


def _build(q: int, endpoints_per_router: int | None, name: str, family: str) -> Topology:
    delta = mms_delta(q)
    _, degree = mms_size(q)
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(degree, 2)
    endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    edges, link_class = _mms_edges(q)
    ids = np.arange(2 * q * q)
    sub, rest = np.divmod(ids, q * q)
    grp, pos = np.divmod(rest, q)
    return Topology.from_edges(
        name,
        family,
        2 * q * q,
        edges,
        endpoints_per_router=endpoints_per_router,
        labels={
            "subgraph": sub.astype(np.int8),
            "group": grp.astype(np.int32),
            "supernode": (sub * q + grp).astype(np.int32),
            "position": pos.astype(np.int32),
        },
        params={"q": int(q), "delta": delta, "l": (q - delta) // 4, "endpoints_per_router": int(endpoints_per_router)},
        link_class=link_class,
    )


@design_keywords("delta")
def slimfly(q: int, endpoints_per_router: int | None = None) -> Topology:
    """Slim Fly SF(q): the McKay–Miller–Širáň graph MMS(q).

    Routers are triples (s, x, y), s in {0, 1}, x, y in GF(q).  With the
    generator sets X, X' of :func:`mms_generator_sets`:

    * (0, x, y) ~ (0, x, y')  iff  y - y' in X   (local, inside group x);
    * (1, m, c) ~ (1, m, c')  iff  c - c' in X'  (local, inside group m);
    * (0, x, y) ~ (1, m, c)   iff  y = m x + c   (global).

    Defined for prime powers q = 4l + δ, δ in {-1, 0, 1} (not q = 2).
    Order 2 q^2, degree (3q - δ)/2 (:func:`mms_size`), diameter 2.
    Router id s q^2 + x q + y.

    Parameters
    ----------
    q : int
        A prime power other than 2.
    endpoints_per_router : int, optional
        Endpoints on every router; default ceil(degree / 2) (Slim Fly's
        balanced concentration).

    Returns
    -------
    Topology
        Labels: ``subgraph`` s, ``group`` x (the group index inside its
        subgraph), ``supernode`` s q + x (a globally unique group id: the 2q
        supernodes of the star-product view over K_{q,q}), ``position`` y.
        ``link_class`` is 0 for intra-group links, 1 for links between
        subgraphs.  Params ``q``, ``delta``, ``l``, ``endpoints_per_router``.

    Raises
    ------
    TypeError
        If ``q`` or ``endpoints_per_router`` is not an integer (a bool, a string).
    ValueError
        If ``q`` is not integral (2.5), not a prime power or q = 2 (naming
        nearby valid q), or ``endpoints_per_router`` is negative.

    Examples
    --------
    >>> t = slimfly(5, endpoints_per_router=0)   # the Hoffman–Singleton graph
    >>> t.num_routers, t.radix, t.num_edges
    (50, 7, 175)
    >>> slimfly(6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: q=6 is not a prime power (...); nearby valid values: 4, 5, 7, 8
    """
    q = check_int("q", q)
    return _build(q, endpoints_per_router, f"SF({q})", "slimfly")


def mms_graph(q: int, endpoints_per_router: int | None = None) -> Topology:
    """The McKay–Miller–Širáň graph MMS(q); same graph and labels as :func:`slimfly`.

    Parameters
    ----------
    q : int
        A prime power other than 2.
    endpoints_per_router : int, optional
        As :func:`slimfly`.

    Returns
    -------
    Topology
        Family ``"mms"``, name ``MMS(q)``.

    Raises
    ------
    TypeError, ValueError
        As :func:`slimfly`.

    Examples
    --------
    >>> mms_graph(5).num_routers
    50
    """
    q = check_int("q", q)
    return _build(q, endpoints_per_router, f"MMS({q})", "mms")
