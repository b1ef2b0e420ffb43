import math

import numpy as np
import pytest

from lowdiam.studies import edst as S


def test_table_iv_configs_quick_profile_list():
    cfg = S.table_iv_configs(radix_max=20, max_q=19)
    counts = {f: sum(1 for c in cfg if c[0] == f) for f in dict(cfg)}
    assert counts == {"Slim Fly": 8, "Bundlefly": 29, "PolarStar-IQ": 15, "PolarStar-Paley": 15}
    for fam, spec in cfg[:3] + cfg[-2:]:
        top = S.build(spec)
        assert top.radix <= 20, (fam, spec)


def test_build_rejects_unknown_kind():
    with pytest.raises(ValueError, match="unknown configuration"):
        S.build(("torus", 4))


def test_routing_per_family():
    from lowdiam.studies.simulation import min_routing, ugal_routing

    assert [min_routing(c) for c in ("polarstar", "dragonfly", "megafly", "lps", "slimfly")] == [
        "polarstar-min", "df-min", "df-min", "min", "min"]
    assert [ugal_routing(c) for c in ("dragonfly", "megafly", "polarstar")] == ["df-ugal", "df-ugal", "ugal"]


def test_iq_f_invariant_split_balanced_and_cuts_only_supernode_links():
    import numpy as np

    from lowdiam import topologies as T
    from lowdiam.metrics import cut_size
    from lowdiam.studies.bisection import iq_f_invariant_split

    ps = T.polarstar(8, "iq", 3)
    side = iq_f_invariant_split(ps)
    assert np.bincount(side).tolist() == [ps.num_routers // 2] * 2
    sn = np.asarray(ps.labels["supernode"])
    u, v = ps.edges[:, 0], ps.edges[:, 1]
    crossing = side[u] != side[v]
    assert np.all(sn[u][crossing] == sn[v][crossing])  # only intra-supernode links are cut
    assert cut_size(ps, side) == int(crossing.sum())
    with pytest.raises(ValueError):
        iq_f_invariant_split(T.polarstar(5, "paley", 4))
    with pytest.raises(ValueError):
        iq_f_invariant_split(T.polarstar(5, "iq", 4))


def test_higher_beta_pairs_are_the_galaxyfly_papers_named_winners():
    """Sec. 5.1.1 names GF(15,29,1,7), GF(81,1,10,4), GF(15,37,2,3), GF(15,29,4,2) better than the other four:
    exactly the higher-beta member of each same-diameter pair of Table 5."""
    from lowdiam.published.galaxyfly import TABLE5
    from lowdiam.studies.simulation import higher_beta_pairs

    pairs = higher_beta_pairs(TABLE5)
    assert pairs == [("GF(15,29,1,7)", "GF(11,29,1,10)", 2), ("GF(81,1,10,4)", "GF(56,1,11,5)", 3),
                     ("GF(15,37,2,3)", "GF(11,29,2,5)", 4), ("GF(15,29,4,2)", "GF(11,37,4,2)", 5)]
    # brute force: every same-diameter pair, winner by beta
    rows = {r["name"]: r for r in TABLE5}
    brute = {(a, b) for a in rows for b in rows
             if a != b and rows[a]["diameter"] == rows[b]["diameter"] and rows[a]["beta"] > rows[b]["beta"]}
    assert {(w, lo) for w, lo, _ in pairs} == brute
    three = [{"name": "a", "diameter": 2, "beta": 1}, {"name": "b", "diameter": 2, "beta": 3},
             {"name": "c", "diameter": 2, "beta": 2}]
    assert higher_beta_pairs(three) == [("b", "a", 2), ("c", "a", 2), ("b", "c", 2)]
    with pytest.raises(ValueError, match="equal beta"):
        higher_beta_pairs([{"name": "a", "diameter": 2, "beta": 1}, {"name": "b", "diameter": 2, "beta": 1}])
    with pytest.raises(ValueError, match="lacks"):
        higher_beta_pairs([{"name": "a", "beta": 1}])


def test_peak_accepted_and_best_within():
    from lowdiam.studies.simulation import best_within, peak_accepted

    curves = {"polarized": [{"accepted_load": x} for x in (0.1, 0.42, 0.4)],
              "min": [{"accepted_load": x} for x in (0.1, 0.44, 0.3)], "valiant": [{"accepted_load": 0.25}]}
    peaks = peak_accepted(curves)
    assert peaks == {"polarized": 0.42, "min": 0.44, "valiant": 0.25}
    assert best_within(peaks, "min", 0) and not best_within(peaks, "polarized", 0)
    assert best_within(peaks, "polarized", 0.05) and not best_within(peaks, "polarized", 0.04)
    assert not best_within(peaks, "valiant", 0.5)
    with pytest.raises(ValueError, match="no runs"):
        peak_accepted({"x": []})
    with pytest.raises(ValueError, match="not among"):
        best_within(peaks, "ksp", 0.1)
    with pytest.raises(ValueError, match="rel"):
        best_within(peaks, "min", -0.1)


def test_leaders_matches_pairwise_reading():
    """leaders() against the pairwise definition: a name leads unless some other value beats it by more than tol."""
    from lowdiam.studies.simulation import leaders

    rng = np.random.default_rng(7)
    for _ in range(300):
        n = int(rng.integers(1, 7))
        vals = {f"n{i}": float(v) for i, v in enumerate(rng.choice(np.arange(0, 1.0001, 0.0125), n))}
        tol = float(rng.choice([0.0, 0.0125, 0.01, 0.05]))
        slow = sorted(k for k, v in vals.items() if all(v + tol >= w for w in vals.values()))
        assert leaders(vals, tol) == slow, (vals, tol)
    assert leaders({"a": 0.5}, 0.0) == ["a"]
    with pytest.raises(ValueError, match="no values"):
        leaders({}, 0.01)
    with pytest.raises(ValueError, match="tol"):
        leaders({"a": 1.0}, -0.01)


def test_rivals_above_refutes_only_what_the_complete_comparison_refutes():
    """rivals_above() against a slow reference on random recorded tables: a rival counts when its recorded value
    (the answer of a complete search, a lower bound of a running one) is above the label's complete answer by more
    than tol; and every refutation it finds, the all-complete comparison (leaders) finds too."""
    from lowdiam.studies.simulation import leaders, rivals_above

    rng = np.random.default_rng(11)
    pats, labs = ("uniform", "shuffle", "bitrev"), ("LPS", "DF", "SF")
    used_running = 0
    for _ in range(300):
        final = {(la, "r", tr): float(rng.choice(np.arange(0, 1.0001, 0.0125))) for la in labs for tr in pats}
        done = {k: bool(rng.random() < 0.6) for k in final}
        # a running search reports some lower bound of its final answer, never above it
        rec = {k: (v if done[k] else v * float(rng.random()), done[k]) for k, v in final.items()}
        tol = float(rng.choice([0.0, 0.0125, 0.05]))
        got = rivals_above(rec, list(final), "LPS", tol)
        slow = [(tr, la) for (la, _, tr) in final if la != "LPS" and done[("LPS", "r", tr)]
                and rec[(la, "r", tr)][0] > final[("LPS", "r", tr)] + tol]
        assert [(g["traffic"], g["rival"]) for g in got] == slow
        for g in got:
            assert g["rival_search"] == ("complete" if done[(g["rival"], "r", g["traffic"])] else "running")
            assert final[(g["rival"], "r", g["traffic"])] > final[("LPS", "r", g["traffic"])] + tol
            used_running += g["rival_search"] == "running"
        if got:
            assert any("LPS" not in leaders({la: final[(la, "r", tr)] for la in labs}, tol) for tr in pats)
    assert used_running > 0  # the random tables exercise refutation by a running search
    with pytest.raises(ValueError, match="tol"):
        rivals_above({}, [("LPS", "r", "u")], "LPS", -1)
    with pytest.raises(ValueError, match="no search of 'LPS'"):
        rivals_above({}, [("DF", "r", "u")], "LPS", 0.01)


def test_order_decided_against_every_answer_the_records_allow():
    """order_decided() against a slow reference: on a load grid, enumerate every pair of final answers consistent
    with the records (a complete search: its value; a running one: any grid load from its value up to hi) and
    check the verdict is the one all pairs share, None when they disagree."""
    from lowdiam.studies.simulation import order_decided

    grid = np.round(np.arange(0, 1.0001, 0.0125), 4)
    rng = np.random.default_rng(5)
    seen = set()
    for _ in range(400):
        hi = float(rng.choice([1.0, 0.9]))
        rec = {k: (float(rng.choice(grid[grid <= hi])), bool(rng.random() < 0.5)) for k in ("a", "b")}
        strict = bool(rng.random() < 0.5)
        allowed = {k: [v] if done else [x for x in grid if v <= x <= hi] for k, (v, done) in rec.items()}
        verdicts = {(x > y) if strict else (x >= y) for x in allowed["a"] for y in allowed["b"]}
        want = verdicts.pop() if len(verdicts) == 1 else None
        assert order_decided(rec, "a", "b", strict=strict, hi=hi) == want, (rec, strict, hi)
        seen.add(want)
    assert seen == {True, False, None}
    assert order_decided({"a": (0.5, True)}, "a", "b") is None  # not recorded: undecided
    with pytest.raises(ValueError, match="strict"):
        order_decided({}, "a", "b", strict=1)
    with pytest.raises(ValueError, match="hi"):
        order_decided({}, "a", "b", hi=1.5)


def test_levi_graph_constructor_label_rebuilds():
    from lowdiam import labels
    from lowdiam import topologies as T

    top = T.levi_graph(5, endpoints_per_router=2)
    call = labels.constructor(top)
    assert call == "levi_graph(q=5, endpoints_per_router=2)"
    rebuilt = eval("T." + call)
    assert (rebuilt.num_routers, rebuilt.num_edges, rebuilt.num_endpoints) == (62, 186, 124)
    assert labels.label(top) == "Levi(PG(2,5))"


def test_recorded_curves_read_a_result_log_back(tmp_path):
    from lowdiam import sweep
    from lowdiam.studies.simulation import recorded_curves

    log = sweep.result_log("05_simulation", "demo", root=tmp_path)
    sim = {"measure_cycles": 100, "warmup_cycles": 50, "router": "ideal"}
    runs = [sweep.Run(sweep.Recipe("hyperx", args=(3, 3)), "min", "uniform", x, sim=sim) for x in (0.2, 0.4)]
    done = sweep.run_sweep(runs, processes=1, progress=False, record=log)
    recs = sweep.recorded_records(log)
    curves = recorded_curves(recs, [0.2, 0.4], sim_router="ideal", sim_measure_cycles=100)
    (key, (by_load, complete)), = curves.items()
    assert key[1:] == ("min", "uniform") and complete
    assert [by_load[x]["accepted_load"] for x in (0.2, 0.4)] == [r["accepted_load"] for r in done]
    assert recorded_curves(recs, [0.2, 0.4, 0.6], sim_router="ideal")[key][1] is False  # 0.6 not recorded
    assert recorded_curves(recs, [0.2, 0.4], sim_measure_cycles=5000) == {}  # another configuration


def _knee_by_scan(runs, factor):
    """Slow reference: walk the loads upward and stop at the first run past the knee."""
    runs = sorted(runs, key=lambda r: r["load"])
    limit, below = factor * runs[0]["latency_mean"], None
    for r in runs:
        if r["saturated"] or math.isnan(r["latency_mean"]) or r["latency_mean"] > limit:
            return below, r["load"]
        below = r["load"]
    return below, None


def test_latency_knee_matches_a_scan_on_random_searches():
    from lowdiam.studies.simulation import latency_knee_from_records

    rng = np.random.default_rng(7)
    for trial in range(200):
        loads = rng.choice(np.round(np.arange(0.0125, 1.0001, 0.0125), 4), size=rng.integers(1, 12), replace=False)
        sat_at = rng.uniform(0.0, 1.1)
        recs = []
        for x in loads:
            lat = 20.0 / max(1e-3, 1.0 - x / 1.05) ** rng.uniform(0.5, 3.0)
            recs.append({"label": f"N{trial % 3}", "routing": "min", "traffic": "uniform", "load": float(x),
                         "saturated": bool(x > sat_at), "latency_mean": float("nan") if x > sat_at + 0.3 else lat})
        for factor in (2.0, 3.0):
            got = latency_knee_from_records(recs, factor)
            for key in {(r["label"], r["routing"], r["traffic"]) for r in recs}:
                mine = [r for r in recs if (r["label"], r["routing"], r["traffic"]) == key]
                assert (got[key]["below"], got[key]["above"]) == _knee_by_scan(mine, factor), (trial, factor, key)


def test_latency_knee_edge_cases():
    from lowdiam.studies.simulation import latency_knee_from_records

    def rec(x, lat, sat=False, label="A"):
        return {"label": label, "routing": "ugal", "traffic": "shuffle", "load": x, "latency_mean": lat,
                "saturated": sat}

    got = latency_knee_from_records([rec(0.2, 30.0), rec(0.1, 20.0), rec(0.3, 59.0)])[("A", "ugal", "shuffle")]
    assert (got["below"], got["above"], got["base_load"]) == (0.3, None, 0.1)  # never past: no upper end
    got = latency_knee_from_records([rec(0.1, 20.0, sat=True), rec(0.2, float("nan"), sat=True)])
    assert (got[("A", "ugal", "shuffle")]["below"], got[("A", "ugal", "shuffle")]["above"]) == (None, 0.1)
    # a saturated run is past the knee whatever its (delivered packets') latency says
    got = latency_knee_from_records([rec(0.1, 20.0), rec(0.2, 21.0, sat=True), rec(0.3, 22.0)])
    assert (got[("A", "ugal", "shuffle")]["below"], got[("A", "ugal", "shuffle")]["above"]) == (0.1, 0.2)
    with pytest.raises(ValueError, match="factor must be > 1"):
        latency_knee_from_records([rec(0.1, 20.0)], factor=1.0)


def test_crossval_curves_filters_and_rejects_duplicates(tmp_path):
    from lowdiam.studies.simulation import crossval_curves

    p = tmp_path / "x.csv"
    p.write_text("graph,simulator,routing,load,accepted,latency\n"
                 "a,caminos,min,1.0,0.8,500\na,caminos,min,0.9,0.79,400\na,caminos,polarized,1.0,0.81,600\n"
                 "b,caminos,min,1.0,0.5,900\na,lowdiam,min,1.0,0.78,510\n")
    got = crossval_curves(p, graph="a")
    assert sorted(got) == ["min", "polarized"] and list(got["min"]) == [0.9, 1.0]  # sorted by load
    assert got["min"][1.0]["latency"] == 500.0 and got["polarized"][1.0]["accepted"] == 0.81
    assert crossval_curves(p, graph="a", simulator="lowdiam")["min"][1.0]["latency"] == 510.0
    assert crossval_curves(p, graph="b")["min"][1.0]["accepted"] == 0.5
    assert crossval_curves(tmp_path / "missing.csv") == {}
    with pytest.raises(ValueError, match="two caminos rows"):
        crossval_curves(p)  # graphs a and b both give min at 1.0
    q = tmp_path / "t.csv"
    q.write_text("graph,traffic,simulator,routing,load,accepted,hops\n"
                 "a,uniform,caminos,min,0.3,0.3,2.1\na,neighbor,caminos,min,0.3,0.1429,1.0\n")
    assert crossval_curves(q, traffic="neighbor")["min"][0.3]["hops"] == 1.0
    assert crossval_curves(q, traffic="uniform")["min"][0.3]["accepted"] == 0.3
    assert crossval_curves(q, traffic="server_perm") == {}
    with pytest.raises(ValueError, match="two caminos rows"):
        crossval_curves(q)  # the two patterns both give min at 0.3


def test_recorded_saturation_keeps_one_network_per_label_when_asked(tmp_path):
    """A log holding runs of two networks under one label (an earlier network the paper profile no longer runs):
    recipes= keeps the named network's runs only."""
    from lowdiam import sweep as S
    from lowdiam.studies.simulation import recorded_saturation

    old, new = S.Recipe("hyperx", {}, "X", (2, 2)), S.Recipe("hyperx", {}, "X", (3, 3))
    log = S.result_log("05_simulation", "two_networks", root=tmp_path)
    fast = {"measure_cycles": 100, "warmup_cycles": 50}
    S.run_sweep([S.Run(old, "min", "uniform", 0.9, sim=fast), S.Run(new, "min", "uniform", 0.3, sim=fast)],
                processes=1, progress=False, record=log)
    mixed = recorded_saturation("05_simulation", ["two_networks"], 0.01, root=tmp_path)
    only_new = recorded_saturation("05_simulation", ["two_networks"], 0.01, root=tmp_path, recipes={"X": new})
    only_old = recorded_saturation("05_simulation", ["two_networks"], 0.01, root=tmp_path, recipes={"X": old})
    assert mixed[("X", "min", "uniform")][0] == 0.9  # the two networks' loads taken as one search
    assert only_new[("X", "min", "uniform")][0] == 0.3 and only_old[("X", "min", "uniform")][0] == 0.9
