"""The scripting API: solve, hint, verify, solution files and analysis, one call
each, exported from :mod:`freecell_cli` (``import freecell_cli as fc``).

Every command of the ``freecell`` CLI that solves, verifies or analyses goes
through these functions, so a script can do whatever the CLI does. Each raises
only :class:`~freecell_cli.errors.FreecellError` subclasses on bad arguments.

>>> import freecell_cli as fc
>>> result = fc.solve(fc.deal(617))
>>> result.verdict, fc.verify(fc.deal(617), result.solution()).ok
('solved', True)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, Literal

from . import checks
from .bounds import MAX_WIDTH as MAX_WIDTH
from .checked import apply as apply
from .checked import automatic_moves as automatic_moves
from .checked import autoplay as autoplay
from .checked import can_autocomplete as can_autocomplete
from .checked import can_move as can_move
from .checked import legal_moves as legal_moves
from .checked import resolve as resolve
from .checked import undo as undo
from .errors import ArgumentTypeError, FreecellError, InvalidArgument, InvalidSolution, quote
from .files import TextOrPath as TextOrPath
from .position import check_position
from .spider.api import format_spider_solution as format_spider_solution
from .spider.api import read_spider_solution as read_spider_solution
from .spider.api import spider_solve as spider_solve
from .spider.api import spider_verify as spider_verify
from .games import check_rules

if TYPE_CHECKING:
    from .hints import Hint
    from .moves import Move
    from .position import Position
    from .replay import Replay
    from .solutions import Solution
    from .solvers.engine import Engine, Result
    from .variants import Variant
    from .verify import Verdict

__all__ = [
    "SOLUTION_WRITE_FORMATS",
    "analyze",
    "apply",
    "automatic_moves",
    "autoplay",
    "can_autocomplete",
    "can_move",
    "format_position",
    "format_solution",
    "format_spider_solution",
    "hint",
    "legal_moves",
    "read_solution",
    "read_solutions",
    "read_spider_solution",
    "replay",
    "resolve",
    "solve",
    "spider_solve",
    "spider_verify",
    "undo",
    "verify",
    "verify_each",
]

#: What :func:`format_solution` writes: ``file`` (ours, with a header; also
#: ``freecell-cli``), ``snx`` (standard notation, counts into empty columns as
#: ``v<hex>``; also ``standard``), ``sn`` (plain moves), ``verbose`` (Freecell
#: Solver's words; also ``fc-solve``), ``json``, ``macroxue`` (one line, ``DEAL:MOVES``:
#: :mod:`freecell_cli.solutions.macroxue`).
SOLUTION_WRITE_FORMATS = ("file", "freecell-cli", "snx", "standard", "sn", "verbose", "fc-solve", "json", "macroxue")

DEFAULT_TIME_LIMIT = checks.DEFAULT_TIME_LIMIT


def __getattr__(name: str) -> object:
    if name == "Hint":  # where it was first exported; it lives in hints.py
        from .hints import Hint

        return Hint
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- arguments ------------------------------------------------------------------
# Each public function checks its arguments first, before any work, with the
# checkers of freecell_cli.checks: a wrong type is an ArgumentTypeError (a
# TypeError), a value out of range an InvalidArgument; both are FreecellError, and
# name the parameter. The game core's checked functions are in checked.py, Spider's
# in spider/api.py; this module names them too.


# -- solve, hint ----------------------------------------------------------------
def solve(
    position: Position,
    variant: Variant | str | None = None,
    *,
    engine: str | Engine | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
    exhaustive: bool = False,
    shorten: bool = True,
    preset: str | None = None,
    width: int | None = None,
    optimize: bool = False,
    optimal: bool = False,
    progress: Callable[[int, float], None] | None = None,
) -> Result:
    """Solve ``position`` under ``variant`` (a name or a :class:`~freecell_cli.Variant`;
    default: the position's, else ``site``), as ``freecell solve`` does.

    ``engine``: ``beam`` (short solutions; ``width``, ``optimize``; the default),
    ``builtin`` (proofs of unsolvability with ``exhaustive``), ``fc-solve``
    (``preset``) or ``auto``; or an engine object. A game of the FreeCell family
    (a position of ``bakers-game``...) is played by every engine under the game's
    own rules (Freecell Solver under the game's ``--game`` preset). ``optimal``
    (with the beam): the fewest
    non-foundation moves, proven by an A* search (the result's ``optimal`` says
    whether a limit stopped it first, ``lower_bound`` the fewest proven
    possible). ``time_limit`` in seconds (None: 60, or none
    when ``exhaustive``; 0: no limit), ``max_states``; ``progress(states,
    seconds)`` is called now and then. Every solution is verified before it is
    returned.

    The :class:`~freecell_cli.solvers.engine.Result` has ``verdict`` (``solved``,
    ``unsolvable``, ``gave-up``), ``moves``, ``move_count``, ``states``,
    ``seconds``, and :meth:`~freecell_cli.solvers.engine.Result.solution`.

    >>> import freecell_cli as fc
    >>> r = fc.solve(fc.deal(1), engine="builtin", max_states=100_000)
    >>> r.verdict, r.move_count >= len(r.moves) > 0, r.states > 0
    ('solved', True, True)
    >>> fc.solve(fc.deal(1), time_limit=-1)
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidArgument: time_limit must be 0 to 10,000,000 seconds (0: no limit), not -1
    """
    from .solvers.engine import ENGINES, Limits, get_engine
    from .solvers.engine import solve as run

    start = check_position(position)
    rules = check_rules(variant, start)
    if engine is None:
        engine = "beam"
    exhaustive = checks.flag(exhaustive, "exhaustive")
    limits = Limits(time=checks.time_limit(time_limit, exhaustive), states=checks.positive(max_states, "max_states"),
                    progress=checks.progress(progress))
    width = checks.optional_whole(width, "width", 1, MAX_WIDTH)
    optimize = checks.flag(optimize, "optimize")
    optimal = checks.flag(optimal, "optimal")
    preset = checks.text(preset, "preset")
    if preset is not None and not preset.strip():
        raise InvalidArgument("preset needs a name (fc-solve's -l; None: its default, lg)")
    if isinstance(engine, str):
        if engine not in ENGINES:
            raise InvalidArgument(f"unknown engine {quote(engine)} (choose from {', '.join(ENGINES)})")
        # What `freecell solve` refuses together, refused here too rather than ignored.
        if (width is not None or optimize) and (engine != "beam" or exhaustive):
            raise InvalidArgument("width and optimize go with engine='beam', not with exhaustive "
                                  "(a complete search has no beam)")
        if optimal and (engine != "beam" or exhaustive or optimize):
            raise InvalidArgument("optimal goes with engine='beam' (its line bounds the search), not with "
                                  "exhaustive or optimize (the optimal search is complete)")
        if preset is not None and (engine not in ("fc-solve", "auto") or exhaustive and engine == "auto"):
            raise InvalidArgument("preset goes with engine='fc-solve' or 'auto' (not auto with exhaustive, "
                                  "whose complete search is the built-in engine's)")
        eng: Engine = get_engine(engine, preset, width=width, optimize=optimize, optimal=optimal)
    elif callable(getattr(engine, "solve", None)):
        if width is not None or optimize or optimal or preset is not None:
            raise InvalidArgument("width, optimize, optimal and preset go with an engine's name; an engine object has its own")
        if not isinstance(getattr(engine, "name", None), str) or not isinstance(getattr(engine, "shortens", None), bool):
            raise ArgumentTypeError("an engine object has a name (text), shortens (True when its lines went through "
                                    "the post-pass already) and solve(position, variant, limits, exhaustive)")
        eng = engine  # (one that does not play the family says so in solve)
    else:
        raise ArgumentTypeError(f"engine must be a name ({', '.join(ENGINES)}) or an engine, "
                                f"not {type(engine).__name__}")
    return run(start, rules, eng, limits, exhaustive=exhaustive, shorten=checks.flag(shorten, "shorten"))


def hint(
    position: Position,
    variant: Variant | str | None = None,
    *,
    engine: str | Engine | None = None,
    time_limit: float | None = None,
    max_states: int | None = None,
    exhaustive: bool = False,
    progress: Callable[[int, float], None] | None = None,
) -> Hint:
    """The next move towards a solution, and why (``freecell solve --hint``); the
    arguments are :func:`solve`'s.

    >>> import freecell_cli as fc
    >>> h = fc.hint(fc.deal(1), engine="builtin")
    >>> h.verdict, str(h.move) == h.result.notation[0]
    ('solved', True)
    """
    from .hints import from_result

    start = check_position(position)
    return from_result(start, solve(start, variant, engine=engine, time_limit=time_limit, max_states=max_states,
                                    exhaustive=exhaustive, progress=progress))


# -- solution files ---------------------------------------------------------------
def read_solution(source: TextOrPath | Solution, format: str | None = None, *, stream: bool = False,
                  game: str | None = None, deal: int | None = None) -> Solution:
    """A solution from its text or its file (see :data:`TextOrPath`), in any format
    ``verify`` reads: ``standard``, ``fc-solve``, ``fcpro``, ``freecell-cli``, ``json``,
    ``macroxue`` (detected unless ``format``). A file of macroxue's holds one
    solution a line: ``deal`` takes that deal's line (without it the file must
    hold one; :func:`read_solutions` reads them all).

    ``stream=True`` reads a file's moves only as a replay needs them (constant
    memory; the solution can then be replayed once): what ``freecell verify`` does.
    ``game``: the FreeCell family's game it is read as (a Seahaven Towers move may
    name a tenth column; Freecell Solver's boards say no game), which a game the
    file names must agree with.

    >>> import freecell_cli as fc
    >>> s = fc.read_solution("# freecell-cli solution\\n# deal: 617\\n5a 82\\n")
    >>> s.format, s.deal, s.tokens
    ('freecell-cli', 617, ['5a', '82'])
    """
    from .solutions import Solution, open_solution, parse_solution

    stream = checks.flag(stream, "stream")
    checks.text(game, "game")
    deal = checks.optional_whole(deal, "deal", 1)
    if isinstance(source, Solution):
        return source.validate()
    _check_format(format)
    from .files import is_path

    if is_path(source):
        name = os.fspath(source)
        if stream:
            return open_solution(name, format, game, deal)
        from .files import read_text

        return parse_solution(read_text(name, "solution"), format, game, deal)
    if not isinstance(source, str):
        raise InvalidSolution(f"a solution is text, a path or a Solution, not {type(source).__name__}")
    return parse_solution(source, format, game, deal)


def _check_format(format: str | None) -> None:
    from .solutions import SOLUTION_FORMATS

    if checks.text(format, "format") is not None and format not in SOLUTION_FORMATS:
        raise InvalidSolution(f"unknown solution format {quote(format)} (choose from {', '.join(SOLUTION_FORMATS)})")


def read_solutions(source: TextOrPath, format: str | None = None, *, game: str | None = None) -> Iterator[Solution]:
    """Every solution of a text or a file: one, but one a line in a file of
    macroxue's (read as they are asked for). A line that cannot be read raises
    :class:`~freecell_cli.errors.InvalidSolution` naming it; :func:`verify_each`
    reads on past such a line.

    >>> import freecell_cli as fc
    >>> [(s.deal, s.format) for s in fc.read_solutions("1:6r6r\\n2:2r62\\n")]
    [(1, 'macroxue'), (2, 'macroxue')]
    """
    for item in _solutions_in(source, format, game):
        if isinstance(item, InvalidSolution):
            raise item
        yield item


def _solutions_in(source: TextOrPath, format: str | None, game: str | None,
                  deal: int | None = None) -> Iterator[Solution | InvalidSolution]:
    from .files import is_path
    from .solutions.read import solutions_in

    checks.text(game, "game")
    _check_format(format)
    if is_path(source):
        return solutions_in(os.fspath(source), format, game, deal=deal)
    if not isinstance(source, str):
        raise InvalidSolution(f"solutions are a text or a path, not {type(source).__name__}")
    return solutions_in(None, format, game, text=source, deal=deal)


def _solved(result: Result) -> None:
    """Refuse a result that has no solution to write or replay."""
    from .solvers.result import SOLVED

    if result.verdict != SOLVED:
        raise InvalidArgument(f"only a solved result has a solution, not one that {result.verdict!r}")


def format_solution(
    solution: Solution | Result,
    format: str = "file",
    *,
    position: Position | int | None = None,
    variant: Variant | str | None = None,
) -> str:
    """A solution as text, in any format ``freecell solve`` writes (see
    :data:`SOLUTION_WRITE_FORMATS`). ``solution`` is a :class:`~freecell_cli.solutions.Solution`
    or a solved :class:`~freecell_cli.solvers.engine.Result`. ``position`` (or deal
    number) and ``variant`` say where it starts and under which rules, when it does
    not say so itself. Whatever the format, its moves are played there first: one
    refused is an :class:`~freecell_cli.errors.IllegalMove` naming it.

    >>> import freecell_cli as fc
    >>> s = fc.read_solution("5a 82 a2")
    >>> print(fc.format_solution(s, position=617), end="")
    # freecell-cli solution
    # deal: 617
    # variant: site
    # cells: 4
    # moves: 3
    5a 82 a2
    >>> print(fc.format_solution(s, "verbose", position=617).splitlines()[0])
    Move a card from stack 4 to freecell 0
    """
    from .solutions import Solution
    from .solutions.model import placed
    from .solutions.write import plays, write_solution
    from .solvers.engine import Result

    if checks.text(format, "format") is None or format not in SOLUTION_WRITE_FORMATS:
        raise InvalidArgument(f"unknown solution format {quote(format)} (choose from {', '.join(SOLUTION_WRITE_FORMATS)})")
    if isinstance(solution, Result):
        _solved(solution)
    elif not isinstance(solution, Solution):
        spider = type(solution).__module__.startswith("freecell_cli.spider")  # its own writer
        raise ArgumentTypeError(f"format_solution needs a Solution or a Result, not {type(solution).__name__}"
                                + (" of Spider's (format_spider_solution writes those)" if spider else ""))
    where = placed(solution, position, variant, played=plays(format))
    return write_solution(where, format)


# -- verify ---------------------------------------------------------------------
def verify(
    position: Position | int | None,
    solution: Solution | Result | TextOrPath,
    variant: Variant | str | None = None,
    *,
    cells: int | None = None,
    empty_column: Literal["one", "max"] | None = None,
    all_errors: bool = False,
    format: str | None = None,
    game: str | None = None,
) -> Verdict:
    """Replay ``solution`` (a Solution, a solved Result, or a file's text or path:
    :func:`read_solution`) from ``position`` under ``variant``, as ``freecell
    verify`` does. ``position`` may be a deal number, or None for the start the
    file names; ``variant`` defaults to the file's, else the position's, else site.
    ``game``: a game of the FreeCell family (``bakers-game``...) the solution is
    played as, its deal numbers PySolFC's (else the one the file or position
    names); ``variant`` may name a family game's rules too.

    The :class:`~freecell_cli.verify.Verdict` has ``ok`` (legal and solves),
    ``valid``, ``solved``, ``moves`` (counted the variant's way), ``error`` and
    :meth:`~freecell_cli.verify.Verdict.summary`. Of a file of one solution a
    line (macroxue's), the line of the deal ``position`` names is read
    (:func:`verify_each` reads them all).

    >>> import freecell_cli as fc
    >>> v = fc.verify(617, "5a 58")
    >>> v.ok, v.summary()
    (False, 'move 2 "58": 7C cannot go on QH')
    """
    from .solutions.model import result_solution
    from .solutions.write import as_file
    from .solvers.engine import Result

    cells, wanted, hint = _verify_arguments(position, variant, cells, empty_column, all_errors, game)
    if isinstance(solution, Result):
        _solved(solution)
        solution = as_file(result_solution(solution, None, None))  # as its file reads back
    sol = read_solution(solution, format, stream=True, game=hint, deal=_deal_of(position))  # type: ignore[arg-type]
    return _verify_read(sol, solution, position, variant, cells, empty_column, all_errors, format, hint, wanted)


def _deal_of(position: Position | int | None) -> int | None:
    """The deal whose line a file of one solution a line is read at (macroxue's)."""
    from .position import Position

    return position.deal if isinstance(position, Position) else position


def verify_each(
    position: Position | int | None,
    solution: TextOrPath | Solution,
    variant: Variant | str | None = None,
    *,
    cells: int | None = None,
    empty_column: Literal["one", "max"] | None = None,
    all_errors: bool = False,
    format: str | None = None,
    game: str | None = None,
) -> Iterator[Verdict | InvalidSolution]:
    """:func:`verify` for every solution of a text or file (:func:`read_solutions`),
    as ``freecell verify`` does: one Verdict a solution, in order; a solution
    that cannot be read is its :class:`~freecell_cli.errors.InvalidSolution`, in
    its place, and the next ones are read on (an error that ends the whole file
    is raised). ``position`` a deal (or a position labelled with one): only that
    deal's solutions, at least one.

    >>> import freecell_cli as fc
    >>> [v if isinstance(v, fc.InvalidSolution) else (v.deal, v.ok) for v in fc.verify_each(None, "1:6r\\n2:2r62\\n")]
    [(1, False), (2, False)]
    """
    from .solutions import Solution

    if isinstance(solution, Solution):
        yield verify(position, solution, variant, cells=cells, empty_column=empty_column, all_errors=all_errors,
                     format=format, game=game)
        return
    cells, wanted, hint = _verify_arguments(position, variant, cells, empty_column, all_errors, game)
    for item in _solutions_in(solution, format, hint, _deal_of(position)):
        if isinstance(item, InvalidSolution):
            yield item
            continue
        if item.format != "macroxue":  # the file's one solution: as verify reads it (a second time if need be)
            yield _verify_read(item, solution, position, variant, cells, empty_column, all_errors, format, hint,
                               wanted)
            return
        try:
            yield _verify_read(item, item, position, variant, cells, empty_column, all_errors, format, hint, wanted)
        except InvalidSolution as e:  # (its start, or its rules: this solution's)
            yield InvalidSolution(f"line {item.source_line}: deal {item.deal}: {e}")


def _verify_arguments(position: Position | int | None, variant: Variant | str | None, cells: int | None,
                      empty_column: str | None, all_errors: bool,
                      game: str | None) -> tuple[int | None, str | None, str | None]:
    """Check :func:`verify`'s arguments; the free cells, the game asked and the
    game the file is read as."""
    from .position import MAX_CELLS, Position
    from .solutions.start import check_start_given, game_asked

    check_start_given(position)
    checked_cells = checks.optional_whole(cells, "cells", 0, MAX_CELLS)
    if empty_column is not None:
        checks.choice(empty_column, "empty_column", ("one", "max"))
    checks.flag(all_errors, "all_errors")
    if variant is not None and not isinstance(variant, str):
        check_rules(variant)  # its type, now: which variant applies is known once the file is read
    wanted = game_asked(checks.text(game, "game"), variant)
    hint = wanted if wanted is not None else position.game if isinstance(position, Position) else None
    return checked_cells, wanted, hint


def _verify_read(sol: Solution, solution: Solution | TextOrPath, position: Position | int | None, variant: Variant | str | None,
                 cells: int | None, empty_column: Literal["one", "max"] | None, all_errors: bool,
                 format: str | None, hint: str | None, wanted: str | None) -> Verdict:
    """The verdict on ``sol``, read from ``solution`` (read again when a second
    reading may help)."""
    from .solutions import Solution
    from .solutions.start import start_and_rules, start_of
    from .verify import READ_AS_SN, cells_asked, sn_reading_may_help
    from .verify import verify as replay

    start, rules = start_and_rules(sol, position, variant, cells, wanted)
    # (a family game's table has its own free cells: the file need not say how many)
    grow = sol.cells_open and cells is None and (position is None or isinstance(position, int)) and start.game is None
    verdict = replay(sol, start, rules, empty_column, all_errors, grow)
    asked = cells_asked(sol, cells)
    verdict.notes += ([sol.reading] if sol.reading else []) + asked
    verdict.line = sol.source_line
    retry = sn_reading_may_help(sol, verdict, empty_column)
    if retry and str(solution) == "-":
        # stdin is read once: no second reading (it would find an empty file)
        verdict.notes.append("stdin is read once: plain moves into empty columns were read as one card "
                             "(fc-solve -sn moves as many as fit: --empty-column max reads them its way)")
    elif retry and not isinstance(solution, Solution):  # a file's name, or text: read again
        # fc-solve's -sn writes a run into an empty column as a plain move (its -snx
        # says the count): read that way, with every printed state still checked,
        # does the file solve the deal?
        again = read_solution(solution, format, stream=True, game=hint)
        second = replay(again, start_of(again, position, cells, wanted), rules, "max", all_errors, grow)
        if second.ok:
            second.notes += asked + [READ_AS_SN]
            return second
    return verdict


# -- analyze --------------------------------------------------------------------
def analyze(
    deals: Iterable[int] | str,
    variant: str = "site",
    *,
    cells: int = 4,
    engine: str = "auto",
    time_limit: float | None = DEFAULT_TIME_LIMIT,
    solutions: bool = True,
    jobs: int = 1,
    game: str = "freecell",
    suits: int = 4,
    seed: int | str | None = None,
    width: int | None = None,
) -> Iterator[dict[str, Any]]:
    """Solve every deal of ``deals`` (numbers, or range text as ``freecell analyze``
    takes it: ``"1-100,617"``, ``"daily:2026-11"``, ``"random:50"`` with ``seed``)
    and yield one record each: the same dicts as the lines of ``freecell analyze``'s
    JSON Lines file (``deal``, ``verdict``, ``move_count``, ``states``, ``seconds``,
    ``solution``...).

    ``deals`` is read lazily, as records are asked for: ``range(1, 10**12)`` or
    ``itertools.count(1)`` start at once, and no more deals are taken ahead than
    there are workers busy. Repeats are dropped; a number that is not a deal
    number raises when it is reached.

    ``game``: ``freecell``, ``spider`` (``suits``), or a game of the FreeCell family
    (``bakers-game``...: PySolFC's deals, every ``engine`` under the game's rules).
    ``width``: the beam's, with ``engine="beam"`` (None: its own); the records say it.

    ``jobs`` 1 solves in this process, in order; more uses worker processes and
    yields records as they finish, at most as many workers as there are cores and
    as the free memory holds (:func:`freecell_cli.analysis.worker_limit`). Settings
    are checked before the first deal. Resumable results files:
    :class:`freecell_cli.analysis.Analysis`.

    >>> import freecell_cli as fc
    >>> [(r["deal"], r["verdict"]) for r in fc.analyze("1-2", engine="builtin")]
    [(1, 'solved'), (2, 'solved')]
    """
    from .analysis import Job, parse_ranges, run_local
    from .analysis.ranges import deal_numbers
    from .position import MAX_CELLS
    from .solvers.engine import ENGINES, get_engine

    numbers = parse_ranges([deals], seed) if isinstance(deals, str) else deal_numbers(deals)
    if time_limit is not None:
        checks.seconds(time_limit)  # (the Job reads it: 0 is no limit there too)
    # checked here, in the words of every function (the Job's own words quote the value whole)
    checks.whole(cells, "cells", 0, MAX_CELLS)
    from .games import FAMILY

    checks.choice(game, "game", ("freecell", "spider", *FAMILY))
    checks.whole(suits, "suits")
    if engine not in ENGINES:
        raise FreecellError(f"unknown engine {quote(engine)} (choose from {', '.join(ENGINES)})")
    width = checks.optional_whole(width, "width", 1, MAX_WIDTH)
    if width is not None and engine != "beam":
        raise InvalidArgument(f"width goes with engine='beam', not with engine={quote(engine)}")
    job = Job(variant, cells, engine, time_limit, checks.flag(solutions, "solutions"), game, suits, width=width)
    workers = checks.positive(jobs, "jobs") or 1
    if game != "spider":
        get_engine(engine)  # fail now, not on every deal
    return run_local(numbers, job, workers)


def format_position(position: Position, format: str = "compact") -> str:
    """Write a position as :func:`~freecell_cli.parse_position` reads it back:
    ``compact`` (one line, no newline at the end), ``fcs`` (Freecell Solver's) or
    ``json``. A table whose cards do not make one deck is refused (its text would
    not read back).

    >>> import freecell_cli as fc
    >>> fc.format_position(fc.deal(617))[:24]
    '----:0000:7DTDTHKD4C4SJD'
    """
    from .formats.detect import FORMATS
    from .formats.detect import format_position as write

    start = check_position(position)
    return write(start, checks.choice(format, "format", FORMATS))


def replay(solution: Solution, start: Position, variant: Variant | str, empty_column: str | None = None,
           grow_cells: bool = False) -> Replay:
    """Replay ``solution`` (:func:`read_solution`) from ``start`` (not modified)
    step by step under ``variant``, as ``freecell replay`` does: a
    :class:`~freecell_cli.replay.Replay` with the position after every move, the
    automatic ones as steps of their own, and the verdict.

    >>> import freecell_cli as fc
    >>> r = fc.replay(fc.read_solution("5a 82"), fc.deal(617), "site")
    >>> len(r), r.caption(1)
    (2, 'move 2 of 2: 82, QH from column 8 onto KS in column 2')
    """
    from .position import Position
    from .replay import replay as run

    from .solutions import Solution

    if isinstance(solution, Solution):  # (anything else: replay says what it takes)
        solution.validate()
    if isinstance(start, Position):
        start.validate()
    return run(solution, start, variant, empty_column, checks.flag(grow_cells, "grow_cells"))
