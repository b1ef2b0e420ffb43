"""Notebook 04 (fault tolerance): its four figures and their CSV data, from
:class:`~lowdiam.studies.fault_tolerance.Study`.

Each function draws one figure from a study whose section has run, saves it under ``figures/`` (PNG and PDF,
:func:`lowdiam.plotting.save_figure`, shown inline in a notebook), writes the figure's data as CSV where the
figure has its own (:func:`lowdiam.plotting.save_table`) and returns the saved paths.  In the quick profile the
curves are the recorded paper-scale rows where complete, with this run's values as crosses beside them.

Examples
--------
>>> MARKERS[:3]
'osD'
"""

from __future__ import annotations

from pathlib import Path

from ..labels import constructor, label
from ..plotting import SavedFigure, save_figure, save_table
from .fault_tolerance import GF, RECORDED, TABLE_I, Study

__all__ = ["MARKERS", "disconnection_ratios", "fig14", "galaxyfly_fig5", "spectralfly_fig5"]

#: PolarStar Fig. 14: one marker per Table 3 network
MARKERS = "osD^v<>P"


def fig14(study: Study, *, directory: str | Path | None = None, show: bool | None = None) -> SavedFigure:
    """PolarStar Fig. 14: diameter and average shortest path length along each network's median run; writes
    ``04_polarstar_fig14.csv`` (recorded rows and this quick run's).

    Parameters
    ----------
    study : lowdiam.studies.fault_tolerance.Study
        After :meth:`~lowdiam.studies.fault_tolerance.Study.fig14_runs`.
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``04_polarstar_fig14.png`` and ``.pdf``; also writes ``04_polarstar_fig14.csv`` (one row per network and
        grid ratio of each source: ``source``, ``name``, ``network``, ..., ``diameter``, ``mean_distance``).

    Examples
    --------
    A quick-profile study with hand-made median runs of two small networks (the section would compute them):

    >>> import tempfile, matplotlib
    >>> import numpy as np
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> from lowdiam import topologies as T
    >>> s = Study("quick")
    >>> s.nets = {"DF": T.dragonfly(4, 2, 2), "HX": T.hyperx(3, 3)}
    >>> s.runs = s.quick_runs = {k: {"ratios": np.array([0.0, 0.05, 0.1]), "diameter": np.array([2, 2, 3]),
    ...                              "mean_distance": np.array([1.8, 1.9, 2.1]), "trial": 0} for k in s.nets}
    >>> s.rec_runs, s.fig14_src = None, "quick profile"
    >>> d = tempfile.mkdtemp()
    >>> fig14(s, directory=d, show=False)
    saved 04_polarstar_fig14.png, 04_polarstar_fig14.pdf
    >>> lines = Path(d, "04_polarstar_fig14.csv").read_text().splitlines()
    >>> len(lines), lines[0]
    (7, 'source,name,network,constructor,trial,seed,failed_links_ratio,diameter,mean_distance')
    """
    import matplotlib.pyplot as plt

    nets, runs, quick_runs, rec_runs = study.nets, study.runs, study.quick_runs, study.rec_runs
    beside = quick_runs is not None and runs is not quick_runs  # the quick run beside the recorded paper-scale one
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4))
    for i, (k, run) in enumerate(runs.items()):
        style = "--" if not nets[k].is_direct else "-"
        offset = 0.06 * (i - (len(runs) - 1) / 2)  # diameters are integers: offset the step lines so none hides another
        kw = dict(marker=MARKERS[i], ms=3.5, markevery=2, lw=1.2, label=f"{k}: {label(nets[k])}")
        line, = axes[0].plot(100 * run["ratios"], run["diameter"] + offset, style, drawstyle="steps-post", **kw)
        axes[1].plot(100 * run["ratios"], run["mean_distance"], style, **kw)
        if beside:
            axes[1].plot(100 * quick_runs[k]["ratios"], quick_runs[k]["mean_distance"], "x", ms=4, c=line.get_color())
    axes[0].set_ylabel("diameter (hops; curves offset by up to ±0.2 for visibility)")
    axes[1].set_ylabel("average shortest path length (hops)")
    for ax in axes:
        ax.set_xlabel("failed links (%)")
        ax.grid(alpha=0.3)
    axes[1].legend(fontsize=7, loc="upper left")
    fig.suptitle(f"PolarStar Fig. 14: run with median disconnection ratio (dashed: indirect, endpoint routers only)\n"
                 f"curves: {study.fig14_src}" + ("; crosses: this quick run" if beside else ""))
    saved = save_figure(fig, "04_polarstar_fig14", directory, show=show)
    save_table([dict(source=src, name=k, network=label(nets[k]), constructor=constructor(nets[k]), trial=run["trial"],
                     seed=study.seed, failed_links_ratio=float(r), diameter=float(d), mean_distance=float(m))
                for src, rs in ((RECORDED, rec_runs), (f"{study.profile} profile", quick_runs)) if rs is not None
                for k, run in rs.items() for r, d, m in zip(run["ratios"], run["diameter"], run["mean_distance"])],
               "04_polarstar_fig14", directory)
    return saved


