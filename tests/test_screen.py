"""The game screen of `play`: the keyboard logic (board) and the Textual program
driven by Textual's own test driver (Pilot)."""

import asyncio
import os
import signal
import subprocess
import sys

import pytest

from freecell_cli.board import Board, Spot
from freecell_cli.formats import parse_position
from freecell_cli.game import Game
from freecell_cli.hints import Hint, find_hint
from freecell_cli.moves import Move
from freecell_cli.variants import find_variant
from screens import drive, keys, spawn

# Near the end: KH QS is a run of 2 in column 1; columns 5-8 are empty; F wins.
END = "----:QJJJ:QDKHQS/KS/KD/KCQH////"
# the key line at the default width (100): N and S, of the lowest priority, left for the help
KEY_LINE = "47 move ←→ Tab focus ↑↓ run Enter pick/drop Esc cancel U undo R redo H hint F auto Q quit ? help"


def end_game() -> Game:
    return Game(parse_position(END), find_variant("site"))


def stuck_game() -> Game:
    """No free cell, no empty column, every column ends in a red card that has nowhere to go."""
    from freecell_cli.cards import Card
    from freecell_cli.position import Position

    ends = [Card.parse(c) for c in "2H 3H 4H 5H 2D 3D 4D 5D".split()]
    rest = [c for c in Game.new(1).start.columns for c in c]
    rest = [c for c in rest if c not in ends]
    columns = [rest[i::8] + [ends[i]] for i in range(8)]
    return Game(Position(columns, 0), find_variant("site"))


def frozen(game: Game) -> Game:
    """The clock stopped at 0:00, so the screen text does not change with time."""
    game.running_since = None
    game.elapsed_before = 0.0
    return game



# -- the board: what keys do ------------------------------------------------------------
def test_select_a_run_with_the_arrows_drop_it_undo_redo():
    saved = []
    b = Board(end_game(), save=lambda g: saved.append(g.moves))
    keys(b, "up")  # column 1: the run starts one card higher
    assert b.selection_line() == "from KH: 2 cards (can move 80); ↑ ↓ change where the run starts"
    keys(b, "up")
    assert b.message == "the run starts at KH: it does not go on QD" and b.depth == 2
    keys(b, "enter")
    assert b.held == (Spot("column", 0), 2)
    assert b.targets() == {Spot("column", i) for i in range(4, 8)}  # the empty columns
    assert "holding 2 cards from KH: can go to" in b.selection_line()
    keys(b, *["right"] * 4, "enter")  # onto the empty column 5
    assert b.game.played() == ["15v2"] and b.game.moves == 1 and saved == [1]
    assert b.message == "played 15v2 (KH and 1 more to the empty column 5, uncovers QD)"
    assert [str(c) for c in b.position.columns[4]] == ["KH", "QS"]
    keys(b, "u")
    assert b.message == "undone: 15v2" and b.game.moves == 0 and b.position == parse_position(END)
    keys(b, "r")
    assert b.message == "redone: 15v2" and b.game.moves == 1


def test_a_refused_drop_says_why_and_changes_nothing():
    b = Board(end_game())
    keys(b, "right", "enter")  # KS from column 2
    keys(b, "right", "enter")  # onto KD
    assert b.message == "refused 23: KS cannot go on KD" and b.tone == "error"
    assert b.position == parse_position(END) and b.game.moves == 0
    assert b.held is not None  # still held: another place can be tried
    keys(b, "escape")
    assert b.held is None and b.message == "put back: nothing changed"


def test_what_is_held_is_put_back_when_the_game_changes_under_it():
    b = Board(end_game())
    keys(b, "1", "a", "right", "enter")  # KS held from column 2, then the move before is undone
    assert b.held == (Spot("column", 1), 1)
    keys(b, "u")
    assert b.held is None and b.message == "undone: 1a" and "holding" not in b.snapshot()


def test_a_card_that_can_go_home_goes_home_on_enter():
    b = Board(end_game())
    keys(b, "enter")  # QS, the end of column 1, fits the spade foundation (at J)
    assert b.game.played() == ["1h"] and b.message == "played 1h (QS home, uncovers KH)"


