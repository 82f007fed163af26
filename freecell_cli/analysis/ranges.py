"""Sets and ranges of deal numbers: :class:`DealSet` (a bitmap) and
:class:`DealRanges` (range specs read lazily).

>>> list(parse_ranges(["1-3,617", "2"]))
[1, 2, 3, 617]
>>> len(parse_ranges(["daily:2026-02"]))
28
"""

from __future__ import annotations

import calendar
import random
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from ..deals import SITE_DEALS, check_deal_number, daily_number, parse_date
from ..errors import FreecellError, quote
from ..files import LIMITS

if TYPE_CHECKING:
    Numbers = array[int]
else:  # array[int] is no type at run time before Python 3.12, and pdoc evaluates annotations
    Numbers = array

MAX_DEALS = 10_000_000  # deals in one run, all range parts together


class InvalidRange(FreecellError):
    """A deal range that cannot be read."""


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

    def __init__(self, parts: list[range | tuple[int, ...] | Numbers], text: str = "") -> None:
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
    >>> parse_ranges(["1-9999999,10000001-19999999"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    freecell_cli.analysis.ranges.InvalidRange: '1-9999999,...' asks for 19,999,998 deals; one run takes at most 10,000,000
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
                if part[:2].lower() == "ms":  # deal's spelling of Microsoft's deal as a family game's
                    raise InvalidRange(f"{quote(part, 64)}: analyze reads the game's own numbers (PySolFC's, for "
                                       "a family game), not Microsoft's (ms617); below 32,000 they are the same "
                                       f"deals: {quote(part[2:], 64)}")
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
    parts: list[range | tuple[int, ...] | Numbers] = []
    for kind, value in plan:
        if kind == "random":
            parts.append(array(_POINTS_TYPE, rng.sample(range(1, SITE_DEALS + 1), value)))
        else:
            parts.append(value)
    return DealRanges(parts, text)


def deal_numbers(deals: Iterable[int]) -> Iterator[int]:
    """The deal numbers of ``deals`` one at a time, checked as they come, repeats
    dropped (a bitmap: a bit per deal seen); never a list of them all."""
    try:
        source = iter(deals)
    except TypeError:
        raise FreecellError(f"deals must be deal numbers or range text, not {type(deals).__name__}") from None

    def numbers() -> Iterator[int]:
        seen = DealSet()
        for n in source:
            if isinstance(n, bool) or not isinstance(n, int):
                raise FreecellError(f"a deal number is a whole number, not {quote(n)}")
            if seen.add(check_deal_number(n)):
                yield n

    return numbers()
