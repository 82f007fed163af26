"""The FreeCell family on the command line: --game NAME in deal, show, move, autoplay,
verify, replay and solve, with exact output and exit codes."""

from __future__ import annotations

import re

import orjson
import pytest

from cli_helpers import run
from freecell_cli.games import FAMILY
from oracle import needs_fcsolve

SEAHAVEN_2 = ("seahaven-towers:-THJH-:0000:QDJS8SAC3H/QC6H4S8HAD/KCQS5DAH7H/3C6DQH9S3D/4C2D7STC5H/2C9C9D2S8D/"
              "KDTDKS3SKH/5CJC7CTS7D/4D8C6S9HAS/JD6C4H2H5S:2")
KINGS = "eight-off:KC-------:QKQJ:KSQS/KH//////"


# -- deal ---------------------------------------------------------------------------
def test_deal_a_family_game():
    assert run("deal", "2", "--game", "seahaven-towers") == (0, SEAHAVEN_2 + "\n", "")
    assert run("deal", "1", "--game", "eight-off") == (0, (
        "eight-off:6S-9C-2H-6H-:0000:JDKD2S4C3S6D/2DKCKS5CTD8S/9H9S9DTS4S8D/JC5SQDQHTHQS/5DADJS4H8H6C/"
        "7HQCASAC2C3D/7CKHAH4DJH8C/5H3H3C7S7DTC:1\n"), "")


def test_deal_a_board_says_no_game():
    code, out, err = run("deal", "2", "--game", "seahaven-towers", "-f", "fcs")
    assert (code, err) == (0, "")
    assert out.splitlines()[:3] == ["Foundations: H-0 C-0 D-0 S-0", "Freecells: - TH JH -", ": QD JS 8S AC 3H"]
    assert len(out.splitlines()) == 12


def test_deal_json_names_the_game_and_no_freecell_label():
    code, out, err = run("deal", "11982", "--game", "relaxed-freecell", "-f", "json")
    d = orjson.loads(out)
    assert (code, err, d["game"], d["deal"], d["variant"], "unsolvable" in d) == (
        0, "", "relaxed-freecell", 11982, None, False)


def test_deal_microsoft_numbers():
    code, out, err = run("deal", "ms100000", "--game", "bakers-game")
    assert code == 0 and out.startswith("bakers-game:----:0000:5C6SJC2D2C8S3C/") and out.endswith("5H9S\n")
    assert err == ("note: Microsoft's deal 100000 is not PySolFC's deal 100000 of Baker's Game: "
                   "the position carries no deal number\n")
    code, out, err = run("deal", "100000")  # FreeCell's deal 100000 is that table
    assert out.split(":")[2] == run("deal", "ms100000", "--game", "bakers-game")[1].split(":")[3].strip()
    assert run("deal", "ms617", "--game", "bakers-game")[1] == run("deal", "617", "--game", "bakers-game")[1]


@pytest.mark.parametrize("args,message", [
    (["5", "--game", "eight-off", "--cells", "4"],
     "--cells goes with FreeCell: Eight Off has 8 free cells (its rules fix the table)"),
    (["5", "--game", "eight-off", "--variant", "standard"],
     "--variant goes with FreeCell: Eight Off has rules of its own (eight-off)"),
    (["ms5"], "not a deal number: 'ms5'"),
    (["5", "--game", "spider"], None),
])
def test_deal_refusals(args, message):
    code, out, err = run("deal", *args)
    assert (code, out) == (2, "")
    if message is not None:
        assert err == f"error: {message}\n"
    else:  # not one of these games: Spider has its own commands
        assert "Invalid value for '--game'" in err


# -- show, move, autoplay -----------------------------------------------------------
def test_show_a_ten_column_table():
    assert run("show", "--deal", "2", "--game", "seahaven-towers", "--plain") == (0, (
        "deal 2 | seahaven-towers | can move 3 (2 free cells, 0 empty columns)\n"
        "cells a:-- b:TH c:JH d:--   home C:-- D:-- H:-- S:--\n"
        "\n"
        "  1   2   3   4   5   6   7   8   9  10\n"
        " QD  QC  KC  3C  4C  2C  KD  5C  4D  JD\n"
        " JS  6H  QS  6D  2D  9C  TD  JC  8C  6C\n"
        " 8S  4S  5D  QH  7S  9D  KS  7C  6S  4H\n"
        " AC  8H  AH  9S  TC  2S  3S  TS  9H  2H\n"
        " 3H  AD  7H  3D  5H  8D  KH  7D  AS  5S\n"), "")


