"""Batch analysis of deal ranges: parallel, resumable JSON Lines, summaries.

A run appends one JSON line per deal and flushes it to disk, so a run killed at
any moment leaves only complete lines (plus at most one torn last line, the start
of a record, which the next run drops; nothing else is ever cut). Re-running with
the same file skips the deals already there. While a run writes a file it holds a
lock on it, so a second run cannot write the same deals twice; each record names
the settings it was made with, and a run resumes only a file made with its own
settings.

Memory stays small whatever the size of a run: ranges are produced lazily, the
deals already done are a bitmap (:class:`DealSet`), the results file is read one
line at a time, and summaries keep counts, not records.

>>> list(parse_ranges(["1-3,617", "2"]))
[1, 2, 3, 617]
>>> len(parse_ranges(["daily:2026-02"]))
28
"""

from __future__ import annotations

import calendar
import heapq
import math
import os
import random
import sys
from array import array
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Generic, NoReturn, TypeVar

from .deals import MAX_DEAL, SITE_DEALS, check_deal_number, daily_number, parse_date
from .errors import FreecellError, quote
from .files import LIMITS, InputTooLarge, OutputError, UnreadableInput, display_name, raw_lines
from .moves import plural
from .text import escape
from .variants import VARIANTS

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkServerContext, SpawnContext

VERDICTS = ("solved", "unsolvable", "gave-up", "error")
MAX_DEALS = 10_000_000  # deals in one run, all range parts together
SETTINGS = ("game", "mode", "suits", "variant", "cells", "max_cells", "requested_engine",
            "time_limit")  # what a resume must match
MAX_SETTINGS_GROUPS = 16  # a summary shows at most this many settings groups

# One result record: a JSON object, as written to and read back from a results file
# (checked by check_record); its fields hold whatever JSON holds (numbers, text, lists,
# None), each checked where it is used. Summaries (Summary.as_dict) and settings are
# JSON objects of mixed values too, and take the same type.
Record = dict[str, Any]


class InvalidRange(FreecellError):
    """A deal range that cannot be read."""


class InvalidResults(FreecellError):
    """A results file (or record) with a damaged line before its end."""


class ResultsBusy(FreecellError):
    """A results file another run is writing."""


class SettingsMismatch(FreecellError):
    """A results file made with other settings than the run that would resume it."""


class WorkerFailed(FreecellError):
    """Worker processes that could not do an item (they die, or the work raised)."""


# -- sets and ranges of deal numbers -------------------------------------------
class DealSet:
    """A set of deal numbers in little memory: one 128-byte bitmap per block of
    1,024 numbers that holds any, so ten million consecutive deals take about 3 MB
    where a Python set would take 500 MB.

    >>> s = DealSet()
    >>> s.add(617), s.add(617), 617 in s, 618 in s, len(s)
    (True, False, True, False, 1)
    >>> s.add(1); list(s)
    True
    [1, 617]
    """

    __slots__ = ("_blocks", "_len")

    def __init__(self, numbers: Iterable[int] = ()) -> None:
        self._blocks: dict[int, bytearray] = {}
        self._len = 0
        self.update(numbers)

    def update(self, numbers: Iterable[int]) -> None:
        """Add many numbers (the loop of :meth:`add`, without a call per number)."""
        blocks = self._blocks
        get = blocks.get
        added = 0
        for n in numbers:
            block = get(n >> 10)
            if block is None:
                block = blocks[n >> 10] = bytearray(128)
            i, mask = (n & 1023) >> 3, 1 << (n & 7)
            if not block[i] & mask:
                block[i] |= mask
                added += 1
        self._len += added

    def copy(self) -> "DealSet":
        other = DealSet()
        other._blocks = {k: bytearray(b) for k, b in self._blocks.items()}
        other._len = self._len
        return other

    def add(self, n: int) -> bool:
        """Add ``n``; True when it was not there yet."""
        block = self._blocks.get(n >> 10)
        if block is None:
            block = self._blocks[n >> 10] = bytearray(128)
        i, mask = (n & 1023) >> 3, 1 << (n & 7)
        if block[i] & mask:
            return False
        block[i] |= mask
        self._len += 1
        return True

    def __contains__(self, n: object) -> bool:
        if not isinstance(n, int):
            return False
        block = self._blocks.get(n >> 10)
        return block is not None and bool(block[(n & 1023) >> 3] & (1 << (n & 7)))

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[int]:
        """The numbers in increasing order."""
        for key in sorted(self._blocks):
            base = key << 10
            for i, byte in enumerate(self._blocks[key]):
                if byte:
                    at = base + i * 8
                    for bit in _BITS[byte]:
                        yield at + bit

    def missing(self, lo: int, hi: int) -> Iterator[int]:
        """The numbers of ``lo..hi`` not in the set, in order; blocks the set does
        not touch go through at the speed of ``range``, full ones are skipped whole."""
        while lo <= hi:
            end = min(hi, lo | 1023)
            block = self._blocks.get(lo >> 10)
            if block is None:
                yield from range(lo, end + 1)
            elif block != _FULL:
                for n in range(lo, end + 1):
                    if not block[(n & 1023) >> 3] >> (n & 7) & 1:
                        yield n
            lo = end + 1


_BITS = [tuple(b for b in range(8) if byte >> b & 1) for byte in range(256)]  # the bits set in a byte
_FULL = bytes([255]) * 128  # a block holding all its 1,024 numbers


class _Intervals:
    """Sorted, disjoint, non-touching inclusive intervals of numbers."""

    __slots__ = ("starts", "ends")

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def __contains__(self, n: int) -> bool:
        i = bisect_right(self.starts, n) - 1
        return i >= 0 and n <= self.ends[i]

    def gaps(self, lo: int, hi: int) -> Iterator[tuple[int, int]]:
        """The parts of ``lo..hi`` no interval covers."""
        i = bisect_left(self.ends, lo)
        while lo <= hi:
            if i == len(self.starts) or self.starts[i] > hi:
                yield lo, hi
                return
            if self.starts[i] > lo:
                yield lo, self.starts[i] - 1
            lo = self.ends[i] + 1
            i += 1

    def add(self, lo: int, hi: int) -> None:
        i = bisect_left(self.ends, lo - 1)  # the first interval touching lo..hi or after it
        j = bisect_right(self.starts, hi + 1)  # past the last one touching it
        if i < j:
            lo, hi = min(lo, self.starts[i]), max(hi, self.ends[j - 1])
        self.starts[i:j] = [lo]
        self.ends[i:j] = [hi]

    def size(self) -> int:
        return sum(e - s + 1 for s, e in zip(self.starts, self.ends))


_POINTS_TYPE = "I" if array("I").itemsize >= 4 else "L"


