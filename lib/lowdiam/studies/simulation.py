"""Notebook 05 (simulation): which routing fits which family.

Examples
--------
>>> min_routing("polarstar"), min_routing("megafly"), min_routing("lps")
('polarstar-min', 'df-min', 'min')
>>> ugal_routing("dragonfly"), ugal_routing("slimfly")
('df-ugal', 'ugal')
"""

from __future__ import annotations

__all__ = [
    "best_within", "crossval_curves", "higher_beta_pairs", "latency_knee_from_records", "leaders", "min_routing",
    "peak_accepted", "recorded_curves", "recorded_runs", "recorded_saturation", "routings_of",
    "saturation_from_records", "seed_knees", "share_longer_than", "ugal_routing",
]

_HIERARCHICAL = ("dragonfly", "megafly")


def min_routing(constructor: str) -> str:
    """The minimal routing of a family: PolarStar's analytic tables (Sec. 9.2) on PolarStar, hierarchical minimal
    routing (at most one global link) on Dragonfly and Megafly, random minimal next hop on every other network.

    Parameters
    ----------
    constructor : str
        The ``lowdiam.topologies`` constructor name of the network (``Recipe.constructor``, ``Topology.family``).
    """
    if constructor == "polarstar":
        return "polarstar-min"
    if constructor in _HIERARCHICAL:
        return "df-min"
    return "min"


def ugal_routing(constructor: str) -> str:
    """UGAL-L of a family: hierarchical (``df-ugal``) on Dragonfly and Megafly, ``ugal`` elsewhere."""
    return "df-ugal" if constructor in _HIERARCHICAL else "ugal"


def routings_of(classes: str, recipes) -> str:
    """The registry names a routing class runs on these networks (a claim's ``routing``), sorted, comma-separated.

    Parameters
    ----------
    classes : {"MIN", "UGAL", "MIN+UGAL"}
        The class (or both): :func:`min_routing` and/or :func:`ugal_routing` of each network's family.
    recipes : iterable
        Objects with a ``constructor`` attribute (``Recipe``, ``Topology.family`` wrappers) or constructor names.

    Examples
    --------
    >>> routings_of("MIN", ["polarstar", "dragonfly", "hyperx"])
    'df-min, min, polarstar-min'
    >>> routings_of("MIN+UGAL", ["dragonfly"])
    'df-min, df-ugal'
    """
    pick = {"MIN": (min_routing,), "UGAL": (ugal_routing,), "MIN+UGAL": (min_routing, ugal_routing)}
    if classes not in pick:
        raise ValueError(f"routing class must be one of {sorted(pick)}, got {classes!r}")
    ctors = [getattr(r, "constructor", r) for r in recipes]
    return ", ".join(sorted({fn(c) for c in ctors for fn in pick[classes]}))


def share_longer_than(hop_histogram, links: int) -> float:
    """Fraction of the packets of a run's ``hop_histogram`` (packets by links taken) that took more than ``links``
    links: with ``links`` the network's diameter, the packets an adaptive routing sent on non-minimal routes
    that no minimal route could have been (a lower bound on its misrouted share).

    Examples
    --------
    >>> share_longer_than([0, 10, 60, 20, 10], 3)
    0.1
    >>> share_longer_than([0, 5, 5], 2)
    0.0
    """
    h = [int(x) for x in hop_histogram]
    total = sum(h)
    if links < 0 or total == 0:
        raise ValueError(f"need links >= 0 and a histogram with packets; got links={links}, {total} packets")
    return sum(h[links + 1:]) / total


