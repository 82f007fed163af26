"""The heuristic search's schedule: one try after another (:func:`heuristic`),
each a phased best-first search (:func:`~freecell_cli.spider.heuristic.phased`)
of a given width and depth.

>>> [(t.width, t.budget) for t in SCHEDULE[:3]]
[(2, 250), (8, 250), (32, 250)]
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


SCHEDULE: list[Try] = [Try(2 * 4**i, 250) for i in range(12)]


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
