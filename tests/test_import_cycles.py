"""No import cycle among the module-level imports of ``lib/lowdiam``, read statically with ``ast`` (no import).

Covers the whole package: every ``lowdiam`` module, ``lowdiam.sim`` included.  An edge ``a -> b`` is an
import that runs when ``a`` is first imported: a statement at module level (also under ``try`` / ``if`` /
``with`` and in class bodies, not under ``if TYPE_CHECKING:``), naming ``b`` directly, or a package that
Python initialises before ``b`` (``import lowdiam.sim.booksim.options`` runs ``lowdiam.sim.booksim``'s
``__init__`` first; such implied imports of a module's own enclosing packages are left out, they are being
initialised already, but a name imported from one, ``from lowdiam.sim import simulate``, is an edge).
Imports inside functions run later and are excluded (a function-level import may point "upwards"); so is
``importlib.import_module`` (``lowdiam.sim.routers`` loads the router models' adapters by name), which no
static reading sees.  A failure names one cycle, each edge with the line of its import statement.

``tests/test_imports.py`` checks the same rule by strongly connected components; this file names the
cycle itself, and keeps the two modules of the old ``routers <-> driver`` cycle apart at any level.
"""

from __future__ import annotations

import ast
from pathlib import Path

LIB = Path(__file__).resolve().parents[1] / "lib"
PACKAGE = "lowdiam"


def module_name(path: Path, lib: Path = LIB) -> str:
    parts = list(path.relative_to(lib).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _packages_above(module: str) -> list[str]:
    parts = module.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _targets(importer: str, is_package: bool, node: ast.Import | ast.ImportFrom, modules: set[str]) -> list[str]:
    """The package modules an import statement names (``from x import y``: ``x.y`` if that is a module, else ``x``)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == PACKAGE]
    if node.level:  # relative: climb from the importer's package
        base = importer.split(".") if is_package else importer.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != PACKAGE:
        return []
    return [f"{target}.{a.name}" if f"{target}.{a.name}" in modules else target for a in node.names]


def _is_type_checking(node: ast.If) -> bool:
    t = node.test
    return (isinstance(t, ast.Name) and t.id == "TYPE_CHECKING") or (
        isinstance(t, ast.Attribute) and t.attr == "TYPE_CHECKING")


def module_level_imports(module: str, path: Path, modules: set[str]) -> dict[str, int]:
    """``{imported module: line}`` of the imports ``module`` runs when it is first imported."""
    out: dict[str, int] = {}
    is_package = path.name == "__init__.py"
    own_packages = set(_packages_above(module))

    def walk(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for target in _targets(module, is_package, node, modules):
                    implied = [m for m in _packages_above(target) if m not in own_packages]
                    for m in [*implied, target]:
                        if m in modules and m != module:
                            out.setdefault(m, node.lineno)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue  # runs when called, not when imported
            elif isinstance(node, ast.If) and _is_type_checking(node):
                walk(node.orelse)
            else:  # try / if / with / for / while / match bodies and class bodies run at import
                for field in ("body", "orelse", "finalbody", "handlers", "cases"):
                    walk(getattr(node, field, None) or [])

    walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)).body)
    return out


def import_graph(lib: Path = LIB) -> dict[str, dict[str, int]]:
    """Module-level import edges among the modules of ``lib/lowdiam``, with the line of each import."""
    paths = {module_name(p, lib): p for p in sorted((lib / PACKAGE).rglob("*.py")) if "__pycache__" not in p.parts}
    names = set(paths)
    return {m: module_level_imports(m, p, names) for m, p in paths.items()}


def find_cycle(edges: dict[str, dict[str, int]]) -> list[str] | None:
    """One import cycle ``[a, b, ..., a]`` of the graph, or ``None`` (iterative depth-first search)."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    for root in sorted(edges):
        if root in state:
            continue
        path, stack = [root], [iter(sorted(edges[root]))]
        state[root] = 1
        while stack:
            nxt = next(stack[-1], None)
            if nxt is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            elif nxt not in state:
                state[nxt] = 1
                path.append(nxt)
                stack.append(iter(sorted(edges.get(nxt, ()))))
    return None


def describe(cycle: list[str], edges: dict[str, dict[str, int]]) -> str:
    return " -> ".join(f"{a} (line {edges[a][b]})" for a, b in zip(cycle, cycle[1:])) + f" -> {cycle[-1]}"


GRAPH = import_graph()


def test_the_graph_reads_the_package():
    assert {"lowdiam.sim.driver", "lowdiam.sim.routers", "lowdiam.sim.booksim.kernel", "lowdiam.sweep"} <= set(GRAPH)
    assert "lowdiam.sim.routers" in GRAPH["lowdiam.sim.driver"]  # driver imports the registry at module level
    # an import of lowdiam.sim.X from outside lowdiam.sim runs lowdiam.sim first
    assert "lowdiam.sim" in GRAPH["lowdiam.sweep"]


def test_no_module_level_import_cycle_in_lowdiam():
    cycle = find_cycle(GRAPH)
    assert cycle is None, "module-level import cycle (move the shared piece into the module that owns it, or a " \
        "lower one): " + describe(cycle, GRAPH)


def test_no_module_level_import_cycle_in_lowdiam_sim():
    """The same rule on ``lowdiam.sim`` alone (kept separate so a failure there is named as such)."""
    sim = {m: {t: ln for t, ln in e.items() if t.startswith("lowdiam.sim")}
           for m, e in GRAPH.items() if m == "lowdiam.sim" or m.startswith("lowdiam.sim.")}
    cycle = find_cycle(sim)
    assert cycle is None, "module-level import cycle in lowdiam.sim: " + describe(cycle, sim)


def test_the_router_registry_never_imports_the_entry_point():
    """``sim.driver`` imports ``sim.routers``; ``sim.routers`` must not import ``sim.driver`` at any level (it
    once did inside ``refuse_unmodelled``, which now lives in ``sim.driver`` next to the defaults it reads)."""
    path = LIB / PACKAGE / "sim" / "routers.py"
    found = {t for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
             if isinstance(node, (ast.Import, ast.ImportFrom))
             for t in _targets("lowdiam.sim.routers", False, node, set(GRAPH))}
    assert "lowdiam.sim.kernel_cache" in found  # the reading sees function-level imports
    assert "lowdiam.sim.driver" not in found, "lowdiam.sim.routers imports lowdiam.sim.driver"


def test_the_cycle_finder_names_a_cycle(tmp_path):
    assert find_cycle({"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3}, "d": {"a": 4}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b": 1}, "b": {}}) is None
    # a cycle through module-level imports of a small package on disk; function-level imports do not count
    pkg = tmp_path / PACKAGE / "sim"
    pkg.mkdir(parents=True)
    (tmp_path / PACKAGE / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "driver.py").write_text("from .routers import router_model\n")
    (pkg / "routers.py").write_text("def refuse():\n    from .driver import simulate\n")
    graph = import_graph(tmp_path)
    assert find_cycle(graph) is None
    (pkg / "routers.py").write_text("try:\n    from lowdiam.sim import driver\nexcept ImportError:\n    pass\n")
    graph = import_graph(tmp_path)
    assert describe(find_cycle(graph), graph) == (
        "lowdiam.sim.driver (line 1) -> lowdiam.sim.routers (line 2) -> lowdiam.sim.driver")
