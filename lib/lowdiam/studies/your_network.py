"""Notebook 08 (your network): a graph of your own against the papers' networks at the same router radix.

:func:`read_graph` reads a router graph (edge list, BookSim ``anynet``, CAMINOS, GraphML) and refuses what is
not an interconnection network (a directed, disconnected or non-simple graph, a file that does not parse), saying
what to change.  :func:`rivals` builds, for the graph's network radix k, the largest PolarStar, Slim Fly and
Dragonfly of :mod:`lowdiam.design`, the largest SpectralFly (LPS) of diameter <= 3 (notebook 03's rule: the LPS
design space has no largest member) and a Jellyfish with the graph's router count and radix; a family with no
configuration at k is reported absent with the reason.  :class:`Evaluation` runs every result family of
notebooks 01-07 on all of them with the library's own functions, and :meth:`Evaluation.summary` writes the
one-page summary (PNG, PDF, CSV) under the folder it is given.

Every random choice (Jellyfish, METIS, link-failure orders, traffic, simulation) takes ``seed``.

Examples
--------
>>> top = parse_graph("0 1\\n1 2\\n2 3\\n3 0\\n", "edgelist", name="ring")
>>> concentration("radix/2", top), concentration(3, top)
(1, 3)
>>> parse_graph("0 1\\n2 3\\n", "edgelist")
Traceback (most recent call last):
    ...
ValueError: graph is disconnected: 2 connected components (router counts 2, 2); an interconnection network must \
connect every router: add links between the components, or evaluate each component as its own graph
"""

from __future__ import annotations

import dataclasses
import math
import re
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .. import design as D
from .. import topologies as T
from ..cache import cached
from ..labels import constructor, label
from ..topologies.base import Topology
from ..topologies.io import parse as _parse
from ..validate import check_choice, check_int

__all__ = [
    "FAMILIES", "FORMATS", "PROFILES", "Evaluation", "LoadCurve", "Rival", "clustered", "concentration",
    "load_curves", "parse_graph", "read_graph", "rivals",
]

#: graph file formats: the three of :mod:`lowdiam.topologies.io` and GraphML through networkx
FORMATS = ("edgelist", "anynet", "caminos", "graphml")
_SUFFIXES = {".edges": "edgelist", ".edgelist": "edgelist", ".txt": "edgelist", ".el": "edgelist",
             ".anynet": "anynet", ".caminos": "caminos", ".graphml": "graphml", ".xml": "graphml"}

#: rival families (the papers' networks) in the order of every table
FAMILIES = ("polarstar", "slimfly", "dragonfly", "spectralfly", "jellyfish")
_NAMES = {"polarstar": "PolarStar", "slimfly": "Slim Fly", "dragonfly": "Dragonfly", "spectralfly": "SpectralFly",
          "jellyfish": "Jellyfish"}

#: what each profile runs (see docs/your_network.md).  ``loads``: quick runs every (routing, traffic) at these fixed
#: offered loads, stopping at the first unstable one, and reports the highest stable load seen (a lower bound of the
#: saturation load); without ``loads`` (full) a saturation search (coarse steps of ``coarse_step``, then bisection to
#: ``tol``) finds the saturation load.  ``ring_ranks``: the ring Allreduce runs on that many endpoints chosen at random
#: (seeded); None: on the EDST Allreduce's ranks (k per router).
PROFILES: dict[str, dict[str, Any]] = {
    "quick": dict(metis_trials=4, failure_trials=20, warmup_cycles=50, measure_cycles=150, loads=(0.1, 0.4, 0.7),
                  motif_bytes=1024, max_trees=2, ring_ranks=64),
    "full": dict(metis_trials=16, failure_trials=100, warmup_cycles=1000, measure_cycles=3000, coarse_step=0.1,
                 tol=0.02, motif_bytes=65536, max_trees=4, ring_ranks=None),
}
ROUTINGS = {"min": "MIN", "valiant": "Valiant", "ugal": "UGAL-L"}
TRAFFICS = {"uniform": "uniform", "randperm": "random permutation", "adversarial": "worst case (cluster adversarial)"}
#: the BookSim model's settings (PolarStar Sec. 9.4 / notebook 05 section 1): 4-flit packets, 32-flit VC buffers,
#: internal speedup 2, hop-indexed VCs (no routing can deadlock)
SIM = {"packet_flits": 4, "buffer_flits": 32, "router": "booksim",
       "router_options": {"internal_speedup": 2.0, "vc_selection": "hop"}}


# ----------------------------------------------------------------------------- reading and checking a graph
def _format_of(path: Path, fmt: str | None) -> str:
    if fmt is not None:
        return check_choice("fmt (the graph file's format)", fmt, FORMATS)
    found = _SUFFIXES.get(path.suffix.lower())
    if found is None:
        raise ValueError(f"cannot tell the format of {path.name!r} from its suffix; name it *.edges / *.edgelist / "
                         f"*.txt (edge list), *.anynet, *.caminos or *.graphml, or pass fmt= one of {list(FORMATS)}")
    return found


