"""Fault tolerance under random link failures.

Model (PolarStar Sec. 11.2 / Fig. 14, SpectralFly Sec. IV-A / Fig. 5,
Galaxyfly Sec. 3.4 / Fig. 5): links fail one at a time in a uniformly random
order (a *failure sequence*, a random permutation of the link ids).  The
*disconnection ratio* of a sequence is ``k / E`` where ``k`` is the number of
failed links at the moment the network first becomes disconnected -- for a
direct network when the router graph splits, for an indirect network
(fat-tree, Megafly) when the *endpoint-bearing* routers no longer all lie in
one component (switches without endpoints may be cut off harmlessly).

Computation.  Removing links in order ``s_1, s_2, ...`` and asking when the
graph first disconnects is the same as adding the links back in reverse
order ``s_E, s_{E-1}, ...`` into an empty graph and asking when the relevant
routers first form one component: if that happens after ``m`` additions, the
graph missing ``s_1 .. s_{E-m}`` is connected and the graph also missing
``s_{E-m+1}`` is not, so ``k = E - m + 1``.  One union-find pass with path
halving and union by size costs ``O(E alpha(n))`` per sequence instead of a
BFS after every removal.

Metrics of damaged networks (diameter, mean distance, bisection) are computed
on the graph with the first ``round(r E)`` links of a sequence removed, with
the bit-parallel BFS engine (:mod:`lowdiam.metrics.distances`) and METIS
(:mod:`lowdiam.metrics._bisection`).  For indirect networks distances are
measured between endpoint-bearing routers only (PolarStar Fig. 14 caption).

Trial counts can follow SpectralFly's rule (Sec. IV-A footnote): grow the
number of trials ``x`` in powers of ten until the coefficient of variation of
the means of 10 batches of ``x`` trials is below 10%.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from typing import Any

import numpy as np
from numba import njit, prange

from .metrics.distances import UNREACHABLE, _distances_from_csr, _stats_csr
from .topologies.base import as_topology, csr_from_edges
from .validate import check_float, check_int

__all__ = [
    "METRICS",
    "FailureMetrics",
    "damaged_edges",
    "disconnection_counts",
    "disconnection_ratio",
    "failure_sequences",
    "median_trial",
    "metrics_along_sequence",
    "metrics_under_failures",
    "recorded_disconnection_ratio",
    "recorded_metrics_under_failures",
    "spectralfly_trials",
]

METRICS = ("diameter", "mean_distance", "bisection")


# ------------------------------------------------------------------ checks
def _check_int(name: str, value: Any, lo: int, hint: str) -> int:
    # one rule and message for the whole library (lowdiam.validate); the hint says what the number is for
    try:
        return check_int(name, value, low=lo)
    except (TypeError, ValueError) as exc:
        raise type(exc)(f"{exc} ({hint})") from None


def _graph(topology: Any) -> tuple[int, np.ndarray, np.ndarray]:
    """(num_routers, normalized edges, endpoint-bearing mask) of any graph input (see ``as_topology``)."""
    t = as_topology(topology)
    n = t.num_routers
    edges = np.ascontiguousarray(t.edges, dtype=np.int32)
    mask = t.endpoint_routers
    if edges.shape[0] == 0:
        raise ValueError(f"topology {t.name!r} has no links: nothing can fail")
    if int(mask.sum()) < 2:
        raise ValueError(
            "disconnection needs at least 2 endpoint-bearing routers, got "
            f"{int(mask.sum())}; check labels['carries_endpoints']"
        )
    return n, edges, mask


def _numbers(name: str, values: Any) -> np.ndarray:
    """A flat float array of real numbers; strings, bools and objects are refused, not converted."""
    arr = np.asarray(values)
    if arr.dtype == bool or not np.issubdtype(arr.dtype, np.number) or np.iscomplexobj(arr):
        raise TypeError(f"{name} must be real numbers, got dtype {arr.dtype}")
    return arr.astype(float).reshape(-1)


def _check_order(order: Any, num_links: int) -> np.ndarray:
    arr = np.asarray(order)
    if (arr.shape != (num_links,) or arr.dtype == bool or not np.issubdtype(arr.dtype, np.integer)
            or not np.array_equal(np.sort(arr), np.arange(num_links))):
        raise ValueError(f"order must be an integer permutation of the {num_links} link ids (see failure_sequences)")
    return arr


# --------------------------------------------------------- failure sequences
def _order(num_links: int, seed: int, trial: int) -> np.ndarray:
    """Removal order of trial ``trial``: its own generator, so trial i is the
    same whatever the number of trials asked for."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(trial,)))
    return rng.permutation(num_links).astype(np.int32)


