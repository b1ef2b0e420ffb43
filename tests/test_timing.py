"""SectionTimer: sections are timed, recorded on request, and bad input is refused."""

import csv

import pytest

from lowdiam.timing import SectionTimer


def test_records_each_section_when_asked(tmp_path):
    timer = SectionTimer("03_bisection", profile="paper", record=True, root=tmp_path)
    with timer.section("a"):
        pass
    with pytest.raises(RuntimeError), timer.section("b"):
        raise RuntimeError("boom")  # a failed section is still timed
    rows = list(csv.DictReader((tmp_path / "paper" / "03_bisection" / "section_times.csv").open()))
    assert [r["section"] for r in rows] == ["a", "b"]
    assert all(float(r["seconds"]) >= 0 for r in rows)
    assert "**total**" in timer.report()


def test_quick_profile_writes_nothing(tmp_path):
    timer = SectionTimer("03_bisection", profile="quick", root=tmp_path)
    with timer.section("a"):
        pass
    assert not any(tmp_path.iterdir())


def test_bad_input():
    with pytest.raises(ValueError, match="quick"):
        SectionTimer("03_bisection", profile="full")
    with pytest.raises(TypeError, match="record"):  # the library's type errors are TypeError (lowdiam.validate)
        SectionTimer("03_bisection", profile="paper", record=1)
