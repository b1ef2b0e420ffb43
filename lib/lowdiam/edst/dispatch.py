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

    Parameters
    ----------
    view : StarProductView
    method : str, optional
        ``"universal"``, ``"universal_lowdepth"``, ``"maximum"`` (default) or
        ``"property_vd1"``.
    verify : bool, optional
        Check the trees against the router graph (default ``True``).

    Returns
    -------
    EDSTSet

    Raises
    ------
    ValueError
        For an unknown ``method`` (listing the valid ones), a disconnected
        factor, or a failed verification.
    NoPropertyVD1Split
        (a ``ValueError``) for ``"property_vd1"`` when the supernode has no
        Property V-D.1 split.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.edst import view_from_factors
    >>> v = view_from_factors(nx.complete_graph(4), nx.complete_graph(4), range(4))   # K4 x K4
    >>> [construct_edsts(v, m).count for m in METHODS]
    [2, 2, 2, 3]
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

    Tries Maximum and Universal, and Property V-D.1 when those fall short of
    t1 + t2 - 1.

    Parameters
    ----------
    topology : Topology
        A PolarStar, Bundlefly, Slim Fly or
        :func:`~lowdiam.topologies.star_product` router graph.

    Returns
    -------
    list of ndarray
        (n - 1, 2) int arrays of router ids, pairwise edge-disjoint spanning
        trees of the router graph (checked before returning).

    Raises
    ------
    ValueError
        If the topology exposes no star-product structure.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.topologies import star_product
    >>> len(star_product_edsts(star_product(nx.complete_graph(4), nx.complete_graph(4), [0, 1, 2, 3])))
    3
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
