"""SpectralFly Fig. 6/7/8 saturation searches under BookSim2's own run control, beside the fixed-window rule.

Notebook 05's SpectralFly section searched its saturation loads under ``run_control="fixed"`` (3000 + 5000-cycle
windows and the project's 95 % throughput rule). The paper measured SST/macro completion times, which need no
stability rule; the project's comparison of saturation loads does, and for the BookSim model it is BookSim2's own
run control (``run_control="booksim"``, ``docs/run_control.md``), as for every other BookSim-model claim of notebook
05. This module holds the section's paper-scale networks (SpectralFly Sec. VI-B) and every search its claims compare
(and SF(16)'s UGAL-L searches, which test an explanation), and runs them under BookSim2's rule with otherwise the
same settings (:data:`SIM`; PolarStar Sec. 9.4's, :func:`lowdiam.studies.polarstar.sim_settings`). Each search
starts from the same configuration's recorded fixed-rule bracket (:func:`lowdiam.sweep.saturation_searches`'
``hints``), and runs already recorded under the same settings in PolarStar's BookSim-rule log (whose "SF" is the
same LPS(23, 13)) are copied, not rerun. Every run is appended to
``results/paper/05_simulation/05_spectralfly_booksim_rule.csv`` as it finishes, so the job stops and resumes anywhere::

    python -m lowdiam.studies.spectralfly_rule [--processes N] [--groups fig8-shuffle,fig7-min,...]

Examples
--------
>>> [r.label for r in paper_networks()]
['LPS', 'DF', 'SF', 'BF']
>>> SIM["run_control"], SIM["router_options"]
('booksim', {'internal_speedup': 2.0, 'vc_selection': 'hop'})
>>> [(g, len(c)) for g, c in group_configs()][3:]
[('fig8-uniform', 2), ('fig7-min', 12), ('fig6-lps', 4), ('fig6-bf-sf', 8), ('fig6-df', 4), ('sf32', 4)]
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import sweep as S
from . import polarstar as PS
from . import simulation as studies
from . import spectralfly_sf32 as SF32

__all__ = ["LOG", "FIXED_LOGS", "REUSE", "SIM", "PATTERNS", "GROUPS", "paper_networks", "group_configs",
           "fixed_brackets", "run", "recorded"]

#: the result log (notebook, name) under results/paper/
LOG = ("05_simulation", "05_spectralfly_booksim_rule")
#: the fixed-rule paper-profile logs of the same searches (results/paper/05_simulation/), whose brackets start them
FIXED_LOGS = ("05_spectralfly_fig6_7", "05_spectralfly_fig8", SF32.LOG[1])
#: logs of runs under exactly these settings on the same networks, copied instead of rerun (PolarStar's "SF" is
#: LPS(23, 13) with 8 endpoints per router)
REUSE = (PS.RULE_LOG,)
#: the fixed-rule searches' settings (notebook 05's paper profile) with BookSim2's run control in place of the windows
SIM = PS.sim_settings(run_control="booksim")
#: SpectralFly Fig. 6/7/8: the four micro-benchmark patterns
PATTERNS = ("uniform", "shuffle", "bitrev", "transpose")


def paper_networks() -> list[S.Recipe]:
    """SpectralFly Sec. VI-B's networks: LPS(23, 13), SST/macro's circulant Dragonfly of 69 groups (a multigraph),
    Slim Fly q = 27 and Bundlefly(9, 9), with the paper's endpoints per router."""
    return [S.Recipe("lps", {"endpoints_per_router": 8}, "LPS", (23, 13)),
            S.Recipe("dragonfly", {"arrangement": "circulant", "groups": 69}, "DF", (16, 8, 8)),
            S.Recipe("slimfly", {"endpoints_per_router": 8}, "SF", (27,)),
            S.Recipe("bundlefly", {"endpoints_per_router": 6}, "BF", (9, 9))]


def _min(rec: S.Recipe) -> str:
    return PS.routing_of(rec, "min")


def _ugal(rec: S.Recipe) -> str:
    return PS.routing_of(rec, "ugal")


#: groups in the order the job runs them; the searches of a group advance together, so each group completes the
#: searches of one or more of the section's statements before the next starts: Fig. 8's four, one per pattern (the
#: cheapest MIN searches first); Fig. 7's "LPS best under MIN"; Fig. 6's 70 % range, then "Bundlefly above Slim Fly",
#: then "LPS best under UGAL-L"; then the 32-port Slim Fly that tests an explanation
GROUPS = {
    **{f"fig8-{tr}": (lambda t, tr=tr: [(t["LPS"], rt, tr) for rt in ("min", "valiant")])
       for tr in ("shuffle", "transpose", "bitrev", "uniform")},
    "fig7-min": lambda t: [(t[x], _min(t[x]), tr) for x in ("DF", "SF", "BF") for tr in PATTERNS],
    "fig6-lps": lambda t: [(t["LPS"], _ugal(t["LPS"]), tr) for tr in PATTERNS],
    "fig6-bf-sf": lambda t: [(t[x], _ugal(t[x]), tr) for x in ("BF", "SF") for tr in PATTERNS],
    "fig6-df": lambda t: [(t["DF"], _ugal(t["DF"]), tr) for tr in PATTERNS],
    # SF(16) under UGAL-L, the searches the Slim Fly explanation of the UGAL-L statements compares (MIN's are not read)
    "sf32": lambda t: [c for c in SF32.configs() if c[1] == "ugal"],
}


