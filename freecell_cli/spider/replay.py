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
from ..text import escape, plural
from .moves import Move, _apply, _resolve, describe, notation
from .position import Position, check_position
from .verify import Solution, Verdict, verify

if TYPE_CHECKING:
    from rich.console import RenderableType

MAX_STEPS = 20_000  # every step keeps its position (as FreeCell's replay); verify checks longer files


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
class Replay:
    start: Position
    steps: list[ReplayStep]
    verdict: Verdict
    total: int  # moves in the file
    unrestricted: bool = False
    bad_move: Move | None = None  # the refused move as written (unresolved), when there is one

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def frames(self) -> int:
        """Positions to show: the start, then one after each step."""
        return len(self.steps) + 1

    @property
    def head(self) -> str:
        """What the viewer's first line says the game is."""
        start = self.start
        who = f"Spider deal {start.deal}" if start.deal is not None else "Spider position"
        return f"{who} | {plural(start.suits, 'suit')}"

    def position(self, k: int) -> Position:
        """The position at frame ``k`` (0: the start; k: after step k)."""
        return self.start if k == 0 else self.steps[k - 1].after

    def next_move(self, k: int) -> tuple[Move | None, bool]:
        """The move about to be made at frame ``k`` (resolved), and whether it is the refused one."""
        if k < len(self.steps):
            return self.steps[k].resolved, False
        return self.bad_move, self.bad_move is not None

    def caption(self, k: int) -> str:
        """What happens next at frame ``k``, or the verdict at the last frame."""
        if k < len(self.steps):
            step = self.steps[k]
            before = self.position(k)
            what = describe(before, step.resolved)
            gone = step.after.removed[len(before.removed):]
            if gone:
                what += ", " + " and ".join(f"completes a run of {SUIT_NAMES[s]} (removed)" for s in gone)
            return f"move {step.index} of {self.total}: {step.move}, {what}"
        error = self.verdict.error
        if error is not None:
            return f"move {error.index} refused: {escape(error.move)}, {error.reason}"  # as written: escaped
        return self.verdict.summary()

    def frame_lines(self, k: int) -> list[str]:
        """The text under the table at frame ``k``."""
        from .svg import footer_lines

        return footer_lines(self.position(k), self.unrestricted, self.caption(k))

    def frame_svg(self, k: int, height: int = 0, footer: int = 0, with_defs: bool = True) -> str:
        """Frame ``k`` as an ``<svg>`` element, the next move framed."""
        from .svg import table_svg

        move, bad = self.next_move(k)
        return table_svg(self.position(k), unrestricted=self.unrestricted, highlight=move, bad=bad,
                         caption=self.caption(k), height=height, footer=footer, with_defs=with_defs)

    def rich_frame(self, k: int) -> RenderableType:
        """Frame ``k`` for a terminal, the next move marked."""
        from .render import render_rich

        move, bad = self.next_move(k)
        return render_rich(self.position(k), self.unrestricted, move, bad)

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
    (:func:`freecell_cli.replay_page.page`); deals are marked in the move list.

    >>> from freecell_cli.spider.deals import deal
    >>> from freecell_cli.spider.verify import parse_solution
    >>> page = to_html(replay(parse_solution("23 d"), deal(1, suits=1)))
    >>> page.count('<svg class="frame"'), page.count('<li data-k='), page.count('class="deal"')
    (3, 3, 1)
    """
    from ..replay_page import item, page
    from .svg import page_defs

    start, verdict = r.start, r.verdict
    name = title or (f"Spider deal {start.deal}" if start.deal is not None else "Spider solution")
    suits = plural(start.suits, "suit")
    if verdict.error is not None:
        summary = f"FAIL: {verdict.summary()}"
    elif verdict.solved:
        summary = f"OK: {verdict.summary()} ({suits})"
    else:
        summary = f"not solved: {verdict.summary()} ({suits})"
    height = max_height(r)
    footer = max(len(r.frame_lines(k)) for k in range(r.frames))
    frames = [r.frame_svg(k, height=height, footer=footer, with_defs=False) for k in range(r.frames)]
    items = []
    for k, step in enumerate(r.steps):
        gone = len(step.after.removed) - len(r.position(k).removed)
        if step.move.is_deal:
            items.append(item(k, f"{step.move} (deal)", "deal"))
        else:
            items.append(item(k, f"{step.move} (run removed)" if gone else str(step.move), "removes" if gone else None))
    last = len(r.steps)
    if verdict.error is not None:
        items.append(item(last, f"{verdict.error.move}: {verdict.error.reason}", "bad"))
    else:
        items.append(item(last, verdict.summary(), "end", numbered=False))
    rules = suits + (", deals onto empty columns allowed" if r.unrestricted else "")
    return page(name, rules, summary, verdict.ok, page_defs(), frames, items, delay)


__all__ = ["MAX_STEPS", "Replay", "ReplayStep", "max_height", "replay", "to_html"]
