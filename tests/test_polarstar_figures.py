"""PolarStar Fig. 9 / Fig. 10 at paper scale from the recorded runs (lowdiam.studies.polarstar_figures): the CSV data
are the recorded runs, only stable runs are latency points, every panel has its Table 3 networks with the routing
each role resolves to, and bad input names the valid choices."""

from __future__ import annotations

import csv
import shutil

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

from lowdiam import sweep as S  # noqa: E402
from lowdiam.paths import figures_dir  # noqa: E402
from lowdiam.studies import polarstar as PS  # noqa: E402
from lowdiam.studies import polarstar_figures as F  # noqa: E402

PAPER = {r.label: r for r in PS.table3("paper")}
LABELS = list(PAPER)


def _raw(names):
    """The logs' runs, read by the sweep's reader without the module's filter."""
    return [r for n in names for r in S.recorded_records(S.result_log("05_simulation", n))]


@pytest.fixture(scope="module")
def fixed_records():
    return F.paper_records("fixed")


@pytest.fixture(scope="module")
def fig9(fixed_records):
    """Fig. 9 (fixed rule) drawn once (saving it takes longer than drawing: the write is the doctest's and the
    committed CSV's), with the committed CSV data (``python -m lowdiam.studies.polarstar_figures`` wrote it)."""
    with open(figures_dir() / "05_polarstar_fig9_paper.csv", newline="") as fh:
        rows = list(csv.DictReader(fh))
    fig, drawn = F.draw("fig9", rule="fixed", records=fixed_records)
    yield {"csv": rows, "fig": fig, "rows": drawn}
    plt.close(fig)


def _axes(fig):
    """Panel key -> axes (the key is the first part of every line's gid)."""
    out = {}
    for ax in fig.axes:
        for ln in ax.lines:
            if ln.get_gid():
                out.setdefault(ln.get_gid().split("|")[0], ax)
    return out


def _lines(ax, kind):
    return {ln.get_gid().split("|")[1]: ln for ln in ax.lines if (ln.get_gid() or "").endswith("|" + kind)}


def test_paper_records_are_every_recorded_run_of_the_table3_networks(fixed_records):
    raw = _raw(PS.FIXED_LOGS)
    assert len(fixed_records) == len(raw) == 587  # 513 + 74 recorded runs, all at the section's settings
    assert {r["label"] for r in fixed_records} == set(LABELS)
    assert all(r["sim_router_options"] == {"internal_speedup": 2.0, "vc_selection": "hop"} for r in fixed_records)


def test_paper_records_drop_runs_of_other_settings_or_networks(tmp_path):
    """A log holding a run at another speedup or of another network under a Table 3 label: neither is drawn."""
    src = S.result_log("05_simulation", PS.RULE_LOG).path
    dst = tmp_path / "paper" / "05_simulation" / src.name
    dst.parent.mkdir(parents=True)
    shutil.copy(src, dst)
    n = len(F.paper_records("booksim", root=tmp_path))
    lines = dst.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('""internal_speedup"":2.0', '""internal_speedup"":1.0', 1)
    lines[2] = lines[2].replace('""args"":[', '""args"":[99,', 1)
    dst.write_text("".join(lines))
    assert len(F.paper_records("booksim", root=tmp_path)) == n - 2


def test_csv_holds_every_recorded_run_and_its_stable_rows_are_the_stable_runs(fig9, fixed_records):
    rows = fig9["csv"]
    assert list(rows[0]) == list(F.COLUMNS)
    # the committed CSV is the figure's data as drawn from the logs now (regenerate the figures if this fails)
    assert rows == [{k: "" if v is None else str(v) for k, v in r.items()} for r in fig9["rows"]]
    assert len(rows) == 513 and {r["rule"] for r in rows} == {"fixed"}
    raw = _raw(["05_polarstar_fig9"])
    for lab, rt, tr, panel in [("PS-IQ", "polarstar-min", "uniform", "a"), ("DF", "df-ugal", "randperm", "d"),
                               ("SF", "min-single", "uniform", "b")]:
        want = sorted((r for r in raw if (r["label"], r["routing"], r["traffic"]) == (lab, rt, tr)
                       and not r["saturated"]), key=lambda r: r["load"])
        got = [r for r in rows if (r["panel"], r["label"], r["routing"], r["traffic"]) == (panel, lab, rt, tr)
               and r["stable"] == "True"]
        assert len(got) == len(want) > 0
        for g, w in zip(got, want):
            assert float(g["load"]) == w["load"]
            assert float(g["latency_mean"]) == w["latency_mean"]
            assert float(g["accepted_load"]) == w["accepted_load"]
    # PS-IQ uniform MIN: 10 stable runs up to 0.76875, then 0.775 and 0.8 unstable (the recorded search)
    ps = [r for r in rows if (r["panel"], r["label"]) == ("a", "PS-IQ")]
    assert [r["stable"] for r in ps].count("True") == 10 and ps[-1]["load"] == "0.8" and ps[-1]["stable"] == "False"


