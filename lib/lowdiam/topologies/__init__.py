"""Topology constructors, one function per family (networkx-generator style).

Imports are lazy: ``from lowdiam.topologies import polarstar`` loads only the
module that defines it, so analyses that never touch a finite field do not pay
galois' start-up cost.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

from .base import Topology, default_concentration

# public name -> defining submodule
_EXPORTS: dict[str, str] = {
    # finite fields
    "field": "fields",
    "is_prime_power": "fields",
    "prime_powers": "fields",
    # PolarFly / ER_q
    "erdos_renyi_polarity": "polarfly",
    "polarfly": "polarfly",
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
    "polarstar": "polarstar",
    "polarstar_best": "polarstar",
    "polarstar_configs": "polarstar",
    "PolarStarConfig": "polarstar",
    # Slim Fly / Bundlefly / SpectralFly
    "mms_graph": "slimfly",
    "slimfly": "slimfly",
    "bundlefly": "bundlefly",
    "lps": "lps",
    "lps_diameter": "lps",
    # hierarchical and indirect
    "dragonfly": "dragonfly",
    "dragonfly_canonical": "dragonfly",
    "hyperx": "hyperx",
    "megafly": "megafly",
    "fat_tree": "fattree",
    "galaxy_graph": "galaxyfly",
    "galaxyfly": "galaxyfly",
    "galaxyfly_size": "galaxyfly",
    "jellyfish": "jellyfish",
}

__all__ = ["Topology", "default_concentration", *_EXPORTS]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'lowdiam.topologies' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)


class _Package(types.ModuleType):
    """Keeps ``topologies.<name>`` the constructor when its submodule has the same name.

    Importing submodule ``slimfly`` makes Python bind the package attribute
    ``slimfly`` to the module, which would shadow the function ``slimfly``
    for every later ``from lowdiam.topologies import slimfly``.  The module
    itself stays reachable via ``sys.modules`` / ``from .slimfly import ...``.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and _EXPORTS.get(name) == name and hasattr(value, name):
            value = getattr(value, name)
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