def test_show_legal_moves_under_the_game_s_rules():
    code, out, err = run("show", KINGS, "--legal", "--plain")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "eight-off | can move 8 (7 free cells, 6 empty columns)"
    assert out.splitlines()[-1] == "legal moves (8): ah 1h 2h a3 13v2 23 1b 2b"


def test_show_relaxed_freecell_moves_any_run_and_json():
    code, out, _ = run("show", "--deal", "1", "--game", "relaxed-freecell", "--plain")
    assert out.splitlines()[0] == "deal 1 | relaxed-freecell | can move any run (4 free cells, 0 empty columns)"
    d = orjson.loads(run("show", "--deal", "1", "--game", "relaxed-freecell", "--json")[1])
    assert (d["rules"], d["game"], d["position"][:22]) == ("relaxed-freecell", "relaxed-freecell",
                                                           "relaxed-freecell:----:")


def test_show_svg_draws_the_game_s_table():
    code, out, err = run("show", "--deal", "1", "--game", "eight-off", "-f", "svg")
    assert (code, err) == (0, "") and out.startswith("<?xml")
    assert out.count('href="#c-') == 52 and "deal 1 | eight-off rules" in out


def test_move_same_suit():
    assert run("move", "--deal", "1", "--game", "bakers-game", "3a", "41") == (
        1, "", 'error: move 2 "41": 6H cannot go on 6S\n')
    code, out, err = run("move", "bakers-game:----:QKQJ:KH/KS/KCQS/////", "32")
    assert (code, out, err) == (0, "bakers-game:----:QKQJ:KH/KSQS/KC/////\n", "")
    assert run("move", "-p", "----:QKQJ:KH/KS/KCQS/////", "32") == (
        1, "", 'error: move 1 "32": QS cannot go on KS\n')


def test_move_kings_only():
    assert run("move", KINGS, "13") == (1, "", 'error: move 1 "13": QS cannot go into empty column 3: only a king can\n')
    assert run("move", KINGS, "13v2", "a1") == (0, "eight-off:--------:QKQJ:KC/KH/KSQS/////\n", "")
    assert run("move", KINGS, "--empty-column", "max", "13") == (0, "eight-off:KC-------:QKQJ:/KH/KSQS/////\n", "")


def test_move_names_the_tenth_column_as_freecell_solver_does():
    code, out, err = run("move", SEAHAVEN_2, "9h", "2h", "4a", "4d", "c4", "b4", "8c", "d8", "c6", "9b", "9d",
                         "9c", "a9", "b4", "5a", "5b", "d5", "1d", "1h", "105")
    assert (code, err) == (0, "") and out.split(":")[3].split("/")[9] == "JD6C4H2H"
    assert out.split(":")[3].split("/")[4] == "4C2D7S6S5S"  # 105: 5S from the tenth column onto 6S
    # a FreeCell table has no tenth column: the move is not one there, as before
    assert run("move", "--deal", "1", "510") == (2, "", "error: move 1 \"510\": not a move: '510'\n")


def test_move_refuses_freecell_s_options_with_a_family_game():
    assert run("move", "--deal", "1", "--game", "forecell", "--variant", "site", "1a") == (
        2, "", "error: --variant goes with FreeCell: Forecell has rules of its own (forecell)\n")
    assert run("move", KINGS, "--cells", "4", "1a") == (
        2, "", "error: --cells goes with FreeCell: Eight Off has 8 free cells (its rules fix the table)\n")


def test_a_position_of_another_game_is_refused():
    assert run("show", KINGS, "--game", "seahaven-towers") == (
        2, "", "error: the position is Eight Off's, not Seahaven Towers'\n")


def test_autoplay_safe_where_columns_build_by_suit():
    table = "----:20KK:AD2D3D4D5D6D7D8D9DTDJDQDKD/KCQCJCTC9C8C7C6C5C4C3C//////"
    code, out, err = run("autoplay", "--mode", "safe", "--moves", "bakers-game:" + table)
    assert (code, out) == (0, "bakers-game:----:K0KK:AD2D3D4D5D6D7D8D9DTDJDQDKD///////\n")
    assert err == "11 moves: 2h 2h 2h 2h 2h 2h 2h 2h 2h 2h 2h\n"
    assert run("autoplay", "--mode", "safe", "--moves", "-p", table) == (0, table + "\n", "0 moves\n")


