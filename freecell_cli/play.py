"""The terminal game: read commands, play them, draw the table, save after each.

Saved games are JSON under ``$XDG_DATA_HOME/freecell/`` (``~/.local/share/freecell``):
``game.json`` for the main table, ``daily.json`` for the daily deal.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Protocol, TextIO, TypeVar

from .errors import FreecellError, quote
from .files import atomic_write, display_name
from .game import Game, Outcome
from .moves import plural
from .text import escape

if TYPE_CHECKING:
    from types import FrameType

    from .files import Lock

T = TypeVar("T")

# Where a session's notes go (stderr, a test's list): called with one line of text.
Warn = Callable[[str], object]

HELP = """moves: 5a 58 8h ah 36v4 (several per line); a card as source: 7S8, 7Sa; a bare card (7S) goes home
u undo   r redo   h hint (again: play it)   a auto-collect   restart   new [N]   daily
save FILE (the moves as a solution file)   show   help   q (quit; the game is kept)"""


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "freecell"


def save_path(daily: bool) -> Path:
    return data_dir() / ("daily.json" if daily else "game.json")


def _made_data_dir() -> Path:
    """The folder of saved games, made when missing: :class:`OutputError` if it cannot be."""
    from .files import OutputError, display_name

    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OutputError(f"cannot keep saved games in {display_name(folder)}: {e.strerror or e} "
                          "(set XDG_DATA_HOME to a folder)") from None
    return folder


_checked_places: set[Path] = set()  # save files check_save_place found writable in this process


def check_save_place(daily: bool = False) -> None:
    """Make sure games can be saved before play starts (the folder can be made, the
    save file is not a directory...): :class:`OutputError` otherwise."""
    check_save_file(save_path(daily))


def check_save_file(path: Path) -> None:
    """:func:`check_save_place` for the save file at ``path`` (FreeCell's and Spider's)."""
    from .files import check_output_path

    _made_data_dir()
    check_output_path(str(path))
    _checked_places.add(path)


def lock_saves(game: str = "freecell") -> "Lock":
    """Hold the lock of this game's saves while a session runs: a second ``play``
    on them gets :class:`~freecell_cli.files.Busy` instead of writing over the
    first one's moves. One lock covers ``game.json`` and ``daily.json`` (a session
    may go from one to the other); Spider's ``spider.json`` has its own."""
    from .files import Lock, display_name

    folder = _made_data_dir()
    saves = "game.json and daily.json" if game == "freecell" else "spider.json"
    command = "freecell play" if game == "freecell" else "freecell spider play"
    return Lock(folder / ("play" if game == "freecell" else "spider"),
                f"another {command} (pid {{pid}}) is using {saves} in {display_name(folder)}: quit it first")


def save_game(game: Game) -> None:
    """Save the game, atomically. Its place is checked once (:func:`check_save_place`),
    then again only when a write fails, so the error says why (or the folder, if it
    was removed, is made again and the save goes through)."""
    save_json(save_path(game.daily is not None), game.to_dict())


def save_json(path: Path, data: dict[str, object], before_replace: Callable[[], object] | None = None) -> None:
    """:func:`save_game` for any game: ``data`` as indented JSON into the save file
    ``path``, atomically, its place checked once (FreeCell's and Spider's);
    ``before_replace`` as :func:`~freecell_cli.files.atomic_write`'s."""
    import orjson

    from .files import OutputError

    text = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n"
    if path not in _checked_places:
        check_save_file(path)
    try:
        atomic_write(str(path), text, before_replace=before_replace)
    except OutputError:
        _checked_places.discard(path)
        check_save_file(path)  # raises the error of a place that cannot be written
        atomic_write(str(path), text, before_replace=before_replace)


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


def load_save(path: Path, from_dict: Callable[[object], T], warn: Warn | None = None) -> T | None:
    """``from_dict`` of the JSON save at ``path``, or None when there is none or it
    is damaged; a damaged one is moved aside to ``<name>.bad`` and ``warn`` is told.
    Shared by FreeCell's and Spider's games."""
    import orjson

    from .files import LIMITS, display_name, read_limited

    if not path.exists():
        return None
    try:
        return from_dict(orjson.loads(read_limited(str(path), LIMITS["saved game"], "saved game")))
    except (orjson.JSONDecodeError, FreecellError) as e:
        # the reason may quote the file: escaped, so a stranger's save cannot drive the terminal
        why = escape(f"bad JSON: {e}" if isinstance(e, orjson.JSONDecodeError) else str(e))
        if path.is_dir():
            raise FreecellError(f"the save file {display_name(path)} is a directory") from None
        aside = move_aside(path, ".bad", f"is damaged ({why})")
        if warn is not None:
            warn(f"{display_name(path)} was damaged ({why[:120]}); kept as {display_name(aside)}, starting afresh")
        return None


