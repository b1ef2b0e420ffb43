"""Size of balanced Dragonfly and Dragonfly+ networks per router radix (Galaxyfly Sec. 7, Fig. 13).

Both counts use the router radix r = all ports, terminals included.

* Balanced Dragonfly (Kim et al. 2008): a = 2p = 2h routers per group, each with a - 1 local links, h global links
  and p terminals, so r = 4h - 1; g = a h + 1 groups; N = a p g terminals on a g routers.  For a radix that is not
  3 mod 4 the largest balanced Dragonfly that fits is used (h = floor((r + 1) / 4)).
* Dragonfly+ (Shpiner et al. 2017): each group is a two-level fat tree of r/2 leaf routers (r/2 terminals and r/2
  links up) and r/2 spine routers (r/2 links down, r/2 global links); at most G = (r/2)^2 + 1 groups, each with
  (r/2)^2 terminals on r routers.  r must be even.

:func:`same_size_dragonfly_plus` gives the smallest-radix Dragonfly+ that holds at least a Dragonfly's terminals,
with the fewest groups that do.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["dragonfly_plus_size", "dragonfly_size", "same_size_dragonfly_plus"]


def _radix(r: Any, lo: int) -> int:
    if isinstance(r, bool) or not isinstance(r, (int, np.integer)) or r < lo:
        raise ValueError(f"router radix must be an integer >= {lo}, got {r!r}")
    return int(r)


def dragonfly_size(r: int) -> dict[str, int]:
    """The largest balanced Dragonfly (a = 2p = 2h) whose routers have at most ``r`` ports.

    Parameters
    ----------
    r : int
        Router radix (ports including terminals), at least 3.

    Returns
    -------
    dict
        ``a``, ``p``, ``h``, ``groups``, ``routers``, ``terminals`` and ``radix`` (ports in use, 4h - 1).

    Examples
    --------
    >>> dragonfly_size(15)
    {'a': 8, 'p': 4, 'h': 4, 'groups': 33, 'routers': 264, 'terminals': 1056, 'radix': 15}
    """
    r = _radix(r, 3)
    h = (r + 1) // 4
    a, p = 2 * h, h
    g = a * h + 1
    return {"a": a, "p": p, "h": h, "groups": g, "routers": a * g, "terminals": a * p * g, "radix": a - 1 + p + h}


def dragonfly_plus_size(r: int, groups: int | None = None) -> dict[str, int]:
    """A Dragonfly+ of radix-``r`` routers with ``groups`` groups (default: the maximum, (r/2)^2 + 1).

    Parameters
    ----------
    r : int
        Router radix, even and at least 2.
    groups : int, optional
        Number of groups, 1 .. (r/2)^2 + 1.

    Returns
    -------
    dict
        ``groups``, ``routers`` (r per group), ``terminals`` ((r/2)^2 per group) and ``radix``.

    Examples
    --------
    >>> dragonfly_plus_size(8)
    {'groups': 17, 'routers': 136, 'terminals': 272, 'radix': 8}
    """
    r = _radix(r, 2)
    if r % 2:
        raise ValueError(f"a Dragonfly+ router splits its ports in halves: radix must be even, got {r}")
    half = r // 2
    gmax = half * half + 1
    g = gmax if groups is None else groups
    if isinstance(g, bool) or not isinstance(g, (int, np.integer)) or not 1 <= g <= gmax:
        raise ValueError(f"groups must be an integer in 1..{gmax} for radix {r}, got {groups!r}")
    return {"groups": int(g), "routers": r * int(g), "terminals": half * half * int(g), "radix": r}


def same_size_dragonfly_plus(terminals: int) -> dict[str, int]:
    """The smallest-radix Dragonfly+ holding at least ``terminals`` terminals, with the fewest groups that do.

    Parameters
    ----------
    terminals : int
        Terminals to hold, at least 1.

    Returns
    -------
    dict
        As :func:`dragonfly_plus_size`.

    Examples
    --------
    >>> same_size_dragonfly_plus(1056)
    {'groups': 30, 'routers': 360, 'terminals': 1080, 'radix': 12}
    """
    if isinstance(terminals, bool) or not isinstance(terminals, (int, np.integer)) or terminals < 1:
        raise ValueError(f"terminals must be a positive integer, got {terminals!r}")
    r = 2
    while dragonfly_plus_size(r)["terminals"] < terminals:
        r += 2
    return dragonfly_plus_size(r, math.ceil(terminals / (r // 2) ** 2))
