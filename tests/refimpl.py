"""An independent, deliberately plain replayer used as an oracle for verify.

It shares no code with freecell_cli: cards are strings, the table is lists,
rules are written out again from RULES.md. It reports the first move that is
illegal and a short kind of reason.
"""

from __future__ import annotations

import re

RANKS = "A23456789TJQK"
RED = set("DH")


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def fits(card: str, on: str) -> bool:
    return rank(on) == rank(card) + 1 and ((card[1] in RED) != (on[1] in RED))


def site_capacity(free: int, empty: int) -> int:
    return 2**free * (empty + 1)


def standard_capacity(free: int, empty: int) -> int:
    return (free + 1) * 2**empty


class Table:
    def __init__(self, columns: list[list[str]], cells: int = 4):
        self.cols = [list(c) for c in columns]
        self.cells: list[str | None] = [None] * cells
        self.home = {s: 0 for s in "CDHS"}

    def cards_home(self) -> int:
        return sum(self.home.values())


TOKEN = re.compile(r"^([1-8a-d])([1-8a-dh])(?:v([0-9a-f]+))?$")


def replay(columns, tokens, capacity, cells=4):
    """Return (index of first illegal move or None, reason kind, table)."""
    t = Table(columns, cells)
    for i, tok in enumerate(tokens, 1):
        m = TOKEN.match(tok)
        s, d, v = m.group(1), m.group(2), m.group(3)
        # source cards available
        if s.isalpha():
            c = t.cells["abcd".index(s)]
            if c is None:
                return i, "empty-source", t
            run = [c]
        else:
            col = t.cols[int(s) - 1]
            if not col:
                return i, "empty-source", t
            k = 1
            while k < len(col) and fits(col[-k], col[-k - 1]):
                k += 1
            run = col[-k:]
        if d == "h":
            card = run[-1]
            if t.home[card[1]] != rank(card) - 1:
                return i, "foundation", t
            t.home[card[1]] += 1
            _remove(t, s, 1)
            continue
        if d.isalpha():
            j = "abcd".index(d)
            if s.isalpha():
                return i, "cell-to-cell", t
            if t.cells[j] is not None:
                return i, "cell-occupied", t
            t.cells[j] = run[-1]
            _remove(t, s, 1)
            continue
        dest = t.cols[int(d) - 1]
        free = sum(c is None for c in t.cells)
        if dest:
            n = next((n for n in range(1, len(run) + 1) if fits(run[-n], dest[-1])), None)
            if n is None:
                return i, "no-fit", t
            empty = sum(1 for c in t.cols if not c)
        else:
            n = int(v, 16) if v else 1
            if n > len(run):
                return i, "short-run", t
            empty = sum(1 for c in t.cols if not c) - 1
        if n > 1 and n > capacity(free, empty):
            return i, "capacity", t
        moving = run[-n:]
        _remove(t, s, n)
        dest.extend(moving)
    return None, None, t


def _remove(t: Table, s: str, n: int) -> None:
    if s.isalpha():
        t.cells["abcd".index(s)] = None
    else:
        del t.cols[int(s) - 1][-n:]


KIND_PATTERNS = {
    "empty-source": r"is empty$",
    "foundation": r"cannot go to the foundation",
    "cell-to-cell": r"between free cells",
    "cell-occupied": r"^free cell [a-d] holds",
    "no-fit": r"cannot go on|fits on",
    "short-run": r"has a run of",
    "capacity": r"cards > can move",
}