class DealRanges:
    """Deal numbers read from range specs (see :func:`parse_ranges`): checked whole
    when built, then produced one at a time in the order given, repeats dropped.
    ``1-10000000`` costs a few kilobytes, not ten million numbers; ``len`` and
    ``in`` need no pass over the deals.

    >>> r = parse_ranges(["5-8,1-6", "7"])
    >>> list(r), len(r), 2 in r, 9 in r
    ([5, 6, 7, 8, 1, 2, 3, 4], 8, True, False)
    """

    def __init__(self, parts: list[range | tuple[int, ...] | array[int]], text: str = "") -> None:
        # A part is a range of numbers, or single numbers (a tuple, or an array for random:N).
        self._parts = parts
        self.text = text
        self._ranges = _Intervals()
        self._points = DealSet()  # every single number; random ones lie in 1..1,000,000
        for part in parts:
            if isinstance(part, range):
                self._ranges.add(part.start, part.stop - 1)
            else:
                self._points.update(part)
        self._len = self._ranges.size()
        if self._ranges.starts:
            self._len += sum(1 for n in self._points if n not in self._ranges)
        else:
            self._len += len(self._points)

    @classmethod
    def of(cls, numbers: Iterable[int]) -> "DealRanges":
        """Deal numbers given one by one (checked, at most :data:`MAX_DEALS`).

        >>> list(DealRanges.of([3, 1, 3]))
        [3, 1]
        """
        points = array("Q")
        for n in numbers:
            if len(points) == MAX_DEALS:
                raise InvalidRange(f"more than {MAX_DEALS:,} deals (the most one run takes)")
            try:
                points.append(check_deal_number(n))
            except FreecellError as e:
                raise InvalidRange(str(e)) from None
        return cls([points], "")

    def __iter__(self) -> Iterator[int]:
        return self.iterate()

    def iterate(self, skip: DealSet | None = None) -> Iterator[int]:
        """The deals in order, leaving out those in ``skip`` (the deals already
        done: skipped a block of 1,024 at a time where it can, so passing over ten
        million done deals takes a moment).

        >>> list(parse_ranges(["1-6"]).iterate(skip=DealSet([2, 3])))
        [1, 4, 5, 6]
        """
        covered = _Intervals()  # the range parts produced so far
        seen = skip.copy() if skip is not None else DealSet()  # and the single numbers
        for part in self._parts:
            if isinstance(part, range):
                lo, hi = part.start, part.stop - 1
                for a, b in covered.gaps(lo, hi):
                    yield from seen.missing(a, b)
                covered.add(lo, hi)
            else:
                add = seen.add
                if covered.starts:
                    for n in part:
                        if n not in covered and add(n):
                            yield n
                else:
                    for n in part:
                        if add(n):
                            yield n

    def __contains__(self, n: object) -> bool:
        return isinstance(n, int) and (n in self._ranges or n in self._points)

    def __len__(self) -> int:
        return self._len

    def __repr__(self) -> str:
        return f"<DealRanges {quote(self.text, 64)}: {self._len:,} deals>"


def _digits(text: str, what: str, part: str) -> int:
    """A decimal number of ASCII digits only (``int`` would take ``²``, ``1_0``,
    and spend quadratic time on a 100,000-digit one)."""
    t = text.strip()
    if not (t.isascii() and t.isdigit()):
        raise InvalidRange(f"not a deal range: {quote(part, 64)} (e.g. 1-1000, 617, daily:2026-11, random:500)")
    if len(t.lstrip("0")) > 12:
        raise InvalidRange(f"{quote(part, 64)}: {what} {t[:20]}{'…' if len(t) > 20 else ''} is too large")
    return int(t)


def parse_ranges(specs: Iterable[str], seed: int | str | None = None) -> DealRanges:
    """Deal numbers from specs like ``1-32000``, ``617``, ``1-1000,5000-6000``,
    ``daily:2026-11`` (every daily deal of a month; ``daily:2026-11-29`` one day)
    and ``random:500`` (``seed`` makes it reproducible). Order kept, repeats dropped.

    Every part is checked before any deal is produced; the parts together may ask
    for at most :data:`MAX_DEALS` deals, and the text may be at most
    ``LIMITS['deal ranges']`` long.

    >>> list(parse_ranges(["3-5", "4,1"]))
    [3, 4, 5, 1]
    >>> parse_ranges(["1-9999999,10000001-19999999"])
    Traceback (most recent call last):
      ...
    freecell_cli.analyze.InvalidRange: '1-9999999,10000001-19999999' asks for 19,999,998 deals; one run takes at most 10,000,000
    """
    specs = list(specs) if not isinstance(specs, str) else [specs]
    if not all(isinstance(s, str) for s in specs):
        raise InvalidRange(f"deal ranges must be text, not {specs!r:.60}")
    text = " ".join(specs)
    limit = LIMITS["deal ranges"]
    if sum(len(s) for s in specs) > limit:
        raise InvalidRange(f"the deal ranges are longer than {limit:,} characters: {quote(text, 64)}")

    # First pass: read and check every part, count what it asks for.
    plan: list[tuple[str, Any]] = []  # (kind, value): the value's type goes with the kind
    total = 0
    for spec in specs:
        for part in spec.split(","):
            part = part.strip()
            if not part:
                continue
            try:
                if part.startswith("daily:"):
                    when = part[6:].strip()
                    if len(when) == 7 and when[4:5] == "-":  # YYYY-MM
                        year, month = _digits(when[:4], "year", part), _digits(when[5:], "month", part)
                        if not 1 <= month <= 12:
                            raise InvalidRange(f"{quote(part, 64)}: no month {month}")
                        days = calendar.monthrange(year, month)[1]
                        numbers = tuple(daily_number(parse_date(f"{when}-{d:02d}")) for d in range(1, days + 1))
                    else:
                        numbers = (daily_number(parse_date(when)),)
                    plan.append(("points", numbers))
                    total += len(numbers)
                elif part.startswith("random:"):
                    count = _digits(part[7:], "count", part)
                    if not 1 <= count <= SITE_DEALS:
                        raise InvalidRange(f"{quote(part, 64)}: the random count must be 1 to {SITE_DEALS:,}")
                    plan.append(("random", count))
                    total += count
                elif "-" in part:
                    lo_text, hi_text = part.split("-", 1)
                    lo = check_deal_number(_digits(lo_text, "deal number", part))
                    hi = check_deal_number(_digits(hi_text, "deal number", part))
                    if lo > hi:
                        raise InvalidRange(f"range {quote(part, 64)} runs backwards")
                    plan.append(("range", range(lo, hi + 1)))
                    total += hi - lo + 1
                else:
                    plan.append(("points", (check_deal_number(_digits(part, "deal number", part)),)))
                    total += 1
            except InvalidRange:
                raise
            except ValueError as e:  # InvalidDeal, or a date calendar refuses
                raise InvalidRange(f"{quote(part, 64)}: {e}") from None
    if not plan:
        raise InvalidRange(f"no deals in {quote(text, 64)}")
    if total > MAX_DEALS:
        raise InvalidRange(f"{quote(text, 64)} asks for {total:,} deals; one run takes at most {MAX_DEALS:,}")

    # Second pass: draw the random parts (in order, from one generator: a seed
    # gives the same deals as it always has).
    rng = random.Random(seed)
    parts: list[range | tuple[int, ...] | array[int]] = []
    for kind, value in plan:
        if kind == "random":
            parts.append(array(_POINTS_TYPE, rng.sample(range(1, SITE_DEALS + 1), value)))
        else:
            parts.append(value)
    return DealRanges(parts, text)


# -- one deal -------------------------------------------------------------------
@dataclass(frozen=True)
class Job:
    """What to do with each deal (sent to every worker). ``time_limit``: seconds
    per deal; None, 0 or infinity mean no limit (stored as None).

    >>> Job(time_limit=0).time_limit is None
    True
    >>> Job(time_limit=float("nan"))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.FreecellError: time limit must be a number of seconds >= 0 (0: no limit), not nan
    """

    variant: str = "site"
    cells: int = 4
    engine: str = "auto"
    time_limit: float | None = 60.0
    solutions: bool = True
    game: str = "freecell"  # or "spider"
    suits: int = 4  # Spider's suits
    mode: str = "solve"  # or "min-cells": the fewest free cells each deal needs (mincells.py)
    max_cells: int = 4  # min-cells: the most cells tried

    def __post_init__(self) -> None:
        from .variants import find_variant

        find_variant(self.variant)  # raises on an unknown one
        if self.game not in ("freecell", "spider"):
            raise FreecellError(f"game must be freecell or spider, not {self.game!r}")
        if self.game == "spider" and self.suits not in (1, 2, 4):
            raise FreecellError(f"Spider is played with 1, 2 or 4 suits, not {self.suits!r}")
        if type(self.cells) is not int or not 0 <= self.cells <= 15:
            raise FreecellError(f"cells must be 0 to 15, not {self.cells!r}")
        if self.mode not in ("solve", "min-cells"):
            raise FreecellError(f"mode must be solve or min-cells, not {self.mode!r}")
        if self.mode == "min-cells" and self.game != "freecell":
            raise FreecellError("min-cells is for FreeCell deals")
        if type(self.max_cells) is not int or not 0 <= self.max_cells <= 15:
            raise FreecellError(f"max cells must be 0 to 15, not {self.max_cells!r}")
        t = self.time_limit
        if t is not None:
            if isinstance(t, bool) or not isinstance(t, (int, float)) or math.isnan(t) or t < 0:
                raise FreecellError(f"time limit must be a number of seconds >= 0 (0: no limit), not {t!r}")
            object.__setattr__(self, "time_limit", None if t == 0 or math.isinf(t) else float(t))

    def settings(self) -> Record:
        """What a record made by this job says about how it was made.

        >>> Job(cells=2).settings()
        {'variant': 'site', 'cells': 2, 'requested_engine': 'auto', 'time_limit': 60.0}
        >>> Job(game="spider", suits=2).settings()
        {'game': 'spider', 'suits': 2, 'time_limit': 60.0}
        >>> Job(variant="standard", mode="min-cells", max_cells=3).settings()
        {'mode': 'min-cells', 'variant': 'standard', 'max_cells': 3, 'time_limit': 60.0}
        """
        if self.game == "spider":  # no variant, cells or engine there: its own rules and solver
            return {"game": "spider", "suits": self.suits, "time_limit": self.time_limit}
        if self.mode == "min-cells":  # its own searches; the time limit is per cell count
            return {"mode": "min-cells", "variant": self.variant, "max_cells": self.max_cells,
                    "time_limit": self.time_limit}
        return {"variant": self.variant, "cells": self.cells, "requested_engine": self.engine,
                "time_limit": self.time_limit}


