"""The fewest free cells a deal needs, with a solution and a proof.

Solvability only grows with free cells (a move legal with ``m`` cells is legal
with ``m + 1``, the extra cell left empty: both capacity formulas grow with the
empty cells). So the answer is one count ``m``: a solution with ``m`` cells, and
a complete search showing ``m - 1`` cells are not enough (which settles every
count below it too).

The counts are tried from ``max_cells`` down. At each count Freecell Solver
(where installed) and the beam look for a solution first, then the best-first
engine for a while (:data:`SOLVE_STATES` positions: most
solvable counts are solved well within that); if it has not found one, the
complete depth-first search (:mod:`.solve.prove`) takes over and either finds a
solution or runs out of positions, which is the proof. A count whose search hits
the time limit is ``gave-up``, and the answer is then only a range:
``known = [lo, hi]`` means ``lo - 1`` cells are proven too few (``lo`` is 0 when
nothing is proven) and ``hi`` cells proven enough (``None`` when no solution with
``max_cells`` or fewer was found). Nothing is guessed: ``min_cells`` is set only
when ``lo == hi``.

The FreeCell family's games whose deal leaves the free cells empty (Baker's
Game, Relaxed FreeCell) ask the same question of their own deals under their own
rules (:func:`check_game`). A game whose deal fills free cells (Eight Off,
Seahaven Towers, Forecell) has no deal on fewer cells than it fills, and is
refused: the counts would start there, and the searches at a count other than
the game's own run on a table of no game, which FreeCell's 9 columns bound
(Seahaven Towers has 10).

>>> r = min_cells(3, "standard", max_cells=2)
>>> r["min_cells"], r["known"], r["proof"]["cells"], r["verdict"]
(2, [2, 2], 1, 'solved')
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .games import Game
    from .position import Position
    from .solvers.engine import Engine, Result
    from .variants import Variant

SOLVE_STATES = 20_000  # positions the best-first engine gets at a count before the complete search
# The complete search finds a line depth first: it can be over a million moves (deal
# 21186 with 1 cell under standard: 1,191,500), a record line of megabytes that no
# reader takes. A line longer than LONG_LINE is solved again by the beam for the record;
# one still longer than RECORD_LINE is left out of the record, with a reason.
LONG_LINE = 1_000
RECORD_LINE = 100_000
BEAM_SECONDS = 30.0  # at most, for that second solve


def check_game(name: str | None) -> Game:
    """The game of ``name`` (None: FreeCell) when the fewest free cells is a
    question of its deals: its deal leaves the free cells empty, so deal ``n``
    exists with any count of them. Else :class:`~freecell_cli.errors.InvalidArgument`,
    saying why.

    >>> check_game("bakers-game").title
    "Baker's Game"
    >>> check_game("eight-off")
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidArgument: Eight Off deals 4 cards into free cells a, c, e and g, so it has no deal with fewer than 4 free cells; min-cells counts from 0 and takes the games whose deal leaves the free cells empty (freecell, bakers-game, relaxed-freecell)
    """
    from .errors import InvalidArgument
    from .games import GAMES, find_game
    from .position import cell_letter

    game = find_game(name)
    if game.filled:
        empty = ", ".join(g.name for g in GAMES.values() if not g.filled)
        letters = [cell_letter(i) for i in game.filled]
        where = ", ".join(letters[:-1]) + f" and {letters[-1]}"
        raise InvalidArgument(f"{game.title} deals {len(game.filled)} cards into free cells {where}, so it has "
                              f"no deal with fewer than {len(game.filled)} free cells; min-cells counts from 0 and "
                              f"takes the games whose deal leaves the free cells empty ({empty})")
    return game


def _table(n: int, cells: int, game: str | None) -> Position:
    """Deal ``n`` with ``cells`` free cells: FreeCell's, or a family game's (PySolFC's
    deal ``n`` of it, whose free cells start empty) as a table of no game, searched
    under the game's rules (a game's own position has the game's cells only)."""
    from .deals import deal
    from .position import Position

    if game is None:
        return deal(n, cells=cells)
    return Position([column[:] for column in deal(n, game=game).columns], cells)


def _fcsolve_engine() -> Engine | None:
    """Freecell Solver as the solving side, or None where it is not installed."""
    from .solvers.engine import get_engine
    from .solvers.fcsolve import fcsolve_available

    return get_engine("fc-solve") if fcsolve_available() else None


