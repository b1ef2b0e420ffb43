"""Notebook-specific library code: the pieces of a study that are computation, not presentation.

Each module serves one notebook and keeps its algorithms testable outside it:
:mod:`lowdiam.studies.zoo` (notebook 00: the best-PolarStar and Thm 1 rows its paper profile records),
:mod:`lowdiam.studies.edst` (notebook 02: the Table IV configuration list and ``build(spec)``),
:mod:`lowdiam.studies.bisection` (notebook 03: the f-invariant split of IQ PolarStars),
:mod:`lowdiam.studies.simulation` (notebook 05: which routing fits which family),
:mod:`lowdiam.studies.polarstar` (notebook 05: PolarStar Fig. 9/10 networks, searches, claims under both run
controls),
:mod:`lowdiam.studies.polarstar_figures` (notebook 05: PolarStar Fig. 9/10 drawn from the recorded paper-scale runs),
:mod:`lowdiam.studies.polarized_figures` (notebook 05: Polarized Fig. 4-6 and Fig. 8 drawn from the recorded
paper-scale runs),
:mod:`lowdiam.studies.galaxyfly_figures` (notebook 05: Galaxyfly's packet-size comparison drawn from the recorded
paper-scale searches),
:mod:`lowdiam.studies.motifs` (notebook 07: motif runs as cached, checkpointed table rows) and
:mod:`lowdiam.studies.unfinished` (notebook 07: lower bounds from unfinished runs, and the orderings they settle).
"""
