"""Layout models: SpectralFly grid and wire lengths, placement heuristic, Galaxyfly cabinet packing."""

import itertools

import networkx as nx
import numpy as np
import pytest

from lowdiam.cost import layout as L
from lowdiam.topologies import hyperx, slimfly
from lowdiam.topologies.base import Topology


def _from_nx(g, name="g"):
    return Topology.from_edges(name, "test", g.number_of_nodes(), list(g.edges()))


@pytest.mark.parametrize("c,expected", [(84, (5, 17)), (1, (1, 2)), (81, (5, 17)), (546, (13, 43))])
def test_spectralfly_grid(c, expected):
    assert L.spectralfly_grid(c) == expected


def test_spectralfly_grid_covers():
    for c in range(1, 400):
        x, y = L.spectralfly_grid(c)
        assert x * y >= c and (x - 1) * y < c


def test_wire_length_formula():
    assert L.spectralfly_wire_length(3, 4, 3, 4) == 2.0
    assert L.spectralfly_wire_length(0, 0, 0, 1) == pytest.approx(4.6)
    assert L.spectralfly_wire_length(2, 0, 0, 5) == pytest.approx(4 + 4 + 3.0)


def test_matching_pairs_petersen():
    t = _from_nx(nx.petersen_graph())
    cab = L.max_matching_pairs(t)
    assert np.bincount(cab).tolist() == [2] * 5
    adj = {tuple(e) for e in t.edges.tolist()}
    for c in range(5):
        u, v = sorted(np.flatnonzero(cab == c))
        assert (u, v) in adj  # a perfect matching: both routers of a cabinet are linked


def _total(emb, t):
    return emb.lengths.sum()


def test_embedding_consistent_and_locally_optimal():
    t = hyperx(3, 3)
    emb = L.embed_spectralfly(t)
    cab = emb.cabinet_of
    xy = emb.cabinet_xy
    assert len({tuple(p) for p in xy.tolist()}) == xy.shape[0]  # one cabinet per grid cell
    gx, gy = emb.grid
    assert (xy[:, 0] < gx).all() and (xy[:, 1] < gy).all()
    u, v = t.edges[:, 0], t.edges[:, 1]
    expect = L.spectralfly_wire_length(xy[cab[u], 0], xy[cab[u], 1], xy[cab[v], 0], xy[cab[v], 1])
    assert np.allclose(emb.lengths, expect)
    assert (emb.lengths[cab[u] == cab[v]] == 2.0).all()
    # no swap of two cells (occupied or empty) shortens the total length
    cells = [(x, y) for x in range(gx) for y in range(gy)]
    where = {tuple(p): i for i, p in enumerate(xy.tolist())}
    base = emb.lengths.sum()
    for a, b in itertools.combinations(cells, 2):
        new = xy.copy()
        ia, ib = where.get(a), where.get(b)
        if ia is None and ib is None:
            continue
        if ia is not None:
            new[ia] = b
        if ib is not None:
            new[ib] = a
        tot = L.spectralfly_wire_length(new[cab[u], 0], new[cab[u], 1], new[cab[v], 0], new[cab[v], 1]).sum()
        assert tot >= base - 1e-9


def test_embedding_deterministic_and_validated():
    t = hyperx(4, 3)
    a, b = L.embed_spectralfly(t), L.embed_spectralfly(t)
    assert np.array_equal(a.cabinet_xy, b.cabinet_xy) and np.array_equal(a.lengths, b.lengths)
    with pytest.raises(ValueError, match="max_passes"):
        L.embed_spectralfly(t, max_passes=0)


def test_classify_links_inclusive_and_validated():
    assert L.classify_links([5.0, 5.0000001, 2.0]) == (2, 1)
    assert L.classify_links([4.6, 6.0], electrical_max_m=6.0) == (2, 0)
    with pytest.raises(ValueError, match="electrical_max_m"):
        L.classify_links([1.0], electrical_max_m=0)


def test_pack_and_count():
    assert L.pack_modules([5, 5, 7, 7, 9], 2).tolist() == [0, 0, 0, 0, 1]
    t = hyperx(4)  # K_4
    assert L.inter_cabinet_links(t, [0, 0, 1, 1]) == 4
    with pytest.raises(ValueError, match="one entry per router"):
        L.inter_cabinet_links(t, [0, 1])


@pytest.mark.parametrize("args,expected", [((56, 55, 360), 14), ((81, 40, 360), 9), ((435, 8, 360), 15),
                                           ((435, 7, 360), 15), ((338, 10, 360), 13), ((7, 1, 100), 1)])
def test_equal_module_cabinets(args, expected):
    assert L.equal_module_cabinets(*args) == expected


def test_equal_module_cabinets_too_big_module():
    with pytest.raises(ValueError, match="max_terminals"):
        L.equal_module_cabinets(4, 400, 360)


@pytest.mark.parametrize("args,expected", [((172, 171, 171), (1, 172)), ((2197, 13, 171), (13, 169)),
                                           ((1225, 24, 171), (7, 175)), ((10, 500, 171), (1, 10))])
def test_cabinets_for_terminals(args, expected):
    assert L.cabinets_for_terminals(*args) == expected


def test_galaxyfly_cable_lengths_hand():
    t = hyperx(2, 2)  # 4-cycle 0-1, 0-2, 1-3, 2-3
    lengths, intra = L.galaxyfly_cable_lengths(t, [0, 1, 2, 3])  # 2x2 grid, cabinets 0 1 / 2 3
    d = dict(zip(map(tuple, t.edges.tolist()), lengths.tolist()))
    assert d[(0, 1)] == 5.0 and d[(0, 2)] == 5.0 and d[(1, 3)] == 5.0 and d[(2, 3)] == 5.0
    assert not intra.any()
    lengths, intra = L.galaxyfly_cable_lengths(t, [0, 0, 0, 0], intra_m=1.0)
    assert (lengths == 1.0).all() and intra.all()


def test_square_grid():
    assert L.square_grid(169) == (13, 13)
    assert L.square_grid(1) == (1, 1)
    for c in range(1, 300):
        r, k = L.square_grid(c)
        assert r * k >= c


def test_spectral_start_independent_of_the_eigenbasis(monkeypatch):
    """Repeated Laplacian eigenvalues leave LAPACK free to pick any basis of their eigenspace (it changed
    with the BLAS thread count); the placement must not depend on that choice."""
    t = slimfly(5)  # the Hoffman-Singleton graph: Laplacian eigenvalues 0, 5, 10 with multiplicities 1, 28, 21
    ref = L.embed_spectralfly(t)
    eigh = np.linalg.eigh
    rng = np.random.default_rng(7)

    def rotated_eigh(a):
        vals, vecs = eigh(a)
        vecs = vecs.copy()
        tol = 1e-8 * max(1.0, abs(vals[-1]))
        start = 0
        while start < len(vals):  # an arbitrary orthonormal basis of every repeated eigenspace
            stop = start + 1
            while stop < len(vals) and vals[stop] - vals[start] <= tol:
                stop += 1
            if stop - start > 1:
                q, _ = np.linalg.qr(rng.standard_normal((stop - start, stop - start)))
                vecs[:, start:stop] = vecs[:, start:stop] @ q
            start = stop
        return vals, vecs

    monkeypatch.setattr(np.linalg, "eigh", rotated_eigh)
    other = L.embed_spectralfly(t)
    assert np.array_equal(ref.cabinet_xy, other.cabinet_xy)
    assert np.array_equal(ref.lengths, other.lengths)
