"""The Levi graph of PG(2, q): the point-line incidence graph of the projective plane.

This is the "projective network" of Camarero, Martínez, Vallejo and Beivide
(IEEE TPDS 28(7), 2017) that the Polarized-routing paper (Camarero et al.,
HOTI 2021) simulates in Table 4 and Fig. 8 ("projective (Levi graph)",
614 routers of network radix 18, i.e. q = 17, with 8 servers each).

Vertices are the q^2 + q + 1 points and the q^2 + q + 1 lines of PG(2, q);
a point is adjacent to the lines through it.  Both are represented by the
left-normalised nonzero vectors of GF(q)^3 (:func:`.polarfly.projective_points`);
point ``x`` lies on line ``l`` iff ``x . l = 0`` over GF(q) (computed with galois).

Properties (standard): 2 (q^2 + q + 1) vertices, (q + 1)-regular, bipartite,
girth 6, diameter 3 (two points share exactly one line, two lines meet in
exactly one point); for q = 2 it is the Heawood graph.
"""

from __future__ import annotations

import numpy as np

from ._polarfly import projective_points
from .base import Topology, default_concentration
from .fields import require_prime_power, tables

__all__ = ["levi_graph"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("levi_graph",)

_RULE = "PG(2, q) is defined over the finite field GF(q), which exists only for prime powers"


def levi_graph(q: int, endpoints_per_router: int | None = None) -> Topology:
    """The Levi (point-line incidence) graph of the projective plane PG(2, q).

    Parameters
    ----------
    q : int
        A prime power (even q allowed).
    endpoints_per_router : int, optional
        Concentration; default a third of the radix q + 1 (diameter 3,
        :func:`.base.default_concentration`).  The Polarized paper's Table 4
        network is ``levi_graph(17, endpoints_per_router=8)``.

    Returns
    -------
    Topology
        Routers ``0 .. N-1`` are the points, ``N .. 2N-1`` the lines
        (N = q^2 + q + 1), both in the order of
        :func:`.polarfly.projective_points`.  Labels: ``side`` (0 = point,
        1 = line), ``vector`` ((2N, 3) normalised coordinates).  Family
        ``"levi"``; params ``q``, ``d`` (= q + 1), ``endpoints_per_router``.

    Raises
    ------
    ValueError
        If q is not a prime power.

    Examples
    --------
    >>> t = levi_graph(2)               # the Heawood graph
    >>> t.num_routers, t.num_edges, t.radix
    (14, 21, 3)
    >>> levi_graph(17, endpoints_per_router=8).num_endpoints   # Polarized Table 4
    4912
    """
    require_prime_power(q, "q", _RULE)
    q = int(q)
    pts = projective_points(q)
    n = pts.shape[0]
    # point i on line j (lines use the same vectors): their dot product over GF(q) is 0; in blocks of rows, so
    # that the (rows, n, 3) products stay small
    F = tables(q)
    incidence = np.concatenate([F.dot(pts[i:i + 256, None, :], pts[None, :, :]) == 0 for i in range(0, n, 256)])
    pi, lj = np.nonzero(incidence)
    edges = np.stack([pi, lj + n], axis=1)
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(q + 1, 3)
    side = np.repeat(np.array([0, 1], dtype=np.int8), n)
    return Topology.from_edges(
        f"Levi(PG(2,{q}))",
        "levi",
        2 * n,
        edges,
        endpoints_per_router=endpoints_per_router,
        labels={"side": side, "vector": np.concatenate([pts, pts])},
        params={"q": q, "d": q + 1, "endpoints_per_router": int(endpoints_per_router)},
    )
