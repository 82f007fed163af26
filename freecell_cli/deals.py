"""Deals: Microsoft / FreeCell Pro numbered deals, the daily deal, random deals;
and the deals of the FreeCell family's games, numbered as PySolFC numbers them.

>>> p = deal(1)
>>> " ".join(str(c) for c in p.columns[0])
'JD KD 2S 4C 3S 6D 6S'
>>> is_unsolvable(11982), daily_number(datetime.date(2026, 11, 29)) in UNSOLVABLE
(True, False)
"""

from __future__ import annotations

import datetime
import re

from .bounds import MAX_CELLS, MAX_COLUMNS
from .bounds import MAX_DEAL as MAX_DEAL, check_deal_number as check_deal_number  # their path deals.X stays
from .cards import CARDS, SUITS, Card
from .errors import InvalidDeal
from .position import Position
from .text import quote
from .text import short_repr as short_repr  # re-exported: callers import deals.short_repr

SITE_DEALS = 1_000_000  # the site numbers its deals 1..1,000,000
UNSOLVABLE: frozenset[int] = frozenset(
    {11982, 146692, 186216, 455889, 495505, 512118, 517776, 781948}
)
_UNSOLVABLE_SORTED = sorted(UNSOLVABLE)
DAILY_EPOCH = datetime.date(2000, 1, 1)
_DAILY_POOL = SITE_DEALS - len(UNSOLVABLE)  # 999,992 solvable numbers
_DAILY_STEP = 7919  # prime, coprime with 999,992: consecutive days never repeat a deal


def _ms_order(n: int) -> list[int]:
    """Card indices (Microsoft deck order) in the order they are dealt."""
    deck = list(range(52))
    out = []
    if n < 1 << 32:
        state = n & 0xFFFFFFFF
        high = 0x8000 if n >= 1 << 31 else 0
        for left in range(52, 0, -1):
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            r = ((state >> 16) & 0x7FFF) | high
            j = r % left
            out.append(deck[j])
            deck[j] = deck[left - 1]
    else:
        state = n - (1 << 32)
        for left in range(52, 0, -1):
            state = (state * 214013 + 2531011) & 0xFFFFFFFF
            r = (state >> 16) & 0xFFFF
            j = (r + 1) % left
            out.append(deck[j])
            deck[j] = deck[left - 1]
    return out


_DEAL_TEXT = re.compile(r"#?(?:[0-9]+|[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,3}(?:_[0-9]{3})+)", re.ASCII)


def parse_deal_number(text: str) -> int:
    """Read a deal number (``617``, FreeCell Pro's ``#617``, ``1,000,000`` or
    ``1_000_000`` in groups of three).

    Only ASCII digits count (``str.isdigit`` would take ``²``), and the length is
    checked before conversion, so a 5000-digit argument is an ordinary error.

    >>> parse_deal_number("#1,000,000"), parse_deal_number("617")
    (1000000, 617)
    """
    if not isinstance(text, str):
        raise InvalidDeal(f"not a deal number: {short_repr(text)}")
    digits = deal_digits(text)
    if digits is None:
        raise InvalidDeal(f"not a deal number: {short_repr(text)}")
    if len(digits) > 60:  # no int() of thousands of digits
        raise InvalidDeal(f"deal number with over 60 digits is out of range (1 to {MAX_DEAL:,})")
    return check_deal_number(int(digits))


def deal_digits(text: str) -> str | None:
    """The digits of a deal number as written (``#``, the separators of groups of
    three and leading zeros left out: they count for nothing), or None when it is
    not one.

    >>> deal_digits("#1,000"), deal_digits("007"), deal_digits("1_2"), deal_digits("١")
    ('1000', '7', None, None)
    """
    t = text.strip()
    if not _DEAL_TEXT.fullmatch(t):
        return None
    return t.lstrip("#").replace(",", "").replace("_", "").lstrip("0") or "0"


# PySolFC shuffles game numbers below this with Microsoft's generator (its deals
# are then Microsoft's), the others with Python's Mersenne Twister
# (pysollib/pysolrandom.py, construct_random).
PYSOL_MS_BELOW = 32_000
_PYSOL_SUITS = "CSHD"  # PySolFC's deck: clubs, spades, hearts, diamonds, each A..K


