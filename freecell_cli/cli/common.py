"""What every command shares: reading input, writing output, mapping errors to
exit codes. Exit codes: 0 success, 1 negative verdict, 2 usage or bad input,
3 gave up."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from enum import Enum, EnumMeta
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional, Protocol, TextIO, TypeVar

import typer

from ..errors import FreecellError, FreecellRuntimeError, IllegalMove
from ..formats.detect import FORMATS
from ..variants import VARIANTS

if TYPE_CHECKING:
    from rich.console import Console

    from ..position import Position

EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_GAVE_UP = 0, 1, 2, 3


class Choice(str, Enum):
    """The base of the option enums built at run time from a library registry
    (:func:`choice_enum`): each member's name and value are the registry's name."""


def choice_enum(name: str, values: Iterable[str], module: str = __name__) -> type[Choice]:
    """An enum of ``values`` for a typer option (``module``: where it is defined)."""
    # Choice(name, names) through its metaclass: mypy reads a call of the class itself as
    # str's constructor (Choice is a str), and `X = Enum(...)` as an enum it should know.
    made = EnumMeta.__call__(Choice, name, {value: value for value in values}, module=module)
    assert issubclass(made, Choice)  # the functional API subclasses the enum it is called on
    return made


# Choices come from the library's registries, so a new variant or format shows up here.
# Their members are known only at run time: to the type checker each is a Choice (get a
# member by value, Format("compact"), never by attribute).
if TYPE_CHECKING:
    Format = Choice
    VariantName = Choice
else:
    Format = choice_enum("Format", FORMATS)
    VariantName = choice_enum("VariantName", VARIANTS)


# -- numbers on the command line --------------------------------------------------
# int() and float() take more than the README promises (ASCII digits): '١٢' and '１２'
# (other scripts' digits), '1_2', ' 3', '+3', 'nan', 'inf', '1e309'. Every numeric
# option reads its text with one of these parsers instead (typer's parser=): the
# length is checked before the pattern, the pattern before conversion, the range
# after; a refusal is one usage line naming the option and quoting the value.
_MAX_DIGITS = 30  # the most characters a number may have on the command line
_WHOLE = r"-?[0-9]+"
_DECIMAL = r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)"  # no exponent, no nan or inf: seconds are written out


def _number_text(value: object, pattern: str, what: str) -> str:
    """The option's text when it is a number in ASCII digits, else a usage error."""
    import re

    from ..errors import quote

    text = value if isinstance(value, str) else str(value)
    if len(text) > _MAX_DIGITS:
        raise typer.BadParameter(f"{quote(text)} is too long for a number (at most {_MAX_DIGITS} characters)")
    if not re.fullmatch(pattern, text):
        raise typer.BadParameter(f"{quote(text)} is not {what} in ASCII digits")
    return text


def _in_range(number: float, text: str, minimum: float, maximum: float | None, unit: str = "") -> None:
    # The minus sign is read only to say a value is out of range: "-0" is not 0.
    if number < minimum or maximum is not None and number > maximum or text.startswith("-") and minimum >= 0:
        span = f"{minimum:,} or more" if maximum is None else f"{minimum:,} to {maximum:,}"
        raise typer.BadParameter(f"{text} is out of range ({span}{unit})")


def whole_number(minimum: int = 0, maximum: int | None = None) -> Callable[[object], int]:
    """A typer parser for a whole-number option from ``minimum`` to ``maximum``.

    >>> whole_number(0, 15)("12")
    12
    """
    def parse(value: object) -> int:
        if isinstance(value, int) and not isinstance(value, bool):  # the option's default
            return value
        text = _number_text(value, _WHOLE, "a whole number")
        number = int(text)
        _in_range(number, text, minimum, maximum)
        return number

    parse.__name__ = "integer"  # the type click names (<integer>) for an option without a metavar
    return parse


def decimal_number(minimum: float, maximum: float, unit: str = "") -> Callable[[object], float]:
    """A typer parser for a decimal option (``2``, ``0.5``, ``.5``) from ``minimum`` to ``maximum``.

    >>> decimal_number(0.02, 60)("0.5")
    0.5
    """
    def parse(value: object) -> float:
        if isinstance(value, float):  # the option's default
            return value
        text = _number_text(value, _DECIMAL, "a number")
        number = float(text)
        _in_range(number, text, minimum, maximum, unit)
        return number

    parse.__name__ = "float"
    return parse


