"""Figure output shared by the notebooks: every figure is saved as PNG and PDF."""

from __future__ import annotations

from pathlib import Path

__all__ = ["save_figure", "FIGURES"]

from .claims import FIGURES


def save_figure(fig, name: str, directory: str | Path | None = None) -> list[Path]:
    """Save ``fig`` as ``<directory>/<name>.png`` (150 dpi) and ``.pdf``; return both paths.

    PDF metadata carries no creation date, so reruns give byte-stable files.
    """
    out = Path(directory) if directory is not None else FIGURES
    out.mkdir(parents=True, exist_ok=True)
    png, pdf = out / f"{name}.png", out / f"{name}.pdf"
    fig.savefig(png, dpi=150, bbox_inches="tight", metadata={"Software": None})
    fig.savefig(pdf, bbox_inches="tight", metadata={"CreationDate": None, "Producer": None, "Creator": None})
    return [png, pdf]
