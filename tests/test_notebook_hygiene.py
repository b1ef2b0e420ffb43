"""The committed notebooks read without running: figures inline, no machine-specific or raw outputs, no run metadata."""

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _cells(path):
    return json.loads(path.read_text())["cells"]


def _text(output):
    parts = [output.get("text", "")] + [output.get("data", {}).get("text/plain", "")]
    return "".join("".join(p) if isinstance(p, list) else p for p in parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_saved_figure_is_shown_inline(path):
    for cell in _cells(path):
        src = "".join(cell["source"])
        if cell["cell_type"] == "code" and re.search(r"^\s*save_figure\(", src, re.MULTILINE):
            assert any("image/png" in o.get("data", {}) for o in cell.get("outputs", [])), (
                f"{path.name}: a cell saves a figure but shows none:\n{src[:200]}")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_outputs_are_clean(path):
    for cell in _cells(path):
        for out in cell.get("outputs", []):
            text = _text(out)
            assert out["output_type"] != "error", f"{path.name}: an executed cell failed"
            for bad in ("PosixPath(", "Claim(claim_id=", "/work/", "/home/", "/tmp/"):
                assert bad not in text, f"{path.name}: output shows {bad!r}: {text[:200]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_no_run_metadata_or_stale_cells(path):
    nb = json.loads(path.read_text())
    assert "papermill" not in nb["metadata"], f"{path.name}: run `python tools/strip_notebook.py {path.name}`"
    for cell in nb["cells"]:
        meta = cell.get("metadata", {})
        assert "papermill" not in meta and "execution" not in meta
        assert "injected-parameters" not in meta.get("tags", [])
    params = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(params) == 1 and 'profile = "quick"' in "".join(params[0]["source"])
