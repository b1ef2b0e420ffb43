"""Routing algorithms of the simulator: one module per routing, registered by name.

Registered routings (``ROUTINGS``; options go in ``simulate(..., routing_options={...})``):

==================  =====================================================  ==================
name                what                                                   options
==================  =====================================================  ==================
``min``             uniform among all minimal next hops, hop by hop         --
``min-single``      one fixed shortest path per router pair                 --
``source-min``      a uniformly random shortest path per packet             --
``polarstar-min``   PolarStar analytic minimal routing (factor graphs)     --
``df-min``          Dragonfly hierarchical minimal (<= 1 global link)      --
``gf-min``          Galaxyfly MIN: fewest global links, then fewest links   --
                    (supernode by supernode; any topology with link classes)
``valiant``         random intermediate, ``inner`` routing both phases     ``inner``
``ugal``            UGAL-L: minimal vs sampled Valiant routes at source    ``inner``, ``samples``,
                                                                           ``threshold``
``nag``             Galaxyfly NAG: threshold misrouting via a supernode    ``inner``
``nar``             Galaxyfly NAR: misrouting via a common neighbour       ``inner``
                    supernode of linked same-cluster supernodes
``nal``             Galaxyfly NAL: misrouting by one local hop in the      ``inner``
                    source supernode
``omni``            Omni-dimensional adaptive routing (HyperX): any        ``deroutes``
                    unaligned dimension, limited deroutes
``polarized``       Polarized routing (Algorithm 1, HOTI 2021)             ``weights``
``ksp``             k-shortest-paths source routing                        ``paths``
``df-ugal``         alias: ``ugal`` with ``{"inner": "df-min"}``           as ``ugal``
``ugal-pf``         PolarStar authors' UGAL (``ugall4_pf_anynet``):       ``threshold``,
                    minimal until its port holds 2/3 of a VC buffer,       ``paths``
                    then via the least-loaded neighbour
==================  =====================================================  ==================

``inner`` is any minimal (hop-by-hop) routing: every routing flagged
``minimal=True`` (``min``, ``min-single``, ``source-min``, ``polarstar-min``, ``df-min``,
``gf-min``, ...).  The table lists the routings of the papers; ``ROUTINGS`` holds every
registered one.  Each module's docstring states the algorithm,
its paper, its options and what its per-packet ``route_state`` holds.

VC classes are hop-indexed (a packet that has crossed ``h`` links sits in a VC
of class ``h - 1``), so every routing needs as many VCs as its longest route
(``Routing.route_length``).  VCs beyond that are shared out among the classes
(VC ``v`` is in class ``v mod L``) and a packet takes the emptiest VC of its class.

How to add a routing
--------------------
Write one module, ``lowdiam/sim/routings/<name>.py`` (copy the closest existing
one; ``min_random_first.py`` is a short minimal one, ``valiant.py`` a short
composite one), plus its tests.  Nothing else is edited:

* ``CODE``: an unused small integer;
* kernel functions (``@njit(cache=True, inline="always")``) over the
  :class:`~lowdiam.sim.routings.base.RouteTables` record ``tabs``, the network
  ``net``, the packet's ``route_state`` word and the generator ``rs``: a
  minimal routing writes ``hop(c, t, tabs, net, rs)`` or, if it depends on
  how far the packet has come, ``hop(c, t, h, tabs, net, rs)`` (arc out of
  ``c`` towards router ``t``, < 0 when none; ``h``: links crossed so far); any
  other writes ``next_hop(...)`` returning an arc, ``EJECT``, ``WAIT``,
  ``NO_ROUTE`` or ``VC_OVERFLOW`` and, if it decides anything at the source,
  ``setup(p, s_r, d_r, tabs, route_state, rs)``.  A function takes the
  arguments it needs by name (:data:`.codegen.NEXT_HOP_ARGUMENTS`: ``p``,
  ``c``, ``dst_r``, ``src_r``, ``vc_next``, ``need``, ``tabs``, ``net``,
  ``route_state``, ``ports``, ``rs``, ...);
* ``ROUTING = Routing(name=..., code=CODE, description=..., build=...,
  route_length=..., defaults={...}, check=..., minimal=..., setup=...,
  oblivious=..., routers=..., aliases=...)``: ``build(ctx, options)`` returns
  the ``RouteTables`` fields it reads (a new kind of table is a new field in
  ``base.RouteTables`` plus its placeholder) and raises ``ValueError`` where
  the routing does not apply; ``route_length`` is its longest route (the VC
  need); ``defaults`` lists its options (unknown keys are refused for you),
  ``check`` validates their values; the flags (:class:`~.base.Routing`) say
  which kernel functions it has and which router models run it.

On import this package reads every module that assigns ``ROUTING`` (statically:
:mod:`.codegen`), writes the kernels' dispatch from the flags
(:func:`.minimal.minimal_hop`, each routing's entries of
:func:`.dispatch.entries`), then registers the routings in ``REGISTRY`` and
their public names (and ``aliases``) in ``ROUTINGS``, by code; the BookSim
model runs every routing whose ``routers`` name it
(``lowdiam.sim.booksim.options.SHARED_ROUTINGS``), and a minimal one can be
the ``inner`` routing of Valiant, UGAL, NAG, NAR and NAL.  ``tests/test_sim.py``
and ``tests/test_sim_wormhole.py`` already run every name in ``ROUTINGS`` on
several topology families (add it to their ``STRUCTURED`` table if it applies
to some families only); add its invariants or a published value, and a case
to ``tests/test_sim_golden.py``.  ``tests/test_one_unit_recipes.py`` shows the
recipe on ``min-random-first``.

Examples
--------
>>> from lowdiam.sim.routings import ROUTINGS, resolve_routing
>>> routing, options = resolve_routing("df-ugal", None)
>>> routing.name, options
('ugal', {'inner': 'df-min', 'samples': 4, 'threshold': 0})
>>> resolve_routing("ugal", {"inner": "valiant"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
ValueError: ugal routing_options['inner'] must be a minimal routing, one of [...]; got 'valiant'
"""

