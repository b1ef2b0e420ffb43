"""Shared input buffers in the BookSim model (BookSim2's ``buffer_policy = shared``): options, semantics, BookSim2.

``tests/data/booksim/shared_pf3.csv`` holds BookSim2's results on PolarFly(3) with 3 endpoints per router, 4-flit
packets, 4 VCs and 32-flit port buffers of which 2 flits are private per VC (``benchmarks/crossval_booksim.py
--pin-shared``; the configuration is ``tests/data/booksim/booksim.cfg`` with ``packet_size = 4``,
``buffer_policy = shared``, ``buf_size = 32``, ``private_buf_size = 2``), so the model is checked against BookSim2
without BookSim installed.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from golden import numbers, rrg

from lowdiam.sim.booksim import run_booksim
from lowdiam.sim.booksim.options import buffer_layout, check_router_options, read_booksim_config

PIN = Path(__file__).parent / "data" / "booksim" / "shared_pf3.csv"
SHARED = {"buffer_policy": "shared", "buf_size": 32, "private_buf_size": 2}
SHORT = {"warmup_cycles": 200, "measure_cycles": 500}


# ----------------------------------------------------------------------------- options
def test_default_options_report_no_buffer_keys():
    assert not {"buffer_policy", "buf_size", "private_buf_size"} & set(check_router_options(None))
    assert not {"buffer_policy", "buf_size", "private_buf_size"} & set(check_router_options({"buffer_policy":
                                                                                              "private"}))
    got = check_router_options(SHARED)
    assert (got["buffer_policy"], got["buf_size"], got["private_buf_size"]) == ("shared", 32, 2)


@pytest.mark.parametrize("opts, match", [
    ({"buffer_policy": "limited"}, r"'limited' \(a BookSim2 policy\) is not modelled; valid choices: private, shared"),
    ({"buffer_policy": "pooled"}, r"buffer_policy.*private.*shared"),
    ({"buf_size": 64}, r"need buffer_policy='shared'"),
    ({"buffer_policy": "shared", "buf_size": 0}, r"buf_size'\] must be >= 1"),
    ({"buffer_policy": "shared", "private_buf_size": -2}, r"private_buf_size"),
])
def test_bad_buffer_options_are_refused_naming_the_rule(opts, match):
    with pytest.raises(ValueError, match=match):
        check_router_options(opts)


def test_layout_follows_booksims_defaults_and_refuses_an_overfull_port():
    o = check_router_options({"buffer_policy": "shared"})  # BookSim: buf_size = vcs x vc_buf_size, 1 flit private
    assert buffer_layout(o, 4, 8) == (True, 32, 1, 28, 29)
    o = check_router_options({"buffer_policy": "shared", "buf_size": 30, "private_buf_size": -1})
    assert buffer_layout(o, 4, 8) == (True, 30, 7, 2, 9)
    o = check_router_options({"buffer_policy": "shared", "buf_size": 256, "private_buf_size": 5})
    with pytest.raises(ValueError, match=r"private_buf_size x vcs = 5 x 52 = 260 exceeds buf_size = 256"):
        buffer_layout(o, 52, 32)
    top = rrg(24, 4, 2)
    with pytest.raises(ValueError, match="exceeds buf_size"):
        run_booksim(top, "min-single", "uniform", 0.2, vcs=4, router_options={**SHARED, "private_buf_size": 9}, **SHORT)


def test_booksim_config_keys_are_read(tmp_path):
    cfg = tmp_path / "run.cfg"
    cfg.write_text("topology = anynet; routing_function = min; buffer_policy = shared; buf_size = 32; "
                   "private_buf_size = 2; num_vcs = 4; packet_size = 1;")
    ro = read_booksim_config(cfg)["router_options"]
    assert (ro["buffer_policy"], ro["buf_size"], ro["private_buf_size"]) == ("shared", 32, 2)


# ----------------------------------------------------------------------------- semantics
@pytest.mark.parametrize("routing, traffic, load, packet", [("min-single", "uniform", 0.9, 4),
                                                           ("min", "shuffle", 0.6, 1),
                                                           ("ugal", "uniform", 0.8, 4)])
def test_a_pool_of_zero_with_private_buffers_of_the_vc_size_is_the_private_policy(routing, traffic, load, packet):
    """Each VC's private slots alone (pool 0) are BookSim's private policy: the same run, number for number."""
    top = rrg(24, 4, 2)
    kw = dict(packet_flits=packet, vcs=8, buffer_flits=6, seed=5, **SHORT)
    priv = numbers(run_booksim(top, routing, traffic, load, **kw))
    ro = {"buffer_policy": "shared", "buf_size": 48, "private_buf_size": 6}
    shared = numbers(run_booksim(top, routing, traffic, load, router_options=ro, **kw))
    for d in (priv, shared):
        d["params"].pop("router_options")
    assert shared == priv


def test_the_pool_adds_to_the_private_slots():
    """One private flit per VC and a 12-flit pool carry far more than the one private flit alone (a VC cannot cover
    the credit round trip with one flit), and a VC with no private slot at all still moves packets longer than the
    pool's share through the pool and the slots BookSim reserves for a packet being sent.  Every run checks that the
    pool count is the VCs' overflow past their private slots (the driver's conservation check)."""
    top = rrg(24, 4, 2)
    kw = dict(packet_flits=4, vcs=4, seed=3, **SHORT)
    alone = run_booksim(top, "min", "uniform", 0.4, buffer_flits=1, **kw)
    pooled = run_booksim(top, "min", "uniform", 0.4, buffer_flits=1,
                         router_options={"buffer_policy": "shared", "buf_size": 16, "private_buf_size": 1}, **kw)
    assert pooled.params["router_options"]["buf_size"] == 16
    assert alone.saturated and not pooled.saturated
    assert pooled.accepted_load > 1.5 * alone.accepted_load
    none = run_booksim(top, "min-single", "uniform", 0.3, buffer_flits=4,
                       router_options={"buffer_policy": "shared", "buf_size": 8, "private_buf_size": 0}, **kw)
    assert none.packets_delivered > 0


# ----------------------------------------------------------------------------- BookSim2
def _pinned() -> dict:
    with PIN.open() as fh:
        return {float(r["load"]): r for r in csv.DictReader(fh)}


def test_decisions_and_latency_match_booksim2_with_shared_buffers():
    """BookSim's run control on both sides: the stable / unstable decision equals BookSim2's at every 0.05 step but
    at most one next to its boundary; latency within 10 % at every load both call stable."""
    from lowdiam import topologies as T

    top = T.polarfly(3).with_endpoints(3)
    ref = _pinned()
    assert len(ref) == 20 and {r["buffers"] for r in ref.values()} == {"b32p2"}
    first = min(lo for lo, r in ref.items() if r["unstable"] == "1")
    differ, dev = [], []
    for load in sorted(ref):
        try:
            r = run_booksim(top, "min-single", "uniform", load, packet_flits=4, vcs=4, buffer_flits=32, seed=1,
                            routing_options={"paths": "booksim-anynet"},
                            router_options={"vc_selection": "any", **SHARED}, run_control="booksim",
                            warmup_cycles=0, measure_cycles=1, run_control_options={"max_samples": 10},
                            traffic_options={"include_source": True})  # BookSim2's uniform
            unstable = r.saturated
        except ValueError as err:  # any VC at any hop can deadlock: BookSim's latency then passes its threshold
            assert "deadlock" in str(err)
            unstable = True
        if unstable != (ref[load]["unstable"] == "1"):
            differ.append(load)
        elif not unstable:
            dev.append(abs(r.latency_mean / float(ref[load]["latency"]) - 1))
    assert len(differ) <= 1 and all(first - 0.05 - 1e-9 <= lo <= first + 1e-9 for lo in differ), (first, differ)
    assert dev and max(dev) <= 0.10, dev