def pysol_order(n: int) -> list[int]:
    """Card indices (Microsoft deck order, as :data:`~freecell_cli.cards.CARDS`) in the
    order PySolFC deals game ``n`` of a one-deck game: Microsoft's deal ``n`` below
    32,000; above, its deck shuffled by ``random.Random(n)`` (for i = 51 down to 1,
    swap cards i and ``int(random() * (i + 1))``) and dealt from the end.

    >>> pysol_order(617) == _ms_order(617), [str(CARDS[i]) for i in pysol_order(32000)[:3]]
    (True, ['7S', '4D', 'JS'])
    """
    return _pysol_order(check_deal_number(n))


def _pysol_order(n: int) -> list[int]:
    """:func:`pysol_order` of a number already checked."""
    if n < PYSOL_MS_BELOW:
        return _ms_order(n)
    import random  # only here: `freecell deal N` does not pay for it

    rng = random.Random(n)
    cards = [rank * 4 + SUITS.index(suit) for suit in _PYSOL_SUITS for rank in range(13)]
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return cards[::-1]


def deal(n: int, cells: int | None = None, columns: int | None = None, game: str | None = None,
         microsoft: bool = False) -> Position:
    """The Microsoft-compatible deal ``n`` (1 .. 8,589,934,591) on ``columns``
    columns (1..9, default 8) with ``cells`` free cells (0..15, default 4).

    ``game``: a game of the FreeCell family (:mod:`freecell_cli.games`): PySolFC's
    game ``n`` of it, on its own table (its columns dealt round from the left,
    then its free cells in its order); ``microsoft``: Microsoft's deal ``n`` laid
    out the same way (the same deal below 32,000). A family game's position is
    labelled with ``n`` when that is PySolFC's number for it.

    >>> p = deal(617)
    >>> p.deal, len(p.columns), len(p.cells), str(p.columns[0][0])
    (617, 8, 4, '7D')
    >>> q = deal(1, game="eight-off")
    >>> [str(c) if c else "-" for c in q.cells], q.game
    (['6S', '-', '9C', '-', '2H', '-', '6H', '-'], 'eight-off')
    """
    check_deal_number(n)
    if not isinstance(microsoft, bool):
        from .errors import ArgumentTypeError

        raise ArgumentTypeError(f"microsoft must be True or False, not {quote(microsoft)}")
    if game is not None:
        from .games import find_game

        g = find_game(game)
        if g.family:
            return _game_deal(n, g.name, cells, columns, microsoft)
    if microsoft:
        raise InvalidDeal("FreeCell's deals are Microsoft's already (microsoft= is for the family's games)")
    cells = 4 if cells is None else cells
    columns = 8 if columns is None else columns
    if isinstance(cells, bool) or not isinstance(cells, int) or not 0 <= cells <= MAX_CELLS:
        raise InvalidDeal(f"free cells must be 0..{MAX_CELLS}, got {short_repr(cells)}")
    if isinstance(columns, bool) or not isinstance(columns, int) or not 1 <= columns <= MAX_COLUMNS:
        raise InvalidDeal(f"columns must be 1..{MAX_COLUMNS}, got {short_repr(columns)}")
    cols: list[list[Card]] = [[] for _ in range(columns)]
    for i, idx in enumerate(_ms_order(n)):
        cols[i % columns].append(CARDS[idx])
    return Position(cols, cells, deal=n)


def is_opening(position: Position, n: int | None = None) -> bool:
    """Whether ``position`` is deal ``n``'s opening layout (None: the deal it is
    labelled with), as its game deals it (FreeCell's: on 8 columns, with the free
    cells it has). Labels are not compared: an unlabelled table may be a deal's.

    >>> is_opening(deal(617)), is_opening(deal(617), 618), is_opening(deal(617, cells=2))
    (True, False, True)
    """
    n = position.deal if n is None else n
    if n is None:
        return False
    dealt = deal(n, game=position.game) if position.game is not None else deal(n, cells=len(position.cells))
    return position.same_table(dealt)


