"""The heuristic search's schedule: one try after another (:func:`heuristic`),
each a phased best-first search (:func:`~freecell_cli.spider.heuristic.phased`)
of a given width and depth.

>>> [(t.width, t.lifo) for t in SCHEDULE[2:6]]
[(32, False), (128, False), (2, True), (8, True)]
"""

from __future__ import annotations

from typing import NamedTuple

from .budget import Budget
from .heuristic import Node, Search, phased


class Try(NamedTuple):
    """One try: ``width`` starts a phase, ``budget`` expansions from each;
    ``swaps`` and ``lifo`` as :func:`~freecell_cli.spider.heuristic.phased` takes them."""

    width: int
    budget: int
    swaps: bool = False
    lifo: bool = False


_WIDTHS = [2 * 4**i for i in range(12)]
# Two orders of positions with the same score: the older first (across lines)
# finds shorter lines and wins most deals within 128 starts a phase; the newer
# first (deeper along one line) then wins most of the rest soonest (deals 1-100
# and 101-300 of 4 suits, tried each way). Where that fails up to 2048 starts,
# the older first goes on where it stopped; past that, both in turn.
SCHEDULE: list[Try] = ([Try(w, 250) for w in _WIDTHS[:4]] + [Try(w, 250, lifo=True) for w in _WIDTHS[:6]]
                       + [Try(w, 250) for w in _WIDTHS[4:6]]
                       + [Try(w, 250, lifo=lifo) for w in _WIDTHS[6:] for lifo in (True, False)])


def heuristic(search: Search, clock: Budget) -> tuple[Node | None, bool]:
    """The tries of :data:`SCHEDULE` in turn until one finds the goal. Returns the
    goal, or None and False when a try searched every position its moves reach
    (the search has nothing left to try); a limit raises :class:`GaveUp`."""
    cut = True
    for t in SCHEDULE:
        goal, cut = phased(search, t.width, t.budget, clock, t.swaps, t.lifo)
        if goal is not None or not cut:
            return goal, cut
    return None, cut
