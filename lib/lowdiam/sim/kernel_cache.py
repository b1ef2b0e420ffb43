"""Where numba caches the simulator's compiled kernels: one folder per router model and version of its sources.

numba keys a cached function on its own source file only, so a kernel that
inlines a helper from another module (``routings.polarstar_min.polarstar_arc``
inlining ``rng.below``) would keep running the old helper after an edit.
Instead of deleting cache files, every numba function of :mod:`lowdiam.sim`
caches in a folder whose name carries a fingerprint of the sources it may read.
The functions are split into *groups* (:func:`source_group`): one per router
model package (``booksim/``, ``caminos/``, ``ideal/``) and ``common`` for the
rest (``rng``, ``traffic``, the routings, ``bounds``, ...).  A group's folder is
``<base>/lowdiam-sim-<group>-<fingerprint>``, the fingerprint hashing the
group's *kernel sources* (:func:`kernel_sources`): its ``.py`` files that
define a numba function and every module of the package those import,
transitively (numba freezes an imported global, e.g. a constant of
``traffic.py``, into the compiled code).  So an edit to one of them selects a
fresh folder for every group that reads it (an edit to ``routings/ugal.py``:
all four; to ``caminos/kernel.py``: the CAMINOS model's only), and an edit to
a module no kernel reads (a driver, the run control, the results, the request
checks) keeps every compiled kernel.  ``<base>`` is ``$NUMBA_CACHE_DIR`` when
set, else the package's ``__pycache__``.  Nothing is ever deleted (folders of
older versions stay until removed by hand), and other projects sharing
``NUMBA_CACHE_DIR`` are never touched.

The folder is chosen by a numba cache locator (:class:`KernelCacheLocator`,
installed when this module is imported, before any kernel is decorated) that
numba asks first for every cached function; it answers only for files of this
package.  Its source stamp, which numba compares with the one stored in a
function's cache index, is a SHA-256 of the file's content (numba < 0.68 used
the file's modification time and size, so a ``git checkout`` or ``touch`` that
left the content alone recompiled every kernel; numba 0.68 hashes the content
too, with the same digest).  Where the locator cannot be installed (a numba
without these internals, or ``NUMBA_CACHE_LOCATOR_CLASSES`` set),
:func:`kernel_cache_scope` still points numba's ``CACHE_DIR`` at
``<base>/lowdiam-sim-<fingerprint of all kernel sources>`` while the package's
functions are decorated, as before.

Examples
--------
>>> from pathlib import Path
>>> import lowdiam.sim as sim
>>> folder = kernel_cache_dir(Path(sim.__file__).parent, group="booksim")
>>> folder.name.startswith("lowdiam-sim-booksim-")
True
"""

from __future__ import annotations

import ast
import contextlib
import os
import re
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from ..code_identity import source_stamp as _source_stamp
from ..code_identity import tree_digest

PACKAGE_DIR = Path(__file__).resolve().parent


_NUMBA_DEF = re.compile(r"^\s*@(?:numba\.)?(?:njit|jit|vectorize|guvectorize|generated_jit|cfunc)\b", re.M)


# ast.parse is not thread-safe on CPython 3.11 (threads of an in-process Dask worker loading a router model at once
# raised "SystemError: AST constructor recursion depth mismatch"): parses are serialised, and each file's imports are
# remembered by (path, size, mtime), so a process parses a source once.  What is remembered is every file an import
# may name; which of them exist is looked up each time: the routings' generated dispatch (``routings/_hop_chain.py``,
# written when ``lowdiam.sim.routings`` is first imported) does not exist yet when a fresh clone's first process first
# reads ``routings/minimal.py``, and a remembered "imports nothing there" left it out of that process's fingerprints
# (then ``_dispatch_chain.py``, read through ``dispatch.py``), so the BookSim model's kernels compiled into a folder
# no later process used (a second compile of run_kernel, about 35 CPU s, in the next process).
_AST_LOCK = threading.Lock()
_IMPORTS: dict[tuple[Path, int, int, str], tuple[Path, ...]] = {}


