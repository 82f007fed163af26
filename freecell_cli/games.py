"""The FreeCell family as data: FreeCell and the games that differ from it only in
their rules' values (how a column builds, what an empty column takes, how many
free cells and columns, which free cells the deal fills, how long a run may move
at once). Each game is a row of :data:`GAMES`, looked up by name; the rules of a
family game are a :class:`~freecell_cli.variants.Variant` like FreeCell's four
variants, so every function that takes a variant plays them.

The values come from the games' two reference implementations: Freecell Solver's
presets (``fc-solve/source/scripts/gen-presets.pl``: ``bakers_game``, ``eight_off``,
``seahaven_towers``, ``forecell``, ``relaxed_freecell``; its supermove capacity in
``meta_move_funcs_helpers.h``) and PySolFC's game classes
(``pysollib/games/bakersgame.py``, ``freecell.py``; capacity in
``pysollib/stack.py``, ``SuperMoveStack_StackMethods`` and ``FreeCell_*_RowStack``).
Where a column takes only kings when empty, both let a run move through the free
cells alone: (free cells + 1) cards.

>>> g = find_game("eight-off")
>>> g.cells, g.filled, g.build, g.empty
(8, (0, 2, 4, 6), 'suit', 'kings')
>>> find_rules("bakers-game").capacity(4, 1), find_rules("seahaven-towers").capacity(4, 1)
(10, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from .errors import ArgumentTypeError, InvalidArgument, quote
from .variants import VARIANTS, Variant, find_variant

#: The game of a position that names none (every FreeCell position, as before).
DEFAULT_GAME = "freecell"
#: The most cards one move of a game without a capacity limit carries: a whole deck.
UNLIMITED = 52


def _supermove(free_cells: int, empty_columns: int) -> int:
    # PySolFC's SuperMove*_RowStack and fc-solve's "limited" sequence move: (free + 1) x 2^empty.
    return (free_cells + 1) << empty_columns


def _through_cells(free_cells: int, empty_columns: int) -> int:
    # Kings only into an empty column: the empty columns carry nothing (fc-solve's
    # calc_max_sequence_move, PySolFC's _getMaxMove with a base rank).
    return free_cells + 1


def _unlimited(free_cells: int, empty_columns: int) -> int:
    return UNLIMITED


_CAPACITY: dict[str, tuple[Callable[[int, int], int], str]] = {
    "supermove": (_supermove, "(empty free cells + 1) x 2^(empty columns)"),
    "cells": (_through_cells, "empty free cells + 1"),
    "unlimited": (_unlimited, "unlimited"),
}


@dataclass(frozen=True)
class Game:
    """One game of the FreeCell family.

    ``build``: ``alternate`` colours or the same ``suit``; ``empty``: an empty
    column takes ``any`` card or ``kings`` only; ``cells`` and ``columns``: the
    table; ``filled``: the free cells (0-based) the deal fills, in dealing order
    (the cards left after the columns); ``capacity``: ``variant`` (FreeCell: its
    variant's formula), ``supermove`` ((free + 1) x 2^empty), ``cells`` (free + 1)
    or ``unlimited``; ``pysol``: PySolFC's game id; ``fcs``: Freecell Solver's
    ``--game`` preset; ``source``: where the rules come from.

    >>> find_game("seahaven-towers").columns, find_game("seahaven-towers").filled
    (10, (1, 2))
    """

    name: str
    title: str
    build: str
    empty: str
    cells: int
    columns: int
    filled: tuple[int, ...]
    capacity: str
    pysol: int
    fcs: str
    source: str

    @property
    def possessive(self) -> str:
        """The title, whose: ``Eight Off's``, ``Seahaven Towers'``.

        >>> find_game("seahaven-towers").possessive
        "Seahaven Towers'"
        """
        return self.title + ("'" if self.title.endswith("s") else "'s")

    @property
    def family(self) -> bool:
        """True for every game but FreeCell itself (whose rules are its variants)."""
        return self.name != DEFAULT_GAME

    @property
    def rules(self) -> Variant:
        """The game's one set of rules (FreeCell: its default variant, site).

        >>> find_game("forecell").rules.empty
        'kings'
        """
        if not self.family:
            return find_variant(None)
        return _RULES[self.name]

    def describe(self) -> str:
        """The rules in one line.

        >>> find_game("bakers-game").describe()
        "Baker's Game: 8 columns, 4 free cells, builds down by suit, an empty column takes any card, a run of up to (empty free cells + 1) x 2^(empty columns) cards moves at once"
        """
        filled = f" ({len(self.filled)} filled by the deal)" if self.filled else ""
        build = "by suit" if self.build == "suit" else "in alternate colours"
        empty = "any card" if self.empty == "any" else "only a king"
        moves = ("a run moves at once as the variant allows" if self.capacity == "variant"
                 else "a run of any length moves at once" if self.capacity == "unlimited"
                 else f"a run of up to {_CAPACITY[self.capacity][1]} cards moves at once")
        return (f"{self.title}: {self.columns} columns, {self.cells} free cells{filled}, builds down {build}, "
                f"an empty column takes {empty}, {moves}")


GAMES: dict[str, Game] = {
    g.name: g
    for g in (
        Game("freecell", "FreeCell", "alternate", "any", 4, 8, (), "variant", 8, "freecell",
             "the site's rules and its variants (README, Variants)"),
        Game("bakers-game", "Baker's Game", "suit", "any", 4, 8, (), "supermove", 45, "bakers_game",
             "PySolFC 45 (BakersGame: SuperMoveSS_RowStack); fc-solve preset bakers_game"),
        Game("eight-off", "Eight Off", "suit", "kings", 8, 8, (0, 2, 4, 6), "cells", 258, "eight_off",
             "PySolFC 258 (EightOff: FreeCell_SS_RowStack, base rank king; reserves 1, 3, 5, 7 dealt); "
             "fc-solve preset eight_off"),
        Game("seahaven-towers", "Seahaven Towers", "suit", "kings", 4, 10, (1, 2), "cells", 9, "seahaven_towers",
             "PySolFC 9 (SeahavenTowers: FreeCell_SS_RowStack, base rank king; reserves 2 and 3 dealt); "
             "fc-solve preset seahaven_towers"),
        Game("forecell", "Forecell", "alternate", "kings", 4, 8, (0, 1, 2, 3), "cells", 46, "forecell",
             "PySolFC 46 (ForeCell: FreeCell_AC_RowStack, base rank king; every reserve dealt); "
             "fc-solve preset forecell"),
        Game("relaxed-freecell", "Relaxed FreeCell", "alternate", "any", 4, 8, (), "unlimited", 5,
             "relaxed_freecell",
             "PySolFC 5 (RelaxedFreeCell: AC_RowStack, no limit); fc-solve preset relaxed_freecell (sm unlimited)"),
    )
}

#: The family's games, FreeCell left out: the names a position's game label takes.
FAMILY = tuple(name for name, g in GAMES.items() if g.family)

_RULES: dict[str, Variant] = {
    g.name: Variant(g.name, _CAPACITY[g.capacity][0], _CAPACITY[g.capacity][1], cells=g.cells,
                    columns=g.columns, description=g.describe(), build=g.build, empty=g.empty, game=g.name)
    for g in GAMES.values() if g.family
}


def find_game(name: str | None) -> Game:
    """A game by name (case-insensitive; ``_`` as ``-``, as Freecell Solver spells
    them); ``None`` gives FreeCell.

    >>> find_game("Bakers_Game").title, find_game(None).name
    ("Baker's Game", 'freecell')
    """
    if name is not None and not isinstance(name, str):
        raise ArgumentTypeError(f"a game is named by text ({', '.join(GAMES)}), not {type(name).__name__}")
    key = (name or DEFAULT_GAME).strip().lower().replace("_", "-")
    try:
        return GAMES[key]
    except KeyError:
        raise InvalidArgument(f"unknown game {(name or '')[:40]!r} (choose from {', '.join(GAMES)})") from None


def find_rules(name: str | None) -> Variant:
    """Rules by name: a FreeCell variant's (``site``...) or a family game's
    (``bakers-game``...); ``None`` gives site.

    >>> find_rules("relaxed-freecell").capacity(0, 0), find_rules("standard").name
    (52, 'standard')
    """
    if isinstance(name, str):
        key = name.strip().lower().replace("_", "-")
        if key in _RULES:
            return _RULES[key]
        if key not in VARIANTS:
            raise InvalidArgument(f"unknown rules {name[:40]!r} (choose from {', '.join([*VARIANTS, *_RULES])})")
    return find_variant(name)


def is_unlimited(rules: Variant) -> bool:
    """True when runs of any length move at once under ``rules``.

    >>> is_unlimited(find_rules("relaxed-freecell")), is_unlimited(find_rules("site"))
    (True, False)
    """
    return rules.capacity_formula is _unlimited


class _Labelled(Protocol):
    """What the rules of a position are read from (position.py stands above)."""

    variant: str | None
    game: str | None


def game_of(position: _Labelled | None) -> Game:
    """The game a position is labelled with (FreeCell when none).

    >>> from freecell_cli import deal
    >>> game_of(deal(1)).name, game_of(deal(1, game="forecell")).title
    ('freecell', 'Forecell')
    """
    return GAMES[DEFAULT_GAME] if position is None or position.game is None else find_game(position.game)


def check_rules(value: object, position: _Labelled | None = None) -> Variant:
    """Rules from a Variant, a name (:func:`find_rules`), or None (the position's:
    its game's, or its variant, else site). Rules of another game than the
    position's are refused.

    >>> from freecell_cli import deal
    >>> check_rules(None, deal(1, game="forecell")).name
    'forecell'
    >>> check_rules("bakers-game", deal(1))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidArgument: bakers-game is Baker's Game's rules, and the position is FreeCell's
    """
    game = game_of(position)
    if isinstance(value, Variant):
        rules = value
    elif value is None:
        rules = game.rules if game.family else find_variant(position.variant if position is not None else None)
    elif isinstance(value, str):
        rules = find_rules(value)
    else:
        raise ArgumentTypeError(f"variant must be a Variant or a name ({', '.join([*VARIANTS, *_RULES])}), "
                                f"not {type(value).__name__}")
    if position is not None and rules.game != game.name:
        owner = GAMES[rules.game].possessive if rules.game in GAMES else quote(rules.game) + "'s"
        raise InvalidArgument(f"{rules.name} is {owner} rules, and the position is {game.possessive}")
    return rules
