"""A Spider position: ten columns (face-down cards under face-up ones), the stock,
the runs already removed, and the move count. Values are frozen: a move makes a
new position (see :func:`freecell_cli.spider.moves.apply`).

>>> from freecell_cli.spider.deals import deal
>>> p = deal(1, suits=4)
>>> [len(c) for c in p.columns], len(p.stock), p.face_down
([6, 6, 6, 6, 5, 5, 5, 5, 5, 5], 50, 44)
>>> p.can_deal(), p.is_won()
(True, False)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from itertools import chain

from ..cards import Card
from ..errors import ArgumentTypeError, InvalidPosition, quote
from .bounds import MAX_DEAL, check_deal_number
from .cards import RUNS, check_suits, copies, suit_letters

COLUMNS = 10
# Face-down cards the deal gives each column (seed 003: columns 1-4 get 6 cards, 5-10 get 5,
# the last face up); never more later.
DEALT_DOWN = (5, 5, 5, 5, 4, 4, 4, 4, 4, 4)
MAX_MOVES = 10**9 - 1  # the compact format's move count: up to 9 digits


@dataclass(frozen=True, slots=True)
class Column:
    """One column: ``down`` (face-down) then ``up`` (face-up), each from the bottom
    of the column to its end. A column that holds cards has at least one face up."""

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()

    def __len__(self) -> int:
        return len(self.down) + len(self.up)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.down + self.up

    @property
    def top(self) -> Card | None:
        """The card at the column's end (the one other cards go on)."""
        return self.up[-1] if self.up else None

    def run_length(self) -> int:
        """How many cards at the end form a same-suit run descending by one: the
        cards that can move together.

        >>> Column((), tuple(map(Card.parse, ["9S", "8H", "7H"]))).run_length()
        2
        """
        up = self.up
        n = 1 if up else 0
        while n < len(up) and up[-n - 1].suit == up[-n].suit and up[-n - 1].rank == up[-n].rank + 1:
            n += 1
        return n

    def turned(self) -> Column:
        """The column with its last face-down card turned up when nothing covers it."""
        if not self.up and self.down:
            return Column(self.down[:-1], self.down[-1:])
        return self


