"""Notebook 07's study layer (lowdiam.studies.motifs_study, motifs_claims, motifs_figures): the profiles' setups,
the runs each section plans, the reading of the recorded paper-scale rows, and the claims judged on them.

Everything runs on hand-made rows or tiny networks (the paper's networks are swapped for small ones where a label
is built), so the module is fast; the notebook itself checks the real runs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import committed_claims

from lowdiam import claims
from lowdiam.results import ResultLog
from lowdiam.studies import motifs_claims as MC
from lowdiam.studies import motifs_figures as MF
from lowdiam.studies import motifs_study as MS
from lowdiam.studies.motifs_study import (
    PAPER,
    QUICK,
    EdstRuns,
    Fig11Runs,
    MotifStudy,
    SpectralFlyRuns,
    recipe,
    routing_class,
)

ROOT = Path(__file__).resolve().parents[1]
# small networks under the papers' keys: where a test builds labels or sizes, it builds these (the families matter
# only for the routing names; no finite field to build, so no numba compilation)
SMALL_SPEC = {"LPS": recipe("hyperx", 4), "DF": recipe("dragonfly", 4, 2, 2), "SF": recipe("hyperx", 2, 3),
              "BF": recipe("hyperx", 3, 3)}
SMALL_FIG11 = {"PS-IQ": recipe("hyperx", 2, 2), "DF": recipe("dragonfly", 4, 2, 2), "HX": recipe("hyperx", 3, 3),
               "FT": recipe("fat_tree", 4, 2)}


def small_study(monkeypatch, profile: str = "quick") -> MotifStudy:
    """A study of ``profile`` whose networks are the small ones (its sizes and ranks unchanged)."""
    study = MotifStudy(profile)
    monkeypatch.setattr(study, "setup", replace(study.setup, fig11=SMALL_FIG11, spec=SMALL_SPEC, edst_nets=SMALL_FIG11))
    return study


def committed_ids(prefix: str) -> list[str]:
    """The claim ids notebook 07's committed records hold under ``prefix``, in order."""
    rows = committed_claims("07_motifs")
    return [r["claim_id"] for r in rows if r["claim_id"].startswith(prefix)]


# ---------------------------------------------------------------------- setups and items
def test_the_paper_profile_runs_the_papers_networks_and_sizes():
    assert PAPER.fig11 == {"PS-IQ": recipe("polarstar", 11, "iq", 3, endpoints_per_router=5),
                           "DF": recipe("dragonfly", 12, 6, 6), "HX": recipe("hyperx", 9, 9, 8, endpoints_per_router=8),
                           "FT": recipe("fat_tree", 18, 3)}
    assert PAPER.allreduce == {"message_bytes": 65536, "iterations": 10}
    assert PAPER.sweep == {"iterations": 1, "message_bytes": 3200, "motif_options": {"blocks": 50}}
    assert PAPER.spec["DF"] == recipe("dragonfly", 16, 8, 8, arrangement="circulant", groups=69)
    assert PAPER.spec_placement == {"ranks": 8192, "mapping": "random-nodes"}
    assert PAPER.halo == {"message_bytes": 80000, "motif_options": {"block": 100}}
    assert (PAPER.fft, PAPER.edst_bytes, PAPER.ranks) == ({"message_bytes": 1024}, 1 << 20, None)
    assert (QUICK.ranks, QUICK.spec_placement, QUICK.allreduce) == (192, {}, {"message_bytes": 8192, "iterations": 2})
    assert MS.FIG11_PAPER_CASES["sweep3d"] == {"motif": "sweep3d", "iterations": 1, "message_bytes": 3200}


def test_profiles_and_workers():
    with pytest.raises(ValueError, match="unknown profile 'full'"):
        MotifStudy("full")
    quick = MotifStudy("quick", scheduler="tcp://x:1", processes=8)
    assert (quick.scheduler, quick.processes) == (None, 1)  # the quick profile runs here, one run at a time
    paper = MotifStudy("paper", scheduler="", processes=3)
    assert (paper.scheduler, paper.processes) == (None, 3)
    assert MotifStudy("paper", scheduler="tcp://x:1").scheduler == "tcp://x:1"
    assert routing_class("ugal") == routing_class("df-ugal") == "UGAL" and routing_class("min") == "MIN"


