"""PolarStar Fig. 9/10 saturation searches under BookSim2's own run control, beside the fixed-window rule.

Notebook 05's PolarStar section searched every saturation load under ``run_control="fixed"`` (fixed windows
and the project's 95 % throughput rule, ``docs/run_control.md``); the paper's simulator decides "stable" by
BookSim2's run control (``run_control="booksim"``).  This module holds the section's networks and
configurations (PolarStar Table 3, Fig. 9 panels, Fig. 10) in one place, so the notebook and the command line
run the same searches, and the searches under BookSim's rule, which start from the same configuration's
recorded fixed-rule bracket (:func:`lowdiam.sweep.saturation_searches`' ``hints``) and are recorded in
``results/paper/05_simulation/05_polarstar_booksim_rule.csv`` run by run (resumable).

Command line (paper scale, resumable; one bar per group of searches)::

    python -m lowdiam.studies.polarstar [--processes N] [--groups fig9a,ugal-ps,...]

Examples
--------
>>> [r.label for r in table3("quick")]
['PS-IQ', 'PS-Pal', 'BF', 'HX', 'DF', 'SF', 'MF', 'FT']
>>> routing_of(table3("paper")[0], "min"), routing_of(table3("paper")[4], "ugal")
('polarstar-min', 'df-ugal')
>>> len(fig9_configs(table3("paper"))), len(fig10_configs(table3("paper")))
(48, 10)
>>> brackets_from_records([{"label": "A", "routing": "min", "traffic": "uniform", "load": x, "saturated": x > 0.6}
...                        for x in (0.5, 0.7, 0.6, 0.65)])
{('A', 'min', 'uniform'): (0.6, 0.65)}
"""

from __future__ import annotations

import argparse
import dataclasses
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .. import sweep as S
from . import simulation as studies

__all__ = [
    "FIG9", "GROUPS", "RULE_LOG", "FIXED_LOGS", "PAPER_TOL", "table3", "routing_of", "fig9_configs",
    "fig10_configs", "sim_settings", "brackets_from_records", "booksim_rule_searches", "group_configs",
    "SatClaim", "section_claims", "judge", "rule_sensitivity", "routed_key", "has_groups", "verdicts", "RULE_TEXT",
    "AUTHORS_ROLE", "AUTHORS_TRAFFIC", "AUTHORS_TEXT", "HINT_ROLE", "HINT_TRAFFIC", "authors_key", "authors_claim",
    "authors_code", "authors_configs", "AUTHORS_LOG", "AUTHORS_GROUPS", "AUTHORS_VCS", "authors_sim", "group_log",
    "PAPER_VCS_LOG", "PAPER_VCS_GROUPS", "PAPER_VCS_TEXT", "VCS_FIGURE", "at_paper_vcs", "first_unstable_decisions",
    "searches_from_records", "coarse_search_recorded", "search_recorded", "search_hints", "rule_configs_before",
    "group_sim", "hint_records", "paper_vcs_sim", "group_searches", "paper_vcs_runs", "mf_probe_sim",
    "mf_probe_runs", "paper_vcs_table", "AUTHORS_DF_ROLE", "AUTHORS_DF_UGAL", "AUTHORS_DF_VCS", "AUTHORS_OWN",
    "authors_df_sim", "authors_runs",
]

#: Fig. 9 panels: (traffic, routing role, title); a role is resolved per network by :func:`routing_of`
FIG9 = {"a": ("uniform", "min", "Uniform traffic, MIN routing"),
        "b": ("uniform", "min-single", "Uniform traffic, single minpath"),
        "c": ("uniform", "ugal", "Uniform traffic, UGAL routing"),
        "d": ("randperm", "ugal", "Random permutation, UGAL"),
        "e": ("bitrev", "ugal", "Bit reverse, UGAL"),
        "f": ("shuffle", "ugal", "Bit shuffle, UGAL")}
#: how the UGAL runs' buffers differ from the paper's Sec. 9.4 (4 VCs, 128 flits per port): the BookSim model's
#: hop-indexed VCs give UGAL one VC per link of its longest route, each of 32 flits
UGAL_VCS = ("UGAL-L with one 32-flit hop-indexed VC per link of its longest route, more than 4 VCs (paper: 4 VCs, "
            "128 flits per port)")
#: the paper profile's search resolution and coarse step (notebook 05)
PAPER_TOL, PAPER_COARSE = 0.01, 0.1
#: the fixed-rule paper-profile logs (results/paper/05_simulation/) and the BookSim-rule log
FIXED_LOGS = ("05_polarstar_fig9", "05_polarstar_fig10")
RULE_LOG = "05_polarstar_booksim_rule"
#: the result log of the authors'-code searches on the PolarStars, at the authors' VC settings (:func:`authors_sim`)
AUTHORS_LOG = "05_polarstar_authors_code"
#: the result log of the paper-text UGAL-L searches at the paper's VCs (:data:`PAPER_VCS_GROUPS`)
PAPER_VCS_LOG = "05_polarstar_ugal_4vcs"


def _r(label: str, ctor: str, *args: Any, **kwargs: Any) -> S.Recipe:
    return S.Recipe(ctor, kwargs, label, args)


def table3(profile: str) -> list[S.Recipe]:
    """PolarStar Table 3's networks (``"paper"``) or the quick profile's scaled-down members of each family."""
    if profile == "paper":
        return [_r("PS-IQ", "polarstar", 11, "iq", 3, endpoints_per_router=5),
                _r("PS-Pal", "polarstar", 8, "paley", 6, endpoints_per_router=5),
                _r("BF", "bundlefly", 9, 7, endpoints_per_router=5),
                _r("HX", "hyperx", 9, 9, 8, endpoints_per_router=8),
                _r("DF", "dragonfly", 12, 6, 6), _r("SF", "lps", 23, 13, endpoints_per_router=8),
                _r("MF", "megafly", 8, 16, 8), _r("FT", "fat_tree", 18, 3)]
    if profile == "quick":
        # 64 to 168 routers (PS-IQ(3,3), PS-Pal(3,4), BF(5,3), HX(4x4x4), DF(6,3,3), LPS(11,7), MF(4,8,4), FT(6,3)):
        # the quick profile previews the figures; every claim reads the recorded searches on Table 3's own networks
        return [_r("PS-IQ", "polarstar", 3, "iq", 3), _r("PS-Pal", "polarstar", 3, "paley", 4),
                _r("BF", "bundlefly", 5, 3), _r("HX", "hyperx", 4, 4, 4), _r("DF", "dragonfly", 6, 3, 3),
                _r("SF", "lps", 11, 7), _r("MF", "megafly", 4, 8), _r("FT", "fat_tree", 6, 3)]
    raise ValueError(f"profile must be 'quick' or 'paper', got {profile!r}")


def routing_of(rec: S.Recipe, role: str) -> str:
    """The routing a Fig. 9/10 role (``"min"``, ``"min-single"``, ``"ugal"``, ``"ugal-pf"``) means on ``rec``'s
    family (``"ugal-pf"``: the PolarStar authors' ``ugall4_pf``, :mod:`lowdiam.sim.routings.ugal_pf`)."""
    if role == "min":
        return studies.min_routing(rec.constructor)
    if role == "ugal":
        return studies.ugal_routing(rec.constructor)
    if role == "min-single":
        return "min-single"
    if role == "ugal-pf":
        return "ugal-pf"
    raise ValueError(f"routing role must be 'min', 'min-single', 'ugal' or 'ugal-pf', got {role!r}")


def has_groups(rec: S.Recipe) -> bool:
    """True when the network has supernodes / groups (the Fig. 10 adversarial pattern needs them)."""
    labels = rec.build().labels
    return "supernode" in labels or "group" in labels


def fig9_configs(recs: Sequence[S.Recipe]) -> list[tuple[S.Recipe, str, str]]:
    """(recipe, routing, traffic) of every Fig. 9 panel, panel by panel."""
    return [(rec, routing_of(rec, role), traffic) for traffic, role, _ in FIG9.values() for rec in recs]


def fig10_configs(recs: Sequence[S.Recipe]) -> list[tuple[S.Recipe, str, str]]:
    """(recipe, routing, "adversarial") of Fig. 10: MIN and UGAL on every network with groups."""
    return [(rec, routing_of(rec, role), "adversarial") for rec in recs if has_groups(rec) for role in ("min", "ugal")]


def sim_settings(*, router_speedup: float = 2.0, run_control: str = "fixed", warmup_cycles: int | None = None,
                 measure_cycles: int | None = None, run_control_options: dict | None = None) -> dict[str, Any]:
    """The section's simulation settings (PolarStar Sec. 9.4: 4-flit packets, 32 flits per VC, the BookSim
    model with hop-indexed VCs at internal speedup ``router_speedup``) under ``run_control``: ``"fixed"`` with
    its windows, or ``"booksim"`` (BookSim2's own rule; windows do not apply)."""
    sim = {"packet_flits": 4, "buffer_flits": 32, "router": "booksim",
           "router_options": {"internal_speedup": router_speedup, "vc_selection": "hop"}}
    if run_control == "fixed":
        if warmup_cycles is None or measure_cycles is None:
            raise ValueError("run_control='fixed' needs warmup_cycles and measure_cycles")
        if run_control_options:
            raise ValueError("run_control_options belong to run_control='booksim'")
        return {**sim, "warmup_cycles": warmup_cycles, "measure_cycles": measure_cycles}
    if run_control == "booksim":
        if warmup_cycles is not None or measure_cycles is not None:
            raise ValueError("run_control='booksim' decides its own windows: leave warmup_cycles and measure_cycles "
                             "unset")
        out = {**sim, "run_control": "booksim"}
        if run_control_options:
            out["run_control_options"] = dict(run_control_options)
        return out
    raise ValueError(f"run_control must be 'fixed' or 'booksim', got {run_control!r}")


#: the VCs of the authors' ``polarstarconfig`` (``num_vcs = 4``), any VC at every hop as their routing functions take
#: them (anynet ``min``; ``ugall4_pf`` after the first hop)
AUTHORS_VCS = 4


def authors_sim(*, router_speedup: float = 2.0) -> dict[str, Any]:
    """The settings of the authors'-code searches on the PolarStars: the section's (:func:`sim_settings`, BookSim's
    run control) with the authors' ``polarstarconfig`` VCs -- 4 VCs, any VC at every hop -- where the paper-text
    searches take hop-indexed VCs.  At PS-IQ(11,3) this is the configuration that decides as the authors' fork does
    (``ugall4_pf`` stable at 0.75, unstable at 0.775; ``docs/cross_validation.md``, "At the papers' scale").  Any VC
    at every hop can deadlock; under BookSim's rule a deadlocked run is unstable (decision ``"deadlock"``).

    Examples
    --------
    >>> s = authors_sim()
    >>> s["vcs"], s["router_options"], s["run_control"]
    (4, {'internal_speedup': 2.0, 'vc_selection': 'any'}, 'booksim')
    """
    sim = sim_settings(router_speedup=router_speedup, run_control="booksim")
    return {**sim, "vcs": AUTHORS_VCS, "router_options": {**sim["router_options"], "vc_selection": "any"}}


