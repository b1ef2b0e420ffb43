"""Which code computed a result: the one scheme every cache, checkpoint and committed row uses.

A result is only reusable while the code that computed it is unchanged, and a committed result must say which
code computed it.  Both questions have one answer each here, built on one primitive, the SHA-256 of a source
file's bytes (:func:`file_digest`, remembered per path, size and modification time):

* **content identity** -- what a stored value depends on, checked before it is reused:

  - :func:`manifest`: ``{module: digest of its source}`` of the modules a computation loaded.  The disk cache
    (:mod:`lowdiam.cache`) stores one with every value and recomputes the value when any of them changed
    (:func:`manifest_is_current`); :func:`manifest_fingerprint` condenses one into 16 hex digits
    (:func:`lowdiam.sweep.code_fingerprint`).
  - :func:`tree_digest`: one digest over a set of files of a package, for what depends on many files at once:
    the folder of a router model's compiled kernels (:mod:`lowdiam.sim.kernel_cache`) and the fingerprint of a
    simulation checkpoint (:mod:`lowdiam.sim.booksim.checkpoint`).
  - :func:`source_stamp`: the digest as bytes, numba's source stamp of a cached kernel.

* **provenance** -- which checkout computed a committed row: :func:`commit`, the git commit (``+dirty`` when
  ``lib/`` has local changes), written beside every row of ``results/`` (:mod:`lowdiam.results`) and every
  section timing (:mod:`lowdiam.timing`).

Examples
--------
>>> import lowdiam.validate
>>> m = manifest(depends=["lowdiam.validate"])
>>> list(m), len(m["lowdiam.validate"])
(['lowdiam.validate'], 64)
>>> manifest_is_current(m), manifest_is_current({"lowdiam.validate": "0" * 64})
(True, False)
>>> len(manifest_fingerprint(m))
16
"""

from __future__ import annotations

import functools
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

__all__ = ["commit", "file_digest", "manifest", "manifest_fingerprint", "manifest_is_current", "module_digest",
           "recorded_before", "source_stamp", "tree_digest"]

_DIGESTS: dict[tuple[str, int, int], str] = {}
_LOCK = threading.Lock()


def file_digest(path: str | os.PathLike) -> str:
    """SHA-256 (64 hex digits) of the bytes of ``path``, remembered per (path, size, modification time).

    Raises
    ------
    OSError
        If ``path`` cannot be read.
    """
    path = os.fspath(path)
    st = os.stat(path)
    key = (path, st.st_size, st.st_mtime_ns)
    with _LOCK:
        known = _DIGESTS.get(key)
    if known is not None:
        return known
    with open(path, "rb") as fh:
        digest = hashlib.sha256(fh.read()).hexdigest()
    with _LOCK:
        _DIGESTS[key] = digest
    return digest


def source_stamp(path: str | os.PathLike) -> bytes:
    """:func:`file_digest` as 32 bytes (the source stamp numba compares for a cached function)."""
    return bytes.fromhex(file_digest(path))


def _module_file(name: str) -> str | None:
    mod = sys.modules.get(name)
    origin = getattr(mod, "__file__", None) if mod is not None else None
    if origin is None:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return None
        origin = spec.origin if spec is not None else None
    return origin if origin and os.path.isfile(origin) else None


def module_digest(name: str) -> str | None:
    """:func:`file_digest` of module ``name``'s source file, or ``None`` when it has none (a namespace package,
    a built-in) or it cannot be found."""
    origin = _module_file(name)
    return None if origin is None else file_digest(origin)


def _ours(name: str) -> bool:
    return name == "lowdiam" or name.startswith("lowdiam.")


def _under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def manifest(modules: Iterable[str] | None = None, *, depends: Iterable[str] | None = None,
             exclude: Iterable[str] = ()) -> dict[str, str]:
    """``{module: digest of its source}`` of the ``lowdiam`` code a result depends on, sorted by module name.

    Parameters
    ----------
    modules : iterable of str, optional
        Module names (e.g. those a worker process had loaded); names outside ``lowdiam`` are ignored.
        Default: every ``lowdiam`` module loaded in this process.
    depends : iterable of str, optional
        Package prefixes to keep (``("lowdiam.sim", "lowdiam.metrics")``); default all of ``lowdiam``.
    exclude : iterable of str
        Modules to leave out (the disk cache leaves itself out: it is the mechanism, versioned on its own).

    Returns
    -------
    dict
        Modules without a source file are left out.
    """
    exclude = set(exclude)
    names = {m for m in (list(sys.modules) if modules is None else modules) if isinstance(m, str) and _ours(m)}
    names -= exclude
    if depends is not None:
        prefixes = tuple(depends)
        names = {m for m in names if _under(m, prefixes)}
    out = {}
    for name in sorted(names):
        digest = module_digest(name)
        if digest is not None:
            out[name] = digest
    return out


