"""Notebook 04 (fault tolerance): the computation and the claims behind its figures.

PolarStar Fig. 14 (disconnection ratio over 100 random failure sequences, and the median run's diameter and average
path length), SpectralFly Fig. 5 (diameter, mean distance and METIS bisection vs edge-failure proportion, Table I's
~600 and ~5K classes) and Galaxyfly Fig. 5 (average path length and diameter vs link failure ratio).
:class:`Study` holds the notebook's parameters and computes each section (:mod:`lowdiam.faults`): the quick profile
caches its runs on disk, the paper profile records its rows in ``results/paper/04_fault_tolerance/*.csv``
(:class:`lowdiam.results.ResultLog`), which the quick profile reads back and takes its claims from where complete.
The figures are drawn by :mod:`lowdiam.studies.fault_tolerance_figures`.

Examples
--------
>>> grid(0.1, 0.35).tolist()
[0.0, 0.1, 0.2, 0.3]
>>> rise({"diameter": [3, 3, 4, 5]}, "diameter").tolist()
[0.0, 0.0, 1.0, 2.0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

import numpy as np

from .. import claims
from .. import faults as F
from ..labels import constructor, label
from ..plotting import save_table

__all__ = ["GF", "GF_PAPER", "LONG", "NOTEBOOK", "PAPER", "PAPER_RUN", "PROFILES", "RECORDED", "SF_LIMIT", "TABLE_I",
           "Study", "a1_beats_df", "grid", "increasing_curves", "rise"]

NOTEBOOK = "04_fault_tolerance"
#: the claim scale of the papers' own networks (both profiles build them at full size)
PAPER = {"scale": "paper"}
#: the source name of values taken from the recorded paper-profile rows
RECORDED = "paper scale, recorded"
#: each profile's defaults for the parameters left at ``None`` (the ``spectralfly`` trial rule: SpectralFly's
#: adaptive batches, capped at ``sf_max_trials``)
PROFILES = {"quick": dict(fig14_step=0.05, sf_trials_small="spectralfly", sf_trials_large=3, sf_max_trials=100,
                          bisection_runs=2, gf_trials=3, gf_step=0.1),
            "paper": dict(fig14_step=0.02, sf_trials_small="spectralfly", sf_trials_large="spectralfly",
                          sf_max_trials=1000, bisection_runs=4, gf_trials=10, gf_step=0.05)}
#: the paper profile's defaults: the settings of the recorded rows the quick profile reads
PAPER_RUN = PROFILES["paper"]
#: PolarStar Table 3 short names -> the names this notebook's claims use
LONG = {"PS-IQ": "PolarStar-IQ", "PS-Pal": "PolarStar-Paley", "BF": "Bundlefly", "SF": "Spectralfly", "HX": "HyperX",
        "DF": "Dragonfly", "MF": "Megafly", "FT": "Fat-tree"}
#: the result logs: name -> key columns beyond (section, network, constructor)
LOGS = {"disconnection_ratios": ("trials", "seed"), "polarstar_fig14_median_run": ("trials", "seed", "step"),
        "megafly_diameter_5pct": ("trials", "seed", "ratio"),
        "spectralfly_fig5": ("ratio", "trials", "seed", "options"),
        "galaxyfly_fig5": ("ratio", "trials", "seed", "options")}
NET = ("section", "network", "constructor")


def _table_i() -> dict[str, dict[str, Callable]]:
    from .. import topologies as T
    return {"~600": {"LPS(23,11)": lambda: T.lps(23, 11), "SF(17)": lambda: T.slimfly(17),
                     "BF(37,3)": lambda: T.bundlefly(37, 3), "DF(24)": lambda: T.dragonfly_canonical(24)},
            "~5K": {"LPS(71,17)": lambda: T.lps(71, 17), "SF(47)": lambda: T.slimfly(47),
                    "BF(137,4)": lambda: T.bundlefly(137, 4), "DF(69)": lambda: T.dragonfly_canonical(69)}}


def _gf() -> dict[str, dict[str, Callable]]:
    from .. import topologies as T
    return {
        "GF(n,q,1,p) vs SF": {
            "GF(8,31,1,4)": lambda: T.galaxyfly(8, 31, 1, 4), "GF(16,31,1,4)": lambda: T.galaxyfly(16, 31, 1, 4),
            "GF(32,31,1,4)": lambda: T.galaxyfly(32, 31, 1, 4), "GF(64,31,1,4)": lambda: T.galaxyfly(64, 31, 1, 4),
            "SF(11)": lambda: T.slimfly(11), "SF(17)": lambda: T.slimfly(17),
            "SF(23)": lambda: T.slimfly(23), "SF(31)": lambda: T.slimfly(31),
        },
        "GF(n,q,a!=1,p) vs DF": {
            "GF(11,11,2,2)": lambda: T.galaxyfly(11, 11, 2, 2), "GF(17,17,2,2)": lambda: T.galaxyfly(17, 17, 2, 2),
            "GF(23,23,2,2)": lambda: T.galaxyfly(23, 23, 2, 2), "GF(31,31,2,2)": lambda: T.galaxyfly(31, 31, 2, 2),
            "DF(8,4,4)": lambda: T.dragonfly(8, 4, 4), "DF(12,6,6)": lambda: T.dragonfly(12, 6, 6),
            "DF(14,7,7)": lambda: T.dragonfly(14, 7, 7), "DF(16,8,8)": lambda: T.dragonfly(16, 8, 8),
        },
    }


#: SpectralFly Table I networks per size class: name -> builder (LPS, SlimFly, BundleFly, DragonFly)
TABLE_I = _table_i()
#: SpectralFly Sec. IV-A: consistently connected up to these edge-failure proportions
SF_LIMIT = {"~600": 0.6, "~5K": 0.8}
#: Galaxyfly Fig. 5 panels (our choice of the unlisted configurations): name -> builder
GF = _gf()
#: Galaxyfly Sec. 3.4: "up to x% links removed" while connected, as printed
GF_PAPER = {"GF(64,31,1,4)": 0.90, "SF(31)": 0.86, "GF(31,31,2,2)": 0.60, "DF(16,8,8)": 0.65}


def grid(step: float, hi: float) -> np.ndarray:
    """Failure ratios 0, step, 2 step, ... strictly below ``hi`` (rounded to 4 decimals).

    Parameters
    ----------
    step : float
        Grid step (a fraction of the links).
    hi : float
        Exclusive upper end.

    Returns
    -------
    numpy.ndarray
        The ratios, starting at 0.

    Examples
    --------
    >>> grid(0.05, 0.2).tolist()
    [0.0, 0.05, 0.1, 0.15]
    """
    return np.round(np.arange(0, hi - 1e-9, step), 4)


def rise(run: Mapping, metric: str) -> np.ndarray:
    """Increase of a median-run metric over its intact (first) value, per grid ratio.

    Parameters
    ----------
    run : mapping
        A median run (:meth:`Study.median_run`): ``metric`` -> values along the ratio grid, the intact one first.
    metric : str
        E.g. ``"diameter"`` or ``"mean_distance"``.

    Returns
    -------
    numpy.ndarray
        ``run[metric] - run[metric][0]``, as floats.

    Examples
    --------
    >>> rise({"mean_distance": [2.0, 2.5]}, "mean_distance").tolist()
    [0.0, 0.5]
    """
    return np.asarray(run[metric], dtype=float) - float(run[metric][0])


def increasing_curves(mean_distance: np.ndarray, diameter: np.ndarray) -> bool:
    """Galaxyfly Fig. 5's trend on one network: mean path length strictly increasing, diameter non-decreasing.

    Parameters
    ----------
    mean_distance, diameter : numpy.ndarray
        The network's mean values along increasing failure ratios.

    Returns
    -------
    bool

    Examples
    --------
    >>> increasing_curves(np.array([2.0, 2.1, 2.3]), np.array([3, 3, 4]))
    True
    >>> increasing_curves(np.array([2.0, 2.0]), np.array([3, 3]))
    False
    """
    return bool(np.all(np.diff(mean_distance) > 0) and np.all(np.diff(diameter) >= 0))


def a1_beats_df(good: Mapping[str, np.ndarray], bad: Mapping[str, np.ndarray]) -> bool:
    """Whether every ``good`` curve is strictly below every ``bad`` curve at every point (the worst of the good
    networks beats the best of the bad ones).

    Parameters
    ----------
    good, bad : mapping of str to numpy.ndarray
        Curves by network name, all on the same ratio grid (lower is better, e.g. average path length).

    Returns
    -------
    bool

    Examples
    --------
    >>> a1_beats_df({"a": np.array([2.0, 3.0])}, {"b": np.array([2.5, 3.5]), "c": np.array([2.1, 4.0])})
    True
    >>> a1_beats_df({"a": np.array([2.0, 3.0])}, {"b": np.array([2.5, 3.0])})
    False
    """
    return bool(np.all(np.max(list(good.values()), axis=0) < np.min(list(bad.values()), axis=0)))


class Study:
    """Notebook 04's parameters, its result logs and caches, and one method per section.

    The section methods (:meth:`polarstar`, :meth:`fig14_runs`, :meth:`megafly_5pct`, :meth:`spectralfly`,
    :meth:`galaxyfly`) compute, write the figures' CSV data under ``figures/`` and print what the notebook shows; the
    ``record_*`` methods record the claims (after :func:`lowdiam.claims.use_notebook`), in the notebook's order.

    Parameters
    ----------
    profile : {"quick", "paper"}
    seed : int
        Seed of the failure sequences.
    disconnection_trials : int
        Failure sequences per topology (PolarStar Sec. 11.2: 100).
    fig14_step, sf_trials_small, sf_trials_large, sf_max_trials, bisection_runs, gf_trials, gf_step : optional
        ``None`` (or 0): the profile's default (:data:`PROFILES`).
    sf_step : float
        Ratio grid step of SpectralFly Fig. 5.
    progress : bool
        Show progress bars.
    root : path, optional
        Results folder of the paper-profile logs (default :func:`lowdiam.paths.results_dir`).

    Attributes
    ----------
    quick : bool
        The quick profile: computed values are cached on disk, nothing is written to ``results/``.
    paper_run : dict
        The settings of the recorded rows: :data:`PAPER_RUN` in the quick profile, this run's in the paper profile.
    logs : dict
        The paper profile's result logs (:class:`lowdiam.results.ResultLog`), by name (:data:`LOGS`).

    Examples
    --------
    >>> s = Study("quick")
    >>> s.fig14_step, s.sf_trials_large, s.gf_step, s.paper_run["gf_trials"]
    (0.05, 3, 0.1, 10)
    >>> Study("paper", gf_trials=4).paper_run["gf_trials"]
    4
    """

    def __init__(self, profile: str = "quick", *, seed: int = 0, disconnection_trials: int = 100,
                 fig14_step: float | None = None, sf_trials_small=None, sf_trials_large=None,
                 sf_max_trials: int | None = None, sf_step: float = 0.1, bisection_runs: int | None = None,
                 gf_trials: int | None = None, gf_step: float | None = None, progress: bool = False,
                 root=None) -> None:
        from ..results import ResultLog

        if profile not in PROFILES:
            raise ValueError(f"unknown profile {profile!r}")
        d = PROFILES[profile]
        self.profile, self.quick, self.seed, self.progress = profile, profile == "quick", seed, progress
        self.disconnection_trials, self.sf_step = disconnection_trials, sf_step
        self.fig14_step = fig14_step or d["fig14_step"]
        self.sf_trials_small = sf_trials_small or d["sf_trials_small"]
        self.sf_trials_large = sf_trials_large or d["sf_trials_large"]
        self.sf_max_trials = sf_max_trials or d["sf_max_trials"]
        self.bisection_runs = bisection_runs or d["bisection_runs"]
        self.gf_trials = gf_trials or d["gf_trials"]
        self.gf_step = gf_step or d["gf_step"]
        self.paper_run = dict(PAPER_RUN) if self.quick else {k: getattr(self, k) for k in PAPER_RUN}
        self.logs = {name: ResultLog(NOTEBOOK, name, key=NET + extra, root=root) for name, extra in LOGS.items()}

    # -- shared ---------------------------------------------------------------------------------------------------

    def recorded_row(self, name: str, item: Mapping, compute: Callable) -> dict | None:
        """The recorded row of ``item`` in log ``name``; the paper profile first computes and appends it if missing,
        the quick profile never computes (None when not recorded)."""
        log = self.logs[name]
        if not self.quick:
            log.run([item], compute, progress=False)
        return next((r for r in log.rows() if log.item_key(r) == log.item_key(item)), None)

    def disconnection(self, section: str, name: str, top) -> np.ndarray:
        """The disconnection ratios of ``top``: recorded (paper profile: recorded now) or, in the quick profile when
        not recorded yet, computed (the same sequences in both profiles, so the same numbers)."""
        item = dict(section=section, network=name, constructor=constructor(top))
        r = F.recorded_disconnection_ratio(self.logs["disconnection_ratios"], item, top, self.disconnection_trials,
                                           self.seed, read_only=self.quick)
        return r if r is not None else F.disconnection_ratio(top, self.disconnection_trials, self.seed)

    # -- PolarStar Fig. 14 ------------------------------------------------------------------------------------------

    def polarstar(self) -> dict:
        """Build PolarStar Table 3's networks (:mod:`lowdiam.published`) and their disconnection ratios; writes
        ``figures/04_disconnection_ratios.csv`` and prints min / median / max per topology.

        Returns
        -------
        dict
            Claim name -> disconnection ratios (also ``self.disc``; the networks are ``self.nets``).
        """
        from .. import published

        table3 = {LONG[row["name"]]: (lambda row=row: published.build(row)) for row in published.polarstar.TABLE3}
        self.nets = nets = {k: b() for k, b in table3.items()}
        self.disc = disc = {k: self.disconnection("ps-fig14", k, t) for k, t in nets.items()}
        save_table([dict(name=k, network=label(t), constructor=constructor(t), trial=i,
                         disconnection_ratio=round(float(x), 5))
                    for k, t in nets.items() for i, x in enumerate(disc[k])], "04_disconnection_ratios")
        print(f"{'topology':16s}{'routers':>8s}{'links':>7s}{'direct':>7s}{'min':>7s}{'median':>8s}{'max':>7s}")
        for k, t in nets.items():
            r = disc[k]
            assert r.shape == (self.disconnection_trials,) and np.all((r > 0) & (r <= 1))
            print(f"{k:16s}{t.num_routers:8d}{t.num_edges:7d}{str(t.is_direct):>7s}{r.min():7.3f}{np.median(r):8.3f}"
                  f"{r.max():7.3f}")
        return disc

    def median_run(self, key: str, step: float) -> dict:
        """Diameter and mean distance along the failure sequence of ``key`` with the median disconnection ratio, at
        ratios ``0, step, ...`` below that ratio (keys trial, ratio, ratios, diameter, mean_distance)."""
        top, disc = self.nets[key], self.disc[key]
        i = F.median_trial(disc)
        order = F.failure_sequences(top, i + 1, self.seed)[i]
        ratios = grid(step, disc[i])
        res = F.metrics_along_sequence(top, order, ratios)
        assert np.all(np.isfinite(res["diameter"])), "the median run must be connected below its disconnection ratio"
        return dict(trial=i, ratio=float(disc[i]), ratios=ratios, **res)

    def median_run_recorded(self, key: str) -> dict | None:
        """The median run at the paper profile's grid step, from results/paper/ (the paper profile records it now)."""
        step = self.paper_run["fig14_step"]
        item = dict(section="ps-fig14", network=key, constructor=constructor(self.nets[key]),
                    trials=self.disconnection_trials, seed=self.seed, step=step)
        row = self.recorded_row("polarstar_fig14_median_run", item, lambda it: {
            k: (v.tolist() if isinstance(v, np.ndarray) else v) for k, v in self.median_run(key, step).items()})
        return None if row is None else {
            k: (np.asarray(row[k], dtype=float) if k in ("ratios", "diameter", "mean_distance") else row[k])
            for k in ("trial", "ratio", "ratios", "diameter", "mean_distance")}

    def fig14_runs(self) -> dict:
        """The median runs of every Table 3 network: the recorded ones once complete for all eight, else this quick
        run's (``self.rec_runs``, ``self.quick_runs``, ``self.runs``; their source ``self.fig14_src``)."""
        from ..cache import cached

        rec = {k: self.median_run_recorded(k) for k in self.nets}
        self.rec_runs = rec if all(v is not None for v in rec.values()) else None  # complete for all eight networks
        self.quick_runs = ({k: cached("04_fig14_median_run", dict(net=k, trials=self.disconnection_trials,
                                                                   seed=self.seed, step=self.fig14_step),
                                      lambda k=k: self.median_run(k, self.fig14_step)) for k in self.nets}
                           if self.quick else None)
        self.runs = self.rec_runs if self.rec_runs is not None else self.quick_runs
        self.fig14_src = (f"{RECORDED} (grid step {self.paper_run['fig14_step']})" if self.rec_runs is not None
                          else f"{self.profile} profile (grid step {self.fig14_step})")
        print("Fig. 14 median runs:", self.fig14_src)
        return self.runs

    def record_fig14(self) -> None:
        """PolarStar Sec. 11.2 / Fig. 14: median disconnection ratios, direct above indirect, HyperX and Spectralfly
        most resilient, Megafly's diameter at 5 % (median run)."""
        nets, disc, runs, dt = self.nets, self.disc, self.runs, self.disconnection_trials
        self.med = med = {k: float(np.median(disc[k])) for k in nets}
        for k, paper in (("PolarStar-IQ", 0.60), ("Bundlefly", 0.60), ("Dragonfly", 0.65)):
            claims.record(f"fig14-disconnection-{k}", "PolarStar Sec. 11.2 / Fig. 14",
                          f"{k} median disconnection ratio (fraction of links)", paper, round(med[k], 3), 0.05,
                          figure="04_disconnection_ratios", **PAPER,
                          details={"min": float(disc[k].min()), "max": float(disc[k].max()), "trials": dt})
        self.direct = direct = [k for k in nets if nets[k].is_direct]
        indirect = [k for k in nets if not nets[k].is_direct]
        # a sequence disconnects late when every endpoint router keeps many links: the smallest network degree of an
        # endpoint-bearing router bounds how quickly one can be isolated (probability ~ n f^degree at failure ratio f)
        min_deg = {k: int(t.degrees[t.endpoint_routers].min()) for k, t in nets.items()}
        print("smallest network degree of an endpoint router:", min_deg)
        claims.record("fig14-direct-above-indirect", "PolarStar Sec. 11.2",
                      "every direct topology has a higher median disconnection ratio than Fat-tree and Megafly",
                      True, bool(min(med[k] for k in direct) > max(med[k] for k in indirect)),
                      explanation="holds for Megafly but not for Fat-tree: the 3-level Fat-tree of Table 3 (BookSim, "
                                  "2p = 36 ports) gives every edge switch 18 uplinks and has 12 links per router, "
                                  "against 15 links per router for PolarStar/Bundlefly, so isolating an endpoint "
                                  "router takes more failures",
                      details={"median": {k: round(v, 3) for k, v in med.items()},
                               "min_endpoint_router_degree": min_deg},
                      **PAPER)
        claims.record("fig14-hx-sf-most-resilient", "PolarStar Sec. 11.2",
                      "HyperX and Spectralfly have the highest median disconnection ratios of the direct topologies",
                      True, bool(sorted(direct, key=med.get)[-2:] in (["HyperX", "Spectralfly"],
                                                                      ["Spectralfly", "HyperX"])),
                      details={k: round(med[k], 3) for k in direct}, **PAPER)
        mf = runs["Megafly"]
        at5 = int(np.argmin(np.abs(mf["ratios"] - 0.05)))
        claims.record("fig14-megafly-diameter-5pct", "PolarStar Sec. 11.2",
                      "Megafly diameter (endpoint routers) at 5% failed links, median run", 6,
                      int(mf["diameter"][at5]), None,
                      note=f"median run: {self.fig14_src}; nearest grid ratio {mf['ratios'][at5]:.2f}",
                      details={"ratio": float(mf["ratios"][at5]), "trial": mf["trial"]},
                      figure="04_polarstar_fig14", **PAPER)

    def megafly_5pct(self) -> np.ndarray:
        """Megafly's diameter (endpoint routers) at 5 % failed links over all the failure sequences, not one run
        (inf: disconnected); recorded by the paper profile, else cached; prints the counts."""
        from ..cache import cached

        top = self.nets["Megafly"]

        def compute():
            orders = F.failure_sequences(top, self.disconnection_trials, self.seed)
            return np.array([F.metrics_along_sequence(top, o, [0.05], metrics=("diameter",))["diameter"][0]
                             for o in orders])

        item = dict(section="ps-fig14", network="Megafly", constructor=constructor(top),
                    trials=self.disconnection_trials, seed=self.seed, ratio=0.05)
        row = self.recorded_row("megafly_diameter_5pct", item, lambda it: {"diameter": [
            float(d) if np.isfinite(d) else None for d in compute()]})
        mf5 = (np.array([np.inf if d is None else d for d in row["diameter"]]) if row is not None
               else cached("04_megafly_5pct", dict(trials=self.disconnection_trials, seed=self.seed), compute))
        print("Megafly diameter at 5% failures over", mf5.size, "sequences:",
              {int(d) if np.isfinite(d) else "disconnected": int(c)
               for d, c in zip(*np.unique(mf5, return_counts=True))})
        return mf5

    def record_sec11(self) -> None:
        """PolarStar Sec. 11.2 on the median runs: Dragonfly's rapid rise, Megafly's path rising faster than
        Fat-tree's, PolarStar-Paley like PolarStar-IQ."""
        runs, med, src = self.runs, self.med, self.fig14_src
        low = [r for r in runs["Dragonfly"]["ratios"] if 0 < r <= 0.1 + 1e-9]
        for metric, what in (("diameter", "diameter"), ("mean_distance", "average shortest path length")):
            df_rise = {float(r): float(rise(runs["Dragonfly"], metric)[i])
                       for i, r in enumerate(runs["Dragonfly"]["ratios"]) if r in low}
            other = {k: {float(r): float(rise(runs[k], metric)[i]) for i, r in enumerate(runs[k]["ratios"]) if r in low}
                     for k in self.direct if k != "Dragonfly"}
            largest = all(df_rise[r] > other[k][r] for k in other for r in df_rise if r in other[k])
            # where the strict criterion fails: the ratios at which another direct topology rises as much (or more)
            catch = {r: [k for k in other if r in other[k] and other[k][r] >= df_rise[r]] for r in df_rise}
            catch = {r: ks for r, ks in catch.items() if ks}
            ties_only = bool(catch) and all(other[k][r] == df_rise[r] for r, ks in catch.items() for k in ks)
            expl = (f"diameters are integers: at {', '.join(f'{100 * r:.0f} %' for r in catch)} the Dragonfly's rise "
                    f"({', '.join(f'{df_rise[r]:+.0f}' for r in catch)}) is equalled by "
                    f"{', '.join(sorted({k for ks in catch.values() for k in ks}))} (a tie, no topology rises more), "
                    "and it is strictly the largest at every other ratio up to 10 %") \
                if metric == "diameter" and ties_only and len(catch) < len(df_rise) else ""
            claims.record(f"ps-sec11-dragonfly-rapid-rise-{metric}", "PolarStar Sec. 11.2 / Fig. 14",
                          f"Dragonfly's {what} rises more than every other direct topology's at each failure ratio up "
                          "to 10 % (median runs)", True, bool(largest), None, figure="04_polarstar_fig14", **PAPER,
                          explanation=expl,
                          note=f"median runs: {src}; rise over the intact value at "
                               + ", ".join(f"{100 * r:.0f} %" for r in df_rise) + ": Dragonfly "
                               + ", ".join(f"{v:+.2f}" for v in df_rise.values()) + "; next largest "
                               + ", ".join(f"{max(o[r] for o in other.values() if r in o):+.2f}" for r in df_rise),
                          details={"dragonfly": df_rise, "others": other})
        both = min(len(runs["Megafly"]["ratios"]), len(runs["Fat-tree"]["ratios"]))
        mf_r, ft_r = rise(runs["Megafly"], "mean_distance")[1:both], rise(runs["Fat-tree"], "mean_distance")[1:both]
        claims.record("ps-sec11-megafly-path-rises-faster-than-fattree", "PolarStar Sec. 11.2 / Fig. 14",
                      "Megafly's average shortest path length (endpoint routers) rises more than Fat-tree's at every "
                      "common failure ratio (median runs)", True, bool(np.all(mf_r > ft_r)), None,
                      figure="04_polarstar_fig14", **PAPER,
                      note=f"median runs: {src}; at {100 * runs['Megafly']['ratios'][both - 1]:.0f} %: Megafly "
                           f"{mf_r[-1]:+.2f}, Fat-tree {ft_r[-1]:+.2f} hops",
                      details={"ratios": runs["Megafly"]["ratios"][1:both].tolist(), "megafly": mf_r.tolist(),
                               "fat_tree": ft_r.tolist()})
        iq, pal = runs["PolarStar-IQ"], runs["PolarStar-Paley"]
        m = min(len(iq["ratios"]), len(pal["ratios"]))
        d_path = float(np.max(np.abs(np.asarray(iq["mean_distance"][:m]) - np.asarray(pal["mean_distance"][:m]))))
        d_diam = float(np.max(np.abs(np.asarray(iq["diameter"][:m]) - np.asarray(pal["diameter"][:m]))))
        d_med = abs(med["PolarStar-IQ"] - med["PolarStar-Paley"])
        claims.record("ps-fig14-paley-like-iq", "PolarStar Fig. 14 caption",
                      "PolarStar-Paley behaves like PolarStar-IQ: median disconnection ratios within 0.05, path "
                      "lengths within 0.1 hops and diameters within 1 hop at every common grid ratio", True,
                      bool(d_med <= 0.05 and d_path <= 0.1 and d_diam <= 1), None, figure="04_polarstar_fig14",
                      **PAPER,
                      note=f"median disconnection ratio IQ {med['PolarStar-IQ']:.3f} vs Paley "
                           f"{med['PolarStar-Paley']:.3f}; largest path-length difference {d_path:.3f} hops, diameter "
                           f"difference {d_diam:.0f}",
                      details={"median_disconnection": {"iq": med["PolarStar-IQ"], "paley": med["PolarStar-Paley"]},
                               "max_path_difference": d_path, "max_diameter_difference": d_diam})

    # -- SpectralFly Fig. 5 -----------------------------------------------------------------------------------------

    def spectralfly(self) -> dict:
        """SpectralFly Fig. 5 on Table I's networks: disconnection ratios, and diameter, mean distance and METIS
        bisection per edge-failure proportion (recorded rows, and this quick run); prints the trials per ratio.

        Returns
        -------
        dict
            Network -> :class:`lowdiam.faults` result the claims use (``self.sf_use``; per size class the recorded
            rows once all four networks are recorded, ``self.sf_src``).
        """
        from ..cache import cached

        self.sf_runs, self.sf_rec, self.sf_disc, self.sf_sizes, self.sf_constructor = {}, {}, {}, {}, {}
        for cls, members in TABLE_I.items():
            trials = self.sf_trials_small if cls == "~600" else self.sf_trials_large
            ratios = grid(self.sf_step, SF_LIMIT[cls] + 1e-6)
            rec_trials = self.paper_run["sf_trials_small" if cls == "~600" else "sf_trials_large"]
            rec_opts = dict(metrics=("diameter", "mean_distance", "bisection"),
                            bisection_trials=self.paper_run["bisection_runs"],
                            max_trials=self.paper_run["sf_max_trials"])
            for name, build in members.items():
                top = build()
                self.sf_sizes[name] = (top.num_routers, top.radix, top.num_edges)
                self.sf_constructor[name] = constructor(top)
                self.sf_disc[name] = self.disconnection("sf-fig5", name, top)
                # paper-profile settings, recorded row by row (the quick profile only reads them)
                self.sf_rec[name] = F.recorded_metrics_under_failures(
                    self.logs["spectralfly_fig5"], dict(section="sf-fig5", network=name, constructor=constructor(top)),
                    top, ratios, rec_trials, self.seed, read_only=self.quick, progress=self.progress, **rec_opts)
                if self.quick:
                    params = dict(net=name, ratios=ratios, trials=trials, seed=self.seed,
                                  bisection_runs=self.bisection_runs, max_trials=self.sf_max_trials)
                    self.sf_runs[name] = cached(
                        "04_spectralfly_fig5", params, lambda top=top, ratios=ratios, trials=trials:
                        F.metrics_under_failures(top, ratios, trials, self.seed,
                                                 metrics=("diameter", "mean_distance", "bisection"),
                                                 bisection_trials=self.bisection_runs, max_trials=self.sf_max_trials,
                                                 progress=self.progress))
                else:
                    self.sf_runs[name] = self.sf_rec[name]
        # per size class, the claims use the recorded paper-profile runs when all four networks are recorded
        self.sf_src = {cls: RECORDED if all(self.sf_rec[n] is not None for n in members) else f"{self.profile} profile"
                       for cls, members in TABLE_I.items()}
        self.sf_use = {n: (self.sf_rec[n] if self.sf_src[cls] == RECORDED else self.sf_runs[n])
                       for cls, members in TABLE_I.items() for n in members}
        print("SpectralFly Fig. 5 data per size class:", self.sf_src)
        print(f"{'topology':12s}{'routers':>8s}{'radix':>6s}{'min disc':>9s}{'trials per ratio':>30s}")
        for name, res in self.sf_use.items():
            n, k, m = self.sf_sizes[name]
            print(f"{name:12s}{n:8d}{k:6d}{self.sf_disc[name].min():9.3f}   {res.trials.tolist()}")
        return self.sf_use

    def record_spectralfly_connected(self) -> None:
        """SpectralFly Sec. IV-A / Fig. 5: connected up to 60 % / 80 %, SF(17)'s diameter at 10 %, LPS's larger
        bisection, SF(17)'s smallest mean distance; prints the bisection table."""
        sf_use, dt = self.sf_use, self.disconnection_trials
        for cls, members in TABLE_I.items():
            for name in members:
                res = sf_use[name]
                thr, r = SF_LIMIT[cls], self.sf_disc[name]
                n, k, m = self.sf_sizes[name]
                below = int(np.sum(r < thr))
                # union bound on isolating one of the n routers of degree k before a fraction thr of links fails
                est = n * thr ** k * dt
                why = (f"{below} of {dt} sequences disconnect before {thr:.0%} (union bound for isolating "
                       f"a single router, n thr^k per sequence: {est:.2f} expected); a rare event that the paper's "
                       "'consistently connected' trials did not meet") if below else ""
                claims.record(f"sf-fig5-connected-{name}", "SpectralFly Sec. IV-A / Fig. 5",
                              f"{name}: smallest disconnection ratio over {dt} sequences "
                              f"(paper: connected until {thr:.0%} of edges deleted)",
                              (thr, 1.0), round(float(r.min()), 3), "range", explanation=why, **PAPER,
                              details={"median": float(np.median(r)), "sequences_below": below,
                                       "connected_fraction_per_ratio": dict(zip(res.ratios.tolist(),
                                                                                res.connected_fraction().tolist()))})
        small = {n: sf_use[n] for n in TABLE_I["~600"]}
        i10 = int(np.argmin(np.abs(small["SF(17)"].ratios - 0.1)))
        if abs(small["SF(17)"].ratios[i10] - 0.1) < 1e-9:
            claims.record("sf-fig5-sf-diameter-10pct", "SpectralFly Sec. IV-A",
                          "SF(17) mean diameter at 10% edge failure", 4,
                          float(small["SF(17)"].mean("diameter")[i10]), 0.5,
                          figure="04_spectralfly_fig5", **PAPER,
                          note=f"{int(small['SF(17)'].trials[i10])} trials at this proportion ({self.sf_src['~600']})")
        print(f"{'topology':12s}" + "".join(f"{100 * r:>13.0f}%" for r in sf_use["LPS(23,11)"].ratios)
              + "   (bisection: links cut / per intact link)")
        for name, res in sf_use.items():
            b = res.mean("bisection")
            print(f"{name:12s}" + "".join(f"{x:8.0f}/{x / res.num_links:.3f}" for x in b))
        for cls in TABLE_I:
            lps_name, sf_name = list(TABLE_I[cls])[:2]
            lps_b, sf_b = sf_use[lps_name].mean("bisection"), sf_use[sf_name].mean("bisection")
            claims.record(f"sf-fig5-lps-bisection-{cls}", "SpectralFly Sec. IV-A",
                          f"{lps_name} keeps a larger bisection bandwidth (links cut) than {sf_name} at every failure "
                          "proportion", True, bool(np.all(lps_b > sf_b)), figure="04_spectralfly_fig5", **PAPER,
                          details={"ratios": sf_use[lps_name].ratios.tolist(), lps_name: lps_b.tolist(),
                                   sf_name: sf_b.tolist(),
                                   "per_intact_link": {lps_name: (lps_b / sf_use[lps_name].num_links).tolist(),
                                                       sf_name: (sf_b / sf_use[sf_name].num_links).tolist()}})
        sf_md = small["SF(17)"].mean("mean_distance")
        claims.record("sf-fig5-sf-smallest-mean-distance", "SpectralFly Sec. IV-A",
                      "SF(17) has the smallest mean distance at every failure proportion (~600 class)", True,
                      bool(all(np.all(sf_md <= small[n].mean("mean_distance") + 1e-12) for n in small)),
                      figure="04_spectralfly_fig5", **PAPER)

    def record_spectralfly_comparisons(self) -> None:
        """SpectralFly Sec. IV-A, per size class: the LPS / SlimFly diameter comparisons at 10 %, 20-50 % and above
        50 %, the narrowing mean-distance and bisection gaps, LPS and SlimFly beating BundleFly and DragonFly."""
        sf_use = self.sf_use
        for cls, members in TABLE_I.items():
            lps, sf, bf, df = list(members)
            r = sf_use[lps].ratios
            ok = np.all([sf_use[n].connected_fraction() == 1.0 for n in members], axis=0)
            diam = {n: sf_use[n].mean("diameter") for n in members}
            dist = {n: sf_use[n].mean("mean_distance") for n in members}
            bis = {n: sf_use[n].mean("bisection") for n in members}

            def fmt(d, idx, r=r, lps=lps, sf=sf):
                return ", ".join(f"{100 * r[i]:.0f} %: " + "/".join(f"{d[n][i]:.2f}" for n in (lps, sf)) for i in idx)
            i10 = [i for i in range(len(r)) if abs(r[i] - 0.1) < 1e-9 and ok[i]]
            if cls == "~5K":
                claims.record("sf-fig5-sf-diameter-10pct-5k", "SpectralFly Sec. IV-A",
                              f"{sf} mean diameter at 10% edge failure", 4, float(diam[sf][i10[0]]), 0.5,
                              figure="04_spectralfly_fig5", **PAPER,
                              note=f"{int(sf_use[sf].trials[i10[0]])} trials at this proportion ({self.sf_src[cls]})")
            smaller = bool(diam[lps][i10[0]] < diam[sf][i10[0]])
            claims.record(f"sf-fig5-lps-diameter-below-sf-10pct-{cls}", "SpectralFly Sec. IV-A",
                          f"{lps} has a smaller mean diameter than {sf} at 10% edge failure", True, smaller, None,
                          figure="04_spectralfly_fig5", **PAPER, note=f"{lps}/{sf}: {fmt(diam, i10)}",
                          explanation=(f"{lps} already has diameter {diam[lps][0]:.0f} intact (Table I), equal to "
                                       f"{sf}'s mean diameter {diam[sf][i10[0]]:.0f} at 10 %; failures cannot "
                                       "shorten it")
                          if not smaller and diam[lps][0] >= diam[sf][i10[0]] else "")
            mid = [i for i in range(len(r)) if 0.2 - 1e-9 <= r[i] <= 0.5 + 1e-9 and ok[i]]
            claims.record(f"sf-fig5-diameter-comparable-20-50-{cls}", "SpectralFly Sec. IV-A",
                          f"{lps} and {sf} mean diameters less than one hop apart at 20-50% edge failure", True,
                          bool(np.all(np.abs(diam[lps][mid] - diam[sf][mid]) < 1)), None, figure="04_spectralfly_fig5",
                          **PAPER, note=f"{lps}/{sf}: {fmt(diam, mid)}")
            high = [i for i in range(len(r)) if r[i] > 0.5 + 1e-9 and ok[i]]
            claims.record(f"sf-fig5-sf-diameter-smaller-above-50-{cls}", "SpectralFly Sec. IV-A",
                          f"{sf} has a smaller mean diameter than {lps} above 50% edge failure", True,
                          bool(high) and bool(np.all(diam[sf][high] < diam[lps][high])), None,
                          figure="04_spectralfly_fig5", **PAPER, note=f"{lps}/{sf}: {fmt(diam, high)}; trials " +
                          ", ".join(f"{int(sf_use[n].trials[i])}" for i in high for n in (lps, sf)))
            conn = [i for i in range(len(r)) if ok[i]]
            if cls == "~5K":
                claims.record("sf-fig5-sf-smallest-mean-distance-5k", "SpectralFly Sec. IV-A",
                              f"{sf} has the smallest mean distance at every failure proportion (~5K class)", True,
                              bool(all(np.all(dist[sf][conn] <= dist[n][conn] + 1e-12) for n in members)), None,
                              figure="04_spectralfly_fig5", **PAPER)
            gap = dist[lps][conn] - dist[sf][conn]
            claims.record(f"sf-fig5-mean-distance-gap-narrows-{cls}", "SpectralFly Sec. IV-A",
                          f"the {lps} - {sf} mean-distance gap is smaller at the largest failure proportion than "
                          "intact",
                          True, bool(gap[-1] < gap[0]), None, figure="04_spectralfly_fig5", **PAPER,
                          note="gap per proportion: " + ", ".join(f"{100 * r[i]:.0f} %: {g:.3f}"
                                                                  for i, g in zip(conn, gap)))
            beyond = [i for i in conn if r[i] >= 0.2 - 1e-9]
            bgap = bis[lps][beyond] - bis[sf][beyond]
            claims.record(f"sf-fig5-bisection-gap-narrows-{cls}", "SpectralFly Sec. IV-A",
                          f"the {lps} - {sf} bisection gap (links cut) decreases at every step from 20% edge failure "
                          "on",
                          True, bool(np.all(np.diff(bgap) < 0)), None, figure="04_spectralfly_fig5", **PAPER,
                          note="gap per proportion: " + ", ".join(f"{100 * r[i]:.0f} %: {g:.0f}"
                                                                  for i, g in zip(beyond, bgap)))
            fail = [i for i in conn if r[i] > 0]
            better = {
                "diameter": bool(np.all(np.maximum(diam[lps], diam[sf])[fail] <= np.minimum(diam[bf], diam[df])[fail])),
                "mean_distance": bool(np.all(np.maximum(dist[lps], dist[sf])[fail]
                                             < np.minimum(dist[bf], dist[df])[fail])),
                "bisection": bool(np.all(np.minimum(bis[lps], bis[sf])[fail] > np.maximum(bis[bf], bis[df])[fail]))}
            for metric, val in better.items():
                src = {"diameter": diam, "mean_distance": dist, "bisection": bis}[metric]
                claims.record(f"sf-fig5-lps-sf-beat-bf-df-{metric}-{cls}", "SpectralFly Sec. IV-A",
                              f"{lps} and {sf} both have a better {metric.replace('_', ' ')} than {bf} and {df} at "
                              "every failure proportion > 0", True, val, None, figure="04_spectralfly_fig5", **PAPER,
                              note="at the largest proportion: " + ", ".join(f"{n} {src[n][fail[-1]]:.2f}"
                                                                             for n in members))

    # -- Galaxyfly Fig. 5 -------------------------------------------------------------------------------------------

    def galaxyfly(self) -> dict:
        """Galaxyfly Fig. 5 on :data:`GF`: disconnection ratios, and average path length and diameter per link failure
        ratio (recorded rows, and this quick run); prints the disconnection ratios.

        Returns
        -------
        dict
            Network -> result the claims use (``self.gf_use``; per panel the recorded rows once all eight networks
            are recorded, ``self.gf_src``).
        """
        from ..cache import cached

        self.gf_runs, self.gf_rec, self.gf_disc, self.gf_n, self.gf_tops = {}, {}, {}, {}, {}
        for members in GF.values():
            for name, build in members.items():
                self.gf_tops[name] = top = build()
                self.gf_n[name] = top.num_routers
                self.gf_disc[name] = self.disconnection("gf-fig5", name, top)
                self.gf_rec[name] = F.recorded_metrics_under_failures(
                    self.logs["galaxyfly_fig5"], dict(section="gf-fig5", network=name, constructor=constructor(top)),
                    top, grid(self.paper_run["gf_step"], 0.95), self.paper_run["gf_trials"], self.seed,
                    read_only=self.quick, progress=self.progress)
                if self.quick:
                    ratios = grid(self.gf_step, 0.95)
                    self.gf_runs[name] = cached(
                        "04_galaxyfly_fig5", dict(net=name, ratios=ratios, trials=self.gf_trials, seed=self.seed),
                        lambda top=top, ratios=ratios: F.metrics_under_failures(top, ratios, self.gf_trials, self.seed,
                                                                                progress=self.progress))
                else:
                    self.gf_runs[name] = self.gf_rec[name]
        # per panel, the claims use the recorded paper-profile runs when all eight networks are recorded
        self.gf_src = {panel: RECORDED if all(self.gf_rec[n] is not None for n in members)
                       else f"{self.profile} profile"
                       for panel, members in GF.items()}
        self.gf_use = {n: (self.gf_rec[n] if self.gf_src[panel] == RECORDED else self.gf_runs[n])
                       for panel, members in GF.items() for n in members}
        print("Galaxyfly Fig. 5 data per panel:", self.gf_src)
        print(f"{'topology':16s}{'N_r':>6s}{'median disc':>12s}{'min':>7s}{'max':>7s}")
        for name in self.gf_use:
            r = self.gf_disc[name]
            print(f"{name:16s}{self.gf_n[name]:6d}{np.median(r):12.3f}{r.min():7.3f}{r.max():7.3f}")
        return self.gf_use

    def record_galaxyfly_disconnection(self) -> None:
        """Galaxyfly Sec. 3.4 / Fig. 5: the largest disconnection ratio of the four printed networks (stand-ins: the
        paper does not list them; Table 5's GF(15,29,4,2) beside them) and its growth with N_r per family."""
        from .. import topologies as T

        gf_n, gf_disc, dt = self.gf_n, self.gf_disc, self.disconnection_trials
        alt = T.galaxyfly(15, 29, 4, 2)
        alt_disc = self.disconnection("gf-fig5", "GF(15,29,4,2)", alt)
        print(f"Table 5 GF(15,29,4,2), N_r={alt.num_routers}: median disconnection ratio {np.median(alt_disc):.3f}")
        unlisted = ("the paper does not list its Fig. 5 configurations; the ratio depends on the router degree: "
                    f"{{name}} has network degree {{deg}}, Table 5's GF(15,29,4,2) (N_r 1,740, degree "
                    f"{int(alt.degrees.min())}-{alt.radix}) gives up to {alt_disc.max():.3f}")
        for name, paper in GF_PAPER.items():
            top = self.gf_tops[name]
            deg = f"{int(top.degrees.min())}-{top.radix}"
            if name.startswith("GF"):
                why = unlisted.format(name=name, deg=deg)
            elif name.startswith("SF"):
                why = (f"the paper does not list its Fig. 5 Slim Flies; ours is SF(31) with {gf_n[name]:,} routers, "
                       f"network degree {deg}; the ratio grows with N_r (SF(17): up to {gf_disc['SF(17)'].max():.3f})")
            else:
                why = ("the paper does not list its Fig. 5 Dragonflies; ours is the balanced a = 2h = 2p "
                       f"DF with {gf_n[name]:,} routers, network degree {deg}; the ratio grows with N_r "
                       f"(DF(12,6,6), 876 routers: up to {gf_disc['DF(12,6,6)'].max():.3f})")
            # the paper does not list these networks: ours are stand-ins in its N_r range, so no numeric "match"
            claims.record(f"gf-fig5-disconnection-{name}", "Galaxyfly Sec. 3.4 / Fig. 5",
                          f"{name} (N_r={gf_n[name]}): up to this fraction of links removed while connected (maximum "
                          f"disconnection ratio over {dt} sequences)", paper,
                          round(float(gf_disc[name].max()), 3), 0.05,
                          explanation=why,
                          details={"min": float(gf_disc[name].min()), "median": float(np.median(gf_disc[name])),
                                   "GF(15,29,4,2)_max": float(alt_disc.max())},
                          scale="stand-in",
                          stand_in=f"{label(top)} (N_r {gf_n[name]:,}, {constructor(top)}), our choice",
                          figure="04_galaxyfly_fig5")
        a1, ax = list(GF["GF(n,q,1,p) vs SF"]), list(GF["GF(n,q,a!=1,p) vs DF"])
        for fam, names in (("GF(n,q,1,p)", a1[:4]), ("SF", a1[4:]), ("GF(n,q,a!=1,p)", ax[:4]), ("DF", ax[4:])):
            meds = [float(np.median(gf_disc[n])) for n in names]
            claims.record(f"gf-fig5-grows-with-Nr-{fam}", "Galaxyfly Sec. 3.4",
                          f"{fam}: median disconnection ratio increases with N_r", True,
                          bool(np.all(np.diff(meds) > 0)),
                          scale="stand-in", stand_in=f"{', '.join(names)}, our choice in the paper's 0.2K-2K range",
                          details=dict(zip(names, meds)))

    def record_galaxyfly_curves(self) -> None:
        """Galaxyfly Sec. 3.4 / Fig. 5: every curve increases with the failure ratio; GF(n,q,1,p) and SF beat
        GF(n,q,a!=1,p) and DF at each size step."""
        gf_use, gf_src = self.gf_use, self.gf_src
        for panel, members in GF.items():
            inc = {}
            for name in members:
                res = gf_use[name]
                ok = res.connected_fraction() == 1.0
                inc[name] = increasing_curves(res.mean("mean_distance")[ok], res.mean("diameter")[ok])
            claims.record(f"gf-fig5-curves-increase-{panel.split(' vs ')[0]}", "Galaxyfly Sec. 3.4 / Fig. 5",
                          f"{panel}: average path length and diameter increase with the link failure ratio (every "
                          "network)", True, all(inc.values()), None, figure="04_galaxyfly_fig5", details=inc,
                          note=f"data: {gf_src[panel]}", scale="stand-in",
                          stand_in=f"{', '.join(members)}, our choice in the paper's 0.2K-2K range")
        a1 = list(GF["GF(n,q,1,p) vs SF"])
        ax = list(GF["GF(n,q,a!=1,p) vs DF"])
        sup: dict[str, dict[str, bool]] = {}
        for lvl in range(4):
            good, bad = (a1[lvl], a1[lvl + 4]), (ax[lvl], ax[lvl + 4])
            ok = np.all([gf_use[n].connected_fraction() == 1.0 for n in good + bad], axis=0)
            sup[f"{'+'.join(good)} vs {'+'.join(bad)}"] = {
                metric: a1_beats_df({n: gf_use[n].mean(metric)[ok] for n in good},
                                    {n: gf_use[n].mean(metric)[ok] for n in bad})
                for metric in ("mean_distance", "diameter")}
        claims.record("gf-fig5-a1-and-sf-beat-a-gt-1-and-df", "Galaxyfly Sec. 3.4 / Fig. 5",
                      "GF(n,q,1,p) and SF have a smaller average path length and diameter than GF(n,q,a!=1,p) and DF "
                      "of the same size step at every failure ratio", True, all(all(v.values()) for v in sup.values()),
                      None, figure="04_galaxyfly_fig5", details=sup, scale="stand-in",
                      stand_in="the four size steps of the two panels above (N_r 0.2K-2K), our choice",
                      note=f"data: {', '.join(sorted(set(gf_src.values())))}; " + "; ".join(
                          f"{k}: " + ", ".join(f"{m} {'yes' if v else 'no'}" for m, v in d.items())
                          for k, d in sup.items()))


