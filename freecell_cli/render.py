"""Pictures of a position: plain ASCII (pipes, files) and rich (terminals).

>>> from freecell_cli import deal, find_variant
>>> print(render_plain(deal(1), find_variant("site")).splitlines()[0])
deal 1 | site | can move 16 (4 free cells, 0 empty columns)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .autoplay import can_autocomplete
from .cards import CARDS, RANK_CHARS, SUIT_SYMBOLS, SUITS
from .deals import is_unsolvable
from .moves import can_move, plural
from .position import Position, cell_letter
from .variants import Variant

if TYPE_CHECKING:  # rich is imported only when a picture is drawn
    from rich.console import RenderableType


def status_line(position: Position, variant: Variant) -> str:
    parts = []
    if position.deal is not None:
        parts.append(f"deal {position.deal}")
    parts.append(variant.name)
    cap = can_move(position, variant)
    parts.append(
        f"can move {cap} ({plural(position.free_cells, 'free cell')}, "
        f"{plural(position.empty_columns, 'empty column')})"
    )
    return " | ".join(parts)


def notes(position: Position) -> list[str]:
    """Remarks shown under the table."""
    out = []
    if position.is_won():
        out.append("won: all four foundations are at K")
    elif can_autocomplete(position):
        out.append("auto-complete: the rest can be sent home directly (freecell autoplay)")
    if position.deal is not None and is_unsolvable(position.deal) and position.cards_home == 0:
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


def render_rich(position: Position, variant: Variant) -> RenderableType:
    """A coloured picture with suit symbols for a terminal."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    def card_text(card) -> Text:
        if card is None:
            return Text("  ", style="dim")
        return Text(f"{card.symbol():>3}", style="bold red" if card.is_red else "bold")

    top = Table.grid(padding=(0, 1))
    cells = Text()
    for i, c in enumerate(position.cells):
        cells.append("[")
        cells.append_text(card_text(c) if c else Text(f" {cell_letter(i)} ", style="dim"))
        cells.append("]")
    home = Text()
    for s, f in zip(SUITS, position.foundations):
        home.append("[")
        if f:
            home.append_text(card_text(CARDS[(f - 1) * 4 + SUITS.index(s)]))
        else:
            home.append(f" {SUIT_SYMBOLS[s]} ", style="dim")
        home.append("]")
    top.add_row(cells, Text("   "), home)

    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    for i in range(len(position.columns)):
        table.add_column(Text(str(i + 1), style="dim"), justify="right", min_width=3)
    depth = max((len(c) for c in position.columns), default=0)
    for row in range(depth):
        table.add_row(
            *(card_text(col[row]) if row < len(col) else Text("") for col in position.columns)
        )
    parts = [top, Text(""), table, Text(""), Text(status_line(position, variant), style="cyan")]
    parts += [Text(n, style="yellow") for n in notes(position)]
    return Group(*parts)
