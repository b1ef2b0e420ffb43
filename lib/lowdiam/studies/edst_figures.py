"""Notebook 02 (EDSTs on star products): its two figures, drawn from the rows of :mod:`lowdiam.studies.edst`.

Each function draws one figure, saves it under ``figures/`` (PNG and PDF, :func:`lowdiam.plotting.save_figure`,
shown inline in a notebook) and returns the saved paths; the figures' CSV data are written by the
:class:`~lowdiam.studies.edst.Study` methods that compute them (``count_depth_table``, ``hyperx_rows``).

Examples
--------
>>> import tempfile
>>> row = {"net": "Slim Fly", "name": "SF(3)", "radix": 5, "routers": 18, "upper_bound": 2, "count": 2,
...        "maximum_min_depth": 3}
>>> for m in ("universal", "universal_lowdepth", "maximum", "property_vd1"):
...     row.update({f"{m}_count": 2, f"{m}_max_depth": 4})
>>> count_depth([row], directory=tempfile.mkdtemp(), show=False)
saved 02_edst_count_depth.png, 02_edst_count_depth.pdf
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np

from ..plotting import SavedFigure, save_figure
from .edst import CONSTRUCTIONS, largest_per_radix

__all__ = ["count_depth", "vd1_hyperx"]


def count_depth(rows: Sequence[dict], quick_rows: Sequence[dict] | None = None, *, recorded: bool = False,
                directory: str | Path | None = None, show: bool | None = None) -> SavedFigure:
    """EDSTs per construction with the Eq. (1) bound (top) and tree depths (bottom) against network radix, one
    column per family, one point per radix (the largest configuration of that radix).

    Parameters
    ----------
    rows : sequence of dict
        Table IV rows (:meth:`lowdiam.studies.edst.Study.table_iv_rows`), ``net`` their family.
    quick_rows : sequence of dict, optional
        This quick run's own rows beside recorded paper-scale ``rows``: drawn as crosses.
    recorded : bool
        ``rows`` are the recorded paper-scale rows (said in the titles).
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``02_edst_count_depth.png`` and ``.pdf``.

    Examples
    --------
    Two Slim Fly rows of the same radix: the figure draws the larger (one point per radix), with this quick run's
    own count as a cross beside the recorded rows.

    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> def row(name, routers, count):
    ...     r = {"net": "Slim Fly", "name": name, "radix": 5, "routers": routers, "upper_bound": 2, "count": count,
    ...          "maximum_min_depth": 3}
    ...     return r | {f"{m}_{c}": v for m in CONSTRUCTIONS for c, v in (("count", count), ("max_depth", 4))}
    >>> count_depth([row("SF(3)", 18, 2), row("SF(3)'", 16, 1)], [row("SF(3)", 18, 2)], recorded=True,
    ...             directory=tempfile.mkdtemp(), show=False)
    saved 02_edst_count_depth.png, 02_edst_count_depth.pdf
    """
    import matplotlib.pyplot as plt

    fams = list(dict.fromkeys(r["net"] for r in rows))
    fig, axes = plt.subplots(2, len(fams), figsize=(4.2 * len(fams), 7), sharex="col", squeeze=False)
    for j, fam in enumerate(fams):
        best = largest_per_radix(rows, fam)
        rs = [best[k] for k in sorted(best)]
        k = [r["radix"] for r in rs]
        ax = axes[0, j]
        ax.plot(k, [r["upper_bound"] for r in rs], "-", color="0.6", lw=7, alpha=0.45, zorder=0,
                label="upper bound Eq. (1) (grey band)")
        for m, lab in CONSTRUCTIONS.items():
            ax.plot(k, [r[f"{m}_count"] if r[f"{m}_count"] is not None else np.nan for r in rs], "o-", ms=4,
                    label=lab, alpha=0.8)
        if quick_rows:  # this quick run's networks (crosses) on the recorded paper-scale curves
            qb = largest_per_radix(quick_rows, fam)
            ax.plot(sorted(qb), [qb[x]["count"] for x in sorted(qb)], "kx", ms=6, label="quick run: ours (x)")
        ax.set_title(fam + (" (recorded paper-scale rows)" if recorded else ""))
        ax.set_ylabel("number of EDSTs")
        ax = axes[1, j]
        for m, lab in CONSTRUCTIONS.items():
            ax.plot(k, [r[f"{m}_max_depth"] if r[f"{m}_count"] else np.nan for r in rs], "o-", ms=4,
                    label=f"{lab} (max)")
        ax.plot(k, [r["maximum_min_depth"] for r in rs], "k:", label="Maximum (min)")
        ax.set_xlabel("network radix k (router-to-router ports)")
        ax.set_ylabel("tree depth (hops from centre)")
    axes[0, 0].legend(fontsize=7)
    axes[1, 0].legend(fontsize=7)
    fig.tight_layout()
    return save_figure(fig, "02_edst_count_depth", directory, show=show)


def vd1_hyperx(vd_rows: Sequence[dict], *, directory: str | Path | None = None,
               show: bool | None = None) -> SavedFigure:
    """EDSTs of the square 2D HyperX K_a x K_a (a even) against network radix: Universal, Maximum (V-C),
    Property V-D.1 and the Eq. (1) bound.

    Parameters
    ----------
    vd_rows : sequence of dict
        :meth:`lowdiam.studies.edst.Study.hyperx_rows` (``a``, ``b``, ``radix``, the counts, ``upper_bound``); the
        rows with a = b are drawn.
    directory : path, optional
        Where to save (default ``figures/``).
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``02_edst_vd1_hyperx.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile
    >>> rows = [{"a": a, "b": a, "radix": 2 * (a - 1), "upper_bound": a - 1, "universal_count": a - 2,
    ...          "maximum_count": a - 2, "property_vd1_count": a - 1} for a in (4, 6)]
    >>> vd1_hyperx(rows, directory=tempfile.mkdtemp(), show=False)
    saved 02_edst_vd1_hyperx.png, 02_edst_vd1_hyperx.pdf
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 3.8))
    sq = [r for r in vd_rows if r["a"] == r["b"]]
    k = [r["radix"] for r in sq]
    ax.plot(k, [r["upper_bound"] for r in sq], "-", color="0.6", lw=7, alpha=0.45, zorder=0,
            label="upper bound Eq. (1) (grey band)")
    ax.plot(k, [r["universal_count"] for r in sq], "s-", label="Universal (V-B)")
    ax.plot(k, [r["maximum_count"] for r in sq], "o-", label="Maximum (V-C)", alpha=0.7)
    ax.plot(k, [r["property_vd1_count"] for r in sq], "^-", label="Property V-D.1 (V-D)")
    ax.set_xlabel("network radix k = 2(a - 1) of HyperX K_a x K_a (router ports)")
    ax.set_ylabel("number of EDSTs")
    ax.legend(fontsize=8)
    fig.tight_layout()
    ax.set_title("EDSTs of 2D HyperX K_a x K_a (a even)")
    return save_figure(fig, "02_edst_vd1_hyperx", directory, show=show)
