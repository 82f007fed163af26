"""Spider solution files, and replaying them to a verdict.

A solution file is move tokens (see :mod:`freecell_cli.spider.moves`) separated by
spaces, commas or newlines; ``#`` starts a comment. A first comment line may name
where the solution starts, which ``spider verify`` uses when no ``--deal`` or
``-p`` is given::

    # spider deal 5, 2 suits
    # spider start spider2:....:0          (a position, instead of a deal)

>>> from freecell_cli.spider.deals import deal
>>> v = verify(parse_solution("23 47"), deal(1, suits=1))
>>> v.valid, v.solved, v.moves, v.summary()
(True, False, 2, 'all 2 moves legal, not solved: 0 of 8 runs removed')
>>> v = verify(parse_solution("23 32"), deal(1, suits=1))
>>> v.valid, v.error.index, v.error.reason
(False, 2, 'JS cannot go on 9S: it needs a card one rank higher')
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, TypeVar

from ..errors import FreecellError, InvalidSolution
from ..text import all_legal, escape, plural
from .cards import RUNS
from .moves import Move, _apply
from .position import Position, check_position

# (with the separators a deal number may have, read or refused as a deal number:
# 1,000 is deal 1000, as FreeCell's headers read it, never deal 1)
_DEAL_RE = re.compile(r"\bdeal\s+#?(\d+(?:[,._']\d+)*)")
# "2 suits", "2-suit", "1suit", any spacing: every other mention of suits is one the header cannot read
_SUITS_RE = re.compile(r"\b([0-9]{1,20})\s*-?\s*suits?\b", re.A | re.I)
_SUIT_WORD_RE = re.compile(r"suits?\b", re.A | re.I)
_START_RE = re.compile(r"\bstart\s+(\S+)")
_MOVES_RE = re.compile(r"\b([0-9]{1,12})\s+moves?\b", re.A)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a solution file: as written, its line, and the move."""

    token: str
    line: int | None
    move: Move


@dataclass(frozen=True)
class Solution:
    """Move tokens as written, and what the header says about the start.

    One read with :func:`parse_solution` holds every move in ``tokens`` (and their
    ``lines``). One opened with :func:`open_solution` holds only its header: its
    moves come from :meth:`steps`, once, read from the file as the replay needs
    them, so a file of any size costs the same memory."""

    tokens: tuple[str, ...]
    deal: int | None = None
    suits: int | None = None
    start: Position | None = None
    lines: tuple[int, ...] = ()  # the line of each token, when read from text
    stream: Iterator[Step] | None = field(default=None, repr=False, compare=False)  # moves still in the file
    unrestricted: bool = False  # a saved game played with --unrestricted-deal: its deals are replayed so

    def steps(self) -> Iterator[Step]:
        """Every move in order: those held in ``tokens``, then those still in the
        file (read once: a streamed solution cannot be replayed twice)."""
        for i, token in enumerate(self.tokens):
            line = self.lines[i] if i < len(self.lines) else None
            try:
                move = _parse_token(token)
            except FreecellError as e:  # a Solution built by hand: parse_solution checks its tokens
                where = f"line {line}: " if line is not None else ""
                raise InvalidSolution(f'{where}move {i + 1} "{escape(token, 40)}": {e}') from None
            yield Step(token, line, move)
        if self.stream is not None:
            stream = self.stream
            object.__setattr__(self, "stream", None)  # frozen, but the file can be read only once
            yield from stream


@lru_cache(maxsize=1024)
def _parse_token(token: str) -> Move:
    return Move.parse(token)  # a long file repeats a few hundred tokens: parse each once


def parse_solution(text: str) -> Solution:
    """Read a whole solution held in memory: its header, and its move tokens, each
    checked to be a move (a malformed one raises :class:`InvalidSolution` naming its
    line; whether a move is legal is the replay's question). A header that says
    something impossible (3 suits), says it twice in two ways, or comes after the
    moves is refused too.

    >>> s = parse_solution("# spider deal 7, 2 suits\\n23 d\\n")
    >>> s.tokens, s.deal, s.suits
    (('23', 'd'), 7, 2)
    """
    if not isinstance(text, str):
        raise InvalidSolution(f"a solution is text, not {type(text).__name__}")
    if text.lstrip().startswith("{"):
        return _saved_game(text)
    sol = _read(enumerate(text.splitlines(), 1))
    steps = list(sol.steps())
    return Solution(tuple(s.token for s in steps), sol.deal, sol.suits, sol.start,
                    tuple(s.line for s in steps if s.line is not None))