def saturation_from_records(records, tol: float) -> dict[tuple[str, str, str], tuple[float, bool]]:
    """Saturation load of every (label, routing, traffic) in sweep records, and whether its search is done.

    The saturation load is the largest stable load below the smallest saturated one (the saturation search's
    answer, :func:`lowdiam.sweep.saturation_search`); the search is *done* when a saturated load lies within
    ``tol`` above it, or when the largest load run (1.0) is stable.  A search stopped part-way (a paper profile
    resumed across sessions) gives its current bracket's lower end, not done.

    Parameters
    ----------
    records : iterable of dict
        Sweep records (``label``, ``routing``, ``traffic``, ``load``, ``saturated``), e.g.
        :func:`lowdiam.sweep.recorded_records`.
    tol : float
        The search's resolution.

    Examples
    --------
    >>> recs = [{"label": "A", "routing": "min", "traffic": "uniform", "load": x, "saturated": x > 0.62}
    ...         for x in (0.2, 0.4, 0.6, 0.8, 0.7, 0.65, 0.625, 0.6125)]
    >>> saturation_from_records(recs, tol=0.0125)[("A", "min", "uniform")]
    (0.6125, True)
    >>> saturation_from_records(recs[:4], tol=0.0125)[("A", "min", "uniform")]
    (0.6, False)
    """
    out = {}
    for k, (best, first_bad) in brackets_from_records(records).items():
        done = (first_bad is None and best >= 1.0) or (first_bad is not None and first_bad - best <= tol + 1e-9)
        out[k] = (best, bool(done))
    return out


def brackets_from_records(records) -> dict[tuple[str, str, str], tuple[float, float | None]]:
    """``(last stable, first unstable)`` of every (label, routing, traffic) in sweep records: the smallest
    saturated load and the largest stable load below it (0.0 when none).

    Examples
    --------
    >>> brackets_from_records([{"label": "A", "routing": "min", "traffic": "uniform", "load": x,
    ...                         "saturated": x > 0.6} for x in (0.5, 0.7, 0.6, 0.65)])
    {('A', 'min', 'uniform'): (0.6, 0.65)}
    """
    by: dict[tuple[str, str, str], list[tuple[float, bool]]] = {}
    for r in records:
        by.setdefault((r["label"], r["routing"], r["traffic"]), []).append((float(r["load"]), bool(r["saturated"])))
    out = {}
    for k, runs in by.items():
        bad = min((x for x, b in runs if b), default=None)
        out[k] = (max((x for x, b in runs if not b and (bad is None or x < bad)), default=0.0), bad)
    return out


def latency_knee_from_records(records, factor: float = 3.0) -> dict[tuple[str, str, str], dict]:
    """Bracket of the load where mean latency leaves the low-load regime, per (label, routing, traffic).

    The saturation load of :func:`saturation_from_records` reads aggregate throughput, so it marks where a network
    stops *delivering* the offered load; latency has often risen many times over well before.  This is the other
    common definition: the first load at which mean packet latency exceeds ``factor`` times the latency at the
    lowest load run (or the run is saturated).  Only the loads a search happened to run are known, so the answer is
    a bracket ``(below, above]``: ``below`` is the highest run load under ``above`` (every run up to it within the
    factor), ``above`` the lowest run load over it.

    Parameters
    ----------
    records : iterable of dict
        Sweep records (``label``, ``routing``, ``traffic``, ``load``, ``saturated``, ``latency_mean``), e.g.
        :func:`lowdiam.sweep.recorded_records`.
    factor : float, default 3.0
        Latency multiple of the lowest load's that ends the low-load regime; must be > 1.

    Returns
    -------
    dict
        ``(label, routing, traffic) -> {"below", "above", "base_load", "base_latency"}``; ``below`` is None when the
        lowest load run is already past the knee, ``above`` is None when no run is.

    Raises
    ------
    ValueError
        If ``factor`` is not above 1.

    Examples
    --------
    >>> lat = {0.1: 20.0, 0.2: 24.0, 0.3: 45.0, 0.4: 75.0, 0.35: 58.0, 0.45: 300.0}
    >>> recs = [{"label": "A", "routing": "min", "traffic": "uniform", "load": x, "latency_mean": y,
    ...          "saturated": x > 0.42} for x, y in lat.items()]
    >>> latency_knee_from_records(recs)[("A", "min", "uniform")]
    {'below': 0.35, 'above': 0.4, 'base_load': 0.1, 'base_latency': 20.0}
    """
    if not factor > 1:
        raise ValueError(f"factor must be > 1 (a multiple of the lowest load's latency, e.g. 2 or 3); got {factor!r}")
    by: dict[tuple[str, str, str], list[dict]] = {}
    for r in records:
        by.setdefault((r["label"], r["routing"], r["traffic"]), []).append(r)
    out = {}
    for k, runs in by.items():
        runs = sorted(runs, key=lambda r: float(r["load"]))
        base = runs[0]
        limit = factor * float(base["latency_mean"])
        # a saturated run's mean latency covers only what it delivered (possibly nothing: NaN), so it counts as past
        past = [float(r["load"]) for r in runs if r["saturated"] or not float(r["latency_mean"]) <= limit]
        above = past[0] if past else None
        below = max((float(r["load"]) for r in runs if above is None or float(r["load"]) < above), default=None)
        out[k] = {"below": below, "above": above, "base_load": float(base["load"]),
                  "base_latency": float(base["latency_mean"])}
    return out


