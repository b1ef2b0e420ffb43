"""A routing is one module (issue 54, item 4): the recipe, shown on ``min-random-first``.

``lowdiam.sim.routings.min_random_first`` ("min with a random first hop, then fixed") was added as one new library
file: these tests check that the registry, the public names, the BookSim model's shared routings, the kernels'
generated dispatch and the ``inner`` option of Valiant / UGAL / NAG all pick it up with no other edit, that it
runs (on the BookSim model, and as Valiant's ``inner``), and that the dispatch generated without it differs from the
one with it by its own lines only.
"""

from __future__ import annotations

import difflib
import shutil
from pathlib import Path

import numpy as np
import pytest

from lowdiam.sim import simulate
from lowdiam.sim.booksim import SHARED_ROUTINGS, run_booksim
from lowdiam.sim.routings import REGISTRY, ROUTINGS, codegen, resolve_routing
from lowdiam.sim.tables import distances
from lowdiam.topologies import hyperx, slimfly

LIB = Path(__file__).resolve().parents[1] / "lib" / "lowdiam"
ROUTINGS_DIR = LIB / "sim" / "routings"
SF5 = slimfly(5).with_endpoints(2)
FAST = {"warmup_cycles": 200, "measure_cycles": 400}


# ---------------------------------------------------------------- the routing recipe
def test_the_new_routing_is_picked_up_by_everything():
    r = REGISTRY["min-random-first"]
    assert r.minimal and not r.setup and r.routers == ("ideal", "booksim")
    assert ROUTINGS["min-random-first"].routing == "min-random-first"
    assert "min-random-first" in SHARED_ROUTINGS
    for composite in ("valiant", "ugal", "nag"):
        routing, options = resolve_routing(composite, {"inner": "min-random-first"})
        assert options["inner"] == "min-random-first"
    texts = codegen.render()
    assert "        return _min_random_first.hop(c, t, h, tabs, net, rs)" in texts["_hop_chain.py"]
    code = REGISTRY["min-random-first"].code
    chain = texts["_entries.py"]
    assert "def hop_min_random_first(" in chain and f"    {code}: (hop_min_random_first, setup_none)," in chain
    assert codegen.stale() == []  # the files the kernels import are the ones the registry gives


def test_the_dispatch_without_the_new_routing_differs_by_its_lines_only(tmp_path):
    """Copy the routing modules without ``min_random_first.py``: the generated dispatch loses exactly the lines
    naming it (its import and its branch), so nothing else had to be written by hand."""
    for f in ROUTINGS_DIR.glob("*.py"):
        if f.name != "min_random_first.py" and f.name not in codegen.GENERATED:
            shutil.copy(f, tmp_path / f.name)
    without, with_ = codegen.render(tmp_path), codegen.render()
    for name in codegen.GENERATED:
        a, b = without[name].splitlines(), with_[name].splitlines()
        changes = [op for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op[0] != "equal"]
        assert changes and all(tag == "insert" for tag, *_ in changes), changes  # lines added, none changed
        for _tag, _i1, _i2, j1, j2 in changes:  # each added block is about the routing (its import, branch, entry)
            block = "\n".join(b[j1:j2])
            assert "min_random_first" in block or "min-random-first" in block, block
    assert len([ln for ln in with_["_hop_chain.py"].splitlines() if ln not in without["_hop_chain.py"]]) == 3


