"""Small helpers shared by the benchmark and cross-validation scripts (run as ``python benchmarks/<script>.py``)."""

from __future__ import annotations

import csv
from pathlib import Path


def write_rows(path: Path, rows: list[dict]) -> None:
    """Write ``rows`` (dicts with the same keys, in order) to the CSV file ``path``, creating its folder."""
    if not rows:
        raise ValueError(f"no rows to write to {path}")
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
