"""Parameter sweeps of the simulator that scale out: cached, parallel, resumable.

A sweep is a list of :class:`Run` specs -- a network (a topology *recipe*:
constructor name from :mod:`lowdiam.topologies` + keyword arguments, so any
worker can rebuild it; or any topology of your own, a ``Topology`` or a
networkx graph), routing, traffic, offered load, seed and extra
:func:`lowdiam.sim.simulate` keyword arguments.  :func:`run_sweep` executes it
and returns one flat *record* (dict) per run:

* every run is cached on disk with :mod:`lowdiam.cache` (namespace ``"sim"``)
  under the hash of its parameters -- a recipe by its arguments, a topology by
  its content hash -- and the entry records the source hash of every
  ``lowdiam`` module the worker had loaded, so a rerun with the same parameters
  is instant and a changed parameter or changed library code recomputes
  exactly the runs it affects;
* cache misses run on local worker processes (``concurrent.futures``, all cores
  by default; the pool is kept alive between sweeps so numba's per-process
  start-up cost is paid once), in-process when ``processes=1``, or on a Dask
  distributed cluster only when ``scheduler=`` names one (the environment is
  never read for this: work leaves the machine only when asked in the call);
* workers only compute; the calling process reads and writes the cache, so a
  remote cluster needs no shared file system, and an interrupted sweep keeps
  every run finished so far.

:func:`load_curve` sweeps offered load for one configuration;
:func:`saturation_search` / :func:`saturation_searches` find saturation loads
by coarse steps then bisection near the knee (rule in :func:`bracket_saturation`;
every search ends: ``tol >= MIN_TOL`` and at most ``MAX_BISECTIONS`` rounds).
:func:`write_csv` stores records next to a figure (``figures/<name>.csv``).

Results are deterministic: a run's numbers depend only on its spec (the
simulator is seeded), never on where or in which order it ran.
"""

from __future__ import annotations

import csv
import dataclasses
import difflib
import functools
import hashlib
import inspect
import json
import math
import os
import pickle
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from . import cache
from .cache import cache_key
from .parallel import BROKEN_POOL, inside_spawned_import, run_each, shutdown_pool
from .paths import figures_dir
from .sim import PATTERNS, ROUTINGS, simulate
from .validate import check_bool, check_float, check_int, check_options

__all__ = [
    "Recipe",
    "Run",
    "SaturationPlanner",
    "SaturationResult",
    "bracket_saturation",
    "code_fingerprint",
    "expected_cost",
    "load_curve",
    "recorded_records",
    "rerun_recorded",
    "result_log",
    "run_sweep",
    "saturation_search",
    "saturation_searches",
    "shutdown_pool",
    "to_table",
    "write_csv",
]

NAMESPACE = "sim"
SCHEDULER_ENV = "LOWDIAM_DASK_SCHEDULER"  # read by notebook 05's setup cell, never here: only scheduler= sends work out
LOAD_DIGITS = 6  # loads are rounded so bisection midpoints give stable cache keys
MIN_TOL = 1e-5  # bisection tolerance floor: well above the 1e-6 load rounding, so every step makes progress
MAX_BISECTIONS = 60  # hard cap on bisection rounds (tol >= MIN_TOL needs at most ~17)

# simulate() arguments a Run sets itself; the rest may go into Run.sim
_RUN_FIELDS = ("topology", "routing", "traffic", "load", "seed")
_SIM_KWARGS = tuple(p for p in inspect.signature(simulate).parameters if p not in _RUN_FIELDS)
# record fields besides the simulator's own result fields; tags may not reuse any of them
_SPEC_FIELDS = ("label", "constructor", "recipe_kwargs", "routing", "traffic", "load", "seed", "cached",
                "topology_name", "num_routers", "num_endpoints", "topology_hash")


def _near(name: str, choices: Iterable[str]) -> str:
    choices = sorted(choices)
    close = difflib.get_close_matches(name, choices, n=3, cutoff=0.5)
    return f"did you mean {close}? valid: {choices}" if close else f"valid: {choices}"


def _json_ready(what: str, value: Any) -> None:
    try:
        cache_key(NAMESPACE, {"v": value})
    except TypeError as exc:
        raise ValueError(f"{what} must be JSON-serialisable (numbers, strings, lists, dicts): {exc}") from None


def _result_fields() -> frozenset[str]:
    from .sim import SimResult

    return frozenset(f.name for f in dataclasses.fields(SimResult))


# ----------------------------------------------------------------------------- specs
@dataclasses.dataclass(frozen=True)
class Recipe:
    """How to build a topology: ``lowdiam.topologies.<constructor>(*args, **kwargs)``.

    ``label`` is the display name used in tables and plots (not part of the cache key);
    ``args`` are positional arguments (e.g. the sides of ``hyperx``).  A random
    construction (a constructor with a ``seed`` argument) needs an explicit
    integer seed: workers rebuild the network, and a cached result must describe
    one reproducible graph.

    Examples
    --------
    >>> Recipe("hyperx", args=(3, 3)).build().num_routers
    9
    >>> Recipe("jellyfish", {"n": 20, "degree": 4, "seed": None})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: Recipe(jellyfish) needs an integer seed (got None): ...
    """

    constructor: str
    kwargs: dict[str, Any] = dataclasses.field(default_factory=dict)
    label: str = ""
    args: tuple = ()

    def __post_init__(self) -> None:
        from . import topologies as T

        builders = [n for n in T.__all__ if n[0].islower()]
        if not isinstance(self.constructor, str):
            raise TypeError(f"Recipe constructor must be a name (str), got {type(self.constructor).__name__}")
        if self.constructor not in builders:
            raise ValueError(
                f"unknown topology constructor {self.constructor!r}; {_near(self.constructor, builders)}"
            )
        if not isinstance(self.kwargs, dict):
            raise TypeError(f"Recipe kwargs must be a dict, got {type(self.kwargs).__name__}")
        if not isinstance(self.label, str):
            raise TypeError(f"Recipe label must be a str, got {type(self.label).__name__}")
        if not isinstance(self.args, (tuple, list)):
            raise TypeError(f"Recipe args must be a tuple, got {type(self.args).__name__}")
        object.__setattr__(self, "args", tuple(self.args))
        _json_ready(f"Recipe({self.constructor}) arguments", [self.args, self.kwargs])
        sig = inspect.signature(getattr(T, self.constructor))
        try:
            bound = sig.bind(*self.args, **self.kwargs)
        except TypeError as exc:
            raise ValueError(f"bad arguments for topologies.{self.constructor}{list(sig.parameters)}: {exc}") from None
        if "seed" in sig.parameters:
            bound.apply_defaults()
            if bound.arguments.get("seed") is None:
                raise ValueError(
                    f"Recipe({self.constructor}) needs an integer seed (got None): a seedless random network "
                    "cannot be rebuilt by workers or cached; pass seed=0, 1, ... or build it once and pass "
                    "the Topology itself"
                )
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


def _network(value: Any, what: str) -> Any:
    """A Recipe as is; any other graph input (Topology, networkx graph, ...) as a validated Topology."""
    if isinstance(value, Recipe):
        return value
    from .topologies.base import as_topology

    try:
        return as_topology(value)
    except TypeError:
        raise TypeError(
            f"{what} must be a Recipe or a topology (a lowdiam Topology, a networkx graph, ...), "
            f"got {type(value).__name__}"
        ) from None


