"""Files: bounded reading, output paths checked before work, atomic writes.

Every reader of user input has a size limit (:data:`LIMITS`), so no file, pipe or
device (``/dev/zero``, ``yes |``) can make us read without end or run out of
memory; every writer replaces its target atomically, so a reader sees the old
content or the new, never half.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> atomic_write(str(path), "hello\\n"); path.read_text()
'hello\\n'
>>> read_limited(str(path), 3, "position")
Traceback (most recent call last):
  ...
freecell_cli.files.InputTooLarge: ... is larger than 3 bytes, the limit for a position
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, AnyStr, BinaryIO, NamedTuple, Union

from .errors import FreecellError, FreecellRuntimeError
from .text import escape

KIB, MIB = 1 << 10, 1 << 20

# The documented limits (README, "Limits"). A position is a few hundred bytes; a
# solution file is read as a stream, so its limit only bounds the time spent.
LIMITS = {
    "position": 64 * KIB,
    "solution": 16 * MIB,  # streamed line by line: memory stays flat, time about a minute at most
    "JSON solution": 16 * MIB,  # JSON is parsed whole
    "line": 16 * MIB,  # one line of a streamed file (a JSON solution may be one line)
    "saved game": 16 * MIB,
    "replayed solution": 4 * MIB,  # replay keeps every step's position: see replay.MAX_STEPS
    "results record": 1 * MIB,  # one JSON line of an analyze results file
    "deal ranges": 64 * KIB,  # the text of all range arguments together
}


class InputTooLarge(FreecellError):
    """Input over its documented size limit."""


class UnreadableInput(FreecellError):
    """A file that cannot be opened or read (missing, a directory, no permission)."""


class OutputError(FreecellRuntimeError):
    """An output path that cannot be written."""


def display_name(path: str | os.PathLike[str]) -> str:
    """A file name fit to print on one line: bytes that are not UTF-8 shown as
    ``\\xNN``; a name with a newline, a terminal escape or another character that
    does not print (or an empty name) quoted, those characters escaped as Python
    writes them, so no message ever spans two lines or drives the terminal.

    >>> display_name(os.fsdecode(b"bad\\xff.txt"))
    'bad\\\\xff.txt'
    >>> print(display_name("no\\nsuch"), display_name("\\x1b[31mred"), display_name(""))
    'no\\nsuch' '\\x1b[31mred' ''
    """
    name = file_name(path)
    if name and name.isprintable():
        return name
    return "'" + escape(name) + "'"


def file_name(path: str | os.PathLike[str]) -> str:
    """A file name as text, itself (for JSON, which escapes what it holds): bytes
    that are not UTF-8 shown as ``\\xNN``, nothing else changed.

    >>> file_name(os.fsdecode(b"bad\\xff.txt")), file_name("a\\u202eb")
    ('bad\\\\xff.txt', 'a\\u202eb')
    """
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _open_input(source: str | None) -> tuple[BinaryIO, str]:
    if source is None or source == "-":
        stream = sys.stdin.buffer if sys.stdin is not None else None
        if stream is None:
            raise UnreadableInput("stdin is closed")
        return stream, "stdin"
    name = display_name(source)
    if not source:  # open("") fails, but a Path("") would be ".", a directory
        raise UnreadableInput("cannot read '': an empty file name is not a file")
    try:
        if stat.S_ISDIR(os.stat(source).st_mode):
            raise UnreadableInput(f"{name} is a directory, not a file")
        return open(source, "rb"), name
    except OSError as e:
        raise UnreadableInput(f"cannot read {name}: {e.strerror or e}") from None


def _check_size(stream: BinaryIO, name: str, limit: int, what: str) -> None:
    """Refuse a regular file over the limit before reading any of it."""
    try:
        st = os.fstat(stream.fileno())
    except (OSError, ValueError, AttributeError):
        return  # not a real file descriptor (tests): the bounded read still holds
    if stat.S_ISREG(st.st_mode) and st.st_size > limit:
        if name != "stdin":
            stream.close()
        raise InputTooLarge(f"{name} is larger than {limit:,} bytes, the limit for a {what}")


def read_limited(source: str | None, limit: int, what: str) -> bytes:
    """The bytes of a file (``-`` or ``None``: stdin), refusing more than ``limit``.

    Reads at most ``limit + 1`` bytes whatever the file is, so a device or an
    endless pipe costs no more than a file of the limit's size."""
    stream, name = _open_input(source)
    _check_size(stream, name, limit, what)
    try:
        data = stream.read(limit + 1)
    except OSError as e:
        raise UnreadableInput(f"cannot read {name}: {e.strerror or e}") from None
    finally:
        if name != "stdin":
            stream.close()
    if data is None:  # a non-blocking stdin with nothing in it
        data = b""
    if len(data) > limit:
        raise InputTooLarge(f"{name} is larger than {limit:,} bytes, the limit for a {what}")
    return data


