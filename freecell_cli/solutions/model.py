"""The model of a solution: its moves as written, with their lines, and what its
file says around them (deal, start position, variant, free cells); and a solution
placed where it starts, under its rules, with its moves as played (:func:`placed`:
what the writers of :mod:`.write` write)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal, Protocol

from .. import checks
from ..errors import ArgumentTypeError, FreecellError, InvalidArgument, InvalidSolution, quote
from ..text import escape
from ..moves import Move
from ..position import MAX_COLUMNS, Position
from ..games import check_rules
from ..variants import Variant
from .start import disagreement as disagreement  # its path solutions.model.X stays
from .start import start_and_rules, start_of

SOLUTION_FORMATS = ("standard", "fc-solve", "fcpro", "freecell-cli", "json", "macroxue")
MAGIC = "# freecell-cli solution"
JSON_FORMAT = "freecell-cli-solution"  # the "format" of our JSON solution


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a solution file: as written, its line, the move, and the
    position the file prints after it (fc-solve ``-sam``), if any.

    ``automatic``: a move the file's own solver made by itself (its auto play),
    written out by the reader; it is played and counted as a move, but is not one
    of the file's moves (their numbers skip it). ``refused``: why the file's own
    rules refuse this move, when it cannot be put in ours at all (a macroxue move
    from a free cell that holds nothing); ``move`` is then only a guess."""

    token: str
    line: int
    move: Move
    state: str | None = None
    automatic: bool = False
    refused: str | None = None
    state_line: int | None = None  # the file's line where ``state`` begins


@dataclass
class Solution:
    """Moves as written (``tokens``) with their line numbers, and what the file
    says around them.

    A solution read with :func:`parse_solution` holds every move in flat lists. One
    opened with :func:`open_solution` holds only its header: its moves come from
    :meth:`steps`, once, read from the file as they are needed, so a file of any
    size costs constant memory."""

    tokens: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    format: str = "standard"
    deal: int | None = None
    position: Position | None = None  # explicit start (header, or fc-solve's first state)
    variant: str | None = None
    # The family game it is for (our "# game:" header, or the game it was read as); None: FreeCell.
    game: str | None = None
    # The game it was asked to be read as ("freecell" or a family game's), None when nobody said.
    read_as: str | None = field(default=None, repr=False)
    cells: int | None = None
    empty_column: str | None = None  # "max" for FreeCell Pro files
    claims_solved: bool | None = None  # fc-solve's closing line
    states: dict[int, str] = field(default_factory=dict)  # move index (0-based) -> state after it
    state_lines: dict[int, int] = field(default_factory=dict, repr=False)  # move index -> its state's first line
    explicit: dict[int, Move] = field(default_factory=dict)  # moves not in standard notation
    stream: Iterator[Step] | None = field(default=None, repr=False)  # moves still in the file
    stated_moves: tuple[int, int] | None = None  # our header's "# moves: N": (N, its line)
    # fc-solve's output did not say how many free cells (no state, or a bare or trimmed
    # "Freecells:"): the start has fc-solve's default, 4, and a later move or state may show more.
    cells_open: bool = False
    # Read from a file of one solution a line (macroxue): its line, and how it was
    # read when that was a choice (a note verify gives).
    source_line: int | None = None
    reading: str | None = None
    automatic: set[int] = field(default_factory=set)  # indices of Step.automatic moves
    refused: dict[int, str] = field(default_factory=dict)  # index -> Step.refused

    def __len__(self) -> int:
        return len(self.tokens)

    def move(self, i: int) -> Move:
        """The i-th (0-based) move, parsed."""
        m = self.explicit.get(i)
        return m if m is not None else _parse_token(self.tokens[i], self.lines[i], self.columns)

    @property
    def columns(self) -> int:
        """The columns its moves name: its game's (Seahaven Towers has ten), else 9."""
        return columns_of(self.game)

    def add(self, token: str, line: int, move: Move | None = None, automatic: bool = False,
            refused: str | None = None) -> None:
        if move is None:
            _parse_token(token, line, self.columns)  # fail early on a malformed token
        else:
            self.explicit[len(self.tokens)] = move
        if automatic:
            self.automatic.add(len(self.tokens))
        if refused is not None:
            self.refused[len(self.tokens)] = refused
        self.tokens.append(token)
        self.lines.append(line)

    @property
    def file_moves(self) -> int:
        """How many of its moves the file writes (the automatic ones left out)."""
        return len(self.tokens) - len(self.automatic)

    def steps(self) -> Iterator[Step]:
        """Every move in order: those held in the lists, then those still in the
        file (read once: a streamed solution cannot be replayed twice)."""
        for i, token in enumerate(self.tokens):
            yield Step(token, self.lines[i], self.move(i), self.states.get(i), i in self.automatic,
                       self.refused.get(i), self.state_lines.get(i))
        if self.stream is not None:
            stream, self.stream = self.stream, None
            yield from stream

    def read_all(self) -> Solution:
        """Take the moves still in the file into the lists: the solution then holds
        what :func:`~freecell_cli.solutions.parse_solution` reads. Returns itself."""
        stream, self.stream = self.stream, None
        for step in stream or ():
            if step.state is not None:
                self.states[len(self.tokens)] = step.state
                if step.state_line is not None:
                    self.state_lines[len(self.tokens)] = step.state_line
            if str(step.move) == step.token and not step.automatic and step.refused is None:
                self.tokens.append(step.token)
                self.lines.append(step.line)
            else:
                self.add(step.token, step.line, step.move, step.automatic, step.refused)
        return self

    def validate(self) -> Solution:
        """A Solution built by hand (its class is exported) holds what a replay reads:
        its moves as text with a line each (``Solution.add(token, line)`` keeps them in
        step; read_solution makes them), a start that makes one deck."""
        tokens, lines = self.tokens, self.lines
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise ArgumentTypeError(f"a Solution's tokens are a list of move texts, not {quote(tokens)}")
        if (not isinstance(lines, list) or len(lines) != len(tokens)
                or not all(isinstance(n, int) and not isinstance(n, bool) for n in lines)):
            raise InvalidArgument(f"a Solution's lines are a list of line numbers, one a token ({len(tokens)}), "
                                  f"not {quote(lines)}: Solution.add(token, line) or read_solution(text) keep them")
        if not isinstance(self.explicit, dict) or not all(
                isinstance(i, int) and isinstance(m, Move) for i, m in self.explicit.items()):
            raise ArgumentTypeError(f"a Solution's explicit moves are a dict of Moves, not {quote(self.explicit)}")
        if not isinstance(self.states, dict):
            raise ArgumentTypeError(f"a Solution's states are a dict, not {quote(self.states)}")
        if not isinstance(self.automatic, set) or not all(isinstance(i, int) for i in self.automatic):
            raise ArgumentTypeError(f"a Solution's automatic moves are a set of indices, not {quote(self.automatic)}")
        if not isinstance(self.refused, dict) or not all(
                isinstance(i, int) and isinstance(r, str) for i, r in self.refused.items()):
            raise ArgumentTypeError(f"a Solution's refused moves are a dict of reasons, not {quote(self.refused)}")
        if self.empty_column is not None:
            checks.choice(self.empty_column, "a Solution's empty_column", ("one", "max"))
        checks.text(self.variant, "a Solution's variant")
        if self.game is not None:
            from ..games import find_game

            self.game = find_game(self.game).name if find_game(self.game).family else None
        if self.position is not None:
            if not isinstance(self.position, Position):
                raise ArgumentTypeError(f"a Solution's position is a Position or None, not {quote(self.position)}")
            self.position.validate()
        checks.optional_whole(self.deal, "a Solution's deal", 1)
        return self

    def notation(self) -> list[str]:
        """Every move in standard notation. A move its own file's rules refuse
        (``refused``) has none: written as a guess, a refused move could turn legal."""
        if self.refused:
            i = min(self.refused)
            raise InvalidSolution(f'line {self.lines[i]}: move {self._number(i)} "{escape(self.tokens[i], 40)}" '
                                  f"cannot be written in standard notation: {self.refused[i]}")
        return [str(self.explicit[i]) if i in self.explicit else t for i, t in enumerate(self.tokens)]

    def _number(self, i: int) -> int:
        """The number the file gives its move at index ``i`` (automatic ones skipped)."""
        return i + 1 - sum(1 for k in self.automatic if k < i)


