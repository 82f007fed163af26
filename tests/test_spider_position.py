import pytest

from freecell_cli.errors import InvalidPosition
from freecell_cli.spider.deals import deal
from freecell_cli.spider.position import Column, Position
from spider_helpers import cards, table


def test_opening_layout():
    p = deal(7, suits=4).validate()
    assert [len(c.down) for c in p.columns] == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert [len(c.up) for c in p.columns] == [1] * 10
    assert p.face_down == 44 and len(p.stock) == 50 and p.deals_left == 5 and not p.removed


def test_run_length_follows_seed_003_tables():
    assert Column((), cards("9S 8S 7S")).run_length() == 3
    assert Column((), cards("9S 8H 7H")).run_length() == 2
    assert Column((), cards("9S 8H 7S")).run_length() == 1
    assert Column(cards("8S"), cards("7S")).run_length() == 1  # a face-down card is never part of a run
    assert Column().run_length() == 0


def test_can_deal_needs_every_column():
    p = table("", "5D")
    assert not p.can_deal() and p.can_deal(unrestricted=True) is False  # no stock either
    q = table("", "5D", stock="AS " * 10)
    assert not q.can_deal() and q.can_deal(unrestricted=True)


@pytest.mark.parametrize("change,message", [
    (lambda p: Position(p.suits, p.columns[:9], p.stock), "Spider has 10 columns, not 9"),
    (lambda p: Position(p.suits, p.columns, p.stock[:7]), "the stock holds 7 cards"),
    (lambda p: Position(p.suits, (Column(cards("AS"), ()),) + p.columns[1:], p.stock),
     "column 1 has face-down cards but no face-up card"),
    (lambda p: Position(p.suits, p.columns, p.stock[10:]), "94 cards in play, 104 expected (missing"),
    (lambda p: Position(p.suits, p.columns, p.stock[1:] + cards("AS")), "appears 3 times; 2 left in play"),
    (lambda p: Position(1, p.columns, p.stock), "is not in a 1-suit game"),
    (lambda p: Position(p.suits, p.columns, p.stock, ("X",)), "removed run of suit 'X'"),
])
def test_validate_refuses(change, message):
    with pytest.raises(InvalidPosition, match=message.replace("(", r"\(")):
        change(deal(3)).validate()


def test_repr_rebuilds():
    p = deal(9, suits=2)
    assert eval(repr(p), {"Position": Position}) == p


# -- positions the rules cannot reach (issue 20) --------------------------------------
from freecell_cli.spider.formats import format_compact, format_json, parse_compact, parse_json  # noqa: E402
from spider_helpers import from_lists, sorted_table  # noqa: E402


def test_the_sorted_tables_are_positions():
    for suits in (1, 2, 4):
        assert from_lists(sorted_table(suits), suits).validate()
    assert from_lists(sorted_table(4, ("S", "H")), 4, ("S", "H")).validate()


def _refused(position, message):
    """Refused by validate, and by both readers (which is what every command uses)."""
    with pytest.raises(InvalidPosition) as e:
        position.validate()
    assert str(e.value) == message
    for parse, text in ((parse_compact, format_compact(position)), (parse_json, format_json(position))):
        with pytest.raises(InvalidPosition) as e:
            parse(text)
        assert str(e.value) == message


def test_three_spade_runs_removed_with_four_suits():
    # The case of the issue: the counts otherwise add up (65 cards in play, 104 - 3 x 13),
    # because one set of hearts is missing too; 4 suits hold only 2 sets of spades.
    cols = sorted_table(4, ("S", "S", "H"))
    p = from_lists(cols, 4, ("S", "S", "S"))
    assert sum(len(c) for c in p.columns) == 65
    _refused(p, "3 runs of spades removed: a 4-suit game has only 2 (104 cards, 2 sets of each suit)")


@pytest.mark.parametrize("suits,removed,message", [
    (2, ("H",) * 5, "5 runs of hearts removed: a 2-suit game has only 4 (104 cards, 4 sets of each suit)"),
    (4, ("C", "D", "D", "D"), "3 runs of diamonds removed: a 4-suit game has only 2 (104 cards, 2 sets of each suit)"),
    (1, ("S",) * 9, "9 runs removed: there are only 8"),
    (1, ("H",), "removed run of suit 'H': a 1-suit game has only S"),
    (2, ("D",), "removed run of suit 'D': a 2-suit game has only S, H"),
])
def test_removed_runs_the_decks_do_not_hold(suits, removed, message):
    _refused(from_lists([[] for _ in range(10)], suits, removed), message)


def test_a_complete_run_left_standing_is_refused():
    # At the column's end: the move (or deal) that made it removes it at once.
    cols = sorted_table(4)
    cols[4].append(cols[9].pop(0))  # AH onto KH..2H
    _refused(from_lists(cols), "column 5 holds a complete run of hearts, KH to AH: the rules remove it "
                               "the moment it is made, so no game reaches this table")
    # Covered by a card dealt on it later: it was still removed when it was made.
    cols[4].append(cols[8].pop(0))
    _refused(from_lists(cols), "column 5 holds a complete run of hearts, KH to AH: the rules remove it "
                               "the moment it is made, so no game reaches this table")
    # One suit, the last run: the position a win would be, with the run still there.
    last = [[r + "S" for r in "KQJT98765432A"]] + [[] for _ in range(9)]
    _refused(from_lists(last, 1, ("S",) * 7), "column 1 holds a complete run of spades, KS to AS: the rules "
                                               "remove it the moment it is made, so no game reaches this table")