def decode_text(data: bytes, name: str, what: str) -> str:
    """UTF-8 text (a byte-order mark allowed); binary data and other encodings refused."""
    if b"\x00" in data:
        raise UnreadableInput(f"{name}: binary data, not a {what}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise UnreadableInput(f"{name}: line {line}: not UTF-8 text") from None


def read_text(source: str | None, what: str = "position") -> str:
    """A whole text file within the limit for ``what`` (a key of :data:`LIMITS`)."""
    name = "stdin" if source in (None, "-") else display_name(source)
    return decode_text(read_limited(source, LIMITS[what], what), name, what)


class RawLine(NamedTuple):
    """One line of a stream as :func:`raw_lines` reads it."""

    number: int  #: 1 for the first line
    start: int  #: the offset of its first byte from where reading began
    data: bytes  #: as read, its line ending kept
    torn: bool  #: the last line, with no newline: the file ends in the middle of it (when asked)

    @property
    def end(self) -> int:
        """The offset just past it: where the next line starts."""
        return self.start + len(self.data)


def raw_lines(stream: BinaryIO, name: str, line_limit: int, *, line_what: str | None = None,
              limit: int | None = None, what: str = "", torn: bool = False) -> Iterator[RawLine]:
    r"""The lines of a binary stream, one at a time, as bytes with their number and
    offsets: the one loop of every line-by-line reader, so memory stays flat.

    A line over ``line_limit`` bytes raises :class:`InputTooLarge` (``line N is
    longer than L bytes``, then ``, the limit for a <line_what>`` when given), so
    does a stream over ``limit`` bytes in all (``the limit for a <what>``); a read
    that fails raises :class:`UnreadableInput`. ``name`` names the stream in the
    messages. With ``torn``, a last line with no newline (a writer killed in the
    middle of it) comes with ``torn`` set; otherwise it is a line like any other.

    >>> import io
    >>> [tuple(line) for line in raw_lines(io.BytesIO(b"ab\nc"), "f", 10, torn=True)]
    [(1, 0, b'ab\n', False), (2, 3, b'c', True)]
    >>> list(raw_lines(io.BytesIO(b"ab\nlong line\n"), "f", 5, line_what="record"))
    Traceback (most recent call last):
      ...
    freecell_cli.files.InputTooLarge: f: line 2 is longer than 5 bytes, the limit for a record
    """
    number = start = 0
    while True:
        try:
            data = stream.readline(line_limit + 1)
        except OSError as e:
            raise UnreadableInput(f"cannot read {name}: {e.strerror or e}") from None
        if not data:
            return
        number += 1
        end = start + len(data)
        if limit is not None and end > limit:
            raise InputTooLarge(f"{name} is larger than {limit:,} bytes, the limit for a {what}")
        if len(data) > line_limit:
            raise InputTooLarge(f"{name}: line {number} is longer than {line_limit:,} bytes"
                                + (f", the limit for a {line_what}" if line_what else ""))
        if torn and not data.endswith(b"\n"):
            yield RawLine(number, start, data, True)
            return
        yield RawLine(number, start, data, False)
        start = end


def numbered_lines(source: str | None, what: str = "solution", chunk: int = 1 << 18) -> Iterator[tuple[int, str]]:
    r"""The lines of a file that are not blank, as (line number, text without its
    line ending), read a block at a time: memory stays flat, and blank lines
    (ASCII white space only) are passed over in C, so a file of millions of them
    is read in about a second. Refused: a line over ``LIMITS['line']``, a file over
    ``LIMITS[what]`` (the lines before the limit are given first), binary data, text
    that is not UTF-8.

    >>> import io, sys
    >>> stdin, sys.stdin = sys.stdin, io.TextIOWrapper(io.BytesIO(b"5a\n\n \r\n 82\r\nah"))
    >>> list(numbered_lines("-")); sys.stdin = stdin
    [(1, '5a'), (4, ' 82'), (5, 'ah')]
    """
    from itertools import compress

    stream, name = _open_input(source)
    limit, line_limit = LIMITS[what], LIMITS["line"]
    _check_size(stream, name, limit, what)
    read = getattr(stream, "read1", stream.read)
    buf = b""
    base = 0  # the offset of buf[0] in the stream
    number = 1  # the line buf starts with
    eof = False
    try:
        while not eof:
            try:
                data = read(chunk)
            except OSError as e:
                raise UnreadableInput(f"cannot read {name}: {e.strerror or e}") from None
            if not data:  # None: a non-blocking stdin with nothing in it
                eof = True
            else:
                buf += data
            over = base + len(buf) > limit
            if over:  # the whole lines within the limit, then the refusal
                end = buf.rfind(b"\n", 0, max(limit - base, 0)) + 1
            else:
                end = len(buf) if eof else buf.rfind(b"\n") + 1
            region = buf[:end]
            if region and not region.strip():  # a block of blank lines: only counted
                number += region.count(b"\n") + (not region.endswith(b"\n"))
            elif region:
                parts = region.split(b"\n")
                if region.endswith(b"\n"):
                    parts.pop()  # the empty piece after the last line ending
                for lineno, raw in compress(enumerate(parts, number), map(bytes.strip, parts)):
                    if len(raw) >= line_limit:
                        raise InputTooLarge(f"{name}: line {lineno} is longer than {line_limit:,} bytes")
                    if b"\x00" in raw:
                        raise UnreadableInput(f"{name}: line {lineno}: binary data, not a {what}")
                    try:
                        text = raw.decode("utf-8-sig" if lineno == 1 else "utf-8")
                    except UnicodeDecodeError:
                        raise UnreadableInput(f"{name}: line {lineno}: not UTF-8 text") from None
                    yield lineno, text.rstrip("\r")
                number += len(parts)
            if over:
                raise InputTooLarge(f"{name} is larger than {limit:,} bytes, the limit for a {what}")
            buf = buf[end:]
            base += end
            if len(buf) > line_limit:
                raise InputTooLarge(f"{name}: line {number} is longer than {line_limit:,} bytes")
    finally:
        if name != "stdin":
            stream.close()


def check_output_path(path: str) -> None:
    """Refuse, before any long work, a path :func:`atomic_write` could not replace:
    a directory, a device or pipe, a missing or unwritable folder."""
    name = display_name(path)
    target = Path(path)
    try:
        st = os.stat(target)
    except (FileNotFoundError, NotADirectoryError):  # no such file, or no such folder: said below
        st = None
    except OSError as e:
        raise OutputError(f"cannot write {name}: {e.strerror or e}") from None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(f"cannot write {name}: it is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise OutputError(f"cannot write {name}: not a regular file")
    folder = target.parent
    if not folder.is_dir():
        raise _place_error(name, folder, None)
    # Try it: permission bits lie for root and on read-only mounts.
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{target.name}.", suffix=".check")
    except OSError as e:
        raise _place_error(name, folder, e) from None
    os.close(fd)
    os.unlink(tmp)


def _place_error(name: str, folder: Path, error: OSError | None, shown: Path | None = None) -> OutputError:
    """Why ``name`` cannot be written in ``folder``, where making a file raised
    ``error`` (None: not tried): the folder is missing, or is not a folder, or is
    one that takes no new file (``/proc``, ``/sys``, read-only, full), said with
    the system's reason, escaped: ENOENT in ``/proc`` is no missing folder.
    ``shown`` names the folder as it was given (a link, not where it leads)."""
    where = display_name(shown if shown is not None else folder)
    if not os.path.exists(folder):
        return OutputError(f"cannot write {name}: no folder {where}")
    if not os.path.isdir(folder):
        return OutputError(f"cannot write {name}: {where} is not a folder")
    why = "it takes no new file" if error is None else escape(error.strerror or str(error))
    return OutputError(f"cannot write {name}: cannot make a file in {where}: {why}")


def atomic_write(path: str, text: str | bytes, before_replace: Callable[[], object] | None = None) -> None:
    """Write ``text`` (or bytes, as they are) to a temporary file beside ``path``,
    sync it, then rename it over ``path``. Raises :class:`OutputError` (nothing
    written) when it cannot. ``before_replace`` is called once the text is safely
    in the temporary file, just before the rename (a saved game moves the old save
    aside there, only once the new one is known to fit); what it raises is raised,
    the temporary file removed."""
    import tempfile

    name = display_name(path)
    # Through a symbolic link to the file it names: the link stays a link.
    target = Path(os.path.realpath(path))
    keep_mode = None
    try:
        st = os.stat(target)
    except OSError:
        st = None
    if st is not None:
        if stat.S_ISDIR(st.st_mode):
            raise OutputError(f"cannot write {name}: it is a directory")
        if not stat.S_ISREG(st.st_mode):  # a device or a pipe is never replaced by a file
            raise OutputError(f"cannot write {name}: not a regular file")
        keep_mode = stat.S_IMODE(st.st_mode)
    _sweep_stale(target)
    try:
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.{os.getpid()}.", suffix=".tmp")
    except OSError as e:  # the same words as check_output_path
        given = Path(path).parent  # named as given, unless the file itself links elsewhere
        shown = given if os.path.realpath(given) == str(target.parent) else target.parent
        raise _place_error(name, target.parent, e, shown) from None
    try:
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as fb:
                _write_synced(fb, text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8") as ft:
                _write_synced(ft, text)
        # mkstemp makes the file private (0600): keep the old file's mode, or give
        # the one any new file gets
        os.chmod(tmp, keep_mode if keep_mode is not None else 0o666 & ~_umask())
        if before_replace is not None:
            before_replace()
        os.replace(tmp, target)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise OutputError(f"cannot write {name}: {e.strerror or e}") from None
        raise


def _sweep_stale(target: Path) -> None:
    """Remove the temporary files a killed writer of ``target`` left beside it.

    A process killed outright (SIGKILL, a power cut) cannot clean up: its
    ``.<name>.<pid>.<random>.tmp`` stays (one of 108 MB after a killed replay
    --html). The pid in the name tells whether its writer still runs."""
    prefix = f".{target.name}."
    try:
        entries = list(os.scandir(target.parent))
    except OSError:
        return  # mkstemp will say what is wrong with the folder
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid, dot, _ = name[len(prefix):-len(".tmp")].partition(".")
        if dot and pid.isdigit() and int(pid) != os.getpid() and not _running(int(pid)):
            try:
                os.unlink(entry.path)
            except OSError:
                pass


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process, say: it runs
        return True
    return True


def _write_synced(f: IO[AnyStr], data: AnyStr) -> None:
    f.write(data)
    f.flush()
    os.fsync(f.fileno())


def _umask() -> int:
    mask = os.umask(0o22)  # reading the umask means setting it: put it back at once
    os.umask(mask)
    return mask


class Busy(FreecellRuntimeError):
    """A file another running process holds the lock of."""


class Lock:
    """An exclusive lock on ``path`` held by this process: ``flock`` on the file
    ``path`` + ``.lock``, which holds the holder's pid (for the message). The kernel
    drops the lock when its holder ends, however it ends (``kill -9`` too), so a
    lock file left by a dead process is simply taken over. :class:`Busy` when a
    live process holds it, with ``busy`` as its message (``{pid}`` replaced by the
    holder's); no lock at all where ``flock`` does not exist.

    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
    >>> first = Lock(path, "game.json is in use by pid {pid}")
    >>> Lock(path, "game.json is in use by pid {pid}")
    Traceback (most recent call last):
      ...
    freecell_cli.files.Busy: game.json is in use by pid ...
    >>> first.release(); Lock(path, "game.json is in use by pid {pid}").release()

    ``fd``, a file of ``path`` open for writing, is locked itself instead (no lock
    file, no pid): a file only ever appended to, never replaced by a rename, can
    hold its own lock. Closing ``fd`` drops the lock too.
    """

    def __init__(self, path: str | os.PathLike[str], busy: str, fd: int | None = None) -> None:
        self.fd: int | None = None
        self._own = fd is None  # a lock file this opened, closed on release
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock
            return
        name = os.fspath(path) + (".lock" if fd is None else "")
        if fd is None:
            try:
                fd = os.open(name, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0),
                             0o644)
            except OSError as e:
                raise OutputError(f"cannot lock {display_name(name)}: {e.strerror or e}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            holder = ""
            if self._own:
                holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
                os.close(fd)
            if isinstance(e, BlockingIOError):
                raise Busy(busy.replace("{pid}", holder if holder.isdigit() else "unknown")) from None
            raise OutputError(f"cannot lock {display_name(name)}: {e.strerror or e}") from None
        if self._own:
            try:
                os.ftruncate(fd, 0)
                os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
            except OSError:
                pass  # the pid is only for the message: the lock holds without it
        self.fd = fd

    def release(self) -> None:
        """Drop the lock (the lock file stays: removing it could race a new holder)."""
        if self.fd is not None:
            fd, self.fd = self.fd, None
            if self._own:
                os.close(fd)
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_UN)


#: A solution file given by its text or its path: a :class:`~pathlib.Path`, or a
#: string naming a file (``"-"`` is stdin; an existing file; one word with a ``/``
#: or a ``.``, which no move has). Any other string is the solution's text.
TextOrPath = Union[str, "os.PathLike[str]"]


def is_path(source: object) -> bool:
    """A Path; or text naming a file: ``-`` (stdin), an existing file, or one word
    with a ``/`` or a ``.`` (no move has either), so a missing file says so."""
    if isinstance(source, os.PathLike):
        return True
    if not isinstance(source, str) or "\n" in source or len(source) > 4096:
        return False
    if source == "-" or os.path.isfile(source):
        return True
    return not source.lstrip().startswith("{") and len(source.split()) == 1 and ("/" in source or "." in source)
