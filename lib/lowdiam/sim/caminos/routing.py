"""Routing of the CAMINOS model: candidate next hops and their labels, per hop.

CAMINOS decides a packet's next (port, VC) when its head is at the front of
an input buffer, and re-decides every cycle until the crossbar grants it.  A
routing proposes candidate ports with a *label*; then a chain of VC policies
filters them (``src/policies.rs``).  The chains modelled here (the Polarized
paper's Table 3 configuration) are:

``"min-adaptive"`` (CAMINOS ``Shortest``)
    candidates: every neighbour one hop closer to the target, label 0;
``"valiant"`` (``Valiant{first: Shortest, second: Shortest}``)
    the same towards a random intermediate router (uniform over *all*
    routers, source and destination included: then the route is minimal),
    then towards the destination; a packet that meets its destination router
    during the first phase leaves the network there;
``"polarized"`` (``Polarized{include_labels: true}``)
    Algorithm 1's admissible neighbours: with ``a = D(s, c)``,
    ``b = D(c, t)`` and the weight ``b - a``, a neighbour ``c'`` qualifies when
    its weight is smaller, or equal and the move goes away from ``s`` (while
    ``a < b``) / towards ``t`` (otherwise).  Label: the weight change minus the
    best change among the candidates (0, 1 or 2), mapped through the label
    weights (``VecLabel[0, 64, 80]`` phits by default).
``"omni"`` (``OmniDimensionalDeroute{allowed_deroutes, include_labels: true}``)
    Omni-dimensional routing on a HyperX / Hamming graph (McDonald et al.,
    SC'19; the Polarized paper's reference on that topology, its Fig. 8):
    while the packet has deroutes left, every neighbour in a dimension where
    the current and the target router differ -- the minimal one, label 0, and
    the others of that dimension (same distance to the target), label 1 --
    else the minimal neighbours only, label 0.  A hop that does not bring the
    packet closer spends one deroute (CAMINOS counts it when the packet
    arrives; here when its head crosses the crossbar towards that hop, the
    moment the choice is final).  In a Hamming graph the neighbours in
    unaligned dimensions are exactly those no farther from the target, so the
    routing reads distances only.

Every chain then adds the occupancy ``q`` of the candidate (output port, VC)
-- phits in this router's output buffer of that VC plus the phits the
neighbour's input buffer of that VC holds as this router's credits see them
(``OccupancyFunction{label 1, occupancy 1, use_internal_space,
use_neighbour_space, aggregate false}``), skipped at the destination router --
keeps the candidates of lowest label (``LowestLabel``), drops those whose
output VC is held by another packet or lacks room for a whole packet
(``EnforceFlowControl``; note the order: if every lowest-label candidate is
blocked the packet waits, it does not fall back to a worse one) and picks one
at random (``Random``).  The VC is the hop count (``Hops``: the i-th
router-to-router hop uses VC i; ejection may use any VC).

The functions here are numba kernels used by :mod:`.kernel`, plus the
polarized route-length bound (:func:`polarized_longest_route`).
"""

from __future__ import annotations

import numpy as np
from numba import njit

MIN_ADAPTIVE, VALIANT, POLARIZED, OMNI = 0, 1, 2, 3
ROUTING_CODES = {"min-adaptive": MIN_ADAPTIVE, "valiant": VALIANT, "polarized": POLARIZED, "omni": OMNI}


@njit(cache=True, inline="always")
def polarized_allowed(a, b, na, nb):
    """CAMINOS ``Polarized`` condition for a move c -> c' (a = D(s,c), b = D(c,t); na, nb for c')."""
    w = b - a
    nw = nb - na
    if nw < w:
        return True
    if nw == w:
        if a < b:
            return a < na
        return nb < b
    return False