def seconds_number(value: object) -> float:
    """--time-limit's parser: seconds, 0 (no limit) to the library's longest limit."""
    from ..checks import MAX_SECONDS  # here: that module is not needed to start

    return decimal_number(0, MAX_SECONDS, " seconds; 0: no limit")(value)


seconds_number.__name__ = "float"


def seed_number(value: object) -> str:
    """--seed's parser: a seed is a whole number (0 or more) in ASCII digits. It is passed on as
    its text, written the usual way (``007`` is ``7``), so a seed draws the deals
    it drew before (random seeds a text and a number differently)."""
    text = _number_text(value, _WHOLE, "a whole number")
    _in_range(int(text), text, 0, None)
    return str(int(text))


seed_number.__name__ = "integer"

POSITION_HELP = ("a position file, - for stdin (the default), or the position itself in compact or "
                 "JSON form (one that starts with - goes after -p: -p '----:0000:...')")
VARIANT_HELP = "Rules: " + "; ".join(f"{v.name}: {v.description}" for v in VARIANTS.values()) + "."

# One spelling, one meaning, in every command (README, "Options").
PositionArg = Annotated[Optional[str], typer.Argument(metavar="[POSITION]", show_default=False,
                                                     help=f"The position: {POSITION_HELP}.")]
PositionOpt = Annotated[Optional[str], typer.Option("--position", "-p", metavar="POSITION", show_default=False,
                                                    help=f"The position: {POSITION_HELP}.")]
DealOpt = Annotated[Optional[str], typer.Option("--deal", metavar="N", show_default=False,
                                                help="Start from deal N (1..8,589,934,591, Microsoft / FreeCell Pro).")]
CellsOpt = Annotated[Optional[int], typer.Option("--cells", metavar="N", parser=whole_number(0, 15), show_default=False,
                                                 help="Number of free cells, 0..15 (default: the position's, or 4).")]
VariantOpt = Annotated[Optional[VariantName], typer.Option("--variant", metavar="VARIANT", show_default=False,
                                                          help=VARIANT_HELP + " Default: the position's, else site.")]
def _stdout_dash(value: Optional[str]) -> Optional[str]:
    return None if value == "-" else value  # -o - is stdout, as - is stdin


OutputOpt = Annotated[Optional[str], typer.Option("--output", "-o", "--out", metavar="FILE", show_default=False,
                                                  callback=_stdout_dash,
                                                  help="Write to FILE (atomically) instead of stdout (- is stdout).")]
FormatOpt = Annotated[Optional[Format], typer.Option("--format", "-f", metavar="FORMAT",
                                                   help="Output format: compact, fcs, json (default: as read).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="The result as JSON on stdout.")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No status lines on stderr (errors still show).")]
# verify's and spider verify's: a verdict per file
VerdictFormatOpt = Annotated[Optional[str], typer.Option(
    "--format", "-f", metavar="FORMAT", show_default=False,
    help="Print the verdicts as text (the default) or json (one line per file).")]
VerdictJsonOpt = Annotated[bool, typer.Option("--json", help="One JSON object per file (JSON Lines), as -f json.")]
ShowRefusedOpt = Annotated[bool, typer.Option(
    "--show", help="After a refused move, draw the table before it and print that position.")]


