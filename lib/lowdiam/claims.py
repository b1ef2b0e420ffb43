"""The claims scorecard: every published number a notebook checks, with our value and its scale.

Each notebook calls :func:`use_notebook` once, then :func:`record` per claim;
records go to ``<claims dir>/<notebook>.json`` (:func:`lowdiam.paths.claims_dir`,
rewritten whole on every run, so a rerun never accumulates stale rows).
``make figures`` ends with :func:`render`, which gathers all of them into
``figures/claims.md``.

Every claim states the **scale** it was measured at:

* ``paper``         -- the paper's own network *and* settings;
* ``paper-network`` -- the paper's own network, but some settings differ from the paper's
  (``differs=`` lists them: packet size, buffers, simulator, routing variant, ...);
* ``stand-in``      -- a smaller network than the paper's (``stand_in=`` names it and its parameters);
* ``exact``         -- a formula or structural fact that does not depend on the profile;
* ``arithmetic``    -- a check of the paper's own printed numbers against each other (e.g. a ratio
  of two of its columns): the paper's arithmetic, not a reproduction.

One verdict per paper statement: where a statement is also evaluated under another choice than the
one fixed for the paper (another routing, another wiring), that row names the counted claim it varies
(``sensitivity_of=``) and is shown, but counted in no total.

A tolerance may not exceed the magnitude of the number it tests (a "gain of 8 % +/- 10 points"
cannot fail on the sign) unless the record says why (``wide_tolerance=``).

A claim's **status** is derived from its values, tolerance, explanation and
scale, both when it is recorded and again when the scorecard is rendered (a
status stored in a file is never trusted):

* ``match``              -- our value is within the stated tolerance of the paper's;
* ``mismatch-explained`` -- it is not, and the record says why (``explanation=``);
* ``mismatch``           -- it is not, and we have no explanation;
* ``stand-in``           -- a paper's scale-dependent number (anything but a
  yes/no, set or text shape statement) measured on a stand-in network: shown
  with both values, never counted as a match or a mismatch.

A failed claim is data, never an exception: notebooks assert that their
*computations* are sound, not that the papers are right.  Malformed input is
an exception: a non-finite value, an infinite or negative tolerance, a
duplicate id, details that are not JSON.

Examples
--------
>>> import tempfile
>>> from lowdiam import claims
>>> d = tempfile.mkdtemp()
>>> claims.use_notebook("demo", d)
>>> claims.record("ps-iq-routers", "PolarStar Table 3", "PS-IQ routers", 1064, 1064, 0, scale="paper").status
'match'
>>> claims.record("ps-mean", "PolarStar Fig. 12", "mean", 0.3, 0.31, 0.05, scale="stand-in",
...               stand_in="PS-IQ(5,3), 248 routers").status
'stand-in'
>>> claims.format_tolerance("5%"), claims.format_tolerance(0.05), claims.format_tolerance(None)
('± 5 %', '± 0.05', 'exact')
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from . import paths

__all__ = [
    "SCALES",
    "SCALE_TEXT",
    "STATUSES",
    "Claim",
    "compare",
    "derive_status",
    "format_tolerance",
    "kebab",
    "load",
    "load_checked",
    "record",
    "records",
    "render",
    "summary",
    "tolerance_exceeds_value",
    "use_notebook",
    "verdict_table",
]

STATUSES = ("match", "mismatch-explained", "mismatch", "stand-in")
SCALES = ("paper", "paper-network", "stand-in", "exact", "arithmetic")
NOT_STATED = "scale not stated"
#: what each scale means, one phrase (the scorecard's legend)
SCALE_TEXT = {
    "paper": "the paper's own network and settings",
    "paper-network": "the paper's own network; the settings that differ from the paper's are listed in the row",
    "stand-in": "a smaller network (named in the row)",
    "exact": "a formula or structural fact that does not depend on the profile",
    "arithmetic": "the paper's own printed numbers checked against each other (not a reproduction)",
}


@dataclass(frozen=True)
class Claim:
    """One published value compared with ours (see the module docstring for ``scale`` and ``status``); frozen, so
    the scorecard file serialises each recorded claim once."""

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
    scale: str | None = None
    stand_in: str = ""
    explanation: str = ""
    figure: str = ""
    differs: list = field(default_factory=list)
    sensitivity_of: str = ""
    wide_tolerance: str = ""
    routing: str = ""

    @property
    def counted(self) -> bool:
        """Whether the claim counts in the scorecard's totals (a sensitivity row does not)."""
        return not self.sensitivity_of

    def __str__(self) -> str:
        where = self.scale or NOT_STATED
        if self.stand_in:
            where += f": {self.stand_in}"
        if self.differs:
            where += ": " + "; ".join(self.differs)
        if self.sensitivity_of:
            where += f"; sensitivity of {self.sensitivity_of}, not counted"
        return (f"{self.claim_id}: {self.status} (paper {_fmt(self.paper_value)}, ours {_fmt(self.our_value)}, "
                f"{format_tolerance(self.tolerance)}; {where})")

    def _repr_pretty_(self, printer, cycle) -> None:  # IPython shows the one-line summary, not the dataclass repr
        printer.text(str(self))


