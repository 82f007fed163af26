"""Cards: ranks, suits, colours, and their text forms.

Cards are written as two ASCII characters, rank then suit (``TD``), and read
leniently: ``10D``, ``td``, ``10♦`` all mean the ten of diamonds.

>>> Card.parse("10♦")
Card.parse('TD')
>>> str(Card(12, "H")), Card.parse("qh").is_red
('QH', True)
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidCard, quote

SUITS = "CDHS"  # foundation order on the site: clubs, diamonds, hearts, spades
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RANK_CHARS = "0A23456789TJQK"  # index = rank; 0 stands for "no card" (empty foundation)
RED_SUITS = frozenset("DH")

_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()} | {"♢": "D", "♡": "H", "♤": "S", "♧": "C"}


def suit_letter(text: str) -> str:
    """The letter of a suit written as a letter (any case) or a symbol; the text
    itself, upper-cased, when it is neither.

    >>> suit_letter("♥"), suit_letter("s")
    ('H', 'S')
    """
    return _SYMBOL_TO_SUIT.get(text, text.upper())


def rank_char(rank: int) -> str:
    """The one-character name of a rank, ``0`` for none.

    >>> rank_char(10), rank_char(0)
    ('T', '0')
    """
    return RANK_CHARS[rank]


def parse_rank(text: str) -> int:
    """Read a rank: ``A``, ``2``..``10``, ``T``, ``J``, ``Q``, ``K`` (any case), or ``0``.

    >>> parse_rank("10"), parse_rank("k"), parse_rank("0")
    (10, 13, 0)
    """
    if not isinstance(text, str):
        raise InvalidCard(f"a rank is text like 'T', not {type(text).__name__}")
    t = text.strip().upper()
    if t == "10":
        return 10
    if t == "1":  # some tools write aces as 1
        return 1
    if len(t) == 1 and t in RANK_CHARS:
        return RANK_CHARS.index(t)
    raise InvalidCard(f"unknown rank {quote(text)}")


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card. ``rank`` is 1 (ace) to 13 (king); ``suit`` one of ``CDHS``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if (isinstance(self.rank, bool) or not isinstance(self.rank, int) or not 1 <= self.rank <= 13
                or not isinstance(self.suit, str) or len(self.suit) != 1 or self.suit not in SUITS):
            raise InvalidCard(f"no such card: rank {quote(self.rank)}, suit {quote(self.suit)}")

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def suit_index(self) -> int:
        """Position of the suit's foundation (clubs 0 … spades 3)."""
        return SUITS.index(self.suit)

    @property
    def index(self) -> int:
        """0..51 in Microsoft deck order (AC AD AH AS 2C …)."""
        return (self.rank - 1) * 4 + SUITS.index(self.suit)

    def __str__(self) -> str:
        return RANK_CHARS[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self) -> str:
        """``T♦`` style, for pictures."""
        return RANK_CHARS[self.rank] + SUIT_SYMBOLS[self.suit]

    def fits_on(self, other: Card) -> bool:
        """True when this card can be placed on ``other`` in a column.

        >>> Card.parse("7S").fits_on(Card.parse("8H")), Card.parse("7S").fits_on(Card.parse("8C"))
        (True, False)
        """
        return other.rank == self.rank + 1 and other.is_red != self.is_red

    def follows_suit(self, other: Card) -> bool:
        """True when this card can be placed on ``other`` where columns build by
        suit (Baker's Game and its kin).

        >>> Card.parse("7S").follows_suit(Card.parse("8S")), Card.parse("7S").follows_suit(Card.parse("8C"))
        (True, False)
        """
        return other.rank == self.rank + 1 and other.suit == self.suit

    @staticmethod
    def parse(text: str) -> Card:
        """Read a card; raises :class:`InvalidCard` quoting the text."""
        try:
            return _PARSE_CACHE[text]
        except (KeyError, TypeError):  # TypeError: an unhashable argument
            pass
        if not isinstance(text, str):
            raise InvalidCard(f"a card is text like 'TD', not {type(text).__name__}")
        t = text.strip()
        if not 2 <= len(t) <= 3:
            raise InvalidCard(f"unknown card {quote(text)}")
        suit_text = t[-1]
        suit = suit_letter(suit_text)
        if suit not in SUITS:
            raise InvalidCard(f"unknown card {quote(text)}")
        try:
            rank = parse_rank(t[:-1])
        except InvalidCard:
            raise InvalidCard(f"unknown card {quote(text)}") from None
        if rank == 0:
            raise InvalidCard(f"unknown card {quote(text)}")
        return CARDS[(rank - 1) * 4 + SUITS.index(suit)]


#: How a column builds down: alternate colours (FreeCell), or the same suit (Baker's Game).
BUILDS = ("alternate", "suit")


def fits(card: Card, onto: Card, build: str = "alternate") -> bool:
    """True when ``card`` can be placed on ``onto`` in a column that builds ``build``.

    >>> fits(Card.parse("7S"), Card.parse("8H")), fits(Card.parse("7S"), Card.parse("8H"), "suit")
    (True, False)
    """
    return card.follows_suit(onto) if build == "suit" else card.fits_on(onto)


# One shared instance per card: comparisons and hashing stay cheap.
CARDS: tuple[Card, ...] = tuple(Card(r, s) for r in range(1, 14) for s in SUITS)
_PARSE_CACHE: dict[str, Card] = {str(c): c for c in CARDS}
