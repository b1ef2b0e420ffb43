"""Notebook 03 (bisection): the f-invariant split of an Inductive-Quad PolarStar.

The IQ supernode's bijection f(v) = v XOR 1 pairs the supernode vertices {2i, 2i+1}; a union of pairs is
f-invariant, so splitting every supernode along the same union of pairs cuts only intra-supernode links.
With d' + 1 even the split is exactly balanced.

Examples
--------
>>> from lowdiam import topologies as T
>>> from lowdiam.metrics import cut_size
>>> ps = T.polarstar(5, "iq", 3)
>>> side = iq_f_invariant_split(ps)
>>> int(side.sum()) * 2 == ps.num_routers, cut_size(ps, side)
(True, 248)
"""

from __future__ import annotations

import numpy as np

__all__ = ["iq_f_invariant_split", "wiring_explanation"]


def iq_f_invariant_split(topology) -> np.ndarray:
    """Side (0/1) of every router in the f-invariant balanced split of an IQ PolarStar with d' + 1 even.

    Parameters
    ----------
    topology : lowdiam.topologies.Topology
        ``polarstar(q, "iq", d)`` with ``d + 1`` even.

    Returns
    -------
    numpy.ndarray
        int array, 1 on the routers whose supernode vertex lies in the first (d' + 1) / 2 pairs.
    """
    prm = topology.params
    if topology.family != "polarstar" or prm.get("supernode") != "iq":
        raise ValueError(f"an Inductive-Quad PolarStar is required, got {topology.name}")
    if (prm["d_prime"] + 1) % 2:
        raise ValueError(f"d' + 1 must be even for a balanced f-invariant split, got d' = {prm['d_prime']}")
    pairs = (prm["d_prime"] + 1) // 2
    return (np.asarray(topology.labels["supernode_vertex"]) // 2 < pairs).astype(int)


def wiring_explanation(printed: float, ours: float, other: float | None, tolerance, *, why: str,
                       names: tuple[str, str] = ("round robin", "block")) -> tuple[str, str]:
    """An explanation that the router-level wiring moves a value, only where two computed wirings show it.

    A Galaxyfly's bisection and path multiplicities depend on which router of a supernode carries which global
    link, which the paper does not state.  That is an explanation of a mismatch only when the other wiring,
    computed, gives the printed value or lands on its other side; otherwise it is a guess, and the row stays an
    unexplained mismatch with the two values in its note.

    Parameters
    ----------
    printed, ours : float
        The paper's value and ours (the default wiring, ``names[0]``).
    other : float or None
        The same quantity under the other wiring (``names[1]``); ``None`` when not computed.
    tolerance : float or str
        The claim's tolerance (absolute, or a percentage string such as ``"10%"``).
    why : str
        The explanation's text (what the paper leaves open).
    names : (str, str)
        Names of the two wirings.

    Returns
    -------
    (str, str)
        ``(explanation, note)``: the explanation when the computation shows it (else ``""``), and a note
        giving both values when it does not.

    Examples
    --------
    >>> wiring_explanation(0.17, 0.256, 0.174, 0.005, why="wiring not stated")[0]
    'wiring not stated: the block wiring gives 0.174, the printed value'
    >>> wiring_explanation(0.62, 0.719, 0.516, "10%", why="wiring not stated")[0]
    'wiring not stated: the round robin and block wirings give 0.719 and 0.516, either side of the printed value'
    >>> wiring_explanation(0.43, 0.573, 0.535, 0.005, why="wiring not stated")
    ('', 'neither router-level wiring computed gives the printed value: round robin 0.573, block 0.535')
    """
    from ..claims import compare

    if compare(printed, ours, tolerance):
        return "", ""
    if other is None:
        return "", ""
    if compare(printed, other, tolerance):
        return f"{why}: the {names[1]} wiring gives {other:.3g}, the printed value", ""
    if min(ours, other) <= printed <= max(ours, other):
        return (f"{why}: the {names[0]} and {names[1]} wirings give {ours:.3g} and {other:.3g}, either side of the "
                "printed value"), ""
    return "", (f"neither router-level wiring computed gives the printed value: {names[0]} {ours:.3g}, "
                f"{names[1]} {other:.3g}")
