"""lowdiam.studies.galaxyfly_paper_settings: the recorded Galaxyfly Fig. 7/9 searches at the paper's Sec. 5 settings."""

from __future__ import annotations

import csv
import json

import pytest

from lowdiam import sweep as S
from lowdiam.paths import results_dir
from lowdiam.studies import galaxyfly_paper_settings as GPS

#: a small stand-in Galaxyfly (15 routers, 30 endpoints) for the paper's ~3,300-endpoint networks
STAND_IN = S.Recipe("galaxyfly", {}, "GF(3,5,1,2)", (3, 5, 1, 2))


def _rows(path):
    with open(path, newline="") as fh:
        return list(csv.DictReader(fh))


def test_the_searches_are_those_of_the_recorded_fig7_9_and_gf_min_runs():
    rows = _rows(results_dir() / "paper" / "05_simulation" / "05_galaxyfly_fig7_9.csv")
    gfmin = _rows(results_dir() / "paper" / "05_simulation" / "05_galaxyfly_gfmin.csv")
    recorded = {(r["label"], r["routing"], r["traffic"], json.dumps(json.loads(r["recipe"]), sort_keys=True))
                for r in rows + gfmin}
    ours = {(rc.label, rt, tr, json.dumps({"constructor": rc.constructor, "args": list(rc.args), "kwargs": rc.kwargs},
                                          sort_keys=True)) for rc, rt, tr in GPS.configs()}
    assert ours == recorded and len(GPS.configs()) == 54
    assert [rt for _, rt, _ in GPS.configs()][:12] == ["gf-min"] * 12  # the counted routing first
    # the settings differ from the recorded ones exactly by the paper's: packets, buffers, routing delay, run control
    old = {json.dumps(json.loads(r["sim"]), sort_keys=True) for r in rows}
    assert len(old) == 1
    old = json.loads(old.pop())
    new = dict(GPS.SIM)
    assert (new.pop("packet_flits"), old.pop("packet_flits")) == (1, 4)
    assert new.pop("run_control") == "booksim" and (old.pop("warmup_cycles"), old.pop("measure_cycles")) == (3000, 5000)
    ro = dict(new.pop("router_options"))
    assert {k: ro.pop(k) for k in ("buffer_policy", "buf_size", "private_buf_size", "routing_delay")} == {
        "buffer_policy": "shared", "buf_size": 256, "private_buf_size": 5, "routing_delay": 2}
    assert ro == old.pop("router_options") and new == old


def test_a_stand_in_search_is_recorded_row_by_row_and_resumes(tmp_path):
    cfgs = [(STAND_IN, "min", "uniform"), (STAND_IN, "nag", "uniform")]
    first = GPS.run(cfgs=cfgs, root=tmp_path, processes=1, progress=False)
    assert [x.rule for x in first] == ["booksim", "booksim"]
    assert all(0.0 < x.saturation_load < 1.0 for x in first)
    log = tmp_path / "paper" / GPS.LOG[0] / f"{GPS.LOG[1]}.csv"
    rows = _rows(log)
    assert len(rows) == sum(len(x.records) for x in first)
    assert all(json.loads(r["sim"]) == GPS.SIM for r in rows)
    got = GPS.recorded(root=tmp_path, recipes={STAND_IN.label: STAND_IN})
    assert got == {(STAND_IN.label, "min", "uniform"): (first[0].saturation_load, True),
                   (STAND_IN.label, "nag", "uniform"): (first[1].saturation_load, True)}
    # each search's highest accepted load over its runs (the throughput beside the knee)
    peak = GPS.peak_accepted(root=tmp_path, recipes={STAND_IN.label: STAND_IN})
    for x, rt in zip(first, ("min", "nag")):
        assert peak[(STAND_IN.label, rt, "uniform")] == max(rec["accepted_load"] for rec in x.records)
    assert GPS.peak_accepted(root=tmp_path, recipes={STAND_IN.label: STAND_IN}, sim=GPS.RD1_SIM) == {}
    # resumed: the recorded runs answer, nothing is run or recorded again
    again = GPS.run(cfgs=cfgs, root=tmp_path, processes=1, progress=False)
    assert [x.saturation_load for x in again] == [x.saturation_load for x in first]
    assert len(_rows(log)) == len(rows)
    # the paper's networks' searches read nothing of the stand-in's
    assert GPS.recorded(root=tmp_path) == {}
    # runs of other settings in the same log (an earlier routing delay) are not read
    assert GPS.recorded(root=tmp_path, recipes={STAND_IN.label: STAND_IN}, sim=GPS.RD1_SIM) == {}
    assert GPS.RD1_SIM["router_options"] == {k: v for k, v in GPS.SIM["router_options"].items() if k != "routing_delay"}


def test_the_command_line_passes_labels_with_commas_whole(monkeypatch):
    """The default runs every network; a label such as GF(11,29,2,5) is one label (a job once died here)."""
    from lowdiam.studies import galaxyfly_paper_settings as GPS

    seen = []
    monkeypatch.setattr(GPS, "run", lambda **kw: seen.append(kw) or [])
    GPS.main([])
    GPS.main(["--labels", "GF(11,29,2,5),SF", "--processes", "1"])
    assert seen[0]["labels"] is None and GPS.configs(seen[0]["labels"]) == GPS.configs()
    assert seen[1] == {"processes": 1, "labels": ["GF(11,29,2,5)", "SF"], "groups": None}
    GPS.main(["--groups", "d2-min, sf-min"])
    assert seen[2]["groups"] == ["d2-min", "sf-min"]
    with pytest.raises(ValueError, match="unbalanced"):
        GPS.main(["--labels", "GF(11,29"])