@dataclasses.dataclass(frozen=True)
class Run:
    """One simulation: network, routing, traffic, offered load, seed, simulate kwargs.

    ``recipe`` is a :class:`Recipe` (rebuilt by each worker, cached by its
    arguments) or any topology -- a :class:`lowdiam.topologies.Topology`, a
    networkx graph, ... (read by :func:`lowdiam.topologies.base.as_topology`,
    shipped to workers, cached by its content hash).  ``sim`` holds further
    :func:`lowdiam.sim.simulate` keyword arguments (``packet_flits``,
    ``buffer_flits``, ``vcs``, ``warmup_cycles``, ``measure_cycles``,
    ``endpoints_per_router``, ``flow_control`` ...; unknown keys are errors).
    ``tags`` are copied into the record for grouping (not part of the cache
    key); a tag may not reuse a record field name such as ``load``.

    Examples
    --------
    >>> Run(Recipe("hyperx", args=(3, 3)), "min", "uniform", 0.3, tags={"load": 1})
    Traceback (most recent call last):
        ...
    ValueError: tag 'load' would overwrite the record field of the same name; rename the tag (e.g. 'tag_load')
    """

    recipe: Any
    routing: str
    traffic: str
    load: float
    seed: int = 0
    sim: dict[str, Any] = dataclasses.field(default_factory=dict)
    tags: dict[str, Any] = dataclasses.field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "recipe", _network(self.recipe, "Run.recipe"))
        routings = _all_routings()
        for what, value, valid in (("routing", self.routing, routings), ("traffic pattern", self.traffic, PATTERNS)):
            if not isinstance(value, str):
                raise TypeError(f"{what} must be a name (str), got {type(value).__name__} {value!r}")
            if value not in valid:
                raise ValueError(f"unknown {what} {value!r}; {_near(value, valid)}")
        load = check_float("load (flits/endpoint/cycle)", self.load, low=0.0, high=1.0, low_open=True)
        snapped = round(load, LOAD_DIGITS)
        if abs(snapped - load) > 1e-12:  # only float noise (0.1 + 0.2) is snapped; real digits are never dropped
            raise ValueError(f"load must have at most {LOAD_DIGITS} decimal digits (cache keys use them), "
                             f"got {load!r}; nearest valid: {snapped}")
        object.__setattr__(self, "load", snapped)
        object.__setattr__(self, "seed", check_int("seed", self.seed, low=0))
        object.__setattr__(self, "sim", check_options("Run.sim", self.sim, _SIM_KWARGS))
        _json_ready("Run.sim", self.sim)
        tags = check_options("Run.tags", self.tags, [k for k in (self.tags or {}) if isinstance(k, str)])
        reserved = set(_SPEC_FIELDS) | _result_fields()
        for k in tags:
            if k in reserved or k.startswith("sim_"):
                raise ValueError(
                    f"tag {k!r} would overwrite the record field of the same name; rename the tag (e.g. 'tag_{k}')"
                )
        object.__setattr__(self, "tags", tags)

    @property
    def label(self) -> str:
        return self.recipe.label if isinstance(self.recipe, Recipe) else self.recipe.name

    def topology(self):
        """The network of this run (built from the recipe, memoised per process)."""
        return self.recipe.build() if isinstance(self.recipe, Recipe) else self.recipe

    def topology_key(self) -> dict[str, Any]:
        if isinstance(self.recipe, Recipe):
            return self.recipe.key()
        return {"content": self.recipe.content_hash()}

    def params(self) -> dict[str, Any]:
        """Everything the result depends on besides the code (the cache key's parameters)."""
        return {
            "recipe": self.topology_key(),
            "routing": self.routing,
            "traffic": self.traffic,
            "load": self.load,
            "seed": self.seed,
            "sim": self.sim,
        }

    def key(self) -> str:
        return cache_key(NAMESPACE, self.params())

    def describe(self) -> str:
        return f"{self.label} {self.routing}/{self.traffic} load {self.load} seed {self.seed}"


@functools.lru_cache(maxsize=1)
def _all_routings() -> tuple[str, ...]:
    """Routing names some router model runs: the shared routings and the models' own (CAMINOS's ``min-adaptive``);
    whether the run's ``router`` has it is checked when the run is simulated."""
    from .sim.routers import ROUTERS

    own = {name for model in ROUTERS.values() if model.routings is not None for name in model.routings}
    return tuple(sorted(set(ROUTINGS) | own))


def code_fingerprint() -> str:
    """SHA-256 (16 hex digits) of the simulator, metric and topology sources loaded in this process.

    Informational: cache entries record the hash of every module they were
    computed with (:func:`lowdiam.cache.code_manifest`) and are recomputed
    when any of them changes, so no hand-kept list of dependencies can go stale.
    """
    from .code_identity import manifest_fingerprint

    return manifest_fingerprint(cache.code_manifest(depends=("lowdiam.sim", "lowdiam.topologies",
                                                             "lowdiam.metrics")))


# ----------------------------------------------------------------------------- execution
_DROP = ("params", "conservation", "topology")


def _execute(run: Run) -> tuple[dict[str, Any], list[str]]:
    """Worker side: build the topology, simulate, flatten the result (no cache access).

    Also returns the ``lowdiam`` modules loaded in the worker, so the caller can
    record the code the result depends on.
    """
    top = run.topology()
    res = simulate(top, run.routing, run.traffic, run.load, seed=run.seed, **run.sim)
    out = {k: v for k, v in res.to_dict().items() if k not in _DROP}
    out.update(topology_name=res.topology, num_routers=top.num_routers, num_endpoints=top.num_endpoints)
    modules = sorted(m for m in sys.modules if m == "lowdiam" or m.startswith("lowdiam."))
    return out, modules


def _record(run: Run, result: dict[str, Any]) -> dict[str, Any]:
    rec = {"label": run.label, "routing": run.routing, "traffic": run.traffic,
           "load": run.load, "seed": run.seed, **{f"sim_{k}": v for k, v in run.sim.items()}}
    if isinstance(run.recipe, Recipe):
        rec.update(constructor=run.recipe.constructor, recipe_kwargs=run.recipe.kwargs)
    else:
        rec.update(constructor="custom", recipe_kwargs={}, topology_hash=run.recipe.content_hash()[:16])
    clash = sorted(set(run.tags) & set(result))
    if clash:
        raise ValueError(f"tags {clash} would overwrite simulator result fields; rename them")
    rec.update(run.tags)
    rec.update(result)
    if not isinstance(run.recipe, Recipe):  # keyed by content: the entry may carry another name for this graph
        rec["topology_name"] = run.recipe.name
    return rec


def _lookup(run: Run) -> dict[str, Any] | None:
    hit = cache.lookup(NAMESPACE, run.params())
    return hit if isinstance(hit, dict) else None


def _store(run: Run, result: dict[str, Any], modules: list[str] | None = None) -> None:
    cache.store(NAMESPACE, run.params(), result, modules=modules)


# ----------------------------------------------------------------------------- committed records
#: columns of a sweep's committed record (``results/paper/<notebook>/<name>.csv``): the run's identity (its
#: parameter hash, the same as the cache key's parameters, without the code version), its spec, its result
RECORD_KEY = ("run",)


def result_log(notebook: str, name: str, *, root: str | Path | None = None):
    """A :class:`lowdiam.results.ResultLog` for :func:`run_sweep`'s ``record=``: one row per run.

    Rows hold the run's parameter hash (``run``), its spec (label, constructor, recipe kwargs, routing,
    traffic, load, seed, simulation settings) and its whole result; a sweep given this log reuses every run
    already in it (on any machine, with any code version: each row names the commit it was computed with)
    and appends each new run as it finishes, so a paper-scale sweep stops and resumes anywhere.

    Examples
    --------
    >>> import tempfile
    >>> log = result_log("05_simulation", "demo", root=tempfile.mkdtemp())
    >>> run = Run(Recipe("hyperx", args=(3, 3)), "min", "uniform", 0.2, sim={"measure_cycles": 100,
    ...           "warmup_cycles": 50, "router": "ideal"})
    >>> first = run_sweep([run], processes=1, progress=False, record=log)[0]
    >>> again = run_sweep([run], processes=1, progress=False, record=log)[0]
    >>> again["recorded"], again["accepted_load"] == first["accepted_load"], len(log.rows())
    (True, True, 1)
    """
    from .results import ResultLog

    return ResultLog(notebook, name, key=RECORD_KEY, root=root)


def _check_record(record):
    from .results import ResultLog

    if record is not None and (not isinstance(record, ResultLog) or record.key != RECORD_KEY):
        raise ValueError(
            f"record must be a sweep result log (lowdiam.sweep.result_log(notebook, name)), got {record!r}"
        )
    return record


def _finite(result: dict[str, Any]) -> dict[str, Any]:
    """``result`` with NaN floats as None, their names under ``"_nan"`` (CSV cells are finite JSON)."""
    nan = sorted(k for k, v in result.items() if isinstance(v, float) and math.isnan(v))
    out = {k: (None if k in nan else v) for k, v in result.items()}
    return {**out, "_nan": nan} if nan else out


