"""Writing solutions: our own file, our JSON, and the moves as played in
standard notation (``snx``, ``sn``) or Freecell Solver's words (``verbose``).
Only the text: where a solution starts and its moves as played come from
:func:`.model.placed`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import FreecellError
from .model import JSON_FORMAT, MAGIC, Placed, Solution

if TYPE_CHECKING:
    from ..moves import Move


def format_solution(solution: Solution, per_line: int = 10) -> str:
    """Our own solution file (header, then moves ten a line)."""
    lines = _header(solution)
    tokens = solution.notation()
    for i in range(0, len(tokens), per_line):
        lines.append(" ".join(tokens[i : i + per_line]))
    return "\n".join(lines) + "\n"


def _header(solution: Solution) -> list[str]:
    from ..formats.compact import format_compact

    lines = [MAGIC]
    if solution.game is not None:
        lines.append(f"# game: {solution.game}")
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
    lines.append(f"# moves: {len(solution)}")
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
    header = len(_header(solution))
    tokens = solution.notation()
    read = Solution(format="freecell-cli", deal=solution.deal, variant=solution.variant, cells=solution.cells,
                    game=solution.game,
                    position=None if solution.position is None else solution.position.copy(),
                    empty_column=solution.empty_column, stated_moves=(len(tokens), header))
    for i, token in enumerate(tokens):
        read.add(token, header + 1 + i // per_line)
    return read


def solution_to_dict(solution: Solution) -> dict[str, Any]:
    from ..formats.compact import format_compact

    d = {
        "format": JSON_FORMAT,
        "deal": solution.deal,
        "position": None if solution.position is None else format_compact(solution.position),
        "variant": solution.variant,
        "cells": solution.cells,
        "moves": solution.notation(),
    }
    if solution.game is not None:  # (FreeCell's files name no game)
        d = {"format": JSON_FORMAT, "game": solution.game, **d}
    return d


#: The other names of the formats :func:`write_solution` writes (``freecell solve --format``).
ALIASES = {"freecell-cli": "file", "standard": "snx", "fc-solve": "verbose"}


def plays(format: str) -> bool:
    """Whether ``format`` writes the moves as played (``snx``, ``sn``, ``verbose``,
    ``macroxue``, or an alias), not a header and the moves as written (``file``, ``json``)."""
    return ALIASES.get(format, format) not in ("file", "json")


def write_solution(placed: Placed, format: str) -> str:
    """A placed solution (:func:`.model.placed`) as text in ``format``: ``file``
    (ours: its solution, with the header), ``json``, or the formats that write its
    moves as played: ``snx``, ``sn``, ``verbose``, ``macroxue`` (one line,
    ``DEAL:MOVES``, from where it was placed, under its rules); or one of their
    :data:`ALIASES`."""
    fmt = ALIASES.get(format, format)
    if fmt == "file":
        return format_solution(placed.solution)
    if fmt == "json":
        import orjson

        return orjson.dumps(solution_to_dict(placed.solution)).decode() + "\n"
    moves = placed.moves
    assert moves is not None, "the moves as played write every format but file and json"
    if fmt == "macroxue":
        from .macroxue import write_line

        assert placed.start is not None and placed.rules is not None, "moves are played from a start, under rules"
        return write_line(placed.start, moves, placed.rules) + "\n"
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


def verbose_move(move: Move) -> str:
    """fc-solve's wording (0-based stacks and free cells)."""
    kind = {"column": "stack", "cell": "freecell"}
    what = "a card" if (move.count or 1) == 1 else f"{move.count} cards"
    src = f"{kind[move.source.kind]} {move.source.index}"
    dst = "the foundations" if move.dest.kind == "foundation" else f"{kind[move.dest.kind]} {move.dest.index}"
    return f"Move {what} from {src} to {dst}"
