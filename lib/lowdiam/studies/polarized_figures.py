"""Polarized routing Fig. 4-6 and Fig. 8 at paper scale: the recorded load curves.

Notebook 05's ``figures/05_polarized_fig4_6.png`` / ``05_polarized_fig8.png`` draw the quick profile's scaled-down
stand-ins (an RRG of 200 routers, smaller Table 4 families). The paper profile recorded the paper's own networks in
``results/paper/05_simulation/``: ``05_polarized_fig4_6.csv`` holds the RRG with 720 routers of degree 17 and 7
servers each (Polarized Sec. 4, Table 4; here ``jellyfish(720, 17, 1, endpoints_per_router=7)``) under the three
traffic patterns of Fig. 4, 5 and 6, and ``05_polarized_fig8.csv`` the other Table 4 networks (Dragonfly in the
palm-tree arrangement, 3-D Hamming graph of side 8, projective network, Slim Fly) under the random server
permutation of Fig. 8; 16-flit packets, 3000 + 5000-cycle windows, offered loads 0.1 to 1.0 in steps of 0.05.
The routings the CAMINOS model has (``min-adaptive``, ``valiant``, ``polarized``, ``omni``) ran on it; random-minimal
MIN, source MIN, KSP and Polarized once more (and Omni on the Hamming graph) ran on the ideal model
(``lowdiam.sim.routers``). This module draws those runs as the paper's figures do and as notebook 05 draws its
stand-ins: Fig. 4-6 one row per pattern with throughput (accepted against offered load), mean latency against
accepted load, Jain fairness and the path-length distribution at the highest load; Fig. 8 latency against accepted
load, one panel per network. It reads recorded data only and simulates nothing.

Command line (writes ``figures/05_polarized_fig4_6_paper.{png,pdf,csv}`` and ``05_polarized_fig8_paper.*``)::

    python -m lowdiam.studies.polarized_figures [--directory DIR]

Examples
--------
>>> recs = [{"label": "RRG", "routing": "polarized", "traffic": "uniform", "load": x, "accepted_load": min(x, 0.6),
...          "latency_mean": 60 + 100 * x, "jain_fairness": 0.99, "hops_mean": 3.1, "hop_histogram": [0, 1, 5, 4],
...          "topology_name": "Jellyfish(720,17,seed=1)"} for x in (0.5, 0.7)]
>>> rows = figure_rows("fig4_6", records=[{**r, **settings("caminos")} for r in recs])
>>> [(r["run"], r["load"], r["accepted_load"], r["path_length_fractions"]) for r in rows]
[('polarized', 0.5, 0.5, None), ('polarized', 0.7, 0.6, [0.0, 0.1, 0.5, 0.4])]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import sweep as S

__all__ = ["COLUMNS", "FIGURES", "LOADS", "PATTERNS", "draw", "figure_name", "figure_rows", "main", "networks",
           "paper_records", "runs", "settings", "write_figure"]

#: the paper profile's offered loads (notebook 05's ``curve_step`` 0.05 from 0.1 to 1.0)
LOADS = tuple(round(0.1 + 0.05 * i, 4) for i in range(19))
#: the figures: the log each reads and the notebook section it belongs to
FIGURES = {"fig4_6": "05_polarized_fig4_6", "fig8": "05_polarized_fig8"}
#: Fig. 4, 5, 6: the traffic pattern of each (registry name -> (paper figure, description)), in the paper's order
PATTERNS = {"uniform": ("Fig. 4", "uniform"), "server_perm": ("Fig. 5", "random server permutation"),
            "neighbor": ("Fig. 6", "router permutation to neighbour")}
#: columns of each figure's CSV data (one row per recorded run of a drawn curve)
COLUMNS = {
    "fig4_6": ("network", "topology", "pattern", "run", "routing", "router", "load", "accepted_load", "latency_mean",
               "jain_fairness", "hops_mean", "path_length_fractions"),
    "fig8": ("network", "topology", "pattern", "run", "routing", "router", "load", "accepted_load", "latency_mean"),
}
# the paper profile's model settings (notebook 05: SIM_POL, SIM_POL_IDEAL with the 3000 + 5000-cycle windows)
_SETTINGS = {"caminos": {"packet_flits": 16, "router": "caminos", "warmup_cycles": 3000, "measure_cycles": 5000},
             "ideal": {"packet_flits": 16, "buffer_flits": 64, "router": "ideal", "warmup_cycles": 3000,
                       "measure_cycles": 5000, "max_drain_cycles": 10000}}
# run name -> (routing, router model, routing options), as notebook 05's POL_RUNS, FIG8_RUNS, FIG8_HAMMING, FIG8_IDEAL
_FIG4_6_RUNS = {"min-adaptive": ("min-adaptive", "caminos", None), "valiant": ("valiant", "caminos", None),
                "polarized": ("polarized", "caminos", None), "min": ("min", "ideal", None),
                "source-min": ("source-min", "ideal", None), "ksp": ("ksp", "ideal", None),
                "polarized (ideal)": ("polarized", "ideal", None)}
_FIG8_RUNS = {"min-adaptive": ("min-adaptive", "caminos", None), "valiant": ("valiant", "caminos", None),
              "polarized": ("polarized", "caminos", None)}
_HAMMING_RUNS = {"omni": ("omni", "caminos", None),
                 "omni, deroute label 64": ("omni", "caminos", {"deroute_label": 64}),
                 "omni (ideal)": ("omni", "ideal", None), "polarized (ideal)": ("polarized", "ideal", None)}
# the networks (Polarized Table 4), as notebook 05's RRG_PAPER and FIG8_PAPER
_NETWORKS = {
    "fig4_6": (S.Recipe("jellyfish", {"endpoints_per_router": 7}, "RRG", (720, 17, 1)),),
    "fig8": (S.Recipe("dragonfly", {}, "DF", (12, 6, 6, "relative")),
             S.Recipe("hyperx", {"endpoints_per_router": 8}, "HX", (8, 8, 8)),
             S.Recipe("levi_graph", {"endpoints_per_router": 8}, "PG", (17,)),
             S.Recipe("slimfly", {"endpoints_per_router": 9}, "SF", (13,))),
}
_DESCRIPTION = {"RRG": "RRG(720, 17), 7 servers per router",
                "DF": "Dragonfly (palm-tree arrangement)", "HX": "3-D Hamming graph of side 8",
                "PG": "projective network (Levi graph of PG(2, 17))", "SF": "Slim Fly MMS(13)"}
_NAME = {"min-adaptive": "MIN (adaptive)", "valiant": "Valiant", "polarized": "Polarized", "min": "MIN",
         "source-min": "source MIN", "ksp": "KSP", "omni": "Omni-Dimensional"}
_MARKERS = "osD^v<>PXh*"


def _check(figure: str) -> None:
    """ValueError naming the valid figures unless ``figure`` is one."""
    if figure not in FIGURES:
        raise ValueError(f"figure must be one of {list(FIGURES)}, got {figure!r}")


def settings(router: str, routing_options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The recorded runs' simulation settings on ``router`` as record fields (``sim_packet_flits``, ...).

    Parameters
    ----------
    router : {"caminos", "ideal"}
        The router model.
    routing_options : mapping, optional
        The run's ``routing_options`` (Fig. 8's Omni with deroute label 64), when it has any.

    Returns
    -------
    dict
        ``sim_<setting> -> value``, exactly the ``sim_*`` fields of a recorded run of these settings.

    Raises
    ------
    ValueError
        If ``router`` is not one of the two models.

    Examples
    --------
    >>> settings("caminos")
    {'sim_packet_flits': 16, 'sim_router': 'caminos', 'sim_warmup_cycles': 3000, 'sim_measure_cycles': 5000}
    >>> settings("caminos", {"deroute_label": 64})["sim_routing_options"]
    {'deroute_label': 64}
    """
    if router not in _SETTINGS:
        raise ValueError(f"router must be one of {list(_SETTINGS)}, got {router!r}")
    sim = dict(_SETTINGS[router], **({"routing_options": dict(routing_options)} if routing_options else {}))
    return {f"sim_{k}": v for k, v in sim.items()}


