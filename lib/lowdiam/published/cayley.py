"""Cayley graphs of diameter 2: what could be read here of the source PolarStar Fig. 4 cites.

PolarStar Fig. 4 draws "the best Cayley graphs (Abas, 2017)" next to ER_q, MMS and Paley.  The
record orders per degree (Abas's tables, the CombinatoricsWiki "Degree Diameter Problem" tables)
could not be read here: the stored copies of those pages show only their opening text.  What
that text states, and what is kept here, is the abstract of the paper itself:

* a construction of Cayley graphs of diameter 2 and order (1/2) d^2 for every degree d >= 8;
* for several small degrees, Cayley graphs of diameter 2 with order above 2/3 of the Moore bound;
* the Cayley graphs of degrees 16, 17, 18, 23, 24, 31, ..., 35 constructed there were, when it was
  written, the largest known vertex-transitive graphs of diameter 2.

So :func:`abas_general_order` is a *lower envelope* of the best Cayley graphs at d >= 8, not the
record table: at some degrees larger Cayley graphs are known.
"""

from __future__ import annotations

from ..validate import check_int

CITATION = "abas2017"
SOURCE_URL = "https://arxiv.org/abs/1509.00842"  # read via https://ar5iv.labs.arxiv.org/html/1509.00842
ACCESSED = "2026-11-25"
REFERENCE = ("M. Abas. Large Networks of Diameter Two Based on Cayley Graphs. In: Computer Science On-line "
             "Conference (CSOC), Springer, 2017, pp. 225-233 (as PolarStar cites it). arXiv:1509.00842.")

#: degrees at which the abstract states its Cayley graphs are the largest known vertex-transitive graphs of diameter 2
RECORD_VT_DEGREES = frozenset({16, 17, 18, 23, 24, 31, 32, 33, 34, 35})
#: the general construction's smallest degree
GENERAL_MIN_DEGREE = 8
#: the abstract's "order greater than 2/3 of the Moore bound" at several small degrees
SMALL_DEGREE_FRACTION_OF_MOORE = 2 / 3


def abas_general_order(degree: int) -> float:
    """Order (1/2) d^2 of Abas's general diameter-2 Cayley construction (stated for d >= 8).

    Parameters
    ----------
    degree : int
        d >= 8.

    Returns
    -------
    float
        d^2 / 2 as the abstract states it.

    Raises
    ------
    ValueError
        For d < 8 (the construction is stated for d >= 8 only).

    Examples
    --------
    >>> abas_general_order(8), abas_general_order(9)
    (32.0, 40.5)
    """
    d = check_int("degree", degree, low=1)
    if d < GENERAL_MIN_DEGREE:
        raise ValueError(f"Abas's general construction is stated for degree >= {GENERAL_MIN_DEGREE}, got {d}")
    return d * d / 2
