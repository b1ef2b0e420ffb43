"""The papers' published numbers and tables as data, each with its citation.

One source for the values the notebooks compare against, instead of the same table typed into
several notebooks.  Every row names the network by its ``lowdiam.topologies`` constructor and
arguments; :func:`build` makes it.

=====================  ==========================================================  ==================
module                 tables                                                      paper (``CITATIONS``)
=====================  ==========================================================  ==================
:mod:`.polarstar`      Table 3 (simulated configurations)                          ``"polarstar"``
:mod:`.spectralfly`    Table I (structural properties at five size classes)        ``"spectralfly"``
:mod:`.galaxyfly`      Table 3 (GF vs DF bisection), Table 5 (configurations, beta)  ``"galaxyfly"``
:mod:`.cayley`         Abas (2017) diameter-2 Cayley construction (PolarStar Fig. 4)  ``"abas2017"``
=====================  ==========================================================  ==================

Examples
--------
>>> from lowdiam import published
>>> row = published.polarstar.TABLE3[0]
>>> row["name"], row["routers"], published.build(row).num_routers
('PS-IQ', 1064, 1064)
>>> published.CITATIONS["galaxyfly"].startswith("F. Lei")
True
"""

from __future__ import annotations

from typing import Any

from . import cayley, galaxyfly, polarstar, spectralfly

__all__ = ["CITATIONS", "build", "cayley", "galaxyfly", "polarstar", "spectralfly"]

CITATIONS = {
    "polarstar": "K. Lakhotia, L. Monroe, K. Isham, M. Besta, N. Blach, T. Hoefler, F. Petrini. PolarStar: Expanding "
                 "the Scalability of Diameter-3 Networks. SPAA '24, 2024, pp. 345-357.",
    "edst": "A. Dawkins, K. Isham, A. Kubicek, K. Lakhotia, L. Monroe. Edge-Disjoint Spanning Trees on Star-Product "
            "Networks. arXiv:2403.12231, 2024 (revised as LA-UR-25-24115, 2025).",
    "spectralfly": "S. Young, S. Aksoy, J. Firoz, R. Gioiosa, T. Hagge, M. Kempton, J. Escobedo, M. Raugas. SpectralFly: "
                   "Ramanujan Graphs as Flexible and Efficient Interconnection Networks. IPDPS 2022, pp. 1040-1050. "
                   "arXiv:2104.11725.",
    "galaxyfly": "F. Lei, D. Dong, X. Liao. Exploring the Galaxyfly Family to Build Flexible-Scale Interconnection "
                 "Networks. IEEE TPDS, 2021. DOI 10.1109/TPDS.2021.3100783.",
    "abas2017": "M. Abas. Large Networks of Diameter Two Based on Cayley Graphs. Computer Science On-line Conference, "
                "Springer, 2017, "
                "pp. 225-233. arXiv:1509.00842.",
    "polarized": "C. Camarero, C. Martinez, R. Beivide. Polarized routing: an efficient and versatile algorithm for large "
                 "direct networks. HOTI 2021, pp. 52-59. DOI 10.1109/HOTI52880.2021.00021.",
}


def build(row: dict[str, Any]):
    """The topology of a published row (its ``constructor``, ``args`` and ``kwargs``).

    Parameters
    ----------
    row : dict
        A row of one of the tables here.

    Returns
    -------
    lowdiam.topologies.Topology
    """
    from .. import topologies as T

    return getattr(T, row["constructor"])(*row["args"], **row.get("kwargs", {}))
