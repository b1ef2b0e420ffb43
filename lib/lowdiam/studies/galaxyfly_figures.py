"""Galaxyfly Sec. 5.1.2 / Fig. 10c-d (packet size) at paper scale: the recorded 1-flit and 4-flit searches.

Notebook 05's ``figures/05_galaxyfly_packet_size.png`` draws the quick profile's short-window searches. The paper
profile recorded MIN saturation searches of the two Galaxyflies the section compares, at full size and with
3000 + 5000-cycle windows: 1-flit packets in ``results/paper/05_simulation/05_galaxyfly_packet_size.csv`` and
4-flit packets (Section 4's searches) in ``05_galaxyfly_fig7_9.csv``, on the BookSim model at internal speedup 2.0
with hop-indexed VCs and 32-flit VC buffers, under uniform traffic and each network's worst case (Sec. 5 rule).
The packet-size claims of notebook 05 read these searches; this module draws them: mean latency of the stable runs
against offered load, 1-flit dashed and 4-flit solid, each line up to the search's saturation load (the largest
stable load below the first unstable one, :func:`lowdiam.studies.simulation.saturation_from_records` at the
search resolution 0.01), with the first unstable load marked. It reads recorded data only and simulates nothing.

Command line (writes ``figures/05_galaxyfly_packet_size_paper.{png,pdf,csv}``)::

    python -m lowdiam.studies.galaxyfly_figures [--directory DIR]

Examples
--------
>>> recs = [{"label": "GF(15,29,1,7)", "routing": "min", "traffic": "uniform", "load": x, "accepted_load": x,
...          "latency_mean": 11 + x, "saturated": x > 0.6, **settings(1)} for x in (0.2, 0.6, 0.7)]
>>> [(r["packet_flits"], r["load"], r["stable"], r["saturation_load"]) for r in figure_rows(recs)]
[(1, 0.2, True, 0.6), (1, 0.6, True, 0.6), (1, 0.7, False, 0.6)]
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import sweep as S
from . import galaxyfly_paper_settings as GPS
from .simulation import saturation_from_records

__all__ = ["AT", "COLUMNS", "FLITS", "NAME", "NETWORKS", "TOL", "TRAFFICS", "draw", "figure_rows", "logs", "main",
           "name", "paper_records", "paper_routing", "settings", "write_figure"]

#: the figure's file stem
NAME = "05_galaxyfly_packet_size_paper"
#: the compared Galaxyflies (notebook 05's PK_NETS): label -> (recipe, diameter)
NETWORKS = {"GF(15,29,1,7)": (S.Recipe("galaxyfly", {}, "GF(15,29,1,7)", (15, 29, 1, 7)), 2),
            "GF(81,1,10,4)": (S.Recipe("galaxyfly", {}, "GF(81,1,10,4)", (81, 1, 10, 4)), 3)}
#: packet size (flits) -> the log of its recorded searches (the earlier recorded settings)
FLITS = {1: "05_galaxyfly_packet_size", 4: "05_galaxyfly_fig7_9"}
#: the settings of the drawn searches: ``"earlier"``, the paper profile's (32-flit VC buffers, 3000 + 5000-cycle
#: windows and the 95 % rule; :data:`FLITS`), or ``"paper"``, the paper's own Sec. 5 settings
#: (:data:`lowdiam.studies.galaxyfly_paper_settings.SIM` with 1- or 4-flit packets: 256-flit shared port buffers,
#: 2-cycle routing computation, BookSim's run control), whose searches ``python -m
#: lowdiam.studies.galaxyfly_paper_settings`` records
AT = ("earlier", "paper")
#: traffic pattern -> panel title
TRAFFICS = {"uniform": "uniform traffic", "worst_case": "worst case (Sec. 5 rule, per family)"}
#: the paper profile's search resolution
TOL = 0.01
#: columns of the figure's CSV data (one row per recorded run of a drawn search)
COLUMNS = ("network", "diameter", "traffic", "routing", "packet_flits", "load", "accepted_load", "latency_mean",
           "stable", "saturation_load", "search_done")
ROUTING = "min"
_ROUTER_OPTIONS = {"internal_speedup": 2.0, "vc_selection": "hop"}
_MARKERS = "osD^"


def paper_routing(label: str) -> str:
    """The paper's MIN (Sec. 4.1) on a network of :data:`NETWORKS`: ``gf-min`` on a Galaxyfly with supernodes of
    more than one router, where it differs from the router-level MIN, else ``min`` (the same routing).

    Parameters
    ----------
    label : str
        A key of :data:`NETWORKS`.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        For a label not in :data:`NETWORKS`.

    Examples
    --------
    >>> paper_routing("GF(81,1,10,4)"), paper_routing("GF(15,29,1,7)")
    ('gf-min', 'min')
    """
    if label not in NETWORKS:
        raise ValueError(f"label must be one of {list(NETWORKS)}, got {label!r}")
    return GPS.paper_min(NETWORKS[label][0])


def _routing(label: str, at: str) -> str:
    """The routing drawn on ``label`` at the settings ``at``: MIN (earlier), the paper's MIN (paper)."""
    return ROUTING if at == "earlier" else paper_routing(label)


