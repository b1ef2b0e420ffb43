import pytest

from lowdiam import published
from lowdiam.published import galaxyfly, polarstar, spectralfly


def test_every_table_names_a_known_paper():
    for mod in (polarstar, spectralfly, galaxyfly):
        assert mod.CITATION in published.CITATIONS


def test_polarstar_table3_rows_build_with_the_printed_radix():
    rows = polarstar.TABLE3
    assert [r["name"] for r in rows] == ["PS-IQ", "PS-Pal", "BF", "SF", "HX", "DF", "MF", "FT"]
    for r in rows[:3]:
        top = published.build(r)
        assert top.radix == r["radix"]
    # the printed PS-Pal order is the paper's typo (949 built), kept as data
    assert rows[1]["routers"] == 993 and published.build(rows[1]).num_routers == 949


def test_spectralfly_table1_shape():
    assert len(spectralfly.TABLE_I) == 20
    assert all(set(spectralfly.COLUMNS) <= set(r) for r in spectralfly.TABLE_I)
    top = published.build(spectralfly.TABLE_I[0])
    assert (top.num_routers, top.radix) == (168, 12)


@pytest.mark.parametrize("row", galaxyfly.TABLE5[:3])
def test_galaxyfly_table5_rows_build(row):
    top = published.build(row)
    assert top.num_routers == row["routers"] and top.total_radix == row["radix"]
