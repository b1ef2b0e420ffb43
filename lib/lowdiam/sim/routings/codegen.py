"""The kernels' routing dispatch, generated from the routing modules' ``ROUTING`` flags.

The kernels (BookSim model, ideal model) reach a routing through its own two functions, passed to them as
first-class functions.  They are not written by hand: this module reads every module of
:mod:`lowdiam.sim.routings` that assigns ``ROUTING = Routing(...)`` (statically, with :mod:`ast`, before any of
them is imported) and writes two small modules next to them:

``_hop_chain.py``
    ``minimal_hop(code, c, t, h, tabs, net, rs)``: the hop of every routing flagged ``minimal=True`` (hop by
    hop), inlined where it is called; and ``inner_hop`` (same arguments), the hop of the ``inner`` routing of
    Valiant, UGAL, NAG, NAR, NAL: :data:`INLINED_INNER` (``min``, their default) inlined, the others through one
    separately compiled copy of the chain.  It imports the minimal routings only, so the composite routings can
    import it (through :mod:`.minimal`) without an import cycle.
``_entries.py``
    the entries: per routing ``hop_<module>(p, c, dst_r, vc_next, need, tabs, net, pk, ports, scratch)`` (the
    output arc as int64) and, for a routing flagged ``setup=True``, ``setup_<module>(p, s_r, d_r, tabs,
    route_state, rs)``, with ``ENTRIES`` (code -> the pair) for :func:`lowdiam.sim.routings.dispatch.entries`.

A routing function declares what it reads by its parameter names, and the generated call passes exactly those
(:data:`HOP_ARGUMENTS`, :data:`SETUP_ARGUMENTS`, :data:`NEXT_HOP_ARGUMENTS`): ``hop(c, t, tabs, net, rs)``
ignores the hop index, ``hop(c, t, h, tabs, net, rs)`` receives it (links crossed so far).

What a run compiles. A kernel takes the run's routing as its entries, so a run compiles that routing's functions
only (``docs/benchmarks.md``, "Compile time"); the ideal kernels also inline the minimal chain (``minimal_hop``),
for speed. Until 2026-12-04 the ideal model reached the routings through ``if`` chains on the routing code, so its
first run compiled every routing's functions, whatever routing it ran. A composite routing's entry inlines its
``next_hop``, which calls ``inner_hop``. The composite routings call ``inner_hop`` rather than the inlined
``minimal_hop`` because inlining the chain of every minimal routing two or three times into each of them made it
most of the BookSim model's cold compile (``docs/benchmarks.md``, "Compile time"); ``inner_hop`` inlines the hop of
their default ``inner`` routing only (:data:`INLINED_INNER`), so that their common case costs no call. Specialising
the kernels on the routing code instead, so that the other routings' calls are dropped before they are compiled, was
measured too and not kept: numba prunes no branch on an integer literal argument (only on ``None`` and on global
constants); an ``@overload`` chosen by the literal does prune, but the kernel is then compiled once per routing
(about 40 CPU s each for the BookSim model), which breaks even with compiling everything once at two routings and
loses from three on.

Why generated files and not hand-kept ones: adding a routing is then one new module (its tests aside), and the
files are ordinary source files, so numba caches the kernels as before and the kernel cache's fingerprint
(:mod:`lowdiam.sim.kernel_cache`, which follows the imports of the kernel sources) changes whenever the set of
routings or a routing's source changes.  The files are rewritten only when their text changes (atomically, so
parallel workers importing the package at once agree), are deterministic (branches by routing code, imports by
module name, codes as literals), and are not kept in git.  ``lowdiam.sim.routings`` writes them on import,
before it imports any routing, then checks that each imported ``ROUTING`` carries the flags read here.  By hand
(where the package is installed read-only, say): ``python -m lowdiam.sim.routings`` writes them and names them.

Examples
--------
>>> specs = {s.module: s for s in scan()}
>>> specs["valiant"].code, specs["valiant"].minimal, specs["valiant"].setup
(2, False, True)
>>> specs["min"].hop_args, specs["min"].minimal
(('c', 't', 'tabs', 'net', 'rs'), True)
>>> "    2: (hop_valiant, setup_valiant),  # valiant" in render()["_entries.py"]
True
"""

from __future__ import annotations

import ast
import dataclasses
import os
import tempfile
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
GENERATED = ("_hop_chain.py", "_entries.py")

