"""Strip run-specific metadata from executed notebooks so a rerun does not dirty git.

papermill records start/end timestamps and durations per cell and per notebook; Jupyter may add
execution timing.  This keeps the outputs (figures, tables, claims) and removes only that metadata,
gives every cell a stable id, and drops empty ``tags`` lists.  Two things vary from run to run inside
the outputs themselves, and are normalised too:

- a cell's printed text arrives in as many ``stream`` outputs as the kernel happened to flush: adjacent
  stream outputs of the same stream (stdout, stderr) are merged into one;
- the wall-time table every notebook prints at its end (:meth:`lowdiam.timing.SectionTimer.report`,
  header ``| section | wall time (s) |``) depends on the machine and on whether the caches were cold or
  warm: its seconds are replaced by ``–`` (measured times: ``docs/notebooks.md``; the paper profile
  records its own in ``results/paper/<notebook>/section_times.csv``);
- the one-line note the simulator prints while its numba kernels compile on first use
  (:func:`lowdiam.sim.kernel_cache.compile_note`, ``lowdiam: compiling ...``) appears only in cold runs: it is
  removed (and a stream output left empty by that is dropped), and so are the line a process prints while it
  waits for another compiling them (``lowdiam: waiting for another process compiling ...``) and the ends of
  those notes (`` done: ... run finished in <s> s``, `` done in <s> s``) where the kernel's streams arrived
  split, another output between a note's start and its end.

Usage: ``python tools/strip_notebook.py notebooks/*.ipynb`` (``make figures`` / ``make notebook`` run it).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

RUN_KEYS = ("papermill", "execution", "ExecuteTime", "collapsed", "scrolled")
TIMING_HEADER = "| section | wall time (s) |"
COMPILE_NOTE = "lowdiam: compiling "
WAIT_NOTE = "lowdiam: waiting for another process compiling "
#: the end of a compile note (``kernel_cache.noting_compilation`` / ``noting_routing``) on a line of its own
_NOTE_END = re.compile(r" done(?:: [0-9]+ numba function specialisations compiled, run finished in| in)"
                       r" [0-9]+\.[0-9] s\n?")
_TIMING_ROW = re.compile(r"(\|[^|]+\| )(?:[0-9]+(?:\.[0-9]+)?|–)( \|)")


def _lines(text: str | list[str]) -> str:
    return "".join(text) if isinstance(text, list) else text


def normalise_timings(text: str) -> str:
    """``text`` with the seconds of every wall-time table replaced by ``–``.

    Examples
    --------
    >>> print(normalise_timings("154 claims\\n| section | wall time (s) |\\n|---|---|\\n| 1. Table 3 | 7.1 |\\n"
    ...                         "| **total** | 45.5 |\\ndone"))
    154 claims
    | section | wall time (s) |
    |---|---|
    | 1. Table 3 | – |
    | **total** | – |
    done
    """
    out, in_table = [], False
    for line in text.split("\n"):
        if line.startswith(TIMING_HEADER):
            in_table = True
        elif in_table and not line.startswith("|---"):
            row = _TIMING_ROW.fullmatch(line)
            if row:
                line = f"{row.group(1)}–{row.group(2)}"
            else:
                in_table = False
        out.append(line)
    return "\n".join(out)


def _merge_adjacent(outputs: list[dict]) -> list[dict]:
    """``outputs`` with adjacent stream outputs of the same stream merged (their text as one string)."""
    merged: list[dict] = []
    for out in outputs:
        if out.get("output_type") != "stream":
            merged.append(out)
            continue
        if merged and merged[-1].get("output_type") == "stream" and merged[-1].get("name") == out.get("name"):
            merged[-1] = {**merged[-1], "text": _lines(merged[-1]["text"]) + _lines(out["text"])}
        else:
            merged.append({**out, "text": _lines(out["text"])})
    return merged


def _compile_note_line(stream: str | None, line: str) -> bool:
    """Whether ``line`` of ``stream`` is (part of) a compile note: its start, the wait note, or a note's end alone."""
    return line.startswith((COMPILE_NOTE, WAIT_NOTE)) or (stream == "stderr" and _NOTE_END.fullmatch(line) is not None)


