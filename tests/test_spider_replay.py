"""Spider replays: freecell_cli.spider.replay (steps, captions, the HTML page, the
terminal viewer) and `freecell spider replay`."""

import io
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from cli_helpers import run
from freecell_cli.errors import ArgumentTypeError, InvalidSolution
from freecell_cli.spider.deals import deal
from freecell_cli.spider.formats import format_compact, format_json, parse_position
from freecell_cli.spider.moves import DEAL, Move, apply
from freecell_cli.spider.replay import MAX_STEPS, replay, to_html
from freecell_cli.spider.verify import format_solution, parse_solution
from freecell_cli.viewer import Viewer
from spider_helpers import from_lists, sorted_table

FREECELL = [sys.executable, "-m", "freecell_cli"]
D1 = deal(1, suits=1)
THREE = "23 d 54"  # legal from deal 1 (1 suit), not a win
NOT_WON = "FAIL deal 1 (1 suit): all 3 moves legal, not solved: 0 of 8 runs removed\n"
REFUSED = 'FAIL deal 1 (1 suit): move 2 "32": JS cannot go on 9S: it needs a card one rank higher\n'


def sorted_start():
    """Eight runs K..2 and the eight aces in columns 9 and 10: eight moves win."""
    return from_lists(sorted_table(1), suits=1).validate()


EIGHT = "91 92 93 94 05 06 07 08"


def empty_column_start():
    """Column 10 empty, one deal in the stock: the deal needs --unrestricted-deal."""
    cols = sorted_table(1)
    for c in cols[:6]:
        del c[-1]
    cols[9] = []
    return from_lists(cols, suits=1, stock="AS AS AS AS 2S 2S 2S 2S 2S 2S").validate()


def pairs(out: str) -> list[tuple[str, str]]:
    lines = out.splitlines()
    return list(zip(lines[0::2], lines[1::2]))


# -- the library -------------------------------------------------------------------------
def test_steps_positions_and_captions():
    r = replay(parse_solution(THREE), D1)
    assert (len(r), r.frames, r.total) == (3, 4, 3)
    positions = [D1]
    for token in THREE.split():
        positions.append(apply(positions[-1], Move.parse(token)))
    assert [r.position(k) for k in range(4)] == positions
    assert [r.caption(k) for k in range(4)] == [
        "move 1 of 3: 23, JS onto QS, turns up a card in column 2",
        "move 2 of 3: d, deal ten cards (4 deals left after it)",  # a deal is a step of its own
        "move 3 of 3: 54, 9S onto TS",
        "all 3 moves legal, not solved: 0 of 8 runs removed",
    ]
    assert [r.next_move(k) for k in range(4)] == [(Move(1, 2, 1), False), (DEAL, False), (Move(4, 3, 1), False),
                                                 (None, False)]
    assert r.head == "Spider deal 1 | 1 suit"


def test_a_refused_move_ends_the_replay_before_it():
    r = replay(parse_solution("23 32 47"), D1)
    assert (len(r), r.frames, r.total) == (1, 2, 3)
    assert r.caption(1) == "move 2 refused: 32, JS cannot go on 9S: it needs a card one rank higher"
    assert r.next_move(1) == (Move.parse("32"), True)
    assert not r.verdict.ok and r.verdict.error.index == 2


def test_removed_runs_are_said_and_a_win_is_the_last_frame():
    r = replay(parse_solution(EIGHT), sorted_start())
    assert r.caption(0) == "move 1 of 8: 91, AS onto 2S, completes a run of spades (removed)"
    assert r.caption(3) == "move 4 of 8: 94, AS onto 2S, empties column 9, completes a run of spades (removed)"
    assert r.caption(8) == "solved in 8 moves" and r.verdict.ok
    assert [len(r.position(k).removed) for k in range(9)] == list(range(9))
    assert r.position(8).is_won()


