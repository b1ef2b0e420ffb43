"""tools/scale_history.py: the claims that moved from stand-in to paper scale, read from git history."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from claims_git import commit_claims

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("scale_history", ROOT / "tools" / "scale_history.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while the class is built
    spec.loader.exec_module(mod)
    return mod


def _claim(cid, scale, status, ours, paper=0.5, tol="10%"):
    return {"claim_id": cid, "scale": scale, "status": status, "our_value": ours, "paper_value": paper,
            "tolerance": tol}


@pytest.fixture()
def history(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    first = commit_claims(tmp_path, [
        {"claim_id": "old", "status": "match", "our_value": 1, "paper_value": 1, "tolerance": 0},  # no scale
        _claim("a", "stand-in: X(3)", "stand-in", 0.52),
        _claim("b", "stand-in: X(3)", "stand-in", 0.53),
        _claim("gone", "stand-in: X(3)", "stand-in", 0.5),
        _claim("shape", "stand-in: X(3)", "match", True, paper=True, tol=None),
        _claim("c", "exact", "match", 2, paper=2, tol=0),
    ], "stand-ins")
    second = commit_claims(tmp_path, [
        _claim("a", "stand-in: X(3)", "stand-in", 0.51),  # a later stand-in value is the one reported
        _claim("b", "paper", "match", 0.49),
        _claim("shape", "stand-in: X(3)", "match", True, paper=True, tol=None),
        _claim("c", "exact", "match", 2, paper=2, tol=0),
    ], "b to paper, gone dropped")
    third = commit_claims(tmp_path, [
        _claim("a", "paper", "mismatch", 0.9),
        _claim("b", "paper", "match", 0.49),
        _claim("shape", "stand-in: X(3)", "match", True, paper=True, tol=None),
        _claim("c", "exact", "match", 2, paper=2, tol=0),
    ], "a to paper")
    return tmp_path, first, second, third


def test_moves_lists_each_claim_once_with_its_last_stand_in_and_the_commit_that_moved_it(history):
    repo, first, second, third = history
    tool = _tool()
    found = {m.claim_id: m for m in tool.moves(repo)}
    assert set(found) == {"a", "b", "gone"}  # never-stand-in, still-stand-in and unlabelled claims are left out
    assert found["a"].stand_in.our_value == 0.51 and found["a"].now.our_value == 0.9
    assert found["a"].moved_in == third[:7] and found["b"].moved_in == second[:7]
    assert found["gone"].now is None and found["gone"].moved_in == second[:7]
    # --since keeps only the moves after that commit
    assert [m.claim_id for m in tool.moves(repo, since=second)] == ["a"]


def test_render_reports_the_stand_in_verdict_it_would_have_had(history):
    repo = history[0]
    tool = _tool()
    text = tool.render(tool.moves(repo))
    row_a = next(line for line in text.splitlines() if line.startswith("| a |"))
    row_b = next(line for line in text.splitlines() if line.startswith("| b |"))
    assert "0.51, stand-in (would read match)" in row_a and "0.9, mismatch **(verdict changed)**" in row_a
    assert "0.53, stand-in (would read match)" in row_b and "verdict changed" not in row_b  # both within 10 %
    assert "(claim dropped)" in text
    assert "3 claims moved from stand-in to paper scale; the verdict of 1 changed" in text
