"""freecell_cli.saves: saved games for any game (FreeCell's and Spider's sessions
name their files; the writing, reading, locking and keeping aside are here)."""

from dataclasses import dataclass, field
from pathlib import Path

import orjson
import pytest

from freecell_cli import saves
from freecell_cli.errors import FreecellError, quote
from freecell_cli.files import Busy
from freecell_cli.saves import (SaveChecker, free_name, load_save, lock_saves, move_aside, replace_save, same_save,
                                save_json, take_save, to_keep)


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "freecell"


def _listing(folder):
    return sorted(p.name for p in folder.iterdir())


@dataclass
class _Won:
    won: bool = False

    def is_won(self):
        return self.won


@dataclass
class Saved:
    """A game as saves.py sees it: moves, a position that may be won, its dict."""

    name: str
    moves: int = 0
    position: _Won = field(default_factory=_Won)
    elapsed: float = 0.0

    def to_dict(self):
        return {"name": self.name, "moves": self.moves, "elapsed": self.elapsed}


def _kept_as(game):
    return f".deal-{game.name}", f"deal {game.name} ({game.moves} moves)"


# -- where and how a save is written ---------------------------------------------------
def test_the_data_dir_follows_xdg_data_home(data):
    assert saves.data_dir() == data


def test_save_json_writes_indented_json_and_makes_the_folder(data):
    save_json(data / "x.json", {"a": [1, 2]})
    assert (data / "x.json").read_text() == '{\n  "a": [\n    1,\n    2\n  ]\n}\n'


def test_a_save_file_that_is_a_directory_is_refused(data):
    from freecell_cli.files import OutputError

    (data / "x.json").mkdir(parents=True)
    with pytest.raises(OutputError) as e:
        saves.check_save_file(data / "x.json")
    assert str(e.value) == f"cannot write {data / 'x.json'}: it is a directory"


# -- reading ---------------------------------------------------------------------------
def test_load_save_of_no_file_is_none(data):
    assert load_save(data / "none.json", lambda d: d) is None


def test_load_save_reads_through_from_dict(data):
    save_json(data / "x.json", {"a": 1})
    assert load_save(data / "x.json", lambda d: d["a"]) == 1


@pytest.mark.parametrize("text, why", [
    ("{", "bad JSON: unexpected end of data: line 1 column 2 (char 1)"),
    ('{"a": "\\u001b]52;c;aGk=\\u0007"}', "\\x1b]52;c;aGk=\\x07 is wrong"),
])
def test_a_damaged_save_is_kept_aside_and_the_reason_escaped(data, text, why):
    def read(d):
        raise FreecellError(f"{d['a']} is wrong")  # raw, as a reader may quote the file

    data.mkdir()
    (data / "x.json").write_text(text)
    told = []
    assert load_save(data / "x.json", read, told.append) is None
    assert _listing(data) == ["x.json.bad"]
    assert told == [f"{data / 'x.json'} was damaged ({why}); kept as {data / 'x.json.bad'}, starting afresh"]


def test_a_save_file_that_is_a_directory_is_not_read(data):
    (data / "x.json").mkdir(parents=True)
    with pytest.raises(FreecellError) as e:
        load_save(data / "x.json", lambda d: d)
    assert str(e.value) == f"the save file {data / 'x.json'} is a directory"


# -- keeping a game aside --------------------------------------------------------------
@pytest.mark.parametrize("suffix", [".daily-a/b", ".daily-../../../escaped", ".daily-2026-11-30\x00",
                                    ".daily-\x1b]52;c;aGk=\x07", ".daily-2026-11-3", ".deal-0", ".deal--5",
                                    ".deal-5/..", ".deal-" + "9" * 21, ".position/x", ".bad\n", "", "/x", ".json"])
def test_the_keep_aside_name_builder_refuses_anything_but_its_shapes(tmp_path, suffix):
    """Defence in depth: whatever a save's fields hold, a kept-aside name is one of
    game.json.bad, .position, .deal-N, .daily-YYYY-MM-DD (then .2, .3...)."""
    path = tmp_path / "game.json"
    path.write_text("{}")
    for call in (lambda: free_name(path, suffix), lambda: move_aside(path, suffix, "holds an unfinished game")):
        with pytest.raises(FreecellError) as e:
            call()
        assert str(e.value) == f"cannot keep {path} aside under the name {quote('game.json' + suffix)}"
    assert _listing(tmp_path) == ["game.json"]


