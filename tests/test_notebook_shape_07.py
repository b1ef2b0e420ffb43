"""Notebook 07 holds parameters, calls, figures and verdicts (issue 54, item 2): its functions, claim texts, scale
decisions and plotting live in the library (``lowdiam.studies.motifs_study``, ``motifs_claims``,
``motifs_figures``), so the notebook defines at most two functions and no code cell runs over 40 lines."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "07_motifs.ipynb"
MAX_FUNCTIONS = 2
MAX_CELL_LINES = 40
MAGIC = re.compile(r"^\s*(%|!(?!=))")  # IPython magics and shell escapes are not Python


def code_cells(path: Path = NOTEBOOK) -> list[str]:
    """The source of every code cell of a notebook."""
    return ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]


def function_definitions(sources: list[str]) -> list[str]:
    """Names of the functions (``def``, ``async def``; lambdas are expressions, not counted) the cells define."""
    names = []
    for src in sources:
        tree = ast.parse("\n".join("" if MAGIC.match(line) else line for line in src.split("\n")))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names.append(node.name)
    return names


def long_cells(sources: list[str], limit: int = MAX_CELL_LINES) -> list[tuple[int, int]]:
    """(code cell index, lines) of every code cell longer than ``limit`` lines."""
    return [(i, n) for i, src in enumerate(sources) if (n := len(src.splitlines())) > limit]


def test_the_checks_can_fail():
    cells = ["def a():\n    pass\n\n\ndef b():\n    return lambda x: x", "%time x = 1\n" + "y = 2\n" * 41]
    assert function_definitions(cells) == ["a", "b"]
    assert long_cells(cells) == [(1, 42)]


def test_notebook_07_defines_at_most_two_functions():
    defs = function_definitions(code_cells())
    assert len(defs) <= MAX_FUNCTIONS, f"notebook 07 defines {len(defs)} functions ({defs}): move them to the library"


@pytest.mark.parametrize("limit", [MAX_CELL_LINES])
def test_no_code_cell_of_notebook_07_is_over_40_lines(limit):
    assert long_cells(code_cells(), limit) == [], "code cells of notebook 07 (index, lines) over the limit"


def test_notebook_07_shows_a_verdict_table_under_each_claimed_section():
    """Each section that records claims prints its verdict table with one library call."""
    sources = code_cells()
    for recorder, prefix in (("record_polarstar_fig11", "ps-fig11"), ("record_spectralfly_fig9_10", "sf-fig")):
        at = [i for i, s in enumerate(sources) if recorder in s]
        assert at, f"no cell calls {recorder}"
        table = [i for i, s in enumerate(sources) if f'verdict_table(prefix="{prefix}")' in s]
        assert table and table[0] >= at[0], f"no verdict table for {prefix} after its claims"
