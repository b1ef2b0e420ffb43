"""The linter runs clean: ``ruff check lib tests benchmarks`` with the rules in pyproject.toml."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _ruff() -> list[str]:
    """The ruff of this environment (``python -m ruff``), else one on PATH."""
    probe = subprocess.run([sys.executable, "-m", "ruff", "--version"], capture_output=True, text=True)
    if probe.returncode == 0:
        return [sys.executable, "-m", "ruff"]
    exe = shutil.which("ruff")
    if exe is None:
        pytest.fail("ruff is not installed: it is a test dependency (pip install -e . installs it)")
    return [exe]


def test_ruff_check_is_clean():
    result = subprocess.run(
        [*_ruff(), "check", "--no-cache", "--output-format", "concise", "lib", "tests", "benchmarks"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, "ruff found problems (fix them, or justify an ignore in pyproject.toml):\n" + (
        result.stdout + result.stderr
    )
