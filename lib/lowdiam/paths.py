"""Where lowdiam reads and writes: one source of truth for its folders.

Each folder can be moved by an environment variable; the defaults are the
repository's own folders when the package runs from a checkout (the editable
install of ``make venv``).  A non-editable install has no repository around it:
there the defaults are refused with a message naming the variable to set, so
nothing is ever written inside ``site-packages``.

=================  ======================  ==========================
folder             environment variable    default (in a checkout)
=================  ======================  ==========================
figures            ``LOWDIAM_FIGURES``     ``<repo>/figures``
claims records     ``LOWDIAM_CLAIMS``      ``<figures>/claims``
on-disk cache      ``LOWDIAM_CACHE``       ``<repo>/.cache``
paper-scale data   ``LOWDIAM_RESULTS``     ``<repo>/results``
=================  ======================  ==========================

Examples
--------
>>> from lowdiam import paths
>>> paths.figures_dir().name
'figures'
>>> paths.claims_dir().relative_to(paths.figures_dir()).as_posix()
'claims'
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["cache_root", "claims_dir", "figures_dir", "repo_root", "results_dir", "write_atomic"]

_PACKAGE = Path(__file__).resolve().parent


def repo_root() -> Path | None:
    """The checkout that holds this package (``<repo>/lib/lowdiam``), or ``None`` if installed elsewhere.

    Returns
    -------
    pathlib.Path or None
        The repository root when ``lib/lowdiam`` sits in a folder with a ``pyproject.toml``.
    """
    root = _PACKAGE.parents[1]
    if _PACKAGE.parent.name == "lib" and (root / "pyproject.toml").is_file():
        return root
    return None


def _folder(variable: str, default_in_repo: str) -> Path:
    value = os.environ.get(variable)
    if value:
        return Path(value).expanduser().resolve()
    root = repo_root()
    if root is None:
        raise RuntimeError(
            f"lowdiam is not running from a checkout, so it has no default {default_in_repo}/ folder: "
            f"set the environment variable {variable} to the folder to use"
        )
    return root / default_in_repo


def figures_dir() -> Path:
    """Folder of figures, their CSV data and the scorecard (``$LOWDIAM_FIGURES`` or ``<repo>/figures``)."""
    return _folder("LOWDIAM_FIGURES", "figures")


def claims_dir() -> Path:
    """Folder of per-notebook claim records (``$LOWDIAM_CLAIMS`` or ``<figures>/claims``)."""
    value = os.environ.get("LOWDIAM_CLAIMS")
    return Path(value).expanduser().resolve() if value else figures_dir() / "claims"


def cache_root() -> Path:
    """Default on-disk cache folder (``<repo>/.cache``); ``$LOWDIAM_CACHE`` is read by :mod:`lowdiam.cache`.

    ``LOWDIAM_CACHE=off`` (handled in :mod:`lowdiam.cache`) disables caching instead of naming a folder.
    """
    return _folder("LOWDIAM_CACHE", ".cache")


def results_dir() -> Path:
    """Folder of committed paper-scale result data (``$LOWDIAM_RESULTS`` or ``<repo>/results``)."""
    return _folder("LOWDIAM_RESULTS", "results")


def write_atomic(path: str | Path, data: str | bytes, *, prefix: str | None = None) -> Path:
    """Write ``data`` (text as UTF-8, or bytes) to ``path`` through a temporary file in the same folder
    (``<prefix>...tmp``, default ``.<name>.``) and an atomic rename, so a reader (another process, a test running
    alongside a notebook) sees the old file or the new one, never a part, and a crash leaves no torn file.

    Examples
    --------
    >>> import tempfile
    >>> out = write_atomic(Path(tempfile.mkdtemp()) / "a.json", "[]\\n")
    >>> out.read_text()
    '[]\\n'
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=prefix or f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path
