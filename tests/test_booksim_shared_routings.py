"""The BookSim model running the shared routings (Valiant, UGAL-L, NAG, ...) through their dispatch.

The routings' own choices are tested in their modules against slow references; these tests check the
integration: every route stays within the routing's declared length (the hop-indexed VC bound), oblivious
routings draw the same route distribution as on the ideal model, zero-load latency follows the pipeline
formula on the longer routes, adaptive routings read the router's used credits, and bad input is refused.
"""

from __future__ import annotations

import pytest

from lowdiam.sim import simulate
from lowdiam.sim.booksim import run_booksim
from lowdiam.sim.booksim.options import SHARED_ROUTINGS
from lowdiam.sim.routings import max_route_length
from lowdiam.sim.tables import distances
from lowdiam.topologies import dragonfly, slimfly

FAST = {"warmup_cycles": 200, "measure_cycles": 400}
SF5 = slimfly(5).with_endpoints(2)


@pytest.mark.parametrize("routing", ["valiant", "ugal", "nag", "source-min", "ksp"])
def test_routes_within_declared_length_and_all_delivered(routing):
    r = run_booksim(SF5, routing, "uniform", 0.1, seed=3, **FAST)
    assert not r.saturated and r.packets_delivered == r.packets_measured > 0
    bound = max_route_length(routing, distances(SF5), SF5.endpoints > 0)
    assert len(r.hop_histogram) - 1 <= bound
    assert r.params["vcs"] >= bound and r.params["router_options"]["vc_selection"] == "hop"


def test_deterministic_and_seed_sensitive():
    a = run_booksim(SF5, "ugal", "uniform", 0.3, seed=5, **FAST)
    b = run_booksim(SF5, "ugal", "uniform", 0.3, seed=5, **FAST)
    c = run_booksim(SF5, "ugal", "uniform", 0.3, seed=6, **FAST)
    assert (a.latency_mean, a.accepted_load, a.hops_mean) == (b.latency_mean, b.accepted_load, b.hops_mean)
    assert a.latency_mean != c.latency_mean


def test_valiant_route_distribution_matches_the_ideal_model():
    # Valiant is oblivious: its intermediate draw alone fixes the route length distribution
    kw = dict(traffic="uniform", load=0.05, warmup_cycles=500, measure_cycles=3000, seed=1)
    bs = simulate(SF5, "valiant", router="booksim", flow_control="wormhole", **kw)
    ideal = simulate(SF5, "valiant", router="ideal", **kw)
    assert abs(bs.hops_mean - ideal.hops_mean) < 0.06, (bs.hops_mean, ideal.hops_mean)


def test_zero_load_latency_on_valiant_routes():
    # speedup 1, all delays 1: 2 (injection channel) + 5 per router + (P - 1) serialisation, per packet
    r = run_booksim(SF5, "valiant", "uniform", 0.002, seed=2, warmup_cycles=200, measure_cycles=20000)
    expected = 2 + 5 * (r.hops_mean + 1) + (4 - 1)
    assert r.latency_mean == pytest.approx(expected, rel=0.01)


def test_ugal_is_minimal_at_zero_load_and_misroutes_under_load():
    # with no used credits UGAL-L keeps the minimal route (ties prefer it)
    m = run_booksim(SF5, "min", "uniform", 0.002, seed=2, warmup_cycles=200, measure_cycles=20000)
    u0 = run_booksim(SF5, "ugal", "uniform", 0.002, seed=2, warmup_cycles=200, measure_cycles=20000)
    assert u0.hops_mean == pytest.approx(m.hops_mean, abs=0.05)
    # adversarial traffic: the minimal ports fill and UGAL-L sends packets on Valiant routes
    u = run_booksim(SF5, "ugal", "worst_case", 0.4, seed=2, **FAST)
    mw = run_booksim(SF5, "min", "worst_case", 0.4, seed=2, **FAST)
    assert u.hops_mean > mw.hops_mean + 0.3
    assert u.accepted_load > mw.accepted_load


def test_df_ugal_on_a_dragonfly():
    top = dragonfly(4, 2, 2)
    r = run_booksim(top, "df-ugal", "uniform", 0.1, seed=1, **FAST)
    assert not r.saturated
    assert r.params["vcs"] >= max_route_length("df-ugal", distances(top), top.endpoints > 0)


def test_every_listed_shared_routing_is_registered():
    from lowdiam.sim.routers import router_model
    from lowdiam.sim.routings import ROUTINGS

    assert set(SHARED_ROUTINGS) <= set(ROUTINGS)
    assert set(SHARED_ROUTINGS) <= set(router_model("booksim").routings)


