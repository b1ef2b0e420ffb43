"""``lowdiam.topologies.fields.field``: galois' field classes, created without compiling galois' polynomial
evaluation, with galois' default arithmetic mode; their arithmetic checked against schoolbook polynomial arithmetic
modulo the field's irreducible polynomial (a slow, independent reference)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from lowdiam.topologies.fields import field


def _reference_tables(q: int, p: int, poly: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Addition and multiplication tables of GF(q), q = p**m, with elements as galois' integers (base-p digits are
    the polynomial's coefficients, highest degree first) and ``poly`` the monic irreducible polynomial's
    coefficients, highest degree first."""
    m = len(poly) - 1

    def digits(x):  # lowest degree first
        return [(x // p**i) % p for i in range(m)]

    def number(c):
        return sum(int(v) * p**i for i, v in enumerate(c))

    low = poly[::-1]  # lowest degree first, low[m] == 1
    add = np.zeros((q, q), dtype=np.int64)
    mul = np.zeros((q, q), dtype=np.int64)
    for a in range(q):
        da = digits(a)
        for b in range(q):
            db = digits(b)
            add[a, b] = number([(x + y) % p for x, y in zip(da, db)])
            prod = [0] * (2 * m - 1)
            for i, x in enumerate(da):
                for j, y in enumerate(db):
                    prod[i + j] = (prod[i + j] + x * y) % p
            for k in range(2 * m - 2, m - 1, -1):  # reduce: x^k = x^(k-m) * (x^m) = -x^(k-m) * (low[:m])
                c = prod[k]
                if c:
                    for i in range(m):
                        prod[k - m + i] = (prod[k - m + i] - c * low[i]) % p
                    prod[k] = 0
            mul[a, b] = number(prod[:m])
    return add, mul


@pytest.mark.parametrize("q", [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 25, 27, 32])
def test_field_arithmetic_equals_schoolbook_polynomial_arithmetic(q):
    gf = field(q)
    assert gf.order == q and gf.ufunc_mode == gf.default_ufunc_mode  # galois' default mode ("jit-lookup" here)
    x = gf.elements
    add, mul = _reference_tables(q, int(gf.characteristic), [int(c) for c in gf.irreducible_poly.coeffs])
    assert np.array_equal(np.asarray(x[:, None] + x[None, :]), add)
    assert np.array_equal(np.asarray(x[:, None] * x[None, :]), mul)
    assert field(q) is gf  # one class per order and process


def test_field_is_the_class_galois_builds_by_default():
    """The same irreducible polynomial, primitive element and mode as ``galois.GF(q)`` in a fresh process."""
    qs = (7, 9, 16)
    code = ("import galois\nfor q in %r:\n    F = galois.GF(q)\n"
            "    print(int(F.irreducible_poly), int(F.primitive_element), F.ufunc_mode, F.is_primitive_poly)" % (qs,))
    theirs = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    ours = [str(v) for q in qs for v in (int(field(q).irreducible_poly), int(field(q).primitive_element),
                                         field(q).ufunc_mode, field(q).is_primitive_poly)]
    assert theirs == ours