def analyze_deal(n: int, job: Job) -> Record:
    """Solve one deal and return its record. Runs in a worker process.

    >>> r = analyze_deal(1, Job(engine="builtin", solutions=False))
    >>> r["deal"], r["verdict"], r["requested_engine"], r["time_limit"]
    (1, 'solved', 'builtin', 60.0)
    """
    if job.game == "spider":
        return analyze_spider_deal(n, job)
    if job.mode == "min-cells":
        from .mincells import min_cells

        record = min_cells(n, job.variant, job.max_cells, job.time_limit, job.solutions)
        record["time_limit"] = job.time_limit
        return record
    from .deals import deal
    from .solvers.engine import Limits, get_engine, solve
    from .variants import find_variant

    result = solve(deal(n, cells=job.cells), find_variant(job.variant), get_engine(job.engine),
                   Limits(time=job.time_limit))
    d = result.to_dict()
    # The order records are written in (a torn last line is recognised by it).
    record = {"deal": n, "variant": job.variant, "cells": job.cells,
              **{k: d[k] for k in ("verdict", "move_count", "nonfoundation_moves", "seconds", "states", "engine")},
              "requested_engine": job.engine, "time_limit": job.time_limit}
    if job.solutions and result.verdict == "solved":
        record["solution"] = " ".join(result.notation)
    if result.reason:
        record["reason"] = result.reason
    return record


def analyze_spider_deal(n: int, job: Job) -> Record:
    """Solve one Spider deal (the solver verifies its line) and return its record."""
    from .spider.deals import deal
    from .spider.solve import Limits, solve

    result = solve(deal(n, job.suits), Limits(time=job.time_limit))
    record = {"deal": n, **job.settings(), "verdict": result.verdict, "move_count": result.move_count,
              "seconds": round(result.seconds, 4), "states": result.states}
    if job.solutions and result.verdict == "solved":
        record["solution"] = " ".join(result.notation)
    if result.reason:
        record["reason"] = result.reason
    return record


def error_record(n: int, job: Job, reason: str) -> Record:
    """The record of a deal that could not be analysed (its worker died twice,
    the engine failed): verdict ``error`` and why.

    >>> error_record(5, Job(), "worker died twice (signal 9)")["verdict"]
    'error'
    """
    return {"deal": n, **job.settings(), "verdict": "error", "reason": reason}


# -- records --------------------------------------------------------------------
def _show(value: object) -> str:
    """A field of a record as JSON, escaped (JSON leaves C1 codes and U+202E raw), cut short."""
    import orjson

    try:
        text = orjson.dumps(value).decode()
    except TypeError:
        text = repr(value)
    text = escape(text)
    return text if len(text) <= 40 else text[:40] + "…"


def _is_seconds(value: object) -> bool:
    """Seconds as records hold them: a number from 0 to :data:`MAX_RECORD_SECONDS`."""
    return (type(value) is float or type(value) is int) and 0 <= value <= MAX_RECORD_SECONDS  # NaN fails


def _is_number(value: object) -> bool:
    """A finite number >= 0 (not a bool: JSON ``true`` is no count)."""
    return ((type(value) is int and value >= 0)
            or (type(value) is float and 0 <= value < math.inf))  # NaN fails both


_VERDICT_SET = frozenset(VERDICTS)
# Records hold whole numbers for counts and finite seconds: bounds far above any real
# run (a solution is hundreds of moves, a deal's search under a billion seconds), so a
# value past them is damage, caught here and not as an overflow in a histogram.
MAX_RECORD_MOVES = 1_000_000
MAX_RECORD_STATES = 10**15
MAX_RECORD_SECONDS = 1e9
_COUNT_FIELDS = (("move_count", MAX_RECORD_MOVES), ("nonfoundation_moves", MAX_RECORD_MOVES),
                 ("states", MAX_RECORD_STATES))
_TEXT_FIELDS = ("game", "variant", "requested_engine", "engine", "solution", "reason")
_VARIANT_NAMES = tuple(VARIANTS)  # the names records are written with


def check_record(record: object) -> str | None:
    """What is wrong with a result record, or None when it is sound: ``deal`` a
    deal number, ``verdict`` one of :data:`VERDICTS`, and each field present as
    records are written: counts whole numbers (not floats, not ``true``) within
    their bounds, seconds finite, under :data:`MAX_RECORD_SECONDS`.

    >>> check_record({"deal": 1, "verdict": "solved", "move_count": 1.5})
    '"move_count" is not a whole number from 0 to 1,000,000: 1.5'
    >>> check_record({"deal": 1, "verdict": "solved"}) is None
    True
    """
    # type() tests, not isinstance: this runs once per line of files with millions of lines.
    if type(record) is not dict:
        return f"not a JSON object: {_show(record)}"
    get = record.get
    deal = get("deal")
    if type(deal) is not int or not 1 <= deal <= MAX_DEAL:
        return f'"deal" is not a deal number (1 to {MAX_DEAL:,}): {_show(deal)}'
    verdict = get("verdict")
    if type(verdict) is not str or verdict not in _VERDICT_SET:
        return f'"verdict" is not one of {", ".join(VERDICTS)}: {_show(verdict)}'
    for key, top in _COUNT_FIELDS:
        value = get(key, 0)
        if type(value) is not int or not 0 <= value <= top:
            return f'"{key}" is not a whole number from 0 to {top:,}: {_show(value)}'
    value = get("seconds", 0)
    if not _is_seconds(value):
        return f'"seconds" is not a number of seconds from 0 to {MAX_RECORD_SECONDS:,.0f}: {_show(value)}'
    value = get("suits", 4)
    if type(value) is not int or value not in (1, 2, 4):
        return f'"suits" is not 1, 2 or 4: {_show(value)}'
    value = get("time_limit")
    if value is not None and not _is_number(value):
        return f'"time_limit" is not a number of seconds or null: {_show(value)}'
    value = get("cells", 0)
    if type(value) is not int or not 0 <= value <= 15:
        return f'"cells" is not 0 to 15: {_show(value)}'
    for key in _TEXT_FIELDS:
        value = get(key, "")
        if type(value) is not str:
            return f'"{key}" is not text: {_show(value)}'
    value = get("variant")  # names we write: a record's settings are compared by them
    if value is not None and value not in _VARIANT_NAMES:
        return f'"variant" is not one of {", ".join(_VARIANT_NAMES)}: {_show(value)}'
    value = get("game")
    if value is not None and value not in ("freecell", "spider"):
        return f'"game" is not freecell or spider: {_show(value)}'
    if "mode" in record or "min_cells" in record:
        return _check_min_cells(record)
    return None


def _cell_count(value: object) -> bool:
    return type(value) is int and 0 <= value <= 16


