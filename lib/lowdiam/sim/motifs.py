"""Application motifs on the packet simulator: message programs with dependencies (issue 20).

A motif (Allreduce, Sweep3D, Halo3D-26, FFT) compiles to a :class:`MessageProgram`: flat arrays of
messages (source endpoint, destination endpoint, packets, computation delay) and, for each message, the
messages whose *delivery* releases it -- "rank r sends to s once it has received from q (and computed for
``delay`` cycles)", as the Ember motifs of SST that the PolarStar (Sec. 10) and SpectralFly (Fig. 9/10)
papers ran.  The router model (``router="booksim"``, :mod:`lowdiam.sim.booksim`) releases a message when
its last predecessor is delivered; the endpoint then injects its ready messages a packet at a time, round
robin, at one flit per cycle.  No Python runs per message: the kernel walks the arrays.

Semantics (simplifications stated once, here):

* A message is delivered when its last packet is ejected at the destination; a receive is the delivery.
  Sends are eager (no rendezvous), and a rank may have several messages in flight.
* Ranks map to endpoints linearly (rank i on endpoint i, as the papers) or by a seeded random permutation.
* Message sizes are rounded up to whole packets of ``packet_flits x flit_bytes`` bytes.
* ``iterations`` repeats the motif; iteration k of a rank starts once it has received all its messages of
  iteration k - 1.

Motifs (``MOTIFS``):

``allreduce``
    ``algorithm="ring"`` (reduce-scatter + allgather: 2(N-1) steps of size/N, each rank passing a chunk
    to rank+1 once it has received the previous one), ``"recursive-doubling"`` (log2 N steps of the full
    size with partner rank xor 2^i; N a power of two), ``"tree"`` (reduce up a binary tree of ranks,
    then broadcast down, in ``segments`` pipelined pieces), ``"edst"`` (the size split over ``trees``
    edge-disjoint spanning trees of the *router* graph, :func:`lowdiam.edst.edst_packing`; on each tree
    a pipelined reduce to its centre and broadcast back, ``segments`` pieces per tree; tree j runs on
    every router's j-th endpoint, so k trees use k endpoint channels per router and edge-disjoint
    router links -- the per-router reduction the EDST paper assumes; needs ``trees`` endpoints on every
    router).
``sweep3d``
    KBA wavefront on a px x py process grid: for each of the 8 octants (4 corners x 2 z-directions),
    ``blocks`` blocks (Ember's nz / kba); a rank handles block b once it has block b from its upstream x
    and y neighbours, then sends block b downstream (``message_bytes`` per message).
``halo3d``
    Halo3D-26 on a px x py x pz grid (non-periodic): every iteration each rank sends to each of its up to
    26 neighbours -- faces ``message_bytes``, edges ``message_bytes / block``, corners
    ``message_bytes / block**2`` -- and starts the next iteration once all its halos arrived.
``fft``
    2-D FFT transpose: an all-to-all within each row of a pr x pc grid, then within each column once the
    row exchange has arrived (``balanced``: pr = pc; else the given ``grid``).

Examples
--------
>>> from lowdiam.topologies import Topology
>>> from lowdiam.sim.motifs import compile_motif
>>> ring4 = Topology.from_edges("ring4", "ring", 4, [(0, 1), (1, 2), (2, 3), (3, 0)], endpoints_per_router=1)
>>> prog = compile_motif(ring4, "allreduce", message_bytes=256, algorithm="ring")
>>> prog.num_messages, int(prog.packets.max())   # 2 (N - 1) steps x N ranks, 64-byte chunks = 1 packet
(24, 1)
"""

from __future__ import annotations

import dataclasses
import math
import time

import numpy as np

from ..validate import check_choice, check_float, check_int, check_options

__all__ = ["MOTIFS", "ALLREDUCE_ALGORITHMS", "EMBER_DEFAULTS", "MessageProgram", "MotifResult", "compile_motif",
           "ember_motif_args", "run_motif"]

MOTIFS = ("allreduce", "sweep3d", "halo3d", "fft")
#: most messages one program may hold (a paper-size FFT has 17 M); more is refused after one iteration is built
MAX_MESSAGES = 100_000_000
#: most packets one message may need: packet counts are exact integers, never wrapped
MAX_MESSAGE_PACKETS = 2**31 - 1
ALLREDUCE_ALGORITHMS = ("ring", "recursive-doubling", "tree", "edst")
MAPPINGS = ("linear", "random", "random-nodes")
#: motif -> its own options (beyond message_bytes / iterations / ranks / mapping)
MOTIF_OPTIONS = {
    "allreduce": ("algorithm", "trees", "segments"),
    "sweep3d": ("grid", "blocks"),
    "halo3d": ("grid", "block"),
    "fft": ("grid", "balanced"),
}


