import os
import subprocess
import sys

import orjson
import pytest

from freecell_cli import deal, find_variant
from freecell_cli.solvers.engine import solve

FREECELL = [sys.executable, "-m", "freecell_cli"]


@pytest.fixture
def env(tmp_path):
    return {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "COLUMNS": "100"}


def play(args, text, env):
    return subprocess.run(FREECELL + ["play", *args], input=text, capture_output=True, text=True, env=env, timeout=120)


def test_playing_deal_1_to_the_end_from_a_solution_file(env):
    sol = subprocess.run(FREECELL + ["solve", "--deal", "1"], capture_output=True, text=True, env=env).stdout
    count = int(sol.split("# moves: ")[1].split()[0])  # the site's count, as solve and verify give it
    p = play(["1"], sol, env)
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[-1] == f"won deal 1 in {count} moves"
    r = solve(deal(1), find_variant("site"), "builtin")
    p = play(["1"], " ".join(r.notation) + "\n", env)
    assert p.stdout.splitlines()[-1] == f"won deal 1 in {r.move_count} moves"
    assert "Traceback" not in p.stderr


def test_undo_redo_restart_piped(env, tmp_path):
    p = play(["617"], "5a\n58\nu\nr\nrestart\n5a 82\nsave " + str(tmp_path / "s.sol") + "\nq\n", env)
    out = p.stdout
    assert "refused 58: 7C cannot go on QH" in out
    assert "undone" in out and "redone" in out and "back to the opening position" in out
    assert f"saved 2 moves to {tmp_path / 's.sol'}" in out
    v = subprocess.run(FREECELL + ["verify", str(tmp_path / "s.sol")], capture_output=True, text=True, env=env)
    assert v.stdout == "FAIL deal 617 (site): all 2 moves legal, not solved: 0 cards home\n"
    saved = orjson.loads((tmp_path / "data" / "freecell" / "game.json").read_bytes())
    assert saved["deal"] == 617 and [s["moves"] for s in saved["steps"]] == [["5a"], ["82"]]


def test_killed_game_resumes(env):
    proc = subprocess.Popen(FREECELL + ["play", "617"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    proc.stdin.write("5a\n82\n")
    proc.stdin.flush()
    import time

    path = os.path.join(env["XDG_DATA_HOME"], "freecell", "game.json")

    def saved_two_moves():
        return os.path.exists(path) and len(orjson.loads(open(path, "rb").read())["steps"]) == 2

    deadline = time.monotonic() + 120  # a safety net: what is waited for is the save
    while not saved_two_moves():
        assert time.monotonic() < deadline and proc.poll() is None, "the game never saved its two moves"
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    p = play([], "show\nq\n", env)
    assert "resuming deal 617 at move 2" in p.stderr
    assert "deal 617 | moves 2 |" in p.stdout


def test_daily_is_kept_apart(env):
    play(["--daily", "2026-11-29"], "5a\nq\n", env)
    play(["617"], "1a\nq\n", env)
    base = os.path.join(env["XDG_DATA_HOME"], "freecell")
    daily = orjson.loads(open(os.path.join(base, "daily.json"), "rb").read())
    main = orjson.loads(open(os.path.join(base, "game.json"), "rb").read())
    assert daily["daily"] == "2026-11-29" and main["deal"] == 617
    p = play(["--daily", "2026-11-29"], "q\n", env)
    assert "moves 1 |" in p.stdout


def test_pty_session(env):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "freecell_cli", "play", "--lines", "617"], env=env,
                          encoding="utf-8", timeout=60, dimensions=(60, 100))
    child.expect("deal 617 \\| moves 0")
    child.expect("> ")
    child.send("\x1b[A\r")  # the up arrow recalls the (empty) history: never a move
    child.expect("> ")
    child.sendline("5a")
    child.expect("deal 617 \\| moves 1")
    child.expect("J♣")  # the rich table, with suit symbols
    child.expect("> ")
    child.sendline("58")
    child.expect("refused 58: 7C cannot go on QH")
    child.expect("> ")
    child.sendline("u")
    child.expect("undone: 5a")
    child.expect("deal 617 \\| moves 0")
    child.expect("> ")
    child.sendline("h")
    child.expect("hint: (\\S+) \\(")
    hinted = child.match.group(1)
    child.expect("> ")
    child.sendline("h")
    child.expect(f"played the hint {hinted}")
    child.expect("deal 617 \\| moves 1")
    child.expect("> ")
    child.sendline("q")
    child.expect("deal 617 is saved at move 1; `freecell play` resumes it")  # as the game screen's Q
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_plain_ctrl_c_leaves_the_game_saved(env):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "freecell_cli", "play", "--lines", "617"], env=env,
                          encoding="utf-8", timeout=60, dimensions=(60, 100))
    child.expect("> ")
    child.sendline("5a")
    child.expect("deal 617 \\| moves 1")
    child.expect("> ")
    child.sendcontrol("c")
    child.expect("interrupted: deal 617 is saved at move 1; `freecell play` resumes it")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130  # Ctrl-C: saved, and the code says so


