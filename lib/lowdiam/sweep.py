"""Parameter sweeps of the simulator that scale out: cached, parallel, resumable.

A sweep is a list of :class:`Run` specs -- a topology *recipe* (constructor name
from :mod:`lowdiam.topologies` + keyword arguments, so any worker can rebuild the
network and the cache key describes it), routing, traffic, offered load, seed and
extra :func:`lowdiam.sim.simulate` keyword arguments.  :func:`run_sweep` executes
it and returns one flat *record* (dict) per run:

* every run is cached on disk with :func:`lowdiam.cache.cached` (namespace
  ``"sim"``) under the hash of all its parameters, the library version and a
  fingerprint of the simulator and topology sources (:func:`code_fingerprint`),
  so a rerun with the same parameters is instant and a changed parameter (or
  changed simulator code) recomputes exactly the runs it affects;
* cache misses run on local worker processes (``concurrent.futures``, all cores
  by default; the pool is kept alive between sweeps so numba's per-process
  start-up cost is paid once), in-process when ``processes=1``, or on a Dask
  distributed cluster when a scheduler address is given (argument or the
  ``LOWDIAM_DASK_SCHEDULER`` environment variable);
* workers only compute; the calling process reads and writes the cache, so a
  remote cluster needs no shared file system, and an interrupted sweep keeps
  every run finished so far.

:func:`load_curve` sweeps offered load for one configuration;
:func:`saturation_search` / :func:`saturation_searches` find saturation loads
by coarse steps then bisection near the knee (rule in :func:`bracket_saturation`).
:func:`write_csv` stores records next to a figure (``figures/<name>.csv``).

Results are deterministic: a run's numbers depend only on its spec (the
simulator is seeded), never on where or in which order it ran.
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import concurrent.futures.process  # BrokenProcessPool
import csv
import dataclasses
import difflib
import functools
import hashlib
import inspect
import json
import math
import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from .cache import cache_key, cached, lookup
from .claims import FIGURES
from .sim import PATTERNS, ROUTINGS, simulate

__all__ = [
    "Recipe",
    "Run",
    "SaturationResult",
    "bracket_saturation",
    "code_fingerprint",
    "load_curve",
    "run_sweep",
    "saturation_search",
    "saturation_searches",
    "shutdown_pool",
    "to_table",
    "write_csv",
]

NAMESPACE = "sim"
SCHEDULER_ENV = "LOWDIAM_DASK_SCHEDULER"
LOAD_DIGITS = 6  # loads are rounded so bisection midpoints give stable cache keys

# simulate() arguments a Run sets itself; the rest may go into Run.sim
_RUN_FIELDS = ("topology", "routing", "traffic", "load", "seed")
_SIM_KWARGS = tuple(p for p in inspect.signature(simulate).parameters if p not in _RUN_FIELDS)


def _near(name: str, choices: Iterable[str]) -> str:
    choices = sorted(choices)
    close = difflib.get_close_matches(name, choices, n=3, cutoff=0.5)
    return f"did you mean {close}? valid: {choices}" if close else f"valid: {choices}"


def _json_ready(what: str, value: Any) -> None:
    try:
        cache_key(NAMESPACE, {"v": value})
    except TypeError as exc:
        raise ValueError(f"{what} must be JSON-serialisable (numbers, strings, lists, dicts): {exc}") from None


# ----------------------------------------------------------------------------- specs
@dataclasses.dataclass(frozen=True)
class Recipe:
    """How to build a topology: ``lowdiam.topologies.<constructor>(*args, **kwargs)``.

    ``label`` is the display name used in tables and plots (not part of the cache key);
    ``args`` are positional arguments (e.g. the sides of ``hyperx``).
    """

    constructor: str
    kwargs: dict[str, Any] = dataclasses.field(default_factory=dict)
    label: str = ""
    args: tuple = ()

    def __post_init__(self) -> None:
        from . import topologies as T

        builders = [n for n in T.__all__ if n[0].islower()]
        if self.constructor not in builders:
            raise ValueError(
                f"unknown topology constructor {self.constructor!r}; {_near(self.constructor, builders)}"
            )
        if not isinstance(self.kwargs, dict):
            raise ValueError(f"Recipe kwargs must be a dict, got {type(self.kwargs).__name__}")
        object.__setattr__(self, "args", tuple(self.args))
        _json_ready(f"Recipe({self.constructor}) arguments", [self.args, self.kwargs])
        try:
            inspect.signature(getattr(T, self.constructor)).bind(*self.args, **self.kwargs)
        except TypeError as exc:
            params = list(inspect.signature(getattr(T, self.constructor)).parameters)
            raise ValueError(f"bad arguments for topologies.{self.constructor}{params}: {exc}") from None
        if not self.label:
            object.__setattr__(self, "label", self.constructor)

    def key(self) -> dict[str, Any]:
        return {"constructor": self.constructor, "args": list(self.args), "kwargs": self.kwargs}

    def build(self):
        """The topology (memoised per process: workers rebuild each network once)."""
        return _build(json.dumps(self.key(), sort_keys=True))


@functools.lru_cache(maxsize=16)
def _build(key_json: str):
    from . import topologies as T

    key = json.loads(key_json)
    return getattr(T, key["constructor"])(*key["args"], **key["kwargs"])


@dataclasses.dataclass(frozen=True)
class Run:
    """One simulation: topology recipe, routing, traffic, offered load, seed, simulate kwargs.

    ``sim`` holds any further :func:`lowdiam.sim.simulate` keyword arguments
    (``packet_flits``, ``buffer_flits``, ``vcs``, ``warmup_cycles``,
    ``measure_cycles``, ``endpoints_per_router``, ``flow_control`` ...).
    ``tags`` are copied into the record for grouping (not part of the cache key).
    """

    recipe: Recipe
    routing: str
    traffic: str
    load: float
    seed: int = 0
    sim: dict[str, Any] = dataclasses.field(default_factory=dict)
    tags: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.recipe, Recipe):
            raise ValueError(f"Run.recipe must be a Recipe, got {type(self.recipe).__name__}")
        if self.routing not in ROUTINGS:
            raise ValueError(f"unknown routing {self.routing!r}; {_near(self.routing, ROUTINGS)}")
        if self.traffic not in PATTERNS:
            raise ValueError(f"unknown traffic pattern {self.traffic!r}; {_near(self.traffic, PATTERNS)}")
        load = float(self.load)
        if math.isnan(load) or not 0.0 < load <= 1.0:
            raise ValueError(f"load must be in (0, 1] flits/endpoint/cycle, got {self.load!r}")
        object.__setattr__(self, "load", round(load, LOAD_DIGITS))
        if int(self.seed) != self.seed or self.seed < 0:
            raise ValueError(f"seed must be an integer >= 0, got {self.seed!r}")
        object.__setattr__(self, "seed", int(self.seed))
        for k in self.sim:
            if k not in _SIM_KWARGS:
                raise ValueError(f"unknown simulate() keyword {k!r} in Run.sim; {_near(k, _SIM_KWARGS)}")
        _json_ready("Run.sim", self.sim)

    def params(self) -> dict[str, Any]:
        """Everything the result depends on (the cache key's parameters)."""
        return {
            "recipe": self.recipe.key(),
            "routing": self.routing,
            "traffic": self.traffic,
            "load": self.load,
            "seed": self.seed,
            "sim": self.sim,
            "code": code_fingerprint(),
        }

    def key(self) -> str:
        return cache_key(NAMESPACE, self.params())

    def describe(self) -> str:
        return f"{self.recipe.label} {self.routing}/{self.traffic} load {self.load} seed {self.seed}"


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """SHA-256 (16 hex digits) of the simulator and topology sources.

    Part of every cache key: the library version alone does not change when the
    simulator is fixed, and a cached curve must never outlive the code behind it.
    """
    root = Path(__file__).resolve().parent
    h = hashlib.sha256()
    for sub in ("sim", "topologies"):
        for f in sorted((root / sub).glob("*.py")):
            h.update(f.name.encode())
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


# ----------------------------------------------------------------------------- execution
_DROP = ("params", "conservation", "topology")


def _execute(run: Run) -> dict[str, Any]:
    """Worker side: build the topology, simulate, flatten the result (no cache access)."""
    top = run.recipe.build()
    res = simulate(top, run.routing, run.traffic, run.load, seed=run.seed, **run.sim)
    out = {k: v for k, v in res.to_dict().items() if k not in _DROP}
    out.update(topology_name=res.topology, num_routers=top.num_routers, num_endpoints=top.num_endpoints)
    return out


def _record(run: Run, result: dict[str, Any]) -> dict[str, Any]:
    rec = {"label": run.recipe.label, "constructor": run.recipe.constructor,
           "recipe_kwargs": run.recipe.kwargs, "routing": run.routing, "traffic": run.traffic,
           "load": run.load, "seed": run.seed, **{f"sim_{k}": v for k, v in run.sim.items()}}
    rec.update(run.tags)
    rec.update(result)
    return rec


def _lookup(run: Run) -> dict[str, Any] | None:
    return lookup(NAMESPACE, run.params())


def _store(run: Run, result: dict[str, Any]) -> None:
    cached(NAMESPACE, run.params(), lambda: result)


_POOL: dict[str, Any] = {"size": 0, "executor": None}


def _pool(size: int) -> cf.ProcessPoolExecutor:
    # One long-lived pool: numba kernels load once per worker, not once per sweep.
    if _POOL["executor"] is None or _POOL["size"] != size:
        shutdown_pool()
        ctx = multiprocessing.get_context("spawn")  # fork is unsafe once numba/threads are loaded
        _POOL["executor"] = cf.ProcessPoolExecutor(max_workers=size, mp_context=ctx)
        _POOL["size"] = size
    return _POOL["executor"]


def shutdown_pool() -> None:
    """Stop the worker processes kept alive between sweeps (also done at exit)."""
    ex = _POOL["executor"]
    _POOL["executor"], _POOL["size"] = None, 0
    if ex is not None:
        ex.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_pool)


