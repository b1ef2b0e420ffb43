"""Graph metrics of router topologies.

Submodules: :mod:`.distances` (bit-parallel all-pairs BFS), :mod:`.bisection`
(METIS minimum bisection), :mod:`.spectral` (adjacency / Laplacian spectra),
:mod:`.paths` (girth, shortest-path multiplicity), :mod:`.spectral_bounds`
(SpectralFly's closed-form bounds, edge connectivity).  Names are loaded lazily,
so ``import lowdiam.metrics`` does not pull in scipy, pymetis or numba kernels.
"""

from __future__ import annotations

from lowdiam._lazy import lazy_package

# public name -> defining submodule
_EXPORTS: dict[str, str] = {
    "DistanceStats": "distances",
    "diameter": "distances",
    "distance_histogram": "distances",
    "distance_matrix": "distances",
    "distance_stats": "distances",
    "distances_from": "distances",
    "eccentricities": "distances",
    "mean_distance": "distances",
    "Bisection": "_bisection",
    "bisection": "_bisection",
    "cut_size": "_bisection",
    "Spectrum": "_spectral",
    "spectral": "_spectral",
    "spectral_gap": "_spectral",
    "adjacency_matrix": "_spectral",
    "girth": "paths",
    "PathMultiplicity": "paths",
    "path_multiplicity": "paths",
    "shortest_path_counts": "paths",
    "edge_connectivity": "spectral_bounds",
    "radix_threshold": "spectral_bounds",
    "ramanujan_bisection_bound": "spectral_bounds",
    "ramanujan_mu1_bound": "spectral_bounds",
    "slimfly_delta": "spectral_bounds",
    "slimfly_mu1": "spectral_bounds",
}

__all__ = list(_EXPORTS)


__getattr__, __dir__ = lazy_package(__name__, _EXPORTS)
