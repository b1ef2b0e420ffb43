"""The index of recorded paper-scale data (lowdiam.recorded_status)."""

from __future__ import annotations

from lowdiam.recorded import ResultLog
from lowdiam.recorded_status import render_status, status, write_status
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
    assert e["files"] == [{"name": "metis", "rows": 3, "commits": 1}]
    assert [s["section"] for s in e["sections"]] == ["1. Fig. 12"]
    assert e["sections"][0]["runs"] == 2
    text = render_status(tmp_path)
    assert "| 03_bisection | `metis` (3) | 3 | 1 |" in text and "## 03_bisection: time per section" in text
    assert write_status(tmp_path).read_text() == text


def test_status_of_an_empty_results_folder(tmp_path):
    assert status(tmp_path) == []
    assert "No paper-scale data recorded yet." in render_status(tmp_path)
