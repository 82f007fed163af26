"""Exception types. All are ValueError subclasses so callers can catch broadly.

Messages quote the offending input so a one-line report is enough.
"""

from .text import quote as quote  # quoting lives in text.py; this old path stays


class FreecellError(ValueError):
    """Base class of every error the library raises on bad input."""


class InvalidCard(FreecellError):
    """Text that is not a card."""


class InvalidPosition(FreecellError):
    """A position that cannot be read or breaks the deck's invariants."""


class InvalidMove(FreecellError):
    """Text that is not a move in standard notation (or names no such place)."""


class IllegalMove(FreecellError):
    """A well-formed move the rules refuse in this position."""


class InvalidDeal(FreecellError):
    """A deal number or date outside the supported range."""


class InvalidSolution(FreecellError):
    """A solution file that cannot be read."""


class MissingExtra(FreecellError):
    """An optional dependency (a pip extra) needed for this output is not installed."""


class InvalidArgument(FreecellError):
    """A library function's argument out of its range, or refused with another
    (the message names the parameter and quotes the value)."""


class ArgumentTypeError(InvalidArgument, TypeError):
    """An argument of the wrong type: a ``TypeError``, as Python's own are, and a
    :class:`FreecellError` like every other error the library raises on bad input."""
