"""Channel-load throughput bounds for oblivious routings (no simulation).

For an oblivious routing the expected flits per cycle on every arc are a
linear function of the traffic demand, so the saturation throughput of *any*
simulator is bounded by the most loaded channel:

    theta <= min(1, 1 / max_arc_load, 1 / max_ejection_load)

in flits per active endpoint per cycle, the simulator's ``accepted_load`` unit
(Dally & Towles, *Principles and Practices of Interconnection Networks*,
Sec. 3.3).  Input-queued routers with finite buffers reach some fraction of it
(head-of-line blocking), so a measured saturation above the bound is a bug.

Demand is taken from the simulator's own traffic patterns (same seed, same
permutation).  Routings, each spreading flow exactly as the simulator draws:

``min``         at every router equally over the minimal next hops;
``source-min``  equally over all shortest paths (``N(v,t) / N(c,t)`` per arc);
``min-single``  the seeded single-path table the simulator uses;
``valiant``     intermediate uniform among the routers other than the source
                and destination routers, ``min`` spreading in both phases;
                same-router packets are not misrouted;
``gf-min``      as ``min``, over the routes with the fewest global links and
                then the fewest links (the Galaxyfly paper's MIN).

Adaptive routings (UGAL, Polarized, NAG) have no fixed arc loads and are
refused.  The same loads, summed over an application motif's messages
(:func:`motif_link_bound`), give the flits its busiest link must carry: a lower
bound on the motif's completion time in cycles.  ``balanced_bound`` is what the same path lengths would give if every
arc carried the mean load: the limit any load balancing of those paths can reach.

Memory: the router demand is a dense n x n float64 matrix (8 n^2 bytes).
"""

from __future__ import annotations

import dataclasses

import numpy as np
from numba import njit

from lowdiam.validate import check_choice, check_int

from .routings import REGISTRY, ROUTINGS
from .routings.min_single import single_path_table
from .tables import distances, memo
from .traffic import HOTSPOT, TABLE, UNIFORM, Endpoints, make_traffic

PATHS = ("seeded", "booksim-anynet")  # min-single's path tables

# flow-spreading models, in this order; a routing declares its model as Routing.channel_load
_MODELS = ("hop", "path", "single", "valiant", "fewest-global")
_HOP, _PATH, _SINGLE = 0, 1, 2
BOUND_ROUTINGS = tuple(
    sorted((name for name, spec in ROUTINGS.items() if not spec.preset and REGISTRY[spec.routing].channel_load),
           key=lambda name: _MODELS.index(REGISTRY[name].channel_load))
)


@dataclasses.dataclass(frozen=True)
class ChannelLoadBound:
    """Arc loads at unit offered load (1 flit per active endpoint per cycle) and the bounds they imply."""

    topology: str
    routing: str
    traffic: str
    arc_loads: np.ndarray  # flits/cycle per arc (CSR arc order of the topology)
    max_arc_load: float
    mean_arc_load: float
    max_ejection_load: float  # flits/cycle into the busiest endpoint
    hops_mean: float  # router-to-router hops per packet (0 for same-router packets)
    bound: float  # min(1, 1/max_arc_load, 1/max_ejection_load)
    balanced_bound: float  # same, with every arc at the mean load

    def __str__(self) -> str:
        return (
            f"{self.topology} {self.routing}/{self.traffic}: max arc load {self.max_arc_load:.3f} "
            f"(mean {self.mean_arc_load:.3f}), hops {self.hops_mean:.3f}, bound {self.bound:.4f}, "
            f"balanced {self.balanced_bound:.4f}"
        )


