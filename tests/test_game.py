import pytest

from fakeclock import FakeClock
from layers import imported_from
from freecell_cli import deal, find_variant
from freecell_cli.errors import quote
from freecell_cli.game import Game
from freecell_cli.play import solution_text
from freecell_cli.solutions import parse_solution
from freecell_cli.solvers.engine import solve
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
    sol = parse_solution(solution_text(g))
    assert sol.deal == 1 and verify(sol, deal(1), find_variant("site")).ok


def test_clock_pauses(monkeypatch):
    import freecell_cli.game

    clock = FakeClock().install(monkeypatch, freecell_cli.game)
    g = Game.new(1)
    clock.advance(3)
    g.pause_clock()
    assert g.elapsed == 3
    clock.advance(50)  # paused: not the player's time
    assert g.elapsed == 3
    g.resume_clock()
    clock.advance(2)
    assert g.elapsed == 5
    g.pause_clock()
    g.pause_clock()  # a second pause changes nothing
    clock.advance(7)
    assert g.elapsed == 5


def test_damaged_save():
    from freecell_cli.errors import FreecellError

    with pytest.raises(FreecellError, match="saved game is damaged"):
        Game.from_dict({"steps": []})


@pytest.mark.parametrize("change, message", [
    ({"format": "freecell-cli-spider-game"}, "format: not a FreeCell saved game: 'freecell-cli-spider-game'"),
    ({"version": 2}, "version: this version reads version 1, not '2'"),
    ({"version": "1"}, "version: this version reads version 1, not '1'"),
    ({"version": True}, "version: this version reads version 1, not 'True'"),
    ({"won": "no"}, "won: must be true or false, got 'no'"),
    ({"version": 1.0}, "version: this version reads version 1, not '1.0'"),  # never written so
    ({"version": None}, "version: this version reads version 1, not 'None'"),
    ({"version": 10**5000}, "version: this version reads version 1, not '<int too long to show>'"),  # no str
    ({"won": True}, "won: says true, but the moves do not win"),
])
def test_a_save_that_says_what_it_is_not_is_damaged(change, message):
    from freecell_cli.errors import FreecellError

    saved = {**Game.new(617).to_dict(), **change}
    with pytest.raises(FreecellError) as e:
        Game.from_dict(saved)
    assert str(e.value) == f"saved game is damaged: {message}"


@pytest.mark.parametrize("field", ["format", "version", "deal", "start", "variant", "daily", "steps", "redo",
                                   "elapsed", "won"])
def test_a_save_without_a_field_is_damaged(field):
    """Every field has been written since the first version (git log of to_dict):
    a save without one was not written by a game. `won` was read as "not said"."""
    from freecell_cli.errors import FreecellError

    saved = Game.new(617).to_dict()
    del saved[field]
    with pytest.raises(FreecellError) as e:
        Game.from_dict(saved)
    message = "missing: not a FreeCell saved game" if field == "format" else "missing"
    if field == "version":
        message = "this version reads version 1, not 'None'"
    assert str(e.value) == f"saved game is damaged: {field}: {message}"


def test_a_field_no_game_writes_is_damage():
    from freecell_cli.errors import FreecellError

    for extra, shown in (("clock", "'clock'"), ("\x1b[2J" + "x" * 30, "'\\x1b[2Jxxxxxxxxxxxx...'")):
        with pytest.raises(FreecellError) as e:
            Game.from_dict({**Game.new(617).to_dict(), extra: 1})
        assert str(e.value) == f"saved game is damaged: {shown}: not a field of a saved game"


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


