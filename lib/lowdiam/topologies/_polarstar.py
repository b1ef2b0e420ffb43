"""PolarStar: the star product ER_q * G' of diameter 3.

Reference: K. Lakhotia, L. Monroe, K. Isham, M. Besta, N. Blach, T. Hoefler,
F. Petrini, "PolarStar: Expanding the Horizon of Diameter-3 Networks", 2024,
Sec. 5-7.  Structure graph: the Erdős–Rényi polarity graph ER_q (degree
d = q + 1, order q^2 + q + 1, property R once its quadric self-loops count).
Supernode: Inductive-Quad (property R*, Theorem 4) or Paley (property R1,
Theorem 5), one bijection f on every arc.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from ..validate import check_choice, check_int
from ._design_keys import design_keywords
from ._polarfly import authors_numbering, erdos_renyi_polarity
from .base import Topology, check_size, default_concentration
from .fields import is_prime_power, prime_powers, require_prime_power
from .starproduct import star_product
from .supernodes import IQ_CONVENTIONS, Supernode, bdf, complete, inductive_quad, paley

__all__ = [
    "ORIENTATIONS",
    "QUADRIC_LINKS",
    "PolarStarConfig",
    "polarstar",
    "polarstar_best",
    "polarstar_configs",
    "supernode_for",
]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("polarstar", "polarstar_best", "polarstar_configs", "PolarStarConfig")

SUPERNODES = ("iq", "paley", "bdf", "complete")


class PolarStarConfig(NamedTuple):
    """One feasible PolarStar: ER_q * supernode of degree d_prime; radix d_star = q + 1 + d_prime."""

    q: int
    supernode: str
    d_prime: int
    order: int
    d_star: int


def supernode_order(supernode: str, d_prime: int) -> int | None:
    """Order of the degree-d' supernode (PolarStar Table 2), or None when it does not exist."""
    if supernode == "iq":
        return 2 * d_prime + 2 if d_prime >= 0 and d_prime % 4 in (0, 3) else None
    if supernode == "paley":
        p = 2 * d_prime + 1
        return p if d_prime >= 2 and is_prime_power(p) and p % 4 == 1 else None
    if supernode == "bdf":
        return 2 * d_prime if d_prime >= 1 else None
    if supernode == "complete":
        return d_prime + 1 if d_prime >= 0 else None
    raise ValueError(f"unknown supernode {supernode!r}; choose one of {SUPERNODES}")


def supernode_for(supernode: str, d_prime: int, iq: str = "authors", primitive_element: int | None = None) -> Supernode:
    """The degree-d' supernode object of the given kind (ValueError if infeasible).

    ``iq`` is the Inductive-Quad convention, ``primitive_element`` the Paley ξ
    (see :func:`polarstar`); each is used only by its own kind.
    """
    if supernode == "iq":
        return inductive_quad(d_prime, iq)
    if supernode == "paley":
        if not isinstance(d_prime, (int, np.integer)) or d_prime < 2:
            raise ValueError(f"Paley supernode degree d' = (p-1)/2 must be >= 2, got {d_prime!r}")
        return paley(2 * int(d_prime) + 1, primitive_element)
    if supernode == "bdf":
        return bdf(d_prime)
    if supernode == "complete":
        return complete(int(d_prime) + 1)
    raise ValueError(f"unknown supernode {supernode!r}; choose one of {SUPERNODES}")


ORIENTATIONS = ("lowdiam", "authors")
QUADRIC_LINKS = ("paper", "authors")


