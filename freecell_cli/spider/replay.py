"""A Spider solution as a sequence of steps you can watch: one position per move,
each deal from the stock a step of its own, and the verdict (as FreeCell's
:mod:`freecell_cli.replay`).

The moves are checked by :func:`freecell_cli.spider.verify.verify`, so a replay
accepts exactly what ``spider verify`` accepts and stops where it stops: a
failing solution ends on the position before the bad move, with that move and
the reason.

>>> from freecell_cli.spider.deals import deal
>>> from freecell_cli.spider.verify import parse_solution
>>> r = replay(parse_solution("23 d 54"), deal(1, suits=1))
>>> len(r), [str(s.move) for s in r.steps], r.verdict.summary()
(3, ['23', 'd', '54'], 'all 3 moves legal, not solved: 0 of 8 runs removed')
>>> r.caption(1)
'move 2 of 3: d, deal ten cards (4 deals left after it)'
>>> bad = replay(parse_solution("23 32"), deal(1, suits=1))
>>> len(bad), bad.caption(1)
(1, 'move 2 refused: 32, JS cannot go on 9S: it needs a card one rank higher')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import SUIT_NAMES
from ..replay_frames import MAX_STEPS, Frames
from ..text import plural
from .moves import Move, _apply, _resolve, describe, notation
from .position import Position, check_position
from .verify import Solution, Verdict, verify

if TYPE_CHECKING:
    from rich.console import RenderableType


@dataclass
class ReplayStep:
    """One move of the file: ``index`` (1-based), ``token`` as written, ``move``
    in its shortest notation, ``resolved`` (its card count filled in) and the
    position ``after`` it."""

    index: int
    token: str
    move: Move
    resolved: Move
    after: Position


@dataclass
class Replay(Frames[Position, Move]):
    """The frames, the captions and their drawing: :class:`~freecell_cli.replay_frames.Frames`."""

    start: Position
    steps: list[ReplayStep]
    verdict: Verdict
    total: int  # moves in the file
    unrestricted: bool = False
    bad_move: Move | None = None  # the refused move as written (unresolved), when there is one

    @property
    def head(self) -> str:
        """What the viewer's first line says the game is."""
        start = self.start
        who = f"Spider deal {start.deal}" if start.deal is not None else "Spider position"
        return f"{who} | {plural(start.suits, 'suit')}"

    def tallest(self) -> int:
        return max_height(self)

    def _step_move(self, k: int) -> Move:
        return self.steps[k].resolved

    def _step_caption(self, k: int) -> str:
        step = self.steps[k]
        before = self.position(k)
        what = describe(before, step.resolved)
        gone = step.after.removed[len(before.removed):]
        if gone:
            what += ", " + " and ".join(f"completes a run of {SUIT_NAMES[s]} (removed)" for s in gone)
        return f"move {step.index} of {self.total}: {step.move}, {what}"

    def _footer(self, position: Position, caption: str) -> list[str]:
        from .svg import footer_lines

        return footer_lines(position, self.unrestricted, caption)

    def _table_svg(self, position: Position, move: Move | None, bad: bool, caption: str, height: int, footer: int,
                   with_defs: bool) -> str:
        from .svg import table_svg

        return table_svg(position, unrestricted=self.unrestricted, highlight=move, bad=bad, caption=caption,
                         height=height, footer=footer, with_defs=with_defs)

    def _rich_table(self, position: Position, move: Move | None, bad: bool, rows: int | None) -> RenderableType:
        from .render import render_rich

        return render_rich(position, self.unrestricted, move, bad, rows)

    @property
    def min_width(self) -> int:
        from .render import rich_width

        return rich_width(self.start)

    def lines(self, format: str = "compact") -> Iterator[str]:
        """The piped output: each move, then the position after it in ``format``
        (compact or json); every item ends with a newline."""
        from .formats import format_position

        for step in self.steps:
            yield f"{step.move}\n"
            yield format_position(step.after, format) + "\n"


def replay(solution: Solution, start: Position, unrestricted: bool = False) -> Replay:
    """Replay ``solution`` (:func:`~freecell_cli.spider.verify.parse_solution`,
    :func:`~freecell_cli.read_spider_solution`) from ``start`` step by step.

    Every step keeps its position, so a replay is limited to :data:`MAX_STEPS`
    moves (a real solution has a few hundred); ``spider verify`` checks longer files.
    """
    from .. import checks
    from ..errors import ArgumentTypeError, InvalidSolution

    if not isinstance(solution, Solution):
        raise ArgumentTypeError(f"solution must be a Spider Solution (parse_solution(text), "
                                f"fc.read_spider_solution(text or path)), not {type(solution).__name__}")
    start = check_position(start, "start")
    unrestricted = checks.flag(unrestricted, "unrestricted")
    # a streamed file is read here, once, and no further than the limit
    read = list(itertools.islice(solution.steps(), MAX_STEPS + 1))
    if len(read) > MAX_STEPS:
        raise InvalidSolution(f"a replay shows at most {MAX_STEPS:,} moves; this solution has more "
                              "(freecell spider verify checks it in constant memory)")
    held = Solution(tuple(s.token for s in read), solution.deal, solution.suits, solution.start,
                    tuple(s.line for s in read if s.line is not None))
    verdict = verify(held, start, unrestricted)
    stop = verdict.error.index - 1 if verdict.error is not None else len(read)
    position = start
    steps: list[ReplayStep] = []
    for i, step in enumerate(read[:stop], 1):
        resolved = _resolve(position, step.move, unrestricted)
        after = _apply(position, resolved, unrestricted)
        steps.append(ReplayStep(i, step.token, notation(position, resolved), resolved, after))
        position = after
    bad = read[stop].move if verdict.error is not None else None
    return Replay(start, steps, verdict, len(read), unrestricted, bad)


def max_height(r: Replay) -> int:
    """The tallest column over every frame (frames of a page keep one height)."""
    from .svg import table_height

    return max(table_height(r.position(k)) for k in range(r.frames))


def to_html(r: Replay, title: str | None = None, delay: float = 0.6) -> str:
    """The replay as one self-contained HTML page, as FreeCell's
    (:func:`freecell_cli.replay_page.replay_html`); deals are marked in the move list.

    >>> from freecell_cli.spider.deals import deal
    >>> from freecell_cli.spider.verify import parse_solution
    >>> page = to_html(replay(parse_solution("23 d"), deal(1, suits=1)))
    >>> page.count('<svg class="frame"'), page.count('<li data-k='), page.count('class="deal"')
    (3, 3, 1)
    """
    from ..replay_page import item, replay_html
    from .svg import page_defs

    items = []
    for k, step in enumerate(r.steps):
        gone = len(step.after.removed) - len(r.position(k).removed)
        if step.move.is_deal:
            items.append(item(k, f"{step.move} (deal)", "deal"))
        else:
            items.append(item(k, f"{step.move} (run removed)" if gone else str(step.move), "removes" if gone else None))
    suits = plural(r.start.suits, "suit")
    rules = suits + (", deals onto empty columns allowed" if r.unrestricted else "")
    return replay_html(r, title, game="Spider", rules=rules, detail=suits, defs=page_defs(), items=items, delay=delay)


__all__ = ["MAX_STEPS", "Replay", "ReplayStep", "max_height", "replay", "to_html"]
