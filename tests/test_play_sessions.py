"""Sessions of `play` and `spider play` and their saves. Two sessions on one save
would lose moves (last writer wins): while one runs, a second refuses (exit 2, one
line); a lock left by a dead process is taken over. Resuming refuses settings the
saved game would ignore."""

import os
import shutil
import subprocess
import sys
import time

import pytest

from cli_helpers import run
from freecell_cli.files import Lock


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "freecell"


def busy(data, command="freecell play", saves="game.json and daily.json", pid=None):
    return (f"error: another {command} (pid {pid or os.getpid()}) is using {saves} in {data}: quit it first\n")


@pytest.mark.parametrize("args, name, command, saves", [
    (["play", "617"], "play", "freecell play", "game.json and daily.json"),
    (["play", "--daily", "2026-11-30"], "play", "freecell play", "game.json and daily.json"),
    (["spider", "play", "1", "-s", "1"], "spider", "freecell spider play", "spider.json"),
])
def test_a_second_session_refuses_while_the_first_holds_the_saves(data, args, name, command, saves):
    data.mkdir(parents=True)
    holder = Lock(data / name, "held by the test")
    try:
        assert run(*args, input="5a\nq\n") == (2, "", busy(data, command, saves))
        assert not (data / ("spider.json" if name == "spider" else "game.json")).exists()  # nothing written
    finally:
        holder.release()
    code, out, _ = run(*args, input="q\n")  # the lock released: play goes on
    assert code == 0


def test_a_lock_left_by_a_dead_process_is_taken_over(data):
    data.mkdir(parents=True)
    (data / "play.lock").write_text("999999999\n")  # no process holds it
    code, out, err = run("play", "617", input="5a\nq\n")
    assert code == 0 and "error" not in err
    assert (data / "play.lock").read_text() == f"{os.getpid()}\n"  # the pid of the last holder


