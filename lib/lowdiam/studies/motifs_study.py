"""Notebook 07 (application motifs): each profile's networks and sizes, each section's runs and the paper-scale rows
recorded so far.

The notebook compares networks on the communication motifs of PolarStar Sec. 10 / Fig. 11 (Allreduce, Sweep3D) and
SpectralFly Fig. 9 / 10 (Halo3D-26, Sweep3D, FFT), and splits an Allreduce over edge-disjoint spanning trees.  This
module holds what it runs:

* :data:`PAPER` and :data:`QUICK`, the two profiles' :class:`MotifSetup` (networks and message sizes): the papers'
  own (PolarStar Table 3, SpectralFly Sec. VI-B) and ~100-router stand-ins with 192 ranks and smaller messages;
* :class:`MotifStudy`, one profile's runs: run by run in this process (quick profile), or recorded to
  ``results/paper/07_motifs/`` as each finishes, on local processes or a Dask cluster (paper profile);
* the three sections' results (:class:`Fig11Runs`, :class:`SpectralFlyRuns`, :class:`EdstRuns`), each with the
  paper-scale rows recorded so far, which the quick profile draws beside its own and takes claims from
  (:mod:`lowdiam.studies.motifs_claims`, figures in :mod:`lowdiam.studies.motifs_figures`).

The motif runs themselves are :func:`lowdiam.studies.motifs.item_row` (cached, checkpointed).

The paper profile's runs can also be recorded without the notebook: ``python -m lowdiam.studies.motifs_study
--sections fig11[,spectralfly,edst] [--processes N | --scheduler ADDRESS]`` runs every section's items not yet
in its log (:meth:`MotifStudy.section_items`), and records each as it finishes, as the notebook's paper profile does.

Examples
--------
>>> study = MotifStudy("quick")
>>> study.setup.ranks, sorted(study.setup.fig11), study.processes
(192, ['DF', 'FT', 'HX', 'PS-IQ'], 1)
>>> [(it["key"], it["case"], it["routing"]) for it in study.fig11_items()][:2]
[('PS-IQ', 'allreduce', 'polarstar-min'), ('PS-IQ', 'sweep3d', 'polarstar-min')]
>>> routing_class("df-ugal"), routing_class("polarstar-min")
('UGAL', 'MIN')
"""

from __future__ import annotations

import argparse
import functools
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import sweep as S
from ..labels import label
from ..paper_progress import PaperProgress
from ..results import ResultLog
from ..sim import ember_motif_args
from . import motifs as M
from .simulation import min_routing, ugal_routing
from .unfinished import latest_progress

__all__ = ["NOTEBOOK", "KEY", "KEY_SPEC", "CLASSES", "SF_FIGS", "MotifSetup", "PAPER", "QUICK", "SETUPS", "PAPER_SWEEP",
           "FIG11_PAPER_CASES", "SF_PAPER_CASES", "recipe", "routing_class", "edst_items", "MotifStudy", "Fig11Runs",
           "SpectralFlyRuns", "EdstRuns", "recorded_fig11", "recorded_spectralfly", "recorded_edst",
           "paper_progress", "SECTIONS"]

NOTEBOOK = "07_motifs"
#: the columns naming one run in the paper profile's logs (results/paper/07_motifs/*.csv)
KEY = ("key", "case", "network", "motif", "algorithm", "trees", "routing", "message_bytes", "iterations", "ranks")
#: the SpectralFly runs also name their rank placement
KEY_SPEC = KEY + ("mapping",)
#: the routing classes every comparison runs: each family's minimal routing and UGAL-L
CLASSES = ("MIN", "UGAL")
#: the SpectralFly figure of each routing class
SF_FIGS = {"MIN": "Fig. 9", "UGAL": "Fig. 10"}


def recipe(constructor: str, *args: Any, **kwargs: Any) -> S.Recipe:
    """A :class:`lowdiam.sweep.Recipe` of ``constructor(*args, **kwargs)``.

    Parameters
    ----------
    constructor : str
        A :mod:`lowdiam.topologies` constructor name.
    *args, **kwargs
        Its arguments.

    Returns
    -------
    Recipe

    Examples
    --------
    >>> recipe("dragonfly", 6, 3, 2).build().num_routers
    114
    """
    return S.Recipe(constructor, kwargs, "", args)


def routing_class(routing: str) -> str:
    """The routing class of a routing's registry name: ``"UGAL"`` for UGAL-L (``ugal``, ``df-ugal``), ``"MIN"`` for
    any other (the minimal routings the notebook runs).

    Parameters
    ----------
    routing : str

    Returns
    -------
    str

    Examples
    --------
    >>> routing_class("df-ugal"), routing_class("polarstar-min")
    ('UGAL', 'MIN')
    """
    return "UGAL" if "ugal" in routing else "MIN"


@dataclass(frozen=True)
class MotifSetup:
    """The networks and motif sizes of one profile of notebook 07.

    Attributes
    ----------
    ranks : int or None
        MPI ranks on every network (None: every endpoint a rank); the SpectralFly runs may place their own
        (``spec_placement``), and the EDST Allreduce always does (one rank per router and tree).
    fig11 : dict
        PolarStar Fig. 11's networks (key -> :class:`lowdiam.sweep.Recipe`): PS-IQ, DF, HX, FT.
    allreduce, sweep : dict
        Motif settings of Fig. 11's Allreduce (tree algorithm) and Sweep3D (``message_bytes``, ``iterations``,
        ``motif_options``); the SpectralFly runs use the same Sweep3D.
    spec : dict
        SpectralFly Fig. 9 / 10's networks: LPS, DF, SF, BF.
    halo, fft : dict
        Motif settings of SpectralFly's Halo3D-26 and FFT.
    spec_placement : dict
        The SpectralFly runs' own ``ranks`` and ``mapping`` ({}: ``ranks`` placed linearly).
    edst_nets : dict
        The EDST Allreduce's networks.
    edst_bytes : int
        The EDST Allreduce's vector.

    Examples
    --------
    >>> QUICK.ranks, sorted(QUICK.fig11), QUICK.allreduce
    (192, ['DF', 'FT', 'HX', 'PS-IQ'], {'message_bytes': 8192, 'iterations': 2})
    >>> PAPER.spec_placement, PAPER.edst_bytes
    ({'ranks': 8192, 'mapping': 'random-nodes'}, 1048576)
    >>> from dataclasses import replace
    >>> replace(QUICK, ranks=96).ranks  # a variant of a profile (frozen: replace, never assign)
    96
    """

    ranks: int | None
    fig11: dict
    allreduce: dict
    sweep: dict
    spec: dict
    halo: dict
    fft: dict
    spec_placement: dict
    edst_nets: dict
    edst_bytes: int


