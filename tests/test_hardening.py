"""Issue 9: no input, fault or load makes freecell crash, hang, exhaust memory or
lose data. One test (or more) per numbered case of the issue; analyze's own cases
(1, 6, 7 and its parts of 3, 9, 10, 11) are in test_analyze*.py."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from cli_helpers import run, skip_without_cairo
from freecell_cli import Card, Move, deal, find_variant, format_position, parse_position
from freecell_cli.errors import FreecellError, InvalidDeal, InvalidPosition, InvalidSolution
from freecell_cli.files import LIMITS
from freecell_cli.solutions import open_solution, parse_solution
from freecell_cli.verify import start_position, verify
from positions import TWO_FREE_ONE_EMPTY

FREECELL = [sys.executable, "-m", "freecell_cli"]
FIXTURES = Path(__file__).parent / "fixtures"
SITE = find_variant("site")


def sh(command: str, env=None, timeout=120) -> subprocess.CompletedProcess:
    """A shell line with `freecell` meaning this checkout's command."""
    env = {**os.environ, **(env or {})}
    cmd = command.replace("freecell ", f"{sys.executable} -m freecell_cli ")
    return subprocess.run(["bash", "-c", cmd], capture_output=True, text=True, env=env, timeout=timeout)


def one_line_error(p: subprocess.CompletedProcess, code: int = 2) -> str:
    assert p.returncode == code, (p.returncode, p.stderr)
    assert "Traceback" not in p.stderr and "internal error" not in p.stderr, p.stderr
    assert p.stderr.count("\n") == 1 and p.stderr.startswith("error: "), p.stderr
    return p.stderr


# -- 2: no backtracking on long input --------------------------------------------
def test_case2_colons_read_in_linear_time():
    # 60,000 colons within the position limit: the old regular expression took
    # about 13 s here (quadratic); a plain scan is instant.
    text = ":" * 60_000 + " x"
    with pytest.raises(InvalidPosition):
        parse_position(text)
    with pytest.raises(InvalidSolution, match="line 2"):
        parse_solution(f"# freecell-cli solution\n# position: {':' * 60_000}\n5a\n")


def test_case2_over_the_limit_is_refused_at_once(tmp_path):
    path = tmp_path / "p"
    path.write_text(":" * 120_000 + " x\n")
    code, out, err = run("show", str(path))
    assert (code, out) == (2, "")
    assert err == f"error: {path} is larger than 65,536 bytes, the limit for a position\n"


# -- 3: input read whole without limit ----------------------------------------------
@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_case3_devices_and_endless_pipes():
    assert one_line_error(sh("freecell show --legal /dev/zero")) == (
        "error: /dev/zero is larger than 65,536 bytes, the limit for a position\n")
    assert "stdin is larger than 65,536 bytes" in one_line_error(sh("yes | freecell show -"))
    assert "/dev/zero is larger than 16,777,216 bytes, the limit for a solution" in one_line_error(
        sh("freecell verify --deal 1 /dev/zero"))


def test_case3_a_huge_solution_is_streamed(tmp_path):
    # 200,000 moves back and forth: replayed in constant memory (the file is not
    # held as a list of moves); the verdict counts every one.
    path = tmp_path / "long.sol"
    path.write_text("18 81\n" * 100_000)  # 9H into the empty column and back
    sol = open_solution(str(path))
    assert sol.tokens == [] and sol.stream is not None  # nothing held but the header
    v = verify(sol, parse_position(TWO_FREE_ONE_EMPTY), SITE)
    assert (v.valid, v.solved, v.moves, v.file_moves) == (True, False, 200_000, 200_000)


def test_error_messages_quote_briefly(tmp_path):
    path = tmp_path / "p"
    path.write_text("x" * 60_000)
    code, out, err = run("show", str(path))
    assert code == 2 and len(err) < 120 + len(str(path)) and err.startswith(f"error: {path}: line 1: unknown card 'xxxx")


