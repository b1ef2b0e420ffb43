"""Analytic design space: Moore bounds and feasible configurations per radix.

Nothing here builds a graph.  Every family contributes one enumerator
``<family>_configs(radix)`` that lists its feasible constructions at a given
*network radix* ``k`` (router-to-router ports, endpoints excluded) as records
``{"family", "radix", "order", "params"}``; :func:`max_order`,
:func:`best_config` and :func:`design_space` are thin layers on top.

One source of truth: where a family module already knows a rule or a size
(which supernodes exist, the PolarStar enumeration, the MMS degree, the LPS
order, the Galaxyfly port budget and diameter bound) this module calls it
rather than restating it; number theory is galois' (through
:mod:`lowdiam.topologies.fields`).  The formulas below that have no
constructor-side counterpart (Moore bounds, StarMax, Dragonfly, HyperX,
Kautz) live here.

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

Examples
--------
>>> max_order("polarstar", 15)
1064
>>> best_config("polarstar", 15)
{'q': 11, 'supernode': 'iq', 'd_prime': 3}
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

import galois
import numpy as np

from .topologies._galaxyfly import galaxy_delta, galaxyfly_diameter_bound, galaxyfly_size
from .topologies._lps import lps_order
from .topologies._polarstar import polarstar_configs, supernode_order
from .topologies._slimfly import mms_delta, mms_size
from .topologies.fields import is_prime_power, prime_powers
from .validate import check_int

__all__ = [
    "FAMILIES",
    "best_config",
    "bundlefly_configs",
    "configs",
    "design_space",
    "dragonfly_configs",
    "galaxyfly_configs",
    "galaxyfly_dragonfly_ratio",
    "galaxyfly_max_endpoints",
    "galaxyfly_max_endpoints_square",
    "galaxyfly_square_search",
    "geometric_mean_ratio",
    "hyperx_balanced_max_endpoints",
    "hyperx_configs",
    "kautz_configs",
    "lps_configs",
    "lps_max_order",
    "max_order",
    "max_order_upto",
    "moore_bound",
    "moore_efficiency",
    "paley_configs",
    "polarfly_configs",
    "polarstar_iq_continuous_optimum",
    "slimfly_configs",
    "starmax_bound",
    "starmax_configs",
]

Record = dict[str, Any]


def _record(family: str, radix: int, order: int, **params: Any) -> Record:
    return {"family": family, "radix": int(radix), "order": int(order), "params": params}


def _require_radix(radix: Any, minimum: int = 1) -> int:
    return check_int("radix", radix, low=minimum)


# --------------------------------------------------------------------------- bounds


def moore_bound(radix: int, diameter: int) -> int:
    """Moore bound: the largest order a graph of maximum degree ``radix`` and diameter ``diameter`` can have.

    ``1 + d * sum_{i<D} (d-1)^i``; for D = 2 this is d^2 + 1, for D = 3
    d^3 - d^2 + d + 1 (PolarStar Sec. 2.2).

    Parameters
    ----------
    radix : int
        Maximum degree d >= 1.
    diameter : int
        Diameter D >= 1.

    Returns
    -------
    int

    Raises
    ------
    TypeError
        If an argument is not an integer (bools included).
    ValueError
        If an argument is not integral or below 1.

    Examples
    --------
    >>> moore_bound(7, 2), moore_bound(3, 3)
    (50, 22)
    """
    radix = _require_radix(radix)
    diameter = check_int("diameter", diameter, low=1)
    return 1 + radix * sum((radix - 1) ** i for i in range(diameter))


def moore_efficiency(order: int, radix: int, diameter: int = 3) -> float:
    """``order / moore_bound(radix, diameter)`` (PolarStar Fig. 1 y-axis).

    Parameters
    ----------
    order : int
        Number of routers, >= 0.
    radix : int
        Network radix.
    diameter : int, optional
        Diameter of the Moore bound (default 3).

    Returns
    -------
    float

    Raises
    ------
    TypeError, ValueError
        If an argument is not an integer or out of range.

    Examples
    --------
    >>> round(moore_efficiency(1064, 15), 3)    # PolarStar PS-IQ at radix 15
    0.336
    """
    order = check_int("order", order, low=0)
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

    Parameters
    ----------
    radix : int
        Network radix k >= 1.

    Returns
    -------
    list of dict
        One record per d in [2, k], params ``d`` and ``d_prime``.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> [(r["params"]["d"], r["order"]) for r in starmax_configs(4)]
    [(2, 30), (3, 40), (4, 34)]
    """
    radix = _require_radix(radix)
    return [
        _record("starmax", radix, (d * d + 1) * (2 * (radix - d) + 2), d=d, d_prime=radix - d)
        for d in range(2, radix + 1)
    ]


