import pytest

from cli_helpers import run
from freecell_cli import deal, format_position
from freecell_cli.formats import format_fcs
from positions import NO_FREE_TWO_EMPTY, TWO_FREE_NO_EMPTY

D617 = format_position(deal(617))


def test_move_pipe_and_same_format_out():
    code, out, err = run("move", "5a", "82", input=D617)
    assert (code, err) == (0, "")
    assert out.startswith("JC---:0000:") and out.endswith("KSQH/5C") is False
    # several moves in one argument, and fcs in -> fcs out
    code2, out2, _ = run("move", "5a 82", input=format_fcs(deal(617)))
    assert code2 == 0 and out2.startswith("Foundations: H-0 C-0 D-0 S-0\nFreecells: JC - - -\n")


def test_refusal_names_the_move_and_prints_nothing():
    code, out, err = run("move", "5a", "58", input=D617)
    assert (code, out, err) == (1, "", 'error: move 2 "58": 7C cannot go on QH\n')


def test_capacity_refusal_in_site_terms():
    code, out, err = run("move", "--variant", "standard", "21", input=TWO_FREE_NO_EMPTY)
    assert (code, out) == (1, "")
    assert err == 'error: move 1 "21": 4 cards > can move 3 (2 free cells, 0 empty columns)\n'
    code, out, err = run("move", "21", input=NO_FREE_TWO_EMPTY)
    assert err == 'error: move 1 "21": 4 cards > can move 3 (0 free cells, 2 empty columns)\n'


@pytest.mark.parametrize(
    "variant,fixture,expected",
    [("site", TWO_FREE_NO_EMPTY, 0), ("standard", TWO_FREE_NO_EMPTY, 1),
     ("site", NO_FREE_TWO_EMPTY, 1), ("standard", NO_FREE_TWO_EMPTY, 0),
     ("windows", NO_FREE_TWO_EMPTY, 0), ("atomic", NO_FREE_TWO_EMPTY, 1)],
)
def test_position_file_in_fcs_format_exit_codes(tmp_path, variant, fixture, expected):
    from freecell_cli import parse_position

    path = tmp_path / "pos.fcs"
    text = format_fcs(parse_position(fixture))
    assert "Foundations: H-4 C-4 D-4 S-4" in text and "Freecells: 7S 6H" in text
    path.write_text(text)
    code, out, err = run("move", "--variant", variant, "--position", str(path), "21")
    assert code == expected
    assert (out == "") == (expected == 1)


def test_variant_recorded_and_empty_column_mode():
    code, out, _ = run("move", "--variant", "standard", "28", "--empty-column", "max",
                       input="7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/")
    assert code == 0 and out.rstrip().endswith("/8S7H6S5H:-:standard") is False
    assert out.rstrip().endswith(":-:standard")
    assert "/7H6S5H:-:standard" in out  # 3 cards (standard capacity into the empty column)


MALFORMED_MOVES = ["9z", "h1", "5", "abc", "36v0", "3av2", "5a1", "!!", "x9"]


@pytest.mark.parametrize("token", MALFORMED_MOVES)
def test_malformed_moves_exit_2(token):
    code, out, err = run("move", "5a", token, input=D617)
    assert code == 2 and out == ""
    assert err.startswith(f'error: move 2 "{token}": ') and err.count("\n") == 1


MALFORMED_POSITIONS = [
    "", "   \n", "\x00\x01\x02", "{", "[]", '{"columns": 3}', '{"columns": [["QQ"]]}',
    "----:0000", "----:0000:JD:x", "----:000:JD", "----:000Z:" + D617.split(":")[2],
    "-X-:0000:" + D617.split(":")[2], D617.replace("JC", "JD"), D617.replace("JC", ""),
    D617.replace("----", "JC--"), D617.replace(":0000:", ":A000:"),
    D617.replace("----", "-" * 16), D617.strip() + ":617:spider",
    "Foundations: H-Q\n: JD", "Freecells: ZZ\n: JD", ": JD JD", "JD KD\n2X",
    "hello world", "Foundations: H-0 C-0 D-0 S-0\n", ": 10X", "::::::",
    D617.replace("7D", "7d", 1),  # lower case is fine: must NOT fail
]


