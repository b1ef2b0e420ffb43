"""On-disk result cache: keyed by parameters and input content, checked against the code, safe to read.

An entry is found by the SHA-256 of the canonical JSON of ``(namespace,
params)``.  Inputs are keyed by *content*: a :class:`~lowdiam.topologies.Topology`
in ``params`` stands for its :meth:`~lowdiam.topologies.Topology.content_hash`
(its edges, endpoints, labels...), never its display name, so a different graph
under the same label is a different entry.  Keys are exact: a dict whose keys
are not all strings is written as typed ``[key, value]`` pairs, so ``{1: "a"}``
and ``{"1": "a"}`` are different entries (lists and tuples are the same one).
A folder where an entry belongs is a ``ValueError`` before anything is computed.

Each entry also records the *code it was computed with*: the SHA-256 of the
source file of every ``lowdiam`` module loaded when the value was stored
(``sys.modules``, optionally narrowed to some subpackages with ``depends=``).
A lookup checks those hashes against the files on disk; if any module changed
(or disappeared), the entry is stale and is recomputed and replaced.  This
covers lazy imports exactly: the modules that a computation imported while it
ran are loaded by the time its value is stored.

Values are stored as checksummed JSON, never pickled (reading a cache folder
cannot execute code): ``None``, bools, ints, floats (nan/inf included), strings,
lists, tuples, sets, dicts with any of these as keys, numpy arrays and scalars
of numeric / string dtypes, and dataclasses defined in ``lowdiam`` modules.
Anything else is a ``TypeError`` before anything is written.  A file that is
truncated, bit-flipped, of another format or otherwise unreadable is treated as
a miss: it is recomputed and replaced, never raised.  Writes are atomic (temp
file + rename), so concurrent workers never see half a file.

The cache lives in ``$LOWDIAM_CACHE`` or ``<repo>/.cache`` (:func:`lowdiam.paths.cache_root`);
``LOWDIAM_CACHE=off`` disables it (every call computes).  Outside a checkout
with the variable unset, caching is off (with a warning) rather than writing
inside ``site-packages``.  Namespaces are plain folder names and keys are
hashes, so nothing is ever read or written outside the cache folder, and
:func:`clear` deletes only cache entry files.

Examples
--------
>>> import os, tempfile
>>> from unittest import mock
>>> with mock.patch.dict(os.environ, {"LOWDIAM_CACHE": tempfile.mkdtemp()}):  # a scratch cache for the example
...     first = cached("demo", {"n": 3}, lambda: 3 * 3)   # computed once, then read back
...     print(first, lookup("demo", {"n": 3}), lookup("demo", {"n": 4}), clear("demo"))
9 9 None 1
>>> clear("../elsewhere")
Traceback (most recent call last):
    ...
ValueError: cache namespace must be a plain folder name (letters, digits, '_', '-', '.'; no '..'), got '../elsewhere'
"""

from __future__ import annotations

import base64
import dataclasses
import hashlib
import importlib
import importlib.util
import json
import math
import os
import re
import warnings
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from . import __version__, code_identity
from .paths import write_atomic

__all__ = ["FORMAT", "cache_dir", "cache_key", "cached", "clear", "code_manifest", "lookup", "store"]

T = TypeVar("T")

FORMAT = "lowdiam-cache/2"
_MAGIC = b"LOWDIAM-CACHE 2 "
_NAMESPACE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.\-]{0,99}")
_ENTRY = re.compile(r"[0-9a-f]{64}\.(json|pkl)")  # .pkl: entries of the old pickle format, only ever deleted
_TMP_PREFIX = ".lowdiam-"
_OFF = ("off", "0", "false", "none", "no")
_warned_no_root = False


