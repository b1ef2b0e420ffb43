"""One function over many inputs, on local worker processes or a Dask cluster, each result handed back as it finishes.

The executor behind :func:`lowdiam.sweep.run_sweep` (simulations) and :meth:`lowdiam.results.ResultLog.run`
(any recorded computation, e.g. notebook 07's motif runs), so that a long paper profile uses both local cores or a
cluster the same way.  Results come back in completion order through a ``done(i, result)`` callback, so a caller
can record each one at once and an interrupted run keeps what finished.

Local workers are ``spawn``-ed processes in one long-lived pool (numba kernels load once per worker); the function
and its inputs must be picklable by reference: a module-level function (``functools.partial`` of one is fine), not a
closure or a lambda.  On Dask (``scheduler=`` an address or a ``distributed.Client``) they are cloudpickled.

Examples
--------
>>> out = {}
>>> run_each(abs, [-2, 3], lambda i, r: out.__setitem__(i, r))
>>> out
{0: 2, 1: 3}
"""

from __future__ import annotations

import atexit
import concurrent.futures as cf
import multiprocessing
import sys
from collections.abc import Callable, Sequence
from typing import Any

from .validate import check_int

__all__ = ["BROKEN_POOL", "inside_spawned_import", "run_each", "shutdown_pool", "worker_slot"]

BROKEN_POOL = (
    "a worker process died before returning a result. Usual causes: (1) the work was started from a script "
    "without an `if __name__ == \"__main__\":` guard -- worker processes start by importing the main script, so "
    "the call must sit under that guard (or use processes=1); (2) a worker was killed, e.g. out of memory (try "
    "fewer processes or smaller networks)"
)

_POOL: dict[str, Any] = {"size": 0, "executor": None}
_SLOT = {"slot": 0}  # this process's row for progress bars: 0 here, 1..size in a pool's workers


def _init_worker(counter, size: int) -> None:
    # each worker takes the next row, 1..size (a worker that replaces a dead one reuses a row)
    with counter.get_lock():
        _SLOT["slot"] = counter.value % size + 1
        counter.value += 1


def _pool(size: int) -> cf.ProcessPoolExecutor:
    # one long-lived pool: numba kernels load once per worker, not once per call
    if _POOL["executor"] is None or _POOL["size"] != size:
        shutdown_pool()
        ctx = multiprocessing.get_context("spawn")  # fork is unsafe once numba/threads are loaded
        _POOL["executor"] = cf.ProcessPoolExecutor(max_workers=size, mp_context=ctx, initializer=_init_worker,
                                                   initargs=(ctx.Value("i", 0), size))
        _POOL["size"] = size
    return _POOL["executor"]


def worker_slot() -> int:
    """This process's row for a progress bar: 0 in the calling process, 1 to ``processes`` in a local worker.

    Work that shows its own bar inside :func:`run_each`'s local workers passes it as tqdm's ``position``, so the
    workers' bars stand on rows of their own below the caller's (one labelled bar per job).  Dask workers, whose
    output does not reach the caller's terminal, and the calling process give 0.

    Returns
    -------
    int
        The row.

    Examples
    --------
    >>> worker_slot()
    0
    >>> rows = {}
    >>> run_each(_slot_of, [0, 1], rows.__setitem__, processes=2)
    >>> sorted(set(rows.values())) in ([1], [2], [1, 2])
    True
    """
    return _SLOT["slot"]


def _slot_of(_):
    return worker_slot()


def shutdown_pool() -> None:
    """Stop the worker processes kept alive between calls (also done at exit)."""
    ex = _POOL["executor"]
    _POOL["executor"], _POOL["size"] = None, 0
    if ex is not None:
        ex.shutdown(wait=True, cancel_futures=True)


atexit.register(shutdown_pool)


def inside_spawned_import() -> bool:
    """True while a worker process re-imports the user's unguarded main script."""
    main = sys.modules.get("__main__")
    return getattr(main, "__name__", "") == "__mp_main__"


