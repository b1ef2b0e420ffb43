import numpy as np
import pytest

from lowdiam import cache


def test_cached_computes_once_and_keys_on_params(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    calls = []

    def f(v):
        calls.append(v)
        return np.arange(v)

    a = cache.cached("t", {"n": 3, "seed": 1}, lambda: f(3))
    b = cache.cached("t", {"seed": 1, "n": 3}, lambda: f(3))  # same params, other order
    c = cache.cached("t", {"n": 4, "seed": 1}, lambda: f(4))
    assert calls == [3, 4]
    assert np.array_equal(a, b) and len(c) == 4
    assert cache.clear("t") == 2


def test_cache_off_always_computes(monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", "off")
    calls = []
    for _ in range(2):
        cache.cached("t", {"n": 1}, lambda: calls.append(1))
    assert len(calls) == 2


def test_torn_file_is_recomputed(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    key = cache.cache_key("t", {"n": 1})
    (tmp_path / "t").mkdir()
    (tmp_path / "t" / f"{key}.json").write_bytes(b"")
    assert cache.cached("t", {"n": 1}, lambda: 7) == 7


def test_unserialisable_key_raises():
    with pytest.raises(TypeError, match="not JSON"):
        cache.cache_key("t", {"f": object()})


def test_lookup_never_computes(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    assert cache.lookup("t", {"n": 2}) is None
    cache.cached("t", {"n": 2}, lambda: 5)
    assert cache.lookup("t", {"n": 2}) == 5


def test_none_is_a_cached_value_not_a_miss(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    calls = []
    for _ in range(2):
        assert cache.cached("t", {"n": 1}, lambda: calls.append(1)) is None
    assert calls == [1]


def test_lowdiam_dataclasses_round_trip(tmp_path, monkeypatch):
    from lowdiam.metrics import bisection
    from lowdiam.topologies import hyperx

    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    b = bisection(hyperx(3, 3), trials=1)
    got = cache.cached("t", {"n": 1}, lambda: b)
    again = cache.lookup("t", {"n": 1})
    assert type(again) is type(b) and again.cut_edges == got.cut_edges and np.array_equal(again.part, b.part)


def test_entries_are_json_with_a_checksum(tmp_path, monkeypatch):
    import hashlib
    import json

    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    cache.cached("t", {"n": 1}, lambda: {"x": 1.5})
    (path,) = (tmp_path / "t").iterdir()
    head, body = path.read_bytes().split(b"\n", 1)
    assert head == b"LOWDIAM-CACHE 2 " + hashlib.sha256(body).hexdigest().encode()
    doc = json.loads(body)
    assert doc["params"] == {"n": 1} and doc["code"] and all(m.startswith("lowdiam") for m in doc["code"])


def test_depends_narrows_the_code_manifest(tmp_path, monkeypatch):
    import json

    import lowdiam.metrics.distances  # noqa: F401 - loaded, but outside the declared dependency

    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    cache.cached("t", {"n": 1}, lambda: 1, depends=["lowdiam.validate"])
    (path,) = (tmp_path / "t").iterdir()
    assert list(json.loads(path.read_bytes().split(b"\n", 1)[1])["code"]) == ["lowdiam.validate"]
