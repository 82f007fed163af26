"""Rule variants as data: capacity formula, automatic moves, table size, how a
column builds and what an empty column takes.

FreeCell's four variants are here (:data:`VARIANTS`); each game of the FreeCell
family has one set of rules of its own, a :class:`Variant` too
(:mod:`freecell_cli.games`).

>>> find_variant("site").capacity(free_cells=2, empty_columns=1)
8
>>> find_variant("standard").capacity(free_cells=2, empty_columns=1)
6
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .bounds import MAX_CELLS, MAX_COLUMNS, MAX_GAME_COLUMNS
from .cards import BUILDS, Card, fits
from .errors import ArgumentTypeError, InvalidArgument, quote

#: What an empty column takes: any card (or run), or only a king (or a run it heads).
EMPTY_RULES = ("any", "kings")


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

    ``build`` is how a column builds down (``alternate`` colours, or the same
    ``suit``), ``empty`` what an empty column takes (``any`` card, or ``kings``
    only), ``game`` the game whose rules these are (``freecell``, or one of the
    FreeCell family's: :mod:`freecell_cli.games`).
    """

    name: str
    capacity_formula: Callable[[int, int], int]
    formula_text: str
    automatic: str | None = None
    cells: int = 4
    columns: int = 8
    description: str = ""
    build: str = "alternate"
    empty: str = "any"
    game: str = "freecell"

    def __post_init__(self) -> None:
        # A Variant built by hand: a formula that is no function would fail in a move.
        from . import checks

        if not isinstance(self.name, str) or not isinstance(self.formula_text, str):
            raise ArgumentTypeError(f"a variant's name and formula_text are text, not "
                                    f"{quote(self.name)} and {quote(self.formula_text)}")
        if not callable(self.capacity_formula):
            raise ArgumentTypeError(f"capacity_formula must be a function of (free_cells, empty_columns), "
                                    f"not {quote(self.capacity_formula)}")
        if self.automatic is not None:
            checks.choice(self.automatic, "automatic", ("safe",))
        checks.whole(self.cells, "cells", 0, MAX_CELLS)
        if not isinstance(self.game, str) or not self.game:
            raise ArgumentTypeError(f"a variant's game is a game's name, not {quote(self.game)}")
        checks.whole(self.columns, "columns", 1, MAX_COLUMNS if self.game == "freecell" else MAX_GAME_COLUMNS)
        checks.text(self.description, "description")
        checks.choice(self.build, "build", BUILDS)
        checks.choice(self.empty, "empty", EMPTY_RULES)

    def fits(self, card: Card, onto: Card) -> bool:
        """True when ``card`` may go on ``onto`` in a column under these rules.

        >>> from freecell_cli.cards import Card
        >>> find_variant("site").fits(Card.parse("7S"), Card.parse("8H"))
        True
        """
        return fits(card, onto, self.build)

    def takes_empty(self, card: Card) -> bool:
        """True when ``card`` (alone, or heading a run) may go into an empty column.

        >>> from freecell_cli.cards import Card
        >>> find_variant("site").takes_empty(Card.parse("7S"))
        True
        """
        return self.empty == "any" or card.rank == 13

    def capacity(self, free_cells: int, empty_columns: int) -> int:
        """The largest run one move carries with ``free_cells`` empty free cells
        (0 to 15) and ``empty_columns`` empty columns (0 to 9; a family game's, to 10)
        besides the destination.

        >>> find_variant("site").capacity(-1, 0)
        Traceback (most recent call last):
          ...
        freecell_cli.errors.InvalidArgument: free_cells must be a whole number from 0 to 15, not -1
        """
        # The one check for every formula (a shift by -1 or by 2**63 fails inside
        # it); the common case costs two comparisons, the engines call this per state.
        if not (type(free_cells) is int and 0 <= free_cells <= MAX_CELLS
                and type(empty_columns) is int and 0 <= empty_columns <= MAX_COLUMNS):
            from .checks import whole

            free_cells = whole(free_cells, "free_cells", 0, MAX_CELLS)
            most = MAX_COLUMNS if self.game == "freecell" else MAX_GAME_COLUMNS
            empty_columns = whole(empty_columns, "empty_columns", 0, most)
        return self.capacity_formula(free_cells, empty_columns)

    def within(self, other: Variant, cells: int) -> bool:
        """True when, on a table of ``cells`` free cells, every move these rules
        allow ``other`` allows too: then a line of these rules is a line of
        ``other``'s, and a position ``other`` cannot win with ``cells`` cells (or
        fewer) these rules cannot win either. The same game, the same moves home
        made by themselves, and no run longer at any count of empty free cells and
        columns.

        The site's runs are never longer than the textbook's with at most one free
        cell ((f + 1)(e + 1) <= (f + 1) 2^e when 2^f = f + 1), and longer with two
        (4 > 3):

        >>> site, standard = find_variant("site"), find_variant("standard")
        >>> site.within(standard, 1), site.within(standard, 2), standard.within(site, 0)
        (True, False, False)
        """
        if (self.game, self.build, self.empty, self.automatic, self.columns) != (
                other.game, other.build, other.empty, other.automatic, other.columns):
            return False
        return all(self.capacity(f, e) <= other.capacity(f, e)
                   for f in range(min(cells, MAX_CELLS) + 1) for e in range(self.columns))

    def __repr__(self) -> str:
        if self.game != "freecell":
            return f"find_rules({self.name!r})"
        return f"find_variant({self.name!r})"


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "site",
            _site_capacity,
            "2^(empty free cells) x (empty columns + 1)",
            description=("the default, the rules of the FreeCell web site this toolkit was made for: runs of up to "
                         "2^(empty free cells) x (empty columns + 1) cards move at once, no card goes home by itself"),
        ),
        Variant(
            "standard",
            _standard_capacity,
            "(empty free cells + 1) x 2^(empty columns)",
            description="the textbook rules, as Freecell Solver and PySolFC: runs of up to (empty free cells + 1) x 2^(empty columns) cards",
        ),
        Variant(
            "windows",
            _standard_capacity,
            "(empty free cells + 1) x 2^(empty columns)",
            automatic="safe",
            description="Windows FreeCell and FreeCell Pro: the textbook runs, and cards no other card needs go home by themselves",
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
        raise ArgumentTypeError(f"a variant is named by text ({', '.join(VARIANTS)}), not {type(name).__name__}")
    key = DEFAULT_VARIANT if name is None else name.strip().lower()
    try:
        return VARIANTS[key]
    except KeyError:
        raise InvalidArgument(f"unknown variant {quote(name, 40)} (choose from {', '.join(VARIANTS)})") from None
