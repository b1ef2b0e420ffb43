"""Dispatch of the minimal routings' next hop towards any router (used directly and as ``inner``).

One ``if`` chain by routing code; a new minimal routing adds one line here
(and one in :mod:`.dispatch` is not needed: minimal routings share its default branch).
"""

from __future__ import annotations

from numba import njit

from . import df_min, gf_min, min_single, polarstar_min, source_min
from . import min as min_routing


@njit(cache=True, inline="always")
def minimal_hop(code, c, t, tabs, net, rs):
    """Arc out of ``c`` towards router ``t != c`` by the minimal routing ``code`` (< 0 if none)."""
    if code == min_single.CODE:
        return min_single.hop(c, t, tabs, net, rs)
    if code == source_min.CODE:
        return source_min.hop(c, t, tabs, net, rs)
    if code == polarstar_min.CODE:
        return polarstar_min.hop(c, t, tabs, net, rs)
    if code == df_min.CODE:
        return df_min.hop(c, t, tabs, net, rs)
    if code == gf_min.CODE:
        return gf_min.hop(c, t, tabs, net, rs)
    return min_routing.hop(c, t, tabs, net, rs)
