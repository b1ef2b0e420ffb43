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

__all__ = ["iq_f_invariant_split"]


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
