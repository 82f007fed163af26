"""Moves: standard notation, legality under a variant, apply and undo.

Standard notation is two characters, source then destination: columns ``1``-``9``,
free cells ``a``-``g``, ``i``… (``h`` is the foundation), foundation ``h``.
A ``v<hex>`` suffix gives the number of cards moved into an empty column. A table
of ten columns (Seahaven Towers) writes its tenth ``10``, as Freecell Solver does
(``108``, ``110``, ``a10``): read so when the move is parsed for ten columns.

>>> from freecell_cli import deal, find_variant
>>> p = deal(617)
>>> m = resolve(p, Move.parse("5a"), find_variant("site"))
>>> m, str(m)
(Move.parse('5a'), '5a')
>>> apply(p, m); str(p.cells[0])
'JC'
>>> undo(p, m); p.cells[0] is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from .bounds import MAX_GAME_COLUMNS
from .cards import CARDS, RANK_CHARS, SUIT_NAMES, Card
from .errors import IllegalMove, InvalidMove
from .position import CELL_LETTERS, MAX_CELLS, MAX_COLUMNS, Position, cell_letter
from .text import plural as plural  # re-exported: callers import moves.plural
from .text import quote
from .variants import Variant

COLUMN: Literal["column"] = "column"
CELL: Literal["cell"] = "cell"
FOUNDATION: Literal["foundation"] = "foundation"

EmptyColumnMode = Literal["one", "max"]


@dataclass(frozen=True, slots=True)
class Place:
    """A column (0-based index), a free cell (0-based) or a foundation (suit
    index, or -1 when not yet known: plain ``h``)."""

    kind: str
    index: int

    def __str__(self) -> str:
        if self.kind == COLUMN:
            return str(self.index + 1)
        if self.kind == CELL:
            return cell_letter(self.index)
        return "h"

    def describe(self) -> str:
        if self.kind == COLUMN:
            return f"column {self.index + 1}"
        if self.kind == CELL:
            return f"free cell {cell_letter(self.index)}"
        return "the foundation"


@dataclass(frozen=True, slots=True)
class Move:
    """A move from ``source`` to ``dest``.

    ``count`` is the number of cards, or ``None`` when the notation leaves it to the
    position (plain ``58``). ``to_empty`` marks a move into an empty column: its
    count is written as ``v<hex>`` when above one. :func:`resolve` fills both in.
    """

    source: Place
    dest: Place
    count: int | None = None
    to_empty: bool = False

    def __str__(self) -> str:
        s = f"{self.source}{self.dest}"
        if self.to_empty and self.count is not None and self.count > 1:
            s += f"v{self.count:x}"
        return s

    def __repr__(self) -> str:
        text = str(self)
        for columns, tail in ((MAX_COLUMNS, ""), (MAX_COLUMNS + 1, ", columns=10")):
            try:
                if Move.parse(text, columns) == self:
                    return f"Move.parse({text!r}{tail})"
            except InvalidMove:
                pass
        return f"Move({self.source!r}, {self.dest!r}, {self.count!r}, {self.to_empty!r})"

    @staticmethod
    def parse(text: str, columns: int = MAX_COLUMNS) -> Move:
        """Read one move in standard notation (``5a``, ``ah``, ``36v4``); with
        ``columns`` 10, ``10`` names the tenth column (``108``, ``a10``).

        A move whose source and destination are the same (``88``) is well formed;
        :func:`resolve` refuses it as illegal.

        >>> Move.parse("108", columns=10).source.index
        9
        """
        if not isinstance(text, str):
            raise InvalidMove(f"a move is text in standard notation, not {type(text).__name__}")
        if type(columns) is not int or not 1 <= columns <= MAX_GAME_COLUMNS:  # (the usual case: one test)
            from .checks import whole

            whole(columns, "columns", 1, MAX_GAME_COLUMNS)
        m = (_MOVE_RE if columns <= MAX_COLUMNS else _MOVE_10_RE).fullmatch(text.strip())
        if not m:
            raise InvalidMove(f"not a move: {quote(text)}")
        src, dst, count = m.group(1).lower(), m.group(2).lower(), m.group(3)
        source = _place(src, text)
        dest = _place(dst, text)
        if source.kind == FOUNDATION:
            raise InvalidMove(f"not a move: {quote(text)} (cards never leave the foundation)")
        if count is not None:
            n = int(count, 16)  # at most three hex digits: the pattern says so
            if n < 1:
                raise InvalidMove(f"not a move: {quote(text)} (card count must be at least 1)")
            if dest.kind != COLUMN:
                raise InvalidMove(f"not a move: {quote(text)} (a count only goes with a column destination)")
            if source.kind == CELL and n != 1:
                raise InvalidMove(f"not a move: {quote(text)} (a free cell holds one card, not {n})")
            return Move(source, dest, n, True)
        if dest.kind != COLUMN or source.kind == CELL:
            return Move(source, dest, 1)  # one card, whatever the position
        return Move(source, dest)


_MOVE_RE = re.compile(r"([1-9a-pA-P])([1-9a-pA-P])(?:[vV]([0-9a-fA-F]{1,3}))?")
# Ten columns: "10" is a place, tried before "1" (no place is 0 or 11, so a token
# reads one way only: "110" is 1 to 10, "101" 10 to 1).
_MOVE_10_RE = re.compile(r"(10|[1-9a-pA-P])(10|[1-9a-pA-P])(?:[vV]([0-9a-fA-F]{1,3}))?")


def _place(ch: str, text: str) -> Place:
    if ch.isdigit():
        return Place(COLUMN, int(ch) - 1)
    if ch == "h":
        return Place(FOUNDATION, -1)
    return Place(CELL, CELL_LETTERS.index(ch))


def split_moves(text: str) -> list[str]:
    """The move tokens of a text: separated by spaces, commas, semicolons or newlines.

    >>> split_moves(" 5a  58,8h;ah ")
    ['5a', '58', '8h', 'ah']
    """
    return [t for t in _SEPARATORS.split(text.strip()) if t]


_SEPARATORS = re.compile(r"[ \t\n\r\f\v,;]+")  # ASCII white space: "8\x852" is no two moves


def parse_moves(text: str, columns: int = MAX_COLUMNS) -> list[Move]:
    """Read moves separated by spaces, commas or newlines (on ``columns`` columns:
    see :meth:`Move.parse`).

    >>> [str(m) for m in parse_moves("5a 58,8h")]
    ['5a', '58', '8h']
    """
    if not isinstance(text, str):
        raise InvalidMove(f"moves are text in standard notation, not {type(text).__name__}")
    return [Move.parse(t, columns) for t in split_moves(text)]


def capacity_reason(n: int, cap: int, free: int, empty: int, to_empty: bool) -> str:
    cols = "other empty column" if to_empty else "empty column"
    return f"{n} cards > can move {cap} ({plural(free, 'free cell')}, {plural(empty, cols)})"


def can_move(position: Position, variant: Variant, to_empty_column: bool = False) -> int:
    """The variant's capacity in this position (for a move onto a non-empty
    column, or into an empty one when ``to_empty_column``).

    >>> from freecell_cli import deal, find_variant
    >>> can_move(deal(1), find_variant("site")), can_move(deal(1), find_variant("standard"))
    (16, 5)
    """
    empty = position.empty_columns - (1 if to_empty_column else 0)
    return variant.capacity(position.free_cells, max(empty, 0))


def check_places(position: Position, move: Move) -> None:
    """Refuse a move naming a column or free cell ``position`` lacks: one the notation
    can name (columns 1-9, free cells a-p) is a refused move (:class:`IllegalMove`);
    an index no notation writes is no move at all (:class:`InvalidMove`).

    >>> from freecell_cli import deal
    >>> check_places(deal(1, cells=2), Move.parse("1c"))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.IllegalMove: there is no free cell c (2 free cells)
    """
    for place in (move.source, move.dest):
        i = place.index
        if place.kind == COLUMN and not 0 <= i < len(position.columns):
            # quote(): a huge index has no str() (Python limits int digits)
            raise (IllegalMove if 0 <= i < MAX_COLUMNS else InvalidMove)(
                f"there is no column {quote(i + 1)} ({len(position.columns)} columns)")
        if place.kind == CELL and not 0 <= i < len(position.cells):
            named = 0 <= i < MAX_CELLS
            raise (IllegalMove if named else InvalidMove)(
                f"there is no free cell {cell_letter(i) if named else f'number {quote(i)}'} "
                f"({plural(len(position.cells), 'free cell')})")


def resolve(
    position: Position,
    move: Move,
    variant: Variant,
    empty_column: EmptyColumnMode = "one",
) -> Move:
    """Check ``move`` against the rules and return it with every detail filled in
    (count, empty destination, foundation suit). Raises :class:`IllegalMove` with
    the reason in the site's terms, a place this table lacks included (a fifth free
    cell on four is a refused move, as Games::Solitaire::Verify has it); or
    :class:`InvalidMove` when ``move`` is no move at all.

    >>> from freecell_cli import deal, find_variant
    >>> p, site = deal(617), find_variant("site")
    >>> apply(p, resolve(p, Move.parse("5a"), site))
    >>> resolve(p, Move.parse("58"), site)
    Traceback (most recent call last):
      ...
    freecell_cli.errors.IllegalMove: 7C cannot go on QH
    """
    if not isinstance(move, Move):
        raise InvalidMove(f"not a move: {quote(move)}")
    check_places(position, move)
    src, dst = move.source, move.dest
    if src.kind == CELL and move.count is not None and move.count > 1:  # built by hand: Move.parse refuses it
        raise InvalidMove(f"not a move: {quote(str(move))} (a free cell holds one card, not {move.count})")
    if src == dst:
        raise IllegalMove(f"{src.describe()} is both source and destination")
    if src.kind == CELL:
        card = position.cells[src.index]
        if card is None:
            raise IllegalMove(f"free cell {cell_letter(src.index)} is empty")
        available = 1
    else:
        col = position.columns[src.index]
        if not col:
            raise IllegalMove(f"column {src.index + 1} is empty")
        card = col[-1]
        available = position.run_length(src.index, variant.build)

    if dst.kind != COLUMN and move.count not in (None, 1):
        raise IllegalMove(f"only one card can go to {dst.describe()}")

    if dst.kind == FOUNDATION:
        top = position.foundations[card.suit_index]
        if top != card.rank - 1:
            at = f"at {RANK_CHARS[top]}" if top else "empty"
            raise IllegalMove(
                f"{card} cannot go to the foundation ({SUIT_NAMES[card.suit]} {at})"
            )
        return Move(src, Place(FOUNDATION, card.suit_index), 1)

    if dst.kind == CELL:
        if src.kind == CELL:
            raise IllegalMove("moving a card between free cells changes nothing")
        held = position.cells[dst.index]
        if held is not None:
            raise IllegalMove(f"free cell {cell_letter(dst.index)} holds {held}")
        return Move(src, dst, 1)

    target_col = position.columns[dst.index]
    if target_col:
        target = target_col[-1]
        if src.kind == CELL:
            if not variant.fits(card, target):
                raise IllegalMove(f"{card} cannot go on {target}")
            n = 1
        else:
            col = position.columns[src.index]
            # Only one card of the run can fit: its rank is fixed by the target's.
            n = target.rank - card.rank
            if not (1 <= n <= available and variant.fits(col[-n], target)):
                if available == 1:
                    raise IllegalMove(f"{card} cannot go on {target}")
                raise IllegalMove(
                    f"no card of the run {col[-available]}..{card} fits on {target}"
                )
            if move.count is not None and move.count != n:
                raise IllegalMove(
                    f"{plural(move.count, 'card')} cannot go on {target} ({col[-n]} and the {n - 1} below it would)"
                    if n > 1
                    else f"{plural(move.count, 'card')} cannot go on {target} (only {card} would)"
                )
            if n > 1:
                cap = can_move(position, variant)
                if n > cap:
                    raise IllegalMove(
                        capacity_reason(n, cap, position.free_cells, position.empty_columns, False)
                    )
        return Move(src, dst, n, False)

    # Destination is an empty column.
    if src.kind == CELL:
        if not variant.takes_empty(card):
            raise IllegalMove(_kings_only(card, dst))
        return Move(src, dst, 1, True)
    cap = can_move(position, variant, to_empty_column=True)
    col = position.columns[src.index]
    if move.count is None:
        n = 1 if empty_column == "one" else min(available, cap)
        if empty_column != "one" and variant.empty == "kings":
            # As many as fit: the run from its king, the one card that may lead it there.
            n = next((k for k in range(1, available + 1) if col[-k].rank == 13), n)
    else:
        n = move.count
        if n > available:
            raise IllegalMove(
                f"column {src.index + 1} has a run of {plural(available, 'card')}, not {n}"
            )
    if not variant.takes_empty(col[-n]):
        raise IllegalMove(_kings_only(col[-n], dst))
    if n > cap:
        raise IllegalMove(
            capacity_reason(n, cap, position.free_cells, position.empty_columns - 1, True)
        )
    return Move(src, dst, n, True)


def _kings_only(card: Card, dst: Place) -> str:
    return f"{card} cannot go into empty {dst.describe()}: only a king can"


def apply(position: Position, move: Move) -> None:
    """Play a resolved move (see :func:`resolve`) in place. No checks.

    FreeCell's positions are mutable and ``apply`` changes ``position`` itself,
    returning None (:func:`undo` takes the move back): a search plays and takes
    back moves on one position. Spider's :func:`freecell_cli.spider.moves.apply`
    is the other way round: its positions are frozen, and it returns a new one.

    >>> from freecell_cli import deal, find_variant
    >>> p = deal(617)
    >>> apply(p, resolve(p, Move.parse("5a"), find_variant("site"))); str(p.cells[0])
    'JC'
    """
    src, dst, n = move.source, move.dest, move.count or 1
    cards: list[Card]
    if src.kind == CELL:
        cards = [position.cells[src.index]]  # type: ignore[list-item]  # resolved: a card is there
        position.cells[src.index] = None
    else:
        col = position.columns[src.index]
        cards = col[-n:]
        del col[-n:]
    if dst.kind == COLUMN:
        position.columns[dst.index].extend(cards)
    elif dst.kind == CELL:
        position.cells[dst.index] = cards[0]
    else:
        position.foundations[cards[0].suit_index] += 1


def undo(position: Position, move: Move) -> None:
    """Take back a resolved move played by :func:`apply`.

    >>> from freecell_cli import deal, find_variant
    >>> p = deal(617)
    >>> m = resolve(p, Move.parse("5a"), find_variant("site"))
    >>> apply(p, m); undo(p, m); p == deal(617)
    True
    """
    src, dst, n = move.source, move.dest, move.count or 1
    cards: list[Card]
    if dst.kind == COLUMN:
        col = position.columns[dst.index]
        cards = col[-n:]
        del col[-n:]
    elif dst.kind == CELL:
        cards = [position.cells[dst.index]]  # type: ignore[list-item]  # applied: a card is there
        position.cells[dst.index] = None
    else:
        s = dst.index
        rank = position.foundations[s]
        position.foundations[s] = rank - 1
        cards = [CARDS[(rank - 1) * 4 + s]]
    if src.kind == CELL:
        position.cells[src.index] = cards[0]
    else:
        position.columns[src.index].extend(cards)


def legal_moves(position: Position, variant: Variant) -> list[Move]:
    """Every legal move. Moves to equivalent places (several empty free cells or
    empty columns) are listed once, for the leftmost; moves into an empty column
    are listed for every run length the capacity allows.

    >>> from freecell_cli import deal, find_variant
    >>> [str(m) for m in legal_moves(deal(1), find_variant("site"))][:6]
    ['1a', '2a', '3a', '4a', '5a', '6a']
    """
    moves: list[Move] = []
    first_free = next((i for i, c in enumerate(position.cells) if c is None), None)
    first_empty = next((i for i, c in enumerate(position.columns) if not c), None)
    sources = [Place(CELL, i) for i, c in enumerate(position.cells) if c is not None]
    sources += [Place(COLUMN, i) for i, c in enumerate(position.columns) if c]
    dests = [Place(FOUNDATION, -1)]
    dests += [Place(COLUMN, i) for i, c in enumerate(position.columns) if c]
    if first_empty is not None:
        dests.append(Place(COLUMN, first_empty))
    if first_free is not None:
        dests.append(Place(CELL, first_free))
    for dst in dests:
        for src in sources:
            if src == dst or (src.kind == CELL and dst.kind == CELL):
                continue
            if dst.kind == COLUMN and not position.columns[dst.index] and src.kind == COLUMN:
                col = position.columns[src.index]
                for n in range(1, position.run_length(src.index, variant.build) + 1):
                    if not variant.takes_empty(col[-n]):
                        continue  # (kings only: the run from its king, if it has one)
                    try:
                        moves.append(resolve(position, Move(src, dst, n, True), variant))
                    except IllegalMove:
                        break
                continue
            try:
                moves.append(resolve(position, Move(src, dst), variant))
            except IllegalMove:
                pass
    return moves


__all__ = [
    "CELL",
    "COLUMN",
    "FOUNDATION",
    "Move",
    "Place",
    "apply",
    "can_move",
    "legal_moves",
    "parse_moves",
    "resolve",
    "undo",
]