#: the papers' networks and sizes: PolarStar Table 3 and Sec. 10 (Allreduce 64 KB x 10 iterations); SpectralFly
#: Sec. VI-B (its Dragonfly is SST/macro's 69-group circulant wiring, with parallel links), 2^13 = 8,192 MPI ranks
#: on randomly chosen nodes, placed in the topology's order (SST/macro's allocation).  Sweep3D and Halo3D-26 have
#: the message sizes of Ember's default problems (the papers do not state theirs): Sweep3D 3,200-byte blocks, 50
#: per octant; Halo3D faces 80,000 B, edges 800 B, corners 8 B.  PolarStar Sec. 10 runs 10 iterations of both
#: motifs; Sweep3D is cut to 1: at Ember's sizes one iteration on PS-IQ(11,3) is 210 M packets (twice the whole
#: 10-iteration Allreduce), 10 would be 2.1 G, about 8 h per run on one core; the iterations run one after
#: another, so a DF / PS ratio of one iteration estimates that of ten.  The EDST section (new): 1 MB over 1..4
#: trees on PS-IQ(11,3), SF(13), BF(9,7).
PAPER = MotifSetup(
    ranks=None,
    fig11={"PS-IQ": recipe("polarstar", 11, "iq", 3, endpoints_per_router=5), "DF": recipe("dragonfly", 12, 6, 6),
           "HX": recipe("hyperx", 9, 9, 8, endpoints_per_router=8), "FT": recipe("fat_tree", 18, 3)},
    allreduce=dict(message_bytes=65536, iterations=10),
    sweep=dict(iterations=1, **ember_motif_args("sweep3d")),
    spec={"LPS": recipe("lps", 23, 13, endpoints_per_router=8),
          "DF": recipe("dragonfly", 16, 8, 8, arrangement="circulant", groups=69),
          "SF": recipe("slimfly", 27, endpoints_per_router=8),
          "BF": recipe("bundlefly", 9, 9, endpoints_per_router=6)},
    halo=dict(**ember_motif_args("halo3d")),
    fft=dict(message_bytes=1024),
    spec_placement=dict(ranks=8192, mapping="random-nodes"),
    edst_nets={"PS-IQ": recipe("polarstar", 11, "iq", 3), "SF": recipe("slimfly", 13),
               "BF": recipe("bundlefly", 9, 7)},
    edst_bytes=1 << 20,
)

#: ~100-router stand-ins, 192 ranks on each, smaller messages
QUICK = MotifSetup(
    ranks=192,
    fig11={"PS-IQ": recipe("polarstar", 3, "iq", 3, endpoints_per_router=2), "DF": recipe("dragonfly", 6, 3, 2),
           "HX": recipe("hyperx", 10, 10, endpoints_per_router=2), "FT": recipe("fat_tree", 6, 3)},
    allreduce=dict(message_bytes=8192, iterations=2),
    sweep=dict(message_bytes=1024, motif_options={"blocks": 4}),
    spec={"LPS": recipe("lps", 11, 7, endpoints_per_router=2), "DF": recipe("dragonfly", 6, 3, 2),
          "SF": recipe("slimfly", 7, endpoints_per_router=2), "BF": recipe("bundlefly", 5, 3, endpoints_per_router=3)},
    halo=dict(message_bytes=1024, motif_options={"block": 8}),
    fft=dict(message_bytes=256),
    spec_placement={},
    edst_nets={"PS-IQ": recipe("polarstar", 3, "iq", 3), "SF": recipe("slimfly", 5), "BF": recipe("bundlefly", 5, 3)},
    edst_bytes=65536,
)

SETUPS = {"quick": QUICK, "paper": PAPER}


def _write_figure_data(rows: list[dict], name: str) -> None:
    """``figures/<name>.csv``: the runs' rows without their wall seconds, which depend on the machine and on warm or
    cold caches (the result logs under ``results/`` keep them), so that a rerun changes the figure data only where
    results change."""
    S.write_csv(rows, name, columns=[c for c in rows[0] if c != "wall_seconds"])


#: the sections whose simulation runs a profile records (:meth:`MotifStudy.section_items`): name -> its log
SECTIONS = {"fig11": "07_polarstar_fig11", "spectralfly": "07_spectralfly_fig9_10", "edst": "07_edst_allreduce"}
#: the paper profile's Sweep3D (Ember's sizes, 1 of PolarStar's 10 iterations), as claim notes name it
PAPER_SWEEP = PAPER.sweep

#: what a recorded Fig. 11 row must have run to count as the paper's (besides its network and every endpoint a rank)
FIG11_PAPER_CASES = {"allreduce": {"motif": "allreduce", "algorithm": "tree", **PAPER.allreduce},
                     "sweep3d": {"motif": "sweep3d",
                                 **{k: v for k, v in PAPER.sweep.items() if k != "motif_options"}}}
#: the same for a recorded SpectralFly row (besides its network, ranks and placement)
SF_PAPER_CASES = {"halo3d": {"motif": "halo3d", "message_bytes": PAPER.halo["message_bytes"]},
                  "sweep3d": {"motif": "sweep3d", "message_bytes": PAPER.sweep["message_bytes"],
                              "iterations": PAPER.sweep["iterations"]},
                  "fft-balanced": {"motif": "fft", "message_bytes": PAPER.fft["message_bytes"]},
                  "fft-unbalanced": {"motif": "fft", "message_bytes": PAPER.fft["message_bytes"]}}


def _describe(s: MotifSetup) -> list[str]:
    """A setup's networks and sizes, one indented line per section."""
    nets = {name: ", ".join(f"{k} {label(r.build())}" for k, r in recs.items())
            for name, recs in (("Fig. 11", s.fig11), ("Fig. 9/10", s.spec), ("EDST", s.edst_nets))}
    ranks = f"{s.ranks} ranks" if s.ranks else "every endpoint a rank"
    place = s.spec_placement
    return [f"  PolarStar Fig. 11: {nets['Fig. 11']}; {ranks}; Allreduce {s.allreduce['message_bytes']:,} B x "
            f"{s.allreduce['iterations']}, Sweep3D {s.sweep['message_bytes']:,} B x {s.sweep.get('iterations', 1)}",
            f"  SpectralFly Fig. 9/10: {nets['Fig. 9/10']}; "
            + (f"{place['ranks']:,} ranks ({place['mapping']})" if place else ranks)
            + f"; Halo3D-26 {s.halo['message_bytes']:,} B, FFT {s.fft['message_bytes']:,} B",
            f"  EDST Allreduce: {nets['EDST']}; {s.edst_bytes:,} B over up to 4 trees"]