def test_case3_size_limit_for_solutions(tmp_path, monkeypatch):
    monkeypatch.setitem(LIMITS, "solution", 1000)
    path = tmp_path / "big.sol"
    path.write_text("5a a5\n" * 200)
    with pytest.raises(FreecellError, match="larger than 1,000 bytes, the limit for a solution"):
        open_solution(str(path))


# -- 4: damaged saves are kept aside -------------------------------------------------
@pytest.mark.parametrize("content", [b"{bad", b'{"start": 5}', b'{"start": "----:0000:KC", "elapsed": "x"}',
                                     b"", b"\xff\xfe", b"[]"])
def test_case4_damaged_save_is_kept_and_reported(tmp_path, content):
    data = tmp_path / "data"
    (data / "freecell").mkdir(parents=True)
    save = data / "freecell" / "game.json"
    save.write_bytes(content)
    p = sh("echo q | freecell play", {"XDG_DATA_HOME": str(data)})
    assert p.returncode == 0 and p.stderr.startswith(f"{save} was damaged (") and "starting afresh" in p.stderr
    good = orjson.loads(save.read_bytes())
    # It found the damaged file, moved it aside, started afresh.
    assert (data / "freecell" / "game.json.bad").read_bytes() == content
    assert good["format"] == "freecell-cli-game"


def test_case4_unknown_variant_and_bad_redo_in_a_save(tmp_path):
    from freecell_cli.game import Game

    g = Game.new(617)
    g.play("5a 82")
    g.undo()
    d = g.to_dict()
    with pytest.raises(FreecellError, match="saved game is damaged: variant"):
        Game.from_dict({**d, "variant": "spider"})
    with pytest.raises(FreecellError, match="saved game is damaged: moves"):
        Game.from_dict({**d, "redo": [{"moves": ["58"]}]})
    for bad in ({**d, "steps": [{"moves": [5]}]}, {**d, "start": 5}, {**d, "elapsed": float("nan")}, 5):
        with pytest.raises(FreecellError, match="saved game is damaged"):
            Game.from_dict(bad)
    # A second damaged save does not overwrite the first one kept aside.
    data = tmp_path / "data"
    (data / "freecell").mkdir(parents=True)
    save = data / "freecell" / "game.json"
    for content in (b"{one", b"{two"):
        save.write_bytes(content)
        p = sh("echo q | freecell play", {"XDG_DATA_HOME": str(data)})
        assert p.returncode == 0 and "was damaged" in p.stderr
    assert (data / "freecell" / "game.json.bad").read_bytes() == b"{one"
    assert (data / "freecell" / "game.json.bad.2").read_bytes() == b"{two"


# -- 5: every format round-trips the number of free cells ---------------------------------
@pytest.mark.parametrize("cells", range(0, 16))
@pytest.mark.parametrize("fmt", ["compact", "fcs", "json"])
def test_case5_cell_count_round_trips(cells, fmt):
    p = deal(1, cells=cells)
    for i in range(cells):  # every slot full: the hardest case for fcs
        p.cells[i] = p.columns[i % 8].pop()
    for q in (p, deal(1, cells=cells)):
        back = parse_position(format_position(q, fmt))
        assert back.same_table(q) and len(back.cells) == cells


def test_case5_fcs_pipe_keeps_zero_cells():
    # Our fcs writes "Freecells: none" for no free cells (a bare line would read as 4).
    p = sh("freecell deal 1 --cells 0 -f fcs | freecell move 1a")
    assert (p.returncode, p.stdout, p.stderr) == (1, "", 'error: move 1 "1a": there is no free cell a (0 free cells)\n')


# -- 8: Freecell Solver cannot take every table ---------------------------------------
def test_case8_auto_falls_back_for_many_cells():
    code, out, err = run("solve", "--deal", "617", "--cells", "12", "--engine", "auto", "--json")
    d = orjson.loads(out)
    assert code == 0 and d["verdict"] == "solved" and d["engine"] == "builtin"
    code, out, err = run("solve", "--deal", "617", "--cells", "12", "--json")  # the default engine
    assert code == 0 and orjson.loads(out)["verdict"] == "solved"