def test_each_section_plans_every_network_motif_and_routing():
    quick, paper = MotifStudy("quick"), MotifStudy("paper")
    f11 = quick.fig11_items()
    assert len(f11) == 16 and {(it["key"], it["case"]) for it in f11} == {
        (k, c) for k in QUICK.fig11 for c in ("allreduce", "sweep3d")}
    assert {it["routing"] for it in f11 if it["key"] == "DF"} == {"df-min", "df-ugal"}
    assert all(it["algorithm"] == "tree" and it["iterations"] == 2 for it in f11 if it["case"] == "allreduce")
    sf_quick, sf_paper = quick.spectralfly_items(), paper.spectralfly_items()
    assert len(sf_quick) == len(sf_paper) == 32
    assert [it["routing"] for it in sf_quick[:4]] == ["min"] * 4 and sf_quick[-1]["routing"] == "ugal"
    unbal = [it for it in sf_quick if it["case"] == "fft-unbalanced"]
    assert unbal[0]["motif_options"] == {"balanced": False, "grid": (48, 4)} and "ranks" not in unbal[0]
    unbal = [it for it in sf_paper if it["case"] == "fft-unbalanced"]
    assert unbal[0]["motif_options"]["grid"] == (2048, 4)
    assert all(it["ranks"] == 8192 and it["mapping"] == "random-nodes" for it in sf_paper)
    edst = MS.edst_items({"HX": recipe("hyperx", 3, 3), "K3": recipe("hyperx", 3)}, 4096)
    assert [(it["key"], it["trees"], it["case"], it["routing"], it["message_bytes"]) for it in edst] == [
        ("HX", 1, "edst-1", "min", 4096), ("HX", 2, "edst-2", "min", 4096), ("K3", 1, "edst-1", "min", 4096)]
    assert edst[0]["motif_options"] == {"segments": 16} and edst[2]["recipe"].kwargs == {"endpoints_per_router": 1}


def test_where_names_the_scale_of_a_claim():
    assert MotifStudy("paper").where([], []) == {"scale": "paper"}
    assert MotifStudy("paper").where([], ["x"]) == {"scale": "paper-network", "differs": ["x"]}
    w = MotifStudy("quick").where([recipe("dragonfly", 4, 2, 2), recipe("hyperx", 3, 3)], ["x"])
    assert w == {"scale": "stand-in", "stand_in": "DF(4,2,2) (36 routers), HX(3x3) (9 routers); 192 ranks, smaller "
                                                  "messages"}


def test_describe_names_both_setups_in_the_quick_profile(monkeypatch):
    monkeypatch.setattr(MS, "PAPER", replace(PAPER, fig11=SMALL_FIG11, spec=SMALL_SPEC, edst_nets=SMALL_FIG11))
    text = small_study(monkeypatch).describe()
    assert text.splitlines()[0] == "profile quick, seed 0:"
    assert "the paper profile" in text and "8,192 ranks (random-nodes)" in text and "65,536 B x 10" in text
    paper = small_study(monkeypatch, "paper")
    paper.processes = 2
    assert paper.describe().splitlines()[:2] == ["motif runs on 2 local process(es)", "profile paper, seed 0:"]


