"""Physical layout: cabinets on a machine-room grid, router placement, cable lengths.

Two layout models are implemented, each as its paper states it.

SpectralFly (Young et al., Sec. VII, following SkyWalk, Fujiwara et al. IPDPS 2014):

* two routers per cabinet (as in Summit); c = ceil(n / 2) cabinets on an
  x-by-y grid with y = ceil(sqrt(2c / 0.6)) and x = ceil(c / y)
  (:func:`spectralfly_grid`);
* an intra-cabinet link is 2 m; a link between cabinets at grid positions
  (x_i, y_i) and (x_j, y_j) is 4 + 2|x_i - x_j| + 0.6|y_i - y_j| m (2 m overhead
  at each end; :func:`spectralfly_wire_length`);
* the routers of each cabinet are a maximum matching of the router graph, and
  the cabinets are placed to minimise the total wire length (a quadratic
  assignment problem).  The paper's own heuristic ("expectation minimization
  with greedy refinement") is not specified further; ours
  (:func:`embed_spectralfly`) starts from a spectral ordering and applies
  first-improvement pairwise swaps until no swap shortens the total length.
  Its numbers are therefore *ours*, not the paper's heuristic's.

Galaxyfly (Lei et al., Secs. 5.3 and 6.1): whole modules (groups, supernodes,
clusters, routers) are packed into cabinets (:func:`pack_modules`,
:func:`equal_module_cabinets`); cabinets of 1 x 1 m footprint stand on a
square grid; intra-cabinet cables are electrical, 1.25 m (the paper says
"about 1-1.5 m on average"); inter-cabinet cables are optical, Manhattan
distance between cabinets plus 2 m overhead per cabinet
(:func:`galaxyfly_cable_lengths`).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numba
import numpy as np

from ..validate import check_float, check_int

__all__ = [
    "Embedding",
    "cabinets_for_terminals",
    "classify_links",
    "embed_spectralfly",
    "equal_module_cabinets",
    "galaxyfly_cable_lengths",
    "inter_cabinet_links",
    "max_matching_pairs",
    "pack_modules",
    "spectralfly_grid",
    "spectralfly_wire_length",
    "square_grid",
]


def spectralfly_grid(cabinets: int) -> tuple[int, int]:
    """SpectralFly's cabinet grid ``(x, y)``: y = ceil(sqrt(2c / 0.6)), x = ceil(c / y).

    Parameters
    ----------
    cabinets : int
        c >= 1, the number of cabinets.

    Returns
    -------
    (x, y) : tuple of int
        Columns (2 m apart) and rows (0.6 m apart); x * y >= c.

    Examples
    --------
    >>> spectralfly_grid(84)       # LPS(11, 7): 168 routers, 2 per cabinet
    (5, 17)
    """
    c = check_int("cabinets", cabinets, low=1)
    y = math.ceil(math.sqrt(2 * c / 0.6))
    return math.ceil(c / y), y


def spectralfly_wire_length(xa, ya, xb, yb) -> np.ndarray:
    """Cable length in metres between cabinets at grid cells (xa, ya) and (xb, yb).

    2 m inside a cabinet (same cell), else 4 + 2|xa - xb| + 0.6|ya - yb|.

    Examples
    --------
    >>> spectralfly_wire_length(0, 0, 0, 0), spectralfly_wire_length(0, 0, 1, 2)
    (2.0, 7.2)
    """
    xa, ya, xb, yb = (np.asarray(v, dtype=np.float64) for v in (xa, ya, xb, yb))
    same = (xa == xb) & (ya == yb)
    out = np.where(same, 2.0, 4.0 + 2.0 * np.abs(xa - xb) + 0.6 * np.abs(ya - yb))
    return out if out.ndim else float(out)


def max_matching_pairs(topology: Any) -> np.ndarray:
    """Routers grouped two per cabinet along a maximum matching (networkx blossom).

    Returns an int array ``cabinet_of`` (one entry per router): matched routers
    share a cabinet; unmatched routers are paired among themselves in id order
    (they share a cabinet without a link between them).

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> cab = max_matching_pairs(hyperx(2, 2))
    >>> sorted(np.bincount(cab).tolist())
    [2, 2]
    """
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(topology.num_routers))
    g.add_edges_from(map(tuple, topology.edges.tolist()))
    matching = nx.max_weight_matching(g, maxcardinality=True)
    cabinet_of = np.full(topology.num_routers, -1, dtype=np.int64)
    pairs = sorted(tuple(sorted(e)) for e in matching)
    for c, (u, v) in enumerate(pairs):
        cabinet_of[u] = cabinet_of[v] = c
    rest = np.flatnonzero(cabinet_of < 0)
    nxt = len(pairs)
    for i in range(0, rest.size, 2):
        cabinet_of[rest[i:i + 2]] = nxt
        nxt += 1
    return cabinet_of


@numba.njit(cache=True)
def _swap_search(w, dist, slot_of, max_passes):
    """First-improvement pairwise swaps of cabinet slots (QAP local search).

    w: (m, m) symmetric cabinet-link counts (m = number of slots; empty slots
    are cabinets with no links); dist: (m, m) slot distances; slot_of[a] the
    slot of cabinet a.  Returns the number of passes made.
    """
    m = w.shape[0]
    passes = 0
    improved = True
    while improved and passes < max_passes:
        improved = False
        passes += 1
        for a in range(m):
            for b in range(a + 1, m):
                sa = slot_of[a]
                sb = slot_of[b]
                delta = 0.0
                for k in range(m):
                    if k == a or k == b:
                        continue
                    sk = slot_of[k]
                    wa = w[a, k]
                    wb = w[b, k]
                    if wa == 0.0 and wb == 0.0:
                        continue
                    delta += (wa - wb) * (dist[sb, sk] - dist[sa, sk])
                if delta < -1e-9:
                    slot_of[a] = sb
                    slot_of[b] = sa
                    improved = True
    return passes


def _spectral_coordinates(lap: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two coordinates per vertex from the eigenspaces of Laplacian eigenvalues 2 and 3 (in ascending order).

    Why not the eigenvectors themselves: symmetric networks (LPS, Slim Fly) have repeated Laplacian
    eigenvalues, and within a repeated eigenspace LAPACK's basis is arbitrary -- it changed with the BLAS
    thread count, and with it the placement.  The orthogonal projector onto an eigenspace is unique, so we
    project two fixed probe vectors (seeded) onto it: the result depends on the graph only.  Eigenvalues
    within ``1e-8 * max(1, lambda_max)`` count as one; coordinates are rounded to 1e-9 so that rounding
    noise cannot reorder them.
    """
    c = lap.shape[0]
    if c < 2:
        return np.zeros(c), np.zeros(c)
    vals, vecs = np.linalg.eigh(lap)
    tol = 1e-8 * max(1.0, float(abs(vals[-1])))
    probes = np.random.default_rng(0).standard_normal((2, c))

    def project(i: int, probe: np.ndarray) -> np.ndarray:
        basis = vecs[:, np.abs(vals - vals[i]) <= tol]
        return basis @ (basis.T @ probe)

    f1 = project(1, probes[0])
    f2 = project(2, probes[1]) if c > 2 else np.zeros(c)
    if c > 2 and abs(vals[2] - vals[1]) <= tol:  # same eigenspace: the second coordinate orthogonal to the first
        f2 = f2 - f1 * (f1 @ f2) / (f1 @ f1)
    return np.round(f1, 9), np.round(f2, 9)


