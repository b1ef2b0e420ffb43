"""Choosing and running a star-product EDST construction by name.

:data:`METHODS` names the constructions of the two sibling modules
(:mod:`.constructions`: Universal and Maximum, Sec. V-B/V-C;
:mod:`.property_vd1`: Theorem V-D.2); :func:`construct_edsts` runs one on a
:class:`~lowdiam.edst.view.StarProductView` and :func:`star_product_edsts`
returns the largest verified set for a topology.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .assembly import EDSTSet
from .constructions import maximum_edsts, universal_edsts
from .property_vd1 import NoPropertyVD1Split, property_vd1_edsts
from .verify import verify_edsts
from .view import StarProductView, factor_packings, star_product_view

__all__ = ["METHODS", "construct_edsts", "star_product_edsts"]

METHODS = ("universal", "universal_lowdepth", "maximum", "property_vd1")


def construct_edsts(view: StarProductView, method: str = "maximum", verify: bool = True) -> EDSTSet:
    """Run one construction (one of :data:`METHODS`) and verify it.

    ``"property_vd1"`` (Theorem V-D.2) raises ``ValueError`` when the
    supernode has no Property V-D.1 split (see :mod:`.property_vd1`).
    """
    if method not in METHODS:
        raise ValueError(f"unknown EDST construction {method!r}; choose one of {METHODS}")
    P1, P2 = factor_packings(view)
    if method == "maximum":
        res = maximum_edsts(view, P1, P2)
    elif method == "property_vd1":
        res = property_vd1_edsts(view, P1, P2)
    else:
        res = universal_edsts(view, P1, P2, low_depth=method == "universal_lowdepth")
    if verify:
        verify_edsts((view.num_routers, view.router_edges), res.trees)
    return res


def star_product_edsts(topology: Any) -> list[np.ndarray]:
    """The largest verified EDST set our constructions give for a star-product topology.

    ``topology``: a PolarStar, Bundlefly, Slim Fly or :func:`star_product`
    router graph from ``lowdiam.topologies``.  Returns a list of (n-1, 2)
    int arrays of router ids, pairwise edge-disjoint spanning trees of the
    router graph (checked by :func:`verify_edsts` before returning).
    """
    view = star_product_view(topology)
    P1, P2 = factor_packings(view)
    best = max((construct_edsts(view, m, verify=False) for m in ("maximum", "universal")), key=lambda r: r.count)
    if best.count < P1.t + P2.t - 1:  # V-D.2 gives t1 + t2 - 1: only worth its search when V-C did not
        try:
            vd1 = construct_edsts(view, "property_vd1", verify=False)
            if vd1.count > best.count:
                best = vd1
        except NoPropertyVD1Split:
            pass  # the V-B/V-C set stands
    verify_edsts(topology, best.trees)
    return best.trees
