"""The committed paper-scale motif runs of notebook 07 (results/paper/07_motifs/) still describe what the code runs.

One recorded motif run takes one to several hours, too long to recompute here; what can drift cheaply is the
message program: this test rebuilds every recorded Allreduce's network from its label and recompiles its program
from the recorded settings, and checks the recorded message, packet and rank counts and the busiest-endpoint bound
agree exactly (Sweep3D programs take 20 s or more to compile at paper scale and are left out).  The simulation
itself is pinned by the golden motif results in ``tests/test_motifs.py``.
"""

from __future__ import annotations

import pytest

from lowdiam.labels import label
from lowdiam.paths import results_dir
from lowdiam.sim.motifs import compile_motif
from lowdiam.topologies import dragonfly, fat_tree, hyperx, polarstar

LOG = results_dir() / "paper" / "07_motifs" / "07_polarstar_fig11.csv"
# notebook 07's PAPER_FIG11 networks, by label (the test checks each builds to its label)
NETWORKS = {"PS-IQ(11,3)": lambda: polarstar(11, "iq", 3, endpoints_per_router=5),
            "DF(12,6,6)": lambda: dragonfly(12, 6, 6),
            "HX(9x9x8)": lambda: hyperx(9, 9, 8, endpoints_per_router=8),
            "FT(18,3)": lambda: fat_tree(18, 3)}


def _rows():
    from lowdiam.recorded import ResultLog

    if not LOG.is_file():
        return []
    key = ("key", "case", "network", "motif", "algorithm", "trees", "routing", "message_bytes", "iterations", "ranks")
    return [r for r in ResultLog("07_motifs", LOG.stem, key=key).rows() if r["motif"] == "allreduce"]


ROWS = _rows()


@pytest.mark.skipif(not ROWS, reason="no recorded paper-scale Allreduce yet")
@pytest.mark.parametrize("row", ROWS, ids=[f"{r['network']}:{r['routing']}" for r in ROWS])
def test_recorded_allreduce_program_recompiles(row):
    top = NETWORKS[row["network"]]()
    assert label(top) == row["network"]
    prog = compile_motif(top, "allreduce", message_bytes=row["message_bytes"], iterations=row["iterations"],
                         algorithm=row["algorithm"], ranks=row["ranks"] or None)
    assert prog.ranks.size == row["ranks_run"]
    assert prog.num_messages == row["messages"]
    assert prog.total_packets == row["packets"]
    assert prog.serialization_bound(4) == row["serialization_bound"]
    assert row["serialization_bound"] <= row["completion_cycles"]