def starmax_bound(radix: int) -> int:
    """Upper bound on the order of a diameter-3 R*/P star product of degree ``radix``.

    ``max_{d + d' = radix} (d^2 + 1)(2d' + 2)``; see :func:`starmax_configs`.

    Parameters
    ----------
    radix : int
        Network radix >= 2.

    Returns
    -------
    int

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 2.

    Examples
    --------
    >>> starmax_bound(15)
    1220
    """
    _require_radix(radix, 2)
    return max(r["order"] for r in starmax_configs(radix))


# --------------------------------------------------------------------------- families


def _polarstar_records(radix: int, supernodes: tuple[str, ...]) -> list[Record]:
    """PolarStar ER_q * G' records from the constructor module's own enumeration."""
    if radix < 3:  # ER_q needs q >= 2, i.e. radix q + 1 + d' >= 3
        return []
    return [
        _record("polarstar", radix, c.order, q=c.q, supernode=c.supernode, d_prime=c.d_prime)
        for c in polarstar_configs(radix, supernodes)
    ]


def bundlefly_configs(radix: int) -> list[Record]:
    """Every Bundlefly MMS(s) * Paley(p) of network radix ``radix``, largest first.

    s a prime power with s = 4l + δ, δ in {-1, 0, 1}; p a prime power ≡ 1
    mod 4; order 2 s^2 p, radix (3s - δ)/2 + (p - 1)/2 (SpectralFly Sec. IV,
    after Lei et al. 2020).  The MMS degree comes from
    :func:`lowdiam.topologies._slimfly.mms_size`, the Paley rule from
    :func:`lowdiam.topologies._polarstar.supernode_order`.

    Parameters
    ----------
    radix : int
        Network radix >= 1.

    Returns
    -------
    list of dict
        Records with params ``s``, ``delta``, ``p``.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> bundlefly_configs(15)[0]      # PolarStar Table 3: BF(9, 7)
    {'family': 'bundlefly', 'radix': 15, 'order': 882, 'params': {'s': 7, 'delta': -1, 'p': 9}}
    """
    radix = _require_radix(radix)
    rows = []
    for s in prime_powers(3, radix):  # s >= 3: MMS(s) exists (2 is the only prime power ≡ 2 mod 4)
        mms_routers, mms_radix = mms_size(s)
        if mms_radix >= radix:
            continue
        p = supernode_order("paley", radix - mms_radix)  # Paley(p) of degree d' = (p - 1)/2
        if p is not None:
            rows.append(_record("bundlefly", radix, mms_routers * p, s=s, delta=mms_delta(s), p=p))
    return sorted(rows, key=lambda r: -r["order"])


def slimfly_configs(radix: int) -> list[Record]:
    """The Slim Fly MMS(q) of network radix ``radix`` (at most one): 2q^2 routers, radix (3q - δ)/2.

    Parameters
    ----------
    radix : int
        Network radix >= 1.

    Returns
    -------
    list of dict
        Zero or one record, params ``q`` and ``delta``.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> slimfly_configs(7)
    [{'family': 'slimfly', 'radix': 7, 'order': 50, 'params': {'q': 5, 'delta': 1}}]
    >>> slimfly_configs(8)
    []
    """
    radix = _require_radix(radix)
    rows = []
    for q in prime_powers(3, radix):
        routers, k = mms_size(q)
        if k == radix:
            rows.append(_record("slimfly", radix, routers, q=q, delta=mms_delta(q)))
    return rows


def polarfly_configs(radix: int) -> list[Record]:
    """PolarFly ER_q with q = radix - 1 a prime power: q^2 + q + 1 routers (diameter 2).

    Parameters
    ----------
    radix : int
        Network radix >= 1.

    Returns
    -------
    list of dict
        Zero or one record, param ``q``.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> polarfly_configs(24)[0]["order"]     # PolarFly: 553 routers of radix 24
    553
    """
    radix = _require_radix(radix)
    q = radix - 1
    return [_record("polarfly", radix, q * q + q + 1, q=q)] if is_prime_power(q) else []


