"""PolarStar Fig. 9/10 claims under both run controls (lowdiam.studies.polarstar): the claims' readings, the choice of
the rule per claim, the sensitivity table and the BookSim-rule searches started from the fixed rule's brackets."""

from __future__ import annotations

import pytest
from conftest import committed_claims

from lowdiam import claims as C
from lowdiam import sweep as S
from lowdiam.studies import polarstar as PS
from lowdiam.studies import simulation as studies

PAPER = {r.label: r for r in PS.table3("paper")}
QUICK = {r.label: r for r in PS.table3("quick")}


def _all_keys(recs):
    return sorted({PS.routed_key(recs, k) for c in PS.section_claims() for k in c.keys})


def _table(recs, value=lambda key: 0.5, done=True):
    return {k: (value(k), done) for k in _all_keys(recs)}


def test_sections_configs_cover_every_claim_key_and_groups_partition_them():
    t3 = PS.table3("paper")
    cfgs = {(r.label, rt, tr) for r, rt, tr in PS.fig9_configs(t3) + PS.fig10_configs(t3)}
    assert set(_all_keys(PAPER)) <= cfgs
    grouped = [(PS.group_log(g), r.label, rt, tr) for g, cs in PS.group_configs(PS.table3("paper"))
               for r, rt, tr in cs if g != "ugal-mf-3vcs"]  # the Megafly's VC sensitivity: the same searches again
    authors = {(r.label, rt, tr) for r, rt, tr in PS.authors_configs(t3)}
    at_authors = {(p, "min-single", tr) for p in ("PS-IQ", "PS-Pal") for tr in ("uniform", "adversarial")} | {
        (p, "ugal-pf", tr) for p in ("PS-IQ", "PS-Pal") for tr in ("uniform", "server_perm", "bitrev", "shuffle",
                                                                     "adversarial")} | {
        ("DF", "df-min", tr) for tr in ("uniform", "adversarial")} | {  # the fork's dragonflynew routings
        ("DF", "df-ugal", tr) for tr in ("uniform", "server_perm", "bitrev", "shuffle", "adversarial")}
    assert authors == at_authors | {
        (x, PS.routing_of(PAPER[x], "ugal"), "server_perm") for x in ("BF", "HX", "SF", "MF", "FT")}
    assert len(grouped) == len(set(grouped))
    # the PolarStars' authors'-code searches run at the authors' settings, the PolarStars' paper-text UGAL-L also at
    # the paper's 4 VCs, every other search at the section's
    assert {k[1:] for k in grouped if k[0] == PS.AUTHORS_LOG} == at_authors
    ugal = {(x, PS.routing_of(PAPER[x], "ugal"), tr) for c in PS.section_claims() if PS.at_paper_vcs(c)
            for x, role, tr in c.keys if role == "ugal"}
    # every network's UGAL-L on the four Fig. 9 UGAL panels (the statement "HX and SF highest"), and on the
    # adversarial pattern the networks of Fig. 10
    others_perm = {(x, PS.routing_of(PAPER[x], "ugal"), "server_perm") for x in ("BF", "HX", "SF", "MF", "FT")}
    # the authors'-code column's other networks: their UGAL-L at the paper's VCs too, under the fork's permutation
    assert {k[1:] for k in grouped if k[0] == PS.PAPER_VCS_LOG} - others_perm == ugal == {
        (p, "ugal", tr) for p in ("PS-IQ", "PS-Pal") for tr in ("uniform", "randperm", "bitrev", "shuffle",
                                                                 "adversarial")} | {
        (x, PS.routing_of(PAPER[x], "ugal"), tr) for tr in ("uniform", "randperm", "bitrev", "shuffle")
        for x in ("BF", "HX", "DF", "SF", "MF", "FT")} | {
        (x, PS.routing_of(PAPER[x], "ugal"), "adversarial") for x in ("DF", "MF", "BF")}
    # only the Fig. 9 panels' searches no earlier group runs are left to the last groups
    left = {g: {(r.label, rt, tr) for r, rt, tr in cs} for g, cs in PS.group_configs(PS.table3("paper"))}
    assert left["fig9-ugal-paper-vcs"] == {(x, PS.routing_of(PAPER[x], "ugal"), tr) for tr in ("uniform", "randperm",
                                                                                               "bitrev")
                                           for x in ("BF", "HX", "DF", "SF", "MF", "FT")} - {
        ("DF", "df-ugal", "uniform"), ("BF", "ugal", "uniform"), ("MF", "df-ugal", "bitrev")}
    assert {k[1] for k in left["fig9-min"]} == {"min", "df-min", "min-single"}  # the PolarStars: group fig9a
    assert {k[1] for k in left["rest"]} == {"ugal", "df-ugal"}  # at hop-indexed VCs: a sensitivity
    assert {k[1:] for k in grouped if k[0] == PS.RULE_LOG} == cfgs
    assert authors - at_authors == others_perm <= {k[1:] for k in grouped if k[0] == PS.PAPER_VCS_LOG}
    for g in PS.GROUPS:  # a group's log and settings go together: 4 VCs, any VC, exactly outside the section's log
        if g != "ugal-mf-3vcs":  # (the Megafly's sensitivity runs at 3 VCs, Dragonfly classes)
            assert (PS.group_sim(g)["router_options"]["vc_selection"] == "any") == (PS.group_log(g) != PS.RULE_LOG)
    assert PS.group_sim("ugal-mf-3vcs", label="MF") == PS.mf_probe_sim() != PS.paper_vcs_sim("MF")
    with pytest.raises(ValueError, match="unknown group 'nope'; choose from"):
        PS.group_sim("nope")
    with pytest.raises(ValueError, match="unknown group 'nope'; choose from"):
        PS.hint_records("nope")


