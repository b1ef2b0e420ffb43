import json
import math

import numpy as np
import pytest

from lowdiam import claims


@pytest.fixture
def card(tmp_path):
    claims.use_notebook("nb_test", tmp_path / "claims")
    return tmp_path


def test_compare_rules():
    assert claims.compare(100, 103, 5)
    assert not claims.compare(100, 106, 5)
    assert claims.compare(100, 104.9, "5%")
    assert not claims.compare(100, 105.1, "5%")
    assert claims.compare({23, 50, 56, 80}, [80, 56, 50, 23])
    assert not claims.compare({23, 50}, {23})
    assert claims.compare((0.55, 0.65), 0.6, "range")
    assert not claims.compare((0.55, 0.65), 0.7, "range")
    assert claims.compare(3, 3, None) and not claims.compare(3, 4, None)
    assert not claims.compare(1.0, float("nan"), 1.0)
    assert not claims.compare((0.5, 0.6), float("nan"), "range")
    # one statement over several cases: every value in the range
    assert claims.compare((0.4, 0.6), [0.45, 0.6, 0.4], "range")
    assert not claims.compare((0.4, 0.6), [0.45, 0.61], "range")
    assert not claims.compare((0.4, 0.6), [], "range")
    assert not claims.compare((0.4, 0.6), [0.5, float("nan")], "range")
    with pytest.raises(ValueError, match="percentage"):
        claims.compare(1, 1, "5")


def test_compare_numpy_scalars():
    assert claims.compare(10, np.int64(11), 2)
    assert claims.compare(np.float64(0.5), np.float32(0.52), 0.05)
    assert not claims.compare(10, np.int64(13), 2)
    assert claims.compare(3, np.int64(3), None)
    assert claims.compare((0.4, 0.6), np.float64(0.5), "range")


@pytest.mark.parametrize("tol", [math.inf, -1, "inf%", "-5%", float("nan")])
def test_compare_refuses_infinite_or_negative_tolerance(tol):
    with pytest.raises(ValueError, match="tolerance"):
        claims.compare(0.5, 100, tol)


def test_record_statuses_and_file(card):
    a = claims.record("a", "P", "order", 1064, 1064, 0, scale="paper")
    b = claims.record("b", "P", "order", 993, 949, 0, scale="paper", explanation="typo: 73*13 = 949")
    c = claims.record("c", "P", "ratio", 1.3, 1.0, "5%", scale="paper", note="known: heuristic spread")
    assert (a.status, b.status, c.status) == ("match", "mismatch-explained", "mismatch")
    assert c.note == "known: heuristic spread" and c.explanation == ""
    rows = json.loads((card / "claims" / "nb_test.json").read_text())
    assert [r["claim_id"] for r in rows] == ["a", "b", "c"]
    assert [r["scale"] for r in rows] == ["paper"] * 3


def test_the_file_is_the_json_of_the_claims_after_every_record(card):
    """The scorecard serialises each claim once and joins them: the file equals the JSON of the whole list, with
    strings holding line breaks, nested values and an empty card."""
    from dataclasses import asdict

    path = card / "claims" / "nb_test.json"
    assert path.read_text() == claims._dumps([]) + "\n"
    claims.record("a", "P", "order", 1064, 1064, 0, scale="paper", note="two\nlines", details={"x": [1, {"y": 2}]})
    claims.record("b", "P", "set", {3, 1}, [1, 3], None, scale="paper")
    claims.record("c", "P", "ratio", (0.4, 0.6), [0.5, 0.45], "range", scale="paper")
    assert path.read_text() == claims._dumps([asdict(c) for c in claims.records()]) + "\n"
    with pytest.raises(Exception, match="cannot assign"):
        claims.records()[0].note = "changed"  # frozen: the serialised text stays the claim's


def test_duplicate_ids_are_an_error(card):
    claims.record("same-id", "P", "w", 1, 1, scale="exact")
    with pytest.raises(ValueError, match="duplicate"):
        claims.record("same-id", "P", "w", 1, 2, scale="exact")
    with pytest.raises(ValueError, match="duplicate"):
        claims.record("Same_ID", "P", "w", 1, 2, scale="exact")  # same id once in kebab-case
    assert len(claims.records()) == 1


def test_ids_are_kebab_case(card):
    c = claims.record("gf-table5-GF(11,29,1,10)-routers", "P", "w", 1, 1, scale="exact")
    assert c.claim_id == "gf-table5-gf-11-29-1-10-routers"
    assert claims.kebab("edst_universal_count") == "edst-universal-count"
    with pytest.raises(ValueError):
        claims.kebab("()")