def paley_configs(radix: int) -> list[Record]:
    """The Paley graph of degree ``radix``: p = 2 radix + 1 vertices (p a prime power ≡ 1 mod 4), diameter 2.

    Parameters
    ----------
    radix : int
        Network radix >= 1.

    Returns
    -------
    list of dict
        Zero or one record, param ``p``.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> paley_configs(6), paley_configs(5)
    ([{'family': 'paley', 'radix': 6, 'order': 13, 'params': {'p': 13}}], [])
    """
    radix = _require_radix(radix)
    p = supernode_order("paley", radix)  # the Paley supernode's own existence rule
    return [_record("paley", radix, p, p=p)] if p is not None else []


def dragonfly_configs(radix: int) -> list[Record]:
    """Every maximum-size Dragonfly with a >= 2 routers per group and h >= 1 global ports.

    Network radix k = (a - 1) + h; with one global link between every pair of
    groups there are a h + 1 groups, so N = a (a h + 1) (Kim et al. 2008).

    Parameters
    ----------
    radix : int
        Network radix >= 1.

    Returns
    -------
    list of dict
        Records with params ``a``, ``h``, ``g`` (groups), largest first.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
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

    Each dimension is a complete graph K_{S_i}; order prod(S_i) (Ahn et al.
    2009).  Sides are listed in non-increasing order (permutations are
    isomorphic).

    Parameters
    ----------
    radix : int
        Network radix >= 1.
    dims : int, optional
        Number of dimensions >= 1 (default 3).

    Returns
    -------
    list of dict
        Records with param ``sides``, largest first.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` or ``dims`` is not an integer >= 1.

    Examples
    --------
    >>> [(r["params"]["sides"], r["order"]) for r in hyperx_configs(4, dims=2)]
    [((3, 3), 9), ((4, 2), 8)]
    """
    radix = _require_radix(radix)
    dims = check_int("dims", dims, low=1)
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
            rec((*prefix, s_minus_1 + 1), left - s_minus_1, slots - 1)

    rec((), radix, dims)
    return sorted(rows, key=lambda r: -r["order"])


def lps_configs(radix: int | None = None, p_max: int = 300, q_max: int = 300) -> list[Record]:
    """All LPS(p, q) with distinct odd primes p < p_max, q < q_max and q > 2 sqrt(p).

    Radix p + 1; order :func:`lowdiam.topologies._lps.lps_order` (SpectralFly
    Sec. III; Fig. 4 uses p, q < 300).  The diameter is not analytic: see
    :func:`lps_max_order` to restrict it.

    Parameters
    ----------
    radix : int, optional
        Restrict to p = radix - 1 (no rows unless that is an odd prime below
        ``p_max``).
    p_max, q_max : int, optional
        Exclusive upper bounds on p and q (default 300).

    Returns
    -------
    list of dict
        Records with params ``p``, ``q``, ``group`` ("PSL"/"PGL"), sorted by
        radix, then largest order first.

    Raises
    ------
    TypeError, ValueError
        If an argument is not an integer >= 1.

    Examples
    --------
    >>> [(r["params"]["q"], r["order"]) for r in lps_configs(4, q_max=12)]
    [(11, 660), (7, 336), (5, 120)]
    """
    p_max, q_max = check_int("p_max", p_max, low=1), check_int("q_max", q_max, low=1)
    odd_primes = [n for n in galois.primes(max(p_max, q_max)) if n >= 3]
    if radix is not None:
        radix = _require_radix(radix)
        ps = [radix - 1] if radix - 1 in odd_primes and radix - 1 < p_max else []
    else:
        ps = [p for p in odd_primes if p < p_max]
    rows = []
    for p in ps:
        for q in odd_primes:
            if q < q_max and q != p and q * q > 4 * p:
                group = "PSL" if galois.legendre_symbol(p, q) == 1 else "PGL"
                rows.append(_record("lps", p + 1, lps_order(p, q), p=p, q=q, group=group))
    return sorted(rows, key=lambda r: (r["radix"], -r["order"]))