def test_paper_vcs_searches_start_from_the_hop_indexed_searches_under_the_same_rule():
    """The 4-VC group's hints are the BookSim-rule searches of the same configurations at hop-indexed VCs, only
    runs at the section's settings, and for a configuration with none there its fixed-rule search; every other
    group's the fixed-rule searches."""
    runs = PS.hint_records("fig9-ugal-paper-vcs")
    rule = [r for r in runs if r.get("sim_run_control") == "booksim"]
    assert rule and {r["sim_router_options"]["vc_selection"] for r in rule} == {"hop"}
    assert ("PS-IQ", "ugal", "uniform") in PS.brackets_from_records(rule)
    key = lambda r: (r["label"], r["routing"], r["traffic"])  # noqa: E731
    fixed = [r for r in runs if r.get("sim_run_control", "fixed") != "booksim"]
    # the recorded data may hold hop-indexed rule searches of every configuration (then no fixed-rule hint is left)
    assert not {key(r) for r in fixed} & {key(r) for r in rule}
    assert runs == rule + fixed
    assert all(r.get("sim_run_control", "fixed") != "booksim" for r in PS.hint_records("rest")[:50])


def test_paper_vcs_hints_fall_back_to_the_fixed_rule_search_of_a_configuration_without_rule_runs(monkeypatch):
    """Independent of the recorded data: a configuration with hop-indexed rule runs takes those, one without takes
    its fixed-rule runs, and a fixed-rule run of a configuration that has rule runs is left out."""
    rule_run = {"label": "PS-IQ", "routing": "ugal", "traffic": "uniform", "load": 0.5, "saturated": False,
                "sim_run_control": "booksim"}
    fixed_same = {"label": "PS-IQ", "routing": "ugal", "traffic": "uniform", "load": 0.6, "saturated": True}
    fixed_other = {"label": "PS-Pal", "routing": "ugal", "traffic": "shuffle", "load": 0.4, "saturated": True}
    monkeypatch.setattr(PS.studies, "recorded_runs", lambda *a, **k: [rule_run])
    monkeypatch.setattr(PS, "fixed_records", lambda *a, **k: [fixed_same, fixed_other])
    assert PS.hint_records("fig9-ugal-paper-vcs") == [rule_run, fixed_other]  # group ugal-ps runs it before
    assert PS.hint_records("rest") == [fixed_same, fixed_other]
    # group ugal-ps-4vcs runs before ugal-ps: the hop-indexed search is not there yet when it starts
    assert PS.hint_records("ugal-ps-4vcs") == [fixed_same, fixed_other]


def test_a_paper_vcs_group_takes_hints_only_from_the_hop_indexed_searches_of_the_groups_before_it():
    """The hints of a 4-VC group are the same whenever the job reaches it: only the searches of the groups before it
    in GROUPS order count, each group's RULE_LOG configurations exactly."""
    t = {r.label: r for r in PS.table3("paper")}
    names = list(PS.GROUPS)
    rule_of = {g: {(rec.label, PS.routing_of(rec, role), tr) for rec, role, tr in PS.GROUPS[g](t)}
               for g in names if PS.group_log(g) == PS.RULE_LOG}
    for g in PS.PAPER_VCS_GROUPS:
        before = set().union(*(rule_of.get(h, set()) for h in names[:names.index(g)]))
        assert PS.rule_configs_before(g) == before
    assert PS.rule_configs_before(names[0]) == set()
    later = PS.rule_configs_before("rest") | rule_of["rest"]
    assert ("DF", "df-ugal", "bitrev") in later - PS.rule_configs_before("fig9-ugal-paper-vcs")  # only in rest
    assert ("DF", "df-ugal", "shuffle") in PS.rule_configs_before("fig9-ugal-paper-vcs")  # shuffle-ugal
    with pytest.raises(ValueError, match="unknown group 'nope'; choose from"):
        PS.rule_configs_before("nope")


