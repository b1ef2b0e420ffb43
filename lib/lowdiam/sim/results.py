"""Result of one simulation run, its statistics and the saturation rules.

Which rule decided a run is named by ``SimResult.run_control`` and ``SimResult.decision``
(documented in ``docs/run_control.md``):

``run_control="booksim"`` (router ``"booksim"`` only)
    BookSim2's own run control (:mod:`lowdiam.sim.booksim.run_control`): the decision of BookSim's
    ``_SingleSim``, which is what the PolarStar and Galaxyfly papers' "stable" / "saturated" means.
    ``decision`` is ``"converged"`` or ``"max-samples"`` (stable: the measured packets drained), or
    ``"latency-threshold"``, ``"drain-latency-threshold"``, ``"warmup-not-converged"``, ``"deadlock"``,
    ``"stuck"`` (while draining, a measured packet in the network longer than ``stuck_cycles`` and one held by
    a deadlock: a partial deadlock) (unstable).

``run_control="fixed"`` (every router model; the CAMINOS model has only this)
    Fixed warm-up and measurement windows and the throughput rule below (this project's own rule, not a
    simulator's).  ``decision`` is ``"stable"``, ``"throughput"`` or ``"drain-incomplete"``.  The Polarized
    paper (CAMINOS) reports accepted against offered load over fixed windows and needs no stability rule.

The throughput rule (``run_control="fixed"``): a run is *saturated / unstable*
when either

1. the measured packets (created inside the measurement window) were not
   all delivered by the end of the drain phase (latency grows without bound:
   some packets wait in source queues that never empty), or
2. accepted load < (1 - ``tolerance``) x actually offered load over the
   window, i.e. the source-queue backlog grew by more than ``tolerance``
   (default 5 %) of what was generated in the window, *and* that shortfall
   exceeds ``NOISE_SIGMAS`` = 3 standard deviations of a Poisson count of the
   packets generated in the window (3 sqrt(m) packets for m generated).  The
   second condition keeps short windows at low load from being flagged by
   counting noise: 200 + 200-cycle windows flagged 3 of 40 runs at load 0.05
   on a 24-router graph with the 5 % test alone (and none at higher loads).
   The 5 % tolerance alone decides once m >= (3 / tolerance)^2 = 3,600
   packets are generated in the window; shorter windows need a larger shortfall.

Rule 1 is skipped for ``drain="none"`` runs.  Latencies of a saturated run
are those of the delivered measured packets only (a lower bound).
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np

SATURATION_TOLERANCE = 0.05
NOISE_SIGMAS = 3.0


def percentile_from_histogram(hist: np.ndarray, q: float) -> float:
    """Smallest value v with at least q % of the mass at or below v (integer-valued data)."""
    total = hist.sum()
    if total == 0:
        return float("nan")
    cum = np.cumsum(hist)
    return float(np.searchsorted(cum, q / 100.0 * total - 1e-9))


def jain_fairness(x: np.ndarray) -> float:
    """Jain's index (sum x)^2 / (n sum x^2): 1 when all equal, 1/n when one takes all."""
    x = np.asarray(x, dtype=np.float64)
    if x.size == 0 or not np.any(x):
        return float("nan")
    return float(x.sum() ** 2 / (x.size * np.square(x).sum()))


