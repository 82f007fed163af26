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
