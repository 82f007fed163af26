"""Solution files round-trip and are checked: solve --json carries its start and
free cells, counts on moves from a free cell, header checks, a won position's
0 moves in every format, solve's format checked before the search, and verify
stopping at the first refused move."""

import orjson
import pytest

from cli_helpers import run
from freecell_cli import Move, deal, format_position
from freecell_cli.errors import InvalidMove

OURS = "# freecell-cli solution\n"


# -- a count on a move from a free cell ---------------------------------------------
@pytest.mark.parametrize("text", ["a8v2", "a8V2", "b3v10"])
def test_a_count_on_a_move_from_a_free_cell_is_refused(text):
    with pytest.raises(InvalidMove, match="a free cell holds one card"):
        Move.parse(text)


def test_a_count_of_one_from_a_free_cell_is_still_one_card():
    assert str(Move.parse("a8v1")) == "a8"


def test_move_refuses_a_count_from_a_free_cell():
    assert run("move", "--deal", "617", "5a", "a8v2") == (
        2, "", "error: move 2 \"a8v2\": not a move: 'a8v2' (a free cell holds one card, not 2)\n")


def test_verify_refuses_a_count_from_a_free_cell(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("5a a8v2\n")
    assert run("verify", "--deal", "617", str(path)) == (
        2, "", f"error: {path}: line 1: not a move: 'a8v2' (a free cell holds one card, not 2)\n")


def test_resolve_refuses_a_hand_built_count_from_a_free_cell():
    from freecell_cli import apply, find_variant, resolve
    from freecell_cli.moves import CELL, COLUMN, Place

    p, site = deal(617), find_variant("site")
    apply(p, resolve(p, Move.parse("5a"), site))
    with pytest.raises(InvalidMove, match="a free cell holds one card, not 2"):
        resolve(p, Move(Place(CELL, 0), Place(COLUMN, 7), 2, True), site)


# -- solve --json | verify - ---------------------------------------------------------
def _after_5a():
    from freecell_cli import apply, find_variant, resolve

    p = deal(617)
    apply(p, resolve(p, Move.parse("5a"), find_variant("site")))
    return format_position(p)


@pytest.mark.parametrize("args, who, variant", [
    (["--deal", "1"], "deal 1", "site"),
    (["--deal", "1", "--cells", "6"], "deal 1", "site"),
    (["--deal", "2", "--cells", "2"], "deal 2", "site"),
    ([_after_5a()], "deal 617", "site"),
    (["--deal", "1", "--variant", "standard"], "deal 1", "standard"),
    (["--deal", "1", "--variant", "windows"], "deal 1", "windows"),
    (["--deal", "1", "--variant", "atomic"], "deal 1", "atomic"),
])
def test_solve_json_verifies(args, who, variant):
    code, out, err = run("solve", "-q", *args, "--json")
    assert code == 0, err
    d = orjson.loads(out)
    code, verdict, err = run("verify", "-", input=out)
    assert (code, verdict, err) == (0, f"OK {who}: solved in {d['move_count']} moves ({variant})\n", "")


def test_solve_json_keeps_its_fields_and_adds_the_start():
    code, out, _ = run("solve", "-q", "--deal", "1", "--cells", "6", "--json")
    d = orjson.loads(out)
    assert list(d) == ["verdict", "engine", "moves", "move_count", "nonfoundation_moves", "seconds", "states",
                       "deal", "variant", "reason", "position", "cells"]
    assert (d["deal"], d["position"], d["cells"]) == (1, None, 6)
    code, out, _ = run("solve", "-q", _after_5a(), "--json")
    d = orjson.loads(out)
    assert (d["deal"], d["position"], d["cells"]) == (617, _after_5a(), 4)


# -- headers checked -------------------------------------------------------------------
D617 = format_position(deal(617))


@pytest.mark.parametrize("text, args, message", [
    ("#617 Attempt: 1 NumFcs=4 NumFcs=5 (FCPro)\n5a\n", [], "line 1: a second NumFcs, '5', disagrees with the first"),
    ("# freecell-XXX solution\n# deal: 617\n5a\n", ["--deal", "1"],
     "line 1: unknown solution format or version '# freecell-XXX solution' (this version reads "
     "'# freecell-cli solution')"),
    ("# freecell-cli solution v2\n# deal: 617\n5a\n", [],
     "line 1: unknown solution format or version '# freecell-cli solution v2' (this version reads "
     "'# freecell-cli solution')"),
    (OURS + f"# position: {D617}\n# cells: 3\n5a\n", [],
     "line 3: cells 3 and the position disagree (the position has 4 free cells)"),
    (OURS + f"# cells: 6\n# position: {D617}\n5a\n", [],
     "line 3: cells 6 and the position disagree (the position has 4 free cells)"),
    (f'{{"position": "{D617}", "cells": 3, "moves": ["5a"]}}', [],
     "JSON solution: cells 3 and the position disagree (the position has 4 free cells)"),
])
def test_a_header_that_cannot_be_right_is_refused(tmp_path, text, args, message):
    path = tmp_path / "sol.txt"
    path.write_text(text)
    assert run("verify", *args, str(path)) == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize("text", [
    "#617 Attempt: 1 NumFcs=4 NumFcs=4 (FCPro)\n5a\n",
    "# FreeCell-CLI  Solution \n# deal: 617\n5a\n",
    OURS + f"# position: {D617}\n# cells: 4\n5a\n",
    f'{{"position": "{D617}", "cells": 4, "moves": ["5a"]}}',
])
def test_headers_that_agree_are_read(tmp_path, text):
    path = tmp_path / "sol.txt"
    path.write_text(text)
    code, out, err = run("verify", str(path))
    assert code == 1 and out.startswith("FAIL deal 617 ") and "not solved" in out and err == ""


# -- a won position: 0 moves in every format ----------------------------------------
WON = "----:KKKK:/"


@pytest.mark.parametrize("fmt, text", [
    ([], f"{OURS}# position: {WON}\n# variant: site\n# cells: 4\n# moves: 0\n"),
    (["-f", "file"], f"{OURS}# position: {WON}\n# variant: site\n# cells: 4\n# moves: 0\n"),
    (["-f", "sn"], f"{OURS}# moves: 0\n"),
    (["-f", "snx"], f"{OURS}# moves: 0\n"),
    (["-f", "verbose"], "This game is solveable.\n"),
    (["--json"], None),
])
def test_a_won_positions_solution_round_trips(fmt, text):
    code, out, _ = run("solve", "-q", "-p", WON, *fmt)
    assert code == 0
    if text is not None:
        assert out == text
    assert run("verify", "-p", WON, "-", input=out) == (0, "OK stdin: solved in 0 moves (site)\n", "")


def test_format_solution_of_no_moves():
    import freecell_cli as fc

    s = fc.read_solution(f"{OURS}# moves: 0\n")
    start = fc.parse_position(WON)
    assert fc.format_solution(s, "snx", position=start) == f"{OURS}# moves: 0\n"
    assert fc.format_solution(s, "verbose", position=start) == "This game is solveable.\n"
    assert fc.verify(start, fc.format_solution(s, "sn", position=start)).ok


# -- verify streams: it stops at the first refused move ---------------------------------
def test_verify_reads_no_further_than_the_first_refused_move():
    # Over the 16 MiB limit, and a malformed move after the refused one: neither is reached.
    text = "5a\n" * 6_000_000 + "zz\n"
    assert run("verify", "--deal", "1", "-", input=text) == (
        1, 'FAIL deal 1 (site): move 2 "5a": free cell a holds 6C\n', "")


def test_all_errors_still_reads_to_the_end():
    assert run("verify", "--all-errors", "--deal", "1", "-", input="5a\n5a\nzz\n") == (
        2, "", "error: stdin: line 3: not a move: 'zz'\n")


def test_a_refused_move_counts_the_moves_read_or_held():
    from freecell_cli import read_solution, verify as api_verify

    code, out, _ = run("verify", "--json", "--deal", "1", "-", input="5a 5a 5a 5a\n")
    assert code == 1 and orjson.loads(out)["file_moves"] == 2  # streamed: read up to the refused move
    v = api_verify(1, read_solution("5a 5a 5a 5a"))  # in memory: every move is known
    assert (v.valid, v.file_moves, v.error.index) == (False, 4, 2)


def test_blank_lines_keep_their_line_numbers():
    text = "\n" * 3_000_000 + " \r\n\t\n5a 58\n"
    code, out, _ = run("verify", "--json", "--deal", "617", "-", input=text)
    d = orjson.loads(out)
    assert (code, d["error"]["index"], d["error"]["line"], d["file_moves"]) == (1, 2, 3_000_003, 2)
    assert run("verify", "--deal", "617", "-", input="\n" * 3_000_000) == (2, "", "error: stdin: empty file, no moves\n")


@pytest.mark.parametrize("chunk", [1, 2, 3, 7, 1 << 20])
def test_numbered_lines_at_any_block_size(tmp_path, chunk):
    from freecell_cli.files import numbered_lines

    path = tmp_path / "s.txt"
    path.write_bytes(b"\xef\xbb\xbf5a\n\n \r\n\t82 \r\n\n\nah")
    assert list(numbered_lines(str(path), chunk=chunk)) == [(1, "5a"), (4, "\t82 "), (7, "ah")]


@pytest.mark.parametrize("data, message", [
    (b"5a\n\n\x00\n", "line 3: binary data, not a solution"),
    (b"5a\n\n\xff\n", "line 3: not UTF-8 text"),
])
def test_numbered_lines_refuses_what_stream_lines_refuses(tmp_path, data, message):
    from freecell_cli.errors import FreecellError
    from freecell_cli.files import numbered_lines

    path = tmp_path / "s.txt"
    path.write_bytes(data)
    with pytest.raises(FreecellError) as e:
        list(numbered_lines(str(path), chunk=2))
    assert str(e.value) == f"{path}: {message}"


def test_numbered_lines_gives_the_lines_before_the_limit_first(monkeypatch):
    import io
    import sys

    from freecell_cli import files

    monkeypatch.setitem(files.LIMITS, "solution", 10)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"5a\n\n82\nah\n8h\n")))
    got = []
    with pytest.raises(files.InputTooLarge, match="stdin is larger than 10 bytes, the limit for a solution"):
        for line in files.numbered_lines("-", chunk=4):
            got.append(line)
    assert got == [(1, "5a"), (3, "82"), (4, "ah")]


