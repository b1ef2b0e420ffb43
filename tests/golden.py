"""Shared by the golden-result tests of the three router models (``test_sim_golden``, ``test_booksim_golden``,
``test_caminos_golden``): a result as JSON-ready numbers, a recursive comparison, and the golden file itself."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import numpy as np


def rrg(n: int, d: int, p: int, seed: int = 3):
    """The d-regular random graph on n routers (networkx's, seeded; sorted labels), p endpoints per router."""
    import networkx as nx

    from lowdiam.topologies import Topology

    g = nx.convert_node_labels_to_integers(nx.random_regular_graph(d, n, seed=seed), ordering="sorted")
    return Topology.from_edges(f"rrg{n}d{d}", "jellyfish", n, list(g.edges()), endpoints_per_router=p)


def numbers(res) -> dict:
    """Every number of a result (no wall time), JSON-ready."""
    d = res.to_dict()
    d.pop("wall_seconds", None)
    d.pop("cpu_seconds", None)
    if hasattr(res, "link_utilization"):
        d["link_utilization"] = np.asarray(res.link_utilization).tolist()
    return json.loads(json.dumps(d, default=lambda x: x.item() if hasattr(x, "item") else list(x)))


def same(a, b, path: str = "") -> list[str]:
    """The differences between two JSON-ready values (NaN equals NaN), one line each."""
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
        return []
    if isinstance(a, dict) and isinstance(b, dict):
        out = [f"{path}: keys {sorted(set(a) ^ set(b))}"] if set(a) != set(b) else []
        for k in set(a) & set(b):
            out += same(a[k], b[k], f"{path}.{k}")
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [m for i, (x, y) in enumerate(zip(a, b)) for m in same(x, y, f"{path}[{i}]")]
    return [] if a == b else [f"{path}: {a!r} != {b!r}"]


def recorded(path: Path, got: dict) -> dict:
    """The golden numbers at ``path``; with ``LOWDIAM_REGEN_GOLDEN=1`` they are first rewritten from ``got``."""
    if os.environ.get("LOWDIAM_REGEN_GOLDEN") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, indent=1, sort_keys=True) + "\n")
    return json.loads(path.read_text())
