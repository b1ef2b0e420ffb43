"""Router options (BookSim2's own key names), their checks, and :func:`read_booksim_config`."""

from __future__ import annotations

import re
from pathlib import Path

from lowdiam.validate import check_choice, check_float, check_int, check_options

ALLOCATORS = ("separable_input_first", "islip")
VC_SELECTIONS = ("auto", "any", "hop")
#: routings the model implements itself (cross-validated against BookSim2's anynet)
OWN_ROUTINGS = ("min-single", "min")


def _shared_routings() -> tuple[str, ...]:
    """Every public routing of :mod:`lowdiam.sim.routings` the model does not implement itself and whose
    ``Routing.routers`` flag names ``"booksim"`` (every routing whose heads decide once per hop; not
    ``"polarized"``, whose heads re-decide every cycle they wait, a CAMINOS notion): the model runs them through
    the routings' dispatch at its routing stage.  Derived from the registry, so a new routing needs no edit here."""
    from lowdiam.sim.routings import REGISTRY
    from lowdiam.sim.routings import ROUTINGS as PUBLIC

    return tuple(name for name, spec in PUBLIC.items()
                 if name not in OWN_ROUTINGS and "booksim" in REGISTRY[spec.routing].routers)


#: shared routings of :mod:`lowdiam.sim.routings` the model runs through their dispatch at the routing stage
SHARED_ROUTINGS = _shared_routings()
ROUTINGS = OWN_ROUTINGS + SHARED_ROUTINGS
# defaults: the reference runs' settings (tests/data/booksim/booksim.cfg) where they set a key,
# BookSim2's own default (src/booksim_config.cpp) otherwise
ROUTER_DEFAULTS = {
    "internal_speedup": 1.0,
    "credit_delay": 2,  # BookSim default 0; the reference runs set 2
    "routing_delay": 1,
    "vc_alloc_delay": 1,
    "sw_alloc_delay": 1,
    "st_prepare_delay": 0,
    "st_final_delay": 1,
    "vc_allocator": "separable_input_first",  # BookSim default islip; the reference runs set this
    "sw_allocator": "separable_input_first",
    "alloc_iters": 1,
    "wait_for_tail_credit": 0,
    "input_speedup": 1,
    "output_speedup": 1,
    "vc_selection": "auto",  # "any" for the model's own routings (BookSim anynet), "hop" for shared ones
    "deadlock_cycles": 2000,
}
# keys accepted with one value only: the model implements BookSim's behaviour at that value
_FIXED = {"wait_for_tail_credit": (0,), "input_speedup": (1,), "output_speedup": (1,)}


def check_router_options(router_options: dict | None) -> dict:
    """Validated router options with defaults filled in.

    Parameters
    ----------
    router_options : dict or None
        Keys of ``ROUTER_DEFAULTS`` (BookSim2 names plus ``vc_selection`` and ``deadlock_cycles``).

    Returns
    -------
    dict
        Every key of ``ROUTER_DEFAULTS`` with its checked value.

    Raises
    ------
    ValueError
        Unknown key, out-of-range value or an unmodelled choice, naming the option and its valid values.
    TypeError
        A value of the wrong kind.

    Examples
    --------
    >>> check_router_options({"internal_speedup": 2.0})["internal_speedup"]
    2.0
    >>> check_router_options({"internal_speedup": 0.5})
    Traceback (most recent call last):
        ...
    ValueError: router_options['internal_speedup'] must be >= 1.0, got 0.5
    """
    opts = check_options("router_options", router_options, ROUTER_DEFAULTS)
    out = dict(ROUTER_DEFAULTS)
    out.update(opts)
    name = "router_options[{!r}]".format
    out["internal_speedup"] = check_float(name("internal_speedup"), out["internal_speedup"], low=1.0, high=16.0)
    out["credit_delay"] = check_int(name("credit_delay"), out["credit_delay"], low=0, high=1000)
    for key in ("routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_final_delay"):
        # routing_delay 0 is BookSim's lookahead routing, which this model does not implement
        out[key] = check_int(name(key), out[key], low=1, high=1000)
    out["st_prepare_delay"] = check_int(name("st_prepare_delay"), out["st_prepare_delay"], low=0, high=1000)
    out["alloc_iters"] = check_int(name("alloc_iters"), out["alloc_iters"], low=1, high=64)
    out["deadlock_cycles"] = check_int(name("deadlock_cycles"), out["deadlock_cycles"], low=1)
    for key in ("vc_allocator", "sw_allocator"):
        check_choice(name(key), out[key], ALLOCATORS)
    check_choice(name("vc_selection"), out["vc_selection"], VC_SELECTIONS)
    for key, allowed in _FIXED.items():
        out[key] = check_int(name(key), out[key])
        check_choice(name(key), out[key], allowed)
    return out