@lru_cache(maxsize=4096)
def _cached_move(token: str, columns: int = MAX_COLUMNS) -> Move:
    return Move.parse(token, columns)


def _parse_token(token: str, line: int, columns: int = MAX_COLUMNS) -> Move:
    try:
        return _cached_move(token, columns)
    except FreecellError as e:
        raise InvalidSolution(f"line {line}: {e}") from None


def columns_of(game: str | None) -> int:
    """How many columns the moves of ``game`` (None: FreeCell) may name.

    >>> columns_of(None), columns_of("seahaven-towers")
    (9, 10)
    """
    if game is None:
        return MAX_COLUMNS
    from ..games import find_game

    return max(MAX_COLUMNS, find_game(game).columns)



def check_start(sol: Solution, where: str) -> None:
    """A solution naming both a deal and a start position: they must agree (the
    position is that deal's opening layout, or says it comes from that deal)."""
    if sol.position is not None and sol.deal is not None:
        why = disagreement(sol.position, sol.deal)
        if why:
            raise InvalidSolution(f"{where}: deal {sol.deal} and the position disagree ({why})")


def check_cells(sol: Solution, where: str) -> None:
    """A solution naming both a start position and a number of free cells: the
    position must have that many (it always says how many it has)."""
    if sol.position is not None and sol.cells is not None and len(sol.position.cells) != sol.cells:
        raise InvalidSolution(f"{where}: cells {sol.cells} and the position disagree "
                              f"(the position has {len(sol.position.cells)} free cells)")


def solution_from(start: Position, tokens: list[str], variant: str) -> Solution:
    """A solution of ``tokens`` played from ``start``. Its header names the deal when
    ``start`` is that deal's opening position, else the position itself; and a
    family game's start names its game (its rules are the game's: no variant)."""
    from ..deals import is_opening

    family = start.game is not None
    sol = Solution(tokens=list(tokens), lines=list(range(1, len(tokens) + 1)), variant=None if family else variant,
                   cells=len(start.cells), game=start.game)
    if is_opening(start):
        sol.deal = start.deal
    else:
        sol.position = start
    return sol


