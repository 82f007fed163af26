"""Numbered Spider deals: PySolFC's numbering, laid out by seed 003's rules.

Deal ``n`` is PySolFC's game ``n`` of "Spider" (4 suits), "Spider (2 Suits)" or
"Spider (1 Suit)", card for card, with its columns relabelled. PySolFC shuffles its
104 cards (two decks, made deck by deck, suit by suit in its order clubs, spades,
hearts, diamonds, ranks A..K) with the Microsoft generator for ``n < 32000`` and
Python's Mersenne Twister (``random.Random(n)``) above, using the shuffle

    for i = 103 down to 1: j = randint(0, i); swap cards i and j

(Microsoft: ``randint(0, i) = rand() % (i + 1)``; Twister:
``int(random() * (i + 1))``), then deals from the end of the list: four rounds
of one card to each of its rows 1..10, one card more to rows 1, 4, 7 and 10, and a
round face up; the 50 cards left are the stock, dealt from the same end.

PySolFC's six-card columns are its rows 1, 4, 7, 10; seed 003 gives six cards to
columns 1-4. So our columns 1-10 are PySolFC's rows 1, 4, 7, 10, 2, 3, 5, 6, 8, 9,
and each deal from the stock puts on our column ``i`` the card PySolFC puts on that
row. The game is the same up to the order of the columns (a deal reaches every
column, so nothing depends on that order). PySolFC's one- and two-suit games use
clubs (and hearts); we name the clubs spades, as seed 003 does.

>>> p = deal(1, suits=4)
>>> " ".join(str(c.top) for c in p.columns), str(p.stock[0])
('8H JC QS 3S TH AH 4H 7H QC 7C', 'QH')
"""

from __future__ import annotations

import random as _random

from ..cards import CARDS, SUITS, Card
from ..errors import InvalidDeal
from .bounds import MAX_DEAL as MAX_DEAL, check_deal_number as check_deal_number  # their path deals.X stays
from .bounds import _out_of_range
from .cards import check_suits
from .position import Column, Position

RANDOM_DEALS = 1_000_000  # --random picks from 1..1,000,000

# PySolFC's suits per mode (0 clubs, 1 spades, 2 hearts, 3 diamonds), and the
# letters we give them: its one- and two-suit games are played with clubs.
_PYSOL_SUITS = {1: (0, 0, 0, 0), 2: (0, 0, 2, 2), 4: (0, 1, 2, 3)}
_LETTERS = {1: "SSHD", 2: "SSHD", 4: "CSHD"}
# Our column i is PySolFC's row ROWS[i].
ROWS = (0, 3, 6, 9, 1, 2, 4, 5, 7, 8)


def parse_deal_number(text: str) -> int:
    """Read a deal number (``617``, ``#617``, ``1,000,000``); refusals are worded as
    FreeCell's :func:`freecell_cli.deals.parse_deal_number`."""
    from ..deals import deal_digits, short_repr

    if not isinstance(text, str):
        raise InvalidDeal(f"not a deal number: {short_repr(text)}")
    digits = deal_digits(text)
    if digits is None:
        raise InvalidDeal(f"not a deal number: {short_repr(text)}")
    if len(digits) > 60:  # shown as FreeCell shows such a number, without making it an int
        raise _out_of_range("with over 60 digits")
    return check_deal_number(int(digits))


def pysol_order(n: int, suits: int) -> list[Card]:
    """The 104 cards as PySolFC holds them after shuffling game ``n`` (it deals from
    the end of this list)."""
    check_deal_number(n)
    letters = _LETTERS[check_suits(suits)]
    cards = [CARDS[rank * 4 + SUITS.index(letters[s])] for _deck in range(2) for s in _PYSOL_SUITS[suits]
             for rank in range(13)]
    if n < 32000:
        seed = n
        for i in range(len(cards) - 1, 0, -1):
            seed = (seed * 214013 + 2531011) & 0x1FFFFFFFF
            j = ((seed >> 16) & 0x7FFF) % (i + 1)
            cards[i], cards[j] = cards[j], cards[i]
    else:
        rng = _random.Random(n)
        for i in range(len(cards) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
    return cards


def pysol_rows(n: int, suits: int) -> tuple[list[list[Card]], list[Card]]:
    """PySolFC's own layout of game ``n``: its ten rows (bottom to end; the last
    card face up) and its stock in dealing order (ten a deal, rows 1..10)."""
    talon = pysol_order(n, suits)
    rows: list[list[Card]] = [[] for _ in range(10)]
    for rnd in range(6):
        for r in range(10) if rnd != 4 else (0, 3, 6, 9):
            rows[r].append(talon.pop())
    return rows, talon[::-1]


def deal(n: int, suits: int = 4) -> Position:
    """Deal ``n`` (1 .. 10**19 - 1) of a 1-, 2- or 4-suit game."""
    rows, stock = pysol_rows(n, suits)
    columns = tuple(Column(tuple(rows[r][:-1]), (rows[r][-1],)) for r in ROWS)
    ours = tuple(stock[k * 10 + ROWS[i]] for k in range(len(stock) // 10) for i in range(10))
    return Position(suits, columns, ours, deal=n)


def random_number(seed: int | str | None = None) -> int:
    """A random deal of 1..1,000,000 (reproducible with a seed)."""
    from ..deals import check_seed

    check_seed(seed)
    return _random.Random(seed).randint(1, RANDOM_DEALS)
