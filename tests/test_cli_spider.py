import re

import orjson
import pytest

from cli_helpers import run
from freecell_cli.spider.deals import deal
from freecell_cli.spider.formats import format_compact
from freecell_cli.spider.verify import format_solution

D1 = format_compact(deal(1, suits=1)) + "\n"


def test_deal_exact_and_json():
    assert run("spider", "deal", "1", "--suits", "1") == (0, D1, "")
    code, out, _ = run("spider", "deal", "1", "-s", "2", "-f", "json")
    d = orjson.loads(out)
    assert code == 0 and d["suits"] == 2 and d["deal"] == 1 and len(d["stock"]) == 50


def test_deal_random_winnable_and_errors():
    a = run("spider", "deal", "--random", "--seed", "7")
    assert a == run("spider", "deal", "--random", "--seed", "7") and a[0] == 0 and a[2].startswith("random deal: ")
    code, out, err = run("spider", "deal", "--winnable", "-s", "1", "--seed", "3")
    assert code == 0 and err.startswith("winnable deal: ")
    assert run("spider", "deal", "x") == (2, "", "error: not a deal number: 'x'\n")
    assert run("spider", "deal")[0] == 2
    assert run("spider", "deal", "1", "--suits", "3")[0] == 2


def test_show_plain_and_legal():
    code, out, _ = run("spider", "show", "--legal", input=D1)
    assert code == 0 and out.startswith("deal 1 | 1 suit | stock 50 cards (5 deals)")
    assert out.endswith("legal moves (7): 23 29 47 52 81 01 d\n")


def test_move_ok_refused_and_malformed():
    code, out, err = run("spider", "move", "23", "47", input=D1)
    assert code == 0 and out.endswith(":-:2:1\n") and err == ""
    assert run("spider", "move", "23", "32", input=D1) == (
        1, "", 'error: move 2 "32": JS cannot go on 9S: it needs a card one rank higher\n')
    assert run("spider", "move", "2x", input=D1) == (
        2, "", "error: move 1 \"2x\": not a Spider move: '2x' (e.g. 38, 30v2 with 0 for column 10, d to deal)\n")
    assert run("spider", "move", "23", input="spider4:nonsense") [0] == 2
    code, out, _ = run("spider", "move", "d", "-f", "json", input=D1)
    assert code == 0 and orjson.loads(out)["moves"] == 1


def test_verify_exit_codes_and_json(tmp_path):
    good = tmp_path / "good.txt"
    from freecell_cli.spider.solve import Limits, solve

    r = solve(deal(5, suits=1), Limits(time=30))
    good.write_text(format_solution(r.notation, deal(5, suits=1)))
    assert run("spider", "verify", str(good)) == (0, f"OK deal 5 (1 suit): solved in {r.move_count} moves\n", "")
    partial = tmp_path / "partial.txt"
    partial.write_text("23 47\n")
    assert run("spider", "verify", str(partial), "--deal", "1", "--suits", "1") == (
        1, "FAIL deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n", "")
    bad = tmp_path / "bad.txt"
    bad.write_text("23 32\n")
    code, out, _ = run("spider", "verify", str(bad), "--deal", "1", "--suits", "1", "--json")
    assert code == 1
    assert orjson.loads(out) == {"file": str(bad), "valid": False, "solved": False, "moves": 1, "suits": 1,
                                 "deal": 1, "removed": 0,
                                 "error": {"index": 2, "move": "32",
                                           "reason": "JS cannot go on 9S: it needs a card one rank higher"}}
    assert run("spider", "verify", str(partial)) == (
        2, "", f"error: {partial}: the solution names no deal: give --deal N (and --suits S) or -p POSITION\n")
    assert run("spider", "verify", str(tmp_path / "missing.txt"))[0] == 2


def test_solve_json_then_verify(tmp_path):
    code, out, err = run("spider", "solve", "--deal", "5", "--suits", "1", "--json")
    d = orjson.loads(out)
    assert code == 0 and d["verdict"] == "solved" and d["move_count"] == len(d["moves"]) == len(d["steps"])
    assert {"deal": True} in d["steps"] and set(d) >= {"seconds", "states"}
    sol = tmp_path / "s.txt"
    assert run("spider", "solve", "--deal", "5", "-s", "1", "-o", str(sol))[0] == 0
    assert run("spider", "verify", str(sol))[0] == 0


def test_solve_gives_up_with_exit_3():
    code, out, err = run("spider", "solve", "--deal", "2", "--max-states", "200", "--json")
    assert code == 3 and orjson.loads(out)["verdict"] == "gave-up" and err.startswith("gave up: state limit")