def failure_sequences(topology: Any, trials: int, seed: int = 0) -> np.ndarray:
    """Random link-removal orders, shape ``(trials, E)`` int32.

    Row ``i`` is a uniformly random permutation of the link ids (rows of
    ``topology.edges``): link ``row[0]`` fails first.  Row ``i`` depends only
    on ``(seed, i)`` (NumPy ``SeedSequence(seed, spawn_key=(i,))``), so asking
    for more trials extends, never changes, the earlier ones.
    """
    trials = _check_int("trials", trials, 1, "e.g. 10 or 100")
    seed = _check_int("seed", seed, 0, "a non-negative int")
    _, edges, _ = _graph(topology)
    return np.stack([_order(edges.shape[0], seed, t) for t in range(trials)])


# ----------------------------------------------------------------- union-find
@njit(cache=True, inline="always")
def _find(parent: np.ndarray, x: int) -> int:
    while parent[x] != x:
        parent[x] = parent[parent[x]]  # path halving
        x = parent[x]
    return x


@njit(cache=True)
def _links_to_connect(n: int, eu: np.ndarray, ev: np.ndarray, order: np.ndarray,
                      weight: np.ndarray, total: int) -> int:
    """Add links ``order[E-1], order[E-2], ...`` to an empty graph; return how
    many additions make all ``weight``-1 routers one component (-1: never)."""
    parent = np.arange(n, dtype=np.int32)
    size = np.ones(n, dtype=np.int32)
    relevant = weight.copy()  # relevant routers in each root's component
    E = order.shape[0]
    for m in range(1, E + 1):
        e = order[E - m]
        a = _find(parent, eu[e])
        b = _find(parent, ev[e])
        if a == b:
            continue
        if size[a] < size[b]:
            a, b = b, a
        parent[b] = a
        size[a] += size[b]
        relevant[a] += relevant[b]
        if relevant[a] == total:
            return m
    return -1


@njit(parallel=True, cache=True)
def _batch_counts(n, eu, ev, orders, weight, total):
    out = np.empty(orders.shape[0], dtype=np.int64)
    E = orders.shape[1]
    for t in prange(orders.shape[0]):
        m = _links_to_connect(n, eu, ev, orders[t], weight, total)
        out[t] = E - m + 1 if m >= 0 else 0
    return out


def disconnection_counts(topology: Any, orders: Any) -> np.ndarray:
    """Links failed at first disconnection, one per removal order (int64).

    ``orders`` is ``(trials, E)`` (or one order of length ``E``), each row a
    permutation of the link ids, first failure first.  Connectivity is among
    the endpoint-bearing routers (``labels["carries_endpoints"]``).  Raises
    ``ValueError`` if the intact network is already disconnected.
    """
    n, edges, mask = _graph(topology)
    arr = np.asarray(orders)
    if arr.ndim == 1:
        arr = arr[None, :]
    E = edges.shape[0]
    if arr.ndim != 2 or arr.shape[1] != E or not np.issubdtype(arr.dtype, np.integer):
        raise ValueError(
            f"orders must be integer permutations of the {E} link ids, shape (trials, {E}); got {arr.shape}"
        )
    srt = np.sort(arr, axis=1)
    if not np.array_equal(srt, np.broadcast_to(np.arange(E), srt.shape)):
        raise ValueError(f"every order must be a permutation of 0..{E - 1} (each link fails exactly once)")
    weight = mask.astype(np.int32)
    counts = _batch_counts(n, edges[:, 0].copy(), edges[:, 1].copy(), np.ascontiguousarray(arr, dtype=np.int32),
                           weight, int(weight.sum()))
    if np.any(counts == 0):
        raise ValueError(
            "the intact network is already disconnected (its endpoint-bearing routers are not in one "
            "component): the disconnection ratio is undefined"
        )
    return counts