#: the PolarStar authors' public code on the Dragonfly: their fork's own ``dragonflynew`` routings, which
#: ``scripts/simulate.py`` runs as ``dragonfly -n 1 -rf ugal -vc 3 -buf 43`` (``examples/dragonflyconfig``:
#: ``num_vcs = 3``, ``vc_buf_size = 43``, ``routing_function = min``): ``min`` = ``min_dragonflynew`` (our
#: ``df-min``, its one minimal route; also the fork's single minimal path, so Fig. 9b's role maps to it) and ``ugal``
#: = ``ugal_dragonflynew`` (our ``df-ugal`` with :data:`AUTHORS_DF_UGAL`); the VC is the packet's phase
#: (``vc_selection="dragonfly"``).  Table 3's ``dragonfly(12, 6, 6)`` is the fork's ``dragonflynew`` with k = 6 (the
#: "absolute" arrangement is BookSim's)
AUTHORS_DF_ROLE = {"min": "min", "min-single": "min", "ugal": "ugal"}
#: the fork's ``ugal_dragonflynew`` decision: one random intermediate router, the minimal route while q_min <=
#: 2 q_val + threshold, with the fork's threshold of -30 (BookSim2: +30; ``docs/run_control.md``)
AUTHORS_DF_UGAL = {"cost": "booksim-dragonfly", "samples": 1, "threshold": -30}
#: the fork's Dragonfly VCs: (VCs, flits per VC, the BookSim model's ``vc_selection``)
AUTHORS_DF_VCS = (3, 43, "dragonfly")


def authors_df_sim(routing: str, *, router_speedup: float = 2.0) -> dict[str, Any]:
    """The settings of the authors'-code searches on the Dragonfly: the section's (:func:`sim_settings`, BookSim's run
    control) with the fork's :data:`AUTHORS_DF_VCS` and, for ``df-ugal``, its decision :data:`AUTHORS_DF_UGAL`.

    Examples
    --------
    >>> s = authors_df_sim("df-ugal")
    >>> s["vcs"], s["buffer_flits"], s["router_options"]["vc_selection"], s["routing_options"]["threshold"]
    (3, 43, 'dragonfly', -30)
    >>> "routing_options" in authors_df_sim("df-min")
    False
    >>> authors_df_sim("ugal")
    Traceback (most recent call last):
    ...
    ValueError: the authors' Dragonfly routings are 'df-min' and 'df-ugal', got 'ugal'
    """
    if routing not in ("df-min", "df-ugal"):
        raise ValueError(f"the authors' Dragonfly routings are 'df-min' and 'df-ugal', got {routing!r}")
    sim = _with_vcs(sim_settings(router_speedup=router_speedup, run_control="booksim"), *AUTHORS_DF_VCS)
    return {**sim, "routing_options": dict(AUTHORS_DF_UGAL)} if routing == "df-ugal" else sim


#: the paper's VCs of a network's UGAL-L runs where they are not the :data:`AUTHORS_VCS` (PolarStar Sec. 9.4:
#: "input-queued routers have 128 flit buffers per port and 4 virtual channels (VCs). Dragonfly and Megafly
#: respectively use 2 and 1 VCs for MIN routing, and 3 and 2 VCs for UGAL routing"): (VCs, flits per VC, the BookSim
#: model's ``vc_selection``).
#: DF: BookSim's own Dragonfly classes (``ugal_dragonflynew``: VC 0 to the intermediate, 1 after it, 2 from the global
#: link of the second phase on; cross-validated for MIN against the authors' fork,
#: ``benchmarks/crossval_booksim_dragonfly.py``), 43 flits per VC as the authors' ``dragonflyconfig`` sets
#: (``vc_buf_size = 43``, 128 / 3 rounded up).  MF: one VC per phase, 64 flits (the paper gives neither the
#: assignment nor the depth; BookSim2 has no Megafly).  Every other network: 4 VCs of 32 flits, any VC at every
#: hop, as the authors' anynet routings take them (their ``polarstarconfig`` and ``slimflyconfig``)
PAPER_UGAL_VCS = {"DF": (3, 43, "dragonfly"), "MF": (2, 64, "phase")}
#: the Megafly at 3 VCs of 43 flits with BookSim's Dragonfly classes (the same 128-flit port as its 2 VCs): the paper
#: gives MF's VC count (2), not the assignment, and one VC per phase is ours -- a sensitivity of the statements
#: comparing MF's UGAL-L (:func:`mf_probe_sim`, group ``ugal-mf-3vcs``)
MF_PROBE_VCS = (3, 43, "dragonfly")


def paper_vcs_sim(label: str | None = None, *, router_speedup: float = 2.0) -> dict[str, Any]:
    """The settings of a network's UGAL-L searches at the paper's VCs: :func:`authors_sim` (4 VCs of 32 flits, any VC
    at every hop) with the VCs, depth and VC selection of :data:`PAPER_UGAL_VCS` for the networks it names
    (``label`` ``None``: a network it does not name, as the PolarStars).

    Parameters
    ----------
    label : str, optional
        The Table 3 label of the network (``"DF"``, ``"MF"``, ``"PS-IQ"``, ...).
    router_speedup : float
        The BookSim model's internal speedup.

    Returns
    -------
    dict
        The ``sim`` settings of :func:`lowdiam.sweep.saturation_searches`.

    Examples
    --------
    >>> s = paper_vcs_sim("DF")
    >>> s["vcs"], s["buffer_flits"], s["router_options"]["vc_selection"]
    (3, 43, 'dragonfly')
    >>> paper_vcs_sim("PS-IQ") == paper_vcs_sim("HX") == authors_sim()
    True
    """
    base = authors_sim(router_speedup=router_speedup)
    return base if label not in PAPER_UGAL_VCS else _with_vcs(base, *PAPER_UGAL_VCS[label])


def _with_vcs(sim: dict[str, Any], vcs: int, flits: int, selection: str) -> dict[str, Any]:
    """``sim`` with ``vcs`` VCs of ``flits`` flits and the VC selection ``selection``."""
    return {**sim, "vcs": vcs, "buffer_flits": flits,
            "router_options": {**sim["router_options"], "vc_selection": selection}}


def mf_probe_sim(*, router_speedup: float = 2.0) -> dict[str, Any]:
    """The settings of the Megafly's UGAL-L sensitivity searches: :func:`paper_vcs_sim` of MF with
    :data:`MF_PROBE_VCS` (3 VCs of 43 flits, ``vc_selection="dragonfly"``) in place of its 2 VCs.

    Returns
    -------
    dict
        The ``sim`` settings of :func:`lowdiam.sweep.saturation_searches`.

    Examples
    --------
    >>> s = mf_probe_sim()
    >>> s["vcs"], s["buffer_flits"], s["router_options"]["vc_selection"]
    (3, 43, 'dragonfly')
    """
    return _with_vcs(paper_vcs_sim("MF", router_speedup=router_speedup), *MF_PROBE_VCS)


def paper_vcs_text(labels: Iterable[str]) -> str:
    """What the searches at the paper's VCs of the networks ``labels`` ran at, as a claim's note says it."""
    labels = list(dict.fromkeys(labels))
    own = [lab for lab in labels if lab in PAPER_UGAL_VCS]
    rest = [lab for lab in labels if lab not in PAPER_UGAL_VCS]
    parts = [f"{lab}: the paper's {PAPER_UGAL_VCS[lab][0]} VCs of {PAPER_UGAL_VCS[lab][1]} flits, VC selection "
             f"{PAPER_UGAL_VCS[lab][2]!r} ({_VCS_WHY[PAPER_UGAL_VCS[lab][2]]})" for lab in own]
    if rest:
        parts.insert(0, ("" if not own else f"{', '.join(rest)}: ") + PAPER_VCS_TEXT)
    return "; ".join(parts)


_VCS_WHY = {"dragonfly": "BookSim's ugal_dragonflynew classes: VC 0 to the intermediate, 1 after it, 2 from the "
                         "second phase's global link on",
            "phase": "one VC per phase, the paper's count; the paper gives no assignment"}


#: figures drawn at paper scale from the recorded runs (lowdiam.studies.polarstar_figures): Fig. 9, Fig. 10
PAPER_FIGURES = ("05_polarstar_fig9_paper", "05_polarstar_fig10_paper")

brackets_from_records = studies.brackets_from_records  # (last stable, first unstable) per search in records


#: groups of searches in the order the paper-profile job runs them: each group completes the searches of one
#: or more PolarStar Sec. 9.5 / 9.6 statements (notebook 05's claims), so an interrupted job leaves whole claims;
#: the groups whose runs are cheapest (low saturation loads: adversarial MIN, one minimal path) come early
GROUPS = {
    "fig9a": lambda t: [(t["PS-IQ"], "min", "uniform"), (t["PS-Pal"], "min", "uniform")],
    "adversarial": lambda t: [(t[x], role, "adversarial") for role in ("min", "ugal")
                              for x in ("DF", "MF", "BF", "PS-IQ", "PS-Pal")],
    "min-single": lambda t: [(t[x], "min-single", "uniform") for x in ("PS-IQ", "PS-Pal", "SF", "BF")],
    # the authors' public code on the PolarStars (AUTHORS_ROLE) at their VC settings (AUTHORS_GROUPS): anynet min
    # under uniform and adversarial traffic
    "authors-min": lambda t: [(t[p], "min-single", "uniform") for p in ("PS-IQ", "PS-Pal")],
    "authors-adversarial": lambda t: [(t[p], "min-single", "adversarial") for p in ("PS-IQ", "PS-Pal")],
    "uniform-min": lambda t: [(t[x], "min", "uniform") for x in ("SF", "BF")],
    "uniform-ugal": lambda t: [(t[x], "ugal", "uniform") for x in ("DF", "BF")],
    "bitrev-ugal": lambda t: [(t["MF"], "ugal", "bitrev")],
    # the paper's text (UGAL-L) on the PolarStars at the paper's 4 VCs (Sec. 9.4), assigned as the authors'
    # polarstarconfig assigns them (any VC at every hop; authors_sim): the settings of the statements that compare
    # the PolarStars' UGAL runs only (at_paper_vcs)
    "ugal-ps-4vcs": lambda t: _ps_ugal(t),
    # the paper's text (UGAL-L) on the other networks of the UGAL statements at the paper's VCs (paper_vcs_sim: DF 3,
    # MF 2, the others 4), so that a statement comparing them with the PolarStars' 4-VC runs compares like with like
    "ugal-paper-vcs": lambda t: [(t[x], "ugal", tr) for tr, xs in (
        ("adversarial", ("DF", "MF", "BF")), ("bitrev", ("MF",)), ("uniform", ("DF", "BF")),
        ("shuffle", ("BF", "HX", "DF", "SF", "MF", "FT"))) for x in xs],
    # the Megafly's UGAL-L at 3 VCs with BookSim's Dragonfly classes (mf_probe_sim): a sensitivity of its 2 VCs
    "ugal-mf-3vcs": lambda t: [(t["MF"], "ugal", tr) for tr in ("bitrev", "adversarial", "shuffle")],
    "ugal-ps": lambda t: _ps_ugal(t),
    "shuffle-ugal": lambda t: [(t[x], "ugal", "shuffle") for x in ("BF", "HX", "DF", "SF", "MF", "FT")],
    # the authors' public code on the PolarStars at their VC settings: ugall4_pf on every pattern the UGAL statements
    # compare, the random permutation as their fork draws it (AUTHORS_TRAFFIC)
    "authors-ugal": lambda t: [(t[p], "ugal-pf", AUTHORS_TRAFFIC.get(tr, tr)) for p in ("PS-IQ", "PS-Pal")
                               for tr in ("uniform", "randperm", "bitrev", "shuffle", "adversarial")],
    # the authors' public code on the Dragonfly: the fork's own dragonflynew routings at its 3 VCs (authors_df_sim),
    # every pattern and role the statements compare DF under
    "authors-df": lambda t: [(t["DF"], AUTHORS_DF_ROLE[role], AUTHORS_TRAFFIC.get(tr, tr)) for role, tr in (
        ("min", "uniform"), ("min", "adversarial"), ("ugal", "uniform"), ("ugal", "randperm"), ("ugal", "bitrev"),
        ("ugal", "shuffle"), ("ugal", "adversarial"))],
    # the authors' public code on the other networks: their paper-text UGAL-L at the paper's VCs under the fork's
    # random permutation (the Dragonfly's: group authors-df; the searches at hop-indexed VCs this group ran before
    # 2026-12-01, session 42, are left in RULE_LOG)
    "authors-randperm": lambda t: [(t[x], "ugal", AUTHORS_TRAFFIC["randperm"])
                                   for x in ("BF", "HX", "SF", "MF", "FT")],
    # the Fig. 9 panels the statement "HX and SF highest on most panels" compares beyond the groups above: its MIN
    # panels (a, b) at the section's hop-indexed VCs, as every MIN statement; its UGAL-L panels (c-f) at every
    # network's paper's VCs (paper_vcs_sim), as every UGAL-L statement (one VC assignment per panel)
    "fig9-min": lambda t: [(t[x], role, tr) for tr, role, _ in FIG9.values() if role != "ugal" for x in t],
    "fig9-ugal-paper-vcs": lambda t: [(t[x], role, tr) for tr, role, _ in FIG9.values() if role == "ugal"
                                      for x in t],
    # every Fig. 9 panel at hop-indexed VCs: the UGAL-L panels are the hop-indexed sensitivity of that statement and
    # the other networks' searches of its authors'-code column
    "rest": lambda t: [(t[x], role, tr) for tr, role, _ in FIG9.values() for x in t],
}
#: the groups run at the authors' settings (:func:`authors_sim`) and recorded in :data:`AUTHORS_LOG`; with the
#: :data:`PAPER_VCS_GROUPS` apart, every other group runs at the section's (:func:`sim_settings`) and is recorded in
#: :data:`RULE_LOG` (:func:`group_log`, :func:`group_sim`)
AUTHORS_GROUPS = ("authors-min", "authors-adversarial", "authors-ugal", "authors-df")
#: the groups of paper-text searches run at the paper's 4 VCs (:func:`authors_sim`'s settings) and recorded in
#: :data:`PAPER_VCS_LOG`
PAPER_VCS_GROUPS = ("ugal-ps-4vcs", "ugal-paper-vcs", "ugal-mf-3vcs", "fig9-ugal-paper-vcs", "authors-randperm")
#: a group of :data:`PAPER_VCS_GROUPS` whose settings are not :func:`paper_vcs_sim`'s: (label, router_speedup=) -> sim
_PAPER_VCS_SETTINGS = {"ugal-mf-3vcs": lambda label, router_speedup=2.0: mf_probe_sim(router_speedup=router_speedup)}
#: the groups among them that rerun searches at other settings than the paper's VCs (sensitivities, not the
#: statements' own searches)
SENSITIVITY_GROUPS = ("ugal-mf-3vcs",)