#: what a minimal routing's ``hop`` may take, and what the generated chain passes for it
HOP_ARGUMENTS = {"c": "c", "t": "t", "h": "h", "tabs": "tabs", "net": "net", "rs": "rs"}
#: what a routing's per-packet ``setup`` may take
SETUP_ARGUMENTS = {"p": "p", "s_r": "s_r", "d_r": "d_r", "tabs": "tabs", "route_state": "route_state", "rs": "rs"}
#: what a non-minimal routing's ``next_hop`` may take (``src_r``: the packet's source router)
NEXT_HOP_ARGUMENTS = {
    "p": "p", "c": "c", "dst_r": "dst_r", "vc_next": "vc_next", "need": "need", "tabs": "tabs", "net": "net",
    "pk": "pk", "ports": "ports", "scratch": "scratch", "rs": "rs", "route_state": "pk.route_state",
    "src_r": "net.ep_router[pk.src[p]]",
}
#: ``Routing`` keywords read from the source (they shape the dispatch, so they must be literals there)
STATIC_FLAGS = ("minimal", "setup")
#: the minimal routing whose hop ``inner_hop`` inlines (the composite routings' default ``inner`` routing); the
#: other minimal routings are reached through one separately compiled copy of the chain, a call per hop
INLINED_INNER = "min"


@dataclasses.dataclass(frozen=True)
class RoutingSource:
    """What the dispatch needs of one routing module, read from its source."""

    module: str
    name: str
    code: int
    minimal: bool
    setup: bool
    hop_args: tuple[str, ...] | None  # parameters of ``hop``, None if the module has none
    setup_args: tuple[str, ...] | None
    next_hop_args: tuple[str, ...] | None


def _literal(node: ast.AST, module: str, what: str, consts: dict):
    if isinstance(node, ast.Name) and node.id in consts:
        return consts[node.id]
    try:
        return ast.literal_eval(node)
    except ValueError:
        raise ValueError(f"routings/{module}.py: Routing({what}=...) must be a literal or a module-level constant "
                         "(the kernels' dispatch is generated from the source)") from None


def _read(path: Path) -> RoutingSource | None:
    """The :class:`RoutingSource` of ``path``, or None if it assigns no ``ROUTING = Routing(...)``."""
    module = path.stem
    tree = ast.parse(path.read_bytes(), filename=str(path))
    consts: dict = {}
    funcs: dict[str, tuple[str, ...]] = {}
    call = None
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            funcs[node.name] = tuple(a.arg for a in node.args.posonlyargs + node.args.args)
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            target = node.targets[0].id
            if target == "ROUTING":
                v = node.value
                if isinstance(v, ast.Call) and isinstance(v.func, ast.Name) and v.func.id == "Routing":
                    call = v
            else:
                try:
                    consts[target] = ast.literal_eval(node.value)
                except ValueError:
                    pass
    if call is None:
        return None
    kw = {k.arg: k.value for k in call.keywords if k.arg}
    for key in ("name", "code"):
        if key not in kw:
            raise ValueError(f"routings/{module}.py: Routing(...) needs the keyword {key}=")
    flags = {f: bool(_literal(kw[f], module, f, consts)) if f in kw else False for f in STATIC_FLAGS}
    spec = RoutingSource(module, _literal(kw["name"], module, "name", consts), int(_literal(kw["code"], module, "code",
                         consts)), flags["minimal"], flags["setup"], funcs.get("hop"), funcs.get("setup"),
                         funcs.get("next_hop"))
    _check_source(spec)
    return spec


def _check_source(s: RoutingSource) -> None:
    where = f"routings/{s.module}.py (routing {s.name!r})"
    needs = [("hop", s.hop_args, HOP_ARGUMENTS, "minimal=True")] if s.minimal else \
        [("next_hop", s.next_hop_args, NEXT_HOP_ARGUMENTS, "minimal=False")]
    if s.setup:
        needs.append(("setup", s.setup_args, SETUP_ARGUMENTS, "setup=True"))
    for func, args, allowed, flag in needs:
        if args is None:
            raise ValueError(f"{where} is flagged {flag} and must define {func}(...) at module level")
        unknown = [a for a in args if a not in allowed]
        if unknown:
            raise ValueError(f"{where}: {func}() parameters {unknown} are not known to the dispatch; a {func} may "
                             f"take any of {list(allowed)}")


