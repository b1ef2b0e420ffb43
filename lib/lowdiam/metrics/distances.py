"""Hop distances on router graphs by bit-parallel breadth-first search.

All sources advance together, 64 per machine word.  For a block of ``64 * W``
sources every router ``v`` holds three rows of ``W`` uint64 words:

* ``visited[v]`` -- bit ``j`` set once source ``j`` has reached ``v``;
* ``frontier[v]`` -- bit ``j`` set if source ``j`` reached ``v`` at the last level;
* ``nxt[v]`` -- the bits that reach ``v`` at the current level.

One BFS level is ``nxt[v] = OR(frontier[u] for u in N(v)) & ~visited[v]``:
a word-wide OR replaces 64 scalar queue operations, and the popcount of
``nxt[v]`` is the number of (source, v) pairs at this hop distance.  The loop
over routers skips routers that every source of the block has already
reached.  Sources are processed in blocks of ``64 * W`` (memory
``3 * 8 * W * n`` bytes per block); blocks run in parallel (numba ``prange``),
so a whole computation is one parallel region without per-level barriers.

The first level is pushed from the sources instead (only ``64 * W`` routers
carry a frontier bit, so pulling over every link would waste a full pass).

Conventions: histograms count *ordered* router pairs ``(s, t)`` including
``s == t`` at distance 0, so an exact histogram sums to ``n**2`` on a
connected graph, entry 1 is ``2|E|``.  Unreachable pairs are not in the
histogram; :class:`DistanceStats` counts them separately.

Reference: the all-sources bit-parallel BFS is the classic word-level
parallelism trick for unweighted APSP (e.g. Akiba, Iwata, Yoshida,
"Fast exact shortest-path distance queries on large networks by pruned
landmark labeling", SIGMOD 2013, which uses bit-parallel BFS).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numba
import numpy as np
from numba import njit, prange, types
from numba.extending import intrinsic

from lowdiam.validate import check_int

__all__ = [
    "DistanceStats",
    "diameter",
    "distance_histogram",
    "distance_matrix",
    "distance_stats",
    "distances_from",
    "eccentricities",
    "mean_distance",
]

UNREACHABLE = 255  # uint8 marker in distance matrices


# ----------------------------------------------------------------- bit tricks
@intrinsic
def _popcount(typingctx, x):
    """Number of set bits of a uint64 (one ``popcnt`` instruction)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])

    return x(x), codegen


@intrinsic
def _trailing_zeros(typingctx, x):
    """Index of the lowest set bit of a nonzero uint64 (``tzcnt``)."""
    if not isinstance(x, types.Integer):
        return None

    def codegen(context, builder, sig, args):
        from llvmlite import ir

        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))

    return x(x), codegen


# --------------------------------------------------------------- the kernels
@njit(cache=True)
def _bfs_block(indptr, indices, sources, max_levels, hist, ecc, dist_t, col0):
    """Bit-parallel BFS from ``k <= 64 * W`` sources at once (serial).

    Adds the pair count of every level to ``hist`` (levels beyond
    ``max_levels`` are not explored), writes the within-component
    eccentricity of source ``j`` to ``ecc[j]``, and -- when ``dist_t`` has
    ``n`` rows -- writes ``dist_t[v, col0 + j]`` = hop distance from source
    ``j`` to ``v`` (distances >= 255 are not written).  Returns the number of
    (source, router) pairs reached.
    """
    n = indptr.shape[0] - 1
    k = sources.shape[0]
    W = (k + 63) >> 6
    write = dist_t.shape[0] == n
    full = np.zeros(W, dtype=np.uint64)  # all-ones over the block's live bits
    for j in range(k):
        full[j >> 6] |= np.uint64(1) << np.uint64(j & 63)

    visited = np.zeros((n, W), dtype=np.uint64)
    frontier = np.zeros((n, W), dtype=np.uint64)
    nxt = np.zeros((n, W), dtype=np.uint64)
    for j in range(k):
        s = sources[j]
        bit = np.uint64(1) << np.uint64(j & 63)
        visited[s, j >> 6] |= bit
        frontier[s, j >> 6] |= bit
        ecc[j] = 0
        if write:
            dist_t[s, col0 + j] = 0
    hist[0] += k
    reached = k
    union = np.zeros(W, dtype=np.uint64)  # sources that found a router this level

    level = 0
    while reached < k * n and level < max_levels:
        level += 1
        if level == 1:
            # push from the sources: only they carry frontier bits
            for j in range(k):
                s = sources[j]
                bit = np.uint64(1) << np.uint64(j & 63)
                for e in range(indptr[s], indptr[s + 1]):
                    nxt[indices[e], j >> 6] |= bit
        union[:] = 0
        found = 0
        for v in range(n):
            done = True
            for w in range(W):
                if visited[v, w] != full[w]:
                    done = False
                    break
            if done:  # every source already reached v: nothing to pull
                for w in range(W):
                    nxt[v, w] = 0
                continue
            if level > 1:
                for w in range(W):
                    nxt[v, w] = 0
                for e in range(indptr[v], indptr[v + 1]):
                    u = indices[e]
                    for w in range(W):
                        nxt[v, w] |= frontier[u, w]
            for w in range(W):
                new = nxt[v, w] & ~visited[v, w]
                nxt[v, w] = new
                if new == 0:
                    continue
                visited[v, w] |= new
                union[w] |= new
                found += np.int64(_popcount(new))
                if write and level < 255:
                    bits = new
                    while bits != 0:
                        col = col0 + (w << 6) + np.int64(_trailing_zeros(bits))
                        dist_t[v, col] = level
                        bits &= bits - np.uint64(1)
        if found == 0:
            break
        hist[level] += found
        reached += found
        for w in range(W):
            bits = union[w]
            while bits != 0:
                ecc[(w << 6) + np.int64(_trailing_zeros(bits))] = level
                bits &= bits - np.uint64(1)
        frontier, nxt = nxt, frontier
    return reached


