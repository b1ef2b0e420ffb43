"""What every routing module shares: route result codes, the tables record, the spec, kernel helpers.

A routing chooses an output *arc* (CSR position ``indptr[c] <= a < indptr[c+1]``,
i.e. the link ``c -> indices[a]``) for the packet whose head is at router ``c``,
or one of the negative codes below.  Its per-run data lives in one
:class:`RouteTables` record (every field has one meaning; a routing that does
not use a field gets a one-element placeholder of the same dtype and rank, so
the kernels compile once for all routings).  Its per-packet state is one
integer, ``Packets.route_state[p]`` (the routing's docstring says what it
holds: a Valiant intermediate router, a KSP path id, ...).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
from numba import njit

from ..rng import below

EJECT = -1  # route result: deliver to the destination endpoint
UNSET = -2  # packet has no route for its current hop yet
WAIT = -3  # adaptive route found no admissible port this cycle
NO_ROUTE = -4  # routing has no candidate at all (error)
VC_OVERFLOW = -5  # the route is longer than the VC count (error)

# values of Packets.route_state shared by the routings through an intermediate router
DIRECT = -1  # no intermediate (minimal, or the Valiant phase is over)
UNDECIDED = -2  # adaptive choice still to be made at the source router (UGAL, NAG)


class RouteTables(NamedTuple):
    """Per-run routing data handed to the kernels (one meaning per field)."""

    code: int  # routing code (dispatch)
    inner: int  # code of the minimal routing a composite (Valiant, UGAL, NAG) routes with; = code otherwise
    n: int  # routers
    hop_classes: int  # longest route = VC hop classes (VC v is in class v % hop_classes)
    redecide: int  # 1: the route of a waiting head is re-decided every cycle (Polarized)
    minimal: int  # 1: a minimal routing (hop by hop: the ideal kernels inline its hop, routings.minimal_hop)
    setup: int  # 1: the routing keeps per-packet state, set by its set-up entry at injection; 0: the kernel sets -1
    D: np.ndarray  # (n, n) uint8 router distances
    dist: np.ndarray  # (n, n) uint8 route lengths of the inner minimal routing (D, or hierarchical for df-min)
    grouped: int  # 1: intermediates are routers of other groups (inner df-min), 0: any other router
    group: np.ndarray  # (n,) int32 dragonfly group of every router (df-min)
    arc_cls: np.ndarray  # (A,) int8 link class of every arc, 0 local 1 global (df-min, gf-min)
    glob_dist: np.ndarray  # (n, n) uint8 global links of the best route, fewest global links first (gf-min)
    next_arc: np.ndarray  # (n, n) int32 next-hop arc of the one fixed path (min-single)
    path_counts: np.ndarray  # (n, n) int32 number of shortest paths (source-min)
    ps_structure: np.ndarray  # (m, m) uint8 structure-graph (ER_q) adjacency (polarstar-min)
    ps_supernode: np.ndarray  # (s, s) uint8 supernode adjacency (polarstar-min)
    ps_f: np.ndarray  # (s,) int32 the supernode's f (polarstar-min)
    ps_quadric: np.ndarray  # (m,) uint8 quadric structure vertices (polarstar-min)
    ps_sv: np.ndarray  # (n,) int32 structure vertex of every router (polarstar-min)
    ps_sn: np.ndarray  # (n,) int32 supernode vertex of every router (polarstar-min)
    ksp_paths: np.ndarray  # (n*n*k*stride,) int16 router sequences, -1 padded (ksp)
    ksp_counts: np.ndarray  # (n*n,) uint8 paths per pair (ksp)
    ksp_k: int
    ksp_stride: int  # entries per path (longest path + 1)
    misroute_group: np.ndarray  # (n,) int32 supernode of every router (nag, nar, nal)
    sn_exit: np.ndarray  # (S, S) int32 router of supernode g holding the link to supernode h, -1 if none (nar)
    sn_cluster: np.ndarray  # (S,) int32 Galaxy cluster of every supernode (nar)
    sn_routers: np.ndarray  # (S, a) int32 routers of every supernode (nal)
    omni_deroutes: int  # deroutes (non-minimal hops) a packet may take (omni)
    ugal_samples: int  # Valiant candidates UGAL compares with the minimal route
    ugal_threshold: int  # flits added to every Valiant candidate's UGAL cost (bias to the minimal route)
    ugal_cost: int  # UGAL's cost form: 0 occupancy x route length, 1 BookSim2's ugal_dragonflynew (routings.ugal)
    polarized_w1: int  # Polarized weights (0, w1, w2) in flits
    polarized_w2: int


_PLACEHOLDERS: dict[str, Any] = {
    "group": np.zeros(1, np.int32), "arc_cls": np.zeros(1, np.int8), "glob_dist": np.zeros((1, 1), np.uint8),
    "next_arc": np.zeros((1, 1), np.int32),
    "path_counts": np.zeros((1, 1), np.int32), "ps_structure": np.zeros((1, 1), np.uint8),
    "ps_supernode": np.zeros((1, 1), np.uint8), "ps_f": np.zeros(1, np.int32), "ps_quadric": np.zeros(1, np.uint8),
    "ps_sv": np.zeros(1, np.int32), "ps_sn": np.zeros(1, np.int32), "ksp_paths": np.full(1, -1, np.int16),
    "ksp_counts": np.zeros(1, np.uint8), "ksp_k": 1, "ksp_stride": 1, "misroute_group": np.zeros(1, np.int32),
    "sn_exit": np.zeros((1, 1), np.int32), "sn_cluster": np.zeros(1, np.int32),
    "sn_routers": np.zeros((1, 1), np.int32), "omni_deroutes": 0,
    "ugal_samples": 0, "ugal_threshold": 0, "ugal_cost": 0, "polarized_w1": 0, "polarized_w2": 0, "grouped": 0,
}


def route_tables(code: int, inner: int, n: int, hop_classes: int, redecide: bool, D: np.ndarray,
                 fields: dict[str, Any], *, minimal: bool = False, setup: bool = False) -> RouteTables:
    """A :class:`RouteTables` with ``fields`` set and placeholders elsewhere (``dist`` defaults to ``D``);
    ``minimal``, ``setup``: the routing's flags (:class:`Routing`)."""
    unknown = set(fields) - set(RouteTables._fields)
    if unknown:
        raise KeyError(f"not RouteTables fields: {sorted(unknown)}")
    values = {**_PLACEHOLDERS, "dist": D, **fields}
    arrays = {k: np.ascontiguousarray(v) if isinstance(v, np.ndarray) else int(v) for k, v in values.items()}
    return RouteTables(code=int(code), inner=int(inner), n=int(n), hop_classes=int(hop_classes),
                       redecide=int(bool(redecide)), minimal=int(bool(minimal)), setup=int(bool(setup)),
                       D=np.ascontiguousarray(D), **arrays)


