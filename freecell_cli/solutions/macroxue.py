"""Solutions of macroxue's FreeCell solver (github.com/macroxue/freecell): one
line a deal, ``DEAL:MOVES``, each move two characters: ``1``-``8`` a column,
``a``-``d`` (a source) a card of the reserve, ``r`` (a destination) the reserve,
``h`` home. Its published files (``solutions/block.N``) hold 1000 deals each.

What a move means is its solver's (``solver/node.h``, ``move.cc``,
``tableau.h``, ``array.h``), read here into our moves:

* the reserve (the free cells) is a list: ``r`` appends a card, ``a`` is its
  first card, and a card leaving it shifts the later ones down. Our moves name
  free-cell slots: a card sent to ``r`` takes the lowest empty slot;
* a move from column to column takes as many cards as the target accepts; into
  an empty column the whole run, at most ``(free cells + 1) << (empty columns
  other than the two)``. Our moves carry the count;
* before the first move and after every move its auto play sends cards home:
  with ``-A`` (maximum auto play, that of its published files) every card whose
  foundation takes it, with ``-a`` (safe) those no other card needs, else none;
  it takes the reserve's cards in order, then the ends of columns 1 to 8, and
  goes round until nothing moves. Our moves write these out
  (:attr:`~.model.Step.automatic`: played and counted, not numbered).

The moves alone do not say which auto play wrote them. Its ``-A`` writes no
``h`` (a card that could go home went), so a line without one is read with the
maximum auto play, one with some with the safe one; when that reading does not
replay the line to a won game, the others are tried (as fc-solve's ``-sn`` is
read a second way): the first that wins, else the first whose every move is
legal, is said in a note. The rules these moves imply are the textbook
capacity, variant ``standard``; under another variant the counts stay what the
file implies and the check is that variant's.

The README's line for deal 617: its third ``4r`` takes the slot that the card
its auto play sent home (``ch``) left empty, which is then the reserve's fourth
card: its ``d4`` is our ``c4``.

>>> line = "617:4r462r2772424r4r4r74d41r7174831683c8212rc2828727285254575r353r38136412"
>>> s = read_line(line, 1)
>>> s.deal, s.variant, s.file_moves, len(s)
(617, 'standard', 35, 87)
>>> s.tokens[6:15]
['4r', '4r', '4h', '7h', 'ch', '4r', '74', 'd4', '1r']
>>> s.notation()[6:15]
['4c', '4d', '4h', '7h', 'ch', '4c', '74', 'c4', '1c']
>>> write_line(deal(617), [s.move(i) for i in range(len(s))]) == line
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

from ..autoplay import automatic_moves, home_rule
from ..cards import Card
from ..deals import deal, is_opening
from ..errors import FreecellError, IllegalMove, InvalidSolution
from ..moves import CELL, COLUMN, FOUNDATION, Move, Place, apply, resolve
from ..position import Position
from ..text import escape, plural, quote
from ..variants import VARIANTS, Variant
from .model import Solution, Step

#: Its solver's auto play: ``-A``, ``-a``, none; and the rule of ours each one is.
MODES = ("max", "safe", "none")
_RULE = {"max": "collect", "safe": "safe", "none": None}
_WORDS = {"max": "maximum auto play (its solver's -A, as its published files)",
          "safe": "safe auto play (its solver's -a)", "none": "no auto play (its solver without -a or -A)"}
RESERVE = 4  # its reserve is an Array<Card, 4>
#: The moves a line may hold. Its solver writes under 200 (its search stops at 128,
#: then cards go home) and its own reader takes 511; a line of millions would be
#: held whole while its readings are tried.
MAX_PAIRS = 10_000
_COLUMNS = "12345678"
_SOURCES = _COLUMNS + "abcd"


def _no_limit(free_cells: int, empty_columns: int) -> int:
    return 52


# Its moves onto a card are never checked against a capacity when replayed
# (tableau.h caps only a move into an empty column): the check is the variant's.
_THEIRS: Variant = dataclasses.replace(VARIANTS["standard"], name="macroxue", capacity_formula=_no_limit,
                                       formula_text="no limit")


def line_deal(text: str, lineno: int) -> int:
    """The deal a line names (``617`` of ``617:...``).

    >>> line_deal(" 617:5r", 3)
    617
    >>> line_deal("0:5r", 3)
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidSolution: line 3: deal number 0 is out of range (1 to 8,589,934,591)
    """
    from ..deals import check_deal_number

    head, colon, _ = text.strip().partition(":")
    if not colon:
        raise InvalidSolution(f"line {lineno}: not a macroxue line (DEAL:MOVES): {quote(text)}")
    if not (head.isascii() and head.isdigit()):
        raise InvalidSolution(f"line {lineno}: not a deal number: {quote(head)}")
    try:
        return check_deal_number(int(head) if len(head) <= 60 else 10**61)
    except FreecellError as e:
        raise InvalidSolution(f"line {lineno}: {e}") from None


def read_line(text: str, lineno: int) -> Solution:
    """One line, ``DEAL:MOVES``, as a Solution of deal ``DEAL`` (line ``lineno``
    of its file): each move of the line as written with our move for it, and the
    auto play's moves written out. A line that is no such line raises
    :class:`InvalidSolution` naming its line, its deal and its move.

    >>> read_line("5:1r9r", 7)
    Traceback (most recent call last):
      ...
    freecell_cli.errors.InvalidSolution: line 7: deal 5: move 2 "9r": not a move (from 1-8 or a-d; to 1-8, r from a column, or h)
    """
    number = line_deal(text, lineno)
    where = f"line {lineno}: deal {number}"
    body = text.strip().partition(":")[2]
    if len(body) > 2 * MAX_PAIRS:
        raise InvalidSolution(f"{where}: {len(body) // 2:,} moves, more than a line may hold ({MAX_PAIRS:,})")
    pairs = [body[i:i + 2] for i in range(0, len(body), 2)]
    for k, pair in enumerate(pairs, 1):
        if len(pair) == 1:
            raise InvalidSolution(f'{where}: move {k} "{escape(pair)}": a lone character (a move is two)')
        if not _well_formed(pair):
            raise InvalidSolution(f'{where}: move {k} "{escape(pair)}": not a move '
                                  "(from 1-8 or a-d; to 1-8, r from a column, or h)")
    first = _order(pairs)[0]
    read = _reading(deal(number), pairs, lineno)
    sol = Solution(format="macroxue", deal=number, variant="standard", cells=RESERVE, source_line=lineno)
    for step in read.steps:
        sol.add(step.token, step.line, step.move, step.automatic, step.refused)
    if not pairs:
        sol.reading = (f"line {lineno}: no moves: macroxue's files leave the line of a deal empty "
                       "when its solver found no solution")
    elif read.mode != first:
        sol.reading = (f"line {lineno}: read with {_WORDS[read.mode]}: with {_WORDS[first]} it does not "
                       f"{'replay to a won game' if read.won else 'replay'}")
    elif read.mode != "max":
        sol.reading = f"line {lineno}: read with {_WORDS[read.mode]}: the line sends cards home itself (h)"
    return sol


def _order(pairs: list[str]) -> list[str]:
    """The auto plays a line is read with, in turn: its ``-A`` writes no ``h``."""
    return [m for m in MODES if m != "max"] if any(p[1] == "h" for p in pairs) else list(MODES)


@dataclass
class _Read:
    """A line read with one auto play: its steps, whether they are all legal in
    its solver's rules, and whether they win."""

    mode: str
    steps: list[Step]
    replayed: bool
    won: bool


