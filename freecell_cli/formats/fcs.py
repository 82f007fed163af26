"""Freecell Solver's board format.

Optional ``Foundations:`` (or ``Founds:``) and ``Freecells:`` (or ``FC:``) lines, then
one line per column, from the buried card to the exposed one, with or without a
leading ``:``. ``10`` or ``T``; ``-`` for an empty free cell, ``none`` for a table
with no free cells (a bare ``Freecells:`` is read as fc-solve's default of 4). The bare column lines
of ``make-microsoft-freecell-board -t N`` are read too.

>>> from freecell_cli import deal
>>> print(format_fcs(deal(1)).splitlines()[2])
: JD KD 2S 4C 3S 6D 6S
>>> parse_fcs(format_fcs(deal(1))).same_table(deal(1))
True
"""

from __future__ import annotations

import re

from ..cards import RANK_CHARS, SUITS, Card, parse_rank, suit_letter
from ..errors import InvalidCard, InvalidPosition, quote
from ..games import find_game
from ..position import MAX_CELLS, Position

_FOUND_RE = re.compile(r"^(foundations?|founds?)\s*:(.*)$", re.I)
_CELLS_RE = re.compile(r"^(freecells?|fc)\s*:(.*)$", re.I)
_FOUND_ITEM = re.compile(r"^([CDHS♣♦♥♠♧♢♡♤])-([0-9AaTtJjQqKk]|10)$", re.I)  # fc-solve's web page writes ♥-0
_FCS_SUIT_ORDER = "HCDS"  # the order fc-solve itself writes


def format_fcs(position: Position) -> str:
    found = " ".join(
        f"{s}-{RANK_CHARS[position.foundations[SUITS.index(s)]]}" for s in _FCS_SUIT_ORDER
    )
    # A bare "Freecells:" says nothing (fc-solve's, trimmed): no cells at all is "none"
    # (fc-solve told --freecells-num 0 reads no further on that line).
    cells = " ".join("-" if c is None else str(c) for c in position.cells) or "none"
    lines = [f"Foundations: {found}", f"Freecells: {cells}"]
    for col in position.columns:
        lines.append((": " + " ".join(str(c) for c in col)).rstrip())
    return "\n".join(lines) + "\n"


