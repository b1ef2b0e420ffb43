"""Old home of the routing code, kept so existing imports work: everything now lives in
:mod:`lowdiam.sim.routings` (one module per routing).  New code imports from there.
"""

from .routings import ROUTINGS, max_route_length, routing_spec  # noqa: F401
from .routings.base import (  # noqa: F401
    EJECT,
    NO_ROUTE,
    UNSET,
    VC_OVERFLOW,
    WAIT,
    arc_to,
    eccentricities,
    random_intermediate,
    random_min_arc,
    random_other_group_router,
)
from .routings.df_min import arc_classes, dragonfly_fields, hier_min_arc, hierarchical_distances  # noqa: F401
from .routings.ksp import KSP_PATHS, ksp_tables  # noqa: F401
from .routings.min_single import single_path_table  # noqa: F401
from .routings.nag import NAG_MAX_HOPS, nag_groups  # noqa: F401
from .routings.polarized import POLARIZED_EXACT_CHECK, polarized_arc, polarized_dead_end  # noqa: F401
from .routings.polarstar_min import polarstar_arc, polarstar_fields, ps_adjacent, ps_within_two  # noqa: F401
from .routings.source_min import shortest_path_counts_table, weighted_min_arc  # noqa: F401
from .routings.threshold import TH_MIN, TH_NONMIN  # noqa: F401
from .routings.ugal import UGAL_SAMPLES  # noqa: F401
