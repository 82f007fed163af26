"""The FreeCell family in `play` (issue 27): --game NAME line by line and on the
game screen, each game's rules, table, capacity and keys, hints under its rules,
undo, and its saves (the game recorded, resumed as that game; a save without the
field is FreeCell's, one whose field is garbage is damage)."""

import os
import re

import orjson
import pytest

from cli_helpers import run
from freecell_cli.board import Board, Spot
from freecell_cli.formats import parse_position
from freecell_cli.game import Game
from freecell_cli.moves import legal_moves
from screens import drive, keys, spawn

GAMES = "freecell, bakers-game, eight-off, seahaven-towers, forecell, relaxed-freecell"
# Eight Off near its end: every free cell full, KS QS a run of 2 in column 1, the other columns empty
FULL_CELLS = "eight-off:9CTCJCQCKCQDKDKH:8JQJ:KSQS///////"


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "freecell"


def clocked(text: str) -> str:
    """``text`` with its clocks at 0:00 (a slow machine may take a second)."""
    return re.sub(r"time \d+:\d\d", "time 0:00", text)


def play(*args, input="q\n"):
    code, out, err = run("play", *args, input=input)
    return code, clocked(out), err


EIGHT_OFF_3 = """\
deal 3 | eight-off | can move 5 (4 free cells, 0 empty columns)
cells a:8C b:-- c:4S d:-- e:5S f:-- g:5C i:--   home C:-- D:-- H:-- S:--

  1   2   3   4   5   6   7   8
 KC  2D  QC  7H  6S  8H  TH  4D
 7D  JH  9D  JS  QS  8S  9C  QD
 TC  QH  TS  5D  6H  KS  7C  AD
 4H  AS  JD  8D  AC  6D  3D  KH
 6C  TD  2S  3C  9H  KD  7S  3S
"""


# -- line by line: each game's rules and table ------------------------------------------
def test_eight_off_line_by_line_by_suit_undo_redo_and_the_save(data):
    code, out, err = play("3", "--game", "eight-off", input="34\n63\nu\nr\nq\n")
    after = EIGHT_OFF_3 + " 9S  2C  3H  4C  AH      JC  5H\n         2H\n"
    assert (code, err) == (0, "Eight Off deal 3 is saved at move 1; `freecell play` resumes it\n")
    assert out == ("Eight Off deal 3 | moves 0 | time 0:00\n" + EIGHT_OFF_3 + " 9S  2C  3H  4C  AH  2H  JC  5H\n"
                   "refused 34: 3H cannot go on 4C\n"  # alternate colours: not in Eight Off
                   "Eight Off deal 3 | moves 1 | time 0:00\n" + after
                   + "undone: 63\nEight Off deal 3 | moves 0 | time 0:00\n" + EIGHT_OFF_3
                   + " 9S  2C  3H  4C  AH  2H  JC  5H\n"
                   "redone: 63\nEight Off deal 3 | moves 1 | time 0:00\n" + after)
    saved = orjson.loads((data / "game.json").read_bytes())
    assert (saved["game"], saved["variant"], saved["deal"], saved["start"][:22]) == (
        "eight-off", None, 3, "eight-off:8C-4S-5S-5C-")
    assert [s["moves"] for s in saved["steps"]] == [["63"]]


def test_seahaven_towers_tenth_column_is_10(data):
    code, out, err = play("2", "--game", "seahaven-towers", input="10a\nhelp\nq\n")
    table = """\
  1   2   3   4   5   6   7   8   9  10
 QD  QC  KC  3C  4C  2C  KD  5C  4D  JD
 JS  6H  QS  6D  2D  9C  TD  JC  8C  6C
 8S  4S  5D  QH  7S  9D  KS  7C  6S  4H
 AC  8H  AH  9S  TC  2S  3S  TS  9H  2H
"""
    assert (code, err) == (0, "Seahaven Towers deal 2 is saved at move 1; `freecell play` resumes it\n")
    assert out.startswith("Seahaven Towers deal 2 | moves 0 | time 0:00\n"
                          "deal 2 | seahaven-towers | can move 3 (2 free cells, 0 empty columns)\n"
                          "cells a:-- b:TH c:JH d:--   home C:-- D:-- H:-- S:--\n\n" + table
                          + " 3H  AD  7H  3D  5H  8D  KH  7D  AS  5S\n"
                          "Seahaven Towers deal 2 | moves 1 | time 0:00\n"
                          "deal 2 | seahaven-towers | can move 2 (1 free cell, 0 empty columns)\n"
                          "cells a:5S b:TH c:JH d:--   home C:-- D:-- H:-- S:--\n\n" + table
                          + " 3H  AD  7H  3D  5H  8D  KH  7D  AS\n")
    assert out.endswith("q (quit; the game is kept)\nthe tenth column is 10 in moves: 108, a10, 110 (1 to 10)\n")