@dataclasses.dataclass(frozen=True)
class Embedding:
    """A placement of routers into cabinets on a grid, and each link's length.

    Attributes
    ----------
    cabinet_of : (n,) int -- cabinet of every router.
    cabinet_xy : (c, 2) int -- grid cell (x, y) of every cabinet.
    grid : (x, y) -- grid size.
    lengths : (E,) float -- length in metres of every link, in ``topology.edges`` order.
    passes : int -- local-search passes made.
    """

    cabinet_of: np.ndarray
    cabinet_xy: np.ndarray
    grid: tuple[int, int]
    lengths: np.ndarray
    passes: int

    @property
    def mean_length(self) -> float:
        return float(self.lengths.mean())

    @property
    def max_length(self) -> float:
        return float(self.lengths.max())


def embed_spectralfly(topology: Any, *, max_passes: int = 50) -> Embedding:
    """Embed a router graph in SpectralFly's machine room (our QAP heuristic).

    Cabinets hold the two routers of a maximum-matching edge
    (:func:`max_matching_pairs`); c cabinets go on the :func:`spectralfly_grid`;
    the initial placement sorts cabinets into columns by a Fiedler coordinate
    of the cabinet graph and within a column by a third-eigenvalue coordinate
    (projections of fixed probe vectors onto those Laplacian eigenspaces, so
    the placement does not depend on LAPACK's basis of a repeated eigenvalue);
    then first-improvement pairwise swaps (empty cells included) run until a
    full pass finds no shorter total wire length, or ``max_passes``.

    Parameters
    ----------
    topology : Topology
    max_passes : int
        Upper bound on local-search passes (each is O(c^3)).  The whole
        procedure is deterministic (no random choices).

    Returns
    -------
    Embedding

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> e = embed_spectralfly(hyperx(4, 4))
    >>> e.grid, int((e.lengths == 2.0).sum())      # 8 cabinets, 8 matched links inside them
    ((2, 6), 8)
    """
    max_passes = check_int("max_passes", max_passes, low=1)
    cab = max_matching_pairs(topology)
    c = int(cab.max()) + 1
    gx, gy = spectralfly_grid(c)
    m = gx * gy
    cells = np.array([(x, y) for x in range(gx) for y in range(gy)], dtype=np.int64)
    dist = spectralfly_wire_length(cells[:, None, 0], cells[:, None, 1], cells[None, :, 0], cells[None, :, 1])
    np.fill_diagonal(dist, 0.0)
    w = np.zeros((m, m))
    ca, cb = cab[topology.edges[:, 0]], cab[topology.edges[:, 1]]
    inter = ca != cb
    np.add.at(w, (ca[inter], cb[inter]), 1.0)
    np.add.at(w, (cb[inter], ca[inter]), 1.0)
    # spectral start: coordinates from the low Laplacian eigenspaces of the cabinet graph
    wc = w[:c, :c]
    f1, f2 = _spectral_coordinates(np.diag(wc.sum(axis=1)) - wc)
    order = np.argsort(f1, kind="stable")
    slot_of = np.empty(m, dtype=np.int64)
    for x in range(gx):
        col = order[x * gy:(x + 1) * gy]
        col = col[np.argsort(f2[col], kind="stable")]
        for k, a in enumerate(col):
            slot_of[a] = x * gy + k
    used = np.zeros(m, dtype=bool)
    used[slot_of[:c]] = True
    slot_of[c:] = np.flatnonzero(~used)
    passes = int(_swap_search(w, dist, slot_of, max_passes))
    xy = cells[slot_of[:c]]
    lengths = spectralfly_wire_length(
        xy[ca, 0], xy[ca, 1], xy[cb, 0], xy[cb, 1]
    )
    return Embedding(cabinet_of=cab, cabinet_xy=xy, grid=(gx, gy), lengths=np.asarray(lengths), passes=passes)


