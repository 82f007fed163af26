import pytest

from freecell_cli import deal, find_variant
from freecell_cli.game import Game
from freecell_cli.solutions import parse_solution
from freecell_cli.solve.engine import solve
from freecell_cli.verify import verify


def test_moves_undo_redo_restart():
    g = Game.new(617)
    assert g.play("5a 82").ok and g.moves == 2
    assert g.undo() and g.moves == 1 and g.redo() and g.moves == 2
    out = g.play("58")
    assert not out.ok and out.message == "58: 7C cannot go on 2S" and g.moves == 2
    g.restart()
    assert g.moves == 0 and g.position == deal(617)


def test_refusal_in_the_sites_terms_leaves_position():
    g = Game.new(617)
    before = g.position.copy()
    out = g.play("5a 58")
    assert out.message == 'played 5a; 58: 7C cannot go on QH'
    assert g.moves == 1 and g.position != before


def test_card_names_as_source():
    g = Game.new(617)
    assert g.play("JCa").ok and str(g.position.cells[0]) == "JC"
    out = g.play("7C")
    assert not out.ok and "7C cannot go to the foundation" in out.message
    # Upper case names the card, lower case is standard notation (cell a home).
    with pytest.raises(Exception, match="AH is not free to move"):
        g.parse("AH")
    assert g.parse("ah").source.kind == "cell"
    # "kd" would be free cell k to free cell d, which this table does not have: a card.
    with pytest.raises(Exception, match="KD is not free to move"):
        g.parse("kd")
    assert not g.play("2D8").ok  # buried card
    assert "not free to move" in g.play("2D8").message


def test_collect_is_one_undo_step_counted_per_card():
    from freecell_cli import parse_position

    g = Game(parse_position("----:QQQJ:KC/KD/KH/KSQS"), find_variant("site"))
    assert g.collect().message == "5 cards home" and g.moves == 5 and g.position.is_won()
    g.undo()
    assert g.moves == 0 and not g.position.is_won()


def test_windows_counts_automatic_moves_and_saves_only_played():
    from freecell_cli import parse_position

    g = Game(parse_position("----:QQQJ:KC/KD/KH/QSKS/"), find_variant("windows"))
    assert g.play("45").ok and g.moves == 6 and g.position.is_won() and g.played() == ["45"]


def test_save_round_trip_and_solution_file_verifies():
    r = solve(deal(1), find_variant("site"), "builtin")
    g = Game.new(1)
    assert g.play(" ".join(r.notation)).ok and g.position.is_won()
    assert g.moves == r.move_count
    again = Game.from_dict(g.to_dict())
    assert again.position == g.position and again.moves == g.moves
    sol = parse_solution(g.solution_text())
    assert sol.deal == 1 and verify(sol, deal(1), find_variant("site")).ok


def test_clock_pauses():
    g = Game.new(1)
    g.pause_clock()
    t = g.elapsed
    import time

    time.sleep(0.05)
    assert g.elapsed == t
    g.resume_clock()
    time.sleep(0.02)
    assert g.elapsed > t


def test_damaged_save():
    from freecell_cli.errors import FreecellError

    with pytest.raises(FreecellError, match="saved game is damaged"):
        Game.from_dict({"steps": []})


@pytest.mark.parametrize("change, message", [
    ({"format": "freecell-cli-spider-game"}, "format: not a FreeCell saved game: 'freecell-cli-spider-game'"),
    ({"version": 2}, "version: this version reads version 1, not '2'"),
    ({"version": "1"}, "version: this version reads version 1, not '1'"),
    ({"version": True}, "version: this version reads version 1, not 'True'"),
    ({"won": "no"}, "won: must be true or false"),
    ({"won": True}, "won: says true, but the moves do not win"),
])
def test_a_save_that_says_what_it_is_not_is_damaged(change, message):
    from freecell_cli.errors import FreecellError

    saved = {**Game.new(617).to_dict(), **change}
    with pytest.raises(FreecellError) as e:
        Game.from_dict(saved)
    assert str(e.value) == f"saved game is damaged: {message}"


def test_a_save_without_format_or_version_is_read_as_version_1():
    saved = Game.new(617).to_dict()
    del saved["format"], saved["version"], saved["won"]
    assert Game.from_dict(saved).position == Game.new(617).position


def _stuck_position():
    from freecell_cli.cards import CARDS, Card
    from freecell_cli.position import Position

    kings = [Card.parse(t) for t in ("KC", "KD", "KH", "KS")]
    tops = [Card.parse(t) for t in ("2D", "3D", "4D", "5D", "2H", "3H", "4H", "5H")]
    rest = [c for c in CARDS if c not in kings and c not in tops]
    columns = [rest[i::8] + [tops[i]] for i in range(8)]
    return Position(columns, kings).validate()


def test_no_legal_move_left_is_said(capsys):
    import io

    from freecell_cli.play import Session

    g = Game(_stuck_position(), find_variant("site"))
    assert g.stuck()
    out = io.StringIO()
    Session(g, interactive=False, out=out).advise()
    assert out.getvalue() == "no legal move left: u (undo), restart, or new\n"


def test_autocomplete_is_offered():
    import io

    from freecell_cli import parse_position
    from freecell_cli.play import Session

    g = Game(parse_position("----:QQQJ:KC/KD/KH/KSQS"), find_variant("site"))
    out = io.StringIO()
    Session(g, interactive=False, out=out).advise()
    assert out.getvalue() == "the rest can go home directly: a (auto-complete)\n"
    assert not Game.new(1).can_autocomplete()



def test_refusals_count_cards_in_good_english():
    g = Game.new(1)  # column 1 of deal 1 ends 3S 6D 6S: 6D is under one card
    with pytest.raises(Exception, match=r"^6D is not free to move \(under 1 card\)$"):
        g.parse("6Da")
    with pytest.raises(Exception, match=r"^3S is not free to move \(under 2 cards\)$"):
        g.parse("3Sa")
