"""Notebook 05 (simulation): one profile's run settings and the helpers every section of the notebook shares.

:class:`SimStudy` holds a profile's windows, search resolution and sweep options and runs the saturation searches of
every section (:meth:`SimStudy.searches`: every run to ``figures/<file>.csv``, and in the paper profile to the
committed log ``results/paper/05_simulation/<file>.csv``).  It also says at which scale a claim is measured
(:meth:`SimStudy.where`, :meth:`SimStudy.measured`).  The sections live in :mod:`lowdiam.studies.sim_polarstar`,
:mod:`~lowdiam.studies.sim_polarized`, :mod:`~lowdiam.studies.sim_spectralfly`,
:mod:`~lowdiam.studies.sim_galaxyfly` and :mod:`~lowdiam.studies.sim_new_polarized`; their figures in
:mod:`lowdiam.studies.sim_figures`.

Examples
--------
>>> study = SimStudy("quick")
>>> study.warmup_cycles, study.measure_cycles, study.coarse_step, study.tol, [float(x) for x in study.curve_loads[:3]]
(200, 400, 0.2, 0.1, [0.1, 0.25, 0.4])
>>> study.record("05_polarstar_fig9") is None  # the quick profile records nothing
True
>>> noted({"scale": "paper", "note": "a"}, "b", "")
{'scale': 'paper', 'note': 'a; b'}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from .. import sweep as S
from ..labels import constructor, label

__all__ = ["NOTEBOOK", "PROFILES", "PAPER_TOL", "RT_NAME", "MARKERS", "recipe", "net_name", "named", "write_runs",
           "sat", "final_loads", "noted", "SimStudy"]

NOTEBOOK = "05_simulation"
PROFILES = ("quick", "paper")
#: the paper profile's search resolution (the resolution of every recorded paper-scale search)
PAPER_TOL = 0.01
#: how the notebook's figures name a routing (registry name -> text)
RT_NAME = {"min": "MIN", "polarstar-min": "MIN", "df-min": "MIN", "min-single": "single minpath", "ugal": "UGAL-L",
           "df-ugal": "UGAL-L", "gf-min": "paper's MIN", "valiant": "Valiant", "polarized": "Polarized",
           "source-min": "source MIN", "ksp": "KSP", "nag": "NAG", "min-adaptive": "MIN (adaptive)",
           "omni": "Omni-Dimensional"}
#: marker cycle of the latency plots
MARKERS = "osD^v<>PXh*"


def recipe(key: str, ctor: str, *args: Any, **kwargs: Any) -> S.Recipe:
    """A topology recipe (constructor of :mod:`lowdiam.topologies` and its arguments) under a short key.

    Parameters
    ----------
    key : str
        The short key the notebook's tables use (``"SF"``, ``"GF(15,29,1,7)"``).
    ctor : str
        Constructor name; ``args`` and ``kwargs`` are its arguments.

    Returns
    -------
    lowdiam.sweep.Recipe

    Examples
    --------
    >>> r = recipe("HX", "hyperx", 4, 4, 4)
    >>> r.label, r.constructor, r.args
    ('HX', 'hyperx', (4, 4, 4))
    """
    return S.Recipe(ctor, kwargs, key, args)


def net_name(rec: S.Recipe) -> str:
    """The network's one label (:mod:`lowdiam.labels`), the same in every figure and CSV file.

    Examples
    --------
    >>> net_name(recipe("HX", "hyperx", 4, 4, 4))
    'HX(4x4x4)'
    """
    return label(rec.build())


def named(rec: S.Recipe, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Rows of one network with its label and constructor call first (for CSV files).

    Parameters
    ----------
    rec : lowdiam.sweep.Recipe
    rows : iterable of mapping

    Returns
    -------
    list of dict
    """
    top = rec.build()
    return [{"network": label(top), "network_constructor": constructor(top), **r} for r in rows]


