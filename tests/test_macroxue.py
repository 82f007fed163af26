"""macroxue's solutions (freecell_cli/solutions/macroxue.py): its lines read into our
moves as its solver means them (node.h, move.cc, tableau.h, array.h), and our moves
written as its lines; its published lines (MACROXUE_SOLUTIONS, see oracle.py) read
back as written."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import freecell_cli as fc
from freecell_cli import deal, find_variant, legal_moves
from freecell_cli.errors import FreecellError, InvalidSolution
from freecell_cli.moves import FOUNDATION, Move, apply
from freecell_cli.solutions.macroxue import MAX_PAIRS, line_deal, read_line, write_line
from oracle import macroxue_lines

STANDARD = find_variant("standard")

# Deal 617 in the three ways its solver's README shows it: no auto play, -a, -A.
README_617 = {
    "none": "617:4r462r2772424r4r4h7hch4r74d41r161h767h838h83c874212rc282878h27282h4h4h6h4h323h3r343hahbh3r3h6h6"
            "h6h5r5h6h6h646h6hbh1h131h57565h121h4h5h6h8h7h7h7hch2h4h7h7hbh3h3h2h2h2h3h3h7hah",
    "safe": "617:2r4r4627724r4r42dh4r74d41r161h768383c874212rc28287272ra232383r3438585h57535h131812",
    "max": "617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412",
}


def real_lines() -> list[str]:
    return macroxue_lines()


def file_moves_of(sol):
    """Our notation of the moves the line writes (its auto play's left out)."""
    return [m for i, m in enumerate(sol.notation()) if i not in sol.automatic]


@pytest.mark.parametrize("mode, moves, auto, note", [
    ("none", 87, 0, "line 1: read with no auto play (its solver without -a or -A): "
                    "with safe auto play (its solver's -a) it does not replay to a won game"),
    ("safe", 41, 48, "line 1: read with safe auto play (its solver's -a): the line sends cards home itself (h)"),
    ("max", 35, 52, None),
])
def test_the_readme_lines_of_each_auto_play_solve_617(mode, moves, auto, note):
    sol = read_line(README_617[mode], 1)
    assert (sol.deal, sol.variant, sol.cells, sol.file_moves, len(sol.automatic), sol.reading) == (
        617, "standard", 4, moves, auto, note)
    v = fc.verify(None, README_617[mode])
    assert (v.ok, v.moves, v.file_moves, v.variant) == (True, 87 + 2 * (mode == "safe"), moves, "standard")


def test_the_reserve_is_a_list_a_card_leaving_shifts_the_later_ones():
    sol = read_line(README_617["max"], 1)
    # 4r 4r fill cells c and d; c goes home by itself; the next 4r takes c, the
    # reserve's fourth card: its d is our c
    assert sol.tokens[6:15] == ["4r", "4r", "4h", "7h", "ch", "4r", "74", "d4", "1r"]
    assert sol.notation()[6:15] == ["4c", "4d", "4h", "7h", "ch", "4c", "74", "c4", "1c"]
    assert [sol.tokens[i] for i in sorted(sol.automatic)][:3] == ["4h", "7h", "ch"]


def test_into_an_empty_column_the_run_is_capped_at_the_supermove():
    line = next(x for x in real_lines() if x.startswith("8:"))
    sol = read_line(line, 8)
    # move 20, "86": a run of 4, one free cell, no other empty column: (1 + 1) << 0 = 2
    assert sol.tokens[[i for i in range(len(sol)) if i not in sol.automatic][19]] == "86"
    assert file_moves_of(sol)[19] == "86v2"


def test_auto_play_before_the_first_move():
    # deal 4's column 4 ends in 2D AD: both go home before its first move, 57
    assert [str(c) for c in deal(4).columns[3][-2:]] == ["2D", "AD"]
    sol = read_line(next(x for x in real_lines() if x.startswith("4:")), 4)
    assert sol.tokens[:3] == ["4h", "4h", "57"] and sorted(sol.automatic)[:2] == [0, 1]


def test_every_real_line_verifies_under_standard_and_reads_back_as_written():
    lines = real_lines()
    assert len(lines) == 101
    for lineno, line in enumerate(lines, 1):
        sol = read_line(line, lineno)
        v = fc.verify(None, sol)
        assert v.ok, (line, v.summary())
        start = deal(sol.deal)
        assert write_line(start, [sol.move(i) for i in range(len(sol))], STANDARD) == line


def test_the_line_with_h_is_read_with_safe_auto_play():
    sol = read_line(real_lines()[-1], 941)
    assert sol.deal == 1941 and "safe auto play" in sol.reading
    assert sum(t[1] == "h" for i, t in enumerate(sol.tokens) if i not in sol.automatic) == 5


def test_an_empty_line_is_no_solution():
    # its files leave the line of an unsolvable deal empty ("11982:", block.12)
    sol = read_line("11982:", 982)
    assert len(sol) == sol.file_moves == 0 and "no solution" in sol.reading
    v = fc.verify(None, sol)
    assert (v.valid, v.solved, v.summary()) == (True, False, "no moves, not solved: 0 cards home")


@pytest.mark.parametrize("line, message", [
    ("5:1r9r", 'line 3: deal 5: move 2 "9r": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:r1", 'line 3: deal 5: move 1 "r1": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:ar", 'line 3: deal 5: move 1 "ar": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:e1", 'line 3: deal 5: move 1 "e1": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:hh", 'line 3: deal 5: move 1 "hh": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:1R", 'line 3: deal 5: move 1 "1R": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:1r 2r", 'line 3: deal 5: move 2 " 2": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:1r2", 'line 3: deal 5: move 2 "2": a lone character (a move is two)'),
    ("5:1r\x1b[", 'line 3: deal 5: move 2 "\\x1b[": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("5:1r\u202e2", 'line 3: deal 5: move 2 "\\u202e2": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)'),
    ("0:1r", "line 3: deal number 0 is out of range (1 to 8,589,934,591)"),
    ("8589934592:1r", "line 3: deal number 8589934592 is out of range (1 to 8,589,934,591)"),
    ("9" * 5000 + ":1r", "line 3: deal number with over 60 digits is out of range (1 to 8,589,934,591)"),
    ("-5:1r", "line 3: not a deal number: '-5'"),
    ("²:1r", "line 3: not a deal number: '²'"),
    ("5 1r", "line 3: not a macroxue line (DEAL:MOVES): '5 1r'"),
    ("\x00", "line 3: not a macroxue line (DEAL:MOVES): '\\x00'"),  # escaped once
])
def test_a_line_that_is_no_line_is_refused_naming_line_deal_and_move(line, message):
    with pytest.raises(InvalidSolution) as e:
        read_line(line, 3)
    assert str(e.value) == message


def test_a_line_of_more_moves_than_a_line_may_hold_is_refused():
    with pytest.raises(InvalidSolution, match=f"line 1: deal 5: {MAX_PAIRS + 1:,} moves, more than a line may hold"):
        read_line("5:" + "1r" * (MAX_PAIRS + 1), 1)


def test_line_deal():
    assert line_deal("  617:5r  ", 1) == 617
    with pytest.raises(InvalidSolution, match="line 2: not a deal number: ''"):
        line_deal(":5r", 2)


@pytest.mark.parametrize("line, index, move, reason", [
    ("4:1r1r1r1r1r", 5, "1r", "the reserve is full (4 cards): r has no room"),
    ("6:a1", 1, "a1", "the reserve is empty: a names no card"),
    ("7:1rc1", 2, "c1", "the reserve holds 1 card: c names no card"),
    ("8:1h", 1, "1h", "6S cannot go to the foundation (spades empty)"),
    ("617:5r58", 2, "58", "7C cannot go on QH"),
    ("617:11", 1, "11", "column 1 is both source and destination"),
])
def test_an_illegal_move_is_refused_at_its_index(line, index, move, reason):
    v = fc.verify(None, line)
    assert (v.valid, v.error.index, v.error.move, v.error.reason, v.line) == (False, index, move, reason, 1)


def test_a_move_its_rules_refuse_is_never_written_as_a_guess():
    sol = read_line("7:1rc1", 1)
    with pytest.raises(InvalidSolution, match='line 1: move 2 "c1" cannot be written in standard notation'):
        sol.notation()
    with pytest.raises(FreecellError, match="the reserve holds 1 card"):
        fc.format_solution(sol, "snx")


def test_verified_under_site_the_counts_stay_and_the_check_is_the_sites():
    line = next(x for x in real_lines() if x.startswith("41:"))
    assert fc.verify(None, line).ok
    v = fc.verify(None, line, "site")
    assert (v.ok, v.error.index, v.error.move, v.error.reason) == (
        False, 23, "13", "7 cards > can move 6 (1 free cell, 2 other empty columns)")


def test_under_windows_a_line_is_refused_its_moves_home_would_be_made_twice():
    with pytest.raises(fc.InvalidArgument, match="the windows rules send them home by themselves"):
        fc.verify(None, README_617["max"], "windows")


# -- writing ----------------------------------------------------------------------
def test_write_refuses_what_its_lines_cannot_say():
    with pytest.raises(FreecellError, match="from its opening layout"):
        write_line(deal(617, cells=3), [])
    with pytest.raises(FreecellError, match="from its opening layout"):
        write_line(fc.parse_position(fc.format_position(deal(617)).replace(":617", "")), [])
    with pytest.raises(FreecellError, match="deals 1 to 2,147,483,647"):
        write_line(deal(1 << 31), [])
    # deal 8's move 20 takes 2 cards of a run of 4 into an empty column: 1 it cannot say
    sol = read_line(next(x for x in real_lines() if x.startswith("8:")), 8)
    moves = [sol.move(i) for i in range(len(sol))]
    k = moves.index(Move.parse("86v2"))
    with pytest.raises(FreecellError) as e:
        write_line(deal(8), moves[:k] + [Move.parse("86v1")], STANDARD)
    assert str(e.value) == ("format macroxue cannot write move 45 (86): its solver moves 2 cards into the empty "
                            "column, not 1; use format file or snx")


def test_write_uses_safe_auto_play_when_the_maximum_would_send_a_card_home_too_soon():
    line = real_lines()[-1]  # deal 1941: solvable with safe auto play, not with the maximum
    sol = read_line(line, 1)
    assert write_line(deal(1941), [sol.move(i) for i in range(len(sol))], STANDARD) == line


def test_format_solution_and_solve_write_it():
    sol = fc.read_solution(README_617["max"])
    assert fc.format_solution(sol, "macroxue") == README_617["max"] + "\n"
    assert fc.format_solution(fc.read_solution("5a 82"), "macroxue", position=617) == "617:5r82\n"
    windows = fc.solve(deal(617), "windows", engine="builtin")
    line = fc.format_solution(windows, "macroxue")
    assert fc.verify(None, line).ok


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 32000), st.data())
def test_round_trip_of_random_legal_moves(number, data):
    """Our legal moves written as a line, if they can be, read back: the same
    moves but those of cards its auto play sent home, every one legal (a won game
    still won), and the line written again the same."""
    start = deal(number)
    p = start.copy()
    played = []
    for _ in range(data.draw(st.integers(0, 40))):
        moves = legal_moves(p, STANDARD)
        if not moves:
            break
        m = data.draw(st.sampled_from(moves))
        apply(p, m)
        played.append(m)
    try:
        line = write_line(start, played, STANDARD)
    except FreecellError as e:
        assert str(e).startswith("format macroxue cannot write move ")
        return
    sol = read_line(line, 1)
    v = fc.verify(None, sol)
    assert v.valid and v.solved == p.is_won(), (line, v.summary())
    ours = [m for m in played if m.dest.kind != FOUNDATION]
    theirs = [sol.move(i) for i in range(len(sol)) if i not in sol.automatic and sol.move(i).dest.kind != FOUNDATION]
    assert len(theirs) <= len(ours)
    # its game runs ahead of ours by cards sent home only
    final = v.final
    assert all(a == b[:len(a)] for a, b in zip(final.columns, p.columns))
    assert all(f >= g for f, g in zip(final.foundations, p.foundations))
    assert write_line(start, [sol.move(i) for i in range(len(sol))], STANDARD) == line