def _ps_ugal(t: dict) -> list[tuple[S.Recipe, str, str]]:
    """The PolarStars' paper-text UGAL-L under the five patterns of the UGAL range statement."""
    return [(t[p], "ugal", tr) for p in ("PS-IQ", "PS-Pal")
            for tr in ("uniform", "randperm", "bitrev", "shuffle", "adversarial")]


def group_log(group: str) -> str:
    """The result log a group's searches are recorded in: :data:`AUTHORS_LOG` for the :data:`AUTHORS_GROUPS`,
    :data:`PAPER_VCS_LOG` for the :data:`PAPER_VCS_GROUPS`, else :data:`RULE_LOG`."""
    return AUTHORS_LOG if group in AUTHORS_GROUPS else PAPER_VCS_LOG if group in PAPER_VCS_GROUPS else RULE_LOG


def group_sim(group: str, *, label: str | None = None, routing: str | None = None,
              router_speedup: float = 2.0) -> dict[str, Any]:
    """The settings a group's searches of network ``label`` under ``routing`` run at: for the :data:`AUTHORS_GROUPS`
    4 VCs, any VC at every hop (:func:`authors_sim`), on the Dragonfly the fork's own (:func:`authors_df_sim`), the
    paper's VCs of the network (:func:`paper_vcs_sim`) for the :data:`PAPER_VCS_GROUPS`, else the section's
    (:func:`sim_settings`, hop-indexed VCs), all under BookSim2's run control.  ``label`` ``None``: a network whose
    settings are the group's default (the PolarStars').

    Examples
    --------
    >>> group_sim("ugal-ps-4vcs") == group_sim("authors-ugal") == authors_sim()
    True
    >>> group_sim("ugal-paper-vcs", label="MF")["vcs"]
    2
    >>> group_sim("rest")["router_options"]["vc_selection"]
    'hop'
    """
    if group not in GROUPS:
        raise ValueError(f"unknown group {group!r}; choose from {list(GROUPS)}")
    if group in PAPER_VCS_GROUPS:
        return _PAPER_VCS_SETTINGS.get(group, paper_vcs_sim)(label, router_speedup=router_speedup)
    if group in AUTHORS_GROUPS:
        if label == "DF":
            return authors_df_sim(routing if routing is not None else "df-ugal", router_speedup=router_speedup)
        return authors_sim(router_speedup=router_speedup)
    return sim_settings(router_speedup=router_speedup, run_control="booksim")


def group_configs(recs: Sequence[S.Recipe], groups: Sequence[str] | None = None) -> list[tuple[str, list]]:
    """``[(group, [(recipe, routing, traffic), ...]), ...]`` in :data:`GROUPS` order, each configuration once per
    result log and settings (in the first group that names it: the :data:`AUTHORS_GROUPS`, the
    :data:`PAPER_VCS_GROUPS` and the others apart, :func:`group_log`; :func:`group_sim`)."""
    names = list(GROUPS) if groups is None else list(groups)
    unknown = [g for g in names if g not in GROUPS]
    if unknown:
        raise ValueError(f"unknown groups {unknown}; choose from {list(GROUPS)}")
    t = {r.label: r for r in recs}
    seen, out = set(), []
    for g in names:
        cfgs = []
        for rec, role, tr in GROUPS[g](t):
            cfg = (rec, routing_of(rec, role), tr)
            # one search per log and settings (a sensitivity group may rerun a configuration at other settings)
            key = (group_log(g), repr(sorted(group_sim(g, label=rec.label, routing=cfg[1]).items())), rec.label,
                   cfg[1], tr)
            if key not in seen:
                seen.add(key)
                cfgs.append(cfg)
        out.append((g, cfgs))
    return out


def group_searches(group: str, configs: Sequence[tuple[S.Recipe, str, str]], *, old_records: Iterable[dict],
                   router_speedup: float = 2.0, **kwargs: Any) -> list[S.SaturationResult]:
    """A group's searches (:func:`booksim_rule_searches`), each at its network's settings in the group
    (:func:`group_sim`): one call per distinct settings, in the order of ``configs``; results in that order too."""
    parts: list[tuple[dict, list]] = []
    for cfg in configs:
        sim = group_sim(group, label=cfg[0].label, routing=cfg[1], router_speedup=router_speedup)
        for have, cfgs in parts:
            if have == sim:
                cfgs.append(cfg)
                break
        else:
            parts.append((sim, [cfg]))
    old_records = list(old_records)
    done = {}
    for sim, cfgs in parts:
        for cfg, res in zip(cfgs, booksim_rule_searches(cfgs, old_records=old_records, sim=sim,
                                                        router_speedup=router_speedup, **kwargs)):
            done[id(cfg)] = res
    return [done[id(cfg)] for cfg in configs]


def booksim_rule_searches(configs: Sequence[tuple[S.Recipe, str, str]], *, old_records: Iterable[dict],
                          router_speedup: float = 2.0, coarse_step: float = PAPER_COARSE, tol: float = PAPER_TOL,
                          seed: int = 0, record: Any = None, authors: bool = False, sim: dict | None = None,
                          **sweep_kwargs: Any) -> list[S.SaturationResult]:
    """Saturation searches of ``configs`` under ``run_control="booksim"``, each started from the same
    configuration's bracket in ``old_records`` (the fixed-rule searches, or for a group at the paper's 4 VCs the
    hop-indexed-VC searches under BookSim2's rule; a configuration without one gets the coarse search).
    ``record``: the result log (:func:`lowdiam.sweep.result_log`).  ``authors``: at 4 VCs, any VC at every hop
    (:func:`authors_sim`: the authors' VC settings, and the paper's VC count) instead of the section's; ``sim``:
    these settings instead of either (:func:`group_sim`).

    Settings with any VC at every hop (``vc_selection="any"``) get the coarse search from :data:`PAPER_COARSE`
    up, never a hint: there a partial deadlock can make a load unstable below loads that drain, so the decision
    need not be monotone in load, and a search started from a known bracket finds the knee nearest that bracket,
    not the first unstable load of the ascending sweep (measured, ``benchmarks/bench_from_scratch.py``: PS-IQ
    paper-text UGAL-L, uniform, the paper's 4 VCs, is stuck at 0.6 and drains at 0.6875-0.7, where the search
    started from the hop-indexed-VC bracket never asked 0.6).  The runs of such searches started from a hint
    before 2026-12-02 stay in their logs, and the store's reading takes every run of a configuration
    (:func:`brackets_from_records`: its first unstable load and the last stable load below it)."""
    sim = (sim if sim is not None else authors_sim(router_speedup=router_speedup) if authors
           else sim_settings(router_speedup=router_speedup, run_control="booksim"))
    return S.saturation_searches(list(configs), coarse_step=coarse_step, tol=tol, seed=seed,
                                 hints=search_hints(configs, old_records, sim), sim=sim, record=record, **sweep_kwargs)


def search_hints(configs: Sequence[tuple[S.Recipe, str, str]], old_records: Iterable[dict],
                 sim: dict) -> list[tuple[float, float | None]] | None:
    """The bracket each of ``configs``' searches at settings ``sim`` starts from (:func:`booksim_rule_searches`):
    ``None`` (every search from the coarse grid) at any VC at every hop, else per search the same configuration's
    bracket in ``old_records`` or ``None``."""
    if sim.get("router_options", {}).get("vc_selection") == "any":
        return None
    old = brackets_from_records(old_records)
    # a routing never run under the fixed rule (the authors' ugal-pf; min-single under adversarial traffic) starts
    # from the bracket of the routing the paper's text names for the same network and traffic (HINT_ROLE)
    # (and a pattern the fixed rule never ran, the fork's permutation of endpoints, from the paper's, HINT_TRAFFIC)
    hints = []
    for rec, rt, tr in configs:
        hint_rt = routing_of(rec, HINT_ROLE[rt]) if rt in HINT_ROLE else rt
        hint_tr = HINT_TRAFFIC.get(tr, tr)
        hints.append(old.get((rec.label, rt, tr)) or old.get((rec.label, hint_rt, tr))
                     or old.get((rec.label, rt, hint_tr)) or old.get((rec.label, hint_rt, hint_tr)))
    return hints