def _check_min_cells(record: Record) -> str | None:
    """What is wrong with the min-cells fields of a record (see :mod:`.mincells`)."""
    get = record.get
    mode = get("mode", "min-cells")
    if mode not in ("solve", "min-cells"):
        return f'"mode" is not solve or min-cells: {_show(mode)}'
    if mode == "solve":
        return None
    value = get("max_cells", 4)
    if type(value) is not int or not 0 <= value <= 15:
        return f'"max_cells" is not 0 to 15: {_show(value)}'
    value = get("min_cells")
    if value is not None and not _cell_count(value):
        return f'"min_cells" is not a number of cells or null: {_show(value)}'
    known = get("known", [0, None])
    if (type(known) is not list or len(known) != 2 or not _cell_count(known[0])
            or not (known[1] is None or _cell_count(known[1]))):
        return f'"known" is not [lowest, highest] cells: {_show(known)}'
    if value is not None and known != [value, value]:
        return f'"known" {_show(known)} does not agree with "min_cells" {value}'
    proof = get("proof")
    if proof is not None and (type(proof) is not dict or not _cell_count(proof.get("cells"))
                              or type(proof.get("states", 0)) is not int
                              or not 0 <= proof.get("states", 0) <= MAX_RECORD_STATES
                              or not _is_seconds(proof.get("seconds", 0))):
        return f'"proof" is not {{"cells", "states", "seconds"}} or null: {_show(proof)}'
    return None


# Every field a record of this program has (analyze_deal, analyze_spider_deal,
# mincells.min_cells, error_record): a torn line may only hold these.
_RECORD_KEYS = frozenset((
    "deal", "game", "mode", "variant", "cells", "suits", "max_cells", "verdict", "min_cells", "known", "proof",
    "move_count", "nonfoundation_moves", "seconds", "states", "searches", "engine", "requested_engine",
    "time_limit", "solution", "solution_cells", "reason"))
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
                    raise _not_ours(name, lineno)
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


def _not_ours(name: str, lineno: int) -> InvalidResults:
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


_UNSET = object()  # a setting a record does not state


def record_settings(record: Record) -> Record:
    """The settings a record states (records from before version 0.2 state only
    variant and cells)."""
    return {k: record[k] for k in SETTINGS if k in record}


def _with_defaults(settings: Record) -> Record:
    """The settings with the game and mode a record leaves out when they are the
    first ones (freecell, solve)."""
    out = dict(settings)
    out.setdefault("game", "freecell")
    if out["game"] == "freecell":
        out.setdefault("mode", "solve")
    return out


def _compatible(a: Record, b: Record) -> bool:
    # A record that names no game is a FreeCell one (the game came later); one
    # that names no mode solved its deal (min-cells came later).
    return a.get("game", "freecell") == b.get("game", "freecell") and a.get("mode", "solve") == b.get(
        "mode", "solve") and all(
        a[k] == b[k] for k in SETTINGS if k in a and k in b)


def describe_settings(settings: Record, keys: Iterable[str] = SETTINGS) -> str:
    """``variant site, 4 cells, engine auto, time limit 60 s`` (the keys it has).

    >>> describe_settings({"variant": "standard", "cells": 2, "time_limit": None})
    'variant standard, 2 cells, no time limit'
    """
    def count(v: object, word: str) -> str:  # max_cells is checked only in min-cells records
        return plural(v, word) if type(v) in (int, float) else f"{word}s {_show(v)}"  # type: ignore[arg-type]

    words = []
    for k in keys:
        if k not in settings:
            continue
        v = settings[k]
        # A record's text fields are read from a results file, which may come from
        # anyone: escaped, so that no field can drive the terminal.
        if k == "game":
            words.append(f"game {escape(v)}")
        elif k == "mode":
            words.append(f"mode {escape(v)}")
        elif k == "max_cells":
            words.append(f"at most {count(v, 'cell')}")
        elif k == "suits":
            words.append(count(v, "suit"))
        elif k == "variant":
            words.append(f"variant {escape(v)}")
        elif k == "cells":
            words.append(count(v, "cell"))
        elif k == "requested_engine":
            words.append(f"engine {escape(v)}")
        else:
            words.append("no time limit" if v is None else f"time limit {v:g} s")
    return ", ".join(words) or "settings not recorded"


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
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ResultsBusy(f"another analyze is writing {self.name}; wait for it to finish") from None
        except OSError as e:
            raise OutputError(f"cannot lock {self.name}: {e.strerror or e}") from None

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
        from .text import json_line

        sys.stdout.flush()
        sys.stdout.buffer.write(json_line(record).encode() + b"\n")
        sys.stdout.buffer.flush()

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass


# -- executors ------------------------------------------------------------------
def _describe_exception(e: BaseException) -> str:
    text = str(e).strip().splitlines()[0] if str(e).strip() else ""
    if isinstance(e, FreecellError):
        return text or type(e).__name__
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _raise_failure(item: object, reason: str) -> NoReturn:
    raise WorkerFailed(f"{item!r}: {reason}")


def _die_with_parent() -> None:
    """On Linux, ask the kernel to kill this worker when its parent dies, so a run
    killed with SIGKILL leaves no worker solving for nobody."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL))  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError, TypeError):
        pass


_T = TypeVar("_T")  # an item a worker is given
_R = TypeVar("_R")  # what a worker's function returns


def _worker_main(conn: Connection[tuple[bool, object], tuple[object] | None],
                 func: Callable[..., object], args: tuple[object, ...]) -> None:
    """A worker: items in through ``conn``, ``(True, result)`` or ``(False, why)``
    out, until the parent sends None or goes away."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with_parent()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return  # the parent has gone
        if message is None:
            return
        try:
            reply = (True, func(message[0], *args))
        except Exception as e:
            reply = (False, _describe_exception(e))
        try:
            conn.send(reply)
        except OSError:
            return
        except Exception as e:  # a result that cannot be pickled
            conn.send((False, f"cannot send the result back: {_describe_exception(e)}"))


