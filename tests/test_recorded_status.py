"""The index of recorded paper-scale data (lowdiam.results.index)."""

from __future__ import annotations

import pytest

from lowdiam.results import ResultLog
from lowdiam.results.index import render_status, status, write_status
from lowdiam.timing import SectionTimer


def test_status_counts_rows_commits_and_sums_section_times(tmp_path):
    log = ResultLog("03_bisection", "metis", key=("graph",), root=tmp_path)
    for g in ("SF(5)", "SF(7)", "LPS(3,5)"):
        log.append({"graph": g, "cut": 10})
    for _run in range(2):  # a run and its resumption
        timer = SectionTimer("03_bisection", profile="paper", record=True, root=tmp_path)
        with timer.section("1. Fig. 12"):
            pass
    quick = SectionTimer("03_bisection", profile="quick", record=False, root=tmp_path)
    with quick.section("1. Fig. 12"):
        pass
    (e,) = status(tmp_path)
    assert e["notebook"] == "03_bisection"
    assert e["files"] == [{"name": "metis", "rows": 3, "partial": 0, "commits": 1, "row_seconds": None,
                           "row_cpu_seconds": None}]
    assert [s["section"] for s in e["sections"]] == ["1. Fig. 12"]
    assert e["sections"][0]["runs"] == 2
    text = render_status(tmp_path)
    assert "| 03_bisection | `metis` (3) | 3 | 1 |" in text and "## 03_bisection: time per section" in text
    assert write_status(tmp_path).read_text() == text


def test_row_compute_time_from_a_column_or_a_simulation_result(tmp_path):
    motifs = ResultLog("07_motifs", "fig11", key=("key",), root=tmp_path)
    motifs.append({"key": "PS", "completion_cycles": 5, "wall_seconds": 90.0})
    motifs.append({"key": "DF", "completion_cycles": 7, "wall_seconds": 30.5})
    sims = ResultLog("05_simulation", "fig9", key=("run",), root=tmp_path)
    sims.append({"run": "a", "result": {"accepted_load": 0.5, "wall_seconds": 3600.0}})
    sims.append({"run": "b", "result": {"accepted_load": 0.4, "wall_seconds": 1800.0, "cpu_seconds": 900.0}})
    by_nb = {e["notebook"]: e for e in status(tmp_path)}
    assert by_nb["07_motifs"]["files"][0]["row_seconds"] == 120.5
    assert by_nb["05_simulation"]["files"][0]["row_seconds"] == 5400.0
    assert by_nb["05_simulation"]["files"][0]["row_cpu_seconds"] == 900.0  # the one row that measured it
    assert by_nb["07_motifs"]["files"][0]["row_cpu_seconds"] is None
    text = render_status(tmp_path)
    assert "| 05_simulation | `fig9` (2) | 2 | 1 | 0 | — | 1 h 30 min |" in text
    assert "| 07_motifs | `fig11` (2) | 2 | 1 | 0 | — | 2 min 00 s |" in text


def test_a_run_copied_into_another_file_counts_its_time_once(tmp_path):
    first = ResultLog("05_simulation", "a_fig9", key=("run",), root=tmp_path)
    first.append({"run": "r1", "result": {"wall_seconds": 100.0}})
    first.append({"run": "r2", "result": {"wall_seconds": 50.0}})
    copy = ResultLog("05_simulation", "b_spectralfly", key=("run",), root=tmp_path)
    copy.append({"run": "r1", "result": {"wall_seconds": 100.0}},
                provenance={"code_commit": "abc", "lowdiam_version": "0.1.0"})  # copied by run_sweep(reuse=)
    copy.append({"run": "r3", "result": {"wall_seconds": 7.0}})
    (e,) = status(tmp_path)
    assert [(f["name"], f["rows"], f["row_seconds"]) for f in e["files"]] == [("a_fig9", 2, 150.0),
                                                                              ("b_spectralfly", 2, 7.0)]
    assert "| 2 min 37 s |" in render_status(tmp_path)


def test_status_of_an_empty_results_folder(tmp_path):
    assert status(tmp_path) == []
    assert "No paper-scale data recorded yet." in render_status(tmp_path)


def test_command_line_rejects_options_instead_of_taking_them_for_a_folder(tmp_path, monkeypatch, capsys):
    from lowdiam.results.index import _main

    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as e:
        _main(["--root", "x"])
    assert e.value.code == 2 and "unrecognized arguments" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []  # nothing written under a folder named like the option
    assert _main([str(tmp_path)]) == 0
    assert (tmp_path / "paper" / "README.md").read_text() == render_status(tmp_path)