def recorded_saturation(notebook: str, names, tol: float, *, root=None, recipes: dict | None = None,
                        sim: dict | None = None) -> dict:
    """:func:`saturation_from_records` over the committed paper-profile logs ``names`` of ``notebook`` (absent
    logs contribute nothing), so a quick run can use the paper-scale answers recorded so far.

    ``recipes`` (label -> :class:`lowdiam.sweep.Recipe`) keeps, for each label it names, only the runs of that
    network, so that runs a log holds of an earlier network under the same label (a network the paper profile
    no longer runs) are not mixed in.  ``sim`` (a run's simulation settings, as the logs' ``sim`` column holds them)
    keeps only the runs of exactly those settings, so that runs a log holds under earlier settings are not mixed in.

    Returns
    -------
    dict
        ``(label, routing, traffic) -> (saturation load, search done)``.
    """
    return saturation_from_records(recorded_runs(notebook, names, root=root, recipes=recipes, sim=sim), tol)


def recorded_runs(notebook: str, names, *, root=None, recipes: dict | None = None, sim: dict | None = None) -> list:
    """The runs of the committed paper-profile logs ``names`` of ``notebook`` (absent logs contribute nothing),
    filtered by ``recipes`` and ``sim`` as :func:`recorded_saturation` describes."""
    from lowdiam import sweep

    records = []
    for name in names:
        log = sweep.result_log(notebook, name, root=root)
        if log.path.exists():
            records += sweep.recorded_records(log)
    if recipes:
        want = {label: rec.key() for label, rec in recipes.items()}
        records = [r for r in records if r["label"] not in want or r["recipe"] == want[r["label"]]]
    if sim is not None:
        mine = {f"sim_{k}": v for k, v in sim.items()}
        records = [r for r in records if {k: v for k, v in r.items() if k.startswith("sim_")} == mine]
    return records


def seed_knees(path, labels, routing: str, traffic: str) -> dict[int, dict[str, tuple]]:
    """Per seed and network, the last stable and the first unstable load among those a seed check ran.

    Reads a CSV with columns ``network``, ``routing``, ``traffic``, ``load``, ``seed``, ``unstable``
    (``benchmarks/knee_seeds.py`` writes ``figures/crossval/knee_seeds.csv``).  For each seed that has runs of every
    network in ``labels``: ``{label: (last stable, first unstable)}``, the last stable load being the highest whose
    every checked load at or below it is stable (None when the lowest checked is unstable), the first unstable the
    lowest unstable one (None when every checked load is stable).  An absent file gives ``{}``.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "k.csv"
    >>> _ = p.write_text("network,routing,traffic,load,seed,unstable\\n"
    ...                  "A,m,u,0.5,1,0\\nA,m,u,0.6,1,1\\nB,m,u,0.5,1,1\\nB,m,u,0.4,1,0\\nA,m,u,0.5,2,0\\n")
    >>> seed_knees(p, ["A", "B"], "m", "u")
    {1: {'A': (0.5, 0.6), 'B': (0.4, 0.5)}}
    """
    import csv
    from pathlib import Path

    path = Path(path)
    if not path.exists():
        return {}
    runs: dict[int, dict[str, list]] = {}
    with path.open(newline="") as fh:
        for r in csv.DictReader(fh):
            if r["network"] in labels and r["routing"] == routing and r["traffic"] == traffic:
                runs.setdefault(int(r["seed"]), {}).setdefault(r["network"], []).append(
                    (float(r["load"]), r["unstable"] != "0"))
    out = {}
    for seed, by_net in sorted(runs.items()):
        if set(by_net) != set(labels):
            continue
        out[seed] = {}
        for lab in labels:
            pts = sorted(by_net[lab])
            first = next((lo for lo, u in pts if u), None)
            last = max((lo for lo, u in pts if not u and (first is None or lo < first)), default=None)
            out[seed][lab] = (last, first)
    return out


