"""Reading users' own networks: files (edge list, BookSim anynet, CAMINOS), networkx graphs, the coercer."""

from __future__ import annotations

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp

from lowdiam import topologies as T
from lowdiam.topologies import Topology, as_topology, read
from lowdiam.topologies.io import FORMATS, parse

NETWORKS = {
    "slimfly5": lambda: T.slimfly(5),
    "hyperx3x4": lambda: T.hyperx(3, 4, endpoints_per_router=2),
    "fat_tree": lambda: T.fat_tree(4, 3),  # indirect: only the bottom level carries endpoints
    "megafly": lambda: T.megafly(2, 4, 3),
    "no_endpoints": lambda: T.hyperx(3, 3, endpoints_per_router=0),
    "isolated_router": lambda: Topology.from_edges("iso", "custom", 4, [[0, 1], [1, 2]]),
}


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("name", list(NETWORKS))
def test_read_inverts_write(tmp_path, fmt, name):
    t = NETWORKS[name]()
    extra = {"num_routers": t.num_routers} if fmt == "edgelist" else {}
    p = t.endpoints_per_router if fmt != "anynet" else 1
    back = read(t.write(tmp_path / f"net.{fmt}", fmt), fmt, endpoints_per_router=p, **extra)
    assert back.num_routers == t.num_routers and np.array_equal(back.edges, t.edges)
    assert np.array_equal(back.indptr, t.indptr) and np.array_equal(back.indices, t.indices)
    if fmt == "anynet" or t.is_direct:  # the only format that stores endpoints
        assert np.array_equal(back.endpoints, t.endpoints)
    assert back.name == "net" and back.family == "custom"


def test_anynet_keeps_uneven_endpoint_counts(tmp_path):
    text = "router 0 node 0 router 1\nrouter 1 node 1 node 2 node 3 router 2\nrouter 2 router 0\n"
    t = parse(text, "anynet")
    assert t.endpoints.tolist() == [1, 3, 0] and t.endpoint_routers.tolist() == [True, True, False]
    assert t.edges.tolist() == [[0, 1], [0, 2], [1, 2]]  # links listed from one end only are still links


@pytest.mark.parametrize("fmt, text, match", [
    ("edgelist", "0 1\n1\n", "line 2: an edge list line holds two"),
    ("edgelist", "0 1\n1 x\n", "line 2: router id must be a non-negative integer"),
    ("edgelist", "0 1\n1 2.5\n", "non-negative integer, got '2.5'"),
    ("edgelist", "0 -1\n", "non-negative integer"),
    ("edgelist", "0 0\n", "self-loop"),
    ("edgelist", "0 1\n1 0\n", "repeated link"),
    ("edgelist", "# nothing\n", "no links"),
    ("anynet", "router 0 router 1 router 1\nrouter 1\n", "line 1: router 0 lists router 1 twice"),
    ("anynet", "router 0 node 0 switch 1\n", "unknown token 'switch'"),
    ("anynet", "router 0 node 0\nrouter 0 node 1\n", "already has a line"),
    ("anynet", "router 0 node 1 router 1\nrouter 1 node 0\n", "numbered 0, 1"),
    ("anynet", "router 0 node\n", "'router i' followed by"),
    ("anynet", "node 0 router 0\n", "'router i' followed by"),
    ("caminos", "NODOS 2\nGRADO 1\nN 0\n1\nN 1\n", "needs 4 lines"),
    ("caminos", "NODOS 2\nGRADO 1\nN 0\n1\nN 1\n\n", "router 0 lists 1 but router 1 does not"),
    ("caminos", "NODOS 2\nGRADO 0\nN 0\n1\nN 1\n0\n", "more than GRADO 0"),
    ("caminos", "NODOS 2\nGRADO 1\nN 0\n0\nN 1\n\n", "self-loop"),
    ("caminos", "NODOS 2\nGRADO 1\nN 0\n5\nN 1\n\n", "out of range"),
    ("caminos", "NODOS 2\nGRADO 1\nN 0\n1\nN 0\n0\n", "appears twice"),
    ("caminos", "GRADO 1\nNODOS 2\n", "needs 4 lines"),
    ("caminos", "NODES 2\nGRADO 1\n", "expected 'NODOS n'"),
])
def test_malformed_files_are_refused_with_the_line(fmt, text, match):
    with pytest.raises(ValueError, match=match):
        parse(text, fmt)


