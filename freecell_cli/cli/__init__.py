"""The ``freecell`` command: a thin typer layer over the library.

Each command lives in its own module. Only the module of the command being run
is imported (typer reads every registered command's signature at start-up), so
``freecell deal 1`` starts fast in a pipe.
"""

from __future__ import annotations

import re
import signal
import sys
from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..text import cut_words, escape

if TYPE_CHECKING:
    from collections.abc import Callable
    from types import FrameType
    from typing import ParamSpec, TypeVar

    P = ParamSpec("P")
    R = TypeVar("R")


def _interrupted_early(signum: int, frame: FrameType | None) -> None:  # Ctrl-C while typer loads: no traceback
    import os

    os._exit(130)


try:
    signal.signal(signal.SIGINT, _interrupted_early)
except ValueError:  # imported from another thread: leave signals alone
    pass
import typer  # noqa: E402 - after the handler, on purpose

try:
    signal.signal(signal.SIGINT, signal.default_int_handler)
except ValueError:
    pass

COMMANDS = {
    "deal": "deal",
    "show": "show",
    "move": "move",
    "autoplay": "autoplay",
    "solve": "solve",
    "verify": "verify",
    "analyze": "analyze",
    "play": "play",
    "replay": "replay",
}


# free cells : foundations : columns [: deal [: variant]] (README, "The compact position format");
# a pattern, not compiled here: only the commands that read a position need it.
# Any fields after the third are taken as the position's too, so one with a field too
# many is refused for what it is, not as an unknown option.
_COMPACT = r"-[-0-9A-Z]*:[-0-9A-Z]*:[0-9A-Z/]*(:\S*)?"

# What `freecell --help` lists: a whole sentence each (click would cut the docstrings).
SUMMARIES = {
    "deal": "Print a numbered, daily or random deal as a position.",
    "show": "Draw a position: text, colour, SVG or PNG.",
    "move": "Play moves on a position and print the result.",
    "autoplay": "Send the cards that can go to the foundations.",
    "solve": "Solve a position or deal, or prove it unsolvable.",
    "verify": "Check that solution files are legal and win, under any variant.",
    "analyze": "Solve ranges of deals into a resumable results file.",
    "play": "Play a game in the terminal (resumes the saved one).",
    "replay": "Watch a solution step by step, or make an HTML page of it.",
}
# Sub-apps (a second game): imported only when their name is the first argument.
SUBAPPS = {"spider": "spider"}


# The commands with -p/--position. A compact position usually starts with "-" (an
# empty free cell), which click would take for an option: given bare, it is passed
# as --position=TEXT, so `freecell show "$(freecell deal 1)"` works.
POSITION_COMMANDS = ("show", "move", "autoplay", "solve", "verify", "play", "replay")
# The spider commands with -p/--position (its positions start "spider": never taken for an option)
SPIDER_POSITION_COMMANDS = ("show", "move", "solve", "verify", "play", "replay")


def positions_as_options(args: list[str]) -> list[str]:
    """``args`` with each bare compact position that starts with ``-`` (before any
    ``--``) given as ``--position=...``.

    >>> positions_as_options(["show", "----:0000:AS/2S:1", "--plain"])
    ['show', '--position=----:0000:AS/2S:1', '--plain']
    >>> positions_as_options(["move", "-p", "-:0:AS", "1a", "--", "-x"])
    ['move', '-p', '-:0:AS', '1a', '--', '-x']
    """
    out: list[str] = []
    for i, arg in enumerate(args):
        if arg == "--":
            return out + args[i:]
        after_p = bool(out) and out[-1] in ("-p", "--position")
        if not after_p and arg.startswith("-") and re.fullmatch(_COMPACT, arg):
            arg = "--position=" + arg
        out.append(arg)
    return out


def positions_given(args: list[str]) -> int:
    """How many times ``args`` (as :func:`positions_as_options` leaves them) give
    -p/--position: click would keep the last one and drop the others unsaid.

    >>> positions_given(["solve", "--position=-:0:AS", "-p", "x", "--deal", "1"])
    2
    """
    count = 0
    for i, arg in enumerate(args):
        if arg == "--":
            break
        after_p = i > 0 and args[i - 1] in ("-p", "--position")
        if not after_p and (arg in ("-p", "--position") or arg.startswith("--position=")
                            or arg.startswith("-p") and len(arg) > 2 and not arg.startswith("--")):
            count += 1
    return count


def _version(value: bool) -> None:
    if value:
        from .. import __version__
        from ..solvers import core

        try:
            which = core.name()
        except Exception as e:  # a bad FREECELL_CORE: say so, still give the version
            which = f"unavailable ({e})"
        typer.echo(f"freecell-cli {__version__} (search core: {which})")
        raise typer.Exit()


def _man(ctx: typer.Context, value: bool) -> None:
    if value:
        from .manpage import man_page

        typer.echo(man_page(ctx.command), nl=False)
        raise typer.Exit()


def _root(
    version: bool = typer.Option(False, "--version", help="Show the version and exit.", is_eager=True,
                                 callback=_version),
    man: bool = typer.Option(False, "--man", help="Print the manual page (roff) and exit: "
                             "freecell --man > ~/.local/share/man/man1/freecell.1", is_eager=True, callback=_man),
) -> None:
    """FreeCell deals, positions, moves and solutions.

    The rules are by default the site variant's, those of the FreeCell web site this
    toolkit was made for: a run of cards moves at once when it has at most
    2^(empty free cells) x (empty columns + 1) cards, not the textbook's
    (empty free cells + 1) x 2^(empty columns). Every command's --variant
    chooses others.
    """