def lps_max_order(
    radix: int,
    diameter_of: Callable[[int, int], int],
    max_diameter: int = 3,
    q_max: int = 300,
) -> Record | None:
    """Largest LPS(radix - 1, q) whose diameter is at most ``max_diameter``.

    Candidates above the Moore bound for ``max_diameter`` are skipped without
    calling ``diameter_of``, largest first, so only a few graphs are built.

    Parameters
    ----------
    radix : int
        Network radix p + 1.
    diameter_of : callable
        ``diameter_of(p, q)`` builds the graph (or looks it up) and returns
        its exact diameter, e.g. :func:`lowdiam.topologies._lps.lps_diameter`.
    max_diameter : int, optional
        Default 3.
    q_max : int, optional
        Exclusive bound on q (default 300).

    Returns
    -------
    dict or None
        The record with ``params["diameter"]`` added, or ``None``.

    Raises
    ------
    TypeError, ValueError
        If an integer argument is not an integer >= 1.

    Examples
    --------
    >>> lps_max_order(12, lambda p, q: 3 if q <= 7 else 4)["order"]   # a stand-in diameter
    168
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


def galaxyfly_configs(radix: int, max_diameter: int = 5) -> list[Record]:
    """The largest Galaxyfly per (a, q) at network radix ``radix``.

    For each a (h = radix - a + 1 >= 1) and q in {1} ∪ {prime powers >= 3},
    n is the largest with a h >= n - 1 + (q - δ)/2 (the port budget of
    :func:`lowdiam.topologies._galaxyfly.galaxyfly_size`); records carry
    ``diameter_bound`` (:func:`lowdiam.topologies._galaxyfly.galaxyfly_diameter_bound`,
    Galaxyfly Table 2) and only those <= ``max_diameter`` are kept (3 leaves
    the Dragonfly case q = 1).

    Parameters
    ----------
    radix : int
        Network radix >= 1.
    max_diameter : int, optional
        Keep configurations whose Table 2 diameter is at most this (default 5).

    Returns
    -------
    list of dict
        Records with params ``n``, ``q``, ``a``, ``h``, ``diameter_bound``,
        largest first.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> galaxyfly_configs(17, max_diameter=3)[0]["order"]   # the Dragonfly a = 12, h = 6
    876
    """
    radix = _require_radix(radix)
    rows = []
    max_budget = max(a * (radix - a + 1) for a in range(1, radix + 1))
    all_q = [1, *prime_powers(3, 2 * max_budget + 1)] if max_diameter >= 2 else [1]
    for a in range(1, radix + 1):
        h = radix - (a - 1)
        budget = a * h  # global ports of a supernode
        for q in all_q:
            if q > 2 * budget + 1:
                break
            n = budget + 1 - (q - galaxy_delta(q)) // 2
            if n < 2:
                continue
            diam = galaxyfly_diameter_bound(n, q, a)
            if diam <= max_diameter:
                routers, k, _ = galaxyfly_size(n, q, a, h)
                rows.append(_record("galaxyfly", k, routers, n=n, q=q, a=a, h=h, diameter_bound=diam))
    return sorted(rows, key=lambda r: -r["order"])


def galaxyfly_max_endpoints(
    total_radix: int, shape: Callable[[dict], bool] | None = None, max_diameter: int = 5
) -> tuple[int, dict | None]:
    """Largest endpoint count of a Galaxyfly built from ``total_radix``-port routers.

    Searches every split total_radix = p + network radix with p >= 1 over the
    configurations of :func:`galaxyfly_configs`.

    Parameters
    ----------
    total_radix : int
        Ports per router, endpoints included.
    shape : callable, optional
        ``shape(params) -> bool`` restricts the configurations (e.g.
        ``lambda prm: prm["a"] in (2, 3)``).
    max_diameter : int, optional
        Passed to :func:`galaxyfly_configs` (default 5).

    Returns
    -------
    tuple
        ``(endpoints, params incl. p)``, or ``(0, None)`` when nothing fits.

    Raises
    ------
    TypeError, ValueError
        If ``total_radix`` is not an integer >= 1.

    Examples
    --------
    >>> galaxyfly_max_endpoints(8)
    (728, {'n': 7, 'q': 13, 'a': 4, 'h': 3, 'diameter_bound': 5, 'p': 2})
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