def networks(figure: str = "fig4_6") -> list[S.Recipe]:
    """The paper's networks a figure draws (Polarized Table 4), as :class:`lowdiam.sweep.Recipe`.

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}

    Returns
    -------
    list of lowdiam.sweep.Recipe
        Fig. 4-6: the RRG; Fig. 8: DF, HX, PG, SF (the labels the recorded runs carry).

    Raises
    ------
    ValueError
        If ``figure`` is unknown.

    Examples
    --------
    >>> [r.label for r in networks("fig8")], networks("fig4_6")[0].args
    (['DF', 'HX', 'PG', 'SF'], (720, 17, 1))
    """
    _check(figure)
    return list(_NETWORKS[figure])


def runs(figure: str = "fig4_6", network: str | None = None) -> dict[str, tuple[str, str, dict | None]]:
    """The curves a figure draws on one network: ``{run name: (routing, router model, routing options)}``.

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}
    network : str, optional
        A label of :func:`networks` ``(figure)``; Fig. 8's Hamming graph (``"HX"``) adds Omni-Dimensional routing
        on both models (and with deroute label 64) and Polarized on the ideal model.

    Returns
    -------
    dict
        Run name (notebook 05's) -> (routing registry name, ``"caminos"`` or ``"ideal"``, routing options or None).

    Raises
    ------
    ValueError
        If ``figure`` or ``network`` is unknown.

    Examples
    --------
    >>> list(runs("fig8", "SF"))
    ['min-adaptive', 'valiant', 'polarized']
    >>> runs("fig8", "HX")["omni, deroute label 64"]
    ('omni', 'caminos', {'deroute_label': 64})
    >>> runs("fig4_6")["ksp"]
    ('ksp', 'ideal', None)
    """
    _check(figure)
    labels = [r.label for r in _NETWORKS[figure]]
    if network is not None and network not in labels:
        raise ValueError(f"network of {figure} must be one of {labels}, got {network!r}")
    if figure == "fig4_6":
        return dict(_FIG4_6_RUNS)
    return {**_FIG8_RUNS, **(_HAMMING_RUNS if network == "HX" else {})}


