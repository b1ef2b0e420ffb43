"""Notebook 05 (simulation): the figures of this run's searches and curves, one function per figure.

Each function takes a section of :mod:`lowdiam.studies.sim_polarstar`, :mod:`~lowdiam.studies.sim_polarized`,
:mod:`~lowdiam.studies.sim_spectralfly`, :mod:`~lowdiam.studies.sim_galaxyfly` or
:mod:`~lowdiam.studies.sim_new_polarized` after its searches and returns the matplotlib figure; the notebook saves
it (:func:`lowdiam.plotting.save_figure`) under the name given in each docstring.  The figures drawn from the
recorded paper-scale runs alone are in :mod:`lowdiam.studies.polarstar_figures`,
:mod:`~lowdiam.studies.polarized_figures` and :mod:`~lowdiam.studies.galaxyfly_figures`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib.pyplot as plt
import numpy as np

from ..plotting import status_bars
from . import polarstar as PS
from .sim_galaxyfly import EARLIER_SETTINGS_TEXT, GF_SERIES, GROUPED, WORST, GalaxyflySection
from .sim_new_polarized import NEW_LABELS, NEW_PATTERNS, NewPolarizedSection, new_routings
from .sim_polarized import PolarizedSection
from .sim_polarstar import KNEE_FACTOR, UGAL_BIAS, PolarStarSection, min_routing, ugal_routing
from .sim_spectralfly import SPEC_PATTERNS, SpectralFlySection
from .sim_study import MARKERS, PAPER_TOL, RT_NAME, final_loads, net_name

__all__ = ["latency_panel", "polarstar_fig9", "polarstar_fig10", "polarstar_saturation", "polarstar_knee",
           "ugal_bias", "polarized_fig4_6", "polarized_fig8", "spectralfly_fig6_7", "spectralfly_fig8",
           "galaxyfly_fig7_9", "galaxyfly_fig7", "galaxyfly_paper", "galaxyfly_packet_size",
           "galaxyfly_zero_load", "new_polarized",
           "paper_progress"]


def _check(section: Any, kind: type) -> None:
    if not isinstance(section, kind):
        raise TypeError(f"expected a {kind.__name__}, got {type(section).__name__}")


def latency_panel(ax, results: Sequence, title: str, *, by_routing: bool = False) -> None:
    """Mean latency of the stable runs against offered load, one line per saturation search (marker per network).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    results : sequence of lowdiam.sweep.SaturationResult
    title : str
    by_routing : bool
        Add the routing's name to each line's label.
    """
    for i, x in enumerate(results):
        pts = [(r["load"], r["latency_mean"]) for r in x.records if not r["saturated"]]
        if pts:
            lab = net_name(x.recipe) + (f" {RT_NAME.get(x.routing, x.routing)}" if by_routing else "")
            ax.plot(*zip(*pts), marker=MARKERS[i % len(MARKERS)], ms=5, mfc="none", lw=1.2,
                    ls="-" if i % 2 == 0 else "--", label=lab)
    ax.set(title=title, xlabel="offered load (flits/endpoint/cycle)", ylabel="mean latency (cycles)", xlim=(0, 1))
    ax.grid(alpha=0.3)


def polarstar_fig9(sec: PolarStarSection):
    """PolarStar Fig. 9: mean latency against offered load, one panel per Fig. 9 panel (``05_polarstar_fig9``)."""
    _check(sec, PolarStarSection)
    FIG9, ps, TABLE3 = sec.fig9, sec.ps, sec.table3
    router_speedup, profile, QUICK = sec.study.router_speedup, sec.study.profile, sec.study.quick
    fig, axes = plt.subplots(2, 3, figsize=(15, 8.8), sharey=True)
    for ax, (panel, (traffic, fn, title)) in zip(axes.flat, FIG9.items()):
        latency_panel(ax, [ps[(r.label, fn(r), traffic)] for r in TABLE3], f"({panel}) {title}")
    axes[0, 0].set_ylim(0, 120)
    handles, names = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, names, loc="lower center", ncol=len(TABLE3), fontsize=9, frameon=False)
    fig.suptitle(f"PolarStar Fig. 9: mean latency vs offered load (BookSim model, speedup {router_speedup}; {profile} "
                 f"profile"
                 + ("; stand-in networks, the paper-scale figure is below)" if QUICK else ")"))
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return fig


def polarstar_fig10(sec: PolarStarSection):
    """PolarStar Fig. 10: adversarial traffic, MIN and UGAL-L (``05_polarstar_fig10``)."""
    _check(sec, PolarStarSection)
    TABLE3, ps, has_groups = sec.table3, sec.ps, PS.has_groups
    router_speedup, profile, QUICK = sec.study.router_speedup, sec.study.profile, sec.study.quick
    adv_recs = [r for r in TABLE3 if has_groups(r)]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.4), sharey=True)
    latency_panel(axes[0], [ps[(r.label, min_routing(r), "adversarial")] for r in adv_recs], "Adversarial, MIN")
    latency_panel(axes[1], [ps[(r.label, ugal_routing(r), "adversarial")] for r in adv_recs], "Adversarial, UGAL-L")
    # MIN saturates early under this pattern: zoom its panel on the loads it sustains
    max_min = max(x["load"] for rec in adv_recs for x in ps[(rec.label, min_routing(rec), "adversarial")].records
                  if not x["saturated"])
    axes[0].set_xlim(0, min(1.0, max_min + 0.1))
    for ax in axes:
        ax.legend(fontsize=8, loc="upper left")
    axes[0].set_ylim(0, None)
    fig.suptitle(f"PolarStar Fig. 10: adversarial traffic (BookSim model, speedup {router_speedup}; {profile} profile"
                 + ("; stand-in networks, the paper-scale figure is below)" if QUICK else ")"))
    fig.tight_layout()
    return fig


def polarstar_saturation(sec: PolarStarSection):
    """Saturation load per Fig. 9 panel and Fig. 10 routing, one bar per network (``05_polarstar_saturation``)."""
    _check(sec, PolarStarSection)
    FIG9, ps, TABLE3 = sec.fig9, sec.ps, sec.table3
    tol, profile, QUICK = sec.study.tol, sec.study.profile, sec.study.quick
    fig, ax = plt.subplots(figsize=(13, 4.6))
    SHORT = {"a": "uniform\nMIN", "b": "uniform\n1 minpath", "c": "uniform\nUGAL", "d": "rand. perm.\nUGAL",
             "e": "bit reverse\nUGAL", "f": "bit shuffle\nUGAL"}
    cols = [(f"Fig. 9{k}\n{SHORT[k]}", *v) for k, v in FIG9.items()] + [
        ("Fig. 10\nadversarial\nMIN", "adversarial", min_routing, ""),
        ("Fig. 10\nadversarial\nUGAL", "adversarial", ugal_routing, "")]
    w = 0.8 / len(TABLE3)
    for i, rec in enumerate(TABLE3):
        vals = [ps[(rec.label, fn(rec), tr)].saturation_load if (rec.label, fn(rec), tr) in ps else np.nan
                for _, tr, fn, _ in cols]
        xs = np.arange(len(cols)) + i * w
        ax.bar(xs, vals, w, label=net_name(rec))
        for x, v, (_, tr, fn, _) in zip(xs, vals, cols):  # why a bar is missing: no such search, or unstable throughout
            if np.isnan(v) or v == 0:
                note = "n/a" if np.isnan(v) else f"< {ps[(rec.label, fn(rec), tr)].saturated_load:g}"
                ax.text(x, 0.02, note, rotation=90, ha="center", va="bottom", fontsize=6, color="0.4")
    ax.set_xticks(np.arange(len(cols)) + 0.4 - w / 2, [c[0] for c in cols], fontsize=8)
    ax.set(ylabel="saturation load (flits/endpoint/cycle)", ylim=(0, 1.1))
    ax.legend(ncol=len(TABLE3), fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False)
    ax.set_title(f"Saturation load per Fig. 9 panel and Fig. 10 routing (search resolution {tol}; {profile} profile"
                 + ("; stand-in networks)" if QUICK else ")"))
    return fig


def polarstar_knee(sec: PolarStarSection):
    """Each complete recorded paper-scale search: saturation load against the bracket of its latency knee
    (``05_polarstar_knee_paper``; after :meth:`PolarStarSection.knees`)."""
    _check(sec, PolarStarSection)
    knee_rows, TABLE3_PAPER = sec.knee_rows, sec.table3_paper
    fig, ax = plt.subplots(figsize=(7.5, 6.5))
    MARK = {"uniform": "o", "randperm": "s", "bitrev": "^", "shuffle": "D", "adversarial": "v"}
    for r in knee_rows:
        lo = r["knee_below"] if r["knee_below"] is not None else 0.0
        hi = r["knee_above"] if r["knee_above"] is not None else 1.0
        ax.errorbar(r["saturation_load"], (lo + hi) / 2, yerr=(hi - lo) / 2, fmt=MARK[r["traffic"]], ms=5, capsize=2,
                    c=f"C{[x.label for x in TABLE3_PAPER].index(r['label'])}")
    ax.plot([0, 1], [0, 1], "k:", lw=1)
    for j, rec in enumerate(TABLE3_PAPER):
        ax.plot([], [], "o", c=f"C{j}", label=rec.label)
    for tr, m in MARK.items():
        ax.plot([], [], m, c="k", mfc="none", label=tr)
    ax.set_xlabel("saturation load (throughput rule; fraction of injection bandwidth)")
    ax.set_ylabel(f"latency knee: load where mean latency > {KNEE_FACTOR:g}x the lowest load's (bracket)")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8, ncol=2, loc="upper left")
    ax.set_title(f"PolarStar Fig. 9/10 networks at paper scale: {len(knee_rows)} recorded complete searches")
    return fig


def ugal_bias(sec: PolarStarSection):
    """Saturation load of MIN, unbiased UGAL-L and UGAL-L with a threshold, uniform and adversarial traffic
    (``05_ugal_bias``; after :meth:`PolarStarSection.ugal_bias`)."""
    _check(sec, PolarStarSection)
    bias_rows, tol, profile, QUICK = sec.bias_rows, sec.study.tol, sec.study.profile, sec.study.quick
    fig, axes = plt.subplots(1, 2, figsize=(12, 4), sharey=True)
    for ax, tr in zip(axes, ("uniform", "adversarial")):
        rows = [b for b in bias_rows if b["traffic"] == tr]
        for j, col in enumerate(("MIN", "UGAL-L", f"UGAL-L, threshold {UGAL_BIAS}")):
            ax.bar(np.arange(len(rows)) + 0.27 * (j - 1), [b[col] for b in rows], 0.27, label=col)
        ax.set_xticks(np.arange(len(rows)), [b["network"] for b in rows], fontsize=8)
        ax.set(title=f"{tr} traffic", xlabel="network", ylabel="saturation load (flits/endpoint/cycle)", ylim=(0, 1.2))
        ax.grid(axis="y", alpha=0.3)
        ax.legend(fontsize=8, ncol=3, loc="upper center")
    fig.suptitle(f"UGAL-L with and without a bias to the minimal route (BookSim model; {profile} profile, resolution "
                 f"{tol}"
                 + ("; stand-in networks)" if QUICK else ")"))
    fig.tight_layout()
    return fig


def polarized_fig4_6(sec: PolarizedSection):
    """Polarized Fig. 4-6 on this profile's RRG: throughput, latency, fairness and path lengths per pattern
    (``05_polarized_fig4_6``)."""
    _check(sec, PolarizedSection)
    POL_PATTERNS, POL_ROUTINGS, POL_RUNS, pol = sec.pol_patterns, sec.pol_routings, sec.pol_runs, sec.pol
    RRG, top, CURVE_LOADS = sec.rrg, sec.top, sec.study.curve_loads
    profile, QUICK = sec.study.profile, sec.study.quick
    fig, axes = plt.subplots(3, 4, figsize=(17, 11))
    for row, (tr, title) in zip(axes, POL_PATTERNS.items()):
        for rt in POL_ROUTINGS:
            recs = pol[(rt, tr)]
            ideal = POL_RUNS[rt][1]["router"] == "ideal"
            style = dict(ls="--" if ideal else "-", marker="o", ms=3,
                         label=RT_NAME[POL_RUNS[rt][0]] + (" (ideal model)" if ideal else " (CAMINOS model)"))
            off = [r["load"] for r in recs]
            acc = [r["accepted_load"] for r in recs]
            row[0].plot(off, acc, **style)
            row[1].plot(acc, [r["latency_mean"] for r in recs], **style)
            row[2].plot(off, [r["jain_fairness"] for r in recs], **style)
            h = np.asarray(recs[-1]["hop_histogram"], dtype=float)
            row[3].plot(np.arange(h.size), h / h.sum(), **style)
        row[0].set(title=f"{title}: throughput", xlabel="offered load (flits/server/cycle)",
                   ylabel="accepted load (flits/server/cycle)")
        row[1].set(title="latency (log scale)", xlabel="accepted load (flits/server/cycle)",
                   ylabel="mean latency (cycles)")
        row[1].set_yscale("log")
        row[2].set(title="fairness", xlabel="offered load (flits/server/cycle)", ylabel="Jain index", ylim=(0, 1.02))
        row[3].set(title=f"path lengths at offered load {CURVE_LOADS[-1]}", xlabel="hops (router links)",
                   ylabel="fraction of packets")
        for ax in row:
            ax.grid(alpha=0.3)
    fig.legend(*axes[0][0].get_legend_handles_labels(), loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=4,
               fontsize=9, frameon=False)  # one legend for all panels, below them, over no data
    fig.suptitle(f"Polarized Fig. 4-6 on {net_name(RRG)}, {top.num_routers} routers (solid: CAMINOS model, dashed: "
                 f"ideal model; "
                 f"{profile} profile" + ("; stand-in network, the paper-scale figure is below)" if QUICK else ")"))
    fig.tight_layout()
    return fig


def polarized_fig8(sec: PolarizedSection):
    """Polarized Fig. 8 on this profile's networks: latency against accepted load (``05_polarized_fig8``)."""
    _check(sec, PolarizedSection)
    FIG8, fig8, FIG8_RUNS, FIG8_HAMMING, OMNI64 = sec.fig8_nets, sec.fig8, sec.fig8_runs, sec.fig8_hamming, sec.omni64
    profile, QUICK = sec.study.profile, sec.study.quick
    # this run's curves (all on the CAMINOS model); the recorded paper-scale ones are drawn by the next cell
    fig, axes = plt.subplots(1, len(FIG8), figsize=(19, 4), squeeze=False)
    for ax, rec in zip(axes[0], FIG8):
        for (lab, name), recs in fig8.items():
            if lab == rec.label:
                rt, sim = {**FIG8_RUNS, **FIG8_HAMMING}[name]
                ax.plot([r["accepted_load"] for r in recs], [r["latency_mean"] for r in recs], "o-", ms=3,
                        label=(f"Omni, deroute label {sim['routing_options']['deroute_label']}" if name == OMNI64
                               else RT_NAME[rt]))
        ax.set(title=f"{net_name(rec)} ({profile} profile)", xlabel="accepted load (flits/server/cycle)",
               ylabel="mean latency (cycles, log scale)", yscale="log")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle("Polarized Fig. 8: random server permutation (CAMINOS model; "
                 + (f"{profile} profile: stand-in networks, the paper-scale figure is below)" if QUICK
                    else f"{profile} profile)"))
    fig.tight_layout()
    return fig