def test_piped_lines_round_trip():
    r = replay(parse_solution(THREE), D1)
    lines = list(r.lines())
    assert lines[0::2] == ["23\n", "d\n", "54\n"]
    assert [parse_position(t) for t in lines[1::2]] == [r.position(k) for k in (1, 2, 3)]
    as_json = list(r.lines("json"))
    assert [parse_position(t) for t in as_json[1::2]] == [r.position(k) for k in (1, 2, 3)]
    assert as_json[1] == format_json(r.position(1))


def test_the_deal_rule_is_the_replays():
    start = empty_column_start()
    refused = replay(parse_solution("d"), start)
    assert refused.caption(0) == ("move 1 refused: d, cannot deal: column 10 is empty (every column needs a card; "
                                  "fill it first, or allow it with --unrestricted-deal)")
    allowed = replay(parse_solution("d"), start, unrestricted=True)
    assert allowed.verdict.valid and len(allowed) == 1 and len(allowed.position(1).stock) == 0


def test_arguments_are_checked():
    with pytest.raises(ArgumentTypeError, match="solution must be a Spider Solution"):
        replay("23", D1)
    with pytest.raises(ArgumentTypeError, match="start must be a Spider Position"):
        replay(parse_solution("23"), "spider1:...")
    with pytest.raises(ArgumentTypeError):
        replay(parse_solution("23"), D1, unrestricted="yes")


def test_at_most_max_steps():
    with pytest.raises(InvalidSolution, match=f"a replay shows at most {MAX_STEPS:,} moves; this solution has more"):
        replay(parse_solution("12 " * (MAX_STEPS + 1)), D1)


# -- the HTML page -----------------------------------------------------------------------
def test_page_structure():
    page = to_html(replay(parse_solution(THREE), D1))
    assert page.startswith("<!DOCTYPE html>") and page == to_html(replay(parse_solution(THREE), D1))
    frames = re.findall(r'<svg class="frame".*?</svg>', page, re.S)
    assert len(frames) == 4
    assert len({ET.fromstring(f).get("height") for f in frames}) == 1  # one height: the page does not jump
    assert page.count('<g id="c-') == 52 and page.count('<g id="back">') == 1  # faces and back once
    assert re.findall(r"<li [^>]*>[^<]*</li>", page) == [
        '<li data-k="0" value="1">23</li>', '<li data-k="1" class="deal" value="2">d (deal)</li>',
        '<li data-k="2" value="3">54</li>',
        '<li data-k="3" class="end">all 3 moves legal, not solved: 0 of 8 runs removed</li>']
    assert "<h1>Spider deal 1 &middot; 1 suit</h1>" in page
    assert '<p id="verdict" class="fail">not solved: all 3 moves legal, not solved: 0 of 8 runs removed (1 suit)</p>' in page
    assert not re.search(r'\bsrc=|<link|@import|url\(|https?://(?!www\.w3\.org/)', page)


def test_page_of_a_win_and_of_a_refused_move():
    won = to_html(replay(parse_solution(EIGHT), sorted_start()))
    assert won.count('class="removes"') == 8 and '<li data-k="0" class="removes" value="1">91 (run removed)</li>' in won
    assert '<p id="verdict" class="ok">OK: solved in 8 moves (1 suit)</p>' in won
    assert "<h1>Spider solution &middot; 1 suit</h1>" in won  # no deal number: a position
    bad = to_html(replay(parse_solution("23 32"), D1))
    assert ('<li data-k="1" class="bad" value="2">32: JS cannot go on 9S: it needs a card one rank higher</li>'
            in bad) and 'stroke="#ff3b30"' in bad
    assert '<p id="verdict" class="fail">FAIL: move 2 &quot;32&quot;: JS cannot go on 9S' in bad
    open_deals = to_html(replay(parse_solution("d"), empty_column_start(), unrestricted=True))
    assert "&middot; 1 suit, deals onto empty columns allowed</h1>" in open_deals


@pytest.fixture(scope="module")
def browser():
    from browser import SKIP_REASON, Browser, find_browser

    binary = find_browser()
    if binary is None:
        pytest.skip(SKIP_REASON)
    b = Browser(binary)
    yield b
    b.close()


