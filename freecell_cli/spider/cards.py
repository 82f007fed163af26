"""Spider's two decks: which 104 cards a game of 1, 2 or 4 suits holds.

Cards are FreeCell's :class:`~freecell_cli.cards.Card` (same text, same parsing);
the two copies of a card are the same value, so a deck is a multiset.

>>> len(deck(1)), deck(1).count(Card.parse("QS")), deck(4).count(Card.parse("QS"))
(104, 8, 2)
>>> suit_letters(2)
'SH'
"""

from __future__ import annotations

from collections import Counter

from ..cards import CARDS, SUITS, Card
from ..errors import InvalidPosition, quote

__all__ = ["Card", "SUIT_MODES", "check_suits", "copies", "deck", "deck_counter", "suit_letters"]

# 1 suit: eight sets of spades; 2 suits: four of spades and four of hearts;
# 4 suits: two of each (seed 003, section 4).
SUIT_MODES: dict[int, str] = {1: "S", 2: "SH", 4: "CDHS"}
RUNS = 8  # complete K..A runs in every mode: 104 / 13


def check_suits(suits: object) -> int:
    """``suits`` as an int when it is 1, 2 or 4.

    >>> check_suits(2)
    2
    >>> check_suits(3)
    Traceback (most recent call last):
    ...
    freecell_cli.errors.InvalidPosition: suits must be 1, 2 or 4, not 3
    """
    # 4.0 == 4 and True == 1: only an int is a suit count
    if isinstance(suits, bool) or not isinstance(suits, int) or suits not in SUIT_MODES:
        raise InvalidPosition(f"suits must be 1, 2 or 4, not {quote(suits)}")
    return suits  # type: ignore[return-value]


def suit_letters(suits: int) -> str:
    return SUIT_MODES[check_suits(suits)]


def copies(suits: int) -> int:
    """How many copies of each card the two decks hold: 8 // suits."""
    return RUNS // check_suits(suits)


def deck(suits: int) -> list[Card]:
    """The 104 cards, suit by suit, A..K per set."""
    letters = suit_letters(suits)
    return [CARDS[(rank - 1) * 4 + SUITS.index(s)] for s in letters for _ in range(copies(suits))
            for rank in range(1, 14)]


def deck_counter(suits: int) -> Counter[Card]:
    return Counter(deck(suits))


def code(card: Card) -> int:
    """A small int for the solver: suit * 16 + rank. A card ``b`` continues a same-suit
    run on ``a`` exactly when ``code(b) == code(a) - 1`` (ranks start at 1, so the
    step never crosses into another suit).

    >>> code(Card.parse("7H")) - code(Card.parse("6H"))
    1
    """
    return SUITS.index(card.suit) * 16 + card.rank


def from_code(value: int) -> Card:
    return CARDS[((value & 15) - 1) * 4 + (value >> 4)]
