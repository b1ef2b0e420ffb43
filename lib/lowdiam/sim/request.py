"""The validated description of one run: what every router model receives.

:func:`lowdiam.sim.simulate` checks every argument once and hands a
:class:`SimRequest` to the chosen router model (:mod:`lowdiam.sim.routers`).
"""

from __future__ import annotations

import dataclasses
import math
from types import SimpleNamespace
from typing import Any

import numpy as np

from lowdiam.validate import check_choice, check_float, check_int, check_options

from .results import SATURATION_TOLERANCE
from .routings import merge_deprecated, resolve_routing
from .tables import distances
from .traffic import PATTERNS, pattern_options

DRAIN_MODES = ("measured", "all", "none")
#: most buffer slots (channels x VCs x flits per VC buffer) a run may ask for: int32-indexed, gigabytes at most
MAX_BUFFER_SLOTS = 2**31 - 1
FLOW_CONTROLS = ("vct", "wormhole")
ARBITRATIONS = ("random", "round_robin")


@dataclasses.dataclass(frozen=True)
class SimRequest:
    """One run: the one object every router model's entry point takes.  Loads in flits / endpoint / cycle, times
    in cycles.

    :func:`lowdiam.sim.simulate` builds it with :func:`make_request` (every value checked):
    ``topology`` already carries the requested endpoints per router; ``routing_options`` are complete (defaults
    and alias presets applied); ``vcs`` is ``None`` when the router model should choose (at least ``min_vcs``).
    A router model's direct entry point (``run_booksim(topology, routing, traffic, load, ...)``) builds it with
    :func:`direct_request` and checks the values it reads itself.

    The field defaults are :func:`lowdiam.sim.simulate`'s (``None`` there is ``{}`` here for the option dicts,
    and ``run_control=None``, the model's default, is ``"fixed"``; ``tests/test_sim_request.py`` keeps the
    two in step); :func:`refuse_unmodelled` compares with them.
    """

    topology: Any
    routing: str
    traffic: str
    load: float
    routing_options: dict = dataclasses.field(default_factory=dict)
    traffic_options: dict = dataclasses.field(default_factory=dict)
    packet_flits: int = 4
    vcs: int | None = None
    min_vcs: int = 1
    buffer_flits: int = 32
    warmup_cycles: int = 1000
    measure_cycles: int = 2000
    seed: int = 0
    drain: str = "measured"
    max_drain_cycles: int | None = None
    link_latency: int = 1
    global_link_latency: int | None = None
    router_delay: int = 1
    injection_latency: int = 1
    ejection_latency: int = 1
    flow_control: str | None = None
    arbitration: str = "random"
    saturation_tolerance: float = SATURATION_TOLERANCE
    router: str = "booksim"
    router_options: dict = dataclasses.field(default_factory=dict)
    run_control: str = "fixed"
    run_control_options: dict = dataclasses.field(default_factory=dict)

    @property
    def distances(self) -> np.ndarray:
        return distances(self.topology)


def field_defaults() -> dict[str, Any]:
    """``{field: default}`` of every :class:`SimRequest` field that has one.

    Examples
    --------
    >>> d = field_defaults()
    >>> d["packet_flits"], d["drain"], d["routing_options"]
    (4, 'measured', {})
    """
    out = {}
    for f in dataclasses.fields(SimRequest):
        if f.default is not dataclasses.MISSING:
            out[f.name] = f.default
        elif f.default_factory is not dataclasses.MISSING:
            out[f.name] = f.default_factory()
    return out


#: :func:`lowdiam.sim.simulate` keywords that are not :class:`SimRequest` fields: they shape the request
#: (``endpoints_per_router`` goes into the topology, the deprecated two into ``routing_options``)
INPUT_ONLY = {"endpoints_per_router": None, "polarized_weights": None, "ksp_paths": None}


def refuse_unmodelled(request: SimRequest, unmodelled: dict[str, str]) -> None:
    """Raise ``ValueError`` if ``request`` sets a ``simulate`` argument the model does not have.

    ``unmodelled`` maps argument name -> what the model does instead.  An argument left at its default
    (:class:`SimRequest`'s, which are ``simulate``'s) passes (the model's own behaviour stands in for it); any
    other value is refused with that explanation, never silently ignored.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> req = SimRequest(hyperx(3, 3), "min", "uniform", 0.1, router="caminos", link_latency=2)
    >>> refuse_unmodelled(req, {"link_latency": "one-cycle links"})
    Traceback (most recent call last):
        ...
    ValueError: router 'caminos' does not model link_latency (one-cycle links); leave it at its default 1
    """
    defaults = field_defaults()
    for name, why in unmodelled.items():
        value = getattr(request, name)
        if name == "global_link_latency" and value == request.link_latency:
            continue  # the request fills it in from link_latency
        if value != defaults[name]:
            raise ValueError(
                f"router {request.router!r} does not model {name} ({why}); leave it at its default {defaults[name]!r}"
            )