def test_bakers_game_builds_by_suit_where_freecell_refuses(data):
    code, out, err = play("1", "--game", "bakers-game", input="72\nq\n")
    assert (code, err) == (0, "Baker's Game deal 1 is saved at move 1; `freecell play` resumes it\n")
    lines = out.splitlines()
    assert lines[0] == "Baker's Game deal 1 | moves 0 | time 0:00"
    assert lines[lines.index("Baker's Game deal 1 | moves 1 | time 0:00"):] == [
        "Baker's Game deal 1 | moves 1 | time 0:00",
        "deal 1 | bakers-game | can move 5 (4 free cells, 0 empty columns)",  # (free + 1) x 2^empty
        "cells a:-- b:-- c:-- d:--   home C:-- D:-- H:-- S:--", "",
        "  1   2   3   4   5   6   7   8",
        " JD  2D  9H  JC  5D  7H  7C  5H",
        " KD  KC  9S  5S  AD  QC  KH  3H",
        " 2S  KS  9D  QD  JS  AS  AH  3C",
        " 4C  5C  TS  QH  4H  AC  4D  7S",
        " 3S  TD  4S  TH  8H  2C  JH  7D",
        " 6D  8S  8D  QS  6C  3D      TC",
        " 6S  9C  2H  6H",
        "     8C"]
    code, out, err = play("1", input="72\nq\n")  # FreeCell's deal 1, the same table
    assert code == 0 and "refused 72: 8C cannot go on 9C\n" in out and out.count("moves 1") == 0
    assert err == (f"note: the unfinished Baker's Game deal 1 (1 move) is kept in {data}/game.json.bakers-game-deal-1: "
                   "its moves are all there (plain JSON)\ndeal 1 is saved at move 0; `freecell play` resumes it\n")


def test_kings_only_into_an_empty_column_and_runs_through_the_free_cells_alone(data):
    code, out, err = play(FULL_CELLS, input="12v2\n12\n1h\nq\n")
    assert (code, err) == (0, "the game is saved at move 1; `freecell play` resumes it\n")
    lines = out.splitlines()
    assert lines[:2] == ["Eight Off position | moves 0 | time 0:00",
                         "eight-off | can move 1 (0 free cells, 7 empty columns)"]  # free cells + 1
    assert lines[9:12] == ["the rest can go home directly: a (auto-complete)",
                           "refused 12v2: 2 cards > can move 1 (0 free cells, 6 other empty columns)",
                           "refused 12: QS cannot go into empty column 2: only a king can"]
    assert lines[12:14] == ["Eight Off position | moves 1 | time 0:00",
                            "eight-off | can move 1 (0 free cells, 7 empty columns)"]


def test_relaxed_freecell_moves_any_run_and_forecell_deals_into_every_cell(data):
    code, out, err = play("3", "--game", "relaxed-freecell")
    assert code == 0 and out.splitlines()[:2] == [
        "Relaxed FreeCell deal 3 | moves 0 | time 0:00",
        "deal 3 | relaxed-freecell | can move any run (4 free cells, 0 empty columns)"]
    code, out, err = play("2", "--game", "forecell")
    assert code == 0 and out.splitlines()[:3] == [
        "Forecell deal 2 | moves 0 | time 0:00", "deal 2 | forecell | can move 1 (0 free cells, 0 empty columns)",
        "cells a:AS b:5S c:TH d:JH   home C:-- D:-- H:-- S:--"]


