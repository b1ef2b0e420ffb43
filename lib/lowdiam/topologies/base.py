"""The `Topology` object every analysis reads, and its file exports.

A topology is an undirected simple router graph stored as int32 arrays:

* ``edges``   -- (E, 2), each link once, ``u < v``, rows sorted lexicographically;
* ``indptr``, ``indices`` -- CSR adjacency (neighbours of ``r`` are
  ``indices[indptr[r]:indptr[r+1]]``, sorted ascending);
* ``endpoints`` -- endpoints (servers) attached to each router; zero on routers
  of indirect networks that carry none (e.g. fat-tree aggregation/core).

``labels`` holds per-router structure (``"supernode"``, ``"group"``,
``"level"``, ...), ``params`` the construction parameters as named in the
paper, and ``link_class`` an optional per-edge class (0 = local, 1 = global)
used for link latencies.  Nothing here converts to networkx on a hot path;
:meth:`Topology.to_networkx` is for convenience and reference checks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["Topology", "csr_from_edges", "default_concentration", "normalize_edges"]


def normalize_edges(num_routers: int, edges: Any) -> np.ndarray:
    """Return ``edges`` as a sorted (E, 2) int32 array with ``u < v``.

    Raises ``ValueError`` on out-of-range ids, self-loops or repeated links,
    because a silently de-duplicated multigraph would hide construction bugs.
    """
    arr = np.asarray(edges, dtype=np.int64)
    if arr.size == 0:
        return np.zeros((0, 2), dtype=np.int32)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"edges must have shape (E, 2), got {arr.shape}")
    if arr.min() < 0 or arr.max() >= num_routers:
        raise ValueError(
            f"edge endpoint out of range [0, {num_routers}): min {arr.min()}, max {arr.max()}"
        )
    if np.any(arr[:, 0] == arr[:, 1]):
        r = int(arr[arr[:, 0] == arr[:, 1]][0, 0])
        raise ValueError(f"self-loop at router {r}: router graphs must be simple")
    arr = np.sort(arr, axis=1)
    order = np.lexsort((arr[:, 1], arr[:, 0]))
    arr = arr[order]
    dup = np.all(arr[1:] == arr[:-1], axis=1)
    if np.any(dup):
        u, v = arr[1:][dup][0]
        raise ValueError(f"repeated link ({u}, {v}): router graphs must be simple")
    return arr.astype(np.int32)


def csr_from_edges(num_routers: int, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """CSR (indptr, indices) of the undirected graph with the given normalized edges."""
    src = np.concatenate([edges[:, 0], edges[:, 1]]).astype(np.int64)
    dst = np.concatenate([edges[:, 1], edges[:, 0]]).astype(np.int64)
    order = np.lexsort((dst, src))
    counts = np.bincount(src, minlength=num_routers)
    indptr = np.zeros(num_routers + 1, dtype=np.int64)
    np.cumsum(counts, out=indptr[1:])
    return indptr.astype(np.int32), dst[order].astype(np.int32)


@dataclasses.dataclass(frozen=True, eq=False)
class Topology:
    """An interconnection network: router graph, endpoints and structure labels.

    Build one with :meth:`Topology.from_edges`; the family constructors in
    :mod:`lowdiam.topologies` do.
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
    ) -> "Topology":
        """Validate ``edges`` and assemble a topology.

        ``endpoints_per_router`` endpoints are attached to every router, or
        only to routers where ``endpoint_mask`` is true (indirect networks).
        ``link_class`` is given per input edge row and is permuted along with
        the edges when they are sorted.
        """
        num_routers = int(num_routers)
        if num_routers < 1:
            raise ValueError(f"a topology needs at least one router, got {num_routers}")
        if endpoints_per_router < 0:
            raise ValueError(f"endpoints_per_router must be >= 0, got {endpoints_per_router}")
        raw = np.asarray(edges, dtype=np.int64).reshape(-1, 2)
        lc = None
        if link_class is not None:
            lc_in = np.asarray(link_class, dtype=np.int8).reshape(-1)
            if lc_in.shape[0] != raw.shape[0]:
                raise ValueError("link_class needs one entry per edge")
            # carry the class through the same normalisation as the edges
            key = np.sort(raw, axis=1)
            order = np.lexsort((key[:, 1], key[:, 0]))
            lc = lc_in[order]
        norm = normalize_edges(num_routers, raw)
        indptr, indices = csr_from_edges(num_routers, norm)
        if endpoint_mask is None:
            mask = np.ones(num_routers, dtype=bool)
        else:
            mask = np.asarray(endpoint_mask, dtype=bool).reshape(-1)
            if mask.shape[0] != num_routers:
                raise ValueError("endpoint_mask needs one entry per router")
        endpoints = np.where(mask, int(endpoints_per_router), 0).astype(np.int32)
        labs = {}
        for key_, val in (labels or {}).items():
            arr = np.asarray(val)
            if arr.shape[0] != num_routers:
                raise ValueError(f"label {key_!r} needs one entry per router")
            labs[key_] = arr
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
        )

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
        return self.indices[self.indptr[router] : self.indptr[router + 1]]

    def with_endpoints(self, endpoints_per_router: int) -> "Topology":
        """Copy with a different concentration p on the endpoint-bearing routers."""
        if endpoints_per_router < 0:
            raise ValueError(f"endpoints_per_router must be >= 0, got {endpoints_per_router}")
        ep = np.where(self.endpoint_routers, int(endpoints_per_router), 0).astype(np.int32)
        # "p" is a construction parameter in several papers (LPS prime, Paley order),
        # so the concentration always lives under its own key.
        params = dict(self.params)
        params["endpoints_per_router"] = int(endpoints_per_router)
        return dataclasses.replace(self, endpoints=ep, params=params)

    def __repr__(self) -> str:
        return (
            f"Topology({self.name!r}, routers={self.num_routers}, links={self.num_edges}, "
            f"radix={self.radix}, endpoints={self.num_endpoints})"
        )

    # --------------------------------------------------------------- exports
    def to_networkx(self):
        """An ``nx.Graph`` with router ids 0..n-1, labels as node attributes."""
        import networkx as nx

        g = nx.Graph(name=self.name)
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
        """
        first = np.zeros(self.num_routers + 1, dtype=np.int64)
        np.cumsum(self.endpoints, out=first[1:])
        lines = []
        for r in range(self.num_routers):
            parts = [f"router {r}"]
            parts += [f"node {e}" for e in range(first[r], first[r + 1])]
            parts += [f"router {int(n)}" for n in self.neighbors(r)]
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
        """
        lines = [f"NODOS {self.num_routers}", f"GRADO {self.radix}"]
        for r in range(self.num_routers):
            lines.append(f"N {r}")
            lines.append(" ".join(map(str, self.neighbors(r).tolist())))
        return "\n".join(lines) + "\n"

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
