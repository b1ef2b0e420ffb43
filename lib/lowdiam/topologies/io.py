"""Read topologies from files: plain edge lists, BookSim ``anynet`` and CAMINOS ``File`` format.

The readers are the inverses of :meth:`Topology.write` (``edge_list``,
``to_anynet``, ``to_caminos``), so ``read(t.write(path, fmt), fmt)`` gives back
the same graph.  They are strict: a malformed line is a ``ValueError`` naming
the file, the line number and the rule, never a guess.

* ``"edgelist"`` -- one ``u v`` pair of integer router ids per line; blank
  lines and ``#`` comments are skipped.  The router count is the largest id
  plus one unless ``num_routers`` says otherwise (an edge list cannot show
  trailing routers without links).  Endpoints: ``endpoints_per_router`` each.
* ``"anynet"`` -- BookSim: per line ``router i`` followed by ``node e`` (an
  endpoint attached to router i) and ``router j`` (a link i--j) tokens.  A link
  may be listed from one or both ends.  Endpoint ids must be numbered
  ``0 .. N-1`` consecutively router by router (as ``to_anynet`` writes them),
  because a ``Topology`` numbers endpoints that way; routers without ``node``
  tokens carry no endpoints.
* ``"caminos"`` -- ``NODOS n`` and ``GRADO k`` headers, then for each router a
  line ``N i`` followed by a line with its neighbours.  Every link must be
  listed from both ends and no router may have more than ``k`` neighbours.
  Endpoints are not part of the format: ``endpoints_per_router`` each.

Examples
--------
>>> import tempfile, pathlib
>>> from lowdiam.topologies import Topology
>>> t = Topology.from_edges("ring", "custom", 4, [[0, 1], [1, 2], [2, 3], [3, 0]], endpoints_per_router=2)
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> for fmt in FORMATS:
...     back = read(t.write(folder / f"ring.{fmt}", fmt), fmt, endpoints_per_router=2)
...     assert back.content_hash() == t.content_hash(), fmt
>>> read(folder / "ring.anynet", "anynet").num_endpoints
8
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from lowdiam.validate import check_choice, check_int

from .base import MAX_ROUTERS, Topology, check_size

__all__ = ["FORMATS", "parse", "read"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("read",)

FORMATS = ("edgelist", "anynet", "caminos")
_INT = re.compile(r"[+]?\d+")


class _Lines:
    """Numbered lines of one source, for error messages that point at the line."""

    def __init__(self, text: str, source: str) -> None:
        self.lines = text.splitlines()
        self.source = source

    def error(self, lineno: int, message: str) -> ValueError:
        return ValueError(f"{self.source}, line {lineno}: {message}")

    def int_(self, lineno: int, token: str, what: str) -> int:
        if not _INT.fullmatch(token):
            raise self.error(lineno, f"{what} must be a non-negative integer, got {token!r}")
        value = int(token)
        if value >= MAX_ROUTERS * 64:
            raise self.error(lineno, f"{what} {value} is beyond any topology lowdiam builds")
        return value


def _edgelist(src: _Lines, name: str, num_routers: int | None, endpoints_per_router: int) -> Topology:
    pairs = []
    for lineno, line in enumerate(src.lines, 1):
        body = line.split("#", 1)[0].split()
        if not body:
            continue
        if len(body) != 2:
            raise src.error(lineno, f"an edge list line holds two router ids 'u v', got {line.strip()!r}")
        pairs.append((src.int_(lineno, body[0], "router id"), src.int_(lineno, body[1], "router id")))
    top = max((max(p) for p in pairs), default=-1) + 1
    if num_routers is None:
        if top == 0:
            raise ValueError(f"{src.source}: no links, so the router count is unknown; pass num_routers=")
        num_routers = top
    elif top > num_routers:
        raise ValueError(f"{src.source}: router id {top - 1} is out of range for num_routers={num_routers}")
    edges = np.array(pairs, dtype=np.int64).reshape(-1, 2)
    return Topology.from_edges(name, "custom", num_routers, edges, endpoints_per_router=endpoints_per_router)


def _anynet(src: _Lines, name: str, num_routers: int | None) -> Topology:
    nodes: dict[int, list[int]] = {}
    arcs: dict[tuple[int, int], int] = {}
    declared: dict[int, int] = {}
    for lineno, line in enumerate(src.lines, 1):
        tokens = line.split()
        if not tokens:
            continue
        if len(tokens) % 2 or tokens[0] != "router":
            raise src.error(lineno, "an anynet line is 'router i' followed by 'node e' / 'router j' pairs")
        r = src.int_(lineno, tokens[1], "router id")
        if r in declared:
            raise src.error(lineno, f"router {r} already has a line (line {declared[r]})")
        declared[r] = lineno
        nodes.setdefault(r, [])
        for kind, token in zip(tokens[2::2], tokens[3::2]):
            value = src.int_(lineno, token, f"{kind} id")
            if kind == "node":
                nodes[r].append(value)
            elif kind == "router":
                if value == r:
                    raise src.error(lineno, f"self-loop at router {r}: router graphs must be simple")
                if (r, value) in arcs:
                    raise src.error(lineno, f"router {r} lists router {value} twice (a repeated link)")
                arcs[(r, value)] = lineno
            else:
                raise src.error(lineno, f"unknown token {kind!r}; anynet lines hold 'node' and 'router' entries")
    ids = set(declared) | {j for _, j in arcs}
    if not ids:
        raise ValueError(f"{src.source}: no routers")
    n = max(ids) + 1 if num_routers is None else num_routers
    if max(ids) >= n:
        raise ValueError(f"{src.source}: router id {max(ids)} is out of range for num_routers={n}")
    check_size(n, len(arcs), what=f"{src.source}")
    links = sorted({(min(i, j), max(i, j)) for i, j in arcs})
    counts = np.zeros(n, dtype=np.int64)
    expected = 0
    for r in range(n):
        attached = nodes.get(r, [])
        if attached != list(range(expected, expected + len(attached))):
            raise src.error(
                declared.get(r, 0),
                f"router {r}'s endpoints {attached[:4]}... must be numbered {expected}, {expected + 1}, ... "
                "(consecutively router by router, as Topology.to_anynet writes them)",
            )
        counts[r] = len(attached)
        expected += len(attached)
    carrying = counts > 0 if counts.any() else np.ones(n, dtype=bool)
    uniform = np.unique(counts[carrying])
    top = Topology.from_edges(name, "custom", n, np.array(links, dtype=np.int64).reshape(-1, 2),
                              endpoints_per_router=int(uniform[0]) if uniform.size == 1 else 0,
                              endpoint_mask=carrying)
    if uniform.size > 1:  # routers carry different numbers of endpoints: keep them as read
        import dataclasses

        top = dataclasses.replace(top, endpoints=counts.astype(np.int32))
    return top


def _caminos(src: _Lines, name: str, endpoints_per_router: int) -> Topology:
    lines = src.lines
    if len(lines) < 2:
        raise ValueError(f"{src.source}: a CAMINOS file starts with 'NODOS n' and 'GRADO k' lines")
    header = {}
    for lineno in (1, 2):
        parts = lines[lineno - 1].split()
        if len(parts) != 2 or parts[0] not in ("NODOS", "GRADO"):
            raise src.error(lineno, f"expected 'NODOS n' then 'GRADO k', got {lines[lineno - 1].strip()!r}")
        header[parts[0]] = src.int_(lineno, parts[1], parts[0])
    if set(header) != {"NODOS", "GRADO"}:
        raise ValueError(f"{src.source}: needs one 'NODOS n' and one 'GRADO k' line")
    n, degree = header["NODOS"], header["GRADO"]
    if n < 1:
        raise src.error(1, "NODOS must be >= 1")
    check_size(n, what=src.source)
    body = lines[2:]
    if len(body) != 2 * n:
        raise ValueError(f"{src.source}: NODOS {n} needs {2 * n} lines after the header ('N i' + neighbours), "
                         f"got {len(body)}")
    neighbours: dict[int, list[int]] = {}
    for k in range(n):
        lineno = 3 + 2 * k
        head = body[2 * k].split()
        if len(head) != 2 or head[0] != "N":
            raise src.error(lineno, f"expected 'N i', got {body[2 * k].strip()!r}")
        r = src.int_(lineno, head[1], "router id")
        if r >= n:
            raise src.error(lineno, f"router id {r} out of range for NODOS {n}")
        if r in neighbours:
            raise src.error(lineno, f"router {r} appears twice")
        nbrs = [src.int_(lineno + 1, tok, "neighbour id") for tok in body[2 * k + 1].split()]
        if len(nbrs) > degree:
            raise src.error(lineno + 1, f"router {r} lists {len(nbrs)} neighbours, more than GRADO {degree}")
        if len(set(nbrs)) != len(nbrs):
            raise src.error(lineno + 1, f"router {r} lists a neighbour twice (a repeated link)")
        for j in nbrs:
            if j >= n:
                raise src.error(lineno + 1, f"neighbour {j} of router {r} out of range for NODOS {n}")
            if j == r:
                raise src.error(lineno + 1, f"self-loop at router {r}: router graphs must be simple")
        neighbours[r] = nbrs
    arcs = {(r, j) for r, js in neighbours.items() for j in js}
    for r, j in sorted(arcs):
        if (j, r) not in arcs:
            raise ValueError(f"{src.source}: router {r} lists {j} but router {j} does not list {r} "
                             "(CAMINOS links must be listed from both ends)")
    links = np.array(sorted((r, j) for r, j in arcs if r < j), dtype=np.int64).reshape(-1, 2)
    return Topology.from_edges(name, "custom", n, links, endpoints_per_router=endpoints_per_router)


def parse(text: str, fmt: str, *, name: str = "graph", num_routers: int | None = None,
          endpoints_per_router: int = 1, source: str = "<text>") -> Topology:
    """A topology from the text of a file in format ``fmt`` (see :func:`read`).

    Examples
    --------
    >>> parse("0 1\\n1 2\\n", "edgelist").edges.tolist()
    [[0, 1], [1, 2]]
    >>> parse("0 1 2\\n", "edgelist")
    Traceback (most recent call last):
        ...
    ValueError: <text>, line 1: an edge list line holds two router ids 'u v', got '0 1 2'
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, got {type(text).__name__}")
    check_choice("fmt", fmt, FORMATS)
    if not isinstance(name, str):
        raise TypeError(f"name must be a str, got {type(name).__name__}")
    if num_routers is not None:
        num_routers = check_int("num_routers", num_routers, low=1, high=MAX_ROUTERS)
    endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
    src = _Lines(text, source)
    if fmt == "edgelist":
        return _edgelist(src, name, num_routers, endpoints_per_router)
    if fmt == "anynet":
        return _anynet(src, name, num_routers)
    top = _caminos(src, name, endpoints_per_router)
    if num_routers is not None and num_routers != top.num_routers:
        raise ValueError(f"{source}: NODOS {top.num_routers} disagrees with num_routers={num_routers}")
    return top