def test_shared_routings_follow_the_registry():
    """A routing registered in lowdiam.sim.routings reaches the BookSim model with no edit of its options module:
    every public name is the model's own, a shared one, or one whose heads re-decide every cycle (refused)."""
    from lowdiam.sim.booksim.options import OWN_ROUTINGS
    from lowdiam.sim.routings import REGISTRY, ROUTINGS

    for name, spec in ROUTINGS.items():
        redecide = REGISTRY[spec.routing].redecide
        assert (name in OWN_ROUTINGS) + (name in SHARED_ROUTINGS) + redecide == 1, name
    assert "polarized" not in SHARED_ROUTINGS and {"valiant", "ugal", "df-ugal", "nag", "omni"} <= set(SHARED_ROUTINGS)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        ({"routing": "polarized"}, "router='caminos'"),
        ({"routing": "valiant", "vcs": 3}, "vcs >= 4"),
        ({"routing": "valiant", "routing_options": {"paths": "random"}}, "unknown"),
        ({"routing": "ugal", "router_options": {"vc_selection": "all"}}, "'auto', 'any', 'hop'"),
    ],
)
def test_bad_input(kwargs, match):
    args = dict(topology=SF5, traffic="uniform", load=0.1, **FAST)
    args.update(kwargs)
    with pytest.raises(ValueError, match=match):
        run_booksim(**args)


def test_simulate_defaults_to_the_booksim_model():
    """Issue 15: simulate's default router is BookSim's (the PolarStar and Galaxyfly papers' simulator)."""
    import inspect

    from lowdiam.sim import simulate
    from lowdiam.topologies import slimfly

    assert inspect.signature(simulate).parameters["router"].default == "booksim"
    r = simulate(slimfly(5), "min", "uniform", 0.1, endpoints_per_router=2, warmup_cycles=100, measure_cycles=200)
    assert r.params["router"] == "booksim" and r.packets_delivered == r.packets_measured


@pytest.mark.parametrize("routing, where", [("polarized", "'ideal' or 'caminos'"), ("min-adaptive", "'caminos'")])
def test_a_routing_of_another_model_names_the_models_that_run_it(routing, where):
    from lowdiam.sim import simulate
    from lowdiam.topologies import slimfly

    with pytest.raises(ValueError, match=f"does not run on router 'booksim'; it runs on router {where}"):
        simulate(slimfly(5), routing, "uniform", 0.1)


def test_ugal_threshold_biases_towards_the_minimal_route():
    # threshold 0: an empty Valiant port beats a minimal port holding a single flit, so at a moderate uniform load
    # UGAL-L leaves minimal routes; a threshold above any occupancy x length keeps every packet minimal
    m = run_booksim(SF5, "min", "uniform", 0.3, seed=2, **FAST)
    u0 = run_booksim(SF5, "ugal", "uniform", 0.3, seed=2, **FAST)
    big = run_booksim(SF5, "ugal", "uniform", 0.3, seed=2, routing_options={"threshold": 10_000}, **FAST)
    assert u0.hops_mean > m.hops_mean + 0.2 and len(u0.hop_histogram) > 3
    assert len(big.hop_histogram) <= 3  # no route longer than the diameter (2): every packet stayed minimal
    assert big.hops_mean == pytest.approx(m.hops_mean, abs=0.05)  # same minimal routes, other random draws
    with pytest.raises(ValueError, match="threshold"):
        run_booksim(SF5, "ugal", "uniform", 0.3, seed=2, routing_options={"threshold": -1}, **FAST)


def test_a_routing_module_registers_itself():
    """Every routing module of the package (a file assigning ``ROUTING = Routing(...)``) is registered and public
    without an edit of ``routings/__init__.py``: the registry is what the files say, read here independently."""
    import ast
    from pathlib import Path

    import lowdiam.sim.routings as R

    declared = set()
    for path in Path(R.__file__).parent.glob("*.py"):
        for node in ast.parse(path.read_text()).body:
            if (isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "ROUTING" for t in node.targets)
                    and isinstance(node.value, ast.Call) and getattr(node.value.func, "id", None) == "Routing"):
                declared.add(path.stem)
    assert declared == {m.__name__.rsplit(".", 1)[1] for m in R._MODULES}
    assert set(R.REGISTRY) <= set(R.ROUTINGS)
    codes = [R.ROUTINGS[name].code for name in R.ROUTINGS]
    assert codes == sorted(codes) and list(R.ROUTINGS)[:4] == ["min", "min-single", "valiant", "ugal"]  # by code
    assert R.ROUTINGS["df-ugal"].preset == {"inner": "df-min"}
    assert R.ALIASES == {"df-ugal": ("ugal", {"inner": "df-min"})}  # declared by ugal.py