def test_authors_code_column_pairs_each_changed_statement_with_the_authors_routings():
    """The authors'-code column judges each statement on the PolarStars' anynet min / ugall4_pf runs and the
    Dragonfly's dragonflynew runs (both from the authors' log), the other networks' runs as under the paper's text;
    pending until all of its searches are done, then a sensitivity row."""
    t3 = {r.label: r for r in PS.table3("paper")}
    rows = PS.authors_code({}, t3, authors={})
    ids = [r["claim"] for r in rows]
    # every statement: Fig. 9b's single path is the authors' min too, but their PolarStar runs use the fork's VCs
    assert len(ids) == len(PS.section_claims()) and "ps-fig9b-sf-bf-subpar-single-minpath" in ids
    assert all(r["record"] is None and r["authors_status"].startswith("pending (0 of") for r in rows)
    one = next(r for r in rows if r["claim"] == "ps-fig9a-PS-IQ-uniform-min")
    assert (one["text_routing"], one["authors_routing"]) == ("polarstar-min", "min-single")
    # a complete table: every key of every statement, text and authors', done at a made-up load
    table, authors = {}, {}
    for c in PS.section_claims():
        for k in c.keys:
            table[PS.routed_key(t3, k)] = (0.5, True)
            ak = PS.authors_key(t3, k)
            if k[0] in ("PS-IQ", "PS-Pal", "DF"):  # the authors' own routings' runs: their log (AUTHORS_LOG)
                authors[ak] = (0.45 if k[0] != "DF" else 0.2, True)
                if k[0] != "DF":  # a run of the same key at the section's settings is not read (the Dragonfly's
                    table[ak] = (0.3, True)  # keys are the paper text's: its runs at 0.5 above)
            else:
                table[ak] = (0.5, True)
    rows = {r["claim"]: r for r in PS.authors_code(table, t3, authors=authors)}
    r = rows["ps-fig9a-PS-IQ-uniform-min"]
    assert (r["text_value"], r["authors_value"]) == (0.5, 0.45)
    assert r["text_status"] == "mismatch" and r["authors_status"] == "mismatch" and r["changed"] is False
    rec = r["record"]
    assert rec["claim_id"] == "ps-fig9a-PS-IQ-uniform-min-authors-code"
    assert rec["sensitivity_of"] == "ps-fig9a-PS-IQ-uniform-min" and rec["routing"] == "min-single"
    assert rec["scale"] == "paper-network" and rec["details"]["run_control"] == "booksim"
    ugal = rows["ps-sec95-ps-beats-df-matches-bf-uniform-ugal"]
    assert ugal["authors_routing"] == "df-ugal, ugal, ugal-pf"  # BF as under the paper's text, DF the fork's
    assert any("first-hop VC" in d for d in ugal["record"]["differs"])
    assert "4 VCs and any VC at every hop" in ugal["record"]["note"]
    assert "q_min <= 2 q_val - 30" in ugal["record"]["note"]
    assert ugal["record"]["details"]["saturation"]["DF"] == 0.2  # the fork's Dragonfly run, not the paper-text one
    assert ugal["record"]["our_value"] is True and ugal["text_value"] is False
    # the other networks' UGAL-L: from the paper's-VC searches when given (both columns), MIN from the section's
    vcs = {PS.routed_key(t3, k): (0.9, True) for c in PS.section_claims() for k in c.keys if k[1] == "ugal"}
    side = {r["claim"]: r for r in PS.authors_code(table, t3, authors=authors, paper_vcs=vcs)}
    assert side["ps-sec95-ps-beats-df-matches-bf-uniform-ugal"]["record"]["details"]["saturation"]["BF"] == 0.9
    assert side["ps-sec95-ps-beats-df-matches-bf-uniform-ugal"]["authors_value"] is False  # PS 0.45 far below BF
    assert side["ps-fig10-df-mf-lowest-min"]["record"]["details"]["saturation"]["BF"] == 0.5
    # what decided the PolarStars' first unstable loads at the authors' settings goes into the row's note, the
    # network named where a statement compares both; a statement without such a search says nothing of it
    why = {("PS-IQ", "min-single", "uniform"): "stuck (no deadlock in its final state: its measured packets were "
                                               "slow, not held)",
           ("PS-Pal", "min-single", "uniform"): "drain-latency-threshold"}
    told = {r["claim"]: r for r in PS.authors_code(table, t3, authors=authors, decisions=why)}
    note = told["ps-fig9a-PS-IQ-uniform-min"]["record"]["note"]
    assert "first unstable load decided by: uniform stuck (no deadlock" in note
    assert "PS-IQ uniform stuck" in told["ps-sec95-sf-bf-marginally-better-uniform-min"]["record"]["note"]
    assert "PS-Pal uniform drain-latency-threshold" in told["ps-sec95-sf-bf-marginally-better-uniform-min"][
        "record"]["note"]
    assert "decided by" not in told["ps-fig10-df-mf-lowest-min"]["record"]["note"]  # adversarial: not in ``why``
    # the Dragonfly's single minimal path is the fork's min_dragonflynew: one search for both Fig. 9 MIN panels
    assert PS.authors_key(t3, ("DF", "min-single", "uniform")) == PS.authors_key(t3, ("DF", "min", "uniform")) == (
        "DF", "df-min", "uniform")
    # an authors' PolarStar search not yet done at the authors' settings leaves the column pending
    del authors[("PS-IQ", "min-single", "uniform")]
    r = {r["claim"]: r for r in PS.authors_code(table, t3, authors=authors)}["ps-fig9a-PS-IQ-uniform-min"]
    assert r["authors_value"] is None and r["authors_status"] == "pending (0 of 1 searches done)"


def test_authors_searches_start_from_the_paper_text_bracket():
    """A routing the fixed rule never ran starts from the fixed-rule bracket of the paper-text routing."""
    t3 = {r.label: r for r in PS.table3("paper")}
    old = [{"label": "PS-IQ", "routing": "ugal", "traffic": "uniform", "load": x, "saturated": x > 0.6}
           for x in (0.6, 0.65)]
    asked = []

    sims = []

    def fake(configs, **kw):
        asked.append(kw["hints"])
        sims.append(kw["sim"])
        return []

    import lowdiam.studies.polarstar as mod
    orig = mod.S.saturation_searches
    mod.S.saturation_searches = fake
    try:
        PS.booksim_rule_searches([(t3["PS-IQ"], "ugal-pf", "uniform"), (t3["PS-IQ"], "ugal-pf", "bitrev")],
                                 old_records=old)
    finally:
        mod.S.saturation_searches = orig
    assert asked == [[(0.6, 0.65), None]]
    assert "vcs" not in sims[0] and sims[0]["router_options"]["vc_selection"] == "hop"
    # the authors' settings: their 4 VCs, any VC at every hop, else the section's
    mod.S.saturation_searches = fake
    try:
        PS.booksim_rule_searches([(t3["PS-IQ"], "ugal-pf", "uniform")], old_records=old, authors=True)
    finally:
        mod.S.saturation_searches = orig
    assert sims[1] == {**sims[0], "vcs": 4, "router_options": {**sims[0]["router_options"], "vc_selection": "any"}}
    # ... where, any VC at every hop, the decision need not be monotone in load: the coarse search, no hint
    assert asked[1] is None
    # so every group at such settings (the paper's 4 VCs of the PolarStars, HX, ...): no hint either; the Dragonfly's
    # and the Megafly's VC classes are hinted as the section's hop-indexed VCs are
    for group, label, want in (("ugal-ps-4vcs", "PS-IQ", None), ("ugal-paper-vcs", "HX", None),
                               ("ugal-paper-vcs", "DF", [(0.6, 0.65)]), ("ugal-mf-3vcs", "MF", [(0.6, 0.65)])):
        old_g = [{**r, "label": label} for r in old]
        mod.S.saturation_searches = fake
        try:
            PS.booksim_rule_searches([(t3[label], "ugal", "uniform")], old_records=old_g,
                                     sim=PS.group_sim(group, label=label))
        finally:
            mod.S.saturation_searches = orig
        assert asked[-1] == want, (group, label)


