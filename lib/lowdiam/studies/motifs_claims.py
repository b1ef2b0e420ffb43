"""Notebook 07's claims: PolarStar Sec. 10 / Fig. 11 and SpectralFly Fig. 9 / 10, judged on the motif runs.

Each claim is recorded with :func:`lowdiam.claims.record` from this run's rows (:mod:`lowdiam.studies.motifs_study`)
or, in the quick profile, from the paper profile's recorded paper-scale rows once every run the claim compares is
recorded; a SpectralFly ordering claim may also be settled by the finished runs and lower bounds on the unfinished
ones (:mod:`lowdiam.studies.unfinished`).  The claim's scale and note say which.

Examples
--------
>>> fastest({"LPS": 1.30, "DF": 1.0, "SF": 1.295})
['LPS', 'SF']
>>> size_noted({"scale": "paper-network", "note": "recorded runs"}, "SF is largest")["note"]
'recorded runs; SF is largest'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .. import claims
from ..labels import label
from .motifs_study import PAPER, Fig11Runs, MotifStudy, SpectralFlyRuns
from .simulation import routings_of
from .unfinished import decide_faster, decide_fastest

__all__ = ["PS11_DIFFERS", "SF_DIFFERS", "ps11_differs", "fig11_paper_at", "record_polarstar_fig11", "fastest",
           "size_noted", "only_sf_surely_ahead", "SpectralFlyVerdicts", "record_spectralfly_fig9_10"]

FIG11 = "PolarStar Sec. 10 / Fig. 11"
FIG11_FIGURE = "07_polarstar_fig11"
SF_FIGURE = "07_spectralfly_fig9_10"

#: what differs from PolarStar Sec. 10's setting in every Fig. 11 run
PS11_DIFFERS = ["the BookSim model at speedup 2 replaying the motifs' messages (paper: SST with Ember motifs)"]
#: what differs from SpectralFly Sec. VI-B's setting in every Fig. 9 / 10 run
SF_DIFFERS = ["the BookSim model (4-flit packets, 32-flit VC buffers) replaying the motifs' messages (paper: "
              "SST/macro's SNAPPR model, 64 KB router buffers, diameter + 1 VCs)"]


# ---------------------------------------------------------------------- PolarStar Fig. 11
def ps11_differs(*motifs: str) -> list[str]:
    """The settings of a Fig. 11 claim's runs that differ from the paper's (Sec. 10).

    Parameters
    ----------
    *motifs : str
        The motifs the claim compares (``"allreduce"``, ``"sweep3d"``).

    Returns
    -------
    list of str
        :data:`PS11_DIFFERS`, and Sweep3D's cut iterations when ``"sweep3d"`` is among ``motifs``.

    Examples
    --------
    >>> len(ps11_differs("allreduce")), ps11_differs("sweep3d")[-1]
    (1, "Sweep3D: 1 of the paper's 10 iterations")
    """
    return PS11_DIFFERS + (["Sweep3D: 1 of the paper's 10 iterations"] if "sweep3d" in motifs else [])


def fig11_paper_at(*motifs: str) -> dict:
    """Scale and note of a claim taken from the recorded paper-profile runs of these motifs.

    Parameters
    ----------
    *motifs : str
        ``"allreduce"`` and / or ``"sweep3d"``.

    Returns
    -------
    dict
        ``scale`` (paper-network), ``differs`` (:func:`ps11_differs`) and ``note`` (the networks and sizes).

    Examples
    --------
    The note names the paper's networks, which labelling builds (~6 s for PS-IQ(11,3)); here :data:`PAPER`'s are
    swapped for small ones:

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam import claims
    >>> from lowdiam.studies import motifs_claims
    >>> from lowdiam.studies.motifs_study import recipe
    >>> small = replace(PAPER, fig11={"PS-IQ": recipe("hyperx", 2, 2), "DF": recipe("dragonfly", 4, 2, 2)})
    >>> with mock.patch.object(motifs_claims, "PAPER", small):
    ...     at = fig11_paper_at("allreduce")
    >>> at["scale"]
    'paper-network'
    >>> print(at["note"])
    recorded paper-profile runs: HX(2x2), DF(4,2,2), every endpoint a rank, Allreduce 64 KB x 10 iterations
    """
    nets = ", ".join(label(r.build()) for r in PAPER.fig11.values())
    note = f"recorded paper-profile runs: {nets}, every endpoint a rank"
    if "allreduce" in motifs:
        note += ", Allreduce 64 KB x 10 iterations"
    if "sweep3d" in motifs:
        note += "; Sweep3D at Ember's sizes, cut to 1 of the paper's 10 iterations (PAPER_SWEEP, setup cell)"
    return dict(scale="paper-network", differs=ps11_differs(*motifs), note=note)


def _df_over_ps(runs: Fig11Runs, motif: str, cls: str) -> tuple[float, bool]:
    """(DF time / PS time, from recorded paper-scale rows?) for one motif and routing class."""
    rec = runs.recorded
    if ("PS-IQ", motif, cls) in rec and ("DF", motif, cls) in rec:
        return round(rec[("DF", motif, cls)] / rec[("PS-IQ", motif, cls)], 3), True
    return round(runs.time("DF", motif, cls) / runs.time("PS-IQ", motif, cls), 3), False


def record_polarstar_fig11(study: MotifStudy, runs: Fig11Runs) -> None:
    """Record PolarStar Sec. 10 / Fig. 11's claims (``ps-fig11-*``) and print the Allreduce's MIN / UGAL gains.

    A claim is taken from the recorded paper-scale runs (quick profile) once all the runs it compares are
    recorded, from this run otherwise.  "About equal" and "marginally" are read as within 10 %.

    Parameters
    ----------
    study : MotifStudy
        The profile (its networks name the claims' routings; its scale applies to claims taken from this run).
    runs : Fig11Runs
        This run's rows and the recorded paper-scale completion times (:meth:`MotifStudy.polarstar_fig11`).

    Returns
    -------
    None
        The claims go to the current scorecard (:func:`lowdiam.claims.use_notebook`).

    Examples
    --------
    A quick-profile study on small networks (its stand-in labels are built) and hand-made completion times, none
    recorded at paper scale, so every claim is taken from this run:

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam import claims
    >>> from lowdiam.studies import motifs_claims
    >>> from lowdiam.studies.motifs_study import recipe
    >>> from lowdiam.studies.motifs_study import Fig11Runs, MotifStudy
    >>> study = MotifStudy("quick")
    >>> study.setup = replace(study.setup, fig11={"PS-IQ": recipe("hyperx", 2, 2), "DF": recipe("dragonfly", 4, 2, 2),
    ...                                           "HX": recipe("hyperx", 3, 3), "FT": recipe("fat_tree", 4, 2)})
    >>> times = {("PS-IQ", "allreduce"): (100, 50), ("DF", "allreduce"): (240, 70), ("HX", "allreduce"): (300, 60),
    ...          ("FT", "allreduce"): (90, 88), ("PS-IQ", "sweep3d"): (100, 100), ("DF", "sweep3d"): (105, 128),
    ...          ("HX", "sweep3d"): (100, 104), ("FT", "sweep3d"): (100, 95)}  # (MIN, UGAL) cycles
    >>> rows = [dict(key=k, motif=m, routing_class=c, completion_cycles=t)
    ...         for (k, m), ts in times.items() for c, t in zip(("MIN", "UGAL"), ts)]
    >>> claims.use_notebook("demo", tempfile.mkdtemp())
    >>> record_polarstar_fig11(study, Fig11Runs(rows, {}))  # doctest: +NORMALIZE_WHITESPACE
    Allreduce MIN time / UGAL time: {'PS-IQ': 2.0, 'DF': 3.429, 'HX': 5.0}
    >>> got = {c.claim_id: c for c in claims.records()}
    >>> len(got), got["ps-fig11-allreduce-ps-vs-df-min"].our_value, got["ps-fig11-allreduce-ps-vs-df-min"].scale
    (15, 2.4, 'stand-in')
    """
    nets, rec = study.setup.fig11, runs.recorded
    w = study.where(nets.values(), ps11_differs("allreduce", "sweep3d"))

    def recorded_all(cases):
        return study.quick and all(k in rec for k in cases)

    def times(case, cls, keys):
        """Completion times of ``keys`` for one motif and routing class, and the claim's scale (recorded
        paper-scale rows once all are recorded, this run's otherwise)."""
        both = recorded_all([(k, case, cls) for k in keys])
        return {k: rec[(k, case, cls)] if both else runs.time(k, case, cls) for k in keys}, (
            fig11_paper_at(case) if both else w)

    for motif, cls, paper in (("allreduce", "MIN", 2.4), ("allreduce", "UGAL", 1.4), ("sweep3d", "UGAL", 1.28)):
        r, recorded = _df_over_ps(runs, motif, cls)
        ws = fig11_paper_at(motif) if recorded and study.quick else w
        claims.record(f"ps-fig11-{motif}-ps-vs-df-{cls.lower()}", FIG11,
                      f"{motif}: PolarStar {paper}x faster than Dragonfly under {cls} (DF time / PS time)", paper, r,
                      "10%", figure=FIG11_FIGURE, details={"router": "booksim"}, **ws,
                      routing=routings_of(cls, (nets["PS-IQ"], nets["DF"])))
        claims.record(f"ps-fig11-{motif}-ps-faster-than-df-{cls.lower()}", FIG11,
                      f"{motif}: PolarStar faster than Dragonfly under {cls}", True, r > 1.0,
                      figure=FIG11_FIGURE, details={"df_over_ps": r, "router": "booksim"}, **ws,
                      routing=routings_of(cls, (nets["PS-IQ"], nets["DF"])))
    direct = ("PS-IQ", "DF", "HX")  # the statement's three direct networks
    g_rec = recorded_all([(k, "allreduce", c) for k in direct for c in ("MIN", "UGAL")])
    gain = {k: round(rec[(k, "allreduce", "MIN")] / rec[(k, "allreduce", "UGAL")], 3) for k in direct} if g_rec \
        else {k: round(runs.time(k, "allreduce", "MIN") / runs.time(k, "allreduce", "UGAL"), 3) for k in direct}
    print("Allreduce MIN time / UGAL time:", gain, "(recorded paper scale)" if g_rec else "")
    claims.record("ps-fig11-allreduce-ugal-much-better-than-min", FIG11,
                  "Allreduce: UGAL much faster than MIN on PolarStar, Dragonfly and HyperX (MIN/UGAL > 1.2 on all "
                  "three)", True, all(g > 1.2 for g in gain.values()), figure=FIG11_FIGURE,
                  details={"min_over_ugal": gain, "router": "booksim"}, **(fig11_paper_at("allreduce") if g_rec else w),
                  routing=routings_of("MIN+UGAL", nets.values()))
    u_rec = recorded_all([(k, m, "UGAL") for k in ("PS-IQ", "DF") for m in ("allreduce", "sweep3d")])
    ug = {m: _df_over_ps(runs, m, "UGAL")[0] if u_rec else round(runs.time("DF", m, "UGAL")
                                                                 / runs.time("PS-IQ", m, "UGAL"), 3)
          for m in ("allreduce", "sweep3d")}
    claims.record("ps-fig11-ugal-gain-smaller-on-sweep3d", FIG11,
                  "PolarStar's UGAL gain over Dragonfly is smaller on Sweep3D than on Allreduce", True,
                  ug["sweep3d"] < ug["allreduce"], figure=FIG11_FIGURE, details={"df_over_ps_ugal": ug},
                  **(fig11_paper_at("allreduce", "sweep3d") if u_rec else w),
                  routing=routings_of("MIN+UGAL", nets.values()))
    # PolarStar Sec. 10 on the fat tree, HyperX and Sweep3D
    for cls in ("MIN", "UGAL"):
        tm, at = times("allreduce", cls, ("PS-IQ", "DF", "HX", "FT"))
        claims.record(f"ps-fig11-allreduce-ft-fastest-{cls.lower()}", FIG11,
                      f"Allreduce: the fat tree is the fastest under {cls} (within 1 % of the fastest of PS-IQ, DF, "
                      "HX, FT)", True, tm["FT"] <= 1.01 * min(tm.values()), figure=FIG11_FIGURE,
                      details={"completion_cycles": tm}, **at, routing=routings_of(cls, nets.values()))
    # both times from one source: the recorded paper-scale runs once both are recorded, this run's otherwise
    ft_rec = recorded_all([("FT", "allreduce", c) for c in ("MIN", "UGAL")])
    ft = {c: rec[("FT", "allreduce", c)] if ft_rec else runs.time("FT", "allreduce", c) for c in ("MIN", "UGAL")}
    claims.record("ps-fig11-allreduce-ft-min-about-ugal", FIG11,
                  "Allreduce: on the fat tree MIN is about as fast as UGAL (FT MIN time / UGAL time)", 1.0,
                  round(ft["MIN"] / ft["UGAL"], 3), "10%", figure=FIG11_FIGURE, details={"completion_cycles": ft},
                  **(fig11_paper_at("allreduce") if ft_rec else w), routing=routings_of("MIN+UGAL", (nets["FT"],)))
    tm, at = times("allreduce", "UGAL", ("PS-IQ", "HX", "FT"))
    claims.record("ps-fig11-allreduce-ps-ugal-about-ft", FIG11,
                  "Allreduce under UGAL: PolarStar about as fast as the fat tree (PS time / FT time)", 1.0,
                  round(tm["PS-IQ"] / tm["FT"], 3), "10%", figure=FIG11_FIGURE, details={"completion_cycles": tm},
                  **at, routing=routings_of("UGAL", nets.values()))
    claims.record("ps-fig11-allreduce-ps-ugal-faster-than-hx", FIG11,
                  "Allreduce under UGAL: PolarStar faster than HyperX", True, tm["PS-IQ"] < tm["HX"],
                  figure=FIG11_FIGURE, details={"completion_cycles": tm}, **at,
                  routing=routings_of("UGAL", nets.values()))
    tm, at = times("sweep3d", "MIN", ("PS-IQ", "DF"))
    claims.record("ps-fig11-sweep3d-ps-marginally-faster-than-df-min", FIG11,
                  "Sweep3D under MIN: PolarStar marginally faster than Dragonfly (DF time / PS time in (1, 1.1])",
                  (1.0, 1.1), round(tm["DF"] / tm["PS-IQ"], 3), "range", figure=FIG11_FIGURE,
                  details={"completion_cycles": tm}, **at, routing=routings_of("MIN", (nets["PS-IQ"], nets["DF"])))
    tm, at = times("sweep3d", "UGAL", ("PS-IQ", "HX", "FT"))
    spread = round(100 * max(abs(tm["PS-IQ"] / tm[k] - 1) for k in ("HX", "FT")), 1)
    claims.record("ps-fig11-sweep3d-ps-ugal-about-hx-ft", FIG11,
                  "Sweep3D under UGAL: PolarStar about as fast as HyperX and the fat tree (largest relative "
                  "difference, %)", (0, 10), spread, "range", figure=FIG11_FIGURE, details={"completion_cycles": tm},
                  **at, routing=routings_of("UGAL", nets.values()))


# ---------------------------------------------------------------------- SpectralFly Fig. 9 / 10
def fastest(speeds: Mapping[str, float]) -> list[str]:
    """The networks within 1 % of the fastest.

    Parameters
    ----------
    speeds : mapping of str to float
        Speed-ups over Dragonfly (higher is faster).

    Returns
    -------
    list of str
        Sorted.

    Examples
    --------
    >>> fastest({"A": 1.0, "B": 0.995, "C": 0.98})
    ['A', 'B']
    """
    top = max(speeds.values())
    return sorted(k for k, v in speeds.items() if v >= 0.99 * top)


def size_noted(at: Mapping, text: str) -> dict:
    """``at`` with ``text`` (the Slim Fly's size, a fact beside the verdict, not an explanation) added to its note.

    Parameters
    ----------
    at : mapping
        A claim's scale keywords (``scale``, ``note``, ...).
    text : str
        What to add to the note ("" adds nothing).

    Returns
    -------
    dict
        A copy of ``at`` whose ``note`` joins the old note and ``text`` with "; ".

    Examples
    --------
    >>> size_noted({"scale": "stand-in"}, "")
    {'scale': 'stand-in', 'note': ''}
    """
    return {**at, "note": "; ".join(x for x in (at.get("note"), text) if x)}


def only_sf_surely_ahead(done: Mapping[str, int], lower: Mapping[str, int]) -> bool:
    """From partly unfinished paper-scale runs (``done``: completion cycles of the finished ones, ``lower``: lower
    bounds on the others'): the Slim Fly finished sooner than SpectralFly, and every other network finished later
    or cannot finish sooner.

    Parameters
    ----------
    done : mapping of str to int
        Completion cycles of the finished runs, by network key (``LPS``, ``SF``, ...).
    lower : mapping of str to int
        Lower bounds on the completion cycles of the unfinished ones.

    Returns
    -------
    bool
        False unless LPS's run is finished.

    Examples
    --------
    >>> only_sf_surely_ahead({"LPS": 100, "SF": 90, "DF": 120}, {"BF": 100})
    True
    >>> only_sf_surely_ahead({"LPS": 100, "SF": 90}, {"BF": 99})
    False
    """
    if "LPS" not in done or done.get("SF", done["LPS"]) >= done["LPS"]:
        return False
    return all(done[k] > done["LPS"] if k in done else lower[k] >= done["LPS"]
               for k in set(done) | set(lower) if k not in ("LPS", "SF"))


class SpectralFlyVerdicts:
    """What SpectralFly Fig. 9 / 10's claims are judged on: this run's speed-ups, or the recorded paper-scale runs
    (all finished, or finished in part with lower bounds on the others), with the claim's scale and note.

    Parameters
    ----------
    study : MotifStudy
    runs : SpectralFlyRuns

    Attributes
    ----------
    this_run : dict
        Scale of a claim taken from this run (:meth:`MotifStudy.where`).
    paper_at : dict
        Scale and note of a claim taken from the recorded paper-scale runs.
    size : dict
        ``{key: (routers, links)}`` of the paper's four networks.
    sf_size_why : str
        The Slim Fly's size, noted beside a verdict where it is the one network faster than SpectralFly.

    Examples
    --------
    Sizing the paper's four networks builds them (~10 s); here :data:`PAPER`'s and the study's are swapped for
    small ones, and this run's speed-ups are hand-made:

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam import claims
    >>> from lowdiam.studies import motifs_claims
    >>> from lowdiam.studies.motifs_study import recipe
    >>> small = {"LPS": recipe("hyperx", 4), "DF": recipe("dragonfly", 4, 2, 2), "SF": recipe("hyperx", 2, 3),
    ...          "BF": recipe("hyperx", 3, 3)}
    >>> from lowdiam.studies.motifs_study import MotifStudy, SpectralFlyRuns
    >>> study = MotifStudy("quick")
    >>> study.setup = replace(study.setup, spec=small)
    >>> speed = {(k, "halo3d", "MIN"): v for k, v in zip(small, (1.2, 1.0, 1.1, 0.9))}
    >>> runs = SpectralFlyRuns("quick", list(small), [], ["halo3d"], speed, {})
    >>> with mock.patch.object(motifs_claims, "PAPER", replace(PAPER, spec=small)):
    ...     v = SpectralFlyVerdicts(study, runs)
    >>> v.size["DF"]  # (routers, links)
    (36, 90)
    >>> sp, at = v.speeds("halo3d", "MIN")  # nothing recorded: this run's speed-ups, at stand-in scale
    >>> sp, at["scale"]
    ({'LPS': 1.2, 'DF': 1.0, 'SF': 1.1, 'BF': 0.9}, 'stand-in')
    """

    def __init__(self, study: MotifStudy, runs: SpectralFlyRuns) -> None:
        self.study, self.runs = study, runs
        self.nets = study.setup.spec
        self.this_run = study.where(self.nets.values(), SF_DIFFERS)
        self.paper_at = dict(scale="paper-network", differs=SF_DIFFERS,
                             note="recorded paper-profile runs: " + ", ".join(label(r.build())
                                                                              for r in PAPER.spec.values())
                             + "; 8,192 ranks on randomly chosen nodes, in the topology's order")
        # the four paper networks carry the same 8,192 ranks, but the Slim Fly the paper states (q = 27, 8 endpoints
        # per router) is much the largest: it needs 49-port routers, not the text's 32 (notebook 00,
        # sf-sec6b-sf-27-32-ports)
        size = self.size = {k: (r.build().num_routers, r.build().num_edges) for k, r in PAPER.spec.items()}
        self.sf_size_why = (
            f"the paper's Slim Fly as configured (q = 27, p = 8) is the largest network: {size['SF'][0]:,} routers "
            f"and {size['SF'][1]:,} links for the same 8,192 ranks, against LPS(23,13)'s {size['LPS'][0]:,} and "
            f"{size['LPS'][1]:,} ({size['SF'][1] / size['LPS'][1]:.2f}x the links); its text's 32-port routers "
            "cannot hold q = 27 (notebook 00, sf-sec6b-sf-27-32-ports); every other network is slower than "
            "SpectralFly here. Untested, so not an explanation: whether the paper simulated a smaller Slim Fly (a run "
            "with a 32-port Slim Fly would show it; not run)")

    def only_sf_ahead(self, sp: Mapping[str, float], at: Mapping) -> str:
        """:attr:`sf_size_why` when, at paper scale, the Slim Fly is the one network faster than SpectralFly; ""
        otherwise."""
        ahead = [k for k in sp if k != "LPS" and sp[k] > sp["LPS"]]
        return self.sf_size_why if at["scale"] != "stand-in" and ahead == ["SF"] else ""

    def speeds(self, case: str, cls: str, keys: Iterable[str] | None = None) -> tuple[dict, dict]:
        """Speed-ups over Dragonfly (DF time / time) of ``keys`` (default: all four) on one motif under one routing
        class, and the claim's scale: from the recorded paper-scale runs once DF's and all of ``keys``' are
        recorded (quick profile), from this run otherwise."""
        keys = tuple(self.nets) if keys is None else tuple(keys)
        rec = self.runs.recorded
        if self.study.quick and all((k, case, cls) in rec for k in set(keys) | {"DF"}):
            return {k: round(rec[("DF", case, cls)] / rec[(k, case, cls)], 3) for k in keys}, self.paper_at
        return {k: round(self.runs.speed[(k, case, cls)], 3) for k in keys}, self.this_run

    def paper_partial(self, case: str, cls: str, keys: Iterable[str] | None = None,
                      finished_too: bool = False) -> tuple[dict, dict, dict] | None:
        """In the quick profile, when some of the paper-scale runs a claim compares (``keys``, default all four)
        are not finished: ``(done, lower, at)``, the finished runs' completion cycles, lower bounds on the others'
        (the cycle an unfinished run reached; under MIN its busiest-link bound; at least its busiest endpoint's
        flits) and the claim's scale and note; None when some bound is missing, or when all are finished
        (:meth:`speeds` has them) unless ``finished_too`` (a claim that does not compare with DF)."""
        runs = self.runs
        nets = sorted(tuple(self.nets) if keys is None else keys)
        if not self.study.quick or (not finished_too and all((k, case, cls) in runs.recorded for k in nets)):
            return None
        done = {k: runs.recorded[(k, case, cls)] for k in nets if (k, case, cls) in runs.recorded}
        lower, why = {}, []
        for k in sorted(set(nets) - set(done)):
            floors = {"the cycle it reached": runs.reached.get((k, case, cls), 0),
                      "its busiest endpoint's flits": runs.recorded_endpoint.get((k, case), 0)}
            floors |= {"its busiest-link bound": runs.recorded_link.get((k, case), 0)} if cls == "MIN" else {}
            name, lower[k] = max(floors.items(), key=lambda f: f[1])
            if lower[k] == 0:
                return None
            reached = runs.unfinished.get((k, case, cls))
            why.append(f"{k}'s run " + (f"saved at cycle {reached['cycle_reached']:,} without finishing "
                                        f"({reached['share_delivered']:.1%} of its packets delivered, "
                                        f"{reached['hops_mean_so_far']:.2f} hops on average so far)"
                                        if reached else "not run yet")
                       + (f" (it completes after {lower[k]:,}, {name})"
                          if not reached or lower[k] != reached["cycle_reached"] else ""))
        why = "; ".join(why)
        note = (self.paper_at["note"] + (f"; not all finished: {why}" if why else "") + "; finished: "
                + ", ".join(f"{k} {t:,} cycles" for k, t in done.items()))
        return done, lower, {**self.paper_at, "note": note}

    def df_link_note(self, case: str, paper: float, at: Mapping) -> str:
        """At paper scale, what the busiest-link bounds say about a DF / LPS ratio under MIN ("" without them)."""
        link, rec = self.runs.recorded_link, self.runs.recorded
        if at["scale"] == "stand-in" or not all((k, case) in link for k in ("LPS", "DF")):
            return ""
        b_df, b_lps, t_lps = link[("DF", case)], link[("LPS", case)], rec[("LPS", case, "MIN")]
        slack = max(rec[(k, c, "MIN")] / b for (k, c), b in link.items() if (k, c, "MIN") in rec)
        need = b_df / paper / b_lps  # LPS's completion over its bound that the paper's ratio needs
        note = (f"; busiest-link bounds (no simulation): under minimal routing DF's busiest link must carry {b_df:,} "
                f"flits, LPS's {b_lps:,} ({b_df / b_lps:.2f}x); no simulator with one-flit-per-cycle links finishes "
                f"DF sooner, {b_df / t_lps:.2f}x LPS's completion here; the paper's ratio {paper} needs LPS to take "
                f">= {b_df / paper:,.0f} cycles, {need:.2f}x its own bound (here {t_lps / b_lps:.2f}x; the "
                f"paper-scale MIN runs here end within {slack:.2f}x of their bounds)")
        if need > slack:
            note += (": more than any of them. Unexplained: the paper states its rank placement (beyond SST/macro's "
                     "random allocation), Dragonfly wiring and routing no further, and no run here tests which differs")
        return note

    def df_fastest_link_note(self, case: str, at: Mapping) -> str:
        """At paper scale, the networks whose recorded MIN run ends before DF's busiest link could carry its flits
        ("" if none, or without the bounds): a claim that DF is fastest under MIN cannot hold with these networks
        and placement."""
        link = self.runs.recorded_link
        if at["scale"] == "stand-in" or ("DF", case) not in link:
            return ""
        b_df = link[("DF", case)]
        sooner = {k: t for (k, c, cls), t in self.runs.recorded.items()
                  if c == case and cls == "MIN" and k != "DF" and t < b_df}
        if not sooner:
            return ""
        return (f"; busiest-link bounds (no simulation): under minimal routing DF's busiest link must carry {b_df:,} "
                "flits, so no simulator with one-flit-per-cycle links finishes DF sooner, and "
                + ", ".join(f"{k} finished in {t:,} cycles" for k, t in sorted(sooner.items()))
                + " here: with these networks and this placement DF cannot be fastest under MIN")

    def fastest_claim(self, claim_id: str, fig: str, what: str, claimed: list, case: str, cls: str) -> None:
        """Record "``claimed`` are the networks within 1 % of the fastest": from all the paper-scale runs once they
        are finished, from the finished ones and the others' lower bounds once those settle it, from this run
        otherwise."""
        routing = routings_of(cls, self.nets.values())
        part = self.paper_partial(case, cls)
        d = decide_fastest(part[0], part[1], claimed) if part else None
        if d is not None and d.verdict is not None:
            done, lower, at = part
            top = min(done.values())  # the value: the fastest of the finished runs
            ours = sorted(k for k, t in done.items() if 0.99 * t <= top)
            settled = ([f"{', '.join(d.surely_out)} cannot be within 1 % of the fastest"] if d.surely_out else []) + (
                [f"{', '.join(d.surely_in)} is within 1 % of it"] if d.surely_in else [])
            at = {**at, "note": at["note"] + "; whatever the unfinished runs give, " + " and ".join(settled)
                  + ", so the verdict is final (the value lists the fastest finished runs)"}
            claims.record(claim_id, fig, what, claimed, ours, figure=SF_FIGURE,
                          details={"completion_cycles": done, "completes_after": lower}, **at, routing=routing)
            return
        sp, at = self.speeds(case, cls)
        claims.record(claim_id, fig, what, claimed, fastest(sp), figure=SF_FIGURE, details=sp, **at, routing=routing)


def record_spectralfly_fig9_10(study: MotifStudy, runs: SpectralFlyRuns) -> None:
    """Record SpectralFly Fig. 9 (MIN) and Fig. 10 (UGAL-L)'s claims (``sf-fig9-*``, ``sf-fig10-*``); print the
    sizes of the paper's four networks.

    Fig. 9: Halo3D-26 ~1.2x and Sweep3D ~1.4x faster than Dragonfly, Dragonfly fastest on the balanced FFT,
    SpectralFly on the unbalanced one.  Fig. 10: "SpectralFly outperforms other topologies for halo3D-26 and
    Sweep3D"; "for both FFT motifs, DragonFly with UGAL routing performs better"; on the FFT "SpectralFly performs
    better than SlimFly and BundleFly (achieving 90% of the execution efficiency w.r.t DragonFly for the balanced
    FFT motif)".

    Parameters
    ----------
    study : MotifStudy
        The profile.
    runs : SpectralFlyRuns
        This run's speed-ups and the recorded paper-scale runs, bounds and unfinished runs
        (:meth:`MotifStudy.spectralfly_fig9_10`).

    Returns
    -------
    None
        The claims go to the current scorecard (:func:`lowdiam.claims.use_notebook`).

    Examples
    --------
    Sizing the paper's four networks builds them (~10 s); here :data:`PAPER`'s and the study's are swapped for
    small ones. Hand-made speed-ups over Dragonfly (every network 1.0 but where set), none recorded at paper scale:

    >>> import tempfile
    >>> from dataclasses import replace
    >>> from unittest import mock
    >>> from lowdiam import claims
    >>> from lowdiam.studies import motifs_claims
    >>> from lowdiam.studies.motifs_study import recipe
    >>> small = {"LPS": recipe("hyperx", 4), "DF": recipe("dragonfly", 4, 2, 2), "SF": recipe("hyperx", 2, 3),
    ...          "BF": recipe("hyperx", 3, 3)}
    >>> from lowdiam.studies.motifs_study import MotifStudy, SpectralFlyRuns
    >>> study = MotifStudy("quick")
    >>> study.setup = replace(study.setup, spec=small)
    >>> cases = ["halo3d", "sweep3d", "fft-balanced", "fft-unbalanced"]
    >>> speed = {(k, c, cls): 1.0 for k in small for c in cases for cls in ("MIN", "UGAL")}
    >>> speed.update({("LPS", "halo3d", "MIN"): 1.2, ("LPS", "fft-balanced", "MIN"): 0.8,
    ...               ("LPS", "fft-unbalanced", "MIN"): 1.5, ("LPS", "halo3d", "UGAL"): 1.3})
    >>> runs = SpectralFlyRuns("quick", list(small), [], cases, speed, {})
    >>> claims.use_notebook("demo", tempfile.mkdtemp())
    >>> with mock.patch.object(motifs_claims, "PAPER", replace(PAPER, spec=small)):
    ...     record_spectralfly_fig9_10(study, runs)
    paper networks (routers, links): {'LPS': (4, 6), 'DF': (36, 90), 'SF': (6, 9), 'BF': (9, 18)}
    >>> got = {c.claim_id: c.our_value for c in claims.records()}
    >>> got["sf-fig9-halo3d-lps-vs-df-min"], got["sf-fig9-lps-best-unbalanced-fft"]
    (1.2, ['LPS'])
    """
    v = SpectralFlyVerdicts(study, runs)
    print("paper networks (routers, links):", v.size)
    nets, speed = v.nets, runs.speed
    for case, paper in (("halo3d", 1.2), ("sweep3d", 1.4)):
        sp, at = v.speeds(case, "MIN", ("LPS",))
        extra = v.df_link_note(case, paper, at)
        if extra:
            at = {**at, "note": at["note"] + extra}
        claims.record(f"sf-fig9-{case}-lps-vs-df-min", "SpectralFly Fig. 9", f"{case}: SpectralFly ~{paper}x faster "
                      "than Dragonfly under MIN (DF time / LPS time)", paper, sp["LPS"], "15%", figure=SF_FIGURE,
                      details={"router": "booksim"}, **at, routing=routings_of("MIN", nets.values()))
    if ("LPS", "fft-balanced", "MIN") in speed:
        sp, at = v.speeds("fft-balanced", "MIN")
        extra = v.df_fastest_link_note("fft-balanced", at)
        if extra:
            at = {**at, "note": at["note"] + extra}
        claims.record("sf-fig9-df-best-balanced-fft", "SpectralFly Fig. 9",
                      "Dragonfly fastest on the balanced FFT under MIN (networks within 1% of the fastest)", ["DF"],
                      fastest(sp), figure=SF_FIGURE, details=sp, **at, routing=routings_of("MIN", nets.values()))
    if ("LPS", "fft-unbalanced", "MIN") in speed:
        v.fastest_claim("sf-fig9-lps-best-unbalanced-fft", "SpectralFly Fig. 9",
                        "SpectralFly fastest on the unbalanced FFT under MIN (networks within 1% of the fastest)",
                        ["LPS"], "fft-unbalanced", "MIN")
    for case in ("halo3d", "sweep3d"):
        sp, at = v.speeds(case, "UGAL")
        claims.record(f"sf-fig10-{case}-lps-fastest-ugal", "SpectralFly Fig. 10",
                      f"{case}: SpectralFly fastest under UGAL-L (networks within 1% of the fastest)", ["LPS"],
                      fastest(sp), figure=SF_FIGURE, details=sp, **size_noted(at, v.only_sf_ahead(sp, at)),
                      routing=routings_of("UGAL", nets.values()))
    for case in [c for c in ("fft-balanced", "fft-unbalanced") if ("LPS", c, "UGAL") in speed]:
        kind = case.split("-")[1]
        v.fastest_claim(f"sf-fig10-df-best-{case}-ugal", "SpectralFly Fig. 10",
                        f"Dragonfly fastest on the {kind} FFT under UGAL-L (networks within 1% of the fastest)",
                        ["DF"], case, "UGAL")
        what = f"SpectralFly faster than Slim Fly and Bundlefly on the {kind} FFT under UGAL-L"
        part = v.paper_partial(case, "UGAL", ("LPS", "SF", "BF"), finished_too=True)
        beats = decide_faster(part[0], part[1], "LPS", ["SF", "BF"]) if part else None
        if beats is not None:  # settled by the finished runs and the others' lower bounds
            done, lower, at = part
            if lower:
                at = {**at, "note": at["note"] + "; these settle it whatever the unfinished runs give, so the verdict "
                      "is final"}
            claims.record(f"sf-fig10-lps-beats-sf-bf-{case}-ugal", "SpectralFly Fig. 10", what, True, beats,
                          figure=SF_FIGURE, details={"completion_cycles": done, "completes_after": lower},
                          **size_noted(at, v.sf_size_why if only_sf_surely_ahead(done, lower) else ""),
                          routing=routings_of("UGAL", nets.values()))
        else:
            sp, at = v.speeds(case, "UGAL")
            claims.record(f"sf-fig10-lps-beats-sf-bf-{case}-ugal", "SpectralFly Fig. 10", what, True,
                          bool(sp["LPS"] > max(sp["SF"], sp["BF"])), figure=SF_FIGURE, details=sp,
                          **size_noted(at, v.only_sf_ahead(sp, at)), routing=routings_of("UGAL", nets.values()))
        if case == "fft-balanced":  # its own DF / LPS ratio (not the previous claim's speeds)
            sp90, at90 = v.speeds(case, "UGAL", ("LPS",))
            claims.record("sf-fig10-lps-90pct-of-df-balanced-fft", "SpectralFly Fig. 10",
                          "SpectralFly reaches 90% of Dragonfly's performance on the balanced FFT under UGAL-L "
                          "(DF time / LPS time)", 0.9, sp90["LPS"], "10%", figure=SF_FIGURE,
                          details={"router": "booksim"}, **at90, routing=routings_of("UGAL", (nets["LPS"], nets["DF"])))
