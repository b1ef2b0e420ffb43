"""Figure output shared by the notebooks: every figure saved as PNG and PDF, and shown inline.

Under papermill the notebooks run with ``MPLBACKEND=Agg``, where ``plt.show()`` draws nothing;
:func:`save_figure` therefore displays the saved PNG explicitly when it runs inside a Jupyter
kernel, so every executed notebook carries its figures.  :func:`save_table` writes a figure's data
or a reproduced table as CSV beside the figures.

Examples
--------
>>> import tempfile, matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots()
>>> _ = ax.plot([0, 1], [0, 1])
>>> [p.suffix for p in save_figure(fig, "demo", tempfile.mkdtemp(), show=False)]
['.png', '.pdf']
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from . import paths

__all__ = ["SavedFigure", "in_kernel", "markdown_table", "save_figure", "save_table", "show_markdown"]


def in_kernel() -> bool:
    """True inside a Jupyter kernel (a notebook run interactively or by papermill / nbval)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython ships with the notebook dependencies
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class SavedFigure(list):
    """The paths of a saved figure (a list of PNG and PDF path); displays as file names, never as absolute paths."""

    def __repr__(self) -> str:
        return "saved " + ", ".join(p.name for p in self)

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(repr(self))


def save_figure(fig, name: str, directory: str | Path | None = None, *, show: bool | None = None,
                close: bool = True) -> SavedFigure:
    """Save ``fig`` as ``<directory>/<name>.png`` (150 dpi) and ``.pdf``, display it inline; return both paths.

    Parameters
    ----------
    fig : matplotlib.figure.Figure
    name : str
        File stem, e.g. ``"03_fig12_bisection_fraction"``.
    directory : str or pathlib.Path, optional
        Default :func:`lowdiam.paths.figures_dir`.
    show : bool, optional
        Display the PNG in the notebook; default: when running inside a Jupyter kernel.
    close : bool
        Close the figure afterwards (so an inline backend does not show it a second time).

    Returns
    -------
    list of pathlib.Path
        The PNG and the PDF.  PDF metadata carries no creation date, so reruns give byte-stable files.
    """
    if not name or "/" in name or "\\" in name:
        raise ValueError(f"figure name must be a plain file stem, got {name!r}")
    out = Path(directory) if directory is not None else paths.figures_dir()
    out.mkdir(parents=True, exist_ok=True)
    png, pdf = out / f"{name}.png", out / f"{name}.pdf"
    fig.savefig(png, dpi=150, bbox_inches="tight", metadata={"Software": None})
    fig.savefig(pdf, bbox_inches="tight", metadata={"CreationDate": None, "Producer": None, "Creator": None})
    if show is None:
        show = in_kernel()
    if show:
        from IPython.display import Image, display

        display(Image(data=png.read_bytes(), format="png", width=int(fig.get_figwidth() * 100)))
    if close:
        import matplotlib.pyplot as plt

        plt.close(fig)
    return SavedFigure([png, pdf])


def _cell(value: Any) -> Any:
    if hasattr(value, "item") and type(value).__module__ == "numpy":
        value = value.item()
    if isinstance(value, (list, tuple, dict, set)):
        return json.dumps(sorted(value) if isinstance(value, set) else value)
    return value


