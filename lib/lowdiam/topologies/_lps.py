"""SpectralFly: the Lubotzky–Phillips–Sarnak Ramanujan graphs LPS(p, q).

Reference: S. Young et al., "SpectralFly: Ramanujan graphs as flexible and
efficient interconnection networks", IPDPS 2022, Definition 3 and Example 1
(after Lubotzky, Phillips and Sarnak, Combinatorica 8, 1988).
"""

from __future__ import annotations

import math

import galois
import numba
import numpy as np

from ..validate import check_bool, check_int
from ._design_keys import design_keywords
from .base import Topology, default_concentration
from .fields import field

__all__ = ["lps", "lps_diameter", "lps_generators", "lps_order"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("lps", "lps_diameter")


def _odd_primes(lo: int, hi: int) -> list[int]:
    return [n for n in galois.primes(hi) if n >= max(lo, 3)]


def _validate(p: int, q: int, require_ramanujan: bool = True) -> tuple[int, int]:
    """Check (p, q) for LPS(p, q); return them as ints."""
    p, q = check_int("p", p), check_int("q", q)
    for name, val in (("p", p), ("q", q)):
        if val < 3 or not galois.is_prime(val):
            near = [x for x in _odd_primes(3, val + 40) if abs(x - val) <= 40]
            below = [x for x in near if x < val][-2:]
            above = [x for x in near if x > val][:2]
            raise ValueError(
                f"LPS(p, q) needs distinct odd primes p, q: {name}={val} is not an odd prime; "
                f"nearby valid values: {', '.join(map(str, below + above))}"
            )
    if p == q:
        raise ValueError(
            f"LPS(p, q) needs distinct odd primes, got p = q = {p}; "
            f"choose e.g. q in {[x for x in _odd_primes(3, 4 * p) if x != p and x * x > 4 * p][:4]}"
        )
    if require_ramanujan and q * q <= 4 * p:
        valid = [x for x in _odd_primes(3, 4 * int(math.isqrt(p)) + 40) if x * x > 4 * p and x != p][:4]
        raise ValueError(
            f"LPS(p, q) needs q > 2 sqrt(p) (Ramanujan and simple): q={q} <= 2 sqrt({p}) = "
            f"{2 * math.sqrt(p):.2f}; valid q for p={p}: {', '.join(map(str, valid))} "
            "(or pass require_ramanujan=False for a non-Ramanujan Cayley graph)"
        )
    return p, q


def lps_order(p: int, q: int) -> int:
    """Number of routers of LPS(p, q) without building it.

    |PSL(2, q)| = q(q^2 - 1)/2 when the Legendre symbol (p/q) = 1 (p a
    square mod q), else |PGL(2, q)| = q(q^2 - 1); together
    (3 - (p/q)) (q^3 - q)/4 (SpectralFly Sec. III).  The symbol is
    ``galois.legendre_symbol(p, q)``.  The count is the group's order, so it
    holds with or without q > 2 sqrt(p) (which :func:`lps` asks for by
    default).

    Parameters
    ----------
    p, q : int
        Distinct odd primes.

    Returns
    -------
    int

    Raises
    ------
    TypeError
        If ``p`` or ``q`` is not an integer (a bool, a string).
    ValueError
        If p, q are not distinct odd primes; the message names nearby primes.

    Examples
    --------
    >>> lps_order(3, 5), lps_order(23, 13)    # PGL(2, 5); PSL(2, 13)
    (120, 1092)
    >>> lps_order(9, 13)
    Traceback (most recent call last):
        ...
    ValueError: LPS(p, q) needs distinct odd primes p, q: p=9 is not an odd prime; nearby valid values: 5, 7, 11, 13
    """
    p, q = _validate(p, q, require_ramanujan=False)
    return (3 - galois.legendre_symbol(p, q)) * (q**3 - q) // 4


def _four_square_solutions(p: int) -> np.ndarray:
    """The p + 1 integer solutions (a0, a1, a2, a3) of a0^2 + a1^2 + a2^2 + a3^2 = p
    normalised as in Definition 3: a0 > 0 odd if p ≡ 1 (mod 4); a0 > 0 even, or
    a0 = 0 and a1 > 0, if p ≡ 3 (mod 4)."""
    r = math.isqrt(p)
    grid = np.stack(
        np.meshgrid(*[np.arange(-r, r + 1)] * 4, indexing="ij"), axis=-1
    ).reshape(-1, 4)
    sols = grid[(grid**2).sum(axis=1) == p]
    a0, a1 = sols[:, 0], sols[:, 1]
    if p % 4 == 1:
        keep = (a0 > 0) & (a0 % 2 == 1)
    else:
        keep = ((a0 > 0) & (a0 % 2 == 0)) | ((a0 == 0) & (a1 > 0))
    sols = sols[keep]
    assert sols.shape[0] == p + 1, "Jacobi: 8(p+1) representations, p+1 after normalising"
    return sols


def _normalise(m):
    """Canonical representative of the projective class of each row (a, b, c, d):
    scale so that the first non-zero of (a, b) is 1 (a = b = 0 is singular)."""
    gf = type(m)
    pivot = np.where(m[:, 0] != 0, m[:, 0], m[:, 1])
    return m * np.reciprocal(gf(pivot))[:, None]


def _encode(m, q: int) -> np.ndarray:
    """Integer code of normalised matrices (a, b, c, d): b q^2 + c q + d when a = 1,
    q^3 + c q + d when a = 0 (then b = 1).  Codes are < q^3 + q^2, so a dense
    lookup table indexes the group in O(1) per element."""
    m = np.asarray(m, dtype=np.int64)
    a, b, c, d = m[:, 0], m[:, 1], m[:, 2], m[:, 3]
    return np.where(a == 1, b * q * q, q**3) + c * q + d


def lps_generators(p: int, q: int, require_ramanujan: bool = True):
    """The p + 1 generators of LPS(p, q) and the (x, y) used to build them.

    Each normalised solution (a0, a1, a2, a3) of a0^2 + a1^2 + a2^2 + a3^2 = p
    gives [[a0 + a1 x + a3 y, -a1 y + a2 + a3 x], [-a1 y - a2 + a3 x,
    a0 - a1 x - a3 y]] over GF(q), of determinant p (mod q), where
    x^2 + y^2 + 1 = 0 (mod q) (smallest x, then y).

    Parameters
    ----------
    p, q : int
        Distinct odd primes.
    require_ramanujan : bool, optional
        Require q > 2 sqrt(p) (default), as :func:`lps`.

    Returns
    -------
    S : galois.FieldArray
        (p + 1, 4) rows (a, b, c, d), each scaled so the first non-zero of
        (a, b) is 1.
    xy : tuple of int
        The (x, y) used.

    Raises
    ------
    TypeError, ValueError
        As :func:`lps`.

    Examples
    --------
    >>> S, xy = lps_generators(3, 5)     # SpectralFly Example 1
    >>> S.shape, xy
    ((4, 4), (0, 2))
    """
    require_ramanujan = check_bool("require_ramanujan", require_ramanujan)
    p, q = _validate(p, q, require_ramanujan)
    gf = field(q)
    xs = gf(np.arange(q))
    rest = -(xs * xs) - gf(1)  # need y^2 = -1 - x^2
    x = xs[np.flatnonzero(rest.is_square())[0]]
    y = np.sqrt(rest[int(x) : int(x) + 1])[0]
    a = gf(_four_square_solutions(p) % q)
    a0, a1, a2, a3 = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    mats = gf(
        np.stack(
            [a0 + a1 * x + a3 * y, -(a1 * y) + a2 + a3 * x, -(a1 * y) - a2 + a3 * x, a0 - a1 * x - a3 * y],
            axis=1,
        )
    )
    return _normalise(mats), (int(x), int(y))


def _group_elements(q: int, psl: bool):
    """Normalised representatives of PGL(2, q), or of PSL(2, q) (classes of square
    determinant), as rows (a, b, c, d) in increasing :func:`_encode` order
    (a = 1 rows lexicographically, then a = 0 rows)."""
    gf = field(q)
    r = np.arange(q)
    b, c, d = (g.ravel() for g in np.meshgrid(r, r, r, indexing="ij"))
    with_a1 = np.stack([np.ones_like(b), b, c, d], axis=1)  # a = 1
    c2, d2 = (g.ravel() for g in np.meshgrid(r, r, indexing="ij"))
    with_a0 = np.stack([np.zeros_like(c2), np.ones_like(c2), c2, d2], axis=1)  # a = 0, b = 1
    m = gf(np.concatenate([with_a1, with_a0]))
    det = m[:, 0] * m[:, 3] - m[:, 1] * m[:, 2]
    keep = det != 0
    if psl:
        keep &= det.is_square()  # scaling by t multiplies det by t^2: well defined
    return m[keep]


def _check_distinct(gens, p: int, q: int, psl: bool) -> None:
    """``ValueError`` unless the generators are p + 1 distinct non-identity elements (a simple Cayley graph)."""
    gen_codes = _encode(gens, q)
    if len(set(gen_codes.tolist())) != p + 1 or 1 in gen_codes:  # code 1 is the identity
        raise ValueError(
            f"LPS({p},{q}): the p + 1 generators are not distinct non-identity elements of "
            f"{('PGL', 'PSL')[psl]}(2,{q}) (q is too small for p); choose q > 2 sqrt(p)"
        )


@design_keywords("group")
def lps(
    p: int, q: int, endpoints_per_router: int | None = None, *, require_ramanujan: bool = True
) -> Topology:
    """SpectralFly: the LPS Ramanujan graph LPS(p, q).

    For distinct odd primes p, q with q > 2 sqrt(p): the Cayley graph of
    G = PSL(2, q) if the Legendre symbol (p/q) = 1, else G = PGL(2, q), with
    the p + 1 generators of :func:`lps_generators` (from the normalised
    solutions of a0^2 + a1^2 + a2^2 + a3^2 = p); u ~ v iff v = u s, s in S.
    (p + 1)-regular Ramanujan (non-trivial |eigenvalue| <= 2 sqrt(p));
    order (3 - (p/q)) (q^3 - q)/4; bipartite exactly in the PGL case.

    Vertices are normalised matrices (a, b, c, d) (first non-zero of a, b is 1),
    numbered by a = 1 rows in lexicographic order, then a = 0 rows; the
    identity is router 0.
    Labels: ``matrix`` (n, 4) representatives, ``side`` 0/1 = whether the
    determinant is a square (the bipartition when G = PGL; all 0 for PSL).
    Default concentration is a third of the radix (diameter-3 networks).

    ``require_ramanujan=False`` also accepts q <= 2 sqrt(p) (SpectralFly
    Table II uses LPS(19, 7)); the graph is then still a (p+1)-regular Cayley
    graph as long as the generators are distinct and not the identity in G
    (checked: ValueError otherwise), but the Ramanujan bound is not promised.

    Parameters
    ----------
    p, q : int
        Distinct odd primes; radix p + 1, order :func:`lps_order`.
    endpoints_per_router : int, optional
        Endpoints on every router; default a third of the radix.
    require_ramanujan : bool, optional
        Require q > 2 sqrt(p) (default ``True``).  Must be a bool: ``'no'``
        is refused, not read as true.

    Returns
    -------
    Topology
        Params ``p``, ``q``, ``group`` ("PSL"/"PGL"), ``legendre`` (the
        symbol (p/q)), ``x``, ``y``, ``endpoints_per_router``.

    Raises
    ------
    TypeError
        If ``p``, ``q`` or ``endpoints_per_router`` is not an integer (bools
        included), or ``require_ramanujan`` is not a bool.
    ValueError
        If p, q are not distinct odd primes (naming nearby primes), if
        q <= 2 sqrt(p) while ``require_ramanujan`` (naming valid q), if the
        generators collide (q too small for p), or ``endpoints_per_router``
        is negative.

    Examples
    --------
    >>> t = lps(3, 5)            # Example 1 of SpectralFly: PGL(2, 5)
    >>> t.num_routers, t.radix, t.params["group"]
    (120, 4, 'PGL')
    >>> lps(19, 7, require_ramanujan="no")
    Traceback (most recent call last):
        ...
    TypeError: require_ramanujan must be True or False, got str 'no'
    """
    require_ramanujan = check_bool("require_ramanujan", require_ramanujan)
    p, q = _validate(p, q, require_ramanujan)
    if endpoints_per_router is not None:
        endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    gf = field(q)
    symbol = galois.legendre_symbol(p, q)
    psl = symbol == 1
    gens, (x, y) = lps_generators(p, q, require_ramanujan)
    _check_distinct(gens, p, q, psl)
    elems = _group_elements(q, psl)
    n = elems.shape[0]
    index = np.full(q**3 + q * q, -1, dtype=np.int64)
    index[_encode(elems, q)] = np.arange(n)
    # right-multiply every element by every generator: (n, k) batched 2x2 products
    a, b, c, d = (elems[:, i][:, None] for i in range(4))
    sa, sb, sc, sd = (gens[:, i][None, :] for i in range(4))
    prod = gf(np.stack([a * sa + b * sc, a * sb + b * sd, c * sa + d * sc, c * sb + d * sd], axis=-1))
    nbr = index[_encode(_normalise(prod.reshape(-1, 4)), q)].reshape(n, p + 1)
    src = np.broadcast_to(np.arange(n)[:, None], nbr.shape)
    keep = src < nbr  # S = S^-1: every link is produced from both of its ends
    edges = np.stack([src[keep], nbr[keep]], axis=1)
    if edges.shape[0] * 2 != n * (p + 1):  # cannot happen for distinct generators
        raise AssertionError(f"LPS({p},{q}) is not a simple (p+1)-regular graph")
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(p + 1, 3)
    det = elems[:, 0] * elems[:, 3] - elems[:, 1] * elems[:, 2]
    return Topology.from_edges(
        f"LPS({p},{q})",
        "lps",
        n,
        edges,
        endpoints_per_router=endpoints_per_router,
        labels={
            "matrix": np.asarray(elems, dtype=np.int32),
            "side": (~det.is_square()).astype(np.int8),
        },
        params={
            "p": int(p),
            "q": int(q),
            "group": "PSL" if psl else "PGL",
            "legendre": symbol,
            "x": x,
            "y": y,
            "endpoints_per_router": int(endpoints_per_router),
        },
    )


def lps_diameter(p: int, q: int, require_ramanujan: bool = False) -> int:
    """Exact diameter of LPS(p, q) from a single BFS over the group, without building the graph.

    LPS(p, q) is the Cayley graph of PSL(2, q) or PGL(2, q) with the p + 1
    quaternion generators, hence vertex-transitive: every vertex has the same
    eccentricity, and the diameter is the eccentricity of the identity.  The
    BFS multiplies group elements by the generators on the fly (numba; a
    matrix's projective class is its :func:`_encode` code, so the visited
    table has q^3 + q^2 entries), so no edge list is built: the design-space
    checks reach radix 128, where LPS(103, 101) alone would have 53.6 million
    links.  Tested against the BFS of the built graph and the all-pairs
    diameter.

    Parameters
    ----------
    p, q : int
        Distinct odd primes.
    require_ramanujan : bool, optional
        Passed to :func:`lps`; default ``False`` (any LPS Cayley graph).

    Returns
    -------
    int

    Raises
    ------
    TypeError, ValueError
        As :func:`lps`.

    Examples
    --------
    >>> lps_diameter(3, 5)     # SpectralFly Example 1: 120 routers of radix 4
    6
    """
    p, q = _validate(p, q, check_bool("require_ramanujan", require_ramanujan))
    gens, _ = lps_generators(p, q, require_ramanujan=False)
    _check_distinct(gens, p, q, galois.legendre_symbol(p, q) == 1)  # as lps(): a simple Cayley graph
    inverse = np.zeros(q, dtype=np.int64)
    inverse[1:] = np.asarray(np.reciprocal(field(q)(np.arange(1, q))), dtype=np.int64)
    diameter, reached = _identity_eccentricity(np.asarray(gens, dtype=np.int64), q, inverse)
    if reached != lps_order(p, q):  # the generators must generate PSL(2, q) / PGL(2, q) (always for odd p != q)
        raise ValueError(f"LPS({p},{q}) is disconnected: the BFS reached {reached} of {lps_order(p, q)} elements")
    return int(diameter)


@numba.njit(cache=True)
def _identity_eccentricity(gens, q, inverse):
    """BFS from the identity of PGL(2, q) along right multiplication by ``gens`` (normalised (a, b, c, d) rows);
    returns (largest distance, number of elements reached).  Elements are :func:`_encode` codes."""
    q3 = q * q * q
    dist = np.full(q3 + q * q, -1, dtype=np.int16)
    frontier = np.empty(q3 + q * q, dtype=np.int64)
    nxt = np.empty_like(frontier)
    identity = 1  # (a, b, c, d) = (1, 0, 0, 1), code b q^2 + c q + d
    dist[identity] = 0
    frontier[0] = identity
    size, reached, level = 1, 1, 0
    while size > 0:
        count = 0
        for i in range(size):
            code = frontier[i]
            if code >= q3:
                a, b, c, d = 0, 1, (code - q3) // q, code % q
            else:
                a, b, c, d = 1, code // (q * q), (code // q) % q, code % q
            for g in range(gens.shape[0]):
                e, f, h, k = gens[g, 0], gens[g, 1], gens[g, 2], gens[g, 3]
                na = (a * e + b * h) % q
                nb = (a * f + b * k) % q
                nc = (c * e + d * h) % q
                nd = (c * f + d * k) % q
                if na != 0:  # scale so that the first non-zero of (a, b) is 1
                    t = inverse[na]
                    key = ((nb * t) % q) * q * q + ((nc * t) % q) * q + (nd * t) % q
                else:
                    t = inverse[nb]
                    key = q3 + ((nc * t) % q) * q + (nd * t) % q
                if dist[key] < 0:
                    dist[key] = level + 1
                    nxt[count] = key
                    count += 1
        if count == 0:
            break
        level += 1
        reached += count
        frontier, nxt = nxt, frontier
        size = count
    return level, reached
