"""Expand a run into single-card moves through free cells and empty columns.

A run that the textbook formula allows, (free + 1) × 2^empty, can always be
carried out one card at a time; single-card moves are legal under every variant,
so an engine's run that is over the variant's capacity can be replaced by them.

>>> from freecell_cli import parse_position, find_variant
>>> p = parse_position("7S6H9S6C:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H5C/KSQSJSTS/9C8C7C5S/9D8D7D//")
>>> [str(m) for m in expand_run(p, 1, 0, 4, find_variant("site"))]
['28', '27', '87', '28', '21', '81', '78', '71', '81']
"""

from __future__ import annotations

from ..errors import IllegalMove
from ..moves import CELL, COLUMN, Move, Place, apply, resolve
from ..position import Position
from ..variants import Variant


def expand_run(position: Position, src: int, dst: int, n: int, variant: Variant) -> list[Move]:
    """Single-card moves carrying the top ``n`` cards of column ``src`` onto column
    ``dst``; plays them on ``position``. Raises :class:`IllegalMove` when the free
    cells and empty columns are not enough."""
    free = [i for i, c in enumerate(position.cells) if c is None]
    empties = [i for i, c in enumerate(position.columns) if not c and i != dst and i != src]
    if n > (len(free) + 1) << len(empties):
        raise IllegalMove(
            f"{n} cards cannot be moved one at a time with {len(free)} free cells and {len(empties)} empty columns"
        )
    out: list[Move] = []
    _carry(position, src, dst, n, free, empties, variant, out)
    return out


def _single(position: Position, move: Move, variant: Variant, out: list[Move]) -> None:
    r = resolve(position, move, variant)
    apply(position, r)
    out.append(r)


def _carry(p: Position, src: int, dst: int, n: int, free: list[int], empties: list[int], variant: Variant,
           out: list[Move]) -> None:
    if n <= len(free) + 1:
        used = free[: n - 1]
        for slot in used:
            _single(p, Move(Place(COLUMN, src), Place(CELL, slot), 1), variant, out)
        _single(p, Move(Place(COLUMN, src), Place(COLUMN, dst), 1, not p.columns[dst]), variant, out)
        for slot in reversed(used):
            _single(p, Move(Place(CELL, slot), Place(COLUMN, dst), 1), variant, out)
        return
    spare, rest = empties[0], empties[1:]
    m = min(n - 1, (len(free) + 1) << len(rest))
    _carry(p, src, spare, m, free, rest, variant, out)
    _carry(p, src, dst, n - m, free, rest, variant, out)
    _carry(p, spare, dst, m, free, rest, variant, out)
