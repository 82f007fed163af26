"""Real files from other programs (tests/fixtures/real, see its SOURCES.md): every one
keeps the verdict it has, so a change that misreads them cannot pass unnoticed.

Where Games::Solitaire::Verify's own tests give a verdict, ours under ``standard``
(its ``freecell``: 4 free cells, textbook capacity) is that verdict. The other rows
are FreeCell's rules holding against games that break them (Baker's Game and Eight
Off build by suit, Relaxed FreeCell moves any run at once) or read as they are.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cli_helpers import run
from oracle import FIXTURES, macroxue_lines

REAL = FIXTURES / "real"

# file, variant, exit code, the verdict line (OK/FAIL) or the error (after "error: FILE: ")
TEN_COLUMNS = ("line 3: initial state: 10 columns (between 1 and 9 are supported; Seahaven Towers' table has 10: "
               "--game seahaven-towers, if it is one)")
CASES = [
    # Games::Solitaire::Verify t/solution.t, t/expand-solution.t: valid under freecell
    ("fcs-freecell-24.txt", "standard", 0, "OK fcs-freecell-24.txt: solved in 138 moves (standard)"),
    ("fcs-freecell-9-orig.txt", "standard", 0, "OK fcs-freecell-9-orig.txt: solved in 216 moves (standard)"),
    ("fcs-freecell-9-expanded.txt", "standard", 0, "OK fcs-freecell-9-expanded.txt: solved in 392 moves (standard)"),
    ("from-patsolve--want.txt", "standard", 0, "OK from-patsolve--want.txt: solved in 128 moves (standard)"),
    ("from-shirl-hart-1024--want.txt", "standard", 0,
     "OK from-shirl-hart-1024--want.txt: solved in 83 moves (standard)"),
    # ... invalid under freecell
    ("fcs-freecell-24-wrong-1.txt", "standard", 1,
     'FAIL fcs-freecell-24-wrong-1.txt (standard): move 63 "Move 2 cards from stack 3 to stack 4": '
     "2 cards cannot go on 6D (5C and the 2 below it would)"),
    ("fcs-freecell-24-wrong-2.txt", "standard", 1,
     'FAIL fcs-freecell-24-wrong-2.txt (standard): move 45 "Move 1 cards from stack 0 to stack 1": '
     "no card of the run QS..JD fits on QH"),
    ("fcs-relaxed-freecell-11982.txt", "standard", 1,
     'FAIL fcs-relaxed-freecell-11982.txt (standard): move 17 "Move 3 cards from stack 6 to stack 1": '
     "3 cards > can move 2 (0 free cells, 1 empty column)"),
    # ... and refused (t/exception-newline.t): ten columns are not FreeCell's
    ("fcs-seahaven-towers-1977.txt", "standard", 2, TEN_COLUMNS),
    ("1.fc-wrong.sol.txt", "standard", 2, "line 3: not a move: 'H-0'"),
    # The site's capacity, 2^1 x (2+1) = 6 where the textbook's is (1+1) x 2^2 = 8
    ("fcs-freecell-24.txt", "site", 0, "OK fcs-freecell-24.txt: solved in 138 moves (site)"),
    ("fcs-freecell-9-orig.txt", "site", 1,
     'FAIL fcs-freecell-9-orig.txt (site): move 152 "Move 7 cards from stack 1 to stack 6": '
     "7 cards > can move 6 (1 free cell, 2 empty columns)"),
    ("fcs-freecell-9-expanded.txt", "site", 0, "OK fcs-freecell-9-expanded.txt: solved in 392 moves (site)"),
    # Other games of the family against FreeCell's rules
    ("fcs-bakers-game-24.txt", "standard", 1,
     'FAIL fcs-bakers-game-24.txt (standard): move 5 "Move a card from freecell 0 to stack 1": JD cannot go on QD'),
    ("fcs-eight-off-200.txt", "standard", 1,
     'FAIL fcs-eight-off-200.txt (standard): move 1 "Move a card from freecell 2 to stack 3": JC cannot go on QC'),
    ("fcs-eight-off-200-l-gi.txt", "standard", 1,
     'FAIL fcs-eight-off-200-l-gi.txt (standard): move 1 "Move a card from freecell 2 to stack 3": JC cannot go on QC'),
    # Forecell only restricts what FreeCell allows (kings into empty columns)
    ("fcs-forecell-24.txt", "standard", 0, "OK fcs-forecell-24.txt: solved in 136 moves (standard)"),
    ("fcs-simple-simon-24.txt", "standard", 2, TEN_COLUMNS),
    # fc-solve's web page: suit symbols are read; its playing-card characters are not
    # (it writes the queen as the Unicode knight: reading them would misread cards)
    ("web/24_default_ascii", "standard", 0, "OK web/24_default_ascii: solved in 138 moves (standard)"),
    ("web/24_default_unicode_suits", "standard", 0, "OK web/24_default_unicode_suits: solved in 138 moves (standard)"),
    ("web/solution_for_board_without_trailing_newline", "standard", 0,
     "OK web/solution_for_board_without_trailing_newline: solved in 93 moves (standard)"),
    ("web/solution_for_deal_24__expanded_moves", "standard", 0,
     "OK web/solution_for_deal_24__expanded_moves: solved in 156 moves (standard)"),
    ("web/24_default_unicode_cards", "standard", 2, "line 5: initial state: unknown card '🃔'"),
]


@pytest.mark.parametrize("name, variant, code, expected", CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_real_file_keeps_its_verdict(name, variant, code, expected, monkeypatch):
    monkeypatch.chdir(REAL)
    got_code, out, err = run("verify", "-q", "--variant", variant, name)
    if code == 2:
        assert (got_code, out, err) == (2, "", f"error: {name}: {expected}\n")
    else:
        assert (got_code, out, err) == (code, expected + "\n", "")


# Games::Solitaire::Verify t/solution.t, each under its own variant (bakers_game,
# eight_off, seahaven_towers, forecell, relaxed_freecell): all valid. Its boards name
# no game: --game says which (fc-solve's trimmed 'Freecells:' is then the game's own).
FAMILY_CASES = [
    ("fcs-bakers-game-24.txt", "bakers-game", "solved in 102 moves"),
    ("fcs-eight-off-200.txt", "eight-off", "solved in 131 moves"),
    ("fcs-eight-off-200-l-gi.txt", "eight-off", "solved in 131 moves"),
    ("fcs-seahaven-towers-1977.txt", "seahaven-towers", "solved in 89 moves"),
    ("fcs-forecell-24.txt", "forecell", "solved in 136 moves"),
    ("fcs-relaxed-freecell-11982.txt", "relaxed-freecell", "solved in 133 moves"),
]


@pytest.mark.parametrize("name, game, summary", FAMILY_CASES, ids=[c[0] for c in FAMILY_CASES])
def test_real_file_of_a_family_game_keeps_its_verdict(name, game, summary, monkeypatch):
    monkeypatch.chdir(REAL)
    assert run("verify", "--game", game, name) == (0, f"OK {name}: {summary} ({game})\n", "")


BAKERS = sorted((REAL / "bakers-game").iterdir())


@pytest.mark.parametrize("path", BAKERS, ids=[p.name for p in BAKERS])
def test_bakers_game_solutions_break_freecell_at_a_same_suit_build(path):
    """fc-solve's Baker's Game solutions (same-suit building): FreeCell refuses each at
    a card put on one of its own suit; the two 'I could not solve' files hold no game."""
    code, out, err = run("verify", "-q", "--variant", "standard", str(path))
    if "I could not solve" in path.read_text():
        assert (code, out) == (2, "") and err.endswith(": the solution names no deal: give --deal N or --position FILE\n")
        return
    m = re.search(r": ([A2-9TJQK])([CDHS]) cannot go on ([2-9TJQK])([CDHS])\n$", out)
    assert code == 1 and err == "" and out.startswith("FAIL ") and m, out
    assert m.group(2) == m.group(4)  # the same suit, one rank apart
    assert "A23456789TJQK".index(m.group(3)) == "A23456789TJQK".index(m.group(1)) + 1
    # and under Baker's Game's own rules, every move is legal and the game won
    code, out, err = run("verify", "-q", "--game", "bakers-game", str(path))
    assert (code, err) == (0, "") and out.startswith("OK ") and out.endswith(" moves (bakers-game)\n"), out


TRIMMED = ["fcs-freecell-24.txt", "from-patsolve--want.txt", "fcs-freecell-9-orig.txt"]


@pytest.mark.parametrize("name", TRIMMED)
def test_a_bare_freecells_line_is_read_as_four_cells_and_said(name, monkeypatch):
    """Issue 20: a trimmed 'Freecells:' is fc-solve's default, 4 (it was read as 0),
    and the reading is said on stderr; --cells chooses another count."""
    monkeypatch.chdir(REAL)
    code, out, err = run("verify", "--variant", "standard", name)
    assert code == 0 and out.startswith("OK ")
    assert err == (f"{name}: the file does not say how many free cells (a bare 'Freecells:'): "
                   "read as 4, Freecell Solver's default (--cells N to choose)\n")
    code, out, err = run("verify", "-q", "--variant", "standard", "--cells", "2", name)
    assert code == 1 and re.search(r": there is no free cell c \(2 free cells\)\n$", out), out


def test_a_trimmed_freecells_line_with_cards_is_said_as_what_it_shows(monkeypatch):
    """An Eight Off file read as FreeCell's: its 'Freecells:' holds four cards in
    slots 1, 3, 5 and 7 and stops there, so it is read as 7 free cells; the note
    says so, not that the line was bare."""
    monkeypatch.chdir(REAL)
    name = "fcs-eight-off-200.txt"
    code, out, err = run("verify", name)
    assert code == 1 and out.startswith("FAIL ")
    assert err == (f"{name}: the file does not say how many free cells (its 'Freecells:' line stops after its "
                   "last card, in slot 7): read as 7, the slots it shows (--cells N to choose)\n"
                   f"{name}: Eight Off's table has 8 columns and 8 free cells: --game eight-off, if it is one\n")


def test_a_failing_freecell_file_on_freecells_own_table_names_no_other_game(monkeypatch):
    """The family hint is for a table FreeCell's 4 free cells cannot be: a FreeCell
    file that fails gets the free-cells note alone; one that passes, no hint."""
    monkeypatch.chdir(REAL)
    code, out, err = run("verify", "fcs-freecell-24-wrong-1.txt")
    assert code == 1 and "--game" not in err and err.count("\n") == 1
    code, out, err = run("verify", "--game", "eight-off", "fcs-eight-off-200.txt")
    assert code == 0 and "--game" not in err
    code, out, err = run("verify", "--cells", "6", "fcs-freecell-24-wrong-1.txt")  # the cells are ours, not the file's
    assert code == 1 and "--game" not in err


def test_a_bad_card_in_a_printed_state_is_named_with_its_lines(tmp_path):
    """A bad card in a printed state is named by the file's line, in the first
    state and in those after the moves (the state's reader counts from its own first)."""
    lines = (REAL / "fcs-freecell-24.txt").read_text().split("\n")
    assert lines[23] == ": 5D 2S JC 5C JH 6D" and lines[4] == ": 4C 2C 9C 8C QS 4S 2H"
    later = tmp_path / "later.txt"
    later.write_text("\n".join(lines[:23] + [": 5D 2S JC 5C JH XX"] + lines[24:]))
    code, out, err = run("verify", "--variant", "standard", str(later))
    assert (code, out, err) == (2, "", f"error: {later}: line 24: state after move 1: unknown card 'XX'\n")
    first = tmp_path / "first.txt"
    first.write_text("\n".join(lines[:4] + [": 4C 2C 9C 8C QS 4S ZZ"] + lines[5:]))
    code, out, err = run("verify", "--variant", "standard", str(first))
    assert (code, out, err) == (2, "", f"error: {first}: line 5: initial state: unknown card 'ZZ'\n")


def _edited(tmp_path, changes: dict[int, str]) -> Path:
    """fcs-freecell-24.txt with some of its lines (1-based) replaced."""
    lines = (REAL / "fcs-freecell-24.txt").read_text().split("\n")
    for n, text in changes.items():
        lines[n - 1] = text
    path = tmp_path / "edited.txt"
    path.write_text("\n".join(lines))
    return path


def test_a_state_that_shows_more_free_cells_than_any_table_is_refused(tmp_path):
    # line 33 moves JD to free cell 0; the state after it (line 36) shows 20 slots
    path = _edited(tmp_path, {36: "Freecells:  JD" + " " * 76})
    code, out, err = run("verify", "--variant", "standard", str(path))
    assert (code, out, err) == (
        2, "", f"error: {path}: line 33: move 2 or the state after it shows 20 free cells (at most 15)\n")


def test_a_card_in_a_free_cell_the_table_lacks_is_a_difference(tmp_path):
    # the first state says 4 free cells (its slots written out); a later one shows JD in the sixth
    path = _edited(tmp_path, {4: "Freecells:" + " " * 16, 36: "Freecells:" + " " * 22 + "JD"})
    code, out, err = run("verify", "--variant", "standard", str(path))
    assert code == 1 and err == "" and out == (
        f'FAIL {path} (standard): move 2 "Move a card from stack 6 to freecell 0": the file\'s state after this '
        "move has a card in free cell 6: this table has 4 free cells\n")


def test_untrimmed_and_trimmed_files_read_alike(tmp_path):
    """fc-solve 5.0 pads every slot four blanks wide; editors trim it; newer fc-solve
    stops after the last card. All three spellings of the same file agree."""
    text = (REAL / "fcs-freecell-24.txt").read_text()

    def pad(m: re.Match) -> str:  # fc-solve 5.0: every slot, four characters each
        slots = [m.group(1)[i:i + 4] for i in range(0, len(m.group(1)), 4)]
        return "Freecells:" + "".join(s.ljust(4) for s in slots + [""] * (4 - len(slots)))

    padded = re.sub(r"^Freecells:(.*)$", pad, text, flags=re.M)
    assert padded != text and "Freecells:                \n" in padded
    for i, variant in enumerate([padded, text]):
        path = tmp_path / f"{i}.txt"
        path.write_text(variant)
        code, out, err = run("verify", "-q", "--variant", "standard", str(path))
        assert (code, out) == (0, f"OK {path}: solved in 138 moves (standard)\n")


def test_a_trimmed_file_that_uses_more_cells_is_read_with_them():
    """fc-solve 5.0 --freecells-num 6 on deal 1, trailing blanks trimmed: the bare
    start says nothing; its move to a fifth free cell shows six... five at least,
    and a later one the sixth. Read with them, said, and --cells still decides."""
    sol = FIXTURES / "1.6cells.trimmed.sam.txt"
    code, out, err = run("verify", "--deal", "1", str(sol))
    assert (code, out) == (0, "OK deal 1: solved in 152 moves (site)\n")
    assert err == f"{sol}: the file does not say how many free cells; it uses 6 (move 7, line 113): read as 6\n"
    code, out, err = run("verify", "-q", "--cells", "4", str(sol))
    assert (code, err) == (1, "") and out.endswith(
        ': move 7 "Move a card from stack 7 to freecell 4": there is no free cell e (4 free cells)\n')
    code, out, err = run("replay", "-q", str(sol))
    assert code == 0 and out.splitlines()[:2] == ["5a", "6C-----:0000:" + (  # six cells from the start
        "JDKD2S4C3S6D6S/2DKCKS5CTD8S9C/9H9S9DTS4S8D2H/JC5SQDQHTHQS6H/5DADJS4H8H/7HQCASAC2C3D/7CKHAH4DJH8C/5H3H3C7S7DTC")]


def test_fc_solve_names_its_eighth_free_cell_k():
    """fc-solve --freecells-num 8 -m -snx (deal 24): its standard notation skips h, i
    and j for the free cells (move.h), so its eighth cell is 'k', our 'i'."""
    sol = FIXTURES / "24.8cells.snx.txt"
    assert "6k" in sol.read_text().split()
    code, out, err = run("verify", "-q", "--deal", "24", "--cells", "8", str(sol))
    assert (code, out, err) == (0, "OK deal 24: solved in 140 moves (site)\n", "")
    # Read as standard notation (ours), 'k' is a tenth cell: refused with 8.
    code, out, err = run("verify", "-q", "--deal", "24", "--cells", "8", "--input-format", "standard", "-",
                         input=sol.read_text().split("This game is")[0].replace("-=-=-=-=-=-=-=-=-=-=-=-", ""))
    assert code == 1 and "there is no free cell k (8 free cells)" in out


MACROXUE = "macroxue-1-100-1941.txt"


@pytest.fixture
def macroxue_file(tmp_path, monkeypatch):
    (tmp_path / MACROXUE).write_text("\n".join(macroxue_lines()) + "\n")
    monkeypatch.chdir(tmp_path)


def test_macroxue_published_lines_all_verify_under_standard(macroxue_file):
    """macroxue's published solutions of deals 1-100 (its -A) and 1941 (its -a, the
    only line of its first 2000 with h): one verdict a deal, every one solved under
    its rules' capacity (standard); deal 1941's line read with safe auto play, said."""
    code, out, err = run("verify", MACROXUE)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 101
    assert [int(x.split()[2].rstrip(":")) for x in lines] == [*range(1, 101), 1941]
    assert all(re.fullmatch(r"OK deal \d+: solved in \d+ moves \(standard\)", x) for x in lines), out
    assert (lines[0], lines[-1]) == ("OK deal 1: solved in 81 moves (standard)",
                                     "OK deal 1941: solved in 82 moves (standard)")
    assert err == (f"{MACROXUE}: line 101: read with safe auto play (its solver's -a): "
                   "the line sends cards home itself (h)\n")


def test_macroxue_published_lines_under_site(macroxue_file):
    """The site's capacity, 2^1 x (2+1) = 6 where the textbook's is (1+1) x 2^2 = 8:
    three of the hundred move runs of 7 or 8 it refuses."""
    code, out, _ = run("verify", "-q", "--variant", "site", MACROXUE)
    assert code == 1 and out.count("\nOK ") + out.startswith("OK ") == 98
    assert [x for x in out.splitlines() if not x.startswith("OK ")] == [
        'FAIL deal 41 (site): line 41: move 23 "13": 7 cards > can move 6 (1 free cell, 2 other empty columns)',
        'FAIL deal 45 (site): line 45: move 17 "24": 7 cards > can move 6 (1 free cell, 2 empty columns)',
        'FAIL deal 53 (site): line 53: move 23 "25": 8 cards > can move 6 (1 free cell, 2 empty columns)',
    ]