def test_two_real_processes(data):
    env = dict(os.environ, XDG_DATA_HOME=str(data.parent))
    first = subprocess.Popen([sys.executable, "-m", "freecell_cli", "play", "617"], stdin=subprocess.PIPE,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # until the first session holds the lock
            lock = data / "play.lock"
            if lock.exists() and lock.read_text().strip() == str(first.pid):
                break
            time.sleep(0.05)
        second = subprocess.run([sys.executable, "-m", "freecell_cli", "play"], input="5a\nq\n", text=True,
                                capture_output=True, env=env, timeout=60)
        assert (second.returncode, second.stdout, second.stderr) == (2, "", busy(data, pid=first.pid))
    finally:
        first.communicate(b"q\n", timeout=60)
    assert first.returncode == 0
    second = subprocess.run([sys.executable, "-m", "freecell_cli", "play"], input="q\n", text=True,
                            capture_output=True, env=env, timeout=60)
    assert second.returncode == 0 and second.stderr.startswith("resuming deal 617")


def test_resuming_refuses_settings_it_would_ignore(data):
    """`play --cells 2` with an unfinished game saved would resume it with its own 4
    cells: refused, saying how to start a new game with them."""
    assert run("play", "617", input="5a\nq\n")[0] == 0
    rest = "the saved game (deal 617) is played with 4 free cells under site; give N, --daily or --random " \
           "to start a new game with them\n"
    assert run("play", "--cells", "2", input="q\n") == (2, "", f"error: --cells 2: {rest}")
    assert run("play", "--variant", "standard", "--cells", "2", input="q\n") == (
        2, "", f"error: --cells 2 and --variant standard: {rest}")
    code, out, err = run("play", "--cells", "4", "--variant", "site", input="q\n")  # the same: resumed
    assert code == 0 and err.startswith("resuming deal 617 at move 1")
    code, out, err = run("play", "5", "--cells", "2", input="q\n")  # a new game takes them
    assert code == 0 and "(2 free cells" in out


def test_spider_resuming_refuses_other_suits(data):
    assert run("spider", "play", "1", "-s", "1", input="23\nq\n")[0] == 0
    assert run("spider", "play", "-s", "2", input="q\n") == (
        2, "", "error: --suits 2: the saved game is played with 1 suit; give N or --random to start a new game "
               "with them\n")
    code, _, err = run("spider", "play", "-s", "1", input="q\n")
    assert code == 0 and err.startswith("resuming deal 1 at move 1")


# -- the save place: checked once, and again when a save fails ----------------------
def test_the_save_place_is_checked_once_per_save_file(data, monkeypatch):
    from freecell_cli import files, play
    from freecell_cli.game import Game

    checks = []
    real = files.check_output_path
    monkeypatch.setattr(files, "check_output_path", lambda path: (checks.append(path), real(path)))
    game = Game.new(617)
    for _ in range(3):
        play.save_game(game)
    play.save_game(Game.new(617, daily="2026-11-30"))
    assert checks == [str(data / "game.json"), str(data / "daily.json")]
    shutil.rmtree(data)  # the folder goes while a session runs: it is made again, as it always was
    play.save_game(game)
    assert (data / "game.json").exists()


def test_a_save_place_that_became_unwritable_is_still_reported(data):
    from freecell_cli import play
    from freecell_cli.files import OutputError
    from freecell_cli.game import Game

    game = Game.new(617)
    play.save_game(game)  # checked, and saved
    (data / "game.json").unlink()
    data.rmdir()
    data.write_text("")  # the folder of saves is now a file
    with pytest.raises(OutputError) as e:
        play.save_game(game)
    assert str(e.value).startswith(f"cannot keep saved games in {data}: ") and "set XDG_DATA_HOME" in str(e.value)
    data.unlink()
    (data / "game.json").mkdir(parents=True)  # the save file is now a directory
    with pytest.raises(OutputError) as e:
        play.save_game(game)
    assert str(e.value) == f"cannot write {data / 'game.json'}: it is a directory"


@pytest.mark.parametrize("args, first, suits", [
    (["play", "1"], "5a", None),
    (["spider", "play", "1", "-s", "1"], "23", 1),
])
def test_new_n_plays_deal_n_and_a_bad_n_is_refused(data, args, first, suits):
    """`new N` plays deal N (as `play N`); a bad N is one line and the game stays."""
    import orjson

    from freecell_cli.deals import deal as freecell_deal
    from freecell_cli.formats.compact import format_compact
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.formats import format_compact as spider_compact

    save = data / ("game.json" if suits is None else "spider.json")
    out_of_range = ("deal number 0 is out of range (1 to 8,589,934,591)" if suits is None
                    else "Spider deal number 0 is out of range (1 to 9,999,999,999,999,999,999)")
    code, out, _ = run(*args, input=f"{first}\nnew abc\nnew 0\nnew 7 8\n")
    assert code == 0 and "now playing" not in out
    assert (f"refused: not a deal number: 'abc'\nrefused: {out_of_range}\n"
            "refused: not a deal number: '7 8'\n") in out
    saved = orjson.loads(save.read_bytes())
    assert (saved["steps"][0]["moves"] if suits is None else saved["moves"]) == [first]
    code, out, _ = run(*args[:-1] if suits is None else args[:2], input="new 7\nq\n")  # resumes, then deal 7
    assert code == 0
    assert ("now playing deal 7\n" if suits is None else "now playing deal 7 (1 suit)\n") in out
    want = format_compact(freecell_deal(7)) if suits is None else spider_compact(spider_deal(7, 1))
    assert orjson.loads(save.read_bytes())["start"] == want


@pytest.mark.parametrize("args, shown", [(["play", "1"], "now playing deal 617\n"),
                                          (["spider", "play", "1", "-s", "1"], "now playing deal 617 (1 suit)\n")])
def test_new_hash_n_is_deal_n_and_a_hash_starts_a_comment_only_before_a_word(data, args, shown, tmp_path,
                                                                           monkeypatch):
    """Issue 20: the line was cut at every '#': `new #617` started a random deal and
    `save a#b` wrote 'a'. A comment starts at a '#' that begins a word, not before a digit."""
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(*args, input="new #617  # FreeCell Pro's spelling\nsave a#b\nq\n")
    assert code == 0 and shown in out
    assert (tmp_path / "a#b").exists() and not (tmp_path / "a").exists()
    code, out, _ = run(*args[:-1] if args[0] == "play" else args[:2], input="new #0\nq\n")
    assert "refused: " in out and "out of range" in out and "now playing" not in out


# -- saved games from strangers (issue 20) ------------------------------------------------
# A save may come from anyone: a field not as the game writes it is damage (moved aside
# to .bad, never used), no field reaches a file name or the terminal raw, no path loses an
# unfinished game, and a new game that cannot be saved moves nothing.
D1, D2 = "2026-11-30", "2026-12-01"  # daily deals 845012 and 852931


def _write(path, game):
    import orjson

    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(game if isinstance(game, dict) else game.to_dict()))


def _daily(date, *moves):
    import datetime

    from freecell_cli.deals import daily_number
    from freecell_cli.game import Game

    game = Game.new(daily_number(datetime.date.fromisoformat(date)), daily=date)
    for move in moves:
        assert game.play(move).ok
    return game


def _deal(number, *moves):
    from freecell_cli.game import Game

    game = Game.new(number)
    for move in moves:
        assert game.play(move).ok
    return game


def _moves(path):
    import orjson

    saved = orjson.loads(path.read_bytes())
    return saved.get("daily"), saved["deal"], [s["moves"] for s in saved["steps"]]


def _listing(data):
    return sorted(p.name for p in data.iterdir())