def test_fixed_rule_verdicts_reproduce_the_recorded_scorecard_rows():
    """On the recorded fixed-rule searches, the library's readings give the values the scorecard holds for them."""
    fixed = studies.saturation_from_records(PS.fixed_records(), PS.PAPER_TOL)
    got = {kw["claim_id"]: kw for kw in PS.verdicts(booksim={}, fixed=fixed, paper_recs=PAPER)}
    card = {c["claim_id"]: c for c in committed_claims("05_simulation")
            if c["claim_id"].startswith("ps-") and c.get("scale") == "paper"}
    assert len(got) == 14  # one claim per statement: the UGAL range is one claim over five patterns
    for cid, kw in got.items():
        row = card.get(C.kebab(cid))
        if row is None or (row.get("details") or {}).get("run_control", "fixed") != "fixed":
            continue  # the scorecard holds this claim under BookSim's rule already
        if isinstance(kw["our_value"], list):
            want = row["our_value"]  # a scorecard before one claim per statement held the minimum over patterns
            assert (kw["our_value"] if isinstance(want, list) else min(kw["our_value"])) == pytest.approx(want), cid
            continue
        assert kw["our_value"] == pytest.approx(row["our_value"]) if isinstance(kw["our_value"], float) else \
            kw["our_value"] == row["our_value"], cid
        assert kw["details"]["run_control"] == "fixed" and "pending" in kw["note"]


def test_booksim_rule_taken_per_claim_once_its_searches_are_done():
    fixed = _table(PAPER, lambda k: 0.8 if k[0] == "PS-IQ" else 0.5)
    # BookSim-rule searches done for PS-IQ's uniform MIN only: that claim takes them, the rest stay on the fixed rule
    booksim = {("PS-IQ", "polarstar-min", "uniform"): (0.70, True),
               ("PS-Pal", "polarstar-min", "uniform"): (0.9, False)}
    out = {kw["claim_id"]: kw for kw in PS.verdicts(booksim=booksim, fixed=fixed, paper_recs=PAPER)}
    iq = out["ps-fig9a-PS-IQ-uniform-min"]
    assert iq["our_value"] == 0.70 and iq["details"]["run_control"] == "booksim" and iq["scale"] == "paper"
    assert "BookSim2's run control" in iq["note"] and "polarstar-min" in iq["note"] and "pending" not in iq["note"]
    assert C.derive_status(iq["paper_value"], iq["our_value"], iq["tolerance"]) == "mismatch"
    pal = out["ps-fig9a-PS-Pal-uniform-min"]
    assert pal["our_value"] == 0.5 and pal["details"]["run_control"] == "fixed"
    assert "pending: 0 of its 1 searches done" in pal["note"]
    assert "3000+5000-cycle windows" in pal["note"]
    # the fixed rule is not the paper's simulator's: the paper's network, other settings, listed
    assert pal["scale"] == "paper-network" and "BookSim2's own run control" in pal["differs"][0]
    assert all(("differs" in kw) == (kw["details"]["run_control"] == "fixed") for kw in out.values())
    assert iq["routing"] == "polarstar-min" and all(kw["routing"] for kw in out.values())


