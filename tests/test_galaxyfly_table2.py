"""Galaxyfly Table 2: the configuration classes (lowdiam.theory.galaxyfly_table2_row) and the census of
measured diameters per class (galaxyfly_table2_census), checked against the printed table and a networkx
reference diameter."""

import itertools
import re

import pytest
from conftest import reference_diameter

from lowdiam.published.galaxyfly import TABLE2
from lowdiam.theory import galaxyfly_table2_census, galaxyfly_table2_row
from lowdiam.topologies import galaxyfly


def _row_by_text(n, q, a):
    """The Table 2 rows whose printed conditions (e.g. 'n>1, q=1, a>1') hold: parsed from the text."""
    vals = {"n": n, "q": q, "a": a}
    hits = []
    for i, row in enumerate(TABLE2):
        conds = re.findall(r"([nqa])([=<>]+)(\d+)", row["configuration"])
        assert len(conds) == 3
        ok = all({"=": vals[v] == int(k), ">": vals[v] > int(k)}[op] for v, op, k in conds)
        if ok:
            hits.append(i)
    return hits


@pytest.mark.parametrize("n,q,a", [c for c in itertools.product([1, 2, 3, 5], [1, 3, 4, 5], [1, 2, 3])
                                   if not (c[0] == 1 and c[1] > 1) and c != (1, 1, 1)])
def test_row_matches_the_printed_conditions(n, q, a):
    assert _row_by_text(n, q, a) == [galaxyfly_table2_row(n, q, a)]


def test_rows_not_in_table2():
    assert _row_by_text(1, 5, 2) == [] and _row_by_text(1, 1, 1) == []
    with pytest.raises(ValueError, match="no row of Table 2 has n = 1 with q > 1"):
        galaxyfly_table2_row(1, 5, 2)
    with pytest.raises(ValueError, match="single router"):
        galaxyfly_table2_row(1, 1, 1)
    with pytest.raises(ValueError, match="≡ 2"):
        galaxyfly_table2_row(3, 2, 2)
    with pytest.raises(ValueError, match="a"):
        galaxyfly_table2_row(3, 5, 0)
    with pytest.raises(ValueError, match="at least one"):
        galaxyfly_table2_census([])
    with pytest.raises(ValueError, match=r"\(n, q, a\)"):
        galaxyfly_table2_census([(3, 5)])


CONFIGS = [(1, 1, 2), (1, 1, 5), (4, 1, 1), (6, 1, 1), (3, 5, 1), (4, 9, 1), (5, 1, 2), (7, 1, 3),
           (3, 5, 2), (2, 3, 2), (3, 3, 2), (4, 4, 2)]


def test_census_against_reference_and_table():
    c = galaxyfly_table2_census(CONFIGS)
    assert sorted(c) == [0, 1, 2, 3, 4]
    for row, e in c.items():
        assert e["diameters"] == [reference_diameter(galaxyfly(*cfg, 1)) for cfg in e["configs"]]
        assert e["largest"] == max(e["diameters"]) <= TABLE2[row]["diameter"]
    # exact for rows 0-3; the general row's 5 is reached (GF(3,5,2)) but is an upper bound (GF(2,3,2): 4)
    assert [c[r]["largest"] for r in range(5)] == [r["diameter"] for r in TABLE2]
    assert dict(zip(c[4]["configs"], c[4]["diameters"]))[(2, 3, 2)] == 4
