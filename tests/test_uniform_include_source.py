"""``uniform`` with ``include_source=True``: BookSim2's uniform pattern, which draws the destination among all
endpoints, the source included (``RandomInt(nodes - 1)`` in BookSim2's ``src/traffic.cpp``)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lowdiam.sim import simulate
from lowdiam.sim.bounds import endpoint_demand
from lowdiam.sim.traffic import Endpoints, make_traffic
from lowdiam.topologies import jellyfish

SHORT = {"warmup_cycles": 300, "measure_cycles": 3000}


@pytest.fixture(scope="module")
def top():
    return jellyfish(24, 6, seed=1, endpoints_per_router=2)


def test_the_option_is_checked_and_off_by_default(top):
    ep = Endpoints.of(top.endpoints)
    assert make_traffic("uniform", top, ep, None, 0).include_source is False
    assert make_traffic("uniform", top, ep, None, 0, include_source=True).include_source is True
    with pytest.raises(TypeError, match="include_source"):
        make_traffic("uniform", top, ep, None, 0, include_source=1)
    with pytest.raises(ValueError, match="include_source"):
        make_traffic("shuffle", top, ep, None, 0, include_source=True)  # an option of uniform only


def test_booksim_model_sends_a_share_of_one_in_ne_to_the_source_itself(top):
    """Packets that stay on their router (0 links): the other endpoint of the router only (1 in 47), or it and the
    source itself (2 in 48).  The share of 0-hop packets tells the two apart at many standard deviations."""
    ne = top.num_endpoints
    shares = {}
    for include in (False, True):
        r = simulate(top, "min", "uniform", 0.3, **SHORT, seed=3, traffic_options={"include_source": include})
        h = np.asarray(r.hop_histogram)
        shares[include] = (h[0] / h.sum(), h.sum())
    for include, p in ((False, 1 / (ne - 1)), (True, 2 / ne)):
        share, count = shares[include]
        sigma = math.sqrt(p * (1 - p) / count)
        assert abs(share - p) < 4 * sigma, (include, share, p, sigma)
    assert shares[True][0] > shares[False][0] + 4 * math.sqrt(2 / ne / shares[True][1])


def test_other_router_models_refuse_it(top):
    for router, routing in (("caminos", "min-adaptive"), ("ideal", "min")):
        with pytest.raises(ValueError, match=f"router '{router}' does not model it"):
            simulate(top, routing, "uniform", 0.3, **SHORT, router=router, traffic_options={"include_source": True})


def test_demand_model_counts_the_source_as_a_destination(top):
    dem_out, ej_out = endpoint_demand(top, "uniform")
    dem_in, ej_in = endpoint_demand(top, "uniform", include_source=True)
    ne, n = top.num_endpoints, top.num_routers
    assert math.isclose(dem_in.sum(), ne) and math.isclose(dem_out.sum(), ne)  # every endpoint injects 1
    assert np.allclose(np.diag(dem_in), 2 * 2 / ne) and np.allclose(np.diag(dem_out), 2 * 1 / (ne - 1))
    assert np.allclose(ej_in, 1.0) and np.allclose(ej_out, 1.0)
    assert n == 24