def spectralfly_fig6_7(sec: SpectralFlySection):
    """SpectralFly Fig. 6/7: saturation load per network and pattern, UGAL-L and MIN; this run's, (quick profile)
    the recorded paper-scale searches under the fixed rule (``05_spectralfly_fig6_7``) and those under BookSim2's
    rule recorded so far (``05_spectralfly_booksim_rule``)."""
    _check(sec, SpectralFlySection)
    SPEC, PAPER_SPEC, spec, paper_sf = sec.spec_nets, sec.paper_spec, sec.spec, sec.paper_sf
    profile, QUICK = sec.study.profile, sec.study.quick
    PATTERN_TICKS = [(tr, tr) for tr in SPEC_PATTERNS]
    panels = [(SPEC, final_loads(spec), f"{profile} profile" + (", stand-ins" if QUICK else ""))]
    if paper_sf:
        panels.append((PAPER_SPEC, paper_sf, "recorded, the paper's networks, fixed rule"))
    if sec.paper_rule:
        panels.append((PAPER_SPEC, sec.paper_rule, "recorded, the paper's networks, BookSim2's rule"))
    rows = len(panels)
    fig, axes = plt.subplots(rows, 2, figsize=(13, 4.2 * rows), sharey=True, squeeze=False)
    for row, (recs, loads, where_from) in enumerate(panels):
        for ax, fn, title in zip(axes[row], (ugal_routing, min_routing), ("Fig. 6: UGAL-L", "Fig. 7: MIN")):
            vals = {(rec.label, tr): loads[(rec.label, fn(rec), tr)] for rec in recs for tr in SPEC_PATTERNS
                    if (rec.label, fn(rec), tr) in loads}
            status_bars(ax, PATTERN_TICKS, [(rec.label, net_name(rec)) for rec in recs], vals)
            ax.set(title=f"{title} ({where_from})", ylabel="saturation load (flits/endpoint/cycle)",
                   xlabel="traffic pattern")
    fig.suptitle("SpectralFly Fig. 6/7: saturation load (BookSim model standing in for SST; SF = Slim Fly, LPS = "
                 "SpectralFly)"
                 + ("; recorded rows: hatched = search still running, its largest stable load so far" if rows > 1
                    else ""))
    fig.tight_layout()
    return fig