@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="Freecell Solver not installed")
def test_case8_fc_solve_says_what_it_cannot_do():
    code, out, err = run("solve", "--deal", "617", "--cells", "12", "--engine", "fc-solve")
    assert (code, out) == (2, "")
    assert "cannot play with 12 free cells" in err


def test_case8_hint_with_many_cells(tmp_path):
    p = sh("printf 'h\\nq\\n' | freecell play 617 --cells 12", {"XDG_DATA_HOME": str(tmp_path)})
    assert p.returncode == 0 and "Traceback" not in p.stderr
    assert "hint: " in p.stdout


# -- 9: tracebacks where exit 2 is due --------------------------------------------------
BIG = "9" * 5000


@pytest.mark.parametrize("args", [["deal", "²"], ["deal", BIG], ["deal", "1", "--cells", BIG],
                                  ["solve", "--deal", BIG], ["verify", "--deal", BIG, "-"],
                                  ["play", BIG]])
def test_case9_odd_numbers_are_usage_errors(args):
    code, out, err = run(*args, input="5a\n")
    assert code == 2 and out == "" and ("error: " in err or "Error: " in err)  # ours, or typer's usage error
    p = sh(" ".join(["freecell", *args]) + " < /dev/null")
    one_line_error(p)


@pytest.mark.parametrize("text", [
    f"# freecell-cli solution\n# deal: {BIG}\n5a\n",
    f"#{BIG} Attempt: 1 NumFcs=4 (FCPro)\n5a\n",
    f"#617 Attempt: 1 NumFcs={BIG} (FCPro)\n5a\n",
    f"-=-=-=-=-\n\nMove {BIG} cards from stack 1 to stack 2\n",
    '{"moves": [5], "deal": 1}', '{"moves": ["5a"], "deal": 1, "variant": 5}',
    '{"moves": ["5a"], "position": 5}', '{"moves": ["5a"], "deal": "617"}',
])
def test_case9_odd_files_are_unreadable_not_crashes(tmp_path, text):
    path = tmp_path / "s"
    path.write_text(text)
    code, out, err = run("verify", "--deal", "1", str(path))
    assert code in (1, 2) and err.count("\n") <= 1
    if code == 2:
        assert err.startswith("error: ")


@pytest.mark.parametrize("text", ['{"columns": [], "variant": 5}', '{"columns": [["AS"]], "deal": "x"}',
                                  '{"columns": [[5]]}', '{"columns": [], "cells": "x"}', "[1, 2]", "5"])
def test_case9_odd_json_positions(text):
    code, out, err = run("show", input=text)
    assert (code, out) == (2, "") and err.startswith("error: ") and err.count("\n") == 1


def test_case9_play_commands(tmp_path):
    p = sh("printf '5a\\nJD9\\ndaily garbage\\nr\\n\\xff\\xfe\\nq\\n' | freecell play 617",
           {"XDG_DATA_HOME": str(tmp_path)})
    assert p.returncode == 0 and p.stderr == "deal 617 is saved at move 1; `freecell play` resumes it\n"
    assert "refused JD9: this table has no column 9" in p.stdout
    assert "refused: not a date (YYYY-MM-DD): 'garbage'" in p.stdout
    assert "refused \ufffd\ufffd: not a move" in p.stdout


def test_case9_file_name_not_utf8(tmp_path):
    name = os.fsdecode(b"bad\xff.sol")
    (tmp_path / name).write_text("5a 82\n")
    p = subprocess.run(FREECELL + ["verify", "--json", "--deal", "617", name], cwd=tmp_path,
                       capture_output=True, text=True)
    assert p.returncode == 1 and p.stderr == ""
    d = orjson.loads(p.stdout)
    assert d["file"] == "bad\\xff.sol" and d["valid"] is True and d["solved"] is False


def test_case9_closed_stdin_and_full_disk():
    assert one_line_error(sh("freecell show <&-")) == "error: stdin is closed\n"
    if os.path.exists("/dev/full"):
        assert one_line_error(sh("freecell deal 1 > /dev/full")) == (
            "error: cannot write the output: No space left on device\n")
    assert one_line_error(sh("freecell deal 1 >&-")) == "error: cannot write the output: stdout is closed\n"


