"""Adjacency and Laplacian spectra of router graphs: expansion, Ramanujan test, Fiedler bound.

Definitions (SpectralFly Sec. II and IV, Young et al.; Aksoy et al., J.
Supercomputing 2020):

* adjacency eigenvalues ``k = lambda_1 >= lambda_2 >= ... >= lambda_n`` of a
  k-regular graph; ``lam`` = lambda(G), the largest magnitude eigenvalue not
  equal to +-k (for a bipartite graph ``-k`` is trivial too);
* Ramanujan: a k-regular graph with ``lam <= 2 sqrt(k - 1)``;
* ``mu1`` -- the normalized-Laplacian spectral gap, the second smallest
  eigenvalue of ``I - D^-1/2 A D^-1/2`` (``(k - lambda_2) / k`` when k-regular;
  0 for a disconnected graph); :attr:`Spectrum.expansion_gap` is the
  two-sided ``(k - lam) / k`` that SpectralFly's Table I actually prints;
* ``algebraic_connectivity`` a(G) -- the second smallest eigenvalue of the
  combinatorial Laplacian ``D - A`` (``k mu1`` when k-regular);
* Fiedler's bisection bound (Fiedler 1973, SpectralFly ref. [33]): every split
  into sides of sizes s and n - s cuts at least ``a(G) s (n - s) / n`` links,
  i.e. ``a(G) n / 4 = mu1 k n / 4`` for a balanced split of even n -- the
  "lambda_1 k n / 4" lower bound of SpectralFly Fig. 4.

Small graphs (up to ``DENSE_MAX`` routers) use a dense symmetric eigensolver (all eigenvalues); large ones
use scipy's sparse Lanczos solver ``eigsh`` for the extreme eigenvalues only.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
from numba import njit

from ._bisection import as_graph

__all__ = ["DENSE_MAX", "Spectrum", "adjacency_matrix", "spectral", "spectral_gap"]

# Routers up to which "auto" computes the full spectrum densely.  Kept small: Lanczos
# needs only sparse mat-vecs, while multithreaded dense LAPACK slows down badly
# when the 2 cores are shared (measured 0.3 s alone vs 7-10 s under load at n ~ 1000).
DENSE_MAX = 400
_TOL = 1e-8       # eigenvalues within this of +-k count as trivial


@dataclasses.dataclass(frozen=True)
class Spectrum:
    """Spectral summary of a router graph (see the module docstring for definitions).

    ``eigenvalues`` holds the whole adjacency spectrum (descending) when it was
    computed densely, else ``None``.  ``lam`` and ``is_ramanujan`` are ``None``
    for non-regular graphs, where they are not defined.
    """

    num_routers: int
    num_links: int
    degree: int
    regular: bool
    connected: bool
    bipartite: bool
    lambda_max: float
    lambda_2: float
    lambda_min: float
    lam: float | None
    ramanujan_bound: float
    is_ramanujan: bool | None
    mu1: float
    algebraic_connectivity: float
    fiedler_bisection_bound: float
    method: str
    eigenvalues: np.ndarray | None = None

    @property
    def expansion_gap(self) -> float | None:
        """``(k - lam) / k`` for a k-regular graph (``None`` otherwise).

        SpectralFly Sec. IV writes mu1 = (k - lambda) / k; with lambda = lambda(G)
        (the largest *magnitude* nontrivial eigenvalue, its Sec. II) this is what
        its Table I prints.  It equals ``mu1`` unless ``|lambda_min| > lambda_2``
        (e.g. SlimFly), where it is smaller.
        """
        return (self.degree - self.lam) / self.degree if self.regular and self.degree else None

    @property
    def normalized_fiedler_bound(self) -> float:
        """Fiedler's bisection bound over the link count (SpectralFly Fig. 4 normalisation)."""
        return self.fiedler_bisection_bound / self.num_links if self.num_links else math.nan


def adjacency_matrix(topology: Any, dtype: Any = np.float64):
    """The symmetric adjacency matrix as ``scipy.sparse.csr_matrix``."""
    from scipy.sparse import csr_matrix

    n, indptr, indices, _ = as_graph(topology)
    # copies: a topology's arrays are read-only, and the matrix is the caller's to change (scipy edits in place)
    return csr_matrix((np.ones(indices.shape[0], dtype=dtype), indices.copy(), indptr.copy()), shape=(n, n))


def _extreme(mat, which: str, k: int, seed: int) -> np.ndarray:
    """``k`` extreme eigenvalues of a sparse symmetric matrix (Lanczos, deterministic start)."""
    from scipy.sparse.linalg import eigsh

    v0 = np.random.default_rng(seed).standard_normal(mat.shape[0])
    vals = eigsh(mat, k=k, which=which, v0=v0, tol=1e-10, return_eigenvectors=False,
                 maxiter=max(10000, 20 * mat.shape[0]))
    return np.sort(vals)


