"""The claims scorecard: every published number a notebook checks, with our value.

Each notebook calls :func:`use_notebook` once, then :func:`record` per claim;
records go to ``figures/claims/<notebook>.json`` (rewritten whole on every
run, so a rerun never accumulates stale rows).  ``make figures`` ends with
:func:`render`, which gathers all of them into ``figures/claims.md``.

A claim's status is

* ``match``              -- our value is within the stated tolerance of the paper's;
* ``mismatch-explained`` -- it is not, and the record says why (a typo in the
  paper, a definitional choice, a heuristic's spread ...);
* ``mismatch``           -- it is not, and we have no explanation.

A failed claim is data, never an exception: notebooks assert that their
*computations* are sound, not that the papers are right.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["Claim", "compare", "load", "record", "render", "use_notebook", "records"]

STATUSES = ("match", "mismatch-explained", "mismatch")

# The repository's figures/ (the package is installed editable), wherever the notebook runs from.
FIGURES = Path(__file__).resolve().parents[2] / "figures"
CLAIMS_DIR = FIGURES / "claims"


@dataclass
class Claim:
    claim_id: str
    paper: str
    what: str
    paper_value: Any
    our_value: Any
    tolerance: Any
    status: str
    notebook: str = ""
    note: str = ""
    details: dict = field(default_factory=dict)


def _is_number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def compare(paper_value: Any, our_value: Any, tolerance: Any = 0) -> bool:
    """True when ``our_value`` agrees with ``paper_value`` under ``tolerance``.

    * numbers: ``tolerance`` is absolute (``0.5``) or relative as a string
      (``"5%"``); ``None`` means exact;
    * ranges: a ``(lo, hi)`` paper value of two numbers with tolerance
      ``"range"`` matches when lo <= ours <= hi;
    * sets / lists / strings / bools: exact equality (sets compare as sets).
    """
    if tolerance == "range":
        lo, hi = paper_value
        return _is_number(our_value) and lo <= our_value <= hi
    if _is_number(paper_value) and _is_number(our_value):
        if isinstance(our_value, float) and math.isnan(our_value):
            return False
        if tolerance is None:
            return paper_value == our_value
        if isinstance(tolerance, str):
            if not tolerance.endswith("%"):
                raise ValueError(f"tolerance string must be a percentage like '5%', got {tolerance!r}")
            rel = float(tolerance[:-1]) / 100.0
            return abs(our_value - paper_value) <= rel * abs(paper_value)
        return abs(our_value - paper_value) <= float(tolerance)
    if isinstance(paper_value, (set, frozenset)) or isinstance(our_value, (set, frozenset)):
        return set(paper_value) == set(our_value)
    return paper_value == our_value


def _jsonable(x: Any) -> Any:
    if isinstance(x, (set, frozenset)):
        return sorted(_jsonable(v) for v in x)
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    if hasattr(x, "item") and callable(x.item):  # numpy scalar
        return x.item()
    return x


class _Scorecard:
    def __init__(self) -> None:
        self.notebook = ""
        self.directory = CLAIMS_DIR
        self.claims: list[Claim] = []

    def path(self) -> Path:
        return self.directory / f"{self.notebook}.json"

    def save(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        rows = [asdict(c) for c in self.claims]
        self.path().write_text(json.dumps(_jsonable(rows), indent=1) + "\n")


_CARD = _Scorecard()


def use_notebook(name: str, directory: str | Path = CLAIMS_DIR) -> None:
    """Start a fresh scorecard for notebook ``name`` written under ``directory``."""
    if not name or "/" in name:
        raise ValueError(f"notebook name must be a plain file stem, got {name!r}")
    _CARD.notebook = name
    _CARD.directory = Path(directory)
    _CARD.claims = []
    _CARD.save()


def record(
    claim_id: str,
    paper: str,
    what: str,
    paper_value: Any,
    our_value: Any,
    tolerance: Any = 0,
    *,
    explanation: str = "",
    details: dict | None = None,
) -> Claim:
    """Compare and store one claim; returns the :class:`Claim` (status included).

    ``explanation`` is only used when the values disagree: it turns the status
    into ``mismatch-explained`` and is shown in the scorecard.
    """
    if not _CARD.notebook:
        raise RuntimeError("call claims.use_notebook(<notebook name>) before claims.record(...)")
    ok = compare(paper_value, our_value, tolerance)
    status = "match" if ok else ("mismatch-explained" if explanation else "mismatch")
    claim = Claim(
        claim_id=claim_id,
        paper=paper,
        what=what,
        paper_value=_jsonable(paper_value),
        our_value=_jsonable(our_value),
        tolerance=_jsonable(tolerance),
        status=status,
        notebook=_CARD.notebook,
        note=explanation if not ok else "",
        details=_jsonable(details or {}),
    )
    _CARD.claims = [c for c in _CARD.claims if c.claim_id != claim_id] + [claim]
    _CARD.save()
    return claim


def records() -> list[Claim]:
    """The claims recorded so far by the current notebook."""
    return list(_CARD.claims)


def load(directory: str | Path = CLAIMS_DIR) -> list[Claim]:
    """All claims stored under ``directory``, notebook by notebook."""
    out: list[Claim] = []
    for path in sorted(Path(directory).glob("*.json")):
        out.extend(Claim(**row) for row in json.loads(path.read_text()))
    return out


def _fmt(x: Any) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    if isinstance(x, list):
        return "[" + ", ".join(_fmt(v) for v in x) + "]"
    return str(x).replace("|", "\\|")


def render(directory: str | Path = CLAIMS_DIR, out: str | Path = FIGURES / "claims.md") -> Path:
    """Write the markdown scorecard of every notebook's claims; returns its path."""
    claims = load(directory)
    counts = {s: sum(c.status == s for c in claims) for s in STATUSES}
    lines = [
        "# Claims scorecard",
        "",
        "Every published value the notebooks check, regenerated by `make figures`.",
        "Status: **match** (within tolerance), **mismatch-explained** (we disagree and say why),",
        "**mismatch** (we disagree and have no explanation).",
        "",
        f"Totals: {counts['match']} match, {counts['mismatch-explained']} mismatch-explained, "
        f"{counts['mismatch']} mismatch.",
        "",
    ]
    by_nb: dict[str, list[Claim]] = {}
    for c in claims:
        by_nb.setdefault(c.notebook, []).append(c)
    for nb, rows in by_nb.items():
        lines += [f"## {nb}", "", "| claim | paper | what | paper value | ours | tolerance | status | note |",
                  "|---|---|---|---|---|---|---|---|"]
        for c in rows:
            lines.append(
                f"| {c.claim_id} | {_fmt(c.paper)} | {_fmt(c.what)} | {_fmt(c.paper_value)} | "
                f"{_fmt(c.our_value)} | {_fmt(c.tolerance)} | {c.status} | {_fmt(c.note)} |"
            )
        lines.append("")
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("\n".join(lines))
    return out


def _main(argv: Sequence[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description="Render figures/claims/*.json into a markdown scorecard")
    ap.add_argument("directory", nargs="?", default=str(CLAIMS_DIR))
    ap.add_argument("out", nargs="?", default=str(FIGURES / "claims.md"))
    args = ap.parse_args(argv)
    path = render(args.directory, args.out)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
