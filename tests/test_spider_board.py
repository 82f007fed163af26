"""Spider's game screen: the keyboard logic (board) as FreeCell's is tested in
test_screen.py, the Textual program driven by its test driver (Pilot), and the
command on a terminal."""

import os
import subprocess
import sys

import pytest
from spider_helpers import from_lists, table

from freecell_cli.spider.board import Board, Spot
from freecell_cli.spider.deals import deal
from freecell_cli.spider.moves import Move
from freecell_cli.spider.play import Game, Hint, find_hint
from screens import drive, keys, spawn

# the key line at the default width (100): S restart, of the lowest priority, left for the help
FOOTER = "←→ focus ↑↓ run Enter pick/drop Esc cancel D deal U undo R redo H hint N new Q quit ? help"


def opening() -> Game:
    return Game(deal(1, suits=1))


def nearly_won() -> Game:
    """Seven runs removed; KS..2S in column 1, AS in column 2: 21 wins."""
    cols = [[r + "S" for r in "KQJT98765432"], ["AS"]] + [[] for _ in range(8)]
    return Game(from_lists(cols, suits=1, removed=("S",) * 7).validate())


def with_an_empty_column(unrestricted: bool = False) -> Game:
    """Six runs removed, one deal left in the stock, column 10 empty."""
    cols = [["KS"], ["QS"], ["JS"], [r + "S" for r in "KQJT987"], ["6S"], ["5S"], ["4S"], ["3S"], ["2S", "AS"], []]
    p = from_lists(cols, suits=1, removed=("S",) * 6, stock="AS 2S 3S 4S 5S 6S 7S 8S 9S TS").validate()
    return Game(p, unrestricted)



# -- the board: what keys do ------------------------------------------------------------
def test_pick_a_card_drop_it_undo_redo():
    saved = []
    b = Board(opening(), save=lambda g: saved.append(list(g.moves)))
    keys(b, "right", "enter")  # JS, the end of column 2
    assert b.held == (Spot("column", 1), 1)
    assert b.message == "picked up JS from column 2: Enter on a highlighted column drops it, Esc puts it back"
    assert b.targets() == {Spot("column", 2), Spot("column", 8)}  # the two queens
    assert b.selection_line() == "holding 1 card from JS: can go to column 3, column 9"
    keys(b, "right", "enter")
    assert b.message == "played 23 (JS onto QS, turns up a card in column 2)" and b.tone == "info"
    assert b.game.moves == ["23"] and saved == [["23"]] and b.focus == Spot("column", 2) and b.held is None
    assert [str(c) for c in b.position.columns[2].up] == ["QS", "JS"]
    keys(b, "u")
    assert b.message == "undone: 23" and b.game.moves == [] and b.position == deal(1, suits=1)
    keys(b, "r")
    assert b.message == "redone: 23" and b.game.moves == ["23"] and saved[-1] == ["23"]
    keys(b, "r")
    assert b.message == "nothing to redo" and b.tone == "error"


def test_a_refused_drop_says_why_and_changes_nothing():
    b = Board(opening())
    keys(b, "right", "enter", "right", "right", "enter")  # JS onto 3S
    assert b.message == "refused 24: JS cannot go on 3S: it needs a card one rank higher" and b.tone == "error"
    assert b.position == deal(1, suits=1) and b.game.moves == []
    assert b.held is not None  # still held: another column can be tried
    keys(b, "left", "left", "enter")  # back on its own column: put back
    assert b.held is None and b.message == "put back: nothing changed"
    keys(b, "enter", "left", "left", "enter")
    assert b.message == "no card goes on the stock: drop on a highlighted column, or Esc" and b.held is not None
    keys(b, "escape")
    assert b.held is None and b.message == "put back: nothing changed"