def spectralfly_fig8(sec: SpectralFlySection):
    """SpectralFly Fig. 8: Valiant against MIN on LPS (``05_spectralfly_fig8``)."""
    _check(sec, SpectralFlySection)
    spec8, LPS, paper_sf8, PAPER_LPS, VAL_PATTERNS = sec.spec8, sec.lps, sec.paper_sf8, sec.paper_lps, SPEC_PATTERNS
    profile, QUICK = sec.study.profile, sec.study.quick
    rule8 = {k: v for k, v in sec.paper_rule.items() if k[0] == "LPS" and k[1] in ("min", "valiant")}
    panels = [(final_loads(spec8), f"{net_name(LPS)}, {profile} profile" + (", stand-in" if QUICK else ""))] + (
        [(paper_sf8, f"{net_name(PAPER_LPS)}, recorded, fixed rule")] if paper_sf8 else []) + (
        [(rule8, f"{net_name(PAPER_LPS)}, recorded, BookSim2's rule")] if rule8 else [])
    fig, axes = plt.subplots(1, len(panels), figsize=(6.5 * len(panels), 3.8), sharey=True, squeeze=False)
    for ax, (loads, where_from) in zip(axes[0], panels):
        status_bars(ax, [(tr, tr) for tr in VAL_PATTERNS], [(rt, RT_NAME[rt]) for rt in ("min", "valiant")],
                    {(rt, tr): loads[("LPS", rt, tr)] for rt in ("min", "valiant") for tr in VAL_PATTERNS
                     if ("LPS", rt, tr) in loads})
        ax.set(title=f"SpectralFly Fig. 8: Valiant vs MIN ({where_from})",
               ylabel="saturation load (flits/endpoint/cycle)",
               xlabel="traffic pattern")
    fig.suptitle("SpectralFly Fig. 8 (BookSim model)"
                 + ("; hatched = search still running, its largest stable load so far" if len(panels) > 1 else ""))
    fig.tight_layout()
    return fig