def test_closed_pipe_ends_quietly():
    # 3,000 JSON lines (~500 KB, more than a pipe holds) into a reader that stops at once.
    files = " ".join(["examples/617.snx-out.txt"] * 3000)
    p = sh(f"freecell verify --json --deal 617 {files} | head -c 1", timeout=120)
    assert p.stderr == "" and p.stdout == "{"
    p = sh(f"set -o pipefail; freecell verify --json --deal 617 {files} | head -c 1; echo $?", timeout=120)
    assert p.stderr == "" and p.stdout == "{0\n"  # quiet, exit 0


# -- 10: output paths checked before the work -----------------------------------------------
@pytest.mark.parametrize("target,message", [("/nonexistent/x", "no folder /nonexistent"),
                                            (".", "it is a directory"),
                                            ("/dev/full", "not a regular file")])
def test_case10_solve_output_checked_first(target, message):
    code, out, err = run("solve", "--deal", "617", "-o", target, "--max-states", "10000000")
    assert (code, out) == (2, "") and message in err and "solved" not in err


def test_case10_save_places(tmp_path):
    bad = tmp_path / "file"
    bad.write_text("")
    assert "cannot keep saved games in" in one_line_error(sh("echo q | freecell play 1", {"XDG_DATA_HOME": str(bad)}))
    (tmp_path / "d" / "freecell" / "game.json").mkdir(parents=True)
    assert "is a directory" in one_line_error(sh("echo q | freecell play 1", {"XDG_DATA_HOME": str(tmp_path / "d")}))


# -- 11: one meaning of time limits ----------------------------------------------------
def test_case11_time_limits():
    # seconds are ASCII digits (issue 20): nan is not a number (the table of every
    # numeric option is in test_cli_options.py)
    assert one_line_error(sh("freecell solve --deal 1 --time-limit nan")) == (
        "error: Invalid value for '--time-limit': 'nan' is not a number in ASCII digits (see 'freecell solve --help')\n")
    code, out, err = run("solve", "--deal", "1", "--time-limit", "0", "--engine", "builtin", "--json")
    assert code == 0 and orjson.loads(out)["verdict"] == "solved"  # 0: no limit, as in analyze


# -- 12: sn output that cannot be read back ------------------------------------------------
def test_case12_sn_refuses_or_verifies():
    code, out, err = run("solve", "--deal", "1", "--engine", "builtin", "--format", "sn")
    if code == 0:  # no run into an empty column: plain notation is exact
        assert run("verify", "--deal", "1", "-", input=out)[0] == 0
    else:
        assert (code, out) == (2, "") and "cannot write move" in err and "--format snx" in err
    code, out, err = run("solve", "--deal", "1", "--engine", "builtin", "--format", "snx")
    assert code == 0 and run("verify", "--deal", "1", "-", input=out)[0] == 0


def test_case12_sn_refusal_is_real():
    from freecell_cli.cli.solve import _solution_text
    from freecell_cli.moves import resolve
    from freecell_cli.solvers.engine import Result

    start = parse_position("7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/")
    move = resolve(start, Move.parse("28v4"), SITE)
    with pytest.raises(FreecellError, match=r"cannot write move 1 \(28v4: 4 cards into an empty column\)"):
        _solution_text(start, SITE, Result("solved", "builtin", [move]), "sn")


# -- 13: library misuse raises FreecellError ------------------------------------------------
def test_case13_library_misuse():
    from importlib import import_module

    from freecell_cli.game import Game
    from freecell_cli.position import Position
    from freecell_cli.solvers.engine import solve

    autoplay = import_module("freecell_cli.autoplay").autoplay
    calls = [lambda: autoplay(deal(1), "bogus"), lambda: deal(5, columns=0), lambda: deal(5, cells=99),
             lambda: deal(5, cells=-1), lambda: Card.parse(None), lambda: Move.parse(5),
             lambda: find_variant(5), lambda: solve(Position([[]], 4), SITE),
             lambda: solve("x", SITE), lambda: parse_position(5)]
    for call in calls:
        with pytest.raises(FreecellError):
            call()
    assert not Game.new(617).play("JD9").ok
    with pytest.raises(InvalidDeal):
        deal(True)