def galaxyfly_max_endpoints_square(
    total_radix: int, a_values: Iterable[int] | None = None
) -> tuple[int, dict | None]:
    """Like :func:`galaxyfly_max_endpoints` restricted to GF(n = q, q, a, p) (Galaxyfly Fig. 3 shapes).

    Each (q, a) takes the smallest feasible h and gives the remaining ports
    to terminals.

    Parameters
    ----------
    total_radix : int
        Ports per router, endpoints included.
    a_values : iterable of int, optional
        Group sizes to try (default 1 .. total_radix - 1).

    Returns
    -------
    tuple
        ``(endpoints, {"n", "q", "a", "p"})``, or ``(0, None)``.

    Raises
    ------
    TypeError, ValueError
        If ``total_radix`` is not an integer >= 1.

    Examples
    --------
    >>> galaxyfly_max_endpoints_square(8, (2, 3))
    (486, {'n': 9, 'q': 9, 'a': 3, 'p': 2})
    """
    total_radix = _require_radix(total_radix)
    best: tuple[int, dict | None] = (0, None)
    a_list = list(a_values) if a_values is not None else list(range(1, total_radix))
    for q in prime_powers(3, 4 * total_radix * total_radix):
        for a in a_list:
            routers, k, _ = galaxyfly_size(q, q, a)
            p = total_radix - k
            if p >= 1 and routers * p > best[0]:
                best = (routers * p, {"n": q, "q": q, "a": a, "p": p})
    return best


def kautz_configs(radix: int) -> list[Record]:
    """Kautz K(d, 3) with each arc made bidirectional: d^3 + d^2 routers, radix 2d.

    The directed Kautz graph of out-degree d and diameter 3 has d^3 + d^2
    vertices; as an undirected network its degree is at most 2d (PolarStar
    Fig. 1 counts each link as bidirectional).

    Parameters
    ----------
    radix : int
        Network radix >= 1 (only even radixes >= 4 have a Kautz network).

    Returns
    -------
    list of dict
        Zero or one record, param ``d``.

    Raises
    ------
    TypeError, ValueError
        If ``radix`` is not an integer >= 1.

    Examples
    --------
    >>> kautz_configs(8)[0]["order"], kautz_configs(9)
    (80, [])
    """
    radix = _require_radix(radix)
    d = radix // 2
    return [_record("kautz", radix, d**3 + d**2, d=d)] if radix % 2 == 0 and d >= 2 else []


def _moore_configs(diameter: int) -> Callable[[int], list[Record]]:
    def enum(radix: int) -> list[Record]:
        fam = "moore" if diameter == 3 else f"moore{diameter}"
        return [_record(fam, radix, moore_bound(radix, diameter), diameter=diameter)]

    return enum


def _polarstar_kinds(*supernodes: str) -> Callable[[int], list[Record]]:
    return lambda radix: _polarstar_records(radix, supernodes)