def endpoint_demand(topology, traffic: str = "uniform", seed: int = 0, **options) -> tuple[np.ndarray, np.ndarray]:
    """Router demand matrix and per-endpoint ejection load at unit offered load.

    ``Dem[s, t]`` is the flits/cycle that endpoints of router ``s`` send to
    endpoints of router ``t`` when every active endpoint injects 1 flit/cycle;
    the diagonal is same-router traffic.  The pattern is built by
    :func:`lowdiam.sim.traffic.make_traffic` with the simulator's seeding.
    """
    ep = Endpoints.of(topology.endpoints)
    NE, n = ep.count, topology.num_routers
    if NE < 2:
        raise ValueError(f"{topology.name} has {NE} endpoints; a traffic pattern needs at least 2")
    spec = make_traffic(traffic, topology, ep, distances(topology), seed, **options)
    active = np.asarray(spec.active, dtype=bool)
    w = active.astype(np.float64)  # every active endpoint injects 1 flit/cycle
    per_router = np.bincount(ep.router, weights=w, minlength=n)
    counts = np.diff(ep.first).astype(np.float64)
    ejection = np.zeros(NE)
    Dem = np.zeros((n, n))
    uniform_share = 1.0
    if spec.mode == HOTSPOT:
        uniform_share = 1.0 - spec.hot_fraction
        hot = np.asarray(spec.hot, dtype=np.int64)
        # each source picks one of the hot endpoints uniformly (itself included, delivered locally)
        h = spec.hot_fraction * per_router / hot.size
        hot_routers = np.bincount(ep.router[hot], minlength=n).astype(np.float64)
        Dem += np.outer(h, hot_routers)
        np.add.at(ejection, hot, spec.hot_fraction * w.sum() / hot.size)
    if spec.mode in (UNIFORM, HOTSPOT) and spec.include_source:
        # uniform over all NE endpoints, the source included (BookSim2's uniform)
        share = uniform_share / NE
        Dem += share * np.outer(per_router, counts)
        ejection += share * w.sum()
    elif spec.mode in (UNIFORM, HOTSPOT):
        # uniform over the other NE - 1 endpoints
        share = uniform_share / (NE - 1)
        Dem += share * np.outer(per_router, counts)
        Dem[np.diag_indices(n)] -= share * per_router  # a source never picks itself
        ejection += share * (w.sum() - w)
    elif spec.mode == TABLE:
        ptr = np.asarray(spec.ptr, dtype=np.int64)  # row e lists endpoint e's destinations
        src = np.repeat(np.arange(NE), np.diff(ptr))
        dst = np.asarray(spec.dst, dtype=np.int64)
        frac = 1.0 / np.diff(ptr)[src]
        # bincount sums each bin in the order of its entries, as np.add.at does, in a fraction of the time
        Dem += np.bincount(ep.router[src] * n + ep.router[dst], weights=frac, minlength=n * n).reshape(n, n)
        ejection += np.bincount(dst, weights=frac, minlength=NE)
    else:  # pragma: no cover - guarded by make_traffic
        raise ValueError(f"traffic mode {spec.mode} has no demand model")
    return Dem, ejection


def channel_load_bound(
    topology, routing: str = "min", traffic: str = "uniform", *, endpoints_per_router: int | None = None,
    seed: int = 0, traffic_options: dict | None = None, paths: str = "seeded",
) -> ChannelLoadBound:
    """Channel-load throughput bound of an oblivious routing under a simulator traffic pattern.

    Parameters
    ----------
    topology : Topology
    routing : str
        One of ``BOUND_ROUTINGS`` (routings declaring a ``channel_load`` model), or ``"df-min"`` (on a
        Dragonfly or Megafly its routes and their spreading are gf-min's).
    traffic : str
        A pattern of :mod:`lowdiam.sim.traffic`, built with the simulator's seeding.
    endpoints_per_router : int, optional
        Concentration p; ``None`` keeps the topology's endpoints.
    seed : int
        Seed of the pattern (and of min-single's table), as in :func:`lowdiam.sim.simulate`.
    traffic_options : dict, optional
        Options of the pattern; unknown keys raise ``ValueError``.
    paths : {"seeded", "booksim-anynet"}
        ``min-single`` only: the shared routing's seeded table (``"seeded"``, what ``router="ideal"`` runs) or
        BookSim2's anynet Dijkstra table (``"booksim-anynet"``, what ``router="booksim"`` runs by default).

    Returns
    -------
    ChannelLoadBound
        ``bound`` is in flits per active endpoint per cycle, the unit of
        ``SimResult.accepted_load``.

    Raises
    ------
    ValueError
        An adaptive routing, an unknown pattern or option, a disconnected topology.

    Examples
    --------
    >>> from lowdiam.topologies import jellyfish
    >>> top = jellyfish(200, 10, 1)
    >>> round(channel_load_bound(top, "min", endpoints_per_router=4).bound, 3)
    0.69
    >>> round(channel_load_bound(top, "valiant", endpoints_per_router=4).bound, 3)
    0.345
    """
    _check_paths(paths, routing)
    model = _load_model(topology, routing, "channel-load bound")
    if endpoints_per_router is not None:
        topology = topology.with_endpoints(check_int("endpoints_per_router", endpoints_per_router, low=1))
    D = distances(topology)
    if D.max() == 255:
        raise ValueError(f"{topology.name} is disconnected; routing needs a connected router graph")
    Dem, ejection = endpoint_demand(topology, traffic, seed, **(traffic_options or {}))
    net = Dem.copy()
    np.fill_diagonal(net, 0.0)
    loads, net, lengths = _route_loads(topology, net, model, D, seed=seed, paths=paths)
    return bound_from_loads(topology.name, routing, traffic, loads, net, lengths, ejection, Dem.sum())


