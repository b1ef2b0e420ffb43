"""Notebook 06 (cost and layout): its four figures, drawn from the data of :mod:`lowdiam.studies.cost_layout`.

Each function draws one figure, saves it under ``figures/`` (PNG and PDF, :func:`lowdiam.plotting.save_figure`,
shown inline in a notebook), writes the figure's CSV data beside it and returns the saved paths.

Examples
--------
>>> import numpy as np
>>> cluster_positions(np.array([0, 0, 1])).round(2).tolist()
[[9.89, -1.49], [9.89, 1.49], [-10.0, 0.0]]
"""

from __future__ import annotations

from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np

from .. import topologies as T
from ..cache import cached
from ..cost import layout as L
from ..cost import tables as TB
from ..paths import figures_dir
from ..plotting import SavedFigure, save_figure
from .cost_layout import GF_T6, RECORDED, SF_TABLE2, Galaxyfly, SpectralFly, Study

__all__ = ["cluster_positions", "galaxyfly_cost_power", "polarstar_layout", "spectralfly_layout",
           "spectralfly_power"]


def _ours_vs_paper(ax, x, ours, paper, labels: tuple[str, str], ylabel: str | None = None) -> None:
    """One comparison panel: our values as bars left of each tick ``x``, the printed ones right of it (width 0.4
    each), labelled ``labels`` (ours, paper) for the legend; sets the y label when given."""
    ax.bar(x - 0.2, ours, 0.4, label=labels[0])
    ax.bar(x + 0.2, paper, 0.4, label=labels[1])
    if ylabel is not None:
        ax.set_ylabel(ylabel)


