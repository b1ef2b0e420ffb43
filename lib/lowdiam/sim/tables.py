"""Per-topology memo of the O(n^2) tables the simulator and the bounds build (topologies are immutable).

Examples
--------
>>> from lowdiam.topologies import Topology
>>> from lowdiam.sim.tables import distances
>>> top = Topology.from_edges("path3", "test", 3, [(0, 1), (1, 2)], endpoints_per_router=1)
>>> distances(top).tolist()
[[0, 1, 2], [1, 0, 1], [2, 1, 0]]
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

_DIST: weakref.WeakKeyDictionary[Any, np.ndarray] = weakref.WeakKeyDictionary()
_MEMO: weakref.WeakKeyDictionary[Any, dict] = weakref.WeakKeyDictionary()


def distances(topology) -> np.ndarray:
    """All-pairs router distances (uint8, 255 = unreachable), computed once per topology object."""
    D = _DIST.get(topology)
    if D is None:
        from lowdiam.metrics.distances import distance_matrix

        D = np.ascontiguousarray(distance_matrix(topology), dtype=np.uint8)
        _DIST[topology] = D
    return D


def memo(topology) -> Callable[[Any, Callable[[], Any]], Any]:
    """``cache(key, build)`` bound to ``topology``: ``build()`` once per key, then the stored value."""
    per = _MEMO.setdefault(topology, {})

    def cache(key, build):
        if key not in per:
            per[key] = build()
        return per[key]

    return cache
