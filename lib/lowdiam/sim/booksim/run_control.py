"""BookSim2's run control (``trafficmanager.cpp``, ``_SingleSim``): when a run is warm, converged, or unstable.

This is what "saturated" means in the papers that used BookSim (PolarStar Fig. 9: "Latency is measured up to
the highest injection rate for which simulation is stable. Beyond this, the network is saturated and latency
increases with simulation time"): not a throughput threshold but BookSim's decision, which
:func:`lowdiam.sim.simulate` takes with ``run_control="booksim"``.

The procedure, as BookSim2 (commit 28f4329, and the PolarStar authors' fork IntelLabs/PolarFly, whose
``_SingleSim`` is the same) runs it:

1. The run advances in sample periods of ``sample_period`` cycles.  After each, BookSim computes the mean
   packet latency (creation to tail ejection, source queueing included) of the packets retired since its
   statistics were last cleared, and the accepted rate (flits ejected since the clear / cycles since the clear
   / endpoints).  During warm-up the statistics are cleared before every even-numbered sample and count every
   retired packet; once warm, they are cleared once and count only the packets created while measuring.
2. **Latency threshold** (after every sample, warm-up included): the mean over the retired packets' latencies
   *and* the ages of all flits in flight (at the sources and in the network) exceeds ``latency_thres``:
   "Aborting simulation", the run is **unstable** and ends there (no drain).
3. Warm-up ends after ``warmup_periods`` samples (``warmup_periods = 0``: once latency and accepted rate each
   change by at most ``warmup_thres`` / ``acc_warmup_thres`` between samples).
4. Measurement ends when three consecutive samples change latency by at most ``stopping_thres`` and accepted
   rate by at most ``acc_stopping_thres`` (converged), or when ``max_samples`` samples (warm-up included) have
   run.  Either way the run then drains: it runs until every packet created while measuring is delivered,
   checking the latency threshold every 1,000 cycles (exceeded: **unstable**).  A drain that completes makes the
   run **stable**, also when ``max_samples`` cut the measurement short before it converged (BookSim prints
   "Too many sample periods needed to converge" and reports the run unstable only when ``max_samples`` is
   reached *before the warm-up ended*).
5. **Deadlock** (possible with any VC at any hop): no flit moved for ``deadlock_cycles`` cycles with packets in
   the network.  BookSim only warns and samples on until the stuck flits' ages pass the latency threshold; this
   model ends the run there, **unstable** (decision ``"deadlock"``), the decision BookSim reaches later.  (Under
   fixed windows a deadlock raises ``ValueError``: that rule has no unstable verdict for a run that stops.)
6. **A drain that cannot complete** (a *partial* deadlock, possible with any VC at any hop): a cycle of full VCs
   holds a few measured packets for good while the rest of the network flows on.  BookSim's drain then never
   ends: it waits for every measured packet, and the stuck packets' ages, averaged with every other packet's,
   never pass the latency threshold.  Measured on PS-IQ(11,3), UGAL-L under a random permutation at 0.45 with 4
   VCs and any VC at every hop (2026-12-01): 2,991,882 of 2,991,885 measured packets delivered by cycle 9,000,
   the other 3 still in the network at cycle 28,000, the mean of the threshold test steady at 100-105 cycles
   (340,000 flits in flight).  This model ends such a run at the first drain check (every 1,000 cycles) that finds
   a measured packet in the network (injected, not delivered) for more than ``stuck_cycles`` cycles (default
   10,000; negative: never) *and* a measured packet held by a deadlock: a flit of it in the closed set of input
   VCs that wait only on each other (:func:`lowdiam.sim.booksim.deadlock.measured_held`; the set can never move,
   whatever the allocators do).  That run is **unstable** (decision ``"stuck"``): the held packet is never
   delivered, so its latency grows with simulation time, the papers' meaning of saturated (PolarStar Fig. 9:
   "latency increases with simulation time"), and BookSim's drain would never end.  A measured packet that is
   old but not held is slow, not stuck: the drain goes on, as BookSim's does, and the result's reason names the
   first such check.  Runs with shared buffers (which the wait-for analysis does not read) are judged by the
   age alone, and their reason says so.  A guard: a measured packet in the network for more than
   ``stuck_limit`` cycles (default 100,000; negative: never) ends the run ``"stuck"`` even when no deadlock the
   analysis finds holds it (a wait the analysis does not model would otherwise let the run go on without end;
   the slow packets measured so far were 10,024-12,317 cycles old).  A BookSim run that would have drained is
   therefore judged ``"stuck"`` here only with shared buffers or a measured packet slower than that limit.
   ``stuck_check="age"`` restores the rule before 2026-12-02, which ended the run on the age alone (to reproduce
   runs recorded under it; their reasons do not say "held").

Differences of this model, stated so a reader can weigh them:

- BookSim's flits in flight include the one packet each source has generated and not yet fully injected; this
  model counts, per source, its packet being injected or, when none, the head of its source queue (BookSim
  would have generated that packet already) -- the same set.  Each packet counts ``packet_flits`` flits; BookSim
  drops a packet's flits one by one as they eject, so a packet in the middle of its ejection counts its ejected
  flits here too (at most one packet per ejection port).
- A packet is "measured" when created at or after the end of warm-up (BookSim: when generated into the source's
  injection queue while measuring, which for a backlogged source is later than its creation time).
- BookSim's final drain of *all* packets after a stable run (``Run``) changes no statistic and is not simulated.

Defaults (``RUN_CONTROL_DEFAULTS``): BookSim2's own (``booksim_config.cpp``), except ``max_samples = 8``, the
value of the PolarStar authors' ``polarstarconfig`` (BookSim's default is 10); ``warmup_periods = 3`` and
``sample_period = 1000`` are both BookSim's defaults and ``polarstarconfig``'s values.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from lowdiam.validate import check_choice, check_float, check_int, check_options

RUN_CONTROL_DEFAULTS = {
    "sample_period": 1000,
    "warmup_periods": 3,
    "max_samples": 8,
    "latency_thres": 500.0,
    "warmup_thres": 0.05,
    "acc_warmup_thres": 0.05,
    "stopping_thres": 0.05,
    "acc_stopping_thres": 0.05,
    "stuck_cycles": 10_000,
    "stuck_check": "held",
    "stuck_limit": 100_000,
}
#: how a drain check past ``stuck_cycles`` decides (item 6): ``"held"`` ends the run only when a measured packet is
#: held by a deadlock; ``"age"``, the rule before 2026-12-02, ends it on the age alone (kept to reproduce the runs
#: recorded under it)
STUCK_CHECKS = ("held", "age")
#: BookSim checks the latency threshold every this many cycles of the drain (``empty_steps % 1000``)
DRAIN_CHECK_CYCLES = 1000
#: consecutive converged samples that end the measurement (BookSim's ``converged < 3``)
CONVERGED_SAMPLES = 3


def check_run_control_options(options: dict | None) -> dict:
    """BookSim run-control options with defaults filled in (BookSim key names; see the module docstring).

    Negative thresholds switch a check off, as in BookSim.

    Examples
    --------
    >>> check_run_control_options({"max_samples": 10})["max_samples"]
    10
    >>> check_run_control_options({"sample_periods": 10})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: unknown run_control_options key 'sample_periods'; valid keys: acc_stopping_thres, ..., warmup_thres
    """
    given = check_options("run_control_options", options, RUN_CONTROL_DEFAULTS)
    out = {**RUN_CONTROL_DEFAULTS, **given}
    name = "run_control_options[{!r}]".format
    out["sample_period"] = check_int(name("sample_period"), out["sample_period"], low=1, high=1 << 24)
    out["warmup_periods"] = check_int(name("warmup_periods"), out["warmup_periods"], low=0, high=10_000)
    out["max_samples"] = check_int(name("max_samples"), out["max_samples"], low=1, high=10_000)
    out["stuck_cycles"] = check_int(name("stuck_cycles"), out["stuck_cycles"], low=-1, high=1 << 30)
    out["stuck_check"] = check_choice(name("stuck_check"), out["stuck_check"], STUCK_CHECKS)
    out["stuck_limit"] = check_int(name("stuck_limit"), out["stuck_limit"], low=-1, high=1 << 30)
    for key in ("latency_thres", "warmup_thres", "acc_warmup_thres", "stopping_thres", "acc_stopping_thres"):
        out[key] = check_float(name(key), out[key], low=-1.0, high=1e12)
    if out["warmup_periods"] >= out["max_samples"]:
        raise ValueError(
            f"run_control_options: warmup_periods={out['warmup_periods']} leaves no measured sample within "
            f"max_samples={out['max_samples']}; use max_samples > warmup_periods"
        )
    return out


def _change(cur: float, prev: float) -> float:
    """BookSim's ``fabs((cur - prev) / cur)`` with C's IEEE semantics (0/0 is nan, x/0 is inf)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(abs(np.float64(cur - prev) / np.float64(cur)))


