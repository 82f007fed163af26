"""The scripts of the Scripting guide (docs/scripting.md) run, on small ranges."""

import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

import freecell_cli as fc

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "scripting.md"


def scripts() -> dict[str, str]:
    blocks = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    return {m.group(1): b for b in blocks if (m := re.match(r"# (\w+\.py) ", b))}


def run(name, *args, tmp_path):
    path = tmp_path / name
    path.write_text(scripts()[name])
    out = subprocess.run([sys.executable, str(path), *map(str, args)], capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_guide_has_three_scripts():
    assert sorted(scripts()) == ["check_folder.py", "hardest.py", "site_vs_standard.py"]


def test_hardest(tmp_path):
    lines = run("hardest.py", "1-4", 2, tmp_path=tmp_path).splitlines()
    assert lines[0].split() == ["deal", "verdict", "states", "moves"]
    rows = [line.split() for line in lines[1:]]
    assert len(rows) == 2
    states = {r["deal"]: r["states"] for r in fc.analyze("1-4", engine="auto", time_limit=30)}
    assert int(rows[0][2]) == max(states.values()) >= int(rows[1][2])


def test_site_vs_standard(tmp_path):
    lines = run("site_vs_standard.py", "1-3", 5, tmp_path=tmp_path).splitlines()
    assert lines[0].split() == ["deal", "site", "standard", "difference"]
    rows = [list(map(int, line.split())) for line in lines[1:]]
    assert sorted(r[0] for r in rows) == [1, 2, 3]
    assert all(r[3] == r[2] - r[1] for r in rows)
    diffs = [abs(r[3]) for r in rows]
    assert diffs == sorted(diffs, reverse=True)


def test_check_folder(tmp_path):
    folder = tmp_path / "solutions"
    folder.mkdir()
    r = fc.solve(fc.deal(617), engine="builtin")
    (folder / "617.sol").write_text(fc.format_solution(r))
    (folder / "617.json").write_text(fc.format_solution(r, "json"))
    (folder / "short.sol").write_text("# freecell-cli solution\n# deal: 617\n5a 82\n")
    (folder / "bad-move.sol").write_text("# freecell-cli solution\n# deal: 617\n5a 58\n")
    (folder / "no-deal.txt").write_text("5a 82\n")
    (folder / "garbage.txt").write_text("this is not a solution\n")
    report = tmp_path / "report.csv"
    run("check_folder.py", folder, report, tmp_path=tmp_path)
    rows = {row["file"]: row for row in csv.DictReader(io.StringIO(report.read_text()))}
    assert sorted(rows) == sorted(p.name for p in folder.iterdir())
    assert rows["617.sol"]["solved"] == rows["617.json"]["solved"] == "True"
    assert rows["617.sol"]["moves"] == str(r.move_count)
    assert rows["short.sol"]["valid"] == "True" and rows["short.sol"]["problem"] == "does not solve"
    assert rows["bad-move.sol"]["valid"] == "False" and "7C cannot go on QH" in rows["bad-move.sol"]["problem"]
    assert "names no deal" in rows["no-deal.txt"]["problem"]
    assert rows["garbage.txt"]["problem"] and rows["garbage.txt"]["valid"] == ""


def test_docs_build_offline(tmp_path):
    """`make docs`: pdoc's reference and the guide, with nothing loaded from the network."""
    build = GUIDE.parent / "build.py"
    out = subprocess.run([sys.executable, str(build), str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0 and out.stderr == "", out.stderr  # no warning from pdoc either
    reference = (tmp_path / "freecell_cli.html").read_text()
    for name in ["solve", "hint", "verify", "read_solution", "format_solution", "analyze", "spider_solve",
                 "spider_verify", "read_spider_solution", "format_spider_solution", "Result", "Verdict"]:
        assert f'id="{name}"' in reference, name
    for page in [reference, (tmp_path / "scripting.html").read_text()]:
        assert not re.search(r"""src=["']https?:""", page)
    assert "check_folder.py" in (tmp_path / "scripting.html").read_text()


def test_the_guide_states_the_sites_capacity():
    """The rule the guide's comparison rests on, as the variants compute it."""
    text = " ".join(GUIDE.read_text().split())
    assert "2^(empty free cells) × (empty columns + 1) cards move (4 empty free cells: 16 cards)" in text
    assert "(free cells + 1) × 2^(empty columns) (4 empty free cells: 5 cards)" in text
    assert fc.find_variant("site").capacity(4, 0) == 16 and fc.find_variant("standard").capacity(4, 0) == 5
    assert "any length" not in text