@pytest.mark.parametrize("daily, shown", [
    ("a/b", "'a/b'"),
    ("../../../escaped", "'../../../escaped'"),
    ("2026-11-30\x00", "'2026-11-30\\x00'"),
    ("\x1b]52;c;aGk=\x07", "'\\x1b]52;c;aGk=\\x07'"),
])
@pytest.mark.parametrize("args, name", [
    (["--daily", D1], "daily.json"),  # resumed, or kept aside by the next daily deal
    (["--daily", D2], "daily.json"),
    (["5"], "game.json"),  # kept aside as game.json.daily-<daily> by the new deal
    ([], "game.json"),  # resumed
])
def test_a_daily_field_that_is_not_a_date_is_damage(data, tmp_path, daily, shown, args, name):
    """The `daily` field names the file a game is kept aside in (daily.json.daily-<daily>)
    and is printed: `a/b`, `../../../escaped`, a NUL reached `internal error`, an
    escape sequence reached the terminal. Now the save is damaged: moved to .bad, as
    it is, and play starts afresh."""
    save = data / name
    bad = {**_daily(D1, "1a").to_dict(), "daily": daily}
    _write(save, bad)
    before = save.read_bytes()
    code, out, err = run("play", *args, input="q\n")
    assert code == 0
    assert err.splitlines()[0] == (f"{save} was damaged (saved game is damaged: daily: must be a date YYYY-MM-DD, "
                                   f"got {shown}); kept as {save}.bad, starting afresh")
    assert (data / f"{name}.bad").read_bytes() == before
    assert _listing(tmp_path) == ["freecell"] and "\x1b" not in out + err and "\x00" not in out + err
    assert _listing(data) == sorted(["play.lock", name, f"{name}.bad"])


def test_every_field_printed_is_escaped(data):
    """A game made in memory with a field no save can hold now (the check is on load):
    whatever prints it escapes it."""
    import io

    from freecell_cli.game import Game
    from freecell_cli.play import Session, game_name, saved_note

    game = Game.new(845012)
    game.daily = "\x1b]52;c;aGk=\x07"
    out = io.StringIO()
    session = Session(game, interactive=False, out=out)
    assert session.status().startswith("daily \\x1b]52;c;aGk=\\x07 (deal 845012) | moves 0")
    assert game_name(game) == "daily \\x1b]52;c;aGk=\\x07"
    assert saved_note(game).startswith("the daily deal \\x1b]52;c;aGk=\\x07 is saved at move 0")
    session.draw()
    assert "\x1b" not in out.getvalue()


def test_a_damaged_saves_reason_is_escaped(data):
    save = data / "game.json"
    _write(save, {**_deal(617).to_dict(), "steps": [{"moves": ["5a\x1b[2J\x07"], "automatic": 0}]})
    code, out, err = run("play", input="q\n")
    assert code == 0 and "\x1b" not in out + err and "\x07" not in err
    assert err.splitlines()[0] == (f"{save} was damaged (saved game is damaged: steps 1: '5a\\x1b[2J\\x07' is not "
                                   f"a move in standard notation); kept as {save}.bad, starting afresh")


@pytest.mark.parametrize("daily, args", [
    ("2026-11-29", []),  # another date: resuming it wrote it over daily.json
    (D1, []),  # the same date, other moves
    ("2026-11-29", ["5"]),
    (D1, ["--daily", D1]),
])
def test_a_game_json_holding_a_daily_deal_is_damage_and_daily_json_is_kept(data, daily, args):
    """game.json never holds a daily deal's game (daily.json does): resumed, one
    overwrote the unfinished daily game of daily.json, nothing kept aside."""
    assert run("play", "--daily", D1, input="1a\nq\n")[0] == 0
    daily_before = (data / "daily.json").read_bytes()
    save = data / "game.json"
    _write(save, _daily(daily, "2a", "3b"))
    stranger = save.read_bytes()
    code, out, err = run("play", *args, input="q\n")
    assert code == 0
    assert err.splitlines()[0] == (f"{save} was damaged (saved game is damaged: daily: game.json never holds a daily "
                                   f"deal's game (daily.json does), and this one is of {daily}); kept as {save}.bad, "
                                   "starting afresh")
    assert (data / "game.json.bad").read_bytes() == stranger
    if args[:1] == ["--daily"]:  # resumed: the same game
        assert _moves(data / "daily.json") == (D1, 845012, [["1a"]]) and "resuming" not in err
    else:
        assert (data / "daily.json").read_bytes() == daily_before
    assert [n for n in _listing(data) if ".daily-" in n or ".deal-" in n] == []


def test_a_daily_json_holding_another_game_is_damage(data):
    save = data / "daily.json"
    _write(save, _deal(617, "5a"))
    code, out, err = run("play", "--daily", D1, input="q\n")
    assert code == 0 and err.splitlines()[0] == (
        f"{save} was damaged (saved game is damaged: daily: daily.json holds a daily deal's game, and this one has "
        f"no date); kept as {save}.bad, starting afresh")
    assert _moves(save) == (D1, 845012, [])


