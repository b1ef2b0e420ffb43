"""pyproject.toml and environment.yml must list the same dependencies and bounds."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _norm(spec: str) -> tuple[str, str]:
    spec = spec.split("#", 1)[0]
    m = re.match(r"\s*([A-Za-z0-9_.\-]+)(\[[^\]]*\])?\s*(.*)", spec)  # extras ([distributed]) dropped
    return m.group(1).lower().replace("_", "-"), m.group(3).replace(" ", "")


def test_conda_and_pip_lists_agree():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    pip_deps = dict(_norm(s) for s in pyproject["project"]["dependencies"])
    conda = {}
    text = (ROOT / "environment.yml").read_text()
    deps = text.split("dependencies:", 1)[1]
    for line in deps.splitlines():
        m = re.match(r"^  - ([A-Za-z].*)$", line)
        if m and not m.group(1).startswith(("python=", "pip")):
            name, spec = _norm(m.group(1))
            conda[name] = spec
    assert conda == pip_deps


def test_required_dependencies_present():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    names = {_norm(s)[0] for s in pyproject["project"]["dependencies"]}
    need = {"jupyterlab", "papermill", "numpy", "scipy", "networkx", "galois", "matplotlib",
            "pymetis", "nbval", "numba", "tqdm", "pytest"}
    assert need <= names
