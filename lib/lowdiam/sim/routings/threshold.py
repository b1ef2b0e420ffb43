"""Galaxyfly's source-router misroute decision, shared by ``"nag"``, ``"nar"`` and ``"nal"`` (Lei et al., Sec. 4.2).

At the source router the minimal next hop is kept unless its port is congested
(``Q_min > TH_MIN`` x the VC buffer size) and the first hop towards the
intermediate is much less so (``Q_nonmin < TH_NONMIN`` x ``Q_min``); ``Q`` is
the first-hop port occupancy (all VCs, as UGAL reads it).  The three routings
differ only in how they draw the intermediate router and in their hop bound,
so each calls :func:`misroute_wanted` and then :func:`threshold_choice` with its
own intermediate.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .base import port_occupancy
from .minimal import inner_hop

TH_MIN = 0.8  # Th_min = 0.8 x buffer size
TH_NONMIN = 0.5  # Th_nonmin = 0.5 x Q_min


@njit(cache=True, inline="always")
def misroute_wanted(out, ports):
    """Whether the minimal first hop ``out`` is congested enough to consider a misroute (``Q_min > Th_min``)."""
    return port_occupancy(out, ports) > TH_MIN * ports.buffer_flits


@njit(cache=True, inline="always")
def within_bound(m, c, dst_r, bound, tabs, ports):
    """Whether the detour ``c -> m -> dst_r`` fits the routing's hop bound and the VC count."""
    dist = tabs.dist
    return np.int64(dist[m, c]) + np.int64(dist[m, dst_r]) <= min(bound, ports.vcs)


@njit(cache=True, inline="always")
def threshold_choice(p, c, dst_r, h, m, out, bound, tabs, net, route_state, ports, rs):
    """The source decision: the arc towards ``m`` if ``Q_nonmin < Th_nonmin x Q_min``, else ``out``.

    Called when :func:`misroute_wanted`; ``m < 0`` or a detour longer than
    ``bound`` or the VC count keeps the minimal arc ``out``.  On a misroute
    ``route_state[p]`` becomes ``m`` (the packet's Valiant intermediate).  ``h``: links crossed so far.
    """
    if m < 0 or not within_bound(m, c, dst_r, bound, tabs, ports):
        return out
    q_min = port_occupancy(out, ports)
    a = inner_hop(tabs.inner, c, m, h, tabs, net, rs)
    if a >= 0 and port_occupancy(a, ports) < TH_NONMIN * q_min:
        route_state[p] = m
        return a
    return out
