"""Writing solutions: our own file, our JSON, and the moves as played in
standard notation (``snx``, ``sn``) or Freecell Solver's words (``verbose``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..errors import FreecellError, InvalidArgument
from ..variants import check_variant
from .model import JSON_FORMAT, MAGIC, Solution, solution_from
from .start import start_and_rules, start_of

if TYPE_CHECKING:
    from ..moves import Move
    from ..position import Position
    from ..variants import Variant


class Solved(Protocol):
    """What the writers read of a solved :class:`~freecell_cli.solvers.engine.Result`
    (solvers/ stands above this package: it is named by what it has)."""

    @property
    def start(self) -> Position | None: ...
    @property
    def variant(self) -> str | None: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def notation(self) -> list[str]: ...


def solution_text(solution: Solution | Solved, format: str, position: Position | int | None = None,
                  variant: Variant | str | None = None) -> str:
    """``solution`` (a Solution, or a solved Result) as text in ``format``, which
    :func:`freecell_cli.format_solution` has checked: it starts from ``position``
    (a Position, a deal number, None for its own) under ``variant`` (None for its
    own). The formats but ``file`` and ``json`` replay it to write its moves as
    played; those two write a solution given a start or variant with both said."""
    fmt = ALIASES.get(format, format)
    if isinstance(solution, Solution):
        sol, moves = _to_write(solution, fmt, position, variant)
    else:  # a Result: its moves are played already
        sol, moves = result_solution(solution, position, variant), solution.moves
    return write_solution(sol, fmt, moves)


def _to_write(solution: Solution, fmt: str, position: Position | int | None,
              variant: Variant | str | None) -> tuple[Solution, list[Move] | None]:
    """What :func:`solution_text` writes of a Solution: the solution, with its
    header naming the start and rules given, and the moves as played, for the
    formats that write them."""
    sol = solution.validate().read_all()  # a streamed one: every move is written
    replays = fmt not in ("file", "json")
    if not replays and position is None and variant is None and (sol.deal is not None or sol.position is not None):
        return sol, None  # its header says where it starts
    start, rules = start_and_rules(sol, position, variant, None)
    if replays:
        return sol, played_moves(sol, start, rules)
    written = solution_from(start, sol.notation(), rules.name)
    written.empty_column = solution.empty_column
    return written, None


def result_solution(result: Solved, position: Position | int | None, variant: Variant | str | None) -> Solution:
    """A solved result (the caller checked its verdict) as a Solution from its
    start (else ``position``) under its variant (else ``variant``)."""
    start = result.start if position is None else start_of(Solution(), position, None)
    if start is None:
        raise InvalidArgument("give the position the result starts from (position=...)")
    name = check_variant(variant if variant is not None else result.variant, start).name
    return solution_from(start, result.notation, name)


def format_solution(solution: Solution, per_line: int = 10) -> str:
    """Our own solution file (header, then moves ten a line)."""
    tokens = solution.notation()
    lines = _header(solution, len(tokens))
    for i in range(0, len(tokens), per_line):
        lines.append(" ".join(tokens[i : i + per_line]))
    return "\n".join(lines) + "\n"


def _header(solution: Solution, moves: int) -> list[str]:
    from ..formats.compact import format_compact

    lines = [MAGIC]
    if solution.deal is not None:
        lines.append(f"# deal: {solution.deal}")
    if solution.position is not None:
        lines.append(f"# position: {format_compact(solution.position)}")
    if solution.variant is not None:
        lines.append(f"# variant: {solution.variant}")
    if solution.cells is not None:
        lines.append(f"# cells: {solution.cells}")
    if solution.empty_column is not None:
        lines.append(f"# empty-column: {solution.empty_column}")
    lines.append(f"# moves: {moves}")
    return lines


def as_file(solution: Solution, per_line: int = 10) -> Solution:
    """``solution`` as its own file (:func:`format_solution`) reads back, without
    the text: our format, each move numbered with the line it is written on (a
    verdict names that line), the start a position of its own.

    >>> from freecell_cli.solutions import parse_solution
    >>> s = parse_solution("# freecell-cli solution\\n# deal: 617\\n5a 82 a2")
    >>> as_file(s, 2) == parse_solution(format_solution(s, 2))
    True
    """
    tokens = solution.notation()
    header = len(_header(solution, len(tokens)))
    read = Solution(format="freecell-cli", deal=solution.deal, variant=solution.variant, cells=solution.cells,
                    position=None if solution.position is None else solution.position.copy(),
                    empty_column=solution.empty_column, stated_moves=(len(tokens), header))
    for i, token in enumerate(tokens):
        read.add(token, header + 1 + i // per_line)
    return read


def solution_to_dict(solution: Solution) -> dict[str, Any]:
    from ..formats.compact import format_compact

    return {
        "format": JSON_FORMAT,
        "deal": solution.deal,
        "position": None if solution.position is None else format_compact(solution.position),
        "variant": solution.variant,
        "cells": solution.cells,
        "moves": solution.notation(),
    }


#: The other names of the formats :func:`write_solution` writes (``freecell solve --format``).
ALIASES = {"freecell-cli": "file", "standard": "snx", "fc-solve": "verbose"}


def write_solution(solution: Solution, format: str, moves: list[Move] | None = None) -> str:
    """``solution`` as text in ``format``: ``file`` (ours), ``json``, or the formats
    that write the moves as played, ``moves`` (:func:`played_moves`): ``snx``,
    ``sn``, ``verbose``; or one of their :data:`ALIASES`."""
    fmt = ALIASES.get(format, format)
    if fmt == "file":
        return format_solution(solution)
    if fmt == "json":
        import orjson

        return orjson.dumps(solution_to_dict(solution)).decode() + "\n"
    assert moves is not None, "the moves as played write every format but file and json"
    if not moves:
        # Nothing to play (a won position): an empty file would be read as no
        # solution at all, so each format says "no moves" in words its readers know.
        if fmt == "verbose":
            return "This game is solveable.\n"  # fc-solve's closing line, and no move
        return f"{MAGIC}\n# moves: 0\n"  # our header: '#' lines are comments to other readers
    if fmt == "verbose":
        return "".join(verbose_move(m) + "\n\n" for m in moves)
    if fmt == "sn":
        # Plain notation cannot say how many cards go into an empty column (a
        # reader takes one): refuse rather than write a file that fails to verify.
        for i, m in enumerate(moves, 1):
            if m.to_empty and (m.count or 1) > 1:
                raise FreecellError(
                    f"format sn cannot write move {i} ({m}: {m.count} cards into an empty column); "
                    "use format snx (--format snx) or file, which say the count")
    tokens = [str(m) for m in moves]
    return "\n".join(" ".join(tokens[i: i + 10]) for i in range(0, len(tokens), 10)) + "\n"


def played_moves(solution: Solution, start: Position, variant: Variant) -> list[Move]:
    """The moves of ``solution`` as played (with counts), automatic ones left out."""
    from ..autoplay import play_move

    position = start.copy()
    mode: Literal["one", "max"] = "max" if solution.empty_column == "max" else "one"
    return [play_move(position, step.move, variant, mode)[0] for step in solution.steps()]


def verbose_move(move: Move) -> str:
    """fc-solve's wording (0-based stacks and free cells)."""
    kind = {"column": "stack", "cell": "freecell"}
    what = "a card" if (move.count or 1) == 1 else f"{move.count} cards"
    src = f"{kind[move.source.kind]} {move.source.index}"
    dst = "the foundations" if move.dest.kind == "foundation" else f"{kind[move.dest.kind]} {move.dest.index}"
    return f"Move {what} from {src} to {dst}"