def _run_name(record: Mapping[str, Any], figure: str) -> str | None:
    """The run name of ``figure`` a record belongs to (its network, routing and exact settings), or None."""
    net = next((r for r in _NETWORKS[figure] if r.label == record.get("label")), None)
    if net is None or ("recipe" in record and record["recipe"] != net.key()):
        return None
    sim = {k: v for k, v in record.items() if k.startswith("sim_")}
    for name, (routing, router, opts) in runs(figure, net.label).items():
        if record.get("routing") == routing and sim == settings(router, opts):
            return name
    return None


def paper_records(figure: str = "fig4_6", *, root: str | Path | None = None) -> list[dict[str, Any]]:
    """The recorded paper-scale runs a figure draws, as sweep records.

    Reads the figure's log (:data:`FIGURES`: ``results/paper/05_simulation/05_polarized_fig4_6.csv`` or
    ``05_polarized_fig8.csv``) with :func:`lowdiam.sweep.recorded_records` (an absent log gives nothing) and keeps
    the runs of the figure's networks (the recipe each label has in :func:`networks`) with exactly the settings of
    one of its curves (:func:`runs`, :func:`settings`), so a run of other settings a log may come to hold is never
    drawn as one of these.

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}
    root : str or pathlib.Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).

    Returns
    -------
    list of dict
        Sweep records (``label``, ``routing``, ``traffic``, ``load``, ``accepted_load``, ``latency_mean``, ...).

    Raises
    ------
    ValueError
        If ``figure`` is unknown.

    Examples
    --------
    >>> import tempfile
    >>> paper_records("fig8", root=tempfile.mkdtemp())
    []
    """
    _check(figure)
    log = S.result_log("05_simulation", FIGURES[figure], root=root)
    if not log.path.exists():
        return []
    return [r for r in S.recorded_records(log) if _run_name(r, figure) is not None]


