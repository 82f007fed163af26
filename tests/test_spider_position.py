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
