"""A scratch git history of a scorecard, for the tests of tools/scale_history.py and tools/verdict_history.py."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path


def commit_claims(repo: Path, rows: list[dict], msg: str) -> str:
    """Write ``rows`` as ``figures/claims/09_demo.json`` in the git work tree ``repo``, commit it; the commit id."""
    d = repo / "figures" / "claims"
    d.mkdir(parents=True, exist_ok=True)
    (d / "09_demo.json").write_text(json.dumps(rows))
    subprocess.run(["git", "-C", str(repo), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", msg],
                   check=True)
    return subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True).stdout.strip()
