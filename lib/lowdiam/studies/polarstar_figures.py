"""PolarStar Fig. 9 and Fig. 10 at paper scale: latency curves of the recorded Table 3 runs.

Notebook 05's ``figures/05_polarstar_fig9.png`` / ``05_polarstar_fig10.png`` draw the quick profile's scaled-down
stand-ins. The paper-scale runs (PolarStar Table 3 networks, the BookSim router model at internal speedup 2.0,
hop-indexed VCs, 4-flit packets, 32 flits per VC) are recorded in ``results/paper/05_simulation/``: under the
fixed-window rule in :data:`lowdiam.studies.polarstar.FIXED_LOGS`, under BookSim2's own run control in
:data:`lowdiam.studies.polarstar.RULE_LOG`. This module draws them as the paper does: mean latency against
offered load, one line per network, each line up to its last stable load ("Latency is measured up to the highest
injection rate for which simulation is stable"), with the saturation bracket marked; it reads recorded data only
and simulates nothing.

Command line (writes ``figures/05_polarstar_fig9_paper.{png,pdf,csv}`` and ``05_polarstar_fig10_paper.*``; with
``--rule booksim`` the ``*_paper_booksim_rule`` versions)::

    python -m lowdiam.studies.polarstar_figures [--rule fixed|booksim] [--directory DIR]

Examples
--------
>>> recs = [{"label": "PS-IQ", "routing": "polarstar-min", "traffic": "uniform", "load": x, "accepted_load": x,
...          "latency_mean": 20 + 100 * x, "saturated": x > 0.75} for x in (0.5, 0.7, 0.8)]
>>> rows = latency_rows(recs, panel_configs("fig9", "a"), panel="a", rule="fixed")
>>> [(r["label"], r["routing"], r["load"], r["stable"]) for r in rows]
[('PS-IQ', 'polarstar-min', 0.5, True), ('PS-IQ', 'polarstar-min', 0.7, True), ('PS-IQ', 'polarstar-min', 0.8, False)]
"""

from __future__ import annotations

import argparse
import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import sweep as S
from . import polarstar as PS

__all__ = ["COLUMNS", "FIG10", "FIGURES", "RULES", "draw", "figure_name", "figure_rows", "latency_rows", "main",
           "panel_configs", "panels", "paper_records", "write_figure", "VCS", "VCS_COLUMNS", "VCS_NAME", "vcs_records",
           "vcs_rows", "draw_vcs", "write_vcs_figure"]

#: columns of the figures' CSV data (one row per recorded run of a drawn configuration)
COLUMNS = ("panel", "label", "routing", "traffic", "load", "accepted_load", "latency_mean", "stable", "rule")
#: the run-control rules whose recorded runs can be drawn: the fixed-window rule, BookSim2's own
RULES = ("fixed", "booksim")
#: Fig. 10 panels: (traffic, routing role, title), as :data:`lowdiam.studies.polarstar.FIG9`
FIG10 = {"min": ("adversarial", "min", "Adversarial traffic, MIN routing"),
         "ugal": ("adversarial", "ugal", "Adversarial traffic, UGAL routing")}
#: the figures: their panels and the files they are written to
FIGURES = {"fig9": PS.FIG9, "fig10": FIG10}
#: the paper profile's fixed-rule windows (notebook 05: warm-up, measurement)
WINDOWS = (3000, 5000)
ROUTER_SPEEDUP = 2.0
RULE_TITLE = {
    "fixed": "the fixed-window rule (run_control='fixed': 3000+5000-cycle windows, stable = accepted >= 95 % of "
             "offered and drained)",
    "booksim": "BookSim2's run control (run_control='booksim': 1000-cycle samples, convergence within 5 %, latency "
               "threshold 500 cycles)",
}
_MARKERS = "osD^v<>PXh*"
_NAME = {"fig9": "05_polarstar_fig9_paper", "fig10": "05_polarstar_fig10_paper"}


def _check(figure: str, *rule: str) -> None:
    """ValueError naming the valid choices unless ``figure`` (and ``rule``, when given) is one."""
    if figure not in FIGURES:
        raise ValueError(f"figure must be one of {list(FIGURES)}, got {figure!r}")
    if rule and rule[0] not in RULES:
        raise ValueError(f"rule must be one of {list(RULES)}, got {rule[0]!r}")


