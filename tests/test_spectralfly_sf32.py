"""lowdiam.studies.spectralfly_sf32: the 32-port Slim Fly run with the recorded SpectralFly Fig. 6/7 settings."""

from __future__ import annotations

import csv
import json

from lowdiam import sweep as S
from lowdiam.paths import results_dir
from lowdiam.studies import spectralfly_sf32 as SF32


def _rows(name):
    with open(results_dir() / "paper" / "05_simulation" / f"{name}.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def test_settings_are_those_of_every_recorded_fig6_7_run():
    sims = {json.dumps(json.loads(r["sim"]), sort_keys=True) for r in _rows("05_spectralfly_fig6_7")}
    assert sims == {json.dumps(SF32.SIM, sort_keys=True)}


def test_the_network_has_32_port_routers_and_the_channels_per_endpoint_of_the_papers_lps():
    sf, lps = SF32.RECIPE.build(), S.Recipe("lps", {"endpoints_per_router": 8}, "LPS", (23, 13)).build()
    assert sf.radix + sf.num_endpoints // sf.num_routers == 32
    assert 2 * sf.num_edges / sf.num_endpoints == 2 * lps.num_edges / lps.num_endpoints == 3.0
    # the paper's own Slim Fly needs 49 ports
    sf27 = S.Recipe("slimfly", {"endpoints_per_router": 8}, "SF", (27,)).build()
    assert sf27.radix + 8 == 49


def test_recorded_reads_only_this_networks_searches(tmp_path):
    log = S.result_log(*SF32.LOG, root=tmp_path)
    runs = [S.Run(SF32.RECIPE, "ugal", "uniform", load, sim={"measure_cycles": 60, "warmup_cycles": 30,
                                                               "router": "ideal"}) for load in (0.2, 0.4)]
    S.run_sweep(runs, processes=1, progress=False, record=log)
    got = SF32.recorded(root=tmp_path)
    assert set(got) == {("ugal", "uniform")}
    load, done = got[("ugal", "uniform")]
    assert load in (0.2, 0.4) and done is False  # two loads do not make a search of resolution 0.01
