"""Exception types, by kind (as python-chess keeps ``EngineError(RuntimeError)`` apart
from its ValueErrors): bad input is a :class:`FreecellError`, a ``ValueError``; a
failure while running on good input (a solver, a worker, a file another process
holds, an output that cannot be written) is a :class:`FreecellRuntimeError`, a
``RuntimeError``. ``except (FreecellError, FreecellRuntimeError)`` catches both.

Messages quote the offending input so a one-line report is enough.
"""

from .text import quote as quote  # re-exported: callers import it from here


class FreecellError(ValueError):
    """Base class of every error the library raises on bad input."""


class FreecellRuntimeError(RuntimeError):
    """Base class of the failures met while running on good input: a solver that
    cannot run, worker processes that die, a file another process holds, an output
    that cannot be written. The command line gives them exit code 2, as bad input."""


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
