"""Pictures of a position: plain ASCII (pipes, files) and rich (terminals).

>>> from freecell_cli import deal, find_variant
>>> print(render_plain(deal(1), find_variant("site")).splitlines()[0])
deal 1 | site | can move 16 (4 free cells, 0 empty columns)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .autoplay import can_autocomplete
from .cards import CARDS, Card, RANK_CHARS, SUIT_SYMBOLS, SUITS
from .deals import is_unsolvable
from .moves import CELL, COLUMN, FOUNDATION, Move, can_move
from .position import Position, cell_letter
from .text import plural
from .variants import Variant

if TYPE_CHECKING:  # rich is imported only when a picture is drawn
    from rich.console import RenderableType


def status_line(position: Position, variant: Variant) -> str:
    parts = []
    if position.deal is not None:
        parts.append(f"deal {position.deal}")
    parts.append(variant.name)
    parts.append(can_move_text(position, variant))
    return " | ".join(parts)


def can_move_text(position: Position, variant: Variant) -> str:
    """How long a run may move now, and why: ``can move 16 (4 free cells, 0 empty
    columns)``; ``can move any run`` where runs move whole (Relaxed FreeCell).

    >>> from freecell_cli import deal, find_variant
    >>> can_move_text(deal(1), find_variant("site"))
    'can move 16 (4 free cells, 0 empty columns)'
    """
    from .games import is_unlimited

    cap = "any run" if is_unlimited(variant) else str(can_move(position, variant))
    return (f"can move {cap} ({plural(position.free_cells, 'free cell')}, "
            f"{plural(position.empty_columns, 'empty column')})")


def notes(position: Position) -> list[str]:
    """Remarks shown under the table."""
    out = []
    if position.is_won():
        out.append("won: all four foundations are at K")
    elif can_autocomplete(position):
        out.append("auto-complete: the rest can be sent home directly (freecell autoplay)")
    if (position.game is None and position.deal is not None and is_unsolvable(position.deal)
            and position.cards_home == 0):
        out.append(f"unsolvable: deal {position.deal} cannot be won from the start")
    return out


def render_plain(position: Position, variant: Variant) -> str:
    """An ASCII picture: status, free cells and foundations, then the columns."""
    cells = " ".join(
        f"{cell_letter(i)}:{'--' if c is None else str(c)}" for i, c in enumerate(position.cells)
    )
    found = " ".join(
        f"{s}:{RANK_CHARS[f] + s if f else '--'}" for s, f in zip(SUITS, position.foundations)
    )
    lines = [status_line(position, variant), f"cells {cells}   home {found}", ""]
    lines.append(" ".join(f"{i + 1:>3}" for i in range(len(position.columns))))
    depth = max((len(c) for c in position.columns), default=0)
    for row in range(depth):
        lines.append(
            " ".join(
                f"{str(col[row]):>3}" if row < len(col) else "   " for col in position.columns
            ).rstrip()
        )
    extra = notes(position)
    if extra:
        lines.append("")
        lines.extend(extra)
    return "\n".join(lines) + "\n"


def cards_taken(position: Position, move: Move) -> int:
    """How many cards ``move`` takes from its source column, also for a move the
    rules refused (unresolved: the run whose first card would fit the target).

    >>> from freecell_cli import deal, Move
    >>> cards_taken(deal(617), Move.parse("58")), cards_taken(deal(617), Move.parse("5a"))
    (1, 1)
    """
    if move.count is not None:
        return move.count
    if move.source.kind != COLUMN or move.dest.kind != COLUMN:
        return 1
    if move.source.index >= len(position.columns) or move.dest.index >= len(position.columns):
        return 1
    col, target = position.columns[move.source.index], position.columns[move.dest.index]
    if not col or not target:
        return 1
    n = target[-1].rank - col[-1].rank
    return n if 1 <= n <= position.run_length(move.source.index) else 1


def _marks(position: Position, move: Move, bad: bool) -> dict[tuple[str, int, int], str]:
    """Styles by place (kind, index, row) for the cards a move takes and where
    they go. ``move`` may be unresolved (a refused move): count and suit are guessed."""
    # backgrounds only: the card keeps its suit colour (a red card on red would vanish)
    take, put = ("underline on bright_white",) * 2 if bad else ("on yellow", "on cyan")
    out: dict[tuple[str, int, int], str] = {}
    src, dst = move.source, move.dest
    card = None
    if src.kind == CELL and src.index < len(position.cells):
        card = position.cells[src.index]
        out[("cell", src.index, 0)] = take
    elif src.kind == COLUMN and src.index < len(position.columns):
        col = position.columns[src.index]
        n = min(cards_taken(position, move), len(col))
        for row in range(len(col) - n, len(col)):
            out[("column", src.index, row)] = take
        card = col[-n] if col else None
    if dst.kind == CELL and dst.index < len(position.cells):
        out[("cell", dst.index, 0)] = put
    elif dst.kind == COLUMN and dst.index < len(position.columns):
        out[("column", dst.index, max(len(position.columns[dst.index]) - 1, 0))] = put
    elif dst.kind == FOUNDATION:
        suit = dst.index if dst.index >= 0 else (card.suit_index if card is not None else None)
        if suit is not None:
            out[("foundation", suit, 0)] = put
    return out


def render_rich(
    position: Position, variant: Variant, highlight: Move | None = None, bad: bool = False, rows: int | None = None
) -> RenderableType:
    """A coloured picture with suit symbols for a terminal. ``highlight``: a move
    whose cards (yellow) and destination (cyan; red both when ``bad``) are marked.
    ``rows``: at most that many rows of cards, a longer column compressed as the
    game screen compresses it (:func:`~freecell_cli.layout.column_rows`: ``⋮N``
    for N cards left out, the cards the move takes kept)."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from .drawing import card_text, column_table

    marks = _marks(position, highlight, bad) if highlight is not None else {}
    top = Table.grid(padding=(0, 1))
    cells = Text()
    for i, c in enumerate(position.cells):
        mark = marks.get(("cell", i, 0))
        cells.append("[")
        cells.append_text(card_text(c, mark or "") if c else Text(f" {cell_letter(i)} ", style=mark or "dim"))
        cells.append("]")
    home = Text()
    for k, (s, f) in enumerate(zip(SUITS, position.foundations)):
        mark = marks.get(("foundation", k, 0))
        home.append("[")
        if f:
            home.append_text(card_text(CARDS[(f - 1) * 4 + SUITS.index(s)], mark or ""))
        else:
            home.append(f" {SUIT_SYMBOLS[s]} ", style=mark or "dim")
        home.append("]")
    top.add_row(cells, Text("   "), home)
    on_columns = {(i, r): mark for (kind, i, r), mark in marks.items() if kind == "column"}
    table = column_table(position.columns, rows, on_columns, card_text)
    parts: list[RenderableType] = [top, Text(""), table, Text(""), Text(status_line(position, variant), style="cyan")]
    parts += [Text(n, style="yellow") for n in notes(position)]
    return Group(*parts)


def rich_width(position: Position) -> int:
    """The terminal columns :func:`render_rich` needs: the free cells and the
    foundations on one line, the columns side by side (three characters and a gap
    of two each).

    >>> from freecell_cli import deal
    >>> rich_width(deal(1))
    45
    """
    return max(5 * len(position.cells) + 25, 5 * len(position.columns) - 2)
