import pytest
from lowdiam.studies import edst as S


def test_table_iv_configs_quick_profile_list():
    cfg = S.table_iv_configs(radix_max=20, max_q=19)
    counts = {f: sum(1 for c in cfg if c[0] == f) for f in dict(cfg)}
    assert counts == {"Slim Fly": 8, "Bundlefly": 29, "PolarStar-IQ": 15, "PolarStar-Paley": 15}
    for fam, spec in cfg[:3] + cfg[-2:]:
        top = S.build(spec)
        assert top.radix <= 20, (fam, spec)


def test_build_rejects_unknown_kind():
    with pytest.raises(ValueError, match="unknown configuration"):
        S.build(("torus", 4))
