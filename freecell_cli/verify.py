"""Replay a solution on a position under a variant and give a verdict.

Moves are counted the variant's way: a run is one move, and every card the
variant sends home by itself (windows) is one move more.

>>> from freecell_cli.solutions import parse_solution
>>> from freecell_cli import deal, find_variant
>>> v = verify(parse_solution("5a 82 a2"), deal(617), find_variant("site"))
>>> v.valid, v.solved, v.moves, v.summary()
(True, False, 3, 'all 3 moves legal, not solved: 0 cards home')
>>> v = verify(parse_solution("5a 58"), deal(617), find_variant("site"))
>>> v.valid, v.error.index, v.error.reason
(False, 2, '7C cannot go on QH')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .autoplay import automatic_moves
from .cards import Card
from .errors import FreecellError, InvalidArgument, InvalidMove, InvalidSolution
from .moves import EmptyColumnMode, apply, resolve
from .position import Position, cell_letter
from .solutions import Solution
from .solutions.start import start_position as start_position  # their path verify.X stays
from .solutions.start import with_cells as with_cells
from .text import all_legal, escape, plural
from .variants import Variant


@dataclass
class Problem:
    index: int  # 1-based position of the move in the file
    move: str  # as written
    reason: str
    line: int | None = None
    step: int | None = field(default=None, compare=False)  # 0-based among every step, automatic ones too

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "move": self.move, "reason": self.reason, "line": self.line}

    def __str__(self) -> str:
        # escaped: a move is kept as written (a JSON move "58\r" reads as 58, \r and all)
        return f'move {self.index} "{escape(self.move)}": {self.reason}'


@dataclass
class Verdict:
    valid: bool  # every move legal (and every printed state matched)
    solved: bool
    moves: int  # counted the variant's way
    variant: str
    deal: int | None
    cards_home: int
    file_moves: int
    problems: list[Problem] = field(default_factory=list)
    before_error: Position | None = None
    final: Position | None = None
    notes: list[str] = field(default_factory=list)  # how the file was read, when that was a choice
    line: int | None = None  # the solution's line, in a file of one solution a line (macroxue)

    @property
    def ok(self) -> bool:
        return self.valid and self.solved

    @property
    def error(self) -> Problem | None:
        return self.problems[0] if self.problems else None

    def summary(self) -> str:
        if self.problems:
            return "; ".join(str(p) for p in self.problems)
        if self.solved:
            return f"solved in {plural(self.moves, 'move')}"
        return f"{all_legal(self.moves)}, not solved: {plural(self.cards_home, 'card')} home"

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "solved": self.solved,
            "moves": self.moves,
            "file_moves": self.file_moves,
            "variant": self.variant,
            "deal": self.deal,
            "cards_home": self.cards_home,
            "error": self.error.to_dict() if self.error else None,
            "problems": [p.to_dict() for p in self.problems],
            **({"line": self.line} if self.line is not None else {}),
        }


def _state_difference(ours: Position, theirs: Position) -> str | None:
    if ours.foundations != theirs.foundations:
        return f"foundations {ours.foundations} here, {theirs.foundations} in the file"
    if Counter(ours.cells) != Counter(theirs.cells):
        def show(cells: list[Card | None]) -> str:
            return " ".join(str(c) for c in cells if c is not None) or "none"

        return f"free cells hold {show(ours.cells)} here, {show(theirs.cells)} in the file"
    for i, (mine, its) in enumerate(zip(ours.cells, theirs.cells)):  # the same cards: in the same slots?
        if mine != its:
            return f"free cell {cell_letter(i)} holds {mine or 'nothing'} here, {its or 'nothing'} in the file"
    for i, (a, b) in enumerate(zip(ours.columns, theirs.columns)):
        if a != b:
            return (
                f"column {i + 1} is '{' '.join(map(str, a))}' here, "
                f"'{' '.join(map(str, b))}' in the file"
            )
    if len(ours.columns) != len(theirs.columns):
        return f"{len(ours.columns)} columns here, {len(theirs.columns)} in the file"
    return None


# How a file was read, when that was a choice (Verdict.notes); verify and replay say the same.
READ_AS_SN = ("plain moves into empty columns read as fc-solve -sn writes them "
              "(as many cards as fit; --empty-column one refuses that)")


def sn_reading_may_help(solution: Solution, verdict: Verdict, empty_column: str | None) -> bool:
    """Whether a failed fc-solve file is worth a second reading with plain moves into
    empty columns taking as many cards as fit (its -sn writes them so; -snx says the
    count): a refused move, not a printed state that differs, and no reading chosen."""
    return (not verdict.ok and solution.format == "fc-solve" and empty_column is None
            and verdict.error is not None and not verdict.error.reason.startswith("position after"))


def cells_asked(solution: Solution, cells: int | None) -> list[str]:
    """The note for ``cells`` given against the number the file states (an override
    on purpose, as ``-p``), or none."""
    if cells is None or solution.cells is None or cells == solution.cells:
        return []
    return [f"the file says {plural(solution.cells, 'free cell')}; checked with {cells} as asked"]


def _family_table(start: Position) -> list[str]:
    """For an fc-solve file that fails as FreeCell's: the family games whose table
    its start could be (their columns, more free cells than FreeCell's 4): Freecell
    Solver's output does not name its game. A 10-column table is named when read."""
    from .games import GAMES

    return [f"{g.possessive} table has {g.columns} columns and {g.cells} free cells: "
            f"--game {g.name}, if it is one" for g in GAMES.values()
            if g.family and g.columns == len(start.columns) and 4 < len(start.cells) <= g.cells]


def verify(
    solution: Solution,
    start: Position,
    variant: Variant,
    empty_column: str | None = None,
    all_errors: bool = False,
    grow_cells: bool = False,
) -> Verdict:
    """Replay ``solution`` from ``start`` (not modified) under ``variant``.

    ``grow_cells``: the file did not say how many free cells (fc-solve's
    ``Freecells:`` trimmed, :attr:`Solution.cells_open`) and nobody chose: a move
    to a free cell past the last, or a printed state with more, adds the slots it
    shows. Extra empty cells only widen what is legal, so the moves before stay
    legal as they were checked.

    Stops at the first bad move unless ``all_errors`` and the file shows the
    position after each move (fc-solve ``-sam``), which lets the replay
    resynchronise and go on. Without ``all_errors`` a streamed file is read no
    further than its first bad move (``file_moves`` counts the moves read); a
    solution held in memory counts all its moves."""
    from .formats.fcs import cells_shown, last_card_slot, parse_fcs
    from .solutions.read import state_error
    from .moves import CELL
    from .position import MAX_CELLS

    if solution.format == "macroxue" and variant.automatic is not None:
        # Its lines send home what its solver's auto play sent: a variant that sends
        # cards home by itself would send some twice (or the next card up instead).
        raise InvalidArgument(f"macroxue's lines send cards home as its solver's auto play did: "
                              f"the {variant.name} rules send them home by themselves; verify under "
                              "standard (its rules), site or atomic")
    mode: EmptyColumnMode = empty_column or solution.empty_column or "one"  # type: ignore[assignment]
    position = start.copy()
    count = 0
    problems: list[Problem] = []
    before_error: Position | None = None
    automatic = variant.automatic
    stopped = False  # after a bad move that the file gives no way past

    def resync(text: str | None) -> bool:
        nonlocal position
        if not all_errors or text is None:
            return False
        try:
            position = parse_fcs(text, cells=len(position.cells), game=position.game)
        except FreecellError:
            return False
        return True

    def refuse(reason: str, state: str | None, index: int, text: str, line: int) -> bool:
        """Note a problem; True when the replay stops here (no state to go on from)."""
        nonlocal before_error, stopped
        problems.append(Problem(index, text, reason, line, step_number - 1))
        if before_error is None:
            before_error = position.copy()
        if resync(state):
            return False
        stopped = True
        return not all_errors

    first_cells = len(position.cells)
    grown_at: tuple[int, int] | None = None  # (move index, line) where the file first showed more

    def grow(needed: int, index: int, line: int) -> None:
        nonlocal grown_at
        if needed > MAX_CELLS:  # no table has them: the file is not one we can replay
            raise InvalidSolution(f"line {line}: move {index} or the state after it shows {needed} free cells "
                                  f"(at most {MAX_CELLS})")
        if needed > len(position.cells):
            position.cells.extend([None] * (needed - len(position.cells)))
            if grown_at is None:
                grown_at = (index, line)

    index = 0
    step_number = 0
    in_memory = solution.stream is None  # every move already read: its count is known
    for step in solution.steps():
        step_number += 1
        if not step.automatic:  # (one the file's own solver made: played, but not numbered)
            index += 1
        if stopped:
            continue  # --all-errors: read on to the end, count the moves, report a malformed one
        text, line = step.token, step.line
        if step.refused is not None:
            if refuse(step.refused, step.state, index, text, line):
                break
            continue
        if grow_cells:
            cells_named = [p.index + 1 for p in (step.move.source, step.move.dest) if p.kind == CELL]
            grow(max(cells_named + [cells_shown(step.state) if step.state else 0]), index, line)
        try:
            move = resolve(position, step.move, variant, mode)
        except InvalidMove as e:  # no move at all (two cards from a free cell): malformed
            raise InvalidSolution(f'line {line}: move {index} "{escape(text, 40)}": {e}') from None
        except FreecellError as e:  # refused, a place this table lacks included: at its index
            reason = str(e)
            if step.automatic:
                after = f"after move {index}" if index else "before the first move"
                reason += f" (the file's solver moved it home by itself, {after})"
            if refuse(reason, step.state, index, text, line):
                break
            continue
        apply(position, move)
        count += 1
        if automatic is not None:
            count += len(automatic_moves(position, variant))
        if step.state is not None:
            slot = last_card_slot(step.state)
            if slot > len(position.cells):  # read into this table's cells, the card would move up a slot
                if refuse(f"the file's state after this move has a card in free cell {slot}: this table has "
                          f"{plural(len(position.cells), 'free cell')}", step.state, index, text, line):
                    break
                continue
            try:
                theirs = parse_fcs(step.state, cells=len(position.cells), game=position.game)
            except FreecellError as e:  # (a Solution built by hand may not know where its states begin)
                what = "state after the move" if step.state_line is None else f"state after move {index}"
                raise InvalidSolution(state_error(e, step.state_line, what, line)) from None
            diff = _state_difference(position, theirs)
            if diff and refuse(f"position after this move differs from the file's: {diff}", step.state,
                               index, text, line):
                break
    if stopped and not all_errors and in_memory:
        index = solution.file_moves  # the count of moves, known without reading on
    notes = []
    if grow_cells:
        if grown_at is not None:
            notes.append(f"the file does not say how many free cells; it uses "
                         f"{len(position.cells)} (move {grown_at[0]}, line {grown_at[1]}): read as {len(position.cells)}")
        elif solution.position is not None:  # a trimmed "Freecells:" (moves alone never say: as standard notation)
            shown = max((i + 1 for i, c in enumerate(start.cells) if c is not None), default=0)
            said = ("a bare 'Freecells:'" if not shown else
                    f"its 'Freecells:' line stops after its last card, in slot {shown}")
            why = "Freecell Solver's default" if first_cells > shown else "the slots it shows"
            notes.append(f"the file does not say how many free cells ({said}): read as {first_cells}, {why} "
                         "(--cells N to choose)")
    if (problems and solution.format == "fc-solve" and start.game is None and solution.position is not None
            and len(solution.position.cells) == len(start.cells)):  # the file's table, not --cells
        notes += _family_table(start)
    return Verdict(
        valid=not problems,
        solved=not problems and position.is_won(),
        moves=count,
        variant=variant.name,
        deal=start.deal,
        cards_home=position.cards_home,
        file_moves=index,
        problems=problems,
        before_error=before_error,
        final=position,
        notes=notes,
    )
