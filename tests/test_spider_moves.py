"""Seed 003's tables, each as a test, and the card count under random play."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from freecell_cli.errors import IllegalMove, InvalidMove
from freecell_cli.spider.cards import deck
from freecell_cli.spider.deals import deal
from freecell_cli.spider.moves import DEAL, Move, apply, legal_moves, notation, resolve
from spider_helpers import table


def tops(p):
    return [" ".join(str(c) for c in col.up) for col in p.columns]


# -- notation ---------------------------------------------------------------------------
@pytest.mark.parametrize("text,move", [("38", Move(2, 7)), ("30v2", Move(2, 9, 2)), ("01", Move(9, 0)),
                                       ("d", DEAL), ("DEAL", DEAL)])
def test_parse_and_format(text, move):
    assert Move.parse(text) == move
    assert Move.parse(str(move)) == move


@pytest.mark.parametrize("text,message", [("3", "not a Spider move: '3'"), ("38v0", "a run holds 1 to 13 cards"),
                                          ("44", "a move needs two different columns"), ("3a", "not a Spider move")])
def test_parse_refuses(text, message):
    with pytest.raises(InvalidMove, match=message):
        Move.parse(text)


# -- section 2: which part of a run moves, and where it can go ----------------------------
def test_same_suit_run_moves_whole_onto_any_ten():
    p = table("9S 8S 7S", "TH", "")
    q = apply(p, Move.parse("12"))
    assert tops(q)[:3] == ["", "TH 9S 8S 7S", ""]
    # the four cards now there are not one suit: only the spades 9-8-7 move on
    assert q.columns[1].run_length() == 3


def test_same_suit_run_into_empty_column():
    q = apply(table("2D|9S 8S 7S", "", "KC"), Move.parse("12"))
    assert tops(q)[:2] == ["2D", "9S 8S 7S"]  # the face-down 2D turned up as part of the move


def test_mixed_run_moves_only_its_same_suit_end():
    p = table("9S 8H 7H", "9C")
    assert tops(apply(p, Move.parse("12")))[:2] == ["9S", "9C 8H 7H"]
    with pytest.raises(IllegalMove, match=r"9S cannot move with the cards on it: 9S-8H-7H is not a same-suit "
                                          r"descending run \(only the last 2 can move together\)"):
        resolve(table("9S 8H 7H", "TD"), Move.parse("12"))


def test_alternating_suits_only_the_last_card_moves():
    p = table("9S 8H 7S", "8D")
    assert tops(apply(p, Move.parse("12")))[:2] == ["9S 8H", "8D 7S"]
    with pytest.raises(IllegalMove, match="8H cannot move with the cards on it"):
        resolve(table("9S 8H 7S", "9D"), Move.parse("12"))


def test_one_rank_higher_of_any_suit_only():
    with pytest.raises(IllegalMove, match="7S cannot go on 9D: it needs a card one rank higher"):
        resolve(table("7S", "9D"), Move.parse("12v1"))
    with pytest.raises(IllegalMove, match="nothing goes on an ace"):
        resolve(table("2S", "AH"), Move.parse("12"))


def test_any_card_into_an_empty_column_not_only_kings():
    q = apply(table("5D|4C", ""), Move.parse("12"))
    assert tops(q)[:2] == ["5D", "4C"]


def test_part_of_a_run_into_an_empty_column_needs_a_count():
    p = table("9S 8S 7S", "")
    assert tops(apply(p, Move.parse("12v2")))[:2] == ["9S", "8S 7S"]
    assert tops(apply(p, Move.parse("12")))[:2] == ["", "9S 8S 7S"]
    assert notation(p, resolve(p, Move.parse("12v3"))) == Move.parse("12")
    assert notation(p, resolve(p, Move.parse("12v2"))) == Move.parse("12v2")


def test_from_an_empty_column():
    with pytest.raises(IllegalMove, match="column 1 is empty"):
        resolve(table("", "5D"), Move.parse("12"))


# -- section 3: deals -------------------------------------------------------------------
def test_deal_refused_with_an_empty_column():
    p = table("", "5D", stock="AS 2S 3S 4S 5S 6S 7S 8S 9S TS")
    with pytest.raises(IllegalMove, match=r"cannot deal: column 1 is empty \(every column needs a card; "
                                          r"fill it first, or allow it with --unrestricted-deal\)"):
        apply(p, DEAL)
    q = apply(p, DEAL, unrestricted=True)
    assert tops(q)[:2] == ["AS", "5D 2S"] and q.stock == () and q.moves == 1
    assert DEAL not in legal_moves(p) and DEAL in legal_moves(p, unrestricted=True)


def test_deal_with_empty_stock():
    with pytest.raises(IllegalMove, match="cannot deal: the stock is empty"):
        apply(table("5D"), DEAL)


def test_a_deal_can_break_a_run_and_make_one():
    # seed 003, section 3: A ♠9♠8 gets ♥4, B ♣7♣6 gets ♣5, C ♦5 gets ♥J
    p = table("9S 8S", "7C 6C", "5D", stock="4H 5C JH QC KC KC KC KC KC KC")
    q = apply(p, DEAL)
    assert tops(q)[:3] == ["9S 8S 4H", "7C 6C 5C", "5D JH"]
    assert [q.columns[i].run_length() for i in range(3)] == [1, 3, 1]
    # then: J♥ to a queen, 4♥ onto the uncovered 5♦, and ♠9♠8 move together again
    r = apply(apply(q, Move.parse("34")), Move.parse("13"))
    assert tops(r)[:4] == ["9S 8S", "7C 6C 5C", "5D 4H", "KD QC JH"] and r.columns[0].run_length() == 2


# -- section 5: removal -----------------------------------------------------------------
def test_complete_same_suit_run_is_removed_as_part_of_the_move():
    p = table("3D|KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS")
    q = apply(p, Move.parse("21"))
    assert q.removed == ("S",) and tops(q)[:2] == ["3D", ""] and q.moves == 1


def test_no_removal_when_one_card_is_another_suit():
    p = table("KS QS JS TS 9S 8H 7S 6S 5S 4S 3S 2S", "AS")
    q = apply(p, Move.parse("21"))
    assert q.removed == () and len(q.columns[0].up) == 13


def test_a_dealt_ace_completes_a_run():
    p = table("KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H", stock="AH 2C 2C 2C 2C 2C 2C 2C 2C 2C")
    q = apply(p, DEAL)
    assert q.removed == ("H",) and tops(q)[0] == ""


def test_won_after_eight_runs():
    p = table("KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S", "AS", "", "", "", "", "", "", "", "", suits=1,
              removed=("S",) * 7)
    assert apply(p, Move.parse("21")).is_won()


# -- legal moves and the card count ----------------------------------------------------
def test_legal_moves_list_only_the_first_empty_column():
    p = table("9S 8S", "", "", "TD")
    # 9S-8S onto TD, or its 8S into column 2; all of column 1 into an empty one changes nothing
    assert [str(m) for m in legal_moves(p)] == ["12v1", "14"]
    assert apply(p, Move.parse("13")).columns[2].up == p.columns[0].up  # legal all the same


@settings(max_examples=25, deadline=None)
@given(st.integers(1, 10**6), st.sampled_from([1, 2, 4]), st.lists(st.integers(0, 10**6), max_size=60))
def test_104_cards_and_8_sets_after_random_legal_moves(n, suits, picks):
    p = deal(n, suits)
    for pick in picks:
        moves = legal_moves(p)
        if not moves:
            break
        p = apply(p, moves[pick % len(moves)])
        on_table = Counter(c for col in p.columns for c in col.down + col.up) + Counter(p.stock)
        for s in p.removed:
            on_table.update({c: 1 for c in deck(suits) if c.suit == s})
        assert on_table == Counter(deck(suits))
        p.validate()
        assert all(not col.down or col.up for col in p.columns)
