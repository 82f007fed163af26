"""Pick the format of a position text and read or write it.

>>> from freecell_cli import deal
>>> [detect_format(format_position(deal(1), f)) for f in FORMATS]
['compact', 'fcs', 'json']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import InvalidPosition, quote
from .compact import looks_compact

if TYPE_CHECKING:
    from ..position import Position

FORMATS = ("compact", "fcs", "json")


def detect_format(text: str) -> str:
    t = text.strip()
    if t.startswith("{"):
        return "json"
    if looks_compact(t):
        return "compact"
    return "fcs"


def parse_position(text: str, format: str | None = None, game: str | None = None) -> "Position":
    """Read a position in any known format (auto-detected unless ``format``).
    ``game``: the game it is a position of (``freecell`` or a family game's: the
    game of a text that names none, as Freecell Solver's boards; one that names
    another is refused); None: the one it names, else FreeCell.

    >>> from freecell_cli import deal
    >>> parse_position(format_position(deal(617))) == deal(617)
    True
    >>> parse_position(format_position(deal(617), "fcs"), game="bakers-game").game
    'bakers-game'
    """
    text = position_text(text)
    fmt = format or detect_format(text)
    hint = None
    if game is not None:
        from ..games import find_game

        hint = find_game(game).name if find_game(game).family else None
    # Each format's module is imported only when that format is met.
    if fmt == "json":
        from .json import parse_json

        position = parse_json(text, hint)
    elif fmt == "compact":
        from .compact import parse_compact

        position = parse_compact(text, hint)
    elif fmt == "fcs":
        from .fcs import parse_fcs

        position = parse_fcs(text, game=hint)
    else:
        raise InvalidPosition(f"unknown position format {quote(format)} (choose from {', '.join(FORMATS)})")
    return position if game is None else position.as_game(game)


def position_text(text: object) -> str:
    """``text`` as the text of a position, whatever the game: bytes are decoded (UTF-8),
    and what cannot be a position (not text, binary data, nothing) is refused with
    :class:`InvalidPosition` (FreeCell's and Spider's ``parse_position``).

    >>> position_text(b"spider1:...")
    'spider1:...'
    """
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidPosition("not UTF-8 text, not a position") from None
    if not isinstance(text, str):
        raise InvalidPosition(f"a position is text, not {type(text).__name__}")
    if "\x00" in text:
        raise InvalidPosition("binary data, not a position")
    if not text.strip():
        raise InvalidPosition("empty input, no position")
    return text


def format_position(position: "Position", format: str = "compact") -> str:
    """Write a position; compact has no trailing newline, the others end with one.

    >>> from freecell_cli import deal
    >>> format_position(deal(617))[:24]
    '----:0000:7DTDTHKD4C4SJD'
    """
    from ..position import Position

    if not isinstance(position, Position):  # a wrong argument says so, not an AttributeError further in
        from ..errors import ArgumentTypeError

        raise ArgumentTypeError(f"position must be a Position (deal(n), parse_position(text)), "
                                f"not {type(position).__name__}")
    if format == "compact":
        from .compact import format_compact

        return format_compact(position)
    if format == "fcs":
        from .fcs import format_fcs

        return format_fcs(position)
    if format == "json":
        from .json import format_json

        return format_json(position)
    raise InvalidPosition(f"unknown position format {quote(format)} (choose from {', '.join(FORMATS)})")