def disconnection_ratios(study: Study, *, directory: str | Path | None = None,
                         show: bool | None = None) -> SavedFigure:
    """Box plot of the disconnection ratios per Table 3 network (data: ``04_disconnection_ratios.csv``, written by
    :meth:`~lowdiam.studies.fault_tolerance.Study.polarstar`).

    Parameters
    ----------
    study : lowdiam.studies.fault_tolerance.Study
        After :meth:`~lowdiam.studies.fault_tolerance.Study.polarstar` (``study.nets``, ``study.disc``: the ratios
        per network).
    directory : path, optional
        Where to save the figure (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``04_disconnection_ratios.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> import numpy as np
    >>> matplotlib.use("Agg")
    >>> from lowdiam import topologies as T
    >>> s = Study("quick", disconnection_trials=3)
    >>> s.nets = {"DF": T.dragonfly(4, 2, 2), "HX": T.hyperx(3, 3)}
    >>> s.disc = {"DF": np.array([0.61, 0.66, 0.7]), "HX": np.array([0.5, 0.55, 0.58])}
    >>> disconnection_ratios(s, directory=tempfile.mkdtemp(), show=False)
    saved 04_disconnection_ratios.png, 04_disconnection_ratios.pdf
    """
    import matplotlib.pyplot as plt

    nets, disc = study.nets, study.disc
    fig, ax = plt.subplots(figsize=(8, 3.6))
    keys = list(nets)
    ax.boxplot([100 * disc[k] for k in keys], showfliers=True)
    ax.set_xticks(range(1, len(keys) + 1), [label(nets[k]) for k in keys], rotation=20, fontsize=8)
    ax.set_ylabel("disconnection ratio (% links failed)")
    ax.set_title(f"{study.disconnection_trials} random failure sequences per topology")
    ax.grid(alpha=0.3, axis="y")
    return save_figure(fig, "04_disconnection_ratios", directory, show=show)