# -- 14, 15: free cells of the file or of --cells -----------------------------------------------
def test_case14_cells_apply_to_a_given_position(tmp_path):
    start = tmp_path / "p"
    start.write_text(format_position(deal(617)))
    sol = tmp_path / "s"
    sol.write_text("5a\n")
    code, out, err = run("verify", "--position", str(start), "--cells", "0", str(sol))
    # A free cell the table lacks is a refused move (exit 1), as `move` says too.
    assert (code, out, err) == (1, 'FAIL deal 617 (site): move 1 "5a": there is no free cell a (0 free cells)\n', "")


def test_case15_fc_solve_output_with_fewer_cells():
    zero = parse_solution((FIXTURES / "0cells.sam.txt").read_text())
    three = parse_solution((FIXTURES / "1.3cells.sam.txt").read_text())
    # fc-solve 5.0 writes every slot four blanks wide: 12 blanks are 3 cells. With no
    # free cells it writes a bare "Freecells:", which says nothing (a trimmed line
    # of 4 empty cells looks the same): fc-solve's default, 4, unless --cells says.
    assert (zero.cells, zero.cells_open, len(zero.position.cells)) == (None, True, 4)
    assert (three.cells, three.cells_open, len(three.position.cells)) == (3, False, 3)
    assert verify(three, start_position(three), SITE).ok
    assert verify(zero, start_position(zero, cells=0), SITE).ok
    assert verify(parse_solution((FIXTURES / "0cells.sam.txt").read_text()), start_position(zero), SITE).ok
    # Trimmed: the count can no longer be read: 4, or --cells.
    trimmed = (FIXTURES / "1.3cells.sam.txt").read_text().replace("Freecells:            \n", "Freecells:\n", 1)
    t = parse_solution(trimmed)
    assert (t.cells, t.cells_open, len(t.position.cells)) == (None, True, 4)
    assert verify(t, start_position(t), SITE).ok
    assert verify(parse_solution(trimmed), start_position(t, cells=3), SITE).ok
    code, out, err = run("verify", "--cells", "3", str(FIXTURES / "1.3cells.sam.txt"))
    assert code == 0
    # Under 2 cells its move to a third free cell is refused, at its index (exit 1).
    code, out, err = run("verify", "--cells", "2", str(FIXTURES / "1.3cells.sam.txt"))
    assert code == 1 and out.endswith(": there is no free cell c (2 free cells)\n")
    assert err.endswith(": the file says 3 free cells; checked with 2 as asked\n")


# -- 16 --------------------------------------------------------------------------------
def test_case16_same_place_is_an_illegal_move_at_its_index():
    code, out, err = run("verify", "--deal", "617", "--json", "-", input="5a 88 82\n")
    d = orjson.loads(out)
    assert code == 1 and d["error"]["index"] == 2 and d["error"]["reason"] == "column 8 is both source and destination"
    assert d["file_moves"] == 2  # a streamed file is read no further than its first refused move


# -- found by an adversarial run after the first round ---------------------------------
def test_writers_never_replace_devices_fifos_or_links(tmp_path):
    from freecell_cli.files import OutputError, atomic_write

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OutputError, match="not a regular file"):
        atomic_write(str(fifo), "x")
    assert fifo.is_fifo()
    p = sh(f"printf '5a\\nsave {fifo}\\nq\\n' | freecell play 617", {"XDG_DATA_HOME": str(tmp_path / "x")})
    assert p.returncode == 0 and "not a regular file" in p.stdout and fifo.is_fifo()
    keep, link = tmp_path / "keep.txt", tmp_path / "link.txt"
    keep.write_text("old")
    keep.chmod(0o640)
    link.symlink_to(keep)
    atomic_write(str(link), "new")
    assert link.is_symlink() and keep.read_text() == "new" and (keep.stat().st_mode & 0o777) == 0o640


