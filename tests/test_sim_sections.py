"""Notebook 05's study layer (lowdiam.studies.sim_study, sim_polarstar, sim_polarized, sim_spectralfly, sim_galaxyfly,
sim_new_polarized, sim_progress): the profile's settings, which scale a claim is measured at, and the helpers that
word notes and explanations or compare runs.

Everything runs on hand-made rows, fake search results or tiny networks, with no simulation; the notebook itself
checks the real runs."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lowdiam import claims
from lowdiam.studies import sim_galaxyfly as GF
from lowdiam.studies import sim_polarized as PZ
from lowdiam.studies import sim_polarstar as SP
from lowdiam.studies import sim_progress as PG
from lowdiam.studies import sim_spectralfly as SF
from lowdiam.studies.sim_new_polarized import NewPolarizedSection, new_configs, new_routings
from lowdiam.studies.sim_study import PAPER_TOL, SimStudy, final_loads, noted, recipe, sat

HX = recipe("HX", "hyperx", 4, 4, 4)


def fake_search(load):
    return SimpleNamespace(saturation_load=load)


# ----------------------------------------------------------------------------- sim_study
def test_profile_defaults_and_overrides():
    quick, paper = SimStudy("quick"), SimStudy("paper")
    assert (quick.warmup_cycles, quick.measure_cycles, quick.coarse_step, quick.tol) == (200, 400, 0.2, 0.1)
    assert (paper.warmup_cycles, paper.measure_cycles, paper.coarse_step, paper.tol) == (3000, 5000, 0.1, 0.01)
    assert paper.curve_loads[0] == 0.1 and paper.curve_loads[-1] == 1.0 and len(paper.curve_loads) == 19
    s = SimStudy("quick", warmup_cycles=100, tol=0.1, router_speedup=1.0)
    assert s.warmup_cycles == 100 and s.tol == 0.1 and s.windows["max_drain_cycles"] == 800
    assert s.booksim["router_options"] == {"internal_speedup": 1.0, "vc_selection": "hop"}
    assert quick.record("x") is None and paper.record("05_polarstar_fig9").path.name == "05_polarstar_fig9.csv"


def test_unknown_profile_is_refused():
    with pytest.raises(ValueError, match="unknown profile"):
        SimStudy("fast")


def test_where_names_the_stand_in_and_its_windows():
    at = SimStudy("quick").where(HX)
    assert at == {"scale": "stand-in", "stand_in": "HX(4x4x4) (64 routers); windows 200+400 cycles"}
    assert SimStudy("paper").where(HX) == {"scale": "paper"}
    pending = SimStudy("quick").where_pending([HX], "searches", 1, 3)
    assert pending["stand_in"].endswith("; paper-scale searches recorded complete: 1 of the 3 this claim compares")
    assert SimStudy("paper").where_pending([HX], "searches", 1, 3) == {"scale": "paper"}


def test_measured_takes_the_recorded_searches_only_when_all_are_complete():
    study = SimStudy("quick")
    keys = [("HX", "min", "uniform"), ("HX", "ugal", "uniform")]
    table = {keys[0]: fake_search(0.4), keys[1]: fake_search(0.5)}
    loads, at = study.measured(keys, HX, table=table, paper={keys[0]: (0.45, True), keys[1]: (0.55, True)})
    assert loads == [0.45, 0.55] and at["scale"] == "paper" and "resolution 0.01" in at["note"]
    assert study.resolution(at) == PAPER_TOL
    loads, at = study.measured(keys, HX, table=table, paper={keys[0]: (0.45, True), keys[1]: (0.55, False)})
    assert loads == [0.4, 0.5] and at["scale"] == "stand-in" and "recorded complete: 1 of the 2" in at["stand_in"]
    assert study.resolution(at) == study.tol
    # the paper profile never reads the recorded searches as if they were another run's
    loads, at = SimStudy("paper").measured(keys, HX, table=table, paper={k: (0.9, True) for k in keys})
    assert loads == [0.4, 0.5] and at == {"scale": "paper"}


def test_small_helpers():
    table = {("A", "min", "uniform"): fake_search(0.3)}
    assert sat(table, "A", "min", "uniform") == 0.3
    assert final_loads(table) == {("A", "min", "uniform"): (0.3, True)}
    assert noted({"scale": "paper"}) == {"scale": "paper", "note": ""}
    assert noted({"note": "a"}, "", "b") == {"note": "a; b"}


# ----------------------------------------------------------------------------- sections
@pytest.mark.parametrize("cls", [SF.SpectralFlySection, GF.GalaxyflySection, NewPolarizedSection])
def test_sections_check_their_arguments(cls):
    with pytest.raises(TypeError, match="SimStudy"):
        cls("quick", None)
    with pytest.raises(TypeError, match="PolarStarSection"):
        cls(SimStudy("quick"), None)
    for one in (SP.PolarStarSection, PZ.PolarizedSection):
        with pytest.raises(TypeError, match="SimStudy"):
            one(None)


def test_knee_gaps_leave_out_searches_without_a_knee():
    rows = [{"saturation_load": 0.6, "knee_below": None, "knee_above": 0.2},
            {"saturation_load": 0.6, "knee_below": 0.4, "knee_above": None}]
    assert SP.knee_gaps(rows) == [(pytest.approx(0.4), 0.6)]


def test_lagging_is_the_loads_accepting_under_95_percent():
    by = {0.5: {"accepted_load": 0.47}, 0.3: {"accepted_load": 0.29}, 0.7: {"accepted_load": 0.7 * 0.95}}
    assert PZ.lagging(by) == [0.5]
    assert PZ.lagging({}) == []


def test_sf_at_turns_paper_scale_into_paper_network():
    at = SF.sf_at({"scale": "paper", "note": "n"}, ["ugal", "min", "ugal"])
    assert at["scale"] == "paper-network" and at["differs"] == SF.SF_DIFFERS and at["routing"] == "min, ugal"
    assert at["note"] == "n"
    assert SF.sf_at({"scale": "stand-in"}, ["min"]) == {"scale": "stand-in", "routing": "min"}


def test_sf_at_names_the_rule_that_decided():
    at = SF.sf_at({"scale": "paper", "rule": "booksim"}, ["min"])
    assert at["differs"] == SF.SF_DIFFERS_BOOKSIM_RULE and "rule" not in at
    assert "BookSim2's run control" in at["differs"][0] and "95 %" not in at["differs"][0]
    assert SF.sf_at({"scale": "paper", "rule": "fixed"}, ["min"])["differs"] == SF.SF_DIFFERS
    assert "rule" not in SF.sf_at({"scale": "stand-in", "rule": "fixed"}, ["min"])


def test_spectralfly_rule_job_covers_every_statement_with_the_fixed_settings_but_the_rule():
    from lowdiam.studies import polarstar as PS
    from lowdiam.studies import spectralfly_rule as SFR
    from lowdiam.studies import spectralfly_sf32 as SF32

    searched = {(r.label, rt, tr) for _, cfgs in SFR.group_configs() for r, rt, tr in cfgs}
    needed = {k for keys in SF.statement_keys(SFR.paper_networks()).values() for k in keys}
    assert needed <= searched  # every search a statement compares is run under the rule
    # and the explanation's: SF(16) under UGAL-L, what sf32_explanation reads
    assert {(SF32.RECIPE.label, rt, tr) for _, rt, tr in SF32.configs() if rt == "ugal"} <= searched
    assert len(searched) == sum(len(c) for _, c in SFR.group_configs())  # each once
    fixed = {k: v for k, v in SF32.SIM.items() if k not in ("warmup_cycles", "measure_cycles")}
    assert SFR.SIM == {**fixed, "run_control": "booksim"} == PS.sim_settings(run_control="booksim")
    # the fixed-rule brackets a search starts from are those of the paper's networks (not an earlier DF's)
    b = SFR.fixed_brackets()
    assert b[("DF", "df-min", "uniform")] == (0.5, 0.50625) and b[("LPS", "valiant", "uniform")] == (0.55625, 0.5625)
    assert SFR.group_configs(["sf32", "fig8-shuffle"])[0][0] == "sf32"
    # each Fig. 8 statement is completed by a group of its own (groups advance their searches together)
    where = {(r.label, rt, tr): g for g, cfgs in SFR.group_configs() for r, rt, tr in cfgs}
    for cid, keys in SF.statement_keys(SFR.paper_networks()).items():
        if cid.startswith("sf-fig8"):
            assert len({where[k] for k in keys}) == 1 and len(dict(SFR.group_configs())[where[keys[0]]]) == 2


def test_spectralfly_statements_and_rule_sensitivity():
    from lowdiam.studies import spectralfly_rule as SFR

    nets = SFR.paper_networks()
    keys = SF.statement_keys(nets)
    assert set(keys) == set(SF.STATEMENTS)
    loads = {k: 0.5 for ks in keys.values() for k in ks}
    lps = {k: 0.9 for k in loads if k[0] == "LPS" and k[1] == "ugal"}
    fixed = {k: (v, True) for k, v in {**loads, **lps}.items()}
    booksim = {**fixed, ("SF", "ugal", "bitrev"): (0.95, True)}  # SF above LPS under one rule only
    rows = {r["claim"]: r for r in SF.rule_sensitivity(fixed, booksim, nets)}
    r = rows["sf-fig6-lps-best-every-pattern"]
    assert (r["fixed_value"], r["fixed_status"], r["booksim_value"], r["booksim_status"], r["changed"]) == (
        True, "match", False, "mismatch", True)
    r = rows["sf-fig6-lps-saturation-at-least-70pct"]
    assert r["fixed_value"] == 0.9 and r["fixed_status"] == "match" and r["changed"] is False
    # valiant == min: neither worse by more than the resolution nor better
    assert rows["sf-fig8-valiant-worse-than-min-random"]["fixed_value"] is False
    del booksim[("LPS", "min", "shuffle")]
    rows = {r["claim"]: r for r in SF.rule_sensitivity(fixed, booksim, nets)}
    r = rows["sf-fig8-valiant-beats-min-shuffle"]
    assert r["booksim_value"] is None and r["changed"] is None
    assert r["booksim_status"] == "pending (1 of 2 searches done)"
    assert SF.bf_above_sf({"uniform": {"BF": 0.6, "SF": 0.5}, "shuffle": {"BF": 0.4, "SF": 0.5}})
    assert not SF.lps_best({"uniform": {"LPS": 0.5, "SF": 0.52}}, 0.01)


STRUCT = {"LPS": {"channels_per_endpoint": 2.0, "min_bound": {"uniform": 0.5}, "min_hops": {"uniform": 2.5}},
          "SF": {"channels_per_endpoint": 3.0, "min_bound": {"uniform": 0.5}, "min_hops": {"uniform": 1.9}},
          "DF": {"channels_per_endpoint": 1.5, "min_bound": {"uniform": 0.4}, "min_hops": {"uniform": 2.9}}}


def test_min_bound_note_only_when_every_rival_ahead_has_a_bound_at_least_lps():
    note = SF.min_bound_note([("uniform", "SF")], STRUCT)
    assert "uniform: SF's bound 0.5 equals LPS's" in note and "1.9 hops" in note
    assert SF.min_bound_note([("uniform", "SF"), ("uniform", "DF")], STRUCT) == ""  # DF's bound is below LPS's
    assert SF.min_bound_note([], STRUCT) == ""


def test_sf32_explanation_stands_only_when_the_statement_holds_with_the_32_port_slim_fly():
    per = {"uniform": {"LPS": 0.9, "SF": 0.95, "DF": 0.7}, "bitrev": {"LPS": 0.7, "SF": 1.0, "DF": 0.5}}

    def best(p):
        return all(v["LPS"] + 0.01 >= max(v.values()) for v in p.values())

    below = {("ugal", "uniform"): (0.85, True), ("ugal", "bitrev"): (0.6, True)}
    why, note = SF.sf32_explanation(per, "LPS", best, STRUCT, below)
    assert note == "" and "the statement holds: uniform: SF(16) 0.85, SF(27) 0.95, LPS 0.9; bitrev: SF(16) 0.6" in why
    assert "3 channels per endpoint" in why and "05_spectralfly_sf32.csv" in why
    above = {**below, ("ugal", "bitrev"): (0.75, True)}  # SF(16) still above LPS on bitrev
    why, note = SF.sf32_explanation(per, "LPS", best, STRUCT, above)
    assert why == "" and "still fails" in note and "bitrev: SF(16) 0.75" in note
    running = {**below, ("ugal", "bitrev"): (0.6, False)}  # a search not complete explains nothing
    why, note = SF.sf32_explanation(per, "LPS", best, STRUCT, running)
    assert why == "" and "has 1 of its 2 ugal searches complete" in note
    with pytest.raises(ValueError, match="loads of SF and 'BF'"):
        SF.sf32_explanation(per, "BF", best, STRUCT, below)


def test_gf_at_and_note_word_the_settings():
    at = GF.gf_at({"warmup_cycles": 200, "measure_cycles": 400}, packets="1-flit", routing="gf-min")
    assert at["scale"] == "paper-network" and at["routing"].startswith("gf-min") and at["differs"][0] == "1-flit"
    with pytest.raises(ValueError, match="routing must be one of"):
        GF.gf_at({"warmup_cycles": 1, "measure_cycles": 1}, routing="ugal")
    assert "3000+5000-cycle windows); NAG" in GF.gf_note(GF.PAPER_WINDOWS, "NAG")
    assert GF.gid("GF(81,1,10,4)") == "gf81-1-10-4"


def test_quick_fig7_draws_every_recorded_table5_min_search_at_the_paper_windows():
    sec = object.__new__(GF.GalaxyflySection)  # no searches: the quick profile reads the recorded runs
    sec.study = SimpleNamespace(quick=True)
    sec.gf_q, sec.gf_p = GF.section_networks()
    sec.fig7_pairs = [("GF(15,29,1,7)", "GF(11,29,1,10)", 2), ("GF(81,1,10,4)", "GF(56,1,11,5)", 3)]
    curves, source = sec.fig7_searches()
    assert sorted(curves) == sorted((lab, tr) for lab in ("GF(15,29,1,7)", "GF(11,29,1,10)", "GF(81,1,10,4)",
                                                          "GF(56,1,11,5)") for tr in ("uniform", "worst_case"))
    assert "05_galaxyfly_fig7_9.csv" in source and "3000+5000-cycle windows" in source
    for (lab, tr), res in curves.items():
        assert res.routing == "min" and res.recipe.label == lab and len(res.records) >= 5
        assert all((r["label"], r["routing"], r["traffic"], r["sim_warmup_cycles"], r["sim_measure_cycles"])
                   == (lab, "min", tr, 3000, 5000) for r in res.records)
        # the bracket, by hand: the lowest unstable load and the highest stable one below it
        s = min(r["load"] for r in res.records if r["saturated"])
        a = max((r["load"] for r in res.records if not r["saturated"] and r["load"] < s), default=0.0)
        assert (res.saturation_load, res.saturated_load) == (a, s) and s - a <= PAPER_TOL + 1e-9


def _gf_section(paper_settings, paper_gf, runs=None, rd1=None):
    sec = object.__new__(GF.GalaxyflySection)  # the source choice only: no searches
    sec.paper_settings, sec.paper_gf, sec.gf_runs = paper_settings, paper_gf, runs or {}
    sec.paper_settings_rd1 = rd1 or {}
    # each search's highest accepted load: 0.02 below its knee here
    sec.peak = {"": {k: v[0] - 0.02 for k, v in paper_settings.items()},
                "rd1": {k: v[0] - 0.02 for k, v in (rd1 or {}).items()}}
    sec.sim, sec.study = {"warmup_cycles": 200, "measure_cycles": 400}, SimpleNamespace(tol=0.05)
    return sec


def test_gf_compare_takes_the_paper_settings_only_when_every_search_is_complete(monkeypatch):
    a, b = ("GF(15,29,1,7)", "uniform"), ("SF", "uniform")
    earlier = {("GF(15,29,1,7)", "min", "uniform"): (0.6, True), ("SF", "min", "uniform"): (0.5, True)}
    both = {("GF(15,29,1,7)", "min", "uniform"): (0.41, True), ("SF", "min", "uniform"): (0.39, True)}
    vals, note, res, at = _gf_section(both, earlier).gf_compare(a, b)
    assert vals == [0.41, 0.39] and res == GF.GPS.TOL
    assert at == {"scale": "paper", "routing": GF.GF_ROUTING_NAME["min"], "differs": [],
                  "figure": "05_galaxyfly_paper_settings"}
    # a setting still differing from the paper's is listed, and the scale says so
    differ = ["routing computation 1 cycle (paper, Sec. 5: 2 cycles)"]
    monkeypatch.setattr(GF, "PAPER_SETTINGS_DIFFER", differ)
    _, _, _, at1 = _gf_section(both, earlier).gf_compare(a, b)
    assert at1["scale"] == "paper-network" and at1["differs"] == differ
    assert "1-flit packets" in note and "the same searches gave GF(15,29,1,7) 0.6, SF 0.5" in note
    assert "highest accepted load of each search's runs" in note and "GF(15,29,1,7) 0.3900, SF 0.3700" in note
    # one search still running at the paper's settings: the earlier recorded searches, at paper-network scale
    running = {**both, ("SF", "min", "uniform"): (0.3, False)}
    vals, note, res, at = _gf_section(running, earlier).gf_compare(a, b)
    assert vals == [0.6, 0.5] and at["scale"] == "paper-network" and at["figure"] == "05_galaxyfly_fig7_9_paper"
    # not complete at the paper's 2-cycle routing, complete at 1 cycle: those, at paper-network with it listed
    vals, note, res, at = _gf_section(running, earlier, rd1=both).gf_compare(a, b)
    assert vals == [0.41, 0.39] and at["scale"] == "paper-network" and at["differs"] == GF.RD1_DIFFER
    assert at["figure"] == "05_galaxyfly_paper_settings" and "1-cycle routing computation" in note
    # neither complete, nor searched here
    assert _gf_section(running, {}).gf_compare(a, b) == ([None, None], None, None, None)
    # complete at the paper's settings, the earlier searches not: no earlier values in the note
    vals, note, _, at = _gf_section(both, {}).gf_compare(a, b)
    assert at["figure"] == "05_galaxyfly_paper_settings" and "same searches gave" not in note


def test_paper_settings_rows_follow_the_jobs_plan():
    got = {("FT", "min", "uniform"): (0.7, True), ("SF", "nag", "worst_case"): (0.2, False)}
    rows = _gf_section(got, {("FT", "min", "uniform"): (0.75, True)},
                       rd1={("FT", "min", "uniform"): (0.72, True)}).paper_settings_rows()
    assert len(rows) == len(GF.GPS.configs()) + 1  # and Sec. 5.2.2's FB worst case, in the same log
    assert (rows[-1]["label"], rows[-1]["routing"], rows[-1]["traffic"]) == GF.GPS.FB_WORST
    ft = next(r for r in rows if r["label"] == "FT")
    assert (ft["saturation_load"], ft["search_done"], ft["earlier_saturation_load"], ft["earlier_search_done"]) == \
        (0.7, True, 0.75, True)
    assert (ft["rd1_saturation_load"], ft["rd1_search_done"]) == (0.72, True)
    sf = next(r for r in rows if (r["label"], r["routing"], r["traffic"]) == ("SF", "nag", "worst_case"))
    assert (sf["saturation_load"], sf["search_done"], sf["earlier_saturation_load"]) == (0.2, False, None)
    assert sum(r["saturation_load"] is None for r in rows) == len(rows) - 2


def test_pk_row_compares_at_the_lowest_load_both_ran():
    one = ([{"load": 0.1, "latency_mean": 9.0}, {"load": 0.3, "latency_mean": 11.0}], 0.4)
    four = ([{"load": 0.3, "latency_mean": 14.0}, {"load": 0.5, "latency_mean": 20.0}], 0.6)
    row = GF.pk_row("GF", 3, "worst_case", one, four)
    assert (row["load_latency"], row["latency_1flit"], row["latency_4flit"]) == (0.3, 11.0, 14.0)
    assert row["saturation_gain"] == 0.5
    with pytest.raises(ValueError):  # no common load
        GF.pk_row("GF", 3, "uniform", ([{"load": 0.1, "latency_mean": 1.0}], 0.1), ([{"load": 0.2,
                                                                                        "latency_mean": 1.0}], 0.2))


def test_sensitivity_twin_names_the_recorded_paper_min_row(tmp_path):
    claims.use_notebook("demo", tmp_path)
    assert GF.sensitivity_twin("gf-a-min", "min") == ""
    claims.record("gf-a-gf-min", "P", "w", True, True, None, scale="exact")
    assert GF.sensitivity_twin("gf-a-min", "min") == "gf-a-gf-min"
    assert GF.sensitivity_twin("gf-a-min", "nag") == ""


def test_new_configs_leave_out_the_adversarial_pattern_without_groups():
    lps, df = recipe("SF", "lps", 11, 7), recipe("DF", "dragonfly", 4, 2, 2)
    assert new_routings(df) == ["df-min", "ugal", "polarized"]
    assert {tr for _, _, tr in new_configs([lps])} == {"uniform", "randperm"}
    assert len(new_configs([df])) == 9 and len(new_configs([lps])) == 6


def test_progress_flags():
    assert PG.flags({"a": (0.1, True), "b": (0.0, False)}) == {"a": True, "b": False}
    assert PG.curve_flags({"a": ({}, False), "b": ({0.1: {}}, True)}) == {"b": True}


def test_slim_fly_orderings_are_re_judged_only_when_every_pattern_has_both_loads():
    full = {tr: {"LPS": 0.5, "SF": 0.6} for tr in SF.SPEC_PATTERNS}
    assert SF._every_pattern(full, "LPS")
    assert not SF._every_pattern({**full, "bitrev": {"LPS": 0.5}}, "LPS")  # the Slim Fly's search still running
    assert not SF._every_pattern({tr: v for tr, v in full.items() if tr != "shuffle"}, "LPS")
    assert not SF._every_pattern(full, "BF")


def test_spectralfly_claims_take_the_booksim_rule_once_its_searches_are_done():
    sec = SF.SpectralFlySection.__new__(SF.SpectralFlySection)
    sec.study = SimStudy("quick")
    keys = [("LPS", "min", "uniform"), ("LPS", "valiant", "uniform")]
    fixed = {keys[0]: (0.9, True), keys[1]: (0.55, True)}
    sec.paper_rule = {keys[0]: (0.88, True), keys[1]: (0.5, False)}  # one search still running under BookSim's rule
    got, at = sec.paper_measured(keys, HX, table={}, paper=fixed)
    assert got == [0.9, 0.55] and at["scale"] == "paper" and at["rule"] == "fixed"
    assert "pending: 1 of its 2 searches done" in at["note"]
    assert SF.sf_at(at, ["min"])["differs"] == SF.SF_DIFFERS
    sec.paper_rule[keys[1]] = (0.52, True)
    got, at = sec.paper_measured(keys, HX, table={}, paper=fixed)
    assert got == [0.88, 0.52] and at["rule"] == "booksim" and "05_spectralfly_booksim_rule.csv" in at["note"]
    assert SF.sf_at(at, ["min"])["differs"] == SF.SF_DIFFERS_BOOKSIM_RULE
    sec.sf32 = {("ugal", "uniform"): (0.9, True)}
    sec.paper_rule[("SF32", "ugal", "uniform")] = (0.8, True)
    assert sec.sf32_for(at)[0] == {("ugal", "uniform"): (0.8, True)}
    assert sec.sf32_for({"rule": "fixed"}) == (sec.sf32, "results/paper/05_simulation/05_spectralfly_sf32.csv")


def test_gf_seed_check_note_counts_the_seeds_where_the_winner_stays_ahead(tmp_path):
    p = tmp_path / "k.csv"
    rows = ["network,routing,traffic,load,seed,unstable"]
    # seed 1: A stable to 0.5, B to 0.4875 (A ahead by 0.0125 > 0.01); seed 2: both to 0.4875; seed 0 is the
    # searches' own and is left out
    for seed, a_last, b_last in ((1, 0.5, 0.4875), (2, 0.4875, 0.4875), (0, 0.4, 0.5)):
        for net, last in (("A", a_last), ("B", b_last)):
            for load in (0.4875, 0.49375, 0.5, 0.50625):
                rows.append(f"{net},gf-min,uniform,{load},{seed},{int(load > last)}")
    p.write_text("\n".join(rows) + "\n")
    note = GF.GalaxyflySection.seed_check("A", "B", "gf-min", "uniform", 0.01, path=p)
    assert "seed 1: A 0.5 / 0.50625, B 0.4875 / 0.49375" in note and "seed 0" not in note
    assert note.endswith("A above by more than 0.01 in 1 of 2 seeds")
    assert GF.GalaxyflySection.seed_check("A", "B", "gf-min", "worst_case", 0.01, path=p) == ""
