"""Shared test helpers: independent slow references that library code is checked against."""

from __future__ import annotations

import json
import os
import signal
from contextlib import contextmanager

import networkx as nx
import numpy as np
import pytest

os.environ.setdefault("MPLBACKEND", "Agg")


def _claims_at_start() -> dict[str, str]:
    from lowdiam import paths

    return {p.stem: p.read_text() for p in sorted(paths.claims_dir().glob("*.json"))}


# The notebooks' claim records as they stood before any test ran. nbval reruns the notebooks in the same session,
# and a rerun rewrites its record claim by claim (``claims.use_notebook`` starts it empty), so a test that read the
# file itself could meet a half-written scorecard. conftest is imported during collection, which every xdist
# worker finishes before the first test is scheduled.
_CLAIMS_AT_START = _claims_at_start()


def committed_claims(notebook: str) -> list[dict]:
    """The claim records of ``notebook`` (e.g. ``"05_simulation"``) as committed, read before any test ran."""
    try:
        return json.loads(_CLAIMS_AT_START[notebook])
    except KeyError:
        raise ValueError(f"no claims file for notebook {notebook!r}; have {sorted(_CLAIMS_AT_START)}") from None


def reference_distance_histogram(topology) -> np.ndarray:
    """Hop-distance histogram by scipy's per-source BFS.

    Counts ordered pairs (s, t) including s == t, the convention of
    ``lowdiam.metrics.distances.distance_histogram``: entry 0 is n, entry 1 is
    2|E|, and the entries sum to n**2.

    Independent of lowdiam.metrics.distances, so constructions and the fast
    engine can both be checked against it. Raises if the graph is disconnected.
    """
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import shortest_path

    n = topology.num_routers
    a = csr_matrix(
        (np.ones(len(topology.indices), dtype=np.int8), topology.indices, topology.indptr), shape=(n, n)
    )
    d = shortest_path(a, method="D", unweighted=True, directed=False)
    if np.isinf(d).any():
        raise AssertionError(f"{topology.name} is disconnected")
    return np.bincount(d.astype(np.int64).ravel())


def reference_diameter(topology) -> int:
    return len(reference_distance_histogram(topology)) - 1


@pytest.fixture
def ref_hist():
    return reference_distance_histogram


def sorted_edges(g: nx.Graph) -> np.ndarray:
    """(m, 2) int64 edge array of a networkx graph, each edge (u, v) with u < v, rows sorted."""
    return np.array(sorted(tuple(sorted(e)) for e in g.edges()), dtype=np.int64).reshape(-1, 2)


def connected_gnp(n: int, p: float, seed: int) -> nx.Graph:
    """A connected G(n, p) graph: the first connected draw of a seeded sequence."""
    rng = np.random.default_rng(seed)
    while True:
        g = nx.gnp_random_graph(n, p, seed=int(rng.integers(1 << 30)))
        if nx.is_connected(g):
            return g


@contextmanager
def bounded(seconds: int = 20):
    """Fail instead of hanging: an alarm interrupts any Python-level loop that runs longer than ``seconds``."""

    def hang(*_):
        raise TimeoutError(f"no answer within {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