def test_free_cell_to_free_cell_changes_nothing_and_is_not_counted():
    b = Board(Game.new(617))
    keys(b, "5", "a")  # typed in standard notation
    assert b.game.played() == ["5a"]
    b.focus = Spot("cell", 0)
    keys(b, "enter", "right", "enter")
    assert b.message == "moving a card between free cells changes nothing: not a move, not counted"
    assert b.game.moves == 1 and b.position.cells[0] is not None and b.position.cells[1] is None


def test_typed_moves_and_refusals():
    b = Board(Game.new(617))
    keys(b, "5", "8")
    assert b.message == "played 58 (JC onto QH, uncovers 7C)" and b.game.moves == 1
    keys(b, "5", "8")
    assert b.message == "refused 58: 7C cannot go on JC" and b.game.moves == 1
    b = Board(Game.new(617))
    keys(b, "5", "x")
    assert b.message.startswith("'5x' is not a move") and b.game.moves == 0
    keys(b, "x")
    assert b.message == "'x' is not a key of the game: ? shows them"


def test_typed_run_into_an_empty_column_takes_a_count():
    b = Board(end_game())
    keys(b, "1", "5")
    assert "typing a move: 15_ (Enter: one card; v and a count: more)" in b.snapshot()
    keys(b, "v", "2", "enter")
    assert b.game.played() == ["15v2"]
    keys(b, "2", "6", "enter")
    assert b.game.played() == ["15v2", "26"] and b.message == "played 26 (KS to the empty column 6, empties column 2)"


def test_new_deal_and_restart_ask_first():
    made = []

    def new_game(old):
        made.append(old.moves)
        return Game.new(1)

    b = Board(Game.new(617), new_game=new_game)
    keys(b, "5", "a", "n")
    assert b.confirm == "new" and "The game in progress (1 move) will be lost" in b.message
    keys(b, "x")
    assert b.message == "kept playing: nothing changed" and b.game.deal == 617
    keys(b, "s", "y")
    assert b.game.moves == 0 and b.message == "back to the opening position"
    keys(b, "n")  # nothing played: no question
    assert made == [0] and b.game.deal == 1 and b.message == "now playing deal 1"


def test_auto_complete_wins_and_says_so():
    b = Board(end_game())
    assert b.notes() == "the rest can go home directly: F auto-completes"
    keys(b, "f")
    assert b.position.is_won() and b.game.moves == 7
    assert b.message.startswith("you won this position in 7 moves, time ")
    assert b.notes().startswith("won in 7 moves, time ")
    keys(b, "u")
    assert b.game.moves == 0  # one undo takes back the whole auto-complete


def test_says_when_no_legal_move_is_left():
    b = Board(stuck_game())
    assert b.notes() == "no legal move left: U undo, S start over, N new deal"
    assert b.press("h") == "hint"
    b.show_hint(find_hint(b.game.position, b.game.variant))
    assert b.message == "no legal move left: undo, restart, or a new deal"


def test_hint_with_its_reason_then_h_plays_it():
    b = Board(end_game())
    assert b.press("h") == "hint"
    hint = find_hint(b.game.position, b.game.variant)
    b.show_hint(hint, b.position.key())
    assert hint.sure and b.message.startswith(f"hint: {hint.move} (")
    assert b.message.endswith("moves to finish; H again plays it)")
    keys(b, "h")
    assert b.game.played() == [str(hint.move)] and b.message.startswith("played the hint")
    # a hint that arrives for a position since left is dropped
    b.show_hint(Hint("solved", Move.parse("1h"), "QS home", 7), key=("another",))
    assert not b.message.startswith("hint: 1h")


def test_screen_text_snapshot():
    b = Board(frozen(end_game()))
    keys(b, "up", "enter", "right")
    assert b.snapshot() == f"""\
position | moves 0 | time 0:00 | can move 80 (4 free cells, 4 empty columns)

[ a ] [ b ] [ c ] [ d ] [ Q♣] [ J♦] [ J♥] [ J♠]

  1   > 2     3     4     5 +   6 +   7 +   8 +
  Q♦    K♠    K♦    K♣    ·     ·     ·     ·
* K♥                Q♥
* Q♠

holding 2 cards from KH: can go to any empty column
picked up KH QS from column 1: Enter on a highlighted place drops them, Esc puts them back
the rest can go home directly: F auto-completes

{KEY_LINE}
"""


