"""Solution files: read every common format, write our own.

Formats (auto-detected by :func:`detect_solution_format`):

* ``standard`` — moves in standard notation separated by spaces/newlines, ``#``
  comments; ``v<hex>`` counts (fc-solve ``-snx``).
* ``fc-solve`` — Freecell Solver's complete output for ``-m``, ``-m -sn``,
  ``-m -snx`` and ``-p -t -sam`` (states after each move are kept for checking).
* ``fcpro`` — FreeCell Pro files (``#617 Attempt: 1 NumFcs=4 (FCPro)``): automatic
  moves are left out, so they are read under the ``windows`` rules by default.
* ``freecell-cli`` — ours: ``#`` header lines ``key: value`` then the moves::

      # freecell-cli solution
      # deal: 617
      # variant: site
      # cells: 4
      # moves: 3
      5a 82 a2

* ``json`` — ``{"deal": 617, "variant": "site", "cells": 4, "moves": ["5a", ...]}``.

>>> s = parse_solution("# freecell-cli solution\\n# deal: 617\\n5a 82\\n")
>>> s.format, s.deal, s.tokens
('freecell-cli', 617, ['5a', '82'])
>>> parse_solution(format_solution(s)).deal
617
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from .errors import FreecellError, InvalidSolution
from .moves import CELL, COLUMN, FOUNDATION, Move, Place, split_moves
from .position import Position

SOLUTION_FORMATS = ("standard", "fc-solve", "fcpro", "freecell-cli", "json")
MAGIC = "# freecell-cli solution"


@dataclass
class Solution:
    """Moves as written (``tokens``) with their line numbers, and what the file
    says around them. Kept as flat lists so that a 10 MB file stays cheap."""

    tokens: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    format: str = "standard"
    deal: int | None = None
    position: Position | None = None  # explicit start (header, or fc-solve's first state)
    variant: str | None = None
    cells: int | None = None
    empty_column: str | None = None  # "max" for FreeCell Pro files
    claims_solved: bool | None = None  # fc-solve's closing line
    states: dict[int, str] = field(default_factory=dict)  # move index (0-based) -> state after it
    explicit: dict[int, Move] = field(default_factory=dict)  # moves not in standard notation

    def __len__(self) -> int:
        return len(self.tokens)

    def move(self, i: int) -> Move:
        """The i-th (0-based) move, parsed."""
        m = self.explicit.get(i)
        return m if m is not None else _parse_token(self.tokens[i], self.lines[i])

    def add(self, token: str, line: int, move: Move | None = None) -> None:
        if move is None:
            _parse_token(token, line)  # fail early on a malformed token
        else:
            self.explicit[len(self.tokens)] = move
        self.tokens.append(token)
        self.lines.append(line)

    def notation(self) -> list[str]:
        """Every move in standard notation."""
        return [str(self.explicit[i]) if i in self.explicit else t for i, t in enumerate(self.tokens)]


@lru_cache(maxsize=4096)
def _cached_move(token: str) -> Move:
    return Move.parse(token)


def _parse_token(token: str, line: int) -> Move:
    try:
        return _cached_move(token)
    except FreecellError as e:
        raise InvalidSolution(f"line {line}: {e}") from None


# -- detection --------------------------------------------------------------
_FCPRO_RE = re.compile(r"^#\s*(\d+)\s+Attempt:", re.I)
_NUMFCS_RE = re.compile(r"NumFcs=(\d+)", re.I)
_FCS_MARKERS = ("-=-=-=", "Move a card", "Move: ", "This game is solveable", "I could not solve")


def detect_solution_format(text: str) -> str:
    stripped = text.lstrip()
    if stripped.startswith("{"):
        return "json"
    first = stripped.split("\n", 1)[0].strip()
    if first.lower().startswith(MAGIC):
        return "freecell-cli"
    if _FCPRO_RE.match(first) or "(FCPro)" in first:
        return "fcpro"
    head = text[:20000]
    if any(m in head for m in _FCS_MARKERS) or re.search(r"^Move \d+ cards", head, re.M):
        return "fc-solve"
    return "standard"


def parse_solution(text: str, format: str | None = None) -> Solution:
    """Read a solution in any known format (auto-detected unless ``format``)."""
    if "\x00" in text:
        raise InvalidSolution("binary data, not a solution")
    if not text.strip():
        raise InvalidSolution("empty file, no moves")
    fmt = format or detect_solution_format(text)
    if fmt == "json":
        return _parse_json(text)
    if fmt == "fc-solve":
        return _parse_fcsolve(text)
    if fmt in ("standard", "freecell-cli", "fcpro"):
        return _parse_notation(text, fmt)
    raise InvalidSolution(f"unknown solution format {format!r} (choose from {', '.join(SOLUTION_FORMATS)})")


# -- standard notation, our header, FreeCell Pro ----------------------------------
def _parse_notation(text: str, fmt: str) -> Solution:
    sol = Solution(format=fmt)
    if fmt == "fcpro":
        sol.variant, sol.empty_column = "windows", "max"
    checked: set[str] = set()
    tokens, lines = sol.tokens, sol.lines
    for lineno, raw in enumerate(text.splitlines(), 1):
        body, hash_, comment = raw.partition("#")
        if hash_ and not body.strip():
            _header_line(sol, comment, lineno)
        found = body.replace(",", " ").replace(";", " ").split()
        if not found:
            continue
        for token in found:
            if token not in checked:
                _parse_token(token, lineno)
                checked.add(token)
        tokens.extend(found)
        lines.extend([lineno] * len(found))
    return sol


def _header_line(sol: Solution, comment: str, lineno: int) -> None:
    from .deals import parse_deal_number
    from .formats import parse_position
    from .variants import find_variant

    if sol.format == "fcpro" and lineno == 1:
        m = _FCPRO_RE.match("#" + comment)
        if m:
            sol.deal = _field(parse_deal_number, m.group(1), lineno)
            cells = _NUMFCS_RE.search(comment)
            if cells and int(cells.group(1)) <= 15:
                sol.cells = int(cells.group(1))
        return
    if sol.format != "freecell-cli":
        return
    key, sep, value = comment.partition(":")
    key, value = key.strip().lower(), value.strip()
    if not sep:
        return
    if key == "deal":
        sol.deal = _field(parse_deal_number, value, lineno)
    elif key == "position":
        sol.position = _field(parse_position, value, lineno)
    elif key == "variant":
        sol.variant = _field(lambda v: find_variant(v).name, value, lineno)
    elif key == "cells":
        if not value.isdigit() or int(value) > 15:
            raise InvalidSolution(f"line {lineno}: cells must be 0..15, got {value!r}")
        sol.cells = int(value)
    elif key == "empty-column":
        if value not in ("one", "max"):
            raise InvalidSolution(f"line {lineno}: empty-column must be one or max, got {value!r}")
        sol.empty_column = value


def _field(parse, value: str, lineno: int):
    try:
        return parse(value)
    except FreecellError as e:
        raise InvalidSolution(f"line {lineno}: {e}") from None


# -- Freecell Solver output -------------------------------------------------------
_VERBOSE_RE = re.compile(
    r"^Move (a card|\d+ cards) from (stack|freecell) (\d+) to "
    r"(?:(stack|freecell) (\d+)|the foundations)$"
)
_SEQ_FOUND_RE = re.compile(r"^Move the sequence on top of Stack (\d+) to the foundations$", re.I)


def _verbose_move(line: str, lineno: int) -> list[Move]:
    m = _VERBOSE_RE.match(line)
    if m:
        count = 1 if m.group(1) == "a card" else int(m.group(1).split()[0])
        src = Place(COLUMN if m.group(2) == "stack" else CELL, int(m.group(3)))
        if m.group(4) is None:
            dst = Place(FOUNDATION, -1)
        else:
            dst = Place(COLUMN if m.group(4) == "stack" else CELL, int(m.group(5)))
        if src.kind == CELL and src.index >= 15 or dst.kind == CELL and dst.index >= 15:
            raise InvalidSolution(f"line {lineno}: no such free cell in {line!r}")
        if src.kind == COLUMN and src.index >= 9 or dst.kind == COLUMN and dst.index >= 9:
            raise InvalidSolution(f"line {lineno}: no such stack in {line!r}")
        return [Move(src, dst, count, dst.kind == COLUMN and count > 1)]
    m = _SEQ_FOUND_RE.match(line)
    if m:
        src = Place(COLUMN, int(m.group(1)))
        # One fc-solve step, thirteen cards home: each counted as a move.
        return [Move(src, Place(FOUNDATION, -1), 1)] * 13
    raise InvalidSolution(f"line {lineno}: not a Freecell Solver move: {line!r}")


def _parse_fcsolve(text: str) -> Solution:
    from .formats.fcs import parse_fcs

    sol = Solution(format="fc-solve")
    state_lines: list[str] = []
    state_start = 0

    def close_state() -> None:
        nonlocal state_lines
        if not state_lines:
            return
        state = "\n".join(state_lines) + "\n"
        state_lines = []
        if sol.tokens:
            sol.states[len(sol.tokens) - 1] = state
        elif sol.position is None:
            try:
                sol.position = parse_fcs(state)
            except FreecellError as e:
                raise InvalidSolution(f"line {state_start}: initial state: {e}") from None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if state_lines:
            if line.startswith(("Freecells:", "FC:", ":")):
                state_lines.append(raw.rstrip("\n"))
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
        if line.startswith(("Total number of states", "This scan generated", "Stored-States",
                            "Iteration:", "Depth:", "Scan:", "Reading the board", "Please refer",
                            "    http", "To cancel this message")):
            continue
        if line.startswith("Move: "):
            sol.add(line[6:].strip(), lineno)
            continue
        if line.startswith("Move "):
            for move in _verbose_move(line, lineno):
                sol.add(line, lineno, move)
            continue
        for token in split_moves(line):
            sol.add(token, lineno)
    close_state()
    return sol


# -- JSON ---------------------------------------------------------------------
def _parse_json(text: str) -> Solution:
    import orjson

    from .deals import check_deal_number
    from .formats.json import position_from_dict
    from .variants import find_variant

    try:
        d = orjson.loads(text)
    except orjson.JSONDecodeError as e:
        raise InvalidSolution(f"bad JSON: {e}") from None
    if not isinstance(d, dict) or not isinstance(d.get("moves"), list):
        raise InvalidSolution("JSON solution needs an object with a 'moves' list")
    sol = Solution(format="json")
    try:
        if d.get("deal") is not None:
            sol.deal = check_deal_number(d["deal"])
        if d.get("position") is not None:
            pos = d["position"]
            if isinstance(pos, str):
                from .formats import parse_position

                sol.position = parse_position(pos)
            else:
                sol.position = position_from_dict(pos)
        if d.get("variant") is not None:
            sol.variant = find_variant(d["variant"]).name
    except FreecellError as e:
        raise InvalidSolution(f"JSON solution: {e}") from None
    cells = d.get("cells")
    if cells is not None:
        if isinstance(cells, bool) or not isinstance(cells, int) or not 0 <= cells <= 15:
            raise InvalidSolution(f"JSON solution: cells must be 0..15, got {cells!r}")
        sol.cells = cells
    for i, token in enumerate(d["moves"], 1):
        if not isinstance(token, str):
            raise InvalidSolution(f"JSON solution: move {i} is not a string: {token!r}")
        try:
            _cached_move(token)
        except FreecellError as e:
            raise InvalidSolution(f"JSON solution: move {i}: {e}") from None
        sol.tokens.append(token)
        sol.lines.append(1)
    return sol


# -- writing ---------------------------------------------------------------------
def solution_from(start: Position, tokens: list[str], variant: str) -> Solution:
    """A solution of ``tokens`` played from ``start``. Its header names the deal when
    ``start`` is that deal's opening position, else the position itself."""
    from .deals import deal

    sol = Solution(tokens=list(tokens), variant=variant, cells=len(start.cells))
    if start.deal is not None and start.same_table(deal(start.deal, cells=len(start.cells))):
        sol.deal = start.deal
    else:
        sol.position = start
    return sol


def format_solution(solution: Solution, per_line: int = 10) -> str:
    """Our own solution file (header, then moves ten a line)."""
    from .formats.compact import format_compact

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
    tokens = solution.notation()
    lines.append(f"# moves: {len(tokens)}")
    for i in range(0, len(tokens), per_line):
        lines.append(" ".join(tokens[i : i + per_line]))
    return "\n".join(lines) + "\n"


def solution_to_dict(solution: Solution) -> dict:
    from .formats.compact import format_compact

    return {
        "format": "freecell-cli-solution",
        "deal": solution.deal,
        "position": None if solution.position is None else format_compact(solution.position),
        "variant": solution.variant,
        "cells": solution.cells,
        "moves": solution.notation(),
    }