def _unfinite(stored: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in stored.items() if k != "_nan"}
    for k in stored.get("_nan", ()):
        out[k] = float("nan")
    return out


def _record_row(run: Run, key: str, result: dict[str, Any]) -> dict[str, Any]:
    recipe = run.recipe
    return {"run": key, "label": run.label,
            "constructor": recipe.constructor if isinstance(recipe, Recipe) else "custom",
            "recipe": run.topology_key(), "routing": run.routing, "traffic": run.traffic, "load": run.load,
            "seed": run.seed, "sim": run.sim, "result": _finite(result)}


#: recorded_records' answers by (log path, digest of the file's bytes), pickled: a study reads the same committed
#: logs once per search (``resume_asks`` over notebook 05's store: 167 reads of 10 logs), and decoding their JSON
#: cells cost 40 ms per 500 rows, against 13 ms to unpickle a fresh copy; keyed by content, a log appended to (or
#: rewritten) is read again
_RECORDS_MEMO: dict[tuple[str, bytes], bytes] = {}
_RECORDS_MEMO_MAX = 64


def recorded_records(record) -> list[dict[str, Any]]:
    """The runs of a sweep result log as :func:`run_sweep` records (spec and result), in file order, one per run:
    a later row of the same run (:func:`rerun_recorded`) supersedes the earlier ones and takes the place of the
    last.  Every call returns records of its own (a caller may change them)."""
    log = _check_record(record)

    def digest() -> bytes:
        try:
            return hashlib.blake2b(log.path.read_bytes(), digest_size=20).digest()
        except FileNotFoundError:
            return b""

    memo = (str(log.path), digest())
    if memo in _RECORDS_MEMO:
        return pickle.loads(_RECORDS_MEMO[memo])
    out = _records_of(log)
    if digest() == memo[1]:  # remembered only if the file did not grow while it was read
        if len(_RECORDS_MEMO) >= _RECORDS_MEMO_MAX:
            _RECORDS_MEMO.pop(next(iter(_RECORDS_MEMO)))
        _RECORDS_MEMO[memo] = pickle.dumps(out, protocol=pickle.HIGHEST_PROTOCOL)
    return out


def _records_of(log) -> list[dict[str, Any]]:
    rows = {}
    for row in log.rows():
        rows.pop(row["run"], None)
        rows[row["run"]] = row
    out = []
    for row in rows.values():
        res = _unfinite(row["result"])
        rec = {"label": row["label"], "routing": row["routing"], "traffic": row["traffic"], "load": row["load"],
               "seed": row["seed"], **{f"sim_{k}": v for k, v in row["sim"].items()},
               "constructor": row["constructor"], "recipe": row["recipe"], **res, "code_commit": row["code_commit"]}
        out.append(rec)
    return out


def rerun_recorded(record, run: Run) -> dict[str, Any]:
    """Simulate ``run`` again with this code, though ``record`` holds it, and append the new row: it supersedes
    the earlier ones (:func:`recorded_records`, :func:`run_sweep`'s reuse read the last row of a run).  For a run
    whose recorded decision a later rule of the simulator changes (``lowdiam.studies.stuck_runs``); the old row
    stays in the file, with the commit that computed it.

    Raises
    ------
    ValueError
        If ``record`` does not hold ``run`` (a new run is :func:`run_sweep`'s to add).
    """
    log = _check_record(record)
    key = run.key()
    if key not in {row["run"] for row in log.rows()}:
        raise ValueError(f"{log.path.name} holds no run {key} ({run.label}, {run.routing}, {run.traffic}, load "
                         f"{run.load}); rerun_recorded only supersedes recorded runs")
    result, modules = _execute(run)
    _store(run, result, modules)
    log.append(_record_row(run, key, result))
    return _record(run, result)


def _progress(total: int, enabled: bool, desc: str):
    """One labelled bar (``desc``) with the total, the rate and the time left, on stderr (a widget in Jupyter)."""
    if enabled:  # tqdm.auto warns inside notebooks without ipywidgets even when disabled
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(total=total, disable=not enabled, desc=desc, unit="sim", leave=False, file=sys.stderr)


def _interrupted(finished: int, total: int, record) -> str:
    """What a Ctrl-C left behind, in one sentence."""
    where = cache.cache_dir()
    kept = [f"the cache ({where})"] if where is not None else []
    if record is not None:
        kept.append(f"the record {record.path}")
    place = " and ".join(kept) if kept else "nowhere (the cache is off and there is no record)"
    return (f"run_sweep interrupted: {finished} of {total} simulations to compute had finished; they are kept in "
            f"{place}, so the same call resumes after them")


_BROKEN_POOL = BROKEN_POOL.replace("the work was started", "run_sweep was called")


def _run_local(runs: list[Run], processes: int, bar, done: Callable[[int, Any], None]) -> None:
    # group by topology so a worker tends to reuse the network it has just built
    order = sorted(range(len(runs)), key=lambda i: json.dumps(runs[i].topology_key(), sort_keys=True))
    run_each(_execute, runs, lambda i, out: (done(i, out), bar.update()), processes=processes,
             order=order if processes > 1 else None, describe=lambda r: f"while simulating {r.describe()}",
             broken=_BROKEN_POOL)


def _run_dask(runs: list[Run], scheduler: Any, bar, done: Callable[[int, Any], None]) -> None:
    run_each(_execute, runs, lambda i, out: (done(i, out), bar.update()), scheduler=scheduler,
             keys=[f"lowdiam-sim-{r.key()}" for r in runs], describe=lambda r: f"while simulating {r.describe()}")


def _check_reuse(reuse: Any) -> list:
    """``reuse`` (a sequence of sweep result logs) checked: the logs, or TypeError / ValueError naming the rule."""
    if isinstance(reuse, (str, bytes)) or not isinstance(reuse, Iterable):
        raise TypeError(f"reuse takes a sequence of sweep result logs, got {type(reuse).__name__}")
    out = [_check_record(log) for log in reuse]
    if any(log is None for log in out):
        raise ValueError("reuse takes sweep result logs (lowdiam.sweep.result_log(notebook, name)), got None")
    return out


class _Known:
    """Where :func:`run_sweep` (and the asynchronous saturation search) find a run's result before computing
    it -- ``record``, then the ``reuse`` logs, then the cache -- and where a computed one goes (cache, record)."""

    def __init__(self, record, reuse) -> None:
        from .results import PROVENANCE

        self.record, self._provenance = record, PROVENANCE
        # a run's last row in a log supersedes its earlier ones (rerun_recorded)
        self.in_record = {row["run"]: _unfinite(row["result"]) for row in record.rows()} if record is not None else {}
        self.elsewhere: dict[str, dict[str, Any]] = {}  # run hash -> its last row in the first reused log holding it
        for log in reuse:
            if record is not None and log.path.resolve() == record.path.resolve():
                continue
            last = {row["run"]: row for row in log.rows()}
            for k, row in last.items():
                self.elsewhere.setdefault(k, row)

    def lookup(self, r: Run) -> tuple[dict[str, Any], str] | None:
        """``(result, "recorded" | "cached")`` if ``r`` need not be computed (appended to the record if new)."""
        k = r.key()
        if k in self.in_record:
            return self.in_record[k], "recorded"
        if k in self.elsewhere:
            row = self.elsewhere[k]
            result = _unfinite(row["result"])
            if self.record is not None:
                self.record.append(_record_row(r, k, result), provenance={p: row[p] for p in self._provenance})
                self.in_record[k] = result
            return result, "recorded"
        hit = _lookup(r)
        if hit is None:
            return None
        if self.record is not None:
            self.record.append(_record_row(r, k, hit))
            self.in_record[k] = hit
        return hit, "cached"

    def finish(self, r: Run, outcome: tuple[dict[str, Any], list[str]]) -> dict[str, Any]:
        """Cache and record a computed run (as it finishes: an interrupted sweep keeps its progress)."""
        result, modules = outcome
        _store(r, result, modules)
        if self.record is not None:
            self.record.append(_record_row(r, r.key(), result))
            self.in_record[r.key()] = result
        return result


