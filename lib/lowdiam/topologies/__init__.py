"""Topology constructors, one function per family (networkx-generator style).

Imports are lazy: ``from lowdiam.topologies import polarstar`` loads only the
module that defines it, so analyses that never touch a finite field do not pay
galois' start-up cost.

Your own networks: :meth:`Topology.from_networkx` (node labels of any type,
kept in ``labels["node"]``), :func:`read` for edge-list / BookSim anynet /
CAMINOS files, and :func:`as_topology`, the reader every analysis uses for its
graph argument (a Topology, networkx graph, scipy sparse adjacency, CSR pair or
``(n, edges)``).

A family is one module: it lists the names this package exports in a module-level ``EXPORTS`` tuple, which
this package reads without importing the module (``_scan_exports``); nothing here names it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lowdiam._lazy import lazy_package

from .base import Topology, as_topology, default_concentration

_EXPORTS_LINE = re.compile(r"^EXPORTS = (\([^)]*\))", re.M)


def _scan_exports() -> dict[str, str]:
    """``{public name: defining submodule}``: the ``EXPORTS = (...)`` tuple of every module of this package, read
    from its source (a module is imported on first use only).  A name exported twice is an ``ImportError``."""
    out: dict[str, str] = {}
    for path in sorted(Path(__file__).resolve().parent.glob("*.py")):
        if path.name == "__init__.py":
            continue
        for found in _EXPORTS_LINE.finditer(path.read_text(encoding="utf-8")):
            for name in ast.literal_eval(found.group(1)):
                if out.setdefault(name, path.stem) != path.stem:
                    raise ImportError(f"lowdiam.topologies: {name!r} is exported by {out[name]} and {path.stem}")
    return out


# public name -> defining submodule (a new family is one new module with its EXPORTS)
_EXPORTS: dict[str, str] = _scan_exports()

__all__ = ["Topology", "as_topology", "default_concentration", *_EXPORTS]  # noqa: PLE0604


__getattr__, __dir__ = lazy_package(__name__, _EXPORTS)