@pytest.mark.parametrize("text", MALFORMED_POSITIONS)
def test_malformed_positions_one_line_exit_2(text):
    code, out, err = run("move", "1a", input=text)
    if text == MALFORMED_POSITIONS[-1]:
        assert code == 0
        return
    assert code == 2 and out == "", err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_position_file_errors(tmp_path):
    code, out, err = run("move", "1a", "--position", str(tmp_path / "nope"))
    assert code == 2 and err.startswith("error: cannot read ") and "No such file" in err
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00junk")
    code, out, err = run("move", "1a", "--position", str(tmp_path / "bin"))
    assert code == 2 and "binary data" in err


def test_windows_automatic_moves_are_played():
    code, out, _ = run("move", "--variant", "windows", "45", input="----:QQQJ:KC/KD/KH/QSKS/")
    assert code == 0 and out == "----:KKKK:////:-:windows\n"


def test_same_source_and_destination_is_an_illegal_move_exit_1():
    # Issue 9, case 16: well formed, refused by the rules.
    code, out, err = run("move", "5a", "55", input=D617)
    assert (code, out) == (1, "")
    assert err == 'error: move 2 "55": column 5 is both source and destination\n'


# A bare compact position that does not start with "-" (a card in a free cell) is the
# position too: it is the first argument, and no move has a colon.
AFTER_5A = run("move", "5a", input=D617)[1].strip()


def test_a_bare_position_first_is_the_position():
    code, out, err = run("move", AFTER_5A, "82")
    assert (code, out, err) == run("move", "--deal", "617", "5a", "82")
    assert code == 0 and out.startswith("JC---:0000:")
    assert run("move", AFTER_5A) == (2, "", "error: no moves given\n")
    assert run("move", AFTER_5A, "82", "--deal", "3") == (
        2, "", "error: give one position: an argument, -p/--position, or --deal\n")
    # a file that exists is never taken for a position, and moves still work as before
    assert run("move", "82", "5a", input=D617)[0] == 0


def test_a_bare_position_with_an_extra_field_says_what_is_wrong():
    assert run("move", AFTER_5A + ":standard:extra", "82") == (
        2, "", "error: compact position needs 3 to 5 ':'-separated fields, got 6\n")


def test_a_position_file_that_cannot_be_read_is_named(tmp_path):
    garbage = tmp_path / "garbage.txt"
    garbage.write_text("garbage\n")
    assert run("move", "-p", str(garbage), "5a") == (2, "", f"error: {garbage}: line 1: unknown card 'garbage'\n")
    assert run("move", "5a", input="garbage\n") == (2, "", "error: stdin: line 1: unknown card 'garbage'\n")
    two = tmp_path / "two.txt"
    two.write_text(D617 + "\ngarbage\n")
    assert run("move", "-p", str(two), "5a") == (
        2, "", f"error: {two}: line 2: 'garbage' after the position on line 1 (a compact position is one line)\n")


def test_an_fcs_board_that_starts_with_a_bare_freecells_line_is_still_read(tmp_path):
    board = tmp_path / "zero.fcs"
    board.write_text("Freecells:\n" + format_fcs(deal(1, cells=0)).split("\n", 2)[2])
    assert run("move", "-p", str(board), "1h")[0] == 1  # read (6S cannot go home), not refused as text after a position


def test_a_position_file_may_come_first_as_show_takes_it(tmp_path, monkeypatch):
    """A file that is no move is the position; a move stays a move even where a
    file of its name lies; written over itself with -o, as an edit in place."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "s.pos").write_text(D617 + "\n")
    code, out, err = run("move", "s.pos", "5a", "82")
    assert (code, err) == (0, "") and out == run("move", "5a", "82", input=D617)[1]
    assert run("move", "s.pos", "5a", "-o", "s.pos")[:2] == (0, "")
    assert (tmp_path / "s.pos").read_text().startswith("JC---:")
    (tmp_path / "5a").write_text("not a position")
    code, out, err = run("move", "5a", input=D617)
    assert code == 0 and out.startswith("JC---:")  # 5a played on stdin's position
    assert run("move", "s.pos", "5a", "--deal", "3")[::2] == (2, "error: give one position: an argument, "
                                                                "-p/--position, or --deal\n")
    assert run("move", "-", "5a", input=D617)[1] == run("move", "5a", input=D617)[1]  # - is stdin, as elsewhere
    code, out, err = run("move", "nosuch.pos", "5a")
    assert (code, err) == (2, "error: move 1 \"nosuch.pos\": not a move: 'nosuch.pos'\n")