def test_play_daily_keeps_another_unfinished_daily_game_aside(data):
    assert run("play", "--daily", D1, input="1a\nq\n")[0] == 0
    kept = (data / "daily.json").read_bytes()
    code, out, err = run("play", "--daily", D2, input="q\n")
    assert code == 0 and err.splitlines()[0] == (
        f"note: the unfinished daily {D1} (1 move) is kept in {data}/daily.json.daily-{D1}: its moves are all there "
        "(plain JSON)")
    assert (data / f"daily.json.daily-{D1}").read_bytes() == kept
    assert _moves(data / "daily.json") == (D2, 852931, [])


def test_line_play_never_overwrites_an_unfinished_game(data):
    """`new` after `daily` wrote over game.json: its unfinished game was lost (the
    session only kept aside the game it was leaving, here the daily one)."""
    code, out, _ = run("play", "617", input=f"5a\ndaily {D1}\n1a\nnew 5\nq\n")
    assert code == 0
    assert (f"note: the unfinished deal 617 (1 move) is kept in {data}/game.json.deal-617: its moves are all there "
            "(plain JSON)\nnow playing deal 5\n") in out
    assert _moves(data / "game.json.deal-617") == (None, 617, [["5a"]])
    assert _moves(data / "daily.json") == (D1, 845012, [["1a"]])
    assert _moves(data / "game.json") == (None, 5, [])


def test_line_play_daily_of_another_date_keeps_one_copy(data):
    code, out, _ = run("play", "--daily", D1, input=f"1a\ndaily {D2}\nq\n")
    assert code == 0
    assert (f"note: the unfinished daily {D1} (1 move) is kept in {data}/daily.json.daily-{D1}: its moves are all "
            f"there (plain JSON)\nnow playing daily {D2} (deal 852931)\n") in out
    assert [n for n in _listing(data) if ".daily-" in n] == [f"daily.json.daily-{D1}"]  # not also .daily-…​.2
    assert _moves(data / f"daily.json.daily-{D1}") == (D1, 845012, [["1a"]])


def test_line_play_daily_of_the_date_played_goes_on_with_it(data):
    code, out, _ = run("play", "--daily", D1, input=f"1a\ndaily {D1}\n2b\nq\n")
    assert code == 0 and f"now playing daily {D1} (deal 845012)\n" in out and "kept in" not in out
    assert _moves(data / "daily.json") == (D1, 845012, [["1a"], ["2b"]])
    assert _listing(data) == ["daily.json", "play.lock"]


# -- a new game that cannot be saved moves nothing ------------------------------------
def _full_disk(monkeypatch, when=lambda data: True):
    """Writes of saves fail as on a full disk (when ``when`` says so of the text)."""
    import errno

    from freecell_cli import files

    real = files._write_synced

    def write(f, text):
        if when(text):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(f, text)

    monkeypatch.setattr(files, "_write_synced", write)


@pytest.mark.parametrize("args, first, name, notes", [
    (["5"], ["617", "5a"], "game.json", []),
    (["--random"], ["617", "5a"], "game.json", ["playing deal "]),  # then which: before the error
    (["--position", "POSITION"], ["617", "5a"], "game.json", []),
    (["--daily", D2], ["--daily", D1, "1a"], "daily.json", []),
])
def test_a_new_game_that_cannot_be_saved_moves_nothing(data, tmp_path, monkeypatch, args, first, name, notes):
    """`play 5` on a full disk moved the unfinished game aside, then failed to save."""
    assert run("play", *first[:-1], input=f"{first[-1]}\nq\n")[0] == 0
    if "POSITION" in args:
        (tmp_path / "p.txt").write_text(_deal(9).to_dict()["start"] + "\n")
        args = [a.replace("POSITION", str(tmp_path / "p.txt")) for a in args]
    save = data / name
    before, listing = save.read_bytes(), _listing(data)
    _full_disk(monkeypatch)
    code, out, err = run("play", *args, input="q\n")
    lines = err.splitlines()
    assert (code, out, lines[-1]) == (2, "", f"error: cannot write {save}: No space left on device")
    assert len(lines) == len(notes) + 1 and all(line.startswith(n) for n, line in zip(notes, lines))  # one error
    assert save.read_bytes() == before and _listing(data) == listing


def test_spider_play_of_a_new_deal_that_cannot_be_saved_moves_nothing(data, monkeypatch):
    assert run("spider", "play", "1", "-s", "1", input="23\nq\n")[0] == 0
    save = data / "spider.json"
    before, listing = save.read_bytes(), _listing(data)
    _full_disk(monkeypatch)
    assert run("spider", "play", "5", "-s", "1", input="q\n") == (
        2, "", f"error: cannot write {save}: No space left on device\n")
    assert save.read_bytes() == before and _listing(data) == listing