def _package_imports(path: Path, package_dir: Path, package: str) -> frozenset[Path]:
    """Files of the package (``package_dir``, importable as ``package``) that ``path`` imports, at any depth
    of the file (imports inside functions count: a kernel's builder may import its constants late)."""
    st = path.stat()
    key = (path, st.st_size, st.st_mtime_ns, package)
    with _AST_LOCK:
        if key not in _IMPORTS:
            _IMPORTS[key] = tuple(sorted(_parse_imports(path, package_dir, package)))
        candidates = _IMPORTS[key]
    return frozenset(f.resolve() for f in candidates if f.is_file())


def _parse_imports(path: Path, package_dir: Path, package: str) -> set[Path]:
    """Every file of the package an import of ``path`` may name (``<module>.py`` or ``<module>/__init__.py``),
    whether or not it exists."""
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
                if "__pycache__" not in f.parts:
                    found.add(f)
    return found


#: router model packages whose numba functions cache in a folder of their own; every other file is ``"common"``
MODEL_GROUPS = ("booksim", "caminos", "ideal")
GROUPS = (*MODEL_GROUPS, "common")


def source_group(path: Path, package_dir: Path = PACKAGE_DIR) -> str:
    """The cache group of the source file ``path`` of the package at ``package_dir``: the router model package it
    lies in (``"booksim"``, ``"caminos"``, ``"ideal"``), else ``"common"``.

    Examples
    --------
    >>> source_group(PACKAGE_DIR / "booksim" / "kernel.py"), source_group(PACKAGE_DIR / "routings" / "ugal.py")
    ('booksim', 'common')
    """
    parts = Path(path).resolve().relative_to(Path(package_dir).resolve()).parts
    return parts[0] if len(parts) > 1 and parts[0] in MODEL_GROUPS else "common"


def _numba_files(package_dir: Path) -> list[Path]:
    """The ``.py`` files under ``package_dir`` that define a numba function (a ``@njit``/``@jit``/... line)."""
    files = [Path(f) for f, _, _ in _snapshot(str(Path(package_dir).resolve()))]
    return [p for p in files if _NUMBA_DEF.search(p.read_text(encoding="utf-8"))]


def kernel_sources(package_dir: Path = PACKAGE_DIR, package: str = "lowdiam.sim", group: str | None = None
                   ) -> list[Path]:
    """The files whose edits must recompile the kernels of ``group`` (all groups when None), sorted: the ``.py``
    files of the group under ``package_dir`` that define a numba function (a ``@njit``/``@jit``/... decorator),
    and every module of the package they import, transitively, whatever its group.

    Examples
    --------
    >>> names = {p.name for p in kernel_sources()}
    >>> {"kernel.py", "rng.py", "_entries.py", "ugal.py", "traffic.py"} <= names
    True
    >>> {"driver.py", "run_control.py", "results.py", "request.py", "kernel_cache.py", "dispatch.py"} & names
    set()
    >>> booksim = {p.relative_to(PACKAGE_DIR).as_posix() for p in kernel_sources(group="booksim")}
    >>> {"booksim/kernel.py", "rng.py", "routings/base.py"} <= booksim
    True
    >>> "routings/ugal.py" in booksim, "caminos/kernel.py" in booksim  # a routing is compiled apart (its entries)
    (False, False)
    """
    package_dir = Path(package_dir).resolve()
    if group is not None and group not in GROUPS:
        raise ValueError(f"group must be one of {', '.join(GROUPS)} or None; got {group!r}")
    todo = [p for p in _numba_files(package_dir) if group is None or source_group(p, package_dir) == group]
    seen = set(todo)
    # this module: imported by bounds.py for kernel_cache_scope, it holds nothing a kernel reads; and the routings'
    # dispatch, imported by the kernels' Python drivers for kernel_entry: a kernel takes the run's routing as
    # first-class functions, compiled and cached apart (routings/_entries.py, group common), never inlined into it,
    # so an edit to a routing recompiles that routing's entries, not the kernels (dispatch.py defines no numba
    # function: tests/test_sim_cache.py)
    skip = {package_dir / Path(__file__).name, package_dir / "routings" / "dispatch.py"}
    while todo:
        for dep in _package_imports(todo.pop(), package_dir, package):
            if dep not in seen and dep not in skip:
                seen.add(dep)
                todo.append(dep)
    return sorted(seen)


