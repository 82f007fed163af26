"""docs/results/report.py, the summary of the min-cells datasets (issue 25)."""

import importlib.util
import re
from pathlib import Path

import orjson
import pytest

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


def _open(record, known):
    """``record`` as a search that gave up with ``known`` and found no line."""
    out = dict(record, verdict="gave-up", min_cells=None, known=list(known))
    out.pop("solution")
    out.pop("solution_cells")
    return out


def test_a_textbook_proof_settles_the_site_with_one_cell(tmp_path, capsys):
    # Deal 3 needs 2 cells under both: the textbook's proof that 1 is too few holds
    # for the site, whose moves with one cell are all the textbook's.
    std = min_cells(3, "standard", max_cells=4)
    found = min_cells(3, "site", max_cells=4)
    site = dict(_open(found, (1, 2)), solution=found["solution"], solution_cells=2)  # its 2-cell line kept
    assert report.main(["--standard", _file(tmp_path / "s.jsonl", [std]),
                        "--site", _file(tmp_path / "t.jsonl", [site])]) == 0
    out = capsys.readouterr().out
    assert ("- site 3: 2 (standard proved 1 cell too few, and site's moves with at most 1 cell are standard's)"
            in out)
    assert "not settled" not in out


def test_a_line_of_one_variant_legal_under_the_other_settles_it(tmp_path, capsys):
    # Deal 10 needs 2 cells under both, and the textbook's 2-cell line keeps to the
    # site's runs; deal 3's does not (its move 64 carries 8 cards where the site
    # allows 6), so it settles nothing.
    std = [min_cells(n, "standard", max_cells=4) for n in (10, 3)]
    site = [_open(min_cells(n, "site", max_cells=4), (2, 3)) for n in (10, 3)]  # no 2-cell line found
    assert report.main(["--standard", _file(tmp_path / "s.jsonl", std),
                        "--site", _file(tmp_path / "t.jsonl", site)]) == 0
    out = capsys.readouterr().out
    assert "by the other variant's records (1):\n\n- site 10: 2 (standard's 2-cell line is legal under site)\n" in out
    assert "site: not settled: 3 (2..3)" in out


def test_no_rule_crosses_where_the_site_allows_more(tmp_path, capsys):
    # With 2 cells the site moves runs the textbook refuses: a textbook proof at 2
    # cells says nothing of the site.
    std = dict(min_cells(3, "standard", max_cells=4))
    std.update(min_cells=None, verdict="gave-up", known=[3, None])  # as if 2 were proven too few
    std.pop("solution")
    std.pop("solution_cells")
    site = _open(min_cells(3, "site", max_cells=4), (2, None))
    assert report.main(["--standard", _file(tmp_path / "s.jsonl", [std]),
                        "--site", _file(tmp_path / "t.jsonl", [site])]) == 0
    out = capsys.readouterr().out
    assert "by the other variant" not in out and "site: not settled: 3 (2..>4)" in out


