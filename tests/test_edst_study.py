"""Tests of notebook 02's study (lowdiam.studies.edst.Study and helpers) and its figures (lowdiam.studies.edst_figures).

Issue 54, item 2: the notebook's functions, claims and plotting moved to the library; these check the moved pieces
on small inputs (the notebook run checks the claims themselves).
"""

from __future__ import annotations

import numpy as np
import pytest

from lowdiam import claims
from lowdiam.studies import edst as S
from lowdiam.studies import edst_figures as F


def test_study_profiles_and_defaults():
    q = S.Study("quick")
    assert (q.radix_max, q.max_q, q.generic_max_routers, q.hyperx_side_max) == (20, 19, 700, 12)
    assert q.quick and q.configs == S.table_iv_configs(20, 19)
    p = S.Study("paper", radix_max=8)
    assert not p.quick and (p.radix_max, p.max_q) == (8, 31)
    assert S.PAPER_RUN == {"radix_max": 32, "max_q": 31, "generic_max_routers": 1500, "hyperx_side_max": 24}
    with pytest.raises(ValueError, match="unknown profile"):
        S.Study("full")


def test_plain_is_the_recorded_form():
    assert S.plain({"t": (1, 2), "x": np.int64(3), "y": [np.float64(0.5)]}) == {"t": [1, 2], "x": 3, "y": [0.5]}


def test_largest_per_radix_keeps_the_first_of_equal_size():
    rows = [{"net": "A", "radix": 4, "routers": 10, "i": 0}, {"net": "A", "radix": 4, "routers": 10, "i": 1},
            {"net": "A", "radix": 4, "routers": 9, "i": 2}, {"net": "B", "radix": 6, "routers": 50, "i": 3}]
    assert {k: r["i"] for k, r in S.largest_per_radix(rows, "A").items()} == {4: 0}
    assert S.largest_per_radix(rows, "C") == {}


def test_trees_of_selects_kinds_and_methods():
    dr = {"name": "N", "universal": {"kinds": ["V-B.2", "V-B.3"], "depths": [2, 3], "bounds": [2, 4]},
          "maximum": {"kinds": ["V-B.2", "V-C.7"], "depths": [2, 9], "bounds": [2, 8]}}
    assert S.trees_of([dr], ("V-B.2",)) == [(2, 2, "N", "universal"), (2, 2, "N", "maximum")]
    assert S.trees_of([dr], ("V-C.6", "V-C.7")) == [(9, 8, "N", "maximum")]  # a tree over its bound is returned
    assert S.trees_of([dr], ("V-B.2",), methods=("maximum",)) == [(2, 2, "N", "maximum")]


def test_depth_theorem_tags_are_the_claim_ids():
    assert [t for t, _, _ in S.DEPTH_THEOREMS] == ["thm_vb4", "thm_vb5_1", "thm_vb5_2", "thm_vc12", "thm_vd7_2"]
    assert list(S.CONSTRUCTIONS) == ["universal", "universal_lowdepth", "maximum", "property_vd1"]


def test_value_quick_profile_caches_and_skips_long_packings(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    s = S.Study("quick", radix_max=8, max_q=7)
    calls = []
    assert s.value("table5", {"kind": "test", "x": 1}, lambda: calls.append(1) or [1, 2]) == [1, 2]
    assert s.value("table5", {"kind": "test", "x": 1}, lambda: calls.append(1) or [9, 9]) == [1, 2]  # disk cache
    assert calls == [1]
    assert s.value("generic_packing", {"spec": ["none"]}, lambda: 1 / 0, live=False) is None  # never computed


def test_record_sec6_worst_gap_on_small_rows(tmp_path, monkeypatch):
    """The Sec. VI claims from hand-made rows: the worst gap counts the HyperX rows against the router bound."""
    claims.use_notebook("test_02", tmp_path)
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    s = S.Study("quick", radix_max=8, max_q=7)
    s.configs = [("Bundlefly", ("bundlefly", 5, 7)), ("Bundlefly", ("bundlefly", 5, 8)),
                 ("Bundlefly", ("bundlefly", 5, 11))]
    s.table_iv = {"scale": "stand-in", "stand_in": "test rows"}
    rows = [{"name": f"BF(5,{q})", "net": "Bundlefly", "radix": k, "pure_bound": b, "count": b, "universal_count": u}
            for q, k, b, u in ((7, 6, 3, 1), (8, 8, 4, 2), (11, 9, 4, 3))]
    vd_rows = [{"name": "K4xK4", "upper_bound": 3, "count": 0}]
    s.record_sec6(rows, vd_rows)
    got = {c.claim_id: c for c in claims._CARD.claims}
    assert got["edst-sec6-worst-gap"].our_value == 3 and got["edst-sec6-worst-gap"].status == "mismatch"
    assert got["edst-sec6-typical-gap"].our_value == 0.75
    assert got["edst-sec6-loss-falls-with-radix"].our_value is True
    bf = got["edst-sec6-bundlefly-example"]  # two-level gains 4/2, 4/3, 4/5: falling with the radix
    assert bf.our_value is True and [g["percent"] for g in bf.details["gain"]] == [200.0, 133.3, 80.0]


def test_count_depth_figure_draws_quick_crosses(tmp_path):
    row = {"net": "Slim Fly", "name": "SF(3)", "radix": 5, "routers": 18, "upper_bound": 2, "count": 2,
           "maximum_min_depth": 3}
    for m in S.CONSTRUCTIONS:
        row.update({f"{m}_count": 2 if m != "property_vd1" else None, f"{m}_max_depth": 4})
    saved = F.count_depth([row, {**row, "net": "Bundlefly"}], [row], recorded=True, directory=tmp_path, show=False)
    assert [p.name for p in saved] == ["02_edst_count_depth.png", "02_edst_count_depth.pdf"]
    assert all(p.stat().st_size > 0 for p in saved)