def _progress(total: int, enabled: bool, desc: str):
    if enabled:  # tqdm.auto warns inside notebooks without ipywidgets even when disabled
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(total=total, disable=not enabled, desc=desc, leave=False)


def _fail(run: Run, exc: BaseException) -> BaseException:
    exc.add_note(f"while simulating {run.describe()}")
    return exc


def _run_local(runs: list[Run], processes: int, bar, done: Callable[[int, dict], None]) -> None:
    if processes == 1 or len(runs) == 1:
        for i, run in enumerate(runs):
            try:
                done(i, _execute(run))
            except Exception as exc:
                raise _fail(run, exc)
            bar.update()
        return
    # group by topology so a worker tends to reuse the network it has just built
    order = sorted(range(len(runs)), key=lambda i: json.dumps(runs[i].recipe.key(), sort_keys=True))
    ex = _pool(processes)
    futs = {ex.submit(_execute, runs[i]): i for i in order}
    try:
        for fut in cf.as_completed(futs):
            i = futs[fut]
            try:
                done(i, fut.result())
            except cf.process.BrokenProcessPool:
                shutdown_pool()  # a worker died (killed, out of memory): never reuse a broken pool
                raise
            except Exception as exc:
                raise _fail(runs[i], exc)
            bar.update()
    except BaseException:
        for f in futs:
            f.cancel()
        raise


