"""The range of a Spider deal number and its check: what a position checks its
deal label against. They stand here, below :mod:`freecell_cli.spider.position`,
so that the position does not import the deals, which make positions.

>>> check_deal_number(617), MAX_DEAL
(617, 9999999999999999999)
"""

from __future__ import annotations

from ..errors import InvalidDeal
from ..text import short_repr

MAX_DEAL = 10**19 - 1  # PySolFC takes 20 digits; JSON readers (orjson) stop at 64 bits


def check_deal_number(n: object) -> int:
    """``n`` itself when it is a Spider deal number, else :class:`InvalidDeal`, in
    the words of FreeCell's :func:`freecell_cli.deals.check_deal_number`.

    >>> check_deal_number(0)
    Traceback (most recent call last):
    freecell_cli.errors.InvalidDeal: Spider deal number 0 is out of range (1 to 9,999,999,999,999,999,999)
    """
    if isinstance(n, float) and n.is_integer() and abs(n) > MAX_DEAL:
        # A JSON reader turns an integer too big for 64 bits into a float (as FreeCell's).
        raise _out_of_range(f"{n:g}")
    if isinstance(n, bool) or not isinstance(n, int):
        raise InvalidDeal(f"Spider deal number must be an integer, got {short_repr(n)}")
    if not 1 <= n <= MAX_DEAL:
        raise _out_of_range(short_repr(n))
    return n


def _out_of_range(shown: str) -> InvalidDeal:
    return InvalidDeal(f"Spider deal number {shown} is out of range (1 to {MAX_DEAL:,})")
