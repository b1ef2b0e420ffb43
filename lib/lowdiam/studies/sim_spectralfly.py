"""Notebook 05, Section 3: SpectralFly Fig. 6/7/8 -- LPS against Dragonfly, Slim Fly and Bundlefly; Valiant on LPS.

:class:`SpectralFlySection` runs the section's saturation searches on the BookSim model (standing in for SST/macro's
SNAPPR router), reads the paper profile's recorded searches of the paper's networks and records the SpectralFly
Sec. VI claims.  What the networks' structure allows (channels per endpoint, minimal routing's channel-load bound)
turns into notes by :func:`min_bound_note`; a Slim Fly ordering against the paper is re-judged with the Slim Fly of
the text's 32-port routers by :func:`sf32_explanation`.  Figures:
:mod:`lowdiam.studies.sim_figures`.

Examples
--------
>>> sf_at({"scale": "paper", "note": "n"}, ["min", "ugal", "min"])["routing"]
'min, ugal'
>>> sf_at({"scale": "stand-in", "stand_in": "x"}, ["min"])["scale"]
'stand-in'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from .. import claims
from ..labels import label
from ..sim import channel_load_bound
from . import simulation as studies
from . import spectralfly_rule as SFR
from . import spectralfly_sf32 as SF32
from .sim_polarstar import PolarStarSection, min_routing, ugal_routing
from .sim_study import PAPER_TOL, SimStudy, noted, recipe

__all__ = ["SF_NETS", "SF_DIFFERS", "SF_DIFFERS_BOOKSIM_RULE", "SPEC_PATTERNS", "sf_at", "min_bound_note",
           "sf32_explanation", "with_sf32", "SpectralFlySection", "STATEMENTS", "statement_keys", "rule_sensitivity",
           "lps_best", "bf_above_sf"]

SF_NETS = "SpectralFly Sec. 6 networks"
#: the settings of a paper-network claim judged on the fixed-window searches that differ from SpectralFly Sec. VI
SF_DIFFERS = [
    "the BookSim model at speedup 2 (4-flit packets, 32-flit VC buffers), fixed windows and the 95 % throughput rule "
    "(paper: SST/macro's SNAPPR model, 64 KB router buffers, diameter + 1 VCs)",
    "saturation load compared (paper: the slowest message's time per offered load, relative to DragonFly)"]
#: the same for a claim judged on the searches under BookSim2's run control (:mod:`lowdiam.studies.spectralfly_rule`)
SF_DIFFERS_BOOKSIM_RULE = [
    "the BookSim model at speedup 2 (4-flit packets, 32-flit VC buffers) under BookSim2's run control (paper: "
    "SST/macro's SNAPPR model, 64 KB router buffers, diameter + 1 VCs)", SF_DIFFERS[1]]
#: Fig. 6/7 and Fig. 8: the four micro-benchmark patterns
SPEC_PATTERNS = ["uniform", "shuffle", "bitrev", "transpose"]


def sf_at(at: Mapping[str, Any], routings: Sequence[str]) -> dict[str, Any]:
    """A claim's scale (from :meth:`SimStudy.measured`) and the routings it ran (registry names): on the paper's
    networks (``scale="paper-network"``, with :data:`SF_DIFFERS`, or :data:`SF_DIFFERS_BOOKSIM_RULE` when ``at``'s
    ``rule`` is ``"booksim"``) when measured at paper scale.

    Parameters
    ----------
    at : mapping
        Scale keyword arguments of :func:`lowdiam.claims.record`.
    routings : sequence of str

    Returns
    -------
    dict
    """
    at = {**at, "routing": ", ".join(sorted(set(routings)))}
    rule = at.pop("rule", "fixed")
    if at["scale"] != "paper":
        return at
    return {**at, "scale": "paper-network", "differs": SF_DIFFERS_BOOKSIM_RULE if rule == "booksim" else SF_DIFFERS}


def min_bound_note(ahead: Sequence[tuple[str, str]], st: Mapping[str, Any]) -> str:
    """What the structure says of rivals saturating above LPS under MIN, when each has a channel-load bound at least
    LPS's ("" otherwise).

    A note, not an explanation: it says why these networks rank so here, not what differed in the paper's setting.

    Parameters
    ----------
    ahead : sequence of (str, str)
        (pattern, rival) pairs.
    st : mapping
        :meth:`SpectralFlySection.spec_structure`'s: label -> ``min_bound`` and ``min_hops`` per pattern.

    Returns
    -------
    str
    """
    lps = st["LPS"]
    if not ahead or any(st[k]["min_bound"][tr] < lps["min_bound"][tr] for tr, k in ahead):
        return ""
    parts = [f"{tr}: {k}'s bound {st[k]['min_bound'][tr]:g} "
             + (f"is above LPS's {lps['min_bound'][tr]:g}" if st[k]["min_bound"][tr] > lps["min_bound"][tr] else
                f"equals LPS's (both endpoint-bound; {k}'s minimal paths are {st[k]['min_hops'][tr]:g} hops on "
                f"average, LPS's {lps['min_hops'][tr]:g})") for tr, k in ahead]
    return ("under minimal routing every network that saturates above SpectralFly has a channel-load bound (from the "
            "networks and patterns alone, no simulation) at least SpectralFly's: " + "; ".join(parts) + ". With these "
            "networks and this numbering of the patterns' endpoints the structure does not favour SpectralFly there; "
            "the paper does not state how SST/macro numbers endpoints for its patterns, so what differed in its "
            "setting is not known")


def _every_pattern(per: Mapping[str, Mapping[str, float]], ref: str) -> bool:
    """Whether ``per`` has the loads of both ``ref`` and the Slim Fly on every pattern (the searches a statement
    compares may still be running, and then :func:`sf32_explanation` has nothing to re-judge)."""
    return set(per) == set(SPEC_PATTERNS) and all({ref, "SF"} <= set(per[tr]) for tr in SPEC_PATTERNS)


def with_sf32(per: Mapping[str, Mapping[str, float]], sf32: Mapping[tuple[str, str], tuple[float, bool]],
              routing: str) -> dict | None:
    """``per`` ({pattern: {label: load}}) with the Slim Fly's loads replaced by SF(16)'s recorded ones under
    ``routing`` (:func:`lowdiam.studies.spectralfly_sf32.recorded`); ``None`` unless every pattern of ``per`` has a
    complete SF(16) search.

    Parameters
    ----------
    per : mapping
        Saturation loads per pattern and network label (one label ``"SF"``).
    sf32 : mapping
        ``(routing, pattern) -> (load, search done)``.
    routing : str
        The registry name the loads of ``per`` ran under on the Slim Fly.

    Returns
    -------
    dict or None

    Examples
    --------
    >>> per = {"uniform": {"LPS": 0.9, "SF": 0.95}}
    >>> with_sf32(per, {("ugal", "uniform"): (0.8, True)}, "ugal")
    {'uniform': {'LPS': 0.9, 'SF': 0.8}}
    >>> with_sf32(per, {("ugal", "uniform"): (0.8, False)}, "ugal") is None
    True
    """
    out = {}
    for tr, v in per.items():
        got = sf32.get((routing, tr))
        if got is None or not got[1]:
            return None
        out[tr] = {**v, "SF": got[0]}
    return out


def sf32_explanation(per: Mapping[str, Mapping[str, float]], ref: str, holds: Callable[[Mapping], bool],
                     st: Mapping[str, Any], sf32: Mapping[tuple[str, str], tuple[float, bool]], *,
                     routing: str = "ugal", log: str | None = None) -> tuple[str, str]:
    """The tested explanation of a Slim Fly ordering that goes against the paper, or a note saying it fails.

    SpectralFly Sec. VI-B says its routers have 32 ports, but its Slim Fly (q = 27, 8 endpoints per router) needs 49
    (notebook 00, ``sf-sec6b-sf-27-32-ports``).  The statement is re-judged (``holds``) with SF(16) -- the Slim Fly
    of 32-port routers with 8 endpoints per router, run with the same settings
    (:mod:`lowdiam.studies.spectralfly_sf32`) -- in place of SF(27).  If it then holds, that run is the explanation;
    if not, or if SF(16)'s searches are not complete, there is no explanation and the note says why.

    Parameters
    ----------
    per : mapping
        {pattern: {label: saturation load}} on the paper's networks, with ``"SF"`` among the labels.
    ref : str
        The network the statement compares the Slim Fly with (``"LPS"``, ``"BF"``).
    holds : callable
        The statement, judged on a ``per``-shaped mapping.
    st : mapping
        :meth:`SpectralFlySection.spec_structure`'s (``channels_per_endpoint`` per label).
    sf32 : mapping
        :func:`lowdiam.studies.spectralfly_sf32.recorded`'s ``(routing, pattern) -> (load, search done)``.
    routing : str
        The Slim Fly's routing in ``per`` (keyword-only).
    log : str, optional
        The result log ``sf32`` was read from, as the note names it (default: the fixed-rule SF(16) log,
        :data:`lowdiam.studies.spectralfly_sf32.LOG`; :data:`lowdiam.studies.spectralfly_rule.LOG` under BookSim2's
        rule).

    Returns
    -------
    (str, str)
        The explanation ("" when none) and a note ("" when none).

    Examples
    --------
    >>> st = {"SF": {"channels_per_endpoint": 5.125}, "LPS": {"channels_per_endpoint": 3.0}}
    >>> per = {"uniform": {"LPS": 0.9, "SF": 0.95}}
    >>> best = lambda p: all(v["LPS"] >= max(v.values()) for v in p.values())
    >>> why, note = sf32_explanation(per, "LPS", best, st, {("ugal", "uniform"): (0.8, True)})
    >>> why[:56], note
    ('run with SF(16), the Slim Fly of the 32-port routers the', '')
    >>> why, note = sf32_explanation(per, "LPS", best, st, {("ugal", "uniform"): (0.97, True)})
    >>> why, note[:62]
    ('', 'with SF(16), the Slim Fly of the 32-port routers the text stat')
    >>> sf32_explanation(per, "LPS", best, st, {})[1][:52]
    'the run that tests whether the Slim Fly of the 32-po'
    """
    if not isinstance(per, Mapping) or not per or any("SF" not in v or ref not in v for v in per.values()):
        raise ValueError(f"per must map every pattern to loads of SF and {ref!r}; got {per!r}")
    log = log or f"results/paper/{SF32.LOG[0]}/{SF32.LOG[1]}.csv"
    swapped = with_sf32(per, sf32, routing)
    if swapped is None:
        done = sum(1 for tr in per if sf32.get((routing, tr), (0, False))[1])
        return "", (f"the run that tests whether the Slim Fly of the 32-port routers the text states changes this "
                    f"(SF(16), 8 endpoints per router; {log}) has {done} of its {len(per)} {routing} searches complete")
    values = "; ".join(f"{tr}: SF(16) {swapped[tr]['SF']:g}, SF(27) {per[tr]['SF']:g}, {ref} {per[tr][ref]:g}"
                       for tr in per)
    if not holds(swapped):
        return "", (f"with SF(16), the Slim Fly of the 32-port routers the text states (8 endpoints per router; "
                    f"{log}), in place of SF(27) the statement still fails ({values}): the Slim Fly's size does not "
                    "explain the mismatch")
    sf, other = st["SF"]["channels_per_endpoint"], st[ref]["channels_per_endpoint"]
    top = SF32.RECIPE.build()
    sf16 = 2 * top.num_edges / top.num_endpoints
    return (f"run with SF(16), the Slim Fly of the 32-port routers the text states (8 endpoints per router, "
            f"{sf16:g} channels per endpoint), under the same settings ({log}), in place of the paper's SF(27) "
            f"(49-port routers, notebook 00, sf-sec6b-sf-27-32-ports; {sf:g} channels per endpoint against {ref}'s "
            f"{other:g}), the statement holds: {values}"), ""


def _per(loads: Mapping[tuple[str, str, str], float]) -> dict[str, dict[str, float]]:
    """{pattern: {label: load}} of ``(label, routing, traffic) -> load``."""
    per: dict[str, dict[str, float]] = {}
    for (la, _, tr), v in loads.items():
        per.setdefault(tr, {})[la] = v
    return per


def lps_best(per: Mapping[str, Mapping[str, float]], res: float) -> bool:
    """Whether LPS saturates highest on every pattern of ``per`` ({pattern: {label: load}}), within ``res``."""
    return all(v["LPS"] + res >= max(v.values()) for v in per.values())


def bf_above_sf(per: Mapping[str, Mapping[str, float]]) -> bool:
    """Whether Bundlefly saturates above Slim Fly on every pattern of ``per`` except shuffle, below it there."""
    return all((v["BF"] > v["SF"]) == (tr != "shuffle") for tr, v in per.items())


def _valiant_vs_min(tr: str) -> Callable[[Mapping, float], bool]:
    def value(loads: Mapping, res: float) -> bool:
        v, m = loads[("LPS", "valiant", tr)], loads[("LPS", "min", tr)]
        return bool(v < m - res) if tr == "uniform" else bool(v > m + res)
    return value


def _fig8_id(tr: str) -> str:
    return "sf-fig8-valiant-worse-than-min-random" if tr == "uniform" else f"sf-fig8-valiant-beats-min-{tr}"


#: the section's saturation statements: claim id -> (paper value, tolerance, value from the loads of the statement's
#: searches ``{(label, routing, traffic): load}`` and the search resolution); their searches: :func:`statement_keys`
STATEMENTS: dict[str, tuple[Any, Any, Callable[[Mapping, float], Any]]] = {
    "sf-fig6-lps-best-every-pattern": (True, None, lambda loads, res: lps_best(_per(loads), res)),
    "sf-fig7-lps-best-every-pattern": (True, None, lambda loads, res: lps_best(_per(loads), res)),
    "sf-fig6-lps-saturation-at-least-70pct": ((0.7, 1.0), "range",
                                              lambda loads, res: min(v["LPS"] for v in _per(loads).values())),
    "sf-fig6-bf-beats-slimfly-except-shuffle": (True, None, lambda loads, res: bf_above_sf(_per(loads))),
    **{_fig8_id(tr): (True, None, _valiant_vs_min(tr)) for tr in SPEC_PATTERNS},
}


def statement_keys(nets: Sequence) -> dict[str, list[tuple[str, str, str]]]:
    """The searches each of :data:`STATEMENTS` compares on the networks ``nets`` (recipes labelled LPS, DF, SF, BF).

    Examples
    --------
    >>> from lowdiam.studies import spectralfly_rule as SFR
    >>> keys = statement_keys(SFR.paper_networks())
    >>> list(keys) == list(STATEMENTS), keys["sf-fig8-valiant-beats-min-shuffle"]
    (True, [('LPS', 'valiant', 'shuffle'), ('LPS', 'min', 'shuffle')])
    >>> len(keys["sf-fig7-lps-best-every-pattern"]), keys["sf-fig7-lps-best-every-pattern"][1]
    (16, ('DF', 'df-min', 'uniform'))
    """
    t = {r.label: r for r in nets}
    out = {f"sf-fig{fig}-lps-best-every-pattern": [(r.label, fn(r), tr) for tr in SPEC_PATTERNS for r in nets]
           for fn, fig in ((ugal_routing, "6"), (min_routing, "7"))}
    out["sf-fig6-lps-saturation-at-least-70pct"] = [("LPS", ugal_routing(t["LPS"]), tr) for tr in SPEC_PATTERNS]
    out["sf-fig6-bf-beats-slimfly-except-shuffle"] = [(r.label, ugal_routing(r), tr) for tr in SPEC_PATTERNS
                                                      for r in nets if r.label in ("BF", "SF")]
    for tr in SPEC_PATTERNS:
        out[_fig8_id(tr)] = [("LPS", "valiant", tr), ("LPS", "min", tr)]
    return out


def rule_sensitivity(fixed: Mapping, booksim: Mapping, nets: Sequence, *, res: float = PAPER_TOL) -> list[dict]:
    """Every statement of :data:`STATEMENTS` on the recorded paper-scale searches under the fixed-window rule and
    under BookSim2's rule, side by side (``fixed``, ``booksim``: ``(label, routing, traffic) -> (load, search
    done)``); a rule whose searches a statement compares are not all done shows how many are.  Statuses are the
    values' own, before any explanation.

    Examples
    --------
    >>> from lowdiam.studies import spectralfly_rule as SFR
    >>> k = statement_keys(SFR.paper_networks())["sf-fig8-valiant-beats-min-bitrev"]
    >>> rows = rule_sensitivity({k[0]: (0.58, True), k[1]: (0.33, True)}, {k[0]: (0.5, True)}, SFR.paper_networks())
    >>> [(r["fixed_value"], r["fixed_status"], r["booksim_status"]) for r in rows if r["claim"].endswith("bitrev")]
    [(True, 'match', 'pending (1 of 2 searches done)')]
    """
    from ..claims import derive_status

    rows = []
    for cid, keys in statement_keys(nets).items():
        paper, tol, value = STATEMENTS[cid]
        row = {"claim": cid, "paper": paper}
        for rule, table in (("fixed", fixed), ("booksim", booksim)):
            done = [k for k in keys if table.get(k, (0, False))[1]]
            if len(done) < len(keys):
                row[f"{rule}_value"] = None
                row[f"{rule}_status"] = f"pending ({len(done)} of {len(keys)} searches done)"
                continue
            v = value({k: table[k][0] for k in keys}, res)
            row[f"{rule}_value"] = round(v, 5) if isinstance(v, float) else v
            row[f"{rule}_status"] = derive_status(paper, v, tol)
        row["changed"] = (None if row["booksim_value"] is None or row["fixed_value"] is None
                          else row["fixed_status"] != row["booksim_status"])
        rows.append(row)
    return rows


class SpectralFlySection:
    """SpectralFly Fig. 6/7/8 of one :class:`~lowdiam.studies.sim_study.SimStudy`.

    Parameters
    ----------
    study : SimStudy
    polarstar : PolarStarSection
        Section 1, whose simulation settings this section runs (and, in the paper profile, whose recorded LPS
        searches it copies).
    """

    def __init__(self, study: SimStudy, polarstar: PolarStarSection) -> None:
        if not isinstance(study, SimStudy):
            raise TypeError(f"study must be a SimStudy, got {type(study).__name__}")
        if not isinstance(polarstar, PolarStarSection):
            raise TypeError(f"polarstar must be a PolarStarSection, got {type(polarstar).__name__}")
        self.study, self.sim = study, polarstar.sim
        self._struct: dict[str, dict] = {}  # spec_structure per scale, computed once

    def search(self) -> None:
        """The Fig. 6/7 searches (UGAL-L and MIN, ``05_spectralfly_fig6_7``) and Fig. 8's (MIN and Valiant on LPS,
        ``05_spectralfly_fig8``), and in the quick profile the recorded paper-scale ones (``paper_sf``,
        ``paper_sf8``: ``(label, routing, pattern) -> (load, search done)``)."""
        study = self.study
        QUICK, SIM_PS = study.quick, self.sim
        # the paper's networks (SpectralFly Sec. VI-B): its Dragonfly is SST/macro's circulant wiring of 69 groups, a
        # multigraph (parallel links, each its own channel); the quick profile reads their recorded paper-scale searches
        PAPER_SPEC = SFR.paper_networks()
        if QUICK:
            SPEC = [recipe("LPS", "lps", 11, 7), recipe("DF", "dragonfly", 6, 3, 3), recipe("SF", "slimfly", 7),
                    recipe("BF", "bundlefly", 5, 3)]  # LPS, DF and BF as Section 1's quick stand-ins
        else:
            SPEC = PAPER_SPEC
        SPEC_PATTERNS = ["uniform", "shuffle", "bitrev", "transpose"]  # Fig. 6/7: the four micro-benchmarks
        cfg_spec = [(rec, fn(rec), tr) for fn in (ugal_routing, min_routing) for rec in SPEC for tr in SPEC_PATTERNS]
        # paper profile: SpectralFly's LPS(23, 13) with 8 endpoints is Section 1's SF network, run with the same
        # settings, so the LPS searches Section 1 recorded (MIN uniform, UGAL-L uniform/shuffle/bitrev) are copied, not
        # rerun
        spec = study.searches(cfg_spec, SIM_PS, "05_spectralfly_fig6_7", reuse=("05_polarstar_fig9",))
        # the paper profile's recorded searches of the paper's networks, read by the quick profile: (load, search done);
        # the log also holds searches of the full 129-group DF(16, 8, 8), which the paper profile ran before it built
        # the paper's 69-group Dragonfly, so only the runs of PAPER_SPEC's networks are kept
        paper_sf = studies.recorded_saturation("05_simulation", ["05_spectralfly_fig6_7"], PAPER_TOL,
                                               recipes={r.label: r for r in PAPER_SPEC}) if QUICK else {}
        # SpectralFly Fig. 8: Valiant against MIN on the LPS network, the four micro-benchmark patterns
        VAL_PATTERNS = ["uniform", "shuffle", "bitrev", "transpose"]
        LPS = next(r for r in SPEC if r.label == "LPS")
        spec8 = study.searches([(LPS, rt, tr) for rt in ("min", "valiant") for tr in VAL_PATTERNS], SIM_PS,
                               "05_spectralfly_fig8", reuse=("05_polarstar_fig9", "05_spectralfly_fig6_7"))
        paper_sf8 = studies.recorded_saturation("05_simulation", ["05_spectralfly_fig8"], PAPER_TOL) if QUICK else {}
        PAPER_LPS = next(r for r in PAPER_SPEC if r.label == "LPS")
        # the Slim Fly of the text's 32-port routers, SF(16), with the paper profile's settings: the paper profile runs
        # (resumes) its recorded searches, every profile reads them (lowdiam.studies.spectralfly_sf32)
        if not QUICK:
            SF32.run(processes=study.processes, scheduler=study.scheduler, progress=study.progress)
        self.sf32 = SF32.recorded()
        # the same searches on the paper's networks (SF(16)'s too) under BookSim2's run control
        # (lowdiam.studies.spectralfly_rule): the paper profile runs (resumes) them, every profile reads them; a claim
        # is judged under this rule once every search it compares is done there
        if not QUICK:
            SFR.run(processes=study.processes, scheduler=study.scheduler, progress=study.progress)
        self.paper_rule = SFR.recorded()
        self.paper_spec, self.spec_nets, self.spec, self.paper_sf = PAPER_SPEC, SPEC, spec, paper_sf
        self.lps, self.spec8, self.paper_sf8, self.paper_lps = LPS, spec8, paper_sf8, PAPER_LPS

    def paper_measured(self, keys: Sequence[tuple[str, str, str]], *recs, table: Mapping,
                       paper: Mapping) -> tuple[list, dict]:
        """Saturation loads of ``keys`` and the claim's scale: from the recorded searches under BookSim2's rule
        (:attr:`paper_rule`) once every one of them is done, with ``rule="booksim"``; else as
        :meth:`SimStudy.measured` gives them (the fixed rule's recorded searches ``paper`` or this run's ``table``),
        with ``rule="fixed"`` and, at paper scale, how many of the BookSim-rule searches are done."""
        rule = self.paper_rule
        done = sum(bool(rule.get(k, (0, False))[1]) for k in keys)
        log = f"results/paper/{SFR.LOG[0]}/{SFR.LOG[1]}.csv"
        if done == len(keys):
            return [rule[k][0] for k in keys], dict(
                scale="paper", rule="booksim",
                note=f"recorded paper-profile searches ({SF_NETS}) under BookSim2's run control (run_control='booksim'"
                     f", docs/run_control.md), resolution {PAPER_TOL}; {log}")
        got, at = self.study.measured(keys, *recs, table=table, paper=paper, networks=SF_NETS)
        if at["scale"] == "paper":
            at = noted({**at, "rule": "fixed"}, "fixed windows and the 95 % throughput rule; the re-derivation under "
                       f"BookSim2's rule is pending: {done} of its {len(keys)} searches done ({log})")
        return got, at

    def sf32_for(self, at: Mapping[str, Any]) -> tuple[dict, str]:
        """SF(16)'s recorded searches ``(routing, pattern) -> (load, done)`` under the rule of a claim's ``at``, and
        the log they come from."""
        if at.get("rule") == "booksim":
            return ({(rt, tr): v for (la, rt, tr), v in self.paper_rule.items() if la == SF32.RECIPE.label},
                    f"results/paper/{SFR.LOG[0]}/{SFR.LOG[1]}.csv")
        return self.sf32, f"results/paper/{SF32.LOG[0]}/{SF32.LOG[1]}.csv"

    def rule_sensitivity(self) -> list[dict]:
        """:func:`rule_sensitivity` of the recorded paper-scale searches (written to
        ``figures/05_spectralfly_rule_sensitivity.csv``)."""
        from .. import sweep as S

        fixed = {**self.paper_sf, **self.paper_sf8} if self.study.quick else {
            k: (x.saturation_load, True) for k, x in {**self.spec, **self.spec8}.items()}
        rows = rule_sensitivity(fixed, self.paper_rule, self.paper_spec)
        S.write_csv(rows, "05_spectralfly_rule_sensitivity")
        return rows

    def sf_measured(self, keys: Sequence[tuple[str, str, str]], *recs) -> tuple[dict, dict]:
        """Fig. 6/7 saturation loads of (label, routing, pattern) keys as {pattern: {label: load}}, and the claim's
        scale (:meth:`paper_measured`)."""
        got, at = self.paper_measured(keys, *recs, table=self.spec, paper=self.paper_sf)
        per: dict[str, dict] = {}
        for (la, _, tr), v in zip(keys, got):
            per.setdefault(tr, {})[la] = v
        return per, at

    def spec_structure(self, scale: str) -> dict[str, dict]:
        """What the networks' structure allows, no simulation: per network its channels per endpoint (the links
        UGAL-L spreads traffic over) and, per pattern, minimal routing's channel-load bound and mean hops
        (:func:`lowdiam.sim.channel_load_bound`); on the paper's networks at paper scale, on this run's otherwise."""
        out = {}
        for r in self.paper_spec if scale == "paper" else self.spec_nets:
            t = r.build()
            b = {tr: channel_load_bound(t, min_routing(r), tr, seed=self.study.seed) for tr in SPEC_PATTERNS}
            out[r.label] = {"channels_per_endpoint": round(2 * t.num_edges / t.num_endpoints, 3),
                            "min_bound": {tr: round(x.bound, 4) for tr, x in b.items()},
                            "min_hops": {tr: round(x.hops_mean, 2) for tr, x in b.items()}}
        return out

    def structure(self, at: Mapping[str, Any]) -> dict[str, dict]:
        """:meth:`spec_structure` of the networks a claim at ``at`` is measured on, printed the first time."""
        struct = self._struct
        if at["scale"] not in struct:
            struct[at["scale"]] = st = self.spec_structure(at["scale"])
            print(f"structure of the {at['scale']}-scale networks: channels per endpoint; minimal routing's "
                  "channel-load bound (mean hops) per pattern")
            for lab, s in st.items():
                print(f"  {lab:4s} {s['channels_per_endpoint']:6.3f}  " + "  ".join(
                    f"{tr} {s['min_bound'][tr]:.4f} ({s['min_hops'][tr]:.2f})" for tr in SPEC_PATTERNS))
        return struct[at["scale"]]

    def record_claims(self) -> None:
        """Record the SpectralFly Sec. VI statements about Fig. 6/7/8 (ids ``sf-fig*``): a claim's loads come from
        the paper profile's recorded searches once every search it compares is complete there (quick profile), else
        from this run's."""
        study = self.study
        PAPER_SPEC, SPEC, paper_sf, paper_sf8 = self.paper_spec, self.spec_nets, self.paper_sf, self.paper_sf8
        LPS, spec8, VAL_PATTERNS = self.lps, self.spec8, SPEC_PATTERNS
        paper_df = next(r for r in PAPER_SPEC if r.label == "DF").build()
        doubled = int((np.unique(paper_df.edges, axis=0, return_counts=True)[1] == 2).sum())
        print(f"the paper's Dragonfly {label(paper_df)}: {paper_df.num_routers} routers, {paper_df.num_endpoints} "
              f"endpoints, {paper_df.num_edges} links, {doubled} router pairs joined by two parallel links")
        for name, got in (("Fig. 6/7", paper_sf), ("Fig. 8", paper_sf8)):
            print(f"SpectralFly {name}: paper-scale searches recorded {len(got)}, complete "
                  f"{sum(ok for _, ok in got.values())}"
                  + "".join(f"\n  {' '.join(k):28s} {v:g}" + ("" if ok else " (searching)")
                            for k, (v, ok) in sorted(got.items())))

        for fn, fig, rname in ((ugal_routing, "6", "UGAL-L"), (min_routing, "7", "MIN")):
            keys = [(r.label, fn(r), tr) for tr in SPEC_PATTERNS for r in SPEC]
            per, at = self.sf_measured(keys, *SPEC)
            res = study.resolution(at)
            holds = lps_best(per, res)
            note, extra = "", {}
            # one recorded rival above LPS's complete search refutes "every pattern" whatever the other searches give: a
            # rival's search still running has a lower bound of its answer recorded (its largest stable load so far), so
            # decide it at paper scale then (a claim that holds still needs every search complete)
            beaten = studies.rivals_above(paper_sf, keys, "LPS", PAPER_TOL) if at["scale"] != "paper" else []
            if beaten:
                done = [k for k in keys if paper_sf.get(k, (0, False))[1]]
                per = {}
                for k in done:
                    per.setdefault(k[2], {})[k[0]] = paper_sf[k][0]
                holds, res, at = False, PAPER_TOL, dict(scale="paper", rule="fixed")
                extra = {"refuted_by": beaten, "searches_complete": f"{len(done)} of {len(keys)}"}
                note = (f"decided with {len(done)} of the {len(keys)} paper-scale searches complete: "
                        + "; ".join(f"{b['rival']} saturates at {b['rival_load']:g}"
                                    + (" or above (its search still running)" if b["rival_search"] == "running" else "")
                                    + f" under {b['traffic']}, LPS at {b['load']:g}" for b in beaten)
                        + "; the searches still missing cannot make LPS best on every pattern")
            ahead = ([(b["traffic"], b["rival"]) for b in beaten] if beaten else
                     [(tr, k) for tr, v in per.items() for k, x in v.items() if k != "LPS" and x > v["LPS"] + res])
            why = ""
            if not holds and at["scale"] == "paper":
                st = self.structure(at)
                extra = {**extra, "structure": st}
                if fn is ugal_routing and {k for _, k in ahead} == {"SF"} and _every_pattern(per, "LPS"):
                    sf32, log32 = self.sf32_for(at)
                    why, n32 = sf32_explanation(per, "LPS", lambda p, res=res: lps_best(p, res), st, sf32, log=log32)
                    note = "; ".join(x for x in (note, n32) if x)
                    extra = {**extra, "sf32": {tr: sf32.get(("ugal", tr)) for tr in SPEC_PATTERNS}}
                elif fn is not ugal_routing:
                    note = "; ".join(x for x in (note, min_bound_note(ahead, st)) if x)
            claims.record(f"sf-fig{fig}-lps-best-every-pattern", f"SpectralFly Fig. {fig}",
                          f"SpectralFly (LPS) saturates highest on every pattern under {rname} (patterns "
                          f"{', '.join(SPEC_PATTERNS)}; within the search resolution)", True, holds,
                          details={"saturation": per, "router": "booksim", "tol": res, **extra}, explanation=why,
                          figure="05_spectralfly_fig6_7", **sf_at(noted(at, note), [k[1] for k in keys]))
        per, at = self.sf_measured([("LPS", ugal_routing(LPS), tr) for tr in SPEC_PATTERNS], LPS)
        lps6 = {tr: v["LPS"] for tr, v in per.items()}
        claims.record("sf-fig6-lps-saturation-at-least-70pct", "SpectralFly Fig. 6",
                      "SpectralFly saturates at 70% load or more on every pattern under UGAL-L (lowest over patterns)",
                      (0.7, 1.0), min(lps6.values()), "range",
                      details={"saturation_lps": lps6, "router": "booksim", "tol": study.resolution(at)},
                      figure="05_spectralfly_fig6_7",
                      **sf_at(at, [ugal_routing(LPS)]))
        BF_SF = [r for r in SPEC if r.label in ("BF", "SF")]
        per6, at = self.sf_measured([(r.label, ugal_routing(r), tr) for tr in SPEC_PATTERNS for r in BF_SF], *BF_SF)
        holds, extra, note = bf_above_sf(per6), {}, ""
        if at["scale"] != "paper":
            # one pattern whose ordering the recorded searches already decide against the claim refutes it at paper
            # scale, whatever the searches still running give (a running search's answer lies between its recorded load
            # and 1)
            bf_sf = {tr: studies.order_decided(paper_sf, ("BF", "ugal", tr), ("SF", "ugal", tr))
                     for tr in SPEC_PATTERNS}
            against = [tr for tr, v in bf_sf.items() if v is not None and v != (tr != "shuffle")]
            if against:
                got = {tr: {la: paper_sf[(la, "ugal", tr)] for la in ("BF", "SF") if (la, "ugal", tr) in paper_sf}
                       for tr in SPEC_PATTERNS}
                holds, at = False, dict(scale="paper", rule="fixed")
                per6 = {tr: {la: v for la, (v, _) in g.items()} for tr, g in got.items()}
                extra = {"refuted_on": against,
                         "search_done": {tr: {la: d for la, (_, d) in g.items()} for tr, g in got.items()}}
                note = ("decided with " + "; ".join(
                    f"{tr}: BF {got[tr]['BF'][0]:g}{'' if got[tr]['BF'][1] else ' or above (search running)'}, SF "
                    f"{got[tr]['SF'][0]:g}{'' if got[tr]['SF'][1] else ' or above (search running)'}"
                    for tr in against)
                    + "; the searches still missing cannot make the ordering hold")
        why = ""
        if not holds and at["scale"] == "paper":
            # the patterns whose ordering goes against the claim; the Slim Fly's size explains them only if none is
            # shuffle (there the claim has Slim Fly ahead)
            wrong = [tr for tr in SPEC_PATTERNS if {"BF", "SF"} <= set(per6.get(tr, {}))
                     and (per6[tr]["BF"] > per6[tr]["SF"]) != (tr != "shuffle")]
            extra = {**extra, "structure": self.structure(at)}
            sf32, log32 = self.sf32_for(at)
            why, n32 = sf32_explanation(per6, "BF", bf_above_sf, self.structure(at), sf32,
                                        log=log32) if wrong and _every_pattern(per6, "BF") else ("", "")
            note = "; ".join(x for x in (note, n32) if x)
            extra = {**extra, "sf32": {tr: sf32.get(("ugal", tr)) for tr in SPEC_PATTERNS}}
        claims.record("sf-fig6-bf-beats-slimfly-except-shuffle", "SpectralFly Fig. 6",
                      "Bundlefly saturates above Slim Fly on every pattern except shuffle (UGAL-L)", True, holds,
                      details={"saturation": per6, "router": "booksim", "tol": study.resolution(at), **extra},
                      explanation=why, figure="05_spectralfly_fig6_7",
                      **sf_at(noted(at, note), [ugal_routing(r) for r in BF_SF]))
        # SpectralFly Fig. 8 / Sec. VI-C2: Valiant beats MIN on shuffle, reverse, transpose; worse on random
        for tr in VAL_PATTERNS:
            (v, m), at = self.paper_measured([("LPS", "valiant", tr), ("LPS", "min", tr)], LPS, table=spec8,
                                             paper=paper_sf8)
            res = study.resolution(at)
            det = {"saturation_valiant": v, "saturation_min": m, "router": "booksim", "tol": res}
            if tr == "uniform":
                claims.record("sf-fig8-valiant-worse-than-min-random", "SpectralFly Fig. 8 / Sec. VI-C2",
                              "Valiant performs worse than MIN on SpectralFly under random (uniform) traffic: lower "
                              "saturation load, by more than the search "
                              "resolution", True, bool(v < m - res), None, details=det,
                              figure="05_spectralfly_fig8",
                              **sf_at(noted(at,
                                            "the paper measures micro-benchmark execution times (SST) at fixed offered "
                                            "loads and sees one exception, at 60 % offered load; a saturation load has "
                                            "no such per-load point"), ["min", "valiant"]))
            else:
                claims.record(f"sf-fig8-valiant-beats-min-{tr}", "SpectralFly Fig. 8 / Sec. VI-C2",
                              f"Valiant improves on MIN on SpectralFly under {tr}: higher saturation load, by more "
                              f"than the search resolution", True, bool(v > m + res), None, details=det,
                              figure="05_spectralfly_fig8", **sf_at(at, ["min", "valiant"]))