@dataclass(frozen=True, slots=True)
class Position:
    """``suits`` 1, 2 or 4; ``columns`` ten :class:`Column`; ``stock`` the cards still
    to deal, in dealing order (the first ten go to columns 1..10 on the next deal);
    ``removed`` the suit letter of each complete run taken off, in order; ``moves``
    moves and deals made so far; ``deal`` the deal number when known."""

    suits: int
    columns: tuple[Column, ...]
    stock: tuple[Card, ...] = ()
    removed: tuple[str, ...] = ()
    moves: int = 0
    deal: int | None = None

    def __repr__(self) -> str:
        from ..errors import FreecellError
        from .formats import format_compact

        try:
            return f"Position.parse({format_compact(self)!r})"
        except FreecellError:  # fields no function takes: a repr still shows them
            return (f"Position({self.suits!r}, {self.columns!r}, {self.stock!r}, {self.removed!r}, "
                    f"{self.moves!r}, {self.deal!r})")

    @staticmethod
    def parse(text: str) -> Position:
        """Read a position in any of the Spider formats (compact or JSON)."""
        from .formats import parse_position

        return parse_position(text)

    def _repr_svg_(self) -> str:
        """The picture a notebook shows, as FreeCell's Position."""
        from .svg import to_svg

        return to_svg(self)

    # -- what the table says --------------------------------------------------------
    @property
    def face_down(self) -> int:
        return sum(len(c.down) for c in self.columns)

    @property
    def deals_left(self) -> int:
        return len(self.stock) // COLUMNS

    @property
    def empty_columns(self) -> int:
        return sum(1 for c in self.columns if not len(c))

    def can_deal(self, unrestricted: bool = False) -> bool:
        """A deal needs cards in the stock and, unless ``unrestricted``, no empty column."""
        if type(unrestricted) is not bool:  # "no" would be true
            from ..checks import flag

            flag(unrestricted, "unrestricted")
        return bool(self.stock) and (unrestricted or all(len(c) for c in self.columns))

    def is_won(self) -> bool:
        return len(self.removed) == RUNS

    def key(self) -> tuple[object, ...]:
        """What identifies the position for search (the move count left out)."""
        return (self.columns, len(self.stock))

    def with_moves(self, moves: int) -> Position:
        return replace(self, moves=moves)

    # -- invariants -------------------------------------------------------------------
    def validate(self) -> Position:
        """Check that the rules could have reached this table: ten columns, no more
        face-down cards in a column than the deal gave it, a stock of whole deals,
        at most as many removed runs of a suit as the decks hold, every card as often
        as the decks hold it less the removed runs, no complete K-A run still
        standing (the rules remove it at once), a move count the compact form can
        hold; returns self."""
        from ..cards import SUIT_NAMES
        from ..text import plural

        check_suits(self.suits)
        letters = suit_letters(self.suits)
        per = copies(self.suits)
        if len(self.columns) != COLUMNS:
            raise InvalidPosition(f"Spider has {COLUMNS} columns, not {len(self.columns)}")
        for i, col in enumerate(self.columns):
            if col.down and not col.up:
                raise InvalidPosition(f"column {i + 1} has face-down cards but no face-up card on them")
            if len(col.down) > DEALT_DOWN[i]:  # a move or a deal only ever adds face-up cards
                raise InvalidPosition(
                    f"column {i + 1} has {len(col.down)} face-down cards: the deal gives it "
                    f"{DEALT_DOWN[i]} (5 in columns 1-4, 4 in 5-10) and none are ever added")
        if len(self.stock) % COLUMNS or len(self.stock) > 50:
            raise InvalidPosition(f"the stock holds {len(self.stock)} cards: it must be 0, 10, 20, 30, 40 or 50")
        if len(self.removed) > RUNS:
            raise InvalidPosition(f"{len(self.removed)} runs removed: there are only {RUNS}")
        removed = Counter(self.removed)
        for s in self.removed:
            if s not in letters:
                raise InvalidPosition(f"removed run of suit {s!r}: a {self.suits}-suit game has only {', '.join(letters)}")
        for s, n in removed.items():
            if n > per:
                raise InvalidPosition(f"{n} runs of {SUIT_NAMES[s]} removed: a {self.suits}-suit game "
                                      f"has only {per} (104 cards, {plural(per, 'set')} of each suit)")
        if isinstance(self.moves, bool) or not isinstance(self.moves, int) or not 0 <= self.moves <= MAX_MOVES:
            raise InvalidPosition(f"move count {self.moves!r} must be a whole number 0 to {MAX_MOVES:,}")
        if self.deal is not None:
            from ..errors import FreecellError

            try:
                check_deal_number(self.deal)
            except FreecellError as e:
                raise InvalidPosition(f"deal field: {e}") from None
        counts: Counter[Card] = Counter(self.stock)
        for col in self.columns:
            counts.update(col.down)
            counts.update(col.up)
        for card, n in sorted(counts.items(), key=lambda kv: (kv[0].suit, kv[0].rank)):
            if card.suit not in letters:
                raise InvalidPosition(f"{card} is not in a {self.suits}-suit game (suits {', '.join(letters)})")
            allowed = per - removed[card.suit]
            if n > allowed:
                gone = (f", {removed[card.suit]} removed in runs of {SUIT_NAMES[card.suit]}"
                        if removed[card.suit] else "")
                raise InvalidPosition(f"{card} appears {plural(n, 'time')}; {allowed} left in play "
                                      f"(the decks hold {per}{gone})")
        total = sum(counts.values())
        expected = 104 - 13 * len(self.removed)
        if total != expected:
            missing = [str(c) for s in letters for r in range(1, 14)
                       for c in [Card(r, s)] if counts[c] < per - removed[s]]
            raise InvalidPosition(
                f"{total} cards in play, {expected} expected"
                + (f" (missing {' '.join(missing[:8])}{' ...' if len(missing) > 8 else ''})" if missing else "")
            )
        for i, col in enumerate(self.columns):
            where = complete_run(col.up)
            if where is not None:
                king = col.up[where]
                raise InvalidPosition(
                    f"column {i + 1} holds a complete run of {SUIT_NAMES[king.suit]}, {king} to A{king.suit}: "
                    "the rules remove it the moment it is made, so no game reaches this table")
        return self


