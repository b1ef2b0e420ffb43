import csv

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import pytest

from lowdiam import labels, plotting
from lowdiam import topologies as T


@pytest.mark.parametrize("build, expected", [
    (lambda: T.polarstar(11, "iq", 3), "PS-IQ(11,3)"),
    (lambda: T.polarstar(8, "paley", 6), "PS-Pal(8,6)"),
    (lambda: T.slimfly(7), "SF(7)"),
    (lambda: T.lps(11, 7), "LPS(11,7)"),
    (lambda: T.bundlefly(9, 7), "BF(9,7)"),
    (lambda: T.dragonfly(4, 2, 2), "DF(4,2,2)"),
    (lambda: T.megafly(4, 8, 4), "MF(4,8,4)"),
    (lambda: T.fat_tree(6, 3), "FT(6,3)"),
    (lambda: T.galaxyfly(11, 29, 1, 10), "GF(11,29,1,10)"),
    (lambda: T.hyperx(4, 4, 4), "HX(4x4x4)"),
])
def test_one_label_per_network(build, expected):
    assert labels.label(build()) == expected


def test_slimfly_and_lps_never_share_a_label():
    assert labels.label(T.slimfly(7)) != labels.label(T.lps(11, 7))
    assert not labels.label(T.lps(11, 7)).startswith("SF")


def test_constructor_rebuilds():
    top = T.polarstar(5, "iq", 3, endpoints_per_router=2)
    call = labels.constructor(top)
    assert call == 'polarstar(q=5, supernode="iq", d=3, endpoints_per_router=2)'
    rebuilt = eval("T." + call)
    assert rebuilt.num_routers == top.num_routers and rebuilt.num_edges == top.num_edges


def test_save_figure_writes_png_pdf_and_closes(tmp_path):
    fig, ax = plt.subplots()
    ax.plot([0, 1], [1, 0])
    png, pdf = plotting.save_figure(fig, "t", tmp_path, show=False)
    assert png.read_bytes()[:4] == b"\x89PNG" and pdf.read_bytes()[:4] == b"%PDF"
    assert not plt.fignum_exists(fig.number)
    with pytest.raises(ValueError):
        plotting.save_figure(fig, "../escape", tmp_path, show=False)


def test_save_figure_displays_inline_in_a_kernel(tmp_path, monkeypatch):
    shown = []
    monkeypatch.setattr(plotting, "in_kernel", lambda: True)
    import IPython.display

    monkeypatch.setattr(IPython.display, "display", lambda obj: shown.append(obj))
    fig, _ = plt.subplots()
    plotting.save_figure(fig, "t", tmp_path)
    assert len(shown) == 1 and shown[0].format == "png" and shown[0].data[:4] == b"\x89PNG"


def test_not_in_kernel_under_pytest():
    assert plotting.in_kernel() is False


def test_save_table(tmp_path):
    name = plotting.save_table([{"network": "SF(7)", "loads": [0.1, 0.2]}, {"network": "LPS(11,7)", "x": 1}],
                               "tab", tmp_path)
    assert name == "tab.csv"
    with open(tmp_path / name) as fh:
        rows = list(csv.DictReader(fh))
    assert rows[0]["loads"] == "[0.1, 0.2]" and rows[1]["x"] == "1" and rows[0]["x"] == ""
    with pytest.raises(ValueError):
        plotting.save_table([], "empty", tmp_path)


@pytest.mark.parametrize("build", [
    lambda: T.dragonfly(4, 2, 2), lambda: T.megafly(4, 8, 4), lambda: T.fat_tree(6, 3),
    lambda: T.galaxyfly(11, 29, 1, 10), lambda: T.lps(11, 7), lambda: T.slimfly(5), lambda: T.bundlefly(9, 7),
])
def test_constructor_rebuilds_every_family(build):
    top = build()
    rebuilt = eval("T." + labels.constructor(top))
    assert (rebuilt.num_routers, rebuilt.num_edges, rebuilt.num_endpoints) == (
        top.num_routers, top.num_edges, top.num_endpoints)


def test_save_figure_result_shows_no_absolute_path(tmp_path):
    fig, _ = plt.subplots()
    saved = plotting.save_figure(fig, "named", tmp_path, show=False)
    assert repr(saved) == "saved named.png, named.pdf" and str(tmp_path) not in repr(saved)


def test_dragonfly_arrangements_get_distinct_labels():
    assert labels.label(T.dragonfly(6, 3, 3)) == "DF(6,3,3)"
    assert labels.label(T.dragonfly(6, 3, 3, "relative")) == "DF(6,3,3,relative)"


def test_status_bars_draws_final_bounds_and_missing_and_rejects_bad_values():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    groups = [("u", "uniform"), ("r", "randperm"), ("a", "adversarial")]
    series = [("min", "MIN"), ("ugal", "UGAL-L"), ("pol", "Polarized")]
    values = {("min", "u"): (0.9, True), ("min", "r"): (0.2, True), ("ugal", "u"): (0.7, False),
              ("pol", "a"): (0.5, np.bool_(True))}
    plotting.status_bars(ax, groups, series, values, missing=lambda s, g: "n/a" if g == "a" else "not run")
    bars = {(round(float(p.get_x() + p.get_width() / 2), 3), round(float(p.get_height()), 3), p.get_hatch())
            for p in ax.patches}
    w = 0.8 / 3
    assert bars == {(round(-w, 3), 0.9, None), (round(1 - w, 3), 0.2, None), (0.0, 0.7, "//"),
                    (round(2 + w, 3), 0.5, None)}
    assert sorted(t.get_text() for t in ax.texts) == ["n/a", "n/a", "not run", "not run", "not run"]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["uniform", "randperm", "adversarial"]
    # one legend entry per series, even when its first group is missing
    assert sorted(ax.get_legend_handles_labels()[1]) == ["MIN", "Polarized", "UGAL-L"]
    assert ax.get_legend() is not None and ax.get_xlim() == (-0.5, 2.5)
    with pytest.raises(ValueError, match="final"):
        plotting.status_bars(ax, groups, series, {("min", "u"): 0.9})
    with pytest.raises(ValueError, match="at least one group"):
        plotting.status_bars(ax, [], series, {})
    plt.close(fig)


def test_status_bars_draws_no_legend_without_bars():
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    plotting.status_bars(ax, [("u", "uniform")], [("min", "MIN")], {})
    assert ax.get_legend() is None and [t.get_text() for t in ax.texts] == ["not run"]
    plt.close(fig)