@dataclasses.dataclass(frozen=True)
class BuildContext:
    """What a routing's table builder may read: the topology, its distances, the run seed, the packet size."""

    topology: Any
    D: np.ndarray  # (n, n) uint8 distances
    seed: int
    packet_flits: int
    cache: Callable[[str, Callable[[], Any]], Any]  # cache(key, build): per-topology memo


#: router models that run the shared routings (``Routing.routers``): the ideal router and the BookSim model
ROUTER_MODELS = ("ideal", "booksim")


@dataclasses.dataclass(frozen=True)
class Routing:
    """One routing algorithm: its name, code, options, Python-side hooks and the flags its dispatch is made from.

    ``build(ctx, options) -> dict`` returns the :class:`RouteTables` fields the
    routing reads (and raises ``ValueError`` where it does not apply);
    ``route_length(ctx, options, fields) -> int`` is its longest route (the VC
    requirement: hop-indexed VC classes); ``defaults`` are its options;
    ``oblivious`` marks routings whose choice ignores network state;
    ``channel_load`` names the flow-spreading model of
    :func:`lowdiam.sim.channel_load_bound` (``None``: no bound).

    Flags that shape the kernels' dispatch (:mod:`lowdiam.sim.routings.codegen`
    reads ``minimal`` and ``setup`` from the module's source, so give them as
    literals):

    ``minimal``
        Hop by hop along shortest routes: the module defines
        ``hop(c, t, [h,] tabs, net, rs)`` (an arc out of ``c`` towards any
        router ``t``; ``h``, if it takes it, is the number of links the packet
        has crossed), and the routing may be the ``inner`` routing of Valiant,
        UGAL, NAG, NAR, NAL.  Otherwise the module defines ``next_hop(...)``.
    ``setup``
        The module defines ``setup(p, s_r, d_r, tabs, route_state, rs)``, run
        once per packet at its source router.
    ``redecide``
        The route of a waiting head is re-decided every cycle (Polarized).
    ``routers``
        The router models that run it (``ROUTER_MODELS``; the BookSim model
        runs a routing whose heads decide once per hop, not Polarized).
    ``aliases``
        Public names that run this routing with preset options:
        ``{"df-ugal": ("description", {"inner": "df-min"})}``.
    ``phases``
        The route runs in two phases through an intermediate router kept in the
        packet's route state until it is reached (``route_state[p] >= 0``;
        Valiant, UGAL): what the BookSim model's phase VC selections read
        (``router_options={"vc_selection": "phase" | "dragonfly"}``).
    """

    name: str
    code: int
    description: str
    build: Callable[[BuildContext, dict], dict]
    route_length: Callable[[BuildContext, dict, dict], int]
    defaults: dict = dataclasses.field(default_factory=dict)
    check: Callable[[str, dict], dict] | None = None  # validates option values, returns them normalised
    minimal: bool = False
    oblivious: bool = False
    channel_load: str | None = None
    redecide: bool = False
    setup: bool = False
    routers: tuple[str, ...] = ROUTER_MODELS
    aliases: dict[str, tuple[str, dict]] = dataclasses.field(default_factory=dict)
    phases: bool = False

    def __post_init__(self) -> None:
        bad = [r for r in self.routers if r not in ROUTER_MODELS] if isinstance(self.routers, tuple) else None
        if bad is None or bad:
            raise ValueError(f"routing {self.name!r}: routers must be a tuple of {list(ROUTER_MODELS)}, got "
                             f"{self.routers!r}")


