"""The `Topology` object every analysis reads, its file exports, and the one input coercer.

A topology is an undirected simple router graph stored as int32 arrays:

* ``edges``   -- (E, 2), each link once, ``u < v``, rows sorted lexicographically;
* ``indptr``, ``indices`` -- CSR adjacency (neighbours of ``r`` are
  ``indices[indptr[r]:indptr[r+1]]``, sorted ascending);
* ``endpoints`` -- endpoints (servers) attached to each router; zero on routers
  of indirect networks that carry none (e.g. fat-tree aggregation/core).

``labels`` holds per-router structure (``"supernode"``, ``"group"``,
``"level"``, ...; ``"node"`` holds the original node labels of a graph read
with :meth:`Topology.from_networkx`), ``params`` the construction parameters as
named in the paper, and ``link_class`` an optional per-edge class (0 = local,
1 = global) used for link latencies.  Nothing here converts to networkx on a
hot path; :meth:`Topology.to_networkx` is for convenience and reference checks.

Every ``Topology`` is checked when it is created (``__post_init__``, O(E log E)):
the arrays must describe one consistent simple graph, so the numba kernels that
index them never read out of bounds.  :func:`as_topology` is the library's one
boundary for graph inputs -- a ``Topology``, a networkx graph, a scipy sparse
adjacency matrix, an ``(indptr, indices)`` CSR pair or an ``(n, edges)`` pair --
and the metrics, fault and EDST modules read their inputs through it.

Examples
--------
>>> t = Topology.from_edges("path", "custom", 3, [[0, 1], [1, 2]])
>>> t.neighbors(1).tolist(), t.num_endpoints
([0, 2], 3)
>>> Topology.from_edges("t", "x", 3, [[0, 1, 2], [1, 2, 0]])
Traceback (most recent call last):
    ...
ValueError: edges must have shape (E, 2) (one row per link), got shape (2, 3)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import numbers
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from lowdiam.validate import check_bool, check_int

__all__ = [
    "MAX_EDGES",
    "MAX_ENDPOINTS",
    "MAX_ROUTERS",
    "Topology",
    "as_topology",
    "check_size",
    "csr_from_edges",
    "default_concentration",
    "edge_array",
    "normalize_edges",
]

# Upper bounds of what the library builds: int32 ids and CSR offsets, and a few GB of
# arrays at most.  Constructors call check_size *before* the expensive part, so a typo
# like polarstar(2, "iq", 10**6) fails at once instead of after minutes and a MemoryError.
MAX_ROUTERS = 4_000_000
MAX_EDGES = 50_000_000
#: endpoints in one topology (and so on one router): endpoint ids are int32 in the simulators
MAX_ENDPOINTS = 2**31 - 1


def check_size(num_routers: int, num_edges: int | None = None, *, what: str = "topology") -> None:
    """Refuse a graph larger than :data:`MAX_ROUTERS` routers or :data:`MAX_EDGES` links.

    Parameters
    ----------
    num_routers : int
        Router count about to be built.
    num_edges : int, optional
        Link count about to be built.
    what : str
        Name used in the message (e.g. ``"polarstar(2, 'iq', 1000000)"``).

    Raises
    ------
    ValueError
        If a count exceeds its bound; the message names both numbers.

    Examples
    --------
    >>> check_size(1000, 5000)
    >>> check_size(10**9, what="hyperx(1000, 1000, 1000)")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: hyperx(1000, 1000, 1000) would have 1000000000 routers, above the limit of 4000000 ...
    """
    if num_routers > MAX_ROUTERS:
        raise ValueError(
            f"{what} would have {num_routers} routers, above the limit of {MAX_ROUTERS} "
            "(lowdiam.topologies.base.MAX_ROUTERS)"
        )
    if num_edges is not None and num_edges > MAX_EDGES:
        raise ValueError(
            f"{what} would have {num_edges} links, above the limit of {MAX_EDGES} "
            "(lowdiam.topologies.base.MAX_EDGES)"
        )


def _integer_array(name: str, value: Any, what: str = "router ids") -> np.ndarray:
    """``value`` as an int64 array, refusing bools, strings, objects and non-integral floats."""
    try:
        arr = np.asarray(value)
    except ValueError as exc:  # ragged nested lists
        raise ValueError(f"{name} must be a rectangular array of integers: {exc}") from None
    if arr.dtype == bool:
        raise TypeError(f"{name} must hold integer {what}, got booleans")
    if arr.size == 0:
        return arr.astype(np.int64)
    if np.issubdtype(arr.dtype, np.integer):
        if arr.dtype == np.uint64 and arr.max() > np.iinfo(np.int64).max:
            raise ValueError(f"{name} holds ids too large for int64: max {arr.max()}")
        return arr.astype(np.int64)
    if np.issubdtype(arr.dtype, np.floating):
        if not np.all(np.isfinite(arr)):
            raise ValueError(f"{name} must hold finite integer ids, got nan or inf")
        if np.any(arr != np.floor(arr)):
            bad = arr[arr != np.floor(arr)].flat[0]
            raise ValueError(f"{name} must hold integer ids, got {bad!r} (ids are never rounded)")
        if np.abs(arr).max() > 2**53:
            raise ValueError(f"{name} holds float ids too large to be exact integers")
        return arr.astype(np.int64)
    raise TypeError(f"{name} must hold integer {what}, got dtype {arr.dtype}")


def edge_array(edges: Any, num_routers: int | None = None, *, name: str = "edges") -> np.ndarray:
    """Check a link list and return it as an (E, 2) int64 array (rows unchanged, not sorted).

    Parameters
    ----------
    edges : array-like
        One row ``(u, v)`` per link.  Integer ids; floats are accepted only when
        integral (``2.0``); an empty list means no links.
    num_routers : int, optional
        When given, every id must lie in ``[0, num_routers)``.
    name : str
        Name used in error messages.

    Returns
    -------
    numpy.ndarray
        Shape (E, 2), dtype int64.

    Raises
    ------
    TypeError
        Booleans, strings or other non-numeric ids.
    ValueError
        A shape other than (E, 2) (nothing is reshaped), non-integral or
        negative ids, ids ``>= num_routers``.

    Examples
    --------
    >>> edge_array([[0, 1], [1, 2.0]]).tolist()
    [[0, 1], [1, 2]]
    >>> edge_array([[0.7, 1.2]])
    Traceback (most recent call last):
        ...
    ValueError: edges must hold integer ids, got np.float64(0.7) (ids are never rounded)
    """
    arr = _integer_array(name, edges)
    if arr.size == 0 and arr.ndim <= 2 and (arr.ndim < 2 or arr.shape[1] in (0, 2)):
        return np.zeros((0, 2), dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"{name} must have shape (E, 2) (one row per link), got shape {arr.shape}")
    if arr.min() < 0:
        raise ValueError(f"{name} must hold router ids >= 0, got {int(arr.min())}")
    if num_routers is not None and arr.max() >= num_routers:
        raise ValueError(
            f"edge endpoint out of range [0, {num_routers}) (ids 0 .. {num_routers - 1}): "
            f"min {int(arr.min())}, max {int(arr.max())}"
        )
    return arr


def normalize_edges(num_routers: int, edges: Any, *, parallel_links: bool = False) -> np.ndarray:
    """Return ``edges`` as a sorted (E, 2) int32 array with ``u < v``.

    Raises ``ValueError`` on a shape other than (E, 2), non-integer,
    negative or out-of-range ids, self-loops or repeated links, because a
    silently de-duplicated multigraph would hide construction bugs.  With
    ``parallel_links=True`` a repeated row is kept as a second link between
    the same two routers (a multigraph).

    Examples
    --------
    >>> normalize_edges(3, [[2, 1], [0, 1]]).tolist()
    [[0, 1], [1, 2]]
    """
    arr = edge_array(edges, num_routers)
    if arr.shape[0] == 0:
        return np.zeros((0, 2), dtype=np.int32)
    if np.any(arr[:, 0] == arr[:, 1]):
        r = int(arr[arr[:, 0] == arr[:, 1]][0, 0])
        raise ValueError(f"self-loop at router {r}: router graphs must be simple")
    arr = np.sort(arr, axis=1).astype(np.int64)
    key = arr[:, 0] * num_routers + arr[:, 1]  # one int64 key per row: a plain sort orders rows as lexsort would
    key.sort()
    arr = np.stack([key // num_routers, key % num_routers], axis=1)
    dup = key[1:] == key[:-1]
    if np.any(dup) and not parallel_links:
        u, v = arr[1:][dup][0]
        raise ValueError(f"repeated link ({u}, {v}): router graphs must be simple unless built with "
                         f"parallel_links=True (a multigraph)")
    return arr.astype(np.int32)


def csr_from_edges(num_routers: int, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CSR (indptr, indices) of the undirected graph with the given normalized edges.

    Examples
    --------
    >>> [a.tolist() for a in csr_from_edges(3, np.array([[0, 1], [1, 2]]))]
    [[0, 1, 3, 4], [1, 0, 2, 1]]
    """
    src = np.concatenate([edges[:, 0], edges[:, 1]]).astype(np.int64)
    dst = np.concatenate([edges[:, 1], edges[:, 0]]).astype(np.int64)
    key = src * num_routers + dst  # (src, dst) as one int64: sorting it sorts by source, then neighbour
    key.sort()
    counts = np.bincount(src, minlength=num_routers)
    indptr = np.zeros(num_routers + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    return indptr.astype(np.int32), (key % max(num_routers, 1)).astype(np.int32)


def _canonical_json(x: Any) -> Any:
    # params for the content hash: tuples/arrays become lists, numpy scalars numbers, the rest repr
    if isinstance(x, Mapping):
        return {str(k): _canonical_json(v) for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))}
    if isinstance(x, (list, tuple)):
        return [_canonical_json(v) for v in x]
    if isinstance(x, np.ndarray):
        return _canonical_json(x.tolist())
    if isinstance(x, np.generic):
        return x.item()
    if isinstance(x, (str, int, float, bool)) or x is None:
        return x
    return repr(x)


