"""spectral(smallest=False) skips only the smallest-eigenvalue Lanczos run: every other field is identical."""

from __future__ import annotations

import pytest

from lowdiam import topologies as T
from lowdiam.metrics import spectral


@pytest.mark.parametrize("build", [lambda: T.lps(5, 13), lambda: T.slimfly(17), lambda: T.megafly(4, 8)],
                         ids=["lps", "slimfly", "megafly_irregular"])
def test_smallest_false_keeps_the_rest(build):
    g = build()
    full, fast = spectral(g, "sparse"), spectral(g, "sparse", smallest=False)
    assert (fast.lambda_min, fast.lam, fast.is_ramanujan) == (None, None, None)
    for field in ("lambda_max", "lambda_2", "mu1", "algebraic_connectivity", "fiedler_bisection_bound"):
        assert getattr(fast, field) == getattr(full, field), field
    assert fast.normalized_fiedler_bound == full.normalized_fiedler_bound


def test_dense_path_ignores_smallest():
    g = T.slimfly(5)
    a, b = spectral(g, "dense", smallest=False), spectral(g, "dense")
    assert (a.lambda_min, a.lam, a.is_ramanujan, a.lambda_2) == (b.lambda_min, b.lam, b.is_ramanujan, b.lambda_2)


def test_smallest_must_be_bool():
    with pytest.raises((TypeError, ValueError), match="smallest"):
        spectral(T.slimfly(5), smallest="no")
