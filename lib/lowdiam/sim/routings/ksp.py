"""``"ksp"``: k-shortest-paths source routing (the RRG baseline of the Polarized paper, Sec. 2 and 4).

For every router pair the ``paths`` (k, default 8) shortest simple paths,
ties between equal lengths broken by a seeded random neighbour order; each
packet takes a uniformly random path of its pair's pool at the source.  Paths
up to ``D + 1`` links are enumerated (a pair with fewer than k of them keeps
those it has).  Tables: n^2 k (D + 2) int16 entries, so n < 32768.
Options: ``paths``.  Route state: the packet's path id.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lowdiam.validate import check_int

from ..rng import below
from .base import EJECT, NO_ROUTE, VC_OVERFLOW, Routing, arc_to

CODE = 8
KSP_PATHS = 8  # k of k-shortest-paths (Jellyfish, Singla et al. 2012, used k = 8)


@njit(cache=True)
def _ksp_enumerate(n, k, L, perm_ptr, perm, paths, counts):
    """Fill ``paths[s, t, j, :]`` with the k shortest simple paths (<= L links) from every s.

    Depth-limited DFS by increasing length ``l``: a path of exactly ``l`` links
    ending at t is kept while t has fewer than k; neighbour order per router is
    ``perm`` (seeded), so ties are broken at random but reproducibly.
    """
    stack_node = np.empty(L + 1, np.int64)
    stack_pos = np.empty(L + 1, np.int64)
    on_path = np.zeros(n, np.uint8)
    for s in range(n):
        counts[s, s] = 1
        paths[s, s, 0, 0] = s
        need = n - 1
        for l in range(1, L + 1):
            if need == 0:
                break
            depth = 0
            stack_node[0] = s
            stack_pos[0] = perm_ptr[s]
            on_path[s] = 1
            while depth >= 0:
                v = stack_node[depth]
                if depth == l:
                    if counts[s, v] < k:
                        j = counts[s, v]
                        for i in range(l + 1):
                            paths[s, v, j, i] = stack_node[i]
                        counts[s, v] += 1
                        if counts[s, v] == k:
                            need -= 1
                    on_path[v] = 0
                    depth -= 1
                    continue
                if stack_pos[depth] < perm_ptr[v + 1]:
                    w = perm[stack_pos[depth]]
                    stack_pos[depth] += 1
                    if on_path[w] == 0:
                        depth += 1
                        stack_node[depth] = w
                        stack_pos[depth] = perm_ptr[w]
                        on_path[w] = 1
                else:
                    on_path[v] = 0
                    depth -= 1
    return paths, counts


def ksp_tables(topology, D: np.ndarray, k: int = KSP_PATHS, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """k-shortest simple paths for every router pair: ``(paths (n*n*k*(L+1),) int16, counts (n*n,) uint8)``.

    ``paths`` holds router ids with -1 padding, ``L = D + 1`` with ``D`` the diameter.
    """
    n = topology.num_routers
    if n >= 32768:
        raise ValueError(f"ksp routing tables are int16: n = {n} routers is too many (n < 32768)")
    if not 1 <= k <= 64:
        raise ValueError(f"ksp needs 1 <= k <= 64 paths per pair, got k={k}")
    L = int(D.max()) + 1
    rng = np.random.default_rng([seed, 0x45B])
    indptr = topology.indptr.astype(np.int64)
    perm = topology.indices.astype(np.int64).copy()
    for c in range(n):  # seeded neighbour order per router (ties between equal-length paths)
        lo, hi = indptr[c], indptr[c + 1]
        perm[lo:hi] = perm[lo:hi][rng.permutation(hi - lo)]
    paths = np.full((n, n, k, L + 1), -1, dtype=np.int16)
    counts = np.zeros((n, n), dtype=np.uint8)
    _ksp_enumerate(n, k, L, indptr, perm, paths, counts)
    return paths.reshape(-1), counts.reshape(-1)


@njit(cache=True, inline="always")
def setup(p, s_r, d_r, tabs, route_state, rs):
    """A uniformly random path of the (s_r, d_r) pool (decided at the source)."""
    pair = s_r * tabs.n + d_r
    route_state[p] = pair * tabs.ksp_k + below(rs, tabs.ksp_counts[pair])


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def next_hop(p, c, dst_r, vc_next, tabs, net, route_state):
    if c == dst_r:
        return EJECT
    if vc_next >= tabs.hop_classes:
        return VC_OVERFLOW
    v = tabs.ksp_paths[route_state[p] * tabs.ksp_stride + vc_next + 1]
    return arc_to(c, v, net.indptr, net.indices) if v >= 0 else NO_ROUTE


def _check(name, options):
    k = check_int(f"{name} routing_options['paths'] (ksp_paths)", options["paths"], low=1, high=64)
    return {**options, "paths": k}


def _build(ctx, options):
    k = options["paths"]
    paths, counts = ctx.cache(("ksp", k, ctx.seed), lambda: ksp_tables(ctx.topology, ctx.D, k, ctx.seed))
    return {"ksp_paths": paths, "ksp_counts": counts, "ksp_k": k, "ksp_stride": int(ctx.D.max()) + 2}


ROUTING = Routing(
    name="ksp", code=CODE, setup=True,
    description="k-shortest-paths source routing, a random path of the pool per packet",
    build=_build, route_length=lambda ctx, options, fields: int(ctx.D.max()) + 1, defaults={"paths": KSP_PATHS},
    check=_check, oblivious=True,
)
