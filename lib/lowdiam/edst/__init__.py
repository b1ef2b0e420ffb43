"""Edge-disjoint spanning trees (EDSTs) of graphs and of star products.

Reference: K. Lakhotia, L. Monroe et al., "Edge-Disjoint Spanning Trees on
Star Products" (EDST paper; formulas rebuilt from the constructions, see
``constructions`` and ``bounds``).

* :func:`edst_packing` -- exact maximum EDST packing of any graph (matroid
  partition; Nash-Williams–Tutte).
* :func:`verify_edsts`, :func:`tree_depths` -- checks and centre-rooted depths.
* bounds: :func:`combinatorial_bound`, :func:`prop_iv1_bound`,
  :func:`prop_iv3_bound`.
* star products: :func:`star_product_view`, :func:`universal_edsts`,
  :func:`maximum_edsts`, :func:`construct_edsts`, :func:`star_product_edsts`;
  Property V-D.1 (Theorem V-D.2): :func:`find_property_vd1`,
  :func:`property_vd1_edsts`, :func:`bijection_orbits`.
"""

from .assembly import EDSTSet
from .bounds import combinatorial_bound, factor_counts, prop_iv1_bound, prop_iv3_bound, regular_bound
from .constructions import maximum_edsts, universal_edsts
from .dispatch import METHODS, construct_edsts, star_product_edsts
from .packing import EDSTPacking, as_graph, edst_packing, forest_union
from .property_vd1 import NoPropertyVD1Split, VD1Split, bijection_orbits, find_property_vd1, property_vd1_edsts
from .report import CONSTRUCTION_NAMES, edst_row, generic_row
from .verify import tree_depth, tree_depths, verify_edsts
from .view import StarProductView, factor_packings, star_product_view, view_from_factors

__all__ = [
    "CONSTRUCTION_NAMES",
    "edst_row",
    "generic_row",
    "METHODS",
    "EDSTPacking",
    "EDSTSet",
    "NoPropertyVD1Split",
    "StarProductView",
    "VD1Split",
    "as_graph",
    "bijection_orbits",
    "combinatorial_bound",
    "construct_edsts",
    "edst_packing",
    "factor_counts",
    "factor_packings",
    "find_property_vd1",
    "forest_union",
    "maximum_edsts",
    "prop_iv1_bound",
    "prop_iv3_bound",
    "property_vd1_edsts",
    "regular_bound",
    "star_product_edsts",
    "star_product_view",
    "tree_depth",
    "tree_depths",
    "universal_edsts",
    "view_from_factors",
    "verify_edsts",
]