def test_a_run_moves_as_one_only_when_it_is_one_suit():
    # seed 003's examples: 9S 8H 7H (8H 7H move together), 9S 8H 7S (only 7S), and 9S 7S
    b = Board(Game(table("9S 8H 7H", "9C", "9S 8H 7S", "9S 7S", "KD | 9H 8H")))
    keys(b, "up")
    assert b.selection_line() == "from 8H: 2 cards of a run of 2; ↑ ↓ change where the run starts"
    keys(b, "up")
    assert b.message == "the run starts at 8H: 9S above it is of another suit" and b.depth == 2
    keys(b, "enter")
    assert b.held == (Spot("column", 0), 2) and b.message.startswith("picked up 8H 7H from column 1:")
    assert b.targets() == {Spot("column", 1)}  # onto 9C (of another suit: allowed)
    keys(b, "right", "enter")
    assert b.message == "played 12 (8H and 1 more onto 9C)" and b.game.moves == ["12"]
    keys(b, "right", "up")
    assert b.message == "the run starts at 7S: 8H above it is of another suit" and b.depth == 1
    assert b.selection_line() == "from 7S: 1 card"
    keys(b, "right", "up")
    assert b.message == "the run starts at 7S: 9S above it is not one rank higher"
    keys(b, "right", "up", "up")
    assert b.message == "the run starts at 9H: the card above it is face down" and b.depth == 2
    keys(b, "left", "left", "left", "left", "left", "up")
    assert b.message == "↑ ↓ choose where a run starts inside a column"


def test_one_card_of_a_run_goes_where_only_it_fits():
    b = Board(Game(table("9S 8S 7S", "8D")))
    keys(b, "enter")  # 7S alone, onto 8D
    keys(b, "right", "enter")
    assert b.message == "played 12 (7S onto 8D)" and b.game.moves == ["12"]


def test_d_deals_and_a_deal_with_an_empty_column_is_refused():
    b = Board(with_an_empty_column())
    before = b.position
    assert b.notes() == "no deal while column 10 is empty"
    keys(b, "d")
    assert b.message == ("refused d: cannot deal: column 10 is empty (every column needs a card; "
                         "fill it first, or allow it with --unrestricted-deal)") and b.tone == "error"
    assert b.position == before and b.game.moves == []
    keys(b, "left")  # the stock: Enter deals, as D
    assert b.focus == Spot("stock", 0)
    assert b.selection_line() == "the stock: 1 deal left; no deal while column 10 is empty"
    keys(b, "enter")
    assert b.message.startswith("refused d: cannot deal: column 10 is empty") and b.position == before
    b = Board(with_an_empty_column(unrestricted=True))
    assert b.status() == "1 suit | stock 10 cards (1 deal) | removed 6 of 8 | moves 0 | unrestricted deal"
    keys(b, "d")
    assert b.message == "played d (ten cards dealt, 0 deals left)" and b.game.moves == ["d"]
    keys(b, "d")
    assert b.message == "refused d: cannot deal: the stock is empty" and b.game.moves == ["d"]
    keys(b, "left")
    assert b.selection_line() == "the stock is empty: every card is dealt"
    b = Board(opening())
    keys(b, "left")
    assert b.selection_line() == "the stock: 5 deals left; Enter or D deals ten cards, one on each column"


def test_a_deal_that_completes_a_run_says_it_was_removed():
    cols = [[r + "S" for r in "KQJT98765432"], ["KS", "QS", "JS"], ["KS", "QS", "JS"], ["TS", "9S"], ["8S", "7S"],
            ["6S", "5S"], ["4S", "3S"], ["2S"], ["AS"], ["AS"]]
    p = from_lists(cols, suits=1, removed=("S",) * 5, stock="AS 2S 3S 4S 5S 6S 7S 8S 9S TS").validate()
    b = Board(Game(p))
    keys(b, "d")  # AS onto column 1's KS..2S
    assert b.message == "played d (ten cards dealt, 0 deals left; a run of spades removed (6 of 8))"
    assert not len(b.position.columns[0]) and b.snapshot().splitlines()[2] == (
        "[   ] ×0    [ K♠] [ K♠] [ K♠] [ K♠] [ K♠] [ K♠] [   ] [   ]")


def test_a_win_shows_the_removed_runs_as_a_row_of_kings():
    b = Board(nearly_won())
    keys(b, "right", "enter", "left", "enter")  # AS onto 2S: the last run goes
    assert b.position.is_won() and b.game.moves == ["21"] and b.tone == "good"
    assert b.snapshot() == f"""\
1 suit | stock 0 cards (0 deals) | removed 8 of 8 | moves 1

[   ] ×0    [ K♠] [ K♠] [ K♠] [ K♠] [ K♠] [ K♠] [ K♠] [ K♠]

> 1     2     3     4     5     6     7     8     9    10
  ·


you won this position in 1 move! N: a new deal, S: play it again, Q: quit
won in 1 move

{FOOTER}
"""
    keys(b, "u")
    assert b.game.moves == [] and len(b.position.removed) == 7 and b.message == "undone: 21"