@dataclasses.dataclass(frozen=True)
class MessageProgram:
    """Messages and their dependencies, as flat arrays (what the kernel walks).

    Attributes
    ----------
    src, dst : ndarray
        Endpoints of each message.
    packets : ndarray
        Packets of each message (>= 1).
    delay : ndarray
        Cycles from a message's release to its first packet (computation before the send).
    num_deps : ndarray
        How many messages must be delivered before it is released.
    dependents_ptr, dependents : ndarray
        CSR: the messages that ``m``'s delivery counts towards are ``dependents[dependents_ptr[m]:
        dependents_ptr[m + 1]]``.
    num_endpoints : int
        Endpoints of the topology it was compiled for.
    ranks : ndarray
        Endpoint of each rank.
    label : str
        What it is (motif, algorithm, sizes).
    """

    src: np.ndarray
    dst: np.ndarray
    packets: np.ndarray
    delay: np.ndarray
    num_deps: np.ndarray
    dependents_ptr: np.ndarray
    dependents: np.ndarray
    num_endpoints: int
    ranks: np.ndarray
    label: str

    @property
    def num_messages(self) -> int:
        return int(self.src.size)

    @property
    def total_packets(self) -> int:
        return int(self.packets.sum())

    def serialization_bound(self, packet_flits: int) -> int:
        """A lower bound on the completion time, in cycles: the flits the busiest endpoint must inject or
        eject at one flit per cycle (latency and dependencies ignored)."""
        fl = self.packets * int(packet_flits)
        n = self.num_endpoints
        return int(max(np.bincount(self.src, fl, minlength=n).max(), np.bincount(self.dst, fl, minlength=n).max()))


class _Builder:
    """Collects messages ``(src rank, dst rank, bytes, deps)`` and turns them into a :class:`MessageProgram`."""

    def __init__(self, ranks: np.ndarray, packet_bytes: int, delay: int):
        self.ranks = ranks
        self.packet_bytes = packet_bytes
        self.delay = delay
        self.count = 0  # messages so far
        # the messages of send() since the last block, in lists; every message's dependencies one after another,
        # and how many each has: flat lists, because a paper-size FFT has 17 M messages, and a list per message
        # cost 1.5 GB more
        self.src: list[int] = []
        self.dst: list[int] = []
        self.size: list[float] = []
        self.dep_flat: list[int] = []
        self.num_deps: list[int] = []
        # the messages before those, as arrays (src, dst, size, dep_flat, num_deps), in order: send_block's blocks
        # and the lists before each
        self.chunks: list[tuple[np.ndarray, ...]] = []

    def rounds(self, iterations: int):
        """``range(iterations)``, refusing a program of more than :data:`MAX_MESSAGES` messages once the first
        iteration shows how many each one sends (a typo in ``iterations`` fails at once, not after hours)."""
        for i in range(iterations):
            yield i
            if i == 0 and self.count * iterations > MAX_MESSAGES:
                raise ValueError(f"{iterations} iterations of {self.count} messages would be "
                                 f"{self.count * iterations} messages, above the limit of {MAX_MESSAGES} "
                                 "(lowdiam.sim.motifs.MAX_MESSAGES)")

    def send(self, a: int, b: int, nbytes: float, deps=()) -> int:
        m = self.count
        self.count += 1
        self.src.append(a)
        self.dst.append(b)
        self.size.append(nbytes)
        before = len(self.dep_flat)
        if type(deps) is list and None not in deps:  # the common case, in C: a paper-size FFT copies 67 M of them
            self.dep_flat.extend(deps)
        else:
            self.dep_flat.extend(d for d in deps if d is not None)
        self.num_deps.append(len(self.dep_flat) - before)
        return m

    def send_block(self, src: np.ndarray, dst: np.ndarray, nbytes: float, deps: np.ndarray) -> np.ndarray:
        """``send(src[k], dst[k], nbytes, list(deps[k]))`` for every k in order (``deps`` an (k, w) array), kept as
        arrays; returns their ids."""
        self._close_lists()
        k = int(src.size)
        self.chunks.append((np.asarray(src, np.int64), np.asarray(dst, np.int64), np.full(k, nbytes, float),
                            np.asarray(deps, np.int64).ravel(), np.full(k, deps.shape[1], np.int64)))
        self.count += k
        return np.arange(self.count - k, self.count, dtype=np.int64)

    def _close_lists(self) -> None:
        if self.src:
            self.chunks.append((np.asarray(self.src, np.int64), np.asarray(self.dst, np.int64),
                                np.asarray(self.size, float), np.asarray(self.dep_flat, np.int64),
                                np.asarray(self.num_deps, np.int64)))
            self.src, self.dst, self.size, self.dep_flat, self.num_deps = [], [], [], [], []

    def build(self, num_endpoints: int, label: str) -> MessageProgram:
        M = self.count
        if M == 0:
            raise ValueError(f"{label}: the motif has no messages (too few ranks?)")
        self._close_lists()
        src, dst, size, dep_of, nd = (np.concatenate(c) if len(self.chunks) > 1 else c[0] for c in zip(*self.chunks))
        self.chunks = []
        # (dependency, message) pairs straight into arrays, message by message: a paper-size FFT has 50 M of
        # them, and a list of tuples of them took 8 GB
        ptr = np.zeros(M + 1, np.int64)
        dependents = np.repeat(np.arange(M, dtype=np.int64), nd)
        order = np.argsort(dep_of, kind="stable")
        np.cumsum(np.bincount(dep_of, minlength=M), out=ptr[1:])
        pk = np.maximum(1, np.ceil(size / self.packet_bytes)).astype(np.int64)
        r = self.ranks
        return MessageProgram(src=r[src], dst=r[dst], packets=pk, delay=np.full(M, self.delay, np.int64),
                              num_deps=nd, dependents_ptr=ptr, dependents=dependents[order],
                              num_endpoints=num_endpoints, ranks=r.copy(), label=label)