def spectralfly_layout(study: Study, sf: SpectralFly, name: str = "LPS(11,7)", *,
                       directory: str | Path | None = None, show: bool | None = None) -> SavedFigure:
    """SpectralFly Table II: our placement of ``name`` in the machine room (left) and the mean and maximum wire
    length per network, ours vs printed (right).

    Parameters
    ----------
    study : lowdiam.studies.cost_layout.Study
    sf : lowdiam.studies.cost_layout.SpectralFly
        :meth:`Study.spectralfly_table2`'s data.
    name : str
        The network drawn on the left (its placement is cached).
    directory : path, optional
        Where to save (default ``figures/``); the CSVs always go to ``figures/``.
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``06_spectralfly_layout.png`` and ``.pdf``; also writes ``06_spectralfly_layout.csv`` (router positions)
        and ``06_spectralfly_layout_links.csv`` (link lengths).

    Examples
    --------
    SF(9) (162 routers) placed and drawn beside hand-made wire lengths; the placement and the figure's 1,053 links
    take several seconds, so the call is not run as a doctest (``tests/test_cost_layout_study.py`` draws the
    module's figures). The CSVs go to the figures folder: point ``LOWDIAM_FIGURES`` (and the placement's cache,
    ``LOWDIAM_CACHE``) at a scratch folder to keep them out of the repository.

    >>> import os, tempfile, matplotlib
    >>> from pathlib import Path
    >>> from unittest import mock
    >>> matplotlib.use("Agg")
    >>> from lowdiam import topologies as T
    >>> rows = {"SF(9)": {"mean_wire_m": 8.2, "max_wire_m": 20.1}}
    >>> sf = SpectralFly(nets={"SF(9)": T.slimfly(9)}, rows=rows, own=rows, recorded={}, trials=4)  # doctest: +SKIP
    >>> d = tempfile.mkdtemp()
    >>> with mock.patch.dict(os.environ, LOWDIAM_FIGURES=d, LOWDIAM_CACHE=d):  # doctest: +SKIP
    ...     saved = spectralfly_layout(Study("quick"), sf, "SF(9)", directory=d, show=False)
    >>> saved  # doctest: +SKIP
    saved 06_spectralfly_layout.png, 06_spectralfly_layout.pdf
    >>> len(Path(d, "06_spectralfly_layout_links.csv").read_text().splitlines())  # doctest: +SKIP
    1054
    """
    emax = study.electrical_max_m
    fig, axes = plt.subplots(1, 2, figsize=(12, 5), gridspec_kw=dict(width_ratios=[1, 1.25]))
    top = sf.nets[name]
    emb = cached("06_spectralfly_embedding", dict(net=name, passes=study.max_passes, v=2),
                 lambda: L.embed_spectralfly(top, max_passes=study.max_passes))
    xy = emb.cabinet_xy[emb.cabinet_of] * np.array([2.0, 0.6])  # metres: columns 2 m apart, rows 0.6 m
    jit = np.where(np.arange(top.num_routers) % 2 == 0, -0.25, 0.25)
    px, py = xy[:, 0] + jit, xy[:, 1]
    ax = axes[0]
    for (u, v), length in zip(top.edges, emb.lengths):
        elec = length <= emax
        ax.plot([px[u], px[v]], [py[u], py[v]], color="tab:blue" if elec else "tab:orange",
                lw=1.2 if elec else 0.3, alpha=0.9 if elec else 0.25, zorder=2 if elec else 1)
    ax.scatter(px, py, s=10, c="k", zorder=3)
    ax.set_xlabel("machine-room x (m)")
    ax.set_ylabel("machine-room y (m)")
    ax.set_title(f"{name}: {emb.grid[0]}x{emb.grid[1]} cabinet grid, 2 routers per cabinet\n"
                 f"blue: electrical (<= {emax:g} m), orange: optical")
    ax = axes[1]
    names = list(sf.nets)
    x = np.arange(len(names))
    _ours_vs_paper(ax, x, [sf.rows[k]["mean_wire_m"] for k in names], [SF_TABLE2[k]["mean_wire_m"] for k in names],
                   ("ours: mean", "paper: mean"))
    ax.plot(x - 0.2, [sf.rows[k]["max_wire_m"] for k in names], "v", color="tab:blue", label="ours: max")
    ax.plot(x + 0.2, [SF_TABLE2[k]["max_wire_m"] for k in names], "v", color="tab:orange", label="paper: max")
    ax.set_xticks(x, names, rotation=30)
    ax.set_ylabel("wire length (m)")
    ax.set_title("SpectralFly Table II: mean and maximum wire length")
    ax.legend(fontsize=8)
    ax.grid(alpha=0.3, axis="y")
    fig.tight_layout()
    saved = save_figure(fig, "06_spectralfly_layout", directory, show=show)
    TB.write_csv(figures_dir() / "06_spectralfly_layout.csv",
                 [dict(router=int(r), cabinet=int(emb.cabinet_of[r]), x_m=float(px[r]), y_m=float(py[r]))
                  for r in range(top.num_routers)])
    TB.write_csv(figures_dir() / "06_spectralfly_layout_links.csv",
                 [dict(u=int(u), v=int(v), length_m=float(length)) for (u, v), length in zip(top.edges, emb.lengths)])
    return saved


