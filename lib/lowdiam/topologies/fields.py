"""Finite fields and prime powers, on top of galois.

The one place the library asks "is q a prime power?" and "give me GF(q)".
Number theory is galois' (``galois.is_prime_power``, ``galois.primes``); this
module adds what the constructions need around it: a predicate that answers
``False`` (instead of raising) for non-integers, a cache, the list of prime
powers in a range, an error message that names nearby valid values, and one
field class per order.

Field classes are cached per order, so constructions ask here instead of
calling ``galois.GF``.  galois JIT-compiles code specialised to each new class
(its lookup tables are frozen into the machine code, so numba cannot cache it
on disk): on creation alone it compiled a polynomial evaluation for every
field, about a second each, only to evaluate the field's irreducible
polynomial at its primitive element once.  :func:`field` creates the class in
galois' pure-Python mode, where that one evaluation needs no compilation, and
then selects galois' default mode (``"auto"``: lookup tables, compiled on first
use), so the arithmetic is galois' own either way.

Examples
--------
>>> prime_powers(2, 20)
[2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19]
>>> is_prime_power(27), is_prime_power(12)
(True, False)
"""

from __future__ import annotations

import functools
import math
import numbers

import galois
import numpy as np

__all__ = ["FieldTables", "field", "is_prime_power", "prime_powers", "require_prime_power", "tables"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("field", "is_prime_power", "prime_powers")


@functools.lru_cache(maxsize=65536)
def _is_prime_power_int(q: int) -> bool:
    # galois.is_prime_power costs ~0.1 ms (a factorisation); the design-space
    # scans ask the same small q thousands of times.
    return galois.is_prime_power(q)


def is_prime_power(q: object) -> bool:
    """Whether ``q`` is a prime power p^k (p prime, k >= 1).

    Parameters
    ----------
    q : object
        Any value; only integers (``int`` or numpy integers, not bools) can
        be prime powers.

    Returns
    -------
    bool
        ``galois.is_prime_power(q)`` for integers, ``False`` for anything
        else (floats, bools, strings, ``None``).

    Examples
    --------
    >>> [q for q in range(1, 12) if is_prime_power(q)]
    [2, 3, 4, 5, 7, 8, 9, 11]
    >>> is_prime_power(9.0), is_prime_power(True)
    (False, False)
    """
    if isinstance(q, bool) or not isinstance(q, numbers.Integral):
        return False
    return _is_prime_power_int(int(q))


def prime_powers(lo: int, hi: int) -> list[int]:
    """All prime powers q with ``lo <= q <= hi``, increasing.

    Built from ``galois.primes(hi)`` (a sieve) and their powers, so long
    ranges cost no factorisations.

    Parameters
    ----------
    lo, hi : int
        Inclusive bounds; the range may be empty.

    Returns
    -------
    list of int

    Examples
    --------
    >>> prime_powers(20, 40)
    [23, 25, 27, 29, 31, 32, 37]
    >>> prime_powers(10, 9)
    []
    """
    lo, hi = max(int(lo), 2), int(hi)
    out = []
    for p in galois.primes(hi):
        power = p
        while power <= hi:
            if power >= lo:
                out.append(power)
            power *= p
    return sorted(out)


def require_prime_power(q: object, what: str = "q", rule: str = "") -> None:
    """Raise ``ValueError`` naming the nearest valid prime powers unless ``q`` is one.

    Parameters
    ----------
    q : object
        The value to check.
    what : str, optional
        The parameter's name in the message.
    rule : str, optional
        The construction's rule, quoted in the message.

    Returns
    -------
    None

    Raises
    ------
    ValueError
        If ``q`` is not a prime power; the message lists up to two valid
        values below and two above.

    Examples
    --------
    >>> require_prime_power(9)
    >>> require_prime_power(12, "q", "ER_q needs a prime power q")
    Traceback (most recent call last):
        ...
    ValueError: q=12 is not a prime power (ER_q needs a prime power q); nearby valid values: 9, 11, 13, 16
    """
    if is_prime_power(q):
        return
    if isinstance(q, numbers.Real) and not isinstance(q, bool) and math.isfinite(q):
        center = math.floor(q)
        below = [x for x in prime_powers(2, center) if x < q][-2:]
    else:  # not a number at all: list the smallest valid values
        center, below = 1, []
    above = prime_powers(center + 1, center + 40)[:2]
    near = ", ".join(map(str, below + above))
    extra = f" ({rule})" if rule else ""
    raise ValueError(f"{what}={q} is not a prime power{extra}; nearby valid values: {near}")


@functools.cache
def field(q: int) -> type[galois.FieldArray]:
    """The galois field class GF(q), built once per process.

    Parameters
    ----------
    q : int
        A prime power.

    Returns
    -------
    type
        ``galois.GF(q)``.

    Raises
    ------
    ValueError
        If ``q`` is not a prime power (naming nearby valid orders).

    Examples
    --------
    >>> GF = field(7)
    >>> int(GF(3) * GF(5))
    1
    """
    require_prime_power(q)
    q = int(q)
    (p,), (m,) = galois.factors(q)
    # creation evaluates one polynomial (over GF(p) for GF(p^m)): in pure-Python mode it compiles nothing
    sub = field(int(p)) if m > 1 else None
    before = sub.ufunc_mode if sub is not None else None
    try:
        if sub is not None:
            sub.compile("python-calculate")
        gf = galois.GF(q, compile="python-calculate")
    finally:
        if sub is not None:
            sub.compile(before)
    gf.compile("auto")  # galois' default mode for the arithmetic
    return gf


class FieldTables:
    """The arithmetic of GF(q) on integer numpy arrays, in galois' integer representation, with nothing compiled.

    galois compiles its array arithmetic anew for every field class in every process (about half a second per
    operation and field); a construction that needs a few operations on arrays of a small field pays more for
    compiling than for computing.  This class does the same arithmetic with numpy on ``int64`` arrays: products
    and quotients through a table of powers of galois' primitive element (a discrete log), sums digit by digit in
    base ``p`` (the coefficients of galois' polynomial basis).  The tables are built in pure Python from galois'
    irreducible polynomial and primitive element, so an element's integer is the one galois gives it.

    Parameters
    ----------
    q : int
        A prime power.

    Attributes
    ----------
    q, p, m : int
        The order, the characteristic and the degree (q = p**m).
    exp : numpy.ndarray
        ``exp[k]`` = galois' primitive element to the power k, k < q - 1.
    log : numpy.ndarray
        The inverse of ``exp`` on the nonzero elements (``log[0]`` unused).
    weights : numpy.ndarray
        ``p**i``, the integer of the basis polynomial x**i.

    Examples
    --------
    >>> F = tables(9)
    >>> a, b = np.array([3, 5, 0]), np.array([4, 5, 7])
    >>> F.mul(a, b).tolist() == [int(x) for x in field(9)(a) * field(9)(b)]
    True
    >>> F.add(a, b).tolist() == [int(x) for x in field(9)(a) + field(9)(b)]
    True
    """

    def __init__(self, q: int):
        gf = field(q)
        self.q, self.p, self.m = int(gf.order), int(gf.characteristic), int(gf.degree)
        q, p, m = self.q, self.p, self.m
        poly = int(gf.irreducible_poly)  # its integer: coefficient i is base-p digit i (no galois conversion)
        low = [(poly // p**i) % p for i in range(m + 1)]  # lowest degree first; monic: low[m] == 1
        alpha = int(gf.primitive_element)
        self.exp = np.empty(q - 1, dtype=np.int64)  # exp[k] = alpha**k
        self.log = np.zeros(q, dtype=np.int64)  # log[exp[k]] = k; log[0] unused
        x = 1
        for k in range(q - 1):
            self.exp[k] = x
            self.log[x] = k
            x = self._mul_scalar(x, alpha, low)
        if x != 1 or len(np.unique(self.exp)) != q - 1:  # alpha must generate the multiplicative group
            raise RuntimeError(f"galois' primitive element {alpha} does not generate GF({q})^*")
        self.weights = p ** np.arange(m, dtype=np.int64)  # the integer of digit i is digit * p**i

    def _mul_scalar(self, a: int, b: int, low: list[int]) -> int:
        """a * b in GF(q) by schoolbook polynomial multiplication modulo the irreducible polynomial."""
        p, m = self.p, self.m
        if m == 1:
            return a * b % p
        da = [(a // p**i) % p for i in range(m)]
        db = [(b // p**i) % p for i in range(m)]
        prod = [0] * (2 * m - 1)
        for i, x in enumerate(da):
            if x:
                for j, y in enumerate(db):
                    prod[i + j] = (prod[i + j] + x * y) % p
        for k in range(2 * m - 2, m - 1, -1):  # x^k = -x^(k-m) * (low[0] + ... + low[m-1] x^(m-1))
            c = prod[k]
            if c:
                for i in range(m):
                    prod[k - m + i] = (prod[k - m + i] - c * low[i]) % p
        return sum(prod[i] * p**i for i in range(m))

    def check(self, a) -> np.ndarray:
        """``a`` as an ``int64`` array (galois arrays included); ValueError unless every entry is in [0, q)."""
        arr = np.asarray(a)
        if arr.dtype.kind not in "iu":
            raise TypeError(f"GF({self.q}) elements must be integers, got dtype {arr.dtype}")
        arr = arr.astype(np.int64, copy=False)
        if arr.size and (arr.min() < 0 or arr.max() >= self.q):
            raise ValueError(f"GF({self.q}) elements are the integers 0..{self.q - 1}; got values in "
                             f"[{arr.min()}, {arr.max()}]")
        return arr

    def add(self, a, b) -> np.ndarray:
        """a + b, elementwise (broadcasting)."""
        a, b = self.check(a), self.check(b)
        if self.m == 1:
            return (a + b) % self.p
        if self.p == 2:
            return a ^ b
        return self._digitwise(lambda x, y: x + y, a, b)

    def neg(self, a) -> np.ndarray:
        """-a, elementwise."""
        a = self.check(a)
        if self.m == 1:
            return (-a) % self.p
        if self.p == 2:
            return a.copy()
        return self._digitwise(lambda x: -x, a)

    def _digitwise(self, fn, *arrays) -> np.ndarray:
        """``fn`` of the arrays' base-p digits, digit by digit, mod p (the additive group of GF(p^m))."""
        out = np.zeros(np.broadcast_shapes(*(a.shape for a in arrays)), dtype=np.int64)
        for w in self.weights.tolist():
            out += (fn(*((a // w) % self.p for a in arrays)) % self.p) * w
        return out

    def sub(self, a, b) -> np.ndarray:
        """a - b, elementwise."""
        return self.add(a, self.neg(b))

    def mul(self, a, b) -> np.ndarray:
        """a * b, elementwise."""
        a, b = self.check(a), self.check(b)
        out = self.exp[(self.log[a] + self.log[b]) % (self.q - 1)]
        return np.where((a == 0) | (b == 0), 0, out)

    def div(self, a, b) -> np.ndarray:
        """a / b, elementwise; ZeroDivisionError if any b is 0."""
        a, b = self.check(a), self.check(b)
        if np.any(b == 0):
            raise ZeroDivisionError(f"division by 0 in GF({self.q})")
        out = self.exp[(self.log[a] - self.log[b]) % (self.q - 1)]
        return np.where(a == 0, 0, out)

    def pow(self, a, e) -> np.ndarray:
        """a ** e, elementwise, for integer exponents e >= 0 (0 ** 0 = 1, as galois)."""
        a = self.check(a)
        e = np.asarray(e)
        if e.dtype.kind not in "iu" or (e.size and e.min() < 0):
            raise ValueError(f"exponents must be integers >= 0, got {e!r}")
        e = e.astype(np.int64, copy=False)
        out = self.exp[(self.log[a] * e) % (self.q - 1)]
        return np.where(a == 0, np.where(e == 0, 1, 0), out)

    def primitive_elements(self) -> np.ndarray:
        """Every primitive element (a generator of the multiplicative group), ascending."""
        k = np.arange(self.q - 1)
        return np.sort(self.exp[np.gcd(k, self.q - 1) == 1])

    def is_square(self, a) -> np.ndarray:
        """Whether each a is a square (0 included), elementwise."""
        a = self.check(a)
        if self.p == 2:  # every element of a field of characteristic 2 is a square
            return np.ones(a.shape, dtype=bool)
        return (a == 0) | (self.log[a] % 2 == 0)

    def dot(self, a, b) -> np.ndarray:
        """The sum over the last axis of a * b (broadcasting the leading axes)."""
        prod = self.mul(a, b)
        out = prod[..., 0]
        for i in range(1, prod.shape[-1]):
            out = self.add(out, prod[..., i])
        return out


@functools.cache
def tables(q: int) -> FieldTables:
    """The :class:`FieldTables` of GF(q), built once per process.

    Parameters
    ----------
    q : int
        A prime power.

    Returns
    -------
    FieldTables
        GF(q)'s arithmetic on integer arrays.

    Raises
    ------
    ValueError
        If ``q`` is not a prime power (naming nearby valid orders).

    Examples
    --------
    >>> tables(4).mul([2, 3], [2, 3]).tolist()
    [3, 2]
    """
    require_prime_power(q)
    return FieldTables(int(q))
