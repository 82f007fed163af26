"""freecell autoplay: send cards to the foundations."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated, Optional

import typer

from ..autoplay import MODES
from .common import Format, PositionArg, err, read_position, write_position

Mode = Enum("Mode", {name: name for name in MODES}, type=str)


def autoplay_command(
    position_file: PositionArg = None,
    mode: Annotated[Mode, typer.Option(help="collect: every card that can go (the site); safe: the Windows rule.")] = Mode.collect,
    list_moves: Annotated[bool, typer.Option("--moves", help="Also list the moves made (stderr, or in the JSON).")] = False,
    format: Annotated[Optional[Format], typer.Option("--format", "-f", help="Output format (default: as read).")] = None,
) -> None:
    """Send cards home and print the new position."""
    import orjson

    from ..autoplay import autoplay, can_autocomplete
    from ..moves import plural
    from ..formats.json import position_to_dict

    position, read_fmt = read_position(position_file)
    made = autoplay(position, mode.value)
    fmt = (format or Format(read_fmt)).value
    if fmt == "json" and list_moves:
        d = position_to_dict(position)
        d["autoplay"] = {"mode": mode.value, "moves": [str(m) for m in made], "count": len(made)}
        sys.stdout.write(orjson.dumps(d).decode() + "\n")
    else:
        write_position(position, fmt)
        if list_moves:
            err(f"{plural(len(made), 'move')}: {' '.join(str(m) for m in made)}".rstrip(": "))
    if position.is_won():
        err("won: all four foundations are at K")
    elif can_autocomplete(position):
        err("auto-complete: the rest can be sent home directly (--mode collect)")
