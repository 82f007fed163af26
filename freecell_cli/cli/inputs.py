"""What a command reads: a position (a file, stdin, the text itself, or a deal),
the text of a file within its size limit, moves given as arguments, the lines of
a game played on stdin. Bad input is one line naming it, exit 2."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Protocol, TypeVar

import typer

from .output import ONE_POSITION, errors_to_exit, fail, is_terminal

if TYPE_CHECKING:
    from enum import Enum

    from ..position import Position


_M = TypeVar("_M")  # a game's move type


def parse_move_args(args: list[str], split: Callable[[str], list[str]],
                    parse: Callable[[str], _M]) -> tuple[list[str], list[_M]]:
    """The moves given as arguments (several to an argument allowed), parsed: the
    tokens and the moves. A malformed one is a usage error naming it (FreeCell's
    and Spider's ``move``)."""
    from ..errors import FreecellError
    from ..text import escape

    tokens = [t for arg in args for t in split(arg)]
    if not tokens:
        raise fail("no moves given")
    parsed = []
    for i, token in enumerate(tokens, 1):
        try:
            parsed.append(parse(token))
        except FreecellError as e:
            raise fail(f'move {i} "{escape(token, 40)}": {e}') from None
    return tokens, parsed




def position_first(args: list[str], compact: Callable[[str], bool], split: Callable[[str], list[str]],
                   parse: Callable[[str], object]) -> str | None:
    """The position ``move``'s arguments give before their moves (both games), or
    None: ``-`` (stdin), a compact position (``compact``; no move has a colon), or
    a file whose name is no move (``5a`` stays a move where a file of that name
    lies). ``split`` and ``parse`` read the game's moves."""
    import os

    from ..errors import FreecellError

    first = args[0] if args else None
    if first is None or first == "-" or compact(first):
        return first
    if not os.path.isfile(first):
        return None
    try:
        for token in split(first):
            parse(token)
    except FreecellError:
        return first
    return None


def read_text(source: str | None, what: str = "position") -> str:
    """Text from a file, or stdin for ``-`` / no argument, within the size limit
    for ``what`` (README, "Limits")."""
    from ..files import read_text as read_file_text

    if source is None and is_terminal(sys.stdin):
        raise fail(f"no {what} given: pass a file, or pipe one in (- reads stdin)")
    with errors_to_exit():
        return read_file_text(source, what)


def read_position(source: str | None, game: str | None = None) -> tuple["Position", str]:
    """A position and the format it was written in, from a file, stdin, or the
    text itself (the --position help of :mod:`.options` says which); ``game``: the
    game it is a position of (:func:`~freecell_cli.formats.parse_position`)."""
    from ..formats.compact import looks_compact
    from ..formats.detect import detect_format, parse_position

    def parse(text: str, fmt: str | None = None) -> "Position":
        return parse_position(text, fmt, game)

    return read_game_position(source, looks_compact, detect_format, parse, _one_compact_line)


_P = TypeVar("_P")  # a game's position type


def read_game_position(source: str | None, looks_compact: Callable[[str], bool], detect: Callable[[str], str],
                       parse: Callable[..., _P], check: Callable[[str], None] | None = None) -> tuple[_P, str]:
    """A position of either game and its format, from a file, stdin, or the text
    itself (``looks_compact``: the game's compact form). ``parse(text)`` and
    ``parse(text, fmt)`` read it, ``check`` refuses a file's text first."""
    from ..errors import FreecellError
    from ..files import display_name

    text = inline_position(source, looks_compact)
    if text is not None:  # the text itself: the message quotes it, no file to name
        with errors_to_exit():
            return parse(text), detect(text)
    text = read_text(source)
    name = "stdin" if source in (None, "-") else display_name(source)
    fmt = detect(text)
    try:
        if check is not None:
            check(text)
        return parse(text, fmt), fmt
    except FreecellError as e:
        message = str(e)
        raise fail(message if message.startswith(name) else f"{name}: {message}") from None


def _one_compact_line(text: str) -> None:
    """Refuse text after a compact position (a file holds one position): without
    this the whole is read as the fcs format and the message blames line 1."""
    import re

    from ..errors import InvalidPosition, quote

    lines = [(n, line.strip()) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    # three ':' fields: an fcs board's first line may be a bare "Freecells:", never that
    if len(lines) > 1 and re.fullmatch(_BARE_COMPACT, lines[0][1]):
        n, extra = lines[1]
        raise InvalidPosition(f"line {n}: {quote(extra)} after the position on line {lines[0][0]} "
                              "(a compact position is one line)")


# A compact position where a file name or a move could stand: three ':'-separated
# fields of cards and ranks (then anything: the parser says what is wrong with it).
_BARE_COMPACT = r"[-0-9A-Za-z]*:[-0-9A-Za-z]*:[0-9A-Za-z/]*(:\S*)?"


def bare_position(value: str) -> bool:
    """Is ``value``, an argument where a file name (verify, replay) or a move (move)
    may stand, a compact position? It must look like one and name no file; no move
    or ``-`` has a colon.

    >>> bare_position("JC---:0000:7DTD/AD:617"), bare_position("617.sol"), bare_position("5a")
    (True, False, False)
    """
    import os
    import re

    return re.fullmatch(_BARE_COMPACT, value) is not None and not os.path.exists(value)


def inline_position(value: str | None, looks_compact: Callable[[str], bool]) -> str | None:
    """``value`` itself when it is a position rather than a file name (``looks_compact``
    tells the game's compact form)."""
    import os

    if value is None or value == "-":
        return None
    if value.lstrip().startswith("{") or (looks_compact(value) and not os.path.exists(value)):
        return value
    return None


def get_position(argument: str | None = None, option: str | None = None, deal: str | None = None,
                 cells: int | None = None, variant: "Enum | None" = None,
                 record_variant: bool = False, game: "Enum | None" = None) -> tuple["Position", str]:
    """The position a command works on, given the shared options: the argument or
    ``-p`` (file, ``-``, or inline), or ``--deal N``; ``--cells`` sets the free cells;
    ``--game`` the game (a family game's deal numbers are PySolFC's).
    Returns the position and the format it came in (compact for a deal)."""
    from ..deals import deal as make_deal
    from ..deals import parse_game_deal
    from ..verify import with_cells

    given = [x for x in (argument, option) if x is not None]
    if len(given) + (deal is not None) > 1:
        raise fail(ONE_POSITION)
    name = None if game is None else str(game.value)
    check_family_options(name, cells, variant)
    with errors_to_exit():
        if deal is not None:
            n, microsoft = parse_game_deal(deal, name)
            position, fmt = make_deal(n, cells=cells, game=name, microsoft=microsoft), "compact"
        else:
            position, fmt = read_position(given[0] if given else None, name)
            check_family_options(position.game, cells, variant)  # (a family position, read as it says)
            position = with_cells(position, cells)
    if record_variant and variant is not None:
        position.variant = variant.value
    return position, fmt


def check_family_options(game: str | None, cells: int | None, variant: "Enum | None") -> None:
    """A family game has its own table and rules: --cells and --variant (FreeCell's)
    are refused with it."""
    from ..games import find_game

    g = find_game(game)
    if not g.family:
        return
    if cells is not None:
        raise fail(f"--cells goes with FreeCell: {g.title} has {g.cells} free cells (its rules fix the table)")
    if variant is not None:
        raise fail(f"--variant goes with FreeCell: {g.title} has rules of its own ({g.name})")


class LinePlay(Protocol):
    """A session of line play (FreeCell's or Spider's ``Session``)."""

    interactive: bool
    interrupted: bool

    def run(self, lines: Iterable[str]) -> None: ...


def play_lines(session: LinePlay, prompted: Callable[[], Iterator[str]]) -> None:
    """Run ``session`` on stdin: ``prompted`` lines on a terminal, else a script's
    lines (bytes that are not UTF-8 become U+FFFD, then a refused move; none when
    stdin is closed). A save that fails is one line; Ctrl-C exits 130 (the game is
    saved, and the session said so). FreeCell's ``play`` and Spider's."""
    from ..lineplay import script_lines

    if session.interactive:
        lines = prompted()
    elif sys.stdin is None:
        lines = iter(())
    else:
        lines = script_lines(sys.stdin.buffer)
    with errors_to_exit():
        session.run(lines)
    if session.interrupted:
        raise typer.Exit(130)
