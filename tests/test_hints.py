"""One Hint for the scripting API and the games: the words each prints."""

import freecell_cli as fc
from freecell_cli import api, hints
from freecell_cli.hints import STUCK, Hint, find_hint
from freecell_cli.moves import Move

M = Move.parse("5a")


def test_one_class_under_every_name():
    assert fc.Hint is hints.Hint is api.Hint


def test_what_solve_hint_prints():
    assert str(Hint("solved", M, "JC to a free cell", 3)) == "5a  (JC to a free cell; 3 moves to finish)"
    assert str(Hint("solved", None, "won")) == "nothing to do: the game is won"
    assert str(Hint("unsolvable", None, "unsolvable")) == "this position is unsolvable"
    assert str(Hint("gave-up", None, "time limit")) == "no verdict within the limit"
    assert Hint("solved", M, "why", 1).to_dict() == {"verdict": "solved", "move": "5a", "reason": "why", "move_count": 1}


def test_what_a_game_says():
    assert Hint("solved", M, "JC to a free cell", 1).message == "hint: 5a (JC to a free cell; 1 move to finish)"
    assert Hint("gave-up", M, "JC to a free cell").message == \
        "no verdict within the limit; you could try 5a (JC to a free cell)"
    assert Hint("solved", reason="won").message == "nothing to do: the game is won"
    assert Hint("gave-up", reason="the solver failed (OSError: x)").message == \
        "no hint: the solver failed (OSError: x)"
    assert Hint("unsolvable", reason=STUCK).message == "no legal move left: undo, restart, or a new deal"
    assert Hint("unsolvable", reason="unsolvable").message == \
        "this position is unsolvable from here: undo, restart, or a new deal"


def test_only_a_solved_move_is_sure():
    assert Hint("solved", M).sure and not Hint("gave-up", M).sure and not Hint("solved").sure


def test_a_game_hint_and_the_api_hint_agree():
    start = fc.deal(617)
    mine, theirs = find_hint(start, fc.find_variant("site")), fc.hint(start)
    assert (mine.verdict, mine.move) == (theirs.verdict, theirs.move) == ("solved", theirs.result.moves[0])
    assert mine.reason == theirs.reason and start == fc.deal(617)


def test_a_won_or_stuck_table():
    site = fc.find_variant("site")
    won = fc.parse_position("----:KKKK:///////")
    assert find_hint(won, site) == Hint("solved", reason="won") and fc.hint(won).to_dict() == \
        {"verdict": "solved", "move": None, "reason": "won", "move_count": 0}
