"""Write figures/README.md: a thumbnail gallery, one line per figure (scale, paper figure, notebook section, data).

Usage: ``python tools/gallery.py [figures-dir]`` (``make figures`` / ``make scorecard`` run it).  Every PNG under
the figures directory must have a description in ``FIGURES`` and a scale in ``SCALE`` below: the tool refuses to
write the gallery otherwise and names what is missing, so a new figure is never left out or shown undescribed
(``tests/test_gallery.py`` checks the committed figures against both mappings, in both directions).
"""

from __future__ import annotations

import sys
from pathlib import Path

from lowdiam.claims import SCALES

ROOT = Path(__file__).resolve().parents[1]

# stem: (what it reproduces, notebook, section heading)
FIGURES = {
    "00_table3_hop_distances": ("PolarStar Table 3 (hop-distance distributions of its configurations)",
                                "00_topologies", "PolarStar Table 3"),
    "00_polarstar_best_orders": ("PolarStar Sec. 7 (largest PolarStar per radix, built and verified)",
                                 "00_topologies", "The best PolarStar at every radix"),
    "01_fig1_moore_efficiency": ("PolarStar Fig. 1", "01_scalability", "PolarStar Fig. 1"),
    "01_fig4_diameter2": ("PolarStar Fig. 4", "01_scalability", "PolarStar Fig. 4"),
    "01_fig7_polarstar_configs": ("PolarStar Fig. 7", "01_scalability", "PolarStar Fig. 7"),
    "01_spectralfly_lps_design_space": ("SpectralFly Fig. 4 (left)", "01_scalability", "SpectralFly Fig. 4"),
    "01_galaxyfly_scale_48port": ("Galaxyfly Fig. 2/3", "01_scalability", "Galaxyfly Fig. 2/3"),
    "02_edst_count_depth": ("EDST paper Table IV, Sec. V-B1 / V-C4 (count vs depth)", "02_edst", "Depth analysis"),
    "02_edst_vd1_hyperx": ("EDST paper Theorem V-D.2 on 2D HyperX", "02_edst", "Property V-D.1"),
    "03_fig12_bisection_fraction": ("PolarStar Fig. 12", "03_bisection", "PolarStar Fig. 12"),
    "03_fig13_supernode_bisection": ("PolarStar Fig. 13", "03_bisection", "PolarStar Fig. 13"),
    "03_fig4_lps_bisection": ("SpectralFly Fig. 4 (bisection)", "03_bisection", "SpectralFly Fig. 4"),
    "03_galaxyfly_table5_beta": ("Galaxyfly Table 5 (bisection ratio beta)", "03_bisection", "Galaxyfly Tables 3-5"),
    "04_polarstar_fig14": ("PolarStar Fig. 14", "04_fault_tolerance", "PolarStar Fig. 14"),
    "04_disconnection_ratios": ("PolarStar Sec. 11.2 (disconnection ratios)", "04_fault_tolerance",
                                "PolarStar Fig. 14"),
    "04_spectralfly_fig5": ("SpectralFly Fig. 5", "04_fault_tolerance", "SpectralFly Fig. 5"),
    "04_galaxyfly_fig5": ("Galaxyfly Fig. 5", "04_fault_tolerance", "Galaxyfly Fig. 5"),
    "05_polarstar_fig9": ("PolarStar Fig. 9", "05_simulation", "PolarStar Fig. 9/10"),
    "05_polarstar_fig10": ("PolarStar Fig. 10", "05_simulation", "PolarStar Fig. 9/10"),
    "05_polarstar_saturation": ("PolarStar Fig. 9/10 (saturation loads)", "05_simulation", "PolarStar Fig. 9/10"),
    "05_polarstar_knee_paper": ("new: saturation load vs latency knee, PolarStar Fig. 9/10 at paper scale",
                                "05_simulation", "PolarStar Fig. 9/10"),
    "05_polarstar_fig9_paper": ("PolarStar Fig. 9 at paper scale (Table 3 networks, recorded runs, fixed-window rule)",
                                "05_simulation", "Fig. 9 and Fig. 10 at the paper's scale"),
    "05_polarstar_fig10_paper": ("PolarStar Fig. 10 at paper scale (Table 3 networks, recorded runs, fixed-window "
                                 "rule)", "05_simulation", "Fig. 9 and Fig. 10 at the paper's scale"),
    "05_polarstar_fig9_paper_booksim_rule": ("PolarStar Fig. 9 at paper scale under BookSim2's run control (the "
                                             "configurations re-run so far)", "05_simulation",
                                             "Fig. 9 and Fig. 10 at the paper's scale"),
    "05_polarstar_fig10_paper_booksim_rule": ("PolarStar Fig. 10 at paper scale under BookSim2's run control (the "
                                              "configurations re-run so far)", "05_simulation",
                                              "Fig. 9 and Fig. 10 at the paper's scale"),
    "05_polarstar_ugal_vcs_paper": ("PolarStar Sec. 9.5 UGAL-L on PS-IQ and PS-Pal at paper scale under BookSim2's "
                                    "run control: hop-indexed VCs beside the paper's 4 VCs", "05_simulation",
                                    "Fig. 9 and Fig. 10 at the paper's scale"),
    "05_ugal_bias": ("new: UGAL-L's bias toward minimal routes, its effect on saturation (quick-profile networks)",
                     "05_simulation", "Polarized routing on star products"),
    "05_polarized_fig4_6": ("Polarized routing Fig. 4-6", "05_simulation", "Polarized routing"),
    "05_polarized_fig4_6_paper": ("Polarized routing Fig. 4-6 at paper scale (RRG(720, 17), recorded runs)",
                                  "05_simulation", "Fig. 4-6 at the paper's scale"),
    "05_polarized_fig8": ("Polarized routing Fig. 8", "05_simulation", "Polarized routing"),
    "05_polarized_fig8_paper": ("Polarized routing Fig. 8 at paper scale (Table 4 networks, recorded runs)",
                                "05_simulation", "Polarized Fig. 8"),
    "05_spectralfly_fig6_7": ("SpectralFly Fig. 6/7", "05_simulation", "SpectralFly Fig. 6/7"),
    "05_galaxyfly_fig7_9": ("Galaxyfly Fig. 7/9", "05_simulation", "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_fig7": ("Galaxyfly Fig. 7 (the Table 5 Galaxyflies by diameter, MIN)", "05_simulation",
                          "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_paper_settings": ("Galaxyfly Fig. 7/9 at paper scale and the paper's settings (1-flit packets, "
                                    "256-flit shared port buffers, BookSim's run control; recorded searches, running "
                                    "ones hatched)", "05_simulation", "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_fig7_9_paper": ("Galaxyfly Fig. 7/9 at paper scale (recorded searches: MIN, NAG, the paper's MIN "
                                  "gf-min)", "05_simulation", "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_packet_size": ("Galaxyfly Fig. 10c/d (1-flit against 4-flit packets)", "05_simulation",
                                 "Galaxyfly Sec. 5.1.2 / Fig. 10c-d"),
    "05_galaxyfly_zero_load": ("Galaxyfly zero-load latency and hops of GF(81,1,10,4), GF(15,29,4,2), FT and DF "
                               "(recorded runs at offered load 0.02, the paper's Sec. 5 settings)", "05_simulation",
                               "Galaxyfly Sec. 5.2.1 / 5.2.3"),
    "05_galaxyfly_packet_size_paper": ("Galaxyfly Fig. 10c/d at paper scale (1-flit against 4-flit packets, recorded "
                                       "searches)", "05_simulation", "Galaxyfly Sec. 5.1.2 / Fig. 10c-d"),
    "05_galaxyfly_packet_size_paper_settings": ("Galaxyfly Fig. 10c/d at the paper's Sec. 5 settings (1-flit against "
                                                "4-flit packets, 256-flit shared port buffers, recorded searches)",
                                                "05_simulation", "Galaxyfly Sec. 5.1.2 / Fig. 10c-d"),
    "05_spectralfly_fig8": ("SpectralFly Fig. 8 (Valiant against MIN on LPS)", "05_simulation", "SpectralFly Fig. 8"),
    "07_polarstar_fig11": ("PolarStar Fig. 11 (Allreduce and Sweep3D, MIN and UGAL)", "07_motifs",
                           "PolarStar Fig. 11"),
    "07_spectralfly_fig9_10": ("SpectralFly Fig. 9/10 (Halo3D-26, Sweep3D, FFT against Dragonfly)", "07_motifs",
                               "SpectralFly Fig. 9/10"),
    "07_edst_allreduce": ("new: Allreduce over 1, 2, ..., t edge-disjoint spanning trees", "07_motifs",
                          "Allreduce over EDSTs"),
    "05_new_polarized": ("new: Polarized routing on star products", "05_simulation",
                         "Polarized routing on star products"),
    "05_simulation_paper_progress": ("progress of notebook 05's paper profile (planned vs recorded searches and "
                                     "curves)", "05_simulation", "How far the paper profile has come"),
    "07_motifs_paper_progress": ("progress of notebook 07's paper profile (planned vs recorded motif runs)",
                                 "07_motifs", "How far the paper profile has come"),
    "08_your_network_summary": ("new: a 3-D torus 4x4x4 against PolarStar, Slim Fly, Dragonfly and Jellyfish at "
                                "radix 6 (every metric, winners starred)", "08_your_network", "Summary"),
    "08_your_network_latency": ("new: latency curves of the torus and its rivals (MIN, Valiant, UGAL-L)",
                                "08_your_network", "Simulation"),
    "08_your_network_disconnection": ("new: random link failures until disconnection, the torus and its rivals",
                                      "08_your_network", "Structure"),
    "06_spectralfly_layout": ("SpectralFly Sec. V / Table II (cabinet placement and wire lengths)", "06_cost_layout",
                              "SpectralFly Table II"),
    "06_spectralfly_power": ("SpectralFly Table II (power and power per bandwidth)", "06_cost_layout",
                             "SpectralFly Table II"),
    "06_galaxyfly_cost_power": ("Galaxyfly Table 6 (router cost, power, cabling)", "06_cost_layout",
                                "Galaxyfly Table 6"),
    "06_polarstar_layout": ("PolarStar Sec. 8 (supernode clusters and fibre bundles)", "06_cost_layout",
                            "PolarStar Sec. 8"),
}


#: What each figure plots, in the scorecard's scale vocabulary (``lowdiam.claims.SCALES``, docs/scorecard.md),
#: plus ``NO_SCALE`` for a chart that measures no network.  A value is one scale, or ``((scale, part), ...)`` for a
#: figure whose parts plot different data (this quick run's stand-ins in the top row, the recorded paper-profile runs
#: in the bottom row).  Kept by hand, read off each figure's drawing code: no file records it (``save_figure``
#: writes no metadata into the PNG, the titles say it only for some figures and only as pixels, and a figure's
#: linked claims can be at another scale than the data it draws), so ``tests/test_gallery.py`` fails when a figure
#: has no entry here or an entry names no figure.
#:
#: - ``exact``: notebooks 00-02's formulas and structural facts (the same numbers in every profile; where a range
#:   depends on the profile, the quick run draws the paper profile's recorded range).
#: - ``paper``: the papers' own networks at full size, from recorded paper-profile rows (02-04, 06; where this quick
#:   run's points are drawn beside them, they are the same networks or a subset) or computed at full size in both
#:   profiles (04's disconnection ratios, 06's layouts and costs); simulations only where the settings are the
#:   paper's too (PolarStar Fig. 9/10 MIN panels under BookSim2's run control, Polarized Fig. 8's recorded
#:   CAMINOS-model curves) or where no paper has settings to differ from (the "new" studies' recorded rows on the
#:   papers' networks).
#: - ``paper-network``: the papers' networks at full size, simulation settings not the paper's: the fixed-window rule
#:   or UGAL's extra VCs (PolarStar Fig. 9/10), 4-flit packets, 32-flit VC buffers and fixed windows (Galaxyfly; its
#:   quick profile runs the Table 5 networks at full size, with shorter windows), the BookSim model for SST
#:   (SpectralFly, PolarStar Fig. 11).
#: - ``stand-in``: the quick profile's smaller networks (05, 07, 08's bundled 64-router example), and Galaxyfly Fig. 5,
#:   whose networks the paper does not list (ours are our choice in its size range, as its claims say).
SCALE: dict[str, str | tuple[tuple[str, str], ...]] = {
    "00_polarstar_best_orders": "exact",
    "00_table3_hop_distances": "exact",
    "01_fig1_moore_efficiency": "exact",
    "01_fig4_diameter2": "exact",
    "01_fig7_polarstar_configs": "exact",
    "01_galaxyfly_scale_48port": "exact",
    "01_spectralfly_lps_design_space": "exact",
    "02_edst_count_depth": "paper",
    "02_edst_vd1_hyperx": "exact",
    "03_fig12_bisection_fraction": "paper",
    "03_fig13_supernode_bisection": "paper",
    "03_fig4_lps_bisection": "paper",
    "03_galaxyfly_table5_beta": "paper",
    "04_disconnection_ratios": "paper",
    "04_galaxyfly_fig5": "stand-in",
    "04_polarstar_fig14": "paper",
    "04_spectralfly_fig5": "paper",
    "05_galaxyfly_fig7": "paper-network",
    "05_galaxyfly_fig7_9": "paper-network",
    "05_galaxyfly_fig7_9_paper": "paper-network",
    "05_galaxyfly_paper_settings": "paper",
    "05_galaxyfly_packet_size": "paper-network",
    "05_galaxyfly_packet_size_paper": "paper-network",
    "05_galaxyfly_packet_size_paper_settings": "paper-network",
    "05_galaxyfly_zero_load": "paper",
    "05_new_polarized": (("stand-in", "top row"), ("paper", "bottom row")),
    "05_polarized_fig4_6": "stand-in",
    "05_polarized_fig4_6_paper": "paper",
    "05_polarized_fig8": "stand-in",
    "05_polarized_fig8_paper": "paper",
    "05_polarstar_fig9": "stand-in",
    "05_polarstar_fig10": "stand-in",
    "05_polarstar_fig9_paper": "paper-network",
    "05_polarstar_fig10_paper": "paper-network",
    "05_polarstar_fig9_paper_booksim_rule": (("paper", "MIN panels a, b"), ("paper-network", "UGAL panels c-f")),
    "05_polarstar_fig10_paper_booksim_rule": (("paper", "MIN panel"), ("paper-network", "UGAL panel")),
    "05_polarstar_ugal_vcs_paper": (("paper-network", "dashed: hop-indexed VCs"),
                                    ("paper", "solid: the paper's 4 VCs")),
    "05_polarstar_knee_paper": "paper-network",
    "05_polarstar_saturation": "stand-in",
    "05_simulation_paper_progress": "n/a",
    "05_spectralfly_fig6_7": (("stand-in", "top row"), ("paper-network", "bottom row")),
    "05_spectralfly_fig8": (("stand-in", "left"), ("paper-network", "right")),
    "05_ugal_bias": "stand-in",
    "06_galaxyfly_cost_power": "paper",
    "06_polarstar_layout": "paper",
    "06_spectralfly_layout": "paper",
    "06_spectralfly_power": "paper",
    "07_edst_allreduce": (("stand-in", "top row"), ("paper", "bottom row")),
    "07_motifs_paper_progress": "n/a",
    "07_polarstar_fig11": (("stand-in", "top row"), ("paper-network", "bottom row")),
    "07_spectralfly_fig9_10": (("stand-in", "top row"), ("paper-network", "bottom row")),
    "08_your_network_disconnection": "stand-in",
    "08_your_network_latency": "stand-in",
    "08_your_network_summary": "stand-in",
}
#: the scale of a chart that measures no network (the paper profiles' progress)
NO_SCALE = "n/a"
#: the legend above the table: what a scale means for a figure (the scorecard's words, said of figures)
SCALE_LEGEND = {
    "paper": "the paper's own networks at full size and, for a simulation, its settings",
    "paper-network": "the paper's own networks at full size, simulation settings that differ from the paper's "
                     "(the notebook lists them)",
    "stand-in": "smaller or other networks than the paper's (the quick profile's, or ours where the paper lists none)",
    "exact": "formulas and structural facts that do not depend on the profile",
    "arithmetic": "the paper's own printed numbers checked against each other",
    NO_SCALE: "a progress chart, no network measured",
}


def scales_of(stem: str) -> list[tuple[str, str]]:
    """``SCALE[stem]`` as ``[(scale, part), ...]`` (part ``""`` for a figure plotted at one scale)."""
    value = SCALE[stem]
    return [(value, "")] if isinstance(value, str) else [tuple(p) for p in value]


def check(stems) -> None:
    """ValueError naming every figure of ``stems`` without a description or a scale, and every unknown scale."""
    stems = list(stems)
    missing = {"no description in FIGURES": [s for s in stems if s not in FIGURES],
               "no scale in SCALE": [s for s in stems if s not in SCALE],
               "unknown scale": [f"{s} ({sc})" for s in stems if s in SCALE for sc, _ in scales_of(s)
                                 if sc not in SCALE_LEGEND]}
    problems = [f"{what}: {', '.join(names)}" for what, names in missing.items() if names]
    if problems:
        raise ValueError("tools/gallery.py: " + "; ".join(problems) + " (add them to FIGURES / SCALE there)")


def scale_cell(stem: str) -> str:
    """The scale column of ``stem``'s row: ```paper```, or ```stand-in` (top row), `paper` (bottom row)```."""
    return ", ".join(f"`{sc}`" + (f" ({part})" if part else "") for sc, part in scales_of(stem))


def render(figures: Path) -> str:
    """The gallery's markdown for the PNGs under ``figures`` (ValueError if one has no description or scale)."""
    pngs = sorted(figures.glob("*.png"))
    check(p.stem for p in pngs)
    used = {sc for p in pngs for sc, _ in scales_of(p.stem)}
    legend = "; ".join(f"`{sc}`: {SCALE_LEGEND[sc]}" for sc in (*SCALES, NO_SCALE) if sc in used)
    lines = [
        "# Figure gallery",
        "",
        "Every figure the notebooks draw (PNG here, PDF beside it), the scale of what it plots, the paper figure or",
        "table it reproduces, the notebook section that draws it and its data (CSV beside the figure). Regenerated by",
        "`make figures`; the claims the figures support are in the [scorecard](claims.md).",
        "",
        f"**Scale** (the [scorecard's](../docs/scorecard.md#scales) vocabulary): {legend}.",
        "",
        "| figure | scale | reproduces | notebook section | data |",
        "|---|---|---|---|---|",
    ]
    for png in pngs:
        stem = png.stem
        what, nb, section = FIGURES[stem]
        nb_path = next(iter(sorted((figures.parent / "notebooks").glob(f"{nb}*.ipynb"))), None)
        nb_link = f"[`{nb_path.stem}`](../notebooks/{nb_path.name})" if nb_path else nb
        if section:
            nb_link += f", {section}"
        longer = [p.stem for p in figures.glob(f"{stem}_*.png")]  # a CSV of a longer figure stem is that figure's
        data = sorted(p.name for p in figures.glob(f"{stem}*.csv") if not any(p.stem.startswith(o) for o in longer))
        if not data and stem.startswith("00_table3"):
            data = ["00_table3.csv"]
        data_cell = ", ".join(f"[`{d}`]({d})" for d in data) if data else "in the notebook"
        lines.append(f'| <a href="{png.name}"><img src="{png.name}" width="260" alt="{stem}"></a><br>`{stem}` '
                     f"([pdf]({stem}.pdf)) | {scale_cell(stem)} | {what} | {nb_link} | {data_cell} |")
    tables = sorted(p.name for p in figures.glob("*.csv") if not any(p.name.startswith(s) for s in FIGURES))
    if tables:
        lines += ["", "Reproduced tables (CSV): " + ", ".join(f"[`{t}`]({t})" for t in tables) + "."]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    figures = Path(argv[0]) if argv else ROOT / "figures"
    try:
        text = render(figures)
    except ValueError as err:
        print(err, file=sys.stderr)
        return 1
    (figures / "README.md").write_text(text)
    print(f"wrote {figures / 'README.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