class Solved(Protocol):
    """What :func:`placed` reads of a solved :class:`~freecell_cli.solvers.engine.Result`
    (solvers/ stands above this package: it is named by what it has)."""

    @property
    def start(self) -> Position | None: ...
    @property
    def variant(self) -> str | None: ...
    @property
    def moves(self) -> list[Move]: ...
    @property
    def notation(self) -> list[str]: ...


@dataclass(frozen=True)
class Placed:
    """A solution ready to be written (:func:`placed`): ``solution`` with a header
    naming its start and rules; ``moves``, its moves as played from there (with
    counts, automatic ones left out), when the format writes them; ``start`` and
    ``rules``, where it was placed and under which rules (None when it was not,
    its own header saying so)."""

    solution: Solution
    moves: list[Move] | None = None
    start: Position | None = None
    rules: Variant | None = None


def placed(solution: Solution | Solved, position: Position | int | None, variant: Variant | str | None,
           played: bool) -> Placed:
    """``solution`` (a Solution, or a solved Result) started from ``position`` (a
    Position, a deal number, None for its own) under ``variant`` (None for its own),
    as :func:`.write.write_solution` takes it. When ``played``: the moves as played
    from there too. Else: the solution with a header naming that start and those
    rules (its own header, as it is, when it names a start and nothing is given).
    Either way its moves are played there first (:func:`played_moves`)."""
    # Every solution is played from its start before it is written: a header must
    # not name a start, or rules, that its moves cannot be played from (a move
    # refused names its line; a Result's, its number).
    if not isinstance(solution, Solution):  # a Result: from its own start
        start, rules = result_start(solution, position, variant)
        written = solution_from(start, solution.notation, rules.name)
        return Placed(written, played_moves(written, start, rules, lines=False), start, rules)
    sol = solution.validate().read_all()  # a streamed one: every move is written
    start, rules = start_and_rules(sol, position, variant, None)
    moves = played_moves(sol, start, rules)
    if not played and position is None and variant is None and (sol.deal is not None or sol.position is not None):
        return Placed(sol)  # its header says where it starts: written as it is
    if played:  # the writers of moves as played may need where they start and their rules (macroxue)
        placed_at = solution_from(start, [], rules.name)
        placed_at.empty_column = sol.empty_column
        return Placed(placed_at, moves, start, rules)
    written = solution_from(start, sol.notation(), rules.name)
    written.empty_column = solution.empty_column
    return Placed(written, None, start, rules)


def result_solution(result: Solved, position: Position | int | None, variant: Variant | str | None) -> Solution:
    """A solved result (the caller checked its verdict) as a Solution from its
    start (else ``position``) under its variant (else ``variant``)."""
    start, rules = result_start(result, position, variant)
    return solution_from(start, result.notation, rules.name)


def result_start(result: Solved, position: Position | int | None,
                 variant: Variant | str | None) -> tuple[Position, Variant]:
    """Where a solved result (the caller checked its verdict) starts, its own start
    else ``position``, and its rules: its variant, else ``variant``."""
    start = result.start if position is None else start_of(Solution(), position, None)
    if start is None:
        raise InvalidArgument("give the position the result starts from (position=...)")
    if result.start is not None and not start.same_table(result.start):
        raise InvalidArgument(f"position= is not where the result starts ({_where(start, result.start)} was "
                              f"given; it starts from {_where(result.start, start)})")
    return start, check_rules(variant if variant is not None else result.variant, start)


def _where(start: Position, other: Position) -> str:
    """``start`` in words, told apart from ``other``: its deal, and its free cells
    where the deal is the same."""
    if start.deal is None or start.deal != other.deal:
        return "another position" if start.deal is None else f"deal {start.deal}"
    return f"deal {start.deal} with {len(start.cells)} free cells"


def played_moves(solution: Solution, start: Position, variant: Variant, lines: bool = True) -> list[Move]:
    """The moves of ``solution`` as played (with counts), automatic ones left out.
    A move refused is an :class:`IllegalMove` naming it by its number, and by
    its line when ``lines`` (a solution read from a text)."""
    from ..autoplay import play_move
    from ..errors import IllegalMove

    position = start.copy()
    mode: Literal["one", "max"] = "max" if solution.empty_column == "max" else "one"
    played = []
    number = 0  # the file's number of the move (its automatic ones have none)
    for step in solution.steps():
        number += not step.automatic
        if step.refused is not None:  # its move is a guess, which may be legal here
            raise IllegalMove(f'line {step.line}: move "{escape(step.token, 40)}": {step.refused}')
        try:
            played.append(play_move(position, step.move, variant, mode)[0])
        except IllegalMove as e:
            where = f"line {step.line}: " if lines else ""
            raise IllegalMove(f'{where}move {number} "{escape(step.token, 40)}": {e} '
                              f"(under the {variant.name} rules)") from None
    return played