# --------------------------------------------------------------------------------------------- values


def _plain(x: Any) -> Any:
    """numpy scalars and arrays to Python numbers and lists; everything else unchanged."""
    if hasattr(x, "tolist") and callable(x.tolist) and type(x).__module__ == "numpy":
        return x.tolist()
    if hasattr(x, "item") and callable(x.item) and type(x).__module__ == "numpy":
        return x.item()
    return x


def _is_number(x: Any) -> bool:
    x = _plain(x)
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _finite_everywhere(x: Any) -> bool:
    x = _plain(x)
    if isinstance(x, float):
        return math.isfinite(x)
    if isinstance(x, (list, tuple, set, frozenset)):
        return all(_finite_everywhere(v) for v in x)
    if isinstance(x, dict):
        return all(_finite_everywhere(v) for v in x.values())
    return True


def _check_tolerance(tolerance: Any) -> None:
    if tolerance is None or tolerance == "range":
        return
    if isinstance(tolerance, str):
        if not tolerance.endswith("%"):
            raise ValueError(f"tolerance string must be a percentage like '5%' or 'range', got {tolerance!r}")
        value = float(tolerance[:-1])
    elif _is_number(tolerance):
        value = float(_plain(tolerance))
    else:
        raise ValueError(f"tolerance must be a number, a percentage string, 'range' or None, got {tolerance!r}")
    if not math.isfinite(value) or value < 0:
        raise ValueError(f"tolerance must be finite and >= 0, got {tolerance!r}")


def tolerance_exceeds_value(paper_value: Any, tolerance: Any) -> bool:
    """True when ``tolerance`` is wider than the magnitude of the number ``paper_value`` it tests.

    Only single numbers are tested (a range, a yes/no, a set or a list are not); a relative tolerance
    exceeds its value above 100 %, an absolute one above ``abs(paper_value)`` (any positive tolerance
    of a published 0).

    Examples
    --------
    >>> tolerance_exceeds_value(2.2, 2.5), tolerance_exceeds_value(0.08, 0.04), tolerance_exceeds_value(5, "150%")
    (True, False, True)
    >>> tolerance_exceeds_value(0.0, 0.005), tolerance_exceeds_value((0.4, 0.6), "range")
    (True, False)
    """
    _check_tolerance(tolerance)
    paper_value = _plain(paper_value)
    if tolerance is None or tolerance == "range" or not _is_number(paper_value):
        return False
    if isinstance(tolerance, str):
        return float(tolerance[:-1]) > 100.0
    return float(_plain(tolerance)) > abs(paper_value)


def compare(paper_value: Any, our_value: Any, tolerance: Any = 0) -> bool:
    """True when ``our_value`` agrees with ``paper_value`` under ``tolerance``.

    Parameters
    ----------
    paper_value, our_value
        Numbers (Python or numpy), ``(lo, hi)`` ranges, sets, lists, strings or bools.
    tolerance
        Absolute (``0.5``), relative as a percentage string (``"5%"``), ``None`` for exact, or
        ``"range"`` when ``paper_value`` is ``(lo, hi)`` (``our_value`` a number, or a list of numbers that
        must all lie in the range: one statement over several cases).  Infinite or negative tolerances are refused.

    Returns
    -------
    bool
        Whether the values agree; a NaN never agrees.

    Examples
    --------
    >>> import numpy as np
    >>> compare(10, np.int64(11), 2), compare(100, 104.9, "5%"), compare((0.5, 0.6), 0.55, "range")
    (True, True, True)
    >>> compare({1, 2}, [2, 1]), compare(1.0, float("nan"), 1)
    (True, False)
    """
    _check_tolerance(tolerance)
    paper_value, our_value = _plain(paper_value), _plain(our_value)
    if tolerance == "range":
        lo, hi = _range(paper_value)
        if isinstance(our_value, (list, tuple)):  # one statement over several values: every one in the range
            return bool(our_value) and all(compare(paper_value, v, "range") for v in our_value)
        return _is_number(our_value) and not math.isnan(our_value) and lo <= our_value <= hi
    if isinstance(paper_value, bool) or isinstance(our_value, bool):  # a yes/no is never the number 0 or 1
        return type(paper_value) is type(our_value) and paper_value == our_value
    if _is_number(paper_value) and _is_number(our_value):
        if math.isnan(our_value) or math.isnan(paper_value):
            return False
        if tolerance is None:
            return paper_value == our_value
        if isinstance(tolerance, str):
            return abs(our_value - paper_value) <= float(tolerance[:-1]) / 100.0 * abs(paper_value)
        return abs(our_value - paper_value) <= float(_plain(tolerance))
    if isinstance(paper_value, (set, frozenset)) or isinstance(our_value, (set, frozenset)):
        return set(paper_value) == set(our_value)
    if isinstance(paper_value, (list, tuple)) and isinstance(our_value, (list, tuple)):
        # element by element, under the same tolerance (a list of numbers is as close as its worst entry)
        return len(paper_value) == len(our_value) and all(
            compare(p, o, tolerance) for p, o in zip(paper_value, our_value))
    return paper_value == our_value


