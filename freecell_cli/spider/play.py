"""The terminal session that plays Spider (:class:`Session`), its hints and where
its game is kept; the game itself is :mod:`freecell_cli.spider.game`'s.

Each move and each deal is one step that ``u`` takes back. The game is saved as
JSON after every change (``$XDG_DATA_HOME/freecell/spider.json``), so ``spider
play`` with no argument resumes it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

from ..errors import FreecellError
from ..text import plural
from .game import Game as Game  # callers import it as freecell_cli.spider.play.Game
from .moves import Move, resolve
from .position import Position

if TYPE_CHECKING:
    from ..saves import Warn

HELP = """moves: 38 (column 3 onto column 8; 0 is column 10), 30v2 (2 cards into an empty column 10)
d deal from the stock   u undo   r redo   h hint (again: play it)   restart   new [N]
save FILE (the moves as a solution file)   show   help   q (quit; the game is kept)"""


STUCK = "no legal move left"  # the reason of a hint on a table with no move at all


@dataclass
class Hint:
    """The next move of a winning line and what it does (the games' ``h``), as
    FreeCell's :class:`~freecell_cli.hints.Hint`: ``verdict`` is the solver's
    (``solved``, ``gave-up``; ``unsolvable`` once a search can prove it), ``move``
    the line's first move when solved, ``reason`` what it does or why there is none."""

    verdict: str
    move: Move | None = None
    reason: str = ""
    move_count: int = 0  # moves to finish, when solved

    @property
    def sure(self) -> bool:
        """A move that leads to a win (a game plays it on a second ``h``)."""
        return self.verdict == "solved" and self.move is not None

    @property
    def message(self) -> str:
        """What a game says."""
        if self.sure:
            return f"hint: {self.move} ({self.reason}; {plural(self.move_count, 'move')} to finish)"
        if self.verdict == "solved":
            return "nothing to do: the game is won"
        if self.verdict == "gave-up":
            return self.reason
        why = STUCK if self.reason == STUCK else "this position is unsolvable from here"
        return f"{why}: undo, restart, or a new deal"


def find_hint(position: Position, unrestricted: bool = False, seconds: float = 10.0) -> Hint:
    """A move that leads to a win from ``position`` and what it does, found by the
    solver within ``seconds``; else why there is none."""
    from .moves import describe, legal_moves
    from .solve import GAVE_UP, SOLVED, UNSOLVABLE, Limits, solve

    if position.is_won():
        return Hint(SOLVED, reason="won")
    if not legal_moves(position, unrestricted):
        return Hint(UNSOLVABLE, reason=STUCK)
    result = solve(position, Limits(time=seconds), unrestricted)
    if result.verdict == SOLVED and result.moves:
        move = result.moves[0]
        why = describe(position, resolve(position, move, unrestricted))
        return Hint(SOLVED, move, why, result.move_count)
    if result.verdict == UNSOLVABLE:
        return Hint(UNSOLVABLE, reason=UNSOLVABLE)
    return Hint(GAVE_UP, reason=f"no winning line found within {seconds:g} s")


def solution_text(game: Game) -> str:
    """The moves ``game`` played (not the ones it could redo) as a solution file
    whose header says where they start (``save FILE``).

    >>> from freecell_cli.spider.deals import deal
    >>> g = Game(deal(1, suits=1))
    >>> g.play("23 47 d").ok
    True
    >>> print(solution_text(g), end="")
    # spider deal 1, 1 suit, 3 moves
    23 47 d
    """
    from .verify import format_solution

    return format_solution(game.moves, game.start)


def save_path() -> Path:
    from ..saves import data_dir

    return data_dir() / "spider.json"


def check_save_place() -> None:
    """Make sure the game can be saved before play starts (:func:`freecell_cli.saves.check_save_file`):
    :class:`~freecell_cli.files.OutputError` otherwise."""
    from ..saves import check_save_file

    check_save_file(save_path())


def save_game(game: Game) -> None:
    """Save the game atomically (:func:`freecell_cli.saves.save_json`: its place
    checked once, and again when a write fails, so that the error says why)."""
    from ..saves import save_json

    save_json(save_path(), game.to_dict())


def take_save(game: Game, warn: Warn) -> None:
    """Save ``game`` as the game of ``spider.json`` from now on (the game a session
    starts with, a new deal; :func:`freecell_cli.saves.take_save`): an unfinished
    game the file holds that is not this one is moved aside (``spider.json.deal-1``)
    and ``warn`` says where, but only once the new save is written, so a save that
    fails moves nothing."""
    from .. import saves

    saves.take_save(save_path(), game, load_game(warn), _kept_as, warn)


def _kept_as(there: Game) -> tuple[str, str]:
    """The tag an unfinished game is kept aside under, and what it is."""
    deal = there.start.deal
    return (f".deal-{deal}" if deal else ".position",
            f"{f'deal {deal}' if deal else 'game'} ({plural(len(there.moves), 'move')})")


def kept_where(game: Game) -> str:
    """What a new deal (the game screen's N) does with ``game``, unfinished, as the
    end of the question N asks: it is kept aside (:func:`take_save`) under the name
    it would get now, as FreeCell's :func:`freecell_cli.play.kept_where`."""
    from ..saves import kept_name

    try:
        return f"is kept in {kept_name(save_path(), _kept_as(game)[0])}"
    except FreecellError as e:  # no name is free: the new deal will say so too, and not start
        return f"cannot be kept ({e})"


def leave_for(old: Game, new: Game, warn: Warn) -> Game:
    """Leave ``old`` for ``new`` (a new deal): ``old`` is saved, then ``new`` takes
    ``spider.json`` (:func:`take_save`: an unfinished game there is kept aside, and
    ``warn`` says where), as FreeCell's :func:`freecell_cli.play.leave_for`. When
    that fails, nothing moved and ``old`` goes on."""
    save_game(old)
    take_save(new, warn)
    return new


def load_game(warn: Warn | None = None) -> Game | None:
    """The saved Spider game, or None. A damaged save is never overwritten: it is
    moved aside to ``spider.json.bad`` (``warn`` is told) and play starts afresh."""
    from ..saves import load_save

    return load_save(save_path(), Game.from_dict, warn)


def new_random_game(suits: int, seed: str | None = None, unrestricted: bool = False) -> Game:
    from .deals import deal, random_number

    return Game(deal(random_number(seed), suits), unrestricted)


class Session:
    """One terminal (or script) session of Spider."""

    def __init__(self, game: Game, interactive: bool, out: TextIO | None = None, plain: bool = False) -> None:
        # sys.stdout looked up now, not at import: test runners swap it
        self.game, self.interactive, self.out = game, interactive, out or sys.stdout
        self.plain = plain  # ASCII cards even on a terminal (spider play --plain)
        self.quit = False
        self.interrupted = False

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def draw(self) -> None:
        from .render import render_plain

        g = self.game
        if self.interactive and not self.plain:
            from rich.console import Console

            from .render import render_rich

            Console(file=self.out, highlight=False).print(render_rich(g.position, g.unrestricted))
        else:
            self.out.write(render_plain(g.position, g.unrestricted))
        if g.stuck():
            self.say("no legal move left: u (undo), restart, or new")

    def handle(self, line: str) -> None:
        """One command of line play (:func:`freecell_cli.lineplay.handle_line`);
        ``new`` and moves (``d`` deals) are Spider's."""
        from ..lineplay import handle_line

        handle_line(self, line, help=HELP, example="38", save=lambda: save_game(self.game),
                    words={"new": self.new})

    def new(self, rest: str = "") -> bool:
        """A random deal (``new N``: deal N) with as many suits; the game is saved, and
        the new one takes its file at once (:func:`take_save`: an unfinished game
        there is kept aside), as in FreeCell's. When that fails, this game goes on."""
        old = self.game
        if rest:  # deal N, as `spider play N`; a bad number is refused before anything changes
            from .deals import deal, parse_deal_number

            game = Game(deal(parse_deal_number(rest), old.start.suits), old.unrestricted)
        else:
            game = new_random_game(old.start.suits, unrestricted=old.unrestricted)
        self.game = g = leave_for(old, game, self.say)
        self.say(f"now playing deal {g.start.deal} ({plural(g.start.suits, 'suit')})")
        return True

    def won(self) -> None:
        g = self.game
        name = f"deal {g.start.deal}" if g.start.deal is not None else "the position"
        self.say(f"won {name} in {plural(g.position.moves, 'move')}")
        self.quit = not self.interactive

    def find_hint(self) -> None:
        """``h`` with no hint shown: look for one (10 s at most) and say it."""
        g = self.game
        hint = find_hint(g.position, g.unrestricted, 10)
        g.hint = str(hint.move) if hint.sure else None
        if hint.sure:
            self.say(hint.message[:-1] + "; h again plays it)")
        elif hint.verdict == "unsolvable":
            self.say(hint.message.split(":")[0] + ": u (undo), restart, or new")
        else:
            self.say(hint.message)

    def save_solution(self, path: str) -> None:
        from ..lineplay import save_moves

        save_moves(path, solution_text(self.game), len(self.game.moves), self.say)

    def last_step(self) -> str:
        return self.game.moves[-1] if self.game.moves else ""

    def run(self, lines: Iterable[str]) -> None:
        """The session (:func:`freecell_cli.lineplay.run_lines`): Ctrl-C saves the
        game and says where it is kept."""
        from ..lineplay import run_lines

        run_lines(self, lines, save=lambda: save_game(self.game))
        if self.interrupted:
            sys.stderr.write(f"interrupted: {saved_note(self.game)}\n")


def interactive_lines(session: Session) -> Iterator[str]:
    """Prompted input (:func:`freecell_cli.lineplay.prompted_lines`)."""
    from ..lineplay import prompted_lines

    return prompted_lines(session)


def saved_note(game: Game) -> str:
    """Where the game is kept, for the last line of a session (as FreeCell's)."""
    name = f"deal {game.start.deal}" if game.start.deal is not None else "the game"
    if game.position.is_won():
        return f"{name} is won ({plural(game.position.moves, 'move')})"
    return f"{name} is saved at move {game.position.moves}; `freecell spider play` resumes it"
