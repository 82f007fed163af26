import pytest
from layers import imported_from

from freecell_cli.errors import FreecellError
from freecell_cli.spider.deals import deal
from freecell_cli.spider.game import Game


def test_game_undo_redo_restart_and_save():
    g = Game(deal(1, suits=1))
    assert g.play("23, 47 d").message == "23 47 d" and g.position.moves == 3
    assert g.play("47 99").message.startswith("played 47; 99:") is False  # 47 is now refused
    assert g.undo() and g.moves == ["23", "47"] and g.redo() and g.moves == ["23", "47", "d"]
    assert Game.from_dict(g.to_dict()).position == g.position
    g.restart()
    assert g.position == deal(1, suits=1)


def test_a_refused_redo_is_never_recorded():
    g = Game(deal(1), moves=["d", "d"], redo_moves=["zz", "14"])
    with pytest.raises(FreecellError, match="9C cannot go on 3C"):
        g.redo()
    assert g.moves == ["d", "d"] and g.redo_moves == ["zz", "14"] and g.position.moves == 2


@pytest.mark.parametrize("field", ["format", "version", "won", "unrestricted"])
def test_an_int_too_long_to_print_is_said_so(field):
    """An int of over 4300 digits has no str: the reason raised ValueError, not the
    damage (a save read by json, not orjson, can hold one)."""
    why = {"format": "must be 'freecell-cli-spider-game'", "version": "must be 1"}.get(field, "must be true or false")
    with pytest.raises(FreecellError) as e:
        Game.from_dict({**Game(deal(1)).to_dict(), field: 10**5000})
    assert str(e.value) == f"saved Spider game is damaged: {field}: {why}, got <int too long to show>"


def test_the_game_imports_nothing_that_reads_saved_games():
    # verify.py reads a saved game through Game as a solution, and solve.py uses
    # verify.py: the game importing either (or the play on top of it) would close a circle
    above = ("freecell_cli.spider.play", "freecell_cli.spider.solve", "freecell_cli.spider.verify",
             "freecell_cli.spider.board", "freecell_cli.spider.api")
    assert imported_from("freecell_cli.spider.game", above) == set()