def _range(paper_value: Any) -> tuple[float, float]:
    """``(lo, hi)`` of a ``"range"`` claim: two finite numbers with lo <= hi (a reversed range is refused)."""
    if not isinstance(paper_value, (list, tuple)) or len(paper_value) != 2:
        raise ValueError(f"tolerance 'range' needs paper_value (lo, hi), got {paper_value!r}")
    lo, hi = (_plain(v) for v in paper_value)
    if not (_is_number(lo) and _is_number(hi)) or not (math.isfinite(lo) and math.isfinite(hi)):
        raise ValueError(f"tolerance 'range' needs two finite numbers (lo, hi), got {paper_value!r}")
    if lo > hi:
        raise ValueError(f"tolerance 'range' needs lo <= hi, got the reversed range {paper_value!r}")
    return lo, hi


def _is_shape(paper_value: Any, tolerance: Any = None) -> bool:
    """A yes/no, set, sequence or text statement (an ordering, a trend), which a stand-in network can support."""
    return isinstance(paper_value, (bool, str, set, frozenset)) or (
        isinstance(paper_value, (list, tuple)) and tolerance != "range"
    )


def derive_status(paper_value: Any, our_value: Any, tolerance: Any, explanation: str = "",
                  scale: str | None = None) -> str:
    """The status a claim's values imply (see the module docstring).

    Examples
    --------
    >>> derive_status(1064, 1064, 0, scale="paper"), derive_status(993, 949, 0, "typo", scale="paper")
    ('match', 'mismatch-explained')
    >>> derive_status(0.3, 0.3, 0.01, scale="stand-in"), derive_status(True, True, None, scale="stand-in")
    ('stand-in', 'match')
    """
    if scale == "stand-in" and not _is_shape(_plain(paper_value), tolerance):
        return "stand-in"
    if compare(paper_value, our_value, tolerance):
        return "match"
    return "mismatch-explained" if explanation else "mismatch"


def kebab(claim_id: str) -> str:
    """The kebab-case form of a claim id: lower case, every run of other characters one hyphen.

    Examples
    --------
    >>> kebab("gf-table5-GF(11,29,1,10)-routers"), kebab("edst_universal_count")
    ('gf-table5-gf-11-29-1-10-routers', 'edst-universal-count')
    """
    out = re.sub(r"[^a-z0-9]+", "-", str(claim_id).lower()).strip("-")
    if not out:
        raise ValueError(f"claim id {claim_id!r} has no letters or digits")
    return out


def _jsonable(x: Any) -> Any:
    x = _plain(x)
    if isinstance(x, (set, frozenset)):
        return sorted((_jsonable(v) for v in x), key=lambda v: (str(type(v)), v))
    if isinstance(x, (list, tuple)):
        return [_jsonable(v) for v in x]
    if isinstance(x, dict):
        return {str(k): _jsonable(v) for k, v in x.items()}
    return x


def _dumps(obj: Any) -> str:
    return json.dumps(_jsonable(obj), indent=1, allow_nan=False)


# -------------------------------------------------------------------------------------------- recording


class _Scorecard:
    def __init__(self) -> None:
        self.notebook = ""
        self.directory: Path | None = None
        self.claims: list[Claim] = []
        self._texts: dict[int, str] = {}  # id(claim) -> its JSON, indented as an item of the file's list

    def path(self) -> Path:
        return Path(self.directory) / f"{self.notebook}.json"

    def _text(self, claim: Claim) -> str:
        """``claim``'s part of :meth:`save`'s file: its ``_dumps`` with every line one space deeper (a list
        item's indentation), kept per claim (a :class:`Claim` is frozen), so each save serialises one claim."""
        text = self._texts.get(id(claim))
        if text is None:
            text = self._texts[id(claim)] = " " + _dumps(asdict(claim)).replace("\n", "\n ")
        return text

    def save(self) -> None:
        """Write the scorecard whole (atomically, after every record: a crash loses no recorded claim); the
        text equals ``_dumps`` of the list of claims (JSON escapes newlines inside strings, so a line break in
        the text is always indentation's)."""
        self._texts = {id(c): self._text(c) for c in self.claims}
        body = "[\n" + ",\n".join(self._texts[id(c)] for c in self.claims) + "\n]" if self.claims else "[]"
        paths.write_atomic(self.path(), body + "\n")


_CARD = _Scorecard()


