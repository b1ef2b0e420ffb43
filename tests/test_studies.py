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


def test_routing_per_family():
    from lowdiam.studies.simulation import min_routing, ugal_routing

    assert [min_routing(c) for c in ("polarstar", "dragonfly", "megafly", "lps", "slimfly")] == [
        "polarstar-min", "df-min", "df-min", "min", "min"]
    assert [ugal_routing(c) for c in ("dragonfly", "megafly", "polarstar")] == ["df-ugal", "df-ugal", "ugal"]


def test_iq_f_invariant_split_balanced_and_cuts_only_supernode_links():
    import numpy as np

    from lowdiam import topologies as T
    from lowdiam.metrics import cut_size
    from lowdiam.studies.bisection import iq_f_invariant_split

    ps = T.polarstar(8, "iq", 3)
    side = iq_f_invariant_split(ps)
    assert np.bincount(side).tolist() == [ps.num_routers // 2] * 2
    sn = np.asarray(ps.labels["supernode"])
    u, v = ps.edges[:, 0], ps.edges[:, 1]
    crossing = side[u] != side[v]
    assert np.all(sn[u][crossing] == sn[v][crossing])  # only intra-supernode links are cut
    assert cut_size(ps, side) == int(crossing.sum())
    with pytest.raises(ValueError):
        iq_f_invariant_split(T.polarstar(5, "paley", 4))
    with pytest.raises(ValueError):
        iq_f_invariant_split(T.polarstar(5, "iq", 4))
