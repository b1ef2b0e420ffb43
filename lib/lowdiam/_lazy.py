"""Lazy package exports shared by ``lowdiam.topologies`` and ``lowdiam.metrics``.

A package lists ``name -> submodule`` and calls :func:`lazy_package`; a name is
imported on first access (so ``import lowdiam.metrics`` does not pay for
scipy / pymetis / galois).  Python binds a package attribute to a submodule
when that submodule is imported, which would shadow a same-named function
(``topologies.slimfly``, ``metrics.bisection``); the package's module class is
swapped for one that keeps the function.  The modules stay reachable through
``sys.modules`` (``from lowdiam.metrics.bisection import ...``).
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Callable, Mapping
from typing import Any


def lazy_package(package: str, exports: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Install the shadow-proof module class on ``package``; return its ``__getattr__`` and ``__dir__``."""
    names = sorted(set(exports) | set(sys.modules[package].__dict__.get("__all__", ())))

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return names

    class _Package(types.ModuleType):
        def __setattr__(self, name: str, value: Any) -> None:
            if isinstance(value, types.ModuleType) and exports.get(name) == name and hasattr(value, name):
                value = getattr(value, name)
            super().__setattr__(name, value)

    sys.modules[package].__class__ = _Package
    return __getattr__, __dir__
