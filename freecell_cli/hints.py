"""Hints: the next move towards a win, and why. :func:`freecell_cli.hint` (what
``freecell solve --hint`` prints) and the games' ``h`` key (:func:`find_hint`)
give the same :class:`Hint`.

>>> from freecell_cli import deal, find_variant
>>> h = find_hint(deal(617), find_variant("site"))
>>> h.verdict, h.sure, str(h.move) == h.message.split()[1]
('solved', True, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .moves import CELL, Move, legal_moves
from .position import Position
from .solvers.result import GAVE_UP, SOLVED, UNSOLVABLE, Result
from .text import plural

if TYPE_CHECKING:
    from .variants import Variant

STUCK = "no legal move left"  # the reason of a hint on a table with no move at all


@dataclass
class Hint:
    """The next move of a solution, and why (``freecell solve --hint``; a game's
    ``h``).

    ``verdict`` is the search's (:data:`~freecell_cli.solvers.result.VERDICTS`).
    ``move`` is the solution's first move when solved; when the search gave up, a
    game still offers a move worth trying; else None. ``reason`` says what the
    move does ("7C onto 8H, uncovers 2S"), or why there is none ("won",
    "unsolvable", :data:`STUCK`, why the search stopped)."""

    verdict: str
    move: Move | None = None
    reason: str = ""
    move_count: int = 0  # moves to finish, counted the variant's way, when solved
    result: Result | None = field(default=None, repr=False)  # the search behind it, if one ran

    @property
    def sure(self) -> bool:
        """A move that leads to a win (a game plays it on a second ``h``)."""
        return self.verdict == SOLVED and self.move is not None

    def __str__(self) -> str:
        """What ``freecell solve --hint`` prints."""
        if self.move is not None:
            return f"{self.move}  ({self.reason}; {plural(self.move_count, 'move')} to finish)"
        if self.verdict == SOLVED:
            return "nothing to do: the game is won"
        if self.verdict == UNSOLVABLE:
            return "this position is unsolvable"
        return "no verdict within the limit"

    @property
    def message(self) -> str:
        """What a game says."""
        if self.sure:
            return f"hint: {self.move} ({self.reason}; {plural(self.move_count, 'move')} to finish)"
        if self.move is not None:
            return f"no verdict within the limit; you could try {self.move} ({self.reason})"
        if self.verdict == SOLVED:
            return "nothing to do: the game is won"
        if self.verdict == GAVE_UP:
            return f"no hint: {self.reason}"
        why = STUCK if self.reason == STUCK else "this position is unsolvable from here"
        return f"{why}: undo, restart, or a new deal"

    def to_dict(self) -> dict[str, Any]:
        """What ``freecell solve --hint --json`` prints."""
        return {"verdict": self.verdict, "move": None if self.move is None else str(self.move),
                "reason": self.reason, "move_count": self.move_count}


def from_result(start: Position, result: Result) -> Hint:
    """The hint a search's result gives on ``start``: its first move, or why none."""
    if result.verdict == SOLVED and result.moves:
        move = result.moves[0]
        return Hint(str(result.verdict), move, explain(start, move), result.move_count, result)
    if result.verdict == SOLVED:
        return Hint(str(result.verdict), None, "won", 0, result)
    why = str(UNSOLVABLE) if result.verdict == UNSOLVABLE else result.reason
    return Hint(str(result.verdict), None, why, result.move_count, result)


def find_hint(position: Position, variant: Variant, seconds: float = 10.0) -> Hint:
    """A game's hint: a move that leads to a win from ``position`` and why, as
    ``solve --hint`` gives it; when the search gives up, a move worth trying.
    ``position`` is not changed."""
    from .solvers.engine import Limits, solve

    if position.is_won():
        return Hint(SOLVED, reason="won")
    moves = legal_moves(position, variant)
    if not moves:
        return Hint(UNSOLVABLE, reason=STUCK)
    result = solve(position.copy(), variant, "beam", Limits(time=seconds))
    if result.verdict == SOLVED and result.moves:
        move = result.moves[0]
        return Hint(SOLVED, move, explain(position, move), result.move_count, result)
    if result.verdict == GAVE_UP:  # the site's fallback: a heuristic move
        home = [m for m in moves if m.dest.kind == "foundation"]
        move = (home or moves)[0]
        return Hint(GAVE_UP, move, explain(position, move), result=result)
    return Hint(UNSOLVABLE, reason=str(UNSOLVABLE), result=result)


def explain(position: Position, move: Move) -> str:
    """A few words on what a resolved move does in ``position`` (before it is played).

    >>> from freecell_cli import deal
    >>> explain(deal(617), Move.parse("5a"))
    'JC to a free cell, uncovers 7C'
    """
    p = position
    below = None
    if move.source.kind == CELL:
        card = p.cells[move.source.index]
        what = f"{card} from free cell {move.source}"
    else:
        col = p.columns[move.source.index]
        n = move.count or 1
        card = col[-n]
        what = f"{card}" + (f" and {n - 1} more" if n > 1 else "")
        below = col[-n - 1] if len(col) > n else None
    if move.dest.kind == "foundation":
        doing = f"{card} home"
    elif move.dest.kind == CELL:
        doing = f"{what} to a free cell"
    elif not p.columns[move.dest.index]:
        doing = f"{what} to the empty column {move.dest}"
    else:
        doing = f"{what} onto {p.columns[move.dest.index][-1]}"
    if move.source.kind != CELL:
        doing += f", empties column {move.source}" if below is None else f", uncovers {below}"
    return doing
