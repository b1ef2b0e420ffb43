"""Synthetic traffic patterns, registered by name.

Endpoint ids are contiguous per router in router order (endpoint ``e`` of
router ``r`` is ``first[r] + i``), the numbering BookSim's ``anynet`` and
PolarStar Sec. 9.4 use, so bit patterns act on these ids.

Each pattern returns a :class:`TrafficSpec` the kernel understands:

* ``mode == UNIFORM``: every packet picks a destination uniformly among all
  other endpoints;
* ``mode == TABLE``: endpoint ``e`` picks uniformly from
  ``dst[ptr[e]:ptr[e+1]]`` (a permutation is a table with one entry; an empty
  row means ``e`` does not inject);
* ``mode == HOTSPOT``: with probability ``hot_fraction`` a destination drawn
  from ``hot``, otherwise uniform.

Registered patterns (``PATTERNS``):

``uniform``      uniform random destination per packet, excluding the source; option
                 ``include_source=True``: among all endpoints, the source included, as
                 BookSim2's ``uniform`` draws it (``RandomInt(nodes - 1)``,
                 ``src/traffic.cpp``; a packet to its own source crosses its
                 router only).  Only ``router="booksim"`` runs it.
``randperm``     random *router* permutation tau (PolarStar 9.4): the i-th
                 endpoint of router r sends to the i-th endpoint of tau(r).
``server_perm``  random *server* permutation pi (Polarized 4.1).
``shuffle``      bit shuffle d_i = s_{(i-1) mod b} (rotate left by one),
``bitrev``       bit reverse d_i = s_{b-1-i},
``transpose``    d = rotate s by b/2 bits (swap halves for even b):
                 the three bit patterns use the largest power-of-two subset
                 2^b <= #endpoints (PolarStar 9.4); the rest stay silent.
``adversarial``  every supernode / group sends to one other supernode /
                 group (a random derangement of groups), each source router to
                 the routers of that group at its largest minimal distance
                 (PolarStar 9.6, "longest possible minpath").  Needs
                 ``labels["supernode"]`` or ``labels["group"]``.
``worst_case``   Galaxyfly Sec. 5's per-family worst case: Galaxyfly
                 terminals to terminals of other clusters (option
                 ``galaxyfly_rule="cluster_permutation"``: each cluster to one
                 other cluster, longest minimal distance), Slim Fly terminals
                 only to other groups of their own subgraph, Dragonfly group
                 adversarial, flattened butterfly (HyperX) tornado, fat tree
                 to the terminals whose paths cross the top level; other
                 families raise.
``neighbor``     router permutation to a neighbour (Polarized 4.1): a random
                 permutation tau with tau(r) adjacent to r (a random perfect
                 matching of the bipartite double cover); endpoint i of r sends
                 to endpoint i of tau(r).
``tornado``      the tornado router permutation of a k-ary n-cube (Dally and
                 Towles): coordinate x_i -> x_i + ceil(k_i / 2) - 1 (mod k_i)
                 in every dimension, endpoint i of r to endpoint i of its
                 image.  Needs ``labels["coords"]`` (HyperX, torus).
``hotspot``      Galaxyfly blend: 90 % uniform, 10 % to a fixed range of I/O
                 endpoints (default the last max(1, #endpoints // 64)
                 endpoints; option ``io_endpoints``, ``hot_fraction``).

Every random choice takes the ``seed`` passed by :func:`lowdiam.sim.simulate`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np

UNIFORM, TABLE, HOTSPOT = 0, 1, 2


@dataclasses.dataclass
class TrafficSpec:
    mode: int
    active: np.ndarray  # bool per endpoint: does it inject
    ptr: np.ndarray  # int32 (NE+1,) for TABLE
    dst: np.ndarray  # int32 destination endpoints for TABLE
    hot: np.ndarray  # int32 hotspot endpoints
    hot_fraction: float = 0.0
    include_source: bool = False  # UNIFORM: the source is one of the destinations (BookSim2's uniform)


@dataclasses.dataclass
class Endpoints:
    """Endpoint numbering of a topology: router of each endpoint, first endpoint of each router."""

    router: np.ndarray  # (NE,) int32
    first: np.ndarray  # (n+1,) int64
    local: np.ndarray  # (NE,) int32 index of the endpoint on its router

    @classmethod
    def of(cls, endpoints_per_router: np.ndarray) -> Endpoints:
        counts = np.asarray(endpoints_per_router, dtype=np.int64)
        first = np.zeros(counts.size + 1, dtype=np.int64)
        np.cumsum(counts, out=first[1:])
        router = np.repeat(np.arange(counts.size, dtype=np.int32), counts)
        local = (np.arange(first[-1]) - first[router]).astype(np.int32)
        return cls(router=router, first=first, local=local)

    @property
    def count(self) -> int:
        return int(self.router.size)


def _table(ne: int, dst_per_src: np.ndarray) -> TrafficSpec:
    """Permutation-like pattern: one destination per source (-1 = silent)."""
    dst_per_src = np.asarray(dst_per_src, dtype=np.int64)
    active = dst_per_src >= 0
    ptr = np.zeros(ne + 1, dtype=np.int32)
    np.cumsum(active, out=ptr[1:])
    return TrafficSpec(TABLE, active, ptr, dst_per_src[active].astype(np.int32), np.zeros(0, np.int32))


def _router_map(ep: Endpoints, tau: np.ndarray) -> np.ndarray:
    """Endpoint i of router r -> endpoint i of tau(r) (silent where tau(r) has fewer endpoints)."""
    counts = np.diff(ep.first)
    target_r = tau[ep.router]
    ok = ep.local < counts[target_r]
    return np.where(ok, ep.first[target_r] + ep.local, -1)


def uniform(topology, ep: Endpoints, D, rng, include_source: bool = False) -> TrafficSpec:
    from lowdiam.validate import check_bool

    check_bool("uniform traffic_options['include_source']", include_source)
    ne = ep.count
    none = np.zeros(0, np.int32)
    return TrafficSpec(UNIFORM, np.full(ne, ne > 1), np.zeros(1, np.int32), none, none,
                       include_source=include_source)


def refuse_include_source(spec: TrafficSpec, router: str, why: str) -> None:
    """Raise ``ValueError`` if ``spec`` counts the source among the destinations (``include_source=True``), for a
    router model that does not model it (``why``: what it does instead)."""
    if spec.include_source:
        raise ValueError("uniform traffic_options include_source=True (BookSim2's uniform: the source is one of the "
                         f"destinations) runs on router 'booksim' only; router {router!r} does not model it ({why})")


def randperm(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    carriers = np.flatnonzero(np.diff(ep.first) > 0)
    tau = np.arange(topology.num_routers)
    tau[carriers] = rng.permutation(carriers)
    return _table(ep.count, _router_map(ep, tau))


def server_perm(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    return _table(ep.count, rng.permutation(ep.count))


def _power_of_two_ids(ne: int) -> tuple[int, np.ndarray]:
    if ne < 2:
        raise ValueError(f"bit patterns need at least 2 endpoints, got {ne}")
    b = int(np.floor(np.log2(ne)))
    return b, np.arange(1 << b, dtype=np.int64)


def _bits_pattern(ne: int, f: Callable[[np.ndarray, int], np.ndarray]) -> TrafficSpec:
    b, s = _power_of_two_ids(ne)
    dst = np.full(ne, -1, dtype=np.int64)
    dst[s] = f(s, b)
    return _table(ne, dst)


def _rotate_left(s: np.ndarray, b: int, k: int) -> np.ndarray:
    k %= b
    mask = (1 << b) - 1
    return ((s << k) | (s >> (b - k))) & mask if k else s


def shuffle(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    return _bits_pattern(ep.count, lambda s, b: _rotate_left(s, b, 1))


def bitrev(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    def rev(s, b):
        out = np.zeros_like(s)
        for i in range(b):
            out |= ((s >> i) & 1) << (b - 1 - i)
        return out

    return _bits_pattern(ep.count, rev)


def transpose(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    return _bits_pattern(ep.count, lambda s, b: _rotate_left(s, b, b // 2))


def _groups(topology) -> np.ndarray:
    for key in ("supernode", "group"):
        if key in topology.labels:
            return np.asarray(topology.labels[key], dtype=np.int64)
    raise ValueError(
        "adversarial traffic needs labels['supernode'] or labels['group'] on the topology; "
        f"{topology.name} has labels {sorted(topology.labels)}"
    )


def _rows_table(ep: Endpoints, router_rows: dict[int, np.ndarray]) -> TrafficSpec:
    """Every endpoint of router r picks uniformly among the endpoints of the routers ``router_rows[r]``."""
    first = np.asarray(ep.first, dtype=np.int64)
    counts = np.diff(first)
    ptr = np.zeros(ep.count + 1, dtype=np.int64)
    rows = []
    for r, targets in router_rows.items():
        t = np.asarray(targets, dtype=np.int64)
        lens = counts[t]
        # the endpoints of the target routers in order: first[t] + 0, 1, ..., counts[t] - 1, target by target
        eps = np.repeat(first[t] - (np.cumsum(lens) - lens), lens) + np.arange(int(lens.sum()))
        k = int(counts[r])
        if k:  # every endpoint of router r has this row
            rows.append(np.tile(eps, k))
            ptr[first[r] + 1:first[r] + 1 + k] = eps.size
    np.cumsum(ptr, out=ptr)
    dst = np.concatenate(rows).astype(np.int32) if rows else np.zeros(0, np.int32)
    return TrafficSpec(TABLE, np.diff(ptr) > 0, ptr.astype(np.int32), dst, np.zeros(0, np.int32))


def _partner_rows(ep: Endpoints, partners: Callable[[int], np.ndarray]) -> TrafficSpec:
    """Every endpoint of a carrying router r picks uniformly among the endpoints of the carrying routers
    where the boolean mask ``partners(r)`` holds."""
    carriers = np.diff(ep.first) > 0
    return _rows_table(ep, {int(r): np.flatnonzero(partners(r) & carriers) for r in np.flatnonzero(carriers)})


def _block_adversarial(block: np.ndarray, ep: Endpoints, D, rng, what: str) -> TrafficSpec:
    """Each block sends to one other block; each source router to that block's routers at its largest distance."""
    counts = np.diff(ep.first)
    names = np.unique(block[counts > 0])
    if names.size < 2:
        raise ValueError(f"adversarial traffic needs at least two {what}s carrying endpoints")
    # a random cyclic shift of a random order is a derangement of the blocks
    order = rng.permutation(names)
    target = dict(zip(order.tolist(), np.roll(order, -1).tolist()))
    rows = {}
    for r in np.flatnonzero(counts > 0):
        members = np.flatnonzero((block == target[int(block[r])]) & (counts > 0))
        rows[int(r)] = members[D[r, members] == D[r, members].max()]
    return _rows_table(ep, rows)


