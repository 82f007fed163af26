"""What a heuristic search measures of a column (the built-in engine's and the
beam's evaluations): its disorder and how deep each card lies. Cached per column:
a search meets the same columns again and again; :func:`.state.clear_caches`
empties the caches between searches when they grow large.

>>> column_info(bytes([0, 51, 4]))[0]  # AC KS 2C: KS and 2C lie above the ace
2
"""

from __future__ import annotations

from .rules import RANK

_DISORDER: dict[bytes, int] = {}
INFO: dict[bytes, tuple[int, bytes]] = {}  # column -> column_info(column), once measured


def size() -> int:
    """How many columns the caches hold."""
    return len(INFO)


def clear() -> None:
    """Empty the caches."""
    INFO.clear()
    _DISORDER.clear()


def disorder(col: bytes) -> int:
    """Cards lying above a lower card of the same column (each must move again).

    >>> disorder(bytes([0, 51, 4]))  # AC KS 2C: KS and 2C lie above the ace
    2
    """
    n = _DISORDER.get(col)
    if n is None:
        n, low = 0, 99
        for c in col:
            r = RANK[c]
            if r > low:
                n += 1
            else:
                low = r
        _DISORDER[col] = n
    return n


def column_info(col: bytes) -> tuple[int, bytes]:
    """(disorder, depth table): the table gives, for each card code, how many
    cards lie on it in this column (0 when absent; index 53 is always 0).

    >>> dis, table = column_info(bytes([0, 51, 4]))
    >>> dis, table[0], table[51], table[4], table[53]
    (2, 2, 1, 0, 0)
    """
    table = bytearray(54)
    n = len(col)
    for i, c in enumerate(col):
        table[c] = n - 1 - i
    info = (disorder(col), bytes(table))
    INFO[col] = info
    return info