def test_screen_text_snapshot():
    b = Board(opening())
    keys(b, "right", "enter")
    assert b.snapshot() == f"""\
deal 1 | 1 suit | stock 50 cards (5 deals) | removed 0 of 8 | moves 0

[ ##] ×5    [   ] [   ] [   ] [   ] [   ] [   ] [   ] [   ]

  1   > 2     3 +   4     5     6     7     8     9 +  10
  ##    ##    ##    ##    ##    ##    ##    ##    ##    ##
  ##    ##    ##    ##    ##    ##    ##    ##    ##    ##
  ##    ##    ##    ##    ##    ##    ##    ##    ##    ##
  ##    ##    ##    ##    ##    ##    ##    ##    ##    ##
  ##    ##    ##    ##    T♠    A♠    4♠    7♠    Q♠    7♠
  8♠  * J♠    Q♠    3♠

holding 1 card from JS: can go to column 3, column 9
picked up JS from column 2: Enter on a highlighted column drops it, Esc puts it back


{FOOTER}
"""


def test_typed_moves_and_refusals():
    b = Board(opening())
    keys(b, "2", "3")
    assert b.message == "played 23 (JS onto QS, turns up a card in column 2)" and b.game.moves == ["23"]
    keys(b, "3", "2")
    assert b.message == "refused 32: JS cannot go on 9S: it needs a card one rank higher"
    keys(b, "3", "3")
    assert b.message == "refused 33: '33': a move needs two different columns"
    keys(b, "3", "x")
    assert b.message == "'3x' is not a move: a column then another (1-9, 0 is column 10), or D to deal"
    keys(b, "x")
    assert b.message == "'x' is not a key of the game: ? shows them" and b.game.moves == ["23"]


def test_typed_part_of_a_run_into_an_empty_column_takes_a_count():
    b = Board(Game(table("9S 8S 7S", "KD", "KD", "KD", "KD", "KD", "KD", "KD", "KD", "")))
    keys(b, "1", "0")
    assert "typing a move: 10_ (Enter: the whole run; v and a count: fewer cards)" in b.snapshot()
    keys(b, "v", "2", "enter")
    assert b.game.moves == ["10v2"] and b.message == "played 10v2 (8S and 1 more into the empty column 10)"
    keys(b, "u", "1", "0", "enter")
    assert b.game.moves == ["10"]
    assert b.message == "played 10 (9S and 2 more into the empty column 10, empties column 1)"


def test_a_run_picked_up_goes_into_an_empty_column():
    b = Board(Game(table("9S 8S 7S", "KD", "KD", "KD", "KD", "KD", "KD", "KD", "KD", "")))
    keys(b, "up", "enter")
    assert b.selection_line() == "holding 2 cards from 8S: can go to column 10 (empty)"
    keys(b, "left", "left", "enter")  # over the stock to column 10
    assert b.game.moves == ["10v2"] and b.focus == Spot("column", 9)


def test_new_deal_and_restart_ask_first():
    made = []

    def new_game(old):
        made.append(len(old.moves))
        return Game(deal(2, suits=2))

    b = Board(opening(), new_game=new_game)
    keys(b, "2", "3", "n")
    assert b.confirm == "new" and b.message == ("start a new deal? The game in progress (1 move) will be lost. "
                                                "Y: yes, any other key: no")
    keys(b, "x")
    assert b.message == "kept playing: nothing changed" and b.game.start.deal == 1
    keys(b, "s", "y")
    assert b.game.moves == [] and b.message == "back to the opening position"
    keys(b, "n")  # nothing played: no question
    assert made == [0] and b.game.start.deal == 2 and b.message == "now playing deal 2 (2 suits)"


def test_says_when_only_a_deal_or_nothing_is_left():
    b = Board(Game(table(*["KD"] * 10, stock=" ".join(["QD"] * 10))))
    assert b.notes() == "no move left on the table: D deals from the stock"
    b = Board(Game(table(*["KD"] * 10)))
    assert b.notes() == "no legal move left: U undo, S start over, N new deal"
    assert b.press("h") == "hint"
    job, key = b.hint_job(5)
    b.show_hint(job(), key)
    assert b.message == "no legal move left: undo, restart, or a new deal" and b.tone == "error"