def run_sweep(
    runs: Sequence[Run],
    *,
    scheduler: Any = None,
    processes: int | None = None,
    progress: bool = True,
    record=None,
    reuse: Sequence[Any] = (),
    desc: str = "simulations",
) -> list[dict[str, Any]]:
    """Execute ``runs`` (cached) and return one record per run, in input order.

    Long sweeps show one progress bar labelled ``desc`` with the number of simulations to compute, the rate
    and the time left.  Ctrl-C stops the sweep with a one-line message saying how many simulations finished
    and where they are kept (each run is cached, and recorded, as it finishes): the same call resumes.

    Parameters
    ----------
    runs : sequence of Run
        The specs; duplicates are simulated once.
    scheduler : str or distributed.Client, optional
        Dask scheduler address (``"tcp://host:8786"``) or a client.  Only this
        argument sends work to a cluster (``$LOWDIAM_DASK_SCHEDULER`` is not read);
        ``None`` uses local processes.
    processes : int, optional
        Local worker processes (default ``os.cpu_count()``); 1 runs in this process.
    progress : bool
        Show a tqdm bar over the runs that need computing (stderr).
    record : ResultLog, optional
        A committed record (:func:`result_log`): runs already in it are not recomputed, every other run
        is appended to it as it finishes (cached ones too), so the sweep resumes on any machine.
    reuse : sequence of ResultLog, optional
        Other committed sweep logs (another section's, e.g.) whose rows are taken for the runs they already
        hold -- the same parameter hash, so the same network, routing, traffic, load, seed and settings --
        instead of recomputing them; each such row is copied into ``record`` under this run's label, keeping
        the commit it was computed with, and comes back as ``recorded``.
    desc : str
        The progress bar's label, e.g. the network and routing of the sweep.

    Returns
    -------
    list of dict
        A record holds the run spec (``label``, ``constructor``, ``recipe_kwargs``,
        ``routing``, ``traffic``, ``load``, ``seed``, ``sim_<kwarg>``, the run's
        ``tags``) and the :class:`lowdiam.sim.SimResult` fields (``accepted_load``,
        ``latency_mean``, ``latency_p99``, ``hops_mean``, ``hop_histogram``,
        ``jain_fairness``, ``saturated`` ...), plus ``num_routers``, ``num_endpoints``,
        ``cached`` (True when read from the cache) and ``recorded`` (True when read from ``record``).

    Raises
    ------
    TypeError, ValueError
        Bad specs or arguments.
    RuntimeError
        A worker process died (the message says the likely reason), or the
        sweep was started while worker processes import an unguarded script.

    Examples
    --------
    >>> run_sweep([Run(Recipe("hyperx", args=(3, 3)), "min", "uniform", 0.2, sim={"measure_cycles": 100,
    ...            "warmup_cycles": 50})], processes=1, progress=False)[0]["num_routers"]
    9
    """
    if inside_spawned_import():
        raise RuntimeError(
            "run_sweep was called while a worker process was importing your script: put the sweep under "
            "`if __name__ == \"__main__\":` (worker processes import the main script), or use processes=1"
        )
    if isinstance(runs, (str, bytes)) or not isinstance(runs, Iterable):
        raise TypeError(f"run_sweep takes a sequence of Run specs, got {type(runs).__name__}")
    runs = list(runs)
    for r in runs:
        if not isinstance(r, Run):
            raise TypeError(f"run_sweep takes Run specs, got {type(r).__name__}")
    processes = (os.cpu_count() or 1) if processes is None else check_int("processes", processes, low=1)
    check_bool("progress", progress)
    if not isinstance(desc, str):
        raise TypeError(f"desc (the progress bar's label) must be a str, got {type(desc).__name__}")
    _check_record(record)
    reuse = _check_reuse(reuse)
    known = _Known(record, reuse)
    results: dict[str, dict[str, Any]] = {}
    from_cache: set[str] = set()
    from_record: set[str] = set()
    pending: dict[str, Run] = {}  # duplicates are simulated once
    for r in runs:
        k = r.key()
        if k in results or k in pending:
            continue
        hit = known.lookup(r)
        if hit is None:
            pending[k] = r
            continue
        results[k], where = hit
        (from_record if where == "recorded" else from_cache).add(k)
    todo = list(pending.values())
    finished = [0]

    def done(i: int, outcome: tuple[dict[str, Any], list[str]]) -> None:
        finished[0] += 1
        results[todo[i].key()] = known.finish(todo[i], outcome)

    if todo:
        try:
            with _progress(len(todo), progress, desc) as bar:
                if scheduler is not None:
                    _run_dask(todo, scheduler, bar, done)
                else:
                    _run_local(todo, processes, bar, done)
        except KeyboardInterrupt:
            message = _interrupted(finished[0], len(todo), record)
            print(message, file=sys.stderr, flush=True)
            raise KeyboardInterrupt(message) from None
    return [{**_record(r, results[r.key()]), "cached": r.key() in from_cache, "recorded": r.key() in from_record}
            for r in runs]


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
    """Records of ``recipe`` (a Recipe or any topology) under ``routing``/``traffic`` at every offered load and seed.

    Examples
    --------
    >>> recs = load_curve(Recipe("hyperx", args=(3, 3)), "min", "uniform", [0.1, 0.2],
    ...                   sim={"measure_cycles": 100, "warmup_cycles": 50}, processes=1, progress=False)
    >>> [r["load"] for r in recs]
    [0.1, 0.2]
    """
    recipe = _network(recipe, "recipe")
    runs = [Run(recipe, routing, traffic, ld, s, dict(sim or {}), dict(tags or {})) for ld in loads for s in seeds]
    if not runs:
        raise ValueError("load_curve needs at least one load and one seed")
    return run_sweep(runs, **sweep_kwargs)


@dataclasses.dataclass
class SaturationResult:
    """Outcome of one saturation search.

    ``saturation_load`` (= ``last_stable``): largest offered load found stable (0.0 when even the
    first coarse load saturates); ``saturated_load`` (= ``first_unstable``): smallest load found
    saturated above it (``None`` when every load up to ``hi`` is stable);
    ``accepted_load``: accepted throughput of the run at ``saturation_load``;
    ``records``: every run of the search, in load order (a speculative search's extra runs too);
    ``rounds``: the rounds the call of :func:`saturation_searches` took (``None`` for the asynchronous search);
    ``rule``: the run control that decided
    stable / unstable (``"booksim"``: BookSim2's own; ``"fixed"``: fixed windows and the throughput
    rule; see :func:`lowdiam.sim.simulate`).
    """

    recipe: Any  # a Recipe or a Topology
    routing: str
    traffic: str
    saturation_load: float
    saturated_load: float | None
    accepted_load: float
    records: list[dict[str, Any]]
    rule: str = "fixed"
    rounds: int | None = None  # rounds of run_sweep the call took (all its searches together); None: asynchronous

    @property
    def last_stable(self) -> float:
        return self.saturation_load

    @property
    def first_unstable(self) -> float | None:
        return self.saturated_load

    def as_row(self) -> dict[str, Any]:
        label = self.recipe.label if isinstance(self.recipe, Recipe) else self.recipe.name
        return {"label": label, "routing": self.routing, "traffic": self.traffic,
                "saturation_load": self.saturation_load, "saturated_load": self.saturated_load,
                "accepted_at_saturation": self.accepted_load, "runs": len(self.records), "rule": self.rule}


def _coarse_loads(coarse_step: float, lo: float, hi: float) -> list[float]:
    n_coarse = math.floor((hi - lo) / coarse_step + 1e-9) + 1
    coarse = [round(lo + i * coarse_step, LOAD_DIGITS) for i in range(n_coarse)]
    if coarse[-1] < hi - 1e-9:
        coarse.append(round(hi, LOAD_DIGITS))
    return coarse


# A search's state: ("coarse", a, next coarse index) or ("bisect", a, s); ("done", a, s) when its bracket is final.
_State = tuple
_EPS = 1e-9  # loads are rounded to LOAD_DIGITS: a bracket of exactly tol is final


