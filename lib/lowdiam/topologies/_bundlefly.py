"""Bundlefly: the star product MMS(s) * Paley(p) of diameter 3.

References: F. Lei, D. Dong, X. Liao, J. Duato, "Bundlefly: a low-diameter
topology for multicore fiber", ICS'20; as summarised in PolarStar
(Lakhotia et al., 2024) Sec. 3, 5 and Table 3 (BF d=11, d'=4: 882 routers,
radix 15) and SpectralFly (Young et al.) Sec. IV, Table I (BF(p, s)).
"""

from __future__ import annotations

import galois
import numpy as np

from ..validate import check_choice, check_int
from ._design_keys import design_keywords
from ._slimfly import mms_delta, slimfly
from .base import Topology, default_concentration
from .starproduct import star_product
from .supernodes import paley

__all__ = ["ORIENTATIONS", "bundlefly"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("bundlefly",)


ORIENTATIONS = ("lowdiam", "authors")


def _evalnet_mms_numbering(s: int) -> np.ndarray:
    """EvalNet's id of each of our MMS(s) routers, for prime s.

    EvalNet (``SlimFlyGenerator``) lists the routers (1, m, c) first, then
    (0, x, y), each block in (group, position) order of the field elements;
    for a prime s its elements are the residues 0..s-1 in order, so router
    (t, x, y) of ours (id t s^2 + x s + y) is its (1 - t) s^2 + x s + y.
    """
    ids = np.arange(2 * s * s)
    t, rest = np.divmod(ids, s * s)
    return (1 - t) * s * s + rest


@design_keywords("delta")
def bundlefly(
    p: int,
    s: int,
    endpoints_per_router: int | None = None,
    *,
    primitive_element: int | None = None,
    orientation: str = "lowdiam",
) -> Topology:
    """Bundlefly BF(p, s) = MMS(s) * Paley(p).

    Structure graph: the McKay–Miller–Širáň graph MMS(s) (Slim Fly, diameter
    2, 2 s^2 vertices, degree (3s - δ)/2 with s = 4k + δ).  Supernode: the
    Paley graph on GF(p), p a prime power ≡ 1 (mod 4), degree (p-1)/2, with
    f(x) = ξ x (ξ primitive), which has property R1.  By Theorem 5 of
    PolarStar (Bermond et al. 1982), one R1 bijection on every arc of *any*
    orientation of a diameter-D structure graph gives diameter <= D + 1 = 3;
    MMS needs no Property R and has no self-loops.

    Conventions the papers leave open, both changing the network (BF(13, 3)
    differs between classes of ξ, with equal spectra):

    * ``primitive_element`` -- ξ of the Paley supernode (galois' integer
      representation; default galois' smallest primitive element of GF(p)).
      EvalNet's generator draws ξ at random.
    * ``orientation`` -- ``"lowdiam"`` (default): arcs from the lower to the
      higher MMS router id of :func:`.slimfly` ((0, x, y) routers first);
      ``"authors"``: from the lower to the higher id of EvalNet's
      ``SlimFlyGenerator`` ((1, m, c) routers first; prime s only).  The MMS
      generator sets X, X' use galois' primitive element of GF(s); for
      s ≡ 1 (mod 4) and s = 3 they do not depend on it.

    With ``orientation="authors"`` and EvalNet's ξ the result is isomorphic
    to EvalNet's ``BundleflyGenerator`` output (tested in
    ``tests/test_peers.py`` for s in {3, 5}).

    Order 2 p s^2; radix (p-1)/2 + (3s-δ)/2 (regular); diameter 3.

    Parameters
    ----------
    p : int
        Paley order, a prime power ≡ 1 (mod 4).
    s : int
        MMS parameter, a prime power s = 4k + δ, δ in {-1, 0, 1}.
    endpoints_per_router : int, optional
        Concentration; default ``default_concentration(radix, 3)``.
    primitive_element : int, optional
        Paley ξ (see above).
    orientation : {"lowdiam", "authors"}
        Orientation of the MMS edges (see above).

    Returns
    -------
    Topology
        Params: ``p``, ``s``, ``delta``, ``d`` (MMS degree), ``d_prime``
        (Paley degree), ``radix``, ``endpoints_per_router``,
        ``primitive_element``, ``orientation``.  Labels: ``supernode`` (MMS
        router), ``supernode_vertex`` (GF(p) element), ``mms_subgraph`` and
        ``mms_group`` (the Slim Fly structure above it).

    Raises
    ------
    ValueError
        For p or s outside their families, a non-primitive ξ, an unknown
        orientation, or ``orientation="authors"`` with a non-prime s.

    Examples
    --------
    >>> t = bundlefly(9, 7)   # PolarStar Table 3: BF d=11, d'=4
    >>> t.num_routers, t.radix
    (882, 15)
    >>> bundlefly(13, 3, primitive_element=11, orientation="authors").params["primitive_element"]
    11
    """
    orientation = check_choice("orientation", orientation, ORIENTATIONS)
    if endpoints_per_router is not None:
        endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    sn = paley(p, primitive_element)
    delta = mms_delta(s)
    mms = slimfly(s, endpoints_per_router=0)
    arc_order = None
    if orientation == "authors":
        if not galois.is_prime(int(s)):
            raise ValueError(f"orientation='authors' (EvalNet's MMS numbering) is implemented for prime s, got s={s}")
        arc_order = _evalnet_mms_numbering(int(s))
    radix = (int(p) - 1) // 2 + (3 * int(s) - delta) // 2
    if endpoints_per_router is None:
        endpoints_per_router = default_concentration(radix, 3)
    x = np.arange(mms.num_routers * sn.num_vertices) // sn.num_vertices
    return star_product(
        mms,
        sn,
        arc_order=arc_order,
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
            "primitive_element": sn.params["primitive_element"],
            "orientation": orientation,
        },
        labels={
            "mms_subgraph": np.asarray(mms.labels["subgraph"])[x],
            "mms_group": np.asarray(mms.labels["supernode"])[x],
        },
    )
