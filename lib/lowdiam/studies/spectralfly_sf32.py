"""SpectralFly Fig. 6/7 with a Slim Fly of 32-port routers: the test of "the Slim Fly it simulated was smaller".

SpectralFly Sec. VI-B says its simulations used "~8.7k network endpoints and 32-port routers", and configures its
Slim Fly with q = 27 and 8 endpoints per router.  That Slim Fly has network radix 41, so its routers need 49 ports
(notebook 00, ``sf-sec6b-sf-27-32-ports``), and it is the one network of the four that saturates above SpectralFly
in the recorded paper-profile searches (``results/paper/05_simulation/05_spectralfly_fig6_7.csv``).  Notebook 05 used
to explain that mismatch with "the Slim Fly the paper simulated was probably smaller" -- a guess until it is run.

This module runs it.  The network is fixed here, before any of its numbers were seen: the Slim Fly whose routers
have 32 ports with the paper's 8 endpoints per router is SF(16) (q = 16 = 4w + delta with delta = 0, network radix
(3q - delta)/2 = 24, 24 + 8 = 32 ports; 512 routers, 4,096 endpoints).  No Slim Fly has both 32-port routers and
~8.7k endpoints: 8 endpoints per router would need 1,092 routers (SF(23) has 1,058 routers, radix 35, 43 ports).
SF(16) has the same 3.0 channels per endpoint as the paper's LPS(23, 13) with 8 endpoints, so the two differ in
structure, not in the links per endpoint UGAL-L spreads traffic over.

The searches are notebook 05's SpectralFly Fig. 6/7 searches on this network: UGAL-L (Fig. 6) and MIN (Fig. 7), the
four micro-benchmark patterns, the paper profile's settings (:data:`SIM`, the same as every recorded row of
``05_spectralfly_fig6_7``), coarse step 0.1 and resolution 0.01, seed 0, fixed windows with the 95 % rule -- the
rule the Fig. 6/7 claims are judged under.  Every run is appended to :data:`LOG` as it finishes
(``results/paper/05_simulation/05_spectralfly_sf32.csv``), so the job stops and resumes anywhere::

    python -m lowdiam.studies.spectralfly_sf32 --processes 2

Examples
--------
>>> from lowdiam.studies import spectralfly_sf32 as SF32
>>> top = SF32.RECIPE.build()
>>> top.name, top.num_routers, top.radix + 8, top.num_endpoints
('SF(16)', 512, 32, 4096)
>>> [(rt, tr) for _, rt, tr in SF32.configs()][:2]
[('ugal', 'uniform'), ('ugal', 'shuffle')]
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from lowdiam import sweep as S

__all__ = ["COARSE_STEP", "LOG", "PATTERNS", "RECIPE", "ROUTINGS", "SIM", "TOL", "configs", "recorded", "run"]

#: the Slim Fly with 32-port routers and the paper's 8 endpoints per router (see the module docstring)
RECIPE = S.Recipe("slimfly", {"endpoints_per_router": 8}, "SF32", (16,))
#: notebook 05's SpectralFly Fig. 6/7 patterns, in its order
PATTERNS = ("uniform", "shuffle", "bitrev", "transpose")
#: Fig. 6 (UGAL-L), then Fig. 7 (MIN): the registry names notebook 05 runs on a Slim Fly
ROUTINGS = ("ugal", "min")
#: the paper profile's simulation settings of SpectralFly Fig. 6/7 (notebook 05's ``SIM_PS`` at the paper profile)
SIM = {"packet_flits": 4, "buffer_flits": 32, "router": "booksim",
       "router_options": {"internal_speedup": 2.0, "vc_selection": "hop"}, "warmup_cycles": 3000,
       "measure_cycles": 5000}
#: the paper profile's search: coarse load step and resolution
COARSE_STEP, TOL = 0.1, 0.01
#: the result log (notebook, name) under results/paper/
LOG = ("05_simulation", "05_spectralfly_sf32")


def configs() -> list[tuple[S.Recipe, str, str]]:
    """The searches to run: (recipe, routing, pattern), UGAL-L first.

    Returns
    -------
    list of tuple
        ``(RECIPE, routing, pattern)`` for every routing of :data:`ROUTINGS` and pattern of :data:`PATTERNS`.

    Examples
    --------
    >>> len(configs()), configs()[-1][1:]
    (8, ('min', 'transpose'))
    """
    return [(RECIPE, rt, tr) for rt in ROUTINGS for tr in PATTERNS]


def run(*, processes: int | None = None, scheduler=None, routings: Sequence[str] = ROUTINGS, root=None,
        progress: bool = True) -> list:
    """Run (or resume) the searches of ``routings``, every run appended to the result log as it finishes.

    Parameters
    ----------
    processes : int, optional
        Local worker processes (default: all cores).
    scheduler : str or dask.distributed.Client, optional
        A Dask cluster to run on instead of local processes.
    routings : sequence of str
        A subset of :data:`ROUTINGS`, in the order to run.
    root : path, optional
        Folder holding ``paper/`` result logs (default: the project's ``results/``).
    progress : bool
        One labelled bar over the searches, on stderr.

    Returns
    -------
    list of lowdiam.sweep.SaturationResult
        One per search, in :func:`configs` order restricted to ``routings``.

    Examples
    --------
    >>> run(routings=["valiant"])
    Traceback (most recent call last):
        ...
    ValueError: routings must be drawn from ('ugal', 'min'); got ['valiant']
    """
    routings = list(routings)
    if not routings or any(rt not in ROUTINGS for rt in routings):
        raise ValueError(f"routings must be drawn from {ROUTINGS}; got {routings}")
    cfgs = [c for rt in routings for c in configs() if c[1] == rt]
    return S.saturation_searches(cfgs, coarse_step=COARSE_STEP, tol=TOL, seed=0, sim=SIM,
                                 record=S.result_log(*LOG, root=root), processes=processes, scheduler=scheduler,
                                 progress=progress)


def recorded(*, root=None) -> dict:
    """The recorded searches so far: ``(routing, pattern) -> (saturation load, search done)``.

    Parameters
    ----------
    root : path, optional
        Folder holding ``paper/`` result logs (default: the project's ``results/``).

    Returns
    -------
    dict
        Only the searches with at least one recorded run.

    Examples
    --------
    >>> import tempfile
    >>> recorded(root=tempfile.mkdtemp())
    {}
    """
    from .simulation import recorded_saturation

    got = recorded_saturation(LOG[0], [LOG[1]], TOL, root=root, recipes={RECIPE.label: RECIPE})
    return {(rt, tr): v for (label, rt, tr), v in got.items() if label == RECIPE.label}


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.spectralfly_sf32",
                                 description="SpectralFly Fig. 6/7 saturation searches on SF(16), the Slim Fly with "
                                             "32-port routers, recorded in results/paper/05_simulation/"
                                             f"{LOG[1]}.csv")
    ap.add_argument("--processes", type=int, default=None, help="local worker processes (default: all cores)")
    ap.add_argument("--routings", default=",".join(ROUTINGS), help=f"comma-separated, in order (default: "
                                                                   f"{','.join(ROUTINGS)})")
    args = ap.parse_args(argv)
    for x in run(processes=args.processes, routings=[r for r in args.routings.split(",") if r]):
        print(f"SF(16) {x.routing:5s} {x.traffic:10s} saturation load {x.saturation_load} ({len(x.records)} runs)",
              flush=True)


if __name__ == "__main__":
    main()