def test_groups_take_every_search_once_the_counted_claims_first():
    """The job's groups partition configs(); the named groups come whole, in GROUPS order, before ``rest``."""
    groups = GPS.group_configs()
    keys = [(c[0].label, c[1], c[2]) for _, cs in groups for c in cs]
    assert sorted(keys) == sorted((c[0].label, c[1], c[2]) for c in GPS.configs()) and len(set(keys)) == len(keys)
    assert [g for g, _ in groups] == list(GPS.GROUPS)
    first = dict(groups)
    d3 = {(c[0].label, c[1]) for c in first["d3-gf-min"]}
    assert d3 == {("GF(81,1,10,4)", "gf-min"), ("GF(56,1,11,5)", "gf-min")}
    assert all(len(cs) == 2 * len(GPS.GROUPS[g]) for g, cs in groups if g != "rest")  # both patterns of each pair
    # a group asked for alone keeps only its own searches; a label subset restricts every group
    assert GPS.group_configs(["rest"])[0][1] == first["rest"]
    assert [c[0].label for _, cs in GPS.group_configs(labels=["SF"]) for c in cs] == ["SF"] * 4


def test_the_extra_groups_run_fb_worst_4flit_and_zero_load_at_the_paper_settings(monkeypatch, tmp_path):
    """``fb-worst``, ``packet-4flit`` and ``zero-load``: what each runs, at which settings, into which log."""
    calls = []
    monkeypatch.setattr(S, "saturation_searches",
                        lambda cfgs, **kw: calls.append(("search", [(c[0].label, c[1], c[2]) for c in cfgs], kw)) or [])
    monkeypatch.setattr(S, "run_sweep", lambda runs, **kw: calls.append(("runs", list(runs), kw)) or [])
    GPS.run(groups=["zero-load", "packet-4flit", "fb-worst"], root=tmp_path, processes=1, progress=False)
    (k1, fb, kw1), (k2, pk, kw2), (k3, zl, kw3) = calls  # the fixed order: fb-worst, packet-4flit, zero-load
    assert (k1, fb, kw1["sim"], kw1["record"].path.stem) == ("search", [("FB", "min", "worst_case")], GPS.SIM,
                                                             GPS.LOG[1])
    assert (k2, kw2["sim"], kw2["record"].path.stem) == ("search", GPS.SIM_4FLIT, GPS.LOG_4FLIT[1])
    assert pk == [(lab, rt, tr) for rt in ("min", "gf-min") for lab in GPS.PACKET_LABELS for tr in GPS.PATTERNS
                  if rt == "min" or GPS.has_gf_min(GPS.NETWORKS[lab])]
    assert [k for k in pk if k[1] == "gf-min"] == [("GF(81,1,10,4)", "gf-min", tr) for tr in GPS.PATTERNS]
    assert GPS.SIM_4FLIT == {**GPS.SIM, "packet_flits": 4} and GPS.SIM["packet_flits"] == 1
    assert (kw1["tol"], kw1["coarse_step"]) == (kw2["tol"], kw2["coarse_step"]) == (GPS.TOL, GPS.COARSE_STEP)
    assert k3 == "runs" and kw3["record"].path.stem == GPS.LOG_ZERO_LOAD[1]
    assert [(r.recipe.label, r.routing, r.traffic, r.load, r.sim) for r in zl] == [
        (lab, rt, "uniform", GPS.ZERO_LOAD, GPS.SIM) for lab in GPS.ZERO_LOAD_LABELS
        for rt in ("min", "gf-min") if rt == "min" or GPS.has_gf_min(GPS.NETWORKS[lab])]
    assert {r.routing for r in zl if r.recipe.label == "FT"} == {"min"} and len(zl) == 7  # FT has no supernodes
    # a label subset restricts the extras too; an unknown group is refused with the valid ones named
    calls.clear()
    GPS.run(groups=["fb-worst", "zero-load"], labels=["FT"], root=tmp_path, processes=1, progress=False)
    assert [(k, [r.recipe.label for r in x] if k == "runs" else x) for k, x, _ in calls] == [("runs", ["FT"])]
    with pytest.raises(ValueError, match="choose from .*'fb-worst', 'packet-4flit', 'zero-load'"):
        GPS.run(groups=["zero"], root=tmp_path)


def test_the_notebook_reads_the_zero_load_and_packet_size_searches_of_the_paper_settings():
    """The notebook's zero-load networks and packet-size networks are the job's; what is recorded is read back."""
    from lowdiam.studies import sim_galaxyfly as SG

    assert SG.ZL == list(GPS.ZERO_LOAD_LABELS) and tuple(SG.PK_NETS) == GPS.PACKET_LABELS
    assert all(SG.min_routing(GPS.NETWORKS[lab]) == "min" for lab in GPS.ZERO_LOAD_LABELS + GPS.PACKET_LABELS)
    for rt in ("min", "gf-min"):
        zl = GPS.zero_load_runs(routing=rt)
        assert set(zl) <= set(GPS.ZERO_LOAD_LABELS)
        assert all(r["load"] == GPS.ZERO_LOAD and r["routing"] == rt and not r["saturated"] for r in zl.values())
    with pytest.raises(ValueError, match="routing must be 'min' or 'gf-min'"):
        GPS.zero_load_runs(routing="nag")
    four = GPS.recorded(log=GPS.LOG_4FLIT, sim=GPS.SIM_4FLIT)
    assert {k[0] for k in four} <= set(GPS.PACKET_LABELS)
    assert GPS.recorded(log=GPS.LOG_4FLIT) == {}  # the 1-flit settings read nothing of the 4-flit log