def adversarial(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    return _block_adversarial(_groups(topology), ep, D, rng, "group")


WORST_CASE_FAMILIES = ("galaxyfly", "slimfly", "mms", "dragonfly", "hyperx", "fattree")


GALAXYFLY_RULES = ("inter_cluster", "cluster_permutation")


def _tornado(topology) -> np.ndarray:
    """Tornado router permutation of a HyperX / flattened butterfly or a torus from its ``coords`` label."""
    if "coords" not in topology.labels:
        raise ValueError(f"tornado traffic needs labels['coords'] (lowdiam.topologies.hyperx or torus); "
                         f"{topology.name} has labels {sorted(topology.labels)}")
    coords = np.asarray(topology.labels["coords"], dtype=np.int64)
    sides = coords.max(axis=0) + 1
    image = (coords + (sides + 1) // 2 - 1) % sides
    index = np.ravel_multi_index(tuple(coords.T), tuple(sides))
    router_at = np.full(int(np.prod(sides)), -1, dtype=np.int64)
    router_at[index] = np.arange(coords.shape[0])
    return router_at[np.ravel_multi_index(tuple(image.T), tuple(sides))]


def worst_case(topology, ep: Endpoints, D, rng, galaxyfly_rule: str = "inter_cluster") -> TrafficSpec:
    """Galaxyfly Sec. 5's worst-case traffic, one rule per family (so it differs between topologies).

    * Galaxyfly ("we arrange any two terminals in different clusters to
      communicate"), option ``galaxyfly_rule``:
      ``"inter_cluster"`` (default) every terminal picks uniformly among the
      terminals of the *other* clusters -- read like the Slim Fly sentence
      next to it, which names a set of partners; ``"cluster_permutation"``
      the harsher reading: every cluster sends to one other cluster, each
      source router to that cluster's routers at its largest minimal distance
      (the adversarial rule on clusters);
    * Slim Fly (MMS): terminals talk only within their subgraph and to other
      groups (all such routers are at distance 2: no links join two groups of
      one subgraph);
    * Dragonfly: group adversarial (``adversarial``);
    * flattened butterfly (``hyperx``: "similar to the tornado pattern of the k-ary n-cube"): the tornado
      router permutation, coordinate x_i -> x_i + ceil(k_i / 2) - 1 (mod k_i) in every dimension (Dally and
      Towles), endpoint j of a router to endpoint j of its image;
    * fat tree ("packets are transmitted through the highest level routers"): every terminal picks uniformly
      among the terminals of the leaf routers at the largest distance from its own, the leaves whose paths
      all climb to the top level.
    """
    fam = topology.family
    labels = topology.labels
    if fam == "galaxyfly":
        cluster = np.asarray(labels["cluster"], dtype=np.int64)
        if galaxyfly_rule == "cluster_permutation":
            return _block_adversarial(cluster, ep, D, rng, "cluster")
        if galaxyfly_rule != "inter_cluster":
            raise ValueError(f"unknown galaxyfly_rule {galaxyfly_rule!r}; choose one of {list(GALAXYFLY_RULES)}")
        return _partner_rows(ep, lambda r: cluster != cluster[r])
    if fam in ("slimfly", "mms"):
        sub = np.asarray(labels["subgraph"], dtype=np.int64)
        grp = np.asarray(labels["group"], dtype=np.int64)
        return _partner_rows(ep, lambda r: (sub == sub[r]) & (grp != grp[r]))
    if fam == "dragonfly":
        return adversarial(topology, ep, D, rng)
    if fam == "hyperx":
        return _table(ep.count, _router_map(ep, _tornado(topology)))
    if fam == "fattree":
        carriers = np.diff(ep.first) > 0
        return _partner_rows(ep, lambda r: D[r] == D[r, carriers].max())
    raise ValueError(
        f"no Galaxyfly worst-case rule for family {fam!r}; worst_case supports {WORST_CASE_FAMILIES} "
        "(use 'adversarial' for any topology with supernode / group labels)"
    )


def tornado(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    """Tornado: every router sends ceil(k_i / 2) - 1 steps ahead in every dimension i (``labels["coords"]``).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> top = hyperx(4, 3).with_endpoints(1)
    >>> spec = tornado(top, Endpoints.of(top.endpoints), None, None)
    >>> [top.labels["coords"][d].tolist() for d in spec.dst[:2]]  # from (0, 0) and (0, 1)
    [[1, 1], [1, 2]]
    """
    return _table(ep.count, _router_map(ep, _tornado(topology)))


def neighbor(topology, ep: Endpoints, D, rng) -> TrafficSpec:
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import maximum_bipartite_matching

    n = topology.num_routers
    # random relabelling so the matching found is a random one
    perm = rng.permutation(n)
    inv = np.argsort(perm)
    src = np.repeat(np.arange(n), np.diff(topology.indptr))
    rows, cols = perm[src], perm[topology.indices]
    a = csr_matrix((np.ones(rows.size, dtype=np.int8), (rows, cols)), shape=(n, n))
    match = maximum_bipartite_matching(a, perm_type="column")
    if np.any(match < 0):
        raise ValueError(
            f"{topology.name} has no permutation of routers onto neighbours (no perfect matching "
            "of its bipartite double cover); use 'randperm' instead"
        )
    tau = np.empty(n, dtype=np.int64)
    tau[inv[np.arange(n)]] = inv[match]  # row perm[r] matched to column perm[tau(r)]
    return _table(ep.count, _router_map(ep, tau))


def hotspot(topology, ep: Endpoints, D, rng, io_endpoints=None, hot_fraction: float = 0.1) -> TrafficSpec:
    from lowdiam.topologies.base import _integer_array
    from lowdiam.validate import check_float

    ne = ep.count
    if io_endpoints is None:
        io_endpoints = np.arange(ne - max(1, ne // 64), ne)
    if isinstance(io_endpoints, (str, bytes)):
        raise TypeError(f"io_endpoints must be a list of endpoint ids, got {type(io_endpoints).__name__} "
                        f"{io_endpoints!r}")
    hot = _integer_array("io_endpoints", io_endpoints, "endpoint ids")  # 0.7 or True are refused, never rounded
    if hot.ndim != 1 or hot.size == 0 or hot.min() < 0 or hot.max() >= ne:
        raise ValueError(f"io_endpoints must be a non-empty 1-D list of endpoint ids in [0, {ne}), got "
                         f"{io_endpoints!r:.100}")
    hot_fraction = check_float("hot_fraction", hot_fraction, low=0.0, high=1.0)
    return TrafficSpec(HOTSPOT, np.full(ne, ne > 1), np.zeros(1, np.int32), np.zeros(0, np.int32),
                       hot.astype(np.int32), hot_fraction)


PATTERNS: dict[str, Callable[..., TrafficSpec]] = {
    "uniform": uniform,
    "randperm": randperm,
    "server_perm": server_perm,
    "shuffle": shuffle,
    "bitrev": bitrev,
    "transpose": transpose,
    "adversarial": adversarial,
    "worst_case": worst_case,
    "neighbor": neighbor,
    "hotspot": hotspot,
    "tornado": tornado,
}


def pattern_options(name: str) -> tuple[str, ...]:
    """Option keys of a pattern (its keyword parameters after ``rng``); ``()`` for most.

    Examples
    --------
    >>> pattern_options("hotspot"), pattern_options("shuffle")
    (('io_endpoints', 'hot_fraction'), ())
    """
    import inspect

    if name not in PATTERNS:
        raise ValueError(f"unknown traffic pattern {name!r}; choose one of {sorted(PATTERNS)}")
    return tuple(inspect.signature(PATTERNS[name]).parameters)[4:]


def make_traffic(name: str, topology, ep: Endpoints, D, seed: int, **options) -> TrafficSpec:
    """Build the named pattern (seeded); unknown names or option keys raise ``ValueError`` listing the choices."""
    from lowdiam.validate import check_options

    valid = pattern_options(name)
    check_options(f"{name} traffic_options", options, valid)
    rng = np.random.default_rng([int(seed), 0x7AFF1C])
    return PATTERNS[name](topology, ep, D, rng, **options)
