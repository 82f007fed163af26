"""The arguments of the public functions, checked where they come in: one checker
for each kind of value, so every function refuses a bad limit, count or flag the
same way, naming the parameter and quoting the value.

A value of the wrong type raises :class:`~freecell_cli.errors.ArgumentTypeError`
(a ``TypeError``), one out of range :class:`~freecell_cli.errors.InvalidArgument`;
both are :class:`~freecell_cli.errors.FreecellError`.

>>> seconds(2), seconds(0), whole(3, "width", 1, 1_000_000)
(2.0, None, 3)
>>> seconds(float("nan"))
Traceback (most recent call last):
  ...
freecell_cli.errors.InvalidArgument: time_limit must be 0 to 10,000,000 seconds (0: no limit), not nan
"""

from __future__ import annotations

import math
from collections.abc import Callable
from numbers import Integral, Real
from typing import Any

from .errors import ArgumentTypeError, InvalidArgument, quote

#: The longest time limit, in seconds (about 116 days): longer than any search
#: runs, and still a deadline every timer takes (10**29 s overflows some).
MAX_SECONDS = 10_000_000


def seconds(value: object, name: str = "time_limit") -> float | None:
    """A time limit: a number of seconds from 0 to :data:`MAX_SECONDS`; 0 and
    infinity mean none (None is returned). NaN, negatives, ``True`` are refused."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise ArgumentTypeError(f"{name} must be a number of seconds, not {quote(value)}")
    if value == math.inf:  # (an int compares with a float exactly, however big)
        return None
    try:
        number = float(value)
    except OverflowError:  # an int beyond any float: out of range as any other
        number = math.nan
    if math.isnan(number) or not 0 <= number <= MAX_SECONDS:
        raise InvalidArgument(f"{name} must be 0 to {MAX_SECONDS:,} seconds (0: no limit), not {quote(value)}")
    return None if number == 0 else number


def whole(value: object, name: str, minimum: int = 0, maximum: int | None = None) -> int:
    """A whole number (an int, not a bool) from ``minimum`` to ``maximum`` (None: no bound)."""
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ArgumentTypeError(f"{name} must be a whole number, not {quote(value)}")
    number = int(value)
    if number < minimum or maximum is not None and number > maximum:
        span = f">= {minimum:,}" if maximum is None else f"from {minimum:,} to {maximum:,}"
        raise InvalidArgument(f"{name} must be a whole number {span}, not {quote(value)}")
    return number


def optional_whole(value: object, name: str, minimum: int = 0, maximum: int | None = None) -> int | None:
    """:func:`whole`, or None (no limit, the default...)."""
    return None if value is None else whole(value, name, minimum, maximum)


def flag(value: object, name: str) -> bool:
    """True or False, nothing else (``"no"`` would be true)."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(f"{name} must be True or False, not {quote(value)}")
    return value


def callback(value: object, name: str, takes: str) -> Callable[..., Any] | None:
    """A function to call back (``takes``: what it is given), or None."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(f"{name} must be a function of ({takes}) or None, not {quote(value)}")
    return value


def text(value: object, name: str) -> str | None:
    """A string, or None."""
    if value is not None and not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be text, not {quote(value)}")
    return value


def choice(value: object, name: str, choices: tuple[str, ...]) -> str:
    """One of ``choices``."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{name} must be one of {', '.join(choices)}, not {quote(value)}")
    if value not in choices:
        raise InvalidArgument(f"{name} must be one of {', '.join(choices)}, not {quote(value)}")
    return value


# -- what the public functions share --------------------------------------------
DEFAULT_TIME_LIMIT = 60.0  # seconds, when a search is given none


def time_limit(value: object, exhaustive: bool = False) -> float | None:
    """None: the default (60 s, none when exhaustive); 0 or infinity: no limit."""
    if value is None:
        return None if exhaustive else DEFAULT_TIME_LIMIT
    return seconds(value)


def positive(value: object, name: str) -> int | None:
    return optional_whole(value, name, 1)


def progress(value: object) -> Callable[[int, float], None] | None:
    return callback(value, "progress", "states, seconds")
