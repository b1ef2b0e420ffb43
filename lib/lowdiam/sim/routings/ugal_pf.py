"""``"ugal-pf"``: the PolarStar authors' UGAL variant ``ugall4_pf_anynet``, a local choice at the source router.

The PolarStar paper's simulations ran the authors' BookSim fork (IntelLabs/PolarFly,
``polarfly/booksim``) with ``routing_function = ugall4_pf`` on ``topology = anynet``
(``src/examples/polarstarconfig``: ``adaptive_threshold = 4; num_vcs = 4; vc_buf_size = 32;
internal_speedup = 2.0``).  This module is our implementation of that routing function,
``ugall4_pf_anynet`` in ``polarfly/booksim/src/networks/anynet.cpp`` (read at the mirror's ``HEAD``).

What the authors' code does
---------------------------
Only at the packet's first router (``in_channel < k``, i.e. the head arrived on an injection port) is
anything decided; ``q(port)`` is ``GetUsedCredit(port)`` (``routers/iq_router.cpp``): the downstream
buffer occupancy of an output port as tracked by its credits, summed over all VCs, in flits.

1. The minimal port is ``routing_table[c][dest]``, the anynet table (``AnyNet::route``: one Dijkstra
   tree per router, lowest router id first among equal distances; our
   :func:`lowdiam.sim.booksim.paths.booksim_anynet_table`).  If ``3 * q(min) < 2 * vc_buf_size`` the
   packet goes minimally: the threshold is two thirds of *one VC's* buffer, compared with the occupancy
   of *all* VCs of the port.
2. Otherwise every neighbour router of ``c`` is scanned in ascending id (``router_list[1][c]``, a
   ``std::map``) and the one whose port has the fewest used credits is kept (strict ``<``: the lowest
   id among equals).  If that port is the minimal port, the packet goes minimally.
3. Else, if the destination router is a neighbour of ``c`` (``global_neighbors``): the intermediate is a
   router drawn uniformly (``rand()``) among the neighbours of the chosen neighbour other than ``c`` and
   the destination router, and the packet leaves on ``routing_table[c][intermediate]`` -- the table's
   first hop towards it, which need not be the chosen neighbour's port.
4. Else the chosen neighbour itself is the intermediate (one hop away).
5. At every later router the packet follows the anynet table towards the intermediate until it reaches
   the intermediate's router, then towards the destination (``f->intm``; the intermediate is stored as
   an endpoint attached to the router, ``getRandomNodeAttachedToRouter``).

VCs: at the first router the output VC is the VC of the chosen port with the fewest used credits
(``GetUsedCreditVC``, lowest index among equals); at every later hop the whole range ``0 .. num_vcs-1``
is offered to the VC allocator (the hop-indexed variant, ``vcBegin = f->ph``, is commented out in their
code).  Injection offers every VC.  So their routes have no deadlock-avoidance scheme.

``adaptive_threshold`` is *not* read by ``ugall4_pf_anynet``: the ``AnyNet`` constructor stores it in
``global_adaptive_threshold``, which only ``ugall_pf_anynet``, ``ugall2_pf_anynet`` and
``ugall3_pf_anynet`` use (as the additive bias of a hops x queue comparison).  The ``adaptive_threshold = 4``
of ``polarstarconfig`` therefore has no effect on these runs, and this routing has no option of that name
(passing it is refused as an unknown key).  The one threshold ``ugall4_pf_anynet`` has is the
``2/3 x vc_buf_size`` rule of step 1.

What ours does
--------------
The same decision at the source router, on the router model's used credits of each output port
(:class:`~lowdiam.sim.routings.base.PortState` ``used``: BookSim's ``GetUsedCredit`` in the BookSim model,
un-returned credits in the ideal model; never the routed heads still waiting, ``pend``), and the same
routes afterwards (the intermediate is a router: :func:`~lowdiam.sim.routings.base.phase_target`).
Options (``routing_options``):

``threshold``
    ``None`` (default): the authors' rule, keep the minimal route while ``3 q(min) < 2 buffer_flits``
    (``buffer_flits`` is the model's flits per VC buffer, BookSim's ``vc_buf_size``; 32 in their config,
    so while ``q(min) <= 21``).  An integer ``t >= 0``: keep it while ``q(min) < t`` flits
    (``t = 0``: always compare the neighbours' ports).
``paths``
    ``"booksim-anynet"`` (default): the authors' next-hop table; ``"random"``: a seeded random shortest
    path per router pair (:func:`.min_single.single_path_table`, as ``"min-single"``).

Route state: ``UNDECIDED`` until the source router decides, then the intermediate router or ``DIRECT``.
The threshold travels in ``RouteTables.ugal_threshold`` (flits; -1 for the authors' rule, which the
kernel evaluates with ``PortState.buffer_flits``), so :mod:`.base` needs no new field.

Where they differ, and why
--------------------------
* **VCs.** Ours uses the project's hop-indexed VCs (``vc_selection="hop"``, the default for shared
  routings): deadlock-free, but it needs one VC per link of the longest route, which for this routing is
  up to ``2 + min(3, ecc)`` (two hops to a neighbour's neighbour, then minimal; see ``_route_length``):
  5 on a PolarStar (diameter 3), one more than the authors' 4, and the BookSim model refuses ``vcs=4``
  there.  Their per-hop VC choice (emptiest VC at the first hop, any VC later) is not reproduced;
  ``router_options={"vc_selection": "any"}`` on the BookSim model comes closest (every free VC is requested
  at every hop, as at their later hops) and, like theirs, can deadlock (the model detects and reports it).
* **Source router = destination router.** Ours ejects at once.  Theirs applies step 1 to the *ejection*
  port, whose used credits stay within the channel round trip (ejection returns credits at once), far below
  ``2/3 x vc_buf_size``; BookSim's uniform traffic also picks such pairs, ours never does.
* **No candidate in step 3** (the chosen neighbour has no neighbour besides ``c`` and the destination):
  theirs evaluates ``rand() % 0`` (undefined behaviour, a crash); ours routes minimally.  It cannot happen
  on a graph whose routers all have degree >= 3.
* **Random numbers.** Theirs calls C ``rand()`` (also once per neighbour in step 2, for an endpoint it
  discards); ours draws from the kernel's SplitMix64 (:mod:`lowdiam.sim.rng`), so runs are reproducible
  per seed but not draw-for-draw equal to theirs.
* **Other router models.** The BookSim model runs it (``router="booksim"``) and so does the ideal model
  (the same dispatch; there ``used`` counts un-returned credits of the model's cut-through or wormhole
  buffers); the CAMINOS model runs only its own routings and refuses the name.

Cross-validation against the authors' BookSim build: ``docs/cross_validation.md`` (section "UGAL of the
PolarStar authors") and ``figures/crossval/booksim_ugal_pf.csv``.

Examples
--------
>>> from lowdiam.sim.routings import resolve_routing
>>> resolve_routing("ugal-pf", None)[1]
{'threshold': None, 'paths': 'booksim-anynet'}
>>> resolve_routing("ugal-pf", {"threshold": -1})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
ValueError: ugal-pf routing_options['threshold'] must be >= 0, got -1 (flits; or None for the authors' rule ...)
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lowdiam.validate import check_choice, check_int

from ..rng import below
from . import min_single
from .base import DIRECT, EJECT, UNDECIDED, Routing, checked, endpoint_routers
from .valiant import phased_hop

CODE = 14
#: ``routing_options["paths"]`` choices: the authors' anynet table, or a seeded random shortest path per pair
PATHS = ("booksim-anynet", "random")
#: ``RouteTables.ugal_threshold`` value meaning the authors' rule ``3 q(min) < 2 buffer_flits``
AUTHORS_RULE = -1


@njit(cache=True, inline="always")
def setup(p, s_r, d_r, tabs, route_state, rs):
    route_state[p] = UNDECIDED


@njit(cache=True, inline="always")
def keeps_minimal(q, threshold, buffer_flits):
    """Whether a minimal port with ``q`` used credits keeps the packet on its minimal route (step 1)."""
    if threshold < 0:
        return 3 * q < 2 * buffer_flits
    return q < threshold


@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state
def next_hop(p, c, dst_r, vc_next, tabs, net, route_state, ports, rs):
    if route_state[p] != UNDECIDED:
        return phased_hop(p, c, dst_r, vc_next, tabs, net, route_state, rs)
    route_state[p] = DIRECT
    if c == dst_r:
        return EJECT
    out = tabs.next_arc[c, dst_r]
    if out < 0 or keeps_minimal(ports.used[out], tabs.ugal_threshold, ports.buffer_flits):
        return checked(out, vc_next, tabs.hop_classes)
    indptr = net.indptr
    indices = net.indices
    # step 2: the neighbour whose port has the fewest used credits, lowest id among equals (sorted CSR)
    best = indptr[c]
    for a in range(indptr[c] + 1, indptr[c + 1]):
        if ports.used[a] < ports.used[best]:
            best = a
    if best == out:
        return checked(out, vc_next, tabs.hop_classes)
    x = indices[best]
    if tabs.D[c, dst_r] != 1:  # step 4: the chosen neighbour is the intermediate
        route_state[p] = x
        return checked(best, vc_next, tabs.hop_classes)
    # step 3: a uniform neighbour of x other than c and the destination router
    k = 0
    for b in range(indptr[x], indptr[x + 1]):
        if indices[b] != c and indices[b] != dst_r:
            k += 1
    if k == 0:
        return checked(out, vc_next, tabs.hop_classes)
    j = below(rs, k)
    for b in range(indptr[x], indptr[x + 1]):
        f = indices[b]
        if f != c and f != dst_r:
            if j == 0:
                route_state[p] = f
                return checked(tabs.next_arc[c, f], vc_next, tabs.hop_classes)
            j -= 1
    return checked(out, vc_next, tabs.hop_classes)  # not reached


def _check(name, options):
    t = options["threshold"]
    if t is not None:
        try:
            t = check_int(f"{name} routing_options['threshold']", t, low=0)
        except (TypeError, ValueError) as err:
            raise type(err)(f"{err} (flits; or None for the authors' rule 3 q < 2 buffer_flits)") from None
    paths = check_choice(f"{name} routing_options['paths']", options["paths"], PATHS)
    return {**options, "threshold": t, "paths": paths}


def anynet_arcs(topology, D: np.ndarray) -> np.ndarray:
    """The authors' anynet next-hop table as CSR arcs (``next_arc[c, t]``, -1 on the diagonal).

    Examples
    --------
    >>> from lowdiam.topologies import Topology
    >>> from lowdiam.metrics.distances import distance_matrix
    >>> ring = Topology.from_edges("c4", "ring", 4, [(0, 1), (1, 2), (2, 3), (0, 3)])
    >>> anynet_arcs(ring, distance_matrix(ring))[0].tolist()  # 0 -> 2 via the lower id 1 (arc 0)
    [-1, 0, 0, 1]
    """
    from lowdiam.sim.booksim.paths import booksim_anynet_table

    pos = booksim_anynet_table(topology, D).astype(np.int32)
    start = np.asarray(topology.indptr[:-1], np.int32)[:, None]
    return np.where(pos >= 0, start + pos, -1).astype(np.int32)


def _build(ctx, options):
    top = ctx.topology
    if options["paths"] == "booksim-anynet":
        table = ctx.cache(("anynet-arcs",), lambda: anynet_arcs(top, ctx.D))
    else:
        table = ctx.cache(("single", ctx.seed),
                          lambda: min_single.single_path_table(ctx.D, top.indptr, top.indices, ctx.seed))
    t = options["threshold"]
    return {"next_arc": table, "inner": min_single.CODE,
            "ugal_threshold": AUTHORS_RULE if t is None else t}


def _route_length(ctx, options, fields) -> int:
    """Longest route (an upper bound; the VC need): minimal, ``1 + ecc(x)`` or ``2 + min(3, ecc)``.

    ``ecc`` is a router's largest distance to an endpoint router.  Step 4 takes one hop to a neighbour
    ``x`` of the source, then a shortest route (``1 + ecc(x)``); step 3 (destination next to the source)
    takes up to two hops to a neighbour's neighbour ``f``, then a shortest route of at most
    ``min(3, ecc(f))`` links (``f`` is within 2 of the source, the destination within 1), or ``1 + min(2,
    ecc)`` when every endpoint router is adjacent to every router.

    Examples
    --------
    >>> import numpy as np
    >>> from lowdiam.topologies import Topology
    >>> from lowdiam.metrics.distances import distance_matrix
    >>> from lowdiam.sim.routings import max_route_length
    >>> ring = Topology.from_edges("c6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)])
    >>> max_route_length("ugal-pf", distance_matrix(ring), np.ones(6, bool))  # 2 + min(3, 3)
    5
    """
    D = np.asarray(ctx.D)
    er = endpoint_routers(ctx.topology)
    if er.size == 0:
        return 0
    rows = D[er]
    between = rows[:, er]
    out = int(between.max())
    ecc = rows.max(axis=0)  # every router's largest distance to an endpoint router (D is symmetric)
    if out >= 2:  # step 4
        nbrs = (rows == 1).any(axis=0)
        out = max(out, 1 + int(ecc[nbrs].max()))
    if (between == 1).any():  # step 3
        if (rows == 2).any():
            out = max(out, 2 + min(3, int(ecc.max())))
        else:
            out = max(out, 1 + min(2, int(ecc.max())))
    return out


ROUTING = Routing(
    name="ugal-pf", code=CODE, setup=True,
    description="PolarStar authors' UGAL (ugall4_pf): minimal unless its port holds >= 2/3 of a VC buffer, "
                "then via the least-loaded neighbour",
    build=_build, route_length=_route_length,
    defaults={"threshold": None, "paths": "booksim-anynet"}, check=_check,
)
