"""Progress of the paper profiles recorded piece by piece (lowdiam.paper_progress) and its place in the index."""

from __future__ import annotations

import pytest

from lowdiam.paper_progress import PaperProgress, progress_file, read_progress
from lowdiam.results import ResultLog
from lowdiam.results.index import render_status


def test_counts_complete_partial_and_not_started_and_ignores_unplanned_records():
    p = PaperProgress("07_motifs")
    row = p.add("SpectralFly Fig. 9/10", "motif runs", [("SF", "fft"), ("BF", "fft"), ("DF", "fft"), ("LPS", "fft")],
                {("SF", "fft"): True, ("BF", "fft"): True, ("DF", "fft"): False, ("XX", "fft"): True})
    assert row == {"section": "SpectralFly Fig. 9/10", "what": "motif runs", "planned": 4, "complete": 2,
                   "partial": 1, "not_started": 1}
    assert p.rows() == [row] and p.rows()[0] is not p.rows()[0]  # copies


@pytest.mark.parametrize("planned, done, match", [
    ([], {}, "nothing planned"),
    ([("a",), ("a",)], {}, "planned twice"),
    ([("a",)], {("a",): (0.5, True)}, "bools"),
    ([("a",)], {("a",): 1}, "bools"),
])
def test_bad_input_is_rejected(planned, done, match):
    with pytest.raises(ValueError, match=match):
        PaperProgress("05_simulation").add("s", "searches", planned, done)


@pytest.mark.parametrize("name", ["", "../x", "a b", 5])
def test_notebook_must_be_a_plain_stem(name):
    with pytest.raises(ValueError, match="plain notebook stem"):
        PaperProgress(name)


def test_write_then_read_round_trips_and_an_empty_table_is_not_written(tmp_path):
    p = PaperProgress("05_simulation")
    with pytest.raises(ValueError, match="no progress rows"):
        p.write(tmp_path)
    p.add("1. Fig. 9", "saturation searches", range(5), {0: True, 1: True, 2: False})
    p.add("2. Fig. 4-6", "latency curves", ["a", "b"], {"a": True, "b": True})
    path = p.write(tmp_path)
    assert path == progress_file("05_simulation", tmp_path) and path.name == "05_simulation_paper_progress.csv"
    assert read_progress(tmp_path) == {"05_simulation": p.rows()}
    assert "| 1. Fig. 9 | saturation searches | 5 | 2 | 1 | 2 |" in p.report()


def test_the_index_shows_progress_tables_and_per_file_compute_time(tmp_path):
    results, figures = tmp_path / "results", tmp_path / "figures"
    sims = ResultLog("05_simulation", "fig9", key=("run",), root=results)
    sims.append({"run": "a", "result": {"accepted_load": 0.5, "wall_seconds": 3600.0}})
    p = PaperProgress("05_simulation")
    p.add("1. Fig. 9", "saturation searches", ["x", "y"], {"x": True})
    p.write(figures)
    text = render_status(results, figures)
    assert "## 05_simulation: row compute time per data file" in text and "| `fig9` | 1 | 1 h 00 min |" in text
    assert "### 05_simulation" in text and "| 1. Fig. 9 | saturation searches | 2 | 1 | 0 | 1 |" in text
    assert "Progress of the paper profiles" not in render_status(results, tmp_path / "none")
