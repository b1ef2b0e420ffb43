"""``"polarized"``: Polarized routing, Algorithm 1 of Camarero, Martinez & Beivide (HOTI 2021).

At every hop the candidates are the neighbours ``c_p`` satisfying C1
(dmu > 0), C2 (dmu = 0, D(c,s) < D(c_p,s), D(c,s) < D(c,t)) or C3 (dmu = 0,
D(c,t) > D(c_p,t), D(c,s) >= D(c,t)) with ``mu(c) = D(c,s) - D(c,t)``; each
gets priority ``w[r+ - r] + q`` with ``w = (0, 64, 80)`` phits in the paper,
i.e. 0, 4 and 5 of its 16-phit packets, so ``(0, 4P, 5P)`` flits here
(option ``weights``), ``r+`` the best dmu among the candidates and ``q`` the
port occupancy in flits (as for UGAL: un-returned credits plus routed packets
waiting for the port); the minimum-priority candidates that can take the
packet (the whole packet for cut-through, a flit for wormhole) are kept and
one is drawn at random, re-evaluated every cycle until the packet advances.
Route length is bounded by ``4D - 3`` (``2D`` when that is larger, e.g.
complete graphs), which sets the VC requirement.  The greedy rule can strand
a packet on graphs with *corners* (Sec. 5: paths, meshes, sparse random
graphs): graphs up to ``POLARIZED_EXACT_CHECK`` routers are searched
exhaustively for such dead ends before the run (``ValueError``); on larger
graphs a dead end met during the run raises ``RuntimeError``.  Route state: unused.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..rng import below
from .base import EJECT, NO_ROUTE, VC_OVERFLOW, WAIT, Routing

CODE = 4
POLARIZED_EXACT_CHECK = 256


@njit(cache=True, inline="always")
def _polarized_allowed(dsc, dtc, dsp, dtp):
    """Conditions C1-C3 for a hop c -> c_p (distances to source s and target t)."""
    dmu = (dsp - dsc) - (dtp - dtc)
    if dmu > 0:
        return True
    if dmu == 0:
        if dsc < dsp and dsc < dtc:
            return True
        if dtc > dtp and dsc >= dtc:
            return True
    return False


@njit(cache=True)
def polarized_dead_end(D, indptr, indices):
    """First (s, t, c) where Algorithm 1 can strand a packet, or (-1, -1, -1).

    Exhaustive: for every pair (s, t) a graph search over the routers reachable
    from s by C1-C3 hops; a reachable c != t without any admissible neighbour
    is a dead end.  O(n^2 (n + E)); run on small graphs only.
    """
    n = D.shape[0]
    seen = np.zeros(n, np.int64)
    stack = np.empty(n, np.int64)
    stamp = 0
    for s in range(n):
        rows = D[s]
        for t in range(n):
            if s == t:
                continue
            rowt = D[t]
            stamp += 1
            stack[0] = s
            top = 1
            seen[s] = stamp
            while top > 0:
                top -= 1
                c = stack[top]
                if c == t:
                    continue
                found = False
                dsc = np.int32(rows[c])
                dtc = np.int32(rowt[c])
                for a in range(indptr[c], indptr[c + 1]):
                    cp = indices[a]
                    if _polarized_allowed(dsc, dtc, np.int32(rows[cp]), np.int32(rowt[cp])):
                        found = True
                        if seen[cp] != stamp:
                            seen[cp] = stamp
                            stack[top] = cp
                            top += 1
                if not found:
                    return s, t, c
    return -1, -1, -1


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def polarized_arc(c, s, t, vc_next, P, tabs, net, ports, scratch):
    """Algorithm 1 at router ``c`` for a packet from router ``s`` to ``t``.

    Returns the chosen arc, ``WAIT`` when the best candidates cannot take
    ``P`` flits now, or ``NO_ROUTE`` when no neighbour satisfies C1-C3.
    """
    indptr = net.indptr
    indices = net.indices
    D = tabs.D
    used = ports.used
    pend = ports.pend
    credits = ports.credits
    V = ports.vcs
    NC = tabs.hop_classes
    cand_a = scratch.cand_a
    cand_r = scratch.cand_r
    rs = scratch.rs
    w1 = tabs.polarized_w1
    w2 = tabs.polarized_w2
    rows = D[s]  # D is symmetric: read rows s and t, not columns
    rowt = D[t]
    dsc = np.int32(rows[c])
    dtc = np.int32(rowt[c])
    nc = 0
    rplus = -9
    for a in range(indptr[c], indptr[c + 1]):
        cp = indices[a]
        dsp = np.int32(rows[cp])
        dtp = np.int32(rowt[cp])
        dmu = (dsp - dsc) - (dtp - dtc)
        if _polarized_allowed(dsc, dtc, dsp, dtp):
            cand_a[nc] = a
            cand_r[nc] = dmu
            nc += 1
            rplus = max(rplus, dmu)
    if nc == 0:
        return NO_ROUTE
    best = 1 << 30
    for i in range(nc):
        gap = rplus - cand_r[i]
        w = 0 if gap == 0 else (w1 if gap == 1 else w2)
        pr = w + used[cand_a[i]] + pend[cand_a[i]]
        cand_r[i] = pr
        best = min(best, pr)
    chosen = WAIT
    k = 0
    for i in range(nc):
        if cand_r[i] == best:
            a = cand_a[i]
            ok = False
            v = vc_next
            while v < V:  # some VC of the packet's hop class can take it
                if credits[a * V + v] >= P:
                    ok = True
                    break
                v += NC
            if ok:
                k += 1
                if k == 1 or below(rs, k) == 0:
                    chosen = a
    return chosen


@njit(cache=True, inline="always")
def next_hop(p, c, src_r, dst_r, vc_next, need, tabs, net, ports, scratch):
    if c == dst_r:
        return EJECT
    if vc_next >= tabs.hop_classes:
        return VC_OVERFLOW
    return polarized_arc(c, src_r, dst_r, vc_next, need, tabs, net, ports, scratch)


#: largest Polarized weight (flits): priorities are weight + port occupancy, summed in the kernel's integers
MAX_WEIGHT = 2**31 - 1


def _check(name, options):
    from lowdiam.validate import check_int

    w = options["weights"]
    if w is None:
        return options
    if not isinstance(w, (tuple, list)):
        raise TypeError(f"{name} routing_options['weights'] must be a tuple (0, w1, w0), got {w!r}")
    if len(w) != 3:
        raise ValueError(f"polarized_weights must be (0, w1, w0) with 0 <= w1 <= w0, got {w!r}")
    # integers only: 8.9 flits is an error, never run as 8
    w = tuple(check_int(f"{name} routing_options['weights'][{i}]", x, low=0, high=MAX_WEIGHT) for i, x in enumerate(w))
    if w[0] != 0 or not 0 <= w[1] <= w[2]:
        raise ValueError(f"polarized_weights must be (0, w1, w0) with 0 <= w1 <= w0, got {options['weights']!r}")
    return {**options, "weights": w}


def weights(options, packet_flits: int) -> tuple[int, int, int]:
    """The (0, w1, w0) in use: the option, or (0, 4P, 5P)."""
    w = options.get("weights")
    return (0, 4 * packet_flits, 5 * packet_flits) if w is None else w


def _build(ctx, options):
    top = ctx.topology
    if top.num_routers <= POLARIZED_EXACT_CHECK:
        dead = ctx.cache("corners", lambda: tuple(int(x) for x in polarized_dead_end(ctx.D, top.indptr, top.indices)))
        if dead[0] >= 0:
            s_, t_, c_ = dead
            raise ValueError(
                f"polarized routing does not apply to {top.name}: Algorithm 1 can strand a packet "
                f"from router {s_} to {t_} at router {c_}, which has no neighbour satisfying C1-C3 "
                "(a corner, Polarized Sec. 5); use 'min', 'valiant' or 'ugal'"
            )
    w = weights(options, ctx.packet_flits)
    return {"polarized_w1": w[1], "polarized_w2": w[2]}


def _route_length(ctx, options, fields) -> int:
    diam = int(ctx.D.max())
    return max(4 * diam - 3, 2 * diam)


ROUTING = Routing(
    name="polarized", code=CODE, description="Polarized routing (Algorithm 1, HOTI 2021)",
    build=_build, route_length=_route_length, defaults={"weights": None}, check=_check, redecide=True,
    routers=("ideal",),
)
