"""Property-based fuzzing of the boundaries issue 56 found leaky: result logs cut anywhere, the claims scorecard,
simulator options that used to be rounded or wrapped (hotspot endpoints, Polarized weights, motif sizes, METIS
seeds) and the CAMINOS model's counters.

Same shape as the other fuzz files: an input is refused with a clean ``ValueError`` / ``TypeError``, or accepted
and then the result is exactly what an independent reading of the input says.  Deterministic and bounded.
"""

from __future__ import annotations

import json
import math
import warnings

import numpy as np
import pytest
from conftest import bounded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lowdiam import claims
from lowdiam import topologies as T
from lowdiam.results import ResultLog

FUZZ = settings(max_examples=40, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
CLEAN = (ValueError, TypeError)
ANY = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.integers(2**31, 2**70), st.floats(allow_nan=True),
                st.text("0123x", max_size=3), st.lists(st.one_of(st.integers(-1, 40), st.floats(-1, 40)), max_size=3),
                st.lists(st.lists(st.integers(0, 3), max_size=2), max_size=2), st.just(np.array([1.0, 2.5])),
                st.just(np.array([3, 4], np.uint64)), st.just(np.array([True])), st.just(object()))


# ------------------------------------------------------------------ result logs: a kill may cut the file anywhere
cells = st.one_of(st.integers(-5, 10**12), st.floats(-1e6, 1e6), st.booleans(), st.none(),
                  st.text('ab,"\n é', max_size=6).map(lambda s: "s" + s), st.lists(st.integers(0, 3), max_size=2))


@FUZZ
@given(values=st.lists(cells, min_size=1, max_size=5), cut=st.integers(0, 10**4))
def test_a_log_cut_anywhere_keeps_every_complete_row_and_resumes(tmp_path_factory, values, cut):
    root = tmp_path_factory.mktemp("log")
    log = ResultLog("nb", "log", key=("i",), root=root)
    for i, v in enumerate(values):
        log.append({"i": i, "v": v})
    raw = log.path.read_bytes()
    cut %= len(raw) + 1
    log.path.write_bytes(raw[:cut])
    ends = [k + 1 for k in range(len(raw)) if raw[k:k + 1] == b"\n"]
    line_ends = [e for e in ends if raw[:e].count(b'"') % 2 == 0]  # record ends: newlines outside quoted fields
    complete = max(0, sum(e <= cut for e in line_ends) - 1)  # the first record is the header
    with bounded():
        rows = log.rows()
    assert [r["i"] for r in rows] == list(range(complete))
    assert all(r["v"] == values[r["i"]] for r in rows)
    calls = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # the torn line's warning
        again = log.run([{"i": i} for i in range(len(values))], lambda it: calls.append(it["i"]) or
                        {"v": values[it["i"]]}, progress=False)
    assert calls == list(range(complete, len(values)))
    assert [r["i"] for r in again] == list(range(len(values))) and [r["v"] for r in again] == values


# ------------------------------------------------------------------ claims: compare, and files that are data
numbers = st.one_of(st.integers(-5, 5), st.floats(-5, 5))


@FUZZ
@given(p=st.one_of(numbers, st.booleans()), o=st.one_of(numbers, st.booleans()),
       tol=st.one_of(st.none(), st.floats(0, 2), st.sampled_from(["5%", "0%", "50%"])))
def test_compare_scalars_never_mixes_bools_and_numbers(p, o, tol):
    got = claims.compare(p, o, tol)
    if isinstance(p, bool) or isinstance(o, bool):
        assert got == (type(p) is type(o) and p == o)
    elif tol is None:
        assert got == (p == o)
    else:
        bound = float(tol[:-1]) / 100 * abs(p) if isinstance(tol, str) else tol
        assert got == (abs(o - p) <= bound)


@FUZZ
@given(pairs=st.lists(st.tuples(numbers, numbers), min_size=1, max_size=4), tol=st.floats(0, 2),
       extra=st.booleans())
def test_compare_lists_applies_the_tolerance_to_every_entry(pairs, tol, extra):
    paper, ours = [p for p, _ in pairs], [o for _, o in pairs]
    if extra:
        ours = ours + [0]
    assert claims.compare(paper, ours, tol) == (not extra and all(claims.compare(p, o, tol) for p, o in pairs))


@FUZZ
@given(lo=numbers, hi=numbers, ours=numbers)
def test_a_range_is_lo_to_hi_and_a_reversed_one_is_refused(lo, hi, ours):
    if lo > hi:
        with pytest.raises(ValueError, match="reversed"):
            claims.compare((lo, hi), ours, "range")
    else:
        assert claims.compare((lo, hi), ours, "range") == (lo <= ours <= hi)


FIELDS = ("claim_id", "paper", "what", "paper_value", "our_value", "tolerance", "status", "scale", "note",
          "details", "stand_in", "explanation", "figure", "notebook")
json_any = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-3, 3), st.text("aB-_ %", max_size=4),
                     st.lists(st.integers(0, 3), max_size=2), st.dictionaries(st.text("ab", max_size=1),
                                                                             st.integers(0, 2), max_size=2))


@FUZZ
@given(rows=st.lists(st.dictionaries(st.sampled_from(FIELDS), json_any, max_size=len(FIELDS)), max_size=4),
       ids=st.lists(st.text("aAb-_1", min_size=1, max_size=3), min_size=4, max_size=4))
