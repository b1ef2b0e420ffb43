"""Next-hop tables of single-path minimal routing.

``booksim_anynet_table`` reproduces the table BookSim2 builds for its anynet topology
(``AnyNet::buildRoutingTable`` / ``AnyNet::route`` in ``src/networks/anynet.cpp``): for every router
``r`` a Dijkstra run from ``r`` over unit-weight links that pops the lowest distance first and, among
equal distances, the lowest router id (it scans an ordered ``std::set`` with a strict ``<``), and relaxes
with a strict ``<``.  So the tree parent of ``t`` is the lowest-id neighbour of ``t`` one step closer to
``r``, and the next hop from ``r`` towards ``t`` is the first router on that tree path.  The table is
per *current* router: a packet's path is made of the first hops of successive trees, which is how
BookSim routes (``min_anynet`` looks up ``routing_table[current router][destination]`` at every hop).

``random_shortest_table`` is the seeded alternative: per (router, destination) pair one next hop drawn
uniformly among the neighbours one step closer, so every pair has one fixed random shortest path.

Both return the *position* of the next hop in the router's CSR neighbour list (``int16``), -1 on the
diagonal.
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _anynet(D, indptr, indices):
    n = D.shape[0]
    nh = np.full((n, n), -1, np.int16)
    for r in range(n):
        order = np.argsort(D[r].astype(np.int64) * n + np.arange(n))
        for t in order:
            d = D[r, t]
            if d == 0:
                continue
            if d == 1:
                for k in range(indptr[r], indptr[r + 1]):
                    if indices[k] == t:
                        nh[r, t] = k - indptr[r]
                continue
            best = -1
            for k in range(indptr[t], indptr[t + 1]):
                u = indices[k]
                if D[r, u] + 1 == d and (best < 0 or u < best):
                    best = u
            nh[r, t] = nh[r, best]
    return nh


@njit(cache=True)
def _random(D, indptr, indices, seed):
    np.random.seed(seed)
    n = D.shape[0]
    nh = np.full((n, n), -1, np.int16)
    for r in range(n):
        for t in range(n):
            d = D[r, t]
            if d == 0:
                continue
            cnt = 0
            for k in range(indptr[r], indptr[r + 1]):
                if D[indices[k], t] + 1 == d:
                    cnt += 1
                    if np.random.randint(cnt) == 0:
                        nh[r, t] = k - indptr[r]
    return nh


def _check(topology, D):
    idx = topology.indices
    ptr = topology.indptr
    for r in range(topology.num_routers):
        row = idx[ptr[r]:ptr[r + 1]]
        if np.any(np.diff(row) <= 0):
            raise ValueError(f"{topology.name}: neighbour lists must be sorted (router {r})")
    if D.max() == 255:
        raise ValueError(f"{topology.name} is disconnected; minimal routing needs a connected router graph")


def booksim_anynet_table(topology, D: np.ndarray) -> np.ndarray:
    """BookSim2 anynet next-hop table (neighbour positions), see the module docstring.

    Parameters
    ----------
    topology : Topology
        Router graph with sorted CSR neighbour lists.
    D : numpy.ndarray
        (n, n) hop distances (``lowdiam.metrics.distances.distance_matrix``).

    Returns
    -------
    numpy.ndarray
        (n, n) ``int16``: position in ``neighbors(r)`` of the next hop from r to t; -1 when r == t.

    Raises
    ------
    ValueError
        If the graph is disconnected.

    Examples
    --------
    >>> from lowdiam.topologies import Topology
    >>> from lowdiam.metrics.distances import distance_matrix
    >>> ring = Topology.from_edges("c4", "ring", 4, [(0, 1), (1, 2), (2, 3), (0, 3)])
    >>> booksim_anynet_table(ring, distance_matrix(ring))[0].tolist()  # 0 -> 2 via the lower id 1
    [-1, 0, 0, 1]
    """
    D = np.ascontiguousarray(D, dtype=np.uint8)
    _check(topology, D)
    return _anynet(D, topology.indptr.astype(np.int64), topology.indices.astype(np.int64))


def random_shortest_table(topology, D: np.ndarray, seed: int) -> np.ndarray:
    """Seeded random shortest-path next-hop table (neighbour positions).

    Parameters
    ----------
    topology : Topology
    D : numpy.ndarray
        (n, n) hop distances.
    seed : int
        Seed of the draws; the same seed gives the same table.

    Returns
    -------
    numpy.ndarray
        (n, n) ``int16`` neighbour positions, -1 on the diagonal.

    Examples
    --------
    >>> from lowdiam.topologies import Topology
    >>> from lowdiam.metrics.distances import distance_matrix
    >>> ring = Topology.from_edges("c4", "ring", 4, [(0, 1), (1, 2), (2, 3), (0, 3)])
    >>> D = distance_matrix(ring)
    >>> bool((random_shortest_table(ring, D, 3) == random_shortest_table(ring, D, 3)).all())
    True
    """
    D = np.ascontiguousarray(D, dtype=np.uint8)
    _check(topology, D)
    return _random(D, topology.indptr.astype(np.int64), topology.indices.astype(np.int64), int(seed))