def _reading(start: Position, pairs: list[str], lineno: int) -> _Read:
    """The reading of a line: the first (:func:`_order`) that replays it to a won
    game, else the first that replays it, else the first."""
    first = legal = None
    for mode in _order(pairs):
        read = _translate(start, pairs, mode, lineno)
        if read.won:
            return read
        first = first or read
        legal = legal or (read if read.replayed else None)
    assert first is not None  # (every line has a reading)
    return legal or first


def _well_formed(pair: str) -> bool:
    src, dst = pair[0], pair[1]
    return src in _SOURCES and (dst in _COLUMNS or dst == "h" or dst == "r" and src in _COLUMNS)


def _translate(start: Position, pairs: list[str], mode: str, lineno: int) -> _Read:
    """The steps of ``pairs`` read with auto play ``mode``, and whether they
    replay to a won game. They stop at a move the solver's own rules refuse
    (a move ours refuse, unresolved; one we cannot even write, ``refused``)."""
    rule = _RULE[mode]
    allowed = home_rule(rule) if rule is not None else None
    position = start.copy()
    reserve: list[int] = []  # the free-cell slot of each card of its reserve, in its order
    steps: list[Step] = []

    def auto_play() -> None:
        if allowed is not None:
            steps.extend(Step(str(m), lineno, m, automatic=True)
                         for m in _auto_play(position, reserve, allowed))

    auto_play()
    for pair in pairs:
        move, why = _our_move(position, reserve, pair)
        if why is not None:
            steps.append(Step(pair, lineno, move, refused=why))
            return _Read(mode, steps, False, False)
        try:
            move = resolve(position, move, _THEIRS)
        except IllegalMove:
            steps.append(Step(pair, lineno, move))  # the variant it is checked under says why
            return _Read(mode, steps, False, False)
        _play(position, reserve, move)
        steps.append(Step(pair, lineno, move))
        auto_play()
    return _Read(mode, steps, True, position.is_won())


