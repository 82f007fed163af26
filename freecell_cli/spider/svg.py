"""A Spider position as a picture: SVG (self-contained, deterministic) and PNG.

Drawn with FreeCell's cards and primitives (:mod:`freecell_cli.svg`): the ten
columns labelled 1-10, face-down cards as card backs of which only the edge shows
(their face says nothing), the stock top left as a pile of backs (one a deal left)
with its card count on it, the removed runs top right as a row of kings (one a
run, in the order they left; dashed places for those still to come), and the
status under the table.

>>> from freecell_cli.spider.deals import deal
>>> svg = to_svg(deal(1, suits=4))
>>> svg.startswith('<?xml'), svg.count('href="#back"'), svg.count('href="#c-')
(True, 49, 10)
>>> to_svg(deal(1, suits=4)) == svg   # same position, same bytes
True
"""

from __future__ import annotations

from ..cards import CARDS, SUITS, Card
from ..svg import (
    BACK,
    BAD,
    CARD_H,
    CARD_W,
    FELT,
    INK_ON_FELT,
    LABEL_H,
    MARGIN,
    NEXT_DEST,
    NEXT_SOURCE,
    OVERLAP,
    PITCH,
    SLOT,
    XML_HEADER,
    back_def,
    defs,
    empty_slot,
    frame,
    label,
    place_back,
    place_card,
    svg_open,
    svg_to_png,
)
from ..text import plural
from .cards import RUNS
from .moves import Move
from .position import COLUMNS, Column, Position, check_position
from .render import cards_taken

DOWN_OVERLAP = 12  # the visible edge of a face-down card
STOCK_SHIFT = 5  # each deal left in the stock one more back, this far to the right
RUNS_SLOT = 2  # the removed runs' row starts at this slot (the stock's pile takes the first two)
WIDTH = 2 * MARGIN + COLUMNS * PITCH - (PITCH - CARD_W)
TOP_Y = MARGIN + LABEL_H
COLUMN_LABEL_Y = TOP_Y + CARD_H + 14
COLUMN_Y = COLUMN_LABEL_Y + LABEL_H + 4


def slot_x(slot: int) -> int:
    return MARGIN + slot * PITCH


def card_y(column: Column, row: int) -> int:
    """The top of the card at ``row`` (0: the bottom of the column, face down or up)."""
    down = len(column.down)
    if row < down:
        return COLUMN_Y + row * DOWN_OVERLAP
    return COLUMN_Y + down * DOWN_OVERLAP + (row - down) * OVERLAP


def column_height(column: Column) -> int:
    """Pixels from the column's first card to the bottom of its last (a card's
    height for an empty column: its place is drawn)."""
    if not len(column):
        return CARD_H
    return card_y(column, len(column) - 1) - COLUMN_Y + CARD_H


def table_height(position: Position) -> int:
    """The tallest column of ``position`` (see :func:`table_svg`'s ``height``)."""
    return max(column_height(c) for c in position.columns)


def footer_lines(position: Position, unrestricted: bool = False, caption: str | None = None) -> list[str]:
    """The text under the table: the status line, remarks, and ``caption``.

    >>> from freecell_cli.spider.deals import deal
    >>> footer_lines(deal(1, suits=2))
    ['deal 1 | 2 suits | stock 50 cards (5 deals) | removed 0 of 8 | moves 0']
    """
    from .render import notes, status_line

    return [status_line(position), *notes(position, unrestricted), *([caption] if caption else [])]


def king(suit: str) -> Card:
    return CARDS[12 * 4 + SUITS.index(suit)]


def _stock_x(position: Position) -> int:
    """The left edge of the pile's top back."""
    return slot_x(0) + max(position.deals_left - 1, 0) * STOCK_SHIFT


def _marks(position: Position, move: Move, bad: bool) -> list[str]:
    """Frames around what a move takes (solid) and where it goes (dashed): for a
    deal, the stock and the end of every column."""
    out: list[str] = []
    source_colour, dest_colour = (BAD, BAD) if bad else (NEXT_SOURCE, NEXT_DEST)
    if move.is_deal:
        out.append(frame(_stock_x(position), TOP_Y, CARD_H, source_colour))
        dests = range(COLUMNS)
    else:
        col = position.columns[move.source]  # type: ignore[index]
        x = slot_x(move.source)  # type: ignore[arg-type]
        if col.up:
            n = max(cards_taken(position, move), 1)
            first = len(col) - n
            out.append(frame(x, card_y(col, first), card_y(col, len(col) - 1) - card_y(col, first) + CARD_H,
                             source_colour))
        else:
            out.append(frame(x, COLUMN_Y, CARD_H, source_colour))
        dests = range(move.dest, move.dest + 1)  # type: ignore[arg-type, operator]
    for d in dests:
        col = position.columns[d]
        out.append(frame(slot_x(d), card_y(col, max(len(col) - 1, 0)), CARD_H, dest_colour, dashed=True))
    return out


