"""List the claims whose verdict changed since a commit, from git history, with the commits that changed it.

The scorecard (``figures/claims/*.json``) holds only the current record of each claim.  An issue that re-derives
verdicts (a new saturation rule, a routing fixed per paper, other settings) asks its closing note for every claim
whose verdict changed, old and new, and why.  This walks the commits that touched the scorecard after ``--since``
and reports, per claim whose status at HEAD differs from its status at ``--since`` (or that appeared or went in
between): both records (value, status, scale), every commit in between that changed its status, and the first
words of its note at HEAD (what it ran, and an explanation where it has one).

Usage: ``python tools/verdict_history.py --since COMMIT [--out FILE] [--note-chars 200]`` (markdown on stdout
without ``--out``).  Claims that only appeared (new statements) are counted in the summary line, not listed, unless
``--new`` is given.

Statuses are the ones stored in each commit's JSON (as the scorecard showed them then), not recomputed with today's
code.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from scale_history import CLAIMS, ROOT, Record, _commits, _fmt, _git, _snapshot, emit  # noqa: E402 - sibling tool


@dataclass
class Change:
    """A claim's record at the base commit and at HEAD (None: absent there) and the commits that changed its
    status in between."""

    claim_id: str
    before: Record | None
    now: Record | None
    steps: list[tuple[str, str, str]] = field(default_factory=list)  # (commit, old status, new status)
    note: str = ""


def _notes(repo: Path) -> dict[str, str]:
    """Every claim's note at HEAD, by claim id."""
    out = {}
    for name in _git(repo, "ls-tree", "--name-only", f"HEAD:{CLAIMS}").split():
        if name.endswith(".json"):
            for row in json.loads(_git(repo, "show", f"HEAD:{CLAIMS}/{name}")):
                out[row["claim_id"]] = row.get("note") or ""
    return out


def changes(repo: str | Path = ROOT, since: str = "") -> list[Change]:
    """Claims whose status at HEAD differs from their status at ``since``, or that exist in only one of them.

    Parameters
    ----------
    repo : path
        A git work tree holding ``figures/claims/*.json``.
    since : str
        The base commit.

    Returns
    -------
    list of Change
        Sorted by notebook and claim id.  Claims without a scale (records from before claims stated one) are not
        read, as in ``scale_history``.
    """
    if not since:
        raise ValueError("since: the base commit is required (a commit id or ref)")
    repo = Path(repo)
    base_commit = _git(repo, "rev-parse", since).strip()
    base = _snapshot(repo, base_commit, _git(repo, "log", "-1", "--format=%cI", base_commit).strip())
    prev = dict(base)
    steps: dict[str, list[tuple[str, str, str]]] = {}
    for commit, date in _commits(repo, since):
        snap = _snapshot(repo, commit, date)
        for cid in snap.keys() | prev.keys():
            old, new = prev.get(cid), snap.get(cid)
            s_old, s_new = old.status if old else "(absent)", new.status if new else "(absent)"
            if s_old != s_new:
                steps.setdefault(cid, []).append((commit[:7], s_old, s_new))
        prev = snap
    notes = _notes(repo)
    out = []
    for cid in sorted(base.keys() | prev.keys()):
        b, n = base.get(cid), prev.get(cid)
        if (b.status if b else None) == (n.status if n else None):
            continue
        out.append(Change(cid, b, n, steps.get(cid, []), notes.get(cid, "")))
    out.sort(key=lambda c: ((c.now or c.before).notebook, c.claim_id))
    return out


def _rec(x: Record | None) -> str:
    return "(absent)" if x is None else f"{_fmt(x.our_value)}, {x.status} ({x.scale})"


def render(found: list[Change], *, new: bool = False, note_chars: int = 200) -> str:
    """Markdown table of ``found`` (claims only at HEAD listed when ``new``)."""
    lines = ["| claim | notebook | paper's value | before: ours, status (scale) | now: ours, status (scale) "
             "| changed in | note now (start) |", "|---|---|---|---|---|---|---|"]
    shown = [c for c in found if c.before is not None or new]
    for c in shown:
        r = c.now or c.before
        note = c.note if len(c.note) <= note_chars else c.note[:note_chars].rsplit(" ", 1)[0] + " ..."
        steps = ", ".join(f"{k}: {a} -> {b}" for k, a, b in c.steps)
        lines.append(f"| {c.claim_id} | {r.notebook} | {_fmt(r.paper_value)} | {_rec(c.before)} | {_rec(c.now)} | "
                     f"{steps} | {note.replace('|', '/')} |")
    changed = sum(1 for c in found if c.before is not None and c.now is not None)
    lines += ["", f"{changed} claims changed verdict; {sum(1 for c in found if c.before is None)} appeared and "
              f"{sum(1 for c in found if c.now is None)} went."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--since", required=True, help="the base commit")
    parser.add_argument("--out", help="write the markdown here instead of stdout")
    parser.add_argument("--new", action="store_true", help="list the claims that appeared too")
    parser.add_argument("--note-chars", type=int, default=200, help="characters of the note shown (default 200)")
    args = parser.parse_args(argv)
    if args.note_chars < 0:
        raise ValueError(f"--note-chars must be >= 0 (got {args.note_chars})")
    emit(render(changes(ROOT, args.since), new=args.new, note_chars=args.note_chars), args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