# ----------------------------------------------------------------------------- folders and keys
def cache_dir() -> Path | None:
    """The cache directory, or ``None`` when caching is off.

    Returns
    -------
    pathlib.Path or None
        ``$LOWDIAM_CACHE`` if set (``off``/``0``/``false``/``none``/empty disable
        the cache), else ``<repo>/.cache``; ``None`` outside a checkout with the
        variable unset (a warning says so once).

    Examples
    --------
    >>> import os
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LOWDIAM_CACHE": "off"}):
    ...     cache_dir() is None
    True
    """
    global _warned_no_root
    env = os.environ.get("LOWDIAM_CACHE")
    if env is not None:
        if env.strip().lower() in _OFF or not env.strip():
            return None
        return Path(env).expanduser().resolve()
    from .paths import cache_root

    try:
        return cache_root()
    except RuntimeError as exc:
        if not _warned_no_root:
            warnings.warn(f"lowdiam cache disabled: {exc}", RuntimeWarning, stacklevel=2)
            _warned_no_root = True
        return None


def _check_namespace(namespace: Any) -> str:
    if not isinstance(namespace, str):
        raise TypeError(f"cache namespace must be a str, got {type(namespace).__name__}")
    if not _NAMESPACE.fullmatch(namespace) or ".." in namespace:
        raise ValueError(
            "cache namespace must be a plain folder name (letters, digits, '_', '-', '.'; no '..'), "
            f"got {namespace!r}"
        )
    return namespace


#: keys the canonical form uses for its own tags: a dict holding one is written in the tagged form
_TAG_KEYS = frozenset({"__content__", "__dict__"})