def move_aside(path: Path, suffix: str, state: str) -> Path:
    """Rename ``path`` to a free ``path + suffix[.N]`` and return the new name;
    ``state`` says why, in the error when the rename fails."""
    from .files import display_name

    aside = free_name(path, suffix)
    try:
        os.replace(path, aside)
    except OSError as e:
        raise FreecellError(f"{display_name(path)} {state} and cannot be moved aside: {e.strerror or e}") from None
    return aside


def free_name(path: Path, suffix: str) -> Path:
    """``path`` + ``suffix``, or + ``suffix.2``, ``.3``... : a name nothing has yet.
    ``suffix`` is one of the shapes a save is kept aside under (``.bad``,
    ``.position``, ``.deal-617``, ``.daily-2026-11-30``): anything else, which could
    only come from a save's fields, is refused, so no name leaves the folder."""
    import re

    if not re.fullmatch(r"\.(bad|position|deal-[1-9][0-9]{0,19}|daily-[0-9]{4}-[0-9]{2}-[0-9]{2})", suffix,
                        re.ASCII):
        raise FreecellError(f"cannot keep {display_name(path)} aside under the name {quote(path.name + suffix)}")
    for k in range(1, 10_000):
        candidate = path.with_name(f"{path.name}{suffix}{'' if k == 1 else f'.{k}'}")
        if not candidate.exists():
            return candidate
    raise FreecellError(f"too many files named {path.name}{suffix}.N beside it")


def take_save(game: Game, warn: Warn) -> None:
    """Save ``game`` as the game of its save file from now on (the game a session
    starts with, a new deal, the daily one). An unfinished game the file holds that
    is not this one is kept aside (``game.json.deal-617``, ``daily.json.daily-2026-11-30``)
    and ``warn`` says where: what is on disk decides, not what the session thinks
    is there, so no path (a daily deal resumed, a new deal after the daily one)
    overwrites a game. Nothing moves until the new save is written (:func:`replace_save`)."""
    daily = game.daily is not None
    there = load_game(daily, warn)
    keep = None
    if there is not None and to_keep(there, game):
        tag = f".daily-{there.daily}" if there.daily else (f".deal-{there.deal}" if there.deal else ".position")
        keep = tag, f"{game_name(there)} ({plural(there.moves, 'move')})"
    replace_save(save_path(daily), game.to_dict(), keep, warn)


class _Saved(Protocol):
    @property
    def moves(self) -> object: ...  # a count (FreeCell) or a list (Spider): 0 or empty when none was played

    @property
    def position(self) -> Any: ...

    def to_dict(self) -> dict[str, object]: ...


def to_keep(there: _Saved, new: _Saved) -> bool:
    """Whether the game a save file holds must be kept aside before ``new`` takes the
    file: moves were played in it, it is not won, and it is not ``new`` itself."""
    return bool(there.moves) and not there.position.is_won() and not same_save(there.to_dict(), new.to_dict())


def same_save(a: Mapping[str, object], b: Mapping[str, object]) -> bool:
    """Two saves of the same game at the same move (the clock aside)."""
    return {k: v for k, v in a.items() if k != "elapsed"} == {k: v for k, v in b.items() if k != "elapsed"}


