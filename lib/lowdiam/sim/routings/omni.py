"""``"omni"``: Omni-dimensional weighted adaptive routing on HyperX / Hamming graphs.

The Polarized-routing paper (Camarero et al., HOTI 2021, Sec. 5, Fig. 8)
compares Polarized on the 3-D Hamming graph with "Omni-Dimensional routing
[22]" (McDonald, Isaev, Flores, Davis, Kim, SC'19: Omni-WAR), "specifically
designed for Hamming networks".  The paper gives no further detail; its
simulator CAMINOS implements it as ``OmniDimensionalDeroute`` and the
reference's own simulator (SuperSim, HyperX ``dal`` routing with
``adaptivity_type: variable``) weighs the candidates.  This module follows both:

* **candidates** at router ``c`` for target router ``t``: every link in a
  dimension where ``c`` and ``t`` differ (any order of dimensions): the link
  to ``t``'s coordinate is *minimal* (``D`` drops by one), a link to another
  coordinate of that dimension is a *deroute* (``D`` unchanged), allowed while
  the packet has deroutes left (``deroutes`` per packet in all, any
  dimension, repeats allowed, as CAMINOS).  Links in aligned dimensions are
  never taken.  In a Hamming graph these are exactly the neighbours ``v`` with
  ``D(v, t) <= D(c, t)``: the routing reads distances only;
* **weights** (SuperSim's ``monolithic_weighted``, absolute hop count, no
  biases): a minimal candidate weighs ``D(c, t) x q``, a deroute
  ``(D(c, t) + 1) x q``, with ``q`` the port's local occupancy in flits (as
  UGAL / NAG read it); the lightest wins, ties prefer minimal candidates, then
  a uniform draw.  At zero load every minimal next hop weighs 0: the routing is
  then ``"min"`` (minimal, dimension-order free);
* decided once per hop, when the head reaches the router.

Routes are at most ``D(s, t) + deroutes`` links: the VC need (hop-indexed
classes) is the diameter plus ``deroutes``; the default ``deroutes`` is the
number of dimensions (the diameter of a Hamming graph), giving Valiant's and
Polarized's ``2D`` bound on Hamming graphs -- our choice, the paper states none.

Options: ``deroutes`` (int >= 0 or ``None`` = the number of dimensions).
Route state: the deroutes the packet has left.  ``ValueError`` on topologies
other than HyperX (family ``"hyperx"``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lowdiam.validate import check_int

from ..rng import below
from .base import EJECT, Routing, checked, endpoint_routers, port_occupancy

CODE = 12


def _check(name, options):
    d = options["deroutes"]
    if d is not None:
        d = check_int(f"{name} routing_options['deroutes'] (deroutes per packet)", d, low=0)
    return {**options, "deroutes": d}


def _deroutes(ctx, options) -> int:
    d = options["deroutes"]
    if d is None:  # the number of dimensions = the diameter of a Hamming graph
        er = endpoint_routers(ctx.topology)
        d = int(ctx.D.max()) if er.size else 0
    return int(d)


def _build(ctx, options):
    top = ctx.topology
    if top.family != "hyperx":
        raise ValueError(
            f"omni routing (Omni-dimensional, McDonald et al. SC'19) needs a HyperX / Hamming graph: "
            f"{top.name} is a {top.family!r} topology (use it on hyperx topologies, 'ugal' or 'polarized' elsewhere)"
        )
    return {"omni_deroutes": _deroutes(ctx, options)}


def _route_length(ctx, options, fields) -> int:
    er = endpoint_routers(ctx.topology)
    if er.size == 0:
        return 0
    dist = fields.get("dist", ctx.D)
    d = options["deroutes"]
    if d is None:
        d = int(np.asarray(dist).max())
    return int(dist[er][:, er].max()) + int(d)


@njit(cache=True, inline="always")
def setup(p, s_r, d_r, tabs, route_state, rs):
    route_state[p] = tabs.omni_deroutes


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def next_hop(p, c, dst_r, vc_next, tabs, net, route_state, ports, rs):
    if c == dst_r:
        return EJECT
    row = tabs.D[dst_r]
    d = np.int64(row[c])
    left = route_state[p]
    best_w = np.int64(-1)
    best_kind = 2
    chosen = -1
    k = 0
    for a in range(net.indptr[c], net.indptr[c + 1]):
        dv = np.int64(row[net.indices[a]])
        if dv == d - 1:
            kind = 0
            w = d * port_occupancy(a, ports)
        elif dv == d and left > 0:
            kind = 1
            w = (d + 1) * port_occupancy(a, ports)
        else:
            continue
        if chosen < 0 or w < best_w or (w == best_w and kind < best_kind):
            best_w = w
            best_kind = kind
            chosen = a
            k = 1
        elif w == best_w and kind == best_kind:
            k += 1
            if below(rs, k) == 0:
                chosen = a
    if chosen >= 0 and best_kind == 1:
        route_state[p] = left - 1
    return checked(chosen, vc_next, tabs.hop_classes)


ROUTING = Routing(
    name="omni", code=CODE, setup=True,
    description="Omni-dimensional weighted adaptive routing (HyperX): any unaligned dimension, limited deroutes",
    build=_build, route_length=_route_length, defaults={"deroutes": None}, check=_check,
)
