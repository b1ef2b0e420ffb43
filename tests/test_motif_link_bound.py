"""Busiest-link bounds of motif programs: a per-message slow reference, df-min = gf-min on Dragonflies, the
simulator never finishing below the bound, bad input."""

from __future__ import annotations

from fractions import Fraction

import networkx as nx
import numpy as np
import pytest

from lowdiam.sim import compile_motif, motif_link_bound, run_motif
from lowdiam.sim.traffic import Endpoints
from lowdiam.topologies import Topology, dragonfly


def rrg(d, n, seed, p):
    g = nx.random_regular_graph(d, n, seed=seed)
    return g, Topology.from_edges(f"rrg{n}", "test", n, list(g.edges()), endpoints_per_router=p)


def reference_arc_flits(g, top, prog, packet_flits):
    """Slow reference: message by message, the exact fraction of its flits on every arc when each hop is drawn
    uniformly among the neighbours one step closer to the destination router."""
    src = np.repeat(np.arange(top.num_routers), np.diff(top.indptr))
    idx = {(int(a), int(b)): i for i, (a, b) in enumerate(zip(src, top.indices))}
    dist = dict(nx.all_pairs_shortest_path_length(g))
    router = Endpoints.of(top.endpoints).router
    loads = [Fraction(0)] * top.indices.size
    for m in range(prog.num_messages):
        s, t = int(router[prog.src[m]]), int(router[prog.dst[m]])
        flits = int(prog.packets[m]) * packet_flits
        mass = {s: Fraction(1)}
        for d in range(dist[s][t], 0, -1):
            for c in [v for v in mass if dist[v][t] == d]:
                nxt = [v for v in g[c] if dist[v][t] == d - 1]
                for v in nxt:
                    loads[idx[(c, v)]] += mass[c] / len(nxt) * flits
                    mass[v] = mass.get(v, 0) + mass[c] / len(nxt)
                del mass[c]
    return np.array([float(x) for x in loads])


@pytest.mark.parametrize("motif,kw", [("halo3d", dict(message_bytes=640)), ("fft", dict(message_bytes=256)),
                                      ("allreduce", dict(message_bytes=2048, algorithm="ring")),
                                      ("sweep3d", dict(message_bytes=512))])
@pytest.mark.parametrize("mapping", ["linear", "random"])
def test_min_against_per_message_reference(motif, kw, mapping):
    g, top = rrg(3, 14, 2, 2)
    prog = compile_motif(top, motif, mapping=mapping, seed=3, packet_flits=2, **kw)
    b = motif_link_bound(top, prog, "min", packet_flits=2)
    ref = reference_arc_flits(g, top, prog, 2)
    assert np.allclose(b.arc_flits, ref)
    assert b.busiest_arc_flits == pytest.approx(ref.max())
    assert b.serialization_bound == prog.serialization_bound(2)
    assert b.bound == max(b.busiest_arc_flits, b.serialization_bound)


def test_df_min_is_gf_min_on_a_dragonfly_and_refused_elsewhere():
    top = dragonfly(4, 2, 2)
    prog = compile_motif(top, "halo3d", message_bytes=1024, mapping="random", seed=1)
    a, b = motif_link_bound(top, prog, "df-min"), motif_link_bound(top, prog, "gf-min")
    assert np.array_equal(a.arc_flits, b.arc_flits) and a.routing == "df-min"
    _, r = rrg(4, 12, 1, 2)
    with pytest.raises(ValueError, match="group labels"):
        motif_link_bound(r, compile_motif(r, "fft", message_bytes=64), "df-min")


@pytest.mark.parametrize("routing,motif,kw", [
    ("df-min", "sweep3d", dict(message_bytes=1024)),  # one global link between two groups: loads are exact
    ("df-min", "halo3d", dict(message_bytes=2048)),
    ("min-single", "fft", dict(message_bytes=512)),  # one route per router pair
])
def test_the_simulator_never_finishes_below_the_bound(routing, motif, kw):
    top = dragonfly(4, 2, 2)
    b = motif_link_bound(top, compile_motif(top, motif, **kw), routing)
    r = run_motif(top, motif, routing=routing, **kw)
    assert r.completion_cycles >= b.bound
    assert r.completion_cycles < 3 * b.bound  # and the bound is not vacuous


def test_bad_input():
    _, top = rrg(4, 12, 1, 2)
    prog = compile_motif(top, "fft", message_bytes=64)
    with pytest.raises(ValueError, match=r"oblivious.*'min'.*'df-min'"):
        motif_link_bound(top, prog, "ugal")
    with pytest.raises(ValueError, match="packet_flits"):
        motif_link_bound(top, prog, "min", packet_flits=0)
    other = top.with_endpoints(3)
    with pytest.raises(ValueError, match="compiled for 24 endpoints"):
        motif_link_bound(other, prog, "min")
    with pytest.raises(ValueError, match="paths"):
        motif_link_bound(top, prog, "min", paths="booksim")
    df = dragonfly(4, 2, 2)
    with pytest.raises(ValueError, match="'min-single' only, not 'df-min'"):  # checked on gf-min's model too
        motif_link_bound(df, compile_motif(df, "fft", message_bytes=64), "df-min", paths="booksim-anynet")
