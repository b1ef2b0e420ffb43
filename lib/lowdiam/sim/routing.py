"""Routing algorithms of the simulator, registered by name.

Every algorithm is table-driven: the engine hands it the all-pairs distance
matrix ``D`` (uint8, from :func:`lowdiam.metrics.distances.distance_matrix`)
and the CSR arrays, and it chooses an output *arc* (CSR position
``indptr[c] <= a < indptr[c+1]``, i.e. the link ``c -> indices[a]``) at the
router ``c`` holding the packet's head.  The decision functions below are
numba ``@njit`` helpers called from inside the engine's cycle loop; the
Python side of this module only validates names, computes the virtual-channel
requirement of each algorithm and builds the tables some of them need.

Registered algorithms (``ROUTINGS``):

``"min"``
    Minimal, hop by hop: a next hop is drawn uniformly among *all* neighbours
    one step closer to the target (``D[nbr, t] == D[c, t] - 1``); oblivious
    (the draw is made once per hop and kept while the packet waits).
``"min-single"``
    One fixed shortest path per router pair, like BookSim's ``anynet`` tables:
    a destination-based next-hop table ``nh[c, t]`` with ties broken by a
    seeded random draw made once before the run.
``"valiant"``
    Valiant load balancing: an intermediate router ``m`` drawn uniformly among
    the routers other than the source and destination routers, then minimal
    (random among minimal next hops) to ``m`` and from ``m`` to the
    destination.  Packets whose source and destination share a router are not
    misrouted.
``"ugal"``
    UGAL-L as PolarStar Sec. 9.3: at the source router the minimal path and
    four Valiant paths through random intermediates are compared by
    ``occupancy(first-hop port) x path length``; ties prefer the minimal path.
    Occupancy is local information only: the flits this router has sent on the
    port whose credits have not returned (all VCs) plus the flits of packets at
    its input heads already routed to that port and waiting for it -- the
    input-queued stand-in for "output buffer occupancy + used credits".
``"polarized"``
    Polarized routing, Algorithm 1 of Camarero, Martinez & Beivide (HOTI 2021):
    at every hop the candidates are the neighbours ``c_p`` satisfying
    C1 (dmu > 0), C2 (dmu = 0, D(c,s) < D(c_p,s), D(c,s) < D(c,t)) or
    C3 (dmu = 0, D(c,t) > D(c_p,t), D(c,s) >= D(c,t)) with
    ``mu(c) = D(c,s) - D(c,t)``; each gets priority ``w[r+ - r] + q`` with
    ``w = (0, 64, 80)`` phits in the paper, i.e. 0, 4 and 5 of its 16-phit
    packets, so ``(0, 4P, 5P)`` flits here (``polarized_weights=`` overrides),
    ``r+`` the best
    dmu among the candidates and ``q`` the port occupancy in flits (as for
    UGAL: un-returned credits plus routed packets waiting for the port); the minimum-priority candidates that can take the
    whole packet (virtual cut-through) are kept and one is drawn at random,
    re-evaluated every cycle until the packet advances.  Route length is
    bounded by ``4D - 3`` (``2D`` when that is larger, e.g. complete graphs),
    which sets the VC requirement.  The greedy rule can strand a packet on
    graphs with *corners* (Sec. 5: paths, meshes, sparse random graphs):
    graphs up to ``POLARIZED_EXACT_CHECK`` routers are searched exhaustively
    for such dead ends before the run (``ValueError``); on larger graphs a
    dead end met during the run raises ``RuntimeError``.

VC classes are hop-indexed (a packet that has crossed ``h`` links sits in VC
``h - 1``), so every algorithm needs as many VCs as its longest route.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from .rng import below

# algorithm codes used inside the kernel
MIN, MIN_SINGLE, VALIANT, UGAL, POLARIZED = 0, 1, 2, 3, 4

EJECT = -1  # route result: deliver to the destination endpoint
UNSET = -2  # packet has no route for its current hop yet
WAIT = -3  # adaptive route found no admissible port this cycle
NO_ROUTE = -4  # routing has no candidate at all (error)

UGAL_SAMPLES = 4
POLARIZED_EXACT_CHECK = 256
POLARIZED_WEIGHTS = (0, 64, 80)


@dataclasses.dataclass(frozen=True)
class RoutingSpec:
    name: str
    code: int
    description: str


ROUTINGS: dict[str, RoutingSpec] = {
    "min": RoutingSpec("min", MIN, "random among all minimal next hops, hop by hop"),
    "min-single": RoutingSpec("min-single", MIN_SINGLE, "one fixed shortest path per router pair"),
    "valiant": RoutingSpec("valiant", VALIANT, "random intermediate router, minimal both phases"),
    "ugal": RoutingSpec("ugal", UGAL, "UGAL-L: minimal vs 4 sampled Valiant paths at the source"),
    "polarized": RoutingSpec("polarized", POLARIZED, "Polarized routing (Algorithm 1, HOTI 2021)"),
}


def routing_spec(name: str) -> RoutingSpec:
    if name not in ROUTINGS:
        raise ValueError(f"unknown routing {name!r}; choose one of {sorted(ROUTINGS)}")
    return ROUTINGS[name]


# --------------------------------------------------------------- Python side
def eccentricities(D: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Eccentricity (max distance to any router) of each router in ``rows``."""
    return D[rows].max(axis=1).astype(np.int64)