def write_runs(rows: Sequence[Mapping[str, Any]], file: str, extra: Sequence[str] = ()) -> None:
    """Every run (network, routing, traffic, load, seed, simulation settings, results) to ``figures/<file>.csv``.

    Parameters
    ----------
    rows : sequence of mapping
        Runs as :func:`named` gives them.
    file : str
        File stem.
    extra : sequence of str
        Columns written after :data:`lowdiam.sweep.DEFAULT_COLUMNS` (before the ``sim_*`` settings).
    """
    sim_cols = tuple(sorted({k for r in rows for k in r if k.startswith("sim_")}))
    S.write_csv(rows, file, columns=("network",
                                     "network_constructor") + S.DEFAULT_COLUMNS[1:] + tuple(extra) + sim_cols)


def sat(table: Mapping, key: str, routing: str, traffic: str) -> float:
    """Saturation load of the search ``(key, routing, traffic)`` of ``table`` (:meth:`SimStudy.searches`)."""
    return table[(key, routing, traffic)].saturation_load


def final_loads(table: Mapping) -> dict:
    """This run's searches as ``(label, routing, traffic) -> (saturation load, search done)``.

    The form of the recorded ones (:func:`lowdiam.studies.simulation.recorded_saturation`), so one plot draws either.
    """
    return {k: (x.saturation_load, True) for k, x in table.items()}


def noted(at: Mapping[str, Any], *notes: str) -> dict[str, Any]:
    """A claim's scale arguments ``at`` with ``notes`` appended to the note they may already carry.

    Parameters
    ----------
    at : mapping
        Keyword arguments of :func:`lowdiam.claims.record` (``scale``, ``stand_in``, ``note`` ...).
    *notes : str
        Appended in order, joined by ``"; "``; empty ones are left out.

    Returns
    -------
    dict

    Examples
    --------
    >>> noted({"scale": "stand-in"}, "x")
    {'scale': 'stand-in', 'note': 'x'}
    """
    return {**at, "note": "; ".join(n for n in (at.get("note"), *notes) if n)}


