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

from .base import Topology, default_concentration
from .fields import is_prime_power, prime_powers, require_prime_power
from .polarfly import erdos_renyi_polarity
from .starproduct import star_product
from .supernodes import Supernode, bdf, complete, inductive_quad, paley

__all__ = ["polarstar", "polarstar_configs", "polarstar_best", "PolarStarConfig", "supernode_for"]

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


def supernode_for(supernode: str, d_prime: int) -> Supernode:
    """The degree-d' supernode object of the given kind (ValueError if infeasible)."""
    if supernode == "iq":
        return inductive_quad(d_prime)
    if supernode == "paley":
        if not isinstance(d_prime, (int, np.integer)) or d_prime < 2:
            raise ValueError(f"Paley supernode degree d' = (p-1)/2 must be >= 2, got {d_prime!r}")
        return paley(2 * int(d_prime) + 1)
    if supernode == "bdf":
        return bdf(d_prime)
    if supernode == "complete":
        return complete(int(d_prime) + 1)
    raise ValueError(f"unknown supernode {supernode!r}; choose one of {SUPERNODES}")


def polarstar(q: int, supernode: str = "iq", d: int = 3, endpoints_per_router: int | None = None) -> Topology:
    """PolarStar ER_q * G' with a degree-d supernode (d is the paper's d').

    Definition (Sec. 4.2, 6): the star product of the structure graph ER_q
    with the supernode G' -- ``"iq"`` (Inductive-Quad, 2d'+2 vertices,
    d' ≡ 0, 3 mod 4), ``"paley"`` (Paley(2d'+1), 2d'+1 a prime power
    ≡ 1 mod 4), or the Table 2 alternatives ``"bdf"`` (2d' vertices) and
    ``"complete"`` (K_{d'+1}) -- using the supernode's own bijection f on
    every arc (x, y), x < y.  Each quadric (self-orthogonal) point x of ER_q
    has a self-loop, i.e. an arc (x, x), which adds the links
    (x, x') ~ (x, f(x')) inside supernode x (Fig. 5(c), red).  They restore
    the degree lost with the loop (quadric points have ER degree q) and are
    needed for diameter 3 with R*-supernodes: Property R of ER_q holds only
    with the loops, because the 2-hop walk between a quadric x and its
    neighbour y goes x -> x -> y.

    Order (q^2+q+1) |G'|; network radix d* = q + 1 + d'.  With IQ the graph
    is d*-regular ((x, x') gets its f-partner instead of the missing loop);
    with Paley, vertex 0 of a quadric supernode has degree d* - 1 (f fixes 0).
    Diameter 3 (Theorems 4 and 5; <= 3, and exactly 3 for d' >= 1).

    Labels: ``supernode`` (= structure vertex x), ``structure_vertex`` (x),
    ``supernode_vertex`` (x'), ``quadric`` (x is a quadric point).

    Example
    -------
    >>> t = polarstar(11, "iq", 3)     # PolarStar Table 3, PS-IQ
    >>> t.num_routers, t.radix
    (1064, 15)
    """
    require_prime_power(q, "q", "ER_q needs a prime power q")
    sn = supernode_for(supernode, d)
    er = erdos_renyi_polarity(q, endpoints_per_router=0)
    d_star = int(q) + 1 + sn.degree
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(d_star, 3)
    x = np.arange(er.num_routers * sn.num_vertices) // sn.num_vertices
    return star_product(
        er,
        sn,
        name=f"PolarStar(q={q}, {supernode}, d'={d})",
        family="polarstar",
        endpoints_per_router=endpoints_per_router,
        params={
            "q": int(q),
            "supernode": supernode,
            "d": int(q) + 1,
            "d_prime": int(d),
            "d_star": d_star,
            "supernode_order": sn.num_vertices,
            "endpoints_per_router": int(endpoints_per_router),
        },
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
