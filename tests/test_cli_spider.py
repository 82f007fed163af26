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
    (["--deal", "10000000000000000000"], f"Spider deal number '10000000000000000000' {OUT_OF_RANGE}"),
    (["--deal", BIG], f"Spider deal number '{BIG[:40]}' {OUT_OF_RANGE}"),
    (["--suits", "2"], "--suits goes with --deal"),
    ([D1, "-s", "1"], "--suits goes with --deal"),
    ([D1, "--deal", "1"], "give one position: an argument, -p/--position, or --deal"),
    (["-p", D1.rstrip("\n"), "--deal", "1"], "give one position: an argument, -p/--position, or --deal"),
    (["--deal", "1", "--json", "--plain"], "--json and --plain cannot be combined: --json prints data, not a picture"),
])
def test_show_deal_refuses_bad_values_and_conflicts(args, message):
    assert run("spider", "show", *args, input="") == (2, "", f"error: {message}\n")


def test_show_deal_with_3_suits_is_one_usage_line():
    """Through the real entry point (typer's own usage errors are made one line there)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "freecell_cli", "spider", "show", "--deal", "1", "--suits", "3"],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: Invalid value for '--suits' / '-s': '3' is not one of '1', '2', '4'. "
               "(see 'freecell spider show --help')\n")