def direct_request(entry: str, request, routing, traffic, load, arguments: dict, *,
                   defaults: dict | None = None, required: tuple[str, ...] = (),
                   accepted: tuple[str, ...] = ()) -> SimRequest:
    """The :class:`SimRequest` of a router model's direct entry point, called either way.

    ``entry(request)`` with a :class:`SimRequest` (what :func:`lowdiam.sim.simulate` hands the model) returns
    it.  ``entry(topology, routing, traffic, load, **arguments)`` (also ``topology=`` as a keyword) builds one
    from ``arguments`` (names of ``accepted``; ``endpoints_per_router`` goes into the topology) over
    ``defaults`` and :class:`SimRequest`'s own, without checking the values: the model checks what it reads.

    Raises
    ------
    TypeError
        Arguments besides a request, a missing one (``topology``, ``routing``, ``traffic``, ``load`` or one of
        ``required``) or one the entry point does not take (naming those it takes).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> req = direct_request("run_x", hyperx(3, 3), "min", "uniform", 0.1, {"endpoints_per_router": 2,
    ...                      "seed": 3}, accepted=("endpoints_per_router", "seed"))
    >>> req.topology.num_endpoints, req.seed, req.packet_flits
    (18, 3, 4)
    >>> direct_request("run_x", req, None, None, None, {}) is req
    True
    >>> direct_request("run_x", req, None, None, None, {"seed": 1})
    Traceback (most recent call last):
        ...
    TypeError: run_x(request) takes a SimRequest alone; got also ['seed']
    """
    if isinstance(request, SimRequest):
        extra = [k for k, v in (("routing", routing), ("traffic", traffic), ("load", load)) if v is not None]
        if extra or arguments:
            raise TypeError(f"{entry}(request) takes a SimRequest alone; got also {extra + sorted(arguments)}")
        return request
    arguments = dict(arguments)
    if request is None:
        request = arguments.pop("topology", None)
    missing = [k for k, v in (("topology", request), ("routing", routing), ("traffic", traffic), ("load", load))
               if v is None] + [k for k in required if k not in arguments]
    if missing:
        raise TypeError(f"{entry}() missing required argument(s): {', '.join(missing)}")
    unknown = sorted(set(arguments) - set(accepted))
    if unknown:
        raise TypeError(f"{entry}() got unexpected keyword argument(s) {unknown}; it takes topology, routing, "
                        f"traffic, load, {', '.join(accepted)}")
    given = {**(defaults or {}), **arguments}
    ept = given.pop("endpoints_per_router", None)
    if ept is not None:
        request = request.with_endpoints(check_int("endpoints_per_router", ept, low=1))
    return SimRequest(topology=request, routing=routing, traffic=traffic, load=load, **given)


def check_buffer_slots(topology, vcs: int, buffer_flits: int) -> None:
    """Refuse VC and buffer sizes whose buffers would exceed :data:`MAX_BUFFER_SLOTS` (a typo such as
    ``vcs=10**7`` is a ``ValueError`` here, not a ``MemoryError`` from the model)."""
    channels = int(np.asarray(topology.indices).size) + 2 * int(np.asarray(topology.endpoints, np.int64).sum())
    slots = channels * int(vcs) * int(buffer_flits)
    if slots > MAX_BUFFER_SLOTS:
        raise ValueError(
            f"{vcs} VCs x {buffer_flits} flits on each of {channels} channels of {topology.name} is {slots} buffer "
            f"slots, above the limit of {MAX_BUFFER_SLOTS} (lowdiam.sim.request.MAX_BUFFER_SLOTS); use fewer VCs "
            "or smaller buffers"
        )