def _check_network(top: Topology, what: str) -> Topology:
    """``top`` if it is an interconnection network: connected, at least two routers; else a ValueError saying why."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    if top.num_routers < 2 or top.num_edges == 0:
        raise ValueError(f"{what} has {top.num_routers} router(s) and {top.num_edges} links: a network needs at "
                         "least two routers and one link")
    n = top.num_routers
    adj = csr_matrix((np.ones(top.indices.size, np.int8), top.indices, top.indptr), shape=(n, n))
    count, comp = connected_components(adj, directed=False)
    if count > 1:
        sizes = ", ".join(str(s) for s in sorted(np.bincount(comp), reverse=True)[:5]) + (", ..." if count > 5 else "")
        raise ValueError(f"{what} is disconnected: {count} connected components (router counts {sizes}); an "
                         "interconnection network must connect every router: add links between the components, or "
                         "evaluate each component as its own graph")
    return top


def _simple_message(exc: Exception) -> str:
    msg = str(exc)
    if "self-loop" in msg:
        return msg + " (delete the links from a router to itself)"
    if "repeated link" in msg:
        return msg + " (list every link once: 'u v' and 'v u' are the same link)"
    return msg


def parse_graph(text: str, fmt: str, *, name: str = "graph", source: str = "<text>") -> Topology:
    """A checked router graph from the text of a graph file (see :func:`read_graph`); one endpoint per router.

    Examples
    --------
    >>> parse_graph("0 0\\n0 1\\n", "edgelist")
    Traceback (most recent call last):
        ...
    ValueError: cannot use <text> as a router graph: self-loop at router 0: router graphs must be simple (delete \
the links from a router to itself)
    """
    check_choice("fmt (the graph file's format)", fmt, FORMATS)
    try:
        if fmt == "graphml":
            import networkx as nx

            try:
                g = nx.parse_graphml(text)
            except Exception as exc:  # networkx raises several kinds for a bad file
                raise ValueError(f"{source} does not parse as GraphML: {exc}") from None
            if g.is_directed():
                raise TypeError(f"{source} holds a directed graph, but router links carry traffic both ways: write it "
                                "as undirected (GraphML edgedefault=\"undirected\", networkx G.to_undirected())")
            if g.is_multigraph():
                raise ValueError(f"{source} holds a multigraph; list every link once")
            top = T.Topology.from_networkx(g, name=name)
        else:
            top = _parse(text, fmt, name=name, source=source)
    except ValueError as exc:
        raise ValueError(f"cannot use {source} as a router graph: {_simple_message(exc)}") from None
    return _check_network(top, name if source == "<text>" else source)


def read_graph(path: str | Path, fmt: str | None = None) -> Topology:
    """Read a router graph and check that it is an interconnection network.

    Parameters
    ----------
    path : str or Path
        The file.
    fmt : {"edgelist", "anynet", "caminos", "graphml"}, optional
        Default: from the suffix (``.edges`` / ``.edgelist`` / ``.txt`` / ``.el``, ``.anynet``, ``.caminos``,
        ``.graphml`` / ``.xml``).  Formats as :mod:`lowdiam.topologies.io` (GraphML through networkx).

    Returns
    -------
    Topology
        Family ``"custom"``, named after the file, one endpoint per router (set them with :func:`concentration`).

    Raises
    ------
    TypeError
        A directed GraphML graph.
    ValueError
        An unknown format, a file that does not parse (the message names the line), self-loops, repeated links, a
        disconnected graph, fewer than two routers.
    OSError
        The file cannot be read.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> p = pathlib.Path(tempfile.mkdtemp()) / "square.edges"
    >>> _ = p.write_text("0 1\\n1 2\\n2 3\\n3 0\\n")
    >>> read_graph(p)
    Topology('square', routers=4, links=4, radix=2, endpoints=4)
    """
    if not isinstance(path, (str, Path)):
        raise TypeError(f"path must be a str or pathlib.Path, got {type(path).__name__}")
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no graph file {path.name!r} (looked for {path}); pass the path of an edge list, "
                                "anynet, CAMINOS or GraphML file")
    fmt = _format_of(path, fmt)
    return parse_graph(path.read_text(encoding="utf-8"), fmt, name=path.stem, source=path.name)


_RULE = re.compile(r"\s*radix\s*/\s*(\d+)\s*")


def concentration(rule: int | str, topology: Topology) -> int:
    """Endpoints per router: an integer as given, or a rule on the network radix k.

    Rules: ``"radix/N"`` = round(k / N) (``"radix/3"``: a quarter of all ports, PolarStar's balanced choice for
    diameter 3), ``"balanced"`` = :func:`lowdiam.topologies.default_concentration` (k/2 for diameter <= 2, k/3
    otherwise).  At least 1.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> concentration("radix/3", hyperx(4, 4, 4)), concentration("balanced", hyperx(4, 4, 4))
    (3, 3)
    >>> concentration("half", hyperx(4, 4))
    Traceback (most recent call last):
        ...
    ValueError: endpoints must be an integer >= 1 or a rule 'radix/N' (N >= 1) or 'balanced'; got 'half'
    """
    if isinstance(rule, str):
        m = _RULE.fullmatch(rule)
        if m and int(m.group(1)) >= 1:
            return max(1, round(topology.radix / int(m.group(1))))
        if rule.strip() == "balanced":
            from ..metrics.distances import distance_stats

            return T.default_concentration(topology.radix, int(distance_stats(topology).diameter))
        raise ValueError(f"endpoints must be an integer >= 1 or a rule 'radix/N' (N >= 1) or 'balanced'; got {rule!r}")
    return check_int("endpoints (per router)", rule, low=1)


# ----------------------------------------------------------------------------- the rivals
@dataclasses.dataclass(frozen=True)
class Rival:
    """One rival family at the graph's radix: its network, or ``None`` and why it is absent."""

    family: str
    topology: Topology | None
    reason: str = ""

    @property
    def name(self) -> str:
        return _NAMES[self.family]


