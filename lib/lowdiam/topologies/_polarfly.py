"""PolarFly: the Erdős–Rényi polarity graph ER_q of diameter 2.

References: Erdős and Rényi (1962), Brown (1966); PolarFly (Lakhotia et al.,
SC'22); PolarStar (Lakhotia et al., 2024) Sec. 6.1, where ER_q is the
structure graph of the star product.
"""

from __future__ import annotations

import galois
import numpy as np

from .base import Topology, default_concentration
from .fields import field, require_prime_power, tables

__all__ = ["authors_numbering", "erdos_renyi_polarity", "point_index", "polarfly", "projective_points"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("erdos_renyi_polarity", "polarfly")

_RULE = "ER_q is defined over the finite field GF(q), which exists only for prime powers"


def projective_points(q: int) -> np.ndarray:
    """The q^2 + q + 1 points of PG(2, q) as left-normalised vectors, shape (N, 3).

    Integer representation of GF(q) elements (galois' ``int`` view).  Router
    ``i`` is ``(1, i // q, i % q)`` for ``i < q^2``, ``(0, 1, i - q^2)`` for
    ``q^2 <= i < q^2 + q`` and ``(0, 0, 1)`` last; :func:`point_index` inverts.
    """
    i = np.arange(q * q + q + 1, dtype=np.int64)
    pts = np.zeros((i.size, 3), dtype=np.int64)
    affine = i < q * q
    pts[affine, 0] = 1
    pts[affine, 1] = i[affine] // q
    pts[affine, 2] = i[affine] % q
    at_inf = (i >= q * q) & (i < q * q + q)
    pts[at_inf, 1] = 1
    pts[at_inf, 2] = i[at_inf] - q * q
    pts[-1, 2] = 1
    return pts


def point_index(vectors, q: int) -> np.ndarray:
    """Router id of each nonzero vector (any scalar multiple), shape (..., 3) -> (...).

    Entries are GF(q) elements in galois' integer representation (integer arrays or galois arrays); the arithmetic
    is :class:`lowdiam.topologies.fields.FieldTables`' (nothing compiled).
    """
    F = tables(q)
    raw = F.check(vectors)
    if raw.shape[-1:] != (3,):
        raise ValueError(f"a point of PG(2, q) is a vector of 3 coordinates; got shape {raw.shape}")
    if np.any((raw == 0).all(axis=-1)):
        raise ValueError("the zero vector is not a point of PG(2, q)")
    # divide by the leftmost nonzero coordinate (left normalisation)
    lead_pos = np.argmax(raw != 0, axis=-1)
    lead = np.take_along_axis(raw, lead_pos[..., None], axis=-1)
    n = F.div(raw, lead)
    return np.where(
        lead_pos == 0,
        n[..., 1] * q + n[..., 2],
        np.where(lead_pos == 1, q * q + n[..., 2], q * q + q),
    )


def _polarity_neighbours(q: int) -> np.ndarray:
    """(N, q+1) array: the q+1 points orthogonal to each point (its polar line).

    The polar line v^perp is spanned by two independent vectors u1, u2 with
    v·u = 0; its points are u1 + t u2 (t in GF(q)) and u2.  A quadric point
    (v·v = 0) lies on its own polar line, so it appears among its own
    neighbours -- the self-loop of ER_q.
    """
    F = tables(q)
    v = projective_points(q)
    v0, v1, v2 = v[:, 0], v[:, 1], v[:, 2]
    zero = np.zeros_like(v0)
    one = np.ones_like(v0)
    affine = v0 != 0
    # v0 != 0: u1 = (-v2, 0, v0), u2 = (-v1, v0, 0); otherwise u1 = (1, 0, 0), u2 = (0, -v2, v1)
    u1 = np.where(affine[:, None], np.stack([F.neg(v2), zero, v0], 1), np.stack([one, zero, zero], 1))
    u2 = np.where(affine[:, None], np.stack([F.neg(v1), v0, zero], 1), np.stack([zero, F.neg(v2), v1], 1))
    t = np.arange(q, dtype=np.int64)
    line = F.add(u1[:, None, :], F.mul(t[None, :, None], u2[:, None, :]))  # (N, q, 3)
    nbrs = np.concatenate([point_index(line, q), point_index(u2, q)[:, None]], axis=1)
    return nbrs


def erdos_renyi_polarity(q: int, endpoints_per_router: int | None = None) -> Topology:
    """The Erdős–Rényi polarity graph ER_q (PolarFly), diameter 2.

    Definition (PolarStar Sec. 6.1.2): vertices are the points of the
    projective plane PG(2, q), i.e. the left-normalised nonzero vectors of
    GF(q)^3; ``v ~ w`` iff ``v·w = 0`` over GF(q).  The q + 1 quadric points
    (``v·v = 0``) would be adjacent to themselves: the router graph omits
    these self-loops and flags the routers in ``labels["quadric"]``; the star
    product (:mod:`.starproduct`) turns them back into supernode edges.

    Order q^2 + q + 1; degree q + 1, except q on the q + 1 quadric routers;
    q (q+1)^2 / 2 links; diameter 2 (two points share the point v × w).

    Parameters
    ----------
    q : prime power (even q allowed).
    endpoints_per_router : concentration p; default ceil((q+1)/2).

    Labels: ``quadric`` (bool), ``vector`` ((N, 3) normalised coordinates).

    Example
    -------
    >>> t = erdos_renyi_polarity(3)
    >>> t.num_routers, t.num_edges, int(t.labels["quadric"].sum())
    (13, 24, 4)
    """
    require_prime_power(q, "q", _RULE)
    q = int(q)
    nbrs = _polarity_neighbours(q)
    n = nbrs.shape[0]
    src = np.repeat(np.arange(n, dtype=np.int64), q + 1)
    dst = nbrs.ravel()
    quadric = np.zeros(n, dtype=bool)
    quadric[src[src == dst]] = True
    keep = src < dst  # every link appears from both ends; loops are dropped
    edges = np.stack([src[keep], dst[keep]], axis=1)
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(q + 1, 2)
    return Topology.from_edges(
        f"PolarFly(q={q})",
        "polarfly",
        n,
        edges,
        endpoints_per_router=endpoints_per_router,
        labels={"quadric": quadric, "vector": projective_points(q)},
        params={"q": q, "d": q + 1, "endpoints_per_router": int(endpoints_per_router)},
    )


polarfly = erdos_renyi_polarity


def _authors_field_poly(p: int, n: int) -> list[int]:
    """Low-to-high coefficients c_0..c_{n-1} of x^n = sum c_j x^j in the authors' GF(p^n).

    Facts read from ``field_gen`` in IntelLabs/PolarFly's ``BrownGenerator.py``:
    q = 32: x^5 = x^2 + 1; p = 2 or q = 27: x^n = x + 1; q = 81: x^4 = 2x + 1;
    p odd, n = 2: x^2 = r with r the least quadratic non-residue modulo q
    (q - 1 when q ≡ 3 mod 4), reduced mod p; nothing else (and q < 125).
    """
    q = p**n
    c = [0] * n
    if q == 32:
        c[0] = c[2] = 1
    elif p == 2 or q == 27:
        c[0] = c[1] = 1
    elif q == 81:
        c[0], c[1] = 1, 2
    elif n == 2:
        if q % 4 == 3:
            r = q - 1
        else:
            squares = {(i * i) % q for i in range(q // 2 + 1)}
            r = next(i for i in range(q) if i not in squares)
        c[0] = r % p
    else:
        raise ValueError(f"the authors' generator builds no GF({q}) (only primes and 4, 8, 9, 16, 25, 27, 32, ...)")
    return c


def authors_numbering(q: int) -> np.ndarray:
    """The router id the authors' generator gives each of our ER_q routers.

    IntelLabs/PolarFly (``BrownGenerator.make``) numbers the right-normalised
    points (a, b, 1) as a q + b, then (a, 1, 0) as q^2 + a, then (1, 0, 0) as
    q^2 + q, with field elements as integers of its own polynomial basis
    (:func:`_authors_field_poly`).  Our routers are left-normalised in
    galois' basis (:func:`projective_points`).  For a prime power q the two
    fields are matched by an isomorphism (x -> a root of the authors'
    polynomial); another root changes the result by a Frobenius map, an
    automorphism of ER_q, so anything built on the numbering is the same
    network up to isomorphism.

    Parameters
    ----------
    q : int
        Prime, or a prime power the authors' generator supports
        (4, 8, 9, 16, 25, 27, 32, 49, 64, 81, 121); q < 125.

    Returns
    -------
    numpy.ndarray
        ``out[i]`` = the authors' id of our router i (a permutation).

    Raises
    ------
    ValueError
        If q is not a prime power, q >= 125, or the authors' code has no field
        of that order.

    Examples
    --------
    >>> authors_numbering(2).tolist()   # ours: (1,0,0) (1,0,1) (1,1,0) (1,1,1) (0,1,0) (0,1,1) (0,0,1)
    [6, 2, 5, 3, 4, 1, 0]
    """
    require_prime_power(q, "q", _RULE)
    q = int(q)
    if q >= 125:
        raise ValueError(f"the authors' generator asserts q < 125, got q={q}")
    (p,), (n,) = galois.factors(q)
    gf = field(q)
    if n == 1:
        ours_to_theirs = np.arange(q)
    else:
        c = _authors_field_poly(p, n)
        elems = gf(np.arange(q))
        # a root alpha of x^n - sum c_j x^j in galois' GF(q)
        val = elems**n
        for j, cj in enumerate(c):
            val = val - gf(cj) * elems**j
        alpha = elems[np.nonzero(np.asarray(val) == 0)[0][0]]
        digits = (np.arange(q)[:, None] // p ** np.arange(n)[None, :]) % p  # theirs: i = sum d_j p^j
        image = np.zeros(q, dtype=np.int64)
        powers = alpha ** np.arange(n)
        for i in range(q):
            image[i] = int(np.sum(gf(digits[i]) * powers))
        if len(np.unique(image)) != q:
            raise ValueError(f"the authors' polynomial for GF({q}) is not irreducible")
        ours_to_theirs = np.argsort(image)  # galois int -> authors' int
    v = gf(projective_points(q))
    raw = np.asarray(v, dtype=np.int64)
    last = 2 - np.argmax(raw[:, ::-1] != 0, axis=1)  # position of the last nonzero coordinate
    lead = v[np.arange(len(raw)), last]
    r = ours_to_theirs[np.asarray(v / lead[:, None], dtype=np.int64)]
    return np.where(last == 2, r[:, 0] * q + r[:, 1], np.where(last == 1, q * q + r[:, 0], q * q + q))
