"""A newcomer's API: design records feed constructors, one ``count`` and short reprs on EDST results, errors
that point to the right entry."""

import networkx as nx
import pytest

from lowdiam import design
from lowdiam import topologies as T
from lowdiam.edst import construct_edsts, edst_packing, star_product_edsts, star_product_view

# family -> (constructor, keywords the design record does not fix: the endpoints per router)
FEEDS = {
    "polarstar": ("polarstar", {}), "polarstar-iq": ("polarstar", {}), "polarstar-paley": ("polarstar", {}),
    "bundlefly": ("bundlefly", {}), "slimfly": ("slimfly", {}), "polarfly": ("polarfly", {}),
    "dragonfly": ("dragonfly", {"p": 2}), "hyperx": ("hyperx", {}), "galaxyfly": ("galaxyfly", {"p": 2}),
}


@pytest.mark.parametrize("family", sorted(FEEDS))
@pytest.mark.parametrize("radix", [7, 12])
def test_best_config_feeds_the_constructor(family, radix):
    name, extra = FEEDS[family]
    cfg = design.best_config(family, radix)
    if cfg is None:
        pytest.skip(f"no {family} at radix {radix}")
    top = getattr(T, name)(**cfg, **extra)
    assert top.num_routers == design.max_order(family, radix)
    assert top.radix == radix or family == "galaxyfly"  # Galaxyfly's design radix counts (a - 1) + h


def test_every_lps_record_feeds_lps():
    small = min(design.configs("lps", 8), key=lambda r: r["order"])["params"]
    assert T.lps(**small).num_routers == min(r["order"] for r in design.configs("lps", 8))


def test_a_derived_keyword_that_does_not_match_is_refused():
    with pytest.raises(ValueError, match=r"slimfly: delta=0 .*delta=1"):
        T.slimfly(5, delta=0)
    with pytest.raises(ValueError, match="group='PGL'"):
        T.lps(11, 7, group="PGL")
    with pytest.raises(TypeError, match="d_prime= and d= are the same parameter"):
        T.polarstar(5, "iq", d=3, d_prime=3)
    assert T.polarstar(5, "iq", d_prime=4).params == T.polarstar(5, "iq", 4).params
    assert T.hyperx(sides=(3, 4)).num_routers == 12


def test_edst_results_have_one_count_and_short_reprs():
    packing = edst_packing(nx.petersen_graph())
    assert packing.count == packing.t == 1
    assert repr(packing) == "EDSTPacking(count=1, num_vertices=10, edges=15, nontree=6)"
    view = star_product_view(T.polarstar(3, "iq", 3))
    res = construct_edsts(view, "universal")
    assert res.count == len(res.trees) and "\n" not in repr(res) and len(repr(res)) < 200


def test_star_product_edsts_points_general_graphs_to_edst_packing():
    with pytest.raises(ValueError, match=r"edst_packing\(graph\)"):
        star_product_edsts(nx.petersen_graph())
