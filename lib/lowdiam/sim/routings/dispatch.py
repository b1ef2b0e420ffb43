"""Routing dispatch inside the kernels: per-packet set-up and next hop, by routing code.

numba cannot cache calls through first-class functions, so the kernels reach a
routing through these two ``if`` chains on ``tabs.code`` (the minimal
routings' next hop towards any router is the third, in :mod:`.minimal`).

Speed: the chains are inlined into the kernels and so are the minimal
routings' hops (the common case costs no call), while the composite and
adaptive routings' ``next_hop`` stay separate compiled functions: inlining
all of them bloated the kernels' hot loop (measured ~1.5x slower), and a call
with the whole tables record costs about what the old per-hop call did.
Adding a routing adds a branch here only if it needs per-packet set-up or is
not minimal.
"""

from __future__ import annotations

from numba import njit

from . import ksp, nag, nal, nar, omni, polarized, ugal, ugal_pf, valiant
from .base import EJECT, checked
from .minimal import minimal_hop


@njit(cache=True, inline="always")
def setup_packet(p, s_r, d_r, tabs, route_state, rs):
    """Routing state of a packet entering the network at router ``s_r`` for router ``d_r``."""
    route_state[p] = -1
    code = tabs.code
    if code == valiant.CODE:
        valiant.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == ugal.CODE:
        ugal.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == ugal_pf.CODE:
        ugal_pf.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == nag.CODE:
        nag.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == nar.CODE:
        nar.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == nal.CODE:
        nal.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == omni.CODE:
        omni.setup(p, s_r, d_r, tabs, route_state, rs)
    elif code == ksp.CODE:
        ksp.setup(p, s_r, d_r, tabs, route_state, rs)


@njit(cache=True, inline="always")
def next_hop(p, c, dst_r, vc_next, need, tabs, net, pk, ports, scratch):
    """Output arc for packet ``p`` whose head is at router ``c`` (``EJECT`` at its router).

    Shared by every router model.  Returns ``WAIT`` (an adaptive routing found
    no port that can take ``need`` flits now), ``NO_ROUTE`` or ``VC_OVERFLOW``
    on errors.  ``vc_next``: the hop class of the next VC (links crossed so far).
    """
    code = tabs.code
    rs = scratch.rs
    if code == polarized.CODE:
        return polarized.next_hop(p, c, net.ep_router[pk.src[p]], dst_r, vc_next, need, tabs, net, ports, scratch)
    if code == ksp.CODE:
        return ksp.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state)
    if code == ugal.CODE:
        return ugal.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, ports, rs)
    if code == ugal_pf.CODE:
        return ugal_pf.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, ports, rs)
    if code == nag.CODE:
        return nag.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, ports, rs)
    if code == nar.CODE:
        return nar.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, ports, rs)
    if code == nal.CODE:
        return nal.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, ports, rs)
    if code == omni.CODE:
        return omni.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, ports, rs)
    if code == valiant.CODE:
        return valiant.next_hop(p, c, dst_r, vc_next, tabs, net, pk.route_state, rs)
    # minimal routings
    if c == dst_r:
        return EJECT
    return checked(minimal_hop(code, c, dst_r, tabs, net, rs), vc_next, tabs.hop_classes)