def open_solution(source: str | None) -> Solution:
    """A solution file (``-`` or None: stdin) read as a stream: the header now, the
    moves through :meth:`Solution.steps`, a block at a time (as FreeCell's
    :func:`freecell_cli.solutions.open_solution`). Bounded by ``files.LIMITS``."""
    from ..files import numbered_lines

    lines = numbered_lines(source, "solution")
    first = next(lines, None)
    if first is not None and first[1].lstrip().startswith("{"):  # JSON: a saved game, read whole
        return _saved_game("\n".join(line for _, line in itertools.chain([first], lines)))
    return _read(itertools.chain([first] if first is not None else [], lines))


SAVED_GAME_FORMAT = "freecell-cli-spider-game"  # a game `spider play` saved (game.Game.to_dict)


def _saved_game(text: str) -> Solution:
    """A saved Spider game read as the solution attempt it is: its start, the moves
    played (the ones it could redo left out), its deal rule. The save is checked
    as ``spider play`` checks one, every move replayed: a fault is one line.

    >>> from .deals import deal
    >>> from .game import Game
    >>> import json
    >>> g = Game(deal(1, suits=1))
    >>> _ = g.play("23 47")
    >>> s = _saved_game(json.dumps(g.to_dict()))
    >>> s.tokens, s.deal, s.suits
    (('23', '47'), 1, 1)
    """
    import orjson

    from .game import Game

    try:
        d = orjson.loads(text)
    except orjson.JSONDecodeError as e:
        raise InvalidSolution(f"bad JSON: {e}") from None
    kind = d.get("format") if isinstance(d, dict) else None
    if kind == "freecell-cli-game":
        raise InvalidSolution("this is a saved FreeCell game: use freecell verify")
    if kind == "freecell-cli-solution":
        raise InvalidSolution("this is a FreeCell solution (JSON): use freecell verify")
    if kind != SAVED_GAME_FORMAT:
        raise InvalidSolution(f"JSON that is not a saved Spider game (a saved game has \"format\": "
                              f"\"{SAVED_GAME_FORMAT}\"; a solution is moves as text)")
    try:
        game = Game.from_dict(d)
    except FreecellError as e:
        raise InvalidSolution(str(e)) from None
    return Solution(tuple(game.moves), game.start.deal, game.start.suits, game.start,
                    tuple(1 for _ in game.moves), unrestricted=game.unrestricted)


class _Header:
    """What the header lines have said so far."""

    def __init__(self) -> None:
        self.deal: int | None = None
        self.suits: int | None = None
        self.start: Position | None = None
        self.stated: tuple[int, int] | None = None  # the header's "N moves", and its line

    def read(self, header: str, lineno: int, moved: bool, line: str = "") -> None:
        """Read one header line (``header``: its text after ``#``; ``line``: as
        written, quoted when refused). A line that names a thing twice, or mentions
        suits in words it cannot read, is refused: taking one reading of it could
        replay another game than the one meant."""
        from .deals import parse_deal_number
        from .formats import parse_compact

        start = _START_RE.search(header)
        deal = _DEAL_RE.search(header)
        suits = _SUITS_RE.search(header)
        if moved and (start or deal or suits):  # the start must be known before the replay
            raise InvalidSolution(f"line {lineno}: the header naming the start must come before the moves")
        said = f'line {lineno}: header "{escape(line or header, 60)}"'
        for what, regex in (("start", _START_RE), ("deal", _DEAL_RE), ("suits", _SUITS_RE), ("move count", _MOVES_RE)):
            if len(regex.findall(header)) > 1:
                raise InvalidSolution(f"{said} names the {what} twice")
        if len(_SUIT_WORD_RE.findall(header)) > (suits is not None):
            raise InvalidSolution(f"{said}: cannot read the number of suits (write it as 1 suit, 2 suits or 4 suits)")
        if start is not None:
            given = _parsed(parse_compact, start.group(1), "the start position in the header", lineno)
            self.start = _once(self.start, given, "start", lineno)
        if deal is not None:
            self.deal = _once(self.deal, _parsed(parse_deal_number, deal.group(1), "header", lineno), "deal", lineno)
        if suits is not None:
            if suits.group(1) not in ("1", "2", "4"):
                raise InvalidSolution(f"line {lineno}: header: Spider has 1, 2 or 4 suits, not {suits.group(1)[:20]}")
            self.suits = _once(self.suits, int(suits.group(1)), "suits", lineno)
        if (m := _MOVES_RE.search(header)) is not None:
            self.stated = (_once(self.stated[0] if self.stated else None, int(m.group(1)), "move count", lineno),
                           lineno)

    def check(self) -> None:
        start = self.start
        if start is not None and (self.deal is not None and start.deal not in (None, self.deal)
                                  or self.suits is not None and start.suits != self.suits):
            raise InvalidSolution(f"header: the deal or suits and the start position disagree "
                                  f"(the position is deal {start.deal}, {start.suits} suits)")