# Seed 003's second table, row 3, on a whole 2-suit table (two runs left): 9S 8H 7S
# ends column 2 and 9H 8S 7H column 8; no column is empty and no end card has a card
# one rank lower at another end, so the only hope is a run onto a 10, and a mixed
# run does not move as one: not a single move. With 9S 8S 7S and 9H 8H 7H both runs
# move, and the game is won.
MIXED_LOST = "spider2:.KSQSJSTS/.9S8H7S/.6S5H/.4S5S/.2S3S/.AS/.KHQHJHTH/.9H8S7H/.4H6H2H3H/.AH:-:HHHSSS:0"
MIXED_WON = "spider2:.KSQSJSTS/.9S8S7S/.6S5H/.4S5S/.2S3S/.AS/.KHQHJHTH/.9H8H7H/.4H6H2H3H/.AH:-:HHHSSS:0"
# Three cards on the table and ten in the stock: ten columns are never all filled, so
# the stock is never dealt (seed 003's third section) and the spades never complete;
# with --unrestricted-deal the first move deals it.
DEAL_LOST = "spider1:.KSQSJS/././././././././.:TS9S8S7S6S5S4S3S2SAS:SSSSSSS:0"


@pytest.mark.parametrize("exhaustive", [[], ["--exhaustive"]])
def test_solve_proves_the_seed_examples_unsolvable(exhaustive):
    assert run("spider", "solve", MIXED_LOST, *exhaustive) == (
        1, "", "unsolvable: the search was complete (1 position)\n")
    assert run("spider", "solve", DEAL_LOST, *exhaustive) == (
        1, "", "unsolvable: the search was complete (910 positions)\n")
    code, out, err = run("spider", "solve", "-p", DEAL_LOST, "--json", *exhaustive)
    d = orjson.loads(out)
    assert code == 1 and err == "unsolvable: the search was complete (910 positions)\n"
    assert (d["verdict"], d["moves"], d["steps"], d["positions"], d["reason"]) == ("unsolvable", [], [], 910, None)
    assert d["states"] == 910 if exhaustive else d["states"] > 910  # (the heuristic search's, then the proof's)


def test_solve_wins_the_seed_examples_turned_the_other_way(tmp_path):
    code, out, err = run("spider", "solve", MIXED_WON, "--exhaustive")
    assert (code, out) == (0, f"# spider start {MIXED_WON} (15 moves)\n87 98 98 97 37 43 54 08 97 87\n65 54 43 32 21\n")
    assert re.fullmatch(r"solved: 15 moves, 16 states, \d+\.\d\d s\n", err)
    code, out, err = run("spider", "solve", MIXED_WON, "-o", str(tmp_path / "m.txt"))
    assert (code, out) == (0, "") and err.startswith("solved: 16 moves, ")
    assert run("spider", "verify", str(tmp_path / "m.txt")) == (0, f"OK {tmp_path / 'm.txt'}: solved in 16 moves\n", "")
    code, out, err = run("spider", "solve", DEAL_LOST, "--unrestricted-deal")
    assert (code, out) == (0, f"# spider start {DEAL_LOST} (10 moves)\nd 21 31 41 51 61 71 81 91 01\n")
    assert re.fullmatch(r"solved: 10 moves, 10 states, \d+\.\d\d s\n", err)


def test_solve_limits_reach_the_complete_search(monkeypatch):
    import importlib

    from freecell_cli.spider import budget

    for exhaustive in ([], ["--exhaustive"]):
        assert run("spider", "solve", DEAL_LOST, "--max-states", "100", *exhaustive) == (
            3, "", "gave up: state limit of 100 reached (100 states explored)\n")
    monkeypatch.setattr(budget, "MAX_STORED", 50)
    assert run("spider", "solve", DEAL_LOST, "--exhaustive") == (
        3, "", "gave up: position limit of 50 reached (50 states explored)\n")
    monkeypatch.setattr(budget, "MAX_STORED", 1000)  # the heuristic search's positions too
    code, out, err = run("spider", "solve", "--deal", "2", "--time-limit", "0")
    assert (code, out) == (3, "") and re.fullmatch(r"gave up: position limit of 1,000 reached \([\d,]+ states explored\)\n", err)