def test_arrow_keys_read_raw_are_not_moves(env):
    p = play(["617"], "\x1b[A\n5a\n", env)
    assert "ignored: arrow keys are not moves (type one like 5a; help lists the commands)" in p.stdout
    assert "deal 617 | moves 1 |" in p.stdout and "refused" not in p.stdout


def test_says_which_deal_it_chose(env):
    p = play([], "q\n", env)
    assert p.returncode == 0, p.stderr
    chosen = p.stderr.split("no saved game: playing deal ")[1].split(",")[0]
    assert f"deal {chosen} | moves 0" in p.stdout
    p = play(["--random"], "q\n", env)
    assert "chosen at random" in p.stderr


def test_a_bare_position_is_played(env):
    after = subprocess.run(FREECELL + ["move", "--deal", "617", "5a"], capture_output=True, text=True).stdout.strip()
    p = play([after], "q\n", env)
    assert p.returncode == 0 and "Traceback" not in p.stderr
    assert p.stdout.splitlines()[1].startswith("deal 617 | site | can move 8 (3 free cells, 0 empty columns)")
    p = play([after, "--deal", "3"], "q\n", env)
    assert (p.returncode, p.stdout, p.stderr) == (
        2, "", "error: give one position: an argument, -p/--position, or --deal\n")


@pytest.mark.parametrize("daily", ["a/b", "../../../escaped", "2026-11-30\x00", "\x1b]52;c;aGk=\x07"])
def test_a_stranger_s_daily_field_is_damage_not_an_internal_error(env, tmp_path, daily):
    """Issue 20: `play 5` over a game.json whose `daily` is a/b, ../../../escaped or
    holds a NUL built the kept-aside name from it (`internal error`), and `play`
    printed an escape sequence raw. Now the save is damaged: kept as .bad."""
    from freecell_cli.game import Game

    base = tmp_path / "data" / "freecell"
    base.mkdir(parents=True)
    saved = Game.new(845012, daily="2026-11-30")
    assert saved.play("1a").ok
    for args in (["5"], []):  # a new deal (which kept the unfinished game aside), resuming
        (base / "game.json").write_bytes(orjson.dumps({**saved.to_dict(), "daily": daily}))
        p = play(args, "q\n", env)
        assert p.returncode == 0 and "internal error" not in p.stderr and "\x1b" not in p.stdout + p.stderr
        assert p.stderr.startswith(f"{base / 'game.json'} was damaged (saved game is damaged: daily: must be a date")
    assert sorted(x.name for x in base.iterdir()) == ["game.json", "game.json.bad", "game.json.bad.2", "play.lock"]
    assert sorted(x.name for x in (tmp_path / "data").iterdir()) == ["freecell"]
