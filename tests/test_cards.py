import pytest
from hypothesis import given, strategies as st

from freecell_cli.cards import CARDS, Card, parse_rank
from freecell_cli.errors import InvalidCard


@pytest.mark.parametrize(
    "text,expected",
    [("AS", "AS"), ("TD", "TD"), ("10D", "TD"), ("td", "TD"), ("10♦", "TD"), ("k♠", "KS"),
     ("Q♥", "QH"), ("2♣", "2C"), (" 7h ", "7H"), ("1C", "AC")],
)
def test_parse_lenient(text, expected):
    assert str(Card.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "A", "XS", "11S", "0S", "AX", "10", "ASS", "♠", "9z"])
def test_parse_rejects(text):
    with pytest.raises(InvalidCard, match="unknown card"):
        Card.parse(text)


@given(st.sampled_from(CARDS))
def test_round_trip_and_repr(card):
    assert Card.parse(str(card)) == card
    assert eval(repr(card)) == card
    assert len(str(card)) == 2 and str(card).isascii()


def test_colours_and_fits():
    assert Card.parse("AH").is_red and Card.parse("AD").is_red
    assert not Card.parse("AC").is_red and not Card.parse("AS").is_red
    assert Card.parse("9H").fits_on(Card.parse("TS"))
    assert not Card.parse("9H").fits_on(Card.parse("TD"))  # same colour
    assert not Card.parse("8H").fits_on(Card.parse("TS"))  # skips a rank


def test_deck_order_and_rank_parse():
    assert [str(c) for c in CARDS[:5]] == ["AC", "AD", "AH", "AS", "2C"]
    assert all(c.index == i for i, c in enumerate(CARDS))
    assert parse_rank("10") == 10 and parse_rank("0") == 0
    with pytest.raises(InvalidCard):
        Card(14, "S")