def test_a_routing_module_with_a_bad_flag_or_signature_is_refused(tmp_path):
    src = (ROUTINGS_DIR / "min_random_first.py").read_text(encoding="utf-8")
    shutil.copy(ROUTINGS_DIR / "min.py", tmp_path / "min.py")
    (tmp_path / "mine.py").write_text(src.replace("CODE = 15", "CODE = 0"), encoding="utf-8")
    with pytest.raises(ValueError, match="share the routing code 0"):
        codegen.scan(tmp_path)
    (tmp_path / "mine.py").write_text(src.replace("def hop(c, t, h,", "def hop(c, t, hops,"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"hop\(\) parameters \['hops'\] are not known"):
        codegen.scan(tmp_path)
    (tmp_path / "mine.py").write_text(src.replace("minimal=True", "minimal=FLAG"), encoding="utf-8")
    with pytest.raises(ValueError, match="must be a literal"):
        codegen.scan(tmp_path)
    (tmp_path / "mine.py").write_text(src.replace("minimal=True", "minimal=True, setup=True"), encoding="utf-8")
    with pytest.raises(ValueError, match=r"flagged setup=True and must define setup"):
        codegen.scan(tmp_path)


def test_the_hop_index_decides_the_first_hop_only():
    """``h == 0``: a random minimal arc (several over seeds); ``h > 0``: the fixed table's arc."""
    from lowdiam.sim.rng import new_state
    from lowdiam.sim.routings import build_route_tables
    from lowdiam.sim.routings.base import BuildContext, Network
    from lowdiam.sim.routings.min_random_first import hop
    from lowdiam.sim.tables import memo

    top = hyperx(3, 3).with_endpoints(1)  # two minimal paths between routers differing in both coordinates
    D = distances(top)
    routing, options = resolve_routing("min-random-first", None)
    tabs, need = build_route_tables(routing, options, BuildContext(top, D, 0, 4, memo(top)))
    net = Network(top.indptr.astype(np.int32), top.indices.astype(np.int32), np.ones(top.indices.size, np.int32),
                  np.zeros(1, np.int32))
    nbrs = [top.indices[top.indptr[u]:top.indptr[u + 1]] for u in range(top.num_routers)]
    c, t = next((u, v) for u in range(top.num_routers) for v in range(top.num_routers)
                if D[u, v] == 2 and np.sum(D[nbrs[u], v] == 1) > 1)  # a pair with several minimal first hops
    firsts = {int(hop(c, t, 0, tabs, net, new_state(s))) for s in range(40)}
    assert len(firsts) > 1 and all(D[top.indices[a], t] == D[c, t] - 1 for a in firsts)
    assert {int(hop(c, t, h, tabs, net, new_state(s))) for s in range(10) for h in (1, 3)} == {tabs.next_arc[c, t]}
    assert need == int(D[np.ix_(top.endpoints > 0, top.endpoints > 0)].max())


def test_it_runs_on_the_booksim_model_and_as_valiants_inner():
    r = run_booksim(SF5, "min-random-first", "uniform", 0.1, seed=3, **FAST)
    assert not r.saturated and r.packets_delivered == r.packets_measured > 0
    assert len(r.hop_histogram) - 1 <= int(distances(SF5).max())  # minimal routes only
    v = simulate(SF5, "valiant", "uniform", 0.1, seed=3, routing_options={"inner": "min-random-first"}, **FAST)
    m = simulate(SF5, "valiant", "uniform", 0.1, seed=3, **FAST)
    assert not v.saturated and v.packets_delivered == v.packets_measured > 0
    assert v.hops_mean > r.hops_mean and abs(v.hops_mean - m.hops_mean) < 0.3  # two minimal phases either way


# ---------------------------------------------------------------- topology families are discovered
#: the package's exports before topologies were discovered (a hand-kept dict in lowdiam/topologies/__init__.py)
OLD_TOPOLOGY_EXPORTS = {
    "field": "fields", "is_prime_power": "fields", "prime_powers": "fields", "erdos_renyi_polarity": "_polarfly",
    "polarfly": "_polarfly", "Supernode": "supernodes", "inductive_quad": "supernodes", "paley": "supernodes",
    "bdf": "supernodes", "complete": "supernodes", "FactorGraph": "starproduct", "star_product": "starproduct",
    "has_property_R": "starproduct", "has_property_R_star": "starproduct", "has_property_R1": "starproduct",
    "as_factor_graph": "starproduct", "polarstar": "_polarstar", "polarstar_best": "_polarstar",
    "polarstar_configs": "_polarstar", "PolarStarConfig": "_polarstar", "mms_graph": "_slimfly",
    "slimfly": "_slimfly", "bundlefly": "_bundlefly", "lps": "_lps", "lps_diameter": "_lps",
    "dragonfly": "_dragonfly", "dragonfly_canonical": "_dragonfly", "sstmacro_circulant_links": "_dragonfly",
    "hyperx": "_hyperx", "megafly": "_megafly", "fat_tree": "fattree", "galaxy_graph": "_galaxyfly",
    "galaxyfly": "_galaxyfly", "galaxyfly_size": "_galaxyfly", "jellyfish": "_jellyfish", "levi_graph": "levi",
    "read": "io",
}


def test_topology_families_are_discovered_with_the_old_exports():
    """The package's exports are read from its modules' ``EXPORTS``: every old name, from the same module."""
    import lowdiam.topologies as T

    assert {k: v for k, v in T._EXPORTS.items() if k in OLD_TOPOLOGY_EXPORTS} == OLD_TOPOLOGY_EXPORTS
    assert all(T.__all__.count(name) == 1 for name in T._EXPORTS)
