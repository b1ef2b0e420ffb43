"""Edge-disjoint spanning trees (EDSTs) of graphs and of star products.

Reference: K. Lakhotia, L. Monroe et al., "Edge-Disjoint Spanning Trees on
Star Products" (EDST paper; formulas rebuilt from the constructions, see
``constructions`` and ``bounds``).

Modules, lowest first (each imports only modules above it in this list):

* ``packing`` -- :func:`edst_packing`, exact maximum EDST packing of any
  graph (matroid partition; Nash-Williams–Tutte); ``verify`` --
  :func:`verify_edsts`, :func:`tree_depths`; ``bounds`` -- Eq. (1),
  Prop. IV.1, Cor. IV.2, Prop. IV.3.
* ``view`` -- :class:`StarProductView`, a router graph read as G1 * G2
  (:func:`star_product_view`, :func:`view_from_factors`) and the factors'
  packings (:func:`factor_packings`).
* ``assembly`` -- :class:`EDSTSet` and the helpers both constructions
  assemble trees from.
* ``constructions`` -- Universal and Maximum (Sec. V-B/V-C):
  :func:`universal_edsts`, :func:`maximum_edsts`; ``property_vd1`` -- its
  sibling, Theorem V-D.2: :func:`find_property_vd1`,
  :func:`property_vd1_edsts`, :func:`bijection_orbits`.  Neither imports
  the other.
* ``dispatch`` -- :data:`METHODS`, :func:`construct_edsts` (one by name),
  :func:`star_product_edsts` (the best verified set).
* ``report`` -- :func:`edst_row`, :func:`generic_row` (Table IV rows).
* ``theory`` -- checked statements around the constructions: star-product
  counts (Property II-B.3, B-A.1, B-A.2), Table I / Table V, Corollary IV.2,
  Proposition IV.3 on every small factor size, Lemma V-C.2, depth bounds
  (Theorems V-B.4, V-B.5, V-C.12, V-D.7), Slim Fly = K_{q,q} * Cayley,
  factor order and diameter, the Chimera graph (Appendix C).

Examples
--------
>>> import networkx as nx
>>> from lowdiam import edst
>>> v = edst.view_from_factors(nx.complete_graph(4), nx.complete_graph(4), range(4))
>>> edst.construct_edsts(v, "property_vd1").count, edst.combinatorial_bound((v.num_routers, v.router_edges))
(3, 3)
"""

from .assembly import EDSTSet
from .bounds import combinatorial_bound, factor_counts, prop_iv1_bound, prop_iv3_bound, regular_bound
from .constructions import maximum_edsts, universal_edsts
from .dispatch import METHODS, construct_edsts, star_product_edsts
from .packing import EDSTPacking, as_graph, edst_packing, forest_union
from .property_vd1 import NoPropertyVD1Split, VD1Split, bijection_orbits, find_property_vd1, property_vd1_edsts
from .report import CONSTRUCTION_NAMES, depth_row, edst_row, generic_row, pure_generic_count
from .theory import (
    TABLE_V_KINDS,
    chimera,
    chimera_c2_view,
    depth_bounds,
    diameters_over_bijections,
    lemma_vc2_violations,
    product_facts,
    prop_iv3_grid_check,
    pure_product,
    random_star_product,
    regular_bound_closed_form,
    slimfly_factor_check,
    star_product_bound,
    star_product_counts,
    table_i_theorem,
    table_v_counts,
    table_v_graph,
)
from .verify import tree_depth, tree_depths, verify_edsts
from .view import StarProductView, factor_packings, star_product_view, view_from_factors

__all__ = [
    "TABLE_V_KINDS",
    "chimera",
    "chimera_c2_view",
    "depth_bounds",
    "diameters_over_bijections",
    "lemma_vc2_violations",
    "product_facts",
    "prop_iv3_grid_check",
    "pure_product",
    "random_star_product",
    "regular_bound_closed_form",
    "slimfly_factor_check",
    "star_product_bound",
    "star_product_counts",
    "table_i_theorem",
    "table_v_counts",
    "table_v_graph",
    "CONSTRUCTION_NAMES",
    "edst_row",
    "depth_row",
    "generic_row",
    "pure_generic_count",
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
