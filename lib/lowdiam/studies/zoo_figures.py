"""Notebook 00 (the topology zoo): its two figures, drawn from the data of :mod:`lowdiam.studies.zoo`.

Each function draws one figure, saves it under ``figures/`` (PNG and PDF, :func:`lowdiam.plotting.save_figure`,
shown inline in a notebook) and returns the saved paths; :func:`best_orders` also writes the figure's CSV data.

Examples
--------
>>> from lowdiam import topologies as T
>>> hop_fractions(T.hyperx(3, 3)).tolist()
[0.5, 0.5]
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..design import moore_bound
from ..labels import label
from ..metrics.distances import distance_stats
from ..plotting import SavedFigure, save_figure, save_table
from ..results import STORE_COLUMNS
from .zoo import RECORDED

__all__ = ["best_orders", "hop_distances", "hop_fractions"]


def hop_fractions(top) -> np.ndarray:
    """Fraction of ordered router pairs of ``top`` at hop distance 1, 2, ... (exact, all pairs).

    Parameters
    ----------
    top : lowdiam.topologies.Topology

    Returns
    -------
    numpy.ndarray
        Entry i is the fraction at distance i + 1; the entries sum to 1.

    Examples
    --------
    >>> from lowdiam import topologies as T
    >>> hop_fractions(T.dragonfly(4, 2, 2)).round(3).tolist()  # Dragonfly: diameter 3
    [0.143, 0.362, 0.495]
    """
    h = distance_stats(top).histogram.astype(float)
    return h[1:] / h[1:].sum()


def hop_distances(nets: dict, *, directory: str | Path | None = None) -> SavedFigure:
    """Hop-distance distributions of the PolarStar Table 3 networks (``nets``, by the paper's name), side by side;
    saved as ``00_table3_hop_distances``.

    Parameters
    ----------
    nets : dict
        Name -> :class:`~lowdiam.topologies.Topology`; one group of bars per network (its :func:`hop_fractions`),
        labelled with :func:`lowdiam.labels.label`.
    directory : str or pathlib.Path, optional
        Where to save (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``00_table3_hop_distances.png`` and ``.pdf``.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> from lowdiam import topologies as T
    >>> hop_distances({"DF": T.dragonfly(4, 2, 2), "HX": T.hyperx(3, 3)}, directory=tempfile.mkdtemp())
    saved 00_table3_hop_distances.png, 00_table3_hop_distances.pdf
    """
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.6))
    width = 0.8 / len(nets)
    for i, top in enumerate(nets.values()):
        frac = hop_fractions(top)
        ax.bar(np.arange(1, len(frac) + 1) + (i - len(nets) / 2 + 0.5) * width, frac, width, label=label(top))
    ax.set_xlabel("hop distance between routers")
    ax.set_ylabel("fraction of ordered router pairs")
    ax.set_xticks(range(1, 7))
    ax.legend(ncol=2, fontsize=8, loc="upper left")
    ax.set_title("Hop distances of the PolarStar Table 3 configurations")
    return save_figure(fig, "00_table3_hop_distances", directory)


def best_orders(best: dict, profile: str, *, directory: str | Path | None = None) -> SavedFigure:
    """Order of the best PolarStar per radix (``best``: :meth:`lowdiam.studies.zoo.Study.best_per_radix`), the
    recorded rows as a line and this run's as crosses, against the diameter-3 Moore bound; saved as
    ``00_polarstar_best_orders`` with its CSV (both sources, one row per radix).

    Parameters
    ----------
    best : dict
        :meth:`lowdiam.studies.zoo.Study.best_per_radix`: ``own`` and ``recorded`` (``{radix: row}``, each row with
        ``routers``), ``recorded_range`` (the recorded radixes; empty: draw this run's rows as the line).
    profile : str
        The profile of this run (named in the legend and the CSV's ``source``).
    directory : str or pathlib.Path, optional
        Where to save the figure and its CSV (default :func:`lowdiam.paths.figures_dir`).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``00_polarstar_best_orders.png`` and ``.pdf``; also writes ``00_polarstar_best_orders.csv`` (columns
        ``source``, ``radix`` and the rows' other columns but the results store's own,
        :data:`lowdiam.results.STORE_COLUMNS`).

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> from pathlib import Path
    >>> matplotlib.use("Agg")
    >>> own = {8: {"radix": 8, "routers": 108, "q": 5}, 9: {"radix": 9, "routers": 130, "q": 5}}
    >>> d = tempfile.mkdtemp()
    >>> best_orders({"own": own, "recorded": {}, "recorded_range": []}, "quick", directory=d)
    saved 00_polarstar_best_orders.png, 00_polarstar_best_orders.pdf
    >>> Path(d, "00_polarstar_best_orders.csv").read_text().splitlines()
    ['source,radix,routers,q', 'this run (quick),8,108,5', 'this run (quick),9,130,5']
    """
    import matplotlib.pyplot as plt

    own_best, rec_best = best["own"], best["recorded"]
    fig, ax = plt.subplots(figsize=(6, 3.4))
    if best["recorded_range"]:
        ks = sorted(rec_best)
        ax.semilogy(ks, [rec_best[k]["routers"] for k in ks], "o-", ms=4,
                    label=f"PolarStar, {RECORDED} (radix {ks[0]}-{ks[-1]})")
        ax.semilogy(sorted(own_best), [own_best[k]["routers"] for k in sorted(own_best)], "x", color="k", ms=7,
                    label=f"PolarStar, this run ({profile})")
    else:
        ax.semilogy(sorted(own_best), [own_best[k]["routers"] for k in sorted(own_best)], "o-",
                    label="PolarStar (built, diameter verified)")
    ks = sorted(set(own_best) | set(rec_best))
    ax.semilogy(ks, [moore_bound(k, 3) for k in ks], "k--", label="Moore bound, diameter 3")
    ax.set_xlabel("network radix (router-to-router ports)")
    ax.set_ylabel("routers (log scale)")
    ax.legend(fontsize=8)
    ax.set_title("Largest PolarStar per radix")
    saved = save_figure(fig, "00_polarstar_best_orders", directory)
    drop = ("radix", *STORE_COLUMNS)
    sources = ((RECORDED, rec_best), (f"this run ({profile})", own_best))
    save_table([dict(source=src, radix=k, **{c: v for c, v in rows_[k].items() if c not in drop})
                for src, rows_ in sources for k in sorted(rows_)],
               "00_polarstar_best_orders", directory)
    return saved
