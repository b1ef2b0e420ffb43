"""lowdiam.studies.zoo's notebook sections and lowdiam.studies.zoo_figures (notebook 00, issue 54 item 2): the
profile rules, the Table 3 soundness check, the supernode size and the hop fractions, each able to fail."""

from __future__ import annotations

import numpy as np
import pytest

from lowdiam import claims
from lowdiam import topologies as T
from lowdiam.metrics.distances import distance_stats
from lowdiam.studies import zoo, zoo_figures


def test_profiles():
    assert (zoo.Study("quick").radix_max, zoo.Study("quick").q_max) == (20, 27)
    assert (zoo.Study("paper").radix_max, zoo.Study("paper").q_max) == (48, 64)
    assert zoo.Study("quick", extra_radix_max=12).radix_max == 12
    with pytest.raises(AssertionError, match="unknown profile"):
        zoo.Study("huge")


def test_check_table3_rejects_unsound_rows():
    zoo.check_table3([dict(network="PS", paper_name="PS-IQ", diameter=3), dict(network="FT", paper_name="FT",
                                                                               diameter=4)])
    with pytest.raises(AssertionError, match="disconnected"):
        zoo.check_table3([dict(network="x", paper_name="DF", diameter=0)])
    with pytest.raises(AssertionError, match="diameter <= 3"):
        zoo.check_table3([dict(network="x", paper_name="PS-Pal", diameter=4)])


def test_supernode_endpoints_counts_the_largest_supernode():
    ps = T.polarstar(3, "iq", 3)  # supernodes IQ_3: 8 routers, endpoints per router from the constructor
    per_router = int(np.asarray(ps.endpoints).max())
    assert zoo.supernode_endpoints(ps) == 8 * per_router


@pytest.mark.parametrize("top", [T.hyperx(4, 4), T.slimfly(5), T.erdos_renyi_polarity(3)], ids=str)
def test_hop_fractions_match_the_distance_histogram(top):
    frac = zoo_figures.hop_fractions(top)
    h = distance_stats(top).histogram
    assert frac.sum() == pytest.approx(1.0)
    assert len(frac) == int(distance_stats(top).diameter)
    n = top.num_routers
    assert frac[0] == pytest.approx(2 * top.num_edges / (n * (n - 1)))
    assert np.allclose(frac * h[1:].sum(), h[1:])


def test_table3_records_one_claim_per_printed_cell(tmp_path, monkeypatch):
    monkeypatch.setattr(zoo, "save_table", lambda rows, name: name)
    claims.use_notebook("demo", tmp_path)
    monkeypatch.setattr(zoo.published.polarstar, "TABLE3",
                        [r for r in zoo.published.polarstar.TABLE3 if r["name"] == "PS-IQ"])
    nets = zoo.Study.table3_networks()
    rows = zoo.Study.table3(nets)
    assert [c.claim_id for c in claims.records()] == ["table3-ps-iq-routers", "table3-ps-iq-endpoints",
                                                      "table3-ps-iq-radix"]
    assert all(c.status == "match" for c in claims.records())
    zoo.check_table3(rows)