class _Plan:
    """The sequential search's decision tree for one rule (coarse loads, tol): next load and successor states."""

    def __init__(self, coarse: list[float], tol: float) -> None:
        self.coarse, self.tol = coarse, tol

    def next_load(self, st: _State) -> float | None:
        phase, a, x = st
        if phase == "coarse":
            return self.coarse[x]
        if phase == "bisect":
            return round((a + x) / 2, LOAD_DIGITS)
        return None

    def advance(self, st: _State, load: float, saturated: bool) -> _State:
        phase, a, x = st
        if phase == "coarse":
            if saturated:
                return ("bisect", a, load) if load - a > self.tol + _EPS else ("done", a, load)
            return ("coarse", load, x + 1) if x + 1 < len(self.coarse) else ("done", load, None)
        a, s = (a, load) if saturated else (load, x)
        return ("bisect", a, s) if s - a > self.tol + _EPS else ("done", a, s)

    def p_saturated(self, st: _State) -> float:
        """Prior chance that the next load saturates: a knee equally likely at each coarse load left or none;
        a bisection midpoint even odds."""
        if st[0] == "coarse":
            return 1.0 / (len(self.coarse) - st[2] + 1)
        return 0.5


class _GallopPlan:
    """The decision tree of a search that starts from a known bracket ``(a, u)`` (e.g. the same configuration's
    bracket under another run control): it runs ``a`` first (``u`` when ``a`` is 0); from a stable load it climbs
    (first to ``u``, then by steps doubling from ``u - a``, or from ``tol`` without ``u``; at most to ``hi``), from
    an unstable one it descends (by steps doubling from ``tol``, at least to ``tol``) until the decision flips; then
    it bisects the bracket to ``tol`` (``(0, tol)`` when ``tol`` itself is unstable)."""

    def __init__(self, hint: tuple[float, float | None], tol: float, hi: float) -> None:
        a, u = hint
        self.tol, self.hi, self.lo = tol, hi, round(tol, LOAD_DIGITS)  # lo: the lowest load a descent runs
        start = a if a > 0 else (u if u is not None else hi)
        self.first = round(min(max(start, self.lo), hi), LOAD_DIGITS)
        # the climb's first step reaches the hint's unstable load as loads are written (LOAD_DIGITS); a hint whose
        # unstable load rounds onto the first load gives no step, so the climb starts from tol
        u = None if u is None else round(u, LOAD_DIGITS)
        self.up_step = (u - self.first) if u is not None and u > self.first else tol
        self.coarse = ()  # no coarse phase (SaturationPlanner.max_steps)
        self.max_steps = 2 * (math.ceil(math.log2(max(hi, tol) / tol)) + 2)

    def start(self) -> _State:
        return ("probe", self.first, None)

    def next_load(self, st: _State) -> float | None:
        phase, a, x = st
        if phase == "probe":
            return a
        if phase == "up":
            return round(min(a + x, self.hi), LOAD_DIGITS)
        if phase == "down":
            return round(max(a - x, self.lo), LOAD_DIGITS)
        if phase == "bisect":
            return round((a + x) / 2, LOAD_DIGITS)
        return None

    def _bracket(self, a: float, s: float) -> _State:
        return ("bisect", a, s) if s - a > self.tol + _EPS else ("done", a, s)

    def advance(self, st: _State, load: float, saturated: bool) -> _State:
        phase, a, x = st
        if phase == "bisect":
            a, s = (a, load) if saturated else (load, x)
            return self._bracket(a, s)
        if phase == "probe" or phase == "up":
            below = 0.0 if phase == "probe" else a
            if saturated:
                if phase == "probe" and load > self.lo + _EPS:
                    return ("down", load, self.tol)
                return self._bracket(below, load)
            if load >= self.hi - _EPS:
                return ("done", load, None)
            return ("up", load, self.up_step if phase == "probe" else 2 * x)
        # down: ``a`` is the lowest unstable load so far
        if not saturated:
            return self._bracket(load, a)
        if load <= self.lo + _EPS:
            return self._bracket(0.0, load)
        return ("down", load, 2 * x)

    def p_saturated(self, st: _State) -> float:
        return 0.5


