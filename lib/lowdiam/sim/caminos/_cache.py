"""Drop numba's cached CAMINOS kernels when a module they inline has changed.

numba keys a cached function on its own source file only, so an edit to
``routing.py`` (or to ``lowdiam.sim.rng`` / ``lowdiam.sim.traffic``, whose
helpers the kernel inlines) would silently keep the old compiled code.  A
digest of those sources next to the cache catches that.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_SOURCES = (_HERE / "kernel.py", _HERE / "routing.py", _HERE.parent / "rng.py", _HERE.parent / "traffic.py")


def drop_stale_cache() -> None:
    """Delete this package's numba cache files when the digest of the sources they depend on changed."""
    env = os.environ.get("NUMBA_CACHE_DIR")
    cache = Path(env) if env else _HERE / "__pycache__"
    # a source another refactor moved away simply drops out of the digest (and changes it)
    digest = hashlib.sha256(b"".join(f.read_bytes() for f in _SOURCES if f.exists())).hexdigest()
    stamp = (cache if not env else cache / "lowdiam_caminos") / "caminos.deps.sha256"
    try:
        if stamp.exists() and stamp.read_text() == digest:
            return
        if cache.exists():
            for pattern in ("kernel.*.nb[ic]", "routing.*.nb[ic]"):
                for f in cache.rglob(pattern):
                    if not env or "caminos" in str(f.parent):
                        f.unlink(missing_ok=True)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    except OSError:  # read-only install: numba recompiles or uses what it has
        pass
