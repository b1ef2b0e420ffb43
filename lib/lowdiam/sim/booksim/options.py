"""Router options (BookSim2's own key names), their checks, and :func:`read_booksim_config`."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from lowdiam.validate import check_choice, check_float, check_int, check_options

ALLOCATORS = ("separable_input_first", "islip")
#: how a head picks its output VCs (``router_options["vc_selection"]``): ``"any"`` every VC at every hop (BookSim
#: anynet); ``"hop"`` the VC of the links crossed so far; ``"phase"`` and ``"dragonfly"`` BookSim2's Dragonfly-style
#: phase classes (:data:`PHASE_SELECTIONS`); ``"auto"`` ``"any"`` for the own routings, ``"hop"`` for shared ones
VC_SELECTIONS = ("auto", "any", "hop", "phase", "dragonfly")
#: the VC selections by routing phase, and the VCs they need for a minimal routing / a two-phase one (Valiant,
#: UGAL: ``Routing.phases``).  ``"phase"``: VC 0 on the way to the intermediate router, 1 after it (a minimal
#: routing: VC 0 throughout) -- the PolarStar paper's Megafly (Sec. 9.4: 1 VC for MIN, 2 for UGAL).
#: ``"dragonfly"``: BookSim2's ``dragonflynew`` (``min_dragonflynew``, ``ugal_dragonflynew`` in
#: ``src/networks/dragonfly.cpp``): a minimal route takes VC 0 until its global link and VC 1 from that link on; a
#: two-phase route VC 0 to the intermediate, then VC 1, and VC 2 from the global link of its second phase on, and
#: VC 2 throughout when source and destination share a group -- the paper's Dragonfly (2 VCs for MIN, 3 for UGAL)
PHASE_SELECTIONS = {"phase": (1, 2), "dragonfly": (2, 3)}
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
    "vc_selection": "auto",  # VC_SELECTIONS: "any" for the own routings (BookSim anynet), "hop" for shared ones
    "deadlock_cycles": 2000,
    # input buffers (BookSim2's keys and defaults, src/booksim_config.cpp; see buffer_layout): "private" gives every
    # VC buffer_flits flits (vc_buf_size); "shared" gives a port buf_size flits (-1: vcs x buffer_flits), of which
    # private_buf_size per VC (-1: buf_size // vcs) and the rest a pool shared by the port's VCs
    "buffer_policy": "private",
    "buf_size": -1,
    "private_buf_size": 1,
}
# keys accepted with one value only: the model implements BookSim's behaviour at that value
_FIXED = {"wait_for_tail_credit": (0,), "input_speedup": (1,), "output_speedup": (1,)}
#: BookSim2's buffer policies (``buffer_policy``, ``src/buffer_state.cpp: BufferPolicy::New``) the model implements
BUFFER_POLICIES = ("private", "shared")
_ALL_BOOKSIM_POLICIES = ("private", "shared", "limited", "dynamic", "shifting", "feedback", "simplefeedback")
#: the input-buffer keys: left out of the checked options under the default ``"private"`` policy, so a run without
#: shared buffers reports the same options as before these keys existed
BUFFER_KEYS = ("buffer_policy", "buf_size", "private_buf_size")


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
    _check_buffer_keys(out)
    return out


def _check_buffer_keys(out: dict) -> None:
    """Check the input-buffer keys of ``out`` in place (see :func:`buffer_layout`); drop them under "private"."""
    name = "router_options[{!r}]".format
    policy = out["buffer_policy"]
    if policy in _ALL_BOOKSIM_POLICIES and policy not in BUFFER_POLICIES:
        raise ValueError(f"router_options['buffer_policy'] = {policy!r} (a BookSim2 policy) is not modelled; "
                         f"valid choices: {', '.join(BUFFER_POLICIES)}")
    check_choice(name("buffer_policy"), policy, BUFFER_POLICIES)
    out["buf_size"] = check_int(name("buf_size"), out["buf_size"], low=-1, high=1 << 20)
    out["private_buf_size"] = check_int(name("private_buf_size"), out["private_buf_size"], low=-1, high=1 << 20)
    if out["buf_size"] == 0:
        raise ValueError("router_options['buf_size'] must be >= 1 flit, or -1 for vcs x buffer_flits; got 0")
    if policy == "private" and (out["buf_size"] != -1 or out["private_buf_size"] != 1):
        raise ValueError(
            "router_options['buf_size'] and ['private_buf_size'] shape a shared input buffer and need "
            "buffer_policy='shared'; with buffer_policy='private' every VC has buffer_flits flits (BookSim's "
            "vc_buf_size)")
    if policy == "private":
        for key in BUFFER_KEYS:
            del out[key]


class BufferLayout(NamedTuple):
    """An input port's buffer under BookSim2's ``private`` or ``shared`` policy.

    ``port`` flits per input port, ``private`` of them reserved per VC, ``pool`` shared by the port's VCs;
    ``vc_limit`` is the most one VC can hold (``private + pool``; BookSim's ``LimitFor``).
    """

    shared: bool
    port: int
    private: int
    pool: int
    vc_limit: int


def buffer_layout(opts: dict, vcs: int, buffer_flits: int) -> BufferLayout:
    """The input-buffer layout of checked router options for ``vcs`` VCs of ``buffer_flits`` flits.

    ``buffer_policy="private"`` (the default): every VC has ``buffer_flits`` flits of its own
    (BookSim2's ``PrivateBufferPolicy`` with ``vc_buf_size``).  ``"shared"``: an input port holds ``buf_size``
    flits (-1: ``vcs x buffer_flits``); each VC owns ``private_buf_size`` of them (-1: ``buf_size // vcs``) and
    the rest, ``buf_size - vcs x private_buf_size``, is a pool any VC of the port may fill (BookSim2's
    ``SharedBufferPolicy`` with one private buffer per VC: ``private_bufs = -1``).

    Parameters
    ----------
    opts : dict
        Output of :func:`check_router_options`.
    vcs, buffer_flits : int
        VCs per port and BookSim's ``vc_buf_size``.

    Returns
    -------
    BufferLayout

    Raises
    ------
    ValueError
        ``vcs x private_buf_size`` larger than ``buf_size`` (no room is left for the pool: BookSim asserts
        ``_shared_buf_size >= 0``).

    Examples
    --------
    >>> buffer_layout(check_router_options({}), 4, 32)
    BufferLayout(shared=False, port=128, private=32, pool=0, vc_limit=32)
    >>> o = check_router_options({"buffer_policy": "shared", "buf_size": 256, "private_buf_size": 5})
    >>> buffer_layout(o, 4, 32)
    BufferLayout(shared=True, port=256, private=5, pool=236, vc_limit=241)
    >>> buffer_layout(o, 64, 32)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: router_options: private_buf_size x vcs = 5 x 64 = 320 exceeds buf_size = 256 (the port buffer); ...
    """
    if opts.get("buffer_policy", "private") == "private":
        return BufferLayout(False, vcs * buffer_flits, buffer_flits, 0, buffer_flits)
    port = vcs * buffer_flits if opts["buf_size"] == -1 else opts["buf_size"]
    private = port // vcs if opts["private_buf_size"] == -1 else opts["private_buf_size"]
    if private * vcs > port:
        raise ValueError(
            f"router_options: private_buf_size x vcs = {private} x {vcs} = {private * vcs} exceeds buf_size = "
            f"{port} (the port buffer); use private_buf_size <= {port // vcs} or buf_size >= {private * vcs}")
    pool = port - private * vcs
    return BufferLayout(True, port, private, pool, private + pool)


# BookSim keys -> how they map (anything else is rejected by read_booksim_config)
_ROUTER_KEYS = {
    "internal_speedup", "credit_delay", "routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_final_delay",
    "st_prepare_delay", "vc_allocator", "sw_allocator", "alloc_iters", "wait_for_tail_credit", "input_speedup",
    "output_speedup", "buffer_policy", "buf_size", "private_buf_size",
}
_STRING_KEYS = ("vc_allocator", "sw_allocator", "buffer_policy")
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
        ropts[key] = items[key] if key in _STRING_KEYS else (
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
