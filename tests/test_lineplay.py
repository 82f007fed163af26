"""freecell_cli.lineplay: the line-mode loop both games use, its commands, comments
and hints, and the bounds on a script's lines (a game of its own here: what the
loop does is the same for FreeCell's and Spider's)."""

import io

import pytest

from freecell_cli.errors import FreecellError
from freecell_cli.lineplay import (MAX_LINE, Outcome, TooLong, handle_line, run_lines, save_moves,
                                   script_lines)


class _Position:
    def __init__(self, game):
        self.game = game

    def is_won(self):
        return self.game.won


class FakeGame:
    """Moves are words; "win" wins, "bad" is refused, "ok bad" plays one then refuses."""

    def __init__(self, hint=None):
        self.played, self.undone = [], []
        self.hint = hint
        self.won = False
        self.position = _Position(self)

    def play(self, text):
        done = []
        for token in text.split():
            if token == "bad":
                msg = f"{token}: no such move"
                return Outcome(False, msg if not done else f"played {' '.join(done)}; {msg}")
            self.played.append(token)
            done.append(token)
            self.won = token == "win"
        return Outcome(True, " ".join(done))

    def undo(self):
        if not self.played:
            return False
        self.undone.append(self.played.pop())
        return True

    def redo(self):
        if not self.undone:
            return False
        self.played.append(self.undone.pop())
        return True

    def restart(self):
        self.played.clear()


class FakeSession:
    def __init__(self, game=None, interactive=False):
        self.game = game or FakeGame()
        self.interactive = interactive
        self.quit = self.interrupted = False
        self.log = []

    def say(self, text):
        self.log.append(text)

    def draw(self):
        self.log.append("<drawn>")

    def find_hint(self):
        self.log.append("<looked for a hint>")

    def save_solution(self, path):
        self.log.append(f"<saved to {path}>")

    def won(self):
        self.log.append("<won>")

    def last_step(self):
        return self.game.played[-1] if self.game.played else ""

    def handle(self, line):
        handle(self, line)


def handle(session, line, words=None, saves=None):
    handle_line(session, line, help="HELP", example="5a", words=words or {},
                save=lambda: (saves if saves is not None else session.log).append("<save>"))


def said(line, game=None, words=None, interactive=False):
    s = FakeSession(game, interactive)
    handle(s, line, words)
    return s.log


# -- the commands both games share -------------------------------------------------------
@pytest.mark.parametrize("line, log", [
    ("help", ["HELP"]), ("?", ["HELP"]), ("show", ["<drawn>"]), ("SHOW", ["<drawn>"]),
    ("save s.txt", ["<saved to s.txt>"]), ("save", ["<saved to >"]),
    ("u", ["nothing to undo"]), ("r", ["nothing to redo"]),
    ("restart", ["back to the opening position", "<save>", "<drawn>"]),
    ("5a", ["<save>", "<drawn>"]),
    ("bad", ["refused bad: no such move"]),
    ("ok bad", ["refused played ok; bad: no such move", "<save>", "<drawn>"]),  # what was played is kept
    ("win", ["<save>", "<drawn>", "<won>"]),
    ("", []), ("   ", []),
])
def test_a_line(line, log):
    assert said(line) == log


@pytest.mark.parametrize("word", ["q", "quit", "exit", "Q"])
def test_quit(word):
    s = FakeSession()
    handle(s, word)
    assert s.quit and s.log == []


def test_undo_and_redo_save_and_draw():
    s = FakeSession()
    for line in ("5a", "u", "r"):
        handle(s, line)
    assert s.log == ["<save>", "<drawn>", "undone: 5a", "<save>", "<drawn>", "redone: 5a", "<save>", "<drawn>"]
    assert s.game.played == ["5a"]