def endpoint_routers(topology) -> np.ndarray:
    return np.flatnonzero(topology.endpoints > 0)


def eccentricities(D: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """Eccentricity (max distance to any router) of each router in ``rows``."""
    return D[rows].max(axis=1).astype(np.int64)


# --------------------------------------------------------------- kernel helpers shared by routings
@njit(cache=True, inline="always")
def random_min_arc(c, t, indptr, indices, D, rs):
    """A uniformly random arc out of ``c`` one step closer to ``t`` (reservoir draw), or -1.

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
def arc_to(c, v, indptr, indices):
    """CSR position of the link c -> v, or ``NO_ROUTE``."""
    for a in range(indptr[c], indptr[c + 1]):
        if indices[a] == v:
            return a
    return NO_ROUTE


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


@njit(cache=True, inline="always")
def random_other_group_router(n, grp, gs, gt, rs):
    """Uniform router outside groups ``gs`` and ``gt`` (rejection sampling; >= 3 groups)."""
    while True:
        m = below(rs, n)
        if grp[m] != gs and grp[m] != gt:
            return m


@njit(cache=True, inline="always")
def port_occupancy(a, ports):
    """Local occupancy of output arc ``a`` in flits: un-returned credits plus routed heads waiting for it."""
    return ports.used[a] + ports.pend[a]


class Network(NamedTuple):
    """The router graph as the kernels see it."""

    indptr: np.ndarray  # (n+1,) int32 CSR offsets
    indices: np.ndarray  # (A,) int32 arc heads
    arc_lat: np.ndarray  # (A,) int32 link latency of every arc
    ep_router: np.ndarray  # (NE,) int32 router of every endpoint


class PacketRoutes(NamedTuple):
    """What a routing reads of the packets (every router model passes one, aliasing its own packet arrays)."""

    src: np.ndarray  # (pool,) int32 source endpoint
    route_state: np.ndarray  # (pool,) int32 the routing's per-packet state


class PortState(NamedTuple):
    """Occupancy a routing may read (adaptive routings): the router model keeps it up to date."""

    used: np.ndarray  # (A + NE,) int32 flits sent on the port whose credits have not returned (all VCs)
    pend: np.ndarray  # (A,) int32 flits of routed heads waiting for the port
    credits: np.ndarray  # ((A + NE) * vcs,) int32 free downstream flits per port and VC
    vcs: int
    buffer_flits: int


class Scratch(NamedTuple):
    """Work arrays of a kernel and the generator state."""

    req: np.ndarray  # (ports x VCs,) int32 this cycle's requests
    cand_a: np.ndarray  # (max degree,) int32 candidate arcs (Polarized)
    cand_r: np.ndarray  # (max degree,) int64 candidate scores (Polarized)
    rs: np.ndarray  # (1,) uint64 SplitMix64 state


@njit(cache=True, inline="always")
def set_up_route(setup_fn, p, s_r, d_r, tabs, route_state, rs):
    """Route state of packet ``p`` entering the network at router ``s_r`` for router ``d_r``: the routing's set-up
    entry ``setup_fn`` where it keeps per-packet state (``tabs.setup``), else -1 without a call (a call per
    packet costs the kernels' hot loop: ``docs/benchmarks.md``, "The ideal model takes the routing ...")."""
    if tabs.setup:
        setup_fn(np.int64(p), np.int64(s_r), np.int64(d_r), tabs, route_state, rs)
    else:
        route_state[p] = -1


@njit(cache=True, inline="always")
def checked(out, vc_next, hop_classes):
    """``out``, or ``NO_ROUTE`` when there was no candidate, or ``VC_OVERFLOW`` past the last hop class."""
    if out < 0:
        return NO_ROUTE
    if vc_next >= hop_classes:
        return VC_OVERFLOW
    return out


@njit(cache=True, inline="always")
def pick_intermediate(tabs, s, t, rs):
    """Random intermediate router for a route s -> t through it, or ``DIRECT`` when none applies.

    Ungrouped: any router other than ``s`` and ``t`` (``s != t``, ``n >= 3``);
    grouped (inner routing df-min): a router outside both groups (``s``, ``t``
    in different groups).
    """
    if tabs.grouped:
        g = tabs.group
        if g[s] != g[t]:
            return random_other_group_router(tabs.n, g, g[s], g[t], rs)
        return DIRECT
    if s != t and tabs.n >= 3:
        return random_intermediate(tabs.n, s, t, rs)
    return DIRECT


@njit(cache=True, inline="always")
def phase_target(p, c, dst_r, route_state):
    """Current target of a packet routed through an intermediate: the intermediate until reached."""
    mid = route_state[p]
    if mid >= 0:
        if mid == c:
            route_state[p] = DIRECT
        else:
            return mid
    return dst_r
