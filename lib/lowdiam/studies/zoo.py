"""Notebook 00 (the topology zoo): the per-radix and per-q rows its paper profile records.

:func:`polarstar_best_row` builds the largest PolarStar of one network radix and measures it exactly (all-pairs
bit-parallel BFS); :func:`property_r_row` checks PolarStar Thm 1 (ER_q has property R) for one q with
:func:`lowdiam.topologies.has_property_R` (float32 BLAS walk counts, exact below 2**24 vertices).

Examples
--------
>>> row = polarstar_best_row(8)
>>> row["constructor"], row["routers"], row["diameter"]
('polarstar(q=4, supernode="iq", d=3, endpoints_per_router=3)', 168, 3)
>>> property_r_row(3)["property_r"]
True
"""

from __future__ import annotations

from .. import topologies as T
from ..labels import constructor
from ..metrics.distances import distance_stats
from ..topologies.starproduct import as_factor_graph
from ..validate import check_int

__all__ = ["polarstar_best_row", "property_r_row"]

def polarstar_best_row(radix: int) -> dict:
    """The largest PolarStar of network radix ``radix`` (:func:`lowdiam.topologies.polarstar_best`), built and
    measured exactly: constructor call, routers, links, (q, supernode, d'), diameter and mean distance over all
    ordered router pairs.

    Parameters
    ----------
    radix : int
        Network radix, at least 3.

    Returns
    -------
    dict
        Keys constructor, routers, links, q, supernode, d_prime, diameter, mean_distance.

    Raises
    ------
    ValueError
        If ``radix`` is not an int >= 3 or no PolarStar has that radix.

    Examples
    --------
    >>> polarstar_best_row(10)["routers"]
    310
    """
    radix = check_int("radix", radix, low=3)
    top = T.polarstar_best(radix)
    st = distance_stats(top)
    return dict(constructor=constructor(top), routers=int(top.num_routers), links=int(top.num_edges),
                q=int(top.params["q"]), supernode=str(top.params["supernode"]), d_prime=int(top.params["d_prime"]),
                diameter=int(st.diameter), mean_distance=round(float(st.mean_distance), 6))


def property_r_row(q: int) -> dict:
    """PolarStar Thm 1 for one q: does ER_q (quadric self-loops included) have property R?

    Parameters
    ----------
    q : int
        A prime power.

    Returns
    -------
    dict
        Keys vertices (q^2 + q + 1), quadrics (loops), diameter and property_r.

    Raises
    ------
    ValueError
        If ``q`` is not a prime power (raised by :func:`lowdiam.topologies.erdos_renyi_polarity`).

    Examples
    --------
    >>> property_r_row(4)
    {'vertices': 21, 'quadrics': 5, 'diameter': 2, 'property_r': True}
    """
    g = T.erdos_renyi_polarity(q)
    fg = as_factor_graph(g)
    return dict(vertices=int(g.num_routers), quadrics=int(len(fg.loops)), diameter=int(distance_stats(g).diameter),
                property_r=T.has_property_R(fg))