def test_polarstar_ugal_statements_at_the_paper_vcs_once_their_searches_are_done():
    """The statements about the PolarStars' UGAL-L alone are judged at the paper's 4 VCs once those searches are
    done (scale paper), their hop-indexed-VC judgement a sensitivity row beside; until then as before, the note
    counting the 4-VC searches done; every other statement is untouched."""
    booksim = _table(PAPER)  # every search done at hop-indexed VCs, 0.5
    pats = ("uniform", "randperm", "bitrev", "shuffle", "adversarial")
    vcs = {("PS-IQ", "ugal", tr): (0.45, True) for tr in pats}
    vcs.update({("PS-Pal", "ugal", tr): (0.45, tr != "bitrev") for tr in pats})  # one search still running
    before = {kw["claim_id"]: kw for kw in PS.verdicts(booksim=booksim, fixed={}, paper_recs=PAPER)}
    rows = PS.verdicts(booksim=booksim, fixed={}, paper_recs=PAPER, paper_vcs=vcs,
                       paper_vcs_decisions={("PS-IQ", "ugal", "randperm"): "stuck"})
    out = {kw["claim_id"]: kw for kw in rows}
    assert len(out) == len(rows) == len(before) + 1
    iq = out["ps-fig9-PS-IQ-ugal-range"]
    assert iq["our_value"] == [0.45] * 5 and iq["scale"] == "paper" and "differs" not in iq
    assert PS.PAPER_VCS_TEXT in iq["note"] and PS.PAPER_VCS_LOG in iq["note"] and "hop-indexed" not in iq["note"]
    assert iq["routing"] == "ugal" and iq["details"]["run_control"] == "booksim" and iq["figure"] == PS.VCS_FIGURE
    assert "the first unstable load decided by: randperm stuck;" in iq["note"] and "decision 'stuck'" in iq["note"]
    hop = out["ps-fig9-PS-IQ-ugal-range-hop-vcs"]
    assert hop["sensitivity_of"] == "ps-fig9-PS-IQ-ugal-range" and hop["our_value"] == [0.5] * 5
    assert hop["scale"] == "paper-network" and PS.UGAL_VCS in hop["differs"]
    assert hop["what"].endswith("[hop-indexed VCs]")
    pal = out["ps-fig9-PS-Pal-ugal-range"]
    assert pal["our_value"] == [0.5] * 5 and pal["scale"] == "paper-network"
    assert "at the paper's VCs (the paper's 4 VCs of 32 flits" in pal["note"]
    assert "pending: 4 of its 5 searches done" in pal["note"]
    assert "ps-fig9-PS-Pal-ugal-range-hop-vcs" not in out
    later = [c.claim_id for c in PS.section_claims() if PS.at_paper_vcs(c)]
    for cid, kw in before.items():
        if cid not in later:
            assert out[cid] == kw, cid
        elif "PS-" not in cid:  # a comparison with other networks: pending until their searches are done too
            assert out[cid]["note"].startswith(kw["note"]) and "is pending" in out[cid]["note"], cid
    # the authors'-code table's paper-text column reads the searches the verdict reads
    t3 = {r.label: r for r in PS.table3("paper")}
    side = {r["claim"]: r for r in PS.authors_code(booksim, t3, authors={}, paper_vcs=vcs)}
    assert side["ps-fig9-PS-IQ-ugal-range"]["text_vcs"] == "4, any VC"  # the PolarStars' 4 VCs
    assert side["ps-fig9-PS-IQ-ugal-range"]["text_value"] == [0.45] * 5
    assert side["ps-fig9-PS-Pal-ugal-range"]["text_vcs"] == "hop-indexed"
    assert side["ps-fig9-PS-Pal-ugal-range"]["text_value"] == [0.5] * 5
    assert {r["text_vcs"] for cid, r in side.items() if "ugal-range" not in cid} == {"hop-indexed"}
    # the statements comparing UGAL-L runs are re-derived (HX and SF's also compares MIN panels); MIN ones are not
    assert [c.claim_id for c in PS.section_claims() if PS.at_paper_vcs(c)] == [
        "ps-fig9-PS-IQ-ugal-range", "ps-fig9-PS-Pal-ugal-range", "ps-fig9f-df-mf-poor-shuffle",
        "ps-sec95-ps-beats-df-matches-bf-uniform-ugal", "ps-sec95-mf-better-on-bitrev",
        "ps-sec95-hx-sf-highest-most-patterns", "ps-fig10-df-mf-lowest-ugal", "ps-fig10-ps-iq-beats-bf-ps-pal-ugal"]


def test_a_statement_over_min_and_ugal_panels_reads_each_panel_at_its_own_vcs():
    """"HX and SF highest on most Fig. 9 panels": its MIN panels from the hop-indexed searches, its UGAL-L panels
    from the paper's-VC searches (one VC assignment per panel), at scale paper once all are done; the hop-indexed
    reading a sensitivity row; pending counts both kinds."""
    c = next(c for c in PS.section_claims() if c.claim_id == "ps-sec95-hx-sf-highest-most-patterns")
    keys = {k: PS.routed_key(PAPER, k) for k in c.keys}
    # hop-indexed: HX tops every panel; at the paper's VCs PS-IQ tops the UGAL-L panels
    booksim = {**_table(PAPER), **{rk: (0.9 if k[0] == "HX" else 0.5, True) for k, rk in keys.items()}}
    vcs = {rk: (0.9 if k[0] == "PS-IQ" else 0.5, True) for k, rk in keys.items() if k[1] == "ugal"}
    out = {kw["claim_id"]: kw for kw in PS.verdicts(booksim=booksim, fixed={}, paper_recs=PAPER, paper_vcs=vcs)}
    got, hop = out[c.claim_id], out[f"{c.claim_id}-hop-vcs"]
    assert got["scale"] == "paper" and got["our_value"] is False  # HX tops the two MIN panels only
    assert got["details"]["top_per_panel"]["a"] == ["HX"] and got["details"]["top_per_panel"]["c"] == ["PS-IQ"]
    assert "UGAL-L at " in got["note"] and "MIN at the section's hop-indexed VCs" in got["note"]
    assert hop["our_value"] is True and hop["sensitivity_of"] == c.claim_id and hop["scale"] == "paper-network"
    # one UGAL-L search and one MIN search missing: pending, both counted
    del vcs[keys[("HX", "ugal", "bitrev")]]
    booksim[keys[("FT", "min", "uniform")]] = (0.5, False)
    row = next(kw for kw in PS.verdicts(booksim=booksim, fixed=_table(PAPER), paper_recs=PAPER, paper_vcs=vcs)
               if kw["claim_id"] == c.claim_id)
    assert "pending: 31 of its 32 UGAL-L searches done" in row["note"] and "15 of its 16 MIN searches" in row["note"]
    t3 = {r.label: r for r in PS.table3("paper")}
    booksim[keys[("FT", "min", "uniform")]] = (0.5, True)
    vcs[keys[("HX", "ugal", "bitrev")]] = (0.5, True)
    side = {r["claim"]: r for r in PS.authors_code(booksim, t3, authors={}, paper_vcs=vcs)}
    assert side[c.claim_id]["text_vcs"].startswith("UGAL-L 4, any VC; DF 3, 'dragonfly'")
    assert side[c.claim_id]["text_vcs"].endswith("; MIN hop-indexed") and side[c.claim_id]["text_value"] is False