class SaturationPlanner:
    """Which loads ``count`` saturation searches should evaluate next, given the answers so far (pure, no I/O).

    The decision logic of :func:`bracket_saturation` (rounds), of :func:`saturation_searches` on a Dask
    cluster (asynchronous: a search goes on as soon as its own runs are answered) and of
    :func:`lowdiam.scaleout.replay_schedule`.  Each search is the sequential search of
    :func:`bracket_saturation` (ascending coarse loads up to the first saturated one, then bisection to ``tol``);
    its state moves only along that search's decision tree, with answers in any order: an answer off the path
    the search has taken is kept, never used, so the brackets are exactly the sequential search's and every
    load it asks is proposed (once) before the search can end.

    :meth:`propose` hands out up to ``budget`` loads not yet answered or *in flight* (proposed, unanswered),
    most valuable first: (1) the next sequential load of each open search, largest weight first (the search's
    expected run cost, e.g. :func:`expected_cost`); (2) the nodes of the searches' decision trees with the
    largest chance of being on their sequential paths x the search's weight, where a node's chance is the
    product of the prior odds (a knee equally likely at each coarse load left or at none; a bisection midpoint
    even odds) of the answers leading to it; known answers are followed, in-flight loads branch both ways at no
    cost.  Ties go to the node fewer steps ahead, then to the search listed first, then to the lower load.
    :meth:`answer` records a decision and walks the search's tree with every answer known.

    Parameters
    ----------
    count : int
        Number of searches (>= 1).
    coarse_step, tol, lo, hi : float
        The rule, as in :func:`bracket_saturation`.
    weights : sequence of float, optional
        Expected run cost of each search (> 0); default equal.

    Raises
    ------
    ValueError, TypeError
        A bad rule or weights (the message names it); :meth:`answer` for a search out of range.

    Examples
    --------
    >>> p = SaturationPlanner(1, coarse_step=0.25, tol=0.2)
    >>> p.propose(3)                      # the next coarse load, then the two likeliest next ones
    [(0, 0.25), (0, 0.5), (0, 0.75)]
    >>> for i, load in [(0, 0.5), (0, 0.25)]:   # answers in any order (0.75 still in flight)
    ...     p.answer(i, load, load > 0.4)
    >>> p.brackets(), p.finished
    ([(0.25, 0.5)], False)
    >>> p.propose(1), p.in_flight(0)
    ([(0, 0.375)], [0.375, 0.75])
    >>> p.answer(0, 0.375, False)
    >>> p.brackets(), p.finished
    ([(0.375, 0.5)], True)
    >>> p.answer(1, 0.5, True)
    Traceback (most recent call last):
        ...
    ValueError: search index must be <= 0, got 1
    """

    def __init__(self, count: int, *, coarse_step: float = 0.1, tol: float = 0.02, lo: float | None = None,
                 hi: float = 1.0, weights: Sequence[float] | None = None,
                 hints: Sequence[tuple[float, float | None] | None] | None = None) -> None:
        count = check_int("count", count, low=1)
        coarse_step = check_float("coarse_step", coarse_step, low=0.0, high=1.0, low_open=True)
        tol = check_float("tol", tol, low=MIN_TOL, high=coarse_step, high_open=True)
        hi = check_float("hi", hi, low=0.0, high=1.0, low_open=True)
        lo = coarse_step if lo is None else check_float("lo", lo, low=0.0, high=1.0, low_open=True)
        if not lo < hi:
            raise ValueError(f"need lo < hi (the searched load range), got lo={lo}, hi={hi}")
        if weights is None:
            weights = [1.0] * count
        else:
            if isinstance(weights, (str, bytes)) or not isinstance(weights, Iterable):
                raise TypeError(f"weights (expected run cost of each search) must be a sequence of {count} "
                                f"positive numbers, got {type(weights).__name__}")
            weights = [check_float("weights (expected run cost of each search)", w, low=0.0, low_open=True)
                       for w in weights]
            if len(weights) != count:
                raise ValueError(f"weights (expected run cost of each search) needs one number per search "
                                 f"({count}), got {len(weights)}")
        self.count, self.tol, self.weights = count, tol, weights
        hints = _check_hints(hints, count)
        plan = _Plan(_coarse_loads(coarse_step, lo, hi), tol)
        self._plans = [plan if h is None else _GallopPlan(h, tol, hi) for h in hints]
        self._states: list[_State] = [("coarse", 0.0, 0) if h is None else p.start()
                                      for h, p in zip(hints, self._plans)]
        self._known: list[dict[float, bool]] = [{} for _ in range(count)]
        self._flight: list[set[float]] = [set() for _ in range(count)]
        #: the most answers a search's sequential path can take (a bound for the drivers' loops)
        self.max_steps = max([len(plan.coarse) + MAX_BISECTIONS]
                             + [p.max_steps for p in self._plans if isinstance(p, _GallopPlan)])

    # ------------------------------------------------------------------ state
    def open_searches(self) -> list[int]:
        """The searches whose bracket is not final, in index order."""
        return [i for i, st in enumerate(self._states) if st[0] != "done"]

    @property
    def finished(self) -> bool:
        """True when every search's bracket is final."""
        return all(st[0] == "done" for st in self._states)

    def done(self, i: int) -> bool:
        """True when search ``i``'s bracket is final."""
        return self._states[self._index(i)][0] == "done"

    def next_load(self, i: int) -> float | None:
        """Search ``i``'s next sequential load (``None`` when it is done)."""
        i = self._index(i)
        return self._plans[i].next_load(self._states[i])

    def in_flight(self, i: int) -> list[float]:
        """Loads of search ``i`` proposed and not yet answered, ascending."""
        return sorted(self._flight[self._index(i)])

    def known(self, i: int) -> dict[float, bool]:
        """Answers of search ``i`` so far (load -> saturated)."""
        return dict(self._known[self._index(i)])

    def brackets(self) -> list[tuple[float, float | None]]:
        """``(last stable, first unstable)`` per search so far (final once :attr:`finished`)."""
        return [(float(a), None if s is None else float(s)) for _, a, s in self._states]

    def _index(self, i: Any) -> int:
        return check_int("search index", i, low=0, high=self.count - 1)

    # ------------------------------------------------------------------ decisions
    def answer(self, i: int, load: float, saturated: bool) -> None:
        """Record that search ``i``'s run at ``load`` is (not) ``saturated`` and walk its decision tree."""
        i = self._index(i)
        load = round(check_float("load", load, low=0.0, high=1.0), LOAD_DIGITS)
        self._known[i][load] = check_bool("saturated (the run's decision)", saturated)
        self._flight[i].discard(load)
        plan = self._plans[i]
        nxt = plan.next_load(self._states[i])
        while nxt is not None and nxt in self._known[i]:
            self._states[i] = plan.advance(self._states[i], nxt, self._known[i][nxt])
            nxt = plan.next_load(self._states[i])

    def propose(self, budget: int, *, sequential: bool = False) -> list[tuple[int, float]]:
        """Up to ``budget`` ``(search, load)`` pairs to evaluate now, most valuable first; marked in flight.

        ``sequential=True`` proposes only next sequential loads (no speculation).
        """
        import heapq

        budget = check_int("budget (loads to propose)", budget, low=0)
        plans, heap, pushed = self._plans, [], [0]
        w = self.weights

        def push(i: int, st: _State, p: float, depth: int) -> None:
            load = plans[i].next_load(st)
            if load is not None:
                pushed[0] += 1
                heapq.heappush(heap, (-p * w[i], depth, i, load, pushed[0], st, p))

        def branch(i: int, st: _State, load: float, p: float, depth: int) -> None:
            plan = plans[i]
            q = plan.p_saturated(st)
            push(i, plan.advance(st, load, True), p * q, depth + 1)
            push(i, plan.advance(st, load, False), p * (1 - q), depth + 1)

        chosen: list[tuple[int, float]] = []
        # (1) next sequential loads, largest weight first; one in flight already branches at no cost
        for i in sorted(self.open_searches(), key=lambda j: (-w[j], j)):
            st = self._states[i]
            load = plans[i].next_load(st)
            if load in self._flight[i]:
                branch(i, st, load, 1.0, 0)
            elif len(chosen) < budget:
                chosen.append((i, load))
                self._flight[i].add(load)
                branch(i, st, load, 1.0, 0)
        # (2) speculative loads, by chance x weight
        while heap and len(chosen) < budget and not sequential:
            _, depth, i, load, _, st, p = heapq.heappop(heap)
            if load in self._known[i]:  # answered: follow the answer at no cost
                push(i, plans[i].advance(st, load, self._known[i][load]), p, depth + 1)
                continue
            if load not in self._flight[i]:
                chosen.append((i, load))
                self._flight[i].add(load)
            branch(i, st, load, p, depth)
        return chosen


def bracket_saturation(
    is_saturated: Callable[[list[list[float]]], list[list[bool]]],
    count: int,
    *,
    coarse_step: float = 0.1,
    tol: float = 0.02,
    lo: float | None = None,
    hi: float = 1.0,
    report: Callable[[int], None] | None = None,
    workers: int | None = None,
    weights: Sequence[float] | None = None,
    hints: Sequence[tuple[float, float | None] | None] | None = None,
) -> list[tuple[float, float | None]]:
    """Saturation brackets of ``count`` independent searches evaluated in rounds.

    Saturation rule: a load is *stable* when ``is_saturated`` says its run is not
    saturated -- for simulations, the decision of the run's run control
    (``docs/run_control.md``: BookSim2's own, or fixed windows and the 95 %
    throughput rule of :mod:`lowdiam.sim.results`).  The search of each configuration is
    *sequential*: it evaluates the coarse loads ``lo, lo + coarse_step, ..., hi`` (``lo``
    defaults to ``coarse_step``) in ascending order and stops at the *knee*: the first saturated
    coarse load ``s``, with ``a`` the last stable load below it.  Bisection then halves ``[a, s]`` -- a
    stable midpoint moves ``a`` up, a saturated one moves ``s`` down -- until ``s - a <= tol``.
    Returns ``(a, s)`` per search, ``a = 0.0`` when ``lo`` saturates, ``s = None``
    when nothing up to ``hi`` saturates.  Loads above the first saturated coarse
    load are never needed, so a non-monotone curve yields its first knee.

    ``is_saturated(loads_per_search)`` evaluates a round -- one list of loads per
    search -- and returns the matching booleans; batching lets a whole round
    of all searches run in parallel.  Each round asks every unfinished search for its next
    sequential load.  ``workers`` spends spare cores on rounds (``docs/scale_out.md``): a round asks
    ``max(workers, searches still open)`` loads in all, the next sequential load of every open search
    plus the loads of the searches' sequential decision trees most likely to come next (the next coarse
    loads, the midpoints of the next bisection levels), and then walks each search's tree with every
    answer known so far.  Runs are deterministic, so the brackets are exactly the sequential search's
    and its runs are among those made, whatever ``workers``; a few runs more buy several rounds fewer.
    ``hints`` (one ``(last stable, first unstable)`` bracket or ``None`` per search, e.g. the same
    configuration's bracket under another run control) replace a search's coarse phase: it runs the hint's
    last stable load first, climbs from a stable answer (to the hint's first unstable load, then by steps
    doubling from the hint's width, up to ``hi``) or descends from an unstable one (steps doubling from ``tol``, down to
    ``tol``; ``lo`` does not apply) until the decision flips, then bisects to ``tol``.  On a monotone curve the
    bracket holds the same knee as the coarse search's; a non-monotone curve can give another of its knees
    (the one nearest the hint).
    ``workers=None`` (or any budget no larger than the open searches) is the sequential search run for run.
    ``report(finished)``, if given, is called after every round with the number of searches whose bracket
    is final.

    Parameters
    ----------
    is_saturated : callable
        ``is_saturated(loads_per_search) -> booleans_per_search``.
    count : int
        Number of searches (>= 1).
    coarse_step, tol, lo, hi : float
        Coarse load step, bisection resolution (``MIN_TOL <= tol < coarse_step``), searched range.
    report : callable, optional
        Called after every round with the number of finished searches.
    workers : int, optional
        Loads evaluated per round over all open searches (>= 1); ``None``: one per open search.
    weights : sequence of float, optional
        Expected cost of a run of each search (> 0, e.g. routers x endpoints, :func:`expected_cost`): spare
        loads go where chance x weight is largest, so the searches with the slowest runs take fewer rounds.
        Default: equal.
    hints : sequence of (float, float or None) or None, optional
        A known bracket per search to start from (``None``: the coarse search).

    Returns
    -------
    list of (float, float or None)
        ``(last stable, first unstable)`` per search.

    Examples
    --------
    >>> bracket_saturation(lambda loads: [[ld > 0.63 for ld in ls] for ls in loads], 1, tol=0.01)
    [(0.625, 0.63125)]
    >>> rounds = []
    >>> bracket_saturation(lambda loads: [[ld > 0.63 for ld in ls] for ls in loads], 1, tol=0.01,
    ...                    workers=16, report=rounds.append), len(rounds)
    ([(0.625, 0.63125)], 2)
    >>> asked = []
    >>> bracket_saturation(lambda loads: [asked.extend(loads[0]) or [ld > 0.6 for ld in ls] for ls in loads], 1,
    ...                    tol=0.01, hints=[(0.625, 0.63125)]), asked
    ([(0.595, 0.605)], [0.625, 0.615, 0.595, 0.605])
    >>> bracket_saturation(lambda loads: [[False] for _ in loads], 1, tol=0)
    Traceback (most recent call last):
        ...
    ValueError: tol must be >= 1e-05, got 0.0
    """
    if not callable(is_saturated):
        raise TypeError(f"is_saturated must be callable, got {type(is_saturated).__name__}")
    planner = SaturationPlanner(count, coarse_step=coarse_step, tol=tol, lo=lo, hi=hi, weights=weights, hints=hints)
    workers = _check_workers(workers)

    def ask(loads: list[list[float]]) -> list[list[bool]]:
        answer = is_saturated(loads)
        if not isinstance(answer, (list, tuple)) or len(answer) != count or any(
                not isinstance(a, (list, tuple)) or len(a) != len(ls) for a, ls in zip(answer, loads)):
            raise ValueError(f"is_saturated must return one list of booleans per search ({count}), "
                             "each as long as the loads asked")
        return [[check_bool("is_saturated answer", v) for v in a] for a in answer]

    for _ in range(planner.max_steps):  # every round moves every open search one step at least
        open_ = planner.open_searches()
        if not open_:
            break
        asked: list[list[float]] = [[] for _ in range(count)]
        for i, load in planner.propose(max(workers or 0, len(open_))):  # every open search's next load first
            asked[i].append(load)
        for i, ls, ans in zip(range(count), asked, ask(asked)):
            for load, sat in zip(ls, ans):
                planner.answer(i, load, sat)
        if report is not None:
            report(count - len(planner.open_searches()))
    else:
        raise RuntimeError(f"saturation search did not reach tol={tol} in {planner.max_steps} rounds")
    return planner.brackets()


