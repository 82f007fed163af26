import orjson
import pytest

from cli_helpers import run
from freecell_cli import deal, format_position
from oracle import pinned_deals

DEAL_617 = (
    "----:0000:7DTDTHKD4C4SJD/AD7SQC5HQSTSKS/5CQD3H9S9C2HKC/3SAC9D3C9H5D4H/"
    "5S6D6S8S7CJC/8C8H8D7H6H6C/2DAS3D4D2CJH/AHKHTCJS2SQH:617\n"
)


def test_deal_compact_exact():
    assert run("deal", "617") == (0, DEAL_617, "")


@pytest.mark.parametrize("n", [1, 2147483647, 2147483648, 4294967295, 4294967296, 8589934591])
def test_deal_fcs_columns_match_oracle(n):
    code, out, _ = run("deal", str(n), "--format", "fcs")
    assert code == 0
    cols = [line[2:] for line in out.splitlines() if line.startswith(": ")]
    assert cols == pinned_deals()[n]


def test_deal_json_and_unsolvable_note():
    code, out, err = run("deal", "11982", "-f", "json")
    assert code == 0 and err == "note: deal 11982 is one of the 8 unsolvable deals of 1..1,000,000\n"
    d = orjson.loads(out)
    assert d["deal"] == 11982 and d["unsolvable"] is True and len(d["columns"]) == 8


def test_deal_cells_and_variant():
    code, out, _ = run("deal", "1", "--cells", "2", "--variant", "standard")
    assert code == 0 and out.startswith("--:0000:") and out.endswith(":1:standard\n")


def test_daily_and_random():
    code, out, err = run("deal", "--daily", "2026-11-29")
    assert code == 0 and err.startswith("daily deal 2026-11-29: ")
    n = int(err.split(": ")[1])
    assert out.endswith(f":{n}\n") and out == format_position(deal(n)) + "\n"
    assert run("deal", "--daily")[0] == 0
    a = run("deal", "--random", "--seed", "7")
    assert a == run("deal", "--random", "--seed", "7") and a[0] == 0


@pytest.mark.parametrize(
    "args,message",
    [
        (["0"], "deal number 0 is out of range (1 to 8,589,934,591)"),
        (["8589934592"], "deal number 8589934592 is out of range (1 to 8,589,934,591)"),
        (["999999999999"], "deal number 999999999999 is out of range (1 to 8,589,934,591)"),  # never quoted
        (["9" * 70], "deal number with over 60 digits is out of range (1 to 8,589,934,591)"),
        (["--", "-3"], "not a deal number: '-3'"),
        (["abc"], "not a deal number: 'abc'"),
        ([], "give a deal number, --daily or --random"),
        (["--daily", "2026-13-01"], "not a date (YYYY-MM-DD): '2026-13-01'"),
        (["--daily", "--random"], "cannot be combined"),
        (["5", "--random"], "--random takes no deal number"),
    ],
)
def test_deal_errors(args, message):
    code, out, err = run("deal", *args)
    assert code == 2 and out == ""
    assert err == f"error: {message}\n" or (message in err and err.count("\n") == 1)


def test_leading_zeros_count_for_nothing():
    assert run("deal", "0" * 70 + "617") == run("deal", "617")


def test_usage_error_exit_2():
    code, out, err = run("deal", "1", "--cells", "99")
    assert code == 2 and out == "" and "--cells" in err


def test_version_and_help():
    from freecell_cli import __version__

    from freecell_cli.solvers import core

    assert run("--version") == (0, f"freecell-cli {__version__} (search core: {core.name()})\n", "")
    code, out, _ = run("--help")
    assert code == 0 and all(c in out for c in ("deal", "show", "move", "solve", "verify", "autoplay", "analyze", "play"))


def test_usage_errors_are_one_line_from_the_console_script():
    import subprocess
    import sys

    cases = [(["deal", "1", "--cells", "99"], "--cells"), (["bogus"], "No such command 'bogus'"),
             (["move"], "Missing argument"), (["verify", "--json"], "Missing argument")]
    for args, words in cases:
        p = subprocess.run([sys.executable, "-m", "freecell_cli", *args], capture_output=True, text=True)
        assert p.returncode == 2 and p.stdout == ""
        assert p.stderr.count("\n") == 1 and p.stderr.startswith("error: ") and words in p.stderr