# -- verify and replay ----------------------------------------------------------------
SOLUTION_3 = """# freecell-cli solution
# game: forecell
# deal: 3
# moves: 3
2a 2b 8c
"""


def test_verify_reads_the_game_from_the_file_and_checks_it(tmp_path):
    sol = tmp_path / "f.sol"
    sol.write_text(SOLUTION_3)
    assert run("verify", str(sol)) == (
        1, 'FAIL deal 3 (forecell): move 1 "2a": free cell a holds 8C\n', "")
    assert run("verify", str(sol), "--game", "forecell") == run("verify", str(sol))
    assert run("verify", str(sol), "--game", "eight-off") == (
        2, "", f"error: {sol}: line 2: the solution is for Forecell, read as Eight Off's\n")
    assert run("verify", str(sol), "--game", "freecell") == (
        2, "", f"error: {sol}: line 2: the solution is for Forecell, read as FreeCell's\n")


def test_verify_a_game_less_file_under_a_game(tmp_path):
    sol = tmp_path / "moves.txt"
    sol.write_text("28\n")  # deal 3: 4S on 5H builds in alternate colours, not by suit
    assert run("verify", "--deal", "3", "--game", "bakers-game", str(sol)) == (
        1, 'FAIL deal 3 (bakers-game): move 1 "28": 4S cannot go on 5H\n', "")
    assert run("verify", "--deal", "3", str(sol)) == (
        1, "FAIL deal 3 (site): the one move legal, not solved: 0 cards home\n", "")


def test_replay_a_family_game_in_a_pipe():
    code, out, err = run("replay", "--deal", "3", "--game", "eight-off", "-", input="1b\n")
    assert code == 1 and err == "FAIL deal 3 (eight-off): the one move legal, not solved: 0 cards home\n"
    assert out == ("1b\neight-off:8C9S4S-5S-5C-:0000:KC7DTC4H6C/2DJHQHASTD2C/QC9DTSJD2S3H/7HJS5D8D3C4C/"
                   "6SQS6HAC9HAH/8H8SKS6DKD2H/TH9C7C3D7SJC/4DQDADKH3S5H:3\n")


# -- solve ------------------------------------------------------------------------------
def _timeless(err: str) -> str:
    """stderr with its seconds masked: the one part of the output that varies."""
    return re.sub(r"\b\d+\.\d\d s\b", "T s", err)


DEAL_2_LINES = {  # our default engine (the beam) on deal 2 of each game
    "bakers-game": (72, 20, "48,623", [
        "1h 1a 1h 8b 8h ah 6a 6c 6h 5h", "56 25 2h 65 7d 73 7h 76 7h 83", "48 4h 4h 5h 5h 5h 5h 1h 5h 2h",
        "ch 1c 1h 6h 6h 6h bh ah 2h ch", "46 46 4h 4h 38 3h 8h 8h 8h 8h", "8h dh 34 3a 38 3h 5h 5h ah 84",
        "8h 6h 6h 4h 4h 4h 2h 2h 2h 1h", "3h 7h"]),
    "eight-off": (66, 14, "35,066", [
        "2h ah 1a 1h 8b 8h ah 6a 6d 6h", "5h 4f 4h 5h 6h ch 5h 1h 5h 2h", "dh 4c 4d 4h 3h 8h 7i 7h 7h eh",
        "gh 8h ih 76 7h fh 1e 1h 6h 6h", "6h bh 4h ah 2h eh 32 34 38 3h", "5h 5h 4h 82 8h dh ch 2h 2h 2h",
        "2h 2h 2h 1h 3h 7h"]),
    "seahaven-towers": (61, 9, "11,595", [
        "2h 9h 6a 6h 7d 7h 29 2h 10h 39", "3h 10h 1h 1h 10h 5h 2h 9h 9h 9h", "9h bh ch 5b 5h 5h 1h 4h 4h 4h",
        "dh 9c 9h 3h 4h 8h 8h ah 1h 6h", "3h 7h 7h 6a 6h 4h 5h 8d 82 8h", "10h 10h dh 1h ch 7h ah bh 2h 2h",
        "3h"]),
    "forecell": (74, 22, "35,712", [
        "2h ah 4a 4h 62 42 43 53 5h 58", "b4 7b 57 d5 65 75 7h 85 1d 1h", "8h dh 6h 3h 6h 4h 4h 5h 1h 73",
        "7h ah 1a 1h 3h 6h 6h 4h 5h 5h", "3d 3h 8h 5h ch 2c 2h 2h 2h 5h", "5h 8h ah bh 57 5h 8a 8h dh ch",
        "3b 34 3h 3h ah bh 2h 2h 7h 2h", "1h 4h 3h 7h"]),
    "relaxed-freecell": (73, 21, "74,150", [
        "1h 1a 1h 8b 8h ah 6a 64 6h 5h", "7c 74 7h 67 61 6h 46v3 4d 4h 5h", "7h 2h 2h 5h 14 1h 5h 2h 48 74",
        "7h dh 1d 1h 4h 8h bh ah 2h dh", "4a 4h 4h 32 3h 84 8h 6h 6h 2h", "6h 8h ch 36 3b 3c 3h 5h 5h bh",
        "85 8h ah 4h ch 5h 6h 2h 2h 2h", "1h 3h 7h"]),
}