def test_records_that_contradict_across_the_variants_stop_the_report(tmp_path, capsys):
    std = min_cells(3, "standard", max_cells=4)  # 1 cell proven too few
    site = _open(min_cells(3, "site", max_cells=4), (0, 1))  # a claim of a 1-cell win
    assert report.main(["--standard", _file(tmp_path / "s.jsonl", [std]),
                        "--site", _file(tmp_path / "t.jsonl", [site])]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: deal 3: site's records and standard's disagree")


def _corrupt_gzip() -> bytes:
    import gzip

    raw = bytearray(gzip.compress(b"".join(orjson.dumps({"deal": n, "verdict": "solved"}) + b"\n"
                                           for n in range(1, 200))))
    raw[20:40] = bytes(255 - b for b in raw[20:40])  # the deflate stream broken, the header kept
    return bytes(raw)


@pytest.mark.parametrize("where, content, message", [
    ("records", None, "cannot be read: No such file or directory"),
    ("records", b"not json\n{}\n", "line 1 is not JSON"),
    ("records", b"\x1f\x8b\x08garbage", "cannot be read"),
    ("records", _corrupt_gzip(), "cannot be read"),
    ("records", b"", "no records"),
    ("records", b"\n\n", "no records"),
    ("table", None, "cannot be read: No such file or directory"),
    ("table", _corrupt_gzip(), "cannot be read"),
    ("table", b"3 two\n", "line 1 is not 'deal cells'"),
    ("table", b"3 -5\n", "line 1 is not 'deal cells'"),
    ("table", b"3 99999999999999999999\n", "line 1 is not 'deal cells'"),
    ("table", b"1_0 1\n", "line 1 is not 'deal cells'"),
    ("table", b"+3 1\n", "line 1 is not 'deal cells'"),
    ("table", b"3 2\n3 2\n", "line 2: deal 3 again"),
    ("table", b"0 2\n", "line 1 is not 'deal cells'"),
])
def test_a_file_that_cannot_be_read_is_one_line_and_exit_2(tmp_path, capsys, where, content, message):
    good = _file(tmp_path / "good.jsonl", [min_cells(3, "standard", max_cells=2)])
    bad = tmp_path / ("bad.jsonl.gz" if content and content.startswith(b"\x1f") else "bad")  # a gzip by its name
    if content is not None:
        bad.write_bytes(content)
    argv = ["--standard", str(bad)] if where == "records" else ["--standard", good, "--table", str(bad)]
    assert report.main(argv) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"error: {bad}: ") and message in err and err.count("\n") == 1


def test_the_shipped_report_is_what_its_command_prints_from_the_shipped_files(capsys):
    """docs/results/README.md's command, run on the shipped records and the published
    table (a copy beside them), prints the shipped report: the figures in the README
    and the report come from the records, and the records agree with the table."""
    results = Path(__file__).parent.parent / "docs" / "results"
    text = (results / "README.md").read_text()
    command = re.search(r"cd docs/results && \.\./\.\./\.venv/bin/python report\.py (.*?)\n\n", text, re.S)
    assert command is not None, "the report's command is gone from docs/results/README.md"
    args = command.group(1).replace("\\\n", " ").split()
    assert args[0] == "--standard" and "--site" in args and "--table" in args
    args = [a if a.startswith("--") else str(results / a) for a in args]
    assert report.main(args) == 0  # no contradiction of the table
    out = capsys.readouterr().out
    assert out == (results / "min-cells-1-32000-report.md").read_text()
    assert "0 contradict" in out


@pytest.mark.parametrize("change, message", [
    (lambda r: r.pop("proof"), "line 1: no proof"),
    (lambda r: r.pop("known"), 'line 1: "known" [0,null] does not agree with "min_cells" 2'),
    (lambda r: r.pop("min_cells"), "line 1: no min_cells"),
    (lambda r: r.update(variant="site"), "line 1: a site record, given as --standard"),
    (lambda r: r.update(solution_cells=99), 'line 1: a solution needs "solution_cells" 0 to 15'),
    (lambda r: r.update(solution_cells="x"), 'line 1: a solution needs "solution_cells" 0 to 15'),
    (lambda r: r.update(min_cells=16, known=[16, 16]), 'line 1: an answer past "max_cells" 2'),
])
def test_a_record_the_report_cannot_use_is_named(tmp_path, capsys, change, message):
    record = min_cells(3, "standard", max_cells=2)
    change(record)
    path = _file(tmp_path / "s.jsonl", [record])
    assert report.main(["--standard", path]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == f"error: {path}: {message}\n"


def test_a_line_that_is_no_line_stops_the_report_naming_the_deal(tmp_path, capsys):
    std = min_cells(3, "standard", max_cells=4)  # 2 cells
    site = dict(min_cells(3, "site", max_cells=4), min_cells=1, known=[1, 1], solution="zz qq", solution_cells=1)
    # a site answer that differs: its line is replayed under standard, and it is no line
    assert report.main(["--standard", _file(tmp_path / "s.jsonl", [std]),
                        "--site", _file(tmp_path / "t.jsonl", [site])]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("error: deal 3: site's line cannot be replayed: ")


def test_no_files_is_a_usage_error(capsys):
    assert report.main([]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "error: give the results files: --standard FILE... and/or --site FILE...\n"