def test_a_hint_under_the_games_rules_and_h_again_plays_it(data):
    code, out, err = play("3", "--game", "seahaven-towers", input="h\nh\nq\n")
    hint = re.search(r"^hint: (\S+) \(.*; \d+ moves to finish; h again plays it\)$", out, re.M)
    assert code == 0 and hint is not None, out
    assert f"\nplayed the hint {hint.group(1)}\nSeahaven Towers deal 3 | moves " in out
    start = Game.new(3, game="seahaven-towers")
    assert hint.group(1) in [str(m) for m in legal_moves(start.position, start.variant)]


def test_a_win_names_the_game(data):
    code, solution, _ = run("solve", "--deal", "5", "--game", "bakers-game")
    assert code == 0
    code, out, err = play("5", "--game", "bakers-game", input=solution)
    assert (code, out.splitlines()[-1]) == (0, "won Baker's Game deal 5 in 88 moves")


def test_new_and_daily_from_a_family_game(data):
    code, out, err = play("3", "--game", "eight-off", input="1b\nnew 5\nnew ms5\ndaily 2026-11-30\nq\n")
    assert code == 0
    assert [line for line in out.splitlines() if line.startswith("now playing")] == [
        "now playing Eight Off deal 5", "now playing Eight Off deal 5", "now playing daily 2026-11-30 (deal 845012)"]
    assert "deal 5 | eight-off | can move 5 (4 free cells, 0 empty columns)\ncells a:9S b:-- c:AD" in out
    assert "deal 845012 | site | can move 16 (4 free cells" in out  # the daily deal is FreeCell's
    assert (f"\nnote: the unfinished Eight Off deal 3 (1 move) is kept in {data}/game.json.eight-off-deal-3: its "
            "moves are all there (plain JSON)\nnow playing Eight Off deal 5\n") in out
    assert err == "the daily deal 2026-11-30 is saved at move 0; `freecell play --daily` resumes it\n"


# -- saved, resumed, kept aside ------------------------------------------------------------
def test_a_family_game_resumes_as_that_game_and_is_kept_aside_as_one(data):
    assert play("3", "--game", "eight-off", input="63\nq\n")[0] == 0
    code, out, err = play(input="show\nq\n")  # no argument: the saved game, as its game
    assert (code, err) == (0, "resuming Eight Off deal 3 at move 1\n"
                              "Eight Off deal 3 is saved at move 1; `freecell play` resumes it\n")
    assert out.startswith("Eight Off deal 3 | moves 1 | time 0:00\n" + EIGHT_OFF_3)
    code, out, err = play("617")  # a FreeCell deal takes game.json: the Eight Off game is kept aside
    kept = data / "game.json.eight-off-deal-3"
    assert code == 0 and err.startswith(f"note: the unfinished Eight Off deal 3 (1 move) is kept in {kept}:")
    code, out, err = play("--resume", str(kept), input="1b\nq\n")
    assert (code, err) == (0, f"resuming Eight Off deal 3 at move 1: {kept} is back in {data}/game.json\n"
                              "Eight Off deal 3 is saved at move 2; `freecell play` resumes it\n")
    assert out.startswith("Eight Off deal 3 | moves 1 | time 0:00\n") and "Eight Off deal 3 | moves 2" in out
    assert sorted(p.name for p in data.iterdir()) == ["game.json", "play.lock"]  # deal 617 had no move to keep


def test_a_save_without_the_game_field_is_freecells(data):
    game = Game.new(617)
    assert game.play("5a").ok
    saved = game.to_dict()
    assert "game" not in saved  # as every save was written before the family's games
    data.mkdir()
    (data / "game.json").write_bytes(orjson.dumps(saved))
    code, out, err = play()
    assert (code, err) == (0, "resuming deal 617 at move 1\ndeal 617 is saved at move 1; `freecell play` resumes it\n")
    assert out.splitlines()[:2] == ["deal 617 | moves 1 | time 0:00",
                                    "deal 617 | site | can move 8 (3 free cells, 0 empty columns)"]


