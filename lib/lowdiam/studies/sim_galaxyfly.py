"""Notebook 05, Section 4: Galaxyfly Fig. 7/9 (Table 5 configurations, MIN vs NAG) and Fig. 10c-d (packet size).

:class:`GalaxyflySection` runs the section's saturation searches on the BookSim model, sets MIN's against its
channel-load bounds (and the paper's own supernode-by-supernode MIN, routing ``gf-min``), and records the Galaxyfly
Sec. 5 claims: from the paper profile's recorded searches once every search a claim compares is complete (quick
profile), else from this run's, so the loads a claim compares always share their windows.  The helpers that word a
claim's scale and notes (:func:`gf_note`, :func:`gf_at`, :func:`gid`) and the packet-size comparison
(:func:`pk_row`) are module functions.  Figures: :mod:`lowdiam.studies.sim_figures` and, at paper scale,
:mod:`lowdiam.studies.galaxyfly_figures`.

Examples
--------
>>> gid("GF(15,29,1,7)")
'gf15-29-1-7'
>>> gf_at({"warmup_cycles": 200, "measure_cycles": 400}, routing="nag")["differs"][2][:31]
'fixed 200+400-cycle windows and'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import claims
from .. import sweep as S
from ..metrics.distances import diameter
from ..published.galaxyfly import TABLE5 as GF_TABLE5
from ..sim import channel_load_bound
from . import galaxyfly_figures as GFF
from . import galaxyfly_paper_settings as GPS
from . import simulation as studies
from .sim_polarstar import PolarStarSection, min_routing
from .sim_study import PAPER_TOL, SimStudy, net_name, recipe, sat

__all__ = ["WORST", "GROUPED", "GF_LOGS", "PAPER_WINDOWS", "GF_SERIES", "PK_NETS", "ZL", "gf_note", "gf_at", "gid",
           "sensitivity_twin", "pk_row", "section_networks", "GalaxyflySection"]

WORST = "worst_case"
#: families with a worst-case rule and supernodes / groups for NAG
GROUPED = ("galaxyfly", "slimfly", "dragonfly")
#: the paper profile's run logs of the section
GF_LOGS = ["05_galaxyfly_fig7_9", "05_galaxyfly_fb_worst_case", "05_galaxyfly_gfmin"]
#: the paper profile's windows
PAPER_WINDOWS = {"warmup_cycles": 3000, "measure_cycles": 5000}
#: the routings of the paper-scale bar chart
GF_SERIES = [("min", "MIN"), ("nag", "NAG"), ("gf-min", "paper's MIN (gf-min)")]
#: packet size (Fig. 10c-d): label -> diameter
PK_NETS = {"GF(15,29,1,7)": 2, "GF(81,1,10,4)": 3}
#: zero-load latency (Sec. 5.2.1 / 5.2.3): the networks compared
ZL = list(GPS.ZERO_LOAD_LABELS)
MIN_TEXT = "MIN routing (the paper does not name the routing of Fig. 7)"
GFMIN_TEXT = ("the paper's own MIN as its Sec. 4.1 defines it (routing gf-min: fewest global links, then fewest links, "
              "drawn hop by hop)")
GF_ROUTING_NAME = {"min": "min (router-level MIN: uniform among the minimal next hops)",
                   "gf-min": "gf-min (the paper's MIN, Sec. 4.1: supernode by supernode)",
                   "nag": "nag (the paper's NAG: non-minimal via another supernode)"}
RECORDED_TEXT = (f"; recorded paper-profile searches (results/paper/05_simulation/{{{', '.join(GF_LOGS)}}}.csv, "
                 f"resolution {PAPER_TOL}); a recorded saturation load above the routing's channel-load bound (the "
                 "bounds table) overstates where the first link saturates")
NAG_TEXT = "NAG routing (non-minimal adaptive, misrouting via another supernode)"
ROUTING_TEXT = {"min": MIN_TEXT, "gf-min": GFMIN_TEXT, "nag": NAG_TEXT}
#: the routing as a claim's sentence names it
CLAIM_RT = {"min": "MIN", "gf-min": "the paper's MIN, supernode by supernode: gf-min"}
A1_SAME = ("; the paper's MIN (gf-min, Sec. 4.1) is this router-level MIN on these networks or is not recorded for "
           "them (a = 1: one router per supernode, the same draws)")
TR_TEXT = {"uniform": "uniform traffic", WORST: "the worst case (Sec. 5 rule; inter-cluster reading)"}
# Sec. 5.2.3: "DF is GF(56,1,11,5)" (Table 5's DF row: r = 20, p = 5, 616 routers)
DF_IS = "; DF is GF(56,1,11,5), as the paper says (a Dragonfly with a = 11, h = 5, p = 5)"
DF_WORST = ("; its worst case here is the Galaxyfly rule (every terminal to the terminals of all other clusters, which "
            "for q = 1 are the groups), not the one-group-to-one-group Dragonfly rule of our dragonfly family")


def gf_note(sim: Mapping[str, Any], routing_text: str = MIN_TEXT) -> str:
    """What a Galaxyfly claim's runs share and how they differ from the paper's.

    Parameters
    ----------
    sim : mapping
        The runs' settings (``warmup_cycles``, ``measure_cycles``).
    routing_text : str
        How the note names the routing.

    Returns
    -------
    str
    """
    return ("the paper's own networks at full size; simulation settings differ from the paper's (the BookSim model at "
            "speedup 2 as the paper, but 4-flit packets and 32-flit VC buffers instead of 1-flit packets and 256-flit "
            f"shared buffers; {sim['warmup_cycles']}+{sim['measure_cycles']}-cycle windows); {routing_text}")


def gf_at(sim: Mapping[str, Any], *, packets: str = "4-flit packets (paper: 1-flit)", routing: str = "min") -> dict:
    """Scale of a Galaxyfly simulation claim on the paper's networks run with ``sim``: "paper-network", with each
    setting that differs from the paper's Sec. 5 (1-flit packets, 256-flit port buffers with 5 private flits per
    VC, BookSim's run control).

    Parameters
    ----------
    sim : mapping
        The runs' settings (``warmup_cycles``, ``measure_cycles``).
    packets : str
        How the packets differ.
    routing : {"min", "gf-min", "nag"}

    Returns
    -------
    dict
        ``scale``, ``routing`` and ``differs`` arguments of :func:`lowdiam.claims.record`.

    Raises
    ------
    ValueError
        For a routing with no description.
    """
    if routing not in GF_ROUTING_NAME:
        raise ValueError(f"routing must be one of {sorted(GF_ROUTING_NAME)}, got {routing!r}")
    return dict(scale="paper-network", routing=GF_ROUTING_NAME[routing], differs=[
        packets, "32-flit buffer per VC (paper: 256-flit port buffers, 5 flits private per VC, the rest shared)",
        f"fixed {sim['warmup_cycles']}+{sim['measure_cycles']}-cycle windows and the 95 % throughput rule "
        "(paper: BookSim's own run control)"])


#: how a claim judged on the searches at the paper's own settings (:mod:`.galaxyfly_paper_settings`) names them
PAPER_SETTINGS_TEXT = ("the paper's own networks at full size and its Sec. 5 settings: 1-flit packets, 256-flit port "
                       "buffers with 5 flits private per VC (BookSim's shared buffer policy), routing computation and "
                       "credit processing in 2 cycles each, BookSim's run control; the BookSim model at speedup 2 as "
                       "the paper")
#: what those searches still run differently from the paper's Sec. 5 settings: nothing since their routing computation
#: takes 2 cycles as the paper's (``routing_delay=2``; the BookSim model agrees with BookSim2 there,
#: docs/booksim_shared_buffers.md), so their claims are at scale ``paper``; a setting listed here makes them
#: ``paper-network`` with it named
PAPER_SETTINGS_DIFFER: list[str] = []
#: what the job's earlier searches (:data:`lowdiam.studies.galaxyfly_paper_settings.RD1_SIM`) ran differently
RD1_DIFFER = ["routing computation 1 cycle (paper, Sec. 5: 2 cycles)"]
#: the earlier recorded settings, as a note beside a value judged at the paper's settings names them
EARLIER_SETTINGS_TEXT = "4-flit packets, 32-flit VC buffers, fixed windows and the 95 % rule"


def gid(lab: str) -> str:
    """Claim-id form of a Galaxyfly label: GF(15,29,1,7) -> gf15-29-1-7."""
    return lab.lower().replace("(", "").replace(")", "").replace(",", "-")


def sensitivity_twin(cid: str, rt: str) -> str:
    """``sensitivity_of=`` of a router-level MIN row (``rt == "min"``, id ending ``-min``): the id of the paper-MIN
    row of the same statement (ending ``-gf-min``) if the current notebook has recorded it, else ``""``."""
    twin = claims.kebab(cid)[: -len("-min")] + "-gf-min"
    return twin if rt == "min" and any(c.claim_id == twin for c in claims.records()) else ""


def pk_row(lab: str, diam: int, tr: str, one: tuple, four: tuple) -> dict[str, Any]:
    """One network and pattern's 1-flit against 4-flit comparison.

    Parameters
    ----------
    lab : str
    diam : int
    tr : str
        Traffic pattern.
    one, four : (sequence of mapping, float)
        The runs of the 1-flit and of the 4-flit search (``load``, ``latency_mean``) and its saturation load.

    Returns
    -------
    dict
        Latency of both at the lowest load both ran, saturation loads and the 4-flit saturation gain.

    Examples
    --------
    >>> one = ([{"load": 0.2, "latency_mean": 10.0}, {"load": 0.4, "latency_mean": 12.0}], 0.5)
    >>> four = ([{"load": 0.2, "latency_mean": 13.0}], 0.6)
    >>> r = pk_row("GF", 2, "uniform", one, four)
    >>> r["load_latency"], r["latency_1flit"], r["latency_4flit"], r["saturation_gain"]
    (0.2, 10.0, 13.0, 0.2)
    """
    (runs1, sat1), (runs4, sat4) = one, four
    low = min(set(r["load"] for r in runs1) & set(r["load"] for r in runs4))
    l1, l4 = (next(r["latency_mean"] for r in runs if r["load"] == low) for runs in (runs1, runs4))
    return {"network": lab, "diameter": diam, "traffic": tr, "load_latency": low, "latency_1flit": round(l1, 2),
            "latency_4flit": round(l4, 2), "saturation_1flit": sat1, "saturation_4flit": sat4,
            "saturation_gain": round(sat4 / sat1 - 1, 3)}


def section_networks() -> tuple[list, list]:
    """The section's networks as recipes: the quick profile's scaled-down stand-ins and the paper profile's.

    Quick: the diameter-2 Galaxyfly GF(7,13,1,3) (91 routers, 273 terminals) and the Slim Fly SF(7) with 3
    terminals per router (98 routers, 294 terminals), a scaled-down analogue of the paper's GF(15,29,1,7) (435
    routers, 3,045 terminals) against SF(13) with 10 (338 routers, 3,380 terminals).  Paper: those two and the
    other seven Galaxyflies of Table 5, FT, FB and DF.

    >>> quick, paper = section_networks()
    >>> [r.label for r in quick], [r.label for r in paper[:2]]
    (['GF(7,13,1,3)', 'SF(7)'], ['GF(15,29,1,7)', 'SF'])
    """
    quick = [recipe("GF(7,13,1,3)", "galaxyfly", 7, 13, 1, 3), recipe("SF(7)", "slimfly", 7, endpoints_per_router=3)]
    return quick, [recipe("GF(15,29,1,7)", "galaxyfly", 15, 29, 1, 7),
                   recipe("SF", "slimfly", 13, endpoints_per_router=10),
                   recipe("GF(11,29,1,10)", "galaxyfly", 11, 29, 1, 10),
                   recipe("GF(56,1,11,5)", "galaxyfly", 56, 1, 11, 5),
                   recipe("GF(81,1,10,4)", "galaxyfly", 81, 1, 10, 4),
                   recipe("GF(11,29,2,5)", "galaxyfly", 11, 29, 2, 5),
                   recipe("GF(15,37,2,3)", "galaxyfly", 15, 37, 2, 3),
                   recipe("GF(11,37,4,2)", "galaxyfly", 11, 37, 4, 2),
                   recipe("GF(15,29,4,2)", "galaxyfly", 15, 29, 4, 2),
                   recipe("FT", "fat_tree", 15, 3), recipe("FB", "hyperx", 8, 8, 8, endpoints_per_router=6),
                   recipe("DF", "dragonfly", 11, 5, 5)]


class GalaxyflySection:
    """Galaxyfly Fig. 7/9/10 of one :class:`~lowdiam.studies.sim_study.SimStudy`.

    Parameters
    ----------
    study : SimStudy
    polarstar : PolarStarSection
        Section 1, whose simulation settings this section runs.
    """

    def __init__(self, study: SimStudy, polarstar: PolarStarSection) -> None:
        if not isinstance(study, SimStudy):
            raise TypeError(f"study must be a SimStudy, got {type(study).__name__}")
        if not isinstance(polarstar, PolarStarSection):
            raise TypeError(f"polarstar must be a PolarStarSection, got {type(polarstar).__name__}")
        self.study, self.sim_ps = study, polarstar.sim
        # the searches at the paper's own settings recorded so far (the job python -m
        # lowdiam.studies.galaxyfly_paper_settings): a claim takes them once every search it compares is complete
        self.paper_settings = GPS.recorded()
        # and the same searches with a 1-cycle routing computation (the job's settings until 2026-11-30)
        self.paper_settings_rd1 = GPS.recorded(sim=GPS.RD1_SIM)
        # the highest accepted load of each of those searches' runs: the network's throughput beside its knee
        self.peak = {"": GPS.peak_accepted(), "rd1": GPS.peak_accepted(sim=GPS.RD1_SIM)}
        self.paper_gf: dict = {}

    def search(self) -> None:
        """The Fig. 7/9 searches (MIN and NAG, ``05_galaxyfly_fig7_9``) of this profile's Table 5 networks and, in
        the paper profile, the paper's own MIN (``gf-min``, ``05_galaxyfly_gfmin``)."""
        study = self.study
        QUICK, SIM_PS = study.quick, self.sim_ps
        GF_Q, GF_P = section_networks()
        # Fig. 7 / Sec. 5.1.1: the eight Galaxyflies of Table 5, two per diameter (the higher-beta one expected to win)
        FIG7_PAIRS = studies.higher_beta_pairs(GF_TABLE5)
        Q_LABELS = {r.label for r in GF_Q}
        # quick: the scaled-down GF(7,13,1,3) and SF(7) under MIN and NAG, a stand-in run of the pipeline. Every claim
        # reads the recorded paper-profile searches (complete for all of Table 5), and Fig. 7 draws their runs
        # (fig7_searches), so the quick profile searches none of the Table 5 networks
        GFS = GF_Q if QUICK else GF_P
        GF_ROUTINGS = ["min", "nag"]
        WORST = "worst_case"
        GROUPED = ("galaxyfly", "slimfly",
                   "dragonfly")  # families with a worst-case rule and supernodes / groups for NAG
        cfg_gf = [(rec, rt, tr) for rec in GFS for rt in GF_ROUTINGS for tr in ("uniform", WORST)
                  if (tr == "uniform" or rec.constructor in GROUPED)
                  and (rt == "min" or rec.constructor in GROUPED)  # NAG misroutes via another supernode: none on FT, FB
                  and (rt == "min" or not QUICK or rec.label in Q_LABELS)]  # quick: the Fig. 7-only networks under MIN
        SIM_GF = dict(SIM_PS)
        gf = study.searches(cfg_gf, SIM_GF, "05_galaxyfly_fig7_9")
        # The paper's own MIN (Sec. 4.1: supernode by supernode; routing "gf-min": fewest global links, then fewest
        # links) on the Table 5 Galaxyflies where it differs from ours (a > 1 routers per supernode). Paper profile
        # only; the quick profile reads the recorded searches (results/paper/05_simulation/05_galaxyfly_gfmin.csv)
        # below.
        GF_SUPERNODES = [rec for rec in GF_P if rec.constructor == "galaxyfly" and rec.args[2] > 1]
        cfg_gfmin = [(rec, "gf-min", tr) for rec in GF_SUPERNODES for tr in ("uniform", WORST)]
        gfmin = {} if QUICK else study.searches(cfg_gfmin, SIM_GF, "05_galaxyfly_gfmin")
        self.sim = SIM_GF
        self.gf_p, self.gf_q, self.q_labels, self.fig7_pairs = GF_P, GF_Q, Q_LABELS, FIG7_PAIRS
        self.gfs, self.gf_routings, self.gf_supernodes, self.gf, self.gfmin = GFS, GF_ROUTINGS, GF_SUPERNODES, gf, gfmin

    def fig7_searches(self) -> tuple[dict, str]:
        """The MIN searches Fig. 7 draws, ``{(label, traffic): SaturationResult}`` for both networks of every Table 5
        pair (:data:`fig7_pairs`), and where they come from: this run's (paper profile) or, in the quick profile,
        the recorded paper-profile runs (``results/paper/05_simulation/05_galaxyfly_fig7_9.csv``, windows
        :data:`PAPER_WINDOWS`), whose brackets are their runs'
        (:func:`~lowdiam.studies.simulation.brackets_from_records`)."""
        labels = {lab for win, lose, _ in self.fig7_pairs for lab in (win, lose)}
        if not self.study.quick:
            return ({(lab, tr): self.gf[(lab, "min", tr)] for lab in labels for tr in ("uniform", WORST)},
                    f"this run's searches, {self.study.warmup_cycles}+{self.study.measure_cycles}-cycle windows")
        recs = {r.label: r for r in self.gf_p if r.label in labels}
        runs = [r for r in studies.recorded_runs("05_simulation", ["05_galaxyfly_fig7_9"], recipes=recs)
                if r["label"] in labels and r["routing"] == "min" and r["sim_warmup_cycles"] ==
                PAPER_WINDOWS["warmup_cycles"] and r["sim_measure_cycles"] == PAPER_WINDOWS["measure_cycles"]]
        brackets = studies.brackets_from_records(runs)
        out = {}
        for (lab, _, tr), (a, s) in brackets.items():
            mine = sorted((r for r in runs if (r["label"], r["traffic"]) == (lab, tr)), key=lambda r: r["load"])
            acc = next((r["accepted_load"] for r in mine if r["load"] == a), float("nan"))
            out[(lab, tr)] = S.SaturationResult(recs[lab], "min", tr, a, s, acc, mine)
        missing = sorted(f"{lab} {tr}" for lab in labels for tr in ("uniform", WORST) if (lab, tr) not in out)
        if missing:
            raise RuntimeError(f"results/paper/05_simulation/05_galaxyfly_fig7_9.csv has no MIN runs of {missing}")
        return out, (f"recorded paper-profile runs, {PAPER_WINDOWS['warmup_cycles']}+"
                     f"{PAPER_WINDOWS['measure_cycles']}-cycle windows (results/paper/05_simulation/"
                     "05_galaxyfly_fig7_9.csv)")

    def bounds(self) -> list[dict]:
        """MIN's channel-load bound (and the paper's MIN's, and the cluster-permutation reading of the worst case)
        of every Galaxyfly and SF beside the measured saturation loads (``figures/05_galaxyfly_bounds.csv``); in the
        quick profile also reads the recorded paper-profile searches (``paper_gf``).  Returns and keeps
        ``gf_bounds``."""
        study = self.study
        QUICK, seed, tol = study.quick, study.seed, study.tol
        GF_P, GFS, gf, gfmin = self.gf_p, self.gfs, self.gf, self.gfmin
        # the paper profile's recorded searches (results/paper/05_simulation/), read by the quick profile: they add the
        # diameter-4 and -5 networks this run does not search
        paper_gf = studies.recorded_saturation("05_simulation", GF_LOGS, PAPER_TOL) if QUICK else {}
        gf_bounds = []
        for rec in GF_P + [r for r in GFS if r not in GF_P]:  # the quick profile's stand-ins after the paper's networks
            if rec.constructor not in ("galaxyfly", "slimfly"):
                continue
            got = {tr: ((sat(gf, rec.label, "min", tr), "this run") if (rec.label, "min", tr) in gf else
                        (paper_gf[(rec.label, "min", tr)][0], "recorded")
                        if paper_gf.get((rec.label, "min", tr), (0, 0))[1] else (None, ""))
                   for tr in ("uniform", WORST)}
            if rec not in GFS and not any(m is not None for m, _ in got.values()):
                continue  # neither searched here nor recorded
            top = rec.build()
            rules = [("uniform", {}), (WORST, {})] + ([(WORST, {"galaxyfly_rule": "cluster_permutation"})]
                                                       if rec.constructor == "galaxyfly" else [])
            for tr, opt in rules:
                b = channel_load_bound(top, "min", tr, seed=seed, traffic_options=opt)
                # the paper's own MIN (Sec. 4.1, supernode by supernode: routing "gf-min") where it differs from ours:
                # supernodes of a > 1 routers
                pm = (channel_load_bound(top, "gf-min", tr, seed=seed).bound
                      if not opt and rec.constructor == "galaxyfly" and top.params["a"] > 1 else None)
                pm_sat = ((sat(gfmin, rec.label, "gf-min", tr), "this run") if (rec.label, "gf-min", tr) in gfmin else
                          (paper_gf[(rec.label, "gf-min", tr)][0], "recorded")
                          if paper_gf.get((rec.label, "gf-min", tr), (0, 0))[1] else (None, ""))
                measured, where_from = got[tr] if not opt else (None, "")
                res = PAPER_TOL if where_from == "recorded" else tol
                gf_bounds.append({"network": net_name(rec),
                                  "traffic": tr + (f" ({opt['galaxyfly_rule']})" if opt else ""),
                                  "hops": round(b.hops_mean, 3), "max arc load": round(b.max_arc_load, 3),
                                  "mean arc load": round(b.mean_arc_load, 3), "MIN bound": round(b.bound, 3),
                                  "paper-MIN bound": None if pm is None else round(pm, 3),
                                  "measured paper-MIN saturation": pm_sat[0] if pm is not None else None,
                                  "measured MIN saturation": measured, "measured by": where_from,
                                  # above the bound by more than 5 % + the search resolution: a saturated link the
                                  # saturation rule does not see (see below)
                                  "above bound": measured is not None and measured > b.bound * 1.05 + res})
        for row in gf_bounds:
            print(f"{row['network']:15s} {row['traffic']:34s} hops {row['hops']:.3f}  max arc "
                  f"{row['max arc load']:.3f}  bound {row['MIN bound']:.3f}  measured {row['measured MIN saturation']} "
                  f"{row['measured by']}"
                  + (f"  (paper's MIN: bound {row['paper-MIN bound']:.3f}, measured "
                     f"{row['measured paper-MIN saturation']})"
                     if row["paper-MIN bound"] is not None else "")
                  + ("  <- above the bound" if row["above bound"] else ""))
        S.write_csv(gf_bounds, "05_galaxyfly_bounds")
        self.paper_gf, self.gf_bounds = paper_gf, gf_bounds
        return gf_bounds

    def paper_bars(self, tr: str) -> tuple[list, list[dict]]:
        """The networks of the paper-scale bar chart under pattern ``tr`` and its rows (every recorded search's
        saturation load, and MIN's channel-load bound on the MIN rows): the figure's CSV rows."""
        GF_P, paper_gf = self.gf_p, self.paper_gf
        bound_of = {(row["network"], row["traffic"]): row["MIN bound"] for row in self.gf_bounds}
        recs = [rec for rec in GF_P
                if tr == "uniform" or rec.constructor in GROUPED or (rec.label, "min", tr) in paper_gf]
        rows = [{"network": net_name(rec), "label": rec.label, "traffic": tr, "routing": rt,
                 "saturation_load": paper_gf[(rec.label, rt, tr)][0], "search_done": paper_gf[(rec.label, rt, tr)][1],
                 "min_channel_load_bound": bound_of.get((net_name(rec), tr)) if rt == "min" else None}
                for rec in recs for rt, _ in GF_SERIES if (rec.label, rt, tr) in paper_gf]
        return recs, rows

    def write_paper_bars(self) -> list[dict]:
        """The rows of the paper-scale bar chart, uniform then worst case, to
        ``figures/05_galaxyfly_fig7_9_paper.csv``; returns them."""
        rows = [r for tr in ("uniform", WORST) for r in self.paper_bars(tr)[1]]
        S.write_csv(rows, "05_galaxyfly_fig7_9_paper")
        return rows

    def gf_compare(self, *keys: tuple[str, str], routing: str = "min", routing_text: str | None = None,
                   figure: str = "05_galaxyfly_fig7") -> tuple[list, str | None, float | None, dict | None]:
        """Saturation loads under ``routing`` of (label, traffic) keys with their note, resolution and scale (the
        ``scale``, ``routing``, ``differs`` and ``figure`` arguments of :func:`lowdiam.claims.record`), from the first
        source that has every key's search complete:

        1. the searches at the paper's own settings (:mod:`.galaxyfly_paper_settings`: 1-flit packets, 256-flit
           shared port buffers, 2-cycle routing computation, BookSim's run control): scale ``paper``, or
           ``paper-network`` with :data:`PAPER_SETTINGS_DIFFER` listed if it names any, figure
           ``05_galaxyfly_paper_settings``;
           the note gives the earlier recorded settings' values beside them where those are complete;
        2. the same searches with a 1-cycle routing computation (the job's runs until 2026-11-30,
           :data:`~lowdiam.studies.galaxyfly_paper_settings.RD1_SIM`): scale ``paper-network`` with :data:`RD1_DIFFER`
           listed, the same figure;
        3. the paper profile's recorded searches (quick profile; 4-flit packets, 32-flit VC buffers, fixed windows):
           scale ``paper-network`` with those settings listed (:func:`gf_at`), figure ``05_galaxyfly_fig7_9_paper``;
        4. this run's searches (``figure``).

        Nones when none has them all.  The note names the routing by ``routing_text`` (default:
        ``ROUTING_TEXT[routing]``)."""
        paper_gf, GF_RUNS, SIM_GF = self.paper_gf, self.gf_runs, self.sim
        text = routing_text or ROUTING_TEXT[routing]
        hits = [paper_gf.get((lab, routing, tr)) for lab, tr in keys]
        for table, peak, differ, how in (
                (self.paper_settings, self.peak[""], PAPER_SETTINGS_DIFFER, ""),
                (self.paper_settings_rd1, self.peak["rd1"], RD1_DIFFER, " with a 1-cycle routing computation (the "
                 "job's earlier runs; the searches at the paper's 2 cycles are not all complete)")):
            at_paper = [table.get((lab, routing, tr)) for lab, tr in keys]
            if not all(h is not None and h[1] for h in at_paper):
                continue
            note = (f"{PAPER_SETTINGS_TEXT}; {text}; recorded searches{how} (results/paper/05_simulation/"
                    f"{GPS.LOG[1]}.csv, resolution {GPS.TOL}); the highest accepted load of each search's runs "
                    "(its throughput; BookSim's rule puts the knee where the growing latency passes its threshold, "
                    "at or above it): " + ", ".join(f"{lab} {peak[(lab, routing, tr)]:.4f}" for lab, tr in keys))
            if all(h is not None and h[1] for h in hits):
                note += (f"; with the earlier recorded settings ({EARLIER_SETTINGS_TEXT}) the same searches gave "
                         + ", ".join(f"{lab} {h[0]}" for (lab, _), h in zip(keys, hits)))
            return ([h[0] for h in at_paper], note, GPS.TOL,
                    {"scale": "paper-network" if differ else "paper",
                     "routing": GF_ROUTING_NAME[routing], "differs": list(differ),
                     "figure": "05_galaxyfly_paper_settings"})
        if all(h is not None and h[1] for h in hits):
            return ([h[0] for h in hits], gf_note(PAPER_WINDOWS, text) + RECORDED_TEXT, PAPER_TOL,
                    {**gf_at(PAPER_WINDOWS, routing=routing), "figure": "05_galaxyfly_fig7_9_paper"})
        if all((lab, routing, tr) in GF_RUNS for lab, tr in keys):
            return ([GF_RUNS[(lab, routing, tr)].saturation_load for lab, tr in keys], gf_note(SIM_GF, text),
                    self.study.tol, {**gf_at(SIM_GF, routing=routing), "figure": figure})
        return [None] * len(keys), None, None, None

    @staticmethod
    def seed_check(win: str, lose: str, routing: str, traffic: str, tol: float, path=None) -> str:
        """A note on the seed check of a paper-settings comparison (``benchmarks/knee_seeds.py``, default
        ``figures/crossval/knee_seeds.csv``): per seed other than the searches' own (0), both networks' last stable
        and first unstable loads among those checked, and in how many seeds ``win``'s last stable load exceeds
        ``lose``'s by more than ``tol``; "" when no seed has runs of both."""
        from ..paths import figures_dir

        path = figures_dir() / "crossval" / "knee_seeds.csv" if path is None else path
        got = {s: v for s, v in studies.seed_knees(path, [win, lose], routing, traffic).items() if s != 0}
        if not got:
            return ""

        def fmt(x):
            return "-" if x is None else f"{x:g}"

        held = sum(v[win][0] is not None and (v[lose][0] is None or v[win][0] > v[lose][0] + tol)
                   for v in got.values())
        return ("; seed check at the same settings (benchmarks/knee_seeds.py, figures/crossval/knee_seeds.csv; last "
                "stable / first unstable load among those checked): "
                + "; ".join(f"seed {s}: {win} {fmt(v[win][0])} / {fmt(v[win][1])}, {lose} {fmt(v[lose][0])} / "
                            f"{fmt(v[lose][1])}" for s, v in got.items())
                + f"; {win} above by more than {tol:g} in {held} of {len(got)} seeds")

    def paper_settings_rows(self) -> list[dict]:
        """The searches at the paper's own settings recorded so far (:mod:`.galaxyfly_paper_settings`), one row per
        (network, routing, pattern) of its plan, beside the earlier recorded settings' search of the same triple:
        ``network``, ``label``, ``routing``, ``traffic``, ``saturation_load`` and ``search_done`` (paper settings),
        ``rd1_saturation_load`` and ``rd1_search_done`` (the same search with a 1-cycle routing computation, the job's
        earlier runs), ``earlier_saturation_load`` and ``earlier_search_done`` (None where not recorded).  Written by
        :func:`lowdiam.studies.sim_figures.galaxyfly_paper_settings` to ``figures/05_galaxyfly_paper_settings.csv``."""
        rows = []
        # the Fig. 7/9 plan and Sec. 5.2.2's FB worst case (GPS.FB_WORST, recorded in the same log)
        for rec, rt, tr in GPS.configs() + [(GPS.NETWORKS[GPS.FB_WORST[0]], *GPS.FB_WORST[1:])]:
            got, old = self.paper_settings.get((rec.label, rt, tr)), self.paper_gf.get((rec.label, rt, tr))
            rd1 = self.paper_settings_rd1.get((rec.label, rt, tr))
            rows.append({"network": net_name(rec), "label": rec.label, "routing": rt, "traffic": tr,
                         "saturation_load": got[0] if got else None, "search_done": bool(got and got[1]),
                         "rd1_saturation_load": rd1[0] if rd1 else None, "rd1_search_done": bool(rd1 and rd1[1]),
                         "earlier_saturation_load": old[0] if old else None,
                         "earlier_search_done": bool(old and old[1]) if old else None})
        return rows

    def record_claims(self) -> None:
        """Record the Galaxyfly Sec. 5.1.1 / Fig. 7 and Sec. 5.2.3 / Fig. 9 claims (comparisons among the Table 5
        networks and gains over SF).  One verdict per statement: the paper's MIN is its own (Sec. 4.1, supernode by
        supernode: gf-min); where the two differ (a > 1) and the gf-min searches are recorded, the router-level MIN
        row is a sensitivity row of it."""
        paper_gf, gf_bounds, GF_P, GF_SUPERNODES = self.paper_gf, self.gf_bounds, self.gf_p, self.gf_supernodes
        FIG7_PAIRS, GF_ROUTINGS, gf, gfmin = self.fig7_pairs, self.gf_routings, self.gf, self.gfmin
        gf_compare = self.gf_compare
        GF_RUNS = {**gf, **gfmin}  # this run's MIN and gf-min searches (FB's worst case joins below)
        print("recorded paper-profile Galaxyfly searches:",
              ", ".join(f"{k[0]} {k[1]} {k[2]} {v[0]}{'' if v[1] else ' (running)'}"
                        for k, v in sorted(paper_gf.items())) or "none")
        self.gf_runs = GF_RUNS

        # One verdict per statement: the paper's MIN is its own (Sec. 4.1, supernode by supernode: gf-min), fixed before
        # any value was compared. On Galaxyflies of one router per supernode (a = 1) it is router-level MIN (same
        # draws); where the two differ (a > 1) and the gf-min searches are recorded, the router-level MIN row is a
        # sensitivity row of it.
        for win, lose, diam in FIG7_PAIRS:
            for tr in ("uniform", WORST):
                (pa, pb), pnote, pres, pat = gf_compare((win, tr), (lose, tr), routing="gf-min")
                (a, b), note, res, at = gf_compare((win, tr), (lose, tr))
                counted = f"gf-fig7-d{diam}-{gid(win)}-beats-{gid(lose)}-{tr}-gf-min"
                if pa is not None:
                    seeds = (self.seed_check(win, lose, "gf-min", tr, pres)
                             if pat["figure"] == "05_galaxyfly_paper_settings" else "")
                    claims.record(counted, "Galaxyfly Fig. 7 / Sec. 5.1.1",
                                  f"Same diameter ({diam}), higher bisection ratio wins: {win} saturates above {lose} "
                                  f"under {TR_TEXT[tr]} ({CLAIM_RT['gf-min']}), by more than the search resolution "
                                  f"{pres}", True, bool(pa > pb + pres), None,
                                  details={"saturation": {win: pa, lose: pb}, "tol": pres},
                                  **pat, note=pnote + seeds)
                if a is None:
                    continue  # quick: diameters 4 and 5 until the paper profile has recorded both searches
                claims.record(f"gf-fig7-d{diam}-{gid(win)}-beats-{gid(lose)}-{tr}-min", "Galaxyfly Fig. 7 / Sec. 5.1.1",
                              f"Same diameter ({diam}), higher bisection ratio wins: {win} saturates above {lose} "
                              f"under {TR_TEXT[tr]} (MIN), by more than the search "
                              f"resolution {res}", True, bool(a > b + res),
                              None,
                              details={"saturation": {win: a, lose: b}, "tol": res},
                              **at, note=note + ("" if pa is not None else A1_SAME),
                              sensitivity_of=counted if pa is not None else "")
        for tr, paper, tl, figs in (("uniform", 0.215, 0.1, "Fig. 8a [sic] / 7a"), (WORST, 0.556, 0.25, "Fig. 7e")):
            (a, b), note, res, at = gf_compare(("GF(15,29,1,7)", tr), ("GF(11,29,1,10)", tr))
            claims.record(f"gf-fig7-gf15-29-1-7-vs-gf11-29-1-10-{tr}-min", f"Galaxyfly Sec. 5.1.1 / {figs}",
                          f"GF(15,29,1,7) outperforms GF(11,29,1,10) by about {paper:.1%} under {TR_TEXT[tr]} (MIN, "
                          f"relative "
                          "gain in saturation load)", paper, round(a / b - 1, 3) if b > 0 else None, tl,
                          details={"saturation": {"GF(15,29,1,7)": a, "GF(11,29,1,10)": b}, "tol": res},
                          **at,
                          note=note + A1_SAME + ("; the paper cites Fig. 8a for the uniform number, which is its "
                                                 "GPCNeT figure"
                                          if tr == "uniform" else ""))
        (a, b), note37, res, at37 = gf_compare(("GF(15,37,2,3)", "uniform"), ("GF(11,37,4,2)", "uniform"))
        # the paper's MIN (supernode by supernode, gf-min) bounds these networks far lower than ours: the bounds table
        # above
        PMB = {(r["network"], r["traffic"]): r["paper-MIN bound"] for r in gf_bounds}
        b37, b11 = PMB.get(("GF(15,37,2,3)", "uniform")), PMB.get(("GF(11,37,4,2)", "uniform"))
        (pa, pb), pnote, pres, pat = gf_compare(("GF(15,37,2,3)", "uniform"), ("GF(11,37,4,2)", "uniform"),
                                                routing="gf-min")
        expl37 = (("the paper's MIN routes supernode by supernode (Sec. 4.1); under that routing (gf-min: fewest "
                   "global "
                   f"links, then fewest links) GF(15,37,2,3)'s channel-load bound is {b37:.3f} (its one local link per "
                   f"supernode is the busiest channel) and GF(11,37,4,2)'s {b11:.3f}, a ratio of {b37 / b11:.2f}"
                   + (f"; simulated with it (the gf-min rows), they saturate at {pa} and {pb}, a ratio of {pa / pb:.2f}"
                      if pa is not None and pb
                      else ": the paper's 0.15 and 33 % fit its routing (a bound; not simulated yet)")
                   + "; our router-level MIN avoids that link") if b37 and b11 else "")
        if pa is not None:  # the paper's own MIN (counted; router-level MIN below is its sensitivity row)
            claims.record("gf-sec511-gf15-37-2-3-saturation-uniform-gf-min", "Galaxyfly Sec. 5.1.1 / Fig. 7",
                          "GF(15,37,2,3) saturates at an injection rate of 0.15 under uniform traffic (the paper's "
                          "MIN, supernode by supernode: gf-min; flits/terminal/cycle)", 0.15, pa, 0.05,
                          details={"tol": pres, "channel_load_bound": b37}, **pat,
                          note=pnote + ((f"; ours sits at this routing's channel-load bound ({b37:.3f}; "
                                         + ("BookSim's rule puts the knee at or above the throughput given above"
                                            if pat.get("figure") == "05_galaxyfly_paper_settings" else
                                            "the 95 % rule admits loads up to 5 % above it")
                                         + "), so the paper's 0.15 lies below what the channel loads force: what "
                                         "loses more in the paper's runs (its router, or its exact MIN, e.g. one "
                                         "fixed supernode route per pair rather than a uniform draw) no run here "
                                         "identifies")
                                        if b37 and pa <= 1.05 * b37 + pres else ""))
            claims.record("gf-sec511-gf15-37-2-3-vs-gf11-37-4-2-uniform-gf-min", "Galaxyfly Sec. 5.1.1 / Fig. 7",
                          "GF(15,37,2,3)'s uniform saturation point is only 33% of GF(11,37,4,2)'s (the paper's MIN, "
                          "supernode by supernode: gf-min; ratio of saturation loads)", 0.33,
                          round(pa / pb, 3) if pb > 0 else None, 0.1,
                          details={"saturation": {"GF(15,37,2,3)": pa, "GF(11,37,4,2)": pb}, "tol": pres,
                                   "channel_load_bounds": {"GF(15,37,2,3)": b37, "GF(11,37,4,2)": b11}},
                          **pat, note=pnote)
        if a is not None:
            claims.record("gf-sec511-gf15-37-2-3-saturation-uniform-min", "Galaxyfly Sec. 5.1.1 / Fig. 7",
                          "GF(15,37,2,3) saturates at an injection rate of 0.15 under uniform traffic (MIN; "
                          "flits/terminal/cycle)",
                          0.15, a, 0.05, details={"tol": res, "paper_min_bound": b37}, explanation=expl37,
                          **at37, note=note37,
                          sensitivity_of="gf-sec511-gf15-37-2-3-saturation-uniform-gf-min" if pa is not None else "")
            claims.record("gf-sec511-gf15-37-2-3-vs-gf11-37-4-2-uniform-min", "Galaxyfly Sec. 5.1.1 / Fig. 7",
                          "GF(15,37,2,3)'s uniform saturation point is only 33% of GF(11,37,4,2)'s (MIN; ratio of "
                          "saturation loads)",
                          0.33, round(a / b, 3) if b > 0 else None, 0.1,
                          details={"saturation": {"GF(15,37,2,3)": a, "GF(11,37,4,2)": b}, "tol": res,
                                   "paper_min_bounds": {"GF(15,37,2,3)": b37, "GF(11,37,4,2)": b11}},
                          explanation=expl37, **at37, note=note37,
                          sensitivity_of=("gf-sec511-gf15-37-2-3-vs-gf11-37-4-2-uniform-gf-min" if pa is not None
                                          else ""))
        of = sensitivity_twin
        # the same comparisons under our MIN and, where every network's search is recorded, the paper's own (gf-min: all
        # three networks have a > 1 routers per supernode, and on GF(56,1,11,5) it is the Dragonfly's hierarchical MIN)
        # (the paper's gf-min first: where it is recorded, the router-level MIN rows are its sensitivity rows)
        for rt, rt_text in reversed(CLAIM_RT.items()):
            for tr, tl in (("uniform", 0.1), (WORST, 0.25)):
                (a, b), note, res, at = gf_compare(("GF(81,1,10,4)", tr), ("GF(56,1,11,5)", tr), routing=rt)
                if a is None:
                    continue  # gf-min: the paper profile only
                claims.record(f"gf-sec523-gf81-1-10-4-vs-df-{tr}-{rt}", "Galaxyfly Sec. 5.2.3 / Fig. 9",
                              f"GF(81,1,10,4) performs 100% better than DF under {TR_TEXT[tr]} ({rt_text}, relative "
                              f"gain in "
                              "saturation load)", 1.0, round(a / b - 1, 3) if b > 0 else None, tl,
                              details={"saturation": {"GF(81,1,10,4)": a, "DF = GF(56,1,11,5)": b}, "tol": res},
                              **at, note=note + DF_IS + (DF_WORST if tr == WORST else ""),
                              sensitivity_of=of(f"gf-sec523-gf81-1-10-4-vs-df-{tr}-{rt}", rt))
            (a, b), note, res, at = gf_compare(("GF(15,29,4,2)", "uniform"), ("GF(56,1,11,5)", "uniform"), routing=rt)
            if a is not None:
                claims.record(f"gf-sec523-gf15-29-4-2-similar-to-df-uniform-{rt}", "Galaxyfly Sec. 5.2.3 / Fig. 9",
                              f"GF(15,29,4,2) performs similarly to DF under uniform traffic: saturation loads within "
                              f"10% ({rt_text})",
                              True, bool(abs(a - b) <= 0.1 * b), None,
                              details={"saturation": {"GF(15,29,4,2)": a, "DF = GF(56,1,11,5)": b}, "tol": res},
                              **at, note=note + DF_IS,
                              sensitivity_of=of(f"gf-sec523-gf15-29-4-2-similar-to-df-uniform-{rt}", rt))
            (a, b), note, res, at = gf_compare(("GF(15,29,4,2)", WORST), ("GF(56,1,11,5)", WORST), routing=rt)
            if a is not None:
                claims.record(f"gf-sec523-gf15-29-4-2-beats-df-worst-case-{rt}", "Galaxyfly Sec. 5.2.3 / Fig. 9",
                              "GF(15,29,4,2) performs better than DF under the worst case (each its own Sec. 5 rule; "
                              f"{rt_text}): higher saturation load", True, bool(a > b), None,
                              details={"saturation": {"GF(15,29,4,2)": a, "DF = GF(56,1,11,5)": b}, "tol": res},
                              **at, note=note + DF_IS + DF_WORST,
                              sensitivity_of=of(f"gf-sec523-gf15-29-4-2-beats-df-worst-case-{rt}", rt))

        # Galaxyfly Sec. 5.2 (Fig. 9c/9f): saturation-point gains over SF, (uniform, worst case); like the comparisons
        # above, from the paper profile's recorded searches once both are complete, else from this run's
        GF_A_ABOVE_1 = {rec.label for rec in GF_SUPERNODES}
        GAINS = {"GF(15,29,1,7)": (0.42, 1.40), "GF(11,29,1,10)": (0.08, 0.60), "GF(81,1,10,4)": (0.33, 1.00)}
        FIG9_TEXT = {"min": "MIN routing", "nag": NAG_TEXT}
        MIN_BOUND = {(r["network"], r["traffic"]): r["MIN bound"] for r in gf_bounds}
        SF_NET = net_name(next(r for r in GF_P if r.label == "SF"))
        for lab, (g_uni, g_adv) in GAINS.items():
            for rt in GF_ROUTINGS:
                for tr, paper in (("uniform", g_uni), (WORST, g_adv)):
                    (ours, sf), note, res, at = gf_compare((lab, tr), ("SF", tr), routing=rt,
                                                           routing_text=FIG9_TEXT[rt], figure="05_galaxyfly_fig7_9")
                    if ours is None:  # neither searched here nor recorded (quick: NAG on GF(15,29,1,7) and SF only)
                        continue
                    what = ("uniform traffic" if tr == "uniform" else
                            "each one's worst case (Sec. 5 rules; GF: inter-cluster reading)")
                    sf_bound = MIN_BOUND.get((SF_NET, tr))
                    # what the paper's gain asks of SF, against what SF's channel loads allow
                    if rt == "min" and sf_bound:
                        need = ours / (1 + paper)
                        note += (f"; with {lab} at {ours}, the paper's gain needs SF to saturate at {need:.3f}, "
                                 f"{need / sf_bound:.0%} of {SF_NET}'s MIN channel-load bound {sf_bound:.3f} (here SF "
                                 f"reaches {sf / sf_bound:.0%} of it)")
                    nets = " and ".join(net_name(next(r for r in GF_P if r.label == k)) for k in (lab, "SF")) + ": "
                    tol = min(0.1 if tr == "uniform" else 0.25, paper / 2)
                    counted = ""
                    if rt == "min" and lab in GF_A_ABOVE_1:
                        # the paper's MIN (gf-min, Sec. 4.1) differs on this network (a > 1): counted under it against
                        # SF's MIN (SF has no supernodes), both from the searches at the paper's own settings; the
                        # router-level MIN row below is its sensitivity row
                        (pm,), note_pm, res_pm, pm_at = gf_compare((lab, tr), routing="gf-min")
                        if pm is not None and pm_at["figure"] == at["figure"] == "05_galaxyfly_paper_settings":
                            counted = f"gf-fig9-{gid(lab)}-vs-sf-{tr}-gf-min"
                            claims.record(counted, "Galaxyfly Fig. 9c/9f / Sec. 5.2",
                                          f"{lab} saturates {paper:.0%} above SF under {what} (the paper's MIN, "
                                          "relative gain)", paper, round(pm / sf - 1, 3) if sf > 0 else None, tol,
                                          details={"gf": pm, "sf": sf, "routing": {lab: "gf-min", "SF": "min"},
                                                   "tol": res_pm},
                                          **{**pm_at, "routing": GF_ROUTING_NAME["gf-min"] + f" on {lab}; min on SF "
                                             "(no supernodes)"},
                                          note=nets + note_pm + f"; SF under MIN: saturation {sf}")
                        else:
                            note += ("; router-level MIN: the paper's MIN (gf-min, Sec. 4.1) differs on this network "
                                     "(a > 1); its searches at the paper's settings are not all recorded")
                    # tolerance: 0.1 (uniform) or 0.25 (worst case), at most half the stated gain, so a match keeps its
                    # sign
                    claims.record(f"gf-fig9-{gid(lab)}-vs-sf-{tr}-{rt}", "Galaxyfly Fig. 9c/9f / Sec. 5.2",
                                  f"{lab} saturates {paper:.0%} above SF under {what} ({rt} routing, relative gain)",
                                  paper, round(ours / sf - 1, 3) if sf > 0 else None, tol,
                                  details={"gf": ours, "sf": sf, "tol": res}, **at, note=nets + note,
                                  sensitivity_of=counted)

    def zero_load(self) -> None:
        """Zero-load latency (Sec. 5.2.1 / 5.2.3: mean packet latency at offered load 0.02, uniform, MIN) of the
        :data:`ZL` networks, and FB's worst case (tornado) against the Galaxyflies' (Sec. 5.2.2); records their
        claims."""
        study = self.study
        QUICK, seed, SIM_GF, GF_P, GF_RUNS = study.quick, study.seed, self.sim, self.gf_p, self.gf_runs
        gf_compare, GF_NOTE = self.gf_compare, gf_note(SIM_GF)
        # Galaxyfly Sec. 5.2.1 / 5.2.3: zero-load latency (mean packet latency at offered load 0.02, uniform, MIN) of
        # the paper's networks at full size: "GF(81,1,10,4) ... outperforms FT at zero load latency. GF(15,29,4,2) ...
        # gets little higher than FT"; "the zero load latency of GF(15,29,4,2) is higher than DF" (DF = GF(56,1,11,5)).
        # "A little higher" is read as at most 20 % higher.
        self.zl = ZL
        zl_recs = {r.label: r for r in GF_P if r.label in ZL}
        # quick profile: the claims take the paper profile's recorded runs
        # (results/paper/05_simulation/05_galaxyfly_zero_load.csv, 3000+5000-cycle windows) once all four are recorded,
        # as the saturation claims above do
        zl_log = S.result_log("05_simulation", "05_galaxyfly_zero_load")
        zl_paper = {r["label"]: r for r in (S.recorded_records(zl_log) if QUICK and zl_log.path.exists() else [])
                    if r["sim_warmup_cycles"] == PAPER_WINDOWS["warmup_cycles"]
                    and r["sim_measure_cycles"] == PAPER_WINDOWS["measure_cycles"] and r["load"] == 0.02}
        zl_recorded = all(lab in zl_paper for lab in ZL)
        # the same runs at the paper's own Sec. 5 settings (lowdiam.studies.galaxyfly_paper_settings, group
        # zero-load): the claims take them once all four are recorded, in either profile, as gf_compare does
        zl_ps = GPS.zero_load_runs()
        zl_at_paper = all(lab in zl_ps for lab in ZL)
        # this run's: the paper profile records them; the quick profile runs them (the four networks at full size)
        # only when the claims cannot take recorded ones
        zl_runs = ([] if QUICK and (zl_at_paper or zl_recorded) else
                   S.run_sweep([S.Run(zl_recs[lab], min_routing(zl_recs[lab]), "uniform", 0.02, seed, SIM_GF)
                                for lab in ZL], record=study.record("05_galaxyfly_zero_load"), **study.sweep))
        for what, runs_ in (("this run", zl_runs), ("recorded", [zl_paper[lab] for lab in ZL] if zl_recorded else []),
                            ("paper settings", [zl_ps[lab] for lab in ZL] if zl_at_paper else [])):
            for lab, r in zip(ZL, runs_):
                print(f"{what:14s} {lab:15s} {net_name(zl_recs[lab]):22s} zero-load latency "
                      f"{r['latency_mean']:6.2f} cycles, {r['hops_mean']:.2f} hops, {r['num_routers']} routers")
        if zl_at_paper:
            earlier = ("; with the earlier recorded settings (" + EARLIER_SETTINGS_TEXT + ") the router-level MIN runs "
                       "gave "
                       + ", ".join(f"{lab} {zl_paper[lab]['latency_mean']:.2f}" for lab in ZL)
                       if zl_recorded else "")
            zl_runs = [zl_ps[lab] for lab in ZL]

            def paper_note(routing_text: str) -> str:
                return (f"{PAPER_SETTINGS_TEXT}; recorded runs (results/paper/05_simulation/"
                        f"{GPS.LOG_ZERO_LOAD[1]}.csv); zero-load latency = mean packet latency at offered load "
                        f"{GPS.ZERO_LOAD} (uniform, {routing_text}, 1-flit packets, BookSim model)" + earlier)

            ZL_NOTE = paper_note("router-level MIN")
            ZL_AT = {"scale": "paper-network" if PAPER_SETTINGS_DIFFER else "paper",
                     "routing": GF_ROUTING_NAME["min"], "differs": list(PAPER_SETTINGS_DIFFER)}
        else:
            if zl_recorded:
                zl_runs = [zl_paper[lab] for lab in ZL]
            ZL_NOTE = ((gf_note(PAPER_WINDOWS) + "; recorded paper-profile runs "
                                                 "(results/paper/05_simulation/05_galaxyfly_zero_load.csv)"
                        if zl_recorded else GF_NOTE)
                       + "; zero-load latency = mean packet latency at offered load 0.02 (uniform, MIN, 4-flit "
                         "packets, BookSim model)")
            ZL_AT = gf_at(PAPER_WINDOWS if zl_recorded else SIM_GF)  # the paper's networks, other settings (gf_at)
        # the paper's MIN (Sec. 4.1, gf-min) on the Galaxyflies with supernodes and MIN on FT, the routing every counted
        # Galaxyfly claim is judged under, once its runs at the paper's settings are recorded; the router-level MIN
        # rows above then become sensitivity rows (ids ending -min)
        zl_rt = {lab: GPS.paper_min(zl_recs[lab]) for lab in ZL}
        zl_gf = GPS.zero_load_runs(routing="gf-min")
        paper_min = zl_at_paper and all(lab in zl_gf for lab in ZL if zl_rt[lab] == "gf-min")
        variants = [("", "min", zl_runs, ZL_AT, ZL_NOTE)]
        if paper_min:
            pm_runs = [zl_gf[lab] if zl_rt[lab] == "gf-min" else zl_ps[lab] for lab in ZL]
            for lab, r in zip(ZL, pm_runs):
                print(f"{'paper MIN':14s} {lab:15s} {net_name(zl_recs[lab]):22s} zero-load latency "
                      f"{r['latency_mean']:6.2f} cycles, {r['hops_mean']:.2f} hops ({zl_rt[lab]})")
            pm_at = {**ZL_AT, "routing": GF_ROUTING_NAME["gf-min"] + " on the Galaxyflies; min on FT (no supernodes)"}
            pm_note = paper_note("the paper's MIN: gf-min on the Galaxyflies, MIN on FT")
            variants = [("", "gf-min", pm_runs, pm_at, pm_note), ("-min", "min", zl_runs, ZL_AT, ZL_NOTE)]
        # the figure the claims link to (SF.galaxyfly_zero_load) draws the counted routing's runs, and its data
        fig_runs = variants[0][2]
        self.zl_rows = [{"label": lab, "network": net_name(zl_recs[lab]), "routers": r["num_routers"],
                         "routing": r["routing"], "latency_mean": round(r["latency_mean"], 3),
                         "hops_mean": round(r["hops_mean"], 4),
                         "source": ("recorded at the paper's settings" if zl_at_paper else
                                    "recorded paper profile" if zl_recorded else f"this run ({study.profile})")}
                        for lab, r in zip(ZL, fig_runs)]
        S.write_csv(self.zl_rows, "05_galaxyfly_zero_load")
        base_ids = ["gf-sec521-gf81-1-10-4-below-ft-zero-load", "gf-sec521-gf15-29-4-2-little-above-ft-zero-load",
                    "gf-sec523-gf15-29-4-2-above-df-zero-load"]
        for suffix, _, runs_, at, note in variants:
            zl = {lab: r["latency_mean"] for lab, r in zip(ZL, runs_)}
            det = {"latency_mean": {k: round(v, 2) for k, v in zl.items()},
                   "hops_mean": {lab: round(r["hops_mean"], 3) for lab, r in zip(ZL, runs_)},
                   "routing": {lab: r["routing"] for lab, r in zip(ZL, runs_)}}
            common = [dict(details=det, **at, note=note, figure="05_galaxyfly_zero_load",
                           sensitivity_of=base if suffix else "") for base in base_ids]
            claims.record(base_ids[0] + suffix, "Galaxyfly Sec. 5.2.1",
                          "GF(81,1,10,4) has a lower zero-load latency than the fat tree", True,
                          bool(zl["GF(81,1,10,4)"] < zl["FT"]), None, **common[0])
            claims.record(base_ids[1] + suffix, "Galaxyfly Sec. 5.2.1",
                          "GF(15,29,4,2)'s zero-load latency is a little higher than the fat tree's (ratio GF / FT in "
                          "(1, 1.2])", (1.0, 1.2), round(zl["GF(15,29,4,2)"] / zl["FT"], 3), "range", **common[1])
            claims.record(base_ids[2] + suffix, "Galaxyfly Sec. 5.2.3",
                          "GF(15,29,4,2)'s zero-load latency is higher than DF's (DF = GF(56,1,11,5))", True,
                          bool(zl["GF(15,29,4,2)"] > zl["GF(56,1,11,5)"]), None, **common[2])

        # Sec. 5.2.2: "FB presents 62.5 and 70 percent lower saturation point than GF(15,29,4,2) and GF(81,1,10,4),
        # respectively, under worst-case traffic" -- FB's worst case is the tornado permutation
        # (lowdiam.sim.traffic.worst_case); under MIN every packet crosses one offset link per dimension, each carrying
        # one router's 6 endpoints: bound 1/6 on any simulator
        FB = next(r for r in GF_P if r.label == "FB")
        fbw = study.searches([(FB, "min", WORST)], SIM_GF, "05_galaxyfly_fb_worst_case")
        fb_bound = channel_load_bound(FB.build(), "min", WORST).bound
        fb_sat = sat(fbw, "FB", "min", WORST)
        GF_RUNS.update(fbw)
        print(f"FB {net_name(FB)} worst case (tornado), MIN: saturation {fb_sat} (channel-load bound {fb_bound:.3f})")
        fb_text = ("; FB's worst case is the tornado permutation (x_i -> x_i + 3 in each dimension of 8 x 8 x 8), "
                   "GF's the inter-cluster reading")
        for lab, paper in (("GF(81,1,10,4)", 0.70), ("GF(15,29,4,2)", 0.625)):
            what = (f"FB's worst-case saturation point is {paper:.1%} lower than {lab}'s (each its own Sec. 5 rule; "
                    "{rt}; 1 - FB / GF)")
            # counted: the paper's MIN (gf-min) on the Galaxyfly, MIN on FB (no supernodes), both from the searches
            # at the paper's own settings; the router-level MIN on both is its sensitivity row
            (fb, g), note, res, fb_at = gf_compare(("FB", WORST), (lab, WORST))
            (g_pm,), note_pm, res_pm, pm_at = gf_compare((lab, WORST), routing="gf-min")
            counted = ""
            if fb is not None and g_pm is not None and pm_at["figure"] == fb_at["figure"] == \
                    "05_galaxyfly_paper_settings":
                counted = f"gf-sec522-fb-below-{gid(lab)}-worst-case-gf-min"
                claims.record(counted, "Galaxyfly Sec. 5.2.2 / Fig. 9e", what.format(rt="the paper's MIN"), paper,
                              round(1 - fb / g_pm, 3) if g_pm > 0 else None, 0.1,
                              details={"saturation": {"FB": fb, lab: g_pm}, "routing": {"FB": "min", lab: "gf-min"},
                                       "fb_min_channel_load_bound": round(fb_bound, 4), "tol": res_pm},
                              **{**pm_at, "routing": GF_ROUTING_NAME["gf-min"] + f" on {lab}; min on FB (no "
                                 "supernodes)"},
                              note=note_pm + f"; FB under MIN: saturation {fb}" + fb_text)
            if fb is None:
                continue  # quick: the diameter-5 GF(15,29,4,2) until the paper profile has recorded it and FB
            claims.record(f"gf-sec522-fb-below-{gid(lab)}-worst-case-min", "Galaxyfly Sec. 5.2.2 / Fig. 9e",
                          what.format(rt="MIN"), paper, round(1 - fb / g, 3) if g > 0 else None, 0.1,
                          details={"saturation": {"FB": fb, lab: g}, "fb_min_channel_load_bound": round(fb_bound, 4),
                                   "tol": res},
                          **fb_at, note=note + fb_text, sensitivity_of=counted)

    def packet_size(self) -> list[dict]:
        """The MIN searches of :data:`PK_NETS` rerun with 1-flit packets (``05_galaxyfly_packet_size``) beside the
        4-flit ones (``05_galaxyfly_packet_size_summary.csv``): from the recorded paper-profile searches once all eight
        are complete (quick profile), else from this run's.  Returns and keeps ``pk_rows``."""
        study = self.study
        QUICK, SIM_GF, GFS, gf, paper_gf = study.quick, self.sim, self.gfs, self.gf, self.paper_gf
        SIM_PK1 = {**SIM_GF, "packet_flits": 1}
        # quick profile: the claims take the paper profile's recorded searches (1-flit: 05_galaxyfly_packet_size;
        # 4-flit: 05_galaxyfly_fig7_9; 3000+5000-cycle windows, resolution PAPER_TOL) once all eight are complete, as
        # above
        PK_KEYS = [(lab, "min", tr) for lab in PK_NETS for tr in ("uniform", WORST)]
        pk_paper = studies.recorded_saturation("05_simulation", ["05_galaxyfly_packet_size"],
                                               PAPER_TOL) if QUICK else {}
        pk_recorded = QUICK and all(pk_paper.get(k, (0, False))[1] and paper_gf.get(k, (0, False))[1] for k in PK_KEYS)
        # the same comparison at the paper's own Sec. 5 settings (lowdiam.studies.galaxyfly_paper_settings: its 1-flit
        # MIN searches and the 4-flit ones of group packet-4flit), taken once all eight are complete, in either profile,
        # as gf_compare takes that job's searches
        ps1 = self.paper_settings
        ps4 = GPS.recorded(log=GPS.LOG_4FLIT, sim=GPS.SIM_4FLIT)
        pk_at_paper = all(ps1.get(k, (0, False))[1] and ps4.get(k, (0, False))[1] for k in PK_KEYS)
        # this run's searches: every PK_NETS network, or, when the claims read the recorded ones, the Galaxyflies this
        # run's Fig. 7/9 searches ran (the quick profile's scaled-down diameter-2 GF(7,13,1,3)), for the figure
        recs = {r.label: r for r in [*self.gf_p, *GFS]}
        run_nets = (dict(PK_NETS) if not pk_recorded else
                    {r.label: int(diameter(r.build())) for r in GFS if r.constructor == "galaxyfly"})
        pk1 = study.searches([(recs[lab], "min", tr) for lab in run_nets for tr in ("uniform", WORST)], SIM_PK1,
                             "05_galaxyfly_packet_size")
        missing = [(recs[lab], "min", tr) for lab in run_nets for tr in ("uniform", WORST)
                   if (lab, "min", tr) not in gf]
        # (a network this run's Fig. 7/9 searches left out: its 4-flit searches too, to a file of their own)
        gf = {**gf, **(study.searches(missing, SIM_GF, "05_galaxyfly_packet_size_4flit") if missing else {})}
        pk_rows = [pk_row(lab, diam, tr, (pk1[(lab, "min", tr)].records, pk1[(lab, "min", tr)].saturation_load),
                          (gf[(lab, "min", tr)].records, gf[(lab, "min", tr)].saturation_load))
                   for lab, diam in run_nets.items() for tr in ("uniform", WORST)]
        # and under the paper's MIN (gf-min on a Galaxyfly with supernodes), the routing the counted claims take once
        # its searches are complete too; the router-level MIN rows then become their sensitivity rows
        pk_rt = {lab: GPS.paper_min(GPS.NETWORKS[lab]) for lab in PK_NETS}
        pm_keys = [(lab, pk_rt[lab], tr) for lab in PK_NETS for tr in ("uniform", WORST)]
        pk_paper_min = pk_at_paper and all(ps1.get(k, (0, False))[1] and ps4.get(k, (0, False))[1] for k in pm_keys)
        self.pk_rows_min = []
        if pk_at_paper:
            runs = {f: studies.recorded_runs(log[0], [log[1]], recipes={lab: GPS.NETWORKS[lab] for lab in PK_NETS},
                                             sim=sim)
                    for f, (log, sim) in {1: (GPS.LOG, GPS.SIM), 4: (GPS.LOG_4FLIT, GPS.SIM_4FLIT)}.items()}

            def paper_rows(rt_of):
                def side(f, table, key):
                    return [r for r in runs[f] if (r["label"], r["routing"], r["traffic"]) == key], table[key][0]

                return [pk_row(lab, diam, tr, side(1, ps1, (lab, rt_of[lab], tr)), side(4, ps4, (lab, rt_of[lab], tr)))
                        for lab, diam in PK_NETS.items() for tr in ("uniform", WORST)]

            pk_rows = paper_rows({lab: "min" for lab in PK_NETS})
            if pk_paper_min:
                self.pk_rows_min, pk_rows = pk_rows, paper_rows(pk_rt)
                for r in pk_rows:
                    r["routing"] = pk_rt[r["network"]]
        elif pk_recorded:
            def recorded_runs(name, key, flits):
                return [r for r in S.recorded_records(S.result_log("05_simulation", name))
                        if (r["label"], r["routing"], r["traffic"]) == key and r["sim_packet_flits"] == flits
                        and r["sim_warmup_cycles"] == PAPER_WINDOWS["warmup_cycles"]
                        and r["sim_measure_cycles"] == PAPER_WINDOWS["measure_cycles"]]

            pk_rows = [pk_row(lab, diam, tr, (recorded_runs("05_galaxyfly_packet_size", (lab, "min", tr), 1),
                                              pk_paper[(lab, "min", tr)][0]),
                              (recorded_runs("05_galaxyfly_fig7_9", (lab, "min", tr), 4),
                               paper_gf[(lab, "min", tr)][0]))
                       for lab, diam in PK_NETS.items() for tr in ("uniform", WORST)]
        print("1-flit against 4-flit packets:",
              "recorded searches at the paper's settings" if pk_at_paper else
              "recorded paper-profile searches" if pk_recorded else "this run's searches")
        S.write_csv(pk_rows, "05_galaxyfly_packet_size_summary")
        for r in pk_rows:
            print(f"{r['network']:14s} d={r['diameter']} {r['traffic']:10s} latency at {r['load_latency']}: "
                  f"{r['latency_1flit']:6.2f} (1 flit) vs {r['latency_4flit']:6.2f} (4 flits); saturation "
                  f"{r['saturation_1flit']} vs {r['saturation_4flit']} (+{r['saturation_gain']:.0%})")
        self.pk1, self.pk_rows, self.pk_recorded, self.pk_gf4 = pk1, pk_rows, pk_recorded, gf
        self.pk_nets = run_nets  # label -> diameter of the networks pk1 searched (the figure's curves)
        self.pk_at_paper, self.pk_paper_min = pk_at_paper, pk_paper_min
        return pk_rows

    def record_packet_claims(self) -> None:
        """Record the Galaxyfly Sec. 5.1.2 / Fig. 10c-d packet-size claims."""
        study = self.study
        tol, pk_recorded, pk_rows, SIM_GF = study.tol, self.pk_recorded, self.pk_rows, self.sim
        pk_at_paper = self.pk_at_paper
        PK_TOL = GPS.TOL if pk_at_paper else PAPER_TOL if pk_recorded else tol
        # the figure that plots the searches the claims read
        PK_FIG = GFF.name("paper") if pk_at_paper else GFF.NAME if pk_recorded else "05_galaxyfly_packet_size"
        sizes = "1-flit against 4-flit packets (paper: the sizes of Fig. 10c/d are not listed)"
        if pk_at_paper:
            PK_NOTE = (f"{PAPER_SETTINGS_TEXT}, with 1-flit against 4-flit packets; recorded searches "
                       f"(results/paper/05_simulation/: {GPS.LOG[1]}.csv with 1-flit packets, {GPS.LOG_4FLIT[1]}.csv "
                       "with 4-flit)")
            PK_AT = {"scale": "paper-network", "routing": GF_ROUTING_NAME["min"],
                     "differs": [sizes] + list(PAPER_SETTINGS_DIFFER)}
        else:
            PK_NOTE = (gf_note(PAPER_WINDOWS) + "; recorded paper-profile searches (results/paper/05_simulation/: "
                       "05_galaxyfly_packet_size.csv with 1-flit packets, 05_galaxyfly_fig7_9.csv with 4-flit)"
                       if pk_recorded else gf_note(SIM_GF))
            PK_AT = gf_at(PAPER_WINDOWS if pk_recorded else SIM_GF, packets=sizes)
        PK_NOTE += ("; the paper does not list Fig. 10c/d's sizes or networks: 1-flit (its default) against "
                    f"4-flit packets on GF(15,29,1,7) and GF(81,1,10,4), search resolution {PK_TOL}")
        # counted: the paper's MIN (gf-min on GF(81,1,10,4), which has supernodes; MIN on GF(15,29,1,7), a = 1, the
        # same routing) once its searches are complete at the paper's settings, the router-level MIN rows then shown
        # as sensitivity rows (no figure: the paper-settings figure draws the paper's MIN)
        variants = [("", pk_rows, PK_AT, PK_NOTE, PK_FIG)]
        if pk_at_paper and self.pk_paper_min:
            pm_at = {**PK_AT, "routing": GF_ROUTING_NAME["gf-min"] + " on GF(81,1,10,4); min on GF(15,29,1,7) (a = 1: "
                     "the paper's MIN is the router-level MIN there)"}
            variants = [("", pk_rows, pm_at, PK_NOTE, PK_FIG), ("-min", self.pk_rows_min, PK_AT, PK_NOTE, "")]
        for suffix, rows_all, at, note, fig in variants:
            det = {"rows": rows_all, "tol": PK_TOL}
            for tr in ("uniform", WORST):
                rows = [r for r in rows_all if r["traffic"] == tr]
                ids = [f"gf-sec512-smaller-packets-lower-latency-{tr}",
                       f"gf-sec512-bigger-packets-higher-saturation-{tr}",
                       f"gf-sec512-packet-gain-larger-at-lower-diameter-{tr}"]
                common = [dict(figure=fig, **at, note=note, sensitivity_of=i if suffix else "") for i in ids]
                claims.record(ids[0] + suffix, "Galaxyfly Sec. 5.1.2 / Fig. 10c-d",
                              f"Smaller packets give lower latency under {TR_TEXT[tr]} (1-flit below 4-flit mean "
                              "latency at the lowest load run, on both Galaxyflies)", True,
                              all(r["latency_1flit"] < r["latency_4flit"] for r in rows), None, details=det,
                              **common[0])
                claims.record(ids[1] + suffix, "Galaxyfly Sec. 5.1.2 / Fig. 10c-d",
                              f"Bigger packets give a higher saturation point under {TR_TEXT[tr]} (4-flit above 1-flit "
                              "on both Galaxyflies)", True,
                              all(r["saturation_4flit"] > r["saturation_1flit"] for r in rows), None, details=det,
                              **common[1])
                g2, g3 = (next(r["saturation_gain"] for r in rows if r["diameter"] == d) for d in (2, 3))
                claims.record(ids[2] + suffix, "Galaxyfly Sec. 5.1.2 / Fig. 10c-d",
                              "The saturation gain of bigger packets is larger on the diameter-2 Galaxyfly than on the "
                              f"diameter-3 one under {TR_TEXT[tr]} (relative gain, 4-flit over 1-flit)", True,
                              bool(g2 > g3), None, details={**det, "gain_d2": g2, "gain_d3": g3}, **common[2])