def _search(n: int, cells: int, variant: Variant, time_limit: float | None,
            state_limit: int | None = None, fcs: Engine | None = None,
            game: str | None = None, width: int | None = None) -> tuple[str, Result, str]:
    """One count: (verdict, result, which search decided). ``states`` counts the
    positions of the best-first and complete searches (not the beam's, nor
    Freecell Solver's), unless the beam decided. ``width``: the beam's (None: its
    own)."""
    from .solvers.engine import GAVE_UP, SOLVED, UNSOLVABLE, Limits, SolverError, solve
    from .solvers.prove import ProveEngine

    start = time.perf_counter()
    position = _table(n, cells, game)
    exhausted = False  # Freecell Solver searched its whole (textbook) space: likely a proof to come
    if fcs is not None:
        try:
            tried = solve(position, variant, fcs, Limits(time=None if time_limit is None else time_limit / 3))
        except SolverError:
            tried = None  # it could not take the position, or its line failed our verifier
        if tried is not None and tried.verdict == SOLVED:
            tried.states = 0
            return SOLVED, tried, "fc-solve"
        exhausted = tried is not None and (tried.verdict == UNSOLVABLE
                                           or tried.reason.startswith("fc-solve found no solution"))

    def left() -> float | None:
        return None if time_limit is None else max(time_limit - (time.perf_counter() - start), 0.001)

    # The beam alone (no fallbacks: the searches below are this count's) finds
    # solutions the other two miss, in seconds (deals 2675 and 4841 under standard).
    from .solvers.beam import BeamEngine

    rest = left()
    beamed = solve(position, variant, BeamEngine(width=width), Limits(time=BEAM_SECONDS if rest is None else min(rest, BEAM_SECONDS)))
    if beamed.verdict == SOLVED:
        beamed.seconds = time.perf_counter() - start
        return SOLVED, beamed, "beam"
    states = 0  # the beam's are not counted: the searches below decide the count
    if not exhausted:
        first = solve(position, variant, "builtin", Limits(time=left(), states=SOLVE_STATES))
        if first.verdict != GAVE_UP:
            first.seconds = time.perf_counter() - start
            return first.verdict, first, "best-first"
        states = first.states
    # A race of the proof and the best-first search, or the proof alone when
    # Freecell Solver found no solution (it is a hint, never the proof).
    second = solve(position, variant, ProveEngine(race=not exhausted), Limits(time=left(), states=state_limit))
    second.states += states
    second.seconds = time.perf_counter() - start
    if second.verdict == GAVE_UP and time_limit is not None and second.reason.startswith("time limit of"):
        # Its limit was what the count had left: name the count's own.
        second.reason = f"time limit of {time_limit:g} s reached after {second.states:,} states"
    return second.verdict, second, "complete" if not exhausted else "complete (depth first)"


def _shorter(n: int, cells: int, variant: Variant, result: Result, time_limit: float | None,
             game: str | None = None, width: int | None = None) -> Result:
    """``result``, or the line of the beam (``width`` wide) at the same count when
    that is shorter."""
    from .solvers.engine import SOLVED, Limits, SolverError, get_engine, solve

    seconds = BEAM_SECONDS if time_limit is None else min(BEAM_SECONDS, time_limit)
    try:
        beam = solve(_table(n, cells, game), variant, get_engine("beam", width=width), Limits(time=seconds))
    except SolverError:
        return result
    if beam.verdict == SOLVED and beam.move_count < result.move_count:
        return beam
    return result


