"""freecell spider deal: print a Spider deal (numbered, random or winnable)."""

from __future__ import annotations

from typing import Annotated, Optional

import typer

from ..checks import check_json_format, check_output, refuse_together, requires
from ..options import command, output, seed_number
from ..output import EXIT_NEGATIVE, Settings, err, errors_to_exit, fail
from .options import SpiderFormat, Suits, SuitsOpt
from .positions import write_position


@command(output())
def deal_command(
    number: Annotated[Optional[str], typer.Argument(metavar="[N]", help="Deal number 1..10^19-1 (PySolFC's numbering).",
                                                    show_default=False)] = None,
    suits: SuitsOpt = Suits.four,
    random: Annotated[bool, typer.Option("--random", help="A random deal of 1..1,000,000.")] = False,
    seed: Annotated[Optional[str], typer.Option(metavar="SEED", help="Seed for --random or --winnable (reproducible; a whole number).", parser=seed_number)] = None,
    winnable: Annotated[bool, typer.Option("--winnable", help="Only a deal our solver has solved (random among them unless N is given).")] = False,
    format: Annotated[Optional[SpiderFormat], typer.Option("--format", "-f", metavar="FORMAT", help="Output format: compact (the default) or json.")] = None,
    json: bool = False,
    output: str | None = None,
    settings: Settings = Settings(),
) -> None:
    """Print a Spider deal as a position."""
    import random as _random

    from ...spider.deals import deal, parse_deal_number, random_number
    from ...spider.winnable import WINNABLE

    check_json_format(json, format)
    requires("--seed" if seed is not None else None, "--random or --winnable", random or winnable)
    refuse_together("N" if number is not None else None, "--seed" if seed is not None else None,
                    why="--seed picks a random deal")
    check_output(output)
    s = int(suits.value)
    said = None  # said after the deal: a reader gone (| head) ends the command before it
    with errors_to_exit():
        if number is not None and random:
            raise fail("--random takes no deal number")
        if winnable:
            pool = WINNABLE[s]
            if number is not None:
                n = parse_deal_number(number)
                if n not in pool:
                    err(f"deal {n} is not among the {len(pool)} {s}-suit deals our solver has solved")
                    raise typer.Exit(EXIT_NEGATIVE)
            else:
                n = _random.Random(seed).choice(sorted(pool))
                said = f"winnable deal: {n}"
        elif random:
            n = random_number(seed)
            said = f"random deal: {n}"
        elif number is None:
            raise fail("give a deal number, --random or --winnable")
        else:
            n = parse_deal_number(number)
        position = deal(n, s)
    write_position(position, "json" if json else (format or SpiderFormat.compact).value, output)
    if said is not None:
        settings.note(said)