def scan(package_dir: Path = PACKAGE_DIR) -> list[RoutingSource]:
    """Every routing module of ``package_dir`` (a ``ROUTING = Routing(...)`` at module level), by module name.

    Raises ``ValueError`` naming the module when a flag is not a literal, a flagged function is missing or takes
    a parameter the dispatch does not know, or two routings share a name or a code.
    """
    found = [s for p in sorted(Path(package_dir).glob("*.py")) if not p.name.startswith("_")
             for s in [_read(p)] if s is not None]
    for attr in ("name", "code"):
        seen: dict = {}
        for s in found:
            other = seen.setdefault(getattr(s, attr), s.module)
            if other != s.module:
                raise ValueError(f"routings/{other}.py and routings/{s.module}.py share the routing {attr} "
                                 f"{getattr(s, attr)!r}; each routing needs its own")
    return found


def _call(func: str, s: RoutingSource, args: tuple[str, ...], mapping: dict[str, str]) -> str:
    return f"_{s.module}.{func}({', '.join(mapping[a] for a in args)})"


def _header(what: str, routings: list[RoutingSource]) -> list[str]:
    lines = [f'"""{what}', "",
             "Generated by :mod:`lowdiam.sim.routings.codegen` from the routing modules' ``ROUTING`` flags; do not",
             'edit (not kept in git)."""', "", "from __future__ import annotations", "", "from numba import njit", ""]
    return lines + [f"from . import {s.module} as _{s.module}" for s in routings]


def render(package_dir: Path = PACKAGE_DIR, sources: list[RoutingSource] | None = None) -> dict[str, str]:
    """``{file name: text}`` of the generated dispatch modules for the routings of ``package_dir`` (``sources``:
    its :func:`scan`, when already read)."""
    # by code: "min" (code 0), the common case, first
    specs = sorted(scan(package_dir) if sources is None else sources, key=lambda s: s.code)
    minimal = [s for s in specs if s.minimal]
    inlined = next((s for s in minimal if s.name == INLINED_INNER), None)
    if inlined is None:
        raise ValueError(f"codegen.INLINED_INNER = {INLINED_INNER!r} must name a minimal routing, one of "
                         f"{[s.name for s in minimal]}")
    hop = _header("Next hop of the minimal (hop-by-hop) routings towards any router, by routing code.", minimal)
    hop[hop.index("from numba import njit")] = "import numpy as np\nfrom numba import njit"
    hop += ["", "", '@njit(cache=True, inline="always")', "def minimal_hop(code, c, t, h, tabs, net, rs):",
            '    """Arc out of ``c`` towards router ``t != c`` by the minimal routing ``code`` (< 0 if none).',
            "", '    ``h``: links the packet has crossed so far (its hop index)."""']
    for s in minimal:
        hop += [f"    if code == {s.code}:  # {s.name}", f"        return {_call('hop', s, s.hop_args, HOP_ARGUMENTS)}"]
    hop += ["    return -1", "", "",
            "@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state",
            "def _inner_hop(code, c, t, h, tabs, net, rs):",
            '    """:func:`minimal_hop` as one separately compiled function (see :func:`inner_hop`)."""',
            "    return minimal_hop(code, c, t, h, tabs, net, rs)", "", "",
            '@njit(cache=True, inline="always")', "def inner_hop(code, c, t, h, tabs, net, rs):",
            '    """:func:`minimal_hop` for the composite routings\' ``inner`` routing: the default one inlined, the',
            "    others through one compiled copy of the chain (integers passed as int64, so every caller shares one",
            "    specialisation).",
            "",
            "    Inlining the chain of every minimal routing into each composite routing's ``next_hop`` (two or three",
            '    times in UGAL, NAG, NAR, NAL) made it most of the kernels\' cold compile."""',
            f"    if code == {inlined.code}:  # {inlined.name}, inlined",
            f"        return {_call('hop', inlined, inlined.hop_args, HOP_ARGUMENTS)}",
            "    return _inner_hop(np.int64(code), np.int64(c), np.int64(t), np.int64(h), tabs, net, rs)", ""]

    used = sorted(specs, key=lambda s: s.module)  # imports by name (every routing has an entry)
    disp = _header("Each routing's own next hop and per-packet set-up, the kernels' entries to it.", used)
    disp[disp.index("from numba import njit")] = "import numpy as np\nfrom numba import njit"
    disp += ["from .base import EJECT, NO_ROUTE, checked", ""]
    disp += _entries(specs)
    return {"_hop_chain.py": "\n".join(hop), "_entries.py": "\n".join(disp)}


