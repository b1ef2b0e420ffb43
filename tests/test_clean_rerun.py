"""A rerun of a notebook changes git only where results change: notebook 00, rerun in a fresh clone, leaves
``git status`` clean (``make notebook NB=00``: papermill, ``tools/strip_notebook.py``, ``make scorecard``).

This test is also notebook 00's execution check in ``make test`` (the Makefile leaves it out of nbval), so the
suite runs the notebook once: about a minute from an empty cache (``results/measurements.csv``).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "00_topologies.ipynb"


def _run(cmd, cwd, env):
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{' '.join(map(str, cmd))} failed:\n{done.stdout[-2000:]}\n{done.stderr[-4000:]}"
    return done.stdout


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_notebook_00_rerun_in_a_fresh_clone_leaves_git_clean(tmp_path):
    clone = tmp_path / "clone"
    _run(["git", "clone", "--quiet", str(ROOT), str(clone)], tmp_path, os.environ.copy())
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LOWDIAM_", "NUMBA_CACHE_DIR"))}
    env.update(PYTHONPATH=str(clone / "lib"), LOWDIAM_CACHE=str(tmp_path / "cache"), MPLBACKEND="Agg",
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    py = sys.executable
    _run([py, "-m", "papermill", "--log-level", "WARNING", "-k", "python3", NOTEBOOK, NOTEBOOK],
         clone / "notebooks", env)
    _run([py, "tools/strip_notebook.py", f"notebooks/{NOTEBOOK}"], clone, env)
    for step in (["-m", "lowdiam.claims"], ["-m", "lowdiam.results", "index"], ["tools/gallery.py"]):  # make scorecard
        _run([py, *step], clone, env)
    status = _run(["git", "status", "--porcelain", "--untracked-files=all"], clone, env)
    diff = _run(["git", "diff", "--stat"], clone, env)
    assert status == "", f"a rerun of notebook 00 dirtied git:\n{status}\n{diff}"


def _strip_tool():
    import importlib.util

    spec = importlib.util.spec_from_file_location("strip_notebook", ROOT / "tools" / "strip_notebook.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# every committed notebook is stripped (``make notebook`` strips the notebook it reruns)
NOT_YET: set[str] = set()


@pytest.mark.parametrize("path", sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")), ids=lambda p: p.stem)
def test_committed_notebooks_are_stripped(path):
    import copy
    import json

    if path.name in NOT_YET:
        pytest.skip(f"{path.name} is stripped at its next rerun")
    nb = json.loads(path.read_text())
    assert _strip_tool().strip(copy.deepcopy(nb)) == nb, f"run `python tools/strip_notebook.py {path}`"