def _our_move(position: Position, reserve: list[int], pair: str) -> tuple[Move, str | None]:
    """Our move for ``pair`` (unresolved), and why it has none when it has not."""
    src_char, dst_char = pair[0], pair[1]
    why = None
    if src_char in _COLUMNS:
        src = Place(COLUMN, int(src_char) - 1)
    else:
        k = ord(src_char) - ord("a")
        if k >= len(reserve):
            held = f"holds {plural(len(reserve), 'card')}" if reserve else "is empty"
            why = f"the reserve {held}: {src_char} names no card"
        src = Place(CELL, reserve[k] if k < len(reserve) else k)
    if dst_char == "h":
        return Move(src, Place(FOUNDATION, -1), 1), why
    if dst_char == "r":
        if len(reserve) >= RESERVE:
            return Move(src, Place(CELL, 0), 1), f"the reserve is full ({RESERVE} cards): r has no room"
        return Move(src, Place(CELL, position.cells.index(None)), 1), why
    dst = Place(COLUMN, int(dst_char) - 1)
    if position.columns[dst.index] or src.kind == CELL or not position.columns[src.index]:
        return Move(src, dst), why
    # Into an empty column: the whole run, at most its solver's supermove.
    most = (position.free_cells + 1) << (position.empty_columns - 1)
    return Move(src, dst, min(position.run_length(src.index), most), True), why


def _play(position: Position, reserve: list[int], move: Move) -> None:
    """Play a resolved move, the reserve's list kept in step."""
    if move.source.kind == CELL:
        reserve.remove(move.source.index)
    apply(position, move)
    if move.dest.kind == CELL:
        reserve.append(move.dest.index)


def _auto_play(position: Position, reserve: list[int], allowed: Callable[[Position, Card], bool]) -> list[Move]:
    """Its AutoPlay: each card of the reserve in order (the one a card leaving
    shifts into its place waits for the next round), then the end of each column
    once, round and round until a round moves nothing."""
    made: list[Move] = []

    def home(place: Place, card: Card) -> bool:
        if position.foundations[card.suit_index] != card.rank - 1 or not allowed(position, card):
            return False
        move = Move(place, Place(FOUNDATION, card.suit_index), 1)
        _play(position, reserve, move)
        made.append(move)
        return True

    moved = True
    while moved:
        moved = False
        i = 0
        while i < len(reserve):
            slot = reserve[i]
            card = position.cells[slot]
            assert card is not None  # the list names the slots that hold cards
            moved |= home(Place(CELL, slot), card)
            i += 1
        for c, column in enumerate(position.columns):
            if column:
                moved |= home(Place(COLUMN, c), column[-1])
    return made