_FINGERPRINTS: dict[tuple, str] = {}


def _snapshot(root: str) -> tuple[tuple[str, int, int], ...]:
    """``(path, size, modification time)`` of every ``.py`` file under ``root`` outside ``__pycache__``, sorted.

    One ``os.scandir`` per folder, never entering ``__pycache__`` (which holds the kernel caches): the locator asks
    for every decorated function, 122 times on importing :mod:`lowdiam.sim`, and ``Path.rglob``, which walks the
    caches too, took 3.7 ms a time against 0.4 ms.
    """
    out, todo = [], [root]
    while todo:
        with os.scandir(todo.pop()) as entries:
            for e in entries:
                if e.is_dir():
                    if e.name != "__pycache__":
                        todo.append(e.path)
                elif e.name.endswith(".py") and e.is_file():
                    st = e.stat()
                    out.append((e.path, st.st_size, st.st_mtime_ns))
    return tuple(sorted(out))


def source_fingerprint(package_dir: Path = PACKAGE_DIR, group: str | None = None) -> str:
    """16 hex digits of a SHA-256 over the relative paths and bytes of the :func:`kernel_sources` of ``group``
    (all groups when None) of ``package_dir``.

    Remembered per process for a snapshot of the package's files (path, size, modification time), so the locator
    asking for every decorated function reads the sources once.
    """
    package_dir = Path(package_dir).resolve()
    key = (str(package_dir), group, _snapshot(str(package_dir)))
    with _AST_LOCK:
        known = _FINGERPRINTS.get(key)
    if known is not None:
        return known
    fingerprint = tree_digest(kernel_sources(package_dir, group=group), package_dir)[:16]
    with _AST_LOCK:
        _FINGERPRINTS[key] = fingerprint
    return fingerprint


def cache_base(package_dir: Path = PACKAGE_DIR) -> Path:
    """Where the kernel cache folders go: ``$NUMBA_CACHE_DIR`` when set, else the package's ``__pycache__``."""
    env = os.environ.get("NUMBA_CACHE_DIR")
    return Path(env) if env else Path(package_dir) / "__pycache__"


def kernel_cache_dir(package_dir: Path = PACKAGE_DIR, base: Path | None = None, group: str | None = None) -> Path:
    """The numba cache folder of ``group`` for this version of its sources (see the module docstring):
    ``<base>/lowdiam-sim-<group>-<fingerprint>``; ``group=None``: ``<base>/lowdiam-sim-<fingerprint of all kernel
    sources>``, the folder used when the locator is not installed."""
    base = cache_base(package_dir) if base is None else Path(base)
    name = "lowdiam-sim" if group is None else f"lowdiam-sim-{group}"
    return base / f"{name}-{source_fingerprint(package_dir, group)}"


#: numba's source stamp of a cached function: a SHA-256 of its file's content (numba's own since 0.68; before,
#: numba used the modification time and size), :func:`lowdiam.code_identity.source_stamp`
source_stamp = _source_stamp


