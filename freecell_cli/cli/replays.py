"""What both games' ``replay`` commands do with a replay once it is made: an HTML
page (--html FILE, - is stdout), the step viewer on a terminal, else the steps
as lines for a pipe; then the verdict on stderr and the exit code."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, NoReturn

import typer

from .output import Settings, write_file, write_stdout

if TYPE_CHECKING:
    from ..viewer import Steps


def present(r: Steps, *, html: str | None, page: Callable[[], str], lines: Callable[[], Iterable[str]],
            verdict: str, code: int, delay: float, settings: Settings) -> NoReturn:
    """Show ``r`` where the command was asked to (``page`` and ``lines`` make the
    page and the piped steps), say ``verdict``, exit with ``code``."""
    if html is not None:
        from ..files import display_name

        if html == "-":  # - is stdout, as with -o
            write_stdout(page())
            settings.note(f"{r.frames} frames; {verdict}")
        else:
            write_file(html, page())
            settings.note(f"wrote {display_name(html)}: {r.frames} frames; {verdict}")
        raise typer.Exit(code)
    keys = terminal_keys() if sys.stdout.isatty() else None
    if keys is not None:
        from ..viewer import Viewer

        try:
            Viewer(r, keys, sys.stdout, delay).run()
        finally:
            if keys != sys.stdin.fileno():  # /dev/tty, opened for the keys
                import os

                os.close(keys)
        settings.note(verdict)
        raise typer.Exit(code)
    write = sys.stdout.write
    for line in lines():
        write(line)
    settings.note(verdict)
    raise typer.Exit(code)


def terminal_keys() -> int | None:
    """A terminal to read keys from: stdin, or the controlling terminal when the
    solution came through a pipe; None when there is none (then: piped output)."""
    import os

    if sys.stdin.isatty():
        return sys.stdin.fileno()
    try:
        return os.open("/dev/tty", os.O_RDONLY)
    except OSError:
        return None
