"""tools/verdict_history.py: the claims whose verdict changed since a commit, read from git history."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from claims_git import commit_claims

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    sys.path.insert(0, str(ROOT / "tools"))
    spec = importlib.util.spec_from_file_location("verdict_history", ROOT / "tools" / "verdict_history.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up while the class is built
    spec.loader.exec_module(mod)
    return mod


def _claim(cid, status, ours, note=""):
    return {"claim_id": cid, "scale": "paper", "status": status, "our_value": ours, "paper_value": 0.5,
            "tolerance": "10%", "note": note}


@pytest.fixture()
def history(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    base = commit_claims(tmp_path, [_claim("flip", "match", 0.5), _claim("back", "match", 0.5),
                              _claim("same", "mismatch", 0.9), _claim("gone", "match", 0.5)], "base")
    second = commit_claims(tmp_path, [_claim("flip", "mismatch", 0.8), _claim("back", "mismatch", 0.8),
                                _claim("same", "mismatch", 0.95), _claim("new", "match", 0.5)], "second")
    third = commit_claims(tmp_path, [_claim("flip", "mismatch", 0.8, note="ran: | min | rule"),
                               _claim("back", "match", 0.52), _claim("same", "mismatch", 0.95),
                               _claim("new", "match", 0.5)], "third")
    return tmp_path, base, second, third


def test_changes_lists_claims_whose_status_differs_and_the_commits_in_between(history):
    repo, base, second, third = history
    tool = _tool()
    found = {c.claim_id: c for c in tool.changes(repo, base)}
    # a claim that changed and changed back, and one whose value alone moved, are not listed
    assert set(found) == {"flip", "gone", "new"}
    assert found["flip"].before.status == "match" and found["flip"].now.status == "mismatch"
    assert found["flip"].steps == [(second[:7], "match", "mismatch")]
    assert found["flip"].note == "ran: | min | rule"
    assert found["gone"].now is None and found["new"].before is None
    later = tool.changes(repo, second)  # from a later base: only what changed after it
    assert [(c.claim_id, c.steps) for c in later] == [("back", [(third[:7], "mismatch", "match")])]


def test_render_escapes_pipes_and_counts(history):
    repo, base, _, _ = history
    tool = _tool()
    text = tool.render(tool.changes(repo, base))
    row = next(line for line in text.splitlines() if line.startswith("| flip |"))
    assert "ran: / min / rule" in row and "match, mismatch" not in row
    assert "| new |" not in text and "| new |" in tool.render(tool.changes(repo, base), new=True)
    assert text.rstrip().endswith("1 claims changed verdict; 1 appeared and 1 went.")


def test_since_is_required():
    with pytest.raises(ValueError, match="since"):
        _tool().changes(ROOT, "")
