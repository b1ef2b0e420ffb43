"""Megafly / Dragonfly+ (Flajslik et al. 2018; Shpiner et al. 2017)."""

from __future__ import annotations

import numpy as np

from lowdiam.validate import check_int

from .base import Topology, check_size

__all__ = ["megafly"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("megafly",)


def megafly(rho: int, a: int, p: int | None = None) -> Topology:
    """Megafly with groups of ``a`` routers and ``rho`` global links per spine.

    Each group is a complete bipartite graph K_{a/2, a/2} between a/2 *leaf*
    routers (which carry the ``p`` endpoints) and a/2 *spine* routers; every
    spine has ``rho`` global links, and the g = (a/2)*rho + 1 groups are joined
    all-to-all by exactly one global link per pair (absolute arrangement:
    group x's global port j = spine*rho + k reaches the j-th other group).

    Order N = a * ((a/2) rho + 1); network radix max(a/2, a/2 + rho) = a/2 + rho
    (spines); leaves use a/2 network ports plus p endpoint ports; endpoints
    (a/2) * p * g.  Every leaf reaches every other leaf in at most 3 hops
    (up to the spine holding the right global link, across, down); the
    router-graph diameter is 5, between spines of different groups.

    Example: ``megafly(8, 16, 8)`` is PolarStar Table 3's MF: 1,040 routers,
    network radix 16, 4,160 endpoints (half the routers carry endpoints).
    """
    rho, a = check_int("rho", rho), check_int("a", a)  # integers (no 2.5, no True); ranges below
    for name, val, lo in (("rho", rho, 1), ("a", a, 2)):
        if val < lo:
            raise ValueError(f"megafly needs integer {name} >= {lo}, got {name}={val!r}")
    if a % 2:
        raise ValueError(
            f"megafly group size a must be even (a/2 leaves + a/2 spines), got a={a}; try a={a - 1} or a={a + 1}"
        )
    half = a // 2
    p = half if p is None else check_int("megafly p (endpoints per leaf)", p, low=0)
    groups = half * rho + 1
    check_size(a * groups, groups * half * half + groups * (groups - 1) // 2, what=f"megafly({rho}, {a})")
    ports = half * rho
    G = ports + 1
    base = (np.arange(G) * a)[:, None]
    li, si = np.meshgrid(np.arange(half), np.arange(half), indexing="ij")
    local = np.stack([(base + li.ravel()).ravel(), (base + half + si.ravel()).ravel()], axis=1)
    x = np.repeat(np.arange(G), ports)
    j = np.tile(np.arange(ports), G)
    t = np.where(j < x, j, j + 1)
    back = np.where(x < t, x, x - 1)  # port of group t pointing at x
    keep = x < t
    glob = np.stack([x[keep] * a + half + j[keep] // rho, t[keep] * a + half + back[keep] // rho], axis=1)
    role = np.tile(np.r_[np.zeros(half, np.int8), np.ones(half, np.int8)], G)  # 0 leaf, 1 spine
    return Topology.from_edges(
        f"MF(rho={rho},a={a},p={p})",
        "megafly",
        a * G,
        np.concatenate([local, glob]),
        endpoints_per_router=p,
        endpoint_mask=role == 0,
        labels={"group": np.repeat(np.arange(G), a).astype(np.int32), "role": role},
        params={"rho": rho, "a": a, "p": p, "g": G, "endpoints_per_router": p},
        link_class=np.r_[np.zeros(len(local), np.int8), np.ones(len(glob), np.int8)],
    )