def test_hint_with_its_reason_then_h_plays_it():
    b = Board(nearly_won())
    assert b.press("h") == "hint" and b.message == "computing a hint…"
    job, key = b.hint_job(10)
    b.show_hint(job(), key)
    assert b.message == "hint: 21 (AS onto 2S, empties column 2; 1 move to finish; H again plays it)"
    assert b.game.hint == "21" and b.hinted == Move.parse("21")
    keys(b, "h")
    assert b.game.moves == ["21"] and b.position.is_won()
    assert b.message == "you won this position in 1 move! N: a new deal, S: play it again, Q: quit"
    # a hint that arrives for a position since left is dropped
    b.show_hint(Hint("solved", Move.parse("12"), "x", 1), key=("another",))
    assert not b.message.startswith("hint: 12")


def test_a_hint_that_fails_is_said():
    b = Board(nearly_won())
    b.show_hint(Hint("gave-up", reason="no winning line found within 10 s"))
    assert b.message == "no winning line found within 10 s" and b.game.hint is None


def test_help_screen():
    b = Board(opening())
    keys(b, "?")
    text = b.snapshot()
    assert "  D          deal ten cards from the stock, one on each column (not while a column\n" in text
    assert "  U / R      undo / redo (unlimited; a move or a deal is one step)\n" in text
    assert FOOTER not in text
    keys(b, "escape")
    assert not b.help and "undo / redo" not in b.snapshot() and b.game.moves == []


def test_a_small_terminal_gets_one_line():
    b = Board(opening())
    assert b.snapshot(50, 30) == "terminal 50×30: Spider needs 64×20 (Q quits)\n"
    assert b.snapshot(63, 40) == "the terminal is 63×40; Spider needs at least 64×20 (Q quits)\n"
    assert b.snapshot(58, 40) == "terminal 58×40; Spider needs at least 64×20 (Q quits)\n"
    assert b.snapshot(40, 30) == "terminal 40×30: Spider needs 64×20\n"  # the line alone fits
    assert b.snapshot(30, 30) == "Spider needs 64×20\n"
    assert b.snapshot(100, 19) == "the terminal is 100×19; Spider needs at least 64×20 (Q quits)\n"
    assert b.snapshot(64, 20).startswith("deal 1 | 1 suit")
    keys(b, "2", "3")  # the keys still play
    assert b.game.moves == ["23"]


# -- the game and its hint (spider/play.py) ---------------------------------------------------
def test_play_move_keeps_the_count():
    g = Game(table("9S 8S 7S", "TD", "8D"))
    assert g.play_move(Move(0, 1, 1)).message == "7S cannot go on TD: it needs a card one rank higher"
    assert g.moves == []
    assert g.play_move(Move(0, 2, 1)).message == "13" and g.moves == ["13"]


def test_find_hint_on_a_won_and_a_stuck_table():
    cols = [[] for _ in range(10)]
    won = from_lists(cols, suits=1, removed=("S",) * 8)
    assert find_hint(won).message == "nothing to do: the game is won"
    assert find_hint(table(*["KD"] * 10)).message == "no legal move left: undo, restart, or a new deal"


# -- the Textual program, driven by its test driver (screens.drive) ------------------------
def test_screen_pick_drop_deal_undo_hint_win():
    b = Board(nearly_won())
    seen = {}

    async def script(pilot, app):
        seen["title"] = app.title
        await pilot.press("h")
        await app.workers.wait_for_complete()
        await pilot.pause()
        seen["hint"] = b.message
        await pilot.press("right", "enter", "left", "enter")
        seen["won"] = app.screen_text()
        await pilot.press("U", "q")

    app = drive(b, script)
    assert seen["title"] == "Spider"
    assert seen["hint"] == "hint: 21 (AS onto 2S, empties column 2; 1 move to finish; H again plays it)"
    assert "you won this position in 1 move!" in seen["won"] and "[ K♠] [ K♠]\n" in seen["won"]
    assert b.game.moves == [] and b.quit and not app.interrupted


def test_screen_on_a_small_terminal_says_so_in_one_line():
    b = Board(opening())
    seen = {}

    async def script(pilot, app):
        seen["text"] = app.screen_text()
        await pilot.press("d", "q")

    drive(b, script, size=(50, 16))
    assert seen["text"] == "terminal 50×16: Spider needs 64×20 (Q quits)\n"
    assert b.game.moves == ["d"] and b.quit