def read(path: str | Path, fmt: str, *, name: str | None = None, num_routers: int | None = None,
         endpoints_per_router: int = 1) -> Topology:
    """Read a topology file written by :meth:`Topology.write` or by BookSim / CAMINOS users.

    Parameters
    ----------
    path : str or Path
        The file.
    fmt : {"edgelist", "anynet", "caminos"}
        Its format (see the module docstring for each one's rules).
    name : str, optional
        Name of the topology (default: the file name without suffix).
    num_routers : int, optional
        Router count for an edge list whose last routers have no links
        (default: largest id + 1).  Checked against the file otherwise.
    endpoints_per_router : int
        Endpoints per router for formats that do not store them (edge list,
        CAMINOS); anynet files carry their own ``node`` entries.

    Returns
    -------
    Topology
        Family ``"custom"``.

    Raises
    ------
    TypeError
        Arguments of the wrong kind.
    ValueError
        An unknown format, or a malformed file (the message names the line).
    OSError
        The file cannot be read.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "tri.edges"
    >>> _ = p.write_text("0 1\\n1 2\\n2 0\\n")
    >>> read(p, "edgelist", endpoints_per_router=4)
    Topology('tri', routers=3, links=3, radix=2, endpoints=12)
    """
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a str or pathlib.Path, got {type(path).__name__}")
    check_choice("fmt", fmt, FORMATS)
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    return parse(text, fmt, name=path.stem if name is None else name, num_routers=num_routers,
                 endpoints_per_router=endpoints_per_router, source=str(path))
