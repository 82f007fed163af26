"""The ``freecell`` command: a thin typer layer over the library.

Each command lives in its own module and imports what it needs lazily, so that
``freecell deal 1`` starts fast in a pipe.
"""

from __future__ import annotations

import typer

from .analyze import analyze_command
from .autoplay import autoplay_command
from .deal import deal_command
from .move import move_command
from .play import play_command
from .show import show_command
from .solve import solve_command
from .verify import verify_command

app = typer.Typer(
    name="freecell",
    help="FreeCell deals, positions, moves and solutions — the site's rules by default.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _version(value: bool) -> None:
    if value:
        from .. import __version__

        typer.echo(f"freecell-cli {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", help="Show the version and exit.", is_eager=True,
                                 callback=_version),
) -> None:
    """FreeCell deals, positions, moves and solutions — the site's rules by default."""


app.command("deal")(deal_command)
app.command("show")(show_command)
app.command("move")(move_command)
app.command("autoplay")(autoplay_command)
app.command("solve")(solve_command)
app.command("verify")(verify_command)
app.command("analyze")(analyze_command)
app.command("play")(play_command)


def main() -> None:
    app()