def _steps(lines: Iterator[tuple[int, str]], head: _Header) -> Iterator[Step]:
    from ..moves import split_moves as split_tokens

    count = 0
    for lineno, line in lines:
        body, _, comment = line.partition("#")
        if body.strip():
            for token in split_tokens(body):
                try:
                    move = _parse_token(token)
                except FreecellError as e:
                    raise InvalidSolution(f"line {lineno}: {e}") from None
                if not count:
                    head.check()  # the header is whole: say a contradiction before any replay
                count += 1
                yield Step(token, lineno, move)
            continue
        header = comment.strip().lstrip("#").strip()
        if not count and header.lower().startswith("freecell-cli solution"):  # the other game's file
            raise InvalidSolution(f"line {lineno}: this is a FreeCell solution ('# freecell-cli solution'): "
                                  "use freecell verify")
        if header.startswith("spider"):
            head.read(header, lineno, count > 0, line.strip())
    if head.stated is not None and head.stated[0] != count:
        n, at = head.stated
        raise InvalidSolution(f"line {at}: the header says {plural(n, 'move')}, the file has {count}")


def _read(lines: Iterator[tuple[int, str]]) -> Solution:
    """The header of a solution, its moves left in ``stream``: read up to the first
    move, so the start is known before any replay."""
    head = _Header()
    gen = _steps(lines, head)
    first = next(gen, None)
    if first is None:
        if head.deal is None and head.suits is None and head.start is None:
            raise InvalidSolution("empty file, no moves")  # as FreeCell's solutions
        head.check()
        stream: Iterator[Step] = iter(())
    else:
        stream = itertools.chain([first], gen)
    return Solution((), head.deal, head.suits, head.start, (), stream)


def _parsed(parse: Callable[[str], T], text: str, what: str, lineno: int) -> T:
    """``text`` of a header line read by ``parse``: a failure names the line and ``what``."""
    try:
        return parse(text)
    except FreecellError as e:
        raise InvalidSolution(f"line {lineno}: {what}: {e}") from None


def _once(old: Any, new: Any, what: str, lineno: int) -> Any:
    """A header given twice must say the same thing twice."""
    if old is not None and old != new:
        raise InvalidSolution(f"line {lineno}: a second {what} in the header disagrees with the first")
    return new


def format_solution(tokens: list[str], start: Position) -> str:
    """A solution file: a header naming the start, then ten moves a line. A start
    that names a deal it is not (:func:`~freecell_cli.spider.formats.as_dealt`) is refused.

    >>> from freecell_cli.spider.deals import deal
    >>> print(format_solution(["23", "d"], deal(3, suits=2)), end="")
    # spider deal 3, 2 suits, 2 moves
    23 d
    """
    from .formats import as_dealt, format_compact

    start = as_dealt(check_position(start, "start"))  # a deal it names is its deal: with 0 moves the header says so
    if start.deal is not None and start.moves == 0:
        head = f"# spider deal {start.deal}, {start.suits} suit{'' if start.suits == 1 else 's'}, {plural(len(tokens), 'move')}\n"
    else:
        head = f"# spider start {format_compact(start)} ({plural(len(tokens), 'move')})\n"
    lines = [" ".join(tokens[i : i + 10]) for i in range(0, len(tokens), 10)]
    return head + "".join(line + "\n" for line in lines)