@pytest.mark.parametrize("change, reason", [
    ({"game": "eight_off"}, f"game: 'eight_off' is not one of {GAMES}"),
    ({"game": None}, f"game: None is not one of {GAMES}"),
    ({"game": ["eight-off"]}, f"game: ['eight-off'] is not one of {GAMES}"),
    ({"game": "spider"}, f"game: 'spider' is not one of {GAMES}"),
    ({"game": "x" * 100}, f"game: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is not one of {GAMES}"),
    ({"game": "freecell"}, "game: says freecell, but the start position is Eight Off's"),
    ({"game": "forecell"}, "game: says forecell, but the start position is Eight Off's"),
    ({"variant": "site"}, "variant: must be null: Eight Off is played under its own rules, got 'site'"),
])
def test_a_save_whose_game_field_is_garbage_is_one_line_exit_2(data, tmp_path, change, reason):
    game = Game.new(3, game="eight-off")
    assert game.play("63").ok
    bad = tmp_path / "bad.json"
    bad.write_bytes(orjson.dumps({**game.to_dict(), **change}))
    assert run("play", "--resume", str(bad), input="q\n") == (2, "", f"error: {bad}: saved game is damaged: {reason}\n")
    (data / "game.json").write_bytes(bad.read_bytes())  # where play looks: kept aside, play starts afresh
    code, out, err = play("3", "--game", "eight-off")
    why = f"saved game is damaged: {reason}"[:120]  # the note cuts the reason short
    assert code == 0 and err.splitlines()[0] == (f"{data}/game.json was damaged ({why}); kept as "
                                                 f"{data}/game.json.bad, starting afresh")
    assert (data / "game.json.bad").read_bytes() == bad.read_bytes()


def test_a_family_save_without_the_field_is_damage(data, tmp_path):
    saved = Game.new(3, game="eight-off").to_dict()
    del saved["game"]
    bad = tmp_path / "old.json"
    bad.write_bytes(orjson.dumps(saved))
    assert run("play", "--resume", str(bad), input="q\n") == (
        2, "", f"error: {bad}: saved game is damaged: game: missing (FreeCell), but the start position is "
               "Eight Off's\n")


# -- what play refuses -----------------------------------------------------------------------
def test_refusals(data):
    assert play("--daily", "--game", "forecell") == (
        2, "", "error: the daily deal is FreeCell's: --daily goes without --game forecell\n")
    assert play("3", "--game", "eight-off", "--cells", "4") == (
        2, "", "error: --cells goes with FreeCell: Eight Off has 8 free cells (its rules fix the table)\n")
    assert play("3", "--game", "bakers-game", "--variant", "standard") == (
        2, "", "error: --variant goes with FreeCell: Baker's Game has rules of its own (bakers-game)\n")
    assert play("-p", FULL_CELLS, "--cells", "4") == (
        2, "", "error: --cells goes with FreeCell: Eight Off has 8 free cells (its rules fix the table)\n")
    assert play("-p", FULL_CELLS, "--game", "forecell") == (
        2, "", "error: the position is Eight Off's, not Forecell's\n")
    assert play("ms5") == (2, "", "error: not a deal number: 'ms5'\n")  # Microsoft's numbers are FreeCell's own
    assert play("3", "--game", "spider")[0] == 2
    assert play("3", "--game", "eight-off", input="q\n")[0] == 0
    assert play("--game", "bakers-game") == (
        2, "", "error: --game bakers-game: the saved game (Eight Off deal 3) is a game of Eight Off; give N or "
               "--random to start a new game with them\n")
    assert play("--cells", "2") == (
        2, "", "error: --cells 2: the saved game (Eight Off deal 3) is a game of Eight Off; give N, --daily or "
               "--random to start a new game with them\n")
    assert play("--game", "eight-off")[0] == 0  # its own game: resumed
    assert play("617")[0] == 0
    assert play("--game", "eight-off") == (
        2, "", "error: --game eight-off: the saved game (deal 617) is played with 4 free cells under site; give N "
               "or --random to start a new game with them\n")