class _Unrecorded(Exception):
    """A load the replayed search asks that no run recorded (:func:`coarse_search_recorded`)."""


def coarse_search_recorded(runs: dict[float, bool], *, coarse_step: float = PAPER_COARSE,
                           tol: float = PAPER_TOL) -> bool:
    """True when every load the coarse search (:func:`lowdiam.sweep.bracket_saturation`, no hint) asks is among
    ``runs`` ({load: saturated}): its decisions replayed from them reach its final bracket
    (:func:`search_recorded` with no hint).

    Examples
    --------
    >>> asked = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.65, 0.625, 0.6125, 0.60625)
    >>> coarse_search_recorded({x: x > 0.6 for x in asked}, tol=0.01)
    True
    >>> coarse_search_recorded({x: x > 0.6 for x in asked[5:]}, tol=0.01)
    False
    """
    return search_recorded(runs, coarse_step=coarse_step, tol=tol) is None


def search_recorded(runs: dict[float, bool], *, hint: tuple[float, float | None] | None = None,
                    coarse_step: float = PAPER_COARSE, tol: float = PAPER_TOL) -> float | None:
    """The first load the sequential search (:func:`lowdiam.sweep.bracket_saturation`, started from ``hint`` or,
    with none, from the coarse grid) asks that ``runs`` ({load: saturated}) does not hold; ``None`` when its
    decisions replayed from them reach its final bracket (the job would run nothing more for it).

    Examples
    --------
    >>> runs = {x: x > 0.6 for x in (0.6, 0.61)}
    >>> search_recorded(runs, hint=(0.6, 0.61), tol=0.01) is None  # stable at 0.6, unstable at 0.61: done
    True
    >>> search_recorded(runs, hint=(0.55, 0.61), tol=0.01)  # it starts at the hint's last stable load
    0.55
    >>> search_recorded(runs, tol=0.01)  # the coarse search starts at 0.1
    0.1
    """
    have = {round(float(x), S.LOAD_DIGITS): bool(b) for x, b in runs.items()}

    def decide(loads):
        out = []
        for x in loads[0]:
            x = round(x, S.LOAD_DIGITS)
            if x not in have:
                raise _Unrecorded(x)
            out.append(have[x])
        return [out]

    try:
        S.bracket_saturation(decide, 1, coarse_step=coarse_step, tol=tol, hints=None if hint is None else [hint])
    except _Unrecorded as e:
        return e.args[0]
    return None


def searches_from_records(records, *, tol: float = PAPER_TOL,
                          coarse_step: float = PAPER_COARSE) -> dict[tuple[str, str, str], tuple[float, bool]]:
    """:func:`lowdiam.studies.simulation.saturation_from_records` of a log of this section, where a configuration run
    at any VC at every hop (``vc_selection="any"``: :func:`booksim_rule_searches` searches it from the coarse grid)
    is done only once its coarse search is recorded too (:func:`coarse_search_recorded`): the runs of a search
    started from a hint before 2026-12-02 stay in the log, and their bracket alone is not the ascending sweep's."""
    records = list(records)
    out = studies.saturation_from_records(records, tol)
    runs: dict[tuple[str, str, str], dict[float, bool]] = {}
    for r in records:
        opts = r.get("sim_router_options") or {}
        if isinstance(opts, dict) and opts.get("vc_selection") == "any":
            runs.setdefault((r["label"], r["routing"], r["traffic"]), {})[float(r["load"])] = bool(r["saturated"])
    for k, have in runs.items():
        if out[k][1] and not coarse_search_recorded(have, coarse_step=coarse_step, tol=tol):
            out[k] = (out[k][0], False)
    return out


#: the paper-text role whose fixed-rule bracket starts a search of a routing the fixed rule never ran
HINT_ROLE = {"ugal-pf": "ugal", "min-single": "min"}
#: the paper-text pattern whose fixed-rule bracket starts a search of a pattern the fixed rule never ran
HINT_TRAFFIC = {"server_perm": "randperm"}


def fixed_records(*, root=None) -> list[dict]:
    """Every recorded paper-profile run of the section under the fixed rule (in store ``root``; ``None``: the
    results folder, :func:`lowdiam.paths.results_dir`)."""
    return [r for name in FIXED_LOGS for r in S.recorded_records(S.result_log("05_simulation", name, root=root))]


def rule_configs_before(group: str) -> set[tuple[str, str, str]]:
    """The ``(label, routing, traffic)`` of every search the job records in :data:`RULE_LOG` in a group before
    ``group`` (:data:`GROUPS` order): the hop-indexed-VC searches that are finished whenever ``group`` runs.

    Examples
    --------
    >>> ("MF", "df-ugal", "bitrev") in rule_configs_before("ugal-paper-vcs")  # group bitrev-ugal
    True
    >>> ("DF", "df-ugal", "shuffle") in rule_configs_before("ugal-paper-vcs")  # group shuffle-ugal, run later
    False
    """
    if group not in GROUPS:
        raise ValueError(f"unknown group {group!r}; choose from {list(GROUPS)}")
    names = list(GROUPS)
    t = {r.label: r for r in table3("paper")}
    return {(rec.label, routing_of(rec, role), tr) for g in names[:names.index(group)] if group_log(g) == RULE_LOG
            for rec, role, tr in GROUPS[g](t)}


def hint_records(group: str, *, root=None) -> list[dict]:
    """The recorded runs whose brackets start a group's searches: for the :data:`PAPER_VCS_GROUPS` the same
    configurations' searches under BookSim2's rule at the section's hop-indexed VCs (:data:`RULE_LOG`: the same rule,
    another VC assignment) made by a group *before* ``group`` (:func:`rule_configs_before`) and, for a configuration
    with none there, its fixed-rule search; for every other group the fixed-rule searches (:func:`fixed_records`);
    read from store ``root`` (``None``: the results folder).

    Only the groups before ``group`` count, so a group's hints are the same whenever the job reaches it: a job
    resumed after later groups have recorded runs replays the group's finished searches without a run more (until
    2026-12-05 every recorded hop-indexed search counted, and a resumed from-scratch rerun of the section ran new
    loads in searches it had finished: ``docs/scale_out.md``, segment 13)."""
    if group not in GROUPS:
        raise ValueError(f"unknown group {group!r}; choose from {list(GROUPS)}")
    if group in PAPER_VCS_GROUPS:
        before = rule_configs_before(group)
        rule = [r for r in studies.recorded_runs("05_simulation", [RULE_LOG], root=root,
                                                 sim=sim_settings(run_control="booksim"))
                if (r["label"], r["routing"], r["traffic"]) in before]
        have = {(r["label"], r["routing"], r["traffic"]) for r in rule}
        return rule + [r for r in fixed_records(root=root) if (r["label"], r["routing"], r["traffic"]) not in have]
    return fixed_records(root=root)


def authors_runs(*, root=None) -> list[dict]:
    """The recorded runs of :data:`AUTHORS_LOG` at the authors' settings of their network and routing: the
    PolarStars' at :func:`authors_sim`, the Dragonfly's at :func:`authors_df_sim`; runs at other settings left out."""
    def settings(lab: str, routing: str) -> dict | None:
        if lab == "DF":
            return authors_df_sim(routing) if routing in ("df-min", "df-ugal") else None
        return authors_sim() if lab in PSX else None

    return _runs_at(settings, root, log=AUTHORS_LOG)


def mf_probe_runs(*, root=None) -> list[dict]:
    """The recorded Megafly runs of :data:`PAPER_VCS_LOG` at :func:`mf_probe_sim`'s settings (group
    ``ugal-mf-3vcs``)."""
    return _runs_at(lambda lab, routing: mf_probe_sim() if lab == "MF" else None, root)


def paper_vcs_runs(*, root=None) -> list[dict]:
    """The recorded runs of :data:`PAPER_VCS_LOG` at the settings of their network (:func:`paper_vcs_sim`): every
    search at the paper's VCs, other settings' runs in the log left out."""
    return _runs_at(lambda lab, routing: paper_vcs_sim(lab), root)


def _runs_at(settings_of: Callable[[str, str], dict | None], root, *, log: str = PAPER_VCS_LOG) -> list[dict]:
    """The runs of ``log`` whose settings are ``settings_of(label, routing)`` of their network and routing
    (``None``: none)."""
    want: dict[tuple[str, str], dict | None] = {}
    out = []
    for r in studies.recorded_runs("05_simulation", [log], root=root):
        key = (r["label"], r["routing"])
        if key not in want:
            sim = settings_of(*key)
            want[key] = None if sim is None else {f"sim_{k}": v for k, v in sim.items()}
        if want[key] is not None and {k: v for k, v in r.items() if k.startswith("sim_")} == want[key]:
            out.append(r)
    return out


# ----------------------------------------------------------------------------- the section's claims
PSX = ("PS-IQ", "PS-Pal")
#: how the searches at any VC at every hop treat deadlocks, in a claim's note
STUCK_TEXT = ("a deadlocked run and a run whose drain cannot complete (a measured packet in the network longer than "
              "stuck_cycles and one held by a deadlock: a partial deadlock, decision 'stuck') unstable, the searches "
              "at any VC at every hop from the coarse grid up (docs/run_control.md, item 7)")
UGAL_NOTE = ("the paper does not give its UGAL-L's bias to minimal routes or its VC assignment, which set how often "
             "it leaves minimal paths (the authors' BookSim configuration names ugall4_pf, which keeps the minimal "
             "port while its occupancy is below 2/3 of a VC buffer; ours compares occupancy x hops with ties to the "
             "minimal route, no threshold; measured effect: 'UGAL-L's bias to the minimal route' below)")
SCALE_TEXT = {"stand-in": "scaled-down quick-profile analogues of Table 3", "paper": "Table 3 configurations",
              "paper-network": "Table 3 configurations"}
_PATTERNS = ("uniform", "randperm", "bitrev", "shuffle", "adversarial")
_ALL = ("PS-IQ", "PS-Pal", "BF", "HX", "DF", "SF", "MF", "FT")


@dataclasses.dataclass(frozen=True)
class SatClaim:
    """One PolarStar Sec. 9.5 / 9.6 statement about Fig. 9 / 10 saturation loads: what it compares and how.

    ``keys`` are the searches it compares, as (network label, routing role, traffic); ``judge(v, res, ctx)`` takes
    ``v`` = {(label, role, traffic): saturation load}, the search resolution ``res`` and context ``ctx``
    (``rule``, ``bounds``), and returns ``(our_value, details, explanation)``."""

    claim_id: str
    paper: str
    what: str
    paper_value: Any
    tolerance: Any
    keys: tuple
    judge: Callable[[dict, float, dict], tuple[Any, dict, str]]
    figure: str = "05_polarstar_saturation"
    note: str = ""
    scale_in_text: bool = False  # the statement text names the scale ("... (Table 3 configurations)")


def _by_label(v: dict, role: str, traffic: str) -> dict[str, float]:
    return {lab: x for (lab, r, t), x in v.items() if (r, t) == (role, traffic)}


def _fig9a(lab):
    def judge(v, res, ctx):
        return v[(lab, "min", "uniform")], {"tol": res}, ""
    return judge


def _ugal_range(lab):
    def judge(v, res, ctx):  # one statement over the five patterns: every pattern's saturation load in the range
        vals = {tr: v[(lab, "ugal", tr)] for tr in _PATTERNS}
        return list(vals.values()), {"per_pattern": vals, "patterns": list(_PATTERNS), "tol": res}, ""
    return judge