@dataclass(frozen=True)
class Problem:
    index: int  # 1-based position of the move in the file
    move: str  # as written
    reason: str

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "move": self.move, "reason": self.reason}

    def __str__(self) -> str:
        return f'move {self.index} "{escape(self.move)}": {self.reason}'  # as FreeCell's: escaped


@dataclass(frozen=True)
class Verdict:
    valid: bool  # every move legal
    solved: bool  # ... and all eight runs removed at the end
    moves: int  # moves and deals replayed
    suits: int
    deal: int | None
    removed: int
    error: Problem | None = None
    final: Position | None = field(default=None, repr=False)
    before_error: Position | None = field(default=None, repr=False)

    @property
    def ok(self) -> bool:
        return self.valid and self.solved

    def summary(self) -> str:
        if self.error is not None:
            return str(self.error)
        if self.solved:
            return f"solved in {plural(self.moves, 'move')}"
        return f"{all_legal(self.moves)}, not solved: {self.removed} of {RUNS} runs removed"

    def to_dict(self) -> dict[str, Any]:
        return {
            "valid": self.valid,
            "solved": self.solved,
            "moves": self.moves,
            "suits": self.suits,
            "deal": self.deal,
            "removed": self.removed,
            "error": self.error.to_dict() if self.error else None,
        }


def start_position(solution: Solution, deal: int | None = None, suits: int | None = None,
                   position: Position | None = None) -> Position:
    """Where a solution starts: an explicit position wins over the header; an
    explicit deal or suit count must agree with the header's."""
    from .deals import deal as make_deal

    if position is not None:
        return position
    if deal is not None and solution.deal is not None and deal != solution.deal:
        raise InvalidSolution(f"deal {deal} was given, but the solution is for deal {solution.deal}")
    if deal is not None and solution.start is not None and solution.start.deal not in (None, deal):
        raise InvalidSolution(f"deal {deal} was given, but the solution starts from deal {solution.start.deal}")
    header_suits = solution.suits or (solution.start.suits if solution.start is not None else None)
    if suits is not None and header_suits is not None and suits != header_suits:
        raise InvalidSolution(f"{suits} suit{'' if suits == 1 else 's'} given, but the solution is for "
                              f"{header_suits} suit{'' if header_suits == 1 else 's'}")
    if deal is not None or (solution.start is None and solution.deal is not None):
        n = deal if deal is not None else solution.deal
        return make_deal(n, suits or solution.suits or 4)  # type: ignore[arg-type]
    if solution.start is not None:
        return solution.start
    raise InvalidSolution("the solution names no deal: give --deal N (and --suits S) or -p POSITION")


def verify(solution: Solution, start: Position, unrestricted: bool = False) -> Verdict:
    """Replay ``solution`` (:func:`parse_solution`, :func:`open_solution`) from
    ``start``; stops at the first refused move (a streamed file is read no further)."""
    from .. import checks
    from ..errors import ArgumentTypeError

    if not isinstance(solution, Solution):
        swapped = " (verify takes the solution first, then the start)" if isinstance(solution, Position) else ""
        raise ArgumentTypeError(f"solution must be a Spider Solution (parse_solution(text), "
                                f"fc.read_spider_solution(text or path)), not {type(solution).__name__}{swapped}")
    start = check_position(start, "start")
    unrestricted = checks.flag(unrestricted, "unrestricted")
    position = start
    error = None
    before = None
    count = 0
    for i, step in enumerate(solution.steps(), 1):
        try:
            position = _apply(position, step.move, unrestricted)
        except FreecellError as e:
            error, before = Problem(i, step.token, str(e)), position
            break
        count += 1
    return Verdict(
        valid=error is None,
        solved=error is None and position.is_won(),
        moves=count,
        suits=start.suits,
        deal=start.deal,
        removed=len(position.removed),
        error=error,
        final=position,
        before_error=before,
    )