def _check_hints(hints: Any, count: int) -> list[tuple[float, float | None] | None]:
    """``hints``: ``None`` or one ``(last stable, first unstable or None)`` bracket (or ``None``) per search."""
    what = "hints (one known bracket (last stable, first unstable or None), or None, per search)"
    if hints is None:
        return [None] * count
    if isinstance(hints, (str, bytes)) or not isinstance(hints, Iterable):
        raise TypeError(f"{what} must be a sequence, got {type(hints).__name__}")
    hints = list(hints)
    if len(hints) != count:
        raise ValueError(f"{what} needs {count} entries, got {len(hints)}")
    out = []
    for h in hints:
        if h is None:
            out.append(None)
            continue
        if not isinstance(h, (tuple, list)) or len(h) != 2:
            raise TypeError(f"each of {what} must be a pair or None, got {h!r}")
        a = check_float("hint's last stable load", h[0], low=0.0, high=1.0)
        u = None if h[1] is None else check_float("hint's first unstable load", h[1], low=0.0, high=1.0)
        if u is not None and not a < u:
            raise ValueError(f"a hint's last stable load must be below its first unstable load, got {h!r}")
        out.append((a, u))
    return out


def _check_workers(workers: Any) -> int | None:
    """``workers`` of a saturation search: None (one run per open search a round) or an int >= 1."""
    if workers is None:
        return None
    return check_int("workers (loads evaluated per round over all open searches)", workers, low=1)


def expected_cost(recipe: Any, sim: dict[str, Any] | None = None) -> int:
    """A run's expected cost, for ordering runs and spending spare workers: routers x endpoints of its network.

    The simulators' time per cycle grows with the routers and the packets in flight (endpoints x load), so
    a round hands its runs to the workers largest network first, then highest load (the loads nearest
    saturation, whose runs drain longest), and the round's tail is short.  ``sim``'s ``endpoints_per_router``,
    when given, replaces the topology's endpoints as :func:`lowdiam.sim.simulate` does.

    Examples
    --------
    >>> expected_cost(Recipe("hyperx", args=(3, 3)), {"endpoints_per_router": 2})
    162
    """
    top = _network(recipe, "recipe")
    top = top.build() if isinstance(top, Recipe) else top
    eps = (sim or {}).get("endpoints_per_router")
    endpoints = top.num_endpoints if eps is None else top.with_endpoints(check_int("endpoints_per_router", eps,
                                                                                     low=1)).num_endpoints
    return int(top.num_routers) * int(endpoints)


def _cluster_threads(scheduler: Any) -> tuple[Any, int, bool]:
    """``(client, total worker threads, whether we opened the client)`` of a Dask scheduler address or client."""
    from distributed import Client

    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        threads = sum(client.nthreads().values())
    except BaseException:
        if own:
            client.close()
        raise
    return client, max(int(threads), 1), own


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
    workers: int | None = None,
    asynchronous: bool | None = None,
    hints: Sequence[tuple[float, float | None] | None] | None = None,
    **sweep_kwargs: Any,
) -> list[SaturationResult]:
    """Saturation load of every ``(recipe, routing, traffic)``: coarse steps then bisection.

    All searches advance together (one :func:`run_sweep` per round), so a round
    uses every worker; each run is cached, so a repeated search is instant.
    The bracket is that of :func:`bracket_saturation`; stable / unstable is the decision of the run
    control ``sim`` names (``sim={"run_control": "booksim"}``: BookSim2's own; default: the router
    model's, ``"fixed"`` today), which each result reports as ``rule``.  ``progress`` (default True)
    shows one labelled bar over the searches (finished / total, with the round and the runs so far).

    ``workers`` is the budget of runs a round (:func:`bracket_saturation`): ``None`` gives one run per
    open search a round (the sequential search, the economical one on a few cores) without ``scheduler``,
    and the Dask cluster's total worker threads with ``scheduler=`` (a client or an address, connected
    once for the whole search): spare workers then evaluate the loads the sequential searches are most
    likely to need next -- more of them for the searches whose runs cost most (:func:`expected_cost`) --
    so the searches end in a few rounds instead of ~14, with the same brackets (``docs/scale_out.md``).
    A round's runs go to the workers most expensive first when ``workers`` or ``scheduler`` is given.

    ``asynchronous`` (default: True exactly when ``scheduler`` is given; it needs one) drops the rounds: each
    search goes on as soon as its own runs are answered, and every idle worker is handed the most valuable
    load pending (:class:`SaturationPlanner`: the next sequential load of an open search, largest expected cost
    first, then speculative loads), with at most ``workers`` runs (default: the cluster's threads) in flight.
    Runs are submitted with ``client.submit`` and collected with ``distributed.as_completed``; each goes
    through the same record / reuse / cache lookup and is cached and recorded as it finishes, as in
    :func:`run_sweep`.  The brackets are the same; the runs still in flight when the last bracket is final
    are cancelled (not recorded), and ``rounds`` is ``None``.
    Each result's ``records`` holds every run of its search, the speculative ones too.

    Examples
    --------
    >>> cfg = [(Recipe("hyperx", args=(3, 3)), "min", "uniform")]
    >>> kw = dict(coarse_step=0.25, tol=0.1, sim={"measure_cycles": 100, "warmup_cycles": 50}, processes=1,
    ...           progress=False)
    >>> a = saturation_searches(cfg, **kw)[0]
    >>> b = saturation_searches(cfg, workers=8, **kw)[0]
    >>> (a.last_stable, a.first_unstable) == (b.last_stable, b.first_unstable)
    True
    """
    configs = [(_network(c[0], "config network"), *c[1:]) if isinstance(c, (tuple, list)) and len(c) == 3 else c
               for c in configs]
    for c in configs:
        if not (isinstance(c, tuple) and len(c) == 3):
            raise TypeError(f"each config must be a (recipe or topology, routing, traffic) triple, got {c!r}")
    if tags is not None and len(tags) != len(configs):
        raise ValueError(f"tags must have one dict per config ({len(configs)}), got {len(tags)}")
    workers = _check_workers(workers)
    sim = dict(sim or {})
    seen: list[dict[float, dict[str, Any]]] = [{} for _ in configs]
    progress = check_bool("progress", sweep_kwargs.pop("progress", True))
    rule = sim.get("run_control") or "fixed"
    hints = _check_hints(hints, len(configs))
    if not configs:
        return []
    scheduler = sweep_kwargs.get("scheduler")
    asynchronous = scheduler is not None if asynchronous is None else check_bool("asynchronous", asynchronous)
    if asynchronous and scheduler is None:
        raise ValueError("asynchronous=True (no rounds) needs a Dask cluster: pass scheduler= (a client or an "
                         "address)")
    client = own = None
    if scheduler is not None:
        client, threads, own = _cluster_threads(scheduler)
        sweep_kwargs["scheduler"] = client  # one connection for every round
        workers = threads if workers is None else workers
    try:
        # expected cost per search: orders each round's runs and weights the spare workers (only when it matters)
        costs = [float(expected_cost(c[0], sim)) for c in configs] if (workers or scheduler is not None) else None
        if asynchronous:
            return _saturation_async(configs, coarse_step, tol, lo, hi, seed, sim, tags, workers, costs, progress,
                                     rule, seen, sweep_kwargs, hints)
        return _saturation_rounds(configs, coarse_step, tol, lo, hi, seed, sim, tags, workers, costs, progress,
                                  rule, seen, sweep_kwargs, hints)
    finally:
        if own:
            client.close()


