"""FreeCell's terminal game: read commands, play them, draw the table, save after each.

Saved games (:mod:`freecell_cli.saves`) are ``game.json`` for the main table,
``daily.json`` for the daily deal; the loop and the shared commands are line
play's (:mod:`freecell_cli.lineplay`).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from . import saves
from .errors import FreecellError
from .game import Game
from .lineplay import handle_line, prompted_lines, run_lines, save_moves
from .saves import Warn, check_save_file, data_dir, load_save, save_json
from .text import clock, escape, plural

# Re-exported from saves.py and lineplay.py: callers import them as freecell_cli.play.X.
from .lineplay import MAX_LINE as MAX_LINE, LineGame as LineGame, LineSession as LineSession
from .lineplay import Outcome as Outcome, RunningSession as RunningSession, TooLong as TooLong
from .lineplay import script_lines as script_lines
from .saves import free_name as free_name, lock_saves as lock_saves, move_aside as move_aside
from .saves import replace_save as replace_save, same_save as same_save, to_keep as to_keep

HELP = """moves: 5a 58 8h ah 36v4 (several per line); a card as source: 7S8, 7Sa; a bare card (7S) goes home
u undo   r redo   h hint (again: play it)   a auto-collect   restart   new [N]   daily
save FILE (the moves as a solution file)   show   help   q (quit; the game is kept)"""


def solution_text(game: Game) -> str:
    """The moves ``game`` played (not the ones it could redo) as a solution file
    that says where they start (``save FILE``).

    >>> g = Game.new(617)
    >>> g.play("5a 82").ok
    True
    >>> print(solution_text(g), end="")
    # freecell-cli solution
    # deal: 617
    # variant: site
    # cells: 4
    # moves: 2
    5a 82
    """
    from .solutions import format_solution, solution_from

    return format_solution(solution_from(game.start, game.played(), game.variant.name))


def save_path(daily: bool) -> Path:
    return data_dir() / ("daily.json" if daily else "game.json")


def check_save_place(daily: bool = False) -> None:
    """Make sure games can be saved before play starts (the folder can be made, the
    save file is not a directory...): :class:`OutputError` otherwise."""
    check_save_file(save_path(daily))


def save_game(game: Game) -> None:
    """Save the game, atomically. Its place is checked once (:func:`check_save_place`),
    then again only when a write fails, so the error says why (or the folder, if it
    was removed, is made again and the save goes through)."""
    save_json(save_path(game.daily is not None), game.to_dict())


def load_game(daily: bool, warn: Warn | None = None) -> Game | None:
    """The saved game, or None. A damaged save is never overwritten: it is moved
    aside to ``<name>.bad`` (``warn`` is told where) and play starts afresh.
    ``daily.json`` holds the daily deal's game, ``game.json`` any other: a game in
    the wrong one is damaged too (it was not written there)."""
    def read(d: object) -> Game:
        game = Game.from_dict(d)
        if daily and game.daily is None:
            raise FreecellError("saved game is damaged: daily: daily.json holds a daily deal's game, "
                                "and this one has no date")
        if not daily and game.daily is not None:
            raise FreecellError(f"saved game is damaged: daily: game.json never holds a daily deal's game "
                                f"(daily.json does), and this one is of {game.daily}")
        return game

    return load_save(save_path(daily), read, warn)


def take_save(game: Game, warn: Warn) -> None:
    """Save ``game`` as the game of its save file from now on (the game a session
    starts with, a new deal, the daily one). An unfinished game the file holds that
    is not this one is kept aside (``game.json.deal-617``, ``daily.json.daily-2026-11-30``)
    and ``warn`` says where: what is on disk decides, not what the session thinks
    is there, so no path (a daily deal resumed, a new deal after the daily one)
    overwrites a game. Nothing moves until the new save is written
    (:func:`freecell_cli.saves.take_save`)."""
    daily = game.daily is not None
    saves.take_save(save_path(daily), game, load_game(daily, warn), _kept_as, warn)


def _kept_as(there: Game) -> tuple[str, str]:
    """The tag an unfinished game is kept aside under, and what it is (a family
    game's tag starts with its name: ``.eight-off-deal-3``)."""
    tag = f".daily-{there.daily}" if there.daily else (f".deal-{there.deal}" if there.deal else ".position")
    if there.kind.family:
        tag = f".{there.kind.name}-{tag[1:]}"
    return tag, f"{game_name(there)} ({plural(there.moves, 'move')})"


def kept_where(game: Game) -> str:
    """What a new deal (the game screen's N) does with ``game``, unfinished, as the
    end of the question N asks: it is kept aside (:func:`take_save`) under the name
    it would get now; a daily deal's game stays in ``daily.json``, which the new
    deal does not take."""
    if game.daily is not None:
        from .files import display_name

        return (f"stays in {display_name(save_path(True))} (`freecell play --daily {escape(game.daily)}` "
                "resumes it)")
    try:
        return f"is kept in {saves.kept_name(save_path(False), _kept_as(game)[0])}"
    except FreecellError as e:  # no name is free: the new deal will say so too, and not start
        return f"cannot be kept ({e})"


def leave_for(old: Game, new: Game, warn: Warn) -> Game:
    """Leave ``old`` for ``new`` (a new deal, the daily one): ``old`` is saved, then
    ``new`` takes its save file (:func:`take_save`: an unfinished game there is kept
    aside), so that quitting now resumes it. When that fails, ``old`` goes on."""
    save_game(old)
    if new is not old:  # the daily deal asked for while it is played: its clock runs on
        old.pause_clock()
    try:
        take_save(new, warn)
    except BaseException:
        old.resume_clock()
        raise
    return new


def game_name(game: Game) -> str:
    """``daily 2026-11-30``, ``deal 617`` or ``position``, after the game's title when
    it is one of the family's (``Eight Off deal 3``): the game's fields, escaped
    (they were checked when read, and a save may come from anyone)."""
    if game.daily:
        return f"daily {escape(game.daily)}"
    name = f"deal {escape(game.deal)}" if game.deal is not None else "position"
    return f"{game.kind.title} {name}" if game.kind.family else name


def deal_name(game: Game) -> str:
    """``deal 617``, ``Eight Off deal 3``, or for a position ``the position``: what a
    win names."""
    if game.deal is None:
        return "the position"
    return game_name(game) if not game.daily else f"deal {escape(game.deal)}"


class Session:
    """One terminal (or script) session of play."""

    def __init__(self, game: Game, interactive: bool, out: TextIO | None = None, plain: bool = False) -> None:
        self.game = game
        self.interactive = interactive
        self.plain = plain  # ASCII cards even on a terminal (play --plain)
        self.out = out or sys.stdout  # looked up now, not at import: test runners swap it
        self.quit = False
        self.interrupted = False

    # -- drawing ------------------------------------------------------------------
    def status(self) -> str:
        g = self.game
        label = f"{game_name(g)} (deal {escape(g.deal)})" if g.daily else game_name(g)
        return f"{label} | moves {g.moves} | time {clock(g.elapsed)}"

    def draw(self) -> None:
        from .render import render_plain

        g = self.game
        if self.interactive and not self.plain:
            from rich.console import Console
            from rich.text import Text

            from .render import render_rich

            console = Console(file=self.out, highlight=False)
            console.print(Text(self.status(), style="bold"))
            console.print(render_rich(g.position, g.variant))
        else:
            self.out.write(self.status() + "\n" + render_plain(g.position, g.variant))
        self.advise()

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def advise(self) -> None:
        g = self.game
        if g.position.is_won():
            return
        if g.stuck():
            self.say("no legal move left: u (undo), restart, or new")
        elif g.can_autocomplete():
            self.say("the rest can go home directly: a (auto-complete)")

    # -- commands -----------------------------------------------------------------
    def handle(self, line: str) -> None:
        """One command; whatever it is, the game goes on (a refusal is one line)."""
        tenth = "\nthe tenth column is 10 in moves: 108, a10, 110 (1 to 10)" if self.game.columns > 9 else ""
        handle_line(self, line, help=HELP + tenth, example="5a", save=lambda: save_game(self.game),
                    words={"a": self.collect, "collect": self.collect, "auto": self.collect,
                           "new": self.new, "daily": self.daily})

    def collect(self, rest: str = "") -> bool:
        outcome = self.game.collect()
        self.say(outcome.message)
        return outcome.ok

    def new(self, rest: str = "") -> bool:
        """``new``: a random deal; ``new N``: deal N, as ``freecell play N`` (a bad
        number is refused before anything changes)."""
        self.switch(another_deal(self.game, rest or None))
        return True

    def daily(self, rest: str = "") -> bool:
        """``daily [DATE]``: the daily deal, its saved game if unfinished; asked while
        it is played, the game goes on (daily.json may be older, if a save failed)."""
        from .deals import parse_date

        g = self.game
        if g.daily == parse_date(rest or None).isoformat():
            self.switch(g)
        elif g.kind.family:  # the daily deal is FreeCell's: played as `freecell play --daily` plays it
            self.switch(daily_game(rest or None, None, 4, warn=self.say))
        else:
            self.switch(daily_game(rest or None, g.variant.name, len(g.start.cells), warn=self.say))
        return True

    def find_hint(self) -> None:
        """``h`` with no hint shown: look for one (10 s at most) and say it."""
        from .hints import find_hint
        from .solvers.result import UNSOLVABLE

        g = self.game
        hint = find_hint(g.position, g.variant, seconds=10)
        g.hint = None if hint.move is None else str(hint.move)
        if hint.sure:
            self.say(hint.message[:-1] + "; h again plays it)")
        elif hint.verdict == UNSOLVABLE:
            self.say(hint.message.split(":")[0] + ": u (undo), restart, or new")
        else:
            self.say(hint.message)

    def switch(self, game: Game) -> None:
        self.game = leave_for(self.game, game, self.say)
        self.say(f"now playing {self.status().split(' | ')[0]}")

    def save_solution(self, path: str) -> None:
        save_moves(path, solution_text(self.game), len(self.game.played()), self.say)

    def last_step(self) -> str:
        g = self.game
        return " ".join(g.steps[-1].moves) if g.steps else ""

    def won(self) -> None:
        g = self.game
        name = deal_name(g)
        if self.interactive:
            self.say(f"won {name} in {plural(g.moves, 'move')}, time {clock(g.elapsed)}, "
                     f"{g.position.cards_home} cards home — new, restart, or q")
        else:
            self.say(f"won {name} in {plural(g.moves, 'move')}")
        self.quit = not self.interactive

    # -- the loop -----------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> None:
        run_lines(self, lines, save=lambda: save_game(self.game))
        if self.interrupted:
            sys.stderr.write(f"interrupted: {saved_note(self.game)}\n")


def new_random_game(variant: str | None, cells: int | None, game: str | None = None) -> Game:
    """A random deal of 1..1,000,000: FreeCell's never one of the unsolvable eight
    (Microsoft's numbers); a family ``game``'s, PySolFC's number of it."""
    from .deals import UNSOLVABLE, random_number
    from .games import find_game

    n = random_number()
    if find_game(game).family:
        return Game.new(n, game=game)
    while n in UNSOLVABLE:
        n = random_number()
    return Game.new(n, variant, cells)


def another_deal(old: Game, number: str | None = None) -> Game:
    """A new game like ``old`` (its game, variant and free cells): deal ``number``
    (as ``freecell play N`` reads it: a family game's ``ms617`` too), else a random
    one. A bad number is refused before anything changes."""
    from .deals import parse_game_deal

    if old.kind.family:
        if number is None:
            return new_random_game(None, None, old.kind.name)
        n, microsoft = parse_game_deal(number, old.kind.name)
        return Game.new(n, game=old.kind.name, microsoft=microsoft)
    if number is None:
        return new_random_game(old.variant.name, len(old.start.cells))
    n, _ = parse_game_deal(number)
    return Game.new(n, old.variant.name, len(old.start.cells))


def daily_game(date: str | None, variant: str | None, cells: int, warn: Warn | None = None) -> Game:
    """The daily deal of a date (today in UTC by default): its saved game when one is
    unfinished, else a new one. Nothing is saved: :func:`take_save` does that, and
    keeps an unfinished daily game of another date aside. ``warn`` (stderr by
    default) is told of a damaged save."""
    from .deals import daily_number, parse_date

    when = parse_date(date)
    saved = load_game(daily=True, warn=warn or (lambda line: sys.stderr.write(line + "\n")))
    if saved is not None and saved.daily == when.isoformat() and not saved.position.is_won():
        return saved
    return Game.new(daily_number(when), variant, cells, daily=when.isoformat())


def interactive_lines(session: Session) -> Iterator[str]:
    """Prompted input with Ctrl-Z stopping the clock."""
    return prompted_lines(session, lambda: session.game)


def saved_note(game: Game) -> str:
    """Where the game is kept, for the last line of a session."""
    name = f"the daily deal {escape(game.daily)}" if game.daily else (game_name(game)
                                                                      if game.deal is not None else "the game")
    if game.position.is_won():
        return f"{name} is won ({plural(game.moves, 'move')})"
    return f"{name} is saved at move {game.moves}; `freecell play{' --daily' if game.daily else ''}` resumes it"
