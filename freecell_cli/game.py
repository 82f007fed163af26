"""A game in progress: moves as undoable steps, the site's move count, elapsed
time that stops while the game is suspended or closed, and a JSON save. FreeCell
under a variant, or a game of the FreeCell family (:mod:`freecell_cli.games`)
under its own rules: the start position says which.

A step is what one undo takes back: one move (a run is one move) with the moves
the variant then makes by itself, or a whole auto-collect.

The model only: solution files read saved games through it, so what asks the
solvers for a hint (:mod:`freecell_cli.hints`) or writes a game's moves as a
solution (:func:`freecell_cli.play.solution_text`) sits above, with the games'
screens.

>>> g = Game.new(617)
>>> g.play("5a").ok, g.moves
(True, 1)
>>> g.play("58").message
'58: 7C cannot go on QH'
>>> g.undo(), g.moves
(True, 0)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .autoplay import automatic_moves, autoplay, can_autocomplete, play_move
from .cards import Card
from .errors import FreecellError, IllegalMove, InvalidArgument, InvalidCard
from .lineplay import Outcome as Outcome  # what a play says, in both games (game.Outcome stays)
from .moves import CELL, FOUNDATION, Move, Place, apply, legal_moves, resolve
from .position import Position
from .text import plural, quote, shown, token_shown
from .variants import VARIANTS, Variant, find_variant

if TYPE_CHECKING:
    from .games import Game as GameKind


# What a save holds (Game.to_dict): every field written since the first version, and
# "game", which a save from before the family's games lacks (that one is FreeCell's).
_SAVED_FIELDS = ("format", "version", "deal", "start", "variant", "daily", "steps", "redo", "elapsed", "won")
_GAME_FIELD = "game"
MAX_ELAPSED = 10 * 365 * 24 * 3600  # seconds: ten years; a saved clock beyond it was not written by a game


@dataclass
class Step:
    moves: list[str]  # what the player did, in standard notation
    automatic: int = 0  # cards the variant then sent home by itself (windows)


@dataclass
class Game:
    start: Position
    variant: Variant
    steps: list[Step] = field(default_factory=list)
    redo_steps: list[Step] = field(default_factory=list)
    elapsed_before: float = 0.0  # seconds played in earlier sessions or before a pause
    running_since: float | None = None
    daily: str | None = None  # the date of a daily deal
    hint: str | None = None  # the last hint shown, played if asked again
    position: Position = field(init=False)

    def __post_init__(self) -> None:
        self.position = self.start.copy()
        for step in self.steps:
            self._replay(step)
        self.resume_clock()

    # -- making games -------------------------------------------------------------
    @classmethod
    def new(cls, deal_number: int, variant: str | None = None, cells: int | None = None, daily: str | None = None,
            game: str | None = None, microsoft: bool = False) -> Game:
        """Deal ``deal_number`` of FreeCell (with ``cells`` free cells, under
        ``variant``) or of a family ``game`` (its own table and rules; its numbers
        PySolFC's, Microsoft's with ``microsoft``).

        >>> g = Game.new(3, game="eight-off")
        >>> g.variant.name, len(g.position.cells), g.play("1b").ok
        ('eight-off', 8, True)
        """
        from .deals import deal
        from .games import find_game, find_rules

        if game is not None and find_game(game).family:
            if variant is not None or daily is not None:
                raise InvalidArgument(f"{find_game(game).title} has rules of its own and no daily deal")
            return cls(deal(deal_number, cells=cells, game=game, microsoft=microsoft), find_rules(game))
        return cls(deal(deal_number, cells=cells, microsoft=microsoft), find_variant(variant), daily=daily)

    @property
    def deal(self) -> int | None:
        return self.start.deal

    @property
    def kind(self) -> GameKind:
        """The game played: FreeCell, or a game of its family (the start's).

        >>> Game.new(617).kind.title, Game.new(1, game="forecell").kind.title
        ('FreeCell', 'Forecell')
        """
        from .games import game_of

        return game_of(self.start)

    @property
    def columns(self) -> int:
        """The columns of the table: standard notation names the tenth ``10``."""
        return len(self.start.columns)

    # -- the clock ----------------------------------------------------------------
    def resume_clock(self) -> None:
        if self.running_since is None and not self.position.is_won():
            self.running_since = time.monotonic()

    def pause_clock(self) -> None:
        if self.running_since is not None:
            self.elapsed_before += time.monotonic() - self.running_since
            self.running_since = None

    @property
    def elapsed(self) -> float:
        extra = time.monotonic() - self.running_since if self.running_since is not None else 0.0
        return self.elapsed_before + extra

    # -- counting -----------------------------------------------------------------
    @property
    def moves(self) -> int:
        """The site's count: every move, every card sent home by auto-collect or
        by the variant itself."""
        return sum(len(s.moves) + s.automatic for s in self.steps)

    def played(self) -> list[str]:
        """Every move the player made, in order (what a solution file holds)."""
        return [m for s in self.steps for m in s.moves]

    # -- playing ------------------------------------------------------------------
    def _replay(self, step: Step, position: Position | None = None) -> int:
        """Play a recorded step again on ``position`` (the game's by default) and
        return how many cards the variant then sent home by itself. The step's
        moves are played as recorded, the variant's own moves after the last one
        only: a collect step holds every card it sent home, and under windows the
        automatic moves after its first card would take the next ones."""
        p = self.position if position is None else position
        for text in step.moves:
            apply(p, resolve(p, Move.parse(text, self.columns), self.variant))
        return len(automatic_moves(p, self.variant))

    def _do(self, move: Move) -> Step:
        resolved, *auto = play_move(self.position, move, self.variant)
        return Step([str(resolved)], len(auto))

    def play(self, text: str) -> Outcome:
        """Play one or more moves (standard notation, or a card: ``7S8``, ``7S``).
        Stops at the first refused move; the ones before it stay played."""
        done: list[str] = []
        for token in text.replace(",", " ").split():
            try:
                move = self.parse(token)
                step = self._do(move)
            except FreecellError as e:
                msg = f"{token_shown(token)}: {e}"
                return Outcome(False, msg if not done else f"played {' '.join(done)}; {msg}")
            self._record(step)
            done.append(step.moves[0])
        return Outcome(True, " ".join(done))

    def play_move(self, move: Move) -> Outcome:
        """Play one :class:`Move` as it stands (its card count is kept: a run picked
        up on the game screen moves whole or not at all). A refusal says why, in
        the site's terms, and changes nothing."""
        try:
            step = self._do(move)
        except FreecellError as e:
            return Outcome(False, str(e))
        self._record(step)
        return Outcome(True, step.moves[0])

    def _record(self, step: Step) -> None:
        self.steps.append(step)
        self.redo_steps.clear()
        self.hint = None
        if self.position.is_won():
            self.pause_clock()

    def parse(self, token: str) -> Move:
        """Standard notation, or a card as the source: ``7S8`` (to column 8), ``7Sa``,
        ``7Sh``; a bare card (``7S``) goes home."""
        if len(token) in (2, 3) and token[-1] in "CDHS" and token[:-1].upper() in _RANKS:
            return self._card_move(Card.parse(token), "h")  # an upper-case card name
        try:
            move = Move.parse(token, self.columns)
            if self._exists(move.source) and self._exists(move.dest):
                return move
            raise IllegalMove(f"{quote(token)} names a place this table does not have")
        except FreecellError as move_error:
            # "kd", "qc": lower-case cards whose suit letter is also a free cell
            for size in (2, 3):
                try:
                    card = Card.parse(token[:size])
                except InvalidCard:
                    continue
                rest = token[size:].lower()
                if (rest == "" or (len(rest) == 1 and rest in "123456789abcdefghijklmnop")
                        or (rest == "10" and self.columns >= 10)):
                    return self._card_move(card, rest or "h")
            raise move_error

    def _exists(self, place: Place) -> bool:
        if place.kind == CELL:
            return place.index < len(self.position.cells)
        if place.kind == "column":
            return place.index < len(self.position.columns)
        return True

    def _card_move(self, card: Card, dest: str) -> Move:
        where = self.position.locate(card)
        if where is None:
            raise IllegalMove(f"{card} is not on the table")
        kind, index = where
        if kind == "foundation":
            raise IllegalMove(f"{card} is already home")
        if kind == "cell":
            return Move.parse(f"{Place(CELL, index)}{dest}", self.columns)
        col = self.position.columns[index]
        depth = len(col) - col.index(card)
        if depth > self.position.run_length(index):
            raise IllegalMove(f"{card} is not free to move (under {plural(depth - 1, 'card')})")
        move = Move.parse(f"{index + 1}{dest}", self.columns)
        if not (self._exists(move.dest)):
            raise IllegalMove(f"this table has no {move.dest.describe()}")
        if dest.isdigit():
            return Move(move.source, move.dest, depth, not self.position.columns[int(dest) - 1])
        if depth > 1:
            raise IllegalMove(f"{card} is under {plural(depth - 1, 'card')}")
        return move

    def collect(self) -> Outcome:
        """The site's auto-collect: every card that can go home; one undo step."""
        made = autoplay(self.position, "collect")
        if not made:
            return Outcome(False, "no card can go home now")
        self.steps.append(Step([str(m) for m in made]))
        self.redo_steps.clear()
        self.hint = None
        if self.position.is_won():
            self.pause_clock()
        return Outcome(True, f"{plural(len(made), 'card')} home")

    def undo(self) -> bool:
        if not self.steps:
            return False
        self.redo_steps.append(self.steps.pop())
        self._rebuild()
        return True

    def redo(self) -> bool:
        if not self.redo_steps:
            return False
        step = self.redo_steps.pop()
        self._replay(step)
        self.steps.append(step)
        return True

    def restart(self) -> None:
        self.steps.clear()
        self.redo_steps.clear()
        self._rebuild()

    def _rebuild(self) -> None:
        self.position = self.start.copy()
        for step in self.steps:
            self._replay(step)
        self.hint = None
        self.resume_clock()

    # -- what the table says ------------------------------------------------------
    def stuck(self) -> bool:
        return not self.position.is_won() and not legal_moves(self.position, self.variant)

    def can_autocomplete(self) -> bool:
        return not self.position.is_won() and can_autocomplete(self.position)

    # -- saving -------------------------------------------------------------------
    def to_dict(self) -> dict[str, object]:
        from .formats.compact import format_compact

        family = self.start.game is not None
        # "game" only for the family: a FreeCell save stays one that every
        # version of the program reads (an older one takes an unknown field for damage).
        return {
            "format": "freecell-cli-game",
            "version": 1,
            **({_GAME_FIELD: self.kind.name} if family else {}),
            "deal": self.deal,
            "start": format_compact(self.start),
            "variant": None if family else self.variant.name,  # a family game's rules are its own
            "daily": self.daily,
            "steps": [{"moves": s.moves, "automatic": s.automatic} for s in self.steps],
            "redo": [{"moves": s.moves, "automatic": s.automatic} for s in self.redo_steps],
            "elapsed": min(round(self.elapsed, 3), float(MAX_ELAPSED)),  # never more than a save may hold
            "won": self.position.is_won(),
        }

    @classmethod
    def from_dict(cls, d: object) -> Game:
        """A saved game, checked field by field against what :meth:`to_dict` writes
        (a save may come from anyone, and its fields are printed and name the files
        an unfinished game is kept in): every fault is a :class:`FreecellError`
        naming the field, and every saved move (redo steps too) must replay, the
        variant's own moves after it as many as the step says. Every field has been
        written since the first version, so one missing, or one more, is damage;
        but ``game``, which a save written before the family's games lacks: that
        one is FreeCell's."""
        import math

        from .formats.compact import format_compact, parse_compact
        from .games import DEFAULT_GAME, GAMES, game_of
        from .saves import SaveChecker

        d = SaveChecker("saved game", ()).mapping(d)
        saved = SaveChecker("saved game", _SAVED_FIELDS + ((_GAME_FIELD,) if _GAME_FIELD in d else ()))
        fail = saved.fail
        columns = 8  # the start's, once it is read: a tenth column is written 10

        no_automatic: set[tuple[str, int]] = set()  # steps without it: said once their moves replay

        def steps_of(key: str) -> list[Step]:
            raw = d[key]
            if not isinstance(raw, list):
                raise fail(key, "not a list")
            out: list[Step] = []
            for i, s in enumerate(raw, 1):
                moves = s.get("moves") if isinstance(s, dict) else None
                if not isinstance(s, dict) or not isinstance(moves, list) or not moves \
                        or not all(isinstance(m, str) for m in moves):
                    raise fail(f"{key} {i}", "needs a list of moves in standard notation")
                for name in s:
                    if name not in ("moves", "automatic"):
                        raise fail(f"{key} {i}", f"{quote(name, 24)} is not a field of a step")
                for text in moves:  # as a game writes them: 5a, 36v4 (never 5A, never padded)
                    try:
                        parsed: Move | None = Move.parse(text, columns)
                    except FreecellError:
                        parsed = None
                    if parsed is None or str(parsed) != text:
                        raise fail(f"{key} {i}", f"{quote(text, 24)} is not a move in standard notation")
                    if len(moves) > 1 and parsed.dest.kind != FOUNDATION:  # only a collect is several moves
                        raise fail(f"{key} {i}", "a step of several moves is an auto-collect: all of them home")
                if "automatic" not in s:
                    no_automatic.add((key, i))
                auto = s.get("automatic", 0)
                if type(auto) is not int or not 0 <= auto <= 52:  # not True, not 1.0
                    raise fail(f"{key} {i}", f"automatic must be 0..52, got {quote(auto, 24)}")
                out.append(Step(list(moves), auto))
            return out

        # A save says what it is: another file in this place (Spider's save, a later
        # version's) is damaged to us, not read as far as it goes.
        if "format" not in d:
            raise fail("format", "missing: not a FreeCell saved game")
        if d["format"] != "freecell-cli-game":
            raise fail("format", f"not a FreeCell saved game: {quote(d['format'])}")
        version = d.get("version")
        if type(version) is not int or version != 1:  # not true, not 1.0: never written so
            raise fail("version", f"this version reads version 1, not {shown(version)!r}")
        saved.fields(d)
        won = d["won"]
        if type(won) is not bool:
            raise fail("won", f"must be true or false, got {quote(won, 24)}")
        if not isinstance(d["start"], str):
            raise fail("start", "needs the start position as text")
        elapsed = d["elapsed"]
        # compared, not converted: an int of 400 digits is no float (nan and inf fail the test too)
        if type(elapsed) not in (int, float) or not 0 <= elapsed <= MAX_ELAPSED \
                or (type(elapsed) is float and math.copysign(1.0, elapsed) < 0):  # -0.0: never written
            raise fail("elapsed", f"must be seconds from 0 to {MAX_ELAPSED:,} (ten years), "
                                  f"got {quote(elapsed, 24)}")
        name = d.get(_GAME_FIELD, DEFAULT_GAME)
        if type(name) is not str or name not in GAMES:  # as written: eight-off, never Eight_Off
            # the value first: the note of a damaged game.json cuts the reason short
            raise fail("game", f"{quote(name)} is not one of {', '.join(GAMES)}")
        kind = GAMES[name]
        try:
            start = parse_compact(d["start"])
        except FreecellError as e:
            raise fail("start", str(e)) from None
        if format_compact(start) != d["start"]:
            raise fail("start", f"not a position as a game writes it: {quote(d['start'])}")
        if game_of(start) is not kind:
            said = f"says {name}" if _GAME_FIELD in d else "missing (FreeCell)"
            raise fail("game", f"{said}, but the start position is {game_of(start).possessive}")
        columns = len(start.columns)
        if kind.family:
            if d["variant"] is not None:
                raise fail("variant", f"must be null: {kind.title} is played under its own rules, "
                                      f"got {quote(d['variant'])}")
            variant = kind.rules
        else:
            if not isinstance(d["variant"], str) or d["variant"] not in VARIANTS:
                raise fail("variant", f"must be one of {', '.join(VARIANTS)}, got {quote(d['variant'])}")
            variant = VARIANTS[d["variant"]]
        deal_number = d["deal"]
        if deal_number != start.deal or (deal_number is not None and type(deal_number) is not int):  # not 617.0
            raise fail("deal", f"must be the start position's deal ({start.deal}), got {quote(deal_number)}")
        daily = d["daily"]
        if daily is not None:
            why = daily_mismatch(daily, start)
            if why:
                raise fail("daily", why)
        steps, redo = steps_of("steps"), steps_of("redo")
        game = cls(start, variant, [], [], float(elapsed), daily=daily)

        def replay(step: Step, position: Position, key: str, i: int) -> None:
            name = f"{'redo step' if key == 'redo' else 'step'} {i}"
            try:
                made = game._replay(step, position)
            except FreecellError as e:
                raise fail("moves", f"{name}: {e}") from None
            if (key, i) in no_automatic:
                raise fail(f"{key} {i}", "automatic: missing")
            if made != step.automatic:
                raise fail("moves", f"{name}: automatic says {step.automatic}, but the variant sends {made} "
                                    "home by itself")

        for i, step in enumerate(steps, 1):
            replay(step, game.position, "steps", i)
            game.steps.append(step)
        if game.position.is_won():
            game.running_since = None  # as a won game's clock is left: stopped
        check = game.position.copy()
        for i, step in reversed(list(enumerate(redo, 1))):  # redo steps are kept last-undone first
            replay(step, check, "redo", i)
        if won != game.position.is_won():
            raise fail("won", f"says {str(won).lower()}, but the moves {'win' if not won else 'do not win'}")
        game.redo_steps = redo
        return game


_RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K"}


def is_date(text: object) -> bool:
    """``text`` is a date as a game writes it, ``YYYY-MM-DD`` (ASCII digits, a real
    day): nothing else may name a daily deal's save.

    >>> is_date("2026-11-30"), is_date("2026-02-30"), is_date("20261130"), is_date("../x")
    (True, False, False, False)
    """
    import datetime

    if not (isinstance(text, str) and len(text) == 10 and text.isascii() and text[4] == text[7] == "-"
            and (text[:4] + text[5:7] + text[8:]).isdigit()):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def daily_mismatch(daily: object, start: Position) -> str:
    """Why ``daily`` cannot be the date of a saved game that starts at ``start``, or
    "" when it can: a date ``YYYY-MM-DD`` whose daily deal, dealt with as many free
    cells, is ``start``."""
    import datetime

    from .deals import daily_number, deal

    if not is_date(daily):
        return f"must be a date YYYY-MM-DD, got {quote(daily)}"
    assert isinstance(daily, str)
    number = daily_number(datetime.date.fromisoformat(daily))
    if start != deal(number, cells=len(start.cells)):
        return (f"the daily deal of {daily} is deal {number}, but the saved game starts "
                f"{'elsewhere' if start.deal is None else f'from deal {start.deal}'}")
    return ""