def complete_run(cards: tuple[Card, ...]) -> int | None:
    """The index of the king of the first complete same-suit K..A run in ``cards``
    (face-up cards, bottom to end), or None.

    >>> from ..cards import Card
    >>> complete_run(tuple(Card.parse(r + "H") for r in "3KQJT98765432A"))
    1
    """
    for j, card in enumerate(cards):
        if card.rank == 1 and j >= 12:
            tail = cards[j - 12 : j + 1]
            if all(c.suit == card.suit and c.rank == 13 - k for k, c in enumerate(tail)):
                return j - 12
    return None


def check_position(value: object, what: str = "position") -> Position:
    """``value`` when it is a Spider :class:`Position` whose fields hold what the
    rules read: suits 1, 2 or 4, ten :class:`Column` of face-down and face-up
    :class:`~freecell_cli.cards.Card` tuples, a stock of Cards, removed runs as suit
    letters, a move count 0 to :data:`MAX_MOVES`, a deal number or None. Else
    :class:`~freecell_cli.errors.ArgumentTypeError` (a wrong type) or
    :class:`InvalidPosition`, naming the field. What every function of
    :mod:`freecell_cli.spider` checks first (a frozen dataclass takes anything).

    That the cards make the decks is :meth:`Position.validate`'s: the rules'
    functions also play on a partial table (a puzzle, a test).

    >>> check_position("spider1:...")
    Traceback (most recent call last):
      ...
    freecell_cli.errors.ArgumentTypeError: position must be a Spider Position (fc.spider.deal(n, suits), fc.spider.parse_position(text)), not str
    """
    global _last_sound
    if value is _last_sound and value is not None:
        return value
    if not isinstance(value, Position):
        kind = "a FreeCell Position" if type(value).__name__ == "Position" else type(value).__name__
        raise ArgumentTypeError(f"{what} must be a Spider Position (fc.spider.deal(n, suits), "
                                f"fc.spider.parse_position(text)), not {kind}")
    cols = value.columns
    if type(cols) is not tuple or len(cols) != COLUMNS or not _COLUMN_TYPE.issuperset(map(type, cols)):
        if not isinstance(cols, tuple) or not all(isinstance(c, Column) for c in cols):
            raise ArgumentTypeError(f"a Spider position's columns are a tuple of Columns, not {quote(cols)}")
        if len(cols) != COLUMNS:
            raise InvalidPosition(f"Spider has {COLUMNS} columns, not {len(cols)}")
    parts = [value.stock, *(c.down for c in cols), *(c.up for c in cols)]
    # (the common case in two set operations, not Python code per card)
    if not _TUPLE_TYPE.issuperset(map(type, parts)) or not _CARD_TYPE.issuperset(map(type, chain(*parts))):
        for i, col in enumerate(cols, 1):
            _cards(col.down, f"column {i}'s face-down cards")
            _cards(col.up, f"column {i}'s face-up cards")
        _cards(value.stock, "the stock")
    check_suits(value.suits)
    removed = value.removed
    if not isinstance(removed, tuple) or not all(isinstance(s, str) and len(s) == 1 for s in removed):
        raise ArgumentTypeError(f"removed runs are a tuple of suit letters, not {quote(removed)}")
    moves = value.moves
    if type(moves) is not int or not 0 <= moves <= MAX_MOVES:
        if isinstance(moves, bool) or not isinstance(moves, int):
            raise ArgumentTypeError(f"a Spider position's move count is a whole number, not {quote(moves)}")
        raise InvalidPosition(f"move count {quote(moves)} must be a whole number 0 to {MAX_MOVES:,}")
    deal = value.deal
    if deal is not None and not (type(deal) is int and 1 <= deal <= MAX_DEAL):
        check_deal_number(deal)
    _last_sound = value
    return value


def sound(position: Position) -> Position:
    """``position``, made by a checked function from a checked one: the next check of
    it is free (a game's loop, ``p = apply(p, move)``, hands each one back)."""
    global _last_sound
    _last_sound = position
    return position


# The last position checked or made sound: a frozen value stays as it was checked,
# so a check of the same object again is one comparison. (One slot; any thread may
# overwrite it, and every position it ever holds is a sound one.)
_last_sound: Position | None = None
_COLUMN_TYPE = frozenset({Column})
_TUPLE_TYPE = frozenset({tuple})
_CARD_TYPE = frozenset({Card})


def _cards(value: object, what: str) -> None:
    if not isinstance(value, tuple) or not all(isinstance(c, Card) for c in value):
        raise ArgumentTypeError(f"{what} must be a tuple of Cards (Card.parse('TD')), not {quote(value)}")