def min_cells(n: int, variant: str | None = None, max_cells: int = 4, time_limit: float | None = 60.0,
              solutions: bool = True, state_limit: int | None = None, use_fcsolve: bool = True,
              game: str | None = None, width: int | None = None) -> dict[str, Any]:
    """The record of deal ``n``: ``min_cells``, ``known``, ``solution`` (at
    ``min_cells``, verified), ``proof`` (``{"cells", "states", "seconds"}`` of the
    complete search at ``min_cells - 1``), ``verdict`` (``solved`` when the answer
    is known, ``unsolvable`` when even ``max_cells`` cells are proven too few,
    ``gave-up`` when only a range is), and ``searches``: every count tried, in order.
    ``time_limit`` is seconds per count (None: none); ``state_limit`` caps the
    positions of each complete search (None: no cap). ``use_fcsolve`` lets
    Freecell Solver, where installed, look for the solutions first. ``game``: a
    game of the FreeCell family whose deal leaves the free cells empty
    (:func:`check_game`): its deal ``n`` (PySolFC's), under its own rules (no
    ``variant``); the record names the ``game`` instead of a variant, and its
    ``solution`` is a line of that deal with ``solution_cells`` free cells
    (Freecell Solver is not asked: its ``--game`` preset is taken from the
    position, and the searches' tables are of no game). ``width``: the beam's at
    each count (None: its own, :attr:`~.solvers.beam.BeamEngine.WIDTH`); a wider
    one finds lines the default misses (deal 13599 with 1 cell under standard:
    20,000 wide, in a second), and takes longer where there is none. Raises
    :class:`~freecell_cli.errors.FreecellError` for a bad deal, variant, game or count.

    >>> import freecell_cli as fc
    >>> r = fc.min_cells(8, "standard", max_cells=1)
    >>> r["min_cells"], r["known"], r["proof"]["cells"], r["verdict"]
    (1, [1, 1], 0, 'solved')
    >>> r = fc.min_cells(5, game="bakers-game", max_cells=4)
    >>> r["game"], r["min_cells"], "variant" in r
    ('bakers-game', 4, False)
    """
    from . import checks
    from .bounds import MAX_WIDTH
    from .deals import check_deal_number
    from .position import MAX_CELLS
    from .solvers.engine import SOLVED, UNSOLVABLE
    from .variants import find_variant

    # Every argument checked before the first search (the README: NaN and negative
    # limits are refused, as everywhere).
    check_deal_number(n)
    kind = check_game(game)
    family = kind.name if kind.family else None
    if family is not None and variant is not None:
        from .errors import InvalidArgument

        raise InvalidArgument(f"a variant goes with FreeCell: {kind.title} has rules of its own ({kind.name})")
    v = kind.rules if family else find_variant(variant)
    max_cells = checks.whole(max_cells, "max_cells", 0, MAX_CELLS)
    time_limit = None if time_limit is None else checks.seconds(time_limit)
    state_limit = checks.optional_whole(state_limit, "state_limit", 1)
    solutions = checks.flag(solutions, "solutions")
    use_fcsolve = checks.flag(use_fcsolve, "use_fcsolve")
    width = checks.optional_whole(width, "width", 1, MAX_WIDTH)
    start = time.perf_counter()
    fcs = _fcsolve_engine() if use_fcsolve and family is None else None
    lo, hi = 0, None
    best = None  # the result at hi
    proof = None
    searches = []
    states = 0
    for m in range(max_cells, -1, -1):
        verdict, result, how = _search(n, m, v, time_limit, state_limit, fcs, family, width)
        states += result.states
        searches.append({"cells": m, "verdict": str(verdict), "search": how, "states": result.states,
                         "seconds": round(result.seconds, 4)})
        if result.reason and verdict != SOLVED:
            searches[-1]["reason"] = result.reason
        if verdict == SOLVED:
            hi, best = m, result
        elif verdict == UNSOLVABLE:
            lo = m + 1
            proof = {"cells": m, "states": result.states, "seconds": round(result.seconds, 4)}
            break
    if best is not None and hi is not None and best.move_count > LONG_LINE:
        best = _shorter(n, hi, v, best, time_limit, family, width)
    exact = hi is not None and lo == hi
    if exact:
        overall = "solved"
    elif hi is None and lo == max_cells + 1:
        overall = "unsolvable"
    else:
        overall = "gave-up"
    record = {
        "deal": n,
        **({"game": family} if family else {}),
        "mode": "min-cells",
        **({} if family else {"variant": v.name}),  # a family game's rules are its own
        "max_cells": max_cells,
        **({} if width is None else {"width": width}),  # stated only when given
        **({} if use_fcsolve or family else {"fcsolve": False}),  # a family game's: never asked
        "verdict": overall,
        "min_cells": lo if exact else None,
        "known": [lo, hi],
        "proof": proof,  # None when nothing is proven (min_cells 0 among them)
        "move_count": best.move_count if best is not None else 0,
        "seconds": round(time.perf_counter() - start, 4),
        "states": states,
        "searches": searches,
    }
    if best is not None and best.move_count > RECORD_LINE:
        record["move_count"] = 0
        how = "" if family else f": solve the deal with --cells {hi} for one"  # (--cells is FreeCell's)
        record["reason"] = f"the solution found with {hi} cells is {best.move_count:,} moves, too long for a record{how}"
    elif solutions and best is not None:
        record["solution"] = " ".join(best.notation)
        record["solution_cells"] = hi
    return record
