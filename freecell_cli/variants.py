"""Rule variants as data: capacity formula, automatic moves, table size.

>>> find_variant("site").capacity(free_cells=2, empty_columns=1)
8
>>> find_variant("standard").capacity(free_cells=2, empty_columns=1)
6
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .errors import FreecellError


def _site_capacity(free_cells: int, empty_columns: int) -> int:
    # The site's own formula (seed 000): 2^free × (empty + 1).
    return (1 << free_cells) * (empty_columns + 1)


def _standard_capacity(free_cells: int, empty_columns: int) -> int:
    # The textbook formula: (free + 1) × 2^empty.
    return (free_cells + 1) << empty_columns


def _atomic_capacity(free_cells: int, empty_columns: int) -> int:
    return 1


@dataclass(frozen=True)
class Variant:
    """One set of rules.

    ``capacity(free_cells, empty_columns)`` is the largest run one move may carry,
    where ``empty_columns`` excludes the destination when that is itself empty.
    ``automatic`` names the foundation moves made after every move: ``None`` or
    ``"safe"`` (Windows); each is counted as a move.

    Windows also sends every card home once each column runs from high to low
    (seed 004, rule 4.1.4). The safe rule already does that: on such a table the
    lowest card left is exposed (or in a free cell), and every card below its rank
    is home, so it is safe; repeat. No separate rule is needed.
    """

    name: str
    capacity_formula: Callable[[int, int], int]
    formula_text: str
    automatic: str | None = None
    cells: int = 4
    columns: int = 8
    description: str = ""

    def capacity(self, free_cells: int, empty_columns: int) -> int:
        return self.capacity_formula(free_cells, empty_columns)

    def __repr__(self) -> str:
        return f"find_variant({self.name!r})"


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "site",
            _site_capacity,
            "2^(empty free cells) x (empty columns + 1)",
            description="the site's rules (default), can move 2^(free cells) x (empty columns + 1), no automatic moves",
        ),
        Variant(
            "standard",
            _standard_capacity,
            "(empty free cells + 1) x 2^(empty columns)",
            description="textbook, as Freecell Solver and PySolFC, can move (free cells + 1) x 2^(empty columns)",
        ),
        Variant(
            "windows",
            _standard_capacity,
            "(empty free cells + 1) x 2^(empty columns)",
            automatic="safe",
            description="Windows FreeCell and FreeCell Pro, textbook capacity, safe cards go home by themselves",
        ),
        Variant("atomic", _atomic_capacity, "1", description="one card a move"),
    )
}

DEFAULT_VARIANT = "site"


def find_variant(name: str | None) -> Variant:
    """Look a variant up by name (case-insensitive); ``None`` gives the default.

    >>> find_variant("Windows").name, find_variant(None).name
    ('windows', 'site')
    """
    if name is not None and not isinstance(name, str):
        raise FreecellError(f"a variant is named by text ({', '.join(VARIANTS)}), not {type(name).__name__}")
    key = (name or DEFAULT_VARIANT).strip().lower()
    try:
        return VARIANTS[key]
    except KeyError:
        raise FreecellError(
            f"unknown variant {(name or '')[:40]!r} (choose from {', '.join(VARIANTS)})"
        ) from None