def test_help_screen():
    b = Board(end_game())
    keys(b, "?")
    assert "U / R      undo / redo" in b.snapshot()
    keys(b, "escape")
    assert not b.help and "undo / redo" not in b.snapshot()


# -- the Textual program, driven by its test driver -----------------------------------------

def test_q_ends_the_game_while_a_hint_is_still_being_computed():
    """The hint runs beside the game and nobody waits for it: Q leaves at once."""
    import threading

    b = Board(Game.new(617))
    release, started, finished = threading.Event(), threading.Event(), threading.Event()

    def job():
        started.set()
        release.wait(60)
        finished.set()
        return Hint("gave-up", reason="never asked for")

    b.hint_job = lambda seconds: (job, ())

    async def script(pilot, app):
        await pilot.press("h")
        assert await asyncio.to_thread(started.wait, 60)
        await pilot.press("q")

    drive(b, script)
    assert not finished.is_set()  # the game ended with the hint still running
    release.set()
    assert finished.wait(60)


def test_screen_select_drop_undo_hint_autocomplete_win():
    b = Board(end_game())
    seen = {}

    async def script(pilot, app):
        await pilot.press("up", "enter", "right", "right", "right", "right", "enter")
        seen["dropped"] = (b.game.played(), app.screen_text())
        await pilot.press("U")
        seen["undone"] = b.game.moves
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        seen["hint"] = b.message
        await pilot.press("f")
        seen["won"] = app.screen_text()
        await pilot.press("q")

    app = drive(b, script)
    played, text = seen["dropped"]
    assert played == ["15v2"] and "played 15v2 (KH and 1 more to the empty column 5" in text
    assert seen["undone"] == 0
    assert seen["hint"].startswith("hint: ") and "moves to finish; H again plays it)" in seen["hint"]
    assert "you won this position in 7 moves" in seen["won"] and "won in 7 moves, time" in seen["won"]
    assert b.quit and not app.interrupted


def test_screen_ctrl_c_leaves_saved():
    saved = []
    b = Board(Game.new(617), save=lambda g: saved.append(g.played()))

    async def script(pilot, app):
        await pilot.press("5", "a", "ctrl+c")

    app = drive(b, script)
    assert app.interrupted and saved == [["5a"]]


def test_screen_arrows_are_never_moves_and_text_keys_are():
    b = Board(Game.new(617))

    async def script(pilot, app):
        await pilot.press("up", "down", "left", "right", "question_mark", "escape", "space")
        await pilot.press("space", "escape")

    drive(b, script)
    assert b.game.moves == 0


# -- the command: full screen on a terminal, start-up of other commands -------------------------
FREECELL = [sys.executable, "-m", "freecell_cli"]


