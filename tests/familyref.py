"""An independent, deliberately plain replayer of the FreeCell family's rules, used
as an oracle for verify (as refimpl.py is for FreeCell's variants).

It shares no code with freecell_cli: cards are strings, the table is lists, the
rules are parameters written out from the games' sources (Freecell Solver's
presets, PySolFC's row stacks): how a column builds (``alternate`` or ``suit``),
what an empty column takes (``any`` or ``kings``), how many cards a run may move
(``capacity(free cells, empty columns besides the destination)``). It reads
Freecell Solver's ``-snx`` tokens (free cells a..g, then k; columns 1..10) and
reports the first illegal move.
"""

from __future__ import annotations

import re

RANKS = "A23456789TJQK"
RED = set("DH")
CELLS = "abcdefgklmnop"  # fc-solve's letters: h is home, i and j are skipped


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 1


def fits(card: str, on: str, build: str) -> bool:
    if rank(on) != rank(card) + 1:
        return False
    if build == "suit":
        return card[1] == on[1]
    return (card[1] in RED) != (on[1] in RED)


def supermove(free: int, empty: int) -> int:
    return (free + 1) * 2**empty


def through_cells(free: int, empty: int) -> int:
    return free + 1


def unlimited(free: int, empty: int) -> int:
    return 52


# Each game's rules from its sources; FreeCell's as Freecell Solver and PySolFC play it.
RULES = {
    "freecell": ("alternate", "any", supermove),
    "bakers-game": ("suit", "any", supermove),
    "eight-off": ("suit", "kings", through_cells),
    "seahaven-towers": ("suit", "kings", through_cells),
    "forecell": ("alternate", "kings", through_cells),
    "relaxed-freecell": ("alternate", "any", unlimited),
}

TOKEN = re.compile(r"^(10|[1-9a-gk-p])(10|[1-9a-gk-ph])(?:v([0-9a-f]+))?$")


def replay(columns: list[list[str]], cells: list[str | None], tokens: list[str], rules: str):
    """(index of the first illegal move or None, a short reason, cards home)."""
    build, empty_rule, capacity = RULES[rules]
    cols = [list(c) for c in columns]
    slots = list(cells)
    home = {s: 0 for s in "CDHS"}
    for i, tok in enumerate(tokens, 1):
        m = TOKEN.match(tok)
        if m is None:
            return i, "malformed", sum(home.values())
        s, d, v = m.groups()
        if s.isalpha():
            card = slots[CELLS.index(s)]
            if card is None:
                return i, "empty source", sum(home.values())
            run = [card]
        else:
            col = cols[int(s) - 1]
            if not col:
                return i, "empty source", sum(home.values())
            k = 1
            while k < len(col) and fits(col[-k], col[-k - 1], build):
                k += 1
            run = col[-k:]
        if d == "h":
            card = run[-1]
            if home[card[1]] != rank(card) - 1:
                return i, "not home yet", sum(home.values())
            home[card[1]] += 1
            take(cols, slots, s, 1)
            continue
        if d.isalpha():
            j = CELLS.index(d)
            if s.isalpha() or slots[j] is not None:
                return i, "cell", sum(home.values())
            slots[j] = run[-1]
            take(cols, slots, s, 1)
            continue
        dest = cols[int(d) - 1]
        free = sum(c is None for c in slots)
        if dest:
            n = next((n for n in range(1, len(run) + 1) if fits(run[-n], dest[-1], build)), None)
            if n is None:
                return i, "does not fit", sum(home.values())
            empty = sum(1 for c in cols if not c)
        else:
            n = int(v, 16) if v else 1
            if n > len(run):
                return i, "short run", sum(home.values())
            if empty_rule == "kings" and rank(run[-n]) != 13:
                return i, "kings only", sum(home.values())
            empty = sum(1 for c in cols if not c) - 1
        if n > 1 and n > capacity(free, empty):
            return i, "capacity", sum(home.values())
        moving = run[-n:]
        take(cols, slots, s, n)
        dest.extend(moving)
    return None, None, sum(home.values())


def take(cols: list[list[str]], slots: list[str | None], s: str, n: int) -> None:
    if s.isalpha():
        slots[CELLS.index(s)] = None
    else:
        del cols[int(s) - 1][-n:]