def _game_deal(n: int, name: str, cells: int | None, columns: int | None, microsoft: bool) -> Position:
    from .games import find_game

    g = find_game(name)
    if cells is not None and cells != g.cells or columns is not None and columns != g.columns:
        raise InvalidDeal(f"{g.title} is dealt on {g.columns} columns with {g.cells} free cells "
                          f"(its rules fix the table), not {short_repr(columns or g.columns)} and "
                          f"{short_repr(cells if cells is not None else g.cells)}")
    order = _ms_order(n) if microsoft else _pysol_order(n)
    dealt = len(order) - len(g.filled)
    cols: list[list[Card]] = [[] for _ in range(g.columns)]
    for i, idx in enumerate(order[:dealt]):
        cols[i % g.columns].append(CARDS[idx])
    slots: list[Card | None] = [None] * g.cells
    for slot, idx in zip(g.filled, order[dealt:]):
        slots[slot] = CARDS[idx]
    label = n if not microsoft or n < PYSOL_MS_BELOW else None  # above, PySolFC's n is another deal
    return Position(cols, slots, deal=label, game=g.name)


def parse_game_deal(text: str, game: str | None = None) -> tuple[int, bool]:
    """A deal number of ``game``'s (:func:`parse_deal_number`) and whether it is
    Microsoft's: a family game's numbers are PySolFC's, and ``ms617`` (PySolFC's
    spelling) is Microsoft's deal 617 laid out as the game deals it.

    >>> parse_game_deal("ms100000", "bakers-game"), parse_game_deal("617")
    ((100000, True), (617, False))
    """
    from .games import find_game

    if isinstance(text, str) and text.strip()[:2].lower() == "ms" and find_game(game).family:
        return parse_deal_number(text.strip()[2:]), True
    return parse_deal_number(text), False


def as_dealt(position: Position, read_as_game: bool = False) -> Position:
    """``position``, refused when it names a deal whose cards it cannot be, dealt
    or after any moves. A column keeps the deal's first cards there until they
    move, and every card above them came by a move, so it lies on a card it
    fits on (the lowest may have come to an empty column): what a column holds
    past what it shares with the deal must be built down by the game's rule.
    Free cells and foundations may hold anything. (Spider's is
    :func:`freecell_cli.spider.formats.as_dealt`.)

    ``read_as_game``: a FreeCell table read as a family game's (a text that
    names no game, given one from outside). Its number is then FreeCell's
    (Microsoft's) and its moves were FreeCell's: it is kept where the table is
    that game's deal too, else dropped, since the game numbers its deals
    otherwise (PySolFC's from 32,000 up) and builds by other rules.

    >>> p = deal(617)
    >>> p.columns[0][0], p.columns[0][1] = p.columns[0][1], p.columns[0][0]
    >>> as_dealt(p)
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidPosition: the position says deal 617, but its cards are not deal 617's: in column 1, 7D lies on TD, where neither the deal nor a move puts it
    """
    from .errors import InvalidPosition
    from .games import find_game

    n = position.deal
    if n is None:
        return position
    if position.game is not None:
        dealt, build = deal(n, game=position.game), find_game(position.game).build
    else:
        dealt, build = deal(n, cells=len(position.cells), columns=len(position.columns)), "alternate"
    problem: str | None = f"it has {len(position.columns)} columns, not the deal's {len(dealt.columns)}"
    if len(dealt.columns) == len(position.columns):
        problem = _misplaced(position, dealt, build)
    if problem is None:
        return position
    if read_as_game:  # a FreeCell number, which is not this game's: the table without it
        unnumbered = position.copy()
        unnumbered.deal = None
        return unnumbered
    # A FreeCell deal on another number of columns than 8 is another layout: say so.
    on = f" on {len(position.columns)} columns" if position.game is None and len(position.columns) != 8 else ""
    raise InvalidPosition(f"the position says deal {n}{on}, but {problem}")


def _misplaced(position: Position, dealt: Position, build: str) -> str | None:
    """Why ``position`` cannot be ``dealt`` after any moves (None: it can)."""
    from .cards import fits

    n = dealt.deal
    for i, (col, was) in enumerate(zip(position.columns, dealt.columns)):
        kept = 0  # the cards the column still shares with the deal, from the bottom
        while kept < len(col) and kept < len(was) and col[kept] == was[kept]:
            kept += 1
        for k in range(max(kept, 1), len(col)):
            if not fits(col[k], col[k - 1], build):
                return (f"its cards are not deal {n}'s: in column {i + 1}, {col[k]} lies on {col[k - 1]}, "
                        "where neither the deal nor a move puts it")
    return None


