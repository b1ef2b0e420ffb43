"""The router models' run kernels release the GIL (``lowdiam.sim.driver``): a Dask worker running one for minutes
still answers its scheduler's heartbeats."""

import threading
import time

from lowdiam.sim import simulate
from lowdiam.sim.booksim import kernel as booksim_kernel
from lowdiam.sim.caminos import kernel as caminos_kernel
from lowdiam.sim.ideal import cut_through, wormhole


def test_every_run_kernel_is_compiled_without_the_gil():
    for fn in (booksim_kernel._run_kernel, caminos_kernel.run, cut_through.run_cut_through, wormhole.run_wormhole):
        assert fn.targetoptions.get("nogil") is True, fn


def test_another_thread_runs_while_the_booksim_kernel_simulates():
    """A thread ticking every millisecond keeps ticking while a run's kernel call holds the main thread (it stops
    for the whole call when the kernel keeps the GIL: measured with ``nogil`` removed)."""
    from lowdiam.topologies import jellyfish

    top = jellyfish(60, 6, seed=1, endpoints_per_router=2)
    simulate(top, "min", "uniform", 0.3, warmup_cycles=50, measure_cycles=50, seed=0)  # compiled and warm
    ticks, stop = [], threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    th = threading.Thread(target=tick)
    t0 = time.perf_counter()
    th.start()
    simulate(top, "min", "uniform", 0.3, warmup_cycles=5000, measure_cycles=15000, seed=0)
    t1 = time.perf_counter()
    stop.set()
    th.join()
    inside = [t for t in ticks if t0 < t < t1]
    gaps = max(b - a for a, b in zip(inside, inside[1:]))
    # with the GIL held the longest gap is the whole call
    assert t1 - t0 > 0.2 and gaps < 0.5 * (t1 - t0), (t1 - t0, gaps)
