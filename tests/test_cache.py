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
    (tmp_path / "t" / f"{key}.pkl").write_bytes(b"")
    assert cache.cached("t", {"n": 1}, lambda: 7) == 7


def test_unserialisable_key_raises():
    with pytest.raises(TypeError, match="not JSON"):
        cache.cache_key("t", {"f": object()})


def test_lookup_never_computes(tmp_path, monkeypatch):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path))
    assert cache.lookup("t", {"n": 2}) is None
    cache.cached("t", {"n": 2}, lambda: 5)
    assert cache.lookup("t", {"n": 2}) == 5