def test_screen_ctrl_c_leaves_saved():
    saved = []
    b = Board(opening(), save=lambda g: saved.append(list(g.moves)))

    async def script(pilot, app):
        await pilot.press("2", "3", "d", "ctrl+c")

    app = drive(b, script)
    assert app.interrupted and saved == [["23"], ["23", "d"]]


# -- the command: full screen on a terminal, --plain and pipes line by line ------------------
def test_spider_play_does_not_import_the_screen_until_it_runs():
    code = ("import sys; from freecell_cli.cli import build_app; build_app('spider')\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] == 'textual' or m in "
            "('freecell_cli.screen', 'freecell_cli.keyboard', 'freecell_cli.spider.board'))\n"
            "sys.stderr.write(repr(bad))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.stderr == "[]"


def test_help_lists_the_keys_and_commands():
    from cli_helpers import run

    code, out, _ = run("spider", "play", "--help")
    text = " ".join(out.split())
    assert code == 0
    assert ("On a terminal: a full-screen game played with the keys (arrows, Enter/Space pick up and drop, "
            "Esc; D deal, U undo, R redo, H hint, N new deal, S restart, Q quit, ? help; 38 or 30v2 typed "
            "play that move). With --lines, or when stdin is not a terminal, commands are read line by line "
            "(38, 30v2, d deal, u undo, r redo, h hint, restart, new [N], save FILE, show, help, q)") in text
    assert "--lines Line by line (a prompt) even on a terminal." in text
    assert "--plain ASCII cards, no colour, as show --plain draws them: line by line" in text


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm-256color"}


def test_full_screen_in_a_pty(env):
    pexpect = pytest.importorskip("pexpect")
    child = spawn(env, "spider", "play", "1", "-s", "1")
    try:
        child.expect("moves 0")
        child.send("2")
        child.send("3")
        child.expect("played 23")
        child.send("q")
        child.expect("deal 1 is saved at move 1; `freecell spider play` resumes it")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    child = spawn(env, "spider", "play")
    try:
        child.expect("resuming deal 1 at move 1")
        child.expect("moves 1")
        child.sendcontrol("c")
        child.expect("interrupted: deal 1 is saved at move 1")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130  # Ctrl-C: saved, and the code says so


def test_plain_on_a_pty_is_line_play(env):
    pexpect = pytest.importorskip("pexpect")
    child = spawn(env, "spider", "play", "--plain", "1", "-s", "1")
    try:
        child.expect("> ")
        child.sendline("23")
        child.expect("moves 1")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_the_screens_n_key_keeps_the_unfinished_game_aside(tmp_path, monkeypatch):
    from freecell_cli.cli.play import new_deal_key
    from freecell_cli.spider.play import leave_for, load_game, new_random_game, save_game, take_save

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    game = opening()
    take_save(game, print)
    board = Board(game, save=save_game, new_game=new_deal_key(
        lambda old: new_random_game(old.start.suits), leave_for, lambda text, tone: board.say(text, tone)))
    keys(board, "2", "3", "n", "y")
    kept = tmp_path / "freecell" / "spider.json.deal-1"
    assert board.game.start.deal != 1 and board.game.start.suits == 1 and kept.exists()
    assert board.message == (f"now playing {board.game_name()}; the unfinished deal 1 (1 move) is kept in "
                             f"{kept}: its moves are all there (plain JSON)")
    assert load_game().start == board.game.start


def test_a_hinted_deal_marks_the_stock_and_h_plays_it():
    from freecell_cli.spider.moves import DEAL

    b = Board(Game(table(*["KD"] * 10, stock=" ".join(["QD"] * 10))))
    b.show_hint(Hint("solved", DEAL, "deal ten cards (0 deals left after it)", 3), b.position.key())
    assert b.message == "hint: d (deal ten cards (0 deals left after it); 3 moves to finish; H again plays it)"
    text = b.render()
    stock = text.plain.index("[ ##]")
    assert any(span.start <= stock < span.end and "on yellow" in str(span.style) for span in text.spans)
    keys(b, "h")
    assert b.game.moves == ["d"] and b.message == "played the hint d (ten cards dealt, 0 deals left)"


def test_what_is_held_is_put_back_when_the_game_changes_under_it():
    b = Board(opening())
    keys(b, "right", "enter", "d")  # JS held, then a deal
    assert b.held is None and b.game.moves == ["d"] and b.message == "played d (ten cards dealt, 4 deals left)"
    keys(b, "enter", "u")  # held again, then undo
    assert b.held is None and b.game.moves == [] and "holding" not in b.snapshot()
