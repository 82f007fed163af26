"""freecell deal: print a numbered, daily or random deal."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from .checks import check_json_format, check_output, requires
from .options import DealCellsOpt, DealGameOpt, DealVariantOpt, Format, command, output, seed_number
from .output import Settings, errors_to_exit, fail, write_position


@command(output())
def deal_command(
    number: Annotated[
        Optional[str],
        typer.Argument(metavar="[N]", help="Deal number 1..8,589,934,591 (with --daily: a date YYYY-MM-DD; "
                       "with a family --game, PySolFC's number, or ms N for Microsoft's).", show_default=False),
    ] = None,
    daily: Annotated[bool, typer.Option("--daily", help="The daily deal of a UTC date (default today).")] = False,
    random: Annotated[bool, typer.Option("--random", help="A random deal of 1..1,000,000.")] = False,
    seed: Annotated[Optional[str], typer.Option(metavar="SEED", help="Seed for --random (reproducible; a whole number).", parser=seed_number)] = None,
    cells: DealCellsOpt = None,
    variant: DealVariantOpt = None,
    game: DealGameOpt = None,
    format: Annotated[Optional[Format], typer.Option("--format", "-f", metavar="FORMAT",
                                                     help="Output format: compact (one line, the default), fcs (Freecell Solver's board), json.")
                      ] = None,
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Print a deal as a position (Microsoft / FreeCell Pro numbering; a family game's:
    PySolFC's), or the daily or a random one."""
    from ..deals import daily_number, deal, is_unsolvable, parse_date, parse_game_deal, random_number, unnumbered_note
    from .inputs import check_family_options

    check_json_format(json, format)
    requires("--seed" if seed is not None else None, "--random", random)
    check_output(output)
    named = None if game is None else str(game.value)
    check_family_options(named, cells, variant)
    microsoft = False
    notes = []  # said after the deal: a reader gone (| head) ends the command before them
    with errors_to_exit():
        if daily and random:
            raise fail("--daily and --random cannot be combined")
        if daily:
            day = parse_date(number)
            n = daily_number(day)
            notes.append(f"daily deal {day.isoformat()}: {n}")
        elif random:
            if number is not None:
                raise fail("--random takes no deal number")
            n = random_number(seed)
            notes.append(f"random deal: {n}")
        elif number is None:
            raise fail("give a deal number, --daily or --random")
        else:
            n, microsoft = parse_game_deal(number, named)
        position = deal(n, cells=cells, game=named, microsoft=microsoft)
    if variant is not None:
        position.variant = variant.value
    unnumbered = unnumbered_note(n, microsoft, named)
    if unnumbered:
        notes.append(unnumbered)
    if position.game is None and is_unsolvable(n):
        notes.append(f"note: deal {n} is one of the 8 unsolvable deals of 1..1,000,000")
    write_position(position, "json" if json else format.value if format else "compact", output)
    for line in notes:
        settings.note(line)