def _lps_diameter(p: int, q: int) -> int:
    return T.lps_diameter(p, q, require_ramanujan=False)


def _rival(family: str, radix: int, routers: int, p: int, seed: int) -> Rival:
    if family == "jellyfish":
        n = routers + (routers * radix) % 2  # a k-regular graph needs n k even
        if radix < 3 or radix >= n:
            return Rival(family, None, f"a Jellyfish needs 3 <= radix < routers (radix {radix}, {n} routers)")
        return Rival(family, T.jellyfish(n, radix, seed=seed, endpoints_per_router=p))
    if family == "spectralfly":
        row = D.lps_max_order(radix, _lps_diameter, max_diameter=3)
        if row is None:
            why = (f"radix - 1 = {radix - 1} is not an odd prime" if not D.lps_configs(radix) else
                   "no LPS(p, q) of diameter <= 3 at this radix")
            return Rival(family, None, f"no SpectralFly: {why}")
        prm = row["params"]
        return Rival(family, T.lps(prm["p"], prm["q"], endpoints_per_router=p, require_ramanujan=False))
    cfg = D.best_config(family, radix)
    if cfg is None:
        return Rival(family, None, f"no {_NAMES[family]} has network radix {radix} (lowdiam.design.configs)")
    if family == "polarstar":
        return Rival(family, T.polarstar(cfg["q"], cfg["supernode"], cfg["d_prime"], endpoints_per_router=p))
    if family == "slimfly":
        return Rival(family, T.slimfly(cfg["q"], endpoints_per_router=p))
    return Rival(family, T.dragonfly(cfg["a"], cfg["h"], p))


def rivals(radix: int, routers: int, endpoints_per_router: int, *, families: Sequence[str] | None = None,
           seed: int = 0) -> list[Rival]:
    """The rivals of a network of network radix ``radix`` and ``routers`` routers, one per family.

    PolarStar, Slim Fly and Dragonfly: :func:`lowdiam.design.best_config` (the largest at this radix).
    SpectralFly: the largest LPS(radix - 1, q), q < 300, of diameter <= 3 (:func:`lowdiam.design.lps_max_order`,
    notebook 03's rule; LPS graphs grow without bound at fixed radix).  Jellyfish: a random ``radix``-regular graph
    on ``routers`` routers (one more when routers x radix is odd), seeded.  All carry ``endpoints_per_router``.

    Parameters
    ----------
    radix : int
        Network radix (router-to-router ports), >= 2.
    routers : int
        Router count of the graph compared (Jellyfish's size).
    endpoints_per_router : int
        Endpoints on every router of every rival.
    families : sequence of str, optional
        A subset of :data:`FAMILIES` (default all five).
    seed : int
        Jellyfish seed.

    Returns
    -------
    list of Rival
        In the order of ``families``; an absent family has ``topology=None`` and a ``reason``.

    Raises
    ------
    ValueError
        An unknown family, or no family of ``families`` exists at ``radix`` (the message lists each reason).

    Examples
    --------
    >>> [(r.family, r.topology and r.topology.num_routers) for r in rivals(6, 64, 2)]
    [('polarstar', 65), ('slimfly', 32), ('dragonfly', 55), ('spectralfly', None), ('jellyfish', 64)]
    >>> rivals(16, 100, 5, families=["slimfly", "spectralfly"])
    Traceback (most recent call last):
        ...
    ValueError: no rival network exists at network radix 16: Slim Fly: no Slim Fly has network radix 16 \
(lowdiam.design.configs); SpectralFly: no SpectralFly: radix - 1 = 15 is not an odd prime; evaluate ...
    """
    radix = check_int("radix", radix, low=2)
    routers = check_int("routers", routers, low=2)
    endpoints_per_router = check_int("endpoints_per_router", endpoints_per_router, low=1)
    families = list(FAMILIES if families is None else families)
    if isinstance(families, str) or not families:
        raise ValueError(f"families must be a non-empty list drawn from {list(FAMILIES)}")
    for fam in families:
        check_choice("rival family", fam, FAMILIES)
    out = [_rival(fam, radix, routers, endpoints_per_router, seed) for fam in families]
    if all(r.topology is None for r in out):
        raise ValueError(f"no rival network exists at network radix {radix}: "
                         + "; ".join(f"{r.name}: {r.reason}" for r in out)
                         + "; evaluate a graph of network radix >= 3 or name other rivals")
    return out


