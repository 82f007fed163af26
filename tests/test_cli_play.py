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


# -- issue 24: --resume FILE, --lines and --plain, what q says -----------------------------
@pytest.fixture
def saves(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    return tmp_path / "data" / "freecell"


def _save(path, number, moves, **fields):
    from freecell_cli.game import Game

    game = Game.new(number)
    assert game.play(moves).ok
    path.write_bytes(orjson.dumps({**game.to_dict(), **fields}))
    return path


def _won_save(path):
    from freecell_cli.game import Game

    r = solve(deal(1), find_variant("site"), "builtin")
    game = Game.new(1)
    assert game.play(" ".join(r.notation)).ok and game.position.is_won()
    path.write_bytes(orjson.dumps(game.to_dict()))
    return path, game.moves


def test_resume_a_game_kept_aside_puts_it_back(saves):
    from cli_helpers import run

    assert run("play", "617", input="5a\nq\n")[0] == 0
    kept, save = saves / "game.json.deal-617", saves / "game.json"
    assert run("play", "1", input="1a\nq\n")[2] == (
        f"note: the unfinished deal 617 (1 move) is kept in {kept}: its moves are all there (plain JSON)\n"
        "deal 1 is saved at move 1; `freecell play` resumes it\n")
    code, out, err = run("play", "--resume", str(kept), input="82\nq\n")
    assert code == 0 and out.startswith("deal 617 | moves 1 |")
    assert err == (f"note: the unfinished deal 1 (1 move) is kept in {saves / 'game.json.deal-1'}: its moves are "
                   "all there (plain JSON)\n"
                   f"resuming deal 617 at move 1: {kept} is back in {save}\n"
                   "deal 617 is saved at move 2; `freecell play` resumes it\n")
    assert not kept.exists() and [s["moves"] for s in orjson.loads(save.read_bytes())["steps"]] == [["5a"], ["82"]]
    assert run("play", input="q\n")[2] == ("resuming deal 617 at move 2\n"
                                           "deal 617 is saved at move 2; `freecell play` resumes it\n")


def test_resume_a_shared_game_leaves_the_file_as_it_was(saves, tmp_path):
    from cli_helpers import run

    shared = _save(tmp_path / "from a friend.json", 617, "5a 82")
    before = shared.read_bytes()
    code, out, err = run("play", "--resume", str(shared), input="q\n")
    assert (code, err) == (0, f"resuming deal 617 at move 2 from {shared}, saved in {saves / 'game.json'} from now "
                              "on (the file is left as it was)\n"
                              "deal 617 is saved at move 2; `freecell play` resumes it\n")
    assert out.startswith("deal 617 | moves 2 |") and shared.read_bytes() == before


def test_resume_a_daily_game_goes_to_the_daily_save(saves, tmp_path):
    from cli_helpers import run
    from freecell_cli.deals import daily_number

    number = daily_number(__import__("datetime").date(2026, 11, 30))
    shared = _save(tmp_path / "daily.json", number, "1a", daily="2026-11-30")
    code, out, err = run("play", "--resume", str(shared), input="q\n")
    assert code == 0 and out.startswith(f"daily 2026-11-30 (deal {number}) | moves 1 |")
    assert orjson.loads((saves / "daily.json").read_bytes())["daily"] == "2026-11-30"
    assert err.endswith("the daily deal 2026-11-30 is saved at move 1; `freecell play --daily` resumes it\n")


@pytest.mark.parametrize("content, message", [
    (None, "cannot read {p}: No such file or directory"),
    ("5a 82\n", "{p}: not a saved game (bad JSON: unexpected content after document: line 1 column 2 (char 1); "
               "a solution file, as `save FILE` writes, is replayed by verify or replay)"),
    ('{"deal": 617, "moves": ["5a"]}', '{p}: not a saved game (a saved game is JSON with "format": '
                                        '"freecell-cli-game"; a solution file is replayed by verify or replay)'),
    ('{"format": "freecell-cli-game", "version": 1}', "{p}: saved game is damaged: deal: missing"),
    ("STEP 13", "{p}: saved game is damaged: moves: step 1: JD cannot go on KC"),
    ("SPIDER", "{p} is a saved Spider game: `freecell spider play --resume {p}` plays it"),
    ("WON", "{p}: deal 1 is won (N moves): nothing to resume (`freecell verify FILE` checks it)"),
])
def test_resume_refuses_what_is_no_game_to_go_on_with_in_one_line(saves, tmp_path, content, message):
    from cli_helpers import run
    from freecell_cli.spider.play import Game as SpiderGame
    from freecell_cli.spider.deals import deal as spider_deal

    p = tmp_path / "game.json.deal-617"
    if content == "STEP 13":
        _save(p, 617, "5a")
        d = orjson.loads(p.read_bytes())
        p.write_bytes(orjson.dumps({**d, "steps": [{"moves": ["13"], "automatic": 0}]}))
    elif content == "SPIDER":
        p.write_bytes(orjson.dumps(SpiderGame(spider_deal(1, suits=1)).to_dict()))
    elif content == "WON":
        _, n = _won_save(p)
        message = message.replace("N moves", f"{n} moves")
    elif content is not None:
        p.write_text(content)
    assert run("play", "--resume", str(p), input="q\n") == (2, "", f"error: {message.format(p=p)}\n")
    assert not (saves / "game.json").exists()  # nothing was played, nothing saved


def test_resume_refuses_other_settings_and_a_second_game(saves, tmp_path):
    from cli_helpers import run

    shared = _save(tmp_path / "s.json", 617, "5a")
    assert run("play", "--resume", str(shared), "--cells", "2", input="") == (
        2, "", "error: --cells 2: --resume FILE (deal 617) is played with 4 free cells under site; give N, --daily "
               "or --random to start a new game with them\n")
    assert run("play", "--resume", str(shared), "--random", input="") == (
        2, "", "error: choose one of N, --daily, --random, --position, --resume\n")


def test_plain_is_ascii_and_lines_keeps_the_suit_symbols_on_a_terminal(env):
    pexpect = pytest.importorskip("pexpect")
    for flag, card in (("--plain", "JC"), ("--lines", "J♣")):
        child = pexpect.spawn(sys.executable, ["-m", "freecell_cli", "play", flag, "617"], env=env,
                              encoding="utf-8", timeout=60, dimensions=(60, 100))
        child.expect("> ")
        child.sendline("5a")
        child.expect("deal 617 \\| moves 1")
        child.expect("> ")
        assert card in child.before and ("♣" in child.before) == (flag == "--lines")
        child.sendline("q")
        child.expect("deal 617 is saved at move 1; `freecell play` resumes it")
        child.expect(pexpect.EOF)
        child.close()
        assert child.exitstatus == 0


def test_undo_and_redo_name_the_move_as_the_game_screen_does(env):
    p = play(["617"], "5a 82\nu\nr\nq\n", env)
    assert "undone: 82\n" in p.stdout and "redone: 82\n" in p.stdout
    assert p.stderr == "deal 617 is saved at move 2; `freecell play` resumes it\n"


def test_play_help_lists_the_keys_the_commands_and_the_options():
    from cli_helpers import run

    code, out, _ = run("play", "--help")
    text = " ".join(out.split()).replace("- ", "-")  # a line may break after a hyphen
    assert code == 0
    assert ("(arrows, Tab and Shift-Tab between the top row and the columns, Enter, Esc; a place's key, 1-8 or a-d, "
            "goes there or drops what is held there, h home; U undo, R redo, H hint, F auto-complete, N new deal, S restart, "
            "Q quit, ? help; a move typed in notation, 5a or 82, is played; on a family game's table the keys name "
            "its places: 0 the tenth column, a-i Eight Off's free cells, f alone its free cell f and Shift-F "
            "auto-complete)") in text
    assert ("commands are read line by line (moves such as 5a 82, u undo, r redo, h hint, a auto-collect, restart, "
            "new [N], daily, save FILE, show, help, q)") in text
    for option in ("--resume FILE Go on with the saved game in FILE", "--lines Line by line (a prompt) even on a",
                   "--plain ASCII cards, no colour, as show --plain draws them",
                   "--game GAME The game: freecell, or one of the FreeCell family"):
        assert option in text, option
