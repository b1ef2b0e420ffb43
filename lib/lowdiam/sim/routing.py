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

``"polarstar-min"``
    PolarStar's analytic minimal routing (PolarStar Sec. 9.2) on any
    ``polarstar()`` topology (IQ, Paley, BDF, complete supernodes).  Only
    factor-graph tables are read: structure-graph adjacency ((q^2+q+1)^2
    bytes), supernode adjacency and f -- never the N x N distance table.
    Adjacency of two routers is decided analytically (same supernode and
    x'y' in E'; or xy in E(ER_q) with the star-product bijection; or the
    quadric self-loop link).  At router (x, x') towards (y, y'): the link
    itself when adjacent; else a random neighbour adjacent to the target (the
    2-hop cases (a)-(d) of Property R, Fig. 3); else -- supernodes not
    adjacent, or the same supernode without a 2-hop path -- a hop into a
    supernode a1 with a1 - y in ER_q (the middle of a 2-walk x-a1-y, the
    paper's hop to (a1, f(x'))) that lands within 2 hops of the target, after
    which the 2-hop rule applies (Theorem 4).  Every route is a shortest path
    (tested exhaustively on small PolarStars); the path set is a subset of
    ``"min"``'s (3-hop routes always leave the source supernode first).
``"df-min"``
    Dragonfly hierarchical minimal routing (BookSim's ``min`` for dragonfly):
    at most one global link per route -- local hops to a router of the source
    group with a global link to the destination group, that link, local hops
    to the destination.  Next hops are drawn among the neighbours one step
    closer in the *hierarchical* distance (shortest route with <= 1 global
    link), taking a global link only into the destination group.  Needs
    ``labels["group"]`` and ``link_class`` and a global link between every
    pair of groups (Dragonfly, Megafly; not Slim Fly or Galaxyfly, whose
    groups are not all directly joined).
``"df-ugal"``
    UGAL-L on the hierarchical routes: at the source router the df-min route
    and four Valiant routes through random intermediate routers of other
    groups (df-min to the intermediate, then df-min to the destination) are
    compared by ``occupancy(first hop) x hierarchical route length``.
    Hop-indexed VCs need 2 x the largest hierarchical distance (6 on a
    canonical Dragonfly) where BookSim's dragonfly scheme uses 3.

``"source-min"``
    Source minimal routing of the Polarized paper (Sec. 4): every packet
    follows one shortest path drawn uniformly among *all* shortest paths of
    its router pair.  Drawn hop by hop with weights ``N(w, t) / N(c, t)``,
    ``N`` the number of shortest paths (:func:`shortest_path_counts_table`),
    which gives exactly the uniform distribution over whole paths, without
    storing them.  (``"min"``'s uniform next hop favours paths through
    low-degree branchings.)
``"ksp"``
    k-shortest-paths source routing (the RRG baseline of the Polarized
    paper, Sec. 2 and 4): for every router pair the ``k`` (default 8) shortest
    simple paths, ties between equal lengths broken by a seeded random
    neighbour order; each packet takes a uniformly random path of its pair's
    pool at the source.  Paths up to ``D + 1`` links are enumerated (a pair
    with fewer than ``k`` of them keeps those it has).  Tables:
    n^2 k (D + 2) int16 entries, so n < 32768.
``"nag"``
    Galaxyfly's non-minimal adaptive global routing (Lei et al., Sec. 4.2):
    at the source router the minimal next hop (as ``"min"``) is abandoned
    for a Valiant route through a random router of another supernode
    (``labels["group"]``; at most ``NAG_MAX_HOPS`` = 7 links in all) when
    ``Q_min > Th_min`` and ``Q_nonmin < Th_nonmin`` with ``Th_min`` = 0.8 x
    the VC buffer size (``buffer_flits``) and ``Th_nonmin`` = 0.5 x ``Q_min``;
    ``Q`` is the first-hop port occupancy, as for UGAL.

VC classes are hop-indexed (a packet that has crossed ``h`` links sits in a VC
of class ``h - 1``), so every algorithm needs as many VCs as its longest route.
VCs beyond that are shared out among the classes (VC ``v`` is in class
``v mod L``, ``L`` the longest route) and a packet takes the emptiest VC of its
class -- without this, extra VCs would sit idle and packets of one hop class
would queue behind each other in a single FIFO per port.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from .rng import below

# algorithm codes used inside the kernel
MIN, MIN_SINGLE, VALIANT, UGAL, POLARIZED, PS_MIN, DF_MIN, DF_UGAL, KSP, NAG, SOURCE_MIN = range(11)

EJECT = -1  # route result: deliver to the destination endpoint
UNSET = -2  # packet has no route for its current hop yet
WAIT = -3  # adaptive route found no admissible port this cycle
NO_ROUTE = -4  # routing has no candidate at all (error)
VC_OVERFLOW = -5  # the route is longer than the VC count (error)

UGAL_SAMPLES = 4
POLARIZED_EXACT_CHECK = 256
POLARIZED_WEIGHTS = (0, 64, 80)
KSP_PATHS = 8  # k of k-shortest-paths (Jellyfish, Singla et al. 2012, used k = 8)
NAG_MAX_HOPS = 7  # Galaxyfly Sec. 4.2: NAG routes are at most seven hops
NAG_TH_MIN = 0.8  # Th_min = 0.8 x buffer size
NAG_TH_NONMIN = 0.5  # Th_nonmin = 0.5 x Q_min


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
    "polarstar-min": RoutingSpec("polarstar-min", PS_MIN, "PolarStar analytic minimal routing (Sec. 9.2)"),
    "df-min": RoutingSpec("df-min", DF_MIN, "Dragonfly hierarchical minimal routing (<= 1 global link)"),
    "df-ugal": RoutingSpec("df-ugal", DF_UGAL, "UGAL-L over Dragonfly hierarchical routes"),
    "source-min": RoutingSpec("source-min", SOURCE_MIN, "a uniformly random shortest path per packet"),
    "ksp": RoutingSpec("ksp", KSP, "k-shortest-paths source routing, a random path of the pool per packet"),
    "nag": RoutingSpec("nag", NAG, "Galaxyfly NAG: threshold-adaptive misrouting via another supernode"),
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

    For ``"df-*"`` pass the hierarchical distances (:func:`dragonfly_tables`) as ``D``.

    MIN / MIN-single: the largest distance between endpoint-carrying routers.
    Valiant / UGAL: ``D(s, m) + D(m, t) <= ecc(s) + ecc(t)``, bounded by twice
    the largest eccentricity of an endpoint router.  Polarized: ``4D - 3``
    (the paper's bound) or ``2D`` when larger, with ``D`` the diameter.
    """
    er = np.flatnonzero(endpoint_routers)
    if er.size == 0:
        return 0
    if name in ("min", "min-single", "polarstar-min", "df-min", "source-min"):
        return int(D[np.ix_(er, er)].max())
    if name in ("valiant", "ugal", "df-ugal"):
        return int(2 * eccentricities(D, er).max())
    if name == "ksp":
        return int(D.max()) + 1  # pools hold paths of up to diameter + 1 links
    if name == "nag":
        return max(int(D[np.ix_(er, er)].max()), min(NAG_MAX_HOPS, int(2 * eccentricities(D, er).max())))
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


def shortest_path_counts_table(D: np.ndarray, indptr: np.ndarray, indices: np.ndarray) -> np.ndarray:
    """``N[c, t]``: number of shortest paths from router c to t (int32; N[t, t] = 1).

    Level by level: N[v, t] = sum of N[w, t] over neighbours w with D[w, t] = D[v, t] - 1,
    one sparse x dense product per distance level.
    """
    from scipy.sparse import csr_matrix

    n = D.shape[0]
    A = csr_matrix((np.ones(indices.size), indices, indptr), shape=(n, n))
    N = np.eye(n)
    for level in range(1, int(D[D < 255].max(initial=0)) + 1):
        prev = np.where(D == level - 1, N, 0.0)
        N = np.where(D == level, A @ prev, N)
    if N.max() >= 2**31:
        raise ValueError("source-min: more than 2^31 shortest paths between a router pair (use 'min')")
    return N.astype(np.int32)


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


@dataclasses.dataclass(frozen=True)
class RouteTables:
    """Extra tables of the structured routings, in the kernel's argument layout.

    ``T1``: hierarchical distances (df-*) or structure-graph adjacency (polarstar-min);
    ``T2``: supernode adjacency; ``lab``: (2, n) router labels (group, or structure
    vertex and supernode vertex); ``arc_cls``: per-arc link class; ``fvec``: f;
    ``quad``: quadric structure vertices.  Unused ones are 1-element placeholders.
    """

    T1: np.ndarray
    T2: np.ndarray
    lab: np.ndarray
    arc_cls: np.ndarray
    fvec: np.ndarray
    quad: np.ndarray

    @classmethod
    def empty(cls) -> "RouteTables":
        return cls(np.zeros((1, 1), np.uint8), np.zeros((1, 1), np.uint8), np.zeros((2, 1), np.int32),
                   np.zeros(1, np.int8), np.zeros(1, np.int32), np.zeros(1, np.uint8))


@njit(cache=True)
def _ksp_enumerate(indptr, indices, n, k, L, perm_ptr, perm, paths, counts):
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
    _ksp_enumerate(indptr, topology.indices.astype(np.int64), n, k, L, indptr, perm, paths, counts)
    return paths.reshape(-1), counts.reshape(-1)


def nag_groups(topology) -> np.ndarray:
    """Supernode (group) of every router, for ``"nag"``; ``ValueError`` without group labels."""
    for key in ("group", "supernode"):
        if key in topology.labels:
            grp = np.asarray(topology.labels[key], dtype=np.int32)
            if np.unique(grp).size < 3:
                raise ValueError(f"nag routing needs at least 3 supernodes, {topology.name} has {np.unique(grp).size}")
            return grp
    raise ValueError(
        f"nag routing misroutes via another supernode: {topology.name} has no 'group' / 'supernode' labels "
        "(use it on galaxyfly, dragonfly, slimfly or polarstar topologies, or 'ugal' elsewhere)"
    )


def arc_classes(topology) -> np.ndarray:
    """``link_class`` of every CSR arc (0 local, 1 global)."""
    n = topology.num_routers
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(topology.indptr))
    dst = topology.indices.astype(np.int64)
    key = np.minimum(src, dst) * n + np.maximum(src, dst)
    ekey = topology.edges[:, 0].astype(np.int64) * n + topology.edges[:, 1]
    return np.asarray(topology.link_class)[np.searchsorted(ekey, key)].astype(np.int8)


def hierarchical_distances(topology) -> np.ndarray:
    """Shortest route lengths using at most one global link (uint8, 255 = no such route).

    ``Dh[x, y] = min(DL[x, y], min over global arcs (u, v) of DL[x, u] + 1 + DL[v, y])``
    with ``DL`` the distances over local links only (inside a group).
    """
    from lowdiam.metrics.distances import distance_matrix
    from lowdiam.topologies.base import Topology

    n = topology.num_routers
    cls = np.asarray(topology.link_class)
    local = topology.edges[cls == 0]
    glob = topology.edges[cls == 1]
    DL = distance_matrix(Topology.from_edges("local links", "aux", n, local, endpoints_per_router=0)).astype(np.int32)
    DL[DL == 255] = 1 << 20
    grp = np.asarray(topology.labels["group"])
    members = {int(g): np.flatnonzero(grp == g) for g in np.unique(grp)}
    Dh = DL.copy()
    for u, v in np.concatenate([glob, glob[:, ::-1]]):
        gu, gv = members[int(grp[u])], members[int(grp[v])]
        cand = DL[gu, u][:, None] + 1 + DL[v, gv][None, :]
        block = Dh[np.ix_(gu, gv)]
        Dh[np.ix_(gu, gv)] = np.minimum(block, cand)
    return np.where(Dh >= 255, 255, Dh).astype(np.uint8)


def dragonfly_tables(topology) -> RouteTables:
    """Tables of ``"df-min"`` / ``"df-ugal"``; ``ValueError`` where they do not apply."""
    if "group" not in topology.labels or topology.link_class is None:
        raise ValueError(
            f"df-* routing needs group labels and local/global link classes; {topology.name} has none "
            "(use it on dragonfly / megafly topologies, or 'min' / 'ugal' elsewhere)"
        )
    Dh = hierarchical_distances(topology)
    carriers = np.flatnonzero(topology.endpoints > 0)
    if Dh[np.ix_(carriers, carriers)].max() == 255:
        raise ValueError(
            f"df-* routing needs a global link between every pair of groups; {topology.name} has groups "
            "joined only through other groups (use 'min' or 'ugal')"
        )
    grp = np.asarray(topology.labels["group"], dtype=np.int32)
    if np.unique(grp).size < 3:
        raise ValueError(f"df-* routing needs at least 3 groups, {topology.name} has {np.unique(grp).size}")
    lab = np.vstack([grp, np.zeros_like(grp)]).astype(np.int32)
    e = RouteTables.empty()
    return RouteTables(Dh, e.T2, lab, arc_classes(topology), e.fvec, e.quad)


def polarstar_tables(topology) -> RouteTables:
    """Factor-graph tables of ``"polarstar-min"``; ``ValueError`` where it does not apply."""
    if topology.family != "polarstar":
        raise ValueError(
            f"polarstar-min routing applies to PolarStar topologies only, not {topology.name} "
            "(use 'min' or 'min-single')"
        )
    from lowdiam.topologies.polarfly import erdos_renyi_polarity
    from lowdiam.topologies.polarstar import supernode_for

    pr = topology.params
    sn = supernode_for(pr["supernode"], pr["d_prime"])
    f = np.asarray(sn.f, dtype=np.int32)
    er = erdos_renyi_polarity(pr["q"], endpoints_per_router=0)
    m = er.num_routers
    As = np.zeros((m, m), np.uint8)
    As[er.edges[:, 0], er.edges[:, 1]] = 1
    As[er.edges[:, 1], er.edges[:, 0]] = 1
    lab = np.vstack([topology.labels["structure_vertex"], topology.labels["supernode_vertex"]]).astype(np.int32)
    e = RouteTables.empty()
    return RouteTables(As, sn.adjacency().astype(np.uint8), lab, e.arc_cls, f,
                       np.asarray(er.labels["quadric"], dtype=np.uint8))


# --------------------------------------------------------------- kernel side
@njit(cache=True, inline="always")
def hier_min_arc(c, t, indptr, indices, Dh, grp, arc_cls, rs):
    """Random arc out of ``c`` one step closer to ``t`` in hierarchical distance.

    A global arc qualifies only when it enters ``t``'s group, so a route never
    takes a second global link.  ``NO_ROUTE`` when nothing qualifies.
    """
    row = Dh[t]
    want = np.int32(row[c]) - 1
    gt = grp[t]
    chosen = NO_ROUTE
    k = 0
    for a in range(indptr[c], indptr[c + 1]):
        v = indices[a]
        if row[v] == want and (arc_cls[a] == 0 or grp[v] == gt):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    return chosen


@njit(cache=True, inline="always")
def arc_to(c, v, indptr, indices):
    """CSR position of the link c -> v, or ``NO_ROUTE``."""
    for a in range(indptr[c], indptr[c + 1]):
        if indices[a] == v:
            return a
    return NO_ROUTE


@njit(cache=True, inline="always")
def random_other_group_router(n, grp, gs, gt, rs):
    """Uniform router outside groups ``gs`` and ``gt`` (rejection sampling; >= 3 groups)."""
    while True:
        m = below(rs, n)
        if grp[m] != gs and grp[m] != gt:
            return m


@njit(cache=True, inline="always")
def ps_adjacent(u, t, As, A2, f, quad, sv, sn):
    """Are routers ``u`` and ``t`` of a PolarStar linked?  From factor-graph tables only.

    Star-product convention (:mod:`lowdiam.topologies.starproduct`): the arc
    (a, b), a < b, joins (a, x') to (b, f(x')); a quadric loop joins (a, x') to (a, f(x')).
    """
    a = sv[u]
    b = sv[t]
    x = sn[u]
    y = sn[t]
    if a == b:
        if x == y:
            return False
        return A2[x, y] != 0 or (quad[a] != 0 and (f[x] == y or f[y] == x))
    if As[a, b] == 0:
        return False
    if a < b:
        return f[x] == y
    return f[y] == x


@njit(cache=True, inline="always")
def ps_within_two(v, t, indptr, indices, As, A2, f, quad, sv, sn):
    """Is router ``v`` at distance <= 2 from ``t`` (tested on factor-graph tables)?"""
    if v == t or ps_adjacent(v, t, As, A2, f, quad, sv, sn):
        return True
    for a in range(indptr[v], indptr[v + 1]):
        if ps_adjacent(indices[a], t, As, A2, f, quad, sv, sn):
            return True
    return False


@njit(cache=True)
def polarstar_arc(c, t, indptr, indices, As, A2, f, quad, sv, sn, rs):
    """PolarStar Sec. 9.2 next hop from ``c`` towards ``t`` (``c != t``); ``NO_ROUTE`` if none."""
    lo = indptr[c]
    hi = indptr[c + 1]
    if ps_adjacent(c, t, As, A2, f, quad, sv, sn):
        for a in range(lo, hi):
            if indices[a] == t:
                return a
    # 2 hops: a neighbour adjacent to t (Property R cases (a)-(d), Fig. 3)
    chosen = NO_ROUTE
    k = 0
    for a in range(lo, hi):
        if ps_adjacent(indices[a], t, As, A2, f, quad, sv, sn):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    if chosen != NO_ROUTE:
        return chosen
    # 3 hops: cross into a supernode a1 with a1 - y an edge of ER_q (the middle of a
    # 2-walk x-a1-y, Theorem 4), landing within 2 hops of t
    x = sv[c]
    y = sv[t]
    for a in range(lo, hi):
        v = indices[a]
        w = sv[v]
        if w != x and As[w, y] != 0 and ps_within_two(v, t, indptr, indices, As, A2, f, quad, sv, sn):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    if chosen != NO_ROUTE:
        return chosen
    # any neighbour within 2 hops of t (not needed on the PolarStars we build; kept for safety)
    for a in range(lo, hi):
        if ps_within_two(indices[a], t, indptr, indices, As, A2, f, quad, sv, sn):
            k += 1
            if k == 1 or below(rs, k) == 0:
                chosen = a
    return chosen


# --------------------------------------------------------------- kernel side (shared)
@njit(cache=True, inline="always")
def weighted_min_arc(c, t, indptr, indices, D, N, rs):
    """Minimal next hop drawn with probability N(w, t) / N(c, t) (uniform whole shortest paths)."""
    row = D[t]
    want = np.int32(row[c]) - 1
    r = below(rs, N[c, t])
    for a in range(indptr[c], indptr[c + 1]):
        w = indices[a]
        if row[w] == want:
            r -= N[w, t]
            if r < 0:
                return a
    return NO_ROUTE



@njit(cache=True, inline="always")
def pick_vc(a, cls, V, NC, credits, f_cnt, S, need, owner, check_owner):
    """Downstream VC (``a * V + v``) of hop class ``cls`` for a packet on arc ``a``, or -1.

    Class ``cls`` owns the VCs ``v = cls, cls + NC, cls + 2 NC, ... < V``: with
    more VCs than the longest route, every hop class gets several and a packet
    takes the one with the most free space (``>= need`` flits, a free FIFO slot,
    and -- wormhole -- no owner), which relieves head-of-line blocking.  Classes
    still only ever increase along a route, so the scheme stays deadlock-free.
    """
    best = -1
    most = -1
    v = cls
    while v < V:
        chv = a * V + v
        if credits[chv] >= need and f_cnt[chv] < S and credits[chv] > most:
            if not check_owner or owner[chv] < 0:
                best = chv
                most = credits[chv]
        v += NC
    return best



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
def polarized_arc(c, s, t, vc_next, indptr, indices, D, used, pend, credits, V, NC, P, cand_a, cand_r, rs, w1, w2):
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
            ok = False
            v = vc_next
            while v < V:  # some VC of the packet's hop class can take it (virtual cut-through)
                if credits[a * V + v] >= P:
                    ok = True
                    break
                v += NC
            if ok:
                k += 1
                if k == 1 or below(rs, k) == 0:
                    chosen = a
    return chosen