def cache_subfolder(py_file, package_dir: Path = PACKAGE_DIR) -> str:
    """The subfolder of a group's cache folder for the functions of ``py_file``: its folder's path inside the
    package (``"sim"``, ``"sim-routings"``, ...).

    numba's own choice, ``<folder name>_<hash of the folder's absolute path>``, would tie the compiled kernels to
    where the sources live, while the group folder's fingerprint and the compiled markers
    (:func:`mark_compiled`) follow their content only: a second clone with the same ``NUMBA_CACHE_DIR`` then found
    the markers, printed no compile note, skipped :func:`compile_once`'s lock and compiled again in every process
    (2026-12-01: notebook 05's quick profile from a worktree at another path compiled in both of its workers and
    took 18.1 CPU min against 13.2 with the kernels compiled; ``docs/notebooks.md``).  Sources with the same
    content now share one compiled copy wherever they live.

    Examples
    --------
    >>> cache_subfolder(PACKAGE_DIR / "routings" / "ugal.py"), cache_subfolder(PACKAGE_DIR / "rng.py")
    ('sim-routings', 'sim')
    """
    rel = Path(py_file).resolve().parent.relative_to(package_dir.parent)
    return "-".join(rel.parts)


def _make_locator():
    """The numba cache locator class of this package's functions, or None if this numba lacks the internals."""
    try:
        from numba.core.caching import _CacheLocator, _SourceFileBackedLocatorMixin
    except ImportError:  # pragma: no cover - a numba that reorganised its caching module
        return None

    class KernelCacheLocator(_SourceFileBackedLocatorMixin, _CacheLocator):
        """Caches a numba function of ``lowdiam/sim`` in its group's versioned folder (:func:`kernel_cache_dir`),
        with the content of its source file as the source stamp; declines every other function."""

        def __init__(self, py_func, py_file):
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            folder = kernel_cache_dir(group=source_group(py_file))
            self._cache_path = str(folder / cache_subfolder(py_file))

        def get_cache_path(self):
            return self._cache_path

        def get_source_stamp(self):
            return source_stamp(self._py_file)

        @classmethod
        def from_function(cls, py_func, py_file):
            try:
                Path(py_file).resolve().relative_to(PACKAGE_DIR)
            except (ValueError, OSError):
                return None
            return super().from_function(py_func, py_file)

    return KernelCacheLocator


KernelCacheLocator = _make_locator()


def install_locator() -> bool:
    """Put :class:`KernelCacheLocator` first in the locators numba asks (once); whether it is in use.

    numba fixes a function's cache location when the function is decorated, so this runs when this module is
    imported, before ``lowdiam.sim`` decorates its kernels.  ``NUMBA_CACHE_LOCATOR_CLASSES`` (numba >= 0.68)
    overrides numba's list, and with it this locator.
    """
    if KernelCacheLocator is None:
        return False
    from numba.core import caching, config

    if getattr(config, "CACHE_LOCATOR_CLASSES", None):
        return False
    classes = caching.CacheImpl._locator_classes
    if KernelCacheLocator not in classes:
        classes.insert(0, KernelCacheLocator)
    return True


LOCATOR_INSTALLED = install_locator()


@contextlib.contextmanager
def kernel_cache_scope(folder: Path | None = None) -> Iterator[Path]:
    """Decorate (import) numba functions inside this block to cache them in ``folder`` when
    :class:`KernelCacheLocator` is not installed (with it, each function's group folder is chosen by the locator).

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


#: what a first run of each router model compiles, for the note
MODEL_KERNELS = {
    "booksim": "booksim.kernel.run_kernel with its allocators; a shared routing compiles on its first use",
    "caminos": "caminos.kernel.run and rebuild_masks",
    "ideal": "the {flow_control} kernel of lowdiam.sim.ideal; a shared routing compiles on its first use",
}

_NOTED: set[str] = set()


def model_cache_dir(name: str) -> Path:
    """The cache folder of router model ``name``'s kernels (its group's; all groups' without the locator)."""
    return kernel_cache_dir(group=name if LOCATOR_INSTALLED and name in MODEL_GROUPS else None)


