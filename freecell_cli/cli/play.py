"""freecell play: a game in the terminal."""

from __future__ import annotations

import sys
from typing import Annotated, Optional

import typer

from .common import (
    ColorMode,
    ColorOpt,
    DealOpt,
    PositionOpt,
    QuietOpt,
    VariantOpt,
    err,
    errors_to_exit,
    fail,
    is_terminal,
    note,
    read_position,
    setup,
)


def play_command(
    number: Annotated[Optional[str], typer.Argument(metavar="[N]", help="Deal number (with --daily: a date).")] = None,
    daily: Annotated[bool, typer.Option("--daily", help="The daily deal (today, UTC, or the date given).")] = False,
    random: Annotated[bool, typer.Option("--random", help="A random deal.")] = False,
    position_file: PositionOpt = None,
    deal: DealOpt = None,
    variant: VariantOpt = None,
    cells: Annotated[int, typer.Option(metavar="N", help="Number of free cells, 0..15.", min=0, max=15)] = 4,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Play FreeCell in the terminal; with no argument, resume the unfinished game.

    When stdin is not a terminal, commands are read line by line and the table is
    printed plain; a win prints `won deal N in M moves`.
    """
    from ..deals import parse_deal_number
    from ..game import Game
    from ..play import Session, daily_game, interactive_lines, load_game, new_random_game, save_path
    from ..variants import find_variant

    from ..play import check_save_place

    setup(quiet, color)
    if deal is not None:
        if number is not None:
            raise fail("give the deal as N or --deal N, not both")
        number = deal
    v = variant.value if variant else None
    with errors_to_exit():
        check_save_place(daily=False)
        check_save_place(daily=True)
        saved = load_game(daily=False, warn=err)  # a damaged save is moved aside, never overwritten
        if sum([daily, random, position_file is not None]) > 1:
            raise fail("choose one of N, --daily, --random, --position")
        if daily:
            game = daily_game(number, v, cells)
        elif random:
            game = new_random_game(v, cells)
        elif position_file is not None:
            position, _ = read_position(position_file)
            game = Game(position, find_variant(v or position.variant))
        elif number is not None:
            game = Game.new(parse_deal_number(number), v, cells)
        else:
            if saved is not None and not saved.position.is_won():
                game = saved
                note(f"resuming deal {game.deal} at move {game.moves}")
            else:
                game = new_random_game(v, cells)
    if saved is not None and game is not saved and saved.moves and not saved.position.is_won() \
            and game.daily is None:
        err(f"note: the unfinished {'deal ' + str(saved.deal) if saved.deal else 'game'} "
            f"({saved.moves} moves) is replaced; it was saved in {save_path(False)}")
    interactive = is_terminal(sys.stdin)
    session = Session(game, interactive)
    if interactive:
        lines = interactive_lines(session)
    elif sys.stdin is None:
        lines = iter(())
    else:  # a script: bytes that are not UTF-8 become U+FFFD, then a refused move
        import io

        lines = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    with errors_to_exit():
        session.run(lines)

