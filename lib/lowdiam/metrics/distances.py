"""Hop distances on router graphs.

PLACEHOLDER ENGINE: scipy per-source BFS. The bit-parallel engine replaces the
internals; the signatures below are the contract other modules use.
"""

from __future__ import annotations

import numpy as np


def distance_matrix(topology) -> np.ndarray:
    """All-pairs hop distances as an (n, n) uint8 array (255 = unreachable)."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import shortest_path

    n = topology.num_routers
    a = csr_matrix((np.ones(len(topology.indices), dtype=np.int8), topology.indices, topology.indptr), shape=(n, n))
    d = shortest_path(a, unweighted=True, directed=False)
    d[np.isinf(d)] = 255
    return d.astype(np.uint8)