def spectralfly_fig5(study: Study, *, directory: str | Path | None = None, show: bool | None = None) -> SavedFigure:
    """SpectralFly Fig. 5: mean diameter, mean distance and METIS bisection per edge-deletion proportion, one column
    per Table I size class (proportions at which every trial is connected); writes ``04_spectralfly_fig5.csv``.

    Parameters
    ----------
    study : lowdiam.studies.fault_tolerance.Study
        After :meth:`~lowdiam.studies.fault_tolerance.Study.spectralfly` (``sf_use``, ``sf_runs``, ``sf_rec``,
        ``sf_src``, ``sf_constructor``: one :class:`lowdiam.faults.FailureMetrics` per
        :data:`~lowdiam.studies.fault_tolerance.TABLE_I` network).
    directory : path, optional
        Where to save the figure and its CSV (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``04_spectralfly_fig5.png`` and ``.pdf``; also writes ``04_spectralfly_fig5.csv`` (one row per source,
        network and ratio).

    Examples
    --------
    A quick-profile study whose eight Table I networks share one hand-made result (two ratios, two trials each):

    >>> import tempfile, matplotlib
    >>> import numpy as np
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> from lowdiam.faults import FailureMetrics
    >>> res = FailureMetrics(ratios=np.array([0.0, 0.1]), trials=np.array([2, 2]), cv={}, num_links=100,
    ...                      sampled_sources=None,
    ...                      values={"diameter": [np.array([3.0, 3.0]), np.array([3.0, 4.0])],
    ...                              "mean_distance": [np.array([2.5, 2.5]), np.array([2.6, 2.7])],
    ...                              "bisection": [np.array([40.0, 40.0]), np.array([35.0, 36.0])]})
    >>> names = [n for members in TABLE_I.values() for n in members]
    >>> s = Study("quick")
    >>> s.sf_use = s.sf_runs = dict.fromkeys(names, res)
    >>> s.sf_rec, s.sf_src = {}, dict.fromkeys(TABLE_I, "quick profile")
    >>> s.sf_constructor = dict.fromkeys(names, "hand-made")
    >>> d = tempfile.mkdtemp()
    >>> spectralfly_fig5(s, directory=d, show=False)
    saved 04_spectralfly_fig5.png, 04_spectralfly_fig5.pdf
    >>> len(Path(d, "04_spectralfly_fig5.csv").read_text().splitlines())  # header + 8 networks x 2 ratios
    17
    """
    import matplotlib.pyplot as plt

    sf_use, sf_runs, sf_src = study.sf_use, study.sf_runs, study.sf_src
    metrics = ("diameter", "mean_distance", "bisection")
    fig, axes = plt.subplots(3, 2, figsize=(11, 9), sharex="col")
    for col, (cls, members) in enumerate(TABLE_I.items()):
        for name in members:
            res = sf_use[name]
            ok = res.connected_fraction() == 1.0
            x = 100 * res.ratios[ok]
            lab = f"{name} (LPS = SpectralFly)" if name.startswith("LPS") else name
            lines = [axes[j, col].plot(x, res.mean(m)[ok], "o-", ms=4, label=lab)[0] for j, m in enumerate(metrics)]
            if res is not sf_runs[name]:  # the quick run beside the recorded paper-scale one
                q = sf_runs[name]
                qk = q.connected_fraction() == 1.0
                for j, m in enumerate(metrics):
                    axes[j, col].plot(100 * q.ratios[qk], q.mean(m)[qk], "x", ms=5, c=lines[j].get_color())
        axes[0, col].set_title(f"{cls} routers\n({sf_src[cls]}"
                               + ("; crosses: quick run)" if sf_src[cls] == RECORDED and study.quick else ")"))
        axes[2, col].set_xlabel("edges deleted (%)")
        axes[0, col].legend(fontsize=8)
    axes[0, 0].set_ylabel("diameter (hops)")
    axes[1, 0].set_ylabel("mean distance (hops)")
    axes[2, 0].set_ylabel("bisection bandwidth (links cut)")
    for ax in axes.ravel():
        ax.grid(alpha=0.3)
    fig.suptitle("SpectralFly Fig. 5: random edge failures, Table I networks")
    saved = save_figure(fig, "04_spectralfly_fig5", directory, show=show)
    save_table([dict(source=src, network=name, constructor=study.sf_constructor[name], size_class=cls, seed=study.seed,
                     edges_deleted_ratio=float(r), trials=int(t), connected_fraction=float(c),
                     diameter=float(d), mean_distance=float(m), bisection_links_cut=float(b))
                for src, data in ((RECORDED, study.sf_rec),
                                  (f"{study.profile} profile", sf_runs if study.quick else {}))
                for cls, members in TABLE_I.items() for name in members if data.get(name) is not None
                for r, t, c, d, m, b in zip(data[name].ratios, data[name].trials, data[name].connected_fraction(),
                                            data[name].mean("diameter"), data[name].mean("mean_distance"),
                                            data[name].mean("bisection"))], "04_spectralfly_fig5", directory)
    return saved


