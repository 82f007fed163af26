"""A Spider game in progress, and the terminal session that plays it.

Each move and each deal is one step that ``u`` takes back. The game is saved as
JSON after every change (``$XDG_DATA_HOME/freecell/spider.json``), so ``spider
play`` with no argument resumes it.

>>> from freecell_cli.spider.deals import deal
>>> g = Game(deal(1, suits=1))
>>> g.play("23 d").message, g.position.moves
('23 d', 2)
>>> g.play("32").message
'32: no card at the end of column 3 fits on QS: the run there is 4S'
>>> g.undo(), g.position.moves
(True, 1)
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, TextIO

from ..errors import FreecellError
from ..lineplay import Outcome
from ..text import plural, quote, shown, token_shown
from .moves import Move, apply, notation, resolve, split_moves
from .position import Position

if TYPE_CHECKING:
    from ..saves import Warn

# What a save holds, every field written since the first version (Game.to_dict).
_SAVED_FIELDS = ("format", "version", "start", "unrestricted", "moves", "redo", "won")

HELP = """moves: 38 (column 3 onto column 8; 0 is column 10), 30v2 (2 cards into an empty column 10)
d deal from the stock   u undo   r redo   h hint (again: play it)   restart   new [N]
save FILE (the moves as a solution file)   show   help   q (quit; the game is kept)"""


@dataclass
class Game:
    start: Position
    unrestricted: bool = False
    moves: list[str] = field(default_factory=list)
    redo_moves: list[str] = field(default_factory=list)
    hint: str | None = None
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        p = self.start
        for token in self.moves:
            p = apply(p, Move.parse(token), self.unrestricted)
        self.position = p

    def play(self, text: str) -> Outcome:
        """Play moves in order; stops at the first refused one (those before it stay)."""
        done: list[str] = []
        for token in split_moves(text):
            try:
                outcome = self.play_move(Move.parse(token))
            except FreecellError as e:
                outcome = Outcome(False, str(e))
            if not outcome.ok:
                msg = f"{token_shown(token)}: {outcome.message}"
                return Outcome(False, msg if not done else f"played {' '.join(done)}; {msg}")
            done.append(outcome.message)
        return Outcome(True, " ".join(done))

    def play_move(self, move: Move) -> Outcome:
        """Play one :class:`Move` as it stands (its card count kept: a run picked up
        on the game screen moves whole or not at all). The outcome's message is the
        move in notation, or why the rules refuse it (then nothing changes)."""
        try:
            resolved = resolve(self.position, move, self.unrestricted)
            after = apply(self.position, resolved, self.unrestricted)
        except FreecellError as e:
            return Outcome(False, str(e))
        canonical = str(notation(self.position, resolved))
        self.position = after
        self.moves.append(canonical)
        self.redo_moves.clear()
        self.hint = None
        return Outcome(True, canonical)

    def undo(self) -> bool:
        if not self.moves:
            return False
        self.redo_moves.append(self.moves.pop())
        self._rebuild()
        self.hint = None
        return True

    def redo(self) -> bool:
        if not self.redo_moves:
            return False
        token = self.redo_moves[-1]
        after = apply(self.position, Move.parse(token), self.unrestricted)  # a refusal changes nothing
        self.redo_moves.pop()
        self.moves.append(token)
        self.position = after
        self.hint = None
        return True

    def restart(self) -> None:
        self.moves.clear()
        self.redo_moves.clear()
        self.hint = None
        self._rebuild()

    def stuck(self) -> bool:
        from .moves import legal_moves

        return not self.position.is_won() and not legal_moves(self.position, self.unrestricted)

    def to_dict(self) -> dict[str, object]:
        from .formats import format_compact

        return {"format": "freecell-cli-spider-game", "version": 1, "start": format_compact(self.start),
                "unrestricted": self.unrestricted, "moves": self.moves, "redo": self.redo_moves,
                "won": self.position.is_won()}

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """A saved game, checked field by field as FreeCell's (:meth:`freecell_cli.game.Game.from_dict`)
        against what :meth:`to_dict` writes: every fault is a :class:`FreecellError`
        naming the field (one missing, or one more, too: every field has been
        written since the first version), and every saved move (redo steps too)
        must replay, written as a game writes it (the shortest notation)."""
        from ..saves import SaveChecker
        from .formats import format_compact, parse_compact

        saved = SaveChecker("saved Spider game", _SAVED_FIELDS)
        d = saved.mapping(d)
        fail = saved.fail

        def got(value: object) -> str:
            return repr(value[:20]) if isinstance(value, str) else shown(value)

        if d.get("format") != "freecell-cli-spider-game":
            raise fail("format", f"must be 'freecell-cli-spider-game', got {got(d.get('format'))}")
        version = d.get("version")
        if type(version) is not int or version != 1:  # not true, not 1.0: never written so
            raise fail("version", f"must be 1, got {got(version)}")
        saved.fields(d)  # a clock ("elapsed") is one too many: Spider's games have none
        if not isinstance(d["start"], str):
            raise fail("start", "needs the start position as text")
        unrestricted = d["unrestricted"]
        if type(unrestricted) is not bool:
            raise fail("unrestricted", f"must be true or false, got {got(unrestricted)}")
        won = d["won"]  # checked against the moves below
        if type(won) is not bool:
            raise fail("won", f"must be true or false, got {got(won)}")
        lists: dict[str, list[str]] = {}
        for key in ("moves", "redo"):
            raw = d[key]
            if not isinstance(raw, list) or not all(isinstance(m, str) for m in raw):
                raise fail(key, "needs a list of moves")
            lists[key] = list(raw)
        try:
            start = parse_compact(d["start"])
        except (FreecellError, ValueError) as e:
            raise fail("start", str(e)) from None
        if format_compact(start) != d["start"]:  # its deal number names the file it is kept aside in
            raise fail("start", f"not a position as a game writes it: {quote(d['start'])}")

        def replay(position: Position, text: str, key: str) -> Position:
            try:
                move = resolve(position, Move.parse(text), unrestricted)
                if str(notation(position, move)) != text:
                    raise FreecellError(f"{quote(text, 24)} is not written as a game writes it "
                                        f"({notation(position, move)})")
                return apply(position, move, unrestricted)
            except (FreecellError, ValueError) as e:
                raise fail(key, str(e)) from None

        game = cls(start, unrestricted)
        for text in lists["moves"]:
            game.position = replay(game.position, text, "moves")
        game.moves = lists["moves"]
        check = game.position
        for text in reversed(lists["redo"]):  # redo moves are kept last-undone first
            check = replay(check, text, "redo")
        if won != game.position.is_won():
            raise fail("won", f"says {'won' if won else 'not won'}, but the moves leave it "
                              f"{'won' if game.position.is_won() else 'not won'}")
        game.redo_moves = lists["redo"]
        return game

    def solution_text(self) -> str:
        from .verify import format_solution

        return format_solution(self.moves, self.start)


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

        save_moves(path, self.game.solution_text(), len(self.game.moves), self.say)

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