def _context() -> ForkServerContext | SpawnContext:
    """forkserver where there is one: workers start from a clean process, so they
    inherit no open file (the results file's lock dies with the run) and no thread
    (a progress bar's) that could hold a lock at the fork."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        preload = ["freecell_cli.analyze", "freecell_cli.solvers.engine", "freecell_cli.solvers.builtin",
                   "freecell_cli.deals"]
        if "freecell_cli.cli" in sys.modules:
            # Run from the console script, which each worker runs again as __mp_main__:
            # with its imports preloaded that costs 0.01 s a worker, not 0.25 s.
            preload.append("freecell_cli.cli")
        ctx.set_forkserver_preload(preload)
        _start_fork_server()
        return ctx
    return multiprocessing.get_context("spawn")


def _start_fork_server() -> None:
    """Start the fork server (if not running) with Ctrl-C blocked: it, and every
    worker it forks, inherit the blocked signal, so a Ctrl-C while they start (before
    a worker can ignore it) prints no traceback of theirs. The run itself gets it as
    soon as the server is started."""
    import signal
    from multiprocessing import forkserver, resource_tracker

    # The resource tracker, which the fork server starts first, unblocks SIGINT
    # when it has started: start it before blocking, so the mask holds for the server.
    resource_tracker.ensure_running()
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    except (AttributeError, OSError, ValueError):  # no signal masks here
        forkserver.ensure_running()
        return
    try:
        forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _Worker:
    __slots__ = ("process", "conn", "task", "done")

    def __init__(self, ctx: ForkServerContext | SpawnContext, func: Callable[..., object],
                 args: tuple[object, ...]) -> None:
        # (item,) or None (stop) to the worker; (True, result) or (False, why) back, where
        # Any is func's result (of the pool's type) or why it failed (a str), as unpickled
        self.conn: Connection[tuple[object] | None, tuple[bool, Any]]
        try:
            self.conn, child = ctx.Pipe()
        except OSError as e:  # no file descriptors left
            raise WorkerFailed(f"cannot start a worker process: {e.strerror or e}") from None
        self.process = ctx.Process(target=_worker_main, args=(child, func, args), daemon=True)
        try:
            self.process.start()
        except OSError as e:  # no more processes, or memory, for a fork
            self.conn.close()
            raise WorkerFailed(f"cannot start a worker process: {e.strerror or e}") from None
        finally:
            child.close()  # the worker holds its end; ours must not keep it open
        # (item, deaths so far) while busy; Any: the item, of the pool's item type
        self.task: tuple[Any, int] | None = None
        self.done = 0  # items finished

    def how_it_ended(self) -> str:
        self.process.join(1)
        code = self.process.exitcode
        if code is None:
            return "no longer answering"
        return f"signal {-code}" if code < 0 else f"exit code {code}"

    def stop(self, kindly: bool) -> None:
        try:
            if kindly:
                self.conn.send(None)
            else:
                self.process.terminate()
        except (OSError, ValueError):
            pass

    def reap(self) -> None:
        try:
            self.process.join(2)
            if self.process.is_alive():
                self.process.kill()
                self.process.join()
            self.process.close()
        except (OSError, ValueError):
            pass
        self.conn.close()


class WorkerPool(Generic[_T, _R]):
    """Runs ``func(item, *args)`` for many items in up to ``jobs`` worker
    processes (never more than there are items), results in the order they
    finish. With ``jobs`` 1, runs in this process.

    A worker that dies (killed, out of memory) is replaced, and its item tried once
    more; when that worker dies too, ``on_error(item, "worker died twice (signal
    9)")`` stands in for the result. An exception in ``func`` also goes to
    ``on_error(item, why)``. The default ``on_error`` raises :class:`WorkerFailed`.
    When three workers in a row die before finishing anything and none has, the
    trouble is the workers, not the items: :class:`WorkerFailed` ends the run.
    Ctrl-C, or closing the iterator, stops every worker.

    >>> pool = WorkerPool(pow, (2,), jobs=4)
    >>> sorted(pool.map([1, 2, 3])), pool.started
    ([1, 4, 9], 3)
    """

    def __init__(self, func: Callable[..., _R], args: tuple[object, ...] = (), jobs: int = 1,
                 on_error: Callable[[_T, str], _R] = _raise_failure) -> None:
        if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
            raise FreecellError(f"jobs must be a whole number >= 1, not {jobs!r}")
        self.func, self.args, self.jobs, self.on_error = func, args, jobs, on_error
        self.started = 0  # worker processes started (replacements included)

    def map(self, items: Iterable[_T]) -> Generator[_R, None, None]:
        if self.jobs == 1:
            return self._in_process(items)
        return self._in_workers(items)

    def _in_process(self, items: Iterable[_T]) -> Generator[_R, None, None]:
        for item in items:
            try:
                result = self.func(item, *self.args)
            except Exception as e:
                result = self.on_error(item, _describe_exception(e))
            yield result

    def _in_workers(self, items: Iterable[_T]) -> Generator[_R, None, None]:
        from multiprocessing.connection import wait

        ctx = _context()
        source = iter(items)
        retry: deque[tuple[_T, int]] = deque()  # items whose worker died, with their deaths
        workers: list[_Worker] = []
        failed_starts = 0  # workers in a row that died before finishing anything
        finished = False

        def next_task() -> tuple[_T, int] | None:
            if retry:
                return retry.popleft()
            for item in source:
                return item, 0
            return None

        def retire(w: _Worker) -> str:
            how = w.how_it_ended()
            workers.remove(w)
            w.reap()
            return how

        def lost(w: _Worker) -> str:
            """A worker gone: how it ended; a run ends when they all die unused."""
            nonlocal failed_starts
            failed_starts += w.done == 0
            how = retire(w)
            if failed_starts >= 3 and not any(x.done for x in workers):
                raise WorkerFailed(f"worker processes keep dying before finishing anything ({how})")
            return how

        def assign(w: _Worker, task: tuple[_T, int]) -> None:
            try:
                w.conn.send((task[0],))
                w.task = task
            except (OSError, ValueError):  # it died before taking the item: not the item's fault
                retry.appendleft(task)
                lost(w)

        try:
            while True:
                # Work for idle workers first, then new workers up to jobs.
                for w in [w for w in workers if w.task is None]:
                    task = next_task()
                    if task is None:
                        break
                    assign(w, task)
                while len(workers) < self.jobs:
                    task = next_task()
                    if task is None:
                        break
                    w = _Worker(ctx, self.func, self.args)
                    self.started += 1
                    workers.append(w)
                    assign(w, task)
                busy = [w for w in workers if w.task is not None]
                if not busy:
                    break
                ready = set(wait([w.conn for w in busy] + [w.process.sentinel for w in busy]))
                for w in busy:
                    if w.conn not in ready and w.process.sentinel not in ready:
                        continue
                    assert w.task is not None  # busy
                    item, deaths = w.task
                    reply = None
                    try:
                        if w.conn.poll():
                            reply = w.conn.recv()
                    except Exception:  # EOF, or a message torn by the death: unpickling it can raise anything
                        reply = None
                    if reply is not None:
                        w.task = None
                        w.done += 1
                        failed_starts = 0
                        ok, value = reply
                        yield value if ok else self.on_error(item, value)
                        if w.process.sentinel in ready or not w.process.is_alive():
                            retire(w)
                        continue
                    # No answer: the worker is dead (or dying) with the item.
                    w.process.join(0.5)
                    if w.process.is_alive():
                        w.process.kill()
                    w.task = None
                    how = lost(w)
                    if deaths + 1 >= 2:
                        yield self.on_error(item, f"worker died twice ({how})")
                    else:
                        retry.append((item, deaths + 1))
            finished = True
        finally:
            for w in workers:
                w.stop(kindly=finished)
            for w in workers:
                w.reap()


# -- how many workers --------------------------------------------------------------
# The memory one worker may take: measured (VmHWM), 20-25 MB solving ordinary deals,
# 150-160 MB proving deal 11982 unsolvable (engine auto, and min-cells).
WORKER_MEMORY = 160 * 2**20
_FDS_PER_WORKER = 4  # its pipe and sentinel here, and those passed while it starts


def cap_jobs(jobs: int, cores: int, memory: int | None = None, fds: int | None = None,
             per_worker: int = WORKER_MEMORY) -> int:
    """The workers worth starting for ``jobs``: no more than ``cores`` (more would
    only share them, and each deal's time limit is wall-clock time, so deals would
    give up that need not), than ``memory`` (bytes available, None: unknown) holds
    at ``per_worker`` each, or than ``fds`` (file descriptors free) allow; at least 1.

    >>> cap_jobs(300, cores=2, memory=8 * 2**30), cap_jobs(8, cores=16, memory=500 * 2**20), cap_jobs(3, 1, 0)
    (2, 3, 1)
    """
    top = min(jobs, cores)
    if memory is not None:
        top = min(top, memory // per_worker)
    if fds is not None:
        top = min(top, fds // _FDS_PER_WORKER)
    return max(1, top)


def _read_first(*paths: str) -> str | None:
    for path in paths:
        try:
            with open(path) as f:
                return f.read().strip()
        except (OSError, UnicodeDecodeError):
            continue
    return None


def _cgroups() -> dict[str, str]:
    """{controller: path} of this process's cgroups ("" for the cgroup v2 one)."""
    out = {}
    for line in (_read_first("/proc/self/cgroup") or "").splitlines():
        _, controllers, path = line.split(":", 2) if line.count(":") >= 2 else ("", "-", "")
        for c in controllers.split(","):
            out[c] = path
    return out