def _poor_shuffle(v, res, ctx):
    sh = _by_label(v, "ugal", "shuffle")
    best_poor = max(sh[x] for x in ("DF", "MF"))
    worst_rest = min(sh[x] for x in sh if x not in ("DF", "MF"))
    return bool(best_poor < worst_rest), {"max_df_mf": best_poor, "min_others": worst_rest}, ""


def _marginally_better(v, res, ctx):
    u = _by_label(v, "min", "uniform")
    ok = (all(u[a] + res >= u[p] for a in ("SF", "BF") for p in PSX)
          and max(u["SF"], u["BF"]) <= 1.1 * max(u[p] for p in PSX) + res)
    return bool(ok), {"saturation": u}, ""


def _beats_df(v, res, ctx):
    u = _by_label(v, "ugal", "uniform")
    ok = all(u[p] > 1.1 * u["DF"] and abs(u[p] - u["BF"]) <= 0.1 * u["BF"] + res for p in PSX)
    return bool(ok), {"saturation": u, "resolution": res}, ""


def _mf_bitrev(v, res, ctx):
    b = _by_label(v, "ugal", "bitrev")
    return bool(all(b["MF"] + res >= b[p] for p in PSX)), {"saturation": b}, ""


def _hx_sf_top(v, res, ctx):
    from .simulation import leaders

    tops = {panel: leaders(_by_label(v, role, tr), res) for panel, (tr, role, _) in FIG9.items()}
    return sum(bool({"HX", "SF"} & set(t)) for t in tops.values()) >= 4, {"top_per_panel": tops}, ""


def _single_minpath(v, res, ctx):
    single = _by_label(v, "min-single", "uniform")
    below = all(single[a] < single[p] for a in ("SF", "BF") for p in PSX)
    b9b = ctx.get("bounds") or {}
    bound_below = set(b9b) >= {*PSX, "SF", "BF"} and all(b9b[a] < b9b[p] for a in ("SF", "BF") for p in PSX)
    why = ""
    if not below and ctx.get("scale") == "paper" and ctx.get("rule") == "fixed" and bound_below:
        why = ("the worst-arc channel-load bounds of the same single-path tables order the four as the paper says ("
               + ", ".join(f"{k} {b9b[k]:.3f}" for k in (*PSX, "SF", "BF")) + "); the measured saturation loads ("
               + ", ".join(f"{k} {single[k]}" for k in (*PSX, "SF", "BF")) + ") do not, because the fixed-window rule "
               "reads aggregate throughput and lets runs past a few overloaded arcs count as stable (BF measured at "
               f"{single['BF'] / b9b['BF']:.0%} of its bound; bounds cell)")
    return bool(below), {"saturation": single, "bound": b9b}, why


def _adv_lowest(role):
    def judge(v, res, ctx):
        adv = _by_label(v, role, "adversarial")
        return bool(max(adv["DF"], adv["MF"]) < min(adv["BF"], *(adv[p] for p in PSX))), {"saturation": adv}, ""
    return judge


def _adv_ps_iq(role):
    def judge(v, res, ctx):
        adv = _by_label(v, role, "adversarial")
        return bool(adv["PS-IQ"] > adv["BF"] and adv["PS-IQ"] > adv["PS-Pal"]), {"saturation": adv}, ""
    return judge


def section_claims() -> list[SatClaim]:
    """The section's saturation claims (notebook 05, PolarStar Fig. 9 / 10), in the order they are recorded."""
    out = []
    for lab in PSX:
        out += [
            SatClaim(f"ps-fig9a-{lab}-uniform-min", "PolarStar Fig. 9a / Sec. 9.5",
                     f"{lab} sustains > 75% load, uniform traffic, MIN", (0.75, 1.0), "range",
                     ((lab, "min", "uniform"),), _fig9a(lab), figure="05_polarstar_fig9", scale_in_text=True),
            SatClaim(f"ps-fig9-{lab}-ugal-range", "PolarStar Sec. 9.5",
                     f"{lab} with UGAL sustains 0.4-0.6 of full load across patterns (every one of uniform, random "
                     "permutation, bit reverse, bit shuffle, adversarial in the range)", (0.4, 0.6),
                     "range", tuple((lab, "ugal", tr) for tr in _PATTERNS), _ugal_range(lab), note=UGAL_NOTE),
        ]
    out += [
        SatClaim("ps-fig9f-df-mf-poor-shuffle", "PolarStar Fig. 9f / Sec. 9.5",
                 "DF and MF are the worst on bit shuffle: max(DF, MF) saturation < min(other topologies)", True, None,
                 tuple((x, "ugal", "shuffle") for x in _ALL), _poor_shuffle),
        SatClaim("ps-sec95-sf-bf-marginally-better-uniform-min", "PolarStar Sec. 9.5 / Fig. 9a",
                 "SF (SpectralFly) and BF with all minimal paths marginally better than PS-* under uniform MIN: "
                 "neither below either PolarStar and at most 10% above the better one (within the search resolution)",
                 True, None, tuple((x, "min", "uniform") for x in (*PSX, "SF", "BF")), _marginally_better),
        SatClaim("ps-sec95-ps-beats-df-matches-bf-uniform-ugal", "PolarStar Sec. 9.5 / Fig. 9c",
                 "Under UGAL the PolarStars are significantly better than DF (> 10%) and comparable to BF (within 10%)",
                 True, None, tuple((x, "ugal", "uniform") for x in (*PSX, "DF", "BF")), _beats_df, note=UGAL_NOTE),
        SatClaim("ps-sec95-mf-better-on-bitrev", "PolarStar Sec. 9.5 / Fig. 9e",
                 "MF better than the PolarStars on bit reverse (UGAL; within the search resolution)", True, None,
                 tuple((x, "ugal", "bitrev") for x in (*PSX, "MF")), _mf_bitrev),
        SatClaim("ps-sec95-hx-sf-highest-most-patterns", "PolarStar Sec. 9.5 / Fig. 9",
                 "HX and SF sustain the highest injection on most Fig. 9 panels (HX or SF among the top, within the "
                 "search resolution, in at least 4 of the 6)", True, None,
                 tuple((x, role, tr) for tr, role, _ in FIG9.values() for x in _ALL), _hx_sf_top),
        SatClaim("ps-fig9b-sf-bf-subpar-single-minpath", "PolarStar Sec. 9.5 / Fig. 9b",
                 "SF and BF subpar with a single minimal path: both saturate below both PolarStars (uniform, "
                 "min-single)", True, None, tuple((x, "min-single", "uniform") for x in (*PSX, "SF", "BF")),
                 _single_minpath),
    ]
    adv = ("DF", "MF", "BF", *PSX)
    for role in ("min", "ugal"):
        keys = tuple((x, role, "adversarial") for x in adv)
        out += [
            SatClaim(f"ps-fig10-df-mf-lowest-{role}", "PolarStar Sec. 9.6 / Fig. 10",
                     f"Adversarial traffic, {role.upper()}: DF and MF saturate lowest, BF and the PolarStars higher",
                     True, None, keys, _adv_lowest(role)),
            SatClaim(f"ps-fig10-ps-iq-beats-bf-ps-pal-{role}", "PolarStar Sec. 9.6 / Fig. 10",
                     f"Adversarial traffic, {role.upper()}: PS-IQ saturates above BF and PS-Pal", True, None, keys,
                     _adv_ps_iq(role)),
        ]
    return out


def routed_key(recs: dict[str, S.Recipe], key: tuple[str, str, str]) -> tuple[str, str, str]:
    """(label, role, traffic) -> (label, routing registry name, traffic) on the networks ``recs``."""
    lab, role, tr = key
    return lab, routing_of(recs[lab], role), tr


def judge(claim: SatClaim, table: dict, recs: dict[str, S.Recipe], res: float, **ctx: Any) -> dict[str, Any] | None:
    """``claim`` judged on ``table`` = {(label, routing, traffic): (saturation load, search done)}: the keyword
    arguments of :func:`lowdiam.claims.record` (without scale), or ``None`` when a search it compares is missing or
    not done."""
    got = _judge_keys(claim, [routed_key(recs, k) for k in claim.keys], table, res, **ctx)
    return None if got is None else {**got, "figure": claim.figure}


#: the figure of the PolarStars' UGAL-L at hop-indexed VCs and at the paper's 4 VCs (drawn by
#: :func:`lowdiam.studies.polarstar_figures.write_vcs_figure`)
VCS_FIGURE = "05_polarstar_ugal_vcs_paper"
#: the VCs of the :data:`PAPER_VCS_GROUPS`' searches, as a claim's note names them
PAPER_VCS_TEXT = ("the paper's 4 VCs of 32 flits (Sec. 9.4: 4 VCs, 128 flits per port), assigned as the authors' "
                  "polarstarconfig assigns them, any VC at every hop (the paper does not say)")


def at_paper_vcs(claim: SatClaim) -> bool:
    """True when ``claim`` compares paper-text UGAL-L searches: the statements the :data:`PAPER_VCS_GROUPS` re-derive
    with those searches at the paper's VCs, every network at its own (:func:`paper_vcs_sim`).  Its MIN searches, if
    any, stay at the section's hop-indexed VCs, as in every MIN statement: each comparison (a Fig. 9 panel: one
    pattern, one routing) is at one VC assignment (:func:`paper_vcs_table`).

    Examples
    --------
    >>> [c.claim_id for c in section_claims() if at_paper_vcs(c)]  # doctest: +NORMALIZE_WHITESPACE
    ['ps-fig9-PS-IQ-ugal-range', 'ps-fig9-PS-Pal-ugal-range', 'ps-fig9f-df-mf-poor-shuffle',
     'ps-sec95-ps-beats-df-matches-bf-uniform-ugal', 'ps-sec95-mf-better-on-bitrev',
     'ps-sec95-hx-sf-highest-most-patterns', 'ps-fig10-df-mf-lowest-ugal', 'ps-fig10-ps-iq-beats-bf-ps-pal-ugal']
    """
    return any(k[1] == "ugal" for k in claim.keys)


def paper_vcs_table(claim: SatClaim, recs: dict[str, S.Recipe], booksim: dict, paper_vcs: dict) -> dict:
    """The searches ``claim`` is judged on at the paper's VCs, ``{(label, routing, traffic): (load, done)}``: its
    UGAL-L searches from ``paper_vcs`` (:data:`PAPER_VCS_LOG`), its others from ``booksim`` (:data:`RULE_LOG`, the
    section's hop-indexed VCs); a search in neither is left out.

    Examples
    --------
    >>> t3 = {r.label: r for r in table3("paper")}
    >>> c = next(c for c in section_claims() if c.claim_id == "ps-sec95-hx-sf-highest-most-patterns")
    >>> hop = {routed_key(t3, k): (0.5, True) for k in c.keys}
    >>> vcs = {routed_key(t3, k): (0.4, True) for k in c.keys}
    >>> got = paper_vcs_table(c, t3, hop, vcs)
    >>> got[("HX", "min", "uniform")], got[("HX", "ugal", "uniform")], len(got) == len(c.keys)
    ((0.5, True), (0.4, True), True)
    """
    out = {}
    for k in claim.keys:
        rk = routed_key(recs, k)
        src = paper_vcs if k[1] == "ugal" else booksim
        if rk in src:
            out[rk] = src[rk]
    return out


