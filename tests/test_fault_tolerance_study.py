"""lowdiam.studies.fault_tolerance: notebook 04's helpers and settings, outside the notebook (fast, no network)."""

from __future__ import annotations

import csv

import numpy as np
import pytest

from lowdiam.studies import fault_tolerance as FT


def test_grid_stops_strictly_below_hi():
    assert FT.grid(0.1, 0.6 + 1e-6).tolist() == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    assert FT.grid(0.05, 0.1).tolist() == [0.0, 0.05]
    assert FT.grid(0.02, 0.03).tolist() == [0.0, 0.02]


def test_rise_is_relative_to_the_intact_value():
    assert FT.rise({"d": np.array([3.0, 3.0, 5.0])}, "d").tolist() == [0.0, 0.0, 2.0]


@pytest.mark.parametrize(("md", "dm", "ok"), [([2.0, 2.1], [3, 3], True), ([2.0, 2.0], [3, 3], False),
                                              ([2.0, 2.1], [4, 3], False), ([2.0], [3], True)])
def test_increasing_curves(md, dm, ok):
    assert FT.increasing_curves(np.array(md), np.array(dm)) is ok


def test_a1_beats_df_needs_every_good_below_every_bad_everywhere():
    good = {"GF": np.array([2.0, 2.5]), "SF": np.array([2.1, 2.4])}
    assert FT.a1_beats_df(good, {"DF": np.array([2.2, 2.6])})
    assert not FT.a1_beats_df(good, {"DF": np.array([2.2, 2.5])})  # a tie is not smaller
    assert not FT.a1_beats_df(good, {"DF": np.array([3.0, 3.0]), "GFa": np.array([2.05, 3.0])})


def test_profiles_fill_the_parameters_left_at_none():
    quick, paper = FT.Study("quick"), FT.Study("paper")
    assert (quick.fig14_step, quick.sf_trials_large, quick.sf_max_trials, quick.bisection_runs) == (0.05, 3, 100, 2)
    assert (paper.fig14_step, paper.sf_trials_large, paper.gf_trials, paper.gf_step) == (0.02, "spectralfly", 10, 0.05)
    assert quick.paper_run == FT.PAPER_RUN == {k: getattr(paper, k) for k in FT.PAPER_RUN}
    # the quick profile reads the rows recorded with the paper defaults, whatever its own settings
    assert FT.Study("quick", gf_trials=7).paper_run["gf_trials"] == 10
    assert FT.Study("paper", gf_trials=7).paper_run["gf_trials"] == 7
    with pytest.raises(ValueError, match="unknown profile"):
        FT.Study("full")


def test_recorded_rows_name_the_studied_networks():
    logs = FT.Study("quick").logs
    for name, nets in (("spectralfly_fig5", FT.TABLE_I), ("galaxyfly_fig5", FT.GF)):
        with open(logs[name].path, newline="") as f:
            recorded = {row["network"] for row in csv.DictReader(f)}
        assert recorded == {n for members in nets.values() for n in members}, name
    assert set(FT.GF_PAPER) <= {n for members in FT.GF.values() for n in members}
    assert set(FT.SF_LIMIT) == set(FT.TABLE_I)