def check_topology_arrays(topology) -> None:
    """CSR consistency (O(E)): indptr of length n + 1, starting at 0, non-decreasing; indices in [0, n).

    A kernel indexes with these arrays unchecked, so a broken topology must
    fail here, with a ``ValueError``.
    """
    n = int(topology.num_routers)
    indptr = np.asarray(topology.indptr)
    indices = np.asarray(topology.indices)
    name = getattr(topology, "name", "topology")
    if indptr.ndim != 1 or indptr.size != n + 1:
        raise ValueError(f"{name}: indptr must have num_routers + 1 = {n + 1} entries, has {indptr.size}")
    if indptr.size and (indptr[0] != 0 or np.any(np.diff(indptr) < 0)):
        raise ValueError(f"{name}: indptr must start at 0 and never decrease")
    if indices.ndim != 1 or indices.size != int(indptr[-1]):
        raise ValueError(f"{name}: indices must have indptr[-1] = {int(indptr[-1])} entries, has {indices.size}")
    if indices.size and (indices.min() < 0 or indices.max() >= n):
        raise ValueError(f"{name}: indices must be router ids in [0, {n}), found {int(indices.min())}.."
                         f"{int(indices.max())}")
    ep = np.asarray(topology.endpoints)
    if ep.shape != (n,) or (ep.size and ep.min() < 0):
        raise ValueError(f"{name}: endpoints must be {n} non-negative counts")


#: simulate() keywords whose default is None (the model's choice, or "none given") where the request's is a value
_NONE_DEFAULTS = ("traffic_options", "routing_options", "router_options", "run_control", "run_control_options")


def _check_run_control(model, run_control, run_control_options) -> str:
    """The run control named (``None``: the model's default), checked against what the model implements."""
    if run_control is None:
        run_control = model.run_controls[0]
    if run_control not in model.run_controls:
        raise ValueError(f"router {model.name!r} implements run_control {list(model.run_controls)}, not "
                         f"{run_control!r} ('booksim', BookSim2's own run control, needs router='booksim')")
    if run_control_options is not None and not isinstance(run_control_options, dict):
        raise TypeError(f"run_control_options must be a dict, got {type(run_control_options).__name__}")
    if run_control == "booksim":
        from .booksim.run_control import check_run_control_options

        check_run_control_options(run_control_options)
    elif run_control_options:
        raise ValueError(f"run_control_options belong to run_control='booksim'; run_control={run_control!r} "
                         "has none (its windows are warmup_cycles and measure_cycles)")
    return run_control