@pytest.mark.parametrize("chunk", [1, 3, 4, 1 << 20])
@pytest.mark.parametrize("data, lines", [
    (b"\n" * 10 + b"5a", [(11, "5a")]),
    (b"\n \n\t\n\r\n" * 3 + b"5a\n  \n82\n\n", [(13, "5a"), (15, "82")]),
    (b"   ", []),
])
def test_numbered_lines_counts_blank_blocks(tmp_path, chunk, data, lines):
    from freecell_cli.files import numbered_lines

    path = tmp_path / "s.txt"
    path.write_bytes(data)
    assert list(numbered_lines(str(path), chunk=chunk)) == lines


@pytest.mark.parametrize("kind", ["freecell-cli-solution-v2", "freecell-cli-game"])
def test_a_json_file_of_another_format_or_version_is_refused(kind):
    text = orjson.dumps({"format": kind, "deal": 1, "moves": ["5a"]}).decode()
    assert run("verify", "-", input=text) == (
        2, "", f"error: stdin: JSON solution: unknown format or version '{kind}' (this version reads "
               "'freecell-cli-solution')\n")


def test_our_json_solution_format_is_read():
    import freecell_cli as fc

    text = fc.format_solution(fc.read_solution("5a 82"), "json", position=617)
    assert orjson.loads(text)["format"] == "freecell-cli-solution"
    assert fc.verify(None, text).summary() == "all 2 moves legal, not solved: 0 cards home"


def test_fc_solve_words_for_two_cards_from_a_free_cell_are_refused(tmp_path):
    path = tmp_path / "v.txt"
    path.write_text("Move 2 cards from freecell 0 to stack 3\n")
    assert run("verify", "--deal", "617", str(path)) == (
        2, "", f'error: {path}: line 1: move 1 "Move 2 cards from freecell 0 to stack 3": '
               "not a move: 'a4v2' (a free cell holds one card, not 2)\n")
