"""The results store (lowdiam.results): row schema, partial rows, progress of a plan, migration, command line."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path

import pytest

from lowdiam.paths import results_dir
from lowdiam.results import STORE_COLUMNS, ResultLog, Store
from lowdiam.results.__main__ import main as cli
from lowdiam.results.migrate import check_lossless, legacy_logs, legacy_text, migrate_file, migrated_text

MANIFEST = Path(__file__).parent / "data" / "results_migration.json"


# ------------------------------------------------------------------ the committed data
def test_every_committed_log_is_of_the_store_schema():
    assert legacy_logs() == []
    for f in Store(cache="off").logs():
        assert f.columns[-len(STORE_COLUMNS):] == STORE_COLUMNS, f.path


@pytest.mark.parametrize("name", sorted(json.loads(MANIFEST.read_text())["logs"]))
def test_migration_lost_nothing(name):
    """Each committed log, taken back to the old schema, is byte for byte the file before the migration (its
    digest and row count were taken from the files then); rows appended since come after them."""
    before = json.loads(MANIFEST.read_text())["logs"][name]
    path = results_dir() / "paper" / f"{name}.csv"
    text = legacy_text(path, rows=before["rows"])
    assert text.count("\n") - 1 == before["rows"]
    assert hashlib.sha256(text.encode()).hexdigest() == before["sha256"]


def test_the_unfinished_motif_runs_are_partial_rows():
    from lowdiam.studies.unfinished import latest_progress

    log = ResultLog("07_motifs", "unfinished_runs", key=("key", "case", "routing", "seed"))
    rows = log.rows(None)
    assert rows and {r["status"] for r in rows} == {"partial"} and log.rows() == []
    latest = latest_progress()
    assert all(isinstance(r["cycle_reached"], int) and r["cycle_reached"] > 0 for r in latest.values())
    # the latest of the two BF ugal rows is kept
    bf = [r for k, r in latest.items() if k[0] == "BF"]
    assert [r["cycle_reached"] for r in bf] == [max(r["cycle_reached"] for r in rows if r["key"] == "BF")]


# ------------------------------------------------------------------ rows
@pytest.fixture
def log(tmp_path):
    return ResultLog("05_simulation", "demo", key=("graph", "load"), root=tmp_path)


def test_partial_rows_are_checkpoints_until_a_done_row(log):
    item = {"graph": "SF(5)", "load": 0.5}
    log.append({**item, "accepted": None}, status="partial", cycle_reached=100)
    log.append({**item, "accepted": None}, status="partial", cycle_reached=300)
    key = log.item_key(item)
    assert key not in log.done() and log.partial()[key]["cycle_reached"] == 300
    assert log.rows() == [] and len(log.rows("partial")) == 2
    log.append({**item, "accepted": 0.49}, seconds=12.5)
    assert key in log.done() and log.partial() == {}
    done = log.rows()
    got = [(r["accepted"], r["status"], r["cycle_reached"], r["seconds"]) for r in done]
    assert got == [(0.49, "done", None, 12.5)]
    assert len(log.rows(None)) == 3


@pytest.mark.parametrize("kwargs, match", [
    ({"status": "finished"}, "status must be one of"),
    ({"status": "partial"}, "cycle_reached"),
    ({"status": "partial", "cycle_reached": -1}, "cycle_reached"),
    ({"status": "partial", "cycle_reached": 1.5}, "cycle_reached"),
    ({"cycle_reached": 10}, "for partial rows"),
    ({"seconds": -1.0}, "seconds must be"),
    ({"seconds": math.nan}, "seconds must be"),
    ({"seconds": math.inf}, "seconds must be"),
    ({"seconds": True}, "seconds must be"),
])
def test_append_checks_the_store_columns(log, kwargs, match):
    with pytest.raises((ValueError, TypeError), match=match):
        log.append({"graph": "SF(5)", "load": 0.1, "accepted": 0.1}, **kwargs)
    assert not log.path.exists()


@pytest.mark.parametrize("column", STORE_COLUMNS)
def test_the_store_columns_are_the_logs_own(log, column, tmp_path):
    with pytest.raises(ValueError, match="written by the log itself"):
        log.append({"graph": "SF(5)", "load": 0.1, column: 1})
    with pytest.raises(ValueError, match="written by the log itself"):
        ResultLog("05_simulation", "demo2", key=("graph", column), root=tmp_path)


def test_rows_names_the_statuses(log):
    with pytest.raises(ValueError, match=r"status must be one of \['done', 'partial'\] or None"):
        log.rows("all")


def test_seconds_default_to_the_rows_own_wall_seconds(log):
    log.append({"graph": "A", "load": 0.1, "wall_seconds": 3.25})
    log.append({"graph": "B", "load": 0.1, "wall_seconds": 3.25}, seconds=4.0)
    assert [r["seconds"] for r in log.rows()] == [3.25, 4.0]


def test_run_measures_each_rows_seconds(log):
    rows = log.run([{"graph": "A", "load": x} for x in (0.1, 0.2)], lambda it: {"accepted": it["load"]},
                   progress=False)
    assert [r["status"] for r in rows] == ["done", "done"]
    assert all(isinstance(r["seconds"], float) and 0 <= r["seconds"] < 60 for r in rows)


def test_run_measures_cpu_seconds_apart_from_wall_seconds(log):
    import time

    def idle(item):
        time.sleep(0.3)  # wall time, no CPU
        return {"accepted": 0.0}

    def busy(item):
        t = time.thread_time()
        while time.thread_time() - t < 0.3:
            pass
        return {"accepted": 1.0}

    log.run([{"graph": "idle", "load": 0.1}], idle, progress=False)
    log.run([{"graph": "busy", "load": 0.1}], busy, progress=False)
    idle_row, busy_row = log.rows()
    assert idle_row["seconds"] >= 0.3 and idle_row["cpu_seconds"] < 0.1
    assert busy_row["cpu_seconds"] >= 0.3 and busy_row["seconds"] >= busy_row["cpu_seconds"] - 0.01
    with pytest.raises(ValueError, match="cpu_seconds must be a finite number"):
        log.append({"graph": "C", "load": 0.1}, cpu_seconds=-1.0)
    sims = ResultLog("05_simulation", "sims", key=("run",), root=log.path.parents[2])
    sims.append({"run": "D", "result": {"accepted_load": 0.5, "wall_seconds": 9.0, "cpu_seconds": 2.0}})
    assert [sims.rows()[-1][k] for k in ("seconds", "cpu_seconds")] == [9.0, 2.0]


def test_appending_to_an_old_log_names_the_migration(tmp_path):
    f = tmp_path / "paper" / "04_fault_tolerance" / "old.csv"
    f.parent.mkdir(parents=True)
    f.write_text("graph,ratio,code_commit,lowdiam_version\nSF(5),0.1,abc,0.1.0\n")
    log = ResultLog("04_fault_tolerance", "old", key=("graph",), root=tmp_path)
    assert log.legacy() and [r["ratio"] for r in log.rows()] == [0.1] and log.done() == {("SF(5)",)}
    with pytest.raises(ValueError, match="python -m lowdiam.results migrate"):
        log.append({"graph": "SF(7)", "ratio": 0.2})
    assert migrate_file(f) and not log.legacy()
    log.append({"graph": "SF(7)", "ratio": 0.2})
    assert [(r["graph"], r["status"]) for r in log.rows()] == [("SF(5)", "done"), ("SF(7)", "done")]
    assert legacy_text(f, rows=1) == "graph,ratio,code_commit,lowdiam_version\nSF(5),0.1,abc,0.1.0\n"


# ------------------------------------------------------------------ migration
def test_migration_moves_a_partial_logs_cycle_and_takes_times_from_results(tmp_path):
    f = tmp_path / "paper" / "07_motifs" / "unfinished_runs.csv"
    f.parent.mkdir(parents=True)
    old = ("key,seed,cycle_reached,share,code_commit,lowdiam_version\n"
           "DF,0,262144,0.38,abc,0.1.0\n")
    f.write_text(old)
    assert migrate_file(f)
    assert f.read_text().splitlines()[1] == "DF,0,0.38,partial,262144,null,null,abc,0.1.0"
    assert legacy_text(f) == old
    g = tmp_path / "paper" / "05_simulation" / "sweep.csv"
    g.parent.mkdir(parents=True)
    g.write_text('run,result,code_commit,lowdiam_version\nab,"{""wall_seconds"":2.5}",abc,0.1.0\n'
                 'cd,"{""x"":1}",abc,0.1.0\n')
    assert migrate_file(g) and not migrate_file(g)  # the second run has nothing to do
    sweep = ResultLog("05_simulation", "sweep", key=("run",), root=tmp_path)
    assert [r["seconds"] for r in sweep.rows()] == [2.5, None]


def test_migration_refuses_a_torn_file_and_a_changed_cell(tmp_path):
    f = tmp_path / "paper" / "03_bisection" / "torn.csv"
    f.parent.mkdir(parents=True)
    f.write_text("graph,width,code_commit,lowdiam_version\nSF(5),12,abc,0.1.0\nSF(7),1")
    with pytest.raises(ValueError, match="torn line"):
        migrated_text(f)
    before = "graph,width,code_commit,lowdiam_version\nSF(5),12,abc,0.1.0\n"
    after = ("graph,width,status,cycle_reached,seconds,cpu_seconds,code_commit,lowdiam_version\n"
             "SF(5),13,done,null,null,null,abc,0.1.0\n")
    with pytest.raises(ValueError, match="column 'width' changed"):
        check_lossless(before, after, partial=False)


def test_migration_adds_cpu_seconds_to_a_log_of_the_first_schema(tmp_path):
    f = tmp_path / "paper" / "05_simulation" / "first.csv"
    f.parent.mkdir(parents=True)
    first = ("run,result,status,cycle_reached,seconds,code_commit,lowdiam_version\n"
             'ab,"{""x"":1}",done,null,2.5,abc,0.1.0\n'
             'cd,"{""x"":2}",partial,300,null,abc,0.1.0\n')
    f.write_text(first)
    log = ResultLog("05_simulation", "first", key=("run",), root=tmp_path)
    assert log.legacy() and [p.name for p in legacy_logs(tmp_path)] == ["first.csv"]
    with pytest.raises(ValueError, match="cpu_seconds column; migrate"):
        log.append({"run": "ef", "result": {"x": 3}})
    assert migrate_file(f) and not migrate_file(f)
    assert f.read_text().splitlines() == [
        "run,result,status,cycle_reached,seconds,cpu_seconds,code_commit,lowdiam_version",
        'ab,"{""x"":1}",done,null,2.5,null,abc,0.1.0', 'cd,"{""x"":2}",partial,300,null,null,abc,0.1.0']
    assert not log.legacy() and legacy_logs(tmp_path) == []
    log.append({"run": "ef", "result": {"x": 3, "cpu_seconds": 1.25}})
    assert [r["cpu_seconds"] for r in log.rows(None)] == [None, None, 1.25]
    # the check refuses a first-schema migration that changed a cell or filled cpu_seconds
    with pytest.raises(ValueError, match="line 2"):
        check_lossless(first, first.replace("seconds,code", "seconds,cpu_seconds,code").replace(
            "2.5,abc", "2.5,7.0,abc").replace("null,abc", "null,null,abc"), partial=False)


# ------------------------------------------------------------------ progress of a plan
def test_status_of_a_plan(tmp_path):
    store = Store(tmp_path, cache="off")
    a = store.log("05_simulation", "a", key=("load",))
    b = store.log("05_simulation", "b", key=("load",))
    a.append({"load": 0.1, "x": 1}, seconds=10.0)
    a.append({"load": 0.2, "x": 1}, seconds=30.0)
    a.append({"load": 0.3, "x": None}, status="partial", cycle_reached=5)
    b.append({"load": 0.1, "x": 1})  # not timed
    s = store.status({a: [{"load": x} for x in (0.1, 0.2, 0.3, 0.4, 0.1)], b: [{"load": 0.1}, {"load": 0.2}]})
    assert (s.planned, s.done, s.partial, s.missing) == (6, 3, 1, 2)
    assert (s.seconds, s.timed, s.eta_seconds) == (40.0, 2, 60.0)  # 20 s a row, 3 rows to do
    assert [(lg.name, *n) for lg, *n in s.per_log] == [("a", 4, 2, 1, 1), ("b", 2, 1, 0, 1)]
    assert str(s).startswith("3 of 6 done, 1 partial, 2 not started")
    assert store.status([]).planned == 0
    with pytest.raises(TypeError, match="a plan maps result logs"):
        store.status([("a", [])])


def test_store_lists_logs_and_partial_rows(tmp_path):
    store = Store(tmp_path, cache=tmp_path / "cache")
    log = store.log("07_motifs", "runs", key=("net",))
    log.append({"net": "DF", "cycles": None}, status="partial", cycle_reached=7)
    log.append({"net": "SF", "cycles": 99}, seconds=1.0)
    (f,) = store.logs()
    assert (f.notebook, f.name, f.done, f.partial, f.legacy, f.seconds) == ("07_motifs", "runs", 1, 1, False, 1.0)
    assert [(r["log"], r["net"], r["cycle_reached"]) for r in store.partial_rows()] == [("07_motifs/runs", "DF", 7)]
    assert store.local_checkpoints() == []
    with pytest.raises(TypeError, match="cache must be"):
        Store(tmp_path, cache=3)


# ------------------------------------------------------------------ command line
def test_command_line(tmp_path, capsys):
    store = Store(tmp_path, cache="off")
    store.log("04_fault_tolerance", "demo", key=("g",)).append({"g": "SF(5)", "r": 0.5}, seconds=61.0)
    assert cli(["--root", str(tmp_path), "status"]) == 0
    out = capsys.readouterr().out
    assert "| 04_fault_tolerance/demo | 1 | 0 | 0 h 01 min 01 s | — | store |" in out
    assert cli(["--root", str(tmp_path), "index"]) == 0
    assert (tmp_path / "paper" / "README.md").is_file()
    assert cli(["--root", str(tmp_path), "migrate", "--check"]) == 0
    old = tmp_path / "paper" / "04_fault_tolerance" / "old.csv"
    old.write_text("g,code_commit,lowdiam_version\nx,abc,0.1.0\n")
    assert cli(["--root", str(tmp_path), "migrate", "--check"]) == 1
    assert cli(["--root", str(tmp_path), "migrate"]) == 0 and legacy_logs(tmp_path) == []
    assert cli(["--root", str(tmp_path), "checkpoints", str(tmp_path / "nocache")]) == 0
    assert "committed partial rows: 0" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        cli(["--root", str(tmp_path), "bogus"])


def test_decoded_cells_are_shared_only_when_immutable():
    """``log._decode`` remembers the cells it decoded, but only immutable values: a list or dict read twice is two
    objects (a caller may change one), a number, string, bool or null is the value json.loads gives."""
    from lowdiam.results import log as L

    for text in ("0.5", "17", "true", "null", '"x"', "PS-IQ(11,3)", "1e-3", "[1, 2]", '{"a": [1]}'):
        for _ in range(2):
            try:
                want = json.loads(text)
            except ValueError:
                want = text
            got = L._decode(text)
            assert got == want and type(got) is type(want), text
    assert L._decode("[1, 2]") is not L._decode("[1, 2]") and L._decode('{"a": 1}') is not L._decode('{"a": 1}')
    assert "[1, 2]" not in L._DECODED and L._DECODED["0.5"] == 0.5
