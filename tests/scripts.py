"""Loading a script of ``benchmarks/`` as a module in a test, with that folder on ``sys.path`` for the test's
duration (its sibling imports such as ``benchio`` resolve); not a test module itself."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def load_benchmark(name: str, monkeypatch):
    """``benchmarks/<name>.py`` loaded as module ``name``; ``monkeypatch`` restores ``sys.path`` after the test."""
    monkeypatch.setattr(sys, "path", [str(ROOT / "benchmarks"), *sys.path])
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod
