"""The game-neutral half of a game screen's board (FreeCell's :mod:`freecell_cli.board`,
Spider's :mod:`freecell_cli.spider.board`): what the keys both games share do, as
seed 001's page plays from the keyboard (the focus moving over the places, Tab
between the top row and the columns, ↑ ↓ for where a run starts, Enter/Space, Esc,
a move typed in notation, U, R, H, N, S, Q, ?), and where a game names its places
by keys (FreeCell's 1-8, a-d, h), the focus going to the place a typed move starts
from and cards held dropped on the place named; the questions that wait for Y, the
help page and the message line.

The screen's text (status, table, what is held, the message, notes, the keys) is
:mod:`freecell_cli.drawing`'s, fitted to the terminal (:mod:`freecell_cli.layout`):
on one too small for the whole table, the long columns are compressed (their last
cards and the run in focus stay drawn), the key line keeps the keys that fit and
the help comes in pages; below the game's minimum size one line says so.

A game brings its places and table, what picking up and dropping mean, its own keys
(FreeCell's F, Spider's D) and the words of its messages; the full-screen program
(:mod:`freecell_cli.screen`) only hands keys to :meth:`KeyBoard.press` and shows
:meth:`KeyBoard.render`. Only the game screens import this module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence, Sized
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from .drawing import COLUMN as COLUMN, HELD as HELD, HINT_FROM, HINT_TO, TARGET  # the games import them here
from .drawing import card_text as card_text
from .errors import FreecellError, FreecellRuntimeError
from .layout import MIN_ROWS, fit_keys, too_small
from .solvers.result import UNSOLVABLE
from .text import plural

if TYPE_CHECKING:  # rich is imported only when the screen is drawn
    from rich.text import Text

    from .cards import Card


class _Table(Protocol):
    """What the board needs of a position (each game's ``Position``)."""

    @property
    def columns(self) -> Sequence[Sized]: ...

    def is_won(self) -> bool: ...

    def key(self) -> tuple[object, ...]: ...


class _Game(Protocol):
    """What the board needs of a game (FreeCell's :class:`~freecell_cli.game.Game`,
    Spider's :class:`~freecell_cli.spider.game.Game`)."""

    hint: str | None

    @property
    def position(self) -> Any: ...  # a _Table

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def restart(self) -> None: ...


class _Spot(Protocol):
    """A place the focus can be on (each game's ``Spot``): a kind and an index."""

    @property
    def kind(self) -> str: ...

    @property
    def index(self) -> int: ...


class _Hint(Protocol):
    """What a hint tells the board (FreeCell's :class:`~freecell_cli.hints.Hint`, Spider's)."""

    @property
    def move(self) -> object: ...

    @property
    def sure(self) -> bool: ...

    @property
    def message(self) -> str: ...

    @property
    def verdict(self) -> str: ...


G = TypeVar("G", bound=_Game)
S = TypeVar("S", bound=_Spot)
M = TypeVar("M")  # the game's Move
P = TypeVar("P", bound=_Table)  # the game's Position


class KeyBoard(Generic[G, S, M, P]):
    """The state of a game screen and what the shared keys do to it: ``G`` the
    game, ``S`` its places (``Spot``), ``M`` its moves, ``P`` its positions.

    ``save`` is called after every change of the game; ``new_game`` makes the game
    of a new deal (key N); the focus starts on the first column."""

    TITLE = "game"
    KEYS_HELP = ""  # the help page (?)
    HELP_INDENT = 13  # where the help's descriptions start: a long one goes on there
    # the key line under the table: (priority, text) in their order; the ones of
    # lowest priority give way when the terminal is narrow
    KEYS: tuple[tuple[int, str], ...] = ()
    MIN_WIDTH = 0  # below this terminal size, one line says so instead of a broken table
    MIN_HEIGHT = 0
    MIN_ROWS = MIN_ROWS  # the rows of cards the table keeps before a message gives up lines

    def __init__(self, game: G, save: Callable[[G], None] | None = None,
                 new_game: Callable[[G], G] | None = None, kept_where: Callable[[G], str] | None = None) -> None:
        """``kept_where`` says what a new deal (N) does with the unfinished game,
        the end of the question N asks (``is kept in …/game.json.deal-617``); without
        it the question says the game will be lost."""
        self.game = game
        self.save = save or (lambda g: None)
        self.new_game = new_game
        self.kept_where = kept_where
        self.focus = self.column_spot(0)
        self.row_focus: dict[bool, S] = {}  # the spot last in focus in the top row (True), the columns
        self.depth = 1  # in the focused column: the run to pick up is its last `depth` cards
        self.held: tuple[S, int] | None = None  # picked up: where from, how many cards
        self.message = ""
        self.tone = "info"  # info, good, error
        self.confirm: str | None = None  # "new" or "restart", waiting for Y
        self.typed = ""  # the start of a move typed in notation
        self.hinted: M | None = None  # the hinted move, shown on the table until the next move
        self.help = False
        self.help_page = 0
        self.help_pages = 1  # as the last render laid the help out
        self.quit = False
        self.hint_pending = False

    # -- what each game says: its places, its moves, its words -------------------------
    @property
    def position(self) -> P:
        position: P = self.game.position  # the game's (to the checker, a _Game's is Any)
        return position

    def spots(self) -> list[S]:
        raise NotImplementedError

    def column_spot(self, index: int) -> S:
        """The spot of column ``index`` (0-based)."""
        raise NotImplementedError

    def run_length(self, column: int) -> int:
        """How many cards at the end of ``column`` may move as one."""
        raise NotImplementedError

    def run_stops(self, column: int, run: int) -> str:
        """Why the run of ``column`` (its last ``run`` cards) starts where it does."""
        raise NotImplementedError

    def targets(self) -> set[S]:
        """Where what is held can legally go."""
        raise NotImplementedError

    def hint_spots(self) -> tuple[S | None, S | None]:
        """Where the hinted move (:attr:`hinted`) takes cards from and puts them."""
        raise NotImplementedError

    def _pick_up(self) -> str | None:
        """Enter with nothing held: pick up the card or run at the focus (or what the
        game's place at the focus does instead)."""
        raise NotImplementedError

    def _drop(self, src: S, n: int) -> str | None:
        """Enter holding ``n`` cards from ``src``, the focus elsewhere: drop them there."""
        raise NotImplementedError

    def _play(self, move: M, verb: str, typed: str | None = None) -> str | None:
        """Play ``move``, say what it did (``verb`` first) or why it was refused;
        ``typed``: the move as typed, when it was."""
        raise NotImplementedError

    def _starts_move(self, ch: str) -> bool:
        raise NotImplementedError

    def _typed_refusal(self, text: str) -> str:
        """Why ``text``, the first two characters typed, cannot start a move ("": they can)."""
        raise NotImplementedError

    def _typed_waits(self, text: str) -> str:
        """What else ``text``, the first two characters typed, may take before Enter
        ("": nothing, the move is played)."""
        return ""

    def place_key(self, ch: str) -> S | None:
        """The place a key names (FreeCell: a column's digit, a free cell's letter, h
        for home while cards are held), or None: a game without such keys."""
        return None

    def shadowed(self, ch: str) -> bool:
        """Whether ``ch``, a command's letter, names a place on this table too (Eight
        Off's free cell f): then the letter alone is the place, with Shift the command."""
        return False

    def typing_line(self) -> str:
        """What the screen says while a move is being typed (:attr:`typed`)."""
        keys = "Esc cancels" if len(self.typed) == 1 else "Enter plays it, Esc cancels"
        return f"typing a move: {self.typed}_ ({keys})"

    def parse_move(self, text: str) -> M:
        raise NotImplementedError

    def parse_typed(self, text: str) -> M:
        """A move as typed on the screen (FreecellError: not one)."""
        return self.parse_move(text)

    def last_step(self) -> str:
        """The moves of the game's last step, in notation ("" when none was played)."""
        raise NotImplementedError

    def moves_played(self) -> int:
        raise NotImplementedError

    def score(self) -> str:
        """What a win took: ``81 moves, time 3:12``."""
        raise NotImplementedError

    def game_name(self) -> str:
        raise NotImplementedError

    def status(self) -> str:
        raise NotImplementedError

    def notes(self) -> str:
        return ""

    def selection_line(self) -> str:
        return ""

    def short_status(self) -> str:
        """The status line for a narrow terminal."""
        return self.status()

    def draw_places(self, out: Text, width: int) -> None:
        """The row of places above the columns (in lines of at most ``width``), each
        line ending in a newline."""
        raise NotImplementedError

    def table_columns(self) -> tuple[Sequence[Sequence[Card | None]], int]:
        """The columns as :meth:`draw_columns` draws them (None: a card face down) and
        how many cards the hinted move takes."""
        raise NotImplementedError

    def hint_job(self, seconds: float) -> tuple[Callable[[], _Hint], tuple[object, ...]]:
        """The work of a hint (run off the screen's thread: it must not fail) and the
        key of the position it is for (:meth:`show_hint`)."""
        raise NotImplementedError

    def pause_clock(self) -> None:
        """Stop the game's clock (a game without one: nothing)."""

    def resume_clock(self) -> None:
        pass

    # -- keys -----------------------------------------------------------------------
    def press(self, key: str) -> str | None:
        """One key: ``left``, ``right``, ``up``, ``down``, ``tab``, ``shift+tab``,
        ``enter``, ``space``, ``escape``, ``backspace``, or a character. Returns
        ``"hint"`` when a hint is to be computed (:meth:`show_hint` takes the answer),
        ``"quit"`` to leave, else None."""
        if self.help:
            if key in ("space", " ") and self.help_page + 1 < self.help_pages:
                self.help_page += 1
                return None
            self.help, self.help_page = False, 0
            if key in ("escape", "?", "enter", "space", " ", "q"):
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
            self._go(spots[(i + (1 if key == "right" else -1)) % len(spots)])
            return None
        if key in ("tab", "shift+tab"):
            self._go(self._other_row())
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
        if len(self.typed) >= 2 and not self._continues(ch):
            # Past its two places a move takes only a count (v and digits): any
            # other key drops it and is a key of its own (Q still quits).
            self.say(f"dropped the move typed ({self.typed})")
            self.typed = ""
        if self.typed:
            return self._type(ch)
        if key != ch and self.shadowed(ch):  # a capital letter that is also a place's: the command
            return self._command(ch)
        place = self.place_key(ch)
        if self.held is not None and place is not None:  # drop there (on its own place: put back)
            self._go(place)
            return self._activate()
        if self._starts_move(ch):
            if place is not None and place != self.focus:  # the move starts there: show it
                self._go(place)
            self.typed = ch
            self.say(self.typing_line())
            return None
        return self._command(ch)

    def _go(self, spot: S) -> None:
        """Put the focus on ``spot``; a move being typed is dropped."""
        self.row_focus[self.focus.kind != COLUMN] = self.focus
        if spot != self.focus:
            self.depth = 1
        self.focus = spot
        self.typed = ""

    def _other_row(self) -> S:
        """Where Tab goes: from the columns to the top row and back, on the spot last
        in focus there (the first one at first); holding cards, the first place there
        they can go, if there is one."""
        top = self.focus.kind == COLUMN
        row = [s for s in self.spots() if (s.kind != COLUMN) == top]
        if not row:
            return self.focus
        if self.held is not None:
            targets = self.targets()
            fits = [s for s in row if s in targets]
            if fits:
                return fits[0]
        last = self.row_focus.get(top)
        return last if last in row else row[0]

    def _activate(self) -> str | None:
        """Enter or Space: pick up at the focus, or drop what is held there (back on
        its own place: put back)."""
        if self.held is None:
            return self._pick_up()
        src, n = self.held
        if self.focus == src:
            self._drop_selection()
            self.say("put back: nothing changed")
            return None
        return self._drop(src, n)

    def _type(self, ch: str) -> str | None:
        """One more character of a move typed in notation: two make a move, unless a
        ``v`` (a count follows) or the game waits for more."""
        self.typed += ch
        text = self.typed
        if len(text) == 2 and ch != "v":
            refusal = self._typed_refusal(text)
            if refusal:
                self.typed = ""
                self.say(refusal, "error")
                return None
            waits = self._typed_waits(text)
            if waits:
                self.say(f"typing a move: {text}_ ({waits})")
                return None
            return self._typed_done()
        self.say(f"typing a move: {text}_")
        return None

    def _continues(self, ch: str) -> bool:
        """Whether ``ch`` may follow the two places of a move being typed: a ``v``
        and the digits of a count (a few: no count has more)."""
        tail = self.typed[2:] if self.typed[1] != "v" else self.typed[1:]
        if ch == "v":
            return "v" not in self.typed
        return ch.isdigit() and "v" in self.typed and len(tail) < 4

    def _typed_done(self) -> str | None:
        text, self.typed = self.typed, ""
        if len(text) == 1 and self.place_key(text) == self.focus:  # Enter on the place typed: as on the focus
            return self._activate()
        try:
            move = self.parse_typed(text)
        except FreecellError as e:  # the notation is wrong
            self.say(f"refused {text}: {e}", "error")
            return None
        return self._play(move, "played", typed=text)

    def _play_hint(self, text: str) -> str | None:
        """Play the hint shown last (``text``, in notation)."""
        return self._play(self.parse_move(text), "played the hint")

    def _command(self, ch: str) -> str | None:
        """The keys both games have; a game's own come first (its override)."""
        g = self.game
        if ch == "q":
            self.quit = True
            return "quit"
        if ch == "?":
            self.help = True
            return None
        if ch == "u":
            last = self.last_step()
            if g.undo():
                self._changed(f"undone: {last}")
            else:
                self.say("nothing to undo", "error")
            return None
        if ch == "r":
            if g.redo():
                self._changed(f"redone: {self.last_step()}")
            else:
                self.say("nothing to redo", "error")
            return None
        if ch == "h":
            if g.hint is not None and not g.position.is_won():
                return self._play_hint(g.hint)
            self.hint_pending = True
            self.say("computing a hint…")
            return "hint"
        if ch == "n":
            return self._ask("new", "start a new deal?")
        if ch == "s":
            return self._ask("restart", "start this deal over from the opening position?")
        self.say(f"{ch!r} is not a key of the game: ? shows them", "error")
        return None

    def _ask(self, what: str, question: str) -> str | None:
        """Ask ``question`` before a new deal or a restart when a game is in progress,
        saying what becomes of it: a restart loses its moves; a new deal keeps it
        where :attr:`kept_where` says."""
        n = self.moves_played()
        if n and not self.game.position.is_won():
            self.confirm = what
            fate = self.kept_where(self.game) if what == "new" and self.kept_where is not None else "will be lost"
            self.say(f"{question} The game in progress ({plural(n, 'move')}) {fate}. "
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
        self.pause_clock()
        self.message = ""
        self.game = self.new_game(self.game)
        kept = self.message  # where the unfinished game was kept, if it was
        self._changed(f"now playing {self.game_name()}" + (f"; {kept}" if kept else ""))
        return None

    def _choose_run(self, step: int) -> str | None:
        f = self.focus
        if f.kind != COLUMN or not len(self.position.columns[f.index]):
            self.say("↑ ↓ choose where a run starts inside a column", "error")
            return None
        run = self.run_length(f.index)
        depth = min(self.depth, run) + step
        if depth > run:
            self.say(self.run_stops(f.index, run), "error")
            depth = run
        else:
            self.message = ""  # a "the run starts at" from an earlier key no longer holds
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

    def _changed(self, text: str) -> None:
        """The game changed (a move, undo, a new deal...): say so, or the win, and save."""
        self.hinted = None
        self.hint_pending = False
        self._drop_selection()  # what was held may be elsewhere now
        g = self.game
        if g.position.is_won():
            self.say(f"you won {self.game_name()} in {self.score()}! N: a new deal, S: play it again, Q: quit",
                     "good")
        else:
            self.say(text, "info")
        try:
            self.save(g)
        except (FreecellError, FreecellRuntimeError, OSError) as e:
            self.say(f"{self.message} — but the game could not be saved: {e}", "error")

    def show_hint(self, hint: _Hint, key: tuple[object, ...] | None = None) -> None:
        """Show a hint computed for the position whose ``key()`` is ``key`` (none:
        the current one); a hint for a position since left is dropped."""
        if key is not None and key != self.position.key():
            return
        self.hint_pending = False
        if hint.move is not None:
            self.game.hint = str(hint.move) if hint.sure else None
            self.hinted = self.parse_move(str(hint.move))
            extra = "; H again plays it" if hint.sure else ""
            self.say(hint.message[:-1] + extra + ")" if hint.message.endswith(")") else hint.message)
        else:
            self.say(hint.message, "error" if hint.verdict == UNSOLVABLE else "info")

    def say(self, text: str, tone: str = "info") -> None:
        self.message = text
        self.tone = tone

    # -- what the screen shows ---------------------------------------------------------
    def too_small(self, width: int, height: int | None) -> str:
        """The line shown instead of the table on a terminal smaller than the game
        needs, or "" when it fits (:func:`~freecell_cli.layout.too_small`)."""
        return too_small(width, height, self.TITLE, self.MIN_WIDTH, self.MIN_HEIGHT)

    def footer(self, width: int) -> str:
        """The key line, fitted to ``width`` (:func:`~freecell_cli.layout.fit_keys`)."""
        return fit_keys(self.KEYS, width)

    def render(self, width: int = 100, height: int | None = None) -> Text:
        """The screen as a :class:`rich.text.Text` (its ``.plain`` is the snapshot),
        fitted to a terminal of ``width`` × ``height`` (None: as tall as it needs):
        :func:`freecell_cli.drawing.render`."""
        from .drawing import render

        return render(self, width, height)

    def snapshot(self, width: int = 100, height: int | None = None) -> str:
        """The screen as plain text, each line without trailing blanks."""
        return "\n".join(line.rstrip() for line in self.render(width, height).plain.splitlines()) + "\n"

    def ordered(self, spots: set[S]) -> list[S]:
        return [s for s in self.spots() if s in spots]

    def holding_line(self, card: object, names: list[str]) -> str:
        """What is held, from ``card`` on, and where it can go (``names``, in order)."""
        assert self.held is not None
        held = plural(self.held[1], 'card')
        if not names:
            return f"holding {held} from {card}: no place takes {'it' if self.held[1] == 1 else 'them'} (Esc puts back)"
        return f"holding {held} from {card}: can go to {', '.join(names)}"

    def spot_style(self, spot: S, targets: set[S], hint_src: S | None, hint_dst: S | None) -> str:
        if spot == self.focus:
            return "reverse bold"
        if spot in targets:
            return TARGET
        if spot == hint_src:
            return HINT_FROM
        if spot == hint_dst:
            return HINT_TO
        return ""

    def run_at_focus(self) -> int:
        """How many cards Enter would pick up at the focus."""
        raise NotImplementedError


def target_names(spots: Sequence[_Spot], describe: Callable[[Any], str], empty: Callable[[Any], bool]) -> list[str]:
    """The columns among ``spots`` (in order) where what is held can go: the empty
    ones last, as one name when there are several (``any empty column``)."""
    names = [describe(s) for s in spots if s.kind == COLUMN and not empty(s)]
    blank = [s for s in spots if s.kind == COLUMN and empty(s)]
    if blank:
        names.append(describe(blank[0]) + " (empty)" if len(blank) == 1 else "any empty column")
    return names
