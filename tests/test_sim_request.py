"""One request object through the router models (issue 54, item 4).

``simulate``'s keywords become one :class:`~lowdiam.sim.request.SimRequest` whose defaults are ``simulate``'s; the
router models' entry points take it (``run_booksim(request)``, ``run_caminos(request)``, the ideal model's
``run(request)``) and still take their old direct arguments; the adapters never import ``lowdiam.sim.driver``; and
the run-cache keys of existing specs are unchanged.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from lowdiam.sim import simulate
from lowdiam.sim.booksim import run_booksim
from lowdiam.sim.caminos import run_caminos
from lowdiam.sim.request import INPUT_ONLY, SimRequest, field_defaults, make_request
from lowdiam.topologies import Topology, hyperx, slimfly

LIB = Path(__file__).resolve().parents[1] / "lib" / "lowdiam"
SF5 = slimfly(5).with_endpoints(2)
FAST = {"warmup_cycles": 200, "measure_cycles": 400}


# ---------------------------------------------------------------- one request object
def test_the_request_defaults_are_simulates():
    sig = {k: p.default for k, p in inspect.signature(simulate).parameters.items()}
    defaults = field_defaults()
    none_there = {"traffic_options", "routing_options", "router_options", "run_control", "run_control_options"}
    for name, value in defaults.items():
        assert sig[name] == (None if name in none_there else value), name
    assert set(sig) == set(defaults) | set(INPUT_ONLY) | {"topology", "routing", "traffic", "load"}


def test_make_request_takes_simulates_keywords_and_refuses_others():
    ring = Topology.from_edges("ring6", "ring", 6, [(i, (i + 1) % 6) for i in range(6)], endpoints_per_router=1)
    req = make_request(ring, "min", "uniform", 0.2, seed=4, router="ideal")
    assert isinstance(req, SimRequest) and req.seed == 4 and req.warmup_cycles == 1000 and req.flow_control == "vct"
    with pytest.raises(TypeError, match=r"unexpected keyword argument\(s\) \['sed'\]"):
        make_request(ring, "min", "uniform", 0.2, sed=4)


def test_the_entry_points_take_the_request():
    req = make_request(SF5, "min-single", "uniform", 0.2, seed=2, vcs=4, router="booksim", **FAST)
    a = run_booksim(req)
    b = run_booksim(SF5, "min-single", "uniform", 0.2, seed=2, vcs=4, **FAST)
    assert (a.accepted_load, a.latency_mean) == (b.accepted_load, b.latency_mean)
    with pytest.raises(TypeError, match="takes a SimRequest alone"):
        run_booksim(req, seed=3)
    with pytest.raises(TypeError, match="missing required argument"):
        run_booksim(SF5, "min", "uniform", 0.2)


def _imported_modules(rel: str) -> set[str]:
    """Absolute names of the modules ``lib/lowdiam/<rel>`` imports at any level (``from a import b``: ``a.b``)."""
    package = ["lowdiam", *Path(rel).parent.parts]
    out = set()
    for n in ast.walk(ast.parse((LIB / rel).read_text(encoding="utf-8"))):
        if isinstance(n, ast.ImportFrom):
            parts = package[: len(package) - n.level + 1] if n.level else []
            base = ".".join(parts + ([n.module] if n.module else []))
            out |= {base} | {f"{base}.{a.name}" for a in n.names}
        elif isinstance(n, ast.Import):
            out |= {a.name for a in n.names}
    return out


def test_the_adapters_and_the_registry_never_import_the_entry_point():
    """``sim.driver`` imports ``sim.routers``, which loads the adapters: neither they nor the model drivers import
    ``sim.driver`` back, at any level (``refuse_unmodelled`` lives in ``sim.request``)."""
    assert "lowdiam.sim.booksim.driver" in _imported_modules("sim/booksim/adapter.py")  # the reading resolves
    for rel in ("sim/routers.py", "sim/request.py", "sim/booksim/adapter.py", "sim/caminos/adapter.py",
                "sim/booksim/driver.py", "sim/caminos/driver.py", "sim/ideal/run.py"):
        assert "lowdiam.sim.driver" not in _imported_modules(rel), rel


# ---------------------------------------------------------------- run-cache keys
def test_run_cache_keys_of_existing_specs_are_unchanged():
    """Keys computed before the refactor (commit 4e5c199): a run's key hashes its spec, never the routing code."""
    from lowdiam.sweep import Recipe, Run

    r1 = Run(Recipe("slimfly", {"q": 5}), "ugal", "uniform", 0.35, seed=2,
             sim={"vcs": 4, "router": "booksim", "routing_options": {"inner": "min-single"}})
    r2 = Run(Recipe("hyperx", args=(3, 3)), "min", "worst_case", 0.2, seed=0, sim={})
    assert r1.key() == "3f5059aa8950af67df9551dbe79dcf74a9f78bba0a3872551f932a15bcac8522"
    assert r2.key() == "d5b69d636fa3e60549ba8d5ca0a9372cc2feb5bad6a44dfa06a498b773c4c00e"


def test_caminos_takes_the_request_and_its_old_arguments():
    hx = hyperx(3, 3).with_endpoints(2)
    kw = dict(seed=1, warmup_cycles=100, measure_cycles=200)
    req = make_request(hx, "min-adaptive", "uniform", 0.2, router="caminos", packet_flits=16, **kw)
    a = run_caminos(req)
    b = run_caminos(hx, "min-adaptive", "uniform", 0.2, **kw)  # a direct call's packet_flits default is 16
    assert (a.accepted_load, a.latency_mean) == (b.accepted_load, b.latency_mean)
    assert b.params["packet_flits"] == 16