def _canonical(x: Any) -> Any:
    # JSON with sorted keys; numpy scalars/arrays and tuples become lists, sets sorted lists,
    # topologies their content hash (the graph itself, not its name).  A dict with string keys stays a JSON
    # object; any other dict (keys 1, True, None, (1, 2), or one of the tag keys) becomes
    # {"__dict__": [[key, value], ...]} with its keys canonical too, so {1: "a"} and {"1": "a"} differ.
    if hasattr(x, "content_hash") and callable(x.content_hash):
        return {"__content__": type(x).__name__, "sha256": x.content_hash()}
    if isinstance(x, dict):
        if all(isinstance(k, str) for k in x) and not _TAG_KEYS.intersection(x):
            return {str(k): _canonical(v) for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
        pairs = [[_canonical(k), _canonical(v)] for k, v in x.items()]
        return {"__dict__": sorted(pairs, key=lambda kv: json.dumps(kv[0], sort_keys=True))}
    if isinstance(x, (list, tuple)):
        return [_canonical(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted((_canonical(v) for v in x), key=lambda v: json.dumps(v, sort_keys=True))
    if hasattr(x, "tolist") and hasattr(x, "dtype"):
        return x.tolist()
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    raise TypeError(f"cache key parameter of type {type(x).__name__} is not JSON-serialisable: {x!r}")


def cache_key(namespace: str, params: dict[str, Any]) -> str:
    """Hex digest identifying ``params`` under ``namespace``.

    Parameters
    ----------
    namespace : str
        A plain folder name.
    params : dict
        Everything the result depends on besides the code (seeds included);
        JSON-like values, numpy values, and topologies (keyed by content).

    Returns
    -------
    str
        64 hex digits.

    Raises
    ------
    TypeError
        A parameter that is not JSON-like.
    ValueError
        A namespace that is not a plain folder name.

    Examples
    --------
    >>> cache_key("t", {"a": 1, "b": 2}) == cache_key("t", {"b": 2, "a": 1})
    True
    """
    _check_namespace(namespace)
    blob = json.dumps([namespace, _canonical(params), __version__, FORMAT], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def _path(root: Path, namespace: str, params: dict[str, Any]) -> Path:
    path = root / namespace / f"{cache_key(namespace, params)}.json"
    # namespace and key are checked plain names; this guards the invariant if either rule ever loosens
    if root.resolve() not in path.resolve().parents:
        raise ValueError(f"cache entry {path} would lie outside the cache folder {root}")
    return path


def _check_writable(path: Path) -> None:
    """Refuse, before anything is computed, an entry that could not be written: a folder (or other non-file)
    where the entry or one of its folders belongs."""
    for folder in (path.parent.parent, path.parent):
        if folder.exists() and not folder.is_dir():
            raise ValueError(f"cache folder {folder} is not a directory; remove it or point LOWDIAM_CACHE elsewhere")
    if path.exists() and not path.is_file():
        raise ValueError(f"cache entry {path} is a directory (or another non-file), not an entry the cache wrote; "
                         "remove it so the entry can be stored")


# ----------------------------------------------------------------------------- code fingerprints
def code_manifest(modules: Iterable[str] | None = None, *, depends: Iterable[str] | None = None) -> dict[str, str]:
    """``{module: sha256 of its source}`` for the code a result depends on (:func:`lowdiam.code_identity.manifest`,
    without this module: the cache is the mechanism, versioned by ``FORMAT``).

    Parameters
    ----------
    modules : iterable of str, optional
        Module names (e.g. those a worker process had loaded).  Default: every
        ``lowdiam`` module loaded in this process.
    depends : iterable of str, optional
        Package prefixes to keep (``("lowdiam.sim", "lowdiam.metrics")``);
        default all of ``lowdiam``.

    Returns
    -------
    dict
        Sorted by module name; modules without a source file are left out.

    Examples
    --------
    >>> import lowdiam.validate
    >>> list(code_manifest(depends=["lowdiam.validate"]))
    ['lowdiam.validate']
    """
    return code_identity.manifest(modules, depends=depends, exclude=(__name__,))


# ----------------------------------------------------------------------------- safe value encoding
_SCALARS = (str, int, bool, type(None))
_ARRAY_KINDS = "biufcUS"


def _encode(x: Any) -> Any:
    if type(x).__module__ == "numpy":  # numpy scalars first: np.float64 is also a Python float
        return _encode_numpy(x)
    # exact types only: a subclass (an enum, a namedtuple, an OrderedDict) would come back as its base
    if type(x) is float:
        return x if math.isfinite(x) else {"__float__": repr(x)}
    if type(x) in _SCALARS:
        return x
    if type(x) is list:
        return [_encode(v) for v in x]
    if type(x) is tuple:
        return {"__tuple__": [_encode(v) for v in x]}
    if type(x) in (set, frozenset):
        return {"__set__": [_encode(v) for v in x], "frozen": type(x) is frozenset}
    if type(x) is dict:
        return {"__dict__": [[_encode(k), _encode(v)] for k, v in x.items()]}
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        cls = type(x)
        if not cls.__module__.startswith("lowdiam."):
            raise TypeError(
                f"cache values may hold dataclasses of lowdiam only, got {cls.__module__}.{cls.__qualname__}"
            )
        fields = {f.name: _encode(getattr(x, f.name)) for f in dataclasses.fields(x) if f.init}
        return {"__dataclass__": f"{cls.__module__}:{cls.__qualname__}", "fields": fields}
    raise TypeError(
        f"a cache value of type {type(x).__name__} cannot be stored safely; supported: None, bool, int, float, str, "
        "list, tuple, set, dict, numpy arrays/scalars (numeric or string), lowdiam dataclasses"
    )


def _encode_numpy(x: Any) -> Any:
    import numpy as np

    if isinstance(x, np.ndarray):
        if x.dtype.kind not in _ARRAY_KINDS or x.dtype.hasobject:
            raise TypeError(f"cache values cannot hold numpy arrays of dtype {x.dtype} (numeric or string only)")
        data = np.ascontiguousarray(x)
        encoded = base64.b64encode(data.tobytes()).decode()
        return {"__ndarray__": data.dtype.str, "shape": list(x.shape), "data": encoded}
    if isinstance(x, np.generic):
        if x.dtype.kind not in _ARRAY_KINDS:
            raise TypeError(f"cache values cannot hold numpy scalars of dtype {x.dtype}")
        return {"__npscalar__": x.dtype.str, "data": base64.b64encode(x.tobytes()).decode()}
    raise TypeError(
        f"a cache value of type {type(x).__name__} cannot be stored safely; supported: None, bool, int, float, str, "
        "list, tuple, set, dict, numpy arrays/scalars (numeric or string), lowdiam dataclasses"
    )


class _Corrupt(Exception):
    """An entry that does not decode: treated as a cache miss."""


def _decode(x: Any) -> Any:
    if isinstance(x, list):
        return [_decode(v) for v in x]
    if not isinstance(x, dict):
        return x
    if "__float__" in x:
        return float(x["__float__"])
    if "__tuple__" in x:
        return tuple(_decode(v) for v in x["__tuple__"])
    if "__set__" in x:
        items = [_decode(v) for v in x["__set__"]]
        return frozenset(items) if x.get("frozen") else set(items)
    if "__dict__" in x:
        return {_decode(k): _decode(v) for k, v in x["__dict__"]}
    import numpy as np

    if "__ndarray__" in x:
        dtype = np.dtype(x["__ndarray__"])
        if dtype.kind not in _ARRAY_KINDS or dtype.hasobject:
            raise _Corrupt(f"array dtype {dtype} not allowed")
        return np.frombuffer(base64.b64decode(x["data"]), dtype=dtype).reshape(x["shape"]).copy()
    if "__npscalar__" in x:
        dtype = np.dtype(x["__npscalar__"])
        if dtype.kind not in _ARRAY_KINDS or dtype.hasobject:
            raise _Corrupt(f"scalar dtype {dtype} not allowed")
        return np.frombuffer(base64.b64decode(x["data"]), dtype=dtype)[0]
    if "__dataclass__" in x:
        module, _, qualname = str(x["__dataclass__"]).partition(":")
        if not module.startswith("lowdiam.") or not qualname.isidentifier():
            raise _Corrupt(f"dataclass {module}:{qualname} not allowed")
        cls = getattr(importlib.import_module(module), qualname, None)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            raise _Corrupt(f"{module}:{qualname} is not a dataclass")
        return cls(**{k: _decode(v) for k, v in x["fields"].items()})
    raise _Corrupt(f"unknown tag in {sorted(x)[:3]}")


def _serialise(namespace: str, key: str, params: dict[str, Any], value: Any, manifest: dict[str, str]) -> bytes:
    body = json.dumps(
        {"namespace": namespace, "key": key, "params": _canonical(params), "code": manifest, "value": _encode(value)},
        separators=(",", ":"),
    ).encode()
    return _MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def _read(path: Path, key: str) -> tuple[bool, Any]:
    """(found, value) of a current, intact entry; ``(False, None)`` for missing, corrupt or stale files."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return False, None
    except OSError:
        return False, None
    try:
        head, sep, body = raw.partition(b"\n")
        if not sep or not head.startswith(_MAGIC) or len(head) != len(_MAGIC) + 64:
            raise _Corrupt("not a lowdiam cache file of this format")
        if hashlib.sha256(body).hexdigest().encode() != head[len(_MAGIC):]:
            raise _Corrupt("checksum mismatch")
        doc = json.loads(body)
        if doc.get("key") != key:
            raise _Corrupt("entry belongs to another key")
        if not code_identity.manifest_is_current(doc.get("code")):
            return False, None  # stale: the code it was computed with has changed
        return True, _decode(doc["value"])
    except Exception:  # noqa: BLE001 - any undecodable file is a miss, then replaced
        try:
            path.unlink()
        except OSError:
            pass
        return False, None


def _write(path: Path, data: bytes) -> None:
    write_atomic(path, data, prefix=_TMP_PREFIX)  # the prefix marks our temporaries for clean-up


# ----------------------------------------------------------------------------- public API
def lookup(namespace: str, params: dict[str, Any]) -> Any | None:
    """The cached value for ``params``, or ``None`` (nothing is computed).

    A missing, corrupt or stale entry (code changed since it was stored) is ``None``.

    Examples
    --------
    >>> import os, tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LOWDIAM_CACHE": tempfile.mkdtemp()}):
    ...     lookup("demo", {"n": 1}) is None
    True
    """
    root = cache_dir()
    if root is None:
        return None
    _, value = _read(_path(root, namespace, params), cache_key(namespace, params))
    return value


def store(
    namespace: str,
    params: dict[str, Any],
    value: Any,
    *,
    modules: Iterable[str] | None = None,
    depends: Iterable[str] | None = None,
) -> None:
    """Store ``value`` for ``params`` (replacing any entry), with the code manifest of ``modules``.

    Parameters
    ----------
    namespace, params
        As in :func:`cached`.
    value
        A storable value (see the module docstring).
    modules : iterable of str, optional
        Modules the computation loaded, when it ran elsewhere (a worker
        process); default: the ``lowdiam`` modules loaded here.
    depends : iterable of str, optional
        Package prefixes narrowing the manifest.

    Raises
    ------
    TypeError
        An unstorable value (nothing is written).

    Examples
    --------
    >>> import os, tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LOWDIAM_CACHE": tempfile.mkdtemp()}):
    ...     store("demo", {"n": 2}, {"hops": (1, 2)})
    ...     lookup("demo", {"n": 2})
    {'hops': (1, 2)}
    """
    root = cache_dir()
    key = cache_key(namespace, params)
    data = _serialise(namespace, key, params, value, code_manifest(modules, depends=depends))
    if root is not None:
        path = _path(root, namespace, params)
        _check_writable(path)
        _write(path, data)


def cached(
    namespace: str,
    params: dict[str, Any],
    compute: Callable[[], T],
    *,
    depends: Iterable[str] | None = None,
) -> T:
    """Return ``compute()``, reading it from disk if these ``params`` were computed before with the same code.

    Parameters
    ----------
    namespace : str
        A plain folder name grouping related entries (``"03_metis"``).
    params : dict
        Must describe *everything* the result depends on besides the library
        code (seeds included); topologies are keyed by content.
    compute : callable
        Computes the value on a miss.
    depends : iterable of str, optional
        Package prefixes whose loaded modules the value depends on (default:
        every loaded ``lowdiam`` module, the safe choice).

    Returns
    -------
    The value.

    Raises
    ------
    TypeError
        Unserialisable ``params`` or an unstorable value (the computed value is
        not returned then: fix the caller rather than silently lose caching).
    ValueError
        A namespace that is not a plain folder name.

    Examples
    --------
    >>> import os, tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LOWDIAM_CACHE": tempfile.mkdtemp()}):
    ...     cached("demo", {"n": 3}, lambda: [1.5, float("inf")])
    [1.5, inf]
    """
    root = cache_dir()
    if root is None:
        cache_key(namespace, params)  # the same checks with the cache off
        return compute()
    path = _path(root, namespace, params)
    found, value = _read(path, cache_key(namespace, params))
    if found:
        return value
    _check_writable(path)  # before the computation, not after it
    value = compute()
    store(namespace, params, value, depends=depends)
    return value


def _is_our_tmp(name: str) -> bool:
    return name.startswith(_TMP_PREFIX) and name.endswith(".tmp")


def clear(namespace: str | None = None) -> int:
    """Delete cached entries (one namespace or all); return the number of files removed.

    Only cache entry files (``<64 hex digits>.json``, old ``.pkl`` entries and
    leftover ``.lowdiam-*.tmp`` files) directly inside ``<cache>/<namespace>/`` are
    deleted; a namespace is a plain folder name, never a path.

    Examples
    --------
    >>> import os, tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"LOWDIAM_CACHE": tempfile.mkdtemp()}):
    ...     cached("demo", {"n": 1}, lambda: 1), clear()
    (1, 1)
    """
    if namespace is not None:
        _check_namespace(namespace)
    root = cache_dir()
    if root is None or not root.is_dir():
        return 0
    folders = [root / namespace] if namespace else [d for d in root.iterdir() if d.is_dir() and not d.is_symlink()]
    n = 0
    for folder in folders:
        if not folder.is_dir() or folder.is_symlink():
            continue
        for f in folder.iterdir():
            if f.is_file() and not f.is_symlink() and (_ENTRY.fullmatch(f.name) or _is_our_tmp(f.name)):
                f.unlink()
                n += 1
    return n
