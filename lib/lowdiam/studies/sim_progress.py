"""Notebook 05: how far the paper profile has come, section by section.

The paper profile runs for tens of core-hours and is recorded piece by piece over many sessions
(``results/paper/05_simulation/``).  :func:`paper_progress` counts, per section, the computations it plans (the same
lists it runs) against those recorded: complete, recorded in part, or not started.

Examples
--------
>>> flags({"a": (0.5, True), "b": (0.2, False)})
{'a': True, 'b': False}
>>> curve_flags({"a": ({0.1: {}}, False), "b": ({}, False)})
{'a': False}
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import sweep as S
from ..paper_progress import PaperProgress
from . import galaxyfly_paper_settings as GPS
from . import polarstar as PS
from . import simulation as studies
from . import spectralfly_rule as SFR
from .sim_galaxyfly import GROUPED, PK_NETS, WORST, GalaxyflySection
from .sim_new_polarized import NewPolarizedSection
from .sim_polarized import PolarizedSection
from .sim_polarstar import PolarStarSection, min_routing, ugal_routing
from .sim_spectralfly import SPEC_PATTERNS, SpectralFlySection
from .sim_study import NOTEBOOK, PAPER_TOL

__all__ = ["flags", "curve_flags", "logged_labels", "paper_progress"]


def flags(recorded: Mapping) -> dict:
    """``{key: (value, search done)} -> {key: done}``."""
    return {k: ok for k, (_, ok) in recorded.items()}


def curve_flags(recorded: Mapping) -> dict:
    """``{key: (runs by load, curve done)} -> {key: done}``, leaving out curves with no recorded run."""
    return {k: ok for k, (by, ok) in recorded.items() if by}


def logged_labels(name: str) -> dict[str, bool]:
    """Labels of the runs a plain run log (no search) of the notebook holds: ``{label: True}``."""
    log = S.result_log(NOTEBOOK, name)
    return {r["label"]: True for r in S.recorded_records(log)} if log.path.exists() else {}


def paper_progress(polarstar: PolarStarSection, polarized: PolarizedSection, spectralfly: SpectralFlySection,
                   galaxyfly: GalaxyflySection, new: NewPolarizedSection) -> PaperProgress:
    """The paper profile's planned computations of every section against those recorded so far (read by the quick
    profile's sections).

    Parameters
    ----------
    polarstar, polarized, spectralfly, galaxyfly, new
        The notebook's five sections, after their searches and claims.

    Returns
    -------
    lowdiam.paper_progress.PaperProgress
        ``report()`` prints it, ``write()`` writes ``figures/05_simulation_paper_progress.csv``.
    """
    TABLE3_PAPER, FIG9, has_groups = polarstar.table3_paper, polarstar.fig9, PS.has_groups
    progress = PaperProgress(NOTEBOOK)
    progress.add("1. PolarStar Fig. 9/10", "saturation searches",
                 [(r.label, fn(r), tr) for tr, fn, _ in FIG9.values() for r in TABLE3_PAPER]
                 + [(r.label, fn(r), "adversarial") for r in TABLE3_PAPER if has_groups(r)
                    for fn in (min_routing, ugal_routing)], flags(polarstar.paper_sat))
    progress.add("1. PolarStar Fig. 9/10", "saturation searches under BookSim2's run control",
                 [(r.label, rt, tr) for r, rt, tr in PS.fig9_configs(TABLE3_PAPER) + PS.fig10_configs(TABLE3_PAPER)],
                 flags(polarstar.paper_rule))
    progress.add("1. PolarStar Fig. 9/10", "UGAL-L searches at the paper's VCs",
                 [(r.label, rt, tr) for _, cfgs in PS.group_configs(TABLE3_PAPER, [
                     g for g in PS.PAPER_VCS_GROUPS if g not in PS.SENSITIVITY_GROUPS]) for r, rt, tr in cfgs],
                 flags(polarstar.paper_vcs))
    progress.add("1. PolarStar Fig. 9/10", "UGAL-L on MF at 3 VCs (sensitivity)",
                 [(r.label, rt, tr) for _, cfgs in PS.group_configs(TABLE3_PAPER, PS.SENSITIVITY_GROUPS)
                  for r, rt, tr in cfgs], flags(polarstar.mf_probe))
    progress.add("2. Polarized Fig. 4-6", "latency curves",
                 [(sim["router"], ("RRG", rt, tr)) for tr in polarized.pol_patterns
                  for rt, sim in polarized.pol_runs.values()],
                 {**{("caminos", k): ok for k, ok in curve_flags(polarized.rec_pol).items()},
                  **{("ideal", k): ok for k, ok in curve_flags(polarized.rec_ideal).items()}})
    progress.add("2. Polarized Fig. 8", "latency curves",
                 [(p.label, name) for p in polarized.fig8_paper
                  for name in {**polarized.fig8_runs, **(polarized.fig8_hamming if p.constructor == "hyperx" else {})}],
                 curve_flags(polarized.paper8))
    progress.add("3. SpectralFly Fig. 6/7", "saturation searches",
                 [(r.label, fn(r), tr) for fn in (ugal_routing, min_routing) for r in spectralfly.paper_spec
                  for tr in SPEC_PATTERNS], flags(spectralfly.paper_sf))
    progress.add("3. SpectralFly Fig. 8", "saturation searches",
                 [(spectralfly.paper_lps.label, rt, tr) for rt in ("min", "valiant") for tr in SPEC_PATTERNS],
                 flags(spectralfly.paper_sf8))
    progress.add("3. SpectralFly Fig. 6/7/8", "saturation searches under BookSim2's run control",
                 [(r.label, rt, tr) for _, cfgs in SFR.group_configs() for r, rt, tr in cfgs],
                 flags(spectralfly.paper_rule))
    progress.add("4. Galaxyfly Fig. 7/9", "saturation searches (MIN, NAG)",
                 [(r.label, rt, tr) for r in galaxyfly.gf_p for rt in galaxyfly.gf_routings for tr in ("uniform", WORST)
                  if (tr == "uniform" or r.constructor in GROUPED) and (rt == "min" or r.constructor in GROUPED)]
                 + [("FB", "min", WORST)], flags(galaxyfly.paper_gf))
    progress.add("4. Galaxyfly Sec. 4.1", "saturation searches (the paper's MIN)",
                 [(r.label, "gf-min", tr) for r in galaxyfly.gf_supernodes for tr in ("uniform", WORST)],
                 flags(galaxyfly.paper_gf))
    progress.add("4. Galaxyfly Sec. 5.2.1", "zero-load runs", galaxyfly.zl, logged_labels("05_galaxyfly_zero_load"))
    progress.add("4. Galaxyfly Fig. 10c/d", "saturation searches (1-flit packets)",
                 [(lab, "min", tr) for lab in PK_NETS for tr in ("uniform", WORST)],
                 flags(studies.recorded_saturation(NOTEBOOK, ["05_galaxyfly_packet_size"], PAPER_TOL)))
    # the same networks at the paper's own Sec. 5 settings (lowdiam.studies.galaxyfly_paper_settings)
    progress.add("4. Galaxyfly at the paper's Sec. 5 settings", "saturation searches (1-flit packets)",
                 [(r.label, rt, tr) for r, rt, tr in GPS.configs()] + [GPS.FB_WORST], flags(galaxyfly.paper_settings))
    progress.add("4. Galaxyfly at the paper's Sec. 5 settings", "saturation searches (4-flit packets, Fig. 10c/d)",
                 [(lab, "min", tr) for lab in GPS.PACKET_LABELS for tr in GPS.PATTERNS],
                 flags(GPS.recorded(log=GPS.LOG_4FLIT, sim=GPS.SIM_4FLIT)))
    progress.add("4. Galaxyfly at the paper's Sec. 5 settings", "zero-load runs", list(GPS.ZERO_LOAD_LABELS),
                 {lab: True for lab in GPS.zero_load_runs()})
    progress.add("5. Polarized on star products", "saturation searches", new.paper_new_keys, flags(new.paper_new))
    return progress
