"""Notebook 02 (EDSTs on star products): the EDST paper's Table IV configuration list and its builder.

Examples
--------
>>> cfg = table_iv_configs(radix_max=8, max_q=7)
>>> cfg[0]
('Slim Fly', ('slimfly', 3))
>>> build(cfg[0][1]).num_routers
18
"""

from __future__ import annotations

from .. import topologies as T
from ..topologies._slimfly import mms_delta

__all__ = ["PAPER_TABLE_IV", "build", "bundlefly_two_level", "table_iv_class", "table_iv_configs",
           "verify_constructions"]

PALEY_ORDERS = (5, 9, 13, 17, 25, 29)


def table_iv_configs(radix_max: int, max_q: int) -> list[tuple[str, tuple]]:
    """The (family, spec) list of EDST paper Table IV up to network radix ``radix_max``.

    Slim Fly SF(q) for every prime power q with radix (3q - delta)/2 <= ``radix_max``; Bundlefly
    BF(p, s) = MMS(s) * Paley(p) for p in 5, 9, 13, 17, 25, 29; PolarStar: per radix, the largest IQ and
    the largest Paley configuration (PolarStar Sec. 7.2) with a connected supernode (d' >= 2) and
    q <= ``max_q``.

    Parameters
    ----------
    radix_max : int
        Largest network radix.
    max_q : int
        Largest ER_q structure graph of a PolarStar row.

    Returns
    -------
    list of (str, tuple)
        Family name and a spec for :func:`build`.
    """
    configs: list[tuple[str, tuple]] = []
    for q in T.fields.prime_powers(3, 64):
        if (3 * q - mms_delta(q)) // 2 <= radix_max:
            configs.append(("Slim Fly", ("slimfly", q)))
    for p in PALEY_ORDERS:
        for s in T.fields.prime_powers(3, 32):
            try:
                d = (p - 1) // 2 + (3 * s - mms_delta(s)) // 2
            except ValueError:
                continue
            if d <= radix_max:
                configs.append(("Bundlefly", ("bundlefly", p, s)))
    for kind, label in (("iq", "PolarStar-IQ"), ("paley", "PolarStar-Paley")):
        seen = set()
        for radix in range(6, radix_max + 1):
            ok = [c for c in T.polarstar_configs(radix, (kind,)) if c.d_prime >= 2 and c.q <= max_q]
            if ok and (ok[0].q, ok[0].d_prime) not in seen:
                seen.add((ok[0].q, ok[0].d_prime))
                configs.append((label, ("polarstar", ok[0].q, kind, ok[0].d_prime)))
    return configs


def build(spec: tuple):
    """The topology of a :func:`table_iv_configs` spec: ``("slimfly", q)``, ``("bundlefly", p, s)``
    or ``("polarstar", q, supernode, d')``.

    Examples
    --------
    >>> build(("polarstar", 5, "iq", 3)).num_routers
    248
    """
    kind = spec[0]
    if kind == "slimfly":
        return T.slimfly(spec[1])
    if kind == "bundlefly":
        return T.bundlefly(spec[1], spec[2])
    if kind == "polarstar":
        return T.polarstar(spec[1], spec[2], spec[3])
    raise ValueError(f"unknown configuration kind {kind!r}: expected slimfly, bundlefly or polarstar")


# EDST paper Table IV, one entry per printed row: (family, parameter class) -> (theorem, trees built, maximum?).
# The extraction kept the theorem and "Max?" columns and the parity labels but lost the formulas; the
# parameter class of each row is rebuilt from Table V (which class has r_i = t_i): Slim Fly and Bundlefly rows
# follow delta = 1, 0, -1 of q (resp. s) in print order, PolarStar rows q even / q odd (r1 = 0), and the two
# PolarStar-IQ odd-q rows differ in d' (r2 = t2 for d' = 0 mod 4, r2 > t2 for d' = 3 mod 4).
PAPER_TABLE_IV = {
    ("Slim Fly", "delta=1"): ("V-C.10", "t1 + t2", "yes"),
    ("Slim Fly", "delta=0"): ("V-C.3", "t1 + t2", "yes"),
    ("Slim Fly", "delta=-1"): ("V-C.10", "t1 + t2", "yes"),
    ("Bundlefly", "delta=1"): ("V-C.10", "t1 + t2", "yes"),
    ("Bundlefly", "delta=0"): ("V-C.3", "t1 + t2", "yes"),
    ("Bundlefly", "delta=-1"): ("V-C.10", "t1 + t2", "yes"),
    ("PolarStar-Paley", "q even"): ("V-C.10", "t1 + t2", "yes"),
    ("PolarStar-Paley", "q odd"): ("V-C.11", "t1 + t2 - 1", "yes"),
    ("PolarStar-IQ", "q even, d'=0 mod 4"): ("V-C.10", "t1 + t2", "yes"),
    ("PolarStar-IQ", "q even, d'=3 mod 4"): ("V-C.10", "t1 + t2", "yes"),
    ("PolarStar-IQ", "q odd, d'=0 mod 4"): ("V-C.11", "t1 + t2 - 1", "yes"),
    ("PolarStar-IQ", "q odd, d'=3 mod 4"): ("V-C.11", "t1 + t2 - 1", "maybe"),
}


