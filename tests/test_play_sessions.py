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
