"""freecell solve: find a solution (or a proof there is none), print it verified."""

from __future__ import annotations

import sys
from enum import Enum
from typing import Annotated, Optional

import typer

from ..files import atomic_write
from ..moves import plural
from .common import (
    EXIT_GAVE_UP,
    EXIT_NEGATIVE,
    EXIT_OK,
    CellsOpt,
    ColorMode,
    ColorOpt,
    DealOpt,
    EngineName,
    OutputOpt,
    PositionArg,
    PositionOpt,
    QuietOpt,
    VariantOpt,
    ENGINE_HELP,
    get_position,
    note,
    setup,
    check_output,
    is_terminal,
    seconds_limit,
    err,
    errors_to_exit,
    fail,
)


class SolutionFormat(str, Enum):
    file = "file"
    sn = "sn"
    snx = "snx"
    verbose = "verbose"


def solve_command(
    position_arg: PositionArg = None,
    position: PositionOpt = None,
    deal: DealOpt = None,
    cells: CellsOpt = None,
    variant: VariantOpt = None,
    engine: Annotated[EngineName, typer.Option(metavar="ENGINE", help=ENGINE_HELP)] = EngineName.beam,
    preset: Annotated[Optional[str], typer.Option(metavar="NAME", help="fc-solve preset (its -l), default lg.")] = None,
    width: Annotated[Optional[int], typer.Option(metavar="W", help="Beam width (beam engine): wider is slower and shorter.", min=1, max=1_000_000)] = None,
    optimize: Annotated[bool, typer.Option("--optimize", help="Beam engine: wider beams under several weightings, keep the shortest.")] = False,
    time_limit: Annotated[Optional[float], typer.Option(metavar="SECONDS", help="Give up after SECONDS (default 60; none with --exhaustive; 0: no limit).")] = None,
    max_states: Annotated[Optional[int], typer.Option(metavar="N", help="Give up after N states.", min=1)] = None,
    hint: Annotated[bool, typer.Option("--hint", help="Only the next move, and why.")] = False,
    exhaustive: Annotated[bool, typer.Option("--exhaustive", help="Search to the end: proves unsolvability.")] = False,
    json: Annotated[bool, typer.Option("--json", help="The result as JSON: verdict, moves, counts, time, states.")] = False,
    format: Annotated[SolutionFormat, typer.Option("--format", "-f", metavar="FORMAT", help="Solution format: file (ours, with a header), snx (moves, counts into empty columns as v<hex>), sn (plain moves), verbose (fc-solve's words).")] = SolutionFormat.file,
    output: OutputOpt = None,
    quiet: QuietOpt = False,
    color: ColorOpt = ColorMode.auto,
) -> None:
    """Solve a position under a variant. Exit 0 solved, 1 proven unsolvable, 3 gave up.

    Every solution is replayed by our own verifier before it is printed.
    """
    import orjson

    from ..solve.engine import GAVE_UP, SOLVED, Limits, get_engine, solve
    from ..variants import find_variant

    setup(quiet, color)
    position, _ = get_position(position_arg, position, deal, cells, variant)
    with errors_to_exit():
        rules = find_variant(variant.value if variant else position.variant)
        if (width is not None or optimize) and engine is not EngineName.beam:
            raise fail("--width and --optimize go with --engine beam")
        eng = get_engine(engine.value, preset, width=width, optimize=optimize)
    check_output(output)  # now, not after a long search
    limit = seconds_limit(time_limit) if time_limit is not None else (None if exhaustive else 60.0)
    status = _Status() if is_terminal(sys.stderr) and not hint and not quiet else None
    limits = Limits(time=limit, states=max_states, progress=status.update if status else None)
    try:
        with errors_to_exit():
            result = solve(position, rules, eng, limits, exhaustive=exhaustive)
    finally:
        if status:
            status.close()

    if hint:
        _print_hint(position, rules, result, json)
    elif json:
        d = {
            "verdict": result.verdict,
            "engine": result.engine,
            "moves": result.notation,
            "move_count": result.move_count,
            "nonfoundation_moves": result.nonfoundation_moves,
            "seconds": round(result.seconds, 4),
            "states": result.states,
            "deal": position.deal,
            "variant": rules.name,
            "reason": result.reason or None,
        }
        sys.stdout.write(orjson.dumps(d).decode() + "\n")
    elif result.verdict == SOLVED:
        with errors_to_exit():
            text = _solution_text(position, rules, result, format.value)
            if output:
                atomic_write(output, text)
            else:
                sys.stdout.write(text)
        note(f"solved: {plural(result.move_count, 'move')} ({result.nonfoundation_moves} not to the foundation), "
            f"{plural(result.states, 'state')}, {result.seconds:.2f} s, {result.engine}")
    elif result.verdict == GAVE_UP:
        note(f"gave up: {result.reason or 'limit reached'} ({result.states:,} states explored)")
    else:
        note(f"unsolvable: the search was complete ({result.states:,} states){': ' + result.reason if result.reason else ''}")
    code = {SOLVED: EXIT_OK, GAVE_UP: EXIT_GAVE_UP}.get(result.verdict, EXIT_NEGATIVE)
    raise typer.Exit(code)