def use_notebook(name: str, directory: str | Path | None = None) -> None:
    """Start a fresh scorecard for notebook ``name`` written under ``directory`` (default: the claims dir).

    Parameters
    ----------
    name : str
        The notebook's file stem, e.g. ``"03_bisection"``.
    directory : str or pathlib.Path, optional
        Folder of the JSON records; :func:`lowdiam.paths.claims_dir` when omitted.
    """
    if not name or "/" in name or "\\" in name:
        raise ValueError(f"notebook name must be a plain file stem, got {name!r}")
    _CARD.notebook = name
    _CARD.directory = Path(directory) if directory is not None else paths.claims_dir()
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
    scale: str | None = None,
    stand_in: str = "",
    explanation: str = "",
    note: str = "",
    figure: str = "",
    details: dict | None = None,
    differs: str | Sequence[str] = (),
    sensitivity_of: str = "",
    wide_tolerance: str = "",
    routing: str = "",
) -> Claim:
    """Compare and store one claim; returns the :class:`Claim` (status included).

    Parameters
    ----------
    claim_id : str
        Unique within the notebook; stored in kebab-case (:func:`kebab`).
    paper, what : str
        The source (``"PolarStar Fig. 12"``) and what is compared.
    paper_value, our_value
        The published and the measured value; NaN and infinities are refused.
    tolerance
        See :func:`compare`.
    scale : {"paper", "paper-network", "stand-in", "exact", "arithmetic"}, optional
        Where the value was measured (module docstring); omitted, the scorecard lists the claim under
        "scale not stated".
    stand_in : str
        For ``scale="stand-in"``: the network measured and its parameters (required there).
    differs : str or sequence of str
        For ``scale="paper-network"``: each setting that differs from the paper's, with the paper's value
        (required there, refused elsewhere).
    sensitivity_of : str
        The id of the counted claim (recorded earlier in this notebook) whose statement this row evaluates
        under another choice; the row is shown but not counted.
    wide_tolerance : str
        Why a tolerance wider than the number it tests is right here (see :func:`tolerance_exceeds_value`);
        without it such a tolerance is refused.
    routing : str
        For a simulation claim: the routing(s) it ran, by registry name (``lowdiam.sim.routings``), with a phrase
        where the name alone does not say it (e.g. ``"gf-min (the paper's MIN, Sec. 4.1)"``).
    explanation : str
        Why the values disagree; turns ``mismatch`` into ``mismatch-explained``.
    note : str
        What is known, shown for any status (does not change the status).
    figure : str
        Stem of the figure under ``figures/`` that shows the claim, linked from the scorecard.
    details : dict, optional
        Extra JSON-serialisable data.

    Returns
    -------
    Claim
        The stored record.

    Examples
    --------
    >>> import tempfile
    >>> use_notebook("demo", tempfile.mkdtemp())
    >>> record("Table3_PS-Pal", "PolarStar Table 3", "routers", 993, 949, 0, scale="paper",
    ...        explanation="typo: 73 x 13 = 949").status
    'mismatch-explained'
    >>> records()[0].claim_id
    'table3-ps-pal'
    >>> try:
    ...     record("gain", "Galaxyfly Fig. 9", "gain over SF", 0.08, 0.09, 0.1, scale="exact")
    ... except ValueError as err:
    ...     print(str(err)[:59])
    claim 'gain': tolerance 0.1 is wider than the value 0.08 it
    >>> record("sat", "Galaxyfly Fig. 7", "saturation", 0.15, 0.24, 0.05, scale="paper-network",
    ...        differs=["4-flit packets (paper: 1)"]).scale
    'paper-network'
    """
    if not _CARD.notebook:
        raise RuntimeError("call claims.use_notebook(<notebook name>) before claims.record(...)")
    cid = kebab(claim_id)
    if any(c.claim_id == cid for c in _CARD.claims):
        raise ValueError(f"duplicate claim id {cid!r} in notebook {_CARD.notebook!r} "
                         "(rerun the notebook from claims.use_notebook to record it afresh)")
    if scale is not None and scale not in SCALES:
        raise ValueError(f"scale must be one of {SCALES} or None, got {scale!r}")
    if scale == "stand-in" and not stand_in:
        raise ValueError(f"claim {cid!r}: scale='stand-in' needs stand_in= naming the network and its parameters")
    if stand_in and scale != "stand-in":
        raise ValueError(f"claim {cid!r}: stand_in= given but scale is {scale!r}")
    differs = [differs] if isinstance(differs, str) else list(differs)
    if any(not isinstance(d, str) or not d.strip() for d in differs):
        raise TypeError(f"claim {cid!r}: differs= must be non-empty strings, got {differs!r}")
    if scale == "paper-network" and not differs:
        raise ValueError(f"claim {cid!r}: scale='paper-network' needs differs= listing the settings that differ "
                         "from the paper's")
    if differs and scale != "paper-network":
        raise ValueError(f"claim {cid!r}: differs= given but scale is {scale!r} (use scale='paper-network')")
    if sensitivity_of:
        target = kebab(sensitivity_of)
        if target == cid or not any(c.claim_id == target and c.counted for c in _CARD.claims):
            raise ValueError(f"claim {cid!r}: sensitivity_of={sensitivity_of!r} must name a counted claim recorded "
                             f"earlier in notebook {_CARD.notebook!r}")
        sensitivity_of = target
    if tolerance_exceeds_value(paper_value, tolerance) and not wide_tolerance:
        raise ValueError(f"claim {cid!r}: tolerance {tolerance!r} is wider than the value {paper_value!r} it tests; "
                         "narrow it or say why in wide_tolerance=")
    for name, value in (("paper_value", paper_value), ("our_value", our_value)):
        if not _finite_everywhere(value):
            raise ValueError(f"claim {cid!r}: {name} {value!r} is not finite; record what was measured instead")
    status = derive_status(paper_value, our_value, tolerance, explanation, scale)  # validates the tolerance
    if isinstance(paper_value, (set, frozenset)) or isinstance(our_value, (set, frozenset)):
        paper_value, our_value = set(paper_value), set(our_value)  # stored sorted: equal sets stay equal on reload
    claim = Claim(
        claim_id=cid, paper=str(paper), what=str(what),
        paper_value=_jsonable(paper_value), our_value=_jsonable(our_value), tolerance=_jsonable(tolerance),
        status=status, notebook=_CARD.notebook, note=str(note), details=_jsonable(details or {}),
        scale=scale, stand_in=str(stand_in), explanation=str(explanation) if status != "match" else "",
        figure=str(figure), differs=differs, sensitivity_of=str(sensitivity_of), wide_tolerance=str(wide_tolerance),
        routing=str(routing),
    )
    try:  # a record that cannot be written must not poison the file for every later record
        _dumps(asdict(claim))
    except (TypeError, ValueError) as exc:
        raise TypeError(f"claim {cid!r} is not JSON-serialisable (details or values): {exc}") from None
    _CARD.claims.append(claim)
    _CARD.save()
    return claim


