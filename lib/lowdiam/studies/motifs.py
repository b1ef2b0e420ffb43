"""Notebook 07 (application motifs): runs of :func:`lowdiam.sim.motifs.run_motif`, cached, as table rows.

Examples
--------
>>> from lowdiam.topologies import hyperx
>>> row = motif_row(hyperx(2, 3).with_endpoints(2), "fft", "min", message_bytes=256, ranks=12)  # 4 x 3 grid
>>> row["messages"], row["completion_cycles"] >= row["serialization_bound"]
(60, True)
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from pathlib import Path

from ..cache import cache_dir, cache_key, cached
from ..labels import label

__all__ = ["motif_row", "link_bound_row", "item_row", "item_link_bound", "logged_item_result", "edst_gains",
           "edst_tree_shapes", "ratio", "checkpoint_files", "checkpoint_progress"]


def _head(topology, motif, routing, message_bytes, iterations, algorithm, trees, program) -> dict:
    """The columns that name a motif run, in front of both a run's row and its link bound's row."""
    return {"network": label(topology), "motif": motif, "algorithm": algorithm or "", "trees": trees or 0,
            "routing": routing, "message_bytes": message_bytes, "iterations": iterations,
            "ranks": int(program.ranks.size)}


def motif_row(topology, motif: str, routing: str, *, message_bytes: float, iterations: int = 1,
              algorithm: str | None = None, trees: int | None = None, ranks: int | None = None,
              mapping: str = "linear", motif_options: dict | None = None, seed: int = 0, packet_flits: int = 4,
              flit_bytes: int = 16, router_options: dict | None = None, progress: bool = False,
              names: dict | None = None) -> dict:
    """One motif run (cached on disk by its parameters, the topology's content and the code) as a flat row.

    Returns ``network``, ``motif``, ``algorithm``, ``routing``, ``message_bytes``, ``iterations``, ``ranks``,
    ``messages``, ``packets``, ``completion_cycles``, ``serialization_bound`` (cycles; the busiest endpoint's
    flits), ``hops_mean``, ``wall_seconds`` (of the run that filled the cache, all its legs when resumed).
    ``mapping`` places the ranks (:func:`lowdiam.sim.motifs.compile_motif`).  ``progress`` (not part of the
    cache key) shows the run's progress on stderr.  With the cache on, the run
    is checkpointed every 10 minutes to ``<cache>/checkpoints/<key>.npz``, so an interrupted run resumes; its
    settings are written beside it (``<key>.json``, with ``names``, e.g. a notebook's ``key`` and ``case``; not part
    of the cache key), for :func:`checkpoint_progress` and :mod:`lowdiam.studies.unfinished`.
    """
    from ..sim.motifs import run_motif

    params = dict(motif=motif, routing=routing, message_bytes=message_bytes, iterations=iterations,
                  algorithm=algorithm, trees=trees, ranks=ranks, motif_options=motif_options or {}, seed=seed,
                  packet_flits=packet_flits, flit_bytes=flit_bytes, router_options=router_options or {},
                  topology=topology)
    if mapping != "linear":  # the default stays out of the key: runs cached before the option existed stay valid
        params["mapping"] = mapping

    root = cache_dir()
    ckpt = None if root is None else root / "checkpoints" / f"{cache_key('07_motifs', params)}.npz"

    def compute():
        t0 = time.perf_counter()
        if ckpt is not None:  # name the run beside its checkpoint, for checkpoint_progress (the file name is a hash)
            ckpt.parent.mkdir(parents=True, exist_ok=True)
            settings = {**(names or {}), "network": label(topology), "motif": motif, "algorithm": algorithm or "",
                        "trees": trees or 0, "routing": routing, "message_bytes": message_bytes,
                        "iterations": iterations, "ranks": ranks, "mapping": mapping,
                        "motif_options": motif_options or {}, "seed": seed}
            ckpt.with_suffix(".json").write_text(json.dumps({"run": _run_name(
                topology, motif, routing, message_bytes, iterations, algorithm, ranks, mapping, motif_options),
                "settings": settings}))
        r = run_motif(topology, motif, message_bytes=message_bytes, iterations=iterations, algorithm=algorithm,
                      trees=trees, ranks=ranks, mapping=mapping, routing=routing, motif_options=motif_options,
                      seed=seed, packet_flits=packet_flits, flit_bytes=flit_bytes, router_options=router_options,
                      progress=progress, checkpoint=ckpt)
        if ckpt is not None:
            ckpt.with_suffix(".json").unlink(missing_ok=True)  # the run deleted its checkpoint on completion
        return {**_head(topology, motif, routing, message_bytes, iterations, algorithm, trees, r.program),
                "messages": r.messages_delivered,
                "packets": r.packets_delivered, "completion_cycles": r.completion_cycles,
                "serialization_bound": r.program.serialization_bound(packet_flits),
                "hops_mean": round(float(r.sim.hops_mean), 4),
                "wall_seconds": round(time.perf_counter() - t0 + r.resumed_seconds, 2)}

    return cached("07_motifs", params, compute)


def _run_name(topology, motif, routing, message_bytes, iterations, algorithm, ranks, mapping, motif_options) -> str:
    """A motif run's settings in one line: what checkpoint_progress shows for its checkpoint."""
    parts = [label(topology), motif + (f" ({algorithm})" if algorithm else ""), routing, f"{message_bytes:g} B",
             f"x {iterations}"]
    parts += [f"{ranks} ranks"] if ranks else []
    parts += [f"mapping {mapping}"] if mapping != "linear" else []
    parts += [json.dumps(motif_options, sort_keys=True)] if motif_options else []
    return ", ".join(parts)


def checkpoint_files(checkpoint_dir) -> list[Path]:
    """The checkpoints ``*.npz`` in a folder, sorted by name, without the temporary files of a save under way
    (``.lowdiam-ckpt-*.npz``, renamed onto the checkpoint once written)."""
    return sorted(p for p in Path(checkpoint_dir).glob("*.npz") if not p.name.startswith("."))


def checkpoint_progress(path) -> dict:
    """How far a checkpointed motif run has come, read from its checkpoint file alone (nothing is run or resumed).

    The run's progress bar counts whole messages, and in an all-to-all (the FFT motifs) messages complete only near
    the end, so a run of hours shows 0 % until then; its checkpoint's delivered and undelivered packets measure it.

    Parameters
    ----------
    path : str or Path
        A checkpoint ``<cache>/checkpoints/<key>.npz`` of :func:`motif_row` (or any checkpoint of
        :func:`lowdiam.sim.motifs.run_motif`).

    Returns
    -------
    dict
        ``run`` (the settings :func:`motif_row` wrote beside it, in one line; "" without them), ``settings`` (the
        same as a dict, with the ``names`` it was given; {} without them), ``fingerprint`` (of the run and the
        simulator code it was saved by: a checkpoint resumes only under the same), ``saved_at`` (UTC, when the
        file was written), ``cycle`` (the simulated cycle it was saved at), ``packets_delivered``, ``packets_left``,
        ``share_delivered`` (packets delivered / all the program's packets) and ``hops_mean`` (of the packets
        delivered so far; None before the first).

    Raises
    ------
    ValueError
        A file that is not a message program's checkpoint (no ``stats.ctr`` or ``mo.left`` array).
    """
    import numpy as np

    from ..sim.booksim import kernel as K

    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no checkpoint file {path}")
    try:
        z = np.load(path, allow_pickle=False)
    except Exception as exc:  # noqa: BLE001 - whatever numpy or zipfile says, the file is not a checkpoint
        raise ValueError(f"{path}: not a message program's checkpoint (not a .npz file of arrays: "
                         f"{type(exc).__name__}); checkpoints come from run_motif(..., checkpoint=path)") from None
    if not isinstance(z, np.lib.npyio.NpzFile):
        raise ValueError(f"{path}: not a message program's checkpoint (a single .npy array, not a .npz file); "
                         "checkpoints come from run_motif(..., checkpoint=path)")
    with z:
        missing = [k for k in ("stats.ctr", "mo.left") if k not in z.files]
        if missing:
            raise ValueError(f"{path}: not a message program's checkpoint (no {', '.join(missing)} array); "
                             "checkpoints come from run_motif(..., checkpoint=path)")
        ctr, left = z["stats.ctr"], int(z["mo.left"].sum())
        fingerprint = str(z["__fingerprint__"]) if "__fingerprint__" in z.files else ""
    done = int(ctr[K.K_EJ])
    side = path.with_suffix(".json")
    named = json.loads(side.read_text()) if side.exists() else {}
    return {"run": named.get("run", ""), "settings": named.get("settings", {}),
            "saved_at": datetime.fromtimestamp(path.stat().st_mtime, UTC).strftime("%Y-%m-%d %H:%M"),
            "fingerprint": fingerprint, "cycle": int(ctr[K.K_NOW]), "packets_delivered": done, "packets_left": left,
            "hops_mean": round(int(ctr[K.K_HOP_SUM]) / int(ctr[K.K_MEAS_DONE]), 4) if ctr[K.K_MEAS_DONE] else None,
            "share_delivered": round(done / (done + left), 4) if done + left else 1.0}


def link_bound_row(topology, motif: str, routing: str, *, message_bytes: float, iterations: int = 1,
                   algorithm: str | None = None, trees: int | None = None, ranks: int | None = None,
                   mapping: str = "linear", motif_options: dict | None = None, seed: int = 0, packet_flits: int = 4,
                   flit_bytes: int = 16) -> dict:
    """The busiest-link bound of one motif under an oblivious routing (no simulation; cached) as a flat row.

    The motif is compiled as :func:`motif_row` runs it (same ranks, placement and seed) and its flits routed by
    :func:`lowdiam.sim.bounds.motif_link_bound`.  Returns ``network``, ``motif``, ``algorithm``, ``trees``,
    ``routing``, ``message_bytes``, ``iterations``, ``ranks``, ``busiest_link_flits`` (the most loaded link's
    flits over the whole motif), ``mean_link_flits``, ``serialization_bound`` (the busiest endpoint's flits),
    ``link_bound`` (cycles: the larger of the two; no run at one flit per link and cycle finishes sooner) and
    ``wall_seconds``.

    Examples
    --------
    >>> from lowdiam.topologies import dragonfly
    >>> row = link_bound_row(dragonfly(4, 2, 2), "sweep3d", "df-min", message_bytes=1024)
    >>> row["busiest_link_flits"], row["serialization_bound"], row["link_bound"]
    (8192, 4096, 8192)
    """
    from ..sim.bounds import motif_link_bound
    from ..sim.motifs import compile_motif

    params = dict(what="link bound", motif=motif, routing=routing, message_bytes=message_bytes,
                  iterations=iterations, algorithm=algorithm, trees=trees, ranks=ranks, mapping=mapping,
                  motif_options=motif_options or {}, seed=seed, packet_flits=packet_flits, flit_bytes=flit_bytes,
                  topology=topology)

    def compute():
        t0 = time.perf_counter()
        prog = compile_motif(topology, motif, message_bytes=message_bytes, iterations=iterations,
                             algorithm=algorithm, trees=trees, ranks=ranks, mapping=mapping, flit_bytes=flit_bytes,
                             packet_flits=packet_flits, seed=seed, motif_options=motif_options)
        b = motif_link_bound(topology, prog, routing, packet_flits=packet_flits, seed=seed)
        return {**_head(topology, motif, routing, message_bytes, iterations, algorithm, trees, prog),
                "busiest_link_flits": round(b.busiest_arc_flits),
                "mean_link_flits": round(b.mean_arc_flits, 1), "serialization_bound": b.serialization_bound,
                "link_bound": round(b.bound), "wall_seconds": round(time.perf_counter() - t0, 2)}

    return cached("07_motifs", params, compute)


def _item_args(item: dict, ranks: int | None) -> dict:
    """The motif settings of one notebook-07 item, as :func:`motif_row` and :func:`link_bound_row` take them."""
    edst = item["motif"] == "allreduce" and item.get("algorithm") == "edst"
    return dict(message_bytes=item["message_bytes"], iterations=item.get("iterations", 1),
                algorithm=item.get("algorithm"), trees=item.get("trees"),
                ranks=None if edst else item.get("ranks", ranks), mapping=item.get("mapping", "linear"),
                motif_options=item.get("motif_options"))


def item_row(item: dict, *, ranks: int | None, seed: int = 0, progress: bool = False) -> dict:
    """:func:`motif_row` of one notebook-07 item, with the item's ``key`` and ``case`` in front.

    An item is a dict: ``recipe`` (a :class:`lowdiam.sweep.Recipe`), ``key``, ``case``, ``motif``, ``routing``,
    ``message_bytes`` and optionally ``iterations``, ``algorithm``, ``trees``, ``motif_options``, ``ranks`` and
    ``mapping`` (its own rank count and placement, overriding ``ranks`` and the linear placement).  The ranks
    apply to every motif except the EDST Allreduce, which places its own.

    Examples
    --------
    >>> from lowdiam.sweep import Recipe
    >>> it = dict(recipe=Recipe("hyperx", {"endpoints_per_router": 2}, "", (2, 3)), key="HX", case="fft",
    ...           motif="fft", routing="min", message_bytes=256)
    >>> row = item_row(it, ranks=12)
    >>> row["key"], row["case"], row["messages"]
    ('HX', 'fft', 60)
    """
    row = motif_row(item["recipe"].build(), item["motif"], item["routing"], **_item_args(item, ranks), seed=seed,
                    progress=progress, names={"key": item["key"], "case": item["case"]})
    return {"key": item["key"], "case": item["case"], **row}


def item_link_bound(item: dict, *, ranks: int | None, seed: int = 0) -> dict:
    """:func:`link_bound_row` of one notebook-07 item (as :func:`item_row` takes it), ``key`` and ``case`` in front.

    Examples
    --------
    >>> from lowdiam.sweep import Recipe
    >>> it = dict(recipe=Recipe("dragonfly", {}, "", (4, 2, 2)), key="DF", case="sweep3d", motif="sweep3d",
    ...           routing="df-min", message_bytes=1024)
    >>> item_link_bound(it, ranks=None)["link_bound"]
    8192
    """
    row = link_bound_row(item["recipe"].build(), item["motif"], item["routing"], **_item_args(item, ranks), seed=seed)
    return {"key": item["key"], "case": item["case"], **row}


def logged_item_result(items: dict, key: tuple, logged: dict, *, ranks: int | None, seed: int = 0,
                       progress: bool = False, bound: bool = False) -> dict:
    """The result columns a :class:`lowdiam.results.ResultLog` row needs for the item it names.

    ``items`` maps the values of the log's ``key`` columns to the item (as :func:`item_row` takes it);
    ``logged`` is the log row (its key columns).  Returns :func:`item_row`'s columns other than the key
    columns, with the rank count actually run as ``ranks_run``; with ``bound``, :func:`item_link_bound`'s columns
    instead of a run's.  A module-level function, so that
    ``functools.partial(logged_item_result, items, key, ranks=..., seed=...)`` runs on worker processes
    (``ResultLog.run(..., processes=2)``) or on a Dask cluster.
    """
    item = items[tuple(logged[k] for k in key)]
    out = item_link_bound(item, ranks=ranks, seed=seed) if bound else item_row(item, ranks=ranks, seed=seed,
                                                                                progress=progress)
    out["ranks_run"] = out.pop("ranks")
    return {k: v for k, v in out.items() if k not in key}


def edst_gains(rows) -> dict[str, dict[int, float]]:
    """Per network: completion time of 1 tree over k trees (the speed-up of splitting the Allreduce over k EDSTs).

    >>> edst_gains([{"network": "A", "trees": 1, "completion_cycles": 100},
    ...             {"network": "A", "trees": 2, "completion_cycles": 40}])
    {'A': {1: 1.0, 2: 2.5}}
    """
    base = {r["network"]: r["completion_cycles"] for r in rows if r["trees"] == 1}
    out: dict[str, dict[int, float]] = {}
    for r in rows:
        if r["network"] in base:
            out.setdefault(r["network"], {})[r["trees"]] = round(base[r["network"]] / r["completion_cycles"], 3)
    return out


def ratio(rows, num: dict, den: dict) -> float:
    """``completion_cycles`` of the row matching ``num`` over that of the row matching ``den`` (each a dict of
    column values that selects exactly one row); ``ValueError`` if either selects none or several.

    >>> ratio([{"n": "DF", "completion_cycles": 10}, {"n": "PS", "completion_cycles": 4}], {"n": "DF"}, {"n": "PS"})
    2.5
    """
    def one(sel):
        hits = [r for r in rows if all(r.get(k) == v for k, v in sel.items())]
        if len(hits) != 1:
            raise ValueError(f"{sel} selects {len(hits)} rows; it must select exactly one")
        return hits[0]["completion_cycles"]

    return round(one(num) / one(den), 3)


def edst_tree_shapes(topology, trees: int) -> list[dict[str, int]]:
    """Depth (from the root) and largest number of tree neighbours of a router, for each of the ``trees`` EDSTs
    the ``"edst"`` Allreduce uses (:func:`lowdiam.sim.motifs.edst_trees`): what bounds its pipeline and its
    busiest endpoint.

    >>> from lowdiam.topologies import hyperx
    >>> edst_tree_shapes(hyperx(4), 1)  # K4: the centre of a path tree, or a star
    [{'depth': 2, 'max_tree_degree': 2}]
    """
    from ..sim.motifs import edst_trees

    out = []
    for parent, root in edst_trees(topology, trees):
        deg: dict[int, int] = {}
        for v, p in parent.items():
            deg[v] = deg.get(v, 0) + 1
            deg[p] = deg.get(p, 0) + 1
        depth = {root: 0}
        todo = list(parent)
        while todo:  # parents first: repeat until every vertex's parent has a depth
            rest = [v for v in todo if parent[v] not in depth]
            for v in todo:
                if parent[v] in depth:
                    depth[v] = depth[parent[v]] + 1
            todo = rest
        out.append({"depth": max(depth.values()), "max_tree_degree": max(deg.values())})
    return out