def _mask(name: str, value: Any, n: int) -> np.ndarray:
    """A per-router boolean mask: bools, or integers 0/1 (nothing else is read as true/false)."""
    arr = np.asarray(value)
    if arr.ndim != 1 or arr.shape[0] != n:
        raise ValueError(f"{name} needs one entry per router ({n}), got shape {arr.shape}")
    if arr.dtype != bool and (not np.issubdtype(arr.dtype, np.number) or not np.all(np.isin(arr, (0, 1)))):
        raise ValueError(f"{name} must hold True/False (or 0/1) per router, got dtype {arr.dtype}")
    return arr.astype(bool)


def _field_ints(name: str, value: Any, shape: tuple[int, ...]) -> np.ndarray:
    """A Topology array field: an integer ndarray of exactly ``shape`` (no conversion from floats)."""
    if not isinstance(value, np.ndarray):
        raise TypeError(
            f"Topology.{name} must be a numpy integer array, got {type(value).__name__}; "
            "build topologies with Topology.from_edges, which validates and converts"
        )
    if value.dtype == bool or not np.issubdtype(value.dtype, np.integer):
        raise TypeError(f"Topology.{name} must be an integer array, got dtype {value.dtype}")
    if value.shape != shape:
        raise ValueError(f"Topology.{name} must have shape {shape}, got {value.shape}")
    return value


