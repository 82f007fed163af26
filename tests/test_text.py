"""Issue 20, class 3: text from input never reaches the terminal raw. A move, a
header value, a field of a results file or a saved game, a file name: wherever it
is printed it goes through text.escape (or errors.quote, a repr), in both games.

Each test feeds the same kinds of characters (an OSC 52 clipboard write, C1's CSI
\\x9b, BEL, CR, U+202E) and asserts the exact line, and that no raw control
character is anywhere in stdout or stderr."""

import io
import sys

import orjson
import pytest

from cli_helpers import run
from freecell_cli import deal, find_variant
from freecell_cli.errors import FreecellError, quote
from freecell_cli.text import escape

OSC52 = "\x1b]52;c;aGk=\x07"  # writes "hi" to the clipboard
RAW = ("\x1b", "\x07", "\x9b", "\r", "\u202e", "\x85")


def clean(*texts: str) -> None:
    """No raw control, C1 or bidi character in what was printed."""
    for text in texts:
        for ch in RAW:
            assert ch not in text, (ch, text)


# -- JSON on stdout ---------------------------------------------------------------------
@pytest.mark.parametrize("value", [
    {"move": "58\x9b2J\u202e\u2028\x85"}, {"x": "\U000e0041 tag"}, {"ok": "é ♥ 10♦"}, [1, None, "a\x1b"],
    {"file": "del\x7f"},
])
def test_json_line_escapes_what_a_terminal_acts_on_and_reads_back(value):
    from freecell_cli.text import json_line

    line = json_line(value)
    assert orjson.loads(line) == value and line.isprintable()
    clean(line)


def test_verify_json_escapes_c1_and_bidi_in_moves_and_file_names(tmp_path):
    path = tmp_path / "s\u202e.json"
    path.write_text(orjson.dumps({"deal": 617, "moves": ["5a", "58\x85"]}).decode())
    code, out, err = run("verify", "--json", str(path))
    assert code == 1 and err == ""
    assert '"move":"58\\u0085"' in out and "s\\u202e.json" in out
    assert orjson.loads(out)["error"]["move"] == "58\x85"
    clean(out, err)


# -- the helper -----------------------------------------------------------------------
@pytest.mark.parametrize("raw, shown", [
    ("5a" + OSC52, "5a\\x1b]52;c;aGk=\\x07"),
    ("\x9b2J", "\\x9b2J"),
    ("a\rb\nc\td", "a\\rb\\nc\\td"),
    ("left\u202eright", "left\\u202eright"),
    ("\x85\x7f\u2028\U000e0001", "\\x85\\x7f\\u2028\\U000e0001"),
    ("9♠ 10♥ é", "9♠ 10♥ é"),  # printable text is left alone
])
def test_escape(raw, shown):
    assert escape(raw) == shown
    assert quote(raw, 200) == repr(raw)  # errors.quote, the other helper, is a repr
    clean(escape(raw), quote(raw))


def test_escape_cuts_after_escaping():
    assert escape("\x1b" * 10, width=10) == "\\x1b\\x1..."
    assert escape(617) == "617"


# -- the helpers that cut text short -----------------------------------------------------
def _id(value):  # pytest names a case by str(value): an int of 5000 digits has none
    return "huge-int" if isinstance(value, int) and value.bit_length() > 1000 else None


@pytest.mark.parametrize("n, word, text", [(0, "move", "0 moves"), (1, "card", "1 card"), (2, "suit", "2 suits"),
                                           (1000, "state", "1,000 states"), (-1, "move", "-1 moves")])
def test_plural(n, word, text):
    from freecell_cli.moves import plural as old_path
    from freecell_cli.text import plural

    assert plural(n, word) == text and old_path is plural


@pytest.mark.parametrize("text, width, cut_text", [("abcdef", 6, "abcdef"), ("abcdefg", 6, "abc..."), ("ab", 2, "ab"),
                                                   ("abcd", 2, "..."), ("", 0, "")])
def test_cut(text, width, cut_text):
    from freecell_cli.text import cut

    assert cut(text, width) == cut_text