def _quiet_on_closed_pipe(command: Callable[P, R]) -> Callable[P, R]:
    """The command, ending quietly with exit 0 when its reader goes away (``| head``):
    caught here, before Click would turn it into exit 1."""
    import functools

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except BrokenPipeError:
            _silence_stdout()
            raise typer.Exit(0) from None

    run.quiet_on_closed_pipe = True  # type: ignore[attr-defined]  # wrapped once, however often built
    return run


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with just ``only``."""
    app = typer.Typer(
        name="freecell",
        no_args_is_help=True,
        add_completion=True,  # --install-completion, --show-completion
        context_settings={"help_option_names": ["-h", "--help"]},
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    app.callback()(_root)
    for name, module in COMMANDS.items():
        if only is None or name == only:
            from .options import Command

            command = getattr(import_module(f".{module}", __name__), f"{module}_command")
            app.command(name, short_help=SUMMARIES.get(name), cls=Command)(_quiet_on_closed_pipe(command))
    for name, module in SUBAPPS.items():
        if only is None or name == only:
            sub = import_module(f".{module}", __name__).app
            for info in sub.registered_commands:  # a sub-app's commands end as quietly
                if info.callback is not None and not getattr(info.callback, "quiet_on_closed_pipe", False):
                    info.callback = _quiet_on_closed_pipe(info.callback)
            app.add_typer(sub, name=name,
                          short_help="Spider Solitaire (1, 2 or 4 suits): deal, show, move, verify, solve, play.")
    return app


def __getattr__(name: str) -> typer.Typer:
    if name == "app":  # the full app, for tests and embedding
        value = build_app()
        globals()["app"] = value
        return value
    raise AttributeError(f"module 'freecell_cli.cli' has no attribute {name!r}")


def main() -> None:
    """Run the command. Whatever happens, the user sees at most one line on stderr
    and an exit code from the README's table, never a traceback."""
    code = _guarded(_run)
    sys.exit(code)


def _run() -> int:
    # click's UsageError, by a public name in every typer (with its own click or click
    # itself): typer.BadParameter's base.
    usage_error: type[Any] = typer.BadParameter.__mro__[1]
    first = sys.argv[1] if len(sys.argv) > 1 else None
    command = typer.main.get_command(build_app(first if first in COMMANDS or first in SUBAPPS else None))
    args = sys.argv[1:]
    if first in POSITION_COMMANDS:
        args = positions_as_options(args)
    if (first in POSITION_COMMANDS and positions_given(args) > 1
            or first == "spider" and len(args) > 1 and args[1] in SPIDER_POSITION_COMMANDS
            and positions_given(args[1:]) > 1):
        from .output import ONE_POSITION

        sys.stderr.write(f"error: {ONE_POSITION}\n")
        return 2
    try:
        code: object = command.main(args=args, prog_name="freecell", standalone_mode=False)
    except SystemExit as e:
        # Click ends a closed pipe outside a command (--help | head -c 0) with exit 1,
        # having wrapped stdout so that it stays quiet: the reader went away, exit 0.
        if e.code == 1 and type(sys.stdout).__name__ == "PacifyFlushWrapper":
            _silence_stdout()
            return 0
        raise
    except usage_error as e:
        if type(e).__name__ == "NoArgsIsHelpError":  # a group given nothing (click 8.2): its help, on stderr
            sys.stderr.write(e.format_message() + "\n")
            return 2
        ctx = getattr(e, "ctx", None)
        where = ctx.command_path if ctx is not None else "freecell"
        # click escapes control characters in what it quotes, not U+202E and its kind
        sys.stderr.write(f"error: {cut_words(escape(e.format_message()))} (see '{where} --help')\n")
        return 2
    if sys.stdout is not None:
        sys.stdout.flush()  # a full disk or closed pipe shows up here, not at exit
    return code if isinstance(code, int) else 0


def _guarded(run: Callable[[], int]) -> int:
    """The last line of defence: library errors were mapped by the commands; what
    reaches here is the environment (closed pipe, full disk, Ctrl-C) or a bug."""
    import errno
    import os

    if sys.stdout is None:  # started with stdout closed (>&-): every write fails, as it would
        sys.stdout = _ClosedStream()
    if sys.stderr is None:  # stderr closed (2>&-): diagnostics go nowhere, the data still flows
        sys.stderr = open(os.devnull, "w")
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="backslashreplace")  # file names that are not UTF-8
    try:
        return run()
    except (BrokenPipeError, ConnectionResetError):
        _silence_stdout()
        return 0  # the reader has gone (| head): end quietly
    except KeyboardInterrupt:
        _say("interrupted")
        return 130
    except MemoryError:
        _say("error: out of memory")
        return 2
    except OSError as e:
        if e.errno == errno.EPIPE:
            _silence_stdout()
            return 0
        _silence_stdout()
        where = f" {escape(e.filename)}" if getattr(e, "filename", None) else ""  # a name from the command line
        _say(f"error: cannot write the output{where}: {escape(e.strerror or e)}")
        return 2
    except Exception as e:  # a bug: still one line, and the traceback on request
        if os.environ.get("FREECELL_DEBUG"):
            raise
        _say(f"error: internal error, please report it: {type(e).__name__}: {escape(e)}"
             " (FREECELL_DEBUG=1 shows the traceback)")  # escaped: the message may quote input
        return 2


class _ClosedStream:
    """Stands for a closed stdout: writing raises the OSError a closed descriptor gives."""

    def write(self, text: str) -> int:
        import errno

        raise OSError(errno.EBADF, "stdout is closed")

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    @property
    def buffer(self) -> _ClosedStream:
        return self


def _say(line: str) -> None:
    try:
        if sys.stderr is not None:
            sys.stderr.write(cut_words(line) + "\n")
            sys.stderr.flush()
    except OSError:
        pass


def _silence_stdout() -> None:
    from .output import silence_stdout

    silence_stdout()