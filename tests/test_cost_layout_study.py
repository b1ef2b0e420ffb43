"""lowdiam.studies.cost_layout(_figures): notebook 06's computation, claims and figures outside the notebook (fast:
synthetic rows, small graphs, temporary claim cards and figure folders)."""

from __future__ import annotations

import doctest
import math

import pytest

from lowdiam import claims
from lowdiam import topologies as T
from lowdiam.studies import cost_layout as C
from lowdiam.studies import cost_layout_figures as F


@pytest.fixture
def card(tmp_path):
    claims.use_notebook("06_test", tmp_path / "claims")
    return tmp_path


@pytest.mark.parametrize("module", [C, F], ids=lambda m: m.__name__)
def test_doctests(module):
    assert doctest.testmod(module, verbose=False).failed == 0


def test_profiles_resolve_parameters_and_refuse_unknown():
    quick, paper = C.Study("quick"), C.Study("paper")
    assert (quick.quick, quick.bisection_trials, paper.bisection_trials) == (True, 4, 16)
    # the recorded rows the quick profile reads are the paper profile's (16 METIS runs by default)
    assert quick.paper_run == dict(seed=0, bisection_trials=16, max_passes=50, electrical_max_m=5.0)
    assert C.Study("paper", bisection_trials=8, seed=2).paper_run["bisection_trials"] == 8
    with pytest.raises(ValueError, match="unknown profile"):
        C.Study("full")


def test_tables_are_consistent():
    assert list(C.SF_TABLE2) == list(C.SF_NETS) and list(C.GF_T6) == list(C.GF_NETS)
    assert all(k in C.SF_TABLE2 for pair in C.PAIRS for k in pair) and set(C.SKYWALK) <= set(C.SF_TABLE2)
    assert set(C.TOL) == set(C.WHAT) == set(C.T2_COLS)
    assert [c for c, _, _ in C.CELLS] == C.T6COLS


def test_radix_counts():
    assert C.radix_counts(T.slimfly(5, endpoints_per_router=2)) == {9: 50}


def test_dragonfly_plus_rows_tend_to_the_limits():
    rows = C.dragonfly_plus_rows()
    assert [r["df_radix"] for r in rows] == list(range(15, 100, 4))
    assert all(r["dfp_radix"] < r["df_radix"] and r["dfp_routers"] > r["df_routers"] for r in rows)
    assert abs(rows[-1]["radix_ratio"] - 1 / math.sqrt(2)) < 0.05


def _sf_as_printed():
    rows = {k: {**p, "links": p["routers"] * p["radix"] // 2} for k, p in C.SF_TABLE2.items()}
    return C.SpectralFly({k: None for k in rows}, rows, rows, {}, 4)


def test_table2_claims_of_the_printed_table(card):
    sf = _sf_as_printed()
    a, b, res = C.Study("quick").record_table2(sf)
    assert 0 < a and 0 < b < 2 * 4.72 and res >= 0
    card_claims = {c.claim_id: c for c in claims.records()}
    assert len(card_claims) == 8 * (len(C.T2_COLS) + 2)
    cells = [c for c in card_claims.values() if c.paper == "SpectralFly Table II" and "arithmetic" not in c.claim_id
             and not c.claim_id.endswith("-links")]
    assert {c.status for c in cells} == {"match"}
    # the printed electrical + optical is one short of n k / 2 in some rows
    assert any(c.status != "match" for k, c in card_claims.items() if k.endswith("-links"))


def test_sec7_text_claims_of_the_printed_table(card):
    rows = C.Study("quick").record_sec7_text(_sf_as_printed())
    assert [r["pair"] for r in rows] == [f"{a} vs {b}" for a, b in C.PAIRS]
    by_id = {c.claim_id: c for c in claims.records()}
    # ours equal to the printed table: each "ours" claim equals its "printed" twin
    for a, _ in C.PAIRS:
        k = claims.kebab(a)
        assert by_id[f"sf-text-wire-within-10pct-{k}"].our_value == by_id[
            f"sf-text-wire-within-10pct-printed-{k}"].our_value
    assert by_id["sf-text-29-13-15pct-more-efficient-printed"].our_value == 12.0


def test_polarstar_claims_need_odd_q_for_clusters(card):
    base = dict(supernode_order=8, supernodes=57, links_per_bundle_min=8, links_per_bundle_max=8, bundles=224,
                reduction=8.0, clusters=8, cluster_bundles_mean=7.0, cluster_bundles_min=5, cluster_bundles_max=8)
    C.Study("quick").record_polarstar_sec8([dict(base, q=7, d_star=11, d_prime=3),
                                            dict(base, q=16, d_star=24, d_prime=3)])
    ids = [c.claim_id for c in claims.records()]
    assert "ps-sec8-clusters-11" in ids and "ps-sec8-clusters-24" not in ids
    by_id = {c.claim_id: c for c in claims.records()}
    assert by_id["ps-sec8-supernode-order-11"].status == "match"
    assert by_id["ps-sec8-mcf-count-11"].status != "match"  # ER_7 has 224 bundles; q(q+1)^2 counts each twice


def test_polarstar_layout_figure(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_FIGURES", str(tmp_path))
    saved = F.polarstar_layout(show=False)
    assert [p.name for p in saved] == ["06_polarstar_layout.png", "06_polarstar_layout.pdf"]
    lines = (tmp_path / "06_polarstar_layout_bundles.csv").read_text().splitlines()
    assert len(lines) - 1 == 7 * 8 * 8 // 2  # q(q+1)^2 / 2 bundles of ER_7
