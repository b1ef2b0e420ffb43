"""Bundlefly: the star product MMS(s) * Paley(p) of diameter 3.

References: F. Lei, D. Dong, X. Liao, J. Duato, "Bundlefly: a low-diameter
topology for multicore fiber", ICS'20; as summarised in PolarStar
(Lakhotia et al., 2024) Sec. 3, 5 and Table 3 (BF d=11, d'=4: 882 routers,
radix 15) and SpectralFly (Young et al.) Sec. IV, Table I (BF(p, s)).
"""

from __future__ import annotations

import numpy as np

from .base import Topology, default_concentration
from .slimfly import mms_delta, slimfly
from .starproduct import star_product
from .supernodes import paley

__all__ = ["bundlefly"]


def bundlefly(p: int, s: int, endpoints_per_router: int | None = None) -> Topology:
    """Bundlefly BF(p, s) = MMS(s) * Paley(p).

    Structure graph: the McKay–Miller–Širáň graph MMS(s) (Slim Fly, diameter
    2, 2 s^2 vertices, degree (3s - δ)/2 with s = 4k + δ).  Supernode: the
    Paley graph on GF(p), p a prime power ≡ 1 (mod 4), degree (p-1)/2, with
    f(x) = ξ x (ξ primitive), which has property R1.  By Theorem 5 of
    PolarStar (Bermond et al. 1982), one R1 bijection on every arc of *any*
    orientation of a diameter-D structure graph gives diameter <= D + 1 = 3;
    MMS needs no Property R and has no self-loops.  Arcs run from the lower
    to the higher MMS router id.

    Order 2 p s^2; radix (p-1)/2 + (3s-δ)/2 (regular); diameter 3.
    Params: ``p``, ``s``, ``delta``, ``d`` (MMS degree), ``d_prime`` (Paley
    degree), ``radix`` and ``endpoints_per_router``.
    Labels: ``supernode`` (MMS router), ``supernode_vertex`` (GF(p) element),
    ``mms_subgraph`` and ``mms_group`` (the Slim Fly structure above it).

    Example
    -------
    >>> t = bundlefly(9, 7)   # PolarStar Table 3: BF d=11, d'=4
    >>> t.num_routers, t.radix
    (882, 15)
    """
    sn = paley(p)
    delta = mms_delta(s)
    mms = slimfly(s, endpoints_per_router=0)
    radix = (int(p) - 1) // 2 + (3 * int(s) - delta) // 2
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(radix, 3)
    x = np.arange(mms.num_routers * sn.num_vertices) // sn.num_vertices
    return star_product(
        mms,
        sn,
        name=f"BF({p},{s})",
        family="bundlefly",
        endpoints_per_router=endpoints_per_router,
        params={
            "p": int(p),
            "s": int(s),
            "delta": delta,
            "d": (3 * int(s) - delta) // 2,
            "d_prime": (int(p) - 1) // 2,
            "radix": radix,
            "endpoints_per_router": int(endpoints_per_router),
        },
        labels={
            "mms_subgraph": np.asarray(mms.labels["subgraph"])[x],
            "mms_group": np.asarray(mms.labels["supernode"])[x],
        },
    )
