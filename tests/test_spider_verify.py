import pytest

from freecell_cli.errors import InvalidSolution
from freecell_cli.spider.deals import deal
from freecell_cli.spider.formats import parse_compact
from freecell_cli.spider.verify import Solution, format_solution, parse_solution, start_position, verify
from spider_helpers import table


def test_valid_not_won():
    v = verify(parse_solution("23 47"), deal(1, suits=1))
    assert (v.valid, v.solved, v.moves, v.removed) == (True, False, 2, 0)
    assert v.to_dict() == {"valid": True, "solved": False, "moves": 2, "suits": 1, "deal": 1, "removed": 0,
                           "error": None}


def test_invalid_at_move_k():
    v = verify(parse_solution("23\n32 47"), deal(1, suits=1))
    assert not v.valid and v.moves == 1
    assert v.error.to_dict() == {"index": 2, "move": "32", "reason": "JS cannot go on 9S: it needs a card one rank higher"}


def test_malformed_token_is_an_error_at_that_move():
    # Malformed is not refused: the file cannot be read (as FreeCell's solutions).
    with pytest.raises(InvalidSolution, match=r"^line 2: not a Spider move: 'zz'"):
        parse_solution("23\nzz")
    with pytest.raises(InvalidSolution, match=r"^move 2 \"zz\": not a Spider move: 'zz'"):
        verify(Solution(("23", "zz")), deal(1, suits=1))


def test_won():
    p = table("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", "", suits=1,
              removed=("S",) * 7)
    v = verify(parse_solution("21"), p)
    assert v.ok and v.summary() == "solved in 1 move"


def test_header_round_trip():
    text = format_solution(["23", "d"], deal(3, suits=2))
    assert text == "# spider deal 3, 2 suits, 2 moves\n23 d\n"
    s = parse_solution(text)
    assert (s.tokens, s.deal, s.suits) == (("23", "d"), 3, 2)
    assert start_position(s) == deal(3, suits=2)
    assert start_position(s, deal=3, suits=2) == deal(3, suits=2)
    # A deal or suit count that contradicts the header is refused, not taken over it.
    with pytest.raises(InvalidSolution, match="^deal 4 was given, but the solution is for deal 3$"):
        start_position(s, deal=4)
    with pytest.raises(InvalidSolution, match="^1 suit given, but the solution is for 2 suits$"):
        start_position(s, suits=1)


def test_header_with_a_start_position():
    p = verify(parse_solution("23"), deal(1, suits=1)).final
    text = format_solution(["47"], p)
    assert text.startswith("# spider start spider1:") and text.endswith(" (1 move)\n47\n")
    s = parse_solution(text)
    assert start_position(s) == p and verify(s, start_position(s)).valid


def test_no_start():
    with pytest.raises(InvalidSolution, match="names no deal"):
        start_position(parse_solution("23"))
    with pytest.raises(InvalidSolution, match="start position in the header"):
        parse_solution("# spider start spider9:x\n")
    assert parse_compact  # (imported for the header parser's sake)


def test_a_one_move_header_reads_back():
    text = format_solution(["41"], deal(3, suits=2))
    assert text == "# spider deal 3, 2 suits, 1 move\n41\n"
    s = parse_solution(text)
    assert verify(s, start_position(s)).moves == 1
