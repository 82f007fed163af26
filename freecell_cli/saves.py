"""Saved games, for any game: where they live, the lock a session holds on them,
writing and reading them, keeping an unfinished game aside, and the checks every
save file's reader makes first.

Saves are JSON under ``$XDG_DATA_HOME/freecell/`` (``~/.local/share/freecell``),
written atomically. FreeCell's (:mod:`freecell_cli.play`) and Spider's
(:mod:`freecell_cli.spider.play`) sessions each name their file and say what
their game is; what happens to the file is the same for both.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import FreecellError
from .games import FAMILY
from .text import escape, quote

if TYPE_CHECKING:
    from .files import Lock

T = TypeVar("T")
S = TypeVar("S", bound="_Saved")

# Where a session's notes go (stderr, a test's list): called with one line of text.
Warn = Callable[[str], object]


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "freecell"


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


_checked_places: set[Path] = set()  # save files check_save_file found writable in this process


def check_save_file(path: Path) -> None:
    """Make sure a game can be saved in ``path`` before play starts (the folder can
    be made, the save file is not a directory...): :class:`OutputError` otherwise."""
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


def save_json(path: Path, data: dict[str, object], before_replace: Callable[[], object] | None = None) -> None:
    """``data`` as indented JSON into the save file ``path``, atomically. Its place
    is checked once (:func:`check_save_file`), then again only when a write fails,
    so the error says why (or the folder, if it was removed, is made again and the
    save goes through). ``before_replace`` as :func:`~freecell_cli.files.atomic_write`'s."""
    import orjson

    from .files import OutputError, atomic_write

    text = orjson.dumps(data, option=orjson.OPT_INDENT_2).decode() + "\n"
    if path not in _checked_places:
        check_save_file(path)
    try:
        atomic_write(str(path), text, before_replace=before_replace)
    except OutputError:
        _checked_places.discard(path)
        check_save_file(path)  # raises the error of a place that cannot be written
        atomic_write(str(path), text, before_replace=before_replace)


def load_save(path: Path, from_dict: Callable[[object], T], warn: Warn | None = None) -> T | None:
    """``from_dict`` of the JSON save at ``path``, or None when there is none or it
    is damaged. A damaged save is never overwritten: it is moved aside to
    ``<name>.bad``, ``warn`` is told, and play starts afresh."""
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


def read_save_file(source: str, from_dict: Callable[[object], T], kind: str, other: tuple[str, str, str]) -> T:
    """The game of a save file a player names (``play --resume FILE``: one kept
    aside, or one another player sent): ``from_dict`` of its JSON, every field
    checked as a session's own save is. Unlike :func:`load_save`, nothing is moved:
    whatever is wrong is a :class:`FreecellError` naming the file, in one line.
    ``kind`` is the save's "format" (``freecell-cli-game``); ``other`` the other
    game's: its format, what it is and the command that plays it, said when the
    file is its save.

    >>> read_save_file("/no/such.json", dict, "freecell-cli-game", ("x", "y", "z"))
    Traceback (most recent call last):
    ...
    freecell_cli.files.UnreadableInput: cannot read /no/such.json: No such file or directory
    """
    import orjson

    from .files import LIMITS, display_name, read_limited

    name = display_name(source)
    try:
        d = orjson.loads(read_limited(source, LIMITS["saved game"], "saved game"))
    except orjson.JSONDecodeError as e:
        raise FreecellError(f"{name}: not a saved game (bad JSON: {escape(e)}; "
                            "a solution file, as `save FILE` writes, is replayed by verify or replay)") from None
    if isinstance(d, dict) and d.get("format") == other[0]:
        raise FreecellError(f"{name} is {other[1]}: `{other[2]} --resume {name}` plays it")
    if not isinstance(d, dict) or d.get("format") != kind:
        raise FreecellError(f"{name}: not a saved game (a saved game is JSON with \"format\": \"{kind}\"; "
                            "a solution file is replayed by verify or replay)")
    try:
        return from_dict(d)
    except FreecellError as e:
        raise FreecellError(f"{name}: {escape(e)}") from None


def settle_resumed(source: str, save: Path) -> bool:
    """After a game read from ``source`` (:func:`read_save_file`) has been saved in
    ``save``: when ``source`` is a copy of it kept aside beside ``save``
    (``game.json.deal-617``), remove it, so that the game is in one place; True if
    it was removed. Any other file is the player's: left as it was."""
    import re

    path = Path(source)
    try:
        beside = path.resolve().parent == save.resolve().parent
    except OSError:
        return False
    kept = re.fullmatch(re.escape(save.name) + rf"\.({_KEPT_TAGS})(\.[0-9]+)?", path.name, re.ASCII)
    if not beside or kept is None:
        return False
    try:
        path.unlink()
    except OSError:
        return False
    return True


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