def spectralfly_power(study: Study, sf: SpectralFly, *, directory: str | Path | None = None,
                      show: bool | None = None) -> SavedFigure:
    """SpectralFly Table II: total link power (left) and power per bisection bandwidth (right), ours (the stated
    model) vs printed; this run's values as crosses when the bars are the recorded paper-profile rows.

    Parameters
    ----------
    study : lowdiam.studies.cost_layout.Study
    sf : lowdiam.studies.cost_layout.SpectralFly
    directory : path, optional
        Where to save (default ``figures/``); the CSV always goes to ``figures/``.
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``06_spectralfly_power.png`` and ``.pdf``; also writes ``06_spectralfly_power.csv``.

    Examples
    --------
    Two networks with hand-made rows (the CSV goes to the figures folder: ``LOWDIAM_FIGURES`` points it at a
    scratch folder here):

    >>> import os, tempfile, matplotlib
    >>> from pathlib import Path
    >>> from unittest import mock
    >>> matplotlib.use("Agg")
    >>> rows = {k: {"power_w": SF_TABLE2[k]["power_w"], "power_per_bw": 29.0} for k in ("LPS(11,7)", "SF(9)")}
    >>> sf = SpectralFly(nets=dict.fromkeys(rows), rows=rows, own=rows, recorded={}, trials=4)
    >>> d = tempfile.mkdtemp()
    >>> with mock.patch.dict(os.environ, LOWDIAM_FIGURES=d):
    ...     saved = spectralfly_power(Study("quick"), sf, directory=d, show=False)
    >>> saved
    saved 06_spectralfly_power.png, 06_spectralfly_power.pdf
    >>> Path(d, "06_spectralfly_power.csv").read_text().splitlines()[:2]
    ['network,ours_power_w,paper_power_w,ours_mw_per_gbps,paper_mw_per_gbps', '"LPS(11,7)",928,928,29.0,30.5']
    """
    names = list(sf.nets)
    x = np.arange(len(names))
    fig, axes = plt.subplots(1, 2, figsize=(12, 4))
    ours_p = [sf.rows[k]["power_w"] / 1000 for k in names]
    paper_p = [SF_TABLE2[k]["power_w"] / 1000 for k in names]
    _ours_vs_paper(axes[0], x, ours_p, paper_p,
                   ("ours (stated model: 3.76 / 4.72 W per port, 2 ports per link)", "paper (printed)"),
                   "total link power (kW)")
    _ours_vs_paper(axes[1], x, [sf.rows[k]["power_per_bw"] for k in names],
                   [SF_TABLE2[k]["power_per_bw"] for k in names],
                   (f"ours ({RECORDED}, {sf.trials} METIS runs)" if sf.uses_recorded else "ours", "paper"),
                   "power per bisection bandwidth (mW per Gb/s)")
    if sf.uses_recorded:  # ours above are the recorded paper-profile rows; this run's (fewer METIS runs) as crosses
        axes[1].plot(x - 0.2, [sf.own[k]["power_per_bw"] for k in names], "x", color="k",
                     label=f"ours, this run ({study.bisection_trials} METIS runs)")
    for ax in axes:
        ax.set_xticks(x, names, rotation=30)
        ax.grid(alpha=0.3, axis="y")
        ax.legend(fontsize=8)
    fig.suptitle("SpectralFly Table II: power and power per bandwidth")
    fig.tight_layout()
    saved = save_figure(fig, "06_spectralfly_power", directory, show=show)
    TB.write_csv(figures_dir() / "06_spectralfly_power.csv",
                 [dict(network=k, ours_power_w=sf.rows[k]["power_w"], paper_power_w=SF_TABLE2[k]["power_w"],
                       ours_mw_per_gbps=sf.rows[k]["power_per_bw"], paper_mw_per_gbps=SF_TABLE2[k]["power_per_bw"])
                  for k in names])
    return saved