def test_any_claims_file_loads_or_is_reported_and_renders(tmp_path_factory, rows, ids):
    folder = tmp_path_factory.mktemp("claims")
    base = {"claim_id": "x", "paper": "P", "what": "w", "paper_value": 1, "our_value": 1, "tolerance": 0}
    rows = [{**base, "claim_id": cid, **row} for row, cid in zip(rows, ids)]
    (folder / "nb.json").write_text(json.dumps(rows))
    with bounded():
        loaded, problems = claims.load_checked(folder)
        out = claims.render(folder, tmp_path_factory.mktemp("out") / "claims.md")
    assert len(loaded) + len(problems) >= len(rows)  # every record is loaded or reported, none vanishes
    kebabs = [claims.kebab(c.claim_id) for c in loaded]
    assert len(set(kebabs)) == len(kebabs)  # ids that differ only in case or separators count once
    assert all(isinstance(getattr(c, f), str) for c in loaded for f in ("paper", "what", "note", "explanation"))
    assert out.read_text().startswith("# Claims scorecard")


# ------------------------------------------------------------------ simulator options: exact or refused
def _exact_ids(value, ne):
    """The endpoint ids ``value`` means, or None if the library must refuse it (no rounding, no wrapping)."""
    if value is None:  # the default: the last max(1, ne // 64) endpoints
        return list(range(ne - max(1, ne // 64), ne))
    if isinstance(value, (str, bytes)):
        return None
    try:
        arr = np.asarray(value)
    except ValueError:
        return None
    if arr.ndim != 1 or arr.size == 0 or arr.dtype == bool or arr.dtype.kind not in "iuf":
        return None
    vals = arr.tolist()
    if not all(math.isfinite(v) and v == int(v) and 0 <= v < ne for v in vals):
        return None
    return [int(v) for v in vals]


@FUZZ
@given(io=ANY, frac=st.one_of(st.floats(allow_nan=True), st.booleans(), st.just("0.5"), st.just(0.25)))
def test_hotspot_endpoints_are_exact_or_refused(io, frac):
    from lowdiam.sim.traffic import Endpoints, make_traffic

    top = T.hyperx(3, 3)
    ne = top.num_endpoints
    want = _exact_ids(io, ne)
    frac_ok = not isinstance(frac, (bool, str)) and math.isfinite(frac) and 0 <= frac <= 1
    try:
        spec = make_traffic("hotspot", top, Endpoints.of(top.endpoints), None, 0, io_endpoints=io, hot_fraction=frac)
    except CLEAN:
        assert want is None or not frac_ok
        return
    assert want is not None and frac_ok and spec.hot.tolist() == want and spec.hot_fraction == frac


@FUZZ
@given(w=st.one_of(ANY, st.tuples(st.just(0), ANY, ANY), st.tuples(st.just(0), st.integers(0, 9), st.integers(0, 9))))
def test_polarized_weights_are_exact_integers_or_refused(w):
    from lowdiam.sim.routings import resolve_routing

    try:
        _, opts = resolve_routing("polarized", {"weights": w})
    except CLEAN:
        return
    got = opts["weights"]
    assert w is None or (len(w) == 3 and all(not isinstance(x, bool) and x == g for x, g in zip(w, got)))
    assert w is None or (got[0] == 0 and 0 <= got[1] <= got[2] <= 2**31 - 1 and all(type(x) is int for x in got))


@FUZZ
@given(size=st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.integers(-5, 10**40), st.booleans(),
                      st.just("256")),
       iterations=st.one_of(st.integers(1, 3), st.integers(10**7, 10**12)))
def test_motif_sizes_are_exact_or_refused(size, iterations):
    from lowdiam.sim.motifs import MAX_MESSAGE_PACKETS, MAX_MESSAGES, compile_motif

    top = T.hyperx(2, 3)
    try:
        with bounded(30):
            prog = compile_motif(top, "allreduce", message_bytes=size, iterations=iterations, algorithm="ring")
    except CLEAN:
        return
    assert not isinstance(size, (bool, str)) and math.isfinite(size) and size > 0
    assert prog.num_messages <= MAX_MESSAGES and prog.packets.dtype == np.int64
    assert 1 <= prog.packets.min() and prog.packets.max() <= MAX_MESSAGE_PACKETS
    assert prog.packets.max() == max(1, math.ceil(size / top.num_endpoints / 64))  # ring: size / N per step


@settings(max_examples=12, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.one_of(st.integers(0, 5), st.integers(2**31 - 4, 2**31 + 4), st.integers(2**32, 2**70)),
       trials=st.integers(1, 3))
def test_metis_seeds_fit_32_bits_or_are_refused(seed, trials):
    from lowdiam.metrics import bisection

    try:
        b = bisection(T.hyperx(3, 3), trials=trials, seed=seed)
    except ValueError as exc:
        assert seed + trials - 1 > 2**31 - 1 and "seed" in str(exc)
        return
    assert seed + trials - 1 <= 2**31 - 1 and b.seed == seed


# ------------------------------------------------------------------ counters satisfy their definitions
@settings(max_examples=6, deadline=None, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 1000), load=st.sampled_from([0.3, 0.7, 1.0]),
       routing=st.sampled_from(["min-adaptive", "valiant"]))
def test_caminos_delivered_packets_are_measured_ones(seed, load, routing):
    from lowdiam import sim

    r = sim.simulate(T.hyperx(3, 3), routing, "uniform", load, router="caminos", seed=seed, warmup_cycles=40,
                     measure_cycles=120)
    assert 0 <= r.packets_delivered <= r.packets_measured
    assert r.conservation["delivered_packets"] >= r.packets_delivered
