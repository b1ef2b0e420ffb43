"""lowdiam.studies.bisection: notebook 03's computation and claims, outside the notebook (fast: small graphs,
synthetic rows, temporary caches, claims and result logs)."""

from __future__ import annotations

import pytest

from lowdiam import claims
from lowdiam.studies import bisection as B


@pytest.fixture
def card(tmp_path):
    claims.use_notebook("03_test", tmp_path / "claims")
    return tmp_path


def _series(study, fractions):
    """A Series whose rows of every family are this run's, with ``fractions`` {family: {radix: fraction}}."""
    rows = {f: {k: {"fraction": x, "name": f"{f}-{k}", "routers": 10 * k} for k, x in fr.items()}
            for f, fr in fractions.items()}
    return study._series(rows, {}, {f: None for f in rows})


def test_profiles_resolve_parameters_and_refuse_unknown():
    quick, paper = B.Study("quick"), B.Study("paper")
    assert (quick.radix_max, quick.trials, quick.lps_fig4_max_routers, quick.galaxyfly_max_routers) == (
        24, 8, 3000, 5000)
    assert (paper.radix_max, paper.trials, paper.lps_fig4_max_routers, paper.galaxyfly_max_routers) == (
        128, 16, 120000, 40000)
    assert paper.trials_rule == B.PAPER_RULE and paper.range_scale is B.PAPER
    assert quick.range_scale["scale"] == "stand-in" and "8..24" in quick.range_scale["stand_in"]
    assert B.Study("quick", radix_min=10, radix_max=12).radixes == [10, 11, 12]
    with pytest.raises(ValueError, match="unknown profile"):
        B.Study("full")


def test_family_specs():
    s = B.Study("quick", seed=3)
    assert s.family_spec("PolarStar", 8) == ("polarstar", (4, "iq", 3), {})
    assert s.ps_spec(8, ("paley",))[2] == {} and s.ps_spec(8, ("paley",))[1][1] == "paley"
    assert s.family_spec("Megafly", 9) is None and s.family_spec("Fat-tree", 10) == ("fat_tree", (5, 3), {})
    ctor, (n, k), kw = s.family_spec("Jellyfish", 9)
    assert (ctor, k, kw) == ("jellyfish", 9, {"seed": 3}) and n * k % 2 == 0
    assert s.family_spec("Dragonfly", 12)[1][2] == 4  # p = k / 3
    with pytest.raises(ValueError, match="unknown Fig. 12 family"):
        s.family_spec("Torus", 8)


def test_specs_find_the_committed_paper_rows():
    """The graph keys (constructor calls) must stay those of results/paper/03_bisection/metis.csv, or the quick profile
    silently loses the recorded paper-scale data."""
    s = B.Study("quick")
    for k in (8, 9, 10, 16):
        for fam in B.FIG12_FAMILIES:
            spec = s.family_spec(fam, k, read_only=True)
            if spec is not None:
                assert spec != "missing" and s.paper_metis(spec) is not None, (fam, k, spec)
    assert s.paper_metis(("lps", (11, 7), {"require_ramanujan": False}))["routers"] == 168  # Table I / Fig. 4


