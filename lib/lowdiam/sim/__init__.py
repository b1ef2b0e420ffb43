"""Fast cycle-level network simulator (numba kernels over flat numpy arrays).

>>> from lowdiam.sim import simulate
>>> res = simulate(topology, "min", "uniform", 0.3)          # doctest: +SKIP
>>> res.accepted_load, res.latency_mean, res.saturated         # doctest: +SKIP

Model and state layout: :mod:`lowdiam.sim.engine`; routing algorithms:
:mod:`lowdiam.sim.routing`; traffic patterns: :mod:`lowdiam.sim.traffic`;
result fields and the saturation rule: :mod:`lowdiam.sim.results`; channel-load
throughput bounds of the oblivious routings: :mod:`lowdiam.sim.bounds`.
"""

from .bounds import BOUND_ROUTINGS, ChannelLoadBound, channel_load_bound
from .driver import load_sweep, saturation_load, simulate
from .results import SimResult
from .routing import ROUTINGS, max_route_length
from .traffic import PATTERNS

__all__ = ["simulate", "channel_load_bound", "ChannelLoadBound", "BOUND_ROUTINGS", "load_sweep", "saturation_load", "SimResult", "ROUTINGS", "PATTERNS", "max_route_length"]
