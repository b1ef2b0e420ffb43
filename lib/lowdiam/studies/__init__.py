"""Notebook-specific library code: the pieces of a study that are computation, not presentation.

Each module serves one notebook and keeps its algorithms testable outside it; a notebook holds its parameters,
calls into these modules, its figures and its verdict tables.

- notebook 00: :mod:`lowdiam.studies.zoo` (its sections' computation and claims, the best-PolarStar and Thm 1 rows its
  paper profile records) and :mod:`lowdiam.studies.zoo_figures` (its figures);
- notebook 01: :mod:`lowdiam.studies.scalability` and :mod:`lowdiam.studies.scalability_figures`;
- notebook 02: :mod:`lowdiam.studies.edst` (the Table IV configuration list, ``build(spec)``, its sections and claims)
  and :mod:`lowdiam.studies.edst_figures`;
- notebook 03: :mod:`lowdiam.studies.bisection` (its sections' computation and claims, the f-invariant split of IQ
  PolarStars) and :mod:`lowdiam.studies.bisection_figures`;
- notebook 04: :mod:`lowdiam.studies.fault_tolerance` and :mod:`lowdiam.studies.fault_tolerance_figures`;
- notebook 05: :mod:`lowdiam.studies.sim_study` (the profile's settings and searches, the scale a claim is measured
  at), one module per section (:mod:`lowdiam.studies.sim_polarstar`, :mod:`lowdiam.studies.sim_polarized`,
  :mod:`lowdiam.studies.sim_spectralfly`, :mod:`lowdiam.studies.sim_galaxyfly`,
  :mod:`lowdiam.studies.sim_new_polarized`: its searches or curves and its claims), :mod:`lowdiam.studies.sim_progress`
  (how far the paper profile has come) and :mod:`lowdiam.studies.sim_figures` (this run's figures);
  :mod:`lowdiam.studies.simulation` (which routing fits which family), :mod:`lowdiam.studies.polarstar`
  (PolarStar Fig. 9/10 networks, searches, claims under both run controls) and
  :mod:`lowdiam.studies.polarstar_figures` (PolarStar Fig. 9/10 drawn from the recorded paper-scale runs),
  :mod:`lowdiam.studies.polarized_figures` (Polarized Fig. 4-6 and Fig. 8 drawn from the recorded paper-scale runs)
  and :mod:`lowdiam.studies.galaxyfly_figures` (Galaxyfly's packet-size comparison drawn from the recorded
  paper-scale searches);
- notebook 06: :mod:`lowdiam.studies.cost_layout` and :mod:`lowdiam.studies.cost_layout_figures`;
- notebook 07: :mod:`lowdiam.studies.motifs` (motif runs as cached, checkpointed table rows),
  :mod:`lowdiam.studies.motifs_study`, :mod:`lowdiam.studies.motifs_claims` and :mod:`lowdiam.studies.motifs_figures`
  (each profile's networks, sizes and section runs with the recorded paper-scale rows; its claims; its figures) and
  :mod:`lowdiam.studies.unfinished` (lower bounds from unfinished runs, and the orderings they settle);
- notebook 08: :mod:`lowdiam.studies.your_network`.
"""
