"""Position: columns, free-cell slots and foundations, plus the deal, variant and
game it came from when known.

A Position is mutable (moves apply and undo in place) and cheap to copy.

>>> from freecell_cli import deal
>>> p = deal(1)
>>> len(p.columns), p.cells, p.foundations
(8, [None, None, None, None], [0, 0, 0, 0])
>>> str(p.columns[0][-1]), p.free_cells, p.empty_columns
('6S', 4, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any

from .bounds import MAX_CELLS as MAX_CELLS, MAX_COLUMNS as MAX_COLUMNS  # their path position.X stays
from .bounds import MAX_DEAL, MAX_GAME_COLUMNS, check_deal_number
from .cards import CARDS, RANK_CHARS, SUIT_NAMES, SUITS, Card
from .errors import ArgumentTypeError, InvalidPosition, quote
from .variants import VARIANTS, Variant, find_variant

# The family's games, by name (games.py stands below; kept here as a set for the
# labels' fast check).
from .games import FAMILY as _FAMILY
from .games import GAMES as _GAMES
from .games import find_game, game_of


class Position:
    """A FreeCell table: ``columns`` (bottom card first), free-cell slots
    (``cells``, None when empty), ``foundations`` (cards home per suit), and the
    ``deal`` and ``variant`` it came from when known, and its ``game``: None for
    FreeCell, else a family game's name (``bakers-game``...: :mod:`freecell_cli.games`),
    whose table it has and whose rules it is played under (a family game has no
    variant). ``str()`` is the plain table, rich draws it in colour, a notebook as a
    picture (``_repr_svg_``).

    >>> from freecell_cli import deal
    >>> p = deal(617)
    >>> p.cards_home, p.is_won(), repr(p).startswith("parse_position('----:0000:7DTDTHKD4C")
    (0, False, True)
    """

    __slots__ = ("columns", "cells", "foundations", "deal", "variant", "game")

    def __init__(
        self,
        columns: Iterable[Iterable[Card]],
        cells: Iterable[Card | None] | int = 4,
        foundations: Sequence[int] = (0, 0, 0, 0),
        deal: int | None = None,
        variant: str | None = None,
        game: str | None = None,
    ) -> None:
        # Types and sizes are checked here, where they come in (a column of ints, or a
        # foundation at 14, would fail far off, in a move or a picture); that the cards
        # make one deck is validate()'s (a table can be built a card at a time).
        self.columns: list[list[Card]] = [
            _cards(c, f"column {i}") for i, c in enumerate(_items(columns, "columns"), 1)]
        if isinstance(cells, int) and not isinstance(cells, bool):
            if not 0 <= cells <= MAX_CELLS:
                raise InvalidPosition(f"free cells must be 0 to {MAX_CELLS}, not {quote(cells)}")
            self.cells: list[Card | None] = [None] * cells
        else:
            self.cells = _cards(cells, "cells", empty=True)
        self.foundations: list[int] = list(_items(foundations, "foundations"))
        if not all(isinstance(f, int) and not isinstance(f, bool) for f in self.foundations):
            raise ArgumentTypeError(f"foundations must be ranks (whole numbers), not {quote(foundations)}")
        _check_sizes(self.columns, self.cells, self.foundations, game is not None)
        if isinstance(variant, str):
            variant = find_variant(variant).name  # "Windows" as the formats write it: windows
        if isinstance(game, str):
            game = find_game(game).name  # "Bakers_Game" as fc-solve writes it: bakers-game
            if game == "freecell":
                game = None  # FreeCell's positions carry no game label
        _check_labels(deal, variant, game)
        self.deal = deal
        self.variant = variant
        self.game = game
        if game is not None:
            _check_table(self)

    # -- copying, comparing -------------------------------------------------
    def copy(self) -> Position:
        p = Position.__new__(Position)
        p.columns = [c[:] for c in self.columns]
        p.cells = self.cells[:]
        p.foundations = self.foundations[:]
        p.deal = self.deal
        p.variant = self.variant
        p.game = self.game
        return p

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.columns == other.columns
            and self.cells == other.cells
            and self.foundations == other.foundations
            and self.deal == other.deal
            and self.variant == other.variant
            and self.game == other.game
        )

    def same_table(self, other: Position) -> bool:
        """Same cards in the same places, whatever the deal/variant labels."""
        if not isinstance(other, Position):
            raise ArgumentTypeError(f"other must be a Position, not {type(other).__name__}")
        return (self.columns, self.cells, self.foundations) == (
            other.columns,
            other.cells,
            other.foundations,
        )

    def key(self) -> tuple[object, ...]:
        """A hashable key equal for positions that differ only by the order of
        columns or of free-cell slots (the transposition-table key)."""
        return (
            tuple(sorted(tuple(c.index for c in col) for col in self.columns)),
            tuple(sorted(c.index for c in self.cells if c is not None)),
            tuple(self.foundations),
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        from .errors import FreecellError
        from .formats.compact import format_compact

        try:
            self.validate()
        except FreecellError:  # a repr never raises, and parse_position would refuse the text
            game = "" if self.game is None else f", game={self.game!r}"
            return (f"Position({self.columns!r}, {self.cells!r}, {self.foundations!r}, "
                    f"deal={self.deal!r}, variant={self.variant!r}{game})")
        return f"parse_position({format_compact(self)!r})"

    # -- pictures: str() a table, rich a coloured one, Jupyter an SVG ----------
    def table(self) -> str:
        """The plain table, as ``freecell show`` prints it in a pipe.

        >>> from freecell_cli import deal
        >>> print(deal(1).table().splitlines()[0])
        deal 1 | site | can move 16 (4 free cells, 0 empty columns)
        """
        from .render import render_plain

        self.check_fields()  # a picture of a partial table is fine; of a 14th rank, impossible
        return render_plain(self, self.rules())

    __str__ = table

    def __rich__(self) -> Any:  # rich's protocol: a renderable
        from .render import render_rich

        self.check_fields()
        return render_rich(self, self.rules())

    def _repr_svg_(self) -> str:
        """The picture a notebook shows (python-chess style)."""
        from .svg import to_svg

        self.check_fields()
        return to_svg(self)

    def as_game(self, game: str) -> Position:
        """A copy of this position as a position of ``game`` (``freecell`` or a
        family game's name). An unlabelled FreeCell table becomes the game's (a
        board has no word for its game: Freecell Solver's, say); one of another
        game, or under a FreeCell variant, is refused, and so is a table that is
        not the game's (:class:`InvalidPosition`).

        >>> from freecell_cli import deal
        >>> deal(1).as_game("bakers-game").game, deal(1).as_game("freecell").game
        ('bakers-game', None)
        """
        want, have = find_game(game), game_of(self)
        p = self.copy()
        if want.name == have.name:
            return p
        if have.family:
            raise InvalidPosition(f"the position is {have.possessive}, not {want.possessive}")
        if p.variant is not None:
            raise InvalidPosition(f"the position is FreeCell's under {p.variant}, not {want.possessive}")
        p.game = want.name
        return p.validate()

    def rules(self) -> Variant:
        """The rules the position is labelled with: its game's, else its variant
        (else site).

        >>> from freecell_cli import deal
        >>> deal(1).rules().name, deal(1, game="eight-off").rules().name
        ('site', 'eight-off')
        """
        game = game_of(self)
        return game.rules if game.family else find_variant(self.variant)

    # -- reading the table --------------------------------------------------
    @property
    def free_cells(self) -> int:
        """Number of empty free cells."""
        return self.cells.count(None)

    @property
    def empty_columns(self) -> int:
        return sum(1 for c in self.columns if not c)

    @property
    def cards_home(self) -> int:
        return sum(self.foundations)

    def is_won(self) -> bool:
        return self.foundations == [13, 13, 13, 13]

    def run_length(self, column: int, build: str | None = None) -> int:
        """Length of the descending run at the exposed end of column ``column`` (0
        for the first) that builds ``build`` (``alternate`` colours or the same
        ``suit``; None: as the position's game builds)."""
        if type(column) is not int or not 0 <= column < len(self.columns):  # (a bool is no int here)
            from .checks import whole

            column = whole(column, "column", 0, len(self.columns) - 1)
        col = self.columns[column]
        n = len(col)
        if n == 0:
            return 0
        k = 1
        if (build or ("alternate" if self.game is None else find_game(self.game).build)) == "suit":
            while k < n and col[n - k].follows_suit(col[n - k - 1]):
                k += 1
            return k
        while k < n and col[n - k].fits_on(col[n - k - 1]):
            k += 1
        return k

    def locate(self, card: Card) -> tuple[str, int] | None:
        """Where a card is: ("column", i), ("cell", i), ("foundation", suit) or None."""
        if not isinstance(card, Card):
            raise ArgumentTypeError(f"card must be a Card (Card.parse('TD')), not {quote(card)}")
        for i, c in enumerate(self.cells):
            if c == card:
                return ("cell", i)
        for i, col in enumerate(self.columns):
            if card in col:
                return ("column", i)
        if self.foundations[card.suit_index] >= card.rank:
            return ("foundation", card.suit_index)
        return None

    # -- validation ---------------------------------------------------------
    def validate(self) -> Position:
        """Check the deck invariants; raise :class:`InvalidPosition` naming the defect
        (:class:`ArgumentTypeError` when an attribute was set to something else than
        the constructor takes). Every public function that takes a position calls it.

        Returns ``self`` so it chains.

        >>> from freecell_cli import deal
        >>> p = deal(617)
        >>> p.foundations[0] = 13
        >>> p.validate()
        Traceback (most recent call last):
          ...
        freecell_cli.errors.InvalidPosition: card 4C is in column 1 but the clubs foundation is already at K
        """
        _check_labels(self.deal, self.variant, self.game)
        if self.game is not None:
            _check_table(self)
        if self._is_whole_deck():  # the usual case, in a few microseconds
            return self
        self.check_fields()
        seen: dict[Card, str] = {}

        def place(card: Card, where: str) -> None:
            if card in seen:
                raise InvalidPosition(f"duplicate card {card}: in {seen[card]} and in {where}")
            f = self.foundations[card.suit_index]
            if card.rank <= f:
                raise InvalidPosition(
                    f"card {card} is in {where} but the {SUIT_NAMES[card.suit]} foundation"
                    f" is already at {RANK_CHARS[f]}"
                )
            seen[card] = where

        for i, col in enumerate(self.columns):
            for card in col:
                place(card, f"column {i + 1}")
        for i, held in enumerate(self.cells):
            if held is not None:
                place(held, f"free cell {cell_letter(i)}")
        missing = [c for c in CARDS if c not in seen and c.rank > self.foundations[c.suit_index]]
        if missing:
            names = " ".join(str(c) for c in sorted(missing, key=lambda c: (SUITS.index(c.suit), c.rank)))
            raise InvalidPosition(f"missing card{'s' if len(missing) > 1 else ''}: {names}")
        return self

    def check_fields(self) -> Position:
        """The constructor's checks again (types, sizes, foundations 0..13), not that
        the cards make a deck: the attributes are the caller's to change. What a
        picture of a table needs, a partial one included. Returns ``self``."""
        for name in ("columns", "cells", "foundations"):
            value = getattr(self, name)
            if not isinstance(value, list):
                raise ArgumentTypeError(f"a position's {name} must be a list, not {quote(value)}")
        for i, col in enumerate(self.columns, 1):
            if not isinstance(col, list):
                raise ArgumentTypeError(f"column {i} must be a list, not {quote(col)}")
            _cards(col, f"column {i}")
        _cards(self.cells, "cells", empty=True)
        if not all(isinstance(f, int) and not isinstance(f, bool) for f in self.foundations):
            raise ArgumentTypeError(f"foundations must be ranks (whole numbers), not {quote(self.foundations)}")
        _check_sizes(self.columns, self.cells, self.foundations, self.game is not None)
        _check_labels(self.deal, self.variant, self.game)
        if self.game is not None:
            _check_table(self)
        return self

    def _is_whole_deck(self) -> bool:
        """True when the table certainly keeps the invariants: the shared card objects
        (what deal, parse and Card.parse give), each once, exactly those not home,
        told apart by their ids (set operations, no Python code per card). False
        sends :meth:`validate` the long way, which names what is wrong (or finds
        nothing, for cards built by hand)."""
        f, cols, cells = self.foundations, self.columns, self.cells
        if (type(f) is not list or type(cols) is not list or type(cells) is not list or len(f) != 4
                or not 1 <= len(cols) <= (MAX_COLUMNS if self.game is None else MAX_GAME_COLUMNS)
                or len(cells) > MAX_CELLS):
            return False
        f0, f1, f2, f3 = f
        if not (type(f0) is type(f1) is type(f2) is type(f3) is int
                and 0 <= f0 <= 13 and 0 <= f1 <= 13 and 0 <= f2 <= 13 and 0 <= f3 <= 13):
            return False
        for col in cols:
            if type(col) is not list:
                return False
        ids = set(map(id, chain(*cols, cells)))
        ids.discard(_NONE_ID)
        n = 52 - f0 - f1 - f2 - f3
        home = _HOME_IDS
        return (len(ids) == n and sum(map(len, cols)) + len(cells) - cells.count(None) == n
                and ids <= _CARD_IDS and ids.isdisjoint(home[0][f0]) and ids.isdisjoint(home[1][f1])
                and ids.isdisjoint(home[2][f2]) and ids.isdisjoint(home[3][f3]))


# The fast check's tables: the ids of the shared card objects (they live as long as
# CARDS, so no other object gets one of their ids), and for suit s at foundation
# rank f the ids of the cards of s that are home (rank f and below).
_CARD_IDS = frozenset(map(id, CARDS))
_HOME_IDS = tuple(tuple(frozenset(id(CARDS[r * 4 + s]) for r in range(f)) for f in range(14)) for s in range(4))
_NONE_ID = id(None)


def _check_labels(deal: object, variant: object, game: object = None) -> None:
    """The deal, variant and game a table is labelled with, as the formats write
    them: a deal number (1 to 8,589,934,591), a variant's name (site, standard...)
    and a family game's name (bakers-game...), or None; a family game has no variant."""
    if ((deal is None or type(deal) is int and 1 <= deal <= MAX_DEAL)
            and (variant is None or type(variant) is str and variant in VARIANTS) and game is None):
        return  # (validate's every call: no import, no call)
    if game is not None:
        if not isinstance(game, str):
            raise ArgumentTypeError(f"game must be a family game's name or None, not {quote(game)}")
        if game not in _FAMILY:
            raise InvalidPosition(f"game must be one of {', '.join(_FAMILY)} or None (FreeCell), not {quote(game)}")
        if variant is not None:
            raise InvalidPosition(f"a {find_game(game).title} position has no variant (its rules are the game's), "
                                  f"not {quote(variant)}")
    if deal is not None:
        if isinstance(deal, bool) or not isinstance(deal, int):
            raise ArgumentTypeError(f"deal must be a deal number or None, not {quote(deal)}")
        check_deal_number(deal)
    if variant is not None:
        if not isinstance(variant, str):
            raise ArgumentTypeError(f"variant must be a variant's name or None, not {quote(variant)}")
        if variant not in VARIANTS:
            raise InvalidPosition(f"variant must be one of {', '.join(VARIANTS)} or None, not {quote(variant)}")


def _check_sizes(columns: list[Any], cells: list[Any], foundations: list[int], family: bool = False) -> None:
    """The sizes a table has: 1 to MAX_COLUMNS columns (a family game's, up to
    MAX_GAME_COLUMNS), at most MAX_CELLS free cells, four foundations at ranks 0
    (empty) to 13 (king home)."""
    if len(foundations) != 4 or not all(0 <= f <= 13 for f in foundations):
        raise InvalidPosition(f"foundations must be four ranks 0 to 13 (clubs, diamonds, hearts, spades), "
                              f"not {quote(foundations)}")
    if len(cells) > MAX_CELLS:
        raise InvalidPosition(f"too many free cells: {len(cells)} (at most {MAX_CELLS})")
    most = MAX_GAME_COLUMNS if family else MAX_COLUMNS
    if not 1 <= len(columns) <= most:
        # A table of a family game that has that many (Seahaven Towers' 10), read as FreeCell's: say which.
        games = [] if family else [g for g in _GAMES.values() if g.columns == len(columns)]
        hint = "".join(f"; {g.possessive} table has {len(columns)}: --game {g.name}, if it is one" for g in games)
        raise InvalidPosition(f"{len(columns)} columns (between 1 and {most} are supported{hint})")


def _check_table(position: Position) -> None:
    """A family game's table: its number of columns and of free cells."""
    game = find_game(position.game)
    if len(position.columns) != game.columns or len(position.cells) != game.cells:
        raise InvalidPosition(f"{game.title} has {game.columns} columns and {game.cells} free cells, not "
                              f"{len(position.columns)} and {len(position.cells)}")


def _items(value: object, what: str) -> list[Any]:
    """The items of ``value``, a collection (not text, whose characters are no cards)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ArgumentTypeError(f"{what} must be a list, not {quote(value)}")
    return list(value)


def _cards(value: object, what: str, empty: bool = False) -> list[Any]:
    """A list of Cards (and None for an empty slot when ``empty``)."""
    items = _items(value, what)
    for item in items:
        if not isinstance(item, Card) and not (empty and item is None):
            held = "Cards or None" if empty else "Cards"
            raise ArgumentTypeError(f"{what} must hold {held} (Card.parse('TD')), not {quote(item)}")
    return items


CELL_LETTERS = "abcdefgijklmnop"  # 'h' is the foundation in standard notation


def cell_letter(i: int) -> str:
    return CELL_LETTERS[i]


def cell_letters(n: int) -> str:
    """The letters of ``n`` free cells, as a help text says them (h, home, is none).

    >>> [cell_letters(n) for n in (0, 1, 4, 8, 10)]
    ['', 'a', 'a-d', 'a-g, i', 'a-g, i-k']
    """
    runs = [CELL_LETTERS[:n][:7], CELL_LETTERS[7:n]]
    return ", ".join(r if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs if r)


def check_position(value: object, what: str = "position") -> Position:
    """A Position whose cards make one deck: its attributes are the caller's to set
    (a foundation at 14 fails in a picture, one at 13 with the kings still out makes
    a "solved" verdict), so every function checks the table it is given."""
    if not isinstance(value, Position):
        raise ArgumentTypeError(f"{what} must be a Position (fc.deal(n), fc.parse_position(text)), "
                                f"not {type(value).__name__}")
    return value.validate()