def galaxyfly_fig7_9(sec: GalaxyflySection):
    """Galaxyfly Fig. 7/9: latency of this profile's Fig. 9 networks, MIN and NAG (``05_galaxyfly_fig7_9``)."""
    _check(sec, GalaxyflySection)
    gf, Q_LABELS = sec.gf, sec.q_labels
    router_speedup, profile, QUICK = sec.study.router_speedup, sec.study.profile, sec.study.quick
    fig, axes = plt.subplots(1, 2, figsize=(13, 4.2), sharey=True)
    for ax, tr in zip(axes, ("uniform", WORST)):
        latency_panel(ax, [gf[k] for k in gf if k[2] == tr and (k[0] in Q_LABELS or not QUICK)],
                      "uniform traffic" if tr == "uniform" else "worst-case traffic (per family)", by_routing=True)
        ax.legend(fontsize=7)
    axes[0].set_ylim(0, 120)
    fig.suptitle(f"Galaxyfly Fig. 7/9 (BookSim model, speedup {router_speedup}; {profile} profile"
                 + (";\nshort-window stand-in searches, the recorded paper-window searches are in "
                    "05_galaxyfly_fig7_9_paper)" if QUICK else ")"))
    fig.tight_layout()
    return fig


def galaxyfly_fig7(sec: GalaxyflySection):
    """Galaxyfly Fig. 7: the Table 5 Galaxyflies by diameter under MIN (``05_galaxyfly_fig7``), from
    :meth:`GalaxyflySection.fig7_searches` (the recorded paper-profile runs in the quick profile)."""
    _check(sec, GalaxyflySection)
    curves, source = sec.fig7_searches()
    router_speedup, pairs = sec.study.router_speedup, sec.fig7_pairs
    # Fig. 7: one panel per diameter, uniform (top) and worst case (bottom), MIN
    fig, axes = plt.subplots(2, len(pairs), figsize=(4.3 * len(pairs), 7.5), sharey=True, squeeze=False)
    for row, tr in zip(axes, ("uniform", WORST)):
        for ax, (win, lose, diam) in zip(row, pairs):
            latency_panel(ax, [curves[(lab, tr)] for lab in (win, lose)],
                          f"diameter {diam}, {'uniform' if tr == 'uniform' else 'worst case'}, MIN")
            ax.legend(fontsize=8)
    axes[0, 0].set_ylim(0, 150)
    fig.suptitle(f"Galaxyfly Fig. 7: Table 5 Galaxyflies by diameter (BookSim model, speedup {router_speedup};\n"
                 f"{source})")
    fig.tight_layout()
    return fig