#: what a minimal routing's ``hop`` receives in its entry (:func:`_entries`): the head's router, the destination
#: router, the links crossed so far
ENTRY_HOP_ARGUMENTS = {**HOP_ARGUMENTS, "t": "dst_r", "h": "vc_next"}


#: the entries' decorator: no reference counting, as the kernels and the routings' own functions (see ideal.state);
#: with it the entries took and dropped references on every call
_NO_NRT = "@njit(cache=True, _nrt=False)  # no reference counting: see ideal.state"


def _entries(specs: list[RoutingSource]) -> list[str]:
    """One ``hop_<module>`` and, for a routing with a set-up, one ``setup_<module>`` per routing, each a separately
    compiled function of one signature per kind (integers as int64, a hop's result as int64), and ``ENTRIES``:
    routing code -> ``(hop, setup)``.

    The kernels take these as first-class functions (:func:`lowdiam.sim.routings.dispatch.kernel_entry`): each
    is compiled once for every routing and calls the run's routing through them, so a run compiles its own
    routing's functions only (each cached on its own), not every routing's."""
    sig_hop = "p, c, dst_r, vc_next, need, tabs, net, pk, ports, scratch"
    sig_setup = "p, s_r, d_r, tabs, route_state, rs"
    out = ["", "# ---- entries: each routing alone, for kernels that take the routing as a first-class function", "",
           _NO_NRT, f"def hop_none({sig_hop}):",
           '    """The entry of runs whose kernel routes by itself (never called)."""', "    return np.int64(NO_ROUTE)",
           "", "", _NO_NRT, f"def setup_none({sig_setup}):",
           '    """The set-up of a routing that keeps no per-packet state."""', "    route_state[p] = -1", ""]
    table = []
    # each composite routing's next_hop inlined into its entry, so that a hop costs one call (the kernel's, through
    # the function pointer), not two with the whole tables record passed twice
    out += ["#: the composite routings' next_hop, inlined where their entries call them"]
    out += [f"_next_hop_{s.module} = njit(inline=\"always\", _nrt=False)(_{s.module}.next_hop.py_func)"
            for s in specs if not s.minimal]
    out += [""]
    for s in specs:
        out += ["", _NO_NRT, f"def hop_{s.module}({sig_hop}):",
                f'    """Next hop of routing {s.name!r} (code {s.code})."""', "    rs = scratch.rs"]
        if s.minimal:
            out += ["    if c == dst_r:", "        return np.int64(EJECT)",
                    f"    return np.int64(checked({_call('hop', s, s.hop_args, ENTRY_HOP_ARGUMENTS)}, vc_next, "
                    "tabs.hop_classes))", ""]
        else:
            call = _call('next_hop', s, s.next_hop_args, NEXT_HOP_ARGUMENTS).replace(f"_{s.module}.next_hop(",
                                                                                    f"_next_hop_{s.module}(")
            out += [f"    return np.int64({call})", ""]
        setup = "setup_none"
        if s.setup:
            setup = f"setup_{s.module}"
            out += ["", _NO_NRT, f"def setup_{s.module}({sig_setup}):",
                    f'    """Per-packet set-up of routing {s.name!r} (code {s.code})."""',
                    "    route_state[p] = -1", f"    {_call('setup', s, s.setup_args, SETUP_ARGUMENTS)}", ""]
        table.append(f"    {s.code}: (hop_{s.module}, {setup}),  # {s.name}")
    out += ["", "#: routing code -> (hop, setup): the entries of each routing", "ENTRIES = {", *table, "}",
            "#: the entries of a run whose kernel routes by itself", "NO_ENTRIES = (hop_none, setup_none)", ""]
    return out


def stale(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Names of the generated files that are missing or differ from :func:`render`."""
    out = []
    for name, text in render(package_dir).items():
        path = Path(package_dir) / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            out.append(name)
    return out


def write(package_dir: Path = PACKAGE_DIR, sources: list[RoutingSource] | None = None) -> list[str]:
    """Write the generated files whose text changed (atomic replace); returns their names.

    Raises ``RuntimeError`` naming the regenerating command when the package folder is not writable.
    """
    written = []
    for name, text in render(package_dir, sources).items():
        path = Path(package_dir) / name
        if path.is_file() and path.read_text(encoding="utf-8") == text:
            continue
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=package_dir)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
            os.replace(tmp, path)
        except OSError as exc:
            raise RuntimeError(f"cannot write the generated routing dispatch {path} ({exc}); run "
                               "'python -m lowdiam.sim.routings' where the package is writable") from exc
        written.append(name)
    return written