@njit(cache=True)
def _polarized_longest(D, indptr, indices, sources, out_len, out_dead):
    """Longest Algorithm-1 route for every (s, t) with s in ``sources``; dead ends reported.

    Processes, for a fixed (s, t), routers in decreasing weight ``D(c,t) - D(s,c)``
    and, within a weight, in the order that makes the equal-weight moves acyclic
    (increasing ``a`` when the weight is positive, decreasing ``b`` otherwise),
    from the target backwards: ``L(t) = 0``, ``L(c) = 1 + max L(c')`` over admissible
    ``c'``.  Only routers reachable from ``s`` matter for the bound and the dead-end
    check, so a forward reachability pass filters them.
    """
    n = indptr.shape[0] - 1
    order = np.empty(n, np.int64)
    key = np.empty(n, np.int64)
    L = np.empty(n, np.int64)
    reach = np.zeros(n, np.uint8)
    stack = np.empty(n, np.int64)
    for si in range(sources.shape[0]):
        s = sources[si]
        best = 0
        for t in range(n):
            if t == s:
                continue
            # forward reachability from s under the admissible moves
            for v in range(n):
                reach[v] = 0
            reach[s] = 1
            top = 0
            stack[0] = s
            top = 1
            while top > 0:
                top -= 1
                c = stack[top]
                if c == t:
                    continue
                a = np.int64(D[s, c])
                b = np.int64(D[c, t])
                found = False
                for k in range(indptr[c], indptr[c + 1]):
                    v = indices[k]
                    if polarized_allowed(a, b, np.int64(D[s, v]), np.int64(D[v, t])):
                        found = True
                        if reach[v] == 0:
                            reach[v] = 1
                            stack[top] = v
                            top += 1
                if not found:
                    out_dead[0] = s
                    out_dead[1] = t
                    out_dead[2] = c
                    return
            # longest path to t by dynamic programming in reverse topological order:
            # every admissible move goes to a strictly smaller key (weight, then a / -b)
            m = 0
            for v in range(n):
                if reach[v]:
                    a = np.int64(D[s, v])
                    b = np.int64(D[v, t])
                    w = b - a
                    sub = -a if w > 0 else b
                    key[v] = w * 4096 + sub
                    order[m] = v
                    m += 1
            ordv = order[:m][np.argsort(key[order[:m]])]
            for i in range(m):
                c = ordv[i]
                if c == t:
                    L[c] = 0
                    continue
                a = np.int64(D[s, c])
                b = np.int64(D[c, t])
                lc = -1
                for k in range(indptr[c], indptr[c + 1]):
                    v = indices[k]
                    if reach[v] and polarized_allowed(a, b, np.int64(D[s, v]), np.int64(D[v, t])):
                        lc = max(lc, L[v] + 1)
                L[c] = lc
            best = max(best, L[s])
        out_len[si] = best


def polarized_longest_route(topology, D: np.ndarray | None = None, routers=None) -> int:
    """Longest route CAMINOS's ``Polarized`` routing can produce on ``topology`` (in links).

    This is the VC count CAMINOS needs with the ``Hops`` policy (VC = hop
    index), the Polarized paper's "as many VCs as the maximum length of
    available routes".  It is at most ``4 D - 3`` for diameter ``D`` and
    often less.

    Parameters
    ----------
    topology : Topology
    D : ndarray, optional
        All-pairs distances (computed when omitted).
    routers : array of int, optional
        Source routers to consider (default: those carrying endpoints).

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If some packet can reach a router with no admissible neighbour (a
        "corner"; CAMINOS panics there).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> polarized_longest_route(hyperx(3, 3))
    4
    """
    from lowdiam.metrics.distances import distance_matrix

    if D is None:
        D = distance_matrix(topology)
    D = np.ascontiguousarray(D, dtype=np.uint8)
    if routers is None:
        routers = np.flatnonzero(np.asarray(topology.endpoints) > 0)
    sources = np.asarray(routers, dtype=np.int64)
    out = np.zeros(max(sources.size, 1), np.int64)
    dead = np.full(3, -1, np.int64)
    _polarized_longest(
        D, topology.indptr.astype(np.int64), topology.indices.astype(np.int64), sources, out, dead
    )
    if dead[0] >= 0:
        s, t, c = (int(x) for x in dead)
        raise ValueError(
            f"polarized routing does not apply to {topology.name}: a packet from router {s} to {t} can reach "
            f"router {c}, which has no neighbour satisfying Algorithm 1's conditions (a corner; CAMINOS panics); "
            "use 'min-adaptive' or 'valiant'"
        )
    return int(out.max()) if sources.size else 0