@njit(parallel=True, cache=True)
def _bfs_blocks(indptr, indices, sources, block, max_levels, ecc, dist_t, num_threads):
    """Run :func:`_bfs_block` on consecutive blocks of ``block`` sources in
    parallel; one parallel region per call, so no per-level barriers that a
    busy machine would stall.  ``num_threads`` is passed in because reading
    it in here would stop numba from caching the function.
    Returns (histogram, reached pairs)."""
    k = sources.shape[0]
    num_blocks = (k + block - 1) // block
    hists = np.zeros((num_threads, max_levels + 1), dtype=np.int64)
    reached = np.zeros(num_blocks, dtype=np.int64)
    for b in prange(num_blocks):
        lo = b * block
        hi = min(k, lo + block)
        tid = numba.get_thread_id()
        reached[b] = _bfs_block(indptr, indices, sources[lo:hi], max_levels,
                                hists[tid], ecc[lo:hi], dist_t, lo)
    return hists.sum(axis=0), reached.sum()


# ---------------------------------------------------------------- input checks
def _csr(topology: Any) -> tuple[np.ndarray, np.ndarray]:
    """(indptr, indices) as int32 arrays of any graph input :func:`lowdiam.topologies.base.as_topology` reads.

    The input is validated there (symmetric, in range, simple), because the
    pull-style BFS computes distances *to* each router and is only correct on
    undirected graphs, and the kernels do no bounds checks.
    """
    from lowdiam.topologies.base import as_topology

    t = as_topology(topology)
    return t.indptr, t.indices


def _choose_sources(n: int, sources: Any, seed: int) -> tuple[np.ndarray, bool]:
    """Resolve ``sources`` to a sorted int32 array and whether it is a sample.

    ``None`` -> every router (exact); an int ``k`` -> ``k`` distinct routers
    drawn with ``numpy.random.default_rng(seed)``; an array -> those routers.
    """
    if sources is None:
        return np.arange(n, dtype=np.int32), False
    if isinstance(sources, (int, np.integer)) and not isinstance(sources, bool):
        k = int(sources)
        if not 1 <= k <= n:
            raise ValueError(
                f"number of sampled sources must be in [1, {n}] (the router count), got {k}; "
                "use sources=None for the exact all-pairs result"
            )
        if k == n:
            return np.arange(n, dtype=np.int32), False
        chosen = np.random.default_rng(seed).choice(n, size=k, replace=False)
        return np.sort(chosen).astype(np.int32), True
    arr = np.asarray(sources)
    if arr.ndim != 1 or arr.size == 0 or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(
            "sources must be None (all routers), a positive int (sample size) "
            f"or a non-empty 1-D array of router ids; got {sources!r}"
        )
    if arr.min() < 0 or arr.max() >= n:
        raise ValueError(f"source ids must lie in [0, {n}): min {arr.min()}, max {arr.max()}")
    if np.unique(arr).size != arr.size:
        raise ValueError("source ids must be distinct (a repeated source would double-count pairs)")
    return arr.astype(np.int32), arr.size < n


