"""Spider's commands behave as FreeCell's: the same exit codes for the same kind
of trouble, and the shared options (README, "Options")."""

import orjson
import pytest

from cli_helpers import run
from freecell_cli.spider import deal, format_compact

D1 = format_compact(deal(1, suits=1))


@pytest.mark.parametrize("text, args, message", [
    ("23 zz 47\n", ["--deal", "1", "-s", "1"],
     "line 1: not a Spider move: 'zz' (e.g. 38, 30v2 with 0 for column 10, d to deal)"),
    ("23\n55\n", ["--deal", "1", "-s", "1"], "line 2: '55': a move needs two different columns"),
    ("# spider deal 1, 3 suits\n23\n", [], "line 1: header: Spider has 1, 2 or 4 suits, not 3"),
    ("# spider deal 1, 1 suit\n# spider deal 2\n23\n", [], "line 2: a second deal in the header disagrees with the first"),
    ("# spider deal 1, 1 suit\n23\n", ["--deal", "2"], "deal 2 was given, but the solution is for deal 1"),
    ("# spider deal 1, 1 suit\n23\n", ["-s", "2"], "2 suits given, but the solution is for 1 suit"),
    ("# spider deal 1, 1 suit, 3 moves\n23 47\n", [], "line 1: the header says 3 moves, the file has 2"),
    ("", ["--deal", "1"], "empty file, no moves"),
    ("# a comment, no moves\n", ["--deal", "1"], "empty file, no moves"),
])
def test_a_malformed_solution_is_exit_2_as_in_freecell(tmp_path, text, args, message):
    path = tmp_path / "s.txt"
    path.write_text(text)
    assert run("spider", "verify", str(path), *args) == (2, "", f"error: {path}: {message}\n")
    code, out, err = run("spider", "verify", str(path), *args, "--json")
    assert code == 2 and orjson.loads(out)["error"]["reason"] == message


def test_a_refused_move_is_still_exit_1(tmp_path):
    path = tmp_path / "s.txt"
    path.write_text("# spider deal 1, 1 suit\n23 32\n")
    assert run("spider", "verify", str(path)) == (
        1, 'FAIL deal 1 (1 suit): move 2 "32": JS cannot go on 9S: it needs a card one rank higher\n', "")


def help_text(*command):
    code, out, _ = run("spider", *command, "--help")
    assert code == 0
    return " ".join(out.split())


@pytest.mark.parametrize("command, options", [
    ("deal", ["-q, --quiet", "--color WHEN", "--json", "-o, --output, --out FILE", "-f, --format"]),
    ("show", ["[POSITION]", "-p, --position POSITION", "--deal N", "-s, --suits", "-q, --quiet", "--color WHEN",
              "--json", "-o, --output, --out FILE"]),
    ("move", ["-p, --position POSITION", "-q, --quiet", "--color WHEN", "--json", "-o, --output, --out FILE"]),
    ("verify", ["-p, --position POSITION", "--deal N", "-q, --quiet", "--color WHEN", "--json", "-f, --format FORMAT",
                "--show"]),
    ("solve", ["[POSITION]", "-p, --position POSITION", "-q, --quiet", "--color WHEN", "--json",
               "-o, --output, --out FILE"]),
    ("play", ["-p, --position POSITION", "-q, --quiet", "--color WHEN"]),
])
def test_spider_commands_take_the_shared_options(command, options):
    text = help_text(command)
    for option in options:
        assert option in text, (command, option)


def test_inline_positions_argument_option_and_stdin():
    shown = run("spider", "show", "--legal", input=D1)
    assert shown[0] == 0 and shown[1].endswith("legal moves (7): 23 29 47 52 81 01 d\n")
    assert run("spider", "show", "--legal", D1) == shown
    assert run("spider", "show", "--legal", "-p", D1) == shown
    assert run("spider", "show", "--legal", "-", input=D1) == shown
    moved = run("spider", "move", "23", input=D1)
    assert run("spider", "move", "23", "-p", D1) == moved and moved[0] == 0
    assert run("spider", "show", D1, "-p", D1) == (2, "", "error: give one position: an argument, -p/--position, or --deal\n")


