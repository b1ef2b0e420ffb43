"""The public entry point :func:`simulate`: its keywords become one :class:`~lowdiam.sim.request.SimRequest`,
which the chosen router model runs.

:func:`refuse_unmodelled` lives in :mod:`lowdiam.sim.request` beside the request's defaults (re-exported here for
old imports), so the router models' adapters never import this module: this module imports
:mod:`lowdiam.sim.routers`, which loads the adapters, and nothing below it imports this module back.

Every router model's run kernel (BookSim, CAMINOS, ideal cut-through and wormhole) is compiled with ``nogil=True``:
a kernel call lasts up to a checkpoint interval (10 minutes), and a Dask worker running one must still answer its
scheduler's heartbeats, which a held GIL stops (on 5 December 2026 a local cluster restarted a worker after 362 s
without a heartbeat, losing the run's progress since its last checkpoint: ``docs/scale_out.md``).
"""

from __future__ import annotations

from .request import make_request, refuse_unmodelled  # noqa: F401  (refuse_unmodelled: old home)
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
    run_control: str | None = None,
    run_control_options: dict | None = None,
) -> SimResult:
    """Simulate ``topology`` under ``routing`` and ``traffic`` at offered ``load``.

    Parameters
    ----------
    topology : Topology, networkx.Graph, or any graph :func:`lowdiam.topologies.as_topology` reads
        Router graph with endpoints (``lowdiam.topologies``); a raw graph gets one endpoint per router unless
        ``endpoints_per_router`` says otherwise.
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
        ``galaxyfly_rule``, uniform ``include_source``: the source among the destinations, as
        BookSim2's uniform draws them, ``router="booksim"`` only); unknown keys raise ``ValueError``.
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
    run_control : {"fixed", "booksim"}, optional
        What ends the run and decides ``saturated`` (``docs/run_control.md``); ``None``: the router model's
        default, ``"fixed"`` for every model today.  ``"fixed"``: the ``warmup_cycles`` / ``measure_cycles``
        windows, the drain, and the throughput rule of :mod:`lowdiam.sim.results` (accepted >= 95 % of
        offered; the project's own rule).  ``"booksim"`` (``router="booksim"`` only): BookSim2's own run control,
        the papers' meaning of "stable" (:mod:`lowdiam.sim.booksim.run_control`): sample periods of
        ``sample_period`` cycles, ``warmup_periods`` of warm-up, measurement until latency and accepted rate
        change by less than ``stopping_thres`` / ``acc_stopping_thres`` in three consecutive samples or
        ``max_samples`` samples in all, then the drain of the measured packets; *unstable* as soon as the mean
        latency of the retired packets and the flits in flight exceeds ``latency_thres`` (the run stops there).
        ``warmup_cycles`` / ``measure_cycles`` must stay at their defaults with it.
    run_control_options : dict, optional
        BookSim's keys for ``run_control="booksim"``: ``sample_period`` (1000), ``warmup_periods`` (3),
        ``max_samples`` (8, the PolarStar authors' ``polarstarconfig``; BookSim's default is 10),
        ``latency_thres`` (500.0), ``warmup_thres``, ``acc_warmup_thres``, ``stopping_thres``,
        ``acc_stopping_thres`` (0.05 each).

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
    ValueError: unknown ugal routing_options key 'sample'; valid keys: cost, inner, samples, threshold
    """
    arguments = dict(locals())  # the keywords above, as given: one SimRequest (request.make_request checks them)
    from lowdiam.topologies.base import as_topology

    request = make_request(as_topology(arguments.pop("topology")), **arguments)
    return router_model(request.router).run(request)


def saturation_load(topology, *, lo: float = 0.1, hi: float = 1.0, tol: float = 0.02, coarse_step: float = 0.1,
                    **kwargs) -> float:
    """Last stable offered load of ``topology``: :func:`lowdiam.sweep.bracket_saturation` (coarse steps of
    ``coarse_step`` from ``lo``, then bisection to ``tol``) over uncached :func:`simulate` runs.

    ``kwargs`` go to :func:`simulate` (``run_control="booksim"`` for BookSim's own decision).  Returns 0.0 when
    ``lo`` is already unstable and ``hi`` when nothing up to ``hi`` is.  Notebooks and studies use the cached,
    parallel :func:`lowdiam.sweep.saturation_search`, which also reports the first unstable load and the rule.

    Examples
    --------
    >>> from lowdiam.topologies import Topology
    >>> ring = Topology.from_edges("ring6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)], endpoints_per_router=1)
    >>> saturation_load(ring, tol=0)
    Traceback (most recent call last):
        ...
    ValueError: tol must be >= 1e-05, got 0.0
    """
    from lowdiam.sweep import bracket_saturation

    def unstable(loads: list[list[float]]) -> list[list[bool]]:
        return [[simulate(topology, load=ld, **kwargs).saturated for ld in ls] for ls in loads]

    return bracket_saturation(unstable, 1, coarse_step=coarse_step, tol=tol, lo=lo, hi=hi)[0][0]