def galaxyfly_cost_power(gf: Galaxyfly, *, directory: str | Path | None = None,
                         show: bool | None = None) -> SavedFigure:
    """Galaxyfly Table 6 / Fig. 12c: router cost per terminal and power per terminal (ours vs printed) and cable
    cost per terminal (our model; FT left out, its leaf-to-terminal cabling is not modelled).

    Parameters
    ----------
    gf : lowdiam.studies.cost_layout.Galaxyfly
        After :meth:`Study.cabinets` (``gf.cable`` set).
    directory : path, optional
        Where to save (default ``figures/``); the CSV always goes to ``figures/``.
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``06_galaxyfly_cost_power.png`` and ``.pdf``; also writes ``06_galaxyfly_cost_power.csv``.

    Examples
    --------
    Hand-made rows equal to the printed ones and a flat cable cost (the CSV goes to the figures folder:
    ``LOWDIAM_FIGURES`` points it at a scratch folder here):

    >>> import os, tempfile, matplotlib
    >>> from pathlib import Path
    >>> from unittest import mock
    >>> matplotlib.use("Agg")
    >>> rows = {k: {"router_cost_per_terminal": v[3], "power_per_terminal": v[4]} for k, v in GF_T6.items()}
    >>> cable = {k: 100.0 for k in [*GF_T6, "RR"] if k != "FT"}
    >>> d = tempfile.mkdtemp()
    >>> with mock.patch.dict(os.environ, LOWDIAM_FIGURES=d):
    ...     saved = galaxyfly_cost_power(Galaxyfly(nets={}, rows=rows, cable=cable), directory=d, show=False)
    >>> saved
    saved 06_galaxyfly_cost_power.png, 06_galaxyfly_cost_power.pdf
    >>> lines = Path(d, "06_galaxyfly_cost_power.csv").read_text().splitlines()
    >>> len(lines) - 1, lines[-1]  # FT left out, RR (our model only) added
    (9, 'RR,,,,,100.0')
    """
    rows, cable = gf.rows, gf.cable
    order = [k for k in GF_T6 if k != "FT"] + ["RR"]  # FT: leaf-to-terminal cabling not modelled
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.2))
    xx = np.arange(len(GF_T6))
    _ours_vs_paper(axes[0], xx, [rows[k]["router_cost_per_terminal"] for k in GF_T6], [GF_T6[k][3] for k in GF_T6],
                   ("ours ($500 per port)", "paper (Fig. 12b prices)"), "router cost per terminal ($)")
    _ours_vs_paper(axes[1], xx, [rows[k]["power_per_terminal"] for k in GF_T6], [GF_T6[k][4] for k in GF_T6],
                   ("ours (paper's model)", "paper"), "power per terminal (W)")
    for ax in axes[:2]:
        ax.set_xticks(xx, list(GF_T6), rotation=40, ha="right", fontsize=8)
    xc = np.arange(len(order))
    axes[2].bar(xc, [cable[k] for k in order], 0.6, color="tab:green")
    axes[2].set_xticks(xc, order, rotation=40, ha="right", fontsize=8)
    axes[2].set_ylabel("cable cost per terminal ($, our model)")
    for ax in axes:
        ax.grid(alpha=0.3, axis="y")
    axes[0].legend(fontsize=8)
    axes[1].legend(fontsize=8)
    fig.suptitle("Galaxyfly Table 6 / Fig. 12c networks (N ~ 30K terminals)")
    fig.tight_layout()
    saved = save_figure(fig, "06_galaxyfly_cost_power", directory, show=show)
    TB.write_csv(figures_dir() / "06_galaxyfly_cost_power.csv",
                 [dict(network=k,
                       ours_router_cost_per_terminal=rows[k]["router_cost_per_terminal"] if k in rows else "",
                       paper_router_cost_per_terminal=GF_T6[k][3] if k in GF_T6 else "",
                       ours_power_per_terminal=rows[k]["power_per_terminal"] if k in rows else "",
                       paper_power_per_terminal=GF_T6[k][4] if k in GF_T6 else "",
                       ours_cable_cost_per_terminal=cable[k]) for k in order])
    return saved


def cluster_positions(cl: np.ndarray, n_clusters: int | None = None, radius: float = 10.0) -> np.ndarray:
    """Positions of supernodes on a circle, grouped by cluster: cluster ``k`` is centred at angle 2 pi k / n and its
    members are spread over 0.6 rad around it.

    Parameters
    ----------
    cl : numpy.ndarray
        Cluster of each supernode.
    n_clusters : int, optional
        Default ``cl.max() + 1``.
    radius : float

    Returns
    -------
    numpy.ndarray
        ``(len(cl), 2)`` coordinates.

    Examples
    --------
    Two clusters on a circle of radius 1: cluster 0 at angle 0 (its two members 0.15 rad either side), cluster 1
    at angle pi:

    >>> cluster_positions(np.array([0, 0, 1]), radius=1.0).round(3).tolist()
    [[0.989, -0.149], [0.989, 0.149], [-1.0, 0.0]]
    """
    n = int(cl.max()) + 1 if n_clusters is None else n_clusters
    ang_c = 2 * np.pi * np.arange(n) / n
    pos = np.zeros((len(cl), 2))
    for k in range(n):
        members = np.flatnonzero(cl == k)
        a = ang_c[k] + 0.6 * (np.arange(members.size) - (members.size - 1) / 2) / members.size
        pos[members] = np.c_[np.cos(a), np.sin(a)] * radius
    return pos


