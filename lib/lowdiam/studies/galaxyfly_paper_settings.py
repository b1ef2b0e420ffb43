"""Galaxyfly Fig. 7/9 at the paper's own simulation settings: 1-flit packets, shared input buffers, BookSim's rule.

Galaxyfly Sec. 5 (Lei et al., TPDS 2021) simulated with BookSim: "the packet size is 1 flit.  The buffer of each
port has 256 flits.  The buffer management policy is that each VC has 5 private flits and other flits are shared by
all VCs."  The recorded Fig. 7/9 searches of notebook 05 (``results/paper/05_simulation/05_galaxyfly_fig7_9.csv``)
ran the same networks with 4-flit packets, 32-flit private VC buffers and fixed windows with the 95 % rule; the
claims built on them list those three settings as differing from the paper's.  This module runs those searches
again with the paper's settings (:data:`SIM`): 1-flit packets; BookSim2's ``buffer_policy = shared`` with
``buf_size = 256`` and ``private_buf_size = 5`` (the BookSim model's shared input buffers,
:func:`lowdiam.sim.booksim.options.buffer_layout`); routing computation in 2 cycles (``routing_delay = 2``) and
credit processing in 2 (the model's default ``credit_delay``); BookSim2's own run control (``run_control="booksim"``).
Everything else is the recorded searches': the BookSim model at internal speedup 2 with hop-indexed VCs, the same
networks, routings and patterns (:func:`configs`), coarse step 0.1, resolution 0.01, seed 0.

Under shared buffers NAG's threshold ``Th_min = 0.8 x buffer size`` reads the port buffer, 256 flits (the BookSim
model passes ``buf_size`` as the routings' buffer size; the recorded searches read the 32-flit VC buffer).

Three further groups (:data:`EXTRA_GROUPS`) take the section's other simulated statements to the same settings: FB's
worst case under MIN (Sec. 5.2.2, :data:`FB_WORST`), the packet-size comparison's 4-flit side (Sec. 5.1.2 / Fig.
10c-d, :data:`SIM_4FLIT`, :data:`LOG_4FLIT`) and the zero-load runs (Sec. 5.2.1 / 5.2.3, :data:`LOG_ZERO_LOAD`).

Every run is appended to :data:`LOG` as it finishes (``results/paper/05_simulation/05_galaxyfly_paper_settings.csv``),
so the job stops and resumes anywhere::

    python -m lowdiam.studies.galaxyfly_paper_settings --processes 2

Notebook 05 draws every search recorded so far (:func:`lowdiam.studies.sim_figures.galaxyfly_paper_settings`,
``figures/05_galaxyfly_paper_settings.png``), and each Galaxyfly Fig. 7/9 claim takes these values, at scale
``paper``, once every search it compares is complete here at these settings
(:meth:`lowdiam.studies.sim_galaxyfly.GalaxyflySection.gf_compare`); until then it keeps the earlier recorded
settings, at scale ``paper-network``.

Examples
--------
>>> from lowdiam.studies import galaxyfly_paper_settings as GPS
>>> len(GPS.configs()), GPS.configs()[0][0].label, GPS.configs()[0][1:]
(54, 'GF(11,29,2,5)', ('gf-min', 'uniform'))
>>> GPS.SIM["packet_flits"], GPS.SIM["router_options"]["buf_size"], GPS.SIM["run_control"]
(1, 256, 'booksim')
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from lowdiam import sweep as S

__all__ = ["COARSE_STEP", "EXTRA_GROUPS", "FB_WORST", "GROUPS", "LOG", "LOG_4FLIT", "LOG_ZERO_LOAD", "NETWORKS",
           "PACKET_LABELS", "PATTERNS", "RD1_SIM", "ROUTINGS", "SIM", "SIM_4FLIT", "TOL", "ZERO_LOAD",
           "ZERO_LOAD_LABELS", "configs", "group_configs", "has_gf_min", "paper_min", "peak_accepted", "recorded",
           "run", "zero_load_runs"]

#: the networks of the recorded Fig. 7/9 searches (Table 5's Galaxyflies and the paper's rivals): label -> recipe
NETWORKS = {r.label: r for r in (
    S.Recipe("galaxyfly", {}, "GF(11,29,1,10)", (11, 29, 1, 10)),
    S.Recipe("galaxyfly", {}, "GF(11,29,2,5)", (11, 29, 2, 5)),
    S.Recipe("galaxyfly", {}, "GF(11,37,4,2)", (11, 37, 4, 2)),
    S.Recipe("galaxyfly", {}, "GF(15,29,1,7)", (15, 29, 1, 7)),
    S.Recipe("galaxyfly", {}, "GF(15,29,4,2)", (15, 29, 4, 2)),
    S.Recipe("galaxyfly", {}, "GF(15,37,2,3)", (15, 37, 2, 3)),
    S.Recipe("galaxyfly", {}, "GF(56,1,11,5)", (56, 1, 11, 5)),
    S.Recipe("galaxyfly", {}, "GF(81,1,10,4)", (81, 1, 10, 4)),
    S.Recipe("dragonfly", {}, "DF", (11, 5, 5)),
    S.Recipe("slimfly", {"endpoints_per_router": 10}, "SF", (13,)),
    S.Recipe("hyperx", {"endpoints_per_router": 6}, "FB", (8, 8, 8)),
    S.Recipe("fat_tree", {}, "FT", (15, 3)),
)}
#: the paper's own MIN (Sec. 4.1, supernode by supernode: ``gf-min``, the routing the counted MIN claims are judged
#: under), NAG (Fig. 9) and the router-level MIN (``min``, their sensitivity rows), as the recorded searches name them;
#: the counted routings first, so an interrupted job leaves whole claims
ROUTINGS = ("gf-min", "nag", "min")
#: uniform random traffic and the Galaxyfly worst case (Sec. 5), as the recorded searches name them
PATTERNS = ("uniform", "worst_case")
#: the networks the recorded searches ran with MIN under uniform traffic only (no supernodes for NAG and the worst case)
MIN_UNIFORM_ONLY = ("FB", "FT")


def has_gf_min(rec: S.Recipe) -> bool:
    """True for a Galaxyfly with supernodes of more than one router (``a > 1``): the paper's MIN differs from the
    router-level MIN there, and the recorded ``gf-min`` searches (``05_galaxyfly_gfmin``) ran on exactly these."""
    return rec.constructor == "galaxyfly" and rec.args[2] > 1


def paper_min(rec: S.Recipe) -> str:
    """The paper's MIN (Sec. 4.1) on ``rec`` as a registry routing: ``gf-min`` where it differs from the router-level
    MIN (:func:`has_gf_min`), else ``min`` (one router per supernode, or not a Galaxyfly: the same routing).

    Examples
    --------
    >>> paper_min(NETWORKS["GF(81,1,10,4)"]), paper_min(NETWORKS["GF(15,29,1,7)"]), paper_min(NETWORKS["FT"])
    ('gf-min', 'min', 'min')
    """
    return "gf-min" if has_gf_min(rec) else "min"
#: the paper's Sec. 5 settings: 1-flit packets, 256-flit port buffers with 5 flits private per VC, routing computation
#: in 2 cycles ("credit processing takes two cycles, routing computing takes two cycles"; the model's credit delay is 2
#: by default), BookSim's run control; the BookSim model at speedup 2 with hop-indexed VCs as the recorded searches
#: (``buffer_flits`` does not shape a shared buffer whose ``buf_size`` is given; it stays the recorded searches' 32).
#: The log also holds runs with a 1-cycle routing computation (the job's settings until 2026-11-30); :func:`recorded`
#: reads only runs of these settings.
SIM = {"packet_flits": 1, "buffer_flits": 32, "router": "booksim",
       "router_options": {"internal_speedup": 2.0, "vc_selection": "hop", "buffer_policy": "shared", "buf_size": 256,
                          "private_buf_size": 5, "routing_delay": 2},
       "run_control": "booksim"}
#: the job's settings until 2026-11-30: :data:`SIM` with BookSim's default 1-cycle routing computation (its runs stay
#: in the log; notebook 05 judges a claim on them, at scale ``paper-network`` with that difference listed, only while
#: the searches at :data:`SIM` it compares are not complete)
RD1_SIM = {**SIM, "router_options": {k: v for k, v in SIM["router_options"].items() if k != "routing_delay"}}
#: the recorded searches' coarse load step and resolution
COARSE_STEP, TOL = 0.1, 0.01
#: the result log (notebook, name) under results/paper/
LOG = ("05_simulation", "05_galaxyfly_paper_settings")
#: Sec. 5.2.2 (FB's worst-case saturation against the Galaxyflies'): the tornado search under the router-level MIN,
#: which the recorded searches ran apart (``05_galaxyfly_fb_worst_case``); at :data:`SIM`, logged in :data:`LOG`
FB_WORST = ("FB", "min", "worst_case")
#: Sec. 5.1.2 / Fig. 10c-d (packet size): the networks whose router-level MIN searches (uniform and worst case), and
#: on a Galaxyfly with supernodes the paper's MIN (``gf-min``) searches too, run with 4-flit packets, otherwise at
#: :data:`SIM` (:data:`SIM_4FLIT`), beside their 1-flit searches at :data:`SIM`
PACKET_LABELS = ("GF(15,29,1,7)", "GF(81,1,10,4)")
#: :data:`SIM` with 4-flit packets (the packet-size comparison's other side)
SIM_4FLIT = {**SIM, "packet_flits": 4}
#: the 4-flit searches' log (apart, so that :data:`LOG` holds one packet size per settings)
LOG_4FLIT = ("05_simulation", "05_galaxyfly_paper_settings_4flit")
#: Sec. 5.2.1 / 5.2.3 (zero-load latency): runs at offered load :data:`ZERO_LOAD`, uniform traffic, at :data:`SIM`,
#: logged in :data:`LOG_ZERO_LOAD`: every network under the router-level MIN, and the Galaxyflies with supernodes
#: (:func:`has_gf_min`) under the paper's MIN (``gf-min``) too
ZERO_LOAD_LABELS = ("GF(81,1,10,4)", "GF(15,29,4,2)", "FT", "GF(56,1,11,5)")
ZERO_LOAD = 0.02
LOG_ZERO_LOAD = ("05_simulation", "05_galaxyfly_paper_settings_zero_load")
#: the runs beyond the Fig. 7/9 searches (:data:`GROUPS`), each a group of its own that :func:`run` takes by name
EXTRA_GROUPS = ("fb-worst", "packet-4flit", "zero-load")


def configs(labels: Sequence[str] | None = None) -> list[tuple[S.Recipe, str, str]]:
    """The searches to run: (recipe, routing, pattern), network by network in :data:`NETWORKS` order.

    Parameters
    ----------
    labels : sequence of str, optional
        A subset of :data:`NETWORKS` (default: all).

    Returns
    -------
    list of tuple
        Routing by routing (:data:`ROUTINGS`), network by network, uniform then the worst case: the paper's MIN
        (``gf-min``) on the Galaxyflies with supernodes (:func:`has_gf_min`), then NAG and the router-level MIN on
        every network but FB and FT (MIN under uniform traffic only) -- the (network, routing, pattern) triples of the
        recorded Fig. 7/9 and ``gf-min`` searches.

    Raises
    ------
    ValueError
        A label not in :data:`NETWORKS`.

    Examples
    --------
    >>> [c[1:] for c in configs(["FT"])]
    [('min', 'uniform')]
    >>> len(configs(["SF"]))
    4
    >>> [c[1:] for c in configs(["GF(81,1,10,4)"])][:3]
    [('gf-min', 'uniform'), ('gf-min', 'worst_case'), ('nag', 'uniform')]
    """
    labels = list(NETWORKS) if labels is None else list(labels)
    bad = [lab for lab in labels if lab not in NETWORKS]
    if bad:
        raise ValueError(f"labels must be drawn from {tuple(NETWORKS)}; got {bad}")
    out = []
    for rt in ROUTINGS:
        for lab in labels:
            if rt == "gf-min" and not has_gf_min(NETWORKS[lab]):
                continue
            for tr in PATTERNS:
                if lab in MIN_UNIFORM_ONLY and (rt, tr) != ("min", "uniform"):
                    continue
                out.append((NETWORKS[lab], rt, tr))
    return out


#: the order the job completes its searches in: groups of (network, routing) pairs, both patterns where
#: :func:`configs` runs them, each group completing the searches of named Galaxyfly Sec. 5 statements of notebook 05
#: (``lowdiam.studies.sim_galaxyfly``), so an interrupted job leaves whole claims; ``rest``: every other search
GROUPS = {
    # Fig. 7 diameter 2 and Sec. 5.1.1's 21.5 % / 55.6 %: one router per supernode, so MIN is the paper's MIN
    "d2-min": (("GF(15,29,1,7)", "min"), ("GF(11,29,1,10)", "min")),
    # Fig. 7 diameter 3 and Sec. 5.2.3's GF(81,1,10,4) vs DF (= GF(56,1,11,5)), the paper's MIN
    "d3-gf-min": (("GF(81,1,10,4)", "gf-min"), ("GF(56,1,11,5)", "gf-min")),
    # Fig. 7 diameter 5 and Sec. 5.2.3's GF(15,29,4,2) vs DF
    "d5-gf-min": (("GF(15,29,4,2)", "gf-min"), ("GF(11,37,4,2)", "gf-min")),
    # Fig. 7 diameter 4 and Sec. 5.1.1's GF(15,37,2,3) vs GF(11,37,4,2)
    "d4-gf-min": (("GF(15,37,2,3)", "gf-min"), ("GF(11,29,2,5)", "gf-min")),
    # Sec. 5.2 / Fig. 9c, 9f: saturation gains over SF under MIN
    "sf-min": (("SF", "min"), ("GF(81,1,10,4)", "min")),
    # the same gains under NAG
    "sf-nag": (("SF", "nag"), ("GF(15,29,1,7)", "nag"), ("GF(11,29,1,10)", "nag"), ("GF(81,1,10,4)", "nag")),
    "rest": (),
}


def group_configs(groups: Sequence[str] | None = None,
                  labels: Sequence[str] | None = None) -> list[tuple[str, list[tuple[S.Recipe, str, str]]]]:
    """``[(group, [(recipe, routing, pattern), ...]), ...]`` in :data:`GROUPS` order: every search of
    :func:`configs` ``(labels)`` once, in the first group that names its (network, routing), ``rest`` taking the
    others in :func:`configs` order.

    Examples
    --------
    >>> [(g, [c[0].label + " " + c[1] + " " + c[2] for c in cs]) for g, cs in group_configs(["d2-min"])]
    [('d2-min', ['GF(15,29,1,7) min uniform', 'GF(15,29,1,7) min worst_case', 'GF(11,29,1,10) min uniform', \
'GF(11,29,1,10) min worst_case'])]
    >>> sum(len(cs) for _, cs in group_configs()) == len(configs())
    True
    >>> group_configs(["d6"])
    Traceback (most recent call last):
        ...
    ValueError: unknown groups ['d6']; choose from ['d2-min', 'd3-gf-min', 'd5-gf-min', 'd4-gf-min', 'sf-min', \
'sf-nag', 'rest']
    """
    names = list(GROUPS) if groups is None else list(groups)
    unknown = [g for g in names if g not in GROUPS]
    if unknown:
        raise ValueError(f"unknown groups {unknown}; choose from {list(GROUPS)}")
    todo = configs(labels)
    taken: set = set()
    out = []
    for g in GROUPS:  # a search belongs to the first group naming it, whichever groups run
        pairs = GROUPS[g]
        cfgs = [c for c in todo if (c[0].label, c[1]) in pairs] if g != "rest" else list(todo)
        if pairs:
            cfgs.sort(key=lambda c: pairs.index((c[0].label, c[1])))
        cfgs = [c for c in cfgs if (c[0].label, c[1], c[2]) not in taken]
        taken.update((c[0].label, c[1], c[2]) for c in cfgs)
        if g in names:
            out.append((g, cfgs))
    return out


def run(*, processes: int | None = None, scheduler=None, labels: Sequence[str] | None = None, root=None,
        progress: bool = True, cfgs: Sequence[tuple[S.Recipe, str, str]] | None = None,
        groups: Sequence[str] | None = None) -> list:
    """Run (or resume) the searches, every run appended to the result log as it finishes.

    Parameters
    ----------
    processes : int, optional
        Local worker processes (default: all cores).
    scheduler : str or dask.distributed.Client, optional
        A Dask cluster to run on instead of local processes.
    labels : sequence of str, optional
        The networks of :data:`NETWORKS` to search, in order (default: all).
    root : path, optional
        Folder holding ``paper/`` result logs (default: the project's ``results/``).
    progress : bool
        One labelled bar over the searches, on stderr.
    cfgs : sequence of (recipe, routing, pattern), optional
        Searches to run instead of :func:`configs` (a small stand-in network for tests), as one group; the settings
        stay :data:`SIM`.
    groups : sequence of str, optional
        :data:`GROUPS` to run, each to the end before the next (default: all, in order), then the
        :data:`EXTRA_GROUPS` named: ``fb-worst`` (:data:`FB_WORST` at :data:`SIM`), ``packet-4flit`` (the
        :data:`PACKET_LABELS` MIN and, with supernodes, ``gf-min`` searches at :data:`SIM_4FLIT`, in
        :data:`LOG_4FLIT`), ``zero-load`` (runs of the
        :data:`ZERO_LOAD_LABELS` networks at :data:`ZERO_LOAD` under MIN and, with supernodes, ``gf-min``, in
        :data:`LOG_ZERO_LOAD`; no search).

    Returns
    -------
    list of lowdiam.sweep.SaturationResult
        One per search, group by group (the zero-load runs are not searches: only logged).

    Examples
    --------
    >>> run(labels=["GF(1,1,1,1)"])
    Traceback (most recent call last):
        ...
    ValueError: labels must be drawn from ('GF(11,29,1,10)', 'GF(11,29,2,5)', 'GF(11,37,4,2)', 'GF(15,29,1,7)', \
'GF(15,29,4,2)', 'GF(15,37,2,3)', 'GF(56,1,11,5)', 'GF(81,1,10,4)', 'DF', 'SF', 'FB', 'FT'); got ['GF(1,1,1,1)']
    """
    names = list(GROUPS) + list(EXTRA_GROUPS) if groups is None else list(groups)
    unknown = [g for g in names if g not in GROUPS and g not in EXTRA_GROUPS]
    if unknown:
        raise ValueError(f"unknown groups {unknown}; choose from {list(GROUPS) + list(EXTRA_GROUPS)}")
    main = [g for g in names if g in GROUPS]
    todo = (group_configs(main, labels) if main else []) if cfgs is None else [("searches", list(cfgs))]
    kw = {"processes": processes, "scheduler": scheduler, "progress": progress}
    out = []
    for _, group in todo:
        if group:
            out += S.saturation_searches(group, coarse_step=COARSE_STEP, tol=TOL, seed=0, sim=SIM,
                                         record=S.result_log(*LOG, root=root), **kw)
    if cfgs is not None:
        return out
    want = set(NETWORKS) if labels is None else set(labels)
    if "fb-worst" in names and FB_WORST[0] in want:
        out += S.saturation_searches([(NETWORKS[FB_WORST[0]], *FB_WORST[1:])], coarse_step=COARSE_STEP, tol=TOL,
                                     seed=0, sim=SIM, record=S.result_log(*LOG, root=root), **kw)
    if "packet-4flit" in names:
        pk = [(NETWORKS[lab], rt, tr) for rt in ("min", "gf-min") for lab in PACKET_LABELS if lab in want
              for tr in PATTERNS if rt in ("min", paper_min(NETWORKS[lab]))]
        if pk:
            out += S.saturation_searches(pk, coarse_step=COARSE_STEP, tol=TOL, seed=0, sim=SIM_4FLIT,
                                         record=S.result_log(*LOG_4FLIT, root=root), **kw)
    if "zero-load" in names:
        zl = [S.Run(NETWORKS[lab], rt, "uniform", ZERO_LOAD, 0, SIM) for lab in ZERO_LOAD_LABELS if lab in want
              for rt in dict.fromkeys(("min", paper_min(NETWORKS[lab])))]
        if zl:
            S.run_sweep(zl, record=S.result_log(*LOG_ZERO_LOAD, root=root), desc="zero-load runs", **kw)
    return out


def recorded(*, root=None, recipes: dict | None = None, sim: dict | None = None, log: tuple | None = None) -> dict:
    """The recorded searches so far: ``(label, routing, pattern) -> (saturation load, search done)``.

    Parameters
    ----------
    root : path, optional
        Folder holding ``paper/`` result logs (default: the project's ``results/``).
    recipes : dict, optional
        label -> recipe of the networks to read (default: :data:`NETWORKS`).
    sim : dict, optional
        The settings whose runs to read (default: :data:`SIM`; :data:`RD1_SIM`: the job's earlier runs).
    log : (notebook, name), optional
        The log to read (default: :data:`LOG`; :data:`LOG_4FLIT` with ``sim=SIM_4FLIT``: the 4-flit searches).

    Returns
    -------
    dict
        Only the searches with at least one recorded run at ``sim`` (runs under other settings are not read).

    Examples
    --------
    >>> import tempfile
    >>> recorded(root=tempfile.mkdtemp())
    {}
    """
    from .simulation import recorded_saturation

    recipes = NETWORKS if recipes is None else recipes
    log = LOG if log is None else log
    got = recorded_saturation(log[0], [log[1]], TOL, root=root, recipes=recipes, sim=SIM if sim is None else sim)
    return {k: v for k, v in got.items() if k[0] in recipes}


def zero_load_runs(*, root=None, routing: str = "min") -> dict:
    """The recorded zero-load runs (:data:`LOG_ZERO_LOAD`) at :data:`SIM`, offered load :data:`ZERO_LOAD`, uniform
    traffic and ``routing`` (``"min"`` or ``"gf-min"``): ``label -> record``, for the :data:`ZERO_LOAD_LABELS`
    networks recorded so far.

    Raises
    ------
    ValueError
        For a routing the zero-load group does not run.

    Examples
    --------
    >>> import tempfile
    >>> zero_load_runs(root=tempfile.mkdtemp())
    {}
    """
    from .simulation import recorded_runs

    if routing not in ("min", "gf-min"):
        raise ValueError(f"routing must be 'min' or 'gf-min' (the zero-load group's), got {routing!r}")
    recipes = {lab: NETWORKS[lab] for lab in ZERO_LOAD_LABELS}
    return {r["label"]: r for r in recorded_runs(LOG_ZERO_LOAD[0], [LOG_ZERO_LOAD[1]], root=root, recipes=recipes,
                                                 sim=SIM)
            if r["label"] in recipes and (r["routing"], r["traffic"], r["load"]) == (routing, "uniform", ZERO_LOAD)}


def peak_accepted(*, root=None, recipes: dict | None = None, sim: dict | None = None) -> dict:
    """The highest accepted load any recorded run of each search measured: ``(label, routing, pattern) -> load``.

    Above its saturation knee a network's accepted load stays at its throughput whatever the offered load, while
    BookSim's run control places the knee where the growing latency passes ``latency_thres``, a little above that
    throughput; this reading gives the throughput beside the knee.  Same arguments as :func:`recorded`.

    Examples
    --------
    >>> import tempfile
    >>> peak_accepted(root=tempfile.mkdtemp())
    {}
    """
    from .simulation import peak_accepted as peaks
    from .simulation import recorded_runs

    recipes = NETWORKS if recipes is None else recipes
    curves: dict = {}
    for r in recorded_runs(LOG[0], [LOG[1]], root=root, recipes=recipes, sim=SIM if sim is None else sim):
        if r["label"] in recipes:
            curves.setdefault((r["label"], r["routing"], r["traffic"]), []).append(r)
    return peaks(curves)


def split_labels(text: str) -> list[str]:
    """Network labels from a comma-separated list, splitting only at commas outside parentheses (a label such as
    ``GF(11,29,2,5)`` holds commas of its own).

    Examples
    --------
    >>> split_labels("GF(11,29,2,5),SF, FT")
    ['GF(11,29,2,5)', 'SF', 'FT']
    >>> split_labels("GF(11,29")
    Traceback (most recent call last):
        ...
    ValueError: unbalanced parentheses in the labels 'GF(11,29'
    """
    out, depth, cur = [], 0, ""
    for ch in text:
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth < 0:
            break
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if depth != 0:
        raise ValueError(f"unbalanced parentheses in the labels {text!r}")
    out.append(cur.strip())
    return [lab for lab in out if lab]


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m lowdiam.studies.galaxyfly_paper_settings",
                                 description="Galaxyfly Fig. 7/9 saturation searches at the paper's settings (1-flit "
                                             "packets, 256-flit shared port buffers with 5 private flits per VC, "
                                             "BookSim's run control), recorded in results/paper/05_simulation/"
                                             f"{LOG[1]}.csv")
    ap.add_argument("--processes", type=int, default=None, help="local worker processes (default: all cores)")
    ap.add_argument("--labels", default=None,
                    help="comma-separated networks, in order, e.g. 'GF(11,29,2,5),SF' (default: all)")
    ap.add_argument("--groups", default=None,
                    help=f"comma-separated groups, each run to the end before the next (default: all: "
                         f"{','.join(list(GROUPS) + list(EXTRA_GROUPS))})")
    args = ap.parse_args(argv)
    groups = None if args.groups is None else [g.strip() for g in args.groups.split(",") if g.strip()]
    for x in run(processes=args.processes, labels=None if args.labels is None else split_labels(args.labels),
                 groups=groups):
        print(f"{x.recipe.label:15s} {x.routing:4s} {x.traffic:10s} saturation load {x.saturation_load} "
              f"({len(x.records)} runs)", flush=True)


if __name__ == "__main__":
    main()
