import io
from pathlib import Path

import pytest
from rich.console import Console

from freecell_cli import deal, find_variant, read_solution
from freecell_cli.replay import replay
from freecell_cli.solutions import parse_solution
from freecell_cli.viewer import Viewer, decode_keys

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def viewer():
    return Viewer(replay(parse_solution("5a 82 a2"), deal(617), find_variant("site")), keys=-1)


def screen(v, width, height):
    """What the viewer draws on a terminal of ``width`` × ``height``, as plain text
    without the blanks at the ends of lines."""
    out = io.StringIO()
    v.draw(Console(file=out, width=width, height=height))
    return "\n".join(line.rstrip() for line in out.getvalue().split("\n"))


def test_decode_keys():
    assert decode_keys(b"\x1b[C\x1bOC\x1b[D\x1b[1~\x1b[F") == ["next", "next", "back", "start", "end"]
    assert decode_keys(b"nbgGp q") == ["next", "back", "start", "end", "play", "play", "quit"]
    assert decode_keys(b"\x1b[5~x\x1bn") == ["next"]  # Page Up, an unknown letter, Alt+n ignored but n read
    assert decode_keys(b"\x1b") == ["quit"]


def test_stepping_stays_in_range():
    v = viewer()
    assert v.last == 3
    assert v.act("back") and v.k == 0
    for _ in range(5):
        v.act("next")
    assert v.k == 3
    v.act("start")
    assert v.k == 0
    v.act("end")
    assert v.k == 3
    assert v.act("quit") is False


def test_play_runs_to_the_end_and_stops():
    v = viewer()
    v.act("play")
    assert v.playing
    v.tick()
    v.tick()
    assert (v.k, v.playing) == (2, True)
    v.tick()
    assert (v.k, v.playing) == (3, False)
    v.act("play")  # at the end: start over
    assert (v.k, v.playing) == (0, True)
    v.act("next")  # any step pauses
    assert (v.k, v.playing) == (1, False)


def test_draw_marks_the_next_move():
    v = viewer()
    out = io.StringIO()
    console = Console(file=out, width=100, height=40, force_terminal=True, color_system="truecolor")
    v.draw(console)
    text = out.getvalue()
    assert "deal 617 | site | step 0 / 3 | paused" in text
    assert "move 1 of 3: 5a, JC from column 5 to free cell a" in text
    assert "\x1b[" in text and "J♣" in text


def test_a_frame_that_fits_is_drawn_whole_and_ends_without_a_newline():
    out = io.StringIO()
    viewer().draw(Console(file=out, width=80, height=24))
    assert out.getvalue().count("\n") == 14 and out.getvalue().endswith("q quit")  # the terminal would scroll
    assert screen(viewer(), 80, 24) == """\
deal 617 | site | step 0 / 3 | paused
[ a ][ b ][ c ][ d ]     [ ♣ ][ ♦ ][ ♥ ][ ♠ ]

  1    2    3    4    5    6    7    8
 7♦   A♦   5♣   3♠   5♠   8♣   2♦   A♥
 T♦   7♠   Q♦   A♣   6♦   8♥   A♠   K♥
 T♥   Q♣   3♥   9♦   6♠   8♦   3♦   T♣
 K♦   5♥   9♠   3♣   8♠   7♥   4♦   J♠
 4♣   Q♠   9♣   9♥   7♣   6♥   2♣   2♠
 4♠   T♠   2♥   5♦   J♣   6♣   J♥   Q♥
 J♦   K♠   K♣   4♥

deal 617 | site | can move 16 (4 free cells, 0 empty columns)
move 1 of 3: 5a, JC from column 5 to free cell a
→/n next ←/b back Home/g start End/G end p/space play/pause q quit"""


def test_a_short_terminal_compresses_the_long_columns_as_the_game_screen_does():
    # 14 rows: the title, the places, the numbers, the status, the caption and the
    # keys stay; six rows of cards, the first two cards of columns 1-4 as one row
    assert screen(viewer(), 80, 14) == """\
deal 617 | site | step 0 / 3 | paused
[ a ][ b ][ c ][ d ]     [ ♣ ][ ♦ ][ ♥ ][ ♠ ]

  1    2    3    4    5    6    7    8
 ⋮2   ⋮2   ⋮2   ⋮2   5♠   8♣   2♦   A♥
 T♥   Q♣   3♥   9♦   6♦   8♥   A♠   K♥
 K♦   5♥   9♠   3♣   6♠   8♦   3♦   T♣
 4♣   Q♠   9♣   9♥   8♠   7♥   4♦   J♠
 4♠   T♠   2♥   5♦   7♣   6♥   2♣   2♠
 J♦   K♠   K♣   4♥   J♣   6♣   J♥   Q♥

deal 617 | site | can move 16 (4 free cells, 0 empty columns)
move 1 of 3: 5a, JC from column 5 to free cell a
→/n next ←/b back Home/g start End/G end p/space play/pause q quit"""
    # at the narrowest the lines wrap, the key line keeps the keys that fit and four rows of cards stay
    assert screen(viewer(), 45, 14) == """\
deal 617 | site | step 0 / 3 | paused
[ a ][ b ][ c ][ d ]     [ ♣ ][ ♦ ][ ♥ ][ ♠ ]

  1    2    3    4    5    6    7    8
 ⋮4   ⋮4   ⋮4   ⋮4   ⋮3   ⋮3   ⋮3   ⋮3
 4♣   Q♠   9♣   9♥   8♠   7♥   4♦   J♠
 4♠   T♠   2♥   5♦   7♣   6♥   2♣   2♠
 J♦   K♠   K♣   4♥   J♣   6♣   J♥   Q♥

deal 617 | site | can move 16 (4 free cells,
0 empty columns)
move 1 of 3: 5a, JC from column 5 to free
cell a
→/n next ←/b back p/space play/pause q quit"""


@pytest.mark.parametrize("width, height, line", [
    (40, 12, "terminal 40×12: replay needs 45×14"),  # too narrow: the size that will do
    (44, 30, "terminal 44×30: replay needs 45×14"),
    (45, 13, "terminal 45×13: replay needs 45×14"),
    (80, 11, "the terminal is 80×11; replay needs at least 80×12 (Q quits)"),  # at 80 columns no line wraps
])
def test_a_terminal_too_small_for_the_frame_shows_one_line(width, height, line):
    assert screen(viewer(), width, height) == line
    assert screen(viewer(), 80, 12).startswith("deal 617 | site | step 0 / 3 | paused\n")


def test_the_key_line_fits_the_width():
    keys = "→/n next ←/b back Home/g start End/G end p/space play/pause q quit"
    assert len(keys) <= 80 and screen(viewer(), 80, 24).endswith("\n" + keys)
    assert screen(viewer(), 48, 30).endswith("\n→/n next ←/b back p/space play/pause q quit")


@pytest.mark.parametrize("width, height", [(80, 24), (45, 14), (60, 16), (100, 12)])
def test_every_frame_of_a_solution_fits_the_terminal(width, height):
    # each of these sizes holds each frame with four rows of cards
    v = Viewer(replay(read_solution(EXAMPLES / "617.snx-out.txt"), deal(617), find_variant("site")), keys=-1)
    for k in range(v.last + 1):
        v.k = k
        lines = screen(v, width, height).split("\n")
        assert len(lines) <= height and max(len(line) for line in lines) <= width, k
        assert lines[0].startswith(f"deal 617 | site | step {k} / {v.last}"), k
        assert lines[3] == "  1    2    3    4    5    6    7    8", k
        assert lines[-1].startswith("→/n next ←/b back"), k