def clustered(topology: Topology, seed: int = 0) -> Topology:
    """``topology`` with ``labels["group"]`` = a METIS partition into round(sqrt(n)) clusters (seeded).

    The worst-case traffic of every network is the ``adversarial`` pattern on these clusters (each cluster sends
    to one other, every router to that cluster's routers farthest from it; PolarStar Sec. 9.6's rule on the
    clusters the graph's own structure gives), so one rule applies to any graph.  A ``supernode`` / ``group``
    label of the family is replaced.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> c = clustered(hyperx(4, 4))
    >>> sorted(np.bincount(c.labels["group"]).tolist())
    [4, 4, 4, 4]
    """
    import pymetis

    n = topology.num_routers
    parts = max(2, round(math.sqrt(n)))
    adj = pymetis.CSRAdjacency(np.asarray(topology.indptr, np.int64), np.asarray(topology.indices, np.int64))
    _, member = pymetis.part_graph(parts, adjacency=adj, options=pymetis.Options(seed=int(seed)))
    labels = {k: v for k, v in topology.labels.items() if k not in ("supernode", "group")}
    labels["group"] = np.asarray(member, dtype=np.int64)
    return dataclasses.replace(topology, labels=labels)


# ----------------------------------------------------------------------------- the evaluation
class Evaluation:
    """A graph and its rivals, with one method per result family (each returns rows, cached on disk).

    Parameters
    ----------
    graph : str, Path or Topology
        A graph file (:func:`read_graph`) or a topology.
    endpoints : int or str
        Endpoints per router, or a rule (:func:`concentration`), applied to the graph; every rival gets the same
        number (the same router radix: network ports + endpoint ports).
    profile : {"quick", "full"}
        :data:`PROFILES`.
    families : sequence of str, optional
        Rival families (default :data:`FAMILIES`).
    seed : int
        Every random choice.
    fmt : str, optional
        The graph file's format (default from its suffix).
    scheduler, processes
        Where simulations run (:func:`lowdiam.sweep.run_sweep`): a Dask scheduler address, or local processes.

    Examples
    --------
    >>> ev = Evaluation(T.hyperx(3, 3), endpoints=1, families=["dragonfly"])
    >>> [label(t) for t in ev.networks]
    ['HX(3x3)', 'DF(3,2,1)']
    """

    def __init__(self, graph: Any, endpoints: int | str = "radix/3", profile: str = "quick", *,
                 families: Sequence[str] | None = None, seed: int = 0, fmt: str | None = None,
                 scheduler: Any = None, processes: int | None = None) -> None:
        self.profile = check_choice("profile", profile, tuple(PROFILES))
        self.settings = PROFILES[profile]
        self.seed = check_int("seed", seed, low=0)
        if isinstance(graph, (str, Path)):
            top = read_graph(graph, fmt)
        elif isinstance(graph, Topology):
            top = _check_network(graph, graph.name)
        else:
            raise TypeError(f"graph must be a file path or a lowdiam Topology, got {type(graph).__name__}")
        self.p = concentration(endpoints, top)
        self.graph = top.with_endpoints(self.p)
        self.rivals = rivals(self.graph.radix, self.graph.num_routers, self.p, families=families, seed=self.seed)
        self.networks = [self.graph] + [r.topology for r in self.rivals if r.topology is not None]
        self.sweep = {"scheduler": scheduler, "processes": processes, "progress": False}

    def name(self, top: Topology) -> str:
        """Display name: "yours: <file stem>" for the graph, the family label for a rival."""
        return f"yours: {top.name}" if top is self.graph else label(top)

    def lineup(self) -> list[dict]:
        """One row per network (rivals absent at this radix included, with the reason)."""
        rows = [dict(network=self.name(t), family=t.family, routers=t.num_routers, links=t.num_edges,
                     radix=t.radix, min_degree=int(t.degrees.min()), endpoints_per_router=self.p,
                     endpoints=t.num_endpoints, constructor="(your graph)" if t is self.graph else constructor(t),
                     absent="") for t in self.networks]
        rows += [dict(network=r.name, family=r.family, routers=None, links=None, radix=None, min_degree=None,
                      endpoints_per_router=None, endpoints=None, constructor="", absent=r.reason)
                 for r in self.rivals if r.topology is None]
        return rows

    # -- structure: scale, distances, paths, spectrum, bisection, EDSTs, faults, cost
    def _structure(self, top: Topology) -> dict:
        from ..cost.tables import galaxyfly_table6_row, spectralfly_table2_row
        from ..edst import edst_packing
        from ..edst.bounds import combinatorial_bound
        from ..faults import disconnection_ratio
        from ..metrics import bisection, path_multiplicity, spectral_gap
        from ..metrics.distances import distance_stats

        st = distance_stats(top)
        diam = int(st.diameter)
        pm = path_multiplicity(top)
        cut = int(bisection(top, trials=self.settings["metis_trials"], seed=self.seed).cut_edges)
        disc = disconnection_ratio(top, trials=self.settings["failure_trials"], seed=self.seed)
        lay = spectralfly_table2_row(top, bisection_trials=1, seed=self.seed)
        money = galaxyfly_table6_row(top)
        return dict(routers=top.num_routers, endpoints=top.num_endpoints, diameter=diam,
                    moore_efficiency=D.moore_efficiency(top.num_routers, top.radix, diam),
                    mean_distance=float(st.mean_distance), multipath_pairs=float(pm.sp_ratio),
                    mean_shortest_paths=float(pm.mean_paths),
                    # 12 decimals: the eigensolver's last digits differ between CPUs (the torus's gap read
                    # 0.33333333333333276 on one host, 0.3333333333333324 on another), so a rerun elsewhere
                    # changes the figure data only where the network's structure does
                    spectral_gap=round(float(spectral_gap(top)), 12),
                    bisection_links=cut, bisection_fraction=cut / top.num_edges,
                    bisection_per_endpoint=cut / (top.num_endpoints / 2), edsts=int(edst_packing(top).t),
                    edst_bound=int(combinatorial_bound(top)), disconnection_mean=float(disc.mean()),
                    disconnection_min=float(disc.min()), mean_wire_m=float(lay["mean_wire_m"]),
                    optical_share=lay["optical"] / top.num_edges, cabinets=int(lay["cabinets"]),
                    link_power_w=float(lay["power_w"]), power_per_terminal_w=float(money["power_per_terminal"]),
                    router_cost_per_terminal=float(money["router_cost_per_terminal"]))

    def structure(self) -> list[dict]:
        """Scale, distances, path diversity, spectral gap, METIS bisection, EDSTs and their bound, link-failure
        resilience, layout / cost, one row per network (cached by the network's content, profile and seed)."""
        keys = ("metis_trials", "failure_trials")
        return [{"network": self.name(t), **cached("08_structure", {"topology": t, "seed": self.seed,
                                                                    **{k: self.settings[k] for k in keys}},
                                                   lambda t=t: self._structure(t))} for t in self.networks]

    def disconnection(self) -> dict[str, np.ndarray]:
        """Sorted disconnection ratios (failed-link share at the first disconnection) per network."""
        from ..faults import disconnection_ratio

        return {self.name(t): np.sort(disconnection_ratio(t, trials=self.settings["failure_trials"], seed=self.seed))
                for t in self.networks}

    # -- simulation
    def simulation(self):
        """Every network x {MIN, Valiant, UGAL-L} x {uniform, random permutation, worst case} on the BookSim model,
        keyed by (network, routing, traffic): in the full profile a saturation search
        (:class:`lowdiam.sweep.SaturationResult`, ``saturation_load`` the last stable load); in the quick profile a
        :class:`LoadCurve` at the profile's fixed loads (``saturation_load`` the highest stable load seen, a lower
        bound).  Every run is cached (:mod:`lowdiam.sweep`), on local processes or the Dask ``scheduler``."""
        from .. import sweep as S

        s = self.settings
        nets = {self.name(t): clustered(t, self.seed) for t in self.networks}
        configs = [(top, routing, traffic) for top in nets.values() for routing in ROUTINGS for traffic in TRAFFICS]
        sim = {**SIM, "warmup_cycles": s["warmup_cycles"], "measure_cycles": s["measure_cycles"]}
        names = {id(top): name for name, top in nets.items()}
        if s.get("loads"):
            return {(names[id(top)], r, t): c for (top, r, t), c in
                    zip(configs, load_curves(configs, s["loads"], seed=self.seed, sim=sim, **self.sweep))}
        res = S.saturation_searches(configs, coarse_step=s["coarse_step"], tol=s["tol"], seed=self.seed, sim=sim,
                                    **self.sweep)
        return {(names[id(x.recipe)], x.routing, x.traffic): x for x in res}

    # -- motif
    def motifs(self) -> list[dict]:
        """Allreduce over k edge-disjoint spanning trees (k = min(EDSTs, max_trees); k ranks per router) and over a
        ring, the same vector, MIN routing, BookSim model (:func:`lowdiam.studies.motifs.motif_row`).  The ring runs
        on the EDST ranks, or (profile ``ring_ranks``, quick) on that many endpoints chosen at random (seeded);
        ``placement`` says which."""
        from ..edst import edst_packing
        from .motifs import motif_row

        rows = []
        for t in self.networks:
            k = min(int(edst_packing(t).t), self.settings["max_trees"])
            tk = t.with_endpoints(k)
            cap = self.settings["ring_ranks"]
            for alg in ("edst", "ring"):
                # quick: the ring on min(cap, endpoints) endpoints in a random order on every network (a small
                # network's ring in endpoint order would get neighbouring ranks, the others random ones)
                ring_ranks = None if alg == "edst" or cap is None else min(cap, tk.num_endpoints)
                extra = {} if ring_ranks is None else {"ranks": ring_ranks, "mapping": "random"}
                r = motif_row(tk, "allreduce", "min", message_bytes=self.settings["motif_bytes"], algorithm=alg,
                              trees=k if alg == "edst" else None, seed=self.seed,
                              motif_options={"segments": 8} if alg == "edst" else None, router_options=SIM[
                                  "router_options"], **extra)
                placement = f"{k} per router" if ring_ranks is None else f"{ring_ranks} random endpoints"
                rows.append({"network": self.name(t), "algorithm": alg, "trees": k, "ranks": r["ranks"],
                             "placement": placement,
                             "message_bytes": r["message_bytes"], "completion_cycles": r["completion_cycles"],
                             "serialization_bound": r["serialization_bound"]})
        return rows

    # -- the one-page summary
    def summary(self, structure: list[dict], saturation: dict, motifs: list[dict]) -> list[dict]:
        """One row per metric: its value on every network and the winner(s) (ties share it); see :func:`metric_rows`."""
        return metric_rows([self.name(t) for t in self.networks], structure, saturation, motifs)