def test_move_takes_its_position_as_the_other_commands_do():
    # move plays on an inline position, -p, stdin or --deal (with --suits), as
    # FreeCell's move does; two of them, or --suits alone, are refused
    moved = run("spider", "move", "23", input=D1)
    assert moved[0] == 0
    assert run("spider", "move", D1, "23") == moved
    assert run("spider", "move", "--deal", "1", "-s", "1", "23") == moved
    one = "error: give one position: an argument, -p/--position, or --deal\n"
    assert run("spider", "move", D1, "-p", D1, "23") == (2, "", one)
    assert run("spider", "move", "--deal", "1", "-p", D1, "23") == (2, "", one)
    assert run("spider", "move", "-s", "1", "23", input=D1) == (2, "", "error: --suits goes with --deal\n")
    assert run("spider", "move", D1) == (2, "", "error: no moves given\n")


def test_json_and_output(tmp_path):
    code, out, _ = run("spider", "show", "-p", D1, "--json")
    d = orjson.loads(out)
    assert code == 0 and d["position"] == D1 and d["won"] is False and d["legal_moves"][-1] == "d"
    code, out, _ = run("spider", "move", "23", "-p", D1, "--json")
    assert code == 0 and orjson.loads(out)["moves"] == 1
    target = tmp_path / "after.txt"
    assert run("spider", "move", "23", "-p", D1, "-o", str(target)) == (0, "", "")
    assert target.read_text() == run("spider", "move", "23", "-p", D1)[1]
    assert run("spider", "deal", "1", "-s", "1", "-o", "-") == (0, D1 + "\n", "")
    code, out, _ = run("spider", "deal", "1", "-s", "1", "--json")
    assert code == 0 and orjson.loads(out)["deal"] == 1
    assert run("spider", "deal", "1", "--json", "-f", "compact") == (
        2, "", "error: --json and -f compact cannot be combined: --json is -f json\n")
    assert run("spider", "show", "-p", D1, "--json", "--plain") == (
        2, "", "error: --json and --plain cannot be combined: --json prints data, not a picture\n")
    assert run("spider", "deal", "1", "-o", str(tmp_path))[0] == 2  # a directory: refused before any work


def test_solve_json_into_the_output_file(tmp_path):
    """`spider solve --json -o FILE` writes the JSON there, not the plain text."""
    target = tmp_path / "r.json"
    code, out, err = run("spider", "solve", "--deal", "5", "-s", "1", "--json", "-o", str(target))
    assert (code, out) == (0, "") and err.startswith("solved: ")
    d = orjson.loads(target.read_text())
    assert d["verdict"] == "solved" and d["deal"] == 5 and d["move_count"] == len(d["moves"])
    code, out, err = run("spider", "solve", "--deal", "5", "-s", "1", "-q")
    assert code == 0 and out.startswith("# spider deal 5, 1 suit, ") and err == ""