def crossval_peaks(path, *, graph: str | None = None) -> dict[str, dict[str, dict[str, float]]]:
    """Peak accepted load and the mean hops at that peak, per simulator and routing, of a cross-validation CSV.

    Reads rows with columns ``simulator``, ``routing``, ``accepted``, ``hops`` (and ``graph``), as
    ``benchmarks/crossval_caminos.py neighbor`` writes them.  Returns ``{simulator: {routing: {"peak": ...,
    "hops": ...}}}``; an empty dict when the file does not exist.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.csv"
    >>> _ = p.write_text("graph,simulator,routing,load,accepted,hops\\n"
    ...                  "g,caminos,min,0.2,0.2,1.0\\ng,caminos,min,0.3,0.25,1.0\\n")
    >>> crossval_peaks(p)
    {'caminos': {'min': {'peak': 0.25, 'hops': 1.0}}}
    """
    import csv
    from pathlib import Path

    path = Path(path)
    if not path.exists():
        return {}
    out: dict[str, dict[str, dict[str, float]]] = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if graph is not None and row.get("graph") != graph:
                continue
            acc = float(row["accepted"])
            best = out.setdefault(row["simulator"], {}).get(row["routing"])
            if best is None or acc > best["peak"]:
                out[row["simulator"]][row["routing"]] = {"peak": acc, "hops": float(row["hops"])}
    return out


def crossval_curves(path, *, graph: str | None = None, simulator: str = "caminos", traffic: str | None = None) -> dict:
    """One simulator's load curves in a cross-validation CSV: ``{routing: {offered load: row}}``.

    Reads the rows of ``simulator`` (and of ``graph`` and ``traffic``, if given) with columns ``routing`` and
    ``load``, as ``benchmarks/crossval_caminos.py paper-rrg`` and ``neighbor`` write them; numeric cells become
    floats.
    An empty dict when the file does not exist.

    Raises
    ------
    ValueError
        If two rows give the same routing and load (a curve has one run per load).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "x.csv"
    >>> _ = p.write_text("graph,simulator,routing,load,accepted,latency\\n"
    ...                  "g,caminos,min,0.9,0.8,300.5\\ng,lowdiam,min,0.9,0.79,310\\n")
    >>> c = crossval_curves(p)
    >>> list(c), list(c["min"]), c["min"][0.9]["latency"], c["min"][0.9]["graph"]
    (['min'], [0.9], 300.5, 'g')
    """
    import csv
    from pathlib import Path

    path = Path(path)
    if not path.exists():
        return {}

    def cell(v: str):
        try:
            return float(v)
        except ValueError:
            return v

    out: dict[str, dict[float, dict]] = {}
    with open(path) as f:
        for row in csv.DictReader(f):
            if row.get("simulator") != simulator or (graph is not None and row.get("graph") != graph):
                continue
            if traffic is not None and row.get("traffic") != traffic:
                continue
            typed = {k: cell(v) for k, v in row.items()}
            curve = out.setdefault(row["routing"], {})
            x = round(float(row["load"]), 6)
            if x in curve:
                raise ValueError(f"{path.name}: two {simulator} rows for routing {row['routing']!r} at load {x}")
            curve[x] = typed
    return {rt: dict(sorted(c.items())) for rt, c in out.items()}