#: (metric key, label, True when larger is better or None for no winner)
METRICS = (
    ("routers", "routers", True), ("endpoints", "endpoints", True), ("moore_efficiency", "Moore efficiency", True),
    ("diameter", "diameter", False), ("mean_distance", "mean distance", False),
    ("multipath_pairs", "pairs with >1 shortest path", True), ("spectral_gap", "spectral gap mu1", True),
    ("bisection_per_endpoint", "bisection links per endpoint pair", True),
    ("edsts", "EDSTs", True), ("edst_bound", "EDST bound", None),
    ("disconnection_mean", "links failed at disconnection (mean share)", True),
    *[(f"sat_{r}_{t}", f"saturation {ROUTINGS[r]}, {TRAFFICS[t].split(' (')[0]}", True)
      for r in ROUTINGS for t in TRAFFICS],
    ("allreduce_edst", "Allreduce over EDSTs (cycles)", False), ("allreduce_ring", "Allreduce ring (cycles)", False),
    ("mean_wire_m", "mean wire length (m)", False), ("optical_share", "optical link share", False),
    ("power_per_terminal_w", "power per terminal (W)", False),
    ("router_cost_per_terminal", "router cost per terminal ($)", False),
)


def metric_rows(names: Sequence[str], structure: list[dict], saturation: dict, motifs: list[dict]) -> list[dict]:
    """The summary table: one row per metric of :data:`METRICS`, a column per network, and ``winner``.

    ``saturation`` maps (network, routing, traffic) to a saturation search result (its ``saturation_load``, the
    last stable offered load) or to that load; ``motifs`` holds rows with ``network``, ``algorithm``
    (``"edst"`` / ``"ring"``) and ``completion_cycles``.  The winner is the best value (ties share it; the EDST
    bound has none).

    Examples
    --------
    >>> s = [{"network": "A", "routers": 10, "diameter": 3}, {"network": "B", "routers": 12, "diameter": 3}]
    >>> rows = metric_rows(["A", "B"], s, {}, [])
    >>> [(r["metric"], r["A"], r["B"], r["winner"]) for r in rows]
    [('routers', 10, 12, 'B'), ('diameter', 3, 3, 'A, B')]
    """
    values: dict[str, dict[str, Any]] = {n: {} for n in names}
    for row in structure:
        values[row["network"]].update(row)
    for (net, routing, traffic), res in saturation.items():
        values[net][f"sat_{routing}_{traffic}"] = float(getattr(res, "saturation_load", res))
    for row in motifs:
        values[row["network"]][f"allreduce_{row['algorithm']}"] = int(row["completion_cycles"])
    curves = [x for x in saturation.values() if isinstance(x, LoadCurve)]
    ring_rows = [row for row in motifs if row["algorithm"] == "ring"]
    ring = {row.get("placement") for row in ring_rows} - {None}
    out = []
    for key, text, larger in METRICS:
        if key.startswith("sat_") and curves:  # quick: a lower bound, never called a saturation load
            text = text.replace("saturation", f"highest stable load of {curves[0].loads_text} (≤ saturation),")
        if key == "allreduce_ring" and any("random" in p for p in ring):  # quick: the ring on a bounded rank count
            text = (f"Allreduce ring on {next(iter(ring))} (cycles)" if len(ring) == 1 else
                    f"Allreduce ring on ≤ {max(row.get('ranks', 0) for row in ring_rows)} endpoints (cycles)")
        got = {n: values[n].get(key) for n in names}
        if all(v is None for v in got.values()):
            continue
        known = {n: v for n, v in got.items() if v is not None}
        best = (max if larger else min)(known.values()) if larger is not None else None
        winner = ", ".join(n for n, v in known.items() if best is not None and math.isclose(v, best, rel_tol=1e-9))
        out.append({"metric": key, "label": text, **got, "larger_is_better": larger, "winner": winner})
    return out


