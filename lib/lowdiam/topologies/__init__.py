"""Topology constructors, one function per family (networkx-generator style).

Imports are lazy: ``from lowdiam.topologies import polarstar`` loads only the
module that defines it, so analyses that never touch a finite field do not pay
galois' start-up cost.

Your own networks: :meth:`Topology.from_networkx` (node labels of any type,
kept in ``labels["node"]``), :func:`read` for edge-list / BookSim anynet /
CAMINOS files, and :func:`as_topology`, the reader every analysis uses for its
graph argument (a Topology, networkx graph, scipy sparse adjacency, CSR pair or
``(n, edges)``).
"""

from __future__ import annotations

from lowdiam._lazy import lazy_package

from .base import Topology, as_topology, default_concentration

# public name -> defining submodule
_EXPORTS: dict[str, str] = {
    # finite fields
    "field": "fields",
    "is_prime_power": "fields",
    "prime_powers": "fields",
    # PolarFly / ER_q
    "erdos_renyi_polarity": "_polarfly",
    "polarfly": "_polarfly",
    # supernodes and the star product
    "Supernode": "supernodes",
    "inductive_quad": "supernodes",
    "paley": "supernodes",
    "bdf": "supernodes",
    "complete": "supernodes",
    "FactorGraph": "starproduct",
    "star_product": "starproduct",
    "has_property_R": "starproduct",
    "has_property_R_star": "starproduct",
    "has_property_R1": "starproduct",
    "as_factor_graph": "starproduct",
    "polarstar": "_polarstar",
    "polarstar_best": "_polarstar",
    "polarstar_configs": "_polarstar",
    "PolarStarConfig": "_polarstar",
    # Slim Fly / Bundlefly / SpectralFly
    "mms_graph": "_slimfly",
    "slimfly": "_slimfly",
    "bundlefly": "_bundlefly",
    "lps": "_lps",
    "lps_diameter": "_lps",
    # hierarchical and indirect
    "dragonfly": "_dragonfly",
    "dragonfly_canonical": "_dragonfly",
    "sstmacro_circulant_links": "_dragonfly",
    "hyperx": "_hyperx",
    "megafly": "_megafly",
    "fat_tree": "fattree",
    "galaxy_graph": "_galaxyfly",
    "galaxyfly": "_galaxyfly",
    "galaxyfly_size": "_galaxyfly",
    "jellyfish": "_jellyfish",
    # incidence graph of PG(2, q) (Polarized routing paper, Table 4)
    "levi_graph": "levi",
    # files
    "read": "io",
}

__all__ = ["Topology", "as_topology", "default_concentration", *_EXPORTS]  # noqa: PLE0604


__getattr__, __dir__ = lazy_package(__name__, _EXPORTS)
