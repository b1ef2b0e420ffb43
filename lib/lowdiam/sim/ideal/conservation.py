"""End-of-run flit accounting of the ideal router's kernels; any imbalance raises ``RuntimeError``."""

from __future__ import annotations

import numpy as np

from .state import K_EJ, K_GEN, K_INJ, K_NFREE

EJECTING = -1  # cur_out of a VC whose head packet is being ejected (routings.base.EJECT)


def _total(a: np.ndarray) -> int:
    return int(a.sum(dtype=np.int64))


def _pending(wheel: np.ndarray, counts: np.ndarray, W: int, n_ch: int, V: int) -> np.ndarray:
    """Events per port/VC still in a time wheel."""
    out = np.zeros(n_ch * V, np.int64)
    for slot in range(W):
        np.add.at(out, wheel[slot * n_ch : slot * n_ch + counts[slot]], 1)
    return out


def cut_through(st) -> dict[str, int]:
    """Flit accounting of the cut-through kernel (``st``: its :class:`~.state.KernelState`)."""
    cfg, ctr, vcs = st.cfg, st.stats.ctr, st.vcs
    P, cap, V, W = cfg.packet_flits, cfg.buffer_flits, cfg.vcs, cfg.wheel
    n_ch = cfg.arcs + cfg.endpoints
    gen, inj, ej = int(ctr[K_GEN]), int(ctr[K_INJ]), int(ctr[K_EJ])
    queued = _total(st.sources.count)
    buffered = _total(vcs.count)
    live = st.packets.free_stack.size - int(ctr[K_NFREE])
    pending = _pending(vcs.wheel, vcs.wheel_cnt, W, n_ch, V)
    problems = []
    if gen != inj + queued:
        problems.append(f"generated {gen * P} flits != injected {inj * P} + source-queued {queued * P}")
    if inj != ej + buffered:
        problems.append(f"injected {inj * P} flits != ejected {ej * P} + in network {buffered * P}")
    if live != buffered:
        problems.append(f"{live} packet slots in use but {buffered} packets buffered")
    bal = st.ports.credits.astype(np.int64) + P * pending + P * vcs.count.astype(np.int64)
    problems += _port_problems(st, bal, cap, V, n_ch)
    flits = {
        "generated_flits": gen * P, "injected_flits": inj * P, "ejected_flits": ej * P,
        "in_network_flits": buffered * P, "source_queued_flits": queued * P,
    }
    problems += _flit_balance(flits)
    if problems:
        raise RuntimeError("conservation check failed: " + "; ".join(problems))
    return flits


def wormhole(st) -> dict[str, int]:
    """Flit accounting of the wormhole kernel."""
    cfg, ctr, vcs = st.cfg, st.stats.ctr, st.vcs
    P, cap, V, W = cfg.packet_flits, cfg.buffer_flits, cfg.vcs, cfg.wheel
    n_ch = cfg.arcs + cfg.endpoints
    gen, inj, ej = int(ctr[K_GEN]), int(ctr[K_INJ]), int(ctr[K_EJ])
    queued = _total(st.sources.count)
    live = st.packets.free_stack.size - int(ctr[K_NFREE])
    cr = _pending(vcs.wcr, vcs.wcr_cnt, W, n_ch, V)
    fl = _pending(vcs.wfl, vcs.wfl_cnt, W, n_ch, V)
    buffered = vcs.flits.astype(np.int64)
    at_source = _total(np.where(vcs.inj_pkt >= 0, P - vcs.inj_sent, 0))
    ejecting = _total(np.where(vcs.cur_out == EJECTING, vcs.head_sent, 0))
    problems = []
    if gen != inj + queued:
        problems.append(f"generated {gen} packets != injected {inj} + source-queued {queued}")
    if live != inj - ej:
        problems.append(f"{live} packet slots in use but {inj - ej} packets live")
    in_net = int(buffered.sum() + fl.sum())
    if (inj - ej) * P != at_source + in_net + ejecting:
        problems.append(
            f"live packets hold {(inj - ej) * P} flits != {at_source} at sources + {in_net} in the network "
            f"+ {ejecting} already ejected"
        )
    bal = st.ports.credits.astype(np.int64) + cr + buffered + fl
    problems += _port_problems(st, bal, cap, V, n_ch)
    # flits, not packets: a packet partly injected has its unsent flits at the source and the rest in
    # the network; a packet partly ejected has its delivered flits counted as ejected
    flits = {
        "generated_flits": gen * P, "injected_flits": inj * P - at_source, "ejected_flits": ej * P + ejecting,
        "in_network_flits": in_net, "source_queued_flits": queued * P + at_source,
    }
    problems += _flit_balance(flits)
    if problems:
        raise RuntimeError("conservation check failed (wormhole): " + "; ".join(problems))
    return flits


def _flit_balance(flits: dict[str, int]) -> list[str]:
    """The reported counters must add up: generated = injected + queued, injected = ejected + in network."""
    problems = []
    if flits["generated_flits"] != flits["injected_flits"] + flits["source_queued_flits"]:
        problems.append(f"reported generated {flits['generated_flits']} flits != injected {flits['injected_flits']}"
                        f" + source-queued {flits['source_queued_flits']}")
    if flits["injected_flits"] != flits["ejected_flits"] + flits["in_network_flits"]:
        problems.append(f"reported injected {flits['injected_flits']} flits != ejected {flits['ejected_flits']}"
                        f" + in network {flits['in_network_flits']}")
    return problems


def _port_problems(st, bal, cap, V, n_ch) -> list[str]:
    """Per port/VC checks shared by both kernels: credits + flits owed (``bal``) equal the buffer size."""
    problems = []
    credits = st.ports.credits
    if np.any(bal != cap):
        bad = int(np.flatnonzero(bal != cap)[0])
        problems.append(f"credit imbalance at port/VC {bad}: {bal[bad]} != buffer {cap}")
    used = (cap - credits.astype(np.int64)).reshape(n_ch, V).sum(axis=1)
    if np.any(used != st.ports.used):
        problems.append("per-port occupancy counters disagree with credits")
    if np.any(st.ports.pend < 0):
        problems.append("negative waiting demand on a port")
    return problems