def kept_name(path: Path, suffix: str) -> str:
    """Where :func:`replace_save` would keep the game ``path`` holds, were it kept
    aside now under ``suffix`` (beside the file a link names, as it does), fit to
    print; a question asked before it is says so.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "game.json.deal-617").touch()
    >>> kept_name(folder / "game.json", ".deal-617") == str(folder / "game.json.deal-617.2")
    True
    """
    from .files import display_name

    return display_name(free_name(Path(os.path.realpath(path)), suffix))


# The tags an unfinished game is kept aside under (take_save), after the save's name;
# a family game's start with its name (.eight-off-deal-3).
_KEPT_TAGS = (rf"(?:(?:{'|'.join(FAMILY)})-)?(?:position|deal-[1-9][0-9]{{0,19}})"
              r"|daily-[0-9]{4}-[0-9]{2}-[0-9]{2}")


def free_name(path: Path, suffix: str) -> Path:
    """``path`` + ``suffix``, or + ``suffix.2``, ``.3``... : a name nothing has yet.
    ``suffix`` is one of the shapes a save is kept aside under (``.bad``,
    ``.position``, ``.deal-617``, ``.daily-2026-11-30``): anything else, which could
    only come from a save's fields, is refused, so no name leaves the folder."""
    import re

    from .files import display_name

    if not re.fullmatch(rf"\.(bad|{_KEPT_TAGS})", suffix, re.ASCII):
        raise FreecellError(f"cannot keep {display_name(path)} aside under the name {quote(path.name + suffix)}")
    for k in range(1, 10_000):
        candidate = path.with_name(f"{path.name}{suffix}{'' if k == 1 else f'.{k}'}")
        if not candidate.exists():
            return candidate
    raise FreecellError(f"too many files named {path.name}{suffix}.N beside it")


class _Saved(Protocol):
    @property
    def moves(self) -> object: ...  # a count (FreeCell) or a list (Spider): 0 or empty when none was played

    @property
    def position(self) -> Any: ...

    def to_dict(self) -> dict[str, object]: ...


def take_save(path: Path, game: S, there: S | None, kept_as: Callable[[S], tuple[str, str]], warn: Warn) -> None:
    """Save ``game`` as the game of the save file ``path`` from now on (the game a
    session starts with, a new deal, the daily one). ``there`` is the game the file
    holds (read from it just now: what is on disk decides, not what the session
    thinks is there, so no path overwrites a game); when it must be kept
    (:func:`to_keep`), it is moved aside under the tag ``kept_as`` gives (``.deal-617``,
    with what it is: ``deal 617 (3 moves)``) and ``warn`` says where. Nothing moves
    until the new save is written (:func:`replace_save`)."""
    keep = kept_as(there) if there is not None and to_keep(there, game) else None
    replace_save(path, game.to_dict(), keep, warn)


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
    place (the old one is put back if that rename fails)."""
    from .files import display_name

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


class SaveChecker:
    """The checks a save file's reader makes before its game's own: a JSON object,
    every field there (each has been written since the first version, so one
    missing, or one more, is damage). Every fault is a :class:`FreecellError`
    ``<what> is damaged: <field>: <why>``.

    >>> check = SaveChecker("saved game", ("format", "moves"))
    >>> check.fields({"format": 1, "moves": [], "clock": 0})
    Traceback (most recent call last):
    ...
    freecell_cli.errors.FreecellError: saved game is damaged: 'clock': not a field of a saved game
    """

    def __init__(self, what: str, fields: Sequence[str]) -> None:
        self.what = what  # "saved game", "saved Spider game"
        self.names = tuple(fields)

    def fail(self, field: str, why: str) -> FreecellError:
        return FreecellError(f"{self.what} is damaged: {field}: {why}")

    def mapping(self, d: object) -> dict[str, Any]:
        """``d``, when it is a JSON object."""
        if not isinstance(d, dict):
            raise FreecellError(f"{self.what} is damaged: not a JSON object")
        return d

    def fields(self, d: Mapping[str, object]) -> None:
        """Every field is there, and no other (its name quoted, cut short)."""
        for name in self.names:
            if name not in d:
                raise self.fail(name, "missing")
        for name in d:
            if name not in self.names:
                raise self.fail(quote(name, 24), f"not a field of a {self.what}")
