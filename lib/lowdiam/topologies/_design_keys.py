"""Design-record keywords the constructors accept, so ``constructor(**lowdiam.design.best_config(...))`` works.

A record of :mod:`lowdiam.design` names a configuration by its parameters, under the design space's names
(PolarStar's ``d_prime``, Dragonfly's ``g``, HyperX's ``sides``), and by some derived values (Slim Fly's
``delta``, the LPS ``group``, the Galaxyfly ``diameter_bound``).  :func:`design_keywords` lets a constructor
take the former as aliases of its own parameters and the latter only to check them against the network it
builds.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import Any


def check_derived(constructor: str, given: dict[str, Any], built: dict[str, Any]) -> None:
    """Raise ``ValueError`` if a derived design keyword given to ``constructor`` differs from the built network's.

    Examples
    --------
    >>> check_derived("slimfly", {"delta": None}, {"delta": 1})
    >>> check_derived("slimfly", {"delta": 0}, {"delta": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: slimfly: delta=0 is not the value of the network these parameters build (delta=1); ...
    """
    for key, value in given.items():
        if value is not None and value != built[key]:
            raise ValueError(
                f"{constructor}: {key}={value!r} is not the value of the network these parameters build "
                f"({key}={built[key]!r}); it is derived, so pass the design record's own value or leave it out"
            )


def design_keywords(*derived: str, aliases: dict[str, str] | None = None) -> Callable:
    """Decorate a constructor to accept the design record's keywords.

    ``derived`` names values checked against ``Topology.params`` of the result; ``aliases`` maps a design
    keyword to the constructor's own parameter (``"*"`` for the variadic positional parameter, HyperX's sides).
    The decorated function's signature lists the extra keywords (keyword-only, default ``None``).
    """
    aliases = dict(aliases or {})

    def wrap(fn: Callable) -> Callable:
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def constructor(*args: Any, **kwargs: Any):
            given = {k: kwargs.pop(k) for k in derived if k in kwargs}
            for alias, own in aliases.items():
                if alias not in kwargs or kwargs[alias] is None:
                    kwargs.pop(alias, None)
                    continue
                value = kwargs.pop(alias)
                if own == "*":
                    if args:
                        raise TypeError(f"{fn.__name__}: give the sides positionally or as {alias}=, not both")
                    args = tuple(value)
                elif own in kwargs:
                    raise TypeError(f"{fn.__name__}: {alias}= and {own}= are the same parameter; give one")
                else:
                    kwargs[own] = value
            top = fn(*args, **kwargs)
            check_derived(fn.__name__, given, top.params)
            return top

        extra = [inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=None)
                 for k in (*aliases, *derived) if k not in sig.parameters]  # HyperX's sides= is its *sides
        constructor.__signature__ = sig.replace(parameters=[*sig.parameters.values(), *extra])
        return constructor

    return wrap
