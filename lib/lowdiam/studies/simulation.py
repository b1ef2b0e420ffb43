"""Notebook 05 (simulation): which routing fits which family.

Examples
--------
>>> min_routing("polarstar"), min_routing("megafly"), min_routing("lps")
('polarstar-min', 'df-min', 'min')
>>> ugal_routing("dragonfly"), ugal_routing("slimfly")
('df-ugal', 'ugal')
"""

from __future__ import annotations

__all__ = ["min_routing", "ugal_routing"]

_HIERARCHICAL = ("dragonfly", "megafly")


def min_routing(constructor: str) -> str:
    """The minimal routing of a family: PolarStar's analytic tables (Sec. 9.2) on PolarStar, hierarchical minimal
    routing (at most one global link) on Dragonfly and Megafly, random minimal next hop on every other network.

    Parameters
    ----------
    constructor : str
        The ``lowdiam.topologies`` constructor name of the network (``Recipe.constructor``, ``Topology.family``).
    """
    if constructor == "polarstar":
        return "polarstar-min"
    if constructor in _HIERARCHICAL:
        return "df-min"
    return "min"


def ugal_routing(constructor: str) -> str:
    """UGAL-L of a family: hierarchical (``df-ugal``) on Dragonfly and Megafly, ``ugal`` elsewhere."""
    return "df-ugal" if constructor in _HIERARCHICAL else "ugal"