def galaxyfly_paper(sec: GalaxyflySection):
    """Galaxyfly Fig. 7/9 at the paper's scale: every recorded search's saturation load under MIN, NAG and the
    paper's MIN, with MIN's channel-load bound (``05_galaxyfly_fig7_9_paper``; quick profile, after
    :meth:`GalaxyflySection.bounds`).  Its data: :meth:`GalaxyflySection.paper_bars`."""
    _check(sec, GalaxyflySection)
    GF_P, GF_SUPERNODES, paper_gf, router_speedup = sec.gf_p, sec.gf_supernodes, sec.paper_gf, sec.study.router_speedup
    bound_of = {(row["network"], row["traffic"]): row["MIN bound"] for row in sec.gf_bounds}
    fig, axes = plt.subplots(2, 1, figsize=(13, 8), sharey=True)
    for ax, tr in zip(axes, ("uniform", WORST)):
        recs, _ = sec.paper_bars(tr)

        def why_missing(rt, lab):
            rec = next(r for r in GF_P if r.label == lab)
            if rt == "nag" and rec.constructor not in GROUPED:
                return "no NAG:\nno supernodes"
            if rt == "gf-min" and rec not in GF_SUPERNODES:
                return "= MIN\n(a = 1)" if rec.constructor == "galaxyfly" else "Galaxyfly\nonly"
            return "not run"

        status_bars(ax, [(rec.label, net_name(rec)) for rec in recs], GF_SERIES,
                    {(rt, lab): paper_gf[(lab, rt, t)] for (lab, rt, t) in paper_gf if t == tr}, missing=why_missing)
        # over the MIN bar
        xs = [i - 0.8 / len(GF_SERIES) for i, rec in enumerate(recs) if (net_name(rec), tr) in bound_of]
        ys = [bound_of[(net_name(rec), tr)] for rec in recs if (net_name(rec), tr) in bound_of]
        ax.scatter(xs, ys, marker="_", s=300, color="k", zorder=3, label="MIN channel-load bound")
        ax.legend(fontsize=8, ncol=4, loc="upper center", frameon=False)  # in the band status_bars leaves
        ax.tick_params(axis="x", labelsize=8)
        ax.set(title=f"{'uniform' if tr == 'uniform' else 'worst-case (per family)'} traffic",
               ylabel="saturation load (flits/terminal/cycle)")
    fig.suptitle("Galaxyfly Fig. 7/9 at the paper's scale: recorded searches (3000+5000-cycle windows, resolution "
                 f"{PAPER_TOL}; BookSim model, speedup {router_speedup})")
    fig.tight_layout()
    return fig