def test_a_line_only_safe_auto_play_replays_is_read_with_it():
    # 5r sends 3D to the reserve; its maximum auto play would send it home after 2D,
    # and a5 would find no card: the safe one keeps it (found by the round trip below)
    sol = read_line("185:5r8ra585", 1)
    v = fc.verify(None, sol)
    assert (v.valid, v.solved, v.file_moves) == (True, False, 4)
    assert sol.reading == ("line 1: read with safe auto play (its solver's -a): with maximum auto play "
                           "(its solver's -A, as its published files) it does not replay")
    assert write_line(deal(185), [sol.move(i) for i in range(len(sol))], STANDARD) == "185:5r8ra585"


def test_the_windows_rules_are_refused_once_a_file_they_would_send_home_twice(tmp_path):
    from cli_helpers import run

    f = tmp_path / "617.mx"
    f.write_text(README_617["max"] + "\n" + README_617["safe"] + "\n")
    code, out, err = run("verify", str(f), "--variant", "windows")
    assert (code, out) == (2, "")
    assert err == (f"error: {f}: macroxue's lines send cards home as its solver's auto play did: the windows "
                   "rules send them home by themselves; verify under standard (its rules), site or atomic\n")
    code, out, err = run("verify", str(f), "--variant", "standard")
    assert code == 0 and out.count("OK deal 617") == 2


def test_a_line_starts_only_from_its_deals_opening_layout():
    """Its free cells are a list the line fills from empty: another table, or its own
    deal a move on (labelled or not), is refused rather than misread."""
    line = README_617["max"]
    after = deal(617)
    apply(after, Move.parse("5a"))
    unlabelled = deal(618)
    unlabelled.deal = None
    for start in (after, unlabelled):
        with pytest.raises(InvalidSolution, match="starts from its opening layout "
                                                  "\\(the position is not deal 617's opening layout\\)"):
            fc.verify(start, line, "standard")
    with pytest.raises(InvalidSolution, match="no line for deal 618"):
        fc.verify(deal(618), line, "standard")
    opening = deal(617)
    opening.deal = None
    assert fc.verify(deal(617), line, "standard").ok and fc.verify(opening, line, "standard").ok