@pytest.mark.parametrize("args, message", [
    (["deal", "3", "--seed", "3"], "--seed goes with --random or --winnable"),
    (["deal", "5", "--winnable", "-s", "1", "--seed", "3"], "N and --seed cannot be combined: --seed picks a random deal"),
    (["solve", D1, "-s", "1"], "--suits goes with --deal"),
    (["solve", D1, "--deal", "1"], "give one position: an argument, -p/--position, or --deal"),
    (["show", "-p", D1, "-s", "1"], "--suits goes with --deal"),
    (["show", D1, "--deal", "1"], "give one position: an argument, -p/--position, or --deal"),
    (["verify", "-p", D1, "--deal", "1", "x.txt"],
     "-p/--position and --deal cannot be combined: the position is the start"),
    (["play", "-p", D1, "-s", "2"], "-p/--position and --suits cannot be combined: the position has its suits"),
])
def test_spider_conflicting_options(args, message, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert run("spider", *args, input="") == (2, "", f"error: {message}\n")


def test_quiet_drops_status_lines():
    code, out, err = run("spider", "deal", "--random", "--seed", "7", "-q")
    assert code == 0 and out.startswith("spider4:") and err == ""


@pytest.mark.parametrize("command", [["play", "617"], ["spider", "play", "1", "-s", "1"]])
def test_spider_play_says_why_it_cannot_save_as_freecell_play(command, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    data = tmp_path / "freecell"
    data.write_text("")  # the folder of saves is a file
    assert run(*command, input="q\n") == (
        2, "", f"error: cannot keep saved games in {data}: File exists (set XDG_DATA_HOME to a folder)\n")
    data.unlink()
    save = data / ("spider.json" if command[0] == "spider" else "game.json")
    save.mkdir(parents=True)  # the save file is a directory
    assert run(*command, input="q\n") == (2, "", f"error: cannot write {save}: it is a directory\n")


def test_spider_play_ctrl_c_leaves_the_game_saved_as_freecell_play(tmp_path, monkeypatch):
    import os
    import sys

    pexpect = pytest.importorskip("pexpect")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "COLUMNS": "100"}
    args = ["-m", "freecell_cli", "spider", "play", "--plain", "1", "-s", "1"]  # a terminal: line play asked for
    child = pexpect.spawn(sys.executable, args, env=env, encoding="utf-8", timeout=60, dimensions=(60, 100))
    child.expect("> ")
    child.sendline("23")
    child.expect("> ")
    child.sendcontrol("c")
    child.expect("interrupted: deal 1 is saved at move 1; `freecell spider play` resumes it")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130  # Ctrl-C: saved, and the code says so
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    out = run("spider", "play", "-q", input="q\n")[1]
    assert out.startswith("deal 1 | 1 suit | ") and "| moves 1\n" in out


def test_spider_play_with_stdin_closed_draws_and_saves(tmp_path):
    import subprocess
    import sys

    env = {"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin"}
    p = subprocess.run([sys.executable, "-m", "freecell_cli", "spider", "play", "1", "-s", "1"], stdin=None,
                       capture_output=True, text=True, env=env, timeout=60, close_fds=True,
                       preexec_fn=lambda: __import__("os").close(0))
    assert p.returncode == 0 and p.stdout.startswith("deal 1 | 1 suit") and "Traceback" not in p.stderr
    assert (tmp_path / "freecell" / "spider.json").exists()


@pytest.mark.parametrize("command", [["show"], ["spider", "show"]])
def test_empty_input_is_refused_as_in_freecell(command):
    assert run(*command, input="") == (2, "", "error: stdin: empty input, no position\n")


def test_verify_names_the_file_on_each_line_when_there_are_several(tmp_path):
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    code, solution, _ = run("spider", "solve", "--deal", "5", "-s", "1", "-q")
    good.write_text(solution)
    bad.write_text("# spider deal 1, 1 suit\n23 47\n")
    count = len(solution.split("\n", 1)[1].split())
    assert run("spider", "verify", str(good), str(bad)) == (
        1, f"OK {good}: deal 5 (1 suit): solved in {count} moves\n"
           f"FAIL {bad}: deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n", "")
    # one file: the deal alone, as FreeCell's verify
    assert run("spider", "verify", str(bad))[1] == "FAIL deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n"
    # a file that names no deal is named once
    nodeal = tmp_path / "nodeal.txt"
    nodeal.write_text("23 47\n")
    assert run("spider", "verify", "--deal", "1", "-s", "1", str(nodeal), str(bad))[1] == (
        f"FAIL {nodeal}: deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n"
        f"FAIL {bad}: deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n")


def test_freecell_verify_names_files_the_same_way(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    for f in (a, b):
        f.write_text("# freecell-cli solution\n# deal: 617\n5a\n")
    out = run("verify", str(a), str(b))[1].splitlines()
    assert [line.split(" (")[0] for line in out] == [f"FAIL {a}: deal 617", f"FAIL {b}: deal 617"]


@pytest.mark.parametrize("command, sentence", [
    ("show", "Deal with 1, 2 or 4 suits (default 4)."),
    ("solve", "Deal with 1, 2 or 4 suits (default 4)."),
    ("play", "Deal with 1, 2 or 4 suits (default 4)."),
    ("verify", "Replay --deal with 1, 2 or 4 suits (default: the file's, else 4)."),
])
def test_suits_help_is_a_whole_sentence(command, sentence):
    code, out, err = run("spider", command, "--help")
    assert (code, err) == (0, "") and sentence in " ".join(out.split())


def test_a_new_spider_game_keeps_the_unfinished_one_as_freecell(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    kept = tmp_path / "freecell" / "spider.json.deal-1"
    assert run("spider", "play", "1", "-s", "1", input="23 47\nq\n")[0] == 0
    code, _, err = run("spider", "play", "2", "-s", "1", input="q\n")
    assert (code, err) == (0, f"note: the unfinished deal 1 (2 moves) is kept in {kept}: "
                              "its moves are all there (plain JSON)\n"
                              "deal 2 is saved at move 0; `freecell spider play` resumes it\n")
    assert orjson.loads(kept.read_bytes())["moves"] == ["23", "47"]


def test_new_in_spider_line_play_keeps_the_unfinished_game(tmp_path, monkeypatch):
    """`new` typed in a Spider game let the new deal overwrite the unfinished one."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    kept = tmp_path / "freecell" / "spider.json.deal-1"
    assert run("spider", "play", "1", "-s", "1", input="23 47\nq\n")[0] == 0
    code, out, _ = run("spider", "play", input="new\nq\n")
    assert code == 0 and f"note: the unfinished deal 1 (2 moves) is kept in {kept}: " in out
    assert orjson.loads(kept.read_bytes())["moves"] == ["23", "47"]
    now = orjson.loads((tmp_path / "freecell" / "spider.json").read_bytes())
    assert now["moves"] == [] and now["start"].endswith(":0:1") is False  # the new deal, saved at once


def test_spider_play_random_says_the_deal_and_keeps_the_deal_rule(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, err = run("spider", "play", "--random", "-s", "2", "--unrestricted-deal", input="q\n")
    saved = orjson.loads((tmp_path / "freecell" / "spider.json").read_bytes())
    n = int(saved["start"].rsplit(":", 1)[1])
    assert (code, err) == (0, f"playing deal {n}, chosen at random\n"
                              f"deal {n} is saved at move 0; `freecell spider play` resumes it\n")
    assert saved["unrestricted"] is True
    code, out, err = run("spider", "play", input="new\nq\n")  # `new` keeps the suits and the deal rule
    saved = orjson.loads((tmp_path / "freecell" / "spider.json").read_bytes())
    assert code == 0 and saved["unrestricted"] is True and saved["start"].startswith("spider2:")


def test_spider_play_with_no_saved_game_says_what_it_deals(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, err = run("spider", "play", input="q\n")
    n = int(orjson.loads((tmp_path / "freecell" / "spider.json").read_bytes())["start"].rsplit(":", 1)[1])
    assert (code, err) == (0, f"no saved game: playing deal {n}, chosen at random\n"
                              f"deal {n} is saved at move 0; `freecell spider play` resumes it\n")
    assert run("spider", "play", "-q", input="q\n")[2] == ""  # -q drops it


def test_resuming_refuses_a_deal_rule_the_saved_game_would_ignore(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert run("spider", "play", "1", "-s", "1", input="23\nq\n")[0] == 0
    tail = "; give N or --random to start a new game with them\n"
    assert run("spider", "play", "--unrestricted-deal", input="q\n") == (
        2, "", "error: --unrestricted-deal: the saved game is played with 1 suit and no deal while a column "
               "is empty" + tail)
    assert run("spider", "play", "-s", "4", "--unrestricted-deal", input="q\n") == (
        2, "", "error: --suits 4 and --unrestricted-deal: the saved game is played with 1 suit and no deal "
               "while a column is empty" + tail)
    assert run("spider", "play", "-s", "1", "-q", input="q\n")[0] == 0  # what it is played with: resumed


# -- a position's deal field: the deal it comes from, as FreeCell's --------------------------------
D9 = format_compact(deal(9, suits=1))
AS_5 = D9[: -len(":9")] + ":5"  # deal 9's cards, said to be deal 5 with 0 moves made
MISLABELLED = "the position says deal 5 (1 suit), but its cards are not deal 5's"


def test_a_position_at_its_start_must_be_the_deal_it_names(tmp_path, monkeypatch):
    """With 0 moves made a position is its deal as dealt: solve wrote the header `# spider
    deal 5` for deal 9's cards, and verify then replayed deal 5 and failed."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    refused = (2, "", f"error: {MISLABELLED}\n")
    out = tmp_path / "x.txt"
    assert run("spider", "solve", AS_5, "-o", str(out)) == refused and not out.exists()
    assert run("spider", "show", AS_5) == refused
    assert run("spider", "show", input=AS_5) == (2, "", f"error: stdin: {MISLABELLED}\n")
    assert run("spider", "play", "-p", AS_5, input="q\n") == refused
    assert run("spider", "move", "-p", AS_5, "d") == refused
    as_json = run("spider", "deal", "9", "-s", "1", "-f", "json")[1].replace('"deal":9', '"deal":5')
    assert run("spider", "show", "-p", as_json) == refused
    header = tmp_path / "h.txt"
    header.write_text(f"# spider start {AS_5}\n23\n")
    assert run("spider", "verify", str(header)) == (
        2, "", f"error: {header}: line 1: the start position in the header: {MISLABELLED}\n")
    saved = tmp_path / "g.json"
    saved.write_text(orjson.dumps({"format": "freecell-cli-spider-game", "version": 1, "start": AS_5,
                                   "unrestricted": False, "moves": [], "redo": [], "won": False}).decode())
    assert run("spider", "verify", str(saved)) == (
        2, "", f"error: {saved}: saved Spider game is damaged: start: {MISLABELLED}\n")
    # its own deal, or no deal named: read as before
    assert run("spider", "show", D9)[0] == run("spider", "show", D9[: -len(":9")])[0] == 0


def test_a_position_after_moves_is_held_to_its_deal_where_no_move_reaches(tmp_path):
    """After moves the deal field names the game the table comes from: what no move
    changes (each column's face-down cards, the stock left) must be that deal's, so
    a relabelled table is refused; a played one keeps its label, and solve names
    the start by its position, which verify replays."""
    moved = run("spider", "move", "-p", D9, "d")[1].strip()
    relabelled = moved[: -len(":9")] + ":5"
    refused = "error: the position says deal 5 (1 suit), but its cards are not deal 5's\n"
    assert run("spider", "show", relabelled) == (2, "", refused)
    assert run("spider", "solve", relabelled) == (2, "", refused)
    assert run("spider", "show", moved)[1].startswith(
        "deal 9 | 1 suit | stock 40 cards (4 deals) | removed 0 of 8 | moves 1\n")
    out = tmp_path / "x.txt"
    code, _, err = run("spider", "solve", moved, "-o", str(out))
    assert code == 0 and err.startswith("solved: ")
    header, moves = out.read_text().split("\n", 1)
    count = len(moves.split())
    assert header == f"# spider start {moved} ({count} moves)"
    assert run("spider", "verify", str(out)) == (0, f"OK deal 9 (1 suit): solved in {count} moves\n", "")


# -- the header of a solution file: read as written, or refused --------------------------------------
@pytest.fixture(scope="module")
def deal_1_moves():
    """A winning line of deal 1 with 1 suit, without its header."""
    code, out, _ = run("spider", "solve", "--deal", "1", "-s", "1", "-q")
    head, moves = out.split("\n", 1)
    assert code == 0 and head.startswith("# spider deal 1, 1 suit, ")
    return moves, len(moves.split())


@pytest.mark.parametrize("header", ["# spider deal 1, 1\tsuit", "# spider deal 1, 1  suit", "# spider deal 1, 1suit",
                                    "# spider deal 1, 1-suit", "# spider deal 1, 1 Suit", "#spider deal #1 1 suit"])
def test_the_suits_are_read_however_they_are_spaced(tmp_path, deal_1_moves, header):
    """`1<TAB>suit` and the like were not read: deal 1 was replayed with 4 suits."""
    moves, count = deal_1_moves
    path = tmp_path / "s.txt"
    path.write_text(f"{header}\n{moves}")
    assert run("spider", "verify", str(path)) == (0, f"OK deal 1 (1 suit): solved in {count} moves\n", "")


@pytest.mark.parametrize("header, why", [
    ("# spider deal 1, one suit", ": cannot read the number of suits (write it as 1 suit, 2 suits or 4 suits)"),
    ("# spider deal 1, suits: 1", ": cannot read the number of suits (write it as 1 suit, 2 suits or 4 suits)"),
    ("# spider deal 1, 1 suit\x1b[2J 2 Suits", " names the suits twice"),
    ("# spider deal 1,\tonesuit", ": cannot read the number of suits (write it as 1 suit, 2 suits or 4 suits)"),
    ("# spider deal 1 deal 2, 1 suit 2 suits", " names the deal twice"),
    ("# spider deal 1, 1 suit 1 suit", " names the suits twice"),
    ("# spider deal 1, 1 suit, 5 moves 6 moves", " names the move count twice"),
])
def test_a_header_it_cannot_read_whole_is_refused(tmp_path, deal_1_moves, header, why):
    """A header whose suits could not be read meant 4 suits, and one that named a thing
    twice took the first: the file was replayed as another game."""
    path = tmp_path / "s.txt"
    path.write_text(f"{header}\n{deal_1_moves[0]}")
    quoted = header.replace("\t", "\\t").replace("\x1b", "\\x1b")
    assert run("spider", "verify", str(path)) == (2, "", f'error: {path}: line 1: header "{quoted}"{why}\n')


def test_a_header_deal_number_with_separators_is_that_number(tmp_path):
    # 1,000 was read as deal 1; it is deal 1000, as FreeCell reads `# deal: 1,000`
    moves = run("spider", "solve", "--deal", "1000", "-s", "1", "-q")[1]
    path = tmp_path / "s.txt"
    path.write_text("# spider deal 1,000, 1 suit\n" + moves)
    code, out, err = run("spider", "verify", str(path))
    assert (code, err) == (0, "") and out.startswith("OK deal 1000 (1 suit): solved in ")
    for number, quoted in (("1.000", "'1.000'"), ("1'000", '"1\'000"'), ("1,00", "'1,00'")):
        path.write_text(f"# spider deal {number}, 1 suit\n" + moves)
        assert run("spider", "verify", str(path)) == (2, "", f"error: {path}: line 1: header: not a deal number: {quoted}\n")


# -- -p/--position once, as FreeCell's commands ------------------------------------------------------
@pytest.mark.parametrize("command", [["show"], ["solve"], ["move", "23"], ["verify", "x.txt"], ["play"],
                                     ["replay", "x.txt"]])
@pytest.mark.parametrize("given", [["-p", D1, "-p", D9], [f"--position={D1}", f"-p{D9}"]])
def test_a_position_given_twice_is_refused_as_in_freecell(command, given, monkeypatch, capsys):
    """The last -p won, unsaid (`spider solve -p a.txt -p b.txt` solved b.txt)."""
    import sys

    from freecell_cli.cli import _run

    monkeypatch.setattr(sys, "argv", ["freecell", "spider", command[0], *given, *command[1:]])
    assert _run() == 2
    assert capsys.readouterr() == ("", "error: give one position: an argument, -p/--position, or --deal\n")
