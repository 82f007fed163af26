"""Checks of the options a command was given, before any work: options that
cannot be honoured together, one that needs another, an -o FILE that could not
be written, a time limit. Each refusal is one usage line and exit 2."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

import typer

from .output import errors_to_exit, fail


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


def check_output(path: str | None, reads: Iterable[str | None] = (), writes: str = "") -> None:
    """Fail now, before any long work, when ``path`` could not be written, or
    when it is one of the files the command reads (``reads``; ``-`` is stdin,
    which may be a file too: ``< file``; None stands for none): what it ``writes`` there
    is another kind of file, which would take the input's place. (move and
    autoplay write a position over its position: they give none.)"""
    from ..files import OutputError, check_output_path, display_name

    if path is not None:
        try:
            check_output_path(path)
        except OutputError as e:  # an -o FILE: the way out is the option's to say
            hint = " (leave the option out to write to stdout)" if str(e).endswith("not a regular file") else ""
            raise fail(f"{e}{hint}") from None
        if any(_same_file(path, source) for source in reads):
            raise fail(f"{display_name(path)} is a file this command reads: {writes} written there "
                       "would take its place (write to another file)")


def position_sources(argument: str | None, option: str | None, deal: str | None) -> tuple[str | None, ...]:
    """The file a command's position is read from, as :func:`check_output` takes
    it: the argument or -p (a file, or ``-``; a position given inline names no
    file), stdin when nothing names one, none for --deal."""
    if deal is not None:
        return ()
    return (argument, option) if argument or option else ("-",)


def _same_file(path: str, source: str | None) -> bool:
    """Whether ``path`` is the file ``source`` names (a link or another spelling
    of it too; ``-``: the file stdin reads, if it reads one; None: nothing)."""
    import os
    import sys

    if source is None:
        return False
    try:
        if source == "-":
            return sys.stdin is not None and os.path.samestat(os.fstat(sys.stdin.fileno()), os.stat(path))
        return os.path.samefile(path, source)
    except (OSError, ValueError, AttributeError):  # no such file (a new output, a position given inline)
        return False


def seconds_limit(value: float | None) -> float | None:
    """A time limit in seconds (read by :data:`seconds_number`): 0 means none."""
    from ..checks import seconds

    if value is None:
        return None
    with errors_to_exit():
        return seconds(value, "--time-limit")