_ENUMERATORS: dict[str, Callable[[int], list[Record]]] = {
    "polarstar": _polarstar_kinds("iq", "paley"),
    "polarstar-iq": _polarstar_kinds("iq"),
    "polarstar-paley": _polarstar_kinds("paley"),
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
    ``"moore2"`` / ``"starmax"`` are bounds, not constructions.  PolarStar
    records come from :func:`lowdiam.topologies._polarstar.polarstar_configs`
    (``"polarstar-iq"`` / ``"polarstar-paley"`` restrict the supernode).

    Parameters
    ----------
    family : str
        One of :data:`FAMILIES`.
    radix : int
        Network radix >= 1.

    Returns
    -------
    list of dict
        Records ``{"family", "radix", "order", "params"}``; ties keep the
        enumerator's order.

    Raises
    ------
    ValueError
        If ``family`` is unknown (listing the valid ones) or ``radix`` is
        not integral or below 1.
    TypeError
        If ``radix`` is not an integer.

    Examples
    --------
    >>> [(r["params"]["q"], r["params"]["supernode"], r["order"]) for r in configs("polarstar", 15)][:3]
    [(11, 'iq', 1064), (8, 'paley', 949), (7, 'iq', 912)]
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

    Parameters
    ----------
    radix : int
        Network radix k >= 1.
    samples : int, optional
        Grid points on [1, k - 1] (default 200,001).

    Returns
    -------
    tuple of float
        ``(q*, order*)``.

    Raises
    ------
    TypeError, ValueError
        If an argument is not an integer >= 1 (``samples`` >= 2).

    Examples
    --------
    >>> q, order = polarstar_iq_continuous_optimum(15)
    >>> round(q, 2), round(((15 - 1) + (14 * 17) ** 0.5) / 3, 2)
    (9.81, 9.81)
    """
    radix = _require_radix(radix)
    samples = check_int("samples", samples, low=2)
    q = np.linspace(1.0, radix - 1.0, samples)
    order = (q * q + q + 1) * (2 * (radix - q - 1) + 2)
    i = int(np.argmax(order))
    return float(q[i]), float(order[i])


def max_order_upto(family: str, radix: int) -> int:
    """Largest order of ``family`` at any network radix <= ``radix`` (unused ports allowed); 0 if none.

    Parameters
    ----------
    family : str
        One of :data:`FAMILIES`.
    radix : int
        Largest network radix considered.

    Returns
    -------
    int

    Raises
    ------
    TypeError, ValueError
        As :func:`configs`.

    Examples
    --------
    >>> max_order("slimfly", 16), max_order_upto("slimfly", 16)
    (None, 162)
    """
    vals = [max_order(family, k) for k in range(2, _require_radix(radix) + 1)]
    return max([v for v in vals if v] or [0])


def max_order(family: str, radix: int) -> int | None:
    """Largest router count of ``family`` at network radix ``radix``; None if infeasible.

    Parameters
    ----------
    family : str
        One of :data:`FAMILIES`.
    radix : int
        Network radix >= 1.

    Returns
    -------
    int or None

    Raises
    ------
    TypeError, ValueError
        As :func:`configs`.

    Examples
    --------
    >>> max_order("dragonfly", 17), max_order("slimfly", 16)
    (876, None)
    """
    rows = configs(family, radix)
    return rows[0]["order"] if rows else None


def best_config(family: str, radix: int) -> dict[str, Any] | None:
    """Parameters of the largest configuration of ``family`` at ``radix`` (None if infeasible).

    Ties (equal order) go to the first listed by the family's enumerator.

    Parameters
    ----------
    family : str
        One of :data:`FAMILIES`.
    radix : int
        Network radix >= 1.

    Returns
    -------
    dict or None
        A copy of the record's ``params``.

    Raises
    ------
    TypeError, ValueError
        As :func:`configs`.

    Examples
    --------
    >>> best_config("hyperx", 23)       # PolarStar Table 3: 9 x 9 x 8
    {'sides': (9, 9, 8)}
    """
    rows = configs(family, radix)
    return dict(rows[0]["params"]) if rows else None


def design_space(
    family: str | Iterable[str], radix_range: Iterable[int], best_only: bool = False
) -> list[Record]:
    """Records (family, radix, order, params) for every radix in ``radix_range``.

    Flat rows for plotting: ``[{**r, **r["params"]} for r in design_space(...)]``.

    Parameters
    ----------
    family : str or iterable of str
        One family name or several (each one of :data:`FAMILIES`).
    radix_range : iterable of int
        Network radixes.
    best_only : bool, optional
        Keep only the largest configuration per (family, radix).

    Returns
    -------
    list of dict

    Raises
    ------
    TypeError, ValueError
        As :func:`configs`.

    Examples
    --------
    >>> [(r["family"], r["radix"], r["order"]) for r in design_space(["slimfly", "polarfly"], [7, 8], best_only=True)]
    [('slimfly', 7, 50), ('polarfly', 8, 57)]
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

    The scale claims of PolarStar (Sec. 1, 7.2).

    Parameters
    ----------
    family, baseline : str
        Family names (see :data:`FAMILIES`).
    radix_range : iterable of int
        Network radixes.

    Returns
    -------
    tuple
        ``(ratio, radixes used)``.

    Raises
    ------
    ValueError
        If the two families share no feasible radix in the range, or as
        :func:`configs`.

    Examples
    --------
    >>> ratio, used = geometric_mean_ratio("polarstar", "dragonfly", range(8, 17))
    >>> round(ratio, 2), len(used)
    (1.68, 9)
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


def hyperx_balanced_max_endpoints(total_radix: int, dims: int, terminals_per_side: int = 1) -> tuple[int, dict | None]:
    """Largest endpoint count of a ``dims``-D Flattened Butterfly / HyperX S^dims with p = c S terminals.

    A router has dims (S - 1) network ports and p = ``terminals_per_side`` x S
    terminal ports (c = 1: bisection ratio S/(2p) = 1/2 counting each link
    once; c = 2: S/p = 1/2 counting both directions, Galaxyfly Table 5's FB
    convention), so S is the largest side with dims (S - 1) + c S <= total_radix.

    Parameters
    ----------
    total_radix : int
        Router ports, endpoints included.
    dims : int
        Number of dimensions >= 1.
    terminals_per_side : int
        c in p = c S.

    Returns
    -------
    tuple
        ``(endpoints S^dims p, {"S", "p", "radix"})``, or ``(0, None)``.

    Examples
    --------
    >>> hyperx_balanced_max_endpoints(48, 5)
    (262144, {'S': 8, 'p': 8, 'radix': 43})
    """
    total_radix = _require_radix(total_radix)
    dims = _require_radix(dims)
    c = _require_radix(terminals_per_side)
    s = (total_radix + dims) // (dims + c)
    if s < 2:
        return 0, None
    return s**dims * c * s, {"S": s, "p": c * s, "radix": dims * (s - 1) + c * s}


def galaxyfly_square_search(total_radix: int, shape: Callable[[dict], bool] | None = None) -> tuple[int, dict | None]:
    """Largest GF(n = q, q, a, p) with ``total_radix``-port routers whose parameters pass ``shape``.

    Every prime power q (q ≢ 2 mod 4), every a and every h >= the smallest
    feasible (a h >= q - 1 + (q - δ)/2), with p = total_radix - (a - 1) - h >= 1.

    Parameters
    ----------
    total_radix : int
        Router ports, endpoints included.
    shape : callable, optional
        ``shape({"n", "q", "a", "h", "p"}) -> bool``.

    Returns
    -------
    tuple
        ``(endpoints n q a p, params)``, or ``(0, None)``.

    Examples
    --------
    >>> galaxyfly_square_search(8, lambda c: c["a"] in (2, 3))
    (486, {'n': 9, 'q': 9, 'a': 3, 'h': 4, 'p': 2})
    """
    total_radix = _require_radix(total_radix)
    best: tuple[int, dict | None] = (0, None)
    for q in prime_powers(3, 4 * total_radix * total_radix):
        if q % 4 == 2:
            continue
        need = q - 1 + (q - galaxy_delta(q)) // 2
        for a in range(1, total_radix):
            h_min = max(1, -(-need // a))
            for h in range(h_min, total_radix - a + 1):
                p = total_radix - (a - 1) - h
                if p < 1:
                    break
                cfg = {"n": q, "q": q, "a": a, "h": h, "p": p}
                if (shape is None or shape(cfg)) and q * q * a * p > best[0]:
                    best = (q * q * a * p, cfg)
    return best


def galaxyfly_dragonfly_ratio(a: int, h: int) -> tuple[float, dict, int]:
    """Largest GF(n, q, a, .) over the Dragonfly GF(a h + 1, 1, a, .) with the same a and h (routers).

    Galaxyfly Sec. 3.2: "the size of GF can reach approximately a^2/4 times
    that of DF with a = 2h = 2p".  Over every q (1 or a prime power ≢ 2 mod 4)
    and the largest n with a h >= n - 1 + (q - δ)/2.

    Parameters
    ----------
    a : int
        Routers per group (Dragonfly) / per supernode cluster (Galaxyfly), >= 1.
    h : int
        Global links per router, >= 1.

    Returns
    -------
    tuple
        ``(ratio, {"n", "q"} of the largest GF, Dragonfly routers)``.

    Raises
    ------
    ValueError
        ``a`` or ``h`` not a positive integer.

    Examples
    --------
    >>> r, cfg, df = galaxyfly_dragonfly_ratio(4, 2)    # GF(5, 9, 4, .): 180 routers vs DF 36
    >>> df, cfg, round(r, 2)
    (36, {'n': 5, 'q': 9}, 5.0)
    """
    a = _require_radix(a)
    h = _require_radix(h)
    budget = a * h
    df = a * (budget + 1)
    best = (0, {})
    for q in [1, *prime_powers(3, 2 * budget + 1)]:
        if q % 4 == 2:
            continue
        n = budget + 1 - (q - galaxy_delta(q)) // 2
        if n >= 2 and n * q * a > best[0]:
            best = (n * q * a, {"n": n, "q": q})
    return best[0] / df, best[1], df