def _number(value: Any) -> float | None:
    if value is None:
        return None
    x = float(value)
    return None if math.isnan(x) else x


def _curves(records: Iterable[Mapping[str, Any]], figure: str) -> dict[tuple[str, str, str], list[Mapping]]:
    """``(network, pattern, run) -> runs by load`` of the records on the paper's load grid."""
    grid = {round(x, 6) for x in LOADS}
    out: dict[tuple[str, str, str], dict[float, Mapping]] = {}
    for r in records:
        name = _run_name(r, figure)
        x = round(float(r["load"]), 6)
        if name is None or x not in grid:
            continue
        by = out.setdefault((r["label"], r["traffic"], name), {})
        if x in by:
            raise ValueError(f"two recorded runs of {r['label']} {name} {r['traffic']} at offered load {x:g}: a "
                             "curve has one run per load")
        by[x] = r
    return {k: [v[x] for x in sorted(v)] for k, v in out.items()}


def _nan(values: Iterable[float | None]) -> list[float]:
    """``values`` with None as NaN (a gap in a drawn line)."""
    return [math.nan if v is None else v for v in values]


def _fractions(histogram: Sequence[float] | None) -> list[float] | None:
    if not histogram:
        return None
    total = float(sum(histogram))
    return [round(h / total, 6) for h in histogram] if total > 0 else None


def figure_rows(figure: str = "fig4_6", *, records: Iterable[Mapping[str, Any]] | None = None) -> list[dict]:
    """One row per recorded run of every drawn curve: the figure's CSV data (:data:`COLUMNS`).

    Curves in the order they are drawn (network, then pattern, then run as :func:`runs` lists them), runs by
    offered load; only the loads of :data:`LOADS` are drawn. In Fig. 4-6, ``path_length_fractions`` (the share of
    packets per number of router links, from the run's ``hop_histogram``) is filled on the highest load of each
    curve, the one the path-length panel draws, and ``None`` elsewhere. A NaN latency is ``None``.

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}
    records : iterable of dict, optional
        The runs (default :func:`paper_records` ``(figure)``); records of other networks or settings are ignored.

    Returns
    -------
    list of dict
        Rows with the figure's :data:`COLUMNS`.

    Raises
    ------
    ValueError
        If ``figure`` is unknown or a curve has two runs at one load.

    Examples
    --------
    >>> rec = {"label": "SF", "routing": "valiant", "traffic": "server_perm", "load": 0.1, "accepted_load": 0.1,
    ...        "latency_mean": 80.0, "topology_name": "SlimFly(13)", **settings("caminos")}
    >>> [(r["network"], r["run"], r["router"], r["latency_mean"]) for r in figure_rows("fig8", records=[rec])]
    [('SF', 'valiant', 'caminos', 80.0)]
    """
    _check(figure)
    records = paper_records(figure) if records is None else list(records)
    curves = _curves(records, figure)
    rows = []
    for net in _NETWORKS[figure]:
        for pattern in (PATTERNS if figure == "fig4_6" else ("server_perm",)):
            for name, (routing, router, _) in runs(figure, net.label).items():
                curve = curves.get((net.label, pattern, name), [])
                for i, r in enumerate(curve):
                    row = {"network": net.label, "topology": r.get("topology_name"), "pattern": pattern, "run": name,
                           "routing": routing, "router": router, "load": float(r["load"]),
                           "accepted_load": _number(r.get("accepted_load")),
                           "latency_mean": _number(r.get("latency_mean"))}
                    if figure == "fig4_6":
                        row.update(jain_fairness=_number(r.get("jain_fairness")), hops_mean=_number(r.get("hops_mean")),
                                   path_length_fractions=_fractions(r.get("hop_histogram"))
                                   if i == len(curve) - 1 else None)
                    rows.append(row)
    return rows