def group_configs(groups: Sequence[str] | None = None) -> list[tuple[str, list]]:
    """``[(group, [(recipe, routing, traffic), ...]), ...]`` in :data:`GROUPS` order (or ``groups``'), each
    configuration once (in the first group that names it).

    Examples
    --------
    >>> group_configs(["nope"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: unknown groups ['nope']; choose from ['fig8-shuffle', 'fig8-transpose', ..., 'sf32']
    """
    names = list(GROUPS) if groups is None else list(groups)
    unknown = [g for g in names if g not in GROUPS]
    if unknown:
        raise ValueError(f"unknown groups {unknown}; choose from {list(GROUPS)}")
    t = {r.label: r for r in paper_networks()}
    seen, out = set(), []
    for g in names:
        cfgs = []
        for rec, rt, tr in GROUPS[g](t):
            if (rec.label, rt, tr) not in seen:
                seen.add((rec.label, rt, tr))
                cfgs.append((rec, rt, tr))
        out.append((g, cfgs))
    return out


def _recipes() -> dict[str, S.Recipe]:
    return {**{r.label: r for r in paper_networks()}, SF32.RECIPE.label: SF32.RECIPE}


def fixed_brackets(*, root=None) -> dict:
    """``(label, routing, traffic) -> (last stable, first unstable)`` of the recorded fixed-rule searches of the
    section's networks (runs a log holds of an earlier network under the same label are left out)."""
    return studies.brackets_from_records(studies.recorded_runs(LOG[0], FIXED_LOGS, root=root, recipes=_recipes()))


def run(*, groups: Sequence[str] | None = None, processes: int | None = None, scheduler=None, root=None,
        progress: bool = True) -> list:
    """Run (or resume) the searches of ``groups`` (default: all, in :data:`GROUPS` order) under BookSim2's rule,
    every run appended to the result log as it finishes.

    Parameters
    ----------
    groups : sequence of str, optional
    processes : int, optional
        Local worker processes (default: all cores).
    scheduler : str or dask.distributed.Client, optional
    root : path, optional
        Folder holding ``paper/`` result logs (default: the project's ``results/``).
    progress : bool
        One labelled bar per group, on stderr.

    Returns
    -------
    list of lowdiam.sweep.SaturationResult
    """
    old = fixed_brackets(root=root)
    reuse = [S.result_log(LOG[0], n, root=root) for n in REUSE]
    out = []
    for name, cfgs in group_configs(groups):
        if not cfgs:
            continue
        if progress:
            print(f"SpectralFly booksim-rule group {name}: {len(cfgs)} searches", file=sys.stderr, flush=True)
        out += S.saturation_searches(cfgs, coarse_step=PS.PAPER_COARSE, tol=PS.PAPER_TOL, seed=0, sim=SIM,
                                     hints=[old.get((r.label, rt, tr)) for r, rt, tr in cfgs],
                                     record=S.result_log(*LOG, root=root), reuse=reuse, processes=processes,
                                     scheduler=scheduler, progress=progress,
                                     **({} if scheduler else {"workers": processes or os.cpu_count()}))
    return out


def recorded(*, root=None) -> dict:
    """The searches recorded so far under BookSim2's rule: ``(label, routing, traffic) -> (saturation load, search
    done)``, only runs of the section's networks at :data:`SIM`.

    Examples
    --------
    >>> import tempfile
    >>> recorded(root=tempfile.mkdtemp())
    {}
    """
    return studies.recorded_saturation(LOG[0], [LOG[1]], PS.PAPER_TOL, root=root, recipes=_recipes(), sim=SIM)


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.spectralfly_rule",
                                 description="SpectralFly Fig. 6/7/8 saturation searches at paper scale under "
                                             f"BookSim2's run control, recorded in results/paper/{LOG[0]}/{LOG[1]}.csv")
    ap.add_argument("--processes", type=int, default=None, help="local worker processes (default: all cores)")
    ap.add_argument("--groups", default=None, help=f"comma-separated groups, in order (default: all: "
                                                   f"{','.join(GROUPS)})")
    args = ap.parse_args(argv)
    groups = None if args.groups is None else [g for g in args.groups.split(",") if g]
    for x in run(groups=groups, processes=args.processes):
        print(f"{x.recipe.label:4s} {x.routing:8s} {x.traffic:10s} booksim rule: last stable {x.last_stable}, "
              f"first unstable {x.first_unstable} ({len(x.records)} runs)", flush=True)


if __name__ == "__main__":
    main()