def spectral(topology: Any, method: str = "auto", *, smallest: bool = True) -> Spectrum:
    """Spectral expansion summary of a router graph.

    ``method``: ``"dense"`` (all eigenvalues, O(n^3)), ``"sparse"`` (extreme
    eigenvalues by ``scipy.sparse.linalg.eigsh``) or ``"auto"`` (dense up to
    ``DENSE_MAX`` routers).  Accepts the inputs of
    :func:`lowdiam.metrics._bisection.as_graph`.

    ``smallest=False`` skips the Lanczos run for the smallest adjacency
    eigenvalues on the sparse path (about half the time on large graphs):
    ``lambda_min``, ``lam`` and ``is_ramanujan`` are then ``None``, every
    other field (``lambda_2``, ``mu1``, the Fiedler bound) is unchanged.  The
    dense path computes everything regardless.

    Examples
    --------
    >>> from lowdiam.topologies import lps
    >>> g = lps(5, 13)
    >>> full, fast = spectral(g, "sparse"), spectral(g, "sparse", smallest=False)
    >>> fast.normalized_fiedler_bound == full.normalized_fiedler_bound, fast.lambda_min is None
    (True, True)
    """
    from scipy.sparse import diags
    from scipy.sparse.csgraph import connected_components

    from lowdiam.validate import check_bool

    if method not in ("auto", "dense", "sparse"):
        raise ValueError(f"unknown method {method!r}; choose 'auto', 'dense' or 'sparse'")
    check_bool("smallest", smallest)
    n, indptr, indices, _ = as_graph(topology)
    if n < 2:
        raise ValueError(f"a spectral gap needs at least 2 routers, got {n}")
    deg = np.diff(indptr).astype(np.float64)
    kmax = int(deg.max())
    regular = bool(deg.min() == deg.max())
    a = adjacency_matrix((indptr, indices))
    ncomp, _comp = connected_components(a, directed=False)
    connected = ncomp == 1
    # a graph is bipartite iff it 2-colours; -k being an eigenvalue of a regular
    # connected graph is equivalent, but a BFS colouring is exact
    bipartite = bool(_is_bipartite(n, indptr, indices))
    use_dense = method == "dense" or n <= 8 or (method == "auto" and n <= DENSE_MAX)  # eigsh needs n > k + 1

    inv_sqrt = np.zeros(n)
    nz = deg > 0
    inv_sqrt[nz] = 1.0 / np.sqrt(deg[nz])
    if use_dense:
        from scipy.linalg import eigvalsh

        dense = a.toarray()
        ev = eigvalsh(dense)[::-1]
        lmax, l2, lmin = float(ev[0]), float(ev[1]), float(ev[-1])
        nontrivial = ev[np.abs(np.abs(ev) - kmax) > _TOL] if regular else None
        lam = (float(np.abs(nontrivial).max()) if nontrivial.size else 0.0) if regular else None
        if not connected:
            mu1 = alg = 0.0
        elif regular:
            # D = kI: the normalized and combinatorial Laplacians are I - A/k and kI - A
            mu1, alg = (kmax - l2) / kmax, kmax - l2
        else:
            nadj = inv_sqrt[:, None] * dense * inv_sqrt[None, :]
            mu1 = 1.0 - float(eigvalsh(nadj)[-2])
            alg = float(eigvalsh(np.diag(deg) - dense)[1])
        eigenvalues = ev
    else:
        top = _extreme(a, "LA", 2, 0)
        if not smallest:
            bot = None
            lmax, l2, lmin = float(top[1]), float(top[0]), None
        else:
            bot = _extreme(a, "SA", 2, 1)
            lmax, l2, lmin = float(top[1]), float(top[0]), float(bot[0])
        if bot is None:
            lam = None
        elif regular:
            cands = [l2] if l2 < kmax - _TOL else []
            cands += [abs(x) for x in bot if abs(abs(x) - kmax) > _TOL]
            lam = max(abs(x) for x in cands) if cands else 0.0
        else:
            lam = None
        if connected and regular:
            mu1, alg = (kmax - l2) / kmax, kmax - l2
        elif connected:
            nadj = diags(inv_sqrt) @ a @ diags(inv_sqrt)
            mu1 = 1.0 - float(_extreme(nadj, "LA", 2, 2)[0])
            # a(G) = c - (2nd largest eigenvalue of c I - L), c = 2 max degree >= lambda_max(L)
            c = 2.0 * kmax
            shifted = diags(c - deg) + a
            alg = c - float(_extreme(shifted.tocsr(), "LA", 2, 3)[0])
        else:
            mu1 = alg = 0.0
        eigenvalues = None
    bound = 2.0 * math.sqrt(max(kmax - 1, 0))
    half = n // 2
    return Spectrum(
        num_routers=n,
        num_links=int(indices.shape[0] // 2),
        degree=kmax,
        regular=regular,
        connected=connected,
        bipartite=bipartite,
        lambda_max=lmax,
        lambda_2=l2,
        lambda_min=lmin,
        lam=lam,
        ramanujan_bound=bound,
        is_ramanujan=(lam <= bound + _TOL) if regular and lam is not None else None,
        mu1=max(mu1, 0.0),
        algebraic_connectivity=max(alg, 0.0),
        fiedler_bisection_bound=max(alg, 0.0) * half * (n - half) / n,
        method="dense" if use_dense else "sparse",
        eigenvalues=eigenvalues,
    )


def spectral_gap(topology: Any) -> float:
    """The normalized-Laplacian spectral gap mu1 (SpectralFly Table I), as a float."""
    return float(spectral(topology).mu1)


@njit(cache=True)
def _is_bipartite(n, indptr, indices):
    """2-colourability by breadth-first search over every component."""
    colour = np.full(n, -1, dtype=np.int8)
    queue = np.empty(n, dtype=np.int64)
    for r in range(n):
        if colour[r] >= 0:
            continue
        colour[r] = 0
        head, tail = 0, 1
        queue[0] = r
        while head < tail:
            v = queue[head]
            head += 1
            for j in range(indptr[v], indptr[v + 1]):
                u = indices[j]
                if colour[u] < 0:
                    colour[u] = 1 - colour[v]
                    queue[tail] = u
                    tail += 1
                elif colour[u] == colour[v]:
                    return False
    return True