def _check_at(at: str) -> None:
    if at not in AT:
        raise ValueError(f"at must be one of {list(AT)}, got {at!r}")


def logs(at: str = "earlier") -> dict[int, str]:
    """Packet size (flits) -> the log of its recorded searches at the settings ``at``.

    Parameters
    ----------
    at : {"earlier", "paper"}
        Which settings (:data:`AT`).

    Returns
    -------
    dict

    Raises
    ------
    ValueError
        If ``at`` is not one of :data:`AT`.

    Examples
    --------
    >>> logs("paper")
    {1: '05_galaxyfly_paper_settings', 4: '05_galaxyfly_paper_settings_4flit'}
    """
    _check_at(at)
    return dict(FLITS) if at == "earlier" else {1: GPS.LOG[1], 4: GPS.LOG_4FLIT[1]}


def name(at: str = "earlier") -> str:
    """The figure's file stem at the settings ``at``: :data:`NAME`, or :data:`NAME` + ``"_settings"``.

    Parameters
    ----------
    at : {"earlier", "paper"}
        Which settings (:data:`AT`).

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If ``at`` is not one of :data:`AT`.

    Examples
    --------
    >>> name("paper")
    '05_galaxyfly_packet_size_paper_settings'
    """
    _check_at(at)
    return NAME if at == "earlier" else NAME + "_settings"


def settings(packet_flits: int, at: str = "earlier") -> dict[str, Any]:
    """The recorded searches' simulation settings with ``packet_flits``-flit packets, as record fields.

    Parameters
    ----------
    packet_flits : {1, 4}
    at : {"earlier", "paper"}
        Which settings (:data:`AT`).

    Returns
    -------
    dict
        ``sim_<setting> -> value``: exactly the ``sim_*`` fields of a recorded run of these settings (notebook 05's
        ``SIM_GF`` of the paper profile, with the packet size).

    Raises
    ------
    ValueError
        If ``packet_flits`` is not a key of :data:`FLITS`.

    Examples
    --------
    >>> s = settings(1)
    >>> s["sim_packet_flits"], s["sim_buffer_flits"], s["sim_warmup_cycles"], s["sim_measure_cycles"]
    (1, 32, 3000, 5000)
    >>> s = settings(4, "paper")
    >>> s["sim_packet_flits"], s["sim_router_options"]["buf_size"], s["sim_run_control"]
    (4, 256, 'booksim')
    """
    if packet_flits not in FLITS:
        raise ValueError(f"packet_flits must be one of {list(FLITS)}, got {packet_flits!r}")
    _check_at(at)
    if at == "paper":
        sim = {**GPS.SIM, "packet_flits": packet_flits}
    else:
        sim = {"packet_flits": packet_flits, "buffer_flits": 32, "router": "booksim",
               "router_options": _ROUTER_OPTIONS, "warmup_cycles": 3000, "measure_cycles": 5000}
    return {f"sim_{k}": v for k, v in sim.items()}


def _flits_of(record: Mapping[str, Any], at: str = "earlier") -> int | None:
    """The packet size of a recorded run of the figure (its network, MIN, one of the settings), or None."""
    net = NETWORKS.get(record.get("label"))
    if net is None or ("recipe" in record and record["recipe"] != net[0].key()) \
            or record.get("routing") != _routing(record["label"], at) or record.get("traffic") not in TRAFFICS:
        return None
    sim = {k: v for k, v in record.items() if k.startswith("sim_")}
    return next((f for f in FLITS if sim == settings(f, at)), None)


