"""Golden results of the BookSim router model: fixed seeds give bit-identical numbers across kernel rewrites.

The JSON files in ``tests/data/booksim_golden/`` were recorded from the kernel before its flit-proportional
rewrite (issue 53) by running this module with ``LOWDIAM_REGEN_GOLDEN=1``.  The cases cover every branch
of the kernel: both own routings and the shared ones (random, adaptive, table), VC selection by hop and
any, both allocators, internal speedup 1 and 2 (and fractional), router / allocation / crossbar / credit
delays above 1, 1-flit packets and buffers smaller than a packet, saturated and drained runs, BookSim's
run control, and a message program (``run_motif``).  A deliberate change of a reported number (a bug fix)
regenerates the files and says why in the commit message.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden import numbers, recorded, rrg, same

from lowdiam.sim.booksim import run_booksim

DATA = Path(__file__).resolve().parent / "data" / "booksim_golden"
SHORT = {"warmup_cycles": 200, "measure_cycles": 500}


def _topology(name):
    from lowdiam.topologies import dragonfly_canonical, polarstar

    return {
        "rrg24": lambda: rrg(24, 4, 2),
        "rrg30d5": lambda: rrg(30, 5, 3),
        "ps_iq": lambda: polarstar(2, "iq", 3, endpoints_per_router=2),
        "df3": lambda: dragonfly_canonical(3),
        "rrg10_wide": lambda: rrg(10, 3, 66),  # 69 ports per router: two 64-bit words per port mask
    }[name]()


# name -> (topology, routing, traffic, load, seed, extra run_booksim keywords)
CASES = {
    "min_single_uniform": ("rrg24", "min-single", "uniform", 0.3, 1, {}),
    "min_single_sat": ("rrg24", "min-single", "uniform", 0.95, 2, {}),
    "min_random_randperm_speedup2": ("rrg30d5", "min", "randperm", 0.5, 3,
                                      {"router_options": {"internal_speedup": 2.0}}),
    "min_uniform_speedup15_islip": ("rrg30d5", "min", "uniform", 0.6, 4,
                                    {"router_options": {"internal_speedup": 1.5, "vc_allocator": "islip",
                                                        "sw_allocator": "islip", "alloc_iters": 2}}),
    "min_single_delays": ("rrg24", "min-single", "uniform", 0.4, 5,
                          {"router_options": {"routing_delay": 2, "vc_alloc_delay": 2, "sw_alloc_delay": 2,
                                              "st_prepare_delay": 1, "st_final_delay": 2, "credit_delay": 3}}),
    "min_single_small_buffers_1flit": ("rrg24", "min-single", "shuffle", 0.5, 6,
                                       {"packet_flits": 1, "buffer_flits": 2, "vcs": 2}),
    "min_hop_vcs_small_buffer": ("rrg24", "min", "uniform", 0.5, 7,
                                 {"buffer_flits": 3, "packet_flits": 5,
                                  "router_options": {"vc_selection": "hop"}}),
    "valiant_uniform": ("rrg24", "valiant", "uniform", 0.3, 8, {}),
    "ugal_adversarial_speedup2": ("df3", "df-ugal", "adversarial", 0.5, 9,
                                  {"router_options": {"internal_speedup": 2.0}}),
    "ugal_uniform_sat": ("rrg24", "ugal", "uniform", 0.9, 10, {}),
    "nag_adversarial": ("df3", "nag", "adversarial", 0.4, 11, {}),
    "polarstar_min_uniform": ("ps_iq", "polarstar-min", "uniform", 0.4, 12,
                              {"router_options": {"internal_speedup": 2.0}}),
    "ksp_any_vc": ("rrg24", "ksp", "uniform", 0.3, 13, {"router_options": {"vc_selection": "any"}}),
    "min_single_booksim_control": ("rrg24", "min-single", "uniform", 0.4, 14,
                                   {"run_control": "booksim", "warmup_cycles": 0, "measure_cycles": 1,
                                    "run_control_options": {"sample_period": 300, "max_samples": 4}}),
    "wide_routers_speedup2": ("rrg10_wide", "min", "uniform", 0.03, 17,
                              {"router_options": {"internal_speedup": 2.0}}),
    "min_booksim_control_unstable": ("rrg24", "min", "uniform", 1.0, 15,
                                     {"run_control": "booksim", "warmup_cycles": 0, "measure_cycles": 1,
                                      "run_control_options": {"sample_period": 300, "max_samples": 4}}),
}



def _run(name):
    if name == "motif_allreduce_ugal":
        from lowdiam.sim.motifs import run_motif

        r = run_motif(_topology("rrg24"), "allreduce", message_bytes=8 * 64, algorithm="ring", routing="ugal",
                      seed=16)
        return {"completion_cycles": r.completion_cycles, "messages_delivered": r.messages_delivered}
    top, routing, traffic, load, seed, extra = CASES[name]
    kw = dict(SHORT)
    kw.update(extra)
    return numbers(run_booksim(_topology(top), routing, traffic, load, seed=seed, **kw))



@pytest.mark.parametrize("name", sorted(CASES) + ["motif_allreduce_ugal"])
def test_booksim_goldennumbers(name):
    path = DATA / f"{name}.json"
    got = _run(name)
    want = recorded(path, got)
    mismatches = same(want, got)
    assert not mismatches, f"{name}: " + "; ".join(mismatches[:10])