def _run_dask(runs: list[Run], scheduler: Any, bar, done: Callable[[int, dict], None]) -> None:
    from distributed import Client, as_completed

    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        futs = [client.submit(_execute, r, key=f"lowdiam-sim-{r.key()}", pure=True) for r in runs]
        index = {f.key: i for i, f in enumerate(futs)}
        for fut in as_completed(futs):
            i = index[fut.key]
            try:
                done(i, fut.result())
            except Exception as exc:
                raise _fail(runs[i], exc)
            bar.update()
    finally:
        if own:
            client.close()


def run_sweep(
    runs: Sequence[Run],
    *,
    scheduler: Any = None,
    processes: int | None = None,
    progress: bool = True,
) -> list[dict[str, Any]]:
    """Execute ``runs`` (cached) and return one record per run, in input order.

    Parameters
    ----------
    runs : the :class:`Run` specs; duplicates are simulated once.
    scheduler : Dask scheduler address (``"tcp://host:8786"``) or a ``distributed.Client``;
        ``None`` reads ``$LOWDIAM_DASK_SCHEDULER`` and, if unset, uses local processes.
    processes : local worker processes (default ``os.cpu_count()``); 1 runs in this process.
    progress : show a tqdm bar over the runs that need computing.

    A record holds the run spec (``label``, ``constructor``, ``recipe_kwargs``,
    ``routing``, ``traffic``, ``load``, ``seed``, ``sim_<kwarg>``, the run's
    ``tags``) and the :class:`lowdiam.sim.SimResult` fields (``accepted_load``,
    ``latency_mean``, ``latency_p99``, ``hops_mean``, ``hop_histogram``,
    ``jain_fairness``, ``saturated`` ...), plus ``num_routers``, ``num_endpoints``
    and ``cached`` (True when read from the cache).
    """
    runs = list(runs)
    for r in runs:
        if not isinstance(r, Run):
            raise ValueError(f"run_sweep takes Run specs, got {type(r).__name__}")
    if processes is None:
        processes = os.cpu_count() or 1
    if int(processes) != processes or processes < 1:
        raise ValueError(f"processes must be an integer >= 1 (or None for all cores), got {processes!r}")
    if scheduler is None:
        scheduler = os.environ.get(SCHEDULER_ENV) or None

    results: dict[str, dict[str, Any]] = {}
    from_cache: set[str] = set()
    pending: dict[str, Run] = {}  # duplicates are simulated once
    for r in runs:
        k = r.key()
        if k in results or k in pending:
            continue
        hit = _lookup(r)
        if hit is not None:
            results[k] = hit
            from_cache.add(k)
        else:
            pending[k] = r
    todo = list(pending.values())

    def done(i: int, result: dict[str, Any]) -> None:
        _store(todo[i], result)  # as each run finishes: an interrupted sweep keeps its progress
        results[todo[i].key()] = result

    if todo:
        with _progress(len(todo), progress, "simulations") as bar:
            if scheduler:
                _run_dask(todo, scheduler, bar, done)
            else:
                _run_local(todo, int(processes), bar, done)
    return [{**_record(r, results[r.key()]), "cached": r.key() in from_cache} for r in runs]


