"""List the claims whose scale changed from stand-in to the paper's own network, from git history.

A claim is first measured on a stand-in (a smaller network, ``scale`` = ``stand-in``) and moves to
``scale`` = ``paper`` once a notebook's paper profile records the paper-scale data.  The scorecard
(``figures/claims/*.json``) only holds the current record, so this walks the commits that touched it
and reports, per claim, its last stand-in record next to its current one: value, status, and the
commit that moved it.  Issue "paper-scale results" asks the closing note for exactly that list.

Usage: ``python tools/scale_history.py [--since COMMIT] [--out FILE]`` (markdown on stdout without
``--out``).  ``--since`` keeps only the moves made after that commit (a session's start).

Statuses are the ones stored in each commit's JSON (as the scorecard showed them then), not
recomputed with today's code.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from lowdiam.claims import derive_status

ROOT = Path(__file__).resolve().parents[1]
CLAIMS = "figures/claims"


@dataclass(frozen=True)
class Record:
    """One claim as one commit's scorecard held it."""

    commit: str
    date: str
    notebook: str
    scale: str
    status: str
    our_value: object
    paper_value: object
    tolerance: object = None


@dataclass(frozen=True)
class Move:
    """A claim's last stand-in record and its record now (``now`` is None if the claim was dropped)."""

    claim_id: str
    stand_in: Record
    now: Record | None
    moved_in: str  # first commit whose record is no longer a stand-in ("" if it never moved)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True,
                          text=True).stdout


def _commits(repo: Path, since: str | None = None) -> list[tuple[str, str]]:
    """(hash, ISO date) of every commit that touched the scorecard, oldest first."""
    rng = [f"{since}..HEAD"] if since else []
    out = _git(repo, "log", "--reverse", "--format=%H %cI", *rng, "--", CLAIMS)
    return [tuple(line.split(" ", 1)) for line in out.splitlines() if line.strip()]


def _snapshot(repo: Path, commit: str, date: str) -> dict[str, Record]:
    """Every claim in ``commit``'s scorecard that states a scale, by claim id."""
    names = _git(repo, "ls-tree", "--name-only", f"{commit}:{CLAIMS}").split()
    records = {}
    for name in names:
        if not name.endswith(".json"):
            continue
        rows = json.loads(_git(repo, "show", f"{commit}:{CLAIMS}/{name}"))
        for row in rows:
            scale = row.get("scale", "")
            if not scale:  # records from before claims stated their scale cannot say they were stand-ins
                continue
            records[row["claim_id"]] = Record(commit[:7], date[:10], name[:-5], scale, row.get("status", ""),
                                              row.get("our_value"), row.get("paper_value"), row.get("tolerance"))
    return records


def moves(repo: str | Path = ROOT, since: str | None = None) -> list[Move]:
    """Claims that were ever stand-ins and are stand-ins no longer, oldest move first.

    Parameters
    ----------
    repo : path
        A git work tree holding ``figures/claims/*.json``.
    since : str, optional
        A commit; only moves made after it are listed (the claim's stand-in record may be older).

    Returns
    -------
    list of Move
        One per claim: its last stand-in record, its record at HEAD (None if HEAD no longer has the
        claim) and the commit that moved it.  Claims still at stand-in scale are not listed.
    """
    repo = Path(repo)
    base = set(_git(repo, "rev-list", since).split()) if since else set()
    last_stand_in: dict[str, Record] = {}
    moved_in: dict[str, str] = {}
    previous: dict[str, Record] = {}
    for commit, date in _commits(repo):
        snap = _snapshot(repo, commit, date)
        for cid, rec in snap.items():
            if rec.scale.startswith("stand-in"):
                last_stand_in[cid] = rec
                moved_in.pop(cid, None)
            elif cid in last_stand_in and cid not in moved_in:
                moved_in[cid] = "" if commit in base else rec.commit
        for cid in previous.keys() - snap.keys():  # dropped while a stand-in: report with now = None
            if cid in last_stand_in and cid not in moved_in:
                moved_in[cid] = "" if commit in base else commit[:7]
        previous = snap
    out = []
    for cid, rec in last_stand_in.items():
        if cid not in moved_in or not moved_in[cid]:
            continue
        out.append(Move(cid, rec, previous.get(cid), moved_in[cid]))
    out.sort(key=lambda m: (m.moved_in and _git(repo, "log", "-1", "--format=%cI", m.moved_in), m.claim_id))
    return out


def _would_be(rec: Record) -> str:
    """The verdict a stand-in number would have had, had a stand-in been allowed to match."""
    try:
        return derive_status(rec.paper_value, rec.our_value, rec.tolerance, scale="paper")
    except ValueError:  # a tolerance format this code no longer reads
        return "?"


def _verdict(rec: Record) -> str:
    """A stand-in record's verdict: its status, or for a number shown without one, what it would read."""
    return _would_be(rec) if rec.status == "stand-in" else rec.status


def _fmt(x: object) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    if isinstance(x, bool):
        return "yes" if x else "no"
    return "" if x is None else str(x)


def render(found: list[Move]) -> str:
    """Markdown table of ``found``."""
    lines = ["| claim | notebook | paper's value | stand-in: ours, status | paper scale: ours, status | moved in |",
             "|---|---|---|---|---|---|"]
    for m in found:
        s = m.stand_in
        was = f"{s.status} (would read {_would_be(s)})" if s.status == "stand-in" else s.status
        now = f"{_fmt(m.now.our_value)}, {m.now.status}" if m.now else "(claim dropped)"
        changed = "" if m.now is None or m.now.status == _verdict(s) else " **(verdict changed)**"
        lines.append(f"| {m.claim_id} | {s.notebook} | {_fmt(s.paper_value)} | {_fmt(s.our_value)}, {was} | "
                     f"{now}{changed} | {m.moved_in} |")
    n_changed = sum(1 for m in found if m.now is not None and m.now.status != _verdict(m.stand_in))
    lines.append("")
    lines.append(f"{len(found)} claims moved from stand-in to paper scale; the verdict of {n_changed} changed "
                 "(a stand-in number's verdict is what it would have read against the paper's value).")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--since", help="list only the moves made after this commit")
    parser.add_argument("--out", help="write the markdown here instead of stdout")
    args = parser.parse_args(argv)
    emit(render(moves(ROOT, args.since)), args.out)
    return 0


def emit(text: str, out: str | None) -> None:
    """Write ``text`` to the file ``out``, or to stdout when ``out`` is None."""
    if out:
        Path(out).write_text(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    sys.exit(main())
