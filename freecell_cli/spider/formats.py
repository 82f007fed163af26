"""Spider positions as text: a one-line compact format for pipes, and JSON.

Compact grammar (fields separated by ``:``, one shell word, ASCII)::

    position = "spider" suits ":" columns ":" stock ":" removed ":" moves [ ":" deal ]
    suits    = "1" | "2" | "4"
    columns  = column 9( "/" column )    exactly ten, left to right
    column   = { card } "." { card }      face-down cards "." face-up cards,
                                          each from the bottom of the column to its end
    stock    = { card } | "-"             in dealing order: the first ten go to
                                          columns 1..10 on the next deal
    removed  = { suit } | "-"             the suit of each complete run taken off
    moves    = decimal                    moves and deals made so far
    deal     = decimal | "-"              the deal the game comes from: the position
                                          must be it as dealt (0 moves) or as play
                                          leaves it (face-down cards, stock; as_dealt)
    card     = rank suit                  A 2-9 T J Q K and C D H S, e.g. TS, 7H

An empty column is just ``.``. JSON holds the same fields::

    {"game": "spider", "suits": 4, "deal": 1, "columns": [{"down": [...], "up": [...]}, ...],
     "stock": [...], "removed": ["S", ...], "moves": 0}

>>> from freecell_cli.spider.deals import deal
>>> text = format_compact(deal(1, suits=4))
>>> text[:28], text[-12:]
('spider4:3DASKD7D3S.8H/KH6H8S', '2D5S6S:-:0:1')
>>> parse_position(text) == deal(1, suits=4) == parse_position(format_json(deal(1, suits=4)))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..cards import Card
from ..errors import FreecellError, InvalidPosition, quote
from ..text import escape, plural
from .position import COLUMNS, MAX_MOVES, Column, Position, check_position

FORMATS = ("compact", "json")


def _cards(cards: Iterable[object]) -> str:
    return "".join(str(c) for c in cards)


def format_compact(position: Position) -> str:
    position = check_position(position)
    cols = "/".join(f"{_cards(c.down)}.{_cards(c.up)}" for c in position.columns)
    stock = _cards(position.stock) or "-"
    removed = "".join(position.removed) or "-"
    deal = "" if position.deal is None else f":{position.deal}"
    return f"spider{position.suits}:{cols}:{stock}:{removed}:{position.moves}{deal}"


def _parse_cards(text: str, where: str) -> tuple[Card, ...]:
    """Cards written one after another, as in FreeCell's compact format."""
    from ..formats.compact import card_tokens, position_card

    return tuple(position_card(token, where) for token in card_tokens(text))


def _suits(value: Any, where: str) -> int:
    # an int only: 4.0 == 4 and True == 1, but neither is written by us or the compact form
    if isinstance(value, bool) or not isinstance(value, int) or value not in (1, 2, 4):
        raise InvalidPosition(f"{where}: suits must be 1, 2 or 4, not {quote(value, 24)}")
    return value


def _deal_field(value: Any) -> int | None:
    from .deals import check_deal_number

    if value is None:
        return None
    try:
        return check_deal_number(value)
    except FreecellError as e:
        raise InvalidPosition(f"deal field: {e}") from None


def parse_compact(text: str) -> Position:
    """Read a compact position and check its cards."""
    line = text.strip()
    if line.count(":") in (2, 3, 4) and not line.startswith("spider") and "/" in line:
        raise InvalidPosition(f"this looks like a FreeCell position ({escape(line[:12])}...): use freecell show, move, solve")
    if not line.startswith("spider") or any(ch.isspace() for ch in line):
        raise InvalidPosition(f"not a compact Spider position (one word starting 'spider'): {text[:60]!r}")
    fields = line.split(":")
    if len(fields) not in (5, 6):
        raise InvalidPosition(f"a compact Spider position has 5 or 6 ':'-separated fields, not {len(fields)}")
    head, cols_text, stock_text, removed_text, moves_text = fields[:5]
    # One ASCII digit: '¹'.isdigit() is true (and int() refuses it), so is a 5000-digit run.
    count = head[6:]
    if count not in ("1", "2", "4"):
        shown = int(count) if count.isascii() and count.isdigit() and len(count) <= 2 else count
        raise InvalidPosition(f"{quote(head, 24)}: suits must be 1, 2 or 4, not {quote(shown, 24)}")
    suits = int(count)
    col_texts = cols_text.split("/")
    if len(col_texts) != COLUMNS:
        raise InvalidPosition(f"Spider has {COLUMNS} columns, not {len(col_texts)} (columns are separated by '/')")
    columns = []
    for i, ct in enumerate(col_texts):
        if ct.count(".") != 1:
            raise InvalidPosition(f"column {i + 1} {ct!r}: write face-down cards, '.', then face-up cards")
        down, up = ct.split(".")
        columns.append(Column(_parse_cards(down, f"column {i + 1}"), _parse_cards(up, f"column {i + 1}")))
    stock = () if stock_text == "-" else _parse_cards(stock_text, "the stock")
    if removed_text != "-" and not removed_text.isascii():  # 'ß'.upper() is 'SS': two runs from one letter
        raise InvalidPosition(f"removed runs {quote(removed_text, 24)}: write one suit letter (C, D, H or S) a run")
    removed = () if removed_text == "-" else tuple(removed_text.upper())
    if not (moves_text.isascii() and moves_text.isdigit()) or len(moves_text) > 9:
        raise InvalidPosition(f"move count {moves_text[:40]!r} is not a whole number up to 9 digits")
    deal = None
    if len(fields) == 6 and fields[5] not in ("", "-"):
        from .deals import parse_deal_number

        try:
            deal = _deal_field(parse_deal_number(fields[5]))
        except FreecellError as e:
            raise InvalidPosition(f"deal field: {e}") from None
    return as_dealt(Position(suits, tuple(columns), stock, removed, int(moves_text), deal).validate())