def galaxyfly_fig5(study: Study, *, directory: str | Path | None = None, show: bool | None = None) -> SavedFigure:
    """Galaxyfly Fig. 5: mean average path length (top) and diameter (bottom) per link failure ratio, one column per
    panel (ratios at which every trial is connected); writes ``04_galaxyfly_fig5.csv``.

    Parameters
    ----------
    study : lowdiam.studies.fault_tolerance.Study
        After :meth:`~lowdiam.studies.fault_tolerance.Study.galaxyfly` (``gf_use``, ``gf_runs``, ``gf_rec``,
        ``gf_src``, ``gf_n``: one :class:`lowdiam.faults.FailureMetrics` per
        :data:`~lowdiam.studies.fault_tolerance.GF` network).
    directory : path, optional
        Where to save the figure and its CSV (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``04_galaxyfly_fig5.png`` and ``.pdf``; also writes ``04_galaxyfly_fig5.csv`` (one row per source, network
        and ratio).

    Examples
    --------
    A quick-profile study whose sixteen panel networks share one hand-made result (two ratios, two trials each):

    >>> import tempfile, matplotlib
    >>> import numpy as np
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> from lowdiam.faults import FailureMetrics
    >>> res = FailureMetrics(ratios=np.array([0.0, 0.1]), trials=np.array([2, 2]), cv={}, num_links=100,
    ...                      sampled_sources=None,
    ...                      values={"diameter": [np.array([3.0, 3.0]), np.array([3.0, 4.0])],
    ...                              "mean_distance": [np.array([2.5, 2.5]), np.array([2.6, 2.7])]})
    >>> names = [n for members in GF.values() for n in members]
    >>> s = Study("quick")
    >>> s.gf_use = s.gf_runs = dict.fromkeys(names, res)
    >>> s.gf_rec, s.gf_src, s.gf_n = {}, dict.fromkeys(GF, "quick profile"), dict.fromkeys(names, 100)
    >>> d = tempfile.mkdtemp()
    >>> galaxyfly_fig5(s, directory=d, show=False)
    saved 04_galaxyfly_fig5.png, 04_galaxyfly_fig5.pdf
    >>> Path(d, "04_galaxyfly_fig5.csv").read_text().splitlines()[0]
    'source,network,panel,routers,seed,link_failure_ratio,trials,connected_fraction,mean_distance,diameter'
    """
    import matplotlib.pyplot as plt

    gf_use, gf_runs, gf_src, gf_n = study.gf_use, study.gf_runs, study.gf_src, study.gf_n
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    for col, (panel, members) in enumerate(GF.items()):
        for name in members:
            res = gf_use[name]
            ok = res.connected_fraction() == 1.0
            style = "-" if name.startswith("GF") else "--"
            x = 100 * res.ratios[ok]
            lbl = f"{name} N_r={gf_n[name]}"
            line, = axes[0, col].plot(x, res.mean("mean_distance")[ok], style, marker=".", label=lbl)
            axes[1, col].plot(x, res.mean("diameter")[ok], style, marker=".", label=lbl, c=line.get_color())
            if res is not gf_runs[name]:  # the quick run beside the recorded paper-scale one
                q = gf_runs[name]
                qk = q.connected_fraction() == 1.0
                axes[0, col].plot(100 * q.ratios[qk], q.mean("mean_distance")[qk], "x", ms=4, c=line.get_color())
                axes[1, col].plot(100 * q.ratios[qk], q.mean("diameter")[qk], "x", ms=4, c=line.get_color())
        axes[0, col].set_title(f"{panel}\n({gf_src[panel]}"
                               + ("; crosses: quick run)" if gf_src[panel] == RECORDED and study.quick else ")"))
        axes[0, col].legend(fontsize=7)
        axes[1, col].set_xlabel("link failure ratio (%)")
    axes[0, 0].set_ylabel("average path length (hops)")
    axes[1, 0].set_ylabel("diameter (hops)")
    for ax in axes.ravel():
        ax.grid(alpha=0.3)
    fig.suptitle("Galaxyfly Fig. 5: random link failures (our choice of the unlisted configurations)")
    saved = save_figure(fig, "04_galaxyfly_fig5", directory, show=show)
    save_table([dict(source=src, network=name, panel=panel, routers=gf_n[name], seed=study.seed,
                     link_failure_ratio=float(r), trials=int(t), connected_fraction=float(c), mean_distance=float(m),
                     diameter=float(d))
                for src, data in ((RECORDED, study.gf_rec),
                                  (f"{study.profile} profile", gf_runs if study.quick else {}))
                for panel, members in GF.items() for name in members if data.get(name) is not None
                for r, t, c, m, d in zip(data[name].ratios, data[name].trials, data[name].connected_fraction(),
                                         data[name].mean("mean_distance"), data[name].mean("diameter"))],
               "04_galaxyfly_fig5", directory)
    return saved
