"""run_sweep: one labelled bar with the total and the time left; Ctrl-C says what was kept, and the same call
resumes after it."""

import pytest

from lowdiam import sweep
from lowdiam.sweep import Recipe, Run


def _runs():
    return [Run(Recipe("hyperx", args=(3, 3)), "min", "uniform", load, sim={"measure_cycles": 100})
            for load in (0.1, 0.2, 0.3)]


def _fake(n_done, interrupt):
    """A stand-in executor: finishes the first ``n_done`` runs, then Ctrl-C (or returns)."""

    def run_local(runs, processes, bar, done):
        for i in range(n_done):
            done(i, ({"accepted_load": runs[i].load, "fake": True}, []))
            bar.update()
        if interrupt:
            raise KeyboardInterrupt

    return run_local


def test_ctrl_c_says_what_was_kept_and_the_same_call_resumes(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    log = sweep.result_log("05_simulation", "demo", root=tmp_path / "results")
    monkeypatch.setattr(sweep, "_run_local", _fake(2, interrupt=True))
    with pytest.raises(KeyboardInterrupt) as info:
        sweep.run_sweep(_runs(), processes=1, progress=False, record=log)
    err = capsys.readouterr().err
    for text in (err, str(info.value)):
        assert "run_sweep interrupted: 2 of 3 simulations to compute had finished" in text
        assert str(tmp_path / "cache") in text and "demo.csv" in text and "resumes" in text
    assert info.value.__cause__ is None and info.value.__suppress_context__
    assert len(log.rows()) == 2
    seen = []

    def rest(runs, processes, bar, done):
        seen.extend(r.load for r in runs)
        _fake(len(runs), interrupt=False)(runs, processes, bar, done)

    monkeypatch.setattr(sweep, "_run_local", rest)
    out = sweep.run_sweep(_runs(), processes=1, progress=False, record=log)
    assert seen == [0.3] and [r["recorded"] for r in out] == [True, True, False]


def test_the_bar_is_labelled_and_counts_the_total(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(sweep, "_run_local", _fake(3, interrupt=False))
    sweep.run_sweep(_runs(), processes=1, progress=True, desc="HX(3x3) MIN uniform")
    err = capsys.readouterr().err
    assert "HX(3x3) MIN uniform" in err and "/3" in err
    with pytest.raises(TypeError, match="desc"):
        sweep.run_sweep(_runs(), processes=1, progress=False, desc=3)
