"""lowdiam.studies.scalability (notebook 01, issue 54 item 2): the profile rules, the recorded-LPS lookup, the
formulas moved out of the notebook and the Galaxyfly scale data, each able to fail."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lowdiam import design as D
from lowdiam.studies import scalability as S


def test_profiles():
    q, p = S.Study("quick"), S.Study("paper")
    assert (q.check_radix_max, q.lps_radix_max, p.check_radix_max, p.lps_radix_max) == (24, 32, 64, 128)
    assert S.Study("quick", check_radix_max=10, lps_radix_max=12).check_radix_max == 10
    assert list(S.Study("quick", radix_min=8, radix_max=10).radixes) == [8, 9, 10]
    with pytest.raises(AssertionError, match="unknown profile"):
        S.Study("huge")


def test_recorded_lps_diameter_raises_when_missing():
    s = S.Study("quick")
    s.lps_rec = {(3, 5): 7}
    assert s.recorded_lps_diameter(3, 5) == 7
    with pytest.raises(S.NotRecorded, match=r"LPS\(5,13\)"):
        s.recorded_lps_diameter(5, 13)
    assert s.lps_diameter(3, 5) == 7  # the recorded value wins


def test_iq_order_approx_is_close_to_the_continuous_maximum():
    for k in (8, 32, 128):
        assert S.iq_order_approx(k) == pytest.approx(D.polarstar_iq_continuous_optimum(k)[1], rel=0.02)
    assert S.iq_order_approx(3) == 14.0


def test_log_efficiency_jitter():
    radixes = range(8, 60)
    eff = [math.log(D.max_order("bundlefly", k) / D.moore_bound(k, 3)) for k in radixes if D.max_order("bundlefly", k)]
    assert S.log_efficiency_jitter("bundlefly", radixes) == pytest.approx(float(np.mean(np.abs(np.diff(eff)))))
    assert S.log_efficiency_jitter("polarstar", radixes) < S.log_efficiency_jitter("bundlefly", radixes)


def test_galaxyfly_scale():
    scale = S.Study.galaxyfly_scale()
    assert list(scale["ps"]) == list(range(1, 40))
    assert sorted(scale["galaxyfly"]) == [1, 2, 3, 5]
    assert all(len(v) == 39 for v in [*scale["galaxyfly"].values(), *scale["comparators"].values()])
    df = scale["comparators"]["Dragonfly"]
    assert df[0] == D.max_order_upto("dragonfly", S.R_TOTAL - 1)
    assert max(df) < 100_000  # Galaxyfly Fig. 3: Dragonfly with 48-port routers stays below 100K