@pytest.mark.parametrize("start, command, new", [
    (["617"], "new 5", '"deal": 5,'),
    (["617"], "new", '"deal": '),  # a random deal: any write but deal 617's
    (["--daily", D1], f"daily {D2}", f'"daily": "{D2}"'),
    (["617"], f"daily {D2}", f'"daily": "{D2}"'),
])
def test_line_play_leaving_for_a_game_that_cannot_be_saved_moves_nothing(data, monkeypatch, start, command, new):
    first = "1a" if start[0] == "--daily" else "5a"
    assert run("play", *start, input=f"{first}\nq\n")[0] == 0
    name = "daily.json" if start[0] == "--daily" else "game.json"
    kept = _moves(data / name)
    listing = _listing(data)
    _full_disk(monkeypatch, lambda text: new in text and '"deal": 617,' not in text and '"deal": 845012,' not in text)
    code, out, err = run("play", *start[1:] if start[0] != "--daily" else start, input=f"{command}\nq\n")
    assert code == 0
    refusal = [line for line in out.splitlines() if line.startswith("refused")]
    assert refusal == [f"refused: cannot write {data / ('daily.json' if 'daily' in command else 'game.json')}: "
                       "No space left on device"]
    assert "now playing" not in out and "kept in" not in out
    assert _moves(data / name) == kept and _listing(data) == listing


def test_the_screens_n_key_with_a_new_game_that_cannot_be_saved(data, monkeypatch):
    from freecell_cli.board import Board
    from freecell_cli.cli.play import screen_new_game
    from freecell_cli.play import save_game

    game = _deal(617, "5a")
    save_game(game)
    before = _moves(data / "game.json")
    _full_disk(monkeypatch, lambda text: '"deal": 617,' not in text)
    board = Board(game, save=save_game, new_game=screen_new_game(None, lambda text, tone: board.say(text, tone)))
    board.press("n")
    board.press("y")
    assert board.game is game and _moves(data / "game.json") == before
    assert f"no new deal: cannot write {data / 'game.json'}: No space left on device" in board.message
    assert _listing(data) == ["game.json"]


@pytest.mark.parametrize("there, kept", [([], "game.json.deal-617"),
                                         (["game.json.deal-617"], "game.json.deal-617.2")])
def test_the_screens_n_key_keeps_the_unfinished_game_aside_where_its_question_said(data, there, kept):
    from freecell_cli.board import Board
    from freecell_cli.cli.play import screen_new_game
    from freecell_cli.play import kept_where, save_game

    game = _deal(617, "5a")
    save_game(game)
    for name in there:
        (data / name).write_text("{}")
    board = Board(game, save=save_game, new_game=screen_new_game(None, lambda text, tone: board.say(text, tone)),
                  kept_where=kept_where)
    board.press("n")
    assert board.message == (f"start a new deal? The game in progress (1 move) is kept in {data}/{kept}. "
                             "Y: yes, any other key: no")
    board.press("y")
    assert board.game is not game and board.message == (
        f"now playing deal {board.game.deal}; the unfinished deal 617 (1 move) is kept in {data}/{kept}: "
        "its moves are all there (plain JSON)")
    assert _moves(data / kept) == (None, 617, [["5a"]])
    assert _moves(data / "game.json") == (None, board.game.deal, [])


def test_the_screens_n_key_on_a_daily_deal_says_it_stays_in_daily_json(data):
    from freecell_cli.board import Board
    from freecell_cli.cli.play import screen_new_game
    from freecell_cli.game import Game
    from freecell_cli.play import kept_where, save_game

    game = Game.new(617, daily="2026-11-30")
    assert game.play("5a").ok
    save_game(game)
    board = Board(game, save=save_game, new_game=screen_new_game(None, lambda text, tone: board.say(text, tone)),
                  kept_where=kept_where)
    board.press("n")
    assert board.message == (f"start a new deal? The game in progress (1 move) stays in {data}/daily.json "
                             "(`freecell play --daily 2026-11-30` resumes it). Y: yes, any other key: no")
    board.press("y")
    assert board.game is not game and _moves(data / "daily.json") == ("2026-11-30", 617, [["5a"]])
    assert _listing(data) == ["daily.json", "game.json"]


def test_the_screens_restart_question_says_the_moves_are_lost(data):
    from freecell_cli.board import Board
    from freecell_cli.play import kept_where, save_game

    game = _deal(617, "5a")
    save_game(game)
    board = Board(game, save=save_game, kept_where=kept_where)
    board.press("s")
    assert board.message == ("start this deal over from the opening position? The game in progress (1 move) "
                             "will be lost. Y: yes, any other key: no")
    board.press("y")
    assert _moves(data / "game.json") == (None, 617, []) and _listing(data) == ["game.json"]


