"""freecell_cli — FreeCell deals, positions, rules and solutions.

>>> from freecell_cli import deal, find_variant, Move, resolve, apply, format_position
>>> p = deal(617)
>>> site = find_variant("site")
>>> for text in ["5a", "82"]:
...     apply(p, resolve(p, Move.parse(text), site))
>>> format_position(p)[:20]
'JC---:0000:7DTDTHKD4'
>>> len(legal_moves(p, site))
10
"""

from .autoplay import autoplay, automatic_moves, can_autocomplete
from .cards import Card
from .deals import UNSOLVABLE, daily_number, deal, is_unsolvable, random_number
from .errors import (
    FreecellError,
    IllegalMove,
    InvalidCard,
    InvalidDeal,
    InvalidMove,
    InvalidPosition,
    InvalidSolution,
)
from .formats import format_position, parse_position
from .moves import Move, Place, apply, can_move, legal_moves, parse_moves, resolve, undo
from .position import Position
from .variants import VARIANTS, Variant, find_variant

__version__ = "0.1.0"

__all__ = [
    "UNSOLVABLE",
    "VARIANTS",
    "Card",
    "FreecellError",
    "IllegalMove",
    "InvalidCard",
    "InvalidDeal",
    "InvalidMove",
    "InvalidPosition",
    "InvalidSolution",
    "Move",
    "Place",
    "Position",
    "Variant",
    "apply",
    "autoplay",
    "automatic_moves",
    "can_autocomplete",
    "can_move",
    "daily_number",
    "deal",
    "find_variant",
    "format_position",
    "is_unsolvable",
    "legal_moves",
    "parse_moves",
    "parse_position",
    "random_number",
    "resolve",
    "undo",
]
