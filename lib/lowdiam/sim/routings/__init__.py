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

``inner`` is any minimal routing (``min``, ``min-single``, ``source-min``,
``polarstar-min``, ``df-min``, ``gf-min``).  Each module's docstring states the algorithm,
its paper, its options and what its per-packet ``route_state`` holds.

VC classes are hop-indexed (a packet that has crossed ``h`` links sits in a VC
of class ``h - 1``), so every routing needs as many VCs as its longest route
(``Routing.route_length``).  VCs beyond that are shared out among the classes
(VC ``v`` is in class ``v mod L``) and a packet takes the emptiest VC of its class.

How to add a routing
--------------------
1. Write ``lowdiam/sim/routings/<name>.py`` (copy the closest existing one):

   * ``CODE``: an unused small integer;
   * kernel functions (``@njit(cache=True, inline="always")``) over the
     :class:`~lowdiam.sim.routings.base.RouteTables` record ``tabs``, the
     network ``net``, the packet's ``route_state`` word and the generator
     ``rs``: a minimal routing writes ``hop(c, t, tabs, net, rs)`` (arc out of
     ``c`` towards router ``t``, < 0 when none); any other writes
     ``next_hop(...)`` returning an arc, ``EJECT``, ``WAIT``, ``NO_ROUTE`` or
     ``VC_OVERFLOW`` and, if it decides anything at the source,
     ``setup(p, s_r, d_r, tabs, route_state, rs)``;
   * ``ROUTING = Routing(name=..., code=CODE, description=..., build=...,
     route_length=..., defaults={...}, check=..., minimal=..., oblivious=...)``:
     ``build(ctx, options)`` returns the ``RouteTables`` fields it reads (a new
     kind of table is a new field in ``base.RouteTables`` plus its
     placeholder) and raises ``ValueError`` where the routing does not apply;
     ``route_length`` is its longest route (the VC need); ``defaults`` lists
     its options (unknown keys are refused for you), ``check`` validates their values.
2. Registration is automatic: every module of this package that defines a ``ROUTING`` is registered under its
   name (``_discover``), made public (after the names of ``_ORDER``, alphabetically) and, unless its heads
   re-decide every cycle they wait, run by the BookSim model too (``lowdiam.sim.booksim.options``).
3. Dispatch it: one line in :func:`.minimal.minimal_hop` for a minimal routing;
   otherwise one branch in :func:`.dispatch.next_hop` and, if it has a set-up,
   one in :func:`.dispatch.setup_packet`.
4. Test it: ``tests/test_sim.py`` and ``tests/test_sim_wormhole.py`` already run
   every name in ``ROUTINGS`` on several topology families (add it to their
   ``STRUCTURED`` table if it applies to some families only); add its
   invariants or a published value, and a case to ``tests/test_sim_golden.py``.

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
import pkgutil
import warnings
from typing import Any

import numpy as np

from lowdiam.validate import check_options

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

# public names, in the order the notebooks list them; routings registered later follow alphabetically
_ORDER = ("min", "min-single", "valiant", "ugal", "polarized", "polarstar-min", "df-min", "df-ugal", "gf-min",
          "source-min", "ksp", "nag", "nar", "nal", "omni")


def _discover() -> tuple:
    """Every module of this package that defines a :class:`Routing` ``ROUTING``, in ``_ORDER`` (then by name)."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        mod = importlib.import_module(f"{__name__}.{info.name}")
        if isinstance(getattr(mod, "ROUTING", None), Routing):
            found.append(mod)
    rank = {name: i for i, name in enumerate(_ORDER)}
    return tuple(sorted(found, key=lambda m: (rank.get(m.ROUTING.name, len(rank)), m.ROUTING.name)))


_MODULES = _discover()

REGISTRY: dict[str, Routing] = {m.ROUTING.name: m.ROUTING for m in _MODULES}
_codes = [r.code for r in REGISTRY.values()]
assert len(set(_codes)) == len(_codes), f"duplicate routing codes {sorted(_codes)}"

# names that are a registered routing with preset options (kept for old callers)
ALIASES: dict[str, tuple[str, dict]] = {"df-ugal": ("ugal", {"inner": "df-min"})}


@dataclasses.dataclass(frozen=True)
class RoutingSpec:
    """A routing name as callers use it: the routing it runs and its preset options."""

    name: str
    code: int
    description: str
    routing: str
    preset: dict = dataclasses.field(default_factory=dict)


def _spec(name: str) -> RoutingSpec:
    base, preset = ALIASES.get(name, (name, {}))
    r = REGISTRY[base]
    desc = r.description if not preset else "UGAL-L over Dragonfly hierarchical routes"
    return RoutingSpec(name, r.code, desc, base, dict(preset))


# public names: _ORDER's, then every other registered routing and alias by name
ROUTINGS: dict[str, RoutingSpec] = {
    name: _spec(name) for name in _ORDER + tuple(sorted((set(REGISTRY) | set(ALIASES)) - set(_ORDER)))
}

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
    tabs = route_tables(routing.code, inner, ctx.topology.num_routers, need, routing.redecide, ctx.D, fields)
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