@dataclasses.dataclass(repr=False)
class SimResult:
    """Everything a run reports.  Loads are in flits / endpoint / cycle, times in cycles.

    ``str(result)`` is a one-screen summary; ``repr`` shows the scalar fields and
    the shapes of the arrays (never the per-link numbers).
    """

    topology: str
    routing: str
    traffic: str
    offered_load: float  # nominal Bernoulli rate requested
    offered_load_actual: float  # flits generated in the window / (sources x window)
    accepted_load: float  # flits delivered in the window / (sources x window)
    latency_mean: float  # creation -> tail delivered, incl. source queueing
    latency_p50: float
    latency_p99: float
    latency_max: float
    network_latency_mean: float  # injection into the router -> tail delivered
    hops_mean: float
    hop_histogram: np.ndarray  # measured delivered packets by hop count
    min_source_throughput: float  # min over active sources of delivered flits / window
    jain_fairness: float  # over per-source delivered throughput
    link_utilization: np.ndarray  # per arc (CSR order): flits sent in the window / window
    saturated: bool
    saturation_reason: str
    packets_measured: int
    packets_delivered: int  # of the measured ones
    active_sources: int
    cycles: int  # simulated cycles including drain
    conservation: dict[str, int]  # flit counters checked at the end of the run
    wall_seconds: float
    params: dict[str, Any]
    run_control: str = "fixed"  # the rule that ended the run and decided ``saturated`` (module docstring)
    decision: str = ""  # that rule's verdict, as a short code (module docstring)
    #: CPU seconds (user + system) of the thread that ran the simulation, compilation included, unlike
    #: ``wall_seconds`` not inflated by other jobs on the machine; ``None`` when not measured (a run resumed from a
    #: checkpoint: its earlier legs' CPU time is not kept)
    cpu_seconds: float | None = None

    def __post_init__(self) -> None:
        if not self.decision:  # a model that names no finer verdict: the fixed rule's outcome
            self.decision = "saturated" if self.saturated else "stable"

    @property
    def link_utilization_mean(self) -> float:
        return float(self.link_utilization.mean()) if self.link_utilization.size else float("nan")

    @property
    def link_utilization_max(self) -> float:
        return float(self.link_utilization.max()) if self.link_utilization.size else float("nan")

    @property
    def cycles_per_second(self) -> float:
        return self.cycles / self.wall_seconds if self.wall_seconds > 0 else float("inf")

    def summary(self) -> str:
        return (
            f"{self.topology} {self.routing}/{self.traffic} load {self.offered_load:.3f}: "
            f"accepted {self.accepted_load:.3f}, latency {self.latency_mean:.1f} "
            f"(p99 {self.latency_p99:.0f}), hops {self.hops_mean:.2f}"
            + (f", SATURATED ({self.saturation_reason})" if self.saturated else "")
        )

    def __repr__(self) -> str:
        parts = []
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if isinstance(v, np.ndarray):
                parts.append(f"{f.name}=<{v.dtype} array {v.shape}>")
            elif isinstance(v, dict):
                parts.append(f"{f.name}={{{len(v)} keys}}")
            elif isinstance(v, float):
                parts.append(f"{f.name}={v:.6g}")
            else:
                parts.append(f"{f.name}={v!r}")
        return "SimResult(" + ", ".join(parts) + ")"

    def __str__(self) -> str:
        p = self.params
        lines = [
            (f"{self.topology}: {self.routing} routing, {self.traffic} traffic, offered {self.offered_load:.4g} "
            f"(actual {self.offered_load_actual:.4g}) flits/endpoint/cycle"),
            (f"  accepted {self.accepted_load:.4g}, min source {self.min_source_throughput:.4g}, "
            f"Jain fairness {self.jain_fairness:.4f}"),
            (f"  latency mean {self.latency_mean:.2f} (network {self.network_latency_mean:.2f}), p50 "
            f"{self.latency_p50:.0f}, p99 {self.latency_p99:.0f}, max {self.latency_max:.0f} cycles; "
            f"hops {self.hops_mean:.3f}"),
            f"  links: mean utilisation {self.link_utilization_mean:.4f}, max {self.link_utilization_max:.4f}",
            (f"  {'SATURATED: ' + self.saturation_reason if self.saturated else 'stable'}; "
            f"{self.packets_delivered} of {self.packets_measured} measured packets delivered, "
            f"{self.active_sources} sources"),
            (f"  {self.cycles} cycles in {self.wall_seconds:.2f} s ({self.cycles_per_second:,.0f} cycles/s)"
             + (f", {self.cpu_seconds:.2f} CPU s" if self.cpu_seconds is not None else "")),
        ]
        lines[-2] += f" [{self.run_control} run control: {self.decision}]" if self.decision else ""
        keys = ("router", "flow_control", "packet_flits", "vcs", "buffer_flits", "warmup_cycles", "measure_cycles",
                "drain", "seed", "routing_options")
        shown = ", ".join(f"{k}={p[k]}" for k in keys if k in p)
        if shown:
            lines.append(f"  params: {shown}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-friendly dict (arrays as lists; per-link utilisation summarised)."""
        out = {}
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if f.name == "link_utilization":
                continue
            out[f.name] = v.tolist() if isinstance(v, np.ndarray) else v
        out["link_utilization_mean"] = self.link_utilization_mean
        out["link_utilization_max"] = self.link_utilization_max
        return out


def saturation_verdict(
    offered_actual: float, accepted: float, measured: int, delivered: int, drained: bool, tolerance: float
) -> tuple[bool, str]:
    """Apply the module's saturation rule; returns (saturated, reason).

    ``measured``: packets generated in the window; ``delivered``: those of them delivered.

    Examples
    --------
    >>> saturation_verdict(0.30, 0.20, 10_000, 10_000, True, 0.05)[0]
    True
    >>> saturation_verdict(0.05, 0.045, 120, 120, True, 0.05)  # 10 % short, but 12 packets < 3 sqrt(120)
    (False, '')
    """
    if drained and delivered < measured:
        return True, f"{measured - delivered} of {measured} measured packets undelivered after drain"
    if offered_actual > 0 and accepted < (1.0 - tolerance) * offered_actual:
        short = measured * (offered_actual - accepted) / offered_actual  # packets
        noise = NOISE_SIGMAS * math.sqrt(measured)
        if short > noise:
            return True, (f"accepted {accepted:.4f} < {1 - tolerance:.2f} x offered {offered_actual:.4f} "
                          f"({short:.0f} packets short, noise {noise:.0f})")
    return False, ""
