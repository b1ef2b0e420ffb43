"""Tests of lowdiam.sweep: caching, determinism across executors, saturation search, input checks."""

from __future__ import annotations

import csv
import math

import pytest

from lowdiam import sweep as S
from lowdiam.sim import simulate

FAST = {"warmup_cycles": 100, "measure_cycles": 200, "packet_flits": 4}
JF = S.Recipe("jellyfish", {"n": 20, "degree": 4, "seed": 1}, label="JF20")
NUMBERS = ("accepted_load", "offered_load_actual", "latency_mean", "latency_p99", "hops_mean", "jain_fairness",
           "saturated", "packets_measured", "packets_delivered", "hop_histogram", "cycles")


@pytest.fixture(autouse=True)
def tmp_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(S.SCHEDULER_ENV, raising=False)
    yield


@pytest.fixture
def counting(monkeypatch):
    calls = []

    def counted(*args, **kwargs):
        calls.append((args[1:], kwargs))
        return simulate(*args, **kwargs)

    monkeypatch.setattr(S, "simulate", counted)
    return calls


def runs(loads=(0.1, 0.3, 0.5), routing="min", traffic="uniform", seed=0):
    return [S.Run(JF, routing, traffic, ld, seed, dict(FAST)) for ld in loads]


def numbers(records):
    return [{k: r[k] for k in NUMBERS} for r in records]


def test_record_matches_direct_simulate(counting):
    rec = S.run_sweep(runs((0.3,)), processes=1, progress=False)[0]
    ref = simulate(JF.build(), "min", "uniform", 0.3, seed=0, **FAST)
    assert rec["accepted_load"] == ref.accepted_load and rec["latency_mean"] == ref.latency_mean
    assert rec["hop_histogram"] == ref.hop_histogram.tolist()
    assert rec["label"] == "JF20" and rec["load"] == 0.3 and rec["num_routers"] == 20
    assert rec["cached"] is False and rec["sim_measure_cycles"] == 200


def test_cache_hit_is_instant_and_skips_simulate(counting):
    first = S.run_sweep(runs(), processes=1, progress=False)
    assert len(counting) == 3
    again = S.run_sweep(runs(), processes=1, progress=False)
    assert len(counting) == 3, "a cached rerun must not simulate"
    assert all(r["cached"] for r in again)
    assert numbers(first) == numbers(again)


def test_changed_parameter_recomputes_only_that_run(counting):
    S.run_sweep(runs(), processes=1, progress=False)
    assert len(counting) == 3
    S.run_sweep(runs((0.1, 0.3, 0.45)), processes=1, progress=False)
    assert len(counting) == 4 and counting[-1][0][2] == 0.45
    changed = runs((0.1, 0.3, 0.5))
    changed[1] = S.Run(JF, "min", "uniform", 0.3, 0, {**FAST, "buffer_flits": 16})
    recs = S.run_sweep(changed, processes=1, progress=False)
    assert len(counting) == 5 and [r["cached"] for r in recs] == [True, False, True]


def test_duplicates_are_simulated_once(counting):
    recs = S.run_sweep(runs((0.2, 0.2)), processes=1, progress=False)
    assert len(counting) == 1 and numbers(recs)[0] == numbers(recs)[1]


def test_cache_off_still_works(monkeypatch, counting):
    monkeypatch.setenv("LOWDIAM_CACHE", "off")
    S.run_sweep(runs((0.2,)), processes=1, progress=False)
    S.run_sweep(runs((0.2,)), processes=1, progress=False)
    assert len(counting) == 2


def test_local_processes_equal_serial(tmp_path, monkeypatch):
    grid = runs((0.2, 0.6)) + runs((0.4,), routing="valiant", traffic="randperm", seed=3)
    serial = S.run_sweep(grid, processes=1, progress=False)
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "other"))
    try:
        parallel = S.run_sweep(grid, processes=2, progress=False)
    finally:
        S.shutdown_pool()
    assert not any(r["cached"] for r in parallel)
    assert numbers(parallel) == numbers(serial)


@pytest.mark.parametrize("worker_processes", [False, True])
def test_dask_local_cluster_equals_serial(tmp_path, monkeypatch, worker_processes):
    distributed = pytest.importorskip("distributed")
    grid = runs((0.25, 0.5))
    serial = S.run_sweep(grid, processes=1, progress=False)
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "dask"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=worker_processes,
                                  dashboard_address=None) as cluster:
        via_env = S.run_sweep(grid, scheduler=cluster.scheduler_address, progress=False)  # the address route
        with distributed.Client(cluster) as client:
            via_client = S.run_sweep(runs((0.25, 0.5, 0.7)), scheduler=client, progress=False)
    assert numbers(via_env) == numbers(serial)
    assert [r["cached"] for r in via_client] == [True, True, False]
    assert numbers(via_client[:2]) == numbers(serial)


@pytest.mark.parametrize("threshold", [0.0137, 0.33, 0.5, 0.77, 0.999])
def test_bracket_saturation_monotone_synthetic(threshold):
    asked = []

    def is_sat(loads):
        asked.append(sum(len(x) for x in loads))
        return [[ld > threshold for ld in ls] for ls in loads]

    (a, s), = S.bracket_saturation(is_sat, 1, coarse_step=0.1, tol=0.01)
    # brute force reference: the stable/saturated boundary
    assert a <= threshold < s and s - a <= 0.01
    n_coarse = 10
    assert len(asked) <= n_coarse + math.ceil(math.log2(0.1 / 0.01)) + 1
    # only coarse loads up to the knee are evaluated
    assert sum(asked) <= min(n_coarse, math.floor(threshold / 0.1) + 1) + math.ceil(math.log2(0.1 / 0.01)) + 1