def disconnection_ratio(topology: Any, trials: int = 100, seed: int = 0, *, batch: int = 64) -> np.ndarray:
    """Fraction of links failed when the network first disconnects, one per trial.

    Trial ``i`` removes links in the order ``failure_sequences(topology, trials,
    seed)[i]``; its ratio is ``k / E`` with ``k`` the number of failed links at
    the first disconnection (for indirect networks: of the endpoint-bearing
    routers).  Union-find over the reverse order, ``O(E alpha)`` per trial,
    trials in parallel; orders are generated ``batch`` at a time to bound memory.

    Reference: PolarStar Sec. 11.2 ("100 random link failure scenarios until
    disconnection"), Galaxyfly Sec. 3.4.

    >>> from lowdiam.topologies import slimfly
    >>> r = disconnection_ratio(slimfly(5), trials=3, seed=1); r.shape, bool(((r > 0) & (r <= 1)).all())
    ((3,), True)
    """
    trials = _check_int("trials", trials, 1, "e.g. 10 or 100")
    seed = _check_int("seed", seed, 0, "a non-negative int")
    batch = _check_int("batch", batch, 1, "orders generated at a time, e.g. 64")
    _, edges, _ = _graph(topology)
    E = edges.shape[0]
    out = np.empty(trials, dtype=np.float64)
    for lo in range(0, trials, batch):
        hi = min(trials, lo + batch)
        orders = np.stack([_order(E, seed, t) for t in range(lo, hi)])
        out[lo:hi] = disconnection_counts(topology, orders) / E
    return out