def replace_save(path: Path, data: dict[str, object], keep: tuple[str, str] | None, warn: Warn) -> None:
    """Save ``data`` in ``path``; with ``keep`` (a tag, what the game is: ".deal-617",
    "deal 617 (3 moves)"), the game ``path`` holds is first moved to ``path + tag``
    and ``warn`` is told where. The order makes a save that fails (a full disk, a
    folder made read-only) move nothing: the new save is written to its temporary
    file first, then the old one is moved aside, then the new one renamed into
    place (the old one is put back if that rename fails). FreeCell's and Spider's."""
    moved: list[Path] = []
    real = Path(os.path.realpath(path))  # what the write replaces: the file a link names

    def aside() -> None:
        if keep is not None and not moved and real.exists():
            moved.append(move_aside(real, keep[0], "holds an unfinished game"))

    try:
        save_json(path, data, before_replace=aside)
    except BaseException:
        if moved and not real.exists():
            try:
                os.rename(moved[0], real)  # nothing took its place: the old game is where it was
                moved.clear()
            except OSError:
                pass
        raise
    finally:
        if moved and keep is not None:
            warn(f"note: the unfinished {keep[1]} is kept in {display_name(moved[0])}: its moves are all there "
                 "(plain JSON)")


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
    """``daily 2026-11-30``, ``deal 617`` or ``position``: the game's fields, escaped
    (they were checked when read, and a save may come from anyone)."""
    if game.daily:
        return f"daily {escape(game.daily)}"
    return f"deal {escape(game.deal)}" if game.deal is not None else "position"


def save_moves(path: str, text: str, count: int, say: Warn) -> None:
    """A session's ``save FILE``: the moves as a solution file, written atomically;
    what happened is said in one line (FreeCell's and Spider's line play)."""
    if not path:
        say("save needs a file name")
        return
    if "\x00" in path:  # typed in a session (an argument cannot hold one): os calls raise ValueError
        say(f"cannot save {display_name(path)}: a file name cannot hold a NUL character")
        return
    try:
        atomic_write(path, text)
    except OSError as e:
        say(f"cannot save {display_name(path)}: {e.strerror or e}")
        return
    say(f"saved {plural(count, 'move')} to {display_name(path)}")


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


class _Won(Protocol):
    def is_won(self) -> bool: ...


class LineGame(Protocol):
    """What line play needs of a game (FreeCell's :class:`~freecell_cli.game.Game`,
    Spider's :class:`~freecell_cli.spider.play.Game`)."""

    @property
    def position(self) -> _Won: ...

    def play(self, text: str) -> Outcome: ...

    def undo(self) -> bool: ...

    def redo(self) -> bool: ...

    def restart(self) -> None: ...

    @property
    def hint(self) -> str | None: ...


class LineSession(Protocol):
    """What :func:`handle_line` needs of a session of line play."""

    quit: bool
    interactive: bool

    @property
    def game(self) -> LineGame: ...

    def say(self, text: str) -> None: ...

    def draw(self) -> None: ...

    def find_hint(self) -> None: ...

    def save_solution(self, path: str) -> None: ...

    def won(self) -> None: ...


def handle_line(session: LineSession, line: str, *, help: str, example: str,
                words: Mapping[str, Callable[[str], bool]], save: Callable[[], None]) -> None:
    """One command of line play, FreeCell's or Spider's: whatever it is, the game goes
    on (a refusal is one line). Handled here: q, help (``help`` is printed), show,
    save FILE, u, r, h, restart and moves; ``words`` are the game's own commands,
    each given the rest of the line and saying whether the game changed. After a
    change the game is saved (``save``) and drawn; a won game says so."""
    if isinstance(line, TooLong):
        session.say(f"refused: {line}")
        return
    try:
        _handle_line(session, line, help, example, words, save)
    except FreecellError as e:
        session.say(f"refused: {e}")


# A comment starts at a '#' that begins the line or a word, unless a number follows
# it: FreeCell Pro's deal numbers are written #617 (new #617), file names hold '#'.
_COMMENT = re.compile(r"(?:^|(?<=\s))#(?![0-9]).*", re.S)