RULE_TEXT = {
    "booksim": "BookSim2's run control (run_control='booksim': sample periods of 1000 cycles, 3 warm-up periods, "
               "convergence within 5 %, at most 8 samples, latency threshold 500 cycles; docs/run_control.md)",
    "fixed": "fixed windows and the project's throughput rule (run_control='fixed': accepted >= 95 % of offered "
             "and drained)",
}


def verdicts(*, booksim: dict, fixed: dict, paper_recs: dict[str, S.Recipe], stand_in: dict | None = None,
             stand_in_recs: dict[str, S.Recipe] | None = None, stand_in_res: float | None = None,
             stand_in_text: str = "", windows: str = "3000+5000-cycle windows", router_speedup: float = 2.0,
             bounds: dict | None = None, paper_vcs: dict | None = None,
             paper_vcs_decisions: dict | None = None, mf_probe: dict | None = None) -> list[dict[str, Any]]:
    """Every section claim as the keyword arguments of :func:`lowdiam.claims.record`, scale included.

    A claim is judged on the recorded paper-scale searches under BookSim2's rule (``booksim``) once every search
    it compares is done there; until then on the recorded paper-scale searches under the fixed-window rule
    (``fixed``), saying how many of the BookSim-rule searches are done; without those, on ``stand_in`` (this run's
    searches on ``stand_in_recs``, fixed rule, resolution ``stand_in_res``; ``stand_in_text`` names them).  The
    note names the routings, the router model and the rule; ``details["run_control"]`` the rule.  Scale: ``"paper"``
    under BookSim2's rule (the paper's simulator's) with minimal routings, ``"paper-network"`` under the fixed rule
    or with UGAL (more VCs than the paper's 4; each difference listed in ``differs``), ``"stand-in"`` on the
    stand-ins.  The figure of a claim judged at paper scale is the paper-scale Fig. 10 when it compares adversarial
    runs only, else Fig. 9 (:data:`PAPER_FIGURES`, drawn by :mod:`lowdiam.studies.polarstar_figures`; suffixed
    ``_booksim_rule`` under BookSim2's rule).

    ``paper_vcs`` (the same form; :data:`PAPER_VCS_LOG`): the searches at the paper's VCs (:func:`paper_vcs_sim`:
    DF 3, MF 2, the others 4).  A statement that compares UGAL-L runs (:func:`at_paper_vcs`) is judged on them (its
    MIN runs, if any, at hop-indexed VCs from ``booksim``: :func:`paper_vcs_table`) once all it compares are done,
    at scale ``"paper"``; its judgement at hop-indexed VCs then follows as a sensitivity row (``<id>-hop-vcs``).
    Until then it is judged as above and its note says how many of those searches are done.  ``paper_vcs_decisions``
    ({key: decision}, :func:`first_unstable_decisions`): what decided each of those searches' first unstable load,
    named in the note.  ``mf_probe`` (the same form): the Megafly's searches at 3 VCs with BookSim's Dragonfly
    classes (:func:`mf_probe_sim`); a statement judged at the paper's VCs that compares MF is judged again with MF's
    searches from it, as a sensitivity row (``<id>-mf-3vcs``), and when that reading holds the statement where the
    paper's-VC one does not, the paper's-VC row says so as its explanation (MF's 2-VC assignment is ours)."""
    out = []
    for c in section_claims():
        row = _verdict(c, booksim=booksim, fixed=fixed, paper_recs=paper_recs, stand_in=stand_in,
                       stand_in_recs=stand_in_recs, stand_in_res=stand_in_res, stand_in_text=stand_in_text,
                       windows=windows, router_speedup=router_speedup, bounds=bounds)
        if not at_paper_vcs(c) or paper_vcs is None:
            out.append(row)
            continue
        keys = [routed_key(paper_recs, k) for k in c.keys]
        ugal = [rk for k, rk in zip(c.keys, keys) if k[1] == "ugal"]  # the searches at the paper's VCs
        mixed = len(ugal) < len(keys)  # MIN searches too, at hop-indexed VCs
        table = paper_vcs_table(c, paper_recs, booksim, paper_vcs)
        vcs_text = paper_vcs_text(k[0] for k in ugal)
        if mixed:
            vcs_text = f"UGAL-L at {vcs_text}; MIN at the section's hop-indexed VCs of 32 flits"
        got = judge(c, table, paper_recs, PAPER_TOL, rule="booksim", scale="paper", bounds=bounds)
        if got is None:
            done = sum(bool(paper_vcs.get(k, (0, False))[1]) for k in ugal)
            row["note"] += (f"; its re-derivation at the paper's VCs ({vcs_text}) is pending: {done} of its "
                            f"{len(ugal)} {'UGAL-L ' if mixed else ''}searches done "
                            f"(results/paper/05_simulation/{PAPER_VCS_LOG}.csv)"
                            + (f", {sum(bool(table.get(k, (0, False))[1]) for k in keys) - done} of its "
                               f"{len(keys) - len(ugal)} MIN searches (results/paper/05_simulation/{RULE_LOG}.csv)"
                               if mixed else ""))
            out.append(row)
            continue
        decided = _decided(ugal, paper_vcs_decisions, several=len({k[0] for k in keys}) > 1)
        ran = (f"ran: routing {', '.join(sorted({k[1] for k in keys}))} on the BookSim model (internal speedup "
               f"{router_speedup}, {vcs_text}, 4-flit packets); stable/unstable by "
               f"{RULE_TEXT['booksim']}, {STUCK_TEXT}"
               + (f"; the first unstable UGAL-L load decided by: {decided}" if decided and mixed else
                  f"; the first unstable load decided by: {decided}" if decided else "")
               + f"; searches: results/paper/05_simulation/{PAPER_VCS_LOG}.csv"
               + (f" (UGAL-L), {RULE_LOG}.csv (MIN)" if mixed else ""))
        got["note"] = "; ".join(n for n in (got["note"], ran) if n)
        got["routing"] = row["routing"]
        got["figure"] = VCS_FIGURE
        probe = _mf_probe_row(c, got, ugal, table, mf_probe or {}, paper_recs, bounds)
        if probe is not None and not _holds(c, got) and _holds(c, probe):
            got["explanation"] = (f"MF's 2 VCs are assigned one per phase here, an assignment of ours (the paper gives "
                                  f"the count, not the assignment); with 3 VCs of 43 flits and BookSim's Dragonfly "
                                  f"classes, the same 128 flits per port, the statement holds ({_values(probe)}; row "
                                  f"{probe['claim_id']})")
        out.append({**got, "scale": "paper"})
        out.append({**row, "claim_id": f"{c.claim_id}-hop-vcs", "what": f"{row['what']} [hop-indexed VCs]",
                    "sensitivity_of": c.claim_id})
        if probe is not None:
            out.append(probe)
    return out


def _holds(c: SatClaim, got: dict[str, Any]) -> bool:
    """True when ``got``'s value satisfies the statement (its status would be ``"match"``)."""
    from ..claims import compare

    return bool(compare(c.paper_value, got["our_value"], c.tolerance))


def _values(got: dict[str, Any]) -> str:
    """The saturation loads a judgement compared, for a note (its ``details["saturation"]`` when it has them)."""
    sat = got["details"].get("saturation")
    return ", ".join(f"{k} {v:g}" for k, v in sat.items()) if isinstance(sat, dict) else f"value {got['our_value']}"


def _mf_probe_row(c: SatClaim, got: dict[str, Any], keys: list, paper_vcs: dict, mf_probe: dict,
                  paper_recs: dict[str, S.Recipe], bounds: dict | None) -> dict[str, Any] | None:
    """``c`` judged with the Megafly's searches from ``mf_probe`` (:func:`mf_probe_sim`) and the rest from
    ``paper_vcs``, as a sensitivity row, or ``None`` when ``c`` compares no MF search or those are not all done."""
    mf = [k for k in keys if k[0] == "MF"]
    if not mf or not all(mf_probe.get(k, (0, False))[1] for k in mf):
        return None
    alt = judge(c, {**paper_vcs, **{k: mf_probe[k] for k in mf}}, paper_recs, PAPER_TOL, rule="booksim",
                scale="paper", bounds=bounds)
    if alt is None:
        return None
    vcs, flits, selection = MF_PROBE_VCS
    return {**alt, "claim_id": f"{c.claim_id}-mf-3vcs", "what": f"{c.what} [MF at {vcs} VCs, Dragonfly classes]",
            "sensitivity_of": c.claim_id, "scale": "paper-network", "routing": got["routing"],
            "differs": [f"MF at {vcs} VCs of {flits} flits, VC selection {selection!r} (BookSim's Dragonfly classes; "
                        "paper: 2 VCs, assignment not given)"],
            "note": "; ".join(n for n in (alt["note"], f"ran: as the row {c.claim_id}, with MF's searches at {vcs} "
                                                       f"VCs of {flits} flits, VC selection {selection!r} "
                                                       f"(results/paper/05_simulation/{PAPER_VCS_LOG}.csv)") if n),
            "figure": VCS_FIGURE}


def _decided(keys, decisions: dict | None, *, several: bool) -> str:
    """A note's list of what decided the first unstable load of each of ``keys`` found in ``decisions``
    (:func:`first_unstable_decisions`), the network named when ``several`` networks are compared.

    >>> _decided([("A", "ugal", "uniform"), ("B", "ugal", "uniform")], {("A", "ugal", "uniform"): "stuck"},
    ...          several=True)
    'A uniform stuck'
    """
    why = decisions or {}
    return ", ".join(f"{k[0] + ' ' if several else ''}{k[2]} {why[k]}" for k in keys if k in why)


def first_unstable_decisions(records, wait_for: dict | None = None) -> dict[tuple[str, str, str], str]:
    """``{(label, routing, traffic): decision}`` of the run at each configuration's first unstable load in sweep
    ``records`` (:func:`brackets_from_records`), for those that have one; where a run above that load is stable (the
    decision is not monotone in load: a partial deadlock at any VC at every hop), the decision ends with the loads
    stable above it, so a note can say so.  ``wait_for`` ({(label, routing, traffic, load, seed): analysis},
    :func:`lowdiam.studies.stuck_runs.by_run`): what held a ``"stuck"`` run, where it was analysed.

    Examples
    --------
    >>> runs = [{"label": "A", "routing": "ugal", "traffic": "uniform", "load": x, "saturated": x > 0.5,
    ...          "decision": d} for x, d in ((0.5, "converged"), (0.6, "stuck"), (0.7, "latency-threshold"))]
    >>> first_unstable_decisions(runs)
    {('A', 'ugal', 'uniform'): 'stuck'}
    >>> runs.append({**runs[0], "load": 0.65, "saturated": False})
    >>> first_unstable_decisions(runs)
    {('A', 'ugal', 'uniform'): 'stuck (stable again above it at 0.65)'}
    """
    records = list(records)
    out = {}
    for key, (_, bad) in brackets_from_records(records).items():
        if bad is None:
            continue
        mine = [r for r in records if (r["label"], r["routing"], r["traffic"]) == key]
        run = next(r for r in mine if float(r["load"]) == bad)
        why = str(run.get("decision") or "")
        said = []
        held = (wait_for or {}).get((*key, bad, int(run.get("seed", 0))))
        if held is not None and why in ("stuck", "deadlock"):  # not a run since rerun under another rule
            from .stuck_runs import what_held

            said.append(what_held(held))
        above = sorted({float(r["load"]) for r in mine if not r["saturated"] and float(r["load"]) > bad})
        if above:
            said.append(f"stable again above it at {', '.join(f'{x:g}' for x in above)}")
        out[key] = why + (f" ({'; '.join(said)})" if said else "")
    return out