def test_keys_and_clicks_in_a_real_browser(tmp_path, browser):
    path = tmp_path / "r.html"
    path.write_text(to_html(replay(parse_solution(THREE + " 32"), D1)))
    browser.open(path.as_uri())
    visible = ("[...document.querySelectorAll('svg.frame')].map((f, i) => f.style.display === 'none' ? -1 : i)"
               ".filter(i => i >= 0).join()")
    current = "document.querySelector('#moves li.current').textContent"
    assert browser.evaluate(visible) == "0" and browser.evaluate(current) == "23"
    browser.press("ArrowRight", 39)
    assert browser.evaluate(visible) == "1" and browser.evaluate(current) == "d (deal)"
    assert browser.evaluate("document.getElementById('counter').textContent") == "1 / 3"
    # the deal's frame: the stock's pile framed, its count on it
    assert browser.evaluate("document.querySelector('svg.frame[data-k=\"1\"] text:nth-of-type(2)').textContent") == "50"
    browser.press("ArrowRight", 39)
    assert browser.evaluate("document.querySelector('svg.frame[data-k=\"2\"] text:nth-of-type(2)').textContent") == "40"
    browser.press("End", 35)
    assert browser.evaluate(visible) == "3"
    assert browser.evaluate(current) == "32: no card at the end of column 3 fits on QS: the run there is 4S"
    browser.press("ArrowLeft", 37)
    assert browser.evaluate("document.getElementById('slider').value") == "2"
    browser.evaluate("document.querySelector('#moves li[data-k=\"1\"]').click()")
    assert browser.evaluate(visible) == "1"
    browser.evaluate("document.getElementById('start').click()")
    assert browser.evaluate(visible) == "0"


# -- the terminal viewer ------------------------------------------------------------------
def test_viewer_draws_the_next_move_marked():
    from rich.console import Console

    v = Viewer(replay(parse_solution(THREE), D1), keys=-1)
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, force_terminal=True, color_system="truecolor")
    v.draw(console)
    text = out.getvalue()
    assert "Spider deal 1 | 1 suit | step 0 / 3 | paused" in text
    assert "move 1 of 3: 23, JS onto QS, turns up a card in column 2" in text
    assert "\x1b[" in text and "J♠" in text
    v.act("end")
    out.truncate(0)
    v.draw(console)
    assert "step 3 / 3 | end" in out.getvalue() and "all 3 moves legal, not solved" in out.getvalue()


def tall_start():
    """Column 1 holds 30 cards, five face down, ending in a run K..2 that goes into
    the empty column 3."""
    cols = sorted_table(1)
    cols[0] = cols[0] + cols[1][:6] + cols[2]
    cols[1], cols[2] = cols[1][6:], []
    return from_lists(cols, suits=1, down={0: 5}).validate()


def screen(v, width, height, **kw):
    """What the viewer draws on a terminal of ``width`` × ``height`` (plain text
    without the blanks at the ends of lines, unless ``kw`` asks for colour)."""
    from rich.console import Console

    out = io.StringIO()
    v.draw(Console(file=out, width=width, height=height, **kw))
    return out.getvalue() if kw else "\n".join(line.rstrip() for line in out.getvalue().split("\n"))


def test_viewer_a_tall_frame_keeps_its_header_and_keys_on_24_rows():
    v = Viewer(replay(parse_solution("13"), tall_start()), keys=-1)
    assert screen(v, 80, 24) == """\
Spider position | 1 suit | step 0 / 1 | paused
1 suit | stock 0 cards (0 deals) | removed 0 of 8 | moves 0

  1    2    3    4    5    6    7    8    9   10
⋮13   7♠        K♠   K♠   K♠   K♠   K♠   A♠   A♠
 Q♠   6♠        Q♠   Q♠   Q♠   Q♠   Q♠   A♠   A♠
 J♠   5♠        J♠   J♠   J♠   J♠   J♠   A♠   A♠
 T♠   4♠        T♠   T♠   T♠   T♠   T♠   A♠   A♠
 9♠   3♠        9♠   9♠   9♠   9♠   9♠
 8♠   2♠        8♠   8♠   8♠   8♠   8♠
 K♠             7♠   7♠   7♠   7♠   7♠
 Q♠             6♠   6♠   6♠   6♠   6♠
 J♠             5♠   5♠   5♠   5♠   5♠
 T♠             4♠   4♠   4♠   4♠   4♠
 9♠             3♠   3♠   3♠   3♠   3♠
 8♠             2♠   2♠   2♠   2♠   2♠
 7♠
 6♠
 5♠
 4♠
 3♠
 2♠
move 1 of 1: 13, KS and 11 more into the empty column 3
→/n next ←/b back Home/g start End/G end p/space play/pause q quit"""


