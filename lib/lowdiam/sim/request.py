"""The validated description of one run: what every router model receives.

:func:`lowdiam.sim.simulate` checks every argument once and hands a
:class:`SimRequest` to the chosen router model (:mod:`lowdiam.sim.routers`).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

from lowdiam.validate import check_choice, check_float, check_int, check_options

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
    """One run, validated.  Loads in flits / endpoint / cycle, times in cycles.

    ``topology`` already carries the requested endpoints per router;
    ``routing_options`` are complete (defaults and alias presets applied);
    ``vcs`` is ``None`` when the router model should choose (at least ``min_vcs``).
    """

    topology: Any
    routing: str
    routing_options: dict
    traffic: str
    traffic_options: dict
    load: float
    packet_flits: int
    vcs: int | None
    min_vcs: int
    buffer_flits: int
    warmup_cycles: int
    measure_cycles: int
    seed: int
    drain: str
    max_drain_cycles: int | None
    link_latency: int
    global_link_latency: int
    router_delay: int
    injection_latency: int
    ejection_latency: int
    flow_control: str
    arbitration: str
    saturation_tolerance: float
    router: str
    router_options: dict
    run_control: str = "fixed"
    run_control_options: dict = dataclasses.field(default_factory=dict)

    @property
    def distances(self) -> np.ndarray:
        return distances(self.topology)


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


def make_request(topology, routing, traffic, load, *, endpoints_per_router, packet_flits, vcs, buffer_flits,
                 warmup_cycles, measure_cycles, seed, drain, max_drain_cycles, link_latency, global_link_latency,
                 router_delay, injection_latency, ejection_latency, flow_control, arbitration, traffic_options,
                 saturation_tolerance, routing_options, router, router_options, min_vcs, polarized_weights,
                 ksp_paths, run_control=None, run_control_options=None) -> SimRequest:
    """Validate :func:`lowdiam.sim.simulate`'s arguments (see there) into a :class:`SimRequest`."""
    from .routers import router_model

    model = router_model(router)
    if model.routings is None:
        routing_options = merge_deprecated(routing, routing_options, polarized_weights=polarized_weights,
                                           ksp_paths=ksp_paths)
        _, routing_options = resolve_routing(routing, routing_options)
    else:  # the model routes itself and validates its own routing_options
        if routing not in model.routings:
            from .routers import ROUTERS
            from .routings import ROUTINGS as SHARED

            others = [m.name for m in ROUTERS.values() if m.name != router
                      and routing in (m.routings if m.routings is not None else SHARED)]
            if others:  # a routing of another model: say which (simulate's default model is "booksim")
                raise ValueError(f"routing {routing!r} does not run on router {router!r}; it runs on router "
                                 + " or ".join(repr(o) for o in others) + f" (router {router!r} runs "
                                 + ", ".join(repr(r) for r in model.routings) + ")")
        check_choice(f"routing of router {router!r}", routing, model.routings)
        for kw, value in (("polarized_weights", polarized_weights), ("ksp_paths", ksp_paths)):
            if value is not None:
                raise ValueError(f"{kw}= is not an option of router {router!r}; use routing_options")
        routing_options = dict(check_options("routing_options", routing_options,
                                             list(routing_options or {})))
    if isinstance(load, bool) or not isinstance(load, (int, float, np.floating, np.integer)):
        raise TypeError(f"load must be a number in (0, 1] flits/endpoint/cycle, got {load!r}")
    load = float(load)
    if not (0.0 < load <= 1.0) or math.isnan(load):
        raise ValueError(f"load must be in (0, 1] flits/endpoint/cycle, got {load}")
    if flow_control is None:  # the model's own flow control, its first listed
        flow_control = model.flow_controls[0]
    check_choice("flow_control", flow_control, FLOW_CONTROLS)
    check_choice("arbitration", arbitration, ARBITRATIONS)
    check_choice("drain", drain, DRAIN_MODES)
    P = check_int("packet_flits", packet_flits, low=1)
    cap = check_int("buffer_flits", buffer_flits, low=1)
    if cap < P and flow_control != "wormhole":
        raise ValueError(
            f"buffer_flits={cap} cannot hold a whole packet of {P} flits (virtual cut-through); "
            f"use buffer_flits >= {P}, or flow_control='wormhole'"
        )
    L = check_int("link_latency", link_latency, low=1)
    floor = check_int("min_vcs", min_vcs, low=1)
    if vcs is not None and floor != 1:
        raise ValueError(f"give vcs={vcs!r} or min_vcs={min_vcs!r}, not both: min_vcs only applies when vcs is None")
    if endpoints_per_router is not None:
        topology = topology.with_endpoints(check_int("endpoints_per_router", endpoints_per_router, low=1))
    check_topology_arrays(topology)
    if traffic not in PATTERNS:
        raise ValueError(f"unknown traffic pattern {traffic!r}; choose one of {sorted(PATTERNS)}")
    req = SimRequest(
        topology=topology, routing=routing, routing_options=routing_options, traffic=traffic,
        traffic_options=check_options(f"{traffic} traffic_options", traffic_options, pattern_options(traffic)),
        load=load, packet_flits=P, vcs=None if vcs is None else check_int("vcs", vcs, low=1), min_vcs=floor,
        buffer_flits=cap, warmup_cycles=check_int("warmup_cycles", warmup_cycles, low=0),
        measure_cycles=check_int("measure_cycles", measure_cycles, low=1), seed=check_int("seed", seed, low=0),
        drain=drain,
        max_drain_cycles=None if max_drain_cycles is None else check_int("max_drain_cycles", max_drain_cycles, low=0),
        link_latency=L,
        global_link_latency=L if global_link_latency is None else check_int("global_link_latency",
                                                                            global_link_latency, low=1),
        router_delay=check_int("router_delay", router_delay, low=0),
        injection_latency=check_int("injection_latency", injection_latency, low=1),
        ejection_latency=check_int("ejection_latency", ejection_latency, low=1),
        flow_control=flow_control, arbitration=arbitration,
        saturation_tolerance=check_float("saturation_tolerance", saturation_tolerance, low=0.0, high=1.0,
                                         high_open=True),
        router=router, router_options=model.check_options(router_options),
        run_control=_check_run_control(model, run_control, run_control_options),
        run_control_options=dict(run_control_options or {}),
    )
    if flow_control not in model.flow_controls:
        raise ValueError(f"router {router!r} models flow_control {list(model.flow_controls)}, not {flow_control!r}")
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