def test_only_stable_runs_are_latency_points(fig9, fixed_records):
    axes = _axes(fig9["fig"])
    assert sorted(axes) == list("abcdef")
    run = {(r["label"], r["routing"], r["traffic"], r["load"]): r for r in fixed_records}
    for p, ax in axes.items():
        routing = {rec.label: (rt, tr) for rec, rt, tr in F.panel_configs("fig9", p)}
        for lab, ln in _lines(ax, "latency").items():
            for x, y in zip(ln.get_xdata(), ln.get_ydata()):  # every point is a recorded stable run's latency
                r = run[(lab, *routing[lab], x)]
                assert not r["saturated"] and y == r["latency_mean"], (p, lab, x)
            mine = [r for r in fig9["rows"] if (r["panel"], r["label"]) == (p, lab)]
            bad = min((r["load"] for r in mine if not r["stable"]), default=None)
            stable = [r["load"] for r in mine if r["stable"] and (bad is None or r["load"] < bad)]
            assert ln.get_xdata().tolist() == stable, (p, lab)
            assert not {r["load"] for r in mine if not r["stable"]} & set(ln.get_xdata().tolist())
            last = _lines(ax, "last-stable").get(lab)
            if stable:
                assert last.get_xdata().tolist() == [stable[-1]]
            if bad is not None:
                assert _lines(ax, "first-unstable")[lab].get_xdata().tolist() == [bad]
    # FT with one minimal path is unstable from its first load: a legend entry, no latency point, its caret
    b = axes["b"]
    assert len(_lines(b, "latency")["FT"].get_xdata()) == 0 and "FT" not in _lines(b, "last-stable")
    assert _lines(b, "first-unstable")["FT"].get_xdata().tolist() == [0.00625]
    assert any(t.get_text().startswith("FT none stable") for t in b.get_legend().get_texts())


def test_each_fig9_panel_has_the_eight_networks_with_the_routing_of_its_role(fig9):
    fig = fig9["fig"]
    axes = _axes(fig)
    title = fig._suptitle.get_text()
    for words in ("paper scale (Table 3 networks), BookSim model, speedup 2.0", "run_control='fixed'",
                  "48 of 48 configurations", "log latency axis"):
        assert words in title
    for p, (tr, role, _) in PS.FIG9.items():
        assert sorted(_lines(axes[p], "latency")) == sorted(LABELS), p
        got = {(r["label"], r["routing"]) for r in fig9["rows"] if r["panel"] == p}
        assert got == {(lab, PS.routing_of(rec, role)) for lab, rec in PAPER.items()}, p
        assert {r["traffic"] for r in fig9["rows"] if r["panel"] == p} == {tr}
    legend = [t.get_text() for t in axes["c"].get_legend().get_texts()]
    assert any(t.startswith("DF [df-ugal] ") for t in legend) and any(t.startswith("BF 0.8 | ") for t in legend)
    legend = [t.get_text() for t in axes["a"].get_legend().get_texts()]
    assert any(t.startswith("PS-IQ [polarstar-min] ") for t in legend) and any(t.startswith("HX 0.9") for t in legend)


def test_fig10_draws_the_networks_with_groups_min_and_ugal(fixed_records):
    t3 = PS.table3("paper")
    for panel, role in (("min", "min"), ("ugal", "ugal")):
        want = [(r.label, PS.routing_of(r, role)) for r, rt, _ in PS.fig10_configs(t3) if rt == PS.routing_of(r, role)]
        assert [(r.label, rt) for r, rt, _ in F.panel_configs("fig10", panel)] == want
        assert [lab for lab, _ in want] == ["PS-IQ", "PS-Pal", "BF", "DF", "MF"]
    fig, rows = F.draw("fig10", records=fixed_records)
    try:
        assert len(rows) == 74 and {r["traffic"] for r in rows} == {"adversarial"}
        axes = _axes(fig)
        assert sorted(axes) == ["min", "ugal"]
        # DF and MF with minimal routing: stable only at 0.0125, a single point
        assert _lines(axes["min"], "latency")["DF"].get_xdata().tolist() == [0.0125]
        assert "10 of 10 configurations" in fig._suptitle.get_text()
    finally:
        plt.close(fig)


def test_booksim_rule_draws_only_recorded_configurations_and_counts_them():
    recs = [{"label": "PS-IQ", "routing": "polarstar-min", "traffic": "uniform", "load": x, "accepted_load": x,
             "latency_mean": 300.0 + x, "saturated": x > 0.79} for x in (0.775, 0.7875, 0.79375)]
    recs += [{"label": "MF", "routing": "df-ugal", "traffic": "bitrev", "load": 0.57, "accepted_load": 0.57,
              "latency_mean": 60.0, "saturated": False}]
    fig, rows = F.draw("fig9", rule="booksim", records=recs)
    try:
        axes = _axes(fig)
        assert sorted(axes) == ["a", "e"]
        assert sorted(_lines(axes["a"], "latency")) == ["PS-IQ"] and sorted(_lines(axes["e"], "latency")) == ["MF"]
        title = fig._suptitle.get_text()
        assert "2 of 48 configurations recorded" in title and "run_control='booksim'" in title
        assert "1 of the 2 present have no unstable run yet" in title
        assert {r["rule"] for r in rows} == {"booksim"} and len(rows) == 4
    finally:
        plt.close(fig)