def _handle_line(session: LineSession, line: str, help: str, example: str,
                 words: Mapping[str, Callable[[str], bool]], save: Callable[[], None]) -> None:
    if "\x1b" in line:  # an arrow or another terminal key, read raw: never a move
        session.say(f"ignored: arrow keys are not moves (type one like {example}; help lists the commands)")
        return
    line = _COMMENT.sub("", line).strip()
    if not line:
        return
    word, _, rest = line.partition(" ")
    word = word.lower()
    g = session.game
    if word in ("q", "quit", "exit"):
        session.quit = True
        return
    if word in ("help", "?"):
        session.say(help)
        return
    if word == "show":
        session.draw()
        return
    if word == "save":
        session.save_solution(rest.strip())
        return
    if word in ("u", "undo"):
        changed = g.undo()
        session.say("undone" if changed else "nothing to undo")
    elif word in ("r", "redo"):
        changed = g.redo()
        session.say("redone" if changed else "nothing to redo")
    elif word in ("h", "hint"):
        changed = _hint(session)
    elif word == "restart":
        g.restart()
        changed = True
        session.say("back to the opening position")
    elif word in words:
        changed = words[word](rest.strip())
    else:
        outcome = g.play(line)
        changed = outcome.ok or outcome.message.startswith("played")
        if not outcome.ok:
            session.say(f"refused {outcome.message}")
    if changed:
        save()
        session.draw()
    if session.game.position.is_won():
        session.won()


def _hint(session: LineSession) -> bool:
    """``h``: play the hint shown last, or look for one (``session.find_hint``)."""
    g = session.game
    if g.hint is not None:
        text = g.hint
        outcome = g.play(text)
        session.say(f"played the hint {text}" if outcome.ok else f"refused {outcome.message}")
        return outcome.ok
    if session.interactive:
        session.say("computing a hint...")
    session.find_hint()
    return False


class Session:
    """One terminal (or script) session of play."""

    def __init__(self, game: Game, interactive: bool, out: TextIO | None = None) -> None:
        self.game = game
        self.interactive = interactive
        self.out = out or sys.stdout  # looked up now, not at import: test runners swap it
        self.quit = False
        self.interrupted = False

    # -- drawing ------------------------------------------------------------------
    def status(self) -> str:
        g = self.game
        label = f"{game_name(g)} (deal {escape(g.deal)})" if g.daily else game_name(g)
        return f"{label} | moves {g.moves} | time {_clock(g.elapsed)}"

    def draw(self) -> None:
        from .render import render_plain

        g = self.game
        if self.interactive:
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
        handle_line(self, line, help=HELP, example="5a", save=lambda: save_game(self.game),
                    words={"a": self.collect, "collect": self.collect, "auto": self.collect,
                           "new": self.new, "daily": self.daily})

    def collect(self, rest: str = "") -> bool:
        outcome = self.game.collect()
        self.say(outcome.message)
        return outcome.ok

    def new(self, rest: str = "") -> bool:
        """``new``: a random deal; ``new N``: deal N, as ``freecell play N`` (a bad
        number is refused before anything changes)."""
        g = self.game
        if rest:
            from .deals import parse_deal_number

            game = Game.new(parse_deal_number(rest), g.variant.name, len(g.start.cells))
        else:
            game = new_random_game(g.variant.name, len(g.start.cells))
        self.switch(game)
        return True

    def daily(self, rest: str = "") -> bool:
        """``daily [DATE]``: the daily deal, its saved game if unfinished; asked while
        it is played, the game goes on (daily.json may be older, if a save failed)."""
        from .deals import parse_date

        g = self.game
        if g.daily == parse_date(rest or None).isoformat():
            self.switch(g)
        else:
            self.switch(daily_game(rest or None, g.variant.name, len(g.start.cells), warn=self.say))
        return True

    def find_hint(self) -> None:
        """``h`` with no hint shown: look for one (10 s at most) and say it."""
        hint = self.game.find_hint(seconds=10)
        if hint.verdict == "move":
            self.say(hint.message[:-1] + "; h again plays it)")
        elif hint.verdict in ("unsolvable", "stuck"):
            self.say(hint.message.split(":")[0] + ": u (undo), restart, or new")
        else:
            self.say(hint.message)

    def switch(self, game: Game) -> None:
        self.game = leave_for(self.game, game, self.say)
        self.say(f"now playing {self.status().split(' | ')[0]}")

    def save_solution(self, path: str) -> None:
        save_moves(path, self.game.solution_text(), len(self.game.played()), self.say)

    def won(self) -> None:
        g = self.game
        name = f"deal {escape(g.deal)}" if g.deal is not None else "the position"
        if self.interactive:
            self.say(f"won {name} in {plural(g.moves, 'move')}, time {_clock(g.elapsed)}, "
                     f"{g.position.cards_home} cards home — new, restart, or q")
        else:
            self.say(f"won {name} in {plural(g.moves, 'move')}")
        self.quit = not self.interactive

    # -- the loop -----------------------------------------------------------------
    def run(self, lines: Iterable[str]) -> None:
        run_lines(self, lines, save=lambda: save_game(self.game))
        if self.interrupted:
            sys.stderr.write(f"interrupted: {saved_note(self.game)}\n")


