"""A solution as a sequence of steps you can watch: one position per move,
automatic moves (windows) as steps of their own, and the verdict.

The moves are checked by :func:`freecell_cli.verify.verify`, so a replay accepts
exactly what ``verify`` accepts and stops where it stops: a failing solution ends
on the position before the bad move, with that move and the reason.

>>> from freecell_cli import deal, find_variant
>>> from freecell_cli.solutions import parse_solution
>>> r = replay(parse_solution("5a 82 a2"), deal(617), find_variant("site"))
>>> len(r), [str(s.move) for s in r.steps], r.verdict.summary()
(3, ['5a', '82', 'a2'], 'all 3 moves legal, not solved: 0 cards home')
>>> r.caption(0)
'move 1 of 3: 5a, JC from column 5 to free cell a'
>>> bad = replay(parse_solution("5a 58"), deal(617), find_variant("site"))
>>> len(bad), bad.caption(1)
(1, 'move 2 refused: 58, 7C cannot go on QH')
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .autoplay import automatic_moves
from .errors import FreecellError
from .cards import Card
from .moves import CELL, COLUMN, FOUNDATION, EmptyColumnMode, Move, apply, resolve, undo
from .position import Position
from .replay_frames import MAX_STEPS, Frames
from .solutions import Solution
from .variants import Variant
from .verify import READ_AS_SN, Verdict, sn_reading_may_help, verify, with_cells

if TYPE_CHECKING:  # rich is imported only when a frame is drawn
    from rich.console import RenderableType


@dataclass
class ReplayStep:
    """One step: a move of the file (``index``, 1-based, and ``token`` as written)
    or a move made by itself after it (``automatic``): by the variant, or by the
    file's own solver (``written``: the file's reader wrote it out, a macroxue
    solution's auto play)."""

    index: int
    token: str
    move: Move  # resolved
    automatic: bool
    after: Position
    written: bool = False


@dataclass
class Replay(Frames[Position, Move]):
    """The frames, the captions and their drawing: :class:`~freecell_cli.replay_frames.Frames`."""

    start: Position
    variant: Variant
    steps: list[ReplayStep]
    verdict: Verdict
    bad_move: Move | None = None  # the refused move as written (unresolved), when there is one

    @property
    def file_moves(self) -> int:
        return self.verdict.file_moves

    @property
    def head(self) -> str:
        """What the viewer's first line says the game is."""
        who = f"deal {self.start.deal}" if self.start.deal is not None else "position"
        return f"{who} | {self.variant.name}"

    def tallest(self) -> int:
        return max_rows(self)

    def _step_move(self, k: int) -> Move:
        return self.steps[k].move

    def _step_caption(self, k: int) -> str:
        step = self.steps[k]
        what = describe(self.position(k), step.move)
        if step.automatic:
            by = "the file's solver" if step.written else self.variant.name
            when = f"after move {step.index}" if step.index else "before the first move"
            return f"{when}, by itself ({by}): {step.move}, {what}"
        return f"move {step.index} of {self.file_moves}: {step.move}, {what}"

    def _footer(self, position: Position, caption: str) -> list[str]:
        from .svg import footer_lines

        return footer_lines(position, self.variant, caption)

    def _table_svg(self, position: Position, move: Move | None, bad: bool, caption: str, height: int, footer: int,
                   with_defs: bool) -> str:
        from .svg import table_svg

        return table_svg(position, self.variant, highlight=move, bad=bad, caption=caption, rows=height,
                         footer=footer, with_defs=with_defs)

    def _rich_table(self, position: Position, move: Move | None, bad: bool, rows: int | None) -> RenderableType:
        from .render import render_rich

        return render_rich(position, self.variant, move, bad, rows)

    @property
    def min_width(self) -> int:
        from .render import rich_width

        return rich_width(self.start)

    def lines(self, format: str = "compact") -> Iterator[str]:
        """The piped output: each move (``# automatic`` after the variant's own),
        then the position after it in ``format``; every item ends with a newline."""
        from .formats import format_position

        for step in self.steps:
            yield f"{step.move}{'  # automatic' if step.automatic else ''}\n"
            text = format_position(step.after, format)
            yield text if text.endswith("\n") else text + "\n"