# -- writing ----------------------------------------------------------------------
def write_line(start: Position, moves: list[Move], variant: Variant | None = None) -> str:
    """Our moves as played from ``start`` (a deal's opening layout on the usual
    table; resolved, ``variant``'s automatic moves left out) as one line of
    macroxue's: its maximum auto play's if the moves can be said so, else its
    safe auto play's (with ``h``), else with none. Raises :class:`FreecellError`
    when they cannot be said in any (a run split into an empty column where its
    solver moves it whole, a card played on one its auto play sent home, a run
    longer than the textbook capacity its lines imply).

    >>> write_line(deal(617), [Move.parse("5a")])
    '617:5r'
    """
    if start.deal is None or start.game is not None or len(start.cells) != 4 or not is_opening(start):
        raise FreecellError("format macroxue writes a solution of a deal from its opening layout "
                            "(DEAL:MOVES) with 4 free cells, on FreeCell's table")
    if start.deal >= 1 << 31:
        raise FreecellError(f"format macroxue writes deals 1 to {(1 << 31) - 1:,} (its solver reads them as a C int), "
                            f"not {start.deal:,}")
    failures = []
    for mode in MODES:
        pairs, why = _write(start, moves, variant, mode)
        if why is None:
            # A line says no auto play: it is read with the first that replays it
            # (a won game first). Written with another, it would mean other moves.
            read = _reading(start, pairs, 1)
            if read.mode == mode or read.won and _wins(start, moves, variant):
                return f"{start.deal}:{''.join(pairs)}"
            why = f"these moves: the line would be read with {_WORDS[read.mode]}"
        failures.append(why)
    raise FreecellError(f"format macroxue cannot write {failures[-1]}; use format file or snx")


def _wins(start: Position, moves: list[Move], variant: Variant | None) -> bool:
    p = start.copy()
    for move in moves:
        apply(p, move)
        if variant is not None:
            automatic_moves(p, variant)
    return p.is_won()


def _write(start: Position, moves: list[Move], variant: Variant | None, mode: str) -> tuple[list[str], str | None]:
    """The pairs of ``moves`` under auto play ``mode``, or why they cannot be.

    Its game (``theirs``) runs ahead of ours only by cards its auto play sent
    home: each of its columns is the start of ours, its reserve our free cells
    less those cards. A move of cards all home there is none; one onto a card
    home there, or into an empty column with another count than its own, cannot
    be written."""
    rule = _RULE[mode]
    allowed = home_rule(rule) if rule is not None else None
    ours, theirs = start.copy(), start.copy()
    reserve: list[int] = []
    pairs: list[str] = []
    if allowed is not None:
        _auto_play(theirs, reserve, allowed)
    for i, move in enumerate(moves, 1):
        src, dst, n = move.source, move.dest, move.count or 1
        card = ours.cells[src.index] if src.kind == CELL else None
        if card is None:
            home = min(n, len(ours.columns[src.index]) - len(theirs.columns[src.index]))
        else:
            home = 0 if card in theirs.cells else 1
        if dst.kind == COLUMN and theirs.columns[dst.index] != ours.columns[dst.index] and home < n:
            return pairs, f"move {i} ({move}): its auto play sent home the card it goes onto"
        apply(ours, move)
        if variant is not None:
            automatic_moves(ours, variant)
        if home == n:
            continue  # home there already
        if dst.kind == FOUNDATION and mode == "max":
            return pairs, f"move {i} ({move}): its maximum auto play sends cards home itself"
        if card is None:
            there, letter = src, str(src.index + 1)
        else:
            k = reserve.index(theirs.cells.index(card))
            there, letter = Place(CELL, reserve[k]), "abcd"[k]
        if dst.kind == FOUNDATION:
            theirs_move, to = Move(there, Place(FOUNDATION, -1), 1), "h"
        elif dst.kind == CELL:
            theirs_move, to = Move(there, Place(CELL, theirs.cells.index(None)), 1), "r"
        else:
            theirs_move, to = Move(there, dst, n - home, move.to_empty), str(dst.index + 1)
            if move.to_empty and src.kind == COLUMN:
                most = (theirs.free_cells + 1) << (theirs.empty_columns - 1)
                whole = min(theirs.run_length(src.index), most)
                if whole != n - home:
                    return pairs, (f"move {i} ({move}): its solver moves {plural(whole, 'card')} "
                                   f"into the empty column, not {n - home}")
            elif n - home > (most := (theirs.free_cells + 1) << theirs.empty_columns):
                # (its rules are the textbook's: a line its solver never plays would fail to verify)
                return pairs, (f"move {i} ({move}): {n - home} cards, more than its solver moves at once "
                               f"({most}: the rules of its lines are standard's)")
        try:
            _play(theirs, reserve, resolve(theirs, theirs_move, _THEIRS))
        except IllegalMove as e:  # (a move that was not legal in ours either)
            return pairs, f"move {i} ({move}): {e}"
        pairs.append(letter + to)
        if allowed is not None:
            _auto_play(theirs, reserve, allowed)
    return pairs, None


__all__ = ["MAX_PAIRS", "MODES", "line_deal", "read_line", "write_line"]
