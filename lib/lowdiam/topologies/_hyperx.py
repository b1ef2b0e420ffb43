"""HyperX (Ahn et al., SC 2009): the Hamming graph K_S1 x K_S2 x ... x K_SL."""

from __future__ import annotations

import math

import numpy as np

from lowdiam.validate import check_int

from ._design_keys import design_keywords
from .base import Topology, check_size, default_concentration

__all__ = ["hyperx"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("hyperx",)


@design_keywords(aliases={"sides": "*"})
def hyperx(*sides: int, endpoints_per_router: int | None = None) -> Topology:
    """L-dimensional HyperX with ``sides`` S1, ..., SL (PolarStar uses 3-D).

    Routers are the coordinate vectors (c1, ..., cL) with 0 <= ci < Si; two
    routers are linked when their coordinates differ in exactly one dimension
    (each dimension is a complete graph).

    Order prod(Si); network radix sum(Si - 1); diameter = number of
    dimensions with Si >= 2; links prod(Si) * sum(Si - 1) / 2.

    Example: ``hyperx(9, 9, 8)`` is PolarStar Table 3's HX: 648 routers,
    radix 23 (p = 8 endpoints by default, a third of the radix).
    """
    if len(sides) == 0:
        raise ValueError("hyperx needs at least one side length, e.g. hyperx(9, 9, 8)")
    sides = tuple(check_int("every HyperX side (a K_1 dimension adds nothing)", s, low=2) for s in sides)
    n = math.prod(sides)
    check_size(n, n * sum(s - 1 for s in sides) // 2, what=f"hyperx{sides}")
    if endpoints_per_router is not None:
        endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    coords = np.stack(np.unravel_index(np.arange(n), sides), axis=1)
    edges = []
    for dim, s in enumerate(sides):
        for offset in range(1, s):
            moved = coords.copy()
            moved[:, dim] = (moved[:, dim] + offset) % s
            nbr = np.ravel_multi_index(tuple(moved.T), sides)
            src = np.arange(n)
            keep = src < nbr
            edges.append(np.stack([src[keep], nbr[keep]], axis=1))
    radix = sum(s - 1 for s in sides)
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(radix, len(sides))
    return Topology.from_edges(
        "HX(" + "x".join(map(str, sides)) + ")",
        "hyperx",
        n,
        np.concatenate(edges),
        endpoints_per_router=endpoints_per_router,
        labels={"coords": coords.astype(np.int32)},
        params={"sides": sides, "endpoints_per_router": int(endpoints_per_router)},
    )