def test_a_family_position_is_played_and_labels_a_freecell_table(data):
    code, out, err = play("-p", FULL_CELLS)
    assert code == 0 and out.startswith("Eight Off position | moves 0")
    code, table, _ = run("deal", "5")
    code, out, err = play("--game", "bakers-game", "-p", table.strip())  # FreeCell's table, as Baker's Game's
    assert code == 0 and out.splitlines()[:2] == ["Baker's Game deal 5 | moves 0 | time 0:00",
                                                  "deal 5 | bakers-game | can move 5 (4 free cells, 0 empty columns)"]


# -- the game screen ----------------------------------------------------------------------------
def frozen(game: Game) -> Game:
    game.running_since = None
    game.elapsed_before = 0.0
    return game




def on_screen(app) -> str:
    lines = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
    return clocked("\n".join(lines) + "\n")


def test_eight_off_on_the_screen_reaches_every_free_cell_and_shift_f_auto_completes():
    saved = []
    b = Board(Game.new(3, game="eight-off"), save=lambda g: saved.append(g.to_dict()))
    seen = {}

    async def script(pilot, app):
        await pilot.press("1", "f")  # 9S to free cell f, the sixth: f alone is the place
        seen["f"] = (list(b.game.played()), b.message)
        await pilot.press("f", "enter", "i")  # f picks it up there, i (the eighth cell) drops it: not a move
        seen["i"] = b.message
        await pilot.press("escape", "escape", "6", "3")  # 2H onto 3H, by suit
        await pilot.press("F")  # Shift-F: auto-complete (AH, then 2H, home)
        seen["F"] = (list(b.game.played()), b.message)
        await pilot.press("U")
        seen["U"] = (b.game.moves, b.message)
        seen["screen"] = on_screen(app)
        await pilot.press("q")

    app = drive(b, script)
    assert seen["f"] == (["1f"], "played 1f (9S to a free cell, uncovers 6C)")
    assert seen["i"] == "moving a card between free cells changes nothing: not a move, not counted"
    assert seen["F"] == (["1f", "63", "5h", "3h", "3h"], "auto-complete: 3 cards home")  # AH, 2H, 3H
    assert seen["U"] == (2, "undone: 5h 3h 3h")
    assert seen["screen"] == """\
 Eight Off deal 3 | moves 2 | time 0:00 | can move 4 (3 free cells, 0 empty columns)

 [ 8♣] [ b ] [ 4♠] [ d ] [ 5♠] [ 9♠] [ 5♣] [ i ] [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]

   1     2     3     4     5   > 6     7     8
   K♣    2♦    Q♣    7♥    6♠    8♥    T♥    4♦
   7♦    J♥    9♦    J♠    Q♠    8♠    9♣    Q♦
   T♣    Q♥    T♠    5♦    6♥    K♠    7♣    A♦
   4♥    A♠    J♦    8♦    A♣    6♦    3♦    K♥
   6♣    T♦    2♠    3♣    9♥  > K♦    7♠    3♠
         2♣    3♥    4♣    A♥          J♣    5♥
               2♥

 from KD: 1 card (can move 4); ↑ ↓ change where the run starts
 undone: 5h 3h 3h


 47 move ←→ Tab focus ↑↓ run Enter pick/drop Esc cancel U undo R redo H hint F auto Q quit ? help
""" + "\n" * 12
    assert b.quit and not app.interrupted
    assert saved[-1]["game"] == "eight-off" and [s["moves"] for s in saved[-1]["steps"]] == [["1f"], ["63"]]
    assert Game.from_dict(saved[-1]).position == b.position  # what was saved resumes as this game


def test_eight_off_keys_and_help_name_its_places():
    b = Board(Game.new(3, game="eight-off"))
    keys(b, "f")
    assert b.focus == Spot("cell", 5) and b.message == (
        "typing a move: f_ (then where to: 1-8, a-g, i, h; Enter picks up here; Esc cancels)")
    keys(b, "escape", "1", "x")
    assert b.message == "'1x' is not a move: a source (1-8, a-g, i) then a destination (1-8, a-g, i, h)"
    keys(b, "?")
    page = b.snapshot(100, 60)
    assert "  1-8 a-i h  holding cards: drop them on that column or free cell, or home" in page
    assert ("  F          auto-complete: every card that can go home goes (each one a move)\n"
            "             here with Shift only: f alone is free cell f") in page
    assert "(columns\n             1-8, free cells a-g, i, h home)" in page


