"""The ``inner`` option of Valiant, UGAL and NAG: which minimal routing carries their phases."""

from __future__ import annotations


def inner_routing(name: str, options: dict, registry: dict):
    """The minimal routing named by ``options["inner"]`` (``ValueError`` naming the valid ones)."""
    inner = options.get("inner", "min")
    valid = sorted(k for k, r in registry.items() if r.minimal)
    if not isinstance(inner, str) or inner not in registry or not registry[inner].minimal:
        raise ValueError(f"{name} routing_options['inner'] must be a minimal routing, one of {valid}; got {inner!r}")
    return registry[inner]


def build_inner(ctx, options: dict, name: str) -> dict:
    from . import REGISTRY

    inner = inner_routing(name, options, REGISTRY)
    return {**inner.build(ctx, {}), "inner": inner.code}
