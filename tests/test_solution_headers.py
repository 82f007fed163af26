"""What a solution file says about itself is checked, not ignored: FreeCell Pro's
NumFcs, our '# moves:' count, headers given twice, a deal and a position that
disagree, and a --deal that contradicts the file."""

import orjson
import pytest

from cli_helpers import run
from freecell_cli import deal, format_position

D617 = format_position(deal(617))
OURS = "# freecell-cli solution\n"


@pytest.mark.parametrize("text, message", [
    ("#3 Attempt: 1 NumFcs=16 (FCPro)\n5h 2a\n", "line 1: NumFcs must be 0..15, got '16'"),
    ("#3 Attempt: 1 NumFcs=abc (FCPro)\n5h 2a\n", "line 1: NumFcs must be 0..15, got 'abc'"),
    ("#3 Attempt: 1 NumFcs= (FCPro)\n5h 2a\n", "line 1: NumFcs must be 0..15, got ''"),
    (OURS + "# deal: 617\n# moves: 3\n5a 82\n", "line 3: the header says 3 moves, the file has 2"),
    (OURS + "# deal: 617\n# moves: many\n5a 82\n", "line 3: moves must be a whole number, got 'many'"),
    (OURS + "# deal: 617\n# deal: 5\n5a 82\n", "line 3: a second 'deal:' header, '5', disagrees with the first"),
    (OURS + "# deal: 617\n# variant: site\n# variant: standard\n5a\n",
     "line 4: a second 'variant:' header, 'standard', disagrees with the first"),
    (OURS + "# deal: 617\n# cells: 4\n# cells: 3\n5a\n", "line 4: a second 'cells:' header, '3', disagrees with the first"),
    (OURS + f"# deal: 5\n# position: {D617}\n5a\n",
     "line 3: deal 5 and the position disagree (the position is from deal 617)"),
    (OURS + f"# position: {D617.rsplit(':', 1)[0]}\n# deal: 5\n5a\n",
     "line 3: deal 5 and the position disagree (the position is not deal 5's opening layout)"),
    (f'{{"deal": 5, "position": "{D617}", "moves": ["5a"]}}',
     "JSON solution: deal 5 and the position disagree (the position is from deal 617)"),
])
def test_a_header_that_cannot_be_right_is_refused(tmp_path, text, message):
    path = tmp_path / "sol.txt"
    path.write_text(text)
    code, out, err = run("verify", str(path))
    assert (code, out, err) == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize("text", [
    "#3 Attempt: 1 NumFcs=2 (FCPro)\n5h 2a\n",                     # a valid count of cells
    OURS + "# deal: 617\n# deal: 617\n# moves: 2\n5a 82\n",        # the same header twice
    OURS + f"# deal: 617\n# position: {D617}\n5a 82\n",            # deal and its own position
    OURS + f"# position: {D617.rsplit(':', 1)[0]}\n# deal: 617\n5a 82\n",
    f'{{"deal": 617, "position": "{D617}", "moves": ["5a", "82"]}}',
])
def test_headers_that_agree_are_read(tmp_path, text):
    path = tmp_path / "sol.txt"
    path.write_text(text)
    code, out, err = run("verify", str(path))
    assert code == 1 and out.startswith("FAIL deal ") and "not solved" in out and err == ""


def test_numfcs_sets_the_cells():
    code, out, err = run("verify", "-", input="#3 Attempt: 1 NumFcs=0 (FCPro)\n5h 2a\n")
    assert (code, out, err) == (1, 'FAIL deal 3 (windows): move 2 "2a": there is no free cell a (0 free cells)\n', "")


def test_a_deal_that_contradicts_the_file_is_refused():
    code, out, err = run("verify", "--deal", "5", "examples/3.fcpro.txt")
    assert (code, out, err) == (2, "", "error: examples/3.fcpro.txt: deal 5 was given, but the solution is for deal 3\n")
    code, out, err = run("verify", "--deal", "5", "examples/617.sam.txt")
    assert (code, out, err) == (2, "", "error: examples/617.sam.txt: deal 5 was given, but the solution starts "
                                       "elsewhere (the position is not deal 5's opening layout)\n")
    code, out, _ = run("verify", "--deal", "3", "examples/3.fcpro.txt")  # the same deal: fine
    assert (code, out) == (0, "OK deal 3: solved in 113 moves (windows)\n")
    code, out, _ = run("verify", "--deal", "617", "examples/617.snx-out.txt")  # no header: --deal names it
    assert code == 0


def test_a_deal_naming_a_files_later_start_keeps_that_start(tmp_path):
    """--deal 617 on a file that starts from a position of deal 617 (after 5a) replays
    from that position, not from the deal's opening."""
    from freecell_cli import Move, apply, find_variant, resolve

    p = deal(617)
    apply(p, resolve(p, Move.parse("5a"), find_variant("site")))
    path = tmp_path / "mid.txt"
    path.write_text(f"{OURS}# position: {format_position(p)}\na8\n")  # from the opening: cell a is empty
    expected = (1, "FAIL deal 617 (site): the one move legal, not solved: 0 cards home\n", "")
    assert run("verify", str(path)) == expected
    assert run("verify", "--deal", "617", str(path)) == expected
    assert run("verify", "--deal", "5", str(path)) == (
        2, "", f"error: {path}: deal 5 was given, but the solution starts elsewhere (the position is from deal 617)\n")


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


@pytest.mark.parametrize("kind", ["freecell-cli-solution-v2", "freecell-cli-games"])
def test_a_json_file_of_another_format_or_version_is_refused(kind):
    text = orjson.dumps({"format": kind, "deal": 1, "moves": ["5a"]}).decode()
    assert run("verify", "-", input=text) == (
        2, "", f"error: stdin: JSON solution: unknown format or version '{kind}' (this version reads "
               "'freecell-cli-solution')\n")


@pytest.mark.parametrize("kind, reason", [
    ("freecell-cli-game", "saved game is damaged: version: this version reads version 1, not 'None'"),
    ("freecell-cli-spider-game", "this is a saved Spider game: use freecell spider verify"),
])
def test_a_saved_game_is_read_as_one_and_checked_as_one(kind, reason):
    """A saved game is the attempt it is (tests/test_cli_verify.py): a solution
    dressed as one is checked as a save is, not read as a solution."""
    text = orjson.dumps({"format": kind, "deal": 1, "moves": ["5a"]}).decode()
    assert run("verify", "-", input=text) == (2, "", f"error: stdin: {reason}\n")


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
