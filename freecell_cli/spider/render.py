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
from .position import Position

if TYPE_CHECKING:  # rich is imported only when a picture is drawn
    from rich.console import RenderableType


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


def render_rich(position: Position, unrestricted: bool = False) -> RenderableType:
    """A coloured picture with suit symbols for a terminal."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False, show_edge=False, padding=(0, 1))
    for i in range(len(position.columns)):
        table.add_column(Text(str(i + 1), style="dim"), justify="right", min_width=3)
    depth = max((len(c) for c in position.columns), default=0)
    for r in range(depth):
        row = []
        for col in position.columns:
            if r < len(col.down):
                row.append(Text("##", style="blue"))
            elif r < len(col):
                card = col.up[r - len(col.down)]
                row.append(Text(card.symbol(), style="bold red" if card.is_red else "bold"))
            else:
                row.append(Text(""))
        table.add_row(*row)
    parts: list[RenderableType] = [Text(status_line(position), style="cyan"), Text(""), table]
    if position.removed:
        parts.append(Text("removed: " + " ".join(position.removed), style="green"))
    parts += [Text(n, style="yellow") for n in notes(position, unrestricted)]
    return Group(*parts)
