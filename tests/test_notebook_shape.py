"""Notebooks hold parameters, calls, figures and verdicts (issue 54, item 2): the computation lives in the library.

A thinned notebook defines at most two functions, has no code cell over 40 lines and shows every figure followed
by its verdict table (``claims.verdict_table``).  Add a notebook to ``THIN`` once it is thinned (and to
``VERDICTS_AFTER_FIGURES`` when its figures carry claims).
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAX_FUNCTIONS, MAX_CELL_LINES = 2, 40
#: notebooks brought to the shape; the others are not checked yet
THIN = ["00_topologies", "01_scalability", "02_edst", "03_bisection", "04_fault_tolerance", "05_simulation",
        "06_cost_layout", "07_motifs", "08_your_network"]
#: thinned notebooks whose every figure is followed by its verdict table (not 07: its EDST and progress figures
#: support no claim; not 05: its stand-in figures of this profile's own runs (PolarStar Fig. 9/10 and saturation
#: bars, the latency knee, UGAL-L's bias, Polarized Fig. 4-6 and Fig. 8 on the quick networks, Galaxyfly Fig. 7/9),
#: the new Polarized-on-star-products figure and the progress figure support no claim, while each figure its claims
#: link to is followed by their table)
VERDICTS_AFTER_FIGURES = ["00_topologies", "01_scalability", "02_edst", "03_bisection", "04_fault_tolerance",
                          "06_cost_layout"]
VERDICT_HEADER = "| claim | paper | ours | scale |"
MAGIC = re.compile(r"^\s*(%|!(?!=))")


def _code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code"]


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def shape(nb: dict) -> tuple[int, list[tuple[int, int]]]:
    """(function definitions in the code cells, [(code cell number, lines)] of the cells over the line limit)."""
    functions, long_cells = 0, []
    for i, cell in enumerate(_code_cells(nb)):
        src = _source(cell)
        lines = src.splitlines()
        if len(lines) > MAX_CELL_LINES:
            long_cells.append((i, len(lines)))
        tree = ast.parse("\n".join("" if MAGIC.match(line) else line for line in lines))
        functions += sum(isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) for n in ast.walk(tree))
    return functions, long_cells


def figures_without_verdicts(nb: dict) -> list[int]:
    """Code cells (numbers) that show a figure not followed, in that cell or the next code cell, by a verdict table."""
    def shows(cell, key):
        return [o for o in cell.get("outputs", []) if key in o.get("data", {})]

    def verdicts(cell):
        return any("".join(o["data"]["text/markdown"]).startswith(VERDICT_HEADER) for o in shows(cell, "text/markdown"))

    cells = _code_cells(nb)
    return [i for i, cell in enumerate(cells) if shows(cell, "image/png")
            and not (verdicts(cell) or (i + 1 < len(cells) and verdicts(cells[i + 1])))]


def _load(stem: str) -> dict:
    return json.loads((ROOT / "notebooks" / f"{stem}.ipynb").read_text())


@pytest.mark.parametrize("stem", THIN)
def test_notebook_is_thin(stem):
    functions, long_cells = shape(_load(stem))
    assert functions <= MAX_FUNCTIONS, f"{stem}: {functions} function definitions (at most {MAX_FUNCTIONS}; move them "\
        "to lowdiam.studies)"
    assert not long_cells, f"{stem}: code cells over {MAX_CELL_LINES} lines (cell number, lines): {long_cells}"


@pytest.mark.parametrize("stem", VERDICTS_AFTER_FIGURES)
def test_every_figure_is_followed_by_its_verdicts(stem):
    nb = _load(stem)
    assert any("image/png" in o.get("data", {}) for c in _code_cells(nb) for o in c.get("outputs", [])), \
        f"{stem}: no figure shown (run the notebook)"
    assert not figures_without_verdicts(nb), f"{stem}: figures without a verdict table after them (code cells " \
        f"{figures_without_verdicts(nb)})"


def _nb(*sources: str, outputs=None) -> dict:
    outputs = outputs or [[] for _ in sources]
    return {"cells": [{"cell_type": "code", "source": s, "outputs": o} for s, o in zip(sources, outputs)]}


def test_the_checks_fail_on_a_fat_notebook():
    fat = _nb("def a():\n    pass\n\n\ndef b():\n    def c():\n        pass\n", "%matplotlib inline\nx = 1\n" * 21)
    assert shape(fat) == (3, [(1, 42)])
    assert shape(_nb("def a(): pass", "x = 1\n" * 40)) == (1, [])
    png = [{"output_type": "display_data", "data": {"image/png": "..."}}]
    table = [{"output_type": "display_data", "data": {"text/markdown": VERDICT_HEADER + " routing |"}}]
    assert figures_without_verdicts(_nb("fig()", "x = 1", outputs=[png, []])) == [0]
    assert figures_without_verdicts(_nb("fig()", "verdicts()", outputs=[png, table])) == []
    assert figures_without_verdicts(_nb("fig(); verdicts()", outputs=[png + table])) == []