def _ratio(num: float, den: float) -> float:
    with np.errstate(divide="ignore", invalid="ignore"):
        return float(np.float64(num) / np.float64(den))


@dataclasses.dataclass
class Sample:
    """One sample period as BookSim judged it."""

    index: int
    end_cycle: int
    phase: str  # "warm-up" or "measure"
    latency: float  # mean latency of the packets retired since the last clear (nan when none)
    accepted: float  # flits / endpoint / cycle since the last clear
    latency_with_in_flight: float  # the latency-threshold test's mean
    latency_change: float
    accepted_change: float


class BookSimRunControl:
    """The decisions of ``_SingleSim``, fed one sample at a time by the model's driver.

    The driver runs the kernel ``sample_period`` cycles at a time and, after each, calls :meth:`after_sample`
    with the statistics since the last clear (which :meth:`clear_now` tells it when to take); then
    :meth:`drain_check` every ``DRAIN_CHECK_CYCLES`` cycles of the drain.
    """

    def __init__(self, options: dict, endpoints: int):
        self.o = options
        self.endpoints = endpoints
        self.phase = "warm-up"
        self.total = 0
        self.converged = 0
        self.prev_latency = 0.0
        self.prev_accepted = 0.0
        self.clear_last = False
        self.samples: list[Sample] = []
        self.stable: bool | None = None
        self.decision = ""
        self.reason = ""
        self.slow_drain: tuple[int, int, int] | None = None  # (cycle, age, packets) of the first slow drain check

    def more_samples(self) -> bool:
        """BookSim's loop condition."""
        return self.total < self.o["max_samples"] and (self.phase != "measure" or self.converged < CONVERGED_SAMPLES)

    def clear_now(self) -> bool:
        """Whether statistics are cleared before the next sample (call once per sample, before it runs)."""
        if self.clear_last or (self.phase == "warm-up" and self.total % 2 == 0):
            self.clear_last = False
            return True
        return False

    def _exceeds_threshold(self, mean_with_in_flight: float, decision: str, when: str) -> bool:
        """BookSim's latency-threshold test; when it fails, the run is unstable with ``decision``."""
        thr = self.o["latency_thres"]
        if not (thr >= 0.0 and mean_with_in_flight > thr):  # nan compares false, as in C
            return False
        self.stable = False
        self.decision = decision
        self.reason = (f"mean latency of retired packets and flits in flight {mean_with_in_flight:.1f} > "
                       f"latency_thres {thr:g} {when}")
        return True

    def after_sample(self, *, end_cycle: int, lat_sum: float, lat_count: int, accepted_flits: int, cycles: int,
                     in_flight_age_sum: float, in_flight_flits: int) -> str:
        """Judge one sample; returns ``"continue"``, ``"measure"`` (warm-up just ended: start measuring from the
        next sample) or ``"unstable"`` (latency threshold: stop now)."""
        o = self.o
        latency = _ratio(lat_sum, lat_count)
        accepted = _ratio(_ratio(accepted_flits, cycles), self.endpoints)
        lat_change = _change(latency, self.prev_latency)
        acc_change = _change(accepted, self.prev_accepted)
        self.prev_latency, self.prev_accepted = latency, accepted
        with_in_flight = _ratio(lat_sum + in_flight_age_sum, lat_count + in_flight_flits)
        warm = self.phase == "warm-up"
        lat_thr, acc_thr = ((o["warmup_thres"], o["acc_warmup_thres"]) if warm
                            else (o["stopping_thres"], o["acc_stopping_thres"]))
        lat_exc = lat_thr >= 0.0 and lat_change > lat_thr
        acc_exc = acc_thr >= 0.0 and acc_change > acc_thr
        self.samples.append(Sample(self.total, end_cycle, self.phase, latency, accepted, with_in_flight,
                                   lat_change, acc_change))
        if self._exceeds_threshold(with_in_flight, "latency-threshold",
                                   f"after sample {self.total + 1} (cycle {end_cycle}, {self.phase})"):
            return "unstable"
        out = "continue"
        if warm:
            done = (self.total + 1 >= o["warmup_periods"]) if o["warmup_periods"] > 0 else not (lat_exc or acc_exc)
            if done:
                self.clear_last = True
                self.phase = "measure"
                out = "measure"
        else:
            self.converged = self.converged + 1 if not (lat_exc or acc_exc) else 0
        self.total += 1
        return out

    def end_sampling(self) -> bool:
        """After the last sample: True when the run goes on to drain the measured packets; otherwise the run is
        unstable (warm-up not over within ``max_samples``)."""
        if self.stable is False:
            return False
        if self.phase != "measure":
            self.stable = False
            self.decision = "warmup-not-converged"
            self.reason = (f"warm-up did not converge within max_samples={self.o['max_samples']} samples "
                           "(BookSim: 'Too many sample periods needed to converge')")
            return False
        self.decision = "converged" if self.converged >= CONVERGED_SAMPLES else "max-samples"
        return True

    def drain_check(self, *, end_cycle: int, lat_sum: float, lat_count: int, in_flight_age_sum: float,
                    in_flight_flits: int) -> bool:
        """During the drain, every ``DRAIN_CHECK_CYCLES``: False (unstable) when the latency threshold is exceeded."""
        with_in_flight = _ratio(lat_sum + in_flight_age_sum, lat_count + in_flight_flits)
        return not self._exceeds_threshold(with_in_flight, "drain-latency-threshold",
                                           f"while draining the measured packets (cycle {end_cycle})")

    def drained(self, end_cycle: int) -> None:
        """The measured packets are all delivered: the run is stable."""
        self.stable = True
        measured = sum(1 for s in self.samples if s.phase == "measure")
        if self.decision == "converged":
            self.reason = (f"stable: converged after {measured} measured samples; measured packets drained by "
                           f"cycle {end_cycle}")
        else:
            self.reason = (f"stable: max_samples={self.o['max_samples']} reached before convergence (BookSim then "
                           f"drains and reports the run); measured packets drained by cycle {end_cycle}")
        if self.slow_drain is not None:
            cycle, age, packets = self.slow_drain
            self.reason += (f"; at cycle {cycle} a measured packet had been in the network for {age} cycles > "
                            f"stuck_cycles {self.o['stuck_cycles']} ({packets} undelivered), none held by a "
                            "deadlock, so the drain went on")

    def deadlocked(self, *, cycle: int, idle_cycles: int, packets: int) -> None:
        """No flit moved for ``idle_cycles`` cycles with ``packets`` packets in the network (any VC at any hop):
        the run is unstable.  BookSim would only warn ("Possible network deadlock") and go on sampling; the ages of
        the stuck flits then pass ``latency_thres`` (or, with no threshold, no sample converges), so it too
        reports the run unstable -- later, at the cost of more cycles."""
        self.stable = False
        self.decision = "deadlock"
        self.reason = (f"unstable: deadlock, no flit moved for {idle_cycles} cycles with {packets} packets in the "
                       f"network (cycle {cycle}; BookSim warns 'Possible network deadlock' and its latency "
                       "threshold then ends the run)")

    def stuck(self, *, cycle: int, age: int, packets: int, held: int | None, deadlocked_vcs: int | None) -> None:
        """While draining, a measured packet has been in the network for ``age`` > ``stuck_cycles`` cycles
        (``packets`` measured packets undelivered) and ``held`` of them have a flit in a closed set of
        ``deadlocked_vcs`` waiting input VCs (:func:`.deadlock.measured_held`): the drain cannot complete, the run
        is unstable (item 6 of the module docstring; BookSim would drain on without end).  ``held=None``: shared
        buffers, which the wait-for analysis does not read; the age alone decided."""
        self.stable = False
        self.decision = "stuck"
        if held is None:
            why = ("not checked for a deadlock: shared buffers" if self.o["stuck_check"] == "held" else
                   "not checked for a deadlock: stuck_check 'age'")
        elif held == 0:
            why = (f"none held by a deadlock the wait-for analysis finds, but past stuck_limit "
                   f"{self.o['stuck_limit']}, the model's limit on a slow drain")
        else:
            why = (f"{held} of them held by a deadlock of {deadlocked_vcs} input VCs: a partial deadlock, "
                   "BookSim's drain would not end")
        self.reason = (f"unstable: a measured packet in the network for {age} cycles > stuck_cycles "
                       f"{self.o['stuck_cycles']} while draining ({packets} measured packets undelivered at cycle "
                       f"{cycle}; {why})")

    def slow(self, *, cycle: int, age: int, packets: int) -> None:
        """A drain check found a measured packet ``age`` > ``stuck_cycles`` cycles in the network but none held by
        a deadlock: the drain goes on, as BookSim's does; the first such check is kept for the result's reason."""
        if self.slow_drain is None:
            self.slow_drain = (cycle, age, packets)

    def summary(self) -> dict:
        """What the result records of the decision."""
        return {
            "samples": len(self.samples),
            "measured_samples": sum(1 for s in self.samples if s.phase == "measure"),
            "last_latency_with_in_flight": self.samples[-1].latency_with_in_flight if self.samples else math.nan,
        }
