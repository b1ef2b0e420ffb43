"""UGAL's bias towards the minimal route is an explicit, documented option whose default the recorded data rely on."""

import csv
import json
from pathlib import Path

import pytest

from lowdiam.sim.routings import ugal

RESULTS = Path(__file__).resolve().parents[1] / "results" / "paper"
UGAL_ROUTINGS = ("ugal", "df-ugal")


def test_default_threshold_is_the_one_the_recorded_runs_used():
    # every recorded UGAL run names no threshold, so it ran with the default: the default may not change
    # without re-keying those rows (see the module docstring of lowdiam.sim.routings.ugal)
    assert ugal.DEFAULT_THRESHOLD == 0
    assert ugal.ROUTING.defaults["threshold"] == ugal.DEFAULT_THRESHOLD
    assert ugal.BOOKSIM_THRESHOLD == 2


def _recorded_ugal_rows():
    for path in sorted(RESULTS.glob("*/*.csv")):
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                if row.get("routing") in UGAL_ROUTINGS:
                    yield path, row


def test_recorded_ugal_rows_still_match_their_runs():
    rows = list(_recorded_ugal_rows())
    assert rows, "no recorded UGAL rows found under results/paper"
    rekeyed = 0
    for path, row in rows:
        if "sim" not in row:  # motif logs: keyed by case and routing name only
            continue
        sim = json.loads(row["sim"])
        options = sim.get("routing_options") or {}
        # a row that names no threshold ran with the default; one that names it (the authors' fork's Dragonfly
        # UGAL, -30 with BookSim's Dragonfly cost) is keyed by it, and it must be one the routing accepts
        if "threshold" in options:
            assert options["threshold"] == ugal.DEFAULT_THRESHOLD or options.get("cost") == "booksim-dragonfly", (
                path.name, options)
            from lowdiam.sim.routings import resolve_routing

            assert resolve_routing(row["routing"], options)[1]["threshold"] == options["threshold"]
        if "run" in row:  # a sweep row: its key is the run's parameter hash, recomputed from its spec
            from lowdiam.sweep import Recipe, Run

            recipe = json.loads(row["recipe"])
            if "constructor" not in recipe:
                continue
            run = Run(Recipe(recipe["constructor"], recipe["kwargs"], args=tuple(recipe["args"])),
                      row["routing"], row["traffic"], json.loads(row["load"]), int(row["seed"]), sim=sim)
            assert run.key() == row["run"], (path.name, row["label"])
            rekeyed += 1
    assert rekeyed > 100, f"only {rekeyed} recorded UGAL sweep rows were re-keyed"


@pytest.mark.parametrize("bad", [-1, 1.5, "booksim"])
def test_threshold_is_checked(bad):
    from lowdiam.sim.routings import REGISTRY

    with pytest.raises((TypeError, ValueError), match="threshold"):
        REGISTRY["ugal"].check("ugal", {**ugal.ROUTING.defaults, "threshold": bad})