def _saturation_rounds(configs, coarse_step, tol, lo, hi, seed, sim, tags, workers, costs, progress, rule, seen,
                       sweep_kwargs, hints) -> list[SaturationResult]:
    bar = _progress(len(configs), progress, f"saturation searches ({rule} run control)")
    rounds = [0, 0]  # rounds, runs

    def report(finished: int) -> None:
        rounds[0] += 1
        bar.update(finished - bar.n)
        bar.set_postfix_str(f"round {rounds[0]}, {rounds[1]} runs")

    def evaluate(loads: list[list[float]]) -> list[list[bool]]:
        runs, where = [], []
        for i, ls in enumerate(loads):
            rec, routing, traffic = configs[i]
            for ld in ls:
                runs.append(Run(rec, routing, traffic, ld, seed, sim, dict(tags[i]) if tags else {}))
                where.append(i)
        if costs is not None:  # most expensive first: largest network, then highest load
            order = sorted(range(len(runs)), key=lambda j: (-costs[where[j]], -runs[j].load, j))
            runs, where = [runs[j] for j in order], [where[j] for j in order]
        rounds[1] += len(runs)
        at: list[dict[float, bool]] = [{} for _ in configs]
        for i, r in zip(where, run_sweep(runs, progress=False, **sweep_kwargs)):
            seen[i][r["load"]] = r
            at[i][r["load"]] = bool(r["saturated"])
        return [[at[i][round(ld, LOAD_DIGITS)] for ld in ls] for i, ls in enumerate(loads)]

    with bar:
        brackets = bracket_saturation(evaluate, len(configs), coarse_step=coarse_step, tol=tol, lo=lo, hi=hi,
                                      report=report, workers=workers, weights=costs, hints=hints)
    results = []
    for (rec, routing, traffic), (a, s), runs in zip(configs, brackets, seen):
        acc = runs[a]["accepted_load"] if a in runs else 0.0
        results.append(SaturationResult(rec, routing, traffic, a, s, acc, [runs[k] for k in sorted(runs)], rule,
                                        rounds[0]))
    return results


def _saturation_async(configs, coarse_step, tol, lo, hi, seed, sim, tags, workers, costs, progress, rule, seen,
                      sweep_kwargs, hints) -> list[SaturationResult]:
    """The searches without rounds on a Dask cluster: ``client.submit`` each run :class:`SaturationPlanner` hands
    an idle worker, ``as_completed`` to take answers in any order (``saturation_searches``' docstring)."""
    from distributed import as_completed

    unknown = sorted(set(sweep_kwargs) - {"scheduler", "record", "reuse", "desc", "processes"})
    if unknown:
        raise TypeError(f"saturation_searches got unexpected keyword arguments {unknown}")
    client = sweep_kwargs["scheduler"]
    record = _check_record(sweep_kwargs.get("record"))
    reuse = sweep_kwargs.get("reuse", ())
    reuse = _check_reuse(reuse)
    known = _Known(record, reuse)
    planner = SaturationPlanner(len(configs), coarse_step=coarse_step, tol=tol, lo=lo, hi=hi, weights=costs,
                                hints=hints)
    flying: dict[str, tuple[Any, Run, list[int]]] = {}  # run hash -> (future, run, searches asking it)
    futures = as_completed()
    bar = _progress(len(configs), progress, f"saturation searches ({rule} run control, asynchronous)")
    made = [0]

    def take(i: int, run: Run, result: dict[str, Any], where: str | None) -> None:
        seen[i][run.load] = {**_record(run, result), "cached": where == "cached", "recorded": where == "recorded"}
        planner.answer(i, run.load, bool(result["saturated"]))

    def start() -> None:  # hand every idle worker a load; answers found without computing free the budget again
        while not planner.finished:
            idle = (workers or 1) - len(flying)
            props = planner.propose(idle) if idle > 0 else []
            instant = False
            for i, load in props:
                rec, routing, traffic = configs[i]
                run = Run(rec, routing, traffic, load, seed, sim, dict(tags[i]) if tags else {})
                k = run.key()
                if k in flying:  # the same run asked by another search (a config listed twice)
                    flying[k][2].append(i)
                    continue
                hit = known.lookup(run)
                if hit is not None:
                    take(i, run, *hit)
                    instant = True
                    continue
                fut = client.submit(_execute, run, key=f"lowdiam-sim-{k}", pure=True)
                flying[k] = (fut, run, [i])
                futures.add(fut)
            if not instant:
                return

    try:
        with bar:
            start()
            while not planner.finished:
                if not flying:
                    raise RuntimeError("asynchronous saturation search: open searches but no run in flight")
                fut = next(futures)
                k = next((k for k, v in flying.items() if v[0] is fut), None)
                if k is None:
                    continue
                _, run, asking = flying.pop(k)
                try:
                    outcome = fut.result()
                except Exception as exc:  # noqa: BLE001 - re-raised, with the run named
                    exc.add_note(f"while simulating {run.describe()}")
                    raise
                result = known.finish(run, outcome)
                made[0] += 1
                for i in asking:
                    take(i, run, result, None)
                start()
                bar.update(len(configs) - len(planner.open_searches()) - bar.n)
                bar.set_postfix_str(f"{made[0]} runs, {len(flying)} in flight")
    finally:
        for fut, _, _ in flying.values():  # no longer needed: the brackets are final (or the search failed)
            fut.cancel()
    results = []
    for (rec, routing, traffic), (a, s), runs in zip(configs, planner.brackets(), seen):
        acc = runs[a]["accepted_load"] if a in runs else 0.0
        results.append(SaturationResult(rec, routing, traffic, a, s, acc, [runs[k] for k in sorted(runs)], rule,
                                        None))
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
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.\-]*", name) or name.endswith(".csv") \
            or ".." in name:
        raise ValueError(f"name must be a plain file stem like '05_fig9_uniform', got {name!r}")
    table = to_table(rows, columns)
    if not table:
        raise ValueError(f"no rows to write to {name}.csv")
    out = Path(directory) if directory is not None else figures_dir()
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}.csv"
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(table[0]))
        w.writeheader()
        for row in table:
            w.writerow({k: json.dumps(v) if isinstance(v, (list, dict, tuple)) else v for k, v in row.items()})
    return path
