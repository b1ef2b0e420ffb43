"""Graph metrics of router topologies.

Submodules: :mod:`.distances` (bit-parallel all-pairs BFS), :mod:`.bisection`
(METIS minimum bisection), :mod:`.spectral` (adjacency / Laplacian spectra),
:mod:`.paths` (girth, shortest-path multiplicity).  Names are loaded lazily,
so ``import lowdiam.metrics`` does not pull in scipy, pymetis or numba kernels.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

# public name -> defining submodule
_EXPORTS: dict[str, str] = {
    "DistanceStats": "distances",
    "diameter": "distances",
    "distance_histogram": "distances",
    "distance_matrix": "distances",
    "distance_stats": "distances",
    "distances_from": "distances",
    "eccentricities": "distances",
    "mean_distance": "distances",
    "Bisection": "bisection",
    "bisection": "bisection",
    "cut_size": "bisection",
    "Spectrum": "spectral",
    "spectral": "spectral",
    "spectral_gap": "spectral",
    "adjacency_matrix": "spectral",
    "girth": "paths",
    "PathMultiplicity": "paths",
    "path_multiplicity": "paths",
    "shortest_path_counts": "paths",
}

__all__ = list(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lowdiam.metrics' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


class _Package(types.ModuleType):
    """Keeps ``metrics.bisection`` / ``metrics.spectral`` the functions, not their modules.

    Importing submodule ``bisection`` makes Python bind the package attribute
    ``bisection`` to the module, which would shadow the function for every later
    ``from lowdiam.metrics import bisection``.  The modules stay reachable via
    ``from lowdiam.metrics.bisection import ...`` (resolved through ``sys.modules``).
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and _EXPORTS.get(name) == name and hasattr(value, name):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
