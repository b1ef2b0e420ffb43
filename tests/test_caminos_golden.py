"""Golden results of the CAMINOS router model: fixed seeds give bit-identical SimResult numbers across refactors.

The JSON files in ``tests/data/caminos_golden/`` were recorded from the kernel before the issue-53 speed work
(``lib/lowdiam/sim/caminos/kernel.py`` as of commit d2dcc7e) by running this module with
``LOWDIAM_REGEN_GOLDEN=1``.  The cases cover every routing of the model (min-adaptive, Valiant, Polarized with
default and custom label weights, Omni with default and explicit deroutes / deroute label), every traffic mode of
the kernel (uniform, table: permutations and neighbour, hotspot), extra VCs, small buffers and server queues,
other packet sizes, and saturated runs that drop generations.  A deliberate change of a reported number (a bug
fix) regenerates the files and says why in the commit message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden import numbers, recorded, same

from lowdiam.sim.caminos import run_caminos

DATA = Path(__file__).resolve().parent / "data" / "caminos_golden"
SHORT = {"warmup_cycles": 300, "measure_cycles": 1200}


def _topology(name):
    from lowdiam.topologies import hyperx, jellyfish, slimfly

    return {
        "rrg32": lambda: jellyfish(32, 5, 1, endpoints_per_router=2),
        "hx33": lambda: hyperx(3, 3, endpoints_per_router=2),
        "hx44": lambda: hyperx(4, 4, endpoints_per_router=2),
        "sf5": lambda: slimfly(5).with_endpoints(2),
    }[name]()


# name -> (topology, routing, traffic, load, seed, extra run_caminos keywords)
CASES = {
    "min_uniform": ("rrg32", "min-adaptive", "uniform", 0.3, 1, {}),
    "min_uniform_sat_small_queue": ("rrg32", "min-adaptive", "uniform", 1.0, 2,
                                    {"router_options": {"server_queue_messages": 3}}),
    "min_neighbor_extra_vcs_small_buffers": ("rrg32", "min-adaptive", "neighbor", 0.5, 3,
                                             {"vcs": 5, "packet_flits": 5,
                                              "router_options": {"input_buffer_packets": 2,
                                                                 "output_buffer_packets": 1}}),
    "valiant_uniform": ("rrg32", "valiant", "uniform", 0.3, 4, {"routing_options": {"inner": "min-adaptive"}}),
    "valiant_perm_sat": ("hx33", "valiant", "server_perm", 0.9, 5, {}),
    "polarized_uniform": ("sf5", "polarized", "uniform", 0.4, 6, {}),
    "polarized_weights_hotspot": ("sf5", "polarized", "hotspot", 0.5, 7,
                                  {"routing_options": {"label_weights": (0, 10, 30)},
                                   "traffic_options": {"hot_fraction": 0.3}}),
    "polarized_perm_sat": ("hx33", "polarized", "server_perm", 1.0, 8, {"packet_flits": 8}),
    "omni_uniform": ("hx33", "omni", "uniform", 0.5, 9, {}),
    "omni_deroutes_label_shuffle": ("hx44", "omni", "shuffle", 0.7, 10,
                                    {"routing_options": {"deroutes": 1, "deroute_label": 3}}),
}



def _run(name):
    top, routing, traffic, load, seed, extra = CASES[name]
    return run_caminos(_topology(top), routing, traffic, load, seed=seed, **SHORT, **extra)



@pytest.mark.parametrize("name", sorted(CASES))
def test_goldennumbers(name):
    path = DATA / f"{name}.json"
    got = numbers(_run(name))
    want = recorded(path, got)
    mismatches = same(want, got)
    assert not mismatches, f"{name}: " + "; ".join(mismatches[:10])


@pytest.mark.parametrize("name", ["min_uniform_sat_small_queue", "valiant_perm_sat", "omni_deroutes_label_shuffle"])
def test_golden_numbers_in_pieces(name):
    """The kernel's bitmasks are derived state, rebuilt at every entry: a run advanced in uneven pieces gives the
    same numbers as one call."""
    from lowdiam.sim.caminos import build_model, conservation
    from lowdiam.sim.caminos.driver import _result

    top, routing, traffic, load, seed, extra = CASES[name]
    m = build_model(_topology(top), routing, traffic, load, seed=seed, **SHORT, **extra)
    end = SHORT["warmup_cycles"] + SHORT["measure_cycles"]
    step = 1
    while m.st.ctr[0] < end:  # K_NOW
        assert m.run(min(step, end - int(m.st.ctr[0]))) == 0
        step = step * 3 % 101 + 1
    got = numbers(_result(m, conservation(m), 0.0))
    want = json.loads((DATA / f"{name}.json").read_text())
    mismatches = same(want, got)
    assert not mismatches, f"{name}: " + "; ".join(mismatches[:10])


def test_cases_cover_every_routing_and_traffic_mode():
    from lowdiam.sim.caminos import ROUTINGS

    assert {c[1] for c in CASES.values()} == set(ROUTINGS)
    assert {"uniform", "server_perm", "neighbor", "hotspot"} <= {c[2] for c in CASES.values()}
    assert any(c[5].get("router_options", {}).get("server_queue_messages") for c in CASES.values())
