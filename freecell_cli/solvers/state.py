"""The compact state every engine searches: one copy of it, and its specification.

A position in a search is a triple ``(cols, cells, found)``: the columns as
``bytes`` of card codes, bottom to top; the free cells as a sorted ``bytes`` (which
slot holds a card does not matter to a search); the foundations as a 4-tuple of
cards home per suit. A card's code is its Microsoft deck index, ``(rank - 1) * 4 +
suit`` with suits C D H S, so ``c >> 2`` is the rank less one and ``c & 3`` the suit.

A search move is a 4-tuple ``(kind, a, b, n)``:

- ``(TO_HOME_FROM_COL, column, 0, 1)`` and ``(TO_HOME_FROM_CELL, card, 0, 1)``;
- ``(CELL_TO_COL, card, column, 1)``: a free cell is named by its card;
- ``(COL_TO_COL, column, column, cards)``;
- ``(COL_TO_CELL, column, 0, 1)``.

Safe moves to the foundations (:func:`is_safe`: nothing can ever land on the
card) are made as part of the move before them (:func:`play`); they never cost a
solution. The moves are the variant's own: runs up to its capacity, built and
put into empty columns by its :class:`~.rules.Rules` (FreeCell's unless a
function is given others: a family game's, :func:`~.rules.rules_of`).

The engines (:mod:`.builtin`, :mod:`.prove`, :mod:`.beam`, :mod:`.shorten`) take
the state from here only. A compiled core implements exactly these functions;
this module is what it is tested against, so its functions stay plain. Two hot
loops keep inlined copies, each said where it is: the complete search plays the
common moves itself (:func:`.prove._depth_first`, with :func:`is_safe`), and the
beam's expansion generates its moves fused with their scoring (``Beam.expand``;
on purpose a smaller set: no part of a column that is one run goes to an empty
column).

>>> from freecell_cli import deal, find_variant
>>> site = find_variant("site")
>>> cols, cells, found = start_state(deal(1), site)
>>> len(cols), cells, found
(8, b'', (0, 0, 0, 0))
>>> caps = capacities(4, 8, site.capacity)
>>> len(moves(cols, cells, found, 4, caps))  # eight cards can go to a free cell
8
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..autoplay import automatic_moves
from ..errors import FreecellError
from ..moves import CELL, COLUMN, FOUNDATION, Move, Place, apply, resolve
from ..bounds import MAX_GAME_COLUMNS
from ..position import Position
from ..variants import Variant
from . import features
from .rules import FREECELL, KING, RULES, Rules, rules_of
from .rules import OPPOSITE as OPPOSITE, RANK as RANK, RED as RED, SUIT as SUIT  # re-exported for the engines

# -- cards ----------------------------------------------------------------------
# FreeCell's tables (every game's: .rules): FIT[a][b], card a may go on card b (one
# rank lower, the other colour); ONTO[c], the cards ``c`` may go on; MASK[c], as bits.
FIT, ONTO, MASK = FREECELL.fit, FREECELL.onto, FREECELL.mask
BYTE = [bytes((i,)) for i in range(256)]
SOLVED_FOUND = (13, 13, 13, 13)

# -- the state and its moves -----------------------------------------------------
SMove = tuple[int, int, int, int]  # (kind, a, b, n): see the module's docstring
Cols = tuple[bytes, ...]  # card codes bottom to top, per column
Found = tuple[int, ...]  # cards home per suit
State = tuple[Cols, bytes, Found]  # columns, free cells (sorted), foundations
Capacity = Callable[[int, int], int]  # a variant's capacity(free cells, empty columns)
TO_HOME_FROM_COL, TO_HOME_FROM_CELL, CELL_TO_COL, COL_TO_COL, COL_TO_CELL = range(5)

# Every move tuple made once, shared by all the lists of moves that wait on a
# search's stack: a list then holds 8 bytes per move, not a 72-byte tuple of its
# own (the stack of a long proof holds millions of moves).
_COLS = range(MAX_GAME_COLUMNS)
C2C = [[[(COL_TO_COL, i, j, k) for k in range(14)] for j in _COLS] for i in _COLS]
CELL2C = [[(CELL_TO_COL, c, j, 1) for j in _COLS] for c in range(52)]
HOME_COL = [(TO_HOME_FROM_COL, i, 0, 1) for i in _COLS]
HOME_CELL = [(TO_HOME_FROM_CELL, c, 0, 1) for c in range(52)]
TO_CELL = [(COL_TO_CELL, i, 0, 1) for i in _COLS]


def is_safe(c: int, found: Sequence[int], rules: Rules = FREECELL) -> bool:
    """Whether card ``c`` goes home now by the safe rule (``rules.safe``): it is
    the next card of its suit and no card can ever need to land on it. In
    alternate colours: an ace or a 2, or both foundations of the other colour at
    its rank less one; by suit: always (its suit's next lower, the one card that
    could land on it, is home). :func:`freecell_cli.autoplay.autoplay`'s ``safe``
    mode is the same rule on a Position (tests/test_state.py compares them).

    >>> is_safe(0, (0, 0, 0, 0)), is_safe(4, (0, 0, 0, 0))  # AC; 2C before its ace
    (True, False)
    >>> is_safe(8, (2, 2, 1, 2)), is_safe(8, (2, 2, 2, 2))  # 3C needs 2D and 2H home
    (False, True)
    >>> is_safe(8, (2, 0, 0, 0), RULES[1])  # by suit: 3C once 2C is home
    True
    """
    return rules.safe(c, found)


def key_of(cols: Cols, cells: bytes) -> bytes:
    """The canonical key of a position: columns in sorted order (positions that
    differ only by the order of columns are one), then the free cells (sorted
    already). The foundations follow from the cards left, so they are not in it.
    Exact: two positions have the same key only when they are the same position.

    >>> key_of((b"\\x01", b"\\x00"), b"\\x05") == key_of((b"\\x00", b"\\x01"), b"\\x05")
    True
    """
    return b"\xff".join(sorted(cols)) + b"\xfe" + cells


# -- columns ---------------------------------------------------------------------
# Per-column measures, cached: a search meets the same columns again and again
# (a column's run and its run masks depend on the rules: each Rules keeps its own).
# :func:`clear_caches` empties them between searches when they grow large.
# Per column: (mask, ((k, mask_k, ONTO[card k from the top]) for k = 1..its run)),
# where mask_k has a bit per card that card may go on and mask is their union:
# one AND with the mask of the column tops rules out a column that has nowhere to
# go, which is most of them.
RunInfo = tuple[int, tuple[tuple[int, int, tuple[int, ...]], ...]]
CACHE_SIZE = 400_000


def clear_caches() -> None:
    """Empty the caches of runs, disorder and depth tables when they hold more
    than :data:`CACHE_SIZE` columns: a new search keeps the memory bounded. (The
    run masks of :func:`moves` bound themselves.)"""
    if features.size() > CACHE_SIZE:
        features.clear()
        FREECELL.runs.clear()  # filled alongside them by FreeCell's searches
    for rules in RULES:
        if len(rules.runs) > CACHE_SIZE:
            rules.runs.clear()


def run_length(col: bytes, rules: Rules = FREECELL) -> int:
    """Cards at the end of ``col`` that form a run (each on one rank higher, the
    other colour; by ``rules``, the same suit where columns build by suit).

    >>> run_length(bytes([51, 46, 40, 37]))  # KS QH JC TD
    4
    >>> run_length(bytes([51, 47, 40])), run_length(b"")  # KS QS JC
    (1, 0)
    >>> run_length(bytes([51, 47, 43]), RULES[1]), run_length(bytes([51, 46, 40, 37]), RULES[1])  # KS QS JS; by suit
    (3, 1)
    """
    cache = rules.runs
    n = cache.get(col)
    if n is None:
        fit = rules.fit
        n = 1 if col else 0
        while n < len(col) and fit[col[-n]][col[-n - 1]]:
            n += 1
        cache[col] = n
    return n


def _runs(col: bytes, rules: Rules = FREECELL) -> RunInfo:
    cache = rules.run_masks
    if len(cache) > CACHE_SIZE:  # one search's columns; keep the cache bounded
        cache.clear()
    mask, onto = rules.mask, rules.onto
    runs = tuple((k, mask[col[-k]], onto[col[-k]]) for k in range(1, run_length(col, rules) + 1))
    info = (sum(m for _, m, _ in runs), runs)  # the cards differ: the sum is the union
    cache[col] = info
    return info


# -- moves -----------------------------------------------------------------------
def capacities(ncells: int, ncols: int, cap: Capacity) -> list[list[int]]:
    """``cap(free, empty)`` for every count of free cells and empty columns: a
    look-up instead of a call per position.

    >>> from freecell_cli import find_variant
    >>> capacities(1, 2, find_variant("standard").capacity)
    [[1, 2, 4], [2, 4, 8]]
    """
    return [[cap(f, e) for e in range(ncols + 1)] for f in range(ncells + 1)]


def moves(cols: Cols, cells: bytes, found: Found, free: int, caps: list[list[int]],
          rules: Rules = FREECELL) -> list[SMove]:
    """Every move of the position under the variant whose :func:`capacities` are
    ``caps`` and whose :class:`~.rules.Rules` are ``rules``, with ``free`` free
    cells: the one move generator.

    In this order: cards home from columns, then from free cells; per free cell
    (in card order) onto columns, then into the first empty column; per column,
    runs onto columns (fewer cards first), then into the first empty column (more
    cards first); then column ends into a free cell. A move into an empty column
    goes to the first one only (the others would give the same position with the
    columns in another order), and never a whole column (it would change
    nothing). Where an empty column takes only a king, only a king and the run
    it heads go there. For each movable card, the cards it may go on are looked
    up among the column tops instead of trying every pair of columns.

    >>> from freecell_cli import parse_position, find_variant
    >>> site = find_variant("site")
    >>> p = parse_position("7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/")
    >>> cols, cells, found = start_state(p, site)  # 6H goes home: 7S is left in a cell
    >>> found_moves = moves(cols, cells, found, 3, capacities(4, 8, site.capacity))
    >>> found_moves[:4]  # 5H and 5C home, 7S onto 8H (column 3) or into column 8
    [(0, 1, 0, 1), (0, 6, 0, 1), (2, 27, 2, 1), (2, 27, 7, 1)]
    >>> [m for m in found_moves if m[:2] == (COL_TO_COL, 1)]  # 5H onto 6C, 8S-5H onto 9H, runs into column 8
    [(3, 1, 5, 1), (3, 1, 0, 3), (3, 1, 7, 3), (3, 1, 7, 2), (3, 1, 7, 1)]
    """
    out: list[SMove] = []
    append = out.append
    MASK, ONTO, kings = rules.mask, rules.onto, rules.kings
    run_masks = rules.run_masks
    first_empty = -1
    n_empty = 0
    top_at: dict[int, int] = {}
    tops = 0  # a bit per card on top of a column
    for i, col in enumerate(cols):
        if col:
            c = col[-1]
            top_at[c] = i
            tops |= 1 << c
            if found[c & 3] == c >> 2:
                append(HOME_COL[i])
        else:
            n_empty += 1
            if first_empty < 0:
                first_empty = i
    for c in cells:
        if found[c & 3] == c >> 2:
            append(HOME_CELL[c])
    get = top_at.get
    for c in cells:
        if MASK[c] & tops:
            for d in ONTO[c]:
                j = get(d)
                if j is not None:
                    append(CELL2C[c][j])
        if first_empty >= 0 and (not kings or c >> 2 == KING):
            append(CELL2C[c][first_empty])
    row = caps[free]
    cap_full = row[n_empty]
    cap_empty = row[n_empty - 1] if n_empty else 0
    for i, col in enumerate(cols):
        if not col:
            continue
        mask, runs = run_masks.get(col) or _runs(col, rules)
        if mask & tops:
            for k, m, onto in runs:
                if k > cap_full and k > 1:  # one card goes anywhere it fits
                    break
                if m & tops:
                    for d in onto:
                        j = get(d)
                        if j is not None:
                            append(C2C[i][j][k])
        if first_empty >= 0:
            top = len(runs)
            if top > cap_empty:
                top = cap_empty
            if top >= len(col):  # a whole column gains nothing
                top = len(col) - 1
            to_empty = C2C[i][first_empty]
            for k in range(top, 0, -1):
                if not kings or col[-k] >> 2 == KING:
                    append(to_empty[k])
    if free:
        for i, col in enumerate(cols):
            if col:
                append(TO_CELL[i])
    return out


def moves_from(cols: Cols, cells: bytes, found: Found, ncells: int, cap: Capacity,
               rules: Rules = FREECELL) -> list[SMove]:
    """:func:`moves` on a table of ``ncells`` free cells, ``cap`` the variant's capacity.

    >>> from freecell_cli import deal, find_variant
    >>> state = start_state(deal(5), find_variant("site"))
    >>> len(moves_from(*state, 4, find_variant("site").capacity))
    9
    """
    return moves(cols, cells, found, ncells - len(cells), capacities(ncells, len(cols), cap), rules)


def in_search_order(found_moves: list[SMove], cols: Cols) -> list[SMove]:
    """``found_moves`` (of :func:`moves`, for the position whose columns are
    ``cols``) in the order the best-first search and the post-pass try them: by
    kind, then source, then destination column (an empty one last), more cards
    first. The order breaks ties in those searches, so it decides their lines.

    >>> from freecell_cli import parse_position, find_variant
    >>> site = find_variant("site")
    >>> p = parse_position("7S6H--:4444:KCQCJCTC9H/KDQDJDTD8S7H6S5H/KHQHJHTH6D5D8H/KSQSJSTS/9C8C7C5S/9D8D7D/9S6C5C/")
    >>> cols, cells, found = start_state(p, site)
    >>> ordered = in_search_order(moves(cols, cells, found, 3, capacities(4, 8, site.capacity)), cols)
    >>> [m for m in ordered if m[:2] == (COL_TO_COL, 1)]  # by destination: column 1, 6, then the empty 8
    [(3, 1, 0, 3), (3, 1, 5, 1), (3, 1, 7, 3), (3, 1, 7, 2), (3, 1, 7, 1)]
    """
    # Only moves onto columns (kinds 2 and 3) have more than one per source; the
    # others have b = 0 and n = 1, whatever column 0 holds.
    return sorted(found_moves, key=lambda m: (m[0], m[1], not cols[m[2]], m[2], -m[3]))


# -- playing moves -----------------------------------------------------------------
def safe_home(cols: list[bytes], cells: bytes, found: list[int],
              rules: Rules = FREECELL) -> tuple[bytes, list[SMove]]:
    """Send safe cards home (:func:`is_safe` under ``rules``), in place on ``cols``
    and ``found``; returns the new free cells and the moves made.

    Only the next card of each suit can go, so at most four candidates are looked
    for at the column ends and in the free cells.

    >>> cols, found = [bytes([51, 0]), bytes([4])], [0, 0, 0, 0]
    >>> safe_home(cols, bytes([1]), found)  # AC from column 1, AD from a cell, then 2C
    (b'', [(0, 0, 0, 1), (1, 1, 0, 1), (0, 1, 0, 1)])
    >>> cols, found
    ([b'3', b''], [2, 1, 0, 0])
    """
    made = []
    moved = True
    alternate = not rules.suit  # by suit every next card is safe
    while moved:
        moved = False
        for s in range(4):
            f = found[s]
            if f == 13:
                continue
            if f >= 2 and alternate:
                o1, o2 = OPPOSITE[s]
                if found[o1] < f or found[o2] < f:  # is_safe(f * 4 + s, found), inlined
                    continue
            c = f * 4 + s
            if c in cells:
                cells = cells.replace(BYTE[c], b"")
                found[s] = f + 1
                made.append((TO_HOME_FROM_CELL, c, 0, 1))
                moved = True
                continue
            for i, col in enumerate(cols):
                if col and col[-1] == c:
                    cols[i] = col[:-1]
                    found[s] = f + 1
                    made.append((TO_HOME_FROM_COL, i, 0, 1))
                    moved = True
                    break
    return cells, made


def play(cols: Cols, cells: bytes, found: Found, move: SMove, closed: bool = True,
         rules: Rules = FREECELL) -> tuple[Cols, bytes, Found, list[SMove]]:
    """The state after ``move`` and the safe moves home it allows (under
    ``rules``). ``closed`` says no safe move was waiting before it (true
    everywhere but at the start of a windows game, whose automatic moves come
    only after a move).

    >>> cols = (bytes([51, 0]), bytes([4]))
    >>> play(cols, b"", (0, 1, 0, 0), (COL_TO_CELL, 1, 0, 1))  # 2C to a cell; AC is not uncovered
    ((b'3\\x00', b''), b'\\x04', (0, 1, 0, 0), [])
    >>> play(cols, b"", (0, 1, 0, 0), (COL_TO_COL, 0, 1, 1))  # AC onto 2C: nothing to uncover home
    ((b'3', b'\\x04\\x00'), b'', (0, 1, 0, 0), [])
    """
    kind, a, b, n = move
    lcols = list(cols)
    lfound = list(found)
    if kind == TO_HOME_FROM_COL:
        c = lcols[a][-1]
        lcols[a] = lcols[a][:-1]
        lfound[SUIT[c]] += 1
    elif kind == TO_HOME_FROM_CELL:
        cells = cells.replace(BYTE[a], b"")
        lfound[SUIT[a]] += 1
    elif kind == CELL_TO_COL:
        cells = cells.replace(BYTE[a], b"")
        lcols[b] = lcols[b] + BYTE[a]
    elif kind == COL_TO_COL:
        src = lcols[a]
        lcols[b] = lcols[b] + src[-n:]
        lcols[a] = src[:-n]
    else:
        c = lcols[a][-1]
        lcols[a] = lcols[a][:-1]
        cells = bytes(sorted(cells + BYTE[c]))
    if kind > TO_HOME_FROM_CELL and closed:
        # Foundations did not change: only the card this move uncovered can
        # have become a safe card to send home.
        src = lcols[a] if kind != CELL_TO_COL else b""
        if not src or not rules.safe(src[-1], lfound):
            return tuple(lcols), cells, tuple(lfound), []
    cells, autos = safe_home(lcols, cells, lfound, rules)
    return tuple(lcols), cells, tuple(lfound), autos


# -- from and to positions and moves -------------------------------------------------
def path_to(parent: dict[bytes, tuple[bytes | None, SMove | None]], key: bytes) -> list[SMove]:
    """The moves from the start to position ``key``, by a search's ``parent`` map
    (each key to the key it was reached from and the move; the start to None).

    >>> path_to({b"s": (None, None), b"a": (b"s", (4, 0, 0, 1)), b"b": (b"a", (2, 5, 1, 1))}, b"b")
    [(4, 0, 0, 1), (2, 5, 1, 1)]
    """
    path: list[SMove] = []
    while True:
        prev, move = parent[key]
        if prev is None:
            break
        assert move is not None  # only the start has no move
        path.append(move)
        key = prev
    path.reverse()
    return path


def in_deal_order(position: Position, variant: Variant, path: list[SMove]) -> list[SMove]:
    """The moves of ``path``, found on positions whose columns were kept sorted
    (as the complete search and the optimal search keep them: ``tuple(sorted(cols))``),
    renumbered for ``position``'s own column order (a column is found by its
    cards; an empty one: the first empty one, any would do).

    >>> from freecell_cli import deal, find_variant
    >>> [col[0] for col in start_state(deal(1), find_variant("site"))[0]]  # bottom cards: 5 (2D) is the lowest
    [41, 5, 34, 40, 17, 26, 24, 18]
    >>> in_deal_order(deal(1), find_variant("site"), [(COL_TO_CELL, 0, 0, 1)])  # sorted column 0 is column 1
    [(4, 1, 0, 1)]
    """
    closed0 = variant.automatic is None
    rules = rules_of(variant)
    state = start_state(position, variant)
    out: list[SMove] = []
    for i, (kind, a, b, n) in enumerate(path):
        cols = state[0]
        shown = sorted(cols)  # the position as the search saw it
        if kind in (TO_HOME_FROM_COL, COL_TO_CELL):
            a = cols.index(shown[a])
        elif kind == CELL_TO_COL:
            b = cols.index(shown[b])
        elif kind == COL_TO_COL:
            a, b = cols.index(shown[a]), cols.index(shown[b])
        out.append((kind, a, b, n))
        state = play(*state, out[-1], closed0 or i > 0, rules)[:3]
    return out


def start_state(position: Position, variant: Variant) -> State:
    """``position`` as a state. Safe cards go home before the first move, except
    where the variant's own automatic moves come only after a move (windows).

    >>> from freecell_cli import parse_position, find_variant
    >>> p = parse_position("----:QQQJ:KC/KD/KH/KSQS")
    >>> start_state(p, find_variant("site"))
    ((b'', b'', b'', b''), b'', (13, 13, 13, 13))
    >>> start_state(p, find_variant("windows"))[2]
    (12, 12, 12, 11)
    """
    return _started(position, variant)[0]


def _started(position: Position, variant: Variant) -> tuple[State, list[SMove]]:
    """:func:`start_state` and the safe moves home it made."""
    cols = [bytes(c.index for c in col) for col in position.columns]
    cells = bytes(sorted(c.index for c in position.cells if c is not None))
    found = list(position.foundations)
    autos: list[SMove] = []
    if variant.automatic is None:
        cells, autos = safe_home(cols, cells, found, rules_of(variant))
    return (tuple(cols), cells, tuple(found)), autos


def to_moves(position: Position, variant: Variant, path: list[SMove]) -> list[Move]:
    """Turn search moves into real moves on ``position``, explicit foundation moves
    included except those the variant makes by itself (windows).

    >>> from freecell_cli import deal, find_variant
    >>> p, site = deal(1), find_variant("site")
    >>> [str(m) for m in to_moves(p, site, [(COL_TO_CELL, 0, 0, 1), (COL_TO_CELL, 0, 0, 1)])]
    ['1a', '1b']
    """
    p = position.copy()
    out: list[Move] = []

    def slot_of(code: int) -> int:
        return next(i for i, c in enumerate(p.cells) if c is not None and c.index == code)

    def emit(move: Move) -> None:
        r = resolve(p, move, variant)
        apply(p, r)
        out.append(r)

    def emit_autos(autos: list[SMove]) -> None:
        for kind, a, _, _ in autos:
            if kind == TO_HOME_FROM_COL:
                emit(Move(Place(COLUMN, a), Place(FOUNDATION, -1)))
            else:
                emit(Move(Place(CELL, slot_of(a)), Place(FOUNDATION, -1)))

    # The search's own state runs alongside: its play() says which safe moves
    # home follow each move (no variant plays them by itself but windows).
    rules = rules_of(variant)
    state, autos = _started(p, variant)
    emit_autos(autos)
    for step in path:
        kind, a, b, n = step
        if kind in (TO_HOME_FROM_COL, TO_HOME_FROM_CELL):
            emit_autos([step])
        elif kind == CELL_TO_COL:
            emit(Move(Place(CELL, slot_of(a)), Place(COLUMN, b)))
        elif kind == COL_TO_COL:
            emit(Move(Place(COLUMN, a), Place(COLUMN, b), n, not p.columns[b]))
        else:
            slot = p.cells.index(None)
            emit(Move(Place(COLUMN, a), Place(CELL, slot)))
        if variant.automatic is not None:
            automatic_moves(p, variant)
        else:
            scols, scells, sfound, autos = play(*state, step, True, rules)
            state = (scols, scells, sfound)
            emit_autos(autos)
    return out


def to_path(position: Position, variant: Variant, moves: list[Move]) -> list[SMove]:
    """Real moves (as the variant plays them) as search moves: cards already sent
    home by the safe rule are left out of later moves. Raises
    :class:`FreecellError` when a move cannot be followed or the moves do not
    finish the game.

    >>> from freecell_cli import deal, find_variant
    >>> to_path(deal(1), find_variant("site"), [])
    Traceback (most recent call last):
    ...
    freecell_cli.errors.FreecellError: the moves do not finish the game
    """
    cols, cells, found = start_state(position, variant)
    closed = variant.automatic is None
    rules = rules_of(variant)
    raw = position.copy()
    path: list[SMove] = []

    def home(code: int) -> bool:
        return found[code & 3] > code >> 2

    for move in moves:
        src, dst, n = move.source, move.dest, move.count or 1
        if src.kind == CELL:
            card = raw.cells[src.index]
            codes = [] if card is None else [card.index]
        else:
            codes = [c.index for c in raw.columns[src.index][-n:]]
        if len(codes) < n:  # n >= 1: an empty cell or column too
            raise FreecellError(f"move {move} cannot be followed")
        apply(raw, move)
        if variant.automatic is not None:
            automatic_moves(raw, variant)
        left = [c for c in codes if not home(c)]
        if not left:
            continue
        code = left[0]
        if dst.kind == FOUNDATION:
            kind = TO_HOME_FROM_CELL if code in cells else TO_HOME_FROM_COL
            step = (kind, code if kind == TO_HOME_FROM_CELL else src.index, 0, 1)
        elif src.kind == CELL:
            step = (CELL_TO_COL, code, dst.index, 1)
        elif dst.kind == CELL:
            step = (COL_TO_CELL, src.index, 0, 1)
        else:
            step = (COL_TO_COL, src.index, dst.index, len(left))
        if src.kind == COLUMN and not cols[src.index].endswith(bytes(left)):
            raise FreecellError(f"move {move} cannot be followed")
        cols, cells, found, _ = play(cols, cells, found, step, closed or bool(path), rules)
        path.append(step)
    if found != SOLVED_FOUND:
        raise FreecellError("the moves do not finish the game")
    return path