def run_each(fn: Callable[[Any], Any], inputs: Sequence[Any], done: Callable[[int, Any], None], *,
             processes: int = 1, scheduler: Any = None, order: Sequence[int] | None = None,
             keys: Sequence[str] | None = None, describe: Callable[[Any], str] | None = None,
             broken: str = BROKEN_POOL) -> None:
    """Call ``done(i, fn(inputs[i]))`` for every ``i``, each as soon as its result exists.

    Parameters
    ----------
    fn : callable
        Applied to each input (picklable by reference unless ``processes == 1``).
    inputs : sequence
        The inputs.
    done : callable
        ``done(i, result)``, called in this process, in completion order.
    processes : int
        Local worker processes; 1 (default) runs everything here, in ``order``.
    scheduler : str or distributed.Client, optional
        A Dask scheduler address or client: the work goes there instead (``processes`` is then unused).
    order : sequence of int, optional
        Submission order (a permutation of the indices), e.g. to keep similar inputs on one worker.
    keys : sequence of str, optional
        Dask task keys, one per input (default: Dask's own).
    describe : callable, optional
        ``describe(input)`` is added to an exception's notes, naming the input that failed.
    broken : str
        Message of the ``RuntimeError`` raised when a local worker process dies.

    Raises
    ------
    ValueError
        ``processes`` below 1, or ``order`` / ``keys`` that do not match ``inputs``.
    RuntimeError
        A local worker process died (``broken``).

    Examples
    --------
    >>> got = []
    >>> run_each(len, ["ab", "c"], lambda i, r: got.append((i, r)), order=[1, 0])
    >>> got
    [(1, 1), (0, 2)]
    """
    processes = check_int("processes", processes, low=1)
    n = len(inputs)
    order = list(range(n)) if order is None else [int(i) for i in order]
    if sorted(order) != list(range(n)):
        raise ValueError(f"order must be a permutation of range({n}), got {order!r}")
    if keys is not None and len(keys) != n:
        raise ValueError(f"keys needs one Dask key per input ({n}), got {len(keys)}")

    def fail(i: int, exc: BaseException) -> BaseException:
        if describe is not None:
            exc.add_note(describe(inputs[i]))
        return exc

    if scheduler is not None:
        _on_dask(fn, inputs, done, scheduler, order, keys, fail)
        return
    if processes == 1 or n <= 1:
        for i in order:
            try:
                result = fn(inputs[i])
            except Exception as exc:  # noqa: BLE001 - re-raised, with the input named
                raise fail(i, exc) from exc
            done(i, result)
        return
    ex = _pool(processes)
    futs = {ex.submit(fn, inputs[i]): i for i in order}
    try:
        for fut in cf.as_completed(futs):
            i = futs[fut]
            try:
                result = fut.result()
            except cf.process.BrokenProcessPool as exc:
                shutdown_pool()  # a worker died (killed, out of memory): never reuse a broken pool
                raise RuntimeError(broken) from exc
            except Exception as exc:  # noqa: BLE001 - re-raised, with the input named
                raise fail(i, exc) from exc
            done(i, result)
    except BaseException:
        for f in futs:
            f.cancel()
        raise


def _on_dask(fn, inputs, done, scheduler, order, keys, fail) -> None:
    from distributed import Client, as_completed

    own = not isinstance(scheduler, Client)
    client = Client(scheduler) if own else scheduler
    try:
        futs = {}
        for i in order:
            kw = {"key": keys[i], "pure": True} if keys is not None else {"pure": False}
            futs[client.submit(fn, inputs[i], **kw)] = i
        for fut in as_completed(list(futs)):
            i = futs[fut]
            try:
                result = fut.result()
            except Exception as exc:  # noqa: BLE001 - re-raised, with the input named
                raise fail(i, exc) from exc
            done(i, result)
    finally:
        if own:
            client.close()