def galaxyfly_paper_settings(sec: GalaxyflySection):
    """Galaxyfly Fig. 7/9 at the paper's own settings (1-flit packets, 256-flit shared port buffers with 5 flits
    private per VC, BookSim's run control): every search of :mod:`lowdiam.studies.galaxyfly_paper_settings` recorded
    so far under the paper's MIN, NAG and router-level MIN, a running search as a hatched lower bound, the same
    search with a 1-cycle routing computation as a grey cross (the job's earlier runs), and the
    earlier recorded settings' saturation load of the same search as a black tick (``05_galaxyfly_paper_settings``;
    after :meth:`GalaxyflySection.bounds`).  Writes its data, :meth:`GalaxyflySection.paper_settings_rows`, to
    ``figures/05_galaxyfly_paper_settings.csv``."""
    from .. import sweep as S
    from . import galaxyfly_paper_settings as GPS

    _check(sec, GalaxyflySection)
    rows = sec.paper_settings_rows()
    S.write_csv(rows, "05_galaxyfly_paper_settings")
    nets = list(dict.fromkeys((r["label"], r["network"]) for r in rows))
    done = sum(r["search_done"] for r in rows)
    fig, axes = plt.subplots(2, 1, figsize=(13, 8), sharey=True)
    for ax, tr in zip(axes, ("uniform", WORST)):
        here = [r for r in rows if r["traffic"] == tr]
        groups = [g for g in nets if any(r["label"] == g[0] for r in here)]
        planned = {(r["routing"], r["label"]) for r in here}

        def why_missing(rt, lab, planned=planned):
            return "not started" if (rt, lab) in planned else "not in\nthe plan"

        status_bars(ax, groups, GF_SERIES,
                    {(r["routing"], r["label"]): (r["saturation_load"], r["search_done"]) for r in here
                     if r["saturation_load"] is not None}, missing=why_missing)
        width = 0.8 / len(GF_SERIES)
        index = {rt: j for j, (rt, _) in enumerate(GF_SERIES)}
        pts = [(i - 0.4 + width * (index[r["routing"]] + 0.5), r["earlier_saturation_load"])
               for i, (lab, _) in enumerate(groups) for r in here
               if r["label"] == lab and r["earlier_search_done"]]
        if pts:
            ax.scatter(*zip(*pts), marker="_", s=200, color="k", zorder=3,
                       label=f"earlier recorded settings ({EARLIER_SETTINGS_TEXT})")
        rd1 = [(i - 0.4 + width * (index[r["routing"]] + 0.5), r["rd1_saturation_load"])
               for i, (lab, _) in enumerate(groups) for r in here if r["label"] == lab and r["rd1_search_done"]]
        if rd1:
            ax.scatter(*zip(*rd1), marker="x", s=40, color="0.35", zorder=3,
                       label="the same settings with a 1-cycle routing computation")
        ax.legend(fontsize=8, ncol=4, loc="upper center", frameon=False)
        ax.tick_params(axis="x", labelsize=8)
        ax.set(title=f"{'uniform' if tr == 'uniform' else 'worst-case (per family)'} traffic",
               ylabel="saturation load (flits/terminal/cycle)")
    fig.suptitle(f"Galaxyfly Fig. 7/9 at the paper's scale and settings: 1-flit packets, 256-flit shared port buffers "
                 f"(5 private flits per VC), 2-cycle routing computation, BookSim's run control;\n"
                 f"{done} of {len(rows)} searches complete (resolution {GPS.TOL}; BookSim model, speedup "
                 f"{sec.study.router_speedup})")
    fig.tight_layout()
    return fig


