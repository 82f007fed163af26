"""Options that contradict each other are refused (exit 2, one line), never
silently ignored; where one option implies what to do, it is honoured."""

import orjson
import pytest

from cli_helpers import run
from freecell_cli import deal, format_position

D617 = format_position(deal(617))
JSON_IS_F = "--json is -f json"


@pytest.mark.parametrize("args, message", [
    (["deal", "617", "--json", "-f", "fcs"], f"--json and -f fcs cannot be combined: {JSON_IS_F}"),
    (["deal", "617", "--seed", "3"], "--seed goes with --random"),
    (["autoplay", "-p", D617, "--json", "-f", "fcs"], f"--json and -f fcs cannot be combined: {JSON_IS_F}"),
    (["move", "5a", "-p", D617, "--json", "-f", "compact"],
     f"--json and -f compact cannot be combined: {JSON_IS_F}"),
    (["show", "-p", D617, "--plain", "-f", "rich"], "--plain and -f rich cannot be combined: --plain is -f plain"),
    (["show", "-p", D617, "--plain", "-f", "svg"], "--plain and -f svg cannot be combined: --plain is -f plain"),
    (["show", "-p", D617, "--json", "--plain"], "--json and --plain cannot be combined: --json prints data, not a picture"),
    (["show", "-p", D617, "--json", "-f", "svg"], "--json and -f svg cannot be combined: --json prints data, not a picture"),
    (["solve", "-p", D617, "--hint", "-f", "snx"],
     "--hint and -f snx cannot be combined: a hint is one move, not a solution file"),
    (["solve", "-p", D617, "--json", "-f", "sn"],
     "--json and -f sn cannot be combined: --json prints the moves in its own list"),
    (["solve", "-p", D617, "--engine", "beam", "--preset", "ve"], "--preset goes with --engine fc-solve or auto"),
    (["verify", "--deal", "617", "examples/617.snx-out.txt", "--json", "-f", "text"],
     f"--json and -f text cannot be combined: {JSON_IS_F}"),
    (["verify", "--deal", "617", "examples/617.snx-out.txt", "-f", "json", "--show"],
     "-f json and --show cannot be combined: --show draws a table, not JSON"),
    (["analyze", "1-2", "--game", "spider", "--cells", "2"],
     "--game spider and --cells cannot be combined: Spider has no variants, free cells or engines"),
    (["analyze", "1-2", "--game", "spider", "--variant", "site"],
     "--game spider and --variant cannot be combined: Spider has no variants, free cells or engines"),
    (["analyze", "1-2", "--game", "spider", "--engine", "builtin"],
     "--game spider and --engine cannot be combined: Spider has no variants, free cells or engines"),
    (["analyze", "1-2", "--suits", "2"], "--suits goes with --game spider"),
    (["analyze", "--summary", "x.jsonl", "--json", "-f", "text"],
     f"--json and -f text cannot be combined: {JSON_IS_F}"),
    (["play", "617", "--random"], "choose one of N, --daily, --random, --position, --resume"),
    (["analyze", "--summary", "x.jsonl", "--jobs", "2"],
     "--summary and --jobs cannot be combined: a summary reads a results file, it runs nothing"),
    (["analyze", "--summary", "x.jsonl", "-o", "y.jsonl"],
     "--summary and -o/--output cannot be combined: a summary reads a results file, it runs nothing"),
    (["analyze", "--summary", "x.jsonl", "--game", "spider"],
     "--summary and --game cannot be combined: a summary reads a results file, it runs nothing"),
    (["show", "-p", D617, "-o", "t.svg", "-f", "png"], "-o t.svg and -f png cannot be combined: a .svg file holds SVG"),
    (["show", "-p", D617, "-o", "t.png", "--plain"], "-o t.png and --plain cannot be combined: a .png file holds PNG"),
    (["show", "-p", D617, "-o", "t.svg", "--json"], "-o t.svg and --json cannot be combined: a .svg file holds SVG"),
    (["analyze", "1-4", "--executor", "dask", "--jobs", "2"],
     "--executor dask and --jobs cannot be combined: the Dask cluster's workers do the deals (dask worker --nworkers)"),
    (["analyze", "1", "--min-cells", "--engine", "builtin"],
     "--min-cells and --engine cannot be combined: it tries 0 to --max-cells free cells with its own searches"),
    (["analyze", "1", "--min-cells", "--cells", "2"],
     "--min-cells and --cells cannot be combined: it tries 0 to --max-cells free cells with its own searches"),
    (["replay", "--deal", "617", "examples/617.snx-out.txt", "--html", "x.html", "-f", "json"],
     "--html and -f json cannot be combined: -f is the format of the piped output, the page draws the table"),
])
def test_conflicting_options_are_refused(args, message, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, err = run(*args, input="")
    assert (code, out, err) == (2, "", f"error: {message}\n")


def test_agreeing_spellings_are_accepted():
    code, out, _ = run("deal", "617", "--json", "-f", "json")
    assert code == 0 and orjson.loads(out)["deal"] == 617
    code, out, _ = run("show", "-p", D617, "--plain", "-f", "plain")
    assert code == 0 and out.startswith("deal 617 | site")
    code, out, _ = run("verify", "--deal", "617", "examples/617.snx-out.txt", "--json", "-f", "json")
    assert code == 0 and orjson.loads(out)["valid"] is True


def test_solve_writes_what_was_asked_into_the_output_file(tmp_path):
    hint = tmp_path / "hint.txt"
    code, out, err = run("solve", "-p", D617, "--hint", "--engine", "builtin", "-o", str(hint))
    assert (code, out) == (0, "")
    assert hint.read_text().startswith("2a  (KS to a free cell")
    data = tmp_path / "result.json"
    code, out, err = run("solve", "-p", D617, "--json", "--engine", "builtin", "-o", str(data))
    assert (code, out) == (0, "")
    d = orjson.loads(data.read_text())
    assert d["verdict"] == "solved" and d["deal"] == 617 and d["move_count"] == len(d["moves"])


def test_moves_asked_for_are_shown_even_when_quiet():
    """-q drops status lines, not what --moves asked for."""
    start = "----:Q9JJ:KC/KDQDJD/TDKHQH/KSQS"
    code, out, err = run("autoplay", "-p", start, "--mode", "safe", "--moves", "-q")
    assert (code, out, err) == (0, "----:Q9QJ:KC/KDQDJD/TDKH/KSQS\n", "1 move: 3h\n")


def test_play_applies_cells_to_a_given_position(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = run("play", "-p", D617, "--cells", "2", input="q\n")
    assert code == 0 and "can move 4 (2 free cells, 0 empty columns)" in out


def test_show_legal_goes_into_a_text_output_file(tmp_path):
    """-o FILE gets what stdout would have: the picture and, with --legal, the list."""
    target = tmp_path / "t.txt"
    assert run("show", "-p", D617, "-f", "plain", "--legal", "-o", str(target)) == (0, "", "")
    assert target.read_text() == run("show", "-p", D617, "-f", "plain", "--legal")[1]
    assert target.read_text().endswith("legal moves (11): 82 83 58 1a 2a 3a 4a 5a 6a 7a 8a\n")