def test_the_screens_s_key_with_a_save_that_fails_keeps_the_file(data, monkeypatch):
    from freecell_cli.board import Board
    from freecell_cli.play import save_game

    game = _deal(617, "5a")
    save_game(game)
    before = (data / "game.json").read_bytes()
    _full_disk(monkeypatch)
    board = Board(game, save=save_game)
    board.press("s")
    board.press("y")
    assert game.moves == 0 and board.message.endswith(
        f"— but the game could not be saved: cannot write {data / 'game.json'}: No space left on device")
    assert (data / "game.json").read_bytes() == before and _listing(data) == ["game.json"]


def test_spider_new_that_cannot_be_saved_moves_nothing(data, monkeypatch):
    import io

    from freecell_cli.spider.deals import deal
    from freecell_cli.spider.play import Game, Session, save_game

    game = Game(deal(1, suits=1))
    assert game.play("23").ok
    save_game(game)
    before = (data / "spider.json").read_bytes()
    _full_disk(monkeypatch, lambda text: '"23"' not in text)
    out = io.StringIO()
    session = Session(game, interactive=False, out=out)
    session.handle("new 5")
    assert out.getvalue() == f"refused: cannot write {data / 'spider.json'}: No space left on device\n"
    assert session.game is game and (data / "spider.json").read_bytes() == before
    assert _listing(data) == ["spider.json"]


def test_spider_new_keeps_the_unfinished_game_aside(data):
    import io

    import orjson

    from freecell_cli.spider.deals import deal
    from freecell_cli.spider.play import Game, Session, save_game

    game = Game(deal(1, suits=1))
    assert game.play("23").ok
    save_game(game)
    out = io.StringIO()
    Session(game, interactive=False, out=out).handle("new 5")
    assert out.getvalue().startswith(
        f"note: the unfinished deal 1 (1 move) is kept in {data}/spider.json.deal-1: its moves are all there "
        "(plain JSON)\nnow playing deal 5 (1 suit)\n")
    assert orjson.loads((data / "spider.json.deal-1").read_bytes())["moves"] == ["23"]


def test_spider_screens_n_key_says_where_the_unfinished_game_is_kept(data):
    from freecell_cli.cli.play import new_deal_key
    from freecell_cli.spider.board import Board
    from freecell_cli.spider.deals import deal
    from freecell_cli.spider.play import Game, kept_where, leave_for, new_random_game, save_game

    game = Game(deal(1, suits=1))
    assert game.play("23").ok
    save_game(game)
    board = Board(game, save=save_game, kept_where=kept_where, new_game=new_deal_key(
        lambda old: new_random_game(1), leave_for, lambda text, tone: board.say(text, tone)))
    board.press("n")
    assert board.message == (f"start a new deal? The game in progress (1 move) is kept in {data}/spider.json.deal-1. "
                             "Y: yes, any other key: no")
    board.press("y")
    assert board.game is not game and (data / "spider.json.deal-1").exists()


def test_a_rename_that_fails_after_the_old_save_moved_puts_it_back(data, monkeypatch):
    """The last step, the rename of the new save into place, fails: the old save,
    already moved aside, goes back where it was."""
    from freecell_cli import files
    from freecell_cli.files import OutputError
    from freecell_cli.play import save_game, take_save

    save_game(_deal(617, "5a"))
    before = (data / "game.json").read_bytes()
    real = os.replace

    def replace(src, dst):
        if str(src).endswith(".tmp"):
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(files.os, "replace", replace)
    warned = []
    with pytest.raises(OutputError, match="No space left on device"):
        take_save(_deal(5), warned.append)
    monkeypatch.undo()
    assert (data / "game.json").read_bytes() == before and _listing(data) == ["game.json"] and warned == []


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in a read-only folder")
def test_a_read_only_folder_of_saves_moves_nothing(data):
    assert run("play", "617", input="5a\nq\n")[0] == 0
    before, listing = (data / "game.json").read_bytes(), _listing(data)
    data.chmod(0o555)
    try:
        code, out, err = run("play", "5", input="q\n")
    finally:
        data.chmod(0o755)
    assert (code, out) == (2, "") and err.startswith("error: cannot write ") and err.count("\n") == 1
    assert (data / "game.json").read_bytes() == before and _listing(data) == listing


# -- issue 20, an adversarial pass: a save edited by hand --------------------------------
_TEN_YEARS = "must be seconds from 0 to 315,360,000 (ten years)"


def _edited(game_dict, field, text):
    """The save as orjson writes it, ``field``'s value replaced by the JSON ``text``
    (a hand edit: 1e308 and a 37-digit integer are no Python values one can dump)."""
    import orjson

    return orjson.dumps({**game_dict, field: "@VALUE@"}).replace(b'"@VALUE@"', text)