def save_table(rows: Iterable[Mapping[str, Any]], name: str, directory: str | Path | None = None) -> str:
    """Write ``rows`` (dicts with the same keys) as ``<directory>/<name>.csv``; return the file name.

    Lists and dicts are stored as JSON.  The return value is the bare file name (never an absolute
    path), so a notebook cell that ends with this call shows nothing machine-specific.

    Examples
    --------
    >>> import tempfile
    >>> save_table([{"network": "SF(7)", "routers": 98}], "demo_table", tempfile.mkdtemp())
    'demo_table.csv'
    """
    rows = [dict(r) for r in rows]
    if not rows:
        raise ValueError(f"no rows to write to {name}.csv")
    if not name or "/" in name or name.endswith(".csv"):
        raise ValueError(f"table name must be a plain file stem, got {name!r}")
    out = Path(directory) if directory is not None else paths.figures_dir()
    out.mkdir(parents=True, exist_ok=True)
    columns = list(rows[0])
    for r in rows[1:]:
        columns += [k for k in r if k not in columns]
    with open(out / f"{name}.csv", "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=columns)
        w.writeheader()
        for r in rows:
            w.writerow({k: _cell(v) for k, v in r.items()})
    return f"{name}.csv"


def status_bars(ax, groups, series, values: Mapping, *, missing=None, legend: bool = True) -> None:
    """Grouped bars of values that are either final or lower bounds (saturation searches still running).

    One group of bars per entry of ``groups`` (an x tick), one bar per entry of ``series`` in each group, in
    colour ``C0, C1, ...`` by series.  A final value is a solid bar; a lower bound is hatched and faded, so a
    figure of recorded paper-scale searches shows which are still running; a missing value is a grey note
    where its bar would be.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
        Where to draw.
    groups : sequence of (key, tick label)
        The x ticks.
    series : sequence of (key, legend label)
        The bars of each group; each series gets one legend entry (on its first drawn bar).
    values : mapping
        ``(series key, group key) -> (value, final)``; ``final`` is False for a lower bound.
    missing : callable, optional
        ``missing(series key, group key) -> str``, the note of a missing value; default ``"not run"``.
    legend : bool
        Draw the legend (when at least one bar is drawn).

    Raises
    ------
    ValueError
        If ``groups`` or ``series`` is empty, or a value is not a ``(number, bool)`` pair.

    Examples
    --------
    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> import matplotlib.pyplot as plt
    >>> fig, ax = plt.subplots()
    >>> status_bars(ax, [("u", "uniform"), ("s", "shuffle")], [("min", "MIN"), ("ugal", "UGAL-L")],
    ...             {("min", "u"): (0.9, True), ("ugal", "u"): (0.7, False), ("min", "s"): (0.1, True)})
    >>> [(round(float(p.get_height()), 2), p.get_hatch() and str(p.get_hatch())) for p in ax.patches]
    [(0.9, None), (0.1, None), (0.7, '//')]
    >>> [t.get_text() for t in ax.texts]
    ['not run']
    >>> plt.close(fig)
    """
    import numpy as np  # numpy's bool is a valid "final" flag (values read from arrays)

    groups, series = list(groups), list(series)
    if not groups or not series:
        raise ValueError(f"need at least one group and one series; got {len(groups)} groups, {len(series)} series")
    width = 0.8 / len(series)
    for i, (skey, slabel) in enumerate(series):
        labelled = False
        for j, (gkey, _) in enumerate(groups):
            x = j + (i - (len(series) - 1) / 2) * width
            got = values.get((skey, gkey))
            if got is None:
                ax.text(x, 0.02, "not run" if missing is None else missing(skey, gkey), rotation=90, ha="center",
                        va="bottom", fontsize=7, color="0.4")
                continue
            if not (isinstance(got, (tuple, list)) and len(got) == 2 and isinstance(got[1], (bool, np.bool_))):
                raise ValueError(f"values[{(skey, gkey)!r}] must be a (value, final) pair, got {got!r}")
            value, final = float(got[0]), bool(got[1])
            ax.bar(x, value, width, color=f"C{i}", hatch=None if final else "//", alpha=1.0 if final else 0.45,
                   edgecolor="white" if final else f"C{i}", label=None if labelled else slabel)
            labelled = True
    ax.set_xticks(range(len(groups)), [g[1] for g in groups])
    ax.set_xlim(-0.5, len(groups) - 0.5)  # the notes of missing bars do not widen the axes
    if legend and ax.get_legend_handles_labels()[0]:  # in a band above the tallest bar, over no data
        handles = ax.get_legend_handles_labels()[0]
        ncol = min(len(handles), 4)
        rows = -(-len(handles) // ncol)
        tallest = max([b.get_height() for b in ax.patches] + [1.0])  # loads: 1.0 is the scale's top
        ax.set_ylim(0.0, tallest * (1.0 + 0.1 * rows))  # the same on every call: shared axes do not compound
        ax.legend(fontsize=7, ncol=ncol, loc="upper center", frameon=False, handlelength=1.2, columnspacing=1.0)


def markdown_table(rows: Iterable[Mapping[str, Any]], columns: Sequence[str], *, show: bool = True) -> str:
    """``rows`` as a Markdown table of ``columns`` (missing values blank); shown rendered in a notebook when
    ``show`` and running in a kernel, else printed.  Returns the Markdown text.

    Examples
    --------
    >>> text = markdown_table([{"claim": "a", "ours": 0.5}, {"claim": "b"}], ["claim", "ours"], show=False)
    >>> print(text)
    | claim | ours |
    |---|---|
    | a | 0.5 |
    | b |  |
    """
    columns = list(columns)
    if not columns:
        raise ValueError("markdown_table needs at least one column")

    def cell(v: Any) -> str:
        return "" if v is None else str(_cell(v)).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(cell(r.get(c)) for c in columns) + " |" for r in rows]
    text = "\n".join(lines)
    if show:
        show_markdown(text)
    return text


def show_markdown(text: str) -> None:
    """``text`` rendered as Markdown in a notebook kernel, printed elsewhere."""
    if in_kernel():
        from IPython.display import Markdown, display

        display(Markdown(text))
    else:
        print(text)

