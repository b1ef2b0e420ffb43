"""lowdiam.studies.unfinished: orderings decided from finished runs and lower bounds, against brute force."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from lowdiam.studies.unfinished import decide_faster, decide_fastest


def _fastest(times: dict, within: float) -> set:
    t_min = min(times.values())
    return {k for k, t in times.items() if (1 - within) * t <= t_min}


def _completions(done: dict, lower: dict, within: float):
    """Every assignment of the unfinished runs to values above their bounds, merged with the finished times: the
    values at and just above each time or bound and its tolerance images, which realize every ordering."""
    known = [*done.values(), *lower.values()]
    crit = sorted({c * f for c in known for f in (1.0, 1 - within, 1 / (1 - within))})
    grid = sorted({v + e for v in crit for e in (0.0, 0.25)} | {10 * max(known)})
    names = sorted(lower)
    choices = [[g for g in grid if g > lower[k]] for k in names]
    for values in itertools.product(*choices):
        yield {**done, **dict(zip(names, values))}


def _cases(seed: int, n: int = 200):
    rng = np.random.default_rng(seed)
    for _ in range(n):
        nets = ["A", "B", "C", "D"][: rng.integers(2, 5)]  # at most 3 unfinished, to keep the search small
        finished = rng.random(len(nets)) < 0.6
        finished[0] |= len(nets) == 4
        times = rng.integers(90, 130, len(nets))
        done = {k: int(t) for k, t, f in zip(nets, times, finished) if f}
        lower = {k: int(t) for k, t, f in zip(nets, times, finished) if not f}
        yield nets, done, lower, rng


def test_decide_fastest_agrees_with_every_completion_of_the_unfinished_runs():
    decided = 0
    for nets, done, lower, rng in _cases(1):
        claimed = sorted(rng.choice(nets, rng.integers(1, 3), replace=False).tolist())
        within = float(rng.choice([0.0, 0.01, 0.05]))
        d = decide_fastest(done, lower, claimed, within=within)
        assert sorted(d.surely_in + d.surely_out + d.open) == sorted(nets)
        outcomes = [_fastest(t, within) for t in _completions(done, lower, within)]
        for s in outcomes:
            assert set(d.surely_in) <= s and not set(d.surely_out) & s
        if d.verdict is not None:
            decided += 1
            assert all((s == set(claimed)) == d.verdict for s in outcomes)
    assert decided > 60  # the rules settle many cases, not just the trivial ones


def test_decide_faster_is_exact():
    """True / False exactly when every completion agrees; None exactly when both can still happen."""
    seen = set()
    for nets, done, lower, _ in _cases(2):
        a, others = nets[0], nets[1:]
        v = decide_faster(done, lower, a, others)
        outcomes = {all(t[a] < t[o] for o in others) for t in _completions(done, lower, 0.0)}
        assert (v is None) == (len(outcomes) == 2)
        if v is not None:
            assert outcomes == {v}
        seen.add(v)
    assert seen == {True, False, None}


def test_bad_input_names_the_rule():
    with pytest.raises(ValueError, match="both finished and unfinished"):
        decide_fastest({"A": 10}, {"A": 5}, ["A"])
    with pytest.raises(ValueError, match="neither a time nor a bound"):
        decide_fastest({"A": 10}, {}, ["Z"])
    with pytest.raises(ValueError, match="positive"):
        decide_faster({"A": 0}, {}, "A", [])
    with pytest.raises(ValueError, match=r"within must be in \[0, 1\)"):
        decide_fastest({"A": 10}, {}, ["A"], within=1.0)