def test_other_commands_do_not_import_the_screen():
    code = ("import sys; sys.argv = ['freecell', 'deal', '1']; import freecell_cli.cli as c\n"
            "try:\n    c.main()\nexcept SystemExit:\n    pass\n"
            "import freecell_cli.cli as c2; c2.build_app('play')\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual',) or m in "
            "('freecell_cli.screen', 'freecell_cli.board', 'readline'))\n"
            "sys.stderr.write(repr(bad))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.stderr == "[]" and p.stdout.startswith("----:0000:")


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm-256color"}


def test_full_screen_in_a_pty(env):
    pexpect = pytest.importorskip("pexpect")
    child = spawn(env, "play", "617")
    try:
        child.expect("moves 0")
        child.send("5")
        child.send("a")
        child.expect("played 5a")
        child.send("q")
        child.expect("deal 617 is saved at move 1; `freecell play` resumes it")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    child = spawn(env, "play")
    try:
        child.expect("resuming deal 617 at move 1")
        child.expect("moves 1")
        child.sendcontrol("c")
        child.expect("interrupted: deal 617 is saved at move 1")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130  # Ctrl-C: saved, and the code says so


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_terminating_signal_gives_the_terminal_back_and_keeps_the_game(env, signum):
    pexpect = pytest.importorskip("pexpect")
    child = spawn(env, "play", "617")
    try:
        child.expect("moves 0")
        child.send("5")
        child.send("a")
        child.expect("played 5a")
        child.kill(signum)
        child.expect("\x1b\\[\\?1049l")  # the alternate screen left: the shell's screen is back
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.signalstatus == signum  # and the process died of it, as the signal meant
    again = subprocess.run([sys.executable, "-m", "freecell_cli", "play", "--lines"], env=env, input="q\n",
                           capture_output=True, text=True)
    assert again.stderr.startswith("resuming deal 617 at move 1\n")


# -- the keys that choose a place: Tab, a column's digit, a free cell's letter, h -------------------
def test_tab_goes_between_the_top_row_and_the_columns_back_where_it_was():
    b = Board(Game.new(617))
    keys(b, "right", "right", "tab")
    assert b.focus == Spot("cell", 0)  # the first place of the top row, at first
    keys(b, "right", "shift+tab")
    assert b.focus == Spot("column", 2)
    keys(b, "tab")
    assert b.focus == Spot("cell", 1)
    keys(b, "tab", "5", "enter", "tab")  # JC held from column 5: to the first place there it can go
    assert b.held == (Spot("column", 4), 1) and b.focus == Spot("cell", 0)
    keys(b, "enter")
    assert b.game.played() == ["5a"]


def test_a_place_key_goes_there_and_the_next_one_makes_the_move():
    b = Board(Game.new(617))
    keys(b, "5")
    assert b.focus == Spot("column", 4) and b.typed == "5"
    assert b.message == ("typing a move: 5_ (then where to: 1-8, a-d, h; Enter picks up here; Esc cancels)")
    assert b.selection_line() == "from JC: 1 card (can move 16); ↑ ↓ change where the run starts"
    keys(b, "8")
    assert b.message == "played 58 (JC onto QH, uncovers 7C)" and b.focus == Spot("column", 4)
    keys(b, "a", "escape")  # free cell a is empty: the focus is there, nothing typed
    assert b.focus == Spot("cell", 0) and b.typed == "" and b.game.moves == 1


def test_enter_after_a_place_key_picks_up_there_and_a_place_key_drops():
    b = Board(Game.new(617))
    keys(b, "4", "enter")
    assert b.held == (Spot("column", 3), 1)
    assert b.message == "picked up 4H from column 4: Enter on a highlighted place drops it, Esc puts it back"
    keys(b, "a")
    assert b.message == "played 4a (4H to a free cell, uncovers 5D)" and b.focus == Spot("cell", 0)
    keys(b, "5", "enter", "5")  # its own place: put back
    assert b.held is None and b.message == "put back: nothing changed" and b.game.moves == 1
    keys(b, "5", "enter", "h")  # h while cards are held: home
    assert b.message == "refused 5h: JC cannot go to the foundation (clubs empty)" and b.held is not None
    keys(b, "escape", "h")  # nothing held: H is the hint
    assert b.hint_pending


def test_a_run_chosen_before_a_move_into_an_empty_column_is_its_count():
    b = Board(end_game())
    keys(b, "1", "up", "5")
    assert b.game.played() == ["15v2"] and b.message == "played 15v2 (KH and 1 more to the empty column 5, uncovers QD)"
    keys(b, "2", "6")  # no run chosen: the notation's one card, Enter to play it
    assert b.message == "typing a move: 26_ (Enter: one card; v and a count: more)"


def test_a_move_waiting_for_its_count_takes_only_v_and_digits():
    b = Board(end_game())
    keys(b, "2", "6", "v", "1", "2", "3")
    assert b.typed == "26v123"
    keys(b, "4")  # a count has at most four characters after its places: 4 starts a move of its own
    assert b.typed == "4" and b.game.played() == []
    keys(b, "escape", "2", "6")
    assert b.press("q") == "quit" and b.typed == ""  # any other key drops the move and is itself


def test_the_help_in_pages_on_a_short_terminal():
    b = Board(frozen(Game.new(617)))
    keys(b, "?")
    first = b.snapshot(60, 20)
    assert b.help_pages == 2 and len(first.splitlines()) == 20
    assert first.startswith("Keys\n  ← →        move the focus over the free cells, the\n"
                            "             foundations and the columns\n")
    assert first.endswith("page 1 of 2: Space shows the next, any other key closes\n")
    keys(b, "space")
    second = b.snapshot(60, 20)
    assert b.help and second.endswith("page 2 of 2: any key closes\n") and "  ⋮12        on a short" in second
    keys(b, "space")
    assert not b.help and b.game.moves == 0


# -- the screen fitted to the terminal ---------------------------------------------------------
# column 1 holds 19 cards, the last seven a run from KS
LONG = ("----:0000:JDKD2S4C3S6D6S2DKC5C8S9CKSQHJCTD9S8H7C/9HQD4H3D3H/9DTH6CKH3C/TSQS7HAH7S/4S6HQC4D7D/"
        "8D5DASJHTC/2HADAC8C/5SJS2C5H")


def on_screen(app) -> str:
    """What the terminal shows, line by line (the clock set to 0:00: it runs)."""
    import re

    lines = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
    return re.sub(r"time \d+:\d\d", "time 0:00", "\n".join(lines) + "\n")


def test_screen_at_60x20_compresses_a_long_column_and_keeps_the_lines_below():
    b = Board(Game(parse_position(LONG), find_variant("site")))
    seen = []

    async def script(pilot, app):
        seen.append(on_screen(app))
        await pilot.press(*["up"] * 7, "enter")  # the run of seven from KS
        seen.append(on_screen(app))

    drive(b, script, size=(60, 20))
    assert seen[0] == """\
 position | moves 0 | time 0:00 | can move 16
 [ a ] [ b ] [ c ] [ d ] [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]
 > 1     2     3     4     5     6     7     8
   ⋮8    9♥    9♦    T♠    4♠    8♦    2♥    5♠
   K♣    Q♦    T♥    Q♠    6♥    5♦    A♦    J♠
   5♣    4♥    6♣    7♥    Q♣    A♠    A♣    2♣
   8♠    3♦    K♥    A♥    4♦    J♥    8♣    5♥
   9♣    3♥    3♣    7♠    7♦    T♣
   K♠
   Q♥
   J♣
   T♦
   9♠
   8♥
 > 7♣
 from 7C: 1 card (can move 16); ↑ ↓ change where the run
 starts


 47 move ←→ Tab focus Enter pick/drop U undo H hint ? help
"""
    assert seen[1] == """\
 position | moves 0 | time 0:00 | can move 16
 [ a ] [ b ] [ c ] [ d ] [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]
 > 1     2     3     4     5     6     7     8
   ⋮9    9♥    9♦    T♠    4♠    8♦    2♥    5♠
   5♣    Q♦    T♥    Q♠    6♥    5♦    A♦    J♠
   8♠    4♥    6♣    7♥    Q♣    A♠    A♣    2♣
   9♣    3♦    K♥    A♥    4♦    J♥    8♣    5♥
 * K♠    3♥    3♣    7♠    7♦    T♣
 * Q♥
 * J♣
 * T♦
 * 9♠
 * 8♥
 * 7♣
 holding 7 cards from KS: no place takes them (Esc puts
 back)
 picked up KS QH JC TD 9S 8H 7C from column 1: Enter on a
 highlighted place drops them, Esc puts them back

 47 move ←→ Tab focus Enter pick/drop U undo H hint ? help
"""


def test_screen_at_the_minimum_size_keeps_the_run_in_focus_drawn():
    b = Board(Game(parse_position(LONG), find_variant("site")))
    seen = []

    async def script(pilot, app):
        await pilot.press(*["up"] * 7)
        seen.append(on_screen(app))

    drive(b, script, size=(Board.MIN_WIDTH, Board.MIN_HEIGHT))
    assert seen[0] == """\
 position | moves 0 | time 0:00 | can move 16
 [ a ] [ b ] [ c ] [ d ] [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]
 > 1     2     3     4     5     6     7     8
  ⋮12    9♥    9♦    T♠    4♠    8♦    2♥    5♠
 > K♠    Q♦    T♥    Q♠    6♥    5♦    A♦    J♠
   ⋮3    4♥    6♣    7♥    Q♣    A♠    A♣    2♣
   9♠    3♦    K♥    A♥    4♦    J♥    8♣    5♥
   8♥    3♥    3♣    7♠    7♦    T♣
   7♣
 from KS: 7 cards (can move 16); ↑ ↓ change where
 the run starts
 the run starts at KS: it does not go on 9C

 47 move ←→ Tab focus Enter pick/drop ? help
"""


def test_screen_at_40x12_says_in_one_line_what_it_needs():
    b = Board(Game.new(617))
    seen = []

    async def script(pilot, app):
        seen.append(on_screen(app))
        await pilot.press("5", "a", "q")  # the keys still play

    app = drive(b, script, size=(40, 12))
    assert seen[0] == " terminal 40×12: FreeCell needs 50×14\n" + "\n" * 11
    assert b.game.played() == ["5a"] and b.quit and not app.interrupted
    assert b.snapshot(80, 13) == "the terminal is 80×13; FreeCell needs at least 50×14 (Q quits)\n"


def test_screen_at_the_normal_size():
    b = Board(Game.new(617))
    seen = []

    async def script(pilot, app):
        await pilot.press("4")
        seen.append(on_screen(app))

    drive(b, script, size=(100, 30))
    assert seen[0] == f"""\
 deal 617 | moves 0 | time 0:00 | can move 16 (4 free cells, 0 empty columns)

 [ a ] [ b ] [ c ] [ d ] [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]

   1     2     3   > 4     5     6     7     8
   7♦    A♦    5♣    3♠    5♠    8♣    2♦    A♥
   T♦    7♠    Q♦    A♣    6♦    8♥    A♠    K♥
   T♥    Q♣    3♥    9♦    6♠    8♦    3♦    T♣
   K♦    5♥    9♠    3♣    8♠    7♥    4♦    J♠
   4♣    Q♠    9♣    9♥    7♣    6♥    2♣    2♠
   4♠    T♠    2♥    5♦    J♣    6♣    J♥    Q♥
   J♦    K♠    K♣  > 4♥

 from 4H: 1 card (can move 16); ↑ ↓ change where the run starts
 typing a move: 4_ (then where to: 1-8, a-d, h; Enter picks up here; Esc cancels)


 {KEY_LINE}
""" + "\n" * 12  # the rest of the 30 lines


# The solver's first ten moves of deal 617 (`freecell deal 617 | freecell solve`).
LINE_617 = "2a 21 4b 46 4c 4d 41 4h 72 7h".split()


def test_the_solvers_first_ten_moves_of_617_in_at_most_30_keys():
    import freecell_cli as fc

    presses = [ch for move in LINE_617 for ch in move]  # each typed: a place, then where to
    b = Board(Game.new(617))

    async def script(pilot, app):
        await pilot.press(*presses)

    drive(b, script)
    expected = fc.deal(617)
    for move in LINE_617:
        fc.apply(expected, fc.resolve(expected, fc.Move.parse(move), "site"))
    assert len(presses) <= 30 and b.game.played() == LINE_617 and b.position == expected


def test_the_same_ten_moves_picked_up_with_enter_first():
    b = Board(Game.new(617))
    presses = []
    for move in LINE_617:
        presses += [move[0], "enter"] + ([] if move[1] == "h" else [move[1]])  # Enter sends a card home itself
    keys(b, *presses)
    assert b.game.played() == LINE_617 and len(presses) == 28


def test_more_free_cells_than_a_line_holds_go_on_the_next_one_and_take_their_letters():
    b = Board(frozen(Game.new(617, cells=9)))
    assert b.snapshot(60, 20).splitlines()[2:4] == ["[ a ] [ b ] [ c ] [ d ] [ e ] [ f ] [ g ] [ i ] [ j ]",
                                                     "[ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]"]
    keys(b, "j")  # the ninth free cell ('h' is home)
    assert b.focus == Spot("cell", 8) and b.typed == "j"
    assert b.message == "typing a move: j_ (then where to: 1-8, a-g, i-j, h; Enter picks up here; Esc cancels)"


def test_down_after_the_run_stops_clears_the_message():
    b = Board(end_game())
    keys(b, "up", "up")
    assert b.message == "the run starts at KH: it does not go on QD"
    keys(b, "down")
    assert b.message == "" and b.depth == 1