def _verdict(c: SatClaim, *, booksim: dict, fixed: dict, paper_recs: dict[str, S.Recipe], stand_in: dict | None,
             stand_in_recs: dict[str, S.Recipe] | None, stand_in_res: float | None, stand_in_text: str, windows: str,
             router_speedup: float, bounds: dict | None) -> dict[str, Any]:
    """One statement judged at the section's settings, as :func:`verdicts` describes."""
    keys = [routed_key(paper_recs, k) for k in c.keys]
    routings = ", ".join(sorted({k[1] for k in keys}))
    done = sum(bool(booksim.get(k, (0, False))[1]) for k in keys)
    got, rule = judge(c, booksim, paper_recs, PAPER_TOL, rule="booksim", scale="paper", bounds=bounds), "booksim"
    at: dict[str, Any] = {"scale": "paper"}
    if got is None:
        rule = "fixed"
        got = judge(c, fixed, paper_recs, PAPER_TOL, rule="fixed", scale="paper", bounds=bounds)
        pending = (f"; the re-derivation under BookSim2's rule is pending: {done} of its {len(keys)} searches "
                   f"done (results/paper/05_simulation/{RULE_LOG}.csv)")
    else:
        pending = ""
    if got is None:
        if stand_in is None:
            raise ValueError(f"claim {c.claim_id}: no done paper-scale searches and no stand-in table")
        got = judge(c, stand_in, stand_in_recs, stand_in_res, rule="fixed", scale="stand-in", bounds=bounds)
        at = {"scale": "stand-in", "stand_in": stand_in_text}
        routings = ", ".join(sorted({routed_key(stand_in_recs, k)[1] for k in c.keys}))
    ran = (f"ran: routing {routings} on the BookSim model (internal speedup {router_speedup}, hop-indexed VCs, "
           f"4-flit packets, 32 flits per VC); stable/unstable by {RULE_TEXT[rule]}"
           + (f", {windows}" if rule == "fixed" and at["scale"] == "paper" else "") + pending)
    differs = [] if at["scale"] != "paper" else (
        ([f"fixed {windows} and the 95 % throughput rule (paper: BookSim2's own run control, Fig. 9 caption)"]
         if rule == "fixed" else [])
        + ([UGAL_VCS] if any(k[1] in ("ugal", "df-ugal") for k in keys) else []))
    if differs:  # the paper's networks, but not all of its settings
        at = {"scale": "paper-network", "differs": differs}
    if c.scale_in_text:
        got["what"] = f"{got['what']} ({SCALE_TEXT[at['scale']]})"
    got["note"] = "; ".join(n for n in (got["note"], ran) if n)
    got["routing"] = routings  # registry names (the note says what they do and on which model)
    if at["scale"] != "stand-in":  # the paper-scale figure that plots the runs it compares
        got["figure"] = (PAPER_FIGURES[all(k[2] == "adversarial" for k in keys)]
                         + ("_booksim_rule" if rule == "booksim" else ""))
    return {**got, **at}


def _cell(c: SatClaim, got: dict[str, Any] | None, keys: list, table: dict) -> tuple[Any, str]:
    """(value, status) of one column of a side-by-side table: the judged value (floats to 5 digits) and its status,
    or ``None`` and how many of the searches ``keys`` are done in ``table``."""
    from ..claims import derive_status

    if got is None:
        done = sum(bool(table.get(k, (0, False))[1]) for k in keys)
        return None, f"pending ({done} of {len(keys)} searches done)"
    v = got["our_value"]
    return (v if not isinstance(v, float) else round(v, 5)), derive_status(c.paper_value, v, c.tolerance,
                                                                           got["explanation"])


def rule_sensitivity(fixed: dict, booksim: dict, recs: dict[str, S.Recipe], *, res: float = PAPER_TOL,
                     bounds: dict | None = None) -> list[dict[str, Any]]:
    """Every section claim under the fixed-window rule and under BookSim2's rule, side by side, from the recorded
    paper-scale searches ``fixed`` and ``booksim`` ({(label, routing, traffic): (saturation load, done)}).  A rule
    whose searches are not all done shows how many are."""

    rows = []
    for c in section_claims():
        row = {"claim": c.claim_id, "paper": c.paper_value}
        for rule, table in (("fixed", fixed), ("booksim", booksim)):
            got = judge(c, table, recs, res, rule=rule, scale="paper", bounds=bounds)
            row[f"{rule}_value"], row[f"{rule}_status"] = _cell(c, got, [routed_key(recs, k) for k in c.keys], table)
        row["changed"] = (None if row["booksim_value"] is None or row["fixed_value"] is None
                          else row["fixed_status"] != row["booksim_status"])
        rows.append(row)
    return rows


#: the PolarStar authors' public code (IntelLabs/PolarFly ``polarfly/booksim``): the routing function it runs on a
#: PolarStar for a role the paper's text names; the fork's ``scripts/simulate.py`` offers ``min`` and
#: ``ugall4_pf`` ("for Polarfly and its extensions only") on anynet networks, so the other networks keep the
#: paper-text routing in this column
AUTHORS_ROLE = {"min": "min-single", "ugal": "ugal-pf"}
#: the traffic pattern the authors' public code runs for a pattern the paper's text names, where they differ: the
#: fork's ``randperm`` (``RandomPermutationTrafficPattern``, ``src/traffic.cpp``, which ``run_simulation.py`` passes
#: through) is a uniformly random permutation of the endpoints, our ``server_perm``; the paper's (Sec. 9.4) permutes
#: routers, our ``randperm``.  Its ``uniform`` also counts the source among the destinations (a 1 / 5,320 share on
#: PS-IQ(11,3): +0.019 % on the uniform MIN channel-load bound, ``docs/cross_validation.md``), not run here
AUTHORS_TRAFFIC = {"randperm": "server_perm"}
AUTHORS_TEXT = ("the authors' public code (IntelLabs/PolarFly polarfly/booksim, polarstarconfig: on the PolarStars "
                "anynet min = min-single, one Dijkstra path per router pair, lowest router id first, and ugall4_pf = "
                "ugal-pf, both with the config's 4 VCs and any VC at every hop, on our router numbering; on the "
                "Dragonfly its dragonflynew routings at its 3 VCs of 43 flits, VC = phase: min_dragonflynew = df-min "
                "(also for the single minimal path), ugal_dragonflynew = df-ugal with one random intermediate and the "
                "minimal route while q_min <= 2 q_val - 30; the other networks' routings as under the paper's text, "
                "UGAL-L at the paper's VCs (BF, HX, SF, FT: 4 of 32 flits, any VC at every hop, as the authors' "
                "anynet configurations; MF: 2 of 64, one per phase), MIN at hop-indexed VCs; its random permutation of "
                "endpoints, server_perm, where the paper permutes routers)")
#: the networks the authors' public code routes itself (their searches are in :data:`AUTHORS_LOG`): the PolarStars
#: (anynet, :func:`authors_sim`) and the Dragonfly (dragonflynew, :func:`authors_df_sim`)
AUTHORS_OWN = (*PSX, "DF")


def authors_key(recs: dict[str, S.Recipe], key: tuple[str, str, str]) -> tuple[str, str, str]:
    """(label, role, traffic) -> (label, routing, traffic) under the authors' public code: a PolarStar's role
    through :data:`AUTHORS_ROLE`, the Dragonfly's through :data:`AUTHORS_DF_ROLE` (its searches run at
    :func:`authors_df_sim`), every other network's as under the paper's text (:func:`routed_key`), and the pattern
    through :data:`AUTHORS_TRAFFIC` on every network."""
    return routed_key(recs, _authors_role_key(key))


def _authors_role_key(key: tuple[str, str, str]) -> tuple[str, str, str]:
    """(label, role, traffic) under the authors' public code, still as a role: :data:`AUTHORS_ROLE` on the
    PolarStars, :data:`AUTHORS_DF_ROLE` on the Dragonfly, :data:`AUTHORS_TRAFFIC` on every network."""
    lab, role, tr = key
    if lab in PSX:
        role = AUTHORS_ROLE.get(role, role)
    elif lab == "DF":
        role = AUTHORS_DF_ROLE[role]
    return lab, role, AUTHORS_TRAFFIC.get(tr, tr)


def authors_claim(claim: SatClaim) -> SatClaim | None:
    """``claim`` with every PolarStar search under the authors' routing, every Dragonfly search under the fork's
    (:data:`AUTHORS_DF_ROLE`, at :func:`authors_df_sim`) and every search under the authors' traffic pattern
    (:data:`AUTHORS_TRAFFIC`), or ``None`` when that changes no search: no key changes and none is of a network the
    authors' code routes itself (:data:`AUTHORS_OWN`), whose searches run at the fork's settings even where the
    routing is the same (the single-path statement of Fig. 9b: the authors' ``min`` is ``min-single``, but on the
    PolarStars at the fork's 4 VCs, any VC at every hop, where the text's runs use hop-indexed VCs).

    Examples
    --------
    >>> c = {x.claim_id: x for x in section_claims()}
    >>> authors_claim(c["ps-fig9a-PS-IQ-uniform-min"]).keys
    (('PS-IQ', 'min-single', 'uniform'),)
    >>> fig9b = c["ps-fig9b-sf-bf-subpar-single-minpath"]
    >>> authors_claim(fig9b).keys == fig9b.keys  # same routings; the PolarStars' runs at the fork's settings
    True
    """
    keys = tuple(_authors_role_key(k) for k in claim.keys)
    if keys == claim.keys and not any(k[0] in AUTHORS_OWN for k in keys):
        return None
    remap = dict(zip(claim.keys, keys))

    def judge(v, res, ctx):  # the statement's own judge, fed the authors' runs under the paper-text keys
        return claim.judge({k: v[remap[k]] for k in claim.keys}, res, ctx)

    return dataclasses.replace(claim, keys=keys, judge=judge)


def authors_configs(recs: Sequence[S.Recipe]) -> list[tuple[S.Recipe, str, str]]:
    """(recipe, routing, traffic) of every search the authors'-code column needs beyond the paper-text searches
    (:func:`fig9_configs`, :func:`fig10_configs`), in the order of the claims: every PolarStar search (at the
    authors' settings, :func:`authors_sim`), every Dragonfly search (the fork's, :func:`authors_df_sim`) and the
    other networks' searches under the authors' traffic."""
    t = {r.label: r for r in recs}
    base = {(r.label, rt, tr) for r, rt, tr in fig9_configs(recs) + fig10_configs(recs)
            if r.label not in AUTHORS_OWN}
    out, seen = [], set(base)
    for c in section_claims():
        for key in c.keys:
            lab, rt, tr = authors_key(t, key)
            if (lab, rt, tr) not in seen:
                seen.add((lab, rt, tr))
                out.append((t[lab], rt, tr))
    return out