def paper_records(*, root: str | Path | None = None, at: str = "earlier") -> list[dict[str, Any]]:
    """The recorded paper-scale MIN searches of the two Galaxyflies with 1-flit and 4-flit packets, as sweep records.

    Reads the logs of :data:`FLITS` with :func:`lowdiam.sweep.recorded_records` (absent logs give nothing) and keeps
    the runs of :data:`NETWORKS` (the recipe each label names) under MIN and one of :data:`TRAFFICS`, whose settings
    are exactly :func:`settings` of the packet size that log holds.

    Parameters
    ----------
    root : str or pathlib.Path, optional
        The results folder (default :func:`lowdiam.paths.results_dir`).
    at : {"earlier", "paper"}
        Which settings (:data:`AT`): their logs (:func:`logs`) and runs.

    Returns
    -------
    list of dict
        Sweep records (``label``, ``traffic``, ``load``, ``saturated``, ``latency_mean``, ``sim_packet_flits``, ...).

    Examples
    --------
    >>> import tempfile
    >>> paper_records(root=tempfile.mkdtemp())
    []
    """
    out = []
    for flits, stem in logs(at).items():
        log = S.result_log("05_simulation", stem, root=root)
        if log.path.exists():
            out += [r for r in S.recorded_records(log) if _flits_of(r, at) == flits]
    return out


def _number(value: Any) -> float | None:
    if value is None:
        return None
    x = float(value)
    return None if math.isnan(x) else x


def figure_rows(records: Iterable[Mapping[str, Any]] | None = None, at: str = "earlier") -> list[dict[str, Any]]:
    """One row per recorded run of every drawn search: the figure's CSV data (:data:`COLUMNS`).

    Searches in the order drawn (traffic, network, packet size), runs by offered load. ``stable`` is the run's
    verdict (not ``saturated``); ``saturation_load`` and ``search_done`` are the search's
    (:func:`lowdiam.studies.simulation.saturation_from_records` at :data:`TOL`, the numbers notebook 05's claims
    compare), repeated on each of its rows. A NaN latency is ``None``.

    Parameters
    ----------
    records : iterable of dict, optional
        The runs (default :func:`paper_records`); runs of other networks, routings or settings are ignored.
    at : {"earlier", "paper"}
        The settings of the runs to keep (:data:`AT`).

    Returns
    -------
    list of dict
        Rows with the :data:`COLUMNS`.

    Raises
    ------
    ValueError
        If a search has two runs at one load.

    Examples
    --------
    >>> rec = {"label": "GF(81,1,10,4)", "routing": "min", "traffic": "worst_case", "load": 0.1,
    ...        "accepted_load": 0.1, "latency_mean": 17.1, "saturated": False, **settings(4)}
    >>> [(r["network"], r["diameter"], r["packet_flits"], r["search_done"]) for r in figure_rows([rec])]
    [('GF(81,1,10,4)', 3, 4, False)]
    """
    records = paper_records(at=at) if records is None else list(records)
    by: dict[tuple[str, str, int], dict[float, Mapping]] = {}
    for r in records:
        flits = _flits_of(r, at)
        if flits is None:
            continue
        runs = by.setdefault((r["traffic"], r["label"], flits), {})
        x = float(r["load"])
        if x in runs:
            raise ValueError(f"two recorded runs of {r['label']} {r['traffic']} with {flits}-flit packets at offered "
                             f"load {x:g}: a search has one run per load")
        runs[x] = r
    rows = []
    for tr in TRAFFICS:
        for lab, (_, diam) in NETWORKS.items():
            for flits in FLITS:
                runs = by.get((tr, lab, flits))
                if not runs:
                    continue
                (sat, done), = saturation_from_records(runs.values(), TOL).values()
                rows += [{"network": lab, "diameter": diam, "traffic": tr, "routing": _routing(lab, at),
                          "packet_flits": flits,
                          "load": x, "accepted_load": _number(r.get("accepted_load")),
                          "latency_mean": _number(r.get("latency_mean")), "stable": not bool(r["saturated"]),
                          "saturation_load": sat, "search_done": done} for x, r in sorted(runs.items())]
    return rows


