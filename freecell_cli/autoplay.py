"""Moves to the foundations made for the player.

* ``collect`` — the site's auto-collect: greedily sends every card that can go,
  even one still needed as a landing spot; never rearranges columns.
* ``safe`` — the Windows rule: an ace always; a 2 once its ace is home; a card of
  rank r ≥ 3 once its own suit is at r−1 and both foundations of the opposite
  colour are at r−1 or more. Where columns build by suit (Baker's Game and its
  kin) every card that can go home is safe: the one card that could go on it,
  its suit's next lower, is home already.

>>> from freecell_cli import parse_position
>>> p = parse_position("----:QQQJ:KC/KD/KH/KSQS")
>>> [str(m) for m in autoplay(p.copy(), "collect")]
['4h', '1h', '2h', '3h', '4h']
>>> can_autocomplete(p)
True
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Card
from .errors import FreecellError
from .games import game_of
from .moves import CELL, COLUMN, FOUNDATION, EmptyColumnMode, Move, Place, apply, resolve
from .position import Position
from .variants import Variant

MODES = ("collect", "safe")


def _always(position: Position, card: Card) -> bool:
    return True


def _safe(position: Position, card: Card) -> bool:
    # The rule of solvers.state.is_safe on a Position, asked of the next card of
    # its suit (tests/test_state.py compares the two on every card and foundation).
    if card.rank <= 2 or position.game is not None and game_of(position).build == "suit":
        return True
    f = position.foundations
    opposite = (1, 2) if not card.is_red else (0, 3)  # D,H for black; C,S for red
    return all(f[i] >= card.rank - 1 for i in opposite)


_RULES: dict[str, Callable[[Position, Card], bool]] = {"collect": _always, "safe": _safe}


def home_rule(mode: str) -> Callable[[Position, Card], bool]:
    """Whether ``mode`` lets a card go home by itself, asked of a card whose
    foundation takes it: ``collect``, every such card; ``safe``, the Windows rule.
    Another program's auto play in another order asks the same rule (a macroxue
    solution's reader, :mod:`freecell_cli.solutions.macroxue`).

    >>> from freecell_cli import deal
    >>> from freecell_cli.cards import Card
    >>> home_rule("collect")(deal(1), Card.parse("5H")), home_rule("safe")(deal(1), Card.parse("5H"))
    (True, False)
    """
    allowed = _RULES.get(mode) if isinstance(mode, str) else None
    if allowed is None:
        raise FreecellError(f"unknown autoplay mode {str(mode)[:40]!r} (choose from {', '.join(MODES)})")
    return allowed


def _next_home(position: Position, allowed: Callable[[Position, Card], bool]) -> Move | None:
    """The lowest card that may go home now (free cells before columns on ties)."""
    best: tuple[int, Move] | None = None
    spots = [(Place(CELL, i), c) for i, c in enumerate(position.cells) if c is not None]
    spots += [(Place(COLUMN, i), col[-1]) for i, col in enumerate(position.columns) if col]
    for place, card in spots:
        if position.foundations[card.suit_index] == card.rank - 1 and allowed(position, card):
            if best is None or card.rank < best[0]:
                best = (card.rank, Move(place, Place(FOUNDATION, card.suit_index), 1))
    return best[1] if best else None


def autoplay(position: Position, mode: str = "collect") -> list[Move]:
    """Send cards home in place under ``mode``; return the moves made, in order.

    >>> from freecell_cli import parse_position
    >>> p = parse_position("----:Q9JJ:KC/KDQDJD/TDKHQH/KSQS")
    >>> [str(m) for m in autoplay(p.copy(), "safe")]
    ['3h']
    >>> len(autoplay(p, "collect")), p.is_won()
    (9, True)
    """
    allowed = home_rule(mode)
    made: list[Move] = []
    while (move := _next_home(position, allowed)) is not None:
        apply(position, move)
        made.append(move)
    return made


def can_autocomplete(position: Position) -> bool:
    """True when the rest of the game can be won by sending cards home directly
    from column ends and free cells (nothing else moved).

    >>> from freecell_cli import deal
    >>> can_autocomplete(deal(1))
    False
    """
    p = position.copy()
    autoplay(p, "collect")
    return p.is_won()


def automatic_moves(position: Position, variant: Variant) -> list[Move]:
    """The moves ``variant`` makes by itself after every move (``Variant.automatic``).
    They are played on ``position``.

    >>> from freecell_cli import deal, find_variant
    >>> automatic_moves(deal(1), find_variant("site")), automatic_moves(deal(1), find_variant("windows"))
    ([], [])
    """
    if variant.automatic is None:
        return []
    return autoplay(position, variant.automatic)


def play_move(
    position: Position, move: Move, variant: Variant, empty_column: EmptyColumnMode = "one"
) -> list[Move]:
    """Check and play ``move`` under ``variant``, then the variant's automatic
    moves. Returns every move made (the resolved move first); raises
    :class:`~freecell_cli.errors.IllegalMove` leaving the position unchanged.

    >>> from freecell_cli import deal, find_variant
    >>> p = deal(1)
    >>> [str(m) for m in play_move(p, Move.parse("1a"), find_variant("windows"))]
    ['1a']
    """
    resolved = resolve(position, move, variant, empty_column)
    apply(position, resolved)
    return [resolved, *automatic_moves(position, variant)]
