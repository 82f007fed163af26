"""What a command writes: its data on stdout or into -o FILE, status and errors on
stderr, and its exit code (0 success, 1 negative verdict, 2 usage, bad input or a
run-time failure, 3 gave up). -q and --color are a :class:`Settings`, made once per
command (``options.command``) and passed on, never kept in this module."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

import typer

from ..errors import FreecellError, FreecellRuntimeError, IllegalMove

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
        return Console(file=stream, highlight=False, force_terminal=force, no_color=self.color == "never")


def flush_stdout() -> None:
    """Push out what stdout holds, before a line on stderr: when its reader has gone
    (``| head``), the command ends here, quietly (BrokenPipeError), not after the line."""
    if sys.stdout is not None:
        sys.stdout.flush()


def err(message: str) -> None:
    """One diagnostic line on stderr (after what stdout holds: :func:`flush_stdout`)."""
    flush_stdout()
    try:
        sys.stderr.write(message.rstrip("\n") + "\n")
        sys.stderr.flush()
    except OSError:  # stderr full or gone (2>/dev/full): the data and the exit code still go out
        pass


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