def test_the_keep_aside_names_it_makes(tmp_path):
    path = tmp_path / "game.json"
    for suffix in (".bad", ".position", ".deal-617", ".deal-8589934591", ".daily-2026-11-30"):
        assert free_name(path, suffix) == tmp_path / f"game.json{suffix}"
    (tmp_path / "game.json.deal-617").write_text("")
    assert free_name(path, ".deal-617") == tmp_path / "game.json.deal-617.2"


def test_same_save_leaves_the_clock_aside():
    assert same_save({"moves": 3, "elapsed": 1.0}, {"moves": 3, "elapsed": 9.5})
    assert not same_save({"moves": 3, "elapsed": 1.0}, {"moves": 4, "elapsed": 1.0})


@pytest.mark.parametrize("there, keep", [
    (Saved("1", moves=3), True),
    (Saved("1", moves=0), False),  # nothing played: nothing to lose
    (Saved("1", moves=3, position=_Won(True)), False),  # won: nothing to finish
    (Saved("2", moves=3, elapsed=5.0), False),  # the new game itself, its clock aside
])
def test_to_keep(there, keep):
    assert to_keep(there, Saved("2", moves=3)) is keep


def test_take_save_keeps_an_unfinished_game_aside_and_says_where(data):
    path = data / "x.json"
    old, new = Saved("1", moves=3), Saved("2")
    save_json(path, old.to_dict())
    told = []
    take_save(path, new, old, _kept_as, told.append)
    assert orjson.loads(path.read_bytes()) == new.to_dict()
    assert orjson.loads((data / "x.json.deal-1").read_bytes()) == old.to_dict()
    assert told == [f"note: the unfinished deal 1 (3 moves) is kept in {data / 'x.json.deal-1'}: its moves are "
                    "all there (plain JSON)"]


@pytest.mark.parametrize("there", [None, Saved("1"), Saved("1", moves=3, position=_Won(True))])
def test_take_save_overwrites_what_need_not_be_kept(data, there):
    path = data / "x.json"
    save_json(path, {"old": True})
    told = []
    take_save(path, Saved("2"), there, _kept_as, told.append)
    assert _listing(data) == ["x.json"] and orjson.loads(path.read_bytes()) == Saved("2").to_dict() and told == []


def test_a_replace_that_fails_moves_nothing(data, monkeypatch):
    from freecell_cli import files
    from freecell_cli.files import OutputError

    path = data / "x.json"
    save_json(path, {"old": True})

    def fail(*args, **kwargs):
        raise OutputError("cannot write x.json: disk full")

    monkeypatch.setattr(files, "atomic_write", fail)
    told = []
    with pytest.raises(OutputError):
        replace_save(path, {"new": True}, (".deal-1", "deal 1 (3 moves)"), told.append)
    assert _listing(data) == ["x.json"] and orjson.loads(path.read_bytes()) == {"old": True} and told == []


# -- the lock --------------------------------------------------------------------------
@pytest.mark.parametrize("game, name, message", [
    ("freecell", "play", "another freecell play (pid {pid}) is using game.json and daily.json in {data}: quit it first"),
    ("spider", "spider", "another freecell spider play (pid {pid}) is using spider.json in {data}: quit it first"),
])
def test_a_second_lock_on_the_same_saves_is_busy(data, game, name, message):
    import os

    first = lock_saves(game)
    try:
        assert (data / f"{name}.lock").exists()
        with pytest.raises(Busy) as e:
            lock_saves(game)
        assert str(e.value) == message.format(pid=os.getpid(), data=data)
    finally:
        first.release()
    lock_saves(game).release()


# -- the fields of a save --------------------------------------------------------------
CHECK = SaveChecker("saved game", ("format", "moves"))


@pytest.mark.parametrize("value", [[], "x", None, 1])
def test_a_save_that_is_no_json_object_is_damaged(value):
    with pytest.raises(FreecellError) as e:
        CHECK.mapping(value)
    assert str(e.value) == "saved game is damaged: not a JSON object"


@pytest.mark.parametrize("d, message", [
    ({"format": 1}, "saved game is damaged: moves: missing"),
    ({"moves": 1}, "saved game is damaged: format: missing"),
    ({"format": 1, "moves": 1, "elapsed": 0}, "saved game is damaged: 'elapsed': not a field of a saved game"),
    ({"format": 1, "moves": 1, "\x1b" + "x" * 40: 0},
     "saved game is damaged: '\\x1bxxxxxxxxxxxxxxx...': not a field of a saved game"),
])
def test_a_field_missing_or_one_more_is_damage(d, message):
    with pytest.raises(FreecellError) as e:
        CHECK.fields(d)
    assert str(e.value) == message