# ---------------------------------------------------------------------- runs and records
def test_the_paper_profile_records_each_run_and_reads_it_back(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_RESULTS", str(tmp_path / "results"))
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    items = [dict(recipe=recipe("dragonfly", 4, 2, 2), key="DF", case="sweep3d", motif="sweep3d",
                  routing="df-min", message_bytes=1024, ranks=None)]  # every endpoint a rank, in both profiles
    quick = MotifStudy("quick").runs("t", items, bound=True)
    assert quick[0]["link_bound"] == 8192 and not (tmp_path / "results").exists()
    study = MotifStudy("paper", processes=1)
    rows = study.runs("07_test_bounds", items, bound=True)
    assert [(r["key"], r["network"], r["ranks"], r["link_bound"]) for r in rows] == [("DF", "DF(4,2,2)", 0, 8192)]
    log = tmp_path / "results" / "paper" / "07_motifs" / "07_test_bounds.csv"
    assert len(log.read_text().splitlines()) == 2

    def fail(*args, **kwargs):
        raise AssertionError("a recorded run was computed again")

    monkeypatch.setattr("lowdiam.studies.motifs.logged_item_result", fail)
    assert study.runs("07_test_bounds", items, bound=True) == rows


def test_every_local_run_shows_its_own_bar_and_dask_runs_the_logs_only(tmp_path, monkeypatch):
    # one labelled bar per job: a run on local processes (one or several) reports its messages; on Dask, no
    monkeypatch.setenv("LOWDIAM_RESULTS", str(tmp_path / "results"))
    seen = []

    def run(self, rows, compute, **kwargs):
        seen.append(compute.keywords["progress"])
        return []

    monkeypatch.setattr("lowdiam.studies.motifs_study.ResultLog.run", run)
    items = [dict(recipe=recipe("dragonfly", 4, 2, 2), key="DF", case="sweep3d", motif="sweep3d",
                  routing="df-min", message_bytes=1024, ranks=None)] * 2
    for study in (MotifStudy("paper", processes=1), MotifStudy("paper", processes=2),
                  MotifStudy("paper", scheduler="tcp://127.0.0.1:1")):
        study.runs("07_test_bars", items)
    assert seen == [True, True, False]


SMALL_EDST = {"HX": recipe("hyperx", 3, 3)}  # 2 EDSTs


def test_section_items_name_each_sections_log_items_and_key(monkeypatch):
    study = small_study(monkeypatch)
    monkeypatch.setattr(study, "setup", replace(study.setup, edst_nets=SMALL_EDST))
    assert study.section_items("fig11") == ("07_polarstar_fig11", study.fig11_items(), MS.KEY)
    log, items, key = study.section_items("spectralfly")
    assert (log, key) == ("07_spectralfly_fig9_10", MS.KEY_SPEC) and items == study.spectralfly_items()
    log, items, key = study.section_items("edst")
    assert (log, key) == ("07_edst_allreduce", MS.KEY) and {it["algorithm"] for it in items} == {"edst"}
    assert set(MS.SECTIONS) == {"fig11", "spectralfly", "edst"}
    with pytest.raises(ValueError, match="unknown section 'fig9'; choose from fig11, spectralfly, edst"):
        study.section_items("fig9")


def test_the_command_line_records_the_chosen_sections(monkeypatch, capsys):
    calls = []

    def runs(self, log, items, key):
        calls.append((self.profile, self.processes, self.scheduler, log, len(items), key))
        return [dict(key=it["key"], case=it["case"], routing=it["routing"], completion_cycles=7) for it in items]

    monkeypatch.setattr(MotifStudy, "runs", runs)
    monkeypatch.setattr(MS, "PAPER", replace(PAPER, fig11=SMALL_FIG11, spec=SMALL_SPEC, edst_nets=SMALL_EDST))
    monkeypatch.setitem(MS.SETUPS, "paper", MS.PAPER)
    MS.main(["--sections", "fig11,edst", "--processes", "2"])
    assert [c[:5] for c in calls] == [("paper", 2, None, "07_polarstar_fig11", 16),
                                      ("paper", 2, None, "07_edst_allreduce", 2)]
    out = capsys.readouterr().out
    assert "section fig11: 16 runs, log 07_polarstar_fig11" in out and out.count("completion 7 cycles") == calls[0][4] \
        + calls[1][4]
    with pytest.raises(ValueError, match="--sections must name one or more of fig11, spectralfly, edst"):
        MS.main(["--sections", "fig11,fig9"])
    with pytest.raises(ValueError, match="--processes must be >= 1"):
        MS.main(["--processes", "0"])


def _log(root, name, key, rows):
    log = ResultLog("07_motifs", name, key=key, root=root)
    for r in rows:
        log.append(r)


def test_recorded_fig11_keeps_the_papers_runs_only(tmp_path, monkeypatch):
    monkeypatch.setattr(MS, "PAPER", replace(PAPER, fig11=SMALL_FIG11))
    base = dict(key="DF", case="allreduce", network="DF(4,2,2)", motif="allreduce", algorithm="tree", trees=0,
                routing="df-min", message_bytes=65536, iterations=10, ranks=0, completion_cycles=100)
    _log(tmp_path, "07_polarstar_fig11", MS.KEY, [
        base, {**base, "routing": "df-ugal", "completion_cycles": 50},
        {**base, "ranks": 192, "completion_cycles": 1}, {**base, "message_bytes": 8192, "completion_cycles": 2},
        {**base, "network": "DF(6,3,2)", "completion_cycles": 3}, {**base, "case": "edst-1", "completion_cycles": 4},
        {**base, "case": "sweep3d", "motif": "sweep3d", "algorithm": "", "message_bytes": 3200, "iterations": 1,
         "completion_cycles": 70}])
    assert MS.recorded_fig11(tmp_path) == {("DF", "allreduce", "MIN"): 100, ("DF", "allreduce", "UGAL"): 50,
                                           ("DF", "sweep3d", "MIN"): 70}
    assert MS.recorded_fig11(tmp_path / "nothing") == {}


def test_recorded_spectralfly_reads_runs_bounds_and_unfinished_runs(tmp_path, monkeypatch):
    monkeypatch.setattr(MS, "PAPER", replace(PAPER, spec={"DF": recipe("dragonfly", 4, 2, 2),
                                                          "SF": recipe("hyperx", 2, 3)}))
    run = dict(key="DF", case="halo3d", network="DF(4,2,2)", motif="halo3d", algorithm="", trees=0, routing="df-min",
               message_bytes=80000, iterations=1, ranks=8192, mapping="random-nodes")
    _log(tmp_path, "07_spectralfly_fig9_10", MS.KEY_SPEC, [
        {**run, "completion_cycles": 500, "hops_mean": 2.5}, {**run, "ranks": 192, "completion_cycles": 1,
                                                              "hops_mean": 1.0},
        {**run, "mapping": "linear", "completion_cycles": 2, "hops_mean": 1.0}])
    _log(tmp_path, "07_spectralfly_link_bounds", MS.KEY_SPEC, [
        {**run, "link_bound": 400, "serialization_bound": 300}])
    sf = {**run, "key": "SF", "network": "HX(2x3)", "routing": "ugal"}
    from lowdiam.studies.unfinished import record_unfinished

    record_unfinished([  # partial rows of the results store
        {**sf, "seed": 0, "cycle_reached": 10}, {**sf, "seed": 0, "cycle_reached": 30},
        {**sf, "seed": 1, "cycle_reached": 99},
        {**run, "seed": 0, "cycle_reached": 20}], root=tmp_path)  # DF's run has finished
    rec = MS.recorded_spectralfly(0, tmp_path)
    assert rec["recorded"] == {("DF", "halo3d", "MIN"): 500}
    assert rec["recorded_rows"][("DF", "halo3d", "MIN")]["hops_mean"] == 2.5
    assert (rec["recorded_link"], rec["recorded_endpoint"]) == ({("DF", "halo3d"): 400}, {("DF", "halo3d"): 300})
    assert rec["reached"] == {("SF", "halo3d", "UGAL"): 30} and list(rec["unfinished"]) == [("SF", "halo3d", "UGAL")]
    assert MS.recorded_spectralfly(1, tmp_path)["reached"] == {("SF", "halo3d", "UGAL"): 99}


def test_recorded_edst_keeps_the_papers_vector_sorted(tmp_path, monkeypatch):
    monkeypatch.setattr(MS, "PAPER", replace(PAPER, edst_nets={"SF": recipe("hyperx", 3, 3)}))
    row = dict(key="SF", case="edst-2", network="HX(3x3)", motif="allreduce", algorithm="edst", trees=2, routing="min",
               message_bytes=1 << 20, iterations=1, ranks=0, completion_cycles=10)
    _log(tmp_path, "07_edst_allreduce", MS.KEY, [row, {**row, "trees": 1, "case": "edst-1"},
                                                 {**row, "trees": 3, "message_bytes": 65536}])
    assert [r["trees"] for r in MS.recorded_edst(tmp_path)] == [1, 2]


# ---------------------------------------------------------------------- the sections' results
def _fig11_rows(times):
    return [dict(key=k, network=f"N-{k}", motif=m, routing="ugal" if c == "UGAL" else "min", routing_class=c,
                 completion_cycles=t, serialization_bound=10, hops_mean=2.0) for (k, m, c), t in times.items()]


FIG11_TIMES = {("PS-IQ", "allreduce", "MIN"): 100, ("DF", "allreduce", "MIN"): 240, ("HX", "allreduce", "MIN"): 300,
               ("FT", "allreduce", "MIN"): 90, ("PS-IQ", "allreduce", "UGAL"): 50, ("DF", "allreduce", "UGAL"): 70,
               ("HX", "allreduce", "UGAL"): 60, ("FT", "allreduce", "UGAL"): 88, ("PS-IQ", "sweep3d", "MIN"): 100,
               ("DF", "sweep3d", "MIN"): 105, ("HX", "sweep3d", "MIN"): 100, ("FT", "sweep3d", "MIN"): 100,
               ("PS-IQ", "sweep3d", "UGAL"): 100, ("DF", "sweep3d", "UGAL"): 128, ("HX", "sweep3d", "UGAL"): 104,
               ("FT", "sweep3d", "UGAL"): 95}


def test_fig11_runs():
    runs = Fig11Runs(_fig11_rows(FIG11_TIMES), {("DF", "sweep3d", "MIN"): 7})
    assert runs.time("HX", "allreduce", "UGAL") == 60 and runs.this_run() == FIG11_TIMES
    lines = runs.report().splitlines()
    assert len(lines) == 17 and lines[-1] == "recorded paper-scale Fig. 11 runs: {'DF sweep3d MIN': 7}"
    assert lines[0].startswith("PS-IQ  N-PS-IQ") and "(busiest-endpoint bound 10, 2.00 hops)" in lines[0]
    assert Fig11Runs([], {}).report() == "recorded paper-scale Fig. 11 runs: none yet"


def _sf_runs(**kw):
    keys, cases = ["LPS", "DF", "SF", "BF"], ["halo3d", "sweep3d", "fft-balanced", "fft-unbalanced"]
    speed = {(k, c, cls): 1.0 for k in keys for c in cases for cls in ("MIN", "UGAL")}
    speed.update({("LPS", "halo3d", "MIN"): 1.2, ("LPS", "sweep3d", "MIN"): 1.0, ("DF", "fft-balanced", "MIN"): 1.0,
                  ("LPS", "fft-balanced", "MIN"): 0.8, ("SF", "fft-balanced", "MIN"): 0.9,
                  ("BF", "fft-balanced", "MIN"): 0.7, ("LPS", "fft-unbalanced", "MIN"): 1.5,
                  ("LPS", "halo3d", "UGAL"): 1.3, ("SF", "sweep3d", "UGAL"): 1.1, ("LPS", "fft-balanced", "UGAL"): 0.9,
                  ("SF", "fft-balanced", "UGAL"): 0.8, ("BF", "fft-balanced", "UGAL"): 0.7})
    rows = [dict(key=k, case=c, routing_class="MIN", completion_cycles=int(1000 / speed[(k, c, "MIN")]))
            for k in keys for c in cases]
    return SpectralFlyRuns(profile="quick", keys=keys, rows=rows, cases=cases, speed=speed,
                           link_bound={(k, c): 500 for k in keys for c in cases}, **kw)


def test_spectralfly_runs():
    runs = _sf_runs(recorded={("DF", "halo3d", "MIN"): 300, ("LPS", "halo3d", "MIN"): 200},
                    reached={("SF", "halo3d", "MIN"): 50})
    assert runs.recorded_speed("LPS", "halo3d", "MIN") == 1.5
    assert runs.recorded_speed("SF", "halo3d", "MIN") != runs.recorded_speed("SF", "halo3d", "MIN")  # nan
    assert runs.missing("SF", "halo3d", "MIN") == "SF unfinished"
    assert runs.missing("BF", "sweep3d", "UGAL") == "BF not run\nDF not run"
    assert runs.missing("DF", "sweep3d", "MIN") == "DF not run"
    text = runs.report()
    assert "Fig. 9 MIN  halo3d          LPS: 1.20  DF: 1.00  SF: 1.00  BF: 1.00" in text
    assert "unfinished paper-scale runs (cycle reached): {'SF halo3d MIN': 50}" in text
    assert "  LPS  halo3d          bound        500  completion        833  = 1.67 x bound" in text
    assert "recorded paper scale: MIN completion against the busiest-link bound (cycles)" in text


def test_the_unbalanced_fft_report_says_how_far_each_run_came():
    run = ("DF", "fft-unbalanced", "MIN")
    runs = _sf_runs(recorded_rows={run: {"completion_cycles": 1234567, "hops_mean": 2.345}},
                    unfinished={("DF", "fft-unbalanced", "UGAL"): {"share_delivered": 0.26, "cycle_reached": 458752,
                                                                   "hops_mean_so_far": 4.31}})
    lines = runs.unbalanced_fft_report().splitlines()
    assert lines[2] == ("  DF   MIN  1,234,567 cycles, 2.35 hops | UGAL unfinished: 26.0% by cycle 458,752, "
                        "4.31 hops so far")
    assert lines[1] == "  LPS  MIN  not run | UGAL not run"


def test_edst_runs_report():
    rows = [dict(key="SF", network="SF(5)", trees=k, completion_cycles=c, serialization_bound=50)
            for k, c in ((1, 200), (2, 100))]
    runs = EdstRuns("quick", rows, {"SF(5)": {1: 1.0, 2: 2.0}}, [[{"depth": 3, "max_tree_degree": 4}]] * 2,
                    rows[:1], {})
    lines = runs.report().splitlines()
    assert lines[1] == ("SF     SF(5)                      trees 2:     100 cycles, bound     50 (2.0x), speed-up over "
                        "1 tree 2.00; trees (depth, most tree neighbours): (3, 4)")
    assert lines[2].endswith("speed-up over 1 tree nan") and lines[3] == "recorded paper-scale EDST Allreduce runs: 1"


def test_paper_progress_counts_the_planned_runs(monkeypatch):
    monkeypatch.setattr(MS, "PAPER", replace(PAPER, edst_nets={"HX": recipe("hyperx", 3, 3)}))
    sf = _sf_runs(recorded={("LPS", "halo3d", "MIN"): 1}, reached={("LPS", "halo3d", "MIN"): 1,
                                                                    ("DF", "sweep3d", "UGAL"): 5},
                  recorded_link={("DF", "halo3d"): 3})
    edst = EdstRuns("quick", [], {}, [], [{"key": "HX", "trees": 2}], {})
    rows = MS.paper_progress(Fig11Runs([], {("DF", "allreduce", "MIN"): 1}), sf, edst).rows()
    assert [(r["planned"], r["complete"], r["partial"]) for r in rows] == [(16, 1, 0), (32, 1, 1), (16, 1, 0),
                                                                          (2, 1, 0)]


def test_the_figures_draw_both_rows(monkeypatch):
    import matplotlib.pyplot as plt

    study = small_study(monkeypatch)
    monkeypatch.setattr(MF, "PAPER", replace(PAPER, fig11=SMALL_FIG11, spec=SMALL_SPEC))
    fig = MF.polarstar_fig11(study, Fig11Runs(_fig11_rows(FIG11_TIMES), {}))
    bottom = fig.axes[2]
    assert [t.get_text() for t in bottom.texts] == ["not\nrecorded"] * 8 and bottom.get_ylim() == (0, 1)
    assert fig.axes[0].get_title() == "quick profile: Allreduce (tree), 8 KB x 2"
    assert fig.axes[3].get_title() == "recorded paper-scale runs: Sweep3D (KBA wavefront) x 1"
    plt.close(fig)
    fig = MF.spectralfly_fig9_10(study, _sf_runs(reached={("SF", "halo3d", "MIN"): 5}))
    texts = [t.get_text() for t in fig.axes[2].texts]
    assert len(texts) == 16 and texts[0] == "LPS not run\nDF not run" and "SF unfinished\nDF not run" in texts
    plt.close(fig)
    fig = MF.paper_progress([{"section": "S", "what": "w", "planned": 4, "complete": 1}])
    assert [p.get_width() for p in fig.axes[0].patches] == [0.25, 0.75]
    plt.close(fig)


# ---------------------------------------------------------------------- claims
def test_small_helpers():
    assert MC.fastest({"A": 1.0, "B": 0.99, "C": 0.98}) == ["A", "B"]
    assert MC.size_noted({"note": "n"}, "") == {"note": "n"} and MC.size_noted({}, "t") == {"note": "t"}
    assert MC.only_sf_surely_ahead({"LPS": 100, "SF": 110}, {}) is False
    assert MC.only_sf_surely_ahead({"SF": 90}, {"LPS": 100}) is False
    assert MC.ps11_differs("allreduce") == MC.PS11_DIFFERS


def test_polarstar_fig11_claims_from_this_run(tmp_path, monkeypatch, capsys):
    claims.use_notebook("07_motifs", tmp_path)
    MC.record_polarstar_fig11(small_study(monkeypatch), Fig11Runs(_fig11_rows(FIG11_TIMES), {}))
    got = {c.claim_id: c for c in claims.records()}
    assert list(got) == committed_ids("ps-fig11")
    assert {c.scale for c in got.values()} == {"stand-in"}
    values = {k: c.our_value for k, c in got.items()}
    assert values["ps-fig11-allreduce-ps-vs-df-min"] == 2.4
    assert values["ps-fig11-sweep3d-ps-vs-df-ugal"] == 1.28
    assert values["ps-fig11-allreduce-ft-fastest-min"] is True and values["ps-fig11-allreduce-ft-fastest-ugal"] is False
    assert values["ps-fig11-allreduce-ft-min-about-ugal"] == round(90 / 88, 3)
    assert values["ps-fig11-allreduce-ps-ugal-about-ft"] == round(50 / 88, 3)
    assert values["ps-fig11-sweep3d-ps-ugal-about-hx-ft"] == round(100 * (100 / 95 - 1), 1)
    assert values["ps-fig11-ugal-gain-smaller-on-sweep3d"] is True
    assert got["ps-fig11-allreduce-ps-vs-df-min"].routing == "df-min, min"
    assert capsys.readouterr().out == "Allreduce MIN time / UGAL time: {'PS-IQ': 2.0, 'DF': 3.429, 'HX': 5.0} \n"


def test_polarstar_fig11_claims_from_recorded_paper_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(MC, "PAPER", replace(PAPER, fig11=SMALL_FIG11))
    recorded = {k: 10 * t for k, t in FIG11_TIMES.items()}
    recorded[("DF", "allreduce", "MIN")] = 10 * 100  # DF as fast as PS-IQ at paper scale
    this_run = Fig11Runs(_fig11_rows(FIG11_TIMES), recorded)
    claims.use_notebook("07_motifs", tmp_path)
    MC.record_polarstar_fig11(small_study(monkeypatch), this_run)
    got = {c.claim_id: c for c in claims.records()}
    assert got["ps-fig11-allreduce-ps-vs-df-min"].our_value == 1.0
    assert got["ps-fig11-allreduce-ps-vs-df-min"].scale == "paper-network"
    assert got["ps-fig11-allreduce-ps-vs-df-min"].note == (
        "recorded paper-profile runs: HX(2x2), DF(4,2,2), HX(3x3), FT(4,2), every endpoint a rank, Allreduce 64 KB x "
        "10 iterations")
    assert got["ps-fig11-sweep3d-ps-vs-df-ugal"].differs == MC.ps11_differs("sweep3d")
    assert "(recorded paper scale)" in capsys.readouterr().out
    # the paper profile judges the same recorded ratio at its own scale, without the quick profile's note
    claims.use_notebook("07_motifs", tmp_path)
    MC.record_polarstar_fig11(small_study(monkeypatch, "paper"), this_run)
    got = {c.claim_id: c for c in claims.records()}
    assert got["ps-fig11-allreduce-ps-vs-df-min"].our_value == 1.0 and got["ps-fig11-allreduce-ps-vs-df-min"].note == ""
    assert got["ps-fig11-allreduce-ft-fastest-min"].details == {"completion_cycles": {
        "PS-IQ": 100, "DF": 240, "HX": 300, "FT": 90}}  # from this run: the quick profile alone reads the records


def test_spectralfly_claims_from_this_run(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(MC, "PAPER", replace(PAPER, spec=SMALL_SPEC))
    claims.use_notebook("07_motifs", tmp_path)
    MC.record_spectralfly_fig9_10(small_study(monkeypatch), _sf_runs())
    got = {c.claim_id: c for c in claims.records()}
    assert list(got) == committed_ids("sf-fig")
    assert capsys.readouterr().out.startswith("paper networks (routers, links): {'LPS': (")
    assert got["sf-fig9-halo3d-lps-vs-df-min"].our_value == 1.2
    assert got["sf-fig9-df-best-balanced-fft"].our_value == ["DF"]
    assert got["sf-fig9-lps-best-unbalanced-fft"].our_value == ["LPS"]
    assert got["sf-fig10-sweep3d-lps-fastest-ugal"].our_value == ["SF"]
    assert got["sf-fig10-lps-beats-sf-bf-fft-balanced-ugal"].our_value is True
    assert got["sf-fig10-lps-90pct-of-df-balanced-fft"].our_value == 0.9
    assert {c.scale for c in got.values()} == {"stand-in"}


def test_spectralfly_verdicts_from_partly_finished_paper_runs(monkeypatch):
    monkeypatch.setattr(MC, "PAPER", replace(PAPER, spec=SMALL_SPEC))
    case = "fft-unbalanced"
    runs = _sf_runs(recorded={("LPS", case, "MIN"): 100, ("DF", case, "MIN"): 150, ("SF", case, "MIN"): 120},
                    reached={("BF", case, "MIN"): 90}, recorded_link={("BF", case): 130},
                    unfinished={("BF", case, "MIN"): {"cycle_reached": 90, "share_delivered": 0.5,
                                                       "hops_mean_so_far": 3.0}})
    v = MC.SpectralFlyVerdicts(small_study(monkeypatch), runs)
    done, lower, at = v.paper_partial(case, "MIN")
    assert (done, lower) == ({"DF": 150, "LPS": 100, "SF": 120}, {"BF": 130})
    assert "BF's run saved at cycle 90 without finishing (50.0% of its packets delivered, 3.00 hops on average so " \
           "far) (it completes after 130, its busiest-link bound)" in at["note"]
    assert v.paper_partial(case, "UGAL") is None  # no bound on the UGAL runs: left to this run
    assert MC.SpectralFlyVerdicts(small_study(monkeypatch, "paper"), runs).paper_partial(case, "MIN") is None
    sp, at = v.speeds(case, "MIN")
    assert at is v.this_run and sp["LPS"] == 1.5


def test_a_spectralfly_ordering_settled_by_lower_bounds_is_final(tmp_path, monkeypatch):
    monkeypatch.setattr(MC, "PAPER", replace(PAPER, spec=SMALL_SPEC))
    case = "fft-unbalanced"
    runs = _sf_runs(recorded={("LPS", case, "MIN"): 100, ("DF", case, "MIN"): 150, ("SF", case, "MIN"): 120},
                    recorded_endpoint={("BF", case): 130})
    claims.use_notebook("07_motifs", tmp_path)
    MC.SpectralFlyVerdicts(small_study(monkeypatch), runs).fastest_claim("c", "SpectralFly Fig. 9", "w", ["LPS"], case,
                                                                      "MIN")
    (c,) = claims.records()
    assert (c.our_value, c.status, c.scale) == (["LPS"], "match", "paper-network")
    assert c.details == {"completion_cycles": {"DF": 150, "LPS": 100, "SF": 120}, "completes_after": {"BF": 130}}
    assert "BF's run not run yet (it completes after 130, its busiest endpoint's flits)" in c.note
    assert "whatever the unfinished runs give, BF, DF, SF cannot be within 1 % of the fastest and LPS is within 1 % " \
           "of it, so the verdict is final" in c.note


def test_the_busiest_link_notes(monkeypatch):
    monkeypatch.setattr(MC, "PAPER", replace(PAPER, spec=SMALL_SPEC))
    runs = _sf_runs(recorded={("LPS", "halo3d", "MIN"): 600, ("DF", "halo3d", "MIN"): 900,
                              ("SF", "halo3d", "MIN"): 400},
                    recorded_link={("DF", "halo3d"): 1000, ("LPS", "halo3d"): 500})
    v = MC.SpectralFlyVerdicts(small_study(monkeypatch), runs)
    assert v.df_link_note("halo3d", 1.2, v.this_run) == ""  # stand-in: no paper-scale bounds apply
    note = v.df_link_note("halo3d", 1.2, v.paper_at)
    assert "DF's busiest link must carry 1,000 flits, LPS's 500 (2.00x)" in note
    assert "needs LPS to take >= 833 cycles, 1.67x its own bound (here 1.20x; the paper-scale MIN runs here end " \
           "within 1.20x of their bounds): more than any of them" in note
    note = v.df_fastest_link_note("halo3d", v.paper_at)
    assert note.endswith("LPS finished in 600 cycles, SF finished in 400 cycles here: with these networks and this "
                         "placement DF cannot be fastest under MIN")
    assert v.only_sf_ahead({"LPS": 1.0, "SF": 1.1, "BF": 0.9}, v.paper_at) == v.sf_size_why
    assert v.only_sf_ahead({"LPS": 1.0, "SF": 1.1, "BF": 0.9}, v.this_run) == ""
