"""Router models, registered by name: ``simulate(..., router="booksim", router_options={...})``.

``simulate``'s default is ``"booksim"``, the router of the simulator most of the papers used (PolarStar,
Galaxyfly); the Polarized paper's is ``"caminos"``; ``"ideal"`` is an upper bound of input-queued routers
(faster, and it runs every routing, Polarized included).

A router model turns a validated :class:`~lowdiam.sim.request.SimRequest`
(topology with endpoints, routing and its options, traffic and its options,
load, packet / VC / buffer sizes, latencies, phase lengths, drain mode, seed,
flow control, arbitration, saturation tolerance and the model's own
``router_options``) into a :class:`~lowdiam.sim.results.SimResult`.

Registered models (``ROUTERS``):

``"booksim"``
    A flit-level model of BookSim2's input-queued router (:mod:`lowdiam.sim.booksim`), the simulator of the
    PolarStar and Galaxyfly papers, with BookSim's option names and defaults; cross-validated against
    BookSim2 (saturation equal or one 0.05 step apart, latency within 2.3 % up to 80 % of saturation, on six
    graphs at internal speedup 1 and 2).  Its own routings ``"min-single"`` (``paths``: ``"booksim-anynet"``
    or ``"random"``) and ``"min"`` (those were cross-validated), and the shared routings except Polarized
    (Valiant, UGAL-L, NAG, ...; as the PolarStar and Galaxyfly authors' BookSim forks added them, with
    hop-indexed VCs); ``flow_control="wormhole"``.

``"caminos"``
    The CAMINOS router of the Polarized-routing paper (:mod:`lowdiam.sim.caminos`), cross-validated
    against CAMINOS: input and output buffers, one stage, random allocator, with its own routings
    ``"min-adaptive"``, ``"valiant"`` (adaptive minimal phases), ``"polarized"`` and ``"omni"``
    (``lowdiam.sim.caminos.routing.ROUTING_CODES``).

``"ideal"``
    The built-in idealised input-queued router (:mod:`lowdiam.sim.ideal`):
    greedy maximal VC/switch allocation in one cycle, hop-indexed VCs,
    ``flow_control="vct"`` (virtual cut-through, packet-level) or
    ``"wormhole"`` (flit-level).  No router options.

Contract for a new model (e.g. ``lowdiam.sim.booksim``, ``lowdiam.sim.caminos``)
--------------------------------------------------------------------------------
Registering is one line in ``ROUTERS`` below plus a small adapter::

    "booksim": RouterModel("booksim", "lowdiam.sim.booksim.adapter:run",
                           "BookSim iq_router, flit level", options={"vc_alloc_delay": 1, ...},
                           flow_controls=("wormhole",)),

``entry`` is ``"module:function"`` (imported on first use, inside
:func:`lowdiam.sim.kernel_cache.kernel_cache_scope` so the model's numba
functions get the versioned cache folder; a package that may also be imported
directly should wrap its kernel imports in that scope itself); the function takes one ``SimRequest``
and returns a ``SimResult`` with every field filled honestly (``nan`` where
the model has no such measurement; ``routing``, ``traffic`` and
``offered_load`` copied from the request; ``params`` holding at least the
request's sizes, cycles, seed and the model's resolved options).  The adapter
refuses what the model does not model and hands the request to the model's
driver, which reads the fields it needs (no parameter list repeated)::

    def run(req):
        refuse_unmodelled(req, UNMODELLED)
        from lowdiam.sim.booksim import run_booksim
        return run_booksim(req)

``options`` lists the model's ``router_options`` with their defaults:
unknown keys are refused before the model runs (``ValueError`` naming the
valid ones), given ones override the defaults, and the adapter receives the
merged dict.  ``flow_controls`` lists the ``flow_control`` values it models
(the first is its default, used when ``flow_control=None``; others are refused);
routings it does not support it refuses itself with a ``ValueError`` naming the
ones it does, and ``simulate`` arguments it does not model with
:func:`lowdiam.sim.request.refuse_unmodelled` (the adapters' ``UNMODELLED``).

Examples
--------
>>> from lowdiam.sim.routers import ROUTERS, router_model
>>> sorted(ROUTERS)
['booksim', 'caminos', 'ideal']
>>> router_model("ideal").check_options(None)
{}
>>> router_model("booksim2")
Traceback (most recent call last):
    ...
ValueError: router must be one of 'ideal', 'booksim', 'caminos'; got 'booksim2'
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable
from typing import Any

from lowdiam.validate import check_choice, check_options


@dataclasses.dataclass(frozen=True)
class RouterModel:
    """A router model: name, ``"module:function"`` entry (``SimRequest -> SimResult``), options, flow controls."""

    name: str
    entry: str
    description: str
    options: dict = dataclasses.field(default_factory=dict)
    flow_controls: tuple[str, ...] = ("vct",)
    #: ``None``: the model runs the shared routings of :mod:`lowdiam.sim.routings` (validated before it runs);
    #: a tuple: the model routes itself with these routings and validates their ``routing_options`` itself.
    routings: tuple[str, ...] | None = None
    #: run controls it implements (``simulate(run_control=...)``; the first is its default): ``"fixed"``, fixed
    #: windows and the throughput rule of :mod:`lowdiam.sim.results`; ``"booksim"``, BookSim2's ``_SingleSim``
    run_controls: tuple[str, ...] = ("fixed",)

    def check_options(self, options: dict | None) -> dict[str, Any]:
        """``options`` merged over the defaults; unknown keys raise ``ValueError``."""
        given = check_options(f"router {self.name!r} router_options", options, self.options)
        return {**self.options, **given}

    def load(self) -> Callable:
        """The entry function; its module is imported inside :func:`~lowdiam.sim.kernel_cache.kernel_cache_scope`
        (the fallback where numba's cache locator of :mod:`lowdiam.sim.kernel_cache` is not installed; with it the
        model's numba functions cache in its own versioned folder whatever imports them)."""
        from .kernel_cache import kernel_cache_scope

        module, _, func = self.entry.partition(":")
        with kernel_cache_scope():
            return getattr(importlib.import_module(module), func)

    def run(self, request) -> Any:
        from .kernel_cache import compile_once, noting_compilation

        entry = self.load()
        # on a cold cache one process compiles the kernels (a tiny warm-up run under a lock); the others load them
        compile_once(self.name, request.flow_control)
        # a one-line note while the kernels compile on first use (per flow control: the ideal model has two kernels)
        with noting_compilation(self.name, request.flow_control):
            return entry(request)


def _booksim_data():
    from .booksim import options  # plain data; no numba import

    return options


ROUTERS: dict[str, RouterModel] = {
    "ideal": RouterModel("ideal", "lowdiam.sim.ideal.run:run",
                         "idealised input-queued router (greedy maximal allocation, hop-indexed VCs)",
                         flow_controls=("vct", "wormhole")),
    "booksim": RouterModel("booksim", "lowdiam.sim.booksim.adapter:run",
                           "BookSim2 iq_router, flit level (separable input-first / iSLIP allocators, pipeline "
                           "delays, internal speedup, credit delay)",
                           options=dict(_booksim_data().ROUTER_DEFAULTS), flow_controls=("wormhole",),
                           routings=_booksim_data().ROUTINGS, run_controls=("fixed", "booksim")),
    "caminos": RouterModel("caminos", "lowdiam.sim.caminos.adapter:run",
                           "CAMINOS InputOutput router of the Polarized paper (input + output buffers, random "
                           "allocator, occupancy-adaptive routing)",
                           options={"input_buffer_packets": 4, "output_buffer_packets": 2,
                                    "server_queue_messages": 20},
                           routings=("min-adaptive", "valiant", "polarized", "omni")),
}


def router_model(name: str) -> RouterModel:
    """The registered :class:`RouterModel` called ``name``."""
    check_choice("router", name, ROUTERS)
    return ROUTERS[name]
