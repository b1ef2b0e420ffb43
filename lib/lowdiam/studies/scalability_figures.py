"""Notebook 01 (scalability and design space): its five figures, drawn from :mod:`lowdiam.studies.scalability`.

Each function draws one figure, saves it under ``figures/`` (PNG and PDF, :func:`lowdiam.plotting.save_figure`,
shown inline in a notebook) with its CSV data where the notebook writes one, and returns the saved paths.

Examples
--------
>>> from lowdiam.studies.scalability import FIG1_LABEL
>>> sorted(FIG1_STYLE) == sorted(FIG1_LABEL)
True
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from .. import design as D
from ..plotting import SavedFigure, save_figure, save_table
from .scalability import R_TOTAL, Study

__all__ = ["FIG1_STYLE", "fig1", "fig4", "fig7", "galaxyfly_scale", "lps_design_space"]

#: PolarStar Fig. 1: matplotlib format string per series
FIG1_STYLE = {"polarstar": "o-", "bundlefly": "s", "dragonfly": "^-", "hyperx": "v-", "kautz": "d",
              "starmax": "k--", "lps": "P"}


def fig1(study: Study, series: dict, *, directory: str | Path | None = None) -> SavedFigure:
    """PolarStar Fig. 1: Moore-bound efficiency of the largest configuration per network radix of each family
    (``series``: :meth:`~lowdiam.studies.scalability.Study.fig1_series` with the LPS points); saved as
    ``01_fig1_moore_efficiency`` with its CSV.

    Parameters
    ----------
    study : lowdiam.studies.scalability.Study
        Its radix range sets the x axis, its ``label`` the legend.
    series : dict
        ``{family: [(radix, routers), ...]}``, families among :data:`FIG1_STYLE`'s keys; an empty list is skipped.
    directory : str or pathlib.Path, optional
        Where to save the figure and its CSV (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``01_fig1_moore_efficiency.png`` and ``.pdf``; also writes ``01_fig1_moore_efficiency.csv`` (``family``,
        ``radix``, ``routers``, ``moore_efficiency``: one row per point).

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> from lowdiam.studies.scalability import Study
    >>> s = Study("quick", radix_max=12)
    >>> d = tempfile.mkdtemp()
    >>> fig1(s, s.fig1_series(), directory=d)
    saved 01_fig1_moore_efficiency.png, 01_fig1_moore_efficiency.pdf
    >>> Path(d, "01_fig1_moore_efficiency.csv").read_text().splitlines()[:2]
    ['family,radix,routers,moore_efficiency', 'PolarStar (best of IQ/Paley),8,168,0.36761']
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for f, pts in series.items():
        if not pts:
            continue
        ks, ns = zip(*pts)
        eff = [D.moore_efficiency(n, k, 3) for k, n in pts]
        ax.plot(ks, eff, FIG1_STYLE[f], ms=3.5, lw=1, label=study.label[f])
    ax.axhline(8 / 27, color="grey", lw=0.6, ls=":", label="8/27 (PolarStar's asymptote)")
    ax.set_xlabel("network radix k (router-to-router ports)")
    ax.set_ylabel("routers / diameter-3 Moore bound")
    ax.set_xlim(study.radix_min - 1, study.radix_max + 1)
    ax.legend(fontsize=7, ncol=2, loc="upper right")
    ax.set_title("Diameter-3 topologies: Moore-bound efficiency (PolarStar Fig. 1)")
    saved = save_figure(fig, "01_fig1_moore_efficiency", directory)
    save_table([dict(family=study.label[f], radix=k, routers=n, moore_efficiency=round(D.moore_efficiency(n, k, 3), 5))
                for f, pts in series.items() for k, n in pts], "01_fig1_moore_efficiency", directory)
    return saved


def fig4(study: Study, *, directory: str | Path | None = None) -> SavedFigure:
    """PolarStar Fig. 4: diameter-2 families (ER_q, MMS, Paley) and Abas's d^2/2 Cayley construction against the
    diameter-2 Moore bound; saved as ``01_fig4_diameter2`` with its CSV.

    Parameters
    ----------
    study : lowdiam.studies.scalability.Study
        Its ``radixes`` are drawn.
    directory : str or pathlib.Path, optional
        Where to save the figure and its CSV (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``01_fig4_diameter2.png`` and ``.pdf``; also writes ``01_fig4_diameter2.csv`` (``family``, ``radix``,
        ``routers``, ``moore_efficiency``).

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> from lowdiam.studies.scalability import Study
    >>> d = tempfile.mkdtemp()
    >>> fig4(Study("quick", radix_max=12), directory=d)
    saved 01_fig4_diameter2.png, 01_fig4_diameter2.pdf
    >>> Path(d, "01_fig4_diameter2.csv").read_text().splitlines()[:2]
    ['family,radix,routers,moore_efficiency', 'ER_q (PolarFly),8,57,0.87692']
    """
    import matplotlib.pyplot as plt

    from ..published import cayley

    radixes = study.radixes
    fig, ax = plt.subplots(figsize=(7, 3.8))
    rows = []
    families = [("polarfly", "ER_q (PolarFly)", "o"), ("slimfly", "MMS (Slim Fly)", "s"), ("paley", "Paley", "^")]
    for f, lab, st in families:
        pts = [(k, D.max_order(f, k)) for k in radixes if D.max_order(f, k)]
        ax.plot([k for k, _ in pts], [D.moore_efficiency(n, k, 2) for k, n in pts], st, ms=4, label=lab)
        rows += [dict(family=lab, radix=k, routers=n, moore_efficiency=round(D.moore_efficiency(n, k, 2), 5))
                 for k, n in pts]
    cay = [(k, cayley.abas_general_order(k)) for k in radixes if k >= cayley.GENERAL_MIN_DEGREE]
    ax.plot([k for k, _ in cay], [n / D.moore_bound(k, 2) for k, n in cay], "k--", lw=0.9,
            label="Cayley, Abas (2017) construction d²/2 (lower envelope)")
    rows += [dict(family="Cayley (Abas 2017 general construction, d^2/2)", radix=k, routers=n,
                  moore_efficiency=round(n / D.moore_bound(k, 2), 5)) for k, n in cay]
    for level, text in ((1.0, "1"), (8 / 9, "8/9")):
        ax.axhline(level, color="grey", lw=0.6, ls=":")
        ax.annotate(text, (study.radix_max, level), textcoords="offset points", xytext=(4, -3), fontsize=7,
                    color="grey")
    ax.set_xlabel("network radix k (router-to-router ports)")
    ax.set_ylabel("routers / (k² + 1)")
    ax.set_ylim(0, 1.05)
    ax.legend(fontsize=8)
    ax.set_title("Diameter-2 graphs vs the Moore bound (PolarStar Fig. 4)")
    saved = save_figure(fig, "01_fig4_diameter2", directory)
    save_table(rows, "01_fig4_diameter2", directory)
    return saved


def fig7(study: Study, *, directory: str | Path | None = None) -> SavedFigure:
    """PolarStar Fig. 7: every feasible ER_q * IQ and ER_q * Paley configuration (radix, order) and the largest per
    radix; saved as ``01_fig7_polarstar_configs`` (no CSV).

    Parameters
    ----------
    study : lowdiam.studies.scalability.Study
        Its ``radixes`` are drawn.
    directory : str or pathlib.Path, optional
        Where to save the figure (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``01_fig7_polarstar_configs.png`` and ``.pdf``; the number of configurations drawn is printed.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> from lowdiam.studies.scalability import Study
    >>> fig7(Study("quick", radix_max=12), directory=tempfile.mkdtemp())
    31 feasible configurations in 8 .. 12
    saved 01_fig7_polarstar_configs.png, 01_fig7_polarstar_configs.pdf
    """
    import matplotlib.pyplot as plt

    radixes = study.radixes
    rows = D.design_space(["polarstar-iq", "polarstar-paley"], radixes)
    fig, ax = plt.subplots(figsize=(7, 4))
    for kind, mk, c in [("iq", "o", "C0"), ("paley", "x", "C3")]:
        sel = [r for r in rows if r["params"]["supernode"] == kind]
        ax.semilogy([r["radix"] for r in sel], [r["order"] for r in sel], mk, ms=3, color=c, alpha=0.7,
                    label=f"{'Inductive-Quad' if kind == 'iq' else 'Paley'} supernode ({len(sel)} configs)")
    best = [(k, D.max_order("polarstar", k)) for k in radixes]
    ax.semilogy(*zip(*best), "k-", lw=0.8, label="largest per radix")
    ax.set_xlabel("network radix k (router-to-router ports)")
    ax.set_ylabel("routers (log scale)")
    ax.legend(fontsize=8)
    ax.set_title("Feasible PolarStar configurations (PolarStar Fig. 7)")
    saved = save_figure(fig, "01_fig7_polarstar_configs", directory)
    print(len(rows), "feasible configurations in", study.radix_min, "..", study.radix_max)
    return saved


def lps_design_space(*, directory: str | Path | None = None) -> SavedFigure:
    """SpectralFly Fig. 4 (left): every LPS(p, q), p, q < 300, as (radix, order), PSL and PGL apart; saved as
    ``01_spectralfly_lps_design_space`` (no CSV).

    Parameters
    ----------
    directory : str or pathlib.Path, optional
        Where to save the figure (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``01_spectralfly_lps_design_space.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> lps_design_space(directory=tempfile.mkdtemp())
    saved 01_spectralfly_lps_design_space.png, 01_spectralfly_lps_design_space.pdf
    """
    import matplotlib.pyplot as plt

    lps_all = D.lps_configs(p_max=300, q_max=300)
    fig, ax = plt.subplots(figsize=(7, 4))
    for g, mk in [("PSL", "o"), ("PGL", "x")]:
        sel = [r for r in lps_all if r["params"]["group"] == g]
        ax.semilogy([r["radix"] for r in sel], [r["order"] for r in sel], mk, ms=2, alpha=0.5,
                    label=f"{g}(2, q): {len(sel)} graphs")
    ax.set_xlabel("radix p + 1")
    ax.set_ylabel("routers (log scale)")
    ax.legend(fontsize=8)
    ax.set_title("LPS design space, p, q < 300 (SpectralFly Fig. 4)")
    return save_figure(fig, "01_spectralfly_lps_design_space", directory)


def galaxyfly_scale(scale: dict, *, directory: str | Path | None = None) -> SavedFigure:
    """Galaxyfly Fig. 2/3: network scale per terminals per router with 48-port routers (``scale``:
    :meth:`~lowdiam.studies.scalability.Study.galaxyfly_scale`); saved as ``01_galaxyfly_scale_48port`` with its CSV.

    Parameters
    ----------
    scale : dict
        ``ps`` (terminals per router), ``galaxyfly`` (``{diameter bound: endpoints per p}``) and ``comparators``
        (``{name: endpoints per p}``, three of them); NaN where a family has no configuration.
    directory : str or pathlib.Path, optional
        Where to save the figure and its CSV (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``01_galaxyfly_scale_48port.png`` and ``.pdf``; also writes ``01_galaxyfly_scale_48port.csv`` (``series``,
        ``p``, ``endpoints``; empty where NaN).

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> nan = float("nan")
    >>> scale = {"ps": range(1, 3), "galaxyfly": {1: [48, 94], 2: [1176, 2254], 3: [nan, 4000], 5: [nan, 9000]},
    ...          "comparators": {"Dragonfly": [nan, 4000], "Slim Fly": [1000, 1900],
    ...                          "3-D Flattened Butterfly": [800, 1500]}}
    >>> d = tempfile.mkdtemp()
    >>> galaxyfly_scale(scale, directory=d)
    saved 01_galaxyfly_scale_48port.png, 01_galaxyfly_scale_48port.pdf
    >>> Path(d, "01_galaxyfly_scale_48port.csv").read_text().splitlines()[5:8]
    ['Galaxyfly diameter bound 3,1,', 'Galaxyfly diameter bound 3,2,4000', 'Galaxyfly diameter bound 5,1,']
    """
    import matplotlib.pyplot as plt

    ps, gf_by_diam, comp = scale["ps"], scale["galaxyfly"], scale["comparators"]
    fig, ax = plt.subplots(figsize=(9, 4.5))
    for d, ys in gf_by_diam.items():
        ax.semilogy(ps, ys, "o-", ms=3, lw=1, label=f"Galaxyfly, diameter bound {d}"
                    + (" (= Dragonfly shape)" if d == 3 else ""))
    for (name, ys), st in zip(comp.items(), ("x--", "s--", "v--")):
        # drawn on top, hollow markers: Dragonfly coincides with the Galaxyfly diameter-3 shape
        ax.semilogy(ps, ys, st, ms=5, lw=1.2, mfc="none", zorder=3, label=name)
    ax.semilogy([R_TOTAL // 2], [R_TOTAL**3 // 4], "k*", ms=10, label="3-level fat-tree (r³/4)")
    ax.axhline(1e5, color="grey", lw=0.6, ls=":", label="100K endpoints")
    ax.set_xlabel("terminals per router p")
    ax.set_ylabel("network scale N (endpoints, log scale)")
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    ax.set_title("Scalability with 48-port routers (Galaxyfly Fig. 2/3)")
    saved = save_figure(fig, "01_galaxyfly_scale_48port", directory)
    save_table([dict(series=f"Galaxyfly diameter bound {d}", p=p, endpoints=None if np.isnan(y) else int(y))
                for d, ys in gf_by_diam.items() for p, y in zip(ps, ys)]
               + [dict(series=name, p=p, endpoints=None if np.isnan(y) else int(y))
                  for name, ys in comp.items() for p, y in zip(ps, ys)],
               "01_galaxyfly_scale_48port", directory)
    return saved
