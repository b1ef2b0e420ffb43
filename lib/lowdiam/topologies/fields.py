"""Finite-field helpers on top of galois.

Field classes are cached per order: galois spends about a second compiling
each new class, so constructions ask here instead of calling ``galois.GF``.
"""

from __future__ import annotations

import functools

import galois
import numpy as np

__all__ = ["field", "is_prime_power", "prime_powers", "require_prime_power", "prime_factorization"]


def prime_factorization(n: int) -> dict[int, int]:
    """``{prime: exponent}`` of ``n >= 2`` by trial division (n is small here)."""
    out: dict[int, int] = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            out[d] = out.get(d, 0) + 1
            n //= d
        d += 1
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out


def is_prime_power(q: int) -> bool:
    """True for q = p^k with p prime, k >= 1."""
    return isinstance(q, (int, np.integer)) and q >= 2 and len(prime_factorization(int(q))) == 1


def prime_powers(lo: int, hi: int) -> list[int]:
    """All prime powers q with lo <= q <= hi."""
    return [q for q in range(max(lo, 2), hi + 1) if is_prime_power(q)]


def require_prime_power(q: int, what: str = "q", rule: str = "") -> None:
    """Raise ``ValueError`` naming the nearest valid prime powers when q is not one."""
    if is_prime_power(q):
        return
    below = [x for x in prime_powers(2, int(q)) if x < q][-2:] if q > 2 else []
    above = prime_powers(int(q) + 1, int(q) + 40)[:2]
    near = ", ".join(map(str, below + above))
    extra = f" ({rule})" if rule else ""
    raise ValueError(f"{what}={q} is not a prime power{extra}; nearby valid values: {near}")


@functools.lru_cache(maxsize=None)
def field(q: int) -> type[galois.FieldArray]:
    """The galois field class GF(q), built once per process."""
    require_prime_power(q)
    return galois.GF(int(q))
