"""What a command writes: its data on stdout or into -o FILE, status and errors on
stderr, and its exit code (0 success, 1 negative verdict, 2 usage, bad input or a
run-time failure, 3 gave up). -q and --color are a :class:`Settings`, made once per
command (``options.command``) and passed on, never kept in this module."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

import typer

from ..errors import FreecellError, FreecellRuntimeError, IllegalMove
from ..text import cut_words

if TYPE_CHECKING:
    from rich.console import Console

    from ..position import Position

EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_GAVE_UP = 0, 1, 2, 3


@dataclass(frozen=True)
class Settings:
    """The options every command has: -q (``quiet``) and --color (``color``:
    auto, always or never, the environment's NO_COLOR and FORCE_COLOR read)."""

    quiet: bool = False
    color: str = "auto"

    @classmethod
    def from_options(cls, quiet: bool = False, color: str = "auto") -> Settings:
        import os

        if color == "auto":
            if os.environ.get("NO_COLOR"):
                color = "never"
            elif os.environ.get("FORCE_COLOR"):
                color = "always"
        return cls(quiet, color)

    def note(self, message: str) -> None:
        """A status line on stderr (dropped by -q); errors use :func:`err`."""
        if not self.quiet:
            err(message)

    def use_color(self, stream: TextIO | None = None) -> bool:
        """Draw in colour on ``stream`` (stdout by default)?"""
        if self.color != "auto":
            return self.color == "always"
        return is_terminal(sys.stdout if stream is None else stream)

    def console(self, stream: TextIO | None = None) -> Console:
        """A rich Console that follows --color."""
        from rich.console import Console

        # "never" means no escape codes at all: no_color alone still prints bold and dim
        # when FORCE_COLOR makes rich think it writes to a terminal.
        force = {"always": True, "never": False}.get(self.color)
        console = Console(file=stream, highlight=False, force_terminal=force, no_color=self.color == "never")
        if self.color == "always" and console.color_system is None:  # TERM=dumb: rich would leave colour out
            console = Console(file=stream, highlight=False, force_terminal=True, color_system="standard",
                              no_color=False)
        return console


def silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's own flush at exit is quiet."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.close(devnull)
    except OSError:
        pass


@contextmanager
def verdict_when_the_reader_goes(code: Callable[[], int]) -> Iterator[None]:
    """Around a command that says verdicts as it goes: when its reader goes away
    (``| head``) it ends quietly with the code of the verdicts said so far
    (``code()``), not 0: a FAIL already read is still a failure."""
    try:
        yield
    except BrokenPipeError:
        silence_stdout()
        raise typer.Exit(code()) from None


def flush_stdout() -> None:
    """Push out what stdout holds, before a line on stderr: when its reader has gone
    (``| head``), the command ends here, quietly (BrokenPipeError), not after the line."""
    if sys.stdout is not None:
        sys.stdout.flush()


def err(message: str) -> None:
    """One diagnostic line on stderr (after what stdout holds: :func:`flush_stdout`)."""
    flush_stdout()
    try:
        sys.stderr.write(cut_words(message.rstrip("\n")) + "\n")
        sys.stderr.flush()
    except OSError:  # stderr full or gone (2>/dev/full): the data and the exit code still go out
        pass


# What every command that reads one position says when given two (or none it can use).
ONE_POSITION = "give one position: an argument, -p/--position, or --deal"


def fail(message: str, code: int = EXIT_USAGE) -> typer.Exit:
    """Say ``error: message``; the exit to raise, with ``code``."""
    err(f"error: {message}")
    return typer.Exit(code)


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


def stdout_is_terminal() -> bool:
    return is_terminal(sys.stdout)


def write_position(position: Position, fmt: str, output: str | None = None) -> None:
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


class SearchStatus:
    """A live line on a terminal's stderr while a search runs (``solve``, ``spider
    solve``): its :meth:`update` is the search's progress function. A search may
    run in phases (beams of growing width, then a complete search), each counting
    its states from 0 and its seconds from its own start: the line adds the
    phases' counts up and reads this clock, so it never goes back.

    >>> import io
    >>> ticks = iter([0.0, 1.0, 2.5, 3.0])
    >>> status = SearchStatus(io.StringIO(), clock=lambda: next(ticks))
    >>> for states in (4096, 8192, 4096):  # the second phase starts from 0 again
    ...     status.update(states, 0.1)
    >>> status.stream.getvalue().split("\\r")[1:]
    ['searching: 4,096 states, 1.0 s ', 'searching: 8,192 states, 2.5 s ', 'searching: 12,288 states, 3.0 s ']
    """

    def __init__(self, stream: TextIO, clock: Callable[[], float] | None = None) -> None:
        import time

        self.stream = stream
        self.clock = clock or time.monotonic
        self.started = self.clock()
        self.before = 0  # the states of the phases that ended
        self.last = 0  # the count the current phase reported last
        self.shown = False

    @classmethod
    def wanted(cls, settings: Settings) -> SearchStatus | None:
        """The status line when stderr is a terminal and -q was not given, else None."""
        return cls(sys.stderr) if is_terminal(sys.stderr) and not settings.quiet else None

    def update(self, states: int, seconds: float) -> None:
        if states < self.last:  # a phase counts from 0: the last one's states are done
            self.before += self.last
        self.last = states
        self.stream.write(f"\rsearching: {self.before + states:,} states, {self.clock() - self.started:.1f} s ")
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def gave_up_note(reason: str, states: int) -> str:
    """The line a search that gave up ends with: why, and the states it explored,
    said once (a time limit's reason says them already).

    >>> gave_up_note("time limit of 5 s reached after 312,512 states", 312_512)
    'gave up: time limit of 5 s reached after 312,512 states'
    >>> gave_up_note("state limit of 1,000 reached", 1_000)
    'gave up: state limit of 1,000 reached (1,000 states explored)'
    """
    import re

    reason = reason or "limit reached"
    if re.search(r"\bstates\b", reason):
        return f"gave up: {reason}"
    from ..text import plural

    return f"gave up: {reason} ({plural(states, 'state')} explored)"
