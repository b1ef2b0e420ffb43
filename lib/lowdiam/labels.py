"""One label per network, the same in every figure, table and CSV.

:func:`label` gives the short name a figure legend uses (``"SF(7)"``, ``"LPS(11,7)"``,
``"PS-IQ(11,3)"``); :func:`constructor` the call that rebuilds the network, for CSV rows.
A label never depends on which notebook draws it: "SF" is Slim Fly everywhere, LPS graphs
(SpectralFly) are "LPS(p,q)".

Examples
--------
>>> from lowdiam import topologies as T
>>> label(T.polarstar(11, "iq", 3)), label(T.slimfly(7)), label(T.lps(11, 7))
('PS-IQ(11,3)', 'SF(7)', 'LPS(11,7)')
>>> constructor(T.lps(11, 7))
'lps(p=11, q=7, endpoints_per_router=4)'
"""

from __future__ import annotations

__all__ = ["constructor", "label"]

_SUPERNODE = {"iq": "IQ", "paley": "Pal", "bdf": "BDF", "complete": "K"}

# family -> (short prefix, parameter names in the constructor's order)
_FAMILY = {
    "bundlefly": ("BF", ("p", "s")),
    "lps": ("LPS", ("p", "q")),
    "slimfly": ("SF", ("q",)),
    "dragonfly": ("DF", ("a", "h", "p")),
    "megafly": ("MF", ("rho", "a", "p")),
    "fattree": ("FT", ("k", "n")),
    "galaxyfly": ("GF", ("n", "q", "a", "p")),
    "jellyfish": ("RRG", ("n", "degree")),
    "polarfly": ("PF", ("q",)),
}
_CONSTRUCTOR = {"fattree": "fat_tree", "levi": "levi_graph"}


def label(topology) -> str:
    """The network's short label, e.g. ``"PS-Pal(8,6)"``, ``"DF(12,6,6)"``, ``"HX(9x9x8)"``.

    Parameters
    ----------
    topology : lowdiam.topologies.Topology

    Returns
    -------
    str
        Family prefix and the paper's parameters; the topology's own name for families without a rule.
    """
    fam, prm = topology.family, topology.params
    if fam == "polarstar":
        return f"PS-{_SUPERNODE.get(prm['supernode'], prm['supernode'])}({prm['q']},{prm['d_prime']})"
    if fam == "hyperx":
        return topology.name
    if fam == "dragonfly" and prm.get("arrangement", "absolute") != "absolute":  # a different network: say so
        fewer = _fewer_groups(prm)
        return f"DF({prm['a']},{prm['h']},{prm['p']},{prm['arrangement']}{'' if fewer is None else f',g={fewer}'})"
    if fam in _FAMILY and all(k in prm for k in _FAMILY[fam][1]):
        prefix, keys = _FAMILY[fam]
        return f"{prefix}({','.join(str(prm[k]) for k in keys)})"
    return topology.name


# family -> constructor arguments as (argument name, params key); endpoints only where the constructor takes them
_ARGS = {
    "polarstar": (
        ("q", "q"), ("supernode", "supernode"), ("d", "d_prime"), ("endpoints_per_router", "endpoints_per_router")
    ),
    "bundlefly": (("p", "p"), ("s", "s"), ("endpoints_per_router", "endpoints_per_router")),
    "lps": (("p", "p"), ("q", "q"), ("endpoints_per_router", "endpoints_per_router")),
    "slimfly": (("q", "q"), ("endpoints_per_router", "endpoints_per_router")),
    "dragonfly": (("a", "a"), ("h", "h"), ("p", "p"), ("arrangement", "arrangement")),
    "megafly": (("rho", "rho"), ("a", "a"), ("p", "p")),
    "fattree": (("k", "k"), ("n", "n")),
    "galaxyfly": (("n", "n"), ("q", "q"), ("a", "a"), ("p", "p"), ("h", "h"), ("assignment", "assignment")),
    "jellyfish": (("n", "n"), ("degree", "degree"), ("seed", "seed"), ("endpoints_per_router", "endpoints_per_router")),
    "polarfly": (("q", "q"), ("endpoints_per_router", "endpoints_per_router")),
    "levi": (("q", "q"), ("endpoints_per_router", "endpoints_per_router")),
}


def constructor(topology) -> str:
    """The ``lowdiam.topologies`` call that rebuilds ``topology`` (for CSV rows and captions).

    Returns
    -------
    str
        e.g. ``'polarstar(q=11, supernode="iq", d=3, endpoints_per_router=5)'``; the topology's
        name for families without a rule.
    """
    fam, prm = topology.family, topology.params
    if fam not in _ARGS:
        return topology.name
    args = ", ".join(f"{arg}={prm[key]!r}".replace("'", '"') for arg, key in _ARGS[fam] if key in prm)
    fewer = _fewer_groups(prm) if fam == "dragonfly" else None
    if fewer is not None:
        args += f", groups={fewer}"
    return f"{_CONSTRUCTOR.get(fam, fam)}({args})"


def _fewer_groups(prm) -> int | None:
    """A Dragonfly's group count when it has fewer than the maximum a*h + 1, else None."""
    g = prm.get("g")
    return None if g is None or "a" not in prm or "h" not in prm or g == prm["a"] * prm["h"] + 1 else int(g)
