"""Power, price and table-row models of lowdiam.cost (hand-computed cases and the papers' own arithmetic)."""

import numpy as np
import pytest

from lowdiam.cost import models as M
from lowdiam.cost import tables as TB
from lowdiam.topologies import dragonfly, fat_tree, galaxyfly, hyperx, polarstar, slimfly


def test_spectralfly_link_power_hand():
    assert M.spectralfly_link_power(1, 1) == pytest.approx(2 * (3.76 + 4.72))
    assert M.spectralfly_link_power(10, 0, ports_per_link=1) == pytest.approx(37.6)


# SpectralFly Table II printed (power W, bisection links, power per bandwidth mW per Gb/s)
TABLE2 = [(928, 304, 30.5), (1028, 369, 27.9), (3276, 1080, 30.3), (3155, 1105, 28.6),
          (7845, 2928, 26.8), (7138, 2465, 29.0), (16292, 6150, 26.5), (18336, 6095, 30.1)]


@pytest.mark.parametrize("power,cut,ratio", TABLE2)
def test_power_per_bandwidth_matches_printed_arithmetic(power, cut, ratio):
    assert M.power_per_bandwidth(power, cut) == pytest.approx(ratio, abs=0.05)


def test_fit_link_power_recovers_and_reads_table2():
    e, o = [3, 1, 4], [1, 5, 9]
    a, b, r = M.fit_link_power(e, o, [2.5 * x + 4.0 * y for x, y in zip(e, o)])
    assert a == pytest.approx(2.5) and b == pytest.approx(4.0) and r < 1e-9
    with pytest.raises(ValueError, match="two rows"):
        M.fit_link_power([1], [1], [1.0])


def test_power_per_bandwidth_rejects_zero_cut():
    with pytest.raises(ValueError, match="bisection_links"):
        M.power_per_bandwidth(10.0, 0)


def test_galaxyfly_power_hand_and_table6():
    t = hyperx(2, 2, endpoints_per_router=1)  # 4 routers x (2 + 1) ports
    assert M.galaxyfly_power_per_terminal(t) == pytest.approx(2.8 * 12 / 4 + 10)
    # Galaxyfly Table 6 PpT column (whole watts)
    assert round(M.galaxyfly_power_per_terminal(dragonfly(19, 9, 9))) == 21
    assert round(M.galaxyfly_power_per_terminal(fat_tree(31, 3))) == 24
    assert round(M.galaxyfly_power_per_terminal(slimfly(27, endpoints_per_router=20))) == 19


def test_galaxyfly_power_needs_terminals():
    with pytest.raises(ValueError, match="terminals"):
        M.galaxyfly_power_per_terminal(hyperx(2, 2, endpoints_per_router=0))


def test_used_ports_fat_tree_top_half():
    t = fat_tree(4, 3)
    ports = M.used_ports(t)
    assert sorted(set(ports.tolist())) == [4, 8]  # top routers use k of 2k ports
    assert (ports == 4).sum() == 16


def test_router_and_cable_cost():
    t = hyperx(3, endpoints_per_router=2)  # K_3: 3 routers x 4 ports
    assert M.router_cost(t) == 3 * 4 * 500.0
    assert M.router_cost(t, {"port": 100.0}) == 1200.0
    assert M.cable_cost([2.0, 5.0, 6.0]) == pytest.approx((32 + 40) + (80 + 40) + (30 + 376))
    assert M.cable_cost([1.0], optical=[True]) == pytest.approx(5 + 376)
    with pytest.raises(ValueError, match="prices"):
        M.cable_cost([1.0], prices={"laser": 1.0})


def test_fit_linear_router_price_recovers_line():
    counts = [{10: 4}, {20: 2, 10: 1}, {30: 3}]
    terms = [40, 30, 90]
    a, b = 250.0, 700.0
    printed = [sum(n * (a * r + b) for r, n in c.items()) / t for c, t in zip(counts, terms)]
    fa, fb, res = M.fit_linear_router_price(counts, terms, printed)
    assert fa == pytest.approx(a) and fb == pytest.approx(b) and res < 1e-9


@pytest.mark.parametrize("q", [3, 5, 7, 9, 11])
def test_er_clusters_partition(q):
    cl = TB.er_clusters(q)
    assert np.bincount(cl).tolist() == [q + 1] + [q] * q


def test_er_clusters_even_q_rejected():
    with pytest.raises(ValueError, match="odd"):
        TB.er_clusters(8)


@pytest.mark.parametrize("q,d", [(3, 3), (5, 4), (7, 3)])
def test_polarstar_layout_counts(q, d):
    t = polarstar(q, "iq", d)
    c = TB.polarstar_layout_counts(t)
    d_star = q + 1 + d
    assert c["links_per_bundle_min"] == c["links_per_bundle_max"] == 2 * (d_star - q)
    assert c["bundles"] == q * (q + 1) ** 2 // 2  # non-loop edges of ER_q
    assert c["global_links"] == c["bundles"] * 2 * (d_star - q)
    assert c["clusters"] == q + 1
    assert c["cluster_bundles_min"] == q - 2 and c["cluster_bundles_max"] == q + 1


def test_polarstar_layout_counts_rejects_other_family():
    with pytest.raises(ValueError, match="PolarStar"):
        TB.polarstar_layout_counts(slimfly(5))


def test_galaxyfly_table6_row_small():
    t = galaxyfly(3, 5, 2, 2)
    row = TB.galaxyfly_table6_row(t)
    assert row["routers"] == 30 and row["terminals"] == 60
    assert row["ports_in_use"] == int((t.degrees + t.endpoints).sum())
    assert row["router_cost_per_terminal"] == pytest.approx(500.0 * row["ports_in_use"] / 60)


def test_spectralfly_table2_row_small():
    t = slimfly(5)
    row = TB.spectralfly_table2_row(t, bisection_trials=2)
    assert row["electrical"] + row["optical"] == row["links"] == t.num_edges
    assert row["cabinets"] == 25 and row["grid"] == (3, 10)
    assert 2.0 <= row["mean_wire_m"] <= row["max_wire_m"]
    assert row["power_w"] == pytest.approx(2 * (3.76 * row["electrical"] + 4.72 * row["optical"]))


def test_polarized_table4_rows():
    rows = TB.polarized_table4(distances=False)
    got = [(r["routers"], r["network_radix"], r["total_radix"], r["servers"]) for r in rows]
    assert got == [(720, 17, 24, 5040), (512, 21, 29, 4096), (876, 17, 23, 5256), (338, 19, 28, 3042),
                   (614, 18, 26, 4912)]


def test_csv_and_text_table(tmp_path):
    p = TB.write_csv(tmp_path / "x.csv", [{"a": 1, "b": 0.5}, {"a": 2}])
    assert p.read_text().splitlines() == ["a,b", "1,0.5", "2,"]
    with pytest.raises(ValueError, match="at least one row"):
        TB.write_csv(tmp_path / "y.csv", [])
