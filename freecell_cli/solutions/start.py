"""Where a solution starts: the position or deal given beside it, else the one
its header names, with the free cells asked for, and the rules it is played
under. It stands below :mod:`.model` and reads a solution's header through a
Protocol, so that the writers (:mod:`.write`) and :mod:`freecell_cli.verify`
both find it going down."""

from __future__ import annotations

from typing import Protocol

from ..bounds import MAX_CELLS
from ..errors import ArgumentTypeError, InvalidSolution, quote
from ..position import Position
from ..games import check_rules
from ..variants import Variant


class Header(Protocol):
    """What a start is read from: a :class:`~freecell_cli.solutions.Solution`'s
    header (this module stands below :mod:`.model`)."""

    @property
    def deal(self) -> int | None: ...
    @property
    def position(self) -> Position | None: ...
    @property
    def cells(self) -> int | None: ...
    @property
    def game(self) -> str | None: ...
    @property
    def format(self) -> str: ...


class _Ruled(Header, Protocol):
    @property
    def variant(self) -> str | None: ...


def start_of(solution: Header, position: Position | int | None, cells: int | None,
             game: str | None = None) -> Position:
    """The start of ``solution`` given ``position`` as the library's functions take
    it: a Position, a deal number, or None (the one the solution names); ``game``:
    the game it is played as (None: the one the solution or position names)."""
    check_start_given(position)
    if isinstance(position, int):
        return start_position(solution, deal=position, cells=cells, game=game)
    return start_position(solution, position=position, cells=cells, game=game)


def start_and_rules(solution: _Ruled, position: Position | int | None, variant: Variant | str | None,
                    cells: int | None, game: str | None = None) -> tuple[Position, Variant]:
    """The start of ``solution`` (:func:`start_of`) and the rules it is played
    under: ``variant``, else the solution's, else the start's (else site). A
    family game's rules (``variant`` naming one) say the game too."""
    start = start_of(solution, position, cells, game_asked(game, variant))
    return start, check_rules(variant if variant is not None else solution.variant, start)


def game_asked(game: str | None, variant: Variant | str | None) -> str | None:
    """The game asked for: ``game`` (a name, ``freecell`` included), else the game
    of the rules ``variant`` names when they are a family game's, else None
    (the one the solution or start names). The two must agree.

    >>> game_asked(None, "bakers-game"), game_asked("forecell", None), game_asked(None, "site")
    ('bakers-game', 'forecell', None)
    """
    from ..games import find_game, find_rules

    asked = None if game is None else find_game(game).name
    rules = variant if isinstance(variant, Variant) else find_rules(variant) if isinstance(variant, str) else None
    if rules is not None and rules.game != "freecell":
        if asked is not None and asked != rules.game:
            raise InvalidSolution(f"game {asked} was given, but the rules {rules.name} are {rules.game}'s")
        return rules.game
    return asked


def relabelled(position: Position, game: str | None) -> Position:
    """A copy of ``position`` as a position of ``game`` (None: as it is):
    :meth:`Position.as_game`.

    >>> from freecell_cli import deal
    >>> relabelled(deal(1), "bakers-game").game
    'bakers-game'
    """
    return position.copy() if game is None else position.as_game(game)


def check_start_given(position: object) -> None:
    """Refuse a start that is not a Position, a deal number or None (before the
    solution is read: swapped arguments are named for what they are)."""
    if isinstance(position, bool) or not isinstance(position, (int, Position, type(None))):
        raise ArgumentTypeError(f"position must be a Position, a deal number or None, not {quote(position)}")
    if isinstance(position, Position):
        position.validate()