def text_table(rows: list[dict], names: Sequence[str], digits: int = 3) -> str:
    """The summary rows as a fixed-width text table, each metric's winner marked ``*``.

    Examples
    --------
    >>> print(text_table([{"metric": "routers", "label": "routers", "A": 10, "B": 12, "winner": "B"}], ["A", "B"]))
    metric    A    B
    routers  10  12*
    """
    def cell(row, n):
        v = row.get(n)
        s = "-" if v is None else (f"{v:.{digits}g}" if isinstance(v, float) and abs(v) < 1000 else f"{v:.0f}")
        return s + ("*" if n in row["winner"].split(", ") and row["winner"] else "")

    table = [["metric", *names]] + [[r["label"], *(cell(r, n) for n in names)] for r in rows]
    widths = [max(len(line[i]) for line in table) for i in range(len(table[0]))]
    return "\n".join((line[0].ljust(widths[0]) + "".join(c.rjust(w + 2) for c, w in zip(line[1:], widths[1:])))
                     .rstrip() for line in table)


def summary_figure(rows: list[dict], names: Sequence[str], title: str):
    """Small multiples: one bar panel per metric, a bar per network (yours first, in black), winners starred."""
    import matplotlib.pyplot as plt

    rows = [r for r in rows if r.get("larger_is_better") is not None]
    cols = 5
    nrows = -(-len(rows) // cols)
    fig, axes = plt.subplots(nrows, cols, figsize=(2.6 * cols, 1.1 + 0.32 * len(names) * nrows + 0.85 * nrows),
                             squeeze=False)
    colours = ["0.3"] + [f"C{i}" for i in range(len(names) - 1)]
    for ax, row in zip(axes.flat, rows):
        vals = [row.get(n) for n in names]
        y = np.arange(len(names))[::-1]
        ax.barh(y, [0 if v is None else v for v in vals], color=colours, height=0.7, alpha=0.45)
        for yi, n, v in zip(y, names, vals):
            win = n in row["winner"].split(", ")
            txt = "n/a" if v is None else (f"{v:.3g}" if isinstance(v, float) and abs(v) < 1000 else f"{v:,.0f}")
            ax.text(0, yi, f" {txt}{' ★' if win else ''}", va="center", ha="left", fontsize=7,
                    fontweight="bold" if win else "normal")
        ax.set_yticks(y, names if ax in axes[:, 0] else [""] * len(names), fontsize=7)
        ax.set_xticks([])
        ax.set_title(textwrap.fill(row["label"] + (" ↑" if row["larger_is_better"] else " ↓"), 40), fontsize=7.5)
        for side in ("top", "right", "bottom"):
            ax.spines[side].set_visible(False)
    for ax in list(axes.flat)[len(rows):]:
        ax.axis("off")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    return fig


def curves_figure(saturation: dict, names: Sequence[str]):
    """Mean latency of the stable runs of every saturation search against offered load: a panel per (routing,
    traffic), a line per network (yours in black)."""
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(len(ROUTINGS), len(TRAFFICS), figsize=(12, 8.5), sharex=True, squeeze=False)
    colours = dict(zip(names, ["black"] + [f"C{i}" for i in range(len(names) - 1)]))
    for i, routing in enumerate(ROUTINGS):
        for j, traffic in enumerate(TRAFFICS):
            ax = axes[i, j]
            for n in names:
                res = saturation.get((n, routing, traffic))
                pts = [] if res is None else [(r["load"], r["latency_mean"]) for r in res.records if not r["saturated"]]
                if pts:
                    ax.plot(*zip(*pts), "o-", ms=3, color=colours[n], label=n)
            ax.set_title(f"{ROUTINGS[routing]}, {TRAFFICS[traffic]}", fontsize=9)
            ax.set_xlim(0, 1)
            ax.grid(alpha=0.3)
            if i == len(ROUTINGS) - 1:
                ax.set_xlabel("offered load (flits/endpoint/cycle)")
            if j == 0:
                ax.set_ylabel("mean latency (cycles)")
    handles, labels_ = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels_, loc="lower center", ncol=min(len(labels_), 6), fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return fig


def disconnection_figure(ratios: dict[str, np.ndarray]):
    """Share of random link-failure scenarios still connected against the share of links failed."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 3.6))
    for i, (n, r) in enumerate(ratios.items()):
        ax.step(np.concatenate([[0.0], r]), 1 - np.arange(r.size + 1) / r.size, where="post", label=n,
                color="black" if i == 0 else f"C{i - 1}")
    ax.set(xlabel="share of links failed (random order)", ylabel="scenarios still connected", xlim=(0, 1))
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    return fig


def saturation_rows(saturation: dict) -> list[dict]:
    """Every saturation search as a CSV row: network, routing, traffic, saturation load, first unstable load; every
    quick-profile load curve as: network, routing, traffic, the loads tried, the highest stable load (a lower bound
    of the saturation load), the first unstable load."""
    rows = []
    for (n, r, t), x in saturation.items():
        if isinstance(x, LoadCurve):
            rows.append({"network": n, "routing": r, "traffic": t, "loads": x.loads_text,
                         "highest_stable_load": x.saturation_load, "first_unstable_load": x.saturated_load,
                         "runs": len(x.records), "rule": x.rule})
        else:
            rows.append({"network": n, "routing": r, "traffic": t, "saturation_load": x.saturation_load,
                         "first_unstable_load": x.saturated_load, "runs": len(x.records), "rule": x.rule})
    return rows


@dataclasses.dataclass
class LoadCurve:
    """Runs of one (network, routing, traffic) at fixed offered loads (the quick profile), up to the first unstable
    one.  ``saturation_load``: the highest stable load seen (0.0 when the first is unstable), a **lower bound** of the
    saturation load, named like :class:`lowdiam.sweep.SaturationResult`'s field so tables and figures take both;
    ``saturated_load``: the first unstable load, or None."""

    recipe: Any
    routing: str
    traffic: str
    loads: tuple[float, ...]
    records: list[dict]
    rule: str = "fixed"

    @property
    def saturation_load(self) -> float:
        return max([r["load"] for r in self.records if not r["saturated"]], default=0.0)

    @property
    def saturated_load(self) -> float | None:
        return min([r["load"] for r in self.records if r["saturated"]], default=None)

    @property
    def loads_text(self) -> str:
        return "/".join(f"{x:g}" for x in self.loads)


def load_curves(configs: Sequence[tuple], loads: Sequence[float], *, seed: int = 0, sim: dict | None = None,
                **sweep_kwargs: Any) -> list[LoadCurve]:
    """A :class:`LoadCurve` per (topology, routing, traffic): one round of runs per load, in increasing order, each
    config stopping at its first unstable load (all configs of a round run together, cached, on the sweep's
    workers)."""
    from .. import sweep as S

    sim = dict(sim or {})
    loads = tuple(sorted(float(x) for x in loads))
    recs: list[list[dict]] = [[] for _ in configs]
    for ld in loads:
        todo = [i for i, rs in enumerate(recs) if not any(r["saturated"] for r in rs)]
        if not todo:
            break
        runs = [S.Run(configs[i][0], configs[i][1], configs[i][2], ld, seed, sim, {}) for i in todo]
        for i, r in zip(todo, S.run_sweep(runs, **sweep_kwargs)):
            recs[i].append(r)
    rule = sim.get("run_control") or "fixed"
    return [LoadCurve(c[0], c[1], c[2], loads, rs, rule) for c, rs in zip(configs, recs)]


def output_folder(out: str | Path | None) -> tuple[Path, str]:
    """Where the summary goes and the file-name prefix: ``out`` with no prefix, or (``out=None``, the committed
    example run) the figures folder with prefix ``"08_your_network_"``.  A folder given explicitly may not be the
    figures folder or inside it: an evaluation never writes over the committed figures.

    Examples
    --------
    >>> output_folder("evaluations/torus")[1], output_folder(None)[1]
    ('', '08_your_network_')
    >>> from lowdiam.paths import figures_dir
    >>> output_folder(figures_dir() / "mine")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: out must not lie in the committed figures folder ...
    """
    from ..paths import figures_dir

    if out is None:
        return figures_dir(), "08_your_network_"
    if not isinstance(out, (str, Path)) or not str(out):
        raise TypeError(f"out must be a folder path (str or Path) or None, got {out!r}")
    folder = Path(out).expanduser().resolve()
    figs = figures_dir().resolve()
    if folder == figs or figs in folder.parents:
        raise ValueError("out must not lie in the committed figures folder (figures/); name another folder, "
                         "e.g. evaluations/<graph name>")
    folder.mkdir(parents=True, exist_ok=True)
    return folder, ""
