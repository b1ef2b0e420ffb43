"""Notebook 08 and lowdiam.studies.your_network: bad graphs get a message saying what to change, the rivals follow the
design space, and the notebook on a tiny graph writes the summary (PNG, PDF, CSV) into the folder it is given."""

import csv
import os
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from lowdiam import topologies as T
from lowdiam.paths import figures_dir
from lowdiam.studies import your_network as YN

ROOT = Path(__file__).resolve().parents[1]


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_reads_every_format_the_same_graph(tmp_path):
    hx = T.hyperx(3, 3)
    tops = [YN.read_graph(hx.write(tmp_path / f"hx.{suffix}", fmt))
            for suffix, fmt in (("edges", "edgelist"), ("anynet", "anynet"), ("caminos", "caminos"))]
    g = tmp_path / "hx.graphml"
    nx.write_graphml(nx.Graph(hx.edges.tolist()), g)
    gml = YN.read_graph(g)  # GraphML node ids are strings, kept in labels["node"]
    back = sorted(tuple(sorted(int(gml.labels["node"][i]) for i in e)) for e in gml.edges.tolist())
    assert {tuple(map(tuple, t.edges.tolist())) for t in tops} == {tuple(map(tuple, hx.edges.tolist()))}
    assert back == [tuple(e) for e in hx.edges.tolist()]


@pytest.mark.parametrize("text, message", [
    ("0 1\n2 3\n", "disconnected: 2 connected components"),
    ("0 1\n1 1\n", "self-loop at router 1"),
    ("0 1\n1 0\n", "list every link once"),
    ("0 1\n1 two\n", "line 2: router id must be a non-negative integer"),
    ("0 1 5\n", "line 1: an edge list line holds two router ids"),
])
def test_bad_edge_lists_say_what_to_change(tmp_path, text, message):
    with pytest.raises(ValueError, match=message):
        YN.read_graph(_write(tmp_path, "bad.edges", text))


def test_directed_graphml_and_unknown_suffix(tmp_path):
    g = tmp_path / "d.graphml"
    nx.write_graphml(nx.DiGraph([(0, 1), (1, 2), (2, 0)]), g)
    with pytest.raises(TypeError, match="directed graph.*write it as undirected"):
        YN.read_graph(g)
    with pytest.raises(ValueError, match="does not parse as GraphML"):
        YN.read_graph(_write(tmp_path, "broken.graphml", "<graphml><graph"))
    with pytest.raises(ValueError, match="cannot tell the format.*pass fmt="):
        YN.read_graph(_write(tmp_path, "g.dat", "0 1\n"))
    assert YN.read_graph(tmp_path / "g.dat", fmt="edgelist").num_routers == 2


def test_rivals_follow_the_design_space():
    rv = {r.family: r for r in YN.rivals(15, 1000, 5)}
    assert rv["polarstar"].topology.num_routers == 1064 and rv["dragonfly"].topology.num_routers == 616
    assert rv["slimfly"].topology is None and "radix 15" in rv["slimfly"].reason
    assert rv["spectralfly"].topology is None and "not an odd prime" in rv["spectralfly"].reason
    assert (rv["jellyfish"].topology.num_routers, rv["jellyfish"].topology.radix) == (1000, 15)
    assert {r.topology.endpoints_per_router for r in rv.values() if r.topology} == {5}
    with pytest.raises(ValueError, match="no rival network exists at network radix 16"):
        YN.rivals(16, 100, 4, families=["slimfly", "spectralfly"])
    with pytest.raises(ValueError, match="rival family must be one of"):
        YN.rivals(6, 64, 2, families=["torus"])


def test_endpoints_rules_and_output_folder(tmp_path):
    top = T.hyperx(4, 4, 4)
    assert [YN.concentration(r, top) for r in (2, "radix/3", "radix/2", "balanced")] == [2, 3, 4, 3]
    for bad in (0, "radix/0", "third"):
        with pytest.raises(ValueError):
            YN.concentration(bad, top)
    with pytest.raises(ValueError, match="must not lie in the committed figures folder"):
        YN.output_folder(figures_dir())
    assert YN.output_folder(tmp_path / "x") == ((tmp_path / "x").resolve(), "")


def test_clustered_worst_case_labels_replace_the_family_groups():
    ps = YN.clustered(T.polarstar(3, "paley", 2), seed=0)
    assert "supernode" not in ps.labels and ps.labels["group"].max() + 1 == 8  # round(sqrt(65)) clusters


