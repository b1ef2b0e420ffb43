"""``"min-random-first"``: minimal, a uniformly random first hop, then one fixed shortest path.

At the packet's source router (no link crossed yet, hop index ``h == 0``) the
next hop is drawn uniformly among the neighbours one step closer to the target,
as ``"min"`` does; from there on the packet follows the fixed shortest path of
``"min-single"`` (the same seeded next-hop table).  It spreads a router pair's
traffic over the source's minimal ports only, the cheapest randomisation of a
table-routed network.  As the ``inner`` routing of Valiant or UGAL each phase
counts from the packet's source: the first phase starts with a random hop, the
second (from the intermediate, ``h > 0``) follows the table.  Oblivious.  Route
state: unused.

Examples
--------
>>> from lowdiam.sim import simulate
>>> from lowdiam.topologies import Topology
>>> ring = Topology.from_edges("ring6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)], endpoints_per_router=1)
>>> r = simulate(ring, "min-random-first", load=0.1, warmup_cycles=100, measure_cycles=300, router="ideal")
>>> r.saturated, r.params["hop_classes"]
(False, 3)
"""

from __future__ import annotations

from numba import njit

from .base import Routing, random_min_arc
from .min import minimal_route_length
from .min_single import single_path_table

CODE = 15


@njit(cache=True, inline="always")
def hop(c, t, h, tabs, net, rs):
    """Arc out of ``c`` towards router ``t``: random among the minimal ones when ``h == 0``, else the table's.

    Parameters
    ----------
    c, t : int
        Current and target router (``c != t``).
    h : int
        Links the packet has crossed so far (its hop index).
    tabs : RouteTables
        ``D`` and ``next_arc`` (the ``"min-single"`` table) are read.
    net : Network
        The router graph.
    rs : numpy.ndarray
        Generator state (drawn from at ``h == 0`` only).

    Returns
    -------
    int
        A CSR arc position, or -1 when ``c`` has no neighbour closer to ``t``.
    """
    if h == 0:
        return random_min_arc(c, t, net.indptr, net.indices, tabs.D, rs)
    return tabs.next_arc[c, t]


def _build(ctx, options):
    top = ctx.topology
    table = ctx.cache(("single", ctx.seed), lambda: single_path_table(ctx.D, top.indptr, top.indices, ctx.seed))
    return {"next_arc": table}


ROUTING = Routing(
    name="min-random-first", code=CODE, minimal=True,
    description="minimal: a random first hop, then one fixed shortest path",
    build=_build, route_length=minimal_route_length, oblivious=True,
)