def higher_beta_pairs(rows) -> list[tuple[str, str, int]]:
    """Galaxyfly Sec. 5.1.1 ("with the same diameter, higher bisection bandwidth gives higher performance"):
    every pair of configurations with equal diameter, as (higher-beta name, lower-beta name, diameter).

    Parameters
    ----------
    rows : sequence of dict
        Rows with ``name``, ``diameter`` and ``beta`` (e.g. :data:`lowdiam.published.galaxyfly.TABLE5`).

    Returns
    -------
    list of tuple
        One ``(winner, loser, diameter)`` per same-diameter pair, by diameter then table order.

    Raises
    ------
    ValueError
        If a row lacks one of the keys, or two rows of one diameter have the same beta (no expected winner).

    Examples
    --------
    >>> from lowdiam.published.galaxyfly import TABLE5
    >>> higher_beta_pairs(TABLE5)[0]
    ('GF(15,29,1,7)', 'GF(11,29,1,10)', 2)
    """
    rows = list(rows)
    for r in rows:
        missing = [k for k in ("name", "diameter", "beta") if k not in r]
        if missing:
            raise ValueError(f"every row needs name, diameter and beta; {r!r} lacks {missing}")
    out = []
    for d in sorted({int(r["diameter"]) for r in rows}):
        same = [r for r in rows if int(r["diameter"]) == d]
        for i, a in enumerate(same):
            for b in same[i + 1:]:
                if a["beta"] == b["beta"]:
                    raise ValueError(f"{a['name']} and {b['name']} have equal beta {a['beta']}: "
                                     "a pair needs a higher-beta member")
                hi, lo = (a, b) if a["beta"] > b["beta"] else (b, a)
                out.append((hi["name"], lo["name"], d))
    return out


def peak_accepted(curves) -> dict:
    """Highest accepted load of each load curve: ``{key: max(record["accepted_load"])}``.

    Parameters
    ----------
    curves : dict
        ``key -> list of run records`` (as :func:`lowdiam.sweep.load_curve` returns them).

    Raises
    ------
    ValueError
        If a curve is empty.

    Examples
    --------
    >>> peak_accepted({"min": [{"accepted_load": 0.2}, {"accepted_load": 0.35}, {"accepted_load": 0.3}]})
    {'min': 0.35}
    """
    out = {}
    for k, recs in curves.items():
        recs = list(recs)
        if not recs:
            raise ValueError(f"load curve {k!r} has no runs: a peak needs at least one")
        out[k] = max(float(r["accepted_load"]) for r in recs)
    return out


def recorded_curves(records, loads, **match) -> dict:
    """Load curves of recorded sweep runs: ``{(label, routing, traffic): (records by load, complete)}``.

    Keeps the records whose fields equal every ``match`` item (e.g. ``sim_router="caminos"``,
    ``sim_warmup_cycles=3000``: one configuration of a log that may hold several) and whose load is one of
    ``loads``; a curve is *complete* when every load of ``loads`` is recorded.  A paper profile resumed across
    sessions thus gives its partial curves, marked incomplete.

    Parameters
    ----------
    records : iterable of dict
        Sweep records, e.g. :func:`lowdiam.sweep.recorded_records` of a result log.
    loads : iterable of float
        The curve's offered loads.
    **match
        Field values a record must have.

    Examples
    --------
    >>> recs = [{"label": "A", "routing": "min", "traffic": "uniform", "load": x, "sim_router": "caminos",
    ...          "accepted_load": min(x, 0.5)} for x in (0.2, 0.4, 0.6)]
    >>> curves = recorded_curves(recs, [0.2, 0.4, 0.6, 0.8], sim_router="caminos")
    >>> sorted(curves[("A", "min", "uniform")][0]), curves[("A", "min", "uniform")][1]
    ([0.2, 0.4, 0.6], False)
    >>> recorded_curves(recs, [0.2], sim_router="ideal")
    {}
    """
    loads = sorted({round(float(x), 6) for x in loads})
    out: dict = {}
    for r in records:
        x = round(float(r["load"]), 6)
        if x not in loads or any(r.get(k) != v for k, v in match.items()):
            continue
        out.setdefault((r["label"], r["routing"], r["traffic"]), {})[x] = r
    return {k: (dict(sorted(v.items())), len(v) == len(loads)) for k, v in out.items()}


