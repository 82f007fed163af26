"""The rules a search plays beyond its capacities: how a column builds and what an
empty column takes, as one small record (:class:`Rules`) with the tables the move
generators read. FreeCell's are :data:`FREECELL` (alternate colours, any card into
an empty column); the FreeCell family's games (:mod:`freecell_cli.games`) build by
suit, take only a king into an empty column, or both. Free cells the deal fills
are only part of a start position, and a table's size is the position's: neither
is a rule here.

Card codes are the Microsoft deck's, ``(rank - 1) * 4 + suit`` with suits C D H
S (see :mod:`.state`). The compiled core has the same four records, by
:attr:`Rules.code` (``_state.h``: ``RULES``).

>>> from freecell_cli.games import find_rules
>>> s = rules_of(find_rules("bakers-game"))
>>> s.build, s.empty, s.code, s.onto[0]  # AC lies on 2C only
('suit', 'any', 1, (4,))
>>> FREECELL.onto[0]  # under FreeCell on 2D or 2H
(5, 6)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..variants import Variant

RANK = [c // 4 + 1 for c in range(52)]
SUIT = [c % 4 for c in range(52)]
RED = [c % 4 in (1, 2) for c in range(52)]
OPPOSITE = [(1, 2), (0, 3), (0, 3), (1, 2)]  # foundations of the other colour, per suit
KING = 12  # a king's code >> 2


def _safe_alternate(c: int, found: Sequence[int]) -> bool:
    # An ace or a 2, or both foundations of the other colour at its rank less
    # one: every card that could ever land on it is home.
    f = c >> 2
    s = c & 3
    if found[s] != f:
        return False
    if f < 2:
        return True
    o1, o2 = OPPOSITE[s]
    return found[o1] >= f and found[o2] >= f


def _safe_suit(c: int, found: Sequence[int]) -> bool:
    # Only the next lower card of its own suit could land on it, and that card
    # is home whenever this one can go: every card that can go home is safe.
    return found[c & 3] == c >> 2


class Rules:
    """How a search's columns build (``alternate`` colours or the same ``suit``)
    and what an empty column takes (``any`` card or ``kings`` only), with the
    tables the searches read:

    - ``fit[a][b]``: card a may lie on card b;
    - ``onto[c]``: the cards ``c`` may lie on (two, or one by suit), ascending;
      ``mask[c]``: the same as bits; ``below[d]``: the cards that may lie on ``d``;
    - ``safe(c, found)``: the safe rule (see :func:`.state.is_safe`);
    - ``kings``: only a king (and the run it heads) goes into an empty column;
    - ``code``: the compiled core's number for these rules (bit 0 by suit,
      bit 1 kings only);
    - ``runs``, ``run_masks``, ``bounds``: the per-column caches of the
      searches, one set per rules (a column's run depends on them).

    >>> RULES[3].build, RULES[3].empty, RULES[3].kings
    ('suit', 'kings', True)
    """

    __slots__ = ("build", "empty", "suit", "kings", "code", "fit", "onto", "mask", "below", "safe", "runs",
                 "run_masks", "bounds")

    def __init__(self, build: str, empty: str):
        self.build, self.empty = build, empty
        self.suit = build == "suit"
        self.kings = empty == "kings"
        self.code = int(self.suit) | int(self.kings) << 1
        # Built from the four cards of the next rank (a search's start-up pays for
        # this, not a loop over every pair of cards).
        if self.suit:
            self.onto: list[tuple[int, ...]] = [(c + 4,) if c < 48 else () for c in range(52)]
        else:
            self.onto = [tuple(d for d in range(c - c % 4 + 4, c - c % 4 + 8) if RED[d] != RED[c]) if c < 48 else ()
                         for c in range(52)]
        self.fit = [[False] * 52 for _ in range(52)]
        below: list[list[int]] = [[] for _ in range(52)]
        for c in range(52):
            for d in self.onto[c]:
                self.fit[c][d] = True
                below[d].append(c)
        self.below: list[tuple[int, ...]] = [tuple(b) for b in below]
        self.mask = [sum(1 << d for d in self.onto[c]) for c in range(52)]
        self.safe: Callable[[int, Sequence[int]], bool] = _safe_suit if self.suit else _safe_alternate
        self.runs: dict[bytes, int] = {}
        self.run_masks: dict[bytes, tuple[int, tuple[tuple[int, int, tuple[int, ...]], ...]]] = {}
        self.bounds: dict[bytes, int] = {}

    def __repr__(self) -> str:
        return f"Rules({self.build!r}, {self.empty!r})"


#: The four sets of rules, by :attr:`Rules.code`.
RULES = tuple(Rules(build, empty) for empty in ("any", "kings") for build in ("alternate", "suit"))
#: FreeCell's rules (every variant of it): alternate colours, any card into an empty column.
FREECELL = RULES[0]


def rules_of(variant: Variant) -> Rules:
    """The search rules of a variant (a family game's rules are a variant too).

    >>> from freecell_cli import find_variant
    >>> rules_of(find_variant("site")) is FREECELL
    True
    """
    return RULES[int(variant.build == "suit") | int(variant.empty == "kings") << 1]

