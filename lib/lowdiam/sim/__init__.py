"""Fast cycle-level network simulator (numba kernels over flat numpy arrays).

>>> from lowdiam.sim import simulate
>>> res = simulate(topology, "min", "uniform", 0.3)          # doctest: +SKIP
>>> res.accepted_load, res.latency_mean, res.saturated         # doctest: +SKIP

Entry point :func:`simulate` (:mod:`lowdiam.sim.driver`); routing algorithms,
one module each, and how to add one: :mod:`lowdiam.sim.routings`; router
models (``router="booksim"``, the default: BookSim2's input-queued router, the
papers' simulator; ``"caminos"``: the Polarized paper's; ``"ideal"``: the built-in
idealised input-queued router of :mod:`lowdiam.sim.ideal`, an upper bound) and how to
register one: :mod:`lowdiam.sim.routers`;
traffic patterns: :mod:`lowdiam.sim.traffic`; result fields and the
saturation rule: :mod:`lowdiam.sim.results`; channel-load throughput bounds of
the oblivious routings, and their busiest-link bounds on a motif's completion
time: :mod:`lowdiam.sim.bounds`; application motifs (Allreduce, Sweep3D,
Halo3D-26, FFT) as message programs, :func:`run_motif`: :mod:`lowdiam.sim.motifs`; where compiled kernels are
cached: :mod:`lowdiam.sim.kernel_cache`.
"""

from .kernel_cache import kernel_cache_scope

# every numba function of the package is decorated here, inside the scope, so that all of them
# cache in the folder of this version of the sources (lowdiam.sim.kernel_cache)
with kernel_cache_scope() as KERNEL_CACHE_DIR:
    from . import rng, traffic  # noqa: F401
    from .bounds import BOUND_ROUTINGS, ChannelLoadBound, MotifLinkBound, channel_load_bound, motif_link_bound
    from .driver import saturation_load, simulate
    from .ideal import run as _ideal_run  # noqa: F401  (the kernels)
    from .results import SimResult
    from .routers import ROUTERS
    from .routings import ROUTINGS, max_route_length

from .motifs import MOTIFS, MotifResult, compile_motif, ember_motif_args, run_motif  # application motifs
from .traffic import PATTERNS

__all__ = [
    "BOUND_ROUTINGS",
    "KERNEL_CACHE_DIR",
    "MOTIFS",
    "MotifLinkBound",
    "MotifResult",
    "PATTERNS",
    "ROUTERS",
    "ROUTINGS",
    "ChannelLoadBound",
    "SimResult",
    "channel_load_bound",
    "compile_motif",
    "ember_motif_args",
    "max_route_length",
    "motif_link_bound",
    "run_motif",
    "saturation_load",
    "simulate",
]