class FrozenDict(dict):
    """A dict that refuses changes: a :class:`Topology`'s ``labels`` and ``params`` (its content hash is memoised,
    so an edit in place would leave caches keyed by a graph it no longer is).  Copy it (``dict(t.params)``) or
    build a new topology (:func:`dataclasses.replace`) to change one."""

    def _refuse(self, *args, **kwargs):
        raise TypeError("a Topology's labels and params are read-only (its content hash is memoised); "
                        "build a new topology, e.g. dataclasses.replace(t, params={**t.params, ...})")

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self):
        return (FrozenDict, (dict(self),))

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        import copy

        return FrozenDict(copy.deepcopy(dict(self), memo))


def _frozen(arr: np.ndarray, dtype: Any = None) -> np.ndarray:
    """``arr`` (as ``dtype``) as a read-only array that shares memory with nobody else: an array of the caller's
    (writable, or a view of something) is copied, so editing it later cannot change the topology."""
    out = arr if dtype is None or arr.dtype == dtype else arr.astype(dtype)
    if out is arr and (arr.flags.writeable or arr.base is not None):
        out = arr.copy()
    out.setflags(write=False)
    return out


def _fresh(*arrays: np.ndarray) -> None:
    """Mark arrays this module has just built as read-only, so :func:`_frozen` takes them without a copy."""
    for a in arrays:
        if a.base is None:
            a.setflags(write=False)