def panels(figure: str = "fig9") -> dict[str, tuple[str, str, str]]:
    """The panels of ``figure``: ``{panel: (traffic, routing role, title)}``.

    Parameters
    ----------
    figure : {"fig9", "fig10"}
        PolarStar Fig. 9 (panels ``a``-``f``) or Fig. 10 (panels ``min`` and ``ugal``, adversarial traffic).

    Returns
    -------
    dict
        Panel key -> (traffic pattern, routing role as :func:`lowdiam.studies.polarstar.routing_of` takes it, title).

    Raises
    ------
    ValueError
        If ``figure`` is not ``"fig9"`` or ``"fig10"``.

    Examples
    --------
    >>> list(panels("fig9")), list(panels("fig10"))
    (['a', 'b', 'c', 'd', 'e', 'f'], ['min', 'ugal'])
    >>> panels("fig10")["ugal"]
    ('adversarial', 'ugal', 'Adversarial traffic, UGAL routing')
    """
    _check(figure)
    return dict(FIGURES[figure])


@functools.lru_cache(maxsize=1)
def _fig10_paper() -> tuple:
    # fig10_configs builds each network to see whether it has groups (~10 s at paper scale): once per process
    return tuple(PS.fig10_configs(PS.table3("paper")))


def panel_configs(figure: str, panel: str) -> list[tuple[S.Recipe, str, str]]:
    """The configurations one panel draws at paper scale: ``(Table 3 recipe, routing, traffic)`` per line.

    Fig. 9: every Table 3 network, with the routing its family resolves the panel's role to
    (:func:`lowdiam.studies.polarstar.routing_of`). Fig. 10: the networks with supernodes / groups
    (:func:`lowdiam.studies.polarstar.fig10_configs`; building them the first time takes ~10 s).

    Parameters
    ----------
    figure : {"fig9", "fig10"}
    panel : str
        A key of :func:`panels` ``(figure)``.

    Returns
    -------
    list of tuple
        ``(recipe, routing registry name, traffic)``, in Table 3 order.

    Raises
    ------
    ValueError
        If ``figure`` or ``panel`` is unknown (the message names the valid ones).

    Examples
    --------
    >>> [(r.label, rt) for r, rt, _ in panel_configs("fig9", "c")][3:6]
    [('HX', 'ugal'), ('DF', 'df-ugal'), ('SF', 'ugal')]
    """
    _check(figure)
    if panel not in FIGURES[figure]:
        raise ValueError(f"panel of {figure} must be one of {list(FIGURES[figure])}, got {panel!r}")
    traffic, role, _ = FIGURES[figure][panel]
    if figure == "fig9":
        return [(rec, PS.routing_of(rec, role), traffic) for rec in PS.table3("paper")]
    return [(rec, rt, tr) for rec, rt, tr in _fig10_paper() if rt == PS.routing_of(rec, role) and tr == traffic]


def _sim(record: Mapping[str, Any]) -> dict[str, Any]:
    return {k[len("sim_"):]: v for k, v in record.items() if k.startswith("sim_")}


def paper_records(rule: str = "fixed", *, root: str | Path | None = None) -> list[dict[str, Any]]:
    """The recorded paper-scale runs of the PolarStar section under ``rule``, as sweep records.

    Reads :data:`lowdiam.studies.polarstar.FIXED_LOGS` (``rule="fixed"``) or
    :data:`lowdiam.studies.polarstar.RULE_LOG` (``"booksim"``) with :func:`lowdiam.sweep.recorded_records` (absent
    logs give nothing) and keeps the runs of the Table 3 networks (the recipe each label has in
    :func:`lowdiam.studies.polarstar.table3` ``("paper")``) with exactly the section's settings
    (:func:`lowdiam.studies.polarstar.sim_settings` at speedup 2.0; fixed rule: 3000 + 5000-cycle windows), so a
    run of other settings a log may come to hold is never drawn as one of these.

    Parameters
    ----------
    rule : {"fixed", "booksim"}
        Which run control's log.
    root : str or pathlib.Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).

    Returns
    -------
    list of dict
        Sweep records (``label``, ``routing``, ``traffic``, ``load``, ``saturated``, ``latency_mean``, ...).

    Raises
    ------
    ValueError
        If ``rule`` is unknown.

    Examples
    --------
    >>> import tempfile
    >>> paper_records("booksim", root=tempfile.mkdtemp())
    []
    """
    _check("fig9", rule)
    if rule == "fixed":
        logs = PS.FIXED_LOGS
        want = PS.sim_settings(router_speedup=ROUTER_SPEEDUP, run_control="fixed", warmup_cycles=WINDOWS[0],
                               measure_cycles=WINDOWS[1])
    else:
        logs = (PS.RULE_LOG,)
        want = PS.sim_settings(router_speedup=ROUTER_SPEEDUP, run_control="booksim")
    return _logged(logs, want, root)


def _logged(logs: Sequence[str], want: dict[str, Any], root) -> list[dict[str, Any]]:
    """The runs of the section's logs ``logs`` on the Table 3 networks (their recipes) at exactly settings ``want``."""
    recipes = {r.label: r.key() for r in PS.table3("paper")}
    out = []
    for name in logs:
        log = S.result_log("05_simulation", name, root=root)
        if log.path.exists():
            out += [r for r in S.recorded_records(log)
                    if recipes.get(r["label"]) == r["recipe"] and _sim(r) == want]
    return out