@pytest.mark.parametrize("bad", [float("nan"), math.inf, -math.inf, np.float64("nan"), [1.0, math.inf]])
def test_non_finite_values_refused_and_never_written(card, bad):
    claims.record("ok", "P", "w", 1, 1, scale="exact")
    with pytest.raises(ValueError, match="not finite"):
        claims.record("bad", "P", "w", 1.0, bad, 0.1, scale="paper")
    with pytest.raises(ValueError, match="not finite"):
        claims.record("bad2", "P", "w", bad, 1.0, 0.1, scale="paper")
    text = (card / "claims" / "nb_test.json").read_text()
    assert "NaN" not in text and "Infinity" not in text
    assert [c.claim_id for c in claims.records()] == ["ok"]


def test_infinite_tolerance_refused_in_record(card):
    with pytest.raises(ValueError, match="tolerance"):
        claims.record("x", "P", "w", 0.5, 100, math.inf, scale="paper")
    assert claims.records() == []


def test_non_json_detail_does_not_block_later_records(card):
    with pytest.raises(TypeError, match="not JSON"):
        claims.record("bad", "P", "w", 1, 1, scale="exact", details={"obj": object()})
    claims.record("later", "P", "w", 1, 1, scale="exact")
    rows = json.loads((card / "claims" / "nb_test.json").read_text())
    assert [r["claim_id"] for r in rows] == ["later"]


def test_numpy_values_are_stored_as_plain_json(card):
    c = claims.record("np", "P", "w", np.int64(10), np.float64(10.5), 1, scale="paper",
                      details={"arr": np.arange(3), "x": np.float32(0.5)})
    assert c.status == "match"
    rows = json.loads((card / "claims" / "nb_test.json").read_text())
    assert rows[0]["our_value"] == 10.5 and rows[0]["details"]["arr"] == [0, 1, 2]


def test_scale_rules(card):
    with pytest.raises(ValueError, match="scale"):
        claims.record("a", "P", "w", 1, 1, scale="small")
    with pytest.raises(ValueError, match="stand_in"):
        claims.record("b", "P", "w", 1, 1, scale="stand-in")
    with pytest.raises(ValueError, match="stand_in"):
        claims.record("c", "P", "w", 1, 1, scale="paper", stand_in="SF(7)")
    # a stand-in never "matches" a scale-dependent number, even when equal ...
    s = claims.record("d", "P", "saturation", 0.6, 0.6, 0.05, scale="stand-in", stand_in="SF(7), 98 routers")
    assert s.status == "stand-in"
    s2 = claims.record("d2", "P", "saturation", (0.4, 0.6), 0.5, "range", scale="stand-in", stand_in="SF(7)")
    assert s2.status == "stand-in"
    # ... but it can support a shape (ordering, trend)
    assert claims.record("e", "P", "ordering holds", True, True, None, scale="stand-in",
                         stand_in="SF(7)").status == "match"
    assert claims.record("f", "P", "ordering holds", True, False, None, scale="stand-in",
                         stand_in="SF(7)").status == "mismatch"
    assert claims.record("g", "P", "w", 1, 1).scale is None  # optional for now


def _write(directory, name, rows):
    directory.mkdir(parents=True, exist_ok=True)
    (directory / f"{name}.json").write_text(json.dumps(rows))


def _row(cid, pv, ov, tol, status, **kw):
    return {"claim_id": cid, "paper": "PolarStar Fig. 1", "what": "w", "paper_value": pv, "our_value": ov,
            "tolerance": tol, "status": status, **kw}


def test_render_recomputes_forged_statuses(tmp_path):
    d = tmp_path / "c"
    _write(d, "nb", [
        _row("forged", 1.0, 2.0, 0.1, "match", scale="paper"),
        _row("upper", 1.0, 1.0, 0.1, "MATCH", scale="paper"),
        _row("fine", 3, 3, 0, "match", scale="exact"),
    ])
    got, problems = claims.load_checked(d)
    status = {c.claim_id: c.status for c in got}
    assert status == {"forged": "mismatch", "upper": "match", "fine": "match"}
    assert any("forged" in p for p in problems) and any("upper" in p for p in problems)
    text = claims.render(d, tmp_path / "claims.md").read_text()
    assert "| PolarStar | paper | 1 | 0 | 1 | 0 | 2 |" in text
    assert "| PolarStar | exact | 1 | 0 | 0 | 0 | 1 |" in text
    assert "## Unexplained mismatches" in text
    unexplained = text.split("## Unexplained mismatches")[1].split("##")[0]
    assert "| forged |" in unexplained