@design_keywords(aliases={"d_prime": "d"})
def polarstar(
    q: int,
    supernode: str = "iq",
    d: int = 3,
    endpoints_per_router: int | None = None,
    *,
    iq: str = "authors",
    primitive_element: int | None = None,
    orientation: str = "lowdiam",
    quadric_links: str = "paper",
) -> Topology:
    """PolarStar ER_q * G' with a degree-d supernode (d is the paper's d').

    Definition (Sec. 4.2, 6): the star product of the structure graph ER_q
    with the supernode G' -- ``"iq"`` (Inductive-Quad, 2d'+2 vertices,
    d' ≡ 0, 3 mod 4), ``"paley"`` (Paley(2d'+1), 2d'+1 a prime power
    ≡ 1 mod 4), or the Table 2 alternatives ``"bdf"`` (2d' vertices) and
    ``"complete"`` (K_{d'+1}) -- using the supernode's own bijection f on
    every arc.  Each quadric (self-orthogonal) point x of ER_q has a
    self-loop, i.e. an arc (x, x), which adds the links (x, x') ~ (x, f(x'))
    inside supernode x (Fig. 5(c), red).  They restore the degree lost with
    the loop (quadric points have ER degree q) and are needed for diameter 3
    with R*-supernodes: Property R of ER_q holds only with the loops,
    because the 2-hop walk between a quadric x and its neighbour y goes
    x -> x -> y.

    Order (q^2+q+1) |G'|; network radix d* = q + 1 + d'.  With IQ the graph
    is d*-regular ((x, x') gets its f-partner instead of the missing loop);
    with Paley and the paper's loop rule, vertex 0 of a quadric supernode has
    degree d* - 1 (f fixes 0) and every other vertex d* (of its two loop
    links x' ~ ξx' and x' ~ ξ^-1 x', exactly one is already a Paley edge).
    Diameter 3 (Theorems 4 and 5; <= 3, and exactly 3 for d' >= 1).

    Conventions the paper leaves open (each checked against the authors'
    generator, IntelLabs/PolarFly ``topogen``, in ``tests/test_peers.py``):

    * ``iq`` -- the Inductive-Quad labelling (:func:`.inductive_quad`).
      ``"authors"`` (default) is the authors' network for every d';
      ``"alternate"`` is a different R* graph for d' >= 7.
    * ``primitive_element`` -- ξ of the Paley supernode, f(x) = ξx (galois'
      integer representation; default galois' smallest primitive element).
      The authors' code draws ξ at random.
    * ``orientation`` -- which way each ER_q edge is an arc.  Theorem 5
      allows any orientation, but f(x) = ξx is not an involution, so
      reversing arcs changes the Paley network: "PS-Paley(q, d')" is a
      family.  ``"lowdiam"`` (default) orients from the lower to the higher
      router id of :func:`.erdos_renyi_polarity` (left-normalised points);
      ``"authors"`` from the lower to the higher id of the authors'
      numbering (right-normalised, :func:`.authors_numbering`).  Irrelevant
      for IQ, BDF and complete supernodes (f an involution).
    * ``quadric_links`` -- ``"paper"`` (default): Definition 1 on the loop
      arc (x, x), all pairs {(x, x'), (x, f(x'))}; ``"authors"``: the
      authors' code adds them as a greedy matching in vertex order, which
      for Paley often re-selects existing Paley edges, so some routers of a
      quadric supernode keep degree d* - 1 (depends on ξ).  Same for IQ.

    With ``supernode="paley"``, ``orientation="authors"``,
    ``quadric_links="authors"`` and the authors' ξ, the result is
    isomorphic to the authors' PolarStar (tested for prime 2d' + 1).

    Parameters
    ----------
    q : int
        Prime power, the ER_q field order (structure degree q + 1).
    supernode : {"iq", "paley", "bdf", "complete"}
        Supernode kind.
    d : int
        Supernode degree d'.
    endpoints_per_router : int, optional
        Concentration; default ``default_concentration(d*, 3)``.
    iq : {"authors", "alternate"}
        Inductive-Quad convention (IQ only).
    primitive_element : int, optional
        Paley ξ (Paley only).
    orientation : {"lowdiam", "authors"}
        Arc orientation of ER_q's edges.
    quadric_links : {"paper", "authors"}
        Links of the quadric self-loops.

    Returns
    -------
    Topology
        Labels: ``supernode`` (= structure vertex x), ``structure_vertex``
        (x), ``supernode_vertex`` (x'), ``quadric`` (x is a quadric point).
        Params record every keyword.

    Raises
    ------
    TypeError
        For a non-integer q or d.
    ValueError
        For q not a prime power, an infeasible supernode degree, an unknown
        option, a non-primitive ξ, or ``orientation="authors"`` with a q the
        authors' generator does not build (q >= 125 or no field rule).

    Examples
    --------
    >>> t = polarstar(11, "iq", 3)     # PolarStar Table 3, PS-IQ
    >>> t.num_routers, t.radix
    (1064, 15)
    >>> t = polarstar(3, "paley", 2, orientation="authors", primitive_element=3)
    >>> t.num_routers, t.params["orientation"]
    (65, 'authors')
    """
    require_prime_power(q, "q", "ER_q needs a prime power q")
    supernode = check_choice("supernode", supernode, SUPERNODES)
    iq = check_choice("iq", iq, IQ_CONVENTIONS)
    orientation = check_choice("orientation", orientation, ORIENTATIONS)
    quadric_links = check_choice("quadric_links", quadric_links, QUADRIC_LINKS)
    if supernode != "paley" and primitive_element is not None:
        raise ValueError(f"primitive_element applies to the Paley supernode only, not {supernode!r}")
    if endpoints_per_router is not None:
        endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    order = supernode_order(supernode, d) if isinstance(d, (int, np.integer)) and not isinstance(d, bool) else None
    if order is not None:  # refuse a network too large to build before building its supernode
        check_size((int(q) ** 2 + int(q) + 1) * order, what=f"polarstar({q}, {supernode!r}, {d})")
    sn = supernode_for(supernode, d, iq=iq, primitive_element=primitive_element)
    er = erdos_renyi_polarity(q, endpoints_per_router=0)
    d_star = int(q) + 1 + sn.degree
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(d_star, 3)
    x = np.arange(er.num_routers * sn.num_vertices) // sn.num_vertices
    params = {
        "q": int(q),
        "supernode": supernode,
        "d": int(q) + 1,
        "d_prime": int(d),
        "d_star": d_star,
        "supernode_order": sn.num_vertices,
        "endpoints_per_router": int(endpoints_per_router),
        "orientation": orientation,
        "quadric_links": quadric_links,
    }
    if supernode == "iq":
        params["iq"] = iq
    if supernode == "paley":
        params["primitive_element"] = sn.params["primitive_element"]
    return star_product(
        er,
        sn,
        arc_order=authors_numbering(q) if orientation == "authors" else None,
        loop_links="greedy" if quadric_links == "authors" else "all",
        name=f"PolarStar(q={q}, {supernode}, d'={d})",
        family="polarstar",
        endpoints_per_router=endpoints_per_router,
        params=params,
        labels={"structure_vertex": x, "quadric": np.asarray(er.labels["quadric"])[x]},
    )


