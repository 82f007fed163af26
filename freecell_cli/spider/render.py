"""Pictures of a Spider position: plain ASCII (pipes, files) and rich (terminals).
Face-down cards show as ``##``.

>>> from freecell_cli.spider.deals import deal
>>> print(render_plain(deal(1, suits=2)).splitlines()[0])
deal 1 | 2 suits | stock 50 cards (5 deals) | removed 0 of 8 | moves 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import plural
from .cards import RUNS
from .position import COLUMNS, Position

if TYPE_CHECKING:  # rich is imported only when a picture is drawn
    from rich.console import RenderableType

    from .cards import Card
    from .moves import Move


def status_line(position: Position) -> str:
    parts = []
    if position.deal is not None:
        parts.append(f"deal {position.deal}")
    parts.append(plural(position.suits, "suit"))
    parts.append(f"stock {len(position.stock)} cards ({plural(position.deals_left, 'deal')})")
    parts.append(f"removed {len(position.removed)} of {RUNS}")
    parts.append(f"moves {position.moves}")
    return " | ".join(parts)


def notes(position: Position, unrestricted: bool = False) -> list[str]:
    if position.is_won():
        return ["won: all 8 runs removed"]
    out = []
    if position.stock and not position.can_deal(unrestricted):
        empty = next(i for i, c in enumerate(position.columns) if not len(c))
        out.append(f"no deal while column {empty + 1} is empty")
    return out


def _rows(position: Position) -> list[list[str]]:
    cols = [["##"] * len(c.down) + [str(x) for x in c.up] for c in position.columns]
    depth = max((len(c) for c in cols), default=0)
    return [[c[r] if r < len(c) else "" for c in cols] for r in range(depth)]


def render_plain(position: Position, unrestricted: bool = False) -> str:
    """Status, then the columns top to bottom (``##`` face down), then notes."""
    lines = [status_line(position), ""]
    lines.append(" ".join(f"{i + 1:>3}" for i in range(len(position.columns))))
    for row in _rows(position):
        lines.append(" ".join(f"{x:>3}" for x in row).rstrip())
    if position.removed:
        lines.append("")
        lines.append("removed: " + " ".join(position.removed))
    extra = notes(position, unrestricted)
    if extra:
        lines.append("")
        lines.extend(extra)
    return "\n".join(lines) + "\n"


def cards_taken(position: Position, move: Move) -> int:
    """How many cards a column move takes from its source, also for a move the
    rules refused (unresolved: the cards whose first would fit the target, else
    the run at the column's end).

    >>> from freecell_cli.spider.deals import deal
    >>> from freecell_cli.spider.moves import Move
    >>> cards_taken(deal(1, suits=1), Move.parse("23")), cards_taken(deal(1, suits=1), Move.parse("30v2"))
    (1, 1)

    (``30v2`` is refused: column 3 has one card face up.)
    """
    source = position.columns[move.source]  # type: ignore[index]
    if move.count is not None:
        return min(move.count, len(source.up))
    top = position.columns[move.dest].top  # type: ignore[index]
    if top is not None and source.up and 1 <= top.rank - source.up[-1].rank <= len(source.up):
        return top.rank - source.up[-1].rank
    return source.run_length()


def _marks(position: Position, move: Move, bad: bool) -> dict[tuple[int, int], str]:
    """Styles by (column, row) for the cards a move takes and where they go; a
    deal goes onto the end of every column."""
    # backgrounds only: the card keeps its suit colour (a red card on red would vanish)
    take, put = ("underline on bright_white",) * 2 if bad else ("on yellow", "on cyan")
    out: dict[tuple[int, int], str] = {}
    if move.is_deal:
        dests = range(COLUMNS)
    else:
        col = position.columns[move.source]  # type: ignore[index]
        n = cards_taken(position, move)
        for row in range(len(col) - n, len(col)):
            out[(move.source, row)] = take  # type: ignore[index]
        dests = range(move.dest, move.dest + 1)  # type: ignore[arg-type, operator]
    for d in dests:
        out[(d, max(len(position.columns[d]) - 1, 0))] = put
    return out


def render_rich(position: Position, unrestricted: bool = False, highlight: Move | None = None,
                bad: bool = False, rows: int | None = None) -> RenderableType:
    """A coloured picture with suit symbols for a terminal. ``highlight``: a move
    whose cards (yellow) and destination (cyan; both marked alike when ``bad``) are marked.
    ``rows``: at most that many rows of cards, a longer column compressed as the
    game screen compresses it (:func:`~freecell_cli.layout.column_rows`: ``⋮N``
    for N cards left out, the cards the move takes kept)."""
    from rich.console import Group
    from rich.text import Text

    from ..drawing import card_text, column_table

    def item(entry: Card | None, mark: str) -> Text:
        return Text("##", style="blue") if entry is None else card_text(entry, mark)

    marks = _marks(position, highlight, bad) if highlight is not None else {}
    # a column's items bottom up: None for each card face down
    columns = [[None] * len(col.down) + list(col.up) for col in position.columns]
    table = column_table(columns, rows, marks, item)
    parts: list[RenderableType] = [Text(status_line(position), style="cyan"), Text(""), table]
    if position.removed:
        parts.append(Text("removed: " + " ".join(position.removed), style="green"))
    parts += [Text(n, style="yellow") for n in notes(position, unrestricted)]
    return Group(*parts)


def rich_width(position: Position) -> int:
    """The terminal columns :func:`render_rich` needs: the columns side by side
    (three characters and a gap of two each).

    >>> from freecell_cli.spider.deals import deal
    >>> rich_width(deal(1))
    48
    """
    return 5 * len(position.columns) - 2