def galaxyfly_packet_size(sec: GalaxyflySection):
    """Galaxyfly Fig. 10c/d analogue: 1-flit against 4-flit packets, MIN (``05_galaxyfly_packet_size``; after
    :meth:`GalaxyflySection.packet_size`)."""
    _check(sec, GalaxyflySection)
    pk1, gf, profile, QUICK = sec.pk1, sec.pk_gf4, sec.study.profile, sec.study.quick
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.2), sharey=True)
    for ax, tr in zip(axes, ("uniform", WORST)):
        for i, (lab, diam) in enumerate((lab, d) for lab, d in sec.pk_nets.items() if (lab, "min", tr) in pk1):
            for x, flits, ls in ((pk1[(lab, "min", tr)], 1, "--"), (gf[(lab, "min", tr)], 4, "-")):
                pts = [(r["load"], r["latency_mean"]) for r in x.records if not r["saturated"]]
                ax.plot(*zip(*sorted(pts)), marker=MARKERS[i], ms=5, mfc="none", ls=ls, color=f"C{i}",
                        label=f"{lab} (diameter {diam}), {flits}-flit packets")
        ax.set(title="uniform traffic" if tr == "uniform" else "worst case (Sec. 5 rule)",
               xlabel="offered load (flits/endpoint/cycle)", ylabel="mean latency (cycles)", xlim=(0, 1))
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    axes[0].set_ylim(0, 120)
    fig.suptitle(f"Galaxyfly Fig. 10c/d analogue: packet size (MIN, BookSim model; {profile} profile"
                 + (";\nshort-window stand-in searches, the recorded ones are in 05_galaxyfly_packet_size_paper)"
                    if QUICK else ")"))
    fig.tight_layout()
    return fig


def galaxyfly_zero_load(sec: GalaxyflySection):
    """Galaxyfly Sec. 5.2.1 / 5.2.3: zero-load latency (mean packet latency at offered load 0.02, uniform, MIN) of
    the four networks the claims compare, with their mean hops (``05_galaxyfly_zero_load``; after
    :meth:`GalaxyflySection.zero_load`)."""
    _check(sec, GalaxyflySection)
    rows = sec.zl_rows
    fig, axes = plt.subplots(1, 2, figsize=(10, 3.6))
    x = np.arange(len(rows))
    for ax, key, ylabel in ((axes[0], "latency_mean", "mean packet latency (cycles)"),
                            (axes[1], "hops_mean", "mean hops per packet")):
        bars = ax.bar(x, [r[key] for r in rows], color=[f"C{i}" for i in range(len(rows))])
        ax.bar_label(bars, fmt="%.2f", fontsize=8)
        ax.set_xticks(x, [f"{r['label']}\n{r['routers']} routers" for r in rows], fontsize=8)
        ax.set(ylabel=ylabel)
        ax.grid(axis="y", alpha=0.3)
    flits = "1-flit packets, 256-flit shared port buffers" if rows[0]["source"].endswith("paper's settings") \
        else "4-flit packets"
    how = ("the paper's MIN (gf-min on the Galaxyflies, MIN on FT)" if any(r["routing"] == "gf-min" for r in rows)
           else "MIN")
    fig.suptitle(f"Galaxyfly Sec. 5.2.1 / 5.2.3: zero-load latency at offered load 0.02, uniform, {how}\n"
                 f"(BookSim model, {flits}; {rows[0]['source']})", fontsize=10)
    fig.tight_layout()
    return fig


