"""The committed paper-scale records of notebooks 01 and 02 (results/paper/01_scalability/, 02_edst/) still agree
with the code that produced them.

The paper profiles run for a long time, so their raw results are committed data (``lowdiam.results``); this test
recomputes the cheapest recorded items from their recorded keys: the EDST constructions, depth analysis and exact
packings are deterministic, so every value must agree exactly (timings excepted).  A test is skipped while its file
has no rows.
"""

from __future__ import annotations

import json

import pytest

from lowdiam import edst as E
from lowdiam import topologies as T
from lowdiam.paths import results_dir
from lowdiam.results import ResultLog
from lowdiam.studies.edst import build

NB01, NB02 = results_dir() / "paper" / "01_scalability", results_dir() / "paper" / "02_edst"


def _rows(folder, name, key):
    path = folder / f"{name}.csv"
    return ResultLog(folder.name, name, key=key, root=folder.parent.parent).rows() if path.is_file() else []


def _plain(v):
    """As a recorded CSV cell reads back (JSON), without wall-clock timings."""
    v = json.loads(json.dumps(v))
    return {k: x for k, x in v.items() if not k.endswith("seconds")} if isinstance(v, dict) else v


TABLE4 = _rows(NB02, "table4_rows", ("spec",))
DEPTH = _rows(NB02, "depth_rows", ("spec",))
TABLE5 = _rows(NB02, "table5", ("kind", "x"))
LPS = _rows(NB01, "lps_diameter", ("p", "q"))


@pytest.mark.skipif(not TABLE4, reason="no recorded Table IV rows of notebook 02 yet")
def test_table4_row_recomputes():
    # the two smallest recorded networks of different families: every construction, count and depth
    by_family = {}
    for row in sorted(TABLE4, key=lambda r: r["value"]["routers"]):
        by_family.setdefault(row["spec"][0], row)
    for row in sorted(by_family.values(), key=lambda r: r["value"]["routers"])[:2]:
        assert _plain(E.edst_row(build(tuple(row["spec"])))) == _plain(row["value"]), row["spec"]


@pytest.mark.skipif(not DEPTH, reason="no recorded depth rows of notebook 02 yet")
def test_depth_row_recomputes():
    routers = {json.dumps(r["spec"]): r["value"]["routers"] for r in TABLE4}
    row = min(DEPTH, key=lambda r: routers.get(json.dumps(r["spec"]), 10**9))
    assert _plain(E.depth_row(build(tuple(row["spec"])))) == row["value"]


@pytest.mark.skipif(not TABLE5, reason="no recorded Table V packings of notebook 02 yet")
def test_table5_packing_recomputes():
    row = max((r for r in TABLE5 if r["kind"] == "er" and r["x"] <= 9), key=lambda r: r["x"])
    p = E.edst_packing(E.table_v_graph("er", row["x"]))
    assert [p.t, p.r] == row["value"]


@pytest.mark.skipif(not LPS, reason="no recorded LPS diameters of notebook 01 yet")
def test_lps_diameter_recomputes():
    row = min(LPS, key=lambda r: r["q"] ** 3 * r["p"])
    assert T.lps_diameter(row["p"], row["q"]) == row["diameter"]


@pytest.mark.skipif(not LPS, reason="no recorded LPS diameters of notebook 01 yet")
def test_largest_recorded_diameter3_lps_recomputes():
    # the largest recorded LPS of diameter 3 (a Fig. 1 point, e.g. LPS(127, 43) with 39,732 routers): a few seconds
    row = max((r for r in LPS if r["diameter"] == 3), key=lambda r: r["routers"])
    assert T.lps_diameter(row["p"], row["q"]) == 3
