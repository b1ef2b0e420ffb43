"""One home for results: the store, its row schema, its two places, and the command line that reads it.

* :mod:`.log` -- :class:`ResultLog`, the committed place: ``results/paper/<notebook>/<name>.csv``, append-only,
  keyed by the run specification; every row ends with the store's columns (:data:`STORE_COLUMNS`: ``status``
  done / partial, ``cycle_reached``, ``seconds``, ``cpu_seconds``, ``code_commit``, ``lowdiam_version``).  A
  checkpoint is a partial row.
* :mod:`.store` -- :class:`Store`: the committed place and the local one (the disk cache, :mod:`lowdiam.cache`),
  and progress as a question to them (:meth:`Store.status` of a plan).
* :mod:`.index` -- the index of the committed place, ``results/paper/README.md``.
* :mod:`.migrate` -- lossless migration of logs written before the row schema.

Code identity has one scheme, :mod:`lowdiam.code_identity`: rows name the commit (``code_commit``), cache entries
and compiled kernels the digests of their sources.

Command line (``python -m lowdiam.results --help``)::

    python -m lowdiam.results status                 # every committed log: rows done / partial, time
    python -m lowdiam.results index                  # rewrite results/paper/README.md (make scorecard)
    python -m lowdiam.results checkpoints [--record] # local checkpoints; --record keeps them as partial rows
    python -m lowdiam.results migrate [--check]      # bring logs of the old schema to this one
"""

from __future__ import annotations

from .log import PROVENANCE, STATUSES, STORE_COLUMNS, ResultLog, code_commit, cut_torn_tail, read_complete_rows
from .store import LogFile, PlanStatus, Store

__all__ = ["ResultLog", "Store", "PlanStatus", "LogFile", "STORE_COLUMNS", "PROVENANCE", "STATUSES", "code_commit",
           "cut_torn_tail", "read_complete_rows"]
