"""Minimum balanced bisection of a router graph, estimated with METIS.

A *bisection* splits the routers into two halves ``A``, ``B`` whose balance
weights differ by at most one (the parity of the total); its width is the
number of links with one end in each half, and the *minimum bisection* is the
smallest width over all balanced splits.  Computing it is NP-hard, so -- like
PolarStar Sec. 11.1 (Fig. 12, 13), SpectralFly Sec. IV (Fig. 4) and Galaxyfly
Sec. 3.2 (Tables 3, 5) -- we estimate it with the multilevel partitioner
METIS (Karypis & Kumar, SIAM J. Sci. Comput. 1998) through ``pymetis``.  The
estimate is an *upper bound* on the true minimum; the best of several seeded
METIS runs is kept.

Balance.  Direct networks balance routers (every router carries endpoints).
Indirect networks (fat-tree, Megafly) balance the endpoint-bearing routers
and let switches without endpoints fall on either side, because a bisection
of an indirect network is a split of its *endpoints*.  METIS only meets its
balance target approximately (``ufactor``), so every trial is made exactly
balanced afterwards by greedy best-gain moves from the heavier side; the
balance METIS itself reached is recorded too.

Normalisation (``fraction``).  Cut links over all links for direct networks;
for indirect networks over the links incident with an endpoint-bearing router
(PolarStar Fig. 12 caption).  For a k-regular direct graph this is the
"normalized bisection bandwidth" BW / (n k / 2) of SpectralFly Fig. 4.

Inputs: a :class:`~lowdiam.topologies.Topology` (also one made by
``Topology.from_edges``, e.g. after removing failed links), an
``(num_routers, edges)`` pair with ``edges`` an (E, 2) array, or an
``(indptr, indices)`` symmetric CSR pair.  Disconnected graphs are fine (the
minimum bisection may then be 0).
"""

from __future__ import annotations

import dataclasses
import math
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np
from numba import njit

__all__ = ["PARALLEL_MIN_WORK", "Bisection", "as_graph", "bisection", "cut_size"]

BALANCES = ("auto", "routers", "endpoints")
#: links x trials from which ``bisection(workers=None)`` runs its METIS trials in parallel processes
#: (METIS partitions ~2.7 M links/s here, so below this a trial takes well under a second and the
#: process start-up would dominate).
PARALLEL_MIN_WORK = 20_000_000


@dataclasses.dataclass(frozen=True)
class Bisection:
    """Best balanced bisection found.

    Attributes
    ----------
    cut_edges : links between the two halves (an upper bound on the minimum bisection).
    fraction : ``cut_edges / num_links_counted`` (``nan`` when no link is counted).
    num_links_counted : the normalising link count (all links, or for indirect
        networks the links incident with endpoint-bearing routers).
    part : (n,) int8 side (0 / 1) of every router in the best split.
    part_sizes : routers on side 0 and side 1.
    part_weights : balance weight (routers or endpoint routers) on each side.
    imbalance : ``|part_weights[0] - part_weights[1]|`` -- 0 or 1 (total parity).
    metis_imbalance : that difference in METIS' own output of the best trial,
        before rebalancing (METIS meets balance only to its ``ufactor``).
    trial_cuts : cut of every trial after rebalancing (shows the heuristic's spread).
    trials, seed, balance : how it was computed.
    """

    cut_edges: int
    fraction: float
    num_links_counted: int
    part: np.ndarray
    part_sizes: tuple[int, int]
    part_weights: tuple[int, int]
    imbalance: int
    metis_imbalance: int
    trial_cuts: np.ndarray
    trials: int
    seed: int
    balance: str

    def summary(self) -> dict[str, Any]:
        """The scalar fields and ``trial_cuts`` as a plain dict (no per-router array), for tables and caches."""
        return {
            "cut_edges": self.cut_edges, "fraction": self.fraction,
            "num_links_counted": self.num_links_counted, "part_sizes": self.part_sizes,
            "part_weights": self.part_weights, "imbalance": self.imbalance,
            "metis_imbalance": self.metis_imbalance, "trial_cuts": self.trial_cuts.tolist(),
            "trials": self.trials, "seed": self.seed, "balance": self.balance,
        }

    def __repr__(self) -> str:
        return (f"Bisection(cut_edges={self.cut_edges}, fraction={self.fraction:.4f}, "
                f"links={self.num_links_counted}, sizes={self.part_sizes}, "
                f"imbalance={self.imbalance}, trials={self.trials})")