def usable_cores() -> int:
    """The cores this process may run on: its CPU affinity, and a cgroup CPU quota."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    groups = _cgroups()
    v2, v1 = groups.get("", "/").lstrip("/"), groups.get("cpu", "/").lstrip("/")
    quota = _read_first(f"/sys/fs/cgroup/{v2}/cpu.max", "/sys/fs/cgroup/cpu.max")
    if quota is None:
        q = _read_first(f"/sys/fs/cgroup/cpu/{v1}/cpu.cfs_quota_us", "/sys/fs/cgroup/cpu/cpu.cfs_quota_us")
        period = _read_first(f"/sys/fs/cgroup/cpu/{v1}/cpu.cfs_period_us", "/sys/fs/cgroup/cpu/cpu.cfs_period_us")
        quota = f"{q} {period}" if q and period else None
    if quota:
        limit, _, period = quota.partition(" ")
        if limit.lstrip("-").isdigit() and int(limit) > 0 and period.isdigit() and int(period) > 0:
            cores = min(cores, -(-int(limit) // int(period)))
    return max(1, cores)


def available_memory() -> int | None:
    """Bytes of memory free for new workers: the kernel's MemAvailable, and what a
    cgroup limit leaves (None: unknown)."""
    found = []
    for line in (_read_first("/proc/meminfo") or "").splitlines():
        if line.startswith("MemAvailable:") and line.split()[1].isdigit():
            found.append(int(line.split()[1]) * 1024)
    groups = _cgroups()
    v2, v1 = groups.get("", "/").lstrip("/"), groups.get("memory", "/").lstrip("/")
    for limit_file, used_file in ((f"/sys/fs/cgroup/{v2}/memory.max", f"/sys/fs/cgroup/{v2}/memory.current"),
                                  (f"/sys/fs/cgroup/memory/{v1}/memory.limit_in_bytes",
                                   f"/sys/fs/cgroup/memory/{v1}/memory.usage_in_bytes")):
        limit, used = _read_first(limit_file), _read_first(used_file)
        if limit and used and limit.isdigit() and used.isdigit() and int(limit) < 2**60:  # else: no limit
            found.append(max(0, int(limit) - int(used)))
    return min(found) if found else None


def _free_fds() -> int | None:
    """File descriptors this process may still open (None: unknown)."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        open_now = len(os.listdir("/proc/self/fd"))
    except (ImportError, OSError, ValueError):
        return None
    return None if soft == resource.RLIM_INFINITY else max(0, soft - open_now - 32)


def worker_limit(jobs: int) -> tuple[int, str | None]:
    """:func:`cap_jobs` on this machine: the workers to start for ``jobs``, and
    when that is fewer, why in words (``2 cores, 1.5 GB of memory available, ...``)."""
    cores, memory, fds = usable_cores(), available_memory(), _free_fds()
    n = cap_jobs(jobs, cores, memory, fds)
    if n >= jobs:
        return jobs, None
    why = [plural(cores, "core")]
    if memory is not None:
        size = f"{memory / 2**30:.1f} GB" if memory >= 2**30 else f"{memory // 2**20} MB"
        why.append(f"{size} of memory available, {WORKER_MEMORY // 2**20} MB a worker")
    if fds is not None and fds // _FDS_PER_WORKER < min(jobs, cores):
        why.append(f"{fds} file descriptors free")
    return n, ", ".join(why)


def run_local(deals: Iterable[int], job: Job, jobs: int) -> Generator[Record, None, None]:
    """Records as workers finish them (any order); a deal whose worker died twice,
    or whose solve failed, gets an ``error`` record. ``jobs`` is capped by
    :func:`worker_limit` (the cores, the memory)."""
    if isinstance(jobs, int) and not isinstance(jobs, bool) and jobs > 1:
        jobs = worker_limit(jobs)[0]
    pool: WorkerPool[int, Record] = WorkerPool(analyze_deal, (job,), jobs,
                                               on_error=lambda n, why: error_record(n, job, why))
    return pool.map(deals)


