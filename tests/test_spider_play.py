import io

import orjson
import pytest

from freecell_cli.errors import quote
from freecell_cli.spider.deals import deal
from freecell_cli.spider.play import Game, Session, load_game, solution_text


def test_the_moves_played_as_a_solution_file():
    g = Game(deal(1, suits=1))
    assert g.play("23 47 d").ok and g.undo()  # a move that could be redone is not played
    assert solution_text(g) == "# spider deal 1, 1 suit, 2 moves\n23 47\n"


def test_line_mode_session(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    s = Session(Game(deal(1, suits=1)), interactive=False, out=out)
    s.run(["23", "32", "u", "save " + str(tmp_path / "sol.txt"), "q"])
    text = out.getvalue()
    assert "refused 32: JS cannot go on 9S: it needs a card one rank higher\n" in text and "undone" in text
    assert (tmp_path / "sol.txt").read_text() == "# spider deal 1, 1 suit, 0 moves\n"
    assert load_game().position == deal(1, suits=1)


def test_hint_then_play_it(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    s = Session(Game(deal(5, suits=1)), interactive=False, out=out)
    s.handle("h")
    hint = s.game.hint
    assert hint is not None and f"hint: {hint} (" in out.getvalue()
    s.handle("h")
    assert s.game.moves == [hint]


# -- saving: the same functions, checks and messages as FreeCell's play -------------------
def test_spider_save_place_is_checked_once_as_freecells(tmp_path, monkeypatch):
    from freecell_cli import files
    from freecell_cli.spider.play import save_game

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    checks = []
    real = files.check_output_path
    monkeypatch.setattr(files, "check_output_path", lambda path: (checks.append(path), real(path)))
    g = Game(deal(1, suits=1))
    for _ in range(3):
        save_game(g)
    assert checks == [str(tmp_path / "freecell" / "spider.json")]
    assert load_game().position == g.position


def test_spider_save_errors_are_freecells(tmp_path, monkeypatch):
    import pytest

    from freecell_cli.files import OutputError
    from freecell_cli.spider.play import save_game

    data = tmp_path / "freecell"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    data.write_text("")  # the folder of saves is a file
    with pytest.raises(OutputError) as e:
        save_game(Game(deal(1, suits=1)))
    assert str(e.value).startswith(f"cannot keep saved games in {data}: ") and "set XDG_DATA_HOME" in str(e.value)


# -- line play: the same commands and messages as FreeCell's (freecell_cli.lineplay.handle_line) --
def test_line_play_refuses_as_freecells(tmp_path, monkeypatch):
    from freecell_cli.lineplay import TooLong

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    s = Session(Game(deal(1, suits=1)), interactive=False, out=out)
    s.handle(TooLong("line 1 is longer than 4,096 characters: ignored"))
    s.handle("\x1b[A")
    s.handle("save")
    s.handle("  # only a comment")
    assert out.getvalue() == ("refused: line 1 is longer than 4,096 characters: ignored\n"
                              "ignored: arrow keys are not moves (type one like 38; help lists the commands)\n"
                              "save needs a file name\n")
    assert s.game.moves == [] and not (tmp_path / "freecell" / "spider.json").exists()


def test_a_save_that_fails_is_refused_and_play_goes_on(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    (tmp_path / "freecell" / "spider.json").mkdir(parents=True)  # the save file is a directory
    out = io.StringIO()
    s = Session(Game(deal(1, suits=1)), interactive=False, out=out)
    s.handle("23")
    assert out.getvalue() == f"refused: cannot write {tmp_path / 'freecell' / 'spider.json'}: it is a directory\n"
    assert s.game.moves == ["23"] and not s.quit


def test_new_says_the_deal_and_its_suits(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    s = Session(Game(deal(1, suits=2)), interactive=False, out=out)
    s.handle("new")
    assert f"now playing deal {s.game.start.deal} (2 suits)\n" in out.getvalue()


def _write_save(tmp_path, **changes):
    d = Game(deal(1)).to_dict()
    d.update(changes)
    for key in [k for k, v in changes.items() if v is _DROP]:
        del d[key]
    (tmp_path / "freecell").mkdir(exist_ok=True)
    (tmp_path / "freecell" / "spider.json").write_bytes(orjson.dumps(d))


_DROP = object()
_START = Game(deal(1)).to_dict()["start"]  # ends in its deal number, :1


def test_a_bad_redo_list_is_a_damaged_save(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _write_save(tmp_path, moves=["d", "d"], redo=["zz", "14"])
    warned: list[str] = []
    assert load_game(warned.append) is None
    path = tmp_path / "freecell" / "spider.json"
    assert warned == [f"{path} was damaged (saved Spider game is damaged: redo: 9C cannot go on 3C: it needs a "
                      f"card one rank higher); kept as {path}.bad, starting afresh"]
    assert not path.exists() and (tmp_path / "freecell" / "spider.json.bad").exists()


@pytest.mark.parametrize("changes, reason", [
    ({"version": 2}, "version: must be 1, got 2"),
    ({"version": "1"}, "version: must be 1, got '1'"),
    ({"version": True}, "version: must be 1, got True"),
    ({"version": 1.0}, "version: must be 1, got 1.0"),
    ({"start": "spider¹:x:-:-:0"}, "start: 'spider¹': suits must be 1, 2 or 4, not '¹'"),
    ({"start": "spider4:" + "/".join(["."] * 10) + ":-:SSS:0"},
     "start: 3 runs of spades removed: a 4-suit game has only 2 (104 cards, 2 sets of each suit)"),
    ({"version": _DROP}, "version: must be 1, got None"),
    ({"format": "freecell-cli-game"}, "format: must be 'freecell-cli-spider-game', got 'freecell-cli-game'"),
    ({"format": _DROP}, "format: must be 'freecell-cli-spider-game', got None"),
    ({"won": True}, "won: says won, but the moves leave it not won"),
    ({"won": "no"}, "won: must be true or false, got 'no'"),
    ({"unrestricted": "yes"}, "unrestricted: must be true or false, got 'yes'"),
    ({"moves": ["14"]}, "moves: 8H cannot go on 3S: it needs a card one rank higher"),
    ({"moves": "d"}, "moves: needs a list of moves"),
    ({"start": 3}, "start: needs the start position as text"),
    # as a game writes them, nothing else (issue 20: a save may come from anyone)
    ({"moves": ["23v1"]}, "moves: '23v1' is not written as a game writes it (23)"),
    ({"moves": ["d", "D"]}, "moves: 'D' is not written as a game writes it (d)"),
    ({"redo": ["D"]}, "redo: 'D' is not written as a game writes it (d)"),
    ({"moves": ["\x1b[2J"]}, "moves: not a Spider move: '\\x1b[2J' (e.g. 38, 30v2 with 0 for column 10, d to deal)"),
    ({"start": " " + _START}, f"start: not a position as a game writes it: {quote(' ' + _START)}"),
    ({"start": _START[:-1] + "01"}, f"start: not a position as a game writes it: {quote(_START[:-1] + '01')}"),
    # every field written since the first version: one missing is damage (`won` was read as
    # "not said", `unrestricted` as false, moves and redo as none), so is one more (issue 20)
    ({"won": None}, "won: must be true or false, got None"),
    ({"won": 0}, "won: must be true or false, got 0"),
    ({"unrestricted": None}, "unrestricted: must be true or false, got None"),
    ({"unrestricted": 1}, "unrestricted: must be true or false, got 1"),
    ({"won": _DROP}, "won: missing"),
    ({"unrestricted": _DROP}, "unrestricted: missing"),
    ({"moves": _DROP}, "moves: missing"),
    ({"redo": _DROP}, "redo: missing"),
    ({"start": _DROP}, "start: missing"),
    ({"redo": None}, "redo: needs a list of moves"),
    ({"moves": [23]}, "moves: needs a list of moves"),
    ({"elapsed": 1e308}, "'elapsed': not a field of a saved Spider game"),  # Spider's games have no clock
    ({"elapsed": 0.0}, "'elapsed': not a field of a saved Spider game"),
    ({"deal": 1}, "'deal': not a field of a saved Spider game"),
])
def test_each_field_of_the_save_is_checked(tmp_path, monkeypatch, changes, reason):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    _write_save(tmp_path, **changes)
    warned: list[str] = []
    assert load_game(warned.append) is None
    path = tmp_path / "freecell" / "spider.json"
    assert warned == [f"{path} was damaged (saved Spider game is damaged: {reason}); kept as {path}.bad, "
                      "starting afresh"]


def test_a_good_save_with_redo_moves_resumes(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    g = Game(deal(1, suits=1))
    g.play("23 47 d")
    g.undo()
    g.undo()
    _write_save(tmp_path, **g.to_dict())
    back = load_game()
    assert back is not None and back.moves == ["23"] and back.redo_moves == ["d", "47"]
    assert back.redo() and back.redo() and back.moves == ["23", "47", "d"]


def test_a_refused_redo_in_line_play_is_not_saved(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    s = Session(Game(deal(1), moves=["d", "d"], redo_moves=["zz", "14"]), interactive=False, out=out)
    s.run(["r", "u", "q"])
    assert "refused: 9C cannot go on 3C: it needs a card one rank higher\nundone: d\n" in out.getvalue()
    saved = orjson.loads((tmp_path / "freecell" / "spider.json").read_bytes())
    assert saved["moves"] == ["d"] and saved["redo"] == ["zz", "14", "d"]


def test_a_refused_line_is_echoed_escaped_as_freecells(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = io.StringIO()
    s = Session(Game(deal(1, suits=1)), interactive=False, out=out)
    s.run(["2\x003", "23 2\x003", "x" * 30, "q"])
    why = "not a Spider move: {} (e.g. 38, 30v2 with 0 for column 10, d to deal)"
    lines = [line for line in out.getvalue().splitlines() if line.startswith("refused")]
    assert lines == [
        "refused '2\\x003': " + why.format("'2\\x003'"),
        "refused played 23; '2\\x003': " + why.format("'2\\x003'"),
        f"refused '{'x' * 19}...': " + why.format(f"'{'x' * 30}'"),
    ]
    assert "\x00" not in out.getvalue()
