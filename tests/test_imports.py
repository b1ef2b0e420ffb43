"""The import graph of ``lib/lowdiam``, read statically with ``ast``: no cycles among module-level imports.

Module-level imports (top-level statements, including those under ``try`` or
``if``, but not ``if TYPE_CHECKING:``) run when a module is first imported, so
a cycle among them makes the result depend on which module is imported first
(the ``edst.constructions`` <-> ``edst.property_vd1`` cycle was one).
Imports inside functions run later and are collected separately: they may
point "upwards" (a topology calling a metric), but must name real modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

LIB = Path(__file__).resolve().parents[1] / "lib"
PACKAGE = "lowdiam"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(LIB).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {_module_name(p): p for p in sorted((LIB / PACKAGE).rglob("*.py"))}


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def _resolve(importer: str, node: ast.ImportFrom | ast.Import) -> list[str]:
    """The ``lowdiam`` modules an import statement loads (the target, or target.name when that is a module)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names if a.name.split(".")[0] == PACKAGE]
    if node.level:  # relative: climb from the importer's package
        base = importer.split(".") if _is_package(importer) else importer.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    if target.split(".")[0] != PACKAGE:
        return []
    out = []
    for alias in node.names:
        sub = f"{target}.{alias.name}"
        out.append(sub if sub in MODULES else target)
    return out


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(module: str) -> tuple[set[str], set[str]]:
    """(module-level targets, function-level targets) of one module."""
    tree = ast.parse(MODULES[module].read_text(), filename=str(MODULES[module]))
    top: set[str] = set()
    inner: set[str] = set()

    def walk(nodes: list[ast.stmt], in_function: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                (inner if in_function else top).update(_resolve(module, node))
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                walk(node.body, True)
            elif isinstance(node, ast.If) and _is_type_checking(node):
                continue  # never executed at run time
            else:
                for field in ("body", "orelse", "finalbody", "handlers"):
                    walk(getattr(node, field, []) or [], in_function)
                if isinstance(node, ast.ClassDef):
                    walk(node.body, in_function)

    walk(tree.body, False)
    top.discard(module)
    inner.discard(module)
    return top, inner


GRAPH = {m: _imports(m) for m in MODULES}


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_every_import_names_a_module_of_the_package():
    for module, (top, inner) in GRAPH.items():
        missing = sorted((top | inner) - set(MODULES))
        assert not missing, f"{module} imports {missing}, which are not modules of {PACKAGE}"


def test_no_cycle_among_module_level_imports():
    cycles = _cycles({m: top for m, (top, _) in GRAPH.items()})
    assert not cycles, "module-level import cycles (move shared pieces into a lower module):\n" + "\n".join(
        " <-> ".join(c) for c in cycles
    )


def test_the_cycle_finder_finds_cycles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_edst_constructions_are_siblings():
    """The two star-product constructions share view/assembly and do not import each other."""
    top = {m: t for m, (t, _) in GRAPH.items()}
    inner = {m: i for m, (_, i) in GRAPH.items()}
    a, b = "lowdiam.edst.constructions", "lowdiam.edst.property_vd1"
    assert b not in top[a] | inner[a] and a not in top[b] | inner[b]
    assert {"lowdiam.edst.view", "lowdiam.edst.assembly"} <= top[a] & top[b]


def test_modules_never_shadow_their_functions():
    """``import lowdiam.topologies.<module>`` gives the module, ``lowdiam.topologies.<name>`` the function."""
    import importlib

    import lowdiam.metrics
    import lowdiam.topologies

    for package in (lowdiam.topologies, lowdiam.metrics):
        for name, module in package._EXPORTS.items():
            assert module.rpartition(".")[2] != name, f"{package.__name__}.{module} exports {name}"
    mod = importlib.import_module("lowdiam.topologies._slimfly")
    assert callable(lowdiam.topologies.slimfly) and lowdiam.topologies.slimfly is mod.slimfly
    import lowdiam.topologies._polarstar as ps_module

    assert ps_module.__name__ == "lowdiam.topologies._polarstar" and callable(lowdiam.topologies.polarstar)
