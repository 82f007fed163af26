"""freecell deal: print a numbered, daily or random deal."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .common import Format, VariantName, err, errors_to_exit, fail, write_position


def deal_command(
    number: Annotated[
        Optional[str],
        typer.Argument(help="Deal number 1..8,589,934,591 (with --daily: a date YYYY-MM-DD).",
                       show_default=False),
    ] = None,
    daily: Annotated[bool, typer.Option("--daily", help="The daily deal of a UTC date (default today).")] = False,
    random: Annotated[bool, typer.Option("--random", help="A random deal of 1..1,000,000.")] = False,
    seed: Annotated[Optional[str], typer.Option(help="Seed for --random (reproducible).")] = None,
    cells: Annotated[int, typer.Option(help="Number of free cells.", min=0, max=15)] = 4,
    variant: Annotated[Optional[VariantName], typer.Option(help="Record this variant in the position.")] = None,
    format: Annotated[Format, typer.Option("--format", "-f", help="Output format.")] = Format.compact,
) -> None:
    """Print a deal as a position (Microsoft / FreeCell Pro numbering)."""
    from ..deals import daily_number, deal, is_unsolvable, parse_date, parse_deal_number, random_number

    with errors_to_exit():
        if daily and random:
            raise fail("--daily and --random cannot be combined")
        if daily:
            day = parse_date(number)
            n = daily_number(day)
            err(f"daily deal {day.isoformat()}: {n}")
        elif random:
            if number is not None:
                raise fail("--random takes no deal number")
            n = random_number(seed)
            err(f"random deal: {n}")
        elif number is None:
            raise fail("give a deal number, --daily or --random")
        else:
            n = parse_deal_number(number)
        position = deal(n, cells=cells)
    if variant is not None:
        position.variant = variant.value
    if is_unsolvable(n):
        err(f"note: deal {n} is one of the 8 unsolvable deals of 1..1,000,000")
    write_position(position, format.value)
