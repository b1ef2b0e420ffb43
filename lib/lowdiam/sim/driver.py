"""The public entry point :func:`simulate`: validate, pick the router model, run it."""

from __future__ import annotations

from .request import make_request
from .results import SATURATION_TOLERANCE, SimResult
from .routers import router_model


def simulate(
    topology,
    routing: str = "min",
    traffic: str = "uniform",
    load: float = 0.3,
    endpoints_per_router: int | None = None,
    packet_flits: int = 4,
    vcs: int | None = None,
    buffer_flits: int = 32,
    warmup_cycles: int = 1000,
    measure_cycles: int = 2000,
    seed: int = 0,
    *,
    drain: str = "measured",
    max_drain_cycles: int | None = None,
    link_latency: int = 1,
    global_link_latency: int | None = None,
    router_delay: int = 1,
    injection_latency: int = 1,
    ejection_latency: int = 1,
    flow_control: str | None = None,
    arbitration: str = "random",
    traffic_options: dict | None = None,
    saturation_tolerance: float = SATURATION_TOLERANCE,
    routing_options: dict | None = None,
    router: str = "booksim",
    router_options: dict | None = None,
    min_vcs: int = 1,
    polarized_weights: tuple[int, int, int] | None = None,
    ksp_paths: int | None = None,
) -> SimResult:
    """Simulate ``topology`` under ``routing`` and ``traffic`` at offered ``load``.

    Parameters
    ----------
    topology : Topology
        Router graph with endpoints (``lowdiam.topologies``).
    routing : str
        One of ``lowdiam.sim.ROUTINGS`` ("min", "min-single", "valiant", "ugal", "polarized",
        "polarstar-min", "df-min", "df-ugal", "gf-min", "source-min", "ksp", "nag", ...); see
        :mod:`lowdiam.sim.routings`.
    traffic : str
        One of ``lowdiam.sim.PATTERNS`` ("uniform", "randperm", "bitrev", "shuffle", "transpose",
        "adversarial", "worst_case", "neighbor", "hotspot", "server_perm").
    load : float
        Offered load in flits / endpoint / cycle, in (0, 1].
    endpoints_per_router : int, optional
        Concentration p; ``None`` keeps the topology's own endpoints.
    packet_flits : int
        P, flits per packet.
    vcs : int, optional
        Virtual channels per port; ``None`` = the routing's longest route (hop-indexed VCs).
    buffer_flits : int
        Flits per VC buffer (>= P for virtual cut-through).
    warmup_cycles, measure_cycles : int
        Phase lengths (cycles).
    seed : int
        Fixes every random choice of the run (traffic pattern, injection, routing, arbitration).
    drain : {"measured", "all", "none"}
        "measured": run on until the measured packets arrive, at most ``max_drain_cycles``
        (default max(1000, measure_cycles, 4 x the zero-load time of the longest route));
        "all": stop injecting, empty the network; "none".
    max_drain_cycles : int, optional
        Cap of the drain phase.
    link_latency, global_link_latency : int
        Cycles per hop on local / global links (``topology.link_class``); global defaults to local.
    router_delay : int
        Cycles from a head's arrival to its earliest switch traversal.
    injection_latency, ejection_latency : int
        Endpoint channel latencies.
    flow_control : {"vct", "wormhole"}, optional
        Virtual cut-through or flit-level wormhole (buffers may be smaller than a packet); ``None``: the
        router model's own (``"ideal"``: ``"vct"``; ``"booksim"``: ``"wormhole"``, BookSim's flit-level VC
        flow control; ``"caminos"``: ``"vct"``).
    arbitration : {"random", "round_robin"}
        Order in which the allocator serves requests.
    traffic_options : dict, optional
        Options of the pattern (hotspot ``io_endpoints`` / ``hot_fraction``, worst_case
        ``galaxyfly_rule``); unknown keys raise ``ValueError``.
    saturation_tolerance : float
        The 5 % of the saturation rule (:mod:`lowdiam.sim.results`), in [0, 1).
    routing_options : dict, optional
        Options of the routing (``inner``, ``samples``, ``weights``, ``paths``: see
        :mod:`lowdiam.sim.routings`); unknown keys raise ``ValueError`` naming the valid ones.
    router : {"booksim", "caminos", "ideal"}
        Router model (:mod:`lowdiam.sim.routers`). Default ``"booksim"``: BookSim2's input-queued router
        (the PolarStar and Galaxyfly papers' simulator; every routing but Polarized); ``"caminos"``: the
        Polarized paper's router; ``"ideal"``: the built-in idealised input-queued router (an upper bound
        of input-queued routers; every routing).
    router_options : dict, optional
        Options of the router model.
    min_vcs : int
        With ``vcs=None``, at least this many VCs (a paper's VC count): the routing still gets one
        VC per hop of its longest route, and VCs beyond that are shared by the hop classes.
    polarized_weights, ksp_paths
        Deprecated: ``routing_options={"weights": ...}`` / ``{"paths": ...}``.

    Returns
    -------
    SimResult
        ``accepted_load``, ``latency_mean``, ``latency_p99``, ``hops_mean``, ``saturated`` and the
        rest (see :class:`lowdiam.sim.results.SimResult`).

    Raises
    ------
    ValueError
        Bad parameters, unknown names or option keys, a routing that does not apply to the
        topology, too few VCs, a disconnected topology.
    TypeError
        A parameter of the wrong kind.
    RuntimeError
        A routing dead end met during the run, or a failed conservation check.

    Examples
    --------
    >>> from lowdiam.topologies import Topology
    >>> from lowdiam.sim import simulate
    >>> ring = Topology.from_edges("ring6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)], endpoints_per_router=1)
    >>> res = simulate(ring, "min", "uniform", 0.1, warmup_cycles=100, measure_cycles=500, seed=1)
    >>> res.saturated, res.packets_delivered == res.packets_measured
    (False, True)
    >>> simulate(ring, "ugal", routing_options={"inner": "min", "sample": 2})
    Traceback (most recent call last):
        ...
    ValueError: unknown ugal routing_options key 'sample'; valid keys: inner, samples, threshold
    """
    request = make_request(
        topology, routing, traffic, load, endpoints_per_router=endpoints_per_router, packet_flits=packet_flits,
        vcs=vcs, buffer_flits=buffer_flits, warmup_cycles=warmup_cycles, measure_cycles=measure_cycles, seed=seed,
        drain=drain, max_drain_cycles=max_drain_cycles, link_latency=link_latency,
        global_link_latency=global_link_latency, router_delay=router_delay, injection_latency=injection_latency,
        ejection_latency=ejection_latency, flow_control=flow_control, arbitration=arbitration,
        traffic_options=traffic_options, saturation_tolerance=saturation_tolerance, routing_options=routing_options,
        router=router, router_options=router_options, min_vcs=min_vcs, polarized_weights=polarized_weights,
        ksp_paths=ksp_paths,
    )
    return router_model(request.router).run(request)


def saturation_load(topology, *, lo: float = 0.05, hi: float = 1.0, tol: float = 0.02, **kwargs) -> float:
    """Largest offered load (to ``tol``) the run reports as not saturated, by plain bisection.

    Kept only for ``benchmarks/bench_sim.py``; notebooks and studies use
    :func:`lowdiam.sweep.saturation_search` (cached, parallel, coarse steps then
    bisection).  Returns ``hi`` when even ``hi`` is stable and ``0.0`` when ``lo``
    already saturates.
    """
    if simulate(topology, load=hi, **kwargs).saturated is False:
        return hi
    if simulate(topology, load=lo, **kwargs).saturated:
        return 0.0
    while hi - lo > tol:
        mid = 0.5 * (lo + hi)
        if simulate(topology, load=mid, **kwargs).saturated:
            hi = mid
        else:
            lo = mid
    return lo