def make_request(topology, routing: str = "min", traffic: str = "uniform", load: float = 0.3, **arguments
                 ) -> SimRequest:
    """Validate :func:`lowdiam.sim.simulate`'s arguments (see there) into a :class:`SimRequest`.

    ``arguments`` are ``simulate``'s keywords (:class:`SimRequest` fields and :data:`INPUT_ONLY`); one not given
    takes ``simulate``'s default.  An unknown one is a ``TypeError`` naming the valid ones.
    """
    from .routers import router_model

    valid = {**field_defaults(), **{k: None for k in _NONE_DEFAULTS}, **INPUT_ONLY}
    unknown = sorted(set(arguments) - set(valid))
    if unknown:
        raise TypeError(f"make_request() got unexpected keyword argument(s) {unknown}; valid: {sorted(valid)}")
    a = SimpleNamespace(**{**valid, **arguments})

    model = router_model(a.router)
    if model.routings is None:
        a.routing_options = merge_deprecated(routing, a.routing_options, polarized_weights=a.polarized_weights,
                                             ksp_paths=a.ksp_paths)
        _, a.routing_options = resolve_routing(routing, a.routing_options)
    else:  # the model routes itself and validates its own routing_options
        if routing not in model.routings:
            from .routers import ROUTERS
            from .routings import ROUTINGS as SHARED

            others = [m.name for m in ROUTERS.values() if m.name != a.router
                      and routing in (m.routings if m.routings is not None else SHARED)]
            if others:  # a routing of another model: say which (simulate's default model is "booksim")
                raise ValueError(f"routing {routing!r} does not run on router {a.router!r}; it runs on router "
                                 + " or ".join(repr(o) for o in others) + f" (router {a.router!r} runs "
                                 + ", ".join(repr(r) for r in model.routings) + ")")
        check_choice(f"routing of router {a.router!r}", routing, model.routings)
        for kw, value in (("polarized_weights", a.polarized_weights), ("ksp_paths", a.ksp_paths)):
            if value is not None:
                raise ValueError(f"{kw}= is not an option of router {a.router!r}; use routing_options")
        a.routing_options = dict(check_options("routing_options", a.routing_options, list(a.routing_options or {})))
    if isinstance(load, bool) or not isinstance(load, (int, float, np.floating, np.integer)):
        raise TypeError(f"load must be a number in (0, 1] flits/endpoint/cycle, got {load!r}")
    load = float(load)
    if not (0.0 < load <= 1.0) or math.isnan(load):
        raise ValueError(f"load must be in (0, 1] flits/endpoint/cycle, got {load}")
    if a.flow_control is None:  # the model's own flow control, its first listed
        a.flow_control = model.flow_controls[0]
    check_choice("flow_control", a.flow_control, FLOW_CONTROLS)
    check_choice("arbitration", a.arbitration, ARBITRATIONS)
    check_choice("drain", a.drain, DRAIN_MODES)
    P = check_int("packet_flits", a.packet_flits, low=1)
    cap = check_int("buffer_flits", a.buffer_flits, low=1)
    if cap < P and a.flow_control != "wormhole":
        raise ValueError(
            f"buffer_flits={cap} cannot hold a whole packet of {P} flits (virtual cut-through); "
            f"use buffer_flits >= {P}, or flow_control='wormhole'"
        )
    L = check_int("link_latency", a.link_latency, low=1)
    floor = check_int("min_vcs", a.min_vcs, low=1)
    if a.vcs is not None and floor != 1:
        raise ValueError(f"give vcs={a.vcs!r} or min_vcs={a.min_vcs!r}, not both: min_vcs only applies when vcs is "
                         "None")
    if a.endpoints_per_router is not None:
        topology = topology.with_endpoints(check_int("endpoints_per_router", a.endpoints_per_router, low=1))
    check_topology_arrays(topology)
    if traffic not in PATTERNS:
        raise ValueError(f"unknown traffic pattern {traffic!r}; choose one of {sorted(PATTERNS)}")
    req = SimRequest(
        topology=topology, routing=routing, routing_options=a.routing_options, traffic=traffic,
        traffic_options=check_options(f"{traffic} traffic_options", a.traffic_options, pattern_options(traffic)),
        load=load, packet_flits=P, vcs=None if a.vcs is None else check_int("vcs", a.vcs, low=1), min_vcs=floor,
        buffer_flits=cap, warmup_cycles=check_int("warmup_cycles", a.warmup_cycles, low=0),
        measure_cycles=check_int("measure_cycles", a.measure_cycles, low=1), seed=check_int("seed", a.seed, low=0),
        drain=a.drain,
        max_drain_cycles=None if a.max_drain_cycles is None else check_int("max_drain_cycles", a.max_drain_cycles,
                                                                         low=0),
        link_latency=L,
        global_link_latency=L if a.global_link_latency is None else check_int("global_link_latency",
                                                                              a.global_link_latency, low=1),
        router_delay=check_int("router_delay", a.router_delay, low=0),
        injection_latency=check_int("injection_latency", a.injection_latency, low=1),
        ejection_latency=check_int("ejection_latency", a.ejection_latency, low=1),
        flow_control=a.flow_control, arbitration=a.arbitration,
        saturation_tolerance=check_float("saturation_tolerance", a.saturation_tolerance, low=0.0, high=1.0,
                                         high_open=True),
        router=a.router, router_options=model.check_options(a.router_options),
        run_control=_check_run_control(model, a.run_control, a.run_control_options),
        run_control_options=dict(a.run_control_options or {}),
    )
    if a.flow_control not in model.flow_controls:
        raise ValueError(f"router {a.router!r} models flow_control {list(model.flow_controls)}, not "
                         f"{a.flow_control!r}")
    check_buffer_slots(topology, max(req.vcs or 1, req.min_vcs), req.buffer_flits)
    NE = int(np.asarray(topology.endpoints).sum())
    if NE < 2:
        raise ValueError(f"{topology.name} has {NE} endpoints; a simulation needs at least 2")
    D = distances(topology)
    carriers = np.flatnonzero(np.asarray(topology.endpoints) > 0)
    # min and min-single only ever visit routers on shortest paths between endpoint routers
    whole_graph = routing not in ("min", "min-single")
    if D[np.ix_(carriers, carriers)].max() == 255 or (whole_graph and D.max() == 255):
        raise ValueError(f"{topology.name} is disconnected; routing needs a connected router graph")
    return req