def test_runs_that_are_not_complete_stand():
    cols = sorted_table(4)
    cols[4].append(cols[8].pop(0))  # AC on KH..2H: not one suit
    assert from_lists(cols).validate()
    one = [[r + "S" for r in "KQJT98765432"], ["AS"]] + [[] for _ in range(8)]
    assert from_lists(one, 1, ("S",) * 7).validate()  # split in two columns: legal
    # face-down cards under a run never complete it (only face-up runs are removed)
    mixed = [["9S"] + [r + "S" for r in "8765432A"], [r + "S" for r in "KQJT"]] + [[] for _ in range(8)]
    assert from_lists(mixed, 1, ("S",) * 7, down={0: 1}).validate()


def test_a_run_both_standing_and_counted_removed():
    # Its cards are then more than the decks hold: said as such, card by card.
    last = [[r + "S" for r in "KQJT98765432A"]] + [[] for _ in range(9)]
    _refused(from_lists(last, 1, ("S",) * 8),
             "AS appears 1 time; 0 left in play (the decks hold 8, 8 removed in runs of spades)")
    cols = sorted_table(4)
    _refused(from_lists(cols, 4, ("H",)),
             "AH appears 2 times; 1 left in play (the decks hold 2, 1 removed in runs of hearts)")


@pytest.mark.parametrize("column,down,message", [
    (0, 6, "column 1 has 6 face-down cards: the deal gives it 5 (5 in columns 1-4, 4 in 5-10) and none are ever added"),
    (4, 5, "column 5 has 5 face-down cards: the deal gives it 4 (5 in columns 1-4, 4 in 5-10) and none are ever added"),
    (9, 5, "column 10 has 5 face-down cards: the deal gives it 4 (5 in columns 1-4, 4 in 5-10) and none are ever added"),
])
def test_more_face_down_cards_than_the_deal_gave(column, down, message):
    cols = sorted_table(4)
    cols[7], cols[9] = cols[9], cols[7]  # a set in column 10, with cards enough to hide 5
    p = from_lists(cols, down={column: down})
    _refused(p, message)
    assert from_lists(cols, down={column: down - 1}).validate()  # as many as dealt: fine


def test_face_down_cards_of_a_deal_are_the_most():
    from freecell_cli.spider.position import DEALT_DOWN

    assert sum(DEALT_DOWN) == 44 == deal(1).face_down
    assert tuple(len(c.down) for c in deal(123, suits=2).columns) == DEALT_DOWN


@pytest.mark.parametrize("stock,message", [
    (60, "the stock holds 60 cards: it must be 0, 10, 20, 30, 40 or 50"),
    (13, "the stock holds 13 cards: it must be 0, 10, 20, 30, 40 or 50"),
])
def test_stock_of_whole_deals_only(stock, message):
    cols = sorted_table(4)
    flat = [c for col in cols for c in col]
    taken, kept = flat[:stock], flat[stock:]
    rest = [kept[i::10] for i in range(10)]  # any table of the rest: the stock is refused first
    _refused(from_lists(rest, stock=" ".join(taken)), message)


@pytest.mark.parametrize("moves", [-1, 10**9, 10**18, True, 1.0])
def test_move_count_is_what_the_compact_form_holds(moves):
    p = Position(1, from_lists(sorted_table(1), 1).columns, moves=moves)
    with pytest.raises(InvalidPosition, match=r"^move count .* must be a whole number 0 to 999,999,999$"):
        p.validate()
    assert Position(1, p.columns, moves=999_999_999).validate()


@pytest.mark.parametrize("suits", [4.0, True, "4", None, 3])
def test_suits_is_an_int(suits):
    with pytest.raises(InvalidPosition, match=r"^suits must be 1, 2 or 4, not "):
        Position(suits, deal(1).columns, deal(1).stock).validate()


@pytest.mark.parametrize("number", [0, 10**19, True, 5.0])
def test_deal_number_is_checked(number):
    with pytest.raises(InvalidPosition, match=r"^deal field: Spider deal number"):
        Position(4, deal(1).columns, deal(1).stock, deal=number).validate()


def test_the_move_count_stops_at_its_limit():
    # one more move could not be written back in the compact form
    from freecell_cli.errors import IllegalMove
    from freecell_cli.spider.moves import Move, apply

    p = Position(1, deal(1, suits=1).columns, deal(1, suits=1).stock, moves=999_999_998)
    q = apply(p, Move.parse("23"))
    assert q.moves == 999_999_999 and parse_compact(format_compact(q)) == q
    with pytest.raises(IllegalMove, match=r"^the move count is at its limit, 999,999,999"):
        apply(q, Move.parse("d"))