def test_ugal_comparisons_at_the_paper_vcs_of_every_network():
    """A statement comparing the PolarStars' UGAL-L with other networks' is judged at the paper's VCs once every
    network's search is done there, each at its own VCs (DF 3, 'dragonfly'; MF 2, 'phase'; the others 4, any VC), its
    hop-indexed judgement a sensitivity row; the note names each network's VCs."""
    booksim = _table(PAPER)
    c = next(c for c in PS.section_claims() if c.claim_id == "ps-fig10-df-mf-lowest-ugal")
    keys = [PS.routed_key(PAPER, k) for k in c.keys]
    vcs = {k: (0.3 if k[0] in ("DF", "MF") else 0.45, True) for k in keys}
    out = {kw["claim_id"]: kw for kw in PS.verdicts(booksim=booksim, fixed={}, paper_recs=PAPER, paper_vcs=vcs,
                                                    paper_vcs_decisions={("DF", "df-ugal", "adversarial"): "stuck"})}
    got = out["ps-fig10-df-mf-lowest-ugal"]
    assert "the first unstable load decided by: DF adversarial stuck;" in got["note"]  # the network named
    assert got["scale"] == "paper" and got["our_value"] is True and "differs" not in got
    assert "DF: the paper's 3 VCs of 43 flits, VC selection 'dragonfly'" in got["note"]
    assert "MF: the paper's 2 VCs of 64 flits, VC selection 'phase'" in got["note"]
    assert "BF, PS-IQ, PS-Pal: the paper's 4 VCs of 32 flits" in got["note"]
    assert out["ps-fig10-df-mf-lowest-ugal-hop-vcs"]["sensitivity_of"] == "ps-fig10-df-mf-lowest-ugal"
    # the Megafly at 3 VCs: a sensitivity row where a statement compares MF; when it holds the statement and the
    # paper's-VC reading does not, the paper's-VC row names it as its explanation
    c = next(c for c in PS.section_claims() if c.claim_id == "ps-sec95-mf-better-on-bitrev")
    keys = [PS.routed_key(PAPER, k) for k in c.keys]
    vcs = {k: (0.55 if k[0] == "MF" else 0.6, True) for k in keys}
    probe = {("MF", "df-ugal", "bitrev"): (0.7, True)}
    out = {kw["claim_id"]: kw for kw in PS.verdicts(booksim=booksim, fixed={}, paper_recs=PAPER, paper_vcs=vcs,
                                                    mf_probe=probe)}
    main, alt = out["ps-sec95-mf-better-on-bitrev"], out["ps-sec95-mf-better-on-bitrev-mf-3vcs"]
    assert main["our_value"] is False and "MF 0.7" in main["explanation"] and alt["our_value"] is True
    assert C.derive_status(main["paper_value"], main["our_value"], main["tolerance"], main["explanation"]) == \
        "mismatch-explained"
    assert alt["sensitivity_of"] == c.claim_id and alt["scale"] == "paper-network" and "3 VCs" in alt["differs"][0]
    assert "ps-fig9-PS-IQ-ugal-range-mf-3vcs" not in out  # no MF search compared: no row
    out = {kw["claim_id"]: kw for kw in PS.verdicts(booksim=booksim, fixed={}, paper_recs=PAPER, paper_vcs=vcs,
                                                    mf_probe={("MF", "df-ugal", "bitrev"): (0.5, True)})}
    assert not out["ps-sec95-mf-better-on-bitrev"]["explanation"]  # both readings disagree: no explanation
    # the settings each network's search runs at, and the group's searches split by them
    assert PS.paper_vcs_sim("DF")["vcs"] == 3 and PS.paper_vcs_sim("MF")["buffer_flits"] == 64
    assert PS.paper_vcs_sim("SF") == PS.authors_sim()
    t3 = {r.label: r for r in PS.table3("paper")}
    calls = []

    def fake(configs, **kw):
        calls.append(([r.label for r, _, _ in configs], kw["sim"]["vcs"]))
        return [f"{r.label} {tr}" for r, _, tr in configs]

    import lowdiam.studies.polarstar as mod
    orig = mod.S.saturation_searches
    mod.S.saturation_searches = fake
    try:
        cfgs = [(t3[x], PS.routing_of(t3[x], "ugal"), "adversarial") for x in ("DF", "BF", "MF", "PS-IQ")]
        res = PS.group_searches("ugal-paper-vcs", cfgs, old_records=[])
    finally:
        mod.S.saturation_searches = orig
    assert calls == [(["DF"], 3), (["BF", "PS-IQ"], 4), (["MF"], 2)]
    assert res == ["DF adversarial", "BF adversarial", "MF adversarial", "PS-IQ adversarial"]


def test_stand_in_only_without_paper_scale_searches():
    out = PS.verdicts(booksim={}, fixed={}, paper_recs=PAPER, stand_in=_table(QUICK, lambda k: 0.6),
                      stand_in_recs=QUICK, stand_in_res=0.05, stand_in_text="quick networks")
    assert all(kw["scale"] == "stand-in" and kw["stand_in"] == "quick networks" for kw in out)
    with pytest.raises(ValueError, match="no stand-in table"):
        PS.verdicts(booksim={}, fixed={}, paper_recs=PAPER)


