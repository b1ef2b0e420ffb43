"""Where numba caches the simulator's compiled kernels: one folder per version of the sim/ sources.

numba keys a cached function on its own source file only, so a kernel that
inlines a helper from another module (``routings.polarstar_min.polarstar_arc``
inlining ``rng.below``) would keep running the old helper after an edit.
Instead of deleting cache files, every function of :mod:`lowdiam.sim` is
decorated while ``numba.config.CACHE_DIR`` points at
``<base>/lowdiam-sim-<fingerprint>``, the fingerprint hashing the *kernel
sources* (:func:`kernel_sources`): every ``.py`` file under ``lowdiam/sim``
that defines a numba function, and every module of the package those import,
transitively (numba freezes an imported global, e.g. a constant of
``traffic.py``, into the compiled code).  An edit to one of them selects a
fresh folder; an edit to a module no kernel reads (a driver, the run control,
the results, the request checks) keeps the compiled kernels, so it costs no
recompilation.  Nothing is ever deleted (folders of older versions stay until
removed by hand), and other projects sharing ``NUMBA_CACHE_DIR`` are never
touched.  ``<base>`` is ``$NUMBA_CACHE_DIR`` when set, else the package's
``__pycache__``.

Examples
--------
>>> from pathlib import Path
>>> import lowdiam.sim as sim
>>> folder = kernel_cache_dir(Path(sim.__file__).parent)
>>> folder.name.startswith("lowdiam-sim-")
True
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import os
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent


_NUMBA_DEF = re.compile(r"^\s*@(?:numba\.)?(?:njit|jit|vectorize|guvectorize|generated_jit|cfunc)\b", re.M)


# ast.parse is not thread-safe on CPython 3.11 (threads of an in-process Dask worker loading a router model at
# once raised "SystemError: AST constructor recursion depth mismatch"): parses are serialised, and each file's
# imports are remembered by (path, size, mtime), so a process parses a source once.
_AST_LOCK = threading.Lock()
_IMPORTS: dict[tuple[Path, int, int, str], frozenset[Path]] = {}


def _package_imports(path: Path, package_dir: Path, package: str) -> frozenset[Path]:
    """Files of the package (``package_dir``, importable as ``package``) that ``path`` imports, at any depth
    of the file (imports inside functions count: a kernel's builder may import its constants late)."""
    st = path.stat()
    key = (path, st.st_size, st.st_mtime_ns, package)
    with _AST_LOCK:
        if key not in _IMPORTS:
            _IMPORTS[key] = frozenset(_parse_imports(path, package_dir, package))
        return _IMPORTS[key]


def _parse_imports(path: Path, package_dir: Path, package: str) -> set[Path]:
    found: set[Path] = set()
    tree = ast.parse(path.read_bytes(), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = path.parent
                for _ in range(node.level - 1):
                    base = base.parent
                parts = node.module.split(".") if node.module else []
            elif node.module and (node.module == package or node.module.startswith(package + ".")):
                base, parts = package_dir, node.module.split(".")[package.count(".") + 1:]
            else:
                continue
            targets = [base.joinpath(*parts)] + [base.joinpath(*parts, a.name) for a in node.names]
        elif isinstance(node, ast.Import):
            targets = [package_dir.joinpath(*a.name.split(".")[package.count(".") + 1:]) for a in node.names
                       if a.name == package or a.name.startswith(package + ".")]
        else:
            continue
        for t in targets:
            for f in (t / "__init__.py", t.parent / (t.name + ".py")):
                if f.is_file() and "__pycache__" not in f.parts:
                    found.add(f.resolve())
    return found


def kernel_sources(package_dir: Path = PACKAGE_DIR, package: str = "lowdiam.sim") -> list[Path]:
    """The files whose edits must recompile the kernels, sorted: the ``.py`` files under ``package_dir`` that
    define a numba function (a ``@njit``/``@jit``/... decorator), and every module of the package they import,
    transitively.

    Examples
    --------
    >>> names = {p.name for p in kernel_sources()}
    >>> {"kernel.py", "rng.py", "dispatch.py", "traffic.py"} <= names
    True
    >>> {"driver.py", "run_control.py", "results.py", "request.py"} & names
    set()
    """
    package_dir = Path(package_dir).resolve()
    files = [p.resolve() for p in package_dir.rglob("*.py") if "__pycache__" not in p.parts]
    todo = [p for p in files if _NUMBA_DEF.search(p.read_text(encoding="utf-8"))]
    seen = set(todo)
    while todo:
        for dep in _package_imports(todo.pop(), package_dir, package):
            if dep not in seen:
                seen.add(dep)
                todo.append(dep)
    return sorted(seen)


def source_fingerprint(package_dir: Path = PACKAGE_DIR) -> str:
    """16 hex digits of a SHA-256 over the relative paths and bytes of the :func:`kernel_sources` of
    ``package_dir``."""
    package_dir = Path(package_dir).resolve()
    h = hashlib.sha256()
    for path in kernel_sources(package_dir):
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
    return (f"lowdiam: compiling the {name!r} simulator kernels (numba; first run after installing or editing the "
            f"kernel sources of lowdiam/sim, takes minutes, then cached in {folder})")


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


def writable(tree):
    """``tree`` (an array, or a tuple / NamedTuple of them, nested) with every read-only array replaced by a
    writeable C-contiguous copy, and nothing else copied.

    numba compiles one specialisation of a kernel per argument *type*, and a read-only array (a frozen
    topology's, a memoised table) is another type than a writeable one: a run whose tables hold one
    recompiled the whole BookSim kernel (minutes).  Every driver passes its kernel arguments through this, so
    each kernel has one signature per configuration of dtypes, whatever the arrays' origin.  A read-only array
    is never written by a kernel (numba refuses it), so its copy loses nothing.

    Examples
    --------
    >>> import numpy as np
    >>> a = np.arange(3); a.flags.writeable = False
    >>> b = np.zeros(2)
    >>> out = writable((a, (b, 4)))
    >>> out[0].flags.writeable, out[1][0] is b, out[1][1]
    (True, True, 4)
    """
    import numpy as np

    if isinstance(tree, np.ndarray):
        if tree.flags.writeable and tree.flags.c_contiguous:
            return tree
        return np.array(tree, order="C", copy=True)
    if isinstance(tree, tuple):
        items = [writable(x) for x in tree]
        if all(x is y for x, y in zip(items, tree)):
            return tree
        return type(tree)(*items) if hasattr(tree, "_fields") else tuple(items)
    return tree