def as_dealt(position: Position) -> Position:
    """``position``, refused when it names a deal whose cards it visibly is not. The
    deal field says which deal the game comes from, as FreeCell's does. With 0
    moves made the position says it is that deal as dealt, which one deal of it
    checks. After moves, what no move changes still must be the deal's: a
    column's face-down cards are the deal's first ones there (a move only turns
    up the last), and the stock is the end of the deal's (ten cards go a deal).

    >>> from freecell_cli.spider.deals import deal
    >>> from dataclasses import replace
    >>> as_dealt(replace(deal(9, suits=1), deal=5))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidPosition: the position says deal 5 (1 suit), but its cards are not deal 5's
    """
    from .deals import deal

    n = position.deal
    if n is None:
        return position
    dealt = deal(n, position.suits)
    if position.moves == 0:
        same = position == dealt
    else:
        gone = len(dealt.stock) - len(position.stock)
        same = (gone >= 0 and gone % 10 == 0 and position.stock == dealt.stock[gone:]
                and len(position.columns) == len(dealt.columns)
                and all(col.down == was.down[:len(col.down)] for col, was in zip(position.columns, dealt.columns)))
    if not same:
        raise InvalidPosition(f"the position says deal {n} ({plural(position.suits, 'suit')}), "
                              f"but its cards are not deal {n}'s")
    return position


def position_to_dict(position: Position) -> dict[str, Any]:
    return {
        "game": "spider",
        "suits": position.suits,
        "deal": position.deal,
        "columns": [{"down": [str(c) for c in col.down], "up": [str(c) for c in col.up]}
                    for col in position.columns],
        "stock": [str(c) for c in position.stock],
        "removed": list(position.removed),
        "moves": position.moves,
    }


def format_json(position: Position) -> str:
    position = check_position(position)
    import orjson

    return orjson.dumps(position_to_dict(position)).decode() + "\n"


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    from ..formats.compact import position_card

    if not isinstance(value, list):
        raise InvalidPosition(f"{where}: expected a list of cards")
    return tuple(position_card(v, where) for v in value)


def position_from_dict(d: Any) -> Position:
    if not isinstance(d, dict) or not isinstance(d.get("columns"), list):
        from ..formats.json import saved_game_hint

        raise InvalidPosition(saved_game_hint(d) or "a JSON Spider position needs an object with a 'columns' list")
    if d.get("game", "spider") != "spider":
        raise InvalidPosition(f"'game' is {d.get('game')!r}, not 'spider'")
    suits = _suits(d.get("suits", 4), "'suits'")
    columns = []
    for i, col in enumerate(d["columns"]):
        if not isinstance(col, dict):
            raise InvalidPosition(f"column {i + 1}: expected an object with 'down' and 'up' lists")
        columns.append(Column(_card_list(col.get("down", []), f"column {i + 1} down"),
                              _card_list(col.get("up", []), f"column {i + 1} up")))
    removed = d.get("removed", [])
    if not isinstance(removed, list) or not all(isinstance(s, str) and len(s) == 1 and s.isascii() for s in removed):
        raise InvalidPosition("'removed' must be a list of suit letters")
    moves = d.get("moves", 0)
    # bounded as the compact form bounds it (9 digits), so every position we read can be written back
    if isinstance(moves, bool) or not isinstance(moves, int) or not 0 <= moves <= MAX_MOVES:
        raise InvalidPosition(f"'moves' must be a whole number 0 to {MAX_MOVES:,}, not {quote(moves, 24)}")
    return as_dealt(Position(suits, tuple(columns), _card_list(d.get("stock", []), "the stock"),
                    tuple(s.upper() for s in removed), moves, _deal_field(d.get("deal"))).validate())


def parse_json(text: str | bytes) -> Position:
    from ..formats.json import load_json

    return position_from_dict(load_json(text))


def detect_format(text: str) -> str:
    """``json`` when the text starts with ``{``, else ``compact``."""
    return "json" if text.lstrip().startswith("{") else "compact"


def parse_position(text: str | bytes, fmt: str | None = None) -> Position:
    """Read a position (``fmt``: compact or json, detected by default); text that
    cannot be a position (binary, empty...) is refused as FreeCell's is."""
    from ..formats.detect import position_text

    if fmt is not None:
        from .. import checks

        checks.choice(fmt, "fmt", FORMATS)
    text = position_text(text)
    fmt = fmt or detect_format(text)
    return parse_json(text) if fmt == "json" else parse_compact(text)


def format_position(position: Position, fmt: str = "compact") -> str:
    """``compact`` (one line) or ``json`` (no newline at the end)."""
    from .. import checks

    checks.choice(fmt, "fmt", FORMATS)
    return format_json(position).rstrip("\n") if fmt == "json" else format_compact(position)


def looks_compact(text: str) -> bool:
    """Is ``text`` a compact Spider position (one word starting ``spider``) rather than a file name?

    >>> looks_compact("spider1:.AS/...:-:-:0"), looks_compact("game.txt")
    (True, False)
    """
    t = text.strip()
    return t.startswith("spider") and ":" in t and not any(ch.isspace() for ch in t)