def test_analyze_keeps_a_file_that_is_not_results(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my important notes, no trailing newline")
    code, out, err = run("analyze", "1", "--engine", "builtin", "-o", str(notes))
    assert code == 2 and "line 1 is not a result record" in err
    assert notes.read_text() == "my important notes, no trailing newline"


def test_analyze_refuses_another_games_results(tmp_path):
    out = tmp_path / "r.jsonl"
    out.write_text('{"deal":1,"game":"spider","suits":1,"verdict":"solved","time_limit":60.0}\n')
    code, _, err = run("analyze", "1-2", "--engine", "builtin", "-o", str(out))
    assert code == 2 and "game spider" in err and "this run: game freecell" in err


def test_play_script_lines_are_bounded(tmp_path):
    p = sh("head -c 3000000 /dev/zero | tr '\\0' a | freecell play 617", {"XDG_DATA_HOME": str(tmp_path)})
    assert p.returncode == 0 and "refused: line 1 is longer than 4,096 characters: ignored" in p.stdout
    assert len(p.stdout) < 20_000


def test_spider_odd_deal_numbers():
    for text in ("²", "١", "9" * 5000):
        code, out, err = run("spider", "deal", text)
        assert code == 2 and out == "" and err.startswith("error: ")


@pytest.mark.skipif(shutil.which("fc-solve") is None, reason="Freecell Solver not installed")
def test_fc_solve_sn_output_verifies(tmp_path):
    board = subprocess.run(["make-microsoft-freecell-board", "-t", "1"], capture_output=True, text=True).stdout
    sn = subprocess.run(["fc-solve", "-l", "lg", "-m", "-sn", "-"], input=board, capture_output=True, text=True,
                        env={**os.environ, "FREECELL_SOLVER_QUIET": "1"}).stdout
    path = tmp_path / "1.sn"
    path.write_text(sn)
    code, out, err = run("verify", "--deal", "1", "--variant", "standard", str(path))
    assert (code, out) == (0, "OK deal 1: solved in 115 moves (standard)\n")
    assert "read as fc-solve -sn writes them" in err
    code, out, err = run("verify", "--deal", "1", "--variant", "standard", "--empty-column", "one", str(path))
    assert code == 1
    # An -snx file keeps its exact reading: deal 4's known failure under site stands.
    assert run("verify", "--deal", "4", "examples/4.snx-out.txt")[0] == 1


def test_a_new_game_keeps_the_unfinished_one(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path)}
    sh("printf '1a 2b\\nq\\n' | freecell play 1", env)
    p = sh("printf 'q\\n' | freecell play 617", env)
    kept = tmp_path / "freecell" / "game.json.deal-1"
    assert p.returncode == 0 and f"the unfinished deal 1 (2 moves) is kept in {kept}" in p.stderr
    assert orjson.loads(kept.read_bytes())["steps"][0]["moves"] == ["1a"]
    sh("printf '1a\\nq\\n' | freecell play --daily 2026-01-01", env)
    p = sh("printf 'q\\n' | freecell play --daily 2026-01-02", env)
    assert "the unfinished daily 2026-01-01 (1 move) is kept in" in p.stderr
    assert (tmp_path / "freecell" / "daily.json.daily-2026-01-01").exists()


def test_new_in_line_play_keeps_the_unfinished_game(tmp_path):
    """`new` typed in a game never lets the new deal overwrite the unfinished one."""
    env = {"XDG_DATA_HOME": str(tmp_path)}
    sh("printf '1a 2b\\nq\\n' | freecell play 1", env)
    p = sh("printf 'new\\nq\\n' | freecell play", env)
    kept = tmp_path / "freecell" / "game.json.deal-1"
    assert p.returncode == 0 and f"the unfinished deal 1 (2 moves) is kept in {kept}" in p.stdout
    assert orjson.loads(kept.read_bytes())["steps"][0]["moves"] == ["1a"]
    now = orjson.loads((tmp_path / "freecell" / "game.json").read_bytes())
    assert now["deal"] != 1  # the new deal is saved at once: quitting resumes it