def best_within(values: dict, key, rel: float) -> bool:
    """Whether ``values[key]`` is the largest of ``values`` up to a relative margin: no other value exceeds it by
    more than ``rel`` of itself (``other <= (1 + rel) * values[key]``).

    Parameters
    ----------
    values : dict
        Name -> number (e.g. peak accepted loads per routing).
    key
        The name expected best.
    rel : float
        Relative margin, ``>= 0`` (0: strictly no other value above it).

    Raises
    ------
    ValueError
        If ``key`` is not in ``values`` or ``rel`` is negative.

    Examples
    --------
    >>> best_within({"polarized": 0.50, "min": 0.51, "valiant": 0.3}, "polarized", 0.05)
    True
    >>> best_within({"polarized": 0.50, "min": 0.60}, "polarized", 0.05)
    False
    """
    if key not in values:
        raise ValueError(f"{key!r} is not among the compared values {sorted(map(str, values))}")
    if not rel >= 0:
        raise ValueError(f"rel (relative margin) must be >= 0; got {rel!r}")
    mine = float(values[key])
    return all(float(v) <= (1.0 + rel) * mine for k, v in values.items() if k != key)


def leaders(values: dict, tol: float) -> list:
    """The names whose value is within ``tol`` (absolute) of the largest: ``v + tol >= max``, sorted by name.

    The reading of "tops the panel" when values are measured to a resolution (a saturation search's ``tol``):
    a name counts among the leaders unless the leader's value is more than ``tol`` above its own.

    Parameters
    ----------
    values : dict
        Name -> number (e.g. saturation loads of one Fig. 9 panel).
    tol : float
        Absolute margin, ``>= 0`` (0: only the names that equal the maximum).

    Raises
    ------
    ValueError
        If ``values`` is empty or ``tol`` is negative.

    Examples
    --------
    >>> leaders({"HX": 0.70, "SF": 0.6975, "DF": 0.5}, 0.01)
    ['HX', 'SF']
    >>> leaders({"HX": 0.70, "SF": 0.6975, "DF": 0.5}, 0)
    ['HX']
    """
    if not values:
        raise ValueError("leaders of no values: give at least one name -> number")
    if not tol >= 0:
        raise ValueError(f"tol (absolute margin) must be >= 0; got {tol!r}")
    top = max(float(v) for v in values.values())
    return sorted(k for k, v in values.items() if float(v) + tol >= top)


def rivals_above(recorded: dict, keys, label: str, tol: float) -> list[dict]:
    """Rivals whose recorded searches already saturate above ``label``'s complete search by more than ``tol``.

    A claim "``label`` saturates highest on every pattern" is refuted by one such rival, whatever the searches
    still running give, so it can be decided at paper scale before every search it compares is complete.
    ``label``'s own search must be complete. A rival's search may still be running: its recorded value is then
    the largest stable load found so far, a lower bound of its answer (the search only ever moves its bracket's
    lower end up: ascending coarse loads, then bisection, :func:`lowdiam.sweep.bracket_saturation`), so a
    lower bound above ``label``'s answer refutes as surely as a complete search.

    Parameters
    ----------
    recorded : dict
        ``(label, routing, traffic) -> (saturation load, search done)``, as :func:`recorded_saturation` returns.
    keys : iterable of tuple
        The ``(label, routing, traffic)`` searches the claim compares.
    label : str
        The network claimed best; each traffic pattern is compared with ``label``'s search on that pattern.
    tol : float
        Search resolution, ``>= 0``: a rival counts only when above ``label`` by more than this.

    Returns
    -------
    list of dict
        One ``{"traffic", "rival", "rival_load", "rival_search", "load"}`` per refuting rival, in the order of
        ``keys``; ``rival_search`` is ``"complete"`` or ``"running"`` (``rival_load`` is then a lower bound).

    Raises
    ------
    ValueError
        If ``tol`` is negative or ``keys`` has no search of ``label``.

    Examples
    --------
    >>> rec = {("LPS", "min", "bitrev"): (0.33, True), ("DF", "df-min", "bitrev"): (0.52, True),
    ...        ("SF", "min", "bitrev"): (0.3, False), ("BF", "min", "bitrev"): (0.4, False)}
    >>> keys = [("LPS", "min", "bitrev"), ("DF", "df-min", "bitrev"), ("SF", "min", "bitrev"),
    ...         ("BF", "min", "bitrev")]
    >>> for r in rivals_above(rec, keys, "LPS", 0.01):
    ...     print(r)
    {'traffic': 'bitrev', 'rival': 'DF', 'rival_load': 0.52, 'rival_search': 'complete', 'load': 0.33}
    {'traffic': 'bitrev', 'rival': 'BF', 'rival_load': 0.4, 'rival_search': 'running', 'load': 0.33}
    >>> rivals_above(rec, keys, "LPS", 0.25)
    []
    """
    keys = list(keys)
    if not tol >= 0:
        raise ValueError(f"tol (search resolution) must be >= 0; got {tol!r}")
    if not any(k[0] == label for k in keys):
        raise ValueError(f"no search of {label!r} among the keys; labels there: {sorted({k[0] for k in keys})}")
    mine = {k[2]: float(recorded[k][0]) for k in keys if k[0] == label and k in recorded and recorded[k][1]}
    return [{"traffic": k[2], "rival": k[0], "rival_load": float(recorded[k][0]),
             "rival_search": "complete" if recorded[k][1] else "running", "load": mine[k[2]]}
            for k in keys if k[0] != label and k in recorded and k[2] in mine
            and float(recorded[k][0]) > mine[k[2]] + tol]


