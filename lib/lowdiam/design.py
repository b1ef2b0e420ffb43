"""Analytic design space: Moore bounds and feasible configurations per radix.

Nothing here builds a graph.  Every family contributes one enumerator
``<family>_configs(radix)`` that lists its feasible constructions at a given
*network radix* ``k`` (router-to-router ports, endpoints excluded) as records
``{"family", "radix", "order", "params"}``; :func:`max_order`,
:func:`best_config` and :func:`design_space` are thin layers on top.

Formulas (order ``N`` = number of routers, ``k`` = network radix):

=================  =========================================  ===========================
family             parameters                                 N, k
=================  =========================================  ===========================
polarstar          ER_q * IQ(d') or ER_q * Paley(2d'+1)       (q^2+q+1)|V(G')|, q+1+d'
bundlefly          MMS(s) * Paley(p)                          2 s^2 p, (3s-δ)/2+(p-1)/2
slimfly            MMS(q), q = 4l+δ                           2 q^2, (3q-δ)/2
polarfly           ER_q                                       q^2+q+1, q+1
paley              Paley(p), p ≡ 1 mod 4                      p, (p-1)/2
dragonfly          a routers/group, h global ports            a(ah+1), (a-1)+h
hyperx             3-D, sides S1 >= S2 >= S3 >= 2             S1 S2 S3, sum(S_i - 1)
lps                LPS(p, q), odd primes, q > 2 sqrt(p)       q(q^2-1)/2 or q(q^2-1), p+1
galaxyfly          GF(n, q, a, h)                             n q a, (a-1)+h
kautz              undirected Kautz K(d, 3)                   d^3+d^2, 2d
=================  =========================================  ===========================

References: PolarStar (Lakhotia et al. 2024) Sec. 7 and Table 2; Bundlefly as
stated in SpectralFly (Young et al.) Sec. IV; Galaxyfly (Lei et al., TPDS 2021)
Sec. 2.2; LPS as in SpectralFly Sec. III.

Example
-------
>>> max_order("polarstar", 15)
1064
>>> best_config("polarstar", 15)
{'q': 11, 'supernode': 'iq', 'd_prime': 3}
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np

from .topologies.fields import is_prime_power, prime_powers

__all__ = [
    "FAMILIES",
    "best_config",
    "bundlefly_configs",
    "configs",
    "design_space",
    "dragonfly_configs",
    "galaxyfly_configs",
    "galaxyfly_max_endpoints",
    "max_order_upto",
    "polarstar_iq_continuous_optimum",
    "galaxyfly_max_endpoints_square",
    "galaxyfly_size",
    "geometric_mean_ratio",
    "hyperx_configs",
    "kautz_configs",
    "legendre",
    "lps_configs",
    "lps_max_order",
    "lps_order",
    "max_order",
    "mms_delta",
    "moore_bound",
    "moore_efficiency",
    "paley_configs",
    "polarfly_configs",
    "polarstar_configs",
    "slimfly_configs",
    "starmax_bound",
    "starmax_configs",
]

Record = dict[str, Any]


def _record(family: str, radix: int, order: int, **params: Any) -> Record:
    return {"family": family, "radix": int(radix), "order": int(order), "params": params}


def _require_radix(radix: Any, minimum: int = 1) -> int:
    if isinstance(radix, bool) or not isinstance(radix, (int, np.integer)) or radix < minimum:
        raise ValueError(f"radix must be an integer >= {minimum}, got {radix!r}")
    return int(radix)


# --------------------------------------------------------------------------- bounds


def moore_bound(radix: int, diameter: int) -> int:
    """Moore bound: max order of a graph with max degree ``radix`` and diameter ``diameter``.

    ``1 + d * sum_{i<D} (d-1)^i``; for D = 2 this is d^2 + 1, for D = 3
    d^3 - d^2 + d + 1 (PolarStar Sec. 2.2).

    >>> moore_bound(7, 2), moore_bound(3, 3)
    (50, 22)
    """
    radix = _require_radix(radix)
    if isinstance(diameter, bool) or not isinstance(diameter, (int, np.integer)) or diameter < 1:
        raise ValueError(f"diameter must be an integer >= 1, got {diameter!r}")
    return 1 + radix * sum((radix - 1) ** i for i in range(int(diameter)))


def moore_efficiency(order: int, radix: int, diameter: int = 3) -> float:
    """``order / moore_bound(radix, diameter)`` (PolarStar Fig. 1 y-axis)."""
    if order is None or order < 0:
        raise ValueError(f"order must be a non-negative integer, got {order!r}")
    return order / moore_bound(radix, diameter)


def starmax_configs(radix: int) -> list[Record]:
    """Every split k = d + d' of the StarMax bound, with its value.

    StarMax (PolarStar Fig. 1) is the upper bound on diameter-3 star products
    built from a diameter-2 structure graph G and a supernode G' with Property
    R* (or P): |V(G)| <= d^2 + 1 (diameter-2 Moore bound) and |V(G')| <=
    2d' + 2 (PolarStar Prop. 1), so a product of degree k = d + d' has at most
    (d^2 + 1)(2d' + 2) vertices.  The paper states no formula, this is our
    reading of the caption; asymptotically it is 8k^3/27, the same 8/27 of the
    diameter-3 Moore bound that PolarStar reaches.
    """
    radix = _require_radix(radix)
    return [
        _record("starmax", radix, (d * d + 1) * (2 * (radix - d) + 2), d=d, d_prime=radix - d)
        for d in range(2, radix + 1)
    ]


def starmax_bound(radix: int) -> int:
    """Upper bound on the order of a diameter-3 R*/P star product of degree ``radix``.

    ``max_{d + d' = radix} (d^2 + 1)(2d' + 2)``; see :func:`starmax_configs`.

    >>> starmax_bound(15)
    1220
    """
    _require_radix(radix, 2)
    return max(r["order"] for r in starmax_configs(radix))


# --------------------------------------------------------------------------- helpers


def mms_delta(q: int) -> int | None:
    """δ in q = 4l + δ with δ in {-1, 0, 1}, or None when q ≡ 2 mod 4."""
    r = q % 4
    return {0: 0, 1: 1, 3: -1}.get(r)


def _mms_radix(q: int) -> int | None:
    """Degree (3q - δ)/2 of the McKay-Miller-Širáň graph, None if MMS(q) does not exist."""
    if not is_prime_power(q):
        return None
    delta = mms_delta(q)
    return None if delta is None else (3 * q - delta) // 2


def _paley_ok(p: int) -> bool:
    """A Paley graph on p vertices exists: p a prime power ≡ 1 mod 4."""
    return p % 4 == 1 and is_prime_power(p)


@functools.lru_cache(maxsize=8)
def _prime_powers_upto(n: int) -> tuple[int, ...]:
    """Prime powers 3 <= q <= n, cached (Galaxyfly scans many q per radix)."""
    return tuple(prime_powers(3, n))


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    return all(n % f for f in range(2, math.isqrt(n) + 1))


def legendre(a: int, p: int) -> int:
    """Legendre symbol (a/p) for an odd prime p, by Euler's criterion."""
    if not _is_prime(p) or p == 2:
        raise ValueError(f"p={p} must be an odd prime for the Legendre symbol")
    v = pow(a % p, (p - 1) // 2, p)
    return -1 if v == p - 1 else v


# --------------------------------------------------------------------------- families


def polarstar_configs(radix: int, supernode: str | None = None) -> list[Record]:
    """Every feasible PolarStar ER_q * G' of network radix ``radix``.

    Structure graph ER_q (q a prime power, degree q + 1, q^2 + q + 1
    vertices); supernode G' of degree d' = radix - q - 1 (PolarStar Table 2):

    * ``"iq"``: Inductive-Quad, 2d' + 2 vertices, d' ≡ 0 or 3 mod 4
      (IQ_0 is two vertices and no edge, Sec. 6);
    * ``"paley"``: Paley(2d' + 1), d' even and 2d' + 1 a prime power
      (so 2d' + 1 ≡ 1 mod 4).

    >>> rows = polarstar_configs(15, "iq")
    >>> [(r["params"]["q"], r["params"]["d_prime"], r["order"]) for r in rows]
    [(11, 3, 1064), (7, 7, 912), (3, 11, 312), (2, 12, 182)]
    """
    radix = _require_radix(radix)
    kinds = ("iq", "paley") if supernode is None else (supernode,)
    for kind in kinds:
        if kind not in ("iq", "paley"):
            raise ValueError(f"supernode must be 'iq' or 'paley', got {kind!r}")
    rows = []
    for q in reversed(prime_powers(2, radix - 1)):
        d_prime = radix - q - 1
        er_order = q * q + q + 1
        if "iq" in kinds and d_prime % 4 in (0, 3):
            rows.append(_record("polarstar", radix, er_order * (2 * d_prime + 2),
                                q=q, supernode="iq", d_prime=d_prime))
        paley_ok = d_prime >= 2 and d_prime % 2 == 0 and is_prime_power(2 * d_prime + 1)
        if "paley" in kinds and paley_ok:
            rows.append(_record("polarstar", radix, er_order * (2 * d_prime + 1),
                                q=q, supernode="paley", d_prime=d_prime))
    return rows


def bundlefly_configs(radix: int) -> list[Record]:
    """Every Bundlefly MMS(s) * Paley(p) of network radix ``radix``.

    s a prime power with s = 4l + δ, δ in {-1, 0, 1}; p a prime power ≡ 1
    mod 4; order 2 s^2 p, radix (3s - δ)/2 + (p - 1)/2 (SpectralFly Sec. IV,
    after Lei et al. 2020).

    >>> bundlefly_configs(15)[0]["order"]
    882
    """
    radix = _require_radix(radix)
    rows = []
    for s in prime_powers(3, radix):
        k_mms = _mms_radix(s)
        if k_mms is None or k_mms >= radix:
            continue
        p = 2 * (radix - k_mms) + 1
        if _paley_ok(p):
            rows.append(_record("bundlefly", radix, 2 * s * s * p, s=s, delta=mms_delta(s), p=p))
    return sorted(rows, key=lambda r: -r["order"])


def slimfly_configs(radix: int) -> list[Record]:
    """The Slim Fly MMS(q) of network radix ``radix`` (at most one): 2q^2, (3q - δ)/2."""
    radix = _require_radix(radix)
    return [
        _record("slimfly", radix, 2 * q * q, q=q, delta=mms_delta(q))
        for q in prime_powers(3, radix)
        if _mms_radix(q) == radix
    ]


def polarfly_configs(radix: int) -> list[Record]:
    """PolarFly ER_q with q = radix - 1 a prime power: q^2 + q + 1 routers (diameter 2)."""
    radix = _require_radix(radix)
    q = radix - 1
    return [_record("polarfly", radix, q * q + q + 1, q=q)] if is_prime_power(q) else []


def paley_configs(radix: int) -> list[Record]:
    """Paley graph on p = 2 radix + 1 vertices (p prime power ≡ 1 mod 4), diameter 2."""
    radix = _require_radix(radix)
    p = 2 * radix + 1
    return [_record("paley", radix, p, p=p)] if _paley_ok(p) else []


def dragonfly_configs(radix: int) -> list[Record]:
    """Every maximum-size Dragonfly with a >= 2 routers per group and h >= 1 global ports.

    Network radix k = (a - 1) + h; with one global link between every pair of
    groups there are a h + 1 groups, so N = a (a h + 1) (Kim et al. 2008).

    >>> [r["order"] for r in dragonfly_configs(17) if r["params"]["a"] == 12]
    [876]
    """
    radix = _require_radix(radix)
    rows = []
    for a in range(2, radix + 1):
        h = radix - (a - 1)
        rows.append(_record("dragonfly", radix, a * (a * h + 1), a=a, h=h, g=a * h + 1))
    return sorted(rows, key=lambda r: -r["order"])


def hyperx_configs(radix: int, dims: int = 3) -> list[Record]:
    """Every ``dims``-D HyperX with sides S1 >= S2 >= ... >= 2 and sum(S_i - 1) = radix.

    Each dimension is a complete graph K_{S_i}; order prod(S_i) (Ahn et al. 2009).
    Sides are listed in non-increasing order (permutations are isomorphic).
    """
    radix = _require_radix(radix)
    if int(dims) != dims or dims < 1:
        raise ValueError(f"dims must be an integer >= 1, got {dims!r}")
    rows = []

    def rec(prefix: tuple[int, ...], left: int, slots: int) -> None:
        if slots == 0:
            if left == 0:
                rows.append(_record("hyperx", radix, math.prod(prefix), sides=prefix))
            return
        hi = min(prefix[-1] - 1 if prefix else left, left - (slots - 1))
        for s_minus_1 in range(hi, 0, -1):
            if s_minus_1 * slots < left:
                break  # remaining sides cannot be larger than this one
            rec(prefix + (s_minus_1 + 1,), left - s_minus_1, slots - 1)

    rec((), radix, int(dims))
    return sorted(rows, key=lambda r: -r["order"])


def lps_order(p: int, q: int) -> int:
    """Order of LPS(p, q): |PSL(2, q)| = q(q^2-1)/2 if (p/q) = 1 else |PGL(2, q)| = q(q^2-1)."""
    return q * (q * q - 1) // 2 if legendre(p, q) == 1 else q * (q * q - 1)


def lps_configs(radix: int | None = None, p_max: int = 300, q_max: int = 300) -> list[Record]:
    """All LPS(p, q) with distinct odd primes p < p_max, q < q_max and q > 2 sqrt(p).

    Radix p + 1; order from :func:`lps_order` (SpectralFly Sec. III, Fig. 4
    uses p, q < 300).  ``radix`` restricts to p = radix - 1.  The diameter is
    not analytic: see :func:`lps_max_order` to restrict it.
    """
    if radix is not None:
        radix = _require_radix(radix)
        ps = [radix - 1] if radix - 1 < p_max and radix - 1 > 2 and _is_prime(radix - 1) else []
    else:
        ps = [p for p in range(3, p_max) if _is_prime(p)]
    rows = []
    for p in ps:
        for q in range(3, q_max):
            if q != p and _is_prime(q) and q * q > 4 * p:
                rows.append(_record("lps", p + 1, lps_order(p, q), p=p, q=q,
                                    group="PSL" if legendre(p, q) == 1 else "PGL"))
    return sorted(rows, key=lambda r: (r["radix"], -r["order"]))


def lps_max_order(
    radix: int,
    diameter_of: Callable[[int, int], int],
    max_diameter: int = 3,
    q_max: int = 300,
) -> Record | None:
    """Largest LPS(radix - 1, q) whose diameter is at most ``max_diameter``.

    ``diameter_of(p, q)`` must build the graph (or look it up) and return its
    exact diameter.  Candidates above the Moore bound for ``max_diameter`` are
    skipped without calling it, largest first, so only a few graphs are built.
    """
    bound = moore_bound(_require_radix(radix), max_diameter)
    for row in sorted(lps_configs(radix, q_max=q_max), key=lambda r: -r["order"]):
        if row["order"] > bound:
            continue
        diam = diameter_of(row["params"]["p"], row["params"]["q"])
        if diam <= max_diameter:
            row["params"]["diameter"] = int(diam)
            return row
    return None


def galaxyfly_size(n: int, q: int, a: int, h: int | None = None) -> tuple[int, int]:
    """Routers and network radix of Galaxyfly GF(n, q, a, ., h).

    n clusters of q supernodes of a routers; each supernode of the Galaxy
    graph has n - 1 + (q - δ)/2 neighbours, served by its a h global ports,
    so a h >= n - 1 + (q - δ)/2; each router uses a - 1 local and h global
    ports (Galaxyfly Sec. 2.2).  ``h=None`` takes the smallest feasible h.
    q = 1 (δ = 1) is the Dragonfly / complete-graph case.  The rule lives
    with the constructor (:func:`lowdiam.topologies.galaxyfly.galaxyfly_size`).

    >>> galaxyfly_size(15, 29, 4)  # GF(15,29,4,2): radix 12 with p = 2
    (1740, 10)
    """
    from .topologies.galaxyfly import galaxyfly_size as _size

    routers, radix, _ = _size(n, q, a, h)
    return routers, radix


def _galaxyfly_diameter_bound(n: int, q: int, a: int) -> int:
    """Diameter (upper bound) per Galaxyfly Table 2."""
    if n == 1 or (q == 1 and a == 1):
        return 1
    if a == 1:
        return 2
    return 3 if q == 1 else 5


def galaxyfly_configs(radix: int, max_diameter: int = 5) -> list[Record]:
    """The largest Galaxyfly per (a, q) at network radix ``radix``.

    For each a (h = radix - a + 1 >= 1) and q in {1} ∪ {prime powers ≢ 2 mod
    4}, n is the largest with a h >= n - 1 + (q - δ)/2; records carry
    ``diameter_bound`` from Galaxyfly Table 2 and only those <= max_diameter
    are kept (3 leaves the Dragonfly case q = 1).
    """
    radix = _require_radix(radix)
    rows = []
    max_budget = max(a * (radix - a + 1) for a in range(1, radix + 1))
    all_q = [1, *_prime_powers_upto(2 * max_budget + 1)] if max_diameter >= 2 else [1]
    for a in range(1, radix + 1):
        h = radix - (a - 1)
        budget = a * h
        for q in all_q:
            if q > 2 * budget + 1:
                break
            delta = 1 if q == 1 else mms_delta(q)
            if delta is None:
                continue
            n = budget + 1 - (q - delta) // 2
            if n < 2:
                continue
            diam = _galaxyfly_diameter_bound(n, q, a)
            if diam <= max_diameter:
                routers, k = galaxyfly_size(n, q, a, h)
                rows.append(_record("galaxyfly", k, routers,
                                    n=n, q=q, a=a, h=h, diameter_bound=diam))
    return sorted(rows, key=lambda r: -r["order"])



def galaxyfly_max_endpoints(
    total_radix: int, shape: Callable[[dict], bool] | None = None, max_diameter: int = 5
) -> tuple[int, dict | None]:
    """Largest endpoint count of a Galaxyfly built from ``total_radix``-port routers.

    Searches every split total_radix = p + network radix with p >= 1 over the
    configurations of :func:`galaxyfly_configs`; ``shape(params)`` may restrict
    them (e.g. ``lambda prm: prm["a"] in (2, 3)``).  Returns (endpoints,
    params incl. p), or (0, None) when nothing fits.
    """
    total_radix = _require_radix(total_radix)
    best: tuple[int, dict | None] = (0, None)
    for p in range(1, total_radix - 1):
        for r in galaxyfly_configs(total_radix - p, max_diameter=max_diameter):
            prm = r["params"]
            if shape is not None and not shape(prm):
                continue
            if r["order"] * p > best[0]:
                best = (r["order"] * p, dict(prm, p=p))
    return best


def galaxyfly_max_endpoints_square(total_radix: int, a_values: Iterable[int] | None = None) -> tuple[int, dict | None]:
    """Like :func:`galaxyfly_max_endpoints` restricted to GF(n = q, q, a, p) (Galaxyfly Fig. 3 shapes).

    Each (q, a) takes the smallest feasible h and gives the remaining ports
    to terminals.
    """
    total_radix = _require_radix(total_radix)
    best: tuple[int, dict | None] = (0, None)
    a_list = list(a_values) if a_values is not None else list(range(1, total_radix))
    for q in prime_powers(3, 4 * total_radix * total_radix):
        if mms_delta(q) is None:
            continue
        for a in a_list:
            routers, k = galaxyfly_size(q, q, a)
            p = total_radix - k
            if p >= 1 and routers * p > best[0]:
                best = (routers * p, {"n": q, "q": q, "a": a, "p": p})
    return best


def kautz_configs(radix: int) -> list[Record]:
    """Kautz K(d, 3) with each arc made bidirectional: d^3 + d^2 routers, radix 2d.

    The directed Kautz graph of out-degree d and diameter 3 has d^3 + d^2
    vertices; as an undirected network its degree is at most 2d (PolarStar
    Fig. 1 counts each link as bidirectional).
    """
    radix = _require_radix(radix)
    d = radix // 2
    return [_record("kautz", radix, d**3 + d**2, d=d)] if radix % 2 == 0 and d >= 2 else []


def _moore_configs(diameter: int) -> Callable[[int], list[Record]]:
    def enum(radix: int) -> list[Record]:
        fam = "moore" if diameter == 3 else f"moore{diameter}"
        return [_record(fam, radix, moore_bound(radix, diameter), diameter=diameter)]

    return enum


def _polarstar_kind(kind: str) -> Callable[[int], list[Record]]:
    return lambda radix: polarstar_configs(radix, kind)


_ENUMERATORS: dict[str, Callable[[int], list[Record]]] = {
    "polarstar": polarstar_configs,
    "polarstar-iq": _polarstar_kind("iq"),
    "polarstar-paley": _polarstar_kind("paley"),
    "bundlefly": bundlefly_configs,
    "slimfly": slimfly_configs,
    "polarfly": polarfly_configs,
    "paley": paley_configs,
    "dragonfly": dragonfly_configs,
    "hyperx": hyperx_configs,
    "lps": lps_configs,  # q < 300, any diameter
    "galaxyfly": galaxyfly_configs,
    "kautz": kautz_configs,
    "moore": _moore_configs(3),
    "moore2": _moore_configs(2),
    "starmax": starmax_configs,
}

#: Family names accepted by :func:`configs`, :func:`max_order`, :func:`best_config`.
FAMILIES: tuple[str, ...] = tuple(_ENUMERATORS)


def configs(family: str, radix: int) -> list[Record]:
    """Feasible configurations of ``family`` at network radix ``radix``, largest first.

    ``"lps"`` lists p = radix - 1 with q < 300 regardless of diameter;
    ``"galaxyfly"`` includes diameter-5 configurations; ``"moore"`` /
    ``"moore2"`` / ``"starmax"`` are bounds, not constructions.
    """
    enum = _ENUMERATORS.get(family)
    if enum is None:
        raise ValueError(f"unknown family {family!r}; valid families: {', '.join(FAMILIES)}")
    radix = _require_radix(radix)
    return sorted(enum(radix), key=lambda r: -r["order"])


def polarstar_iq_continuous_optimum(radix: int, samples: int = 200_001) -> tuple[float, float]:
    """(q*, order*) maximising the IQ PolarStar order (q^2+q+1)(2(k-q-1)+2) over real q in [1, k-1].

    What PolarStar Eq. (1)/(2) approximate: the closed form is
    q* = ((k-1) + sqrt((k-1)(k+2)))/3 (the paper prints (k-2) in place of (k+2)).
    Evaluated on a fine grid so the notebook can compare both formulas with it.
    """
    radix = _require_radix(radix)
    q = np.linspace(1.0, radix - 1.0, samples)
    order = (q * q + q + 1) * (2 * (radix - q - 1) + 2)
    i = int(np.argmax(order))
    return float(q[i]), float(order[i])


def max_order_upto(family: str, radix: int) -> int:
    """Largest order of ``family`` at any network radix <= ``radix`` (unused ports allowed); 0 if none."""
    vals = [max_order(family, k) for k in range(2, _require_radix(radix) + 1)]
    return max([v for v in vals if v] or [0])


def max_order(family: str, radix: int) -> int | None:
    """Largest router count of ``family`` at network radix ``radix``; None if infeasible.

    >>> max_order("dragonfly", 17), max_order("slimfly", 16)
    (876, None)
    """
    rows = configs(family, radix)
    return rows[0]["order"] if rows else None


def best_config(family: str, radix: int) -> dict[str, Any] | None:
    """Parameters of the largest configuration of ``family`` at ``radix`` (None if infeasible).

    Ties (equal order) go to the first listed by the family's enumerator.
    """
    rows = configs(family, radix)
    return dict(rows[0]["params"]) if rows else None


def design_space(
    family: str | Iterable[str], radix_range: Iterable[int], best_only: bool = False
) -> list[Record]:
    """Records (family, radix, order, params) for every radix in ``radix_range``.

    ``family`` may be a name or several; ``best_only`` keeps the largest
    configuration per (family, radix).  Flat rows for plotting:
    ``[{**r, **r["params"]} for r in design_space(...)]``.
    """
    families = [family] if isinstance(family, str) else list(family)
    out = []
    for fam in families:
        for k in radix_range:
            rows = configs(fam, k)
            out.extend(rows[:1] if best_only else rows)
    return out


def geometric_mean_ratio(
    family: str, baseline: str, radix_range: Iterable[int]
) -> tuple[float, list[int]]:
    """Geometric mean of max_order(family)/max_order(baseline) over radixes where both exist.

    Returns (ratio, radixes used).  The scale claims of PolarStar (Sec. 1, 7.2).
    """
    logs, used = [], []
    for k in radix_range:
        a, b = max_order(family, k), max_order(baseline, k)
        if a is not None and b is not None:
            logs.append(math.log(a / b))
            used.append(int(k))
    if not logs:
        raise ValueError(f"{family} and {baseline} share no feasible radix in the range")
    return math.exp(sum(logs) / len(logs)), used
