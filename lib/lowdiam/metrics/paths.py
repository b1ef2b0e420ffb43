"""Girth and shortest-path multiplicity of router graphs.

* ``girth`` -- length of the shortest cycle (SpectralFly Table I), ``inf`` for a
  forest.  One breadth-first search per source: a non-tree link ``(u, w)``
  met while scanning ``u`` closes a closed walk of length
  ``d(u) + d(w) + 1`` through the source, which contains a cycle at most that
  long; for a source on a shortest cycle the minimum equals the girth.  Each
  search stops once ``2 d + 1`` cannot beat the best cycle so far, so the
  cost is about ``n k^(g/2)``.
* shortest-path multiplicity -- ``sigma(s, t)``, the number of distinct
  shortest s-t paths, counted by BFS (``sigma(t) = sum of sigma(u)`` over
  predecessors ``u`` one level closer).  Galaxyfly Table 4 reports
  ``SP`` = (ordered pairs s != t with sigma > 1) / (N_r (N_r - 1)), split into
  pairs inside one cluster and pairs across clusters.

Counts are kept in float64, exact up to 2**53 (far above any count here).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numba
import numpy as np
from numba import njit, prange

from ._bisection import as_graph

__all__ = ["PathMultiplicity", "girth", "path_multiplicity", "shortest_path_counts"]


# ---------------------------------------------------------------------- girth
@njit(cache=True)
def _girth_from(indptr, indices, s, best, dist, parent, queue):
    """Shortest closed walk through s found by BFS, or ``best`` if none is shorter."""
    dist[s] = 0
    parent[s] = -1
    queue[0] = s
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        du = dist[u]
        if 2 * du + 1 >= best:  # no cycle through a vertex this deep can improve
            break
        for j in range(indptr[u], indptr[u + 1]):
            w = indices[j]
            if dist[w] < 0:
                dist[w] = du + 1
                parent[w] = u
                queue[tail] = w
                tail += 1
            elif w != parent[u]:
                c = du + dist[w] + 1
                best = min(best, c)
    for i in range(tail):  # reset only what this search touched
        dist[queue[i]] = -1
    return best


@njit(cache=True, parallel=True)
def _girth(indptr, indices, chunks):
    n = indptr.shape[0] - 1
    nchunk = chunks.shape[0] - 1
    bests = np.full(nchunk, np.iinfo(np.int64).max, dtype=np.int64)
    for c in prange(nchunk):
        dist = np.full(n, -1, dtype=np.int64)
        parent = np.full(n, -1, dtype=np.int64)
        queue = np.empty(n, dtype=np.int64)
        best = np.iinfo(np.int64).max
        for s in range(chunks[c], chunks[c + 1]):
            best = _girth_from(indptr, indices, s, best, dist, parent, queue)
            if best == 3:
                break
        bests[c] = best
    return bests.min()


def _chunks(n: int) -> np.ndarray:
    parts = max(1, min(n, 8 * numba.get_num_threads()))
    return np.linspace(0, n, parts + 1).astype(np.int64)


def girth(topology: Any) -> float:
    """Length of the shortest cycle (an int-valued float), ``math.inf`` if acyclic.

    Accepts a Topology, ``(num_routers, edges)`` or an ``(indptr, indices)`` pair.
    """
    n, indptr, indices, _ = as_graph(topology)
    if indices.size == 0:
        return math.inf
    g = int(_girth(indptr, indices, _chunks(n)))
    return math.inf if g == np.iinfo(np.int64).max else float(g)


# ---------------------------------------------------------- path multiplicity
@njit(cache=True)
def _count_from(indptr, indices, s, dist, sigma, queue):
    """BFS from s filling dist (-1 = unreached) and sigma; returns the number reached."""
    dist[s] = 0
    sigma[s] = 1.0
    queue[0] = s
    head, tail = 0, 1
    while head < tail:
        u = queue[head]
        head += 1
        for j in range(indptr[u], indptr[u + 1]):
            w = indices[j]
            if dist[w] < 0:
                dist[w] = dist[u] + 1
                queue[tail] = w
                tail += 1
            if dist[w] == dist[u] + 1:
                sigma[w] += sigma[u]
    return tail


@njit(cache=True, parallel=True)
def _multiplicity(indptr, indices, group, chunks, maxd):
    """Per chunk of sources: [pairs, multi, same-group pairs, same-group multi,
    sum sigma, max sigma] plus per-distance pair / multi counts."""
    n = indptr.shape[0] - 1
    nchunk = chunks.shape[0] - 1
    acc = np.zeros((nchunk, 6))
    by_d = np.zeros((nchunk, maxd + 1, 2))
    for c in prange(nchunk):
        dist = np.full(n, -1, dtype=np.int64)
        sigma = np.zeros(n)
        queue = np.empty(n, dtype=np.int64)
        for s in range(chunks[c], chunks[c + 1]):
            reached = _count_from(indptr, indices, s, dist, sigma, queue)
            for i in range(1, reached):
                t = queue[i]
                m = sigma[t] > 1.0
                acc[c, 0] += 1
                acc[c, 1] += m
                if group[s] == group[t]:
                    acc[c, 2] += 1
                    acc[c, 3] += m
                acc[c, 4] += sigma[t]
                acc[c, 5] = max(acc[c, 5], sigma[t])
                d = min(dist[t], maxd)
                by_d[c, d, 0] += 1
                by_d[c, d, 1] += m
            for i in range(reached):
                dist[queue[i]] = -1
                sigma[queue[i]] = 0.0
    return acc, by_d


@dataclasses.dataclass(frozen=True)
class PathMultiplicity:
    """Shortest-path multiplicity statistics over ordered router pairs s != t.

    ``sp_ratio`` = pairs with more than one shortest path / (n (n - 1))
    (Galaxyfly Table 4 "SP"); ``intra_ratio`` / ``inter_ratio`` split that
    numerator by whether s and t share a group (same denominator, so they sum
    to ``sp_ratio``).  ``multi_by_distance[d]`` / ``pairs_by_distance[d]``
    break pairs down by hop distance (index 0 unused).  Unreachable pairs are
    counted in ``unreachable_pairs`` and nowhere else.
    """

    num_routers: int
    pairs: int
    multi_pairs: int
    sp_ratio: float
    intra_ratio: float
    inter_ratio: float
    intra_pairs: int
    mean_paths: float
    max_paths: float
    pairs_by_distance: np.ndarray
    multi_by_distance: np.ndarray
    unreachable_pairs: int
    group_label: str | None


def path_multiplicity(topology: Any, groups: Any = None) -> PathMultiplicity:
    """Shortest-path multiplicity statistics (Galaxyfly Table 4).

    ``groups``: per-router group ids, or the name of a label of the topology
    (e.g. ``"cluster"`` for Galaxyfly, ``"group"`` for Dragonfly); ``None``
    puts every router in one group (intra = all pairs).
    """
    n, indptr, indices, _ = as_graph(topology)
    label = None
    if isinstance(groups, str):
        labels = getattr(topology, "labels", None) or {}
        if groups not in labels:
            raise ValueError(f"topology has no label {groups!r}; available: {sorted(labels)}")
        label, groups = groups, labels[groups]
    if groups is None:
        grp = np.zeros(n, dtype=np.int64)
    else:
        grp = np.asarray(groups).reshape(-1)
        if grp.shape[0] != n or not np.issubdtype(grp.dtype, np.integer):
            raise ValueError(f"groups must be {n} integer ids (one per router), got shape {grp.shape}")
        grp = grp.astype(np.int64)
    maxd = 64
    acc, by_d = _multiplicity(indptr, indices, grp, _chunks(n), maxd)
    tot = acc.sum(axis=0)
    by = by_d.sum(axis=0)
    last = int(np.flatnonzero(by[:, 0])[-1]) if by[:, 0].any() else 0
    denom = n * (n - 1)
    pairs, multi, same_multi = int(tot[0]), int(tot[1]), int(tot[3])
    return PathMultiplicity(
        num_routers=n,
        pairs=pairs,
        multi_pairs=multi,
        sp_ratio=multi / denom if denom else math.nan,
        intra_ratio=same_multi / denom if denom else math.nan,
        inter_ratio=(multi - same_multi) / denom if denom else math.nan,
        intra_pairs=int(tot[2]),
        mean_paths=float(tot[4] / pairs) if pairs else math.nan,
        max_paths=float(acc[:, 5].max()) if pairs else math.nan,
        pairs_by_distance=by[: last + 1, 0].astype(np.int64),
        multi_by_distance=by[: last + 1, 1].astype(np.int64),
        unreachable_pairs=denom - pairs,
        group_label=label,
    )


@njit(cache=True, parallel=True)
def _counts(indptr, indices, sources, out_d, out_s):
    n = indptr.shape[0] - 1
    for i in prange(sources.shape[0]):
        dist = np.full(n, -1, dtype=np.int64)
        sigma = np.zeros(n)
        queue = np.empty(n, dtype=np.int64)
        _count_from(indptr, indices, sources[i], dist, sigma, queue)
        out_d[i] = dist
        out_s[i] = sigma


def shortest_path_counts(topology: Any, sources: Any = None) -> tuple[np.ndarray, np.ndarray]:
    """``(dist, sigma)``: hop distance (-1 unreachable) and number of shortest paths
    from each source (rows) to every router (columns).  ``sources=None`` = all routers."""
    n, indptr, indices, _ = as_graph(topology)
    if sources is None:
        src = np.arange(n, dtype=np.int64)
    else:
        src = np.asarray(sources).reshape(-1)
        if src.size == 0 or not np.issubdtype(src.dtype, np.integer) or src.min() < 0 or src.max() >= n:
            raise ValueError(f"sources must be router ids in [0, {n}), got {sources!r}")
        src = src.astype(np.int64)
    out_d = np.empty((src.shape[0], n), dtype=np.int64)
    out_s = np.empty((src.shape[0], n))
    _counts(indptr, indices, src, out_d, out_s)
    return out_d, out_s
