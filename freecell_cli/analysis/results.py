"""The results file: records read back (checked; a torn last line, what a run
killed while writing leaves, recognised and cut off), and the file a run appends
to, locked so that one run at a time writes it."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Container, Iterator
from pathlib import Path
from typing import BinaryIO

from ..deals import MAX_DEAL
from ..errors import FreecellError
from ..files import LIMITS, Busy, InputTooLarge, Lock, OutputError, UnreadableInput, display_name, raw_lines
from .ranges import DealSet
from .records import (
    _UNSET,
    SETTINGS,
    Record,
    _compatible,
    _with_defaults,
    check_record,
    describe_settings,
    record_settings,
)


class InvalidResults(FreecellError):
    """A results file (or record) with a damaged line before its end."""


class ResultsBusy(Busy):
    """A results file another run is writing."""


class SettingsMismatch(FreecellError):
    """A results file made with other settings than the run that would resume it."""


# Every field a record of this program has (records.analyze_deal and the kinds it calls,
# mincells.min_cells, error_record): a torn line may only hold these.
_RECORD_KEYS = frozenset((
    "deal", "game", "mode", "variant", "cells", "suits", "max_cells", "width", "fcsolve", "verdict", "min_cells",
    "known", "proof", "move_count", "nonfoundation_moves", "seconds", "states", "searches", "engine", "requested_engine",
    "time_limit", "solution", "solution_cells", "reason", "optimal", "lower_bound", "beam_moves"))
_RECORD_START = b'{"deal":'  # how every record is written: orjson, compact, "deal" first
_VALUE_STARTS = frozenset(b'"-0123456789tfn[{')


def is_torn_record(raw: bytes) -> bool:
    r"""Whether ``raw``, the last line of a results file, is what a run killed while
    writing a record leaves: the start of a line this program writes (``{"deal":N,``
    then fields of a record, as orjson writes them), perhaps followed by the zeros
    a crash leaves where the rest was to be. Anything else (a JSON solution, a
    config, a typed note) is not a torn record, and must never be cut off.

    >>> is_torn_record(b'{"deal":12,"variant":"site","cel'), is_torn_record(b'{"deal":12,"verd\x00\x00\n')
    (True, True)
    >>> is_torn_record(b'{"moves": ["5a", "82"]}'), is_torn_record(b'{"deal":12,"note":"x"}')
    (False, False)
    """
    import orjson

    text = raw
    if raw.endswith(b"\n"):  # a newline ends a whole record, or the zeros of a crash
        text = raw[:-1].rstrip(b"\x00")
        if len(text) == len(raw) - 1:
            return False
    text = text.rstrip(b"\x00")
    if len(text) <= len(_RECORD_START):
        return bool(text) and _RECORD_START.startswith(text)
    if not text.startswith(_RECORD_START):
        return False
    # One pass over the text: where each member of the object starts, and where
    # the object closes (nested lists and objects, strings and escapes skipped).
    depth, in_string, escaped = 1, False, False
    members = [1]
    for i in range(1, len(text)):
        c = text[i]
        if in_string:
            if escaped:
                escaped = False
            elif c == 0x5C:  # backslash
                escaped = True
            elif c == 0x22:
                in_string = False
            elif c < 0x20:  # orjson escapes control characters
                return False
        elif c == 0x22:
            in_string = True
        elif c in b"[{":
            depth += 1
        elif c in b"]}":
            depth -= 1
            if depth == 0:  # a whole object, only its newline missing
                if i != len(text) - 1:
                    return False
                try:
                    record = orjson.loads(text)
                except orjson.JSONDecodeError:
                    return False
                return check_record(record) is None and record.keys() <= _RECORD_KEYS
        elif c == 0x2C and depth == 1:
            members.append(i + 1)
    # The whole members so far must be fields of a record, the deal first, each sound.
    head = b"{" + text[1:members[-1] - 1] + b"}" if len(members) > 1 else b"{}"
    try:
        fields = orjson.loads(head)
    except orjson.JSONDecodeError:
        return False
    if fields:
        if not fields.keys() <= _RECORD_KEYS:
            return False
        # min-cells fields are checked together (known against min_cells): not half of them
        sound = {k: v for k, v in fields.items() if k not in ("mode", "min_cells", "known", "proof")}
        if check_record({**sound, "verdict": fields.get("verdict", "error")}) is not None:
            return False
    # The member being written: the start of "key":value with a key of a record.
    last = text[members[-1]:]
    if len(members) == 1:  # the deal number itself, cut
        digits = text[len(_RECORD_START):]
        return digits.isdigit() and digits[:1] != b"0" and int(digits) <= MAX_DEAL
    if not last:  # cut just after a comma
        return True
    if not last.startswith(b'"'):
        return False
    key, quote, rest = last[1:].partition(b'"')
    if not quote:  # the key is cut
        return any(k.startswith(key.decode("ascii", "replace")) for k in _RECORD_KEYS - fields.keys())
    if key.decode("ascii", "replace") not in _RECORD_KEYS - fields.keys():
        return False
    return rest in (b"", b":") or (rest[:1] == b":" and rest[1] in _VALUE_STARTS)


def read_records(path: str | os.PathLike[str], repair: bool = False) -> Iterator[tuple[int, Record]]:
    """``(line number, record)`` for each record of a results file, checked by
    :func:`check_record`, read one line at a time (memory stays flat; a line may be
    ``LIMITS['results record']`` long). A torn last line (the start of a record,
    as :func:`is_torn_record` tells: a run killed while writing) is dropped, and
    cut off the file when ``repair``; any other bad line, the last one included,
    raises :class:`InvalidResults` naming it, and the file is left as it is.
    A deal recorded twice comes twice: callers keep the first. ``-`` reads stdin."""
    import contextlib

    import orjson

    f: BinaryIO
    if os.fspath(path) == "-":  # stdin, as everywhere: read once, never repaired or closed
        name, repair = "stdin", False
        if sys.stdin is None:
            raise UnreadableInput("stdin is closed")
        f = sys.stdin.buffer
        holder: contextlib.AbstractContextManager[object] = contextlib.nullcontext()
    else:
        name = display_name(path)
        try:
            if os.path.isdir(path):
                raise UnreadableInput(f"{name} is a directory, not a results file")
            f = open(path, "rb")
        except OSError as e:
            raise UnreadableInput(f"cannot read {name}: {e.strerror or e}") from None
        holder = f
    good_end = end = 0  # where the good records end, and where the lines read end
    bad_line: InvalidResults | None = None  # an error unless it turns out to be the last line
    with holder:
        try:
            for lineno, start, raw, torn in raw_lines(f, name, LIMITS["results record"], line_what="record",
                                                      torn=True):
                if bad_line is not None:
                    raise bad_line
                end = start + len(raw)
                # Only what a killed run leaves, the start of a record, counts as torn:
                # anything else means this is not a results file, and it is kept whole.
                if not raw.startswith(b"{") or torn and not is_torn_record(raw):
                    raise _not_ours(name, lineno, raw)
                if torn:
                    break  # the file ends in the middle of a line
                try:
                    record = orjson.loads(raw)
                except orjson.JSONDecodeError:
                    if not is_torn_record(raw):
                        raise _not_ours(name, lineno) from None
                    # zeros a crash left after the start of a record: torn, if it is the last line
                    bad_line = InvalidResults(f"{name}: line {lineno} is not a JSON record")
                    continue
                problem = check_record(record)
                if problem:
                    raise InvalidResults(f"{name}: line {lineno}: {problem}")
                yield lineno, record
                good_end = end
        except InputTooLarge:
            if bad_line is not None:  # the bad line is not the last: it is named first
                raise bad_line from None
            raise
    if repair and good_end < end:
        try:
            with open(path, "r+b") as g:
                g.truncate(good_end)
                g.flush()
                os.fsync(g.fileno())
        except OSError as e:
            raise OutputError(f"cannot repair {name}: {e.strerror or e}") from None


def _not_ours(name: str, lineno: int, raw: bytes = b"") -> InvalidResults:
    if lineno == 1 and raw.startswith(b"\x1f\x8b"):  # gzip's magic: a results file as shipped (docs/results)
        return InvalidResults(f"{name} is gzip-compressed: `gunzip -k` it, and give the plain file")
    return InvalidResults(f"{name}: line {lineno} is not a result record (is it a results file?)")


def _source_name(path: str | os.PathLike[str]) -> str:
    """How messages name a results file (``-``: stdin)."""
    return "stdin" if os.fspath(path) == "-" else display_name(path)


def load_records(path: str | os.PathLike[str], repair: bool = False) -> list[Record]:
    """The valid records of a results file as a list (an absent file has none),
    each deal once (the first record wins). Holds every record in memory: for big
    files use :func:`read_records` or :func:`summarize_file`."""
    if not os.path.exists(path):
        return []
    seen = DealSet()
    return [r for _, r in read_records(path, repair) if seen.add(r["deal"])]


def resume(path: str | os.PathLike[str], settings: Record, wanted: Container[int],
           count: Callable[[Record], None]) -> DealSet:
    """The deals a results file that a run will append to holds already (its torn
    last line cut off); ``count`` is given the first record of each deal in
    ``wanted``. A record made with other ``settings`` than the run's is
    :class:`SettingsMismatch`, naming the settings that differ."""
    done = DealSet()
    checked: tuple[object, ...] | None = None
    for lineno, record in read_records(path, repair=True):
        key = tuple(record.get(k, _UNSET) for k in SETTINGS)
        if key != checked:  # most lines have the settings of the line before
            theirs = record_settings(record)
            if not _compatible(theirs, settings):
                theirs_all, ours_all = _with_defaults(theirs), _with_defaults(settings)
                keys = [k for k in SETTINGS if k in theirs_all and theirs_all[k] != ours_all.get(k, _UNSET)]
                raise SettingsMismatch(
                    f"{display_name(path)} holds results made with other settings (line {lineno}: "
                    f"{describe_settings(theirs_all, keys)}; this run: {describe_settings(ours_all, keys)}): "
                    "run with the same settings, or write to another file")
            checked = key
        n = record["deal"]
        if done.add(n) and n in wanted:  # the first record of a deal wins
            count(record)
    return done


# -- the results file -----------------------------------------------------------
class ResultsFile:
    """A results file open for appending, locked so that one run at a time writes
    it (a second gets :class:`ResultsBusy` before doing anything). Only a regular
    file will do: ``/dev/full`` or a directory is refused before any work."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        import stat

        self.path = path
        self.name = display_name(path)
        not_regular = f"cannot write {self.name}: not a regular file (leave --out out to write to stdout)"
        try:
            mode = os.stat(path).st_mode
        except OSError:
            mode = None  # absent (or unreachable: open says why)
        if mode is not None and stat.S_ISDIR(mode):
            raise OutputError(f"cannot write {self.name}: it is a directory")
        if mode is not None and not stat.S_ISREG(mode):
            raise OutputError(not_regular)  # before open: opening a FIFO would wait for a reader
        try:
            self.file = open(path, "ab")
        except FileNotFoundError:  # the words of files.check_output_path
            raise OutputError(f"cannot write {self.name}: no folder {display_name(Path(path).parent)}") from None
        except OSError as e:
            raise OutputError(f"cannot write {self.name}: {e.strerror or e}") from None
        try:
            if not stat.S_ISREG(os.fstat(self.file.fileno()).st_mode):  # replaced meanwhile
                raise OutputError(not_regular)
            self._lock()
        except BaseException:
            self.file.close()
            raise

    def _lock(self) -> None:
        busy = f"another analyze is writing {self.name}; wait for it to finish"
        try:
            Lock(self.path, busy, self.file.fileno())  # held until the file is closed
        except Busy:
            raise ResultsBusy(busy) from None

    def write(self, record: Record) -> None:
        """One whole line, flushed and synced: a kill leaves it complete or torn."""
        import orjson

        try:
            self.file.write(orjson.dumps(record) + b"\n")
            self.file.flush()
            os.fsync(self.file.fileno())
        except OSError as e:
            raise OutputError(f"cannot write {self.name}: {e.strerror or e}") from None

    def flush(self) -> None:
        try:
            self.file.flush()
        except OSError:
            pass

    def close(self) -> None:
        try:
            self.file.close()  # also drops the lock
        except OSError:
            pass


class _StdoutRecords:
    """Records as JSON lines on stdout (a closed pipe raises BrokenPipeError)."""

    def write(self, record: Record) -> None:
        from ..text import json_line

        sys.stdout.flush()
        sys.stdout.buffer.write(json_line(record).encode() + b"\n")
        sys.stdout.buffer.flush()

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass
