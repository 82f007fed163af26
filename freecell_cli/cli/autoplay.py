"""freecell autoplay: send cards to the foundations."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..autoplay import MODES
from .checks import check_json_format, check_output
from .options import Choice, Format, FormatOpt, PositionOptions, choice_enum, command, output, positions
from .output import Settings, err, write_output, write_position

if TYPE_CHECKING:  # an enum built at run time, like Format (see options.choice_enum)
    Mode = Choice
else:
    Mode = choice_enum("Mode", MODES, __name__)


@command(positions(), output())
def autoplay_command(
    mode: Annotated[Mode, typer.Option(metavar="MODE", help="collect: every card that can go, even one another card could still go on (auto-collect); safe: only cards no other card needs (the Windows rule).")] = Mode("collect"),
    list_moves: Annotated[bool, typer.Option("--moves", help="Also list the moves made (stderr, or in the JSON).")] = False,
    format: FormatOpt = None,
    where: PositionOptions = PositionOptions(),
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Send every card that can go to the foundations and print the new position."""
    from ..autoplay import autoplay, can_autocomplete
    from ..formats.json import position_to_dict
    from ..text import plural
    from ..text import json_line

    check_json_format(json, format)
    check_output(output)
    pos, read_fmt = where.read(record_variant=True)
    made = autoplay(pos, mode.value)
    fmt = "json" if json else (format or Format(read_fmt)).value
    if fmt == "json" and list_moves:
        d = position_to_dict(pos)
        d["autoplay"] = {"mode": mode.value, "moves": [str(m) for m in made], "count": len(made)}
        write_output(json_line(d) + "\n", output)
    else:
        write_position(pos, fmt, output)
        if list_moves:  # asked for: shown even with -q, which drops only status lines
            err(f"{plural(len(made), 'move')}: {' '.join(str(m) for m in made)}".rstrip(": "))
    if pos.is_won():
        settings.note("won: all four foundations are at K")
    elif can_autocomplete(pos):
        settings.note("auto-complete: the rest can be sent home directly (--mode collect)")