def classify_links(lengths: Any, electrical_max_m: float = 5.0) -> tuple[int, int]:
    """Split links into electrical (length <= ``electrical_max_m``) and optical ones.

    SpectralFly does not state its rule.  Ours: a link is electrical (a passive
    copper cable) when it is at most 5 m long, the longest passive copper
    cable Mellanox lists for 100 Gb/s EDR InfiniBand (the SB7800 generation the
    paper's power figures come from); longer links are optical.

    Returns
    -------
    (electrical, optical) : tuple of int

    Examples
    --------
    >>> classify_links([2.0, 4.6, 5.0, 6.0, 12.2])
    (3, 2)
    """
    limit = check_float("electrical_max_m", electrical_max_m, low=0.0, low_open=True)
    lengths = np.asarray(lengths, dtype=np.float64)
    elec = int((lengths <= limit + 1e-9).sum())
    return elec, int(lengths.size - elec)


def pack_modules(modules: Any, per_cabinet: int) -> np.ndarray:
    """Cabinet of each router when whole modules are packed ``per_cabinet`` at a time.

    Modules are taken in increasing label order; cabinet k holds modules
    k * per_cabinet .. (k + 1) * per_cabinet - 1 (the last one may hold fewer).

    Examples
    --------
    >>> pack_modules([0, 0, 1, 1, 2, 2], 2).tolist()
    [0, 0, 0, 0, 1, 1]
    """
    per = check_int("per_cabinet", per_cabinet, low=1)
    modules = np.asarray(modules)
    _, dense = np.unique(modules, return_inverse=True)
    return (dense // per).astype(np.int64)


def equal_module_cabinets(num_modules: int, terminals_per_module: int, max_terminals: int) -> int:
    """Fewest cabinets holding an equal whole number of modules, at most ``max_terminals`` each.

    Our reading of Galaxyfly Sec. 5.3 ("each cabinet containing 200-360
    terminals"): the smallest divisor c of the module count with
    (num_modules / c) * terminals_per_module <= max_terminals.

    Examples
    --------
    >>> equal_module_cabinets(56, 55, 360)    # Dragonfly GF(56,1,11,5): 4 groups of 55 per cabinet
    14
    """
    nm = check_int("num_modules", num_modules, low=1)
    tpm = check_int("terminals_per_module", terminals_per_module, low=1)
    mx = check_int("max_terminals", max_terminals, low=1)
    for c in range(1, nm + 1):
        if nm % c == 0 and (nm // c) * tpm <= mx:
            return c
    raise ValueError(f"a single module has {tpm} terminals, more than max_terminals={mx}")


def inter_cabinet_links(topology: Any, cabinet_of: Any) -> int:
    """Number of links whose two routers sit in different cabinets.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> inter_cabinet_links(hyperx(2, 2), [0, 0, 1, 1])
    2
    """
    cab = np.asarray(cabinet_of)
    if cab.shape[0] != topology.num_routers:
        raise ValueError(f"cabinet_of needs one entry per router ({topology.num_routers}), got {cab.shape[0]}")
    return int((cab[topology.edges[:, 0]] != cab[topology.edges[:, 1]]).sum())


def square_grid(cabinets: int) -> tuple[int, int]:
    """The near-square grid (rows, cols) with cols = ceil(sqrt(c)), rows = ceil(c / cols).

    Examples
    --------
    >>> square_grid(172)
    (13, 14)
    """
    c = check_int("cabinets", cabinets, low=1)
    cols = math.ceil(math.sqrt(c))
    return math.ceil(c / cols), cols


def galaxyfly_cable_lengths(topology: Any, cabinet_of: Any, *, intra_m: float = 1.25,
                            overhead_m: float = 2.0, pitch_m: float = 1.0) -> tuple[np.ndarray, np.ndarray]:
    """Cable lengths under Galaxyfly's cost-model layout (Sec. 6.1), and which are intra-cabinet.

    Cabinets (1 x 1 m footprint, ``pitch_m`` apart) are placed row-major on
    :func:`square_grid` in cabinet-id order; an intra-cabinet cable is
    ``intra_m`` (the paper: "about 1-1.5 m on average"); an inter-cabinet cable
    is the Manhattan distance between the cabinets plus ``overhead_m`` at each
    end.

    Returns
    -------
    lengths : (E,) float, metres, in ``topology.edges`` order
    intra : (E,) bool

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> lengths, intra = galaxyfly_cable_lengths(hyperx(2, 2), [0, 0, 1, 1])
    >>> sorted(lengths.tolist())
    [1.25, 1.25, 5.0, 5.0]
    """
    intra_m = check_float("intra_m", intra_m, low=0.0)
    overhead_m = check_float("overhead_m", overhead_m, low=0.0)
    pitch_m = check_float("pitch_m", pitch_m, low=0.0, low_open=True)
    cab = np.asarray(cabinet_of, dtype=np.int64)
    if cab.shape[0] != topology.num_routers:
        raise ValueError(f"cabinet_of needs one entry per router ({topology.num_routers}), got {cab.shape[0]}")
    _, cols = square_grid(int(cab.max()) + 1)
    ca, cb = cab[topology.edges[:, 0]], cab[topology.edges[:, 1]]
    dx = np.abs(ca % cols - cb % cols)
    dy = np.abs(ca // cols - cb // cols)
    intra = ca == cb
    lengths = np.where(intra, intra_m, pitch_m * (dx + dy) + 2 * overhead_m)
    return lengths.astype(np.float64), intra


def cabinets_for_terminals(num_modules: int, terminals_per_module: int, target_terminals: int) -> tuple[int, int]:
    """Whole modules per cabinet nearest ``target_terminals``, and the cabinet count.

    Our reading of Galaxyfly Sec. 6.1 ("each cabinet contains approximately
    the same number of terminals as a group in DF"): m = max(1,
    round(target / terminals_per_module)) modules per cabinet (halves round up),
    ceil(num_modules / m) cabinets.

    Returns
    -------
    (modules_per_cabinet, cabinets)

    Examples
    --------
    >>> cabinets_for_terminals(1458, 20, 171)     # Slim Fly SF(27), 20 terminals per router
    (9, 162)
    """
    nm = check_int("num_modules", num_modules, low=1)
    tpm = check_int("terminals_per_module", terminals_per_module, low=1)
    tgt = check_int("target_terminals", target_terminals, low=1)
    m = max(1, math.floor(tgt / tpm + 0.5))
    return m, -(-nm // m)
