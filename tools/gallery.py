"""Write figures/README.md: a thumbnail gallery, one line per figure (paper figure, notebook section, data).

Usage: ``python tools/gallery.py`` (``make figures`` / ``make scorecard`` run it).  Figures not described
in ``FIGURES`` below still appear, marked "(no description)", so a new figure is never silently left out.
"""

from __future__ import annotations

import sys
from pathlib import Path

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
    "05_ugal_bias": ("new: UGAL-L's bias toward minimal routes, its effect on saturation (quick-profile networks)",
                     "05_simulation", "Polarized routing on star products"),
    "05_polarized_fig4_6": ("Polarized routing Fig. 4-6", "05_simulation", "Polarized routing"),
    "05_polarized_fig8": ("Polarized routing Fig. 8", "05_simulation", "Polarized routing"),
    "05_spectralfly_fig6_7": ("SpectralFly Fig. 6/7", "05_simulation", "SpectralFly Fig. 6/7"),
    "05_galaxyfly_fig7_9": ("Galaxyfly Fig. 7/9", "05_simulation", "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_fig7": ("Galaxyfly Fig. 7 (the Table 5 Galaxyflies by diameter, MIN)", "05_simulation",
                          "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_fig7_9_paper": ("Galaxyfly Fig. 7/9 at paper scale (recorded searches: MIN, NAG, the paper's MIN "
                                  "gf-min)", "05_simulation", "Galaxyfly Fig. 7/9"),
    "05_galaxyfly_packet_size": ("Galaxyfly Fig. 10c/d (1-flit against 4-flit packets)", "05_simulation",
                                 "Galaxyfly Sec. 5.1.2 / Fig. 10c-d"),
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


def render(figures: Path) -> str:
    """The gallery's markdown for the PNGs under ``figures``."""
    lines = [
        "# Figure gallery",
        "",
        "Every figure the notebooks draw (PNG here, PDF beside it), the paper figure or table it reproduces,",
        "the notebook section that draws it and its data (CSV beside the figure). Regenerated by `make figures`;",
        "the claims the figures support are in the [scorecard](claims.md).",
        "",
        "| figure | reproduces | notebook section | data |",
        "|---|---|---|---|",
    ]
    for png in sorted(figures.glob("*.png")):
        stem = png.stem
        what, nb, section = FIGURES.get(stem, ("(no description)", stem.split("_")[0], ""))
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
                     f"([pdf]({stem}.pdf)) | {what} | {nb_link} | {data_cell} |")
    tables = sorted(p.name for p in figures.glob("*.csv") if not any(p.name.startswith(s) for s in FIGURES))
    if tables:
        lines += ["", "Reproduced tables (CSV): " + ", ".join(f"[`{t}`]({t})" for t in tables) + "."]
    return "\n".join(lines) + "\n"


def main(argv: list[str]) -> int:
    figures = Path(argv[0]) if argv else ROOT / "figures"
    (figures / "README.md").write_text(render(figures))
    print(f"wrote {figures / 'README.md'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
