"""On-disk result cache keyed by parameters, so a notebook rerun is quick.

A key is the SHA-256 of the canonical JSON of ``(namespace, params, lowdiam version)``;
a changed parameter or a new library version computes afresh, nothing is ever
overwritten in place.  Values are pickled (numpy arrays, dataclasses, dicts).

The cache lives in ``<repo>/.cache`` (git-ignored) or in ``$LOWDIAM_CACHE``;
``LOWDIAM_CACHE=off`` disables it (every call computes).

>>> from lowdiam.cache import cached
>>> cached("demo", {"n": 3}, lambda: 3 * 3)   # computed once, then read back
9
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from . import __version__

__all__ = ["cache_dir", "cache_key", "cached", "clear", "lookup"]

T = TypeVar("T")

_DEFAULT = Path(__file__).resolve().parents[2] / ".cache"


def cache_dir() -> Path | None:
    """The cache directory, or ``None`` when ``LOWDIAM_CACHE=off``."""
    env = os.environ.get("LOWDIAM_CACHE")
    if env is not None and env.strip().lower() in ("off", "0", "false", "none", ""):
        return None
    return Path(env) if env else _DEFAULT


def _canonical(x: Any) -> Any:
    # JSON with sorted keys; numpy scalars/arrays and tuples become lists, sets sorted lists.
    if isinstance(x, dict):
        return {str(k): _canonical(v) for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
    if isinstance(x, (list, tuple)):
        return [_canonical(v) for v in x]
    if isinstance(x, (set, frozenset)):
        return sorted(_canonical(v) for v in x)
    if hasattr(x, "tolist"):
        return x.tolist()
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    raise TypeError(f"cache key parameter of type {type(x).__name__} is not JSON-serialisable: {x!r}")


def cache_key(namespace: str, params: dict[str, Any]) -> str:
    """Hex digest identifying ``params`` under ``namespace`` for this library version."""
    blob = json.dumps([namespace, _canonical(params), __version__], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(blob.encode()).hexdigest()


def _path(root: Path, namespace: str, params: dict[str, Any]) -> Path:
    return root / namespace / f"{cache_key(namespace, params)}.pkl"


def lookup(namespace: str, params: dict[str, Any]) -> Any | None:
    """The cached value for ``params``, or ``None`` (nothing is computed)."""
    root = cache_dir()
    if root is None:
        return None
    try:
        with _path(root, namespace, params).open("rb") as fh:
            return pickle.load(fh)
    except (FileNotFoundError, EOFError, pickle.UnpicklingError):
        return None


def cached(namespace: str, params: dict[str, Any], compute: Callable[[], T]) -> T:
    """Return ``compute()``, reading it from disk if these ``params`` were computed before.

    ``params`` must describe *everything* the result depends on (seeds included).
    Writes are atomic (temp file + rename), so concurrent workers never see half a file.
    """
    root = cache_dir()
    if root is None:
        return compute()
    path = _path(root, namespace, params)
    if path.exists():
        try:
            with path.open("rb") as fh:
                return pickle.load(fh)
        except (EOFError, pickle.UnpicklingError):
            path.unlink(missing_ok=True)  # a torn file from a killed run: recompute
    value = compute()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "wb") as fh:
        pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
    os.replace(tmp, path)
    return value


def clear(namespace: str | None = None) -> int:
    """Delete cached results (one namespace or all); return the number of files removed."""
    root = cache_dir()
    if root is None or not root.exists():
        return 0
    target = root / namespace if namespace else root
    n = 0
    for f in target.rglob("*.pkl"):
        f.unlink()
        n += 1
    return n