def compile_note(name: str, folder: Path | None = None, flow_control: str | None = None) -> str | None:
    """The note printed before the first run of ``name`` (with ``flow_control``) with this version of its kernel
    sources, else None.

    A run of router model ``name`` that finished leaves ``<folder>/.compiled-<name>[-<flow_control>]``
    (:func:`mark_compiled`); without it the model's numba kernels are about to be compiled, which takes minutes
    and prints nothing by itself.  :func:`noting_compilation` ends the note's line with the time it took.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> compile_note("ideal", folder, "vct").startswith("lowdiam: compiling the 'ideal' simulator kernels")
    True
    >>> mark_compiled("ideal", folder, "vct")
    >>> compile_note("ideal", folder, "vct") is None, compile_note("ideal", folder, "wormhole") is None
    (True, False)
    """
    folder = model_cache_dir(name) if folder is None else Path(folder)
    if (folder / _marker(name, flow_control)).exists():
        return None
    what = MODEL_KERNELS.get(name, f"the {name!r} model's kernels").format(flow_control=flow_control or "")
    return (f"lowdiam: compiling the {name!r} simulator kernels ({what}; numba, first run after installing or "
            f"editing their sources, takes minutes, then cached in {folder}) ...")


def _marker(name: str, flow_control: str | None) -> str:
    return f".compiled-{name}" + (f"-{flow_control}" if flow_control else "")


def mark_compiled(name: str, folder: Path | None = None, flow_control: str | None = None) -> None:
    """Record that a run of router model ``name`` finished, so its kernels are cached (see :func:`compile_note`)."""
    folder = model_cache_dir(name) if folder is None else Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / _marker(name, flow_control)).touch()


def _compiled_count() -> int:
    """numba specialisations (signatures) compiled, not loaded from a cache, so far by the functions of
    ``lowdiam.sim``."""
    try:
        from numba.core.registry import CPUDispatcher
    except ImportError:  # pragma: no cover
        return 0
    count = 0
    for mod_name, mod in list(sys.modules.items()):
        if mod is not None and mod_name.startswith("lowdiam.sim"):
            for obj in list(vars(mod).values()):
                if isinstance(obj, CPUDispatcher) and obj.__module__ == mod_name:
                    stats = getattr(obj, "stats", None)
                    count += sum(stats.cache_misses.values()) if stats is not None else 0
    return count


@contextlib.contextmanager
def noting_compilation(name: str, flow_control: str | None = None) -> Iterator[None]:
    """Print :func:`compile_note` on stderr (once per process and model) around the first run of ``name``, and end
    its line with how many numba function specialisations compiled and the seconds the run took (compilation and
    the simulation; the compilation is nearly all of it)."""
    import time

    key = f"{name}-{flow_control}"
    note = None if key in _NOTED else compile_note(name, flow_control=flow_control)
    if not note:
        yield
        return
    _NOTED.add(key)
    print(note, end="", file=sys.stderr, flush=True)
    before, t0 = _compiled_count(), time.perf_counter()
    try:
        yield
    except BaseException:
        print(" failed", file=sys.stderr, flush=True)
        raise
    compiled, seconds = _compiled_count() - before, time.perf_counter() - t0
    print(f" done: {compiled} numba function specialisations compiled, run finished in {seconds:.1f} s",
          file=sys.stderr, flush=True)
    mark_compiled(name, flow_control=flow_control)


def _routing_marker(name: str) -> Path:
    return kernel_cache_dir(group="common" if LOCATOR_INSTALLED else None) / f".compiled-routing-{name}"


def routing_marked(name: str) -> bool:
    """Whether routing ``name``'s own functions are marked compiled with these sources (:func:`noting_routing`)."""
    return _routing_marker(name).exists()


