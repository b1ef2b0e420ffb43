"""Checkpoints of a running message program: save the kernel's whole state, resume from it in another process.

A paper-scale motif run takes one to several hours of one core; a checkpoint written every few minutes lets an
interrupted run (a session's end, a killed job) go on where it stopped.  The kernel stops and resumes at cycle
boundaries (the driver already runs a program in chunks), so a run restored from a checkpoint is the same run,
cycle for cycle, as one that never stopped.

What is saved: every numpy array of the run's mutable records (``cfg``, the router, endpoint and statistics
records, the message record's mutable fields, the shared routings' port and packet state and the random state), by
field path, in one ``.npz`` (no pickles: loading cannot execute code).  What the run only reads (the wiring, the
routing tables, the program's messages and dependencies) is rebuilt, not saved: the fingerprint guarantees it is
the same.

A checkpoint belongs to one run: its *fingerprint* hashes the topology's content, the run's settings, the
message program and the source of every ``lowdiam.sim`` module.  A file with another fingerprint (another run,
or the same run under changed code) is not resumed from: the run starts afresh, with a warning, and replaces it.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import warnings
from pathlib import Path

import numpy as np

from ...code_identity import tree_digest

_SIM_ROOT = Path(__file__).resolve().parents[1]  # lowdiam/sim
_FINGERPRINT = "__fingerprint__"


def _sim_source_hash() -> str:
    """:func:`lowdiam.code_identity.tree_digest` of every ``lowdiam.sim`` source file."""
    return tree_digest((p for p in _SIM_ROOT.rglob("*.py") if "__pycache__" not in p.parts), _SIM_ROOT)


def fingerprint(topology, program, settings: dict) -> str:
    """Identity of a run: topology content, settings (JSON-like), the program's arrays and the simulator code.

    >>> import numpy as np
    >>> from lowdiam.topologies import hyperx
    >>> from lowdiam.sim.motifs import compile_motif
    >>> top = hyperx(2, 3).with_endpoints(1)
    >>> prog = compile_motif(top, "allreduce", message_bytes=128, algorithm="ring")
    >>> fingerprint(top, prog, {"seed": 0}) == fingerprint(top, prog, {"seed": 0})
    True
    >>> fingerprint(top, prog, {"seed": 0}) == fingerprint(top, prog, {"seed": 1})
    False
    """
    h = hashlib.sha256()
    h.update(topology.content_hash().encode())
    h.update(json.dumps(settings, sort_keys=True, default=str).encode())
    for name in ("src", "dst", "packets", "delay", "num_deps", "dependents_ptr", "dependents"):
        a = np.ascontiguousarray(getattr(program, name), dtype=np.int64)
        h.update(name.encode())
        h.update(a.tobytes())
    h.update(_sim_source_hash().encode())
    return h.hexdigest()


def state_arrays(**parts) -> dict[str, np.ndarray]:
    """Every numpy array reachable from ``parts`` through (named) tuples and dicts, keyed by its field path.

    >>> from typing import NamedTuple
    >>> class P(NamedTuple):
    ...     a: np.ndarray
    ...     b: tuple
    >>> sorted(state_arrays(p=P(np.zeros(1), (np.ones(2), 3)), q={"c": np.zeros(3)}))
    ['p.a', 'p.b.0', 'q.c']
    """
    out: dict[str, np.ndarray] = {}

    def walk(prefix: str, x) -> None:
        if isinstance(x, np.ndarray):
            out[prefix] = x
        elif isinstance(x, tuple):
            for name, v in zip(getattr(x, "_fields", None) or range(len(x)), x):
                walk(f"{prefix}.{name}", v)
        elif isinstance(x, dict):
            for name, v in x.items():
                walk(f"{prefix}.{name}", v)

    for name, x in parts.items():
        walk(name, x)
    return out


def save(path: Path, arrays: dict[str, np.ndarray], fp: str) -> None:
    """Write the arrays and the fingerprint to ``path`` atomically (a temporary file, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".lowdiam-ckpt-", suffix=".npz", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(f, **{_FINGERPRINT: np.array(fp)}, **arrays)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def restore(path: Path, arrays: dict[str, np.ndarray], fp: str) -> bool:
    """Copy the state saved in ``path`` into ``arrays`` (in place, so every alias sees it); True if resumed.

    A missing file is a fresh start; an unreadable one, another run's (fingerprint) or one whose arrays do not
    fit is a fresh start with a warning (nothing is copied unless everything fits).
    """
    if not path.exists():
        return False
    why = None
    try:
        with np.load(path, allow_pickle=False) as z:
            saved = {k: z[k] for k in z.files}
    except Exception as exc:  # noqa: BLE001 - any unreadable file is a fresh start, as for the result cache
        saved, why = {}, f"unreadable ({type(exc).__name__})"
    if why is None and str(saved.get(_FINGERPRINT, "")) != fp:
        why = "it belongs to another run or to other simulator code"
    if why is None:
        bad = [k for k, a in arrays.items() if k not in saved or saved[k].shape != a.shape or saved[k].dtype != a.dtype]
        if bad or set(saved) - set(arrays) - {_FINGERPRINT}:
            why = f"its arrays do not fit this run's ({', '.join(bad[:3]) or 'extra arrays'})"
    if why is not None:
        warnings.warn(f"checkpoint {path} not resumed: {why}; starting afresh", RuntimeWarning, stacklevel=3)
        return False
    for k, a in arrays.items():
        a[...] = saved[k]
    return True
