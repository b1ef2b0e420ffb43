"""Property-based fuzzing of the cache, the sweep specs, the saturation bracket and the shared validators.

Cache: any storable value comes back identical (types included); any corruption of an entry is a miss,
never a wrong value or an exception.  Sweep: specs are exact or refused; every bracket search ends.
Validators: accept exactly the values their rule describes.  Deterministic and bounded.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from conftest import bounded
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lowdiam import cache
from lowdiam import sweep as S
from lowdiam.validate import check_bool, check_float, check_int, check_options

FUZZ = settings(max_examples=60, deadline=None, database=None, derandomize=True,
                suppress_health_check=list(HealthCheck))
CLEAN = (ValueError, TypeError)
ANYTHING = st.one_of(st.none(), st.booleans(), st.integers(-3, 10**20), st.floats(allow_nan=True),
                     st.text(max_size=3), st.lists(st.integers(), max_size=2), st.just(np.int8(3)),
                     st.just(np.float32(2.5)), st.just(np.bool_(True)), st.just(object()))




@pytest.fixture(autouse=True)
def _cache(tmp_path_factory, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path_factory.mktemp("cache")))


# ------------------------------------------------------------------ cache values round-trip exactly
arrays = st.builds(lambda dt, shape, seed: np.random.default_rng(seed).integers(-100, 100, size=shape).astype(dt),
                   st.sampled_from([np.int8, np.int64, np.uint16, np.float32, np.float64, np.complex128, bool]),
                   st.sampled_from([(), (0,), (3,), (2, 3)]), st.integers(0, 100))
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True),
                    st.text(max_size=5), arrays, st.just(np.float64(0.1)), st.just(np.int32(-7)))
keys = st.one_of(st.text(max_size=3), st.integers(-5, 5), st.tuples(st.integers(0, 2), st.text("ab", max_size=1)))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.tuples(inner, inner), st.dictionaries(keys, inner, max_size=3),
    st.frozensets(st.integers(0, 5), max_size=3)), max_leaves=8)


def same(a, b) -> bool:
    """Equal values of equal types (nan equals nan, arrays by dtype, shape and content)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, np.ndarray):
        return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")
    if isinstance(a, np.generic):
        nan = a.dtype.kind in "fc" and bool(np.isnan(a)) and bool(np.isnan(b))
        return a.dtype == b.dtype and (bool(a == b) or nan)
    if isinstance(a, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    return a == b


@FUZZ
@given(value=values)
def test_storable_values_round_trip_exactly(value):
    cache.store("fuzz", {"v": 1}, value)
    found, got = cache._read(cache._path(cache.cache_dir(), "fuzz", {"v": 1}), cache.cache_key("fuzz", {"v": 1}))
    assert found and same(value, got), (value, got)


@FUZZ
@given(value=values, edits=st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=3),
       truncate=st.one_of(st.none(), st.integers(0, 10**6)))
def test_corrupted_entries_are_misses_never_wrong_values(value, edits, truncate):
    cache.store("fuzz", {"v": 2}, value)
    path = cache._path(cache.cache_dir(), "fuzz", {"v": 2})
    good = path.read_bytes()
    bad = bytearray(good)
    for pos, byte in edits:
        bad[pos % len(bad)] = byte
    if truncate is not None:
        bad = bad[: truncate % len(bad)]
    path.write_bytes(bytes(bad))
    with bounded():
        found, got = cache._read(path, cache.cache_key("fuzz", {"v": 2}))
    if bytes(bad) == good:
        assert found and same(value, got)
    else:
        assert not found and got is None


@FUZZ
@given(value=st.one_of(st.just(object()), st.just(np.array([object()])), st.just(lambda: 1),
                       st.builds(lambda v: [1, {"a": v}], st.just(object()))))
def test_unstorable_values_write_nothing(value):
    with pytest.raises(TypeError):
        cache.store("fuzz", {"v": 3}, value)
    folder = cache.cache_dir() / "fuzz"
    assert not folder.exists() or not any(p.name.endswith(".tmp") for p in folder.iterdir())


@FUZZ
@given(namespace=st.text(min_size=0, max_size=8))
def test_namespaces_stay_inside_the_cache(namespace):
    try:
        path = cache._path(cache.cache_dir(), namespace, {"n": 1})
    except CLEAN:
        return
    root = cache.cache_dir().resolve()
    assert path.resolve().parent.parent == root and path.resolve().parent.name == namespace


# ------------------------------------------------------------------ validators
@FUZZ
@given(value=ANYTHING, low=st.one_of(st.none(), st.integers(-2, 2)))
def test_check_int_accepts_exactly_integral_numbers(value, low):
    try:
        got = check_int("x", value, low=low)
    except CLEAN:
        ok = (not isinstance(value, (bool, np.bool_)) and isinstance(value, (int, float, np.integer, np.floating))
              and math.isfinite(value) and value == int(value) and (low is None or value >= low))
        assert not ok, value
        return
    assert type(got) is int and got == value and not isinstance(value, (bool, np.bool_))


@FUZZ
@given(value=ANYTHING)
def test_check_bool_and_check_float(value):
    try:
        assert check_bool("b", value) is bool(value) and isinstance(value, (bool, np.bool_))
    except TypeError:
        assert not isinstance(value, (bool, np.bool_))
    try:
        got = check_float("f", value, low=0.0, high=1.0)
    except CLEAN:
        return
    assert isinstance(got, float) and 0.0 <= got <= 1.0 and got == value and not isinstance(value, (bool, np.bool_))


@FUZZ
@given(options=st.one_of(ANYTHING, st.dictionaries(st.one_of(st.text("abc", max_size=2), st.integers(0, 2)),
                                                   st.integers(), max_size=3)))
