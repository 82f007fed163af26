"""What both games' replays share (FreeCell's :class:`freecell_cli.replay.Replay`,
Spider's :class:`freecell_cli.spider.replay.Replay`): the frames (the start, then
the position after each step), the move about to be made at each, the caption
(what the step does, or the verdict at the last frame), and a frame drawn as SVG,
as the text under it, or for a terminal.

A game brings its steps and verdict, the words of a step's caption and its own
drawing (the table, the footer, the terminal picture); nothing heavy is imported
here.
"""

from __future__ import annotations

from collections.abc import Sequence, Sized
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from .text import escape

if TYPE_CHECKING:  # rich is imported only when a frame is drawn
    from rich.console import RenderableType

MAX_STEPS = 20_000  # every step keeps its position: a replay's limit (a real solution has a few hundred)

class _Table(Protocol):
    @property
    def columns(self) -> Sequence[Sized]: ...  # each column as long as a frame draws it in full


P = TypeVar("P", bound=_Table)  # the game's Position
M = TypeVar("M")  # the game's Move
P_co = TypeVar("P_co", covariant=True)


class _Step(Protocol[P_co]):
    @property
    def after(self) -> P_co: ...  # the position after the step


class _Problem(Protocol):
    @property
    def index(self) -> int: ...  # 1-based position of the move in the file

    @property
    def move(self) -> str: ...  # as written

    @property
    def reason(self) -> str: ...


class _Verdict(Protocol):
    @property
    def error(self) -> _Problem | None: ...

    @property
    def solved(self) -> bool: ...

    @property
    def ok(self) -> bool: ...

    def summary(self) -> str: ...


class Frames(Generic[P, M]):
    """A replay as frames to show; each game's ``Replay`` (a dataclass) holds
    these four and draws its own table."""

    start: P
    steps: Sequence[_Step[P]]
    verdict: _Verdict
    bad_move: M | None  # the refused move as written (unresolved), when there is one

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def frames(self) -> int:
        """Positions to show: the start, then one after each step."""
        return len(self.steps) + 1

    def position(self, k: int) -> P:
        """The position at frame ``k`` (0: the start; k: after step k)."""
        return self.start if k == 0 else self.steps[k - 1].after

    def next_move(self, k: int) -> tuple[M | None, bool]:
        """The move about to be made at frame ``k`` (resolved), and whether it is the refused one."""
        if k < len(self.steps):
            return self._step_move(k), False
        return self.bad_move, self.bad_move is not None

    def caption(self, k: int) -> str:
        """What happens next at frame ``k``, or the verdict at the last frame."""
        if k < len(self.steps):
            return self._step_caption(k)
        error = self.verdict.error
        if error is not None:
            return f"move {error.index} refused: {escape(error.move)}, {error.reason}"  # as written: escaped
        return self.verdict.summary()

    def frame_lines(self, k: int) -> list[str]:
        """The text under the table at frame ``k``."""
        return self._footer(self.position(k), self.caption(k))

    def frame_svg(self, k: int, height: int = 0, footer: int = 0, with_defs: bool = True) -> str:
        """Frame ``k`` as an ``<svg>`` element, the next move framed; ``height``,
        ``footer``: room for the tallest table (:meth:`tallest`) and the longest
        footer, so that the frames of a page keep one size."""
        move, bad = self.next_move(k)
        return self._table_svg(self.position(k), move, bad, self.caption(k), height, footer, with_defs)

    def rich_frame(self, k: int, rows: int | None = None) -> RenderableType:
        """Frame ``k`` for a terminal, the next move marked; ``rows``: at most that
        many rows of cards (a longer column compressed, ``⋮N`` for N cards left out)."""
        move, bad = self.next_move(k)
        return self._rich_table(self.position(k), move, bad, rows)

    def depth(self, k: int) -> int:
        """The rows of cards of frame ``k`` (its longest column), as :meth:`rich_frame` draws them in full."""
        return max((len(c) for c in self.position(k).columns), default=0)

    # -- what each game says -------------------------------------------------------
    def tallest(self) -> int:
        """The height of the tallest table over every frame, as :meth:`frame_svg`
        measures it (FreeCell: cards in the longest column; Spider: pixels)."""
        raise NotImplementedError

    def _step_move(self, k: int) -> M:
        """The move of step ``k`` (0-based) as it is drawn: resolved."""
        raise NotImplementedError

    def _step_caption(self, k: int) -> str:
        """What step ``k`` (0-based) does, in words."""
        raise NotImplementedError

    def _footer(self, position: P, caption: str) -> list[str]:
        raise NotImplementedError

    def _table_svg(self, position: P, move: M | None, bad: bool, caption: str, height: int, footer: int,
                   with_defs: bool) -> str:
        raise NotImplementedError

    def _rich_table(self, position: P, move: M | None, bad: bool, rows: int | None) -> RenderableType:
        raise NotImplementedError

    @property
    def min_width(self) -> int:
        """The terminal columns :meth:`rich_frame` needs."""
        raise NotImplementedError


__all__ = ["MAX_STEPS", "Frames"]