def records() -> list[Claim]:
    """The claims recorded so far by the current notebook."""
    return list(_CARD.claims)


def summary(claims: Sequence[Claim] | None = None) -> str:
    """Counts by scale and status of ``claims`` (default: the current notebook's), one line per scale.

    Examples
    --------
    >>> import tempfile
    >>> use_notebook("demo", tempfile.mkdtemp())
    >>> _ = record("a", "P", "w", 1, 1, 0, scale="exact")
    >>> print(summary())
    1 claims
      exact: 1 match
    """
    claims = list(_CARD.claims if claims is None else claims)
    lines = [f"{len(claims)} claims"]
    if any(not c.counted for c in claims):
        lines[0] += f" ({sum(not c.counted for c in claims)} sensitivity rows, not counted)"
        claims = [c for c in claims if c.counted]
    for scale in _SCALE_ORDER:
        sel = [c for c in claims if _scale_of(c) == scale]
        if sel:
            counts = ", ".join(f"{sum(c.status == st for c in sel)} {st}" for st in STATUSES
                               if any(c.status == st for c in sel))
            lines.append(f"  {scale}: {counts}")
    return "\n".join(lines)


# -------------------------------------------------------------------------------------------- loading

_FIELDS = {f.name for f in fields(Claim)}
_REQUIRED = ("claim_id", "paper", "what", "paper_value", "our_value", "tolerance")
_TEXT_FIELDS = ("claim_id", "paper", "what", "status", "notebook", "note", "stand_in", "explanation", "figure",
                "sensitivity_of", "wide_tolerance", "routing")


def _claim_from_row(row: Any, notebook: str) -> Claim:
    if not isinstance(row, dict):
        raise TypeError("record is not a JSON object")
    missing = [k for k in _REQUIRED if k not in row]
    if missing:
        raise ValueError(f"missing fields {missing}")
    unknown = set(row) - _FIELDS
    if unknown:
        raise ValueError(f"unknown fields {sorted(unknown)}")
    row = dict(row)
    for k in _TEXT_FIELDS:
        if k in row and not isinstance(row[k], str):
            raise TypeError(f"field {k!r} must be a string, got {type(row[k]).__name__} {row[k]!r}")
    kebab(row["claim_id"])  # an id without letters or digits is a ValueError here, reported with its file
    if "details" in row and not isinstance(row["details"], dict):
        raise TypeError(f"field 'details' must be a JSON object, got {type(row['details']).__name__}")
    if "explanation" not in row and row.get("status") == "mismatch-explained":
        row["explanation"], row["note"] = row.get("note", ""), ""  # records written before explanation/note split
    scale = row.get("scale")
    if scale is not None and scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}")
    if scale == "stand-in" and not row.get("stand_in"):
        raise ValueError("scale 'stand-in' without the stand-in's description")
    differs = row.get("differs", [])
    if not isinstance(differs, list) or any(not isinstance(d, str) or not d.strip() for d in differs):
        raise TypeError(f"field 'differs' must be a list of non-empty strings, got {differs!r}")
    if (scale == "paper-network") != bool(differs):
        raise ValueError("scale 'paper-network' needs the differing settings (differs), and only it has them")
    for k in ("sensitivity_of", "wide_tolerance"):
        if not isinstance(row.get(k, ""), str):
            raise TypeError(f"field {k!r} must be a string")
    if tolerance_exceeds_value(row["paper_value"], row["tolerance"]) and not row.get("wide_tolerance"):
        raise ValueError(f"tolerance {row['tolerance']!r} is wider than the value {row['paper_value']!r} it tests "
                         "and no wide_tolerance reason is given")
    for k in ("paper_value", "our_value"):
        if not _finite_everywhere(row[k]):
            raise ValueError(f"{k} is not finite")
    stored = row.get("status", "")
    row["status"] = derive_status(
        row["paper_value"], row["our_value"], row["tolerance"], row.get("explanation", ""), scale
    )
    row.setdefault("notebook", notebook)
    claim = Claim(**row)
    if stored != claim.status:
        claim = replace(claim, details={**claim.details, "_stored_status": stored})
    return claim


