"""The ``freecell`` command: a thin typer layer over the library.

Each command lives in its own module. Only the module of the command being run
is imported (typer reads every registered command's signature at start-up), so
``freecell deal 1`` starts fast in a pipe.
"""

from __future__ import annotations

import sys
from importlib import import_module

import typer

COMMANDS = {
    "deal": "deal",
    "show": "show",
    "move": "move",
    "autoplay": "autoplay",
    "solve": "solve",
    "verify": "verify",
    "analyze": "analyze",
    "play": "play",
}
# Sub-apps (a second game): imported only when their name is the first argument.
SUBAPPS = {"spider": "spider"}


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"freecell-cli {__version__}")
        raise typer.Exit()


def _root(
    version: bool = typer.Option(False, "--version", help="Show the version and exit.", is_eager=True,
                                 callback=_version),
) -> None:
    """FreeCell deals, positions, moves and solutions — the site's rules by default."""


def build_app(only: str | None = None) -> typer.Typer:
    """The typer app with every command, or with just ``only``."""
    app = typer.Typer(
        name="freecell",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    app.callback()(_root)
    for name, module in COMMANDS.items():
        if only is None or name == only:
            command = getattr(import_module(f".{module}", __name__), f"{module}_command")
            app.command(name)(command)
    for name, module in SUBAPPS.items():
        if only is None or name == only:
            app.add_typer(import_module(f".{module}", __name__).app, name=name)
    return app


def __getattr__(name: str):
    if name == "app":  # the full app, for tests and embedding
        value = build_app()
        globals()["app"] = value
        return value
    raise AttributeError(f"module 'freecell_cli.cli' has no attribute {name!r}")


def main() -> None:
    """Run the command; a usage error is one line on stderr and exit 2."""
    try:
        from typer._click.exceptions import NoArgsIsHelpError, UsageError
    except ImportError:  # typer versions that use click itself
        from click.exceptions import UsageError

        NoArgsIsHelpError = ()  # noqa: N806
    first = sys.argv[1] if len(sys.argv) > 1 else None
    command = typer.main.get_command(build_app(first if first in COMMANDS or first in SUBAPPS else None))
    try:
        code = command.main(args=sys.argv[1:], prog_name="freecell", standalone_mode=False)
    except NoArgsIsHelpError as e:
        sys.stderr.write(e.format_message() + "\n")
        sys.exit(2)
    except UsageError as e:
        where = e.ctx.command_path if e.ctx is not None else "freecell"
        sys.stderr.write(f"error: {e.format_message()} (see '{where} --help')\n")
        sys.exit(2)
    sys.exit(code if isinstance(code, int) else 0)
