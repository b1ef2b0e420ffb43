"""Torus (k-ary n-cube): a grid with wrap-around links, the classic low-radix direct network."""

from __future__ import annotations

import math

import numpy as np

from lowdiam.validate import check_int

from .base import Topology, check_size

__all__ = ["torus"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("torus",)


def torus(*sides: int, endpoints_per_router: int | None = None) -> Topology:
    """The torus with ``sides`` k1, ..., kL (``torus(8, 8)``: the 2-D 8 x 8 torus).

    Routers are the coordinate vectors (c1, ..., cL) with 0 <= ci < ki; each router is linked to
    c +- 1 (mod ki) in every dimension (a ring per dimension).  Order prod(ki); radix 2L; diameter
    sum(floor(ki / 2)); links L prod(ki).  ``labels["coords"]`` holds the coordinates (the ``tornado``
    traffic pattern reads them).

    Parameters
    ----------
    *sides : int
        Ring length of every dimension, each >= 3 (a side of 2 would join two routers twice).
    endpoints_per_router : int, optional
        Endpoints per router; default 1 (a torus is a low-radix network: one node per router).

    Returns
    -------
    Topology
        Family ``"torus"``, named ``"T(k1xk2...)"``.

    Raises
    ------
    ValueError
        No side, or a side below 3.
    TypeError
        A side that is not an integer.

    Examples
    --------
    >>> t = torus(4, 4)
    >>> t.name, t.num_routers, int(t.indptr[1] - t.indptr[0]), t.num_endpoints
    ('T(4x4)', 16, 4, 16)
    >>> t.labels["coords"][5].tolist()
    [1, 1]
    >>> torus(4, 2)
    Traceback (most recent call last):
        ...
    ValueError: every torus side (>= 3: a side of 2 would join two routers twice) must be >= 3, got 2
    """
    if len(sides) == 0:
        raise ValueError("torus needs at least one side length, e.g. torus(8, 8)")
    sides = tuple(check_int("every torus side (>= 3: a side of 2 would join two routers twice)", s, low=3)
                  for s in sides)
    n = math.prod(sides)
    check_size(n, n * len(sides), what=f"torus{sides}")
    endpoints_per_router = 1 if endpoints_per_router is None else check_int("endpoints_per_router",
                                                                            endpoints_per_router, low=0)
    coords = np.stack(np.unravel_index(np.arange(n), sides), axis=1)
    edges = []
    for dim, k in enumerate(sides):
        moved = coords.copy()
        moved[:, dim] = (moved[:, dim] + 1) % k
        nbr = np.ravel_multi_index(tuple(moved.T), sides)
        edges.append(np.stack([np.minimum(np.arange(n), nbr), np.maximum(np.arange(n), nbr)], axis=1))
    return Topology.from_edges(
        "T(" + "x".join(map(str, sides)) + ")",
        "torus",
        n,
        np.concatenate(edges),
        endpoints_per_router=endpoints_per_router,
        labels={"coords": coords.astype(np.int32)},
        params={"sides": sides, "endpoints_per_router": int(endpoints_per_router)},
    )