def test_the_other_games_files_are_named_as_such(tmp_path):
    """A Spider position or solution given to a FreeCell command (or the reverse) says
    which command reads it, instead of a puzzling format error."""
    from freecell_cli.spider import deal as spider_deal, format_compact

    code, _, err = run("show", "-p", format_compact(spider_deal(1, suits=1)))
    assert code == 2 and err.startswith("error: this is a Spider position (spider1:") and "freecell spider show" in err
    code, _, err = run("spider", "show", input=format_position(deal(1)) + "\n")
    assert code == 2 and "this looks like a FreeCell position (----:0000:" in err and "freecell show" in err
    path = tmp_path / "s.txt"
    path.write_text("# spider deal 1, 1 suit, 2 moves\n23 12\n")
    code, _, err = run("verify", str(path))
    assert code == 2 and "line 1: this is a Spider solution" in err and "freecell spider verify" in err


# -- issue 20: a reader that goes away, whatever the command ----------------------------------
def _no_reader(args, unbuffered):
    """`freecell ARGS` with stdout a pipe whose reader is already gone: (exit code,
    stderr). Python's stdout buffered (the default) or not (PYTHONUNBUFFERED)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "freecell_cli", *args], stdout=write, stderr=subprocess.PIPE,
                              text=True, env=env, stdin=subprocess.DEVNULL, timeout=300)
    finally:
        os.close(write)
    return done.returncode, done.stderr


# Each writes to stdout, then (before the fix, some) a status line on stderr.
CLOSED_PIPE_COMMANDS = [
    ["show", "--deal", "1", "-f", "svg", "--legal"],  # the legal moves on stderr after the picture
    ["show", "--deal", "1", "-f", "svg", "-o", "-"],
    ["deal", "--random", "--seed", "3"],  # its note came before the deal
    ["deal", "--daily", "2026-11-30"],
    ["deal", "11982"],  # one of the unsolvable deals: a note
    ["spider", "deal", "--random", "--seed", "3"],
    ["spider", "deal", "--winnable", "-s", "1", "--seed", "3"],
    ["solve", "--deal", "617", "--engine", "builtin"],
    ["spider", "solve", "--deal", "1", "-s", "1"],  # a sub-app's command: click's exit 1 on EPIPE
    ["analyze", "1-2", "--engine", "builtin", "--jobs", "1"],
    ["autoplay", "--deal", "1", "--moves"],
    ["move", "--deal", "1", "5a"],
    ["verify", "--deal", "617", *[str(Path(__file__).parent.parent / "examples" / "617.snx-out.txt")] * 2],
    ["--help"],  # help is printed by click before any command runs
    ["solve", "--help"],
    ["spider", "--help"],
]


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
@pytest.mark.parametrize("args", CLOSED_PIPE_COMMANDS, ids=lambda a: " ".join(a[:3]))
def test_a_reader_gone_ends_every_command_quietly(args, unbuffered):
    assert _no_reader(args, unbuffered) == (0, "")


@pytest.mark.parametrize("unbuffered", [False, True], ids=["buffered", "unbuffered"])
def test_a_png_on_a_closed_pipe_ends_quietly(unbuffered):
    skip_without_cairo()
    assert _no_reader(["show", "--deal", "1", "-f", "png", "-o", "-"], unbuffered) == (0, "")


def test_a_dash_at_the_end_of_a_column_is_no_card():
    """Found with Position's own type checks: '2S-' in a compact column was read as
    2S and an empty slot (None), which then failed inside the program."""
    assert run("show", "-p", "----:0000:AS/2S-") == (2, "", "error: unknown card '-' in column 2\n")
    with pytest.raises(InvalidPosition, match="unknown card '-' in column 1"):
        parse_position("----:0000:-/AS")


def test_a_full_stderr_does_not_stop_the_data():
    """`verify FILE 2>/dev/full`: its note failed to write and ended the run (exit 2)
    before the verdict reached stdout."""
    sol = Path(__file__).parent / "fixtures" / "real" / "fcs-freecell-24.txt"
    p = sh(f"freecell verify {sol} 2>/dev/full")
    assert (p.returncode, p.stdout) == (0, f"OK {sol}: solved in 138 moves (site)\n")
    p = sh("freecell deal 0 2>/dev/full")
    assert (p.returncode, p.stdout) == (2, "")
