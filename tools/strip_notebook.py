"""Strip run-specific metadata from executed notebooks so a rerun does not dirty git.

papermill records start/end timestamps and durations per cell and per notebook; Jupyter may add
execution timing.  This keeps the outputs (figures, tables, claims) and removes only that metadata,
gives every cell a stable id, and drops empty ``tags`` lists.

Usage: ``python tools/strip_notebook.py notebooks/*.ipynb`` (``make figures`` / ``make notebook`` run it).
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

RUN_KEYS = ("papermill", "execution", "ExecuteTime", "collapsed", "scrolled")


def strip(nb: dict) -> dict:
    """Return ``nb`` (a notebook as JSON) without run-specific metadata.

    Examples
    --------
    >>> nb = {"metadata": {"papermill": {"duration": 1.0}, "kernelspec": {}},
    ...       "cells": [{"cell_type": "code", "metadata": {"papermill": {}, "tags": []}, "source": "1"}]}
    >>> out = strip(nb)
    >>> out["metadata"], out["cells"][0]["metadata"], len(out["cells"][0]["id"])
    ({'kernelspec': {}}, {}, 8)
    """
    nb["metadata"] = {k: v for k, v in nb.get("metadata", {}).items() if k not in RUN_KEYS}
    seen: set[str] = set()
    for i, cell in enumerate(nb.get("cells", [])):
        meta = {k: v for k, v in cell.get("metadata", {}).items() if k not in RUN_KEYS}
        if meta.get("tags") == []:
            del meta["tags"]
        cell["metadata"] = meta
        cid = cell.get("id")
        if not cid or cid in seen:
            src = "".join(cell.get("source", ""))
            cid = hashlib.sha1(f"{i}:{src}".encode()).hexdigest()[:8]
        seen.add(cid)
        cell["id"] = cid
    return nb


def main(argv: list[str]) -> int:
    for name in argv:
        path = Path(name)
        nb = strip(json.loads(path.read_text()))
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