def _style(figure: str, network: str, name: str) -> dict[str, Any]:
    """Colour, marker, line style and legend label of a curve (fixed per run name across panels)."""
    order = list(runs(figure, "HX" if figure == "fig8" else None))
    i = order.index(name)
    routing, router, opts = runs(figure, network)[name]
    label = _NAME[routing] + (f", deroute label {opts['deroute_label']}" if opts else "")
    label += " (ideal model)" if router == "ideal" else " (CAMINOS model)"
    return dict(color=f"C{i % 10}", marker=_MARKERS[i % len(_MARKERS)], ls="--" if router == "ideal" else "-",
                label=label)


def _about(rows: Sequence[Mapping[str, Any]], records: Sequence[Mapping[str, Any]], label: str) -> str:
    """``"<topology>: <routers> routers, <servers> servers"`` of a network, from its recorded runs."""
    r = next((x for x in records if x.get("label") == label and x.get("num_routers")), None)
    topo = next((x["topology"] for x in rows if x["network"] == label and x["topology"]), label)
    return f"{topo}: {r['num_routers']} routers, {r.get('num_endpoints', '?')} servers" if r else topo


def draw(figure: str = "fig4_6", *, records: Iterable[Mapping[str, Any]] | None = None):
    """Draw Polarized Fig. 4-6 or Fig. 8 at paper scale from recorded runs; return the figure and its data rows.

    Fig. 4-6: one row per pattern (Fig. 4 uniform, Fig. 5 random server permutation, Fig. 6 router permutation to
    neighbour), four panels as the paper's: accepted against offered load (with the diagonal: every offered flit
    accepted), mean latency (log scale) against accepted load, Jain fairness index of the servers' throughput
    against offered load, and the path-length distribution at each curve's highest load. Fig. 8: mean latency (log
    scale) against accepted load under the random server permutation, one panel per Table 4 network. Solid lines
    are CAMINOS-model runs, dashed ideal-model runs; colour and marker are fixed per run across panels; every
    recorded run is a point (runs beyond saturation too: their latency is that of the delivered packets, as in the
    paper). A curve missing loads says how many it has; one with no recorded run is left out and the title counts
    the complete curves. Artists carry gids ``"<network>|<pattern>|<run>|<panel>"`` (panel ``throughput``,
    ``latency``, ``fairness`` or ``path-lengths``).

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records` ``(figure)``).

    Returns
    -------
    (matplotlib.figure.Figure, list of dict)
        The figure and :func:`figure_rows` (every recorded run of the drawn curves).

    Raises
    ------
    ValueError
        If ``figure`` is unknown or a curve has two runs at one load.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> recs = [{"label": "RRG", "routing": "valiant", "traffic": "uniform", "load": x, "accepted_load": min(x, .42),
    ...          "latency_mean": 70 + 400 * x, "jain_fairness": 0.98, "hop_histogram": [0, 1, 3],
    ...          **settings("caminos")} for x in (0.25, 0.45)]
    >>> fig, rows = draw("fig4_6", records=recs)
    >>> gid = "RRG|uniform|valiant|throughput"
    >>> [ln.get_ydata().tolist() for ax in fig.axes for ln in ax.lines if ln.get_gid() == gid]
    [[0.25, 0.42]]
    >>> "0 of 21 curves complete" in fig._suptitle.get_text(), len(rows)
    (True, 2)
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt

    _check(figure)
    records = paper_records(figure) if records is None else list(records)
    rows = figure_rows(figure, records=records)
    by: dict[tuple[str, str, str], list[dict]] = {}
    for row in rows:
        by.setdefault((row["network"], row["pattern"], row["run"]), []).append(row)
    nets = [n.label for n in _NETWORKS[figure]]
    total = sum(len(runs(figure, n)) * (len(PATTERNS) if figure == "fig4_6" else 1) for n in nets)
    complete = sum(len(v) == len(LOADS) for v in by.values())
    done = f"{complete} of {total} curves complete ({len(LOADS)} offered loads each)"

    def part(curve):
        return "" if len(curve) == len(LOADS) else f" ({len(curve)} of {len(LOADS)} loads)"

    if figure == "fig4_6":
        fig, axes = plt.subplots(len(PATTERNS), 4, figsize=(17, 11.5), squeeze=False)
        net = nets[0]
        for row_axes, (pattern, (fig_no, what)) in zip(axes, PATTERNS.items()):
            for name in runs(figure):
                curve = by.get((net, pattern, name))
                if not curve:
                    continue
                st = _style(figure, net, name)
                st = dict(st, label=st["label"] + part(curve), ms=3)
                gid = f"{net}|{pattern}|{name}"
                off = [r["load"] for r in curve]
                acc = _nan(r["accepted_load"] for r in curve)
                row_axes[0].plot(off, acc, gid=gid + "|throughput", **st)
                row_axes[1].plot(acc, _nan(r["latency_mean"] for r in curve), gid=gid + "|latency", **st)
                row_axes[2].plot(off, _nan(r["jain_fairness"] for r in curve), gid=gid + "|fairness", **st)
                frac = curve[-1]["path_length_fractions"]
                if frac:
                    row_axes[3].plot(range(len(frac)), frac, gid=gid + "|path-lengths", **st)
            row_axes[0].plot([0, 1], [0, 1], ":", color="0.6", lw=1)
            row_axes[0].set(title=f"{fig_no}: {what}: throughput", xlabel="offered load (flits/server/cycle)",
                            ylabel="accepted load (flits/server/cycle)", xlim=(0, 1.02), ylim=(0, 1.02))
            row_axes[1].set(title="latency (log scale)", xlabel="accepted load (flits/server/cycle)",
                            ylabel="mean latency (cycles)", yscale="log")
            row_axes[2].set(title="fairness", xlabel="offered load (flits/server/cycle)", ylabel="Jain index",
                            ylim=(0, 1.02), xlim=(0, 1.02))
            row_axes[3].set(title="path lengths at each curve's highest load", xlabel="hops (router links)",
                            ylabel="fraction of packets")
            for ax in row_axes:
                ax.grid(alpha=0.3)
        handles, labels = {}, {}
        for ax in axes.flat:
            for h, lab in zip(*ax.get_legend_handles_labels()):
                handles.setdefault(lab, h)
        labels = list(handles)
        if labels:
            fig.legend([handles[k] for k in labels], labels, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=4,
                       fontsize=9, frameon=False)
        head = (f"Polarized Fig. 4-6 at paper scale: {_DESCRIPTION['RRG']} ({_about(rows, records, net)}), "
                "recorded paper-profile runs")
    else:
        fig, axes = plt.subplots(1, len(nets), figsize=(19, 4.8), squeeze=False)
        for ax, net in zip(axes[0], nets):
            for name in runs(figure, net):
                curve = by.get((net, "server_perm", name))
                if not curve:
                    continue
                st = _style(figure, net, name)
                ax.plot(_nan(r["accepted_load"] for r in curve), _nan(r["latency_mean"] for r in curve), ms=3,
                        gid=f"{net}|server_perm|{name}|latency", **dict(st, label=st["label"] + part(curve)))
            ax.set(title=f"{net}: {_DESCRIPTION[net]}\n{_about(rows, records, net)}",
                   xlabel="accepted load (flits/server/cycle)", ylabel="mean latency (cycles, log scale)",
                   yscale="log")
            ax.title.set_fontsize(9.5)
            ax.grid(alpha=0.3, which="both")
            if ax.get_legend_handles_labels()[0]:
                ax.legend(fontsize=7.5, loc="upper left")
            else:
                ax.text(0.5, 0.5, "no run recorded", transform=ax.transAxes, ha="center", va="center", color="0.4")
        head = "Polarized Fig. 8 at paper scale: random server permutation on the Table 4 networks, recorded " \
               "paper-profile runs"
    fig.suptitle(f"{head}\n16-flit packets, 3000+5000-cycle windows, offered loads {LOADS[0]:.1f}-{LOADS[-1]:.1f} in "
                 f"steps of 0.05; {done}; solid: CAMINOS model, dashed: ideal model "
                 f"(results/paper/05_simulation/{FIGURES[figure]}.csv)", fontsize=11)
    fig.tight_layout()
    return fig, rows


def figure_name(figure: str = "fig4_6") -> str:
    """File stem of a paper-scale figure: ``05_polarized_fig4_6_paper`` or ``05_polarized_fig8_paper``.

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If ``figure`` is unknown.

    Examples
    --------
    >>> figure_name("fig4_6"), figure_name("fig8")
    ('05_polarized_fig4_6_paper', '05_polarized_fig8_paper')
    """
    _check(figure)
    return FIGURES[figure] + "_paper"


def write_figure(figure: str = "fig4_6", *, directory: str | Path | None = None,
                 records: Iterable[Mapping[str, Any]] | None = None, show: bool | None = False) -> list[Path]:
    """Draw ``figure`` (:func:`draw`) and write it as PNG + PDF (:func:`lowdiam.plotting.save_figure`) and its data as
    CSV (:func:`lowdiam.sweep.write_csv`, the figure's :data:`COLUMNS`) under :func:`figure_name`.

    Parameters
    ----------
    figure : {"fig4_6", "fig8"}
    directory : str or pathlib.Path, optional
        Default :func:`lowdiam.paths.figures_dir`.
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records` ``(figure)``).
    show : bool or None
        Display the PNG inline (``None``: when running in a notebook kernel; default ``False``).

    Returns
    -------
    list of pathlib.Path
        The PNG, the PDF and the CSV.

    Raises
    ------
    ValueError
        If ``figure`` is unknown or none of its curves has a recorded run.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> recs = [{"label": "HX", "routing": "omni", "traffic": "server_perm", "load": 0.5, "accepted_load": 0.5,
    ...          "latency_mean": 40.0, **settings("caminos", {"deroute_label": 64})}]
    >>> [p.name for p in write_figure("fig8", records=recs, directory=tempfile.mkdtemp())]
    ['05_polarized_fig8_paper.png', '05_polarized_fig8_paper.pdf', '05_polarized_fig8_paper.csv']
    """
    from ..plotting import save_figure

    name = figure_name(figure)
    fig, rows = draw(figure, records=records)
    if not rows:
        import matplotlib.pyplot as plt

        plt.close(fig)
        raise ValueError(f"no recorded run of any {figure} curve: nothing to draw")
    saved = list(save_figure(fig, name, directory, show=show))
    return saved + [S.write_csv(rows, name, columns=COLUMNS[figure], directory=directory)]


def main(argv: Sequence[str] | None = None) -> None:
    """Write both paper-scale figures (Fig. 4-6 and Fig. 8) with their CSV data; the command line's entry point.

    Parameters
    ----------
    argv : sequence of str, optional
        Command-line arguments (default ``sys.argv[1:]``): ``--directory DIR``.

    Returns
    -------
    None

    Examples
    --------
    >>> main(["--help"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    SystemExit: 0
    """
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.polarized_figures",
                                 description="Polarized Fig. 4-6 / Fig. 8 load curves at paper scale from the recorded "
                                             "runs (results/paper/05_simulation/); no simulation")
    ap.add_argument("--directory", default=None, help="output folder (default: the figures folder)")
    args = ap.parse_args(argv)
    for figure in FIGURES:
        paths = write_figure(figure, directory=args.directory)
        print(", ".join(p.name for p in paths), flush=True)


if __name__ == "__main__":
    main()
