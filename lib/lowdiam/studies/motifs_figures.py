"""Notebook 07's figures: each draws this run (top row) above the paper profile's recorded paper-scale runs (bottom
row), marking the runs not recorded yet, and returns the matplotlib figure for
:func:`lowdiam.plotting.save_figure`.

Examples
--------
>>> from lowdiam.studies.motifs_study import EdstRuns
>>> fig = edst_allreduce(MotifStudy("quick"), EdstRuns("quick", [], {}, [], [], {}))  # nothing run or recorded
>>> [ax.texts[0].get_text() for ax in fig.axes if ax.texts]
['no recorded runs yet', 'no recorded runs yet']
>>> import matplotlib.pyplot as plt; plt.close(fig)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from ..labels import label
from .motifs_study import PAPER, SF_FIGS, SF_PAPER_CASES, EdstRuns, Fig11Runs, MotifStudy, SpectralFlyRuns

__all__ = ["polarstar_fig11", "spectralfly_fig9_10", "edst_allreduce", "paper_progress"]


def polarstar_fig11(study: MotifStudy, runs: Fig11Runs):
    """PolarStar Fig. 11's analogue: completion time of Allreduce and Sweep3D per network under MIN and UGAL-L,
    this run above the recorded paper-scale runs on the paper's Table 3 networks.

    Parameters
    ----------
    study : MotifStudy
        The profile that ran ``runs`` (its networks and sizes label the top row).
    runs : Fig11Runs
        The section's results.

    Returns
    -------
    matplotlib.figure.Figure
        Two rows of two panels.

    Examples
    --------
    The tick labels name the paper's networks, which labelling builds (~6 s for PS-IQ(11,3)); here :data:`PAPER`'s
    and the study's are swapped for small ones. Hand-made times of this run, none recorded at paper scale (the
    bottom row says so where each bar would be):

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam.studies import motifs_figures
    >>> from lowdiam.studies.motifs_study import recipe
    >>> small = {"PS-IQ": recipe("hyperx", 2, 2), "DF": recipe("dragonfly", 4, 2, 2), "HX": recipe("hyperx", 3, 3),
    ...          "FT": recipe("fat_tree", 4, 2)}
    >>> study = MotifStudy("quick")
    >>> study.setup = replace(study.setup, fig11=small)
    >>> rows = [dict(key=k, motif=m, routing_class=c, completion_cycles=1000 * (i + 1))
    ...         for i, k in enumerate(small) for m in ("allreduce", "sweep3d") for c in ("MIN", "UGAL")]
    >>> with mock.patch.object(motifs_figures, "PAPER", replace(PAPER, fig11=small)):
    ...     fig = polarstar_fig11(study, Fig11Runs(rows, {}))
    >>> fig.axes[0].get_title()
    'quick profile: Allreduce (tree), 8 KB x 2'
    >>> len(fig.axes[2].texts)  # bottom left: 4 networks x 2 routings not recorded
    8
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    setup, profile = study.setup, study.profile
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.5))
    title = {"allreduce": "Allreduce (tree), {} KB x {}", "sweep3d": "Sweep3D (KBA wavefront) x {}"}
    paper_size = {"allreduce": (PAPER.allreduce["message_bytes"] // 1024, PAPER.allreduce["iterations"]),
                  "sweep3d": (PAPER.sweep["iterations"],)}
    for row, (nets, times, what) in enumerate(((setup.fig11, runs.this_run(), f"{profile} profile"),
                                               (PAPER.fig11, runs.recorded, "recorded paper-scale runs"))):
        for ax, motif in zip(axes[row], ("allreduce", "sweep3d")):
            keys = list(nets)
            x = np.arange(len(keys))
            scale = 1e3 if row == 0 else 1e6
            for i, cls in enumerate(("MIN", "UGAL")):
                vals = np.array([times.get((k, motif, cls), np.nan) for k in keys], float) / scale
                ax.bar(x + (i - 0.5) * 0.38, np.nan_to_num(vals), 0.38, label=cls, color=f"C{i}")
                for xi, v in zip(x + (i - 0.5) * 0.38, vals):
                    if np.isnan(v):  # not recorded yet: say so where the bar would be
                        ax.text(xi, 0, "not\nrecorded", ha="center", va="bottom", fontsize=6, rotation=90, color="0.4")
            ax.set_xticks(x, [f"{k}\n{label(nets[k].build())}" for k in keys], fontsize=7)
            ax.set_ylabel(f"completion time (10^{3 if row == 0 else 6} router cycles)")
            size = (setup.allreduce["message_bytes"] // 1024, setup.allreduce["iterations"]) if motif == "allreduce" \
                else (setup.sweep.get("iterations", 1),)
            ax.set_title(f"{what}: " + title[motif].format(*(size if row == 0 else paper_size[motif])), fontsize=9)
            ax.set_ylim(0, None if any((k, motif, c) in times for k in keys for c in ("MIN", "UGAL")) else 1)
            ax.legend(fontsize=8)
    fig.suptitle(f"PolarStar Fig. 11 analogue (BookSim model): this run ({profile} profile) and the recorded "
                 "paper-scale runs")
    fig.tight_layout()
    return fig


def spectralfly_fig9_10(study: MotifStudy, runs: SpectralFlyRuns):
    """SpectralFly Fig. 9 / 10's analogue: each network's speed-up over Dragonfly per motif under minimal routing
    (left) and UGAL-L (right), this run above the recorded paper-scale runs (8,192 ranks); a missing recorded bar
    says which run is unfinished or not run.

    Parameters
    ----------
    study : MotifStudy
        The profile that ran ``runs`` (its networks and sizes label the top row).
    runs : SpectralFlyRuns
        The section's results.

    Returns
    -------
    matplotlib.figure.Figure
        Two rows of two panels.

    Examples
    --------
    The legends name the paper's networks, which labelling builds (~10 s); here :data:`PAPER`'s and the study's are
    swapped for small ones. Hand-made speed-ups of this run, nothing recorded at paper scale:

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam.studies import motifs_figures
    >>> from lowdiam.studies.motifs_study import recipe
    >>> from lowdiam.studies.motifs_study import SpectralFlyRuns
    >>> small = {"LPS": recipe("hyperx", 4), "DF": recipe("dragonfly", 4, 2, 2), "SF": recipe("hyperx", 2, 3),
    ...          "BF": recipe("hyperx", 3, 3)}
    >>> study = MotifStudy("quick")
    >>> study.setup = replace(study.setup, spec=small)
    >>> cases = ["halo3d", "sweep3d"]
    >>> speed = {(k, c, cls): 1.0 for k in small for c in cases for cls in ("MIN", "UGAL")}
    >>> runs = SpectralFlyRuns("quick", list(small), [], cases, speed, {}, reached={("SF", "halo3d", "MIN"): 5})
    >>> with mock.patch.object(motifs_figures, "PAPER", replace(PAPER, spec=small)):
    ...     fig = spectralfly_fig9_10(study, runs)
    >>> texts = [t.get_text().splitlines() for t in fig.axes[2].texts]  # bottom left: 4 networks x 4 paper motifs
    >>> len(texts), texts[0], ["SF unfinished", "DF not run"] in texts
    (16, ['LPS not run', 'DF not run'], True)
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    profile = study.profile
    fig, axes = plt.subplots(2, 2, figsize=(12, 7.8), sharey="row")
    for row, (nets, cs, what) in enumerate(((study.setup.spec, runs.cases, f"{profile} profile"),
                                            (PAPER.spec, list(SF_PAPER_CASES), "recorded paper-scale runs"))):
        x = np.arange(len(cs))
        for ax, cls in zip(axes[row], SF_FIGS):
            for i, k in enumerate(nets):
                vals = [runs.speed[(k, c, cls)] if row == 0 else runs.recorded_speed(k, c, cls) for c in cs]
                xi = x + (i - 1.5) * 0.2
                ax.bar(xi, np.nan_to_num(vals), 0.2, label=f"{k}: {label(nets[k].build())}", color=f"C{i}")
                for xv, v in zip(xi, vals):
                    if np.isnan(v):  # not recorded yet: say why where the bar would be
                        ax.text(xv, 0, runs.missing(k, cs[int(round(xv))], cls), ha="center", va="bottom",
                                fontsize=6, rotation=90, color="0.4")
            ax.axhline(1.0, color="k", lw=0.6)
            ax.set_xticks(x, cs)
            ax.set_xlabel("motif")
            ax.set_title(f"{what}: {SF_FIGS[cls]} analogue, {'minimal routing' if cls == 'MIN' else 'UGAL-L'}",
                         fontsize=9)
            ax.legend(fontsize=7)
        axes[row][0].set_ylabel("speed-up over Dragonfly (DF time / time)")
    fig.suptitle(f"SpectralFly Fig. 9/10 analogue (BookSim model): this run ({profile} profile) and the recorded "
                 "paper-scale runs (8,192 ranks)")
    fig.tight_layout()
    return fig


def edst_allreduce(study: MotifStudy, runs: EdstRuns):
    """The Allreduce over k EDSTs: completion time with the busiest endpoint's serialisation bound (dotted, left)
    and the speed-up over one tree against the k-fold line (right), this run above the recorded paper-scale runs.

    Parameters
    ----------
    study : MotifStudy
        The profile that ran ``runs`` (its networks and sizes label the top row).
    runs : EdstRuns
        The section's results.

    Returns
    -------
    matplotlib.figure.Figure
        Two rows of two panels.

    Examples
    --------
    Hand-made runs of one network over 1 and 2 trees, nothing recorded at paper scale:

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> from lowdiam.studies.motifs_study import EdstRuns
    >>> rows = [dict(key="SF", network="SF(5)", trees=k, completion_cycles=c, serialization_bound=50)
    ...         for k, c in ((1, 2000), (2, 1100))]
    >>> fig = edst_allreduce(MotifStudy("quick"), EdstRuns("quick", rows, {"SF(5)": {1: 1.0, 2: 1.82}}, [], [], {}))
    >>> top_gain = fig.axes[1]
    >>> [line.get_label() for line in top_gain.lines], top_gain.lines[0].get_ydata().tolist()
    (['SF', 'k x one tree'], [1.0, 1.82])
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    profile, setup = study.profile, study.setup
    fig, axes = plt.subplots(2, 2, figsize=(11, 7.8))
    for row, (rows_, gains_, nets, nbytes, what) in enumerate((
            (runs.rows, runs.gains, setup.edst_nets, setup.edst_bytes, f"{profile} profile"),
            (runs.recorded, runs.recorded_gains, PAPER.edst_nets, PAPER.edst_bytes, "recorded paper-scale runs"))):
        ax_t, ax_g = axes[row]
        for i, key in enumerate(nets):
            rows = [r for r in rows_ if r["key"] == key]
            if not rows:
                continue
            ks = [r["trees"] for r in rows]
            ax_t.plot(ks, [r["completion_cycles"] / 1000 for r in rows], "o-", color=f"C{i}",
                      label=f"{key}: {rows[0]['network']}")
            ax_t.plot(ks, [r["serialization_bound"] / 1000 for r in rows], ":", color=f"C{i}")
            g = gains_.get(rows[0]["network"], {})
            ax_g.plot(sorted(g), [g[k] for k in sorted(g)], "o-", color=f"C{i}", label=key)
        kmax = max((r["trees"] for r in rows_), default=4)
        ax_g.plot([1, kmax], [1, kmax], "k--", lw=0.8, label="k x one tree")
        ax_t.set(xlabel="EDSTs used (k)", ylabel="completion time (10^3 router cycles)",
                 title=f"{what}: Allreduce {nbytes // 1024} KB over k EDSTs (dotted: busiest-endpoint bound)")
        ax_g.set(xlabel="EDSTs used (k)", ylabel="speed-up over one tree", title=f"{what}: gain of k trees over one")
        for ax in (ax_t, ax_g):
            ax.set_xticks(range(1, kmax + 1))
            ax.title.set_fontsize(9)
            if ax.lines:
                ax.legend(fontsize=7)
        if not rows_:
            ax_t.text(0.5, 0.5, "no recorded runs yet", transform=ax_t.transAxes, ha="center", color="0.4")
    fig.suptitle(f"Allreduce over edge-disjoint spanning trees (BookSim model): this run ({profile} profile) and the "
                 "recorded paper-scale runs")
    fig.tight_layout()
    return fig


def paper_progress(rows: Sequence[Mapping]):
    """Share of each section's planned paper-profile runs recorded, one bar per section and kind of computation.

    Parameters
    ----------
    rows : sequence of mapping
        :meth:`PaperProgress.rows <lowdiam.paper_progress.PaperProgress.rows>` (``section``, ``what``, ``planned``,
        ``complete``).

    Returns
    -------
    matplotlib.figure.Figure

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig = paper_progress([{"section": "EDST Allreduce", "what": "motif runs", "planned": 4, "complete": 1}])
    >>> [float(p.get_width()) for p in fig.axes[0].patches]  # recorded, not recorded
    [0.25, 0.75]
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 0.45 * len(rows) + 1.2))
    y = np.arange(len(rows))[::-1]
    done = np.array([r["complete"] / r["planned"] for r in rows])
    ax.barh(y, done, color="C2", label="recorded")
    ax.barh(y, 1 - done, left=done, color="0.8", label="not recorded (or running)")
    ax.set_yticks(y, [f"{r['section']}: {r['what']} ({r['planned']})" for r in rows], fontsize=8)
    ax.set(xlim=(0, 1), xlabel="share of the planned paper-profile runs")
    ax.legend(fontsize=8, ncol=2, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    fig.tight_layout()
    return fig
