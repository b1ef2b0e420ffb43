"""Notebook 03 (bisection): its four figures, drawn from the data of :mod:`lowdiam.studies.bisection`.

Each function draws one figure, saves it under ``figures/`` (PNG and PDF, :func:`lowdiam.plotting.save_figure`,
shown inline in a notebook) and returns the saved paths; the figures' CSV data are written by the
:class:`~lowdiam.studies.bisection.Study` methods that compute them.

Examples
--------
>>> from lowdiam.studies.bisection import FIG12_FAMILIES
>>> sorted(FIG12_STYLE) == sorted(FIG12_FAMILIES)
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np

from ..plotting import SavedFigure, save_figure
from .bisection import FIG4_FAMILIES, PAPER_RULE, RECORDED, Series, Study

__all__ = ["FIG12_STYLE", "fig12", "fig13", "fig4", "table5"]

#: PolarStar Fig. 12: matplotlib format string per family
FIG12_STYLE = {"PolarStar": "o-", "Bundlefly": "s-", "Spectralfly": "P", "Dragonfly": "^-", "HyperX": "v-",
               "Megafly": "D-", "Fat-tree": "x-", "Jellyfish": "*:"}


def _recorded_beside(ax, study: Study, series: Series, name: str, line, marker: str) -> None:
    """The recorded paper-scale points of ``name`` so far, small, beside this run's ``line`` (quick profile)."""
    rows = series.recorded.get(name)
    if study.quick and rows:
        kp = sorted(rows)
        ax.plot(kp, [100 * rows[k]["fraction"] for k in kp], marker, c=line.get_color(), ms=2.5, alpha=0.6,
                label=f"{name} ({RECORDED}{'' if series.complete[name] else ', partial'})")


def fig12(study: Study, series: Series, *, directory: str | Path | None = None,
          show: bool | None = None) -> SavedFigure:
    """PolarStar Fig. 12: share of links cut by the best METIS bisection per network radix, one line per family.

    Parameters
    ----------
    study : lowdiam.studies.bisection.Study
    series : lowdiam.studies.bisection.Series
        :meth:`Study.fig12`'s rows: this run's as lines, the recorded paper-scale rows (quick profile) as small
        markers beside them.
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``03_fig12_bisection_fraction.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile
    >>> rows = {8: {"fraction": 0.21}, 9: {"fraction": 0.22}}
    >>> s = Series({"PolarStar": rows, "Jellyfish": rows}, {}, {"PolarStar": None, "Jellyfish": None}, {}, {})
    >>> fig12(Study("quick", radix_max=9), s, directory=tempfile.mkdtemp(), show=False)
    saved 03_fig12_bisection_fraction.png, 03_fig12_bisection_fraction.pdf
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9, 4.5), layout="constrained")
    for fam, rows in series.fresh.items():
        ks = sorted(rows)
        line, = ax.plot(ks, [100 * rows[k]["fraction"] for k in ks], FIG12_STYLE[fam], label=fam, ms=5)
        _recorded_beside(ax, study, series, fam, line, FIG12_STYLE[fam][0])
    ax.set_xlabel("network radix k (router-to-router ports)")
    ax.set_ylabel("links in minimum bisection (%)")
    ax.set_title("PolarStar Fig. 12: share of links cut by the best METIS bisection found\n"
                 f"(large markers: this run, METIS trials {study.trials_rule}"
                 + (f"; small markers: {RECORDED}, trials {PAPER_RULE})"
                    if study.quick and any(series.recorded.values()) else ")"), fontsize=10)
    ax.legend(fontsize=8, loc="center left", bbox_to_anchor=(1.01, 0.5))
    ax.grid(alpha=0.3)
    return save_figure(fig, "03_fig12_bisection_fraction", directory, show=show)


def fig13(study: Study, series: Series, iq: Sequence[tuple], *, directory: str | Path | None = None,
          show: bool | None = None) -> SavedFigure:
    """PolarStar Fig. 13: METIS bisection of the largest IQ and Paley PolarStars per radix, with the explicit
    f-invariant split of the IQ ones.

    Parameters
    ----------
    study : lowdiam.studies.bisection.Study
    series : lowdiam.studies.bisection.Series
        :meth:`Study.fig13`'s rows (``PS-IQ``, ``PS-Paley``).
    iq : sequence of tuple
        :meth:`Study.iq_split_check`'s rows, drawn as crosses.
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``03_fig13_supernode_bisection.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile
    >>> rows = {8: {"fraction": 0.21}, 9: {"fraction": 0.22}}
    >>> s = Series({"PS-IQ": rows, "PS-Paley": rows}, {}, {"PS-IQ": None, "PS-Paley": None}, {}, {})
    >>> fig13(Study("quick", radix_max=9), s, [(8, "PolarStar(q=4, iq, d'=3)", 168, 142, 0.25)],
    ...       directory=tempfile.mkdtemp(), show=False)
    saved 03_fig13_supernode_bisection.png, 03_fig13_supernode_bisection.pdf
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    for (name, rows), st in zip(series.fresh.items(), ("o-", "s-")):
        ks = sorted(rows)
        line, = ax.plot(ks, [100 * rows[k]["fraction"] for k in ks], st, label=name)
        _recorded_beside(ax, study, series, name, line, st[0])
    ks = [k for k, *_ in iq]
    ax.plot(ks, [100 * x[-1] for x in iq], "k+", ms=9, label="IQ f-invariant split")
    ax.set_xlabel("network radix k (router-to-router ports)")
    ax.set_ylabel("links in minimum bisection (%)")
    ax.set_title("PolarStar Fig. 13: bisection by supernode type (METIS)")
    ax.legend()
    ax.grid(alpha=0.3)
    return save_figure(fig, "03_fig13_supernode_bisection", directory, show=show)


