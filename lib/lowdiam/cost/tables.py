"""Rows of the papers' layout / cost / power tables, computed from our constructions.

* :func:`spectralfly_table2_row` -- SpectralFly Table II (wire lengths,
  electrical / optical links, METIS bisection, power, power per bandwidth);
* :func:`galaxyfly_table6_row` -- Galaxyfly Table 6 (terminals, routers,
  radix, router cost per terminal, power per terminal);
* :func:`er_clusters`, :func:`polarstar_layout_counts` -- PolarStar Sec. 8
  (links between adjacent supernodes, inter-module bundles, cable-count
  reduction, supernode clusters);
* :func:`polarized_table4` -- Polarized routing Table 4 (the simulated
  networks: routers, radix, servers; plus our diameter and mean distance).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..validate import check_int
from . import layout as L
from . import models as M

__all__ = [
    "er_clusters",
    "galaxyfly_table6_row",
    "polarized_table4",
    "polarstar_layout_counts",
    "spectralfly_table2_row",
    "text_table",
    "write_csv",
]


def spectralfly_table2_row(topology: Any, *, electrical_max_m: float = 5.0, bisection_trials: int = 8,
                           seed: int = 0, max_passes: int = 50) -> dict:
    """One SpectralFly Table II row for ``topology`` under the paper's layout and power models.

    Layout: :func:`.layout.embed_spectralfly` (two routers per cabinet on a
    maximum matching, SpectralFly's grid and wire-length formula, our swap
    heuristic).  Electrical links: at most ``electrical_max_m`` long (our rule,
    :func:`.layout.classify_links`).  Bisection: METIS
    (:func:`lowdiam.metrics._bisection.bisection`), links cut.  Power: the
    paper's 3.76 W / 4.72 W per electrical / optical port, two ports per link
    (:func:`.models.spectralfly_link_power`); power per bandwidth: total power /
    (bisection x 100 Gb/s).

    ``seed`` seeds METIS; the placement is deterministic.

    Returns
    -------
    dict with keys routers, radix, links, mean_wire_m, max_wire_m, electrical,
    optical, bisection, power_w, power_per_bw (mW per Gb/s), cabinets, grid.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> row = spectralfly_table2_row(hyperx(4, 4))
    >>> row["routers"], row["links"], row["electrical"] + row["optical"], row["bisection"]
    (16, 48, 48, 16)
    """
    from ..metrics._bisection import bisection

    emb = L.embed_spectralfly(topology, max_passes=max_passes)
    elec, opt = L.classify_links(emb.lengths, electrical_max_m)
    cut = int(bisection(topology, trials=bisection_trials, seed=seed).cut_edges)
    power = M.spectralfly_link_power(elec, opt)
    return {
        "routers": topology.num_routers,
        "radix": topology.radix,
        "links": topology.num_edges,
        "mean_wire_m": emb.mean_length,
        "max_wire_m": emb.max_length,
        "electrical": elec,
        "optical": opt,
        "bisection": cut,
        "power_w": power,
        "power_per_bw": M.power_per_bandwidth(power, cut),
        "cabinets": int(emb.cabinet_of.max()) + 1,
        "grid": emb.grid,
    }


def galaxyfly_table6_row(topology: Any, prices: dict | None = None) -> dict:
    """One Galaxyfly Table 6 column: terminals, routers, radix, R/T and PpT.

    ``radix`` is the router radix counting terminal ports (the paper's);
    R/T is our router price (:func:`.models.router_cost`, $ per port in use)
    per terminal; PpT the paper's energy model
    (:func:`.models.galaxyfly_power_per_terminal`).

    Examples
    --------
    >>> from lowdiam.topologies import fat_tree
    >>> row = galaxyfly_table6_row(fat_tree(31, 3))
    >>> row["terminals"], row["routers"], row["radix"], round(row["power_per_terminal"], 1)
    (29791, 2883, 62, 24.0)
    """
    terminals = topology.num_endpoints
    if terminals < 1:
        raise ValueError("the topology has no terminals (endpoints); set endpoints_per_router")
    return {
        "terminals": terminals,
        "routers": topology.num_routers,
        "radix": topology.total_radix,
        "ports_in_use": int(M.used_ports(topology).sum()),
        "router_cost_per_terminal": M.router_cost(topology, prices) / terminals,
        "power_per_terminal": M.galaxyfly_power_per_terminal(topology),
    }


def er_clusters(q: int) -> np.ndarray:
    """The q + 1 clusters of ER_q's modular layout (PolarFly, Lakhotia et al. SC'22), odd q.

    Cluster 0 holds the q + 1 quadric points.  Fix the first quadric w; each
    of its q neighbours c (a "centre") forms a cluster with its non-quadric
    neighbours (q - 1 of them, forming (q - 1)/2 triangles through c); the q
    clusters of q points and the quadric cluster partition the
    q^2 + q + 1 points (checked).

    Returns
    -------
    (q^2 + q + 1,) int array, cluster id of every ER_q router (0 = quadric).

    Raises
    ------
    ValueError
        If q is even (the layout is defined for odd q) or not a prime power.

    Examples
    --------
    >>> np.bincount(er_clusters(7)).tolist()      # PolarStar Fig. 8(a): ER_7
    [8, 7, 7, 7, 7, 7, 7, 7]
    """
    from ..topologies._polarfly import erdos_renyi_polarity

    q = check_int("q", q, low=3)
    if q % 2 == 0:
        raise ValueError(f"the ER_q cluster layout needs an odd prime power q, got q={q}")
    er = erdos_renyi_polarity(q, endpoints_per_router=0)
    quad = np.asarray(er.labels["quadric"], dtype=bool)
    cluster = np.full(er.num_routers, -1, dtype=np.int64)
    cluster[quad] = 0
    w = int(np.flatnonzero(quad)[0])
    for k, c in enumerate(er.neighbors(w), start=1):
        members = [int(c)] + [int(v) for v in er.neighbors(int(c)) if not quad[v]]
        if (cluster[members] >= 0).any():
            raise AssertionError("ER_q clusters overlap")  # pragma: no cover - a bug, not bad input
        cluster[members] = k
    if (cluster < 0).any():
        raise AssertionError("ER_q clusters do not cover every point")  # pragma: no cover
    return cluster


def polarstar_layout_counts(topology: Any) -> dict:
    """PolarStar Sec. 8 layout counts, measured on a built PolarStar.

    Counts links between each pair of adjacent supernodes (min / max), the
    number of adjacent supernode pairs (one multicore-fibre bundle each), the
    global links (between different supernodes), the reduction factor global
    links / bundles, and for odd q the supernode clusters of :func:`er_clusters`
    with the number of bundles between each pair of clusters (min / mean / max).

    Examples
    --------
    >>> from lowdiam.topologies import polarstar
    >>> c = polarstar_layout_counts(polarstar(7, "iq", 3))
    >>> c["links_per_bundle_min"], c["links_per_bundle_max"], c["bundles"]
    (8, 8, 224)
    """
    if topology.family != "polarstar":
        raise ValueError(f"polarstar_layout_counts needs a PolarStar topology, got family {topology.family!r}")
    q = int(topology.params["q"])
    sn = np.asarray(topology.labels["structure_vertex"], dtype=np.int64)
    a, b = sn[topology.edges[:, 0]], sn[topology.edges[:, 1]]
    glob = a != b
    lo, hi = np.minimum(a[glob], b[glob]), np.maximum(a[glob], b[glob])
    pairs, counts = np.unique(lo * (sn.max() + 1) + hi, return_counts=True)
    out = {
        "q": q,
        "d_star": int(topology.params["d_star"]),
        "supernode_order": int(topology.params["supernode_order"]),
        "supernodes": int(sn.max()) + 1,
        "global_links": int(glob.sum()),
        "bundles": int(pairs.size),
        "links_per_bundle_min": int(counts.min()),
        "links_per_bundle_max": int(counts.max()),
        "reduction": float(glob.sum() / pairs.size),
    }
    if q % 2 == 1:
        cl = er_clusters(q)
        pu, pv = pairs // (sn.max() + 1), pairs % (sn.max() + 1)
        cu, cv = cl[pu], cl[pv]
        between = np.zeros((q + 1, q + 1), dtype=np.int64)
        m = cu != cv
        np.add.at(between, (np.minimum(cu, cv)[m], np.maximum(cu, cv)[m]), 1)
        iu = np.triu_indices(q + 1, 1)
        vals = between[iu]
        out.update(clusters=q + 1, cluster_bundles_min=int(vals.min()), cluster_bundles_max=int(vals.max()),
                   cluster_bundles_mean=float(vals.mean()))
    return out


def polarized_table4(seed: int = 0, *, distances: bool = True) -> list[dict]:
    """The five networks of Polarized routing's Table 4, built, with our distance statistics.

    RRG(720, 17) + 7 servers (Jellyfish, seeded), 3-D Hamming (HyperX) of side
    8 + 8 servers, the palm-tree Dragonfly a = 12, h = 6, p = 6 (our
    ``"relative"`` arrangement: port j of group x reaches group x + j + 1),
    Slim Fly MMS q = 13 + 9 servers, and the Levi graph of PG(2, 17) + 8 servers
    (:func:`lowdiam.topologies.levi.levi_graph`).

    Returns
    -------
    list of dict with name, routers, network_radix, total_radix, servers,
    links, and (``distances=True``) diameter and mean_distance (over ordered
    pairs of distinct routers).

    Examples
    --------
    >>> rows = polarized_table4(distances=False)
    >>> [(r["routers"], r["total_radix"], r["servers"]) for r in rows][-1]
    (614, 26, 4912)
    """
    from ..metrics.distances import distance_stats
    from ..topologies import dragonfly, hyperx, jellyfish, slimfly
    from ..topologies.levi import levi_graph

    seed = check_int("seed", seed, low=0)
    nets = {
        "RRG(720, 17)": jellyfish(720, 17, seed, endpoints_per_router=7),
        "3D-Hamming 8^3": hyperx(8, 8, 8, endpoints_per_router=8),
        "dragonfly (palm-tree) a=12 h=6 p=6": dragonfly(12, 6, 6, arrangement="relative"),
        "Slim Fly MMS q=13": slimfly(13, endpoints_per_router=9),
        "Levi graph PG(2,17)": levi_graph(17, endpoints_per_router=8),
    }
    rows = []
    for name, t in nets.items():
        row = {"name": name, "routers": t.num_routers, "network_radix": t.radix, "total_radix": t.total_radix,
               "servers": t.num_endpoints, "links": t.num_edges}
        if distances:
            st = distance_stats(t)
            row["diameter"] = int(st.diameter)
            row["mean_distance"] = float(st.mean_distance)
        rows.append(row)
    return rows


def write_csv(path: Any, rows: list[dict], columns: list[str] | None = None) -> Any:
    """Write ``rows`` (dicts) as CSV with a header; ``columns`` default to the first row's keys.

    Examples
    --------
    >>> import io
    >>> buf = io.StringIO()
    >>> _ = write_csv(buf, [dict(a=1, b=2.5)])
    >>> buf.getvalue().splitlines()
    ['a,b', '1,2.5']
    """
    import csv

    if not rows:
        raise ValueError("write_csv needs at least one row")
    columns = list(columns or rows[0].keys())

    def dump(fh):
        w = csv.DictWriter(fh, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
        w.writeheader()
        for r in rows:
            w.writerow({c: r.get(c, "") for c in columns})

    if hasattr(path, "write"):
        dump(path)
    else:
        with open(path, "w", newline="") as fh:
            dump(fh)
    return path


def text_table(rows: list[dict], columns: list[str] | None = None, digits: int = 2) -> str:
    """A fixed-width text rendering of ``rows`` (floats rounded to ``digits``).

    Examples
    --------
    >>> print(text_table([dict(net="a", x=1.234)]))
    net     x
      a  1.23
    """
    if not rows:
        return ""
    columns = list(columns or rows[0].keys())

    def fmt(v):
        if isinstance(v, (float, np.floating)):
            return f"{float(v):.{digits}f}"
        return str(v)

    cells = [[fmt(r.get(c, "")) for c in columns] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(columns)]
    lines = ["  ".join(c.rjust(w) for c, w in zip(columns, widths))]
    lines += ["  ".join(v.rjust(w) for v, w in zip(row, widths)) for row in cells]
    return "\n".join(lines)
