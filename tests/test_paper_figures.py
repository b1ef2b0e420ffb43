"""Polarized Fig. 4-6 / Fig. 8 and Galaxyfly's packet-size comparison at paper scale, drawn from the recorded runs
(lowdiam.studies.polarized_figures, lowdiam.studies.galaxyfly_figures): the committed CSV data are the recorded
values, read here straight from the result logs; the drawn lines are those rows; runs of other settings are not
drawn; and the notebook 05 claims whose values come from recorded paper-scale data link to these figures."""

from __future__ import annotations

import csv
import json
import shutil

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402
from conftest import committed_claims  # noqa: E402

from lowdiam.paths import figures_dir, results_dir  # noqa: E402
from lowdiam.studies import galaxyfly_figures as G  # noqa: E402
from lowdiam.studies import polarized_figures as P  # noqa: E402
from lowdiam.studies.simulation import recorded_saturation  # noqa: E402

LOGS = results_dir() / "paper" / "05_simulation"


def _log_rows(name):
    """The raw rows of a result log (spec columns, sim and result as parsed JSON), read without lowdiam."""
    with open(LOGS / f"{name}.csv", newline="") as fh:
        return [{**r, "sim": json.loads(r["sim"]), "result": json.loads(r["result"]), "recipe": json.loads(r["recipe"]),
                 "load": float(r["load"])} for r in csv.DictReader(fh)]