def draw(records: Iterable[Mapping[str, Any]] | None = None, at: str = "earlier"):
    """Draw the packet-size comparison at paper scale from recorded searches; return the figure and its data rows.

    Two panels (uniform traffic, worst case), one line per network and packet size (colour and marker per network,
    1-flit dashed, 4-flit solid) through the mean latency of its stable runs below the first unstable load; a filled
    marker at the saturation load and a caret on the x axis at the first unstable load; the legend gives both.
    Latency axis logarithmic: near saturation latencies are 20-30 times those at low load. Legends below the panels.
    Artists carry gids
    ``"<traffic>|<network>|<flits>|latency"``, ``"|saturation"``, ``"|first-unstable"``.

    Parameters
    ----------
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records`).
    at : {"earlier", "paper"}
        The settings of the runs to draw (:data:`AT`), named in the title.

    Returns
    -------
    (matplotlib.figure.Figure, list of dict)
        The figure and :func:`figure_rows`.

    Raises
    ------
    ValueError
        If a search has two runs at one load.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> recs = [{"label": "GF(15,29,1,7)", "routing": "min", "traffic": "uniform", "load": x, "accepted_load": x,
    ...          "latency_mean": 11 + x, "saturated": x > 0.6, **settings(1)} for x in (0.2, 0.6, 0.7)]
    >>> fig, rows = draw(recs)
    >>> [ln.get_xdata().tolist() for ln in fig.axes[0].lines if ln.get_gid() == "uniform|GF(15,29,1,7)|1|latency"]
    [[0.2, 0.6]]
    >>> "1 of 8 searches recorded" in fig._suptitle.get_text()
    True
    >>> plt.close(fig)
    """
    import matplotlib.pyplot as plt
    from matplotlib.transforms import blended_transform_factory

    records = paper_records(at=at) if records is None else list(records)
    rows = figure_rows(records, at)
    fig, axes = plt.subplots(1, len(TRAFFICS), figsize=(13, 6.2), sharey=True, squeeze=False)
    present = 0
    for ax, (tr, title) in zip(axes[0], TRAFFICS.items()):
        for i, (lab, (_, diam)) in enumerate(NETWORKS.items()):
            for flits in FLITS:
                mine = [r for r in rows if (r["traffic"], r["network"], r["packet_flits"]) == (tr, lab, flits)]
                if not mine:
                    continue
                present += 1
                bad = min((r["load"] for r in mine if not r["stable"]), default=None)
                pts = [(r["load"], r["latency_mean"]) for r in mine
                       if r["stable"] and (bad is None or r["load"] < bad) and r["latency_mean"] is not None]
                sat = mine[0]["saturation_load"]
                style = dict(color=f"C{i}", marker=_MARKERS[i % len(_MARKERS)])
                gid = f"{tr}|{lab}|{flits}"
                state = "" if mine[0]["search_done"] else ", search under way"
                name = (f"{lab} (diameter {diam}), {flits}-flit packets: saturation {sat:g}"
                        + (f" | {bad:g}" if bad is not None else "") + state)
                if pts:
                    ax.plot(*zip(*pts), ms=4.5, mfc="none", lw=1.2, ls="--" if flits == 1 else "-", label=name,
                            gid=gid + "|latency", **style)
                    last = next((p for p in pts if p[0] == sat), None)
                    if last is not None:
                        ax.plot([last[0]], [last[1]], ms=7, ls="none", gid=gid + "|saturation", **style)
                if bad is not None:
                    ax.plot([bad], [0.0], ls="none", ms=6, clip_on=False, gid=gid + "|first-unstable",
                            transform=blended_transform_factory(ax.transData, ax.transAxes), color=style["color"],
                            marker="^")
        ax.set(title=title, xlabel="offered load (flits/terminal/cycle)", xlim=(0, 1), yscale="log")
        ax.grid(alpha=0.3, which="both")
        if ax.get_legend_handles_labels()[0]:
            ax.legend(fontsize=7.5, loc="upper center", bbox_to_anchor=(0.5, -0.13), frameon=False,
                      title="network, packets: saturation load | first unstable load", title_fontsize=7.5)
    axes[0, 0].set_ylabel("mean latency (cycles, log scale)")
    total = len(TRAFFICS) * len(NETWORKS) * len(FLITS)
    how = ("recorded paper-profile searches (BookSim model, speedup 2.0, 32-flit VC buffers, 3000+5000-cycle windows"
           if at == "earlier" else
           "recorded searches at the paper's Sec. 5 settings (BookSim model, speedup 2.0, 256-flit shared port buffers "
           "with 5 private flits per VC,\n2-cycle routing computation, BookSim's run control")
    rt = "MIN" if at == "earlier" else "the paper's MIN (gf-min on GF(81,1,10,4))"
    fig.suptitle("Galaxyfly Sec. 5.1.2 / Fig. 10c-d at paper scale: 1-flit (dashed) against 4-flit (solid) packets, "
                 f"{rt}, the Table 5 networks at full size\n{how}, resolution "
                 f"{TOL}; results/paper/05_simulation/{{{', '.join(logs(at).values())}}}.csv); {present} of {total} "
                 "searches recorded", fontsize=10)
    fig.text(0.5, 0.005, "Line: stable runs below the first unstable load; filled marker: saturation load (largest "
             "stable load below the first unstable one); caret on the x axis: first unstable load.", ha="center",
             va="bottom", fontsize=7.5)
    fig.tight_layout(rect=(0, 0.03, 1, 1))
    return fig, rows


