"""Message layer and application motifs (issue 20): analytic zero-load completion, delivery, order, determinism."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from lowdiam.sim.booksim import kernel as _kernel
from lowdiam.sim.booksim.driver import _run
from lowdiam.sim.motifs import MessageProgram, compile_motif, run_motif
from lowdiam.topologies import Topology, hyperx, slimfly

P = 4  # flits per packet (the default)
PKT = 16 * P  # bytes per packet at the default flit_bytes


def ring(n):
    return Topology.from_edges(f"ring{n}", "ring", n, [(i, (i + 1) % n) for i in range(n)], endpoints_per_router=1)


def complete(n):
    return Topology.from_edges(f"K{n}", "complete", n, [(a, b) for a in range(n) for b in range(a + 1, n)],
                               endpoints_per_router=1)


def one_message(top, src, dst, packets):
    """A program of one message (no dependencies)."""
    return MessageProgram(src=np.array([src]), dst=np.array([dst]), packets=np.array([packets]),
                          delay=np.zeros(1, np.int64), num_deps=np.zeros(1, np.int64),
                          dependents_ptr=np.zeros(2, np.int64), dependents=np.zeros(0, np.int64),
                          num_endpoints=top.num_endpoints, ranks=np.arange(top.num_endpoints), label="one")


def message_time(top, src, dst, packets):
    _, mo = _run(top, "min", None, None, warmup_cycles=0, measure_cycles=100_000,
                 program=one_message(top, src, dst, packets), router_options={"vc_selection": "hop"})  # as run_motif
    return int(mo.done[0])


def test_one_message_serialises_its_packets():
    """Zero load: a message of m packets takes the first packet's latency plus (m - 1) equal packet gaps, at
    least P cycles each (one flit per cycle; with hop-indexed VCs a packet follows the previous one on the same
    VC, so its head also waits out the router pipeline behind the tail)."""
    top = ring(6)
    l1 = message_time(top, 0, 1, 1)
    assert 5 < l1 < 40
    gap = message_time(top, 0, 1, 2) - l1
    assert P <= gap <= P + 4
    assert message_time(top, 0, 1, 5) == l1 + 4 * gap
    # one more hop costs the same per-hop latency each time
    l2, l3 = message_time(top, 0, 2, 1), message_time(top, 0, 3, 1)
    assert l3 - l2 == l2 - l1 > 0


@pytest.mark.parametrize("n", [4, 7])
def test_ring_allreduce_on_a_ring_is_2n_minus_2_sequential_one_hop_steps(n):
    """Each step sends one chunk one hop around the ring, on distinct links: no contention, so the
    completion time is exactly 2(N - 1) single-message latencies."""
    top = ring(n)
    chunk_packets = 3
    r = run_motif(top, "allreduce", message_bytes=n * chunk_packets * PKT, algorithm="ring")
    assert r.completion_cycles == 2 * (n - 1) * message_time(top, 0, 1, chunk_packets)


def test_recursive_doubling_on_a_complete_graph_is_log2_n_steps():
    top = complete(8)
    r = run_motif(top, "allreduce", message_bytes=5 * PKT, algorithm="recursive-doubling")
    assert r.messages_delivered == 8 * 3
    assert r.completion_cycles == 3 * message_time(top, 0, 1, 5)


@pytest.mark.parametrize("motif, kw", [
    ("allreduce", {"algorithm": "ring"}),
    ("allreduce", {"algorithm": "tree", "motif_options": {"segments": 3}}),
    ("allreduce", {"algorithm": "recursive-doubling", "ranks": 8}),
    ("allreduce", {"algorithm": "edst", "trees": 2, "motif_options": {"segments": 2}}),
    ("sweep3d", {"motif_options": {"blocks": 2}}),
    ("halo3d", {"motif_options": {"block": 4}}),
    ("fft", {}),
])
def test_every_message_delivered_once_after_its_predecessors(motif, kw):
    top = slimfly(5).with_endpoints(2) if kw.get("algorithm") == "edst" else hyperx(2, 3).with_endpoints(2)
    r = run_motif(top, motif, message_bytes=2 * PKT, iterations=2, **kw)
    prog = r.program
    assert r.messages_delivered == prog.num_messages and r.packets_delivered == prog.total_packets
    done = r.message_done
    assert done.min() > 0 and r.completion_cycles == done.max()
    # a message is released by its predecessors' delivery: it cannot be delivered before them
    for m in range(prog.num_messages):
        for d in prog.dependents[prog.dependents_ptr[m]:prog.dependents_ptr[m + 1]]:
            assert done[d] > done[m]
    assert np.all(prog.src != prog.dst)
    assert prog.serialization_bound(P) <= r.completion_cycles


def test_motif_runs_are_deterministic_and_seeded():
    top = hyperx(2, 4).with_endpoints(2)
    a = run_motif(top, "allreduce", message_bytes=8 * PKT, algorithm="ring", routing="ugal", seed=3)
    b = run_motif(top, "allreduce", message_bytes=8 * PKT, algorithm="ring", routing="ugal", seed=3)
    assert np.array_equal(a.message_done, b.message_done)
    c = run_motif(top, "allreduce", message_bytes=8 * PKT, algorithm="ring", mapping="random", seed=4)
    assert not np.array_equal(c.program.ranks, a.program.ranks)


def test_edst_allreduce_uses_disjoint_tree_links_and_one_endpoint_per_tree():
    top = slimfly(5).with_endpoints(3)
    prog = compile_motif(top, "allreduce", message_bytes=64 * PKT, algorithm="edst", trees=2)
    router = np.repeat(np.arange(top.num_routers), top.endpoints)
    local = np.arange(top.num_endpoints) - np.repeat(np.cumsum(top.endpoints) - top.endpoints, top.endpoints)
    adj = {(int(u), int(v)) for u in range(top.num_routers) for v in top.indices[top.indptr[u]:top.indptr[u + 1]]}
    links = [set(), set()]
    for s, d in zip(prog.src, prog.dst):
        j = int(local[s])
        assert local[d] == j and j < 2  # tree j lives on the routers' j-th endpoints
        assert (int(router[s]), int(router[d])) in adj  # one router link per message
        links[j].add(frozenset((int(router[s]), int(router[d]))))
    assert all(len(x) == top.num_routers - 1 for x in links) and not links[0] & links[1]  # edge-disjoint trees
    # 2 trees x (n - 1) edges x 8 segments x (up + down)
    assert prog.num_messages == 2 * (top.num_routers - 1) * 8 * 2


def test_bad_motif_input_names_the_rule():
    top = hyperx(2, 3).with_endpoints(1)
    with pytest.raises(ValueError, match="motif must be one of"):
        compile_motif(top, "alltoall", message_bytes=64)
    with pytest.raises(ValueError, match="power-of-two number of ranks, got 6"):
        compile_motif(top, "allreduce", message_bytes=64, algorithm="recursive-doubling")
    with pytest.raises(ValueError, match="unknown halo3d motif_options key 'blocks'"):
        compile_motif(top, "halo3d", message_bytes=64, motif_options={"blocks": 4})
    with pytest.raises(ValueError, match="product is ranks=6"):
        compile_motif(top, "sweep3d", message_bytes=64, motif_options={"grid": (2, 4)})
    with pytest.raises(ValueError, match="trees must be in"):
        compile_motif(top.with_endpoints(9), "allreduce", message_bytes=64, algorithm="edst", trees=9)
    with pytest.raises(ValueError, match="needs >= 2 endpoints on every router"):
        compile_motif(top, "allreduce", message_bytes=64, algorithm="edst", trees=2)
    with pytest.raises(ValueError, match="no message layer"):
        run_motif(top, "fft", message_bytes=64, router="ideal")
    with pytest.raises(ValueError, match="message_bytes must be a positive number"):
        compile_motif(top, "fft", message_bytes=0)
    with pytest.raises(ValueError, match="algorithm= and trees= are allreduce options"):
        compile_motif(top, "fft", message_bytes=64, algorithm="ring")


def test_a_program_that_cannot_finish_in_max_cycles_raises():
    with pytest.raises(RuntimeError, match="did not complete within 50 cycles"):
        run_motif(ring(5), "allreduce", message_bytes=5 * 4 * PKT, max_cycles=50)


def test_program_for_another_topology_is_refused():
    prog = compile_motif(ring(4), "fft", message_bytes=64)
    with pytest.raises(ValueError, match="compiled for 4 endpoints"):
        _run(ring(5), "min", None, None, warmup_cycles=0, measure_cycles=1000, program=prog)
    assert dataclasses.is_dataclass(prog)


FAMILIES = [
    ("polarstar", (3, "iq", 3), {}), ("bundlefly", (5, 3), {}), ("slimfly", (5,), {}), ("polarfly", (3,), {}),
    ("dragonfly", (4, 2, 2), {}), ("hyperx", (3, 3), {}), ("megafly", (4, 2, 2), {}), ("fat_tree", (4, 2), {}),
    ("lps", (3, 5), {}), ("galaxyfly", (2, 5, 2, 1), {}), ("jellyfish", (30, 4, 1), {}),
]


@pytest.mark.parametrize("ctor, args, kw", FAMILIES, ids=[f[0] for f in FAMILIES])
def test_motifs_run_on_every_topology_family(ctor, args, kw):
    import lowdiam.topologies as T
    from lowdiam.studies.simulation import min_routing

    top = getattr(T, ctor)(*args, **kw).with_endpoints(2)
    for motif, extra in (("allreduce", {"algorithm": "tree"}), ("halo3d", {})):
        r = run_motif(top, motif, message_bytes=2 * PKT, routing=min_routing(ctor), ranks=8, **extra)
        assert r.messages_delivered == r.program.num_messages > 0


def test_public_api_is_lowdiam_sim_run_motif():
    import lowdiam.sim

    assert lowdiam.sim.run_motif is run_motif and lowdiam.sim.compile_motif is compile_motif
    assert set(lowdiam.sim.MOTIFS) == {"allreduce", "sweep3d", "halo3d", "fft"}


def test_ember_sizes_give_embers_message_bytes():
    """Ember's formulas (embersweep3d.cc, emberhalo3d26.cc) against the compiled programs' message sizes."""
    from lowdiam.sim.motifs import EMBER_DEFAULTS, ember_motif_args

    top = hyperx(3, 3, 3).with_endpoints(1)  # 27 ranks: a 3 x 3 x 3 halo grid, a 9 x 3 sweep grid
    n, f, w = 6, 2, 8
    args = ember_motif_args("halo3d", nx=n, ny=n, nz=n, fields_per_cell=f, datatype_width=w)
    prog = compile_motif(top, "halo3d", flit_bytes=1, packet_flits=1, **args)  # 1-byte packets: exact sizes
    # the centre rank (1, 1, 1) of the 3 x 3 x 3 grid sends to all 26 neighbours: 6 faces, 12 edges, 8 corners
    sizes = sorted(prog.packets[prog.src == 13].tolist())
    assert sizes == [f * w] * 8 + [f * w * n] * 12 + [f * w * n * n] * 6
    e = EMBER_DEFAULTS["sweep3d"]
    args = ember_motif_args("sweep3d", kba=5)
    assert args["message_bytes"] == e["nx"] * 5 * e["datatype_width"] * e["fields_per_cell"]
    assert args["motif_options"] == {"blocks": e["nz"] // 5}
    prog = compile_motif(top, "sweep3d", flit_bytes=1, packet_flits=1, motif_options={"grid": (9, 3), "blocks": 10},
                         message_bytes=args["message_bytes"])
    assert set(prog.packets.tolist()) == {args["message_bytes"]}
    # 8 octants x 10 blocks x (x-links 8 x 3 + y-links 9 x 2) messages
    assert prog.num_messages == 8 * 10 * (8 * 3 + 9 * 2)
    with pytest.raises(ValueError, match="nz a multiple of kba"):
        ember_motif_args("sweep3d", kba=7)
    with pytest.raises(ValueError, match="cubic block"):
        ember_motif_args("halo3d", nz=50)
    with pytest.raises(ValueError, match="must be one of"):
        ember_motif_args("fft")
    with pytest.raises(ValueError, match="nq"):
        ember_motif_args("halo3d", nq=3)


# Completion cycles, packets and mean hops of small motif runs as the booksim kernel gave them before it skipped
# routers and endpoints with nothing in flight towards them (commit 0b6e709): skipping must change no result.
BEFORE_IDLE_SKIPPING = {
    ("ps", "ugal", "allreduce"): (2782, 6112, 4.058409685863874),
    ("ps", "ugal", "sweep3d"): (24533, 182272, 2.708364422401685),
    ("ps", "ugal", "fft"): (3567, 79872, 3.3530774238782053),
    ("df", "df-min", "allreduce"): (8268, 6112, 2.5654450261780104),
    ("df", "df-min", "sweep3d"): (31390, 182272, 1.5730337078651686),
    ("df", "df-min", "fft"): (3511, 79872, 1.9230769230769231),
}


@pytest.mark.parametrize("net, routing, motif", list(BEFORE_IDLE_SKIPPING))
def test_skipping_idle_routers_and_endpoints_changes_no_result(net, routing, motif):
    from lowdiam.topologies import dragonfly, polarstar

    top = polarstar(3, "iq", 3).with_endpoints(2) if net == "ps" else dragonfly(6, 3, 2)
    kw = {"allreduce": {"algorithm": "tree"}, "sweep3d": {"motif_options": {"blocks": 4}}, "fft": {}}[motif]
    r = run_motif(top, motif, message_bytes=1024, routing=routing, ranks=192, **kw)
    got = (r.completion_cycles, r.packets_delivered, float(r.sim.hops_mean))
    assert got == BEFORE_IDLE_SKIPPING[(net, routing, motif)]


def test_a_program_run_in_chunks_is_the_same_run(monkeypatch, capsys):
    """The driver runs a message program in chunks of PROGRAM_CHUNK_CYCLES to report progress; the kernel resumes
    at cycle boundaries, so chunks as short as 97 cycles give every message the same delivery cycle."""
    import lowdiam.sim.booksim.driver as D
    from lowdiam.topologies import dragonfly

    top = dragonfly(4, 2, 2)
    whole = run_motif(top, "sweep3d", message_bytes=256, routing="ugal", motif_options={"blocks": 3})
    assert whole.completion_cycles > 3 * 97
    monkeypatch.setattr(D, "PROGRAM_CHUNK_CYCLES", 97)
    chunked = run_motif(top, "sweep3d", message_bytes=256, routing="ugal", motif_options={"blocks": 3},
                        progress=True)
    assert np.array_equal(whole.message_done, chunked.message_done)
    assert chunked.sim.hops_mean == whole.sim.hops_mean
    assert "msg" in capsys.readouterr().err  # the bar, on stderr


class _Interrupt(Exception):
    pass


_REAL_KERNEL = _kernel.run_kernel


def _count_kernel_calls(monkeypatch, driver, stop_after=None) -> list:
    """Patch the booksim kernel to record its calls (in the list returned) and, past ``stop_after``, to raise
    _Interrupt (a run killed between two chunks)."""
    calls = []

    def run(*args):
        calls.append(1)
        if stop_after is not None and len(calls) > stop_after:
            raise _Interrupt
        return _REAL_KERNEL(*args)

    monkeypatch.setattr(driver.K, "run_kernel", run)
    return calls


def _interrupted_run(monkeypatch, tmp_path, routing):
    """A small checkpointed Sweep3D run on DF(4, 2, 2) killed after 6 chunks of 97 cycles (a save after each):
    returns the topology, the run's keywords, the same run in one go, and the checkpoint it left."""
    import lowdiam.sim.booksim.driver as D
    from lowdiam.topologies import dragonfly

    top = dragonfly(4, 2, 2)
    kw = dict(message_bytes=256, routing=routing, motif_options={"blocks": 3}, seed=2)
    whole = run_motif(top, "sweep3d", **kw)
    monkeypatch.setattr(D, "PROGRAM_CHUNK_CYCLES", 97)
    ckpt = tmp_path / "run.npz"
    _count_kernel_calls(monkeypatch, D, stop_after=6)
    with pytest.raises(_Interrupt):
        run_motif(top, "sweep3d", checkpoint=ckpt, checkpoint_seconds=0, **kw)
    return top, kw, whole, ckpt