def test_freecell_with_four_cells_keeps_f_for_auto_complete():
    b = Board(Game(parse_position("----:QJJJ:QDKHQS/KS/KD/KCQH////"), Game.new(1).variant))
    keys(b, "f")
    assert b.game.position.is_won() and b.message.startswith("you won this position in 7 moves")


def test_seahaven_towers_on_the_screen_zero_is_the_tenth_column():
    b = Board(Game.new(2, game="seahaven-towers"))
    seen = {}

    async def script(pilot, app):
        await pilot.press("0", "a")  # 5S from column 10 to free cell a
        seen["0a"] = (list(b.game.played()), b.message)
        await pilot.press("a", "0")  # and back onto 2H: not by suit
        seen["a0"] = b.message
        await pilot.press("0", "enter")
        seen["held"] = b.message
        await pilot.press("escape", "q")

    drive(b, script)
    assert seen["0a"] == (["10a"], "played 10a (5S to a free cell, uncovers 2H)")
    assert seen["a0"] == "refused a10: 5S cannot go on 2H"  # the key 0, the notation's 10
    assert seen["held"] == ("picked up 2H from column 10: Enter on a highlighted place drops it, Esc puts it back")
    b = Board(Game.new(2, game="seahaven-towers"))
    keys(b, "1", "0")  # column 1 to column 10: QD... 3H onto 5S, refused in its terms
    assert b.message == "refused 110: 3H cannot go on 5S"


def test_seahaven_towers_at_its_minimum_size_and_below():
    b = Board(frozen(Game.new(2, game="seahaven-towers")))
    assert (b.MIN_WIDTH, b.MIN_HEIGHT) == (62, 14)  # ten columns of six characters
    seen = []

    async def script(pilot, app):
        seen.append(on_screen(app))
        await pilot.press("up")

    drive(b, script, size=(62, 14))
    assert seen[0] == """\
 Seahaven Towers deal 2 | moves 0 | time 0:00 | can move 3

 [ a ] [ T♥] [ J♥] [ d ] [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]
 > 1     2     3     4     5     6     7     8     9    10
   Q♦    Q♣    K♣    3♣    4♣    2♣    K♦    5♣    4♦    J♦
   J♠    6♥    Q♠    6♦    2♦    9♣    T♦    J♣    8♣    6♣
   8♠    4♠    5♦    Q♥    7♠    9♦    K♠    7♣    6♠    4♥
   A♣    8♥    A♥    9♠    T♣    2♠    3♠    T♠    9♥    2♥
 > 3♥    A♦    7♥    3♦    5♥    8♦    K♥    7♦    A♠    5♠
 from 3H: 1 card (can move 3); ↑ ↓ change where the run
 starts


 47 move ←→ Tab focus Enter pick/drop U undo H hint ? help
"""
    assert b.snapshot(61, 14) == "terminal 61×14: Seahaven Towers needs 62×14 (Q quits)\n"


def test_eight_off_at_its_minimum_size_puts_the_foundations_on_a_line_of_their_own():
    b = Board(frozen(Game.new(3, game="eight-off")))
    assert (b.MIN_WIDTH, b.MIN_HEIGHT) == (50, 15)  # the places take two lines
    seen = []

    async def script(pilot, app):
        seen.append(on_screen(app))

    drive(b, script, size=(50, 15))
    assert seen[0] == """\
 Eight Off deal 3 | moves 0 | time 0:00 | can
 move 5
 [ 8♣] [ b ] [ 4♠] [ d ] [ 5♠] [ f ] [ 5♣] [ i ]
 [ ♣ ] [ ♦ ] [ ♥ ] [ ♠ ]
 > 1     2     3     4     5     6     7     8
   ⋮2    ⋮2    ⋮2    ⋮2    ⋮2    ⋮2    ⋮2    ⋮2
   T♣    Q♥    T♠    5♦    6♥    K♠    7♣    A♦
   4♥    A♠    J♦    8♦    A♣    6♦    3♦    K♥
   6♣    T♦    2♠    3♣    9♥    K♦    7♠    3♠
 > 9♠    2♣    3♥    4♣    A♥    2♥    J♣    5♥
 from 9S: 1 card (can move 5); ↑ ↓ change where
 the run starts


 47 move ←→ Tab focus Enter pick/drop ? help
"""
    assert b.snapshot(49, 15) == "terminal 49×15: Eight Off needs 50×15 (Q quits)\n"
    assert b.snapshot(80, 14) == "the terminal is 80×14; Eight Off needs at least 50×15 (Q quits)\n"


