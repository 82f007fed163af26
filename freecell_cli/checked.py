"""The game core with its arguments checked: what :mod:`freecell_cli` exports as
``apply``, ``undo``, ``resolve``, ``legal_moves``, ``autoplay``... The engines and
the verifier call the functions of :mod:`freecell_cli.moves` and
:mod:`freecell_cli.autoplay` directly, with moves they resolved themselves, and
pay for no check."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from . import checks
from .errors import ArgumentTypeError, FreecellError, quote
from .position import check_position
from .games import check_rules

if TYPE_CHECKING:
    from .moves import Move
    from .position import Position
    from .variants import Variant


def _move(value: object, position: Position) -> Move:
    """A Move whose places exist in ``position`` (a bad index would wrap round or
    fall off a list further in)."""
    from .errors import InvalidMove
    from .moves import CELL, COLUMN, FOUNDATION, Move, Place, check_places

    if not isinstance(value, Move):
        raise ArgumentTypeError(f"move must be a Move (Move.parse(text)), not {type(value).__name__}")
    for place in (value.source, value.dest):
        if not isinstance(place, Place) or place.kind not in (COLUMN, CELL, FOUNDATION):
            raise ArgumentTypeError(f"a move's places are Places (column, cell or foundation), not {quote(place)}")
        i = place.index
        if isinstance(i, bool) or not isinstance(i, int):
            raise ArgumentTypeError(f"a place's index is a whole number, not {quote(i)}")
        if place.kind == FOUNDATION and not -1 <= i <= 3:
            raise InvalidMove(f"there is no foundation {quote(i)} (0 to 3: clubs, diamonds, hearts, spades)")
    check_places(position, value)  # (a bad index would wrap round or fall off a list further in)
    if value.source.kind == FOUNDATION:
        raise InvalidMove(f"not a move: {value} (cards never leave the foundation)")
    count = value.count
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
        raise InvalidMove(f"a move's count is a whole number >= 1, not {quote(count)}")
    return value


def _any_capacity(free_cells: int, empty_columns: int) -> int:
    return 52


_TABLE_RULES: dict[str, Variant] = {}  # by game: made once, on first use


def _table_rules(position: Position) -> Variant:
    """Rules that check a move against the table alone: how its game's columns
    build and what their empty ones take; the capacity (which depends on the
    variant, which apply and undo are not given) is unbounded."""
    from .games import game_of

    rules = game_of(position).rules
    key = rules.game
    if key not in _TABLE_RULES:
        from .variants import Variant

        _TABLE_RULES[key] = Variant("any capacity", _any_capacity, "52", build=rules.build, empty=rules.empty,
                                    columns=rules.columns, game=rules.game)
    return _TABLE_RULES[key]


def _fitting(move: Move, position: Position, what: str) -> Move:
    """``move`` itself when it is what :func:`resolve` makes of it on this table
    (whatever the capacity), else an error that says what is wrong."""
    from .errors import InvalidMove
    from .moves import FOUNDATION, resolve

    if move.count is None or move.dest.kind == FOUNDATION and move.dest.index < 0:
        raise InvalidMove(f"move {move} is not resolved (its count or its foundation is left open): "
                          f"{what} takes what resolve(position, move, variant) returns")
    made = resolve(position, move, _table_rules(position))
    if made != move:
        raise InvalidMove(f"move {move} does not fit this table (here it is {made!r}): "
                          f"{what} takes what resolve(position, move, variant) returns")
    return move


def apply(position: Position, move: Move) -> None:
    """Play a resolved move (what :func:`resolve` returns) in place.

    The move must fit the table, or nothing changes: it names places the table has,
    takes the cards the source holds to a destination that takes them. The
    capacity is the variant's, which is :func:`resolve`'s to check.

    >>> import freecell_cli as fc
    >>> p = fc.deal(617)
    >>> fc.apply(p, fc.resolve(p, fc.Move.parse("5a"), "site")); str(p.cells[0])
    'JC'
    >>> fc.apply(p, fc.Move.parse("5a"))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.IllegalMove: free cell a holds JC
    """
    from .moves import apply as play

    start = check_position(position)
    play(start, _fitting(_move(move, start), start, "apply"))


def undo(position: Position, move: Move) -> None:
    """Take back the resolved move that :func:`apply` last played on ``position``.

    A move that cannot have led to this table (its destination lacks the cards, or
    the table before it would not take the move) is refused, and nothing changes.

    >>> import freecell_cli as fc
    >>> p = fc.deal(617)
    >>> m = fc.resolve(p, fc.Move.parse("5a"), "site")
    >>> fc.apply(p, m); fc.undo(p, m); p == fc.deal(617)
    True
    """
    from .errors import IllegalMove, InvalidMove
    from .moves import CELL, COLUMN, FOUNDATION
    from .moves import undo as take_back

    start = check_position(position)
    m = _move(move, start)
    if m.count is None or m.dest.kind == FOUNDATION and m.dest.index < 0:
        raise InvalidMove(f"move {m} is not resolved (its count or its foundation is left open): "
                          "undo takes what resolve(position, move, variant) returned")
    src, dst, n = m.source, m.dest, m.count
    holds = (len(start.columns[dst.index]) >= n if dst.kind == COLUMN
             else start.cells[dst.index] is not None if dst.kind == CELL
             else start.foundations[dst.index] > 0)
    if not holds or src.kind == CELL and start.cells[src.index] is not None:
        raise IllegalMove(f"cannot undo {m}: it did not lead to this table "
                          f"({dst.describe()} lacks the cards, or {src.describe()} is taken)")
    before = start.copy()
    take_back(before, m)
    try:
        _fitting(m, before, "undo")
    except FreecellError:
        raise IllegalMove(f"cannot undo {m}: it did not lead to this table "
                          "(the table before it would not take it)") from None
    take_back(start, m)


def resolve(position: Position, move: Move, variant: Variant | str,
            empty_column: Literal["one", "max"] = "one") -> Move:
    """Check ``move`` against the rules of ``variant`` (a Variant or its name) and return it with every detail filled in (count,
    empty destination, foundation suit). Raises
    :class:`~freecell_cli.errors.IllegalMove` with the reason in the site's terms (a
    place this table lacks included), or :class:`~freecell_cli.errors.InvalidMove`
    when ``move`` is no move at all.
    ``empty_column``: a plain move into an empty column takes ``one`` card, or as
    many as fit (``max``, FreeCell Pro).

    >>> import freecell_cli as fc
    >>> p = fc.deal(617)
    >>> fc.apply(p, fc.resolve(p, fc.Move.parse("5a"), "site"))
    >>> fc.resolve(p, fc.Move.parse("58"), "site")
    Traceback (most recent call last):
      ...
    freecell_cli.errors.IllegalMove: 7C cannot go on QH
    """
    from .moves import resolve as check

    start = check_position(position)
    mode = checks.choice(empty_column, "empty_column", ("one", "max"))
    return check(start, _move(move, start), check_rules(variant, start), mode)  # type: ignore[arg-type]


def can_move(position: Position, variant: Variant | str, to_empty_column: bool = False) -> int:
    """The variant's capacity in this position: the longest run one move carries
    onto a card, or into an empty column when ``to_empty_column``.

    >>> import freecell_cli as fc
    >>> fc.can_move(fc.deal(1), "site"), fc.can_move(fc.deal(1), "standard")
    (16, 5)
    """
    from .moves import can_move as capacity

    start = check_position(position)
    return capacity(start, check_rules(variant, start), checks.flag(to_empty_column, "to_empty_column"))


def legal_moves(position: Position, variant: Variant | str) -> list[Move]:
    """Every legal move under ``variant``, resolved. Moves to equivalent places
    (several empty free cells or empty columns) are listed once, for the
    leftmost; moves into an empty column for every run length the capacity allows.

    >>> import freecell_cli as fc
    >>> [str(m) for m in fc.legal_moves(fc.deal(1), "site")][:6]
    ['1a', '2a', '3a', '4a', '5a', '6a']
    """
    from .moves import legal_moves as moves

    start = check_position(position)
    return moves(start, check_rules(variant, start))


def autoplay(position: Position, mode: str = "collect") -> list[Move]:
    """Send cards home in place under ``mode``: ``collect`` (every card that can
    go, the site's auto-collect) or ``safe`` (only cards no other card needs, the
    Windows rule). Returns the moves made, in order.

    >>> import freecell_cli as fc
    >>> p = fc.parse_position("----:Q9JJ:KC/KDQDJD/TDKHQH/KSQS")
    >>> [str(m) for m in fc.autoplay(p.copy(), "safe")], len(fc.autoplay(p)), p.is_won()
    (['3h'], 9, True)
    """
    from .autoplay import MODES
    from .autoplay import autoplay as collect

    return collect(check_position(position), checks.choice(mode, "mode", MODES))


def automatic_moves(position: Position, variant: Variant | str) -> list[Move]:
    """The moves ``variant`` makes by itself after every move (windows: the safe
    cards home), played on ``position``.

    >>> import freecell_cli as fc
    >>> fc.automatic_moves(fc.deal(1), "windows")
    []
    """
    from .autoplay import automatic_moves as automatic

    start = check_position(position)
    return automatic(start, check_rules(variant, start))


def can_autocomplete(position: Position) -> bool:
    """True when the game can be won by sending cards home directly from column
    ends and free cells (nothing else moved).

    >>> import freecell_cli as fc
    >>> fc.can_autocomplete(fc.deal(1))
    False
    """
    from .autoplay import can_autocomplete as finishes

    return finishes(check_position(position))
