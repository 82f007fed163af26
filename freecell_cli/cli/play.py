"""freecell play: a game in the terminal."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Optional, TypeVar

import typer

from .checks import given
from .inputs import bare_position, play_lines, read_position
from .options import DealOpt, GameOpt, PositionOpt, VariantOpt, command, whole_number
from .output import ONE_POSITION, Settings, err, errors_to_exit, fail, is_terminal

if TYPE_CHECKING:
    from pathlib import Path

    from ..game import Game
    from ..keyboard import KeyBoard

G = TypeVar("G")

# play's and spider play's options: how the game is shown, and a saved game to go on with
LinesOpt = Annotated[bool, typer.Option("--lines", help="Line by line (a prompt) even on a terminal.")]
PlainPlayOpt = Annotated[bool, typer.Option(
    "--plain", help="ASCII cards, no colour, as show --plain draws them: line by line, since the full-screen "
                    "game draws suit symbols.")]
ResumeOpt = Annotated[Optional[str], typer.Option(
    "--resume", metavar="FILE", show_default=False,
    help="Go on with the saved game in FILE (one kept aside when a new deal took the save, or another "
         "player's); it is saved where play keeps its game from then on.")]


@command()
def play_command(
    ctx: typer.Context,
    number: Annotated[Optional[str], typer.Argument(metavar="[N]", help="Deal number (with --daily: a date), or a compact position to play.")] = None,
    daily: Annotated[bool, typer.Option("--daily", help="The daily deal (today, UTC, or the date given).")] = False,
    random: Annotated[bool, typer.Option("--random", help="A random deal.")] = False,
    position_file: PositionOpt = None,
    deal: DealOpt = None,
    variant: VariantOpt = None,
    cells: Annotated[int, typer.Option(metavar="N", help="Number of free cells, 0..15.", parser=whole_number(0, 15))] = 4,
    kind: GameOpt = None,
    resume: ResumeOpt = None,
    lines: LinesOpt = False,
    plain: PlainPlayOpt = False,
    settings: Settings = Settings(),
) -> None:
    """Play FreeCell in the terminal, or a game of its family (--game); with no
    argument, resume the unfinished game.

    On a terminal: a full-screen game played with the keys (arrows, Tab and
    Shift-Tab between the top row and the columns, Enter, Esc; a place's key,
    1-8 or a-d, goes there or drops what is held there, h home; U undo, R redo, H hint,
    F auto-complete, N new deal, S restart, Q quit, ? help; a move typed in
    notation, 5a or 82, is played; on a family game's table the keys name its
    places: 0 the tenth column, a-i Eight Off's free cells, f alone its free
    cell f and Shift-F auto-complete). With --lines, or
    when stdin is not a terminal, commands are read line by line (moves such as
    5a 82, u undo, r redo, h hint, a auto-collect, restart, new [N], daily,
    save FILE, show, help, q); from a pipe the table is printed plain and a win
    prints `won deal N in M moves`. --plain draws the cards in ASCII (line by
    line too: the full-screen game draws suit symbols). --resume FILE goes on
    with a saved game: one kept aside when a new deal took the save (the note
    says where: game.json.deal-617), or one another player sent. --game NAME
    plays deal N of that game (PySolFC's numbers, ms617 Microsoft's) under its
    rules and on its table, and is saved with it; the daily deal is FreeCell's.
    """
    from ..deals import parse_game_deal, unnumbered_note
    from ..files import display_name
    from ..game import Game
    from ..games import find_game
    from ..play import Session, check_save_place, daily_game, game_name, interactive_lines, load_game
    from ..play import new_random_game, saved_note
    from ..saves import lock_saves
    from ..variants import find_variant
    from .inputs import check_family_options

    if number is not None and not daily and bare_position(number):  # a compact position, not a deal number
        if position_file is not None or deal is not None:
            raise fail(ONE_POSITION)
        position_file, number = number, None
    if deal is not None:
        if number is not None:
            raise fail("give the deal as N or --deal N, not both")
        number = deal
    v = variant.value if variant else None
    asked = kind.value if kind else None  # --game: the saved game's, or the position's, unless given
    new_cells = cells if given(ctx, "cells") else None
    with errors_to_exit():
        check_save_place(daily=False)
        check_save_place(daily=True)
        ctx.call_on_close(lock_saves().release)  # one session at a time on the saves
        saved = load_game(daily=False, warn=err)  # a damaged save is moved aside, never overwritten
        if sum([daily, random, position_file is not None, number is not None and not daily,
                resume is not None]) > 1:
            raise fail("choose one of N, --daily, --random, --position, --resume")
        check_family_options(asked, new_cells, variant)  # a family game's table and rules are its own
        family = find_game(asked).family
        if daily and family:
            raise fail(f"the daily deal is FreeCell's: --daily goes without --game {asked}")
        if resume is not None:
            game = read_game(resume)
            refuse_other_settings(game, "--resume FILE", new_cells, v, asked)
            if game.position.is_won():
                raise fail(f"{display_name(resume)}: {saved_note(game)}: nothing to resume "
                           "(`freecell verify FILE` checks it)")
        elif daily:
            game = daily_game(number, v, cells)
        elif random:
            game = new_random_game(v, cells, asked)
        elif position_file is not None:
            position, _ = read_position(position_file, asked)
            check_family_options(position.game, new_cells, variant)  # (a family position, read as it says)
            if new_cells is not None:  # as every other command: --cells sets the position's free cells
                from ..verify import with_cells

                position = with_cells(position, cells)
            rules = position.rules() if position.game is not None else find_variant(v or position.variant)
            game = Game(position, rules)
        elif number is not None:
            n, microsoft = parse_game_deal(number, asked)
            game = Game.new(n, v, None if family else cells, game=asked, microsoft=microsoft)
            unnumbered = unnumbered_note(n, microsoft, asked)
            if unnumbered:
                settings.note(unnumbered)
        else:
            if saved is not None and not saved.position.is_won():
                refuse_other_settings(saved, "the saved game", new_cells, v, asked)
                game = saved
                settings.note(f"resuming {game_name(game)} at move {game.moves}")
            else:
                game = new_random_game(v, cells, asked)
                settings.note(f"{'the last game was won' if saved is not None else 'no saved game'}: "
                    f"playing {game_name(game)}, chosen at random")
        if random:
            settings.note(f"playing {game_name(game)}, chosen at random")
    if game is not saved:  # the new game takes its save file now; an unfinished one there is kept aside
        from ..play import save_path, take_save

        with errors_to_exit():
            take_save(game, err)
        if resume is not None:
            settings.note(resumed_note(resume, save_path(game.daily is not None), f"{game_name(game)} at move {game.moves}"))
    interactive = is_terminal(sys.stdin)
    if wants_screen(interactive, lines or plain):
        from ..board import Board
        from ..play import kept_where, save_game

        board = Board(game, save=save_game, new_game=screen_new_game(v, lambda text, tone: board.say(text, tone)),
                      kept_where=kept_where)
        with errors_to_exit():
            shown = play_on_screen(board, save_game, _farewell)
        if shown:
            raise typer.Exit(130 if shown == "interrupted" else 0)  # Ctrl-C: saved, and said so
    session = Session(game, interactive, plain=plain)
    play_lines(session, lambda: interactive_lines(session))
    if not session.game.position.is_won():  # as the full-screen game's last line: where the game is kept
        settings.note(saved_note(session.game))


def refuse_other_settings(game: Game, what: str, cells: int | None, variant: str | None,
                          kind: str | None = None) -> None:
    """Refuse --cells, --variant and --game that differ from those of ``game``, a
    game resumed (``what`` says which): it would go on without them."""
    from ..games import find_game
    from ..play import game_name

    differ = []
    if kind is not None and find_game(kind) is not game.kind:
        differ.append(f"--game {kind}")
    if cells is not None and cells != len(game.start.cells):
        differ.append(f"--cells {cells}")
    if variant is not None and variant != game.variant.name:
        differ.append(f"--variant {variant}")
    if differ:  # they would be ignored by the resumed game: say so, and how to start anew
        how = (f"a game of {game.kind.title}" if game.kind.family else
               f"played with {len(game.start.cells)} free cells under {game.variant.name}")
        new = "N or --random" if find_game(kind).family else "N, --daily or --random"  # the daily deal: FreeCell's
        raise fail(f"{' and '.join(differ)}: {what} ({game_name(game)}) is {how}; give {new} to start a "
                   "new game with them")


def read_game(source: str) -> Game:
    """The game of a save file a player names (--resume FILE)."""
    from ..game import Game
    from ..saves import read_save_file

    return read_save_file(source, Game.from_dict, "freecell-cli-game",
                          ("freecell-cli-spider-game", "a saved Spider game", "freecell spider play"))


def resumed_note(source: str, save: Path, what: str) -> str:
    """What --resume FILE says once the game is saved in ``save``: where it is kept
    from now on (a copy kept aside beside it is removed: the game is in one place)."""
    from ..files import display_name
    from ..saves import settle_resumed

    if settle_resumed(source, save):
        return f"resuming {what}: {display_name(source)} is back in {display_name(save)}"
    if os.path.realpath(source) == os.path.realpath(save):
        return f"resuming {what}"
    return f"resuming {what} from {display_name(source)}, saved in {display_name(save)} from now on " \
           "(the file is left as it was)"


def wants_screen(interactive: bool, lines: bool) -> bool:
    """Whether a play command opens its full-screen game: stdin and stdout a
    terminal that can draw one, and no --lines (or --plain)."""
    return interactive and not lines and is_terminal(sys.stdout) and os.environ.get("TERM") != "dumb"


def _farewell(g: Game, interrupted: bool) -> str:
    from ..play import saved_note

    if g.position.is_won():
        from ..text import clock

        name = f"deal {g.deal}" if g.deal is not None else "the position"
        return f"won {name} in {g.moves} moves, time {clock(g.elapsed)}"
    return ("interrupted: " if interrupted else "") + saved_note(g)


def play_on_screen(board: KeyBoard[Any, Any, Any, Any], save: Callable[[Any], None],
                   farewell: Callable[[Any, bool], str]) -> bool | str:
    """The full-screen game of ``board`` (FreeCell's or Spider's); False when the
    screen library is missing (then the game goes on line by line). At the end the
    game is saved (``save``) and ``farewell`` (the game, whether Ctrl-C left it)
    gives the last line on stderr."""
    board.pause_clock()  # the screen takes a moment to start: not the player's time
    try:
        from ..screen import run_screen
    except ImportError as e:
        board.resume_clock()
        err(f"note: the game screen needs textual ({e}); playing line by line")
        return False
    interrupted = run_screen(board)
    save(board.game)
    err(farewell(board.game, interrupted))
    return "interrupted" if interrupted else True


def screen_new_game(variant: str | None, say: Callable[[str, str], None]) -> Callable[[Game], Game]:
    """What the game screen's N key does: a random deal that takes the save file
    (:func:`~freecell_cli.play.leave_for`: an unfinished game is kept aside, and
    ``say`` tells where). A new game that cannot be saved moves nothing: ``say``
    tells why, and the game in progress goes on."""
    from ..play import another_deal, leave_for, new_random_game

    def make(old: Game) -> Game:  # the game's own kind of deal: a family game's, or FreeCell's under --variant
        if variant is None or old.kind.family:
            return another_deal(old)
        return new_random_game(variant, len(old.start.cells))

    return new_deal_key(make, leave_for, say)


def new_deal_key(make: Callable[[G], G], leave_for: Callable[[G, G, Callable[[str], object]], G],
                 say: Callable[[str, str], None]) -> Callable[[G], G]:
    """The N key of a game screen, either game's: ``make`` a new game from the one in
    progress, and ``leave_for`` it (the old one saved, the new one taking the save
    file; where an unfinished game is kept is said with ``say``). When that fails
    (a save that cannot be written), ``say`` tells why and the old game goes on."""
    from ..errors import FreecellError, FreecellRuntimeError

    def new_game(old: G) -> G:
        new = make(old)
        try:
            return leave_for(old, new, lambda line: say(line.removeprefix("note: "), "info"))
        except (FreecellError, FreecellRuntimeError) as e:
            say(f"no new deal: {e}", "error")
            return old

    return new_game