def test_notebook_on_a_tiny_graph_writes_the_summary(tmp_path):
    """The `make evaluate` papermill call on the Petersen graph (radix 3), into a temporary OUT."""
    graph = tmp_path / "petersen.graphml"
    nx.write_graphml(nx.petersen_graph(), graph)
    out = tmp_path / "out"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LOWDIAM_", "NUMBA_CACHE_DIR"))}
    env.update(PYTHONPATH=str(ROOT / "lib"), LOWDIAM_CACHE=str(tmp_path / "cache"), MPLBACKEND="Agg",
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    cmd = [sys.executable, "-m", "papermill", "--log-level", "WARNING", "-k", "python3", "08_your_network.ipynb",
           str(out / "08_your_network.ipynb"), "-p", "graph", str(graph), "-p", "endpoints", "radix/3",
           "-p", "out", str(out), "-p", "processes", "1"]
    out.mkdir()
    done = subprocess.run(cmd, cwd=ROOT / "notebooks", env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr[-4000:]
    for name in ("summary.png", "summary.pdf", "summary.csv", "latency.png", "structure.csv", "saturation.csv",
                 "08_your_network.ipynb"):
        assert (out / name).is_file(), name
    with open(out / "summary.csv") as fh:
        rows = list(csv.DictReader(fh))
    assert "yours: petersen" in rows[0] and all(r["winner"] or r["metric"] == "edst_bound" for r in rows)
    assert {"routers", "sat_ugal_adversarial", "allreduce_edst", "mean_wire_m"} <= {r["metric"] for r in rows}
    # quick reports the highest stable of its fixed loads, labelled as a lower bound, never as a saturation load
    sat_labels = [r["label"] for r in rows if r["metric"].startswith("sat_")]
    assert len(sat_labels) == 9 and all(t.startswith("highest stable load of 0.1/0.4/0.7 (≤ saturation)")
                                        for t in sat_labels)
    with open(out / "saturation.csv") as fh:
        assert "highest_stable_load" in next(csv.reader(fh))


def test_quick_load_curves_are_labelled_lower_bounds():
    """LoadCurve: the highest stable load and the first unstable one; metric_rows labels it a lower bound and names
    the ring's random placement; a saturation search keeps its own label."""
    recs = [{"load": 0.1, "saturated": False}, {"load": 0.4, "saturated": True}]
    curve = YN.LoadCurve(None, "min", "uniform", (0.1, 0.4, 0.7), recs)
    assert (curve.saturation_load, curve.saturated_load, curve.loads_text) == (0.1, 0.4, "0.1/0.4/0.7")
    motifs = [{"network": "A", "algorithm": "ring", "completion_cycles": 9, "placement": "64 random endpoints"}]
    rows = {r["metric"]: r for r in YN.metric_rows(["A"], [], {("A", "min", "uniform"): curve}, motifs)}
    assert rows["sat_min_uniform"]["label"] == "highest stable load of 0.1/0.4/0.7 (≤ saturation), MIN, uniform"
    assert rows["sat_min_uniform"]["A"] == 0.1
    assert rows["allreduce_ring"]["label"] == "Allreduce ring on 64 random endpoints (cycles)"
    mixed = motifs + [{"network": "B", "algorithm": "ring", "completion_cycles": 8, "placement": "2 per router",
                       "ranks": 50}]
    assert YN.metric_rows(["A", "B"], [], {}, mixed)[0]["label"] == "Allreduce ring on ≤ 50 endpoints (cycles)"
    rows = YN.metric_rows(["A"], [], {("A", "min", "uniform"): 0.55}, [])
    assert rows[0]["label"] == "saturation MIN, uniform"
    assert "loads" not in YN.PROFILES["full"] and YN.PROFILES["full"]["ring_ranks"] is None


def test_notebook_refuses_a_disconnected_graph(tmp_path):
    graph = _write(tmp_path, "two.edges", "0 1\n1 2\n2 0\n3 4\n4 5\n5 3\n")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LOWDIAM_", "NUMBA_CACHE_DIR"))}
    env.update(PYTHONPATH=str(ROOT / "lib"), LOWDIAM_CACHE=str(tmp_path / "cache"), MPLBACKEND="Agg",
               PYDEVD_DISABLE_FILE_VALIDATION="1")
    cmd = [sys.executable, "-m", "papermill", "--log-level", "WARNING", "-k", "python3", "08_your_network.ipynb",
           str(tmp_path / "run.ipynb"), "-p", "graph", str(graph), "-p", "out", str(tmp_path / "out")]
    done = subprocess.run(cmd, cwd=ROOT / "notebooks", env=env, capture_output=True, text=True, check=False)
    assert done.returncode != 0 and "disconnected: 2 connected components" in done.stderr + done.stdout
