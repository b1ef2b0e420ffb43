"""UGAL with BookSim2's Dragonfly cost form (``routing_options={"cost": "booksim-dragonfly"}``): the decision at the
source router against ``ugal_dragonflynew``'s rule, written out here from ``src/networks/dragonfly.cpp``."""

from __future__ import annotations

import numpy as np
import pytest

from lowdiam.metrics.distances import distance_matrix
from lowdiam.sim.rng import new_state
from lowdiam.sim.routings import build_route_tables, resolve_routing, ugal
from lowdiam.sim.routings.base import DIRECT, UNDECIDED, BuildContext, Network, PortState
from lowdiam.topologies import dragonfly

DF = dragonfly(4, 2, 2)
BOOKSIM = {"inner": "df-min", "cost": "booksim-dragonfly", "samples": 1, "threshold": 30}


def _tables(options):
    routing, opts = resolve_routing("ugal", options)
    memo = {}
    ctx = BuildContext(DF, distance_matrix(DF), 0, 4, lambda key, build: memo.setdefault(key, build()))
    tabs, _ = build_route_tables(routing, opts, ctx)
    ip, ix = DF.indptr.astype(np.int32), DF.indices.astype(np.int32)
    ep = np.repeat(np.arange(DF.num_routers), DF.endpoints).astype(np.int32)
    used = np.zeros(ix.size + ep.size, np.int32)
    ports = PortState(used, np.zeros(ix.size, np.int32), np.zeros(1, np.int32), 3, 32)
    return tabs, Network(ip, ix, np.ones(ix.size, np.int32), ep), used, ports


def _first_hop(s, t):
    """The arc out of s of the Dragonfly's one minimal route s -> t: to t itself in s's group; else s's global link
    to t's group if it has one, else the local link to the router of s's group that has it."""
    grp = DF.labels["group"]
    arcs = range(DF.indptr[s], DF.indptr[s + 1])
    if grp[t] == grp[s]:
        return next(a for a in arcs if DF.indices[a] == t)
    direct = [a for a in arcs if grp[DF.indices[a]] == grp[t]]
    if direct:
        return direct[0]
    return next(a for a in arcs if grp[DF.indices[a]] == grp[s] and any(
        grp[w] == grp[t] for w in DF.indices[DF.indptr[DF.indices[a]]:DF.indptr[DF.indices[a] + 1]]))


@pytest.mark.parametrize("threshold", [30, -30])  # BookSim2's, the authors' fork's
@pytest.mark.parametrize("excess", [0, 1])
def test_source_decision_is_ugal_dragonflynew(excess, threshold):
    tabs, net, used, ports = _tables({**BOOKSIM, "threshold": threshold})
    grp = DF.labels["group"]
    s, t = 0, int(np.flatnonzero(grp == 5)[1])
    a_min = _first_hop(s, t)
    q_val = 20
    used[DF.indptr[s]:DF.indptr[s + 1]] = q_val
    used[a_min] = 2 * q_val + threshold + excess
    # ugal_dragonflynew: the intermediate's group is the source's -> minimal; else Valiant while
    # q_min > 2 q_val + 30, where q_val is the occupancy of the first hop towards the intermediate
    n = DF.num_routers
    valiant_ms = {m for m in range(n) if grp[m] != grp[s]
                  and used[a_min] > 2 * used[_first_hop(s, m)] + threshold}
    rs = new_state(7)
    state = np.full(1, UNDECIDED, np.int32)
    draws, got = 4000, []
    for _ in range(draws):
        state[0] = UNDECIDED
        a = ugal.next_hop(0, s, t, 0, tabs, net, state, ports, rs)
        if state[0] == DIRECT:
            assert a == a_min
        else:
            got.append(int(state[0]))
            assert a == _first_hop(s, int(state[0]))
    assert set(got) <= valiant_ms
    share = len(valiant_ms) / n
    assert abs(len(got) / draws - share) < 4 * np.sqrt(share * (1 - share) / draws) + 1e-9
    if threshold < 0:  # an idle network: every intermediate outside the source's group taken (a different port)
        used[:] = 0
        state[0] = UNDECIDED
        m_count = 0
        for _ in range(500):
            state[0] = UNDECIDED
            ugal.next_hop(0, s, t, 0, tabs, net, state, ports, rs)
            m_count += state[0] != DIRECT
        assert m_count > 0
    # a destination in the source's group: minimal, whatever the occupancies
    state[0] = UNDECIDED
    ugal.next_hop(0, s, 1, 0, tabs, net, state, ports, rs)
    assert state[0] == DIRECT


def test_booksim_cost_needs_one_hierarchical_sample():
    with pytest.raises(ValueError, match="takes inner='df-min' and samples=1"):
        _tables({**BOOKSIM, "samples": 4})
    with pytest.raises(ValueError, match="routing_options\\['cost'\\]"):
        _tables({**BOOKSIM, "cost": "booksim"})
    with pytest.raises(ValueError, match="threshold"):  # a negative bias with BookSim's Dragonfly rule only
        _tables({"inner": "df-min", "threshold": -30})
    # the default cost is left out of the options a run reports (as before the option existed)
    assert "cost" not in resolve_routing("df-ugal", None)[1]