def edst_items(nets: Mapping[str, S.Recipe], nbytes: int) -> list[dict]:
    """The EDST Allreduce's runs on ``nets``: 1..min(t, 4) trees (t: the network's EDST count), t' = min(t, 4)
    ranks per router, an ``nbytes`` vector in 16 segments, each network's minimal routing.

    Parameters
    ----------
    nets : mapping of str to Recipe
        The networks, by key.
    nbytes : int
        The Allreduce's vector.

    Returns
    -------
    list of dict
        Items as :func:`lowdiam.studies.motifs.item_row` takes them, network by network, 1 tree first.

    Examples
    --------
    >>> [(it["case"], it["recipe"].kwargs) for it in edst_items({"HX": recipe("hyperx", 3, 3)}, 1024)]  # 2 EDSTs
    [('edst-1', {'endpoints_per_router': 2}), ('edst-2', {'endpoints_per_router': 2})]
    """
    from ..edst import edst_packing

    out = []
    for key, rec in nets.items():
        tmax = min(edst_packing(rec.build().to_networkx()).t, 4)
        for k in range(1, tmax + 1):
            out.append(dict(recipe=S.Recipe(rec.constructor, {**rec.kwargs, "endpoints_per_router": tmax}, "",
                                            rec.args), key=key, case=f"edst-{k}", routing=min_routing(rec.constructor),
                            motif="allreduce", algorithm="edst", trees=k, message_bytes=nbytes,
                            motif_options={"segments": 16}))
    return out