class ColorMode(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


ColorOpt = Annotated[ColorMode, typer.Option(
    "--color", metavar="WHEN",
    help="Colour: auto (on a terminal, unless NO_COLOR is set), always (also FORCE_COLOR; for less -R), never.")]

_settings: dict[str, bool | str] = {"quiet": False, "color": "auto"}


def setup(quiet: bool = False, color: ColorMode | str = "auto") -> None:
    """Take the options every command has (-q, --color)."""
    import os

    _settings["quiet"] = quiet
    mode = color.value if isinstance(color, ColorMode) else color
    if mode == "auto":
        if os.environ.get("NO_COLOR"):
            mode = "never"
        elif os.environ.get("FORCE_COLOR"):
            mode = "always"
    _settings["color"] = mode


def is_quiet() -> bool:
    """Was -q given? (Status and summaries on stderr are then left out.)"""
    return bool(_settings["quiet"])


def note(message: str) -> None:
    """A status line on stderr (dropped by -q); errors use :func:`err`."""
    if not _settings["quiet"]:
        err(message)


def flush_stdout() -> None:
    """Push out what stdout holds, before a line on stderr: when its reader has gone
    (``| head``), the command ends here, quietly (BrokenPipeError), not after the line."""
    if sys.stdout is not None:
        sys.stdout.flush()


def use_color(stream: TextIO | None = None) -> bool:
    """Draw in colour on ``stream`` (stdout by default)?"""
    mode = _settings["color"]
    if mode != "auto":
        return mode == "always"
    return is_terminal(sys.stdout if stream is None else stream)


def console(stream: TextIO | None = None) -> Console:
    """A rich Console that follows --color."""
    from rich.console import Console

    mode = _settings["color"]
    # "never" means no escape codes at all: no_color alone still prints bold and dim
    # when FORCE_COLOR makes rich think it writes to a terminal.
    force = {"always": True, "never": False}.get(str(mode))
    return Console(file=stream, highlight=False, force_terminal=force, no_color=mode == "never")


ENGINE_HELP = ("Solver: beam (a layered beam search for short solutions; solve's default), "
               "auto (Freecell Solver when installed, the built-in search when it finds nothing or "
               "cannot take the table), builtin (our own search under the variant's own moves; proofs), "
               "fc-solve (Freecell Solver, its moves translated to the variant).")


class EngineName(str, Enum):
    beam = "beam"
    auto = "auto"
    builtin = "builtin"
    fc_solve = "fc-solve"


class EmptyColumn(str, Enum):
    one = "one"
    max = "max"


def err(message: str) -> None:
    """One diagnostic line on stderr (after what stdout holds: :func:`flush_stdout`)."""
    flush_stdout()
    try:
        sys.stderr.write(message.rstrip("\n") + "\n")
        sys.stderr.flush()
    except OSError:  # stderr full or gone (2>/dev/full): the data and the exit code still go out
        pass


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


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    err(f"error: {message}")
    return typer.Exit(code)


def refuse_together(*options: str | None, why: str = "") -> None:
    """Refuse options that cannot all be honoured (one usage line, exit 2) rather
    than silently ignore one. Each argument is an option as the user wrote it
    (``"--json"``, ``"-f fcs"``), or None when it was not given.

    >>> refuse_together("--json", None)
    """
    named = [o for o in options if o]
    if len(named) > 1:
        raise fail(f"{' and '.join(named)} cannot be combined" + (f": {why}" if why else ""))


def requires(option: str | None, other: str, present: bool) -> None:
    """Refuse ``option`` (as written, or None when not given) without ``other``."""
    if option and not present:
        raise fail(f"{option} goes with {other}")


def check_json_format(json: bool, format: "Enum | str | None") -> None:
    """``--json`` is ``-f json``: refuse it with another ``-f``."""
    fmt = format.value if isinstance(format, Enum) else format
    refuse_together("--json" if json else None, f"-f {fmt}" if fmt not in (None, "json") else None,
                    why="--json is -f json")


def verdicts_as_json(json: bool, format: str | None, show: bool) -> bool:
    """verify's and spider verify's output choice (``format`` already checked to be
    None, text or json): whether the verdicts are JSON Lines; ``--json`` with
    another ``-f``, and ``--show`` with JSON, are refused."""
    check_json_format(json, format)
    as_json = "--json" if json else "-f json" if format == "json" else None
    refuse_together(as_json, "--show" if show else None, why="--show draws a table, not JSON")
    return json or format == "json"


def given(ctx: typer.Context, name: str) -> bool:
    """Was the parameter ``name`` given (command line or environment), not left at its default?"""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


@contextmanager
def errors_to_exit() -> Iterator[None]:
    """Turn library errors into one-line messages and exit codes (never a traceback)."""
    try:
        yield
    except IllegalMove as e:
        raise fail(str(e), EXIT_NEGATIVE) from None
    except (FreecellError, FreecellRuntimeError) as e:  # a run-time failure is exit 2 too (README, "Exit codes")
        raise fail(str(e), EXIT_USAGE) from None


def is_terminal(stream: TextIO | None) -> bool:
    """True for an open stream on a terminal (a closed one is None: ``<&-``)."""
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def read_text(source: str | None, what: str = "position") -> str:
    """Text from a file, or stdin for ``-`` / no argument, within the size limit
    for ``what`` (README, "Limits")."""
    from ..files import read_text as read_file_text

    if source is None and is_terminal(sys.stdin):
        raise fail(f"no {what} given: pass a file, or pipe one in (- reads stdin)")
    with errors_to_exit():
        return read_file_text(source, what)


def check_output(path: str | None) -> None:
    """Fail now, before any long work, when ``path`` could not be written."""
    from ..files import OutputError, check_output_path

    if path is not None:
        try:
            check_output_path(path)
        except OutputError as e:  # an -o FILE: the way out is the option's to say
            hint = " (leave the option out to write to stdout)" if str(e).endswith("not a regular file") else ""
            raise fail(f"{e}{hint}") from None


def seconds_limit(value: float | None) -> float | None:
    """A time limit in seconds (read by :data:`seconds_number`): 0 means none."""
    from ..checks import seconds

    if value is None:
        return None
    with errors_to_exit():
        return seconds(value, "--time-limit")


def read_position(source: str | None) -> tuple["Position", str]:
    """A position and the format it was written in, from a file, stdin, or the
    text itself (see :data:`POSITION_HELP`)."""
    from ..errors import FreecellError
    from ..files import display_name
    from ..formats.detect import detect_format, parse_position

    text = inline_position(source)
    if text is not None:  # the text itself: the message quotes it, no file to name
        with errors_to_exit():
            return parse_position(text), detect_format(text)
    text = read_text(source)
    name = "stdin" if source in (None, "-") else display_name(source)
    fmt = detect_format(text)
    try:
        _one_compact_line(text)
        return parse_position(text, fmt), fmt
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


def inline_position(value: str | None, looks_compact: "Callable[[str], bool] | None" = None) -> str | None:
    """``value`` itself when it is a position rather than a file name (``looks_compact``
    tells a game's compact form; FreeCell's by default)."""
    import os

    if looks_compact is None:
        from ..formats.compact import looks_compact as freecell_compact

        looks_compact = freecell_compact

    if value is None or value == "-":
        return None
    if value.lstrip().startswith("{") or (looks_compact(value) and not os.path.exists(value)):
        return value
    return None


def get_position(argument: str | None = None, option: str | None = None, deal: str | None = None,
                 cells: int | None = None, variant: "VariantName | None" = None,
                 record_variant: bool = False) -> tuple["Position", str]:
    """The position a command works on, given the shared options: the argument or
    ``-p`` (file, ``-``, or inline), or ``--deal N``; ``--cells`` sets the free cells.
    Returns the position and the format it came in (compact for a deal)."""
    from ..deals import deal as make_deal
    from ..deals import parse_deal_number
    from ..verify import with_cells

    given = [x for x in (argument, option) if x is not None]
    if len(given) + (deal is not None) > 1:
        raise fail("give one position: an argument, -p/--position, or --deal")
    with errors_to_exit():
        if deal is not None:
            position, fmt = make_deal(parse_deal_number(deal), cells=4 if cells is None else cells), "compact"
        else:
            position, fmt = read_position(given[0] if given else None)
            position = with_cells(position, cells)
    if record_variant and variant is not None:
        position.variant = variant.value
    return position, fmt


def write_position(position: "Position", fmt: str, output: str | None = None) -> None:
    """The position on stdout, or atomically into ``output``."""
    from ..formats.detect import format_position

    with errors_to_exit():
        text = format_position(position, fmt)
    write_output(text if text.endswith("\n") else text + "\n", output)


def write_output(text: str, output: str | None) -> None:
    """What a command prints: on stdout, or atomically into ``output`` (``-o``)."""
    if output is not None:
        write_file(output, text)
    else:
        write_stdout(text)


def write_stdout(data: str | bytes) -> None:
    """``data`` on stdout, all of it, or BrokenPipeError when the reader goes away.

    An unbuffered stdout (``python -u``, PYTHONUNBUFFERED) hands a text to one
    write(2); a reader that leaves halfway (``| head -c 100``) makes it a partial
    write, which Python takes for success: the rest is dropped and the command goes
    on to its status line and exit code. There the bytes go out in a loop, so the
    next write finds the pipe closed."""
    import errno
    import io

    stream = sys.stdout
    binary = getattr(stream, "buffer", None)
    if isinstance(binary, io.RawIOBase):  # unbuffered: finishing a partial write is ours
        stream.flush()
        raw = data.encode(stream.encoding or "utf-8", stream.errors or "strict") if isinstance(data, str) else data
        view = memoryview(raw)
        while view:
            written = binary.write(view)
            if written is None:  # a non-blocking stdout that is full
                raise BlockingIOError(errno.EAGAIN, "stdout is full")
            view = view[written:]
    elif isinstance(data, str):
        stream.write(data)
    else:  # a picture: the text before it goes first
        stream.flush()
        if binary is None:
            raise OSError(errno.EBADF, "stdout takes no bytes")
        binary.write(data)
        binary.flush()


def write_file(path: str, data: str | bytes) -> None:
    """Write a file atomically; a path that cannot be written is a usage error."""
    from ..files import atomic_write

    with errors_to_exit():
        atomic_write(path, data)


def stdout_is_terminal() -> bool:
    return is_terminal(sys.stdout)


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