def test_read_argument_checks(tmp_path):
    p = tmp_path / "x.edges"
    p.write_text("0 1\n")
    with pytest.raises(ValueError, match="fmt must be one of 'edgelist', 'anynet', 'caminos'"):
        read(p, "dot")
    with pytest.raises(ValueError, match="out of range for num_routers=1"):
        read(p, "edgelist", num_routers=1)
    with pytest.raises(ValueError, match="endpoints_per_router must be an integer"):
        read(p, "edgelist", endpoints_per_router=1.5)
    with pytest.raises(TypeError, match="path must be"):
        read(3, "edgelist")
    assert read(p, "edgelist", num_routers=3).num_routers == 3


# ------------------------------------------------------------------ networkx and the coercer
def test_from_networkx_maps_any_hashable_labels_and_keeps_them():
    g = nx.Graph()
    g.add_edges_from([(("pod", 0), "core"), ("core", 7), (7, frozenset({1}))])
    t = Topology.from_networkx(g, name="mine", endpoints_per_router=3)
    nodes = list(g.nodes)
    assert t.labels["node"].tolist() == nodes and t.num_endpoints == 12
    index = {v: i for i, v in enumerate(nodes)}
    assert sorted(map(tuple, t.edges.tolist())) == sorted(tuple(sorted((index[u], index[v]))) for u, v in g.edges)
    assert t.to_networkx().nodes[index["core"]]["node"] == "core"


def test_from_networkx_keeps_integer_node_ids():
    g = nx.Graph([(2, 0), (0, 1)])  # nodes in insertion order 2, 0, 1
    t = Topology.from_networkx(g)
    assert t.labels["node"].tolist() == [0, 1, 2] and t.edges.tolist() == [[0, 1], [0, 2]]


@pytest.mark.parametrize("graph, exc, match", [
    (nx.DiGraph([(0, 1)]), TypeError, "to_undirected"),
    (nx.Graph(), ValueError, "no nodes"),
    (nx.Graph([(0, 0)]), ValueError, "self-loop"),
    (nx.MultiGraph([(0, 1), (0, 1)]), ValueError, "repeated link"),
])
def test_from_networkx_refuses(graph, exc, match):
    with pytest.raises(exc, match=match):
        Topology.from_networkx(graph)


def test_as_topology_reads_every_form_of_the_same_graph_identically():
    g = nx.petersen_graph()
    ref = Topology.from_networkx(g)
    forms = [ref, g, nx.to_scipy_sparse_array(g), sp.csr_matrix(nx.to_numpy_array(g, dtype=bool)),
             (ref.indptr, ref.indices), (10, ref.edges), (10, ref.edges.tolist()),
             (np.int64(10), ref.edges.astype(np.float64))]
    for form in forms:
        t = as_topology(form)
        assert np.array_equal(t.edges, ref.edges) and t.num_routers == 10, type(form)


@pytest.mark.parametrize("graph, exc", [
    ("petersen", TypeError), (np.zeros((3, 3)), TypeError), ((3,), TypeError), (None, TypeError),
    ((True, [[0, 1]]), TypeError), ((2.5, [[0, 1]]), ValueError), ((0, []), ValueError),
    ((3, [[0, 1, 2]]), ValueError), ((3, [[0, -1]]), ValueError), ((3, [["a", "b"]]), TypeError),
    ((3, [[True, False]]), TypeError), ((3, [[0, 1], [1]]), ValueError),
    ((np.array([0, 1, 2]), np.array([1, 0.5])), ValueError),
    (sp.csr_matrix((2, 3)), ValueError), (sp.csr_matrix(np.eye(2)), ValueError),
])
def test_as_topology_refuses_malformed_input(graph, exc):
    with pytest.raises(exc):
        as_topology(graph)