def table_iv_class(family: str, spec: tuple) -> str:
    """The Table IV row (parameter class) of a :func:`table_iv_configs` entry; a key of :data:`PAPER_TABLE_IV`.

    Parameters
    ----------
    family : str
        Family name of the entry (used in the error message).
    spec : tuple
        Its :func:`build` spec.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        For a spec outside the table's families.

    Examples
    --------
    >>> table_iv_class("Slim Fly", ("slimfly", 8)), table_iv_class("PolarStar-IQ", ("polarstar", 5, "iq", 3))
    ('delta=0', "q odd, d'=3 mod 4")
    """
    kind = spec[0]
    if kind == "slimfly":
        return f"delta={mms_delta(spec[1])}"
    if kind == "bundlefly":
        return f"delta={mms_delta(spec[2])}"
    if kind == "polarstar":
        q, sn, d = spec[1], spec[2], spec[3]
        par = "q even" if q % 2 == 0 else "q odd"
        if sn == "paley":
            return par
        if sn == "iq":
            return f"{par}, d'={d % 4} mod 4"
    raise ValueError(f"no Table IV row for {family!r} {spec!r}")


def bundlefly_two_level(p: int, s: int) -> dict[str, int]:
    """EDSTs of BF(p, s) = (K_{s,s} * Cay(GF(s), X)) * Paley(p) when each construction is applied at both levels.

    Sec. VI of the EDST paper: Universal on MMS(s) gives t_K + t_C - 2 trees
    of the structure graph, then Universal on Bundlefly gives that plus
    t_P - 2; Maximum gives t_K + t_C on MMS(s) (Theorem V-C.3 / Corollary
    V-C.10: r_K >= t_K and r_C = t_C) and t(MMS) + t_P on Bundlefly (r_P = t_P
    and r(MMS) >= t(MMS)).  Counts from the Table V closed forms
    (:func:`lowdiam.edst.table_v_counts`).

    Parameters
    ----------
    p : int
        Paley supernode order.
    s : int
        MMS parameter of the structure graph.

    Returns
    -------
    dict
        ``universal``, ``maximum`` (two-level counts; Universal builds nothing
        when MMS(s) gets no tree from it), ``single_universal``
        (Universal on Bundlefly with a maximum packing of MMS(s)),
        ``single_maximum`` (t(MMS) + t_P).

    Raises
    ------
    ValueError
        If the Table V closed forms do not give a maximum MMS(s) construction.

    Examples
    --------
    >>> bundlefly_two_level(5, 5)
    {'universal': 0, 'maximum': 4, 'single_universal': 2, 'single_maximum': 4}
    """
    from ..edst import table_i_theorem, table_v_counts

    K, C, P, M = (table_v_counts(k, x) for k, x in
                  (("complete_bipartite", s), ("mms_supernode", s), ("paley", p), ("mms", s)))
    mms_max = table_i_theorem(K["t"], K["r"], C["t"], C["r"])[1]
    if mms_max != M["t"]:
        raise ValueError(f"MMS({s}): the Maximum construction gives {mms_max} trees, not t(MMS) = {M['t']}")
    mms_universal = K["t"] + C["t"] - 2  # Universal needs >= 1 structure tree at the next level
    return {
        "universal": max(0, mms_universal + P["t"] - 2) if mms_universal >= 1 else 0,
        "maximum": table_i_theorem(M["t"], M["r"], P["t"], P["r"])[1],
        "single_universal": M["t"] + P["t"] - 2,
        "single_maximum": M["t"] + P["t"],
    }


def verify_constructions(specs, methods=None) -> dict:
    """Build every construction's EDST set on the networks of ``specs`` and check each one afresh.

    Each set is constructed without its built-in check and then checked with
    :func:`lowdiam.edst.verify_edsts` (``strict=False``) against the router graph, so a set that fails is
    counted, not raised.  A Property V-D.1 construction on a network without a split is counted apart.

    Parameters
    ----------
    specs : iterable of tuple
        :func:`table_iv_configs` specs (``("slimfly", q)``, ...).
    methods : sequence of str, optional
        Constructions (default :data:`lowdiam.edst.METHODS`).

    Returns
    -------
    dict
        ``sets`` (constructed), ``verified`` (passed), ``failed`` (``"<network> <method>"`` of each set that
        did not pass), ``empty`` (a construction that gave no tree: nothing to check), ``no_split``
        (Property V-D.1 not applicable), ``networks``.

    Examples
    --------
    >>> r = verify_constructions([("slimfly", 3), ("bundlefly", 5, 3)])
    >>> r["sets"] == r["verified"] + len(r["failed"]), r["failed"], r["networks"]
    (True, [], 2)
    """
    from .. import edst as E

    specs = list(specs)
    methods = tuple(E.METHODS if methods is None else methods)
    unknown = [m for m in methods if m not in E.METHODS]
    if unknown:
        raise ValueError(f"unknown EDST methods {unknown}; valid: {E.METHODS}")
    out = {"sets": 0, "verified": 0, "failed": [], "empty": 0, "no_split": 0, "networks": len(specs)}
    for spec in specs:
        top = build(tuple(spec))
        view = E.star_product_view(top)
        for m in methods:
            try:
                res = E.construct_edsts(view, m, verify=False)
            except E.NoPropertyVD1Split:
                out["no_split"] += 1
                continue
            if not res.trees:
                out["empty"] += 1
                continue
            out["sets"] += 1
            if E.verify_edsts(top, res.trees, strict=False):
                out["verified"] += 1
            else:
                out["failed"].append(f"{top.name} {m}")
    return out
