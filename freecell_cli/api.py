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

import math
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union

from . import checks
from .errors import ArgumentTypeError, FreecellError, InvalidArgument, InvalidSolution, quote

if TYPE_CHECKING:
    from .hints import Hint
    from .moves import Move
    from .position import Position
    from .replay import Replay
    from .solutions import Solution
    from .solvers.engine import Engine, Result
    from .spider.position import Position as SpiderPosition
    from .spider.solve import Result as SpiderResult
    from .spider.verify import Solution as SpiderSolution
    from .spider.verify import Verdict as SpiderVerdict
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
    "read_spider_solution",
    "replay",
    "resolve",
    "solve",
    "spider_solve",
    "spider_verify",
    "undo",
    "verify",
]

#: A solution file given by its text or its path: a :class:`~pathlib.Path`, or a
#: string naming a file (``"-"`` is stdin; an existing file; one word with a ``/``
#: or a ``.``, which no move has). Any other string is the solution's text.
TextOrPath = Union[str, "os.PathLike[str]"]

#: What :func:`format_solution` writes: ``file`` (ours, with a header; also
#: ``freecell-cli``), ``snx`` (standard notation, counts into empty columns as
#: ``v<hex>``; also ``standard``), ``sn`` (plain moves), ``verbose`` (Freecell
#: Solver's words; also ``fc-solve``), ``json``.
SOLUTION_WRITE_FORMATS = ("file", "freecell-cli", "snx", "standard", "sn", "verbose", "fc-solve", "json")

DEFAULT_TIME_LIMIT = 60.0


def __getattr__(name: str) -> object:
    if name == "Hint":  # where it was first exported; it lives in hints.py
        from .hints import Hint

        return Hint
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# -- arguments ------------------------------------------------------------------
# Each public function checks its arguments here, before any work: a wrong type is
# an ArgumentTypeError (a TypeError), a value out of range an InvalidArgument; both
# are FreecellError, and name the parameter (freecell_cli.checks has the checkers).
MAX_WIDTH = 1_000_000  # the beam's, as `freecell solve --width` takes it


def _position(value: object, what: str = "position") -> Position:
    """A Position whose cards make one deck: its attributes are the caller's to set
    (a foundation at 14 fails in a picture, one at 13 with the kings still out makes
    a "solved" verdict), so every function checks the table it is given."""
    from .position import Position

    if not isinstance(value, Position):
        raise ArgumentTypeError(f"{what} must be a Position (fc.deal(n), fc.parse_position(text)), "
                                f"not {type(value).__name__}")
    return value.validate()


def _variant(value: object, position: Position | None = None) -> Variant:
    """A Variant from a Variant, a name, or None (the position's, else site)."""
    from .variants import VARIANTS, Variant, find_variant

    if isinstance(value, Variant):
        return value
    if value is None:
        return find_variant(position.variant if position is not None else None)
    if not isinstance(value, str):
        raise ArgumentTypeError(f"variant must be a Variant or a name ({', '.join(VARIANTS)}), "
                                f"not {type(value).__name__}")
    return find_variant(value)


def _time_limit(value: object, exhaustive: bool = False) -> float | None:
    """None: the default (60 s, none when exhaustive); 0 or infinity: no limit."""
    if value is None:
        return None if exhaustive else DEFAULT_TIME_LIMIT
    return checks.seconds(value)


def _positive(value: object, what: str) -> int | None:
    return checks.optional_whole(value, what, 1)


def _flag(value: object, what: str) -> bool:
    return checks.flag(value, what)


def _progress(value: object) -> Callable[[int, float], None] | None:
    return checks.callback(value, "progress", "states, seconds")