def run_dask(deals: Iterable[int], job: Job, scheduler: str | None = None,
             client: Any = None,  # a dask.distributed.Client: dask is untyped
             window: int = 1000) -> Generator[Record, None, None]:
    """Records from a Dask distributed cluster (``pip install 'freecell-cli[dask]'``).
    At most ``window`` deals are out at once, so a long range never floods the
    scheduler; a deal Dask gives up on (its workers died, or its solve failed)
    gets an ``error`` record.

    Connecting, handshake included, must end within Dask's
    ``distributed.comm.timeouts.connect`` (30 s unless configured, e.g.
    ``DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT=10s``): a server that accepts the
    connection and never answers is :class:`FreecellError`, not a wait forever.
    A scheduler lost mid-run (its connection closed, or no answer within that time
    while no deal finishes) is :class:`ClusterLost`: the deals not finished get no
    record, so a resumed run does them. Dask's own log lines are silenced meanwhile."""
    try:
        import dask
        from dask.distributed import Client, as_completed
    except ImportError:
        raise FreecellError("the dask executor needs dask.distributed: pip install 'freecell-cli[dask]'") from None
    from dask.utils import parse_timedelta

    timeout = float(parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"), default="s"))
    restore = _quiet_dask_logging()
    own = client is None
    try:
        if own:
            where = f"the Dask scheduler {quote(scheduler, 64)}" if scheduler else "a local Dask cluster"
            client = _connect_dask(Client, scheduler, timeout, where)
        yield from _dask_records(client, as_completed, deals, job, window, scheduler, timeout)
    finally:
        try:
            if own and client is not None:
                client.close(timeout=timeout)
        except Exception:  # a scheduler lost or frozen: nothing more to say to it
            pass
        finally:
            restore()


def _connect_dask(make: Callable[..., Any], scheduler: str | None, timeout: float, where: str) -> Any:
    """A connected Client within ``timeout`` seconds. Dask waits for the scheduler's
    handshake without a limit, so the Client is made in a thread that is abandoned
    (a daemon, idle) when it takes too long."""
    import threading

    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            # dask is untyped (no annotations): its calls are unchecked
            made.append(make(scheduler, timeout=timeout) if scheduler else make(processes=True))
        except BaseException as e:  # dask raises ValueError, TypeError, OSError, TimeoutError... by address
            failed.append(e)

    thread = threading.Thread(target=connect, name="freecell-dask-connect", daemon=True)
    thread.start()
    # dask's own limit covers the TCP connection; a little more lets it say why it failed
    thread.join(timeout + 2 if scheduler else None)
    if made:
        return made[0]
    if failed:
        raise FreecellError(f"cannot reach {where}: {_describe_exception(failed[0])}") from None
    raise FreecellError(f"cannot reach {where}: no Dask handshake within {timeout:g} s "
                        "(is a Dask scheduler listening there?)")


class ClusterLost(FreecellError):
    """The Dask scheduler, or the connection to it, was lost in the middle of a run."""


def _dask_records(client: Any, as_completed: Callable[..., Any], deals: Iterable[int], job: Job, window: int,
                  scheduler: str | None, timeout: float) -> Iterator[Record]:
    """The records as the futures finish. While none finishes for ``timeout``
    seconds the scheduler must answer a question within as long: one that is
    stopped, or cut off without the connection closing, would be waited for forever."""
    import time

    source = iter(deals)
    pending: dict[str, int] = {}
    running = as_completed()
    where = f"the Dask scheduler {quote(scheduler, 64)}" if scheduler else "the local Dask cluster"

    def lost(why: str) -> ClusterLost:
        return ClusterLost(f"lost {where} in the middle of the run ({why}): the deals it had not "
                           "finished have no record, so running again with the same --out does them")

    def submit() -> bool:
        for n in source:
            try:
                future = client.submit(analyze_deal, n, job, pure=False)
            except Exception as e:  # a client that has lost its scheduler may refuse work
                raise lost(_dask_reason(e)) from None
            pending[future.key] = n
            running.add(future)
            return True
        return False

    for _ in range(window):
        if not submit():
            break
    quiet_since = time.monotonic()
    while not running.is_empty():
        if not running.has_ready():
            time.sleep(0.05)
            if time.monotonic() - quiet_since >= timeout:
                if not _scheduler_answers(client, timeout):
                    raise lost(f"no answer from it within {timeout:g} s")
                quiet_since = time.monotonic()
            continue
        future = next(running)
        quiet_since = time.monotonic()
        n = pending.pop(future.key)
        try:
            record = None
            while record is None:
                try:
                    # fetching the result asks the scheduler too: bounded, as above
                    record = future.result(timeout=timeout)
                except Exception as e:
                    # "error": the task raised (the solve failed, or KilledWorker after
                    # Dask's own retries): the deal's record says so. Anything else
                    # (cancelled, lost) is the cluster gone: the deal was not done, and
                    # gets no record.
                    if future.status == "error" and client.status in ("running", "connecting"):
                        record = error_record(n, job, _describe_exception(e))
                    elif not isinstance(e, TimeoutError) or future.status != "finished":
                        raise lost(_dask_reason(e)) from None
                    elif not _scheduler_answers(client, timeout):
                        raise lost(f"no answer from it within {timeout:g} s") from None
        finally:
            future.release()
        yield record
        submit()


def _scheduler_answers(client: Any, timeout: float) -> bool:
    """Whether the scheduler answers a question (who it is) within ``timeout`` seconds."""
    import asyncio

    async def identity() -> None:
        await asyncio.wait_for(client.scheduler.identity(), timeout)

    try:
        client.sync(identity)
    except Exception:  # timed out, or the connection is gone
        return False
    return True


def _dask_reason(e: BaseException) -> str:
    """Why a future was lost, in a word or two (``scheduler-connection-lost``,
    ``CommClosedError``): dask's messages name sockets and task keys."""
    reason = getattr(e, "reason", None)
    return str(reason) if reason else type(e).__name__


# Loggers that print to stderr while a Dask client runs (a lost scheduler makes
# "distributed" print dozens of lines and tracebacks as it tries to reconnect).
_DASK_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")


def _quiet_dask_logging() -> Callable[[], None]:
    """Silence Dask's loggers (and those of its event loop); returns what undoes it.
    The run reports what matters itself: a lost scheduler ends it with one error."""
    import logging

    names = [n for n in list(logging.root.manager.loggerDict)
             if any(n == p or n.startswith(p + ".") for p in _DASK_LOGGERS)]
    loggers = [logging.getLogger(n) for n in {*names, *_DASK_LOGGERS}]
    levels = [log.level for log in loggers]
    for log in loggers:
        log.setLevel(logging.CRITICAL + 1)

    def restore() -> None:
        for log, level in zip(loggers, levels):
            log.setLevel(level)

    return restore


# -- summary --------------------------------------------------------------------
class _Figures:
    """Mean, median and max of numbers, kept as a count per distinct value: moves
    and seconds (recorded to 0.1 ms) take few distinct values, so ten million
    records cost kilobytes, and the median stays exact."""

    __slots__ = ("counts", "n")

    def __init__(self) -> None:
        self.counts: dict[float, int] = {}
        self.n = 0

    def add(self, value: float) -> None:
        counts = self.counts
        counts[value] = counts.get(value, 0) + 1
        self.n += 1

    def result(self, digits: int) -> Record | None:
        if not self.n:
            return None
        ordered = sorted(self.counts.items())
        mean = math.fsum(v * c for v, c in ordered) / self.n

        def nth(i: int) -> float:  # the i-th value (0-based) in sorted order
            for v, c in ordered:
                if i < c:
                    return v
                i -= c
            raise AssertionError

        half = self.n // 2
        median = nth(half) if self.n % 2 else (nth(half - 1) + nth(half)) / 2
        return {"mean": round(mean, digits), "median": round(median, digits), "max": round(ordered[-1][0], digits)}


class Summary:
    """A summary built one record at a time, in memory that does not grow with
    the records' size: counts per verdict, the deals that were not solved, move
    and time figures, the hardest deals by states explored.

    >>> s = Summary()
    >>> s.add({"deal": 5, "verdict": "solved", "move_count": 90, "states": 7})
    >>> s.add({"deal": 6, "verdict": "error", "reason": "worker died twice (signal 9)"})
    >>> d = s.as_dict(); d["counts"], d["errors"], d["hardest"][0]["deal"]
    ({'solved': 1, 'unsolvable': 0, 'gave-up': 0, 'error': 1}, [6], 5)
    """

    def __init__(self, settings: Record | None = None, hardest: int = 10) -> None:
        self.settings = dict(settings or {})
        self.deals = 0
        self.counts = {v: 0 for v in VERDICTS}
        self.lists = {v: array("q") for v in ("unsolvable", "gave-up", "error")}
        self.figures = {k: _Figures() for k in ("move_count", "nonfoundation_moves", "seconds")}
        self.keep = hardest
        self.hardest: list[tuple[float, int, int, Record]] = []  # a min-heap of the top `keep`

    def add(self, record: Record, checked: bool = False) -> None:
        """Count one record (checked by :func:`check_record` unless ``checked``;
        fields it lacks are left out of the figures)."""
        problem = None if checked else check_record(record)
        if problem:
            raise InvalidResults(problem)
        n, verdict = record["deal"], record["verdict"]
        self.deals += 1
        self.counts[verdict] += 1
        if verdict in self.lists:
            self.lists[verdict].append(n)
        if verdict == "solved":
            for key in ("move_count", "nonfoundation_moves"):
                if key in record:
                    self.figures[key].add(record[key])
        if "seconds" in record:
            self.figures["seconds"].add(record["seconds"])
        states = record.get("states")
        if states is not None and self.keep > 0 and (len(self.hardest) < self.keep or states >= self.hardest[0][0]):
            # (states, -deal, -arrival): the top keeps the most states, then the lowest deal;
            # arrival breaks ties between two records of one deal, so dicts are never compared
            entry = (states, -n, -self.deals, {"deal": n, "seconds": record.get("seconds"),
                                               "states": states, "verdict": verdict})
            if len(self.hardest) < self.keep:
                heapq.heappush(self.hardest, entry)
            elif entry[:3] > self.hardest[0][:3]:
                heapq.heapreplace(self.hardest, entry)

    def as_dict(self) -> Record:
        out = {
            "deals": self.deals,
            "counts": dict(self.counts),
            "unsolvable": sorted(self.lists["unsolvable"]),
            "gave_up": sorted(self.lists["gave-up"]),
            "errors": sorted(self.lists["error"]),
            "move_count": self.figures["move_count"].result(1),
            "nonfoundation_moves": self.figures["nonfoundation_moves"].result(1),
            "seconds": self.figures["seconds"].result(4),
            "move_count_histogram": sorted(self.figures["move_count"].counts.items()),
            "hardest": [e[3] for e in sorted(self.hardest, key=lambda e: (-e[0], -e[1], -e[2]))],
        }
        if self.settings:
            out["settings"] = dict(self.settings)
        return out


class MinCellsSummary(Summary):
    """The summary of min-cells records (:mod:`.mincells`): besides the verdicts
    (solved: the answer is known; unsolvable: even the most cells tried are proven
    too few; gave-up: only a range is known), how many deals need each number of
    cells, and how many have each range when the answer is not known.

    >>> s = MinCellsSummary()
    >>> s.add({"deal": 1, "verdict": "solved", "mode": "min-cells", "min_cells": 3, "known": [3, 3]})
    >>> s.add({"deal": 2, "verdict": "gave-up", "mode": "min-cells", "min_cells": None, "known": [1, 2]})
    >>> d = s.as_dict(); d["min_cells"], d["known_ranges"]
    ({'0': 0, '1': 0, '2': 0, '3': 1}, [[1, 2, 1]])
    """

    def __init__(self, settings: Record | None = None, hardest: int = 10) -> None:
        super().__init__(settings, hardest)
        self.needs: dict[int, int] = {}
        self.ranges: dict[tuple[int, int | None], int] = {}

    def add(self, record: Record, checked: bool = False) -> None:
        super().add(record, checked)
        m = record.get("min_cells")
        if m is not None:
            self.needs[m] = self.needs.get(m, 0) + 1
        elif record["verdict"] == "gave-up":
            known = tuple(record.get("known") or (0, None))
            self.ranges[known] = self.ranges.get(known, 0) + 1

    def as_dict(self) -> Record:
        out = super().as_dict()
        out["mode"] = "min-cells"
        top = max([self.settings.get("max_cells", 0), *self.needs]) if self.deals else -1
        out["min_cells"] = {str(m): self.needs.get(m, 0) for m in range(top + 1)}  # every count, 0 up
        out["known_ranges"] = [[lo, hi, c] for (lo, hi), c in
                               sorted(self.ranges.items(), key=lambda e: (e[0][0], 99 if e[0][1] is None else e[0][1]))]
        return out


def summary_for(settings: Record, hardest: int = 10) -> Summary:
    """An empty summary of the right kind for records made with ``settings``."""
    if settings.get("mode") == "min-cells":
        return MinCellsSummary(settings, hardest)
    return Summary(settings, hardest)


def answer_of(record: Record) -> str:
    """A min-cells record's answer in a word: ``2``, ``>4`` (unsolvable with the
    most cells tried), ``1..2`` (gave up: only the range is known), ``error``.

    >>> answer_of({"verdict": "gave-up", "known": [1, None], "max_cells": 4})
    '1..>4'
    """
    if record["verdict"] == "error":
        return "error"
    m = record.get("min_cells")
    if m is not None:
        return str(m)
    lo, hi = record.get("known") or (0, None)
    if record["verdict"] == "unsolvable":
        return f">{record.get('max_cells', 4)}"
    return f"{lo}..{hi if hi is not None else '>' + str(record.get('max_cells', 4))}"


def compare_min_cells(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> Record:
    """The deals whose min-cells answer differs between two results files (for
    example one made under ``site``, one under ``standard``): ``{"both": deals in
    both, "only_a", "only_b": deals in one only, "differ": [{"deal", "a", "b"}]}``
    with answers as :func:`answer_of` gives them, by deal number. Keeps one short
    answer per deal of ``a`` in memory."""
    def records(path: str | os.PathLike[str]) -> Iterator[Record]:
        for lineno, record in read_records(path):
            if record.get("mode") != "min-cells":
                raise InvalidResults(f"{_source_name(path)}: line {lineno}: not a min-cells record "
                                     "(made by analyze --min-cells)")
            yield record

    answers: dict[int, str] = {}
    for record in records(a):
        answers.setdefault(record["deal"], answer_of(record))  # the first record of a deal wins
    differ = []
    both = 0
    seen = DealSet()
    for record in records(b):
        n = record["deal"]
        if not seen.add(n):
            continue
        if n in answers:
            both += 1
            theirs = answer_of(record)
            if answers[n] != theirs:
                differ.append({"deal": n, "a": answers[n], "b": theirs})
    differ.sort(key=lambda d: d["deal"])
    return {"both": both, "only_a": len(answers) - both, "only_b": len(seen) - both, "differ": differ}


def summarize(records: Iterable[Record], hardest: int = 10) -> Record:
    """Counts per verdict, the unsolvable, gave-up and error deals, move and time
    figures, the hardest deals (records are checked; see :class:`Summary`)."""
    s = Summary(hardest=hardest)
    for i, r in enumerate(records, 1):
        try:
            s.add(r)
        except InvalidResults as e:
            raise InvalidResults(f"record {i}: {e}") from None
    return s.as_dict()


def summarize_file(path: str | os.PathLike[str], hardest: int = 10) -> list[Record]:
    """The summaries of a results file, one per settings group (a file written by
    resumed runs has one; files joined by hand may have several, at most
    :data:`MAX_SETTINGS_GROUPS`). A deal recorded twice in a group counts once
    (the first record), and each summary has the group's ``settings``."""
    groups: list[tuple[Record, Summary, DealSet]] = []
    last_key: tuple[object, ...] | None = None
    for lineno, record in read_records(path):
        key = tuple(record.get(k, _UNSET) for k in SETTINGS)
        if key != last_key:  # most lines have the settings of the line before
            last_key = key
            stated = record_settings(record)
            for group in groups:
                if _compatible(group[0], stated):
                    group[0].update(stated)  # a record from before 0.2 may have told less
                    break
            else:
                if len(groups) == MAX_SETTINGS_GROUPS:
                    raise InvalidResults(f"{_source_name(path)}: line {lineno}: the file mixes more than "
                                         f"{MAX_SETTINGS_GROUPS} different settings")
                group = (stated, summary_for(stated, hardest), DealSet())
                groups.append(group)
            _, summary, seen = group
        if seen.add(record["deal"]):
            summary.add(record, checked=True)
    out = []
    for settings, summary, _ in groups:
        summary.settings = settings
        out.append(summary.as_dict())
    return out or [Summary(hardest=hardest).as_dict()]


# -- a run ----------------------------------------------------------------------
class Analysis:
    """One run: its results file locked and its records read (checked, and made
    with the same settings: otherwise :class:`SettingsMismatch`), then the deals
    not yet there analysed and appended. ``out`` None writes records to stdout.

    Memory: the deals already done (a :class:`DealSet`) and a :class:`Summary`;
    no record is kept. ``total`` is the number of deals asked for, ``already`` how
    many of them the file had.
    """

    def __init__(self, deals: DealRanges | Iterable[int], job: Job, out: str | os.PathLike[str] | None = None):
        self.deals = deals if isinstance(deals, DealRanges) else DealRanges.of(deals)
        self.job = job
        self.out = out
        self.total = len(self.deals)
        self.writer: ResultsFile | _StdoutRecords = ResultsFile(out) if out is not None else _StdoutRecords()
        try:
            self._read()
        except BaseException:
            self.writer.close()
            raise

    def _read(self) -> None:
        self.done = DealSet()
        self.summary = summary_for(self.job.settings())
        self.already = 0
        if self.out is None:
            return
        ours = self.job.settings()
        checked: tuple[object, ...] | None = None
        for lineno, record in read_records(self.out, repair=True):
            key = tuple(record.get(k, _UNSET) for k in SETTINGS)
            if key != checked:  # most lines have the settings of the line before
                theirs = record_settings(record)
                if not _compatible(theirs, ours):
                    theirs_all, ours_all = _with_defaults(theirs), _with_defaults(ours)
                    keys = [k for k in SETTINGS if k in theirs_all and theirs_all[k] != ours_all.get(k, _UNSET)]
                    raise SettingsMismatch(
                        f"{display_name(self.out)} holds results made with other settings (line {lineno}: "
                        f"{describe_settings(theirs_all, keys)}; this run: {describe_settings(ours_all, keys)}): "
                        "run with the same settings, or write to another file")
                checked = key
            n = record["deal"]
            if self.done.add(n) and n in self.deals:  # the first record of a deal wins
                self.summary.add(record, checked=True)
                self.already += 1

    def run(self, jobs: int = 1, executor: str = "local", scheduler: str | None = None,
            on_record: Callable[[Record], None] | None = None) -> Summary:
        """Analyse the deals not done yet; returns the summary of every deal asked
        for (done before, and now)."""
        if executor not in ("local", "dask"):
            raise FreecellError(f"unknown executor {executor!r} (choose from local, dask)")
        todo = self.deals.iterate(skip=self.done)
        source = run_dask(todo, self.job, scheduler) if executor == "dask" else run_local(todo, self.job, jobs)
        try:
            for record in source:
                if not self.done.add(record["deal"]):
                    continue
                self.writer.write(record)
                self.summary.add(record)
                if on_record:
                    on_record(record)
        finally:
            source.close()  # stops the workers, whatever ended the loop
        return self.summary

    def reread(self) -> Summary:
        """The summary from the file as it is now (after Ctrl-C, the file is the truth)."""
        self.writer.flush()
        if self.out is not None:
            self._read()
        return self.summary

    def close(self) -> None:
        self.writer.close()

    def __enter__(self) -> "Analysis":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def analyze(
    deals: DealRanges | Iterable[int],
    job: Job,
    out: str | Path | None = None,
    jobs: int = 1,
    executor: str = "local",
    scheduler: str | None = None,
    on_record: Callable[[Record], None] | None = None,
) -> Record:
    """Analyse the deals not already in ``out`` and append their records; returns
    the summary (:meth:`Summary.as_dict`) of every deal asked for, old and new."""
    with Analysis(deals, job, out) as run:
        return run.run(jobs, executor, scheduler, on_record).as_dict()