def test_claim_readings_on_hand_made_tables():
    def reading(cid, values, res=0.01):
        c = next(c for c in PS.section_claims() if c.claim_id == cid)
        table = {PS.routed_key(PAPER, k): (values[k[0]] if isinstance(values, dict) else values, True) for k in c.keys}
        return PS.judge(c, table, PAPER, res)["our_value"]

    # DF and MF worst on shuffle
    assert reading("ps-fig9f-df-mf-poor-shuffle", {**{x: 0.5 for x in PAPER}, "DF": 0.3, "MF": 0.4}) is True
    assert reading("ps-fig9f-df-mf-poor-shuffle", {**{x: 0.5 for x in PAPER}, "DF": 0.3, "MF": 0.5}) is False
    # PS-IQ above BF and PS-Pal under adversarial MIN, strictly
    adv = {"DF": 0.1, "MF": 0.1, "BF": 0.3, "PS-IQ": 0.35, "PS-Pal": 0.3}
    assert reading("ps-fig10-ps-iq-beats-bf-ps-pal-min", adv) is True
    assert reading("ps-fig10-ps-iq-beats-bf-ps-pal-min", {**adv, "PS-Pal": 0.35}) is False
    assert reading("ps-fig10-df-mf-lowest-min", adv) is True
    # SF/BF "marginally better": within resolution below counts, more than 10 % above does not
    u = {"PS-IQ": 0.80, "PS-Pal": 0.78, "SF": 0.795, "BF": 0.85}
    assert reading("ps-sec95-sf-bf-marginally-better-uniform-min", u) is True
    assert reading("ps-sec95-sf-bf-marginally-better-uniform-min", {**u, "BF": 0.95}) is False
    # the UGAL range claim: one statement over the five patterns of one network, every one in the range
    assert reading("ps-fig9-PS-IQ-ugal-range", 0.45) == [0.45] * 5
    c = next(c for c in PS.section_claims() if c.claim_id == "ps-fig9-PS-IQ-ugal-range")
    assert C.compare(c.paper_value, [0.45, 0.5, 0.41, 0.6, 0.55], c.tolerance)
    assert not C.compare(c.paper_value, [0.45, 0.5, 0.41, 0.68, 0.55], c.tolerance)
    # a claim with a search not done is not judged
    c = next(c for c in PS.section_claims() if c.claim_id == "ps-fig9a-PS-IQ-uniform-min")
    assert PS.judge(c, {("PS-IQ", "polarstar-min", "uniform"): (0.8, False)}, PAPER, 0.01) is None


def test_rule_sensitivity_side_by_side():
    fixed = _table(PAPER, lambda k: 0.77 if k[:2] == ("PS-IQ", "polarstar-min") else 0.5)
    booksim = {("PS-IQ", "polarstar-min", "uniform"): (0.74, True)}
    rows = {r["claim"]: r for r in PS.rule_sensitivity(fixed, booksim, PAPER)}
    iq = rows["ps-fig9a-PS-IQ-uniform-min"]
    assert (iq["fixed_value"], iq["fixed_status"], iq["booksim_value"], iq["booksim_status"], iq["changed"]) == \
        (0.77, "match", 0.74, "mismatch", True)
    pal = rows["ps-fig9a-PS-Pal-uniform-min"]
    assert pal["booksim_value"] is None and pal["booksim_status"] == "pending (0 of 1 searches done)"
    assert pal["changed"] is None


def test_brackets_from_records_take_the_first_knee():
    recs = [{"label": "A", "routing": "min", "traffic": "uniform", "load": x, "saturated": s}
            for x, s in ((0.2, False), (0.4, True), (0.3, False), (0.6, False), (0.35, True))]
    assert PS.brackets_from_records(recs) == {("A", "min", "uniform"): (0.3, 0.35)}
    recs = [{"label": "B", "routing": "min", "traffic": "uniform", "load": 0.1, "saturated": True}]
    assert PS.brackets_from_records(recs) == {("B", "min", "uniform"): (0.0, 0.1)}


@pytest.fixture
def tmp_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    yield


def test_booksim_rule_search_starts_at_the_fixed_bracket(tmp_cache):
    rec = S.Recipe("hyperx", {"endpoints_per_router": 2}, "HX3", (3, 3))
    old = [{"label": "HX3", "routing": "min", "traffic": "uniform", "load": x, "saturated": x > 0.5}
           for x in (0.5, 0.55)]
    opts = {"sample_period": 200}
    (res,) = S.saturation_searches([(rec, "min", "uniform")], coarse_step=0.1, tol=0.05, processes=1, progress=False,
                                   hints=[PS.brackets_from_records(old)[("HX3", "min", "uniform")]],
                                   sim=PS.sim_settings(run_control="booksim", run_control_options=opts))
    assert res.rule == "booksim"
    loads = [r["load"] for r in res.records]
    assert 0.5 in loads and 0.1 not in loads  # started from the hint, no coarse ascent from 0.1
    assert res.first_unstable is None or res.first_unstable - res.last_stable <= 0.05 + 1e-9
    assert all(r["sim_run_control"] == "booksim" for r in res.records)