# ----------------------------------------------------------------------------- curves
def load_curve(
    recipe: Recipe,
    routing: str,
    traffic: str,
    loads: Iterable[float],
    *,
    seeds: Iterable[int] = (0,),
    sim: dict[str, Any] | None = None,
    tags: dict[str, Any] | None = None,
    **sweep_kwargs: Any,
) -> list[dict[str, Any]]:
    """Records of ``recipe`` under ``routing``/``traffic`` at every offered load and seed."""
    runs = [Run(recipe, routing, traffic, ld, s, dict(sim or {}), dict(tags or {})) for ld in loads for s in seeds]
    if not runs:
        raise ValueError("load_curve needs at least one load and one seed")
    return run_sweep(runs, **sweep_kwargs)


@dataclasses.dataclass
class SaturationResult:
    """Outcome of one saturation search.

    ``saturation_load``: largest offered load found stable (0.0 when even the
    first coarse load saturates); ``saturated_load``: smallest load found
    saturated above it (``None`` when every load up to ``hi`` is stable);
    ``accepted_load``: accepted throughput of the run at ``saturation_load``;
    ``records``: every run of the search, in load order.
    """

    recipe: Recipe
    routing: str
    traffic: str
    saturation_load: float
    saturated_load: float | None
    accepted_load: float
    records: list[dict[str, Any]]

    def as_row(self) -> dict[str, Any]:
        return {"label": self.recipe.label, "routing": self.routing, "traffic": self.traffic,
                "saturation_load": self.saturation_load, "saturated_load": self.saturated_load,
                "accepted_at_saturation": self.accepted_load, "runs": len(self.records)}


