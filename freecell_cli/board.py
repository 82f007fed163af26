"""Keyboard play on the game screen, as seed 001's page plays from the keyboard:
the focus, the run picked up, what each key does, and the text of the screen.

Everything here is plain Python over a :class:`~freecell_cli.game.Game` (which owns
the rules, undo and saving); the full-screen program (:mod:`freecell_cli.screen`)
only hands keys to :meth:`Board.press` and shows :meth:`Board.render`.

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

from .cards import CARDS, SUIT_SYMBOLS, SUITS, Card
from .errors import FreecellError, FreecellRuntimeError
from .game import Game
from .hints import Hint, explain
from .moves import CELL, COLUMN, FOUNDATION, Move, Place, can_move, resolve
from .position import Position, cell_letter
from .solvers.result import UNSOLVABLE
from .text import clock, escape, plural

if TYPE_CHECKING:  # rich is imported only when the screen is drawn
    from rich.text import Text

COMMAND_KEYS = "urhnfsqy?"  # letters with a meaning of their own (never the start of a typed move)

KEYS_HELP = """\
Keys
  ← →        move the focus over the free cells, the foundations and the columns
  ↑ ↓        in a column: choose the card where the run to pick up starts
  Enter/Space pick up the card or run in focus, drop it on the place in focus,
             or send a card that can go home straight to its foundation
  Esc        put back what is picked up (nothing changes)
  U / R      undo / redo (unlimited; a run or a whole auto-complete is one step)
  H          hint, with why (H again plays it)
  F          auto-complete: every card that can go home goes (each one a move)
  N          new deal      S  start this deal over (both ask first)
  Q          quit: the game is saved, `freecell play` resumes it
  5a, 82, 8h type a move in standard notation (columns 1-8, free cells a-d, h home)
  ?          this help (any key closes it)"""

# backgrounds only (light ones: a card on them is drawn black or red)
HELD, TARGET, HINT_FROM, HINT_TO = "on bright_white", "on bright_green", "on yellow", "on cyan"

FOOTER = "←→ focus ↑↓ run Enter pick/drop Esc cancel U undo R redo H hint F auto N new S restart Q quit ? help"


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


class Board:
    """The state of the game screen and what keys do to it.

    ``save`` is called after every change of the game; ``new_game`` makes the game
    of a new deal (key N)."""

    def __init__(self, game: Game, save: Callable[[Game], None] | None = None,
                 new_game: Callable[[Game], Game] | None = None) -> None:
        self.game = game
        self.save = save or (lambda g: None)
        self.new_game = new_game
        self.focus = Spot(COLUMN, 0)
        self.depth = 1  # in the focused column: the run to pick up is its last `depth` cards
        self.held: tuple[Spot, int] | None = None  # picked up: where from, how many cards
        self.message = ""
        self.tone = "info"  # info, good, error
        self.confirm: str | None = None  # "new" or "restart", waiting for Y
        self.typed = ""  # the start of a move typed in standard notation
        self.hinted: Move | None = None  # shown on the table until the next move
        self.help = False
        self.quit = False
        self.hint_pending = False

    # -- places ---------------------------------------------------------------------
    @property
    def position(self) -> Position:
        return self.game.position

    def spots(self) -> list[Spot]:
        p = self.position
        return ([Spot(CELL, i) for i in range(len(p.cells))] + [Spot(FOUNDATION, i) for i in range(4)]
                + [Spot(COLUMN, i) for i in range(len(p.columns))])

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

    def capacity(self) -> int:
        return can_move(self.position, self.game.variant)

    # -- keys -----------------------------------------------------------------------
    def press(self, key: str) -> str | None:
        """One key: ``left``, ``right``, ``up``, ``down``, ``enter``, ``space``,
        ``escape``, ``backspace``, or a character. Returns ``"hint"`` when a hint is
        to be computed (:meth:`show_hint` takes the answer), ``"quit"`` to leave,
        else None."""
        if self.help:
            self.help = False
            if key in ("escape", "?", "enter", "space", "q"):
                return None
        if self.confirm is not None:
            what, self.confirm = self.confirm, None
            if key.lower() == "y":
                return self._confirmed(what)
            self.say("kept playing: nothing changed")
            return None
        if key in ("left", "right"):
            spots = self.spots()
            i = spots.index(self.focus) if self.focus in spots else 0
            self.focus = spots[(i + (1 if key == "right" else -1)) % len(spots)]
            self.depth = 1
            self.typed = ""
            return None
        if key in ("up", "down"):
            return self._choose_run(1 if key == "up" else -1)
        if key in ("enter", "space", " "):
            if self.typed:
                return self._typed_done()
            return self._activate()
        if key == "escape":
            return self._cancel()
        if key == "backspace":
            self.typed = self.typed[:-1]
            return None
        if len(key) != 1:
            return None
        ch = key.lower()
        if self.typed:
            return self._type(ch)
        if self._starts_move(ch):
            self.typed = ch
            self.say(f"typing a move: {ch}_ (Esc cancels)")
            return None
        return self._command(ch)

    def _command(self, ch: str) -> str | None:
        g = self.game
        if ch == "q":
            self.quit = True
            return "quit"
        if ch == "?":
            self.help = True
            return None
        if ch == "u":
            last = g.steps[-1].moves if g.steps else []
            if g.undo():
                self._changed(f"undone: {' '.join(last)}")
            else:
                self.say("nothing to undo", "error")
            return None
        if ch == "r":
            if g.redo():
                self._changed(f"redone: {' '.join(g.steps[-1].moves)}")
            else:
                self.say("nothing to redo", "error")
            return None
        if ch == "h":
            if g.hint is not None and not g.position.is_won():
                return self._play(Move.parse(g.hint), "played the hint")
            self.hint_pending = True
            self.say("computing a hint…")
            return "hint"
        if ch == "f":
            outcome = g.collect()
            if outcome.ok:
                self._changed(f"auto-complete: {outcome.message}")
            else:
                self.say(outcome.message, "error")
            return None
        if ch == "n":
            return self._ask("new", "start a new deal?")
        if ch == "s":
            return self._ask("restart", "start this deal over from the opening position?")
        self.say(f"{ch!r} is not a key of the game: ? shows them", "error")
        return None

    def _ask(self, what: str, question: str) -> str | None:
        g = self.game
        if g.moves and not g.position.is_won():
            self.confirm = what
            self.say(f"{question} The game in progress ({plural(g.moves, 'move')}) will be lost. "
                     "Y: yes, any other key: no", "error")
            return None
        return self._confirmed(what)

    def _confirmed(self, what: str) -> str | None:
        self._drop_selection()
        if what == "restart":
            self.game.restart()
            self._changed("back to the opening position")
            return None
        if self.new_game is None:
            self.say("no new deal here", "error")
            return None
        self.game.pause_clock()
        self.message = ""
        self.game = self.new_game(self.game)
        kept = self.message  # where the unfinished game was kept, if it was
        self._changed(f"now playing {self.game_name()}" + (f"; {kept}" if kept else ""))
        return None

    def _starts_move(self, ch: str) -> bool:
        p = self.position
        if ch.isdigit():
            return 1 <= int(ch) <= len(p.columns)
        return ch not in COMMAND_KEYS and ch in "abcdefghijklmnop"[: len(p.cells)]

    def _type(self, ch: str) -> str | None:
        self.typed += ch
        text = self.typed
        if len(text) == 2 and ch != "v":
            p = self.position
            ok = (ch == "h" or (ch.isdigit() and 1 <= int(ch) <= len(p.columns))
                  or ch in "abcdefghijklmnop"[: len(p.cells)])
            if not ok:
                self.typed = ""
                self.say(f"{text!r} is not a move: a source (1-8, a-d) then a destination (1-8, a-d, h)", "error")
                return None
            if ch.isdigit() and not p.columns[int(ch) - 1] and text[0].isdigit():
                self.say(f"typing a move: {text}_ (Enter: one card; v and a count: more)")
                return None
            return self._typed_done()
        self.say(f"typing a move: {text}_")
        return None

    def _typed_done(self) -> str | None:
        text, self.typed = self.typed, ""
        try:
            move = self.game.parse(text)
        except Exception as e:  # a FreecellError: the notation is wrong
            self.say(f"refused {text}: {e}", "error")
            return None
        return self._play(move, "played", typed=text)

    def _choose_run(self, step: int) -> str | None:
        f = self.focus
        if f.kind != COLUMN or not self.position.columns[f.index]:
            self.say("↑ ↓ choose where a run starts inside a column", "error")
            return None
        run = self.position.run_length(f.index)
        depth = min(self.depth, run) + step
        if depth > run:
            col = self.position.columns[f.index]
            above = col[-run - 1] if len(col) > run else None
            self.say(f"the run starts at {col[-run]}" + (f": it does not go on {above}" if above else
                                                          ", the first card of the column"), "error")
            depth = run
        self.depth = max(depth, 1)
        return None

    def _cancel(self) -> str | None:
        if self.typed:
            self.typed = ""
            self.say("typing cancelled")
        elif self.held is not None:
            self._drop_selection()
            self.say("put back: nothing changed")
        else:
            self.depth = 1
            self.hinted = None
            self.message = ""
        return None

    def _drop_selection(self) -> None:
        self.held = None
        self.typed = ""

    def _activate(self) -> str | None:
        f, p = self.focus, self.position
        if self.held is None:
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
        src, n = self.held
        if f == src:
            self._drop_selection()
            self.say("put back: nothing changed")
            return None
        if f.kind == CELL and src.kind == CELL:
            self._drop_selection()
            self.say("moving a card between free cells changes nothing: not a move, not counted")
            return None
        return self._play(self.move_to(f), "played")

    def _play(self, move: Move, verb: str, typed: str | None = None) -> str | None:
        before = self.position.copy()
        outcome = self.game.play_move(move)
        if not outcome.ok:
            self.say(f"refused {typed or move}: {outcome.message}", "error")
            return None
        self._drop_selection()
        if move.dest.kind != FOUNDATION and typed is None:
            self.focus = Spot(move.dest.kind, move.dest.index)
        self.depth = 1
        resolved = Move.parse(outcome.message)
        self._changed(f"{verb} {outcome.message} ({explain(before, _with_count(before, resolved, move))})")
        return None

    def _changed(self, text: str) -> None:
        self.hinted = None
        self.hint_pending = False
        g = self.game
        if g.position.is_won():
            self.say(f"you won {self.game_name()} in {plural(g.moves, 'move')}, time {clock(g.elapsed)}! "
                     "N: a new deal, S: play it again, Q: quit", "good")
        else:
            self.say(text, "info")
        try:
            self.save(g)
        except (FreecellError, FreecellRuntimeError, OSError) as e:
            self.say(f"{self.message} — but the game could not be saved: {e}", "error")

    def show_hint(self, hint: Hint, key: tuple[object, ...] | None = None) -> None:
        """Show a hint computed for the position whose :meth:`Position.key` is ``key``
        (none: the current one); a hint for a position since left is dropped."""
        if key is not None and key != self.position.key():
            return
        self.hint_pending = False
        if hint.move is not None:
            self.game.hint = str(hint.move) if hint.sure else None
            self.hinted = Move.parse(str(hint.move))
            extra = "; H again plays it" if hint.sure else ""
            self.say(hint.message[:-1] + extra + ")" if hint.message.endswith(")") else hint.message)
        else:
            self.say(hint.message, "error" if hint.verdict == UNSOLVABLE else "info")

    def say(self, text: str, tone: str = "info") -> None:
        self.message = text
        self.tone = tone

    # -- what the screen shows ---------------------------------------------------------
    def game_name(self) -> str:
        g = self.game
        if g.daily:
            return f"the daily deal of {escape(g.daily)} (deal {g.deal})"  # as the save holds it
        return f"deal {g.deal}" if g.deal is not None else "this position"

    def status(self) -> str:
        g, p = self.game, self.position
        label = f"daily {escape(g.daily)} (deal {g.deal})" if g.daily else (f"deal {g.deal}" if g.deal is not None
                                                                    else "position")
        return (f"{label} | moves {g.moves} | time {clock(g.elapsed)} | can move {self.capacity()} "
                f"({plural(p.free_cells, 'free cell')}, {plural(p.empty_columns, 'empty column')})")

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
            spots = self._ordered(self.targets())
            cells = [s for s in spots if s.kind == CELL]
            empty = [s for s in spots if s.kind == COLUMN and not p.columns[s.index]]
            names = [cells[0].describe() if len(cells) == 1 else "any free cell"] if cells else []
            names += [s.describe() for s in spots if s.kind == FOUNDATION]
            names += [s.describe() for s in spots if s.kind == COLUMN and s not in empty]
            names += [empty[0].describe() + " (empty)" if len(empty) == 1 else "any empty column"] if empty else []
            where = ", ".join(names) or "nowhere (Esc puts it back)"
            return f"holding {plural(n, 'card')} from {card}: can go to {where}"
        f = self.focus
        if f.kind == COLUMN and p.columns[f.index]:
            n = self.run_at_focus()
            card = p.columns[f.index][-n]
            cap = self.capacity()
            fits = f"can move {cap}" if n <= cap else f"{n} cards > can move {cap}: too few free cells or empty columns"
            return f"from {card}: {plural(n, 'card')} ({fits}); ↑ ↓ change where the run starts"
        return ""

    def _ordered(self, spots: set[Spot]) -> list[Spot]:
        return [s for s in self.spots() if s in spots]

    def render(self, width: int = 100) -> Text:
        """The screen as a :class:`rich.text.Text` (its ``.plain`` is the snapshot)."""
        from rich.text import Text

        p = self.position
        targets = self.targets()
        hint_src = hint_dst = None
        if self.hinted is not None:
            hint_src = Spot(self.hinted.source.kind, self.hinted.source.index)
            d = self.hinted.dest
            if d.kind == FOUNDATION:
                src = self.hinted.source
                col = p.columns[src.index] if src.kind == COLUMN else []
                card = p.cells[src.index] if src.kind == CELL else (col[-1] if col else None)
                hint_dst = Spot(FOUNDATION, card.suit_index) if card is not None else None
            else:
                hint_dst = Spot(d.kind, d.index)
        held_src, held_n = self.held if self.held is not None else (None, 0)

        def spot_style(spot: Spot) -> str:
            if spot == self.focus:
                return "reverse bold"
            if spot in targets:
                return TARGET
            if spot == hint_src:
                return HINT_FROM
            if spot == hint_dst:
                return HINT_TO
            return ""

        def card_text(card: Card | None, style: str = "") -> Text:
            if card is None:
                return Text("   ", style=style)
            if "on " in style:  # a light background: a fixed foreground (white would vanish)
                colour = "red" if card.is_red else "black"
            else:
                colour = "red" if card.is_red else ""
            return Text(f"{card.symbol():>3}", style=" ".join(x for x in ("bold", colour, style) if x))

        out = Text()
        out.append(self.status() + "\n\n", style="bold")
        # free cells and foundations
        for i, c in enumerate(p.cells):
            spot = Spot(CELL, i)
            st = spot_style(spot) or (HELD if spot == held_src else "")
            out.append(">" if spot == self.focus else "[", style=st)
            out.append_text(card_text(c, st) if c is not None else Text(f" {cell_letter(i)} ", style=st or "dim"))
            out.append("<" if spot == self.focus else "]", style=st)
            out.append("+" if spot in targets else " ")
        for k, s in enumerate(SUITS):
            spot = Spot(FOUNDATION, k)
            st = spot_style(spot)
            f = p.foundations[k]
            out.append(">" if spot == self.focus else "[", style=st)
            if f:
                out.append_text(card_text(CARDS[(f - 1) * 4 + k], st))
            else:
                out.append(f" {SUIT_SYMBOLS[s]} ", style=st or "dim")
            out.append("<" if spot == self.focus else "]", style=st)
            out.append("+" if spot in targets else " ")
        out.append("\n\n")
        # columns: a header of numbers, then the cards row by row
        for i in range(len(p.columns)):
            spot = Spot(COLUMN, i)
            st = spot_style(spot)
            out.append(">" if spot == self.focus else " ")
            out.append(f"{i + 1:^3}", style=st or "dim")
            out.append("+" if spot in targets else " ")
            out.append(" ")
        out.append("\n")
        focus_run = self.run_at_focus() if self.focus.kind == COLUMN and self.held is None else 0
        depth = max((len(c) for c in p.columns), default=0)
        for row in range(max(depth, 1)):
            for i, col in enumerate(p.columns):
                spot = Spot(COLUMN, i)
                mark, st = " ", ""
                if row < len(col):
                    from_end = len(col) - row
                    if spot == held_src and from_end <= held_n:
                        mark, st = "*", HELD
                    elif spot == self.focus and from_end <= focus_run:
                        mark, st = (">" if from_end == focus_run else " "), "reverse"
                    elif from_end == 1 and spot in targets:
                        st = TARGET
                    elif from_end == 1 and spot == hint_dst:
                        st = HINT_TO
                    elif spot == hint_src and self.hinted is not None and from_end <= (self.hinted.count or 1):
                        st = HINT_FROM
                    out.append(mark)
                    out.append_text(card_text(col[row], st))
                    out.append("  ")
                elif row == 0:
                    st = TARGET if spot in targets else ("reverse" if spot == self.focus else "")
                    out.append(" ")
                    out.append(" · " if st else "   ", style=st)
                    out.append("  ")
                else:
                    out.append("      ")
            out.rstrip()
            out.append("\n")
        out.append("\n")
        if self.help:
            out.append(KEYS_HELP + "\n", style="bold")
            return out
        line = self.selection_line()
        out.append((line or " ") + "\n", style="cyan")
        if self.typed:
            text = self.message if self.message.startswith(f"typing a move: {self.typed}_ (") else \
                f"typing a move: {self.typed}_ (Enter plays it, Esc cancels)"
            out.append(text + "\n", style="bold")
        else:
            tone = {"error": "bold red", "good": "bold green"}.get(self.tone, "")
            out.append((self.message or " ") + "\n", style=tone)
        note = self.notes()
        out.append((note or " ") + "\n", style="yellow")
        out.append("\n" + FOOTER + "\n", style="dim")
        return out

    def snapshot(self, width: int = 100) -> str:
        """The screen as plain text, each line without trailing blanks."""
        return "\n".join(line.rstrip() for line in self.render(width).plain.splitlines()) + "\n"


def _with_count(position: Position, resolved: Move, asked: Move) -> Move:
    """``resolved`` (as the game wrote it) with the card count it had."""
    if resolved.count is not None:
        return resolved
    if asked.count is not None:
        return Move(resolved.source, resolved.dest, asked.count, resolved.to_empty)
    from .render import cards_taken

    return Move(resolved.source, resolved.dest, cards_taken(position, resolved), resolved.to_empty)