class SimStudy:
    """One profile's simulation settings and the saturation searches run with them.

    Parameters
    ----------
    profile : {"quick", "paper"}
        ``quick``: scaled-down networks and short windows (CI); ``paper``: the papers' configurations, every run
        recorded to ``results/paper/05_simulation/``.
    scheduler : str, optional
        Dask scheduler address; None runs on local processes.
    processes : int, optional
        Local worker processes (None: all cores).
    progress : bool
        A tqdm bar per sweep.
    seed : int
        Seed of every run.
    warmup_cycles, measure_cycles : int, optional
        Windows; None means quick 200 + 400 (the CI-sized stand-in runs), paper 3000 + 5000.
    coarse_step, tol : float, optional
        Saturation search coarse step and bisection resolution; None means quick 0.2 / 0.1, paper 0.1 / 0.01.
    router_speedup : float
        BookSim ``internal_speedup`` of sections 1, 3 and 4.
    curve_step : float, optional
        Load step of the Polarized-paper curves; None means quick 0.15, paper 0.05.

    Raises
    ------
    ValueError
        For an unknown profile.
    """

    def __init__(self, profile: str = "quick", *, scheduler: str | None = None, processes: int | None = None,
                 progress: bool = False, seed: int = 0, warmup_cycles: int | None = None,
                 measure_cycles: int | None = None, coarse_step: float | None = None, tol: float | None = None,
                 router_speedup: float = 2.0, curve_step: float | None = None) -> None:
        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}: must be one of {PROFILES}")
        self.profile = profile
        self.quick = quick = profile == "quick"
        self.scheduler, self.processes, self.progress, self.seed = scheduler, processes, progress, seed
        self.warmup_cycles = warmup_cycles or (200 if quick else 3000)
        self.measure_cycles = measure_cycles or (400 if quick else 5000)
        self.coarse_step = coarse_step or (0.2 if quick else 0.1)
        self.tol = tol or (0.1 if quick else 0.01)
        self.curve_step = curve_step or (0.15 if quick else 0.05)
        self.router_speedup = router_speedup
        #: windows of the ideal-model runs (drain up to twice the measurement window)
        self.windows = {"warmup_cycles": self.warmup_cycles, "measure_cycles": self.measure_cycles,
                        "max_drain_cycles": 2 * self.measure_cycles}
        #: options of every sweep
        self.sweep = {"scheduler": scheduler, "processes": processes, "progress": progress}
        #: the BookSim model: its own drain rule, wormhole (flit-level VC) flow control, hop-indexed VCs
        self.booksim = {"router": "booksim",
                        "router_options": {"internal_speedup": router_speedup, "vc_selection": "hop"},
                        "warmup_cycles": self.warmup_cycles, "measure_cycles": self.measure_cycles}
        #: offered loads of the Polarized-paper curves
        self.curve_loads = [round(x, 4) for x in np.arange(0.1, 1.0 + 1e-9, self.curve_step)]

    def record(self, name: str):
        """Paper profile: the run log ``results/paper/05_simulation/<name>.csv`` (committed, resumable); quick: None."""
        return None if self.quick else S.result_log(NOTEBOOK, name)

    def searches(self, configs: Sequence[tuple], sim: Mapping[str, Any], file: str, reuse: Sequence[str] = ()) -> dict:
        """Saturation search of every ``(recipe, routing, traffic)``; every run to ``figures/<file>.csv``.

        Parameters
        ----------
        configs : sequence of (Recipe, str, str)
        sim : mapping
            Simulation settings.
        file : str
            CSV stem (and, in the paper profile, run-log name); the saturation loads go to ``<file>_saturation``.
        reuse : sequence of str
            Paper profile: run logs of another section on the same networks and settings whose runs are copied, not
            rerun.

        Returns
        -------
        dict
            ``(label, routing, traffic) -> SaturationResult``.
        """
        res = S.saturation_searches(configs, coarse_step=self.coarse_step, tol=self.tol, seed=self.seed, sim=sim,
                                    record=self.record(file),
                                    reuse=() if self.quick else [S.result_log(NOTEBOOK, n) for n in reuse],
                                    **self.sweep)
        runs = [r for x in res for r in x.records]
        print(f"{file}: {len(res)} saturation searches, {len(runs)} runs")
        write_runs([r for x in res for r in named(x.recipe, x.records)], file)
        S.write_csv([r for x in res for r in named(x.recipe, [{k: v for k, v in x.as_row().items() if k != "label"}])],
                    file + "_saturation")
        return {(x.recipe.label, x.routing, x.traffic): x for x in res}

    def where(self, *recs: S.Recipe) -> dict[str, str]:
        """Scale of a claim measured on these networks: the paper's in the paper profile, stand-ins otherwise."""
        if not self.quick:
            return dict(scale="paper")
        return dict(scale="stand-in", stand_in=", ".join(f"{net_name(r)} ({r.build().num_routers} routers)"
                                                         for r in recs)
                    + f"; windows {self.warmup_cycles}+{self.measure_cycles} cycles")

    def where_pending(self, recs: Sequence[S.Recipe], what: str, done: int, total: int) -> dict[str, str]:
        """:meth:`where` of a claim measured on this run's networks; the quick profile's also says how many of the
        paper-scale results (``what``) it compares are recorded complete so far."""
        at = self.where(*recs)
        if self.quick:
            at["stand_in"] += f"; paper-scale {what} recorded complete: {done} of the {total} this claim compares"
        return at

    def measured(self, keys: Sequence[tuple], *recs: S.Recipe, table: Mapping, paper: Mapping,
                 networks: str = "Table 3 networks") -> tuple[list, dict]:
        """Saturation loads of ``(label, routing, traffic)`` keys and the claim's scale.

        The recorded paper-scale searches ``paper`` (``key -> (load, done)``) when all are complete (quick profile),
        else this run's searches ``table`` (stand-ins in the quick profile, which then say how many of the paper-scale
        searches the claim needs are recorded so far).
        """
        hits = [paper.get(k) for k in keys]
        if self.quick and all(h is not None and h[1] for h in hits):
            return [h[0] for h in hits], dict(scale="paper", note=f"recorded paper-profile searches ({networks}, "
                                              f"3000+5000-cycle windows, resolution {PAPER_TOL}; "
                                              "results/paper/05_simulation/)")
        at = self.where_pending(recs, f"searches ({networks}, 3000+5000 cycles)",
                                sum(h is not None and h[1] for h in hits), len(keys))
        return [sat(table, *k) for k in keys], at

    def resolution(self, at: Mapping[str, Any]) -> float:
        """Search resolution of the loads a claim compares: the paper profile's for recorded searches, else this
        run's."""
        return PAPER_TOL if at["scale"] == "paper" else self.tol