def order_decided(recorded: dict, higher, lower, *, strict: bool = True, hi: float = 1.0) -> bool | None:
    """Whether the saturation answer of search ``higher`` is above that of ``lower`` is already decided by the
    recorded searches, complete or still running.

    A complete search's answer is its recorded load; a running one's lies between its recorded load (its
    largest stable load so far: the search only moves its bracket's lower end up,
    :func:`lowdiam.sweep.bracket_saturation`) and ``hi``, the largest load searched.  The ordering is decided
    when every pair of answers these ranges allow gives the same verdict.

    Parameters
    ----------
    recorded : dict
        ``(label, routing, traffic) -> (saturation load, search done)``, as :func:`recorded_saturation` returns.
    higher, lower : tuple
        The two searches' ``(label, routing, traffic)`` keys.
    strict : bool
        Compare ``higher > lower`` (default) or ``higher >= lower``.
    hi : float
        The searches' largest load, ``(0, 1]``.

    Returns
    -------
    bool or None
        The verdict when decided; ``None`` when the searches still running could give either, or a search is
        not recorded.

    Raises
    ------
    ValueError
        If ``hi`` is not in ``(0, 1]`` or ``strict`` is not a bool.

    Examples
    --------
    >>> rec = {("BF", "ugal", "uniform"): (0.7, True), ("SF", "ugal", "uniform"): (0.8, False)}
    >>> order_decided(rec, ("BF", "ugal", "uniform"), ("SF", "ugal", "uniform"))
    False
    >>> order_decided(rec, ("SF", "ugal", "uniform"), ("BF", "ugal", "uniform"))
    True
    >>> rec[("SF", "ugal", "uniform")] = (0.6, False)
    >>> order_decided(rec, ("BF", "ugal", "uniform"), ("SF", "ugal", "uniform")) is None
    True
    """
    if not isinstance(strict, bool):
        raise ValueError(f"strict must be True (higher > lower) or False (higher >= lower), got {strict!r}")
    if not 0.0 < hi <= 1.0:
        raise ValueError(f"hi (largest load searched) must be in (0, 1]; got {hi!r}")
    if higher not in recorded or lower not in recorded:
        return None
    (a, a_done), (b, b_done) = recorded[higher], recorded[lower]
    a_lo, a_hi = float(a), float(a) if a_done else hi
    b_lo, b_hi = float(b), float(b) if b_done else hi
    if (a_lo > b_hi) if strict else (a_lo >= b_hi):
        return True
    if (a_hi <= b_lo) if strict else (a_hi < b_lo):
        return False
    return None
