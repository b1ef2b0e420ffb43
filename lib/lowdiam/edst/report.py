"""Table IV rows of the EDST paper: factor-graph counts, bounds, constructed EDSTs and depths.

Everything a notebook row needs for one star-product topology, each tree
set verified: factor packings (t_i, r_i = non-tree edges, rank of H_i),
the combinatorial bound of the router graph (Eq. (1)), Proposition IV.3 from
the factors, and for every construction the count, centre-rooted depths
(max, min, number of min-depth trees) and the time to construct + verify.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .bounds import combinatorial_bound, factor_counts, prop_iv3_bound
from .dispatch import METHODS, construct_edsts
from .packing import edst_packing
from .property_vd1 import NoPropertyVD1Split, bijection_orbits
from .theory import depth_bounds, pure_product
from .verify import tree_depths, verify_edsts
from .view import factor_packings, star_product_view

__all__ = ["edst_row", "generic_row", "depth_row", "pure_generic_count", "CONSTRUCTION_NAMES"]

CONSTRUCTION_NAMES = {
    "universal": "Universal (V-B.2 + V-B.3)",
    "universal_lowdepth": "Universal low-depth (V-B.2 + Thm V-B.5(2))",
    "maximum": "Maximum (V-C.4..V-C.7)",
    "property_vd1": "Property V-D.1 (V-D.3..V-D.5)",
}


def _depth_summary(d: np.ndarray) -> dict[str, int]:
    if d.size == 0:
        return {"max_depth": 0, "min_depth": 0, "n_min_depth": 0}
    return {"max_depth": int(d.max()), "min_depth": int(d.min()), "n_min_depth": int((d == d.min()).sum())}


def edst_row(topology: Any, methods: tuple[str, ...] = METHODS) -> dict[str, Any]:
    """One Table IV row (dict) for a star-product topology; every EDST set is verified.

    Parameters
    ----------
    topology : Topology
        A PolarStar, Bundlefly, Slim Fly or star-product router graph.
    methods : tuple of str, optional
        Constructions to run (default all of :data:`~lowdiam.edst.METHODS`).

    Returns
    -------
    dict
        Factor counts (``t1``, ``r1``, ``rank_H1``, ...), bounds
        (``upper_bound``, ``prop_iv3``), per method ``<m>_count``,
        ``<m>_depths``, ``<m>_seconds`` (``<m>_why`` when Property V-D.1 does
        not apply), and the best: ``count``, ``construction``, ``maximum``,
        ``gap``.

    Raises
    ------
    ValueError
        If the topology exposes no star-product structure, or a set fails
        verification.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.topologies import star_product
    >>> row = edst_row(star_product(nx.complete_graph(4), nx.complete_graph(4), [0, 1, 2, 3]))
    >>> row["count"], row["upper_bound"], row["construction"]
    (3, 3, 'Property V-D.1 (V-D.3..V-D.5)')
    """
    t0 = time.perf_counter()
    view = star_product_view(topology)
    P1, P2 = factor_packings(view)
    t_factor = time.perf_counter() - t0
    t1b, r1b = factor_counts((view.n1, view.struct_edges))
    t2b, r2b = factor_counts((view.n2, view.super_edges))
    row: dict[str, Any] = {
        "name": topology.name,
        "family": topology.family,
        "routers": int(topology.num_routers),
        "radix": int(topology.radix),
        "links": int(topology.num_edges),
        "n1": view.n1,
        "n2": view.n2,
        "t1": P1.t,
        "r1": P1.r,
        "rank_H1": int(P1.extra_forest.shape[0]),
        "t2": P2.t,
        "r2": P2.r,
        "rank_H2": int(P2.extra_forest.shape[0]),
        "t1_is_bound": P1.t == t1b,
        "t2_is_bound": P2.t == t2b,
        "extra_local_links": view.extra_local,
        "orbits": int(bijection_orbits(view).max()) + 1,
        "upper_bound": combinatorial_bound(topology),
        "prop_iv3": prop_iv3_bound(t1b, r1b, t2b, r2b),
        "factor_seconds": t_factor,
    }
    best = None
    for m in methods:
        t0 = time.perf_counter()
        try:
            res = construct_edsts(view, m, verify=False)
        except NoPropertyVD1Split as exc:
            row[f"{m}_count"] = None
            row[f"{m}_why"] = str(exc)
            continue
        t_build = time.perf_counter() - t0
        t0 = time.perf_counter()
        verify_edsts(topology, res.trees)  # against the router graph itself
        t_verify = time.perf_counter() - t0
        d = tree_depths(topology, res.trees)
        row[f"{m}_count"] = res.count
        row[f"{m}_kinds"] = sorted(set(res.kinds))
        row[f"{m}_seconds"] = t_build
        row[f"{m}_verify_seconds"] = t_verify
        row[f"{m}_depths"] = d.tolist()
        for k, val in _depth_summary(d).items():
            row[f"{m}_{k}"] = val
        if best is None or res.count > row[f"{best}_count"]:
            best = m
    row["count"] = row[f"{best}_count"]
    row["construction"] = CONSTRUCTION_NAMES[best] + (
        "" if best != "maximum" else " + " + ", ".join(k for k in row["maximum_kinds"] if k.startswith("V-C."))
    )
    row["maximum"] = row["count"] == row["upper_bound"]
    row["gap"] = row["upper_bound"] - row["count"]
    return row


def generic_row(topology: Any) -> dict[str, Any]:
    """Exact generic packing of the whole router graph: count, depths and time (small graphs only).

    Parameters
    ----------
    topology : Topology

    Returns
    -------
    dict
        ``name``, ``generic_count``, ``generic_seconds``,
        ``generic_max_depth``, ``generic_min_depth``, ``generic_n_min_depth``.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.topologies import star_product
    >>> generic_row(star_product(nx.complete_graph(4), nx.complete_graph(4), [0, 1, 2, 3]))["generic_count"]
    3
    """
    t0 = time.perf_counter()
    p = edst_packing(topology)
    dt = time.perf_counter() - t0
    verify_edsts(topology, p.trees)
    d = tree_depths(topology, p.trees)
    depths = {f"generic_{k}": v for k, v in _depth_summary(d).items()}
    return {"name": topology.name, "generic_count": p.t, "generic_seconds": dt, **depths}


def depth_row(topology: Any, methods: tuple[str, ...] = METHODS) -> dict[str, Any]:
    """Per-tree depths against the paper's depth bounds for every construction on one star product.

    Parameters
    ----------
    topology : Topology
        A PolarStar, Bundlefly, Slim Fly or star-product router graph.
    methods : tuple of str, optional
        Constructions to run (default all of :data:`~lowdiam.edst.METHODS`).

    Returns
    -------
    dict
        ``name`` and, per method that applies, ``<m>`` = the
        :func:`~lowdiam.edst.depth_bounds` dict (kinds, depths, bounds, h1,
        h2, e0, x0_is_centre, D0, L1, L2, ok).  Every set is verified.

    Examples
    --------
    >>> import networkx as nx
    >>> from lowdiam.topologies import star_product
    >>> row = depth_row(star_product(nx.complete_graph(4), nx.complete_graph(4), [0, 1, 2, 3]), ("universal",))
    >>> row["universal"]["kinds"], row["universal"]["ok"]
    (['V-B.2', 'V-B.3'], True)
    """
    view = star_product_view(topology)
    P1, P2 = factor_packings(view)
    out: dict[str, Any] = {"name": topology.name}
    for m in methods:
        try:
            res = construct_edsts(view, m, verify=True)
        except NoPropertyVD1Split:
            continue
        out[m] = depth_bounds(view, res, P1, P2)
    return out


def pure_generic_count(topology: Any) -> int:
    """Exact maximum number of EDSTs of the *pure* star product under a topology (no extra local links).

    For PolarStar this drops the quadric self-loop links, leaving the graph
    the EDST paper's Table IV counts (ER_q without loops as structure graph).

    Parameters
    ----------
    topology : Topology
        A star-product router graph (small: the packing is exact).

    Returns
    -------
    int

    Examples
    --------
    >>> from lowdiam import topologies as T
    >>> pure_generic_count(T.polarstar(3, "paley", 2))      # 185 edges on 65 routers: Eq. (1) gives 2
    2
    """
    v = pure_product(star_product_view(topology))
    return edst_packing((v.num_routers, v.router_edges)).t
