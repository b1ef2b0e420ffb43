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

__all__ = ["build", "table_iv_configs"]

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