def parse_fcs(text: str, cells: int | None = None, game: str | None = None) -> Position:
    """Read a board; ``cells`` is the number of free-cell slots. By default it is
    the number the ``Freecells:`` line states (see :func:`stated_cells`), else 4
    (a family ``game``'s: its own), or as many as it lists when that is more
    (fc-solve's default). The board has no word for its game: ``game`` names it
    (a family game's, as Freecell Solver's ``--game``), else it is FreeCell's."""
    foundations = [0, 0, 0, 0]
    cell_cards: list[Card | None] | None = None
    stated: int | None = None
    columns: list[list[Card]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        m = _FOUND_RE.match(line)
        if m:
            for item in m.group(2).split():
                fm = _FOUND_ITEM.match(item)
                if not fm:
                    raise InvalidPosition(f"line {lineno}: bad foundation entry {quote(item)} (e.g. H-5)")
                foundations[SUITS.index(suit_letter(fm.group(1)))] = parse_rank(fm.group(2))
            continue
        m = _CELLS_RE.match(line)
        if m:
            rest = _cells_text(raw)
            cell_cards = [None if item is None else _card(item, lineno) for item in _cell_items(rest)]
            stated = _stated(rest)
            if len(cell_cards) > MAX_CELLS:  # named here, where the line is known
                raise InvalidPosition(f"line {lineno}: too many free cells: {len(cell_cards)} (at most {MAX_CELLS})")
            continue
        if line.startswith(":"):
            line = line[1:]
        columns.append([_card(item, lineno) for item in line.split()])
    if not columns:
        raise InvalidPosition("no columns found")
    cell_cards = cell_cards or []
    table = None if game is None else find_game(game)
    if cells is not None:
        slots = cells
    elif stated is not None:
        slots = stated  # every slot written out, as we and fc-solve write them
    else:  # fc-solve stops after the last card: there may be more slots than shown
        slots = max(4 if table is None else table.cells, len(cell_cards))
    if len(cell_cards) > slots:
        occupied = [c for c in cell_cards if c is not None]
        if len(occupied) > slots:
            raise InvalidPosition(
                f"too many free-cell entries: {len(occupied)} cards for {slots} free cells"
            )
        # Blank slots past the last that fits are dropped, so each card keeps its
        # slot; only a card past them moves up (its slot is not on this table).
        fits = all(c is None for c in cell_cards[slots:])
        cell_cards = cell_cards[:slots] if fits else list[Card | None](occupied)
    cell_cards = cell_cards + [None] * (slots - len(cell_cards))
    return Position(columns, cell_cards, foundations, game=game).validate()


def stated_cells(board: str) -> int | None:
    """The number of free cells a board's ``Freecells:`` line states, or None when
    it does not tell (no such line, or one that may have lost its trailing blanks).

    We write a ``-`` per empty slot (``none`` for no free cells). Freecell Solver
    writes each slot four characters wide: its 5.0 every slot, so an untrimmed line
    gives the count; later versions stop after the last card. A bare ``Freecells:``
    (all empty, trimmed by an editor or by git, or a newer fc-solve) says nothing:
    readers take fc-solve's default, 4, unless told otherwise.

    >>> stated_cells("Freecells: - -"), stated_cells("Freecells:  JH        "), stated_cells("Freecells: none")
    (2, 3, 0)
    >>> stated_cells("Freecells:"), stated_cells("Freecells:  JH")
    (None, None)
    """
    rest = _cells_line(board)
    return None if rest is None else _stated(rest)


def cells_shown(board: str) -> int:
    """How many free-cell slots a board's ``Freecells:`` line shows, blank or
    not (0 without such a line): the table has at least that many.

    >>> cells_shown("Freecells:      4H  6C  JS"), cells_shown("Freecells: - -"), cells_shown(": 5H")
    (4, 2, 0)
    """
    rest = _cells_line(board)
    return 0 if rest is None else len(_cell_items(rest))


def last_card_slot(board: str) -> int:
    """The slot (1-based) of the last card a board's ``Freecells:`` line shows (0
    with none): a table with fewer free cells cannot hold it there.

    >>> last_card_slot("Freecells:      4H  6C"), last_card_slot("Freecells:"), last_card_slot("Freecells: - JS")
    (3, 0, 2)
    """
    rest = _cells_line(board)
    items = [] if rest is None else _cell_items(rest)
    return max((i + 1 for i, item in enumerate(items) if item is not None), default=0)


def _cells_line(board: str) -> str | None:
    """What follows ``Freecells:`` on the board's first such line (see
    :func:`_cells_text`), or None without one."""
    for raw in board.splitlines():
        if _CELLS_RE.match(raw.strip()):
            return _cells_text(raw)
    return None


def _cells_text(raw: str) -> str:
    """What follows the label of a ``Freecells:`` line, its blanks kept (they count
    slots), its comment and trailing tabs or CR dropped (fc-solve pads with spaces)."""
    rest = raw.split("#", 1)[0].rstrip("\n\r\t\f\v")
    return rest[rest.index(":") + 1 :]


def _stated(rest: str) -> int | None:
    items = rest.split()
    if [item.lower() for item in items] == ["none"]:
        return 0  # ours, for a table with no free cells
    if "-" in items or "--" in items or "---" in items:
        return len(items)  # ours: a dash per empty slot, so every slot is there
    if rest.strip() == "":  # fc-solve's blank slots: only untrimmed blanks count them
        return len(rest) // 4 if rest and len(rest) % 4 == 0 else None
    if _fixed_width(rest):  # fc-solve's: four characters a slot
        if rest.endswith(" ") and len(rest) // 4 <= MAX_CELLS:
            return len(rest) // 4
        return None  # the blanks after the last card may have been trimmed
    return len(items)  # ours, every slot full


def _fixed_width(rest: str) -> bool:
    if len(rest) % 4 or not rest.startswith(" "):
        return False
    chunks = [rest[i : i + 4] for i in range(0, len(rest), 4)]
    return all(c.strip() == "" or (c[0] == " " and len(c.strip()) >= 2 and " " not in c.strip()) for c in chunks)


def _cell_items(rest: str) -> list[str | None]:
    """Free-cell entries: ``-`` for an empty slot; or fc-solve's own layout,
    where each slot is four characters wide and an empty one is blank."""
    items = rest.split()
    if [item.lower() for item in items] == ["none"]:
        return []
    if "-" not in items and len(rest) >= 4 and len(rest) % 4 == 0:
        chunks = [rest[i : i + 4].strip() for i in range(0, len(rest), 4)]
        if [c for c in chunks if c] == items:
            return [c or None for c in chunks]
    return [None if item in ("-", "--", "---") else item for item in items]


def _card(item: str, lineno: int) -> Card:
    try:
        return Card.parse(item)
    except InvalidCard:
        raise InvalidPosition(f"line {lineno}: unknown card {quote(item)}") from None
