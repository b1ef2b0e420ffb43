"""Notebook-specific library code: the pieces of a study that are computation, not presentation.

Each module serves one notebook and keeps its algorithms testable outside it:
:mod:`lowdiam.studies.edst` (notebook 02: the Table IV configuration list and ``build(spec)``).
"""