def _csv(stem):
    with open(figures_dir() / f"{stem}.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def _one(rows, **want):
    hits = [r for r in rows if all(str(r[k]) == str(v) for k, v in want.items())]
    assert len(hits) == 1, (want, len(hits))
    return hits[0]


# --- Polarized Fig. 4-6 ------------------------------------------------------------------------------------------

# (pattern, run name, routing, router, offered load): a few points across patterns, models and loads
POINTS_46 = [("uniform", "valiant", "valiant", "caminos", 0.45),
             ("server_perm", "polarized", "polarized", "caminos", 0.7),
             ("neighbor", "ksp", "ksp", "ideal", 1.0),
             ("uniform", "polarized (ideal)", "polarized", "ideal", 0.1)]


@pytest.mark.parametrize("pattern, run, routing, router, load", POINTS_46)
def test_fig4_6_csv_holds_the_recorded_values(pattern, run, routing, router, load):
    raw = _one([r for r in _log_rows("05_polarized_fig4_6") if r["sim"]["router"] == router],
               routing=routing, traffic=pattern, load=load)
    assert raw["recipe"] == {"constructor": "jellyfish", "args": [720, 17, 1], "kwargs": {"endpoints_per_router": 7}}
    row = _one(_csv("05_polarized_fig4_6_paper"), pattern=pattern, run=run, load=load)
    assert (row["network"], row["routing"], row["router"]) == ("RRG", routing, router)
    res = raw["result"]
    for col in ("accepted_load", "latency_mean", "jain_fairness", "hops_mean"):
        assert float(row[col]) == pytest.approx(res[col], rel=1e-12), col
    assert row["topology"] == res["topology_name"] == "Jellyfish(720,17,seed=1)"
    if load == 1.0:  # the highest load: its path-length distribution is the one drawn
        hist = res["hop_histogram"]
        assert json.loads(row["path_length_fractions"]) == pytest.approx([h / sum(hist) for h in hist], abs=1e-6)
    else:
        assert row["path_length_fractions"] == ""


def test_fig4_6_draws_every_recorded_run_once():
    rows = _csv("05_polarized_fig4_6_paper")
    assert len(rows) == len(_log_rows("05_polarized_fig4_6")) == 3 * 7 * len(P.LOADS)
    assert len(P.paper_records("fig4_6")) == len(rows)


@pytest.fixture(scope="module")
def drawn_46():
    fig, rows = P.draw("fig4_6")
    yield fig, rows
    plt.close(fig)


def test_fig4_6_lines_are_the_csv_rows(drawn_46):
    fig, rows = drawn_46
    lines = {ln.get_gid(): ln for ax in fig.axes for ln in ax.lines if ln.get_gid()}
    assert len(lines) == 3 * 7 * 4  # 3 patterns x 7 curves x 4 panels
    curve = [r for r in rows if (r["pattern"], r["run"]) == ("server_perm", "min-adaptive")]
    thr = lines["RRG|server_perm|min-adaptive|throughput"]
    assert thr.get_xdata().tolist() == [r["load"] for r in curve] == list(P.LOADS)
    assert thr.get_ydata().tolist() == [r["accepted_load"] for r in curve]
    lat = lines["RRG|server_perm|min-adaptive|latency"]
    assert lat.get_ydata().tolist() == [r["latency_mean"] for r in curve]
    assert lines["RRG|server_perm|min-adaptive|path-lengths"].get_ydata().tolist() == curve[-1]["path_length_fractions"]
    assert lat.get_linestyle() == "-" and lines["RRG|server_perm|ksp|latency"].get_linestyle() == "--"  # CAMINOS, ideal
    title = fig._suptitle.get_text()
    assert "at paper scale" in title and "21 of 21 curves complete" in title and "stand-in" not in title


def test_runs_of_other_settings_are_not_drawn(tmp_path):
    """A log holding a run at other windows or of another RRG draw under the label: neither is drawn."""
    src = LOGS / "05_polarized_fig4_6.csv"
    dst = tmp_path / "paper" / "05_simulation" / src.name
    dst.parent.mkdir(parents=True)
    shutil.copy(src, dst)
    lines = dst.read_text().splitlines(keepends=True)
    lines[1] = lines[1].replace('""warmup_cycles"":3000', '""warmup_cycles"":250', 1)
    lines[2] = lines[2].replace('""args"":[720,17,1]', '""args"":[720,17,2]', 1)
    dst.write_text("".join(lines))
    assert len(P.paper_records("fig4_6", root=tmp_path)) == len(lines) - 1 - 2


def test_two_runs_at_one_load_are_refused():
    rec = {"label": "RRG", "routing": "valiant", "traffic": "uniform", "load": 0.5, "accepted_load": 0.4,
           "latency_mean": 90.0, **P.settings("caminos")}
    with pytest.raises(ValueError, match="one run per load"):
        P.figure_rows("fig4_6", records=[rec, rec])
    with pytest.raises(ValueError, match=r"\['fig4_6', 'fig8'\]"):
        P.figure_name("fig5")


# --- Polarized Fig. 8 --------------------------------------------------------------------------------------------

POINTS_8 = [("DF", "polarized", "polarized", "caminos", None, 0.55),
            ("HX", "omni, deroute label 64", "omni", "caminos", {"deroute_label": 64}, 0.65),
            ("HX", "omni (ideal)", "omni", "ideal", None, 0.3),
            ("SF", "min-adaptive", "min-adaptive", "caminos", None, 1.0)]


@pytest.mark.parametrize("net, run, routing, router, opts, load", POINTS_8)
def test_fig8_csv_holds_the_recorded_values(net, run, routing, router, opts, load):
    raw = _one([r for r in _log_rows("05_polarized_fig8") if r["sim"]["router"] == router
                and r["sim"].get("routing_options") == opts], label=net, routing=routing, load=load)
    row = _one(_csv("05_polarized_fig8_paper"), network=net, run=run, load=load)
    assert (row["pattern"], row["routing"], row["router"]) == ("server_perm", routing, router)
    for col in ("accepted_load", "latency_mean"):
        assert float(row[col]) == pytest.approx(raw["result"][col], rel=1e-12), col


def test_fig8_draws_every_recorded_run_and_only_them():
    rows = _csv("05_polarized_fig8_paper")
    assert len(rows) == len(_log_rows("05_polarized_fig8")) == (4 * 3 + 4) * len(P.LOADS)
    fig, drawn = P.draw("fig8")
    try:
        lines = {ln.get_gid(): ln for ax in fig.axes for ln in ax.lines if ln.get_gid()}
        assert len(lines) == 4 * 3 + 4
        curve = [r for r in drawn if (r["network"], r["run"]) == ("PG", "valiant")]
        assert lines["PG|server_perm|valiant|latency"].get_xdata().tolist() == [r["accepted_load"] for r in curve]
    finally:
        plt.close(fig)


# --- Galaxyfly packet size ---------------------------------------------------------------------------------------

POINTS_PK = [("GF(15,29,1,7)", "uniform", 1, 0.1), ("GF(81,1,10,4)", "worst_case", 1, 0.65625),
             ("GF(15,29,1,7)", "worst_case", 4, 0.9375), ("GF(81,1,10,4)", "uniform", 4, 0.8)]


@pytest.mark.parametrize("net, traffic, flits, load", POINTS_PK)
def test_packet_size_csv_holds_the_recorded_values(net, traffic, flits, load):
    raw = _one([r for r in _log_rows(G.FLITS[flits]) if r["sim"]["packet_flits"] == flits],
               label=net, routing="min", traffic=traffic, load=load)
    row = _one(_csv(G.NAME), network=net, traffic=traffic, packet_flits=flits, load=load)
    for col in ("accepted_load", "latency_mean"):
        assert float(row[col]) == pytest.approx(raw["result"][col], rel=1e-12), col
    assert row["stable"] == str(not raw["result"]["saturated"])


def test_packet_size_saturation_loads_are_the_claims():
    """The saturation load on every row is the search's, as notebook 05's claims read it (recorded_saturation)."""
    rows = _csv(G.NAME)
    assert len(rows) == len(G.paper_records()) == 44 + 4 * 14
    for flits, log in G.FLITS.items():
        sat = recorded_saturation("05_simulation", [log], G.TOL)
        for net in G.NETWORKS:
            for tr in G.TRAFFICS:
                mine = [r for r in rows if (r["network"], r["traffic"], r["packet_flits"]) == (net, tr, str(flits))]
                assert {(float(r["saturation_load"]), r["search_done"]) for r in mine} == {
                    (sat[(net, "min", tr)][0], str(sat[(net, "min", tr)][1]))}


def test_packet_size_at_the_paper_settings_holds_the_job_s_searches():
    """The paper-settings figure's CSV: every recorded run of the job's 1-flit (GPS.LOG) and 4-flit (GPS.LOG_4FLIT)
    searches of the two Galaxyflies under the paper's MIN (gf-min on GF(81,1,10,4)) at exactly their settings, with
    the searches' saturation loads."""
    from lowdiam.studies import galaxyfly_paper_settings as GPS

    rows = _csv(G.name("paper"))
    assert len(rows) == len(G.paper_records(at="paper")) > 0
    for flits, (log, sim) in {1: (GPS.LOG, GPS.SIM), 4: (GPS.LOG_4FLIT, GPS.SIM_4FLIT)}.items():
        sat = GPS.recorded(log=log, sim=sim)
        raw = [r for r in _log_rows(log[1]) if r["sim"] == sim and r["label"] in G.NETWORKS
               and r["routing"] == G.paper_routing(r["label"])]
        mine = [r for r in rows if r["packet_flits"] == str(flits)]
        assert len(mine) == len(raw) and {r["routing"] for r in mine} == {"min", "gf-min"}
        for r in mine:
            key = (r["network"], r["routing"], r["traffic"])
            assert r["routing"] == G.paper_routing(r["network"])
            assert (float(r["saturation_load"]), r["search_done"]) == (sat[key][0], str(sat[key][1]))


# --- the claims link the figures that plot their data ------------------------------------------------------------

def test_recorded_paper_scale_claims_link_the_paper_figures():
    claims = committed_claims("05_simulation")
    by_id = {c["claim_id"]: c for c in claims}
    pol = [c for c in claims if c["claim_id"].startswith("pol-") and c["scale"] == "paper"]
    assert pol and all(c["figure"] == P.figure_name("fig8" if c["claim_id"].startswith("pol-fig8") else "fig4_6")
                       for c in pol), [(c["claim_id"], c["figure"]) for c in pol]
    recorded_gf = [c for c in claims if c["claim_id"].startswith("gf-") and c["figure"]
                   and "recorded paper-profile searches" in c["note"]]  # none once all are at the paper's settings
    for c in recorded_gf:
        want = G.NAME if c["claim_id"].startswith("gf-sec512") else "05_galaxyfly_fig7_9_paper"
        assert c["figure"] == want, c["claim_id"]
    fb = by_id["gf-sec522-fb-below-gf81-1-10-4-worst-case-min"]
    assert fb["figure"] == ("05_galaxyfly_paper_settings" if fb["scale"] == "paper" else "05_galaxyfly_fig7_9_paper")
    # claims judged at the paper's own settings link the figure of those searches
    from lowdiam.studies.sim_galaxyfly import PAPER_SETTINGS_TEXT

    at_paper = [c for c in claims if c["claim_id"].startswith("gf-") and c["note"].startswith(PAPER_SETTINGS_TEXT)]
    assert at_paper
    for c in at_paper:
        # (the packet-size sensitivity rows, router-level MIN, have no figure: the figure draws the paper's MIN)
        want = ((G.name("paper") if not c["sensitivity_of"] else "") if c["claim_id"].startswith("gf-sec512") else
                "05_galaxyfly_zero_load" if "zero-load" in c["claim_id"] else "05_galaxyfly_paper_settings")
        assert c["figure"] == want, c["claim_id"]
    for c in claims:  # every link names a committed figure
        assert not c["figure"] or (figures_dir() / f"{c['figure']}.png").exists(), c["claim_id"]


def test_empty_logs_give_nothing_to_draw(tmp_path):
    assert P.paper_records("fig4_6", root=tmp_path) == [] and G.paper_records(root=tmp_path) == []
    with pytest.raises(ValueError, match="nothing to draw"):
        P.write_figure("fig8", records=[], directory=tmp_path)
    with pytest.raises(ValueError, match="nothing to draw"):
        G.write_figure(records=[], directory=tmp_path)
    assert not list(tmp_path.glob("*.png"))
