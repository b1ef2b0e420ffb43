"""One code-identity scheme (lowdiam.code_identity): every cache, checkpoint and committed row builds on it, and the
identities it replaced keep their values (no compiled kernel or cached result is orphaned by the move)."""

import hashlib
import json
import shutil
from pathlib import Path

import pytest

import lowdiam.sim as sim
from lowdiam import cache, code_identity, results, sweep, timing
from lowdiam.sim import kernel_cache
from lowdiam.sim.booksim import checkpoint


def test_file_digest_is_sha256_of_the_bytes_and_follows_edits(tmp_path):
    f = tmp_path / "m.py"
    f.write_bytes(b"x = 1\n")
    assert code_identity.file_digest(f) == hashlib.sha256(b"x = 1\n").hexdigest()
    assert code_identity.source_stamp(f) == hashlib.sha256(b"x = 1\n").digest()
    f.write_bytes(b"x = 22\n")  # another size: a new memo key even within the same mtime tick
    assert code_identity.file_digest(f) == hashlib.sha256(b"x = 22\n").hexdigest()


def test_manifest_keeps_lowdiam_modules_and_drops_the_rest():
    m = code_identity.manifest(["lowdiam.validate", "numpy", "lowdiam.cache"], exclude=("lowdiam.cache",))
    assert list(m) == ["lowdiam.validate"]
    assert m["lowdiam.validate"] == code_identity.file_digest(Path(code_identity.__file__).with_name("validate.py"))
    assert code_identity.manifest_is_current(m)
    assert not code_identity.manifest_is_current({"lowdiam.validate": "0" * 64})
    assert not code_identity.manifest_is_current(["lowdiam.validate"])
    assert code_identity.manifest(["lowdiam.validate"], depends=["lowdiam.sim"]) == {}


def test_the_cache_manifest_is_the_scheme_without_the_cache_itself():
    import lowdiam.validate  # noqa: F401

    got = cache.code_manifest()
    assert "lowdiam.cache" not in got and got["lowdiam.validate"] == code_identity.module_digest("lowdiam.validate")


def test_sweep_fingerprint_is_the_manifest_fingerprint_it_always_was():
    m = cache.code_manifest(depends=("lowdiam.sim", "lowdiam.topologies", "lowdiam.metrics"))
    old_formula = hashlib.sha256(json.dumps(m, sort_keys=True).encode()).hexdigest()[:16]
    assert sweep.code_fingerprint() == old_formula == code_identity.manifest_fingerprint(m)


@pytest.mark.parametrize("group", [None, *kernel_cache.GROUPS])
def test_kernel_folders_keep_their_names(group):
    """The kernel folder's fingerprint is the same formula as before the move (relative path, NUL, bytes, NUL), so
    no compiled kernel is recompiled because of it."""
    pkg = Path(sim.__file__).resolve().parent
    h = hashlib.sha256()
    for path in kernel_cache.kernel_sources(pkg, group=group):
        h.update(path.relative_to(pkg).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    assert kernel_cache.source_fingerprint(pkg, group) == h.hexdigest()[:16]


def test_checkpoint_fingerprint_follows_every_sim_source(tmp_path, monkeypatch):
    pkg = Path(sim.__file__).resolve().parent
    copy = tmp_path / "sim"
    shutil.copytree(pkg, copy, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(checkpoint, "_SIM_ROOT", copy)
    before = checkpoint._sim_source_hash()
    assert before == code_identity.tree_digest(copy.rglob("*.py"), copy)
    (copy / "results.py").write_text((copy / "results.py").read_text() + "\n# edited\n")
    assert checkpoint._sim_source_hash() != before


def test_every_row_and_timing_names_the_same_commit():
    assert results.code_commit is code_identity.commit
    assert timing.code_commit is code_identity.commit
    c = code_identity.commit()
    assert c == "unknown" or len(c.split("+")[0]) == 40


def test_tree_digest_refuses_a_file_outside_its_root(tmp_path):
    (tmp_path / "a").mkdir()
    f = tmp_path / "b.py"
    f.write_text("")
    with pytest.raises(ValueError, match="not inside"):
        code_identity.tree_digest([f], tmp_path / "a")
