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

__all__ = ["field", "is_prime_power", "prime_powers", "require_prime_power"]
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
    gf = galois.GF(int(q), compile="python-calculate")  # creation evaluates one polynomial: no compilation for it
    gf.compile("auto")  # galois' default mode for the arithmetic
    return gf
