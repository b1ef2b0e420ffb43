"""The committed paper-scale records of notebooks 03 and 04 (results/paper/03_bisection/, 04_fault_tolerance/)
still agree with the code that produced them.

The paper profiles run for a long time, so their raw results are committed data (``lowdiam.results``); this test
rebuilds the cheapest recorded networks from their recorded constructor calls and recomputes their rows: failure
sequences, BFS and METIS are seeded, so the numbers must agree exactly.  Tests are skipped while a file has no rows.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

from lowdiam import faults as F
from lowdiam import topologies as T
from lowdiam.metrics import bisection
from lowdiam.paths import results_dir
from lowdiam.results import ResultLog

NB03, NB04 = results_dir() / "paper" / "03_bisection", results_dir() / "paper" / "04_fault_tolerance"


def _is_call(call: str) -> bool:
    m = re.fullmatch(r"([a-z_]+)\((.*)\)", call)
    return m is not None and hasattr(T, m.group(1))


def _build(call: str):
    """A topology from a recorded constructor call such as ``slimfly(q=17, endpoints_per_router=13)``
    (None when the call is not one of ``lowdiam.topologies``' constructors, e.g. a bare name)."""
    m = re.fullmatch(r"([a-z_]+)\((.*)\)", call)
    if m is None or not hasattr(T, m.group(1)):
        return None
    namespace = {name: getattr(T, name) for name in dir(T) if not name.startswith("_")}
    namespace.update(false=False, true=True, null=None)  # notebook 03 writes keyword values as JSON
    return eval(call, {"__builtins__": {}}, namespace)  # a call of a lowdiam constructor, from our own CSV


def _rows(folder, name, key):
    path = folder / f"{name}.csv"
    return ResultLog(folder.name, name, key=key, root=folder.parent.parent).rows() if path.is_file() else []


DISC = [r for r in _rows(NB04, "disconnection_ratios", ("section", "network", "constructor", "trials", "seed"))
        if _is_call(r["constructor"])]
FIG5 = [r for r in _rows(NB04, "spectralfly_fig5", ("section", "network", "constructor", "ratio", "trials", "seed",
                                                      "options")) if r["ratio"] > 0]
METIS = [r for r in _rows(NB03, "metis", ("graph", "seed", "trials_rule"))
         if "endpoints=" not in r["graph"] and _is_call(r["graph"])]


@pytest.mark.skipif(not DISC, reason="no recorded disconnection ratios yet")
def test_disconnection_ratio_recomputes():
    links = {r["constructor"]: r["num_links"] for r in FIG5}  # sizes known from the Fig. 5 rows
    row = min(DISC, key=lambda r: links.get(r["constructor"], 10**9))
    top = _build(row["constructor"])
    ours = F.disconnection_ratio(top, row["trials"], row["seed"])
    assert np.array_equal(ours, np.asarray(row["ratios"]))


@pytest.mark.skipif(not FIG5, reason="no recorded SpectralFly Fig. 5 rows yet")
def test_failure_metrics_row_recomputes():
    row = min(FIG5, key=lambda r: r["num_links"] * r["trials_used"])
    top = _build(row["constructor"])
    assert top.num_edges == row["num_links"]
    fm = F.metrics_under_failures(top, [row["ratio"]], row["trials"], row["seed"], **row["options"])
    assert int(fm.trials[0]) == row["trials_used"]
    for metric, values in row["values"].items():
        recorded = np.array([np.inf if v is None else v for v in values])
        assert np.array_equal(fm.values[metric][0], recorded), metric


@pytest.mark.skipif(not METIS, reason="no recorded METIS bisections of notebook 03 yet")
def test_metis_row_recomputes():
    row = min(METIS, key=lambda r: r["links"] * r["trials"])
    t = _build(row["graph"])
    assert (t.num_routers, t.num_edges) == (row["routers"], row["links"])
    b = bisection(t, trials=row["trials"], seed=row["seed"])
    assert b.trial_cuts.tolist() == row["trial_cuts"]
    assert b.cut_edges == row["cut_edges"]
