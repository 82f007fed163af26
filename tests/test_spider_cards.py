from collections import Counter

import pytest

from freecell_cli.cards import Card
from freecell_cli.errors import InvalidPosition
from freecell_cli.spider.cards import code, copies, deck, from_code, suit_letters


@pytest.mark.parametrize("suits,letters,per", [(1, "S", 8), (2, "SH", 4), (4, "CDHS", 2)])
def test_decks_hold_104_cards_in_8_sets(suits, letters, per):
    d = deck(suits)
    assert len(d) == 104 and suit_letters(suits) == letters and copies(suits) == per
    counts = Counter(d)
    assert set(counts.values()) == {per} and len(counts) == 13 * len(letters)


def test_bad_suit_count():
    with pytest.raises(InvalidPosition, match="suits must be 1, 2 or 4, not 3"):
        deck(3)


def test_codes_round_trip_and_step_within_suit():
    for c in deck(4):
        assert from_code(code(c)) == c
    assert code(Card.parse("8H")) - code(Card.parse("7H")) == 1
    assert code(Card.parse("AH")) - 1 != code(Card.parse("KD"))