@pytest.mark.parametrize("call, exc, match", [
    (lambda: PS.table3("big"), ValueError, "profile must be"),
    (lambda: PS.routing_of(PAPER["PS-IQ"], "fast"), ValueError, "routing role"),
    (lambda: PS.group_configs(PS.table3("paper"), ["nope"]), ValueError, "unknown groups"),
    (lambda: PS.sim_settings(run_control="fixed"), ValueError, "needs warmup_cycles"),
    (lambda: PS.sim_settings(run_control="booksim", warmup_cycles=10), ValueError, "decides its own windows"),
    (lambda: PS.sim_settings(run_control="other"), ValueError, "'fixed' or 'booksim'"),
])
def test_bad_input(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_authors_column_runs_the_forks_permutation_of_endpoints():
    """The fork's randperm permutes endpoints (server_perm) where the paper permutes routers (randperm): the
    authors'-code column judges every random-permutation key on server_perm runs, every other pattern as in the text."""
    t3 = {r.label: r for r in PS.table3("paper")}
    assert PS.authors_key(t3, ("PS-IQ", "ugal", "randperm")) == ("PS-IQ", "ugal-pf", "server_perm")
    assert PS.authors_key(t3, ("DF", "ugal", "randperm")) == ("DF", "df-ugal", "server_perm")
    assert PS.authors_key(t3, ("DF", "ugal", "bitrev")) == ("DF", "df-ugal", "bitrev")
    c = {x.claim_id: x for x in PS.section_claims()}["ps-sec95-hx-sf-highest-most-patterns"]
    keys = PS.authors_claim(c).keys
    assert {k[2] for k in keys} == {"uniform", "server_perm", "bitrev", "shuffle"}  # Fig. 9c-f
    assert len(keys) == len(c.keys) and all((k[2] == "server_perm") == (o[2] == "randperm")
                                            for k, o in zip(keys, c.keys))
    # a server_perm search starts from the bracket of the paper's randperm search of the same network and role
    old = [{"label": "DF", "routing": "df-ugal", "traffic": "randperm", "load": x, "saturated": x > 0.4}
           for x in (0.4, 0.45)]
    asked = []
    orig = PS.S.saturation_searches
    PS.S.saturation_searches = lambda configs, **kw: asked.append(kw["hints"]) or []
    try:
        PS.booksim_rule_searches([(t3["DF"], "df-ugal", "server_perm")], old_records=old)
    finally:
        PS.S.saturation_searches = orig
    assert asked == [[(0.4, 0.45)]]


def test_any_vc_searches_are_done_only_once_their_coarse_search_is_recorded():
    """At any VC at every hop a search started from a hint is not done until the coarse search's runs are recorded;
    at other VC assignments the bracket's width decides, as before; the reading takes every run."""
    def runs(label, loads, vcsel, bad_at=0.6):
        return [{"label": label, "routing": "ugal", "traffic": "uniform", "load": x, "saturated": x >= bad_at,
                 "sim_router_options": {"vc_selection": vcsel}} for x in loads]

    hinted = (0.6, 0.61, 0.59375)  # a hinted search's runs: a bracket of width <= tol
    coarse = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.55, 0.575, 0.5875, 0.59375)  # the coarse search (tol 0.01)
    got = PS.searches_from_records(runs("A", hinted, "any") + runs("B", hinted, "hop") + runs("C", coarse, "any"))
    assert got[("A", "ugal", "uniform")] == (0.59375, False)
    assert got[("B", "ugal", "uniform")] == (0.59375, True)
    assert got[("C", "ugal", "uniform")] == (0.59375, True)
    assert PS.coarse_search_recorded({r["load"]: r["saturated"] for r in runs("C", coarse, "any")})
    # a partial deadlock below the hinted bracket: the coarse search meets it and the reading moves down with it
    stuck = runs("D", hinted, "any") + [{**runs("D", (0.5,), "any")[0], "saturated": True}]
    assert PS.searches_from_records(stuck)[("D", "ugal", "uniform")] == (0.0, False)
    more = stuck + runs("D", (0.1, 0.2, 0.3, 0.4), "any")
    assert PS.searches_from_records(more)[("D", "ugal", "uniform")] == (0.4, False)


def test_a_stuck_first_unstable_load_says_what_held_it():
    """The note's decision of a first unstable load decided 'stuck' names the deadlock the wait-for analysis found
    there (or that it found none), and the loads stable above it."""
    runs = [{"label": "A", "routing": "ugal", "traffic": "uniform", "load": x, "saturated": s, "decision": d, "seed": 0}
            for x, s, d in ((0.5, False, "converged"), (0.6, True, "stuck"), (0.65, False, "converged"),
                            (0.7, True, "latency-threshold"))]
    held = {"deadlocked_vcs": "2", "deadlocked_routers": "2", "deadlocked_packets": "16",
            "in_network_measured": "16", "measured_in_deadlock": "16"}
    got = PS.first_unstable_decisions(runs, {("A", "ugal", "uniform", 0.6, 0): held})
    assert got == {("A", "ugal", "uniform"): "stuck (a deadlock: 2 input VCs at 2 routers each waiting only on the "
                   "others, holding 16 packets, all 16 measured ones left; stable again above it at 0.65)"}
    slow = {**held, "deadlocked_vcs": "0", "measured_in_deadlock": "0"}
    got = PS.first_unstable_decisions(runs, {("A", "ugal", "uniform", 0.6, 0): slow})
    assert got[("A", "ugal", "uniform")].startswith("stuck (no deadlock in its final state")
    assert PS.first_unstable_decisions(runs, {("A", "ugal", "uniform", 0.6, 1): held})[("A", "ugal", "uniform")] \
        == "stuck (stable again above it at 0.65)"  # another seed's analysis is not this run's