def test_bad_record_reported_with_file_and_id_without_blocking(tmp_path):
    d = tmp_path / "c"
    _write(d, "a_nb", [
        _row("good-a", 1, 1, 0, "match", scale="paper"),
        {"claim_id": "no-values", "paper": "P", "what": "w"},
        _row("bad-scale", 1, 1, 0, "match", scale="tiny"),
        _row("nan-value", 1, "x", 0, "match", scale="paper") | {"our_value": float("nan")},
    ])
    (d / "b_broken.json").write_text("{not json")
    _write(d, "c_nb", [_row("good-a", 1, 1, 0, "match", scale="paper"), _row("good-c", 1, 1, 0, "match")])
    got, problems = claims.load_checked(d)
    assert [c.claim_id for c in got] == ["good-a", "good-c"]
    joined = "\n".join(problems)
    for needle in ("a_nb.json` record `no-values`", "a_nb.json` record `bad-scale`", "a_nb.json` record `nan-value`",
                   "b_broken.json", "c_nb.json` record `good-a`: duplicate"):
        assert needle in joined, needle
    text = claims.render(d, tmp_path / "claims.md").read_text()
    assert "## Problems in the records" in text and "## Scale not stated" in text


def test_render_layout(card):
    claims.record("x", "PolarStar Table 3", "routers", 993, 949, 0, scale="paper", explanation="typo")
    claims.record("y", "PolarStar Sec. 7", "set", {1, 2}, {2, 1}, scale="exact")
    claims.record("z", "SpectralFly Fig. 6", "saturation", 0.5, 0.45, 0.01, scale="stand-in",
                  stand_in="LPS(11,7), 168 routers")
    claims.record("w", "Galaxyfly Fig. 2", "max", 10, 11, 0, scale="paper", note="under investigation")
    claims.record("v", "Galaxyfly Fig. 3", "no scale", 1, 1, 0)
    text = claims.render(card / "claims", card / "claims.md").read_text()
    assert text.index("## Summary by paper and scale") < text.index("## Unexplained mismatches") < text.index(
        "## nb_test")
    assert "| x | PolarStar Table 3 | routers | 993 | 949 | exact | paper | **mismatch-explained** | typo |" in text
    assert "stand-in: LPS(11,7), 168 routers | **stand-in** |" in text
    assert "under investigation" in text
    assert "| Galaxyfly | scale not stated | 1 | 0 | 0 | 0 | 1 |" in text
    assert "On the papers' own networks with their settings: 0 match, 1 mismatch-explained, 1 mismatch." in text
    assert "Scale not stated: 1." in text
    assert "(../notebooks/nb_test.ipynb)" in text
    assert "/work/" not in text and str(card) not in text


def test_set_claims_survive_a_reload(card):
    claims.record("s", "P", "radixes", {23, 50, 56, 80}, [80, 56, 50, 23], None, scale="exact")
    got, problems = claims.load_checked(card / "claims")
    assert got[0].status == "match" and problems == []


def test_legacy_records_load(tmp_path):
    d = tmp_path / "c"
    _write(d, "old", [_row("t", 993, 949, 0, "mismatch-explained", note="typo", notebook="old", details={})])
    got, problems = claims.load_checked(d)
    assert got[0].status == "mismatch-explained" and got[0].explanation == "typo" and problems == []


def test_tolerance_notation():
    assert [claims.format_tolerance(t) for t in (0, None, 0.05, "5%", "range")] == [
        "exact", "exact", "± 0.05", "± 5 %", "in range"]


def test_record_requires_notebook(monkeypatch):
    monkeypatch.setattr(claims._CARD, "notebook", "")
    with pytest.raises(RuntimeError):
        claims.record("a", "P", "w", 1, 1)


def test_default_directory_is_paths_claims_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CLAIMS", str(tmp_path / "cl"))
    claims.use_notebook("envnb")
    claims.record("a", "P", "w", 1, 1, scale="exact")
    assert (tmp_path / "cl" / "envnb.json").is_file()