# -- solve, hint ----------------------------------------------------------------
def solve(
    position: Position,
    variant: Variant | str | None = None,
    *,
    engine: str | Engine = "beam",
    time_limit: float | None = None,
    max_states: int | None = None,
    exhaustive: bool = False,
    shorten: bool = True,
    preset: str | None = None,
    width: int | None = None,
    optimize: bool = False,
    progress: Callable[[int, float], None] | None = None,
) -> Result:
    """Solve ``position`` under ``variant`` (a name or a :class:`~freecell_cli.Variant`;
    default: the position's, else ``site``), as ``freecell solve`` does.

    ``engine``: ``beam`` (short solutions; ``width``, ``optimize``), ``builtin``
    (proofs of unsolvability with ``exhaustive``), ``fc-solve`` (``preset``) or
    ``auto``; or an engine object. ``time_limit`` in seconds (None: 60, or none
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

    start = _position(position)
    rules = _variant(variant, start)
    exhaustive = _flag(exhaustive, "exhaustive")
    limits = Limits(time=_time_limit(time_limit, exhaustive), states=_positive(max_states, "max_states"),
                    progress=_progress(progress))
    width = checks.optional_whole(width, "width", 1, MAX_WIDTH)
    optimize = _flag(optimize, "optimize")
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
        if preset is not None and (engine not in ("fc-solve", "auto") or exhaustive and engine == "auto"):
            raise InvalidArgument("preset goes with engine='fc-solve' or 'auto' (not auto with exhaustive, "
                                  "whose complete search is the built-in engine's)")
        eng = get_engine(engine, preset, width=width, optimize=optimize)
    elif callable(getattr(engine, "solve", None)):
        if width is not None or optimize or preset is not None:
            raise InvalidArgument("width, optimize and preset go with an engine's name; an engine object has its own")
        if not isinstance(getattr(engine, "name", None), str) or not isinstance(getattr(engine, "shortens", None), bool):
            raise ArgumentTypeError("an engine object has a name (text), shortens (True when its lines went through "
                                    "the post-pass already) and solve(position, variant, limits, exhaustive)")
        eng = engine
    else:
        raise ArgumentTypeError(f"engine must be a name ({', '.join(ENGINES)}) or an engine, "
                                f"not {type(engine).__name__}")
    return run(start, rules, eng, limits, exhaustive=exhaustive, shorten=_flag(shorten, "shorten"))


def hint(
    position: Position,
    variant: Variant | str | None = None,
    *,
    engine: str | Engine = "beam",
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

    start = _position(position)
    return from_result(start, solve(start, variant, engine=engine, time_limit=time_limit, max_states=max_states,
                                    exhaustive=exhaustive, progress=progress))


# -- solution files ---------------------------------------------------------------
def _is_path(source: object) -> bool:
    """A Path; or text naming a file: ``-`` (stdin), an existing file, or one word
    with a ``/`` or a ``.`` (no move has either), so a missing file says so."""
    if isinstance(source, os.PathLike):
        return True
    if not isinstance(source, str) or "\n" in source or len(source) > 4096:
        return False
    if source == "-" or os.path.isfile(source):
        return True
    return not source.lstrip().startswith("{") and len(source.split()) == 1 and ("/" in source or "." in source)


def read_solution(source: TextOrPath | Solution, format: str | None = None, *, stream: bool = False) -> Solution:
    """A solution from its text or its file (see :data:`TextOrPath`), in any format
    ``verify`` reads: ``standard``, ``fc-solve``, ``fcpro``, ``freecell-cli``, ``json``
    (detected unless ``format``).

    ``stream=True`` reads a file's moves only as a replay needs them (constant
    memory; the solution can then be replayed once): what ``freecell verify`` does.

    >>> import freecell_cli as fc
    >>> s = fc.read_solution("# freecell-cli solution\\n# deal: 617\\n5a 82\\n")
    >>> s.format, s.deal, s.tokens
    ('freecell-cli', 617, ['5a', '82'])
    """
    from .solutions import SOLUTION_FORMATS, Solution, open_solution, parse_solution

    stream = _flag(stream, "stream")
    if isinstance(source, Solution):
        return _solution_fields(source)
    if checks.text(format, "format") is not None and format not in SOLUTION_FORMATS:
        raise InvalidSolution(f"unknown solution format {quote(format)} (choose from {', '.join(SOLUTION_FORMATS)})")
    if _is_path(source):
        name = os.fspath(source)
        if stream:
            return open_solution(name, format)
        from .files import read_text

        return parse_solution(read_text(name, "solution"), format)
    if not isinstance(source, str):
        raise InvalidSolution(f"a solution is text, a path or a Solution, not {type(source).__name__}")
    return parse_solution(source, format)


def _solution_fields(solution: Solution) -> Solution:
    """A Solution built by hand (its class is exported) holds what a replay reads:
    its moves as text with a line each (``Solution.add(token, line)`` keeps them in
    step; read_solution makes them), a start that makes one deck."""
    from .moves import Move
    from .position import Position

    tokens, lines = solution.tokens, solution.lines
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise ArgumentTypeError(f"a Solution's tokens are a list of move texts, not {quote(tokens)}")
    if (not isinstance(lines, list) or len(lines) != len(tokens)
            or not all(isinstance(n, int) and not isinstance(n, bool) for n in lines)):
        raise InvalidArgument(f"a Solution's lines are a list of line numbers, one a token ({len(tokens)}), "
                              f"not {quote(lines)}: Solution.add(token, line) or read_solution(text) keep them")
    if not isinstance(solution.explicit, dict) or not all(
            isinstance(i, int) and isinstance(m, Move) for i, m in solution.explicit.items()):
        raise ArgumentTypeError(f"a Solution's explicit moves are a dict of Moves, not {quote(solution.explicit)}")
    if not isinstance(solution.states, dict):
        raise ArgumentTypeError(f"a Solution's states are a dict, not {quote(solution.states)}")
    if solution.empty_column is not None:
        checks.choice(solution.empty_column, "a Solution's empty_column", ("one", "max"))
    checks.text(solution.variant, "a Solution's variant")
    if solution.position is not None:
        if not isinstance(solution.position, Position):
            raise ArgumentTypeError(f"a Solution's position is a Position or None, not {quote(solution.position)}")
        solution.position.validate()
    checks.optional_whole(solution.deal, "a Solution's deal", 1)
    return solution


def _start_of(solution: Solution, position: Position | int | None, cells: int | None) -> Position:
    from .verify import start_position

    _start_given(position)
    if isinstance(position, int):
        return start_position(solution, deal=position, cells=cells)
    return start_position(solution, position=position, cells=cells)


def _start_given(position: object) -> None:
    """Refuse a start that is not a Position, a deal number or None (before the
    solution is read: swapped arguments are named for what they are)."""
    from .position import Position

    if isinstance(position, bool) or not isinstance(position, (int, Position, type(None))):
        raise ArgumentTypeError(f"position must be a Position, a deal number or None, not {quote(position)}")
    if isinstance(position, Position):
        position.validate()


def _result_solution(result: Result, position: Position | int | None, variant: Variant | str | None) -> Solution:
    """A solved result as a Solution from its start (else ``position``) under its
    variant (else ``variant``)."""
    from .solutions import Solution, solution_from
    from .solvers.result import SOLVED

    if result.verdict != SOLVED:
        raise InvalidArgument(f"only a solved result has a solution, not one that {result.verdict!r}")
    start = result.start if position is None else _start_of(Solution(), position, None)
    if start is None:
        raise InvalidArgument("give the position the result starts from (position=...)")
    return solution_from(start, result.notation, _variant(variant if variant is not None else result.variant, start).name)


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
    not say so itself: the formats other than ``file`` and ``json`` replay it.

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
    from .solutions import Solution, solution_from
    from .solutions.write import ALIASES, played_moves, write_solution
    from .solvers.engine import Result

    if checks.text(format, "format") is None or format not in SOLUTION_WRITE_FORMATS:
        raise InvalidArgument(f"unknown solution format {quote(format)} (choose from {', '.join(SOLUTION_WRITE_FORMATS)})")
    fmt = ALIASES.get(format, format)
    if isinstance(solution, Result):
        sol = _result_solution(solution, position, variant)
        moves = solution.moves
    elif isinstance(solution, Solution):
        sol = _solution_fields(solution).read_all()  # a streamed one: every move is written
        moves = None
        if position is not None or variant is not None or sol.deal is None and sol.position is None:
            start = _start_of(sol, position, None)
            name = _variant(variant if variant is not None else sol.variant, start).name
            if fmt in ("file", "json"):
                sol = solution_from(start, sol.notation(), name)
                sol.empty_column = solution.empty_column
    else:
        raise ArgumentTypeError(f"format_solution needs a Solution or a Result, not {type(solution).__name__}")

    if moves is None and fmt not in ("file", "json"):
        start = _start_of(sol, position, None)
        moves = played_moves(sol, start, _variant(variant if variant is not None else sol.variant, start))
    return write_solution(sol, fmt, moves)


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
) -> Verdict:
    """Replay ``solution`` (a Solution, a solved Result, or a file's text or path:
    :func:`read_solution`) from ``position`` under ``variant``, as ``freecell
    verify`` does. ``position`` may be a deal number, or None for the start the
    file names; ``variant`` defaults to the file's, else the position's, else site.

    The :class:`~freecell_cli.verify.Verdict` has ``ok`` (legal and solves),
    ``valid``, ``solved``, ``moves`` (counted the variant's way), ``error`` and
    :meth:`~freecell_cli.verify.Verdict.summary`.

    >>> import freecell_cli as fc
    >>> v = fc.verify(617, "5a 58")
    >>> v.ok, v.summary()
    (False, 'move 2 "58": 7C cannot go on QH')
    """
    from .position import MAX_CELLS
    from .solutions import Solution
    from .solutions.write import as_file
    from .solvers.engine import Result
    from .verify import READ_AS_SN, cells_asked, sn_reading_may_help
    from .verify import verify as replay

    _start_given(position)
    cells = checks.optional_whole(cells, "cells", 0, MAX_CELLS)
    if empty_column is not None:
        checks.choice(empty_column, "empty_column", ("one", "max"))
    all_errors = _flag(all_errors, "all_errors")
    if variant is not None and not isinstance(variant, str):
        _variant(variant)  # its type, now: which variant applies is known once the file is read
    if isinstance(solution, Result):
        solution = as_file(_result_solution(solution, None, None))  # as its file reads back
    sol = read_solution(solution, format, stream=True)  # type: ignore[arg-type]
    start = _start_of(sol, position, cells)
    rules = _variant(variant if variant is not None else sol.variant, start)
    grow = sol.cells_open and cells is None and (position is None or isinstance(position, int))
    verdict = replay(sol, start, rules, empty_column, all_errors, grow)
    asked = cells_asked(sol, cells)
    verdict.notes += asked
    retry = sn_reading_may_help(sol, verdict, empty_column)
    if retry and str(solution) == "-":
        # stdin is read once: no second reading (it would find an empty file)
        verdict.notes.append("stdin is read once: plain moves into empty columns were read as one card "
                             "(fc-solve -sn moves as many as fit: --empty-column max reads them its way)")
    elif retry and not isinstance(solution, Solution):  # a file's name, or text: read again
        # fc-solve's -sn writes a run into an empty column as a plain move (its -snx
        # says the count): read that way, with every printed state still checked,
        # does the file solve the deal?
        again = read_solution(solution, format, stream=True)
        second = replay(again, _start_of(again, position, cells), rules, "max", all_errors, grow)
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
    game: Literal["freecell", "spider"] = "freecell",
    suits: int = 4,
    seed: int | str | None = None,
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
    from .position import MAX_CELLS
    from .solvers.engine import ENGINES, get_engine

    numbers = parse_ranges([deals], seed) if isinstance(deals, str) else _deal_numbers(deals)
    if time_limit is not None:
        checks.seconds(time_limit)  # (the Job reads it: 0 is no limit there too)
    # checked here, in the words of every function (the Job's own words quote the value whole)
    checks.whole(cells, "cells", 0, MAX_CELLS)
    checks.choice(game, "game", ("freecell", "spider"))
    checks.whole(suits, "suits")
    if engine not in ENGINES:
        raise FreecellError(f"unknown engine {quote(engine)} (choose from {', '.join(ENGINES)})")
    job = Job(variant, cells, engine, time_limit, _flag(solutions, "solutions"), game, suits)
    workers = _positive(jobs, "jobs") or 1
    if game == "freecell":
        get_engine(engine)  # fail now, not on every deal
    return run_local(numbers, job, workers)


def _deal_numbers(deals: Iterable[int]) -> Iterator[int]:
    """The deal numbers of ``deals`` one at a time, checked as they come, repeats
    dropped (a bitmap: a bit per deal seen); never a list of them all."""
    from .analysis import DealSet
    from .deals import check_deal_number

    try:
        source = iter(deals)
    except TypeError:
        raise FreecellError(f"deals must be deal numbers or range text, not {type(deals).__name__}") from None

    def numbers() -> Iterator[int]:
        seen = DealSet()
        for n in source:
            if isinstance(n, bool) or not isinstance(n, int):
                raise FreecellError(f"a deal number is a whole number, not {quote(n)}")
            if seen.add(check_deal_number(n)):
                yield n

    return numbers()


# -- Spider ---------------------------------------------------------------------
def _spider_position(value: object) -> SpiderPosition:
    from .spider.position import check_position

    return check_position(value)  # its type and its fields' (fc.spider's functions check the same)


def spider_solve(
    position: SpiderPosition,
    *,
    time_limit: float | None = None,
    max_states: int | None = None,
    unrestricted: bool = False,
    progress: Callable[[int, float], None] | None = None,
) -> SpiderResult:
    """Solve a Spider position, as ``freecell spider solve`` does: verdict
    ``solved`` or ``gave-up`` (the search prunes; it never proves a deal
    unsolvable). ``time_limit`` None: 60 s; 0: no limit.

    >>> import freecell_cli as fc
    >>> r = fc.spider_solve(fc.spider.deal(1, suits=1))
    >>> r.verdict, fc.spider_verify(fc.spider.deal(1, suits=1), r).ok
    ('solved', True)
    """
    from .spider.solve import Limits
    from .spider.solve import solve as run

    start = _spider_position(position)
    limits = Limits(time=_time_limit(time_limit), states=_positive(max_states, "max_states"),
                    progress=_progress(progress))
    return run(start, limits, _flag(unrestricted, "unrestricted"))


def read_spider_solution(source: TextOrPath | SpiderSolution, *, stream: bool = False) -> SpiderSolution:
    """A Spider solution from its text or its file (see :data:`TextOrPath`).

    ``stream=True`` reads a file's moves only as a replay needs them (constant
    memory; the solution can then be replayed once): what ``freecell spider
    verify`` does.

    >>> import freecell_cli as fc
    >>> fc.read_spider_solution("# spider deal 7, 2 suits\\n23 d\\n").deal
    7
    """
    from .spider.verify import Solution, open_solution, parse_solution

    if isinstance(source, Solution):
        return source
    if _is_path(source):
        if stream:
            return open_solution(os.fspath(source))
        from .files import read_text

        return parse_solution(read_text(os.fspath(source), "solution"))
    if not isinstance(source, str):
        raise InvalidSolution(f"a solution is text, a path or a Solution, not {type(source).__name__}")
    if "\x00" in source:
        raise InvalidSolution("binary data, not a solution")
    return parse_solution(source)


def format_spider_solution(solution: SpiderResult | SpiderSolution | list[str],
                           position: SpiderPosition | None = None) -> str:
    """A Spider solution file (what ``freecell spider solve`` writes): a header
    naming the start, then ten moves a line.

    >>> import freecell_cli as fc
    >>> print(fc.format_spider_solution(["23", "d"], fc.spider.deal(3, suits=2)), end="")
    # spider deal 3, 2 suits, 2 moves
    23 d
    """
    from .spider.solve import SOLVED, Result
    from .spider.verify import Solution, format_solution, start_position

    if isinstance(solution, Result):
        if solution.verdict != SOLVED:
            raise InvalidArgument(f"only a solved result has a solution, not one that {solution.verdict!r}")
        tokens, start = solution.notation, position if position is not None else solution.start
    elif isinstance(solution, Solution):
        start = position if position is not None else start_position(solution)
        tokens = [step.token for step in solution.steps()]  # a streamed one is read here, once
    elif isinstance(solution, list) and all(isinstance(t, str) for t in solution):
        tokens, start = solution, position
    else:
        raise ArgumentTypeError(f"format_spider_solution needs a Result, a Solution or move texts, "
                                f"not {type(solution).__name__}")
    if start is None:
        raise InvalidArgument("give the position the solution starts from")
    return format_solution(tokens, _spider_position(start))


def spider_verify(
    position: SpiderPosition | int | None,
    solution: SpiderSolution | SpiderResult | TextOrPath,
    *,
    suits: int | None = None,
    unrestricted: bool = False,
) -> SpiderVerdict:
    """Replay a Spider solution from ``position`` (or deal number, with ``suits``;
    None: the start the file names), as ``freecell spider verify`` does.

    >>> import freecell_cli as fc
    >>> v = fc.spider_verify(1, "23 47", suits=1)
    >>> v.valid, v.solved, v.moves
    (True, False, 2)
    """
    from .spider.solve import Result
    from .spider.position import Position
    from .spider.verify import start_position
    from .spider.verify import verify as replay

    if isinstance(position, bool) or not isinstance(position, (int, Position, type(None))):
        raise ArgumentTypeError(f"position must be a Spider Position, a deal number or None, not {quote(position)}")
    if suits is not None and checks.whole(suits, "suits") not in (1, 2, 4):
        raise InvalidArgument(f"Spider is played with 1, 2 or 4 suits, not {quote(suits)}")
    unrestricted = _flag(unrestricted, "unrestricted")
    if isinstance(solution, Result):
        solution = format_spider_solution(solution, position if not isinstance(position, int) else None)
    sol = read_spider_solution(solution, stream=True)  # a file: its moves read as the replay goes
    if isinstance(position, int):
        from .spider.deals import check_deal_number

        start = start_position(sol, check_deal_number(position), suits)
    else:
        start = start_position(sol, None, suits, None if position is None else _spider_position(position))
    return replay(sol, start, unrestricted)


# -- the game core, checked -------------------------------------------------------
# The package exports these: the engines and the verifier call the functions of
# freecell_cli.moves and freecell_cli.autoplay directly, with moves they resolved
# themselves, and pay for no check.
def _move(value: object, position: Position) -> Move:
    """A Move whose places exist in ``position`` (a bad index would wrap round or
    fall off a list further in)."""
    from .errors import InvalidMove
    from .moves import CELL, COLUMN, FOUNDATION, Move, Place, check_places

    if not isinstance(value, Move):
        raise ArgumentTypeError(f"move must be a Move (Move.parse(text)), not {type(value).__name__}")
    for place in (value.source, value.dest):
        if not isinstance(place, Place) or place.kind not in (COLUMN, CELL, FOUNDATION):
            raise ArgumentTypeError(f"a move's places are Places (column, cell or foundation), not {quote(place)}")
        i = place.index
        if isinstance(i, bool) or not isinstance(i, int):
            raise ArgumentTypeError(f"a place's index is a whole number, not {quote(i)}")
        if place.kind == FOUNDATION and not -1 <= i <= 3:
            raise InvalidMove(f"there is no foundation {quote(i)} (0 to 3: clubs, diamonds, hearts, spades)")
    check_places(position, value)  # (a bad index would wrap round or fall off a list further in)
    if value.source.kind == FOUNDATION:
        raise InvalidMove(f"not a move: {value} (cards never leave the foundation)")
    count = value.count
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
        raise InvalidMove(f"a move's count is a whole number >= 1, not {quote(count)}")
    return value


def _any_capacity(free_cells: int, empty_columns: int) -> int:
    return 52


_TABLE_RULES: list[Variant] = []  # made once, on first use


def _table_rules() -> Variant:
    """Rules that check a move against the table alone: the capacity (which
    depends on the variant, which apply and undo are not given) is unbounded."""
    if not _TABLE_RULES:
        from .variants import Variant

        _TABLE_RULES.append(Variant("any capacity", _any_capacity, "52"))
    return _TABLE_RULES[0]


def _fitting(move: Move, position: Position, what: str) -> Move:
    """``move`` itself when it is what :func:`resolve` makes of it on this table
    (whatever the capacity), else an error that says what is wrong."""
    from .errors import InvalidMove
    from .moves import FOUNDATION, resolve

    if move.count is None or move.dest.kind == FOUNDATION and move.dest.index < 0:
        raise InvalidMove(f"move {move} is not resolved (its count or its foundation is left open): "
                          f"{what} takes what resolve(position, move, variant) returns")
    made = resolve(position, move, _table_rules())
    if made != move:
        raise InvalidMove(f"move {move} does not fit this table (here it is {made!r}): "
                          f"{what} takes what resolve(position, move, variant) returns")
    return move


def apply(position: Position, move: Move) -> None:
    """Play a resolved move (what :func:`resolve` returns) in place.

    The move must fit the table, or nothing changes: it names places the table has,
    takes the cards the source holds to a destination that takes them. The
    capacity is the variant's, which is :func:`resolve`'s to check.

    >>> import freecell_cli as fc
    >>> p = fc.deal(617)
    >>> fc.apply(p, fc.resolve(p, fc.Move.parse("5a"), "site")); str(p.cells[0])
    'JC'
    >>> fc.apply(p, fc.Move.parse("5a"))
    Traceback (most recent call last):
      ...
    freecell_cli.errors.IllegalMove: free cell a holds JC
    """
    from .moves import apply as play

    start = _position(position)
    play(start, _fitting(_move(move, start), start, "apply"))


def undo(position: Position, move: Move) -> None:
    """Take back the resolved move that :func:`apply` last played on ``position``.

    A move that cannot have led to this table (its destination lacks the cards, or
    the table before it would not take the move) is refused, and nothing changes.

    >>> import freecell_cli as fc
    >>> p = fc.deal(617)
    >>> m = fc.resolve(p, fc.Move.parse("5a"), "site")
    >>> fc.apply(p, m); fc.undo(p, m); p == fc.deal(617)
    True
    """
    from .errors import IllegalMove, InvalidMove
    from .moves import CELL, COLUMN, FOUNDATION
    from .moves import undo as take_back

    start = _position(position)
    m = _move(move, start)
    if m.count is None or m.dest.kind == FOUNDATION and m.dest.index < 0:
        raise InvalidMove(f"move {m} is not resolved (its count or its foundation is left open): "
                          "undo takes what resolve(position, move, variant) returned")
    src, dst, n = m.source, m.dest, m.count
    holds = (len(start.columns[dst.index]) >= n if dst.kind == COLUMN
             else start.cells[dst.index] is not None if dst.kind == CELL
             else start.foundations[dst.index] > 0)
    if not holds or src.kind == CELL and start.cells[src.index] is not None:
        raise IllegalMove(f"cannot undo {m}: it did not lead to this table "
                          f"({dst.describe()} lacks the cards, or {src.describe()} is taken)")
    before = start.copy()
    take_back(before, m)
    try:
        _fitting(m, before, "undo")
    except FreecellError:
        raise IllegalMove(f"cannot undo {m}: it did not lead to this table "
                          "(the table before it would not take it)") from None
    take_back(start, m)


def resolve(position: Position, move: Move, variant: Variant | str,
            empty_column: Literal["one", "max"] = "one") -> Move:
    """Check ``move`` against the rules of ``variant`` (a Variant or its name) and return it with every detail filled in (count,
    empty destination, foundation suit). Raises
    :class:`~freecell_cli.errors.IllegalMove` with the reason in the site's terms (a
    place this table lacks included), or :class:`~freecell_cli.errors.InvalidMove`
    when ``move`` is no move at all.
    ``empty_column``: a plain move into an empty column takes ``one`` card, or as
    many as fit (``max``, FreeCell Pro).

    >>> import freecell_cli as fc
    >>> p = fc.deal(617)
    >>> fc.apply(p, fc.resolve(p, fc.Move.parse("5a"), "site"))
    >>> fc.resolve(p, fc.Move.parse("58"), "site")
    Traceback (most recent call last):
      ...
    freecell_cli.errors.IllegalMove: 7C cannot go on QH
    """
    from .moves import resolve as check

    start = _position(position)
    mode = checks.choice(empty_column, "empty_column", ("one", "max"))
    return check(start, _move(move, start), _variant(variant, start), mode)  # type: ignore[arg-type]


def can_move(position: Position, variant: Variant | str, to_empty_column: bool = False) -> int:
    """The variant's capacity in this position: the longest run one move carries
    onto a card, or into an empty column when ``to_empty_column``.

    >>> import freecell_cli as fc
    >>> fc.can_move(fc.deal(1), "site"), fc.can_move(fc.deal(1), "standard")
    (16, 5)
    """
    from .moves import can_move as capacity

    start = _position(position)
    return capacity(start, _variant(variant, start), _flag(to_empty_column, "to_empty_column"))


def legal_moves(position: Position, variant: Variant | str) -> list[Move]:
    """Every legal move under ``variant``, resolved. Moves to equivalent places
    (several empty free cells or empty columns) are listed once, for the
    leftmost; moves into an empty column for every run length the capacity allows.

    >>> import freecell_cli as fc
    >>> [str(m) for m in fc.legal_moves(fc.deal(1), "site")][:6]
    ['1a', '2a', '3a', '4a', '5a', '6a']
    """
    from .moves import legal_moves as moves

    start = _position(position)
    return moves(start, _variant(variant, start))


def autoplay(position: Position, mode: str = "collect") -> list[Move]:
    """Send cards home in place under ``mode``: ``collect`` (every card that can
    go, the site's auto-collect) or ``safe`` (only cards no other card needs, the
    Windows rule). Returns the moves made, in order.

    >>> import freecell_cli as fc
    >>> p = fc.parse_position("----:Q9JJ:KC/KDQDJD/TDKHQH/KSQS")
    >>> [str(m) for m in fc.autoplay(p.copy(), "safe")], len(fc.autoplay(p)), p.is_won()
    (['3h'], 9, True)
    """
    from .autoplay import MODES
    from .autoplay import autoplay as collect

    return collect(_position(position), checks.choice(mode, "mode", MODES))


def automatic_moves(position: Position, variant: Variant | str) -> list[Move]:
    """The moves ``variant`` makes by itself after every move (windows: the safe
    cards home), played on ``position``.

    >>> import freecell_cli as fc
    >>> fc.automatic_moves(fc.deal(1), "windows")
    []
    """
    from .autoplay import automatic_moves as automatic

    start = _position(position)
    return automatic(start, _variant(variant, start))


def can_autocomplete(position: Position) -> bool:
    """True when the game can be won by sending cards home directly from column
    ends and free cells (nothing else moved).

    >>> import freecell_cli as fc
    >>> fc.can_autocomplete(fc.deal(1))
    False
    """
    from .autoplay import can_autocomplete as finishes

    return finishes(_position(position))


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

    start = _position(position)
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
        _solution_fields(solution)
    if isinstance(start, Position):
        start.validate()
    return run(solution, start, variant, empty_column, _flag(grow_cells, "grow_cells"))