def authors_code(booksim: dict, recs: dict[str, S.Recipe], *, authors: dict, res: float = PAPER_TOL,
                 bounds: dict | None = None, paper_vcs: dict | None = None,
                 decisions: dict | None = None) -> list[dict[str, Any]]:
    """Every section claim under the paper's text and under the authors' public code (:data:`AUTHORS_TEXT`),
    side by side, both under BookSim2's rule from the recorded paper-scale searches ``booksim``
    ({(label, routing, traffic): (saturation load, done)}; :data:`RULE_LOG`) and, for the networks the authors' code
    routes itself (:data:`AUTHORS_OWN`), ``authors`` (the same form; :data:`AUTHORS_LOG`: :func:`authors_runs`); a
    column whose searches are not all done shows how many are; the other networks' UGAL-L searches come from
    ``paper_vcs`` in both columns (:func:`_authors_table`).  The claims whose runs the authors' code does not
    change are left out.
    ``paper_vcs`` (the same form; :data:`PAPER_VCS_LOG`): the paper-text column of a statement :func:`verdicts` judges
    at the paper's 4 VCs reads these searches once all it compares are done there (``text_vcs`` says which).
    ``decisions`` ({(label, routing, traffic): decision}, :func:`first_unstable_decisions` of the authors' runs): what
    decided the first unstable load of the PolarStars' searches at the authors' settings; the authors'-code row's
    note lists them (a ``"stuck"`` run with what held it, where analysed).

    Returns
    -------
    list of dict
        ``claim``, ``paper``, ``text_value``, ``text_status``, ``text_routing``, ``text_vcs`` (``"hop-indexed"`` or
        the paper's VCs, e.g. ``"4, any VC"``: :data:`PAPER_UGAL_VCS`), ``authors_value``,
        ``authors_status``, ``authors_routing``, ``changed`` (the two statuses differ; ``None`` while either is
        pending), and ``record``: the keyword arguments of :func:`lowdiam.claims.record` of the authors'-code row
        (``None`` while pending).
    """

    rows = []
    for c in section_claims():
        a = authors_claim(c)
        if a is None:
            continue
        row: dict[str, Any] = {"claim": c.claim_id, "paper": c.paper_value}
        got_a = None
        for col, claim in (("text", c), ("authors", a)):
            keys = [authors_key(recs, k) if col == "authors" else routed_key(recs, k) for k in c.keys]
            row[f"{col}_routing"] = ", ".join(sorted({k[1] for k in keys}))
            at_vcs = (paper_vcs_table(c, recs, booksim, paper_vcs) if col == "text" and at_paper_vcs(c)
                      and paper_vcs is not None else {})
            four = bool(at_vcs) and all(at_vcs.get(k, (0, False))[1] for k in keys)
            if col == "text":
                ugal = [rk[0] for k, rk in zip(c.keys, keys) if k[1] == "ugal"]
                row["text_vcs"] = ("hop-indexed" if not four else _vcs_label(ugal) if len(ugal) == len(keys)
                                   else f"UGAL-L {_vcs_label(ugal)}; MIN hop-indexed")
            # the paper-text column at the verdict's VCs; the authors' column: the PolarStars' runs at their settings
            table = (at_vcs if four else booksim) if col == "text" else _authors_table(c, recs, booksim, authors,
                                                                                       paper_vcs)
            got = _judge_keys(claim, keys, table, res, rule="booksim", scale="paper", bounds=bounds)
            row[f"{col}_value"], row[f"{col}_status"] = _cell(c, got, keys, table)
            if col == "authors":
                got_a = got
        row["changed"] = (None if row["text_value"] is None or row["authors_value"] is None
                          else row["text_status"] != row["authors_status"])
        own = [authors_key(recs, k) for k in c.keys if k[0] in AUTHORS_OWN]
        decided = _decided(own, decisions, several=len({k[0] for k in own}) > 1)
        row["record"] = None if got_a is None else _authors_record(c, got_a, row["authors_routing"], decided)
        rows.append(row)
    return rows


def _authors_table(c: SatClaim, recs: dict[str, S.Recipe], booksim: dict, authors: dict,
                   paper_vcs: dict | None) -> dict:
    """The searches the authors'-code column judges ``c`` on, keyed as :func:`authors_key`: the networks the authors'
    code routes itself (:data:`AUTHORS_OWN`) from ``authors``; every other network's UGAL-L from ``paper_vcs`` (the
    paper's VCs, for BF, HX, SF and FT the authors' anynet configurations' 4 VCs, any VC at every hop), its MIN from
    ``booksim`` (hop-indexed VCs); without ``paper_vcs`` its UGAL-L from ``booksim`` too."""
    out = {}
    for k in c.keys:
        ak = authors_key(recs, k)
        src = (authors if k[0] in AUTHORS_OWN else paper_vcs if k[1] == "ugal" and paper_vcs is not None
               else booksim)
        if ak in src:
            out[ak] = src[ak]
    return out


def _vcs_label(labels: Iterable[str]) -> str:
    """The VCs of the searches at the paper's VCs of the networks ``labels``, short (the ``text_vcs`` column).

    Examples
    --------
    >>> _vcs_label(["PS-IQ", "PS-Pal"]), _vcs_label(["DF", "MF", "BF", "PS-IQ"])
    ('4, any VC', "4, any VC; DF 3, 'dragonfly'; MF 2, 'phase'")
    """
    labels = list(dict.fromkeys(labels))
    return "; ".join(["4, any VC"] + [f"{lab} {PAPER_UGAL_VCS[lab][0]}, {PAPER_UGAL_VCS[lab][2]!r}"
                                      for lab in labels if lab in PAPER_UGAL_VCS])


def _judge_keys(claim: SatClaim, keys: list, table: dict, res: float, **ctx: Any) -> dict[str, Any] | None:
    """:func:`judge` on explicit routed ``keys`` (one per ``claim.keys``)."""
    got = [table.get(k) for k in keys]
    if any(g is None or not g[1] for g in got):
        return None
    value, details, why = claim.judge({k: g[0] for k, g in zip(claim.keys, got)}, res, ctx)
    routings = sorted({k[1] for k in keys})
    details = {**details, "routing": routings[0] if len(routings) == 1 else routings, "router": "booksim",
               "run_control": ctx.get("rule", "fixed")}
    return dict(claim_id=claim.claim_id, paper=claim.paper, what=claim.what, paper_value=claim.paper_value,
                our_value=value, tolerance=claim.tolerance, details=details, explanation=why, note=claim.note)


def ugal_pf_checked(path=None) -> str:
    """What the authors'-code column's ``ugal-pf`` was checked against, from the recorded cross-validation against
    the authors' fork under bit permutations (``figures/crossval/booksim_ugal_pf_permutation_decisions.csv``,
    ``benchmarks/crossval_booksim_ugal_pf_permutation.py``); "" without that table."""
    import csv

    from ..paths import figures_dir

    path = figures_dir() / "crossval" / "booksim_ugal_pf_permutation_decisions.csv" if path is None else path
    if not path.exists():
        return ""
    with path.open() as fh:
        rows = list(csv.DictReader(fh))
    loads = sum(int(r["loads_compared"]) for r in rows)
    differ = sum(len(r["differ_at"].split()) for r in rows)
    graphs = sorted({r["graph"] for r in rows})
    return (f"ugal-pf at these settings decides as the authors' fork (ugall4_pf, polarstarconfig) at {loads - differ} "
            f"of {loads} loads under BookSim's bit permutations on {len(graphs)} graphs of 64 endpoints "
            f"({', '.join(graphs)}; figures/crossval/booksim_ugal_pf_permutation_decisions.csv); not checked at this "
            "scale under a permutation, nor under the adversarial pattern, which the fork lacks")


def _authors_record(c: SatClaim, got: dict[str, Any], routings: str, decided: str = "") -> dict[str, Any]:
    """The authors'-code row of ``c`` as :func:`lowdiam.claims.record` keyword arguments: a sensitivity row of the
    paper-text claim, at the paper's networks under BookSim2's rule, its differences listed; ``decided``: what
    decided the first unstable load of its PolarStar searches (:func:`authors_code`)."""
    differs = ["the authors' public code's routing on the PolarStars (" + routings + ") where the paper's text "
               "names MIN / UGAL-L",
               "ugall4_pf's first-hop VC: ours takes the next free VC round-robin (authors' code: the emptiest)"
               if "ugal-pf" in routings else "",
               "our router numbering (the anynet tables break ties by lowest router id)",
               "on the Dragonfly the fork's dragonflynew routings at its 3 VCs of 43 flits (ugal_dragonflynew: one "
               "random intermediate, threshold -30; paper: UGAL-L, 3 VCs for UGAL and 2 for MIN)"
               if any(k[0] == "DF" for k in c.keys) else ""]
    return {**got, "claim_id": f"{c.claim_id}-authors-code", "what": f"{c.what} [the authors' public code]",
            "sensitivity_of": c.claim_id, "routing": routings, "scale": "paper-network",
            "differs": [d for d in differs if d],
            "note": "; ".join(n for n in (got["note"], "ran: " + AUTHORS_TEXT + ", on the BookSim model (internal "
                                          "speedup 2.0, 4-flit packets, 32 flits per VC); stable/unstable by "
                                          + RULE_TEXT["booksim"] + ", " + STUCK_TEXT
                                          + (f"; the PolarStars' first unstable load decided by: {decided}"
                                             if decided else ""),
                                          ugal_pf_checked() if "ugal-pf" in routings else "") if n),
            "figure": PAPER_FIGURES[all(k[2] == "adversarial" for k in c.keys)] + "_booksim_rule"}


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.polarstar",
                                 description="PolarStar Fig. 9/10 saturation searches at paper scale under BookSim2's "
                                             f"run control, recorded in results/paper/05_simulation/{RULE_LOG}.csv "
                                             f"(the authors'-code groups {', '.join(AUTHORS_GROUPS)}: in "
                                             f"{AUTHORS_LOG}.csv; the paper's-4-VC groups "
                                             f"{', '.join(PAPER_VCS_GROUPS)}: in {PAPER_VCS_LOG}.csv)")
    ap.add_argument("--processes", type=int, default=None, help="local worker processes (default: all cores)")
    ap.add_argument("--groups", default=None,
                    help=f"comma-separated groups, in order (default: all: {','.join(GROUPS)})")
    ap.add_argument("--scheduler", default=None,
                    help="a Dask scheduler's address (tcp://host:8786): the searches run asynchronously on its "
                         "workers, each going on as soon as its own run is answered, so no worker waits for a "
                         "round's slowest run (docs/scale_out.md); --processes is then not used")
    args = ap.parse_args(argv)
    groups = None if args.groups is None else [g for g in args.groups.split(",") if g]
    fixed = None  # the fixed-rule runs (hint_records of a group outside PAPER_VCS_GROUPS), read once
    for name, cfgs in group_configs(table3("paper"), groups):
        if not cfgs:
            continue
        print(f"group {name}: {len(cfgs)} searches", flush=True)
        # spare workers (a group with fewer open searches than cores) evaluate the searches' likely next loads
        where = ({"scheduler": args.scheduler} if args.scheduler else
                 {"processes": args.processes, "workers": args.processes or os.cpu_count()})
        # a 4-VC group's hints are the hop-indexed searches of the groups before it (read when it starts); every
        # other group's the fixed-rule searches, read once
        if name in PAPER_VCS_GROUPS:
            hints = hint_records(name)
        else:
            hints = fixed if fixed is not None else hint_records(name)
            fixed = hints
        res = group_searches(name, cfgs, old_records=hints,
                             record=S.result_log("05_simulation", group_log(name)), **where)
        for x in res:
            print(f"{name:13s} {x.recipe.label:7s} {x.routing:14s} {x.traffic:12s} booksim rule: last stable "
                  f"{x.last_stable}, first unstable {x.first_unstable} ({len(x.records)} runs)", flush=True)


if __name__ == "__main__":
    main()
