"""The README: a one-screen quick start whose numbers come from measured data and code, and whose
"use it on your own network" example runs as written."""

import csv
import re
import tomllib
from pathlib import Path

from lowdiam.topologies import Topology

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MARKER = "<!-- example: own-network"
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def readme_example() -> str:
    text = README.read_text()
    assert MARKER in text, "README lost its own-network example marker"
    block = re.search(r"```python\n(.*?)```", text[text.index(MARKER):], re.DOTALL)
    assert block, "no python block after the own-network marker"
    return block.group(1)


def test_readme_example_is_short_and_uses_the_public_api():
    code = readme_example()
    assert len(code.strip().splitlines()) <= 20
    assert "lowdiam.topologies.read" in code and "networkx" in code
    assert 'if __name__ == "__main__":' in code  # worker processes import the user's script
    assert '"min"' in code and '"ugal"' in code  # both routings on the user's graph
    compile(code, "README.md", "exec")


def measured() -> dict[str, float]:
    with (ROOT / "results" / "measurements.csv").open(newline="") as fh:
        return {row["name"]: float(row["value"]) for row in csv.DictReader(fh)}


def minutes(seconds: float) -> str:
    return f"{seconds / 60:.1f} min"


def expected_numbers() -> dict[str, str]:
    """Every number the README states, as it must be written there, from measured data or from the code."""
    from lowdiam.sim.routings import ugal

    m = measured()
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    python = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    papers = re.findall(r"(?m)^\d+\. ", (ROOT / "docs" / "papers.md").read_text())
    return {
        "requirement": f"Python {python.replace('>=', '>= ')}",
        "venv size": f"about {m['venv_megabytes'] / 1000:.1f} GB of disk for the virtual environment "
                     f"({m['venv_megabytes']:.0f} MB measured)",
        "make test": f"{minutes(m['make_test_seconds'])} (last CI run",
        "notebook count": f"{WORDS[len(notebooks)]} notebooks",
        "all notebooks": f"all {WORDS[len(notebooks)]} notebooks",
        "paper count": f"{WORDS[len(papers)]} papers",
        "make figures": f"took {minutes(m['make_figures_seconds'])} in a fresh clone",
        "notebook 00": f"{minutes(m['nb00_cold_seconds'])} from an empty cache, "
                       f"{minutes(m['nb00_warm_seconds']).replace(' min', '')} min warm",
        "compile": f"compiles the numba kernels ({minutes(m['first_simulate_seconds'])} measured",
        "ugal default": f'routing_options={{"threshold": t}}` (default {ugal.DEFAULT_THRESHOLD}',
        "ugal booksim": f"BookSim2 uses {ugal.BOOKSIM_THRESHOLD})",
        "scale-out": f"PolarStar Fig. 9 takes {m['fig9_async_16_cores_hours']:.2f} h on 16 cores and "
                     f"{m['fig9_async_256_cores_hours']:.2f} h on 256",
    }


def prose(text: str) -> str:
    """The README without code blocks, inline code, link targets and HTML tags: the text a reader reads."""
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    # names of tables and notebooks, not quantities
    text = re.sub(r"\b(Table|Fig\.|notebook|notebooks/|NB=)\s*\d+", " ", text, flags=re.I)
    return re.sub(r"<[^>]*>", " ", text)


def test_readme_numbers_come_from_measurements_and_code():
    text = " ".join(README.read_text().split())
    for what, snippet in expected_numbers().items():
        assert " ".join(snippet.split()) in text, f"README's {what} drifted: expected {snippet!r}"
    # and it states no other number: each one in the prose is one of the above
    number = r"\d+(?:\.\d+)?"
    allowed = set(re.findall(number, " ".join(expected_numbers().values())))
    allowed.add("2")  # the "2" of "BookSim2" and of "2 cores" (the CI machine)
    for n in re.findall(number, prose(README.read_text())):
        assert n in allowed, f"README states {n}, produced by nothing"


def test_readme_is_a_one_screen_quick_start():
    text = README.read_text()
    assert len(re.findall(r"[^\s]+", text)) < 800  # ~800 words
    first_screen = "\n".join(text.splitlines()[:30])
    assert "```bash" in first_screen and "make test" in first_screen and "make figures" in first_screen
    assert "Python >=" in first_screen
    for needed in ("docs/index.md", "figures/claims.md", "results/paper", "PROFILE=paper", "overwrites"):
        assert needed in text, needed
    # the figure the small notebook writes is the one notebook 00 saves and shows (drawn by studies.zoo_figures)
    assert (ROOT / "figures" / "00_table3_hop_distances.png").exists()
    assert 'save_figure(fig, "00_table3_hop_distances", directory)' in (
        ROOT / "lib" / "lowdiam" / "studies" / "zoo_figures.py").read_text()
    nb = (ROOT / "notebooks" / "00_topologies.ipynb").read_text()
    assert "from lowdiam.studies import zoo_figures as figures" in nb and "figures.hop_distances(" in nb


def test_docs_index_links_every_page():
    index = (ROOT / "docs" / "index.md").read_text()
    for page in sorted((ROOT / "docs").glob("*.md")):
        if page.name != "index.md":
            assert f"]({page.name})" in index, f"docs/index.md does not link {page.name}"
    for target in re.findall(r"\]\(([^)#]+)\)", index):
        assert (ROOT / "docs" / target).resolve().exists(), target


def test_readme_points_inside_the_repository():
    text = README.read_text()
    assert "../" not in text.replace("](../", "")  # no link to a folder outside the repository
    for target in re.findall(r"\]\(([^)#]+)\)", text):
        if not target.startswith("http"):
            assert (README.parent / target).exists(), target


def test_readme_example_runs(tmp_path, monkeypatch, capsys):
    assert hasattr(Topology, "from_networkx")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LOWDIAM_CACHE", str(tmp_path / "cache"))
    exec(compile(readme_example(), "README.md", "exec"), {"__name__": "__main__"})  # noqa: S102 - our README
    out = capsys.readouterr().out
    assert "diameter" in out and "saturation load" in out
    assert re.search(r"^min accepted", out, re.M) and re.search(r"^ugal accepted", out, re.M)
