"""Reading solutions: a whole text (:func:`parse_solution`) or a file as a
stream (:func:`open_solution`), in every format :mod:`.detect` tells apart."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from typing import TypeVar

from ..errors import FreecellError, InvalidSolution, quote
from ..moves import CELL, COLUMN, FOUNDATION, Move, Place, split_moves
from .detect import _FCPRO_RE, _NUMFCS_RE, DETECT_CHARS, detect_solution_format
from .model import (
    JSON_FORMAT,
    SOLUTION_FORMATS,
    Solution,
    Step,
    _cached_move,
    _parse_token,
    check_cells,
    check_start,
    solution_from,
)

T = TypeVar("T")


def parse_solution(text: str, format: str | None = None, game: str | None = None,
                   deal: int | None = None) -> Solution:
    """Read a whole solution held in memory (auto-detected unless ``format``);
    ``game``: the family game it is read as (its moves may name a tenth column,
    its boards are that game's), which a game the file names must agree with.
    ``deal``: of a text of one solution a line (macroxue's), the one for that
    deal (else the text must hold one).

    >>> parse_solution("5a 58 8h").tokens
    ['5a', '58', '8h']
    >>> parse_solution("108 a10", game="seahaven-towers").move(0).source.index
    9
    >>> parse_solution("1:6r6r\\n617:5r\\n", deal=617).tokens
    ['5r']
    """
    return _read(_text_lines(text), format, lambda: text, game=game, deal=deal).read_all()


def _text_lines(text: str) -> Iterator[tuple[int, str]]:
    if not isinstance(text, str):
        raise InvalidSolution(f"a solution is text, not {type(text).__name__}")
    if "\x00" in text:
        raise InvalidSolution("binary data, not a solution")
    # Lines end at "\n" (and "\r\n"), as a file read as a stream: not at NEL or U+2028,
    # which str.splitlines takes too (the line numbers of the two readings would differ).
    lines = [line[:-1] if line.endswith("\r") else line for line in text.split("\n")]
    if lines and lines[-1] == "":
        lines.pop()
    return enumerate(lines, 1)


def open_solution(source: str | None, format: str | None = None, game: str | None = None,
                  deal: int | None = None) -> Solution:
    """A solution file (``-`` or None: stdin) read as a stream: the header now, the
    moves through :meth:`Solution.steps`. Bounded by ``files.LIMITS``. ``game``,
    ``deal``: as :func:`parse_solution`'s."""
    lines, whole, head_text = _open(source)
    return _read(lines, format, whole, head_text=head_text, game=game, deal=deal)


def solutions_in(source: str | None, format: str | None = None, game: str | None = None,
                 text: str | None = None, deal: int | None = None) -> Iterator[Solution | InvalidSolution]:
    """Every solution of a file (``-`` or None: stdin), or of ``text`` when given:
    the one of a file in any format but macroxue's, read as :func:`open_solution`
    reads it; each line of macroxue's, read as it comes (only those of ``deal``,
    when given). A line that cannot be read is its :class:`InvalidSolution`, in
    its place, and the lines after it are read on; an error that ends the whole
    file is raised.

    >>> [s.deal if isinstance(s, Solution) else str(s) for s in solutions_in(None, text="1:6r\\n0:1r\\n3:5r")]
    [1, 'line 2: deal number 0 is out of range (1 to 8,589,934,591)', 3]
    """
    if text is not None:
        lines, whole, head_text = _text_lines(text), (lambda: text), text[:DETECT_CHARS]
    else:
        lines, whole, head_text = _open(source)
    fmt = format or detect_solution_format(head_text)
    if fmt != "macroxue":
        sol = _read(lines, fmt, whole, head_text=head_text, game=game)
        yield sol.read_all() if text is not None else sol
        return
    from .macroxue import read_line

    _freecell_only(game)
    empty = True
    for lineno, line in lines:
        if line.strip() and (deal is None or _names_deal(line, lineno, deal)):
            empty = False
            try:
                yield read_line(line, lineno)
            except InvalidSolution as e:
                yield e
    if empty:
        raise InvalidSolution(f"no line for deal {deal}" if deal is not None else "empty file, no moves")


def _names_deal(line: str, lineno: int, deal: int) -> bool:
    """Whether a line of macroxue's is ``deal``'s (one that names no deal is not)."""
    from .macroxue import line_deal

    try:
        return line_deal(line, lineno) == deal
    except InvalidSolution:
        return False


def _open(source: str | None) -> tuple[Iterator[tuple[int, str]], Callable[[], str], str]:
    """A file's lines (blank ones left out), its whole text when asked for (JSON
    is parsed whole, within its own limit), and the head that tells its format."""
    from ..files import LIMITS, InputTooLarge, numbered_lines

    lines = numbered_lines(source, "solution")  # blank lines left out, cheaply
    head: list[tuple[int, str]] = []
    size = 0
    for line in lines:  # enough of the head to tell the format
        head.append(line)
        size += len(line[1]) + 1
        if size >= DETECT_CHARS:
            break

    def whole() -> str:  # JSON is parsed whole, within its own limit
        parts: list[str] = []
        total = last = 0
        for lineno, line in itertools.chain(head, lines):
            total += len(line) + lineno - last  # the blank lines left out, as line endings
            if total > LIMITS["JSON solution"]:
                raise InputTooLarge(
                    f"a JSON solution is larger than {LIMITS['JSON solution']:,} bytes, its limit "
                    "(the text formats are read as a stream, with no such limit)")
            parts.append("\n" * (lineno - last - 1) + line)  # line numbers in JSON errors stay right
            last = lineno
        return "\n".join(parts)

    return itertools.chain(head, lines), whole, "\n".join(line for _, line in head)


def _read(lines: Iterator[tuple[int, str]], format: str | None, whole: Callable[[], str], head_text: str | None = None,
          game: str | None = None, deal: int | None = None) -> Solution:
    """The header of a solution, with its moves left in ``stream``."""
    if format is not None and format not in SOLUTION_FORMATS:
        raise InvalidSolution(f"unknown solution format {quote(format)} (choose from {', '.join(SOLUTION_FORMATS)})")
    asked = _game_asked(game)
    fmt = format or detect_solution_format(head_text if head_text is not None else whole())
    if fmt == "json":
        return _parse_json(whole(), asked)
    if fmt == "macroxue":
        _freecell_only(game)
        return _macroxue_line(lines, deal)
    sol = Solution(format=fmt, game=asked[1], read_as=asked[0])
    if fmt == "fcpro":
        sol.variant, sol.empty_column = "windows", "max"
    gen = _fcsolve_steps(lines, sol) if fmt == "fc-solve" else _notation_steps(lines, sol)
    # Read up to the first move, so the header is known before any replay.
    first = next(gen, None)
    if first is None:
        if sol.position is None and sol.claims_solved is None and fmt != "freecell-cli":
            raise InvalidSolution("empty file, no moves")
        sol.stream = iter(())
    else:
        sol.stream = itertools.chain([first], gen)
    return sol


def _game_asked(game: str | None) -> tuple[str | None, str | None]:
    """The game a file is asked to be read as (None: unsaid) and its family game
    (None: FreeCell, or unsaid)."""
    if game is None:
        return None, None
    from ..games import find_game

    try:
        g = find_game(game)
    except FreecellError as e:
        raise InvalidSolution(str(e)) from None
    return g.name, g.name if g.family else None


def _freecell_only(game: str | None) -> None:
    if _game_asked(game)[1] is not None:
        from ..games import find_game

        raise InvalidSolution(f"macroxue's solutions are FreeCell's, not {find_game(game).possessive}")


def _macroxue_line(lines: Iterator[tuple[int, str]], deal: int | None) -> Solution:
    """The one solution of a file of macroxue's lines, or the one for ``deal``."""
    from .macroxue import line_deal, read_line

    found: Solution | None = None
    for lineno, line in lines:
        if not line.strip():
            continue
        if deal is not None:
            if _names_deal(line, lineno, deal):
                return read_line(line, lineno)
            continue
        if found is not None:
            raise InvalidSolution(
                f"line {lineno}: a second solution (deal {line_deal(line, lineno)}): the file holds one a line; "
                "give a deal to take its line (--deal N), or verify them all (freecell verify)")
        found = read_line(line, lineno)
    if found is None:
        raise InvalidSolution(f"no line for deal {deal}" if deal is not None else "empty file, no moves")
    return found


def _same_game(sol: Solution, game: str | None, where: str, table: bool = False) -> None:
    """The game a file names (None: FreeCell) must be the one it is read as, or
    the one it named before; else it is the game the file is for. A start
    position (``table``) that names none is a table of the game it is read as."""
    from ..games import find_game

    if table and game is None:
        return
    if sol.read_as is not None or sol.game is not None:
        if game != sol.game:
            how = "read as" if sol.read_as is not None else "and before that"
            raise InvalidSolution(f"{where}: the solution is for {find_game(game).title}, "
                                  f"{how} {find_game(sol.game).possessive}")
        return
    sol.game = game


# -- standard notation, our header, FreeCell Pro ----------------------------------
_HEADER_KEYS_BEFORE_MOVES = ("game", "deal", "position", "variant", "cells", "empty-column")


_GIVE_IT = "give it as the start (-p/--position; position= in the library)"


def _a_position(text: str) -> str | None:
    """What to say when ``text`` (a line with a colon, which no move has) begins
    a position given where its solution goes: a compact position (Spider's
    starts ``spider``), or Freecell Solver's board (its first line); else None."""
    from ..formats.compact import parse_compact

    t = text.strip()
    if t.startswith("spider"):
        return "this is a Spider position, not moves: Spider's solutions are freecell spider verify's"
    if not t.startswith("Foundations:"):
        try:
            parse_compact(t)
        except FreecellError:
            return None
    return f"this is a position, not moves: {_GIVE_IT}"


def _notation_steps(lines: Iterator[tuple[int, str]], sol: Solution) -> Iterator[Step]:
    moved = False
    count = 0
    for lineno, raw in lines:
        body, hash_, comment = raw.partition("#")
        if hash_ and not body.strip():
            _header_line(sol, comment, lineno, moved)
        if not moved and ":" in body and (what := _a_position(body)) is not None:
            raise InvalidSolution(f"line {lineno}: {what}")
        for token in split_moves(body):  # ASCII separators only: NEL or U+2028 is part of a token
            moved = True
            count += 1
            yield Step(token, lineno, _parse_token(token, lineno, sol.columns))
    if sol.stated_moves is not None and sol.stated_moves[0] != count:
        n, line = sol.stated_moves
        raise InvalidSolution(f"line {line}: the header says {n} moves, the file has {count}")


def _header_line(sol: Solution, comment: str, lineno: int, moved: bool = False) -> None:
    from ..deals import parse_deal_number
    from ..formats import parse_position
    from ..games import find_game
    from ..variants import find_variant

    if lineno == 1 and comment.strip().lower().startswith("spider deal"):  # the other game's file
        raise InvalidSolution(f"line 1: this is a Spider solution ({comment.strip()[:30]!r}): use freecell spider verify")
    if sol.format == "fcpro" and lineno == 1:
        m = _FCPRO_RE.match("#" + comment)
        if m:
            sol.deal = _field(parse_deal_number, m.group(1), lineno)
            for value in _NUMFCS_RE.findall(comment):  # given twice, it must say the same twice
                count = _cells(value, "NumFcs", lineno)
                if sol.cells is not None and sol.cells != count:
                    raise InvalidSolution(f"line {lineno}: a second NumFcs, {quote(value)}, disagrees with the first")
                sol.cells = count
        return
    if sol.format != "freecell-cli":
        return
    key, sep, value = comment.partition(":")
    key, value = key.strip().lower(), value.strip()
    if not sep:
        return
    if moved and key in _HEADER_KEYS_BEFORE_MOVES:
        raise InvalidSolution(f"line {lineno}: the header line '{key}:' must come before the moves")
    if key == "game":
        named = _field(find_game, value, lineno)
        if sol.position is not None or sol.deal is not None:
            raise InvalidSolution(f"line {lineno}: the header line 'game:' must come before 'deal:' and 'position:'")
        _same_game(sol, named.name if named.family else None, f"line {lineno}")
    elif key == "deal":
        n = _field(parse_deal_number, value, lineno)
        _once(sol.deal, n, key, value, lineno)
        sol.deal = n
        check_start(sol, f"line {lineno}")
    elif key == "position":
        p = _field(parse_position, value, lineno)
        _same_game(sol, p.game, f"line {lineno}", table=True)
        _once(sol.position, p, key, value, lineno)
        sol.position = p
        check_start(sol, f"line {lineno}")
        check_cells(sol, f"line {lineno}")
    elif key == "variant":
        v = _field(lambda v: find_variant(v).name, value, lineno)
        _once(sol.variant, v, key, value, lineno)
        sol.variant = v
    elif key == "cells":
        count = _cells(value, "cells", lineno)
        _once(sol.cells, count, key, value, lineno)
        sol.cells = count
        check_cells(sol, f"line {lineno}")
    elif key == "empty-column":
        if value not in ("one", "max"):
            raise InvalidSolution(f"line {lineno}: empty-column must be one or max, got {value[:20]!r}")
        _once(sol.empty_column, value, key, value, lineno)
        sol.empty_column = value
    elif key == "moves":
        if not (value.isascii() and value.isdigit()) or len(value) > 12:
            raise InvalidSolution(f"line {lineno}: moves must be a whole number, got {quote(value)}")
        _once(sol.stated_moves[0] if sol.stated_moves else None, int(value), key, value, lineno)
        sol.stated_moves = (int(value), lineno)


def _cells(value: str, name: str, lineno: int) -> int:
    if not (value.isascii() and value.isdigit()) or len(value) > 2 or int(value) > 15:
        raise InvalidSolution(f"line {lineno}: {name} must be 0..15, got {quote(value, 24)}")
    return int(value)


def _once(old: object, new: object, key: str, value: str, lineno: int) -> None:
    """A header given twice must say the same thing twice."""
    if old is not None and old != new:
        raise InvalidSolution(f"line {lineno}: a second '{key}:' header, {quote(value)}, disagrees with the first")



def _field(parse: Callable[[str], T], value: str, lineno: int) -> T:
    try:
        return parse(value)
    except FreecellError as e:
        raise InvalidSolution(f"line {lineno}: {e}") from None


# -- Freecell Solver output -------------------------------------------------------
_VERBOSE_RE = re.compile(
    r"^Move (a card|[0-9]{1,3} cards) from (stack|freecell) ([0-9]{1,3}) to "
    r"(?:(stack|freecell) ([0-9]{1,3})|the foundations)$", re.A
)
_SEQ_FOUND_RE = re.compile(r"^Move the sequence on top of Stack ([0-9]{1,3}) to the foundations$", re.I | re.A)
_FCS_NOISE = ("Total number of states", "This scan generated", "Stored-States", "Iteration:", "Depth:",
              "Scan:", "Reading the board", "Please refer", "    http", "To cancel this message")


def _verbose_move(line: str, lineno: int, columns: int = 9) -> list[Move]:
    m = _VERBOSE_RE.match(line)
    if m:
        count = 1 if m.group(1) == "a card" else int(m.group(1).split()[0])
        if count < 1:
            raise InvalidSolution(f"line {lineno}: a move of no cards: {quote(line)}")
        src = Place(COLUMN if m.group(2) == "stack" else CELL, int(m.group(3)))
        if m.group(4) is None:
            dst = Place(FOUNDATION, -1)
        else:
            dst = Place(COLUMN if m.group(4) == "stack" else CELL, int(m.group(5)))
        if src.kind == CELL and src.index >= 15 or dst.kind == CELL and dst.index >= 15:
            raise InvalidSolution(f"line {lineno}: no such free cell in {quote(line)}")
        if src.kind == COLUMN and src.index >= columns or dst.kind == COLUMN and dst.index >= columns:
            raise InvalidSolution(f"line {lineno}: no such stack in {quote(line)}")
        return [Move(src, dst, count, dst.kind == COLUMN and count > 1)]
    m = _SEQ_FOUND_RE.match(line)
    if m:
        if int(m.group(1)) >= columns:
            raise InvalidSolution(f"line {lineno}: no such stack in {quote(line)}")
        src = Place(COLUMN, int(m.group(1)))
        # One fc-solve step, thirteen cards home: each counted as a move.
        return [Move(src, Place(FOUNDATION, -1), 1)] * 13
    raise InvalidSolution(f"line {lineno}: not a Freecell Solver move: {line[:80]!r}")


# fc-solve names its free cells a..g, then k, l, ... (its move.h skips h, i and j); we
# name them a..g, then i, j, ... (only h, home, is skipped).
_FCS_CELLS = str.maketrans("klmnopqr", "ijklmnop")


def fcs_notation(token: str, columns: int = 9) -> str:
    """A move of fc-solve's standard notation (``-sn``, ``-snx``) in ours: its eighth
    free cell is ``k``, ours ``i``. On ten columns a place may be ``10`` (``10k``).

    >>> fcs_notation("6k"), fcs_notation("l3"), fcs_notation("5a"), fcs_notation("34v3")
    ('6i', 'j3', '5a', '34v3')
    >>> fcs_notation("10k", 10)
    '10i'
    """
    if columns > 9:
        places, v, count = token.partition("v")
        return places.translate(_FCS_CELLS) + v + count
    return token[:2].translate(_FCS_CELLS) + token[2:]


def _fcsolve_steps(lines: Iterator[tuple[int, str]], sol: Solution) -> Iterator[Step]:
    """Moves of fc-solve's output; a move is given out once the state printed after
    it (if any) has been read, so each step carries its own state."""
    from ..formats.fcs import parse_fcs, stated_cells

    sol.cells_open = True  # until a state says how many: fc-solve's moves alone never do
    state_lines: list[str] = []
    state_start = 0
    pending: list[Step] = []  # the moves of the last move line, waiting for their state
    moved = False

    def close_state() -> None:
        nonlocal state_lines
        state = "\n".join(state_lines) + "\n"
        state_lines = []
        if moved:
            if pending:
                pending[-1] = Step(pending[-1].token, pending[-1].line, pending[-1].move, state,
                                   state_line=state_start)
        elif sol.position is None:
            try:
                sol.position = parse_fcs(state, game=sol.game)
            except FreecellError as e:
                raise InvalidSolution(state_error(e, state_start, "initial state")) from None
            if stated_cells(state) is not None:
                sol.cells, sol.cells_open = len(sol.position.cells), False
            # else the line may have been trimmed, or fc-solve stopped after the last card

    last = 0
    for lineno, raw in lines:
        line = raw.strip()
        gap, last = lineno > last + 1, lineno  # blank lines left out by the reader end a state too
        if state_lines:
            if not gap and line.startswith(("Freecells:", "FC:", ":")) and len(state_lines) < 40:
                state_lines.append(raw)
                continue
            close_state()
        if not line or line.startswith(("-=-=-", "=====")):
            continue
        if line.startswith(("Foundations:", "Founds:")):
            state_lines = [raw]
            state_start = lineno
            continue
        if line.startswith("This game is solveable"):
            sol.claims_solved = True
            continue
        if line.startswith("I could not solve"):
            sol.claims_solved = False
            continue
        if line.startswith(_FCS_NOISE):
            continue
        yield from pending
        pending = []
        moved = True
        if line.startswith("Move: "):
            token = line[6:].strip()
            pending = [Step(token, lineno, _parse_token(fcs_notation(token, sol.columns), lineno, sol.columns))]
        elif line.startswith("Move "):
            pending = [Step(line, lineno, move) for move in _verbose_move(line, lineno, sol.columns)]
        else:
            pending = [Step(token, lineno, _parse_token(fcs_notation(token, sol.columns), lineno, sol.columns))
                       for token in split_moves(line)]
    if state_lines:
        close_state()
    yield from pending


# -- JSON ---------------------------------------------------------------------
SAVED_GAME_FORMAT = "freecell-cli-game"  # a game `freecell play` saved (freecell_cli.game.Game.to_dict)
SAVED_SPIDER_GAME_FORMAT = "freecell-cli-spider-game"


def _saved_game(d: dict[str, object]) -> Solution:
    """A saved game read as the solution attempt it is: its start, its variant and
    the moves played (the ones it could redo left out). The save is checked as
    ``play`` checks one, every move replayed: a fault is one line naming the field."""
    from ..game import Game

    try:
        game = Game.from_dict(d)
    except FreecellError as e:
        raise InvalidSolution(str(e)) from None
    sol = solution_from(game.start, game.played(), game.variant.name)
    sol.format = "saved-game"
    return sol


def _parse_json(text: str, asked: tuple[str | None, str | None] = (None, None)) -> Solution:
    import orjson

    from ..deals import check_deal_number
    from ..formats.json import position_from_dict
    from ..games import find_game
    from ..variants import find_variant

    try:
        d = orjson.loads(text)
    except orjson.JSONDecodeError as e:
        raise InvalidSolution(f"bad JSON: {e}") from None
    kind = d.get("format") if isinstance(d, dict) else None
    if isinstance(d, dict) and "format" in d and not isinstance(kind, str):  # a field not as written
        raise InvalidSolution(f"JSON solution: 'format' must be text, not {quote(kind, 24)}")
    if kind == SAVED_GAME_FORMAT:
        return _saved_game(d)
    if kind == SAVED_SPIDER_GAME_FORMAT:
        raise InvalidSolution("this is a saved Spider game: use freecell spider verify")
    if isinstance(kind, str) and kind.lower().startswith("freecell-") and kind != JSON_FORMAT:
        # another of our files (a saved game) or another version's: as a '# freecell-...' first line
        raise InvalidSolution(f"JSON solution: unknown format or version {quote(kind)} (this version reads {quote(JSON_FORMAT)})")
    if isinstance(d, dict) and "moves" not in d and isinstance(d.get("columns"), list):
        raise InvalidSolution(f"this is a position (JSON), not a solution: {_GIVE_IT}")
    if not isinstance(d, dict) or not isinstance(d.get("moves"), list):
        raise InvalidSolution("JSON solution needs an object with a 'moves' list")
    sol = Solution(format="json", game=asked[1], read_as=asked[0])
    try:
        if d.get("game") is not None:
            named = find_game(d["game"])
            _same_game(sol, named.name if named.family else None, "JSON solution")
        if d.get("deal") is not None:
            sol.deal = check_deal_number(d["deal"])
        if d.get("position") is not None:
            pos = d["position"]
            if isinstance(pos, str):
                from ..formats import parse_position

                sol.position = parse_position(pos)
            else:
                sol.position = position_from_dict(pos)
            _same_game(sol, sol.position.game, "JSON solution", table=True)
        if d.get("variant") is not None:
            sol.variant = find_variant(d["variant"]).name
    except FreecellError as e:
        raise InvalidSolution(f"JSON solution: {e}") from None
    check_start(sol, "JSON solution")
    cells = d.get("cells")
    if cells is not None:
        if isinstance(cells, bool) or not isinstance(cells, int) or not 0 <= cells <= 15:
            raise InvalidSolution(f"JSON solution: cells must be 0..15, got {str(cells)[:20]!r}")
        sol.cells = cells
        check_cells(sol, "JSON solution")
    for i, token in enumerate(d["moves"], 1):
        if not isinstance(token, str):
            raise InvalidSolution(f"JSON solution: move {i} is not a string: {str(token)[:20]!r}")
        try:
            _cached_move(token, sol.columns)
        except FreecellError as e:
            raise InvalidSolution(f"JSON solution: move {i}: {e}") from None
        sol.tokens.append(token)
        sol.lines.append(1)
    return sol


def state_error(error: Exception, start: int | None, what: str, near: int = 0) -> str:
    """The message of a state printed in a file, its line given in the file's
    numbering from the state's first, ``start`` (the state's reader counts its
    lines from there). Where that is not known (None): the line ``near`` it, and
    the line within the state.

    >>> state_error(ValueError("line 3: unknown card 'X'"), 3, "initial state")
    "line 5: initial state: unknown card 'X'"
    >>> state_error(ValueError("no columns"), 3, "initial state")
    'line 3: initial state: no columns'
    >>> state_error(ValueError("line 3: unknown card 'X'"), None, "state after the move", 17)
    "line 17: state after the move (its line 3): unknown card 'X'"
    """
    text = str(error)
    found = re.match(r"line (\d+): ", text)
    if start is None:
        where = "" if found is None else f" (its line {found.group(1)})"
        return f"line {near}: {what}{where}: {text if found is None else text[found.end():]}"
    if found is None:
        return f"line {start}: {what}: {text}"
    return f"line {start + int(found.group(1)) - 1}: {what}: {text[found.end():]}"
