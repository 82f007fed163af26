"""docs/results/report.py, the summary of the min-cells datasets (issue 25)."""

import importlib.util
import re
from pathlib import Path

import orjson

from freecell_cli.mincells import min_cells

spec = importlib.util.spec_from_file_location("report", Path(__file__).parent.parent / "docs" / "results" / "report.py")
report = importlib.util.module_from_spec(spec)
spec.loader.exec_module(report)


def _file(path, records):
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    return str(path)


def test_the_report_compares_variants_and_the_table(tmp_path, capsys):
    # Deal 575 needs 4 cells under standard and 3 under site (README); deal 3 needs 2 under both.
    std = _file(tmp_path / "std.jsonl", [min_cells(575, "standard", max_cells=4), min_cells(3, "standard", max_cells=4)])
    site = _file(tmp_path / "site.jsonl", [min_cells(575, "site", max_cells=4), min_cells(3, "site", max_cells=4)])
    table = tmp_path / "table"
    table.write_text("3 2\n575 4\n")
    assert report.main(["--standard", std, "--site", site, "--table", str(table)]) == 0
    out = capsys.readouterr().out
    assert "| 2 | 1 | 1 |\n| 3 | 0 | 1 |\n| 4 | 1 | 0 |\n| deals | 2 | 2 |\n" in out
    assert "standard against the published table: 2 equal, 0 not settled by us but within our range, 0 contradict" in out
    # (which move depends on the line the site's search found)
    assert re.search(r"\| 575 \| 4 \| 3 \| move \d+ `\w\w`: 4 cards > can move 3 \(2 free cells, 0 empty columns\) \|", out)


def test_a_contradiction_with_the_table_fails(tmp_path, capsys):
    std = _file(tmp_path / "std.jsonl", [min_cells(3, "standard", max_cells=4)])
    table = tmp_path / "table"
    table.write_text("3 1\n")
    assert report.main(["--standard", std, "--table", str(table)]) == 1
    assert "1 contradict: deal 3: ours 2, published 1" in capsys.readouterr().out


def test_a_later_file_settles_what_an_earlier_one_left_open(tmp_path, capsys):
    settled = min_cells(3, "standard", max_cells=4)
    opened = dict(settled, verdict="gave-up", min_cells=None, known=[1, 2], proof={"cells": 0, "states": 1, "seconds": 0.0})
    opened.pop("solution")
    opened.pop("solution_cells")
    first = _file(tmp_path / "a.jsonl", [opened])
    assert report.main(["--standard", first]) == 0
    assert "standard: not settled: 3 (1..2)" in capsys.readouterr().out
    assert report.main(["--standard", first, _file(tmp_path / "b.jsonl", [settled])]) == 0
    out = capsys.readouterr().out
    assert "not settled" not in out and "| 2 | 1 |" in out
