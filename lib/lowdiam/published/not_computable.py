"""The papers' claims the workbook cannot compute, with the reason (rendered under "Not computable here" in
``figures/claims.md`` by :func:`lowdiam.claims.render`).

One entry per claim: (paper, the claim as the paper states it, why it cannot be computed here).  An entry
leaves this list when the missing piece arrives (a definition, a table, a model) and the claim becomes a
scorecard row.

>>> all(len(e) == 3 and all(isinstance(x, str) and x for x in e) for e in NOT_COMPUTABLE)
True
"""

from __future__ import annotations

NOT_COMPUTABLE: tuple[tuple[str, str, str], ...] = (
    ("PolarStar", "Sec. 5: 1.06x and 1.21x geometric-mean scale over the two largest star-product graphs of "
     "Bermond et al. (radix 8-128)",
     "the paper does not define those two graph families and the Bermond et al. paper is not among the sources; "
     "without their orders per radix there is nothing to divide by"),
    ("PolarStar", "Sec. 4: order-2d'+2 graphs with property R* exist only for d' = 0, 3 (mod 4)",
     "checked exhaustively for d' <= 2 (row ps-r-star-order-2d2-only-0-3-mod-4); from d' = 5 on the search runs "
     "over all graphs on 12 or more vertices, and the paper gives no proof to check instead"),
    ("PolarStar", "Fig. 4: ER_q larger than the best known Cayley graphs of diameter 2 at almost all degrees",
     "the record table of diameter-2 Cayley graphs could not be read here; row er-larger-than-cayley-abas compares "
     "with the d^2/2 construction of Abas (2017), a lower envelope of the records, not the records themselves"),
    ("Galaxyfly", "Sec. 4: VC counts (MIN 3 local + 2 global; NAR / NAL / NAG 3/4/4 local and 2/2/3 global)",
     "they describe the route shapes of the paper's supernode-by-supernode MIN (Sec. 4.1), which is not "
     "implemented; our minimal routes between routers can take 3 global links on a tie (GF(15,29,4,2) even up "
     "to 5), so counting ours would not test the paper's statement"),
    ("Galaxyfly", "Sec. 6: fat-tree cabinets '9x16+12' = 156",
     "the paper gives no packing rule for the fat-tree's 1,922 non-leaf routers; its leaf cabinets (124) are a "
     "row of notebook 06"),
    ("Galaxyfly", "Fig. 11c: NAG +25 / +260 / +100 % over MIN under the blended pattern",
     "the blended pattern is 90 % uniform plus 10 % hot-spot traffic to 'a fixed range of I/O nodes', and the paper "
     "does not say which endpoints those are; the hot-spot share decides the gains"),
    ("Galaxyfly", "Fig. 8 / Sec. 5.1.4: GPCNeT results (+50 %, GF(15,29,1,7) best, diameter-5 GFs no worse than "
     "diameter-3)",
     "GPCNeT measures canary jobs' slowdown under concurrent congestor jobs (its own mix of patterns and message "
     "sizes); the workbook simulates single traffic patterns and motifs, not GPCNeT's job mix"),
    ("Galaxyfly", "Sec. 5.3 / Fig. 10a-b, 11a: fixed-layout results (per-link latencies of 50 / 100 cycles from the "
     "cabinet layout; GF(81,1,10,4) >= GF(15,29,1,7), latency spikes at loads 0.25 and 0.35)",
     "the paper does not give its cabinet assignment of routers, which sets which links are optical (100 cycles) "
     "and which electrical (50 cycles); the simulator here has one latency for every link"),
    ("SpectralFly", "Fig. 11: latency 5-10 % above Slim Fly (5 ns/m wires)",
     "the switch latencies on the figure's axis are not given and the ratio depends on them (it is the "
     "wire-length ratio at zero switch latency, already a row, and tends to the hop ratio as switch latency "
     "grows); the SkyWalk network it is compared with has no constructor here"),
    ("EDST", "Table V: the BDF row (t_i and r_i of the Brown-Dinneen-Fahey supernode)",
     "the row's formula was lost from the text, and lowdiam's 'bdf' supernode is documented as not BDF's original "
     "graph, so an exact packing of ours would not check the printed row"),
    ("EDST", "Thm V-D.7 (1) and (3): depth bounds of the V-D.3 and V-D.5 trees",
     "the formulas and the split-tree quantities they use were lost from the text; only V-D.7 (2) could be rebuilt "
     "from its proof (row edst-thm-vd7-2-depth)"),
    ("SpectralFly", "Fig. 4 (left): 'the absence of large gaps' in the LPS design space, p, q < 300",
     "a reading of a scatter plot with no gap measure stated; notebook 01 draws every LPS(p, q), p, q < 300, with "
     "its checked order formula (row lps-order-formula), and any threshold for 'large' would be ours"),
)