def unnumbered_note(n: int, microsoft: bool, game: str | None) -> str | None:
    """What to say when Microsoft's deal ``n`` laid out as a family game has no
    number of its own there (PySolFC's ``n`` of that game is another deal), or None.

    >>> unnumbered_note(100000, True, "bakers-game")
    "note: Microsoft's deal 100000 is not PySolFC's deal 100000 of Baker's Game: the position carries no deal number"
    """
    from .games import find_game

    if not microsoft or n < PYSOL_MS_BELOW:
        return None
    return (f"note: Microsoft's deal {n} is not PySolFC's deal {n} of {find_game(game).title}: "
            "the position carries no deal number")


def is_unsolvable(n: int) -> bool:
    """True for the 8 deals of 1..1,000,000 that cannot be won from the start.

    >>> is_unsolvable(11982), is_unsolvable(617)
    (True, False)
    """
    if isinstance(n, bool) or not isinstance(n, int):
        from .errors import ArgumentTypeError

        raise ArgumentTypeError(f"a deal number is a whole number, not {quote(n)}")
    return check_deal_number(n) in UNSOLVABLE


def daily_number(day: datetime.date) -> int:
    """The daily deal of a UTC date: a documented, deterministic mapping into
    1..1,000,000 that skips the unsolvable deals.

    Days are counted from 2000-01-01 (day 0); day ``d`` maps to slot
    ``(d × 7919 + 617) mod 999,992`` among the solvable numbers in increasing
    order. 7919 is coprime with 999,992, so no deal repeats for 2,700 years.

    >>> import datetime
    >>> 1 <= daily_number(datetime.date(2026, 11, 29)) <= 1_000_000
    True
    """
    if not isinstance(day, datetime.date):
        raise InvalidDeal(f"not a date: {quote(day)}")
    if isinstance(day, datetime.datetime):  # a moment: the UTC day it falls on (naive: taken as UTC)
        try:
            day = (day.astimezone(datetime.timezone.utc) if day.tzinfo is not None else day).date()
        except OverflowError:  # datetime.min, say, a few hours east of UTC
            raise InvalidDeal(f"the UTC day of {day} is out of the range of dates") from None
    d = (day - DAILY_EPOCH).days
    return nth_solvable((d * _DAILY_STEP + 617) % _DAILY_POOL)


def nth_solvable(slot: int) -> int:
    """The ``slot``-th (0-based) number of 1..1,000,000 that is not labelled unsolvable.

    >>> nth_solvable(0), nth_solvable(11980), nth_solvable(11981)
    (1, 11981, 11983)
    """
    n = slot + 1
    for u in _UNSOLVABLE_SORTED:  # sorted, so each shift can only reach later ones
        if u <= n:
            n += 1
    return n


def parse_date(text: str | None) -> datetime.date:
    """``YYYY-MM-DD``; ``None`` or ``today`` means today in UTC.
    """
    if text is not None and not isinstance(text, str):
        raise InvalidDeal(f"not a date (YYYY-MM-DD): {quote(text)}")
    if text is None or text.strip().lower() == "today":
        return datetime.datetime.now(datetime.timezone.utc).date()
    try:
        if not _DATE.fullmatch(text.strip()):  # fromisoformat would take 20261129 and 2026-W48-7 too
            raise ValueError
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        raise InvalidDeal(f"not a date (YYYY-MM-DD): {quote(text)}") from None


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", re.ASCII)


def random_number(seed: int | str | None = None) -> int:
    """A random deal of 1..1,000,000 (reproducible with a seed).

    >>> random_number(5) == random_number(5), 1 <= random_number() <= 1_000_000
    (True, True)
    """
    import random  # only here: `freecell deal N` does not pay for it

    check_seed(seed)
    return random.Random(seed).randint(1, SITE_DEALS)


def check_seed(seed: object) -> None:
    """A seed is a whole number or a text (random's own seeds; ``True``, ``nan`` and
    other floats would be taken too, each its own way), or None."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        from .errors import ArgumentTypeError

        raise ArgumentTypeError(f"seed must be a whole number, a text or None, not {quote(seed)}")