class MotifStudy:
    """One profile of notebook 07: its setup, how its runs are computed, and the scale its claims are at.

    Parameters
    ----------
    profile : {"quick", "paper"}
        The quick profile runs :data:`QUICK` here, one run after another; the paper profile runs :data:`PAPER` and
        records each row to ``results/paper/07_motifs/`` as it finishes.
    seed : int
        Seed of every run.
    scheduler : str, optional
        Paper profile: a Dask scheduler address to run on (the notebook passes its ``scheduler`` parameter, else
        ``$LOWDIAM_DASK_SCHEDULER``; the library reads no environment variable).  Ignored by the quick profile.
    processes : int, optional
        Paper profile: runs at once on local cores (default: all of them); the quick profile runs one.

    Attributes
    ----------
    profile : str
    quick : bool
        Whether this is the quick profile.
    seed : int
    setup : MotifSetup
        :data:`QUICK` or :data:`PAPER`.
    scheduler : str or None
        The Dask scheduler the paper profile runs on (None: local processes).
    processes : int
        Runs at once on local cores.

    Raises
    ------
    ValueError
        An unknown profile.

    Examples
    --------
    >>> quick = MotifStudy("quick", processes=8)
    >>> quick.setup is QUICK, quick.processes, quick.scheduler  # the quick profile runs here, one run at a time
    (True, 1, None)
    >>> paper = MotifStudy("paper", processes=3)
    >>> paper.setup is PAPER, paper.processes
    (True, 3)
    """

    def __init__(self, profile: str = "quick", *, seed: int = 0, scheduler: str | None = None,
                 processes: int | None = None) -> None:
        if profile not in SETUPS:
            raise ValueError(f"unknown profile {profile!r}")
        self.profile = profile
        self.quick = profile == "quick"
        self.seed = seed
        self.setup = SETUPS[profile]
        self.scheduler = None if self.quick else (scheduler or None)
        self.processes = 1 if self.quick else (processes or os.cpu_count() or 1)

    def describe(self) -> str:
        """Where the runs go (paper profile), this profile's networks and sizes section by section, and in the quick
        profile the paper profile's, whose recorded runs it reads.

        Returns
        -------
        str
            One line per section and profile.
        """
        out = [] if self.quick else ["motif runs on " + (f"the Dask cluster at {self.scheduler}" if self.scheduler
                                                          else f"{self.processes} local process(es)")]
        out += [f"profile {self.profile}, seed {self.seed}:"] + _describe(self.setup)
        if self.quick:
            out += ["the paper profile (its recorded runs are read below; Sweep3D is PAPER_SWEEP):"] + _describe(PAPER)
        return "\n".join(out)

    # ------------------------------------------------------------------ running
    def runs(self, name: str, items: Sequence[dict], key: Sequence[str] = KEY, bound: bool = False) -> list[dict]:
        """Run every item (recipe + motif settings, as :func:`lowdiam.studies.motifs.item_row` takes it).

        The quick profile runs them here, one after another.  The paper profile records each row to
        ``results/paper/07_motifs/<name>.csv`` as it finishes, :attr:`processes` at once (or on the Dask cluster
        at :attr:`scheduler`); items already recorded are not run again.

        Parameters
        ----------
        name : str
            The paper profile's log (file stem).
        items : sequence of dict
            The runs.
        key : sequence of str
            The log's columns naming a run: :data:`KEY`, or :data:`KEY_SPEC` for runs with their own placement.
        bound : bool
            Each item's busiest-link bound (:func:`lowdiam.studies.motifs.item_link_bound`, no simulation) instead
            of a run.

        Returns
        -------
        list of dict
            One row per item, in order (quick profile); the log's rows of these items, in the order recorded, with
            its provenance columns and the ranks run as ``ranks_run`` (paper profile).
        """
        if self.quick:
            return [M.item_link_bound(it, ranks=self.setup.ranks, seed=self.seed) if bound
                    else M.item_row(it, ranks=self.setup.ranks, seed=self.seed) for it in items]
        ranks = self.setup.ranks
        log = ResultLog(NOTEBOOK, name, key=key)
        by_key, rows = {}, []
        for it in items:
            r = {"key": it["key"], "case": it["case"], "network": label(it["recipe"].build()), "motif": it["motif"],
                 "algorithm": it.get("algorithm") or "", "trees": it.get("trees") or 0, "routing": it["routing"],
                 "message_bytes": it["message_bytes"], "iterations": it.get("iterations", 1),
                 "ranks": it.get("ranks", ranks) or 0}
            if "mapping" in key:
                r["mapping"] = it.get("mapping", "linear")
            by_key[tuple(r[k] for k in key)] = it
            rows.append(r)
        # every run on local processes shows its own bar (messages delivered, ETA), a worker's on a row of its own
        # below the log's bar (runs finished); runs on a Dask cluster show the log's bar only
        compute = functools.partial(M.logged_item_result, by_key, key, ranks=ranks, seed=self.seed, bound=bound,
                                    progress=self.scheduler is None)
        return [row for row in log.run(rows, compute, processes=self.processes, scheduler=self.scheduler)
                if tuple(row[k] for k in key) in by_key]

    def where(self, recs: Iterable[S.Recipe], differs: Sequence[str] = ()) -> dict:
        """Scale of a claim measured on ``recs`` in this run: the paper's networks, with the settings that differ
        from the paper's (``differs``), in the paper profile; stand-ins in the quick profile.

        Parameters
        ----------
        recs : iterable of Recipe
            The networks the claim compares.
        differs : sequence of str
            The settings that differ from the paper's.

        Returns
        -------
        dict
            Keyword arguments of :func:`lowdiam.claims.record`: ``scale`` and ``differs`` or ``stand_in``.

        Examples
        --------
        >>> MotifStudy("paper").where([], ["router model"])
        {'scale': 'paper-network', 'differs': ['router model']}
        >>> MotifStudy("quick").where([recipe("dragonfly", 6, 3, 2)])["stand_in"]
        'DF(6,3,2) (114 routers); 192 ranks, smaller messages'
        """
        if not self.quick:
            return dict(scale="paper-network", differs=list(differs)) if differs else dict(scale="paper")
        nets = ", ".join(f"{label(r.build())} ({r.build().num_routers} routers)" for r in recs)
        return dict(scale="stand-in", stand_in=nets + f"; {self.setup.ranks} ranks, smaller messages")

    # ------------------------------------------------------------------ sections
    def section_items(self, section: str) -> tuple[str, list[dict], tuple[str, ...]]:
        """One section's simulation runs: its log, its items and the log's key columns.

        Parameters
        ----------
        section : {"fig11", "spectralfly", "edst"}
            PolarStar Fig. 11 (:meth:`fig11_items`), SpectralFly Fig. 9 / 10 (:meth:`spectralfly_items`; its
            busiest-link bounds are computed, not simulated, and are not among them) or the Allreduce over EDSTs
            (:func:`edst_items`).

        Returns
        -------
        tuple
            ``(log name, items, key)``, as :meth:`runs` takes them.

        Raises
        ------
        ValueError
            An unknown section.

        Examples
        --------
        >>> log, items, key = MotifStudy("quick").section_items("fig11")
        >>> log, len(items), key == KEY
        ('07_polarstar_fig11', 16, True)
        """
        if section == "fig11":
            return SECTIONS[section], self.fig11_items(), KEY
        if section == "spectralfly":
            return SECTIONS[section], self.spectralfly_items(), KEY_SPEC
        if section == "edst":
            return SECTIONS[section], edst_items(self.setup.edst_nets, self.setup.edst_bytes), KEY
        raise ValueError(f"unknown section {section!r}; choose from {', '.join(SECTIONS)}")

    def fig11_items(self) -> list[dict]:
        """PolarStar Fig. 11's runs: Allreduce (tree) and Sweep3D on each network, under MIN and UGAL-L.

        Returns
        -------
        list of dict
            Items as :func:`lowdiam.studies.motifs.item_row` takes them.
        """
        s, items = self.setup, []
        for key, rec in s.fig11.items():
            for rt in (min_routing(rec.constructor), ugal_routing(rec.constructor)):
                items.append(dict(recipe=rec, key=key, case="allreduce", routing=rt, motif="allreduce",
                                  algorithm="tree", **s.allreduce))
                items.append(dict(recipe=rec, key=key, case="sweep3d", routing=rt, motif="sweep3d", **s.sweep))
        return items

    def polarstar_fig11(self) -> Fig11Runs:
        """Run PolarStar Fig. 11's motifs (:meth:`fig11_items`), write ``figures/07_polarstar_fig11.csv``, read the
        recorded paper-scale rows (:func:`recorded_fig11`).

        Returns
        -------
        Fig11Runs
        """
        log, items, key = self.section_items("fig11")
        rows = self.runs(log, items, key=key)
        for r in rows:
            r["routing_class"] = routing_class(r["routing"])
        _write_figure_data(rows, "07_polarstar_fig11")
        return Fig11Runs(rows, recorded_fig11())

    def spectralfly_items(self) -> list[dict]:
        """SpectralFly Fig. 9 / 10's runs: Halo3D-26, Sweep3D, balanced and unbalanced FFT on each network, under
        MIN then UGAL-L.  The unbalanced FFT runs on 4 columns: its column all-to-alls over N/4 ranks are
        N (N/4 + 2) messages, on the paper's 8,192 ranks 16.8 M messages of 16 packets (269 M packets, about one
        Sweep3D iteration's 324 M).

        Returns
        -------
        list of dict
            Items as :func:`lowdiam.studies.motifs.item_row` takes them.
        """
        s, items = self.setup, []
        place = s.spec_placement
        grid_unbal = (place.get("ranks", s.ranks) // 4, 4)
        for route in (min_routing, ugal_routing):
            for key, rec in s.spec.items():
                rt = route(rec.constructor)
                items += [dict(recipe=rec, key=key, case="halo3d", routing=rt, motif="halo3d", **s.halo, **place),
                          dict(recipe=rec, key=key, case="sweep3d", routing=rt, motif="sweep3d", **s.sweep, **place),
                          dict(recipe=rec, key=key, case="fft-balanced", routing=rt, motif="fft", **s.fft, **place)]
                items.append(dict(recipe=rec, key=key, case="fft-unbalanced", routing=rt, motif="fft",
                                  message_bytes=s.fft["message_bytes"],
                                  motif_options={"balanced": False, "grid": grid_unbal}, **place))
        return items

    def spectralfly_fig9_10(self) -> SpectralFlyRuns:
        """Run SpectralFly Fig. 9 / 10's motifs, write ``figures/07_spectralfly_fig9_10.csv``, compute the
        minimal-routing runs' busiest-link bounds (no simulation; the paper profile records them beside its runs)
        and read the recorded paper-scale rows, bounds and unfinished runs (:func:`recorded_spectralfly`).

        Returns
        -------
        SpectralFlyRuns
        """
        log, items, key = self.section_items("spectralfly")
        rows = self.runs(log, items, key=key)
        for r in rows:
            r["routing_class"] = routing_class(r["routing"])
        _write_figure_data(rows, "07_spectralfly_fig9_10")
        df_time = {(r["case"], r["routing_class"]): r["completion_cycles"] for r in rows if r["key"] == "DF"}
        # speed-up over Dragonfly under the same routing class: DF time / time
        speed = {(r["key"], r["case"], r["routing_class"]): df_time[(r["case"], r["routing_class"])]
                 / r["completion_cycles"] for r in rows}
        links = self.runs("07_spectralfly_link_bounds", [it for it in items if "ugal" not in it["routing"]],
                          key=KEY_SPEC, bound=True)
        return SpectralFlyRuns(
            profile=self.profile, keys=list(self.setup.spec), rows=rows,
            cases=list(dict.fromkeys(r["case"] for r in rows)), speed=speed,
            link_bound={(r["key"], r["case"]): r["link_bound"] for r in links}, **recorded_spectralfly(self.seed))

    def edst_allreduce(self) -> EdstRuns:
        """Run the Allreduce over 1..4 EDSTs (:func:`edst_items`), write ``figures/07_edst_allreduce.csv``, read
        the recorded paper-scale rows (:func:`recorded_edst`).

        Returns
        -------
        EdstRuns
        """
        log, items, key = self.section_items("edst")
        rows = self.runs(log, items, key=key)  # edst places its own ranks (one per router and tree)
        _write_figure_data(rows, "07_edst_allreduce")
        shapes = [M.edst_tree_shapes(it["recipe"].build(), r["trees"]) for r, it in zip(rows, items)]
        recorded = recorded_edst()
        return EdstRuns(self.profile, rows, M.edst_gains(rows), shapes, recorded, M.edst_gains(recorded))


# ---------------------------------------------------------------------- the sections' results
@dataclass
class Fig11Runs:
    """PolarStar Fig. 11: this run's rows and the recorded paper-scale completion times.

    Attributes
    ----------
    rows : list of dict
        This run's rows (:func:`lowdiam.studies.motifs.item_row` columns and ``routing_class``).
    recorded : dict
        ``{(key, motif, routing class): completion cycles}`` of the paper profile's recorded runs
        (:func:`recorded_fig11`).

    Examples
    --------
    Built by :meth:`MotifStudy.polarstar_fig11`; by hand, with two runs and one recorded time:

    >>> rows = [dict(key="DF", network="DF(6,3,2)", motif="allreduce", routing=r, routing_class=c,
    ...              completion_cycles=t, serialization_bound=900, hops_mean=2.5)
    ...         for r, c, t in (("df-min", "MIN", 2400), ("df-ugal", "UGAL", 1700))]
    >>> runs = Fig11Runs(rows, {("DF", "allreduce", "MIN"): 510000})
    >>> runs.time("DF", "allreduce", "UGAL"), runs.this_run()[("DF", "allreduce", "MIN")]
    (1700, 2400)
    >>> print(runs.report().splitlines()[-1])
    recorded paper-scale Fig. 11 runs: {'DF allreduce MIN': 510000}
    """

    rows: list[dict]
    recorded: dict

    def time(self, key: str, motif: str, cls: str) -> int:
        """This run's completion cycles of one network, motif and routing class."""
        return next(r["completion_cycles"] for r in self.rows if r["key"] == key and r["motif"] == motif
                    and r["routing_class"] == cls)

    def this_run(self) -> dict:
        """``{(key, motif, routing class): completion cycles}`` of this run."""
        return {(r["key"], r["motif"], r["routing_class"]): r["completion_cycles"] for r in self.rows}

    def report(self) -> str:
        """One line per run, then the recorded paper-scale completion times."""
        out = [f"{r['key']:6s} {r['network']:26s} {r['motif']:9s} {r['routing']:14s} {r['completion_cycles']:8d} "
               f"cycles (busiest-endpoint bound {r['serialization_bound']}, {r['hops_mean']:.2f} hops)"
               for r in self.rows]
        recorded = {f"{k} {m} {c}": v for (k, m, c), v in sorted(self.recorded.items())} or "none yet"
        return "\n".join(out + [f"recorded paper-scale Fig. 11 runs: {recorded}"])


@dataclass
class SpectralFlyRuns:
    """SpectralFly Fig. 9 / 10: this run's rows, speed-ups and busiest-link bounds, and the paper-scale records.

    Attributes
    ----------
    profile : str
        The profile that ran ``rows``.
    keys : list of str
        This run's networks (LPS, DF, SF, BF).
    rows : list of dict
        This run's rows, with ``routing_class``.
    cases : list of str
        The motifs run, in order (``halo3d``, ``sweep3d``, ``fft-balanced``, ``fft-unbalanced``).
    speed : dict
        ``{(key, case, routing class): DF time / time}`` of this run.
    link_bound : dict
        ``{(key, case): cycles}``: this run's busiest-link bounds under minimal routing.
    recorded, recorded_rows : dict
        ``{(key, case, routing class): completion cycles}`` and the rows themselves, of the recorded paper-scale
        runs (:func:`recorded_spectralfly`).
    recorded_link, recorded_endpoint : dict
        ``{(key, case): cycles}``: recorded busiest-link and busiest-endpoint bounds at paper scale.
    unfinished : dict
        ``{(key, case, routing class): latest progress row}`` of the paper-scale runs not finished yet.
    reached : dict
        ``{(key, case, routing class): cycle}`` each unfinished run reached (it completes after it).

    Examples
    --------
    Built by :meth:`MotifStudy.spectralfly_fig9_10`; by hand, with one motif under minimal routing:

    >>> runs = SpectralFlyRuns(profile="quick", keys=["LPS", "DF"], rows=[], cases=["halo3d"],
    ...                        speed={("LPS", "halo3d", "MIN"): 1.2, ("DF", "halo3d", "MIN"): 1.0}, link_bound={},
    ...                        recorded={("DF", "halo3d", "MIN"): 300, ("LPS", "halo3d", "MIN"): 200},
    ...                        reached={("SF", "halo3d", "MIN"): 50})
    >>> runs.recorded_speed("LPS", "halo3d", "MIN")  # DF time / LPS time at paper scale
    1.5
    >>> runs.missing("SF", "halo3d", "MIN")
    'SF unfinished'
    """

    profile: str
    keys: list
    rows: list[dict]
    cases: list
    speed: dict
    link_bound: dict
    recorded: dict = field(default_factory=dict)
    recorded_rows: dict = field(default_factory=dict)
    recorded_link: dict = field(default_factory=dict)
    recorded_endpoint: dict = field(default_factory=dict)
    unfinished: dict = field(default_factory=dict)
    reached: dict = field(default_factory=dict)

    def recorded_speed(self, key: str, case: str, cls: str) -> float:
        """Recorded paper-scale speed-up of ``key`` over Dragonfly (nan until both runs are recorded)."""
        if ("DF", case, cls) in self.recorded and (key, case, cls) in self.recorded:
            return self.recorded[("DF", case, cls)] / self.recorded[(key, case, cls)]
        return float("nan")

    def missing(self, key: str, case: str, cls: str) -> str:
        """Why a recorded speed-up is missing: which of its two runs is unfinished (a checkpoint's progress is
        recorded) or not run yet, one per line."""
        return "\n".join(f"{n} {'unfinished' if (n, case, cls) in self.reached else 'not run'}"
                         for n in dict.fromkeys((key, "DF")) if (n, case, cls) not in self.recorded)

    def report(self) -> str:
        """Speed-ups over Dragonfly per figure and motif, the recorded and unfinished paper-scale runs, and each
        MIN run's completion against its busiest-link bound (this run's and the recorded ones)."""
        out = [f"{SF_FIGS[cls]} {cls:4s} {c:15s} " + "  ".join(f"{k}: {self.speed[(k, c, cls)]:.2f}" for k in self.keys)
               for cls in SF_FIGS for c in self.cases]
        out.append("recorded paper-scale SpectralFly Fig. 9/10 runs: "
                   + str({" ".join(k): v for k, v in sorted(self.recorded.items())} or "none yet"))
        out.append("unfinished paper-scale runs (cycle reached): "
                   + str({" ".join(k): v for k, v in sorted(self.reached.items())} or "none"))
        this = {(r["key"], r["case"]): r["completion_cycles"] for r in self.rows if r["routing_class"] == "MIN"}
        recorded = {(k, c): v for (k, c, cls), v in self.recorded.items() if cls == "MIN"}
        for what, times, bounds in ((f"{self.profile} profile", this, self.link_bound),
                                    ("recorded paper scale", recorded, self.recorded_link)):
            out.append(f"{what}: MIN completion against the busiest-link bound (cycles)")
            for (k, c), b in sorted(bounds.items()):
                t = times.get((k, c))
                out.append(f"  {k:4s} {c:15s} bound {b:>10,}  completion "
                           + (f"{t:>10,}  = {t / b:.2f} x bound" if t else "not recorded"))
        return "\n".join(out)

    def unbalanced_fft_report(self) -> str:
        """The unbalanced FFT at paper scale, minimal routing against UGAL-L: completion (or how far an unfinished
        run came) and the mean hops of the packets delivered (a minimal route's hops against the Valiant detours
        UGAL-L takes)."""
        out = ["recorded unbalanced FFT (8,192 ranks): completion cycles / progress, mean hops"]
        for k in PAPER.spec:
            parts = []
            for cls in SF_FIGS:
                run = (k, "fft-unbalanced", cls)
                r, u = self.recorded_rows.get(run), self.unfinished.get(run)
                parts.append(f"{cls:4s} " + (f"{r['completion_cycles']:>9,} cycles, {r['hops_mean']:.2f} hops" if r else
                                             f"unfinished: {u['share_delivered']:.1%} by cycle {u['cycle_reached']:,}, "
                                             f"{u['hops_mean_so_far']:.2f} hops so far" if u else "not run"))
            out.append(f"  {k:4s} " + " | ".join(parts))
        return "\n".join(out)


@dataclass
class EdstRuns:
    """The Allreduce over k EDSTs: this run's rows and the recorded paper-scale ones.

    Attributes
    ----------
    profile : str
    rows : list of dict
        This run's rows.
    gains : dict
        ``{network: {k: time of 1 tree / time of k}}`` (:func:`lowdiam.studies.motifs.edst_gains`).
    shapes : list
        Per row, its trees' depth and largest number of tree neighbours
        (:func:`lowdiam.studies.motifs.edst_tree_shapes`).
    recorded : list of dict
        The recorded paper-scale rows (:func:`recorded_edst`), by network key and trees.
    recorded_gains : dict
        Their gains.

    Examples
    --------
    Built by :meth:`MotifStudy.edst_allreduce`; by hand, with two runs on one network:

    >>> rows = [dict(key="SF", network="SF(5)", trees=k, completion_cycles=c, serialization_bound=50)
    ...         for k, c in ((1, 200), (2, 100))]
    >>> runs = EdstRuns("quick", rows, {"SF(5)": {1: 1.0, 2: 2.0}}, [[{"depth": 3, "max_tree_degree": 4}]] * 2, [], {})
    >>> line = runs.report().splitlines()[1]  # the 2-tree run
    >>> line[line.index("bound"):line.index(";")]
    'bound     50 (2.0x), speed-up over 1 tree 2.00'
    """

    profile: str
    rows: list[dict]
    gains: dict
    shapes: list
    recorded: list[dict]
    recorded_gains: dict

    def report(self) -> str:
        """One line per run (completion, bound, gain, tree shapes), then the recorded paper-scale runs."""
        out = []
        for r, shapes in zip(self.rows, self.shapes):
            bound = r["serialization_bound"]
            out.append(f"{r['key']:6s} {r['network']:26s} trees {r['trees']}: {r['completion_cycles']:7d} cycles, "
                       f"bound {bound:6d} ({r['completion_cycles'] / bound:.1f}x), "
                       f"speed-up over 1 tree {self.gains[r['network']][r['trees']]:.2f}; trees (depth, most tree "
                       "neighbours): " + ", ".join(f"({s['depth']}, {s['max_tree_degree']})" for s in shapes))
        for r in self.recorded:
            gain = self.recorded_gains.get(r["network"], {}).get(r["trees"], float("nan"))
            out.append(f"recorded paper scale: {r['key']:6s} {r['network']:12s} trees {r['trees']}: "
                       f"{r['completion_cycles']:9d} cycles, bound {r['serialization_bound']:8d} "
                       f"({r['completion_cycles'] / r['serialization_bound']:.1f}x), speed-up over 1 tree {gain:.2f}")
        out.append(f"recorded paper-scale EDST Allreduce runs: {len(self.recorded) or 'none yet'}")
        return "\n".join(out)


# ---------------------------------------------------------------------- the paper-scale records
def recorded_fig11(root: str | Path | None = None) -> dict:
    """``{(key, motif, routing class): completion cycles}`` of the recorded paper-scale Fig. 11 runs
    (``<results>/paper/07_motifs/07_polarstar_fig11.csv``): the rows on :data:`PAPER`'s networks with every
    endpoint a rank and the paper's sizes (:data:`FIG11_PAPER_CASES`).  A claim is taken from them once all of its
    runs are recorded.

    Parameters
    ----------
    root : str or Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).

    Returns
    -------
    dict
        ``{(key, motif, routing class): completion cycles}``.

    Examples
    --------
    A results folder holding two Dragonfly Allreduce runs: one on the paper's network, sizes and ranks, one on
    192 ranks (not the paper's, so left out):

    >>> import tempfile
    >>> from lowdiam.results import ResultLog
    >>> root = tempfile.mkdtemp()
    >>> log = ResultLog(NOTEBOOK, "07_polarstar_fig11", key=KEY, root=root)
    >>> run = dict(key="DF", case="allreduce", network="DF(12,6,6)", motif="allreduce", algorithm="tree", trees=0,
    ...            routing="df-min", message_bytes=65536, iterations=10, ranks=0, completion_cycles=510000)
    >>> log.append(run)
    >>> log.append({**run, "ranks": 192, "completion_cycles": 2400})
    >>> recorded_fig11(root)
    {('DF', 'allreduce', 'MIN'): 510000}
    """
    labels: dict[str, str] = {}
    out = {}
    for r in ResultLog(NOTEBOOK, "07_polarstar_fig11", key=KEY, root=root).rows():
        want = FIG11_PAPER_CASES.get(r["case"])
        if not (want and r["ranks"] == 0):
            continue
        if r["key"] not in labels:
            labels[r["key"]] = label(PAPER.fig11[r["key"]].build())
        if r["network"] == labels[r["key"]] and all(r[k] == v for k, v in want.items() if k in r):
            out[(r["key"], r["case"], routing_class(r["routing"]))] = r["completion_cycles"]
    return out


def _on_paper(r: Mapping, paper_net: Mapping[str, str]) -> bool:
    """Whether a recorded SpectralFly row ran on the paper's networks, ranks, placement and message sizes."""
    want = SF_PAPER_CASES.get(r["case"])
    return bool(want and r["network"] == paper_net.get(r["key"]) and r["ranks"] == PAPER.spec_placement["ranks"]
                and r["mapping"] == PAPER.spec_placement["mapping"] and all(r[k] == v for k, v in want.items()))


def recorded_spectralfly(seed: int = 0, root: str | Path | None = None) -> dict:
    """The recorded paper-scale SpectralFly runs (``<results>/paper/07_motifs/``) on the paper's networks, ranks,
    placement and sizes (:data:`SF_PAPER_CASES`).

    Parameters
    ----------
    seed : int
        The seed of the unfinished runs to read.
    root : str or Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).

    Returns
    -------
    dict
        ``recorded`` and ``recorded_rows`` (``{(key, case, routing class): completion cycles / row}`` of the
        finished runs), ``recorded_link`` and ``recorded_endpoint`` (``{(key, case): cycles}``, the busiest-link
        and busiest-endpoint bounds), ``unfinished`` (``{(key, case, routing class): row}``: the latest progress
        of each run of this ``seed`` not finished yet, recorded as partial rows by
        ``python -m lowdiam.results checkpoints --record``,
        :func:`lowdiam.studies.unfinished.latest_progress`) and ``reached`` (the cycle each reached): the fields of
        :class:`SpectralFlyRuns` read from the records.

    Examples
    --------
    Labelling the paper's four networks builds them (~10 s); here :data:`PAPER`'s are swapped for small ones, and
    an empty results folder holds no runs:

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam.studies import motifs_study
    >>> small = replace(PAPER, spec={k: recipe("hyperx", 3, 3) for k in PAPER.spec})
    >>> with mock.patch.object(motifs_study, "PAPER", small):
    ...     rec = recorded_spectralfly(0, tempfile.mkdtemp())
    >>> sorted(rec), rec["recorded"]
    (['reached', 'recorded', 'recorded_endpoint', 'recorded_link', 'recorded_rows', 'unfinished'], {})
    """
    paper_net = {k: label(r.build()) for k, r in PAPER.spec.items()}
    runs = [r for r in ResultLog(NOTEBOOK, "07_spectralfly_fig9_10", key=KEY_SPEC, root=root).rows()
            if _on_paper(r, paper_net)]
    recorded = {(r["key"], r["case"], routing_class(r["routing"])): r["completion_cycles"] for r in runs}
    bounds = [r for r in ResultLog(NOTEBOOK, "07_spectralfly_link_bounds", key=KEY_SPEC, root=root).rows()
              if _on_paper(r, paper_net)]
    # lower bounds on the runs not finished yet: each completes after the cycle it was last saved at, and no run
    # finishes before its busiest endpoint has moved its flits (the same program under every routing)
    unfinished = {}
    for r in latest_progress(root=root).values():
        run = (r["key"], r["case"], routing_class(r["routing"]))
        if _on_paper(r, paper_net) and r["seed"] == seed and run not in recorded:
            unfinished[run] = r
    return dict(recorded=recorded, recorded_rows={(r["key"], r["case"], routing_class(r["routing"])): r for r in runs},
                recorded_link={(r["key"], r["case"]): r["link_bound"] for r in bounds},
                recorded_endpoint={(r["key"], r["case"]): r["serialization_bound"] for r in bounds},
                unfinished=unfinished, reached={run: r["cycle_reached"] for run, r in unfinished.items()})


def recorded_edst(root: str | Path | None = None) -> list[dict]:
    """The recorded paper-scale EDST Allreduce rows (``<results>/paper/07_motifs/07_edst_allreduce.csv``) on
    :data:`PAPER`'s networks and vector.

    Parameters
    ----------
    root : str or Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).

    Returns
    -------
    list of dict
        The rows, sorted by network key and trees.

    Examples
    --------
    Labelling the paper's networks builds them (~7 s); here :data:`PAPER`'s are swapped for one small one, whose
    log holds two runs of the paper's 1 MB vector (2 trees recorded first) and one of 64 KB (left out):

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam.studies import motifs_study
    >>> from lowdiam.results import ResultLog
    >>> root = tempfile.mkdtemp()
    >>> log = ResultLog(NOTEBOOK, "07_edst_allreduce", key=KEY, root=root)
    >>> run = dict(key="HX", case="edst-2", network="HX(3x3)", motif="allreduce", algorithm="edst", trees=2,
    ...            routing="min", message_bytes=1 << 20, iterations=1, ranks=0, completion_cycles=10)
    >>> for r in (run, {**run, "case": "edst-1", "trees": 1}, {**run, "message_bytes": 65536, "trees": 3}):
    ...     log.append(r)
    >>> with mock.patch.object(motifs_study, "PAPER", replace(PAPER, edst_nets={"HX": recipe("hyperx", 3, 3)})):
    ...     rows = recorded_edst(root)
    >>> [(r["network"], r["trees"]) for r in rows]
    [('HX(3x3)', 1), ('HX(3x3)', 2)]
    """
    paper_net = {k: label(r.build()) for k, r in PAPER.edst_nets.items()}
    return sorted((r for r in ResultLog(NOTEBOOK, "07_edst_allreduce", key=KEY, root=root).rows()
                   if r["network"] == paper_net.get(r["key"]) and r["algorithm"] == "edst"
                   and r["message_bytes"] == PAPER.edst_bytes), key=lambda r: (r["key"], r["trees"]))


def paper_progress(fig11: Fig11Runs, spectralfly: SpectralFlyRuns, edst: EdstRuns) -> PaperProgress:
    """Per section, the runs the paper profile plans (the same lists it runs) against those recorded: an
    unfinished SpectralFly run counts as partial, a run in progress without a recorded checkpoint as not started.

    Parameters
    ----------
    fig11, spectralfly, edst
        The three sections' results (their recorded paper-scale rows are what is counted).

    Returns
    -------
    PaperProgress
        Four rows: Fig. 11 runs, SpectralFly runs, SpectralFly busiest-link bounds, EDST runs.

    Examples
    --------
    Planning the EDST runs packs trees on the paper's networks (~10 s); here :data:`PAPER`'s EDST network is
    swapped for a small one (2 EDSTs: 2 planned runs). One Fig. 11 run, one SpectralFly run and one EDST run are
    recorded, and one SpectralFly run is unfinished:

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam.studies import motifs_study
    >>> sf = SpectralFlyRuns("paper", [], [], [], {}, {}, recorded={("LPS", "halo3d", "MIN"): 1},
    ...                      reached={("DF", "sweep3d", "UGAL"): 5})
    >>> edst = EdstRuns("paper", [], {}, [], [{"key": "HX", "trees": 2}], {})
    >>> with mock.patch.object(motifs_study, "PAPER", replace(PAPER, edst_nets={"HX": recipe("hyperx", 3, 3)})):
    ...     progress = paper_progress(Fig11Runs([], {("DF", "allreduce", "MIN"): 1}), sf, edst)
    >>> [(r["what"], r["planned"], r["complete"], r["partial"]) for r in progress.rows()][1:]
    [('motif runs', 32, 1, 1), ('busiest-link bounds (MIN)', 16, 0, 0), ('motif runs', 2, 1, 0)]
    """
    progress = PaperProgress(NOTEBOOK)
    progress.add("PolarStar Fig. 11", "motif runs",
                 [(k, c, cls) for k in PAPER.fig11 for c in FIG11_PAPER_CASES for cls in CLASSES],
                 dict.fromkeys(fig11.recorded, True))
    progress.add("SpectralFly Fig. 9/10", "motif runs",
                 [(k, c, cls) for k in PAPER.spec for c in SF_PAPER_CASES for cls in CLASSES],
                 {**dict.fromkeys(spectralfly.reached, False), **dict.fromkeys(spectralfly.recorded, True)})
    progress.add("SpectralFly Fig. 9/10", "busiest-link bounds (MIN)",
                 [(k, c) for k in PAPER.spec for c in SF_PAPER_CASES], dict.fromkeys(spectralfly.recorded_link, True))
    progress.add("EDST Allreduce", "motif runs",
                 [(it["key"], it["trees"]) for it in edst_items(PAPER.edst_nets, PAPER.edst_bytes)],
                 {(r["key"], r["trees"]): True for r in edst.recorded})
    return progress


def main(argv: Sequence[str] | None = None) -> None:
    """Record the paper profile's runs of the chosen sections (``python -m lowdiam.studies.motifs_study``).

    Every item of each section not yet in its log (``<results>/paper/07_motifs/<log>.csv``, ``$LOWDIAM_RESULTS``
    for another store) runs and is recorded as it finishes, as notebook 07's paper profile records it; one line
    per row is printed when a section is done.
    """
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.motifs_study",
                                 description="Notebook 07's paper-profile motif runs, recorded in "
                                             "results/paper/07_motifs/ (runs already recorded are not run again)")
    ap.add_argument("--sections", default="fig11",
                    help=f"comma-separated, in order, of {', '.join(SECTIONS)} (default fig11: PolarStar Fig. 11)")
    ap.add_argument("--processes", type=int, default=None, help="local worker processes (default: all cores)")
    ap.add_argument("--scheduler", default=None, help="a Dask scheduler's address (tcp://host:8786); --processes "
                    "is then not used")
    args = ap.parse_args(argv)
    names = [x.strip() for x in args.sections.split(",") if x.strip()]
    unknown = [x for x in names if x not in SECTIONS]
    if unknown or not names:
        raise ValueError(f"--sections must name one or more of {', '.join(SECTIONS)} (got {args.sections!r})")
    if args.processes is not None and args.processes < 1:
        raise ValueError(f"--processes must be >= 1 (got {args.processes})")
    study = MotifStudy("paper", processes=args.processes, scheduler=args.scheduler)
    print(study.describe(), flush=True)
    for name in names:
        log, items, key = study.section_items(name)
        print(f"section {name}: {len(items)} runs, log {log}", flush=True)
        for r in study.runs(log, items, key=key):
            print(f"{name:12s} {r['key']:7s} {r['case']:15s} {r['routing']:14s} completion "
                  f"{r.get('completion_cycles')} cycles", flush=True)


if __name__ == "__main__":
    main()
