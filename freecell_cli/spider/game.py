"""A Spider game in progress: its moves as steps that undo takes back (each move,
each deal from the stock), and its JSON save.

The model only: solution files read saved games through it, so what asks the
solver for a hint or writes a game's moves as a solution
(:mod:`freecell_cli.spider.play`) sits above it.

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

from dataclasses import dataclass, field

from ..errors import FreecellError
from ..lineplay import Outcome
from ..text import quote, shown, token_shown
from .moves import Move, apply, notation, resolve, split_moves
from .position import Position

# What a save holds, every field written since the first version (Game.to_dict).
_SAVED_FIELDS = ("format", "version", "start", "unrestricted", "moves", "redo", "won")


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
