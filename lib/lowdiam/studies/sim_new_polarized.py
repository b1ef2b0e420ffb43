"""Notebook 05, Section 5 (new): Polarized routing on PolarStar, Bundlefly and LPS against MIN and UGAL-L.

None of the papers runs Polarized routing on the star products or on LPS.  :class:`NewPolarizedSection` runs the
saturation searches on the ideal router model (the one model that has both Polarized and UGAL-L) and reads the paper
profile's recorded searches on the Table 3 networks themselves.  No paper has these numbers: they are reported, not
scored.  Figure: :func:`lowdiam.studies.sim_figures.new_polarized`.

Examples
--------
>>> from lowdiam.studies.sim_study import recipe
>>> new_routings(recipe("PS-IQ", "polarstar", 11, 3))
['polarstar-min', 'ugal', 'polarized']
>>> [(r.label, rt, tr) for r, rt, tr in new_configs([recipe("SF", "lps", 11, 7)])][:2]
[('SF', 'min', 'uniform'), ('SF', 'min', 'randperm')]
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import sweep as S
from . import polarstar as PS
from . import simulation as studies
from .sim_polarstar import PolarStarSection, min_routing
from .sim_study import NOTEBOOK, PAPER_TOL, SimStudy, net_name

__all__ = ["NEW_LABELS", "NEW_PATTERNS", "new_routings", "new_configs", "NewPolarizedSection"]

#: Section 1's networks (SF: LPS); the quick profile leaves out PS-Pal
NEW_LABELS = ("PS-IQ", "PS-Pal", "BF", "SF")
NEW_PATTERNS = ["uniform", "randperm", "adversarial"]


def new_routings(rec: S.Recipe) -> list[str]:
    """The routings compared on a network: its minimal routing, UGAL-L and Polarized."""
    return [min_routing(rec), "ugal", "polarized"]


def new_configs(recs: Sequence[S.Recipe]) -> list[tuple[S.Recipe, str, str]]:
    """``(recipe, routing, pattern)`` of every search of the section; the adversarial pattern only on networks with
    supernodes or groups."""
    return [(rec, rt, tr) for rec in recs for rt in new_routings(rec) for tr in NEW_PATTERNS
            if tr != "adversarial" or PS.has_groups(rec)]


class NewPolarizedSection:
    """Polarized routing against MIN and UGAL-L on Section 1's star products and LPS.

    Parameters
    ----------
    study : SimStudy
    polarstar : PolarStarSection
        Section 1, whose networks this section runs.
    """

    def __init__(self, study: SimStudy, polarstar: PolarStarSection) -> None:
        if not isinstance(study, SimStudy):
            raise TypeError(f"study must be a SimStudy, got {type(study).__name__}")
        if not isinstance(polarstar, PolarStarSection):
            raise TypeError(f"polarstar must be a PolarStarSection, got {type(polarstar).__name__}")
        self.study = study
        self.nets = [r for r in polarstar.table3
                     if r.label in (("PS-IQ", "BF", "SF") if study.quick else NEW_LABELS)]
        self.paper_nets = [r for r in polarstar.table3_paper if r.label in NEW_LABELS]
        self.sim = {"packet_flits": 4, "buffer_flits": 32, "min_vcs": 4, "router": "ideal", **study.windows}

    def search(self) -> dict:
        """The section's searches (``figures/05_new_polarized*.csv``) and, in the quick profile, the recorded
        paper-scale ones (``paper_new``: ``(label, routing, pattern) -> (load, search done)``; ``paper_new_keys``
        the searches the paper profile plans).  Returns and keeps ``new``."""
        study = self.study
        self.new = new = study.searches(new_configs(self.nets), self.sim, "05_new_polarized")
        # the paper profile's searches on the Table 3 networks themselves (results/paper/05_simulation/
        # 05_new_polarized.csv), read by the quick profile; a search still running gives its largest stable load so far
        self.paper_new = paper_new = studies.recorded_saturation(
            NOTEBOOK, ["05_new_polarized"], PAPER_TOL,
            recipes={r.label: r for r in self.paper_nets}) if study.quick else {}
        self.paper_new_keys = keys = [(rec.label, rt, tr) for rec, rt, tr in new_configs(self.paper_nets)]
        print(f"paper-scale searches recorded: {sum(k in paper_new for k in keys)} of {len(keys)}, complete "
              f"{sum(paper_new.get(k, (0, False))[1] for k in keys)}")
        return new

    def report(self) -> str:
        """This run's saturation and accepted loads, and the recorded paper-scale searches, one line each."""
        lines = [f"{net_name(x.recipe):12s} {k[2]:12s} {k[1]:14s} saturation {x.saturation_load:.3f}  accepted "
                 f"{x.accepted_load:.3f}" for k, x in sorted(self.new.items())]
        if self.paper_new:
            lines.append("recorded paper-scale searches (Table 3 networks):")
            for k in self.paper_new_keys:
                if k in self.paper_new:
                    v, done = self.paper_new[k]
                    lines.append(f"  {k[0]:7s} {k[2]:12s} {k[1]:14s} saturation {v:.4g}"
                                 + ("" if done else " (search running: lower bound)"))
        return "\n".join(lines)