def fig4(study: Study, data: Mapping, table1: Mapping[str, Mapping], *, directory: str | Path | None = None,
         show: bool | None = None) -> SavedFigure:
    """SpectralFly Fig. 4: normalized bisection of LPS graphs (left) and the Fiedler-to-METIS band of the Table I
    topologies (right).

    Parameters
    ----------
    study : lowdiam.studies.bisection.Study
    data : dict
        :meth:`Study.fig4`'s result (``points``, ``source``).
    table1 : mapping
        :meth:`Study.table1`'s rows (``routers``, ``metis_fraction``, ``fiedler``, ``links``).
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``03_fig4_lps_bisection.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile
    >>> pts = [{"radix": 12, "routers": 168, "metis": 0.40, "fiedler": 0.25, "q": 7}]
    >>> t1 = {lab: {"routers": n, "metis_fraction": 0.4, "fiedler": 200.0, "links": 1000}
    ...       for lab, _, _, n, *_ in Study.table1_rows()}
    >>> fig4(Study("quick"), {"points": pts, "source": "quick profile"}, t1, directory=tempfile.mkdtemp(), show=False)
    saved 03_fig4_lps_bisection.png, 03_fig4_lps_bisection.pdf
    """
    import matplotlib.pyplot as plt

    points, source = data["points"], data["source"]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(12, 4.4), layout="constrained")
    sc = a1.scatter([r["radix"] for r in points], [r["metis"] for r in points],
                    c=np.log10([r["routers"] for r in points]), s=18, cmap="viridis", label="METIS (upper bound)")
    a1.scatter([r["radix"] for r in points], [r["fiedler"] for r in points], marker="_", c="gray", s=30,
               label="Fiedler (lower bound)")
    a1.axhline(1 / 3, ls=":", c="k", lw=1, label="SlimFly asymptote 1/3")
    fig.colorbar(sc, ax=a1, label="log10 routers")
    a1.set_xlabel("LPS radix p + 1")
    a1.set_ylabel("normalized bisection (cut / links)")
    a1.set_title(f"LPS(p, q), p, q < 100, up to {max(r['routers'] for r in points):,} routers ({source})")
    a1.legend(fontsize=8)
    rows1 = study.table1_rows()
    for ctor, name in FIG4_FAMILIES.items():
        rows = [table1[lab] for lab, c, *_ in rows1 if c == ctor]
        n = [r["routers"] for r in rows]
        up = [r["metis_fraction"] for r in rows]
        lo = [r["fiedler"] / r["links"] for r in rows]
        line, = a2.plot(n, up, "o-", label=f"{name} METIS")
        a2.fill_between(n, lo, up, color=line.get_color(), alpha=0.2)
    a2.set_xscale("log")
    a2.set_yscale("log")
    a2.set_xlabel("routers (log scale)")
    a2.set_ylabel("normalized bisection (cut / links, log scale)")
    a2.set_title("Table I topologies: Fiedler bound to METIS")
    a2.legend(fontsize=8)
    return save_figure(fig, "03_fig4_lps_bisection", directory, show=show)


def table5(study: Study, t5: Mapping[str, Mapping], *, directory: str | Path | None = None,
           show: bool | None = None) -> SavedFigure:
    """Galaxyfly Table 5 as bars: our beta (best METIS cut over N/2 terminals) next to the printed one.

    Parameters
    ----------
    study : lowdiam.studies.bisection.Study
    t5 : mapping
        :meth:`Study.table5`'s rows (``beta``) by Table 5 label.
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``03_galaxyfly_table5_beta.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile
    >>> t5 = {lab: {"beta": 0.5} for lab, *_ in Study.table5_rows()}
    >>> table5(Study("quick"), t5, directory=tempfile.mkdtemp(), show=False)
    saved 03_galaxyfly_table5_beta.png, 03_galaxyfly_table5_beta.pdf
    """
    import matplotlib.pyplot as plt

    rows = study.table5_rows()
    fig, ax = plt.subplots(figsize=(8, 4))
    labs = [lab for lab, *_ in rows]
    x = np.arange(len(labs))
    ax.bar(x - 0.2, [t5[lab]["beta"] for lab in labs], 0.4, label="ours (METIS)")
    ax.bar(x + 0.2, [p for *_, p in rows], 0.4, label="Galaxyfly Table 5")
    ax.set_xticks(x, labs, rotation=45, ha="right", fontsize=8)
    ax.set_ylabel("bisection ratio β = C_min / (N/2)")
    ax.set_title("Galaxyfly Table 5: bisection ratio")
    ax.legend()
    return save_figure(fig, "03_galaxyfly_table5_beta", directory, show=show)