from __future__ import annotations

import dataclasses
import importlib
import warnings
from typing import Any

import numpy as np

from lowdiam.validate import check_options

from . import codegen
from .base import (
    EJECT,
    NO_ROUTE,
    UNSET,
    VC_OVERFLOW,
    WAIT,
    BuildContext,
    RouteTables,
    Routing,
    endpoint_routers,
    route_tables,
)
from .inner import inner_routing

__all__ = [
    "EJECT",
    "NO_ROUTE",
    "REGISTRY",
    "ROUTINGS",
    "UNSET",
    "VC_OVERFLOW",
    "WAIT",
    "BuildContext",
    "RouteTables",
    "Routing",
    "RoutingSpec",
    "build_route_tables",
    "max_route_length",
    "resolve_routing",
]

# the kernels' routing entries and the minimal chain (_entries.py, _hop_chain.py) are generated from the routing
# modules' sources, before any routing module is imported (the composite routings import the minimal routings' chain)
_SOURCES = codegen.scan()
_WRITTEN = codegen.write(sources=_SOURCES)


def _discover() -> tuple:
    """The module of every routing :mod:`.codegen` found, by routing code, each checked against its source.

    A ``ROUTING`` whose dispatch flags differ from what the source reading saw (a flag computed at run time)
    would get the wrong dispatch: that is a ``RuntimeError`` naming the module.
    """
    found = []
    for src in _SOURCES:
        mod = importlib.import_module(f"{__name__}.{src.module}")
        r = getattr(mod, "ROUTING", None)
        if not isinstance(r, Routing):
            raise RuntimeError(f"routings/{src.module}.py: ROUTING is not a Routing")
        seen = (r.name, r.code, *(getattr(r, f) for f in codegen.STATIC_FLAGS))
        read = (src.name, src.code, *(getattr(src, f) for f in codegen.STATIC_FLAGS))
        if seen != read:
            raise RuntimeError(f"routings/{src.module}.py: ROUTING has (name, code, {', '.join(codegen.STATIC_FLAGS)})"
                               f" = {seen} but its source reads {read}; give them as literals")
        found.append(mod)
    return tuple(sorted(found, key=lambda m: m.ROUTING.code))


_MODULES = _discover()

#: every routing, by name, in the order of their codes
REGISTRY: dict[str, Routing] = {m.ROUTING.name: m.ROUTING for m in _MODULES}

#: names that are a registered routing with preset options (``Routing.aliases``): name -> (routing, preset)
ALIASES: dict[str, tuple[str, dict]] = {
    alias: (r.name, dict(preset)) for r in REGISTRY.values() for alias, (_, preset) in r.aliases.items()
}
_clash = sorted(set(ALIASES) & set(REGISTRY))
assert not _clash and len(ALIASES) == sum(len(r.aliases) for r in REGISTRY.values()), f"alias clash {_clash}"


@dataclasses.dataclass(frozen=True)
class RoutingSpec:
    """A routing name as callers use it: the routing it runs and its preset options."""

    name: str
    code: int
    description: str
    routing: str
    preset: dict = dataclasses.field(default_factory=dict)


