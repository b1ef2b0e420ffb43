"""Lazy package exports shared by ``lowdiam.topologies`` and ``lowdiam.metrics``.

A package lists ``name -> submodule`` and calls :func:`lazy_package`; a name is
imported on first access (so ``import lowdiam.metrics`` does not pay for
scipy / pymetis / galois).

A module is never named like a function it exports: a module that defines the
function ``slimfly`` is ``_slimfly.py`` (private; the package is the public
API).  Otherwise Python would bind the package attribute ``slimfly`` to the
module when it is imported, and ``import lowdiam.topologies.slimfly`` and
``lowdiam.topologies.slimfly`` could not both mean what they say.
``tests/test_imports.py`` checks the rule.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from typing import Any


def lazy_package(package: str, exports: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """Return the ``__getattr__`` and ``__dir__`` of ``package`` for its lazily imported ``exports``."""
    names = sorted(set(exports) | set(sys.modules[package].__dict__.get("__all__", ())))
    clashes = sorted(name for name, module in exports.items() if module.rpartition(".")[2] == name)
    if clashes:
        raise ImportError(f"{package}: modules named like the functions they export: {clashes}; prefix them with _")

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return names

    return __getattr__, __dir__