def test_the_fields_there_pass():
    d = {"format": 1, "moves": []}
    CHECK.fields(d)
    assert CHECK.mapping(d) is d


def _freecell_save():
    from freecell_cli.game import Game

    return Game, Game.new(617).to_dict()


def _spider_save():
    from freecell_cli.spider.deals import deal
    from freecell_cli.spider.play import Game

    return Game, Game(deal(1, suits=1)).to_dict()


@pytest.mark.parametrize("save, what", [(_freecell_save, "saved game"), (_spider_save, "saved Spider game")])
def test_both_games_check_their_saves_with_it(save, what):
    """FreeCell's and Spider's readers say a field missing or too many the same way."""
    game, d = save()
    for changed, message in (({**d, "extra": 1}, f"'extra': not a field of a {what}"),
                             ({k: v for k, v in d.items() if k != "won"}, "won: missing"),
                             ([d], "not a JSON object")):
        with pytest.raises(FreecellError) as e:
            game.from_dict(changed)
        assert str(e.value) == f"{what} is damaged: {message}"


@pytest.mark.parametrize("save, message", [
    (_freecell_save, "saved game is damaged: version: this version reads version 1, not '<int too long to show>'"),
    (_spider_save, "saved Spider game is damaged: version: must be 1, got <int too long to show>"),
])
def test_a_huge_int_version_is_shown_as_one(save, message):
    game, d = save()
    with pytest.raises(FreecellError) as e:
        game.from_dict({**d, "version": 10**5000})
    assert str(e.value) == message


def test_the_old_paths_still_work():
    from freecell_cli import play

    for name in ("free_name", "move_aside", "to_keep", "same_save", "replace_save", "lock_saves", "data_dir",
                 "check_save_file", "save_json", "load_save"):
        assert getattr(play, name) is getattr(saves, name), name


# -- issue 24: a save file a player names (play --resume FILE) --------------------------------
def _read(path):
    return saves.read_save_file(str(path), lambda d: d["moves"], "x-game", ("y-game", "a saved Y game", "y play"))


def test_a_named_save_is_read_whole_and_every_fault_names_the_file(tmp_path):
    p = tmp_path / "s.json"
    p.write_bytes(orjson.dumps({"format": "x-game", "moves": [1, 2]}))
    assert _read(p) == [1, 2]
    for text, message in [
        ('{"format": "y-game"}', f"{p} is a saved Y game: `y play --resume {p}` plays it"),
        ("[1]", f'{p}: not a saved game (a saved game is JSON with "format": "x-game"; a solution file is '
                "replayed by verify or replay)"),
        ("{", f"{p}: not a saved game (bad JSON: unexpected end of data: line 1 column 2 (char 1); "
              "a solution file, as `save FILE` writes, is replayed by verify or replay)"),
    ]:
        p.write_text(text)
        with pytest.raises(FreecellError) as e:
            _read(p)
        assert str(e.value) == message
    assert sorted(x.name for x in tmp_path.iterdir()) == ["s.json"]  # nothing moved, whatever it holds


def test_a_readers_fault_is_escaped_and_named(tmp_path):
    p = tmp_path / "s.json"
    p.write_bytes(orjson.dumps({"format": "x-game"}))

    def read(d):
        raise FreecellError("saved game is damaged: deal: '\x1b[31m'")

    with pytest.raises(FreecellError) as e:
        saves.read_save_file(str(p), read, "x-game", ("y", "z", "w"))
    assert str(e.value) == f"{p}: saved game is damaged: deal: '\\x1b[31m'"


@pytest.mark.parametrize("name, removed", [
    ("game.json.deal-617", True), ("game.json.deal-617.2", True), ("game.json.daily-2026-11-30", True),
    ("game.json.position", True), ("game.json", False), ("game.json.bad", False), ("other.json", False),
])
def test_a_resumed_copy_kept_aside_beside_the_save_is_removed(tmp_path, name, removed):
    save = tmp_path / "game.json"
    source = tmp_path / name
    source.write_text("{}")
    assert saves.settle_resumed(str(source), save) is removed and source.exists() is not removed
    elsewhere = tmp_path / "sub" / "game.json.deal-617"  # the same name in another folder: a player's file
    elsewhere.parent.mkdir()
    elsewhere.write_text("{}")
    assert saves.settle_resumed(str(elsewhere), save) is False and elsewhere.exists()
