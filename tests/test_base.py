import numpy as np
import pytest

from lowdiam.topologies import Topology, default_concentration
from lowdiam.topologies.base import csr_from_edges, normalize_edges


def ring(n, **kw):
    return Topology.from_edges(f"ring{n}", "ring", n, [(i, (i + 1) % n) for i in range(n)], **kw)


def test_normalisation_and_csr():
    t = Topology.from_edges("t", "x", 4, [(3, 0), (1, 0), (2, 1)])
    assert t.edges.dtype == np.int32 and t.indptr.dtype == np.int32 and t.indices.dtype == np.int32
    assert t.edges.tolist() == [[0, 1], [0, 3], [1, 2]]
    assert t.neighbors(0).tolist() == [1, 3]
    assert t.degrees.tolist() == [2, 2, 1, 1]
    assert t.radix == 2 and t.num_edges == 3


def test_bad_edges():
    with pytest.raises(ValueError, match="self-loop"):
        Topology.from_edges("t", "x", 3, [(0, 0)])
    with pytest.raises(ValueError, match="repeated link"):
        Topology.from_edges("t", "x", 3, [(0, 1), (1, 0)])
    with pytest.raises(ValueError, match="out of range"):
        Topology.from_edges("t", "x", 3, [(0, 3)])
    with pytest.raises(ValueError, match="one entry per router"):
        Topology.from_edges("t", "x", 3, [(0, 1)], labels={"group": [0, 1]})


def test_link_class_follows_sorting():
    t = Topology.from_edges("t", "x", 3, [(2, 1), (0, 1)], link_class=[1, 0])
    assert t.edges.tolist() == [[0, 1], [1, 2]]
    assert t.link_class.tolist() == [0, 1]


def test_endpoints_and_indirect():
    t = ring(4, endpoints_per_router=3, endpoint_mask=[True, False, True, False])
    assert t.endpoints.tolist() == [3, 0, 3, 0]
    assert t.endpoints_per_router == 3 and t.num_endpoints == 6 and not t.is_direct
    u = t.with_endpoints(2)
    assert u.endpoints.tolist() == [2, 0, 2, 0] and u.params["endpoints_per_router"] == 2
    assert t.total_radix == 5


def test_exports_roundtrip(tmp_path):
    t = ring(5, endpoints_per_router=2)
    g = t.to_networkx()
    assert sorted(g.edges()) == [tuple(e) for e in t.edges.tolist()]
    any_lines = t.to_anynet().splitlines()
    assert any_lines[0] == "router 0 node 0 node 1 router 1 router 4"
    assert any_lines[4] == "router 4 node 8 node 9 router 0 router 3"
    cam = t.to_caminos().splitlines()
    assert cam[:4] == ["NODOS 5", "GRADO 2", "N 0", "1 4"] and cam[-2:] == ["N 4", "0 3"]
    assert "" not in cam  # CAMINOS rejects blank lines
    p = t.write(tmp_path / "r.edges", "edgelist")
    assert p.read_text().splitlines()[0] == "0 1"
    with pytest.raises(ValueError, match="unknown export format"):
        t.write(tmp_path / "x", "dot")


def test_default_concentration():
    assert default_concentration(15, 3) == 5
    assert default_concentration(23, 3) == 8
    assert default_concentration(11, 2) == 6


# ----------------------------------------------------------------------------- edge normalisation and CSR
def _lexsort_reference(n: int, edges: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    arr = np.sort(np.asarray(edges, dtype=np.int64), axis=1)
    arr = arr[np.lexsort((arr[:, 1], arr[:, 0]))]
    src = np.concatenate([arr[:, 0], arr[:, 1]])
    dst = np.concatenate([arr[:, 1], arr[:, 0]])
    order = np.lexsort((dst, src))
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.cumsum(np.bincount(src, minlength=n), out=indptr[1:])
    return arr, indptr, dst[order]


@pytest.mark.parametrize("seed", range(6))
def test_normalize_and_csr_equal_lexsort(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 400))
    pairs = rng.integers(0, n, size=(int(rng.integers(0, 3 * n)), 2))
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    pairs = np.unique(np.sort(pairs, axis=1), axis=0)
    pairs = rng.permutation(pairs)
    flip = rng.random(len(pairs)) < 0.5
    pairs[flip] = pairs[flip][:, ::-1]  # either orientation
    ref, indptr, indices = _lexsort_reference(n, pairs)
    got = normalize_edges(n, pairs)
    assert got.dtype == np.int32 and np.array_equal(got, ref)
    ip, ix = csr_from_edges(n, got)
    assert ip.dtype == ix.dtype == np.int32 and np.array_equal(ip, indptr) and np.array_equal(ix, indices)


def test_parallel_links_and_repeats():
    edges = [[3, 1], [1, 3], [0, 2]]
    with pytest.raises(ValueError, match=r"repeated link \(1, 3\)"):
        normalize_edges(4, edges)
    multi = normalize_edges(4, edges, parallel_links=True)
    assert multi.tolist() == [[0, 2], [1, 3], [1, 3]]
    ip, ix = csr_from_edges(4, multi)
    assert ip.tolist() == [0, 1, 3, 4, 6] and ix.tolist() == [2, 3, 3, 0, 1, 1]
    assert [a.tolist() for a in csr_from_edges(0, np.zeros((0, 2), dtype=np.int32))] == [[0], []]