def bracket_saturation(
    is_saturated: Callable[[list[list[float]]], list[list[bool]]],
    count: int,
    *,
    coarse_step: float = 0.1,
    tol: float = 0.02,
    lo: float | None = None,
    hi: float = 1.0,
) -> list[tuple[float, float | None]]:
    """Saturation brackets of ``count`` independent searches evaluated in lockstep.

    Saturation rule: a load is *stable* when its run is not saturated (the
    rule of :mod:`lowdiam.sim.results`: every measured packet delivered and
    accepted >= 95 % of offered).  The coarse phase evaluates
    ``lo, lo + coarse_step, ..., hi`` (``lo`` defaults to ``coarse_step``) in
    ascending order and stops at the *knee*: the first saturated coarse load
    ``s``, with ``a`` the last stable load below it.  Bisection then halves ``[a, s]`` -- a stable midpoint moves
    ``a`` up, a saturated one moves ``s`` down -- until ``s - a <= tol``.
    Returns ``(a, s)`` per search, ``a = 0.0`` when ``lo`` saturates, ``s = None``
    when nothing up to ``hi`` saturates.  Loads above the first saturated coarse
    load are never simulated, so a non-monotone curve yields its first knee.

    ``is_saturated(loads_per_search)`` evaluates a batch -- one list of loads per
    search -- and returns the matching booleans; batching lets a whole round
    of all searches run in parallel.
    """
    if count < 1:
        raise ValueError(f"count must be >= 1, got {count}")
    if not 0.0 < coarse_step <= 1.0:
        raise ValueError(f"coarse_step must be in (0, 1], got {coarse_step}")
    if not 0.0 < tol < coarse_step:
        raise ValueError(f"tol must be in (0, coarse_step={coarse_step}), got {tol}")
    lo = coarse_step if lo is None else lo
    if not 0.0 < lo <= hi <= 1.0:
        raise ValueError(f"need 0 < lo <= hi <= 1, got lo={lo}, hi={hi}")
    n_coarse = int(math.floor((hi - lo) / coarse_step + 1e-9)) + 1
    coarse = [round(lo + i * coarse_step, LOAD_DIGITS) for i in range(n_coarse)]
    if coarse[-1] < hi - 1e-9:
        coarse.append(round(hi, LOAD_DIGITS))
    # Coarse phase, ascending in lockstep: each round asks every unfinished search for its next
    # coarse load, so loads above a knee (the slowest runs: saturated, long drains) are never simulated.
    brackets: list[list[float | None]] = [[0.0, None] for _ in range(count)]
    nxt = [0] * count
    active = list(range(count))
    while active:
        asked: list[list[float]] = [[] for _ in range(count)]
        for i in active:
            asked[i] = [coarse[nxt[i]]]
        answer = is_saturated(asked)
        still = []
        for i in active:
            if answer[i][0]:
                brackets[i][1] = coarse[nxt[i]]
            else:
                brackets[i][0] = coarse[nxt[i]]
                nxt[i] += 1
                if nxt[i] < len(coarse):
                    still.append(i)
        active = still
    while True:
        open_ = [i for i, (a, s) in enumerate(brackets) if s is not None and s - a > tol]
        if not open_:
            break
        mids = [round((brackets[i][0] + brackets[i][1]) / 2, LOAD_DIGITS) for i in open_]
        asked: list[list[float]] = [[] for _ in range(count)]
        for i, m in zip(open_, mids):
            asked[i] = [m]
        answer = is_saturated(asked)
        for i, m in zip(open_, mids):
            if answer[i][0]:
                brackets[i][1] = m
            else:
                brackets[i][0] = m
    return [(float(a), None if s is None else float(s)) for a, s in brackets]