def test_bakers_game_on_the_screen_by_suit_with_a_hint_under_its_rules():
    b = Board(Game.new(1, game="bakers-game"))
    seen = {}

    async def script(pilot, app):
        await pilot.press("7", "2")  # 8C onto 9C
        seen["72"] = b.message
        await pilot.press("8", "7")  # TC onto JH: alternate colours, not Baker's Game
        seen["87"] = b.message
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await pilot.pause()
        seen["hint"] = (b.message, b.game.hint)
        await pilot.press("H")  # again: played
        seen["played"] = (list(b.game.played()), b.message)
        await pilot.press("q")

    drive(b, script)
    assert seen["72"] == "played 72 (8C onto 9C, uncovers JH)"
    assert seen["87"] == "refused 87: TC cannot go on JH"
    message, hinted = seen["hint"]
    assert message.startswith(f"hint: {hinted} (") and message.endswith("moves to finish; H again plays it)")
    assert seen["played"][0] == ["72", hinted] and seen["played"][1].startswith(f"played the hint {hinted} (")
    again = Game.new(1, game="bakers-game")  # the hint is a move of Baker's Game, not FreeCell's
    assert again.play(f"72 {hinted}").ok


def test_relaxed_freecell_on_the_screen_can_move_any_run():
    b = Board(frozen(Game.new(3, game="relaxed-freecell")))
    assert b.status() == ("Relaxed FreeCell deal 3 | moves 0 | time 0:00 | can move any run (4 free cells, "
                          "0 empty columns)")
    assert b.selection_line() == "from 8C: 1 card (can move any run); ↑ ↓ change where the run starts"


def test_the_n_key_deals_the_same_game(data):
    from freecell_cli.cli.play import screen_new_game
    from freecell_cli.play import kept_where, save_game, take_save

    game = Game.new(3, game="eight-off")
    take_save(game, lambda line: None)
    board = Board(game, save=save_game, new_game=screen_new_game(None, lambda text, tone: board.say(text, tone)),
                  kept_where=kept_where)
    keys(board, "1", "b", "n")
    assert board.message == ("start a new deal? The game in progress (1 move) is kept in "
                             f"{data}/game.json.eight-off-deal-3. Y: yes, any other key: no")
    keys(board, "y")
    assert board.game.kind.name == "eight-off" and len(board.position.cells) == 8
    assert board.message == (f"now playing Eight Off deal {board.game.deal}; the unfinished Eight Off deal 3 (1 move) "
                             f"is kept in {data}/game.json.eight-off-deal-3: its moves are all there (plain JSON)")


# -- the command on a terminal ----------------------------------------------------------------------
def test_a_family_game_full_screen_in_a_pty(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "TERM": "xterm-256color"}
    child = spawn(env, "play", "3", "--game", "eight-off")
    try:
        child.expect("Eight Off deal 3 \\| moves 0")
        child.send("1")
        child.send("f")
        child.expect("played 1f")
        child.send("q")
        child.expect("Eight Off deal 3 is saved at move 1; `freecell play` resumes it")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
    child = spawn(env, "play")
    try:
        child.expect("resuming Eight Off deal 3 at move 1")
        child.expect("Eight Off deal 3 \\| moves 1")
        child.send("q")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_microsofts_deal_past_pysolfcs_numbers_is_said_to_carry_no_number(data):
    code, out, err = play("ms100000", "--game", "bakers-game", "--lines")
    assert code == 0 and err.startswith(
        "note: Microsoft's deal 100000 is not PySolFC's deal 100000 of Baker's Game: the position carries no deal number\n")
    code, out, err = play("ms617", "--game", "bakers-game", "--lines")  # below 32,000 the numbers agree: no note
    assert code == 0 and "note:" not in err
