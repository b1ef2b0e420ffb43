"""The committed paper-scale result logs: resumable, typed, with provenance, strict about bad input."""

import csv

import numpy as np
import pytest

from lowdiam.results import PROVENANCE, ResultLog, code_commit


def _log(tmp_path, **kw):
    return ResultLog("05_simulation", "runs", key=("graph", "load", "seed"), root=tmp_path, **kw)


def test_round_trip_types_and_provenance(tmp_path):
    log = _log(tmp_path)
    log.append({"graph": "PS-IQ(11,3)", "load": 0.35, "seed": 1, "stable": True, "latency": np.float64(31.5),
                "hops": [0, 5, 7], "note": None})
    (row,) = log.rows()
    assert row["graph"] == "PS-IQ(11,3)" and row["load"] == 0.35 and row["seed"] == 1
    assert row["stable"] is True and row["latency"] == 31.5 and row["hops"] == [0, 5, 7] and row["note"] is None
    assert row["code_commit"] == code_commit() and row["lowdiam_version"]
    with log.path.open() as fh:
        header = next(csv.reader(fh))
    assert header[-2:] == list(PROVENANCE)
    assert log.path == tmp_path / "paper" / "05_simulation" / "runs.csv"


def test_run_resumes_after_interruption(tmp_path):
    log = _log(tmp_path)
    items = [{"graph": "g", "load": x / 10, "seed": 0} for x in range(1, 6)]
    calls = []

    def compute(item):
        calls.append(item["load"])
        if item["load"] == 0.4 and len(calls) == 4:
            raise KeyboardInterrupt  # the session ends mid-run
        return {"accepted": item["load"]}

    with pytest.raises(KeyboardInterrupt):
        log.run(items, compute, progress=False)
    assert [r["load"] for r in log.rows()] == [0.1, 0.2, 0.3]  # written as they finished
    rows = log.run(items, compute, progress=False)
    assert calls == [0.1, 0.2, 0.3, 0.4, 0.4, 0.5]  # only the unfinished ones recomputed
    assert [r["load"] for r in rows] == [0.1, 0.2, 0.3, 0.4, 0.5]
    # a fresh object on the same file sees the same state (another machine, next session)
    assert len(_log(tmp_path).done()) == 5


@pytest.mark.parametrize(
    "row, match",
    [
        ({"graph": "g", "load": 0.1}, "lacks key"),
        ({"graph": "1.5", "load": 0.1, "seed": 0}, "read back"),
        ({"graph": "g", "load": float("nan"), "seed": 0}, "finite JSON"),
        ({"graph": "g", "load": 0.1, "seed": 0, "code_commit": "x"}, "written by the log"),
    ],
)
def test_bad_rows_refused(tmp_path, row, match):
    with pytest.raises(ValueError, match=match):
        _log(tmp_path).append(row)


def test_copied_row_keeps_its_provenance(tmp_path):
    log = _log(tmp_path)
    log.append({"graph": "g", "load": 0.1, "seed": 0}, provenance={"code_commit": "abc123", "lowdiam_version": "0.0.9"})
    log.append({"graph": "g", "load": 0.2, "seed": 0})
    first, second = log.rows()
    assert (first["code_commit"], first["lowdiam_version"]) == ("abc123", "0.0.9")
    assert second["code_commit"] == code_commit()


@pytest.mark.parametrize("provenance", [{"code_commit": "abc"}, {"code_commit": "abc", "lowdiam_version": ""},
                                        {"code_commit": "a", "lowdiam_version": "1", "x": "y"}, "abc"])
def test_bad_provenance_refused(tmp_path, provenance):
    with pytest.raises(ValueError, match="provenance must map exactly"):
        _log(tmp_path).append({"graph": "g", "load": 0.1, "seed": 0}, provenance=provenance)


def test_columns_fixed_by_first_row(tmp_path):
    log = _log(tmp_path)
    log.append({"graph": "g", "load": 0.1, "seed": 0, "a": 1})
    with pytest.raises(ValueError, match="extra"):
        log.append({"graph": "g", "load": 0.2, "seed": 0, "b": 1})


@pytest.mark.parametrize("kw", [{"notebook": "../x"}, {"name": "a/b"}, {"key": ()}, {"key": ("code_commit",)}])
def test_bad_construction(tmp_path, kw):
    args = {"notebook": "05", "name": "runs", "key": ("seed",), "root": tmp_path} | kw
    with pytest.raises(ValueError):
        ResultLog(args.pop("notebook"), args.pop("name"), **args)


def test_compute_may_not_overwrite_item_columns(tmp_path):
    with pytest.raises(ValueError, match="already sets"):
        _log(tmp_path).run([{"graph": "g", "load": 0.1, "seed": 0}], lambda it: {"seed": 3}, progress=False)


# ------------------------------------------------------------------ parallel computation of a log's items
def _motif_items():
    from lowdiam.sweep import Recipe

    hx = Recipe("hyperx", {"endpoints_per_router": 2}, "", (3, 3))
    return [dict(recipe=hx, key="HX", case=f"fft-{b}", routing=rt, motif="fft", message_bytes=b)
            for b in (256, 512) for rt in ("min", "valiant")]


def _motif_log_run(tmp_path, name, **kw):
    """Notebook 07's way of recording motif runs (lowdiam.studies.motifs.logged_item_result), on tiny items."""
    import functools

    from lowdiam.studies import motifs as M

    key = ("key", "case", "routing", "message_bytes")
    items = _motif_items()
    by_key = {tuple(it[k] for k in key): it for it in items}
    log = ResultLog("07_motifs", name, key=key, root=tmp_path)
    rows = log.run([{k: it[k] for k in key} for it in items],
                   functools.partial(M.logged_item_result, by_key, key, ranks=12, seed=0), progress=False, **kw)
    timing = ("wall_seconds", "seconds", "cpu_seconds")
    return {tuple(r[k] for k in key): {k: v for k, v in r.items() if k not in timing} for r in rows}


def test_run_on_two_processes_records_what_one_process_records(tmp_path, monkeypatch):
    from lowdiam.parallel import shutdown_pool

    one = _motif_log_run(tmp_path, "serial")
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "other-cache"))  # compute again, not from the cache
    try:
        two = _motif_log_run(tmp_path, "parallel", processes=2)
    finally:
        shutdown_pool()
    assert two == one and len(one) == 4
    assert {r["ranks_run"] for r in one.values()} == {12}
    with pytest.raises(ValueError, match="processes"):
        _log(tmp_path).run([], dict, processes=0)


def test_run_on_a_dask_cluster_records_what_one_process_records(tmp_path, monkeypatch):
    distributed = pytest.importorskip("distributed")
    one = _motif_log_run(tmp_path, "serial")
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "dask-cache"))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        via_dask = _motif_log_run(tmp_path, "dask", scheduler=cluster.scheduler_address)
    assert via_dask == one
