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


@pytest.mark.parametrize("q", [2, 3, 4, 8, 9, 13, 25, 32])
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
    code = (f"import galois\nfor q in {qs!r}:\n    F = galois.GF(q)\n"
            "    print(int(F.irreducible_poly), int(F.primitive_element), F.ufunc_mode, F.is_primitive_poly)")
    theirs = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    ours = [str(v) for q in qs for v in (int(field(q).irreducible_poly), int(field(q).primitive_element),
                                         field(q).ufunc_mode, field(q).is_primitive_poly)]
    assert theirs == ours


# ----------------------------------------------------------------------------- FieldTables against galois' arithmetic
@pytest.mark.parametrize("q", [2, 3, 4, 9, 16, 25, 27, 125])
def test_tables_equal_galois_arithmetic(q):
    from lowdiam.topologies.fields import tables

    F, gf = tables(q), field(q)
    x = np.arange(q)
    a, b = x[:, None], x[None, :]
    assert np.array_equal(F.add(a, b), np.asarray(gf(a) + gf(b)))
    assert np.array_equal(F.sub(a, b), np.asarray(gf(a) - gf(b)))
    assert np.array_equal(F.mul(a, b), np.asarray(gf(a) * gf(b)))
    assert np.array_equal(F.neg(x), np.asarray(-gf(x)))
    assert np.array_equal(F.div(a, x[None, 1:]), np.asarray(gf(a) / gf(x[None, 1:])))
    e = np.arange(2 * q)
    assert np.array_equal(F.pow(a, e[None, :]), np.asarray(gf(a) ** e[None, :]))
    assert np.array_equal(F.primitive_elements(), np.sort(np.asarray(gf.primitive_elements)))
    assert np.array_equal(F.is_square(x), np.asarray(gf(x).is_square()))
    v = np.stack(np.meshgrid(x[:5], x[-5:], x[::-1][:5], indexing="ij"), -1).reshape(-1, 3)
    assert np.array_equal(F.dot(v[:, None, :], v[None, :, :]), np.asarray(gf(v) @ gf(v).T))


def test_tables_refuse_what_is_not_an_element():
    from lowdiam.topologies.fields import tables

    F = tables(7)
    with pytest.raises(ValueError, match=r"GF\(7\) elements are the integers 0..6"):
        F.add([1, 7], [0, 0])
    with pytest.raises(ValueError, match=r"0..6; got values in \[-1, 2\]"):
        F.mul([-1, 2], [1, 1])
    with pytest.raises(TypeError, match="must be integers"):
        F.mul([0.5], [1])
    with pytest.raises(ZeroDivisionError, match=r"division by 0 in GF\(7\)"):
        F.div([1, 2], [3, 0])
    with pytest.raises(ValueError, match="exponents must be integers >= 0"):
        F.pow([2], [-1])
    with pytest.raises(ValueError, match="not a prime power"):
        tables(12)


def _polarfly_edges_by_galois(q: int) -> np.ndarray:
    """ER_q's edges computed with galois' own array arithmetic (the construction before FieldTables)."""
    from lowdiam.topologies._polarfly import projective_points

    gf = field(q)
    v = gf(projective_points(q))
    dots = np.asarray(v @ v.T, dtype=np.int64)  # v . w over GF(q)
    i, j = np.nonzero(np.triu(dots == 0, 1))
    return np.stack([i, j], 1)


@pytest.mark.parametrize("q", [2, 3, 4, 7, 9, 16])
def test_polarfly_and_levi_equal_their_definition_in_galois_arithmetic(q):
    from lowdiam.topologies import levi_graph, polarfly
    from lowdiam.topologies._polarfly import point_index, projective_points

    pf = polarfly(q)
    ours = {tuple(sorted(e)) for e in np.asarray(pf.edges).tolist()}
    assert ours == {tuple(e) for e in _polarfly_edges_by_galois(q).tolist()}
    gf = field(q)
    v = gf(projective_points(q))
    assert np.array_equal(pf.labels["quadric"], np.asarray((v * v).sum(axis=1)) == 0)
    scaled = np.asarray(v * gf(q - 1))  # another scalar multiple of every point
    assert np.array_equal(point_index(scaled, q), np.arange(q * q + q + 1))
    lv = levi_graph(q)
    n = q * q + q + 1
    on = np.asarray(v @ v.T, dtype=np.int64) == 0
    assert {tuple(e) for e in np.asarray(lv.edges).tolist()} == {(i, j + n) for i, j in zip(*np.nonzero(on))}