def _specs() -> dict[str, RoutingSpec]:
    out = {}
    for r in REGISTRY.values():
        out[r.name] = RoutingSpec(r.name, r.code, r.description, r.name)
        for alias, (description, preset) in r.aliases.items():
            out[alias] = RoutingSpec(alias, r.code, description, r.name, dict(preset))
    return out


#: public names: every registered routing by code, each followed by its aliases
ROUTINGS: dict[str, RoutingSpec] = _specs()

# old routing-specific simulate() keywords -> (routing, option key)
DEPRECATED_KEYWORDS = {"polarized_weights": ("polarized", "weights"), "ksp_paths": ("ksp", "paths")}


def routing_spec(name: str) -> RoutingSpec:
    """The :class:`RoutingSpec` of a public routing name (``ValueError`` listing the choices)."""
    if not isinstance(name, str) or name not in ROUTINGS:
        raise ValueError(f"unknown routing {name!r}; choose one of {sorted(ROUTINGS)}")
    return ROUTINGS[name]


def resolve_routing(name: str, options: dict | None) -> tuple[Routing, dict[str, Any]]:
    """The :class:`Routing` behind ``name`` and its complete, validated options.

    Alias presets apply first, ``options`` override them; unknown keys raise
    ``ValueError`` naming the valid ones.
    """
    spec = routing_spec(name)
    routing = REGISTRY[spec.routing]
    opts = check_options(f"{spec.routing} routing_options", options, routing.defaults)
    opts = {**routing.defaults, **spec.preset, **opts}
    if "inner" in opts:
        inner_routing(spec.routing, opts, REGISTRY)
    if routing.check is not None:
        opts = routing.check(spec.routing, opts)
    return routing, opts


def merge_deprecated(name: str, options: dict | None, **keywords) -> dict | None:
    """Fold old top-level keywords (``polarized_weights=``, ``ksp_paths=``) into ``routing_options``.

    A keyword given (not ``None``) emits a ``DeprecationWarning``; it applies
    to its routing only (as before: ignored by the others) and may not also
    appear in ``options``.
    """
    out = dict(options) if options else {}
    for kw, value in keywords.items():
        if value is None:
            continue
        target, key = DEPRECATED_KEYWORDS[kw]
        warnings.warn(f"simulate({kw}=...) is deprecated; use routing_options={{{key!r}: ...}}",
                      DeprecationWarning, stacklevel=3)
        if routing_spec(name).routing != target:
            continue
        if key in out:
            raise ValueError(f"give {kw}= or routing_options[{key!r}], not both")
        out[key] = value
    return out or options


def build_route_tables(routing: Routing, options: dict, ctx: BuildContext) -> tuple[RouteTables, int]:
    """Tables of ``routing`` for ``ctx``'s topology and the longest route (the VC need, at least 1)."""
    fields = dict(routing.build(ctx, options))
    need = max(int(routing.route_length(ctx, options, fields)), 1)
    inner = fields.pop("inner", routing.code)
    tabs = route_tables(routing.code, inner, ctx.topology.num_routers, need, routing.redecide, ctx.D, fields,
                        minimal=routing.minimal, setup=routing.setup)
    return tabs, need


def max_route_length(name: str, D: np.ndarray, endpoint_routers_mask: np.ndarray) -> int:
    """Longest route (in links) the routing can produce: the VC requirement.

    For ``"df-*"`` pass the hierarchical distances as ``D``.  MIN-like routings:
    the largest distance between endpoint-carrying routers; Valiant / UGAL:
    twice the largest eccentricity of an endpoint router; Polarized:
    ``max(4D - 3, 2D)`` with ``D`` the diameter; KSP: ``D + 1``; NAG: the
    larger of MIN's and min(7, Valiant's); NAR: min(5, Valiant's) (the
    simulator's own tables give the exact detour bound); NAL: min(6, MIN's + 1);
    Omni: MIN's plus the deroutes (default the diameter).

    Examples
    --------
    >>> import numpy as np
    >>> D = np.array([[0, 1, 2], [1, 0, 1], [2, 1, 0]], np.uint8)  # a 3-router path
    >>> max_route_length("min", D, np.ones(3, bool)), max_route_length("valiant", D, np.ones(3, bool))
    (2, 4)
    """
    routing, options = resolve_routing(name, None)
    er = np.flatnonzero(endpoint_routers_mask)
    if er.size == 0:
        return 0

    class _Top:  # the route-length rules read only the endpoint routers
        endpoints = np.asarray(endpoint_routers_mask).astype(np.int64)

    ctx = BuildContext(_Top, np.asarray(D), 0, 1, lambda key, build: build())
    return int(routing.route_length(ctx, options, {"dist": np.asarray(D)}))


del endpoint_routers