def load_checked(directory: str | Path | None = None) -> tuple[list[Claim], list[str]]:
    """All claims under ``directory`` and a list of problems, one per bad file or record.

    Statuses are recomputed from the values; a stored status that differs is kept in
    ``details["_stored_status"]`` and reported as a problem.  A bad record is reported with its
    file and id and skipped; the others load.  Duplicate ids (in a file, or across files) are problems.

    Parameters
    ----------
    directory : str or pathlib.Path, optional
        Folder of ``*.json`` records; :func:`lowdiam.paths.claims_dir` when omitted.

    Returns
    -------
    (list of Claim, list of str)
    """
    directory = Path(directory) if directory is not None else paths.claims_dir()
    if not directory.is_dir():  # a typo must not render an empty scorecard
        raise ValueError(f"claims folder {directory} does not exist (or is not a folder)")
    out: list[Claim] = []
    problems: list[str] = []
    seen: dict[str, str] = {}
    for path in sorted(directory.glob("*.json")):
        try:
            rows = json.loads(path.read_text(), parse_constant=lambda c: float(c))
        except (OSError, ValueError) as exc:
            problems.append(f"`{path.name}`: unreadable ({exc})")
            continue
        if not isinstance(rows, list):
            problems.append(f"`{path.name}`: not a list of records")
            continue
        for i, row in enumerate(rows):
            cid = row.get("claim_id", f"#{i}") if isinstance(row, dict) else f"#{i}"
            try:
                claim = _claim_from_row(row, path.stem)
            except (TypeError, ValueError) as exc:
                problems.append(f"`{path.name}` record `{cid}`: {exc}; skipped")
                continue
            same = kebab(claim.claim_id)  # ids are kebab-case: "Ab_c" and "ab-c" are one claim
            if same in seen:
                problems.append(
                    f"`{path.name}` record `{cid}`: duplicate id (also in `{seen[same]}` as `{same}`); skipped"
                )
                continue
            seen[same] = path.name
            if claim.sensitivity_of and not any(c.claim_id == claim.sensitivity_of and c.counted
                                                and c.notebook == claim.notebook for c in out):
                problems.append(f"`{path.name}` record `{cid}`: sensitivity_of {claim.sensitivity_of!r} names no "
                                "counted claim recorded before it in the same notebook; skipped")
                continue
            stored = claim.details.get("_stored_status")
            if stored is not None:
                problems.append(f"`{path.name}` record `{cid}`: stored status {stored!r} differs from the "
                                f"values' {claim.status!r}; shown as {claim.status!r}")
            out.append(claim)
    return out, problems


def load(directory: str | Path | None = None) -> list[Claim]:
    """All well-formed claims under ``directory``, statuses recomputed (see :func:`load_checked`)."""
    return load_checked(directory)[0]


# ------------------------------------------------------------------------------------------ rendering


def format_tolerance(tolerance: Any) -> str:
    """One notation for every tolerance: ``exact``, ``± 0.05``, ``± 5 %`` or ``range``."""
    if tolerance is None or (_is_number(tolerance) and tolerance == 0):
        return "exact"
    if tolerance == "range":
        return "in range"
    if isinstance(tolerance, str) and tolerance.endswith("%"):
        return f"± {tolerance[:-1].strip()} %"
    return f"± {_fmt(tolerance)}"


def _fmt(x: Any) -> str:
    if isinstance(x, bool):
        return "yes" if x else "no"
    if isinstance(x, float):
        return f"{x:.4g}"
    if isinstance(x, list):
        return "[" + ", ".join(_fmt(v) for v in x) + "]"
    return str(x).replace("|", "\\|").replace("\n", " ")


def paper_of(claim: Claim) -> str:
    """The paper a claim's source names (its first word: PolarStar, SpectralFly, Galaxyfly, Polarized, EDST)."""
    word = re.split(r"[\s/(,]+", claim.paper.strip(), maxsplit=1)[0]
    return word or "?"


def _scale_of(c: Claim) -> str:
    return c.scale if c.scale in SCALES else NOT_STATED


_SCALE_ORDER = (*SCALES, NOT_STATED)