@pytest.mark.parametrize("value, text", [
    ("x" * 50, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'"),  # the closing quote stays
    (10**50, "1000000000000000000000000000000000000..."),
    (10**5000, "<int too long to show>"),
    ("ok", "'ok'"),
], ids=_id)
def test_quote_cuts_and_never_fails(value, text):
    from freecell_cli import errors

    assert quote(value) == text and errors.quote is quote


@pytest.mark.parametrize("value, text", [
    ("x" * 50, "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."), (10**70, "with over 60 digits"), (617, "617"),
    (10**5000, "with over 60 digits"),
], ids=_id)
def test_short_repr(value, text):
    from freecell_cli import deals
    from freecell_cli.text import short_repr

    assert short_repr(value) == text and deals.short_repr is short_repr


@pytest.mark.parametrize("value, text", [("x" * 30, "x" * 20), (1.5, "1.5"), (None, "None"), (10**5000, "<int too long to show>"),
                                         (10**30, "10000000000000000000")], ids=_id)
def test_shown(value, text):
    from freecell_cli.text import shown

    assert shown(value) == text


@pytest.mark.parametrize("token, text", [("58", "58"), ("x" * 20, "x" * 20), ("x" * 21, "'" + "x" * 21 + "'"),
                                         ("x" * 30, "'" + "x" * 19 + "...'"),
                                         ("5\x1b", "'5\\x1b'"), ("5\u202e", "'5\\u202e'")])
def test_token_shown(token, text):
    from freecell_cli.text import token_shown

    assert token_shown(token) == text


# -- moves as written -----------------------------------------------------------------
@pytest.mark.parametrize("token, shown", [
    ("5a" + OSC52, "5a\\x1b]52"),  # ';' separates moves: the first token is 5a ESC ]52
    ("5a\x9b", "5a\\x9b"),
    ("5a\x07", "5a\\x07"),
    ("5a\u202e", "5a\\u202e"),
])
def test_move_quotes_a_malformed_move_escaped(token, shown):
    code, out, err = run("move", "--deal", "617", token)
    assert (code, out, err) == (2, "", f"error: move 1 \"{shown}\": not a move: '{shown}'\n")
    clean(out, err)


def test_spider_move_quotes_a_malformed_move_escaped():
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.formats import format_compact

    code, out, err = run("spider", "move", "12", "2\x1b[2J\u202e", input=format_compact(spider_deal(1, 1)))
    assert (code, out) == (2, "")
    assert err == "error: move 2 \"2\\x1b[2J\\u202e\": not a Spider move: '2\\x1b[2J\\u202e' " \
                  "(e.g. 38, 30v2 with 0 for column 10, d to deal)\n"
    clean(err)


def test_verify_quotes_a_refused_json_move_escaped(tmp_path):
    # Move.parse strips blanks, so a JSON move "58\r" is 58: the file keeps it as written
    path = tmp_path / "s.json"
    path.write_text(orjson.dumps({"deal": 617, "moves": ["5a", "58\r"]}).decode())
    code, out, err = run("verify", str(path))
    assert (code, out, err) == (1, "FAIL deal 617 (site): move 2 \"58\\r\": 7C cannot go on QH\n", "")
    path.write_text(orjson.dumps({"deal": 617, "moves": ["5a", "58\x85"]}).decode())
    code, out, err = run("verify", "--all-errors", str(path))
    assert out == "FAIL deal 617 (site): move 2 \"58\\x85\": 7C cannot go on QH\n"
    clean(out, err)


def test_verify_quotes_a_move_naming_no_such_column_escaped(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(orjson.dumps({"deal": 617, "cells": 2, "moves": ["5a", "5c\x0b"]}).decode())
    code, out, err = run("verify", str(path))  # a place the table lacks: refused at its index
    assert (code, err) == (1, "")
    assert out == 'FAIL deal 617 (site): move 2 "5c\\x0b": there is no free cell c (2 free cells)\n'
    clean(out, err)


def test_replay_says_the_refused_move_escaped(tmp_path):
    from freecell_cli.replay import replay
    from freecell_cli.solutions import parse_solution

    text = orjson.dumps({"deal": 617, "moves": ["5a", "58\r"]}).decode()
    r = replay(parse_solution(text), deal(617), find_variant("site"))
    assert r.caption(1) == "move 2 refused: 58\\r, 7C cannot go on QH"  # the viewer's and the page's caption
    path = tmp_path / "s.json"
    path.write_text(text)
    code, out, err = run("replay", str(path))
    assert code == 1 and err == "FAIL deal 617 (site): move 2 \"58\\r\": 7C cannot go on QH\n"
    clean(out, err)


def test_spider_verify_quotes_a_move_escaped():
    # The library's way in: a Solution made by a program, not read from a file
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.verify import Solution, verify

    v = verify(Solution(("23", "32\x85")), spider_deal(1, suits=1))
    assert v.summary() == 'move 2 "32\\x85": JS cannot go on 9S: it needs a card one rank higher'
    with pytest.raises(FreecellError) as e:
        verify(Solution(("2\x1b[2J",)), spider_deal(1, suits=1))
    assert str(e.value).startswith('move 1 "2\\x1b[2J": not a Spider move: ')
    clean(v.summary(), str(e.value))


@pytest.mark.parametrize("text, message", [
    ("# spider deal 1\n1" + OSC52 + "\n", "line 2: not a Spider move: '1\\x1b]52'"),
    ("# spider start -:-:\x9b/x\n23\n", "line 1: the start position in the header: this looks like a FreeCell "
                                        "position (-:-:\\x9b/x...): use freecell show, move, solve"),
])
def test_spider_verify_errors_are_escaped(text, message):
    code, out, err = run("spider", "verify", "-", input=text)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: stdin: {message}")
    clean(err)


def test_line_play_echoes_escaped(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    nul = "cannot save 'a\\x00b\\x07.sol': a file name cannot hold a NUL character\n"  # it was a crash
    code, out, err = run("play", "617", input="5a\x9b\n5a\u202e 82\nnew 1\x07\nsave a\x00b\x07.sol\nq\n")
    assert code == 0
    assert "refused '5a\\x9b': not a move: '5a\\x9b'\n" in out
    assert "refused '5a\\u202e': not a move: '5a\\u202e'\n" in out
    assert "refused: not a deal number: '1\\x07'\n" in out
    assert nul in out
    clean(out, err)
    code, out, err = run("spider", "play", "1", input="2\x9b3\nnew \u202e\nsave a\x00b\x07.sol\nq\n")
    assert code == 0
    assert "refused '2\\x9b3': not a Spider move: '2\\x9b3'" in out
    assert "refused: not a deal number: '\\u202e'\n" in out
    assert nul in out
    clean(out, err)


# -- solution headers -------------------------------------------------------------------
@pytest.mark.parametrize("header, message", [
    ("# deal: 617" + OSC52, "line 2: not a deal number: '617\\x1b]52;c;aGk=\\x07'"),
    ("# variant: site\x9b", "line 2: unknown variant 'site\\x9b' (choose from site, standard, windows, atomic)"),
    ("# cells: 4\x07", "line 2: cells must be 0..15, got '4\\x07'"),  # \r would end the line
    ("# empty-column: \u202e", "line 2: empty-column must be one or max, got '\\u202e'"),
])
def test_solution_header_values_are_escaped(tmp_path, header, message):
    path = tmp_path / "s.sol"
    path.write_bytes(f"# freecell-cli solution\n{header}\n5a\n".encode())
    code, out, err = run("verify", "--deal", "617", str(path))
    assert (code, out, err) == (2, "", f"error: {path}: {message}\n")


def test_cross_format_messages_quote_the_position_escaped():
    from freecell_cli.formats.compact import parse_compact
    from freecell_cli.spider.formats import parse_compact as spider_compact

    with pytest.raises(FreecellError) as e:
        parse_compact("spider\x1b]52;\x9b")
    assert str(e.value) == "this is a Spider position (spider\\x1b]52;\\x9b...): use freecell spider show, move, solve"
    code, out, err = run("spider", "show", "-", input="-:-:\x1b[2J/x\n")
    assert (code, out) == (2, "")
    assert err == "error: stdin: this looks like a FreeCell position (-:-:\\x1b[2J/x...): use freecell show, move, solve\n"


# -- file names ---------------------------------------------------------------------------
NAME = "s\x1b[2J\u202e.sol"
SHOWN = "'s\\x1b[2J\\u202e.sol'"


@pytest.mark.parametrize("args", [
    ["verify", "--deal", "617", NAME], ["spider", "verify", NAME], ["show", NAME], ["replay", "--deal", "617", NAME],
    ["analyze", "--summary", NAME],
])
def test_a_missing_file_is_named_escaped(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code, out, err = run(*args)
    assert (code, out, err) == (2, "", f"error: cannot read {SHOWN}: No such file or directory\n")


def test_a_file_name_is_escaped_in_verdicts(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / NAME).write_text("5a\n")
    code, out, err = run("verify", NAME)
    assert (code, out) == (2, "")
    assert err == f"error: {SHOWN}: the solution names no deal: give --deal N or --position FILE\n"
    code, out, err = run("spider", "verify", NAME, NAME[:-4])
    assert out == "" and err.startswith(f"error: {SHOWN}: line 1: not a Spider move: '5a'")
    clean(out, err)


# -- results files --------------------------------------------------------------------
def record(**fields):
    r = {"deal": 1, "variant": "site", "cells": 4, "requested_engine": "auto", "time_limit": 60.0,
         "verdict": "solved", "move_count": 50, "seconds": 0.5, "states": 10}
    r.update(fields)
    return orjson.dumps(r).decode() + "\n"


@pytest.mark.parametrize("fields, settings", [
    ({"requested_engine": "[bold]auto\x9b"}, "variant site, 4 cells, engine [bold]auto\\x9b, time limit 60 s"),
    ({"requested_engine": "auto" + OSC52}, "variant site, 4 cells, engine auto\\x1b]52;c;aGk=\\x07, time limit 60 s"),
    ({"max_cells": "x\x07"}, 'variant site, 4 cells, at most cells "x\\u0007", engine auto, time limit 60 s'),
])
def test_analyze_summary_prints_record_fields_escaped(tmp_path, fields, settings):
    path = tmp_path / "r.jsonl"
    path.write_text(record(**fields))
    code, out, err = run("analyze", "--summary", str(path))
    assert code == 0 and err == ""
    assert out.splitlines()[-1] == f"settings: {settings}"
    clean(out, err)


def test_analyze_summary_table_takes_no_markup(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(record(requested_engine="[bold red]auto" + OSC52 + "\x9b2J"))
    code, out, err = run("analyze", "--summary", str(path), "--color", "always")
    assert code == 0
    text = " ".join(out.split())  # the table wraps its cells
    assert "[bold" in text and "red]auto\\x1b]52;c;aGk=\\x07\\x9b2J" in text  # printed as written, escaped
    # rich's own styles are there, the file's are not
    for raw in ("\x1b]52", "\x07", "\x9b", "\r", "\u202e"):
        assert raw not in out


def test_analyze_resume_error_names_the_settings_escaped(tmp_path):
    path = tmp_path / "r.jsonl"
    path.write_text(record(requested_engine="auto\x1b[2J\u202e"))
    code, out, err = run("analyze", "1", "--engine", "auto", "-o", str(path))
    assert (code, out) == (2, "")
    assert err == (f"error: {path} holds results made with other settings (line 1: engine auto\\x1b[2J\\u202e; "
                   "this run: engine auto): run with the same settings, or write to another file\n")


@pytest.mark.parametrize("fields, problem", [
    ({"mode": OSC52}, '"mode" is not one of solve, min-cells, optimal: "\\u001b]52;c;aGk=\\u0007"'),
    ({"deal": "\u202e\x9b"}, '"deal" is not a deal number (1 to 8,589,934,591): "\\u202e\\x9b"'),
    ({"states": "\x85"}, '"states" is not a whole number from 0 to 1,000,000,000,000,000: "\\x85"'),
    ({"variant": "site" + OSC52},
     '"variant" is not one of site, standard, windows, atomic: "site\\u001b]52;c;aGk=\\u0007"'),
    ({"game": "freecell\r\u202e"}, '"game" is not one of freecell, spider, bakers-game, eight-off, seahaven-towers, '
                                    'forecell, relaxed-freecell: "freecell\\r\\u202e"'),
])
def test_analyze_record_errors_quote_the_field_escaped(tmp_path, fields, problem):
    path = tmp_path / "r.jsonl"
    path.write_text(record(**fields))
    code, out, err = run("analyze", "--summary", str(path))
    assert (code, out, err) == (2, "", f"error: {path}: line 1: {problem}\n")


def test_analyze_comparison_names_its_files_escaped(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    a = record(mode="min-cells", max_cells=4, min_cells=2, known=[2, 2])
    b = record(mode="min-cells", max_cells=4, min_cells=3, known=[3, 3])
    (tmp_path / "a.jsonl").write_text(a)
    (tmp_path / "b\x1b[2J.jsonl").write_text(b)
    code, out, err = run("analyze", "--summary", "a.jsonl", "--summary", "b\x1b[2J.jsonl")
    assert code == 0
    assert "\ncompared: 1 deal(s) in both files (0 only in a.jsonl, 0 only in 'b\\x1b[2J.jsonl')\n" in out
    assert "  deal 1: 2 in a.jsonl, 3 in 'b\\x1b[2J.jsonl'\n" in out
    assert "'b\\x1b[2J.jsonl':\n" in out
    clean(out, err)


def test_plot_labels_are_escaped_and_no_formula(tmp_path):
    pytest.importorskip("matplotlib")
    from freecell_cli.plots import _groups, plot_summary

    records = [orjson.loads(record(variant="$\\frac{$\x1b[2J", engine="beam\r"))]
    assert list(_groups(records)) == ["$\\frac{$\\x1b[2J, beam\\r"]
    plot_summary(records, tmp_path / "p.svg", title="t\x07")  # "$\frac{$" as mathtext would raise
    assert (tmp_path / "p.svg").stat().st_size > 0


# -- saved games ----------------------------------------------------------------------------
def test_a_saved_daily_date_is_escaped_where_printed(tmp_path, monkeypatch):
    from freecell_cli.board import Board
    from freecell_cli.game import Game
    from freecell_cli.play import Session, saved_note

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    g = Game.new(617)
    g.daily = "2026-01-01\x1b]0;title\x07"  # what a hand-edited save may hold
    g.play("5a")
    shown = "2026-01-01\\x1b]0;title\\x07"
    assert Session(g, interactive=False, out=io.StringIO()).status().startswith(f"daily {shown} (deal 617) | ")
    assert saved_note(g).startswith(f"the daily deal {shown} is saved at move 1")
    board = Board(g)
    assert board.status().startswith(f"daily {shown} (deal 617) | ")
    assert board.game_name() == f"the daily deal of {shown} (deal 617)"
    # Such a save is refused as damaged when loaded (test_play_sessions): it never names a file.


# -- the last line of defence -----------------------------------------------------------------
def test_usage_errors_are_escaped(monkeypatch, capsys):
    from freecell_cli.cli import _run

    # click escapes control characters, not U+202E
    monkeypatch.setattr(sys, "argv", ["freecell", "show", "a", "b\u202e\x1b[2J"])
    assert _run() == 2
    captured = capsys.readouterr()
    assert captured.err == ("error: Got unexpected extra argument(s) (b\\u202e\\x1b[2J) "
                            "(see 'freecell show --help')\n")
    monkeypatch.setattr(sys, "argv", ["freecell", "verify", "--variant", "site\u202e", "x"])
    assert _run() == 2
    assert "'site\\u202e' is not one of" in capsys.readouterr().err


def test_internal_and_os_errors_are_escaped(capsys):
    import errno

    from freecell_cli.cli import _guarded

    def bug() -> int:
        raise KeyError("x" + OSC52)

    def full_disk() -> int:
        raise OSError(errno.ENOSPC, "No space left on device", "out\x9b.txt")

    assert _guarded(bug) == 2
    assert capsys.readouterr().err == ("error: internal error, please report it: KeyError: 'x\\x1b]52;c;aGk=\\x07' "
                                       "(FREECELL_DEBUG=1 shows the traceback)\n")
    assert _guarded(full_disk) == 2
    assert capsys.readouterr().err == "error: cannot write the output out\\x9b.txt: No space left on device\n"


def test_spider_verify_json_gives_the_file_name_itself(tmp_path):
    """Its "file" held the escaped display name, quotes and all: it did not read back."""
    path = tmp_path / "n3\u202e\x9b.txt"
    path.write_text("23\n")
    code, out, err = run("spider", "verify", "--json", "--deal", "1", "-s", "1", str(path))
    assert code == 1 and orjson.loads(out)["file"] == str(path)
    clean(out)


# -- long words cut in diagnostics ----------------------------------------------------
def test_cut_words_keeps_short_words_and_cuts_long_ones_in_the_middle():
    from hypothesis import given, strategies as st

    from freecell_cli.text import cut_words

    @given(st.lists(st.text(alphabet="ab/. \n", max_size=400), max_size=5).map(" ".join),
           st.integers(min_value=8, max_value=300))
    def check(text, width):
        out = cut_words(text, width)
        words, cut = text.split(), out.split()
        assert len(cut) == len(words)
        for was, now in zip(words, cut):
            if len(was) <= width:
                assert now == was
            else:  # its start and end kept, the length just the width
                assert len(now) == width and "..." in now
                assert was.startswith(now[: (width - 3) // 2]) and was.endswith(now[-(width - 3 - (width - 3) // 2):])

    check()


@pytest.mark.parametrize("args", [
    ["deal", "617", "--variant", "z" * 5000],  # click's own message
    ["show", "--" + "z" * 5000],
    ["show", "A" * 5000],  # cannot read it: the name is too long
    ["deal", "1", "-o", "A/" * 3000],
])
def test_a_huge_argument_is_cut_in_the_one_error_line(args):
    import subprocess

    # the real entry point: click's usage errors are said by freecell_cli.cli.main
    p = subprocess.run([sys.executable, "-m", "freecell_cli", *args], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == "" and p.stderr.count("\n") == 1 and p.stderr.startswith("error: ")
    assert len(p.stderr) < 700 and "..." in p.stderr
