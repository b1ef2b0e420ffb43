"""Jellyfish: a random regular router graph (RRG).

Reference: A. Singla, C.-Y. Hong, L. Popa and P. B. Godfrey, "Jellyfish:
networking data centers randomly", NSDI 2012; used as the RRG baseline of
Polarized routing (Camarero et al., HOTI 2021, Sec. 2.1 and Table 4) and of
PolarStar Fig. 12.
"""

from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from lowdiam.validate import check_int

from .base import Topology, check_size, default_concentration

__all__ = ["jellyfish"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("jellyfish",)

_MAX_ATTEMPTS = 100  # fresh pairings tried before giving up on a connected graph
_MAX_REPAIR_ROUNDS = 1000  # swap-repair rounds per attempt


def _validate(n: int, degree: int) -> tuple[int, int]:
    n, degree = check_int("n", n), check_int("degree", degree)  # integers (no 2.5, no True); ranges below
    if n < 2:
        raise ValueError(f"jellyfish needs n >= 2 routers, got n={n}")
    if degree < 1:
        raise ValueError(f"jellyfish needs degree >= 1, got degree={degree}")
    if degree >= n:
        raise ValueError(
            f"a simple {degree}-regular graph needs degree < n, got n={n}; "
            f"use degree <= {n - 1} or n >= {degree + 1}"
        )
    if (n * degree) % 2:
        raise ValueError(
            f"n * degree must be even (handshake lemma), got {n} * {degree}; "
            f"nearby valid choices: n={n - 1} or n={n + 1} with degree={degree}, "
            f"or degree={degree - 1} or degree={degree + 1} with n={n}"
        )
    if degree < 3 and degree != n - 1:
        raise ValueError(
            f"a random {degree}-regular graph on n={n} routers is almost never connected "
            f"(degree 1: a matching; degree 2: disjoint cycles); use degree >= 3 "
            f"(or degree = n - 1 = {n - 1}, the complete graph)"
        )
    check_size(n, n * degree // 2, what=f"jellyfish({n}, {degree})")
    if 2 * degree > n - 1 and n > 20_000:
        raise ValueError(
            f"jellyfish({n}, {degree}) is dense (degree > (n-1)/2): it is built from an n x n matrix, "
            "which is limited to n <= 20000"
        )
    return n, degree


def _random_pairing(n: int, degree: int, rng: np.random.Generator) -> np.ndarray | None:
    """Pairing (configuration) model with vectorized double-edge-swap repair.

    Shuffle the n*degree link ends into pairs.  While some pairs are self-loops
    or repeated links, pair every bad link {u, v} with a distinct random good
    link {x, y} and propose the swap to {u, x}, {v, y} (orientation random);
    a proposal is accepted when both new links are non-loops, absent from the
    graph and not proposed twice in the round.  Degrees never change.
    Returns the (E, 2) edges, or None if an attempt does not settle.
    """
    pairs = rng.permutation(np.repeat(np.arange(n, dtype=np.int64), degree)).reshape(-1, 2)
    for _ in range(_MAX_REPAIR_ROUNDS):
        lo, hi = pairs.min(axis=1), pairs.max(axis=1)
        key = lo * n + hi
        order = np.argsort(key, kind="stable")
        repeated = np.zeros(len(key), dtype=bool)
        repeated[order[1:]] = key[order[1:]] == key[order[:-1]]  # all but the first copy
        bad = repeated | (lo == hi)
        if not bad.any():
            return pairs
        bad_idx = np.flatnonzero(bad)
        good_idx = np.flatnonzero(~bad)
        if len(good_idx) == 0:
            return None
        bad_idx = bad_idx[: len(good_idx)]
        partner = rng.choice(good_idx, size=len(bad_idx), replace=False)
        u, v = pairs[bad_idx, 0], pairs[bad_idx, 1]
        flip = rng.random(len(bad_idx)) < 0.5
        x = np.where(flip, pairs[partner, 1], pairs[partner, 0])
        y = np.where(flip, pairs[partner, 0], pairs[partner, 1])
        k1 = np.minimum(u, x) * n + np.maximum(u, x)
        k2 = np.minimum(v, y) * n + np.maximum(v, y)
        existing = np.sort(key)
        ok = (u != x) & (v != y) & (k1 != k2)
        ok &= ~np.isin(k1, existing, assume_unique=False) & ~np.isin(k2, existing)
        proposed = np.concatenate([k1[ok], k2[ok]])
        vals, counts = np.unique(proposed, return_counts=True)
        clash = vals[counts > 1]
        ok &= ~np.isin(k1, clash) & ~np.isin(k2, clash)
        pairs[bad_idx[ok]] = np.stack([u[ok], x[ok]], axis=1)
        pairs[partner[ok]] = np.stack([v[ok], y[ok]], axis=1)
    return None


def _random_regular_edges(n: int, degree: int, rng: np.random.Generator) -> np.ndarray | None:
    """Edges of a random simple degree-regular graph; dense cases via the complement."""
    if 2 * degree > n - 1:
        # a random (n-1-degree)-regular graph's complement is a random degree-regular graph,
        # and the sparse side is where the pairing model settles quickly
        sparse = np.zeros((0, 2), dtype=np.int64)
        if n - 1 - degree > 0:
            sparse = _random_pairing(n, n - 1 - degree, rng)
            if sparse is None:
                return None
        adj = ~np.eye(n, dtype=bool)
        adj[sparse[:, 0], sparse[:, 1]] = False
        adj[sparse[:, 1], sparse[:, 0]] = False
        u, v = np.nonzero(np.triu(adj, 1))
        return np.stack([u, v], axis=1)
    return _random_pairing(n, degree, rng)


def _connected(n: int, edges: np.ndarray) -> bool:
    a = csr_matrix((np.ones(len(edges), dtype=np.int8), (edges[:, 0], edges[:, 1])), shape=(n, n))
    return connected_components(a, directed=False)[0] == 1


def jellyfish(n: int, degree: int, seed: int | None, endpoints_per_router: int | None = None) -> Topology:
    """Jellyfish: a connected random ``degree``-regular graph on ``n`` routers.

    Sampled by the pairing (configuration) model: the n * degree link ends
    are shuffled into pairs, and self-loops / repeated links are repaired by
    random double-edge swaps with good links (so the graph is close to,
    though not exactly, uniform over simple regular graphs; Jellyfish's own
    incremental construction is not uniform either).  Graphs with
    degree > (n-1)/2 are built as complements of sparse ones.  A disconnected
    sample is discarded and the same seeded generator draws again (at most
    100 times; ``params["attempts"]`` records how many were used), so the
    result is a deterministic function of ``(n, degree, seed)``.  ``seed=None``
    draws fresh entropy and records it in ``params["seed"]`` and the name, so
    even an unseeded graph can be rebuilt (sweep recipes still require an
    explicit seed).

    Requires n * degree even, degree < n, and degree >= 3 unless degree = n - 1.
    Order n, n * degree / 2 links.  Default concentration: a third of the
    degree (the diameter-3 convention used when PolarStar compares against
    Jellyfish); Polarized routing's RRG uses ceil(degree / mean distance).

    >>> t = jellyfish(720, 17, seed=1, endpoints_per_router=7)  # Polarized Table 4
    >>> t.num_routers, t.num_edges, t.num_endpoints
    (720, 6120, 5040)
    """
    n, degree = _validate(n, degree)
    if seed is None:
        # a fresh draw, recorded: the result is still a deterministic function of its params
        seed = int(np.random.SeedSequence().entropy)
    seed = check_int("seed", seed, low=0)
    if endpoints_per_router is not None:
        endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    rng = np.random.default_rng(seed)
    for attempt in range(1, _MAX_ATTEMPTS + 1):  # noqa: B007 - read after the loop
        edges = _random_regular_edges(int(n), int(degree), rng)
        if edges is not None and _connected(int(n), edges):
            break
    else:
        raise RuntimeError(f"no connected {degree}-regular graph on {n} routers in {_MAX_ATTEMPTS} draws")
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(int(degree), 3)
    return Topology.from_edges(
        f"Jellyfish({n},{degree},seed={seed})",
        "jellyfish",
        int(n),
        edges,
        endpoints_per_router=endpoints_per_router,
        params={"n": int(n), "degree": int(degree), "seed": seed, "attempts": attempt,
                "endpoints_per_router": int(endpoints_per_router)},
    )
