"""Notebook 05, Section 2: Polarized routing Fig. 4-6 (random regular graph) and Fig. 8 (other low-diameter networks).

:class:`PolarizedSection` runs the section's latency curves on the CAMINOS model (and, for the routings that model
lacks, the ideal one), reads the curves the paper profile recorded (``results/paper/05_simulation/``), and records
the Polarized paper's Sec. 4.2 and Sec. 5 claims: from the recorded paper-scale curves once every curve a claim
compares is complete, from this run's otherwise.  The paper-scale figures are drawn by
:mod:`lowdiam.studies.polarized_figures`, this run's by :mod:`lowdiam.studies.sim_figures`.

Examples
--------
>>> lagging({0.1: {"accepted_load": 0.1}, 0.4: {"accepted_load": 0.3}, 0.2: {"accepted_load": 0.15}})
[0.2, 0.4]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from .. import claims
from .. import sweep as S
from ..sim import channel_load_bound
from . import polarized_figures as PZ
from . import simulation as studies
from .sim_study import SimStudy, named, net_name, noted, recipe, write_runs

__all__ = ["PAPER_NOTE", "PAPER_CURVE", "LAT_REL", "REL8", "lagging", "PolarizedSection"]

#: the scale note of a claim taken from the recorded paper-profile curves
PAPER_NOTE = "recorded paper-profile curves (0.05 load grid)"
#: the paper profile's load grid
PAPER_CURVE = [round(x, 4) for x in np.arange(0.1, 1.0 + 1e-9, 0.05)]
#: "about the same" latency, read as within 10 %
LAT_REL = 0.10
#: "best" on Fig. 8: no other routing's peak accepted load above Polarized's by more than 2 %
REL8 = 0.02
_NAME8 = {"DF": "Dragonfly (palm-tree)", "PG": "projective network (Levi graph)", "SF": "Slim Fly"}


def lagging(by: Mapping[float, Mapping[str, Any]]) -> list[float]:
    """Offered loads (ascending) at which a curve ``{offered load: run}`` accepts less than 95 % of the offered.

    Parameters
    ----------
    by : mapping
        Offered load -> run (with ``accepted_load``).

    Returns
    -------
    list of float
    """
    return [x for x, r in sorted(by.items()) if r["accepted_load"] < 0.95 * x]


class PolarizedSection:
    """Polarized Fig. 4-6 and Fig. 8 of one :class:`~lowdiam.studies.sim_study.SimStudy`.

    Parameters
    ----------
    study : SimStudy
    """

    def __init__(self, study: SimStudy) -> None:
        if not isinstance(study, SimStudy):
            raise TypeError(f"study must be a SimStudy, got {type(study).__name__}")
        self.study = study

    # ------------------------------------------------------------------------------------------ Fig. 4-6
    def fig4_6_curves(self) -> dict:
        """The Fig. 4-6 latency curves of every routing and pattern on this profile's RRG (quick: 200 routers of
        degree 10; paper: the paper's 720 of degree 17), every run to ``figures/05_polarized_fig4_6.csv``.
        Returns and keeps ``pol``: ``(run name, pattern) -> runs``."""
        st = self.study
        QUICK, seed, CURVE_LOADS = st.quick, st.seed, st.curve_loads
        warmup_cycles, measure_cycles, WINDOWS = st.warmup_cycles, st.measure_cycles, st.windows
        RRG = recipe("RRG", "jellyfish", 200, 10, 1, endpoints_per_router=4) if QUICK else \
              recipe("RRG", "jellyfish", 720, 17, 1, endpoints_per_router=7)
        SIM_POL = {"packet_flits": 16, "router": "caminos", "warmup_cycles": warmup_cycles,
                   "measure_cycles": measure_cycles}
        SIM_POL_IDEAL = {"packet_flits": 16, "buffer_flits": 64, "router": "ideal", **WINDOWS}
        # run name -> (routing, model settings); "polarized (ideal)" pairs Polarized with KSP on one router model
        POL_RUNS = {"min-adaptive": ("min-adaptive", SIM_POL), "valiant": ("valiant", SIM_POL),
                    "polarized": ("polarized", SIM_POL),
                    "min": ("min", SIM_POL_IDEAL), "source-min": ("source-min", SIM_POL_IDEAL),
                    "ksp": ("ksp", SIM_POL_IDEAL),
                    "polarized (ideal)": ("polarized", SIM_POL_IDEAL)}
        POL_ROUTINGS = list(POL_RUNS)
        POL_PATTERNS = {"uniform": "Fig. 4: uniform", "server_perm": "Fig. 5: random server permutation",
                        "neighbor": "Fig. 6: router permutation to neighbour"}
        top = RRG.build()
        print(net_name(RRG), top.num_routers, "routers,", top.num_endpoints, "servers; routings:", POL_ROUTINGS)
        pol = {(name, tr): S.load_curve(RRG, rt, tr, CURVE_LOADS, seeds=(seed,), sim=sim, tags={"figure": tr},
                                          record=st.record("05_polarized_fig4_6"), **st.sweep)
               for tr in POL_PATTERNS for name, (rt, sim) in POL_RUNS.items()}
        write_runs(named(RRG, [r for v in pol.values() for r in v]), "05_polarized_fig4_6", extra=("hop_histogram",))
        print(f"{sum(map(len, pol.values()))} runs")
        self.rrg, self.sim_pol, self.sim_pol_ideal, self.pol_runs = RRG, SIM_POL, SIM_POL_IDEAL, POL_RUNS
        self.pol_routings, self.pol_patterns, self.top, self.pol = POL_ROUTINGS, POL_PATTERNS, top, pol
        return pol

    def fig4_6_recorded(self) -> None:
        """Print the peak accepted load of every curve of this run and read the curves the paper profile recorded
        on RRG(720, 17) (``rec_pol``: CAMINOS model, ``rec_ideal``: ideal model; ``(label, routing, pattern) ->
        (runs by offered load, complete)``)."""
        st = self.study
        QUICK, pol, POL_RUNS = st.quick, self.pol, self.pol_runs
        peak = studies.peak_accepted(pol)
        for (rt, tr), v in sorted(peak.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            model = POL_RUNS[rt][1]["router"]
            print(f"{tr:12s} {rt:18s} ({model:7s}) peak accepted {v:.3f}")
        # Fig. 4-6 at the paper's scale: the CAMINOS-model curves recorded by the paper profile
        # (results/paper/05_simulation/05_polarized_fig4_6.csv, RRG(720, 17) with 7 servers per router, 0.05 load grid);
        # each figure's claims come from them once all the curves they compare are complete
        RRG_PAPER = recipe("RRG", "jellyfish", 720, 17, 1, endpoints_per_router=7)
        pol_log = S.result_log("05_simulation", "05_polarized_fig4_6")
        pol_records = S.recorded_records(pol_log) if pol_log.path.exists() else []
        rec_pol = studies.recorded_curves(pol_records, PAPER_CURVE, constructor="jellyfish", num_routers=720,
                                          num_endpoints=5040, sim_router="caminos", sim_packet_flits=16,
                                          sim_warmup_cycles=3000, sim_measure_cycles=5000)
        # ... and the ideal-model curves (random-minimal MIN, source MIN, KSP and Polarized once more on one router
        # model)
        rec_ideal = studies.recorded_curves(pol_records, PAPER_CURVE, constructor="jellyfish", num_routers=720,
                                            num_endpoints=5040, sim_router="ideal", sim_packet_flits=16,
                                            sim_buffer_flits=64,
                                            sim_warmup_cycles=3000, sim_measure_cycles=5000)
        # the figure that plots a claim's curves, by the claim's scale: the recorded paper-scale curves, or this run's
        FIG46 = {"paper": PZ.figure_name("fig4_6"), "stand-in": "05_polarized_fig4_6"}
        rrg = "scaled-down RRG (200 routers)" if QUICK else "RRG 720 routers"
        self.peak, self.rrg_paper, self.rec_pol, self.rec_ideal = peak, RRG_PAPER, rec_pol, rec_ideal
        self.fig46, self.rrg_text = FIG46, rrg

    def pol_curves(self, tr: str, routings: Sequence[str]) -> tuple[dict, str, dict, bool]:
        """The CAMINOS-model curves ``{routing: {offered load: run}}`` of pattern ``tr``, the network's description,
        the claims' scale (with :data:`PAPER_NOTE` when recorded) and whether they are the recorded paper-scale
        curves: those once every one of ``routings`` is complete there (quick profile), else this run's."""
        got = {rt: self.rec_pol.get(("RRG", rt, tr), ({}, False)) for rt in routings}
        for rt, (by, _) in got.items():
            print(f"paper scale, recorded: {tr:11s} {rt:13s} {len(by):2d} of {len(PAPER_CURVE)} loads"
                  + (f", peak accepted {studies.peak_accepted({rt: by.values()})[rt]:.3f}" if by else ""))
        if self.study.quick and all(ok for _, ok in got.values()):
            return ({rt: by for rt, (by, _) in got.items()}, "RRG 720 routers", dict(scale="paper", note=PAPER_NOTE),
                    True)
        return ({rt: {r["load"]: r for r in self.pol[(rt, tr)]} for rt in routings}, self.rrg_text,
                self.study.where(self.rrg), False)

    def run_peaks(self, pairs: Sequence[tuple[str, str]]) -> tuple[dict, str, dict]:
        """Peak accepted loads ``{(run name, pattern): load}`` of ``pol_runs`` names (either router model), the
        network's description and the claims' scale: the recorded paper-scale curves once every one is complete
        (quick profile), else this run's."""
        got = {(name, tr): (self.rec_ideal if self.pol_runs[name][1]["router"] == "ideal" else self.rec_pol).get(
            ("RRG", self.pol_runs[name][0], tr), ({}, False)) for name, tr in pairs}
        if self.study.quick and all(ok for _, ok in got.values()):
            return (studies.peak_accepted({k: by.values() for k, (by, _) in got.items()}), "RRG 720 routers",
                    dict(scale="paper", note=PAPER_NOTE))
        return ({k: self.peak[k] for k in pairs}, self.rrg_text,
                self.study.where_pending([self.rrg], "curves (RRG 720 routers)", sum(ok for _, ok in got.values()),
                                         len(pairs)))

    def record_fig4_6_claims(self) -> None:
        """Record the Polarized Fig. 4-6 / Sec. 4.2 claims (ids ``pol-fig4-*``, ``pol-fig5-*``, ``pol-fig6-*``,
        ``pol-sec5-*``), with the channel-load bounds of the oblivious routings and CAMINOS itself on the same graphs
        (``figures/crossval/``) as references."""
        st = self.study
        QUICK, seed = st.quick, st.seed
        peak, FIG46, top, RRG_PAPER = self.peak, self.fig46, self.top, self.rrg_paper
        POL_PATTERNS = self.pol_patterns
        uni4, rrg4, w4n, pol_paper = self.pol_curves("uniform", ("min-adaptive", "valiant", "polarized"))
        pk = studies.peak_accepted({rt: by.values() for rt, by in uni4.items()})
        top4 = RRG_PAPER.build() if pol_paper else top
        claims.record("pol-fig4-polarized-vs-min-uniform", "Polarized Fig. 4 / Sec. 4.2",
                      f"Polarized ~ minimal throughput under uniform traffic: peak accepted ratio polarized/min "
                      f"({rrg4})",
                      1.0, round(pk["polarized"] / pk["min-adaptive"], 3), "5%",
                      figure=FIG46[w4n["scale"]],
                      details={"router": "caminos", "ideal_model_polarized_over_random_min":
                               None if pol_paper
                               else round(peak[("polarized (ideal)", "uniform")] / peak[("min", "uniform")], 3)},
                      **dict(w4n,
                             note="both on the CAMINOS model, minimal routing as CAMINOS's (adaptive among minimal "
                                  "next hops)" + (f"; {PAPER_NOTE}" if pol_paper else
                                        "; on the ideal model with random-minimal MIN the ratio is in details")),
                      routing="polarized, min-adaptive")
        # random-minimal MIN and Valiant with random-minimal phases are oblivious: their channel loads bound any
        # simulator
        vb = {rt: channel_load_bound(top4, rt, "uniform", seed=seed) for rt in ("min", "source-min", "valiant")}
        for rt, b in vb.items():
            print(f"channel-load bound {rt:10s} (oblivious phases, {top4.num_routers} routers): {b.bound:.3f} (max arc "
                  f"load {b.max_arc_load:.3f}, hops {b.hops_mean:.3f}); perfectly balanced arcs: "
                  f"{b.balanced_bound:.3f}")
        why = ""
        if vb["valiant"].balanced_bound < 0.40:
            why = (f"Valiant routes are {vb['valiant'].hops_mean:.2f} links long on average on this RRG, so even "
                   f"perfectly balanced arcs cap it at {vb['valiant'].balanced_bound:.3f} (< 0.40) on any simulator")
        claims.record("pol-fig4-valiant-saturation", "Polarized Fig. 4 / Sec. 4.2",
                      f"Valiant saturates a little above 40% under uniform: peak accepted load ({rrg4})",
                      (0.40, 0.50), round(pk["valiant"], 3), "range", explanation=why,
                      details={"router": "caminos (adaptive minimal phases)",
                               "channel_load_bound_oblivious": {rt: round(b.bound, 4) for rt, b in vb.items()},
                               "balanced_bound": {rt: round(b.balanced_bound, 4) for rt, b in vb.items()}},
                      figure=FIG46[w4n["scale"]], **w4n, routing="valiant")
        for tr in ("server_perm", "neighbor"):
            if ("ksp", tr) in peak:
                pk_k, net_k, at_k = self.run_peaks([("polarized (ideal)", tr), ("ksp", tr)])
                claims.record(f"pol-fig{5 if tr == 'server_perm' else 6}-polarized-vs-ksp", "Polarized Sec. 4.2",
                              f"Polarized > 30% above KSP under {tr}: peak accepted ratio polarized/ksp ({net_k})",
                              (1.3, 100.0), round(pk_k[("polarized (ideal)", tr)] / pk_k[("ksp", tr)], 3), "range",
                              details={"router": "ideal (KSP is not in the CAMINOS model)"},
                              figure=FIG46[at_k["scale"]], **at_k, routing="polarized, ksp (ideal model)")

        # Fig. 5/6: Polarized against minimal routing, both on the CAMINOS model (the paper's own pair); CAMINOS itself
        # on the quick RRG with the same neighbour map (benchmarks/crossval_caminos.py neighbor) says what its Table 3
        # setup gives
        xref = studies.crossval_peaks("../figures/crossval/caminos_neighbor.csv", graph="rrg200")
        # and on the paper's RRG(720, 17) itself, with the paper profile's windows (benchmarks/crossval_caminos.py
        # paper-rrg --traffics neighbor; its own neighbour map, seed 1)
        CAM720 = "../figures/crossval/caminos_paper_rrg.csv"
        cam720n = studies.crossval_curves(CAM720, graph="rrg720", traffic="neighbor")
        STUCK = ("Its detour label (64 or 80 phits) exceeds any occupancy the congested direct link shows (output "
                 "buffer <= 32 phits plus the neighbour's input, which its servers drain), so the gains of Fig. 6 need "
                 "a setting Table 3 does not state")

        p56 = {tr: self.pol_curves(tr, ("min-adaptive", "polarized")) for tr in ("server_perm", "neighbor")}
        for tr, fig, rng, what in (("server_perm", 5, (1.0, 1.3), "just a bit better throughput than minimal"),
                                   ("neighbor", 6, (1.1, 100.0), "noticeable gains over minimal")):
            if ("polarized", tr) not in peak:
                continue
            curves, net56, at56, _ = p56[tr]
            pk56 = studies.peak_accepted({rt: by.values() for rt, by in curves.items()})
            ratio = round(pk56["polarized"] / pk56["min-adaptive"], 3)
            why, det = "", {"router": "caminos", "peak_polarized": round(pk56["polarized"], 3),
                            "peak_min_adaptive": round(pk56["min-adaptive"], 3)}
            cam = xref.get("caminos", {})
            if tr == "neighbor" and {"min", "polarized"} <= cam.keys():
                cam_ratio = round(cam["polarized"]["peak"] / cam["min"]["peak"], 3)
                det.update(caminos_itself_rrg200={"peak_polarized": cam["polarized"]["peak"],
                                                  "peak_min": cam["min"]["peak"],
                                                  "hops_polarized": cam["polarized"]["hops"]})
                if QUICK and at56["scale"] == "stand-in" and ratio < rng[0] and cam_ratio < rng[0]:
                    why = (f"CAMINOS itself, configured as Table 3 and fed the same neighbour map, gives polarized/min "
                           f"{cam_ratio} on this RRG with {cam['polarized']['hops']:.2f} hops per packet: Polarized "
                           f"never leaves the direct link. {STUCK} (figures/crossval/caminos_neighbor.csv)")
            if tr == "neighbor" and {"min", "polarized"} <= cam720n.keys():
                x = max(set(cam720n["min"]) & set(cam720n["polarized"]))
                cm, cp = cam720n["min"][x], cam720n["polarized"][x]
                cam_ratio = round(cp["accepted"] / cm["accepted"], 3)
                our_hops = max(r["hops_mean"] for r in curves["polarized"].values())
                print(f"CAMINOS itself, RRG(720, 17) neighbour, offered {x:g}: accepted min {cm['accepted']:.4f}, "
                      f"Polarized {cp['accepted']:.4f} ({cp['hops']:.3f} hops); ours ({net56}): peak ratio {ratio}, "
                      f"Polarized hops <= {our_hops:.3f}")
                det.update(caminos_itself_rrg720={"offered": x, "accepted_polarized": cp["accepted"],
                                                  "accepted_min": cm["accepted"], "hops_polarized": cp["hops"]})
                srv = int(cm["p"])  # servers per router
                if at56["scale"] == "paper" and ratio < rng[0] and cam_ratio < rng[0] and cp["hops"] <= 1.01:
                    why = (f"CAMINOS itself, configured as Table 3 on the same RRG(720, 17) with the same windows (its "
                           f"own neighbour map), gives polarized/min {cam_ratio} at offered {x:g} with "
                           f"{cp['hops']:.3f} hops per Polarized packet, and our model's Polarized packets take at "
                           f"most {our_hops:.3f} hops: Polarized never leaves the direct link, which the {srv} servers "
                           f"of a router share, so both routings peak at 1/{srv} flit per server per cycle (ours "
                           f"{pk56['polarized']:.4f} and {pk56['min-adaptive']:.4f}). {STUCK} "
                           f"({CAM720.removeprefix('../')})")
            claims.record(f"pol-fig{fig}-polarized-vs-min-{tr.replace('_', '-')}", f"Polarized Fig. {fig} / Sec. 4.2",
                          f"Polarized {what} under {tr}: peak accepted ratio polarized/min, both CAMINOS model "
                          f"({net56})",
                          rng, ratio, "range", explanation=why, details=det, figure=FIG46[at56["scale"]], **at56,
                          routing="polarized, min-adaptive")


        # Fig. 4-6, the rest of Sec. 4.2's reading (this run's curves). "Almost the same" / "similar" read as within 10
        # %. the Fig. 4 latency and fairness claims read the same uniform curves as the throughput claims above
        top4_run = {rt: by[max(by)] for rt, by in uni4.items()}
        low4_run = {rt: by[min(by)] for rt, by in uni4.items()}
        lat = round(top4_run["polarized"]["latency_mean"] / top4_run["min-adaptive"]["latency_mean"], 3)
        # the same ratio at every offered load past minimal routing's saturation (accepted < 95 % of offered), for the
        # reader
        lat_past = {x: round(uni4["polarized"][x]["latency_mean"] / uni4["min-adaptive"][x]["latency_mean"], 3)
                    for x in lagging(uni4["min-adaptive"]) if x in uni4["polarized"]}
        # CAMINOS itself, configured as Table 3 on the same RRG(720, 17) with the same windows, at offered loads past
        # minimal routing's saturation (benchmarks/crossval_caminos.py paper-rrg): what the paper's own simulator gives
        # there
        cam720 = studies.crossval_curves(CAM720, graph="rrg720", traffic="uniform")
        cam_lat = {x: round(r["latency"] / cam720["min"][x]["latency"], 3)
                   for x, r in cam720.get("polarized", {}).items() if x in cam720.get("min", {})}
        for cam_rt, our_rt in (("min", "min-adaptive"), ("polarized", "polarized")):  # CAMINOS's names, ours
            for x, r in cam720.get(cam_rt, {}).items():
                ours = uni4[our_rt].get(x) if pol_paper else None
                print(f"CAMINOS itself, RRG(720, 17) uniform {cam_rt:9s} offered {x:g}: accepted {r['accepted']:.3f}, "
                      f"latency {r['latency']:.1f}" + (f"; our model (recorded): accepted {ours['accepted_load']:.3f}, "
                                                       f"latency {ours['latency_mean']:.1f}" if ours else ""))
        LAT_REL = 0.10  # "about the same", read as within 10 %
        x4 = top4_run["polarized"]["load"]
        why_lat = ""
        if pol_paper and x4 in cam_lat and abs(cam_lat[x4] - 1.0) > LAT_REL:
            near = [x for x, v in lat_past.items() if abs(v - 1.0) <= LAT_REL]
            why_lat = (f"CAMINOS itself, configured as Table 3 on the same RRG(720, 17) with the same windows, gives "
                       f"{cam_lat[x4]} at offered {x4:g} (ours {lat}; CAMINOS per offered load "
                       f"{', '.join(f'{x:g}: {v}' for x, v in cam_lat.items())}; "
                       "figures/crossval/caminos_paper_rrg.csv): the paper's own simulator shows the same rise of "
                       "Polarized's latency over minimal routing's at the top of the load range"
                       + (f"; 'about the same' fits the offered loads {', '.join(f'{x:g}' for x in near)} past minimal "
                          f"routing's saturation (ours within {LAT_REL:.0%} there)" if near else ""))
        claims.record("pol-fig4-latency-polarized-about-min", "Polarized Fig. 4 / Sec. 4.2",
                      f"uniform: Polarized's average latency about the minimal routing's after saturation (latency "
                      f"ratio polarized/min at offered {x4:g}, CAMINOS model, {rrg4})", 1.0, lat, f"{LAT_REL:.0%}",
                      explanation=why_lat, details={"ratio_past_min_saturation_by_offered_load": lat_past,
                                                    "caminos_itself_same_rrg_by_offered_load": cam_lat},
                      figure=FIG46[w4n["scale"]], **w4n, routing="polarized, min-adaptive")
        jain = {n: round(top4_run[n]["jain_fairness"], 3) for n in ("polarized", "min-adaptive")}
        claims.record("pol-fig4-fairness-polarized-about-min", "Polarized Fig. 4 / Sec. 4.2",
                      f"uniform: Polarized about as fair as minimal routing (Jain index ratio polarized/min at offered "
                      f"{top4_run['polarized']['load']:g}, CAMINOS model, {rrg4})", 1.0,
                      round(jain["polarized"] / jain["min-adaptive"], 3), "10%", details={"jain": jain},
                      figure=FIG46[w4n["scale"]], **w4n, routing="polarized, min-adaptive")
        pk_s, net_s, at_s = self.run_peaks([("source-min", "uniform"), ("min", "uniform")])
        claims.record("pol-fig4-source-min-about-min", "Polarized Fig. 4 / Sec. 4.2",
                      f"uniform: source-based minimal routing behaves like hop-by-hop minimal (peak accepted ratio "
                      f"source-min/min, ideal model, {net_s})",
                      1.0, round(pk_s[("source-min", "uniform")] / pk_s[("min", "uniform")], 3), "10%",
                      figure=FIG46[at_s["scale"]], **at_s, routing="source-min, min (ideal model)")
        low = {n: round(low4_run[n]["latency_mean"], 1) for n in ("min-adaptive", "valiant", "polarized")}
        claims.record("pol-fig4-valiant-longest-latency", "Polarized Fig. 4 / Sec. 4.2",
                      f"uniform: Valiant has the longest latencies (mean latency at offered "
                      f"{low4_run['valiant']['load']:g}, CAMINOS model, "
                      f"{rrg4})", True, max(low, key=low.get) == "valiant",
                      details={"latency_mean": low},
                      figure=FIG46[w4n["scale"]], **w4n, routing=", ".join(sorted(low)))
        pk_m, net_m, at_m = self.run_peaks([("ksp", "uniform"), ("polarized (ideal)", "uniform")])
        claims.record("pol-fig4-ksp-modest", "Polarized Fig. 4 / Sec. 4.2",
                      f"uniform: KSP reaches a lower peak than Polarized ('modest'; ideal model, {net_m})", True,
                      pk_m[("ksp", "uniform")] < pk_m[("polarized (ideal)", "uniform")], figure=FIG46[at_m["scale"]],
                      details={"peak_ksp": round(pk_m[("ksp", "uniform")], 3),
                               "peak_polarized": round(pk_m[("polarized (ideal)", "uniform")], 3)},
                      **noted(at_m, "AllPaths, the paper's other source routing, is not implemented here"),
                      routing="ksp, polarized (ideal model)")

        curves5, net5, at5, _ = p56["server_perm"]
        lag = {n: next(iter(lagging(curves5[n])), None) for n in ("min-adaptive", "polarized")}
        claims.record("pol-fig5-min-sublinear", "Polarized Fig. 5 / Sec. 4.2",
                      f"server permutation: minimal routing's throughput grows sub-linearly, falling behind the "
                      f"offered load at a lower load than Polarized's (CAMINOS model, {net5})", True,
                      lag["min-adaptive"] is not None
                      and (lag["polarized"] is None or lag["min-adaptive"] < lag["polarized"]),
                      details={"first_offered_load_below_95pct": lag}, figure=FIG46[at5["scale"]], **at5,
                      routing="min-adaptive, polarized")
        PREVIOUS = ("ksp", "source-min", "valiant")  # the source-based mechanisms of the paper's comparison that we run
        pk_g, net_g, at_g = self.run_peaks([(n, tr) for tr in POL_PATTERNS for n in ("polarized (ideal)",) + PREVIOUS])
        gain30 = {tr: round(pk_g[("polarized (ideal)", tr)] / max(pk_g[(n, tr)] for n in PREVIOUS),
                            3) for tr in POL_PATTERNS}
        # the previous routing that sets it
        bound30 = {tr: max(PREVIOUS, key=lambda n: pk_g[(n, tr)]) for tr in POL_PATTERNS}
        over_ksp = {tr: round(pk_g[("polarized (ideal)", tr)] / pk_g[("ksp", tr)], 3) for tr in POL_PATTERNS}
        why30 = ""
        if (min(gain30.values()) < 1.3 and min(over_ksp.values()) > 1.3
                and set(bound30.values()) <= {"source-min", "valiant"}):
            why30 = ("the paper calls source minimal and Valiant 'the limits for benign and adversarial patterns' and "
                     "KSP and AllPaths the 'supposedly optimized mechanisms proposed for RRGs' (Sec. 4.2), and its own "
                     "Fig. 4 reading puts Polarized level with minimal routing and source minimal with hop-by-hop "
                     "minimal under uniform traffic, so its 30 % can only be over KSP and AllPaths. Polarized / KSP is "
                     + ", ".join(f"{v} ({tr})" for tr,
                                 v in over_ksp.items()) + ", above 1.3 in every pattern; the smallest ratio over all "
                     "three previous routings is set by " + ", ".join(f"{n} ({tr})" for tr, n in bound30.items()))
        claims.record("pol-sec5-30pct-over-previous-all-patterns", "Polarized Sec. 4.2 / Sec. 6",
                      f"more than 30 % above previous (source-based) solutions in every pattern: smallest over "
                      f"patterns of Polarized / best of KSP, source-min, Valiant peaks (Polarized, KSP and source MIN "
                      f"on the ideal model, Valiant on the CAMINOS model; {net_g})", (1.3, 100.0),
                      min(gain30.values()), "range", figure=FIG46[at_g["scale"]], explanation=why30,
                      details={"per_pattern": gain30, "best_previous": bound30, "polarized_over_ksp": over_ksp,
                               "peak_accepted": {tr: {n: round(pk_g[(n, tr)], 3)
                                                      for n in ("polarized (ideal)",) + PREVIOUS}
                                                 for tr in POL_PATTERNS}},
                      **noted(at_g, "AllPaths is not implemented here"),
                      routing="polarized, ksp, source-min (ideal model), valiant")

    # ------------------------------------------------------------------------------------------ Fig. 8
    def fig8_curves(self) -> dict:
        """The Fig. 8 latency curves (random server permutation, CAMINOS model) of this profile's networks
        (``figures/05_polarized_fig8.csv``), and in the quick profile the recorded paper-scale ones (``paper8``:
        ``(network key, run name) -> (runs by offered load, complete)``).  Returns and keeps ``fig8``."""
        st = self.study
        QUICK, seed, CURVE_LOADS = st.quick, st.seed, st.curve_loads
        SIM_POL, SIM_POL_IDEAL = self.sim_pol, self.sim_pol_ideal
        FIG8_PAPER = [recipe("DF", "dragonfly", 12, 6, 6, "relative"),  # Table 4
                      recipe("HX", "hyperx", 8, 8, 8, endpoints_per_router=8),
                      recipe("PG", "levi_graph", 17, endpoints_per_router=8),
                      recipe("SF", "slimfly", 13, endpoints_per_router=9)]
        FIG8 = [recipe("DF", "dragonfly", 6, 3, 3, "relative"), recipe("HX", "hyperx", 4, 4, 4),
                recipe("PG", "levi_graph", 7),
                recipe("SF", "slimfly", 7)] if QUICK else FIG8_PAPER
        # run name -> (routing, model settings): the CAMINOS model's three routings on every network, and on the Hamming
        # graph Omni-Dimensional routing (CAMINOS's OmniDimensionalDeroute) too, with CAMINOS's deroute label (1 phit)
        # and, as a sensitivity check (the paper states no Omni configuration), with the 64 phits Polarized's own
        # VecLabel gives a move one step worse than the best
        FIG8_RUNS = {"min-adaptive": ("min-adaptive", SIM_POL), "valiant": ("valiant", SIM_POL),
                     "polarized": ("polarized", SIM_POL)}
        OMNI64 = "omni, deroute label 64"
        FIG8_HAMMING = {"omni": ("omni", SIM_POL), OMNI64: ("omni", {**SIM_POL,
                                                                     "routing_options": {"deroute_label": 64}})}
        # the paper-scale Hamming-graph pair the paper profile recorded on the ideal model before Omni was in the
        # CAMINOS model: read from the recorded rows (drawn dashed, reported beside the claim), no longer run
        FIG8_IDEAL = {"omni (ideal)": ("omni", SIM_POL_IDEAL), "polarized (ideal)": ("polarized", SIM_POL_IDEAL)}
        fig8 = {}
        for rec in FIG8:
            runs = {**FIG8_RUNS, **(FIG8_HAMMING if rec.constructor == "hyperx" else {})}
            for name, (rt, sim) in runs.items():
                fig8[(rec.label, name)] = S.load_curve(rec, rt, "server_perm", CURVE_LOADS, seeds=(seed,), sim=sim,
                                                       tags={"figure": "fig8"}, record=st.record("05_polarized_fig8"),
                                                       **st.sweep)
        write_runs([r for rec in FIG8 for (lab, _), v in fig8.items() if lab == rec.label for r in named(rec, v)],
                   "05_polarized_fig8")
        # quick profile: the paper profile's recorded curves (results/paper/05_simulation/05_polarized_fig8.csv, Table 4
        # networks, 0.05 load grid; drawn by lowdiam.studies.polarized_figures below); Sec. 5's claims take a network's
        # from them once every curve they compare there is complete
        PAPER_SIM8 = {"caminos": dict(sim_packet_flits=16, sim_warmup_cycles=3000, sim_measure_cycles=5000),
                      "ideal": dict(sim_packet_flits=16, sim_buffer_flits=64, sim_warmup_cycles=3000,
                                    sim_measure_cycles=5000)}
        log8 = S.result_log("05_simulation", "05_polarized_fig8")
        recs8 = S.recorded_records(log8) if QUICK and log8.path.exists() else []
        paper8 = {}  # (network key, run name) -> (recorded runs by offered load, complete)
        for prec in FIG8_PAPER if recs8 else []:
            n_r = prec.build().num_routers
            for name, (rt, sim) in {**FIG8_RUNS, **({**FIG8_HAMMING,
                                                     **FIG8_IDEAL} if prec.constructor == "hyperx" else {})}.items():
                got = studies.recorded_curves(recs8, PAPER_CURVE, constructor=prec.constructor, num_routers=n_r,
                                              sim_router=sim["router"], sim_routing_options=sim.get("routing_options"),
                                              **PAPER_SIM8[sim["router"]])
                if (prec.label, rt, "server_perm") in got:
                    paper8[(prec.label, name)] = got[(prec.label, rt, "server_perm")]
                    by, ok = paper8[(prec.label, name)]
                    print(f"paper scale, recorded: {net_name(prec):14s} {name:18s} {len(by):2d} of {len(PAPER_CURVE)} "
                          f"loads, peak accepted {max(r['accepted_load'] for r in by.values()):.3f}")
        self.fig8_paper, self.fig8_nets, self.fig8_runs, self.fig8_hamming = FIG8_PAPER, FIG8, FIG8_RUNS, FIG8_HAMMING
        self.fig8_ideal, self.omni64, self.fig8, self.paper8 = FIG8_IDEAL, OMNI64, fig8, paper8
        return fig8

    def record_fig8_claims(self) -> None:
        """Record the Polarized Sec. 5 / Fig. 8 claims: Polarized best on DF, the projective network and SF, and even
        with Omni-Dimensional routing on the Hamming graph (ids ``pol-fig8-*``)."""
        st = self.study
        QUICK = st.quick
        fig8, paper8, FIG8, FIG8_PAPER = self.fig8, self.paper8, self.fig8_nets, self.fig8_paper
        FIG8_RUNS, FIG8_HAMMING, FIG8_IDEAL, OMNI64 = self.fig8_runs, self.fig8_hamming, self.fig8_ideal, self.omni64
        NAME8 = _NAME8
        # Polarized Sec. 5 / Fig. 8: best on DF, projective and SF; even with Omni-Dimensional routing on the Hamming
        # graph
        peak8 = studies.peak_accepted(fig8)
        # the figure that plots a claim's curves, by the claim's scale: the recorded paper-scale curves, or this run's
        FIG8_FIG = {"paper": PZ.figure_name("fig8"), "stand-in": "05_polarized_fig8"}
        REL8 = 0.02  # "best": no other routing's peak accepted load above Polarized's by more than 2 %
        NAME8 = {"DF": "Dragonfly (palm-tree)", "PG": "projective network (Levi graph)", "SF": "Slim Fly"}
        for rec, prec in zip(FIG8, FIG8_PAPER):
            peaks = {name: round(v, 4) for (lab, name), v in peak8.items() if lab == rec.label}
            print(f"{net_name(rec):16s} peak accepted " + ", ".join(f"{k} {v:.3f}" for k, v in peaks.items()))
            compared = ("polarized", *FIG8_HAMMING) if rec.constructor == "hyperx" else FIG8_RUNS
            rec8 = {name: paper8.get((prec.label, name), ({}, False)) for name in compared}
            curves8 = {name: fig8[(rec.label, name)] for name in compared}  # this run's, or the recorded ones below
            if QUICK and all(ok for _, ok in rec8.values()):  # the recorded paper-scale curves, all complete
                curves8 = {n: list(by.values()) for n, (by, _) in rec8.items()}
                peaks = {k: round(v, 4) for k, v in studies.peak_accepted(curves8).items()}
                at8 = dict(scale="paper", note=f"{net_name(prec)}: {PAPER_NOTE}")
                print(f"{net_name(prec):16s} peak accepted (recorded, paper scale) "
                      + ", ".join(f"{k} {v:.3f}" for k, v in peaks.items()))
            else:
                at8 = st.where_pending([rec], f"curves ({net_name(prec)})", sum(ok for _, ok in rec8.values()),
                                       len(compared))
            if rec.constructor == "hyperx":
                pol_, omni_, omni64 = peaks["polarized"], peaks["omni"], peaks[OMNI64]
                # the run at the highest offered load
                top = {n: max(curves8[n], key=lambda r: r["load"]) for n in ("polarized", "omni")}
                why = ""
                if abs(pol_ / omni_ - 1) > 0.05 and abs(pol_ / omni64 - 1) <= 0.05:
                    why = (f"the paper states no Omni configuration, and the deroute label sets how eagerly Omni "
                           f"deroutes. With CAMINOS's label (1 phit, include_labels read by Table 3's chain) a deroute "
                           f"wins as soon as the minimal port holds 2 phits more: at offered {top['omni']['load']:g} "
                           f"Omni's packets take {top['omni']['hops_mean']:.2f} hops (Polarized's "
                           f"{top['polarized']['hops_mean']:.2f}) and Omni peaks at {omni_:.3f}, "
                           f"{'below' if omni_ < pol_ else 'above'} Polarized's {pol_:.3f}. With a deroute label of 64 "
                           f"phits (what Polarized's VecLabel charges a move one step worse than the best) Omni peaks "
                           f"at {omni64:.3f}: Polarized / Omni {pol_ / omni64:.3f}, within 5 %")
                # the ideal-model pair recorded at paper scale earlier (Omni weighted as SuperSim's), for the reader
                ideal8 = {n: paper8.get((prec.label, n), ({}, False)) for n in FIG8_IDEAL}
                ideal_pk = ({n: round(v, 4) for n, v in studies.peak_accepted(
                    {n: by.values() for n, (by, _) in ideal8.items()}).items()}
                    if all(ok for _, ok in ideal8.values()) else None)
                claims.record("pol-fig8-polarized-ties-omni-hamming", "Polarized Sec. 5 / Fig. 8",
                              "On the 3-D Hamming graph Polarized and Omni-Dimensional routing give almost the same "
                              "performance: peak accepted loads within 5% of each other (random server permutation)",
                              True,
                              abs(pol_ / omni_ - 1) <= 0.05, None, explanation=why,
                              details={"peak_accepted": peaks, "polarized_over_omni": round(pol_ / omni_, 3),
                                       "polarized_over_omni_deroute_label_64": round(pol_ / omni64, 3),
                                       "router": "caminos",
                                       "paper_scale_ideal_model_peaks": ideal_pk},
                              note="both on the CAMINOS model; Omni = CAMINOS's "
                                   "OmniDimensionalDeroute{allowed_deroutes: 3 (the number of dimensions; the paper "
                                   "states none), include_labels: true} with Table 3's VC policy chain, "
                                   "cross-validated against CAMINOS itself on HX 4x4x4 "
                                   "(figures/crossval/caminos_omni.csv)"
                                   + "".join(f"; {n}" for n in [at8.get("note")] if n),
                              figure=FIG8_FIG[at8["scale"]], **{k: v for k, v in at8.items() if k != "note"},
                              routing="polarized, omni")
                continue
            cam = {k: peaks[k] for k in FIG8_RUNS}
            best_other = max(v for k, v in cam.items() if k != "polarized")
            claims.record(f"pol-fig8-polarized-best-{rec.label.lower()}", "Polarized Sec. 5 / Fig. 8",
                          f"Polarized notably superior on the {NAME8[rec.label]} (random server permutation): the "
                          f"highest peak accepted load of MIN, Valiant and Polarized (CAMINOS model; within "
                          f"{REL8:.0%})", True,
                          studies.best_within(cam, "polarized", REL8), None,
                          details={"peak_accepted": cam,
                                   "polarized_over_best_other": round(cam["polarized"] / best_other, 3),
                                   "router": "caminos"},
                          figure=FIG8_FIG[at8["scale"]], **at8, routing=", ".join(sorted(cam)))