def write_figure(*, directory: str | Path | None = None, records: Iterable[Mapping[str, Any]] | None = None,
                 show: bool | None = False, at: str = "earlier") -> list[Path]:
    """Draw the figure (:func:`draw`) and write it as PNG + PDF (:func:`lowdiam.plotting.save_figure`) and its data as
    CSV (:func:`lowdiam.sweep.write_csv`, the :data:`COLUMNS`) under :data:`NAME`.

    Parameters
    ----------
    directory : str or pathlib.Path, optional
        Default :func:`lowdiam.paths.figures_dir`.
    records : iterable of dict, optional
        The runs to draw (default :func:`paper_records`).
    show : bool or None
        Display the PNG inline (``None``: when running in a notebook kernel; default ``False``).
    at : {"earlier", "paper"}
        The settings of the runs to draw (:data:`AT`); the file stem is :func:`name` ``(at)``.

    Returns
    -------
    list of pathlib.Path
        The PNG, the PDF and the CSV.

    Raises
    ------
    ValueError
        If no search of the figure has a recorded run.

    Examples
    --------
    >>> import tempfile, matplotlib
    >>> matplotlib.use("Agg")
    >>> recs = [{"label": "GF(81,1,10,4)", "routing": "min", "traffic": "uniform", "load": 0.5, "accepted_load": 0.5,
    ...          "latency_mean": 16.8, "saturated": False, **settings(4)}]
    >>> [p.name for p in write_figure(records=recs, directory=tempfile.mkdtemp())]
    ['05_galaxyfly_packet_size_paper.png', '05_galaxyfly_packet_size_paper.pdf', '05_galaxyfly_packet_size_paper.csv']
    """
    from ..plotting import save_figure

    fig, rows = draw(records, at)
    if not rows:
        import matplotlib.pyplot as plt

        plt.close(fig)
        raise ValueError("no recorded run of any packet-size search: nothing to draw")
    saved = list(save_figure(fig, name(at), directory, show=show))
    return saved + [S.write_csv(rows, name(at), columns=COLUMNS, directory=directory)]


def main(argv: Sequence[str] | None = None) -> None:
    """Write the paper-scale packet-size figure with its CSV data; the command line's entry point.

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
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.galaxyfly_figures",
                                 description="Galaxyfly Fig. 10c-d (1-flit against 4-flit packets) at paper scale from "
                                             "the recorded searches (results/paper/05_simulation/); no simulation")
    ap.add_argument("--directory", default=None, help="output folder (default: the figures folder)")
    ap.add_argument("--at", default="earlier", choices=AT,
                    help="the searches' settings: the earlier recorded ones (default) or the paper's own Sec. 5 ones")
    args = ap.parse_args(argv)
    print(", ".join(p.name for p in write_figure(directory=args.directory, at=args.at)), flush=True)


if __name__ == "__main__":
    main()