@dataclasses.dataclass(frozen=True, eq=False)
class Topology:
    """An interconnection network: router graph, endpoints and structure labels.

    Build one with :meth:`Topology.from_edges` (the family constructors in
    :mod:`lowdiam.topologies` do), :meth:`Topology.from_networkx`, or
    :func:`lowdiam.topologies.read` for a file.  Direct construction is checked
    in ``__post_init__``: the arrays must be one consistent graph (sorted
    ``u < v`` edges, the matching CSR, non-negative endpoint counts),
    otherwise ``ValueError`` / ``TypeError``.  The graph is simple unless
    ``parallel_links`` is true: then some pairs of routers are joined by more
    than one link (repeated rows of ``edges``, repeated neighbours in the
    CSR, each one port of its router), as in SST/macro's circulant Dragonfly
    with fewer than a*h + 1 groups.  CSR-based analyses and the simulators
    count each parallel link; :meth:`to_networkx` gives an ``nx.MultiGraph``.

    A topology is immutable: its arrays are read-only (``ValueError: assignment destination is
    read-only``) and its ``labels`` and ``params`` refuse changes (``TypeError``), because its
    :meth:`content_hash`, which keys every cache, is computed once.  Arrays passed in are copied
    unless they are already read-only and own their memory.

    Examples
    --------
    >>> t = Topology.from_edges("triangle", "custom", 3, [[0, 1], [1, 2], [0, 2]], endpoints_per_router=2)
    >>> t
    Topology('triangle', routers=3, links=3, radix=2, endpoints=6)
    >>> import numpy as np
    >>> Topology("bad", "x", 2, t.edges, t.indptr, t.indices, np.ones(2, np.int32))
    Traceback (most recent call last):
        ...
    ValueError: Topology.edges: router id 2 out of range [0, 2)
    """

    name: str
    family: str
    num_routers: int
    edges: np.ndarray
    indptr: np.ndarray
    indices: np.ndarray
    endpoints: np.ndarray
    labels: Mapping[str, np.ndarray] = dataclasses.field(default_factory=dict)
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    link_class: np.ndarray | None = None
    parallel_links: bool = False
    _content_hash: str | None = dataclasses.field(default=None, init=False, repr=False, compare=False)

    # ------------------------------------------------------------ invariants
    def __post_init__(self) -> None:
        def put(field: str, value: Any) -> None:
            object.__setattr__(self, field, value)

        for field in ("name", "family"):
            if not isinstance(getattr(self, field), str):
                raise TypeError(f"Topology.{field} must be a str, got {type(getattr(self, field)).__name__}")
        n = check_int("num_routers", self.num_routers, low=1, high=MAX_ROUTERS)
        put("num_routers", n)
        if not isinstance(self.edges, np.ndarray) or self.edges.ndim != 2:
            raise ValueError(
                "Topology.edges must be an (E, 2) integer array; build topologies with Topology.from_edges"
            )
        E = self.edges.shape[0]
        if E > MAX_EDGES:
            check_size(n, E)
        edges = _field_ints("edges", self.edges, (E, 2))
        if E:
            lo, hi = int(edges.min()), int(edges.max())
            if lo < 0 or hi >= n:
                raise ValueError(f"Topology.edges: router id {hi if hi >= n else lo} out of range [0, {n})")
            e64 = edges.astype(np.int64)
            if np.any(e64[:, 0] >= e64[:, 1]):
                raise ValueError("Topology.edges rows must satisfy u < v (use Topology.from_edges to normalise)")
            key = e64[:, 0] * n + e64[:, 1]
            step = np.diff(key)
            if np.any(step < 0):
                raise ValueError("Topology.edges must be sorted (use Topology.from_edges to normalise)")
            repeats = bool(np.any(step == 0))
            if repeats != bool(self.parallel_links):
                raise ValueError(
                    "Topology.edges repeat a link but parallel_links is False (use Topology.from_edges(..., "
                    "parallel_links=True) for a multigraph)" if repeats else
                    "Topology.parallel_links is True but no link is repeated: a simple graph has "
                    "parallel_links=False"
                )
        elif self.parallel_links:
            raise ValueError("Topology.parallel_links is True but there are no links")
        indptr = _field_ints("indptr", self.indptr, (n + 1,))
        indices = _field_ints("indices", self.indices, (2 * E,))
        endpoints = _field_ints("endpoints", self.endpoints, (n,))
        ip = indptr.astype(np.int64)
        if ip[0] != 0 or np.any(np.diff(ip) < 0) or ip[-1] != 2 * E:
            raise ValueError(
                f"Topology.indptr must start at 0, not decrease and end at 2E = {2 * E}; "
                f"got indptr[0]={ip[0]}, indptr[-1]={ip[-1]}"
            )
        if E:
            ix = indices.astype(np.int64)
            if ix.min() < 0 or ix.max() >= n:
                raise ValueError(f"Topology.indices must lie in [0, {n}): min {ix.min()}, max {ix.max()}")
            src = np.repeat(np.arange(n, dtype=np.int64), np.diff(ip))
            step = np.diff(src * n + ix)
            if np.any(step < 0) or (np.any(step == 0) and not self.parallel_links):
                raise ValueError("Topology.indices: each router's neighbours must be sorted ascending, no repeats "
                                 "(repeats only with parallel_links)")
            fwd = src < ix
            back = np.flatnonzero(src > ix)
            back = back[np.argsort(ix[back], kind="stable")]
            if (int(fwd.sum()) != E or back.size != E or not np.array_equal(src[fwd], e64[:, 0])
                    or not np.array_equal(ix[fwd], e64[:, 1]) or not np.array_equal(ix[back], e64[:, 0])
                    or not np.array_equal(src[back], e64[:, 1])):
                raise ValueError("Topology CSR (indptr, indices) does not match its edges (both directions)")
        if endpoints.size and endpoints.min() < 0:
            raise ValueError(f"Topology.endpoints must be >= 0, got {int(endpoints.min())}")
        if endpoints.size and int(endpoints.astype(np.int64).sum()) > MAX_ENDPOINTS:  # int32 ids: 2**32 would wrap
            raise ValueError(f"Topology.endpoints total {int(endpoints.astype(np.int64).sum())} endpoints, above the "
                             f"limit of {MAX_ENDPOINTS} (lowdiam.topologies.base.MAX_ENDPOINTS)")
        if not isinstance(self.labels, Mapping):
            raise TypeError(f"Topology.labels must be a mapping, got {type(self.labels).__name__}")
        labels = {}
        for key_, val in self.labels.items():
            if not isinstance(key_, str):
                raise TypeError(f"Topology.labels keys must be strings, got {key_!r}")
            arr = val if isinstance(val, np.ndarray) else np.asarray(val)
            if arr.ndim == 0 or arr.shape[0] != n:
                raise ValueError(f"label {key_!r} needs one entry per router ({n}), got shape {arr.shape}")
            labels[key_] = _frozen(arr)
        mask = _mask("labels['carries_endpoints']", labels.get("carries_endpoints", np.ones(n, bool)), n)
        labels["carries_endpoints"] = _frozen(mask)
        if np.any(endpoints[~mask] != 0):
            raise ValueError("Topology.endpoints must be 0 on routers whose labels['carries_endpoints'] is False")
        if not isinstance(self.params, Mapping):
            raise TypeError(f"Topology.params must be a mapping, got {type(self.params).__name__}")
        if self.link_class is not None:
            lc = _field_ints("link_class", self.link_class, (E,))
            if lc.size and lc.min() < 0:
                raise ValueError(f"Topology.link_class must be >= 0 (0 local, 1 global), got {int(lc.min())}")
            put("link_class", _frozen(lc, np.int8))
        # int32 everywhere: the numba kernels are compiled for it; read-only, so the content hash cannot go stale
        put("edges", _frozen(edges, np.int32))
        put("indptr", _frozen(indptr, np.int32))
        put("indices", _frozen(indices, np.int32))
        put("endpoints", _frozen(endpoints, np.int32))
        put("labels", FrozenDict(labels))
        put("params", FrozenDict(self.params))
        put("parallel_links", bool(self.parallel_links))

    def __setstate__(self, state: dict) -> None:
        # unpickled (another process) or deep-copied: numpy gives writable arrays back; make them read-only again
        self.__dict__.update(state)
        for value in (self.edges, self.indptr, self.indices, self.endpoints, self.link_class,
                      *self.labels.values()):
            if isinstance(value, np.ndarray):
                value.setflags(write=False)

    # ----------------------------------------------------------------- build
    @classmethod
    def from_edges(
        cls,
        name: str,
        family: str,
        num_routers: int,
        edges: Any,
        *,
        endpoints_per_router: int = 1,
        endpoint_mask: Any = None,
        labels: Mapping[str, Any] | None = None,
        params: Mapping[str, Any] | None = None,
        link_class: Any = None,
        parallel_links: bool = False,
    ) -> Topology:
        """Validate ``edges`` and assemble a topology.

        Parameters
        ----------
        name, family : str
            Display name and family (``"polarstar"``, ``"custom"`` ...).
        num_routers : int
            Router count, ``1 <= num_routers <=`` :data:`MAX_ROUTERS`.
        edges : array-like, shape (E, 2)
            One row per link, integer ids in ``[0, num_routers)``, any order and
            orientation; self-loops and repeated links are errors.
        endpoints_per_router : int
            Endpoints on every router, or only where ``endpoint_mask`` is true.
        endpoint_mask : array-like of bool, optional
            Routers that carry endpoints (indirect networks).
        labels : mapping, optional
            Per-router arrays (one entry per router).
        params : mapping, optional
            Construction parameters.
        link_class : array-like, optional
            One class per input edge row (0 local, 1 global); permuted along with
            the edges when they are sorted.
        parallel_links : bool
            Allow a repeated row as a second link between the same routers (a
            multigraph; the result's ``parallel_links`` says whether any pair
            is actually repeated).  Default False: a repeat is an error.

        Returns
        -------
        Topology

        Raises
        ------
        TypeError
            Non-integer counts (``2.5`` endpoints is a ``ValueError``, a bool a ``TypeError``),
            non-numeric ids.
        ValueError
            Wrong shapes (nothing is reshaped), ids out of range, self-loops,
            repeated links, sizes above :data:`MAX_ROUTERS` / :data:`MAX_EDGES`.

        Examples
        --------
        >>> Topology.from_edges("ring", "custom", 4, [[0, 1], [1, 2], [2, 3], [3, 0]]).degrees.tolist()
        [2, 2, 2, 2]
        >>> Topology.from_edges("ring", "custom", 4, [[0, 1]], endpoints_per_router=2.5)
        Traceback (most recent call last):
            ...
        ValueError: endpoints_per_router must be an integer, got 2.5 (nearest valid: 2 or 3)
        """
        for what, value in (("name", name), ("family", family)):
            if not isinstance(value, str):
                raise TypeError(f"{what} must be a str, got {type(value).__name__} {value!r}")
        num_routers = check_int("num_routers", num_routers, low=1)
        check_size(num_routers, what=f"topology {name!r}")
        endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=0)
        raw = edge_array(edges, num_routers)
        check_size(num_routers, raw.shape[0], what=f"topology {name!r}")
        lc = None
        if link_class is not None:
            lc_in = _integer_array("link_class", link_class)
            if lc_in.ndim != 1 or lc_in.shape[0] != raw.shape[0]:
                raise ValueError(f"link_class needs one entry per edge ({raw.shape[0]}), got shape {lc_in.shape}")
            if lc_in.size and (lc_in.min() < 0 or lc_in.max() > 127):
                raise ValueError("link_class values must lie in [0, 127] (0 local, 1 global)")
            # carry the class through the same normalisation as the edges
            key = np.sort(raw, axis=1)
            order = np.lexsort((key[:, 1], key[:, 0]))
            lc = lc_in[order].astype(np.int8)
        check_bool("parallel_links", parallel_links)
        norm = normalize_edges(num_routers, raw, parallel_links=parallel_links)
        indptr, indices = csr_from_edges(num_routers, norm)
        repeated = bool(norm.shape[0] > 1 and np.any(np.all(norm[1:] == norm[:-1], axis=1)))
        mask = np.ones(num_routers, dtype=bool)
        if endpoint_mask is not None:
            mask = _mask("endpoint_mask", endpoint_mask, num_routers)
        if endpoints_per_router * int(mask.sum()) > MAX_ENDPOINTS:
            raise ValueError(
                f"endpoints_per_router={endpoints_per_router} on {int(mask.sum())} routers gives "
                f"{endpoints_per_router * int(mask.sum())} endpoints, above the limit of {MAX_ENDPOINTS} "
                "(lowdiam.topologies.base.MAX_ENDPOINTS: endpoint ids are int32)"
            )
        endpoints = np.where(mask, endpoints_per_router, 0).astype(np.int32)
        _fresh(norm, indptr, indices, endpoints)
        if labels is not None and not isinstance(labels, Mapping):
            raise TypeError(f"labels must be a dict of per-router arrays, got {type(labels).__name__}")
        labs = {key_: np.asarray(val) for key_, val in (labels or {}).items()}
        labs.setdefault("carries_endpoints", mask.copy())
        return cls(
            name=name,
            family=family,
            num_routers=num_routers,
            edges=norm,
            indptr=indptr,
            indices=indices,
            endpoints=endpoints,
            labels=labs,
            params=dict(params or {}),
            link_class=lc,
            parallel_links=repeated,
        )

    @classmethod
    def from_networkx(
        cls,
        graph: Any,
        *,
        name: str | None = None,
        family: str = "custom",
        endpoints_per_router: int = 1,
        params: Mapping[str, Any] | None = None,
    ) -> Topology:
        """A topology from an undirected networkx graph whose nodes may be any hashable labels.

        Nodes are numbered in the graph's node order (``list(graph.nodes)``),
        except that a graph whose nodes are exactly the integers ``0 .. n-1``
        keeps them.  The original labels are kept in ``labels["node"]``
        (``labels["node"][i]`` is the node that became router ``i``), so results
        indexed by router map back to your names.

        Parameters
        ----------
        graph : networkx.Graph
            Undirected, no self-loops, no parallel edges (a ``MultiGraph`` is
            accepted only without them).
        name : str, optional
            Defaults to ``graph.name`` or ``"networkx graph"``.
        family : str
            Family recorded on the topology.
        endpoints_per_router : int
            Endpoints on every router.
        params : mapping, optional
            Recorded in ``params``.

        Returns
        -------
        Topology

        Raises
        ------
        TypeError
            Not a networkx graph, or a directed one (convert with ``G.to_undirected()``).
        ValueError
            No nodes, self-loops, parallel edges, a bad ``endpoints_per_router``.

        Examples
        --------
        >>> import networkx as nx
        >>> g = nx.Graph([("spine", "leaf-a"), ("spine", "leaf-b")])
        >>> t = Topology.from_networkx(g, endpoints_per_router=2)
        >>> t.labels["node"].tolist(), t.edges.tolist()
        (['spine', 'leaf-a', 'leaf-b'], [[0, 1], [0, 2]])
        """
        import networkx as nx

        if not isinstance(graph, nx.Graph):
            raise TypeError(f"from_networkx needs a networkx graph, got {type(graph).__name__}")
        if graph.is_directed():
            raise TypeError(
                "from_networkx needs an undirected graph (links are bidirectional); "
                "convert with G.to_undirected()"
            )
        nodes = list(graph.nodes)
        n = len(nodes)
        if n == 0:
            raise ValueError("a topology needs at least one router; the networkx graph has no nodes")
        plain_ints = all(isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_)) for v in nodes)
        if plain_ints and {int(v) for v in nodes} == set(range(n)):
            index = {v: int(v) for v in nodes}
            node_labels = np.arange(n, dtype=np.int64)
        else:
            index = {v: i for i, v in enumerate(nodes)}
            node_labels = np.empty(n, dtype=object)
            for i, v in enumerate(nodes):
                node_labels[i] = v
        edges = np.array([(index[u], index[v]) for u, v in graph.edges()], dtype=np.int64).reshape(-1, 2)
        if name is None:
            name = str(graph.name) if graph.name else "networkx graph"
        return cls.from_edges(name, family, n, edges, endpoints_per_router=endpoints_per_router,
                              labels={"node": node_labels}, params=params)

    # ------------------------------------------------------------ properties
    @property
    def num_edges(self) -> int:
        """Number of router-to-router links."""
        return int(self.edges.shape[0])

    @property
    def degrees(self) -> np.ndarray:
        """Router-to-router degree of every router (int32)."""
        return np.diff(self.indptr).astype(np.int32)

    @property
    def radix(self) -> int:
        """Network radix: the maximum router-to-router degree (endpoint ports excluded)."""
        return int(self.degrees.max()) if self.num_routers else 0

    @property
    def endpoint_routers(self) -> np.ndarray:
        """Boolean mask of the routers that may carry endpoints."""
        return np.asarray(self.labels["carries_endpoints"], dtype=bool)

    @property
    def endpoints_per_router(self) -> int:
        """Concentration p: endpoints on each endpoint-bearing router."""
        carried = self.endpoints[self.endpoint_routers]
        return int(carried.max()) if carried.size else 0

    @property
    def num_endpoints(self) -> int:
        return int(self.endpoints.sum())

    @property
    def total_radix(self) -> int:
        """Ports per router counting endpoint ports: max over routers of degree + endpoints."""
        return int((self.degrees + self.endpoints).max())

    @property
    def is_direct(self) -> bool:
        """True when every router can carry endpoints."""
        return bool(self.endpoint_routers.all())

    def neighbors(self, router: int) -> np.ndarray:
        """Sorted neighbours of ``router`` (an id in ``[0, num_routers)``)."""
        r = check_int("router", router, low=0, high=self.num_routers - 1)
        return self.indices[self.indptr[r] : self.indptr[r + 1]]

    def with_endpoints(self, endpoints_per_router: int) -> Topology:
        """Copy with a different concentration p on the endpoint-bearing routers.

        Examples
        --------
        >>> t = Topology.from_edges("edge", "custom", 2, [[0, 1]]).with_endpoints(3)
        >>> t.endpoints.tolist(), t.params["endpoints_per_router"]
        ([3, 3], 3)
        """
        p = check_int("endpoints_per_router", endpoints_per_router, low=0)
        carriers = int(self.endpoint_routers.sum())
        if p * carriers > MAX_ENDPOINTS:
            raise ValueError(f"endpoints_per_router={p} on {carriers} routers gives {p * carriers} endpoints, above "
                             f"the limit of {MAX_ENDPOINTS} (lowdiam.topologies.base.MAX_ENDPOINTS)")
        ep = np.where(self.endpoint_routers, p, 0).astype(np.int32)
        _fresh(ep)
        # "p" is a construction parameter in several papers (LPS prime, Paley order),
        # so the concentration always lives under its own key.
        params = dict(self.params)
        params["endpoints_per_router"] = p
        return dataclasses.replace(self, endpoints=ep, params=params)

    def content_hash(self) -> str:
        """SHA-256 (hex) of what the graph *is*: family, edges, endpoints, link classes, labels, params.

        The display ``name`` is left out, so a renamed copy hashes the same and
        a different graph under the same name does not.  Caches key topologies
        by this hash (see :mod:`lowdiam.cache`).

        Examples
        --------
        >>> a = Topology.from_edges("a", "custom", 2, [[0, 1]])
        >>> b = Topology.from_edges("b", "custom", 2, [[1, 0]])
        >>> a.content_hash() == b.content_hash(), len(a.content_hash())
        (True, 64)
        """
        if self._content_hash is None:
            h = hashlib.sha256(b"lowdiam-topology-v1\0")
            h.update(json.dumps([self.family, self.num_routers]).encode())
            for arr in (self.edges, self.endpoints):
                h.update(np.ascontiguousarray(arr, dtype=np.int32).tobytes())
            h.update(b"\0link_class\0")
            if self.link_class is not None:
                h.update(np.ascontiguousarray(self.link_class, dtype=np.int8).tobytes())
            for key in sorted(self.labels):
                arr = np.asarray(self.labels[key])
                h.update(f"\0label {key} {arr.dtype.str} {arr.shape}\0".encode())
                if arr.dtype.kind in "biuf":
                    h.update(np.ascontiguousarray(arr).tobytes())
                else:
                    h.update(repr(arr.tolist()).encode())
            h.update(json.dumps(_canonical_json(self.params), sort_keys=True).encode())
            object.__setattr__(self, "_content_hash", h.hexdigest())
        return self._content_hash

    def __repr__(self) -> str:
        return (
            f"Topology({self.name!r}, routers={self.num_routers}, links={self.num_edges}, "
            f"radix={self.radix}, endpoints={self.num_endpoints})"
        )

    # --------------------------------------------------------------- exports
    def to_networkx(self):
        """An ``nx.Graph`` with router ids 0..n-1, labels as node attributes (``nx.MultiGraph`` when the
        topology has parallel links, so that none is merged away)."""
        import networkx as nx

        g = (nx.MultiGraph if self.parallel_links else nx.Graph)(name=self.name)
        g.add_nodes_from(range(self.num_routers))
        g.add_edges_from(map(tuple, self.edges.tolist()))
        for key, arr in self.labels.items():
            nx.set_node_attributes(g, dict(enumerate(np.asarray(arr).tolist())), key)
        nx.set_node_attributes(g, dict(enumerate(self.endpoints.tolist())), "endpoints")
        return g

    def edge_list(self) -> str:
        """Plain edge list, one ``u v`` line per link."""
        return "".join(f"{u} {v}\n" for u, v in self.edges.tolist())

    def to_anynet(self) -> str:
        """BookSim ``anynet`` file text.

        One line per router: ``router i node a node b ... router j router k ...``.
        Endpoint (node) ids are contiguous per router in router order, so the
        endpoints of router i are those BookSim numbers consecutively.
        A topology with parallel links raises ``ValueError``: BookSim's anynet
        reader keeps one channel per pair of routers (a map keyed by the
        neighbour), so the file would silently lose the parallel links.
        """
        self._no_parallel_links("BookSim's anynet format (one channel per router pair)")
        first = np.zeros(self.num_routers + 1, dtype=np.int64)
        np.cumsum(self.endpoints, out=first[1:])
        lines = []
        for r in range(self.num_routers):
            parts = [f"router {r}"]
            parts += [f"node {e}" for e in range(first[r], first[r + 1])]
            parts += [f"router {int(n)}" for n in self.indices[self.indptr[r] : self.indptr[r + 1]]]
            lines.append(" ".join(parts))
        return "\n".join(lines) + "\n"

    def to_caminos(self) -> str:
        """CAMINOS ``File`` topology text (its format 0).

        Header ``NODOS n`` and ``GRADO k`` (router count and maximum
        router-to-router degree), then per router a line ``N i`` followed by a
        line with its neighbours ``j1 j2 ...`` (CAMINOS reads the neighbour
        list from the line after ``N i``; blank lines are illegal).  Servers are
        not part of this format: CAMINOS attaches them with the
        ``servers_per_router`` field of its ``File`` topology configuration.
        A topology with parallel links raises ``ValueError`` (not checked to
        survive CAMINOS's reader).
        """
        self._no_parallel_links("the CAMINOS File format (parallel links not known to survive its reader)")
        lines = [f"NODOS {self.num_routers}", f"GRADO {self.radix}"]
        for r in range(self.num_routers):
            lines.append(f"N {r}")
            lines.append(" ".join(map(str, self.indices[self.indptr[r] : self.indptr[r + 1]].tolist())))
        return "\n".join(lines) + "\n"

    def _no_parallel_links(self, where: str) -> None:
        if self.parallel_links:
            raise ValueError(f"{self.name} has parallel links, which {where} cannot hold; export it with "
                             f"fmt='edgelist' (one line per link) instead")

    def write(self, path: str | Path, fmt: str = "anynet") -> Path:
        """Write the topology to ``path`` as ``"anynet"``, ``"caminos"`` or ``"edgelist"``."""
        writers = {"anynet": self.to_anynet, "caminos": self.to_caminos, "edgelist": self.edge_list}
        if fmt not in writers:
            raise ValueError(f"unknown export format {fmt!r}; choose one of {sorted(writers)}")
        path = Path(path)
        path.write_text(writers[fmt]())
        return path


