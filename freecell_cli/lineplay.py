"""Line play, for any game: the loop that reads commands (a terminal's, with a
prompt, or a script's lines), the commands both games share (q, help, show,
save FILE, u, r, h, restart and moves; ``#`` comments), hints, and the bounds on a
script's lines.

A game brings what it plays (:class:`LineGame`) and a session that draws it and
says things (:class:`LineSession`); its own commands (FreeCell's ``a``, ``new``,
``daily``; Spider's ``new``) come in as ``words`` of :func:`handle_line`.
FreeCell's session is :class:`freecell_cli.play.Session`, Spider's
:class:`freecell_cli.spider.play.Session`.
"""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Protocol

from .errors import FreecellError, FreecellRuntimeError
from .text import cut_words, plural

if TYPE_CHECKING:
    from types import FrameType

    from .saves import Warn


@dataclass
class Outcome:
    """What playing moves says: ``ok`` when all were played, ``message`` the moves
    played or why one was refused."""

    ok: bool
    message: str = ""


class _Won(Protocol):
    def is_won(self) -> bool: ...


class LineGame(Protocol):
    """What line play needs of a game (FreeCell's :class:`~freecell_cli.game.Game`,
    Spider's :class:`~freecell_cli.spider.game.Game`)."""

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

    def last_step(self) -> str:
        """The moves of the game's last step, in notation, as the game screen names
        what U takes back ("" when none was played)."""
        ...


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
    except (FreecellError, FreecellRuntimeError) as e:  # a hint's solver, a save: said, and play goes on
        session.say(cut_words(f"refused: {e}"))


# A comment starts at a '#' that begins the line or a word, unless a number follows
# it: FreeCell Pro's deal numbers are written #617 (new #617), file names hold '#'.
_COMMENT = re.compile(r"(?:^|(?<=\s))#(?![0-9]).*", re.S)
# A line of nothing but arrow keys, as a terminal sends them (ESC [ or ESC O, an xterm
# modifier such as 1;5, then A-D); a line that holds other text too is a command,
# whose refusal quotes it escaped.
_ARROWS = re.compile(r"\s*(?:\x1b[\[O](?:1;[0-9]{1,2})?[ABCD]\s*)+")


def _handle_line(session: LineSession, line: str, help: str, example: str,
                 words: Mapping[str, Callable[[str], bool]], save: Callable[[], None]) -> None:
    if _ARROWS.fullmatch(line):  # arrow keys read raw (no line editing): said, never taken for a command
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
    if word in ("u", "undo"):  # said as the game screen says it: with the moves
        last = session.last_step()
        changed = g.undo()
        session.say(f"undone: {last}" if changed else "nothing to undo")
    elif word in ("r", "redo"):
        changed = g.redo()
        session.say(f"redone: {session.last_step()}" if changed else "nothing to redo")
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


class _Clock(Protocol):
    def pause_clock(self) -> None: ...

    def resume_clock(self) -> None: ...


class _Prompted(Protocol):
    interrupted: bool

    def say(self, text: str) -> None: ...


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


def save_moves(path: str, text: str, count: int, say: Warn) -> None:
    """A session's ``save FILE``: the moves as a solution file, written atomically;
    what happened is said in one line."""
    from .files import atomic_write, display_name

    if not path:
        say("save needs a file name")
        return
    if path == "-":  # elsewhere stdout; here stdout is the game's own lines
        say("save needs a file name ('-', stdout, carries the game's lines here)")
        return
    if "\x00" in path:  # typed in a session (an argument cannot hold one): os calls raise ValueError
        say(f"cannot save {display_name(path)}: a file name cannot hold a NUL character")
        return
    if _in_saves_folder(path):
        say(f"cannot save {display_name(path)}: the folder of saved games holds only the games' own files")
        return
    try:
        atomic_write(path, text)
    except OSError as e:
        say(cut_words(f"cannot save {display_name(path)}: {e.strerror or e}"))
        return
    say(cut_words(f"saved {plural(count, 'move')} to {display_name(path)}"))


def _in_saves_folder(path: str) -> bool:
    """Whether ``path`` lies in the folder of saved games: a solution written there
    could take the place of a game, a kept game or the lock of a session."""
    from .saves import data_dir

    try:
        return os.path.realpath(os.path.dirname(os.path.abspath(path))) == os.path.realpath(data_dir())
    except (OSError, ValueError):
        return False
