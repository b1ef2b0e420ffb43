"""The BookSim kernel's port masks (``Router.pm_*``) summarise its state exactly at the end of a run.

The kernel keeps, per router, bit masks of the ports with work and updates them as flits and credits move; every
pass over a router's ports visits only the set bits.  A missing bit would skip a port with work (the golden tests
would see other numbers); a stale bit would only cost time, which no result shows.  So this test reads the state
where a run ended and checks that the masks the kernel kept equal the ones derived from the state afresh
(``kernel._port_masks``, what every kernel entry does), bit for bit, on runs that exercise every update: saturated
and drained, internal speedup 2, shared buffers, BookSim's run control (many kernel entries), and routers of more
than 64 ports (two mask words).
"""

from __future__ import annotations

import numpy as np
import pytest
from golden import rrg

from lowdiam.sim.booksim import kernel as K
from lowdiam.sim.booksim.driver import run_request
from lowdiam.sim.request import make_request

SHORT = {"warmup_cycles": 200, "measure_cycles": 300}
CASES = {
    "saturated": (lambda: rrg(24, 4, 2), "min", 0.9, {}),
    "speedup2_drained": (lambda: rrg(30, 5, 3), "ugal", 0.3, {"router_options": {"internal_speedup": 2.0}}),
    "shared_buffers": (lambda: rrg(24, 4, 2), "min", 0.5,
                       {"packet_flits": 1, "router_options": {"buffer_policy": "shared", "buf_size": 32,
                                                              "private_buf_size": 2}}),
    "booksim_control": (lambda: rrg(24, 4, 2), "min-single", 0.4,
                        {"run_control": "booksim", "warmup_cycles": 0, "measure_cycles": 1,
                         "run_control_options": {"sample_period": 200, "max_samples": 5}}),
    "wide_routers": (lambda: rrg(10, 3, 66), "min", 0.03, {"router_options": {"internal_speedup": 2.0}}),
}


def _final_state(name):
    make, routing, load, extra = CASES[name]
    kw = {**SHORT, **extra}
    req = make_request(make(), routing, "uniform", load, router="booksim", seed=5, **kw)
    seen = {}
    run_request(req, inspect=lambda **state: seen.update(state))
    return seen


@pytest.mark.parametrize("name", sorted(CASES))
def test_port_masks_equal_the_state_they_summarise(name):
    seen = _final_state(name)
    st, net, cfg = seen["st"], seen["net"], seen["cfg"]
    kept = {f: getattr(st, f).copy() for f in ("pm_in", "pm_list", "pm_pc", "pm_out")}
    busy = sum(int(np.count_nonzero(m)) for m in kept.values())
    derived = {f: np.zeros_like(m) for f, m in kept.items()}
    K._port_masks(int(cfg[K.C_N]), int(cfg[K.C_PW]), net.rptr, st.lmask, st.prt, st.ch, derived["pm_in"],
                  derived["pm_list"], derived["pm_pc"], derived["pm_out"])
    for f in kept:
        bad = np.flatnonzero(kept[f] != derived[f])
        assert bad.size == 0, f"{name}: {f} differs from the state at words {bad[:10].tolist()}"
    if name in ("saturated", "wide_routers"):
        assert busy > 0  # a saturated run ends with work in the network, so the comparison is not of zeros
    if name == "wide_routers":
        assert int(cfg[K.C_PW]) == 2


@pytest.mark.parametrize("name", ["saturated", "speedup2_drained", "wide_routers"])
def test_the_prefetch_switch_changes_no_number(name, monkeypatch):
    """The kernel prefetches the next routers' state only on networks of at least ``PREFETCH_MIN_INPUT_VCS`` input
    VCs (the small test networks are below it): with it forced on, the run ends in the same state, bit for bit
    (every counter, every router and endpoint array)."""
    from lowdiam.sim.booksim import driver

    default = _final_state(name)
    monkeypatch.setattr(driver, "PREFETCH_MIN_INPUT_VCS", 0)
    forced = _final_state(name)
    assert (int(default["cfg"][K.C_PREFETCH]), int(forced["cfg"][K.C_PREFETCH])) == (0, 1)
    for record in ("st", "nd"):
        for field in type(default[record])._fields:
            a, b = getattr(default[record], field), getattr(forced[record], field)
            assert np.array_equal(a, b), f"{name}: {record}.{field} differs with the prefetches on"
    assert np.array_equal(default["ctr"], forced["ctr"])
    assert int(default["ctr"][K.K_EJ]) > 0