def table_svg(
    position: Position,
    *,
    unrestricted: bool = False,
    highlight: Move | None = None,
    bad: bool = False,
    caption: str | None = None,
    height: int = 0,
    footer: int = 0,
    with_defs: bool = True,
) -> str:
    """The ``<svg>`` element of a table (see :func:`to_svg`). ``height``: make room
    for a column at least that tall (:func:`table_height`; frames of one replay keep
    one height); ``footer``: room for at least that many lines under the table;
    ``with_defs=False`` leaves the cards out, for pages that hold them once
    (:func:`page_defs`); ``unrestricted``: the deal rule the remarks follow."""
    lines = footer_lines(position, unrestricted, caption)
    footer_y = COLUMN_Y + max(height, table_height(position)) + 28
    h = footer_y + (max(len(lines), footer) - 1) * 22 + MARGIN + 6
    suits = plural(position.suits, "suit")
    title = f"Spider deal {position.deal} ({suits})" if position.deal is not None else f"Spider position ({suits})"
    out = svg_open(WIDTH, h, title)
    kings = [king(s) for s in position.removed]
    if with_defs:
        on_table = [c for col in position.columns for c in col.up]
        out.append(defs(on_table + kings).replace("</defs>", back_def() + "</defs>", 1))
    out.append(f'<rect width="{WIDTH}" height="{h}" fill="{FELT}"/>')
    label_y = MARGIN + LABEL_H - 6

    # the stock: a pile, one back a deal left, its card count on the top one
    left = position.deals_left
    out.append(label(f"stock: {plural(left, 'deal')}" if left else "stock: empty", slot_x(0), label_y, anchor="start"))
    if left:
        out += [place_back(slot_x(0) + i * STOCK_SHIFT, TOP_Y) for i in range(left)]
    else:
        out.append(empty_slot(slot_x(0), TOP_Y))
    cx, cy = _stock_x(position) + CARD_W // 2, TOP_Y + CARD_H // 2
    out.append(f'<circle cx="{cx}" cy="{cy}" r="27" fill="{BACK if left else SLOT}" stroke="{INK_ON_FELT}" '
               'stroke-width="2"/>')
    out.append(label(str(len(position.stock)), cx, cy + 7, size=20))

    # the removed runs: a king each
    out.append(label(f"removed: {len(position.removed)} of {RUNS} runs", slot_x(RUNS_SLOT), label_y, anchor="start"))
    for i in range(RUNS):
        x = slot_x(RUNS_SLOT + i)
        out.append(place_card(kings[i], x, TOP_Y) if i < len(kings) else empty_slot(x, TOP_Y))

    for i, col in enumerate(position.columns):
        x = slot_x(i)
        out.append(label(str(i + 1), x + CARD_W // 2, COLUMN_LABEL_Y + 14))
        if not len(col):
            out.append(empty_slot(x, COLUMN_Y))
        for row in range(len(col.down)):
            out.append(place_back(x, card_y(col, row)))
        for row, card in enumerate(col.up, len(col.down)):
            out.append(place_card(card, x, card_y(col, row)))
    if highlight is not None:
        out += _marks(position, highlight, bad)
    for k, line in enumerate(lines):
        size, weight = (18, "bold") if k == 0 else (15, "normal")
        out.append(label(line, MARGIN, footer_y + k * 22, size, "start", weight))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def page_defs() -> str:
    """Every card face and the back, for a page of frames drawn ``with_defs=False``."""
    return defs().replace("</defs>", back_def() + "</defs>", 1)


def to_svg(position: Position, *, unrestricted: bool = False, highlight: Move | None = None,
           caption: str | None = None) -> str:
    """A self-contained SVG picture of a Spider ``position``. ``highlight``: a
    resolved move to frame (the cards it takes, and where they go); ``caption``:
    one more line under the table; ``unrestricted``: whether a deal onto an empty
    column is allowed (the remarks under the table say so when it is not).

    >>> from freecell_cli.spider.formats import parse_position
    >>> won = to_svg(parse_position("spider1:./././././././././.:-:SSSSSSSS:600"))
    >>> won.count('href="#c-KS"'), "won: all 8 runs removed" in won
    (8, True)
    """
    from .. import checks

    position = check_position(position)
    unrestricted = checks.flag(unrestricted, "unrestricted")
    if highlight is not None:
        from .moves import check_move

        check_move(highlight)
    return XML_HEADER + table_svg(position, unrestricted=unrestricted, highlight=highlight, caption=caption)


def to_png(position: Position, *, unrestricted: bool = False) -> bytes:
    """The picture of :func:`to_svg` as PNG bytes (needs the ``png`` extra)."""
    return svg_to_png(to_svg(position, unrestricted=unrestricted))


__all__ = ["column_height", "footer_lines", "page_defs", "table_height", "table_svg", "to_png", "to_svg"]
