"""``"min-single"``: one fixed shortest path per router pair (BookSim ``anynet`` tables).

A destination-based next-hop table ``next_arc[c, t]`` with ties broken by a
seeded random draw made once before the run (the run seed).  Route state: unused.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .base import Routing
from .min import minimal_route_length

CODE = 1


def single_path_table(D: np.ndarray, indptr: np.ndarray, indices: np.ndarray, seed: int) -> np.ndarray:
    """Next-hop arc ``nh[c, t]`` of one fixed shortest path per pair (-1 on the diagonal).

    Among the minimal neighbours of ``c`` towards ``t`` one is drawn with a
    seeded random key, so the single paths spread over the graph like the
    tie-breaking of a BFS with random neighbour order.

    Examples
    --------
    >>> import numpy as np
    >>> D = np.array([[0, 1, 1], [1, 0, 1], [1, 1, 0]], np.uint8)
    >>> single_path_table(D, np.array([0, 2, 4, 6]), np.array([1, 2, 0, 2, 0, 1]), seed=0)[0]
    array([-1,  0,  1], dtype=int32)
    """
    n = D.shape[0]
    rng = np.random.default_rng(seed)
    nh = np.full((n, n), -1, dtype=np.int32)
    Di = D.astype(np.int16)
    for c in range(n):  # n vectorised passes over (deg x n) blocks: fast for n ~ 10^4
        lo, hi = indptr[c], indptr[c + 1]
        if hi == lo:
            continue
        ok = Di[indices[lo:hi]] == (Di[c] - 1)[None, :]
        key = np.where(ok, rng.random(ok.shape), -1.0)
        best = key.argmax(axis=0)
        has = ok.any(axis=0)
        nh[c, has] = lo + best[has]
    return nh


@njit(cache=True, inline="always")
def hop(c, t, tabs, net, rs):
    return tabs.next_arc[c, t]


def _build(ctx, options):
    top = ctx.topology
    table = ctx.cache(("single", ctx.seed), lambda: single_path_table(ctx.D, top.indptr, top.indices, ctx.seed))
    return {"next_arc": table}


ROUTING = Routing(
    name="min-single", code=CODE, description="one fixed shortest path per router pair",
    build=_build, route_length=minimal_route_length, minimal=True, oblivious=True, channel_load="single",
)