def manifest_is_current(recorded: Any) -> bool:
    """True when ``recorded`` is a :func:`manifest` whose every module still has the digest it records."""
    if not isinstance(recorded, Mapping):
        return False
    return all(isinstance(d, str) and module_digest(m) == d for m, d in recorded.items())


def manifest_fingerprint(recorded: Mapping[str, str]) -> str:
    """16 hex digits of a SHA-256 over a :func:`manifest` (its JSON with sorted keys)."""
    return hashlib.sha256(json.dumps(dict(recorded), sort_keys=True).encode()).hexdigest()[:16]


def tree_digest(paths: Iterable[str | os.PathLike], root: str | os.PathLike) -> str:
    """SHA-256 (64 hex digits) over files of one package: for each path in sorted order, its path relative to
    ``root`` (POSIX separators), a NUL byte, its bytes and a NUL byte.  Renaming, moving, adding or removing a
    file changes it, as does any edit.

    Raises
    ------
    ValueError
        If a path is not inside ``root``.

    Examples
    --------
    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp())
    >>> _ = (d / "a.py").write_text("x = 1\\n")
    >>> first = tree_digest([d / "a.py"], d)
    >>> _ = (d / "a.py").write_text("x = 2\\n")
    >>> first == tree_digest([d / "a.py"], d), len(first)
    (False, 64)
    """
    root = Path(root).resolve()
    h = hashlib.sha256()
    for path in sorted(Path(p).resolve() for p in paths):
        try:
            rel = path.relative_to(root)
        except ValueError:
            raise ValueError(f"tree_digest: {path} is not inside {root}") from None
        h.update(rel.as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def commit() -> str:
    """The git commit of the checkout this library runs from, ``+dirty`` if ``lib/`` has local changes.

    Returns ``"unknown"`` outside a git checkout (an installed package), so a row always says what it can.

    Returns
    -------
    str
        A 40-hex commit id, optionally followed by ``+dirty``, or ``"unknown"``.
    """
    from .paths import repo_root

    root = repo_root()
    if root is None:
        return "unknown"
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=10, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--", "lib"],
                               capture_output=True, text=True, timeout=10, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return head + ("+dirty" if dirty else "")


@functools.lru_cache(maxsize=4096)
def recorded_before(recorded: str, change: str) -> bool:
    """Whether a row computed at commit ``recorded`` (as :func:`commit` names it, ``+dirty`` allowed) was computed
    without the change that commit ``change`` brought: ``recorded`` is not ``change`` or a descendant of it in this
    checkout's history (``git merge-base --is-ancestor``).

    For rows a later rule of the simulator may decide otherwise (``lowdiam.studies.stuck_runs``).

    Raises
    ------
    ValueError
        If either commit is ``"unknown"`` or not in this checkout's history (a shallow clone lacks old commits).
    RuntimeError
        Outside a git checkout, or if git cannot run.
    """
    from .paths import repo_root

    for what, value in (("recorded", recorded), ("change", change)):
        if not isinstance(value, str):
            raise TypeError(f"{what} must be a commit id (str), got {type(value).__name__} {value!r}")
    base = recorded.removesuffix("+dirty")
    root = repo_root()
    if root is None:
        raise RuntimeError("recorded_before reads git history: this library does not run from a git checkout")
    for value in (base, change):
        try:
            known = subprocess.run(["git", "-C", str(root), "cat-file", "-e", f"{value}^{{commit}}"],
                                   capture_output=True, timeout=10)
        except (OSError, subprocess.SubprocessError) as exc:
            raise RuntimeError(f"recorded_before could not run git: {exc}") from None
        if value == "unknown" or known.returncode != 0:
            raise ValueError(f"commit {value!r} is not in this checkout's history (a full clone has every commit a "
                             f"row names; 'unknown' rows name none)")
    got = subprocess.run(["git", "-C", str(root), "merge-base", "--is-ancestor", change, base], capture_output=True,
                         timeout=10)
    if got.returncode not in (0, 1):
        raise RuntimeError(f"git merge-base --is-ancestor {change} {base} failed: {got.stderr.decode().strip()}")
    return got.returncode == 1
