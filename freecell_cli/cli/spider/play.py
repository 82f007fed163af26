"""freecell spider play: a game of Spider in the terminal."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ...text import plural
from ..checks import refuse_together
from ..inputs import play_lines
from ..options import command
from ..play import LinesOpt, PlainPlayOpt, ResumeOpt, new_deal_key, play_on_screen, resumed_note, wants_screen
from ..output import ONE_POSITION, Settings, err, errors_to_exit, fail, is_terminal
from .options import DealSuitsOpt, SpiderPositionOpt, UnrestrictedOpt
from .positions import read_position

if TYPE_CHECKING:
    from ...spider.play import Game


@command()
def play_command(
    ctx: typer.Context,
    number: Annotated[Optional[str], typer.Argument(metavar="[N]", help="Deal number.")] = None,
    deal_option: Annotated[Optional[str], typer.Option(
        "--deal", metavar="N", show_default=False, help="Play Spider deal N (as N).")] = None,
    suits: DealSuitsOpt = None,
    random: Annotated[bool, typer.Option("--random", help="A random deal.")] = False,
    position_file: SpiderPositionOpt = None,
    unrestricted: UnrestrictedOpt = False,
    resume: ResumeOpt = None,
    lines: LinesOpt = False,
    plain: PlainPlayOpt = False,
    settings: Settings = Settings(),
) -> None:
    """Play Spider in the terminal; with no argument, resume the unfinished game.

    On a terminal: a full-screen game played with the keys (arrows, Enter/Space
    pick up and drop, Esc; D deal, U undo, R redo, H hint, N new deal, S restart,
    Q quit, ? help; 38 or 30v2 typed play that move). With --lines, or when stdin
    is not a terminal, commands are read line by line (38, 30v2, d deal, u undo, r
    redo, h hint, restart, new [N], save FILE, show, help, q); from a pipe the
    table is printed plain and a win prints `won deal N in M moves`. --plain
    draws the cards in ASCII (line by line too). --resume FILE goes on with a
    saved game: one kept aside when a new deal took the save (the note says
    where: spider.json.deal-5), or one another player sent.
    """
    from ...spider.deals import deal, parse_deal_number
    from ...files import display_name
    from ...spider.play import Game, Session, interactive_lines, load_game, new_random_game, saved_note

    if deal_option is not None:  # the conflicts of FreeCell's play --deal and of spider show --deal
        if number is not None:
            raise fail("give the deal as N or --deal N, not both")
        if position_file is not None:
            raise fail(ONE_POSITION)
        number = deal_option
    s = int(suits.value) if suits else 4
    with errors_to_exit():
        if sum([random, position_file is not None, number is not None, resume is not None]) > 1:
            raise fail("choose one of N, --random, --position, --resume")
        if position_file is not None:
            refuse_together("-p/--position", "--suits" if suits is not None else None, why="the position has its suits")
        from ...saves import lock_saves
        from ...spider.play import check_save_place

        check_save_place()  # as FreeCell's play: a place that cannot take the save is said now
        ctx.call_on_close(lock_saves("spider").release)  # one session at a time on spider.json
        saved = load_game(warn=err)  # a damaged save is moved aside, never overwritten
        if resume is not None:
            game = read_game(resume)
            refuse_other_settings(game, "--resume FILE", s if suits is not None else None, unrestricted)
            if game.position.is_won():
                raise fail(f"{display_name(resume)}: {saved_note(game)}: nothing to resume "
                           "(`freecell spider verify FILE` checks it)")
        elif random:
            game = new_random_game(s, unrestricted=unrestricted)
            settings.note(f"playing deal {game.start.deal}, chosen at random")  # as FreeCell's play
        elif position_file is not None:
            game = Game(read_position(None, position_file)[0], unrestricted)
        elif number is not None:
            game = Game(deal(parse_deal_number(number), s), unrestricted)
        else:
            if saved is not None and not saved.position.is_won():
                refuse_other_settings(saved, "the saved game", s if suits is not None else None, unrestricted)
                game = saved
                settings.note(f"resuming {_name(game)} at move {game.position.moves}")
            else:
                game = new_random_game(s, unrestricted=unrestricted)
                settings.note(f"{'the last game was won' if saved is not None else 'no saved game'}: "
                     f"playing deal {game.start.deal}, chosen at random")
    if game is not saved:  # the new game takes spider.json now; an unfinished one there is kept aside
        from ...spider.play import save_path, take_save

        with errors_to_exit():
            take_save(game, err)
        if resume is not None:
            settings.note(resumed_note(resume, save_path(), f"{_name(game)} at move {game.position.moves}"))
    interactive = is_terminal(sys.stdin)
    if wants_screen(interactive, lines or plain):  # as FreeCell's play
        from ...spider.board import Board
        from ...spider.play import kept_where, leave_for, save_game

        board = Board(game, save=save_game, new_game=new_deal_key(
            lambda old: new_random_game(old.start.suits, unrestricted=old.unrestricted), leave_for,
            lambda text, tone: board.say(text, tone)), kept_where=kept_where)
        with errors_to_exit():
            shown = play_on_screen(board, save_game, _farewell)
        if shown:
            raise typer.Exit(130 if shown == "interrupted" else 0)  # Ctrl-C: saved, and said so
    session = Session(game, interactive, plain=plain)
    play_lines(session, lambda: interactive_lines(session))  # as FreeCell's play
    if not session.game.position.is_won():  # as the full-screen game's last line: where the game is kept
        settings.note(saved_note(session.game))


def _name(game: Game) -> str:
    return f"deal {game.start.deal}" if game.start.deal is not None else "a game"


def refuse_other_settings(game: Game, what: str, suits: int | None, unrestricted: bool) -> None:
    """Refuse --suits and --unrestricted-deal that differ from those of ``game``, a
    game resumed (``what`` says which), as FreeCell's play refuses --cells."""
    differ = []
    if suits is not None and suits != game.start.suits:
        differ.append(f"--suits {suits}")
    if unrestricted and not game.unrestricted:
        differ.append("--unrestricted-deal")
    if differ:
        rule = " and no deal while a column is empty" if unrestricted and not game.unrestricted else ""
        raise fail(f"{' and '.join(differ)}: {what} is played with "
                   f"{plural(game.start.suits, 'suit')}{rule}; give N or --random to start a "
                   "new game with them")


def read_game(source: str) -> Game:
    """The game of a save file a player names (--resume FILE), as FreeCell's play."""
    from ...saves import read_save_file
    from ...spider.play import Game

    return read_save_file(source, Game.from_dict, "freecell-cli-spider-game", ("freecell-cli-game", "a saved FreeCell game", "freecell play"))


def _farewell(game: Game, interrupted: bool) -> str:
    """The last line of a full-screen game, as FreeCell's."""
    from ...spider.play import saved_note

    if game.position.is_won():
        name = f"deal {game.start.deal}" if game.start.deal is not None else "the position"
        return f"won {name} in {plural(game.position.moves, 'move')}"
    return ("interrupted: " if interrupted else "") + saved_note(game)