def merge_streams(outputs: list[dict]) -> list[dict]:
    """``outputs`` with adjacent stream outputs of the same stream merged, and wall-time tables normalised.

    Examples
    --------
    >>> outs = [{"output_type": "stream", "name": "stdout", "text": ["a\\n"]},
    ...         {"output_type": "stream", "name": "stdout", "text": "b\\n"},
    ...         {"output_type": "stream", "name": "stderr", "text": "c\\n"}]
    >>> [(o["name"], o["text"]) for o in merge_streams(outs)]
    [('stdout', ['a\\n', 'b\\n']), ('stderr', ['c\\n'])]
    >>> merge_streams([{"output_type": "stream", "name": "stderr", "text": "lowdiam: compiling the 'booksim' ...\\n"}])
    []
    >>> outs = [{"output_type": "stream", "name": "stdout", "text": "a\\n"},
    ...         {"output_type": "stream", "name": "stderr", "text": "lowdiam: compiling the 'booksim' ...\\n"},
    ...         {"output_type": "stream", "name": "stdout", "text": "b\\n"}]
    >>> [(o["name"], o["text"]) for o in merge_streams(outs)]
    [('stdout', ['a\\n', 'b\\n'])]
    >>> outs = [{"output_type": "stream", "name": "stderr", "text": "lowdiam: compiling the 'booksim' ... ..."},
    ...         {"output_type": "stream", "name": "stderr", "text": " done: 15 ..., run finished in 95.1 s\\n"},
    ...         {"output_type": "stream", "name": "stderr", "text": "warning\\n"}]
    >>> [(o["name"], o["text"]) for o in merge_streams(outs)]
    [('stderr', ['warning\\n'])]
    >>> outs = [{"output_type": "stream", "name": "stdout", "text": "a\\n"},
    ...         {"output_type": "stream", "name": "stderr", "text": " done: 2 numba function specialisations compiled, "
    ...                                                          "run finished in 20.9 s\\n"},
    ...         {"output_type": "stream", "name": "stderr", "text": "lowdiam: waiting for another process compiling "
    ...                                                          "the 'ideal' simulator kernels (/x) ...\\n"},
    ...         {"output_type": "stream", "name": "stderr", "text": " done in 2.2 s\\n"},
    ...         {"output_type": "stream", "name": "stdout", "text": "b\\n"}]
    >>> [(o["name"], o["text"]) for o in merge_streams(outs)]
    [('stdout', ['a\\n', 'b\\n'])]
    """
    # adjacent streams merge first, so a compile note written in two parts (its line is ended with the time it
    # took) is one line; notes go next, so the streams they separated merge in the last pass (idempotent)
    kept: list[dict] = []
    for out in _merge_adjacent(outputs):
        if out.get("output_type") == "stream":
            lines = "".join(_lines(out["text"])).splitlines(keepends=True)
            out = {**out, "text": [line for line in lines if not _compile_note_line(out.get("name"), line)]}
            if not out["text"]:
                continue
        kept.append(out)
    merged = _merge_adjacent(kept)
    for out in merged:
        if out.get("output_type") == "stream":
            out["text"] = normalise_timings(out["text"]).splitlines(keepends=True)
    return merged


def strip(nb: dict) -> dict:
    """Return ``nb`` (a notebook as JSON) without run-specific metadata.

    Examples
    --------
    >>> nb = {"metadata": {"papermill": {"duration": 1.0}, "kernelspec": {}},
    ...       "cells": [{"cell_type": "code", "metadata": {"papermill": {}, "tags": []}, "source": "1"}]}
    >>> out = strip(nb)
    >>> out["metadata"], out["cells"][0]["metadata"], len(out["cells"][0]["id"])
    ({'kernelspec': {}}, {}, 8)
    """
    nb["metadata"] = {k: v for k, v in nb.get("metadata", {}).items() if k not in RUN_KEYS}
    seen: set[str] = set()
    for i, cell in enumerate(nb.get("cells", [])):
        meta = {k: v for k, v in cell.get("metadata", {}).items() if k not in RUN_KEYS}
        if meta.get("tags") == []:
            del meta["tags"]
        cell["metadata"] = meta
        if "outputs" in cell:
            cell["outputs"] = merge_streams(cell["outputs"])
        cid = cell.get("id")
        if not cid or cid in seen:
            src = "".join(cell.get("source", ""))
            cid = hashlib.sha1(f"{i}:{src}".encode()).hexdigest()[:8]
        seen.add(cid)
        cell["id"] = cid
    return nb


def main(argv: list[str]) -> int:
    for name in argv:
        path = Path(name)
        nb = strip(json.loads(path.read_text()))
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
