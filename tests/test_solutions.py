import re

import pytest
from hypothesis import given, strategies as st

from freecell_cli import deal, find_variant, legal_moves, apply
from freecell_cli.errors import InvalidSolution
from freecell_cli.moves import CELL, COLUMN, FOUNDATION
from freecell_cli.solutions import Solution, detect_solution_format, format_solution, parse_solution, solution_to_dict
from oracle import FIXTURES

EXAMPLES = FIXTURES.parent.parent / "examples"


@pytest.mark.parametrize(
    "name,fmt,count",
    [("617.snx-out.txt", "fc-solve", 103), ("617.verbose.txt", "fc-solve", 103),
     ("617.sam.txt", "fc-solve", 103), ("3.fcpro.txt", "fcpro", 82)],
)
def test_example_files(name, fmt, count):
    sol = parse_solution((EXAMPLES / name).read_text())
    assert sol.format == fmt and len(sol) == count
    if fmt == "fc-solve":
        assert sol.claims_solved is True


def test_all_fcsolve_flavours_mean_the_same_moves():
    snx = parse_solution((EXAMPLES / "617.snx-out.txt").read_text())
    verbose = parse_solution((EXAMPLES / "617.verbose.txt").read_text())
    sam = parse_solution((EXAMPLES / "617.sam.txt").read_text())
    # verbose moves carry explicit counts; compare source/destination kinds and indices
    def shape(sol):
        return [(m.source, m.dest.kind) for m in (sol.move(i) for i in range(len(sol)))]
    assert shape(snx) == shape(verbose) == shape(sam)
    assert sam.position.same_table(deal(617)) and len(sam.states) == 103


def test_verbose_lines():
    text = """-=-=-=-=-=-=-=-=-=-=-=-

Move a card from stack 4 to freecell 0

====================

Move 3 cards from stack 1 to stack 2

====================

Move a card from freecell 1 to the foundations

====================

Move the sequence on top of Stack 2 to the foundations
"""
    sol = parse_solution(text)
    moves = [sol.move(i) for i in range(len(sol))]
    assert (moves[0].source.kind, moves[0].source.index, moves[0].dest.kind, moves[0].dest.index) == (COLUMN, 4, CELL, 0)
    assert moves[1].count == 3 and moves[2].source.kind == CELL and moves[2].dest.kind == FOUNDATION
    assert len(sol) == 3 + 13
    with pytest.raises(InvalidSolution, match="line 3: not a Freecell Solver move"):
        parse_solution("-=-=-=-\n\nMove a cart from stack 4 to freecell 0\n")


def test_fcpro_header():
    sol = parse_solution("#617 Attempt: 1 NumFcs=2 (FCPro)\n5a 58\n")
    assert (sol.format, sol.deal, sol.cells, sol.variant, sol.empty_column) == ("fcpro", 617, 2, "windows", "max")


def test_our_header_and_round_trip():
    text = "# freecell-cli solution\n# deal: 1\n# variant: standard\n# cells: 3\n# empty-column: max\n# moves: 2\n5a 36v4\n"
    sol = parse_solution(text)
    assert (sol.deal, sol.variant, sol.cells, sol.empty_column, sol.tokens) == (1, "standard", 3, "max", ["5a", "36v4"])
    assert format_solution(sol) == text
    assert detect_solution_format(text) == "freecell-cli"


def test_position_header():
    from freecell_cli import format_position

    text = f"# freecell-cli solution\n# position: {format_position(deal(5))}\n1a\n"
    assert parse_solution(text).position == deal(5)


@given(st.integers(1, 1_000_000), st.lists(st.integers(0, 1000), max_size=30))
def test_json_and_text_round_trip(n, picks):
    p = deal(n)
    site = find_variant("site")
    tokens = []
    for k in picks:
        moves = legal_moves(p, site)
        if not moves:
            break
        m = moves[k % len(moves)]
        apply(p, m)
        tokens.append(str(m))
    sol = Solution(tokens=tokens, lines=[1] * len(tokens), deal=n, variant="site", cells=4)
    again = parse_solution(format_solution(sol))
    assert again.tokens == tokens and again.deal == n
    import orjson

    j = parse_solution(orjson.dumps(solution_to_dict(sol)).decode())
    assert j.tokens == tokens and j.deal == n and j.variant == "site"


@pytest.mark.parametrize(
    "text,message",
    [
        ("", "empty file"),
        ("\x00\x01binary", "binary data"),
        ("5a 9z", "line 1: not a move: '9z'"),
        ("5a\n\n58 zz", "line 3: not a move: 'zz'"),
        ("# freecell-cli solution\n# deal: 0\n5a", "line 2: deal number 0 is out of range"),
        ("# freecell-cli solution\n# variant: spider\n5a", "line 2: unknown variant"),
        ("# freecell-cli solution\n# cells: many\n5a", "line 2: cells must be 0..15"),
        ("# freecell-cli solution\n# position: nonsense\n5a", "line 2:"),
        ('{"moves": "5a"}', "'moves' list"),
        ('{"moves": [5]}', "move 1 is not a string"),
        ('{"moves": ["5a"], "deal": -1}', "out of range"),
        ("{bad json", "bad JSON"),
        ("#0 Attempt: 1 NumFcs=4 (FCPro)\n5a", "line 1: deal number 0"),
    ],
)
def test_bad_files(text, message):
    with pytest.raises(InvalidSolution, match=message):
        parse_solution(text)


@pytest.mark.parametrize("value, shown", [("1", "1"), ("null", "None"), ("[]", "[]"), ("true", "True")])
def test_a_json_solutions_format_is_text(value, shown):
    """Issue 20: a field not as written is refused, as a saved game's are."""
    with pytest.raises(InvalidSolution, match=rf"^JSON solution: 'format' must be text, not {re.escape(shown)}$"):
        parse_solution(f'{{"format": {value}, "deal": 617, "moves": ["5a"]}}')


def test_lines_end_at_newlines_and_moves_part_at_ascii_white_space():
    """Issue 20: NEL (U+0085) and U+2028 ended a line in a solution held in memory, not
    in a file read as a stream, and parted moves: '8\\x852' was two moves."""
    assert parse_solution("5a\r\n82\r\n\r\nah\n").lines == [1, 2, 4]
    with pytest.raises(InvalidSolution, match=r"^line 2: not a move: '8\\x852\\u2028x'$"):
        parse_solution("5a\r\n8\x852\u2028x\n\nah\n")


@pytest.mark.parametrize("text, fmt", [
    ("617:4r462r\n618:1r\n", "macroxue"),
    ("  617:\n", "macroxue"),
    ("617 :4r", "standard"),
    ("x617:4r", "standard"),
    ("# 617:4r\n5a", "standard"),
])
def test_macroxue_lines_are_detected(text, fmt):
    assert detect_solution_format(text) == fmt


def test_macroxue_moves_read_into_ours_with_the_auto_play_written_out():
    sol = parse_solution("617:5r58\n")
    assert (sol.format, sol.deal, sol.variant, sol.cells, sol.tokens, sol.notation()) == (
        "macroxue", 617, "standard", 4, ["5r", "58"], ["5a", "58"])
    # our file of it keeps every move, its auto play's too, and verifies alike
    assert parse_solution(format_solution(parse_solution(
        "617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412"))).tokens[8:11] == [
        "4h", "7h", "ch"]
