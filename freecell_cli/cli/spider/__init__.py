"""freecell spider: Spider Solitaire (1, 2 or 4 suits) — deal, show, move, verify,
solve, play, replay. A typer sub-app, imported only when its commands run; one module per
command, as FreeCell's."""

from __future__ import annotations

from importlib import import_module

import typer

from ..options import Command

app = typer.Typer(
    name="spider",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    help="Spider Solitaire under MobilityWare's standard rules (1, 2 or 4 suits): deal, show, move, verify, "
         "solve, play, replay.",
)

# name: the summary `freecell spider --help` lists (None: the docstring's first line)
SUMMARIES = {
    "deal": None,
    "show": None,
    "move": None,
    "verify": "Check Spider solution files: legal, and won?",
    "solve": "Find a winning line (the solver sees every card).",
    "play": "Play Spider in the terminal (resumes the saved game).",
    "replay": "Watch a Spider solution step by step, or make an HTML page of it.",
}

for _name, _summary in SUMMARIES.items():
    _module = import_module(f".{_name}", __name__)
    app.command(_name, short_help=_summary, help=getattr(_module, "HELP", None), cls=Command)(
        getattr(_module, f"{_name}_command"))
