import io

from freecell_cli import deal, find_variant
from freecell_cli.replay import replay
from freecell_cli.solutions import parse_solution
from freecell_cli.viewer import Viewer, decode_keys


def viewer():
    return Viewer(replay(parse_solution("5a 82 a2"), deal(617), find_variant("site")), keys=-1)


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
    from rich.console import Console

    v = viewer()
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=True, color_system="truecolor")
    v.draw(console)
    text = out.getvalue()
    assert "deal 617 | site | step 0 / 3 | paused" in text
    assert "move 1 of 3: 5a, JC from column 5 to free cell a" in text
    assert "\x1b[" in text and "J♣" in text