def median_trial(ratios: Any) -> int:
    """Index of the trial with the (lower) median disconnection ratio.

    PolarStar Fig. 14 reports one run "with median disconnection ratio"; among
    ties the smallest trial index is taken, so the choice is deterministic.
    """
    r = _numbers("ratios", ratios)
    if r.size == 0 or not np.all(np.isfinite(r)):
        raise ValueError("ratios must be a non-empty array of finite disconnection ratios")
    med = np.sort(r)[(r.size - 1) // 2]
    return int(np.flatnonzero(r == med)[0])


# -------------------------------------------------------- damaged networks
def damaged_edges(topology: Any, order: Any, failed: int) -> np.ndarray:
    """Links left after the first ``failed`` links of ``order`` fail, (E - failed, 2) int32, sorted."""
    _, edges, _ = _graph(topology)
    E = edges.shape[0]
    failed = _check_int("failed", failed, 0, f"links removed, at most {E}")
    if failed > E:
        raise ValueError(f"failed must be at most the link count {E}, got {failed}")
    return _kept(edges, _check_order(order, E), failed)


def _kept(edges: np.ndarray, order: np.ndarray, failed: int) -> np.ndarray:
    keep = np.ones(edges.shape[0], dtype=bool)
    keep[order[:failed]] = False
    return edges[keep]  # a subset of sorted rows stays sorted


def _distance_metrics(n: int, edges: np.ndarray, mask: np.ndarray, sources: int | None,
                      seed: int) -> tuple[float, float]:
    """(diameter, mean distance) among endpoint-bearing routers; inf if some pair is unreachable.

    Direct networks: exact (``sources=None``) or from ``sources`` sampled routers.
    Indirect: BFS from endpoint routers (all, or a sample), distances read at endpoint routers.
    """
    # the damaged graph is a subset of a validated topology's links: its CSR is valid by construction
    indptr, indices = csr_from_edges(n, edges)
    ep = np.flatnonzero(mask).astype(np.int32)
    if sources is not None and not 1 <= sources <= ep.size:
        raise ValueError(f"sources must be None (exact) or in [1, {ep.size}] (endpoint routers), got {sources}")
    if ep.size == n:
        st = _stats_csr(indptr, indices, sources, seed)
        return float(st.diameter), float(st.mean_distance)
    src = ep
    if sources is not None and sources < ep.size:
        src = np.sort(np.random.default_rng(seed).choice(ep, size=sources, replace=False)).astype(np.int32)
    # rows: sources; columns: endpoint routers.  Long paths (>= 255) cannot occur
    # before disconnection in these networks; distances_from raises if they do.
    d = _distances_from_csr(indptr, indices, src)[:, ep]
    if np.any(d == UNREACHABLE):
        return math.inf, math.inf
    pairs = src.size * (ep.size - 1)
    return float(d.max()), float(d.sum(dtype=np.int64) / pairs)


def _bisection_cut(n: int, edges: np.ndarray, mask: np.ndarray, trials: int, seed: int) -> int:
    from .metrics._bisection import bisection  # pymetis only when asked for

    return int(bisection((n, edges), trials=trials, seed=seed, endpoint_mask=mask).cut_edges)


def _check_metrics(metrics: Sequence[str]) -> tuple[str, ...]:
    if isinstance(metrics, str):
        raise TypeError(f"metrics must be a sequence of names such as ('diameter',), got the string {metrics!r}")
    ms = tuple(metrics)
    bad = [m for m in ms if m not in METRICS]
    if bad or not ms:
        raise ValueError(f"unknown metric(s) {bad or ms!r}; choose from {METRICS}")
    return ms


def _check_ratios(ratios: Any) -> np.ndarray:
    r = np.asarray(ratios)
    if r.dtype == bool or not np.issubdtype(r.dtype, np.number) or np.iscomplexobj(r):
        raise TypeError(f"failure ratios must be numbers in [0, 1), e.g. [0, 0.1, 0.2]; got {ratios!r}")
    r = r.astype(float).reshape(-1)
    if r.size == 0 or np.any(~np.isfinite(r)) or np.any(r < 0) or np.any(r >= 1):
        raise ValueError(f"failure ratios must be finite numbers in [0, 1), e.g. [0, 0.1, 0.2]; got {ratios!r}")
    return r


def _measure(n, edges, mask, order, failed, metrics, sources, seed, bisection_trials) -> dict[str, float]:
    kept = _kept(edges, order, failed)
    out: dict[str, float] = {}
    if "diameter" in metrics or "mean_distance" in metrics:
        d, m = _distance_metrics(n, kept, mask, sources, seed)
        out["diameter"], out["mean_distance"] = d, m
    if "bisection" in metrics:
        out["bisection"] = float(_bisection_cut(n, kept, mask, bisection_trials, seed))
    return {k: out[k] for k in metrics}


def metrics_along_sequence(topology: Any, order: Any, ratios: Any, *,
                           metrics: Sequence[str] = ("diameter", "mean_distance"),
                           sources: int | None = None, seed: int = 0,
                           bisection_trials: int = 4) -> dict[str, np.ndarray]:
    """Metrics of one failure sequence at each failure ratio (PolarStar Fig. 14).

    At ratio ``r`` the first ``round(r E)`` links of ``order`` have failed.
    Returns ``{metric: (len(ratios),) float}`` with ``inf`` where the
    endpoint-bearing routers are disconnected, plus ``"failed"`` link counts.
    ``sources=None`` is exact; an int samples that many source routers (seeded).
    """
    n, edges, mask = _graph(topology)
    ms = _check_metrics(metrics)
    r = _check_ratios(ratios)
    E = edges.shape[0]
    order = _check_order(order, E)
    seed = _check_int("seed", seed, 0, "a non-negative int")
    bisection_trials = _check_int("bisection_trials", bisection_trials, 1, "METIS runs, e.g. 4")
    if sources is not None:
        sources = _check_int("sources", sources, 1, "sampled source routers, or None for exact")
    out = {m: np.empty(r.size) for m in ms}
    failed = np.rint(r * E).astype(np.int64)
    for i, f in enumerate(failed):
        vals = _measure(n, edges, mask, order, int(f), ms, sources, seed, bisection_trials)
        for m in ms:
            out[m][i] = vals[m]
    out["failed"] = failed
    return out


# ------------------------------------------------------- failure ensembles
@dataclasses.dataclass(frozen=True)
class FailureMetrics:
    """Metrics of randomly damaged networks.

    Attributes:
        ratios: failure ratios (fraction of links removed).
        values: ``values[metric][i]`` -- per-trial values at ``ratios[i]``
            (``inf`` for a disconnected trial; ``bisection`` is the cut in links).
        trials: trials used at each ratio.
        cv: ``cv[metric][i]`` -- coefficient of variation of the 10 batch means
            (SpectralFly rule), ``nan`` when a fixed trial count was given.
        num_links: links of the intact network (to normalise a bisection).
        sampled_sources: ``None`` if distances are exact, else sources per trial.
    """

    ratios: np.ndarray
    values: dict[str, list[np.ndarray]]
    trials: np.ndarray
    cv: dict[str, np.ndarray]
    num_links: int
    sampled_sources: int | None

    def connected_fraction(self) -> np.ndarray:
        """Fraction of trials at each ratio whose endpoint routers stay connected."""
        key = "diameter" if "diameter" in self.values else next(iter(self.values))
        if key == "bisection":
            raise ValueError("connectivity is only recorded with the distance metrics")
        return np.array([np.isfinite(v).mean() for v in self.values[key]])

    def mean(self, metric: str) -> np.ndarray:
        """Mean over the *connected* trials at each ratio (``nan`` if none)."""
        if metric not in self.values:
            raise ValueError(f"metric {metric!r} was not computed; have {tuple(self.values)}")
        out = []
        for i, v in enumerate(self.values[metric]):
            ok = self._connected(i)
            out.append(float(v[ok].mean()) if ok.any() else math.nan)
        return np.array(out)

    def _connected(self, i: int) -> np.ndarray:
        if "diameter" in self.values:
            return np.isfinite(self.values["diameter"][i])
        return np.ones(self.values[next(iter(self.values))][i].size, dtype=bool)


def spectralfly_trials(values: Any, batches: int = 10) -> float:
    """Coefficient of variation of the means of ``batches`` equal batches of ``values``.

    SpectralFly Sec. IV-A footnote: trials grow x10 until this is below 10%.
    Non-finite values (disconnected trials) make the CV ``inf`` (not converged);
    a zero mean with zero spread counts as converged (0).
    """
    batches = _check_int("batches", batches, 2, "the SpectralFly rule uses 10")
    v = _numbers("values", values)
    if v.size < batches or v.size % batches:
        raise ValueError(f"need a multiple of {batches} values (10 batches of x trials), got {v.size}")
    if not np.all(np.isfinite(v)):
        return math.inf
    means = v.reshape(batches, -1).mean(axis=1)
    mu, sd = means.mean(), means.std(ddof=1)
    if sd == 0:
        return 0.0
    return float(sd / abs(mu)) if mu != 0 else math.inf


def metrics_under_failures(topology: Any, ratios: Any, trials: int | str = 10, seed: int = 0, *,
                           metrics: Sequence[str] = ("diameter", "mean_distance"),
                           sources: int | None = None, bisection_trials: int = 4,
                           max_trials: int = 1000, cv_target: float = 0.10,
                           progress: bool = False) -> FailureMetrics:
    """Diameter, mean distance and bisection of randomly damaged networks.

    At ratio ``r`` trial ``t`` removes the first ``round(r E)`` links of
    ``failure_sequences(topology, ., seed)[t]`` (so damage is nested across
    ratios, like links failing over time).  ``trials`` is a fixed count, or
    ``"spectralfly"`` for SpectralFly's rule: 10 batches of ``x = 1, 10, 100,
    ...`` trials until the coefficient of variation of the batch means of every
    requested metric is below ``cv_target`` (or ``10 x`` would exceed
    ``max_trials``).  Distances are exact with ``sources=None`` or estimated
    from ``sources`` sampled routers; for indirect networks both ends are
    endpoint-bearing routers.  ``bisection`` is the METIS cut (best of
    ``bisection_trials`` runs) in links.

    Reference: SpectralFly Fig. 5 and its footnote; Galaxyfly Fig. 5.
    """
    n, edges, mask = _graph(topology)
    ms = _check_metrics(metrics)
    r = _check_ratios(ratios)
    seed = _check_int("seed", seed, 0, "a non-negative int")
    bisection_trials = _check_int("bisection_trials", bisection_trials, 1, "METIS runs, e.g. 4")
    if sources is not None:
        sources = _check_int("sources", sources, 1, "sampled source routers, or None for exact")
    adaptive = isinstance(trials, str)
    if adaptive:
        if trials != "spectralfly":
            raise ValueError(f"trials must be a positive int or 'spectralfly', got {trials!r}")
        max_trials = _check_int("max_trials", max_trials, 10, "cap of the SpectralFly rule, e.g. 1000")
        cv_target = check_float("cv_target (e.g. 0.10)", cv_target, low=0.0, high=1.0, low_open=True, high_open=True)
    else:
        trials = _check_int("trials", trials, 1, "e.g. 10, or 'spectralfly'")
    E = edges.shape[0]
    failed = np.rint(r * E).astype(np.int64)
    orders: list[np.ndarray] = []

    def order(t: int) -> np.ndarray:
        while len(orders) <= t:
            orders.append(_order(E, seed, len(orders)))
        return orders[t]

    from tqdm import tqdm

    values = {m: [] for m in ms}
    used = np.zeros(r.size, dtype=np.int64)
    cvs = {m: np.full(r.size, math.nan) for m in ms}
    for i in tqdm(range(r.size), desc="failure ratios", disable=not progress, leave=False):
        rows: list[dict[str, float]] = []

        def run(k: int, rows: list[dict[str, float]] = rows, i: int = i) -> None:  # bound now, called now
            for t in range(len(rows), k):
                rows.append(_measure(n, edges, mask, order(t), int(failed[i]), ms, sources, seed + t,
                                     bisection_trials))

        if adaptive:
            x = 1
            while True:
                run(10 * x)
                cv = {m: spectralfly_trials([row[m] for row in rows]) for m in ms}
                if all(c < cv_target for c in cv.values()) or 100 * x > max_trials:
                    break
                x *= 10
            for m in ms:
                cvs[m][i] = cv[m]
        else:
            run(trials)
        used[i] = len(rows)
        for m in ms:
            values[m].append(np.array([row[m] for row in rows]))
    return FailureMetrics(ratios=r, values=values, trials=used, cv=cvs, num_links=E, sampled_sources=sources)


# ------------------------------------------------------- recorded (paper-scale) results
def _json_values(values: Any) -> list[float | None]:
    """Per-trial values as JSON-safe numbers: a disconnected trial's ``inf`` becomes ``None``."""
    return [float(x) if math.isfinite(x) else None for x in np.asarray(values, dtype=float)]


def _values_from_json(values: Sequence[float | None]) -> np.ndarray:
    return np.array([math.inf if x is None else float(x) for x in values], dtype=float)


def _rows_by_key(log, items: Sequence[dict]) -> list[dict] | None:
    have = {log.item_key(row): row for row in log.rows()}
    keys = [log.item_key(it) for it in items]
    return [have[k] for k in keys] if all(k in have for k in keys) else None


def recorded_disconnection_ratio(log, item: dict, topology: Any, trials: int = 100, seed: int = 0, *,
                                 read_only: bool = False) -> np.ndarray | None:
    """:func:`disconnection_ratio` through a :class:`lowdiam.results.ResultLog`: one row per network.

    Parameters
    ----------
    log : lowdiam.results.ResultLog
        Its key must include ``"trials"`` and ``"seed"`` and the columns of ``item`` that name the network.
    item : dict
        The network's key columns (e.g. ``{"network": "SF(17)", "constructor": "slimfly(17)"}``).
    topology : Topology or callable
        The network, or a zero-argument builder (called only when the row must be computed).
    trials, seed : int
        As for :func:`disconnection_ratio`.
    read_only : bool
        Do not compute a missing row: return ``None`` instead.

    Returns
    -------
    numpy.ndarray or None
        The ``trials`` disconnection ratios (recorded, or computed now and appended).

    Examples
    --------
    >>> import tempfile
    >>> from lowdiam.results import ResultLog
    >>> from lowdiam.topologies import slimfly
    >>> log = ResultLog("04_demo", "disc", key=("network", "trials", "seed"), root=tempfile.mkdtemp())
    >>> r = recorded_disconnection_ratio(log, {"network": "SF(5)"}, slimfly(5), trials=4, seed=1)
    >>> bool(np.array_equal(r, disconnection_ratio(slimfly(5), 4, 1)))
    True
    >>> recorded_disconnection_ratio(log, {"network": "SF(7)"}, slimfly, trials=4, seed=1, read_only=True) is None
    True
    """
    it = {**item, "trials": int(trials), "seed": int(seed)}
    rows = _rows_by_key(log, [it])
    if rows is None:
        if read_only:
            return None
        top = topology() if callable(topology) else topology
        rows = [{**it, "ratios": [float(x) for x in disconnection_ratio(top, trials, seed)]}]
        log.append(rows[0])
    return np.asarray(rows[0]["ratios"], dtype=float)


def recorded_metrics_under_failures(log, item: dict, topology: Any, ratios: Any, trials: int | str = 10,
                                    seed: int = 0, *, read_only: bool = False, **options: Any) -> FailureMetrics | None:
    """:func:`metrics_under_failures` one failure ratio at a time, each ratio a row of a ``ResultLog``.

    Ratio ``r`` depends only on the failure sequences and the trial rule, not on the other ratios asked for,
    so computing the ratios one by one gives exactly the result of one call over all of them; a stopped run
    resumes at the first unrecorded ratio.

    Parameters
    ----------
    log : lowdiam.results.ResultLog
        Its key must include ``item``'s columns and ``ratio``, ``trials``, ``seed``, ``options``.
    item : dict
        The network's key columns.
    topology : Topology or callable
        The network, or a zero-argument builder (called only if a row must be computed).
    ratios, trials, seed, **options
        As for :func:`metrics_under_failures` (``options``: ``metrics``, ``bisection_trials``, ``max_trials``,
        ...; recorded in the key column ``options``).
    read_only : bool
        Do not compute missing rows: return ``None`` unless every ratio is recorded.

    Returns
    -------
    FailureMetrics or None

    Examples
    --------
    >>> import tempfile
    >>> from lowdiam.results import ResultLog
    >>> from lowdiam.topologies import slimfly
    >>> log = ResultLog("04_demo", "fig5", key=("network", "ratio", "trials", "seed", "options"),
    ...                 root=tempfile.mkdtemp())
    >>> rec = recorded_metrics_under_failures(log, {"network": "SF(5)"}, slimfly(5), [0.0, 0.3], 3, seed=2)
    >>> ref = metrics_under_failures(slimfly(5), [0.0, 0.3], 3, seed=2)
    >>> bool(np.array_equal(rec.mean("mean_distance"), ref.mean("mean_distance"))), len(log.rows())
    (True, 2)
    """
    r = _check_ratios(ratios)
    opts = {k: (list(v) if isinstance(v, tuple) else v) for k, v in sorted(options.items()) if k != "progress"}
    items = [{**item, "ratio": float(x), "trials": trials if isinstance(trials, str) else int(trials),
              "seed": int(seed), "options": opts} for x in r]
    rows = _rows_by_key(log, items)
    if rows is None:
        if read_only:
            return None
        top: list = []

        def compute(it):
            if not top:
                top.append(topology() if callable(topology) else topology)
            fm = metrics_under_failures(top[0], [it["ratio"]], trials, seed, **options)
            return {"num_links": fm.num_links, "trials_used": int(fm.trials[0]),
                    "values": {m: _json_values(v[0]) for m, v in fm.values.items()},
                    "cv": {m: (float(c[0]) if math.isfinite(c[0]) else None) for m, c in fm.cv.items()}}

        log.run(items, compute, progress=bool(options.get("progress", False)))
        rows = _rows_by_key(log, items)
    ms = list(rows[0]["values"])
    return FailureMetrics(
        ratios=r,
        values={m: [_values_from_json(row["values"][m]) for row in rows] for m in ms},
        trials=np.array([row["trials_used"] for row in rows], dtype=np.int64),
        cv={m: np.array([math.nan if row["cv"][m] is None else row["cv"][m] for row in rows]) for m in ms},
        num_links=int(rows[0]["num_links"]),
        sampled_sources=options.get("sources"),
    )