def _number(value: Any) -> float | None:
    if value is None:
        return None
    x = float(value)
    return None if math.isnan(x) else x


def latency_rows(records: Iterable[Mapping[str, Any]], configs: Sequence[tuple], *, panel: str,
                 rule: str) -> list[dict[str, Any]]:
    """One row per recorded run of each configuration of a panel: the data a panel draws (:data:`COLUMNS`).

    ``stable`` is the run's verdict under its run control (not ``saturated``); a panel draws a latency point for
    every stable run below the configuration's first unstable load (the saturation search's bracket,
    :func:`lowdiam.studies.simulation.brackets_from_records`) and none for the others. A NaN latency (a run that
    delivered nothing measured) is ``None``.

    Parameters
    ----------
    records : iterable of dict
        Sweep records (``label``, ``routing``, ``traffic``, ``load``, ``accepted_load``, ``latency_mean``,
        ``saturated``), e.g. :func:`paper_records`.
    configs : sequence of tuple
        ``(recipe or label, routing, traffic)`` per line, e.g. :func:`panel_configs`.
    panel : str
        Panel key written to every row.
    rule : {"fixed", "booksim"}
        The run control the records come from, written to every row.

    Returns
    -------
    list of dict
        Rows with the :data:`COLUMNS`, configuration by configuration, by load; a configuration without records
        contributes none.

    Raises
    ------
    ValueError
        If ``rule`` is unknown or a configuration has two records at one load.

    Examples
    --------
    >>> recs = [{"label": "DF", "routing": "df-ugal", "traffic": "shuffle", "load": x, "accepted_load": x - 0.01,
    ...          "latency_mean": float("nan") if x > 0.5 else 30.0, "saturated": x > 0.3} for x in (0.6, 0.2)]
    >>> for r in latency_rows(recs, [("DF", "df-ugal", "shuffle")], panel="f", rule="fixed"):
    ...     print(r)
    {'panel': 'f', 'label': 'DF', 'routing': 'df-ugal', 'traffic': 'shuffle', 'load': 0.2, 'accepted_load': 0.19, \
'latency_mean': 30.0, 'stable': True, 'rule': 'fixed'}
    {'panel': 'f', 'label': 'DF', 'routing': 'df-ugal', 'traffic': 'shuffle', 'load': 0.6, 'accepted_load': 0.59, \
'latency_mean': None, 'stable': False, 'rule': 'fixed'}
    """
    _check("fig9", rule)
    by: dict[tuple[str, str, str], list[Mapping[str, Any]]] = {}
    for r in records:
        by.setdefault((r["label"], r["routing"], r["traffic"]), []).append(r)
    rows = []
    for who, routing, traffic in configs:
        lab = who if isinstance(who, str) else who.label
        runs = sorted(by.get((lab, routing, traffic), []), key=lambda r: float(r["load"]))
        loads = [float(r["load"]) for r in runs]
        if len(set(loads)) != len(loads):
            raise ValueError(f"{lab} {routing} {traffic}: two recorded runs at one load ({loads}); a latency curve "
                             "has one run per load")
        rows += [{"panel": panel, "label": lab, "routing": routing, "traffic": traffic, "load": float(r["load"]),
                  "accepted_load": _number(r.get("accepted_load")), "latency_mean": _number(r.get("latency_mean")),
                  "stable": not bool(r["saturated"]), "rule": rule} for r in runs]
    return rows


