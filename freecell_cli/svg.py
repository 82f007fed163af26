"""A position as a picture: SVG (self-contained, deterministic) and PNG.

The table is drawn as a card player expects it: free cells top left, the four
foundations top right in the site's order (clubs, diamonds, hearts, spades), the
columns below as overlapping cards. Places are labelled as in move notation
(``a``–``d``, ``h``, ``1``–``8``), and the deal and "can move N" are written under
the table. Suit symbols are drawn as paths, not font glyphs, so the picture looks
the same wherever it is opened; the only text is ASCII digits and letters.

>>> from freecell_cli import deal
>>> svg = to_svg(deal(617))
>>> svg.startswith('<?xml'), svg.count('href="#c-')
(True, 52)
>>> to_svg(deal(617)) == svg   # same position, same bytes
True
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from .cards import CARDS, RANK_CHARS, SUITS, Card
from .errors import MissingExtra
from .games import game_of
from .moves import CELL, COLUMN, FOUNDATION, Move
from .position import Position, cell_letter
from .render import cards_taken
from .variants import Variant, find_variant

# Geometry, in pixels. Eight columns come to 812 px: readable at 800 px wide.
MARGIN = 12
CARD_W, CARD_H = 88, 124
PITCH = 100  # from one column's left edge to the next
OVERLAP = 30  # the visible strip of a covered card: rank and suit stay readable
LABEL_H = 20

FELT, SLOT, INK_ON_FELT = "#1d6b40", "#16563a", "#e8f3ea"
RED, BLACK = "#c8102e", "#161616"
NEXT_SOURCE, NEXT_DEST, BAD = "#ffb000", "#35c6ff", "#ff3b30"
BACK, BACK_INK = "#2b5ea8", "#a9c3ea"
XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'
FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"

# Suit shapes in a 100 x 100 box, filled by whoever uses them.
SUIT_PATHS = {
    "C": "M50 4C63 4 73 14 73 27C73 33 71 38 67 42C71 40 74 39 77 39C90 39 100 49 100 62C100 75 90 85 77 85"
         "C67 85 59 79 55 70C56 84 61 93 70 100L30 100C39 93 44 84 45 70C41 79 33 85 23 85C10 85 0 75 0 62"
         "C0 49 10 39 23 39C26 39 29 40 33 42C29 38 27 33 27 27C27 14 37 4 50 4Z",
    "D": "M50 0L88 50L50 100L12 50Z",
    "H": "M50 96C22 72 0 54 0 30C0 13 12 2 27 2C38 2 46 9 50 18C54 9 62 2 73 2C88 2 100 13 100 30"
         "C100 54 78 72 50 96Z",
    "S": "M50 0C64 22 100 38 100 62C100 77 89 86 76 86C67 86 60 81 55 74C56 86 61 94 70 100L30 100"
         "C39 94 44 86 45 74C40 81 33 86 24 86C11 86 0 77 0 62C0 38 36 22 50 0Z",
}


def _rank_text(rank: int) -> str:
    return "10" if rank == 10 else RANK_CHARS[rank]


def _colour(card: Card) -> str:
    return RED if card.is_red else BLACK


def suit_defs() -> str:
    """The four suit shapes (``#s-C`` … ``#s-S``)."""
    return "".join(f'<path id="s-{s}" d="{SUIT_PATHS[s]}"/>' for s in SUITS)


def card_def(card: Card) -> str:
    """One card face (``#c-7D``), drawn once and placed with ``<use>``."""
    colour = _colour(card)
    return (
        f'<g id="c-{card}" fill="{colour}">'
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="7" fill="#fdfdfb" stroke="#5a5a5a"/>'
        f'<text x="6" y="23" font-size="21" font-weight="bold" font-family="{FONT}">{_rank_text(card.rank)}</text>'
        f'<use xlink:href="#s-{card.suit}" transform="translate(63 6) scale(0.19)"/>'
        f'<use xlink:href="#s-{card.suit}" transform="translate(21 48) scale(0.46)"/>'
        "</g>"
    )


def defs(cards: Iterable[Card] = CARDS) -> str:
    """``<defs>`` with the suit shapes and the faces of ``cards`` (deck order, so
    the output does not depend on the order they were met in)."""
    wanted = set(cards)
    faces = "".join(card_def(c) for c in CARDS if c in wanted)
    return f"<defs>{suit_defs()}{faces}</defs>"


class Layout:
    """Where everything goes for a table of ``columns`` columns and ``cells`` free
    cells, with room for ``rows`` cards in the longest column."""

    def __init__(self, columns: int, cells: int, rows: int, footer_lines: int) -> None:
        self.slots = max(columns, cells + 4)
        self.width = 2 * MARGIN + self.slots * PITCH - (PITCH - CARD_W)
        self.cells, self.columns = cells, columns
        self.top_y = MARGIN + LABEL_H
        self.column_label_y = self.top_y + CARD_H + 14
        self.column_y = self.column_label_y + LABEL_H + 4
        self.first_column = (self.slots - columns) // 2  # centred under a wider top row
        self.footer_y = self.column_y + max(rows - 1, 0) * OVERLAP + CARD_H + 28
        self.height = self.footer_y + (footer_lines - 1) * 22 + MARGIN + 6

    def slot_x(self, slot: int) -> int:
        return MARGIN + slot * PITCH

    def cell_x(self, i: int) -> int:
        return self.slot_x(i)

    def foundation_x(self, suit: int) -> int:
        return self.slot_x(self.slots - 4 + suit)

    def column_x(self, i: int) -> int:
        return self.slot_x(self.first_column + i)

    def card_y(self, row: int) -> int:
        return self.column_y + row * OVERLAP


# The drawing primitives below are game-neutral: Spider's pictures use them too.
def place_card(card: Card, x: int, y: int) -> str:
    """A card face (defined by :func:`defs`) with its top left corner at x, y."""
    return f'<use xlink:href="#c-{card}" x="{x}" y="{y}"/>'


def back_def() -> str:
    """A card back (``#back``), for the face-down cards of games that have them."""
    return (
        '<g id="back">'
        f'<rect x="0.5" y="0.5" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="7" fill="#fdfdfb" stroke="#5a5a5a"/>'
        f'<rect x="5" y="5" width="{CARD_W - 10}" height="{CARD_H - 10}" rx="4" fill="{BACK}"/>'
        f'<rect x="9.5" y="9.5" width="{CARD_W - 19}" height="{CARD_H - 19}" rx="3" fill="none" '
        f'stroke="{BACK_INK}" stroke-width="1.5"/>'
        f'<path d="M{CARD_W // 2} {CARD_H // 2 - 26}L{CARD_W // 2 + 20} {CARD_H // 2}L{CARD_W // 2} '
        f'{CARD_H // 2 + 26}L{CARD_W // 2 - 20} {CARD_H // 2}Z" fill="{BACK_INK}"/>'
        "</g>"
    )


def place_back(x: int, y: int) -> str:
    return f'<use xlink:href="#back" x="{x}" y="{y}"/>'


def svg_open(width: int, height: int, title: str) -> list[str]:
    """The opening ``<svg>`` tag of a table picture and its title."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="{FONT}" role="img">',
        f"<title>{escape(title)}</title>",
    ]


def empty_slot(x: int, y: int) -> str:
    """A place with no card: a dashed outline."""
    return (
        f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{CARD_W - 1}" height="{CARD_H - 1}" rx="7" '
        f'fill="{SLOT}" stroke="#7fb08f" stroke-dasharray="6 4"/>'
    )


def label(text: str, x: int, y: int, size: int = 15, anchor: str = "middle", weight: str = "bold") -> str:
    """Text on the felt (escaped)."""
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
        f'fill="{INK_ON_FELT}">{escape(text)}</text>'
    )


def frame(x: int, y: int, h: int, colour: str, dashed: bool = False) -> str:
    """A mark around a card or a run ``h`` high: solid where a move takes cards, dashed where they go."""
    dash = ' stroke-dasharray="9 5"' if dashed else ""
    return (
        f'<rect x="{x - 3}" y="{y - 3}" width="{CARD_W + 6}" height="{h + 6}" rx="9" fill="none" '
        f'stroke="{colour}" stroke-width="5"{dash}/>'
    )


def _marks(position: Position, move: Move, layout: Layout, bad: bool) -> list[str]:
    """Frames around the cards a move takes (solid) and where they go (dashed).
    ``move`` may be unresolved (a refused move): its count and suit are guessed."""
    out: list[str] = []
    src, dst = move.source, move.dest
    card = None
    if src.kind == CELL and src.index < len(position.cells):
        card = position.cells[src.index]
        out.append(frame(layout.cell_x(src.index), layout.top_y, CARD_H, BAD if bad else NEXT_SOURCE))
    elif src.kind == COLUMN and src.index < len(position.columns):
        col = position.columns[src.index]
        x = layout.column_x(src.index)
        if col:
            n = min(cards_taken(position, move), len(col))
            card = col[-n]
            top = len(col) - n
            out.append(frame(x, layout.card_y(top), (n - 1) * OVERLAP + CARD_H, BAD if bad else NEXT_SOURCE))
        else:
            out.append(frame(x, layout.card_y(0), CARD_H, BAD if bad else NEXT_SOURCE))
    colour = BAD if bad else NEXT_DEST
    if dst.kind == CELL and dst.index < len(position.cells):
        out.append(frame(layout.cell_x(dst.index), layout.top_y, CARD_H, colour, dashed=True))
    elif dst.kind == COLUMN and dst.index < len(position.columns):
        row = max(len(position.columns[dst.index]) - 1, 0)
        out.append(frame(layout.column_x(dst.index), layout.card_y(row), CARD_H, colour, dashed=True))
    elif dst.kind == FOUNDATION:
        suit = dst.index if dst.index >= 0 else (card.suit_index if card is not None else None)
        if suit is not None:
            out.append(frame(layout.foundation_x(suit), layout.top_y, CARD_H, colour, dashed=True))
    return out


def footer_lines(position: Position, variant: Variant, caption: str | None = None) -> list[str]:
    """The text under the table: deal and rules, what can move, remarks.

    >>> from freecell_cli import deal
    >>> footer_lines(deal(617), find_variant("site"))
    ['deal 617 | site rules', 'can move 16 (4 free cells, 0 empty columns)']
    """
    from .render import can_move_text, notes

    head = f"deal {position.deal}" if position.deal is not None else "position"
    lines = [f"{head} | {variant.name} rules"]
    lines.append(can_move_text(position, variant))
    lines += notes(position)
    if caption:
        lines.append(caption)
    return lines


def table_svg(
    position: Position,
    variant: Variant,
    *,
    highlight: Move | None = None,
    bad: bool = False,
    caption: str | None = None,
    rows: int = 0,
    footer: int = 0,
    with_defs: bool = True,
) -> str:
    """The ``<svg>`` element of a table (see :func:`to_svg`). ``rows``: make room for
    at least that many cards in a column (frames of one replay keep one height);
    ``footer``: room for at least that many lines under the table;
    ``with_defs=False`` leaves the card faces out, for pages that hold them once."""
    depth = max([rows, *(len(c) for c in position.columns)])
    lines = footer_lines(position, variant, caption)
    lay = Layout(len(position.columns), len(position.cells), depth, max(len(lines), footer))
    w, h = lay.width, lay.height
    name = game_of(position).title
    title = f"{name} deal {position.deal}" if position.deal is not None else f"{name} position"
    out = svg_open(w, h, title)
    on_table: list[Card] = [c for col in position.columns for c in col]
    on_table += [c for c in position.cells if c is not None]
    tops = [CARDS[(f - 1) * 4 + s] if f else None for s, f in enumerate(position.foundations)]
    on_table += [c for c in tops if c is not None]
    if with_defs:
        out.append(defs(on_table))
    out.append(f'<rect width="{w}" height="{h}" fill="{FELT}"/>')

    label_y = MARGIN + LABEL_H - 6
    for i, card in enumerate(position.cells):
        x = lay.cell_x(i)
        out.append(label(cell_letter(i), x + CARD_W // 2, label_y))
        out.append(place_card(card, x, lay.top_y) if card is not None else empty_slot(x, lay.top_y))
    for s, top in enumerate(tops):
        x = lay.foundation_x(s)
        out.append(label("h", x + CARD_W // 2, label_y))
        if top is not None:
            out.append(place_card(top, x, lay.top_y))
        else:
            out.append(empty_slot(x, lay.top_y))
            out.append(
                f'<use xlink:href="#s-{SUITS[s]}" transform="translate({x + 22} {lay.top_y + 40}) scale(0.44)" '
                f'fill="#7fb08f"/>'
            )
    for i, col in enumerate(position.columns):
        x = lay.column_x(i)
        out.append(label(str(i + 1), x + CARD_W // 2, lay.column_label_y + 14))
        if not col:
            out.append(empty_slot(x, lay.card_y(0)))
        for row, card in enumerate(col):
            out.append(place_card(card, x, lay.card_y(row)))
    if highlight is not None:
        out += _marks(position, highlight, lay, bad)
    for k, line in enumerate(lines):
        size, weight = (18, "bold") if k == 0 else (15, "normal")
        out.append(label(line, MARGIN, lay.footer_y + k * 22, size, "start", weight))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def to_svg(
    position: Position,
    variant: Variant | None = None,
    *,
    highlight: Move | None = None,
    caption: str | None = None,
) -> str:
    """A self-contained SVG picture of ``position`` under ``variant`` (default: the
    position's, else the site's). ``highlight``: a resolved move to frame (the cards
    it takes, and where they go); ``caption``: one more line under the table.

    >>> from freecell_cli import deal, parse_position
    >>> won = to_svg(parse_position("----:KKKK:////////"))
    >>> won.count('href="#c-K'), "won: all four foundations are at K" in won
    (4, True)
    """
    rules = variant if variant is not None else position.rules()
    return XML_HEADER + table_svg(
        position, rules, highlight=highlight, caption=caption
    )


def svg_to_png(svg: str) -> bytes:
    """Rasterise an SVG with cairosvg (``pip install 'freecell-cli[png]'``)."""
    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: the package is there, libcairo is not
        raise MissingExtra(
            "PNG output needs cairosvg: pip install 'freecell-cli[png]' (and the cairo library, "
            "Debian: libcairo2), or write .svg"
        ) from None
    # cairosvg has no type hints: svg2png returns the PNG's bytes when not given write_to
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png


def to_png(position: Position, variant: Variant | None = None) -> bytes:
    """The picture of :func:`to_svg` as PNG bytes (needs the ``png`` extra)."""
    return svg_to_png(to_svg(position, variant))


__all__ = ["back_def", "defs", "empty_slot", "footer_lines", "frame", "label", "place_back", "place_card", "svg_open",
           "svg_to_png", "table_svg", "to_png", "to_svg"]