@pytest.mark.parametrize("hints", [None, [(0.6, 0.8)]])
@pytest.mark.parametrize("knee, bracket", [(0.63, (0.6, 0.65)), (0.33, (0.3, 0.35)), (0.91, (0.9, 0.95))])
def test_a_bracket_of_exactly_tol_is_final(knee, bracket, hints):
    # 0.2/0.05 (the quick profile's rule): widths 0.2, 0.1, 0.05 in floating point (0.65 - 0.6 > 0.05), so a
    # comparison without an allowance would bisect once more, to 0.025
    asked = []

    def is_sat(loads):
        asked.extend(loads[0])
        return [[ld > knee for ld in ls] for ls in loads]

    assert S.bracket_saturation(is_sat, 1, coarse_step=0.2, tol=0.05, hints=hints) == [bracket]
    assert all(round(x / 0.05, 6).is_integer() for x in asked)  # no load off the 0.05 grid was run


def test_bracket_saturation_edges_and_lockstep():
    def is_sat(loads, thresholds=(2.0, 0.42, 0.05)):
        return [[ld > t for ld in ls] for ls, t in zip(loads, thresholds)]

    got = S.bracket_saturation(is_sat, 3, coarse_step=0.1, tol=0.02, hi=0.9)
    assert got[0] == (0.9, None)  # never saturates up to hi
    assert got[1][0] <= 0.42 < got[1][1] and got[1][1] - got[1][0] <= 0.02
    assert got[2][0] <= 0.05 < got[2][1]  # saturated at lo: bisection below lo


def test_saturation_search_on_a_network_is_consistent():
    res = S.saturation_search(JF, "min", "uniform", coarse_step=0.2, tol=0.05, sim=FAST, processes=1,
                              progress=False)
    assert res.records == sorted(res.records, key=lambda r: r["load"])
    by_load = {r["load"]: r for r in res.records}
    if res.saturated_load is not None:
        assert by_load[res.saturated_load]["saturated"]
        assert res.saturated_load - res.saturation_load <= 0.05 + 1e-9
    if res.saturation_load > 0:
        assert not by_load[res.saturation_load]["saturated"]
        assert res.accepted_load == by_load[res.saturation_load]["accepted_load"]
    again = S.saturation_search(JF, "min", "uniform", coarse_step=0.2, tol=0.05, sim=FAST, processes=1,
                                progress=False)
    assert all(r["cached"] for r in again.records) and again.saturation_load == res.saturation_load


def test_load_curve_and_csv(tmp_path):
    recs = S.load_curve(JF, "min", "uniform", [0.1, 0.2], seeds=(0, 1), sim=FAST, tags={"fig": "t"},
                        processes=1, progress=False)
    assert [(r["load"], r["seed"]) for r in recs] == [(0.1, 0), (0.1, 1), (0.2, 0), (0.2, 1)]
    assert all(r["fig"] == "t" for r in recs)
    path = S.write_csv(recs, "05_test", directory=tmp_path)
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 4 and float(rows[2]["accepted_load"]) == recs[2]["accepted_load"]
    short = S.write_csv(recs, "05_short", columns=S.DEFAULT_COLUMNS, directory=tmp_path)
    assert next(csv.reader(short.open())) == list(S.DEFAULT_COLUMNS)


@pytest.mark.parametrize(
    "make, match",
    [
        (lambda: S.Recipe("jellyfsh", {"n": 20}), "jellyfish"),
        (lambda: S.Recipe("jellyfish", {"n": object()}), "JSON"),
        (lambda: S.Recipe("jellyfish", {"n": 20, "k": 4, "seed": 1}), "degree"),
        (lambda: S.Run(JF, "minimal", "uniform", 0.3), "min"),
        (lambda: S.Run(JF, "min", "unifrm", 0.3), "uniform"),
        (lambda: S.Run(JF, "min", "uniform", 0.0), "load"),
        (lambda: S.Run(JF, "min", "uniform", 1.5), "load"),
        (lambda: S.Run(JF, "min", "uniform", 0.3, seed=-1), "seed"),
        (lambda: S.Run(JF, "min", "uniform", 0.3, sim={"packet_flit": 4}), "packet_flits"),
        (lambda: S.Run(JF, "min", "uniform", 0.3, sim={"routing": "ugal"}), "Run.sim"),
        (lambda: S.run_sweep(runs((0.2,)), processes=0), "processes"),
        (lambda: S.bracket_saturation(lambda x: x, 1, coarse_step=0.1, tol=0.2), "tol"),
        (lambda: S.bracket_saturation(lambda x: x, 1, lo=0.5, hi=0.4), "lo"),
        (lambda: S.load_curve(JF, "min", "uniform", []), "at least one"),
        (lambda: S.write_csv([{"a": 1}], "05_x.csv"), "file stem"),
    ],
)
def test_bad_input_raises_value_error(make, match):
    with pytest.raises(ValueError, match=match):
        make()


def test_worker_error_names_the_run():
    bad = S.Run(JF, "min", "uniform", 0.3, 0, {"buffer_flits": 2, "packet_flits": 4, "router": "ideal"})
    with pytest.raises(ValueError, match="buffer_flits") as info:
        S.run_sweep([bad], processes=1, progress=False)
    assert any("JF20 min/uniform" in n for n in getattr(info.value, "__notes__", []))