@pytest.mark.parametrize("routing", ["min", "ugal", "df-min", "valiant"])
def test_an_interrupted_checkpointed_run_resumes_to_the_same_run(routing, monkeypatch, tmp_path):
    """Kill a checkpointed run after a few chunks; a second call with the same checkpoint resumes from the last save
    (fewer kernel calls than a fresh run) and delivers every message at the same cycle as a run in one go."""
    import lowdiam.sim.booksim.driver as D

    top, kw, whole, ckpt = _interrupted_run(monkeypatch, tmp_path, routing)
    assert ckpt.exists()
    calls = _count_kernel_calls(monkeypatch, D)
    resumed = run_motif(top, "sweep3d", checkpoint=ckpt, checkpoint_seconds=0, **kw)
    assert np.array_equal(resumed.message_done, whole.message_done)
    assert resumed.sim.hops_mean == whole.sim.hops_mean and resumed.sim.latency_mean == whole.sim.latency_mean
    assert len(calls) == -(-whole.completion_cycles // 97) - 6  # resumed after the 6 chunks saved
    assert resumed.resumed_seconds > 0 and not ckpt.exists()  # deleted once the run is over


def test_a_checkpoint_of_another_run_is_not_resumed(monkeypatch, tmp_path):
    import lowdiam.sim.booksim.driver as D
    from lowdiam.topologies import dragonfly

    top = dragonfly(4, 2, 2)
    kw = dict(message_bytes=256, routing="min", motif_options={"blocks": 3})
    monkeypatch.setattr(D, "PROGRAM_CHUNK_CYCLES", 97)
    ckpt = tmp_path / "run.npz"
    _count_kernel_calls(monkeypatch, D, stop_after=4)
    with pytest.raises(_Interrupt):
        run_motif(top, "sweep3d", checkpoint=ckpt, checkpoint_seconds=0, seed=1, **kw)
    monkeypatch.setattr(D.K, "run_kernel", _REAL_KERNEL)
    with pytest.warns(RuntimeWarning, match="another run"):
        other = run_motif(top, "sweep3d", checkpoint=ckpt, checkpoint_seconds=0, seed=5, **kw)
    assert np.array_equal(other.message_done, run_motif(top, "sweep3d", seed=5, **kw).message_done)
    ckpt.write_bytes(b"not a checkpoint")
    with pytest.warns(RuntimeWarning, match="unreadable"):
        run_motif(top, "sweep3d", checkpoint=ckpt, seed=5, **kw)
    with pytest.raises(ValueError, match="only a message program"):
        D._run(top, "min", "uniform", 0.1, warmup_cycles=10, measure_cycles=10, checkpoint=ckpt)


def test_random_nodes_mapping_places_ranks_in_endpoint_order_on_a_random_node_set():
    """SST/macro's allocation in the SpectralFly paper: random nodes, ranks placed in the topology's order."""
    top = hyperx(3, 3).with_endpoints(4)  # 36 endpoints
    progs = [compile_motif(top, "fft", message_bytes=256, ranks=12, mapping="random-nodes", seed=s) for s in (0, 0, 1)]
    eps = [p.ranks.tolist() for p in progs]
    assert eps[0] == eps[1] != eps[2]  # seeded
    for e in eps:
        assert e == sorted(set(e)) and len(e) == 12 and 0 <= e[0] and e[-1] < 36
    full = compile_motif(top, "fft", message_bytes=256, ranks=36, mapping="random-nodes")
    assert full.ranks.tolist() == list(range(36))  # every node chosen: the linear placement
    with pytest.raises(ValueError, match="random-nodes"):
        compile_motif(top, "fft", message_bytes=256, ranks=12, mapping="random_nodes")


def test_checkpoint_progress_reads_how_far_an_interrupted_run_came(monkeypatch, tmp_path):
    """An interrupted run's checkpoint says its cycle and its delivered and undelivered packets, which add up to the
    program's packets; motif_row names the run beside its checkpoint and removes both once the run is over."""
    import lowdiam.sim.booksim.driver as D
    import lowdiam.sim.motifs as M
    from lowdiam.studies.motifs import checkpoint_progress, motif_row

    top, _, whole, ckpt = _interrupted_run(monkeypatch, tmp_path, "min")
    p = checkpoint_progress(ckpt)
    assert p["cycle"] == 6 * 97 and p["run"] == ""  # run_motif alone names nothing
    assert p["packets_delivered"] + p["packets_left"] == int(whole.program.packets.sum())
    assert 0 < p["packets_delivered"] < int(whole.program.packets.sum())
    assert p["share_delivered"] == round(p["packets_delivered"] / int(whole.program.packets.sum()), 4)
    assert 0 < p["hops_mean"] <= 3  # DF(4,2,2)'s diameter under min

    # through motif_row (the disk cache on, in tmp_path): the same run, named beside its checkpoint
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    real = M.run_motif
    monkeypatch.setattr(M, "run_motif", lambda *a, **k: real(*a, **{**k, "checkpoint_seconds": 0}))
    row_kw = dict(message_bytes=256, motif_options={"blocks": 3}, seed=2)
    _count_kernel_calls(monkeypatch, D, stop_after=6)
    with pytest.raises(_Interrupt):
        motif_row(top, "sweep3d", "min", **row_kw)
    (saved,) = (tmp_path / "cache" / "checkpoints").glob("*.npz")
    named = checkpoint_progress(saved)
    assert named["run"] == 'DF(4,2,2), sweep3d, min, 256 B, x 1, {"blocks": 3}' and named["cycle"] == 6 * 97
    monkeypatch.setattr(D.K, "run_kernel", _REAL_KERNEL)
    row = motif_row(top, "sweep3d", "min", **row_kw)
    assert row["completion_cycles"] == whole.completion_cycles
    assert not list((tmp_path / "cache" / "checkpoints").iterdir())  # checkpoint and its name both gone

    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(ValueError, match="not a message program's checkpoint"):
        checkpoint_progress(tmp_path / "other.npz")


def test_an_interrupted_runs_progress_is_recorded_as_a_lower_bound_on_its_completion(monkeypatch, tmp_path):
    """Through item_row, an interrupted run's checkpoint carries its notebook settings; unfinished_runs reads them
    with the cycle reached, which is below the run's completion; record_unfinished appends them once to the log."""
    import lowdiam.sim.booksim.driver as D
    import lowdiam.sim.motifs as M
    from lowdiam.studies.motifs import checkpoint_files, checkpoint_progress, item_row
    from lowdiam.studies.unfinished import SETTINGS, latest_progress, record_unfinished, unfinished_runs
    from lowdiam.sweep import Recipe

    top, _, whole, _ = _interrupted_run(monkeypatch, tmp_path, "min")
    monkeypatch.setattr(D.K, "run_kernel", _REAL_KERNEL)
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    real = M.run_motif
    monkeypatch.setattr(M, "run_motif", lambda *a, **k: real(*a, **{**k, "checkpoint_seconds": 0}))
    item = dict(recipe=Recipe("dragonfly", {}, "", (4, 2, 2)), key="DF", case="sweep", motif="sweep3d",
                routing="min", message_bytes=256, motif_options={"blocks": 3})
    _count_kernel_calls(monkeypatch, D, stop_after=6)
    with pytest.raises(_Interrupt):
        item_row(item, ranks=None, seed=2)
    (tmp_path / "cache" / "checkpoints" / ".lowdiam-ckpt-x.npz").write_bytes(b"a save under way")  # not read
    (row,), unnamed = unfinished_runs(tmp_path / "cache" / "checkpoints")
    assert unnamed == []
    assert {k: row[k] for k in SETTINGS} == dict(key="DF", case="sweep", network="DF(4,2,2)", motif="sweep3d",
                                                  algorithm="", trees=0, routing="min", message_bytes=256,
                                                  iterations=1, ranks=None, mapping="linear", seed=2)
    assert row["cycle_reached"] == 6 * 97 < whole.completion_cycles
    assert row["packets"] == int(whole.program.packets.sum()) and len(row["checkpoint_fingerprint"]) == 64
    (saved,) = checkpoint_files(tmp_path / "cache" / "checkpoints")
    assert row["hops_mean_so_far"] == checkpoint_progress(saved)["hops_mean"] > 0
    assert record_unfinished([row], root=tmp_path / "results") == [row]
    assert record_unfinished([row], root=tmp_path / "results") == []  # already there
    later = {**row, "cycle_reached": 7 * 97}
    assert record_unfinished([later], root=tmp_path / "results") == [later]
    run = tuple(row[k] for k in SETTINGS)
    latest = latest_progress(root=tmp_path / "results")
    assert list(latest) == [run] and latest[run]["cycle_reached"] == 7 * 97
    monkeypatch.setattr(D.K, "run_kernel", _REAL_KERNEL)
    assert item_row(item, ranks=None, seed=2)["completion_cycles"] == whole.completion_cycles


def test_a_run_that_reaches_max_cycles_keeps_its_checkpoint_and_resumes_under_a_larger_one(monkeypatch, tmp_path):
    """max_cycles reached: the checkpoint is saved, not deleted, and a call with a larger max_cycles resumes from it to
    the same run as one in one go (fewer kernel calls than a fresh run)."""
    import lowdiam.sim.booksim.driver as D
    from lowdiam.topologies import dragonfly

    top = dragonfly(4, 2, 2)
    kw = dict(message_bytes=256, routing="min", motif_options={"blocks": 3}, seed=2)
    whole = run_motif(top, "sweep3d", **kw)
    monkeypatch.setattr(D, "PROGRAM_CHUNK_CYCLES", 97)
    ckpt = tmp_path / "run.npz"
    short = whole.completion_cycles // 2
    with pytest.raises(RuntimeError, match="is kept"):
        run_motif(top, "sweep3d", checkpoint=ckpt, checkpoint_seconds=1e9, max_cycles=short, **kw)
    assert ckpt.exists()
    calls = _count_kernel_calls(monkeypatch, D)
    resumed = run_motif(top, "sweep3d", checkpoint=ckpt, checkpoint_seconds=1e9, **kw)
    assert np.array_equal(resumed.message_done, whole.message_done)
    assert resumed.sim.latency_mean == whole.sim.latency_mean and resumed.sim.hops_mean == whole.sim.hops_mean
    assert len(calls) < -(-whole.completion_cycles // 97) and not ckpt.exists()


@pytest.mark.parametrize("motif, kw", [("allreduce", {"algorithm": "ring"}), ("allreduce", {"algorithm": "tree"}),
                                       ("sweep3d", {}), ("halo3d", {}), ("fft", {})])
def test_programs_equal_those_built_with_the_filtering_generator(motif, kw, monkeypatch):
    """``_Builder.send`` copies a list of dependencies without None at C speed; the reference is the generator that
    filters every dependency (the form before 2026-12-05): the same programs, array for array."""
    from lowdiam.sim import motifs as M

    top = hyperx(4, 4).with_endpoints(2)
    fast = compile_motif(top, motif, message_bytes=4096, iterations=2, ranks=16, seed=0, **kw)

    def send(self, a, b, nbytes, deps=()):
        m = self.count
        self.count += 1
        self.src.append(a)
        self.dst.append(b)
        self.size.append(nbytes)
        before = len(self.dep_flat)
        self.dep_flat.extend(d for d in deps if d is not None)
        self.num_deps.append(len(self.dep_flat) - before)
        return m

    monkeypatch.setattr(M._Builder, "send", send)
    ref = compile_motif(top, motif, message_bytes=4096, iterations=2, ranks=16, seed=0, **kw)
    assert fast.num_messages > 0 and int(fast.num_deps.sum()) > 0
    for f in dataclasses.fields(MessageProgram):
        a, b = getattr(fast, f.name), getattr(ref, f.name)
        assert np.array_equal(a, b) if isinstance(a, np.ndarray) else a == b, f.name


@pytest.mark.parametrize("grid, iterations", [((4, 4), 1), ((4, 4), 3), ((2, 8), 2), ((8, 2), 2), ((1, 16), 2),
                                              ((16, 1), 2)])
def test_fft_in_blocks_equals_the_message_by_message_loop(grid, iterations):
    """The FFT's all-to-alls go to the builder as arrays (``_all_to_all``); the reference is the loop they replaced
    (2026-12-06), one ``send`` per message: the same program, array for array."""
    from lowdiam.sim import motifs as M

    top = hyperx(4, 4).with_endpoints(1)
    fast = compile_motif(top, "fft", message_bytes=4096, iterations=iterations, motif_options={"grid": grid})
    pr, pc = grid
    N = pr * pc
    b = M._Builder(np.arange(N, dtype=np.int64), 16 * 4, 0)
    last = [[] for _ in range(N)]
    for _ in range(iterations):
        row_recv = [[] for _ in range(N)]
        for i in range(pr):
            members = [i * pc + j for j in range(pc)]
            for a in members:
                for c in members:
                    if a != c:
                        row_recv[c].append(b.send(a, c, 4096, last[a]))
        col_recv = [[] for _ in range(N)]
        for j in range(pc):
            members = [i * pc + j for i in range(pr)]
            for a in members:
                for c in members:
                    if a != c:
                        col_recv[c].append(b.send(a, c, 4096, row_recv[a] or last[a]))
        last = [col_recv[r] or row_recv[r] for r in range(N)]
    ref = b.build(top.num_endpoints, fast.label)
    assert fast.num_messages == iterations * N * (pr + pc - 2) and int(fast.num_deps.sum()) > 0
    for f in dataclasses.fields(MessageProgram):
        a, r = getattr(fast, f.name), getattr(ref, f.name)
        assert np.array_equal(a, r) if isinstance(a, np.ndarray) else a == r, f.name


def test_builder_drops_none_dependencies_whatever_their_container():
    from lowdiam.sim.motifs import _Builder

    b = _Builder(np.arange(4), packet_bytes=64, delay=0)
    b.send(0, 1, 8)
    b.send(1, 2, 8, [0, None])
    b.send(2, 3, 8, (0, 1))
    b.send(3, 0, 8, [0, 1, 2])
    b.send(0, 2, 8, [None])
    assert (b.dep_flat, b.num_deps) == ([0, 0, 1, 0, 1, 2], [0, 1, 2, 3, 0])