def _new_bars(ax, rec, loads: Mapping, title: str) -> None:
    """Saturation load per pattern and routing on one network; loads: (label, routing, traffic) -> (load, done)."""
    vals = {(rt, tr): loads[(rec.label, rt, tr)] for rt in new_routings(rec) for tr in NEW_PATTERNS
            if (rec.label, rt, tr) in loads}
    status_bars(ax, [(tr, tr) for tr in NEW_PATTERNS], [(rt, RT_NAME[rt]) for rt in new_routings(rec)], vals,
                missing=lambda rt, tr: "n/a" if tr == "adversarial" and not PS.has_groups(rec) else "not run")
    ax.set(title=title, ylabel="saturation load (flits/endpoint/cycle)", xlabel="traffic pattern")


def new_polarized(sec: NewPolarizedSection):
    """Saturation load of MIN, UGAL-L and Polarized per network and pattern; this run's and (quick profile) the
    recorded paper-scale searches (``05_new_polarized``)."""
    _check(sec, NewPolarizedSection)
    paper_new, paper_new_keys, new = sec.paper_new, sec.paper_new_keys, sec.new
    NEW, PAPER_NEW = sec.nets, sec.paper_nets
    profile, QUICK = sec.study.profile, sec.study.quick
    rows = 2 if any(k in paper_new for k in paper_new_keys) else 1
    fig, axes = plt.subplots(rows, len(NEW_LABELS), figsize=(17, 4.2 * rows), sharey=True, squeeze=False)
    this_run = final_loads(new)
    column = {lab: i for i, lab in enumerate(NEW_LABELS)}  # one column per network, in both rows
    for rec in NEW:
        _new_bars(axes[0][column[rec.label]], rec, this_run,
                 f"{net_name(rec)} ({profile} profile" + (", stand-in)" if QUICK else ")"))
    for lab in set(NEW_LABELS) - {rec.label for rec in NEW}:
        axes[0][column[lab]].set_visible(False)
    if rows == 2:
        for ax, rec in zip(axes[1], PAPER_NEW):
            _new_bars(ax, rec, paper_new, f"{net_name(rec)} (recorded, paper profile)")
    fig.suptitle("Polarized routing vs MIN and UGAL-L: saturation load (ideal model"
                 + ("; bottom: the paper profile's recorded searches, hatched = search still running, its largest "
                    "stable load so far" if rows == 2 else f"; {profile} profile") + ")")
    fig.tight_layout()
    return fig


def paper_progress(prog: Sequence[Mapping[str, Any]]):
    """Share of each section's planned paper-profile computations recorded complete, in part or not started
    (``05_simulation_paper_progress``).

    Parameters
    ----------
    prog : sequence of mapping
        :meth:`lowdiam.paper_progress.PaperProgress.rows` (``section``, ``what``, ``planned``, ``complete``,
        ``partial``, ``not_started``).
    """
    fig, ax = plt.subplots(figsize=(10, 0.45 * len(prog) + 1.2))
    y = np.arange(len(prog))[::-1]
    left = np.zeros(len(prog))
    for col, color, name in (("complete", "C2", "complete"), ("partial", "C1", "recorded in part"),
                             ("not_started", "0.8", "not started")):
        share = np.array([r[col] / r["planned"] for r in prog])
        ax.barh(y, share, left=left, color=color, label=name)
        left += share
    ax.set_yticks(y, [f"{r['section']}: {r['what']} ({r['planned']})" for r in prog], fontsize=8)
    ax.set(xlim=(0, 1), xlabel="share of the planned paper-profile computations")
    ax.legend(fontsize=8, ncol=3, loc="lower center", bbox_to_anchor=(0.5, 1.0))
    fig.tight_layout()
    return fig