def test_solve_time_limits(monkeypatch):
    """Default 60 s, none with --exhaustive, 0 for none (not 60 s)."""
    import importlib

    solver = importlib.import_module("freecell_cli.spider.solve")
    seen = []
    real = solver.solve
    monkeypatch.setattr(solver, "solve", lambda p, limits, *a: seen.append(limits.time) or real(p, limits, *a))
    for args in ([], ["--exhaustive"], ["--time-limit", "0"], ["--time-limit", "5"], ["--exhaustive", "--time-limit", "5"]):
        assert run("spider", "solve", MIXED_LOST, *args)[0] == 1
    assert seen == [60.0, None, None, 5.0, 5.0]


def test_play_line_mode(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = run("spider", "play", "1", "--suits", "1", input="23\nu\nq\n")
    assert code == 0 and "moves 1" in out and "undone" in out
    code, out, err = run("spider", "play", input="q\n")
    assert code == 0 and out.startswith("deal 1 | 1 suit")


def test_spider_is_not_imported_for_freecell_commands():
    import subprocess
    import sys

    code = ("import sys; from freecell_cli.cli import build_app; build_app('deal'); "
            "print(any(m.startswith('freecell_cli.spider') or m == 'freecell_cli.cli.spider' for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout == "False\n"


def test_analyze_spider_records():
    code, out, err = run("analyze", "5", "--game", "spider", "--suits", "1", "--jobs", "1", "--time-limit", "30")
    rec = orjson.loads(out)
    assert code == 0 and rec["game"] == "spider" and rec["suits"] == 1 and rec["verdict"] == "solved"
    assert len(rec["solution"].split()) == rec["move_count"] and "solved: 1" in err


def test_spider_help_lists_whole_sentences():
    code, out, _ = run("spider", "--help")
    assert code == 0
    listed = [line for line in out.splitlines() if line.startswith("  ") and not line.strip().startswith("-")]
    assert len(listed) >= 6 and not any(line.endswith("...") for line in listed)


def test_show_deal_without_a_pipe():
    """`spider show --deal N --suits S` is `spider deal N --suits S | spider show`."""
    piped = run("spider", "show", "--legal", input=D1)
    assert run("spider", "show", "--deal", "1", "--suits", "1", "--legal") == piped
    assert run("spider", "show", "--deal", "#1", "-s", "1", "--legal") == piped
    code, out, err = run("spider", "show", "--deal", "1")  # 4 suits by default, as spider deal
    assert (code, err) == (0, "") and out.startswith("deal 1 | 4 suits | stock 50 cards (5 deals)")
    code, out, err = run("spider", "show", "--deal", "1", "-s", "2", "--json")
    d = orjson.loads(out)
    assert (code, err) == (0, "") and (d["deal"], d["suits"], d["won"], d["moves"]) == (1, 2, False, 0)
    assert d["position"] == run("spider", "deal", "1", "-s", "2")[1].rstrip("\n")
    # the largest deal number PySolFC takes
    code, out, _ = run("spider", "show", "--deal", "9999999999999999999", "-s", "2")
    assert code == 0 and out.startswith("deal 9999999999999999999 | 2 suits |")


def test_show_deal_into_a_file(tmp_path):
    target = tmp_path / "d1.txt"
    assert run("spider", "show", "--deal", "1", "-s", "1", "--legal", "-o", str(target)) == (0, "", "")
    assert target.read_text() == run("spider", "show", "--legal", input=D1)[1]


BIG = "9" * 5000
OUT_OF_RANGE = "is out of range (1 to 9,999,999,999,999,999,999)"


@pytest.mark.parametrize("args, message", [
    (["--deal", "-1"], "not a deal number: '-1'"),
    (["--deal", "x"], "not a deal number: 'x'"),
    (["--deal", ""], "not a deal number: ''"),
    (["--deal", "1.5"], "not a deal number: '1.5'"),
    (["--deal", "١"], "not a deal number: '١'"),
    (["--deal", "0"], f"Spider deal number 0 {OUT_OF_RANGE}"),
    (["--deal", "10000000000000000000"], f"Spider deal number 10000000000000000000 {OUT_OF_RANGE}"),
    (["--deal", BIG], f"Spider deal number with over 60 digits {OUT_OF_RANGE}"),
    (["--suits", "2"], "--suits goes with --deal"),
    ([D1, "-s", "1"], "--suits goes with --deal"),
    ([D1, "--deal", "1"], "give one position: an argument, -p/--position, or --deal"),
    (["-p", D1.rstrip("\n"), "--deal", "1"], "give one position: an argument, -p/--position, or --deal"),
    (["--deal", "1", "--json", "--plain"], "--json and --plain cannot be combined: --json prints data, not a picture"),
])
def test_show_deal_refuses_bad_values_and_conflicts(args, message):
    assert run("spider", "show", *args, input="") == (2, "", f"error: {message}\n")


@pytest.mark.parametrize("command", [["show", "--deal", "1"], ["verify", "x.txt", "--deal", "1"]])
def test_3_suits_is_one_usage_line(command):
    """Through the real entry point (typer's own usage errors are made one line there)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "freecell_cli", "spider", *command, "--suits", "3"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: Invalid value for '--suits' / '-s': '3' is not one of '1', '2', '4'. "
               f"(see 'freecell spider {command[0]} --help')\n")


REFUSED = 'FAIL deal 1 (1 suit): move 2 "32": JS cannot go on 9S: it needs a card one rank higher\n'


def test_verify_show_draws_the_position_before_the_refused_move(tmp_path):
    from freecell_cli.spider.moves import Move, apply
    from freecell_cli.spider.render import render_plain

    bad = tmp_path / "bad.txt"
    bad.write_text("# spider deal 1, 1 suit\n23 32 47\n")
    before = apply(deal(1, suits=1), Move.parse("23"))
    drawn = render_plain(before) + format_compact(before) + "\n"
    assert drawn.startswith("deal 1 | 1 suit | stock 50 cards (5 deals) | removed 0 of 8 | moves 1\n")
    assert drawn.endswith(":-:1:1\n")
    assert run("spider", "verify", "--show", str(bad)) == (1, REFUSED + drawn, "")
    assert run("spider", "verify", str(bad)) == (1, REFUSED, "")
    # the start from -p: the same table
    assert run("spider", "verify", "--show", "-p", D1.rstrip("\n"), str(bad)) == (1, REFUSED + drawn, "")
    # several files: each FAIL line names its file and has its table under it
    named = REFUSED.replace("FAIL deal", f"FAIL {bad}: deal")
    assert run("spider", "verify", "--show", str(bad), str(bad)) == (1, 2 * (named + drawn), "")


def test_verify_show_draws_nothing_without_a_refused_move(tmp_path):
    """As FreeCell's verify --show: only a refused move has a position to show."""
    from freecell_cli.spider.solve import Limits, solve

    partial = tmp_path / "partial.txt"
    partial.write_text("# spider deal 1, 1 suit\n23 47\n")
    assert run("spider", "verify", "--show", str(partial)) == (
        1, "FAIL deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n", "")
    good = tmp_path / "good.txt"
    r = solve(deal(5, suits=1), Limits(time=30))
    good.write_text(format_solution(r.notation, deal(5, suits=1)))
    assert run("spider", "verify", "--show", str(good)) == (0, f"OK deal 5 (1 suit): solved in {r.move_count} moves\n", "")


def test_verify_format_text_and_json(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("# spider deal 1, 1 suit\n23 32\n")
    as_json = run("spider", "verify", "--json", str(bad))
    assert as_json[0] == 1 and as_json[2] == "" and orjson.loads(as_json[1])["error"]["index"] == 2
    assert run("spider", "verify", "-f", "json", str(bad)) == as_json
    assert run("spider", "verify", "--format", "json", str(bad)) == as_json
    assert run("spider", "verify", "-f", "json", "--json", str(bad)) == as_json  # --json is -f json
    assert run("spider", "verify", "-f", "text", str(bad)) == (1, REFUSED, "")
    assert run("spider", "verify", "-f", "text", "--show", str(bad)) == run("spider", "verify", "--show", str(bad))
    code, out, err = run("spider", "verify", "-f", "json", str(bad), str(bad))  # JSON Lines: one object per file
    assert (code, err) == (1, "") and [orjson.loads(line) for line in out.splitlines()] == 2 * [orjson.loads(as_json[1])]


@pytest.mark.parametrize("args, message", [
    (["--json", "-f", "text"], "--json and -f text cannot be combined: --json is -f json"),
    (["--json", "--show"], "--json and --show cannot be combined: --show draws a table, not JSON"),
    (["-f", "json", "--show"], "-f json and --show cannot be combined: --show draws a table, not JSON"),
    (["-f", "xml"], "unknown output format 'xml' (text or json)"),
    (["-f", "JSON"], "unknown output format 'JSON' (text or json)"),
    (["-f", ""], "unknown output format '' (text or json)"),
    (["-f", "x" * 5000], f"unknown output format '{'x' * 40}' (text or json)"),
    (["--deal", "-1"], "--deal: not a deal number: '-1'"),
    (["--deal", "x"], "--deal: not a deal number: 'x'"),
    (["--deal", "0"], f"--deal: Spider deal number 0 {OUT_OF_RANGE}"),
    (["--deal", BIG], f"--deal: Spider deal number with over 60 digits {OUT_OF_RANGE}"),
    (["-p", D1.rstrip("\n"), "--deal", "1"], "-p/--position and --deal cannot be combined: the position is the start"),
    (["-p", D1.rstrip("\n"), "-s", "1"], "-p/--position and --suits cannot be combined: the position is the start"),
    (["-p", "-", "-"], "stdin (-) can be read only once"),
])
def test_verify_refuses_bad_values_and_conflicts_before_reading(tmp_path, args, message):
    bad = tmp_path / "bad.txt"
    bad.write_text("# spider deal 1, 1 suit\n23 32\n")
    files = [] if "-" in args else [str(bad)]
    assert run("spider", "verify", *args, *files, input="") == (2, "", f"error: {message}\n")
    assert run("spider", "verify", *args, *files, "--json", input="")[:2] == (2, "")  # no JSON begun


def test_verify_json_malformed_files_are_whole_lines_and_exit_2(tmp_path):
    """With --json each file gets one whole object, in order, even one that cannot be
    read; the error goes to stderr; the worst exit code wins (2 over 1)."""
    files = {
        "empty.txt": b"",
        "comment.txt": b"# only a comment\n",
        "binary.txt": b"\x00\xffjunk",
        "latin1.txt": b"23 \xe947\n",
        "header.txt": b"# spider deal 1, 3 suits\n23\n",
        "huge-deal.txt": b"# spider deal 99999999999999999999999\n23\n",
        "token.txt": b"23 zz\n",
        "refused.txt": b"23 32\n",
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "big.txt").write_bytes(b"")
    import os

    os.truncate(tmp_path / "big.txt", 16 * 1024 * 1024 + 1)  # sparse: over the limit without writing it
    names = [*files, "big.txt", "missing.txt", "."]
    paths = [str(tmp_path / name) if name != "." else str(tmp_path) for name in names]
    code, out, err = run("spider", "verify", "--deal", "1", "-s", "1", "--json", *paths)
    assert code == 2 and out.endswith("\n")
    lines = [orjson.loads(line) for line in out.splitlines()]
    assert [d["file"] for d in lines] == paths
    reasons = [d["error"]["reason"] for d in lines]
    p = dict(zip(names, paths))
    assert reasons == [
        "empty file, no moves",
        "empty file, no moves",
        f"{p['binary.txt']}: line 1: binary data, not a solution",
        f"{p['latin1.txt']}: line 1: not UTF-8 text",
        "line 1: header: Spider has 1, 2 or 4 suits, not 3",
        "line 1: header: Spider deal number 99999999999999999999999 is out of range (1 to 9,999,999,999,999,999,999)",
        "line 1: not a Spider move: 'zz' (e.g. 38, 30v2 with 0 for column 10, d to deal)",
        "JS cannot go on 9S: it needs a card one rank higher",
        f"{p['big.txt']} is larger than 16,777,216 bytes, the limit for a solution",
        f"cannot read {p['missing.txt']}: No such file or directory",
        f"{p['.']} is a directory, not a file",
    ]
    unreadable = {"binary.txt", "latin1.txt", "big.txt", "missing.txt", "."}
    for name, d in zip(names, lines):
        if name == "refused.txt":
            assert (d["valid"], d["solved"], d["moves"]) == (False, False, 1)
        else:
            assert d == {"file": p[name], "valid": None, "solved": None, "moves": 0,
                         "error": {"index": None, "move": None, "reason": d["error"]["reason"]}}
    # stderr: one line a malformed file (the refused move is a verdict, on stdout)
    assert err.splitlines() == [f"error: {r}" if n in unreadable else f"error: {p[n]}: {r}"
                                for n, r in zip(names, reasons) if n != "refused.txt"]
    text = run("spider", "verify", "--deal", "1", "-s", "1", *paths)
    assert (text[0], text[2]) == (2, err) and text[1] == REFUSED.replace("FAIL deal", f"FAIL {p['refused.txt']}: deal")


def test_verify_json_from_stdin(tmp_path):
    code, out, err = run("spider", "verify", "--json", "-", input="")
    assert (code, err) == (2, "error: stdin: empty file, no moves\n")
    assert orjson.loads(out) == {"file": "stdin", "valid": None, "solved": None, "moves": 0,
                                 "error": {"index": None, "move": None, "reason": "empty file, no moves"}}
    code, out, err = run("spider", "verify", "--json", "--deal", "1", "-s", "1", "-", input="23 47\n")
    assert (code, err) == (1, "") and orjson.loads(out)["file"] == "stdin"


def test_play_a_deal_to_the_end_says_won_as_freecell(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, solution, _ = run("spider", "solve", "--deal", "5", "-s", "1", "-q")
    assert code == 0
    count = len(solution.split("\n", 1)[1].split())
    code, out, err = run("spider", "play", "5", "-s", "1", input=solution)
    assert (code, err) == (0, "") and out.splitlines()[-1] == f"won deal 5 in {count} moves"


@pytest.mark.parametrize("args, message", [
    (["--deal", "5", "5"], "give the deal as N or --deal N, not both"),
    (["--deal", "5", "-p", "x"], "give one position: an argument, -p/--position, or --deal"),
    (["--deal", "5", "--random"], "choose one of N, --random, --position, --resume"),
    (["--deal", "x"], "not a deal number: 'x'"),
    (["--deal", "0"], f"Spider deal number 0 {OUT_OF_RANGE}"),
])
def test_play_deal_refuses_as_show_deal(tmp_path, monkeypatch, args, message):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert run("spider", "play", *args, input="q\n") == (2, "", f"error: {message}\n")
    assert not (tmp_path / "freecell" / "spider.json").exists()


def test_play_deal_n_is_play_n(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    by_option = run("spider", "play", "--deal", "5", "-s", "2", input="q\n")
    assert by_option[0] == 0 and by_option[1].startswith("deal 5 | 2 suits |")
    assert by_option == run("spider", "play", "5", "-s", "2", input="q\n")


def test_play_echoes_a_refused_line_escaped_as_freecells_play(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = run("spider", "play", "1", "-s", "1", input="2\x003\nq\n")
    assert code == 0 and "\x00" not in out
    assert "refused '2\\x003': not a Spider move: '2\\x003' (e.g. 38, 30v2 with 0 for column 10, d to deal)\n" in out
    code, out, _ = run("play", "1", input="2\x003\nq\n")
    assert code == 0 and "refused '2\\x003': not a move: '2\\x003'\n" in out


@pytest.mark.parametrize("command", [["spider", "play", "5", "-s", "2"], ["play", "617"]])
def test_line_play_takes_only_arrow_keys_for_arrow_keys(tmp_path, monkeypatch, command):
    """Every line with an ESC in it was answered as an arrow key: `save` to such a name
    (or a move with one) was never tried. Only a line of arrow keys is."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    name = tmp_path / "no" / "s\x1b[2Jv.json"
    code, out, _ = run(*command, input=f"save {name}\n\x1b[A\n\x1b[2J\nq\n")
    spider = command[0] == "spider"
    said = (f"refused: cannot write '{tmp_path}/no/s\\x1b[2Jv.json': no folder {tmp_path}/no\n"
            f"ignored: arrow keys are not moves (type one like {'38' if spider else '5a'}; help lists the commands)\n"
            "refused '\\x1b[2J': not a " + ("Spider move: '\\x1b[2J' (e.g. 38, 30v2 with 0 for column 10, d to deal)\n"
                                        if spider else "move: '\\x1b[2J'\n"))
    if spider:
        assert (code, out) == (0, run("spider", "show", "--deal", "5", "-s", "2")[1] + said)
    else:  # FreeCell's line play shows a clock first
        table = run("show", "--deal", "617")[1]
        assert code == 0 and out.startswith("deal 617 | moves 0 | time ") and out.endswith(table + said)


# -- issue 20: streamed verify, impossible positions, numbers -------------------------------
def test_verify_stops_reading_at_the_first_refused_move(tmp_path):
    # what follows the refused move (not a move, not UTF-8, a wrong count) is never read: exit 1
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"# spider deal 1, 1 suit, 7 moves\n23 32\nzz\n\xff\n")
    assert run("spider", "verify", str(bad)) == (1, REFUSED, "")
    # legal moves then a malformed token: its line is named, counted from the file's top
    late = tmp_path / "late.txt"
    late.write_text("# spider deal 1, 1 suit\n\n23\n\n47 zz\n")
    assert run("spider", "verify", str(late)) == (
        2, "", f"error: {late}: line 5: not a Spider move: 'zz' (e.g. 38, 30v2 with 0 for column 10, d to deal)\n")
    assert run("spider", "verify", "-", input=late.read_text()) == (
        2, "", "error: stdin: line 5: not a Spider move: 'zz' (e.g. 38, 30v2 with 0 for column 10, d to deal)\n")


def test_verify_refuses_a_header_after_the_moves(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("23 47\n# spider deal 1, 1 suit\n")
    assert run("spider", "verify", "--deal", "1", "-s", "1", str(f)) == (
        2, "", f"error: {f}: line 2: the header naming the start must come before the moves\n")


def test_verify_a_long_file_of_legal_moves(tmp_path):
    # move and move back, 20,000 times: streamed, every move replayed
    start = "spider1:" + "/".join([".KSQSJSTS9S8S7S6S5S4S3S2S", ".AS"] + ["."] * 8) + ":-:SSSSSSS:0"
    f = tmp_path / "long.txt"
    f.write_text(f"# spider start {start}\n" + "23 32 23 32 23 32 23 32 23 32\n" * 2000)
    assert run("spider", "verify", str(f)) == (
        1, f"FAIL {f}: all 20,000 moves legal, not solved: 7 of 8 runs removed\n", "")


STANDING = "spider1:" + "/".join([".KSQSJSTS9S8S7S6S5S4S3S2SAS"] + ["."] * 9) + ":-:SSSSSSS:0"
STANDING_WHY = ("column 1 holds a complete run of spades, KS to AS: the rules remove it the moment it is made, "
                "so no game reaches this table")
THREE_SPADES = "spider4:" + "/".join(["."] * 10) + ":-:SSS:0"
THREE_WHY = "3 runs of spades removed: a 4-suit game has only 2 (104 cards, 2 sets of each suit)"


@pytest.mark.parametrize("command", [["show"], ["solve", "--max-states", "100"], ["move", "d", "-p"]])
@pytest.mark.parametrize("position,message", [
    (STANDING, STANDING_WHY),
    (THREE_SPADES, THREE_WHY),
    ("spider¹:" + "/".join(["."] * 10) + ":-:-:0", "'spider¹': suits must be 1, 2 or 4, not '¹'"),
    (STANDING.replace(":SSSSSSS:", ":SSSSSSSS:"),
     "AS appears 1 time; 0 left in play (the decks hold 8, 8 removed in runs of spades)"),
])
def test_impossible_positions_are_refused_by_every_command(command, position, message):
    assert run("spider", *command, position) == (2, "", f"error: {message}\n")
    # from stdin, the message names it
    args = command[:-1] if command[-1] == "-p" else command
    assert run("spider", *args, input=position + "\n") == (2, "", f"error: stdin: {message}\n")


def test_verify_refuses_an_impossible_start(tmp_path):
    f = tmp_path / "s.txt"
    f.write_text("21\n")
    assert run("spider", "verify", "-p", STANDING, str(f)) == (2, "", f"error: {STANDING_WHY}\n")
    f.write_text(f"# spider start {STANDING}\n21\n")
    assert run("spider", "verify", str(f)) == (
        2, "", f"error: {f}: line 1: the start position in the header: {STANDING_WHY}\n")


def test_json_position_numbers_are_bounded():
    d = orjson.loads(run("spider", "deal", "1", "-s", "1", "--json")[1])
    for field, value, why in [("moves", 10**18, "'moves' must be a whole number 0 to 999,999,999, not 1000000000000000000"),
                              ("moves", 2.0, "'moves' must be a whole number 0 to 999,999,999, not 2.0"),
                              ("suits", True, "'suits': suits must be 1, 2 or 4, not True")]:
        text = orjson.dumps({**d, field: value}).decode()
        assert run("spider", "show", input=text) == (2, "", f"error: stdin: {why}\n")


# -- issue 24: spider solve's status line, saved games resumed and verified --------------------
def test_spider_solve_shows_its_progress_on_a_terminal_as_solve_does():
    import sys

    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "freecell_cli", "spider", "solve", "--deal", "2", "--max-states", "5000"],
                          encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    child.close()
    shown = re.findall(r"\rsearching: ([\d,]+) states, \d+\.\d s ", child.before)
    counts = [int(n.replace(",", "")) for n in shown]
    assert child.exitstatus == 3 and len(counts) >= 2 and counts == sorted(counts)
    assert child.before.endswith("\r\x1b[Kgave up: state limit of 5,000 reached (5,000 states explored)\r\n")
    assert run("spider", "solve", "--deal", "2", "--max-states", "5000") == (  # no terminal: no status line
        3, "", "gave up: state limit of 5,000 reached (5,000 states explored)\n")


def _spider_save(path, moves, **fields):
    from freecell_cli.spider.play import Game

    game = Game(deal(1, suits=1), fields.pop("unrestricted", False))
    assert game.play(moves).ok
    path.write_bytes(orjson.dumps({**game.to_dict(), **fields}))
    return path


def test_spider_play_resumes_a_kept_game_and_a_shared_one(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    saves = tmp_path / "freecell"
    assert run("spider", "play", "1", "-s", "1", input="23\nq\n")[0] == 0
    assert run("spider", "play", "2", "-s", "1", input="q\n")[0] == 0
    kept, save = saves / "spider.json.deal-1", saves / "spider.json"
    code, out, err = run("spider", "play", "--resume", str(kept), input="47\nu\nq\n")
    assert code == 0 and out.startswith("deal 1 | 1 suit |") and "undone: 47\n" in out
    assert err == (f"resuming deal 1 at move 1: {kept} is back in {save}\n"
                   "deal 1 is saved at move 1; `freecell spider play` resumes it\n")
    assert not kept.exists() and orjson.loads(save.read_bytes())["moves"] == ["23"]
    shared = _spider_save(tmp_path / "shared.json", "23 47")
    code, out, err = run("spider", "play", "--resume", str(shared), input="q\n")
    assert (code, err) == (0, f"note: the unfinished deal 1 (1 move) is kept in {kept}: its moves are all there "
                              "(plain JSON)\n"
                              f"resuming deal 1 at move 2 from {shared}, saved in {save} from now on (the file is "
                              "left as it was)\n"
                              "deal 1 is saved at move 2; `freecell spider play` resumes it\n")
    assert run("spider", "play", "--resume", str(shared), "-s", "2", input="") == (
        2, "", "error: --suits 2: --resume FILE is played with 1 suit; give N or --random to start a new game "
               "with them\n")
    freecell = tmp_path / "freecell.json"
    freecell.write_bytes(orjson.dumps(__import__("freecell_cli.game").game.Game.new(617).to_dict()))
    assert run("spider", "play", "--resume", str(freecell), input="") == (
        2, "", f"error: {freecell} is a saved FreeCell game: `freecell play --resume {freecell}` plays it\n")


def test_spider_verify_and_replay_read_a_saved_game(tmp_path):
    save = _spider_save(tmp_path / "spider.json.deal-1", "23 47")
    assert run("spider", "verify", str(save)) == (
        1, "FAIL deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n", "")
    assert run("spider", "replay", str(save))[2] == "FAIL deal 1 (1 suit): all 2 moves legal, not solved: 0 of 8 runs removed\n"
    save.write_bytes(orjson.dumps({**orjson.loads(save.read_bytes()), "moves": ["23", "32"]}))
    assert run("spider", "verify", str(save)) == (
        2, "", f"error: {save}: saved Spider game is damaged: moves: JS cannot go on 9S: it needs a card one rank "
               "higher\n")
    freecell = tmp_path / "game.json"
    freecell.write_bytes(orjson.dumps(__import__("freecell_cli.game").game.Game.new(617).to_dict()))
    assert run("spider", "verify", str(freecell)) == (
        2, "", f"error: {freecell}: this is a saved FreeCell game: use freecell verify\n")


def test_spider_verify_replays_a_save_under_its_deal_rule(tmp_path):
    """A game played with --unrestricted-deal may deal while a column is empty: its
    save says so, and verify and replay replay it so (the solution file would need
    the option)."""
    from freecell_cli.spider.formats import parse_compact
    from freecell_cli.spider.play import Game

    game = Game(parse_compact(DEAL_LOST), unrestricted=True)
    assert game.play("d 21 31 41 51 61 71 81 91 01").ok and game.position.is_won()
    (tmp_path / "s.json").write_bytes(orjson.dumps(game.to_dict()))
    assert run("spider", "verify", str(tmp_path / "s.json")) == (0, f"OK {tmp_path / 's.json'}: solved in 10 moves\n", "")
    assert run("spider", "replay", str(tmp_path / "s.json"))[::2] == (0, "OK position (1 suit): solved in 10 moves\n")


def test_spider_move_takes_a_position_file_first(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    start = format_compact(deal(3, suits=1))
    (tmp_path / "sp.pos").write_text(start + "\n")
    code, out, err = run("spider", "move", "sp.pos", "d")
    assert (code, err) == (0, "") and out == run("spider", "move", start, "d")[1]
