"""Tiny counter-based generator (SplitMix64) for the kernels.

numba's ``np.random`` (Mersenne Twister plus rejection sampling) costs tens of
nanoseconds per bounded draw; the allocator shuffles thousands of requests
per cycle, so the kernel carries its own 64-bit state ``rs`` (a one-element
uint64 array) instead.  SplitMix64 passes BigCrush and is seeded from the run
seed, which keeps runs reproducible.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)


def new_state(seed: int) -> np.ndarray:
    """Generator state for ``seed`` (mixed so nearby seeds give unrelated streams)."""
    return np.array([(int(seed) * 0x2545F4914F6CDD1D + 0x632BE59BD9B4E019) % (1 << 64)], dtype=np.uint64)


@njit(cache=True, inline="always")
def next_u64(rs):
    z = rs[0] + _GOLDEN
    rs[0] = z
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(cache=True, inline="always")
def below(rs, k):
    """Uniform integer in [0, k) for 0 < k < 2**32 (Lemire's multiply-shift)."""
    return np.int64(((next_u64(rs) >> _S32) * np.uint64(k)) >> _S32)


@njit(cache=True, inline="always")
def uniform01(rs):
    """Uniform float in [0, 1)."""
    return np.float64(next_u64(rs) >> _S11) * (1.0 / 9007199254740992.0)
