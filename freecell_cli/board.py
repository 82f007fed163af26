"""Keyboard play on the game screen, as seed 001's page plays from the keyboard:
the focus, the run picked up, what each key does, and the text of the screen.

Everything here is plain Python over a :class:`~freecell_cli.game.Game` (which owns
the rules, undo and saving); what the keys both games share do is
:class:`~freecell_cli.keyboard.KeyBoard`'s (Spider's board is the other one); the
full-screen program (:mod:`freecell_cli.screen`) only hands keys to
:meth:`Board.press` and shows :meth:`Board.render`.

>>> from freecell_cli.game import Game
>>> b = Board(Game.new(617))
>>> for key in ["right"] * 4 + ["enter"]:  # from column 1 to column 5
...     _ = b.press(key)
>>> b.message
'picked up JC from column 5: Enter on a highlighted place drops it, Esc puts it back'
>>> for key in ["left"] * 9:  # over the foundations to free cell d
...     _ = b.press(key)
>>> _ = b.press("enter"); b.game.moves, b.message   # onto free cell d
(1, 'played 5d (JC to a free cell, uncovers 7C)')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .cards import CARDS, SUIT_SYMBOLS, SUITS
from .errors import FreecellError
from .game import Game
from .games import is_unlimited
from .hints import Hint, explain
from .keyboard import HELD, KeyBoard, card_text, target_names
from .moves import CELL, COLUMN, FOUNDATION, Move, Place, can_move, resolve
from .position import CELL_LETTERS, Position, cell_letter, cell_letters
from .text import clock, escape, plural

if TYPE_CHECKING:  # rich is imported only when the screen is drawn
    from rich.text import Text

    from .cards import Card

COMMAND_KEYS = "urhnfsqy?"  # letters with a meaning of their own (with Shift, never a place)

_KEYS_HELP = """\
Keys
  ← →        move the focus over the free cells, the foundations and the columns
  Tab        jump between the top row (free cells, foundations) and the columns,
             Shift-Tab too; holding cards: to the first place there they can go
  ↑ ↓        in a column: choose the card where the run to pick up starts
  Enter/Space pick up the card or run in focus, drop it on the place in focus,
             or send a card that can go home straight to its foundation
  Esc        put back what is picked up, or forget the move being typed
  47 4a 4h   a move typed in standard notation, where from then where to
             (columns 1-8, free cells a-d, h home): the first key puts the focus
             there, and Enter then picks up there instead; into an empty column
             Enter moves one card, v and a count more (15v2), or the run ↑ ↓ chose
  1-8 a-d h  holding cards: drop them on that column or free cell, or home
  U / R      undo / redo (unlimited; a run or a whole auto-complete is one step)
  H          hint, with why (H again plays it)
  F          auto-complete: every card that can go home goes (each one a move)
  N          new deal      S  start this deal over (both ask first)
  Q          quit: the game is saved, `freecell play` resumes it
  ?          this help (any key closes it; Space shows its next page, if any)
  ⋮12        on a short terminal: twelve cards of a long column not drawn"""


_HELP_WIDTH = max(len(line) for line in _KEYS_HELP.splitlines())  # the widest line FreeCell's help has


def keys_help(columns: int = 8, cells: int = 4) -> str:
    """The help page of a table of ``columns`` columns and ``cells`` free cells: its
    places' keys (the tenth column's is 0; a free cell whose letter is a command's,
    Eight Off's f, takes the letter alone, the command Shift).

    >>> keys_help() == KEYS_HELP
    True
    >>> [line for line in keys_help(10, 8).splitlines() if "0-9" in line or "Shift only" in line]
    ['  0-9 a-i h  holding cards: drop them on that column or free cell, or home', \
'             here with Shift only: f alone is free cell f']
    """
    from .layout import wrap

    text = _KEYS_HELP
    if columns != 8 or cells != 4:
        letters = cell_letters(cells) or "none"
        numbers = f"1-{columns}" if columns <= 9 else "1-9, 0 the tenth"
        typed = text[text.index("  47 4a 4h"):text.index("  1-8 a-d h")]
        entry = " ".join(typed.split()).replace("(columns 1-8, free cells a-d, h home)",
                                                 f"(columns {numbers}, free cells {letters}, h home)")
        # the arrows stay together (textwrap breaks at ASCII blanks only)
        entry = "  " + entry.replace("47 4a 4h ", "47 4a 4h   ").replace("↑ ↓", "↑\xa0↓")
        text = text.replace(typed, "\n".join(wrap(entry, _HELP_WIDTH, indent=13)).replace("\xa0", " ") + "\n")
        short = "a-" + CELL_LETTERS[cells - 1] if cells > 1 else letters  # the key column is narrow: a-i, said in full above
        keys = f"{'0-9' if columns > 9 else numbers} {short if cells else ''} h".replace("  ", " ")
        text = text.replace("  1-8 a-d h  ", f"  {keys:<11}")
    for letter, entry in (("f", "  F          auto-complete: every card that can go home goes (each one a move)"),
                          ("n", "  N          new deal      S  start this deal over (both ask first)")):
        if letter in CELL_LETTERS[:cells]:
            text = text.replace(entry, f"{entry}\n             here with Shift only: {letter} alone is free cell "
                                       f"{letter}")
    return text


KEYS_HELP = keys_help()

# the key line, fitted to the terminal's width: the keys of lowest priority go first
KEYS = ((9, "47 move"), (7, "←→ Tab focus"), (4, "↑↓ run"), (8, "Enter pick/drop"), (3, "Esc cancel"),
        (6, "U undo"), (2, "R redo"), (6, "H hint"), (2, "F auto"), (1, "N new"), (1, "S restart"),
        (5, "Q quit"), (10, "? help"))


@dataclass(frozen=True)
class Spot:
    """A place the focus can be on: a free cell, a foundation (by suit) or a column."""

    kind: str  # CELL, FOUNDATION or COLUMN
    index: int

    def place(self) -> Place:
        return Place(self.kind, self.index)

    def describe(self) -> str:
        if self.kind == FOUNDATION:
            return f"the {SUITS[self.index]} foundation"
        return self.place().describe()


class Board(KeyBoard[Game, Spot, Move, Position]):
    """The state of the game screen and what keys do to it (the keys both games
    share: :class:`~freecell_cli.keyboard.KeyBoard`).

    ``save`` is called after every change of the game; ``new_game`` makes the game
    of a new deal (key N)."""

    TITLE = "FreeCell"
    KEYS_HELP = KEYS_HELP
    KEYS = KEYS
    # eight columns of six characters and the padding; the status, the places, the
    # columns' numbers, four rows of cards, the three lines below and the key line
    # (a family game's table may need more: its own, set when the board is made)
    MIN_WIDTH, MIN_HEIGHT = 50, 14

    def __init__(self, game: Game, save: Callable[[Game], None] | None = None,
                 new_game: Callable[[Game], Game] | None = None,
                 kept_where: Callable[[Game], str] | None = None) -> None:
        super().__init__(game, save, new_game, kept_where)
        # A new deal (N) is of the same game, on the same table: these hold for the session.
        table = game.start
        self.TITLE = game.kind.title
        self.KEYS_HELP = keys_help(len(table.columns), len(table.cells))
        self.MIN_WIDTH = max(Board.MIN_WIDTH, 6 * len(table.columns) + 2)
        self.MIN_HEIGHT = Board.MIN_HEIGHT + len(_place_rows(len(table.cells), self.MIN_WIDTH - 2)) - 1

    # -- places ---------------------------------------------------------------------
    def spots(self) -> list[Spot]:
        p = self.position
        return ([Spot(CELL, i) for i in range(len(p.cells))] + [Spot(FOUNDATION, i) for i in range(4)]
                + [Spot(COLUMN, i) for i in range(len(p.columns))])

    def column_spot(self, index: int) -> Spot:
        return Spot(COLUMN, index)

    def run_at_focus(self) -> int:
        """How many cards Enter would pick up at the focus."""
        f = self.focus
        if f.kind == CELL:
            return 1 if self.position.cells[f.index] is not None else 0
        if f.kind == COLUMN:
            return min(self.depth, self.position.run_length(f.index))
        return 0

    def move_to(self, spot: Spot) -> Move:
        """The move of what is held onto ``spot``, unchecked."""
        assert self.held is not None
        src, n = self.held
        dst = spot.place()
        if spot.kind == COLUMN:
            return Move(src.place(), dst, n, not self.position.columns[spot.index])
        if spot.kind == FOUNDATION:
            return Move(src.place(), Place(FOUNDATION, -1), n)
        return Move(src.place(), dst, n)

    def targets(self) -> set[Spot]:
        """Where what is held can legally go (a free cell to another free cell is not
        a move: it changes nothing)."""
        if self.held is None:
            return set()
        out = set()
        src = self.held[0]
        for spot in self.spots():
            if spot == src or (spot.kind == CELL and src.kind == CELL):
                continue
            try:
                resolve(self.position, self.move_to(spot), self.game.variant)
            except FreecellError:  # refused: not a target
                continue
            out.add(spot)
        return out

    def hint_spots(self) -> tuple[Spot | None, Spot | None]:
        if self.hinted is None:
            return None, None
        src, d = self.hinted.source, self.hinted.dest
        if d.kind != FOUNDATION:
            return Spot(src.kind, src.index), Spot(d.kind, d.index)
        p = self.position
        col = p.columns[src.index] if src.kind == COLUMN else []
        card = p.cells[src.index] if src.kind == CELL else (col[-1] if col else None)
        return Spot(src.kind, src.index), (Spot(FOUNDATION, card.suit_index) if card is not None else None)

    def capacity(self) -> int:
        return can_move(self.position, self.game.variant)

    def run_length(self, column: int) -> int:
        return self.position.run_length(column)

    def run_stops(self, column: int, run: int) -> str:
        col = self.position.columns[column]
        above = col[-run - 1] if len(col) > run else None
        return f"the run starts at {col[-run]}" + (f": it does not go on {above}" if above else
                                                   ", the first card of the column")

    # -- keys -----------------------------------------------------------------------
    def _command(self, ch: str) -> str | None:
        if ch == "f":
            outcome = self.game.collect()
            if outcome.ok:
                self._changed(f"auto-complete: {outcome.message}")
            else:
                self.say(outcome.message, "error")
            return None
        return super()._command(ch)

    def parse_move(self, text: str) -> Move:
        return Move.parse(text, len(self.position.columns))

    def parse_typed(self, text: str) -> Move:
        run = self._chosen_run(text)
        if len(self.position.columns) > 9 and "0" in text[:2]:  # the key 0 is the tenth column: 10 in notation
            text = "".join("10" if ch == "0" else ch for ch in text[:2]) + text[2:]
        return self.game.parse(text + (f"v{run}" if run else ""))  # a card's name too (7S8)

    def _column_key(self, ch: str) -> int | None:
        """The column (0-based) a digit names: 1-9, and 0 the tenth (Seahaven Towers')."""
        if not ch.isdigit():
            return None
        i = (int(ch) or 10) - 1
        return i if i < len(self.position.columns) else None

    def _chosen_run(self, text: str) -> int:
        """The run chosen with ↑ ↓ for a move typed from the column in focus into an
        empty column (``15`` after ↑: ``15v2``), or 0: the notation's count."""
        p = self.position
        dest = self._column_key(text[1]) if len(text) == 2 else None
        if (dest is not None and text[0].isdigit() and self.focus == self.place_key(text[0]) and self.depth > 1
                and not p.columns[dest]):
            return self.run_at_focus()
        return 0

    def place_key(self, ch: str) -> Spot | None:
        """A column's digit (0: the tenth), a free cell's letter; ``h`` (home) while
        cards are held: the foundation of the first one."""
        p = self.position
        if ch.isdigit():
            i = self._column_key(ch)
            return Spot(COLUMN, i) if i is not None else None
        if ch == "h" and self.held is not None:
            src, n = self.held
            card = p.cells[src.index] if src.kind == CELL else p.columns[src.index][-n]
            return Spot(FOUNDATION, card.suit_index) if card is not None else None
        letters = CELL_LETTERS[: len(p.cells)]
        return Spot(CELL, letters.index(ch)) if ch in letters else None

    def shadowed(self, ch: str) -> bool:
        return ch in COMMAND_KEYS and ch in CELL_LETTERS[: len(self.position.cells)]

    def typing_line(self) -> str:
        if len(self.typed) == 1 and self.place_key(self.typed) == self.focus:
            cells = len(self.position.cells)
            letters = f", {cell_letters(cells)}" if cells else ""
            columns = len(self.position.columns)
            numbers = f"1-{columns}" if columns <= 9 else "1-9, 0"
            return (f"typing a move: {self.typed}_ (then where to: {numbers}{letters}, h; "
                    "Enter picks up here; Esc cancels)")
        return super().typing_line()

    def last_step(self) -> str:
        g = self.game
        return " ".join(g.steps[-1].moves) if g.steps else ""

    def moves_played(self) -> int:
        return self.game.moves

    def score(self) -> str:
        g = self.game
        return f"{plural(g.moves, 'move')}, time {clock(g.elapsed)}"

    def pause_clock(self) -> None:
        self.game.pause_clock()

    def resume_clock(self) -> None:
        self.game.resume_clock()

    def _starts_move(self, ch: str) -> bool:
        if ch.isdigit():
            return self._column_key(ch) is not None
        return ch in CELL_LETTERS[: len(self.position.cells)]

    def _typed_refusal(self, text: str) -> str:
        p, ch = self.position, text[1]
        if ch == "h" or self._column_key(ch) is not None or ch in CELL_LETTERS[: len(p.cells)]:
            return ""
        cells, columns = len(p.cells), len(p.columns)
        letters = f", {cell_letters(cells)}" if cells else ""
        numbers = f"1-{columns}" if columns <= 9 else "1-9, 0"
        return f"{text!r} is not a move: a source ({numbers}{letters}) then a destination ({numbers}{letters}, h)"

    def _typed_waits(self, text: str) -> str:
        dest = self._column_key(text[1])
        if dest is not None and not self.position.columns[dest] and text[0].isdigit() and not self._chosen_run(text):
            return "Enter: one card; v and a count: more"
        return ""

    def _pick_up(self) -> str | None:
        f, p = self.focus, self.position
        if f.kind == FOUNDATION:
            self.say("cards never leave the foundation (only undo takes one back)", "error")
            return None
        n = self.run_at_focus()
        if n == 0:
            self.say(f"{f.describe()} is empty", "error")
            return None
        card = p.cells[f.index] if f.kind == CELL else p.columns[f.index][-n]
        assert card is not None  # run_at_focus counted it
        if n == 1 and p.foundations[card.suit_index] == card.rank - 1:
            return self._play(Move(f.place(), Place(FOUNDATION, -1), 1), "played")
        self.held = (f, n)
        what = f"{card}" if n == 1 else " ".join(str(c) for c in p.columns[f.index][-n:])
        over = "" if n <= self.capacity() else f" ({n} cards > can move {self.capacity()})"
        self.say(f"picked up {what} from {f.describe()}{over}: Enter on a highlighted place drops "
                 f"{'it' if n == 1 else 'them'}, Esc puts {'it' if n == 1 else 'them'} back")
        return None

    def _drop(self, src: Spot, n: int) -> str | None:
        f = self.focus
        if f.kind == CELL and src.kind == CELL:
            self._drop_selection()
            self.say("moving a card between free cells changes nothing: not a move, not counted")
            return None
        return self._play(self.move_to(f), "played")

    def _play(self, move: Move, verb: str, typed: str | None = None) -> str | None:
        before = self.position.copy()
        outcome = self.game.play_move(move)
        if not outcome.ok:
            # The key 0 is the tenth column, which the notation writes 10: the move's own text then.
            shown = move if typed is None or "0" in typed[:2] else typed
            self.say(f"refused {shown}: {outcome.message}", "error")
            return None
        self._drop_selection()
        if move.dest.kind != FOUNDATION and typed is None:
            self.focus = Spot(move.dest.kind, move.dest.index)
        self.depth = 1
        resolved = self.parse_move(outcome.message)
        self._changed(f"{verb} {outcome.message} ({explain(before, _with_count(before, resolved, move))})")
        return None

    def hint_job(self, seconds: float) -> tuple[Callable[[], Hint], tuple[object, ...]]:
        from .hints import find_hint
        from .solvers.result import GAVE_UP

        position, variant = self.position.copy(), self.game.variant

        def work() -> Hint:
            try:
                return find_hint(position, variant, seconds)
            except Exception as e:  # the solver failed: say so, keep playing
                return Hint(GAVE_UP, reason=f"the solver failed ({type(e).__name__}: {e})")

        return work, position.key()

    # -- what the screen shows ---------------------------------------------------------
    def game_name(self) -> str:
        g = self.game
        if g.daily:
            return f"the daily deal of {escape(g.daily)} (deal {g.deal})"  # as the save holds it
        title = f"{g.kind.title} " if g.kind.family else ""
        return f"{title}deal {g.deal}" if g.deal is not None else f"this {title}position"

    def status(self) -> str:
        from .render import can_move_text

        g = self.game
        label = f"daily {escape(g.daily)} (deal {g.deal})" if g.daily else (f"deal {g.deal}" if g.deal is not None
                                                                    else "position")
        if g.kind.family:
            label = f"{g.kind.title} {label}"
        return f"{label} | moves {g.moves} | time {clock(g.elapsed)} | {can_move_text(self.position, g.variant)}"

    def short_status(self) -> str:
        return self.status().rsplit(" (", 1)[0]  # without the free cells and empty columns

    def notes(self) -> str:
        g = self.game
        if g.position.is_won():
            return f"won in {plural(g.moves, 'move')}, time {clock(g.elapsed)}"
        if g.stuck():
            return "no legal move left: U undo, S start over, N new deal"
        if g.can_autocomplete():
            return "the rest can go home directly: F auto-completes"
        return ""

    def selection_line(self) -> str:
        """What Enter picks up at the focus, or what is held."""
        p = self.position
        if self.held is not None:
            src, n = self.held
            card = p.cells[src.index] if src.kind == CELL else p.columns[src.index][-n]
            spots = self.ordered(self.targets())
            cells = [s for s in spots if s.kind == CELL]
            names = [cells[0].describe() if len(cells) == 1 else "any free cell"] if cells else []
            names += [s.describe() for s in spots if s.kind == FOUNDATION]
            names += target_names(spots, Spot.describe, lambda s: not p.columns[s.index])
            return self.holding_line(card, names)
        f = self.focus
        if f.kind == COLUMN and p.columns[f.index]:
            n = self.run_at_focus()
            card = p.columns[f.index][-n]
            cap = self.capacity()
            few = "free cells" if self.game.kind.capacity == "cells" else "free cells or empty columns"
            fits = ("can move any run" if is_unlimited(self.game.variant) else f"can move {cap}" if n <= cap
                    else f"{n} cards > can move {cap}: too few {few}")
            return f"from {card}: {plural(n, 'card')} ({fits}); ↑ ↓ change where the run starts"
        return ""

    def draw_places(self, out: Text, width: int) -> None:
        """The free cells and the foundations, six characters each, as many on a line
        as ``width`` holds (all of them on one, with four free cells)."""
        from rich.text import Text

        p = self.position
        targets = self.targets()
        hint_src, hint_dst = self.hint_spots()
        held_src = self.held[0] if self.held is not None else None
        rows = _place_rows(len(p.cells), width)
        breaks = {sum(rows[:i]) for i in range(1, len(rows))}
        spots = [Spot(CELL, i) for i in range(len(p.cells))] + [Spot(FOUNDATION, k) for k in range(len(SUITS))]
        for n, spot in enumerate(spots):
            if n in breaks:
                out.rstrip()
                out.append("\n")
            st = self.spot_style(spot, targets, hint_src, hint_dst)
            if spot.kind == CELL:
                st = st or (HELD if spot == held_src else "")
                c = p.cells[spot.index]
                inner = card_text(c, st) if c is not None else Text(f" {cell_letter(spot.index)} ", style=st or "dim")
            else:
                k, f = spot.index, p.foundations[spot.index]
                inner = card_text(CARDS[(f - 1) * 4 + k], st) if f else Text(f" {SUIT_SYMBOLS[SUITS[k]]} ",
                                                                            style=st or "dim")
            out.append(">" if spot == self.focus else "[", style=st)
            out.append_text(inner)
            out.append("<" if spot == self.focus else "]", style=st)
            out.append("+" if spot in targets else " ")
        out.append("\n")

    def table_columns(self) -> tuple[list[list[Card]], int]:
        hint_count = (self.hinted.count or 1) if self.hinted is not None else 0
        return self.position.columns, hint_count


def _place_rows(cells: int, width: int) -> list[int]:
    """How many places each line of the top row holds (six characters each): all on
    one line when they fit, else the free cells, then the foundations, each on
    lines of their own (Eight Off's eight free cells on a narrow terminal).

    >>> _place_rows(4, 98), _place_rows(8, 48), _place_rows(15, 60)
    ([8], [8, 4], [10, 5, 4])
    """
    per_line = max(width // 6, 1)
    if cells + len(SUITS) <= per_line:
        return [cells + len(SUITS)]
    return [min(per_line, cells - i) for i in range(0, cells, per_line)] + \
        [min(per_line, len(SUITS) - i) for i in range(0, len(SUITS), per_line)]


def _with_count(position: Position, resolved: Move, asked: Move) -> Move:
    """``resolved`` (as the game wrote it) with the card count it had."""
    if resolved.count is not None:
        return resolved
    if asked.count is not None:
        return Move(resolved.source, resolved.dest, asked.count, resolved.to_empty)
    from .render import cards_taken

    return Move(resolved.source, resolved.dest, cards_taken(position, resolved), resolved.to_empty)
