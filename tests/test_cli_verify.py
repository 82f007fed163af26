import orjson
import pytest

from cli_helpers import run
from oracle import FIXTURES
from freecell_cli import deal
from freecell_cli import format_position as fc_format

EXAMPLES = FIXTURES.parent.parent / "examples"
E = str(EXAMPLES)


def test_ok_and_fail_lines_and_exit_codes():
    assert run("verify", "--deal", "617", f"{E}/617.snx-out.txt") == (0, "OK deal 617: solved in 103 moves (site)\n", "")
    code, out, err = run("verify", "--deal", "4", f"{E}/4.snx-out.txt")
    assert (code, err) == (1, "")
    assert out == 'FAIL deal 4 (site): move 66 "13": 4 cards > can move 3 (0 free cells, 2 empty columns)\n'
    assert run("verify", "--deal", "4", "--variant", "standard", f"{E}/4.snx-out.txt")[0] == 0


def test_sam_output_needs_no_deal_and_fcpro_uses_windows():
    code, out, _ = run("verify", f"{E}/617.sam.txt")
    assert code == 0 and out.startswith("OK ") and "solved in 103 moves (site)" in out
    assert run("verify", f"{E}/3.fcpro.txt") == (0, "OK deal 3: solved in 113 moves (windows)\n", "")


def test_json_lines_for_several_files():
    code, out, _ = run("verify", "--deal", "4", "--json", f"{E}/4.snx-out.txt", f"{E}/4.snx-out.txt")
    lines = [orjson.loads(x) for x in out.splitlines()]
    assert code == 1 and len(lines) == 2
    d = lines[0]
    assert (d["valid"], d["solved"], d["variant"], d["deal"]) == (False, False, "site", 4)
    assert d["error"] == {"index": 66, "move": "13", "reason": "4 cards > can move 3 (0 free cells, 2 empty columns)", "line": 9}


def test_not_solved_and_show(tmp_path):
    path = tmp_path / "short.sol"
    path.write_text("# freecell-cli solution\n# deal: 617\n5a 82 a2\n")
    assert run("verify", str(path)) == (1, "FAIL deal 617 (site): all 3 moves legal, not solved: 0 cards home\n", "")
    path.write_text("# freecell-cli solution\n# deal: 617\n5a 58\n")
    code, out, _ = run("verify", "--show", str(path))
    assert code == 1
    assert out.splitlines()[0] == 'FAIL deal 617 (site): move 2 "58": 7C cannot go on QH'
    assert "deal 617 | site | can move 8 (3 free cells, 0 empty columns)" in out
    assert out.splitlines()[-1].startswith("JC---:0000:")


def test_position_from_stdin(tmp_path):
    from freecell_cli import deal, format_position

    path = tmp_path / "moves.txt"
    path.write_text("5a 82\n")
    code, out, _ = run("verify", "--position", "-", str(path), input=format_position(deal(617)))
    assert code == 1 and "all 2 moves legal" in out