def _load_model(topology, routing: str, what: str) -> str:
    """The load model (a name in ``BOUND_ROUTINGS``) of ``routing`` on ``topology``: the routing itself, or for
    ``df-min`` on a Dragonfly / Megafly gf-min's, which takes the same routes with the same spreading."""
    if routing == "df-min":
        from .routings.df_min import dragonfly_fields

        dragonfly_fields(topology)  # raises where df-min does not apply
        return "gf-min"
    if routing in BOUND_ROUTINGS:
        return routing
    raise ValueError(f"no {what} for routing {routing!r}: only oblivious routings have fixed link loads; "
                     f"choose one of {list(BOUND_ROUTINGS) + ['df-min']}")


def _check_paths(paths: str, routing: str) -> None:
    check_choice("paths", paths, PATHS)
    if paths != "seeded" and routing != "min-single":
        raise ValueError(f"paths={paths!r} applies to routing 'min-single' only, not {routing!r}")


def _route_loads(topology, net: np.ndarray, routing: str, D: np.ndarray, *, seed: int = 0,
                 paths: str = "seeded") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Arc loads of ``routing`` (a name in ``BOUND_ROUTINGS``) for router demand ``net`` (zero diagonal).

    Returns ``(loads, routed, lengths)``: the load of every CSR arc, the demand as routed (for Valiant each
    phase's), and the links of the routes between every router pair (``D``, or gf-min's own route lengths).
    """
    _check_paths(paths, routing)
    n = topology.num_routers
    mode = _MODELS.index(REGISTRY[routing].channel_load)
    if mode == 4:  # gf-min: min's spreading over its own best routes (fewest global links, then fewest links)
        loads, lengths = _fewest_global_loads(topology, net)
        return loads, net, lengths
    if mode == 3:  # valiant: two minimal phases through a uniform intermediate
        mode = _HOP
        if n < 3:
            raise ValueError(f"valiant needs at least 3 routers, {topology.name} has {n}")
        R, C = net.sum(1), net.sum(0)
        net = ((R[:, None] - net) + (C[None, :] - net)) / (n - 2)
        np.fill_diagonal(net, 0.0)
    if mode == _SINGLE and paths == "booksim-anynet":  # BookSim's table as arc ids (neighbour position + offset)
        from .kernel_cache import kernel_cache_scope

        with kernel_cache_scope():  # the booksim package's numba kernels cache per version of the sources
            from .booksim.paths import booksim_anynet_table

        pos = booksim_anynet_table(topology, D).astype(np.int64)
        nh = (np.asarray(topology.indptr[:-1], dtype=np.int64)[:, None] + pos).astype(np.int32)
        np.fill_diagonal(nh, -1)
    elif mode == _SINGLE:  # the very table the simulator builds for this seed
        nh = memo(topology)(("single", seed), lambda: single_path_table(D, topology.indptr, topology.indices, seed))
    else:
        nh = np.zeros((1, 1), np.int32)
    indptr = np.asarray(topology.indptr, dtype=np.int64)
    indices = np.asarray(topology.indices, dtype=np.int64)
    return _arc_loads(indptr, indices, D, np.ascontiguousarray(net), mode, nh), net, D


def bound_from_loads(name: str, routing: str, traffic: str, loads: np.ndarray, net: np.ndarray,
                     lengths: np.ndarray, ejection: np.ndarray, total: float) -> ChannelLoadBound:
    """The bounds that arc loads at unit offered load imply (shared by every oblivious routing's load model).

    ``net[s, t]``: the flits/cycle routed from router s to t (no same-router traffic; for Valiant each phase's
    demand), ``lengths[s, t]`` the links of those routes, ``ejection`` the per-endpoint ejection load, ``total``
    the active endpoints (the offered flits/cycle at unit load, same-router traffic included).
    """
    flit_hops = float((net * lengths).sum())
    A = loads.size
    max_arc = float(loads.max()) if A else 0.0
    max_ej = float(ejection.max())

    def inv(x):
        return np.inf if x <= 0 else 1.0 / x

    return ChannelLoadBound(
        topology=name, routing=routing, traffic=traffic, arc_loads=loads,
        max_arc_load=max_arc, mean_arc_load=float(loads.mean()) if A else 0.0, max_ejection_load=max_ej,
        hops_mean=flit_hops / total, bound=float(min(1.0, inv(max_arc), inv(max_ej))),
        balanced_bound=float(min(1.0, inv(flit_hops / A) if A else np.inf, inv(max_ej))),
    )


@dataclasses.dataclass(frozen=True)
class MotifLinkBound:
    """Flits each link must carry for a whole motif program, and the completion-time bounds they imply."""

    topology: str
    routing: str
    program: str  # the program's label (motif, sizes, ranks)
    arc_flits: np.ndarray  # expected flits over the whole program per arc (CSR arc order of the topology)
    busiest_arc_flits: float  # the most loaded arc's
    mean_arc_flits: float
    serialization_bound: int  # flits the busiest endpoint injects or ejects (the program's own bound)
    bound: float  # max(busiest_arc_flits, serialization_bound): cycles at one flit per link and cycle

    def __str__(self) -> str:
        return (f"{self.topology} {self.routing} {self.program}: busiest link {self.busiest_arc_flits:,.0f} flits "
                f"(mean {self.mean_arc_flits:,.0f}), busiest endpoint {self.serialization_bound:,} flits, "
                f"bound {self.bound:,.0f} cycles")


def motif_link_bound(topology, program, routing: str = "min", *, packet_flits: int = 4, seed: int = 0,
                     paths: str = "seeded") -> MotifLinkBound:
    """Flits the busiest link must carry for a whole motif program: a lower bound on its completion time.

    Every message's flits follow the routing's minimal routes between the routers of its two endpoints,
    spread as the simulator draws them (:func:`channel_load_bound`'s models); a link carries at most one flit
    per cycle, so no simulator with such links finishes the program in fewer cycles than its busiest link's
    flits, whatever the dependencies and the router.  With a random spreading (``min`` draws each packet's
    next hop) the loads are expectations, and the bound is one on the expected completion time
    (E[max] >= max E); with one route per pair (``min-single``, or a single link between two Dragonfly
    groups) it holds run by run.

    Parameters
    ----------
    topology : Topology
        The network the program was compiled for.
    program : MessageProgram
        From :func:`lowdiam.sim.motifs.compile_motif`.
    routing : str
        One of ``BOUND_ROUTINGS``, or ``"df-min"`` (on a Dragonfly or Megafly its routes and their spreading
        are gf-min's: one global link, the fewest local hops; ``tests/test_gf_min.py`` checks it draw for draw).
    packet_flits : int
        Flits per packet, as the program was compiled with.
    seed : int
        Seed of min-single's table, as in :func:`lowdiam.sim.motifs.run_motif`.
    paths : {"seeded", "booksim-anynet"}
        ``min-single`` only, as in :func:`channel_load_bound`.

    Returns
    -------
    MotifLinkBound

    Raises
    ------
    ValueError
        An adaptive routing, ``df-min`` off a Dragonfly / Megafly, a program compiled for another number of
        endpoints, a disconnected topology.

    Examples
    --------
    >>> from lowdiam.topologies import dragonfly
    >>> from lowdiam.sim.motifs import compile_motif
    >>> top = dragonfly(4, 2, 2)  # 9 groups, one global link between two groups
    >>> prog = compile_motif(top, "sweep3d", message_bytes=1024)
    >>> b = motif_link_bound(top, prog, "df-min")
    >>> b.busiest_arc_flits, b.serialization_bound  # a global link carries twice the busiest endpoint's flits
    (8192.0, 4096)
    """
    _check_paths(paths, routing)
    model = _load_model(topology, routing, "link bound")
    packet_flits = check_int("packet_flits", packet_flits, low=1)
    if program.num_endpoints != topology.num_endpoints:
        raise ValueError(f"the program was compiled for {program.num_endpoints} endpoints, {topology.name} has "
                         f"{topology.num_endpoints}; compile it for this topology")
    D = distances(topology)
    if D.max() == 255:
        raise ValueError(f"{topology.name} is disconnected; routing needs a connected router graph")
    n = topology.num_routers
    router = Endpoints.of(topology.endpoints).router
    flits = program.packets.astype(np.float64) * packet_flits
    net = np.bincount(router[program.src] * n + router[program.dst], weights=flits, minlength=n * n).reshape(n, n)
    np.fill_diagonal(net, 0.0)  # same-router messages use no link
    loads, _, _ = _route_loads(topology, net, model, D, seed=seed, paths=paths)
    busiest = float(loads.max()) if loads.size else 0.0
    ser = program.serialization_bound(packet_flits)
    return MotifLinkBound(topology=topology.name, routing=routing, program=program.label, arc_flits=loads,
                          busiest_arc_flits=busiest, mean_arc_flits=float(loads.mean()) if loads.size else 0.0,
                          serialization_bound=ser, bound=max(busiest, float(ser)))


def _fewest_global_loads(topology, net: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Arc loads of gf-min for router demand ``net`` and the links of its routes (``lengths[s, t]``).

    Per target the flow is pushed from the costliest routers inwards, split equally over the arcs that start a
    best route (every such arc strictly lowers the route cost), as the simulator draws them hop by hop
    (:func:`_gf_min_arc_loads`).
    """
    from .routings.gf_min import memo_fewest_global_costs

    C, weight = memo_fewest_global_costs(topology)
    n = topology.num_routers
    indptr = np.asarray(topology.indptr, dtype=np.int64)
    indices = np.asarray(topology.indices, dtype=np.int64)
    loads = _gf_min_arc_loads(indptr, indices, np.asarray(C, dtype=np.int64), np.asarray(weight, dtype=np.int64),
                              np.ascontiguousarray(net, dtype=np.float64))
    return loads, C % (n + 1)


@njit(cache=True)
def _gf_min_arc_loads(indptr, indices, C, weight, net):
    """Arc loads when ``net[s, t]`` flits/cycle go from router s to t along gf-min's best routes (``C``: route
    costs, ``weight``: arc costs, both > 0 off the diagonal).

    Per target t: routers by decreasing cost to t (ties by index), each splitting the flow it holds equally over
    its arcs that start a best route; those arcs end at cheaper routers, so a router's flow is complete when its
    turn comes.  Arcs are visited in ascending order within a cost level, so every sum adds its terms in the
    order of the level-by-level vectorised form this replaced (the same floats).
    """
    n = indptr.size - 1
    loads = np.zeros(indices.size)
    flow = np.empty(n)
    for t in range(n):
        any_flow = False
        for v in range(n):
            flow[v] = net[v, t]
            if flow[v] != 0.0:
                any_flow = True
        if not any_flow:
            continue
        order = np.argsort(-C[:, t], kind="mergesort")  # decreasing cost, stable: ties by router index
        for i in range(n):
            c = order[i]
            if C[c, t] <= 0:
                break
            fc = flow[c]
            if fc == 0.0:  # adding zero shares changes no float
                continue
            k = 0  # the arcs that start a best route to t
            for a in range(indptr[c], indptr[c + 1]):
                if C[indices[a], t] + weight[a] == C[c, t]:
                    k += 1
            share = fc / k
            for a in range(indptr[c], indptr[c + 1]):
                if C[indices[a], t] + weight[a] == C[c, t]:
                    loads[a] += share
                    flow[indices[a]] += share
    return loads


@njit(cache=True)
def _arc_loads(indptr, indices, D, demand, mode, nh):
    """Arc loads when ``demand[s, t]`` flits/cycle go from router s to t along minimal routes.

    Per target t the flow heading to t is pushed from the farthest routers
    inwards (decreasing D[., t]), split over the arcs by ``mode``.
    """
    n = indptr.size - 1
    loads = np.zeros(indices.size)
    f = np.zeros(n)
    N = np.zeros(n)
    order = np.empty(n, np.int64)
    for t in range(n):
        col = demand[:, t]
        if col.max() <= 0.0:
            continue
        # routers sorted by distance to t (counting sort; D is symmetric so row t = column t)
        dmax = 0
        for v in range(n):
            dmax = max(dmax, D[t, v])
        cnt = np.zeros(dmax + 2, np.int64)
        for v in range(n):
            cnt[D[t, v] + 1] += 1
        for d in range(1, dmax + 2):
            cnt[d] += cnt[d - 1]
        for v in range(n):
            order[cnt[D[t, v]]] = v
            cnt[D[t, v]] += 1
        if mode == 1:  # shortest-path counts to t, nearest first
            for v in range(n):
                N[v] = 0.0
            N[t] = 1.0
            for i in range(1, n):
                c = order[i]
                s = 0.0
                for a in range(indptr[c], indptr[c + 1]):
                    if D[t, indices[a]] + 1 == D[t, c]:
                        s += N[indices[a]]
                N[c] = s
        for v in range(n):
            f[v] = col[v]
        for i in range(n - 1, 0, -1):
            c = order[i]
            fc = f[c]
            if fc == 0.0:
                continue
            dc = D[t, c]
            if mode == 2:
                a = nh[c, t]  # the table holds the arc, not the router
                loads[a] += fc
                f[indices[a]] += fc
                continue
            k = 0
            for a in range(indptr[c], indptr[c + 1]):
                if D[t, indices[a]] + 1 == dc:
                    k += 1
            for a in range(indptr[c], indptr[c + 1]):
                v = indices[a]
                if D[t, v] + 1 == dc:
                    share = fc / k if mode == 0 else fc * N[v] / N[c]
                    loads[a] += share
                    f[v] += share
    return loads