# --------------------------------------------------------------------- inputs
def as_graph(graph: Any) -> tuple[int, np.ndarray, np.ndarray, np.ndarray | None]:
    """``(n, indptr, indices, endpoint_mask)`` of any graph input (see :func:`lowdiam.topologies.base.as_topology`).

    ``endpoint_mask`` is ``None`` for raw inputs (every router counts as
    endpoint-bearing).  Raw inputs are validated there: a simple undirected graph.

    Examples
    --------
    >>> n, indptr, indices, mask = as_graph((3, [[0, 1], [1, 2]]))
    >>> n, indptr.tolist(), mask is None
    (3, [0, 1, 3, 4], True)
    """
    from lowdiam.topologies.base import Topology, as_topology

    t = as_topology(graph)
    mask = t.endpoint_routers if isinstance(graph, Topology) else None
    return t.num_routers, t.indptr, t.indices, mask


def cut_size(graph: Any, part: Any) -> int:
    """Links of ``graph`` whose ends lie on different sides of ``part`` (0/1 per router)."""
    n, indptr, indices, _ = as_graph(graph)
    side = np.asarray(part)
    if side.ndim != 1 or side.shape[0] != n:
        raise ValueError(f"part needs one side per router ({n}), got shape {side.shape}")
    rows = np.repeat(np.arange(n), np.diff(indptr))
    return int(np.count_nonzero(side[rows] != side[indices]) // 2)


# -------------------------------------------------------------------- kernels
@njit(cache=True)
def _gains(indptr, indices, side):
    """gain[v] = (neighbours across) - (neighbours on own side): cut change of moving v is -gain."""
    n = indptr.shape[0] - 1
    g = np.zeros(n, dtype=np.int64)
    for v in range(n):
        s = side[v]
        for j in range(indptr[v], indptr[v + 1]):
            g[v] += 1 if side[indices[j]] != s else -1
    return g


@njit(cache=True)
def _move(indptr, indices, side, gain, v):
    """Flip v to the other side and update the gains of v and its neighbours."""
    side[v] = 1 - side[v]
    gain[v] = -gain[v]
    for j in range(indptr[v], indptr[v + 1]):
        u = indices[j]
        # u was across from v before the move iff it is on v's new side now
        gain[u] += -2 if side[u] == side[v] else 2


@njit(cache=True)
def _rebalance(indptr, indices, side, weight, slack):
    """Make the split exactly balanced, then take free improving moves.

    1. While the heavier side outweighs the lighter by more than ``slack``
       (the parity of the total weight), move weight-1 vertices of the heavier
       side in decreasing order of gain.  ``need`` moves are required; each
       round moves the best ``max(1, need // 2)`` (gains are recomputed
       between rounds because moves change neighbours' gains), so a badly
       imbalanced input costs O(n log n log need), and the usual METIS output
       (a few vertices off) a handful of O(n) rounds.
    2. Move weight-0 vertices (switches of indirect networks) with positive
       gain; this never changes the balance and strictly lowers the cut.
    """
    n = indptr.shape[0] - 1
    gain = _gains(indptr, indices, side)
    w = np.zeros(2, dtype=np.int64)
    for v in range(n):
        w[side[v]] += weight[v]
    while abs(w[0] - w[1]) > slack:
        big = 0 if w[0] > w[1] else 1
        need = (abs(w[0] - w[1]) - slack) // 2
        cand = np.empty(n, dtype=np.int64)
        m = 0
        for v in range(n):
            if side[v] == big and weight[v] > 0:
                cand[m] = v
                m += 1
        cand = cand[:m]
        order = np.argsort(-gain[cand], kind="mergesort")  # stable: ties by router id
        for i in range(max(1, need // 2)):
            v = cand[order[i]]
            _move(indptr, indices, side, gain, v)
            w[big] -= 1
            w[1 - big] += 1
    improved = True
    while improved:
        improved = False
        for v in range(n):
            if weight[v] == 0 and gain[v] > 0:
                _move(indptr, indices, side, gain, v)
                improved = True


# ------------------------------------------------------------ METIS trials
# One METIS trial is one seeded pymetis call; trials are independent, so they can run in any process in any
# order and give the same partitions.  pymetis holds the GIL, hence processes, not threads.  The graph is
# handed to each worker once (inherited on fork, pickled once otherwise), not once per trial.
_METIS_GRAPH: tuple | None = None


def _metis_init(indptr, indices, vweights, ufactor) -> None:
    global _METIS_GRAPH
    if indptr is None:
        _METIS_GRAPH = None
        return
    import pymetis

    _METIS_GRAPH = (pymetis.CSRAdjacency(np.asarray(indptr, dtype=np.int64), np.asarray(indices, dtype=np.int64)),
                    vweights, int(ufactor))


def _metis_trial(seed: int) -> np.ndarray:
    """Sides (int8) of the METIS 2-way partition with this seed, of the graph set by ``_metis_init``."""
    import pymetis

    adjacency, vweights, ufactor = _METIS_GRAPH
    opts = pymetis.Options(seed=int(seed), ufactor=ufactor)
    _, parts = pymetis.part_graph(2, adjacency=adjacency, vweights=vweights, options=opts)
    return np.asarray(parts, dtype=np.int8)


def _parallel_trials(indptr, indices, vweights, ufactor, seeds, workers) -> list[np.ndarray]:
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_metis_init,
                             initargs=(indptr, indices, vweights, ufactor)) as pool:
        return list(pool.map(_metis_trial, seeds))  # in seed order, whatever finishes first


# ------------------------------------------------------------------ bisection
#: largest METIS seed (seeds ``seed .. seed + trials - 1`` must all fit METIS's 32-bit seed)
MAX_SEED = 2**31 - 1
#: most METIS trials of one estimate (each is a full partition; more is a typo, not a plan)
MAX_TRIALS = 100_000


def bisection(topology: Any, trials: int = 8, seed: int = 0, *, balance: str = "auto",
              endpoint_mask: Any = None, ufactor: int = 1, workers: int | None = None) -> Bisection:
    """Estimate the minimum balanced bisection with METIS (best of ``trials`` seeded runs).

    Parameters
    ----------
    topology : a ``Topology``, ``(num_routers, edges)`` or ``(indptr, indices)``.
    trials : independent METIS runs (seeds ``seed, seed + 1, ...``), 1 .. ``MAX_TRIALS``;
        the smallest cut after exact rebalancing is returned.
    seed : METIS seed of the first trial (results are deterministic per seed);
        ``seed + trials - 1 <= MAX_SEED`` (METIS's seed is 32-bit: nothing wraps).
    balance : ``"routers"`` (every router weighs 1), ``"endpoints"`` (only
        endpoint-bearing routers weigh 1) or ``"auto"`` (``"endpoints"`` for
        indirect networks, else ``"routers"``).
    endpoint_mask : endpoint-bearing routers for raw inputs (default: all);
        overrides the topology's ``labels["carries_endpoints"]``.
    ufactor : METIS load-imbalance tolerance in 1/1000 (1 = 0.1%).
    workers : processes that run the METIS trials (each trial is one seeded,
        independent METIS call, so the result is the same for any count).
        ``None`` (default): one process for small graphs, else up to
        ``os.cpu_count()`` when ``links * trials >= PARALLEL_MIN_WORK``.

    Returns
    -------
    Bisection with ``cut_edges`` and ``fraction`` (see the module docstring
    for the normalisation of indirect networks).

    References: PolarStar Fig. 12 (METIS, normalisation), SpectralFly Fig. 4,
    Galaxyfly Table 3 (beta = cut / (N / 2)).

    Examples
    --------
    >>> from lowdiam import topologies as T
    >>> b = bisection(T.slimfly(5), trials=4, seed=0)
    >>> b.cut_edges == bisection(T.slimfly(5), trials=4, seed=0, workers=2).cut_edges, b.imbalance
    (True, 0)
    """
    from lowdiam.topologies.base import _mask
    from lowdiam.validate import check_choice, check_int

    trials = check_int("trials", trials, low=1, high=MAX_TRIALS)
    # METIS takes a 32-bit seed: a larger one would silently wrap onto another seed's partition
    seed = check_int("seed", seed, low=0, high=MAX_SEED - trials + 1)
    check_choice("balance", balance, BALANCES)
    ufactor = check_int("ufactor (METIS imbalance in 1/1000, default 1)", ufactor, low=1, high=500)
    n, indptr, indices, mask = as_graph(topology)
    if endpoint_mask is not None:
        mask = _mask("endpoint_mask", endpoint_mask, n)
    if mask is None:
        mask = np.ones(n, dtype=bool)
    if balance == "auto":
        balance = "routers" if mask.all() else "endpoints"
    weight = np.ones(n, dtype=np.int64) if balance == "routers" else mask.astype(np.int64)
    total = int(weight.sum())
    if total < 2:
        raise ValueError(
            f"a bisection needs at least 2 routers of positive balance weight, got {total} "
            f"(n={n}, balance={balance!r}); use balance='routers' for graphs without endpoints"
        )

    # links counted for normalisation: all, or those touching an endpoint router
    rows = np.repeat(np.arange(n, dtype=np.int32), np.diff(indptr))
    upper = rows < indices
    u, v = rows[upper], indices[upper]
    counted = int(np.count_nonzero(mask[u] | mask[v]))
    slack = total % 2

    if workers is not None:
        workers = check_int("workers (processes for the METIS trials, or None)", workers, low=1)
    elif indices.size // 2 * trials >= PARALLEL_MIN_WORK:
        workers = os.cpu_count() or 1
    else:
        workers = 1
    workers = min(workers, trials)

    cuts = np.zeros(trials, dtype=np.int64)
    best_side: np.ndarray | None = None
    best_metis_imb = 0
    # zero-weight vertices are allowed; METIS needs a positive total (checked above)
    vweights = None if balance == "routers" else weight.tolist()
    seeds = [int(seed + t) for t in range(trials)]
    if indices.size == 0:
        metis_parts = (np.zeros(n, dtype=np.int8) for _ in seeds)
    elif workers == 1:
        _metis_init(indptr, indices, vweights, ufactor)
        try:
            metis_parts = [_metis_trial(s) for s in seeds]
        finally:
            _metis_init(None, None, None, None)
    else:
        metis_parts = _parallel_trials(indptr, indices, vweights, ufactor, seeds, workers)
    for t, parts in enumerate(metis_parts):
        side = np.asarray(parts, dtype=np.int64)
        metis_imb = int(abs(weight[side == 0].sum() - weight[side == 1].sum()))
        _rebalance(indptr, indices, side, weight, slack)
        cuts[t] = np.count_nonzero(side[u] != side[v])
        if best_side is None or cuts[t] < cuts[:t].min():
            best_side, best_metis_imb = side, metis_imb
    best = int(cuts.min())
    w0 = int(weight[best_side == 0].sum())
    w1 = total - w0
    s0 = int(np.count_nonzero(best_side == 0))
    return Bisection(
        cut_edges=best,
        fraction=(best / counted) if counted else math.nan,
        num_links_counted=counted,
        part=best_side.astype(np.int8),
        part_sizes=(s0, n - s0),
        part_weights=(w0, w1),
        imbalance=abs(w0 - w1),
        metis_imbalance=best_metis_imb,
        trial_cuts=cuts,
        trials=int(trials),
        seed=int(seed),
        balance=balance,
    )