def start_position(
    solution: Header,
    deal: int | None = None,
    position: Position | None = None,
    cells: int | None = None,
    game: str | None = None,
) -> Position:
    """The position a solution starts from: an explicit position wins over the
    file's header; an explicit deal must agree with the deal or position the header
    names. Raises :class:`InvalidSolution` when there is none, or a disagreement.

    ``cells`` (else the file's count) sets the number of free cells, whichever way
    the start is given: a position's empty slots are added or taken away.
    ``game`` (else the solution's, else the start's): the game it is played as; it
    must agree with the game the solution names.

    >>> from freecell_cli.solutions import parse_solution
    >>> len(start_position(parse_solution("5a"), deal=617, cells=2).cells)
    2
    """
    from ..errors import FreecellError
    from ..games import find_game

    if game is not None and solution.game is not None and find_game(game).name != solution.game:
        raise InvalidSolution(f"the solution is for {find_game(solution.game).title}, "
                              f"not {find_game(game).title}")
    game = game if game is not None else solution.game
    n_cells = cells if cells is not None else solution.cells
    try:
        if position is not None:
            if solution.format == "macroxue" and solution.deal is not None:
                # Its free cells are a list its line fills from empty: only its deal's opening layout will do.
                given = relabelled(position, game)
                table = given.copy()
                table.deal = None  # labelled or not, the table itself must be the opening one
                why = disagreement(given, solution.deal) or disagreement(table, solution.deal)
                if why:
                    raise InvalidSolution(f"the line of deal {solution.deal} starts from its opening layout ({why})")
            return with_cells(relabelled(position, game), cells)
        if deal is not None:
            if solution.deal is not None and solution.deal != deal:
                raise InvalidSolution(f"deal {deal} was given, but the solution is for deal {solution.deal}")
            why = None if solution.position is None else disagreement(relabelled(solution.position, game), deal)
            if why:
                raise InvalidSolution(f"deal {deal} was given, but the solution starts elsewhere ({why})")
            if solution.position is None:
                return _deal(deal, n_cells, game)
        if solution.position is not None:  # the file's start (a position of its deal, if it names one)
            start = with_cells(relabelled(solution.position, game), n_cells)
            if start.deal is None:  # the deal it belongs to, which agrees (checked above, or when read)
                start.deal = deal if deal is not None else solution.deal
            return start
        if solution.deal is not None:
            return _deal(solution.deal, n_cells, game)
    except InvalidSolution:
        raise
    except FreecellError as e:  # a table of another game, or not the game's
        raise InvalidSolution(str(e)) from None
    raise InvalidSolution("the solution names no deal: give --deal N or --position FILE")


def _deal(n: int, cells: int | None, game: str | None) -> Position:
    """Deal ``n`` of ``game`` (None: FreeCell's) with ``cells`` free cells (None:
    the game's own)."""
    from ..deals import deal as make_deal
    from ..games import find_game

    if game is not None and find_game(game).family:
        return with_cells(make_deal(n, game=game), cells).validate()
    return make_deal(n, cells=4 if cells is None else cells)


def with_cells(position: Position, cells: int | None) -> Position:
    """A copy of ``position`` with ``cells`` free-cell slots (None: as it is).
    Empty slots are added or dropped; a card is never dropped.

    >>> from freecell_cli import deal
    >>> len(with_cells(deal(1), 0).cells), len(with_cells(deal(1), 6).cells)
    (0, 6)
    """
    p = position.copy()
    if cells is None or cells == len(p.cells):
        return p
    if isinstance(cells, bool) or not isinstance(cells, int) or not 0 <= cells <= MAX_CELLS:
        raise InvalidSolution(f"free cells must be 0..{MAX_CELLS}, got {quote(cells)}")
    occupied = [c for c in p.cells if c is not None]
    if len(occupied) > cells:
        raise InvalidSolution(
            f"the start position has {len(occupied)} cards in free cells, more than {cells} free cells"
        )
    if cells > len(p.cells):
        p.cells = p.cells + [None] * (cells - len(p.cells))
    else:
        p.cells = occupied + [None] * (cells - len(occupied))
    return p


def disagreement(position: Position, n: int) -> str | None:
    """Why ``position`` cannot be the start of deal ``n`` (None when it can: it is
    labelled with that deal, or unlabelled with that deal's opening layout)."""
    from ..deals import is_opening

    if position.deal is not None:
        return None if position.deal == n else f"the position is from deal {position.deal}"
    if is_opening(position, n):
        return None
    return f"the position is not deal {n}'s opening layout"