def test_viewer_a_compressed_column_keeps_the_cards_the_move_takes():
    v = Viewer(replay(parse_solution("13"), tall_start()), keys=-1)
    # ten rows of cards: column 1 keeps the king the run starts with, the run's
    # middle is one row (marked as the run is) and its last cards
    assert screen(v, 80, 16) == """\
Spider position | 1 suit | step 0 / 1 | paused
1 suit | stock 0 cards (0 deals) | removed 0 of 8 | moves 0

  1    2    3    4    5    6    7    8    9   10
⋮18   7♠        ⋮3   ⋮3   ⋮3   ⋮3   ⋮3   A♠   A♠
 K♠   6♠        T♠   T♠   T♠   T♠   T♠   A♠   A♠
 ⋮4   5♠        9♠   9♠   9♠   9♠   9♠   A♠   A♠
 8♠   4♠        8♠   8♠   8♠   8♠   8♠   A♠   A♠
 7♠   3♠        7♠   7♠   7♠   7♠   7♠
 6♠   2♠        6♠   6♠   6♠   6♠   6♠
 5♠             5♠   5♠   5♠   5♠   5♠
 4♠             4♠   4♠   4♠   4♠   4♠
 3♠             3♠   3♠   3♠   3♠   3♠
 2♠             2♠   2♠   2♠   2♠   2♠
move 1 of 1: 13, KS and 11 more into the empty column 3
→/n next ←/b back Home/g start End/G end p/space play/pause q quit"""
    rows = screen(v, 80, 16, force_terminal=True, color_system="truecolor").split("\n")[4:14]
    assert rows[0].startswith("\x1b[2m⋮18\x1b[0m")  # left out and not moved: dim
    assert rows[1].startswith("\x1b[1;30;43m K♠\x1b[0m") and rows[2].startswith("\x1b[30;43m ⋮4\x1b[0m")
    assert all(row.startswith("\x1b[1;30;43m") for row in rows[3:])


@pytest.mark.parametrize("width, height, line", [
    (40, 12, "terminal 40×12: replay needs 48×12"),
    (47, 30, "terminal 47×30: replay needs 48×12 (Q quits)"),  # the ten columns need 48
    (80, 9, "the terminal is 80×9; replay needs at least 80×10 (Q quits)"),
])
def test_viewer_a_terminal_too_small_shows_one_line(width, height, line):
    v = Viewer(replay(parse_solution(THREE), D1), keys=-1)
    assert screen(v, width, height) == line
    assert screen(v, 48, 12).startswith("Spider deal 1 | 1 suit | step 0 / 3 | paused\n")


def test_viewer_every_frame_fits_the_terminal():
    from freecell_cli.spider.api import format_spider_solution, spider_solve

    start = deal(4, suits=1)
    v = Viewer(replay(parse_solution(format_spider_solution(spider_solve(start))), start), keys=-1)
    for width, height in ((80, 24), (48, 16)):
        for k in range(v.last + 1):
            v.k = k
            lines = screen(v, width, height).split("\n")
            assert len(lines) <= height and max(len(line) for line in lines) <= width, (width, height, k)
            assert lines[0].startswith(f"Spider deal 4 | 1 suit | step {k} / {v.last}"), k
            assert lines[-1].startswith("→/n next ←/b back"), k


