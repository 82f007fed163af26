"""What every command shares: reading input, writing output, mapping errors to
exit codes. Exit codes: 0 success, 1 negative verdict, 2 usage or bad input,
3 gave up."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ..errors import FreecellError, IllegalMove
from ..formats.detect import FORMATS
from ..variants import VARIANTS

if TYPE_CHECKING:
    from ..position import Position

EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_GAVE_UP = 0, 1, 2, 3


# Choices come from the library's registries, so a new variant or format shows up here.
Format = Enum("Format", {name: name for name in FORMATS}, type=str)
VariantName = Enum("VariantName", {name: name for name in VARIANTS}, type=str)


# The optional position argument of show, autoplay and solve.
PositionArg = Annotated[
    Optional[str], typer.Argument(metavar="[POSITION]", help="Position file, or - for stdin (default).")
]


class EngineName(str, Enum):
    beam = "beam"
    auto = "auto"
    builtin = "builtin"
    fc_solve = "fc-solve"


class EmptyColumn(str, Enum):
    one = "one"
    max = "max"


def err(message: str) -> None:
    """One diagnostic line on stderr."""
    sys.stderr.write(message.rstrip("\n") + "\n")


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    err(f"error: {message}")
    return typer.Exit(code)


@contextmanager
def errors_to_exit() -> Iterator[None]:
    """Turn library errors into one-line messages and exit codes (never a traceback)."""
    try:
        yield
    except IllegalMove as e:
        raise fail(str(e), EXIT_NEGATIVE) from None
    except FreecellError as e:
        raise fail(str(e), EXIT_USAGE) from None


def read_text(source: str | None, what: str = "position") -> str:
    """Text from a file, or stdin for ``-`` / no argument."""
    if source is None or source == "-":
        if source is None and sys.stdin.isatty():
            raise fail(f"no {what} given: pass a file, or pipe one in (- reads stdin)")
        data = sys.stdin.buffer.read()
        name = "stdin"
    else:
        try:
            data = Path(source).read_bytes()
        except OSError as e:
            raise fail(f"cannot read {source}: {e.strerror or e}") from None
        name = source
    if b"\x00" in data:
        raise fail(f"{name}: binary data, not a {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise fail(f"{name}: not UTF-8 text") from None


def read_position(source: str | None) -> tuple["Position", str]:
    """A position and the format it was written in."""
    from ..formats.detect import detect_format, parse_position

    text = read_text(source)
    fmt = detect_format(text)
    with errors_to_exit():
        return parse_position(text, fmt), fmt


def write_position(position: "Position", fmt: str) -> None:
    from ..formats.detect import format_position

    text = format_position(position, fmt)
    sys.stdout.write(text if text.endswith("\n") else text + "\n")



def stdout_is_terminal() -> bool:
    return sys.stdout.isatty()
