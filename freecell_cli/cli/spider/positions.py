"""A Spider position in and out: read from the argument or -p (a file, ``-``, the
text itself), dealt with --deal, written in a format."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..inputs import read_game_position
from ..output import ONE_POSITION, errors_to_exit, fail, write_output

if TYPE_CHECKING:
    from enum import Enum

    from ...spider.position import Position


def read_position(argument: str | None = None, option: str | None = None) -> tuple[Position, str]:
    """A Spider position and its format, from the argument or -p: a file, - (stdin,
    the default), or the position itself (compact or JSON), as FreeCell's commands."""
    from ...spider.formats import detect_format, looks_compact, parse_position

    given = [x for x in (argument, option) if x is not None]
    if len(given) > 1:
        raise fail(ONE_POSITION)
    return read_game_position(given[0] if given else None, looks_compact, detect_format, parse_position)


def position_or_deal(argument: str | None, option: str | None, deal: str | None,
                     suits: Enum | None) -> Position:
    """The position a command works on: read (the argument or -p), or dealt with
    ``--deal N`` (``--suits`` without it is refused before: SpiderPositionOptions.check)."""
    from ...spider.deals import deal as make_deal
    from ...spider.deals import parse_deal_number

    if deal is None:
        return read_position(argument, option)[0]
    if argument is not None or option is not None:
        raise fail(ONE_POSITION)  # as FreeCell's commands
    with errors_to_exit():
        return make_deal(parse_deal_number(deal), int(suits.value) if suits else 4)


def write_position(position: Position, fmt: str, output: str | None = None) -> None:
    from ...spider.formats import format_position

    write_output(format_position(position, fmt) + "\n", output)