def polarstar_layout(*, directory: str | Path | None = None, show: bool | None = None) -> SavedFigure:
    """PolarStar Sec. 8 / Fig. 8: PolarStar11 (ER_7 x IQ_3) as its 57 supernodes in the q + 1 = 8 clusters of ER_7,
    each line one bundle of 2(d* - q) = 8 links.

    Parameters
    ----------
    directory : path, optional
        Where to save (default ``figures/``); the CSV always goes to ``figures/``.
    show : bool, optional
        Display inline (default: inside a notebook kernel).

    Returns
    -------
    lowdiam.plotting.SavedFigure
        ``06_polarstar_layout.png`` and ``.pdf``; also writes ``06_polarstar_layout_bundles.csv``.

    Examples
    --------
    Building PolarStar11 and drawing its 1,596 bundles takes several seconds, so the call is not run as a doctest
    (``tests/test_cost_layout_study.py`` draws this figure). The bundles CSV goes to the figures folder:
    ``LOWDIAM_FIGURES`` points it at a scratch folder.

    >>> import os, tempfile, matplotlib
    >>> from pathlib import Path
    >>> from unittest import mock
    >>> matplotlib.use("Agg")
    >>> d = tempfile.mkdtemp()
    >>> with mock.patch.dict(os.environ, LOWDIAM_FIGURES=d):  # doctest: +SKIP
    ...     saved = polarstar_layout(directory=d, show=False)
    >>> saved  # doctest: +SKIP
    saved 06_polarstar_layout.png, 06_polarstar_layout.pdf
    >>> len(Path(d, "06_polarstar_layout_bundles.csv").read_text().splitlines()) - 1  # doctest: +SKIP
    224
    """
    top = T.polarstar(7, "iq", 3)
    cl = TB.er_clusters(7)
    sn = np.asarray(top.labels["structure_vertex"])
    fig, ax = plt.subplots(figsize=(7, 7))
    pos_sn = cluster_positions(cl, 8)
    pairs = np.unique(np.sort(np.c_[sn[top.edges[:, 0]], sn[top.edges[:, 1]]], axis=1), axis=0)
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    inside = cl[pairs[:, 0]] == cl[pairs[:, 1]]
    for (u, v), same in zip(pairs, inside):
        ax.plot(*pos_sn[[u, v]].T, color="tab:blue" if same else "magenta", lw=1.0 if same else 0.25,
                alpha=0.9 if same else 0.35)
    ax.scatter(*pos_sn.T, s=40, c=["red" if k == 0 else "k" for k in cl], zorder=3)
    ax.set_aspect("equal")
    ax.set_xlabel("x (arbitrary units)")
    ax.set_ylabel("y (arbitrary units)")
    ax.set_title("PolarStar11 = ER_7 * IQ_3: 57 supernodes of 8 routers in 8 clusters\n"
                 "red: quadric cluster; blue: bundles inside a cluster; magenta: bundles between clusters")
    saved = save_figure(fig, "06_polarstar_layout", directory, show=show)
    TB.write_csv(figures_dir() / "06_polarstar_layout_bundles.csv",
                 [dict(supernode_u=int(u), supernode_v=int(v), cluster_u=int(cl[u]), cluster_v=int(cl[v]),
                       links=8) for u, v in pairs])
    return saved
