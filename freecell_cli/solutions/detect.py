"""Which format a solution is in, from the head of its text."""

from __future__ import annotations

import re

from ..errors import InvalidSolution, quote
from .model import MAGIC

# Digits are ASCII and bounded: int() on 5000 digits raises, "²" is not a digit.
_FCPRO_RE = re.compile(r"^#\s*([0-9]{1,20})\s+Attempt:", re.I | re.A)
_NUMFCS_RE = re.compile(r"NumFcs\s*=\s*([^\s()]*)", re.I)
_FCS_MARKERS = ("-=-=-=", "Move a card", "Move: ", "This game is solveable", "I could not solve")
_FCS_MOVE_RE = re.compile(r"^Move [0-9]{1,3} cards", re.M | re.A)
_MAGIC_RE = re.compile(r"#[ \t]*freecell-cli[ \t]+solution", re.I)
_OTHER_MAGIC_RE = re.compile(r"#[ \t]*freecell-", re.I)
# macroxue's DEAL:MOVES (its reader checks the rest of the line, and the lines after)
_MACROXUE_RE = re.compile(r"[0-9]+:", re.A)
DETECT_CHARS = 20_000  # how much of the head decides the format


def detect_solution_format(text: str) -> str:
    """The format of a solution, from its first :data:`DETECT_CHARS` characters.

    >>> detect_solution_format("#617 Attempt: 1 NumFcs=4 (FCPro)"), detect_solution_format("5a 58")
    ('fcpro', 'standard')
    >>> detect_solution_format("617:4r462r2772424r")
    'macroxue'
    """
    head = text[:DETECT_CHARS]
    stripped = head.lstrip()
    if stripped.startswith("{"):
        return "json"
    first = stripped.split("\n", 1)[0].strip()
    if _MAGIC_RE.fullmatch(first):
        return "freecell-cli"
    if _OTHER_MAGIC_RE.match(first):  # another version's or program's: its headers would be read as comments
        raise InvalidSolution(f"line 1: unknown solution format or version {quote(first, 40)} "
                              f"(this version reads {quote(MAGIC)})")
    if _FCPRO_RE.match(first) or "(FCPro)" in first:
        return "fcpro"
    if _MACROXUE_RE.match(first):
        return "macroxue"
    if any(m in head for m in _FCS_MARKERS) or _FCS_MOVE_RE.search(head):
        return "fc-solve"
    return "standard"
