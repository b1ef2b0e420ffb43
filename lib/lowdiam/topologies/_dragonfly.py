"""Dragonfly (Kim, Dally, Scott, Abts, ISCA 2008) with its global-link arrangements."""

from __future__ import annotations

import numpy as np

from ._design_keys import design_keywords
from .base import Topology

__all__ = ["ARRANGEMENTS", "dragonfly", "dragonfly_canonical", "sstmacro_circulant_links"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("dragonfly", "dragonfly_canonical", "sstmacro_circulant_links")

ARRANGEMENTS = ("absolute", "relative", "circulant")


def _global_targets(G: int, ports: int, arrangement: str) -> np.ndarray:
    """targets[g, j] = group reached by global port j of group g (one link per group pair)."""
    g = np.arange(G)[:, None]
    j = np.arange(ports)[None, :]
    if arrangement == "absolute":
        # port j goes to the j-th other group in increasing order
        return np.where(j < g, j, j + 1)
    if arrangement == "relative":
        return (g + j + 1) % G
    # circulant: ports alternate +s / -s with s = j//2 + 1
    s = j // 2 + 1
    return np.where(j % 2 == 0, g + s, g - s) % G


@design_keywords(aliases={"g": "groups"})
def dragonfly(a: int, h: int, p: int, arrangement: str = "absolute", groups: int | None = None) -> Topology:
    """Dragonfly: by default the maximum size, g = a*h + 1 all-to-all groups of ``a`` routers.

    Each router has a-1 local links (complete graph inside its group), ``h``
    global links and ``p`` endpoints.  Group ``x``'s a*h global ports are
    numbered j = i*h + k (router i, its k-th global port) and exactly one
    global link joins every pair of groups.  The ``arrangement`` picks which
    port reaches which group; the three names are those of Hastings et al.,
    "Comparing global link arrangements for Dragonfly networks" (IEEE
    Cluster 2015; also used by Alzaid et al., ICS 2020):

    * ``"absolute"``  -- port j reaches the j-th other group in id order.
      Isomorphic to EvalNet's ``DragonflyGenerator`` (a = 2h; tested in
      ``tests/test_peers.py``), i.e. BookSim's dragonfly.
    * ``"relative"``  -- port j reaches group x + j + 1 (mod g); the
      "palm-tree" arrangement of Camarero et al. ("Topological
      characterization of Hamming and dragonfly networks", 2014) that
      CAMINOS uses by default (reported isomorphic in the issue that added
      tests/test_peers.py; not among the committed peer graphs, since the
      CAMINOS crate's dependencies cannot be fetched here).
    * ``"circulant"`` -- ports alternate offsets +1, -1, +2, -2, ... (needs
      a*h even).  Named after the circulant-based arrangement of Hastings et
      al.; the port order (+s on even, -s on odd ports, s = j//2 + 1) gives
      the same global links as SST/macro's ``inter_group = circulant`` wiring
      at g = a*h + 1 groups (the simulator of the SpectralFly paper; tested
      against :func:`sstmacro_circulant_links`).  EvalNet builds only the
      absolute arrangement, SST/merlin absolute and relative, CAMINOS
      palm-tree and random.

    Order N = a(ah+1); network radix k = (a-1) + h; diameter 3 (local,
    global, local).  ``link_class`` is 0 for local, 1 for global links.

    ``groups`` (2 .. a*h + 1) builds fewer groups, with the circulant
    arrangement only: SST/macro's circulant wiring, which defines it for any
    number of groups (:func:`sstmacro_circulant_links`; at a*h + 1 groups it
    is exactly ``arrangement="circulant"``).  Every pair of groups is then
    joined by one or more global links, and where two offsets of one router
    reach the same group the two ports carry parallel links between the same
    routers: the result is a multigraph (``parallel_links``), every router
    keeping its a - 1 + h network ports.

    Examples: ``dragonfly(12, 6, 6)`` is PolarStar Table 3's DF: 876 routers,
    radix 17, 5,256 endpoints.  The SpectralFly paper's DF (Sec. VI-B:
    69 groups, a = 16, h = p = 8, circulant) has parallel links:

    >>> t = dragonfly(16, 8, 8, "circulant", groups=69)
    >>> t.num_routers, t.num_endpoints, int(t.degrees.min()), int(t.degrees.max()), t.parallel_links
    (1104, 8832, 23, 23, True)
    """
    for name, val, lo in (("a", a, 1), ("h", h, 1), ("p", p, 0)):
        if not isinstance(val, (int, np.integer)) or isinstance(val, bool) or val < lo:
            raise ValueError(f"dragonfly needs integer {name} >= {lo}, got {name}={val!r}")
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"unknown dragonfly arrangement {arrangement!r}; choose one of {ARRANGEMENTS}")
    a, h, p = int(a), int(h), int(p)
    ports = a * h
    G = ports + 1
    if groups is not None and groups != G:
        return _dragonfly_groups(a, h, p, arrangement, groups)
    if arrangement == "circulant" and ports % 2:
        raise ValueError(
            f"circulant arrangement needs a*h even (ports pair up as +s/-s), got a*h={ports}; "
            f"use h={h + 1} or a={a + 1}, or arrangement='absolute'/'relative'"
        )
    # global links: (group x, port j) -> group t; keep each link once (x < t)
    tgt = _global_targets(G, ports, arrangement)
    x = np.repeat(np.arange(G), ports)
    j = np.tile(np.arange(ports), G)
    t = tgt.ravel()
    # the port of group t that points back at x, by a (G, G) port lookup: comparing tgt[t] with x row by row
    # would take G * ports * ports memory (20 GB at a = 52, h = 26)
    port_of = np.full((G, G), -1, np.int64)
    port_of[x, t] = j  # one port per group pair
    back = port_of[t, x]
    assert np.all(back >= 0) and np.all(tgt[t, back] == x), "global arrangement is not symmetric"
    keep = x < t
    glob = np.stack([x[keep] * a + j[keep] // h, t[keep] * a + back[keep] // h], axis=1)
    return _assemble(a, h, p, G, arrangement, glob, f"DF(a={a},h={h},p={p},{arrangement})")


def _assemble(a: int, h: int, p: int, g: int, arrangement: str, glob: np.ndarray, name: str) -> Topology:
    """The Dragonfly of ``g`` complete groups of ``a`` routers (router ``G * a + A``) and the global links
    ``glob`` (repeated rows: parallel links)."""
    iu, ju = np.triu_indices(a, 1)
    base = (np.arange(g) * a)[:, None]
    local = np.stack([(base + iu).ravel(), (base + ju).ravel()], axis=1)
    return Topology.from_edges(
        name,
        "dragonfly",
        a * g,
        np.concatenate([local, glob]),
        endpoints_per_router=p,
        labels={"group": np.repeat(np.arange(g), a).astype(np.int32),
                "position": np.tile(np.arange(a), g).astype(np.int32)},
        params={"a": a, "h": h, "p": p, "g": g, "arrangement": arrangement, "endpoints_per_router": p},
        link_class=np.concatenate([np.zeros(len(local), np.int8), np.ones(len(glob), np.int8)]),
        parallel_links=True,  # kept only where glob repeats a pair (fewer than a*h + 1 groups)
    )


def dragonfly_canonical(a: int, p: int | None = None) -> Topology:
    """SpectralFly's "canonical" DragonFly DF(a): a+1 complete groups of a routers.

    Each router has one global link (h = 1), so the radix is a and the order
    a(a+1) (SpectralFly Sec. 4, Table I).  ``p`` defaults to round(a/3).
    """
    if not isinstance(a, (int, np.integer)) or a < 2:
        raise ValueError(f"DF(a) needs an integer a >= 2, got {a!r}")
    top = dragonfly(int(a), 1, max(1, round(a / 3)) if p is None else int(p))
    return Topology.from_edges(
        f"DF({a})", "dragonfly", top.num_routers, top.edges,
        endpoints_per_router=top.endpoints_per_router,
        labels={k: v for k, v in top.labels.items() if k != "carries_endpoints"},
        params={**top.params, "canonical": True}, link_class=top.link_class,
    )


def sstmacro_circulant_links(a: int, g: int, h: int) -> np.ndarray:
    """Global links of SST/macro's circulant Dragonfly wiring, parallel links repeated.

    SST/macro (``topology.name = dragonfly``, ``inter_group = circulant``; the SpectralFly paper's
    simulator) joins router ``A`` of group ``G`` to router ``A`` of groups ``G + A*h/2 + k`` and
    ``G - A*h/2 - k`` (mod ``g``), ``k = 1 .. h/2``, for any number of groups ``g``.  With fewer than
    ``a*h + 1`` groups two offsets of one router can reach the same group, and the two ports then
    carry two parallel links between the same pair of routers: a multigraph, which
    :class:`~lowdiam.topologies.base.Topology` (simple graphs) does not build.  Routers are numbered
    ``G * a + A``.

    Parameters
    ----------
    a : int
        Routers per group, >= 1.
    g : int
        Groups, >= 2.
    h : int
        Global links per router, even (SST/macro's rule for this wiring), >= 2.

    Returns
    -------
    ndarray of int64, shape (m, 2)
        One row ``(u, v)``, ``u < v``, per link, sorted; a pair joined by two links appears twice.
        ``m = g * a * h / 2`` unless some offsets are multiples of ``g``: SST/macro leaves those ports
        unconnected, and so does this list.

    Raises
    ------
    ValueError
        ``a``, ``g`` or ``h`` out of range, or ``h`` odd.

    Examples
    --------
    The SpectralFly paper's Dragonfly (a = 16, h = 8, 69 groups): 138 pairs of routers carry two
    parallel links each (router 8 of every group).

    >>> links = sstmacro_circulant_links(16, 69, 8)
    >>> pairs, count = np.unique(links, axis=0, return_counts=True)
    >>> len(links), int((count == 2).sum()), sorted({int(u % 16) for u, v in pairs[count == 2]})
    (4416, 138, [8])
    """
    for name, val, lo in (("a", a, 1), ("g", g, 2), ("h", h, 2)):
        if not isinstance(val, (int, np.integer)) or isinstance(val, bool) or val < lo:
            raise ValueError(f"sstmacro_circulant_links needs integer {name} >= {lo}, got {name}={val!r}")
    if h % 2:
        raise ValueError(f"SST/macro's circulant wiring needs an even h (ports pair up as +/-), got h={h}; "
                         f"use h={h - 1} or h={h + 1}")
    a, g, h = int(a), int(g), int(h)
    half = h // 2
    G, A, k = np.meshgrid(np.arange(g), np.arange(a), np.arange(1, half + 1), indexing="ij")
    to = (G + A * half + k) % g  # each link once: from its "+" port (its other end is a "-" port)
    keep = to != G
    u, v = (G * a + A)[keep], (to * a + A)[keep]
    links = np.stack([np.minimum(u, v), np.maximum(u, v)], axis=1).astype(np.int64)
    return links[np.lexsort((links[:, 1], links[:, 0]))]


def _dragonfly_groups(a: int, h: int, p: int, arrangement: str, groups) -> Topology:
    """:func:`dragonfly` with fewer than a*h + 1 groups (SST/macro's circulant wiring)."""
    full = a * h + 1
    if not isinstance(groups, (int, np.integer)) or isinstance(groups, bool) or not 2 <= groups <= full:
        raise ValueError(f"dragonfly groups must be an integer in [2, a*h + 1 = {full}], got groups={groups!r}")
    if arrangement != "circulant":
        raise ValueError(f"a Dragonfly with fewer than a*h + 1 = {full} groups is defined here for the circulant "
                         f"arrangement only (SST/macro's wiring), got arrangement={arrangement!r}; use "
                         f"arrangement='circulant' or groups={full}")
    g = int(groups)
    if h % 2:
        raise ValueError(f"the circulant wiring with {g} groups needs an even h (ports pair up as +/-), got h={h}")
    offsets = np.arange(1, a * h // 2 + 1)
    if np.any(offsets % g == 0):
        raise ValueError(f"with {g} groups the circulant offset {int(offsets[offsets % g == 0][0])} returns to the "
                         f"router's own group, leaving ports unconnected; use more than a*h/2 = {a * h // 2} groups")
    # offsets +-1 .. +-a*h/2 reach every other group when g <= a*h + 1 (tested: every pair of groups joined)
    return _assemble(a, h, p, g, "circulant", sstmacro_circulant_links(a, g, h),
                     f"DF(a={a},h={h},p={p},circulant,g={g})")
