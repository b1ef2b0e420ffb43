"""Where numba caches the simulator's compiled kernels: one folder per version of the sim/ sources.

numba keys a cached function on its own source file only, so a kernel that
inlines a helper from another module (``routings.polarstar_min.polarstar_arc``
inlining ``rng.below``) would keep running the old helper after an edit.
Instead of deleting cache files, every function of :mod:`lowdiam.sim` is
decorated while ``numba.config.CACHE_DIR`` points at
``<base>/lowdiam-sim-<fingerprint>``, the fingerprint hashing every ``.py``
file under ``lowdiam/sim``: any edit selects a fresh folder, nothing is ever
deleted (folders of older versions stay until removed by hand), and other
projects sharing ``NUMBA_CACHE_DIR`` are never touched.  ``<base>`` is
``$NUMBA_CACHE_DIR`` when set, else the package's ``__pycache__``.

Examples
--------
>>> from pathlib import Path
>>> import lowdiam.sim as sim
>>> folder = kernel_cache_dir(Path(sim.__file__).parent)
>>> folder.name.startswith("lowdiam-sim-")
True
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


def source_fingerprint(package_dir: Path = PACKAGE_DIR) -> str:
    """16 hex digits of a SHA-256 over the relative paths and bytes of every ``.py`` file under ``package_dir``."""
    h = hashlib.sha256()
    for path in sorted(p for p in Path(package_dir).rglob("*.py") if "__pycache__" not in p.parts):
        h.update(path.relative_to(package_dir).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def kernel_cache_dir(package_dir: Path = PACKAGE_DIR, base: Path | None = None) -> Path:
    """The numba cache folder of this version of the sources (see the module docstring)."""
    if base is None:
        env = os.environ.get("NUMBA_CACHE_DIR")
        base = Path(env) if env else Path(package_dir) / "__pycache__"
    return Path(base) / f"lowdiam-sim-{source_fingerprint(package_dir)}"


@contextlib.contextmanager
def kernel_cache_scope(folder: Path | None = None) -> Iterator[Path]:
    """Decorate (import) numba functions inside this block to cache them in ``folder``.

    numba fixes a function's cache location when it is decorated, so only the
    functions defined inside the block are affected; the previous setting is
    restored on exit.
    """
    from numba.core import config

    folder = kernel_cache_dir() if folder is None else Path(folder)
    previous = config.CACHE_DIR
    config.CACHE_DIR = str(folder)
    try:
        yield folder
    finally:
        config.CACHE_DIR = previous


_NOTED: set[str] = set()


def compile_note(name: str, folder: Path | None = None) -> str | None:
    """The one-line note printed before the first run of ``name`` with this version of the sources, else None.

    A run of router model ``name`` that finished leaves ``<folder>/.compiled-<name>``
    (:func:`mark_compiled`); without it the model's numba kernels are about to be
    compiled, which takes minutes and prints nothing by itself.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> compile_note("ideal", folder).startswith("lowdiam: compiling")
    True
    >>> mark_compiled("ideal", folder)
    >>> compile_note("ideal", folder) is None
    True
    """
    folder = kernel_cache_dir() if folder is None else Path(folder)
    if (folder / f".compiled-{name}").exists():
        return None
    return (f"lowdiam: compiling the {name!r} simulator kernels (numba; first run after installing or editing "
            f"lowdiam/sim, takes minutes, then cached in {folder})")


def mark_compiled(name: str, folder: Path | None = None) -> None:
    """Record that a run of router model ``name`` finished, so its kernels are cached (see :func:`compile_note`)."""
    folder = kernel_cache_dir() if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f".compiled-{name}").touch()


@contextlib.contextmanager
def noting_compilation(name: str) -> Iterator[None]:
    """Print :func:`compile_note` on stderr (once per process) around the first run of ``name``."""
    note = None if name in _NOTED else compile_note(name)
    if note:
        _NOTED.add(name)
        print(note, file=sys.stderr, flush=True)
    yield
    if note:
        mark_compiled(name)
