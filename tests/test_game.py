import pytest

from freecell_cli import deal, find_variant
from freecell_cli.errors import quote
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


# -- a save from a stranger: every field as a game writes it (issue 20) ------------------
def _daily_save():
    return Game.new(845012, daily="2026-11-30").to_dict()  # 845012: the daily deal of 2026-11-30


@pytest.mark.parametrize("daily, message", [
    ("a/b", "must be a date YYYY-MM-DD, got 'a/b'"),
    ("../../../escaped", "must be a date YYYY-MM-DD, got '../../../escaped'"),
    ("2026-11-30\x00", "must be a date YYYY-MM-DD, got '2026-11-30\\x00'"),
    ("\x1b]52;c;aGk=\x07", "must be a date YYYY-MM-DD, got '\\x1b]52;c;aGk=\\x07'"),
    ("20261130", "must be a date YYYY-MM-DD, got '20261130'"),  # read by fromisoformat, never written
    ("2026-W48-1", "must be a date YYYY-MM-DD, got '2026-W48-1'"),
    ("2026-02-30", "must be a date YYYY-MM-DD, got '2026-02-30'"),
    ("0000-01-01", "must be a date YYYY-MM-DD, got '0000-01-01'"),
    ("２０２６-11-30", "must be a date YYYY-MM-DD, got '２０２６-11-30'"),  # digits, but not ASCII
    (" 2026-11-30", "must be a date YYYY-MM-DD, got ' 2026-11-30'"),
    (20261130, "must be a date YYYY-MM-DD, got 20261130"),
    ("2026-11-29", "the daily deal of 2026-11-29 is deal 837093, but the saved game starts from deal 845012"),
])
def test_a_daily_field_not_as_written_is_damage(daily, message):
    from freecell_cli.errors import FreecellError

    with pytest.raises(FreecellError) as e:
        Game.from_dict({**_daily_save(), "daily": daily})
    assert str(e.value) == f"saved game is damaged: daily: {message}"


def test_a_daily_save_must_start_from_its_deal():
    from freecell_cli.errors import FreecellError

    assert Game.from_dict(_daily_save()).daily == "2026-11-30"
    assert Game.from_dict({**Game.new(845012, cells=2, daily="2026-11-30").to_dict()}).daily == "2026-11-30"
    for start in (Game.new(617).to_dict()["start"], "----:0000:KC"):
        with pytest.raises(FreecellError, match="saved game is damaged: "):
            Game.from_dict({**_daily_save(), "start": start})


_START = Game.new(617).to_dict()["start"]


@pytest.mark.parametrize("change, message", [
    ({"variant": "Site"}, "variant: must be one of site, standard, windows, atomic, got 'Site'"),
    ({"variant": "spider"}, "variant: must be one of site, standard, windows, atomic, got 'spider'"),
    ({"variant": None}, "variant: must be one of site, standard, windows, atomic, got None"),
    ({"variant": 5}, "variant: must be one of site, standard, windows, atomic, got 5"),
    ({"deal": 5}, "deal: must be the start position's deal (617), got 5"),
    ({"deal": "617"}, "deal: must be the start position's deal (617), got '617'"),
    ({"deal": True}, "deal: must be the start position's deal (617), got True"),
    ({"deal": None}, "deal: must be the start position's deal (617), got None"),
    ({"start": _START.lower()}, f"start: not a position as a game writes it: {quote(_START.lower())}"),
    ({"start": " " + _START}, f"start: not a position as a game writes it: {quote(' ' + _START)}"),
    ({"start": _START + ":SITE"}, f"start: not a position as a game writes it: {quote(_START + ':SITE')}"),
    ({"steps": [{"moves": ["5A"], "automatic": 0}]}, "steps 1: '5A' is not a move in standard notation"),
    ({"steps": [{"moves": ["5a "], "automatic": 0}]}, "steps 1: '5a ' is not a move in standard notation"),
    ({"steps": [{"moves": ["5a\x1b[2J"], "automatic": 0}]},
     "steps 1: '5a\\x1b[2J' is not a move in standard notation"),
    ({"steps": [{"moves": [], "automatic": 0}]}, "steps 1: needs a list of moves in standard notation"),
    ({"steps": [{"moves": ["5a", "82"], "automatic": 0}]},
     "steps 1: a step of several moves is an auto-collect: all of them home"),
    ({"steps": [{"moves": ["5a"], "automatic": 3}]},
     "moves: step 1: automatic says 3, but the variant sends 0 home by itself"),
    ({"redo": [{"moves": ["58"]}, {"moves": ["5a"]}]}, "moves: redo step 1: 7C cannot go on QH"),  # last undone first
])
def test_each_field_not_as_written_is_damage(change, message):
    from freecell_cli.errors import FreecellError

    with pytest.raises(FreecellError) as e:
        Game.from_dict({**Game.new(617).to_dict(), **change})
    assert str(e.value) == f"saved game is damaged: {message}"


@pytest.mark.parametrize("variant", ["site", "windows"])
def test_a_game_in_progress_round_trips_with_every_check(variant):
    """What a game writes is read back whole (moves, automatic counts, collects, redo)."""
    r = solve(deal(617), find_variant(variant), "builtin")
    g = Game.new(617, variant)
    assert g.play(" ".join(r.notation[:30])).ok
    g.collect()
    assert g.undo() and g.undo()
    again = Game.from_dict(g.to_dict())
    def timeless(d: dict) -> dict:  # both clocks run on: elapsed differs by the time between the calls
        return {k: v for k, v in d.items() if k != "elapsed"}

    assert timeless(again.to_dict()) == timeless(g.to_dict())
    assert again.redo() and again.redo() and g.redo() and g.redo() and again.position == g.position


def test_a_windows_collect_step_replays():
    """Under windows an auto-collect records every card it sent home; replayed with
    the variant's own moves after each, the 2 went home after the ace by itself and
    the step's next move failed: undo broke, and the save was called damaged."""
    g = Game.new(3075, "windows")
    assert g.collect().ok and [s.moves for s in g.steps] == [["5h", "7h"]]
    again = Game.from_dict(g.to_dict())
    assert again.position == g.position and again.moves == 2
    assert g.play("1a").ok and g.undo() and g.position == again.position
    assert g.undo() and g.redo() and g.position == again.position
