import json

import pytest

from lowdiam import claims


@pytest.fixture
def card(tmp_path):
    claims.use_notebook("nb_test", tmp_path / "claims")
    return tmp_path


def test_compare_rules():
    assert claims.compare(100, 103, 5)
    assert not claims.compare(100, 106, 5)
    assert claims.compare(100, 104.9, "5%")
    assert not claims.compare(100, 105.1, "5%")
    assert claims.compare({23, 50, 56, 80}, [80, 56, 50, 23])
    assert not claims.compare({23, 50}, {23})
    assert claims.compare((0.55, 0.65), 0.6, "range")
    assert not claims.compare((0.55, 0.65), 0.7, "range")
    assert claims.compare(3, 3, None) and not claims.compare(3, 4, None)
    assert not claims.compare(1.0, float("nan"), 1.0)
    with pytest.raises(ValueError, match="percentage"):
        claims.compare(1, 1, "5")


def test_record_statuses_and_file(card):
    a = claims.record("a", "P", "order", 1064, 1064, 0)
    b = claims.record("b", "P", "order", 993, 949, 0, explanation="typo: 73*13 = 949")
    c = claims.record("c", "P", "ratio", 1.3, 1.0, "5%")
    assert (a.status, b.status, c.status) == ("match", "mismatch-explained", "mismatch")
    rows = json.loads((card / "claims" / "nb_test.json").read_text())
    assert [r["claim_id"] for r in rows] == ["a", "b", "c"]
    # re-recording replaces, never duplicates
    claims.record("a", "P", "order", 1064, 1065, 0)
    rows = json.loads((card / "claims" / "nb_test.json").read_text())
    assert [r["status"] for r in rows if r["claim_id"] == "a"] == ["mismatch"]
    assert len(rows) == 3


def test_render(card):
    claims.record("x", "PolarStar", "routers", 993, 949, 0, explanation="typo")
    claims.record("y", "PolarStar", "set", {1, 2}, {2, 1})
    out = claims.render(card / "claims", card / "claims.md")
    text = out.read_text()
    assert "1 match, 1 mismatch-explained, 0 mismatch" in text
    assert "| x | PolarStar | routers | 993 | 949 | 0 | mismatch-explained | typo |" in text


def test_record_requires_notebook(monkeypatch):
    monkeypatch.setattr(claims._CARD, "notebook", "")
    with pytest.raises(RuntimeError):
        claims.record("a", "P", "w", 1, 1)