def polarstar_configs(radix: int, supernodes: tuple[str, ...] = ("iq", "paley")) -> list[PolarStarConfig]:
    """All feasible (q, supernode, d') with q + 1 + d' = radix, largest order first.

    Enumerates every prime power q <= radix - 1 and each requested supernode
    kind whose degree d' = radix - q - 1 exists (Table 2); order
    (q^2 + q + 1) |G'| (Sec. 7.1).  Ties in order are listed by larger q
    first, then in the order of ``supernodes``.
    """
    if not isinstance(radix, (int, np.integer)) or radix < 3:
        raise ValueError(f"PolarStar radix must be an integer >= 3 (ER_2 has degree 3), got {radix!r}")
    out = []
    for q in prime_powers(2, int(radix) - 1):
        d_prime = int(radix) - q - 1
        for kind in supernodes:
            order = supernode_order(kind, d_prime)
            if order is not None:
                out.append(PolarStarConfig(q, kind, d_prime, (q * q + q + 1) * order, int(radix)))
    rank = {k: i for i, k in enumerate(supernodes)}
    out.sort(key=lambda c: (-c.order, -c.q, rank[c.supernode]))
    return out


def polarstar_best(
    radix: int, supernodes: tuple[str, ...] = ("iq", "paley"), endpoints_per_router: int | None = None
) -> Topology:
    """The largest PolarStar of the given network radix (Sec. 7.2).

    Tie rule: equal orders are broken by larger q, then by the order of
    ``supernodes`` (IQ before Paley by default).
    """
    configs = polarstar_configs(radix, supernodes)
    if not configs:
        raise ValueError(f"no PolarStar with supernodes {supernodes} has radix {radix}")
    best = configs[0]
    return polarstar(best.q, best.supernode, best.d_prime, endpoints_per_router)