@pytest.mark.parametrize("game", FAMILY)
def test_solve_a_family_game_with_our_default_engine(game, tmp_path):
    moves, nonfoundation, states, lines = DEAL_2_LINES[game]
    code, out, err = run("solve", "--deal", "2", "--game", game)
    cells = 8 if game == "eight-off" else 4
    assert (code, out, _timeless(err)) == (0, "\n".join(
        ["# freecell-cli solution", f"# game: {game}", "# deal: 2", f"# cells: {cells}", f"# moves: {moves}",
         *lines]) + "\n", f"solved: {moves} moves ({nonfoundation} not to the foundation), {states} states, T s, beam\n")
    sol = tmp_path / "2.sol"
    sol.write_text(out)
    assert run("verify", str(sol)) == (0, f"OK deal 2: solved in {moves} moves ({game})\n", "")


def test_solve_a_family_game_with_each_of_our_engines():
    code, out, err = run("solve", "--deal", "2", "--game", "seahaven-towers", "--engine", "builtin", "-f", "sn")
    assert (code, out, _timeless(err)) == (0, (
        "2h 9h 3a 3h 10d 10h 1h 1h 10h 5h\n29 a9 2a 2h 9h 9h 9h bh ch 6b\n6h 7c 7h ah dh 9h 5a 5h 5h 1h\n"
        "4h 4h 4h ch 9c 9h 3h 4h 8h 8h\nbh 1h 6h 3h 7h 7h 6b 6h 4h 5h\n17 23 8d 83 8h 10h 10h dh 7h ch\n"
        "7h bh ah 3h 3h 3h\n"), "solved: 66 moves (14 not to the foundation), 21 states, T s, builtin\n")
    code, out, err = run("solve", "--deal", "3", "--game", "seahaven-towers", "--optimal", "-f", "sn")
    assert (code, out, _timeless(err)) == (0, (
        "5h 6h 3h 9a 9d 9h 2h 6h 6h 4h\n5h ch 5h 3h 8h 3h ah 5h 10a 10h\nah bh 5h dh 4a 4h 4h 1h 9h 25\n"
        "2b 2h 2h 3h 1h 1h bh 4h 82 81\n85 8h 109 10h 9h 9h 1h 1h ah 62\n6h 73 7h 7h 7h 2h 7h 3h 2h 10h\n"
        "3h 5h 1h 5h\n"), "optimal: 12 non-foundation moves (proven, 327,194 positions, T s)\n")
    assert run("solve", "--deal", "2", "--game", "relaxed-freecell", "--hint") == (
        0, "1h  (AS home, uncovers 3H; 73 moves to finish)\n", "")


def test_solve_proves_a_family_deal_unsolvable():
    # Baker's Game deal 10: the beams find nothing, the best-first search runs
    # out of positions; --exhaustive: the complete search alone.
    assert run("solve", "--deal", "10", "--game", "bakers-game") == (1, "", (
        "unsolvable: the search was complete (37,703 states): no beam found a line; the complete search found "
        "none either\n"))
    assert run("solve", "--deal", "10", "--game", "bakers-game", "--exhaustive") == (
        1, "", "unsolvable: the search was complete (5,019 states)\n")
    assert run("solve", "--deal", "1", "--game", "forecell") == (1, "", (  # no move at all
        "unsolvable: the search was complete (1 states): no beam found a line; the complete search found none "
        "either\n"))


