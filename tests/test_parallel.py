"""lowdiam.parallel.run_each: the executor of sweeps and recorded computations."""

import pytest

from lowdiam.parallel import run_each, shutdown_pool


def _collect(fn, inputs, **kw):
    got = {}
    run_each(fn, inputs, got.__setitem__, **kw)
    return got


def test_processes_and_dask_give_what_one_process_gives():
    distributed = pytest.importorskip("distributed")
    inputs = [-3, 4, -5, 0, 7]
    serial = _collect(abs, inputs)
    assert serial == {0: 3, 1: 4, 2: 5, 3: 0, 4: 7}
    try:
        assert _collect(abs, inputs, processes=2, order=[4, 3, 2, 1, 0]) == serial
    finally:
        shutdown_pool()
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert _collect(abs, inputs, scheduler=cluster.scheduler_address) == serial
        assert _collect(abs, inputs, scheduler=cluster.scheduler_address,
                        keys=[f"abs-{i}" for i in range(5)]) == serial


def test_in_process_order_and_failures_name_the_input():
    seen = []
    run_each(str.upper, ["a", "b", "c"], lambda i, r: seen.append(r), order=[2, 0, 1])
    assert seen == ["C", "A", "B"]
    with pytest.raises(ValueError) as err:
        run_each(int, ["1", "x"], lambda i, r: None, describe=lambda s: f"while parsing {s!r}")
    assert "while parsing 'x'" in err.value.__notes__
    with pytest.raises(ValueError, match="permutation"):
        run_each(abs, [1, 2], lambda i, r: None, order=[0, 0])
    with pytest.raises(ValueError, match="one Dask key per input"):
        run_each(abs, [1, 2], lambda i, r: None, keys=["a"])
    with pytest.raises(ValueError, match="processes"):
        run_each(abs, [1], lambda i, r: None, processes=0)


def test_each_local_worker_has_a_progress_row_of_its_own():
    from lowdiam import parallel

    assert parallel.worker_slot() == 0  # the calling process: the row of its own bar
    try:
        rows = _collect(parallel._slot_of, list(range(6)), processes=2)
    finally:
        shutdown_pool()
    assert set(rows.values()) <= {1, 2} and len(rows) == 6  # workers: rows 1..processes, below the caller's