def _row(c: Claim, link_base: str) -> str:
    where = f"[{c.notebook}]({link_base}notebooks/{c.notebook}.ipynb)"
    if c.figure:
        where += f", [fig]({c.figure}.png)"
    scale = _scale_of(c) + (f": {_fmt(c.stand_in)}" if c.stand_in else "") + (
        f" ({_fmt('; '.join(c.differs))})" if c.differs else "")
    note = "; ".join(s for s in (c.explanation, c.note, str(c.details.get("note", ""))) if s)
    status = f"**{c.status}**" + (f" (sensitivity of {c.sensitivity_of}; not counted)" if c.sensitivity_of else "")
    what = c.what + (f" [routing: {c.routing}]" if c.routing else "")
    return (f"| {c.claim_id} | {_fmt(c.paper)} | {_fmt(what)} | {_fmt(c.paper_value)} | {_fmt(c.our_value)} | "
            f"{format_tolerance(c.tolerance)} | {scale} | {status} | {_fmt(note)} | {where} |")


def verdict_table(*, figures: Sequence[str] | None = None, prefix: str | None = None, show: bool = True) -> str:
    """The current notebook's recorded claims shown by ``figures`` (stems) and/or whose ids start with ``prefix``, as
    a short Markdown table (claim, paper, ours, scale, routing, rule, status) to print under a figure; rendered in a
    notebook when ``show``.  ``rule`` is the run control a simulation claim was judged under
    (``details["run_control"]``).

    Examples
    --------
    >>> import tempfile
    >>> use_notebook("demo", tempfile.mkdtemp())
    >>> _ = record("a-b", "P", "w", (0.75, 1.0), 0.7, "range", scale="paper", figure="f1",
    ...            details={"run_control": "booksim"}, routing="polarstar-min")
    >>> print(verdict_table(figures=["f1"], show=False))
    | claim | paper | ours | scale | routing | rule | status |
    |---|---|---|---|---|---|---|
    | a-b | [0.75, 1] | 0.7 | paper | polarstar-min | booksim | **mismatch** |
    """
    if figures is None and prefix is None:
        raise ValueError("verdict_table needs figures= (figure stems) or prefix= (claim id prefix)")
    figs = None if figures is None else set(figures)
    sel = [c for c in _CARD.claims if (figs is None or c.figure in figs)
           and (prefix is None or c.claim_id.startswith(kebab(prefix)))]
    lines = ["| claim | paper | ours | scale | routing | rule | status |", "|---|---|---|---|---|---|---|"]
    lines += [f"| {c.claim_id} | {_fmt(list(c.paper_value) if isinstance(c.paper_value, tuple) else c.paper_value)} | "
              f"{_fmt(c.our_value)} | {_scale_of(c)} | {_fmt(c.routing)} | "
              f"{c.details.get('run_control', '') if c.details else ''} | "
              f"**{c.status}**{' (sensitivity, not counted)' if c.sensitivity_of else ''} |" for c in sel]
    text = "\n".join(lines)
    if show:
        from .plotting import show_markdown

        show_markdown(text)
    return text


_HEADER = ["| claim | source | what | paper | ours | tolerance | scale | status | note | where |",
           "|---|---|---|---|---|---|---|---|---|---|"]


