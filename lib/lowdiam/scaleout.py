"""How saturation searches scale out: replay recorded searches on P cores, sequential or speculative.

A saturation search (:func:`lowdiam.sweep.bracket_saturation`) runs in *rounds*: every round hands the
runs of all open searches to the workers and waits for the slowest.  :func:`replay_schedule` replays a set
of recorded searches (each run's decision and its recorded seconds on one core, :func:`recorded_searches`)
through that schedule on ``cores`` cores, without simulating anything:

* the search itself is :func:`lowdiam.sweep.bracket_saturation`, unchanged, with ``workers`` loads a
  round (``None``: the sequential search, one run per open search a round), so the replay asks exactly
  the loads the library would;
* a round's runs go to the cores in the library's order (:func:`lowdiam.sweep.expected_cost`, most
  expensive first), each to the core free first (list scheduling); the round ends with its last run;
* ``lockstep=True`` replays the search as it ran before the speculative search existed: every search
  does its coarse phase, and only when all have ended it, the bisections (the rounds the issue counted);
* a load the recorded search never ran (a speculative one) costs the seconds of the nearest recorded load
  of the same search (the higher one on a tie), and is saturated exactly when it is at or above the
  search's smallest recorded saturated load (the recorded curve taken as monotone there); a recorded
  load keeps its recorded decision.  With ``cost_below="proportional"`` a load below the search's lowest
  recorded load costs that run's seconds times the ratio of the loads instead (a search recorded only near its
  knee, from a known bracket, replayed from scratch: its coarse loads far below the knee carry fewer flits and,
  under BookSim2's run control, converge in fewer sample periods than the runs next to the knee).

Examples
--------
>>> runs = {("A", "min", "uniform"): {"size": 10, "runs": {x / 10: (x > 6, 60.0) for x in range(1, 11)}}}
>>> seq = replay_schedule(runs, 4, coarse_step=0.1, tol=0.01)
>>> fast = replay_schedule(runs, 16, workers=16, coarse_step=0.1, tol=0.01)
>>> seq["brackets"] == fast["brackets"], seq["rounds"], fast["rounds"]
(True, 11, 2)
>>> seq["wall_seconds"], fast["wall_seconds"]
(660.0, 120.0)
>>> free = replay_schedule(runs, 16, asynchronous=True, coarse_step=0.1, tol=0.01)
>>> free["brackets"] == seq["brackets"], free["wall_seconds"], free["chain_seconds"][("A", "min", "uniform")]
(True, 120.0, 660.0)
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Mapping
from typing import Any

from .validate import check_bool, check_int

__all__ = ["list_schedule", "recorded_searches", "replay_schedule"]


def recorded_searches(records: Iterable[Mapping[str, Any]]) -> dict[tuple[str, str, str], dict[str, Any]]:
    """Recorded saturation searches by ``(label, routing, traffic)``: ``{"size", "runs": {load: (saturated, s)}}``.

    ``records`` are sweep records (:func:`lowdiam.sweep.recorded_records`) with ``load``, ``saturated``,
    ``wall_seconds``, ``num_routers`` and ``num_endpoints``; ``size`` is routers x endpoints (the order key of
    :func:`lowdiam.sweep.expected_cost`).

    Raises
    ------
    ValueError
        A record lacks one of those fields, or one search has two records of one load.

    Examples
    --------
    >>> recs = [{"label": "A", "routing": "min", "traffic": "uniform", "load": 0.1, "saturated": False,
    ...          "wall_seconds": 3.0, "num_routers": 4, "num_endpoints": 8}]
    >>> recorded_searches(recs)
    {('A', 'min', 'uniform'): {'size': 32, 'runs': {0.1: (False, 3.0)}}}
    """
    need = ("label", "routing", "traffic", "load", "saturated", "wall_seconds", "num_routers", "num_endpoints")
    out: dict[tuple[str, str, str], dict[str, Any]] = {}
    for r in records:
        missing = [k for k in need if k not in r]
        if missing:
            raise ValueError(f"a recorded run needs the fields {list(need)}; this one lacks {missing}")
        key = (r["label"], r["routing"], r["traffic"])
        s = out.setdefault(key, {"size": int(r["num_routers"]) * int(r["num_endpoints"]), "runs": {}})
        load = float(r["load"])
        if load in s["runs"]:
            raise ValueError(f"search {key} has two recorded runs at load {load}")
        s["runs"][load] = (bool(r["saturated"]), float(r["wall_seconds"]))
    return out


def list_schedule(costs: Iterable[float], cores: int) -> float:
    """Makespan of ``costs`` (in this order) on ``cores`` cores, each job to the core free first.

    Examples
    --------
    >>> list_schedule([5, 3, 3, 1], 2)
    6.0
    """
    import heapq

    cores = check_int("cores", cores, low=1)
    free = [0.0] * cores
    for c in costs:
        heapq.heapreplace(free, free[0] + float(c))
    return max(free)


#: how a replay costs a load below the lowest recorded one of its search (:func:`replay_schedule`)
COST_BELOW = ("nearest", "proportional")


def _oracle(runs: dict[float, tuple[bool, float]], cost_below: str = "nearest"):
    if cost_below not in COST_BELOW:
        raise ValueError(f"cost_below must be one of {list(COST_BELOW)}, not {cost_below!r}")
    loads = sorted(runs)
    first_bad = min((x for x in loads if runs[x][0]), default=None)

    def decide(load: float) -> bool:
        if load in runs:
            return runs[load][0]
        return first_bad is not None and load >= first_bad

    def cost(load: float) -> float:
        if load in runs:
            return runs[load][1]
        if cost_below == "proportional" and load < loads[0] and loads[0] > 0:
            return runs[loads[0]][1] * load / loads[0]
        j = bisect.bisect_left(loads, load)
        near = loads[max(j - 1, 0): j + 1]
        best = min(near, key=lambda x: (round(abs(x - load), 9), -x))
        return runs[best][1]

    return decide, cost


def replay_schedule(
    searches: Mapping[Any, Mapping[str, Any]],
    cores: int,
    *,
    workers: int | None = None,
    lockstep: bool = False,
    asynchronous: bool = False,
    weighted: bool = True,
    coarse_step: float = 0.1,
    tol: float = 0.01,
    lo: float | None = None,
    hi: float = 1.0,
    cost_below: str = "nearest",
) -> dict[str, Any]:
    """Wall time, core time and rounds of ``searches`` replayed on ``cores`` cores (rules: module docstring).

    Parameters
    ----------
    searches : mapping
        ``key -> {"size": int, "runs": {load: (saturated, seconds)}}``, e.g. :func:`recorded_searches`.
    cores : int
        Cores the rounds are scheduled on (>= 1).
    workers : int, optional
        The search's budget of loads a round (:func:`lowdiam.sweep.bracket_saturation`); ``None``: sequential.
    weighted : bool
        Spare loads weighted by each search's ``size`` (as :func:`lowdiam.sweep.saturation_searches` does);
        False: equal weights.
    asynchronous : bool
        No rounds (what :func:`lowdiam.sweep.saturation_searches` does on a cluster): an event-driven replay
        in which every core, when idle, takes the next load :class:`lowdiam.sweep.SaturationPlanner` proposes
        (``workers`` in flight at most, default ``cores``), and a search goes on as soon as its own runs are
        answered; the wall time ends with the last search's bracket (runs still going are cancelled, their
        seconds counted in full in the core time: a running simulation is not interrupted).
    lockstep : bool
        Coarse phases of all searches first, then their bisections (the search before speculation;
        needs ``workers=None``).
    coarse_step, tol, lo, hi : float
        The searches' rule (Fig. 9's paper profile: 0.1 and 0.01).
    cost_below : {"nearest", "proportional"}
        The cost of a load below a search's lowest recorded load: the nearest recorded load's seconds, or those
        seconds times the ratio of the loads (module docstring).

    Returns
    -------
    dict
        ``wall_seconds``, ``core_seconds``, ``rounds`` (``None`` when asynchronous), ``runs`` (runs made),
        ``extra_runs`` (made but not recorded), ``brackets`` (key -> (last stable, first unstable)),
        ``finish`` (key -> second its bracket was final; asynchronous only), ``chain_seconds`` (key -> its
        sequential search's runs' seconds added up) and ``longest_run`` (key -> its sequential search's
        longest run): with no barrier and cores to spare a search cannot end before its longest run, and
        needs its chain when no speculative run pays off.

    Raises
    ------
    ValueError
        ``lockstep`` with a ``workers`` budget or with ``asynchronous``; ``cost_below`` not one of
        :data:`COST_BELOW`.
    """
    from .sweep import _coarse_loads, bracket_saturation

    cores = check_int("cores", cores, low=1)
    check_bool("lockstep", lockstep)
    check_bool("asynchronous", asynchronous)
    check_bool("weighted", weighted)
    if lockstep and (workers is not None or asynchronous):
        raise ValueError("lockstep replays the sequential search in rounds: it takes workers=None and "
                         "asynchronous=False")
    keys = list(searches)
    if not keys:
        raise ValueError("replay_schedule needs at least one search")
    oracles = [_oracle(dict(searches[k]["runs"]), cost_below) for k in keys]
    sizes = [int(searches[k]["size"]) for k in keys]
    rule = {"coarse_step": coarse_step, "tol": tol, "lo": lo, "hi": hi}
    chains = [_sequential_path(dec, rule) for dec, _ in oracles]
    paths = {"chain_seconds": {k: sum(oracles[i][1](ld) for ld in chains[i]) for i, k in enumerate(keys)},
             "longest_run": {k: max(oracles[i][1](ld) for ld in chains[i]) for i, k in enumerate(keys)}}
    if asynchronous:
        out = _replay_async(keys, searches, oracles, sizes if weighted else None, cores,
                            cores if workers is None else workers, rule)
        return {**out, **paths}
    rounds: list[list[tuple[int, float]]] = []

    def answer(loads: list[list[float]]) -> list[list[bool]]:
        rounds.append([(i, ld) for i, ls in enumerate(loads) for ld in ls])
        return [[oracles[i][0](ld) for ld in ls] for i, ls in enumerate(loads)]

    brackets = bracket_saturation(answer, len(keys), coarse_step=coarse_step, tol=tol, lo=lo, hi=hi,
                                  workers=workers, weights=[float(s) for s in sizes] if weighted else None)
    if lockstep:  # regroup: round r of every coarse phase, then round r of every bisection
        step = coarse_step
        grid = set(_coarse_loads(step, step if lo is None else lo, hi))  # a bisection midpoint is never on it
        seq: list[list[float]] = [[] for _ in keys]
        for rnd in rounds:
            for i, ld in rnd:
                seq[i].append(ld)
        n_coarse = [sum(1 for ld in ls if ld in grid) for ls in seq]
        top = max(n_coarse)
        depth = max(len(ls) - c for ls, c in zip(seq, n_coarse))
        rounds = [[(i, ls[r]) for i, ls in enumerate(seq) if r < n_coarse[i]] for r in range(top)] + [
            [(i, ls[n_coarse[i] + r]) for i, ls in enumerate(seq) if n_coarse[i] + r < len(ls)] for r in range(depth)]
    wall = core = 0.0
    runs = extra = 0
    for rnd in rounds:
        rnd = sorted(rnd, key=lambda t: (-sizes[t[0]], -t[1], t[0]))  # lowdiam.sweep.expected_cost's order
        costs = [oracles[i][1](ld) for i, ld in rnd]
        wall += list_schedule(costs, cores)
        core += sum(costs)
        runs += len(rnd)
        extra += sum(1 for i, ld in rnd if ld not in searches[keys[i]]["runs"])
    return {"wall_seconds": wall, "core_seconds": core, "rounds": len(rounds), "runs": runs, "extra_runs": extra,
            "brackets": dict(zip(keys, brackets)), **paths}


def _sequential_path(decide, rule: dict[str, Any]) -> list[float]:
    """The loads one sequential search asks, in order."""
    from .sweep import SaturationPlanner

    plan = SaturationPlanner(1, **rule)
    path = []
    while not plan.finished:
        (_, load), = plan.propose(1, sequential=True)
        path.append(load)
        plan.answer(0, load, decide(load))
    return path


def _replay_async(keys, searches, oracles, sizes, cores: int, workers: int, rule: dict[str, Any]) -> dict[str, Any]:
    """Event-driven replay without rounds: each idle core takes the planner's most valuable load."""
    import heapq

    from .sweep import SaturationPlanner

    workers = check_int("workers (runs in flight at most)", workers, low=1)
    plan = SaturationPlanner(len(keys), weights=None if sizes is None else [float(x) for x in sizes], **rule)
    events: list[tuple[float, int, int, float]] = []  # (finish second, order, search, load)
    now = core = 0.0
    runs = extra = 0
    finish: dict[Any, float] = {}

    def start() -> None:
        nonlocal core, runs, extra
        idle = min(cores, workers) - len(events)
        for i, load in plan.propose(idle) if idle > 0 else []:
            cost = oracles[i][1](load)
            runs += 1
            core += cost
            extra += load not in searches[keys[i]]["runs"]
            heapq.heappush(events, (now + cost, runs, i, load))

    start()
    while not plan.finished:
        now = events[0][0]
        while events and events[0][0] == now:  # every run ending at this second, then hand out the idle cores
            _, _, i, load = heapq.heappop(events)
            plan.answer(i, load, oracles[i][0](load))
            if plan.done(i):
                finish.setdefault(keys[i], now)
        start()
    return {"wall_seconds": now, "core_seconds": core, "rounds": None, "runs": runs, "extra_runs": extra,
            "brackets": dict(zip(keys, plan.brackets())), "finish": finish}