def test_scales_paper_network_arithmetic_and_sensitivity(card):
    claims.record("gf-sat", "Galaxyfly Fig. 7", "saturation", 0.15, 0.24, 0.05, scale="paper-network",
                  differs=["4-flit packets (paper: 1-flit)", "32-flit VC buffers (paper: 256-flit shared)"])
    claims.record("gf-sat-min", "Galaxyfly Fig. 7", "saturation, router-level MIN", 0.15, 0.95, 0.05,
                  scale="paper-network", differs="4-flit packets (paper: 1-flit)", sensitivity_of="gf-sat")
    claims.record("sf-arith", "SpectralFly Table II", "power per bandwidth from the printed columns", 30.5, 30.5,
                  0.05, scale="arithmetic")
    claims.record("ps-routers", "PolarStar Table 3", "routers", 1064, 1064, 0, scale="paper")
    assert [c.counted for c in claims.records()] == [True, False, True, True]
    assert "1 sensitivity rows, not counted" in claims.summary()
    text = claims.render(card / "claims", card / "claims.md").read_text()
    assert "On the papers' own networks with their settings: 1 match, 0 mismatch-explained, 0 mismatch." in text
    assert "with other settings (each row lists them): 0 match, 0 mismatch-explained, 1 mismatch." in text
    assert "The papers' arithmetic (printed numbers checked against each other, not reproductions): 1 match" in text
    assert "Sensitivity rows, not counted: 1." in text
    assert "| **all** | | 2 | 0 | 1 | 0 | 3 |" in text  # the sensitivity row is in no total
    assert "| gf-sat-min | gf-sat | 0.15 | 0.95 |" in text  # ... but listed
    assert "paper-network (4-flit packets (paper: 1-flit); 32-flit VC buffers (paper: 256-flit shared))" in text
    # the unexplained-mismatch list holds the counted claim only
    unexplained = text.split("## Unexplained mismatches")[1].split("##")[0]
    assert "| gf-sat |" in unexplained and "gf-sat-min" not in unexplained
    loaded = {c.claim_id: c for c in claims.load(card / "claims")}
    assert loaded["gf-sat-min"].sensitivity_of == "gf-sat" and loaded["gf-sat"].differs[0].startswith("4-flit")


@pytest.mark.parametrize("kwargs, match", [
    ({"scale": "paper-network"}, "needs differs="),
    ({"scale": "paper", "differs": ["x"]}, "differs= given but scale"),
    ({"scale": "paper-network", "differs": [""]}, "non-empty strings"),
    ({"scale": "paper", "sensitivity_of": "nope"}, "must name a counted claim"),
    ({"scale": "paper", "sensitivity_of": "this"}, "must name a counted claim"),
])
def test_new_fields_refuse_bad_input(card, kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        claims.record("this", "P", "w", 1, 1, 0, **kwargs)


def test_sensitivity_of_a_sensitivity_row_is_refused(card):
    claims.record("a", "P", "w", 1, 1, 0, scale="paper")
    claims.record("b", "P", "w", 1, 1, 0, scale="paper", sensitivity_of="a")
    with pytest.raises(ValueError, match="counted claim"):
        claims.record("c", "P", "w", 1, 1, 0, scale="paper", sensitivity_of="b")


@pytest.mark.parametrize("paper, tol, wide", [(2.2, 2.5, True), (0.08, 0.1, True), (0.08, 0.04, False),
                                              (0.0, 0.005, True), (10, "150%", True), (10, "100%", False),
                                              ((0.4, 0.6), "range", False), (True, None, False), (5, 5, False)])
def test_tolerance_wider_than_its_value_needs_a_reason(card, paper, tol, wide):
    assert claims.tolerance_exceeds_value(paper, tol) is wide
    our = 0.5 if tol == "range" else paper
    if wide:
        with pytest.raises(ValueError, match="wider than the value"):
            claims.record("t", "P", "w", paper, our, tol, scale="paper")
        c = claims.record("t", "P", "w", paper, our, tol, scale="paper", wide_tolerance="printed to two decimals")
        assert c.wide_tolerance == "printed to two decimals"
    else:
        claims.record("t", "P", "w", paper, our, tol, scale="paper")


def test_load_reports_a_wide_tolerance_without_reason_and_a_dangling_sensitivity(tmp_path):
    import json

    d = tmp_path / "claims"
    d.mkdir()
    base = {"paper": "P", "what": "w", "status": "match", "scale": "paper"}
    rows = [{**base, "claim_id": "wide", "paper_value": 2.2, "our_value": 0.8, "tolerance": 2.5},
            {**base, "claim_id": "dangling", "paper_value": 1, "our_value": 1, "tolerance": 0,
             "sensitivity_of": "gone"},
            {**base, "claim_id": "net", "paper_value": 1, "our_value": 1, "tolerance": 0, "scale": "paper-network"}]
    (d / "nb.json").write_text(json.dumps(rows))
    got, problems = claims.load_checked(d)
    assert got == []
    joined = "\n".join(problems)
    assert "record `wide`: tolerance 2.5 is wider" in joined
    assert "record `dangling`: sensitivity_of 'gone'" in joined
    assert "record `net`: scale 'paper-network' needs" in joined
