"""``"min"``: minimal, hop by hop, uniform among *all* minimal next hops.

A next hop is drawn uniformly among the neighbours one step closer to the
target (``D[nbr, t] == D[c, t] - 1``); oblivious (the draw is made once per
hop and kept while the packet waits).  Route state: unused.
"""

from __future__ import annotations

from numba import njit

from .base import Routing, endpoint_routers, random_min_arc

CODE = 0


@njit(cache=True, inline="always")
def hop(c, t, tabs, net, rs):
    return random_min_arc(c, t, net.indptr, net.indices, tabs.D, rs)


def minimal_route_length(ctx, options, fields) -> int:
    """Largest route length of a minimal routing between endpoint-carrying routers."""
    er = endpoint_routers(ctx.topology)
    dist = fields.get("dist", ctx.D)
    return int(dist[er][:, er].max()) if er.size else 0


ROUTING = Routing(
    name="min", code=CODE, description="random among all minimal next hops, hop by hop",
    build=lambda ctx, options: {}, route_length=minimal_route_length, minimal=True, oblivious=True,
    channel_load="hop",
)
