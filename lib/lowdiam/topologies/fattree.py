"""Fat-tree as BookSim builds it: the k-ary n-tree (Petrini & Vanneschi 1997)."""

from __future__ import annotations

import numpy as np

from lowdiam.validate import check_int

from .base import Topology, check_size

__all__ = ["fat_tree"]
#: names the package :mod:`lowdiam.topologies` exports from this module (read there without importing it)
EXPORTS = ("fat_tree",)


def fat_tree(k: int, n: int = 3) -> Topology:
    """k-ary n-tree: ``n`` levels of k^(n-1) routers, k^n endpoints.

    A router is (level l, word w) with w an (n-1)-digit base-k word; level 0
    is the top.  (l, w) and (l+1, w') are linked when w and w' agree in every
    digit except digit l, so each router has k links down and k up, top
    routers only k down (half the radix used), and bottom routers carry k
    endpoints.  This is BookSim's ``fattree`` (PolarStar Sec. 9.1: "router
    radix 2p and 3 layers has p^2 routers in each layer ... supports p^3
    endpoints").

    Order n k^(n-1); links (n-1) k^n; router-to-router radix 2k (middle
    levels); router-graph diameter 2(n-1).

    Example: ``fat_tree(18, 3)`` is PolarStar Table 3's FT: 972 routers,
    radix 36, 5,832 endpoints (only the bottom third carries endpoints).
    """
    k, n = check_int("k", k), check_int("n", n)  # integers (no 2.5, no True); ranges below
    for name, val, lo in (("k", k, 2), ("n", n, 2)):
        if val < lo:
            raise ValueError(f"fat_tree needs integer {name} >= {lo}, got {name}={val!r}")
    if n > 64:
        raise ValueError(f"fat_tree needs n <= 64 levels, got n={n}")
    per = k ** (n - 1)
    check_size(n * per, (n - 1) * k * per, what=f"fat_tree({k}, {n})")
    words = np.arange(per)
    digits = np.stack([(words // k**d) % k for d in range(n - 1)], axis=1)  # digit d of each word
    edges = []
    for level in range(n - 1):
        # lower router (level+1, w) links up to (level, w with digit `level` replaced by c)
        for c in range(k):
            up = words + (c - digits[:, level]) * k**level
            edges.append(np.stack([level * per + up, (level + 1) * per + words], axis=1))
    level_of = np.repeat(np.arange(n), per).astype(np.int32)
    return Topology.from_edges(
        f"FT(k={k},n={n})",
        "fattree",
        n * per,
        np.concatenate(edges),
        endpoints_per_router=k,
        endpoint_mask=level_of == n - 1,
        labels={"level": level_of, "word": np.tile(words, n).astype(np.int32)},
        params={"k": k, "n": n, "endpoints_per_router": k},
    )
