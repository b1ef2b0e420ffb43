"""Notebook 05, Section 1: PolarStar Fig. 9 / Fig. 10 on the Table 3 families (the BookSim model).

:class:`PolarStarSection` runs the section's saturation searches (:meth:`~PolarStarSection.search`), sets them
against the channel-load bounds of the oblivious routings (:meth:`~PolarStarSection.bounds`) and the latency knee
of the recorded paper-scale runs (:meth:`~PolarStarSection.knees`), records the PolarStar Sec. 9.5 / 9.6 claims
(:meth:`~PolarStarSection.record_claims`, judged by :func:`lowdiam.studies.polarstar.verdicts`), and runs the
sensitivity checks of the uniform-MIN ceiling and of UGAL-L's bias.  Its figures are in
:mod:`lowdiam.studies.sim_figures`.

Examples
--------
>>> knee_gaps([{"saturation_load": 0.5, "knee_below": 0.3, "knee_above": 0.4},
...            {"saturation_load": 0.5, "knee_below": None, "knee_above": None}])
[(0.09999999999999998, 0.2)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import claims
from .. import sweep as S
from ..labels import constructor, label
from ..metrics.distances import diameter
from ..sim import BOUND_ROUTINGS, channel_load_bound
from . import polarstar as PS
from . import simulation as studies
from . import stuck_runs as SR
from .sim_study import NOTEBOOK, PAPER_TOL, SimStudy, final_loads, named, net_name, sat

__all__ = ["KNEE_FACTOR", "UGAL_BIAS", "min_routing", "ugal_routing", "knee_gaps", "PolarStarSection"]

#: latency knee: the first load whose mean latency exceeds this factor times the lowest load's
KNEE_FACTOR = 3.0
#: flits added to every Valiant candidate's cost in the biased UGAL-L runs (one 32-flit VC buffer)
UGAL_BIAS = 32


def min_routing(rec: S.Recipe) -> str:
    """The minimal routing of a network: PolarStar tables / hierarchical on DF, MF / random minimal."""
    return PS.routing_of(rec, "min")


def ugal_routing(rec: S.Recipe) -> str:
    """UGAL-L of a network (hierarchical on DF, MF)."""
    return PS.routing_of(rec, "ugal")


def knee_gaps(knee_rows: Sequence[Mapping[str, Any]]) -> list[tuple[float, float]]:
    """Saturation load minus the knee bracket's upper and lower end, per row whose knee was reached.

    Parameters
    ----------
    knee_rows : sequence of mapping
        Rows with ``saturation_load``, ``knee_below`` (None: below the lowest load run) and ``knee_above`` (None: no
        knee reached; such rows are left out).

    Returns
    -------
    list of (float, float)
    """
    return [(r["saturation_load"] - r["knee_above"], r["saturation_load"] - (r["knee_below"] or 0.0))
            for r in knee_rows if r["knee_above"] is not None]


class PolarStarSection:
    """PolarStar Fig. 9 / 10 of one :class:`~lowdiam.studies.sim_study.SimStudy`.

    Parameters
    ----------
    study : SimStudy

    Attributes
    ----------
    table3, table3_paper : list of Recipe
        This profile's networks (quick: scaled-down members of each family) and Table 3's own.
    t3, p3 : dict
        The same by label.
    sim : dict
        Simulation settings (PolarStar Sec. 9.4, the BookSim model).
    fig9 : dict
        Panel -> (traffic, routing of a recipe, title).
    """

    def __init__(self, study: SimStudy) -> None:
        if not isinstance(study, SimStudy):
            raise TypeError(f"study must be a SimStudy, got {type(study).__name__}")
        self.study = study
        self.table3_paper = PS.table3("paper")  # PolarStar Table 3
        self.table3 = PS.table3(study.profile)  # quick: scaled-down members of each family
        self.t3 = {r.label: r for r in self.table3}
        self.p3 = {r.label: r for r in self.table3_paper}
        self.sim = {"packet_flits": 4, "buffer_flits": 32, **study.booksim}
        self.fig9 = {panel: (tr, (lambda r, role=role: PS.routing_of(r, role)), title)
                     for panel, (tr, role, title) in PS.FIG9.items()}
        self.has_groups = PS.has_groups

    def search(self) -> dict:
        """The Fig. 9 and Fig. 10 saturation searches (CSV ``05_polarstar_fig9``, ``_fig10``, ``_saturation``); the
        paper profile also reruns them under BookSim2's run control.  Returns and keeps (``ps``) the searches."""
        st, TABLE3 = self.study, self.table3
        for rec in TABLE3:
            top = rec.build()
            print(f"{rec.label:7s} {net_name(rec):14s} routers {top.num_routers:5d}  network radix {top.radix:3d}  "
                  f"endpoints {top.num_endpoints:5d}  MIN={min_routing(rec)}  UGAL={ugal_routing(rec)}")
        cfg9 = [(rec, fn(rec), traffic) for traffic, fn, _ in self.fig9.values() for rec in TABLE3]
        cfg10 = [(rec, fn(rec), "adversarial") for rec in TABLE3 if PS.has_groups(rec)
                 for fn in (min_routing, ugal_routing)]
        ps = {**st.searches(cfg9, self.sim, "05_polarstar_fig9"), **st.searches(cfg10, self.sim, "05_polarstar_fig10")}
        S.write_csv([r for x in ps.values()
                     for r in named(x.recipe, [{k: v for k, v in x.as_row().items() if k != "label"}])],
                    "05_polarstar_saturation")
        if not st.quick:  # the same searches under BookSim2's run control, each from its fixed-rule bracket
            for group, cfgs in PS.group_configs(TABLE3):
                PS.group_searches(group, cfgs, old_records=PS.hint_records(group),
                                  record=st.record(PS.group_log(group)),
                                  coarse_step=st.coarse_step, tol=st.tol, router_speedup=st.router_speedup,
                                  seed=st.seed, **st.sweep)
        self.ps = ps
        return ps

    def bounds(self) -> None:
        """This run's searches of the oblivious routings against their channel-load bounds
        (``figures/05_polarstar_bounds.csv``), and the recorded paper-scale searches against theirs
        (``05_polarstar_bounds_paper.csv``); asserts that no recorded run accepts more than the balanced bound.
        Sets ``bound_rows``, ``paper_rows`` (the recorded runs), ``paper_sat`` and ``paper_bound_rows``."""
        st, ps, TABLE3, P3 = self.study, self.ps, self.table3, self.p3
        seed, tol = st.seed, st.tol
        bound_rows = []
        # min-single on the BookSim model follows BookSim's anynet Dijkstra table (ties to the lowest router id)
        PATHS = {"paths": "booksim-anynet"} if self.sim["router"] == "booksim" else {}
        for (lab, rt, tr), x in sorted(ps.items()):
            if rt not in BOUND_ROUTINGS:
                continue
            rec = next(r for r in TABLE3 if r.label == lab)
            b = channel_load_bound(rec.build(), rt, tr, seed=seed, **(PATHS if rt == "min-single" else {}))
            over = x.saturation_load > b.bound * 1.05 + tol  # a diagnostic, not a simulator bug
            bound_rows.append({"network": net_name(rec), "network_constructor": constructor(rec.build()), "routing": rt,
                               "traffic": tr, "bound": round(b.bound, 4), "balanced_bound": round(b.balanced_bound, 4),
                               "saturation_load": x.saturation_load,
                               "fraction_of_bound": round(x.saturation_load / b.bound, 3), "above_bound": over})
        for r in bound_rows:
            print(f"{r['network']:12s} {r['routing']:11s} {r['traffic']:12s} bound {r['bound']:.3f}  measured "
                  f"{r['saturation_load']:.3f}  ({r['fraction_of_bound']:.0%} of the bound)"
                  + ("  <- above the bound: quick windows too short to see this saturation" if r["above_bound"]
                     else ""))
        fr = [r["fraction_of_bound"] for r in bound_rows if r["bound"] > 0.05]
        print(f"measured / bound: {min(fr):.0%} to {max(fr):.0%} over {len(fr)} configurations with a bound above 0.05")
        S.write_csv(bound_rows, "05_polarstar_bounds")
        # The recorded paper-scale searches (Table 3 networks, 3000 + 5000-cycle windows) against the same bounds: the
        # saturation load against the worst arc's bound, and the accepted load of every recorded run against the
        # balanced bound (every arc equally loaded), a hard limit of any run: exceeding it would be a simulator bug.
        paper_rows = S.recorded_records(S.result_log(NOTEBOOK, "05_polarstar_fig9")) + \
            S.recorded_records(S.result_log(NOTEBOOK, "05_polarstar_fig10"))
        paper_sat = studies.saturation_from_records(paper_rows, PAPER_TOL)  # key -> (load, search done)
        paper_bound_rows = []
        for (lab, rt, tr), (load, done) in sorted(paper_sat.items()):
            if not done or rt not in BOUND_ROUTINGS:
                continue
            b = channel_load_bound(P3[lab].build(), rt, tr, seed=seed, **(PATHS if rt == "min-single" else {}))
            runs = [r for r in paper_rows if (r["label"], r["routing"], r["traffic"]) == (lab, rt, tr)]
            assert all(r["accepted_load"] <= b.balanced_bound * 1.01 for r in runs), (lab, rt, tr, b.balanced_bound)
            at = next(r for r in runs if r["load"] == load) if load > 0 else None
            low = min(runs, key=lambda r: r["load"])
            paper_bound_rows.append({
                "label": lab, "network": label(P3[lab].build()), "routing": rt, "traffic": tr,
                "bound": round(b.bound, 4), "balanced_bound": round(b.balanced_bound, 4), "saturation_load": load,
                "fraction_of_bound": round(load / b.bound, 3),
                "accepted_at_saturation_load": round(at["accepted_load"], 4) if at else None,
                "latency_at_saturation_load": round(at["latency_mean"], 1) if at else None,
                "latency_at_lowest_load": round(low["latency_mean"], 1) if low["latency_mean"] else None,
                "lowest_load": low["load"]})
        for r in paper_bound_rows:
            print(f"paper scale {r['network']:14s} {r['routing']:11s} {r['traffic']:9s} bound {r['bound']:.3f}  "
                  f"measured {r['saturation_load']:.3f} ({r['fraction_of_bound']:.0%} of the bound)"
                  + (f"  latency {r['latency_at_saturation_load']} cycles there, {r['latency_at_lowest_load']} at load "
                     f"{r['lowest_load']}" if r["latency_at_saturation_load"] else ""))
        S.write_csv(paper_bound_rows, "05_polarstar_bounds_paper")
        self.bound_rows, self.paper_rows, self.paper_sat = bound_rows, paper_rows, paper_sat
        self.paper_bound_rows = paper_bound_rows

    def knees(self) -> list[dict]:
        """The latency knee (first load whose mean latency exceeds :data:`KNEE_FACTOR` x the lowest load's) of every
        complete recorded paper-scale search beside its saturation load (``figures/05_polarstar_knee_paper.csv``),
        with a summary printed; no new simulation.  Returns and keeps ``knee_rows``."""
        P3, paper_sat = self.p3, self.paper_sat
        knees = studies.latency_knee_from_records(self.paper_rows, KNEE_FACTOR)
        knee_rows = []
        for (lab, rt, tr), (load, done) in sorted(paper_sat.items()):
            if not done:
                continue
            k = knees[(lab, rt, tr)]
            assert k["below"] is None or k["below"] <= load, (lab, rt, tr)  # a knee can only come before saturation
            knee_rows.append({"label": lab, "network": label(P3[lab].build()), "routing": rt, "traffic": tr,
                              "saturation_load": load, "knee_below": k["below"], "knee_above": k["above"],
                              "base_load": k["base_load"], "base_latency": round(k["base_latency"], 1),
                              "knee_factor": KNEE_FACTOR})
        S.write_csv(knee_rows, "05_polarstar_knee_paper")
        gaps = knee_gaps(knee_rows)
        print(f"{len(knee_rows)} complete paper-scale searches; the knee ({KNEE_FACTOR:g}x the lowest load's latency) "
              f"is reached at or below the saturation load in {sum(hi >= 0 for hi, _ in gaps)}, and certainly at least "
              f"0.1 below it in {sum(hi >= 0.1 - 1e-9 for hi, _ in gaps)}; saturation load minus the knee bracket's "
              f"upper end: median {np.median([hi for hi, _ in gaps]):.3f}, max {max(hi for hi, _ in gaps):.3f}; minus "
              f"its lower end: median {np.median([lo for _, lo in gaps]):.3f}, max {max(lo for _, lo in gaps):.3f}")
        # which network tops each complete Fig. 9 panel under each definition (the knee by its bracket's upper end)
        by_key = {(r["label"], r["routing"], r["traffic"]): r for r in knee_rows}
        for panel, (tr, fn, title) in self.fig9.items():
            rows = [by_key.get((rec.label, fn(rec), tr)) for rec in self.table3_paper]
            if any(r is None for r in rows):
                continue
            by_lab = {r["label"]: r for r in rows}
            top_sat = studies.leaders({lab: r["saturation_load"] for lab, r in by_lab.items()}, PAPER_TOL)
            top_knee = studies.leaders({lab: r["knee_above"] or 0.0 for lab, r in by_lab.items()}, 0.0)
            print(f"Fig. 9{panel} ({title}): top by saturation load "
                  + ", ".join(f"{lab} {by_lab[lab]['saturation_load']:.3f}" for lab in top_sat)
                  + "; top by knee " + ", ".join(f"{lab} ({by_lab[lab]['knee_below']}, {by_lab[lab]['knee_above']}]"
                                                  for lab in top_knee))
        self.knee_rows = knee_rows
        return knee_rows

    def record_claims(self) -> None:
        """Record the PolarStar Sec. 9.5 / 9.6 statements about Fig. 9 / 10 (judged by
        :func:`lowdiam.studies.polarstar.verdicts`).

        Each is judged on the recorded paper-scale searches under BookSim2's run control once all it compares are
        done, else on the recorded fixed-rule searches, else on this run's networks.  Sets ``paper_rule`` (the
        BookSim-rule searches recorded), ``paper_vcs`` (those at the paper's VCs, :data:`PS.PAPER_VCS_LOG`),
        ``mf_probe`` (the Megafly's at 3 VCs, a sensitivity: :func:`PS.mf_probe_sim`) and
        ``b9b`` (Fig. 9b's channel-load bounds at paper scale).
        """
        st = self.study
        paper_ps = self.paper_sat if st.quick else {}  # recorded searches (bounds)
        print(f"paper-scale saturation searches recorded: {len(paper_ps)}, complete: "
              f"{sum(ok for _, ok in paper_ps.values())}")
        self.paper_rule = studies.saturation_from_records(S.recorded_records(S.result_log(NOTEBOOK, PS.RULE_LOG)),
                                                          PAPER_TOL)
        self.b9b = {r["label"]: r["bound"] for r in self.paper_bound_rows
                    if (r["routing"], r["traffic"]) == ("min-single", "uniform")}
        # the UGAL-L searches at the paper's VCs (the job's groups ugal-ps-4vcs and ugal-paper-vcs, each network at
        # its settings)
        vcs_runs = PS.paper_vcs_runs()
        held = SR.by_run(PS.PAPER_VCS_LOG)  # what held its stuck runs (the wait-for analysis)
        self.paper_vcs = PS.searches_from_records(vcs_runs, tol=PAPER_TOL)  # any VC: from the coarse grid
        self.mf_probe = mf_probe = PS.searches_from_records(PS.mf_probe_runs(), tol=PAPER_TOL)  # MF at 3 VCs
        for kw in PS.verdicts(booksim=self.paper_rule, fixed=self.paper_sat, paper_recs=self.p3, bounds=self.b9b,
                              paper_vcs=self.paper_vcs, paper_vcs_decisions=PS.first_unstable_decisions(vcs_runs, held),
                              mf_probe=mf_probe,
                              stand_in=final_loads(self.ps), stand_in_recs=self.t3, stand_in_res=st.tol,
                              router_speedup=st.router_speedup,
                              stand_in_text=st.where(*self.table3).get("stand_in", "")):
            claims.record(**kw)
        # the authors' public code beside the paper's text: a sensitivity row once all of its searches are done
        # the job's settings: the PolarStars' at authors_sim, the Dragonfly's at the fork's own (authors_df_sim)
        authors_runs = PS.authors_runs()
        self.paper_authors = PS.searches_from_records(authors_runs, tol=PAPER_TOL)
        self.authors = PS.authors_code(self.paper_rule, self.p3, authors=self.paper_authors, bounds=self.b9b,
                                       paper_vcs=self.paper_vcs,
                                       decisions=PS.first_unstable_decisions(authors_runs, SR.by_run(PS.AUTHORS_LOG)))
        for row in self.authors:
            if row["record"] is not None:
                claims.record(**row["record"])

    def rule_sensitivity(self) -> list[dict]:
        """Every claim under the fixed-window rule and under BookSim2's run control side by side
        (``figures/05_polarstar_rule_sensitivity.csv``)."""
        sensitivity = PS.rule_sensitivity(self.paper_sat, self.paper_rule, self.p3, bounds=self.b9b)
        S.write_csv(sensitivity, "05_polarstar_rule_sensitivity")
        return sensitivity

    def authors_code(self) -> list[dict]:
        """Every claim the authors' public code changes, under the paper's text and under that code (the
        PolarStars' anynet ``min`` = ``min-single`` and ``ugall4_pf`` = ``ugal-pf``), both under BookSim2's run
        control at paper scale (``figures/05_polarstar_authors_code.csv``;
        :func:`lowdiam.studies.polarstar.authors_code`).
        Needs :meth:`record_claims` first."""
        rows = [{k: v for k, v in r.items() if k != "record"} for r in self.authors]
        S.write_csv(rows, "05_polarstar_authors_code")
        return rows

    def stuck_runs(self) -> list[dict]:
        """What held each recorded paper-scale run that ended "stuck" or "deadlock": the wait-for analysis of its
        final state (:mod:`lowdiam.studies.stuck_runs`, its result log; ``figures/05_polarstar_stuck_runs.csv``),
        one row per analysed run.  Runs not analysed yet are left out (``python -m lowdiam.studies.stuck_runs``)."""
        held = SR.recorded()
        tops = {r.label: r.build() for r in self.table3_paper if any(row["label"] == r.label for row in held)}
        now = {SR.run_key(log, r): r for log, read in SR.LOGS.items() for r in read()}

        def today(row):  # the run's decision in its log now: another where it was rerun under the held rule
            r = now.get(SR.run_key(row["log"], row))
            if r is None or (r["decision"], int(r["cycles"])) == (row["decision"], int(row["cycles"])):
                return row["decision"]
            return f"{r['decision']} (rerun under the held rule, cycle {r['cycles']})"

        rows = [{"network": row["label"], "routing": row["routing"], "traffic": row["traffic"], "load": row["load"],
                 "decision": row["decision"], "decision now": today(row), "cycle": row["cycles"],
                 "wait cycle": len(row["cycle"]),
                 "U-turns": SR.cycle_turns(tops[row["label"]], row["cycle"]),
                 "deadlocked VCs": row["deadlocked_vcs"], "routers": row["deadlocked_routers"],
                 "packets held": row["deadlocked_packets"], "measured left": row["in_network_measured"],
                 "measured held": row["measured_in_deadlock"], "oldest age": row["oldest_age"],
                 "settings": ("paper's VCs" if row["log"] == PS.PAPER_VCS_LOG else "authors' code")}
                for row in held]
        S.write_csv(rows, "05_polarstar_stuck_runs")
        return rows

    def ceiling_check(self) -> list[dict]:
        """PS-IQ, uniform, MIN at offered load 1.0 with deeper buffers, more VCs, longer windows and iSLIP
        allocators (printed; paper profile: recorded to ``05_sensitivity``).  Returns the runs."""
        st = self.study
        ps_iq = next(r for r in self.table3 if r.label == "PS-IQ")
        variants = {"as above": {}, "4x deeper VC buffers": {"buffer_flits": 128}, "8 VCs": {"vcs": 8},
                    "8x longer windows": {"warmup_cycles": 8 * st.warmup_cycles,
                                          "measure_cycles": 8 * st.measure_cycles},
                    "iSLIP allocators, 2 iterations": {"router_options": {
                        **st.booksim["router_options"], "vc_allocator": "islip", "sw_allocator": "islip",
                        "alloc_iters": 2}}}
        check = S.run_sweep([S.Run(ps_iq, min_routing(ps_iq), "uniform", 1.0, st.seed, {**self.sim, **v})
                             for v in variants.values()], record=st.record("05_sensitivity"), **st.sweep)
        for name, r in zip(variants, check):
            print(f"{name:32s} accepted {r['accepted_load']:.3f} at offered 1.0, saturated={r['saturated']}")
        return check

    def ugal_bias(self) -> list[dict]:
        """UGAL-L's bias to the minimal route: the share of packets on routes longer than the diameter at offered
        load 0.2 (``figures/05_ugal_misroutes.csv``) and the UGAL searches rerun with a :data:`UGAL_BIAS`-flit
        threshold (``05_ugal_bias``) beside MIN and unbiased UGAL-L (``05_ugal_bias_saturation.csv``).
        Returns and keeps ``bias_rows``."""
        st, ps, T3 = self.study, self.ps, self.t3
        BIAS_NETS = [T3[lab] for lab in ("PS-IQ", "PS-Pal", "BF", "DF")]
        # packets on routes longer than the diameter, UGAL-L, uniform, offered load 0.2: this run's searches and, in the
        # quick profile, the recorded paper-scale ones (Table 3 networks)
        recorded = self.paper_rows if st.quick else []  # the recorded paper-scale runs (bounds)
        misroutes = []
        for rec in BIAS_NETS:
            diam = int(diameter(rec.build()))
            rows = {"this run": [r for r in ps[(rec.label, ugal_routing(rec), "uniform")].records if r["load"] == 0.2],
                    "recorded paper scale": [r for r in recorded if r["label"] == rec.label
                                             and r["traffic"] == "uniform" and r["routing"] == ugal_routing(rec)
                                             and r["load"] == 0.2]}
            for src, rs in rows.items():
                for r in rs:
                    misroutes.append({
                        "network": net_name(rec) if src == "this run" else f"{rec.label} (Table 3)", "from": src,
                        "routers": r["num_routers"], "diameter": diam, "load": 0.2,
                        "share longer than the diameter": round(studies.share_longer_than(r["hop_histogram"], diam), 3),
                        "hops (UGAL-L)": round(r["hops_mean"], 3)})
        for m in misroutes:
            print(f"{m['network']:28s} {m['from']:21s} diameter {m['diameter']}: "
                  f"{m['share longer than the diameter']:.1%} of packets longer than the diameter, mean hops "
                  f"{m['hops (UGAL-L)']}")
        S.write_csv(misroutes, "05_ugal_misroutes")
        biased = st.searches([(rec, ugal_routing(rec), tr) for rec in BIAS_NETS for tr in ("uniform", "adversarial")],
                             {**self.sim, "routing_options": {"threshold": UGAL_BIAS}}, "05_ugal_bias")
        bias_rows = [{"network": net_name(rec), "traffic": tr, "MIN": sat(ps, rec.label, min_routing(rec), tr),
                      "UGAL-L": sat(ps, rec.label, ugal_routing(rec), tr),
                      f"UGAL-L, threshold {UGAL_BIAS}": sat(biased, rec.label, ugal_routing(rec), tr)}
                     for rec in BIAS_NETS for tr in ("uniform", "adversarial")]
        S.write_csv(bias_rows, "05_ugal_bias_saturation")
        self.bias_rows = bias_rows
        return bias_rows