# -- comments ----------------------------------------------------------------------------
@pytest.mark.parametrize("line, played", [
    ("# a comment", []),
    ("5a # then the rest", ["5a"]),
    ("5a #617", ["5a", "#617"]),  # a '#' before a number is FreeCell Pro's deal number, no comment
    ("5a a#b", ["5a", "a#b"]),  # inside a word: no comment
    ("5a\t# tab", ["5a"]),
])
def test_comments(line, played):
    s = FakeSession()
    handle(s, line)
    assert s.game.played == played


# -- what is never a move ----------------------------------------------------------------
@pytest.mark.parametrize("line", ["\x1b[A", "\x1b[B\x1b[D", " \x1bOC ", "\x1b[1;5D"])
def test_an_arrow_key_is_ignored_with_an_example(line):
    assert said(line) == ["ignored: arrow keys are not moves (type one like 5a; help lists the commands)"]


@pytest.mark.parametrize("line, log", [
    ("save a\x1b[2Jb", ["<saved to a\x1b[2Jb>"]),
    ("5a\x1b[2J", ["<save>", "<drawn>"]),  # FakeGame plays any word: the line reached the game
    ("\x1b", ["<save>", "<drawn>"]),
    ("\x1b[2J", ["<save>", "<drawn>"]),
])
def test_a_line_that_is_more_than_arrow_keys_is_a_command(line, log):
    """Any line holding an ESC was answered as an arrow key: `save` of a name with one
    was never tried, nor a move with one refused (its refusal quotes it escaped)."""
    s = FakeSession()
    handle(s, line)
    assert s.log == log


def test_a_line_too_long_is_refused_as_it_says():
    assert said(TooLong("line 3 is longer than 4,096 characters: ignored")) == [
        "refused: line 3 is longer than 4,096 characters: ignored"]


# -- a game's own words ------------------------------------------------------------------
def test_a_games_word_gets_the_rest_of_the_line_and_says_if_it_changed():
    got = []
    words = {"new": lambda rest: got.append(rest) or True, "peek": lambda rest: got.append(rest) or False}
    assert said("NEW  617 ", words=words) == ["<save>", "<drawn>"]
    assert said("peek", words=words) == []
    assert got == ["617", ""]


def test_a_games_word_that_refuses_is_one_line():
    def new(rest):
        raise FreecellError(f"not a deal number: {rest!r}")

    assert said("new x", words={"new": new}) == ["refused: not a deal number: 'x'"]


def test_a_save_that_fails_is_refused_and_play_goes_on():
    from freecell_cli.files import OutputError

    s = FakeSession()

    def save():
        raise OutputError("cannot write game.json: it is a directory")

    handle_line(s, "5a", help="", example="", words={}, save=save)
    assert s.log == ["refused: cannot write game.json: it is a directory"] and s.game.played == ["5a"]


# -- hints -------------------------------------------------------------------------------
def test_h_looks_for_a_hint_and_says_so_at_a_terminal():
    assert said("h") == ["<looked for a hint>"]
    assert said("hint", interactive=True) == ["computing a hint...", "<looked for a hint>"]


def test_h_again_plays_the_hint_shown():
    game = FakeGame(hint="5a")
    assert said("h", game) == ["played the hint 5a", "<save>", "<drawn>"] and game.played == ["5a"]


def test_a_hint_that_no_longer_plays_is_refused():
    game = FakeGame(hint="bad")
    assert said("h", game) == ["refused bad: no such move"] and game.played == []


# -- the loop ----------------------------------------------------------------------------
def test_run_lines_draws_plays_until_q_and_saves():
    s = FakeSession()
    saved = []
    run_lines(s, ["5a", "q", "58"], save=lambda: saved.append(list(s.game.played)))
    assert s.log == ["<drawn>", "<save>", "<drawn>"] and saved == [["5a"]] and s.game.played == ["5a"]


def test_run_lines_of_a_won_game_reads_nothing():
    s = FakeSession()
    s.game.won = True

    def lines():
        raise AssertionError("read")
        yield ""

    run_lines(s, lines(), save=lambda: s.log.append("<end save>"))
    assert s.log == ["<drawn>", "<won>"]


