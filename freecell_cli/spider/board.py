"""Keyboard play of Spider on the game screen, with FreeCell's keys where they mean
the same (:class:`~freecell_cli.keyboard.KeyBoard`: arrows, Enter/Space, Esc, U, R,
H, N, S, Q, ?) and D to deal: the focus on the stock or a column, the run picked up,
and the text of the screen (face-down cards as ``##``, the removed runs as a row of
kings).

>>> from freecell_cli.spider.deals import deal
>>> from freecell_cli.spider.game import Game
>>> b = Board(Game(deal(1, suits=1)))
>>> for key in ["right", "enter", "right", "enter"]:  # JS from column 2 onto QS in column 3
...     _ = b.press(key)
>>> b.message
'played 23 (JS onto QS, turns up a card in column 2)'
>>> _ = b.press("d"); b.message
'played d (ten cards dealt, 4 deals left)'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from ..cards import SUIT_NAMES, Card
from ..errors import FreecellError
from ..keyboard import COLUMN, KeyBoard, card_text, target_names
from ..text import plural
from .cards import RUNS
from .moves import DEAL, Move, describe, legal_moves, notation, resolve
from .game import Game
from .play import Hint
from .position import Position
from .render import status_line

if TYPE_CHECKING:  # rich is imported only when the screen is drawn
    from rich.text import Text

STOCK = "stock"

KEYS_HELP = """\
Keys
  ← →        move the focus over the stock and the ten columns
  Tab        jump between the stock and the columns (Shift-Tab too)
  ↑ ↓        in a column: choose the card where the run to pick up starts
             (cards move together only as a run of one suit, each one rank lower)
  Enter/Space pick up the card or run in focus, drop it on the column in focus;
             on the stock: deal
  Esc        put back what is picked up (nothing changes)
  D          deal ten cards from the stock, one on each column (not while a column
             is empty)
  U / R      undo / redo (unlimited; a move or a deal is one step)
  H          hint, with why (H again plays it)
  N          new deal      S  start this deal over (both ask first)
  Q          quit: the game is saved, `freecell spider play` resumes it
  38, 30v2   type a move in notation (columns 1-9, 0 is column 10; v and a count:
             part of a run into an empty column)
  ?          this help (any key closes it)"""

# the key line, fitted to the terminal's width: the keys of lowest priority go first
KEYS = ((7, "←→ focus"), (4, "↑↓ run"), (8, "Enter pick/drop"), (3, "Esc cancel"), (6, "D deal"), (6, "U undo"),
        (2, "R redo"), (6, "H hint"), (1, "N new"), (1, "S restart"), (5, "Q quit"), (10, "? help"))


@dataclass(frozen=True)
class Spot:
    """A place the focus can be on: the stock or a column (0-9)."""

    kind: str  # STOCK or COLUMN
    index: int

    def describe(self) -> str:
        return "the stock" if self.kind == STOCK else f"column {self.index + 1}"


class Board(KeyBoard[Game, Spot, Move, Position]):
    """The state of Spider's game screen and what keys do to it.

    ``save`` is called after every change of the game; ``new_game`` makes the game
    of a new deal (key N)."""

    TITLE = "Spider"
    KEYS_HELP = KEYS_HELP
    KEYS = KEYS
    # ten columns of six characters, the padding and a scroll bar; the table's frame
    # and the opening deal's rows
    MIN_WIDTH, MIN_HEIGHT = 64, 20

    # -- places ---------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        return [Spot(STOCK, 0)] + [Spot(COLUMN, i) for i in range(len(self.position.columns))]

    def column_spot(self, index: int) -> Spot:
        return Spot(COLUMN, index)

    def run_length(self, column: int) -> int:
        return self.position.columns[column].run_length()

    def run_at_focus(self) -> int:
        f = self.focus
        return min(self.depth, self.run_length(f.index)) if f.kind == COLUMN else 0

    def run_stops(self, column: int, run: int) -> str:
        col = self.position.columns[column]
        first = col.up[-run]
        if len(col.up) > run:
            above = col.up[-run - 1]
            why = (f"{above} above it is of another suit" if above.suit != first.suit
                   else f"{above} above it is not one rank higher")
            return f"the run starts at {first}: {why}"
        if col.down:
            return f"the run starts at {first}: the card above it is face down"
        return f"the run starts at {first}, the first card of the column"

    def targets(self) -> set[Spot]:
        """The columns where what is held can legally go."""
        if self.held is None:
            return set()
        src, n = self.held
        out = set()
        for d in range(len(self.position.columns)):
            if d == src.index:
                continue
            try:
                resolve(self.position, Move(src.index, d, n), self.game.unrestricted)
            except FreecellError:  # refused: not a target
                continue
            out.add(Spot(COLUMN, d))
        return out

    def hint_spots(self) -> tuple[Spot | None, Spot | None]:
        if self.hinted is None:
            return None, None
        if self.hinted.is_deal:
            return Spot(STOCK, 0), None
        assert self.hinted.source is not None and self.hinted.dest is not None
        return Spot(COLUMN, self.hinted.source), Spot(COLUMN, self.hinted.dest)

    # -- keys -----------------------------------------------------------------------
    def _command(self, ch: str) -> str | None:
        if ch == "d":
            return self._play(DEAL, "played")
        return super()._command(ch)

    def _pick_up(self) -> str | None:
        f, p = self.focus, self.position
        if f.kind == STOCK:
            return self._play(DEAL, "played")
        n = self.run_at_focus()
        if n == 0:
            self.say(f"{f.describe()} is empty", "error")
            return None
        self.held = (f, n)
        cards = p.columns[f.index].up[-n:]
        them = "it" if n == 1 else "them"
        self.say(f"picked up {' '.join(str(c) for c in cards)} from {f.describe()}: "
                 f"Enter on a highlighted column drops {them}, Esc puts {them} back")
        return None

    def _drop(self, src: Spot, n: int) -> str | None:
        f = self.focus
        if f.kind == STOCK:
            self.say("no card goes on the stock: drop on a highlighted column, or Esc", "error")
            return None
        return self._play(Move(src.index, f.index, n), "played")

    def _starts_move(self, ch: str) -> bool:
        return ch.isdigit()

    def _typed_refusal(self, text: str) -> str:
        if text[1].isdigit():
            return ""
        return f"{text!r} is not a move: a column then another (1-9, 0 is column 10), or D to deal"

    def _typed_waits(self, text: str) -> str:
        p, ch = self.position, text[1]
        if ch != text[0] and not len(p.columns[(int(ch) - 1) % 10]) \
                and p.columns[(int(text[0]) - 1) % 10].run_length() > 1:
            return "Enter: the whole run; v and a count: fewer cards"
        return ""

    def _play(self, move: Move, verb: str, typed: str | None = None) -> str | None:
        before = self.position
        outcome = self.game.play_move(move)
        if not outcome.ok:
            shown = typed or str(move if move.is_deal or move.dest is None else notation(before, move))
            self.say(f"refused {shown}: {outcome.message}", "error")
            return None
        self._drop_selection()
        if move.dest is not None and typed is None:
            self.focus = Spot(COLUMN, move.dest)
        self.depth = 1
        self._changed(f"{verb} {outcome.message} ({_what(before, Move.parse(outcome.message), self.position)})")
        return None

    def parse_move(self, text: str) -> Move:
        return Move.parse(text)

    def last_step(self) -> str:
        return self.game.moves[-1] if self.game.moves else ""

    def moves_played(self) -> int:
        return len(self.game.moves)

    def score(self) -> str:
        return plural(self.position.moves, "move")

    def hint_job(self, seconds: float) -> tuple[Callable[[], Hint], tuple[object, ...]]:
        from .play import find_hint

        position, unrestricted = self.position, self.game.unrestricted  # frozen: no copy needed

        def work() -> Hint:
            try:
                return find_hint(position, unrestricted, seconds)
            except Exception as e:  # the solver failed: say so, keep playing
                return Hint("gave-up", reason=f"no hint: the solver failed ({type(e).__name__}: {e})")

        return work, position.key()

    # -- what the screen shows ---------------------------------------------------------
    def game_name(self) -> str:
        p = self.game.start
        return f"deal {p.deal} ({plural(p.suits, 'suit')})" if p.deal is not None else "this position"

    def status(self) -> str:
        extra = " | unrestricted deal" if self.game.unrestricted else ""
        return status_line(self.position) + extra

    def notes(self) -> str:
        g, p = self.game, self.position
        if p.is_won():
            return f"won in {plural(p.moves, 'move')}"
        moves = legal_moves(p, g.unrestricted)
        if not moves:
            return "no legal move left: U undo, S start over, N new deal"
        if all(m.is_deal for m in moves):
            return "no move left on the table: D deals from the stock"
        if p.stock and not p.can_deal(g.unrestricted):
            empty = next(i for i, c in enumerate(p.columns) if not len(c))
            return f"no deal while column {empty + 1} is empty"
        return ""

    def selection_line(self) -> str:
        """What Enter picks up or does at the focus, or what is held."""
        p = self.position
        if self.held is not None:
            src, n = self.held
            card = p.columns[src.index].up[-n]
            names = target_names(self.ordered(self.targets()), Spot.describe,
                                 lambda s: not len(p.columns[s.index]))
            return self.holding_line(card, names)
        f = self.focus
        if f.kind == STOCK:
            if not p.stock:
                return "the stock is empty: every card is dealt"
            if not p.can_deal(self.game.unrestricted):
                empty = next(i for i, c in enumerate(p.columns) if not len(c))
                return f"the stock: {plural(p.deals_left, 'deal')} left; no deal while column {empty + 1} is empty"
            return f"the stock: {plural(p.deals_left, 'deal')} left; Enter or D deals ten cards, one on each column"
        if len(p.columns[f.index]):
            n = self.run_at_focus()
            card = p.columns[f.index].up[-n]
            run = self.run_length(f.index)
            if run == 1:
                return f"from {card}: 1 card"
            return f"from {card}: {plural(n, 'card')} of a run of {run}; ↑ ↓ change where the run starts"
        return ""

    def draw_places(self, out: Text, width: int) -> None:
        """The stock and the eight places of the removed runs, on one line (the
        minimum width holds it)."""
        p = self.position
        targets = self.targets()
        hint_src, hint_dst = self.hint_spots()
        # the stock (how many deals are left), then a slot for each run: removed ones show their king
        stock = Spot(STOCK, 0)
        st = self.spot_style(stock, targets, hint_src, hint_dst)
        out.append(">" if stock == self.focus else "[", style=st)
        out.append(" ##" if p.stock else "   ", style=st or "blue")
        out.append("<" if stock == self.focus else "]", style=st)
        out.append(f" ×{p.deals_left:<5}")
        for k in range(RUNS):
            out.append("[", style="dim")
            if k < len(p.removed):
                out.append_text(card_text(Card(13, p.removed[k])))
            else:
                out.append("   ")
            out.append("] " if k < RUNS - 1 else "]", style="dim")
        out.append("\n")

    def table_columns(self) -> tuple[list[tuple[Card | None, ...]], int]:
        p = self.position
        columns = [(None,) * len(c.down) + c.up for c in p.columns]
        hint_count = 0
        if self.hinted is not None and not self.hinted.is_deal:
            try:
                hint_count = resolve(p, self.hinted, self.game.unrestricted).count or 0
            except FreecellError:  # a hint for a table since left: nothing to mark
                hint_count = 0
        return columns, hint_count


def _what(before: Position, move: Move, after: Position) -> str:
    """What a move just played did: a deal, or a move's cards and where they went,
    and a run it removed."""
    text = f"ten cards dealt, {plural(after.deals_left, 'deal')} left" if move.is_deal else \
        describe(before, resolve(before, move))
    if len(after.removed) > len(before.removed):
        suits = after.removed[len(before.removed):]
        names = " and ".join(f"a run of {SUIT_NAMES[s]}" for s in suits)
        text += f"; {names} removed ({len(after.removed)} of {RUNS})"
    return text