class RunningSession(LineSession, Protocol):
    """What :func:`run_lines` needs of a session of line play."""

    interrupted: bool

    def handle(self, line: str) -> None: ...


def run_lines(session: RunningSession, lines: Iterable[str], save: Callable[[], None]) -> None:
    """A session of line play, FreeCell's or Spider's: the table, then each command
    until q or the end of the lines; Ctrl-C while one runs stops the session
    (``session.interrupted``). The game is saved (``save``) at the end."""
    session.draw()
    if session.game.position.is_won():
        session.won()
        return
    try:
        for line in lines:
            session.handle(line)
            if session.quit:
                break
    except KeyboardInterrupt:  # Ctrl-C while a command ran (a long hint)
        session.interrupted = True
    save()


MAX_LINE = 4096  # a command line of play: moves and words, never more than this


class TooLong(str):
    """A script line over :data:`MAX_LINE`, given as the reason it is refused."""


def script_lines(stream: IO[bytes], limit: int = MAX_LINE) -> Iterator[str]:
    r"""The lines of a script as text, each at most ``limit`` bytes: a longer one is
    read past in bounded chunks and given as a refusal, so no input grows memory.

    >>> import io
    >>> list(script_lines(io.BytesIO(b"5a\n" + b"x" * 10 + b"\n\xff8h\n"), limit=5))
    ['5a\n', 'line 2 is longer than 5 characters: ignored', '\ufffd8h\n']
    """
    lineno = 0
    while True:
        raw = stream.readline(limit + 1)
        if not raw:
            return
        lineno += 1
        if len(raw) > limit and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):  # skip the rest of it
                raw = stream.readline(1 << 16)
            yield TooLong(f"line {lineno} is longer than {limit:,} characters: ignored")
            continue
        yield raw.decode("utf-8", "replace")


def new_random_game(variant: str | None, cells: int) -> Game:
    """A random deal of 1..1,000,000, never one of the unsolvable eight."""
    from .deals import UNSOLVABLE, random_number

    n = random_number()
    while n in UNSOLVABLE:
        n = random_number()
    return Game.new(n, variant, cells)


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


class _Clock(Protocol):
    def pause_clock(self) -> None: ...

    def resume_clock(self) -> None: ...


class _Prompted(Protocol):
    interrupted: bool

    def say(self, text: str) -> None: ...


def interactive_lines(session: Session) -> Iterator[str]:
    """Prompted input with Ctrl-Z stopping the clock."""
    return prompted_lines(session, lambda: session.game)


def prompted_lines(session: _Prompted, clock: Callable[[], _Clock] | None = None) -> Iterator[str]:
    """Prompted input, with line editing where readline is there; Ctrl-D ends it,
    Ctrl-C too (``session.interrupted``). ``clock`` gives the game whose clock
    Ctrl-Z stops (FreeCell's; Spider's games have none)."""
    def on_suspend(signum: int, frame: FrameType | None) -> None:
        assert clock is not None
        clock().pause_clock()
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)
        # execution resumes here after SIGCONT
        signal.signal(signal.SIGTSTP, on_suspend)
        clock().resume_clock()

    if clock is not None and hasattr(signal, "SIGTSTP"):
        signal.signal(signal.SIGTSTP, on_suspend)
    try:  # line editing and history; arrows then never reach the game
        import readline  # noqa: F401
    except ImportError:  # no readline here: an arrow comes in raw and is refused
        pass
    while True:
        try:
            yield input("> ")
        except EOFError:
            return
        except KeyboardInterrupt:
            session.say("")
            session.interrupted = True
            return


def saved_note(game: Game) -> str:
    """Where the game is kept, for the last line of a session."""
    name = f"the daily deal {escape(game.daily)}" if game.daily else (f"deal {escape(game.deal)}"
                                                                      if game.deal is not None else "the game")
    if game.position.is_won():
        return f"{name} is won ({plural(game.moves, 'move')})"
    return f"{name} is saved at move {game.moves}; `freecell play{' --daily' if game.daily else ''}` resumes it"