@pytest.mark.parametrize(
    "content,message",
    [
        (b"", "empty file, no moves"),
        (b"\x00\xff\x10junk", "binary data"),
        (b"# freecell-cli solution\n# deal: 1\n5a 9z\n", 'line 3: not a move: \'9z\''),
        (b"# freecell-cli solution\n# deal: 0\n5a\n", "line 2: deal number 0 is out of range"),
        (b"5a 82\n", "names no deal"),
    ],
)
def test_bad_files_one_line_exit_2(tmp_path, content, message):
    path = tmp_path / "bad.sol"
    path.write_bytes(content)
    code, out, err = run("verify", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err and err.startswith("error: ")


def test_ten_megabytes_of_moves(tmp_path):
    path = tmp_path / "big.sol"
    line = "5a a5 " * 10 + "\n"
    path.write_text("# freecell-cli solution\n# deal: 617\n" + line * (10 * 1024 * 1024 // len(line)))
    code, out, err = run("verify", str(path))
    assert code == 1 and out.startswith('FAIL deal 617 (site): move 2 "a5": JC cannot go on 7C')


def test_missing_file_and_bad_options(tmp_path):
    code, out, err = run("verify", str(tmp_path / "nope"))
    assert code == 2 and "cannot read" in err
    code, out, err = run("verify", "--deal", "0", f"{E}/617.snx-out.txt")
    assert code == 2 and err == "error: --deal: deal number 0 is out of range (1 to 8,589,934,591)\n"
    code, out, err = run("verify", "--format", "nonsense", f"{E}/617.snx-out.txt")
    assert code == 2


@pytest.mark.parametrize("moves, index, move, reason", [
    ("5e", 1, "5e", "there is no free cell e (4 free cells)"),
    ("5a 59", 2, "59", "there is no column 9 (8 columns)"),
])
def test_a_place_the_table_lacks_is_a_refused_move(moves, index, move, reason):
    """`move`, `verify` and `replay` agree: a move naming a free cell or column this
    table does not have is refused at its index (exit 1), as Games::Solitaire::Verify
    reports it; exit 2 is for what is no move at all."""
    from freecell_cli import deal, format_position

    code, out, err = run("move", moves, "-p", format_position(deal(617)))
    assert (code, out, err) == (1, "", f'error: move {index} "{move}": {reason}\n')
    code, out, err = run("verify", "--deal", "617", "-", input=moves + "\n")
    assert (code, out, err) == (1, f'FAIL deal 617 (site): move {index} "{move}": {reason}\n', "")
    code, out, err = run("verify", "--deal", "617", "--json", "-", input=moves + "\n")
    d = orjson.loads(out)
    assert code == 1 and d["valid"] is False
    assert d["error"] == {"index": index, "move": move, "reason": reason, "line": 1}
    code, out, err = run("replay", "--deal", "617", "-", input=moves + "\n")
    assert code == 1 and err == f'FAIL deal 617 (site): move {index} "{move}": {reason}\n'  # the steps before it on stdout


def test_a_third_free_cell_of_a_two_cell_game_is_refused_at_its_index(tmp_path):
    """Issue 20: a 2-cell game's fc-solve solution that moves to a third free cell."""
    sol = FIXTURES / "1.3cells.sam.txt"
    code, out, err = run("verify", "--json", "--cells", "2", str(sol))
    d = orjson.loads(out)
    assert code == 1 and d["valid"] is False
    assert err == f"{sol}: the file says 3 free cells; checked with 2 as asked\n"
    assert (d["error"]["index"], d["error"]["line"], d["error"]["reason"]) == (4, 65, "there is no free cell c (2 free cells)")
    assert d["error"]["move"] == "Move a card from stack 7 to freecell 2"


def test_two_cards_from_a_free_cell_stay_malformed(tmp_path):
    path = tmp_path / "v.txt"
    path.write_text("5a\nMove 2 cards from freecell 0 to stack 3\n")
    code, out, err = run("verify", "--deal", "617", "--json", str(path))
    assert code == 2 and orjson.loads(out)["valid"] is None


def _after_first_move(tmp_path):
    """Deal 617 after the first move of examples/617.snx-out.txt (7a), and a file of the other moves."""
    from freecell_cli import deal, format_position

    moves = " ".join((EXAMPLES / "617.snx-out.txt").read_text().splitlines()[2:13]).split()
    assert moves[0] == "7a" and len(moves) == 103
    rest = tmp_path / "rest.txt"
    rest.write_text(" ".join(moves[1:]) + "\n")
    position = run("move", "7a", input=format_position(deal(617)))[1].strip()
    assert not position.startswith("-")
    return position, str(rest)


def test_a_bare_position_first_is_the_position(tmp_path):
    position, rest = _after_first_move(tmp_path)
    assert run("verify", position, rest) == (0, "OK deal 617: solved in 102 moves (site)\n", "")
    assert run("verify", position) == (2, "", "error: no solution file given after the position (- for stdin)\n")
    assert run("verify", position, rest, "--deal", "617") == (
        2, "", "error: give one position: an argument, -p/--position, or --deal\n")
    # a file name is a file name, even one that looks like a position
    named = tmp_path / "a:b:c"
    named.write_text((EXAMPLES / "617.snx-out.txt").read_text())
    assert run("verify", "--deal", "617", str(named)) == (0, "OK deal 617: solved in 103 moves (site)\n", "")


def test_an_empty_or_strange_file_name_makes_a_one_line_error():
    assert run("verify", "--deal", "1", "") == (2, "", "error: cannot read '': an empty file name is not a file\n")
    assert run("verify", "--deal", "1", "no\nsuch", "\x1b[31mred") == (
        2, "", "error: cannot read 'no\\nsuch': No such file or directory\n"
               "error: cannot read '\\x1b[31mred': No such file or directory\n")


def test_json_names_the_file_as_it_is():
    code, out, err = run("verify", "--deal", "1", "no\nsuch", "--json")
    assert (code, err) == (2, "error: cannot read 'no\\nsuch': No such file or directory\n")
    assert orjson.loads(out) == {"file": "no\nsuch", "valid": None,
                                 "error": {"reason": "cannot read 'no\\nsuch': No such file or directory"}}


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


def test_cells_given_against_the_files_count_is_said(tmp_path):
    """--cells overrides what a file states on purpose (as -p does its start), and says so."""
    path = tmp_path / "s.txt"
    path.write_text("# freecell-cli solution\n# deal: 617\n# cells: 2\n5a\n")
    code, out, err = run("verify", "--cells", "4", str(path))
    assert (code, out) == (1, "FAIL deal 617 (site): the one move legal, not solved: 0 cards home\n")
    assert err == f"{path}: the file says 2 free cells; checked with 4 as asked\n"
    code, out, err = run("verify", "--cells", "2", str(path))
    assert code == 1 and err == ""


def _slot_moved():
    """fcs-freecell-24.txt with move 3 sent to free cell c while the printed state
    after it shows the card in b."""
    text = (FIXTURES / "real" / "fcs-freecell-24.txt").read_text()
    return text.replace("Move a card from stack 6 to freecell 1\n", "Move a card from stack 6 to freecell 2\n", 1)


def test_a_printed_state_must_hold_each_free_cell_card_in_its_slot(tmp_path):
    """Issue 20: the states were compared as sets of free-cell cards, so a move to the
    wrong slot passed its state and failed 16 moves later."""
    path = tmp_path / "s.txt"
    path.write_text(_slot_moved())
    code, out, err = run("verify", "-q", "--variant", "standard", str(path))
    assert (code, err) == (1, "") and out == (
        f'FAIL {path} (standard): move 3 "Move a card from stack 6 to freecell 2": position after this move '
        "differs from the file's: free cell b holds nothing here, 8H in the file\n")


def test_a_failing_fc_solve_file_on_stdin_keeps_its_verdict():
    """A refused fc-solve file was read a second time (fc-solve -sn's reading of plain
    moves into empty columns): from stdin that found an empty file, exit 2 'empty
    file, no moves'. From stdin it is read once, its verdict kept and the way out
    said; from the file (or replay) the second reading solves it."""
    sn = FIXTURES / "4.sn.txt"  # fc-solve -m -sn on deal 4
    code, out, err = run("verify", "--deal", "4", "--variant", "standard", "-", input=sn.read_text())
    assert (code, out) == (1, 'FAIL deal 4 (standard): move 58 "2h": TH cannot go to the foundation (hearts at 4)\n')
    assert err == ("stdin: stdin is read once: plain moves into empty columns were read as one card "
                   "(fc-solve -sn moves as many as fit: --empty-column max reads them its way)\n")
    code, out, err = run("verify", "--deal", "4", "--variant", "standard", "--empty-column", "max", "-",
                         input=sn.read_text())
    assert (code, out) == (0, "OK deal 4: solved in 123 moves (standard)\n")
    for command in ("verify", "replay"):
        code, out, err = run(command, "--deal", "4", "--variant", "standard", str(sn))
        assert code == 0 and err.startswith(f"{sn}: plain moves into empty columns read as fc-solve -sn writes them")
    # a printed state that differs is no count to read again: no such note
    code, out, err = run("verify", "--variant", "standard", "-", input=_slot_moved())
    assert code == 1 and "read once" not in err


# -- issue 24: a saved game is the solution attempt it is ---------------------------------
def _saved(path, number, moves, variant=None):
    from freecell_cli.game import Game

    game = Game.new(number, variant)
    assert game.play(moves).ok
    path.write_bytes(orjson.dumps(game.to_dict()))
    return path


def test_a_saved_game_is_verified_from_its_start_under_its_rules(tmp_path):
    from freecell_cli.game import Game
    from freecell_cli.solutions import parse_solution

    kept = _saved(tmp_path / "game.json.deal-617", 617, "5a 82")
    assert run("verify", str(kept)) == (1, "FAIL deal 617 (site): all 2 moves legal, not solved: 0 cards home\n", "")
    assert run("verify", "--json", str(kept)) == (1, (
        f'{{"file":"{kept}","valid":true,"solved":false,"moves":2,"file_moves":2,"variant":"site","deal":617,'
        '"cards_home":0,"error":null,"problems":[]}\n'), "")
    won = Game.new(617, "standard")
    assert won.play(" ".join(parse_solution((EXAMPLES / "617.snx-out.txt").read_text()).notation())).ok
    (tmp_path / "won.json").write_bytes(orjson.dumps(won.to_dict()))
    assert run("verify", str(tmp_path / "won.json")) == (0, "OK deal 617: solved in 103 moves (standard)\n", "")
    assert run("replay", str(kept))[2] == "FAIL deal 617 (site): all 2 moves legal, not solved: 0 cards home\n"


def test_a_saved_games_moves_undone_are_not_played(tmp_path):
    from freecell_cli.game import Game

    game = Game.new(617)
    assert game.play("5a 82").ok and game.undo()
    (tmp_path / "g.json").write_bytes(orjson.dumps(game.to_dict()))
    assert run("verify", str(tmp_path / "g.json"))[1] == (
        "FAIL deal 617 (site): the one move legal, not solved: 0 cards home\n")


@pytest.mark.parametrize("edit, message", [
    (lambda d: {**d, "steps": [{"moves": ["13"], "automatic": 0}]},
     "saved game is damaged: moves: step 1: JD cannot go on KC"),
    (lambda d: {**d, "version": 2}, "saved game is damaged: version: this version reads version 1, not '2'"),
    (lambda d: {k: v for k, v in d.items() if k != "won"}, "saved game is damaged: won: missing"),
    (lambda d: {**d, "format": "freecell-cli-spider-game"}, "this is a saved Spider game: use freecell spider verify"),
])
def test_a_garbled_save_is_one_line_and_exit_2(tmp_path, edit, message):
    path = _saved(tmp_path / "g.json", 617, "5a")
    path.write_bytes(orjson.dumps(edit(orjson.loads(path.read_bytes()))))
    assert run("verify", str(path)) == (2, "", f"error: {path}: {message}\n")
    path.write_text('{"format": "freecell-cli-game", "steps": [')
    assert run("verify", str(path)) == (
        2, "", f"error: {path}: bad JSON: unexpected end of data: line 1 column 43 (char 42)\n")


# -- macroxue's files: one solution a line ------------------------------------------
MACROXUE = (
    "617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412\n"
    "3:5r45481r2r3512275625758r26458r62386r\n"
    "\n"
    "618:1r9r\n"
    "7:1rc1\n"
    "0:1r\n"
    "11982:\n"
)


def test_a_file_of_macroxue_lines_gives_a_verdict_a_deal(tmp_path):
    path = tmp_path / "block"
    path.write_text(MACROXUE)
    code, out, err = run("verify", str(path))
    assert code == 2
    assert out == (
        "OK deal 617: solved in 87 moves (standard)\n"
        "OK deal 3: solved in 70 moves (standard)\n"
        'FAIL deal 7 (standard): line 5: move 2 "c1": the reserve holds 1 card: c names no card\n'
        "FAIL deal 11982 (standard): line 7: no moves, not solved: 0 cards home\n")
    assert err == (
        f'error: {path}: line 4: deal 618: move 2 "9r": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)\n'
        f"error: {path}: line 6: deal number 0 is out of range (1 to 8,589,934,591)\n"
        f"{path}: line 7: no moves: macroxue's files leave the line of a deal empty when its solver found no solution\n")


def test_macroxue_lines_as_json(tmp_path):
    path = tmp_path / "block"
    path.write_text(MACROXUE)
    code, out, _ = run("verify", "--json", "-q", str(path))
    lines = [orjson.loads(x) for x in out.splitlines()]
    assert code == 2 and len(lines) == 6
    assert [(d.get("deal"), d.get("line"), d["valid"]) for d in lines] == [
        (617, 1, True), (3, 2, True), (None, None, None), (7, 5, False), (None, None, None), (11982, 7, True)]
    assert lines[0] == {"file": str(path), "valid": True, "solved": True, "moves": 87, "file_moves": 35,
                        "variant": "standard", "deal": 617, "cards_home": 52, "error": None, "problems": [], "line": 1}
    assert lines[2]["error"] == {"reason": 'line 4: deal 618: move 2 "9r": not a move '
                                           "(from 1-8 or a-d; to 1-8, r from a column, or h)"}
    assert lines[3]["error"] == {"index": 2, "move": "c1", "reason": "the reserve holds 1 card: c names no card",
                                 "line": 5}


def test_macroxue_all_valid_exits_0_and_an_illegal_move_1(tmp_path):
    path = tmp_path / "block"
    path.write_text(MACROXUE.splitlines(keepends=True)[0] + "4:1r1r1r1r1r\n")
    assert run("verify", "-q", str(path)) == (
        1, "OK deal 617: solved in 87 moves (standard)\n"
           'FAIL deal 4 (standard): line 2: move 5 "1r": the reserve is full (4 cards): r has no room\n', "")
    path.write_text(MACROXUE.splitlines(keepends=True)[1])
    assert run("verify", str(path)) == (0, "OK deal 3: solved in 70 moves (standard)\n", "")
    assert run("verify", "--variant", "site", str(path)) == (0, "OK deal 3: solved in 70 moves (site)\n", "")


def test_macroxue_deal_takes_its_line(tmp_path):
    path = tmp_path / "block"
    path.write_text(MACROXUE)
    assert run("verify", "--deal", "3", str(path)) == (0, "OK deal 3: solved in 70 moves (standard)\n", "")
    assert run("verify", "--deal", "5", str(path)) == (2, "", f"error: {path}: no line for deal 5\n")


def test_macroxue_forced_detected_and_empty(tmp_path):
    path = tmp_path / "block"
    path.write_text("\n\n")
    assert run("verify", "--input-format", "macroxue", str(path)) == (
        2, "", f"error: {path}: empty file, no moves\n")
    path.write_text("3:5r45481r2r3512275625758r26458r62386r")  # no line ending
    assert run("verify", "--input-format", "macroxue", str(path))[0] == 0
    # not detected as macroxue's, a line with no deal number is standard notation's error
    path.write_text("x3:5r\n")
    assert run("verify", "--deal", "3", str(path)) == (2, "", f"error: {path}: line 1: not a move: 'x3:5r'\n")
    assert run("verify", "--input-format", "macroxue", str(path)) == (
        2, "", f"error: {path}: line 1: not a deal number: 'x3'\n")


def test_macroxue_from_stdin_and_several_files(tmp_path):
    path = tmp_path / "block"
    path.write_text("3:5r45481r2r3512275625758r26458r62386r\n")
    assert run("verify", "-", input="617:5r\n") == (
        1, "FAIL deal 617 (standard): line 1: the one move legal, not solved: 0 cards home\n", "")
    code, out, _ = run("verify", str(path), str(path))
    assert (code, out) == (0, f"OK {path}: deal 3: solved in 70 moves (standard)\n" * 2)


@pytest.mark.parametrize("first, code", [("1:12", 1), ("1:9r", 2), ("1:1r", 1)])
def test_a_reader_that_goes_early_leaves_the_verdicts_code(tmp_path, first, code):
    """`verify FILE | head -1`: the verdicts said before the pipe closed keep their
    code (a FAIL read by head is still a failure), where a closed pipe is otherwise quiet."""
    import subprocess
    import sys

    f = tmp_path / "many.mx"
    f.write_text(first + "\n" + "2:1r\n" * 3000)  # far more than a pipe holds
    p = subprocess.Popen([sys.executable, "-m", "freecell_cli", "verify", str(f)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    assert p.wait() == code and b"Traceback" not in err


def test_a_position_file_given_where_a_solution_goes_says_so(tmp_path):
    give = "give it as the start (-p/--position; position= in the library)"
    code, out, err = run("verify", "examples/start-617.txt", "examples/617.snx-out.txt")
    assert code == 2 and err.splitlines()[0] == (
        f"error: examples/start-617.txt: line 1: this is a position, not moves: {give}")
    assert run("verify", "-p", "examples/start-617.txt", "examples/617.snx-out.txt")[0] == 0
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.formats import format_compact as spider_compact

    for name, text, said in [
            ("p.fcs", fc_format(deal(617), "fcs"), f"line 1: this is a position, not moves: {give}"),
            ("p.json", fc_format(deal(617), "json"), f"this is a position (JSON), not a solution: {give}"),
            ("sp.pos", spider_compact(spider_deal(3)),
             "line 1: this is a Spider position, not moves: Spider's solutions are freecell spider verify's")]:
        (tmp_path / name).write_text(text + "\n")
        code, out, err = run("verify", str(tmp_path / name), "examples/617.snx-out.txt")
        assert code == 2 and err.splitlines()[0] == f"error: {tmp_path / name}: {said}"
