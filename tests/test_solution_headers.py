"""What a solution file says about itself is checked, not ignored: FreeCell Pro's
NumFcs, our '# moves:' count, headers given twice, a deal and a position that
disagree, and a --deal that contradicts the file."""

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
    assert (code, out, err) == (2, "", 'error: stdin: line 2: move 2 "2a": there is no free cell a (0 free cells)\n')


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
    expected = (1, "FAIL deal 617 (site): all 1 move legal, not solved: 0 cards home\n", "")
    assert run("verify", str(path)) == expected
    assert run("verify", "--deal", "617", str(path)) == expected
    assert run("verify", "--deal", "5", str(path)) == (
        2, "", f"error: {path}: deal 5 was given, but the solution starts elsewhere (the position is from deal 617)\n")