def figure_rows(figure: str = "fig9", *, rule: str = "fixed", records: Iterable[Mapping[str, Any]] | None = None,
                panels: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """:func:`latency_rows` of every panel of ``figure`` (the figure's CSV data), panel by panel.

    Parameters
    ----------
    figure : {"fig9", "fig10"}
    rule : {"fixed", "booksim"}
        Run control; also which log :func:`paper_records` reads when ``records`` is not given.
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records` ``(rule)``).
    panels : sequence of str, optional
        A subset of the figure's panels (default all).

    Returns
    -------
    list of dict
        Rows with the :data:`COLUMNS`.

    Raises
    ------
    ValueError
        If ``figure``, ``rule`` or a panel is unknown.

    Examples
    --------
    >>> recs = [{"label": "SF", "routing": "min-single", "traffic": "uniform", "load": 0.2, "accepted_load": 0.2,
    ...          "latency_mean": 19.0, "saturated": False}]
    >>> [(r["panel"], r["label"], r["load"]) for r in figure_rows("fig9", records=recs)]
    [('b', 'SF', 0.2)]
    """
    _check(figure, rule)
    chosen = list(FIGURES[figure]) if panels is None else list(panels)
    for p in chosen:
        if p not in FIGURES[figure]:
            raise ValueError(f"panel of {figure} must be one of {list(FIGURES[figure])}, got {p!r}")
    records = paper_records(rule) if records is None else list(records)
    return [row for p in chosen for row in latency_rows(records, panel_configs(figure, p), panel=p, rule=rule)]


def _bracket(rows: Sequence[Mapping[str, Any]]) -> tuple[list[tuple[float, float]], float | None]:
    """Drawn latency points (stable runs below the first unstable load) and the first unstable load."""
    bad = min((r["load"] for r in rows if not r["stable"]), default=None)
    pts = [(r["load"], r["latency_mean"]) for r in rows
           if r["stable"] and (bad is None or r["load"] < bad) and r["latency_mean"] is not None]
    return pts, bad


def _sizes(records: Sequence[Mapping[str, Any]], labels: set[str]) -> str:
    seen: dict[str, str] = {}
    for r in records:
        if r["label"] in labels and r["label"] not in seen and r.get("topology_name") and r.get("num_routers"):
            seen[r["label"]] = (f"{r['label']} = {r['topology_name']} ({r['num_routers']} routers, "
                                f"{r.get('num_endpoints', '?')} endpoints)")
    order = [x.label for x in PS.table3("paper")]
    return "; ".join(seen[k] for k in sorted(seen, key=lambda k: order.index(k) if k in order else len(order)))


def _latency_axis(axes, top: float) -> None:
    """Log latency axes from 10 cycles to ~3x the largest latency drawn (at least 2,000), plain tick labels: the
    legend takes the top ~quarter, above every latency point."""
    from matplotlib.ticker import NullFormatter, ScalarFormatter

    ticks = [m * 10 ** k for k in range(1, 7) for m in (1, 2, 5)]
    y_hi = next((t for t in ticks if t >= max(2000.0, 2.8 * top)), None) or 10 ** math.ceil(math.log10(2.8 * top))
    for ax in axes:
        ax.set_ylim(10, y_hi)
        ax.yaxis.set_major_formatter(ScalarFormatter())
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.set_yticks([t for t in ticks if t <= y_hi])


def draw(figure: str = "fig9", *, rule: str = "fixed", records: Iterable[Mapping[str, Any]] | None = None,
         panels: Sequence[str] | None = None):
    """Draw PolarStar Fig. 9 or Fig. 10 at paper scale from recorded runs; return the figure and its data rows.

    One panel per Fig. 9 / Fig. 10 panel, one line per Table 3 network (colour and marker fixed per network across
    panels) through its stable runs' mean latency; a filled marker at the last stable load and a caret on the x
    axis at the first unstable load mark the saturation bracket, also given in the legend. The legend names the
    routing registry name where it differs from the panel's role (``polarstar-min`` on PS-*, ``df-min`` /
    ``df-ugal`` on DF and MF). Latency axis logarithmic (10 to 1000 cycles, or more when needed): the latencies
    near saturation are 10-20 times those at low load. A network with no stable run gets a legend entry saying
    so and only its caret; a configuration without any recorded run is left out and the title counts those
    present. Artists carry gids ``"<panel>|<label>|latency"``, ``"|last-stable"``, ``"|first-unstable"``.

    Parameters
    ----------
    figure : {"fig9", "fig10"}
    rule : {"fixed", "booksim"}
        The run control the points come from (named in the title); which log is read when ``records`` is not given.
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records` ``(rule)``).
    panels : sequence of str, optional
        A subset of the figure's panels (default all).

    Returns
    -------
    (matplotlib.figure.Figure, list of dict)
        The figure and :func:`figure_rows` (every recorded run of the drawn configurations).

    Raises
    ------
    ValueError
        If ``figure``, ``rule`` or a panel is unknown.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> recs = [{"label": "PS-IQ", "routing": "polarstar-min", "traffic": "uniform", "load": x,
    ...          "accepted_load": x, "latency_mean": 20 + 100 * x, "saturated": x > 0.75} for x in (0.5, 0.7, 0.8)]
    >>> fig, rows = draw("fig9", records=recs, panels=["a"])
    >>> [ln.get_xdata().tolist() for ln in fig.axes[0].lines if ln.get_gid() == "a|PS-IQ|latency"]
    [[0.5, 0.7]]
    >>> "1 of 8 configurations" in fig._suptitle.get_text(), len(rows)
    (True, 3)
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt
    from matplotlib.transforms import blended_transform_factory

    _check(figure, rule)
    records = paper_records(rule) if records is None else list(records)
    chosen = list(FIGURES[figure]) if panels is None else list(panels)
    rows = figure_rows(figure, rule=rule, records=records, panels=chosen)
    order = [x.label for x in PS.table3("paper")]
    ncols = min(3, len(chosen))
    nrows = -(-len(chosen) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(5.4 * ncols, 4.6 * nrows + 0.9), sharey=True, squeeze=False)
    for ax in axes.flat[len(chosen):]:
        ax.set_visible(False)
    present = total = 0
    open_searches = 0
    top = 0.0
    drawn: set[str] = set()
    for ax, p in zip(axes.flat, chosen):
        traffic, role, title = FIGURES[figure][p]
        xmax = 0.0
        configs = panel_configs(figure, p)
        here = 0
        for rec, routing, tr in configs:
            total += 1
            mine = [r for r in rows if (r["panel"], r["label"], r["routing"], r["traffic"]) == (p, rec.label,
                                                                                              routing, tr)]
            if not mine:
                continue
            present += 1
            here += 1
            drawn.add(rec.label)
            i = order.index(rec.label) if rec.label in order else total
            style = dict(color=f"C{i % 10}", marker=_MARKERS[i % len(_MARKERS)])
            pts, bad = _bracket(mine)
            name = rec.label + (f" [{routing}]" if routing != role else "")
            if bad is None:
                open_searches += 1
            if pts:
                last = pts[-1]
                hi = f"{bad:g}" if bad is not None else "none yet"
                ax.plot(*zip(*pts), ms=4.5, mfc="none", lw=1.2, ls="-" if i % 2 == 0 else "--",
                        label=f"{name} {last[0]:g} | {hi}", gid=f"{p}|{rec.label}|latency", **style)
                ax.plot([last[0]], [last[1]], ms=7, ls="none", gid=f"{p}|{rec.label}|last-stable", **style)
                xmax = max(xmax, last[0])
                top = max(top, last[1])
            else:
                ax.plot([], [], ls="none", mfc="none", label=f"{name} none stable | {bad:g}",
                        gid=f"{p}|{rec.label}|latency", **style)
            if bad is not None:
                ax.plot([bad], [0.0], ls="none", ms=6, clip_on=False, gid=f"{p}|{rec.label}|first-unstable",
                        transform=blended_transform_factory(ax.transData, ax.transAxes),
                        color=style["color"], marker="^")
                xmax = max(xmax, bad)
        x_hi = 1.0 if figure == "fig9" else min(1.0, math.ceil((xmax + 0.03) * 20) / 20 or 1.0)
        head = f"({p}) {title}" if figure == "fig9" else title
        ax.set(title=head + (f" ({here} of {len(configs)} recorded)" if here < len(configs) else ""),
               xlabel="offered load (flits/endpoint/cycle)", xlim=(0, x_hi))
        ax.set_yscale("log")
        ax.grid(alpha=0.3, which="both")
        if ax.get_legend_handles_labels()[0]:  # two columns across the top, above every latency point
            ax.legend(fontsize=6.5, loc="upper left", ncol=2, title="network [routing] last stable | first unstable",
                      title_fontsize=6.5, frameon=True, framealpha=0.85, handlelength=2.0, columnspacing=1.0)
        else:
            ax.text(0.5, 0.5, f"no run recorded under rule {rule!r} yet", transform=ax.transAxes, ha="center",
                    va="center", color="0.4")
    _latency_axis(axes.flat[:len(chosen)], top)
    for row in axes:
        row[0].set_ylabel("mean latency (cycles, log scale)")
    fig_name = {"fig9": "Fig. 9", "fig10": "Fig. 10 (adversarial traffic)"}[figure]
    count = f"{present} of {total} configurations recorded"
    lines = [f"PolarStar {fig_name}: mean latency vs offered load at paper scale (Table 3 networks), BookSim model, "
             f"speedup {ROUTER_SPEEDUP}",
             f"stable runs under {RULE_TITLE[rule]}; {count}; log latency axis"]
    if rule == "booksim":
        lines.append("BookSim-rule searches start from the fixed-rule bracket, so a line holds only loads near its "
                     f"saturation; {open_searches} of the {present} present have no unstable run yet ('none yet')")
    fig.suptitle("\n".join(lines), fontsize=10.5)
    sizes = _sizes(records, drawn)
    foot = ("Line: stable runs only (latency is measured up to the highest stable load); filled marker: last stable "
            "load; caret on the x axis: first unstable load. [routing]: the routing registry name where it differs "
            "from the panel's role." + ("" if figure == "fig9" else " x axis zoomed to the loads run."))
    fig.text(0.5, 0.005, foot + ("\n" + sizes if sizes else ""), ha="center", va="bottom", fontsize=7, wrap=True)
    fig.tight_layout(rect=(0, 0.06 if sizes else 0.035, 1, 1))
    return fig, rows


def figure_name(figure: str = "fig9", rule: str = "fixed") -> str:
    """File stem of a paper-scale figure: ``05_polarstar_fig9_paper`` (fixed rule), ``..._booksim_rule`` (BookSim's).

    Parameters
    ----------
    figure : {"fig9", "fig10"}
    rule : {"fixed", "booksim"}

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If ``figure`` or ``rule`` is unknown.

    Examples
    --------
    >>> figure_name("fig10"), figure_name("fig9", "booksim")
    ('05_polarstar_fig10_paper', '05_polarstar_fig9_paper_booksim_rule')
    """
    _check(figure, rule)
    return _NAME[figure] + ("" if rule == "fixed" else "_booksim_rule")


def write_figure(figure: str = "fig9", *, rule: str = "fixed", directory: str | Path | None = None,
                 records: Iterable[Mapping[str, Any]] | None = None, show: bool | None = False) -> list[Path]:
    """Draw ``figure`` (:func:`draw`) and write it as PNG + PDF (:func:`lowdiam.plotting.save_figure`) and its data as
    CSV (:func:`lowdiam.sweep.write_csv`, the :data:`COLUMNS`) under :func:`figure_name`.

    Parameters
    ----------
    figure : {"fig9", "fig10"}
    rule : {"fixed", "booksim"}
    directory : str or pathlib.Path, optional
        Default :func:`lowdiam.paths.figures_dir`.
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records` ``(rule)``).
    show : bool or None
        Display the PNG inline (``None``: when running in a notebook kernel; default ``False``).

    Returns
    -------
    list of pathlib.Path
        The PNG, the PDF and the CSV.

    Raises
    ------
    ValueError
        If ``figure`` or ``rule`` is unknown, or no configuration of the figure has a recorded run.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> recs = [{"label": "HX", "routing": "min", "traffic": "uniform", "load": 0.5, "accepted_load": 0.5,
    ...          "latency_mean": 25.0, "saturated": False}]
    >>> [p.name for p in write_figure("fig9", records=recs, directory=tempfile.mkdtemp())]
    ['05_polarstar_fig9_paper.png', '05_polarstar_fig9_paper.pdf', '05_polarstar_fig9_paper.csv']
    """
    from ..plotting import save_figure

    name = figure_name(figure, rule)
    fig, rows = draw(figure, rule=rule, records=records)
    if not rows:
        import matplotlib.pyplot as plt

        plt.close(fig)
        raise ValueError(f"no recorded run of any {figure} configuration under rule {rule!r}: nothing to draw")
    saved = list(save_figure(fig, name, directory, show=show))
    return saved + [S.write_csv(rows, name, columns=COLUMNS, directory=directory)]


#: file stem of the figure of UGAL-L at hop-indexed VCs and at the paper's VCs (the PolarStars', and the other
#: networks' of the UGAL statements: :data:`lowdiam.studies.polarstar.PAPER_UGAL_VCS`)
VCS_NAME = PS.VCS_FIGURE
#: its CSV columns: :data:`COLUMNS` and which VC assignment the run had
VCS_COLUMNS = (*COLUMNS, "vcs")
#: the two VC assignments it compares: key -> legend text (key ``"4"``: the paper's VCs, 4 on most networks)
VCS = {"hop": "hop-indexed VCs", "4": "the paper's VCs"}
_PATTERNS = ("uniform", "randperm", "bitrev", "shuffle", "adversarial")


def vcs_records(*, root: str | Path | None = None) -> dict[str, list[dict[str, Any]]]:
    """The recorded paper-scale UGAL-L runs under BookSim2's rule, per VC assignment: ``"hop"`` (:func:`paper_records`
    ``("booksim")``: the section's hop-indexed VCs) and ``"4"`` (the paper's VCs:
    :data:`lowdiam.studies.polarstar.PAPER_VCS_LOG`, each network at :func:`lowdiam.studies.polarstar.paper_vcs_sim`'s
    settings), each kept to the Table 3 recipes.

    Parameters
    ----------
    root : str or pathlib.Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).

    Returns
    -------
    dict
        ``{"hop": records, "4": records}``: sweep records of the two logs.

    Examples
    --------
    >>> import tempfile
    >>> vcs_records(root=tempfile.mkdtemp())
    {'hop': [], '4': []}
    """
    recipes = {r.label: r.key() for r in PS.table3("paper")}
    four = [r for r in PS.paper_vcs_runs(root=root) if recipes.get(r["label"]) == r["recipe"]]
    hop = [r for r in paper_records("booksim", root=root) if r["routing"] in ("ugal", "df-ugal")]
    return {"hop": hop, "4": four}


def _vcs_labels(records: Mapping[str, Iterable[Mapping[str, Any]]], traffic: str) -> list[str]:
    """The networks a pattern's panel draws: the PolarStars, and every other network with a run at the paper's VCs
    under ``traffic``, in Table 3's order."""
    more = {r["label"] for r in records.get("4", ()) if r["traffic"] == traffic}
    return [lab for lab in PS._ALL if lab in PS.PSX or lab in more]


def vcs_rows(records: Mapping[str, Iterable[Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """:func:`latency_rows` of UGAL-L under each of the five patterns, one panel per pattern, for each VC assignment of
    ``records`` (``{"hop": runs, "4": runs}``, :func:`vcs_records`), with a ``vcs`` column (:data:`VCS_COLUMNS`):
    PS-IQ and PS-Pal, and every other network with runs at the paper's VCs under that pattern.

    Parameters
    ----------
    records : mapping
        VC assignment (a key of :data:`VCS`) -> its sweep records.

    Returns
    -------
    list of dict
        Rows with the :data:`VCS_COLUMNS`, pattern by pattern.

    Raises
    ------
    ValueError
        If a key of ``records`` is not a VC assignment of :data:`VCS`.

    Examples
    --------
    >>> run = {"label": "PS-IQ", "routing": "ugal", "traffic": "bitrev", "load": 0.5, "accepted_load": 0.5,
    ...        "latency_mean": 40.0, "saturated": False}
    >>> [(r["panel"], r["label"], r["vcs"]) for r in vcs_rows({"hop": [], "4": [run]})]
    [('bitrev', 'PS-IQ', '4')]
    >>> vcs_rows({"8": []})
    Traceback (most recent call last):
    ...
    ValueError: VC assignments must be among ['hop', '4'], got ['8']
    """
    bad = [k for k in records if k not in VCS]
    if bad:
        raise ValueError(f"VC assignments must be among {list(VCS)}, got {bad}")
    rows = []
    t3 = {r.label: r for r in PS.table3("paper")}
    records = {k: list(v) for k, v in records.items()}
    for tr in _PATTERNS:
        cfgs = [(lab, PS.routing_of(t3[lab], "ugal"), tr) for lab in _vcs_labels(records, tr)]
        for vcs, runs in records.items():
            rows += [{**r, "vcs": vcs} for r in latency_rows(runs, cfgs, panel=tr, rule="booksim")]
    return rows


def draw_vcs(records: Mapping[str, Iterable[Mapping[str, Any]]] | None = None):
    """Draw UGAL-L at hop-indexed VCs (dashed) and at the paper's VCs (solid), one panel per pattern of PolarStar
    Sec. 9.5's UGAL range statement: the PolarStars, and the other networks the UGAL statements compare where their
    searches at the paper's VCs have runs; latency up to each search's last stable load (filled marker), a caret at
    its first unstable load, under BookSim2's rule.

    Parameters
    ----------
    records : mapping, optional
        VC assignment -> sweep records (default :func:`vcs_records`).

    Returns
    -------
    (matplotlib.figure.Figure, list of dict)
        The figure and :func:`vcs_rows` of its records.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> runs = [{"label": "PS-Pal", "routing": "ugal", "traffic": "uniform", "load": x, "accepted_load": x,
    ...          "latency_mean": 30 + 100 * x, "saturated": x > 0.7} for x in (0.6, 0.7, 0.75)]
    >>> fig, rows = draw_vcs({"hop": [], "4": runs})
    >>> [ln.get_xdata().tolist() for ln in fig.axes[0].lines if ln.get_gid() == "uniform|PS-Pal|4|latency"]
    [[0.6, 0.7]]
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt
    from matplotlib.transforms import blended_transform_factory

    records = vcs_records() if records is None else {k: list(v) for k, v in records.items()}
    rows = vcs_rows(records)
    fig, grid = plt.subplots(2, 3, figsize=(15, 9.2), sharey=True)
    axes = list(grid.flat)[:len(_PATTERNS)]
    grid.flat[-1].set_visible(False)
    top = 0.0
    for ax, tr in zip(axes, _PATTERNS):
        for lab in _vcs_labels(records, tr):
            i = PS._ALL.index(lab)
            for vcs in records:
                mine = [r for r in rows if (r["panel"], r["label"], r["vcs"]) == (tr, lab, vcs)]
                if not mine:
                    continue
                pts, bad = _bracket(mine)
                style = dict(color=f"C{i}", marker=_MARKERS[i % len(_MARKERS)])
                gid = f"{tr}|{lab}|{vcs}"
                hi = f"{bad:g}" if bad is not None else "none" if pts and pts[-1][0] >= 1.0 else "none yet"
                if pts:
                    ax.plot(*zip(*pts), ms=4, mfc="none", lw=1.2, ls="-" if vcs == "4" else "--", gid=gid + "|latency",
                            label=f"{lab}, {VCS[vcs]}: {pts[-1][0]:g} | {hi}", **style)
                    ax.plot(*pts[-1], ms=7, ls="none", gid=gid + "|last-stable", **style)
                    top = max(top, pts[-1][1])
                else:
                    ax.plot([], [], ls="none", gid=gid + "|latency", label=f"{lab}, {VCS[vcs]}: none stable | {hi}",
                            **style)
                if bad is not None:
                    ax.plot([bad], [0.0], ls="none", ms=6, clip_on=False, marker="^", color=style["color"],
                            transform=blended_transform_factory(ax.transData, ax.transAxes),
                            gid=gid + "|first-unstable")
        ax.set(title=tr, xlabel="offered load (flits/endpoint/cycle)", xlim=(0, 1))
        ax.set_yscale("log")
        ax.grid(alpha=0.3, which="both")
        handles = ax.get_legend_handles_labels()[0]
        if handles:
            ax.legend(fontsize=6 if len(handles) > 8 else 7, loc="upper left", ncol=2 if len(handles) > 8 else 1,
                      title="network, VCs: last stable | first unstable", title_fontsize=7, framealpha=0.85)
        else:
            ax.text(0.5, 0.5, "no run recorded yet", transform=ax.transAxes, ha="center", va="center", color="0.4")
    # room above the curves for the legends (up to 16 entries in the shuffle panel)
    _latency_axis(axes, top * (8 if any(len(a.get_legend_handles_labels()[0]) > 8 for a in axes) else 1))
    for ax in grid[:, 0]:
        ax.set_ylabel("mean latency (cycles, log scale)")
    fig.suptitle("PolarStar Sec. 9.5 / 9.6, UGAL-L at paper scale: PS-IQ and PS-Pal (and the networks the UGAL "
                 f"statements compare), BookSim model, speedup {ROUTER_SPEEDUP}, 4-flit packets\n"
                 f"stable runs under {RULE_TITLE['booksim']}\n"
                 "dashed: hop-indexed VCs of 32 flits (one per link of the longest route); solid: the paper's VCs "
                 "(Sec. 9.4): 4 of 32 flits, any VC at every hop\nas the authors' anynet configurations; DF 3 of 43, "
                 "BookSim's Dragonfly classes; MF 2 of 64, one per phase (ours: the paper gives no assignment)",
                 fontsize=10)
    fig.text(0.5, 0.005, "Line: stable runs below the first unstable load; filled marker: last stable load; caret on "
             "the x axis: first unstable load. The searches at the paper's VCs start from the hop-indexed searches' "
             "brackets, so their lines hold only loads near saturation.", ha="center", va="bottom", fontsize=8,
             wrap=True)
    fig.tight_layout(rect=(0, 0.03, 1, 0.91))
    return fig, rows


def write_vcs_figure(*, directory: str | Path | None = None, records=None, show: bool | None = False) -> list[Path]:
    """:func:`draw_vcs` written as PNG + PDF and its data as CSV (:data:`VCS_COLUMNS`) under :data:`VCS_NAME`.

    Parameters
    ----------
    directory : str or pathlib.Path, optional
        Default :func:`lowdiam.paths.figures_dir`.
    records : mapping, optional
        VC assignment -> sweep records (default :func:`vcs_records`).
    show : bool or None
        Display the PNG inline (``None``: when running in a notebook kernel; default ``False``).

    Returns
    -------
    list of pathlib.Path
        The PNG, the PDF and the CSV.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> run = {"label": "PS-IQ", "routing": "ugal", "traffic": "shuffle", "load": 0.5, "accepted_load": 0.5,
    ...        "latency_mean": 40.0, "saturated": False}
    >>> [p.name for p in write_vcs_figure(records={"hop": [run], "4": []}, directory=tempfile.mkdtemp())]
    ['05_polarstar_ugal_vcs_paper.png', '05_polarstar_ugal_vcs_paper.pdf', '05_polarstar_ugal_vcs_paper.csv']
    """
    from ..plotting import save_figure

    fig, rows = draw_vcs(records)
    saved = list(save_figure(fig, VCS_NAME, directory, show=show))
    return saved + [S.write_csv(rows, VCS_NAME, columns=VCS_COLUMNS, directory=directory)]


def main(argv: Sequence[str] | None = None) -> None:
    """Write both paper-scale figures (Fig. 9 and Fig. 10) with their CSV data; the command line's entry point.

    Parameters
    ----------
    argv : sequence of str, optional
        Command-line arguments (default ``sys.argv[1:]``): ``--rule fixed|booksim``, ``--directory DIR``.

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
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.polarstar_figures",
                                 description="PolarStar Fig. 9 / Fig. 10 latency curves at paper scale from the "
                                             "recorded runs (results/paper/05_simulation/); no simulation")
    ap.add_argument("--rule", choices=RULES, default="fixed", help="run control whose runs are drawn (default fixed)")
    ap.add_argument("--directory", default=None, help="output folder (default: the figures folder)")
    args = ap.parse_args(argv)
    records = paper_records(args.rule)
    for figure in FIGURES:
        paths = write_figure(figure, rule=args.rule, directory=args.directory, records=records)
        print(", ".join(p.name for p in paths), flush=True)


if __name__ == "__main__":
    main()