def test_terminal_viewer_keys(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    sol = tmp_path / "s.sol"
    sol.write_text(THREE + "\n")
    child = pexpect.spawn(FREECELL[0], [*FREECELL[1:], "spider", "replay", "--deal", "1", "-s", "1", "--delay", "0.02",
                                        str(sol)],
                          encoding="utf-8", dimensions=(40, 100), timeout=20, env={**os.environ, "COLUMNS": "100"})
    try:
        child.expect("Spider deal 1 \\| 1 suit \\| step 0 / 3 \\| paused")
        child.expect("move 1 of 3: 23, JS onto QS, turns up a card in column 2")
        child.send("\x1b[C")
        child.expect("step 1 / 3")
        child.expect("move 2 of 3: d, deal ten cards \\(4 deals left after it\\)")
        child.send("G")
        child.expect("step 3 / 3 \\| end")
        child.expect("all 3 moves legal, not solved: 0 of 8 runs removed")
        child.send("q")
        child.expect("FAIL deal 1 \\(1 suit\\): all 3 moves legal, not solved: 0 of 8 runs removed")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1


# -- freecell spider replay -----------------------------------------------------------------
def test_piped_steps_are_what_spider_move_prints(tmp_path):
    sol = tmp_path / "s.txt"
    sol.write_text(format_solution(THREE.split(), D1))
    code, out, err = run("spider", "replay", str(sol))
    assert (code, err) == (1, NOT_WON)
    steps = pairs(out)
    assert [m for m, _ in steps] == ["23", "d", "54"]
    start = format_compact(D1)
    for k in range(1, 4):
        assert run("spider", "move", *THREE.split()[:k], input=start)[1] == steps[k - 1][1] + "\n"
    code, out, _ = run("spider", "replay", str(sol), "-f", "json")
    assert code == 1 and [parse_position(p) for _, p in pairs(out)] == [parse_position(p) for _, p in steps]


def test_a_win_exit_0_and_the_start_in_the_header(tmp_path):
    sol = tmp_path / "win.txt"
    sol.write_text(format_solution(EIGHT.split(), sorted_start()))
    assert sol.read_text().startswith("# spider start spider1:.KSQS")
    code, out, err = run("spider", "replay", str(sol))
    assert (code, err) == (0, "OK position (1 suit): solved in 8 moves\n")
    assert pairs(out)[-1] == ("08", "spider1:./././././././././.:-:SSSSSSSS:8")
    assert run("spider", "replay", str(sol), "-q") == (0, out, "")


def test_deal_suits_position_and_stdin(tmp_path):
    start = tmp_path / "start.txt"
    start.write_text(format_compact(D1) + "\n")
    sol = tmp_path / "s.txt"
    sol.write_text(THREE + "\n")
    piped = run("spider", "replay", "--deal", "1", "-s", "1", str(sol))
    assert piped[0] == 1 and piped[2] == NOT_WON and [m for m, _ in pairs(piped[1])] == THREE.split()
    assert run("spider", "replay", "--deal", "1", "-s", "1", "-", input=THREE) == piped
    assert run("spider", "replay", "-p", str(start), str(sol)) == piped
    assert run("spider", "replay", "-p", str(start), "-", input=THREE) == piped
    assert run("spider", "replay", format_compact(D1), str(sol)) == piped  # a bare position first
    assert run("spider", "replay", "-p", "-", str(sol), input=format_compact(D1)) == piped


def test_a_refused_move_exit_1(tmp_path):
    code, out, err = run("spider", "replay", "--deal", "1", "-s", "1", "-", input="23 32 47")
    assert (code, err) == (1, REFUSED) and len(pairs(out)) == 1


def test_unrestricted_deal(tmp_path):
    start = format_compact(empty_column_start())
    assert run("spider", "replay", "-p", start, "-", input="d") == (
        1, "", 'FAIL position (1 suit): move 1 "d": cannot deal: column 10 is empty (every column needs a card; '
               "fill it first, or allow it with --unrestricted-deal)\n")
    code, out, err = run("spider", "replay", "-p", start, "-", "--unrestricted-deal", input="d")
    assert (code, err) == (1, "FAIL position (1 suit): the one move legal, not solved: 0 of 8 runs removed\n")
    assert pairs(out)[0][0] == "d"


def test_html_page_to_a_file_and_to_stdout(tmp_path):
    sol = tmp_path / "s.txt"
    sol.write_text(THREE + "\n")
    page = tmp_path / "r.html"
    assert run("spider", "replay", "--deal", "1", "-s", "1", str(sol), "--html", str(page)) == (
        1, "", f"wrote {page}: 4 frames; {NOT_WON}")
    assert page.read_text() == to_html(replay(parse_solution(THREE), D1))
    code, out, err = run("spider", "replay", "--deal", "1", "-s", "1", str(sol), "--html", "-", "--delay", "1.5")
    assert (code, err) == (1, f"4 frames; {NOT_WON}")
    assert out == to_html(replay(parse_solution(THREE), D1), delay=1.5) and "var delay = 1500," in out


def test_help_lists_the_options_as_freecells_replay():
    code, out, _ = run("spider", "replay", "--help")
    assert code == 0 and out.startswith("Usage: freecell spider replay [OPTIONS] [POSITION] SOLUTION\n")
    options = re.findall(r"^  (-[-\w, ]+?)(?:  | <| [A-Z])", out, re.M)
    assert options == ["-p, --position", "--deal", "-s, --suits", "--unrestricted-deal", "-f, --format", "--html",
                       "--delay", "-q, --quiet", "--color", "-h, --help"]
    code, out, _ = run("spider", "--help")
    assert "  replay  Watch a Spider solution step by step, or make an HTML page of it." in out


def _write(path, data):
    path.write_bytes(data) if isinstance(data, bytes) else path.write_text(data)
    return str(path)


@pytest.mark.parametrize("content, args, message", [
    ("garbage\n", ["--deal", "1"],
     "{f}: line 1: not a Spider move: 'garbage' (e.g. 38, 30v2 with 0 for column 10, d to deal)"),
    ("", ["--deal", "1"], "{f}: empty file, no moves"),
    ("23 4", ["--deal", "1"], "{f}: line 1: not a Spider move: '4' (e.g. 38, 30v2 with 0 for column 10, d to deal)"),
    ("# spider start spider1:3SAS", [],  # cut short in its header
     "{f}: line 1: the start position in the header: a compact Spider position has 5 or 6 ':'-separated fields, not 2"),
    ("# spider deal 99999999999999999999999\n23\n", [],
     "{f}: line 1: header: Spider deal number 99999999999999999999999 is out of range (1 to 9,999,999,999,999,999,999)"),
    ("# spider deal 1, 3 suits\n23\n", [], "{f}: line 1: header: Spider has 1, 2 or 4 suits, not 3"),
    ("30v99\n", ["--deal", "1"], "{f}: line 1: '30v99': a run holds 1 to 13 cards"),
    ("23\n# spider deal 1\n", [], "{f}: line 2: the header naming the start must come before the moves"),
    ("# spider deal 1, 2 moves\n23\n", [], "{f}: line 1: the header says 2 moves, the file has 1"),
    (b"\x00\x01\x02", ["--deal", "1"], "{f}: binary data, not a replayed solution"),
    (b"23 \xff\n", ["--deal", "1"], "{f}: line 1: not UTF-8 text"),
    ("23\n", [], "{f}: the solution names no deal: give --deal N (and --suits S) or -p POSITION"),
    ("# spider deal 2\n23\n", ["--deal", "1"], "{f}: deal 1 was given, but the solution is for deal 2"),
    ("# spider deal 1, 2 suits\n23\n", ["--deal", "1", "-s", "4"],
     "{f}: 4 suits given, but the solution is for 2 suits"),
    ("23\n", ["--deal", "99999999999999999999"],
     "--deal: Spider deal number 99999999999999999999 is out of range (1 to 9,999,999,999,999,999,999)"),
    ("23\n", ["--deal", "x"], "--deal: not a deal number: 'x'"),
    ("12 " * (MAX_STEPS + 1), ["--deal", "1"],
     "{f}: a replay shows at most 20,000 moves; this solution has more (freecell spider verify checks it in constant memory)"),
    ("23\n", ["--deal", "1", "--html", "h.html", "-f", "json"],
     "--html and -f json cannot be combined: -f is the format of the piped output, the page draws the table"),
    ("23\n", ["--deal", "1", "-p", "x.txt"], "-p/--position and --deal cannot be combined: the position is the start"),
    ("23\n", ["--html", "{d}/no/r.html", "--deal", "1"], "cannot write {d}/no/r.html: no folder {d}/no"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, content, args, message):
    f = _write(tmp_path / "s.txt", content)
    args = [a.format(d=tmp_path) for a in args]
    before = sorted(p.name for p in tmp_path.iterdir())
    assert run("spider", "replay", *args, f) == (2, "", f"error: {message.format(f=f, d=tmp_path)}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == before  # nothing written


def test_more_usage_errors(tmp_path):
    sol = _write(tmp_path / "s.txt", "23\n")
    assert run("spider", "replay", "--deal", "1", "/nonexistent.sol") == (
        2, "", "error: cannot read /nonexistent.sol: No such file or directory\n")
    assert run("spider", "replay", "-p", "-", "-", input="x") == (2, "", "error: stdin (-) can be read only once\n")
    position = format_compact(D1)
    assert run("spider", "replay", position) == (2, "", "error: no solution file given after the position (- for stdin)\n")
    assert run("spider", "replay", position, sol, "--deal", "1") == (
        2, "", "error: give one position: an argument, -p/--position, or --deal\n")
    assert run("spider", "replay", sol, sol) == (
        2, "", "error: give one solution file, after the position when it is given bare (a compact position)\n")
    too_big = tmp_path / "big.txt"
    too_big.write_text("12 " * (4 * 1024 * 1024 // 3 + 1))
    code, out, err = run("spider", "replay", "--deal", "1", str(too_big))
    assert (code, out, err) == (2, "", f"error: {too_big} is larger than 4,194,304 bytes, the limit for a replayed solution\n")


@pytest.mark.parametrize("delay, message", [
    ("nan", "Invalid value for '--delay': 'nan' is not a number in ASCII digits"),
    ("0", "Invalid value for '--delay': 0 is out of range (0.02 to 60 seconds)"),
    ("61", "Invalid value for '--delay': 61 is out of range (0.02 to 60 seconds)"),
    ("1e999", "Invalid value for '--delay': '1e999' is not a number in ASCII digits"),
])
def test_delay_is_one_usage_line(tmp_path, delay, message):
    """Through the real entry point (typer's own usage errors are made one line there)."""
    done = subprocess.run([*FREECELL, "spider", "replay", "--deal", "1", "--delay", delay, "-"], input="23",
                          capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"error: {message} (see 'freecell spider replay --help')\n")


def test_replay_is_not_imported_for_other_spider_commands():
    code = ("import sys; from freecell_cli.cli.spider import app; "
            "print(sorted(m for m in sys.modules if m.startswith('freecell_cli.') and "
            "m.split('.')[-1] in ('replay', 'svg', 'viewer', 'replay_page') and 'cli' not in m))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout == "[]\n"


def test_terminal_viewer_redrawn_when_resized(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    sol = tmp_path / "s.sol"
    sol.write_text(THREE + "\n")
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}  # the terminal's own size
    child = pexpect.spawn(FREECELL[0], [*FREECELL[1:], "spider", "replay", "--deal", "1", "-s", "1", str(sol)],
                          encoding="utf-8", dimensions=(12, 40), timeout=20, env=env)
    try:
        child.expect("terminal 40×12: replay needs 48×12")
        child.setwinsize(24, 80)
        child.expect("Spider deal 1 \\| 1 suit \\| step 0 / 3 \\| paused")
        child.expect("→/n next ←/b back Home/g start End/G end p/space play/pause q quit")
        child.setwinsize(9, 80)
        child.expect("the terminal is 80×9; replay needs at least 80×10 \\(Q quits\\)")
        child.send("q")  # the keys work on the line too
        child.expect("FAIL deal 1 \\(1 suit\\): all 3 moves legal, not solved: 0 of 8 runs removed")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1
