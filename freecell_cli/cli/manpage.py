"""The manual page, ``freecell(1)``, written in roff from the commands' own help:
every command and sub-command with its usage line, its help text and its options
as ``--help`` shows them, then the exit codes, the environment and the files.
``freecell --man`` prints it; the package installs it as
``share/man/man1/freecell.1`` (``man/freecell.1`` in the source tree, which
``make man`` writes and a test holds equal to this output).

>>> import typer
>>> from freecell_cli.cli import build_app
>>> page = man_page(typer.main.get_command(build_app()))
>>> page.splitlines()[0].startswith('.TH FREECELL 1 "" "freecell-cli')
True
>>> '.SS "freecell spider solve"' in page
True
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

# What every command shares, said once at the end of the page (README, "Exit codes").
EXIT_STATUS = [
    ("0", "Success, or a positive verdict (solved, valid)."),
    ("1", "A negative verdict: an illegal move, an invalid solution, proven unsolvable."),
    ("2", "A usage error or malformed input: one line on stderr, error: ..., naming the file, line or field."),
    ("3", "Gave up: a limit (--time-limit, --max-states, a search's cap on stored positions) was reached "
          "before a verdict."),
    ("130", "Interrupted (Ctrl-C)."),
]
ENVIRONMENT = [
    ("XDG_DATA_HOME", "Where the games are saved: $XDG_DATA_HOME/freecell/ (default ~/.local/share/freecell/)."),
    ("NO_COLOR, FORCE_COLOR", "No colour, or colour even where stdout is not a terminal (as --color never, always)."),
    ("FREECELL_CORE", "compiled or python: the search core to use (freecell --version names the one in use)."),
    ("FREECELL_DEBUG", "Set to 1: an internal error shows its Python traceback."),
]
EXAMPLES = [
    ("Deal 617, play two moves, draw the table:", "freecell deal 617 | freecell move 5a 82 | freecell show"),
    ("Solve it and check the solution:", "freecell deal 617 | freecell solve > 617.sol && freecell verify 617.sol"),
    ("Solve deals 1 to 100 into a resumable results file, then draw it:",
     "freecell analyze 1-100 --out a.jsonl\nfreecell analyze --summary a.jsonl --plot a.svg"),
    ("Play in the terminal:", "freecell play 617"),
]
FILES = [
    ("$XDG_DATA_HOME/freecell/game.json, daily.json, spider.json",
     "The saved games that play and spider play resume; an unfinished game a new one replaces is kept beside "
     "them (game.json.deal-617, ...)."),
]


def man_page(command: Any) -> str:
    """The page for the click command tree of ``freecell`` (the root's, which
    hands it down: this module stands below the app)."""
    from .. import __version__

    root = command.context_class(command, info_name="freecell", **command.context_settings)
    out = [f'.TH FREECELL 1 "" "freecell-cli {__version__}" "User Commands"',
           ".nh", ".ad l",  # no hyphens inside option names and paths; a ragged right edge
           ".SH NAME", r"freecell \- " + _text(_first_sentence(command.help or "")),
           ".SH SYNOPSIS", r".B freecell", _text("[OPTIONS] COMMAND [ARGS]..."),
           ".SH DESCRIPTION", *_paragraphs(command.help or ""),
           ".PP", _text("Every command reads and writes a one-line position, so positions flow through pipes. "
                        "Data goes to stdout, diagnostics to stderr; - means stdin. Each command's options "
                        "follow; freecell COMMAND --help lists them on the terminal."),
           ".SH OPTIONS", *_options(command, root),
           ".SH COMMANDS"]
    for path, sub, ctx in _commands(command, root, "freecell"):
        out += [f'.SS "{_text(path)}"', rf".B {_text(path)}",
                _text(" ".join(sub.collect_usage_pieces(ctx))), *_paragraphs(sub.help or sub.short_help or ""),
                *_options(sub, ctx)]
    out += [".SH EXIT STATUS", *_items(EXIT_STATUS), ".SH ENVIRONMENT", *_items(ENVIRONMENT),
            ".SH FILES", *_items(FILES), ".SH EXAMPLES"]
    for said, commands in EXAMPLES:
        out += [".PP", _text(said), ".RS", ".nf", *(_text(c) for c in commands.split("\n")), ".fi", ".RE"]
    out += [".SH SEE ALSO", _text("fc-solve(6); the README of freecell-cli, and its docs/scripting.md.")]
    return "\n".join(out) + "\n"


def _commands(group: Any, ctx: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    """(``freecell deal``, command, its context) for every visible command, the
    sub-commands of a group after it, in the order --help lists them."""
    for name in group.list_commands(ctx):
        sub = group.get_command(ctx, name)
        if sub is None or sub.hidden:
            continue
        sub_ctx = sub.context_class(sub, info_name=name, parent=ctx, **sub.context_settings)
        yield f"{path} {name}", sub, sub_ctx
        if hasattr(sub, "list_commands"):
            yield from _commands(sub, sub_ctx, f"{path} {name}")


def _options(command: Any, ctx: Any) -> list[str]:
    """A tagged paragraph per argument and option, as --help gives them."""
    out = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        names, help_text = record
        out += [".TP", _names(names), _text(" ".join(help_text.split()))]
    return out


def _names(names: str) -> str:
    """``-o, --output FILE`` as bold names and an italic metavar."""
    pieces = []
    for piece in names.split(", "):
        if piece.startswith("-"):
            name, _, metavar = piece.partition(" ")
            pieces.append(rf"\fB{_text(name)}\fR" + (rf" \fI{_text(metavar)}\fR" if metavar else ""))
        else:  # an argument: POSITION, [N], MOVE...
            pieces.append(rf"\fI{_text(piece)}\fR")
    return ", ".join(pieces)


def _items(items: list[tuple[str, str]]) -> list[str]:
    out = []
    for tag, text in items:
        out += [".TP", rf"\fB{_text(tag)}\fR", _text(text)]
    return out


def _paragraphs(help_text: str) -> list[str]:
    """Click's help text in paragraphs (a blank line between two), each filled by
    the formatter; a paragraph click keeps as written (``\\b``) stays so."""
    out = []
    for block in re.split(r"\n\s*\n", help_text.strip()):
        if not block.strip():
            continue
        if block.startswith("\b"):
            out += [".PP", ".nf", *(_text(line) for line in block[1:].strip("\n").splitlines()), ".fi"]
        else:
            out += [".PP", _text(" ".join(block.split()))]
    return out


def _first_sentence(text: str) -> str:
    return " ".join(text.strip().split("\n\n")[0].split())


def _text(text: str) -> str:
    """Text as roff reads it literally: backslashes and hyphen-minus escaped, no
    control character at a line's start, anything beyond ASCII by its code point."""
    text = text.replace("\\", r"\e").replace("-", r"\-").replace("\t", " ")
    text = "".join(ch if ch.isascii() and (ch.isprintable() or ch == "\n") else rf"\[u{ord(ch):04X}]"
                   for ch in text)
    return rf"\&{text}" if text.startswith((".", "'")) else text