@needs_fcsolve
def test_solve_a_family_game_with_freecell_solver(tmp_path):
    # Its line goes through our post-pass, as FreeCell's do (fc-solve's own: 104 moves).
    code, out, err = run("solve", "--deal", "2", "--game", "eight-off", "--engine", "fc-solve")
    assert (code, _timeless(err)) == (0, "solved: 93 moves (41 not to the foundation), 80 states, T s, fc-solve\n")
    assert out.splitlines()[:6] == ["# freecell-cli solution", "# game: eight-off", "# deal: 2", "# cells: 8",
                                    "# moves: 93", "2h ah 5a 5b c5 6c 6d 6f b6 2b"]
    sol = tmp_path / "2.sol"
    sol.write_text(out)
    assert run("verify", str(sol)) == (0, "OK deal 2: solved in 93 moves (eight-off)\n", "")
    code, out, err = run("solve", "--deal", "2", "--game", "seahaven-towers", "--engine", "fc-solve", "--json", "-q")
    d = orjson.loads(out)
    assert (code, d["game"], d["variant"], d["verdict"], d["engine"]) == (0, "seahaven-towers", None, "solved",
                                                                          "fc-solve")
    assert "105" in d["moves"]  # the tenth column, written as Freecell Solver writes it
    sol.write_text(out)
    assert run("verify", str(sol)) == (0, f"OK deal 2: solved in {d['move_count']} moves (seahaven-towers)\n", "")


@needs_fcsolve
def test_solve_says_what_freecell_solver_proved():
    code, out, err = run("solve", "--deal", "1", "--game", "forecell", "--engine", "fc-solve")  # no move at all
    assert (code, out, err) == (1, "", "unsolvable: the search was complete (1 states)\n")


# -- analyze ----------------------------------------------------------------------------
@needs_fcsolve
def test_analyze_a_family_game(tmp_path):
    out = tmp_path / "b.jsonl"
    code, shown, err = run("analyze", "1-5", "--game", "forecell", "-o", str(out), "--no-solutions")
    records = sorted((orjson.loads(line) for line in out.read_text().splitlines()), key=lambda r: r["deal"])
    assert code == 0 and [r["deal"] for r in records] == [1, 2, 3, 4, 5]
    assert {(r["game"], r["requested_engine"], r["engine"]) for r in records} == {("forecell", "auto", "fc-solve")}
    assert [r["verdict"] for r in records] == ["unsolvable", "solved", "solved", "solved", "solved"]
    assert "variant" not in records[0] and "cells" not in records[0]
    assert shown.splitlines()[-1] == "settings: game forecell, engine auto, time limit 60 s"
    code, _, err = run("analyze", "1-5", "--game", "eight-off", "-o", str(out))
    assert code == 2 and err == (f"error: {out} holds results made with other settings (line 1: game forecell; "
                                 "this run: game eight-off): run with the same settings, or write to another file\n")


def test_analyze_a_family_game_with_our_engines(tmp_path):
    out = tmp_path / "b.jsonl"
    code, shown, err = run("analyze", "8-10", "--game", "bakers-game", "--engine", "beam", "-o", str(out),
                           "--no-solutions")
    records = sorted((orjson.loads(line) for line in out.read_text().splitlines()), key=lambda r: r["deal"])
    assert code == 0 and [(r["deal"], r["game"], r["verdict"], r["move_count"], r["engine"]) for r in records] == [
        (8, "bakers-game", "solved", 83, "beam"), (9, "bakers-game", "solved", 90, "beam"),
        (10, "bakers-game", "unsolvable", 0, "beam+builtin")]
    assert shown.splitlines()[-1] == "settings: game bakers-game, engine beam, time limit 60 s"


@pytest.mark.parametrize("args,message", [
    (["--cells", "3"], "--game eight-off and --cells cannot be combined: a game of the FreeCell family has its own "
                       "table and rules"),
    (["--variant", "standard"], "--game eight-off and --variant cannot be combined: a game of the FreeCell family "
                                "has its own table and rules"),
    (["--min-cells"], "--min-cells: Eight Off deals 4 cards into free cells a, c, e and g, so it has no deal with "
                      "fewer than 4 free cells; min-cells counts from 0 and takes the games whose deal leaves the free "
                      "cells empty (freecell, bakers-game, relaxed-freecell)"),
])
def test_analyze_refuses_what_a_family_game_has_not(args, message):
    assert run("analyze", "1-3", "--game", "eight-off", *args) == (2, "", f"error: {message}\n")