def test_ctrl_c_while_a_command_runs_stops_the_session_and_saves():
    s = FakeSession()

    def lines():
        yield "5a"
        raise KeyboardInterrupt

    run_lines(s, lines(), save=lambda: s.log.append("<end save>"))
    assert s.interrupted and s.log[-1] == "<end save>"


# -- a script's lines --------------------------------------------------------------------
def test_script_lines_bound_every_line():
    stream = io.BytesIO(b"5a\n" + b"x" * (MAX_LINE + 1) + b"\n58\n" + b"y" * MAX_LINE + b"\n\xff")
    assert list(script_lines(stream)) == ["5a\n", f"line 2 is longer than {MAX_LINE:,} characters: ignored", "58\n",
                                          "y" * MAX_LINE + "\n", "\ufffd"]


def test_a_long_line_is_a_refusal():
    (line,) = script_lines(io.BytesIO(b"x" * 100), limit=10)
    assert isinstance(line, TooLong) and line == "line 1 is longer than 10 characters: ignored"


# -- save FILE -----------------------------------------------------------------------------
def test_save_moves(tmp_path):
    told = []
    save_moves(str(tmp_path / "s.txt"), "5a\n", 1, told.append)
    assert (tmp_path / "s.txt").read_text() == "5a\n"
    save_moves("", "5a\n", 1, told.append)
    save_moves("a\x00b", "5a\n", 1, told.append)
    save_moves("-", "5a\n", 1, told.append)  # not a file named '-' in the current folder
    assert told == [f"saved 1 move to {tmp_path / 's.txt'}", "save needs a file name",
                    "cannot save 'a\\x00b': a file name cannot hold a NUL character",
                    "save needs a file name ('-', stdout, carries the game's lines here)"]
    assert not (tmp_path / "-").exists()


def test_save_never_writes_in_the_folder_of_saved_games(tmp_path, monkeypatch):
    """A solution there could take the place of game.json, daily.json, a kept game or
    the session's lock (one more session could then start beside this one)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = tmp_path / "freecell"
    folder.mkdir()
    (folder / "daily.json").write_text("{}")
    (tmp_path / "link").symlink_to(folder)
    told = []
    for name in ("game.json", "daily.json", "play.lock", "game.json.eight-off-deal-3", "mine.txt"):
        save_moves(str(folder / name), "5a\n", 1, told.append)
    save_moves(str(tmp_path / "link" / "game.json"), "5a\n", 1, told.append)
    assert told == [f"cannot save {p}: the folder of saved games holds only the games' own files"
                    for p in [*(folder / n for n in ("game.json", "daily.json", "play.lock",
                                                     "game.json.eight-off-deal-3", "mine.txt")),
                              tmp_path / "link" / "game.json"]]
    assert sorted(p.name for p in folder.iterdir()) == ["daily.json"] and (folder / "daily.json").read_text() == "{}"
    save_moves(str(tmp_path / "s.txt"), "5a\n", 1, told.append)  # beside it: written
    assert told[-1] == f"saved 1 move to {tmp_path / 's.txt'}"


def test_save_to_no_folder_is_refused_in_one_line(tmp_path):
    s = FakeSession()
    s.save_solution = lambda path: save_moves(path, "5a\n", 1, s.say)
    handle(s, f"save {tmp_path / 'no' / 's.txt'}")
    assert s.log == [f"refused: cannot write {tmp_path / 'no' / 's.txt'}: no folder {tmp_path / 'no'}"]


def test_the_old_paths_still_work():
    from freecell_cli import game, lineplay, play

    for name in ("handle_line", "run_lines", "script_lines", "prompted_lines", "save_moves", "TooLong", "MAX_LINE"):
        assert getattr(play, name) is getattr(lineplay, name), name
    assert game.Outcome is lineplay.Outcome