# BookSim keys -> how they map (anything else is rejected by read_booksim_config)
_ROUTER_KEYS = {
    "internal_speedup", "credit_delay", "routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_final_delay",
    "st_prepare_delay", "vc_allocator", "sw_allocator", "alloc_iters", "wait_for_tail_credit", "input_speedup",
    "output_speedup",
}
_REQUIRED_VALUE = {
    "topology": "anynet", "routing_function": "min", "priority": "none", "injection_process": "bernoulli",
    "sim_type": "latency", "sim_count": "1", "num_vnets": "1",
}
_OTHER_KEYS = {
    "network_file", "traffic", "injection_rate", "injection_rate_uses_flits", "num_vcs", "vc_buf_size",
    "packet_size", "warmup_periods", "sample_period", "max_samples", "seed",
}


def read_booksim_config(path) -> dict:
    """Turn a BookSim2 configuration file into :func:`lowdiam.sim.booksim.run_booksim` keyword arguments.

    ``routing_function = min`` on ``topology = anynet`` becomes ``routing="min-single"`` with
    ``routing_options={"paths": "booksim-anynet"}`` and ``vc_selection="any"``; the router keys go to
    ``router_options`` under their own names; ``injection_rate`` becomes ``load`` (times
    ``packet_size`` when ``injection_rate_uses_flits = 0``); ``warmup_periods x sample_period`` becomes
    ``warmup_cycles`` and ``max_samples x sample_period`` becomes ``measure_cycles`` (BookSim stops
    sampling early once its statistics converge; this model always measures the whole window).
    ``topology`` (must be anynet) and ``network_file`` are checked and dropped: load the graph yourself
    and pass it as ``topology``.

    Parameters
    ----------
    path : str or pathlib.Path
        BookSim configuration file (``key = value;`` lines, ``//`` comments).

    Returns
    -------
    dict
        Keyword arguments (everything but ``topology``).

    Raises
    ------
    ValueError
        Unknown keys (all named), keys with a value this model does not implement, or malformed lines.

    Examples
    --------
    >>> import tempfile, os
    >>> fd, p = tempfile.mkstemp(suffix=".cfg"); os.close(fd)
    >>> _ = open(p, "w").write("topology = anynet; routing_function = min; traffic = uniform;\\n"
    ...                        "injection_rate = 0.3; injection_rate_uses_flits = 1; internal_speedup = 2.0;")
    >>> kw = read_booksim_config(p); os.remove(p)
    >>> kw["load"], kw["routing"], kw["router_options"]["internal_speedup"]
    (0.3, 'min-single', 2.0)
    """
    text = Path(path).read_text()
    text = re.sub(r"//[^\n]*", "", text)
    items: dict[str, str] = {}
    for stmt in text.split(";"):
        stmt = stmt.strip()
        if not stmt:
            continue
        if "=" not in stmt:
            raise ValueError(f"{path}: cannot parse {stmt!r} (expected 'key = value;')")
        key, value = (s.strip() for s in stmt.split("=", 1))
        items[key] = value
    unknown = sorted(set(items) - _ROUTER_KEYS - set(_REQUIRED_VALUE) - _OTHER_KEYS)
    if unknown:
        raise ValueError(
            f"{path}: BookSim keys not modelled by lowdiam.sim.booksim: {', '.join(unknown)}; known keys: "
            f"{', '.join(sorted(_ROUTER_KEYS | set(_REQUIRED_VALUE) | _OTHER_KEYS))}"
        )
    for key, want in _REQUIRED_VALUE.items():
        if key in items and items[key] != want:
            raise ValueError(f"{path}: {key} = {items[key]} is not modelled; valid value: {want}")

    def num(key, kind):
        try:
            return kind(items[key])
        except ValueError:
            raise ValueError(f"{path}: {key} = {items[key]!r} is not a valid {kind.__name__}") from None

    kw: dict = {"routing": "min-single", "routing_options": {"paths": "booksim-anynet"}}
    ropts: dict = {"vc_selection": "any"}
    for key in _ROUTER_KEYS & set(items):
        ropts[key] = items[key] if key in ("vc_allocator", "sw_allocator") else (
            num(key, float) if key == "internal_speedup" else num(key, int))
    kw["router_options"] = check_router_options(ropts)
    if "traffic" in items:
        kw["traffic"] = check_choice(f"{path}: traffic", items["traffic"], ["uniform"])
    packet = num("packet_size", int) if "packet_size" in items else 1  # BookSim's default packet_size is 1
    kw["packet_flits"] = packet
    if "injection_rate" in items:
        rate = num("injection_rate", float)
        per_flit = num("injection_rate_uses_flits", int) if "injection_rate_uses_flits" in items else 0
        kw["load"] = rate if per_flit else rate * packet
    if "num_vcs" in items:
        kw["vcs"] = num("num_vcs", int)
    if "vc_buf_size" in items:
        kw["buffer_flits"] = num("vc_buf_size", int)
    period = num("sample_period", int) if "sample_period" in items else 1000
    kw["warmup_cycles"] = (num("warmup_periods", int) if "warmup_periods" in items else 3) * period
    kw["measure_cycles"] = (num("max_samples", int) if "max_samples" in items else 10) * period
    if "seed" in items:
        kw["seed"] = num("seed", int)
    return kw