@contextlib.contextmanager
def noting_routing(name: str, quiet: bool = False) -> Iterator[None]:
    """Around the first compile (or cache load) of routing ``name``'s own functions in this process (a kernel that
    takes the routing as first-class functions, :func:`lowdiam.sim.routings.dispatch.entries`): while they are not
    cached yet (no ``.compiled-routing-<name>`` in the shared routings' cache folder), one note on stderr, ended
    with the seconds it took (``quiet``: no note, the marker only).

    Examples
    --------
    >>> import os, tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"NUMBA_CACHE_DIR": tempfile.mkdtemp()}):
    ...     with noting_routing("example"):  # compiles nothing here
    ...         pass
    ...     with noting_routing("example"):  # marked: silent
    ...         pass
    """
    import time

    marker = _routing_marker(name)
    folder = marker.parent
    if marker.exists():
        yield
        return
    if quiet:
        yield
        folder.mkdir(parents=True, exist_ok=True)
        marker.touch()
        return
    print(f"lowdiam: compiling routing {name!r} (numba, its first use with these sources, then cached in {folder}) "
          "...", end="", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    try:
        yield
    except BaseException:
        print(" failed", file=sys.stderr, flush=True)
        raise
    print(f" done in {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)
    folder.mkdir(parents=True, exist_ok=True)
    marker.touch()


#: the warm-up run of each router model: (routing, traffic) on a 6-router ring, one endpoint per router, a few cycles
WARM_UP = {"booksim": "min", "ideal": "min", "caminos": "min-adaptive"}
_WARMED: set[str] = set()


def compile_once(name: str, flow_control: str | None = None) -> None:
    """Before the first run of router model ``name`` in this process: if its kernels are not cached yet
    (:func:`compile_note`), let one process compile them.

    Processes started together on a cold cache (a sweep's workers, the test suite's) would each compile the same
    kernels, minutes of CPU apiece.  The first to take an exclusive lock on ``<cache folder>/.compile-<name>.lock``
    compiles them with a tiny warm-up run (:data:`WARM_UP`: a 6-router ring, a few dozen cycles), which writes numba's
    cache and the compiled marker; the others wait on the lock (one line on stderr says so) and then load the cache.
    The warm-up runs the same kernel specialisation as every run of the model (its arguments' types do not depend on
    the routing or the options), so the first real run compiles nothing.  Without ``fcntl`` (Windows) nothing is
    locked and each process compiles on its own first run, as before.
    """
    key = f"{name}-{flow_control}"
    if key in _WARMED or name not in WARM_UP:
        return
    _WARMED.add(key)  # once per process and model (a marker, once there, stays); before the warm-up's own run
    if compile_note(name, flow_control=flow_control) is None:
        return
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no POSIX locks
        return
    folder = model_cache_dir(name)
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / (_marker(name, flow_control).replace(".compiled-", ".compile-") + ".lock"), "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            print(f"lowdiam: waiting for another process compiling the {name!r} simulator kernels ({folder}) ...",
                  file=sys.stderr, flush=True)
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            if compile_note(name, flow_control=flow_control) is not None:  # nobody compiled them meanwhile
                _warm_up(name, flow_control)
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _warm_up(name: str, flow_control: str | None) -> None:
    """The tiny run of :func:`compile_once` (its first use of the kernels compiles them and marks them compiled)."""
    from ..topologies import Topology
    from .driver import simulate

    ring = Topology.from_edges("warm-up ring", "ring", 6, [(i, (i + 1) % 6) for i in range(6)],
                               endpoints_per_router=1)
    simulate(ring, WARM_UP[name], "uniform", 0.1, warmup_cycles=20, measure_cycles=40, seed=0, router=name,
             flow_control=flow_control)


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


#: the jobs of :func:`compile_models` that compile the shared routings (in place of a flow control: "routings i/n")
ROUTINGS_JOB = "routings"


def _compile_job(job: tuple[str, str]) -> tuple[str, str, bool, float]:
    """One job of :func:`compile_models`, in a worker process: ``(name, flow control, compiled here, seconds)``."""
    import time

    name, flow_control = job
    t0 = time.perf_counter()
    if flow_control.startswith(ROUTINGS_JOB):  # "routings i/n": the kernel first (loaded, or compiled or waited for
        from .routings.dispatch import compile_routings  # under its lock), then part i of n of the routings

        i, n = (int(x) for x in flow_control.split()[1].split("/"))
        compile_once(name, "wormhole")
        cold = bool(compile_routings(name, part=(i - 1, n)))
        return name, flow_control, cold, time.perf_counter() - t0
    cold = compile_note(name, flow_control=flow_control) is not None
    compile_once(name, flow_control)
    return name, flow_control, cold, time.perf_counter() - t0


def compile_models(names=None, *, processes: int | None = None, progress: bool = True) -> list[tuple]:
    """Compile the kernels of router models ``names`` (default: every model of :data:`WARM_UP`), each flow
    control it models, that are not cached yet, on ``processes`` worker processes at once (default: every core).

    Each ``(model, flow control)`` is one job of :func:`compile_once` (the tiny warm-up run under the model's
    lock), the BookSim model's first as it takes longest, so that a test suite or sweep started afterwards on a
    cold cache neither compiles nor waits on the lock: its processes load the cache.  One labelled bar on stderr
    counts the jobs.  Returns ``(model, flow control, compiled (False: cached already), seconds)`` per job; the
    ideal model (else the BookSim model) adds one job ``(<model>, "routings i/n")`` per worker, which compiles part
    ``i`` of ``n`` of the shared routings' own functions (both models share them,
    :func:`lowdiam.sim.routings.dispatch.compile_routings`) once that model's wormhole kernel is there: they run
    while the BookSim kernel, the longest, compiles on another worker.

    Examples
    --------
    >>> compile_models(["nope"])
    Traceback (most recent call last):
        ...
    ValueError: unknown router model 'nope'; choose from ['booksim', 'caminos', 'ideal']
    >>> compile_models(processes=0)
    Traceback (most recent call last):
        ...
    ValueError: processes must be an int >= 1 or None, got 0
    """
    import concurrent.futures as cf
    import multiprocessing

    from .routers import ROUTERS

    known = sorted(WARM_UP)
    names = known if names is None else list(names)
    for name in names:
        if not isinstance(name, str) or name not in WARM_UP:
            raise ValueError(f"unknown router model {name!r}; choose from {known}")
    if processes is not None and (isinstance(processes, bool) or not isinstance(processes, int) or processes < 1):
        raise ValueError(f"processes must be an int >= 1 or None, got {processes!r}")
    jobs = sorted(((n, fc) for n in dict.fromkeys(names) for fc in ROUTERS[n].flow_controls),
                  key=lambda j: (j[0] != "booksim", j[1] != "wormhole", j))  # the longest compile first
    workers = min(len(jobs), processes or os.cpu_count() or 1)
    # the shared routings compile on a run's first use of each; here all of them, once (both models that run them
    # share them), in one part per worker, each after the wormhole kernel of the model that compiles fastest
    # (ideal's, else BookSim's), which their signatures need: the parts run while BookSim's kernel compiles
    shared = [n for n in ("ideal", "booksim") if n in names]
    if shared:
        at = next(k for k, j in enumerate(jobs) if j == (shared[0], "wormhole")) + 1
        jobs[at:at] = [(shared[0], f"{ROUTINGS_JOB} {i}/{workers}") for i in range(1, workers + 1)]
        workers = min(len(jobs), processes or os.cpu_count() or 1)
    from tqdm.auto import tqdm

    out = []
    bar = tqdm(total=len(jobs), desc="compiling simulator kernels", unit="kernel", file=sys.stderr,
               disable=not progress)
    with cf.ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        for result in pool.map(_compile_job, jobs):
            out.append(result)
            bar.update(1)
    bar.close()
    return out