def default_concentration(radix: int, diameter: int) -> int:
    """Endpoints per router used when a constructor is not told.

    Diameter-3 direct networks use a third of the network radix (a quarter of
    all ports), as PolarStar Sec. 9.4 / Table 3 does; diameter-2 networks use
    ceil(radix / 2), the balanced concentration of Slim Fly and PolarFly.
    """
    if diameter <= 2:
        return max(1, -(-radix // 2))
    return max(1, round(radix / 3))


_ACCEPTED = (
    "a lowdiam Topology, a networkx.Graph (nodes of any hashable type), a scipy sparse adjacency matrix, "
    "an (indptr, indices) CSR pair or an (n, edges) pair"
)


def _from_adjacency(matrix: Any, name: str) -> Topology:
    a = matrix.tocsr()
    if a.ndim != 2 or a.shape[0] != a.shape[1] or a.shape[0] < 1:
        raise ValueError(f"an adjacency matrix must be square with at least one row, got shape {a.shape}")
    n = int(a.shape[0])
    check_size(n, a.nnz // 2, what=name)
    a = a.copy()
    a.sum_duplicates()
    data = np.asarray(a.data)
    if data.dtype != bool and not (np.issubdtype(data.dtype, np.number) and np.all(np.isin(data, (0, 1)))):
        raise ValueError(
            "adjacency matrix entries must be 0 or 1 (an unweighted simple graph); "
            "a weighted or multi-edge matrix is not read as a router graph"
        )
    a.data = data.astype(bool).astype(np.int8)
    a.eliminate_zeros()
    if a.diagonal().any():
        r = int(np.flatnonzero(a.diagonal())[0])
        raise ValueError(f"self-loop at router {r}: router graphs must be simple")
    if (a != a.T).nnz:
        raise ValueError(
            "the adjacency matrix is not symmetric: links are bidirectional, so A must equal A.T "
            "(symmetrise with A.maximum(A.T) if one direction per link was meant)"
        )
    upper = a.tocoo()
    keep = upper.row < upper.col
    return Topology.from_edges(name, "custom", n, np.stack([upper.row[keep], upper.col[keep]], axis=1))


def _from_csr_pair(indptr: Any, indices: Any, name: str) -> Topology:
    ip = _integer_array("indptr", indptr)
    ix = _integer_array("indices", indices)
    if ip.ndim != 1 or ip.shape[0] < 2:
        raise ValueError(f"indptr must be 1-D with n + 1 >= 2 entries, got shape {ip.shape}")
    if ix.ndim != 1:
        raise ValueError(f"indices must be 1-D, got shape {ix.shape}")
    n = ip.shape[0] - 1
    check_size(n, ix.shape[0] // 2, what=name)
    if ip[0] != 0 or np.any(np.diff(ip) < 0) or ip[-1] != ix.shape[0]:
        raise ValueError(
            "indptr must start at 0, be non-decreasing and end at len(indices) "
            f"({ix.shape[0]}); got indptr[0]={ip[0]}, indptr[-1]={ip[-1]}"
        )
    if ix.size and (ix.min() < 0 or ix.max() >= n):
        raise ValueError(f"indices must lie in [0, {n}): min {ix.min()}, max {ix.max()}")
    src = np.repeat(np.arange(n, dtype=np.int64), np.diff(ip))
    if np.any(src == ix):
        raise ValueError(f"the CSR adjacency has a self-loop at router {int(src[src == ix][0])}: graphs must be simple")
    key = np.sort(src * n + ix)
    if np.any(key[1:] == key[:-1]):
        raise ValueError("the CSR adjacency repeats a link: router graphs must be simple")
    if not np.array_equal(key, np.sort(ix * n + src)):
        raise ValueError("the CSR adjacency must be symmetric (an undirected graph): every arc needs its reverse")
    fwd = src < ix
    return Topology.from_edges(name, "custom", n, np.stack([src[fwd], ix[fwd]], axis=1))


def as_topology(graph: Any, *, name: str | None = None) -> Topology:
    """The library's one reader of graph inputs: return ``graph`` as a validated :class:`Topology`.

    Parameters
    ----------
    graph : Topology, networkx.Graph, scipy sparse matrix, (indptr, indices) or (n, edges)
        A ``Topology`` is returned as is (it was checked when built).  A
        networkx graph goes through :meth:`Topology.from_networkx` (node labels
        of any type; the mapping is kept in ``labels["node"]``).  A scipy sparse
        matrix is an adjacency matrix: square, symmetric, entries 0/1, zero
        diagonal.  An ``(indptr, indices)`` pair is a symmetric CSR adjacency.
        An ``(n, edges)`` pair is a router count and an (E, 2) integer link
        list.  Objects with ``num_vertices`` and ``edges`` (star-product
        factor graphs) are read as ``(num_vertices, edges)``.
    name : str, optional
        Name of the resulting topology for raw inputs.

    Returns
    -------
    Topology
        Routers carry one endpoint each unless ``graph`` is a Topology.

    Raises
    ------
    TypeError
        An unsupported kind of input (the message lists the accepted ones) or a
        directed networkx graph.
    ValueError
        Malformed input: wrong shape (nothing is reshaped), non-integral,
        negative or out-of-range ids, self-loops, repeated links, an
        asymmetric adjacency.

    Examples
    --------
    >>> as_topology((3, [[0, 1], [1, 2]])).edges.tolist()
    [[0, 1], [1, 2]]
    >>> import scipy.sparse as sp
    >>> as_topology(sp.csr_matrix([[0, 1], [0, 0]]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: the adjacency matrix is not symmetric: links are bidirectional, so A must equal A.T ...
    """
    if isinstance(graph, Topology):
        return graph
    label = name if name is not None else "graph"
    module = type(graph).__module__ or ""
    if module.startswith("networkx"):
        return Topology.from_networkx(graph, name=name)
    if module.startswith("scipy.sparse"):
        return _from_adjacency(graph, label)
    if hasattr(graph, "num_vertices") and hasattr(graph, "edges") and not isinstance(graph, (tuple, list)):
        n = check_int("num_vertices", graph.num_vertices, low=1)
        return Topology.from_edges(name or str(getattr(graph, "name", "graph")), "custom", n, graph.edges)
    if isinstance(graph, (tuple, list)) and len(graph) == 2:
        first, second = graph
        if isinstance(first, numbers.Number) or (isinstance(first, np.ndarray) and first.ndim == 0):
            n = check_int("n (the router count of an (n, edges) pair)", first, low=1)
            return Topology.from_edges(label, "custom", n, second)
        if np.ndim(first) == 1:
            return _from_csr_pair(first, second, label)
    if hasattr(graph, "num_routers") and hasattr(graph, "indptr"):
        raise TypeError(
            f"got a {type(graph).__name__} that looks like a Topology but is not one; "
            "build it with lowdiam.topologies.Topology.from_edges"
        )
    raise TypeError(f"cannot read a graph from {type(graph).__name__}: expected {_ACCEPTED}")