def _block_words(n: int, k: int) -> int:
    """Words per router row.  Wide rows amortise each adjacency scan over
    more sources; the cap keeps a block's three bitset arrays ~<= 16 MB per
    thread and leaves at least two blocks per thread when the graph is small."""
    w = max(1, min(8, (16 << 20) // (24 * n)))
    while w > 1 and -(-k // (64 * w)) < 2 * numba.get_num_threads():
        w //= 2
    return w


def _run(indptr, indices, srcs, write, max_levels=None):
    """Run the blocked kernel; return (hist, ecc, reached, dist_t or None).

    With ``write``, ``dist_t[v, i]`` is the distance from ``srcs[i]`` to ``v``.
    """
    n = indptr.shape[0] - 1
    k = srcs.shape[0]
    if max_levels is None:
        max_levels = max(n - 1, 1)  # no hop distance exceeds n - 1
    ecc = np.zeros(k, dtype=np.int32)
    if write:
        dist_t = np.full((n, k), UNREACHABLE, dtype=np.uint8)
    else:
        dist_t = np.zeros((0, 0), dtype=np.uint8)
    block = 64 * _block_words(n, k)
    hist, reached = _bfs_blocks(indptr, indices, srcs, block, max_levels, ecc, dist_t,
                                 numba.get_num_threads())
    last = int(np.flatnonzero(hist)[-1])
    return hist[: last + 1], ecc, int(reached), (dist_t if write else None)


def _check_uint8(hist: np.ndarray) -> None:
    if len(hist) > UNREACHABLE:
        raise ValueError(
            f"hop distances reach {len(hist) - 1}, beyond the uint8 range (max 254, "
            "255 = unreachable); use distance_histogram/distance_stats for long graphs"
        )


# ------------------------------------------------------------------ public API
@dataclasses.dataclass(frozen=True)
class DistanceStats:
    """Hop-distance summary of a router graph, exact or from sampled sources.

    Attributes:
        histogram: ``histogram[i]`` = ordered pairs ``(s, t)``, ``s`` a source,
            at hop distance ``i`` (``i = 0`` counts ``s == t``).  Exact and
            connected: sums to ``n**2``.
        diameter: largest eccentricity of the sources; ``math.inf`` when some
            pair is unreachable.  When ``sampled`` it is a *lower bound* on the
            true diameter.
        mean_distance: mean hop distance over ordered pairs ``(s, t)``,
            ``s`` a source, ``t != s``; ``math.inf`` when some pair is
            unreachable; ``nan`` for a single router.
        eccentricities: per source (in the order of ``sources``), the largest
            hop distance to a router *reachable* from it.  In a disconnected
            graph every true eccentricity is infinite; these are within-component.
        sources: the router ids the BFS started from.
        sampled: True when ``sources`` is a proper subset of the routers.
        connected: False when some (source, router) pair is unreachable --
            always detected when exact; with sampling, only if a sampled source
            misses a router (a source reaches everything iff the graph is connected).
        unreachable_pairs: ordered (source, router) pairs with no path.
        num_routers: router count ``n``.
    """

    histogram: np.ndarray
    diameter: float
    mean_distance: float
    eccentricities: np.ndarray
    sources: np.ndarray
    sampled: bool
    connected: bool
    unreachable_pairs: int
    num_routers: int

    @property
    def num_sources(self) -> int:
        return int(self.sources.shape[0])

    @property
    def max_finite_distance(self) -> int:
        """Largest finite hop distance seen (the diameter of the largest
        explored component part); equals ``diameter`` when connected."""
        return len(self.histogram) - 1


def distance_stats(topology: Any, sources: Any = None, seed: int = 0) -> DistanceStats:
    """Histogram, diameter, mean distance and eccentricities by bit-parallel BFS.

    ``sources=None`` runs the exact all-pairs computation; an int ``k`` samples
    ``k`` distinct routers with ``numpy.random.default_rng(seed)``; an array
    gives the sources explicitly.  The result's ``sampled`` flag says which.

    Example:
        >>> s = distance_stats((np.array([0, 1, 3, 4]), np.array([1, 0, 2, 1])))  # path 0-1-2
        >>> s.histogram.tolist(), s.diameter, s.mean_distance
        ([3, 4, 2], 2, 1.3333333333333333)
    """
    indptr, indices = _csr(topology)
    return _stats_csr(indptr, indices, sources, seed)


def _stats_csr(indptr: np.ndarray, indices: np.ndarray, sources: Any, seed: int) -> DistanceStats:
    """:func:`distance_stats` on a CSR that is already known to be valid (callers inside the library)."""
    seed = check_int("seed", seed, low=0)
    n = indptr.shape[0] - 1
    srcs, sampled = _choose_sources(n, sources, seed)
    hist, ecc, reached, _ = _run(indptr, indices, srcs, write=False)
    k = srcs.shape[0]
    unreachable = k * n - reached
    connected = unreachable == 0
    if connected:
        diam: float = int(ecc.max())
        pairs = k * (n - 1)
        mean = float(np.dot(np.arange(len(hist)), hist) / pairs) if pairs else math.nan
    else:
        diam, mean = math.inf, math.inf
    return DistanceStats(
        histogram=hist,
        diameter=diam,
        mean_distance=mean,
        eccentricities=ecc,
        sources=srcs,
        sampled=sampled,
        connected=connected,
        unreachable_pairs=int(unreachable),
        num_routers=n,
    )


def distance_histogram(topology: Any, sources: Any = None, seed: int = 0) -> np.ndarray:
    """``hist[i]`` = ordered router pairs ``(s, t)`` at hop distance ``i``.

    Includes ``s == t`` at ``i = 0``; exact (``sources=None``) on a connected
    graph it sums to ``n**2`` and ``hist[1] == 2|E|``.  With sampled
    ``sources`` (see :func:`distance_stats`) only pairs from those sources are
    counted.  Unreachable pairs are left out (see ``DistanceStats.unreachable_pairs``).
    """
    return distance_stats(topology, sources, seed).histogram


def eccentricities(topology: Any) -> np.ndarray:
    """Exact hop eccentricity of every router (int32, indexed by router id).

    Raises ``ValueError`` on a disconnected graph, where every eccentricity is
    infinite; ``distance_stats(t).eccentricities`` gives within-component values.
    """
    stats = distance_stats(topology)
    if not stats.connected:
        raise ValueError(
            f"graph is disconnected ({stats.unreachable_pairs} unreachable ordered pairs): "
            "eccentricities are infinite; use distance_stats(...).eccentricities for "
            "within-component values"
        )
    return stats.eccentricities


def diameter(topology: Any) -> float:
    """Exact hop diameter (an int), or ``math.inf`` for a disconnected graph."""
    return distance_stats(topology).diameter


def mean_distance(topology: Any) -> float:
    """Exact mean hop distance over ordered distinct router pairs
    (``math.inf`` if disconnected, ``nan`` for a single router)."""
    return distance_stats(topology).mean_distance


def distances_from(topology: Any, sources: Any) -> np.ndarray:
    """Hop distances from each of ``sources`` to every router, (k, n) uint8.

    Row ``i`` belongs to ``sources[i]`` (an array of distinct router ids, or an
    int ``k`` meaning routers ``0..k-1``).  255 marks unreachable routers.
    Raises ``ValueError`` if some distance is >= 255 (not representable).
    """
    indptr, indices = _csr(topology)
    return _distances_from_csr(indptr, indices, sources)


def _distances_from_csr(indptr: np.ndarray, indices: np.ndarray, sources: Any) -> np.ndarray:
    """:func:`distances_from` on a CSR that is already known to be valid."""
    n = indptr.shape[0] - 1
    if isinstance(sources, (int, np.integer)) and not isinstance(sources, bool):
        if not 1 <= int(sources) <= n:
            raise ValueError(f"number of sources must be in [1, {n}], got {sources}")
        srcs = np.arange(int(sources), dtype=np.int32)
    else:
        srcs, _ = _choose_sources(n, sources, 0)
    hist, _, _, dist_t = _run(indptr, indices, srcs, write=True)
    _check_uint8(hist)
    return np.ascontiguousarray(dist_t.T)


def distance_matrix(topology: Any) -> np.ndarray:
    """All-pairs hop distances as an (n, n) uint8 array (255 = unreachable).

    Raises ``ValueError`` if some distance is >= 255 (not representable).
    """
    indptr, indices = _csr(topology)
    n = indptr.shape[0] - 1
    hist, _, _, dist_t = _run(indptr, indices, np.arange(n, dtype=np.int32), write=True)
    _check_uint8(hist)
    return dist_t  # column s holds the distances from s; symmetric, so it is its own transpose
