"""Checks for values that cross the library's boundary: one rule, one message.

Every public entry point validates its scalar parameters and option dicts with
these helpers, so bad input fails the same way everywhere: a ``TypeError`` for
a value of the wrong kind (a string where a number belongs, a bool where an
integer belongs), a ``ValueError`` naming the rule and the nearby valid
choices otherwise.  Nothing is silently rounded (``2.5`` endpoints is an
error, not 2), reinterpreted (``'no'`` is not ``True``) or ignored (an
unknown option key is an error that lists the valid ones).

Examples
--------
>>> from lowdiam.validate import check_int, check_options
>>> check_int("num_routers", 4.0, low=1)
4
>>> check_int("num_routers", 2.7, low=1)
Traceback (most recent call last):
    ...
ValueError: num_routers must be an integer, got 2.7 (nearest valid: 2 or 3)
>>> check_options("traffic_options", {"hotspots": 2}, ["hotspot_fraction", "num_hotspots"])
Traceback (most recent call last):
    ...
ValueError: unknown traffic_options key 'hotspots'; valid keys: hotspot_fraction, num_hotspots
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["check_bool", "check_choice", "check_float", "check_int", "check_options"]


def check_int(name: str, value: Any, *, low: int | None = None, high: int | None = None) -> int:
    """Return ``value`` as a Python ``int`` if it is integral and within ``[low, high]``.

    Parameters
    ----------
    name : str
        Parameter name, used in the error message.
    value : int-like
        An ``int``, a numpy integer, or a float with an integral value (``4.0``).
    low, high : int, optional
        Inclusive bounds.

    Returns
    -------
    int

    Raises
    ------
    TypeError
        If ``value`` is a bool, a string or not a number.
    ValueError
        If ``value`` is not integral (``2.5``), not finite, or out of range.

    Examples
    --------
    >>> check_int("q", 7, low=2)
    7
    >>> check_int("q", True)
    Traceback (most recent call last):
        ...
    TypeError: q must be an integer, got bool True
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be an integer, got {type(value).__name__} {value!r}")
    if isinstance(value, numbers.Integral):
        out = int(value)
    else:
        f = float(value)
        if not math.isfinite(f):
            raise ValueError(f"{name} must be a finite integer, got {value!r}")
        if f != math.floor(f):
            raise ValueError(
                f"{name} must be an integer, got {value!r} (nearest valid: {math.floor(f)} or {math.ceil(f)})"
            )
        out = int(f)
    if low is not None and out < low:
        raise ValueError(f"{name} must be >= {low}, got {out}")
    if high is not None and out > high:
        raise ValueError(f"{name} must be <= {high}, got {out}")
    return out


def check_bool(name: str, value: Any) -> bool:
    """Return ``value`` if it is a bool (or numpy bool); refuse strings and numbers.

    Examples
    --------
    >>> check_bool("require_ramanujan", False)
    False
    >>> check_bool("require_ramanujan", "no")
    Traceback (most recent call last):
        ...
    TypeError: require_ramanujan must be True or False, got str 'no'
    """
    if isinstance(value, bool):
        return value
    if type(value).__module__ == "numpy" and type(value).__name__ in ("bool_", "bool"):  # numpy.bool_ / numpy.bool
        return bool(value)
    raise TypeError(f"{name} must be True or False, got {type(value).__name__} {value!r}")


def check_float(
    name: str,
    value: Any,
    *,
    low: float | None = None,
    high: float | None = None,
    low_open: bool = False,
    high_open: bool = False,
) -> float:
    """Return ``value`` as a finite ``float`` within the given bounds.

    ``low_open`` / ``high_open`` make a bound strict.

    Examples
    --------
    >>> check_float("load", 0.3, low=0.0, high=1.0)
    0.3
    >>> check_float("tol", float("nan"), low=0.0, low_open=True)
    Traceback (most recent call last):
        ...
    ValueError: tol must be a finite number, got nan
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, got {type(value).__name__} {value!r}")
    try:
        f = float(value)
    except OverflowError:  # an int beyond the float range (10**400)
        raise ValueError(f"{name} must be a finite number, got an integer of {int(value).bit_length()} bits, "
                         "beyond the float range (about 1.8e308)") from None
    if not math.isfinite(f):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    if low is not None and (f < low or (low_open and f == low)):
        raise ValueError(f"{name} must be {'>' if low_open else '>='} {low}, got {f}")
    if high is not None and (f > high or (high_open and f == high)):
        raise ValueError(f"{name} must be {'<' if high_open else '<='} {high}, got {f}")
    return f


def check_choice(name: str, value: Any, choices: Iterable[Any]) -> Any:
    """Return ``value`` if it is one of ``choices``; otherwise name them all.

    Examples
    --------
    >>> check_choice("vc_selection", "hop", ["hop", "any"])
    'hop'
    >>> check_choice("vc_selection", "all", ["hop", "any"])
    Traceback (most recent call last):
        ...
    ValueError: vc_selection must be one of 'hop', 'any'; got 'all'
    """
    choices = list(choices)
    if value not in choices:
        raise ValueError(f"{name} must be one of {', '.join(repr(c) for c in choices)}; got {value!r}")
    return value


def check_options(name: str, options: Mapping[str, Any] | None, valid: Iterable[str]) -> dict[str, Any]:
    """Return ``options`` as a dict after checking every key is in ``valid``.

    Parameters
    ----------
    name : str
        Name of the option dict (``"routing_options"``), used in the message.
    options : mapping or None
        ``None`` means no options.
    valid : iterable of str
        The keys the receiver understands.

    Raises
    ------
    TypeError
        If ``options`` is not a mapping or a key is not a string.
    ValueError
        On the first unknown key, listing the valid keys.
    """
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise TypeError(f"{name} must be a dict, got {type(options).__name__}")
    valid = sorted(valid)
    for key in options:
        if not isinstance(key, str):
            raise TypeError(f"{name} keys must be strings, got {key!r}")
        if key not in valid:
            listing = ", ".join(valid) if valid else "(none: this choice takes no options)"
            raise ValueError(f"unknown {name} key {key!r}; valid keys: {listing}")
    return dict(options)