@pytest.mark.parametrize("name, args, field, text, reason", [
    ("game.json", ["play"], "elapsed", b"1e308", f"saved game is damaged: elapsed: {_TEN_YEARS}, got 1e+308"),
    ("game.json", ["play"], "elapsed", b"1e30", f"saved game is damaged: elapsed: {_TEN_YEARS}, got 1e+30"),
    ("game.json", ["play"], "elapsed", b"1234567890123456789012345678901234567",
     f"saved game is damaged: elapsed: {_TEN_YEARS}, got 1.2345678901234568e+36"),
    ("game.json", ["play"], "elapsed", b"-1", f"saved game is damaged: elapsed: {_TEN_YEARS}, got -1"),
    ("game.json", ["play"], "elapsed", b"true", f"saved game is damaged: elapsed: {_TEN_YEARS}, got True"),
    ("game.json", ["play"], "won", b"null", "saved game is damaged: won: must be true or false, got None"),
    ("game.json", ["play"], "version", b"1.0", "saved game is damaged: version: this version reads version 1, "
                                               "not '1.0'"),
    ("game.json", ["play"], "deal", b"617.0", "saved game is damaged: deal: must be the start position's deal "
                                              "(617), got 617.0"),
    ("game.json", ["play"], "steps", b'[{"moves":["5a"],"automatic":0.0}]',
     "saved game is damaged: steps 1: automatic must be 0..52, got 0.0"),
    ("game.json", ["play", "5"], "won", b"null", "saved game is damaged: won: must be true or false, got None"),
    ("daily.json", ["play", "--daily", D1], "won", b"null",
     "saved game is damaged: won: must be true or false, got None"),
    ("spider.json", ["spider", "play"], "won", b"null",
     "saved Spider game is damaged: won: must be true or false, got None"),
    ("spider.json", ["spider", "play", "5", "-s", "1"], "won", b"null",
     "saved Spider game is damaged: won: must be true or false, got None"),
    ("spider.json", ["spider", "play"], "unrestricted", b"null",
     "saved Spider game is damaged: unrestricted: must be true or false, got None"),
    ("spider.json", ["spider", "play"], "elapsed", b"1e308",  # Spider's games have no clock
     "saved Spider game is damaged: 'elapsed': not a field of a saved Spider game"),
    ("spider.json", ["spider", "play"], "version", b"1.0", "saved Spider game is damaged: version: must be 1, got 1.0"),
])
def test_a_hand_edited_save_is_damage_and_kept_aside(data, name, args, field, text, reason):
    """`"elapsed": 1e308` was used: the table showed `time 2777…(300 digits):58:56` and
    saved it back; `"won": null` was read as "not said". Now each is damage: the save
    is moved aside, as it is, and play starts afresh."""
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.play import Game as SpiderGame

    if name == "spider.json":
        game = SpiderGame(spider_deal(1, suits=1))
        assert game.play("23").ok
        saved = game.to_dict()
    else:
        game = _daily(D1, "1a") if name == "daily.json" else _deal(617, "5a")
        game.pause_clock()
        saved = {**game.to_dict(), "elapsed": 0.0}
    save = data / name
    save.parent.mkdir(parents=True)
    save.write_bytes(_edited(saved, field, text))
    before = save.read_bytes()
    assert text in before
    code, out, err = run(*args, input="q\n")
    assert code == 0
    assert err.splitlines()[0] == f"{save} was damaged ({reason}); kept as {save}.bad, starting afresh"
    assert (data / f"{name}.bad").read_bytes() == before
    if name != "spider.json":
        assert out.splitlines()[0].endswith(" | moves 0 | time 0:00")  # the clock of a new game
    assert [n for n in _listing(data) if ".deal-" in n or ".daily-" in n] == []  # a damaged game is not kept


@pytest.mark.parametrize("text, shown", [(b"12.5", "0:12"), (b"3600", "1:00:00"), (b"315360000", "87600:00:00")])
def test_a_clock_within_ten_years_resumes(data, text, shown):
    game = _deal(617, "5a")
    game.pause_clock()
    (data).mkdir(parents=True)
    (data / "game.json").write_bytes(_edited(game.to_dict(), "elapsed", text))
    code, out, err = run("play", input="q\n")
    assert code == 0 and err.startswith("resuming deal 617 at move 1")
    assert out.splitlines()[0] == f"deal 617 | moves 1 | time {shown}"