def test_metis_row_is_cached_in_quick_and_recorded_in_paper_profile(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    spec = ("polarstar", (4, "iq", 3), {})
    row = B.Study("quick", trials=2).metis(spec)
    assert (row["routers"], row["graph"], row["trials_rule"]) == (168, 'polarstar(4, "iq", 3)', "2 per graph")
    assert 0 < row["fraction"] < 0.5 and len(row["trial_cuts"]) == 2
    assert not (tmp_path / "results").exists()  # the quick profile writes no results
    paper = B.Study("paper", trials=2, root=tmp_path / "results")
    recorded = paper.metis(spec)
    assert (tmp_path / "results" / "paper" / "03_bisection" / "metis.csv").is_file()
    again = B.Study("paper", trials=2, root=tmp_path / "results")
    monkeypatch.setattr(again, "_metis_compute", lambda spec: pytest.fail("a recorded row was recomputed"))
    assert again.metis(spec)["cut_edges"] == recorded["cut_edges"]
    assert again.metis(None) is None and again.paper_metis(spec) is None  # other trials rule than the paper's


def test_scale_of_is_paper_only_when_every_family_is_recorded():
    s = B.Study("quick")
    src = {"A": B.RECORDED, "B": "quick profile"}
    assert s.scale_of(src, "A") == (B.PAPER, B.PAPER_NOTE)
    assert s.scale_of(src, "A", "B") == (s.range_scale, s.range_note)


def test_sec11_orderings_name_their_exceptions(card):
    s = B.Study("quick", radix_max=10)
    base = {"PolarStar": 0.30, "Bundlefly": 0.23, "Spectralfly": 0.38, "Dragonfly": 0.18, "HyperX": 0.17,
            "Megafly": 0.25, "Fat-tree": 0.5, "Jellyfish": 0.40}
    fr = {f: {8: x, 9: x, 10: x} for f, x in base.items()}
    fr["Spectralfly"][9] = 0.45  # above Jellyfish at radix 9
    fig12 = _series(s, fr)
    fig13 = _series(s, {"PS-IQ": {8: 0.29, 9: 0.30, 10: 0.29}, "PS-Paley": {8: 0.2, 9: 0.3, 10: 0.25}})
    s.record_sec11(fig12, fig13, [])
    got = {c.claim_id: c for c in claims.records()}
    jf = got["ps-sec11-jellyfish-highest-direct"]
    assert jf.our_value is False and jf.note.startswith("exceptions: k=9: Spectralfly 0.4500")
    assert jf.scale == "stand-in" and "radix 8..10" in jf.what
    assert got["ps-sec11-diameter3-ranking"].our_value == ["PolarStar", "Megafly", "Bundlefly", "Dragonfly", "HyperX"]
    assert got["ps-sec11-diameter3-ranking"].status == "match"
    assert got["ps-sec11-spectralfly-comparable-jellyfish"].our_value is False  # +12.5 % at k = 9
    assert got["ps-fig13-iq-more-stable"].our_value is True


def test_fig12_means_explain_a_low_polarstar_mean(card):
    s = B.Study("quick", radix_max=9)
    fr = {f: {8: x, 9: x} for f, x in B.FIG12_PAPER.items()}
    fr["PolarStar"] = {8: 0.17, 9: 0.19}
    means = s.record_fig12(_series(s, fr), [(8, "PolarStar-8", 168, 142, 0.25)])
    assert means["PolarStar"] == pytest.approx(0.18)
    ps = claims.records()[0]
    assert ps.claim_id == "ps-fig12-mean-polarstar" and ps.status == "stand-in"  # a stand-in is never a match
    assert {str(k): v for k, v in ps.details["iq_f_invariant_split_fraction"].items()} == {"8": 0.25}
    assert ps.explanation.startswith(B.IQ_EXPLANATION) and ps.scale == "stand-in"
    assert [c.status for c in claims.records()[1:]] == ["stand-in"] * 4 and not claims.records()[1].explanation


def test_galaxyfly_explanations_without_computing():
    s = B.Study("quick")
    assert s.gf_explanation((9, 19, 6, 3), 0.28, 0.36) == B.GF_LOWER  # ours below the printed value
    assert "h = 6" in s.gf_explanation((55, 1, 10, 5), 0.55, 0.51)
    assert s.gf_explanation((73, 1, 12, 6), 0.52, 0.51) == ""  # q = 1: one wiring only
    assert [lab for lab, *_ in s.table5_rows()][-4:] == ["FT", "FB", "SF", "DF"]


def test_fiedler_below_metis_fails_on_a_bound_above_a_cut():
    ok = {"points": [{"fiedler": 0.2, "metis": 0.3}]}
    assert B.Study.fiedler_below_metis(ok, {"x": {"fiedler": 10.0, "metis": 12}})
    assert not B.Study.fiedler_below_metis(ok, {"x": {"fiedler": 13.0, "metis": 12}})


def test_table4_counts_one_graph_per_printed_row():
    first = {}
    for fam, (ctor, args), _, k, nr, paper in B.TABLE4:
        first.setdefault((fam, k, nr, paper), (ctor, args))
    assert len(first) == 8 and all(ctor != "dragonfly" for ctor, _ in first.values())