# -- a save from a stranger: every field as a game writes it ------------------------------
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
    ({"redo": [{"moves": ["58"], "automatic": 0}, {"moves": ["5a"], "automatic": 0}]},
     "moves: redo step 1: 7C cannot go on QH"),  # last undone first
    # every number as a game writes it: a whole number in its range, never true, never 1.0
    ({"deal": 617.0}, "deal: must be the start position's deal (617), got 617.0"),
    ({"steps": [{"moves": ["5a"], "automatic": 0.0}]}, "steps 1: automatic must be 0..52, got 0.0"),
    ({"steps": [{"moves": ["5a"], "automatic": False}]}, "steps 1: automatic must be 0..52, got False"),
    ({"steps": [{"moves": ["5a"], "automatic": -1}]}, "steps 1: automatic must be 0..52, got -1"),
    ({"steps": [{"moves": ["5a"], "automatic": 53}]}, "steps 1: automatic must be 0..52, got 53"),
    ({"steps": [{"moves": ["5a"], "automatic": 10**40}]},
     "steps 1: automatic must be 0..52, got 100000000000000000000..."),
    ({"steps": [{"moves": ["5a"], "automatic": None}]}, "steps 1: automatic must be 0..52, got None"),
    ({"redo": [{"moves": ["5a"], "automatic": "0"}]}, "redo 1: automatic must be 0..52, got '0'"),
    # every step as a game writes it: its moves and its automatic count, nothing else
    ({"steps": [{"moves": ["5a"]}]}, "steps 1: automatic: missing"),
    ({"redo": [{"moves": ["5a"]}]}, "redo 1: automatic: missing"),
    ({"steps": [{"moves": ["5a"], "automatic": 0, "time": 3}]}, "steps 1: 'time' is not a field of a step"),
    ({"steps": [["5a"]]}, "steps 1: needs a list of moves in standard notation"),
    ({"steps": {"moves": ["5a"]}}, "steps: not a list"),
    ({"redo": None}, "redo: not a list"),
    ({"steps": [{"moves": "5a", "automatic": 0}]}, "steps 1: needs a list of moves in standard notation"),
    # the flags and the clock: a flag is true or false, the clock a number of seconds in its range
    ({"won": None}, "won: must be true or false, got None"),
    ({"won": 0}, "won: must be true or false, got 0"),
    ({"won": "false"}, "won: must be true or false, got 'false'"),
    ({"elapsed": 1e308}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got 1e+308"),
    ({"elapsed": 1e30}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got 1e+30"),
    ({"elapsed": 10**36 + 1}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), "
                              "got 100000000000000000000..."),
    ({"elapsed": 315_360_000.001}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got 315360000.001"),
    ({"elapsed": -1}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got -1"),
    ({"elapsed": 10**400}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), "
                           "got 100000000000000000000..."),  # no float: compared, never converted
    ({"elapsed": 10**5000}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got <int too long to show>"),
    ({"elapsed": -0.0}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got -0.0"),
    ({"elapsed": float("nan")}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got nan"),
    ({"elapsed": float("inf")}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got inf"),
    ({"elapsed": True}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got True"),
    ({"elapsed": "12.5"}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got '12.5'"),
    ({"elapsed": None}, "elapsed: must be seconds from 0 to 315,360,000 (ten years), got None"),
])
def test_each_field_not_as_written_is_damage(change, message):
    from freecell_cli.errors import FreecellError

    with pytest.raises(FreecellError) as e:
        Game.from_dict({**Game.new(617).to_dict(), **change})
    assert str(e.value) == f"saved game is damaged: {message}"


@pytest.mark.parametrize("variant", ["site", "windows"])
def test_a_game_in_progress_round_trips_with_every_check(variant, monkeypatch):
    """What a game writes is read back whole (moves, automatic counts, collects, redo, the clock)."""
    import freecell_cli.game

    r = solve(deal(617), find_variant(variant), "builtin")
    clock = FakeClock().install(monkeypatch, freecell_cli.game)
    g = Game.new(617, variant)
    clock.advance(12.5)
    assert g.play(" ".join(r.notation[:30])).ok
    g.collect()
    assert g.undo() and g.undo()
    again = Game.from_dict(g.to_dict())
    assert again.to_dict() == g.to_dict() and again.elapsed == g.elapsed == 12.5
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


@pytest.mark.parametrize("text", [b"1e308", b"1e30", b"1234567890123456789012345678901234567"])
def test_an_absurd_clock_in_the_json_is_damage(text):
    """As a hand-edited game.json holds it: orjson reads the 37-digit integer as a
    float. It was used: `time 2777...(300 digits):58:56`, and saved back."""
    import orjson

    from freecell_cli.errors import FreecellError

    saved = orjson.dumps(Game.new(617).to_dict()).replace(b'"elapsed":0.0', b'"elapsed":' + text)
    assert text in saved
    with pytest.raises(FreecellError, match=r"^saved game is damaged: elapsed: must be seconds from 0 to "
                                            r"315,360,000 \(ten years\), got 1(\.\d+)?e\+(308|30|36)$"):
        Game.from_dict(orjson.loads(saved))


@pytest.mark.parametrize("elapsed", [0, 0.0, 12.5, 3600, 315_360_000, 315_360_000.0])
def test_a_clock_in_range_is_read(elapsed):
    g = Game.from_dict({**Game.new(617).to_dict(), "elapsed": elapsed})
    assert g.elapsed_before == elapsed  # the clock runs on from there


def test_a_game_never_writes_a_clock_it_would_refuse():
    from freecell_cli.game import MAX_ELAPSED

    g = Game.new(617)
    g.pause_clock()
    g.elapsed_before = MAX_ELAPSED + 5000.0  # ten years at the table, and then some
    saved = g.to_dict()
    assert saved["elapsed"] == MAX_ELAPSED
    Game.from_dict(saved)


# -- the FreeCell family (issue 27): a game of one of them, its moves, its save ---------------
@pytest.mark.parametrize("name", ["bakers-game", "eight-off", "seahaven-towers", "forecell", "relaxed-freecell"])
def test_a_family_game_in_progress_round_trips_as_that_game(name, monkeypatch):
    import freecell_cli.game
    from freecell_cli.games import find_rules

    r = solve(deal(3, game=name), find_rules(name), "beam")
    FakeClock().install(monkeypatch, freecell_cli.game)  # the clock saved is the clock read back
    g = Game.new(3, game=name)
    assert g.variant is find_rules(name) and g.kind.name == name
    assert g.play(" ".join(r.notation[:20])).ok and g.undo()
    saved = g.to_dict()
    assert (saved["game"], saved["variant"], saved["deal"]) == (name, None, 3)
    again = Game.from_dict(saved)
    assert again.to_dict() == saved and again.kind.name == name and again.variant is g.variant
    assert again.redo() and g.redo() and again.position == g.position
    assert again.play(" ".join(r.notation[20:])).ok and again.position.is_won()
    sol = parse_solution(solution_text(again))
    assert (sol.game, sol.deal) == (name, 3) and verify(sol, deal(3, game=name), find_rules(name)).ok


def test_a_freecell_save_keeps_the_fields_every_version_reads_and_may_name_its_game():
    g = Game.new(617, "standard")
    assert g.play("5a").ok
    saved = g.to_dict()
    assert "game" not in saved and saved["variant"] == "standard"  # as every save before the family's games
    for form in (saved, {**saved, "game": "freecell"}):
        again = Game.from_dict(form)
        assert again.kind.name == "freecell" and again.variant.name == "standard" and again.played() == ["5a"]


def test_the_tenth_column_in_moves_and_card_moves():
    g = Game.new(2, game="seahaven-towers")
    assert g.play("10a").ok and g.played() == ["10a"]
    assert g.play("a10").message == "a10: 5S cannot go on 2H"
    assert g.play("3H10").message == "3H10: 3H cannot go on 2H"  # a card named as the source, to column 10
    assert str(g.parse("3H10")) == "110" and str(g.parse("2h")) == "2h" and str(g.parse("2Ha")) == "10a"
    again = Game.from_dict(g.to_dict())
    assert again.played() == ["10a"] and again.position == g.position
    with pytest.raises(Exception, match="not a move: '7S10'"):  # eight columns: no tenth
        Game.new(617).parse("7S10")


def test_a_family_game_takes_no_variant_and_no_daily_deal():
    from freecell_cli.errors import InvalidArgument

    with pytest.raises(InvalidArgument, match="^Eight Off has rules of its own and no daily deal$"):
        Game.new(3, "standard", game="eight-off")
    with pytest.raises(InvalidArgument, match="^Forecell has rules of its own and no daily deal$"):
        Game.new(3, game="forecell", daily="2026-11-30")
    assert Game.new(617, microsoft=False).deal == 617
    assert Game.new(100000, game="bakers-game", microsoft=True).deal is None  # Microsoft's, not PySolFC's


def test_the_game_imports_nothing_that_reads_saved_games():
    # solution files read a saved game through Game (verify reads them, the solvers
    # give solutions): the game importing any of them, or the play on top, would close
    # a circle; a hint and a game's solution text are asked for in play.py and board.py
    above = ("freecell_cli.hints", "freecell_cli.solvers", "freecell_cli.solutions", "freecell_cli.verify",
             "freecell_cli.play", "freecell_cli.board", "freecell_cli.api")
    assert imported_from("freecell_cli.game", above) == set()
