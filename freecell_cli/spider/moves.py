"""Spider moves: notation, legality, and playing them.

Notation (one token a move, tokens separated by spaces, commas or newlines)::

    38      the movable cards of column 3 onto column 8 (columns 1-9, 0 = column 10)
    30v2    2 cards from column 3 to column 10 (a count is needed only to move part
            of a run into an empty column; onto a card it is implied)
    d       deal ten cards from the stock (also ``deal``)

Onto a card, the cards that move are those at the end of the source whose first
card is one rank below the target (any suit). Into an empty column a plain move
takes the whole same-suit run at the end of the source.

>>> from freecell_cli.spider.deals import deal
>>> p = deal(1, suits=1)
>>> [str(m) for m in legal_moves(p)][:4]
['23', '29', '47', '52']
>>> q = apply(p, Move.parse("23"))
>>> q.moves, str(q.columns[2].top), str(q.columns[1].top)
(1, 'JS', '9S')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .. import checks
from ..errors import ArgumentTypeError, IllegalMove, InvalidMove, quote
from .position import COLUMNS, MAX_MOVES, Column, Position, check_position, sound

_MOVE_RE = re.compile(r"([0-9])([0-9])(?:v([0-9]{1,2}))?")


def column_name(index: int) -> str:
    """The digit of a column in notation: 1-9, and 0 for column 10."""
    return str((index + 1) % 10)


@dataclass(frozen=True, slots=True)
class Move:
    """``source`` and ``dest`` are column indexes 0..9 (None for a deal); ``count``
    the number of cards when written, else implied by the position."""

    source: int | None
    dest: int | None
    count: int | None = None

    @property
    def is_deal(self) -> bool:
        return self.source is None

    def __str__(self) -> str:
        if self.source is None:
            return "d"
        text = column_name(self.source) + column_name(self.dest)  # type: ignore[arg-type]
        return text + (f"v{self.count}" if self.count is not None else "")

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Move:
        """Read one move token.

        >>> Move.parse("30v2"), Move.parse("deal")
        (Move.parse('30v2'), Move.parse('d'))
        >>> Move.parse("33")
        Traceback (most recent call last):
        ...
        freecell_cli.errors.InvalidMove: '33': a move needs two different columns
        """
        if not isinstance(text, str):  # as FreeCell's Move.parse
            raise InvalidMove(f"a Spider move is text (38, 30v2, d), not {type(text).__name__}")
        t = text.strip().lower()
        if t in ("d", "deal"):
            return DEAL
        m = _MOVE_RE.fullmatch(t)
        if m is None:
            raise InvalidMove(
                f"not a Spider move: {quote(text)} (e.g. 38, 30v2 with 0 for column 10, d to deal)"
            )
        src, dst = (int(m.group(1)) - 1) % 10, (int(m.group(2)) - 1) % 10
        if src == dst:
            raise InvalidMove(f"{quote(text)}: a move needs two different columns")
        count = int(m.group(3)) if m.group(3) else None
        if count is not None and not 1 <= count <= 13:
            raise InvalidMove(f"{quote(text)}: a run holds 1 to 13 cards")
        return Move(src, dst, count)


DEAL = Move(None, None)


def check_move(value: object) -> Move:
    """``value`` when it is a :class:`Move` the rules can read: a deal, or two
    different columns 0..9 and a count of 1 to 13 cards or None (a count of 0
    would take a whole column's face-up cards, a column 10 fall off the table)."""
    if not isinstance(value, Move):
        raise ArgumentTypeError(f"move must be a Spider Move (Move.parse('38')), not {type(value).__name__}")
    src, dst, count = value.source, value.dest, value.count
    if src is None and dst is None:
        if count is not None:
            raise InvalidMove(f"a deal has no card count, not {quote(count)}")
        return value
    for name, index in (("source", src), ("dest", dst)):
        if isinstance(index, bool) or not isinstance(index, int):
            what = "None with the other" if index is None else quote(index)
            raise ArgumentTypeError(f"a move's {name} is a column index 0 to 9 (None for both in a deal), not {what}")
        if not 0 <= index < COLUMNS:
            raise InvalidMove(f"a move's {name} is a column index 0 to 9, not {quote(index)}")
    if src == dst:
        raise InvalidMove(f"{value}: a move needs two different columns")
    if count is not None:
        if isinstance(count, bool) or not isinstance(count, int):
            raise ArgumentTypeError(f"a move's count is a whole number or None, not {quote(count)}")
        if not 1 <= count <= 13:
            raise InvalidMove(f"a move's count is 1 to 13 cards (a run holds no more), not {quote(count)}")
    return value


def split_moves(text: str) -> list[str]:
    """Tokens separated by spaces, commas, semicolons or newlines; ``#`` starts a comment.

    >>> split_moves("14 28, d  # first deal")
    ['14', '28', 'd']
    """
    from ..moves import split_moves as split

    return [t for line in text.splitlines() for t in split(line.split("#", 1)[0])]


def parse_moves(text: str) -> list[Move]:
    return [Move.parse(t) for t in split_moves(text)]


# -- legality ---------------------------------------------------------------------------
def resolve(position: Position, move: Move, unrestricted: bool = False) -> Move:
    """The move with its card count filled in, or :class:`IllegalMove` saying which
    rule refuses it.

    >>> from freecell_cli.spider.deals import deal
    >>> resolve(deal(1, suits=1), Move.parse("23"))
    Move.parse('23v1')
    """
    return _resolve(check_position(position), check_move(move), checks.flag(unrestricted, "unrestricted"))


# The public functions check their arguments, then call these; the solver and the
# verifier call these directly, with positions and moves they made themselves.
def _resolve(position: Position, move: Move, unrestricted: bool = False) -> Move:
    if position.moves >= MAX_MOVES:  # one more could not be written back (the compact form's 9 digits)
        raise IllegalMove(f"the move count is at its limit, {MAX_MOVES:,}: no further move can be counted")
    if move.is_deal:
        if not position.stock:
            raise IllegalMove("cannot deal: the stock is empty")
        if not unrestricted:
            empty = [i for i, c in enumerate(position.columns) if not len(c)]
            if empty:
                raise IllegalMove(
                    f"cannot deal: column {empty[0] + 1} is empty (every column needs a card; "
                    "fill it first, or allow it with --unrestricted-deal)"
                )
        return DEAL
    src, dst = move.source, move.dest
    assert src is not None and dst is not None
    if not 0 <= src < COLUMNS or not 0 <= dst < COLUMNS:
        raise IllegalMove(f"{move}: no such column")
    source, target = position.columns[src], position.columns[dst]
    if not source.up:
        raise IllegalMove(f"column {src + 1} is empty")
    run = source.run_length()
    top = target.top
    if top is None:
        n = run if move.count is None else move.count
    else:
        if top.rank == 1:
            raise IllegalMove(f"nothing goes on an ace ({top} ends column {dst + 1})")
        n = top.rank - source.up[-1].rank  # the card one rank below the target starts the run
        if move.count is not None and move.count != n:
            if move.count > len(source.up):
                raise IllegalMove(f"column {src + 1} has only {len(source.up)} face-up cards, not {move.count}")
            raise IllegalMove(f"{source.up[-move.count]} cannot go on {top}: it needs a card one rank higher")
        if n < 1:
            raise IllegalMove(f"{source.up[-1]} cannot go on {top}: it needs a card one rank higher")
        if n > len(source.up):
            raise IllegalMove(
                f"no card at the end of column {src + 1} fits on {top}: "
                f"the run there is {_describe(source.up[-run:])}"
            )
    if n > run:
        if n > len(source.up):
            raise IllegalMove(f"column {src + 1} has only {len(source.up)} face-up cards, not {n}")
        raise IllegalMove(_not_a_run(source.up[-n], source, n, run))
    return Move(src, dst, n)


def _describe(cards: Iterable[object]) -> str:
    return "-".join(str(c) for c in cards)


def _not_a_run(card: object, column: Column, n: int, run: int) -> str:
    moving = column.up[-n:]
    return (f"{card} cannot move with the cards on it: {_describe(moving)} is not a same-suit "
            f"descending run (only the last {run} can move together)")


def notation(position: Position, move: Move) -> Move:
    """The shortest token for a resolved move: the count is left out when the
    position implies it (onto a card, or a whole run into an empty column)."""
    if move.is_deal:
        return DEAL
    target = position.columns[move.dest].top  # type: ignore[index]
    if target is not None or move.count == position.columns[move.source].run_length():  # type: ignore[index]
        return Move(move.source, move.dest)
    return move


def legal_moves(position: Position, unrestricted: bool = False) -> list[Move]:
    """Every legal move, in notation, the deal last. Into empty columns, only the
    first empty one is listed (they are all alike), with every part of the run, and
    never a whole column (legal, but it changes nothing)."""
    position = check_position(position)
    unrestricted = checks.flag(unrestricted, "unrestricted")
    out: list[Move] = []
    cols = position.columns
    first_empty = next((i for i, c in enumerate(cols) if not len(c)), None)
    for s, source in enumerate(cols):
        if not source.up:
            continue
        run = source.run_length()
        low = source.up[-1].rank
        for d, target in enumerate(cols):
            if d == s:
                continue
            top = target.top
            if top is None:
                if d != first_empty:
                    continue
                for n in range(run, 0, -1):
                    if n == len(source):
                        continue
                    out.append(Move(s, d) if n == run else Move(s, d, n))
            elif 1 <= top.rank - low <= run:
                out.append(Move(s, d))
    if position.can_deal(unrestricted):
        out.append(DEAL)
    return out


# -- playing ----------------------------------------------------------------------------
def _complete(column: Column) -> tuple[Column, str | None]:
    """Take a complete same-suit K..A run off the column's end (turning up the card
    under it); returns the column and the suit removed, if any."""
    up = column.up
    if len(up) >= 13 and up[-1].rank == 1:
        suit = up[-1].suit
        tail = up[-13:]
        if all(c.suit == suit and c.rank == 13 - i for i, c in enumerate(tail)):
            return Column(column.down, up[:-13]).turned(), suit
    return column, None


def apply(position: Position, move: Move, unrestricted: bool = False) -> Position:
    """The position after ``move`` (checked by :func:`resolve`). Uncovered face-down
    cards turn up and complete runs leave the table as part of the move.

    Spider's positions are frozen: ``apply`` returns a new one and ``position`` is
    left as it was. FreeCell's :func:`freecell_cli.moves.apply` is the other way
    round: it plays a resolved move in place, changes ``position`` and returns None."""
    return sound(_apply(check_position(position), check_move(move), checks.flag(unrestricted, "unrestricted")))


def _apply(position: Position, move: Move, unrestricted: bool = False) -> Position:
    move = _resolve(position, move, unrestricted)
    cols = list(position.columns)
    removed = list(position.removed)
    stock = position.stock
    if move.is_deal:
        dealt, stock = stock[:COLUMNS], stock[COLUMNS:]
        for i, card in enumerate(dealt):
            cols[i], suit = _complete(Column(cols[i].down, cols[i].up + (card,)))
            if suit:
                removed.append(suit)
    else:
        s, d, n = move.source, move.dest, move.count
        assert s is not None and d is not None and n is not None
        source, target = cols[s], cols[d]
        moving = source.up[-n:]
        cols[s] = Column(source.down, source.up[:-n]).turned()
        cols[d], suit = _complete(Column(target.down, target.up + moving))
        if suit:
            removed.append(suit)
    return Position(position.suits, tuple(cols), stock, tuple(removed), position.moves + 1, position.deal)


def describe(position: Position, move: Move) -> str:
    """A few words on what a (resolved) move does, for hints and refusals.

    >>> from freecell_cli.spider.deals import deal
    >>> p = deal(1, suits=1)
    >>> describe(p, resolve(p, Move.parse("23")))
    'JS onto QS, turns up a card in column 2'
    """
    if move.is_deal:
        return f"deal ten cards ({position.deals_left - 1} deals left after it)"
    source = position.columns[move.source]  # type: ignore[index]
    n = move.count or source.run_length()
    card = source.up[-n]
    what = str(card) + (f" and {n - 1} more" if n > 1 else "")
    top = position.columns[move.dest].top  # type: ignore[index]
    text = f"{what} onto {top}" if top is not None else f"{what} into the empty column {move.dest + 1}"  # type: ignore[operator]
    rest = len(source) - n
    if rest == 0:
        text += f", empties column {move.source + 1}"  # type: ignore[operator]
    elif n == len(source.up):
        text += f", turns up a card in column {move.source + 1}"  # type: ignore[operator]
    return text