# -- the names an unfinished game is kept under: .2, .3 ... when the name is taken -------
@pytest.mark.parametrize("game, first, second, moves, kept, what", [
    (["play"], ["5"], ["7"], ["5a", "5b", "5c"], "game.json.deal-5", "deal 5"),
    (["play"], ["--daily", D1], ["--daily", D2], ["1a", "1b", "1c"], f"daily.json.daily-{D1}", f"daily {D1}"),
    (["spider", "play"], ["1", "-s", "1"], ["5", "-s", "1"], ["23", "47", "d"], "spider.json.deal-1", "deal 1"),
    (["play"], ["--position", "POSITION"], ["7"], ["5a", "5b", "5c"], "game.json.position", "position"),
    (["spider", "play"], ["--position", "POSITION"], ["5", "-s", "1"], ["23", "47", "d"], "spider.json.position",
     "game"),
])
def test_an_unfinished_game_kept_where_one_already_is_takes_the_next_number(data, tmp_path, game, first, second,
                                                                            moves, kept, what):
    """game.json.deal-5 exists (an earlier game of deal 5 kept aside): another
    unfinished game of deal 5 is kept as game.json.deal-5.2, then .3 (the README
    said `no other name is made`); nothing kept is ever overwritten."""
    import orjson

    from freecell_cli.moves import plural
    from freecell_cli.spider.deals import deal as spider_deal
    from freecell_cli.spider.play import Game as SpiderGame

    if "POSITION" in first:  # deal 617's or Spider deal 1's table, its deal number left out
        start = SpiderGame(spider_deal(1, suits=1)).to_dict() if game[0] == "spider" else _deal(617).to_dict()
        (tmp_path / "p.txt").write_text(str(start["start"]).rsplit(":", 1)[0] + "\n")
        first = [str(tmp_path / "p.txt") if a == "POSITION" else a for a in first]
    made = []
    for n in (1, 2, 3):
        assert run(*game, *first, input=" ".join(moves[:n]) + "\nq\n")[0] == 0  # n moves of the same deal
        code, out, err = run(*game, *second, input="q\n")
        name = kept if n == 1 else f"{kept}.{n}"
        assert code == 0 and err.splitlines()[0] == (
            f"note: the unfinished {what} ({plural(n, 'move')}) is kept in {data}/{name}: its moves are all there "
            "(plain JSON)")
        made.append(name)
        assert sorted(x for x in _listing(data) if x.startswith(kept)) == sorted(made)
    for n, name in enumerate(made, 1):  # each as it was kept
        saved = orjson.loads((data / name).read_bytes())
        assert (saved["moves"] if game[0] == "spider" else [m for s in saved["steps"] for m in s["moves"]]) == \
            moves[:n]


# -- save FILE where no file can be made -------------------------------------------------
def _reason_in(folder):
    """What the system says to a new file in ``folder`` (None: it takes one)."""
    import tempfile

    if not os.path.isdir(folder):
        pytest.skip(f"no {folder} here")
    try:
        fd, tmp = tempfile.mkstemp(dir=folder)
    except OSError as e:
        return e.strerror
    os.close(fd)
    os.unlink(tmp)
    return None


@pytest.mark.parametrize("game", [["play", "617"], ["spider", "play", "1", "-s", "1"]])
@pytest.mark.parametrize("folder", ["/proc", "/sys"])
def test_save_file_in_a_folder_that_takes_no_file_says_why(data, game, folder):
    """`save /proc/x` said `no folder /proc`: the folder is there, it takes no file."""
    reason = _reason_in(folder)
    if reason is None:
        pytest.skip(f"{folder} takes new files here")
    code, out, err = run(*game, input=f"save {folder}/x\nq\n")
    assert code == 0 and err.count("error") == 0
    assert [line for line in out.splitlines() if line.startswith("refused")] == [
        f"refused: cannot write {folder}/x: cannot make a file in {folder}: {reason}"]
    assert not os.path.exists(f"{folder}/x")


@pytest.mark.parametrize("game", [["play", "617"], ["spider", "play", "1", "-s", "1"]])
def test_save_file_in_a_missing_folder_or_a_file_says_which(data, tmp_path, game):
    (tmp_path / "plain").write_text("")
    code, out, _ = run(*game, input=f"save {tmp_path}/none/x\nsave {tmp_path}/plain/x\n"
                                    f"save {tmp_path}/no\x07ne/x\nq\n")
    assert code == 0 and "\x07" not in out
    assert [line for line in out.splitlines() if line.startswith("refused")] == [
        f"refused: cannot write {tmp_path}/none/x: no folder {tmp_path}/none",
        f"refused: cannot write {tmp_path}/plain/x: {tmp_path}/plain is not a folder",
        f"refused: cannot write '{tmp_path}/no\\x07ne/x': no folder '{tmp_path}/no\\x07ne'"]


def test_save_to_a_fifo_says_so_without_the_options_hint(data, tmp_path):
    """'leave the option out to write to stdout' is for -o FILE, not for play's save."""
    fifo = tmp_path / "ff"
    os.mkfifo(fifo)
    code, out, _ = run("play", "617", input=f"save {fifo}\nq\n")
    assert code == 0 and f"refused: cannot write {fifo}: not a regular file\n" in out