def test_check_options_never_ignores_a_key(options):
    valid = ["a", "b"]
    try:
        got = check_options("opts", options, valid)
    except CLEAN:
        return
    assert set(got) <= set(valid) and (options is None or got == dict(options))


# ------------------------------------------------------------------ sweep specs and searches
HX = S.Recipe("hyperx", args=(3, 3))


@FUZZ
@given(routing=st.one_of(st.sampled_from(["min", "valiant", "mim"]), ANYTHING),
       traffic=st.one_of(st.sampled_from(["uniform", "randperm"]), ANYTHING),
       load=st.one_of(st.floats(-0.5, 1.5), ANYTHING), seed=ANYTHING,
       sim=st.one_of(st.none(), st.dictionaries(st.sampled_from(["vcs", "packet_flits", "packet_flit", "load"]),
                                               st.integers(1, 4), max_size=2), ANYTHING),
       tags=st.one_of(st.dictionaries(st.sampled_from(["fig", "load", "seed", "panel", "accepted_load"]),
                                      st.integers(), max_size=2), ANYTHING))
def test_run_specs_are_exact_or_refused(routing, traffic, load, seed, sim, tags):
    try:
        run = S.Run(HX, routing, traffic, load, seed, sim, tags)
    except CLEAN:
        return
    assert run.routing == routing and run.traffic == traffic
    assert run.load == load and 0 < run.load <= 1 and run.seed == seed
    assert run.sim == (sim or {}) and set(run.sim) <= set(S._SIM_KWARGS)
    assert not set(run.tags) & {"load", "seed", "accepted_load"}


@FUZZ
@given(threshold=st.floats(0, 1.2), coarse=st.one_of(st.floats(-0.1, 1.1), ANYTHING),
       tol=st.one_of(st.floats(0, 0.3), ANYTHING), lo=st.one_of(st.none(), st.floats(-0.1, 1.1)),
       hi=st.floats(0, 1.1))
def test_bracket_saturation_ends_and_brackets_the_threshold(threshold, coarse, tol, lo, hi):
    asked = []

    def oracle(loads):
        asked.append(loads)
        return [[ld > threshold for ld in ls] for ls in loads]

    with bounded():
        try:
            ((a, s),) = S.bracket_saturation(oracle, 1, coarse_step=coarse, tol=tol, lo=lo, hi=hi)
        except CLEAN:
            return
    assert len(asked) <= 1 / coarse + 2 + S.MAX_BISECTIONS
    if s is None:
        assert a >= min(hi, threshold) - 1e-9 or a == hi
    else:
        assert a <= threshold < s and s - a <= tol + 1e-9


@FUZZ
@given(seed=st.integers(0, 10**6), count=st.integers(1, 4))
def test_bracket_saturation_ends_on_random_answers(seed, count):
    rng = np.random.default_rng(seed)

    def oracle(loads):
        return [[bool(rng.integers(2)) for _ in ls] for ls in loads]

    with bounded():
        out = S.bracket_saturation(oracle, count, coarse_step=0.1, tol=S.MIN_TOL)
    assert len(out) == count and all(s is None or s - a <= S.MIN_TOL + 1e-12 for a, s in out)


@FUZZ
@given(name=st.text(max_size=12))
def test_write_csv_stays_in_its_folder(name, tmp_path_factory):
    folder = tmp_path_factory.mktemp("csv")
    try:
        path = S.write_csv([{"a": 1}], name, directory=folder)
    except CLEAN:
        return
    assert path.parent == folder and path.name == f"{name}.csv"


# ------------------------------------------------------------------ issue 56: exact keys, huge numbers
key_atoms = st.one_of(st.text("ab1_", max_size=3), st.sampled_from(["__dict__", "__content__", "1", "True", "None"]),
                      st.integers(-2, 2), st.booleans(), st.none(), st.tuples(st.integers(0, 2), st.integers(0, 2)))
key_leaves = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.floats(-2, 2), st.text("ab", max_size=2))
key_values = st.recursive(key_leaves,
                          lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                  st.dictionaries(key_atoms, inner, max_size=3)), max_leaves=8)


def _typed(x):
    """What a parameter *is*, independently of the cache: key types matter, list vs tuple does not."""
    if isinstance(x, dict):
        return ("dict", frozenset((_typed(k), _typed(v)) for k, v in x.items()))
    if isinstance(x, (list, tuple)):
        return ("seq", tuple(_typed(v) for v in x))
    if isinstance(x, float):
        return ("float", repr(x))
    return (type(x).__name__, x)


def _str_keys(x):
    """The same parameters with every dict key spelled as a string (what the old keys collapsed them to)."""
    if isinstance(x, dict):
        return {str(k): _str_keys(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_str_keys(v) for v in x]
    return x


@FUZZ
@given(a=st.dictionaries(key_atoms, key_values, max_size=3), b=st.dictionaries(key_atoms, key_values, max_size=3))
def test_cache_keys_are_equal_exactly_when_the_parameters_are(a, b):
    for other in (b, _str_keys(a)):
        same_params = _typed({"p": a}) == _typed({"p": other})
        assert (cache.cache_key("fuzz", {"p": a}) == cache.cache_key("fuzz", {"p": other})) == same_params, (a, other)


@FUZZ
@given(value=st.one_of(st.integers(-(10**400), 10**400), st.integers(-(2**1100), 2**1100)),
       low=st.one_of(st.none(), st.just(0.0)))
def test_check_float_never_overflows(value, low):
    try:
        got = check_float("f", value, low=low)
    except ValueError:
        assert abs(value) > 1.7e308 or (low is not None and value < low)
        return
    assert got == float(value) and math.isfinite(got)
