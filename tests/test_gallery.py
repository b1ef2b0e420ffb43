"""tools/gallery.py: every committed figure has a description and a scale, and the gallery shows both."""

import importlib.util
import sys
from pathlib import Path

import pytest

from lowdiam.claims import SCALES

ROOT = Path(__file__).resolve().parents[1]
FIGURES = ROOT / "figures"
STEMS = sorted(p.stem for p in FIGURES.glob("*.png"))


@pytest.fixture(scope="module")
def gallery():
    spec = importlib.util.spec_from_file_location("gallery", ROOT / "tools" / "gallery.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _rows(text):
    """The table rows of a rendered gallery, as lists of cells (the header and the rule left out)."""
    rows = [line for line in text.splitlines() if line.startswith("| <a href=")]
    return [[c.strip() for c in row.strip("|").split(" | ")] for row in rows]


def test_every_figure_has_a_description_and_a_scale(gallery):
    assert STEMS, "no figures found"
    assert [s for s in STEMS if s not in gallery.FIGURES] == [], "describe these figures in FIGURES (tools/gallery.py)"
    assert [s for s in STEMS if s not in gallery.SCALE] == [], "give these figures a scale in SCALE (tools/gallery.py)"


def test_every_entry_names_a_figure(gallery):
    assert sorted(set(gallery.FIGURES) - set(STEMS)) == [], "FIGURES entries without a figures/<stem>.png"
    assert sorted(set(gallery.SCALE) - set(STEMS)) == [], "SCALE entries without a figures/<stem>.png"


def test_scales_are_the_scorecards(gallery):
    assert set(gallery.SCALE_LEGEND) == {*SCALES, gallery.NO_SCALE}
    for stem, value in gallery.SCALE.items():
        parts = gallery.scales_of(stem)
        assert all(sc in SCALES or sc == gallery.NO_SCALE for sc, _ in parts), (stem, value)
        if not isinstance(value, str):  # a figure of several scales names each part
            assert len(parts) >= 2 and all(part for _, part in parts), (stem, value)
            assert len({sc for sc, _ in parts}) == len(parts), f"{stem}: one part per scale"


def test_every_row_has_a_scale_and_a_description(gallery):
    text = gallery.render(FIGURES)
    assert "(no description)" not in text
    rows = _rows(text)
    assert len(rows) == len(STEMS)
    for stem, (figure, scale, what, section, data) in zip(STEMS, rows):
        assert f"`{stem}`" in figure
        assert scale == gallery.scale_cell(stem) and scale.startswith("`"), stem
        assert what and what == gallery.FIGURES[stem][0], stem
        assert section and data, stem


def test_the_legend_explains_every_scale_shown(gallery):
    text = gallery.render(FIGURES)
    legend = next(line for line in text.splitlines() if line.startswith("**Scale**"))
    shown = {sc for s in STEMS for sc, _ in gallery.scales_of(s)}
    assert all(f"`{sc}`: {gallery.SCALE_LEGEND[sc]}" in legend for sc in shown)
    assert not any(f"`{sc}`:" in legend for sc in set(gallery.SCALE_LEGEND) - shown)


def test_committed_gallery_is_current(gallery):
    assert (FIGURES / "README.md").read_text() == gallery.render(FIGURES), "run `python tools/gallery.py`"


def test_an_undescribed_figure_is_refused(gallery, tmp_path, capsys):
    (tmp_path / "00_table3_hop_distances.png").write_bytes(b"")
    (tmp_path / "09_brand_new.png").write_bytes(b"")
    with pytest.raises(ValueError, match=r"no description in FIGURES: 09_brand_new; no scale in SCALE: 09_brand_new"):
        gallery.render(tmp_path)
    assert gallery.main([str(tmp_path)]) == 1
    assert "09_brand_new" in capsys.readouterr().err
    assert not (tmp_path / "README.md").exists()
    (tmp_path / "09_brand_new.png").unlink()
    assert gallery.main([str(tmp_path)]) == 0
    assert _rows((tmp_path / "README.md").read_text())[0][1] == "`exact`"


def test_an_unknown_scale_is_refused(gallery, tmp_path, monkeypatch):
    (tmp_path / "05_ugal_bias.png").write_bytes(b"")
    monkeypatch.setitem(gallery.SCALE, "05_ugal_bias", "quick")
    with pytest.raises(ValueError, match=r"unknown scale: 05_ugal_bias \(quick\)"):
        gallery.render(tmp_path)