def saturation_searches(
    configs: Sequence[tuple[Recipe, str, str]],
    *,
    coarse_step: float = 0.1,
    tol: float = 0.02,
    lo: float | None = None,
    hi: float = 1.0,
    seed: int = 0,
    sim: dict[str, Any] | None = None,
    tags: Sequence[dict[str, Any]] | None = None,
    **sweep_kwargs: Any,
) -> list[SaturationResult]:
    """Saturation load of every ``(recipe, routing, traffic)``: coarse steps then bisection.

    All searches advance together (one :func:`run_sweep` per round), so a round
    uses every worker; each run is cached, so a repeated search is instant.
    The rule and the bracket are those of :func:`bracket_saturation`.
    """
    configs = list(configs)
    if tags is not None and len(tags) != len(configs):
        raise ValueError(f"tags must have one dict per config ({len(configs)}), got {len(tags)}")
    sim = dict(sim or {})
    seen: list[dict[float, dict[str, Any]]] = [{} for _ in configs]

    def evaluate(loads: list[list[float]]) -> list[list[bool]]:
        runs, where = [], []
        for i, ls in enumerate(loads):
            rec, routing, traffic = configs[i]
            for ld in ls:
                runs.append(Run(rec, routing, traffic, ld, seed, sim, dict(tags[i]) if tags else {}))
                where.append(i)
        out: list[list[bool]] = [[] for _ in configs]
        for i, r in zip(where, run_sweep(runs, **sweep_kwargs)):
            seen[i][r["load"]] = r
            out[i].append(bool(r["saturated"]))
        return out

    if not configs:
        return []
    brackets = bracket_saturation(evaluate, len(configs), coarse_step=coarse_step, tol=tol, lo=lo, hi=hi)
    results = []
    for (rec, routing, traffic), (a, s), runs in zip(configs, brackets, seen):
        acc = runs[a]["accepted_load"] if a in runs else 0.0
        results.append(SaturationResult(rec, routing, traffic, a, s, acc, [runs[k] for k in sorted(runs)]))
    return results


def saturation_search(recipe: Recipe, routing: str, traffic: str, **kwargs: Any) -> SaturationResult:
    """Saturation load of one configuration (see :func:`saturation_searches`)."""
    return saturation_searches([(recipe, routing, traffic)], **kwargs)[0]


# ----------------------------------------------------------------------------- tables
DEFAULT_COLUMNS = (
    "label", "routing", "traffic", "load", "seed", "offered_load_actual", "accepted_load", "latency_mean",
    "latency_p50", "latency_p99", "network_latency_mean", "hops_mean", "jain_fairness", "min_source_throughput",
    "saturated", "packets_measured", "packets_delivered", "num_routers", "num_endpoints",
)


def to_table(records: Iterable[dict[str, Any]], columns: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """Rows restricted to ``columns`` (default: every key seen, in first-seen order)."""
    records = list(records)
    if columns is None:
        columns = list(dict.fromkeys(k for r in records for k in r))
    return [{c: r.get(c) for c in columns} for r in records]


def write_csv(
    rows: Iterable[dict[str, Any]], name: str, columns: Sequence[str] | None = None,
    directory: str | Path | None = None,
) -> Path:
    """Write rows to ``<directory or figures>/<name>.csv`` (lists/dicts as JSON); return the path."""
    if not name or "/" in name or name.endswith(".csv"):
        raise ValueError(f"name must be a plain file stem like '05_fig9_uniform', got {name!r}")
    table = to_table(rows, columns)
    if not table:
        raise ValueError(f"no rows to write to {name}.csv")
    out = Path(directory) if directory is not None else FIGURES
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.csv"
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(table[0]))
        w.writeheader()
        for row in table:
            w.writerow({k: json.dumps(v) if isinstance(v, (list, dict, tuple)) else v for k, v in row.items()})
    return path