def test_booksim_rule_log_counts_its_configurations():
    recs = F.paper_records("booksim")
    cfgs = {(r.label, rt, tr) for r, rt, tr in PS.fig9_configs(PS.table3("paper"))}
    present = {(r["label"], r["routing"], r["traffic"]) for r in recs} & cfgs
    rows = F.figure_rows("fig9", rule="booksim", records=recs)
    assert {(r["label"], r["routing"], r["traffic"]) for r in rows} == present
    assert len(rows) == sum((r["label"], r["routing"], r["traffic"]) in cfgs for r in recs)


@pytest.mark.parametrize(("call", "names"), [
    (lambda: F.draw("fig9", rule="sst", records=[]), ["'fixed'", "'booksim'"]),
    (lambda: F.figure_rows("fig9", rule="fixed", records=[], panels=["g"]), ["'a'", "'f'"]),
    (lambda: F.panel_configs("fig10", "a"), ["'min'", "'ugal'"]),
    (lambda: F.draw("fig11", records=[]), ["'fig9'", "'fig10'"]),
    (lambda: F.paper_records("BookSim"), ["'fixed'", "'booksim'"]),
    (lambda: F.latency_rows([], [], panel="a", rule=None), ["'fixed'", "'booksim'"]),
])
def test_bad_input_names_the_valid_choices(call, names):
    with pytest.raises(ValueError) as err:
        call()
    assert all(n in str(err.value) for n in names), str(err.value)


def test_two_runs_at_one_load_are_an_error_and_an_empty_figure_is_not_written(tmp_path):
    run = {"label": "HX", "routing": "min", "traffic": "uniform", "load": 0.5, "accepted_load": 0.5,
           "latency_mean": 25.0, "saturated": False}
    with pytest.raises(ValueError, match="two recorded runs at one load"):
        F.latency_rows([run, dict(run)], [("HX", "min", "uniform")], panel="a", rule="fixed")
    with pytest.raises(ValueError, match="nothing to draw"):
        F.write_figure("fig9", records=[], directory=tmp_path)
    assert not list(tmp_path.iterdir())


def test_vcs_figure_draws_the_ugal_runs_of_each_vc_assignment():
    """The VC comparison's runs are the UGAL-L runs of the two logs at exactly their settings (the paper's-VCs log at
    each network's, the rule log at the section's), the PolarStars in every panel and another network in a panel
    where it has runs at the paper's VCs, each line only stable runs below its first unstable load, and the
    committed CSV is those runs."""
    got = F.vcs_records()
    raw4 = [r for r in _raw([PS.PAPER_VCS_LOG]) if {k: v for k, v in r.items() if k.startswith("sim_")}
            == {f"sim_{k}": v for k, v in PS.paper_vcs_sim(r["label"]).items()}]
    assert len(got["4"]) == len(raw4) > 0
    t3 = {r.label: r for r in PS.table3("paper")}
    assert all(r["routing"] == PS.routing_of(t3[r["label"]], "ugal") for r in got["4"])
    assert {r["label"] for r in got["4"]} >= set(PS.PSX)
    assert got["hop"] and all(r["sim_router_options"]["vc_selection"] == "hop"
                              and r["routing"] in ("ugal", "df-ugal") for r in got["hop"])
    rows = F.vcs_rows(got)
    drawn_labels = {tr: F._vcs_labels(got, tr) for tr in F._PATTERNS}
    assert all(set(PS.PSX) <= set(labs) for labs in drawn_labels.values())
    # the log's runs under the authors' server_perm (group authors-randperm) are no Fig. 9 panel's
    assert len(rows) == len([r for r in got["4"] if r["traffic"] in F._PATTERNS]) + len(
        [r for r in got["hop"] if r["traffic"] in F._PATTERNS and r["label"] in drawn_labels[r["traffic"]]])
    fig, drawn = F.draw_vcs(got)
    try:
        for ax in fig.axes:
            for ln in ax.lines:
                gid = ln.get_gid() or ""
                if not gid.endswith("|latency") or not len(ln.get_xdata()):
                    continue
                tr, lab, vcs, _ = gid.split("|")
                mine = [r for r in drawn if (r["panel"], r["label"], r["vcs"]) == (tr, lab, vcs)]
                bad = min((r["load"] for r in mine if not r["stable"]), default=2.0)
                assert ln.get_xdata().tolist() == sorted(r["load"] for r in mine if r["stable"] and r["load"] < bad)
    finally:
        plt.close(fig)
    with open(figures_dir() / f"{F.VCS_NAME}.csv", newline="") as fh:
        committed = list(csv.DictReader(fh))
    key = ("panel", "label", "vcs", "load")
    # the committed CSV was written from the runs recorded then; the jobs only add runs
    assert {tuple(str(r[k]) for k in key) for r in committed} <= {tuple(str(r[k]) for k in key) for r in rows}
