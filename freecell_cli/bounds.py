"""The bounds of a FreeCell table and of the deal number it is labelled with, and
the check of a deal number: what a position checks its fields against; and how
many positions a search may store under the process's memory limits. They stand
here, below :mod:`freecell_cli.position`, so that the position imports none of the
modules that make positions (deals, variants).

>>> MAX_CELLS, MAX_COLUMNS, check_deal_number(617)
(15, 9, 617)
"""

from __future__ import annotations

from .errors import InvalidDeal
from .text import short_repr

MAX_CELLS = 15  # letters a..p without h, which names the foundation
MAX_COLUMNS = 9  # standard notation names columns with one digit
# A family game's table may have one more (Seahaven Towers: 10 columns), its tenth
# written 10 in standard notation, as Freecell Solver writes it.
MAX_GAME_COLUMNS = 10
MAX_DEAL = 8_589_934_591  # FreeCell Pro's range
MAX_WIDTH = 1_000_000  # the beam's widest, as `solve --width` and `analyze --width` take it


def check_deal_number(n: object) -> int:
    """``n`` itself when it is a deal number, else :class:`InvalidDeal`.

    >>> check_deal_number(617)
    617
    """
    if isinstance(n, float) and n.is_integer() and abs(n) >= 2**63:
        # A JSON reader turns an integer too big for 64 bits into a float, whose
        # digits past the 17th are not the ones written: its value is said as 1e+30.
        raise InvalidDeal(f"deal number {n:g} is out of range (1 to {MAX_DEAL:,})")
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidDeal(f"deal number must be an integer, got {short_repr(n)}")
    if not 1 <= n <= MAX_DEAL:
        raise InvalidDeal(f"deal number {short_repr(n)} is out of range (1 to {MAX_DEAL:,})")
    return n


def stored_cap(most: int, bytes_each: int) -> int:
    """How many positions a search may store: ``most``, or fewer when the process's
    address space or data size is limited (``ulimit -v`` / ``-d``): half of the
    limit over ``bytes_each``, at least 10,000. (FreeCell's fc-solve engine and
    Spider's searches both bound themselves so.)

    >>> stored_cap(1000, 100) <= 1000
    True
    """
    import resource

    cap = most
    for which in (resource.RLIMIT_AS, resource.RLIMIT_DATA):
        soft, _ = resource.getrlimit(which)
        if soft != resource.RLIM_INFINITY:
            cap = min(cap, max(10_000, int(soft * 0.5) // bytes_each))
    return cap