def _all_to_all(b: _Builder, groups: np.ndarray, size: float, deps: np.ndarray) -> np.ndarray:
    """Within every row of ``groups`` (ranks), each rank sends to each other one (group by group, sender by sender,
    receiver by receiver, all in ascending order), the message from a waiting on ``deps[a]``; returns what each rank
    received, as an (N, g - 1) array of message ids in the order they were sent."""
    G, g = groups.shape
    others = ~np.eye(g, dtype=bool)
    a, c = np.nonzero(others)  # (sender, receiver) positions in a group, sender-major
    src = groups[:, a].ravel()
    ids = b.send_block(src, groups[:, c].ravel(), size, deps[src])
    by_pair = np.full((G, g, g), -1, np.int64)
    by_pair[:, a, c] = ids.reshape(G, -1)
    received = np.empty((groups.size, g - 1), np.int64)
    received[groups.ravel()] = by_pair.transpose(0, 2, 1)[:, others].reshape(G * g, g - 1)  # receiver-major
    return received


# ---------------------------------------------------------------- grids


def _grid(n: int, dims: int) -> tuple[int, ...]:
    """The most nearly cubic factorisation of n into ``dims`` factors (largest first)."""
    best = None
    def rec(rem, k, cur):
        nonlocal best
        if k == 1:
            cand = tuple(sorted(cur + [rem], reverse=True))
            if best is None or cand[0] - cand[-1] < best[0] - best[-1]:
                best = cand
            return
        for f in range(1, rem + 1):
            if rem % f == 0:
                rec(rem // f, k - 1, cur + [f])
    rec(n, dims, [])
    return best


def _check_grid(grid, ranks: int, dims: int, name: str) -> tuple[int, ...]:
    if grid is None:
        return _grid(ranks, dims)
    g = tuple(check_int(f"{name} grid entry", x, low=1) for x in grid)
    if len(g) != dims or math.prod(g) != ranks:
        raise ValueError(f"{name} grid must be {dims} positive integers whose product is ranks={ranks}, got "
                         f"{grid!r} (e.g. {_grid(ranks, dims)})")
    return g


# ---------------------------------------------------------------- Ember problem sizes

#: Ember's defaults (SST elements, ``ember/mpi/motifs``: ``embersweep3d.cc``, ``emberhalo3d26.cc``) for the
#: per-rank problem that sets a motif's message sizes; the papers name the motifs but not their arguments.
EMBER_DEFAULTS = {
    "sweep3d": {"nx": 50, "ny": 50, "nz": 50, "kba": 1, "fields_per_cell": 8, "datatype_width": 8},
    "halo3d": {"nx": 100, "ny": 100, "nz": 100, "fields_per_cell": 1, "datatype_width": 8},
}


def ember_motif_args(motif: str, **ember_args) -> dict:
    """``message_bytes`` and ``motif_options`` that give an Ember motif's message sizes.

    Ember's Sweep3D sends, for each block of ``kba`` z-planes, ``nx * kba * datatype_width *
    fields_per_cell`` bytes to its x neighbour (``ny * ...`` to its y neighbour), ``nz / kba`` blocks per
    octant.  Its Halo3D-26 sends ``fields_per_cell * datatype_width`` bytes times ``ny * nz`` (``nx * nz``,
    ``nx * ny``) across the x (y, z) faces, times ``nz`` (``nx``, ``ny``) across edges and times 1 across
    corners.  The motifs here have one size per face / edge / corner class, so the per-rank block must be
    square (Sweep3D: ``nx == ny``) or cubic (Halo3D: ``nx == ny == nz``) -- as Ember's defaults are.  Ember's
    computation times (flops at 1 GFLOP/s) are not carried over; model computation with ``compute_cycles``.

    Parameters
    ----------
    motif : {"sweep3d", "halo3d"}
    **ember_args
        Ember's argument names without ``arg.`` (``nx``, ``ny``, ``nz``, ``kba`` (Sweep3D),
        ``fields_per_cell``, ``datatype_width``); the rest keep :data:`EMBER_DEFAULTS`.

    Returns
    -------
    dict
        ``{"message_bytes": ..., "motif_options": {...}}`` for :func:`compile_motif` / :func:`run_motif`.

    Raises
    ------
    ValueError
        A motif without an Ember size model here, an unknown argument, a non-positive size, ``nz`` not a
        multiple of ``kba`` (Ember asserts it), or a non-square / non-cubic block.

    Examples
    --------
    >>> ember_motif_args("sweep3d")      # 50 x 1 x 8 B x 8 fields per block, 50 blocks per octant
    {'message_bytes': 3200, 'motif_options': {'blocks': 50}}
    >>> ember_motif_args("halo3d", nx=20, ny=20, nz=20)   # faces 3,200 B, edges 160 B, corners 8 B
    {'message_bytes': 3200, 'motif_options': {'block': 20}}
    """
    motif = check_choice("motif with an Ember size model", motif, tuple(EMBER_DEFAULTS))
    given = check_options(f"ember {motif} arguments", ember_args, EMBER_DEFAULTS[motif])
    a = {k: check_int(f"ember {motif} {k}", v, low=1) for k, v in {**EMBER_DEFAULTS[motif], **given}.items()}
    width = a["fields_per_cell"] * a["datatype_width"]
    if motif == "sweep3d":
        if a["nz"] % a["kba"]:
            raise ValueError(f"ember sweep3d needs nz a multiple of kba (Ember asserts nz % kba == 0), got "
                             f"nz={a['nz']}, kba={a['kba']}")
        if a["nx"] != a["ny"]:
            raise ValueError(f"ember sweep3d here needs nx == ny (one message size for both directions), got "
                             f"nx={a['nx']}, ny={a['ny']}")
        return {"message_bytes": a["nx"] * a["kba"] * width, "motif_options": {"blocks": a["nz"] // a["kba"]}}
    if not a["nx"] == a["ny"] == a["nz"]:
        raise ValueError(f"ember halo3d here needs a cubic block nx == ny == nz (one size per face / edge / corner "
                         f"class), got {a['nx']} x {a['ny']} x {a['nz']}")
    n = a["nx"]
    return {"message_bytes": n * n * width, "motif_options": {"block": n}}


# ---------------------------------------------------------------- motifs


def _allreduce_ring(b: _Builder, N: int, size: float, last_recv):
    """Reduce-scatter then allgather around the ring of ranks: 2(N - 1) steps of size / N."""
    prev = [last_recv[r] for r in range(N)]  # what rank r received last (its release condition)
    for _ in range(2 * (N - 1)):
        cur = [None] * N
        for r in range(N):
            cur[(r + 1) % N] = b.send(r, (r + 1) % N, size / N, prev[r])
        prev = [[cur[r]] for r in range(N)]
    return prev


def _allreduce_rd(b: _Builder, N: int, size: float, last_recv):
    if N & (N - 1):
        lo = 1 << (N.bit_length() - 1)
        raise ValueError(f"recursive-doubling needs a power-of-two number of ranks, got {N} (use ranks={lo} or "
                         f"{lo * 2 if lo * 2 else 1}, or algorithm 'ring' / 'tree')")
    prev = [last_recv[r] for r in range(N)]
    k = 1
    while k < N:
        cur = [None] * N
        for r in range(N):
            cur[r ^ k] = b.send(r, r ^ k, size, prev[r])
        prev = [[cur[r]] for r in range(N)]
        k <<= 1
    return prev


def _tree_allreduce(b: _Builder, parent: dict, root: int, members, size: float, segments: int, last_recv):
    """Pipelined reduce to ``root`` along ``parent`` then broadcast back; returns each member's last receives."""
    children: dict[int, list[int]] = {v: [] for v in members}
    for v, p in parent.items():
        children[p].append(v)
    # post-order (leaves first) for the reduce, pre-order for the broadcast
    order, stack = [], [root]
    while stack:
        v = stack.pop()
        order.append(v)
        stack.extend(children[v])
    seg = size / segments
    up = {}  # (v, s) -> message v -> parent(v) carrying segment s
    for s in range(segments):  # a segment goes up once v has it from all its children (and its last round)
        for v in reversed(order):
            if v != root:
                up[(v, s)] = b.send(v, parent[v], seg, [up[(c, s)] for c in children[v]] + list(last_recv[v]))
    down = {}
    for s in range(segments):  # the root has segment s reduced once all its children's arrived
        for v in order:
            for c in children[v]:
                deps = [up[(x, s)] for x in children[root]] if v == root else [down[(v, s)]]
                down[(c, s)] = b.send(v, c, seg, deps)
    last = {v: ([down[(v, s)] for s in range(segments)] if v != root else
                [up[(c, s)] for c in children[root] for s in range(segments)]) for v in members}
    return last


def _allreduce_tree(b: _Builder, N: int, size: float, segments: int, last_recv):
    parent = {r: (r - 1) // 2 for r in range(1, N)}
    last = _tree_allreduce(b, parent, 0, range(N), size, segments, last_recv)
    return [last[r] for r in range(N)]


def edst_trees(topology, trees: int) -> list[tuple[dict[int, int], int]]:
    """The ``trees`` edge-disjoint spanning trees the ``"edst"`` Allreduce uses, each as (parent map, root).

    From :func:`lowdiam.edst.edst_packing` (``max_trees=trees``), each rooted at its centre (lowest depth; ties
    to the smallest router id).

    Examples
    --------
    >>> from lowdiam.topologies import slimfly
    >>> [len(parent) for parent, root in edst_trees(slimfly(5), 2)]  # n - 1 edges each
    [49, 49]
    """
    import networkx as nx

    from ..edst import edst_packing

    g = nx.Graph()
    g.add_nodes_from(range(topology.num_routers))
    src = np.repeat(np.arange(topology.num_routers), np.diff(topology.indptr))
    g.add_edges_from((int(u), int(v)) for u, v in zip(src, topology.indices) if u < v)
    pack = edst_packing(g, max_trees=trees)
    if pack.t < trees:
        raise ValueError(f"{topology.name} has only {pack.t} edge-disjoint spanning trees; trees must be in "
                         f"[1, {pack.t}]")
    out = []
    for edges in pack.trees[:trees]:
        t = nx.Graph()
        t.add_edges_from(map(tuple, edges.tolist()))
        root = min(nx.center(t))  # lowest depth; ties to the smallest router id
        parent = {int(v): int(p) for v, p in nx.bfs_predecessors(t, root)}
        out.append((parent, int(root)))
    return out


def compile_motif(topology, motif: str, *, message_bytes: float, iterations: int = 1, algorithm: str | None = None,
                  trees: int | None = None, ranks: int | None = None, mapping: str = "linear", flit_bytes: int = 16,
                  packet_flits: int = 4, compute_cycles: int = 0, seed: int = 0,
                  motif_options: dict | None = None) -> MessageProgram:
    """Compile ``motif`` on ``topology``'s endpoints into a :class:`MessageProgram` (see the module docstring).

    Parameters
    ----------
    topology : Topology
        Network with endpoints.
    motif : {"allreduce", "sweep3d", "halo3d", "fft"}
    message_bytes : float
        Allreduce: the vector size; sweep3d: bytes per block message; halo3d: bytes per face; fft: bytes per
        rank pair.
    iterations : int
        Repetitions.
    algorithm : {"ring", "recursive-doubling", "tree", "edst"}, optional
        Allreduce only (default ``"ring"``).
    trees : int, optional
        ``algorithm="edst"`` only: how many edge-disjoint spanning trees carry the data (default 1).
    ranks : int, optional
        Ranks (default: every endpoint; ``"edst"``: one per router).
    mapping : {"linear", "random", "random-nodes"}
        Rank i on endpoint i; a random permutation (``seed``); or ``"random-nodes"``: ``ranks`` endpoints
        chosen at random (``seed``) and rank i on the i-th of them in endpoint order -- SST/macro's allocation
        in the SpectralFly paper (nodes chosen randomly, ranks placed sequentially in the topology's order).
    flit_bytes, packet_flits : int
        Packet size in bytes is their product.
    compute_cycles : int
        Cycles between a message's release and its first packet.
    motif_options : dict, optional
        ``segments`` (allreduce tree/edst pipelining, default 1 / 8), ``grid`` (sweep3d 2-D, halo3d 3-D,
        fft 2-D), ``blocks`` (sweep3d blocks per octant, default 4), ``block`` (halo3d cells per side,
        default 8), ``balanced`` (fft, default True).

    Returns
    -------
    MessageProgram

    Raises
    ------
    ValueError
        Unknown motif, algorithm, mapping or option key; more ranks than endpoints; a grid that does not
        factor the ranks; recursive doubling on a non-power-of-two; more trees than the graph has.

    Examples
    --------
    >>> from lowdiam.topologies import hyperx
    >>> p = compile_motif(hyperx(2, 4), "allreduce", message_bytes=4096, algorithm="recursive-doubling")
    >>> p.num_messages  # 16 ranks x log2(16) steps
    64
    >>> compile_motif(hyperx(2, 4), "allreduce", message_bytes=64, algorithm="butterfly")
    Traceback (most recent call last):
        ...
    ValueError: allreduce algorithm must be one of 'ring', 'recursive-doubling', 'tree', 'edst'; got 'butterfly'
    """
    motif = check_choice("motif", motif, MOTIFS)
    opts = check_options(f"{motif} motif_options", motif_options, MOTIF_OPTIONS[motif])
    if motif != "allreduce" and (algorithm is not None or trees is not None):
        raise ValueError(f"algorithm= and trees= are allreduce options; motif {motif!r} takes motif_options keys "
                         f"{list(MOTIF_OPTIONS[motif])}")
    try:  # a finite positive number (a string is a TypeError); too many packets per message is refused below
        check_float("message_bytes", message_bytes, low=0.0, low_open=True)
    except ValueError:
        raise ValueError(f"message_bytes must be a positive number, got {message_bytes!r}") from None
    iterations = check_int("iterations", iterations, low=1)
    flit_bytes = check_int("flit_bytes", flit_bytes, low=1)
    packet_flits = check_int("packet_flits", packet_flits, low=1)
    most = math.ceil(float(message_bytes) / (flit_bytes * packet_flits))
    if most > MAX_MESSAGE_PACKETS:
        raise ValueError(f"message_bytes={message_bytes!r} is {most} packets of {flit_bytes * packet_flits} bytes, "
                         f"above the limit of {MAX_MESSAGE_PACKETS} per message "
                         "(lowdiam.sim.motifs.MAX_MESSAGE_PACKETS)")
    compute_cycles = check_int("compute_cycles", compute_cycles, low=0)
    mapping = check_choice("mapping", mapping, MAPPINGS)
    NE = int(topology.num_endpoints)
    algo = None
    if motif == "allreduce":
        algo = check_choice("allreduce algorithm", "ring" if algorithm is None else algorithm, ALLREDUCE_ALGORITHMS)
        if trees is not None and algo != "edst":
            raise ValueError(f"trees= is an option of algorithm 'edst', not {algo!r}")
    # ranks -> endpoints
    if algo == "edst":
        k = 1 if trees is None else check_int("trees", trees, low=1)
        epr = np.asarray(topology.endpoints)
        if epr.min() < k:
            raise ValueError(f"algorithm 'edst' runs tree j on every router's j-th endpoint: {topology.name} needs "
                             f">= {k} endpoints on every router (has {int(epr.min())} on some); use "
                             f"topology.with_endpoints({k}) or fewer trees")
        if ranks is not None:
            raise ValueError("algorithm 'edst' places its ranks itself (router v's j-th endpoint serves tree j); "
                             "leave ranks=None")
        first = np.concatenate([[0], np.cumsum(epr)[:-1]]).astype(np.int64)
        n = topology.num_routers
        rank_ep = (first[None, :] + np.arange(k)[:, None]).ravel()  # rank j * n + v = endpoint j of router v
    else:
        nr = NE if ranks is None else check_int("ranks", ranks, low=2, high=NE)
        if nr < 2:
            raise ValueError(f"{topology.name} has {NE} endpoints; a motif needs at least 2 ranks")
        if mapping == "linear":
            rank_ep = np.arange(nr, dtype=np.int64)
        elif mapping == "random":
            rank_ep = np.random.default_rng([seed, 0x3071F]).permutation(NE)[:nr].astype(np.int64)
        else:  # random-nodes: a random set of endpoints, ranks in endpoint order
            rank_ep = np.sort(np.random.default_rng([seed, 0x3071F]).choice(NE, nr, replace=False)).astype(np.int64)
    N = int(rank_ep.size)
    b = _Builder(np.arange(N, dtype=np.int64), flit_bytes * packet_flits, compute_cycles)
    last = [[] for _ in range(N)]
    label = f"{motif} {algo or ''} {message_bytes:g} B x {iterations} on {N} ranks".replace("  ", " ")
    if motif == "allreduce":
        if algo == "edst":
            segments = check_int("segments", opts.get("segments", 8), low=1)
            tree_list = edst_trees(topology, k)
            label += f", {k} EDST(s), {segments} segments"
        else:
            segments = check_int("segments", opts.get("segments", 1), low=1)
        for _ in b.rounds(iterations):
            if algo == "ring":
                last = _allreduce_ring(b, N, message_bytes, last)
            elif algo == "recursive-doubling":
                last = _allreduce_rd(b, N, message_bytes, last)
            elif algo == "tree":
                last = _allreduce_tree(b, N, message_bytes, segments, last)
            else:
                done_at = [[] for _ in range(n)]  # router v has the result once every tree's broadcast reached it
                for j, (parent, root) in enumerate(tree_list):
                    off = j * n
                    lt = _tree_allreduce(b, {off + v: off + p for v, p in parent.items()}, off + root,
                                         range(off, off + n), message_bytes / k, segments, last)
                    for v in range(n):
                        done_at[v].extend(lt[off + v])
                last = [done_at[r % n] for r in range(N)]
    elif motif == "sweep3d":
        px, py = _check_grid(opts.get("grid"), N, 2, "sweep3d")
        blocks = check_int("blocks", opts.get("blocks", 4), low=1)
        rid = lambda i, j: i * py + j  # noqa: E731
        for _ in b.rounds(iterations):
            for corner in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
                for _z in range(2):
                    dx, dy = corner
                    xs = range(px) if dx > 0 else range(px - 1, -1, -1)
                    ys = range(py) if dy > 0 else range(py - 1, -1, -1)
                    got = {}  # (rank, block) -> messages it received for that block
                    start = [list(x) for x in last]
                    new_last = [[] for _ in range(N)]
                    for blk in range(blocks):
                        for i in xs:
                            for j in ys:
                                r = rid(i, j)
                                deps = got.get((r, blk), []) + (start[r] if blk == 0 else [])
                                for ni, nj in ((i + dx, j), (i, j + dy)):
                                    if 0 <= ni < px and 0 <= nj < py:
                                        m = b.send(r, rid(ni, nj), message_bytes, deps)
                                        got.setdefault((rid(ni, nj), blk), []).append(m)
                    for (r, blk), ms in got.items():
                        if blk == blocks - 1:
                            new_last[r] = ms
                    for r in range(N):  # a rank with no upstream starts the next octant at once
                        if not new_last[r]:
                            new_last[r] = start[r]
                    last = new_last
        label += f", grid {px}x{py}, {blocks} blocks"
    elif motif == "halo3d":
        g = _check_grid(opts.get("grid"), N, 3, "halo3d")
        block = check_int("block", opts.get("block", 8), low=1)
        px, py, pz = g
        rid = lambda i, j, k: (i * py + j) * pz + k  # noqa: E731
        for _ in b.rounds(iterations):
            nxt = [[] for _ in range(N)]
            for i in range(px):
                for j in range(py):
                    for k in range(pz):
                        r = rid(i, j, k)
                        for di in (-1, 0, 1):
                            for dj in (-1, 0, 1):
                                for dk in (-1, 0, 1):
                                    nz = abs(di) + abs(dj) + abs(dk)
                                    ni, nj, nk = i + di, j + dj, k + dk
                                    if nz == 0 or not (0 <= ni < px and 0 <= nj < py and 0 <= nk < pz):
                                        continue
                                    size = message_bytes / block ** (nz - 1)  # face, edge, corner
                                    s = rid(ni, nj, nk)
                                    nxt[s].append(b.send(r, s, size, last[r]))
            last = nxt
        label += f", grid {px}x{py}x{pz}"
    else:  # fft
        balanced = opts.get("balanced", True)
        if not isinstance(balanced, bool):
            raise ValueError(f"fft balanced must be True or False, got {balanced!r}")
        if "grid" in opts:
            pr, pc = _check_grid(opts["grid"], N, 2, "fft")
        elif balanced:
            pr, pc = _grid(N, 2)
        else:
            raise ValueError("fft with balanced=False needs motif_options['grid'] = (rows, columns)")
        # every round: an all-to-all within each row of the pr x pc grid (rank i * pc + j), each message waiting on
        # what its sender received last, then one within each column, each waiting on what the row phase brought
        # its sender (or, one column wide, on what it received last)
        grid = np.arange(N, dtype=np.int64).reshape(pr, pc)
        got = np.zeros((N, 0), np.int64)  # what each rank received last: none before the first round
        for _ in b.rounds(iterations):
            row = _all_to_all(b, grid, message_bytes, got)
            col = _all_to_all(b, grid.T, message_bytes, row if pc > 1 else got)
            got = col if pr > 1 else row
        label += f", grid {pr}x{pc}"
    prog = b.build(NE, label)
    return dataclasses.replace(prog, src=rank_ep[prog.src], dst=rank_ep[prog.dst], ranks=rank_ep.copy())


@dataclasses.dataclass(frozen=True)
class MotifResult:
    """Outcome of :func:`run_motif`.

    Attributes
    ----------
    completion_cycles : int
        Cycle at which the last message was delivered.
    messages_delivered : int
    packets_delivered : int
    message_done : ndarray
        Delivery cycle of every message.
    program : MessageProgram
    sim : SimResult
        The router model's run record (``hops_mean``, ``latency_mean`` of packets from their message's
        release, ``wall_seconds`` (a resumed run's counts its earlier legs), ``params``).
    resumed_seconds : float
        Wall seconds the run had spent before it was resumed from a checkpoint (0 for a run in one go).
    """

    completion_cycles: int
    messages_delivered: int
    packets_delivered: int
    message_done: np.ndarray
    program: MessageProgram
    sim: object
    resumed_seconds: float = 0.0

    @property
    def cycles_per_second(self) -> float:
        return self.completion_cycles / self.sim.wall_seconds if self.sim.wall_seconds > 0 else float("inf")


def _checkpoint_path(checkpoint):
    """``checkpoint`` as a path the run can save to, checked before the run (not found unusable after it)."""
    import os
    from pathlib import Path

    if not isinstance(checkpoint, (str, os.PathLike)):
        raise TypeError(f"checkpoint must be a file path, got {type(checkpoint).__name__} {checkpoint!r}")
    path = Path(checkpoint)
    if path.exists() and not path.is_file():
        raise ValueError(f"checkpoint {path} is a directory (or another non-file): give the path of a file in it, "
                         f"e.g. {path / 'run.npz'}")
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise ValueError(f"checkpoint {path}: {folder} is a file, so no folder can be made there")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"checkpoint {path}: the folder {folder} is not writable")
    return path


def run_motif(topology, motif: str, *, message_bytes: float, iterations: int = 1, algorithm: str | None = None,
              trees: int | None = None, routing: str = "min", flit_bytes: int = 16, seed: int = 0,
              ranks: int | None = None, mapping: str = "linear", compute_cycles: int = 0,
              motif_options: dict | None = None, router: str = "booksim", packet_flits: int = 4,
              vcs: int | None = None, buffer_flits: int = 32, routing_options: dict | None = None,
              router_options: dict | None = None, max_cycles: int = 50_000_000,
              progress: bool = False, checkpoint=None, checkpoint_seconds: float = 600.0) -> MotifResult:
    """Run an application motif to completion on the packet simulator.

    Compiles the motif (:func:`compile_motif`; parameters there) and runs it on the router model
    (``"booksim"``, the only one with a message layer) with ``routing`` (any routing the model runs), with
    hop-indexed VCs unless ``router_options`` says otherwise (``vc_selection="any"``, BookSim anynet's
    own, can deadlock under a motif's bursts: the run then raises).  ``progress`` shows the messages delivered
    on a tqdm bar on stderr (a paper-scale run takes an hour or more).  ``checkpoint`` (a file path) makes the
    run resumable: its state is saved there every ``checkpoint_seconds`` of wall time, a later call with the
    same path and the same run resumes from it (the same run, cycle for cycle), and the file is deleted when
    the run completes (:mod:`lowdiam.sim.booksim.checkpoint`).

    Returns
    -------
    MotifResult
        ``completion_cycles``, ``messages_delivered``, ...

    Raises
    ------
    ValueError
        Bad motif parameters (see :func:`compile_motif`), a router model without a message layer, bad
        simulator options.
    RuntimeError
        The program did not complete within ``max_cycles``.

    Examples
    --------
    >>> from lowdiam.topologies import Topology
    >>> k4 = Topology.from_edges("K4", "complete", 4, [(a, b) for a in range(4) for b in range(a + 1, 4)],
    ...                          endpoints_per_router=1)
    >>> r = run_motif(k4, "allreduce", message_bytes=4 * 64, algorithm="ring")
    >>> r.messages_delivered, r.completion_cycles > 0
    (24, True)
    """
    if router != "booksim":
        check_choice("router", router, ("booksim", "caminos", "ideal"))
        raise ValueError(f"router {router!r} has no message layer; run_motif runs on router 'booksim'")
    max_cycles = check_int("max_cycles", max_cycles, low=1)
    if checkpoint is not None:
        checkpoint = _checkpoint_path(checkpoint)
    prog = compile_motif(topology, motif, message_bytes=message_bytes, iterations=iterations, algorithm=algorithm,
                         trees=trees, ranks=ranks, mapping=mapping, flit_bytes=flit_bytes, packet_flits=packet_flits,
                         compute_cycles=compute_cycles, seed=seed, motif_options=motif_options)
    from .booksim.driver import _run

    # hop-indexed VCs by default: a motif's bursts are heavy, and BookSim's any-VC minimal routing can deadlock
    router_options = {"vc_selection": "hop", **(router_options or {})}

    t_run = time.perf_counter()
    sim, mo = _run(topology, routing, None, None, packet_flits=packet_flits, vcs=vcs, buffer_flits=buffer_flits,
                   warmup_cycles=0, measure_cycles=max_cycles, seed=seed, routing_options=routing_options,
                   router_options=router_options, program=prog, progress=progress, checkpoint=checkpoint,
                   checkpoint_seconds=checkpoint_seconds)
    return MotifResult(completion_cycles=int(mo.done.max()), messages_delivered=int((mo.done >= 0).sum()),
                       packets_delivered=int(prog.packets.sum() - mo.left.sum()), message_done=mo.done.copy(),
                       program=prog, sim=sim,
                       resumed_seconds=round(max(0.0, sim.wall_seconds - (time.perf_counter() - t_run)), 2))