def max_route_length(name: str, D: np.ndarray, endpoint_routers: np.ndarray) -> int:
    """Longest route (in links) the algorithm can produce: the VC requirement.

    MIN / MIN-single: the largest distance between endpoint-carrying routers.
    Valiant / UGAL: ``D(s, m) + D(m, t) <= ecc(s) + ecc(t)``, bounded by twice
    the largest eccentricity of an endpoint router.  Polarized: ``4D - 3``
    (the paper's bound) or ``2D`` when larger, with ``D`` the diameter.
    """
    er = np.flatnonzero(endpoint_routers)
    if er.size == 0:
        return 0
    if name in ("min", "min-single"):
        return int(D[np.ix_(er, er)].max())
    if name in ("valiant", "ugal"):
        return int(2 * eccentricities(D, er).max())
    if name == "polarized":
        diam = int(D.max())
        return max(4 * diam - 3, 2 * diam)
    raise ValueError(f"unknown routing {name!r}; choose one of {sorted(ROUTINGS)}")


def polarized_corners(D: np.ndarray, indptr: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """Boolean (n, n) matrix ``corner[c, s]`` of Polarized Sec. 5.

    ``c`` is a corner for source ``s`` when no neighbour of ``c`` is farther
    from ``s`` than ``c`` is, yet ``c`` is not at its maximum distance from
    anyone, i.e. ``D(c, s) < ecc(c)``.  Algorithm 1 may strand packets there.
    """
    n = D.shape[0]
    Di = D.astype(np.int16)
    deg = np.diff(indptr)
    if np.any(deg == 0) and n > 1:
        return np.ones((n, n), dtype=bool)
    if n == 1:
        return np.zeros((1, 1), dtype=bool)
    # farthest neighbour distance to every s, per router c (rows of D reduced over neighbours)
    far = np.maximum.reduceat(Di[indices], indptr[:-1], axis=0)
    ecc = Di.max(axis=1)
    return (far <= Di) & (Di < ecc[:, None])


@njit(cache=True, inline="always")
def _polarized_allowed(dsc, dtc, dsp, dtp):
    """Conditions C1-C3 for a hop c -> c_p (distances to source s and target t)."""
    dmu = (dsp - dsc) - (dtp - dtc)
    if dmu > 0:
        return True
    if dmu == 0:
        if dsc < dsp and dsc < dtc:
            return True
        if dtc > dtp and dsc >= dtc:
            return True
    return False


@njit(cache=True)
def polarized_dead_end(D, indptr, indices):
    """First (s, t, c) where Algorithm 1 can strand a packet, or (-1, -1, -1).

    Exhaustive: for every pair (s, t) a graph search over the routers reachable
    from s by C1-C3 hops; a reachable c != t without any admissible neighbour
    is a dead end.  O(n^2 (n + E)); the driver runs it on small graphs only.
    """
    n = D.shape[0]
    seen = np.zeros(n, np.int64)
    stack = np.empty(n, np.int64)
    stamp = 0
    for s in range(n):
        rows = D[s]
        for t in range(n):
            if s == t:
                continue
            rowt = D[t]
            stamp += 1
            stack[0] = s
            top = 1
            seen[s] = stamp
            while top > 0:
                top -= 1
                c = stack[top]
                if c == t:
                    continue
                found = False
                dsc = np.int32(rows[c])
                dtc = np.int32(rowt[c])
                for a in range(indptr[c], indptr[c + 1]):
                    cp = indices[a]
                    if _polarized_allowed(dsc, dtc, np.int32(rows[cp]), np.int32(rowt[cp])):
                        found = True
                        if seen[cp] != stamp:
                            seen[cp] = stamp
                            stack[top] = cp
                            top += 1
                if not found:
                    return s, t, c
    return -1, -1, -1


def single_path_table(D: np.ndarray, indptr: np.ndarray, indices: np.ndarray, seed: int) -> np.ndarray:
    """Next-hop arc ``nh[c, t]`` of one fixed shortest path per pair (-1 on the diagonal).

    Among the minimal neighbours of ``c`` towards ``t`` one is drawn with a
    seeded random key, so the single paths spread over the graph like the
    tie-breaking of a BFS with random neighbour order.
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


# --------------------------------------------------------------- kernel side
@njit(cache=True, inline="always")
def random_min_arc(c, t, indptr, indices, D, rs):
    """A uniformly random arc out of ``c`` one step closer to ``t`` (reservoir draw).

    Reads row ``t`` of the symmetric ``D`` (neighbours' distances lie in one
    row, a few cache lines) rather than column ``t``.
    """
    row = D[t]
    want = np.int32(row[c]) - 1
    chosen = -1
    k = 0
    for a in range(indptr[c], indptr[c + 1]):
        if row[indices[a]] == want:
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    return chosen


@njit(cache=True, inline="always")
def random_intermediate(n, s, t, rs):
    """Uniform router other than ``s`` and ``t`` (``s != t``; needs ``n >= 3``)."""
    m = below(rs, n - 2)
    lo = min(s, t)
    hi = max(s, t)
    if m >= lo:
        m += 1
    if m >= hi:
        m += 1
    return m


@njit(cache=True)
def polarized_arc(c, s, t, vc_next, indptr, indices, D, used, pend, credits, V, P, cand_a, cand_r, rs, w1, w2):
    """Algorithm 1 at router ``c`` for a packet from router ``s`` to ``t``.

    Returns the chosen arc, ``WAIT`` when the best candidates cannot take the
    whole packet now, or ``NO_ROUTE`` when no neighbour satisfies C1-C3.
    """
    rows = D[s]  # D is symmetric: read rows s and t, not columns
    rowt = D[t]
    dsc = np.int32(rows[c])
    dtc = np.int32(rowt[c])
    nc = 0
    rplus = -9
    for a in range(indptr[c], indptr[c + 1]):
        cp = indices[a]
        dsp = np.int32(rows[cp])
        dtp = np.int32(rowt[cp])
        dmu = (dsp - dsc) - (dtp - dtc)
        if _polarized_allowed(dsc, dtc, dsp, dtp):
            cand_a[nc] = a
            cand_r[nc] = dmu
            nc += 1
            if dmu > rplus:
                rplus = dmu
    if nc == 0:
        return NO_ROUTE
    best = 1 << 30
    for i in range(nc):
        gap = rplus - cand_r[i]
        w = 0 if gap == 0 else (w1 if gap == 1 else w2)
        pr = w + used[cand_a[i]] + pend[cand_a[i]]
        cand_r[i] = pr
        if pr < best:
            best = pr
    chosen = WAIT
    k = 0
    for i in range(nc):
        if cand_r[i] == best:
            a = cand_a[i]
            if credits[a * V + vc_next] >= P:  # discard candidates failing virtual cut-through
                k += 1
                if k == 1 or below(rs, k) == 0:
                    chosen = a
    return chosen