def _solution_text(position, rules, result, fmt: str) -> str:
    from ..solutions import format_solution, solution_from

    if fmt == "file":
        return format_solution(solution_from(position, result.notation, rules.name))
    if fmt == "snx":
        tokens = result.notation
    elif fmt == "sn":
        # Plain notation cannot say how many cards go into an empty column (a
        # reader takes one): refuse rather than write a file that fails to verify.
        for i, m in enumerate(result.moves, 1):
            if m.to_empty and (m.count or 1) > 1:
                from ..errors import FreecellError

                raise FreecellError(
                    f"--format sn cannot write move {i} ({m}: {m.count} cards into an empty column); "
                    "use --format snx or file, which say the count")
        tokens = result.notation
    else:
        return "".join(_verbose(m) + "\n\n" for m in result.moves)
    return "\n".join(" ".join(tokens[i : i + 10]) for i in range(0, len(tokens), 10)) + "\n"


def _verbose(move) -> str:
    """fc-solve's wording (0-based stacks and free cells)."""
    kind = {"column": "stack", "cell": "freecell"}
    what = "a card" if (move.count or 1) == 1 else f"{move.count} cards"
    src = f"{kind[move.source.kind]} {move.source.index}"
    dst = "the foundations" if move.dest.kind == "foundation" else f"{kind[move.dest.kind]} {move.dest.index}"
    return f"Move {what} from {src} to {dst}"


def _print_hint(position, rules, result, as_json: bool) -> None:
    import orjson

    from ..solve.engine import SOLVED, UNSOLVABLE

    if result.verdict == SOLVED and result.moves:
        move = result.moves[0]
        from ..game import explain

        why = explain(position, move)
        line = f"{move}  ({why}; {plural(result.move_count, 'move')} to finish)"
    elif result.verdict == SOLVED:
        line, why = "nothing to do: the game is won", "won"
    elif result.verdict == UNSOLVABLE:
        line, why = "this position is unsolvable", "unsolvable"
    else:
        line, why = "no verdict within the limit", result.reason
    if as_json:
        d = {"verdict": result.verdict, "move": str(result.moves[0]) if result.moves else None, "reason": why,
             "move_count": result.move_count}
        sys.stdout.write(orjson.dumps(d).decode() + "\n")
    else:
        sys.stdout.write(line + "\n")


class _Status:
    """A live line on a terminal's stderr while a long search runs."""

    def __init__(self) -> None:
        self.shown = False

    def update(self, states: int, seconds: float) -> None:
        sys.stderr.write(f"\rsearching: {states:,} states, {seconds:.1f} s ")
        sys.stderr.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