def render(directory: str | Path | None = None, out: str | Path | None = None) -> Path:
    """Write the markdown scorecard of every notebook's claims; returns its path.

    Statuses are recomputed from the values (:func:`load_checked`); bad records are listed under
    "Problems" with their file and id.  The totals are split by paper and by scale; claims without a
    scale are listed under "scale not stated" and never counted as matches.

    Parameters
    ----------
    directory : str or pathlib.Path, optional
        Folder of the JSON records (default :func:`lowdiam.paths.claims_dir`).
    out : str or pathlib.Path, optional
        The markdown file (default ``<figures dir>/claims.md``).

    Returns
    -------
    pathlib.Path
    """
    out = Path(out) if out is not None else paths.figures_dir() / "claims.md"
    claims, problems = load_checked(directory)
    link_base = "../"  # claims.md lives in figures/; notebooks/ is its sibling
    papers = sorted({paper_of(c) for c in claims})
    counted = [c for c in claims if c.counted]
    sensitivity = [c for c in claims if not c.counted]
    count: dict[tuple[str, str, str], int] = {}
    for c in counted:
        key = (paper_of(c), _scale_of(c), c.status)
        count[key] = count.get(key, 0) + 1

    def n(paper=None, scale=None, status=None) -> int:
        def wanted(p, s, st) -> bool:
            return (paper is None or p == paper) and (scale is None or s == scale) and (status is None or st == status)

        return sum(v for (p, s, st), v in count.items() if wanted(p, s, st))

    def verdicts(scale: str) -> str:
        return (f"{n(scale=scale, status='match')} match, {n(scale=scale, status='mismatch-explained')} "
                f"mismatch-explained, {n(scale=scale, status='mismatch')} mismatch")

    lines = [
        "# Claims scorecard",
        "",
        "Every published value the notebooks check, regenerated by `make figures` (`python -m lowdiam.claims`)",
        "from `figures/claims/*.json`; statuses are recomputed from the values when this page is written.",
        "",
        "**Scale**: " + "; ".join(f"`{k}` = {v}" for k, v in SCALE_TEXT.items()) + ".",
        "**Status**: `match` (within tolerance), `mismatch-explained` (we disagree and say why), `mismatch`",
        "(we disagree and cannot say why), `stand-in` (a paper's scale-dependent number measured on a smaller",
        "network: both values shown, counted neither as a match nor as a mismatch). A stand-in can support",
        "a shape (an ordering, a trend: a yes/no claim), which is then compared as usual.",
        "**One verdict per statement**: a row that evaluates a statement under another choice than the one fixed for",
        "the paper (another routing or wiring) names the counted claim it varies and is listed under",
        "\"Sensitivity rows\", counted in no total.",
        "",
        (f"**Headline.** On the papers' own networks with their settings: {verdicts('paper')}. "
         f"On the papers' own networks with other settings (each row lists them): {verdicts('paper-network')}. "
         f"On stand-in networks: {n(scale='stand-in', status='stand-in')} numbers shown without a verdict, "
         f"{n(scale='stand-in', status='match')} shape claims match, "
         f"{n(scale='stand-in', status='mismatch') + n(scale='stand-in', status='mismatch-explained')} do not. "
         f"Exact structural facts and formulas: {verdicts('exact')}. "
         f"The papers' arithmetic (printed numbers checked against each other, not reproductions): "
         f"{verdicts('arithmetic')}. Scale not stated: {n(scale=NOT_STATED)}. "
         f"Sensitivity rows, not counted: {len(sensitivity)}."),
        "",
        "## Summary by paper and scale",
        "",
        "| paper | scale | match | mismatch-explained | mismatch | stand-in | total |",
        "|---|---|---|---|---|---|---|",
    ]
    for p in papers:
        for s in _SCALE_ORDER:
            if n(paper=p, scale=s):
                cells = " | ".join(str(n(paper=p, scale=s, status=st)) for st in STATUSES)
                lines.append(f"| {p} | {s} | {cells} | {n(paper=p, scale=s)} |")
    cells = " | ".join(str(n(status=st)) for st in STATUSES)
    lines += [f"| **all** | | {cells} | {len(counted)} |", "",
              f"Not counted above: {len(sensitivity)} sensitivity rows (see \"Sensitivity rows\").", ""]
    if problems:
        lines += ["## Problems in the records", ""] + [f"- {p}" for p in problems] + [""]
    unexplained = [c for c in counted if c.status == "mismatch"]
    lines += ["## Unexplained mismatches", ""]
    if unexplained:
        lines += _HEADER + [_row(c, link_base) for c in unexplained]
    else:
        lines.append("None.")
    lines.append("")
    from .published.not_computable import NOT_COMPUTABLE

    lines += ["## Not computable here", "",
              "Claims of the papers that no notebook can compute, with the reason "
              "(`lowdiam.published.not_computable`).", "", "| paper | claim | why not |", "|---|---|---|"]
    lines += [f"| {p} | {what} | {why} |" for p, what, why in NOT_COMPUTABLE] + [""]
    unscaled = [c for c in claims if _scale_of(c) == NOT_STATED]
    if unscaled:
        lines += ["## Scale not stated", "", "Not counted as matches until their notebook states the scale.", ""]
        lines += _HEADER + [_row(c, link_base) for c in unscaled] + [""]
    if sensitivity:
        lines += ["## Sensitivity rows", "",
                  "The same statement under another choice than the paper's (the column `sensitivity of` names the "
                  "counted claim); shown, counted in no total.", "",
                  "| claim | sensitivity of | paper | ours | tolerance | status | note |",
                  "|---|---|---|---|---|---|---|"]
        lines += [f"| {c.claim_id} | {c.sensitivity_of} | {_fmt(c.paper_value)} | {_fmt(c.our_value)} | "
                  f"{format_tolerance(c.tolerance)} | {c.status} | {_fmt(c.explanation or c.note)} |"
                  for c in sensitivity]
        lines.append("")
    by_nb: dict[str, list[Claim]] = {}
    for c in claims:
        by_nb.setdefault(c.notebook, []).append(c)
    for nb, rows in by_nb.items():
        lines += [f"## {nb}", "", f"Notebook: [`notebooks/{nb}.ipynb`]({link_base}notebooks/{nb}.ipynb)", ""]
        lines += _HEADER + [_row(c, link_base) for c in rows] + [""]
    paths.write_atomic(out, "\n".join(lines))
    return out


def _main(argv: Sequence[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(description="Render the claims records (JSON) into a markdown scorecard")
    ap.add_argument("directory", nargs="?", default=None, help="records folder (default: lowdiam.paths.claims_dir())")
    ap.add_argument("out", nargs="?", default=None, help="markdown file (default: <figures>/claims.md)")
    args = ap.parse_args(argv)
    path = render(args.directory, args.out)
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(_main())