def describe(position: Position, move: Move) -> str:
    """A resolved move in words, in ``position`` before it is made.

    >>> from freecell_cli import deal, find_variant
    >>> p = deal(617)
    >>> describe(p, resolve(p, Move.parse("5a"), find_variant("site")))
    'JC from column 5 to free cell a'
    """
    src, dst, n = move.source, move.dest, move.count or 1
    cards: list[Card | None]
    if src.kind == CELL:
        cards = [position.cells[src.index]]
    else:
        cards = [*position.columns[src.index][-n:]]
    what = str(cards[0]) if n == 1 else f"{n} cards {cards[0]}..{cards[-1]}"
    if dst.kind == FOUNDATION:
        return f"{what} from {src.describe()} home"
    if dst.kind == COLUMN and position.columns[dst.index]:
        return f"{what} from {src.describe()} onto {position.columns[dst.index][-1]} in {dst.describe()}"
    where = f"empty {dst.describe()}" if dst.kind == COLUMN else dst.describe()
    return f"{what} from {src.describe()} to {where}"


def replay(
    solution: Solution,
    start: Position,
    variant: Variant | str,
    empty_column: str | None = None,
    grow_cells: bool = False,
) -> Replay:
    """Replay ``solution`` from ``start`` (not modified) step by step, under
    ``variant`` (a Variant or its name).

    Every step keeps its position, so a replay is limited to :data:`MAX_STEPS`
    moves (a real solution has a few hundred); ``verify`` checks longer files.

    >>> from freecell_cli import deal, find_variant, read_solution
    >>> r = replay(read_solution("5a 82"), deal(617), find_variant("site"))
    >>> len(r), r.caption(1)
    (2, 'move 2 of 2: 82, QH from column 8 onto KS in column 2')
    """
    from .checks import choice
    from .errors import ArgumentTypeError
    from .games import find_rules

    if not isinstance(solution, Solution):
        raise ArgumentTypeError(f"solution must be a Solution (read_solution(text or path)), not {type(solution).__name__}")
    if not isinstance(start, Position):
        raise ArgumentTypeError(f"start must be a Position (deal(n), parse_position(text)), not {type(start).__name__}")
    if not isinstance(variant, Variant):
        if not isinstance(variant, str):
            raise ArgumentTypeError(f"variant must be a Variant or a name, not {type(variant).__name__}")
        variant = find_rules(variant)
    if empty_column is not None:
        choice(empty_column, "empty_column", ("one", "max"))
    if len(solution) > MAX_STEPS:
        raise FreecellError(f"a replay shows at most {MAX_STEPS:,} moves; this solution has {len(solution):,} "
                            "(freecell verify checks it in constant memory)")
    verdict = verify(solution, start, variant, empty_column, grow_cells=grow_cells)
    if sn_reading_may_help(solution, verdict, empty_column):  # as verify reads fc-solve's -sn
        second = verify(solution, start, variant, "max", grow_cells=grow_cells)
        if second.ok:
            empty_column, verdict = "max", second
            verdict.notes.append(READ_AS_SN)
    if verdict.final is not None and len(verdict.final.cells) > len(start.cells):
        start = with_cells(start, len(verdict.final.cells))  # the free cells the file showed, from the start
    mode: EmptyColumnMode = empty_column or solution.empty_column or "one"  # type: ignore[assignment]
    error = verdict.error
    stop = error.step if error is not None and error.step is not None else len(solution)
    position = start.copy()
    steps: list[ReplayStep] = []
    index = 0  # the file's number of the move (automatic ones written in the file are not numbered)
    for i in range(stop):
        token = solution.tokens[i]
        written = i in solution.automatic
        index += not written
        move = resolve(position, solution.move(i), variant, mode)
        apply(position, move)
        steps.append(ReplayStep(index, token, move, written, position.copy(), written))
        autos = automatic_moves(position, variant)
        # automatic_moves plays them all at once: take them back to keep the
        # position after each one as a step of its own.
        for auto in reversed(autos):
            undo(position, auto)
        for auto in autos:
            apply(position, auto)
            steps.append(ReplayStep(index, token, auto, True, position.copy()))
    bad = None
    if error is not None and error.step is not None and error.step not in solution.refused:
        try:
            bad = solution.move(error.step)
        except FreecellError:
            bad = None
    return Replay(start, variant, steps, verdict, bad)


def max_rows(r: Replay) -> int:
    """The longest column over every frame (frames of a page keep one height)."""
    return max(len(c) for k in range(r.frames) for c in r.position(k).columns)


__all__ = ["Replay", "ReplayStep", "describe", "max_rows", "replay"]
